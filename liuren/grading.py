"""The grade of a learner's answer: one record for every exercise of the package.

Three exercises ask a learner something of a chart and judge the answer: the exercise and
:func:`liuren.check` (a chart cast by hand, cell by cell: :class:`liuren.show.check.CheckResult`), the
reading exercise (which statements apply, and the verdict with its reason:
:class:`liuren.reading.exercise.ReadingCheck` and ``VerdictCheck``) and the practice path (an item's
boxes). Each checker keeps its own result, with what only it can say (the step a chart goes wrong at,
the conditions that fail); each of those results gives its :class:`Grade` (``result.grade``), and the
practice path grades with nothing else. A grade is made in one place, :func:`graded`: right when the
answer is right, half when it is wrong under the chart's school but right under another, wrong
otherwise, with the key of the first wrong place, its kind (:func:`cell_kind`) and the rule missed.
How the places and items of a typed answer are separated is written here once too
(:data:`SEPARATORS`, :data:`ITEM_SEPARATORS`), for every exercise's reader.

>>> graded(True)
Grade(verdict='right', cell=None, kind=None, rule='', other_school='', whole=True)
>>> g = graded(False, "initial.kin", "六親 is read from the day stem.")
>>> g.verdict, g.kind, g.ok, str(g)
('wrong', 'kin', False, 'wrong: 六親 is read from the day stem.')
>>> graded(False, "method", "…", other_school="探原").verdict
'half'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Verdict = Literal["right", "half", "wrong"]
VERDICTS: tuple[Verdict, ...] = ("right", "half", "wrong")
"""A grade's verdicts: right, half (right under another school) and wrong."""
SEPARATORS = ",、，/·"
"""Characters between the places of an answer that are not part of it (with white space): "辰,巳",
"癸 丙 辛", "父、財、子"."""
ITEM_SEPARATORS = re.compile(r"[\s,、，;；]+")
"""What separates the items of an answer written as one string (a lesson, a 傳, a pattern name, a
statement id of the reading exercise)."""
TRANSMISSION_CELLS = ("initial", "middle", "final")
"""The head of a 傳's cell key ("initial.kin")."""


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
    whole: bool = True
    """Whether every box of the item was answered (a step of the one-step mode is not: its right grade
    is never recorded, its wrong one is, as the item's)."""

    @property
    def ok(self) -> bool:
        """Whether the answer is right (a half answer is not)."""
        return self.verdict == "right"

    def __str__(self) -> str:
        return self.verdict if not self.rule else f"{self.verdict}: {self.rule}"


def cell_kind(key: str) -> str:
    """The kind of a cell key of :func:`liuren.show.check.check`: "plate.子" → "plate", "lesson-2.upper"
    → "lesson.upper", "lesson-2.general" and "initial.general" → "general", "initial.branch" →
    "transmission.branch", "initial.kin" and "branch-1.kin" (level 1) → "kin", "noble.direction" →
    "noble", "pattern.殃咎" → "pattern"; "offset", "method", "subname" and "reverse" are their own kinds."""
    head, _, tail = key.partition(".")
    if head in ("plate", "noble", "pattern"):
        return head
    if head.startswith("branch-"):  # level 1: the n-th branch given
        return tail
    if tail == "general":
        return "general"
    if head.startswith("lesson-"):
        return f"lesson.{tail}"
    if head in TRANSMISSION_CELLS:
        return "transmission.branch" if tail == "branch" else tail
    return key


def graded(
    ok: bool,
    cell: str | None = None,
    rule: str = "",
    *,
    other_school: str = "",
    kind: str | None = None,
    whole: bool = True,
) -> Grade:
    """The one way a grade is made. ``ok``: the answer is right (nothing else is kept). Else ``cell`` is
    the key of the first wrong place, ``rule`` the message naming the rule missed and ``other_school``
    the school under which the answer is right ("" for none: then it is wrong, else half); ``kind`` is
    the cell's kind (by default :func:`cell_kind` of ``cell``). ``whole``: every box was answered."""
    if ok:
        return Grade("right", whole=whole)
    if kind is None and cell is not None:
        kind = cell_kind(cell)
    return Grade("half" if other_school else "wrong", cell, kind, rule, other_school, whole=whole)


__all__ = ["ITEM_SEPARATORS", "SEPARATORS", "VERDICTS", "Grade", "Verdict", "cell_kind", "graded"]
