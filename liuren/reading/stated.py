"""A verdict's stating fields decided at once: principles 1–8 as :mod:`liuren.reading.verdict` weighs them,
on the path a reading's ``verdicts()`` takes, where nothing explains the verdict yet.

:func:`~liuren.reading.verdict._weighed` weighs a matter whole, its overrides and course with it, and is
the reference (docs/rules.md §10). A verdict that is only decided reads none of those: :func:`stated`
gives the same decision (verdict, reasons, principle, tier, ``war_reading`` choice, lines weighed and
left open) with each pool of lines weighed once per reading to the five values the decision reads
(:data:`Found`), and the table's sets read once per reading (:class:`~liuren.reading.verdict._Seen`).
``tests/test_verdict_stated.py`` checks it against the reference on every matter of a sample of charts,
and ``tools/snapshot_reading.py`` the verdicts of the 8,640 charts.

>>> from liuren import chart
>>> from liuren.reading import reading
>>> from liuren.reading.verdict import _seen
>>> r = reading(chart("丙申", "午", "亥", month="寅"))
>>> said, reasons, principle, *_ = stated(r, _seen(r), "官")
>>> said, reasons[0].id, reasons[0].source, principle
('吉', '元首-090', '元首課 l.51', 5)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .verdict import GENERAL_MATTERS, RESCUING, TIERS, Decision, Reason, _direction, _generals, _pick, _war

if TYPE_CHECKING:
    from . import Reading
    from .verdict import VerdictTable, _Seen

Found = tuple[tuple[str, tuple[Reason, ...], int, str] | None, bool, bool, "Reason | None", str]
"""What one pool of lines weighs to, as a decision reads it (principles 3–7, :func:`_found`): the decision
(None when no line says more than 平), whether a 吉 or 凶 line still stands, whether the tier that decided
is the chapter's reading of this chart, the line of the first of principle 3's rescues that set a line of
the pool aside, and the ``war_reading`` choice when principle 4 was needed."""

NOTHING: Found = (None, False, False, None, "")
"""What an empty pool weighs to: nothing set aside, nothing decided."""


def _found(pool: int, reading: Reading, seen: _Seen, t: VerdictTable) -> Found:
    """Principles 3–7 on one pool of lines (a set of statements), as :func:`~liuren.reading.verdict._pool`
    weighs it without explaining."""
    rescue = None
    school = ""
    if seen.setting_aside:  # principles 3 and 4 hold on the chart
        aside = 0
        for kind, reach, by in seen.rules:  # principle 3
            hit = pool & reach
            if hit:
                aside |= hit
                if rescue is None and kind in RESCUING:
                    rescue = by
        if seen.war:  # principle 4
            war = _war(pool, reading.chart)
            if war is not None:
                aside |= war[1]
                school = war[3]
        pool &= ~aside
    said = pool & t.said
    if not said:
        return (None, False, False, rescue, school)
    particular, conditioned, lesson, general = seen.tiers  # principle 5: the most particular tier said on
    if said & particular:
        best, here = 0, said & particular
    elif said & conditioned:
        best, here = 1, said & conditioned
    elif said & lesson:
        best, here = 2, said & lesson
    else:
        best, here = 3, said & general
    found = _decided(here, best, pool, seen, t) if here else None
    return (found, bool(said & t.directed), best == 0, rescue, school)


def _decided(
    here: int, tier: int, standing: int, seen: _Seen, t: VerdictTable
) -> tuple[str, tuple[Reason, ...], int, str]:
    """Principles 5–7 on the lines left standing, as :func:`~liuren.reading.verdict._decide` weighs them
    without explaining: ``here`` are those that say more than 平 on the most particular ``tier``."""
    if here & t.yangjiu_forms:  # principle 5: the form over its family
        here &= ~t.yangjiu_family
    principle = 5
    if not here & t.directed:  # as _direction reads the lines
        if here & t.mixed:
            return "吉凶參半", _pick(here, t.mixed, t), 5, TIERS[tier]
        found = None
    elif not here & t.bad:
        found = "先凶後吉" if here & t.turn_good else "吉"
    elif not here & t.good:
        found = "先吉後凶" if here & t.turn_bad else "凶"
    else:
        found = None
    if found is None:  # 吉 and 凶 on one tier: principle 6
        strength = seen.use.strength
        if strength is None:
            return "未定", _pick(here, t.directed, t), 6, TIERS[tier]
        strong = strength in ("旺", "相") and seen.stem in ("旺", "相")
        here &= t.good if strong else t.bad
        found = _direction(here, t) or "吉凶參半"
        principle = 6
    if found == "凶" or found == "先吉後凶":
        rescue = standing & t.rescuers  # principle 7: the first 吉 line reading the 行年 or 本命 that stands
        if rescue:
            by = t.reasons[(rescue & -rescue).bit_length() - 1]
            return "先凶後吉", (*_pick(here, t.bad, t)[:2], by), 7, TIERS[tier]
    course = t.turn_bad if found == "先吉後凶" else t.turn_good if found == "先凶後吉" else 0
    return found, _pick(here, t.directed, t, course), principle, TIERS[tier]


def stated(reading: Reading, seen: _Seen, matter: str) -> Decision:
    """The decision on one matter (principles 1–8): what :func:`~liuren.reading.verdict._weighed` decides,
    each pool weighed once per reading (``seen.stated``)."""
    t = seen.table
    weighs = t.weighs.get(matter, 0)
    weigh = seen.applies & weighs  # principle 1: no timing rule
    opened = (seen.open & weighs).bit_count()
    pools = seen.stated
    own = pools.get(weigh) if weigh else NOTHING
    if own is None:
        own = pools[weigh] = _found(weigh, reading, seen, t)
    found, directed, particular, rescue, school = own
    if not particular and matter in GENERAL_MATTERS:  # principle 8, after the chapter's own reading
        by = _generals(reading, matter)
        if by is not None:
            found = (by.verdict, (by,), 8, "")
    if found is None:
        if rescue is not None and not directed:
            found = ("平", (rescue,), 3, "")
        elif matter != "總" and not weigh & t.directed:  # principle 2: the overall lines (總) decide
            overall = seen.overall
            whole = pools.get(overall) if overall else NOTHING
            if whole is None:
                whole = pools[overall] = _found(overall, reading, seen, t)
            found, directed, _, rescue, school = whole[0], whole[1], whole[2], whole[3], whole[4] or school
            if found is None and rescue is not None and not directed:
                found = ("平", (rescue,), 3, "")
    if found is None:
        flat = weigh & t.flat
        if flat and not opened:
            found = ("平", (t.reasons[(flat & -flat).bit_length() - 1],), 1, "")
        else:
            found = ("未定", (), 0, "")
    return (found[0], found[1], found[2], found[3], school, weigh.bit_count(), opened)
