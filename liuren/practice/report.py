"""The teacher's report on a class: :func:`class_report` reads the learners' exports
(:meth:`liuren.practice.Practice.export`, one JSON file a learner) and gives, per lesson type, how many
answers and wrong answers the class gave, the commonest first wrong step (the cell key the checker
named first, e.g. "initial.branch") and the learners who are stuck there.

**Stuck** (:data:`STUCK`): a learner is stuck at a lesson type when at least 3 of their last 5 answers
at that lesson type (at any level, in the order they answered) were not right ("wrong", or "half":
right only under another school). A learner with fewer than 3 answers there is never stuck.

A learner is named by the export's file name without its suffix (``kim.json`` → "kim"); two files of
the same name are told apart by their folders' names.

>>> import json, os, tempfile
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "kim.json")
>>> _ = open(path, "w").write(json.dumps({"format": "liuren-practice", "version": 2, "reviews": [], "cards": [], "levels": []}))
>>> class_report([path]).learners
('kim',)
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ParseError, quote
from ..transmissions import LESSON_TYPES
from .progress import _read_export, _review_row

STUCK = (3, 5)
"""A learner is stuck at a lesson type with at least 3 answers not right among their last 5 there."""
MAX_FILES = 1000
"""The most exports one report reads."""


@dataclass(frozen=True, slots=True)
class TypeReport:
    """One lesson type of a :class:`ClassReport`: the class's ``reviews`` (answers) and ``misses``
    (answers not right) there, the commonest first wrong ``step`` (a cell key; None without a miss
    that names one) and how many misses named it (``step_count``), and the ``stuck`` learners."""

    lesson_type: str
    reviews: int
    misses: int
    step: str | None
    step_count: int
    stuck: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ClassReport:
    """The class report: the ``learners`` (in the order their files were given, each once) and one
    :class:`TypeReport` per lesson type answered, in the tables' order (``rows``); ``duplicates`` names
    the files left out as repeats of an earlier one."""

    learners: tuple[str, ...]
    rows: tuple[TypeReport, ...]
    duplicates: tuple[tuple[str, str], ...] = ()
    """Files given twice, or holding the same reviews as an earlier file (a copy of the same export):
    (the file, the earlier file it repeats); each learner is counted once, from the earlier file."""

    def row(self, lesson_type: str) -> TypeReport | None:
        """The row of ``lesson_type``, or None when no learner answered it."""
        return next((r for r in self.rows if r.lesson_type == lesson_type), None)

    def html(self, lang: str = "ko") -> str:
        """The report as an HTML table (every text escaped)."""
        from .plots import report_html

        return report_html(self, lang)

    def plot(self, lang: str = "ko") -> Any:
        """Wrong answers and stuck learners per lesson type: a matplotlib Figure, or where matplotlib is
        not installed an :class:`liuren.practice.plots.SVGPicture` of the same plot."""
        from .plots import plot_report

        return plot_report(self, lang)

    def svg(self, lang: str = "ko") -> Any:
        """The plot as SVG (no matplotlib)."""
        from .plots import report_svg

        return report_svg(self, lang)

    def _repr_html_(self) -> str:
        return self.html()


def _names(paths: list[Path]) -> list[str]:
    stems = Counter(p.stem for p in paths)
    return [p.stem if stems[p.stem] == 1 else f"{p.parent.name}/{p.stem}" for p in paths]


def _reviews(path: Path) -> list[tuple[str, str, str, str | None, str]]:
    """(time, lesson type, verdict, first wrong cell) of each review in the export at ``path``, checked
    as :meth:`Practice.import_` checks them, in the order answered."""
    shown = quote(str(path), 200)
    data = _read_export(path, shown)
    try:
        rows = [_review_row(r) for r in data["reviews"]]
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ParseError(
            f"{shown} holds a malformed review ({quote(str(error), 80)}); accepted: a practice export"
        ) from None
    out = [(str(r[1]), str(r[3]), str(r[5]), None if r[6] is None else str(r[6]), str(r[0])) for r in rows]
    out.sort(key=lambda r: r[0])  # the stamps sort as the times do; a stable sort keeps the file's order
    return out


def class_report(paths: Iterable[str | os.PathLike[str]]) -> ClassReport:
    """The report on the learners whose exports are at ``paths`` (see the module). A file that is not
    a practice export, or holds a malformed review, raises ParseError naming it. A file given twice, or
    a copy of an earlier file (the same reviews), is counted once and named in ``duplicates``."""
    if isinstance(paths, str | bytes | os.PathLike):
        raise ParseError(f"paths={quote(paths)} is one path; accepted: a list of practice export files")
    try:
        given = list(paths)
    except TypeError:
        raise ParseError(f"paths={quote(paths)} is not a list; accepted: a list of practice export files") from None
    if not given or len(given) > MAX_FILES:
        raise ParseError(f"{len(given)} files given; accepted: 1–{MAX_FILES} practice export files")
    files = []
    for p in given:
        if not isinstance(p, str | os.PathLike) or not isinstance(os.fspath(p), str):
            raise ParseError(f"path={quote(p)} is not a file path; accepted: a file name as a str or pathlib.Path")
        files.append(Path(p))
    read: list[tuple[Path, list[tuple[str, str, str, str | None, str]]]] = []
    seen: dict[object, Path] = {}
    duplicates: list[tuple[str, str]] = []
    for path in files:
        reviews = _reviews(path)
        same = (os.path.realpath(path),)
        content = frozenset(r[4] for r in reviews)
        earlier = seen.get(same) or (seen.get(content) if content else None)
        if earlier is not None:
            duplicates.append((str(path), str(earlier)))
            continue
        seen[same] = path
        if content:
            seen[content] = path
        read.append((path, reviews))
    names = _names([p for p, _ in read])
    answered: dict[str, int] = Counter()
    missed: dict[str, int] = Counter()
    steps: dict[str, Counter[str]] = {}
    stuck: dict[str, list[str]] = {}
    for name, (_, reviews) in zip(names, read, strict=True):
        last: dict[str, list[bool]] = {}
        for _, lesson_type, verdict, cell, _ in reviews:
            answered[lesson_type] += 1
            wrong = verdict != "right"
            last.setdefault(lesson_type, []).append(wrong)
            if wrong:
                missed[lesson_type] += 1
                if cell is not None:
                    steps.setdefault(lesson_type, Counter())[cell] += 1
        for lesson_type, marks in last.items():
            if sum(marks[-STUCK[1] :]) >= STUCK[0]:
                stuck.setdefault(lesson_type, []).append(name)
    order = {str(t): n for n, t in enumerate(LESSON_TYPES)}
    rows = []
    for lesson_type in sorted(answered, key=lambda t: (order.get(t, len(order)), t)):
        counted = steps.get(lesson_type, Counter())
        step = min(counted, key=lambda c: (-counted[c], c)) if counted else None
        rows.append(
            TypeReport(
                lesson_type,
                answered[lesson_type],
                missed[lesson_type],
                step,
                0 if step is None else counted[step],
                tuple(stuck.get(lesson_type, ())),
            )
        )
    return ClassReport(tuple(names), tuple(rows), tuple(duplicates))


__all__ = ["MAX_FILES", "STUCK", "ClassReport", "TypeReport", "class_report"]
