"""The chart as the detectors see it: a :class:`View` of integers, and the helpers every detector shares.

A detector (one module per chapter family beside this one) returns a sentence naming what made the pattern fire (lessons, transmissions, plate
squares, generals, 神煞), ``UNJUDGED`` when only what the chart lacks (the month or year branch, the
person's 年命) could decide, or None.
The registry with names, conditions and sources is :mod:`liuren.patterns`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cycle import (
    GUIREN,
    LIUHE_GENERAL,
    QINGLONG,
    STEM_CHARS,
    TAICHANG,
    TAIYIN,
    TIANHOU,
    TIANKONG,
    branch_char,
)
from ..generals import branch_of, general_index

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..chart import Chart

UNJUDGED = "unjudged"
"""What a detector returns when only the month or year branch or the 年命, which the chart lacks, could decide."""

GOOD_GENERALS = frozenset((GUIREN, LIUHE_GENERAL, QINGLONG, TAICHANG, TAIYIN, TIANHOU))
"""吉將: 貴人, 六合, 青龍, 太常, 太陰, 天后 (rules.md §6, 三光)."""


class View:
    """A chart as the integers the detectors compare (built once per chart)."""

    __slots__ = (
        "bm",
        "chart",
        "d",
        "fwd",
        "hour",
        "month",
        "nb",
        "noble_square",
        "s",
        "school",
        "sun",
        "t",
        "tg",
        "u",
        "xn",
        "year",
        "z",
    )

    def __init__(self, chart: Chart) -> None:
        self.chart = chart
        self.s = chart.day.stem.ordinal
        self.z = chart.day.branch.ordinal
        self.d = chart.plate.offset
        self.u = tuple(lesson.upper.ordinal for lesson in chart.lessons)
        self.t = tuple(t.branch.ordinal for t in chart.transmissions)
        self.tg = tuple(t.general.ordinal for t in chart.transmissions)
        self.nb = chart.noble_branch.ordinal
        self.fwd = chart.generals_forward
        self.noble_square = (self.nb - self.d) % 12
        self.hour = chart.hour.ordinal
        self.month = None if chart.month is None else chart.month.ordinal
        self.year = None if chart.year is None else chart.year.ordinal
        self.school = chart.school
        self.sun = chart.general.ordinal
        """The 月將: the sun's 宮 (日宿, the 日奇 of 死奇)."""
        nm = chart.nianming
        self.bm = None if nm is None else nm.benming.ordinal
        """本命 branch (None without a 年命)."""
        self.xn = None if nm is None else nm.xingnian.ordinal
        """行年 branch (None without a 年命)."""

    def general(self, b: int) -> int:
        """Index of the general riding heaven branch ``b`` (0 = 貴人)."""
        return general_index(b, self.nb, self.fwd)

    def branch_of(self, g: int) -> int:
        """Heaven branch ridden by general index ``g``."""
        return branch_of(g, self.nb, self.fwd)

    def side(self, b: int) -> int:
        """1 when ``b`` stands in front of the 貴人 (蛇雀合勾青), −1 behind (空虎常玄陰后), 0 on it (指南 前五後六;
        rules.md §3.3). Under ``School(tiankong="neither")`` 天空, opposite the 貴人, is 2: neither side."""
        g = self.general(b)
        if g == TIANKONG and self.school.tiankong == "neither":
            return 2
        return 0 if g == GUIREN else (1 if g <= QINGLONG else -1)

    def over(self, square: int) -> int:
        """The heaven branch standing over 地盤 ``square``."""
        return (square + self.d) % 12

    def under(self, b: int) -> int:
        """地盤 square under heaven branch ``b``."""
        return (b - self.d) % 12


_b = branch_char
"""A branch ordinal's character (the one helper, in liuren.cycle)."""


def _bs(items: Iterable[int]) -> str:
    return " ".join(_b(i) for i in items)


def _stem(v: View) -> str:
    return STEM_CHARS[v.s]
