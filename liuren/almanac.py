"""From an instant to what a chart needs: four pillars, 月將, 月建, 晝/夜.

The conventions, each a :class:`~liuren.School` option where the books disagree:

* **月將** (month general) is the Sun's 次: it changes at the twelve 中氣 instants, 雨水 → 亥 登明,
  春分 → 戌, … 冬至 → 丑, 大寒 → 子 (``yuejiang_switch="zhongqi"``, the default); with ``"jie"`` it
  changes at the 節 and is always the 六合 partner of the 月建 (立春 → 亥).
* **月建** (month branch) changes at the twelve 節 instants: 立春 starts 寅, 驚蟄 卯, … 小寒 丑. The
  **year pillar** changes at the 立春 instant, the **month stem** follows 五虎遁 (甲己之年丙作首).
* Solar-term instants come from ``tyme4py`` (寿星天文历, to the second, in Beijing time UTC+8); the
  instant is compared in UTC, so the 月將, 月建 and year depend only on the instant, never on the
  timezone it is written in.
* **Day pillar** and **hour branch** are read from the local wall clock of the datetime given (or
  from local true solar time with ``true_solar_time=True``): day = ``(date.toordinal() + 1721414) % 60``,
  hour = ``((hour + 1) // 2) % 12``. The day changes at 23:00 (子初, ``day_boundary="23:00"``, the
  default) or at 00:00. The **hour stem** follows 五鼠遁 from the day that begins at 23:00, so
  23:00–24:00 is always the next day's 子 hour (庚子 after a 丙申 day), whichever boundary the day uses.
* **晝/夜** follows the school's rule on the hour branch (卯–申 by default); with ``day_night="sun"``
  it is day while the Sun's centre is above −0.833° at ``location``.

Supported instants: 1900-01-01 00:00 UTC up to (not including) 2101-01-01 00:00 UTC, the range the
solar terms are checked against an ephemeris in the tests.

>>> from datetime import datetime
>>> from zoneinfo import ZoneInfo
>>> p = pillars(datetime(2026, 11, 29, 14, 5, tzinfo=ZoneInfo("Asia/Seoul")))
>>> p.year, p.month, p.day, p.hour
('丙午', '己亥', '丁未', '丁未')
>>> p.general, p.month_branch, p.term, p.noble
('寅', '亥', '小雪', 'day')
>>> p.next_zhongqi, p.next_zhongqi_at.isoformat()
('冬至', '2026-12-22T05:50:14+09:00')
"""

from __future__ import annotations

import math
import os
from bisect import bisect_right
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, timezone, tzinfo
from functools import cache
from numbers import Real
from typing import Any

from . import solar
from .cycle import BRANCHES, LIUHE, PILLARS, SPIRIT_NAMES, Branch, GanZhi, pillar_index
from .errors import InvalidChartError, NaiveDatetimeError, OutOfRangeError, ParseError, quote
from .school import NOBLE_LABEL, School, resolve_school

TERM_NAMES = (
    "冬至",
    "小寒",
    "大寒",
    "立春",
    "雨水",
    "驚蟄",
    "春分",
    "清明",
    "穀雨",
    "立夏",
    "小滿",
    "芒種",
    "夏至",
    "小暑",
    "大暑",
    "立秋",
    "處暑",
    "白露",
    "秋分",
    "寒露",
    "霜降",
    "立冬",
    "小雪",
    "大雪",
)
"""The 24 solar terms in traditional characters, numbered as ``tyme4py`` numbers them (0 = 冬至).
Even numbers are 中氣 (they move the 月將), odd numbers are 節 (they move the 月建)."""

FIRST = datetime(1900, 1, 1, tzinfo=UTC)
"""First supported instant."""
END = datetime(2101, 1, 1, tzinfo=UTC)
"""First instant after the supported range."""
RANGE_TEXT = "1900-01-01 00:00 UTC up to 2100-12-31 23:59:59 UTC"

