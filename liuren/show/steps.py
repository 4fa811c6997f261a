"""The chart step by step, as a teacher casts it by hand, in Chinese, Korean or English.

:func:`steps` turns a chart into a tuple of :class:`Step` values: the plate (月將加時), the four
lessons, every gate of the nine methods tried in its written order with why it does or does not
apply (one step per rule record of :mod:`liuren.records`, told by its renderer in
:mod:`liuren.show.gates`), the method and lesson type, the three transmissions with the rule that
gives each, the noble and the generals, 六親, 遁干 and 旬空, and the named patterns with their
evidence (:mod:`liuren.show.texts`). :func:`trace_lines` and :func:`explain` are read off the same
records, so each rule has one wording. The words are :data:`liuren.show.words.steps.STEPS`, put into
each language by :mod:`liuren.show.i18n`.

>>> from liuren import Chart
>>> s = steps(Chart("丙申", "午", "亥"), lang="en")
>>> [x.key for x in s][:7]
['plate', 'lesson-1', 'lesson-2', 'lesson-3', 'lesson-4', 'gate-fuyin', 'gate-fanyin']
>>> s[7].text
'上克下 in lesson 2. One candidate: 初 = 卯 (元首).'
>>> steps(Chart("丙申", "午", "亥"), lang="ko")[7].text
'상극하(上克下): 제이과(第二課). 후보는 하나: 초전(初傳) = 卯 → 원수(元首).'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import ParseError, quote
from ..lang import language
from ..records import Record, RepeatsDropped
from .gates import HEAVEN, gate_records, record_text, renderer_of
from .i18n import check_lang, render
from .texts import (
    chain_text,
    generals_text,
    initial_text,
    lesson_text,
    method_text,
    pattern_marks,
    patterns_text,
    plate_text,
    relations_text,
    title,
    title_marks,
    words,
)
from .words.steps import STEPS

if TYPE_CHECKING:
    from ..chart import Chart

STEP_ORDER = (
    "plate",
    "lesson-1",
    "lesson-2",
    "lesson-3",
    "lesson-4",
    "gates",
    "method",
    "initial",
    "middle",
    "final",
    "generals",
    "relations",
    "patterns",
)
"""The stages of the construction; every gate step is at stage "gates"."""
QUESTION_MARKS = ("?", "？")
"""How a step's title that asks a question ends (⟨返吟⟩?): its text answers it after a space, not a colon."""


# ---------------------------------------------------------------- the Step value
class Step(NamedTuple):
    """One step of the construction (frozen).

    ``key`` is stable: "plate", "lesson-1" … "lesson-4", one "gate-…" per gate tried
    ("gate-fuyin", "gate-fanyin", "gate-zeike", "gate-biyong", "gate-shehai-depth",
    "gate-shehai-meng", "gate-shehai-zhong", "gate-shehai-zhuixia", "gate-bazhuan", "gate-yaoke",
    "gate-maoxing", "gate-biezhe"), then "method", "initial", "middle", "final", "generals",
    "relations", "patterns". ``cells`` are the 課盤 cells it points at: "heaven-卯" (the plate cell
    whose heaven branch is 卯), "lesson-1" … "lesson-4", "initial", "middle", "final", "noble".
    ``title`` and ``text`` are in ``lang``; ``position`` is the step's place (0 = the plate);
    ``parts`` is how much of the 課盤 is built by now. ``record`` is the rule record a gate step
    (or 伏吟's own 中傳/末傳 step) tells; ``records`` are all of the chart's.
    """

    key: str
    cells: tuple[str, ...]
    lang: str
    position: int
    chart: Chart
    record: Record | None
    records: tuple[Record, ...]

    @property
    def title(self) -> str:
        """The step's heading in its language."""
        return title(self.key, self.lang)

    @property
    def text(self) -> str:
        """What the step does and why, in its language."""
        return render(step_marks(self), self.lang)

    @property
    def branches(self) -> tuple[str, ...]:
        """The heaven branches this step marks on the plate."""
        return tuple(c[7:] for c in self.cells if c.startswith("heaven-"))

    @property
    def parts(self) -> frozenset[str] | None:
        """The parts of the 課盤 built by the end of this step (None: all of it)."""
        return parts(self.key)

    def html(self, *, colors: Any = None) -> str:
        """The 課盤 as built so far (later parts blank), this step's cells lit, and its text."""
        return step_html(self, colors=colors)

    def _repr_html_(self) -> str:
        return step_html(self)

    def __str__(self) -> str:
        """The title and the text, joined by the language's colon, or after a question (⟨返吟⟩?) by a space."""
        form = language(self.lang)
        return f"{self.title}{form.space if self.title.endswith(QUESTION_MARKS) else form.colon}{self.text}"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        """What a notebook shows as text/plain: the step in words (:meth:`__str__`), not its :meth:`__repr__`."""
        p.text(str(self))

    def __repr__(self) -> str:
        return f"Step({self.key!r}, {self.title!r})"


