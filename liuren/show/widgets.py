"""An ipywidgets explorer for a chart: pick the day, hour and month general and watch it change.

Assembly only: every value shown comes from :func:`liuren.chart`, the chart's own HTML repr and,
when ``liuren.show.drawing`` is present, its plate drawing. This module is imported lazily (``import
liuren`` never imports ipywidgets or matplotlib).

The current chart is kept on :attr:`Explorer.chart`, so the explorer can be driven and tested
without a browser: setting a control's ``value`` runs the observer synchronously.

>>> ex = explorer("丙申", "午", "亥")
>>> "".join(t.branch for t in ex.chart.transmissions)
'卯申丑'
>>> ex.set(day="甲戌", hour="未")
>>> "".join(t.branch for t in ex.chart.transmissions), ex.chart.lesson_type
('寅午戌', '元首')
"""

from __future__ import annotations

import importlib
import importlib.util
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
from IPython.display import HTML, Image

from ..chart import Chart
from ..cycle import BRANCHES, PILLARS, SPIRIT_NAMES
from ..errors import LiurenError, ParseError, quote
from ..school import PRESET_NAMES, PRESETS, School, resolve_school

if TYPE_CHECKING:
    from collections.abc import Iterator

NOBLE_OPTIONS = (("自動 (時)", "auto"), ("晝貴", "day"), ("夜貴", "night"))
"""Day/night noble choices; "auto" lets the school's rule decide from the hour."""
SCHOOL_OPTIONS = tuple((f"{zh} ({name})", name) for name, zh in PRESET_NAMES.items())
"""The school presets, labelled by their Hanzi and ASCII names."""
MONTH_OPTIONS = (("—", "none"), *((f"{b}月", str(b)) for b in BRANCHES))
"""The month branch (月建) is optional; the seasonal patterns need it."""
YEAR_OPTIONS = (("—", "none"), *((f"{b}年", str(b)) for b in BRANCHES))
"""The year branch (太歲) is optional; the patterns that look at the year need it."""
CUSTOM = "custom"


