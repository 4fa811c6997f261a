"""The dashboard, the wrong-answer book and the class report drawn: HTML, the plots as SVG built by hand
(standard library only: what the widget shows, and what ``plot()`` gives where matplotlib is not
installed, as in a JupyterLite site) and the same plots as matplotlib Figures where it is.

Like :meth:`liuren.Chart.plot` (:mod:`liuren.show.picture`), :func:`plot_history` and
:func:`plot_report` look for matplotlib and fall back to an :class:`~liuren.show.svg.SVGPicture`, which
Jupyter shows as the image: a missing matplotlib is detected, not an error. The SVG is written with
:mod:`liuren.show.svg`'s element writer, the one every SVG of the package uses. Every text put into SVG or HTML is
escaped; each bar carries ``data-`` attributes with its numbers, so tests read the plot back.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from datetime import datetime, tzinfo
from html import escape
from typing import TYPE_CHECKING, Any

from ..errors import ParseError, quote
from ..grading import cell_kind
from ..school import PRESET_NAMES
from ..show.html import COLORS, FONT_STACK, theme_box
from ..show.i18n import agree, check_lang
from ..show.picture import has_matplotlib
from ..show.svg import SVGPicture as SVGPicture  # the plots' picture, read from here too
from ..show.svg import document, number, tag
from ..show.words.practice import PRACTICE
from .dashboard import Miss, Summary
from .levels import LEVELS

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from .report import ClassReport

VERDICT_COLORS = {"right": "#2e7d32", "half": COLORS["middle"], "wrong": COLORS["initial"]}
"""The colour of each verdict's bars (each at least 4.5:1 on the paper, as text too)."""
SIZE = (640, 240)
"""The plots' size in pixels (SVG) and, at 100 dpi, in inches (matplotlib)."""
MARGIN = (44, 12, 34, 44)
"""Left, right, top and bottom margins of the plot area (pixels)."""
LABEL_EVERY = 7
"""The history's x axis names every 7th day (and the last)."""
CJK_FAMILIES = ("Liuren Serif TC", "Noto Sans CJK KR", "Noto Serif CJK KR", "Noto Sans CJK JP", "NanumGothic")
"""The families a matplotlib plot's labels try, before its own default (the shipped subset has the
Chinese terms; Korean needs a system font)."""


# ------------------------------------------------------------------------------------- SVG pieces
def _text(x: float, y: float, text: str, size: int = 12, anchor: str = "start", color: str = COLORS["ink"]) -> str:
    at = [("x", number(x)), ("y", number(y)), ("font-size", size), ("text-anchor", anchor), ("fill", color)]
    return tag("text", at, escape(text))


def _rect(x: float, y: float, w: float, h: float, fill: str) -> str:
    return tag(
        "rect", [("x", number(x)), ("y", number(y)), ("width", number(w)), ("height", number(h)), ("fill", fill)]
    )


def _svg(body: Iterable[str], label: str) -> str:
    w, h = SIZE
    head = [("width", w), ("height", h), ("viewBox", f"0 0 {w} {h}"), ("role", "img")]
    head += [("aria-label", escape(label, quote=True)), ("font-family", escape(FONT_STACK, quote=True))]
    return document(head, [tag("rect", [("width", w), ("height", h), ("fill", COLORS["paper"])]), *body])


def _legend(entries: Sequence[tuple[str, str]], y: float) -> list[str]:
    out, x = [], float(MARGIN[0])
    for color, label in entries:
        out += [_rect(x, y - 9, 10, 10, color), _text(x + 14, y, label, 11)]
        x += 26 + 11 * len(label)
    return out


Group = tuple[str, Sequence[tuple[str, object]], Sequence[tuple[str, int]], str]
"""A bar: its axis label (or ""), its data attributes as (name, value) pairs, its [(colour, count), …]
bottom first, and a note written above it (or "")."""


