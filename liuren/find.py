"""find(): reverse lookup over the 720 課 × 晝/夜 of a school — which charts give these 三傳, these
generals, this method, this lesson type or this named pattern?

A 課 is a day pillar with a plate offset (60 × 12 = 720); with the 晝 or the 夜 noble it fixes the
lessons, the transmissions and the generals. Each result is a :class:`Chart` built with a
representative hour of that half of the day (the first 晝 hour from 卯, the first 夜 hour from 酉,
under the school's day/night rule), so ``chart.day``, ``chart.offset`` and ``chart.noble`` are what
the query found. A few patterns depend on the hour itself (天網, 解網 and 入網 on the 占時, 死奇回生 on
the 月將): for them every hour of the half is tried and each hour that fires is returned.

The 1,440 charts of a school (and month and year) are built once and kept as a search index; the
:data:`MAX_INDEXES` most recently used indexes are kept (about 3 MB each), older ones are dropped and
rebuilt on demand. The hours on which an hour-dependent pattern fires are kept with their index.
Building is thread-safe: threads asking for the same index at once wait for one build.

>>> [f"{c.day} d={c.offset} {c.noble}" for c in find(transmissions="酉丑巳", generals="合后虎", noble="day")]
['乙丑 d=4 day', '己巳 d=4 day', '己丑 d=4 day', '乙巳 d=4 day']
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .chart import Chart, nianming_branches
from .cycle import (
    BRANCHES,
    GENERAL_LOOKUP,
    PILLARS,
    Branch,
    normalize,
    parse_branch,
    parse_general_name,
    parse_month,
    parse_year,
)
from .errors import ParseError, quote
from .school import School, parse_noble, resolve_school
from .transmissions import LESSON_TYPES, LessonType, Method

if TYPE_CHECKING:
    from .cycle import Branch, General
    from .patterns import Pattern

WILDCARDS = frozenset(("?", "*", "＊", "？", "_"))
"""Characters that stand for "any branch" or "any general" in a query."""

MAX_INDEXES = 8
"""How many search indexes (one per school, month, year and 年命 asked about) are kept, least recently
used dropped first. One index holds 1,440 charts, about 3 MB, so the cache stays under ~30 MB."""

Fate = tuple[Branch, Branch] | None
"""A 年命 as (本命, 行年) branches, or None."""
_IndexKey = tuple[School, Branch | None, Branch | None, Fate]
_INDEXES: OrderedDict[_IndexKey, _Index] = OrderedDict()
_LOCK = threading.Lock()
"""Guards _INDEXES and _PENDING (check-and-insert); builds themselves run outside it."""
_PENDING: dict[_IndexKey, threading.Event] = {}
"""Indexes being built right now: other threads wanting the same one wait for its event."""
BUILDS = [0]
"""How many indexes have been built since import (one counter; tests check that a cache hit builds nothing)."""


class _Index:
    """The 1,440 charts of one school, month and year, with their searchable keys."""

    def __init__(self, school: School, month: Branch | None, year: Branch | None, fate: Fate = None) -> None:
        self.school, self.month, self.year, self.fate = school, month, year, fate
        self._lock = threading.Lock()
        self._hour_hits: dict[str, dict[int, tuple[Chart, ...]]] = {}
        self.hours = {flag: _half(school, flag) for flag in (True, False)}
        self.charts: list[Chart] = []
        self.keys: list[tuple[tuple[int, ...], tuple[int, ...], Method, str, str]] = []
        for day in PILLARS:
            for d in range(12):
                for flag in (True, False):
                    hour = self.hours[flag][0]
                    c = Chart(
                        day,
                        BRANCHES[hour],
                        BRANCHES[(hour + d) % 12],
                        noble="day" if flag else "night",
                        school=school,
                        month=month,
                        year=year,
                        nianming=fate,
                    )
                    t = c.transmissions
                    self.charts.append(c)
                    self.keys.append(
                        (
                            tuple(x.branch.ordinal for x in t),
                            tuple(x.general.ordinal for x in t),
                            c.method,
                            c.lesson_type,
                            c.noble,
                        )
                    )
        self._hits: dict[str, frozenset[int]] = {}

    def hits(self, pattern: Pattern) -> frozenset[int]:
        """Positions of the charts on which ``pattern`` fires, judged for that pattern alone on its
        first query (one detector over 1,440 charts, not all of them), then kept."""
        with self._lock:
            found = self._hits.get(pattern.name)
            if found is None:
                found = self._hits[pattern.name] = frozenset(i for i, c in enumerate(self.charts) if pattern.fires(c))
            return found

    def hour_hits(self, pattern: Pattern) -> dict[int, tuple[Chart, ...]]:
        """For an hour-dependent pattern: chart position → the charts of every hour of that 課 and noble
        on which it fires (built on the first query of the pattern, then kept)."""
        with self._lock:
            found = self._hour_hits.get(pattern.name)
            if found is None:
                found = {}
                for i, c in enumerate(self.charts):
                    fired = []
                    for hour in self.hours[c.noble == "day"]:
                        h = c if hour == c.hour.ordinal else c._at_hour(BRANCHES[hour])
                        if pattern.fires(h):
                            fired.append(h)
                    if fired:
                        found[i] = tuple(fired)
                self._hour_hits[pattern.name] = found
            return found


def _half(school: School, day: bool) -> tuple[int, ...]:
    """Hours of the 晝 (or 夜) half under the school's rule, starting at 卯 (or 酉); all twelve when the rule needs the sun."""
    start = 3 if day else 9
    order = [(start + k) % 12 for k in range(12)]
    if school.is_day(0) is None:
        return tuple(order)
    return tuple(h for h in order if school.is_day(h) == day)


