"""年命: a person's 本命 (the branch of the birth year) and 行年 (the year-by-year station of their age).

* **本命** is the birth year's pillar; its branch is what a chart looks at. A year counts from 立春:
  someone born in January is born in the previous year's pillar (:func:`liuren.chart_at` takes care
  of that for a datetime; here ``birth_year`` is already the 立春 year).
* **行年** counts the 虛歲 (``year − birth_year + 1``; 1 歲 in the year of birth): a man's starts at
  丙寅 and goes forward one pillar a year, a woman's starts at 壬申 and goes backward
  (《六壬粹言》 行年第九: 「行年之法，男起丙寅，女起壬申，此正法也」; the same rule in 《三命通會》 卷二
  論小運: 「男起丙寅順行，女起壬申逆行，一定而不可易也」). After sixty years it comes round again
  (61 歲 is 丙寅 or 壬申 again).

>>> nianming(1990, "男", 2026)
NianMing(benming='庚午', xingnian='壬寅', age=37, sex='male')
>>> nianming(1990, "坤", 2026).xingnian
'丙申'
"""

from __future__ import annotations

from dataclasses import dataclass

from .cycle import PILLARS, GanZhi, normalize
from .errors import OutOfRangeError, ParseError, quote

MALE_START = PILLARS[2]
"""丙寅: a man's 行年 at 1 歲 (粹言 行年第九)."""
FEMALE_START = PILLARS[8]
"""壬申: a woman's 行年 at 1 歲 (粹言 行年第九)."""
CYCLE_EPOCH = 4
"""The Gregorian year 4 (like 1984) is a 甲子 year: the pillar of year y is PILLARS[(y − 4) mod 60]."""
FIRST_YEAR, LAST_YEAR = 1, 9999
"""Years accepted for a birth or a chart: the Gregorian years 1–9999 that a datetime can hold."""

SEX_VALUES = {
    "male": "male",
    "m": "male",
    "man": "male",
    "男": "male",
    "乾": "male",
    "female": "female",
    "f": "female",
    "woman": "female",
    "女": "female",
    "坤": "female",
}
"""Accepted spellings of the sex (男/乾 for a man, 女/坤 for a woman), case-insensitive."""


@dataclass(frozen=True, slots=True)
class NianMing:
    """本命 and 行年 of a person in a year: ``benming`` (birth-year pillar), ``xingnian`` (行年 pillar),
    ``age`` (虛歲) and ``sex`` ("male" or "female"). A chart uses the two branches:
    ``chart(..., nianming=nianming(1990, "男", 2026))``."""

    benming: GanZhi
    xingnian: GanZhi
    age: int
    sex: str

    def text(self, lang: str = "en") -> str:
        """The 年命 in words of ``lang`` ("zh", "ko", "en").

        >>> nianming(1990, "男", 2026).text("ko")
        '본명(本命) 庚午, 행년(行年) 壬寅 (남자, 세는나이 37세)'
        """
        from .show.text import nianming_text

        return nianming_text(self, lang)


def parse_sex(sex: object) -> str:
    """ "male" or "female" from male/female, m/f, 男/女 or 乾/坤; anything else is a :class:`ParseError`."""
    found = SEX_VALUES.get(normalize(sex).strip().lower()) if isinstance(sex, str) else None
    if found is None:
        raise ParseError(f"sex={quote(sex)} is not understood; accepted: 'male'/'female', 男/女, 乾/坤")
    return found


def _year(value: object, what: str) -> int:
    if type(value) is not int:
        raise ParseError(f"{what}={quote(value)} is not a year; accepted: a whole Gregorian year such as 1990")
    if not FIRST_YEAR <= value <= LAST_YEAR:
        raise OutOfRangeError(f"{what}={value} is out of range; accepted: years {FIRST_YEAR}–{LAST_YEAR}")
    return value


def year_pillar_of(year: int) -> GanZhi:
    """The pillar of the (立春) year ``year``: 1984 甲子, 1990 庚午, 2026 丙午."""
    return PILLARS[(year - CYCLE_EPOCH) % 60]


def xingnian(age: int, sex: str) -> GanZhi:
    """行年 at 虛歲 ``age``: 丙寅 forward for a man, 壬申 backward for a woman, 1 歲 being the start."""
    start, step = (MALE_START, 1) if parse_sex(sex) == "male" else (FEMALE_START, -1)
    return PILLARS[(start.ordinal + step * (age - 1)) % 60]


def nianming(birth_year: object, sex: object, year: object) -> NianMing:
    """本命 and 行年 of someone born in ``birth_year`` (a 立春 year), of ``sex``, in ``year``.

    The 虛歲 is ``year − birth_year + 1``; a year before the birth year is an :class:`OutOfRangeError`.
    """
    born = _year(birth_year, "birth_year")
    now = _year(year, "year")
    who = parse_sex(sex)
    if now < born:
        raise OutOfRangeError(f"year={now} is before birth_year={born}; the 行年 starts at 1 歲 in the birth year")
    age = now - born + 1
    return NianMing(year_pillar_of(born), xingnian(age, who), age, who)


__all__ = [
    "FEMALE_START",
    "MALE_START",
    "SEX_VALUES",
    "NianMing",
    "nianming",
    "parse_sex",
    "xingnian",
    "year_pillar_of",
]
