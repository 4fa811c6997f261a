"""ipywidgets for learners: the explorer, the step-by-step stepper and the exercise.

Assembly only: every value shown comes from :func:`liuren.chart`, :func:`liuren.show.html.chart_html`,
:func:`liuren.show.svg.plate_svg`, :meth:`liuren.Chart.steps` and :func:`liuren.check`. This module is
imported lazily (``import liuren`` never imports ipywidgets).

Every widget keeps its state in plain attributes and has driving methods (``set``, ``next``,
``answer``, ``submit`` …), so it can be used and tested without a browser: setting a control's
``value`` runs its observer synchronously. The views are HTML widgets whose ``value`` is replaced, so
the page does not jump. Where widgets cannot be shown (no kernel, an exported page, a viewer without
the widget manager) each falls back to its current 課盤 and a line saying to run the cell.

>>> ex = explorer("丙申", "午", "亥")
>>> "".join(t.branch for t in ex.chart.transmissions)
'卯申丑'
>>> ex.set(day="甲戌", hour="未")
>>> "".join(t.branch for t in ex.chart.transmissions), ex.chart.lesson_type
('寅午戌', '元首')
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..chart import Chart, nianming_branches
from ..cycle import (
    BRANCHES,
    PILLARS,
    SPIRIT_NAMES,
    parse_hour,
    parse_month,
    parse_month_general,
    parse_pillar,
    parse_year,
)
from ..errors import LiurenError, ParseError, quote
from ..school import NOBLE_LABEL, PRESET_NAMES, PRESETS, School, parse_noble, resolve_school
from .html import COLORS, caption_html, chart_html, paper_box
from .i18n import check_lang, render
from .steps import explain
from .svg import plate_svg
from .text import chart_text
from .words.widgets import WIDGETS

if TYPE_CHECKING:
    from collections.abc import Iterator

    from .check import CheckResult
    from .steps import Step

NOBLE_OPTIONS = (("自動 (時)", "auto"), ("晝貴", "day"), ("夜貴", "night"))
"""Day/night noble choices; "auto" lets the school's rule decide from the hour."""
SCHOOL_OPTIONS = tuple((f"{zh} ({name})", name) for name, zh in PRESET_NAMES.items())
"""The school presets, labelled by their Hanzi and ASCII names."""
MONTH_OPTIONS = (("—", "none"), *((f"{b}月", str(b)) for b in BRANCHES))
"""The month branch (月建) is optional; the seasonal patterns need it."""
YEAR_OPTIONS = (("—", "none"), *((f"{b}年", str(b)) for b in BRANCHES))
"""The year branch (太歲) is optional; the patterns that look at the year need it."""
FATE_OPTIONS = (("—", "none"), *((str(b), str(b)) for b in BRANCHES))
"""本命 and 行年 (the 年命) are optional; the clauses that judge the 年命 need both."""
LANG_OPTIONS = (("中", "zh"), ("한", "ko"), ("EN", "en"))
"""The label language: Chinese, Korean readings, English glosses."""
COMPARE_OPTIONS = {
    "zh": (("—", "none"), ("兩學派", "school"), ("晝/夜", "noble")),
    "ko": (("—", "none"), ("두 학파", "school"), ("주/야", "noble")),
    "en": (("—", "none"), ("two schools", "school"), ("day/night", "noble")),
}
"""Compare mode: none, the chart under a second school, or the chart with the other noble."""
CUSTOM = "custom"
PLATE_SIZE = 360
"""Pixels of the explorer's round plate (beside the 課盤, the whole explorer fits 1280×800)."""
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def _bundle(widget: widgets.Widget, text: str, html: str, include: Any, exclude: Any) -> dict[str, Any]:
    """The widget's own mimebundle with text/plain and text/html fallbacks beside the widget view."""
    bundle = widget._repr_mimebundle_(include=include, exclude=exclude)
    data = dict(bundle[0] if isinstance(bundle, tuple) else bundle or {})
    data["text/plain"] = text
    data["text/html"] = html
    return data


def _fallback_html(body: str, lang: str) -> str:
    """``body`` and, under it, the run-the-cell line on the card's paper (a theme's background would
    leave it faint: the muted ink is 3.2:1 on JupyterLab Dark)."""
    line = f'<span style="color:{COLORS["muted"]}">{escape(WIDGETS[lang]["run-line"])}</span>'
    return body + paper_box(line, "font-family:sans-serif;font-size:13px;margin:4px 0")


