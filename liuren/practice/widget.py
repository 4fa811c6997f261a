"""The practice page's widget: one learner's session on the practice path (:mod:`liuren.practice`),
an ipywidget imported lazily.

A level selector (closed levels marked, a skip-ahead button), the count of reviews due today, the
current item's inputs, one text box per part the level asks, and Check (or Enter in a box): the answer
is graded (:func:`liuren.practice.answer`), its first grading recorded in the store
(:meth:`liuren.practice.Practice.record`), the feedback shown and the due count updated; Next deals the
next item (a due card's lesson type first). Progress is kept in the store at ``path`` (or
``$LIUREN_STORE``, else the learner's data folder), so it survives a reopened notebook.

Under the question the 課盤 fills in as the learner answers: each part answered right (the plate, a
lesson, the 三傳 …) is drawn on the board (:func:`liuren.show.html.chart_html` with ``parts=``), the rest
left blank. "One step at a time" (``one_step=True``, or its checkbox) asks one box at a time and Enter
checks it: a right step fills the board and asks the next, the item is recorded at its first wrong (or
half-right) step, or right once every step is.

Three tabs: the questions; the dashboard (:meth:`liuren.practice.Practice.summary` drawn by
:func:`liuren.practice.plots.dashboard_html`, the plot as SVG so no matplotlib is needed); the
wrong-answer book, one row per miss (the latest :data:`MISS_ROWS`) with a button that deals that exact
item again. The two are drawn when their tab is opened and after each answer while open.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from html import escape
from typing import Any

import ipywidgets as widgets

from ..cycle import BRANCH_CHARS
from ..errors import ParseError, StoreError, quote
from ..show.html import COLORS, caption_html, chart_html, paper_box
from ..show.i18n import check_lang
from ..show.widget_parts import bundle, fallback_html
from ..show.words.practice import PRACTICE
from .answers import Grade, answer
from .dashboard import Miss, MissBook
from .levels import LEVELS, MOMENT_LEVELS, Item, get_level
from .plots import dashboard_html, level_title, miss_line
from .progress import Practice as Progress

MISS_ROWS = 20
"""How many of the latest misses the wrong-answer tab lists."""
TABS = ("tab-practice", "tab-dashboard", "tab-misses")
BOARD_PARTS = {
    "offset": ("plate",),
    "plate": ("plate",),
    "lessons": ("lesson-1", "lesson-2", "lesson-3", "lesson-4"),
    "transmissions": ("initial", "middle", "final", "relations"),
    "noble": ("generals",),
    "method": ("method",),
    "patterns": ("patterns",),
}
"""The parts of the 課盤 (:data:`liuren.show.html.PARTS`) an answered part fills in on the board."""
NO_BOARD = MOMENT_LEVELS | {11, 12}
"""Levels without a board while answering: its caption would give the answer away (the 月將 of a moment,
the day of the reverse drill) or nothing is built (naming from choices)."""


def _now() -> datetime:
    """The time on the learner's own clock (its zone says where "today" ends for the due count)."""
    return datetime.now(UTC).astimezone()


def plate_answer(text: str) -> dict[str, str]:
    """A plate typed as the twelve heaven branches over 子 … 亥 in order ("?" for one left open)."""
    chars = [c for c in text if not c.isspace() and c not in ",、"]
    if len(chars) != len(BRANCH_CHARS):
        raise ParseError(
            f"plate={quote(text)} has {len(chars)} signs; accepted: the twelve heaven branches over 子 … 亥 in order"
        )
    return dict(zip(BRANCH_CHARS, chars, strict=True))