def _stage_parts() -> tuple[frozenset[str], ...]:
    out, built = [], []
    for stage in STEP_ORDER:
        if stage != "gates":
            built.append(stage)
        out.append(frozenset(built))
    return tuple(out)


PARTS_BY_STAGE = _stage_parts()
"""The parts of the 課盤 built by the end of each stage of :data:`STEP_ORDER`."""


def parts(key: str) -> frozenset[str] | None:
    """The parts of the 課盤 built by the end of the step ``key`` (None: all of it)."""
    stage = "gates" if key.startswith("gate-") else key
    if stage == "patterns":
        return None
    return PARTS_BY_STAGE[STEP_ORDER.index(stage)]


TITLE_SEPARATOR = re.compile(r"\s*(?::|：|=)\s*")
"""What may stand between a title a text opens with and the rest (「第一課：」, "⟨初傳⟩ = ", "⟨格局⟩:\\n")."""


def untitled(text: str, title_marks: str) -> str:
    """``text`` without the title it opens with: a step prints under its title, and the same words
    (「제일과(第一課): 제일과(第一課): …」) are not said twice. A text that does not open with the title is
    kept whole.

    >>> untitled("⟨第一課⟩: 일간 ⟨丙⟩", "⟨第一課⟩"), untitled("⟨初傳⟩ = ⟨卯⟩", "⟨初傳⟩")
    ('일간 ⟨丙⟩', '⟨卯⟩')
    """
    if not text.startswith(title_marks):
        return text
    m = TITLE_SEPARATOR.match(text, len(title_marks))
    return text[m.end() :] if m else text


def step_marks(step: Step) -> str:
    """The text of ``step`` with its terms still marked, without the title it would open with; a gate
    asked as a question (「⟨伏吟⟩?」) that the text answers by naming it (「⟨伏吟⟩: d = 0 …」) is answered
    「yes」 instead."""
    marks, head = _step_marks(step), title_marks(step.key, step.lang)
    if head.endswith(("?", "？")):
        rest = untitled(marks, head[:-1])
        if rest != marks:
            return STEPS[step.lang]["yes"] + rest
    return untitled(marks, head)


def _step_marks(step: Step) -> str:
    key, chart, lang = step.key, step.chart, step.lang
    if step.record is not None and not step.record.chained:
        return record_text(step.record, chart, lang)
    if key == "plate":
        return plate_text(chart, lang)
    if key.startswith("lesson-"):
        return lesson_text(chart, int(key[-1]) - 1, lang)
    if key == "method":
        return method_text(chart, step.records, lang)
    if key == "initial":
        return initial_text(chart, step.records, lang)
    if key in ("middle", "final"):
        return chain_text(chart, key, step.records, lang)
    if key == "generals":
        return generals_text(chart, lang)
    if key == "relations":
        return relations_text(chart, lang)
    return patterns_text(chart, lang, "code")


# ---------------------------------------------------------------- building the steps
LESSON_CELLS = tuple(tuple((f"lesson-{n}", HEAVEN[b]) for b in range(12)) for n in range(1, 5))
"""The cells of lesson n's step when its upper is branch b: ``LESSON_CELLS[n - 1][b]``."""
_tnew = tuple.__new__


