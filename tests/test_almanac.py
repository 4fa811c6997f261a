"""The calendar layer: from an aware datetime to pillars, 月將, 月建 and 晝/夜, at its boundaries."""

from __future__ import annotations

import csv
from datetime import UTC, date, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import liuren
from liuren import almanac as calendar
from liuren.almanac import TERM_NAMES, pillars, term_index, term_instant
from liuren.errors import InvalidChartError, NaiveDatetimeError, OutOfRangeError, ParseError

from .conftest import DATA

SEOUL = ZoneInfo("Asia/Seoul")
SHANGHAI = ZoneInfo("Asia/Shanghai")
UTC8 = timezone(timedelta(hours=8))
"""Beijing time as tyme4py means it (Asia/Shanghai itself had LMT before 1901 and DST in 1986–1991)."""
ZONES = (
    "Asia/Seoul",
    "Asia/Shanghai",
    "America/New_York",
    "Pacific/Auckland",
    "Europe/London",
    "UTC",
    "Asia/Kolkata",
    "Pacific/Kiritimati",
    "Pacific/Pago_Pago",
    "America/St_Johns",
)
SIMPLIFIED_TERM_NAMES = {"驚蟄": "惊蛰", "穀雨": "谷雨", "小滿": "小满", "芒種": "芒种", "處暑": "处暑"}


def utc(ts: float) -> datetime:
    return datetime.fromtimestamp(ts, UTC)


# ---------------------------------------------------------------- solar terms
def test_term_names_are_tyme4py_terms_in_traditional_characters():
    from tyme4py.solar import SolarTerm

    for k, name in enumerate(TERM_NAMES):
        assert SolarTerm.from_index(2026, k).get_name() == SIMPLIFIED_TERM_NAMES.get(name, name)


def test_term_instants_are_tyme4py_to_the_second_in_beijing_time():
    from tyme4py.solar import SolarTerm

    for year in (1900, 1949, 2024, 2100):
        for k in range(24):
            shown = SolarTerm.from_index(year, k).get_julian_day().get_solar_time()
            ours = utc(term_instant(24 * year + k)).astimezone(UTC8)
            assert ours.replace(tzinfo=None) == datetime(
                shown.get_year(),
                shown.get_month(),
                shown.get_day(),
                shown.get_hour(),
                shown.get_minute(),
                shown.get_second(),
            )


@pytest.mark.parametrize(
    ("utc_minute", "name"),
    [  # Hong Kong Observatory via Wikipedia, as quoted in skyfield/tests/test_almanac_east_asia.py
        ("2019-02-04 03:14", "立春"),
        ("2019-05-05 19:03", "立夏"),
        ("2019-08-07 19:13", "立秋"),
        ("2019-11-07 17:24", "立冬"),
    ],
)
def test_term_instants_match_the_hong_kong_observatory(utc_minute, name):
    published = datetime.fromisoformat(utc_minute).replace(tzinfo=UTC)
    number = term_index(published.timestamp() + 120)
    assert TERM_NAMES[number % 24] == name
    assert abs(term_instant(number) - published.timestamp() - 30) <= 60


def test_2024_yushui_boundary_from_the_ecosystem_notes():
    # 2024 雨水 = 2024-02-19 12:13:12 (+08): 12:13:00 is still 子, 12:13:30 already 亥.
    before = liuren.pillars(datetime(2024, 2, 19, 12, 13, 0, tzinfo=SHANGHAI))
    after = liuren.pillars(datetime(2024, 2, 19, 12, 13, 30, tzinfo=SHANGHAI))
    assert (before.general, before.term, after.general, after.term) == ("子", "立春", "亥", "雨水")
    assert after.term_at == datetime(2024, 2, 19, 12, 13, 12, tzinfo=SHANGHAI)
    ny = liuren.pillars(datetime(2024, 2, 18, 23, 30, tzinfo=ZoneInfo("America/New_York")))
    assert ny.general == "亥"


