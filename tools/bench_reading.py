"""Reading benchmark: reading() on the 8,640 charts against building them, side by side in one run.

    python tools/bench_reading.py [--repeat N] [--every K]

Prints the time to build every chart (with a month, so the month-bound conditions are judged), to
judge its named patterns (which a reading needs first), and to read it with :func:`liuren.reading.reading`
(the statements of the chapters whose subject the chart shows, every condition evaluated), each as a
ratio to the build time measured in the same run (interleaved, best of N, the garbage collector paused
during each timed loop as :mod:`timeit` does). ``--every K`` times one chart in K (default 4).
"""

from __future__ import annotations

import argparse
import gc
import time
from collections.abc import Callable

from liuren import Chart
from liuren.cycle import BRANCHES, PILLARS
from liuren.reading import reading


def timed(fn: Callable[[], object]) -> float:
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        fn()
        return time.perf_counter() - start
    finally:
        gc.enable()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--every", type=int, default=4)
    args = parser.parse_args()
    inputs = [
        (str(p), str(h), str(g), str(BRANCHES[(p.ordinal + h.ordinal) % 12]))
        for p in PILLARS
        for h in BRANCHES
        for g in BRANCHES
    ][:: args.every]
    n = len(inputs)

    def build() -> list[Chart]:
        return [Chart(d, h, g, month=m) for d, h, g, m in inputs]

    def build_and_patterns() -> None:
        for c in build():
            c.patterns  # noqa: B018 (judged on first use)

    def build_and_read() -> None:
        for c in build():
            reading(c)

    t_build = t_patterns = t_read = float("inf")
    for _ in range(args.repeat):  # interleaved, best of each: a busy machine slows all alike
        t_build = min(t_build, timed(build))
        t_patterns = min(t_patterns, timed(build_and_patterns))
        t_read = min(t_read, timed(build_and_read))
    print(f"build              {n} charts {t_build * 1000:8.1f} ms")
    print(f"+ patterns         {n} charts {t_patterns * 1000:8.1f} ms  ratio {t_patterns / t_build:6.2f}")
    print(f"+ patterns+reading {n} charts {t_read * 1000:8.1f} ms  ratio {t_read / t_build:6.2f}")
    print(
        f"reading alone      {(t_read - t_patterns) / n * 1e6:8.1f} µs a chart, ratio to building "
        f"{(t_read - t_patterns) / t_build:6.2f} (target ≤ 3)"
    )


if __name__ == "__main__":
    main()