class Steps(tuple[Step, ...]):
    """The steps of one chart: a plain tuple of :class:`Step` that prints as numbered lines
    ("1. title: text") and shows in Jupyter as the numbered list of titles and texts (each step's
    own ``_repr_html_`` draws its 課盤)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "\n".join(f"{s.position + 1}. {s.title}: {s.text}" for s in self)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))

    def _repr_html_(self) -> str:
        from html import escape

        from .html import COLORS

        items = "".join(
            f'<li data-key="{escape(s.key)}" style="margin:0 0 4px"><b>{escape(s.title)}</b> '
            f"{escape(s.text).replace(chr(10), '<br>')}</li>"
            for s in self
        )
        return (
            f'<ol class="liuren-steps" style="font-family:sans-serif;font-size:14px;line-height:1.45;max-width:900px;'
            f'color:{COLORS["ink"]};background:{COLORS["paper"]};padding:8px 14px 8px 36px;border-radius:6px">{items}</ol>'
        )


def steps(chart: Chart, lang: str = "zh") -> Steps:
    """The construction of ``chart`` as :class:`Step` values, in the order a teacher casts it."""
    _check_chart(chart)
    check_lang(lang)
    records = gate_records(chart)
    t0, t1, t2 = (x.branch.ordinal for x in chart.transmissions)
    u = chart._ke.uppers
    out = [
        _tnew(Step, ("plate", (HEAVEN[chart.general.ordinal],), lang, 0, chart, None, records)),
        *(
            _tnew(Step, (f"lesson-{n}", LESSON_CELLS[n - 1][u[n - 1]], lang, n, chart, None, records))
            for n in (1, 2, 3, 4)
        ),
    ]
    chained: dict[str, Record] = {}
    n = 5
    for r in records:
        if r.chained:
            chained["middle" if renderer_of(r).chain(r, "middle") else "final"] = r
        else:
            out.append(_tnew(Step, (f"gate-{r.gate}", renderer_of(r).cells(r), lang, n, chart, r, records)))
            n += 1
    out += [
        _tnew(Step, ("method", (HEAVEN[t0],), lang, n, chart, None, records)),
        _tnew(Step, ("initial", ("initial", HEAVEN[t0]), lang, n + 1, chart, None, records)),
        _tnew(Step, ("middle", ("middle", HEAVEN[t1]), lang, n + 2, chart, chained.get("middle"), records)),
        _tnew(Step, ("final", ("final", HEAVEN[t2]), lang, n + 3, chart, chained.get("final"), records)),
        _tnew(Step, ("generals", ("noble", HEAVEN[chart.noble_branch.ordinal]), lang, n + 4, chart, None, records)),
        _tnew(Step, ("relations", ("initial", "middle", "final"), lang, n + 5, chart, None, records)),
        _tnew(Step, ("patterns", (), lang, n + 6, chart, None, records)),
    ]
    return _tnew(Steps, out)


def _check_chart(chart: object) -> None:
    """A wrong object is refused as every renderer refuses it (:func:`liuren.show.html.check_chart`),
    not met with an AttributeError half-way."""
    from .html import check_chart

    check_chart(chart)


# ---------------------------------------------------------------- trace and explain
class Lines(tuple[str, ...]):
    """A tuple of lines that prints as the lines themselves (``print(chart.trace())``)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "\n".join(self)


def pattern_lines(chart: Chart, lang: str = "en") -> list[str]:
    """``name (family): evidence`` for each pattern found, in ``lang``, a family's own entry naming
    (not repeating) the companions that are listed after it with their evidence."""
    _check_chart(chart)
    lang = check_lang(lang)
    return [render(x, lang) for x in pattern_marks(chart, lang)]


def _lessons_line(chart: Chart, records: tuple[Record, ...], lang: str) -> str:
    form = language(lang)  # Chinese counts in numerals and uses full-width punctuation
    # a lesson the school counts once (repeated_lesson="once") shows which one it repeats, not its 克
    repeat = next((r for r in records if isinstance(r, RepeatsDropped)), None)
    dropped = dict(repeat.repeats) if repeat is not None else {}

    def kind(n: int, x: Any) -> str:
        if n - 1 in dropped:
            return STEPS[lang]["lessons.same"].format(n=form.number(dropped[n - 1] + 1))
        return f" ⟨{x.kind}⟩" if x.kind else ""

    lessons = form.comma.join(
        f"{form.number(n)} ⟨{x.upper}⟩/⟨{x.lower}⟩{kind(n, x)}" for n, x in enumerate(chart.lessons, 1)
    )
    return words(lang, "lessons", lessons=lessons)


