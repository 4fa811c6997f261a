"""The HTML layout of a chart, as the classical books print a 課盤 (standard library only).

The same three blocks as :mod:`liuren.show.text`: the three transmissions (六親, 遁干, branch, general), the four lessons read right
to left (generals, uppers, lowers ending in the day stem), and the heaven plate written on the
fixed earth ring with 巳 in the top-left corner, clockwise. The HTML uses inline ``style=""``
only (untrusted notebooks strip ``<style>``, ids and scripts), escapes every string that reaches
it and gives identical bytes for identical inputs.

Every block is a card on its own paper background, and every element that holds text sets its own
ink colour: a notebook theme styles ``table``, ``td`` and ``caption`` with its text colour (light
grey on JupyterLab Dark), which would otherwise land on the paper. Each default colour reaches the
WCAG AA contrast of 4.5:1 on the paper (tests/test_html_contrast.py computes every pair emitted).
Text shown beside a card (a check's verdict, a widget's lines) sits on the same paper, in
:func:`paper_box`.

>>> from liuren import Chart
>>> chart_html(Chart("丙申", "午", "亥")).startswith("<div")
True
"""

from __future__ import annotations

import base64
import os
import re
from collections.abc import Collection, Iterable, Mapping
from html import escape
from importlib import resources
from itertools import islice
from typing import TYPE_CHECKING, TypeGuard, TypeVar

from ..cycle import BRANCHES, STEMS
from ..errors import ParseError, quote
from ..files import check_path, write_atomic
from ..lang import language
from ..school import PRESET_NAMES
from .labels import gloss, label
from .text import (
    BLANK,
    BRANCH_SET,
    KIN_SHORT,
    KIND_MARK,
    LESSON_NUMBERS,
    RING,
    STAGES,
    pattern_names,
)

if TYPE_CHECKING:
    from ..chart import Chart, Transmission
    from ..lessons import Lesson
    from ..plate import Plate

_T = TypeVar("_T")

COLORS = {
    "ink": "#1f1a17",
    "muted": "#6b625c",
    "paper": "#fbf8f1",
    "line": "#d8cfc0",
    "initial": "#b8322a",
    "middle": "#7d5a00",
    "final": "#2b6a8a",
    "mark": "#b8322a",
    "void": "#675e58",
    "step": "#f2e3b3",
}
"""The default palette: ink on paper, the three transmissions in vermilion, ochre and blue.
``line`` is for borders only; ``step`` is the background of the cells a construction step
(:mod:`liuren.show.steps`) points at; every other entry is a text colour with at least 4.5:1 contrast on
``paper`` (ink 16:1, muted, initial, final and mark 5.6:1, middle 5.9:1, void 6.0:1) and on the light
ochre #f2e3b3 too (at least 4.6:1)."""
_COLOR_VALUE = re.compile(
    r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|[a-zA-Z]{1,30}|(?:rgb|hsl)a?\([0-9., %]{1,40}\)"
)
"""A colour as markup may carry it: #rgb, #rgba, #rrggbb, #rrggbbaa, a name, or rgb()/hsl() of numbers:
no quote, bracket or semicolon can get through into an attribute or a style."""
FONT_STACK = "'Liuren Serif TC','Noto Serif CJK TC','Noto Serif TC','Noto Sans CJK TC','Source Han Serif TC',serif"


# ---------------------------------------------------------------- HTML pieces
def palette(colors: Mapping[str, str] | None) -> dict[str, str]:
    """:data:`COLORS` with the keys of ``colors`` replaced, each key and CSS colour checked (else a ParseError)."""
    chosen = dict(COLORS)
    if colors is not None and not isinstance(colors, Mapping):
        raise ParseError(
            f"colors={quote(colors)} must be a mapping such as {{'initial': '#a0522d'}}; keys: {', '.join(COLORS)}"
        )
    for key, value in (colors or {}).items():
        if key not in COLORS:
            raise ParseError(f"colors key {quote(key)} is not known; accepted: {', '.join(COLORS)}")
        if not isinstance(value, str) or not _COLOR_VALUE.fullmatch(value):
            raise ParseError(
                f"colors[{key!r}] = {quote(value)} is not a CSS colour such as '#b8322a', 'teal' or 'rgb(0,0,0)'"
            )
        chosen[key] = value
    return chosen


