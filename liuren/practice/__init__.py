"""The practice path: levels in the course's order, items dealt by lesson type, answers graded cell by
cell, and the missed steps brought back by spaced repetition (FSRS), with the learner's progress kept in
the store. ``pip install liuren[practice]`` installs the scheduler (the ``fsrs`` package).

* :mod:`liuren.practice.levels` — the 14 levels, :func:`deal` and the drills (:func:`drill` of one
  cell kind, :func:`drill_type` of one lesson type);
* :mod:`liuren.practice.answers` — :func:`answer` (whole answers only: :class:`Unfinished` names the
  empty boxes and those holding "?", :class:`Unreadable` the box that cannot be read and what is
  wrong in it) and its :class:`Grade`;
* :mod:`liuren.practice.progress` — :class:`Practice`: the day's queue (:meth:`~Practice.today`,
  :meth:`~Practice.queue`), what is due, the weakest kinds and types, the reviews and the level gates
  in the store; its :meth:`~Practice.summary` (the dashboard), :meth:`~Practice.misses`
  (the wrong-answer book) and :meth:`~Practice.replay` (a missed item dealt again);
* :mod:`liuren.practice.dashboard` — the dashboard's and the book's records (:class:`Summary`,
  :class:`Miss`), drawn by :mod:`liuren.practice.plots` (matplotlib, or SVG where it is absent);
* :mod:`liuren.practice.report` — :func:`class_report`, the teacher's report from the learners' exports;
* :mod:`liuren.practice.widget` — the notebook's practice session (an ipywidget, imported only from
  there: ``from liuren.practice.widget import Practice``).
"""

from __future__ import annotations

from .answers import Grade, Unfinished, Unreadable, answer, cell_kind, solution
from .dashboard import DayCount, LevelMastery, Miss, MissBook, Summary, TypeMastery
from .levels import LEVELS, Item, Level, class_set, deal, drill, drill_type, get_level, levels_taught_in
from .progress import Due, LevelState, Practice, Queue, Weak
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
    "Queue",
    "Summary",
    "TypeMastery",
    "TypeReport",
    "Unfinished",
    "Unreadable",
    "Weak",
    "answer",
    "cell_kind",
    "class_report",
    "class_set",
    "deal",
    "drill",
    "drill_type",
    "get_level",
    "levels_taught_in",
    "solution",
]
