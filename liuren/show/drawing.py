"""Matplotlib plates: the round 式盤 (earth fixed, heaven turned over it) and the book's square ring.

Imported lazily by :meth:`Chart.plot` and the figure tools, never by ``import liuren``. Every
figure is made with the object-oriented API (``matplotlib.figure.Figure``), so nothing lands in
pyplot's global state. Geometry is pure: :func:`ring_angle` and :func:`square_cell` say where a
square goes, and every ring label carries a ``gid`` ("earth-子", "heaven-卯", "general-太常") so
tests can read the drawing back.

>>> from liuren import Chart
>>> ax = draw_plate(Chart("丙申", "午", "亥"))
>>> sorted({t.get_gid().split("-")[0] for t in ax.texts if t.get_gid()})
['earth', 'general', 'heaven', 'lesson', 'stem', 'transmission']
"""

from __future__ import annotations

import math
from importlib import resources
from io import BytesIO
from itertools import pairwise
from numbers import Real
from typing import TYPE_CHECKING, Any

from matplotlib import font_manager
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyArrowPatch, Rectangle, Wedge
from matplotlib.patheffects import withStroke

from ..cycle import BRANCHES
from ..errors import ParseError, quote
from ..school import NOBLE_LABEL
from .html import COLORS, check_chart, highlights, palette
from .svg import FILLS, STAGES  # the plate's geometry, written once in svg.py, and read from here too
from .svg import R_EARTH as R_EARTH
from .svg import R_GENERAL as R_GENERAL
from .svg import R_HEAVEN as R_HEAVEN
from .svg import ring_angle as ring_angle
from .text import RING

if TYPE_CHECKING:
    from collections.abc import Mapping

    from matplotlib.axes import Axes
    from matplotlib.text import Text

    from ..chart import Chart

FONT_FILE = "LiurenSerifTC.otf"
FAMILY = "Liuren Serif TC"
EARTH_FILL, HEAVEN_FILL, GENERAL_FILL = FILLS
STAGE_KEYS = STAGES
STAGE_CHARS = "初中末"
LESSON_CHARS = "一二三四"
_registered: list[str] = []


def register_font() -> str:
    """Register the shipped "Liuren Serif TC" subset with matplotlib (once per session); return its family.

    ``fontManager.addfont`` is not persisted in matplotlib's cache, so every session registers it again.
    """
    if not _registered:
        path = str(resources.files("liuren") / "fonts" / FONT_FILE)
        font_manager.fontManager.addfont(path)
        _registered.append(font_manager.FontProperties(fname=path).get_name())
    return _registered[0]


def square_cell(sector: int) -> tuple[int, int]:
    """(column, row from the top) of earth square ``sector`` in the 4×4 ring (巳 top-left, clockwise)."""
    for r, row in enumerate(RING):
        if sector in row:
            return row.index(sector), r
    raise ValueError(f"{sector!r} is not an earth square 0–11")


def polar(radius: float, angle: float) -> tuple[float, float]:
    """The point at ``radius`` and ``angle`` (degrees, counter-clockwise from the x axis)."""
    a = math.radians(angle)
    return radius * math.cos(a), radius * math.sin(a)


def _check_axes(ax: object) -> None:
    """None or a matplotlib Axes that belongs to a figure; anything else is a ParseError."""
    from matplotlib.axes import Axes as _Axes

    if ax is not None and not (isinstance(ax, _Axes) and ax.get_figure() is not None):
        raise ParseError(
            f"ax={quote(ax)} ({type(ax).__name__}) is not a matplotlib Axes; accepted: None (a new figure) "
            f"or an Axes such as plt.subplots()[1] or fig.add_axes((0, 0, 1, 1))"
        )


def _check_drawable(pal: Mapping[str, str]) -> None:
    """Every colour of the palette is one matplotlib can draw (CSS forms such as 'rgb(0,0,0)' are not)."""
    from matplotlib.colors import is_color_like

    for key, value in pal.items():
        if not is_color_like(value):
            raise ParseError(
                f"colors[{key!r}] = {quote(value)} is a CSS colour matplotlib cannot draw; "
                f"accepted for drawings: '#rrggbb', '#rgb' or a named colour such as 'teal'"
            )