ZHONGQI_GENERALS = {
    "雨水": "亥",
    "春分": "戌",
    "穀雨": "酉",
    "小滿": "申",
    "夏至": "未",
    "大暑": "午",
    "處暑": "巳",
    "秋分": "辰",
    "霜降": "卯",
    "小雪": "寅",
    "冬至": "丑",
    "大寒": "子",
}


@pytest.mark.parametrize("year", [1900, 1984, 2026, 2100])
def test_one_minute_either_side_of_every_zhongqi(year):
    """The general changes exactly at each 中氣 and to the branch docs/rules.md §2.1 names; the 月建 does not."""
    seen = {}
    for k in range(2, 24, 2):
        at = utc(term_instant(24 * year + k)).astimezone(SEOUL)
        before = liuren.chart_at(at - timedelta(minutes=1))
        after = liuren.chart_at(at + timedelta(minutes=1))
        name = TERM_NAMES[k]
        assert after.general == ZHONGQI_GENERALS[name]
        assert before.general.ordinal == (after.general.ordinal + 1) % 12
        assert before.month == after.month
        seen[name] = after.general
    at = utc(term_instant(24 * (year + 1))).astimezone(SEOUL)  # 冬至 of the year
    assert (liuren.chart_at(at - timedelta(minutes=1)).general, liuren.chart_at(at + timedelta(minutes=1)).general) == (
        "寅",
        "丑",
    )
    assert len(set(seen.values())) == 11


@pytest.mark.parametrize("year", [1901, 2026, 2099])
def test_one_minute_either_side_of_every_jie(year):
    """The 月建, the month pillar (and the year pillar at 立春) change at each 節; the 中氣 general does not."""
    for k in range(1, 24, 2):
        at = utc(term_instant(24 * year + k)).astimezone(SEOUL)
        before = pillars(at - timedelta(minutes=1))
        after = pillars(at + timedelta(minutes=1))
        assert after.month_branch.ordinal == (k + 1) // 2 % 12
        assert before.month_branch.ordinal == (after.month_branch.ordinal - 1) % 12
        assert after.month.ordinal == (before.month.ordinal + 1) % 60
        assert before.general == after.general
        assert (after.year.ordinal - before.year.ordinal) % 60 == (1 if TERM_NAMES[k] == "立春" else 0)
        jie = pillars(at + timedelta(minutes=1), school=liuren.School(yuejiang_switch="jie"))
        assert jie.general.ordinal == (1 - after.month_branch.ordinal) % 12  # 六合 of the 月建


def test_jie_switch_moves_the_general_at_lichun_not_at_yushui():
    jie = liuren.School(yuejiang_switch="jie")
    between = datetime(2026, 2, 10, 12, tzinfo=SEOUL)  # after 立春 (02-04), before 雨水 (02-18)
    assert (pillars(between).general, pillars(between, school=jie).general) == ("子", "亥")
    assert liuren.chart_at(between, school=jie).general == "亥"


# ---------------------------------------------------------------- day pillar, hour, day boundary
def anchors():
    with open(DATA / "day_pillar_anchors.csv", encoding="utf-8") as f:
        return list(csv.DictReader(f))


@pytest.mark.parametrize("row", anchors(), ids=lambda row: row["when"])
def test_published_anchors(row):
    assert row["source"].strip()
    when = datetime.fromisoformat(row["when"])
    kwargs = {}
    if row["true_solar_at"]:
        kwargs = {
            "school": liuren.School(true_solar_time=True),
            "location": tuple(map(float, row["true_solar_at"].split())),
        }
    p = pillars(when, **kwargs)
    assert (p.year, p.month, p.day) == (row["year"], row["month"], row["day"])
    if row["hour"]:
        assert p.hour == row["hour"]


def test_civil_clock_of_the_true_solar_anchor():
    # 1949-10-01 15:00 on the civil clock is 申時 (壬申); the published 辛未 is true solar time at Beijing.
    assert pillars(datetime(1949, 10, 1, 15, tzinfo=SHANGHAI)).hour == "壬申"


