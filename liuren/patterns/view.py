"""The chart as the detectors see it: a :class:`View` of integers, and the helpers every detector shares.

A detector (one module per chapter family beside this one) returns a :data:`Judgement`: the evidence
naming what made the pattern fire (lessons, transmissions, plate squares, generals, 神煞), :data:`UNJUDGED`
when only what the chart lacks (the month or year branch, the person's 年命) could decide, or None.
The registry with names, conditions and sources is :mod:`liuren.patterns`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeVar

from ..cycle import (
    GUIREN,
    LIUHE_GENERAL,
    PILLARS,
    QINGLONG,
    STEM_CHARS,
    TAICHANG,
    TAIYIN,
    TIANHOU,
    TIANKONG,
    branch_char,
)
from ..generals import branch_of, general_index
from .evidence import Clause

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..chart import Chart
    from ..school import School


class Unjudged(Enum):
    """The verdict of a detector that cannot judge: only the month or year branch or the 年命, which the
    chart lacks, could decide. Its one member is :data:`UNJUDGED`; test for it with ``is UNJUDGED``."""

    UNJUDGED = "unjudged"


UNJUDGED = Unjudged.UNJUDGED
"""What a detector returns when only the month or year branch or the 年命, which the chart lacks, could decide."""

Judgement = Clause | Unjudged | None
"""What a detector returns: the evidence when the pattern fires, :data:`UNJUDGED`, or None."""

DAY_VOID = tuple(frozenset((day.void[0].ordinal, day.void[1].ordinal)) for day in PILLARS)
"""旬空 by the day's ordinal: the two branches (ordinals) its decade leaves over, as ``chart.void`` gives them."""

GOOD_GENERALS = frozenset((GUIREN, LIUHE_GENERAL, QINGLONG, TAICHANG, TAIYIN, TIANHOU))
"""吉將: 貴人, 六合, 青龍, 太常, 太陰, 天后 (docs/rules.md §6.2, as 大全 lists them for 三光)."""


@dataclass(frozen=True, slots=True, init=False)
class View:
    """A chart as the integers the detectors compare (built once per chart by ``View(chart)``): the one
    integer view of a chart beside the engine's ``lessons.Ke``, from which it takes its stem, day branch,
    offset and uppers. ``Ke`` stays a NamedTuple on the engine's hot path (a tuple is made in less than
    half the time a record takes); the reading's :class:`~liuren.reading.readers.Ctx` is a View with what
    the conditions read besides."""

    chart: Chart
    stem: int
    """The day stem."""
    branch: int
    """The day branch."""
    offset: int
    """The plate offset (月將 − 占時)."""
    uppers: tuple[int, int, int, int]
    """The four lessons' upper branches, lesson 1 to 4 (干上 is ``uppers[0]``, 支上 ``uppers[2]``)."""
    transmissions: tuple[int, int, int]
    """The three transmissions' branches: 初, 中, 末."""
    transmission_generals: tuple[int, int, int]
    """The general (index, 0 = 貴人) riding each transmission."""
    noble: int
    """The heaven branch the 貴人 rides."""
    forward: bool
    """Whether the generals are laid 順 (forward)."""
    noble_square: int
    """The 地盤 square under the 貴人."""
    hour: int
    month: int | None
    """The 月建 (None when the chart has no month)."""
    year: int | None
    """The 太歲 (None when the chart has no year)."""
    school: School
    sun: int
    """The 月將: the sun's 宮 (日宿, the 日奇 of 死奇)."""
    benming: int | None
    """本命 branch (None without a 年命)."""
    xingnian: int | None
    """行年 branch (None without a 年命)."""

    def __init__(self, chart: Chart) -> None:
        frozen = self.__class__
        object.__setattr__(self, "__class__", unfrozen(frozen))  # set as a plain record, then frozen again
        set_view(self, chart)
        self.__class__ = frozen

    def general(self, b: int) -> int:
        """Index of the general riding heaven branch ``b`` (0 = 貴人)."""
        return general_index(b, self.noble, self.forward)

    def branch_of(self, g: int) -> int:
        """Heaven branch ridden by general index ``g``."""
        return branch_of(g, self.noble, self.forward)

    def side(self, b: int) -> int:
        """1 when ``b`` stands in front of the 貴人 (蛇雀合勾青), −1 behind (空虎常玄陰后), 0 on it (指南 前五後六;
        docs/rules.md §3.3). Under ``School(tiankong="neither")`` 天空, opposite the 貴人, is 2: neither side."""
        g = self.general(b)
        if g == TIANKONG and self.school.tiankong == "neither":
            return 2
        return 0 if g == GUIREN else (1 if g <= QINGLONG else -1)

    def over(self, square: int) -> int:
        """The heaven branch standing over 地盤 ``square``."""
        return (square + self.offset) % 12

    def under(self, b: int) -> int:
        """地盤 square under heaven branch ``b``."""
        return (b - self.offset) % 12


VIEW_FIELDS = tuple(field.name for field in fields(View))
"""The names of a :class:`View`'s fields, in order (what ``View(chart)`` sets)."""


def unfrozen(frozen: type[T]) -> type[T]:
    """A frozen slotted class (a :class:`View`, a reading's ``Verdict``) with plain attribute stores: a
    subclass of the same layout, which a record being built takes as its class while its fields are set
    (``self.stem = …``, one instruction each where a frozen record's is a call through its slot's
    descriptor), then gives back. With both ``__setattr__`` and ``__delattr__`` those of ``object``, Python
    stores in the slots directly."""
    found = UNFROZEN.get(frozen)
    if found is None:  # made once for each class
        members = {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__}
        found = UNFROZEN[frozen] = type(f"Unfrozen{frozen.__name__}", (frozen,), members)
    return found


T = TypeVar("T")
UNFROZEN: dict[type, type] = {}
"""Each frozen class's :func:`unfrozen` twin, made on first use."""


def set_view(v: Any, chart: Chart) -> None:
    """Set a :class:`View`'s fields from ``chart`` on ``v``, a View whose class is :func:`unfrozen`'s."""
    ke = chart._ke  # the engine's integers (lessons.Ke): stem, day branch, offset, the four uppers
    plate = ke.offset
    noble = chart.noble_branch.ordinal
    nm = chart.nianming
    trans = chart.transmissions  # always three: 初, 中, 末
    v.chart = chart
    v.stem = ke.stem
    v.branch = ke.branch
    v.offset = plate
    v.uppers = ke.uppers
    v.transmissions = (trans[0].branch.ordinal, trans[1].branch.ordinal, trans[2].branch.ordinal)
    v.transmission_generals = (trans[0].general.ordinal, trans[1].general.ordinal, trans[2].general.ordinal)
    v.noble = noble
    v.forward = chart.generals_forward
    v.noble_square = (noble - plate) % 12
    v.hour = chart.hour.ordinal
    v.month = None if chart.month is None else chart.month.ordinal
    v.year = None if chart.year is None else chart.year.ordinal
    v.school = chart.school
    v.sun = chart.general.ordinal
    v.benming = None if nm is None else nm.benming.ordinal
    v.xingnian = None if nm is None else nm.xingnian.ordinal


def _bs(items: Iterable[int]) -> str:
    return " ".join(branch_char(i) for i in items)


def day_stem_char(v: View) -> str:
    """The day stem's character (甲 … 癸)."""
    return STEM_CHARS[v.stem]