class PlateFigure(Figure):
    """A matplotlib Figure that Jupyter shows as its PNG by itself: a Figure made with the
    object-oriented API is shown as an image only once ``%matplotlib inline`` has run (which fails
    where matplotlib is absent, as in a JupyterLite site); where the inline backend is on, it is
    drawn as any Figure."""

    def _repr_png_(self) -> bytes:
        buf = BytesIO()
        self.savefig(buf, format="png", metadata={"Software": None})
        return buf.getvalue()


def _new_axes(ax: Axes | None, width: float, height: float | None = None) -> Axes:
    if ax is not None:
        return ax
    fig = PlateFigure(figsize=(width, height or width), dpi=100, facecolor="white")
    return fig.add_axes((0, 0, 1, 1))


class Pen:
    """What every drawing step needs: the Axes, the font family, the palette and the scale ``k``
    (font sizes and line widths are given for a 6.4-inch plate and scaled to the Axes' size)."""

    def __init__(self, ax: Axes, family: str, pal: dict[str, str], base: float) -> None:
        self.ax, self.family, self.pal = ax, family, pal
        fig = ax.get_figure()
        w, h = ax.get_position().size * fig.get_size_inches()  # type: ignore[union-attr]
        self.k: float = min(w, h) / base

    def text(self, x: float, y: float, s: str, size: float, gid: str = "", bold: bool = False, **kw: Any) -> Text:
        """Text in the shipped face, centred unless told; ``bold`` thickens the strokes (the subset has one weight)."""
        kw.setdefault("ha", "center")
        kw.setdefault("va", "center")
        if bold:
            kw["path_effects"] = [withStroke(linewidth=size * self.k / 22, foreground=kw.get("color", "black"))]
        if "bbox" in kw:
            kw.setdefault("zorder", 7)
        t = self.ax.text(x, y, s, fontsize=size * self.k, family=[self.family, "DejaVu Sans"], **kw)
        if gid:
            t.set_gid(gid)
        return t

    def lw(self, width: float) -> float:
        return width * self.k


def draw_plate(
    chart: Chart,
    ax: Axes | None = None,
    style: str = "round",
    *,
    highlight: object = "transmissions",
    colors: Mapping[str, str] | None = None,
    arrows: bool = True,
    title: bool = True,
) -> Axes:
    """Draw the chart's 天地盤 on ``ax`` (a new square Figure when None) and return the Axes.

    ``style="round"``: the earth ring fixed outside, the heaven ring turned by the offset inside it,
    the twelve generals on a third ring, the month general over the hour outlined, the day stem at
    its lodging square, the four lessons numbered and the three transmissions coloured and joined
    by arrows in order (初 → 中 → 末). ``style="square"``: the 4×4 ring of the printed 課盤 with the
    same marks. ``highlight`` and ``colors`` are those of :func:`liuren.show.html.chart_html`.
    """
    check_chart(chart)
    if style not in ("round", "square"):
        raise ParseError(f"style={quote(style)} is not a plate style; accepted: 'round', 'square'")
    _check_axes(ax)
    for name, flag in (("arrows", arrows), ("title", title)):
        if not isinstance(flag, bool):
            raise ParseError(f"{name}={quote(flag)} is not understood; accepted: True or False")
    family = register_font()
    pal = palette(colors)
    _check_drawable(pal)
    marks = highlights(chart, highlight, pal)
    if style == "round":
        ax = _new_axes(ax, 6.4)
        _round(chart, Pen(ax, family, pal, 6.4), marks, arrows, title)
    else:
        ax = _new_axes(ax, 6.0, 6.0 * (4.86 / 4.16 if title else 1.0))
        _square(chart, Pen(ax, family, pal, 6.0), marks, arrows, title)
    return ax


def _round_rings(chart: Chart, pen: Pen) -> None:
    """The three rings of twelve wedges, the white centre, the two ink circles and the hour's outline."""
    ax, pal = pen.ax, pen.pal
    ink, line = pal["ink"], pal["line"]
    for (r0, r1), fill in ((R_EARTH, EARTH_FILL), (R_HEAVEN, HEAVEN_FILL), (R_GENERAL, GENERAL_FILL)):
        for s in range(12):
            a = ring_angle(s)
            ax.add_patch(
                Wedge((0, 0), r1, a - 15, a + 15, width=r1 - r0, facecolor=fill, edgecolor=line, lw=pen.lw(0.8))
            )
    ax.add_patch(Circle((0, 0), R_GENERAL[0], facecolor="white", edgecolor=line, lw=pen.lw(0.8)))
    ax.add_patch(Circle((0, 0), R_HEAVEN[1], fill=False, edgecolor=ink, lw=pen.lw(1.6)))
    ax.add_patch(Circle((0, 0), R_EARTH[1], fill=False, edgecolor=ink, lw=pen.lw(1.6)))

    hour = chart.hour.ordinal
    a = ring_angle(hour)
    ax.add_patch(
        Wedge(
            (0, 0),
            R_EARTH[1],
            a - 15,
            a + 15,
            width=R_EARTH[1] - R_HEAVEN[0],
            fill=False,
            edgecolor=pal["mark"],
            lw=pen.lw(2.4),
            zorder=4,
        )
    )