PAPER_CLASS = "liuren-paper"
"""The class of every :func:`paper_box` (a stable marker for the browser's contrast check)."""


def paper_box(inner: str, style: str = "", colors: Mapping[str, str] | None = None) -> str:
    """``inner`` (HTML) on the card's own paper in its own ink: for text shown beside a 課盤 rather
    than in it (a check's verdict, an exercise's question, a widget's fallback line). Without it the
    ink would land on the theme's background (dark ink on JupyterLab Dark's near-black). ``style``
    adds to (or overrides) the box's declarations; every colour set inside must reach 4.5:1 on the paper.

    >>> paper_box("甲").startswith('<div class="liuren-paper" style="color:#1f1a17;background:#fbf8f1')
    True
    """
    pal = palette(colors)
    return (
        f'<div class="{PAPER_CLASS}" style="color:{pal["ink"]};background:{pal["paper"]};border-radius:6px;'
        f'padding:4px 10px;width:fit-content;max-width:100%;box-sizing:border-box;{style}">{inner}</div>'
    )


THEME_CLASS = "liuren-themed"
"""The class a :func:`theme_box` adds to :data:`PAPER_CLASS`: its ink and paper are the theme's."""
THEME_INK = "--jp-content-font-color1"
THEME_PAPER = "--jp-layout-color1"
"""The JupyterLab theme variables a :func:`theme_box` takes its text colour and background from (their
pair reads at 16:1 or more in JupyterLab Light and Dark alike)."""


def theme_box(inner: str, style: str = "") -> str:
    """``inner`` (HTML) in the theme's own ink on the theme's own background, the card's ink and paper
    where no JupyterLab theme sets them (an exported page, a browser outside JupyterLab): the box a
    check's verdict is told in, which stood cream on JupyterLab Dark's near-black. A colour set inside
    must not depend on the background: a mark keeps a chip of the card's paper (:func:`mark_chip`).

    >>> theme_box("甲").startswith(
    ...     '<div class="liuren-paper liuren-themed" style="color:var(--jp-content-font-color1,#1f1a17);'
    ...     "background:var(--jp-layout-color1,#fbf8f1)"
    ... )
    True
    """
    return (
        f'<div class="{PAPER_CLASS} {THEME_CLASS}" style="color:var({THEME_INK},{COLORS["ink"]});'
        f"background:var({THEME_PAPER},{COLORS['paper']});border-radius:6px;padding:4px 10px;width:fit-content;"
        f'max-width:100%;box-sizing:border-box;{style}">{inner}</div>'
    )


RIGHT = "#2f7d32"
"""The green of a right answer (4.8:1 on the paper; the others are the palette's muted and mark)."""


def panel(inner: str, color: str, style: str = "") -> str:
    """A check's verdict panel: ``inner`` (HTML) in a :func:`theme_box` with a 4px bar of ``color`` on
    its left (:data:`RIGHT` for right, the palette's mark for wrong, its muted for nothing judged yet),
    in the sans-serif of the page's controls. Every check (``check()``, ``check_reading``,
    ``check_verdict``, the exercise's all-done line) is told in this one panel, so a learner reads
    right and wrong by the same bar whichever check spoke.

    >>> panel("甲", RIGHT).count("border-left:4px solid #2f7d32")
    1
    """
    return theme_box(inner, f"border-left:4px solid {color};font-family:sans-serif;font-size:14px;{style}")


