"""liuren — 大六壬 (Da Liu Ren) charts, exact to the classical rules.

>>> import liuren
>>> c = liuren.chart("丙申", "午", "亥")
>>> c.lessons[0].upper, c.lessons[0].lower
('戌', '丙')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .chart import Chart, Transmission
from .cycle import BRANCHES, GENERALS, PILLARS, STEMS, Branch, GanZhi, General, Stem
from .errors import (
    InvalidChartError,
    LiurenError,
    NaiveDatetimeError,
    OutOfRangeError,
    ParseError,
    SchoolError,
    StoreError,
    WriteError,
    quote,
)
from .errors import quote as _quote
from .find import find
from .lessons import Lesson
from .nianming import NianMing, nianming
from .plate import Plate
from .school import PRESETS, School
from .transmissions import Method

if TYPE_CHECKING:
    from datetime import datetime

    from .almanac import Pillars

__version__ = "0.2.0"


def chart(
    day: object,
    hour: object,
    general: object,
    *,
    noble: object = None,
    school: School | str | None = None,
    month: object = None,
    year: object = None,
    nianming: object = None,
) -> Chart:
    """Build the 課式 for a day pillar, an hour branch and a month general.

    ``noble`` is "day", "night" or None (the school's day/night rule decides from the hour);
    ``school`` a :class:`School` or a preset name ("default"/"指南", "tanyuan"/"探原",
    "daquan"/"大全"); ``month`` the month branch (月建), used by the seasonal patterns; ``year`` the
    year branch (太歲), used by the patterns that look at the year (三奇死課); ``nianming`` the person's
    年命, (本命, 行年) as two branches or a :func:`nianming` value, used by the clauses that judge it
    (真虎視, 當權, 解網, 羅網, 清平, 魄化's 銜尸/魄之/喪 …).
    """
    return Chart(day, hour, general, noble=noble, school=school, month=month, year=year, nianming=nianming)


def chart_at(
    when: datetime,
    *,
    school: School | str | None = None,
    noble: object = None,
    location: object = None,
    birth: object = None,
    sex: object = None,
) -> Chart:
    """Build the 課式 for a moment: a timezone-aware datetime such as
    ``datetime(2026, 11, 29, 14, 5, tzinfo=ZoneInfo("Asia/Seoul"))``.

    The day pillar, hour branch, month general (中氣), month branch (節), year branch and 晝/夜 come from
    :func:`pillars` under ``school``; ``noble`` ("day"/"night") overrides the school's 晝/夜 rule;
    ``location`` (latitude, longitude) is needed for true solar time or the sunrise/sunset rule.
    ``birth`` (a year, or an aware datetime: years open at 立春) and ``sex`` (男/女, 乾/坤, male/female)
    give the person's 年命 (:func:`nianming`); give both or neither.
    """
    from .almanac import lichun_year, pillars

    p = pillars(when, school=school, location=location)
    fate = None
    if (birth is None) != (sex is None):
        raise ParseError(
            f"chart_at() needs both birth= and sex= for the 年命 (got birth={quote(birth)}, sex={quote(sex)})"
        )
    if birth is not None:
        from datetime import date, datetime

        if isinstance(birth, datetime):
            born: object = lichun_year(birth)
        elif isinstance(birth, date):
            raise ParseError(
                f"birth={quote(birth)} is a date without a time: the year of a birth near 立春 depends on the hour; "
                "give an aware datetime, or the birth year (by 立春) as a number"
            )
        elif isinstance(birth, bool) or not isinstance(birth, int):
            raise ParseError(
                f"birth={quote(birth)} is not a birth; accepted: a year such as 1990, or an aware datetime"
            )
        else:
            born = birth
        fate = nianming(born, sex, lichun_year(when))
    return Chart(
        p.day,
        p.hour.branch,
        p.general,
        noble=p.noble if noble is None else noble,
        school=p.school,
        month=p.month.branch,
        year=p.year.branch,
        nianming=fate,
    )


def pillars(when: datetime, *, school: School | str | None = None, location: object = None) -> Pillars:
    """The year, month, day and hour pillars, month general (月將), month branch (月建), solar term in
    force, next 中氣 and 晝/夜 for a timezone-aware datetime: a :class:`liuren.almanac.Pillars`.
    (The almanac module is imported on first use, keeping ``import liuren`` light.)"""
    from .almanac import pillars

    return pillars(when, school=school, location=location)


def __getattr__(name: str) -> Any:
    if name == "Pillars":
        from .almanac import Pillars

        return Pillars
    if name == "check":  # the answer checker lives in the show layer and loads on first use
        from .show.check import check

        return check
    if name in ("identify", "Identification"):  # the convention search loads on first use
        from . import identification

        return getattr(identification, name)
    if name in ("parse_printed", "PrintedChart"):
        from . import printed

        return getattr(printed, name)
    if name in ("when", "Interval"):
        from . import intervals

        return getattr(intervals, name)
    if name == "widgets":  # liuren.widgets.Explorer / Stepper / Exercise (imports ipywidgets on first use)
        from .show import widgets

        return widgets
    if name in (
        "PATTERNS",
        "Detected",
        "Pattern",
    ):  # the pattern registry loads on first use, keeping `import liuren` light
        from . import patterns

        return getattr(patterns, name)
    raise AttributeError(f"module 'liuren' has no attribute {_quote(name)}")


__all__ = [
    "BRANCHES",
    "GENERALS",
    "PATTERNS",
    "PILLARS",
    "PRESETS",
    "STEMS",
    "Branch",
    "Chart",
    "Detected",
    "GanZhi",
    "General",
    "Identification",
    "Interval",
    "InvalidChartError",
    "Lesson",
    "LiurenError",
    "Method",
    "NaiveDatetimeError",
    "NianMing",
    "OutOfRangeError",
    "ParseError",
    "Pattern",
    "Pillars",
    "Plate",
    "PrintedChart",
    "School",
    "SchoolError",
    "Stem",
    "StoreError",
    "Transmission",
    "WriteError",
    "__version__",
    "chart",
    "chart_at",
    "check",
    "find",
    "identify",
    "nianming",
    "parse_printed",
    "pillars",
    "when",
]
