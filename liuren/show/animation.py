"""The heaven plate turning over the fixed earth, hour by hour: the frames' geometry and a matplotlib
animation of them (the round plate of :mod:`liuren.show.drawing`, its rings and its pen).

Imported lazily, never by ``import liuren``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from matplotlib.figure import Figure
from matplotlib.patches import Circle, Wedge

from ..cycle import BRANCHES
from ..errors import ParseError, quote
from .drawing import (
    EARTH_FILL,
    GENERAL_FILL,
    HEAVEN_FILL,
    R_EARTH,
    R_GENERAL,
    R_HEAVEN,
    Pen,
    polar,
    register_font,
    ring_angle,
)
from .html import COLORS, check_chart

if TYPE_CHECKING:
    from matplotlib.animation import FuncAnimation
    from matplotlib.artist import Artist

    from ..chart import Chart


def _check_count(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ParseError(f"{name}={quote(value)} is not understood; accepted: a whole number from {low} to {high}")


def turn_frames(chart: Chart, hours: int = 1, frames: int = 24) -> list[tuple[Chart, dict[str, float]]]:
    """Geometry of the heaven ring turning from ``chart.hour`` to ``hours`` later, the month general
    fixed: ``frames`` steps per hour, each (the chart of the hour reached so far, heaven branch →
    angle). Each hour turns heaven one square clockwise (30°), since d = 月將 − 占時 drops by one.
    The chart's 晝/夜 noble is kept.

    >>> from liuren import Chart
    >>> steps = turn_frames(Chart("丙申", "午", "亥"), hours=1, frames=2)
    >>> [(str(c.hour), round(a["亥"]) % 360) for c, a in steps]
    [('午', 90), ('午', 75), ('未', 60)]
    """
    from ..chart import Chart as _Chart

    check_chart(chart)
    _check_count("hours", hours, 1, 24)
    _check_count("frames", frames, 1, 240)
    charts = [
        _Chart(
            chart.day,
            BRANCHES[(chart.hour.ordinal + k) % 12],
            chart.general,
            noble=chart.noble,
            school=chart.school,
            month=chart.month,
            year=chart.year,
            nianming=None if chart.nianming is None else (chart.nianming.benming, chart.nianming.xingnian),
        )
        for k in range(hours + 1)
    ]
    out: list[tuple[Chart, dict[str, float]]] = []
    for i in range(hours * frames + 1):
        k, step = divmod(i, frames)
        current = charts[k]
        t = step / frames
        out.append((current, {b: ring_angle((b.ordinal - current.offset) % 12) - 30.0 * t for b in BRANCHES}))
    return out


def animate_turn(chart: Chart, hours: int = 1, frames: int = 24, interval: int = 60) -> FuncAnimation:
    """An animation (matplotlib ``FuncAnimation`` on an object-oriented Figure) of the heaven plate
    turning over the fixed earth from ``chart.hour`` to ``hours`` later; the generals ride the heaven
    branches and are laid again when each new hour is reached. Save it with
    ``anim.save("turn.gif", writer="pillow")`` or show it with ``HTML(anim.to_jshtml())``."""
    from matplotlib.animation import FuncAnimation
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    _check_count("interval", interval, 1, 60_000)
    steps = turn_frames(chart, hours, frames)
    fig = Figure(figsize=(5.6, 5.6), dpi=100, facecolor="white")
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    pal = dict(COLORS)
    pen = Pen(ax, register_font(), pal, 6.4)
    for (r0, r1), fill in ((R_EARTH, EARTH_FILL), (R_HEAVEN, HEAVEN_FILL), (R_GENERAL, GENERAL_FILL)):
        ax.add_patch(Wedge((0, 0), r1, 0, 360, width=r1 - r0, facecolor=fill, edgecolor=pal["line"], lw=pen.lw(0.8)))
    for r in (R_HEAVEN[1], R_EARTH[1]):
        ax.add_patch(Circle((0, 0), r, fill=False, edgecolor=pal["ink"], lw=pen.lw(1.6)))
    for b in BRANCHES:
        pen.text(*polar(sum(R_EARTH) / 2, ring_angle(b.ordinal)), b, 15, f"earth-{b}", color=pal["ink"])
    hour_mark = Wedge(
        (0, 0),
        R_EARTH[1],
        0,
        30,
        width=R_EARTH[1] - R_HEAVEN[0],
        fill=False,
        edgecolor=pal["mark"],
        lw=pen.lw(2.4),
        zorder=4,
    )
    ax.add_patch(hour_mark)
    heaven = {b: pen.text(0, 0, b, 21, f"heaven-{b}", color=pal["ink"]) for b in BRANCHES}
    generals = {b: pen.text(0, 0, "", 10.5, color=pal["ink"]) for b in BRANCHES}
    title = pen.text(-1.27, 1.27, "", 14, ha="left", va="top", color=pal["ink"])
    ax.set_xlim(-1.3, 1.3)
    ax.set_ylim(-1.3, 1.3)
    ax.set_aspect("equal")
    ax.set_axis_off()

    def update(i: int) -> list[Artist]:
        current, angles = steps[i]
        a = ring_angle(current.hour.ordinal)
        hour_mark.set_theta1(a - 15)
        hour_mark.set_theta2(a + 15)
        for b in BRANCHES:
            heaven[b].set_position(polar(sum(R_HEAVEN) / 2, angles[b]))
            general = current.general_on(b)
            generals[b].set_position(polar(sum(R_GENERAL) / 2, angles[b]))
            generals[b].set_text(general)
            generals[b].set_color(pal["mark"] if general.ordinal == 0 else pal["ink"])
        title.set_text(f"{current.day}日 {current.hour}時 {current.general}將")
        return [hour_mark, title, *heaven.values(), *generals.values()]

    update(0)
    return FuncAnimation(fig, update, frames=len(steps), interval=interval, blit=False)


__all__ = ["animate_turn", "turn_frames"]