def _round_squares(chart: Chart, pen: Pen, marks: dict[str, str]) -> None:
    """Square by square: the earth branch, the heaven branch over it (tinted when marked) and its general."""
    ax, pal = pen.ax, pen.pal
    d = chart.offset
    ink = pal["ink"]
    for s in range(12):
        a = ring_angle(s)
        earth, heaven = BRANCHES[s], BRANCHES[(s + d) % 12]
        general = chart.general_on(heaven)
        color = marks.get(heaven)
        if color:
            ax.add_patch(
                Wedge(
                    (0, 0),
                    R_HEAVEN[1],
                    a - 15,
                    a + 15,
                    width=R_HEAVEN[1] - R_HEAVEN[0],
                    facecolor=color,
                    alpha=0.14,
                    lw=0,
                )
            )
        pen.text(*polar(sum(R_EARTH) / 2, a), earth, 15, f"earth-{earth}", color=ink)
        pen.text(*polar(sum(R_HEAVEN) / 2, a), heaven, 21, f"heaven-{heaven}", color=color or ink, bold=bool(color))
        noble = general.ordinal == 0
        pen.text(
            *polar(sum(R_GENERAL) / 2, a),
            general,
            10.5,
            f"general-{general}",
            color=pal["mark"] if noble else ink,
            bold=noble,
        )


def _round(chart: Chart, pen: Pen, marks: dict[str, str], arrows: bool, title: bool) -> None:
    ax, pal = pen.ax, pen.pal
    d = chart.offset
    _round_rings(chart, pen)
    _round_squares(chart, pen, marks)
    _stem_tag(pen, chart, polar(R_EARTH[1] + 0.085, ring_angle(chart.day.stem.lodging.ordinal)))
    for square, mark in _fate_marks(chart).items():
        pen.text(
            *polar(sum(R_EARTH) / 2, ring_angle(square) - 10),
            mark,
            7.5,
            f"nianming-{mark}",
            color=pal["mark"],
            bold=True,
        )
    _general_arc(pen, chart)
    at: dict[str, float] = {BRANCHES[(s + d) % 12]: ring_angle(s) for s in range(12)}
    lessons = _lesson_labels(chart)
    for branch, numbers in lessons.items():
        _ring_mark(pen, at[branch], 1, numbers, f"lesson-{numbers}", pal["muted"])
    for branch, (stages, key) in _stage_labels(chart).items():
        _ring_mark(pen, at[branch], -1, stages, f"transmission-{stages}", pal[key], bold=True)
    if arrows:
        points = [polar(R_GENERAL[0] - 0.03, at[t.branch]) for t in chart.transmissions]
        for (p, q), key in zip(pairwise(points), STAGE_KEYS[1:], strict=True):
            if p != q:
                ax.add_patch(_arrow(pen, p, q, (0.0, 0.0), 0.18, pal[key], 4))
    if title:
        _corner_text(pen, chart, -1.27, 1.27)
    ax.set_xlim(-1.3, 1.3)
    ax.set_ylim(-1.3, 1.3)
    ax.set_aspect("equal")
    ax.set_axis_off()


MARK_SIZE = 10.0
"""Size of the lesson numbers (一二三四) and transmission marks (初中末 ◎) on the plates: about 9 px in the explorer's small plate."""


