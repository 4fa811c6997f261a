"""``Chart.plot()`` where matplotlib is absent (Pyodide in a JupyterLite site) and without ``%matplotlib inline``."""

from __future__ import annotations

import subprocess
import sys

from IPython.core.formatters import DisplayFormatter

import liuren
from liuren.show.picture import PlateSVG
from liuren.show.svg import plate_svg

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
