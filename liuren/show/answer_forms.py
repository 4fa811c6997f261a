"""The forms of an answer with many places, read: the four lessons and the three transmissions in
every way a learner writes them (see :func:`liuren.show.check.check`), and the small readers the other
parts share ("?" for a place left open, a bounded :class:`~liuren.ParseError` for anything else).

>>> parse_transmission_cells("父癸卯常 財丙申合 子○丑陰")[2]
TransmissionAnswer(branch=1, general='太陰', kin='子孫', stem='', void=True)
>>> parse_lessons("戌卯?午")
((10, None), (3, None), (None, None), (6, None))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from ..cycle import BRANCH_CHARS, BRANCH_LOOKUP, GENERAL_LOOKUP, KIN, STEM_CHARS, normalize
from ..errors import ParseError, quote
from ..grading import ITEM_SEPARATORS as ITEM_SEPARATORS  # how an answer's places and items are separated
from ..grading import SEPARATORS as SEPARATORS

UNKNOWN = frozenset("?？_")
"""Characters a learner writes for a place left open (not checked)."""
LESSONS_ACCEPTED = (
    "accepted: the four uppers in lesson order 1→4 such as '戌卯丑午' ('?' for one you leave open), "
    "four (upper, lower) pairs such as '戌/丙 卯/戌 丑/申 午/丑', each optionally with its general ('戌/丙蛇'), "
    "or the book's three rows read right to left ('龍陰常蛇', '午丑卯戌', '丑申戌丙')"
)
TRANSMISSIONS_ACCEPTED = (
    "accepted: the branches 初中末 such as '卯申丑' ('?' leaves one open), each optionally with its general "
    "('卯常申合丑陰'), or each 傳 as printed: 六親 遁干 branch general ('父癸卯常 財丙申合 子辛丑陰'; a void one "
    "with 空/○ for its 遁干, or ◎ after it), as a string or a sequence of three"
)

MAX_ANSWER = 200
"""No answer written as a string is longer (a whole chart's cells take about 60 characters)."""


def _chars(value: str) -> list[str]:
    return [c for c in normalize(value) if not c.isspace() and c not in SEPARATORS]


def _items(value: str) -> list[str]:
    """The items of a string answer split at white space and commas (empty ones dropped)."""
    return [x for x in ITEM_SEPARATORS.split(normalize(value)) if x]


def only_marks(value: object) -> bool:
    """Whether an answer is text holding nothing but the "?" of a place left open (and spaces or
    separators), however many: the whole box is left open, whatever it asks ("?" and "???" alike)."""
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_ANSWER:
        return False
    return all(c in UNKNOWN or c.isspace() or c in SEPARATORS for c in normalize(value))


def _text(value: str, what: str, accepted: str) -> str:
    """A string answer, refused when it is longer than any answer."""
    if len(value) > MAX_ANSWER:
        raise ParseError(f"{what} is longer than any answer; {accepted}")
    return value


BRANCH_INDEX = {b: i for i, b in enumerate(BRANCH_CHARS)}
"""The ordinal of each branch character (the fast path of an answer already written in traditional characters)."""


def _branch_or_open(c: object, what: str, accepted: str) -> int | None:
    if type(c) is str:
        if c in UNKNOWN:
            return None
        known = BRANCH_INDEX.get(c)
        if known is not None:
            return known
    found = BRANCH_LOOKUP.get(normalize(c)) if isinstance(c, str) else None
    if found is None or len(normalize(c)) != 1:  # type: ignore[arg-type]
        raise ParseError(f"{what}: {quote(c)} is not a branch; {accepted}")
    return found.ordinal


def _general_or_open(name: object, what: str, accepted: str) -> str | None:
    text = normalize(name) if isinstance(name, str) else None
    if text is not None and (text in UNKNOWN or text == ""):
        return None
    general = GENERAL_LOOKUP.get(text) if text is not None else None
    if general is None:
        raise ParseError(f"{what}: {quote(name)} is not a general; {accepted}")
    return str(general)


class LessonAnswer(NamedTuple):
    """One lesson as answered: the upper's ordinal, the lower's character and the general's name
    (None where left open or not written)."""

    upper: int | None
    lower: str | None
    general: str | None


def parse_lesson_cells(value: object) -> tuple[LessonAnswer, ...]:
    """Four lessons with every cell a learner writes: upper, lower, general (None when left open)."""
    what = f"lessons={quote(value)}"
    items: list[Any]
    if isinstance(value, str):
        _text(value, what, LESSONS_ACCEPTED)
        rows = [r for r in value.splitlines() if r.strip()]
        if len(rows) == 3 and all(len(_chars(r)) == 4 for r in rows):
            return _lesson_rows([_chars(r) for r in rows], what)
        parts = _items(value)
        if len(parts) == 4:  # one item per lesson: 戌/丙蛇 卯/戌常 …
            items = parts
        else:
            items = _chars(value)
            if len(items) == 8:  # upper and lower of each lesson written together: 戌丙卯戌丑申午丑
                items = [items[i] + items[i + 1] for i in range(0, 8, 2)]
    elif isinstance(value, Sequence) or (isinstance(value, Iterable) and not isinstance(value, (bytes, dict))):
        items = list(value)
        if len(items) == 3 and all(isinstance(r, str) and len(_chars(r)) == 4 for r in items):
            return _lesson_rows([_chars(r) for r in items], what)
    else:
        raise ParseError(f"{what} is not understood; {LESSONS_ACCEPTED}")
    if len(items) != 4:
        raise ParseError(f"{what} has {len(items)} lessons; {LESSONS_ACCEPTED}")
    out: list[LessonAnswer] = []
    for item in items:
        if isinstance(item, str) and len(_chars(item)) >= 2:
            chars = _chars(item)
            item = (chars[0], chars[1]) if len(chars) == 2 else (chars[0], chars[1], "".join(chars[2:]))
        if isinstance(item, str):
            out.append(LessonAnswer(_branch_or_open(item, what, LESSONS_ACCEPTED), None, None))
        elif isinstance(item, (tuple, list)) and len(item) in (2, 3) and all(isinstance(x, str) for x in item):
            out.append(_lesson(item, what))
        else:
            raise ParseError(f"{what}: {quote(item)} is not a lesson; {LESSONS_ACCEPTED}")
    return tuple(out)


def _lesson(item: Sequence[str], what: str) -> LessonAnswer:
    upper = _branch_or_open(item[0], what, LESSONS_ACCEPTED)
    lower = normalize(item[1])
    if not (lower in UNKNOWN or (len(lower) == 1 and (lower in STEM_CHARS or lower in BRANCH_CHARS))):
        raise ParseError(
            f"{what}: {quote(item[1])} is not a lower (a stem for lesson 1, a branch after); {LESSONS_ACCEPTED}"
        )
    general = _general_or_open(item[2], what, LESSONS_ACCEPTED) if len(item) == 3 else None
    return LessonAnswer(upper, None if lower in UNKNOWN else lower, general)


def _lesson_rows(rows: list[list[str]], what: str) -> tuple[LessonAnswer, ...]:
    """The book's three rows (generals, uppers, lowers), each read right to left: lesson 1 is on the right."""
    generals, uppers, lowers = rows
    return tuple(_lesson((uppers[3 - i], lowers[3 - i], generals[3 - i]), what) for i in range(4))


def parse_lessons(value: object) -> tuple[tuple[int | None, str | None], ...]:
    """Four lessons: (upper ordinal or None when left open, lower character or None when not given)."""
    return tuple((x.upper, x.lower) for x in parse_lesson_cells(value))


class TransmissionAnswer(NamedTuple):
    """One 傳 as answered (None where left open or not written): the branch's ordinal, the general's
    name, the 六親, the 遁干 ("" for none: a void mark in its place) and the void mark (True: marked
    void, False: a 遁干 written without a void mark)."""

    branch: int | None
    general: str | None
    kin: str | None = None
    stem: str | None = None
    void: bool | None = None


KIN_WORDS = {
    **{k: k for k in KIN},
    **{k[0]: k for k in KIN},
    "孫": "子孫",
    "妻": "妻財",
    "財": "妻財",
    "鬼": "官鬼",
}
"""How a learner writes each 六親: its name (父母) or one character of it as the book prints it (父)."""
VOID_MARKS = "空○〇◯◎"
"""Marks of a void (旬空) 傳: 空 or a circle, in the 遁干's place or after the 傳 (``str(chart)`` prints ◎ after it)."""


def _alternatives(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


_OPEN = "[?？_]"
_ONE = (
    f"(?P<kin{{i}}>{_alternatives(KIN_WORDS)}|{_OPEN})?"
    f"(?P<stem{{i}}>[{STEM_CHARS}{VOID_MARKS}]|{_OPEN})?"
    f"(?P<branch{{i}}>[{BRANCH_CHARS}]|{_OPEN})"
    f"(?P<general{{i}}>{_alternatives(GENERAL_LOOKUP)}|{_OPEN})?"
    f"(?P<void{{i}}>[{VOID_MARKS}])?"
)
ONE_TRANSMISSION = re.compile(_ONE.format(i=0))
"""One 傳 as the book prints it: 六親, 遁干 (or a void mark), branch, general, each but the branch optional."""
THREE_TRANSMISSIONS = re.compile("".join(_ONE.format(i=i) for i in range(3)))
"""Three of them written together."""


def _transmission(m: re.Match[str], i: int) -> TransmissionAnswer:
    def group(name: str) -> str | None:
        found = m.group(f"{name}{i}")
        return None if found is None or found in UNKNOWN else found

    branch, general, kin, stem, mark = (group(n) for n in ("branch", "general", "kin", "stem", "void"))
    void: bool | None = None
    if stem is not None:
        void = stem in VOID_MARKS or mark is not None
        stem = "" if stem in VOID_MARKS else stem
    elif mark is not None:
        void = True
    return TransmissionAnswer(
        None if branch is None else BRANCH_CHARS.index(branch),
        None if general is None else str(GENERAL_LOOKUP[general]),
        None if kin is None else KIN_WORDS[kin],
        stem,
        void,
    )


def _pairs(chars: list[str], what: str) -> list[TransmissionAnswer]:
    """Three (branch, general) pairs written together: 卯常申合丑陰."""
    return [
        TransmissionAnswer(
            _branch_or_open(chars[i], what, TRANSMISSIONS_ACCEPTED),
            _general_or_open(chars[i + 1], what, TRANSMISSIONS_ACCEPTED),
        )
        for i in range(0, 6, 2)
    ]


def parse_transmission_cells(value: object) -> tuple[TransmissionAnswer, ...]:
    """Three transmissions with every cell a learner writes (see :class:`TransmissionAnswer`)."""
    what = f"transmissions={quote(value)}"
    if isinstance(value, str):
        _text(value, what, TRANSMISSIONS_ACCEPTED)
        lines = [x for x in value.splitlines() if x.strip()]  # as str(chart) prints them, 　 for a void 遁干
        parts = lines if len(lines) == 3 else _items(value)
        if len(parts) == 3:  # one item per 傳: 父癸卯常 財丙申合 子辛丑陰
            return tuple(_one_transmission(x, what) for x in parts)
        chars = _chars(value)
        if len(chars) == 3:
            return tuple(
                TransmissionAnswer(_branch_or_open(x, what, TRANSMISSIONS_ACCEPTED), None)
                if x in BRANCH_INDEX or x in UNKNOWN
                else _one_transmission(x, what)
                for x in chars
            )
        whole = THREE_TRANSMISSIONS.fullmatch("".join(chars))
        if len(chars) == 6:
            try:
                return tuple(_pairs(chars, what))
            except ParseError:
                if whole is None:
                    raise
        if whole is not None:
            return tuple(_transmission(whole, i) for i in range(3))
        if all(c in BRANCH_CHARS or c in UNKNOWN for c in chars):
            raise ParseError(f"{what} has {len(chars)} transmissions; {TRANSMISSIONS_ACCEPTED}")
        _misplaced_void("".join(chars), what, THREE_TRANSMISSIONS)
        if len(parts) > 1 and all(ONE_TRANSMISSION.fullmatch("".join(_chars(x))) for x in parts):
            raise ParseError(f"{what} has {len(parts)} transmissions; {TRANSMISSIONS_ACCEPTED}")
        raise ParseError(f"{what} is not three transmissions; {TRANSMISSIONS_ACCEPTED}")
    if isinstance(value, Sequence) or (isinstance(value, Iterable) and not isinstance(value, (bytes, dict))):
        items = list(value)
    else:
        raise ParseError(f"{what} is not understood; {TRANSMISSIONS_ACCEPTED}")
    if len(items) != 3:
        raise ParseError(f"{what} has {len(items)} transmissions; {TRANSMISSIONS_ACCEPTED}")
    out: list[TransmissionAnswer] = []
    for item in items:
        if isinstance(item, str):
            out.append(_one_transmission(item, what))
        elif isinstance(item, (tuple, list)) and len(item) == 2 and all(isinstance(x, str) for x in item):
            branch = _branch_or_open(item[0], what, TRANSMISSIONS_ACCEPTED)
            out.append(TransmissionAnswer(branch, _general_or_open(item[1], what, TRANSMISSIONS_ACCEPTED)))
        else:
            raise ParseError(f"{what}: {quote(item)} is not a transmission; {TRANSMISSIONS_ACCEPTED}")
    return tuple(out)


VOID_PLACES = (
    "a void 傳's mark goes after its general ('父亥勾◎', as the chart prints it) or in its 遁干's place ('父空亥勾')"
)
"""Where a void mark may stand (what the message on a misplaced one says)."""


def _misplaced_void(text: str, what: str, pattern: re.Pattern[str]) -> None:
    """Raise a ParseError naming a void mark out of place, when ``text`` reads once its marks are taken out."""
    marks = [c for c in text if c in VOID_MARKS]
    bare = "".join(c for c in text if c not in VOID_MARKS)
    if marks and bare and pattern.fullmatch(bare):
        raise ParseError(f"{what}: the void mark {marks[0]} in {quote(text)} stands out of place; {VOID_PLACES}")


def _one_transmission(item: str, what: str) -> TransmissionAnswer:
    chars = _chars(item)
    found = ONE_TRANSMISSION.fullmatch("".join(chars))
    if found is not None:
        return _transmission(found, 0)
    _misplaced_void("".join(chars), what, ONE_TRANSMISSION)
    if len(chars) >= 2 and (chars[0] in BRANCH_CHARS or chars[0] in UNKNOWN):
        _general_or_open("".join(chars[1:]), what, TRANSMISSIONS_ACCEPTED)  # raises: "… is not a general"
    if len(chars) == 1:
        _branch_or_open(chars[0], what, TRANSMISSIONS_ACCEPTED)  # raises: "… is not a branch"
    raise ParseError(f"{what}: {quote(item)} is not a transmission; {TRANSMISSIONS_ACCEPTED}")


def parse_transmissions(value: object) -> tuple[tuple[int | None, str | None], ...]:
    """Three transmissions: (branch ordinal or None when left open, general name or None)."""
    return tuple((x.branch, x.general) for x in parse_transmission_cells(value))
