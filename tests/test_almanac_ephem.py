"""The calendar against an independent astronomy code, ``ephem`` (PyEphem, VSOP87; a test-only dependency).

ephem's solar terms are found here by Newton's method on the Sun's apparent geocentric ecliptic
longitude of date, starting from a mean-Sun guess, so nothing of tyme4py goes into them.
"""

from __future__ import annotations

import math
import random
from datetime import UTC, datetime

import ephem
import pytest

from liuren import solar
from liuren.almanac import END, FIRST, general_of_term, month_of_term, term_index, term_instant

EPHEM_EPOCH_JD = 2415020.0
"""ephem.Date(0) is 1899-12-31 12:00 UT, Julian day 2415020.0."""
DEGREES_PER_DAY = 360 / 365.2422


def ephem_date(ts: float) -> ephem.Date:
    return ephem.Date(ts / 86400 + solar.UNIX_EPOCH_JD - EPHEM_EPOCH_JD)


def posix(d: float) -> float:
    return (float(d) + EPHEM_EPOCH_JD - solar.UNIX_EPOCH_JD) * 86400


def apparent_longitude(d: ephem.Date) -> float:
    """The Sun's apparent geocentric ecliptic longitude of date, in degrees."""
    sun = ephem.Sun(d)
    return math.degrees(ephem.Ecliptic(ephem.Equatorial(sun.g_ra, sun.g_dec, epoch=d), epoch=d).lon)


def ephem_term(number: int) -> float:
    """POSIX seconds at which the Sun reaches the longitude of term ``number`` (24·year + k, k = 0 冬至 at 270°)."""
    year, k = divmod(number, 24)
    target = (270 + 15 * k) % 360
    guess = datetime(year - 1, 12, 22, tzinfo=UTC).timestamp() + k * 15.2184 * 86400
    d = ephem_date(guess)
    for _ in range(20):
        step = ((apparent_longitude(d) - target + 180) % 360 - 180) / DEGREES_PER_DAY
        d = ephem.Date(d - step)
        if abs(step) < 1e-7:  # ≈ 0.01 s
            return posix(d)
    raise AssertionError(f"Newton's method did not converge for term {number}")


def test_every_solar_term_1900_2100_within_60_seconds_of_ephem():
    deviations = {}
    for year in range(1900, 2101):
        for k in range(24):
            number = 24 * year + k
            deviations[number] = term_instant(number) - ephem_term(number)
    worst = max(deviations, key=lambda n: abs(deviations[n]))
    assert len(deviations) == 4824
    assert abs(deviations[worst]) < 60, (worst, deviations[worst])
    # The libraries differ mostly by their ΔT models, so the deviation is not merely small but also not zero.
    assert 30 < abs(deviations[worst])


def sun_general(longitude: float) -> str:
    """月將 from the Sun's longitude: 雨水 330° → 亥, 春分 0° → 戌, … 大寒 300° → 子 (docs/rules.md §2.1)."""
    return "子丑寅卯辰巳午未申酉戌亥"[(11 - int(((longitude - 330) % 360) // 30)) % 12]


def sun_month(longitude: float) -> str:
    """月建 from the Sun's longitude: 立春 315° → 寅, 驚蟄 345° → 卯, …"""
    return "子丑寅卯辰巳午未申酉戌亥"[(2 + int(((longitude - 315) % 360) // 30)) % 12]


def test_month_general_and_month_branch_agree_with_the_sun_at_5000_instants():
    rng = random.Random(20261129)
    lo, hi = FIRST.timestamp(), END.timestamp()
    checked = skipped = 0
    for _ in range(5000):
        ts = rng.uniform(lo, hi)
        longitude = apparent_longitude(ephem_date(ts))
        if min(longitude % 15, 15 - longitude % 15) < 0.0015:  # within ≈ 2 min of a term: the codes may disagree
            skipped += 1
            continue
        number = term_index(ts)
        assert general_of_term(number) == sun_general(longitude), datetime.fromtimestamp(ts, UTC)
        assert month_of_term(number) == sun_month(longitude), datetime.fromtimestamp(ts, UTC)
        checked += 1
    assert checked > 4990 and skipped < 10


# ---------------------------------------------------------------- the NOAA sun of liuren.solar
def ephem_equation_of_time(ts: float) -> float:
    """Apparent minus mean solar time at Greenwich, in seconds, from ephem's sidereal time and the Sun's RA."""
    observer = ephem.Observer()
    observer.lon, observer.lat, observer.date = "0", "0", ephem_date(ts)
    sun = ephem.Sun(observer)
    hour_angle = (observer.sidereal_time() - sun.ra) % (2 * math.pi)
    apparent = math.degrees(hour_angle) * 240 + 43200
    mean = ts % 86400
    return (apparent - mean + 43200) % 86400 - 43200


def test_equation_of_time_within_10_seconds_of_ephem_1900_2100():
    rng = random.Random(7)
    lo, hi = FIRST.timestamp(), END.timestamp()
    worst = max(
        abs(solar.equation_of_time(ts) - ephem_equation_of_time(ts))
        for ts in (rng.uniform(lo, hi) for _ in range(2000))
    )
    assert worst < 10


@pytest.mark.parametrize("place", [(37.57, 126.98), (-36.85, 174.76), (40.71, -74.01), (64.15, -21.94), (0.0, 0.0)])
def test_solar_elevation_within_0_05_degrees_of_ephem(place):
    rng = random.Random(hash(place))
    lo, hi = FIRST.timestamp(), END.timestamp()
    observer = ephem.Observer()
    observer.lat, observer.lon = str(place[0]), str(place[1])
    observer.pressure = 0  # geometric, as NOAA's elevation before its refraction term
    for _ in range(300):
        ts = rng.uniform(lo, hi)
        observer.date = ephem_date(ts)
        expected = math.degrees(ephem.Sun(observer).alt)
        assert solar.elevation(ts, *place) == pytest.approx(expected, abs=0.05)


@pytest.mark.parametrize(
    ("place", "day"),
    [
        ((37.57, 126.98), "2026-06-21"),
        ((37.57, 126.98), "2026-12-21"),
        ((-33.87, 151.21), "1950-03-20"),
        ((51.48, 0.0), "2099-09-23"),
        ((59.33, 18.07), "1901-06-21"),
    ],
)
def test_daylight_switches_within_30_seconds_of_ephem_sunrise_and_sunset(place, day):
    observer = ephem.Observer()
    observer.lat, observer.lon = str(place[0]), str(place[1])
    observer.pressure, observer.horizon = 0, "-0:50"  # the centre at -0.833°, as NOAA's sunrise
    observer.date = ephem_date(datetime.fromisoformat(day).replace(tzinfo=UTC).timestamp() - place[1] * 240)
    rising = posix(observer.next_rising(ephem.Sun(), use_center=True))
    setting = posix(
        observer.next_setting(ephem.Sun(), start=observer.next_rising(ephem.Sun(), use_center=True), use_center=True)
    )
    for event, rises in ((rising, True), (setting, False)):
        assert solar.is_daylight(event + 30, *place) is rises
        assert solar.is_daylight(event - 30, *place) is not rises
