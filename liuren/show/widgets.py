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
from ..printed import PrintedChart, parse_printed
from ..reading import MATTERS, QUERENTS, parse_matter, parse_querent
from ..school import CUSTOM, PRESET_NAMES, PRESETS, School, parse_noble, resolve_school
from .exercise import QUESTIONS, Exercise, deal_pool
from .html import chart_html
from .i18n import check_lang
from .reading import matter_name, querent_name
from .stepper import Stepper
from .steps import explain
from .svg import plate_svg
from .text import chart_text
from .widget_parts import WIDGET_MIME, bundle, error_html, fallback_html, lang_options
from .words.widgets import WIDGETS

if TYPE_CHECKING:
    from collections.abc import Iterator

    from ..identification import Identification
    from ..reading import Reading


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
COMPARE_MODES = ("none", "school", "noble")
"""Compare mode: none, the chart under a second school, or the chart with the other noble."""
LABELS_DEFAULT = "zh"
"""The explorer's ``labels`` when not given: ``lang`` may then choose the language alone."""


def compare_options(lang: str) -> tuple[tuple[str, str], ...]:
    """The compare modes labelled in ``lang`` ("—" for none)."""
    return (("—", "none"), *((WIDGETS[lang][f"compare.{mode}"], mode) for mode in COMPARE_MODES[1:]))


PRINTED_HEIGHT = "300px"
"""The printed-chart box's result at most (it scrolls within); the box sits last, under the reading."""
READING_HEIGHT = "340px"
"""The reading's height at most (it scrolls within). The panel sits under the 課盤 and the plate, so
opening it moves neither: at 1280×720 the controls and the plate stay in view."""
CONTROLS = ("day", "hour", "general", "noble", "school", "month", "year", "benming", "xingnian", "compare", "against")
"""The explorer's input controls, in the order they are laid out (four to a row) and labelled."""
LABEL_WIDTH = {"benming": "88px", "xingnian": "88px"}
"""A control's label width where its English label is longer ("year of age", 74px in DejaVu Sans 13px);
every other control's is 64px. The control stays 210px wide: its dropdown of branches needs little."""

PLATE_SIZE = 360
"""Pixels of the explorer's round plate (beside the 課盤, the whole explorer fits 1280×800)."""


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


def matter_options(lang: str) -> tuple[tuple[str, str], ...]:
    """The reading panel's matters: "—" (every matter), then each of :data:`liuren.reading.MATTERS` labelled
    in ``lang`` ("病 · 질병")."""
    return (("—", "none"), *((matter_name(m, lang), m) for m in MATTERS))


def querent_options(lang: str) -> tuple[tuple[str, str], ...]:
    """Who asks: "—" (not said), then each of :data:`liuren.reading.QUERENTS` labelled in ``lang``."""
    return (("—", "none"), *((querent_name(q, lang), q) for q in QUERENTS))


def _options(labels: str, lang: str | None, compare: str, drawing: object, explain: object) -> str:
    """The explorer's language (``lang`` and ``labels`` are one choice); a ParseError for a bad option."""
    if lang not in (None, labels) and labels != LABELS_DEFAULT:
        raise ParseError(
            f"lang={quote(lang)} and labels={quote(labels)} disagree; give one of them (they are the same choice)"
        )
    lang = check_lang(labels if lang is None else lang)
    if compare not in ("none", "school", "noble"):
        raise ParseError(f"compare={quote(compare)} is not a compare mode; accepted: 'none', 'school', 'noble'")
    for name, flag in (("drawing", drawing), ("explain", explain)):
        if not isinstance(flag, bool):
            raise ParseError(f"{name}={quote(flag)} is not understood; accepted: True or False")
    return lang


