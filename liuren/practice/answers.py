"""Grading a learner's answer to an item: :func:`answer` checks a whole answer (every box the item asks,
filled; a partial one raises :class:`Unfinished` naming the empty boxes) with
:func:`liuren.show.check.check` (levels 1 and 2 cell by cell here), refuses an answer for a cell the
level does not ask, and gives a :class:`~liuren.grading.Grade`: right, half (right under another
school) or wrong, with the first wrong cell's key and the rule missed; the grade of a checked answer is
the checker's own (``CheckResult.grade``, ``VerdictCheck.grade_of``), every grade made by
:func:`liuren.grading.graded`. :func:`solution` is the right answer and
:func:`example` a made-up one for a box's grey text.

>>> import random
>>> from liuren.practice.levels import deal
>>> item = deal(4, random.Random(1))
>>> answer(item, solution(item)).verdict
'right'
>>> answer(item, {"transmissions": solution(item)["transmissions"]})
Traceback (most recent call last):
...
liuren.practice.answers.Unfinished: not finished: these boxes are empty: lessons, method; nothing was graded or recorded (accepted: every box the item asks, filled)
>>> answer(item, {"noble": "亥晝逆"})
Traceback (most recent call last):
...
liuren.errors.ParseError: an answer for 'noble', which level 4 (Conquest (賊克)) does not ask; accepted: lessons, transmissions, method (the cells lesson.upper, lesson.lower, transmission.branch, method, subname)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cache, partial
from typing import TypeVar

from ..chart import Chart
from ..cycle import (
    BRANCH_CHARS,
    BRANCHES,
    ELEMENTS,
    PILLARS,
    normalize,
    parse_pillar,
    parse_stem,
)
from ..errors import ParseError, quote
from ..grading import SEPARATORS, graded
from ..grading import VERDICTS as VERDICTS
from ..grading import Grade as Grade
from ..grading import Verdict as Verdict
from ..grading import cell_kind as cell_kind
from ..school import NOBLE_LABEL
from ..show.answer_forms import KIN_WORDS, VOID_MARKS
from ..show.answer_forms import only_marks as only_marks
from ..show.answers import PART_READERS
from ..show.check import (
    METHODS,
    UNKNOWN,
    check,
    parse_lesson_cells,
    parse_method_answer,
    parse_noble_answer,
    parse_offset,
    parse_patterns,
    parse_transmission_cells,
    parse_void_answer,
)
from ..show.i18n import check_lang
from ..show.text import KIN_SHORT
from ..transmissions import LESSON_TYPES
from .levels import JUDGING, Item

_T = TypeVar("_T")


class Unfinished(ParseError):
    """An answer that leaves a box the item asks empty (or a place in it open with "?"): not graded and
    not recorded. ``missing`` names the boxes (the parts, in the item's order); ``open_`` those of them
    that hold a "?" (the package's mark for a place not yet answered) rather than nothing, and
    ``places`` the open places (counted from 1) of each such box that has places, such as the three
    branches of level 1's 遁干 box."""

    def __init__(
        self,
        missing: tuple[str, ...],
        open_: tuple[str, ...] = (),
        places: Mapping[str, tuple[int, ...]] | None = None,
    ) -> None:
        self.missing = missing
        self.open_ = tuple(p for p in missing if p in open_)
        self.places = dict(places or {})
        empty = [p for p in missing if p not in self.open_]
        said = [f"these boxes are empty: {', '.join(empty)}"] if empty else []
        if self.open_:
            said.append(f"these hold '?', a place not yet answered: {', '.join(self.open_)}")
        super().__init__(
            f"not finished: {'; '.join(said)}; nothing was graded or recorded "
            f"(accepted: every box the item asks, filled)"
        )

    @property
    def empty(self) -> tuple[str, ...]:
        """The boxes left empty (those of ``missing`` that hold no "?")."""
        return tuple(p for p in self.missing if p not in self.open_)


PROBLEMS = ("sign", "count", "choice", "form")
"""What can be wrong with a box that cannot be read (:class:`Unreadable`)."""


class Unreadable(ParseError):
    """The answer in the box ``part`` cannot be read: not graded and not recorded. Its message is the
    reader's own (English, the API's language); ``problem`` (one of :data:`PROBLEMS`) and the data say
    what is wrong so a page can word it in its learner's language: "sign" (``sign`` is no sign the box
    takes), "count" (``count`` places written where ``expected`` are asked), "choice" (``sign`` is not
    among the item's choices) or "form" (``text``, the box's answer, is not in the box's form)."""

    def __init__(
        self,
        message: str,
        *,
        part: str,
        problem: str = "form",
        text: str = "",
        sign: str = "",
        count: int = 0,
        expected: int = 0,
    ) -> None:
        if problem not in PROBLEMS:  # pragma: no cover - the problems are named in this module
            raise AssertionError(problem)
        super().__init__(message)
        self.part = part
        self.problem = problem
        self.text = text
        self.sign = sign
        self.count = count
        self.expected = expected


def _shown(value: object) -> str:
    """An answer as a message shows it: its text (a plate as its twelve signs), bounded."""
    text = as_text("plate", value) if isinstance(value, Mapping) else str(value)
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "…"


MAX_SHOWN = 24
"""How many characters of an unreadable box a message shows."""


def _reading(part: str, value: object, read: Callable[[object], _T]) -> _T:
    """``read(value)`` of the box ``part`` holding ``value``: a malformed answer's ParseError becomes an
    :class:`Unreadable` of that box (a "form" problem, unless the reader said more)."""
    try:
        return read(value)
    except (Unreadable, Unfinished):
        raise
    except ParseError as error:
        raise Unreadable(str(error), part=part, text=_shown(value)) from error


TRANSMISSION_KINDS = {
    "branch": "transmission.branch",
    "general": "general",
    "kin": "kin",
    "stem": "hidden-stem",
    "void": "void",
}
"""The cell kind of each field of a 傳 as answered."""


def _written(part: str, value: object) -> set[str]:
    """The cell kinds an answer for ``part`` writes (parsing it: a malformed one raises ParseError)."""
    if part == "offset":
        parse_offset(value)
        return {"offset"}
    if part == "plate":
        return {"plate"}
    if part == "lessons":
        out = set()
        for x in parse_lesson_cells(value):
            out |= {
                k
                for k, v in (("lesson.upper", x.upper), ("lesson.lower", x.lower), ("general", x.general))
                if v is not None
            }
        return out
    if part == "transmissions":
        out = set()
        for t in parse_transmission_cells(value):
            out |= {kind for name, kind in TRANSMISSION_KINDS.items() if getattr(t, name) is not None}
        return out
    if part == "noble":
        return {"noble"} if parse_noble_answer(value) != (None, None, None) else set()
    if part == "method":
        first, sub = parse_method_answer(value)
        named = "method" if first in METHODS and first not in LESSON_TYPES else "subname"  # 比用 names both
        return {named} | ({"subname"} if sub else set())
    if part == "patterns":
        parse_patterns(value)
        return {"pattern"}
    raise AssertionError(part)  # pragma: no cover - the parts are checked against the level first


def _refuse(item: Item, what: str) -> ParseError:
    level = item.level
    return ParseError(
        f"an answer for {what}, which level {level.number} ({level.title}) does not ask; accepted: "
        f"{', '.join(item.parts)} (the cells {', '.join(item.cells)})"
    )


def answer(item: Item, given: Mapping[str, object], lang: str = "en", *, step: bool = False) -> Grade:
    """Grade ``given`` (a mapping of the boxes the item asks, its ``parts``, to the learner's answers, in
    the forms :func:`liuren.show.check.check` reads; for level 12 ``day`` and ``offset``) for ``item``.

    Whole answers only: an answer that leaves a box empty, or a place in it open ("?"), raises
    :class:`Unfinished` (a ParseError) naming the empty boxes; it is not graded. With ``step=True``
    (the one-step mode) the boxes given are graded alone, each of them whole, and the grade says
    ``whole=False`` unless every box was given. An answer for a part or a cell the item does not ask
    raises ParseError, and so does a ``lang`` that is no registered language; a box that cannot be read
    raises :class:`Unreadable` (a ParseError) naming the box and what is wrong in it. A box holding
    nothing but "?" is left open at every level (:class:`Unfinished` names it among ``open_``)."""
    if not isinstance(item, Item):
        raise ParseError(f"item={quote(item)} is not a practice item; accepted: an Item from deal()")
    if not isinstance(given, Mapping):
        raise ParseError(f"given={quote(given)} is not a mapping; accepted: a dict of {', '.join(item.parts)}")
    lang = check_lang(
        lang
    )  # every level alike: the checker's levels refused an unknown language, the others wrote English
    parts = {str(k): v for k, v in given.items() if v is not None and not (isinstance(v, str) and not v.strip())}
    for part in parts:
        if part not in item.parts:
            raise _refuse(item, quote(part, 40))
    if not parts:
        raise Unfinished(item.parts)
    # a box holding "?" alone is a box left open, whatever it asks (levels 1 and 2 read each "?" as an
    # open place, and name the places)
    marked = () if item.level.number in BASIC_LEVELS else tuple(p for p in item.parts if only_marks(parts.get(p)))
    rest = {p: v for p, v in parts.items() if p not in marked}
    if marked and (step or not rest):
        raise Unfinished(marked if step else tuple(p for p in item.parts if p not in rest), marked)
    try:
        return _graded(item, rest, lang, step)
    except Unfinished as unfinished:
        if not marked:
            raise
        raise Unfinished(unfinished.missing, (*unfinished.open_, *marked), unfinished.places) from None
    except Unreadable:
        raise
    except ParseError as error:  # a whole answer the checker could not read: which box was it?
        culprit = _culprit(item, parts, lang)
        if culprit is None:
            raise
        raise Unreadable(str(error), part=culprit, text=_shown(parts[culprit])) from error


def _culprit(item: Item, parts: dict[str, object], lang: str) -> str | None:
    """The first box of ``parts`` that cannot be read alone, or None."""
    for part, value in parts.items():
        try:
            _graded(item, {part: value}, lang, True)
        except Unfinished:
            continue
        except ParseError:
            return part
    return None


def _graded(item: Item, parts: dict[str, object], lang: str, step: bool) -> Grade:
    """:func:`answer` of the boxes ``parts`` (each one filled and asked)."""
    level = item.level
    if level.number == JUDGING:
        return _judging(item, parts, lang, step)
    if level.number in BASIC_LEVELS:
        return _basics(item, parts, lang, step)
    if level.number == 12:
        missing = tuple(p for p in item.parts if p not in parts)
        if missing:
            raise Unfinished(missing)
        return _reverse(item, parts, lang)
    for part, value in parts.items():
        extra = sorted(_reading(part, value, partial(_written, part)) - set(item.cells))
        if extra:
            raise _refuse(item, ", ".join(extra))
    open_ = tuple(p for p in item.parts if p in parts and not _complete(item, p, parts[p]))
    missing = tuple(p for p in item.parts if p not in parts or p in open_)
    if open_ or (missing and not step):
        raise Unfinished(open_ if step else missing, tuple(p for p in open_ if _marked_open(parts[p])))
    if level.number == 11:
        _only_choices(item, parts)
    whole = not missing
    grade = check(item.chart, **parts, lang=lang).grade  # type: ignore[arg-type]
    if grade is None:  # nothing answered
        raise Unfinished(item.parts)
    return replace(grade, whole=whole)


def _marked_open(value: object) -> bool:
    """Whether an answer holds the "?" of a place left open (not merely too few places)."""
    if isinstance(value, Mapping):
        return any(str(v) in UNKNOWN for v in value.values())
    texts = value if isinstance(value, list | tuple) else [value]
    return any(isinstance(t, str) and any(c in UNKNOWN for c in t) for t in texts)


def _complete(item: Item, part: str, value: object) -> bool:
    """Whether the answer ``value`` for ``part`` fills every cell of it that ``item`` asks (parsed
    already by :func:`_written`, so it parses)."""
    cells = set(item.cells)
    if part == "offset":
        return True
    if part == "plate":
        if not isinstance(value, Mapping):
            return False
        return all(value.get(b) not in (None, "") and str(value.get(b)) not in UNKNOWN for b in BRANCH_CHARS)
    if part == "lessons":
        lessons = parse_lesson_cells(value)
        general = "general" in cells
        return len(lessons) == 4 and all(
            x.upper is not None and x.lower is not None and (x.general is not None or not general) for x in lessons
        )
    if part == "transmissions":
        ts = parse_transmission_cells(value)
        needs = {kind for name, kind in TRANSMISSION_KINDS.items() if kind in cells and kind != "void"}
        return len(ts) == 3 and all(
            all(
                (t.stem is not None or bool(t.void)) if kind == "hidden-stem" else getattr(t, name) is not None
                for name, kind in TRANSMISSION_KINDS.items()
                if kind in needs
            )
            for t in ts
        )
    if part == "noble":
        return None not in tuple(parse_noble_answer(value))
    if part == "method":
        first, sub = parse_method_answer(value)
        if not first:
            return False
        if "method" in cells and "subname" in cells:
            return bool(sub) or first in LESSON_TYPES
        return True
    return True  # patterns: any answer, "無" included, is whole


BASIC_LEVELS = frozenset((1, 2))
"""The levels graded here cell by cell, not by the checker: level 1 (旬空, 遁干 and 六親 of given
branches) and level 2 (日辰, 占時, 月將 and 月建 of a moment)."""
BASIC_CELLS = {
    "void": "void",
    "stems": "hidden-stem",
    "kin": "kin",
    "day": "day",
    "hour": "hour",
    "general": "month-general",
    "month": "month",
}
"""The cell kind of each box of levels 1 and 2."""
PLACED = frozenset(("void", "stems", "kin"))
"""The boxes of levels 1 and 2 with places of their own (a "?" in one leaves one place open)."""
BASIC_PLACES = {"void": 2}
"""How many places a box of :data:`PLACED` has when not one per given branch (the 旬空's two)."""
POSITIONS = ("initial", "middle", "final")


def _tokens(value: object, part: str, count: int, read: Callable[[str], str | None]) -> list[str | None]:
    """``count`` places of the stems or the kin box of level 1, each read by ``read`` (None: left open)."""
    if not isinstance(value, str) or len(value) > MAX_BOX:
        raise Unreadable(
            f"{part}={quote(value)} is not understood; accepted: {count} signs written as text",
            part=part,
            text=_shown(value),
        )
    text = normalize(value)
    out: list[str | None] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c.isspace() or c in SEPARATORS:
            i += 1
            continue
        if c in UNKNOWN:
            out.append(None)
            i += 1
            continue
        pair = text[i : i + 2]
        if part == "kin" and pair in KIN_WORDS and len(pair) == 2:
            out.append(read(pair))
            i += 2
            continue
        out.append(_sign(part, c, read))
        i += 1
    if len(out) != count:
        raise Unreadable(
            f"{part}={quote(value)} has {len(out)} places; accepted: {count}, such as {EXAMPLE_OF[part]}",
            part=part,
            problem="count",
            text=_shown(value),
            count=len(out),
            expected=count,
        )
    return out


def _sign(part: str, c: str, read: Callable[[str], str | None]) -> str | None:
    """One sign of a level 1 box read by ``read``: a sign the box does not take is an :class:`Unreadable`
    naming it."""
    try:
        return read(c)
    except ParseError as error:
        raise Unreadable(str(error), part=part, problem="sign", text=c, sign=c) from error


MAX_BOX = 40
"""No box of levels 1 and 2 is longer."""
EXAMPLE_OF = {"stems": "'甲 空 丙'", "kin": "'父 財 官'"}


def _read_stem(c: str) -> str | None:
    return "" if c in VOID_MARKS else str(parse_stem(c))


def _read_kin(c: str) -> str | None:
    if c not in KIN_WORDS:
        raise ParseError(
            f"kin: {quote(c)} is not one of the 六親; accepted: 父 兄 子 財 官 (or 父母 兄弟 子孫 妻財 官鬼)"
        )
    return KIN_WORDS[c]


def _basics(item: Item, parts: dict[str, object], lang: str, step: bool) -> Grade:
    """Levels 1 and 2 (and their drills), graded box by box in the item's order."""
    read: dict[str, object] = {}
    for part, value in parts.items():
        if only_marks(value):  # "?" or "???": the whole box left open, however many places it has
            read[part] = [None] * BASIC_PLACES.get(part, len(item.branches)) if part in PLACED else None
        elif part == "void":  # the checker's reader: "辰巳", "空亡 辰巳", "旬空：辰巳", ["辰", "巳"] …
            void = _reading(part, value, parse_void_answer)
            read[part] = [None if b is None else BRANCH_CHARS[b] for b in void]
        elif part == "stems":
            read[part] = _tokens(value, part, len(item.branches), _read_stem)
        elif part == "kin":
            read[part] = _tokens(value, part, len(item.branches), _read_kin)
        else:  # the checker's reader of the part: an ordinal, None when left open
            found = _reading(part, value, PART_READERS[part])
            read[part] = None if found is None else str((PILLARS if part == "day" else BRANCHES)[found])
    open_ = tuple(p for p in item.parts if p in read and _open(read[p]))
    missing = tuple(p for p in item.parts if p not in read or p in open_)
    if open_ or (missing and not step):
        places = {p: tuple(n + 1 for n, x in enumerate(v) if x is None) for p, v in read.items() if isinstance(v, list)}
        raise Unfinished(open_ if step else missing, open_, {p: n for p, n in places.items() if n})
    right = _basic_solution(item)
    for part in item.parts:
        if part not in read:
            continue
        kind = BASIC_CELLS[part]
        got, want = read[part], right[part]
        if part == "void":
            if set(got) != set(want):  # type: ignore[call-overload]
                return graded(False, "void", basic_rule(item, kind, lang), whole=not missing)
        elif isinstance(want, list):
            for n, (g, w) in enumerate(zip(got, want, strict=True)):  # type: ignore[call-overload]
                if g != w:
                    return graded(False, f"branch-{n + 1}.{kind}", basic_rule(item, kind, lang), whole=not missing)
        elif got != want:
            return graded(False, kind, basic_rule(item, kind, lang), whole=not missing)
    return graded(True, whole=not missing)


def _open(value: object) -> bool:
    """Whether a box read by :func:`_basics` has a place left open."""
    return value is None or (isinstance(value, list) and None in value)


def _basic_solution(item: Item) -> dict[str, object]:
    c = item.chart
    return {
        "void": [str(b) for b in c.void],
        "stems": ["" if t.stem is None else str(t.stem) for t in c.transmissions],
        "kin": [t.relation for t in c.transmissions],
        "day": str(c.day),
        "hour": str(c.hour),
        "general": str(c.general),
        "month": "" if c.month is None else str(c.month),
    }


def basic_rule(item: Item, kind: str, lang: str) -> str:
    """The rule of a cell of levels 1 and 2 in ``lang``, with the item's day filled in."""
    return chart_rule(item.chart, kind, lang)


def chart_rule(c: Chart, kind: str, lang: str) -> str:
    """The rule of a cell kind of levels 1 and 2 in ``lang`` for chart ``c`` (its day filled in): what
    :func:`basic_rule` says, from the chart alone, so the wrong-answer book can say a stored miss's rule
    again in the language it is shown in."""
    from ..cycle import STEM_ELEMENT, xun_branch
    from ..show.words.practice import PRACTICE

    day = c.day.ordinal
    words = PRACTICE[check_lang(lang)]
    return words[f"rule-{kind}"].format(
        day=str(c.day),
        xun=str(PILLARS[day - day % 10]),
        xb=str(BRANCHES[xun_branch(day)]),
        stem=str(c.stem),
        se=str(ELEMENTS[STEM_ELEMENT[c.stem.ordinal]]),
    )


def solution(item: Item) -> dict[str, object]:
    """The right answer to ``item``, part by part, in the forms :func:`answer` reads and only in the
    boxes it asks (what a "show me" button shows; for the reverse drill, the item's own day and
    offset, one of the answers that hold)."""
    if not isinstance(item, Item):
        raise ParseError(f"item={quote(item)} is not a practice item; accepted: an Item from deal()")
    if item.level.number == JUDGING:
        from .levels import decisive_reasons

        verdict, right = decisive_reasons(item.chart, item.prompt)
        return {"verdict": verdict, "reason": next((c for c in item.choices if c in right), "")}
    c, cells = item.chart, set(item.cells)
    general = "general" in cells
    if "kin" in cells and item.level.number not in BASIC_LEVELS:
        trans: object = [
            f"{KIN_SHORT[t.relation]}{t.stem or '空'}{t.branch}{t.general.short if general else ''}"
            for t in c.transmissions
        ]
    else:
        trans = "".join(f"{t.branch}{t.general.short if general else ''}" for t in c.transmissions)
    every: dict[str, object] = {
        "day": str(c.day),
        "hour": str(c.hour),
        "general": str(c.general),
        "month": "" if c.month is None else str(c.month),
        "void": "".join(str(b) for b in c.void),
        "stems": " ".join(str(t.stem or "空") for t in c.transmissions),
        "kin": " ".join(KIN_SHORT[t.relation] for t in c.transmissions),
        "offset": c.offset,
        "plate": {b: BRANCH_CHARS[(i + c.offset) % 12] for i, b in enumerate(BRANCH_CHARS)},
        "lessons": " ".join(f"{x.upper}/{x.lower}{x.general.short if general else ''}" for x in c.lessons),
        "transmissions": trans,
        "noble": f"{c.noble_branch}{NOBLE_LABEL[c.noble]}{'順' if c.generals_forward else '逆'}",
        "method": f"{c.method} {c.lesson_type}" if "method" in cells else str(c.lesson_type),
        "patterns": [p.name for p in c.patterns],
    }
    return {part: every[part] for part in item.parts}


def as_text(part: str, value: object) -> str:
    """A part of :func:`solution` as the text typed in its box (the plate as its twelve branches)."""
    if isinstance(value, Mapping):
        return "".join(str(value[b]) for b in BRANCH_CHARS)
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value) if value else "無"
    return str(value)


def _only_choices(item: Item, parts: dict[str, object]) -> None:
    """Level 11 is multiple choice: every name given is one of the item's choices."""
    named: list[tuple[str, str]] = []
    if "method" in parts:
        named += [("method", x) for x in parse_method_answer(parts["method"]) if x]
    if "patterns" in parts:
        named += [("patterns", x) for x in sorted(parse_patterns(parts["patterns"]))]
    for part, name in named:
        if name not in item.choices:
            raise Unreadable(
                f"{quote(name, 40)} is not one of the choices; accepted: {' '.join(item.choices)}",
                part=part,
                problem="choice",
                text=_shown(name),
                sign=_shown(name),
            )


def _judging(item: Item, parts: dict[str, object], lang: str, step: bool) -> Grade:
    """Level 14: the verdict and the reason (one of the item's choices), graded by
    :func:`liuren.reading.exercise.check_verdict`; the verdict first, then the reason."""
    from ..reading.exercise import check_verdict

    missing = tuple(p for p in item.parts if p not in parts)
    if missing and not step:
        raise Unfinished(missing)
    reason = parts.get("reason")
    if reason is not None:
        reason = reason.strip() if isinstance(reason, str) else reason
        if reason not in item.choices:
            raise Unreadable(
                f"reason={quote(reason, 40)} is not one of the choices; accepted: {' '.join(item.choices)}",
                part="reason",
                problem="choice",
                text=_shown(reason),
                sign=_shown(reason),
            )
    verdict = parts.get("verdict")
    result = check_verdict(
        item.chart,
        item.prompt,
        "未定" if verdict is None else verdict,
        item.choices[0] if reason is None else reason,
        lang=lang,
    )
    given = [part for part, value in (("verdict", verdict), ("reason", reason)) if value is not None]
    return result.grade_of(given, whole=not missing)


def _reverse(item: Item, parts: dict[str, object], lang: str) -> Grade:
    """The reverse drill: the day and offset given must give the item's lesson type and 三傳 (the rule
    missed says what they give instead, in ``lang``)."""
    from ..show.words.practice import PRACTICE

    if "day" not in parts or "offset" not in parts:
        raise ParseError("the reverse drill needs both day (a pillar such as '丙申') and offset (0–11)")
    day = parts["day"]
    if isinstance(day, str) and day.strip() in UNKNOWN:
        raise Unfinished(("day",), ("day",))
    pillar = _reading("day", day, parse_pillar)
    offset = _reading("offset", parts["offset"], parse_offset)
    c = Chart(pillar, BRANCHES[0], BRANCHES[offset], school=item.chart.school)
    words = PRACTICE[lang]
    wanted = [t.branch for t in item.chart.transmissions]
    if [t.branch for t in c.transmissions] != wanted:
        got = "".join(str(t.branch) for t in c.transmissions)
        return graded(
            False, "reverse", words["rule-reverse-transmissions"].format(pillar=pillar, offset=offset, got=got)
        )
    if c.lesson_type != item.chart.lesson_type:
        said = words["rule-reverse-type"].format(
            pillar=pillar, offset=offset, got=c.lesson_type, want=item.chart.lesson_type
        )
        return graded(False, "reverse", said)
    return graded(True)


__all__ = [
    "PROBLEMS",
    "VERDICTS",
    "Grade",
    "Unfinished",
    "Unreadable",
    "Verdict",
    "answer",
    "as_text",
    "basic_rule",
    "cell_kind",
    "cell_value",
    "chart_rule",
    "example",
    "solution",
]


def cell_value(chart: Chart, cell: str) -> str:
    """The right value of the cell ``cell`` (a key of :func:`liuren.show.check.check` or of levels 1 and
    2, e.g. "initial.hidden-stem", "plate.子", "lesson-2.upper") of ``chart``, as text ("" when the key
    names no single value)."""
    head, _, tail = cell.partition(".")
    c = chart
    if head == "plate" and tail in BRANCH_CHARS:
        return BRANCH_CHARS[(BRANCH_CHARS.index(tail) + c.offset) % 12]
    if head.startswith("lesson-") and head[7:].isdigit() and 1 <= int(head[7:]) <= 4:
        lesson = c.lessons[int(head[7:]) - 1]
        return {"upper": str(lesson.upper), "lower": str(lesson.lower), "general": str(lesson.general)}.get(tail, "")
    if head.startswith("branch-") and head[7:] in ("1", "2", "3"):
        head = POSITIONS[int(head[7:]) - 1]
    if head in POSITIONS:
        t = c.transmissions[POSITIONS.index(head)]
        values = {
            "branch": str(t.branch),
            "general": str(t.general),
            "kin": t.relation,
            "hidden-stem": str(t.stem or "空"),
            "stem": str(t.stem or "空"),
            "void": "◎" if t.void else "",
        }
        return values.get(tail, "")
    if head == "noble":
        return f"{c.noble_branch}{NOBLE_LABEL[c.noble]}{'順' if c.generals_forward else '逆'}"
    simple = {
        "offset": str(c.offset),
        "method": str(c.method),
        "subname": str(c.lesson_type),
        "void": "".join(str(b) for b in c.void),
        "day": str(c.day),
        "hour": str(c.hour),
        "month-general": str(c.general),
        "month": "" if c.month is None else str(c.month),
    }
    return simple.get(cell, "")


EXAMPLE_SEEDS = 6
"""How many made-up charts :func:`example` draws its examples from (one is always not the item's)."""


def example(item: Item, part: str) -> str:
    """A made-up example of what goes in the box ``part`` of ``item``: the same box's answer for
    another chart (of the item's level, or of another level where this one has a single answer, as
    別責 has), written as this item's box asks it, and never this item's answer."""
    own = as_text(part, solution(item).get(part))
    if item.level.number == JUDGING:  # a verdict word, or a statement id, that is not among the answers
        from ..reading.statements import statements
        from ..reading.verdict import VERDICTS

        made_up = VERDICTS if part == "verdict" else tuple(s.id for s in statements() if s.id not in item.choices)
        return next(x for x in made_up if x != own)
    for chart in _example_charts(item.level.number):
        text = as_text(part, solution(Item(chart, item.cells, item.level, parts=item.parts))[part])
        if text != own:
            return text
    raise AssertionError(f"no example for {part}")  # pragma: no cover - the charts differ in every part


@cache
def _example_charts(level: int) -> tuple[Chart, ...]:
    """A few charts of ``level``, then of the other levels (drawn once, from a fixed seed)."""
    import random

    from .levels import LEVELS, deal

    rng = random.Random(f"example {level}")
    order = [level] + [lv.number for lv in LEVELS if lv.number != level]
    return tuple(deal(n, rng).chart for n in order for _ in range(EXAMPLE_SEEDS if n == level else 1))