def _error_html(message: str) -> str:
    """A chart that cannot be built: its message in the mark colour, on the paper."""
    return paper_box(f'<span style="color:{COLORS["mark"]}">{escape(message)}</span>')


def differences(a: Chart, b: Chart) -> tuple[str, ...]:
    """The 課盤 cells where two charts differ: "initial"/"middle"/"final" (branch or general),
    "lesson-1" … (upper or general) and "heaven-X" (the general riding X)."""
    out: list[str] = []
    for key, s, t in zip(("initial", "middle", "final"), a.transmissions, b.transmissions, strict=True):
        if s.branch != t.branch or s.general != t.general:
            out.append(key)
    for n, (x, y) in enumerate(zip(a.lessons, b.lessons, strict=True), 1):
        if x.upper != y.upper or x.general != y.general:
            out.append(f"lesson-{n}")
    out.extend(f"heaven-{h}" for h in BRANCHES if a.general_on(h) != b.general_on(h))
    if (a.noble_branch, a.generals_forward) != (b.noble_branch, b.generals_forward):
        out.append("noble")
    return tuple(out)


# ---------------------------------------------------------------- the explorer
class Explorer:
    """Dropdowns for the day, hour, month general, day/night noble, school, month and year; an hour
    slider with Play that turns the heaven plate; a compare mode (two schools, or 晝 and 夜, the
    differing cells outlined); a label-language choice (中/한/EN); the 課盤 and the round plate side
    by side. :attr:`chart` is the chart for the current values (:attr:`other` the compared one).

    When a combination cannot be charted (e.g. a school that decides day and night by sunrise,
    with the noble left on "auto"), :attr:`chart` is None, :attr:`error` holds the message and the
    view shows it; fixing any control brings the chart back.
    """

    CONTROLS = (
        "day",
        "hour",
        "general",
        "noble",
        "school",
        "month",
        "year",
        "benming",
        "xingnian",
        "show_explain",
        "labels",
        "compare",
        "against",
        "turn",
    )

    def __init__(
        self,
        day: object = "丙申",
        hour: object = "午",
        general: object = "亥",
        *,
        noble: object = None,
        school: School | str | None = None,
        month: object = None,
        year: object = None,
        nianming: object = None,
        drawing: bool = True,
        explain: bool = False,
        labels: str = "zh",
        compare: str = "none",
        lang: str | None = None,
    ) -> None:
        first = Chart(day, hour, general, noble=noble, school=school, month=month, year=year, nianming=nianming)
        if lang is not None and labels != "zh" and lang != labels:
            raise ParseError(
                f"lang={quote(lang)} and labels={quote(labels)} disagree; give one of them (they are the same choice)"
            )
        lang = check_lang(labels if lang is None else lang)
        if compare not in ("none", "school", "noble"):
            raise ParseError(f"compare={quote(compare)} is not a compare mode; accepted: 'none', 'school', 'noble'")
        for name, flag in (("drawing", drawing), ("explain", explain)):
            if not isinstance(flag, bool):
                raise ParseError(f"{name}={quote(flag)} is not understood; accepted: True or False")
        self._custom_school = None if PRESETS.get(first.school.name) == first.school else first.school
        school_options = list(SCHOOL_OPTIONS)
        if self._custom_school is not None:
            school_options.append((f"{CUSTOM} ({first.school.name})", CUSTOM))
        school_value = CUSTOM if self._custom_school is not None else first.school.name
        words = WIDGETS[lang]
        self.day = widgets.Dropdown(options=[str(p) for p in PILLARS], value=str(first.day), description=words["day"])
        self.hour = widgets.Dropdown(
            options=[(f"{b}時", str(b)) for b in BRANCHES], value=str(first.hour), description=words["hour"]
        )
        self.general = widgets.Dropdown(
            options=[(f"{b} {SPIRIT_NAMES[b.ordinal]}", str(b)) for b in BRANCHES],
            value=str(first.general),
            description=words["general"],
        )
        self.noble = widgets.Dropdown(
            options=NOBLE_OPTIONS, value="auto" if noble is None else first.noble, description=words["noble"]
        )
        self.school = widgets.Dropdown(options=school_options, value=school_value, description=words["school"])
        self.month = widgets.Dropdown(
            options=MONTH_OPTIONS, value="none" if first.month is None else str(first.month), description=words["month"]
        )
        self.year = widgets.Dropdown(
            options=YEAR_OPTIONS, value="none" if first.year is None else str(first.year), description=words["year"]
        )
        fate = first.nianming
        self.benming = widgets.Dropdown(
            options=FATE_OPTIONS, value="none" if fate is None else str(fate.benming), description=words["benming"]
        )
        self.xingnian = widgets.Dropdown(
            options=FATE_OPTIONS, value="none" if fate is None else str(fate.xingnian), description=words["xingnian"]
        )
        self.show_explain = widgets.Checkbox(value=explain, description=words["explain"], indent=False)
        self.labels = widgets.ToggleButtons(
            options=LANG_OPTIONS, value=lang, description=words["labels"], style={"button_width": "44px"}
        )
        self.compare = widgets.Dropdown(options=COMPARE_OPTIONS[lang], value=compare, description=words["compare"])
        self.against = widgets.Dropdown(
            options=SCHOOL_OPTIONS,
            value="tanyuan" if first.school.name != "tanyuan" else "default",
            description=words["against"],
        )
        self.turn = widgets.IntSlider(value=first.hour.ordinal, min=0, max=11, description=words["turn"], readout=False)
        self.play = widgets.Play(
            value=first.hour.ordinal, min=0, max=11, interval=1500, repeat=True, description=words["turn"]
        )
        widgets.link((self.play, "value"), (self.turn, "value"))
        self.board = widgets.HTML()
        self.plate = widgets.HTML()
        self.notes = widgets.HTML()
        self.drawing = bool(drawing)
        self.chart: Chart | None = first
        self.other: Chart | None = None
        self.error: str | None = None
        self._holding = False
        for name in self.CONTROLS:
            getattr(self, name).observe(self._on_change, names="value")
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.day, self.hour, self.general, self.noble]),
                widgets.HBox([self.school, self.month, self.year, self.show_explain]),
                widgets.HBox([self.benming, self.xingnian, self.compare, self.against]),
                widgets.HBox([self.play, self.turn, self.labels]),
                widgets.HBox(
                    [self.board, self.plate], layout=widgets.Layout(align_items="flex-start", flex_flow="row wrap")
                ),
                self.notes,
            ],
            layout=widgets.Layout(max_width="1260px"),
        )
        self.widget.add_class("liuren-explorer")  # stable markers for browser tests
        for name in ("day", "hour", "general"):
            getattr(self, name).add_class(f"liuren-{name}")
        for name in (
            "day",
            "hour",
            "general",
            "noble",
            "school",
            "month",
            "year",
            "benming",
            "xingnian",
            "compare",
            "against",
        ):
            control = getattr(self, name)  # compact: four controls to a row, so the explorer fits 1280×800
            control.layout.width = "210px"
            control.style.description_width = "64px"
        self.turn.layout.width = "300px"
        # its label beside its three buttons (ToggleButtons is a block: the label would sit above them)
        self.labels.layout.display, self.labels.layout.align_items, self.labels.layout.flex = (
            "flex",
            "center",
            "0 0 auto",
        )
        self.labels.style.description_width = "64px"
        self._update()

    # ------------------------------------------------------------ driving it
    def set(self, **values: object) -> None:
        """Set several controls at once and rebuild the chart once: ``ex.set(day="甲戌", hour="未")``.

        Keys are the control names (day, hour, general, noble, school, month, year, benming, xingnian,
        show_explain, labels, compare, against, turn). Each value is read as the constructor reads it
        (``hour="午時"``, ``general="登明"``, ``noble="晝"``, ``school="探原"``, ``month="寅月"``, simplified
        characters …); None (or "none", "auto" for the noble) leaves an optional control empty; ``turn``
        is an hour index 0–11. Every value is read before any control changes, so a bad one is a
        :class:`ParseError` (or :class:`~liuren.errors.SchoolError`) and changes nothing.
        """
        unknown = set(values) - set(self.CONTROLS)
        if unknown:
            raise TypeError(f"Explorer.set() got unknown control(s) {sorted(map(quote, unknown))}")
        chosen = {name: self._option(name, value) for name, value in values.items()}
        try:
            with self._hold():
                for name, value in chosen.items():
                    getattr(self, name).value = value
                if "turn" in values and "hour" not in values:
                    self.hour.value = str(BRANCHES[self.turn.value])
        finally:
            if "labels" in values:
                self._relabel()
            self._update()

    def _option(self, name: str, value: object) -> object:
        """The value of control ``name`` that ``value`` means, read by the constructor's parsers."""
        optional = name in ("noble", "month", "year", "benming", "xingnian")
        wanted: type = bool if name == "show_explain" else int if name == "turn" else str
        if not (isinstance(value, wanted) or (optional and value is None)) or (
            wanted is int and isinstance(value, bool)
        ):
            raise ParseError(
                f"Explorer.set({name}={quote(value)}): {name} takes a {wanted.__name__}"
                f'{" or None" if optional else ""}, got {type(value).__name__}; e.g. ex.set(day="甲戌", hour="未")'
            )
        if name in ("show_explain", "labels"):
            return value if name == "show_explain" else check_lang(value)
        if name == "turn":
            if not 0 <= value < 12:  # type: ignore[operator]
                raise ParseError(f"Explorer.set(turn={quote(value)}) is not an hour index; accepted: 0 (子) to 11 (亥)")
            return value
        if name == "compare":
            if value not in ("none", "school", "noble"):
                raise ParseError(
                    f"Explorer.set(compare={quote(value)}) is not a compare mode; accepted: 'none', 'school', 'noble'"
                )
            return value
        if name in ("school", "against"):
            if name == "school" and value == CUSTOM and self._custom_school is not None:
                return CUSTOM
            return School.preset(value).name
        empty = ("none", "auto") if name == "noble" else ("none",)
        if optional and (
            value is None or (isinstance(value, str) and len(value) <= 8 and value.strip().lower() in empty)
        ):
            return empty[-1]
        if name == "noble":
            return "day" if parse_noble(value, "or 'auto': decided by the hour") else "night"
        if name in ("benming", "xingnian"):  # a branch or a pillar, as the constructor's nianming takes them
            pair = (value, "子") if name == "benming" else ("子", value)
            return str(nianming_branches(pair)[name == "xingnian"])
        parse = {
            "day": parse_pillar,
            "hour": parse_hour,
            "general": parse_month_general,
            "month": parse_month,
            "year": parse_year,
        }[name]
        return str(parse(value))

    @contextmanager
    def _hold(self) -> Iterator[None]:
        held = self._holding
        self._holding = True
        try:
            yield
        finally:
            self._holding = held

    def _on_change(self, change: dict[str, Any]) -> None:
        if self._holding:
            return
        owner = change["owner"]
        if owner is self.turn:  # the hour slider (and Play) turns the heaven plate: it sets the hour
            with self._hold():
                self.hour.value = str(BRANCHES[self.turn.value])
        elif owner is self.hour:
            with self._hold():
                self.turn.value = BRANCHES.index(self.hour.value)
        elif owner is self.labels:
            self._relabel()
        self._update()

    def _relabel(self) -> None:
        words = WIDGETS[self.labels.value]
        for name in (
            "day",
            "hour",
            "general",
            "noble",
            "school",
            "month",
            "year",
            "benming",
            "xingnian",
            "compare",
            "against",
            "turn",
            "labels",
        ):
            getattr(self, name).description = words[name]
        self.show_explain.description = words["explain"]
        self.play.description = words["turn"]
        with self._hold():
            value = self.compare.value
            self.compare.options = COMPARE_OPTIONS[self.labels.value]
            self.compare.value = value

    def _school(self) -> School:
        if self.school.value == CUSTOM and self._custom_school is not None:
            return self._custom_school
        return resolve_school(self.school.value)

    def _update(self) -> None:
        noble = None if self.noble.value == "auto" else self.noble.value
        month = None if self.month.value == "none" else self.month.value
        year = None if self.year.value == "none" else self.year.value
        fate = (self.benming.value, self.xingnian.value)
        nianming = None if "none" in fate else fate  # both are needed; one alone is left out
        if self.turn.value != BRANCHES.index(self.hour.value):
            with self._hold():
                self.turn.value = BRANCHES.index(self.hour.value)
        try:
            self.chart = Chart(
                self.day.value,
                self.hour.value,
                self.general.value,
                noble=noble,
                school=self._school(),
                month=month,
                year=year,
                nianming=nianming,
            )
            self.error = None
            self.other = self._compared(self.chart)
        except LiurenError as exc:
            self.chart = self.other = None
            self.error = str(exc)
        self.against.layout.display = "" if self.compare.value == "school" else "none"
        self._render()

    def _compared(self, chart: Chart) -> Chart | None:
        if self.compare.value == "school":
            return Chart(
                chart.day,
                chart.hour,
                chart.general,
                noble=None if self.noble.value == "auto" else chart.noble,
                school=self.against.value,
                month=chart.month,
                year=chart.year,
                nianming=chart._nm(),
            )
        if self.compare.value == "noble":
            return Chart(
                chart.day,
                chart.hour,
                chart.general,
                noble="night" if chart.noble == "day" else "day",
                school=chart.school,
                month=chart.month,
                year=chart.year,
                nianming=chart._nm(),
            )
        return None

    # ------------------------------------------------------------ showing it
    @property
    def differences(self) -> tuple[str, ...]:
        """The cells where the compared charts differ (empty when not comparing)."""
        if self.chart is None or self.other is None:
            return ()
        return differences(self.chart, self.other)

    def _render(self) -> None:
        lang = self.labels.value
        if self.chart is None:
            self.board.value = _error_html(self.error or "")
            self.plate.value = ""
            self.notes.value = ""
            return
        if self.other is not None:
            cells = self.differences
            self.board.value = chart_html(self.chart, labels=lang, cells=cells)
            self.plate.value = chart_html(self.other, labels=lang, cells=cells)
        else:
            self.board.value = chart_html(self.chart, labels=lang)
            self.plate.value = plate_svg(self.chart, size=PLATE_SIZE) if self.drawing else ""
        if self.show_explain.value:
            self.notes.value = (
                '<pre style="white-space:pre-wrap;font-size:13px;max-width:1200px">'
                + escape(explain(self.chart, lang, hint="explorer"))
                + "</pre>"
            )
        else:
            self.notes.value = ""

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        lang = self.labels.value
        if self.chart is None:
            text, html = self.error or "", _error_html(self.error or "")
        else:
            text, html = chart_text(self.chart), chart_html(self.chart, labels=lang)
        return _bundle(
            self.widget, f"{text}\n{WIDGETS[lang]['run-line']}", _fallback_html(html, lang), include, exclude
        )

    def __repr__(self) -> str:
        if self.chart is None:
            return f"Explorer(error={self.error!r})"
        return f"Explorer({self.chart!r})"


