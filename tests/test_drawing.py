"""Plates drawn with matplotlib (Agg): geometry read back from the artists, no warnings, a stored render."""

from __future__ import annotations

import math
import re
import subprocess
import sys
import warnings
from itertools import pairwise
from pathlib import Path

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

from matplotlib.axes import Axes  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.testing.compare import compare_images  # noqa: E402

import liuren  # noqa: E402
from liuren.cycle import BRANCHES  # noqa: E402
from liuren.show.drawing import FAMILY, draw_plate, plate_png, register_font, ring_angle, square_cell  # noqa: E402

DATA = Path(__file__).parent / "data"
REFERENCE = DATA / "plate-丙申-午-亥.png"
"""The round plate of 元首課 example 1 (丙申日 亥將 午時), rendered by plate_png(dpi=72)."""


def ring_labels(ax: Axes) -> dict[str, tuple[float, float]]:
    return {
        t.get_gid(): t.get_position()
        for t in ax.texts
        if (t.get_gid() or "").split("-")[0] in ("earth", "heaven", "general")
    }


def angle_of(xy: tuple[float, float]) -> float:
    return math.degrees(math.atan2(xy[1], xy[0])) % 360


@pytest.mark.parametrize(
    ("day", "hour", "general"), [("丙申", "午", "亥"), ("甲午", "申", "巳"), ("壬申", "卯", "丑"), ("乙丑", "子", "子")]
)
def test_round_plate_places_36_ring_labels_where_the_offset_says(day, hour, general):
    chart = liuren.chart(day, hour, general)
    ax = draw_plate(chart)
    assert isinstance(ax, Axes)
    labels = ring_labels(ax)
    assert len(labels) == 36
    d = chart.offset
    for b in BRANCHES:
        assert angle_of(labels[f"earth-{b}"]) == pytest.approx(ring_angle(b.ordinal) % 360)
        assert angle_of(labels[f"heaven-{b}"]) == pytest.approx(ring_angle((b.ordinal - d) % 12) % 360)
        general_xy = labels[f"general-{chart.general_on(b)}"]
        assert angle_of(general_xy) == pytest.approx(angle_of(labels[f"heaven-{b}"]))
    radii = {
        kind: {round(math.hypot(*xy), 6) for gid, xy in labels.items() if gid.startswith(kind)}
        for kind in ("earth", "heaven", "general")
    }
    assert all(len(r) == 1 for r in radii.values())
    assert radii["general"].pop() < radii["heaven"].pop() < radii["earth"].pop()


def test_round_plate_puts_hour_at_the_bottom_ring_order_of_the_book():
    assert ring_angle(0) % 360 == 270 and ring_angle(6) % 360 == 90
    assert ring_angle(3) % 360 == 180 and ring_angle(9) % 360 == 0


def test_square_plate_matches_the_book_ring():
    chart = liuren.chart("丙申", "午", "亥")
    ax = draw_plate(chart, style="square")
    labels = ring_labels(ax)
    assert len(labels) == 36
    for b in BRANCHES:
        col, row = square_cell((b.ordinal - chart.offset) % 12)
        x, y = labels[f"heaven-{b}"]
        assert (int(x), 3 - int(y)) == (col, row)
    assert (
        square_cell(5) == (0, 0) and square_cell(8) == (3, 0) and square_cell(11) == (3, 3) and square_cell(2) == (0, 3)
    )
    with pytest.raises(ValueError):
        square_cell(12)


def test_marks_lessons_transmissions_and_stem():
    chart = liuren.chart("丙申", "午", "亥")
    ax = draw_plate(chart)
    gids = {t.get_gid(): t.get_text() for t in ax.texts if t.get_gid()}
    assert gids["stem-丙"] == "丙"
    assert {g for g in gids if g.startswith("transmission-")} == {
        "transmission-初",
        "transmission-中",
        "transmission-末",
    }
    assert sorted(g[7:] for g in gids if g.startswith("lesson-")) == ["一", "三", "二", "四"]
    arrows = [p for p in ax.patches if type(p).__name__ == "FancyArrowPatch"]
    assert len(arrows) == 3  # 將加時 arc head + 初→中 + 中→末


