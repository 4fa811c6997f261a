"""``Chart.plot()`` with or without matplotlib: the plate as a Figure, or as SVG where matplotlib is absent.

A JupyterLite site runs the course in Pyodide, which has no matplotlib (PyPI has no build of it for the
browser). There ``chart.plot()`` gives the round plate as SVG (:func:`liuren.show.svg.plate_svg`,
the drawing the explorer shows) in a :class:`PlateSVG`, which Jupyter displays as the image, so a
notebook's ``c.plot()`` cell runs unchanged. The square plate and the drawing options are matplotlib's
only: asked for without it, they raise its ImportError as before.

>>> import liuren
>>> PlateSVG(liuren.chart("丙申", "午", "亥"))
PlateSVG(丙申日 午時 亥將)
"""

from __future__ import annotations

import importlib.util
from functools import cached_property
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from ..chart import Chart


class PlateSVG:
    """The round plate of a chart as SVG: ``.svg`` is the ``<svg>`` element's text; Jupyter shows it
    (``_repr_svg_``), and ``str()`` is the SVG too."""

    def __init__(self, chart: Chart) -> None:
        self.chart = chart

    @cached_property
    def svg(self) -> str:
        from .svg import plate_svg

        return plate_svg(self.chart)

    def _repr_svg_(self) -> str:
        return self.svg

    def __str__(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        c = self.chart
        return f"PlateSVG({c.day}日 {c.hour}時 {c.general}將)"


def has_matplotlib() -> bool:
    return importlib.util.find_spec("matplotlib") is not None


def plot(chart: Chart, style: str = "round", **options: object) -> Figure | PlateSVG:
    """:meth:`liuren.Chart.plot`: a matplotlib Figure, or the :class:`PlateSVG` of the round plate
    where matplotlib is not installed and neither the square style nor an option is asked for."""
    if style == "round" and not options and not has_matplotlib():
        return PlateSVG(chart)
    from .drawing import plate_figure

    return plate_figure(chart, style, **options)