def mark_chip(mark: str, color: str) -> str:
    """A check's mark (✔ ✘ ? …) in ``color`` (a palette colour, 4.5:1 or more on the paper) on a chip of
    the card's paper, so it reads the same on a light and a dark theme."""
    return (
        f'<span style="color:{color};background:{COLORS["paper"]};border-radius:3px;padding:0 3px;'
        f'font-weight:700">{escape(mark)}</span>'
    )


def _note_of(term: str, short: str, kind: str, labels: str) -> str:
    """The annotation of a 課盤 cell's kin or general: a reading annotates the whole term (官鬼 → 관귀),
    a gloss the one-character abbreviation the cell shows (鬼 → Officer)."""
    if language(labels).annotation == "reading":
        return gloss(term, labels)
    return gloss(short, labels, short=kind)


def _check_labels(labels: str) -> None:
    language(labels, "labels", "a label language")


def check_chart(chart: object) -> None:
    """Refuse anything that is not a :class:`~liuren.Chart` with a clear error."""
    from ..chart import Chart

    if not isinstance(chart, Chart):
        raise ParseError(
            f"expected a liuren.Chart, got {quote(chart)} ({type(chart).__name__}); build one with liuren.chart(...)"
        )


def _note(text: str, pal: dict[str, str]) -> str:
    """A small annotation line under a character (a Korean reading or an English gloss)."""
    if not text:
        return ""
    return f'<br><span style="font-size:11px;color:{pal["muted"]};font-family:sans-serif">{escape(text)}</span>'


def _td(content: str, color: str, style: str = "", title: str = "", span: int = 1) -> str:
    """A centred cell in ink ``color`` (always set: the theme's own ``td`` colour would show otherwise);
    ``span`` > 1 makes it span that many rows and columns (the ring's centre)."""
    spans = f'rowspan="{span}" colspan="{span}" ' if span > 1 else ""
    tip = f' title="{escape(title)}"' if title else ""
    return (
        f'<td {spans}style="text-align:center;vertical-align:middle;padding:2px 5px;border:none;'
        f'background:transparent;color:{color};{style}"{tip}>{content}</td>'
    )


def _table(rows: Iterable[str], heading: str, pal: dict[str, str]) -> str:
    """A block on its own paper (it may be shown alone, as ``chart.plate`` is, on a dark theme)."""
    body = "".join(f'<tr style="background:transparent">{row}</tr>' for row in rows)
    return (
        f'<table style="border-collapse:collapse;margin:0;font-size:inherit;table-layout:auto;'
        f'color:{pal["ink"]};background:{pal["paper"]}">'
        f'<caption style="caption-side:top;font-size:12px;color:{pal["muted"]};background:{pal["paper"]};'
        f'text-align:center;padding:0 0 3px">{heading}</caption>{body}</table>'
    )


PARTS = (
    "plate",
    "lesson-1",
    "lesson-2",
    "lesson-3",
    "lesson-4",
    "method",
    "initial",
    "middle",
    "final",
    "generals",
    "relations",
    "patterns",
)
"""The parts of a 課盤 in the order a construction fills them in (``parts=`` of :func:`chart_html`)."""


def part_shown(parts: Collection[str] | None, part: str) -> bool:
    """Whether ``part`` is drawn when a card shows ``parts`` (None: every part)."""
    return parts is None or part in parts


def _names(value: object) -> TypeGuard[Collection[str]]:
    """Whether ``value`` is a collection of str (a str, bytes or a mapping is not)."""
    return (
        isinstance(value, Collection)
        and not isinstance(value, str | bytes | bytearray | Mapping)
        and all(isinstance(v, str) for v in value)
    )


def check_parts(parts: object, cells: object) -> None:
    """Refuse (ParseError) ``parts`` that are not names from :data:`PARTS` and ``cells`` that are not names."""
    if parts is not None and (not _names(parts) or not set(parts) <= set(PARTS)):
        raise ParseError(
            f"parts={quote(parts)} is not understood; accepted: None (everything) or a collection of {', '.join(PARTS)}"
        )
    if not _names(cells):
        raise ParseError(
            f"cells={quote(cells)} is not understood; accepted: cell names such as 'heaven-卯', 'lesson-1', 'initial', 'noble'"
        )