def clear_indexes() -> None:
    """Forget the search indexes built so far (for benchmarks of the first query)."""
    with _LOCK:
        _INDEXES.clear()


def cached_indexes() -> int:
    """How many search indexes are kept now (at most :data:`MAX_INDEXES`)."""
    with _LOCK:
        return len(_INDEXES)


def _index(school: School, month: Branch | None, year: Branch | None, fate: Fate = None) -> _Index:
    """The index for (school, month, year, 年命): from the cache, or built once however many threads ask."""
    key = (school, month, year, fate)
    while True:
        with _LOCK:
            found = _INDEXES.get(key)
            if found is not None:
                _INDEXES.move_to_end(key)
                return found
            pending = _PENDING.get(key)
            if pending is None:
                pending = _PENDING[key] = threading.Event()
                break  # this thread builds it
        pending.wait()  # another thread is building it; then look again (it may have failed)
    try:
        built = _Index(school, month, year, fate)
        with _LOCK:
            BUILDS[0] += 1
            _INDEXES[key] = built
            while len(_INDEXES) > MAX_INDEXES:
                _INDEXES.popitem(last=False)
        return built
    finally:
        with _LOCK:
            del _PENDING[key]
        pending.set()


MAX_QUERY = 64
"""No query of three branches or three generals is longer ("六合, 天后, 白虎" is 10 characters): longer
text is refused before it is tokenised."""


def _triple(
    value: object, what: str, parse: Callable[[object], Branch | General], tokens: Callable[[str], list[str]]
) -> tuple[int | None, ...]:
    accepted = f"accepted: three {what} as one string or a sequence of three, '?' for any"
    if isinstance(value, str):
        if len(value) > MAX_QUERY:
            raise ParseError(
                f"{quote(value)} is too long for three {what} (at most {MAX_QUERY} characters); {accepted}"
            )
        items = tokens(normalize(value))
    elif isinstance(value, Sequence):
        if len(value) != 3:
            raise ParseError(f"{quote(value)} does not name three {what} (found {len(value)}); {accepted}")
        items = list(value)
    else:
        raise ParseError(f"{quote(value)} is not three {what}; {accepted}")
    if len(items) != 3:
        raise ParseError(f"{quote(value)} does not name three {what} (found {len(items)}); {accepted}")
    return tuple(
        None if item is None or (isinstance(item, str) and item in WILDCARDS) else parse(item).ordinal for item in items
    )


