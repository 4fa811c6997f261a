"""The stepper: a chart step by step (:meth:`liuren.Chart.steps`) as an ipywidget (imported lazily),
ending on the chart's reading (:meth:`liuren.Chart.reading`, the chapters' 占斷)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..chart import Chart
from ..errors import ParseError, quote
from .html import COLORS, paper_box
from .i18n import check_lang
from .reading import reading_html
from .svg import plate_svg
from .text import chart_text
from .widget_parts import bundle, fallback_html, lang_options
from .words.widgets import WIDGETS

if TYPE_CHECKING:
    from ..reading import Reading
    from .steps import Step

READING = "reading"
"""The key of the stepper's last position: the chart's reading, after its construction's last step
("patterns"). It is the stepper's own, not a key of :meth:`liuren.Chart.steps`."""
READING_NAMES = (READING, "占斷", "占断")
"""What ``Stepper.set(step=…)`` takes for the last position."""
READING_BOX = "max-height:460px;overflow-y:auto;max-width:760px"
"""The reading's box beside the plate: bounded, scrolling on its own, so the stepper fits 1280×720."""


class Stepper:
    """The chart step by step (:meth:`liuren.Chart.steps`): Prev / Next / Play and a step slider
    counting from 1, the 課盤 as built so far with the step's cells outlined, the round plate, and the
    step's words; after the last step (the patterns) a final one, 占斷, shows the chart's reading
    (:meth:`liuren.Chart.reading`) beside the whole plate. A language choice (中/한/EN). A teacher can
    project it and walk a class through any chart.

    :attr:`key` is the key shown (a step's, or "reading" at the end); :attr:`step` is the step shown
    (at the end, the last one: the chart is built); :attr:`number` counts from 1.

    >>> s = Stepper(Chart("丙申", "午", "亥"), lang="en")
    >>> s.step.key, s.next().key, s.set(step="method").text.split(":")[0]
    ('plate', 'lesson-1', 'Method 賊克, lesson type 元首')
    >>> _ = s.set(step="reading")
    >>> s.key, s.step.key, s.number == len(s.steps) + 1
    ('reading', 'patterns', True)
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
        self._readings: dict[str, Reading] = {}
        words = WIDGETS[lang]
        last = len(self.steps) + 1  # every step, then the reading; numbered from 1 as the slider shows them
        self.prev_button = widgets.Button(description=words["prev"], icon="step-backward")
        self.next_button = widgets.Button(description=words["next"], icon="step-forward")
        self.play = widgets.Play(value=1, min=1, max=last, interval=interval, description=words["step"])
        self.slider = widgets.IntSlider(value=1, min=1, max=last, description=words["step"])
        widgets.link((self.play, "value"), (self.slider, "value"))
        self.lang = widgets.ToggleButtons(options=lang_options(), value=lang, style={"button_width": "44px"})
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
    def number(self) -> int:
        """The number of the step shown, counting from 1 (the last is the reading)."""
        return int(self.slider.value)

    @property
    def key(self) -> str:
        """The key of what is shown: a step's key, or "reading" after the last step."""
        return READING if self.number > len(self.steps) else self.step.key

    @property
    def step(self) -> Step:
        """The step shown now (at the reading, the last step: the chart as built in full)."""
        return self.steps[min(self.number, len(self.steps)) - 1]

    @property
    def reading(self) -> Reading:
        """The chart's reading in the stepper's language (what its last position shows)."""
        lang = self.lang.value
        if lang not in self._readings:
            self._readings[lang] = self.chart.reading(lang=lang)
        return self._readings[lang]

    def next(self) -> Step:
        """Show the next step (the last one, the reading, stays) and return it."""
        self.slider.value = min(self.slider.value + 1, self.slider.max)
        return self.step

    def prev(self) -> Step:
        """Show the previous step (the first one stays) and return it."""
        self.slider.value = max(self.slider.value - 1, 1)
        return self.step

    def set(self, *, step: int | str | None = None, lang: str | None = None) -> Step:
        """Go to ``step`` (its number, counting from 1 as the slider shows it, or its key, e.g.
        "gate-zeike", or "reading" / "占斷" for the last) and/or switch ``lang``."""
        if lang is not None:
            self.lang.value = check_lang(lang)
        if step is not None:
            keys = [s.key for s in self.steps]
            if isinstance(step, str) and step in keys:
                self.slider.value = keys.index(step) + 1
            elif isinstance(step, str) and step in READING_NAMES:
                self.slider.value = self.slider.max
            elif isinstance(step, int) and not isinstance(step, bool) and 1 <= step <= self.slider.max:
                self.slider.value = step
            else:
                raise ParseError(
                    f"step={quote(step)} is not a step of this chart; accepted: 1–{self.slider.max} or one of "
                    f"{' '.join(keys)} {READING}"
                )
        return self.step

    def _on_lang(self, change: dict[str, Any]) -> None:
        lang = self.lang.value
        self.steps = self.chart.steps(lang)
        words = WIDGETS[lang]
        self.prev_button.description, self.next_button.description = words["prev"], words["next"]
        self.slider.description = self.play.description = words["step"]
        self._render()

    def _html(self) -> str:
        """What the board shows: the step's 課盤 and words, or at the end the numbered reading."""
        if self.key != READING:
            return self.step.html()
        return reading_step_html(self.reading, self.number)

    def _render(self) -> None:
        self.board.value = self._html()
        if not self.drawing:
            self.plate.value = ""
        elif self.key == READING:  # the whole chart: every part of the plate, nothing singled out
            self.plate.value = plate_svg(self.chart, size=340)
        else:
            step = self.step
            self.plate.value = plate_svg(self.chart, size=340, parts=step.parts, cells=step.cells)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        lang = self.lang.value
        if self.key == READING:
            shown = f"{self.number}. {WIDGETS[lang]['reading-step']}\n{self.reading}"
        else:
            shown = f"{self.number}. {self.step}"
        text = f"{chart_text(self.chart)}\n\n{shown}\n{WIDGETS[lang]['run-line']}"
        return bundle(self.widget, text, fallback_html(self._html(), lang), include, exclude)

    def __repr__(self) -> str:
        return f"Stepper({self.chart!r}, step={self.key!r})"


def reading_step_html(reading: Reading, number: int) -> str:
    """The stepper's last step: its number and title on the paper, then the reading
    (:func:`liuren.show.reading.reading_html`) in a box of bounded height that scrolls on its own."""
    title = WIDGETS[reading.lang]["reading-step"]
    head = paper_box(
        f'<div style="font-size:12px;color:{COLORS["muted"]}">{number}. {escape(title)}</div>',
        "margin:0 0 4px;padding:2px 10px;font-family:sans-serif",
    )
    return (
        f'<div class="liuren-step" data-key="{READING}">{head}'
        f'<div class="liuren-reading-box" style="{READING_BOX}">{reading_html(reading)}</div></div>'
    )