def _trace_marks(chart: Chart, lang: str) -> list[str]:
    records = gate_records(chart)
    lines = [_lessons_line(chart, records, lang)]
    lines += [record_text(r, chart, lang) for r in records if not r.chained]
    lines += [chain_text(chart, key, records, lang) for key in ("middle", "final")]
    t = chart.transmissions
    colon = language(lang).colon
    lines.append(f"⟨三傳⟩ {''.join(f'⟨{x.branch}⟩' for x in t)}{colon}⟨{chart.method}⟩ → ⟨{chart.lesson_type}⟩")
    return lines


def render_lines(lines: list[str], lang: str) -> list[str]:
    """Lines rendered as one text, so the Korean register glosses a term once in all of them."""
    out = render("\n".join(lines), lang).split("\n")
    assert len(out) == len(lines) or any("\n" in x for x in lines)
    return out


def trace_lines(chart: Chart, lang: str = "en") -> Lines:
    """The four lessons in one line, then one line per gate tried (the texts of the gate steps), how
    the 中傳 and 末傳 were chosen (the texts of those steps), then the 三傳 with the method and lesson type."""
    _check_chart(chart)
    lang = check_lang(lang)
    return Lines(render_lines(_trace_marks(chart, lang), lang))


def explain(chart: Chart, lang: str = "en", *, hint: str = "code") -> str:
    """The trace, then each pattern with its evidence (a family's entry names its companions
    instead of repeating their evidence), then the patterns that need the month or year branch or the
    年命. ``hint`` says how to give them: "code" (the month=/year=/nianming= arguments) or "explorer"
    (the 月建/太歲/本命/行年 controls). It is one text: the Korean register glosses a term once."""
    _check_chart(chart)
    lang = check_lang(lang)
    if hint not in ("code", "explorer"):
        raise ParseError(f"hint={quote(hint)} is not understood; accepted: 'code', 'explorer'")
    w = STEPS[lang]
    lines = _trace_marks(chart, lang)
    lines.append("")
    found = pattern_marks(chart, lang)
    lines.append(w["explain.patterns"] if found else w["explain.none"])
    lines.extend("  " + x for x in found)
    if chart.unjudged_patterns:
        names = " ".join(f"⟨{n}⟩" for n in chart.unjudged_patterns)
        lines.append(words(lang, "explain.unjudged", hint=w[f"hint.{hint}"], names=names))
    return render("\n".join(lines), lang)


# ---------------------------------------------------------------- HTML
def step_html(step: Step, *, colors: Any = None) -> str:
    """The 課盤 as built by ``step`` (later parts blank), its cells lit, then its title and text."""
    from html import escape

    if not isinstance(step, Step):
        raise ParseError(
            f"expected a liuren Step, got {quote(step)} ({type(step).__name__}); take one from chart.steps()"
        )

    from .html import chart_html, palette, paper_box

    pal = palette(colors)
    board = chart_html(step.chart, labels=step.lang, colors=colors, parts=step.parts, cells=step.cells)
    title, text = step.title, step.text
    words = (
        f'<div style="font-size:12px;color:{pal["muted"]}">{step.position + 1}. {escape(title)}</div>'
        f'<div style="font-size:14px;color:{pal["ink"]}">{escape(text).replace(chr(10), "<br>")}</div>'
    )
    box = paper_box(
        words,
        "width:auto;max-width:760px;margin:6px 0 0;padding:6px 10px;font-family:sans-serif;line-height:1.45",
        colors,
    )
    return f'<div class="liuren-step" data-key="{escape(step.key)}">{board}{box}</div>'


__all__ = [
    "Lines",
    "Step",
    "Steps",
    "explain",
    "pattern_lines",
    "step_html",
    "steps",
    "trace_lines",
]