def _ring_mark(pen: Pen, angle: float, side: int, text: str, gid: str, color: str, bold: bool = False) -> Text:
    """A small mark in the heaven ring beside the branch at ``angle``: counter-clockwise of it (side 1)
    or clockwise (side -1), far enough along the ring that it clears the branch however many characters
    it has. Near 卯 and 酉, where the ring runs up and down, the characters are stacked so the mark keeps
    to the ring's width."""
    r = R_HEAVEN[1] - 0.045
    points_per_unit = 6.4 * 72 / 2.6  # the round plate is 2.6 units across on a 6.4-inch figure
    along = (21 / 2 + 2 + MARK_SIZE * len(text) / 2) / points_per_unit  # half the branch, a gap, half the mark
    upright = abs(math.cos(math.radians(angle))) > abs(math.sin(math.radians(angle)))
    shown = "\n".join(text) if upright else text
    return pen.text(
        *polar(r, angle + side * math.degrees(along / r)),
        shown,
        MARK_SIZE,
        gid,
        color=color,
        bold=bold,
        linespacing=1.0,
    )


def _arrow(
    pen: Pen,
    p: tuple[float, float],
    q: tuple[float, float],
    centre: tuple[float, float],
    bend: float,
    color: str,
    shrink: float,
) -> FancyArrowPatch:
    """A transmission arrow from p to q, bowed towards ``centre`` so it stays off the ring's labels."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    mx, my = centre[0] - (p[0] + q[0]) / 2, centre[1] - (p[1] + q[1]) / 2
    rad = bend if dy * mx - dx * my >= 0 else -bend
    k = pen.k
    return FancyArrowPatch(
        p,
        q,
        connectionstyle=f"arc3,rad={rad}",
        arrowstyle=f"-|>,head_length={8 * k},head_width={4 * k}",
        shrinkA=shrink * k,
        shrinkB=shrink * k,
        color=color,
        lw=pen.lw(2.0),
        zorder=5,
        alpha=0.9,
    )


def _fate_marks(chart: Chart) -> dict[int, str]:
    """Earth square → 命 (本命), 年 (行年) or 命年 for the chart's 年命 (empty without one)."""
    nm = getattr(chart, "nianming", None)
    if nm is None:
        return {}
    out = {nm.benming.ordinal: "命"}
    out[nm.xingnian.ordinal] = out.get(nm.xingnian.ordinal, "") + "年"
    return out


def _lesson_labels(chart: Chart) -> dict[str, str]:
    """Heaven branch → the numbers (一二三四) of the lessons whose upper it is."""
    out: dict[str, str] = {}
    for n, lesson in enumerate(chart.lessons):
        out[lesson.upper] = out.get(lesson.upper, "") + LESSON_CHARS[n]
    return out


def _stage_labels(chart: Chart) -> dict[str, tuple[str, str]]:
    """Heaven branch → (初中末 marks it carries, ◎ when void, colour key of its first stage)."""
    out: dict[str, tuple[str, str]] = {}
    for n, t in enumerate(chart.transmissions):
        stages, key = out.get(t.branch, ("", STAGE_KEYS[n]))
        out[t.branch] = (stages + STAGE_CHARS[n], key)
    return {b: (stages + ("◎" if b in chart.void else ""), key) for b, (stages, key) in out.items()}


def _general_arc(pen: Pen, chart: Chart) -> None:
    """「亥將加午」: an arrow outside the plate from the month general's own earth square to the hour
    square it is put on, the turn that carries the whole heaven ring with it."""
    ax, pal, k = pen.ax, pen.pal, pen.k
    g, h = chart.general.ordinal, chart.hour.ordinal
    steps = (h - g) % 12
    steps = steps - 12 if steps > 6 else steps
    r = R_EARTH[1] + 0.07
    a_hour = ring_angle(h)
    if steps:
        start = ring_angle(g)
        end = start - 30.0 * steps  # the short way round (ring_angle(h) may differ by a turn)
        n = 6 * abs(steps)
        xs, ys = zip(*(polar(r, start + (end - start) * i / n) for i in range(n + 1)), strict=True)
        ax.plot(xs, ys, color=pal["muted"], lw=pen.lw(1.4), solid_capstyle="round", zorder=3)
        ax.add_patch(
            FancyArrowPatch(
                (xs[-2], ys[-2]),
                (xs[-1], ys[-1]),
                arrowstyle=f"-|>,head_length={7 * k},head_width={3.5 * k}",
                color=pal["muted"],
                lw=0,
                shrinkA=0,
                shrinkB=0,
                zorder=3,
            )
        )
        pen.text(*polar(r, ring_angle(g)), "●", 5, color=pal["muted"])
    lodge = chart.day.stem.lodging.ordinal == h
    x, y = polar(R_EARTH[1] + (0.2 if lodge else 0.12), a_hour)
    ha = "left" if x > 0.3 else "right" if x < -0.3 else "center"
    label = f"{chart.general}將加{chart.hour}"
    width = len(label) * 9.5 / (6.4 * 72 / 2.6)  # its length in plate units (a 6.4-inch plate is 2.6 units wide)
    x = min(x, 1.28 - width) if ha == "left" else max(x, width - 1.28) if ha == "right" else x  # inside the figure
    pen.text(x, y, label, 9.5, ha=ha, color=pal["mark"], zorder=7)


