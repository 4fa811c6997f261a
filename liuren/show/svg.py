"""SVG in one place: the picture Jupyter shows and a notebook saves (:class:`SVGPicture`), the one
element writer every SVG of the package is written with (:func:`tag`, :func:`document`, :func:`number`),
and the round plate (式盤): the earth ring fixed, heaven turned over it, the generals inside.

The widgets show this plate: it is a string (standard library only), so an update is a new ``value``
of an HTML widget, costs a few milliseconds and never needs matplotlib; the same geometry as
:func:`liuren.show.drawing.draw_plate` (子 at the bottom, 午 at the top, the earth clockwise).
Every label carries an ``id``-free ``data-cell`` ("earth-子", "heaven-卯", "general-太常") so tests
can read the plate back. The practice path's plots (:mod:`liuren.practice.plots`) are written with
the same writer and given as the same :class:`SVGPicture`.

>>> from liuren import Chart
>>> svg = plate_svg(Chart("丙申", "午", "亥"))
>>> svg.startswith("<svg"), svg.count('data-cell="heaven-'), svg == plate_svg(Chart("丙申", "午", "亥"))
(True, 12, True)
>>> tag("rect", [("width", 2), ("fill", "#fff"), ("stroke", None)]), tag("text", [("x", 1)], escape("<甲>"))
('<rect width="2" fill="#fff"/>', '<text x="1">&lt;甲&gt;</text>')
>>> PlateSVG(Chart("丙申", "午", "亥"))
PlateSVG(丙申日 午時 亥將)
"""

from __future__ import annotations

import math
import os
from collections.abc import Collection, Iterable, Mapping
from html import escape
from typing import TYPE_CHECKING

from ..cycle import BRANCHES
from ..errors import ParseError, quote
from ..files import check_path, write_atomic
from ..school import NOBLE_LABEL
from .html import COLORS, FONT_STACK, check_chart, check_parts, palette, part_shown
from .text import BRANCH_SET

if TYPE_CHECKING:
    from ..chart import Chart

SVG_NS = "http://www.w3.org/2000/svg"
"""The namespace every ``<svg>`` element of the package declares."""


# ---------------------------------------------------------------- the picture and the element writer
class SVGPicture:
    """A drawing as SVG: ``.svg`` is the ``<svg>`` element's text; Jupyter shows it (``_repr_svg_``),
    ``str()`` is the SVG too, and :meth:`save` writes it to a file atomically. ``name`` says what it is
    (its repr). The one SVG wrapper of the package: the practice plots are ``SVGPicture``s, and
    ``Chart.plot()`` without matplotlib gives a :class:`PlateSVG`, one that also keeps its chart."""

    __slots__ = ("name", "svg")

    def __init__(self, svg: str, name: str) -> None:
        self.svg = svg
        self.name = name

    def _repr_svg_(self) -> str:
        return self.svg

    def __str__(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name})"

    def save(self, path: str | os.PathLike[str]) -> str:
        """Write the SVG to ``path`` (a ``.svg`` file) with :func:`liuren.files.write_atomic`: a failure
        never leaves half a file; a path that is no file name is a ParseError, one that cannot be
        written (a folder, a device, a read-only file) a WriteError. Returns the path as written."""
        target = check_path(path)
        write_atomic(target, self.svg)
        return target


def number(x: float) -> str:
    """A coordinate to one decimal place, without a trailing zero or point (12.0 → "12", 3.25 → "3.2")."""
    return f"{x:.1f}".rstrip("0").rstrip(".")


def tag(name: str, attrs: Iterable[tuple[str, object]], content: str | None = None) -> str:
    """One SVG element: ``<name k="v" …/>``, or ``<name …>content</name>`` with ``content`` (markup:
    text in it is escaped by the caller). The attributes are written in their order, each value as
    ``str()`` gives it (numbers, colours, names, and text the caller escaped); a None is left out."""
    head = name + "".join(f' {key}="{value}"' for key, value in attrs if value is not None)
    return f"<{head}/>" if content is None else f"<{head}>{content}</{name}>"