BEIJING_SECONDS = 8 * 3600
"""tyme4py's Julian days are Beijing civil time (UTC+8)."""
ORDINAL_TO_PILLAR = 1721414
"""Day pillar = (proleptic Gregorian ordinal + 1721414) mod 60, 0 = 甲子 (2024-06-01 is 丙申)."""

_FIRST_TS = FIRST.timestamp()
_END_TS = END.timestamp()
_GREGORIAN_YEAR = 31556952
_NOBLE = {True: "day", False: "night"}


# ---------------------------------------------------------------- solar terms
@cache
def _year_terms(year: int) -> tuple[int, ...]:
    """UTC POSIX seconds of terms 24·year … 24·year + 23 (冬至 of year − 1 to 大雪 of year), from tyme4py."""
    from tyme4py.solar import SolarTerm

    return tuple(
        round((SolarTerm.from_index(year, i).get_julian_day().get_day() - solar.UNIX_EPOCH_JD) * 86400)
        - BEIJING_SECONDS
        for i in range(24)
    )


@cache
def _window(year: int) -> tuple[int, ...]:
    """Terms 24·(year − 1) … 24·(year + 2) − 1, so that any instant of ``year`` has a term before and after."""
    return _year_terms(year - 1) + _year_terms(year) + _year_terms(year + 1)


