"""A verdict's decision, principles 1–8 as docs/rules.md §10 writes them out, in one place: what a
reading's ``verdicts()`` decides for every matter at once, and what a verdict's explaining fields are
weighed along when first read.

:func:`routes` decides each matter: its lines (principle 1) weighed as one pool (:func:`_found`, principles
3–7), then, where they say no 吉 or 凶, the overall lines (principle 2), with principle 8 read where the chapter
does not read this very chart. Each matter's pool of lines is weighed in one call to the one flat tuple a decision reads
(:data:`Found`), the overall lines once per reading, and the table's sets are read once per reading
(:class:`~liuren.reading.verdict._Seen`). The explaining path of :mod:`liuren.reading.verdict` weighs the pool
the decision ended on again with an :class:`Explained` record, into which the same code writes the overrides
each principle makes and the lines left standing for the course: there is no second copy of the rules.
:func:`decide_all` decides every matter a reading holds in that one loop, each
:class:`~liuren.reading.verdict.Verdict` made as its matter is decided. ``tests/test_verdict_stated.py``
checks it against :func:`stated` matter by matter, and ``tools/snapshot_reading.py`` the verdicts of the 8,640
charts against the code before.

>>> from liuren import chart
>>> from liuren.reading import reading
>>> from liuren.reading.verdict import _seen
>>> r = reading(chart("丙申", "午", "亥", month="寅"))
>>> said, reasons, principle, *_ = stated(_seen(r), "官")
>>> said, reasons[0].id, reasons[0].source, principle
('吉', '元首-090', '元首課 l.51', 5)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..cycle import BRANCH_ELEMENT, GUIREN, STEM_ELEMENT, kin_of
from ..patterns import shensha as ss
from ..patterns.view import GOOD_GENERALS, unfrozen
from .verdict import (
    GENERAL_MATTERS,
    GENERAL_REASONS,
    MATTER_KIN,
    MAX_REASONS,
    RESCUING,
    STRENGTH_REASONS,
    TIERS,
    YANGJIU_REASON,
    Decision,
    Override,
    Reason,
    Verdict,
    _direction,
    _override,
    _war,
)

if TYPE_CHECKING:
    from ..chart import Chart
    from .verdict import VerdictTable, _Seen

Found = tuple["str | None", tuple[Reason, ...], int, str, bool, bool, "Reason | None", str]
"""What one pool of lines weighs to, as a decision reads it (principles 3–7, :func:`_found`), one flat tuple
(a matter's decision packs nothing else): the verdict, its reasons, the principle and the tier that decided
(None, (), 0, "" when no line says more than 平), whether a 吉 or 凶 line still stands (read only where there
is no verdict, and so weighed only there), whether the tier that decided is the chapter's reading of this
chart, the line of the first of principle 3's rescues that set a line of the pool aside, and the
``war_reading`` choice when principle 4 was needed."""

NOTHING: Found = (None, (), 0, "", False, False, None, "")
"""What an empty pool weighs to: nothing set aside, nothing decided."""

Route = tuple[str, tuple[Reason, ...], int, str, str, int, int, int, bool]
"""A matter's :data:`~liuren.reading.verdict.Decision` followed by the pool of lines it ended on (the
matter's own, or the overall ones where principle 2 read them) and whether principle 8 decided: what
the explaining path weighs again (:func:`route`)."""


class Explained:
    """What the explaining path collects while a pool is weighed (:func:`_found` given one): the
    overrides in the order the principles make them, those of principles 3 and 4 alone (``before``,
    what stays where principle 8 decides), and the lines left standing after them (``standing``, which
    the course reads)."""

    __slots__ = ("before", "overrides", "standing")

    def __init__(self) -> None:
        self.overrides: list[Override] = []
        self.before: tuple[Override, ...] = ()
        self.standing = 0


def _aside(pool: int, seen: _Seen, explain: Explained | None) -> tuple[int, Reason | None, str]:
    """Principles 3 and 4 on one pool that holds a line they may set aside (``seen.reach``, on about one
    chart in three): the lines left standing, the line of the first rescue that set one aside (or None)
    and the ``war_reading`` choice where principle 4 was needed; the overrides go into ``explain``."""
    rescue = None
    school = ""
    aside = 0
    for kind, reach, by in seen.rules:  # principle 3
        hit = pool & reach
        if hit:
            aside |= hit
            if rescue is None and kind in RESCUING:
                rescue = by
            if explain is not None:
                explain.overrides.append(_override(kind, hit, by))
    if seen.war:  # principle 4
        war = _war(pool, seen.chart)
        if war is not None:
            aside |= war[1]
            school = war[3]
            if explain is not None:
                explain.overrides.append(_override(war[0], war[1], war[2]))
    return pool ^ aside, rescue, school  # what it sets aside is of the pool: pool & ~aside, without complementing


def _found(pool: int, seen: _Seen, t: VerdictTable, explain: Explained | None = None) -> Found:
    """Principles 3–7 on one pool of lines (a set of statements); with ``explain``, the overrides they
    make and the lines left standing are written into it as well. Principles 5–7 are weighed here, not in
    a function of their own: a matter's decision is then one call and one tuple (principle 6's weighing
    of the 旺相, rarer, is :func:`_strong`'s)."""
    rescue = None
    school = ""
    reach = seen.reach
    if reach and pool & reach:  # principles 3 and 4 may set a line of the pool aside
        pool, rescue, school = _aside(pool, seen, explain)
    if explain is not None:
        explain.before = tuple(explain.overrides)
        explain.standing = pool
    said = pool & t.said
    if not said:
        return (None, (), 0, "", False, False, rescue, school)
    particular, conditioned, lesson, general = seen.tiers  # principle 5: the most particular tier said on
    if here := said & particular:
        tier = 0
    elif here := said & conditioned:
        tier = 1
    elif here := said & lesson:
        tier = 2
    else:
        tier, here = 3, said & general
    if not here:
        return (None, (), 0, "", bool(said & t.directed), tier == 0, rescue, school)
    if here & t.yangjiu_forms:  # principle 5: the form over its family
        family = here & t.yangjiu_family
        if explain is not None and family:
            explain.overrides.append(_override("殃咎例", family, YANGJIU_REASON))
        here ^= family  # here & ~family, without complementing a 1,130-bit int
    principle = 5
    directed = here & t.directed  # the lines the reasons are picked from (but for principles 6 and 7)
    if not directed:  # as _direction reads the lines
        if mixed := here & t.mixed:
            return ("吉凶參半", _pick(mixed, t), 5, TIERS[tier], True, tier == 0, rescue, school)
        found = None
    elif not here & t.good:  # 凶 first: most lines that decide say it (one and fewer)
        found = "先吉後凶" if here & t.turn_bad else "凶"
    elif not here & t.bad:
        found = "先凶後吉" if here & t.turn_good else "吉"
    else:
        found = None
    if found is None:  # 吉 and 凶 on one tier: principle 6
        if seen.strengths[0] is None:
            return ("未定", _pick(directed, t), 6, TIERS[tier], True, tier == 0, rescue, school)
        here = directed = _strong(here, seen, t, explain)
        found = _direction(here, t) or "吉凶參半"
        principle = 6
    if found == "凶" or found == "先吉後凶":
        saved = pool & t.rescuers  # principle 7: the first 吉 line reading the 行年 or 本命 that stands
        if saved:
            by = t.reasons[(saved & -saved).bit_length() - 1]
            if explain is not None:
                explain.overrides.append(_override("年命", here, by))
            return ("先凶後吉", (*_pick(here & t.bad, t)[:2], by), 7, TIERS[tier], True, tier == 0, rescue, school)
    course = t.turn_bad if found == "先吉後凶" else t.turn_good if found == "先凶後吉" else 0
    return (found, _pick(directed, t, course), principle, TIERS[tier], True, tier == 0, rescue, school)


def _strong(here: int, seen: _Seen, t: VerdictTable, explain: Explained | None) -> int:
    """Principle 6 on lines ``here`` that say both 吉 and 凶 (the month known): the side that stands, the
    lines of the other set aside (written into ``explain``)."""
    strength, stem = seen.strengths
    # l.51 judges 吉 on both: 「今卯木旺，丙火得相氣，故以吉斷之」; where either is weak the 凶 lines stand
    # (重審課 l.131 for the 用; 殃咎課 l.163 「身弱難管」 for the day stem)
    strong = strength in ("旺", "相") and stem in ("旺", "相")
    side = t.good if strong else t.bad
    if explain is not None:
        why = "吉" if strong else "用" if strength not in ("旺", "相") else "身"
        explain.overrides.append(_override("旺相", here & ~side, STRENGTH_REASONS[why]))
    return here & side  # the side is of the lines that say 吉 or 凶


def _generals(chart: Chart, matter: str) -> Reason | None:
    """Principle 8 (神將吉凶): the general riding the matter's 六親 in the 三傳 (every one of them 吉將, or
    every one 凶將), or for 官 the 貴人 riding the 用, read by the line of :data:`GENERAL_LINES`; None where
    the 三傳 do not carry the matter or its generals disagree. One pass over the 三傳, no set made: about
    one matter a chart reads it."""
    trans = chart.transmissions
    if matter == "官":
        side = "吉" if trans[0].general.ordinal == GUIREN else ""
    else:
        kin = MATTER_KIN.get(matter)
        if kin is None:  # no line reads its general
            return None
        stem, good = chart.stem.ordinal, None  # whether the generals riding the kin are 吉將 (None: no kin rides)
        for t in trans:
            if kin_of(stem, t.branch.ordinal) == kin:
                here = t.general.ordinal in GOOD_GENERALS
                if good is not None and here is not good:  # they disagree
                    return GENERAL_REASONS.get((matter, ""))
                good = here
        side = "" if good is None else "吉" if good else "凶"
    return GENERAL_REASONS.get((matter, side))


def _strengths(chart: Chart) -> tuple[str | None, str | None]:
    """The 用's (初傳's) and the day stem's 旺相休囚死 in the month (丙火得相氣, 元首課 l.51), or None without
    the month (:func:`~liuren.patterns.shensha.season_state`, :func:`~liuren.patterns.shensha.stem_state`)."""
    if chart.month is None:
        return None, None
    ruling = ss.ruling_element(chart.month.ordinal, chart.school)  # the element 旺 in the month
    use = BRANCH_ELEMENT[chart.transmissions[0].branch.ordinal]
    return ss.ruled_state(use, ruling), ss.ruled_state(STEM_ELEMENT[chart.stem.ordinal], ruling)


def _pick(lines: int, t: VerdictTable, first: int = 0) -> tuple[Reason, ...]:
    """The reasons shown: of ``lines`` (those of the winning side), those among ``first`` before the others
    (the lines that state the verdict's course, so that a 先吉後凶 verdict shows the line that says so), then
    those with conditions the chart decides first (then in the file's order)."""
    count = lines.bit_count()  # counted in place: no 1,130-bit int made, as and-ing the set with itself would
    if count < 2:  # one line, or none
        return (t.reasons[lines.bit_length() - 1],) if count else ()
    if count == 2 and not (first and lines & first):  # two: the one of more conditions first, else in order
        low, high = (lines & -lines).bit_length() - 1, lines.bit_length() - 1
        return (t.reasons[high], t.reasons[low]) if t.rank[high] < t.rank[low] else (t.reasons[low], t.reasons[high])
    chosen: list[Reason] = []
    for part in (lines & first, lines & ~first) if lines & first else (lines,):
        # the lines of the most conditions first, in the file's order (most have few: their sets alone)
        for weight in t.by_weight if part & t.heavy else t.light:
            of = part & weight
            while of:
                low = of & -of
                chosen.append(t.reasons[low.bit_length() - 1])
                if len(chosen) == MAX_REASONS:
                    return tuple(chosen)
                of ^= low
    return tuple(chosen)


def routes(seen: _Seen, matters: tuple[str, ...]) -> list[Route]:
    """The decision on each of ``matters`` (principles 1–8), each with the pool it ended on and whether
    principle 8 decided (:data:`Route`): one loop, the reading's sets read once for every matter
    (:func:`_routed`)."""
    return cast("list[Route]", _routed(seen, matters, False))


def _routed(seen: _Seen, matters: tuple[str, ...], records: bool) -> list[object]:
    """The decision on each of ``matters``: its :data:`Route`, or, with ``records``, its :class:`Verdict`
    made at once (:func:`decide_all`), in the same loop, so that a reading's verdicts cost one pass. A
    matter's own pool is weighed each time, not kept: two matters share one in about one chart in five,
    and keeping them hashed a 1,130-bit int twice a matter; the overall lines (principle 2), which many
    matters fall back on, are weighed once per reading (``seen.whole``), with 總's own."""
    t = seen.table
    applies, left_open, weighs_of, directed_lines = seen.applies, seen.open, t.weighs, t.directed
    new, twin = object.__new__, UNFROZEN_VERDICT
    made: list[object] = []
    for matter in matters:
        weighs = weighs_of.get(matter, 0)
        weigh = applies & weighs  # principle 1: no timing rule
        if not weigh:
            found = NOTHING
        elif matter != "總":
            found = _found(weigh, seen, t)
        else:  # its pool is the overall lines: kept for principle 2, which the matters after it may read
            found = seen.whole = _found(weigh, seen, t)
        said, reasons, principle, tier, directed, particular, rescue, school = found
        ended = weigh
        by_general = False
        if not particular and matter in GENERAL_MATTERS:  # principle 8, after the chapter's own reading
            by = _generals(seen.chart, matter)
            if by is not None:
                said, reasons, principle, tier, by_general = by.verdict, (by,), 8, "", True
        if said is None:
            if rescue is not None and not directed:
                said, reasons, principle, tier = "平", (rescue,), 3, ""
            elif matter != "總" and not weigh & directed_lines:  # principle 2: the overall lines (總) decide
                ended = overall = seen.overall
                whole = seen.whole
                if whole is None:  # an empty pool weighs to nothing
                    whole = seen.whole = _found(overall, seen, t) if overall else NOTHING
                said, reasons, principle, tier, directed, _, rescue, war_school = whole
                school = war_school or school
                if said is None and rescue is not None and not directed:
                    said, reasons, principle, tier = "平", (rescue,), 3, ""
            if said is None:
                flat = weigh & t.flat
                if flat and not left_open & weighs:
                    said, reasons, principle, tier = "平", (t.reasons[(flat & -flat).bit_length() - 1],), 1, ""
                else:
                    said, reasons, principle, tier = "未定", (), 0, ""
        if records:  # a Verdict's slots set as its __init__ sets them, the explaining ones and counts left
            v: Any = new(twin)  # set by plain stores, then a Verdict (frozen)
            v._values = (matter, said, reasons, None, None, None, None, principle, school, tier, None, None, None)
            v._explain = seen  # the matter and the verdict are of the values; the seen keeps no verdict: no cycle
            v.verdict = said
            v.reasons = reasons
            v.__class__ = Verdict
            made.append(v)
        else:
            count, opened = weigh.bit_count(), (left_open & weighs).bit_count()
            made.append((said, reasons, principle, tier, school, count, opened, ended, by_general))
    return made


def route(seen: _Seen, matter: str) -> Route:
    """The decision on one matter, as :func:`routes` decides each."""
    return routes(seen, (matter,))[0]


def stated(seen: _Seen, matter: str) -> Decision:
    """The decision on one matter (principles 1–8): a :class:`~liuren.reading.verdict.Verdict`'s stating
    fields, as :func:`route` decides them."""
    return route(seen, matter)[:7]  # a Route begins with its Decision


def decide_all(seen: _Seen, matters: tuple[str, ...]) -> list[Verdict]:
    """The verdict on each of ``matters``, decided now by :func:`routes`'s loop and explained when its
    overrides, course or 應期 are first read (a :class:`~liuren.reading.verdict.Verdict`'s slots set as its
    ``__init__`` sets them, the explaining ones left to :func:`~liuren.reading.verdict._explanation`)."""
    return cast("list[Verdict]", _routed(seen, matters, True))


UNFROZEN_VERDICT = unfrozen(Verdict)
"""A :class:`~liuren.reading.verdict.Verdict` with plain stores (:func:`~liuren.patterns.view.unfrozen`):
what :func:`decide_all` makes each verdict as before it gives it the class ``Verdict``."""
