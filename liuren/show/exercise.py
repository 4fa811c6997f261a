"""The exercise: a chart dealt by lesson type, the learner's answer checked by :func:`liuren.check`
(an ipywidget, imported lazily)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..chart import Chart
from ..cycle import BRANCHES, PILLARS
from ..errors import ParseError, quote
from ..find import parse_lesson_type
from ..school import NOBLE_LABEL, School, resolve_school
from .html import RIGHT, caption_html, chart_html, panel, paper_box
from .i18n import check_lang, render
from .widget_parts import bundle, fallback_html, text_em
from .words.widgets import WIDGETS

if TYPE_CHECKING:
    from ..grading import Grade
    from .check import CheckResult


QUESTIONS = ("offset", "lessons", "transmissions", "method")
"""What an exercise asks, in the order a chart is built."""


def deal_pool(school: School) -> dict[str, list[tuple[int, int]]]:
    """The 720 課 under ``school`` by lesson type: (pillar ordinal, plate offset) pairs."""
    out: dict[str, list[tuple[int, int]]] = {}
    for p in PILLARS:
        for d in range(12):
            chart = Chart(p, "子", BRANCHES[d], noble="day", school=school)
            out.setdefault(chart.lesson_type, []).append((p.ordinal, d))
    return out


def _restricted(
    pool: dict[str, list[tuple[int, int]]], lesson_types: Iterable[str] | None
) -> dict[str, list[tuple[int, int]]]:
    """``pool`` cut down to ``lesson_types`` (None: all of it); a type the pool lacks is a ParseError."""
    if lesson_types is None:
        return pool
    if isinstance(lesson_types, str):
        lesson_types = [lesson_types]
    wanted = [str(parse_lesson_type(t)) for t in lesson_types]
    missing = [t for t in wanted if t not in pool]
    if missing or not wanted:
        shown = quote(", ".join(missing) or "(none)", 40)
        raise ParseError(f"lesson_types {shown} cannot be dealt under this school; accepted: {', '.join(sorted(pool))}")
    return {t: pool[t] for t in wanted}


class Exercise:
    """Deal a chart and ask for its plate offset, its four lessons, its 三傳 and its method, checked
    with :func:`liuren.check`. The charts are drawn lesson type first, so the rare types (別責 is 9 of
    the 720 課) come up as often as the common ones; ``seed`` makes a set reproducible for a class.
    ``mode="one"`` asks one part at a time (offset, then lessons, 三傳, method), moving on when it is right.
    ``lesson_types`` (e.g. ``("元首", "重審")``) deals only those lesson types, so a notebook can ask only
    what it has taught; each must be one the school deals (see :func:`deal_pool`).

    >>> ex = Exercise(seed=1, lang="en")
    >>> c = ex.chart
    >>> ex.answer(offset=c.offset, transmissions="".join(t.branch for t in c.transmissions)).ok
    True
    """

    def __init__(
        self,
        seed: int | None = None,
        lang: str = "ko",
        mode: str = "all",
        school: School | str | None = None,
        lesson_types: Iterable[str] | None = None,
    ) -> None:
        lang = check_lang(lang)
        if mode not in ("all", "one"):
            raise ParseError(
                f"mode={quote(mode)} is not an exercise mode; accepted: 'all' (every part at once), 'one' (one step at a time)"
            )
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ParseError(f"seed={quote(seed)} must be a whole number or None")
        self.school = resolve_school(school)
        self.mode = mode
        self.lang = lang
        self.random = random.Random(seed)
        self._pool = _restricted(deal_pool(self.school), lesson_types)
        words = WIDGETS[lang]
        label = {"description_width": f"{max(text_em(words[q]) for q in QUESTIONS) + 1:.1f}em"}  # none cut
        self.fields = {
            q: widgets.Text(description=words[q], placeholder=_PLACEHOLDERS[q], style=label) for q in QUESTIONS
        }
        self.check_button = widgets.Button(description=words["check"], button_style="primary")
        self.deal_button = widgets.Button(description=words["deal"])
        self.question = widgets.HTML()
        self.feedback = widgets.HTML()
        self.check_button.on_click(lambda _: self.submit())
        self.deal_button.on_click(lambda _: self.deal())
        self.widget = widgets.VBox(
            [self.question, *self.fields.values(), widgets.HBox([self.check_button, self.deal_button]), self.feedback]
        )
        self.widget.add_class("liuren-exercise")
        self.chart: Chart
        self.result: CheckResult | None = None
        self.stage = 0
        self.dealt: list[Chart] = []
        self.deal()

    def deal(self) -> Chart:
        """A new chart: a lesson type drawn evenly, one of its 課, an hour drawn evenly."""
        kind = self.random.choice(sorted(self._pool))
        pillar, d = self.random.choice(self._pool[kind])
        hour = self.random.randrange(12)
        noble: str | None = None if self.school.is_day(hour) is not None else self.random.choice(("day", "night"))
        self.chart = Chart(PILLARS[pillar], BRANCHES[hour], BRANCHES[(hour + d) % 12], noble=noble, school=self.school)
        self.dealt.append(self.chart)
        self.result = None
        self.stage = 0
        for field in self.fields.values():
            field.value = ""
        self._render()
        return self.chart

    @property
    def asking(self) -> tuple[str, ...]:
        """The parts asked now: all four, or in mode "one" the current one (none when done)."""
        if self.mode == "all":
            return QUESTIONS
        return QUESTIONS[self.stage : self.stage + 1]

    @property
    def grade(self) -> Grade | None:
        """The last answer's :class:`~liuren.grading.Grade` (``result.grade``; None before an answer, or
        when it answered nothing or could not be read)."""
        return None if self.result is None else self.result.grade

    def answer(self, **parts: object) -> CheckResult:
        """Fill the answer fields (offset, lessons, transmissions, method) and submit."""
        unknown = set(parts) - set(QUESTIONS)
        if unknown:
            raise TypeError(
                f"Exercise.answer() got unknown part(s) {sorted(unknown)}; accepted: {', '.join(QUESTIONS)}"
            )
        for name, value in parts.items():
            self.fields[name].value = "" if value is None else str(value) if not isinstance(value, str) else value
        return self.submit()

    def submit(self) -> CheckResult:
        """Check what is in the fields that are asked; a malformed answer is shown as its error."""
        from .check import CheckResult, check

        given = {q: self.fields[q].value.strip() for q in self.asking if self.fields[q].value.strip()}
        try:
            result = check(self.chart, lang=self.lang, **given)
        except ParseError as exc:
            result = CheckResult(False, None, str(exc), tuple(given))
        self.result = result
        if self.mode == "one" and result.ok and self.asking and self.asking[0] in given:
            self.stage += 1
        self._render()
        return result

    def _render(self) -> None:
        lang = self.lang
        self.question.value = _question_html(self.chart, lang)
        for q, field in self.fields.items():
            field.layout.display = "" if q in self.asking else "none"
        if self.result is None:
            self.feedback.value = ""
        else:
            self.feedback.value = self.result._repr_html_()
        if self.mode == "one" and not self.asking:
            self.feedback.value = _done_html(self.chart, lang)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        c, lang = self.chart, self.lang
        text = f"{c.day}日 {c.hour}時 {c.general}將 ({NOBLE_LABEL[c.noble]}貴)\n{WIDGETS[lang]['run-line']}"
        return bundle(self.widget, text, fallback_html(_question_html(c, lang), lang), include, exclude)

    def __repr__(self) -> str:
        return f"Exercise({self.chart!r}, mode={self.mode!r}, stage={self.stage})"


_PLACEHOLDERS = {"offset": "5", "lessons": "戌卯丑午", "transmissions": "卯申丑", "method": "元首 / 賊克"}


def _question_html(chart: Chart, lang: str) -> str:
    """What an exercise asks about: the chart's inputs (its caption without the answers), on the paper."""
    return paper_box(caption_html(chart, lang, parts=()), "font-family:sans-serif")


def _done_html(chart: Chart, lang: str) -> str:
    text = escape(render(WIDGETS[lang]["all-right"] + f"⟨{chart.method}⟩ · ⟨{chart.lesson_type}⟩", lang))
    return panel(text, RIGHT, "margin:0 0 6px") + chart_html(chart, labels=lang)


__all__ = ["QUESTIONS", "Exercise", "deal_pool"]