# ---------------------------------------------------------------- the explorer
class Explorer:
    """Dropdowns for the day, hour, month general, day/night noble, school, month and year; an hour
    slider with Play that turns the heaven plate; a compare mode (two schools, or 晝 and 夜, the
    differing cells outlined); a label-language choice (中/한/EN); the 課盤 and the round plate side
    by side. :attr:`chart` is the chart for the current values (:attr:`other` the compared one).

    The 占斷 checkbox opens the reading panel under the 課盤 (and under the explanation): a matter and
    a querent to ask about and :meth:`liuren.Chart.reading` of the current chart in the label language,
    redrawn with every control, in a box of bounded height that scrolls on its own
    (:attr:`reading` is the reading shown, None while the panel is closed).

    The 印本 checkbox opens a box for a printed 課盤 (the chapters' one line, or what ``str(chart)``
    prints): its button (or :meth:`set` with ``printed=``) reads it with :func:`liuren.parse_printed`,
    sets the day, hour, general, noble and school the print gives (an hour it does not fix is chosen and
    said) and shows :func:`liuren.identify`'s account under the box (:attr:`identification`; a paste
    that cannot be read shows its error there and changes no control, :attr:`printed_error`).

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
        "show_reading",
        "matter",
        "querent",
        "show_printed",
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
        labels: str = LABELS_DEFAULT,
        compare: str = "none",
        lang: str | None = None,
    ) -> None:
        first = Chart(day, hour, general, noble=noble, school=school, month=month, year=year, nianming=nianming)
        lang = _options(labels, lang, compare, drawing, explain)
        self._controls(first, lang, auto_noble=noble is None, explain=explain, compare=compare)
        self.board = widgets.HTML()
        self.plate = widgets.HTML()
        self.notes = widgets.HTML()
        self.reading_view = widgets.HTML(layout=widgets.Layout(max_height=READING_HEIGHT, overflow="auto"))
        self.drawing = bool(drawing)
        self.chart: Chart | None = first
        self.reading: Reading | None = None
        self.identification: Identification | None = None
        self.printed_error: str | None = None
        self._printed_notes: tuple[tuple[str, dict[str, object]], ...] = ()
        self.other: Chart | None = None
        self.error: str | None = None
        self._holding = False
        for name in self.CONTROLS:
            getattr(self, name).observe(self._on_change, names="value")
        self.identify_button.on_click(lambda _: self._read_printed(self.printed_text.value))
        self.widget = self._layout()
        self._update()

    def _controls(self, first: Chart, lang: str, *, auto_noble: bool, explain: bool, compare: str) -> None:
        """The dropdowns, the 轉時 slider with Play and the label choice, set to ``first``."""
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
            options=NOBLE_OPTIONS, value="auto" if auto_noble else first.noble, description=words["noble"]
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
            options=lang_options(), value=lang, description=words["labels"], style={"button_width": "44px"}
        )
        self.compare = widgets.Dropdown(options=compare_options(lang), value=compare, description=words["compare"])
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
        self.show_reading = widgets.Checkbox(value=False, description=words["reading"], indent=False)
        self.matter = widgets.Dropdown(options=matter_options(lang), value="none", description=words["matter"])
        self.querent = widgets.Dropdown(options=querent_options(lang), value="none", description=words["querent"])
        self.show_printed = widgets.Checkbox(value=False, description=words["printed"], indent=False)
        self.printed_text = widgets.Textarea(
            placeholder=words["printed-placeholder"], rows=3, layout=widgets.Layout(width="640px")
        )
        self.identify_button = widgets.Button(description=words["identify"])
        self.printed_view = widgets.HTML(layout=widgets.Layout(max_height=PRINTED_HEIGHT, overflow="auto"))

    def _layout(self) -> widgets.VBox:
        """The controls four to a row, then the 課盤 beside the round plate, then the notes and the
        reading panel (its matter and querent above the reading; shown while 占斷 is ticked)."""
        self.reading_panel = widgets.VBox(
            [widgets.HBox([self.matter, self.querent]), self.reading_view],
            layout=widgets.Layout(display="none"),
        )
        self.reading_panel.add_class("liuren-reading-panel")
        self.reading_view.add_class("liuren-reading-view")
        self.printed_panel = widgets.VBox(
            [widgets.HBox([self.printed_text, self.identify_button]), self.printed_view],
            layout=widgets.Layout(display="none"),
        )
        self.printed_panel.add_class("liuren-printed-panel")
        widget = widgets.VBox(
            [
                widgets.HBox([self.day, self.hour, self.general, self.noble]),
                widgets.HBox([self.school, self.month, self.year, self.show_explain, self.show_reading]),
                widgets.HBox([self.benming, self.xingnian, self.compare, self.against]),
                widgets.HBox([self.play, self.turn, self.labels, self.show_printed]),
                widgets.HBox(
                    [self.board, self.plate], layout=widgets.Layout(align_items="flex-start", flex_flow="row wrap")
                ),
                self.notes,
                self.reading_panel,
                self.printed_panel,
            ],
            layout=widgets.Layout(max_width="1260px"),
        )
        widget.add_class("liuren-explorer")  # stable markers for browser tests
        for name in ("day", "hour", "general"):
            getattr(self, name).add_class(f"liuren-{name}")
        for name in CONTROLS:
            control = getattr(self, name)  # compact: four controls to a row, so the explorer fits 1280×800
            control.layout.width = "210px"
            control.style.description_width = LABEL_WIDTH.get(name, "64px")
        for control in (self.matter, self.querent):  # their labels are longer ("失 · 잃은 물건·도적")
            control.layout.width = "300px"
            control.style.description_width = "64px"
        self.show_explain.layout.width = self.show_reading.layout.width = self.show_printed.layout.width = "auto"
        self.turn.layout.width = "300px"
        # its label beside its three buttons (ToggleButtons is a block: the label would sit above them)
        self.labels.layout.display, self.labels.layout.align_items, self.labels.layout.flex = (
            "flex",
            "center",
            "0 0 auto",
        )
        self.labels.style.description_width = "64px"
        return widget

    # ------------------------------------------------------------ driving it
    def set(self, **values: object) -> None:
        """Set several controls at once and rebuild the chart once: ``ex.set(day="甲戌", hour="未")``.

        Keys are the control names (day, hour, general, noble, school, month, year, benming, xingnian,
        show_explain, labels, compare, against, turn, show_reading, matter, querent). Each value is read
        as the constructor reads it (``hour="午時"``, ``general="登明"``, ``noble="晝"``, ``school="探原"``,
        ``month="寅月"``, simplified characters …), the matter and the querent as :meth:`Chart.reading`
        reads them (``matter="病"`` or ``"illness"``, ``querent="官"`` or ``"official"``); None (or
        "none", "auto" for the noble) leaves an optional control empty; ``turn`` is an hour index 0–11.
        Every value is read before any control changes, so a bad one is a :class:`ParseError` (or
        :class:`~liuren.errors.SchoolError`) and changes nothing.

        ``printed="…"`` (alone) does what the 印本 box's button does with that text: the box opens and
        shows the identification, or the paste's error (no control changes then).
        """
        if "printed" in values:
            if len(values) > 1:
                raise TypeError("Explorer.set(printed=...) takes no other control: the print decides them")
            text = values["printed"]
            if not isinstance(text, str):
                raise ParseError(f"Explorer.set(printed={quote(text)}): a printed chart is a str")
            with self._hold():
                self.printed_text.value, self.show_printed.value = text, True
            self._read_printed(text)
            return
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
        optional = name in ("noble", "month", "year", "benming", "xingnian", "matter", "querent")
        wanted: type = bool if name in ("show_explain", "show_reading") else int if name == "turn" else str
        if not (isinstance(value, wanted) or (optional and value is None)) or (
            wanted is int and isinstance(value, bool)
        ):
            raise ParseError(
                f"Explorer.set({name}={quote(value)}): {name} takes a {wanted.__name__}"
                f'{" or None" if optional else ""}, got {type(value).__name__}; e.g. ex.set(day="甲戌", hour="未")'
            )
        if name in ("show_explain", "show_reading", "labels"):
            return check_lang(value) if name == "labels" else value
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
        if name in ("matter", "querent"):  # the reading's own parsers: a ParseError for anything else
            chosen = parse_matter(value) if name == "matter" else parse_querent(value)
            return "none" if chosen is None else chosen
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
        for name in (*CONTROLS, "turn", "labels"):
            getattr(self, name).description = words[name]
        self.show_explain.description = words["explain"]
        self.show_reading.description = words["reading"]
        self.matter.description, self.querent.description = words["matter"], words["querent"]
        self.show_printed.description, self.identify_button.description = words["printed"], words["identify"]
        self.printed_text.placeholder = words["printed-placeholder"]
        self.play.description = words["turn"]
        lang = self.labels.value
        with self._hold():
            for control, options in (
                (self.compare, compare_options(lang)),
                (self.matter, matter_options(lang)),
                (self.querent, querent_options(lang)),
            ):
                value = control.value
                control.options = options
                control.value = value

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
        self._render_reading()
        self._render_printed()
        if self.chart is None:
            self.board.value = error_html(self.error or "")
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

    def _render_reading(self) -> None:
        """The reading panel: shown while 占斷 is ticked, with the reading of the current chart for the
        matter and querent chosen (nothing while the chart cannot be built)."""
        self.reading_panel.layout.display = "" if self.show_reading.value else "none"
        if not self.show_reading.value or self.chart is None:
            self.reading, self.reading_view.value = None, ""
            return
        matter = None if self.matter.value == "none" else self.matter.value
        querent = None if self.querent.value == "none" else self.querent.value
        self.reading = self.chart.reading(matter, querent, lang=self.labels.value)
        self.reading_view.value = self.reading._repr_html_()  # built from escaped values (liuren.show.reading)

    # ------------------------------------------------------------ a printed chart
    def _read_printed(self, text: str) -> None:
        """Read ``text`` as a printed 課盤, identify it and set the controls it fixes (all or none).

        :mod:`liuren.identification` sits above the display layer (it words its rules with it), so it
        is imported here, when the box is used."""
        from ..identification import identify

        try:
            sheet = parse_printed(text)
            found = identify(printed=sheet)
            values, notes = self._printed_values(sheet, found)
            chosen = {name: self._option(name, value) for name, value in values.items()}
        except LiurenError as exc:
            self.identification, self.printed_error, self._printed_notes = None, str(exc), ()
            self._render_printed()
            return
        self.identification, self.printed_error, self._printed_notes = found, None, notes
        with self._hold():
            for name, value in chosen.items():
                getattr(self, name).value = value
        self._update()

    def _printed_values(
        self, sheet: PrintedChart, found: Identification
    ) -> tuple[dict[str, object], tuple[tuple[str, dict[str, object]], ...]]:
        """The controls a print fixes, and the notes on what was chosen for it (word key, fields).

        The hour and general are the header's, or else the current hour with the general the plate's
        offset gives; the school is the current one if it gives the print, or the first preset that
        does; the noble is the header's, or the one the print's generals show ("auto" when the hour's
        rule gives it)."""
        notes: list[tuple[str, dict[str, object]]] = []
        hour = sheet.hour or self.hour.value
        general = sheet.general or str(BRANCHES[(BRANCHES.index(hour) + sheet.offset) % 12])
        if not sheet.hour:
            notes.append(("printed-hour", {"hour": hour, "general": general, "offset": sheet.offset}))
        school = self.school.value
        if found.presets and school not in found.presets:
            school = found.presets[0]
            notes.append(("printed-school", {"school": PRESET_NAMES[school]}))
        noble: str = sheet.noble or "auto"
        if not sheet.noble and (sheet.transmission_generals or sheet.lesson_generals):
            school_ = self._custom_school if school == CUSTOM and self._custom_school else resolve_school(school)
            for flag in ("auto", "day", "night"):
                chart = Chart(sheet.day, hour, general, noble=None if flag == "auto" else flag, school=school_)
                shown = "".join(t.general.short for t in chart.transmissions)
                lessons = "".join(lesson.general.short for lesson in chart.lessons)
                if (shown, lessons) == (sheet.transmission_generals, sheet.lesson_generals):
                    noble = flag
                    break
        values = {"day": sheet.day, "hour": hour, "general": general, "noble": noble, "school": school}
        if sheet.benming:  # the 年命 line of str(chart): the person's 本命 and 行年 (kept otherwise)
            values |= {"benming": sheet.benming, "xingnian": sheet.xingnian}
        return values, tuple(notes)

    def _render_printed(self) -> None:
        """The printed-chart box: shown while 印本 is ticked; under it the identification (or the error)."""
        self.printed_panel.layout.display = "" if self.show_printed.value else "none"
        lang = self.labels.value
        if self.printed_error is not None:
            self.printed_view.value = error_html(self.printed_error)
        elif self.identification is None:
            self.printed_view.value = ""
        else:
            words = WIDGETS[lang]
            said = "".join(f"{words[key].format(**fields)}\n" for key, fields in self._printed_notes)
            self.printed_view.value = (
                '<pre class="liuren-identification" style="white-space:pre-wrap;font-size:13px;margin:4px 0">'
                + escape(said + self.identification.text(lang))
                + "</pre>"
            )

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        lang = self.labels.value
        if self.chart is None:
            text, html = self.error or "", error_html(self.error or "")
        else:
            text, html = chart_text(self.chart), chart_html(self.chart, labels=lang)
        return bundle(self.widget, f"{text}\n{WIDGETS[lang]['run-line']}", fallback_html(html, lang), include, exclude)

    def __repr__(self) -> str:
        if self.chart is None:
            return f"Explorer(error={self.error!r})"
        return f"Explorer({self.chart!r})"


explorer = Explorer
"""``explorer(day, hour, general, *, noble, school, month, year, nianming, drawing=True, explain=False, labels="zh",
compare="none")``: an :class:`Explorer` starting at those values (same arguments as :func:`liuren.chart`;
bad starting values raise the chart's own error; ``drawing=False`` leaves out the round plate,
``explain=True`` shows :meth:`Chart.explain`)."""

__all__ = ["QUESTIONS", "WIDGET_MIME", "Exercise", "Explorer", "Stepper", "deal_pool", "differences", "explorer"]
