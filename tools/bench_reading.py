"""Reading benchmark: reading() on the 8,640 charts against building them, side by side in one run.

    python tools/bench_reading.py [--repeat N] [--every K] [--lines MATTER]

Prints the time to build every chart (with a month, so the month-bound conditions are judged), to
judge its named patterns (which a reading needs first), and to read it with :func:`liuren.reading.reading`
(the statements of the subjects the chart shows held as one set, an ``int`` with a bit per row, decided by
the walk generated from the data when it loads, :mod:`liuren.reading.generated`, each test decided once
per chart while a statement needing it stands; the facts are built only when read), each as a ratio to the
build time measured in the same run (interleaved, best of N, the garbage collector paused during each
timed loop as :mod:`timeit` does), and a reading with its verdicts (``verdicts()``, every matter the chart
holds), of which it reads ``verdict`` and ``reasons`` of every verdict, what a user reads, so that nothing
built lazily is counted as speed (a verdict's overrides, course, 應期, counts of lines and 用 are weighed
when first read, and are not). ``--every K`` times one chart in K (default 4). Times are CPU time (:func:`time.process_time`),
so a busy machine does not lengthen them much.

Building a chart is cheap (its plate, lessons and 三傳 are made at once, its named patterns on first use:
about 11–13 µs a chart here), so the ratios swing
by a tenth or more between runs; the µs a chart are the steadier figure, and a change is best measured beside
the code before it in the same session (run this file from each tree in turn, a few times), and counted in
instructions (callgrind), which a loaded machine does not change (but an instruction of the reading costs
about three times one of the build, so the time is the measure). With the verdicts no longer holding their
reading (no cycle left for the collector), one call a matter, principles 3 and 4 only where they reach, and the
walk reading chart-wide facts by index and testing what a reader lacks before calling it: a reading with its
verdicts 523 k instructions a chart to 445 k (one chart in 8, the collector paused); timed, 15 runs from each
tree in turn on a shared two-core machine, a median of 9.3× the build (6.8–11.7×, 11 of 15 at or under 10×)
against 12.0× before (9.2–13.2×). A change meant to make the reading faster must keep
its output byte-identical: ``tools/snapshot_reading.py`` checks that over the 8,640 charts.

``--lines MATTER`` instead measures the short form for one matter (``str(chart.reading(MATTER))``) over
the charts: median, 90th percentile and largest number of lines.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from collections.abc import Callable

from liuren import Chart
from liuren.cycle import BRANCHES, PILLARS
from liuren.reading import reading


def timed(fn: Callable[[], object]) -> float:
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        fn()
        return time.process_time() - start
    finally:
        gc.enable()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--lines", metavar="MATTER", help="measure the short form's lines for one matter")
    args = parser.parse_args()
    inputs = [
        (str(p), str(h), str(g), str(BRANCHES[(p.ordinal + h.ordinal) % 12]))
        for p in PILLARS
        for h in BRANCHES
        for g in BRANCHES
    ][:: args.every]
    n = len(inputs)
    if args.lines:
        lengths = sorted(len(str(reading(Chart(d, h, g, month=m), args.lines)).splitlines()) for d, h, g, m in inputs)
        print(
            f"short form for {args.lines}: {n} charts, median {statistics.median(lengths)} lines, "
            f"90th percentile {lengths[int(0.9 * (n - 1))]}, most {lengths[-1]}"
        )
        return

    def build() -> list[Chart]:
        return [Chart(d, h, g, month=m) for d, h, g, m in inputs]

    def build_and_patterns() -> None:
        for c in build():
            c.patterns  # noqa: B018 (judged on first use)

    def build_and_read() -> None:
        for c in build():
            reading(c)

    def build_read_and_judge() -> None:
        for c in build():
            for v in reading(c).verdicts():
                v.verdict, v.reasons  # noqa: B018 (what a user reads of every verdict)

    t_build = t_patterns = t_read = t_judge = float("inf")
    for _ in range(args.repeat):  # interleaved, best of each: a busy machine slows all alike
        t_build = min(t_build, timed(build))
        t_patterns = min(t_patterns, timed(build_and_patterns))
        t_read = min(t_read, timed(build_and_read))
        t_judge = min(t_judge, timed(build_read_and_judge))
    print(f"build              {n} charts {t_build * 1000:8.1f} ms")
    print(f"+ patterns         {n} charts {t_patterns * 1000:8.1f} ms  ratio {t_patterns / t_build:6.2f}")
    print(f"+ patterns+reading {n} charts {t_read * 1000:8.1f} ms  ratio {t_read / t_build:6.2f}")
    print(f"+ verdicts         {n} charts {t_judge * 1000:8.1f} ms  ratio {t_judge / t_build:6.2f}")
    print(
        f"reading and verdicts alone {(t_judge - t_patterns) / n * 1e6:8.1f} µs a chart, ratio to building "
        f"{(t_judge - t_patterns) / t_build:6.2f} (target ≤ 10)"
    )
    print(
        f"reading alone      {(t_read - t_patterns) / n * 1e6:8.1f} µs a chart, ratio to building "
        f"{(t_read - t_patterns) / t_build:6.2f} (target ≤ 3)"
    )
    print(
        f"verdicts alone     {(t_judge - t_read) / n * 1e6:8.1f} µs a chart, ratio to building "
        f"{(t_judge - t_read) / t_build:6.2f}; the patterns alone {(t_patterns - t_build) / n * 1e6:8.1f} µs, "
        f"ratio {(t_patterns - t_build) / t_build:6.2f} (a cost of the chart a reading needs first)"
    )


if __name__ == "__main__":
    main()
