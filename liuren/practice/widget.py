"""The practice page's widget: one learner's session on the practice path (:mod:`liuren.practice`),
an ipywidget imported lazily.

It opens on **today's practice** (:meth:`liuren.practice.Practice.today`): the reviews due, then new
items at the learner's level, until "done for today" with tomorrow's count; the selector also offers
each level (closed levels marked, a skip-ahead button). The line above the question gives the day's
counts (:meth:`~liuren.practice.Practice.queue`, the same number the dashboard shows). Each item has
one text box per part it asks, whose grey text says what goes in with a made-up example that is not
this item's answer; Check (or Enter in the last box) grades a whole answer only: with a box empty, or
holding a "?" (the package's mark for a place not yet answered), the page says which ones (and which
places) and nothing is graded or recorded; an answer it cannot read is named by its box, with what is
wrong in it and what the box takes, in the page's language (:func:`unreadable_message`). The first grading of an item is recorded.
After a miss the page shows the cell missed (in the learner's language), what was written beside the
right value, the rule, and the 課盤 with that cell marked; 「다시」 asks the same item again (not
recorded again) and 「다음」 goes on. Progress is kept in the store at ``path`` (or ``$LIUREN_STORE``,
else the learner's data folder), so it survives a reopened notebook.

Under the question the 課盤 fills in as the learner answers: each part answered right (the plate, a
lesson, the 三傳 …) is drawn on the board (:func:`liuren.show.html.chart_html` with ``parts=``), the rest
left blank. "One step at a time" (``one_step=True``, or its checkbox) asks one box at a time and Enter
checks it: a right step fills the board and asks the next, the item is recorded at its first wrong (or
half-right) step, or right once every step is.

Three tabs: the questions; the dashboard (:meth:`liuren.practice.Practice.summary` drawn by
:func:`liuren.practice.plots.dashboard_html`, the plot as SVG so no matplotlib is needed), with a drill
button for each weak cell kind or lesson type (「遁干 연습」, 「知一 연습」); the wrong-answer book, one row per miss (the latest :data:`MISS_ROWS`) with a button that deals that exact
item again. The two are drawn when their tab is opened and after each answer while open.

Progress follows the learner from one computer or browser to another through a file: on the dashboard
tab 「진도 저장」 offers the export (:meth:`liuren.practice.Practice.export_text`) as a file to download,
and 「진도 불러오기」 uploads one, checked record by record and imported all or nothing
(:meth:`~liuren.practice.Practice.import_text`: importing a file twice adds nothing the second time).
The same file is what a teacher collects for :func:`liuren.practice.class_report`. The dashboard
reminds the learner to save when a week has gone by since the last save (or the first answer) with
answers not yet saved (:meth:`~liuren.practice.Practice.save_due`).
"""

from __future__ import annotations

import base64
import functools
import threading
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from html import escape
from typing import Any, Concatenate, ParamSpec, TypeVar

import ipywidgets as widgets

from ..cycle import BRANCH_CHARS
from ..errors import ParseError, StoreError, quote
from ..show.html import COLORS, caption_html, chart_html, panel, paper_box, theme_box
from ..show.i18n import agree, check_lang
from ..show.widget_parts import NARROW_EM as NARROW_EM
from ..show.widget_parts import bundle, fallback_html, text_em
from ..show.words.practice import PRACTICE
from .answers import (
    BASIC_CELLS,
    Grade,
    Unfinished,
    Unreadable,
    answer,
    as_text,
    cell_kind,
    cell_value,
    example,
    only_marks,
    solution,
)
from .dashboard import Miss, MissBook
from .levels import DRILL_PARTS, JUDGING, MOMENT_LEVELS, Item, get_level
from .plots import cell_label, dashboard_html, level_title, miss_line, misses_html, weak_name
from .progress import GATE, NEW_PER_DAY
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
NO_BOARD = MOMENT_LEVELS | {1, 11, 12, JUDGING}
"""Levels without a board while answering: its caption would give the answer away (the 月將 of a moment,
the day of the reverse drill) or nothing is built (naming from choices)."""

_P = ParamSpec("_P")
_R = TypeVar("_R")


