"""Grading a learner's answer to an item: :func:`answer` checks the cells the item's level asks with
:func:`liuren.show.check.check`, refuses an answer for a cell the level does not ask, and gives a
:class:`Grade`: right, half (right under another school) or wrong, with the first wrong cell's key
and the rule missed.

>>> import random
>>> from liuren.practice.levels import deal
>>> item = deal(4, random.Random(1))
>>> c = item.chart
>>> answer(item, {"transmissions": "".join(str(t.branch) for t in c.transmissions)}).verdict
'right'
>>> answer(item, {"noble": "亥晝逆"})
Traceback (most recent call last):
...
liuren.errors.ParseError: an answer for 'noble', which level 4 (賊克) does not ask; accepted: lessons, transmissions, method (the cells lesson.upper, lesson.lower, transmission.branch, method, subname)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from ..chart import Chart
from ..cycle import BRANCH_CHARS, BRANCHES, parse_pillar
from ..errors import ParseError, quote
from ..school import NOBLE_LABEL
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
)
from ..show.text import KIN_SHORT
from ..transmissions import LESSON_TYPES
from .levels import Item, Level

Verdict = Literal["right", "half", "wrong"]
VERDICTS: tuple[Verdict, ...] = ("right", "half", "wrong")
TRANSMISSION_KINDS = {
    "branch": "transmission.branch",
    "general": "general",
    "kin": "kin",
    "stem": "hidden-stem",
    "void": "void",
}
"""The cell kind of each field of a 傳 as answered."""


@dataclass(frozen=True, slots=True)
class Grade:
    """The grade of one answer: ``verdict`` ("right", "half" for an answer right under another school,
    "wrong"), ``cell`` (the key of the first wrong cell, e.g. "initial.kin", or None when right),
    ``kind`` (that cell's kind, see :func:`cell_kind`), ``rule`` (the checker's message, naming the
    rule missed) and ``other_school`` (the school under which it is right, as text, or "")."""

    verdict: Verdict
    cell: str | None = None
    kind: str | None = None
    rule: str = ""
    other_school: str = ""

    def __str__(self) -> str:
        return self.verdict if not self.rule else f"{self.verdict}: {self.rule}"


def cell_kind(key: str) -> str:
    """The kind of a cell key of :func:`liuren.show.check.check`: "plate.子" → "plate", "lesson-2.upper"
    → "lesson.upper", "lesson-2.general" and "initial.general" → "general", "initial.branch" →
    "transmission.branch", "initial.kin" → "kin", "noble.direction" → "noble", "pattern.殃咎" →
    "pattern"; "offset", "method", "subname" and "reverse" are their own kinds."""
    head, _, tail = key.partition(".")
    if head in ("plate", "noble", "pattern"):
        return head
    if tail == "general":
        return "general"
    if head.startswith("lesson-"):
        return f"lesson.{tail}"
    if head in ("initial", "middle", "final"):
        return "transmission.branch" if tail == "branch" else tail
    return key


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


def _refuse(level: Level, what: str) -> ParseError:
    return ParseError(
        f"an answer for {what}, which level {level.number} ({level.title}) does not ask; accepted: "
        f"{', '.join(level.parts)} (the cells {', '.join(level.cells)})"
    )


def answer(item: Item, given: Mapping[str, object], lang: str = "en") -> Grade:
    """Grade ``given`` (a mapping of the parts of the item's level to the learner's answers, in the
    forms :func:`liuren.show.check.check` reads; for level 12 ``day`` and ``offset``) for ``item``.
    An answer for a part or a cell the level does not ask, or a malformed one, raises ParseError."""
    if not isinstance(item, Item):
        raise ParseError(f"item={quote(item)} is not a practice item; accepted: an Item from deal()")
    if not isinstance(given, Mapping):
        raise ParseError(f"given={quote(given)} is not a mapping; accepted: a dict of {', '.join(item.level.parts)}")
    level = item.level
    parts = {str(k): v for k, v in given.items() if v is not None}
    for part in parts:
        if part not in level.parts:
            raise _refuse(level, quote(part, 40))
    if not parts:
        raise ParseError(f"nothing was answered; accepted: {', '.join(level.parts)}")
    if level.number == 12:
        return _reverse(item, parts)
    for part, value in parts.items():
        extra = sorted(_written(part, value) - set(level.cells))
        if extra:
            raise _refuse(level, ", ".join(extra))
    if level.number == 11:
        _only_choices(item, parts)
    result = check(item.chart, **parts, lang=lang)  # type: ignore[arg-type]
    if result.ok:
        return Grade("right")
    if result.first_error is None:
        raise ParseError(f"every place was left open; accepted: {', '.join(level.parts)}")
    kind = None if result.cell is None else cell_kind(result.cell)
    if result.other_school is not None:
        return Grade("half", result.cell, kind, str(result), str(result.other_school))
    return Grade("wrong", result.cell, kind, result.message)


def solution(item: Item) -> dict[str, object]:
    """The right answer to ``item``, part by part, in the forms :func:`answer` reads and only in the
    cells its level asks (what a "show me" button shows; for the reverse drill, the item's own day and
    offset, one of the answers that hold)."""
    if not isinstance(item, Item):
        raise ParseError(f"item={quote(item)} is not a practice item; accepted: an Item from deal()")
    c, cells = item.chart, set(item.cells)
    general = "general" in cells
    if "kin" in cells:
        trans: object = [
            f"{KIN_SHORT[t.relation]}{t.stem or '空'}{t.branch}{t.general.short if general else ''}"
            for t in c.transmissions
        ]
    else:
        trans = "".join(f"{t.branch}{t.general.short if general else ''}" for t in c.transmissions)
    every: dict[str, object] = {
        "day": str(c.day),
        "offset": c.offset,
        "plate": {b: BRANCH_CHARS[(i + c.offset) % 12] for i, b in enumerate(BRANCH_CHARS)},
        "lessons": " ".join(f"{x.upper}/{x.lower}{x.general.short if general else ''}" for x in c.lessons),
        "transmissions": trans,
        "noble": f"{c.noble_branch}{NOBLE_LABEL[c.noble]}{'順' if c.generals_forward else '逆'}",
        "method": f"{c.method} {c.lesson_type}" if "method" in cells else str(c.lesson_type),
        "patterns": [p.name for p in c.patterns],
    }
    return {part: every[part] for part in item.level.parts}


def _only_choices(item: Item, parts: dict[str, object]) -> None:
    """Level 11 is multiple choice: every name given is one of the item's choices."""
    named: list[str] = []
    if "method" in parts:
        named += [x for x in parse_method_answer(parts["method"]) if x]
    if "patterns" in parts:
        named += sorted(parse_patterns(parts["patterns"]))
    for name in named:
        if name not in item.choices:
            raise ParseError(f"{quote(name, 40)} is not one of the choices; accepted: {' '.join(item.choices)}")