def _general_tokens(text: str) -> list[str]:
    if re.search(r"[\s,，、/]", text):
        return [t for t in re.split(r"[\s,，、/]+", text) if t]
    tokens, i = [], 0
    while i < len(text):
        step = 2 if text[i : i + 2] in GENERAL_LOOKUP else 1
        tokens.append(text[i : i + step])
        i += step
    return tokens


def _branch_tokens(text: str) -> list[str]:
    return [c for c in text if not re.match(r"[\s,，、/]", c)]


def find(
    *,
    transmissions: object = None,
    generals: object = None,
    method: object = None,
    lesson_type: object = None,
    pattern: object = None,
    noble: object = None,
    school: School | str | None = None,
    month: object = None,
    year: object = None,
    nianming: object = None,
) -> list[Chart]:
    """Every chart of the 720 課 × 晝/夜 (for ``school``) that matches all the criteria given.

    ``transmissions``: the 三傳 as "酉丑巳" or a sequence of three branches ("?" = any);
    ``generals``: their generals by full name or abbreviation ("合后虎", "六合 天后 白虎", a sequence);
    ``method`` (e.g. "遙克"), ``lesson_type`` (e.g. "蒿矢"), ``pattern`` (a registered name, e.g. "勵德");
    ``noble``: "day"/"晝", "night"/"夜" or None for both; ``month`` and ``year``: the month branch (月建)
    and year branch (太歲) for the patterns that need them; ``nianming`` the person's (本命, 行年) for the
    clauses that judge the 年命 (當權, 解網, 羅網, 清平, 魄化's 銜尸/魄之/喪, 真虎視 …).
    Simplified characters are accepted. Results are ordered by day, plate offset, 晝 before 夜.
    """
    school_v = resolve_school(school)
    month_b = None if month is None else parse_month(month)
    year_b = None if year is None else parse_year(year)
    trans = None if transmissions is None else _triple(transmissions, "branches", parse_branch, _branch_tokens)
    gens = None if generals is None else _triple(generals, "generals", parse_general_name, _general_tokens)
    method_v = None if method is None else _method(method)
    type_v = None if lesson_type is None else parse_lesson_type(lesson_type)
    pattern_v = None if pattern is None else _pattern(pattern)
    noble_v = None if noble is None else _noble(noble)

    fate = None if nianming is None else nianming_branches(nianming)
    index = _index(school_v, month_b, year_b, fate)
    chosen: Sequence[int] = range(len(index.charts))
    by_hour = None
    if pattern_v is not None and pattern_v.needs_hour:
        by_hour = index.hour_hits(pattern_v)
        chosen = sorted(by_hour)
    elif pattern_v is not None:
        chosen = sorted(index.hits(pattern_v))
    results: list[Chart] = []
    for i in chosen:
        t, g, m, lt, nb = index.keys[i]
        if (
            (trans is None or all(q is None or q == x for q, x in zip(trans, t, strict=True)))
            and (gens is None or all(q is None or q == x for q, x in zip(gens, g, strict=True)))
            and (method_v is None or m == method_v)
            and (type_v is None or lt == type_v)
            and (noble_v is None or nb == noble_v)
        ):
            results.extend(index.charts[i : i + 1] if by_hour is None else by_hour[i])
    return results


def _pattern(value: object) -> Pattern:
    from .patterns import (
        get_pattern,  # the registry is loaded on the first pattern query, keeping `import liuren` light
    )

    return get_pattern(value)


def _method(value: object) -> Method:
    try:
        return Method(normalize(value) if isinstance(value, str) else "")
    except ValueError:
        raise ParseError(f"{quote(value)} is not one of the nine methods; accepted: {' '.join(Method)}") from None


def parse_lesson_type(value: object) -> LessonType:
    """A lesson type from its name (traditional, simplified or an alias such as 獨腳); else a ParseError."""
    try:
        return LessonType(normalize(value) if isinstance(value, str) else "")
    except ValueError:
        raise ParseError(f"{quote(value)} is not a lesson type; accepted: {' '.join(LESSON_TYPES)}") from None


def _noble(value: object) -> str:
    return "day" if parse_noble(value, "both") else "night"


__all__ = ["MAX_INDEXES", "WILDCARDS", "cached_indexes", "clear_indexes", "find", "parse_lesson_type"]