def test_day_pillar_agrees_with_tyme4py_every_seventh_day_1900_2100():
    from tyme4py.solar import SolarDay

    d, end, checked = date(1900, 1, 1), date(2100, 12, 31), 0
    while d <= end:
        expected = SolarDay.from_ymd(d.year, d.month, d.day).get_sixty_cycle_day().get_sixty_cycle().get_name()
        assert calendar.day_pillar(d) == expected, d
        d += timedelta(days=7)
        checked += 1
    assert checked == 10488


@pytest.mark.parametrize(
    ("clock", "boundary", "day", "hour"),
    [
        ("22:59", "23:00", "丙申", "己亥"),
        ("23:00", "23:00", "丁酉", "庚子"),
        ("00:00", "23:00", "丁酉", "庚子"),
        ("22:59", "00:00", "丙申", "己亥"),
        ("23:00", "00:00", "丙申", "庚子"),
        ("00:00", "00:00", "丁酉", "庚子"),
    ],
)
def test_zi_hour_day_boundary(clock, boundary, day, hour):
    hh, mm = map(int, clock.split(":"))
    when = datetime(2024, 6, 2 if hh == 0 else 1, hh, mm, tzinfo=SEOUL)
    school = liuren.School(day_boundary=boundary)
    p = pillars(when, school=school)
    assert (p.day, p.hour) == (day, hour)
    c = liuren.chart_at(when, school=school)
    assert (c.day, c.hour) == (day, hour[1])


def test_same_instant_three_zones_one_general_three_local_pillars():
    instant = datetime(2026, 11, 29, 5, 5, tzinfo=UTC)
    seen = {
        name: pillars(instant.astimezone(ZoneInfo(name)))
        for name in ("Asia/Shanghai", "America/New_York", "Pacific/Auckland")
    }
    assert {p.general for p in seen.values()} == {"寅"}
    assert {p.month_branch for p in seen.values()} == {"亥"}
    local = {name: (p.clock.strftime("%m-%d %H:%M"), p.day, p.hour) for name, p in seen.items()}
    assert local == {
        "Asia/Shanghai": ("11-29 13:05", "丁未", "丁未"),
        "America/New_York": ("11-29 00:05", "丁未", "庚子"),
        "Pacific/Auckland": ("11-29 18:05", "丁未", "己酉"),
    }
    later = instant + timedelta(hours=7)  # 12:05 UTC: New York 07:05, Auckland 01:05 next day
    days = {
        name: pillars(later.astimezone(ZoneInfo(name))).day
        for name in ("Asia/Shanghai", "America/New_York", "Pacific/Auckland")
    }
    assert days == {"Asia/Shanghai": "丁未", "America/New_York": "丁未", "Pacific/Auckland": "戊申"}


def test_pillars_report_the_term_in_force_and_the_next_zhongqi_in_the_callers_zone():
    p = pillars(datetime(2026, 11, 29, 14, 5, tzinfo=SEOUL))
    assert (p.term, p.term_at.isoformat()) == ("小雪", "2026-11-22T16:23:21+09:00")
    assert (p.next_zhongqi, p.next_zhongqi_at.isoformat()) == ("冬至", "2026-12-22T05:50:14+09:00")
    ny = pillars(datetime(2026, 12, 21, 15, 50, 14, tzinfo=ZoneInfo("America/New_York")))  # the 冬至 instant itself
    assert (ny.term, ny.general, ny.next_zhongqi) == ("冬至", "丑", "大寒")
    assert pillars(datetime(2026, 12, 21, 15, 50, 13, tzinfo=ZoneInfo("America/New_York"))).general == "寅"
    d = p.to_dict()
    assert (d["general"], d["month_branch"], d["noble"], d["day"]) == ("寅", "亥", "day", "丁未")
    assert str(p).startswith("丙午年 己亥月 丁未日 丁未時 · 月將 寅(功曹) · 月建 亥 · 小雪 since 2026-11-22 16:23:21")


# ---------------------------------------------------------------- school options needing a place
BEIJING = (39.91, 116.39)
KASHGAR = (39.47, 75.99)


