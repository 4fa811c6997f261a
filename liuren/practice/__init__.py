"""The practice path: levels in the course's order, items dealt by lesson type, answers graded cell by
cell, and the missed steps brought back by spaced repetition (FSRS), with the learner's progress kept in
the store. ``pip install liuren[practice]`` installs the scheduler (the ``fsrs`` package).

* :mod:`liuren.practice.levels` — the 13 levels and :func:`deal`;
* :mod:`liuren.practice.answers` — :func:`answer` and its :class:`Grade`;
* :mod:`liuren.practice.progress` — :class:`Practice`: what is due, the next item, the reviews and the
  level gates in the store; its :meth:`~Practice.summary` (the dashboard), :meth:`~Practice.misses`
  (the wrong-answer book) and :meth:`~Practice.replay` (a missed item dealt again);
* :mod:`liuren.practice.dashboard` — the dashboard's and the book's records (:class:`Summary`,
  :class:`Miss`), drawn by :mod:`liuren.practice.plots` (matplotlib, or SVG where it is absent);
* :mod:`liuren.practice.report` — :func:`class_report`, the teacher's report from the learners' exports;
* :mod:`liuren.practice.widget` — the notebook's practice session (an ipywidget, imported only from
  there: ``from liuren.practice.widget import Practice``).
"""

from __future__ import annotations

from .answers import Grade, answer, cell_kind, solution
from .dashboard import DayCount, LevelMastery, Miss, MissBook, Summary, TypeMastery
from .levels import LEVELS, Item, Level, class_set, deal, get_level, levels_taught_in
from .progress import Due, LevelState, Practice
from .report import STUCK, ClassReport, TypeReport, class_report

__all__ = [
    "LEVELS",
    "STUCK",
    "ClassReport",
    "DayCount",
    "Due",
    "Grade",
    "Item",
    "Level",
    "LevelMastery",
    "LevelState",
    "Miss",
    "MissBook",
    "Practice",
    "Summary",
    "TypeMastery",
    "TypeReport",
    "answer",
    "cell_kind",
    "class_report",
    "class_set",
    "deal",
    "get_level",
    "levels_taught_in",
    "solution",
]
