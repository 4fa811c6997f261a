"""Write figures/: the diagrams the notebooks and README use (the only writer of that folder).

File names start with the number of the notebook that shows them:

* ``00-reading-a-chart.png``: the 九宗門 chapter's first 元首 example as the round 式盤 beside the book's square ring;
* ``00-generals-order.png``: the twelve generals from 貴人, 順行 and 逆行, with the rule that decides;
* ``01-nine-methods.png``: one chart for each of the nine methods (九宗門) at a glance;
* ``NN-<example>.png``: the round plate of every chapter example in ``tests/data/seed_examples.csv``,
  named by the notebook that teaches its chapter and the example's name (``01-元首-1.png``); the file
  names carry no source-file numbers, which mean nothing to a reader.

PNGs are quantized to a 64-colour palette and written without a date, so a rerun gives the same bytes.
Run: ``python tools/make_figures.py [--out DIR] [--only NAME ...]``.
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
from collections.abc import Callable
from functools import partial
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import matplotlib  # noqa: E402

matplotlib.use("Agg")

from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import Circle, FancyArrowPatch, Wedge  # noqa: E402
from PIL import Image  # noqa: E402

import liuren  # noqa: E402
from liuren.cycle import BRANCHES, GENERALS, PILLARS  # noqa: E402
from liuren.files import write_atomic  # noqa: E402
from liuren.generals import FORWARD_SQUARES, general_index  # noqa: E402
from liuren.show.drawing import EARTH_FILL, GENERAL_FILL, draw_plate, register_font, ring_angle  # noqa: E402
from liuren.show.html import COLORS  # noqa: E402
from liuren.transmissions import Method  # noqa: E402

SEED_NOTEBOOK = {"004": "01", "000": "03", "002": "06", "003": "07"}
"""Which notebook teaches each seed chapter."""
NINE = (
    Method.ZEIKE,
    Method.BIYONG,
    Method.SHEHAI,
    Method.YAOKE,
    Method.MAOXING,
    Method.BIEZHE,
    Method.BAZHUAN,
    Method.FUYIN,
    Method.FANYIN,
)


def save(fig: Figure, path: Path, dpi: int = 80) -> None:
    """Save ``fig`` as a palette PNG (64 colours) with no date or software stamp."""
    buf = BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, facecolor="white", metadata={"Software": None})
    image = (
        Image.open(buf).convert("RGB").quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    )
    out = BytesIO()
    image.save(out, format="PNG", optimize=True)
    write_atomic(path, out.getvalue())


def seed_examples() -> list[dict[str, str]]:
    with open(ROOT / "tests" / "data" / "seed_examples.csv", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def chart_of(row: dict[str, str]) -> liuren.Chart:
    return liuren.chart(row["day"], row["hour"], row["general"], noble=row["noble"] or None, month=row["month"] or None)


def seed_plate_name(row: dict[str, str]) -> str:
    """The file name of a seed example's plate: notebook number, then the example id."""
    return f"{SEED_NOTEBOOK[row['example'][:3]]}-{row['example'].split('-', 1)[1]}.png"


def seed_plate(out: Path, row: dict[str, str]) -> Path:
    """The round plate of one seed example."""
    path = out / seed_plate_name(row)
    save(draw_plate(chart_of(row)).figure, path)  # type: ignore[arg-type]
    return path


def seed_plates(out: Path) -> list[Path]:
    """One round plate per seed example, named after the notebook and the example id."""
    return [seed_plate(out, row) for row in seed_examples()]


def reading_a_chart(out: Path) -> Path:
    """The 九宗門 chapter's first 元首 example: the round plate and the book's square ring side by side."""
    chart = liuren.chart("丙申", "午", "亥")
    fig = Figure(figsize=(12.4, 6.4))
    left = fig.add_axes((0.0, 0.0, 0.5, 1.0))
    right = fig.add_axes((0.52, 0.04, 0.46, 0.92))
    draw_plate(chart, left)
    draw_plate(chart, right, style="square")
    path = out / "00-reading-a-chart.png"
    save(fig, path)
    return path


def first_chart(method: Method) -> liuren.Chart:
    """The seed example that uses ``method`` or, when no seed example does, the first chart (甲子 onwards) that does."""
    for row in seed_examples():
        if row["method"] == method:
            return chart_of(row)
    for p in PILLARS:
        for h in BRANCHES:
            for g in BRANCHES:
                chart = liuren.Chart(p, h, g, noble="day")
                if chart.method == method:
                    return chart
    raise LookupError(method)


def nine_methods(out: Path) -> Path:
    """A 3×3 grid: one plate for each of the nine methods."""
    fig = Figure(figsize=(12, 12.6))
    for n, method in enumerate(NINE):
        row, col = divmod(n, 3)
        ax = fig.add_axes((col / 3, (2 - row) / 3 * 12 / 12.6, 1 / 3, 1 / 3 * 12 / 12.6 * 0.94))
        chart = first_chart(method)
        draw_plate(chart, ax, title=False)
        ax.set_title(
            f"{method} · {chart.lesson_type}　{chart.day}日 {chart.hour}時 {chart.general}將",
            fontsize=13,
            family=[register_font(), "DejaVu Sans"],
            color=COLORS["ink"],
            pad=2,
        )
    fig.text(
        0.5,
        0.985,
        "九宗門 · 賊克 比用 涉害 遙克 昴星 別責 八專 伏吟 返吟",
        ha="center",
        va="top",
        fontsize=18,
        family=[register_font(), "DejaVu Sans"],
        color=COLORS["ink"],
    )
    path = out / "01-nine-methods.png"
    save(fig, path)
    return path