def document(attrs: Iterable[tuple[str, object]], body: Iterable[str]) -> str:
    """A whole ``<svg>`` element in the SVG namespace, with ``attrs`` after ``xmlns`` and ``body`` inside."""
    return tag("svg", [("xmlns", SVG_NS), *attrs], "".join(body))


# ---------------------------------------------------------------- the round plate
R_EARTH = (0.84, 1.0)
R_HEAVEN = (0.62, 0.84)
R_GENERAL = (0.42, 0.62)
FILLS = ("#eee4d1", "#f7f3ea", "#fffdf8")
"""Earth, heaven and general rings (the matplotlib plate's too)."""
STAGES = ("initial", "middle", "final")
TINT = 0.1
"""Opacity of a transmission's colour over its heaven wedge: light enough that the colour itself and the
muted lesson numbers on it keep 4.6:1 (at 0.14 they fell to 4.35:1)."""
BRANCH_SIZE = 0.14
"""Size of a heaven branch (19 px in the explorer's 360-px plate; the plate is 2.6 units across)."""
MARK_SIZE = 0.075
"""Size of the lesson numbers (一二三四) and the 初中末 marks: 10.4 px in the explorer's plate."""
INK = 0.9
"""How much of its em square a glyph's ink fills (for keeping the marks clear of the branch)."""
MARK_GAP = 0.003
"""The space between a branch and its marks, along the ring."""
SIZE_RANGE = (16, 4096)
"""The pixel sizes :func:`plate_svg` accepts (the explorer draws at 360)."""


def _check_size(size: object) -> str:
    """``size`` as the SVG writes it: a number of pixels in :data:`SIZE_RANGE` (never text, which would
    be written into the markup as it came)."""
    low, high = SIZE_RANGE
    if isinstance(size, bool) or not isinstance(size, int | float) or not low <= size <= high:
        raise ParseError(
            f"size={quote(size)} is not a size in pixels; accepted: a number from {low} to {high}, e.g. 400"
        )
    return f"{float(size):g}"


def _check_marks(marks: object) -> dict[str, str]:
    """``marks`` as heaven branch → palette key, each checked (the keys and values reach the markup)."""
    if marks is None:
        return {}
    if not isinstance(marks, Mapping):
        raise ParseError(
            f"marks={quote(marks)} ({type(marks).__name__}) is not understood; accepted: None or a mapping of "
            f"heaven branches to colour keys, e.g. {{'卯': 'initial'}}"
        )
    out: dict[str, str] = {}
    for branch, key in marks.items():
        if not isinstance(branch, str) or str(branch) not in BRANCH_SET:
            raise ParseError(
                f"marks key {quote(branch)} is not a heaven branch; accepted: one of {''.join(map(str, BRANCHES))}"
            )
        if not isinstance(key, str) or key not in COLORS:
            raise ParseError(
                f"marks[{str(branch)!r}] = {quote(key)} is not a colour key; accepted: {', '.join(COLORS)}"
            )
        out[str(branch)] = key
    return out


def ring_angle(square: int) -> float:
    """Angle in degrees (counter-clockwise from east) of the centre of earth square ``square``:
    子 at the bottom, 午 at the top, 卯 left, 酉 right, the earth running clockwise as in the book. The
    round plate's geometry (this, the rings' radii and fills) is written here once; the matplotlib
    plate (:mod:`liuren.show.drawing`) reads it from here."""
    return -90.0 - 30.0 * square


def _xy(radius: float, angle: float) -> tuple[float, float]:
    a = math.radians(angle)
    return round(radius * math.cos(a), 4), round(-radius * math.sin(a), 4)


def _wedge(
    r0: float, r1: float, angle: float, fill: str, stroke: str, width: float, opacity: float | None = None
) -> str:
    a0, a1 = angle - 15, angle + 15
    (x0, y0), (x1, y1) = _xy(r1, a0), _xy(r1, a1)
    (x2, y2), (x3, y3) = _xy(r0, a1), _xy(r0, a0)
    d = f"M{x0},{y0} A{r1},{r1} 0 0 0 {x1},{y1} L{x2},{y2} A{r0},{r0} 0 0 1 {x3},{y3} Z"
    return tag(
        "path", [("d", d), ("fill", fill), ("stroke", stroke), ("stroke-width", width), ("fill-opacity", opacity)]
    )


