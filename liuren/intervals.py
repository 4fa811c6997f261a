"""When does a chart hold? The real time intervals in which a chart (or a 課) is the chart of the moment.

A chart is fixed by its day pillar, hour branch, month general (月將) and 晝/夜 noble; a 課 by the day
pillar, the plate offset (局, 月將 − 占時) and, optionally, the noble. Each changes only at known
instants: the hour branch at every odd clock hour, the day at the school's day boundary (23:00 or
00:00), the 月將 at each 中氣 (or 節, ``yuejiang_switch``) to the second, 晝/夜 with the hour (or, under
``day_night="sun"``, at sunrise and sunset, found to the second). :func:`when` lists those instants in a
range, reads the chart in each stretch between them (:func:`liuren.pillars`) and returns the stretches
where it is the one asked for, joined where they touch and the chart is the same (a 課 asked for
without its noble that holds across a sunrise gives two intervals, one for each noble).

>>> from datetime import datetime
>>> from zoneinfo import ZoneInfo
>>> seoul = ZoneInfo("Asia/Seoul")
>>> found = when(("丙申", 5, "day"), datetime(2026, 1, 1, tzinfo=seoul), datetime(2026, 3, 1, tzinfo=seoul))
>>> [str(i) for i in found]
['2026-01-22 13:00:00+09:00 – 2026-01-22 15:00:00+09:00 (丙申日 未時 子將 晝貴)']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo
from itertools import pairwise
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .almanac import (
    RANGE_TEXT,
    check_instant,
    check_location,
    pillars,
    term_index,
    term_instant,
)
from .chart import Chart
from .cycle import BRANCHES, parse_pillar
from .errors import InvalidChartError, OutOfRangeError, ParseError, quote
from .school import School, parse_noble, resolve_school

GRID = 1800
"""Seconds between samples when a rule moves with the Sun (true solar time, sunrise/sunset): a change
between two samples (at most one: a sunrise and a sunset, or two true-solar hours, are hours apart) is
found to the second by bisection."""
MAX_SPAN_DAYS = 3700
"""The longest range :func:`when` lists at once (about ten years)."""
SPEC_ACCEPTED = (
    "accepted: a Chart, or a 課 as (day, offset) or (day, offset, noble), e.g. ('丙申', 5) or ('丙申', 5, 'day'), "
    "or its text '丙申 5 day'"
)


@dataclass(frozen=True, slots=True)
class Interval:
    """A stretch of time, ``start`` included and ``end`` excluded, in which the chart holds; ``chart``
    is the chart of the stretch (its day, hour, general and noble)."""

    start: datetime
    end: datetime
    chart: Chart

    def __str__(self) -> str:
        c = self.chart
        noble = "晝貴" if c.noble == "day" else "夜貴"
        return f"{self.start} – {self.end} ({c.day}日 {c.hour}時 {c.general}將 {noble})"

    @property
    def duration(self) -> timedelta:
        """The real time elapsed (a DST change inside the interval counted: not the wall-clock difference)."""
        return timedelta(seconds=self.end.timestamp() - self.start.timestamp())


@dataclass(frozen=True, slots=True)
class _Target:
    day: str
    offset: int
    noble: str | None
    hour: str | None
    general: str | None

    def holds(self, day: str, hour: int, general: int, noble: str) -> bool:
        return (
            day == self.day
            and (general - hour) % 12 == self.offset
            and (self.noble is None or noble == self.noble)
            and (self.hour is None or BRANCHES[hour] == self.hour)
            and (self.general is None or BRANCHES[general] == self.general)
        )


def _target(spec: object) -> _Target:
    if isinstance(spec, Chart):
        return _Target(str(spec.day), spec.offset, spec.noble, str(spec.hour), str(spec.general))
    if isinstance(spec, str):
        if len(spec) > 40:
            raise ParseError(f"when(): {quote(spec)} is not a 課; {SPEC_ACCEPTED}")
        spec = tuple(spec.replace(",", " ").split())
    if isinstance(spec, Mapping):
        spec = (spec.get("day"), spec.get("offset"), spec.get("noble"))
    if not isinstance(spec, tuple | list) or len(spec) not in (2, 3):
        raise ParseError(f"when(): {quote(spec)} is not a chart or a 課; {SPEC_ACCEPTED}")
    day = parse_pillar(spec[0])
    offset = spec[1]
    if isinstance(offset, str) and offset.removeprefix("d=").isdigit():
        offset = int(offset.removeprefix("d="))
    if isinstance(offset, bool) or not isinstance(offset, int) or not 0 <= offset <= 11:
        raise ParseError(f"when(): offset {quote(spec[1])} is not a plate offset; accepted: 0–11 (月將 − 占時)")
    noble = None
    if len(spec) == 3 and spec[2] is not None:
        noble = "day" if parse_noble(spec[2], "any noble") else "night"
    return _Target(str(day), offset, noble, None, None)


def _zone(tz: object, start: datetime) -> tzinfo:
    if tz is None:
        zone = start.tzinfo
        if zone is None:
            raise ParseError("when(): start has no timezone; pass an aware datetime or tz='Asia/Seoul'")
        return zone
    if isinstance(tz, tzinfo):
        return tz
    if isinstance(tz, str) and len(tz) <= 64:
        try:
            return ZoneInfo(tz)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    raise ParseError(
        f"when(): tz={quote(tz)} is not a timezone; accepted: an IANA name such as 'Asia/Seoul' or a tzinfo"
    )


def when(
    chart_or_spec: object,
    start: datetime,
    end: datetime,
    *,
    tz: object = None,
    school: School | str | None = None,
    location: object = None,
) -> tuple[Interval, ...]:
    """The intervals from ``start`` to ``end`` in which ``chart_or_spec`` is the chart of the moment,
    one per stretch of a single chart (its ``chart``).

    ``chart_or_spec`` is a :class:`~liuren.Chart` (its day, hour, general and noble must all hold; its
    school is used unless ``school`` is given) or a 課: (day, offset) or (day, offset, noble). ``start``
    and ``end`` are datetimes (naive ones are read in ``tz``); ``tz`` is the timezone whose clock gives
    the day and the hour (default: ``start``'s); ``location`` (latitude, longitude) is needed for true
    solar time or the sunrise/sunset 晝/夜 rule. Each interval's ``start`` is included and its ``end``
    excluded, both in ``tz``, to the second."""
    target = _target(chart_or_spec)
    if school is None and isinstance(chart_or_spec, Chart):
        school = chart_or_spec.school
    school_v = resolve_school(school)
    if not isinstance(start, datetime) or not isinstance(end, datetime):
        raise ParseError(f"when(): start and end must be datetimes, got {quote(start)} and {quote(end)}")
    zone = _zone(tz, start)
    start = start if start.tzinfo is not None else start.replace(tzinfo=zone)
    end = end if end.tzinfo is not None else end.replace(tzinfo=zone)
    t0, t1 = _instant(start), _instant(end)
    if t1 <= t0:
        raise ParseError(f"when(): end {end.isoformat()} is not after start {start.isoformat()}")
    if t1 - t0 > MAX_SPAN_DAYS * 86400:
        raise ParseError(f"when(): {start.date()} – {end.date()} is longer than {MAX_SPAN_DAYS} days; ask in parts")
    place = None if location is None else check_location(location)
    moving = school_v.true_solar_time or school_v.day_night == "sun"
    if moving and place is None:
        raise InvalidChartError(
            f"school {school_v.name!r} moves with the Sun (true solar time or sunrise/sunset); pass location="
        )

    cache: dict[int, tuple[str, int, int, str]] = {}

    def state(ts: int) -> tuple[str, int, int, str]:
        if ts not in cache:
            p = pillars(datetime.fromtimestamp(ts, zone), school=school_v, location=place)
            cache[ts] = (str(p.day), p.hour.branch.ordinal, p.general.ordinal, p.noble)
        return cache[ts]

    marks = sorted({t0, t1, *_terms(t0, t1), *_clock_marks(t0, t1, zone), *(_grid(t0, t1) if moving else ())})
    found: list[tuple[int, int]] = []
    for a, b in pairwise(marks):
        pieces = [(a, b)]
        if moving and state(a) != state(b - 1):  # a sunrise or a true-solar hour between two samples
            cut = _change(state, a, b - 1, state(a))
            pieces = [(a, cut), (cut, b)]
        for lo, hi in pieces:
            if target.holds(*state(lo)):
                if found and found[-1][1] == lo and state(found[-1][0]) == state(lo):  # the same chart goes on
                    found[-1] = (found[-1][0], hi)
                else:
                    found.append((lo, hi))
    return tuple(
        Interval(datetime.fromtimestamp(lo, zone), datetime.fromtimestamp(hi, zone), _chart_of(state(lo), school_v))
        for lo, hi in found
    )


def _instant(when: datetime) -> int:
    try:
        ts = check_instant(when)
    except OutOfRangeError:
        raise OutOfRangeError(f"when(): {when.isoformat()} is outside the supported range {RANGE_TEXT}") from None
    return int(ts) + (ts > int(ts))


def _terms(t0: int, t1: int) -> Iterator[int]:
    """The solar-term instants inside (t0, t1) (every term: 中氣 for the 月將, 節 for the 月建 and 節 將)."""
    number = term_index(t0) + 1
    while (at := term_instant(number)) < t1:
        yield at
        number += 1


def _clock_marks(t0: int, t1: int, zone: tzinfo) -> Iterator[int]:
    """Every whole hour of the local clock inside (t0, t1), as instants (a DST gap's missing hour is
    the instant PEP 495 gives it; a repeated hour gives both)."""
    local = datetime.fromtimestamp(t0, zone).replace(minute=0, second=0, microsecond=0, tzinfo=None)
    while True:
        local += timedelta(hours=1)
        for fold in (0, 1):
            at = int(local.replace(tzinfo=zone, fold=fold).timestamp())
            if at >= t1 + 7200:
                return
            if t0 < at < t1:
                yield at


def _grid(t0: int, t1: int) -> range:
    return range(t0 - t0 % GRID + GRID, t1, GRID)


def _change(state: Callable[[int], object], a: int, b: int, before: object) -> int:
    """The first second in (a, b] at which ``state`` differs from ``before`` (one change assumed)."""
    while b - a > 1:
        mid = (a + b) // 2
        if state(mid) == before:
            a = mid
        else:
            b = mid
    return b


def _chart_of(state: tuple[str, int, int, str], school: School) -> Chart:
    day, hour, general, noble = state
    return Chart(day, BRANCHES[hour], BRANCHES[general], noble=noble, school=school)
