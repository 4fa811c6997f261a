"""The learner's dashboard and wrong-answer book as values: :class:`Summary` (mastery per level and per
lesson type, the cards due, the streak, the reviews per day) and :class:`Miss` (one missed answer with
what deals its item again), computed by :meth:`liuren.practice.Practice.summary` and
:meth:`~liuren.practice.Practice.misses` from the store. Frozen records, nothing drawn: the drawing
(:mod:`liuren.practice.plots`, matplotlib where it is installed, SVG where it is not) sits on top.

**Mastery** of a group of cards (a level's, or a lesson type's over every level that deals it) is the
FSRS recall probability (retrievability) at ``now`` of each card, summed, over how many cards the group
has: a card never reviewed counts 0, so mastery grows as the learner both covers the cards and keeps
them. ``seen`` is how many of them were reviewed at least once.

**The streak** is the number of consecutive days, on the clock of ``now`` (its time zone says where a
day ends), with at least one review, counted back from today, or from yesterday while today has none
yet (a streak is not broken before the day is over).

>>> from datetime import date
>>> streak({date(2026, 11, 29), date(2026, 11, 30)}, date(2026, 12, 1))
2
>>> streak({date(2026, 11, 29), date(2026, 12, 1)}, date(2026, 12, 1))
1
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any, overload

if TYPE_CHECKING:
    from .plots import SVGPicture

HISTORY_DAYS = 30
"""How many days the history of :meth:`liuren.practice.Practice.summary` covers by default."""


@dataclass(frozen=True, slots=True)
class DayCount:
    """The reviews of one ``day`` (on the learner's clock): how many ``right``, ``half`` (right under
    another school) and ``wrong``."""

    day: date
    right: int
    half: int
    wrong: int

    @property
    def total(self) -> int:
        return self.right + self.half + self.wrong


@dataclass(frozen=True, slots=True)
class LevelMastery:
    """A level's progress: ``open``, ``answered`` (reviews), ``right`` of the last 12 and ``passed``
    (as :class:`liuren.practice.LevelState`), its ``cards`` (cell kinds × lesson types it deals),
    ``seen`` (reviewed at least once) and ``mastery`` (0–1, see the module)."""

    level: int
    open: bool
    answered: int
    right: int
    passed: bool
    cards: int
    seen: int
    mastery: float


@dataclass(frozen=True, slots=True)
class TypeMastery:
    """A lesson type's progress over every level: ``answered`` and ``right`` (reviews of its charts),
    its ``cards`` (the cell kinds of every level that deals it), ``seen`` and ``mastery`` (0–1)."""

    lesson_type: str
    answered: int
    right: int
    cards: int
    seen: int
    mastery: float


@dataclass(frozen=True, slots=True, repr=False)
class Summary:
    """The dashboard's data at ``now``: ``reviews`` (all, ever), ``due`` (cards due now), ``streak``
    (days, see the module), ``levels`` (one :class:`LevelMastery` per level, in order), ``types`` (one
    :class:`TypeMastery` per lesson type the path deals, in the tables' order) and ``history`` (one
    :class:`DayCount` per day, the oldest first, ending today) and ``weak`` (what to drill)."""

    now: datetime
    reviews: int
    due: int
    streak: int
    levels: tuple[LevelMastery, ...]
    types: tuple[TypeMastery, ...]
    history: tuple[DayCount, ...]
    weak: tuple[Any, ...] = ()
    """The weakest cell kinds and lesson types (:class:`liuren.practice.progress.Weak`, recall a day
    ahead below the target), the weakest first: what the dashboard suggests drilling."""
    lang: str = "ko"
    """The language Jupyter shows it in (``summary(now, lang=…)``); :meth:`html` takes another."""

    def html(self, lang: str | None = None) -> str:
        """The dashboard as HTML: the figures, the history plot (SVG) and the mastery tables."""
        from .plots import dashboard_html

        return dashboard_html(self, self.lang if lang is None else lang)

    def plot(self, lang: str = "ko") -> Any:
        """The history of reviews per day (right, half, wrong stacked): a matplotlib Figure, or where
        matplotlib is not installed an :class:`liuren.practice.plots.SVGPicture` of the same plot."""
        from .plots import plot_history

        return plot_history(self, lang)

    def svg(self, lang: str = "ko") -> SVGPicture:
        """The history plot as SVG (no matplotlib)."""
        from .plots import history_svg

        return history_svg(self, lang)

    def _repr_html_(self) -> str:
        return self.html()

    def __repr__(self) -> str:
        # the figures only: no date, so a page that shows a fresh store's summary saves the same text daily
        opened = [m.level for m in self.levels if m.open]
        return f"Summary(reviews={self.reviews}, due={self.due}, streak={self.streak}, open levels={opened})"


@dataclass(frozen=True, slots=True)
class Miss:
    """One answer not right, in the wrong-answer book: its review's ``uuid`` and time (``reviewed``),
    the ``level``, ``lesson_type`` and chart (``spec``; ``day``, ``hour``, ``general`` and ``school`` as
    text: the chart it was dealt under), the ``verdict`` ("wrong", or "half": right only under another
    school), the first wrong ``cell`` key, the ``rule`` missed ('' for a review stored before the store
    kept it), ``item``: what the item showed beyond its chart, as the JSON text the store keeps
    (None for a review stored before; see :func:`liuren.practice.levels.shown`) and ``answer``: the
    boxes graded, as JSON text (None for a review stored before the store kept them), from which
    :func:`liuren.practice.plots.miss_rule` says the rule again in any language."""

    uuid: str
    reviewed: datetime
    level: int
    lesson_type: str
    spec: str
    day: str
    hour: str
    general: str
    school: str
    verdict: str
    cell: str | None
    rule: str
    item: str | None
    answer: str | None = None


@dataclass(frozen=True, slots=True)
class MissBook(Sequence[Miss]):
    """The wrong-answer book: its ``misses``, the latest first; a sequence of :class:`Miss` that
    Jupyter shows as a table (when, level, chart, first wrong cell, rule missed)."""

    misses: tuple[Miss, ...]
    lang: str = "ko"
    """The language Jupyter shows it in (``misses(lang=…)``); :meth:`html` takes another."""

    @overload
    def __getitem__(self, index: int) -> Miss: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Miss, ...]: ...
    def __getitem__(self, index: int | slice) -> Miss | tuple[Miss, ...]:
        return self.misses[index]

    def __len__(self) -> int:
        return len(self.misses)

    def __iter__(self) -> Iterator[Miss]:
        return iter(self.misses)

    def html(self, lang: str | None = None) -> str:
        """The book as an HTML table (every text escaped)."""
        from .plots import misses_html

        return misses_html(self.misses, self.lang if lang is None else lang)

    def _repr_html_(self) -> str:
        return self.html()


def streak(days: Iterable[date], today: date) -> int:
    """Consecutive days in ``days`` ending today, or yesterday when today is not among them."""
    have = set(days)
    day = today if today in have else today - timedelta(days=1)
    count = 0
    while day in have:
        count += 1
        day -= timedelta(days=1)
    return count


def history(reviews: Iterable[tuple[date, str]], today: date, days: int) -> tuple[DayCount, ...]:
    """One :class:`DayCount` for each of the ``days`` days ending ``today``, from (day, verdict) pairs."""
    first = today - timedelta(days=days - 1)
    counts = {first + timedelta(days=n): [0, 0, 0] for n in range(days)}
    slot = {"right": 0, "half": 1, "wrong": 2}
    for day, verdict in reviews:
        if day in counts:
            counts[day][slot[verdict]] += 1
    return tuple(DayCount(day, *c) for day, c in counts.items())


__all__ = [
    "HISTORY_DAYS",
    "DayCount",
    "LevelMastery",
    "Miss",
    "MissBook",
    "Summary",
    "TypeMastery",
    "history",
    "streak",
]
