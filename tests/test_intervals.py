"""when(): the real intervals in which a chart or a 課 holds, checked against chart_at()."""

from __future__ import annotations

import itertools
import random
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

import liuren
from liuren.intervals import Interval

SEOUL = ZoneInfo("Asia/Seoul")
NEW_YORK = ZoneInfo("America/New_York")
YEAR = (datetime(2026, 1, 1, tzinfo=SEOUL), datetime(2027, 1, 1, tzinfo=SEOUL))
SECOND = timedelta(seconds=1)
MINUTE = timedelta(minutes=1)


def _holds(spec: object, at: datetime) -> bool:
    chart = liuren.chart_at(at)
    if isinstance(spec, liuren.Chart):
        return (chart.day, chart.hour, chart.general, chart.noble) == (spec.day, spec.hour, spec.general, spec.noble)
    day, offset, *noble = spec  # type: ignore[misc]
    return (str(chart.day), chart.offset) == (day, offset) and (not noble or chart.noble == noble[0])


SPECS = [
    ("丙申", 5, "day"),
    ("庚子", 7),
    ("辛卯", 0, "night"),
    liuren.chart("庚子", "申", "卯"),  # cut short by 小雪 at 16:23:21 on 2026-11-22
]


@pytest.mark.parametrize("spec", SPECS, ids=str)
def test_each_interval_holds_at_its_start_middle_and_end_and_not_outside(spec):
    intervals = liuren.when(spec, *YEAR)
    assert intervals
    for i in intervals:
        assert isinstance(i, Interval) and i.start < i.end
        for at in (i.start, i.start + (i.end - i.start) / 2, i.end - SECOND):
            assert _holds(spec, at), (i, at)
        assert not _holds(spec, i.start - SECOND) or i.start == YEAR[0]
        assert not _holds(spec, i.end)
    for a, b in itertools.pairwise(intervals):
        assert a.end < b.start  # disjoint, and joined where they touch


@pytest.mark.parametrize("spec", SPECS[:2], ids=str)
def test_intervals_are_complete_at_a_one_minute_sampling(spec):
    """Every minute near each boundary and 1,500 random minutes of 2026: inside an interval exactly when
    the chart of that minute is the one asked for."""
    intervals = liuren.when(spec, *YEAR)
    rng = random.Random(2026)
    minutes = {YEAR[0] + MINUTE * rng.randrange(365 * 24 * 60) for _ in range(1500)}
    for i in intervals:
        minutes |= {i.start + MINUTE * k for k in range(-3, 4)} | {i.end + MINUTE * k for k in range(-3, 4)}
    for at in sorted(m for m in minutes if YEAR[0] <= m < YEAR[1]):
        inside = any(i.start <= at < i.end for i in intervals)
        assert inside == _holds(spec, at), at


def test_a_zhongqi_cuts_an_interval_to_the_second():
    (interval,) = liuren.when(liuren.chart("庚子", "申", "卯"), *YEAR)
    assert interval.start == datetime(2026, 11, 22, 15, tzinfo=SEOUL)
    assert (
        interval.end
        == liuren.pillars(interval.start).next_zhongqi_at
        == datetime(2026, 11, 22, 16, 23, 21, tzinfo=SEOUL)
    )
    assert str(interval) == "2026-11-22 15:00:00+09:00 – 2026-11-22 16:23:21+09:00 (庚子日 申時 卯將 晝貴)"


def test_the_ke_lists_every_hour_it_falls_on():
    found = liuren.when(("庚子", 7), *YEAR)
    assert [(str(i.chart.hour), str(i.chart.general)) for i in found] == [
        ("巳", "子"), ("卯", "戌"), ("丑", "申"), ("亥", "午"), ("酉", "辰"), ("申", "卯"),
    ]  # fmt: skip
    assert all(i.duration == timedelta(hours=2) for i in found[:-1])


def test_the_clock_of_the_timezone_gives_the_hour_across_a_dst_gap():
    chart = liuren.chart_at(datetime(2026, 3, 8, 3, 30, tzinfo=NEW_YORK))
    (interval,) = liuren.when(chart, datetime(2026, 3, 7, tzinfo=NEW_YORK), datetime(2026, 3, 9, tzinfo=NEW_YORK))
    assert (interval.start.hour, interval.end.hour, interval.duration) == (3, 5, timedelta(hours=2))
    (short,) = liuren.when(
        liuren.chart_at(datetime(2026, 3, 8, 1, 30, tzinfo=NEW_YORK)),
        datetime(2026, 3, 7, tzinfo=NEW_YORK),
        datetime(2026, 3, 9, tzinfo=NEW_YORK),
    )
    assert short.duration == timedelta(hours=1)  # 丑時 01:00–03:00 lost its 02:00 hour