def _parts_of(value: object, kind: type[_T], count: int, name: str, accepted: str) -> tuple[_T, ...]:
    """The ``count`` items of ``value`` when it holds exactly that many ``kind`` (else a ParseError)."""
    items: tuple[object, ...] = ()
    if isinstance(value, Iterable) and not isinstance(value, str | bytes | bytearray | Mapping):
        items = tuple(islice(value, count + 1))
    found = tuple(x for x in items if isinstance(x, kind))
    if len(items) != count or len(found) != count:
        raise ParseError(f"{name}={quote(value)} is not understood; accepted: {accepted}")
    return found


def _lit(on: bool, pal: dict[str, str]) -> str:
    """The background of a cell a step points at (after _td's own transparent background)."""
    return f";background:{pal['step']}" if on else ""


def highlights(chart: Chart | None, highlight: object, pal: dict[str, str]) -> dict[str, str]:
    """Heaven branch → colour, for the branches ``highlight`` asks to mark on the plate."""
    if highlight is None or highlight == "none":
        return {}
    if highlight in ("transmissions", "lessons"):
        if chart is None:
            return {}
        if highlight == "lessons":
            return {str(x.upper): pal["mark"] for x in chart.lessons}
        out: dict[str, str] = {}
        for t, key in zip(chart.transmissions, ("initial", "middle", "final"), strict=True):
            out.setdefault(str(t.branch), pal[key])
        return out
    if isinstance(highlight, str):
        items = list(highlight)
    elif isinstance(highlight, Iterable):
        items = [b if isinstance(b, str) else "" for b in highlight]
    else:
        items = [""]
    if not all(len(b) == 1 and b in BRANCH_SET for b in items):
        raise ParseError(
            f"highlight={quote(highlight)} is not understood; accepted: 'transmissions', 'lessons', 'none', "
            f"or heaven branches such as '卯申丑'"
        )
    return dict.fromkeys(items, pal["mark"])


def transmissions_html(
    transmissions: Iterable[Transmission],
    labels: str = "zh",
    colors: Mapping[str, str] | None = None,
    *,
    parts: Collection[str] | None = None,
    cells: Collection[str] = (),
) -> str:
    """The three transmissions as rows: stage, 六親, 遁干, branch, general, ◎ when void (旬空).

    ``parts`` (see :data:`PARTS`) leaves out what a construction has not reached yet ("initial",
    "middle", "final" for the branches, "generals", "relations" for 六親, 遁干 and 旬空); ``cells``
    ("initial", "middle", "final") get the step background."""
    from ..chart import Transmission

    given = _parts_of(
        transmissions, Transmission, 3, "transmissions", "a chart's three transmissions (chart.transmissions)"
    )
    _check_labels(labels)
    check_parts(parts, cells)
    pal = palette(colors)
    rows = []
    relations, generals = part_shown(parts, "relations"), part_shown(parts, "generals")
    for stage, t, key in zip(STAGES, given, ("initial", "middle", "final"), strict=True):
        lit = _lit(key in cells, pal)
        if not part_shown(parts, key):
            rows.append(
                _td(escape(stage), pal["muted"], "font-size:12px" + lit, label(stage, labels))
                + _td(BLANK, pal["ink"], "font-size:16px")
                + _td(BLANK, pal["muted"], "font-size:13px")
                + _td(BLANK, pal["ink"], "font-size:22px" + lit)
                + _td(BLANK, pal["ink"], "font-size:16px")
                + _td("", pal["void"], "font-size:12px")
            )
            continue
        kin = KIN_SHORT[t.relation]
        branch_color = pal["void"] if t.void and relations else pal[key]
        kin_note = _note_of(t.relation, kin, "kin", labels)
        general_note = _note_of(t.general, t.general.short, "general", labels)
        void = t.void and relations
        rows.append(
            _td(escape(stage), pal["muted"], "font-size:12px" + lit, label(stage, labels))
            + (
                _td(escape(kin) + _note(kin_note, pal), pal["ink"], "font-size:16px", t.relation)
                if relations
                else _td(BLANK, pal["ink"], "font-size:16px")
            )
            + _td(
                escape((t.stem or BLANK) if relations else BLANK),
                pal["muted"],
                "font-size:13px",
                "遁干" if t.stem and relations else "",
            )
            + _td(
                escape(t.branch) + _note(gloss(t.branch, labels), pal),
                branch_color,
                "font-size:22px;font-weight:bold" + lit,
            )
            + (
                _td(escape(t.general.short) + _note(general_note, pal), pal["ink"], "font-size:16px", t.general)
                if generals
                else _td(BLANK, pal["ink"], "font-size:16px")
            )
            + _td("◎" if void else "", pal["void"], "font-size:12px", "旬空" if void else "")
        )
    return _table(rows, escape(label("三傳", labels)), pal)


