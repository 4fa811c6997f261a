"""The reading's decision as generated code: the compiled conditions written out, once, as one Python
function over a chart, as :mod:`dataclasses` writes a class's methods.

:func:`~liuren.reading.reading` decides which statements of the subjects a chart shows stand: a statement
is set aside as soon as one of its tests fails, and one is left open where a test needs what the chart
lacks (:data:`~liuren.reading.conditions.State`). :func:`decide_source` writes that walk for every subject
and every test of the package's data as straight-line code: a subject is a bit of the set of subjects
the chart shows, a set of statements an ``int`` literal, and each test, where it is a test of one place
or of the chart as a whole, the reader of the attribute called on the place and its value compared in
line, or, for the attributes of a branch that are a small table over an integer (:data:`INDEXED`: the
branch, its general, 六親, element, lessons, 旺相 and relations), that integer compared with the indexes
where the test holds, found when the data loads, as are the attributes of the chart as a whole that a few
of its integers decide (:data:`~liuren.reading.indexes.CHART_INDEXED`: the 三傳's sequence, the day, …); a
fact whose reader cannot lack what it reads (:func:`_may_lack`) is read without a ``try`` and its test
decided as True or False; a test or a fact that several subjects share is kept in a local variable,
decided at most once. The tests of a branch's own attributes, its general's and its
六親 (:data:`BY_PLACE`) at the 三傳 and the lessons' uppers are not walked at all: one table per place,
built when the data loads (:func:`keep_tables`), sets aside at once every statement one of them fails. The
tests of the patterns are decided in line by the names the chart holds and those it cannot judge (the
年命 decides where one of those needs it, else the month). The other tests (the day stem, the 神煞, the
places of an "any" target) are the interpreted tests of :func:`~liuren.reading.conditions.compile_condition` and
:func:`~liuren.reading.conditions.compile_together`, called by name. :func:`compile_decide` compiles the
source with :func:`compile` (nothing but the package's own data goes into it), and the generated function
must agree with the interpreted walk (``tests/test_reading_compiled.py`` checks both, and the readings
over the 8,640 charts, ``tools/snapshot_reading.py``).

>>> from liuren.reading import program
>>> print(program().source.splitlines()[0])
def decide(x, subjects, standing):
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import NamedTuple

from ..patterns import PATTERNS
from ..patterns import shensha as ss
from .conditions import Condition, State
from .indexes import BY_PLACE, CHART_INDEXED, CHART_NUMBER, INDEXED, KEYS, MONTHLY, READ_BACK
from .readers import (
    CHART_READERS,
    CHART_READERS_LACKING,
    PLACES_LACKING,
    READERS,
    READERS_LACKING,
    SHA_PLACES,
    SINGLE_PLACES,
    STEM_READERS,
    STEM_READERS_LACKING,
    Ctx,
    Lacking,
    sha_lacking,
)

LOCAL_PLACES = {
    "init": "t0",
    "middle": "t1",
    "final": "t2",
    "gan_upper": "u0",
    "gan_yin": "u1",
    "zhi_upper": "u2",
}
"""The places read from the chart once at the top of the function, by the local variable that holds each
(the 三傳 and the uppers of lessons 1–3)."""

SHA_NAMES = tuple(SHA_PLACES)
"""The 神煞 a condition can name, by the number the generated code calls each one's place by (``SHA_3``)."""

ANY_PLACES = {
    "any_trans": ("t0", "t1", "t2"),
    "all_trans": ("t0", "t1", "t2"),
    "any_lesson_upper": ("u0", "u1", "u2", "u3"),
}
"""The targets of several places the generated code reads place by place, by the local variables of their
places (those whose places every chart shows: an "any" target with places a chart may lack, such as the
年命's uppers, is left to its interpreted test)."""

INDEXED_PLACES = frozenset(SINGLE_PLACES) - PLACES_LACKING
"""The targets of one place the generated code reads in line for an indexed attribute: every one but the
年命's uppers, which a chart may lack."""

MAX_INLINE_VALUES = 3
"""Up to this many values a test compares one by one (``'旺' in f or '相' in f``); more, with a set."""