def term_index(ts: float) -> int:
    """Number of the solar term in force at the UTC instant ``ts``: 24·year + k with TERM_NAMES[k].

    A term is in force from its instant (to the second) until the next term begins.
    """
    year = 1970 + int((ts + BEIJING_SECONDS) // _GREGORIAN_YEAR)
    return 24 * (year - 1) + bisect_right(_window(year), ts) - 1


def term_instant(number: int) -> int:
    """UTC POSIX seconds of solar term number ``number`` (24·year + k, k indexing TERM_NAMES)."""
    return _year_terms(number // 24)[number % 24]


def general_of_term(number: int, switch: str = "zhongqi") -> Branch:
    """月將 for the term in force: by 中氣 (雨水 亥 … 冬至 丑, 大寒 子) or by 節 (六合 of the 月建).

    The 月將 is the Sun's 次 (大全 卷二, 指南 卷一, 粹言 卷二; docs/rules.md §2.1).

    >>> general_of_term(4), general_of_term(6), general_of_term(2)  # 雨水, 春分, 大寒
    ('亥', '戌', '子')
    >>> general_of_term(3, "jie"), general_of_term(4, "jie")  # 立春 and 雨水 both give 亥 under 節
    ('亥', '亥')
    """
    if switch == "jie":
        return BRANCHES[LIUHE[month_of_term(number).ordinal]]
    zhongqi = number - number % 2
    return BRANCHES[(1 - (zhongqi % 24) // 2) % 12]


def month_of_term(number: int) -> Branch:
    """月建: the branch of the month a 節 opens (立春 寅, 驚蟄 卯, … 大雪 子, 小寒 丑).

    >>> month_of_term(3), month_of_term(4), month_of_term(1)  # 立春, 雨水, 小寒
    ('寅', '寅', '丑')
    """
    jie = number - 1 + number % 2
    return BRANCHES[((jie % 24) + 1) // 2 % 12]


# ---------------------------------------------------------------- pillars from the calendar
def day_pillar(day: date) -> GanZhi:
    """日柱 of a civil date: the sixty-day cycle counted without a break (2024-06-01 is 丙申).

    >>> day_pillar(date(2024, 6, 1)), day_pillar(date(1949, 10, 1))
    ('丙申', '甲子')
    """
    return PILLARS[(day.toordinal() + ORDINAL_TO_PILLAR) % 60]


def hour_branch(hour: int) -> Branch:
    """占時 from the clock hour: 子 is 23:00–00:59, 丑 01:00–02:59, … 亥 21:00–22:59.

    >>> hour_branch(23), hour_branch(0), hour_branch(14)
    ('子', '子', '未')
    """
    return BRANCHES[((hour + 1) // 2) % 12]


def year_pillar(number: int) -> GanZhi:
    """年柱 of the year opened by the last 立春 at or before term ``number`` (1984 甲子)."""
    lichun_year = (number - 3) // 24
    return PILLARS[(lichun_year - 4) % 60]


def lichun_year(when: datetime) -> int:
    """The Gregorian number of the year in force at ``when``, years opening at the 立春 instant (年命).

    Someone born on 2026-02-03 in Seoul (before 立春 at 2026-02-04 05:02 KST) is born in 2025 (乙巳);
    the 本命 and the 虛歲 of :func:`liuren.nianming` count these years.
    """
    return (term_index(check_instant(when)) - 3) // 24


def month_pillar(year: GanZhi, month: Branch) -> GanZhi:
    """月柱 by 五虎遁 (甲己之年丙作首): the 寅 month of a 甲 or 己 year is 丙寅, and so on.

    >>> month_pillar(PILLARS[0], BRANCHES[2]), month_pillar(PILLARS[0], BRANCHES[1])
    ('丙寅', '丁丑')
    """
    stem = ((year.stem.ordinal % 5) * 2 + 2 + (month.ordinal - 2) % 12) % 10
    return PILLARS[pillar_index(stem, month.ordinal)]


def hour_pillar(day: GanZhi, hour: Branch) -> GanZhi:
    """時柱 by 五鼠遁 (甲己還加甲): the 子 hour of a 甲 or 己 day is 甲子; ``day`` is the day the 子 hour opens.

    >>> hour_pillar(PILLARS[0], BRANCHES[0]), hour_pillar(PILLARS[33], BRANCHES[0])
    ('甲子', '庚子')
    """
    return PILLARS[pillar_index(((day.stem.ordinal % 5) * 2 + hour.ordinal) % 10, hour.ordinal)]


# ---------------------------------------------------------------- input checks
MOMENT_ACCEPTED = (
    'accepted: a timezone-aware datetime such as datetime(2026, 11, 29, 14, 5, tzinfo=ZoneInfo("Asia/Seoul"))'
)


def check_moment(when: object, name: str = "") -> datetime:
    """``when`` itself once it is sure to be a moment: a ``datetime`` with a timezone whose UTC offset
    can be used. The package's one check of a moment given to it (:func:`check_instant`, the casebook's
    ``cast_at`` and ``when``). ``name`` is the argument's name, for the message.

    Not a datetime, or a tzinfo whose ``utcoffset`` fails (it is the caller's code: whatever it raises
    is bad input), is a :class:`ParseError`; a naive datetime a :class:`NaiveDatetimeError` saying how
    to attach the zone.

    >>> check_moment(datetime(2026, 1, 1), "cast_at")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    liuren.errors.NaiveDatetimeError: cast_at=datetime.datetime(2026, 1, 1, 0, 0) has no timezone, so it names no instant; ...
    """
    shown = f"{name}={quote(when)}" if name else quote(when)
    if not isinstance(when, datetime):
        raise ParseError(f"{shown} ({type(when).__name__}) is not a datetime; {MOMENT_ACCEPTED}")
    try:
        offset = when.utcoffset()
    except Exception as error:  # the tzinfo is the caller's code: whatever it raises is bad input
        raise ParseError(
            f"{shown} has a timezone whose UTC offset cannot be used ({_reason(error)}); {MOMENT_ACCEPTED}"
        ) from None
    if offset is None:
        fields = ", ".join(str(v) for v in (when.year, when.month, when.day, when.hour, when.minute))
        raise NaiveDatetimeError(
            f"{shown} has no timezone, so it names no instant; attach the zone the clock was read in: "
            f'datetime({fields}, tzinfo=ZoneInfo("Asia/Seoul")), or when.replace(tzinfo=ZoneInfo("Asia/Seoul")) '
            f"(from zoneinfo import ZoneInfo)"
        )
    return when


def check_instant(when: object) -> float:
    """POSIX seconds of an aware datetime inside the supported range; otherwise a clear error.

    Anything that is not a real datetime (a ``pandas.NaT``-like value whose methods fail, a tzinfo
    whose offset is 24 h or more, that returns something other than a timedelta, or whose methods
    raise an error of their own) is a :class:`ParseError`, never that error itself.
    """
    moment = check_moment(when)
    try:
        ts = moment.timestamp()
    except Exception as error:
        raise ParseError(f"{quote(moment)} is not a real instant ({_reason(error)}); {MOMENT_ACCEPTED}") from None
    if not (isinstance(ts, float) and _FIRST_TS <= ts < _END_TS):
        try:
            shown = moment.isoformat()
        except Exception:
            shown = quote(moment)
        raise OutOfRangeError(f"{shown} is outside the supported range {RANGE_TEXT}")
    return ts


def _reason(error: BaseException) -> str:
    """An error raised by the caller's code (a tzinfo's method), named in a bounded way."""
    try:
        text = str(error)
    except Exception:
        text = ""
    return f"{type(error).__name__}: {text[:80]}{'…' if len(text) > 80 else ''}" if text else type(error).__name__


def wall_clock(when: datetime) -> datetime:
    """The local wall clock (naive, ``fold`` kept) that really showed at the instant ``when`` names.

    A time in a daylight-saving gap (2026-03-08 02:30 in America/New_York never appeared on a clock)
    is normalised to the real instant the way PEP 495 reads it: with ``fold=0`` the offset before the
    change applies (02:30 EST = 07:30 UTC, so the clock showed 03:30 EDT), with ``fold=1`` the offset
    after it (02:30 EDT = 06:30 UTC, 01:30 EST). An ambiguous time (2026-11-01 01:30, shown twice)
    keeps its wall clock; ``fold`` chooses which of the two instants it is. Any other time is
    returned unchanged. The 月將, 月建 and year come from the same instant, so every part of the chart
    agrees.
    """
    return real_instant(when).replace(tzinfo=None)


def real_instant(when: datetime) -> datetime:
    """``when`` as the clock of its timezone really showed it: unchanged, except that a time in a
    daylight-saving gap becomes the real time of the same instant (see :func:`wall_clock`)."""
    return _in_zone(when.timestamp(), when)


def _in_zone(ts: float, when: datetime) -> datetime:
    """The instant ``ts`` in the timezone of ``when`` (in its fixed UTC offset when that tzinfo cannot
    convert from UTC, as a tzinfo without ``dst()`` cannot)."""
    try:
        return datetime.fromtimestamp(ts, when.tzinfo)
    except Exception:  # the tzinfo's fromutc or dst failed: its UTC offset still places the instant
        pass
    try:
        return datetime.fromtimestamp(ts, timezone(when.utcoffset() or timedelta(0)))
    except Exception as error:
        raise ParseError(f"{quote(when)} has a timezone that cannot place an instant ({_reason(error)})") from None


def check_location(location: object) -> tuple[float, float]:
    """(latitude, longitude) in degrees, north and east positive: exactly two finite real numbers
    (``bool``, text, bytes, mappings and sets are refused), latitude in [−90, 90], longitude in [−180, 180]."""
    accepted = "accepted: (latitude, longitude) in degrees, north and east positive, e.g. (37.57, 126.98) for Seoul"
    if isinstance(location, str | bytes | bytearray | memoryview | Mapping | AbstractSet):
        raise ParseError(
            f"location={quote(location)} is a {type(location).__name__}, not a pair of numbers; {accepted}"
        )
    try:
        items: tuple[object, ...] = tuple(location)  # type: ignore[arg-type]  # any iterable; TypeError otherwise
    except TypeError:
        raise ParseError(f"location={quote(location)} is not a pair of numbers; {accepted}") from None
    if len(items) != 2:
        raise ParseError(f"location={quote(location)} has {len(items)} values, not 2; {accepted}")
    for name, value in zip(("latitude", "longitude"), items, strict=True):
        if isinstance(value, bool) or not isinstance(value, Real):
            raise ParseError(f"location={quote(location)}: the {name} {quote(value)} is not a number; {accepted}")
    try:
        lat, lon = (float(v) for v in items)  # type: ignore[arg-type]  # checked Real above
    except OverflowError:  # an int such as 10**400 is beyond any float, and off the globe
        raise ParseError(
            f"location={quote(location)} is off the globe (latitude −90…90, longitude −180…180); {accepted}"
        ) from None
    except Exception as error:  # a Real whose __float__ fails
        raise ParseError(
            f"location={quote(location)} is not a pair of numbers ({_reason(error)}); {accepted}"
        ) from None
    if not (math.isfinite(lat) and math.isfinite(lon)):
        raise ParseError(f"location={quote(location)} is not finite; {accepted}")
    if not (-90.0 <= lat <= 90.0 and -180.0 <= lon <= 180.0):
        raise ParseError(
            f"location={quote(location)} is off the globe (latitude −90…90, longitude −180…180); {accepted}"
        )
    return lat, lon


# ---------------------------------------------------------------- the result
@dataclass(frozen=True, slots=True)
class Pillars:
    """Everything the calendar gives a chart, for one instant under one school."""

    instant: datetime
    """The aware datetime asked about, as given."""
    clock: datetime
    """The naive local clock the day and hour were read from (local true solar time when the school
    says so); a time in a daylight-saving gap is normalised to the real instant (see :func:`wall_clock`)."""
    year: GanZhi
    month: GanZhi
    day: GanZhi
    """日柱, after the school's day boundary."""
    hour: GanZhi
    general: Branch
    """月將."""
    term: str
    """The solar term in force (traditional characters)."""
    term_at: datetime
    """When that term began, in the timezone of ``instant``."""
    next_zhongqi: str
    next_zhongqi_at: datetime
    """The next 中氣 instant, in the timezone of ``instant``: when the 月將 (by 中氣) next changes."""
    noble: str
    """"day" (晝貴) or "night" (夜貴)."""
    school: School

    @property
    def month_branch(self) -> Branch:
        """月建, the branch of the month pillar."""
        return self.month.branch

    def __str__(self) -> str:
        return (
            f"{self.year}年 {self.month}月 {self.day}日 {self.hour}時 · 月將 {self.general}({SPIRIT_NAMES[self.general.ordinal]})"
            f" · 月建 {self.month_branch} · {self.term} since {self.term_at:%Y-%m-%d %H:%M:%S}"
            f" · next 中氣 {self.next_zhongqi} {self.next_zhongqi_at:%Y-%m-%d %H:%M:%S} · {NOBLE_LABEL[self.noble]}"
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data."""
        return {
            "instant": self.instant.isoformat(),
            "clock": self.clock.isoformat(),
            "year": str(self.year),
            "month": str(self.month),
            "day": str(self.day),
            "hour": str(self.hour),
            "general": str(self.general),
            "month_branch": str(self.month_branch),
            "term": self.term,
            "term_at": self.term_at.isoformat(),
            "next_zhongqi": self.next_zhongqi,
            "next_zhongqi_at": self.next_zhongqi_at.isoformat(),
            "noble": self.noble,
        }


def pillars(when: datetime, *, school: School | str | None = None, location: object = None) -> Pillars:
    """The four pillars, 月將, 月建, solar terms and 晝/夜 for a timezone-aware datetime.

    ``location`` is (latitude, longitude) in degrees; it is needed only when the school uses
    true solar time or decides day and night by the Sun.

    Daylight saving: a wall time that never existed (in the spring gap) is read as the instant PEP 495
    gives it and the day and hour are taken from the clock that really showed then (2026-03-08 02:30
    ``fold=0`` in America/New_York is 03:30 EDT, 寅時); an ambiguous autumn time uses ``fold`` to pick
    the first (0) or the second (1) instant. See :func:`wall_clock`.
    """
    ts = check_instant(when)
    school_v = school if type(school) is School else resolve_school(school)
    place = None if location is None else check_location(location)
    if place is None and (school_v.true_solar_time or school_v.day_night == "sun"):
        need = "true solar time" if school_v.true_solar_time else "day and night by the Sun"
        raise InvalidChartError(
            f"school {school_v.name!r} uses {need}, which needs a place; pass location=(latitude, longitude), "
            f"e.g. location=(37.57, 126.98) for Seoul"
        )

    number = term_index(ts)
    month = month_of_term(number)
    year = year_pillar(number)

    if school_v.true_solar_time:
        clock = datetime(1970, 1, 1) + timedelta(seconds=ts + solar.true_solar_offset(ts, place[1]))  # type: ignore[index]
    else:
        clock = wall_clock(when)
    hour = hour_branch(clock.hour)
    zi_day = day_pillar(clock.date() + timedelta(days=1)) if clock.hour == 23 else day_pillar(clock.date())
    day = zi_day if school_v.day_boundary == "23:00" else day_pillar(clock.date())

    if school_v.day_night == "sun":
        noble = _NOBLE[solar.is_daylight(ts, *place)]  # type: ignore[misc]
    else:
        noble = _NOBLE[bool(school_v.is_day(hour.ordinal))]

    next_zq = number + 2 - number % 2
    return Pillars(
        instant=when,
        clock=clock,
        year=year,
        month=month_pillar(year, month),
        day=day,
        hour=hour_pillar(zi_day, hour),
        general=general_of_term(number, school_v.yuejiang_switch),
        term=TERM_NAMES[number % 24],
        term_at=_in_zone(term_instant(number), when),
        next_zhongqi=TERM_NAMES[next_zq % 24],
        next_zhongqi_at=_in_zone(term_instant(next_zq), when),
        noble=noble,
        school=school_v,
    )


# ---------------------------------------------------------------- timezones and clock text (for the CLI)
ZONE_ACCEPTED = "accepted: an IANA timezone name such as 'Asia/Seoul', 'Asia/Shanghai', 'America/New_York' or 'UTC'"


def resolve_zone(name: str | None) -> tzinfo:
    """The IANA zone called ``name``; None gives the machine's local zone (see :func:`local_zone`)."""
    from zoneinfo import ZoneInfo, available_timezones

    if name is None:
        return local_zone()
    try:
        return ZoneInfo(name)
    except (KeyError, ValueError, OSError):
        from difflib import get_close_matches

        close = get_close_matches(name, sorted(available_timezones()), n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise ParseError(f"{quote(name)} is not a known timezone{hint}; {ZONE_ACCEPTED}") from None


def local_zone() -> tzinfo:
    """The machine's zone: $TZ, else the zone /etc/localtime links to, else the current fixed UTC offset."""
    from zoneinfo import ZoneInfo

    candidates = [os.environ.get("TZ", "").lstrip(":")]
    link = os.path.realpath("/etc/localtime")
    if "/zoneinfo/" in link:
        candidates.append(link.split("/zoneinfo/", 1)[1])
    for key in candidates:
        if key:
            try:
                return ZoneInfo(key)
            except (KeyError, ValueError, OSError):
                continue
    return datetime.now().astimezone().tzinfo  # type: ignore[return-value]


def zone_label(when: datetime) -> str:
    """ "Asia/Seoul (UTC+09:00)": the zone's name and the offset in force at ``when``."""
    offset = when.strftime("%z")
    name = getattr(when.tzinfo, "key", None) or when.tzname()
    return f"{name} (UTC{offset[:3]}:{offset[3:]})"


def parse_moment(text: str, zone: tzinfo) -> datetime:
    """A wall-clock text ("2026-11-29 14:05") read in ``zone``; a text with its own UTC offset is an
    instant, shown in ``zone``."""
    try:
        parsed = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ParseError(
            f"{quote(text)} is not a date and time; accepted: 'YYYY-MM-DD HH:MM[:SS]', optionally with a UTC offset "
            f"such as +09:00, e.g. '2026-11-29 14:05'"
        ) from None
    if parsed.tzinfo is None:
        return parsed.replace(tzinfo=zone)
    try:
        return parsed.astimezone(zone)
    except (OverflowError, ValueError, OSError):
        raise OutOfRangeError(f"{quote(text)} is outside the supported range {RANGE_TEXT}") from None