def lessons_html(
    lessons: Iterable[Lesson],
    labels: str = "zh",
    colors: Mapping[str, str] | None = None,
    *,
    parts: Collection[str] | None = None,
    cells: Collection[str] = (),
) -> str:
    """The four lessons read right to left: generals, uppers, lowers (the day stem rightmost), 克/賊.

    ``parts`` leaves out the lessons ("lesson-1" … "lesson-4") and generals ("generals") a
    construction has not reached; ``cells`` ("lesson-1" …) get the step background."""
    from ..lessons import Lesson

    items = _parts_of(lessons, Lesson, 4, "lessons", "a chart's four lessons (chart.lessons)")[::-1]
    _check_labels(labels)
    check_parts(parts, cells)
    pal = palette(colors)
    numbers = LESSON_NUMBERS[::-1]
    keys = [f"lesson-{n}" for n in (4, 3, 2, 1)]
    shown = [part_shown(parts, k) for k in keys]
    lit = [_lit(k in cells, pal) for k in keys]
    general_row = part_shown(parts, "generals")
    big = "font-size:22px;min-width:30px"
    head = "".join(
        _td(escape(n[1]), pal["muted"], "font-size:12px" + bg, label(n, labels))
        for n, bg in zip(numbers, lit, strict=True)
    )
    generals = "".join(
        _td(
            escape(x.general.short) + _note(_note_of(x.general, x.general.short, "general", labels), pal),
            pal["ink"],
            "font-size:16px" + bg,
            x.general,
        )
        if general_row and on
        else _td(BLANK, pal["ink"], "font-size:16px" + bg)
        for x, on, bg in zip(items, shown, lit, strict=True)
    )
    uppers = "".join(
        _td(
            escape(x.upper) + _note(gloss(x.upper, labels), pal),
            pal["mark"] if x.kind == "上克下" else pal["ink"],
            big + bg,
        )
        if on
        else _td(BLANK, pal["ink"], big + bg)
        for x, on, bg in zip(items, shown, lit, strict=True)
    )
    lowers = "".join(
        _td(
            escape(x.lower) + _note(gloss(x.lower, labels), pal),
            pal["mark"] if x.kind == "下賊上" else pal["ink"],
            big + (";font-weight:bold" if x.lower in STEMS else "") + bg,
        )
        if on
        else _td(BLANK, pal["ink"], big + bg)
        for x, on, bg in zip(items, shown, lit, strict=True)
    )
    kinds = "".join(
        _td(escape(KIND_MARK[x.kind]) if on else "", pal["mark"], "font-size:12px" + bg, x.kind if on else "")
        for x, on, bg in zip(items, shown, lit, strict=True)
    )
    return _table((head, generals, uppers, lowers, kinds), escape(label("四課", labels)), pal)