class _Plan(NamedTuple):
    """How the generated code decides one test itself: the facts it reads (each a key, the same for every
    test reading that attribute at that place, and the expression that reads it), in the order the
    interpreted test reads them (the first the chart lacks decides), and the expression over the facts'
    local names that is the test's answer where the chart lacks none."""

    facts: tuple[tuple[str, str], ...]
    test: Callable[[Sequence[str]], str]


def _spec(condition: Condition) -> tuple[str, Callable[[int], tuple[str, ...]], int] | None:
    """How the generated code indexes what ``condition`` reads: :data:`INDEXED` for a place's attribute,
    :data:`CHART_INDEXED` for the chart's; None where it is not indexed."""
    return (INDEXED if condition.target else CHART_INDEXED).get(condition.attr)


def _holding(condition: Condition) -> frozenset[int] | None:
    """The indexes (:func:`_spec`) at which ``condition`` holds, or None where its attribute is not
    indexed: one of the values shown (``=``, ``in``), or none of them (``!=``), as :func:`_compare` tests."""
    spec = _spec(condition)
    if spec is None:
        return None
    back = None if condition.target else READ_BACK.get(condition.attr)
    if back is not None:
        found = frozenset().union(*map(back, condition.values))
    else:
        where = _where(bool(condition.target), condition.attr)
        found = frozenset().union(*(where.get(value, ()) for value in condition.values))
    return frozenset(range(spec[2])) - found if condition.op == "!=" else found


@cache
def _where(placed: bool, attr: str) -> dict[str, frozenset[int]]:
    """Where an indexed attribute (of a place where ``placed``, else of the chart) shows each value: the
    indexes, listed once."""
    _, shown, size = (INDEXED if placed else CHART_INDEXED)[attr]
    where: dict[str, set[int]] = {}
    for i in range(size):
        for value in shown(i):
            where.setdefault(value, set()).add(i)
    return {value: frozenset(indexes) for value, indexes in where.items()}


def _inline_places(group: tuple[Condition, ...]) -> tuple[str, ...] | None:
    """The places (expressions) a group of conditions reads, where the generated code decides it by
    indexes alone: every condition indexed, one place or the places of an "any" target every chart shows."""
    target = group[0].target
    if len(group) == 1 and not target and group[0].attr in CHART_INDEXED:
        return ("",)  # the chart's own: its expression reads no place
    if not target or not all(c.attr in INDEXED and c.attr.isidentifier() for c in group):
        return None
    if len(group) == 1 and target in INDEXED_PLACES and target.isidentifier():
        local = LOCAL_PLACES.get(target)
        return (local if local is not None else f"P_{target}(x)",)
    return ANY_PLACES.get(target)


def _by_lesson(condition: Condition, holding: frozenset[int], place: str) -> str | None:
    """A test of the lessons whose upper is a place (``lesson``, :data:`INDEXED`) as the uppers compared with
    it, where it holds as soon as the upper of one of some lessons is the place (or fails then, ``!=``): one
    or two comparisons instead of the index of all four."""
    if condition.attr != "lesson":
        return None
    for those in range(1, 16):
        uppers = [f"u{n}" for n in range(4) if those >> n & 1]
        if holding == frozenset(i for i in range(16) if i & those):
            return " or ".join(f"{u} == {place}" for u in uppers)
        if holding == frozenset(i for i in range(16) if not i & those):
            return " and ".join(f"{u} != {place}" for u in uppers)
    return None


def _monthly(group: tuple[Condition, ...]) -> bool:
    """Whether a group of conditions reads an indexed attribute the month decides (:data:`MONTHLY`)."""
    return any(c.attr in MONTHLY for c in group)