def test_the_day_boundary_of_the_school_moves_the_zi_hour():
    late = liuren.when(("辛丑", 6), datetime(2026, 1, 1, tzinfo=SEOUL), datetime(2026, 3, 1, tzinfo=SEOUL))
    midnight = liuren.when(
        ("辛丑", 6),
        datetime(2026, 1, 1, tzinfo=SEOUL),
        datetime(2026, 3, 1, tzinfo=SEOUL),
        school=liuren.School(day_boundary="00:00"),
    )
    assert late != midnight


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "message"),
    [
        ((("丙申", 12),), {}, liuren.ParseError, "not a plate offset"),
        ((("丙申",),), {}, liuren.ParseError, "is not a chart or a 課"),
        ((("丙寅x", 5),), {}, liuren.ParseError, "is not a day pillar"),
        ((("丙申", 5, "dusk"),), {}, liuren.ParseError, "noble="),
        ((("丙申", 5), datetime(2027, 1, 1, tzinfo=SEOUL), datetime(2026, 1, 1, tzinfo=SEOUL)), {}, liuren.ParseError, "is not after"),
        ((("丙申", 5), datetime(2100, 6, 1, tzinfo=SEOUL), datetime(2101, 6, 1, tzinfo=SEOUL)), {}, liuren.OutOfRangeError, "outside the supported range"),
        ((("丙申", 5), datetime(2000, 1, 1, tzinfo=SEOUL), datetime(2020, 1, 1, tzinfo=SEOUL)), {}, liuren.ParseError, "longer than"),
        ((("丙申", 5), *YEAR), {"tz": "Mars/Base"}, liuren.ParseError, "is not a timezone"),
        ((("丙申", 5), *YEAR), {"school": liuren.School(day_night="sun")}, liuren.InvalidChartError, "location="),
    ],
)  # fmt: skip
def test_bad_input_is_refused_precisely(args, kwargs, error, message):
    if len(args) == 1:
        args = (*args, *YEAR)
    with pytest.raises(error, match=message):
        liuren.when(*args, **kwargs)


def test_cli_when_lists_the_intervals_and_refuses_in_one_line(capsys):
    from liuren.cli import main

    assert main(["when", "庚子", "申", "卯", "--from", "2026-01-01", "--to", "2027-01-01", "--tz", "Asia/Seoul"]) == 0
    assert capsys.readouterr().out == "2026-11-22 15:00:00+09:00 – 2026-11-22 16:23:21+09:00 (庚子日 申時 卯將 晝貴)\n"
    assert main(["when", "丙申", "5", "day", "--from", "2026-01-01", "--to", "2026-03-01", "--tz", "Asia/Seoul"]) == 0
    assert capsys.readouterr().out.count("丙申日") == 1
    assert main(["when", "丙申", "5", "--from", "2100-06-01", "--to", "2101-06-01", "--tz", "Asia/Seoul"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "outside the supported range" in err
    assert main(["when", "丙申", "--from", "2026-01-01", "--to", "2027-01-01"]) == 2
    assert "when needs a chart" in capsys.readouterr().err


def test_a_sunrise_splits_a_ke_into_its_two_nobles_to_the_second():
    school, seoul = liuren.School(day_night="sun"), (37.57, 126.98)
    night, day = liuren.when(
        ("丙申", 5),
        datetime(2026, 5, 21, tzinfo=SEOUL),
        datetime(2026, 5, 23, tzinfo=SEOUL),
        school=school,
        location=seoul,
    )
    assert (night.chart.noble, day.chart.noble) == ("night", "day") and night.end == day.start
    assert (night.start, day.end) == (datetime(2026, 5, 22, 5, tzinfo=SEOUL), datetime(2026, 5, 22, 7, tzinfo=SEOUL))
    for at, noble in ((night.end - SECOND, "night"), (day.start, "day")):
        assert liuren.chart_at(at, school=school, location=seoul).noble == noble