def plate_html(
    plate: Plate | Chart,
    labels: str = "zh",
    highlight: object = "transmissions",
    colors: Mapping[str, str] | None = None,
    *,
    parts: Collection[str] | None = None,
    cells: Collection[str] = (),
) -> str:
    """The heaven plate on the 4×4 earth ring: 巳 top-left, earth clockwise, heaven written big in
    each cell, the earth square small in its corner and, for a chart, the general riding above.

    ``parts`` leaves out the generals and the noble ("generals") a construction has not reached and
    colours only the transmissions it has; ``cells`` ("heaven-卯", "noble") get the step background."""
    from ..chart import Chart
    from ..plate import Plate

    if not isinstance(plate, Plate | Chart):
        raise ParseError(
            f"plate={quote(plate)} ({type(plate).__name__}) is not understood; accepted: a liuren.Chart or its "
            f"plate (chart.plate)"
        )
    _check_labels(labels)
    check_parts(parts, cells)
    pal = palette(colors)
    chart = plate if isinstance(plate, Chart) else None
    marks = highlights(chart, highlight, pal)
    if parts is not None and chart is not None and highlight == "transmissions":
        marks = {}
        for t, key in zip(chart.transmissions, ("initial", "middle", "final"), strict=True):
            if key in parts:
                marks.setdefault(str(t.branch), pal[key])
    generals = part_shown(parts, "generals")
    fate = _fate_squares(chart)
    d = plate.offset
    rows = []
    for r, row in enumerate(RING):
        row_cells: list[str] = []
        for p in row:
            if p is None:
                if r == 1 and len(row_cells) == 1:
                    row_cells.append(_centre(chart, plate, labels, pal, generals, "noble" in cells))
                continue
            earth, heaven = BRANCHES[p], BRANCHES[(p + d) % 12]
            general = chart.general_on(heaven) if chart is not None and generals else None
            color = marks.get(heaven)
            style = (
                f"font-size:22px;width:44px;height:50px;border:1px solid {pal['line']};padding:1px 3px;line-height:1.1"
            )
            if color:
                style += ";font-weight:bold"
            style += _lit(f"heaven-{heaven}" in cells, pal)
            top = (
                f'<span style="font-size:12px;color:{pal["ink"]};font-weight:normal">{escape(general.short)}</span><br>'
                if general
                else ""
            )
            foot = f'<br><span style="font-size:12px;color:{pal["muted"]};font-weight:normal">{escape(earth)}</span>'
            if earth in fate:  # the 年命 squares: 命 (本命) and 年 (行年) beside the earth branch
                foot = foot[:-7] + f'<span style="color:{pal["mark"]}">{escape(fate[earth][1])}</span></span>'
            note = _note(gloss(heaven, labels), pal)
            title = (
                f"地 {earth} · 天 {heaven}"
                + (f" · {general}" if general else "")
                + (f" · {fate[earth][0]}" if earth in fate else "")
            )
            row_cells.append(_td(top + escape(heaven) + note + foot, color or pal["ink"], style, title))
        rows.append("".join(row_cells))
    return _table(rows, escape(label("天地盤", labels)), pal)


def _fate_squares(chart: Chart | None) -> dict[str, tuple[str, str]]:
    """{earth branch: (title words, mark)} for the squares of the chart's 本命 and 行年 (empty without a 年命)."""
    nm = getattr(chart, "nianming", None)
    if nm is None:
        return {}
    found: dict[str, tuple[str, str]] = {str(nm.benming): ("本命", "命")}
    if str(nm.xingnian) in found:
        return {str(nm.xingnian): ("本命 · 行年", "命年")}
    found[str(nm.xingnian)] = ("行年", "年")
    return found


