"""Exercises in reading a chart: which of the chapters' statements apply, and why.

:func:`candidates` lists the statements a learner weighs for one matter of a chart (every statement of
a subject the chart shows, on that matter), whether or not they hold; :func:`check_reading` checks the
learner's choice of those that apply: each wrong choice is named with the condition that fails on the
chart (or what the chart cannot decide), and the statements missed are counted, not shown, unless
``reveal``.

>>> import liuren
>>> c = liuren.chart("丙申", "午", "亥", month="寅")
>>> [(x.statement.id, x.status) for x in candidates(c, "病")][:3]
[('元首-060', 'fails'), ('元首-085', 'applies'), ('元首-086', 'applies')]
>>> r = check_reading(c, "病", ["元首-085", "元首-087"])
>>> r.ok, r.right, [w.statement.id for w in r.wrong], r.missed
(False, ('元首-085',), ['元首-087'], 3)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cycle import normalize
from ..errors import ParseError, quote
from ..grading import ITEM_SEPARATORS, Grade, graded
from . import APPLIES, OPEN, Judgement, by_subject, facts_of, judge, parse_matter, parse_querent, shown_subjects
from .conditions import Fact
from .readers import Ctx, chart_key
from .statements import Statement, statements

if TYPE_CHECKING:
    from ..chart import Chart

MAX_ANSWER = 200
"""How many statement ids an answer may name."""
FAILS = "fails"
STATUSES = (APPLIES, OPEN, FAILS)
"""A candidate's ``status``: the statement applies, the chart cannot decide it, or a condition fails."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """A statement weighed on a chart: ``status`` "applies", "open" or "fails"; ``failed`` the first
    condition that does not hold (for "fails"); ``undecided`` what would decide an open one."""

    statement: Statement
    status: str
    failed: Fact | None
    undecided: tuple[str, ...]


@dataclass(frozen=True, slots=True, repr=False)
class ReadingCheck:
    """The verdict on a learner's choice of the statements that apply: ``ok`` when every choice applies
    and none is missed; ``right`` the ids chosen that apply; ``wrong`` the candidates chosen that do not
    (with why); ``missed`` how many that apply were not chosen (their ids in ``answer`` only when
    ``reveal``)."""

    ok: bool
    right: tuple[str, ...]
    wrong: tuple[Candidate, ...]
    missed: int
    answer: tuple[str, ...]
    lang: str

    def __bool__(self) -> bool:
        return self.ok

    @property
    def grade(self) -> Grade:
        """The choice's :class:`~liuren.grading.Grade`: right, or wrong at the first statement chosen that
        does not apply (kind "statement") or, with none, at the statements missed (kind "missed"); the
        rule is the verdict's text."""
        if self.ok:
            return graded(True)
        if self.wrong:
            return graded(False, self.wrong[0].statement.id, str(self), kind="statement")
        return graded(False, "missed", str(self))

    def __repr__(self) -> str:
        wrong = [c.statement.id for c in self.wrong]
        return f"<ReadingCheck ok={self.ok} right={list(self.right)} wrong={wrong} missed={self.missed}>"

    def __str__(self) -> str:
        from ..show.reading import reading_check_text

        return reading_check_text(self)

    def _repr_html_(self) -> str:
        from ..show.reading import reading_check_html

        return reading_check_html(self)


def candidates(chart: Chart, matter: object, querent: object = None) -> tuple[Candidate, ...]:
    """Every statement of a subject ``chart`` shows that speaks of ``matter`` (a matter other than 總
    leaves out the overall statements), in the file's order, each weighed on the chart."""
    wanted = parse_matter(matter)
    if wanted is None:
        raise ParseError("matter=None: an exercise asks about one matter; accepted: a key of liuren.reading.MATTERS")
    who = parse_querent(querent)
    shown, unjudged = shown_subjects(chart)
    ctx = Ctx(chart)
    ctx_chart = chart_key(chart)
    memo: dict[str, Fact] = {}
    found: list[Candidate] = []
    for subject in (*shown, *(unjudged - shown)):
        for statement in by_subject().get(subject, ()):
            if wanted not in statement.matters or (statement.example_chart and statement.example_chart != ctx_chart):
                continue  # another example's reading is no candidate here
            judged: Judgement | None = judge(statement, ctx, memo, who, unjudged)
            if judged is not None:
                found.append(Candidate(statement, judged.status, None, judged.undecided))
                continue
            failed = next((f for f in facts_of(statement, ctx, memo) if f.holds is False), None)
            found.append(Candidate(statement, FAILS, failed, ()))
    order = {s.id: n for n, s in enumerate(statements())}
    return tuple(sorted(found, key=lambda c: order[c.statement.id]))


def check_reading(
    chart: Chart, matter: object, answer: Iterable[str], querent: object = None, lang: str = "ko", reveal: bool = False
) -> ReadingCheck:
    """Check a learner's choice of the statements (by id) that apply to ``chart`` for ``matter``.

    A statement chosen that fails is named with the condition that fails; one chosen that the chart
    cannot decide is named with what would decide it; one not among the candidates is a ParseError."""
    from . import check_lang

    check_lang(lang)
    if isinstance(answer, str):  # split as every exercise splits an answer's items ("a, b", "a、b", "a b")
        answer = [part for part in ITEM_SEPARATORS.split(normalize(answer)) if part]
    chosen = list(answer)
    if len(chosen) > MAX_ANSWER or not all(isinstance(a, str) for a in chosen):
        raise ParseError(f"answer={quote(chosen)}: accepted: up to {MAX_ANSWER} statement ids such as '元首-085'")
    weighed = {c.statement.id: c for c in candidates(chart, matter, querent)}
    unknown = [a for a in chosen if a not in weighed]
    if unknown:
        raise ParseError(
            f"{quote(unknown[0])} is not a statement on this chart's matter; accepted: the ids candidates() lists"
        )
    applies = [i for i, c in weighed.items() if c.status == APPLIES]
    right = tuple(a for a in dict.fromkeys(chosen) if weighed[a].status == APPLIES)
    wrong = tuple(weighed[a] for a in dict.fromkeys(chosen) if weighed[a].status != APPLIES)
    missed = len(set(applies) - set(right))
    return ReadingCheck(not wrong and not missed, right, wrong, missed, tuple(applies) if reveal else (), lang)