def _inline(group: tuple[Condition, ...], k: int) -> str | None:
    """The expression that decides test ``k`` (its conditions ``group``) by indexes alone, or None: each
    condition compared with the one index where it holds, or tested against the set of them (``W12_0``)."""
    places = _inline_places(group)
    if places is None:
        return None

    def at(j: int, c: Condition, place: str) -> str:
        holding, spec = _holding(c), _spec(c)
        assert holding is not None and spec is not None
        index = spec[0].format(p=place)
        if not holding:
            return "False"
        if len(holding) == spec[2]:
            return "True"
        if len(holding) == 1:
            return f"{index} == {next(iter(holding))}"
        return _by_lesson(c, holding, place) or f"{index} in W{k}_{j}"

    target = group[0].target
    if len(group) == 1:
        parts = [at(0, group[0], p) for p in places]
        if len(parts) == 1:
            found = parts[0]
        elif group[0].op != "!=" and target != "all_trans":
            found = " or ".join(f"({part})" for part in parts)
        else:
            found = " and ".join(f"({part})" for part in parts)
    else:
        found = " or ".join("(" + " and ".join(f"({at(j, c, p)})" for j, c in enumerate(group)) + ")" for p in places)
    if _monthly(group):  # the one fact a chart can lack here, read before any test
        return f"'month' if ru is None else ({found})"
    return found


def _place_fact(target: str, attr: str) -> tuple[str, str]:
    """The key and the reading of ``attr`` at one place: a place held in a local variable, else the
    place's own reader (which may lack what places it)."""
    place = LOCAL_PLACES.get(target)
    if place is None:
        return f"{target}:{attr}", f"R_{attr}(x, P_{target}(x))"
    return f"{place}:{attr}", f"R_{attr}(x, {place})"


def _lacking(key: str) -> list[str]:
    """What may lack in the fact of ``key`` (:class:`_Plan`: ``:attr`` the chart's, ``stem:attr`` the day
    stem's, else ``place:attr``), by the names :data:`LACKS_WITHOUT` gives them, in the order they are read:
    its place (``p:``) before the branch's reader there (``b:``), the day stem's (``s:``) or the chart's
    (``c:``) reader; empty where neither its reader nor its place may raise :class:`Lacking`."""
    scope, attr = key.split(":")
    if not scope:
        return [f"c:{attr}"] if attr in CHART_READERS_LACKING else []
    if scope == "stem":
        return [f"s:{attr}"] if attr in STEM_READERS_LACKING else []
    return ([f"p:{scope}"] if scope in PLACES_LACKING else []) + ([f"b:{attr}"] if attr in READERS_LACKING else [])


def _may_lack(key: str) -> bool:
    """Whether the fact of ``key`` may be one the chart lacks (:func:`_lacking`). The generated code reads the
    others without a ``try``, and a test of them alone as True or False."""
    return bool(_lacking(key))


LACKS_WITHOUT = {
    "p:year_upper": ("xingnian_upper", "nianming"),
    "p:fate_upper": ("benming_upper", "nianming"),
    "b:strength": ("month", "month"),
    "b:earth_strength": ("month", "month"),
    "b:to_taisui": ("year", "year"),
    "b:to_xingnian": ("xingnian", "nianming"),
    "b:to_benming": ("benming", "nianming"),
    "s:strength": ("month", "month"),
    "c:season": ("month", "month"),
    "c:month": ("month", "month"),
    "c:amnesty": ("month", "month"),
}
"""The places (``p:``) and readers (``b:`` a branch's, ``s:`` the day stem's, ``c:`` the chart's) that may lack
what they read and raise :class:`Lacking` exactly where one field of the chart is None: that field and what
they say the chart lacks. The generated walk tests the field instead of catching what is raised
(``tests/test_reading_compiled.py`` checks each against its reader); 沖 and 刑害 by the 六處 (``chonged``,
``afflicted``) lack the 年命 only where the other places leave them undecided, and are caught."""


def _guards(key: str) -> tuple[tuple[str, str], ...] | None:
    """The fields of the chart (:data:`LACKS_WITHOUT`) whose being None makes the fact of ``key`` (as
    :func:`_may_lack` reads it) lacking, with what it lacks then, in the order its place and its reader
    read them; None where it may lack otherwise."""
    declared = _lacking(key)
    if not all(name in LACKS_WITHOUT for name in declared):
        return None
    return tuple(LACKS_WITHOUT[name] for name in declared)