def test_true_solar_time_corrects_longitude_and_equation_of_time():
    school = liuren.School(true_solar_time=True)
    noon = datetime(2026, 11, 3, 12, 0, tzinfo=SHANGHAI)  # 04:00 UTC; equation of time ≈ +16.5 min
    kashgar = pillars(noon, school=school, location=KASHGAR)
    assert kashgar.clock.strftime("%H:%M") == "09:20"  # 04:00 + 75.99° × 4 min + 16.5 min
    assert (pillars(noon).hour.branch, kashgar.hour.branch) == ("午", "巳")
    beijing = pillars(noon, school=school, location=BEIJING)
    assert beijing.clock.strftime("%H:%M") == "12:02"


def test_true_solar_time_moves_the_day_boundary():
    school = liuren.School(true_solar_time=True)
    when = datetime(2026, 5, 20, 23, 30, tzinfo=SHANGHAI)  # true solar ≈ 20:37 in Kashgar: 戌, still the 20th
    civil, kashgar = pillars(when), pillars(when, school=school, location=KASHGAR)
    assert kashgar.clock.strftime("%d %H:%M") == "20 20:37"
    assert (civil.day.ordinal - kashgar.day.ordinal) % 60 == 1
    assert (civil.hour.branch, kashgar.hour.branch) == ("子", "戌")


def test_sun_rule_uses_sunrise_and_sunset_at_the_location():
    sun = liuren.School(day_night="sun")
    seoul = (37.57, 126.98)
    june_evening = datetime(2026, 6, 21, 19, 30, tzinfo=SEOUL)  # 戌時, sunset ≈ 19:57
    assert pillars(june_evening).noble == "night"
    assert pillars(june_evening, school=sun, location=seoul).noble == "day"
    assert liuren.chart_at(june_evening, school=sun, location=seoul).noble == "day"
    december_morning = datetime(2026, 12, 21, 7, 30, tzinfo=SEOUL)  # 辰時, sunrise ≈ 07:43
    assert pillars(december_morning).noble == "day"
    assert pillars(december_morning, school=sun, location=seoul).noble == "night"


def test_options_that_need_a_place_say_so():
    when = datetime(2026, 6, 21, 19, 30, tzinfo=SEOUL)
    for school in (liuren.School(day_night="sun"), liuren.School(true_solar_time=True)):
        with pytest.raises(InvalidChartError, match=r"location=\(latitude, longitude\)"):
            liuren.chart_at(when, school=school)
    for bad in ((91, 0), (0, 181), "Seoul", (1, 2, 3), (float("nan"), 0)):
        with pytest.raises(ParseError, match="latitude, longitude"):
            pillars(when, location=bad)


# ---------------------------------------------------------------- bad input
def test_naive_datetime_is_refused_with_a_recipe():
    with pytest.raises(NaiveDatetimeError) as info:
        liuren.chart_at(datetime(2026, 11, 29, 14, 5))
    message = str(info.value)
    assert "datetime.datetime(2026, 11, 29, 14, 5)" in message
    assert 'datetime(2026, 11, 29, 14, 5, tzinfo=ZoneInfo("Asia/Seoul"))' in message
    assert "from zoneinfo import ZoneInfo" in message
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "when",
    [
        datetime(1899, 12, 31, 23, 59, 59, tzinfo=UTC),
        datetime(2101, 1, 1, tzinfo=UTC),
        datetime(2101, 1, 1, 9, 0, tzinfo=SEOUL),
        datetime(1, 1, 1, tzinfo=UTC),
    ],
)
def test_dates_outside_the_range_state_the_range(when):
    with pytest.raises(
        OutOfRangeError, match=r"outside the supported range 1900-01-01 00:00 UTC up to 2100-12-31 23:59:59 UTC"
    ) as info:
        liuren.pillars(when)
    assert when.isoformat() in str(info.value)


def test_range_edges_are_inside():
    first = pillars(datetime(1900, 1, 1, tzinfo=UTC))
    last = pillars(datetime(2100, 12, 31, 23, 59, 59, tzinfo=UTC))
    assert (first.year, first.month, first.day, first.general, first.term) == ("己亥", "丙子", "甲戌", "丑", "冬至")
    assert (last.year, last.month, last.day, last.general, last.term, last.next_zhongqi) == (
        "庚申",
        "戊子",
        "戊申",
        "丑",
        "冬至",
        "大寒",
    )  # 23:59 is already the next day


