"""The verdicts decided at once (liuren/reading/stated.py) against the verdicts weighed whole (verdict.py).

A reading's ``verdicts()`` decides each matter with :func:`~liuren.reading.stated.stated`, which weighs
each pool of lines only as far as the decision reads it; :func:`~liuren.reading.verdict._weighed` weighs
a matter whole, with its overrides and course, as docs/rules.md §10 writes the principles out, and stays
the reference. Here both give the same decision on every matter of a sample of the 8,640 charts, with
and without the month, the year and the 年命, under both ``war_reading`` choices (principle 4).
"""

from __future__ import annotations

import itertools

import liuren
from liuren.cycle import BRANCH_CHARS, PILLARS
from liuren.reading import MATTERS, reading
from liuren.reading.stated import stated
from liuren.reading.verdict import _judged, _seen, _weighed
from liuren.school import School

EXTRAS = (
    {},
    {"month": "寅"},
    {"month": "申", "year": "午"},
    {"month": "亥", "year": "子", "nianming": ("卯", "酉")},
    {"month": "巳", "school": School(war_reading="yangjiu")},
    {"nianming": ("午", "子")},
)
"""What a chart may carry beyond day, hour and general, taken in turn."""


def _charts(every: int) -> list[liuren.Chart]:
    """One chart in ``every`` of the 8,640 (day × hour × general), each with the extras in turn."""
    combos = itertools.product(PILLARS, BRANCH_CHARS, BRANCH_CHARS)
    return [
        liuren.chart(str(day), hour, general, **EXTRAS[n % len(EXTRAS)])  # type: ignore[arg-type]
        for n, (day, hour, general) in enumerate(itertools.islice(combos, 0, None, every))
    ]


def test_the_decision_at_once_is_the_decision_weighed_whole():
    principles: set[int] = set()
    verdicts: set[str] = set()
    for chart in _charts(11):
        r = reading(chart)
        seen = _seen(r)
        for matter in MATTERS:
            got = stated(r, seen, matter)
            assert got == _weighed(r, seen, matter, True)[0], (chart.spec(), matter)
            assert got == _weighed(r, seen, matter, False)[0], (chart.spec(), matter)
            principles.add(got[2])
            verdicts.add(got[0])
    assert principles == {0, 1, 3, 5, 6, 8}, principles  # every way of deciding the charts reach (7: none here)
    assert {"吉", "凶", "平", "未定", "吉凶參半", "先凶後吉"} <= verdicts, verdicts


def test_a_reading_s_verdicts_equal_those_weighed_whole():
    """Every field, the explaining ones weighed when read, equals the verdict :func:`_judged` weighs whole."""
    for chart in _charts(97):
        r = reading(chart)
        for v in r.verdicts():
            whole = _judged(reading(chart), _seen(reading(chart)), v.matter, None)
            assert repr(v) == repr(whole) and v == whole, (chart.spec(), v.matter)