def test_given_axes_is_drawn_on_and_returned():
    fig = Figure(figsize=(8, 4))
    left, right = fig.subplots(1, 2)
    chart = liuren.chart("甲戌", "未", "亥")
    assert draw_plate(chart, left) is left
    assert draw_plate(chart, right, style="square") is right
    with pytest.raises(liuren.ParseError, match="style"):
        draw_plate(chart, style="oval")
    with pytest.raises(liuren.ParseError, match=r"expected a liuren\.Chart"):
        draw_plate(None)


def test_no_missing_glyph_or_other_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for args in [("丙申", "午", "亥"), ("甲午", "申", "巳"), ("己卯", "午", "辰")]:
            chart = liuren.chart(*args)
            for style in ("round", "square"):
                assert plate_png(chart, style, dpi=40).startswith(b"\x89PNG")


def test_plot_returns_an_object_oriented_figure():
    code = (
        "import sys, liuren; fig = liuren.chart('丙申', '午', '亥').plot();"
        "from matplotlib.figure import Figure;"
        "print(isinstance(fig, Figure), type(fig).__name__, 'matplotlib.pyplot' in sys.modules, sep='|', end='|');"
        "print(fig.get_axes()[0].texts[0].get_fontname())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out.split("|") == ["True", "PlateFigure", "False", FAMILY]


def test_import_liuren_leaves_matplotlib_unimported():
    code = "import sys, liuren; liuren.chart('丙申', '午', '亥')._repr_html_(); print('matplotlib' in sys.modules)"
    assert (
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
        == "False"
    )


def test_font_registration_gives_the_shipped_family():
    assert register_font() == FAMILY == "Liuren Serif TC"


def test_png_matches_the_stored_render(tmp_path):
    actual = tmp_path / "actual.png"
    actual.write_bytes(plate_png(liuren.chart("丙申", "午", "亥"), dpi=72))
    assert plate_png(liuren.chart("丙申", "午", "亥"), dpi=72) == actual.read_bytes()
    result = compare_images(str(REFERENCE), str(actual), tol=3)
    assert result is None, result


def _make_figures():
    import importlib.util

    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("make_figures", root / "tools" / "make_figures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def test_make_figures_plans_every_figure_and_the_committed_ones():
    """The figure list (cheap: nothing is drawn): three diagrams and one plate per chapter example, and
    exactly the PNGs committed in figures/."""
    names = list(_make_figures().jobs())
    seeds = (DATA / "seed_examples.csv").read_text(encoding="utf-8").count("\n") - 1
    assert len(names) == len(set(names)) == 3 + seeds
    assert {
        "00-reading-a-chart.png",
        "00-generals-order.png",
        "01-nine-methods.png",
        "01-元首-1.png",
        "03-蒿矢-1.png",
    } <= set(names)
    assert all(re.fullmatch(r"0[01367]-.+\.png", n) for n in names)  # the notebooks of the chapters
    committed = Path(__file__).resolve().parent.parent / "figures"
    if committed.is_dir():
        assert sorted(p.name for p in committed.glob("*.png")) == sorted(names)


REPRESENTATIVE = ("00-reading-a-chart.png", "00-generals-order.png", "01-nine-methods.png", "03-蒿矢-1.png")
"""One figure of each kind the tool draws: the two-plate spread, the generals' rings, the 3×3 grid, a chapter example's plate."""


def test_make_figures_writes_one_figure_of_each_kind(tmp_path):
    """The tool itself, as a script with warnings as errors, on one figure of each kind (the other chapter
    plates are the same function on other rows): valid palette PNGs, the count printed, an unknown name refused."""
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [
            sys.executable,
            "-W",
            "error",
            str(root / "tools" / "make_figures.py"),
            "--out",
            str(tmp_path),
            "--only",
            *REPRESENTATIVE,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(REPRESENTATIVE)
    for name in REPRESENTATIVE:
        data = (tmp_path / name).read_bytes()
        assert data.startswith(b"\x89PNG") and b"PLTE" in data[:200]  # quantized to a palette
    assert f"{len(REPRESENTATIVE)} figures" in done.stdout
    bad = subprocess.run(
        [sys.executable, str(root / "tools" / "make_figures.py"), "--out", str(tmp_path), "--only", "nope.png"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode != 0 and "no figure called nope.png" in bad.stderr


def test_turn_frames_rotate_heaven_one_square_per_hour():
    from liuren.show.animation import turn_frames

    chart = liuren.chart("丙申", "午", "亥")
    steps = turn_frames(chart, hours=2, frames=6)
    assert len(steps) == 13
    assert [str(c.hour) for c, _ in steps[::6]] == ["午", "未", "申"]
    later = liuren.chart("丙申", "申", "亥", noble=chart.noble)
    for b in BRANCHES:
        assert steps[0][1][b] == ring_angle((b.ordinal - chart.offset) % 12)
        assert steps[3][1][b] == pytest.approx(steps[0][1][b] - 15)
        assert steps[-1][1][b] % 360 == pytest.approx(ring_angle((b.ordinal - later.offset) % 12) % 360)
    fated = turn_frames(liuren.chart("丙申", "午", "亥", nianming=("午", "寅")), hours=1, frames=2)
    assert [c.nianming.benming_upper for c, _ in fated[::2]] == ["亥", "戌"]  # the 年命 turns with the plate


def test_animate_turn_saves_without_warnings(tmp_path):
    from matplotlib.animation import FuncAnimation

    from liuren.show.animation import animate_turn

    anim = animate_turn(liuren.chart("甲午", "申", "巳"), hours=1, frames=2)
    assert isinstance(anim, FuncAnimation)
    path = tmp_path / "turn.gif"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        anim.save(str(path), writer="pillow", fps=4)
    assert path.read_bytes()[:6] == b"GIF89a"
    ax = anim._fig.axes[0]
    heaven = {t.get_gid(): t.get_position() for t in ax.texts if (t.get_gid() or "").startswith("heaven-")}
    chart = liuren.chart("甲午", "酉", "巳", noble="day")
    assert all(
        angle_of(heaven[f"heaven-{b}"]) == pytest.approx(ring_angle((b.ordinal - chart.offset) % 12) % 360)
        for b in BRANCHES
    )


@pytest.mark.parametrize("general", list(BRANCHES))
def test_month_general_arc_goes_the_short_way_to_the_hour(general):
    """「亥將加子」 is one square: the arc outside the plate spans |月將 − 占時| squares (≤ 6), never the long way round."""
    for hour in ("子", "巳", "亥"):
        steps = (BRANCHES.index(hour) - BRANCHES.index(general)) % 12
        steps = min(steps, 12 - steps)
        ax = draw_plate(liuren.chart("丁酉", hour, general))
        arcs = [line for line in ax.lines if len(line.get_xdata()) > 2]
        if not steps:
            assert arcs == []
            continue
        (arc,) = arcs
        angles = [math.degrees(math.atan2(y, x)) for x, y in zip(arc.get_xdata(), arc.get_ydata(), strict=True)]
        turned = sum((b - a + 180) % 360 - 180 for a, b in pairwise(angles))
        assert abs(turned) == pytest.approx(30 * steps, abs=1e-6), (general, hour)
        assert angle_of(_end(arc)) == pytest.approx(ring_angle(BRANCHES.index(hour)) % 360, abs=1e-6)


def _end(line) -> tuple[float, float]:
    return line.get_xdata()[-1], line.get_ydata()[-1]


@pytest.mark.parametrize(
    ("options", "needle"),
    [
        ({"ax": 0}, "ax=0 (int) is not a matplotlib Axes"),
        ({"ax": "left"}, "is not a matplotlib Axes"),
        ({"ax": Figure()}, "(Figure) is not a matplotlib Axes"),
        ({"arrows": "no"}, "arrows='no' is not understood; accepted: True or False"),
        ({"title": None}, "title=None is not understood"),
        ({"style": "x" * 10_000}, "characters) is not a plate style"),
    ],
)
def test_draw_plate_refuses_wrong_types_with_a_liuren_error(options, needle):
    with pytest.raises(liuren.ParseError) as info:
        draw_plate(liuren.chart("丙申", "午", "亥"), **options)
    assert needle in str(info.value) and len(str(info.value)) < 400


def test_draw_plate_refuses_a_css_colour_matplotlib_cannot_draw():
    chart = liuren.chart("丙申", "午", "亥")
    with pytest.raises(
        liuren.ParseError, match=r"colors\['ink'\] = 'rgb\(0,0,0\)' is a CSS colour matplotlib cannot draw"
    ):
        draw_plate(chart, colors={"ink": "rgb(0,0,0)"})
    assert isinstance(draw_plate(chart, colors={"ink": "#000000", "initial": "teal"}), Axes)


@pytest.mark.parametrize("hour", list(BRANCHES))
def test_month_general_label_stays_inside_the_figure(hour):
    """「亥將加卯」 beside the hour square: near 卯 and 酉 it used to run off the figure's edge."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    ax = draw_plate(liuren.chart("甲戌", hour, "亥"))
    canvas = FigureCanvasAgg(ax.figure)
    canvas.draw()
    (label,) = [t for t in ax.texts if "將加" in t.get_text()]
    box, frame = label.get_window_extent(canvas.get_renderer()), ax.figure.bbox
    assert frame.x0 <= box.x0 and box.x1 <= frame.x1 and frame.y0 <= box.y0 and box.y1 <= frame.y1, (hour, box, frame)


@pytest.mark.parametrize(
    "dpi",
    [-1, 0, 9, 9.99, 1200.5, 10**6, float("nan"), float("inf"), [], "100", None, True, b"72", 1j],
)
def test_plate_png_refuses_a_dpi_out_of_range_or_not_a_number(dpi):
    with pytest.raises(liuren.ParseError, match=r"is not a resolution; accepted: a number from 10 to 1200") as info:
        plate_png(liuren.chart("丙申", "午", "亥"), dpi=dpi)
    assert len(str(info.value)) < 300


def test_plate_png_takes_a_dpi_in_range_and_refuses_unknown_options():
    chart = liuren.chart("丙申", "午", "亥")
    assert plate_png(chart, dpi=10).startswith(b"\x89PNG") and plate_png(chart, dpi=12.5).startswith(b"\x89PNG")
    from liuren.show.drawing import plate_figure

    for call in (lambda **o: plate_png(chart, **o), lambda **o: plate_figure(chart, **o), lambda **o: chart.plot(**o)):
        for options in ({"ax": None}, {"colour": "red"}, {"labels": "en"}):
            with pytest.raises(liuren.ParseError, match=r"got unknown option\(s\) \['"):
                call(**options)


@pytest.mark.parametrize(
    ("call", "needle"),
    [
        (lambda t, c: t(c, hours=-1), "hours=-1 is not understood; accepted: a whole number from 1 to 24"),
        (lambda t, c: t(c, hours=10**9), "hours=1000000000"),
        (lambda t, c: t(c, hours=1.5), "hours=1.5"),
        (lambda t, c: t(c, frames=0), "frames=0"),
        (lambda t, c: t(c, frames="24"), "frames='24'"),
        (lambda t, c: t("丙申", 1), "expected a liuren.Chart"),
    ],
)
def test_turn_frames_and_animate_turn_refuse_bad_counts(call, needle):
    from liuren.show.animation import animate_turn, turn_frames

    chart = liuren.chart("丙申", "午", "亥")
    for turn in (turn_frames, animate_turn):
        with pytest.raises(liuren.ParseError) as info:
            call(turn, chart)
        assert needle in str(info.value)
    with pytest.raises(liuren.ParseError, match="interval=0"):
        animate_turn(chart, interval=0)
