"""The reading's decision as generated code: the compiled conditions written out, once, as one Python
function over a chart, as :mod:`dataclasses` writes a class's methods.

:func:`~liuren.reading.reading` decides which statements of the subjects a chart shows stand: a statement
is set aside as soon as one of its tests fails, and one is left open where a test needs what the chart
lacks (:data:`~liuren.reading.conditions.State`). :func:`decide_source` writes that walk for every subject
and every test of the package's data as straight-line code: a subject is a bit of the set of subjects
the chart shows, a set of statements an ``int`` literal, and each test, where it is a test of one place
or of the chart as a whole, the reader of the attribute called on the place and its value compared in
line; a test or a fact that several subjects share is kept in a local variable, decided at most once. The
other tests (the patterns, the day stem, the 神煞, the places of an "any" target) are the interpreted
tests of :func:`~liuren.reading.conditions.compile_condition` and
:func:`~liuren.reading.conditions.compile_together`, called by name. :func:`compile_decide` compiles the
source with :func:`compile` (nothing but the package's own data goes into it), and the generated function
must agree with the interpreted walk (``tests/test_reading_compiled.py`` checks both, and the readings
over the 8,640 charts, ``tools/snapshot_reading.py``).

>>> from liuren.reading import program
>>> print(program().source.splitlines()[0])
def decide(x, subjects, standing):
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .conditions import Condition, State
from .readers import CHART_READERS, READERS, SINGLE_PLACES, Ctx, Lacking

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

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

MAX_INLINE_VALUES = 3
"""Up to this many values a test compares one by one (``'旺' in f or '相' in f``); more, with a set."""


def _fact(condition: Condition) -> tuple[str, str] | None:
    """The key of the fact a condition tests, and the expression that reads it, where the generated code
    reads it itself: a single place's attribute, or the chart's as a whole (not a pattern); else None."""
    target, attr = condition.target, condition.attr
    if not target and attr != "pattern" and attr in CHART_READERS:
        return f":{attr}", f"C_{attr}(x)"
    if target in SINGLE_PLACES and attr != "sha" and attr in READERS:
        place = LOCAL_PLACES.get(target, f"P_{target}(x)")
        return f"{target}:{attr}", f"R_{attr}(x, {place})"
    return None


def _compare(condition: Condition, fact: str, k: int) -> str:
    """The expression that tests a fact (a tuple of the values the chart shows) against the condition."""
    values = tuple(dict.fromkeys(condition.values))
    neg = condition.op == "!="
    if len(values) <= MAX_INLINE_VALUES:
        if neg:
            return " and ".join(f"{v!r} not in {fact}" for v in values)
        return " or ".join(f"{v!r} in {fact}" for v in values)
    return f"V{k}.isdisjoint({fact})" if neg else f"not V{k}.isdisjoint({fact})"


def decide_source(
    conditions: Sequence[tuple[Condition, ...]],
    checks: dict[str, tuple[tuple[int, int], ...]],
    subject_bits: dict[str, int],
) -> str:
    """The source of ``decide(x, subjects, standing)``: for each subject whose bit is in ``subjects`` (in
    the order of ``checks``), each of its tests in order whose statements (``checks``: test number and
    the set of statements needing it) still stand, decided once; returns the statements left standing
    and those with a test the chart cannot decide (``needs``)."""
    users: dict[int, int] = {}
    for members in checks.values():
        for k, _ in members:
            users[k] = users.get(k, 0) + 1
    facts: dict[str, int] = {}
    for k in users:
        group = conditions[k]
        found = _fact(group[0]) if len(group) == 1 else None
        if found is not None:
            facts[found[0]] = facts.get(found[0], 0) + 1
    shared_tests = sorted(k for k, n in users.items() if n > 1)
    shared_facts = {key: f"f{n}" for n, key in enumerate(sorted(key for key, n in facts.items() if n > 1))}
    out = [
        "def decide(x, subjects, standing):",
        "    needs = 0",
        "    t0, t1, t2 = x.transmissions",
        "    u0, u1, u2, u3 = x.uppers",
    ]
    memo = [f"s{k}" for k in shared_tests] + list(shared_facts.values())
    if memo:
        out.append(f"    {' = '.join(memo)} = None")

    def test(k: int, into: str, pad: str) -> list[str]:
        """The lines that put test ``k``'s state into the local ``into``."""
        group = conditions[k]
        found = _fact(group[0]) if len(group) == 1 else None
        if found is None:  # an interpreted test, called by name
            return [f"{pad}{into} = T{k}(x)"]
        key, read = found
        name = shared_facts.get(key)
        if name is None:
            return [
                f"{pad}try:",
                f"{pad}    {into} = {_compare(group[0], read, k)}",
                f"{pad}except Lacking as lacking:",
                f"{pad}    {into} = lacking.what",
            ]
        return [
            f"{pad}if {name} is None:",
            f"{pad}    try:",
            f"{pad}        {name} = {read}",
            f"{pad}    except Lacking as lacking:",
            f"{pad}        {name} = lacking.what",
            f"{pad}{into} = {name} if {name}.__class__ is str else {_compare(group[0], name, k)}",
        ]

    shared = set(shared_tests)
    for subject, members in checks.items():
        if not members:
            continue
        out.append(f"    if subjects & {subject_bits[subject]}:  # {subject}")
        for k, needing in members:
            out.append(f"        if standing & {needing}:")
            if k in shared:
                out.append(f"            if s{k} is None:")
                out.extend(test(k, f"s{k}", " " * 16))
                state = f"s{k}"
            else:
                out.extend(test(k, "s", " " * 12))
                state = "s"
            out.append(f"            if {state} is False:")
            out.append(f"                standing &= {~needing}")
            out.append(f"            elif {state} is not True:")
            out.append(f"                needs |= {needing}")
    out.append("    return standing, needs")
    return "\n".join(out) + "\n"


def compile_decide(
    source: str,
    conditions: Sequence[tuple[Condition, ...]],
    tests: Sequence[Callable[[Ctx], State]],
) -> Callable[[Ctx, int, int], tuple[int, int]]:
    """The function :func:`decide_source` wrote, compiled with the names it reads: the readers of
    :mod:`~liuren.reading.readers`, the interpreted ``tests`` (``T12``) and the sets of values compared
    (``V12``)."""
    names: dict[str, object] = {"Lacking": Lacking}
    names.update({f"R_{attr}": read for attr, read in READERS.items()})
    names.update({f"C_{attr}": read for attr, read in CHART_READERS.items()})
    names.update({f"P_{target}": place for target, place in SINGLE_PLACES.items()})
    for k, (group, run) in enumerate(zip(conditions, tests, strict=True)):
        names[f"T{k}"] = run
        names[f"V{k}"] = frozenset(group[0].values)
    exec(compile(source, "<liuren.reading decide>", "exec"), names)  # the source is the package's own data
    made: Callable[[Ctx, int, int], tuple[int, int]] = names["decide"]  # type: ignore[assignment]
    return made
