"""What a chart means, as the chapters say it: the judgements (占斷) that apply to a chart, cited.

:func:`reading` takes a chart and returns a :class:`Reading`. A statement of the chapters applies when
its subject is one the chart shows (its lesson type, a pattern that holds, or 總 for any chart) and
every condition the chart can decide holds; each comes with the :class:`~liuren.reading.conditions.Fact`
that decided each condition. Statements whose remaining conditions the chart cannot decide (who asks,
what is asked; the month or the 年命 when the chart lacks them) are listed as *open*, each with what
would decide it. Nothing is said that the chapters do not say: every line of a reading is a row of
``liuren/data/judgements.csv`` with its chapter and line.

>>> from liuren import chart
>>> r = reading(chart("丙申", "午", "亥", month="寅"))
>>> any(j.statement.example for j in r.applies)
True
>>> r.verdict("官").verdict
'吉'

:meth:`Reading.verdict` weighs them as the chapters do (:mod:`liuren.reading.verdict`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING, NamedTuple, overload

from ..chart import Chart
from ..cycle import MAX_TEXT, normalize
from ..errors import ParseError, quote
from ..lang import REGISTRY
from ..lang import accepted as accepted_langs
from ..transmissions import LESSON_TYPE_ALIASES
from . import verdict as weighing
from .conditions import (
    ANY_TARGETS,
    Condition,
    Fact,
    State,
    compile_condition,
    compile_together,
    evaluate_together,
)
from .generated import compile_decide, decide_source
from .readers import Ctx
from .statements import MATTERS, QUERENTS, Statement, bits, statements
from .timing import Period, periods
from .verdict import Verdict

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

__all__ = [
    "MATTERS",
    "QUERENTS",
    "Judgement",
    "Period",
    "Reading",
    "Verdict",
    "parse_matter",
    "parse_querent",
    "reading",
]

APPLIES = "applies"
OPEN = "open"


@dataclass(frozen=True, slots=True)
class Judgement:
    """One statement as it stands on a chart: ``status`` ("applies" or "open"), the ``facts`` that
    decided each checkable condition, and, when open, ``undecided``: what would decide it (the open
    conditions left, and "month" or "nianming" when the chart lacks them)."""

    statement: Statement
    status: str
    facts: tuple[Fact, ...]
    undecided: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Line:
    """A statement compiled once when the data loads: its place in the file (``index``), its tests (ids
    into :func:`program`'s tests: each condition evaluated alone, then each group of conditions on one
    "any" target, :func:`~liuren.reading.conditions.compile_together`), and its matters."""

    statement: Statement
    index: int
    tests: tuple[int, ...]
    matters: frozenset[str]
    opens: tuple[str, ...]
    """The open conditions as written (``querent=官``), what stays undecided when no querent is given."""


class Decided(NamedTuple):
    """What :func:`reading` decided on a chart, kept to build the judgements when they are read: the
    statements that apply and stay open as sets of places in the file (an ``int``, bit n for the n-th
    statement), the chart as the conditions read it, the facts built so far, and the subjects the chart
    cannot judge and those it shows (which the verdicts read too)."""

    applies: int
    open: int
    ctx: Ctx
    facts: dict[str, Fact]
    unjudged: frozenset[str]
    shown: frozenset[str]


def _decided(chart: Chart, matter: str | None, querent: str | None, lang: str, decided: Decided) -> Reading:
    """A reading of the statements ``decided`` holds, whose judgements are built when first read: the
    state ``Reading(chart, matter, querent, lang)`` gives (its fields, no judgements built, an empty
    memo), written at once, with what was decided."""
    made = object.__new__(Reading)
    made.__dict__.update(
        chart=chart, matter=matter, querent=querent, lang=lang, _applies=None, _open=None, _memo={}, _decided=decided
    )
    return made


class _Built:
    """A reading's judgements of one status (``applies`` or ``open``) as a dataclass field: the tuple given
    to ``Reading(...)``, or, for a reading :func:`reading` decided (given None), the judgements built with
    their facts when first read."""

    def __init__(self, status: str) -> None:
        self.status = status
        self.slot = f"_{status}"

    @overload
    def __get__(self, made: None, owner: type[Reading]) -> None: ...

    @overload
    def __get__(self, made: Reading, owner: type[Reading]) -> tuple[Judgement, ...]: ...

    def __get__(self, made: Reading | None, owner: type[Reading]) -> tuple[Judgement, ...] | None:
        if made is None:
            return None  # the field's default: decided by reading(), built when read
        found: tuple[Judgement, ...] | None = made.__dict__.get(self.slot)
        if found is None:
            found = made.__dict__[self.slot] = made._build(self.status)
        return found

    def __set__(self, made: Reading, value: tuple[Judgement, ...] | None) -> None:
        made.__dict__[self.slot] = None if value is None else tuple(value)


@dataclass(frozen=True, repr=False)
class Reading:
    """The statements of the chapters that apply to ``chart`` (``applies``), and those it cannot decide
    (``open``); ``matter`` and ``querent`` are what the reading was asked for (None: every matter, any
    querent).

    :func:`reading` decides which statements stand with the compiled conditions and leaves ``applies``
    and ``open`` to be built, each :class:`Judgement` with its facts, when first read (the verdicts
    read the statements without them). The two are data descriptors, which a slotted class cannot hold:
    the one record of the package with a ``__dict__``."""

    chart: Chart
    matter: str | None
    querent: str | None
    lang: str
    applies: _Built = _Built(APPLIES)
    open: _Built = _Built(OPEN)
    _memo: dict[str, object] = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)
    """What the verdicts of every matter read alike, computed on first use (:mod:`liuren.reading.verdict`)."""

    def _build(self, status: str) -> tuple[Judgement, ...]:
        decided: Decided | None = self.__dict__.get("_decided")
        if decided is None:  # Reading(chart, matter, querent, lang) with no judgements given: none stand
            return ()
        lines = program().lines
        ctx, memo = decided.ctx, decided.facts
        if status == APPLIES:
            return tuple(
                Judgement(lines[n].statement, status, facts_of(lines[n].statement, ctx, memo), ())
                for n in bits(decided.applies)
            )
        return tuple(
            Judgement(
                lines[n].statement,
                status,
                facts_of(lines[n].statement, ctx, memo),
                _undecided(lines[n], ctx, decided.unjudged, self.querent),
            )
            for n in bits(decided.open)
        )

    def _bits(self, status: str, index: dict[str, int]) -> int:
        """The statements of ``status`` as the verdicts weigh them: a set of places in the file, bit n for
        the n-th statement (``index`` gives each id's place)."""
        decided: Decided | None = self.__dict__.get("_decided")
        if decided is not None:
            return decided.applies if status == APPLIES else decided.open
        found = 0
        for j in self.applies if status == APPLIES else self.open:
            found |= 1 << index[j.statement.id]
        return found

    def _count(self, status: str) -> int:
        decided: Decided | None = self.__dict__.get("_decided")
        if decided is not None:
            return (decided.applies if status == APPLIES else decided.open).bit_count()
        return len(self.applies if status == APPLIES else self.open)

    def __len__(self) -> int:
        return self._count(APPLIES)

    def __repr__(self) -> str:
        asked = "".join(f", {k}={v!r}" for k, v in (("matter", self.matter), ("querent", self.querent)) if v)
        counts = f"{self._count(APPLIES)} apply, {self._count(OPEN)} open"
        return f"<Reading of {self.chart.spec()!r}{asked}: {counts}>"

    def __str__(self) -> str:
        from ..show.reading import reading_short

        return reading_short(self)

    def text(self, when: datetime | None = None, *, full: bool = True, lang: str | None = None) -> str:
        """The reading as text: the verdicts first (one to four lines per matter), then, with ``full``,
        every statement with its id and evidence, the open ones and every 應期 (dated with ``when``)."""
        from ..show.reading import reading_text

        return reading_text(self, lang, when, full)

    def _repr_html_(self) -> str:
        from ..show.reading import reading_html

        return reading_html(self)

    def about(self, subject: str) -> Reading:
        """The same reading narrowed to the statements about one subject (a lesson type such as "元首" or
        "蒿矢", a pattern such as "天網", or "總"): what the chapter that teaches it says of this chart. A
        lesson type may be given in another spelling (獨足 for 獨腳, :data:`~liuren.transmissions.LESSON_TYPE_ALIASES`)."""
        if isinstance(subject, str) and len(subject) <= MAX_TEXT:
            subject = LESSON_TYPE_ALIASES.get(normalize(subject), subject)
        if not isinstance(subject, str) or subject not in by_subject():
            raise ParseError(
                f"subject={quote(subject)} is not a subject of the chapters; accepted: {', '.join(by_subject())}"
            )
        decided: Decided | None = self.__dict__.get("_decided")
        if decided is not None:
            about = program().masks[subject]
            kept = decided._replace(applies=decided.applies & about, open=decided.open & about)
            return _decided(self.chart, self.matter, self.querent, self.lang, kept)
        keep = [j for j in self.applies if j.statement.subject == subject]
        left = [j for j in self.open if j.statement.subject == subject]
        return Reading(self.chart, self.matter, self.querent, self.lang, tuple(keep), tuple(left))

    def verdict(self, matter: object = None, when: datetime | None = None) -> Verdict:
        """The chapters' verdict on one matter ("病" or "illness"; the matter asked when None, else 總),
        weighed by the principles of :mod:`liuren.reading.verdict`; ``when`` (timezone-aware) gives the
        primary 應期 its dates. A matter the reading was narrowed away from is refused."""
        wanted = parse_matter(matter) or self.matter or "總"
        if self.matter is not None and wanted not in (self.matter, "總"):
            raise ParseError(
                f"matter={quote(matter)}: this reading was asked for {self.matter}; accepted: {self.matter}, 總"
            )
        if when is not None:
            from ..almanac import check_instant

            check_instant(when)
        return weighing.verdict(self, wanted, when)

    def verdicts(self, when: datetime | None = None) -> tuple[Verdict, ...]:
        """One verdict for each matter the reading holds: the matter asked, or every matter some
        statement that applies speaks of (總 first)."""
        if when is not None:
            from ..almanac import check_instant

            check_instant(when)
        return weighing.verdicts(self, when)  # each a matter this reading holds

    def timing(self, when: datetime | None = None) -> tuple[Period, ...]:
        """The candidate periods (應期) of the timing statements that apply or stay open on this chart;
        ``when``, the moment the chart was cast (a timezone-aware datetime), gives each computable one
        its dates. See :mod:`liuren.reading.timing`."""
        return periods(tuple(j.statement for j in (*self.applies, *self.open)), self.chart, when)

    @property
    def contradictions(self) -> tuple[tuple[Judgement, Judgement], ...]:
        """Pairs of statements, both on this chart, where the text contradicts itself."""
        shown = {j.statement.id: j for j in (*self.applies, *self.open)}
        pairs = []
        for j in shown.values():
            for other in j.statement.contradicts:
                if other in shown and j.statement.id < other:
                    pairs.append((j, shown[other]))
        return tuple(pairs)


def parse_matter(value: object) -> str | None:
    """A matter by its 漢字 (``"病"``) or English key (``"illness"``); None for every matter."""
    return _parse(value, MATTERS, "matter")


def parse_querent(value: object) -> str | None:
    """Who asks, by 漢字 (``"官"``) or English key (``"official"``); None when not said."""
    return _parse(value, QUERENTS, "querent")


def check_lang(lang: object) -> str:
    """``lang`` when it is a language the reading displays in (every language of :mod:`liuren.lang`),
    else a ParseError."""
    if not isinstance(lang, str) or lang not in REGISTRY:
        raise ParseError(f"lang={quote(lang)} is not a language; accepted: {accepted_langs(quoted=False)}")
    return lang


def _parse(value: object, table: dict[str, str], what: str) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        text = normalize(value.strip())
        if text in table:
            return text
        for han, key in table.items():
            if text.lower() == key:
                return han
    accepted = ", ".join(f"{han} ({key})" for han, key in table.items())
    raise ParseError(f"{what}={quote(value)} is not a {what}; accepted: {accepted}")


DEFINED_BY_CONDITIONS = {
    "帷簿不修": "八專課: the 八專 days, 干支同位 (甲寅 庚申 丁未 己未 癸丑), whatever method gives the 三傳",
    "淫泆": "無淫課 l. 119: 日辰上下交相剋, the chapter's own definition (the package's pattern 淫泆 follows "
    "《六壬大全》: a 初傳 卯 or 酉 under 天后 or 六合)",
}
"""Subjects whose rows say in their conditions when they hold, so they are read on every chart, as 總 is:
one the package has no name for (帷簿不修), and one the chapter defines otherwise than the package's
pattern of that name (淫泆): the chapter is the authority on what its own judgements are about."""


def shown_subjects(chart: Chart) -> tuple[frozenset[str], frozenset[str]]:
    """The subjects the chart shows, and those it cannot judge (patterns lacking month or 年命)."""
    return _shown(chart, [p.name for p in chart.patterns]), frozenset(chart.unjudged_patterns)


def _shown(chart: Chart, patterns: Iterable[str]) -> frozenset[str]:
    """The subjects the chart shows, given the names of the patterns it holds: 總, its lesson type and
    method, the subjects read on every chart (:data:`DEFINED_BY_CONDITIONS`) and those patterns."""
    return frozenset((*SHOWN_ALWAYS, *_own_subjects(chart, patterns)))


def _own_subjects(chart: Chart, patterns: Iterable[str]) -> tuple[str, ...]:
    """The subjects this chart shows beyond :data:`SHOWN_ALWAYS`: its lesson type, its method and the
    names of the patterns it holds (``patterns``)."""
    return (str(chart.lesson_type), str(chart.method), *patterns)


SHOWN_ALWAYS = ("總", *DEFINED_BY_CONDITIONS)
"""The subjects every chart shows: 總 and those whose rows say when they hold."""


def judge(
    statement: Statement, ctx: Ctx, memo: dict[str, Fact], querent: str | None, unjudged: frozenset[str]
) -> Judgement | None:
    """How ``statement`` stands on the chart; None when it does not apply. ``memo`` keeps each condition's
    fact for this chart (many statements share a condition)."""
    undecided: list[str] = []
    if statement.subject in unjudged:
        undecided.append(f"subject:{statement.subject}")
    facts = facts_of(statement, ctx, memo)
    if any(f.holds is False for f in facts):
        return None
    undecided.extend(sorted({f.needs for f in facts if f.needs is not None}))
    for item in statement.open:
        if item.key == "querent" and querent is not None:
            if item.value != querent:
                return None
            continue
        undecided.append(str(item))
    return Judgement(statement, OPEN if undecided else APPLIES, tuple(facts), tuple(undecided))


def facts_of(statement: Statement, ctx: Ctx, memo: dict[str, Fact]) -> tuple[Fact, ...]:
    """The facts of a statement's conditions on the chart, in order; conditions on the same "any" target
    are evaluated together (:func:`~liuren.reading.conditions.evaluate_together`)."""
    if statement.id not in _joint():
        alone: list[Fact] = []
        for condition in statement.conditions:
            fact = memo.get(condition.text)
            if fact is None:
                fact = memo[condition.text] = condition.evaluate(ctx)
            if fact.holds is False:
                return (fact,)
            alone.append(fact)
        return tuple(alone)
    targets = [c.target for c in statement.conditions]
    joint = {t for t in targets if t in ANY_TARGETS and targets.count(t) > 1}
    facts: dict[int, Fact] = {}
    for target in joint:
        group = tuple(i for i, t in enumerate(targets) if t == target)
        for i, fact in zip(group, evaluate_together(tuple(statement.conditions[i] for i in group), ctx), strict=True):
            facts[i] = fact
    for i, condition in enumerate(statement.conditions):
        if i in facts:
            continue
        known = memo.get(condition.text)
        fact = known if known is not None else memo.setdefault(condition.text, condition.evaluate(ctx))
        if fact.holds is False:
            return (fact,)
        facts[i] = fact
    return tuple(facts[i] for i in range(len(statement.conditions)))


@cache
def _plain() -> dict[str, tuple[Condition, ...]]:
    """Each statement's conditions that are evaluated alone (not with another on the same "any" target),
    compiled once: a reading rejects a statement on the first of them that fails before judging it."""
    compiled = {}
    for statement in statements():
        targets = [c.target for c in statement.conditions]
        compiled[statement.id] = tuple(
            c for c in statement.conditions if not (c.target in ANY_TARGETS and targets.count(c.target) > 1)
        )
    return compiled


@cache
def _joint() -> frozenset[str]:
    """The ids of the statements with two conditions on one "any" target (evaluated together)."""
    return frozenset(s.id for s in statements() if len(_plain()[s.id]) < len(s.conditions))


@cache
def _order() -> dict[str, int]:
    return {s.id: n for n, s in enumerate(statements())}


@cache
def by_subject() -> dict[str, tuple[Statement, ...]]:
    """The statements grouped by their subject, in the file's order within each."""
    groups: dict[str, list[Statement]] = {}
    for statement in statements():
        groups.setdefault(statement.subject, []).append(statement)
    return {subject: tuple(group) for subject, group in groups.items()}


@dataclass(frozen=True, slots=True)
class Program:
    """The statements compiled once when the data loads: each distinct condition (by its text) as a test
    (:func:`~liuren.reading.conditions.compile_condition`), each group of a statement's conditions on
    one "any" target as one (:func:`~liuren.reading.conditions.compile_together`), and each statement
    as a :class:`Line`, grouped by subject in the file's order. ``conditions`` are what each test
    decides, in the tests' order.

    A set of statements is an ``int``, bit n for the n-th statement of the file: ``masks`` are each
    subject's statements, ``checks`` each subject's tests with the statements of the subject that need
    each (the most needed first, so that a failing test sets aside the most at once), ``on_matter`` the
    statements on a matter or on every matter (總), ``opens`` those with open conditions, ``left_open``
    those with an open condition other than who asks, and ``other_querent`` those a querent sets aside
    (they are for another).

    ``decide`` is the walk over the subjects a chart shows and their tests, generated once as Python
    source (``source``, :mod:`liuren.reading.generated`) and compiled: ``subjects`` gives each subject its
    bit in the set of subjects the function is given and its statements (``masks``)."""

    conditions: tuple[tuple[Condition, ...], ...]
    tests: tuple[Callable[[Ctx], State], ...]
    lines: tuple[Line, ...]
    by_subject: dict[str, tuple[Line, ...]]
    masks: dict[str, int]
    checks: dict[str, tuple[tuple[int, int], ...]]
    on_matter: dict[str, int]
    opens: int
    left_open: int
    other_querent: dict[str, int]
    subjects: dict[str, tuple[int, int]]
    always: tuple[int, int]
    """The bits and statements of the subjects every chart shows (:data:`SHOWN_ALWAYS`), or-ed at load."""
    source: str
    decide: Callable[[Ctx, int, int], tuple[int, int]]


@cache
def program() -> Program:
    """The compiled statements (:class:`Program`), built on first use."""
    ids: dict[tuple[str, ...], int] = {}
    conditions: list[tuple[Condition, ...]] = []
    lines = []
    for index, statement in enumerate(statements()):
        plain = _plain()[statement.id]
        targets = [c.target for c in statement.conditions]
        by_target = [tuple(c for c in statement.conditions if c.target == t) for t in dict.fromkeys(targets)]
        tested = [(c,) for c in plain] + [g for g in by_target if len(g) > 1 and g[0].target in ANY_TARGETS]
        for group in tested:
            key = tuple(c.text for c in group)
            if key not in ids:
                ids[key] = len(conditions)
                conditions.append(group)
        line = Line(
            statement,
            index,
            tuple(ids[tuple(c.text for c in group)] for group in tested),
            frozenset(statement.matters),
            tuple(str(item) for item in statement.open),
        )
        lines.append(line)
    groups: dict[str, list[Line]] = {}
    for line in lines:
        groups.setdefault(line.statement.subject, []).append(line)
    checks: dict[str, tuple[tuple[int, int], ...]] = {}
    for subject, members in groups.items():
        needing: dict[int, int] = {}
        for member in members:
            for k in member.tests:
                needing[k] = needing.get(k, 0) | 1 << member.index
        checks[subject] = tuple(sorted(needing.items(), key=lambda item: -item[1].bit_count()))

    def having(test: Callable[[Statement], bool]) -> int:
        return sum(1 << line.index for line in lines if test(line.statement))

    tests = tuple(compile_condition(g[0]) if len(g) == 1 else compile_together(g) for g in conditions)
    subject_bits = {subject: 1 << n for n, subject in enumerate(groups)}
    source = decide_source(conditions, checks, subject_bits, len(lines))
    return Program(
        tuple(conditions),
        tests,
        tuple(lines),
        {subject: tuple(group) for subject, group in groups.items()},
        {subject: sum(1 << line.index for line in group) for subject, group in groups.items()},
        checks,
        {m: sum(1 << line.index for line in lines if m in line.matters or "總" in line.matters) for m in MATTERS},
        having(lambda s: bool(s.open)),
        having(lambda s: any(item.key != "querent" for item in s.open)),
        {q: sum(1 << line.index for line in lines if _asked(line.statement, q) is None) for q in QUERENTS},
        {subject: (subject_bits[subject], sum(1 << line.index for line in group)) for subject, group in groups.items()},
        (
            sum(subject_bits.get(subject, 0) for subject in SHOWN_ALWAYS),
            sum(1 << line.index for subject in SHOWN_ALWAYS for line in groups.get(subject, ())),
        ),
        source,
        compile_decide(source, conditions, tests, checks, len(lines)),
    )


def reading(chart: Chart, matter: object = None, querent: object = None, lang: str = "ko") -> Reading:
    """The chapters' statements on ``chart``: those that apply and those left open.

    ``matter`` keeps the statements on one matter (and the overall ones, 總): a key of
    :data:`MATTERS` ("病" or "illness"). ``querent`` says who asks ("官"/"official", "常人"/"commoner",
    …): statements for another querent are left out, and those for this one are decided. ``lang`` is
    the language the reading displays in ("ko", "zh" or "en").

    The statements are decided as sets (:class:`Program`): those of the subjects the chart shows stand
    until a test they need fails, each test decided at most once per chart and only while a statement
    that needs it stands. The :class:`Judgement` values, with their facts, are built when read.
    """
    if not isinstance(chart, Chart):
        raise ParseError(f"chart={quote(chart)} is not a chart; accepted: a liuren.Chart (liuren.chart(...))")
    if lang.__class__ is not str or lang not in REGISTRY:
        check_lang(lang)
    wanted = None if matter is None else parse_matter(matter)
    who = None if querent is None else parse_querent(querent)
    ctx = Ctx(chart)
    shown, unjudged = _shown(chart, ctx.patterns), ctx.unjudged  # the names Ctx(chart) read
    compiled = program()
    present, standing = compiled.always  # the subjects the chart shows (or cannot judge), and their statements
    own = _own_subjects(chart, ctx.patterns)  # SHOWN_ALWAYS's are or-ed at load
    for bit, those in filter(None, map(compiled.subjects.get, (*own, *unjudged) if unjudged else own)):
        present |= bit
        standing |= those
    if wanted is not None:
        standing &= compiled.on_matter[wanted]
    if who is not None:
        standing &= ~compiled.other_querent[who]
    standing, needs = compiled.decide(ctx, present, standing)  # needs: a test the chart cannot decide
    undecided = needs | (compiled.opens if who is None else compiled.left_open)
    for subject in unjudged:
        undecided |= compiled.masks.get(subject, 0)
    undecided &= standing
    facts: dict[str, Fact] = {}  # built when read
    found = (standing & ~undecided, undecided, ctx, facts, unjudged, shown)
    decided = tuple.__new__(Decided, found)  # what Decided(*found) makes, without its __new__'s Python frame
    return _decided(chart, wanted, who, lang, decided)


def _undecided(line: Line, ctx: Ctx, unjudged: frozenset[str], who: str | None) -> tuple[str, ...]:
    """What would decide a statement left open: its subject when the chart cannot judge it, what the
    chart lacks for its tests (each decided again by its interpreted test, as :attr:`Program.decide`
    decided it), and its open conditions (those left when ``who`` asks)."""
    subject = line.statement.subject
    tests = program().tests
    found: list[str] = [f"subject:{subject}"] if subject in unjudged else []
    found.extend(sorted({known for k in line.tests if isinstance(known := tests[k](ctx), str)}))
    if line.opens:
        found.extend(line.opens if who is None else _asked(line.statement, who) or ())
    return tuple(found)


def _asked(statement: Statement, querent: str) -> list[str] | None:
    """The open conditions left when ``querent`` asks, or None when the statement is for another querent."""
    left = []
    for item in statement.open:
        if item.key == "querent":
            if item.value != querent:
                return None
            continue
        left.append(str(item))
    return left