def test_non_datetimes_are_refused():
    for bad in (date(2026, 11, 29), "2026-11-29 14:05", 1764392700):
        with pytest.raises(ParseError, match="timezone-aware datetime"):
            liuren.chart_at(bad)


# ---------------------------------------------------------------- property tests
instants = st.builds(
    lambda seconds, zone: datetime.fromtimestamp(seconds, ZoneInfo(zone)),
    st.integers(int(calendar.FIRST.timestamp()), int(calendar.END.timestamp()) - 1),
    st.sampled_from(ZONES),
)
schools = st.builds(
    liuren.School,
    noble_table=st.sampled_from("ABC"),
    day_night=st.sampled_from(("fixed", "mao-you", "zi-si")),
    yuejiang_switch=st.sampled_from(("zhongqi", "jie")),
    day_boundary=st.sampled_from(("23:00", "00:00")),
)


@settings(max_examples=300, deadline=None)
@given(instants, schools)
def test_chart_at_equals_the_chart_built_by_hand(when, school):
    p = pillars(when, school=school)
    clock = when.replace(tzinfo=None)
    day = clock.date() + timedelta(days=1 if clock.hour == 23 and school.day_boundary == "23:00" else 0)
    assert p.day == liuren.PILLARS[(day.toordinal() + 1721414) % 60]
    assert p.hour.branch == liuren.BRANCHES[((clock.hour + 1) // 2) % 12]
    by_hand = liuren.chart(p.day, p.hour.branch, p.general, school=school, month=p.month_branch, year=p.year.branch)
    assert liuren.chart_at(when, school=school) == by_hand


places = st.tuples(st.floats(-66, 66), st.floats(-180, 180))


@settings(max_examples=200, deadline=None)
@given(instants, places, st.sampled_from(("23:00", "00:00")))
def test_chart_at_with_true_solar_time_and_the_sun_equals_the_chart_built_by_hand(when, place, boundary):
    from liuren import solar

    school = liuren.School(true_solar_time=True, day_night="sun", day_boundary=boundary)
    p = pillars(when, school=school, location=place)
    ts = when.timestamp()
    shift = (p.clock - datetime(1970, 1, 1)).total_seconds() - ts
    assert shift == pytest.approx(place[1] * 240 + solar.equation_of_time(ts), abs=1e-3)
    assert abs(shift - place[1] * 240) < 17 * 60  # the equation of time stays within ±16.5 min
    assert p.hour.branch == liuren.BRANCHES[((p.clock.hour + 1) // 2) % 12]
    assert p.noble == ("day" if solar.elevation(ts, *place) > -0.833 else "night")
    by_hand = liuren.chart(
        p.day, p.hour.branch, p.general, noble=p.noble, school=school, month=p.month_branch, year=p.year.branch
    )
    assert liuren.chart_at(when, school=school, location=place) == by_hand


def test_noble_argument_overrides_the_school_rule():
    when = datetime(2026, 11, 29, 14, 5, tzinfo=SEOUL)
    assert (liuren.chart_at(when).noble, liuren.chart_at(when, noble="night").noble) == ("day", "night")
    assert liuren.chart_at(when, noble="night") == liuren.chart(
        "丁未", "未", "寅", noble="night", month="亥", year="午"
    )


@settings(max_examples=150, deadline=None)
@given(instants)
def test_four_pillars_agree_with_tyme4py_in_beijing_time(when):
    from tyme4py.solar import SolarTime

    beijing = when.astimezone(UTC8)
    p = pillars(beijing)
    h = SolarTime.from_ymd_hms(beijing.year, beijing.month, beijing.day, beijing.hour, beijing.minute, beijing.second)
    eight = h.get_sixty_cycle_hour()
    assert [p.year, p.month, p.day, p.hour] == [
        eight.get_year().get_name(),
        eight.get_month().get_name(),
        eight.get_day().get_name(),
        eight.get_sixty_cycle().get_name(),
    ]


@settings(max_examples=200, deadline=None)
@given(instants)
def test_general_depends_only_on_the_instant(when):
    general = pillars(when).general
    assert {pillars(when.astimezone(ZoneInfo(z))).general for z in ZONES} == {general}


# ---------------------------------------------------------------- location, daylight saving, odd datetimes
@pytest.mark.parametrize(
    ("bad", "needle"),
    [
        ("12", "is a str, not a pair of numbers"),
        (b"12", "is a bytes, not a pair of numbers"),
        ({1: 2, 3: 4}, "is a dict, not a pair of numbers"),
        ({1.0, 2.0}, "is a set, not a pair of numbers"),
        ((True, False), "the latitude True is not a number"),
        ((37.5, "127"), "the longitude '127' is not a number"),
        ((float("nan"), 0), "is not finite"),
        ((0, float("inf")), "is not finite"),
        ((90.5, 0), "is off the globe"),
        ((0, -180.5), "is off the globe"),
        ((1, 2, 3), "has 3 values, not 2"),
        ([37.5], "has 1 values, not 2"),
        (5, "is not a pair of numbers"),
        ((10**400, 1), "is off the globe"),  # beyond any float: float() would raise OverflowError
        ((1, -(10**400)), "is off the globe"),
        ((10**5000, 1), "is off the globe"),  # too long even for repr(): quoted as <tuple object>
    ],
)
def test_location_is_exactly_two_real_numbers_on_the_globe(bad, needle):
    when = datetime(2026, 6, 21, 19, 30, tzinfo=SEOUL)
    sun = liuren.School(day_night="sun")
    with pytest.raises(ParseError, match="latitude, longitude") as info:
        pillars(when, school=sun, location=bad)
    assert needle in str(info.value)
    with pytest.raises(ParseError):
        liuren.chart_at(when, school=sun, location=bad)


def test_location_accepts_ints_floats_lists_and_the_edges():
    from fractions import Fraction

    from liuren.almanac import check_location

    assert check_location((37, 127)) == (37.0, 127.0)
    assert check_location([-90, 180.0]) == (-90.0, 180.0)
    assert check_location((Fraction(1, 2), 0)) == (0.5, 0.0)
    assert check_location(iter((90, -180))) == (90.0, -180.0)


NEW_YORK = ZoneInfo("America/New_York")


def test_a_time_in_the_spring_gap_is_read_as_its_real_instant():
    """2026-03-08 02:30 never showed in New York (02:00 EST → 03:00 EDT). PEP 495: fold=0 takes the
    offset before the change (07:30 UTC, the clock showed 03:30 EDT), fold=1 the offset after it
    (06:30 UTC, 01:30 EST). Day, hour, 月將 and 晝/夜 all come from that one instant."""
    gap0 = datetime(2026, 3, 8, 2, 30, tzinfo=NEW_YORK)
    gap1 = gap0.replace(fold=1)
    real0 = datetime(2026, 3, 8, 3, 30, tzinfo=NEW_YORK)
    real1 = datetime(2026, 3, 8, 1, 30, tzinfo=NEW_YORK)
    assert gap0.timestamp() == real0.timestamp() and gap1.timestamp() == real1.timestamp()
    for gap, real, hour in ((gap0, real0, "寅"), (gap1, real1, "丑")):
        p, q = pillars(gap), pillars(real)
        assert p.clock == q.clock == real.replace(tzinfo=None)
        assert p.hour == q.hour and p.hour.branch == hour
        assert (p.day, p.general, p.month, p.year, p.noble) == (q.day, q.general, q.month, q.year, q.noble)
        assert liuren.chart_at(gap) == liuren.chart_at(real)
    assert calendar.real_instant(gap0) == real0 and calendar.real_instant(gap0).utcoffset() == timedelta(hours=-4)


def test_an_ambiguous_autumn_time_uses_fold_to_pick_the_instant():
    """2026-11-01 01:30 shows twice in New York: fold=0 is 05:30 UTC (EDT), fold=1 06:30 UTC (EST).
    Both read 丑時 on the wall; the instants differ by one hour."""
    first = datetime(2026, 11, 1, 1, 30, tzinfo=NEW_YORK)
    second = first.replace(fold=1)
    assert second.timestamp() - first.timestamp() == 3600
    p, q = pillars(first), pillars(second)
    assert p.clock == q.clock.replace(fold=0) == datetime(2026, 11, 1, 1, 30)
    assert q.clock.fold == 1
    assert p.hour.branch == q.hour.branch == "丑" and p.day == q.day
    assert calendar.real_instant(second).utcoffset() == timedelta(hours=-5)


def test_true_solar_time_is_unchanged_by_the_gap():
    school = liuren.School(true_solar_time=True)
    place = (40.71, -74.01)
    gap = datetime(2026, 3, 8, 2, 30, tzinfo=NEW_YORK)
    assert (
        pillars(gap, school=school, location=place).clock
        == pillars(datetime(2026, 3, 8, 3, 30, tzinfo=NEW_YORK), school=school, location=place).clock
    )


class _ThirtyHours(tzinfo):  # a tzinfo whose offset datetime refuses
    def utcoffset(self, dt):
        return timedelta(hours=30)

    def dst(self, dt):
        return timedelta(0)


class _NotATime(datetime):
    """Like pandas.NaT: a datetime subclass whose every method fails."""

    def utcoffset(self):
        raise ValueError("NaTType does not support utcoffset")

    def timestamp(self):
        raise ValueError("NaTType does not support timestamp")


class _OffsetOnly(tzinfo):  # no dst(): datetime.fromtimestamp cannot use it
    def utcoffset(self, dt):
        return timedelta(hours=9)

    def dst(self, dt):
        return None


def test_odd_datetimes_are_liuren_errors():
    with pytest.raises(ParseError, match="UTC offset cannot be used"):
        pillars(datetime(2026, 11, 29, 14, 5, tzinfo=_ThirtyHours()))
    with pytest.raises(ParseError, match="UTC offset cannot be used"):
        liuren.chart_at(_NotATime(2026, 11, 29, 14, 5))
    with pytest.raises(ParseError, match="is not a datetime"):
        pillars(date(2026, 11, 29))
    odd = datetime(2026, 11, 29, 14, 5, tzinfo=_OffsetOnly())
    assert pillars(odd).hour == pillars(datetime(2026, 11, 29, 14, 5, tzinfo=SEOUL)).hour
    assert pillars(odd).term_at.utcoffset() == timedelta(hours=9)


class _Broken(tzinfo):
    """A tzinfo whose ``method`` raises an error of its own."""

    def __init__(self, method, error):
        self.method, self.error = method, error

    def utcoffset(self, dt):
        if self.method == "utcoffset":
            raise self.error
        return timedelta(hours=9)

    def dst(self, dt):
        if self.method == "dst":
            raise self.error
        return timedelta(0)

    def fromutc(self, dt):
        if self.method == "fromutc":
            raise self.error
        return dt + timedelta(hours=9)


@pytest.mark.parametrize(
    "error", [RuntimeError("tz database gone"), ZeroDivisionError(), KeyError("Asia/Seoul"), LookupError("x" * 10**6)]
)
def test_a_tzinfo_that_fails_is_a_liuren_error(error):
    when = datetime(2026, 11, 29, 14, 5, tzinfo=_Broken("utcoffset", error))
    for call in (liuren.chart_at, pillars):
        with pytest.raises(ParseError, match="UTC offset cannot be used") as info:
            call(when)
        assert type(error).__name__ in str(info.value) and len(str(info.value)) < 500


@pytest.mark.parametrize("method", ["dst", "fromutc"])
def test_a_tzinfo_that_cannot_convert_from_utc_falls_back_to_its_offset(method):
    when = datetime(2026, 11, 29, 14, 5, tzinfo=_Broken(method, RuntimeError("no")))
    p = pillars(when)
    assert p.hour == pillars(datetime(2026, 11, 29, 14, 5, tzinfo=SEOUL)).hour
    assert p.term_at.utcoffset() == timedelta(hours=9)
    assert liuren.chart_at(when) == liuren.chart_at(datetime(2026, 11, 29, 14, 5, tzinfo=SEOUL))
