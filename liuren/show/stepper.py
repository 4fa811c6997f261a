"""The stepper: a chart step by step (:meth:`liuren.Chart.steps`) as an ipywidget (imported lazily)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..chart import Chart
from ..errors import ParseError, quote
from .i18n import check_lang
from .svg import plate_svg
from .text import chart_text
from .widget_parts import LANG_OPTIONS, bundle, fallback_html
from .words.widgets import WIDGETS

if TYPE_CHECKING:
    from .steps import Step


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
        return bundle(self.widget, text, fallback_html(step.html(), lang), include, exclude)

    def __repr__(self) -> str:
        return f"Stepper({self.chart!r}, step={self.step.key!r})"
