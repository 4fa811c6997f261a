"""When it happens (應期): the chapters' timing rules turned into candidate periods.

A timing statement of the chapters says how long until a matter answers (「旬支旬內應」: within the 旬),
which days or months answer (「用起以所生為吉期，所畏者為凶期」: the branches that produce the 用 are the
good period, those that 克 it the bad one; 「功曹為用，喜在丙丁」: the 丙 and 丁 days), or only how fast
(「遲延」, 「甚速」). :func:`periods` turns each into a :class:`Period`: its rule, the branches or stems
that mark it, and, given the moment the chart was cast (``when``, a timezone-aware datetime), the
concrete interval: from ``when`` to the end of the chart's 旬 (counted from the chart's own day, so a
chart cast after 23:00 counts from the next day's pillar), of the solar month (the next 節), of the
year (the next 立春), of the 節氣 (the next of the 24 terms: 「節氣半月」), of the 候 (a third of the
term: 「今候五日」), or the next day or month the rule names. A rule that names no period (「遲延」)
keeps no dates: it is said, not computed.

:func:`primary_period` names one window per matter, the first of the rules in the order the verdict
weighs them (the chapter's judgement of this chart, then the lesson type's conditioned lines …), and
counts the others, which are folded.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from ..cycle import BRANCH_CHARS, BRANCH_ELEMENT, SPIRIT_NAMES, STEM_CHARS, conquers, produces

if TYPE_CHECKING:
    from ..chart import Chart
    from .statements import Statement

SPANS = {"日": 1, "三日": 3}
"""Periods of a fixed number of days, by their name in the data (半月 and 五日 run to calendar
boundaries: the next 節氣 and the next 候)."""
PENTADS = 3
"""候 in each of the 24 terms (七十二候)."""
LOOKAHEAD_DAYS = 60
"""How far ahead the next day of a named stem or branch is looked for (every stem and branch comes round
within 60 days)."""
SPIRIT_BRANCH = dict(zip(SPIRIT_NAMES, BRANCH_CHARS, strict=True))
"""The 月將 spirit names a rule may use for a branch (天罡 辰, 功曹 寅 …)."""


@dataclass(frozen=True, slots=True)
class Period:
    """A candidate period for a timing statement: the ``statement``, the ``rule`` in the chapter's words
    (the data's detail), what ``marks`` it (branches or stems, or none) and, when the chart's moment is
    known, ``start`` and ``end`` (else None; a rule that names no period has none either)."""

    statement: Statement
    kind: str
    rule: str
    marks: tuple[str, ...]
    start: datetime | None
    end: datetime | None


def _branches_of(elements: set[int]) -> tuple[str, ...]:
    return tuple(BRANCH_CHARS[b] for b in range(12) if BRANCH_ELEMENT[b] in elements)


def _marks(statement: Statement, chart: Chart) -> tuple[str, ...]:
    """The branches or stems a rule names, or that it derives from the 用 (所生, 所畏)."""
    timing = statement.timing
    assert timing is not None
    init = BRANCH_ELEMENT[chart.transmissions[0].branch.ordinal]
    if timing.kind == "generates":
        return _branches_of({e for e in range(5) if produces(e, init)})
    if timing.kind == "fears":
        return _branches_of({e for e in range(5) if conquers(e, init)})
    if timing.kind == "branch":
        detail = timing.detail
        for spirit, branch in SPIRIT_BRANCH.items():  # 「以天罡主三月」: 天罡 is 辰
            detail = detail.replace(spirit, branch)
        stems = tuple(c for c in detail if c in STEM_CHARS)
        return stems or tuple(dict.fromkeys(c for c in detail if c in BRANCH_CHARS))
    return ()


def chart_day_start(when: datetime, chart: Chart) -> datetime:
    """Midnight of the civil date whose pillar is the chart's day: ``when``'s own date, or the next one
    when the chart's day began at 23:00 (子初) of ``when``'s date."""
    from ..almanac import day_pillar

    start = when.replace(hour=0, minute=0, second=0, microsecond=0)
    if day_pillar(when.date()) != chart.day and day_pillar((start + timedelta(days=1)).date()) == chart.day:
        return start + timedelta(days=1)
    return start


def _next_day(when: datetime, first: datetime, test: object) -> tuple[datetime, datetime] | None:
    """The next civil day (from ``first``, the chart's own day, on) whose pillar passes ``test``."""
    from ..almanac import day_pillar

    for k in range(LOOKAHEAD_DAYS):
        day = first + timedelta(days=k)
        if test(day_pillar(day.date())):  # type: ignore[operator]
            return max(day, when), day + timedelta(days=1)
    return None


def _next_pentad(when: datetime) -> datetime:
    """The end of the 候 in force at ``when``: a third of the term between two of the 24 terms."""
    from ..almanac import check_instant, term_index, term_instant

    ts = check_instant(when)
    number = term_index(ts)
    start, end = term_instant(number), term_instant(number + 1)
    for k in range(1, PENTADS + 1):
        edge = start + (end - start) * k / PENTADS
        if edge > ts:
            return datetime.fromtimestamp(edge, when.tzinfo)
    return datetime.fromtimestamp(end, when.tzinfo)  # pragma: no cover - the last third ends at the next term


def _next_term(when: datetime, odd: bool | None, every: int = 2) -> datetime:
    """The instant of the next 節 (``every`` = 2), 立春 (``every`` = 24) or any of the 24 terms
    (``odd`` None) after ``when``, in its zone."""
    from ..almanac import check_instant, term_index, term_instant

    number = term_index(check_instant(when)) + 1
    while odd is not None and ((number % 2 == 1) != odd or (every == 24 and number % 24 != 3)):
        number += 1
    return datetime.fromtimestamp(term_instant(number), when.tzinfo)


def _month_of(when: datetime, branch: str) -> tuple[datetime, datetime]:
    """The next solar month (by 節) whose 月建 is ``branch``, from the month in force at ``when`` on."""
    from ..almanac import check_instant, month_of_term, term_index, term_instant

    number = term_index(check_instant(when))
    number -= 0 if number % 2 == 1 else 1  # the 節 that opened the month in force
    for _ in range(13):
        if str(month_of_term(number)) == branch:
            start = max(when, datetime.fromtimestamp(term_instant(number), when.tzinfo))
            return start, datetime.fromtimestamp(term_instant(number + 2), when.tzinfo)
        number += 2
    raise AssertionError(branch)  # twelve months hold every branch


def _interval(
    statement: Statement, marks: tuple[str, ...], when: datetime, chart: Chart
) -> tuple[datetime, datetime] | None:
    timing = statement.timing
    assert timing is not None
    first = chart_day_start(when, chart)
    if timing.kind == "period":
        if timing.detail in SPANS:
            return when, first + timedelta(days=SPANS[timing.detail])
        if timing.detail == "半月":
            return when, _next_term(when, odd=None)
        if timing.detail == "五日":
            return when, _next_pentad(when)
        if timing.detail == "旬":
            left = 10 - chart.day.ordinal % 10
            return when, first + timedelta(days=left)
        if timing.detail == "月":
            return when, _next_term(when, odd=True)
        if timing.detail == "年":
            return when, _next_term(when, odd=True, every=24)
        return None
    if not marks:
        return None
    if timing.kind == "branch" and "月" in timing.detail and marks[0] in BRANCH_CHARS:
        return _month_of(when, marks[0])
    if marks[0] in STEM_CHARS:
        return _next_day(when, first, lambda p: str(p)[0] in marks)
    return _next_day(when, first, lambda p: str(p)[1] in marks)


def periods(applied: tuple[Statement, ...], chart: Chart, when: datetime | None) -> tuple[Period, ...]:
    """The candidate periods of the timing statements among ``applied`` on ``chart``; with ``when`` (the
    moment the chart was cast, timezone-aware) each computable one gets its interval."""
    if when is not None:
        from ..almanac import check_instant

        check_instant(when)  # a naive or out-of-range moment is refused here, with its own error
    found = []
    for statement in applied:
        if statement.timing is None:
            continue
        marks = _marks(statement, chart)
        interval = None if when is None else _interval(statement, marks, when, chart)
        start, end = interval if interval is not None else (None, None)
        found.append(Period(statement, statement.timing.kind, statement.timing.detail, marks, start, end))
    return tuple(found)


def primary_period(ordered: tuple[Statement, ...], chart: Chart, when: datetime | None) -> tuple[Period | None, int]:
    """The primary 應期 among timing statements given in the order they are weighed, and how many
    others are folded under it: the first that names a period or marks (a rule that only says how
    fast, 「遲延」, is primary only when no other is)."""
    rules = [s for s in ordered if s.timing is not None]
    if not rules:
        return None, 0
    first = next((s for s in rules if s.timing is not None and s.timing.kind != "other"), rules[0])
    return periods((first,), chart, when)[0], len(rules) - 1


def month_disagrees(chart: Chart, when: datetime) -> str | None:
    """The 月建 in force at ``when`` when it differs from the chart's month (else None): the dates are
    then counted from a moment the chart was not cast in."""
    from ..almanac import check_instant, month_of_term, term_index

    if chart.month is None:
        return None
    number = term_index(check_instant(when))
    number -= 0 if number % 2 == 1 else 1
    month = str(month_of_term(number))
    return None if month == str(chart.month) else month