explorer = Explorer
"""``explorer(day, hour, general, *, noble, school, month, year, nianming, drawing=True, explain=False, labels="zh",
compare="none")``: an :class:`Explorer` starting at those values (same arguments as :func:`liuren.chart`;
bad starting values raise the chart's own error; ``drawing=False`` leaves out the round plate,
``explain=True`` shows :meth:`Chart.explain`)."""


# ---------------------------------------------------------------- the stepper
class Stepper:
    """The chart step by step (:meth:`liuren.Chart.steps`): Prev / Next / Play and a step slider,
    the 課盤 as built so far with the step's cells outlined, the round plate, and the step's words;
    a language choice (中/한/EN). A teacher can project it and walk a class through any chart.

    >>> s = Stepper(Chart("丙申", "午", "亥"), lang="en")
    >>> s.step.key, s.next().key, s.set(step="method").text.split(":")[0]
    ('plate', 'lesson-1', 'Method 賊克, lesson type 元首')
    """

    def __init__(self, chart: Chart, lang: str = "ko", *, drawing: bool = True, interval: int = 2500) -> None:
        from .html import check_chart

        check_chart(chart)
        lang = check_lang(lang)
        if isinstance(interval, bool) or not isinstance(interval, int) or interval <= 0:
            raise ParseError(f"interval={quote(interval)} must be a whole number of milliseconds above 0")
        if not isinstance(drawing, bool):
            raise ParseError(f"drawing={quote(drawing)} must be True or False")
        self.chart = chart
        self.steps: tuple[Step, ...] = chart.steps(lang)
        words = WIDGETS[lang]
        n = len(self.steps)
        self.prev_button = widgets.Button(description=words["prev"], icon="step-backward")
        self.next_button = widgets.Button(description=words["next"], icon="step-forward")
        self.play = widgets.Play(value=0, min=0, max=n - 1, interval=interval, description=words["step"])
        self.slider = widgets.IntSlider(value=0, min=0, max=n - 1, description=words["step"])
        widgets.link((self.play, "value"), (self.slider, "value"))
        self.lang = widgets.ToggleButtons(options=LANG_OPTIONS, value=lang, style={"button_width": "44px"})
        self.board = widgets.HTML()
        self.plate = widgets.HTML()
        self.drawing = bool(drawing)
        self.prev_button.on_click(lambda _: self.prev())
        self.next_button.on_click(lambda _: self.next())
        self.slider.observe(lambda _: self._render(), names="value")
        self.lang.observe(self._on_lang, names="value")
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.prev_button, self.next_button, self.play, self.slider, self.lang]),
                widgets.HBox(
                    [self.board, self.plate], layout=widgets.Layout(align_items="flex-start", flex_flow="row wrap")
                ),
            ],
            layout=widgets.Layout(max_width="1260px"),
        )
        self.widget.add_class("liuren-stepper")
        self._render()

    @property
    def step(self) -> Step:
        """The step shown now."""
        return self.steps[int(self.slider.value)]

    def next(self) -> Step:
        """Show the next step (the last one stays) and return it."""
        self.slider.value = min(self.slider.value + 1, len(self.steps) - 1)
        return self.step

    def prev(self) -> Step:
        """Show the previous step (the first one stays) and return it."""
        self.slider.value = max(self.slider.value - 1, 0)
        return self.step

    def set(self, *, step: int | str | None = None, lang: str | None = None) -> Step:
        """Go to ``step`` (its position or its key, e.g. "gate-zeike") and/or switch ``lang``."""
        if lang is not None:
            self.lang.value = check_lang(lang)
        if step is not None:
            keys = [s.key for s in self.steps]
            if isinstance(step, str) and step in keys:
                self.slider.value = keys.index(step)
            elif isinstance(step, int) and not isinstance(step, bool) and 0 <= step < len(keys):
                self.slider.value = step
            else:
                raise ParseError(
                    f"step={quote(step)} is not a step of this chart; accepted: 0–{len(keys) - 1} or one of {' '.join(keys)}"
                )
        return self.step

    def _on_lang(self, change: dict[str, Any]) -> None:
        lang = self.lang.value
        self.steps = self.chart.steps(lang)
        words = WIDGETS[lang]
        self.prev_button.description, self.next_button.description = words["prev"], words["next"]
        self.slider.description = self.play.description = words["step"]
        self._render()

    def _render(self) -> None:
        step = self.step
        self.board.value = step.html()
        self.plate.value = plate_svg(self.chart, size=340, parts=step.parts, cells=step.cells) if self.drawing else ""

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        step, lang = self.step, self.lang.value
        text = f"{chart_text(self.chart)}\n\n{step.position + 1}. {step}\n{WIDGETS[lang]['run-line']}"
        return _bundle(self.widget, text, _fallback_html(step.html(), lang), include, exclude)

    def __repr__(self) -> str:
        return f"Stepper({self.chart!r}, step={self.step.key!r})"