def generals_ring(ax, noble: int, forward: bool, family: str) -> None:
    """The twelve generals laid from 貴人 on heaven branch ``noble``, 順 (clockwise) or 逆."""
    ink, muted, mark = COLORS["ink"], COLORS["muted"], COLORS["mark"]
    for s in range(12):
        a = ring_angle(s)
        ax.add_patch(
            Wedge((0, 0), 1.0, a - 15, a + 15, width=0.22, facecolor=EARTH_FILL, edgecolor=COLORS["line"], lw=0.8)
        )
        ax.add_patch(
            Wedge((0, 0), 0.78, a - 15, a + 15, width=0.3, facecolor=GENERAL_FILL, edgecolor=COLORS["line"], lw=0.8)
        )
        x, y = 0.89 * math.cos(math.radians(a)), 0.89 * math.sin(math.radians(a))
        ax.text(x, y, BRANCHES[s], ha="center", va="center", fontsize=15, family=[family], color=ink)
        k = general_index(s, noble, forward)
        x, y = 0.63 * math.cos(math.radians(a)), 0.63 * math.sin(math.radians(a))
        ax.text(
            x, y, GENERALS[k], ha="center", va="center", fontsize=11, family=[family], color=mark if k == 0 else ink
        )
        x, y = 0.41 * math.cos(math.radians(a)), 0.41 * math.sin(math.radians(a))
        ax.text(x, y, str(k + 1), ha="center", va="center", fontsize=8, color=muted)
    ax.add_patch(Circle((0, 0), 1.0, fill=False, edgecolor=ink, lw=1.4))
    start = ring_angle(noble)
    sign = -1 if forward else 1
    arc = [start + sign * 4 * i for i in range(26)]
    xs = [1.07 * math.cos(math.radians(a)) for a in arc]
    ys = [1.07 * math.sin(math.radians(a)) for a in arc]
    ax.plot(xs, ys, color=mark, lw=1.8, solid_capstyle="round")
    ax.add_patch(
        FancyArrowPatch(
            (xs[-2], ys[-2]),
            (xs[-1], ys[-1]),
            arrowstyle="-|>,head_length=9,head_width=4.5",
            color=mark,
            lw=0,
            shrinkA=0,
            shrinkB=0,
        )
    )
    name = "順行" if forward else "逆行"
    ax.text(0, 0, f"貴人{name}", ha="center", va="center", fontsize=14, family=[family], color=ink)
    ax.set_xlim(-1.15, 1.15)
    ax.set_ylim(-1.15, 1.15)
    ax.set_aspect("equal")
    ax.set_axis_off()


def generals_order(out: Path) -> Path:
    """The generals' order: 貴人 on 地盤 亥子丑寅卯辰 goes 順 (clockwise), on 巳–戌 逆."""
    family = register_font()
    fig = Figure(figsize=(11, 6))
    order = [(11 + i) % 12 for i in range(12)]
    forward_squares = "".join(BRANCHES[b] for b in order if b in FORWARD_SQUARES)
    backward_squares = "".join(BRANCHES[b] for b in order if b not in FORWARD_SQUARES)
    generals_ring(fig.add_axes((0.0, 0.08, 0.5, 0.84)), 1, True, family)
    generals_ring(fig.add_axes((0.5, 0.08, 0.5, 0.84)), 7, False, family)
    fig.text(
        0.5,
        0.97,
        "十二天將: 貴人 螣蛇 朱雀 六合 勾陳 青龍 天空 白虎 太常 玄武 太陰 天后",
        ha="center",
        va="top",
        fontsize=14,
        family=[family],
        color=COLORS["ink"],
    )
    fig.text(
        0.5,
        0.03,
        f"貴人 on 地盤 {forward_squares}: 順行 (clockwise) · on {backward_squares}: 逆行",
        ha="center",
        va="bottom",
        fontsize=12,
        family=[family, "DejaVu Sans"],
        color=COLORS["muted"],
    )
    path = out / "00-generals-order.png"
    save(fig, path)
    return path


def jobs() -> dict[str, Callable[[Path], Path]]:
    """Every figure, by file name, with the function that writes it into a folder (in writing order)."""
    found: dict[str, Callable[[Path], Path]] = {
        "00-reading-a-chart.png": reading_a_chart,
        "00-generals-order.png": generals_order,
        "01-nine-methods.png": nine_methods,
    }
    for row in seed_examples():
        found[seed_plate_name(row)] = partial(seed_plate, row=row)
    return found


def make(out: Path, only: list[str] | None = None) -> list[Path]:
    """Write every figure (or those named in ``only``) into ``out``; return their paths."""
    planned = jobs()
    unknown = sorted(set(only or ()) - set(planned))
    if unknown:
        raise SystemExit(f"make_figures: no figure called {', '.join(unknown)}; known: {', '.join(planned)}")
    out.mkdir(parents=True, exist_ok=True)
    return [write(out) for name, write in planned.items() if only is None or name in only]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "figures")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="write only these figures (file names)")
    args = parser.parse_args(argv)
    paths = make(args.out, args.only)
    total = sum(p.stat().st_size for p in paths)
    print(f"{len(paths)} figures in {args.out}, {total / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