def _centre(
    chart: Chart | None, plate: Plate | Chart, labels: str, pal: dict[str, str], noble: bool = True, lit: bool = False
) -> str:
    lines = [escape(label(chart.plate.name if chart is not None else plate.name, labels))]  # type: ignore[union-attr]
    if chart is not None and noble:
        lines.append(escape(f"貴 {chart.noble_branch} {'順' if chart.generals_forward else '逆'}"))
    text = "<br>".join(x for x in lines if x)
    return _td(text, pal["muted"], "font-size:12px" + _lit(lit, pal), span=2)


def caption_html(
    chart: Chart, labels: str = "zh", colors: Mapping[str, str] | None = None, *, parts: Collection[str] | None = None
) -> str:
    """Two caption lines: the inputs (day, hour, month general, noble, void) and the school, the
    method with its lesson type, and the named patterns (``parts`` leaves out the noble before
    "generals", the void before "relations", the method before "method", the patterns before "patterns")."""
    check_chart(chart)
    _check_labels(labels)
    check_parts(parts, ())
    pal = palette(colors)
    noble = "晝貴" if chart.noble == "day" else "夜貴"
    school = PRESET_NAMES.get(chart.school.name, chart.school.name)

    glossing = language(labels).annotation == "gloss"

    def term(text: str, glossed: str = "") -> str:
        if glossing and glossed:  # a gloss composed here: the input's kind and its romanization
            return escape(language(labels).label.format(term=text, gloss=glossed))
        return escape(label(text, labels))

    def pinyin(chars: str) -> str:
        return "-".join(gloss(c, labels) for c in chars) if glossing else ""

    def of(value: str, kind: str) -> str:
        return f"{gloss(kind, labels, short='caption')} {pinyin(value)}" if glossing else ""

    inputs = [
        term(f"{chart.day}日", of(chart.day, "日")),
        term(f"{chart.hour}時", of(chart.hour, "時")),
        term(f"{chart.general}將", of(chart.general, "將")),
    ]
    if part_shown(parts, "generals"):
        inputs.append(term(noble))
    if part_shown(parts, "relations"):
        inputs.append(term("旬空") + " " + term("".join(chart.void), pinyin("".join(chart.void))))
    if chart.month is not None:
        inputs.insert(3, term(f"{chart.month}月", of(chart.month, "月")))
    if chart.nianming is not None:
        nm = chart.nianming
        inputs.append(
            term("本命")
            + " "
            + escape(f"{nm.benming} 上{nm.benming_upper}")
            + " "
            + term("行年")
            + " "
            + escape(f"{nm.xingnian} 上{nm.xingnian_upper}")
        )
    rule = [term("學派") + " " + term(school)]
    if part_shown(parts, "method"):
        rule.append(term(str(chart.method)) + " · " + term(chart.lesson_type))
    names = pattern_names(chart) if part_shown(parts, "patterns") else []
    if names:
        rule.append(term("格局") + " " + "、".join(term(n) for n in names))  # 課體 is the lesson type
    sep = f' <span style="color:{pal["muted"]};font-weight:normal">|</span> '
    return (
        f'<div style="font-size:14px;font-weight:bold;color:{pal["ink"]};margin:0 0 2px">{sep.join(inputs)}</div>'
        f'<div style="font-size:12px;color:{pal["muted"]};margin:0 0 8px">{sep.join(rule)}</div>'
    )