def _guarded(plan: _Plan, into: str, pad: str, shared_facts: dict[str, str]) -> list[str] | None:
    """The lines that put the state of a test whose facts may lack only where a field of the chart is None
    (:func:`_guards`) into ``into``: each field tested, in the order the facts are read (the first one
    lacking decides), then the facts read without a ``try`` (:func:`_sure_reads`); None for another test."""
    guards: dict[tuple[str, str], None] = {}
    for key, _ in plan.facts:
        found = _guards(key)
        if found is None:
            return None
        guards.update(dict.fromkeys(found))
    lines = []
    for n, (field, what) in enumerate(guards):
        lines += [f"{pad}{'el' if n else ''}if x.{field} is None:", f"{pad}    {into} = {what!r}"]
    reads, found_test = _sure_reads(plan, shared_facts, pad + "    ")
    return [*lines, f"{pad}else:", *reads, f"{pad}    {into} = {found_test}"]


def _plan(group: tuple[Condition, ...], k: int) -> _Plan | None:
    """How the generated code decides test ``k`` (its conditions ``group``), or None where it calls the
    interpreted test: a pattern (read in line where the chart judges them all), a 神煞, or a target whose
    places a chart may lack."""
    first = group[0]
    target, attr = first.target, first.attr
    if not all(c.attr.isidentifier() and (not c.target or c.target.isidentifier()) for c in group):
        return None  # read by a name the source cannot spell: its interpreted test
    if any(c.attr == "sha" or c.attr not in READERS for c in group if c.target and c.target != "day_stem"):
        return None
    if len(group) == 1 and not target:
        if attr == "pattern" or attr not in CHART_READERS:
            return None
        return _Plan(((f":{attr}", f"C_{attr}(x)"),), lambda f: _compare(first, f[0], f"V{k}_0"))
    if len(group) == 1 and target == "day_stem":
        return _Plan(((f"stem:{attr}", f"(S_{attr}(x),)"),), lambda f: _compare(first, f[0], f"V{k}_0"))
    if len(group) == 1 and target in SINGLE_PLACES:
        return _Plan((_place_fact(target, attr),), lambda f: _compare(first, f[0], f"V{k}_0"))
    places = ANY_PLACES.get(target)
    if places is None:
        return None
    facts = tuple((f"{p}:{c.attr}", f"R_{c.attr}(x, {p})") for c in group for p in places)
    n = len(places)

    def test(f: Sequence[str]) -> str:
        if len(group) == 1:  # some place shows a value; none does (!=); every place does (all_trans)
            parts = [f"({_compare(first, f[i], f'V{k}_0')})" for i in range(n)]
            return " or ".join(parts) if first.op != "!=" and target != "all_trans" else " and ".join(parts)
        at = [  # conditions together: one place satisfies them all (compile_together)
            " and ".join(f"({_compare(c, f[j * n + i], f'V{k}_{j}')})" for j, c in enumerate(group)) for i in range(n)
        ]
        return " or ".join(f"({part})" for part in at)

    return _Plan(facts, test)


NIANMING_PLACES = {
    "any_place": ("t0", "t1", "t2", "u0", "u1", "u2", "u3"),
    "six_places": ("u0", "u2", "t0", "t1", "t2"),
}
"""The "any" targets whose last places are the 年命's uppers (行年上神 and 本命上神), by the places every
chart shows (:func:`~liuren.reading.readers.places`): a 神煞 condition on one reads those two where the
chart has a 年命, and else says the chart lacks "nianming" where the places it shows leave it undecided."""


def _sha_places(target: str) -> tuple[str, ...] | None:
    """The places of a target a 神煞 condition reads in line: one place, or the places of a target every
    chart shows (:data:`ANY_PLACES`), or those of one ending with the 年命's uppers (:data:`NIANMING_PLACES`,
    without them); None for a target whose places a chart may lack."""
    if target in ANY_PLACES:
        return ANY_PLACES[target]
    if target in NIANMING_PLACES:
        return NIANMING_PLACES[target]
    if target in SINGLE_PLACES and target.isidentifier():
        return (LOCAL_PLACES.get(target, "b"),)
    return None


