"""A learner's answer to :func:`liuren.check`, read: each part in the forms a learner writes it
(see :func:`liuren.show.check.check`), "?" for a place left open, a :class:`~liuren.ParseError` that
quotes a bounded part of the input and says what is accepted for anything else.

>>> parse_noble_answer("亥晝逆")
NobleAnswer(branch=11, day=True, forward=False)
>>> read_answer({"hour": "未時", "void": "寅?"}, month_known=False)[1:]
(('hour', 'void'), 1)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from ..cycle import (
    BRANCH_CHARS,
    normalize,
    parse_hour,
    parse_month,
    parse_month_general,
    parse_pillar,
)
from ..errors import ParseError, quote
from ..records import FAMILY_OF
from ..transmissions import LESSON_TYPE_ALIASES, LESSON_TYPES, Method
from .answer_forms import (
    BRANCH_INDEX,
    MAX_ANSWER,
    UNKNOWN,
    LessonAnswer,
    TransmissionAnswer,
    _branch_or_open,
    _chars,
    _items,
    _text,
    only_marks,
    parse_lesson_cells,
    parse_transmission_cells,
)
from .answer_forms import LESSONS_ACCEPTED as LESSONS_ACCEPTED
from .answer_forms import TRANSMISSIONS_ACCEPTED as TRANSMISSIONS_ACCEPTED
from .answer_forms import parse_lessons as parse_lessons
from .answer_forms import parse_transmissions as parse_transmissions

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
"""The chart's inputs a learner finds from a date and a time, in the order :func:`check` judges them;
they come before the plate."""
INPUT_CELLS = {"day": "day", "month": "month", "hour": "hour", "general": "month-general"}
"""The cell key of each input (the 月將's is "month-general": "general" ends the key of a general a
lesson or a 傳 rides); each is also the key of its own step, before the plate's."""
XUN_VOID = "xun-void"
"""The cell key of the day's two 旬空 branches (a 傳's own void mark is "initial.void" …)."""


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
def _input_answer(value: object, part: str, parse: Callable[[object], Any]) -> int | None:
    """The ordinal of a day pillar, an hour, a month general or a month branch as answered (None: left open)."""
    if only_marks(value):  # "?" or "???" alike
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


# ---------------------------------------------------------------- the whole answer
PARTS = (*INPUTS, "offset", "plate", "lessons", "transmissions", "noble", "void", "method", "patterns")
"""The parts of an answer :func:`liuren.check` takes, in the order a chart is built."""
PART_READERS: dict[str, Callable[[object], Any]] = {
    "day": parse_day_answer,
    "month": parse_month_answer,
    "hour": parse_hour_answer,
    "general": parse_general_answer,
    "offset": parse_offset,
    "plate": parse_plate,
    "lessons": parse_lesson_cells,
    "transmissions": parse_transmission_cells,
    "noble": parse_noble_answer,
    "void": parse_void_answer,
    "method": parse_method_answer,
    "patterns": parse_patterns,
}
"""The reader of each part."""


def _places(part: str, read: Any) -> tuple[bool, int]:
    """Whether a part as read answers anything, and how many of its places it leaves open."""
    if read is None:  # one of the chart's inputs left open
        return False, 0
    if part == "plate":
        return any(v is not None for v in read.values()), sum(v is None for v in read.values())
    if part == "lessons":
        return any(x != (None, None, None) for x in read), sum(x.upper is None for x in read)
    if part == "transmissions":
        return any(x != (None, None, None, None, None) for x in read), sum(x.branch is None for x in read)
    if part == "noble":
        return read != (None, None, None), 0
    if part == "void":
        return read != (None, None), read.count(None)
    return True, 0


def read_answer(parts: Mapping[str, object], month_known: bool) -> tuple[Answer, tuple[str, ...], int]:
    """The parts given (None: not given) read into an :class:`Answer`, the parts that answer something
    (in :data:`PARTS` order) and the number of places left open. A part wholly left open answers
    nothing; a month is left open when the chart has none to judge it against (``month_known``)."""
    given: list[str] = []
    open_places = 0
    read: dict[str, Any] = {}
    for part in PARTS:
        value = parts.get(part)
        if value is None or only_marks(value):  # "?" or "???": the whole part left open, in every part
            continue
        found = PART_READERS[part](value)
        answered, left_open = _places(part, found)
        if answered and part == "month" and not month_known:
            open_places += 1
        elif answered:
            given.append(part)
            open_places += left_open
            read[part] = found
    return Answer(**read), tuple(given), open_places