CENTRED = (("text-anchor", "middle"), ("dominant-baseline", "central"))
"""A plate label's anchor: centred on its point both ways."""


def _label(bold: bool, cell: str) -> list[tuple[str, object]]:
    """A plate label's weight (bold or none) and its ``data-cell`` (escaped; none when empty)."""
    return [("font-weight", "bold" if bold else None), ("data-cell", escape(cell) if cell else None)]


def _text(x: float, y: float, text: str, size: float, color: str, cell: str = "", bold: bool = False) -> str:
    return tag(
        "text", [("x", x), ("y", y), ("font-size", size), ("fill", color), *CENTRED, *_label(bold, cell)], escape(text)
    )


def _ring_mark(angle: float, side: int, text: str, color: str, cell: str, bold: bool = False) -> str:
    """A mark in the heaven ring beside the branch at ``angle``: counter-clockwise of it (side 1) or
    clockwise (side -1). Its characters stand across the ring, two to a column (the ring is wide enough
    for two), spaced so that their upright glyph boxes never overlap; the column keeps clear of the
    branch along the ring. A third and fourth character (four lessons on one branch in the five 伏吟 of
    the 八專 days, the three stages of 己未's 獨腳) start a second column further along, nearer the next wedge.
    Each character is a ``<tspan>`` of one ``<text>``, read top to bottom (or left to right)."""
    a = math.radians(angle)
    spread = abs(math.sin(a)) + abs(
        math.cos(a)
    )  # an upright box's half-extent along the ring, per unit of its half-side
    r_mid = sum(R_HEAVEN) / 2
    spans: list[str] = []
    for start in range(0, len(text), 2):
        column = text[start : start + 2]
        along = INK * spread * (BRANCH_SIZE / 2 + MARK_SIZE * (start // 2 + 0.5)) + MARK_GAP
        at = angle + side * math.degrees(along / r_mid)
        for _ in range(2):  # the column's direction fixes its spacing, which fixes its inner radius and so its angle
            t = math.radians(at)
            step = MARK_SIZE / max(abs(math.sin(t)), abs(math.cos(t)))  # one upright glyph box to the next
            radii = [r_mid + (len(column) - 1) * step / 2 - k * step for k in range(len(column))]
            at = angle + side * math.degrees(along / min(radii))
        vertical = abs(math.sin(t)) >= abs(math.cos(t))
        points = sorted((_xy(r, at) for r in radii), key=lambda p: p[1] if vertical else p[0])
        spans.extend(tag("tspan", [("x", x), ("y", y)], escape(c)) for c, (x, y) in zip(column, points, strict=True))
    return tag("text", [("font-size", MARK_SIZE), ("fill", color), *CENTRED, *_label(bold, cell)], "".join(spans))


LESSON_PARTS = ("lesson-1", "lesson-2", "lesson-3", "lesson-4")


def _rings(pal: dict[str, str]) -> list[str]:
    """The three rings of twelve wedges, the white centre and the two ink circles."""
    out: list[str] = []
    for (r0, r1), fill in zip((R_EARTH, R_HEAVEN, R_GENERAL), FILLS, strict=True):
        out.extend(_wedge(r0, r1, ring_angle(s), fill, pal["line"], 0.006) for s in range(12))
    out.append(
        tag("circle", [("r", R_GENERAL[0]), ("fill", "white"), ("stroke", pal["line"]), ("stroke-width", 0.006)])
    )
    out.extend(
        tag("circle", [("r", r), ("fill", "none"), ("stroke", pal["ink"]), ("stroke-width", 0.012)])
        for r in (R_HEAVEN[1], R_EARTH[1])
    )
    return out


def _heaven_backgrounds(
    chart: Chart, colour_of: dict[int, str], lit: set[str], extra_marks: Mapping[str, str], pal: dict[str, str]
) -> list[str]:
    """Each heaven wedge's tint: a transmission's colour, and a step's cell (``lit``) or a compare mark
    outlined on the step background."""
    out: list[str] = []
    for s in range(12):
        a = ring_angle(s)
        heaven = BRANCHES[(s + chart.offset) % 12]
        color = colour_of.get(heaven.ordinal)
        if color:
            out.append(_wedge(*R_HEAVEN, a, color, "none", 0, TINT))
        if heaven in lit or heaven in extra_marks:  # a step's cell: the step background, outlined
            ring = pal[extra_marks[heaven]] if heaven in extra_marks else pal["muted"]
            out.append(_wedge(R_HEAVEN[0] + 0.008, R_HEAVEN[1] - 0.008, a, pal["step"], ring, 0.01))
    return out


def _ring_labels(chart: Chart, shown: Mapping[str, bool], colour_of: dict[int, str], pal: dict[str, str]) -> list[str]:
    """The earth and heaven branches, the generals, the lesson numbers and the 初中末 marks, square by
    square, and the day stem outside the ring at its 寄宮."""
    lessons: dict[int, str] = {}
    for n, lesson in enumerate(chart.lessons):
        if shown[LESSON_PARTS[n]]:
            lessons[lesson.upper.ordinal] = lessons.get(lesson.upper.ordinal, "") + "一二三四"[n]
    stages: dict[int, str] = {}
    for n, (t, key) in enumerate(zip(chart.transmissions, STAGES, strict=True)):
        if shown[key]:
            stages[t.branch.ordinal] = stages.get(t.branch.ordinal, "") + "初中末"[n]
    out: list[str] = []
    for s in range(12):
        a = ring_angle(s)
        earth, heaven = BRANCHES[s], BRANCHES[(s + chart.offset) % 12]
        color = colour_of.get(heaven.ordinal)
        out.append(_text(*_xy(sum(R_EARTH) / 2, a), earth, 0.1, pal["ink"], f"earth-{earth}"))
        out.append(
            _text(
                *_xy(sum(R_HEAVEN) / 2, a),
                heaven,
                BRANCH_SIZE,
                color or pal["ink"],
                f"heaven-{heaven}",
                bold=bool(color),
            )
        )
        if shown["generals"]:
            general = chart.general_on(heaven)
            noble = general.ordinal == 0
            out.append(
                _text(
                    *_xy(sum(R_GENERAL) / 2, a),
                    general,
                    0.07,
                    pal["mark"] if noble else pal["ink"],
                    f"general-{general}",
                    bold=noble,
                )
            )
        if heaven.ordinal in lessons:
            out.append(_ring_mark(a, 1, lessons[heaven.ordinal], pal["muted"], f"lesson-{heaven}"))
        if heaven.ordinal in stages:
            key = STAGES["初中末".index(stages[heaven.ordinal][0])]
            out.append(_ring_mark(a, -1, stages[heaven.ordinal], pal[key], f"stage-{heaven}", bold=True))
    stem = chart.day.stem
    out.append(
        _text(
            *_xy(R_EARTH[1] + 0.09, ring_angle(stem.lodging.ordinal)),
            stem,
            0.09,
            pal["mark"],
            f"stem-{stem}",
            bold=True,
        )
    )
    return out


def _arrows(chart: Chart, shown: Mapping[str, bool], pal: dict[str, str]) -> list[str]:
    """The arrows 初 → 中 → 末 inside the general ring, and their arrowhead markers."""
    at = {(s + chart.offset) % 12: ring_angle(s) for s in range(12)}
    points = [_xy(R_GENERAL[0] - 0.04, at[t.branch.ordinal]) for t in chart.transmissions]
    out: list[str] = []
    for n, key in ((1, "middle"), (2, "final")):
        (x0, y0), (x1, y1) = points[n - 1], points[n]
        if shown[key] and (x0, y0) != (x1, y1):
            cx, cy = round((x0 + x1) * 0.3, 4), round((y0 + y1) * 0.3, 4)
            curve = [("d", f"M{x0},{y0} Q{cx},{cy} {x1},{y1}"), ("fill", "none"), ("stroke", pal[key])]
            look = [("stroke-width", 0.014), ("stroke-opacity", 0.9), ("marker-end", f"url(#liuren-arrow-{key})")]
            out.append(tag("path", curve + look))
    head = [("viewBox", "0 0 10 10"), ("refX", 9), ("refY", 5), ("markerWidth", 5), ("markerHeight", 5)]
    markers = (
        tag("marker", [("id", f"liuren-arrow-{key}"), *head, ("orient", "auto")], _arrowhead(pal[key]))
        for key in STAGES[1:]
    )
    out.append(tag("defs", [], "".join(markers)))
    return out


def _arrowhead(fill: str) -> str:
    return tag("path", [("d", "M0,0 L10,5 L0,10 Z"), ("fill", fill)])


def _captions(chart: Chart, shown: Mapping[str, bool], pal: dict[str, str]) -> list[str]:
    """The title (day, hour, general) and, with the generals, the noble and its direction."""
    title = f"{chart.day}日 {chart.hour}時 {chart.general}將"
    out = [tag("text", [("x", -1.27), ("y", -1.2), ("font-size", 0.09), ("fill", pal["ink"])], escape(title))]
    if shown["generals"]:
        line = f"{NOBLE_LABEL[chart.noble]}貴 {chart.noble_branch} {'順' if chart.generals_forward else '逆'}"
        out.append(tag("text", [("x", -1.27), ("y", -1.09), ("font-size", 0.07), ("fill", pal["muted"])], escape(line)))
    return out


def plate_svg(
    chart: Chart,
    *,
    size: int = 400,
    colors: Mapping[str, str] | None = None,
    parts: Collection[str] | None = None,
    cells: Collection[str] = (),
    marks: Mapping[str, str] | None = None,
) -> str:
    """The round plate of ``chart`` as an SVG element ``size`` pixels square.

    The three transmissions are coloured (初 中 末) and joined by arrows, the hour square is outlined
    with the month general over it, the lessons are numbered 一二三四 beside their uppers. ``parts``
    and ``cells`` are those of :func:`liuren.show.html.chart_html` (a construction step: the generals
    appear with "generals", a transmission with its own stage; ``cells`` "heaven-卯" are outlined).
    ``marks`` maps heaven branches to a colour key of the palette to outline as well (compare mode).

    Every option that reaches the markup is checked: ``size`` is a number of pixels (16 to 4096),
    ``colors`` are CSS colours by a strict pattern, ``marks`` are branches and palette keys, ``parts``
    and ``cells`` are names; the chart's own text is escaped.
    """
    check_chart(chart)
    pixels = _check_size(size)
    check_parts(parts, cells)
    extra_marks = _check_marks(marks)
    pal = palette(colors)
    shown = {part: part_shown(parts, part) for part in ("generals", *STAGES, *LESSON_PARTS)}
    colour_of: dict[int, str] = {}
    for t, key in zip(chart.transmissions, STAGES, strict=True):
        if shown[key]:
            colour_of.setdefault(t.branch.ordinal, pal[key])
    head = [("viewBox", "-1.3 -1.3 2.6 2.6"), ("width", pixels), ("height", pixels)]
    head += [("style", f"font-family:{FONT_STACK};background:white"), ("role", "img")]
    head += [("aria-label", escape(f"{chart.day}日 {chart.hour}時 {chart.general}將"))]
    body = [
        *_rings(pal),
        *_heaven_backgrounds(chart, colour_of, {c[7:] for c in cells if c.startswith("heaven-")}, extra_marks, pal),
        _wedge(R_HEAVEN[0], R_EARTH[1], ring_angle(chart.hour.ordinal), "none", pal["mark"], 0.018),
        *_ring_labels(chart, shown, colour_of, pal),
        *_arrows(chart, shown, pal),
        *_captions(chart, shown, pal),
    ]
    return document(head, body)


class PlateSVG(SVGPicture):
    """The round plate of ``chart`` (:func:`plate_svg`) as an :class:`SVGPicture` that keeps its chart:
    what ``Chart.plot()`` gives where matplotlib is not installed (:mod:`liuren.show.picture`)."""

    __slots__ = ("chart",)

    def __init__(self, chart: Chart) -> None:
        super().__init__(plate_svg(chart), f"{chart.day}日 {chart.hour}時 {chart.general}將")
        self.chart = chart


__all__ = ["SVG_NS", "PlateSVG", "SVGPicture", "document", "number", "plate_svg", "ring_angle", "tag"]
