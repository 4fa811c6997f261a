"""Check a learner's own chart, cell by cell: every cell a learner writes when casting a chart by hand.

:func:`check` takes each part of an answer in the form a learner writes it and says whether it is
right; when it is not, ``first_error`` is the key of the first step of :meth:`liuren.Chart.steps`
the answer gets wrong, ``cell`` the stable key of the first wrong cell, and ``message`` names the
rule missed (in Chinese, Korean or English) without giving the answer away — ``reveal=True`` adds
it. When the answer is right under another school (a preset, or one School option changed),
``other_school`` names it and ``note`` says so ("This answer is right under 探原 (shehai='depth')."),
so a practice session can give it half credit; ``str(result)`` is the message and the note.

The cells and their keys, in the order they are judged (by the step of :meth:`liuren.Chart.steps`
each belongs to, named after the arrow, then in this order within a step):

- ``day``, ``month``, ``hour``, ``general`` — the chart's inputs found from a date and a time: the day
  pillar (日辰), the 月建 (judged only on a chart cast with one), the 占時 and the 月將 → a key of their
  own (the cell's), before every step
- ``offset`` — the plate offset d → ``plate``
- ``plate.子`` … ``plate.亥`` — the heaven branch over that earth square → ``plate``
- ``lesson-N.upper``, ``lesson-N.lower`` — lesson N's upper and lower (N = 1 … 4) → ``lesson-N``
- ``noble.day-night``, ``noble.branch``, ``noble.direction`` — 晝貴 or 夜貴, the 貴人's heaven
  branch, 順 or 逆 → ``generals``
- ``lesson-N.general`` — the general over lesson N → ``generals``
- ``initial.branch``, ``middle.branch``, ``final.branch`` — each 傳's branch → the ``gate-…`` step
  where a wrong 初傳 drops out of the candidates (else ``initial``), ``middle``, ``final``
- ``initial.general`` … — the general each 傳 rides → ``generals``
- ``initial.kin``, ``initial.void``, ``initial.hidden-stem`` … — each 傳's 六親, 旬空 mark and 遁干
  → ``relations``
- ``void`` — the day's two 旬空 branches (in either order) → ``relations``
- ``method`` — the method (九宗門) → the ``gate-…`` step the wrong method goes wrong at
- ``subname`` — the lesson type (課體) within the right method → ``method``
- ``pattern.NAME`` — a named pattern (格局, the labels the patterns module names; not a 課體) that holds
  and is missing, or is named and does not hold → ``patterns``

A wrong answer at the 比用 gate also names the candidates 比用 weighed and, when several or none
share the day's yin-yang, those that remain and go on to 涉害 (the 初 itself is not named).

>>> from liuren import Chart
>>> c = Chart("丙申", "午", "亥")
>>> check(c, offset=5, lessons="戌卯丑午", transmissions="卯申丑", method="元首").ok
True
>>> r = check(c, transmissions="申卯丑", lang="en")
>>> r.ok, r.first_error, r.cell
(False, 'gate-zeike', 'initial.branch')
>>> check(c, transmissions=["父癸卯常", "財丙申合", "子辛丑陰"], noble="亥晝逆", patterns="殃咎 內戰 日干乘墓").ok
True
>>> check(c, transmissions="父癸卯常 財丙申合 子○丑陰", lang="en").cell
'final.void'
>>> check(c, lessons="戌卯丑", lang="en")
Traceback (most recent call last):
...
liuren.errors.ParseError: lessons='戌卯丑' has 3 lessons; accepted: the four uppers in lesson order 1→4 such as '戌卯丑午' ('?' for one you leave open), four (upper, lower) pairs such as '戌/丙 卯/戌 丑/申 午/丑', each optionally with its general ('戌/丙蛇'), or the book's three rows read right to left ('龍陰常蛇', '午丑卯戌', '丑申戌丙')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from html import escape
from typing import TYPE_CHECKING, Any, NamedTuple

from ..cycle import (
    BRANCH_CHARS,
    BRANCH_LOOKUP,
    GENERAL_LOOKUP,
    JIGONG,
    KIN,
    PILLARS,
    STEM_CHARS,
    STEM_ELEMENT,
    normalize,
    parse_hour,
    parse_month,
    parse_month_general,
    parse_pillar,
    xun_branch,
)
from ..errors import ParseError, quote
from ..records import FAMILY_OF, BiyongFilter, BiyongOne, Record
from ..school import (
    CHOICES,
    GOVERNS,
    NOBLE_LABEL,
    OPTION_NAMES,
    PRESET_NAMES,
    PRESETS,
    SWITCHES,
    School,
    options_changing,
)
from ..transmissions import LESSON_TYPE_ALIASES, LESSON_TYPES, Method
from .gates import chain_rule, gate_records
from .i18n import branch_term, branches_term, check_lang, element_term, render, stem_term, term, zh_number
from .text import KIN_SHORT
from .words.check import CHECK

if TYPE_CHECKING:
    from ..chart import Chart

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
METHOD_ACCEPTED = (
    "accepted: a method (" + " ".join(m.value for m in Method) + ") or a lesson type (" + " ".join(LESSON_TYPES) + "), "
    "or both ('賊克 元首')"
)
PLATE_ACCEPTED = (
    "accepted: a mapping {earth square: heaven branch over it} such as {'子': '巳'} ('?' for one left open)"
)
NOBLE_ACCEPTED = (
    "accepted: any of the noble's branch, 晝/夜 and 順/逆 written together such as '酉晝逆' (貴 after 晝/夜 and "
    "行 after 順/逆 may be written), or a mapping with the keys 'branch', 'day_night' ('晝'/'夜' or 'day'/'night') "
    "and 'direction' ('順'/'逆')"
)
PATTERNS_ACCEPTED = (
    "accepted: the names of the patterns that hold, as a list such as ['殃咎', '內戰'] or one string separated by "
    "spaces or 、 (liuren.patterns.BY_NAME has every name), or [] when none holds"
)
GATE_OF: dict[str, Method] = FAMILY_OF
"""The gate family (the method whose gates give it) of each method and lesson type, read off the
record types of :mod:`liuren.records` (涉害's sub-gates are of the 涉害 family)."""
WHICH = ("initial", "middle", "final")
"""The key of each 傳 in a cell key ("initial.kin")."""
INPUTS = ("day", "month", "hour", "general")
"""The chart's inputs a learner finds from a date and a time, in the order :func:`check` judges them
(each cell's key is the part's name); they come before the plate."""


# ---------------------------------------------------------------- the answer forms
FULL_WIDTH_DIGITS = {0xFF10 + n: str(n) for n in range(10)}
"""０–９ read as 0–9 in a typed offset."""


def parse_offset(value: object) -> int:
    """A plate offset: an int 0–11 (or its digits as text, full-width ５ too)."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ParseError(f"offset={quote(value)} is not a plate offset; accepted: a whole number 0–11 such as 5")
    if isinstance(value, str):
        text = normalize(value).translate(FULL_WIDTH_DIGITS)  # ５ → 5, as a learner's IME may type it
        if not text.isdigit() or not text.isascii():
            raise ParseError(f"offset={quote(value)} is not a plate offset; accepted: a whole number 0–11 such as 5")
        digits = text.lstrip("0") or "0"
        if len(digits) > 2:  # out of range however long (int() itself refuses 4,301 digits)
            raise ParseError(
                f"offset={quote(value)} is out of range; accepted: a whole number 0–11 (d = 月將 − 占時 mod 12)"
            )
        value = int(digits)
    if not 0 <= value <= 11:
        raise ParseError(
            f"offset={quote(value)} is out of range; accepted: a whole number 0–11 (d = 月將 − 占時 mod 12)"
        )
    return value


SEPARATORS = ",、，/·"
"""Characters between the places of an answer that are not part of it (with white space)."""
ITEM_SEPARATORS = re.compile(r"[\s,、，;；]+")
"""What separates the items of an answer written as one string (a lesson, a 傳, a pattern name)."""
MAX_ANSWER = 200
"""No answer written as a string is longer (a whole chart's cells take about 60 characters)."""


def _chars(value: str) -> list[str]:
    return [c for c in normalize(value) if not c.isspace() and c not in SEPARATORS]


def _items(value: str) -> list[str]:
    """The items of a string answer split at white space and commas (empty ones dropped)."""
    return [x for x in ITEM_SEPARATORS.split(normalize(value)) if x]


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


def parse_method(value: object) -> str:
    """A method (賊克 …) or a lesson type (元首 …), traditional."""
    text = normalize(value) if isinstance(value, str) and len(value) <= MAX_ANSWER else None
    text = LESSON_TYPE_ALIASES.get(text, text) if text is not None else None  # 獨足, the tables' name for 獨腳
    if text is not None and text.endswith("課") and text[:-1] in GATE_OF:
        text = text[:-1]  # 元首課 as the chapters title it
    if text is None or text not in GATE_OF:
        raise ParseError(f"method={quote(value)} is not a method or lesson type; {METHOD_ACCEPTED}")
    return text


METHODS = frozenset(m.value for m in Method)


def parse_method_answer(value: object) -> tuple[str, str | None]:
    """(a method or lesson type, the lesson type when a method and its lesson type are both written:
    "賊克 元首", "賊克·元首" or "賊克元首")."""
    if not isinstance(value, str) or len(value) > MAX_ANSWER:
        return parse_method(value), None
    chars = _chars(value)
    whole = "".join(chars)
    try:
        return parse_method(whole), None
    except ParseError:
        pass
    for cut in range(2, len(whole) - 1):
        head, tail = whole[:cut], whole[cut:]
        try:
            first, second = parse_method(head), parse_method(tail)
        except ParseError:
            continue
        if first in METHODS and second in LESSON_TYPES:
            return first, second
        if second in METHODS and first in LESSON_TYPES:
            return second, first
    raise ParseError(f"method={quote(value)} is not a method or lesson type; {METHOD_ACCEPTED}")


def parse_plate(value: object) -> dict[int, int | None]:
    """Plate squares: {earth ordinal: heaven ordinal, or None when left open}."""
    what = f"plate={quote(value)}"
    if not isinstance(value, Mapping):
        raise ParseError(f"{what} is not understood; {PLATE_ACCEPTED}")
    if len(value) > 12:
        raise ParseError(f"{what} has {len(value)} squares, more than the twelve; {PLATE_ACCEPTED}")
    out: dict[int, int | None] = {}
    for earth, heaven in value.items():
        text = normalize(earth).strip() if isinstance(earth, str) and len(earth) <= 4 else ""
        square = BRANCH_INDEX.get(text)
        if square is None:
            raise ParseError(f"plate: {quote(earth)} is not an earth square (a branch 子 … 亥); {PLATE_ACCEPTED}")
        if square in out:
            raise ParseError(f"plate: the square {text} is given twice; {PLATE_ACCEPTED}")
        out[square] = _branch_or_open(heaven, f"plate[{text!r}]", PLATE_ACCEPTED)
    return out


class NobleAnswer(NamedTuple):
    """The noble as answered (None where not written): its heaven branch's ordinal, 晝 (True) or 夜,
    順 (True) or 逆."""

    branch: int | None
    day: bool | None
    forward: bool | None


DAY_WORDS = {"晝": True, "昼": True, "夜": False, "day": True, "night": False}
DIRECTION_WORDS = {"順": True, "顺": True, "逆": False, "forward": True, "backward": False}
NOBLE_PARTS = ("branch", "day_night", "direction")


def parse_noble_answer(value: object) -> NobleAnswer:
    """The noble's branch, 晝/夜 and 順/逆, written together ("酉晝逆") or as a mapping of those parts."""
    what = f"noble={quote(value)}"
    if isinstance(value, Mapping):
        unknown = [k for k in value if k not in NOBLE_PARTS]
        if unknown:
            raise ParseError(f"noble: {quote(unknown[0])} is not a part of the noble; {NOBLE_ACCEPTED}")
        branch = value.get("branch")
        day, direction = value.get("day_night"), value.get("direction")
        return NobleAnswer(
            None if branch is None else _branch_or_open(branch, what, NOBLE_ACCEPTED),
            None if day is None else _word(day, DAY_WORDS, what),
            None if direction is None else _word(direction, DIRECTION_WORDS, what),
        )
    if not isinstance(value, str) or len(value) > MAX_ANSWER:
        raise ParseError(f"{what} is not understood; {NOBLE_ACCEPTED}")
    found: dict[str, Any] = {}
    text = normalize(value).strip().lower()
    if text in DAY_WORDS or text in DIRECTION_WORDS:
        chars = [text]
    else:
        chars = [c for c in _chars(value) if c not in UNKNOWN]
    previous = ""
    for c in chars:
        if (c == "貴" and previous in ("晝", "昼", "夜")) or (c == "行" and previous in ("順", "顺", "逆")):
            previous = ""
            continue
        if c in BRANCH_CHARS:
            part, part_value = "branch", BRANCH_CHARS.index(c)
        elif c in DAY_WORDS:
            part, part_value = "day_night", DAY_WORDS[c]
        elif c in DIRECTION_WORDS:
            part, part_value = "direction", DIRECTION_WORDS[c]
        else:
            raise ParseError(f"{what}: {quote(c)} is not part of the noble; {NOBLE_ACCEPTED}")
        if part in found:
            raise ParseError(f"{what} gives its {part.replace('_', '/')} twice; {NOBLE_ACCEPTED}")
        found[part] = part_value
        previous = c
    return NobleAnswer(found.get("branch"), found.get("day_night"), found.get("direction"))


def _word(value: object, words: dict[str, bool], what: str) -> bool | None:
    text = normalize(value).strip().lower() if isinstance(value, str) and len(value) <= 16 else None
    if text in UNKNOWN:
        return None
    if text is None or text not in words:
        raise ParseError(f"{what}: {quote(value)} is not understood; {NOBLE_ACCEPTED}")
    return words[text]


NONE_WORDS = frozenset(("無", "无", "none"))
"""An answer that no pattern holds."""


def parse_patterns(value: object) -> frozenset[str]:
    """The named patterns a learner says hold, by their registered names (aliases such as 清平 read)."""
    from ..patterns import ALIASES, BY_NAME

    what = f"patterns={quote(value)}"
    if isinstance(value, str):
        _text(value, what, PATTERNS_ACCEPTED)
        items: list[Any] = _items(value)
        if not items:
            raise ParseError(f"{what} names no pattern; {PATTERNS_ACCEPTED}")
        if len(items) == 1 and items[0].lower() in NONE_WORDS:
            return frozenset()
    elif isinstance(value, Iterable) and not isinstance(value, (bytes, Mapping)):
        items = list(value)
    else:
        raise ParseError(f"{what} is not understood; {PATTERNS_ACCEPTED}")
    out: set[str] = set()
    for item in items:
        text = normalize(item) if isinstance(item, str) and len(item) <= 16 else None
        name = ALIASES.get(text, text) if text is not None else None
        if name not in BY_NAME:
            raise ParseError(f"patterns: {quote(item)} is not a named pattern; {PATTERNS_ACCEPTED}")
        out.add(name)
    return frozenset(out)


# ---------------------------------------------------------------- the chart's inputs and its 旬空
def _is_open(value: object) -> bool:
    return isinstance(value, str) and len(value) <= MAX_ANSWER and normalize(value) in UNKNOWN


def _input_answer(value: object, part: str, parse: Callable[[object], Any]) -> int | None:
    """The ordinal of a day pillar, an hour, a month general or a month branch as answered (None: left open)."""
    if _is_open(value):
        return None
    try:
        found: int = parse(value).ordinal
    except ParseError as error:
        raise ParseError(f"{part}: {error}") from None
    return found


def parse_day_answer(value: object) -> int | None:
    """The day pillar (日辰) answered, "丁未" or "丁未日": its ordinal in the sixty (None: left open)."""
    return _input_answer(value, "day", parse_pillar)


def parse_hour_answer(value: object) -> int | None:
    """The hour (占時) answered, "未" or "未時": its branch's ordinal (None: left open)."""
    return _input_answer(value, "hour", parse_hour)


def parse_general_answer(value: object) -> int | None:
    """The month general (月將) answered, "寅", "寅將" or its spirit name "功曹" (None: left open)."""
    return _input_answer(value, "general", parse_month_general)


def parse_month_answer(value: object) -> int | None:
    """The month branch (月建) answered, "亥" or "亥月" (None: left open)."""
    return _input_answer(value, "month", parse_month)


VOID_WORDS = re.compile("旬空|空亡|空|[:：]")
"""What a learner may write around the two void branches ("空亡 寅卯", "寅卯空", "旬空：寅卯")."""
VOID_ACCEPTED = (
    "accepted: the two void branches (旬空) of the day's 旬 such as '戌亥', also written '空亡 戌亥', '旬空：戌亥' "
    "or '戌亥空' ('?' for one left open), or a sequence of two branches"
)


def parse_void_answer(value: object) -> tuple[int | None, int | None]:
    """The two void branches (旬空) answered: their ordinals, in the order written (None: left open)."""
    what = f"void={quote(value)}"
    items: list[object]
    if isinstance(value, str):
        _text(value, what, VOID_ACCEPTED)
        items = list(_chars(VOID_WORDS.sub("", normalize(value))))
    elif isinstance(value, (list, tuple)):
        items = list(value)
    else:
        raise ParseError(f"{what} is not understood; {VOID_ACCEPTED}")
    if len(items) != 2:
        raise ParseError(f"{what} gives {len(items)} branches, not two; {VOID_ACCEPTED}")
    first, second = (_branch_or_open(x, what, VOID_ACCEPTED) for x in items)
    if first is not None and first == second:
        raise ParseError(f"{what} gives the branch {BRANCH_CHARS[first]} twice; {VOID_ACCEPTED}")
    return first, second


class Answer(NamedTuple):
    """A learner's answer, parsed: each part None when not given."""

    offset: int | None = None
    plate: dict[int, int | None] | None = None
    lessons: tuple[LessonAnswer, ...] | None = None
    transmissions: tuple[TransmissionAnswer, ...] | None = None
    noble: NobleAnswer | None = None
    method: tuple[str, str | None] | None = None
    patterns: frozenset[str] | None = None
    day: int | None = None
    hour: int | None = None
    general: int | None = None
    month: int | None = None
    void: tuple[int | None, int | None] | None = None


# ---------------------------------------------------------------- the verdict
@dataclass(frozen=True, slots=True)
class OtherSchool:
    """The school under which a wrong answer is right: ``school`` (a preset, or the chart's school with
    one option changed), ``options`` (the names of the School options whose reading the answer
    follows) and ``preset`` (the preset's name when the school is one, else None)."""

    school: School
    options: tuple[str, ...]
    preset: str | None = None

    def __str__(self) -> str:
        named = ", ".join(f"{o}={getattr(self.school, o)!r}" for o in self.options)
        return named if self.preset is None else f"{PRESET_NAMES[self.preset]} ({named})"


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The verdict on an answer: ``ok``, ``first_error`` (the key of the first step of
    :meth:`liuren.Chart.steps` the answer gets wrong, or None), ``message`` (in the language asked
    for) and ``checked`` (which parts were given). ``ok`` is True when something was answered and
    every place answered is right; an answer left wholly open ("???") is no answer, so it is not ok.
    ``cell`` is the stable key of the first wrong cell (see :mod:`liuren.show.check`), and
    ``other_school`` the school under which the whole answer is right, when it is wrong under the
    chart's own but right under a preset or one School option changed (else None); ``note`` says so
    in the language asked for. ``message`` is the verdict alone (its words are those of the checker
    before it judged other schools); ``str()`` and the HTML give the verdict and the note."""

    ok: bool
    first_error: str | None
    message: str
    checked: tuple[str, ...]
    cell: str | None = None
    other_school: OtherSchool | None = None
    note: str = ""

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        if not self.note:
            return self.message
        return f"{self.message}{'' if self.message.endswith('。') else ' '}{self.note}"

    def _repr_html_(self) -> str:
        from .html import COLORS, paper_box

        if self.ok:
            color, mark = RIGHT, "✔"
        elif self.first_error is None:  # nothing answered yet
            color, mark = COLORS["muted"], "…"
        else:
            color, mark = COLORS["mark"], "✘"
        return paper_box(
            f'<span style="color:{color};font-weight:bold">{mark}</span> {escape(str(self))}',
            f"border-left:4px solid {color};font-family:sans-serif;font-size:14px",
        )


RIGHT = "#2f7d32"
"""The green of a right answer (4.8:1 on the paper; the others are the palette's muted and mark)."""


SUBNAMES = {
    family: " ".join(t for t in LESSON_TYPES if GATE_OF[t] == family) for family in dict.fromkeys(GATE_OF.values())
}
"""The lesson types each gate family can give, in the engine's order (read off the record types)."""
METHOD_OF_GATE = {GATE_OF[m.value]: m.value for m in Method}
"""The method each gate family belongs to."""
CHAIN_HINT = {
    "plate6": "plate",
    "gan-again": "gan",
    **dict.fromkeys(("xing", "other-anchor", "self", "returns"), "fuyin"),
}
"""The hint of check for each rule of the 中傳/末傳 the steps tell (the rest keep their own name)."""


def initial_error(records: Iterable[Record], init: int) -> str:
    """The gate step at which the learner's 初 ``init`` drops out of the candidates."""
    for record in records:
        pool = record.remaining
        if pool is not None and init not in pool:
            return f"gate-{record.gate}"
    return "initial"


def method_error(records: Iterable[Record], answer: str) -> str:
    """The step a wrong method or lesson type goes wrong at."""
    wanted = GATE_OF[answer]
    gates = [r for r in records if not r.chained]
    deciding = gates[-1]
    for special in (Method.FUYIN, Method.FANYIN):  # the plate decides before any 克 does
        record = next((r for r in gates if r.method == special), None)
        if record is not None and (record.applied != (wanted == special)):
            return f"gate-{record.gate}"
    tried = [r for r in gates if r.method == wanted]
    if tried and not any(r.applied for r in tried):
        return f"gate-{tried[0].gate}"  # the learner took a gate that does not apply
    if not tried:  # the learner's gate is never reached: they went past the gate that decided
        last = next(r for r in reversed(gates) if r.applied)
        return f"gate-{last.gate}"
    if deciding.method == wanted:
        return "method"  # the right gate, the wrong name
    after = gates[gates.index(tried[-1]) + 1]
    return f"gate-{after.gate}"  # the learner stopped before the gate that decided


def chain_hint(chart: Chart, key: str) -> str:
    """The hint key for a wrong 中傳 (``key`` "middle") or 末傳 ("final"): the rule that gives it."""
    rule, _ = chain_rule(gate_records(chart), key, chart.offset)
    return f"{key}.{CHAIN_HINT.get(rule, rule)}"


class Wrong(NamedTuple):
    """A cell of an answer found wrong: its stable key, the message key of its heading ("wrong.lessons|2":
    the index after the bar), the right value (shown with ``reveal``) and values for the heading."""

    cell: str
    head: str
    right: str
    values: tuple[tuple[str, str], ...] = ()


def _cell_order() -> dict[str, int]:
    keys = [*INPUTS, "offset", *(f"plate.{b}" for b in BRANCH_CHARS)]
    keys += [f"lesson-{n}.{c}" for n in range(1, 5) for c in ("upper", "lower")]
    keys += ["noble.day-night", "noble.branch", "noble.direction", *(f"lesson-{n}.general" for n in range(1, 5))]
    keys += [f"{t}.branch" for t in WHICH] + [f"{t}.general" for t in WHICH]
    keys += [f"{t}.{c}" for t in WHICH for c in ("kin", "void", "hidden-stem")]
    keys += ["void", "method", "subname"]
    return {k: i for i, k in enumerate(keys)}


CELL_ORDER = _cell_order()
"""The rank of each cell within a step (a pattern's cell ranks after these, in the chapters' order)."""


def printed(t: Any) -> str:
    """A 傳 as the book prints it (and ``str(chart)``), a void one marked ◎: 父癸卯常, 父亥勾◎."""
    return f"{KIN_SHORT[t.relation]}{t.stem or ''}{t.branch}{t.general.short}{'◎' if t.void else ''}"


def wrong_cells(chart: Chart, answer: Answer) -> list[Wrong]:
    """Every cell of ``answer`` that is wrong on ``chart``, in the order the chart is built."""
    out = _input_cells(chart, answer)
    if answer.offset is not None and answer.offset != chart.offset:
        out.append(Wrong("offset", "wrong.offset", f"d = {chart.offset}"))
    if answer.plate is not None:
        out += _square_cells(chart, answer.plate)
    if answer.lessons is not None:
        out += _lesson_cells(chart, answer.lessons)
    if answer.noble is not None:
        out += _noble_cells(chart, answer.noble)
    if answer.transmissions is not None:
        out += _transmission_cells(chart, answer.transmissions)
    if answer.method is not None:
        out += _method_cells(chart, *answer.method)
    if answer.patterns is not None:
        out += _pattern_cells(chart, answer.patterns)
    return out


def _input_cells(chart: Chart, answer: Answer) -> list[Wrong]:
    """The chart's inputs answered wrong (a month answered for a chart cast without one is not judged)."""
    out: list[Wrong] = []
    if answer.day is not None and answer.day != chart.day.ordinal:
        out.append(Wrong("day", "wrong.day", f"{chart.day}"))
    if answer.month is not None and chart.month is not None and answer.month != chart.month.ordinal:
        out.append(Wrong("month", "wrong.month", f"{chart.month}月"))
    if answer.hour is not None and answer.hour != chart.hour.ordinal:
        out.append(Wrong("hour", "wrong.hour", f"{chart.hour}時"))
    if answer.general is not None and answer.general != chart.general.ordinal:
        out.append(Wrong("general", "wrong.general", f"{chart.general}將"))
    if answer.void is not None:
        right = {b.ordinal for b in chart.void}
        if any(b is not None and b not in right for b in answer.void):
            out.append(Wrong("void", "wrong.xun-void", "".join(chart.void)))
    return out


def _square_cells(chart: Chart, plate: dict[int, int | None]) -> list[Wrong]:
    out = []
    for earth, heaven in sorted(plate.items()):
        right = (earth + chart.offset) % 12
        if heaven is not None and heaven != right:
            b = BRANCH_CHARS[earth]
            out.append(Wrong(f"plate.{b}", "wrong.square", BRANCH_CHARS[right], (("b", branch_term(earth)),)))
    return out


def _lesson_cells(chart: Chart, lessons: tuple[LessonAnswer, ...]) -> list[Wrong]:
    out = []
    for i, (given, lesson) in enumerate(zip(lessons, chart.lessons, strict=True)):
        if given.upper is not None and given.upper != lesson.upper.ordinal:
            out.append(Wrong(f"lesson-{i + 1}.upper", f"wrong.lessons|{i}", f"{lesson.upper}/{lesson.lower}"))
        elif given.lower is not None and given.lower != lesson.lower:
            out.append(Wrong(f"lesson-{i + 1}.lower", f"wrong.lessons|{i}", f"{lesson.upper}/{lesson.lower}"))
        if given.general is not None and given.general != lesson.general:
            out.append(Wrong(f"lesson-{i + 1}.general", f"wrong.lesson-general|{i}", str(lesson.general)))
    return out


def _noble_cells(chart: Chart, noble: NobleAnswer) -> list[Wrong]:
    out = []
    right = f"{chart.noble_branch}{NOBLE_LABEL[chart.noble]}{'順' if chart.generals_forward else '逆'}"
    if noble.day is not None and noble.day != (chart.noble == "day"):
        out.append(Wrong("noble.day-night", "wrong.day-night", right))
    if noble.branch is not None and noble.branch != chart.noble_branch.ordinal:
        out.append(Wrong("noble.branch", "wrong.noble-branch", right))
    if noble.forward is not None and noble.forward != chart.generals_forward:
        out.append(Wrong("noble.direction", "wrong.direction", right))
    return out


def _transmission_cells(chart: Chart, answer: tuple[TransmissionAnswer, ...]) -> list[Wrong]:
    found: list[tuple[int, str, str]] = []  # (which 傳, cell, heading)
    for i, (given, right) in enumerate(zip(answer, chart.transmissions, strict=True)):
        if given.branch is not None and given.branch != right.branch.ordinal:
            found.append((i, "branch", f"wrong.transmissions|{i}"))
        if given.general is not None and given.general != right.general:
            found.append((i, "general", "wrong.generals"))
        if given.kin is not None and given.kin != right.relation:
            found.append((i, "kin", f"wrong.kin|{i}"))
        if given.void is not None and given.void != right.void:  # a stem where none is, or a mark where one is
            found.append((i, "void", f"wrong.void|{i}"))
        elif given.stem is not None and given.stem != (str(right.stem) if right.stem else ""):
            found.append((i, "hidden-stem", f"wrong.hidden-stem|{i}"))
    if not found:
        return []
    t = chart.transmissions
    shown = {
        "branch": "".join(x.branch for x in t),
        "general": " ".join(f"{x.branch}{x.general.short}" for x in t),
    }
    return [Wrong(f"{WHICH[i]}.{cell}", head, shown.get(cell) or printed(t[i])) for i, cell, head in found]


def _method_cells(chart: Chart, name: str, sub: str | None) -> list[Wrong]:
    right = f"{chart.method} · {chart.lesson_type}"
    if sub is None:
        if name in (chart.method, chart.lesson_type):
            return []
        same = GATE_OF[name] == GATE_OF[chart.lesson_type]  # the right gate, the wrong lesson type
        return [Wrong("subname" if same else "method", "wrong.method", right)]
    if name != chart.method:
        return [Wrong("method", "wrong.method", right)]
    if sub != chart.lesson_type:
        return [Wrong("subname", "wrong.method", right)]
    return []


def _pattern_cells(chart: Chart, given: frozenset[str]) -> list[Wrong]:
    from ..patterns import PATTERNS

    held = frozenset(p.name for p in chart.patterns)
    wrong = (held - given) | (given - held - frozenset(chart.unjudged_patterns))
    if not wrong:
        return []
    right = " ".join(p.name for p in chart.patterns) or "—"
    return [
        Wrong(
            f"pattern.{p.name}",
            "wrong.pattern-missing" if p.name in held else "wrong.pattern-extra",
            right,
            (("name", term(p.name)),),
        )
        for p in PATTERNS
        if p.name in wrong
    ]


def step_of(chart: Chart, wrong: Wrong, answer: Answer, records: tuple[Record, ...]) -> str:
    """The key of the step of :meth:`liuren.Chart.steps` a wrong cell belongs to."""
    cell = wrong.cell
    if cell in INPUTS:
        return cell  # before any step: the inputs the steps start from
    if cell == "offset" or cell.startswith("plate."):
        return "plate"
    if cell.startswith("lesson-"):
        return "generals" if cell.endswith(".general") else cell.partition(".")[0]
    if cell.startswith("noble.") or cell.endswith(".general"):
        return "generals"
    if cell.endswith(".branch"):
        which = cell.partition(".")[0]
        if which != "initial":
            return which
        assert answer.transmissions is not None and answer.transmissions[0].branch is not None
        return initial_error((r for r in records if not r.chained), answer.transmissions[0].branch)
    if cell in ("method", "subname"):
        assert answer.method is not None
        name, sub = answer.method
        if sub is not None and cell == "subname":
            return "method"
        return method_error(records, name)
    if cell.startswith("pattern."):
        return "patterns"
    return "relations"


# ---------------------------------------------------------------- another school's answer
TIME_ONLY = frozenset(o for o in OPTION_NAMES if GOVERNS[o].changes == ("instant",))
"""Options that only turn an instant into (day, hour, month general): a chart given by those never
changes (read from each option's declaration, :class:`liuren.school.Governs`)."""
NOBLE_OPTIONS = frozenset(options_changing("generals"))
"""Options that move the noble, and so the generals."""
READING_ONLY = frozenset(o for o in OPTION_NAMES if GOVERNS[o].changes == ("reading",))
"""Options read only by a reading's verdict: they change no cell of a chart."""
PATTERN_ONLY = frozenset(o for o in OPTION_NAMES if GOVERNS[o].changes == ("patterns",))
"""Options read only by the named patterns (a test checks they change no other cell)."""
SCHOOL_FREE = re.compile(r"day|month|hour|general|void|offset|plate\..|lesson-\d\.(upper|lower)")
"""Cells no school changes: with one of them wrong no school makes the answer right."""


def relevant_options(cells: Iterable[str]) -> frozenset[str]:
    """The School options that could make these wrong cells right."""
    every = frozenset(OPTION_NAMES) - TIME_ONLY - READING_ONLY
    out: set[str] = set()
    for cell in cells:
        if cell.startswith("pattern."):
            return every
        if cell.startswith("noble.") or cell.endswith(".general"):
            out |= NOBLE_OPTIONS
        elif cell.endswith(".branch") or cell in ("method", "subname"):
            out |= every - NOBLE_OPTIONS - PATTERN_ONLY
    return frozenset(out)


def _under(chart: Chart, school: School) -> Chart:
    """``chart`` cast under ``school``: the noble follows the school's 晝/夜 rule when the chart's did."""
    from ..chart import Chart

    own = chart.school.is_day(chart.hour.ordinal)
    other = school.is_day(chart.hour.ordinal)
    derived = own is not None and own == (chart.noble == "day")
    noble = None if derived and other is not None else chart.noble
    nianming = None if chart.nianming is None else (chart.nianming.benming, chart.nianming.xingnian)
    return Chart(
        chart.day,
        chart.hour,
        chart.general,
        noble=noble,
        school=school,
        month=chart.month,
        year=chart.year,
        nianming=nianming,
    )


def _alternatives_of(school: School, options: frozenset[str]) -> Iterable[tuple[School, str | None]]:
    """The presets that differ from ``school`` in one of ``options``, then ``school`` with one of them changed."""
    seen = {school}
    for name, preset in PRESETS.items():
        if preset not in seen and any(getattr(preset, o) != getattr(school, o) for o in options):
            seen.add(preset)
            yield preset, name
    for option in OPTION_NAMES:
        if option not in options:
            continue
        values: tuple[object, ...] = (True, False) if option in SWITCHES else CHOICES[option]
        for value in values:
            if value != getattr(school, option):
                other = school.replace(**{option: value})
                if other not in seen:
                    seen.add(other)
                    yield other, None


def other_school(chart: Chart, answer: Answer, wrong: list[Wrong]) -> OtherSchool | None:
    """The first school (the presets, then one option changed) under which the whole answer is right."""
    cells = [w.cell for w in wrong]
    if any(SCHOOL_FREE.fullmatch(c) for c in cells):
        return None
    options = relevant_options(cells)
    cheap = answer._replace(patterns=None)  # the named patterns cost the most: judged last
    for school, preset in _alternatives_of(chart.school, options):
        other = _under(chart, school)
        if wrong_cells(other, cheap) or (answer.patterns is not None and _pattern_cells(other, answer.patterns)):
            continue
        differ = [o for o in OPTION_NAMES if o in options and getattr(school, o) != getattr(chart.school, o)]
        if preset is not None and len(differ) > 1:  # name the options that matter to this answer
            mattering = [o for o in differ if _moves(chart, chart.school.replace(**{o: getattr(school, o)}), answer)]
            differ = mattering or differ
        return OtherSchool(school, tuple(differ), preset)
    return None


def _moves(chart: Chart, school: School, answer: Answer) -> bool:
    """Whether casting ``chart`` under ``school`` changes which cells of ``answer`` are wrong."""
    other = _under(chart, school)
    cheap = answer._replace(patterns=None)
    if wrong_cells(other, cheap) != wrong_cells(chart, cheap):
        return True
    if answer.patterns is None:
        return False
    return _pattern_cells(other, answer.patterns) != _pattern_cells(chart, answer.patterns)


# ---------------------------------------------------------------- check
PARTS = (*INPUTS, "offset", "plate", "lessons", "transmissions", "noble", "void", "method", "patterns")
"""The parts of an answer :func:`check` takes, in the order a chart is built."""


def check(
    chart: Chart,
    *,
    day: object = None,
    month: object = None,
    hour: object = None,
    general: object = None,
    offset: object = None,
    plate: object = None,
    lessons: object = None,
    transmissions: object = None,
    noble: object = None,
    method: object = None,
    patterns: object = None,
    void: object = None,
    lang: str = "ko",
    reveal: bool = False,
    **unknown: object,
) -> CheckResult:
    """Check a learner's answer for ``chart``; each part is optional.

    ``day`` the day pillar ("丁未", "丁未日"); ``month`` the 月建 ("亥", "亥月"; judged only when the
    chart was cast with a month); ``hour`` the 占時 ("未", "未時"); ``general`` the 月將 ("寅", "寅將"
    or its spirit name "功曹"); ``void`` the day's two 旬空 branches ("寅卯", "空亡 寅卯", "寅卯空", in
    either order). ``offset`` the plate offset d (an int 0–11); ``plate`` squares of the plate as {earth: heaven}
    ({"子": "巳"}); ``lessons`` the four uppers in lesson order 1→4 ("戌卯丑午" for 丙申 午時 亥將),
    four (upper, lower) pairs, each optionally with its general ("戌/丙蛇 卯/戌常 丑/申陰 午/丑龍"), or
    the book's three rows read right to left; ``transmissions`` the three branches ("卯申丑"),
    optionally each with its general ("卯常申合丑陰"), or each 傳 as the book prints it ("父癸卯常";
    a void one with 空 or ○ in the 遁干's place, or ◎ after it as ``str(chart)`` prints it), as one
    string, three lines or a sequence; ``noble`` the noble's branch, 晝/夜 and 順/逆 ("亥晝逆", any
    of them, or a mapping of "branch", "day_night", "direction"); ``method`` a method ("賊克"), a lesson type
    ("元首") or both ("賊克 元首"); ``patterns`` the named patterns that hold (["殃咎", "內戰"], []
    for none; one the chart cannot judge without its month or 年命 is left open). "?" leaves a place
    open. ``lang`` is "ko", "zh" or "en"; ``reveal`` adds the right value to the message. Malformed
    answers raise :class:`~liuren.ParseError` (a void mark out of place says where it goes).
    """
    from .html import check_chart

    if unknown:
        raise TypeError(
            f"check() got an answer for {', '.join(map(quote, sorted(unknown)))}, which is no part of a chart it "
            f"checks; accepted: {', '.join(PARTS)} (with lang= and reveal=)"
        )
    check_chart(chart)
    lang = check_lang(lang)
    if not isinstance(reveal, bool):
        raise ParseError(f"reveal={quote(reveal)} must be True or False")
    given: list[str] = []
    open_places = 0
    parts: dict[str, Any] = {}
    inputs = {"day": day, "month": month, "hour": hour, "general": general}
    for part, value in inputs.items():
        if value is None:
            continue
        found = INPUT_PARSERS[part](value)
        if found is None or (part == "month" and chart.month is None):  # no 月建 to judge it against
            open_places += 1
        else:
            given.append(part)
            parts[part] = found
    if offset is not None:
        given.append("offset")
        parts["offset"] = parse_offset(offset)
    if plate is not None:
        squares = parse_plate(plate)
        if any(v is not None for v in squares.values()):
            given.append("plate")
            open_places += sum(v is None for v in squares.values())
            parts["plate"] = squares
    if lessons is not None:
        cells = parse_lesson_cells(lessons)
        if any(x != (None, None, None) for x in cells):  # every place left open: nothing answered
            given.append("lessons")
            open_places += sum(x.upper is None for x in cells)
            parts["lessons"] = cells
    if transmissions is not None:
        trans = parse_transmission_cells(transmissions)
        if any(x != (None, None, None, None, None) for x in trans):
            given.append("transmissions")
            open_places += sum(x.branch is None for x in trans)
            parts["transmissions"] = trans
    if noble is not None:
        answered = parse_noble_answer(noble)
        if answered != (None, None, None):
            given.append("noble")
            parts["noble"] = answered
    if void is not None:
        pair = parse_void_answer(void)
        open_places += pair.count(None)
        if pair != (None, None):
            given.append("void")
            parts["void"] = pair
    if method is not None:
        given.append("method")
        parts["method"] = parse_method_answer(method)
    if patterns is not None:
        given.append("patterns")
        parts["patterns"] = parse_patterns(patterns)
    answer = Answer(**parts)
    wrong = wrong_cells(chart, answer) if given else []
    return _verdict(chart, answer, given, wrong, open_places, lang, reveal)


INPUT_PARSERS: dict[str, Callable[[object], int | None]] = {
    "day": parse_day_answer,
    "month": parse_month_answer,
    "hour": parse_hour_answer,
    "general": parse_general_answer,
}
"""The reader of each of the chart's inputs as answered."""


def _verdict(
    chart: Chart, answer: Answer, given: list[str], wrong: list[Wrong], open_places: int, lang: str, reveal: bool
) -> CheckResult:
    """The message: nothing given, all right (with the places left open), or the first wrong step's hint."""
    w = CHECK[lang]
    if not given:
        return CheckResult(False, None, render(w["none"], lang), ())
    if not wrong:
        parts = ", ".join(w[f"part.{p}"] for p in given) if lang != "zh" else "、".join(w[f"part.{p}"] for p in given)
        note = _fmt(w["open"], n=open_places) if open_places else ""
        return CheckResult(True, None, render(_fmt(w["ok"], parts=parts) + note, lang), tuple(given))
    steps = chart.steps(lang)
    records = steps[0].records  # the rule records the steps were told from
    order = {
        **{part: n - len(INPUTS) for n, part in enumerate(INPUTS)},
        **{step.key: n for n, step in enumerate(steps)},
    }
    last = len(CELL_ORDER)
    keyed = [(step_of(chart, x, answer, records), x) for x in wrong]
    key, first = min(keyed, key=lambda e: (order.get(e[0], len(order)), CELL_ORDER.get(e[1].cell, last)))
    head_key, _, index = first.head.partition("|")
    n = int(index or 0)
    head = _fmt(w[head_key], n=n + 1, cn=zh_number(n + 1), which=w.get(f"which.{index or 0}", ""), **dict(first.values))
    hint = _cell_hint(chart, first, key, lang)
    found = other_school(chart, answer, wrong)
    text = f"{head}{'' if lang == 'zh' else ' '}{hint}"
    if reveal:
        text += _fmt(w["answer"], answer=first.right)
    note = "" if found is None else render(_fmt(w["other"], school=str(found)), lang)
    return CheckResult(False, key, render(text, lang), tuple(given), first.cell, found, note)


def _fmt(template: str, **values: Any) -> str:
    return template.format(**values)


TABLE_VERSES = {"A": "「甲戊庚牛羊」", "B": "「甲羊戊庚牛」", "C": "「庚辛逢馬虎」"}
"""The first words of the verse of each 貴人 table (:data:`liuren.school.NOBLE_TABLES`)."""


def _cell_hint(chart: Chart, wrong: Wrong, key: str, lang: str) -> str:
    """The rule a wrong cell missed (a cell of the steps' own keys keeps the hint of its step)."""
    w = CHECK[lang]
    cell = wrong.cell
    stem = f"⟨{chart.stem}⟩"
    when = w[f"when.{chart.noble}"]
    kind = cell.partition(".")[2]
    if cell in INPUTS or cell == "void":
        return _input_hint(chart, cell, lang)
    if cell.startswith("plate."):
        return _fmt(w["square"], g=branch_term(chart.general.ordinal), h=branch_term(chart.hour.ordinal))
    if cell.startswith("lesson-") and kind == "general":
        return _fmt(w["lesson-general"], stem=stem, when=when)
    if cell == "noble.day-night":
        own = chart.school.is_day(chart.hour.ordinal)
        given = own is not None and own != (chart.noble == "day")  # the noble was chosen when it was cast
        rule = "given" if given else chart.school.day_night
        return _fmt(w[f"day-night.{rule}"], h=branch_term(chart.hour.ordinal))
    if cell == "noble.branch":
        return _fmt(w["noble"], stem=stem, when=when, verse=TABLE_VERSES[chart.school.noble_table])
    if cell == "noble.direction":
        return w["direction"]
    if kind in ("kin", "void", "hidden-stem"):
        day = chart.day.ordinal
        xun = PILLARS[day - day % 10]
        return _fmt(
            w[kind],
            stem=stem_term(chart.stem.ordinal),
            se=element_term(STEM_ELEMENT[chart.stem.ordinal]),
            day=term(chart.day),
            xun=term(xun),
            xb=branch_term(xun_branch(day)),
        )
    if cell.startswith("pattern."):
        from ..patterns import BY_NAME

        pattern = BY_NAME[cell.partition(".")[2]]
        clause: str = pattern.condition
        if lang != "en":  # the chapter's own words, without the English reading after them
            clause = clause.split(": ")[0] if clause.startswith("「") else pattern.source
        return _fmt(w["pattern"], rule=clause)
    return _hint(chart, key, lang, chart._ke)


def _biyong_here(chart: Chart, lang: str) -> str:
    """The candidates 比用 weighed on this chart, which of them remain and where they go (the 初 it
    chose is not named: the hint does not give the answer away)."""
    record = next((r for r in gate_records(chart) if isinstance(r, (BiyongOne, BiyongFilter))), None)
    if record is None:  # 賊克 found a single candidate: 比用 was never reached
        return CHECK[lang]["biyong.unreached"]
    cands, match = record.candidates, record.matching
    variant = "one" if isinstance(record, BiyongOne) else "none" if not match else "all" if match == cands else "some"
    w = CHECK[lang]
    return _fmt(
        w[f"biyong.{variant}"],
        stem=stem_term(chart.stem.ordinal),
        yy=w["yang" if chart.stem.ordinal % 2 == 0 else "yin"],
        cands=branches_term(cands),
        match=branches_term(match),
        k=("兩" if len(match) == 2 else zh_number(len(match))) if lang == "zh" else len(match),
    )


DAY_ANCHOR = date(2026, 12, 1)
"""The date the day-pillar hint counts from (the course's anchor; its pillar is computed, 己酉)."""


def _terms(lang: str, pairs: Iterable[tuple[str, str]]) -> str:
    """Solar terms and the branch each brings, "⟨雨水⟩ ⟨亥⟩, …" (Chinese: "雨水亥、…")."""
    if lang == "zh":
        return "、".join(f"{t}{b}" for t, b in pairs)
    return ", ".join(f"⟨{t}⟩ ⟨{b}⟩" for t, b in pairs)


def _input_hint(chart: Chart, cell: str, lang: str) -> str:
    """How a learner finds the chart's day, hour, month general, month branch or 旬空 pair."""
    from ..almanac import TERM_NAMES, day_pillar, general_of_term, month_of_term

    w = CHECK[lang]
    school = chart.school
    if cell == "day":
        boundary = w[f"day.{school.day_boundary}"]
        return _fmt(w["day"], anchor=DAY_ANCHOR.isoformat(), pillar=term(day_pillar(DAY_ANCHOR))) + boundary
    if cell == "hour":
        return w["hour"] + (w["hour.true-solar"] if school.true_solar_time else "")
    if cell == "month":  # the 節 are the odd terms, from 立春 (3) round to 小寒 (1)
        jie = [(TERM_NAMES[n % 24], str(month_of_term(n))) for n in range(3, 27, 2)]
        return _fmt(w["month"], terms=_terms(lang, jie))
    if cell == "general":
        switch = school.yuejiang_switch
        first = 4 if switch == "zhongqi" else 3  # 亥 comes with 雨水 by 中氣, with 立春 by 節
        terms = [(TERM_NAMES[n % 24], str(general_of_term(n, switch))) for n in range(first, first + 24, 2)]
        return _fmt(w[f"general.{switch}"], terms=_terms(lang, terms))
    day = chart.day.ordinal
    return _fmt(w["xun-void"], day=term(chart.day), xun=term(PILLARS[day - day % 10]), xb=branch_term(xun_branch(day)))


def _hint(chart: Chart, key: str, lang: str, ke: Any) -> str:
    w = CHECK[lang]
    b = branch_term
    stem = f"⟨{chart.stem}⟩"
    if key == "plate":
        return _fmt(w["plate"], g=b(chart.general.ordinal), h=b(chart.hour.ordinal))
    if key.startswith("lesson-"):
        return _fmt(w[key], stem=stem, jig=b(JIGONG[ke.stem]), z=b(ke.branch))
    if key == "gate-biyong":
        return _fmt(w[key], stem=stem) + _biyong_here(chart, lang)
    if key.startswith("gate-"):
        return _fmt(w[key], stem=stem)
    if key == "method":
        family = GATE_OF[chart.lesson_type]
        names = " ".join(f"⟨{n}⟩" for n in SUBNAMES[family].split())
        return _fmt(w["method"], method=METHOD_OF_GATE[family], names=names)
    if key in ("middle", "final"):
        return w[chain_hint(chart, key)]
    if key == "generals":
        return _fmt(w["generals"], stem=stem, when=w[f"when.{chart.noble}"])
    return w["initial"]


__all__ = [
    "CheckResult",
    "OtherSchool",
    "check",
    "parse_lesson_cells",
    "parse_lessons",
    "parse_method",
    "parse_method_answer",
    "parse_noble_answer",
    "parse_offset",
    "parse_patterns",
    "parse_plate",
    "parse_transmission_cells",
    "parse_transmissions",
]
