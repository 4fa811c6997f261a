"""``Chart.plot()`` with or without matplotlib: the plate as a Figure, or as SVG where matplotlib is absent.

A JupyterLite site runs the course in Pyodide, which has no matplotlib (PyPI has no build of it for the
browser). There ``chart.plot()`` gives the round plate as SVG (:func:`liuren.show.svg.plate_svg`,
the drawing the explorer shows) in a :class:`~liuren.show.svg.PlateSVG` (an
:class:`~liuren.show.svg.SVGPicture`), which Jupyter displays as the image, so a
notebook's ``c.plot()`` cell runs unchanged. The square plate and the drawing options are matplotlib's
only: asked for without it, they raise its ImportError as before.

>>> import liuren
>>> PlateSVG(liuren.chart("丙申", "午", "亥"))
PlateSVG(丙申日 午時 亥將)
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING

from .svg import PlateSVG as PlateSVG  # the picture Chart.plot() gives without matplotlib, read from here too

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from ..chart import Chart


def has_matplotlib() -> bool:
    """Whether matplotlib can be imported here (it is not, in a JupyterLite site), without importing it."""
    return importlib.util.find_spec("matplotlib") is not None


def plot(chart: Chart, style: str = "round", **options: object) -> Figure | PlateSVG:
    """:meth:`liuren.Chart.plot`: a matplotlib Figure, or the :class:`PlateSVG` of the round plate
    where matplotlib is not installed and neither the square style nor an option is asked for."""
    if style == "round" and not options and not has_matplotlib():
        return PlateSVG(chart)
    from .drawing import plate_figure

    return plate_figure(chart, style, **options)