def _sha(k: int, condition: Condition, into: str, pad: str) -> list[str]:
    """The lines that decide a condition on the 神煞 (its test ``k``) into ``into``, as the interpreted test
    does: the branch where each 神煞 named stands (``SHA_<n>``, :data:`~liuren.reading.readers.SHA_PLACES`;
    None where the chart lacks what places it), whether the target's places show one (for all_trans:
    each place), and, where that leaves it as a 神煞 the chart cannot place could change it, what the
    chart lacks (:func:`~liuren.reading.readers.sha_lacking`)."""
    places = _sha_places(condition.target)
    assert places is not None
    neg = condition.op == "!="
    named = ", ".join(f"SHA_{SHA_NAMES.index(name)}(x)" for name in condition.values)
    lines = []
    inner = pad
    if places == ("b",):  # a place read by its own reader, which may lack what places it
        lines += [f"{pad}try:", f"{pad}    b = P_{condition.target}(x)", f"{pad}except Lacking as lacking:"]
        lines += [f"{pad}    {into} = lacking.what", f"{pad}else:"]
        inner = pad + "    "
    lines.append(f"{inner}m = ({named},)")
    if condition.target in NIANMING_PLACES:  # without the 年命, what it lacks may decide it
        shown = " or ".join(f"{p} in m" for p in places)
        lines += [
            f"{inner}yu, bu = x.xingnian_upper, x.benming_upper",
            f"{inner}if yu is None or bu is None:",
            f"{inner}    h = {f'not ({shown})' if neg else shown}",
            f"{inner}    {into} = 'nianming' if h is {neg} else h",
            f"{inner}else:",
        ]
        places = (*places, "yu", "bu")
        inner += "    "
    if condition.target == "all_trans":
        holds = " and ".join(f"{p} {'not in' if neg else 'in'} m" for p in places)
    else:
        shown = " or ".join(f"{p} in m" for p in places)
        holds = f"not ({shown})" if neg else shown
    lines += [
        f"{inner}h = {holds}",
        f"{inner}if h is {neg}:  # what the chart lacks may decide it",
        f"{inner}    lacks = sha_lacking(N{k}, x)",
        f"{inner}    {into} = h if lacks is None else lacks",
        f"{inner}else:",
        f"{inner}    {into} = h",
    ]
    return lines


def _compare(condition: Condition, fact: str, values_name: str) -> str:
    """The expression that tests a fact (a tuple of the values the chart shows) against the condition."""
    values = tuple(dict.fromkeys(condition.values))
    neg = condition.op == "!="
    if len(values) <= MAX_INLINE_VALUES:
        if neg:
            return " and ".join(f"{v!r} not in {fact}" for v in values)
        return " or ".join(f"{v!r} in {fact}" for v in values)
    return f"{values_name}.isdisjoint({fact})" if neg else f"not {values_name}.isdisjoint({fact})"


def _tabled(group: tuple[Condition, ...]) -> str | None:
    """The local place (:data:`LOCAL_PLACES`) whose table (:func:`keep_tables`) decides a test, or None:
    one condition on an attribute of :data:`BY_PLACE` at a place held in a local."""
    if len(group) != 1 or group[0].attr not in BY_PLACE:
        return None
    return LOCAL_PLACES.get(group[0].target)


def _sure_reads(plan: _Plan, shared_facts: dict[str, str], pad: str) -> tuple[list[str], str]:
    """The lines that read the facts of a test none of whose facts the chart can lack (:func:`_may_lack`),
    and the test's answer over them, True or False: a fact the answer reads once is read in it, a shared
    one (``f3``) read into its local there the first time; a fact read twice in the answer is read first."""
    marks = [f"\x00{n}\x00" for n in range(len(plan.facts))]
    found = plan.test(marks)
    lines: list[str] = []
    for n, (key, read) in enumerate(plan.facts):
        name = shared_facts.get(key, f"a{n}")
        if found.count(marks[n]) == 1:
            read = read if name.startswith("a") else f"({name} if {name} is not None else ({name} := {read}))"
        elif name.startswith("a"):
            lines.append(f"{pad}{name} = {read}")
            read = name
        else:
            lines += [f"{pad}if {name} is None:", f"{pad}    {name} = {read}"]
            read = name
        found = found.replace(marks[n], read)
    return lines, found


