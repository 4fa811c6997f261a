"""Display benchmark: one chart's HTML (target < 2 ms) and one plate PNG (target < 300 ms).

    python tools/bench_display.py [--repeat N]

HTML: chart_html over 1,440 charts (every pillar × hours 子 and 午 × every general), built afresh
before each timed pass so that the time includes the patterns the caption names (detected on first
use), best of N, per chart, for each label language. PNG: plate_png of the 九宗門 chapter's first 元首 example, round and
square, best of N after one warm-up (the first call pays for importing matplotlib and registering
the font, reported separately). A benchmark, not a test: numbers vary by machine.
"""

from __future__ import annotations

import argparse
import time

import liuren
from liuren.cycle import BRANCHES, PILLARS
from liuren.show.html import chart_html, to_html


def best(repeat: int, fn, setup=lambda: None) -> float:
    """Smallest time of ``fn(setup())`` over ``repeat`` runs; ``setup`` is not timed."""
    times = []
    for _ in range(repeat):
        arg = setup()
        start = time.perf_counter()
        fn(arg)
        times.append(time.perf_counter() - start)
    return min(times)


def fresh_charts() -> list[liuren.Chart]:
    return [liuren.Chart(p, h, g, noble="day") for p in PILLARS for h in BRANCHES[::6] for g in BRANCHES]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)

    n = len(fresh_charts())
    for labels in ("zh", "ko", "en"):
        seconds = best(
            args.repeat, lambda charts, labels=labels: [chart_html(c, labels=labels) for c in charts], fresh_charts
        )
        print(
            f"chart_html labels={labels}: {seconds / n * 1000:.3f} ms/chart ({n} fresh charts, best of {args.repeat})"
        )
    charts = fresh_charts()
    [chart_html(c) for c in charts]
    seconds = best(args.repeat, lambda _: [chart_html(c) for c in charts])
    print(f"chart_html again on the same charts (patterns known): {seconds / n * 1000:.3f} ms/chart")
    chart = liuren.chart("丙申", "午", "亥")
    seconds = best(args.repeat, lambda _: to_html(chart))
    print(f"to_html standalone (font embedded): {seconds * 1000:.3f} ms")

    start = time.perf_counter()
    from liuren.show.drawing import plate_png

    plate_png(chart)
    print(f"first plate_png (imports matplotlib, registers the font): {(time.perf_counter() - start) * 1000:.0f} ms")
    for style in ("round", "square"):
        seconds = best(args.repeat, lambda _, style=style: plate_png(chart, style))
        print(f"plate_png style={style}: {seconds * 1000:.0f} ms (640 px, best of {args.repeat})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
