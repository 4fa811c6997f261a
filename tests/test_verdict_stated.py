"""The verdicts of a reading decided at once (liuren/reading/stated.py) against each matter decided alone.

A reading's ``verdicts()`` decides every matter it holds in one loop (:func:`~liuren.reading.stated.decide_all`);
:func:`~liuren.reading.stated.stated` decides one matter, and :func:`~liuren.reading.verdict._judged`
weighs one whole, its overrides and course along the route the decision took (the same code given an
``Explained`` record: docs/rules.md §10 is written once). Here they agree on every matter of a sample
of the 8,640 charts, with and without the month, the year and the 年命, under both ``war_reading``
choices (principle 4); ``tools/snapshot_reading.py`` checks the verdicts of the 8,640 charts against
the code before.
"""

from __future__ import annotations

import itertools

import liuren
from liuren.cycle import BRANCH_CHARS, PILLARS
from liuren.reading import MATTERS, reading
from liuren.reading.stated import decide_all, stated
from liuren.reading.verdict import _judged, _seen
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


def test_the_decision_at_once_is_the_decision_of_each_matter_alone():
    principles: set[int] = set()
    verdicts: set[str] = set()
    for chart in _charts(11):
        r = reading(chart)
        seen = _seen(r)
        at_once = decide_all(seen, MATTERS)  # every matter, those the reading holds and the others
        alone = reading(chart)
        for matter, v in zip(MATTERS, at_once, strict=True):
            got = stated(_seen(alone), matter)
            assert got == (v.verdict, v.reasons, v.principle, v.tier, v.school, v.weighed, v.open), (chart, matter)
            whole = _judged(_seen(alone), matter, None)
            assert got == (whole.verdict, whole.reasons, whole.principle, whole.tier, *got[4:]), (chart, matter)
            principles.add(got[2])
            verdicts.add(got[0])
    assert principles == {0, 1, 3, 5, 6, 8}, principles  # every way of deciding the charts reach (7: none here)
    assert {"吉", "凶", "平", "未定", "吉凶參半", "先凶後吉"} <= verdicts, verdicts


def test_a_reading_s_verdicts_equal_those_weighed_whole():
    """Every field, the explaining ones weighed when read, equals the verdict :func:`_judged` weighs whole."""
    for chart in _charts(97):
        r = reading(chart)
        for v in r.verdicts():
            whole = _judged(_seen(reading(chart)), v.matter, None)
            assert repr(v) == repr(whole) and v == whole, (chart.spec(), v.matter)


def test_the_reasons_picked_are_the_lines_of_most_conditions_first_in_the_file_s_order():
    """:func:`~liuren.reading.stated._pick` counts the lines and takes one, two or more by separate paths; each
    gives the order a plain sort gives: the lines of more conditions first, then the file's order, at most three
    (and the lines stating the course before the others)."""
    from liuren.reading.stated import _pick
    from liuren.reading.verdict import MAX_REASONS, table

    t = table()
    sample = [n for n in range(len(t.ids)) if t.directed >> n & 1][::9]  # a spread of the lines that say 吉 or 凶

    def plain(places: list[int], first: int = 0) -> tuple[object, ...]:
        order = sorted(places, key=lambda n: (not first >> n & 1, t.rank[n], n))
        return tuple(t.reasons[n] for n in order[:MAX_REASONS])

    assert _pick(0, t) == () and _pick(1 << sample[0], t) == (t.reasons[sample[0]],)
    sizes: set[int] = set()
    for size in (2, 3, 5):
        for start in range(0, len(sample) - size, 3):
            places = sample[start : start + size]
            lines = sum(1 << n for n in places)
            assert _pick(lines, t) == plain(places), places
            assert _pick(lines, t, 1 << places[-1]) == plain(places, 1 << places[-1]), places
            sizes.add(len({t.rank[n] for n in places}))
    assert {1, 2} <= sizes  # lines of one weight and of several were among them