def _sure_test(plan: _Plan, needing: int, full: int, shared_facts: dict[str, str]) -> list[str]:
    """The lines that decide a test (its statements ``needing``) whose facts the chart cannot lack, as True or
    False, and set those statements aside where it fails: decided again where several subjects need it, as
    its facts are kept (a kept answer costs every chart a local set to None, and a test to read it)."""
    lines, found = _sure_reads(plan, shared_facts, " " * 12)
    if not lines:
        return [
            f"        if standing & {needing:#x} and not ({found}):",
            f"            standing &= {full ^ needing:#x}",
        ]
    return [
        f"        if standing & {needing:#x}:",
        *lines,
        f"            if not ({found}):",
        f"                standing &= {full ^ needing:#x}",
    ]


def every(checks: dict[str, tuple[tuple[int, int], ...]], size: int) -> int:
    """The set of every statement, the ``size`` of them: a statement is set aside by and-ing the standing
    set with what this leaves of it, a non-negative ``int``, which Python ands without first complementing
    it (``standing & ~needing`` would, a 1,130-bit int each time). A test of ``checks`` needing a statement
    past ``size`` is refused: and-ing with this would drop it unseen."""
    reached = max((those.bit_length() for members in checks.values() for _, those in members), default=0)
    if reached > size:
        raise ValueError(f"a test needs statement {reached - 1}, past the {size} statements given")
    return (1 << size) - 1


def keep_tables(
    conditions: Sequence[tuple[Condition, ...]], checks: dict[str, tuple[tuple[int, int], ...]], size: int
) -> dict[str, tuple[int, ...]]:
    """For each local place some test reads (:func:`_tabled`), what every such test leaves standing at each
    key ``se * 144 + g * 12 + b``: all ``size`` statements (:func:`every`) but those needing a test that
    fails there."""
    full = every(checks, size)
    needing: dict[int, int] = {}
    for members in checks.values():
        for k, those in members:
            needing[k] = needing.get(k, 0) | those
    by_value: dict[tuple[str, str], list[int]] = {}  # the statements failing at each index of an attribute
    for k, those in needing.items():
        place = _tabled(conditions[k])
        if place is None:
            continue
        condition = conditions[k][0]
        holding = _holding(condition)
        assert holding is not None
        fails = by_value.setdefault((place, condition.attr), [0] * INDEXED[condition.attr][2])
        for i in range(len(fails)):
            if i not in holding:
                fails[i] |= those
    tables: dict[str, tuple[int, ...]] = {}
    for place in sorted({place for place, _ in by_value}):
        attrs = [(BY_PLACE[attr], fails) for (at, attr), fails in by_value.items() if at == place]
        keep = []
        for key in range(KEYS):
            se, g, b = key // 144, key // 12 % 12, key % 12
            failing = 0
            for index, fails in attrs:
                failing |= fails[index(se, g, b)]
            keep.append(full ^ failing)
        tables[place] = tuple(keep)
    return tables