# ---------------------------------------------------------------- the exercise
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


class Exercise:
    """Deal a chart and ask for its plate offset, its four lessons, its 三傳 and its method, checked
    with :func:`liuren.check`. The charts are drawn lesson type first, so the rare types (別責 is 9 of
    the 720 課) come up as often as the common ones; ``seed`` makes a set reproducible for a class.
    ``mode="one"`` asks one part at a time (offset, then lessons, 三傳, method), moving on when it is right.

    >>> ex = Exercise(seed=1, lang="en")
    >>> c = ex.chart
    >>> ex.answer(offset=c.offset, transmissions="".join(t.branch for t in c.transmissions)).ok
    True
    """

    def __init__(
        self, seed: int | None = None, lang: str = "ko", mode: str = "all", school: School | str | None = None
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
        self._pool = deal_pool(self.school)
        words = WIDGETS[lang]
        self.fields = {q: widgets.Text(description=words[q], placeholder=_PLACEHOLDERS[q]) for q in QUESTIONS}
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
        return _bundle(self.widget, text, _fallback_html(_question_html(c, lang), lang), include, exclude)

    def __repr__(self) -> str:
        return f"Exercise({self.chart!r}, mode={self.mode!r}, stage={self.stage})"


_PLACEHOLDERS = {"offset": "5", "lessons": "戌卯丑午", "transmissions": "卯申丑", "method": "元首 / 賊克"}


def _question_html(chart: Chart, lang: str) -> str:
    """What an exercise asks about: the chart's inputs (its caption without the answers), on the paper."""
    return paper_box(caption_html(chart, lang, parts=()), "font-family:sans-serif")


def _done_html(chart: Chart, lang: str) -> str:
    from .check import RIGHT

    done = {"zh": "全對：", "ko": "모두 맞았다: ", "en": "All right: "}[lang]
    text = escape(render(done + f"⟨{chart.method}⟩ · ⟨{chart.lesson_type}⟩", lang))
    return paper_box(text, f"border-left:4px solid {RIGHT};font-family:sans-serif;margin:0 0 6px") + chart_html(
        chart, labels=lang
    )


__all__ = ["Exercise", "Explorer", "Stepper", "deal_pool", "differences", "explorer"]