def _stacked_bars(groups: Sequence[Group], title: str, legend: Sequence[tuple[str, str]]) -> str:
    """Stacked bars (:data:`Group`), on a y axis from 0 to the largest total, with the ``title`` above
    and the ``legend`` below."""
    w, h = SIZE
    left, right, top, bottom = MARGIN
    plot_w, plot_h = w - left - right, h - top - bottom
    peak = max([sum(n for _, n in parts) for _, _, parts, _ in groups] + [1])
    step = plot_w / max(len(groups), 1)
    body = [_text(left, 20, title, 13)]
    body.append(
        tag(
            "line",
            [("x1", left), ("y1", top + plot_h), ("x2", w - right), ("y2", top + plot_h), ("stroke", COLORS["line"])],
        )
    )
    for value in sorted({0, peak // 2, peak}):
        y = top + plot_h - plot_h * value / peak
        body.append(_text(left - 6, y + 4, str(value), 10, "end", COLORS["muted"]))
    for n, (label, attrs, parts, note) in enumerate(groups):
        x = left + n * step + step * 0.1
        y = float(top + plot_h)
        bars = []
        for color, count in parts:
            if count:
                height = plot_h * count / peak
                y -= height
                bars.append(_rect(x, y, step * 0.8, height, color))
        body.append(tag("g", attrs, "".join(bars)))
        if note:
            body.append(_text(x + step * 0.4, y - 3, note, 10, "middle", COLORS["final"]))
        if label:
            body.append(_text(x + step * 0.4, top + plot_h + 14, label, 10, "middle", COLORS["muted"]))
    body += _legend(legend, h - 8)
    return _svg(body, title)


# ------------------------------------------------------------------------------------- the dashboard
def _labelled(count: int) -> list[int]:
    """The days the history's axis names: every :data:`LABEL_EVERY`-th from the last one back."""
    return sorted(range(count - 1, -1, -LABEL_EVERY))


def _history_groups(summary: Summary) -> list[Group]:
    days = summary.history
    named = set(_labelled(len(days)))
    out: list[Group] = []
    for n, d in enumerate(days):
        label = d.day.strftime("%m-%d") if n in named else ""
        attrs = [
            ("data-day", d.day.isoformat()),
            ("data-right", d.right),
            ("data-half", d.half),
            ("data-wrong", d.wrong),
        ]
        parts = [
            (VERDICT_COLORS["right"], d.right),
            (VERDICT_COLORS["half"], d.half),
            (VERDICT_COLORS["wrong"], d.wrong),
        ]
        out.append((label, attrs, parts, ""))
    return out


def _verdict_legend(lang: str) -> list[tuple[str, str]]:
    w = PRACTICE[lang]
    return [(VERDICT_COLORS[v], w[f"n-{v}"]) for v in ("right", "half", "wrong")]


def _need(value: object, kind: type, name: str, accepted: str) -> None:
    """Refuse an argument of the wrong kind with a ParseError (not an AttributeError half-way)."""
    if not isinstance(value, kind):
        raise ParseError(f"{name}={quote(value, 60)} is not {accepted}")


def _summary(summary: object) -> None:
    _need(summary, Summary, "summary", "a Summary; accepted: Practice.summary(now)")


def _report(report: object) -> None:
    from .report import ClassReport

    _need(report, ClassReport, "report", "a ClassReport; accepted: class_report(paths)")


def history_svg(summary: Summary, lang: str = "ko") -> SVGPicture:
    """The reviews per day of ``summary`` (right, half, wrong stacked, the oldest day on the left) as SVG."""
    _summary(summary)
    lang = check_lang(lang)
    title = agree(PRACTICE[lang]["dash-history"].format(days=len(summary.history)))
    svg = _stacked_bars(_history_groups(summary), title, _verdict_legend(lang))
    return SVGPicture(svg, f"history of {len(summary.history)} days")


def _figure() -> tuple[Figure, Any, list[str]]:
    from matplotlib import font_manager

    from ..show.drawing import PlateFigure, register_font

    register_font()
    have = {f.name for f in font_manager.fontManager.ttflist}
    families = [f for f in CJK_FAMILIES if f in have] + ["DejaVu Sans"]
    fig = PlateFigure(figsize=(SIZE[0] / 100, SIZE[1] / 100), dpi=100, facecolor=COLORS["paper"])
    ax = fig.add_axes((0.07, 0.2, 0.91, 0.68))
    ax.set_facecolor(COLORS["paper"])
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    return fig, ax, families


def history_figure(summary: Summary, lang: str = "ko") -> Figure:
    """The same plot as :func:`history_svg`, a matplotlib Figure (object-oriented API, no pyplot)."""
    _summary(summary)
    lang = check_lang(lang)
    fig, ax, families = _figure()
    x = list(range(len(summary.history)))
    bottom = [0] * len(x)
    for verdict in ("right", "half", "wrong"):
        counts = [getattr(d, verdict) for d in summary.history]
        ax.bar(x, counts, 0.8, bottom=bottom, color=VERDICT_COLORS[verdict], label=PRACTICE[lang][f"n-{verdict}"])
        bottom = [b + c for b, c in zip(bottom, counts, strict=True)]
    ticks = _labelled(len(x))
    ax.yaxis.get_major_locator().set_params(integer=True)
    ax.set_xticks(ticks, [summary.history[n].day.strftime("%m-%d") for n in ticks], fontsize=8)
    ax.set_title(agree(PRACTICE[lang]["dash-history"].format(days=len(x))), family=families, fontsize=11, loc="left")
    ax.legend(prop={"family": families, "size": 8}, frameon=False, loc="upper left", ncols=3)
    ax.set_ylim(0, max([*bottom, 1]) * 1.25)
    return fig


def plot_history(summary: Summary, lang: str = "ko") -> Figure | SVGPicture:
    """:meth:`Summary.plot`: a matplotlib Figure, or the :class:`SVGPicture` where matplotlib is absent."""
    if not has_matplotlib():
        return history_svg(summary, lang)
    return history_figure(summary, lang)


def level_title(number: int, lang: str) -> str:
    """Level ``number``'s title in ``lang`` (the level's own English title for "en")."""
    return PRACTICE[lang].get(f"level-{number}", LEVELS[number - 1].title)


def cell_label(cell: str | None, lang: str) -> str:
    """A cell key ("initial.hidden-stem", "plate.子", "lesson-2.upper", "void") in the learner's words
    (初傳 遁干, 子 위 天盤, 第2課 上神, 旬空): what the page shows instead of the key."""
    if not cell:
        return ""
    from .answers import cell_kind

    w = PRACTICE[lang]
    head, _, tail = cell.partition(".")
    kind = cell_kind(cell)
    name = w.get(f"cell-{kind}", kind)
    if head == "plate":
        return f"{w['pos-plate'].format(b=tail)} {name}"
    if head.startswith("lesson-"):
        return f"{w['pos-lesson'].format(n=head[7:])} {name}"
    if head in ("initial", "middle", "final"):
        return f"{w[f'pos-{head}']} {name}"
    if head.startswith("branch-"):
        return f"{w['pos-branch'].format(n=head[7:])} {name}"
    if head == "pattern":
        return f"{name} {tail}"
    return name


def weak_name(what: str, name: str, lang: str) -> str:
    """The name of a weak cell kind (in the learner's words: 遁干) or lesson type (知一)."""
    return str(PRACTICE[lang].get(f"cell-{name}", name)) if what == "kind" else name


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def _table(head: Sequence[str], rows: Iterable[Sequence[str]], attrs: str = "") -> str:
    cell = f"padding:2px 8px;border-bottom:1px solid {COLORS['line']};text-align:left"
    th = "".join(f'<th style="{cell}">{escape(h)}</th>' for h in head)
    body = "".join("<tr>" + "".join(f'<td style="{cell}">{escape(v)}</td>' for v in row) + "</tr>" for row in rows)
    return f'<table {attrs} style="border-collapse:collapse;font-size:13px;margin:6px 0">{th and f"<tr>{th}</tr>"}{body}</table>'


def dashboard_html(summary: Summary, lang: str = "ko") -> str:
    """The dashboard: the figures (due, streak, reviews), the history plot (SVG; a line saying nothing
    was answered yet instead, before the first review) and the mastery of each open or answered level
    and of each lesson type answered, as tables; every text escaped."""
    _summary(summary)
    lang = check_lang(lang)
    w = PRACTICE[lang]
    figures = agree(w["dash-figures"].format(due=summary.due, streak=summary.streak, reviews=summary.reviews))
    levels = [
        (
            f"{m.level}. {level_title(m.level, lang)}",
            _pct(m.mastery),
            f"{m.seen}/{m.cards}",
            str(m.answered),
            "✓" if m.passed else "",
        )
        for m in summary.levels
        if m.open or m.answered
    ]
    types = [
        (t.lesson_type, _pct(t.mastery), f"{t.seen}/{t.cards}", str(t.answered), str(t.right))
        for t in summary.types
        if t.answered
    ]
    weak = "".join(
        f'<div data-liuren-weak="{escape(x.name, quote=True)}">'
        f"{escape(w['suggest'].format(name=weak_name(x.what, x.name, lang), recall=_pct(x.recall)))} · "
        f"「{escape(w['drill'].format(name=weak_name(x.what, x.name, lang)))}」</div>"
        for x in summary.weak
    )
    # with no review yet, no empty plot: and the page's saved output stays the same from day to day
    plot = history_svg(summary, lang).svg if summary.reviews else f"<div>{escape(w['dash-empty'])}</div>"
    parts = [
        f'<div style="font-size:14px;margin-bottom:4px"><b>{escape(w["dash-title"])}</b> · {escape(figures)}</div>',
        weak,
        plot,
        _table(
            [w["dash-level"], w["dash-mastery"], w["dash-seen"], w["dash-answered"], w["dash-passed"]],
            levels,
            'data-liuren-dashboard="levels"',
        ),
    ]
    if types:
        parts.append(
            _table(
                [w["dash-type"], w["dash-mastery"], w["dash-seen"], w["dash-answered"], w["dash-right"]],
                types,
                'data-liuren-dashboard="types"',
            )
        )
    return theme_box("".join(parts), "font-family:sans-serif")


def _when(moment: datetime, zone: tzinfo | None) -> str:
    """A review's time on the learner's clock (``zone``; None: this computer's), with its UTC offset."""
    local = moment.astimezone(zone)
    offset = local.strftime("%z")
    return f"{local:%Y-%m-%d %H:%M} (UTC{offset[:3]}:{offset[3:]})"


def school_name(name: str) -> str:
    """A school as the learner reads it: a preset by its book (``"default"`` → 指南, ``"tanyuan"`` → 探原,
    ``"daquan"`` → 大全), any other name as it is.

    >>> school_name("default"), school_name("daquan"), school_name("mine")
    ('指南', '大全', 'mine')
    """
    return PRESET_NAMES.get(name, name)


def miss_rule(miss: Miss, lang: str) -> str:
    """The rule of ``miss`` in ``lang``. A miss that keeps its answer (``miss.answer``) has its item
    dealt again (:func:`~liuren.practice.levels.restore`) and the answer graded again in ``lang``, so
    a miss made on the Korean page reads in English on the English one, at every level. A miss stored
    before the store kept the answer: a rule of levels 1 and 2
    (:func:`~liuren.practice.answers.chart_rule`) is said again in ``lang`` from the miss's chart, when
    the stored words are that rule's in one of the languages; any other is shown as it was stored."""
    from ..chart import Chart
    from ..lang import codes
    from .answers import chart_rule

    lang = check_lang(lang)
    if miss.answer is not None and miss.item is not None:
        said = _graded_again(miss, lang)
        if said is not None:
            return said
    if miss.level in (1, 2) and miss.cell and miss.rule:
        kind = cell_kind(miss.cell)
        try:
            chart = Chart.parse(miss.spec)
            said_in = {chart_rule(chart, kind, code) for code in codes()}
        except (KeyError, ParseError):  # a cell kind without a rule of its own, or a chart it cannot read
            return miss.rule
        if miss.rule in said_in:
            return chart_rule(chart, kind, lang)
    return miss.rule


def _graded_again(miss: Miss, lang: str) -> str | None:
    """The rule of ``miss`` from its item and answer graded again in ``lang`` (None when the stored
    item or answer cannot be read, or the answer is no longer a miss: then the stored rule stands)."""
    from ..chart import Chart
    from .answers import answer
    from .levels import restore

    try:
        shown, given = json.loads(str(miss.item)), json.loads(str(miss.answer))
        if not isinstance(shown, dict) or not isinstance(given, dict):
            return None
        item = restore(miss.level, Chart.parse(miss.spec), shown, random.Random(0))
        grade = answer(item, given, lang, step=True)
    except (ValueError, TypeError):  # ParseError and Unfinished are ValueErrors, as is malformed JSON
        return None
    return grade.rule if grade.verdict != "right" and grade.rule else None


def miss_line(miss: Miss, lang: str = "ko", zone: tzinfo | None = None) -> str:
    """One miss as a line of text: when (on the learner's clock, ``zone``; None: this computer's), the
    level, the chart it was dealt under, the first wrong cell (in ``lang``) and the rule missed."""
    _need(miss, Miss, "miss", "a Miss; accepted: one of Practice.misses()")
    lang = check_lang(lang)
    chart = f"{miss.day}日 {miss.hour}時 {miss.general}將 · {school_name(miss.school)}"
    cell = f" · {cell_label(miss.cell, lang)}" if miss.cell else ""
    rule = f" · {miss_rule(miss, lang)}" if miss.rule else ""
    return f"{_when(miss.reviewed, zone)} · {miss.level}. {chart}{cell}{rule}"


def misses_html(misses: Sequence[Miss], lang: str = "ko", zone: tzinfo | None = None) -> str:
    """The wrong-answer book as a table: when (on the learner's clock, ``zone``; None: this computer's),
    level, the chart (day, hour, general, school), the first wrong cell (in ``lang``) and the rule
    missed; every text escaped."""
    if isinstance(misses, str | bytes) or not isinstance(misses, Sequence):
        raise ParseError(f"misses={quote(misses, 60)} is not a list of misses; accepted: Practice.misses()")
    for m in misses:
        _need(m, Miss, "miss", "a Miss; accepted: one of Practice.misses()")
    lang = check_lang(lang)
    w = PRACTICE[lang]
    if not misses:
        return theme_box(escape(w["misses-none"]), "font-family:sans-serif")
    rows = [
        (
            _when(m.reviewed, zone),
            f"{m.level}",
            f"{m.day}日 {m.hour}時 {m.general}將 · {school_name(m.school)}",
            cell_label(m.cell, lang),
            miss_rule(m, lang),
        )
        for m in misses
    ]
    head = [w["miss-when"], w["dash-level"], w["miss-chart"], w["miss-cell"], w["miss-rule"]]
    return theme_box(_table(head, rows, 'data-liuren-misses=""'), "font-family:sans-serif")


# ------------------------------------------------------------------------------------- the report
def _stuck_note(count: int) -> str:
    return f"▲{count}" if count else ""


def _report_groups(report: ClassReport) -> list[Group]:
    return [
        (
            row.lesson_type,
            [
                ("data-type", escape(row.lesson_type, quote=True)),
                ("data-reviews", row.reviews),
                ("data-misses", row.misses),
                ("data-stuck", len(row.stuck)),
            ],
            [(VERDICT_COLORS["right"], row.reviews - row.misses), (VERDICT_COLORS["wrong"], row.misses)],
            _stuck_note(len(row.stuck)),
        )
        for row in report.rows
    ]


def _report_legend(lang: str) -> list[tuple[str, str]]:
    w = PRACTICE[lang]
    return [
        (VERDICT_COLORS["right"], w["n-right"]),
        (VERDICT_COLORS["wrong"], w["report-misses"]),
        (COLORS["final"], f"▲ {w['report-stuck-n']}"),
    ]


def report_svg(report: ClassReport, lang: str = "ko") -> SVGPicture:
    """The class report as SVG: per lesson type a bar of the class's answers, right under wrong (half
    counts as wrong here), with ▲ and the number of stuck learners above it."""
    _report(report)
    lang = check_lang(lang)
    svg = _stacked_bars(_report_groups(report), PRACTICE[lang]["report-plot"], _report_legend(lang))
    return SVGPicture(svg, f"class report of {len(report.learners)} learners")


def report_figure(report: ClassReport, lang: str = "ko") -> Figure:
    """The same plot as :func:`report_svg`, a matplotlib Figure."""
    _report(report)
    lang = check_lang(lang)
    fig, ax, families = _figure()
    x = list(range(len(report.rows)))
    right = [row.reviews - row.misses for row in report.rows]
    misses = [row.misses for row in report.rows]
    (right_color, right_label), (wrong_color, wrong_label), (stuck_color, stuck_label) = _report_legend(lang)
    ax.bar(x, right, 0.8, color=right_color, label=right_label)
    ax.bar(x, misses, 0.8, bottom=right, color=wrong_color, label=wrong_label)
    for n, row in enumerate(report.rows):
        if row.stuck:
            ax.text(
                n, row.reviews, _stuck_note(len(row.stuck)), ha="center", va="bottom", color=stuck_color, fontsize=8
            )
    ax.plot([], [], " ", label=stuck_label)
    rotate = 45 if len(x) > 12 else 0
    ax.set_xticks(x, [row.lesson_type for row in report.rows], family=families, fontsize=8, rotation=rotate)
    ax.yaxis.get_major_locator().set_params(integer=True)
    ax.set_title(PRACTICE[lang]["report-plot"], family=families, fontsize=11, loc="left")
    ax.legend(prop={"family": families, "size": 8}, frameon=False, loc="upper right", ncols=3)
    ax.set_ylim(0, max([row.reviews for row in report.rows] + [1]) * 1.3)
    return fig


def plot_report(report: ClassReport, lang: str = "ko") -> Figure | SVGPicture:
    """:meth:`ClassReport.plot`: a matplotlib Figure, or the :class:`SVGPicture` where matplotlib is absent."""
    if not has_matplotlib():
        return report_svg(report, lang)
    return report_figure(report, lang)


def report_html(report: ClassReport, lang: str = "ko") -> str:
    """The class report as a table (lesson type, answers, wrong answers, the commonest first wrong cell
    with its count, the stuck learners) under a line naming the learners; every text escaped."""
    from .report import STUCK

    _report(report)
    lang = check_lang(lang)
    w = PRACTICE[lang]
    head = [
        w["report-type"],
        w["report-reviews"],
        w["report-misses"],
        w["report-step"],
        w["report-stuck"].format(misses=STUCK[0], window=STUCK[1]),
    ]
    rows = [
        (
            row.lesson_type,
            str(row.reviews),
            str(row.misses),
            "" if row.step is None else f"{row.step} ×{row.step_count}",
            ", ".join(row.stuck),
        )
        for row in report.rows
    ]
    learners = agree(w["report-learners"].format(count=len(report.learners)))
    top = f'<div style="font-size:14px"><b>{escape(w["report-title"])}</b> · {escape(learners)}: {escape(", ".join(report.learners))}</div>'
    for path, earlier in report.duplicates:
        top += f'<div data-liuren-duplicate="">{escape(w["report-duplicate"].format(path=path, earlier=earlier))}</div>'
    return theme_box(top + _table(head, rows, 'data-liuren-report=""'), "font-family:sans-serif")


__all__ = [
    "SVGPicture",
    "cell_label",
    "dashboard_html",
    "history_figure",
    "history_svg",
    "level_title",
    "miss_line",
    "misses_html",
    "plot_history",
    "plot_report",
    "report_figure",
    "report_html",
    "report_svg",
    "weak_name",
]