def decide_source(
    conditions: Sequence[tuple[Condition, ...]],
    checks: dict[str, tuple[tuple[int, int], ...]],
    subject_bits: dict[str, int],
    size: int,
) -> str:
    """The source of ``decide(x, subjects, standing)``: for each subject whose bit is in ``subjects`` (in
    the order of ``checks``), each of its tests in order whose statements (``checks``: test number and
    the set of statements needing it) still stand, decided once, after the places' tables (:func:`keep_tables`)
    have set aside what theirs fail (each set aside by and-ing with what it leaves of :func:`every` statement,
    the ``size`` of them); returns the statements left standing (``standing`` holds only statements
    of the subjects given) and those of them with a test the chart cannot decide (``needs``). A fact the chart lacks is held as the
    :class:`~liuren.reading.readers.Lacking` raised for it."""
    full = every(checks, size)  # what a set-aside leaves, as a non-negative int
    users: dict[int, int] = {}
    for members in checks.values():
        for k, _ in members:
            users[k] = users.get(k, 0) + 1
    inlines = {k: _inline(conditions[k], k) for k in users}
    plans = {k: None if inlines[k] is not None else _plan(conditions[k], k) for k in users}
    readers: dict[str, int] = {}
    for plan in plans.values():
        for key, _ in plan.facts if plan is not None else ():
            readers[key] = readers.get(key, 0) + 1
    tabled = {_tabled(conditions[k]) for k in users} - {None}
    plain = {k: inline for k, inline in inlines.items() if inline is not None and not _monthly(conditions[k])}
    sure = {k: p for k, p in plans.items() if p is not None and not any(_may_lack(key) for key, _ in p.facts)}
    shared_tests = sorted(k for k, n in users.items() if n > 1 and k not in plain and k not in sure)
    shared_facts = {key: f"f{n}" for n, key in enumerate(sorted(key for key, n in readers.items() if n > 1))}
    out = [
        "def decide(x, subjects, standing):",
        "    needs = 0",
        "    t0, t1, t2 = x.transmissions",
        "    u0, u1, u2, u3 = x.uppers",
        "    patterns, unjudged = x.patterns, x.unjudged",
        "    gen, se, br, off, void = x.gen, x.stem_el, x.branch, x.offset, x.void",
        "    ru = None if x.month is None else ruling_element(x.month, x.school)",
    ]
    if any(re.search(r"\bck\b", inline) for inline in inlines.values() if inline is not None):
        out.append(f"    ck = {CHART_NUMBER}")  # the chart's number, which the tests of worked examples read
    for place in sorted(p for p in tabled if p is not None):  # the tests of a place's table, decided at once
        out.append(f"    standing &= K_{place}[se * 144 + gen[{place}] * 12 + {place}]")
    memo = [f"s{k}" for k in shared_tests] + list(shared_facts.values())
    if memo:
        out.append(f"    {' = '.join(memo)} = None")

    def test(k: int, into: str, pad: str) -> list[str]:
        """The lines that put test ``k``'s state into the local ``into``."""
        plan = plans[k]
        group = conditions[k]
        if len(group) == 1 and not group[0].target and group[0].attr == "pattern":
            neg = group[0].op == "!="  # a pattern named holds; else none can but one the chart cannot judge
            return [
                f"{pad}if not V{k}_0.isdisjoint(patterns):",
                f"{pad}    {into} = {not neg}",
                f"{pad}elif not unjudged or V{k}_0.isdisjoint(unjudged):",
                f"{pad}    {into} = {neg}",
                f"{pad}else:  # one named the chart cannot judge: the 年命 decides it if one needs it, else the month",
                f"{pad}    {into} = 'month' if NM{k}.isdisjoint(unjudged) else 'nianming'",
            ]
        if len(group) == 1 and group[0].attr == "sha" and _sha_places(group[0].target) is not None:
            return _sha(k, group[0], into, pad)
        inline = inlines[k]
        if inline is not None:  # decided by indexes, which nothing lacks
            return [f"{pad}{into} = {inline}"]
        if plan is None:  # an interpreted test, called by name
            return [f"{pad}{into} = T{k}(x)"]
        guarded = _guarded(plan, into, pad, shared_facts)
        if guarded is not None:  # lacking only where a field of the chart is None: the field is tested
            return guarded
        if len(plan.facts) == 1 and plan.facts[0][0] not in shared_facts:  # one fact, which the chart may lack
            return [
                f"{pad}try:",
                f"{pad}    a0 = {plan.facts[0][1]}",
                f"{pad}except Lacking as lacking:",
                f"{pad}    {into} = lacking.what",
                f"{pad}else:",
                f"{pad}    {into} = {plan.test(['a0'])}",
            ]
        lines: list[str] = []
        names: list[str] = []
        for n, (key, read) in enumerate(plan.facts):
            name = shared_facts.get(key)
            if name is None:
                name = f"a{n}"
                lines += [f"{pad}try:", f"{pad}    {name} = {read}", f"{pad}except Lacking as lacking:"]
                lines.append(f"{pad}    {name} = lacking")
            elif name not in names:
                lines += [f"{pad}if {name} is None:", f"{pad}    try:", f"{pad}        {name} = {read}"]
                lines += [f"{pad}    except Lacking as lacking:", f"{pad}        {name} = lacking"]
            names.append(name)
        lacking = {shared_facts.get(key, f"a{n}") for n, (key, _) in enumerate(plan.facts) if _may_lack(key)}
        first = True
        for name in dict.fromkeys(n for n in names if n in lacking):  # the first fact lacking decides, as read
            lines.append(f"{pad}{'if' if first else 'elif'} {name}.__class__ is Lacking:")
            lines.append(f"{pad}    {into} = {name}.what")
            first = False
        lines.append(f"{pad}else:")
        lines.append(f"{pad}    {into} = {plan.test(names)}")
        return lines

    shared = set(shared_tests)
    for subject, members in checks.items():
        if not members:
            continue
        out.append(f"    if subjects & {subject_bits[subject]}:  # {subject}")
        for k, needing in members:
            if _tabled(conditions[k]) is not None:  # decided by its place's table
                continue
            if k in plain:  # True or False, and cheaper to decide again than to keep
                out.append(f"        if standing & {needing:#x} and not ({plain[k]}):")
                out.append(f"            standing &= {full ^ needing:#x}")
                continue
            if k in sure:  # True or False: read without a try
                out.extend(_sure_test(sure[k], needing, full, shared_facts))
                continue
            out.append(f"        if standing & {needing:#x}:")
            if k in shared:
                out.append(f"            if s{k} is None:")
                out.extend(test(k, f"s{k}", " " * 16))
                state = f"s{k}"
            else:
                out.extend(test(k, "s", " " * 12))
                state = "s"
            out.append(f"            if {state} is False:")
            out.append(f"                standing &= {full ^ needing:#x}")
            out.append(f"            elif {state} is not True:")
            out.append(f"                needs |= {needing:#x}")
    out.append("    return standing, needs & standing")
    return "\n".join(out) + "\n"