class Explorer:
    """Dropdowns for the day, hour, month general, day/night noble, school, month and year, and an
    Output showing the chart; :attr:`chart` is the chart for the current values.

    When a combination cannot be charted (e.g. a school that decides day and night by sunrise,
    with the noble left on "auto"), :attr:`chart` is None, :attr:`error` holds the message and the
    Output shows it; fixing any control brings the chart back.
    """

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
        drawing: bool = True,
        explain: bool = False,
    ) -> None:
        first = Chart(day, hour, general, noble=noble, school=school, month=month, year=year)
        self._custom_school = None if PRESETS.get(first.school.name) == first.school else first.school
        school_options = list(SCHOOL_OPTIONS)
        if self._custom_school is not None:
            school_options.append((f"{CUSTOM} ({first.school.name})", CUSTOM))
        school_value = CUSTOM if self._custom_school is not None else first.school.name

        self.day = widgets.Dropdown(options=[str(p) for p in PILLARS], value=str(first.day), description="日")
        self.hour = widgets.Dropdown(
            options=[(f"{b}時", str(b)) for b in BRANCHES], value=str(first.hour), description="占時"
        )
        self.general = widgets.Dropdown(
            options=[(f"{b} {SPIRIT_NAMES[b.ordinal]}", str(b)) for b in BRANCHES],
            value=str(first.general),
            description="月將",
        )
        self.noble = widgets.Dropdown(
            options=NOBLE_OPTIONS, value="auto" if noble is None else first.noble, description="貴人"
        )
        self.school = widgets.Dropdown(options=school_options, value=school_value, description="school")
        self.month = widgets.Dropdown(
            options=MONTH_OPTIONS, value="none" if first.month is None else str(first.month), description="月建"
        )
        self.year = widgets.Dropdown(
            options=YEAR_OPTIONS, value="none" if first.year is None else str(first.year), description="太歲"
        )
        self.show_explain = widgets.Checkbox(value=explain, description="explain", indent=False)
        self.output = widgets.Output()
        self.drawing = drawing and _drawing_available()
        self.chart: Chart | None = first
        self.error: str | None = None
        self._holding = False

        controls = (
            self.day,
            self.hour,
            self.general,
            self.noble,
            self.school,
            self.month,
            self.year,
            self.show_explain,
        )
        for control in controls:
            control.observe(self._on_change, names="value")
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.day, self.hour, self.general]),
                widgets.HBox([self.noble, self.school, self.month]),
                widgets.HBox([self.year, self.show_explain]),
                self.output,
            ]
        )
        self._render()

    # ------------------------------------------------------------ driving it
    def set(self, **values: object) -> None:
        """Set several controls at once and rebuild the chart once: ``ex.set(day="甲戌", hour="未")``.

        Keys are the control names (day, hour, general, noble, school, month, year, show_explain);
        values are what the dropdowns hold (a pillar, a branch, "auto"/"day"/"night", a preset name,
        a month or year branch or "none"). A value of the wrong type (not a ``str`` for a dropdown, not a
        ``bool`` for show_explain) is a :class:`ParseError` and changes nothing; a text a dropdown does
        not offer raises traitlets' TraitError, and the chart then matches the controls set before it.
        """
        unknown = set(values) - {"day", "hour", "general", "noble", "school", "month", "year", "show_explain"}
        if unknown:
            raise TypeError(f"Explorer.set() got unknown control(s) {sorted(unknown)}")
        for name, value in values.items():
            wanted = bool if name == "show_explain" else str
            if not isinstance(value, wanted):
                raise ParseError(f"Explorer.set({name}={quote(value)}): {name} takes a {wanted.__name__}, "
                                 f"got {type(value).__name__}; e.g. ex.set(day=\"甲戌\", hour=\"未\")")
        try:
            with self._hold():
                for name, value in values.items():
                    getattr(self, name).value = value
        finally:
            self._update()

    @contextmanager
    def _hold(self) -> Iterator[None]:
        self._holding = True
        try:
            yield
        finally:
            self._holding = False

    def _on_change(self, change: dict[str, Any]) -> None:
        if not self._holding:
            self._update()

    def _school(self) -> School:
        if self.school.value == CUSTOM and self._custom_school is not None:
            return self._custom_school
        return resolve_school(self.school.value)

    def _update(self) -> None:
        noble = None if self.noble.value == "auto" else self.noble.value
        month = None if self.month.value == "none" else self.month.value
        year = None if self.year.value == "none" else self.year.value
        try:
            self.chart = Chart(
                self.day.value,
                self.hour.value,
                self.general.value,
                noble=noble,
                school=self._school(),
                month=month,
                year=year,
            )
            self.error = None
        except LiurenError as exc:
            self.chart = None
            self.error = str(exc)
        self._render()

    # ------------------------------------------------------------ showing it
    def _render(self) -> None:
        self.output.outputs = ()
        if self.chart is None:
            self.output.append_display_data(HTML(f'<p style="color:#a00">{_escape(self.error or "")}</p>'))
            return
        self.output.append_display_data(self.chart)
        if self.show_explain.value:
            from .steps import explain

            self.output.append_display_data(HTML("<pre>" + _escape(explain(self.chart, "en", hint="explorer")) + "</pre>"))
        if self.drawing:
            drawing = importlib.import_module("liuren.show.drawing")  # matplotlib loads with the first drawing
            self.output.append_display_data(Image(data=drawing.plate_png(self.chart, dpi=64)))

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        return self.widget._repr_mimebundle_(include=include, exclude=exclude)

    def __repr__(self) -> str:
        if self.chart is None:
            return f"Explorer(error={self.error!r})"
        return f"Explorer({self.chart!r})"


explorer = Explorer
"""``explorer(day, hour, general, *, noble, school, month, year, drawing=True, explain=False)``: an
:class:`Explorer` starting at those values (same arguments as :func:`liuren.chart`; bad starting values
raise the chart's own error; ``drawing=False`` leaves out the plate drawing, ``explain=True`` shows
:meth:`Chart.explain`)."""


def _drawing_available() -> bool:
    return importlib.util.find_spec("matplotlib") is not None and importlib.util.find_spec("liuren.show.drawing") is not None


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = ["Explorer", "explorer"]
