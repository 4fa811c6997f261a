"""The practice path: levels in the course's order, items dealt by lesson type, answers graded cell by
cell, and the missed steps brought back by spaced repetition (FSRS), with the learner's progress kept in
the store. ``pip install liuren[practice]`` installs the scheduler (the ``fsrs`` package).

* :mod:`liuren.practice.levels` — the 13 levels and :func:`deal`;
* :mod:`liuren.practice.answers` — :func:`answer` and its :class:`Grade`;
* :mod:`liuren.practice.progress` — :class:`Practice`: what is due, the next item, the reviews and the
  level gates in the store.
* :mod:`liuren.practice.widget` — the notebook's practice session (an ipywidget, imported only from
  there: ``from liuren.practice.widget import Practice``).
"""

from __future__ import annotations

from .answers import Grade, answer, cell_kind, solution
from .levels import LEVELS, Item, Level, class_set, deal, get_level
from .progress import Due, LevelState, Practice

__all__ = [
    "LEVELS",
    "Due",
    "Grade",
    "Item",
    "Level",
    "LevelState",
    "Practice",
    "answer",
    "cell_kind",
    "class_set",
    "deal",
    "get_level",
    "solution",
]