def _stem_tag(pen: Pen, chart: Chart, xy: tuple[float, float]) -> None:
    """The day stem in a box beside its lodging square (寄宮), where lesson 1 starts."""
    stem = chart.day.stem
    pen.text(
        *xy,
        stem,
        11,
        f"stem-{stem}",
        color="white",
        bbox={"boxstyle": "round,pad=0.22", "facecolor": pen.pal["ink"], "edgecolor": "none"},
    )


def _corner_text(pen: Pen, chart: Chart, x: float, y: float) -> None:
    """The inputs top-left and the method, 三傳 and void bottom-left."""
    t, pal = chart.transmissions, pen.pal
    pen.text(x, y, f"{chart.day}日 {chart.hour}時", 14, ha="left", va="top", color=pal["ink"])
    pen.text(
        x,
        y - 0.13,
        f"{chart.general}將 {NOBLE_LABEL[chart.noble]}貴{'順' if chart.generals_forward else '逆'}行",
        10,
        ha="left",
        va="top",
        color=pal["muted"],
    )
    pen.text(x, -y + 0.13, f"{chart.method} · {chart.lesson_type}", 12, ha="left", va="bottom", color=pal["ink"])
    pen.text(
        x,
        -y,
        f"三傳 {t[0].branch}{t[1].branch}{t[2].branch}　旬空 {''.join(chart.void)}",
        10,
        ha="left",
        va="bottom",
        color=pal["muted"],
    )


def _square_title(pen: Pen, chart: Chart) -> None:
    """Above the square ring: the day, hour and general, the noble and the void on the left; the method,
    the lesson type and the 三傳 on the right."""
    ink, pal = pen.pal["ink"], pen.pal
    t = chart.transmissions
    pen.text(0, 4.42, f"{chart.day}日 {chart.hour}時 {chart.general}將", 14, color=ink, ha="left", va="bottom")
    pen.text(
        0,
        4.13,
        f"{NOBLE_LABEL[chart.noble]}貴{'順' if chart.generals_forward else '逆'}行　旬空 {''.join(chart.void)}",
        10,
        color=pal["muted"],
        ha="left",
        va="bottom",
    )
    pen.text(4, 4.42, f"{chart.method} · {chart.lesson_type}", 13, color=ink, ha="right", va="bottom")
    pen.text(4, 4.13, f"三傳 {t[0].branch}{t[1].branch}{t[2].branch}", 10, color=pal["muted"], ha="right", va="bottom")


