"""The Sun seen from a place: equation of time, elevation, day or night (standard library only).

The formulas are NOAA's, from the NOAA Global Monitoring Laboratory Solar Calculator and its
spreadsheet ("NOAA_Solar_Calculations_day.xls", after Jean Meeus, *Astronomical Algorithms*,
1991, chapters 24–25 in the first edition): mean longitude and anomaly of the Sun, equation of
centre, apparent longitude with the nutation term, obliquity, then the equation of time and the
hour angle. NOAA quotes them as good to about a minute for sunrise and sunset between ±72°
latitude for 1800–2100; the tests compare them with ``ephem``.

Times are UTC instants given as POSIX seconds; longitudes are degrees east, latitudes degrees north.

>>> from datetime import datetime, timezone
>>> ts = datetime(2026, 11, 3, 12, tzinfo=timezone.utc).timestamp()
>>> round(equation_of_time(ts) / 60, 1)  # minutes: early November, the sundial is ahead of the clock
16.5
>>> is_daylight(ts, 37.57, 126.98)  # Seoul at 21:00 local time
False
"""

from __future__ import annotations

from math import acos, asin, cos, degrees, radians, sin, tan

UNIX_EPOCH_JD = 2440587.5
"""Julian day of 1970-01-01 00:00 UTC."""

HORIZON = -0.833
"""Elevation of the Sun's centre at sunrise and sunset: 34′ of refraction plus 16′ of semi-diameter."""


def _sun(ts: float) -> tuple[float, float]:
    """(declination in degrees, equation of time in seconds) at the UTC instant ``ts`` (NOAA)."""
    t = (ts / 86400.0 + UNIX_EPOCH_JD - 2451545.0) / 36525.0
    mean_long = radians((280.46646 + t * (36000.76983 + t * 0.0003032)) % 360.0)
    anomaly = radians(357.52911 + t * (35999.05029 - 0.0001537 * t))
    ecc = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
    centre = (
        sin(anomaly) * (1.914602 - t * (0.004817 + 0.000014 * t))
        + sin(2 * anomaly) * (0.019993 - 0.000101 * t)
        + sin(3 * anomaly) * 0.000289
    )
    omega = radians(125.04 - 1934.136 * t)
    apparent_long = radians(degrees(mean_long) + centre - 0.00569 - 0.00478 * sin(omega))
    obliquity = radians(
        23.0 + (26.0 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60.0) / 60.0 + 0.00256 * cos(omega)
    )
    declination = degrees(asin(sin(obliquity) * sin(apparent_long)))
    y = tan(obliquity / 2) ** 2
    eot = (
        y * sin(2 * mean_long)
        - 2 * ecc * sin(anomaly)
        + 4 * ecc * y * sin(anomaly) * cos(2 * mean_long)
        - 0.5 * y * y * sin(4 * mean_long)
        - 1.25 * ecc * ecc * sin(2 * anomaly)
    )
    return declination, degrees(eot) * 240.0


def equation_of_time(ts: float) -> float:
    """Equation of time in seconds at the UTC instant ``ts``: apparent minus mean solar time."""
    return _sun(ts)[1]


def true_solar_offset(ts: float, longitude: float) -> float:
    """Seconds to add to UTC to get local true (apparent) solar time: 4 min per degree east plus the equation of time."""
    return longitude * 240.0 + _sun(ts)[1]


def elevation(ts: float, latitude: float, longitude: float) -> float:
    """Geometric elevation of the Sun's centre in degrees (no refraction) at the UTC instant ``ts``."""
    declination, eot = _sun(ts)
    solar_seconds = (ts + longitude * 240.0 + eot) % 86400.0
    hour_angle = radians(solar_seconds / 240.0 - 180.0)
    lat, dec = radians(latitude), radians(declination)
    cos_zenith = sin(lat) * sin(dec) + cos(lat) * cos(dec) * cos(hour_angle)
    return 90.0 - degrees(acos(max(-1.0, min(1.0, cos_zenith))))


def is_daylight(ts: float, latitude: float, longitude: float) -> bool:
    """晝 by the real Sun: True between sunrise and sunset, i.e. while the centre is above −0.833°."""
    return elevation(ts, latitude, longitude) > HORIZON
