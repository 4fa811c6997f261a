"""Widget benchmark: one explorer or stepper update against one round plate drawing, side by side.

    python tools/bench_widgets.py [--repeat N]

An update is a control change until the new view is ready (the explorer: a new hour, as its Play
button turns the plate, also with its reading panel open; the stepper: Next). Both are timed against
``plate_png(style="round")`` in the same run; the target is a ratio of at most 0.5. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import liuren
from liuren.cycle import BRANCHES


def best(repeat: int, fn: Callable[[], object]) -> float:
    """The median of ``repeat`` runs (an update's typical cost, not its luckiest)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=12)
    args = parser.parse_args()
    from liuren.show.drawing import plate_png
    from liuren.show.widgets import Explorer, Stepper

    chart = liuren.chart("丙申", "午", "亥")
    plate_png(chart)  # warm-up: matplotlib import and font registration are not counted
    ex = Explorer("丙申", "午", "亥")
    compare = Explorer("丙申", "午", "亥", compare="school", explain=True)
    reading = Explorer("丙申", "午", "亥", month="寅")
    reading.set(show_reading=True, matter="病")
    stepper = Stepper(liuren.chart("戊辰", "申", "卯"), lang="ko")
    hours = iter(range(10**6))

    def turn(explorer: Explorer) -> None:
        explorer.hour.value = str(BRANCHES[next(hours) % 12])

    def step() -> None:
        if stepper.key == "reading":  # the last position (numbered from 1; the reading follows the patterns)
            stepper.set(step=1)
        stepper.next()

    png = best(args.repeat, lambda: plate_png(chart, style="round"))
    rows = [
        ("explorer: a new hour", best(args.repeat, lambda: turn(ex))),
        ("explorer: a new hour, comparing schools, explain on", best(args.repeat, lambda: turn(compare))),
        ("explorer: a new hour, its reading open", best(args.repeat, lambda: turn(reading))),
        ("stepper: Next", best(args.repeat, step)),
    ]
    print(f"plate_png(style='round')  {png * 1000:7.1f} ms  (median of {args.repeat})")
    for name, seconds in rows:
        print(f"{name:<52} {seconds * 1000:7.1f} ms  ratio {seconds / png:5.2f} (target ≤ 0.5)")


if __name__ == "__main__":
    main()