def chart_html(
    chart: Chart,
    *,
    labels: str = "zh",
    highlight: object = "transmissions",
    colors: Mapping[str, str] | None = None,
    parts: Collection[str] | None = None,
    cells: Collection[str] = (),
) -> str:
    """The whole 課盤 as one inline-styled HTML fragment: caption, 三傳, 四課 and 天地盤.

    ``labels`` is "zh", "ko" (Korean readings: 원수 元首) or "en" (English glosses);
    ``highlight`` marks heaven branches on the plate: "transmissions" (初 中 末 in their colours),
    "lessons" (the four uppers), "none", or branches such as "卯申"; ``colors`` overrides entries
    of :data:`COLORS`. ``parts`` (a collection of :data:`PARTS`; None = everything) draws the
    課盤 as a construction has built it so far, the rest left blank; ``cells`` are the cells a step
    points at ("heaven-卯", "lesson-1" … "lesson-4", "initial", "middle", "final", "noble").

    >>> from liuren import Chart
    >>> html = chart_html(Chart("丙申", "午", "亥"))
    >>> html.count("<table"), "<script" in html, html == chart_html(Chart("丙申", "午", "亥"))
    (3, False, True)
    """
    check_chart(chart)
    _check_labels(labels)
    check_parts(parts, cells)
    pal = palette(colors)
    gap = '<div style="width:22px;flex:none"></div>'
    return (
        f'<div lang="zh-Hant" style="display:inline-block;font-family:{FONT_STACK};color:{pal["ink"]};'
        f'background:{pal["paper"]};border:1px solid {pal["line"]};border-radius:6px;padding:10px 14px;line-height:1.25">'
        + caption_html(chart, labels, colors, parts=parts)
        + '<div style="display:flex;flex-wrap:wrap;align-items:flex-start;row-gap:10px">'
        + transmissions_html(chart.transmissions, labels, colors, parts=parts, cells=cells)
        + gap
        + lessons_html(chart.lessons, labels, colors, parts=parts, cells=cells)
        + gap
        + plate_html(chart, labels, highlight, colors, parts=parts, cells=cells)
        + "</div></div>"
    )


def font_data_uri() -> str:
    """The shipped WOFF2 subset as a data: URI for ``@font-face`` in standalone pages."""
    data = (resources.files("liuren") / "fonts" / "LiurenSerifTC.woff2").read_bytes()
    return "data:font/woff2;base64," + base64.b64encode(data).decode("ascii")


def to_html(
    chart: Chart, path: str | os.PathLike[str] | None = None, *, standalone: bool = True, **options: object
) -> str:
    """The chart as HTML to share: a whole page embedding the font when ``standalone`` (the
    default), else the fragment of :func:`chart_html`. Writes the page to ``path`` if given.
    ``options`` are those of :func:`chart_html`.

    ``path`` is a ``str`` or an ``os.PathLike`` naming a new file or a writable regular file in an
    existing folder. The page is written by :func:`liuren.files.write_atomic`: to a temporary file in
    the same folder, flushed, then renamed over ``path``, so a failure never leaves a partial page
    behind. A symlink at ``path`` is followed (the page replaces the file it points to, and the link
    stays a link). A folder, a device, a named pipe, a socket, a read-only file, and any path whose
    links pass through /dev, /proc or /sys (``/dev/stdout``) are refused with a
    :class:`~liuren.errors.WriteError`, never replaced.
    """
    check_chart(chart)
    if not isinstance(standalone, bool):
        raise ParseError(f"standalone={quote(standalone)} is not understood; accepted: True or False")
    unknown = sorted(set(options) - _HTML_OPTIONS)
    if unknown:
        raise ParseError(
            f"to_html() got unknown option(s) {quote(unknown)}; accepted: {', '.join(sorted(_HTML_OPTIONS))}"
        )
    target = None if path is None else check_path(path)  # refuse a bad path before building the page
    body = chart_html(chart, **options)  # type: ignore[arg-type]
    if standalone:
        title = escape(f"{chart.day}日 {chart.hour}時 {chart.general}將 · {chart.method} {chart.lesson_type}")
        body = (
            '<!DOCTYPE html>\n<html lang="zh-Hant">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{title}</title>\n"
            f'<style>@font-face{{font-family:"Liuren Serif TC";src:url({font_data_uri()}) format("woff2");}}</style>\n'
            f'</head>\n<body style="margin:16px;background:#ffffff">\n{body}\n</body>\n</html>\n'
        )
    if target is not None:
        write_atomic(target, body)
    return body


_HTML_OPTIONS = frozenset(("labels", "highlight", "colors"))
"""The keyword options of :func:`chart_html` that :func:`to_html` passes on."""