class Practice:
    """One learner's practice session in a notebook.

    ``path``: the store (None: ``$LIUREN_STORE``, else the learner's data folder); ``lang``: "ko"
    (default), "zh" or "en"; ``seed`` seeds the dealing (None: the number of reviews in the store, so a
    fresh store deals the same first item); ``level``: where to start (None: the highest open level);
    ``clock`` gives the time (for tests)."""

    def __init__(
        self,
        path: str | None = None,
        *,
        lang: str = "ko",
        seed: int | None = None,
        level: int | None = None,
        one_step: bool = False,
        clock: Callable[[], datetime] = _now,
    ) -> None:
        self.lang = check_lang(lang)
        self.words = PRACTICE[self.lang]
        self.progress = Progress(path, seed=seed)
        if seed is None:
            # seeded by how far the learner has come: each session after new answers deals new items,
            # and a fresh store deals the same first item (a saved page's output stays the same)
            self.progress.rng.seed(self.progress.reviews())
        self.clock = clock
        self.level = get_level(level).number if level is not None else self._furthest()
        self.item: Item
        self._question = ""
        self._chart = ""
        self.grade: Grade | None = None
        self.recorded = False
        self.message = ""
        self._typing = False
        self._syncing = False
        self.stage = 0
        self.filled: tuple[str, ...] = ()
        self._board = ""
        self.selector = widgets.Dropdown(options=self._level_options(), value=self.level)
        self.one_step = widgets.Checkbox(value=bool(one_step), description=self.words["one-step"], indent=False)
        self.board = widgets.HTML()
        self.skip_button = widgets.Button(description=self.words["skip"])
        self.due_label = widgets.HTML()
        self.question = widgets.HTML()
        self.fields: dict[str, widgets.Text] = {}
        self._boxes: dict[str, widgets.Text] = {}
        self.boxes = widgets.VBox()
        self.check_button = widgets.Button(description=self.words["check"], button_style="primary")
        self.next_button = widgets.Button(description=self.words["next"])
        self.feedback = widgets.HTML()
        self.dashboard = widgets.HTML()
        self.miss_rows = widgets.VBox()
        self.misses = MissBook(())
        self.selector.observe(self._on_level, names="value")
        self.one_step.observe(self._on_mode, names="value")
        self.skip_button.on_click(lambda _: self.skip())
        self.check_button.on_click(lambda _: self.submit())
        self.next_button.on_click(lambda _: self.next())
        session = widgets.VBox(
            [
                widgets.HBox([self.selector, self.skip_button, self.one_step]),
                self.due_label,
                self.question,
                self.boxes,
                widgets.HBox([self.check_button, self.next_button]),
                self.feedback,
                self.board,
            ]
        )
        self.tabs = widgets.Tab(children=[session, self.dashboard, self.miss_rows])
        self.tabs.titles = tuple(self.words[t] for t in TABS)
        self.tabs.observe(self._on_tab, names="selected_index")
        self.widget = widgets.VBox([self.tabs])
        self.widget.add_class("liuren-practice")
        self.next()

    # ------------------------------------------------------------------------------ levels
    def _furthest(self) -> int:
        """The highest open level: where a returning learner picks up."""
        return max(lv.number for lv in LEVELS if self.progress.level_state(lv.number).open)

    def _level_options(self) -> list[tuple[str, int]]:
        out = []
        for state in self.progress.level_states():
            mark = "" if state.open else f" ({self.words['locked']})"
            out.append((f"{state.level}. {level_title(state.level, self.lang)}{mark}", state.level))
        return out

    def _sync_levels(self) -> None:
        """Redraw the selector's options (a level opened or passed) keeping the current level."""
        self._syncing = True
        try:
            self.selector.options = self._level_options()
            self.selector.value = self.level
        finally:
            self._syncing = False

    def _on_level(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.choose(int(change["new"]))

    def choose(self, level: int) -> None:
        """Practise at ``level`` (a closed one is shown closed until the learner skips ahead)."""
        self.level = get_level(level).number
        if self.selector.value != self.level:
            self.selector.value = self.level
            return
        if self.progress.level_state(self.level).open:
            self.next()
        else:
            self.message = self.words["closed"]
            self.fields = {}
            self.boxes.children = ()
            self.check_button.disabled = True
            self._render()

    def skip(self) -> None:
        """Open the selected level without passing the ones before it, and deal its first item."""
        self.progress.skip_to(self.level, self.clock())
        self._sync_levels()
        self.next()

    # ------------------------------------------------------------------------------ items
    def next(self) -> Item:
        """Deal the next item at the current level (a due card's lesson type first)."""
        return self._show(self.progress.next_item(self.level, self.clock()))

    def replay(self, miss: Miss) -> Item:
        """Deal the item of ``miss`` again (its level, chart and what it showed) on the first tab."""
        item = self.progress.replay(miss)
        self.level = item.level.number
        self.tabs.selected_index = 0
        return self._show(item)

    def _show(self, item: Item) -> Item:
        self.item = item
        self._question = question_html(item, self.lang)
        self._chart = ""  # the 課盤 shown after a right answer, drawn when first needed
        self.stage = 0
        self.filled = ()
        self._board = ""
        self.grade = None
        self.recorded = False
        self.message = ""
        self.fields = {part: self._box(part) for part in item.level.parts}
        # the verdict and the question first, the emptied boxes after them: the page applies a text box's
        # new value about two frames before it handles the kernel's next message (measured: the next
        # item showed in 64 ms with the boxes sent first, 32 ms with them last, within a frame of it)
        self._render()
        self._typing = True
        try:
            for field in self.fields.values():
                field.value = ""
        finally:
            self._typing = False
        self._show_boxes()
        self.check_button.disabled = False
        self._sync_levels()
        return self.item

    def _box(self, part: str) -> widgets.Text:
        """The text box of ``part``: made once and emptied for each item, so dealing the next item
        sends the page only the values that change, not new widgets to build."""
        field = self._boxes.get(part)
        if field is None:
            field = widgets.Text(
                description=self.words[f"part-{part}"],
                placeholder=self.words[f"ph-{part}"],
                continuous_update=False,
            )
            field.observe(self._on_commit, names="value")
            self._boxes[part] = field
        return field

    def _show_boxes(self) -> None:
        """The boxes asked now: all of them, or one step at a time the current one."""
        boxes = tuple(self.fields.values())
        children = boxes[self.stage : self.stage + 1] if self.one_step.value else boxes
        if self.boxes.children != children:
            self.boxes.children = children

    @property
    def asking(self) -> tuple[str, ...]:
        """The parts asked now: every part of the level, or one step at a time the current one (none
        once every step is right)."""
        parts = tuple(self.fields)
        return parts[self.stage : self.stage + 1] if self.one_step.value else parts

    def _on_mode(self, change: dict[str, Any]) -> None:
        self.stage = len(self.filled_parts()) if change["new"] else 0
        self._show_boxes()

    def filled_parts(self) -> tuple[str, ...]:
        """The parts of the level answered right so far (in the level's order)."""
        return tuple(p for p in self.fields if p in self.filled)

    def _on_commit(self, change: dict[str, Any]) -> None:
        """Enter (or leaving a box) commits its value: the answer is checked once every box asked is
        filled (a half-typed answer is not graded on the way from one box to the next)."""
        if not self._typing and all(self.fields[p].value.strip() for p in self.asking):
            self.submit()

    def answer(self, **parts: str) -> Grade | None:
        """Type ``parts`` into the boxes and check (what Enter does)."""
        for name in parts:
            if name not in self.fields:
                raise ParseError(
                    f"{quote(name, 40)} is not asked at level {self.level}; accepted: {', '.join(self.fields)}"
                )
        self._typing = True
        try:
            for name, value in parts.items():
                self.fields[name].value = value
        finally:
            self._typing = False
        return self.submit()

    def submit(self) -> Grade | None:
        """Grade what is in the boxes asked; the item's first grade is recorded. One step at a time, a
        right step fills its part of the board and asks the next; the item is recorded at its first
        wrong step, or right once every step is. A malformed answer is shown as its message (nothing is
        recorded) and None returned."""
        given: dict[str, object] = {}
        try:
            for part in self.asking if self.one_step.value else self.fields:
                text = self.fields[part].value.strip()
                if text:
                    given[part] = plate_answer(text) if part == "plate" else text
            grade = answer(self.item, given, lang=self.lang)
            right = [p for p in given if p in BOARD_PARTS and self._right(p, given[p], grade)]
        except ParseError as error:
            self.message = str(error)
            self.grade = None
            self._render()
            return None
        self.message = ""
        self.filled = tuple(dict.fromkeys((*self.filled, *right)))
        if self.one_step.value and grade.verdict != "wrong":
            self.stage += 1
            self._show_boxes()
            if self.stage < len(self.fields) and grade.verdict == "right":
                # a right step, not yet the item: the board shows it and the next box asks on (a half
                # step goes on too, but is named and recorded now, as a wrong one is)
                self.grade = None
                self._render()
                return grade
        self.grade = grade
        if not self.recorded:
            # the verdict goes to the page before the review is written (the learner sees it one store
            # write sooner); the write ends before this handler returns, so before the next item is dealt
            self.feedback.value = self._feedback_html()
            try:
                self.progress.record(self.item, grade, self.clock())
            except StoreError as error:
                # not kept: the store's message replaces the verdict, and checking again writes it
                self.message = str(error)
                self.grade = None
                self._render()
                raise
            self.recorded = True
            self._sync_levels()
        self._render()
        return grade

    def _right(self, part: str, value: object, grade: Grade) -> bool:
        """Whether ``part`` alone is right (the whole answer's grade says so when it is right)."""
        if grade.verdict == "right":
            return True
        return answer(self.item, {part: value}, lang=self.lang).verdict == "right"

    def _board_html(self) -> str:
        """The 課盤 as the learner has built it: the parts answered right filled in, the rest blank."""
        if self.item.level.number in NO_BOARD or not self.filled:
            return ""
        parts = sorted({cell for p in self.filled for cell in BOARD_PARTS[p]})
        return chart_html(self.item.chart, labels=self.lang, parts=parts, highlight="none")

    # ------------------------------------------------------------------------------ dashboard, misses
    def _on_tab(self, change: dict[str, Any]) -> None:
        self._refresh_tab(change["new"])

    def _refresh_tab(self, index: int | None) -> None:
        if index == 1:
            self.show_dashboard()
        elif index == 2:
            self.show_misses()

    def show_dashboard(self) -> str:
        """Draw the dashboard tab from the store (returns its HTML)."""
        self.dashboard.value = dashboard_html(self.progress.summary(self.clock()), self.lang)
        return str(self.dashboard.value)

    def show_misses(self) -> MissBook:
        """Draw the wrong-answer tab: the latest misses, each with its replay button."""
        self.misses = self.progress.misses(MISS_ROWS)
        if not self.misses:
            self.miss_rows.children = (widgets.HTML(self.misses.html(self.lang)),)
            return self.misses
        rows: list[widgets.Widget] = []
        for miss in self.misses:
            button = widgets.Button(description=self.words["replay"], layout={"width": "auto", "flex": "0 0 auto"})
            button.on_click(lambda _, m=miss: self.replay(m))
            line = widgets.HTML(paper_box(escape(miss_line(miss)), "font-family:sans-serif;font-size:13px"))
            row = widgets.HBox([button, line])
            row.add_class("liuren-miss")
            rows.append(row)
        self.miss_rows.children = tuple(rows)
        return self.misses

    @property
    def due_count(self) -> int:
        """How many cards fall due by the end of today (on the clock's own day)."""
        now = self.clock()
        return self.progress.due_count(now.replace(hour=23, minute=59, second=59, microsecond=999999))

    # ------------------------------------------------------------------------------ drawing
    def _render(self) -> None:
        # each widget whose value changes is one message to the page, a value that stays sends none;
        # the verdict first (what the learner waits for), then the question, then the counts
        self.feedback.value = self._feedback_html()
        board = "" if self.grade is not None and self.grade.verdict == "right" else self._board_html()
        if board != self._board:
            self._board = board
            self.board.value = board
        self.question.value = self._question
        state = self.progress.level_state(self.level)
        self.due_label.value = paper_box(
            escape(self.words["due"].format(due=self.due_count, right=state.right, answered=state.answered)),
            "font-family:sans-serif",
        )
        if self.grade is not None:
            self._refresh_tab(self.tabs.selected_index)

    def _feedback_html(self) -> str:
        w = self.words
        if self.message:
            line = f'<span style="color:{COLORS["mark"]}">{escape(self.message)}</span>'
            return paper_box(line, "font-family:sans-serif")
        if self.grade is None:
            return ""
        g = self.grade
        head = escape(w[g.verdict])
        if g.verdict == "right":
            if not self._chart:
                self._chart = chart_html(self.item.chart, labels=self.lang)
            return paper_box(head, "font-family:sans-serif") + self._chart
        cell = "" if g.cell is None else f" · {escape(w['cell'])}: <b>{escape(g.cell)}</b>"
        rule = f"<br>{escape(g.rule)}" if g.rule else ""
        return paper_box(f"{head}{cell}{rule}", "font-family:sans-serif")

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        # the fallback names the level, not the dealt item: a question cannot be answered where widgets
        # cannot run, and a saved notebook's output stays the same from run to run
        text = f"{self.words['title']} · {self.item.level.number}. {level_title(self.item.level.number, self.lang)}"
        html = paper_box(escape(text), "font-family:sans-serif")
        return bundle(self.widget, text, fallback_html(html, self.lang), include, exclude)

    def __repr__(self) -> str:
        return f"Practice({str(self.progress.store.path)!r}, level={self.level})"


def question_html(item: Item, lang: str) -> str:
    """What the item gives: the chart's inputs, or the moment and place (levels 2 and 13), the prompt
    of the reverse drill, the choices of level 11; every value escaped."""
    words = PRACTICE[lang]
    lines = [escape(f"{item.level.number}. {level_title(item.level.number, lang)}")]
    if item.level.number in MOMENT_LEVELS and item.moment is not None and item.place is not None:
        lines.append(escape(f"{item.moment:%Y-%m-%d %H:%M} (UTC{item.moment:%z}) · {item.place[0]}"))
        body = "<br>".join(lines)
    elif item.level.number == 12:
        lines.append(escape(f"{words['find']}: {item.prompt}"))
        body = "<br>".join(lines)
    else:
        body = "<br>".join(lines) + caption_html(item.chart, lang, parts=())
    if item.choices:
        body += "<br>" + escape(f"{words['choices']}: {' · '.join(item.choices)}")
    if item.level.number in MOMENT_LEVELS or item.level.number == 12:
        return paper_box(body, "font-family:sans-serif")
    # the spec of the inputs shown (day, hour, general, noble: no answer) for the page's tests; not where
    # the general or the day is the question
    spec = escape(item.chart.spec(), quote=True)
    return f'<div data-liuren-spec="{spec}">{paper_box(body, "font-family:sans-serif")}</div>'


__all__ = ["MISS_ROWS", "Practice", "level_title", "plate_answer", "question_html"]