def compile_decide(
    source: str,
    conditions: Sequence[tuple[Condition, ...]],
    tests: Sequence[Callable[[Ctx], State]],
    checks: dict[str, tuple[tuple[int, int], ...]],
    size: int,
) -> Callable[[Ctx, int, int], tuple[int, int]]:
    """The function :func:`decide_source` wrote (over the same ``conditions``, ``checks`` and ``size``), compiled with
    the names it reads: the readers of :mod:`~liuren.reading.readers`, the interpreted ``tests`` (``T12``),
    the sets of values compared (``V12``) and the places' tables (``K_t0``, :func:`keep_tables`)."""
    names: dict[str, object] = {"Lacking": Lacking}
    names.update({f"K_{place}": table for place, table in keep_tables(conditions, checks, size).items()})
    names.update({f"R_{attr}": read for attr, read in READERS.items()})
    names.update({f"C_{attr}": read for attr, read in CHART_READERS.items()})
    names.update({f"P_{target}": place for target, place in SINGLE_PLACES.items()})
    names.update({f"S_{attr}": read for attr, read in STEM_READERS.items()})
    names.update({f"SHA_{n}": place for n, place in enumerate(SHA_PLACES.values())})
    names["sha_lacking"] = sha_lacking
    names["ruling_element"] = ss.ruling_element
    for k, (group, run) in enumerate(zip(conditions, tests, strict=True)):
        names[f"T{k}"] = run
        names[f"N{k}"] = group[0].values
        names[f"NM{k}"] = frozenset(p.name for p in PATTERNS if p.needs_nianming and p.name in group[0].values)
        names.update({f"V{k}_{j}": frozenset(c.values) for j, c in enumerate(group)})
        if _inline_places(group) is not None:
            names.update({f"W{k}_{j}": _holding(c) for j, c in enumerate(group)})
    exec(compile(source, "<liuren.reading decide>", "exec"), names)  # the source is the package's own data
    made: Callable[[Ctx, int, int], tuple[int, int]] = names["decide"]  # type: ignore[assignment]
    return made