# ---------------------------------------------------------------- judging: the verdict and its reason


@dataclass(frozen=True, slots=True, repr=False)
class VerdictCheck:
    """A learner's verdict on one matter of a chart, checked against the chapters' (:mod:`liuren.reading.verdict`):
    ``verdict_ok`` and ``reason_ok`` (the reason named is one the verdict rests on: a reason, the line of an
    override, or the principle ``P<n>`` that decided); ``why`` says what is wrong with a wrong reason
    ("fails", "open", "aside", "side" or ""); ``expected`` and ``reasons`` are given only when ``reveal``."""

    matter: str
    verdict: str
    reason: str
    verdict_ok: bool
    reason_ok: bool
    why: str
    expected: str
    reasons: tuple[str, ...]
    lang: str

    @property
    def ok(self) -> bool:
        return self.verdict_ok and self.reason_ok

    def __bool__(self) -> bool:
        return self.ok

    @property
    def grade(self) -> Grade:
        """The :class:`~liuren.grading.Grade` of the verdict and the reason (:meth:`grade_of` both)."""
        return self.grade_of(("verdict", "reason"))

    def grade_of(self, parts: Collection[str], whole: bool = True) -> Grade:
        """The grade of the ``parts`` answered ("verdict", "reason"; a part not named was not answered):
        wrong at the verdict when it is wrong, else at the reason when it is wrong, else right; the rule
        is the check's text. ``whole``: both were answered (see :class:`~liuren.grading.Grade`)."""
        for part, right in (("verdict", self.verdict_ok), ("reason", self.reason_ok)):
            if part in parts and not right:
                return graded(False, part, str(self), whole=whole)
        return graded(True, whole=whole)

    def __repr__(self) -> str:
        return f"<VerdictCheck {self.matter} {self.verdict} {self.reason}: verdict_ok={self.verdict_ok} reason_ok={self.reason_ok}>"

    def __str__(self) -> str:
        from ..show.reading import verdict_check_text

        return verdict_check_text(self)

    def _repr_html_(self) -> str:
        from ..show.reading import verdict_check_html

        return verdict_check_html(self)


def _parse_verdict(value: object) -> str:
    from ..cycle import MAX_TEXT, normalize
    from .verdict import VERDICTS

    if isinstance(value, str) and len(value) <= MAX_TEXT and normalize(value.strip()) in VERDICTS:
        return normalize(value.strip())
    raise ParseError(f"verdict={quote(value)} is not a verdict; accepted: {', '.join(VERDICTS)}")


def check_verdict(
    chart: Chart,
    matter: object,
    verdict: object,
    reason: object,
    querent: object = None,
    lang: str = "ko",
    reveal: bool = False,
) -> VerdictCheck:
    """Check a learner's verdict (吉, 凶, 先凶後吉 …) on ``matter`` and the decisive reason they name (a
    statement id such as "元首-093", or a principle "P6"), against the chapters' verdict on ``chart``.

    >>> import liuren
    >>> c = liuren.chart("丙申", "午", "亥", month="寅")
    >>> check_verdict(c, "總", "吉", "元首-093").ok
    True
    >>> r = check_verdict(c, "總", "凶", "內戰-001")
    >>> r.verdict_ok, r.reason_ok, r.why
    (False, False, 'aside')
    """
    from . import check_lang, reading

    check_lang(lang)
    wanted = parse_matter(matter)
    if wanted is None:
        raise ParseError("matter=None: an exercise asks about one matter; accepted: a key of liuren.reading.MATTERS")
    said = _parse_verdict(verdict)
    known = {s.id for s in statements()}
    from .verdict import PRINCIPLES

    principles = {f"P{n}" for n in PRINCIPLES}
    if not isinstance(reason, str) or reason.strip() not in known | principles:
        raise ParseError(
            f"reason={quote(reason)} is not a statement id (such as '元首-093') or a principle P1–P{len(PRINCIPLES)}"
        )
    reason = reason.strip()
    r = reading(chart, wanted, querent)
    v = r.verdict(wanted)
    decisive = {x.id for x in v.reasons} | {o.by.id for o in v.overrides if o.kind != "旺相"} | {f"P{v.principle}"}
    aside = {i for o in v.overrides for i in o.set_aside}
    applies = {j.statement.id for j in r.applies}
    opened = {j.statement.id for j in r.open}
    if reason in decisive:
        why = ""
    elif reason in aside:
        why = "aside"
    elif reason in applies:
        why = "side"
    elif reason in opened:
        why = "open"
    else:
        why = "fails"
    return VerdictCheck(
        wanted,
        said,
        reason,
        said == v.verdict,
        not why,
        why,
        v.verdict if reveal else "",
        tuple(x.id for x in v.reasons) if reveal else (),
        lang,
    )