def serial(method: Callable[Concatenate[Practice, _P], _R]) -> Callable[Concatenate[Practice, _P], _R]:
    """Run ``method`` holding the session's lock: one event at a time.

    ipykernel 7 handles widget messages in subshells, threads beside the cell that runs (JupyterLab's
    "comms use subshells" setting), so a box's value, committed as it loses focus, and the click on
    「확인」 that took the focus can be handled at the same moment: both saw the item not yet recorded,
    and one answer was written twice. Every entry point of the page takes the lock (a re-entrant one:
    :meth:`Practice.answer` calls :meth:`Practice.submit`), so the second handler sees the first one's
    work done."""

    @functools.wraps(method)
    def run(self: Practice, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        with self._lock:
            return method(self, *args, **kwargs)

    return run


def _now() -> datetime:
    """The time on the learner's own clock (its zone says where "today" ends for the due count)."""
    return datetime.now(UTC).astimezone()


BOX_PADDING_EM = 2.0
"""Room a control takes beside its text, in em: a text box's padding and border, a menu's arrow."""


def upload_label(words: Mapping[str, str]) -> str:
    """The upload button's description. ipywidgets' FileUpload view draws its label as "{description}
    ({number of files held})" in every version (no option hides the count; the page empties the control
    after each file, so it reads "(0)" at rest): the description ends in the page's words for that count,
    so the button reads 「진도 불러오기 · 고른 파일 (0)」, "Load progress · files chosen (0)"."""
    return f"{words['load']} · {words['load-chosen']}"


def plate_answer(text: str) -> dict[str, str]:
    """A plate typed as the twelve heaven branches over 子 … 亥 in order ("?" for one left open)."""
    if only_marks(text):  # the whole plate left open
        return dict.fromkeys(BRANCH_CHARS, "?")
    chars = [c for c in text if not c.isspace() and c not in ",、"]
    if len(chars) != len(BRANCH_CHARS):
        raise Unreadable(
            f"plate={quote(text)} has {len(chars)} signs; accepted: the twelve heaven branches over 子 … 亥 in order",
            part="plate",
            problem="count",
            text=text,
            count=len(chars),
            expected=len(BRANCH_CHARS),
        )
    return dict(zip(BRANCH_CHARS, chars, strict=True))


def unfinished_message(unfinished: Unfinished, lang: str) -> str:
    """What the page says of an answer not finished, in ``lang``: the boxes left empty, and the boxes
    holding a "?" (the package's mark for a place not yet answered, which the learner may not know),
    with their open places where the box has places (the branches of level 1)."""
    w = PRACTICE[lang]
    said = []
    if unfinished.empty:
        said.append(w["unfinished-empty"].format(boxes=w["sep"].join(w[f"part-{p}"] for p in unfinished.empty)))
    if unfinished.open_:
        places = []
        for part in unfinished.open_:
            # the 旬空 box's two places are the two void branches, not given branches
            pos = w["pos-void"] if part == "void" else w["pos-branch"]
            where = w["sep"].join(pos.format(n=n) for n in unfinished.places.get(part, ()))
            places.append(w["open-places"].format(box=w[f"part-{part}"], places=where) if where else w[f"part-{part}"])
        said.append(w["unfinished-open"].format(places=w["sep"].join(places)))
    return w["unfinished"].format(what=w["gap"].join(said))


def unreadable_message(error: ParseError, item: Item, lang: str) -> str:
    """What the page says of an answer it cannot read, in ``lang``, from the error's kind and data
    (:class:`liuren.practice.answers.Unreadable`), never its English text: which box, what is wrong in
    it (a sign it does not take, too many or too few places, a name not among the choices, or a text not
    in its form), and what that box takes, with the made-up example its grey text shows."""
    w = PRACTICE[lang]
    if not isinstance(error, Unreadable) or f"accept-{error.part}" not in w:
        return w["unreadable-unknown"]
    box = w[f"part-{error.part}"]
    what = agree(
        w[f"unreadable-{error.problem}"].format(
            box=box, sign=error.sign, text=error.text, count=error.count, expected=error.expected
        )
    )
    return w["unreadable"].format(
        what=what, box=box, accepted=w[f"accept-{error.part}"], example=example(item, error.part)
    )


QUEUE = 0
"""The selector's value for today's practice (the day's queue across every open level)."""
STEPLESS = frozenset((12,))
"""Levels asked whole even in the one-step mode (the reverse drill's day and offset go together)."""


def _menu_width(options: list[tuple[str, int]]) -> str:
    """The level menu's width: its longest entry whole, with room for the arrow."""
    return f"{max(text_em(label) for label, _ in options) + 2 * BOX_PADDING_EM:.1f}em"


def board_cells(cell: str | None, item: Item) -> tuple[str, ...]:
    """The cells of :func:`liuren.show.html.chart_html` that mark the cell ``cell`` missed (its place on
    the 課盤: a heaven branch, a lesson, a 傳, the noble), or none."""
    if not cell:
        return ()
    head, _, tail = cell.partition(".")
    if head == "plate" and tail in BRANCH_CHARS:
        return (f"heaven-{cell_value(item.chart, cell)}",)
    if head.startswith("lesson-") and head[7:] in ("1", "2", "3", "4"):
        return (head,)
    if head in ("initial", "middle", "final", "noble"):
        return (head,)
    if head in ("branch-1", "branch-2", "branch-3"):
        return (("initial", "middle", "final")[int(head[7:]) - 1],)
    return ()


class Practice:
    """One learner's practice session in a notebook.

    ``path``: the store (None: ``$LIUREN_STORE``, else the learner's data folder); ``lang``: "ko"
    (default), "zh" or "en"; ``seed`` seeds the dealing (None: the number of reviews in the store, so a
    fresh store deals the same first item); ``level``: None (default) for today's practice, the day's
    queue, or a level to practise; ``new_per_day``: the day's limit of new items; ``clock`` gives the
    time (for tests)."""

    def __init__(
        self,
        path: str | None = None,
        *,
        lang: str = "ko",
        seed: int | None = None,
        level: int | None = None,
        one_step: bool = False,
        new_per_day: int = NEW_PER_DAY,
        clock: Callable[[], datetime] = _now,
    ) -> None:
        self._lock = threading.RLock()
        self.lang = check_lang(lang)
        self.words = PRACTICE[self.lang]
        self.progress = Progress(path, seed=seed, new_per_day=new_per_day)
        if seed is None:
            # seeded by how far the learner has come: each session after new answers deals new items,
            # and a fresh store deals the same first item (a saved page's output stays the same)
            self.progress.rng.seed(self.progress.reviews())
        self.clock = clock
        self.level = QUEUE if level is None else get_level(level).number
        self.item: Item | None = None
        self._question = ""
        self._chart = ""
        self.grade: Grade | None = None
        self.given: dict[str, object] = {}
        self.recorded = False
        self.retrying = False
        self.message = ""
        self.message_tone = "mark"  # "mark" for what went wrong, "ink" for news such as done for today
        self._typing = False
        self._syncing = False
        self.stage = 0
        self.filled: tuple[str, ...] = ()
        self._board = ""
        options = self._level_options()
        self.selector = widgets.Dropdown(options=options, value=self.level, layout={"width": _menu_width(options)})
        # one width for every box's label: the longest of the page's box names whole, the boxes aligned
        self.label_em = max(text_em(text) for key, text in self.words.items() if key.startswith("part-")) + 1
        self.one_step = widgets.Checkbox(value=bool(one_step), description=self.words["one-step"], indent=False)
        self.board = widgets.HTML()
        self.skip_button = widgets.Button(description=self.words["skip"], layout={"width": "auto", "flex": "0 0 auto"})
        self.due_label = widgets.HTML()
        self.question = widgets.HTML()
        self.fields: dict[str, widgets.Text] = {}
        self._boxes: dict[str, widgets.Text] = {}
        self.boxes = widgets.VBox()
        self.check_button = widgets.Button(description=self.words["check"], button_style="primary")
        self.again_button = widgets.Button(description=self.words["again"])
        self.next_button = widgets.Button(description=self.words["next"])
        self.feedback = widgets.HTML()
        self.dashboard = widgets.HTML()
        self.drills = widgets.HBox()
        self.miss_rows = widgets.VBox()
        self.save_reminder = widgets.HTML()
        self.save_button = widgets.Button(
            description=self.words["save"], icon="download", layout={"width": "auto", "flex": "0 0 auto"}
        )
        self.save_link = widgets.HTML()
        self.upload = widgets.FileUpload(
            accept=".json,application/json",
            multiple=False,
            description=upload_label(self.words),
            icon="upload",
            layout={
                "width": "auto",
                "flex": "0 0 auto",
            },  # the label and its count whole ("Load progress · files chosen (0)")
        )
        self.file_note = widgets.HTML()
        self.misses = MissBook(())
        self.selector.observe(self._on_level, names="value")
        self.one_step.observe(self._on_mode, names="value")
        self.skip_button.on_click(lambda _: self.skip())
        self.check_button.on_click(lambda _: self.submit())
        self.again_button.on_click(lambda _: self.again())
        self.next_button.on_click(lambda _: self.next())
        self.save_button.on_click(lambda _: self.save())
        self.upload.observe(self._on_upload, names="value")
        session = widgets.VBox(
            [
                widgets.HBox([self.selector, self.skip_button, self.one_step]),
                self.due_label,
                self.question,
                self.boxes,
                widgets.HBox([self.check_button, self.again_button, self.next_button]),
                self.feedback,
                self.board,
            ]
        )
        files = widgets.VBox(
            [self.save_reminder, widgets.HBox([self.save_button, self.upload]), self.save_link, self.file_note]
        )
        files.add_class("liuren-progress-files")
        dashboard = widgets.VBox([self.drills, self.dashboard, files])
        self.tabs = widgets.Tab(children=[session, dashboard, self.miss_rows])
        self.tabs.titles = tuple(self.words[t] for t in TABS)
        self.tabs.observe(self._on_tab, names="selected_index")
        self.widget = widgets.VBox([self.tabs])
        self.widget.add_class("liuren-practice")
        self.next()  # a level given opens as skipped, as a learner skipping ahead does

    # ------------------------------------------------------------------------------ levels
    def _level_options(self) -> list[tuple[str, int]]:
        out = [(self.words["queue"], QUEUE)]
        for state in self.progress.level_states():
            mark = "" if state.open else f" ({self.words['locked']})"
            out.append((f"{state.level}. {level_title(state.level, self.lang)}{mark}", state.level))
        return out

    def _sync_levels(self) -> None:
        """Redraw the selector's options (a level opened or passed) keeping the current choice."""
        self._syncing = True
        try:
            options = self._level_options()
            self.selector.options = options
            self.selector.layout.width = _menu_width(options)
            self.selector.value = self.level
        finally:
            self._syncing = False

    @serial
    def _on_level(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.choose(int(change["new"]))

    @serial
    def choose(self, level: int) -> None:
        """Practise at ``level`` (0: today's practice; a closed level is shown closed until the learner
        skips ahead)."""
        self.level = QUEUE if level == QUEUE else get_level(level).number
        if self.selector.value != self.level:
            self.selector.value = self.level
            return
        if self.level == QUEUE or self.progress.level_state(self.level).open:
            self.next()
        else:
            self._clear(self.words["closed"])

    def _clear(self, message: str, tone: str = "mark") -> None:
        """No item: the boxes hidden, ``message`` shown (a closed level, or done for today), in the colour
        ``tone`` of the palette: "mark" for a refusal, "ink" for a day that is done (not a warning)."""
        self.item = None
        self.grade = None
        self.message = message
        self.message_tone = tone
        self.fields = {}
        self.boxes.children = ()
        self._question = ""
        self.filled = ()
        self.check_button.disabled = True
        self.again_button.disabled = True
        self._render()

    @serial
    def skip(self) -> None:
        """Open the selected level without passing the ones before it, and deal its first item."""
        if self.level != QUEUE:
            self.progress.skip_to(self.level, self.clock())
        self._sync_levels()
        self.next()

    # ------------------------------------------------------------------------------ items
    @serial
    def next(self) -> Item | None:
        """The next item: of today's queue (None when today is done), or at the chosen level."""
        now = self.clock()
        if self.level == QUEUE:
            item = self.progress.today(now)
            if item is None:
                self._clear(self.words["done"].format(tomorrow=self.progress.queue(now).tomorrow), tone="ink")
                return None
            return self._show(item)
        return self._show(self.progress.next_item(self.level, now))

    @serial
    def drill(self, name: str) -> Item:
        """A drill of a cell kind or lesson type (「遁干 연습」: "hidden-stem"; 「知一 연습」: "知一"),
        on the first tab."""
        item = self.progress.drill(name, self.clock())
        self.tabs.selected_index = 0
        return self._show(item)

    @serial
    def again(self) -> Item | None:
        """「다시」: the same item asked again, its boxes emptied; the retry is not recorded."""
        if self.item is None:
            return None
        recorded = self.recorded
        item = self._show(self.item)
        self.recorded = recorded
        self.retrying = recorded
        self._render()
        return item

    @serial
    def replay(self, miss: Miss) -> Item:
        """Deal the item of ``miss`` again (its level, chart and what it showed) on the first tab."""
        item = self.progress.replay(miss)
        self.tabs.selected_index = 0
        return self._show(item)

    def _show(self, item: Item) -> Item:
        self.item = item
        self._question = question_html(item, self.lang)
        self._chart = ""  # the 課盤 shown after an answer, drawn when first needed
        self.stage = 0
        self.filled = ()
        self._board = ""
        self.grade = None
        self.given = {}
        self.recorded = False
        self.retrying = False
        self.message = ""
        self.message_tone = "mark"
        self.fields = {part: self._box(part, item) for part in item.parts}
        # the item's boxes one width, wide enough for the labels and the longest grey text whole (sent to
        # the page only when it changes)
        width = f"{self.label_em + max(text_em(f.placeholder) for f in self.fields.values()) + BOX_PADDING_EM:.1f}em"
        for field in self.fields.values():
            field.layout.width = width
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
        self.again_button.disabled = True
        self._sync_levels()
        return item

    def _box(self, part: str, item: Item) -> widgets.Text:
        """The text box of ``part``: made once and emptied for each item, so dealing the next item
        sends the page only the values that change, not new widgets to build. Its grey text says what
        goes in, with a made-up example that is not this item's answer."""
        field = self._boxes.get(part)
        if field is None:
            field = widgets.Text(
                description=self.words[f"part-{part}"],
                continuous_update=False,
                style={"description_width": f"{self.label_em:.1f}em"},
                layout={"max_width": "100%"},
            )
            field.observe(self._on_commit, names="value")
            self._boxes[part] = field
        field.placeholder = self.words["example"].format(format=self.words[f"ph-{part}"], example=example(item, part))
        return field

    @property
    def stepping(self) -> bool:
        """Whether this item is asked one box at a time."""
        return bool(self.one_step.value) and self.item is not None and self.item.level.number not in STEPLESS

    def _show_boxes(self) -> None:
        """The boxes asked now: all of them, or one step at a time the current one."""
        boxes = tuple(self.fields.values())
        children = boxes[self.stage : self.stage + 1] if self.stepping else boxes
        if self.boxes.children != children:
            self.boxes.children = children

    @property
    def asking(self) -> tuple[str, ...]:
        """The parts asked now: every part of the item, or one step at a time the current one (none
        once every step is right)."""
        parts = tuple(self.fields)
        return parts[self.stage : self.stage + 1] if self.stepping else parts

    @serial
    def _on_mode(self, change: dict[str, Any]) -> None:
        self.stage = len(self.filled_parts()) if change["new"] else 0
        self._show_boxes()

    def filled_parts(self) -> tuple[str, ...]:
        """The parts of the item answered right so far (in the item's order)."""
        return tuple(p for p in self.fields if p in self.filled or p in self.given)

    @serial
    def _on_commit(self, change: dict[str, Any]) -> None:
        """Enter in the last box asked (or leaving it) commits the answer: it is checked once every box
        asked is filled. Any other box only keeps its value, so a learner correcting one box and moving
        on to the next is not graded on the way (the browser sends Enter and leaving a box alike)."""
        if self._typing or not self.fields:
            return
        asking = self.asking
        if asking and change.get("owner") is self.fields[asking[-1]]:
            if all(self.fields[p].value.strip() for p in asking):
                self.submit()

    @serial
    def answer(self, /, **parts: str) -> Grade | None:
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

    @serial
    def submit(self) -> Grade | None:
        """Grade what is in the boxes asked. A whole answer only: with a box empty the page names the
        empty boxes and nothing is graded or recorded (None is returned). The item's first grade is
        recorded. One step at a time, each box is graded alone: a right step fills its part of the
        board and asks the next; the item is recorded at its first wrong (or half-right) step, or right
        once every step is. A malformed answer is shown as its message (nothing recorded), None returned."""
        if self.item is None:
            return None
        item = self.item
        stepping = self.stepping
        typed: dict[str, object] = {}
        for part in self.asking if stepping else self.fields:
            text = self.fields[part].value.strip()
            if text:
                typed[part] = text
        try:
            for part, text in typed.items():
                if part == "plate":
                    typed[part] = plate_answer(str(text))
            graded_on: dict[str, object] = typed  # the boxes the grade is of (kept with a miss)
            if stepping:
                grade = answer(item, typed, lang=self.lang, step=True)
                if grade.verdict == "right":
                    self.given.update(typed)
                    if len(self.given) == len(self.fields):
                        graded_on = dict(self.given)
                        grade = answer(item, graded_on, lang=self.lang)
            else:
                grade = answer(item, typed, lang=self.lang)
            right = [p for p in typed if p in BOARD_PARTS and self._right(p, typed[p], grade)]
        except Unfinished as unfinished:
            self.message = unfinished_message(unfinished, self.lang)
            self.grade = None
            self._render()
            return None
        except ParseError as error:
            # said in the learner's language from the error's kind and data (its English text is the API's)
            self.message = unreadable_message(error, item, self.lang)
            self.grade = None
            self._render()
            return None
        self.message = ""
        self.typed = typed
        self.filled = tuple(dict.fromkeys((*self.filled, *right)))
        if stepping and grade.verdict == "right" and not grade.whole:
            # a right step, not yet the item: the board shows it and the next box asks on
            self.stage += 1
            self._show_boxes()
            self.grade = None
            self._render()
            return grade
        if stepping and grade.verdict != "wrong":  # a half step goes on too, but is named and recorded now
            self.given.update(typed)
            self.stage += 1
            self._show_boxes()
        self.grade = grade
        self.again_button.disabled = grade.verdict == "right"
        if not self.recorded:
            # the verdict goes to the page before the review is written (the learner sees it one store
            # write sooner); the write ends before this handler returns, so before the next item is dealt
            self.feedback.value = self._feedback_html()
            try:
                self.progress.record(item, grade, self.clock(), graded_on)
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
        assert self.item is not None
        try:
            return answer(self.item, {part: value}, lang=self.lang, step=True).verdict == "right"
        except ParseError:
            return False

    def _board_html(self) -> str:
        """The 課盤 as the learner has built it: the parts answered right filled in, the rest blank."""
        if self.item is None or self.item.level.number in NO_BOARD or not self.filled:
            return ""
        parts = sorted({cell for p in self.filled for cell in BOARD_PARTS[p]})
        return chart_html(self.item.chart, labels=self.lang, parts=parts, highlight="none")

    # ------------------------------------------------------------------------------ dashboard, misses
    @serial
    def _on_tab(self, change: dict[str, Any]) -> None:
        self._refresh_tab(change["new"])

    def _refresh_tab(self, index: int | None) -> None:
        if index == 1:
            self.show_dashboard()
        elif index == 2:
            self.show_misses()

    @serial
    def show_dashboard(self) -> str:
        """Draw the dashboard tab from the store, with a drill button for each weak cell kind or lesson
        type (returns its HTML)."""
        summary = self.progress.summary(self.clock())
        self.dashboard.value = dashboard_html(summary, self.lang)
        buttons = []
        for weak in summary.weak:
            button = widgets.Button(
                description=self.words["drill"].format(name=weak_name(weak.what, weak.name, self.lang)),
                layout={"width": "auto"},
            )
            button.on_click(lambda _, name=weak.name: self.drill(name))
            buttons.append(button)
        self.drills.children = tuple(buttons)
        due = self.progress.save_due(self.clock())
        self.save_reminder.value = theme_box(escape(self.words["save-due"]), "font-family:sans-serif") if due else ""
        return str(self.dashboard.value)

    # ------------------------------------------------------------------------------ saving, loading
    @serial
    def save(self) -> str:
        """「진도 저장」: the export (:meth:`liuren.practice.Practice.export_text`) offered as a file to
        download (a link holding it, named with today's date), the save remembered; returns the JSON."""
        text, count = self.progress.export_text()
        now = self.clock()
        name = f"liuren-progress-{now.date().isoformat()}.json"
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        label = escape(agree(self.words["save-link"].format(name=name, reviews=count)))
        link = (
            f'<a class="liuren-save-link" download="{name}" href="data:application/json;base64,{data}" '
            f'style="font-weight:bold;text-decoration:underline;cursor:pointer">⬇ {label}</a>'
        )
        self.save_link.value = theme_box(
            f"{link}<br>{escape(self.words['save-hint'])}", "font-family:sans-serif;font-size:13px"
        )
        self.progress.saved(count, now)
        self.show_dashboard()
        return text

    @serial
    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        first = files[0]
        name = str(first.get("name", "")) if isinstance(first, dict) else ""
        content = first.get("content", b"") if isinstance(first, dict) else b""
        self.upload.value = ()  # ready for the next file
        self.load(bytes(content), name)

    @serial
    def load(self, content: bytes, name: str = "") -> int | None:
        """「진도 불러오기」: import an uploaded export (its bytes, and the file's name), all or nothing
        (:meth:`liuren.practice.Practice.import_text`); says what was added, or why nothing was, and
        redraws. Returns how many reviews were added, or None when the file was refused."""
        shown = name or "the file"
        try:
            added = self.progress.import_text(content.decode("utf-8"), shown)
        except UnicodeDecodeError:
            error = f"{quote(shown, 200)} is not UTF-8 text; accepted: a practice export (.json)"
            self.file_note.value = theme_box(
                escape(self.words["load-failed"].format(error=error)), "font-family:sans-serif"
            )
            return None
        except (ParseError, StoreError) as refused:
            self.file_note.value = theme_box(
                escape(self.words["load-failed"].format(error=str(refused))), "font-family:sans-serif"
            )
            return None
        self.file_note.value = theme_box(
            escape(agree(self.words["loaded"].format(added=added, name=shown))), "font-family:sans-serif"
        )
        self._sync_levels()
        self._render()
        self.show_dashboard()
        return added

    @serial
    def show_misses(self) -> MissBook:
        """Draw the wrong-answer tab: the latest misses, each with its replay button."""
        self.misses = self.progress.misses(MISS_ROWS)
        zone = self.clock().tzinfo
        if not self.misses:
            self.miss_rows.children = (widgets.HTML(misses_html(self.misses, self.lang, zone)),)
            return self.misses
        rows: list[widgets.Widget] = []
        for miss in self.misses:
            button = widgets.Button(description=self.words["replay"], layout={"width": "auto", "flex": "0 0 auto"})
            button.on_click(lambda _, m=miss: self.replay(m))
            text = escape(miss_line(miss, self.lang, zone))
            line = widgets.HTML(theme_box(text, "font-family:sans-serif;font-size:13px"))
            row = widgets.HBox([button, line])
            row.add_class("liuren-miss")
            rows.append(row)
        self.miss_rows.children = tuple(rows)
        return self.misses

    @property
    def due_count(self) -> int:
        """How many cards are due now, from every open level (the day's queue: what the dashboard says)."""
        return self.progress.queue(self.clock()).due

    # ------------------------------------------------------------------------------ drawing
    def _render(self) -> None:
        # each widget whose value changes is one message to the page, a value that stays sends none;
        # the verdict first (what the learner waits for), then the question, then the counts
        self.feedback.value = self._feedback_html()
        board = "" if self.grade is not None else self._board_html()
        if board != self._board:
            self._board = board
            self.board.value = board
        self.question.value = self._question
        queue = self.progress.queue(self.clock())
        line = agree(
            self.words["queue-line"].format(due=queue.due, new=queue.new, answered=queue.answered, right=queue.right)
        )
        if self.level != QUEUE:
            state = self.progress.level_state(self.level)
            recent = min(state.answered, GATE[1])  # the gate counts the last 12 answers
            key = "level-line" if state.answered <= GATE[1] else "recent-line"
            line += " · " + agree(self.words[key].format(right=state.right, answered=state.answered, recent=recent))
        self.due_label.value = theme_box(escape(line), "font-family:sans-serif")
        if self.grade is not None:
            self._refresh_tab(self.tabs.selected_index)

    def _feedback_html(self) -> str:
        w = self.words
        if self.message:
            # in the theme's ink, in the panel a check's verdict is told in: a refusal with its red bar, news
            # (a day done) with the muted one (the palette's colours read on the paper alone, not as text here)
            return panel(escape(self.message), COLORS["mark" if self.message_tone == "mark" else "muted"])
        if self.grade is None or self.item is None:
            return ""
        g = self.grade
        head = escape(w[g.verdict])
        if self.retrying:
            head += f" <small>({escape(w['retry-note'])})</small>"
        if g.verdict == "right":
            if not self._chart:
                self._chart = chart_html(self.item.chart, labels=self.lang)
            return theme_box(head, "font-family:sans-serif") + self._chart
        lines = [head]
        if g.cell is not None:
            lines.append(f"{escape(w['cell'])}: <b>{escape(cell_label(g.cell, self.lang))}</b>")
            part = next((p for p in self.item.parts if _holds(p, g.cell)), None)
            yours = "" if part is None else _typed_text(part, getattr(self, "typed", {}).get(part))
            right = cell_value(self.item.chart, g.cell)
            whole = "" if part is None else as_text(part, solution(self.item)[part])
            if right and whole and right != whole:
                right = f"{right} ({whole})"
            lines.append(
                f'<span data-liuren-yours="">{escape(w["yours"])}: {escape(yours)}</span> · '
                f'<span data-liuren-right="">{escape(w["right-value"])}: <b>{escape(right or whole)}</b></span>'
            )
        if g.rule:
            lines.append(escape(g.rule))
        marked = ""
        if self.item.level.number not in (11, 12, JUDGING):
            cells = board_cells(g.cell, self.item)
            marked = chart_html(self.item.chart, labels=self.lang, cells=cells)
        return theme_box("<br>".join(lines), "font-family:sans-serif") + marked

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        # the fallback names the page, not the dealt item: a question cannot be answered where widgets
        # cannot run, and a saved notebook's output stays the same from run to run
        where = self.words["queue"] if self.level == QUEUE else f"{self.level}. {level_title(self.level, self.lang)}"
        text = f"{self.words['title']} · {where}"
        html = theme_box(escape(text), "font-family:sans-serif")
        return bundle(self.widget, text, fallback_html(html, self.lang), include, exclude)

    def __repr__(self) -> str:
        return f"Practice({str(self.progress.store.path)!r}, level={self.level})"


def _holds(part: str, cell: str) -> bool:
    """Whether the box ``part`` holds the cell key ``cell``."""
    head = cell.partition(".")[0]
    if part in BASIC_CELLS:
        return cell_kind(cell) == BASIC_CELLS.get(part) or (part == "day" and cell == "reverse")
    if part == "lessons":
        return head.startswith("lesson-")
    if part == "transmissions":
        return head in ("initial", "middle", "final")
    if part == "method":
        return cell in ("method", "subname")
    if part == "patterns":
        return head == "pattern"
    return head == part


def _typed_text(part: str, value: object) -> str:
    if value is None:
        return ""
    return as_text(part, value)


def question_html(item: Item, lang: str) -> str:
    """What the item gives: the chart's inputs, or the moment and place (levels 2 and 13), the prompt
    of the reverse drill, the choices of level 11; every value escaped."""
    words = PRACTICE[lang]
    title = f"{item.level.number}. {level_title(item.level.number, lang)}"
    if item.drill:
        what = "kind" if item.drill in DRILL_PARTS else "type"
        title = f"{words['drill'].format(name=weak_name(what, item.drill, lang))} · {title}"
    lines = [escape(title)]
    if item.level.number == 1:
        # each given branch under its place's name (the places the 遁干 and 六親 boxes answer in order):
        # a deal may give one branch more than once, and 「酉 酉 酉」 bare read like a slip
        given = words["sep"].join(
            words["given-branch"].format(place=words["pos-branch"].format(n=n), branch=b)
            for n, b in enumerate(item.branches, 1)
        )
        lines.append(escape(f"{item.chart.day}日 · {given}"))
        body = "<br>".join(lines)
        spec = escape(item.chart.spec(), quote=True)
        return f'<div data-liuren-spec="{spec}">{theme_box(body, "font-family:sans-serif")}</div>'
    if item.level.number in MOMENT_LEVELS and item.moment is not None and item.place is not None:
        lines.append(escape(f"{item.moment:%Y-%m-%d %H:%M} (UTC{item.moment:%z}) · {item.place[0]}"))
        body = "<br>".join(lines)
    elif item.level.number == 12:
        lines.append(escape(f"{words['find']}: {item.prompt}"))
        body = "<br>".join(lines)
    else:
        # the chart's inputs keep the card's paper and ink (as the 課盤 does), inside the page's themed box
        body = "<br>".join(lines) + paper_box(caption_html(item.chart, lang, parts=()), "margin:4px 0 2px")
    if item.level.number == JUDGING:  # judging, not casting: the chart is shown whole
        body += chart_html(item.chart, labels=lang) + _judging_html(item, words)
    elif item.choices:
        body += "<br>" + escape(f"{words['choices']}: {' · '.join(item.choices)}")
    if item.level.number in MOMENT_LEVELS or item.level.number == 12:
        return theme_box(body, "font-family:sans-serif")
    # the spec of the inputs shown (day, hour, general, noble: no answer) for the page's tests; not where
    # the general or the day is the question
    spec = escape(item.chart.spec(), quote=True)
    return f'<div data-liuren-spec="{spec}">{theme_box(body, "font-family:sans-serif")}</div>'


def _judging_html(item: Item, words: dict[str, str]) -> str:
    """The judging level's question: the matter, the verdict words, and each reason offered with its
    quotation and source (as multiple choice, like level 11's names)."""
    from ..reading.statements import statements
    from ..reading.verdict import VERDICTS

    by_id = {s.id: s for s in statements()}
    month = [] if item.chart.month is None else [escape(f"月建: {item.chart.month}")]
    lines = [
        *month,
        escape(f"{words['matter']}: {item.prompt}"),
        escape(f"{words['verdicts']}: {' · '.join(VERDICTS)}"),
        escape(f"{words['choices']}:"),
    ]
    for sid in item.choices:
        s = by_id.get(sid)
        said = "" if s is None else f" 「{s.quote}」 ({s.source})"
        lines.append("&nbsp;&nbsp;" + escape(f"{sid}{said}"))
    return "<br>".join(lines)


__all__ = ["MISS_ROWS", "QUEUE", "Practice", "board_cells", "level_title", "plate_answer", "question_html"]