def _square(chart: Chart, pen: Pen, marks: dict[str, str], arrows: bool, title: bool) -> None:
    ax, pal = pen.ax, pen.pal
    d = chart.offset
    ink, line = pal["ink"], pal["line"]
    centres: dict[str, tuple[float, float]] = {}
    lodging = chart.day.stem.lodging.ordinal
    for s in range(12):
        col, row = square_cell(s)
        x0, y0 = col, 3 - row
        earth, heaven = BRANCHES[s], BRANCHES[(s + d) % 12]
        general = chart.general_on(heaven)
        color = marks.get(heaven)
        ax.add_patch(Rectangle((x0, y0), 1, 1, facecolor=HEAVEN_FILL, edgecolor=line, lw=pen.lw(1.0)))
        if color:
            ax.add_patch(Rectangle((x0, y0), 1, 1, facecolor=color, alpha=0.13, lw=0))
        if s == chart.hour.ordinal:
            ax.add_patch(
                Rectangle((x0 + 0.03, y0 + 0.03), 0.94, 0.94, fill=False, edgecolor=pal["mark"], lw=pen.lw(2.0))
            )
        centres[heaven] = (x0 + 0.5, y0 + 0.47)
        pen.text(x0 + 0.5, y0 + 0.47, heaven, 24, f"heaven-{heaven}", color=color or ink, bold=bool(color))
        noble = general.ordinal == 0
        pen.text(
            x0 + 0.5, y0 + 0.84, general, 9.5, f"general-{general}", color=pal["mark"] if noble else ink, bold=noble
        )
        pen.text(x0 + 0.85, y0 + 0.13, earth, 10, f"earth-{earth}", color=pal["muted"])
        if s == lodging:
            pen.text(
                x0 + 0.15,
                y0 + 0.14,
                chart.day.stem,
                10,
                f"stem-{chart.day.stem}",
                color="white",
                bbox={"boxstyle": "round,pad=0.2", "facecolor": ink, "edgecolor": "none"},
            )
    for square, mark in _fate_marks(chart).items():
        col, row = square_cell(square)
        pen.text(col + 0.62, 3 - row + 0.13, mark, 8, f"nianming-{mark}", color=pal["mark"], bold=True)
    ax.add_patch(Rectangle((0, 0), 4, 4, fill=False, edgecolor=ink, lw=pen.lw(1.6)))
    ax.add_patch(Rectangle((1, 1), 2, 2, facecolor="white", edgecolor=ink, lw=pen.lw(1.0)))
    for branch, numbers in _lesson_labels(chart).items():
        x, y = centres[branch]
        pen.text(x - 0.32, y + 0.36, numbers, MARK_SIZE, f"lesson-{numbers}", color=pal["muted"])
    for branch, (stages, key) in _stage_labels(chart).items():
        x, y = centres[branch]
        pen.text(x + 0.32, y + 0.36, stages, MARK_SIZE, f"transmission-{stages}", color=pal[key], bold=True)
    if arrows:
        points = [centres[t.branch] for t in chart.transmissions]
        for (p, q), key in zip(pairwise(points), STAGE_KEYS[1:], strict=True):
            if p != q:
                ax.add_patch(_arrow(pen, p, q, (2.0, 2.0), 0.2, pal[key], 18))
    if title:
        _square_title(pen, chart)
    ax.set_xlim(-0.08, 4.08)
    ax.set_ylim(-0.08, 4.78 if title else 4.08)
    ax.set_aspect("equal")
    ax.set_axis_off()


DRAW_OPTIONS = ("highlight", "colors", "arrows", "title")
"""The keyword options of :func:`draw_plate` that :func:`plate_figure` and :func:`plate_png` pass on."""
DPI_RANGE = (10, 1200)
"""The resolutions :func:`plate_png` draws at (1200 dpi is a 7,680-pixel square, about 240 MB to render)."""


def _check_options(options: Mapping[str, object], where: str) -> None:
    unknown = sorted(set(options) - set(DRAW_OPTIONS))
    if unknown:
        raise ParseError(
            f"{where}() got unknown option(s) {quote(unknown)}; accepted: style, {', '.join(DRAW_OPTIONS)}"
            + (", dpi" if where == "plate_png" else "")
        )


def plate_figure(chart: Chart, style: str = "round", **options: object) -> Figure:
    """A new Figure holding :func:`draw_plate` of ``chart``; ``options`` are those of :func:`draw_plate`
    (highlight, colors, arrows, title)."""
    _check_options(options, "plate_figure")
    return draw_plate(chart, None, style, **options).figure  # type: ignore[arg-type, return-value]


def plate_png(chart: Chart, style: str = "round", dpi: float = 100, **options: object) -> bytes:
    """The plate as PNG bytes (deterministic: no date or software metadata). ``dpi`` is a number from
    10 to 1200 (the round plate is 6.4 inches square: 640 pixels at the default 100)."""
    if isinstance(dpi, bool) or not isinstance(dpi, Real) or not DPI_RANGE[0] <= dpi <= DPI_RANGE[1]:
        raise ParseError(
            f"dpi={quote(dpi)} is not a resolution; accepted: a number from {DPI_RANGE[0]} to {DPI_RANGE[1]}, "
            f"e.g. dpi=100 (640 pixels for the round plate)"
        )
    _check_options(options, "plate_png")
    buf = BytesIO()
    plate_figure(chart, style, **options).savefig(buf, format="png", dpi=float(dpi), metadata={"Software": None})
    return buf.getvalue()


__all__ = [
    "COLORS",
    "EARTH_FILL",
    "FAMILY",
    "GENERAL_FILL",
    "HEAVEN_FILL",
    "Pen",
    "draw_plate",
    "plate_figure",
    "plate_png",
    "polar",
    "register_font",
    "ring_angle",
    "square_cell",
]
