"""``Chart.plot()`` where matplotlib is absent (Pyodide in a JupyterLite site) and without ``%matplotlib inline``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from IPython.core.formatters import DisplayFormatter

import liuren
from liuren.errors import ParseError, WriteError
from liuren.show.picture import PlateSVG
from liuren.show.svg import SVGPicture, document, number, plate_svg, tag

WITHOUT_MATPLOTLIB = (
    "import sys; sys.modules['matplotlib'] = None; import liuren; c = liuren.chart('丙申', '午', '亥')\n"
)
"""A Python in which ``import matplotlib`` fails, as in Pyodide (a ``None`` in sys.modules blocks the import)."""


def run(code: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_MATPLOTLIB + code], capture_output=True, text=True, check=True
    ).stdout


def test_without_matplotlib_plot_gives_the_round_plate_as_svg():
    out = run("p = c.plot(); print(type(p).__name__, p.svg == __import__('liuren.show.svg').show.svg.plate_svg(c))")
    assert out.split() == ["PlateSVG", "True"]


def test_without_matplotlib_the_square_plate_or_an_option_still_says_matplotlib_is_missing():
    code = (
        "for call in (lambda: c.plot('square'), lambda: c.plot(arrows=False)):\n"
        "    try: call()\n"
        "    except ImportError as e: print(type(e).__name__, e.name)\n"
    )
    assert run(code).splitlines() == ["ModuleNotFoundError matplotlib"] * 2


def test_jupyter_shows_the_svg_plate_as_an_image():
    chart = liuren.chart("丙申", "午", "亥")
    data, _ = DisplayFormatter().format(PlateSVG(chart))
    assert data["image/svg+xml"] == plate_svg(chart) == str(PlateSVG(chart))
    assert data["text/plain"] == "PlateSVG(丙申日 午時 亥將)"


def test_a_plot_shows_as_png_without_the_inline_backend():
    """A fresh formatter has no type printer for Figure (what ``%matplotlib inline`` registers): the
    figure's own ``_repr_png_`` makes it an image all the same."""
    data, _ = DisplayFormatter().format(liuren.chart("丙申", "午", "亥").plot())
    assert data["image/png"][:8] == b"\x89PNG\r\n\x1a\n"
    assert data["text/plain"] == "<PlateFigure size 640x640 with 1 Axes>"


# ------------------------------------------------------------------------------------------- one SVG module
PACKAGE = Path(liuren.__file__).parent


def test_every_svg_of_the_package_is_written_in_the_one_svg_module():
    """The ``<svg>`` root, its namespace and the Jupyter hook are written in liuren/show/svg.py only: the
    plate and the practice plots are built with its writer and given as its one picture class."""
    from liuren.practice import plots

    homes = sorted(
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if any(mark in path.read_text(encoding="utf-8") for mark in ("<svg", "w3.org/2000/svg", "_repr_svg_"))
    )
    assert homes == ["show/svg.py"]
    assert plots.SVGPicture is SVGPicture and issubclass(PlateSVG, SVGPicture)
    assert SVGPicture.__slots__ == ("name", "svg") and PlateSVG.__slots__ == ("chart",)


def test_a_picture_says_what_it_is_and_its_plate_keeps_the_chart():
    chart = liuren.chart("丙申", "午", "亥")
    plate = PlateSVG(chart)
    assert (plate.chart, plate.name, plate.svg) == (chart, "丙申日 午時 亥將", plate_svg(chart))
    picture = SVGPicture('<svg xmlns="http://www.w3.org/2000/svg"/>', "a dot")
    assert (repr(picture), str(picture), picture._repr_svg_()) == ("SVGPicture(a dot)", picture.svg, picture.svg)
    assert tag("g", [("data-n", 3), ("data-gone", None)], "") == '<g data-n="3"></g>'
    assert document([("width", 2)], ["<g/>"]) == '<svg xmlns="http://www.w3.org/2000/svg" width="2"><g/></svg>'
    assert [number(x) for x in (12.0, 3.25, 0.04, -1.5)] == ["12", "3.2", "0", "-1.5"]


def test_a_picture_saves_atomically_and_refuses_what_is_no_file(tmp_path):
    chart = liuren.chart("丙申", "午", "亥")
    target = tmp_path / "plate.svg"
    target.write_text("old", encoding="utf-8")
    assert PlateSVG(chart).save(target) == str(target)
    assert target.read_text(encoding="utf-8") == plate_svg(chart) and sorted(tmp_path.iterdir()) == [target]
    with pytest.raises(WriteError, match="is a directory"):
        PlateSVG(chart).save(tmp_path)
    with pytest.raises(ParseError, match="not a file path"):
        PlateSVG(chart).save(3)  # type: ignore[arg-type]
    assert sorted(tmp_path.iterdir()) == [target] and target.read_text(encoding="utf-8") == plate_svg(chart)


def test_a_plate_picture_refuses_what_is_no_chart():
    with pytest.raises(ParseError):
        PlateSVG("丙申")  # type: ignore[arg-type]


def test_the_plates_geometry_is_written_once():
    """The matplotlib plate and its animation read the round plate's radii, fills and angles from the SVG
    module, so the two drawings cannot drift apart."""
    from liuren.show import animation, drawing, svg

    for name in ("R_EARTH", "R_HEAVEN", "R_GENERAL", "ring_angle"):
        assert getattr(drawing, name) is getattr(svg, name) is getattr(animation, name), name
    assert (drawing.EARTH_FILL, drawing.HEAVEN_FILL, drawing.GENERAL_FILL) == svg.FILLS
    assert drawing.STAGE_KEYS is svg.STAGES