def _reverse(item: Item, parts: dict[str, object]) -> Grade:
    """The reverse drill: the day and offset given must give the item's lesson type and 三傳."""
    if "day" not in parts or "offset" not in parts:
        raise ParseError("the reverse drill needs both day (a pillar such as '丙申') and offset (0–11)")
    day = parts["day"]
    if isinstance(day, str) and day.strip() in UNKNOWN:
        raise ParseError(f"day={quote(day)} was left open; accepted: a day pillar such as '丙申'")
    pillar = parse_pillar(day)
    offset = parse_offset(parts["offset"])
    c = Chart(pillar, BRANCHES[0], BRANCHES[offset], school=item.chart.school)
    wanted = [t.branch for t in item.chart.transmissions]
    if [t.branch for t in c.transmissions] != wanted:
        return Grade(
            "wrong",
            "reverse",
            "reverse",
            f"{pillar} d={offset} gives the 三傳 {''.join(str(t.branch) for t in c.transmissions)}",
        )
    if c.lesson_type != item.chart.lesson_type:
        return Grade(
            "wrong", "reverse", "reverse", f"{pillar} d={offset} is {c.lesson_type}, not {item.chart.lesson_type}"
        )
    return Grade("right")


__all__ = ["VERDICTS", "Grade", "Verdict", "answer", "cell_kind", "solution"]
