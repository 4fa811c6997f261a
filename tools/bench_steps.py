"""Step-by-step benchmark: steps() and check() for all 8,640 charts against building them, side by side.

    python tools/bench_steps.py [--repeat N]

Prints the time to build every chart, to call ``chart.steps()`` on each (the structure: keys, cells,
the gate events), to read every step's text as well, and to ``liuren.check`` a right answer, as
ratios to the build time measured in the same run (interleaved, best of N, the garbage collector
paused during each timed loop as :mod:`timeit` does).
"""

from __future__ import annotations

import argparse
import gc
import time

import liuren
from liuren import Chart
from liuren.cycle import BRANCHES, PILLARS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    inputs = [(str(p), str(h), str(g)) for p in PILLARS for h in BRANCHES for g in BRANCHES]
    n = len(inputs)

    def build() -> list[Chart]:
        return [Chart(*x) for x in inputs]

    def timed(fn) -> float:
        gc.collect()
        gc.disable()  # as timeit does: a collection pass over every live chart would land on whichever loop runs then
        try:
            start = time.perf_counter()
            fn()
            return time.perf_counter() - start
        finally:
            gc.enable()

    charts = build()
    t_build = t_steps = float("inf")
    for _ in range(args.repeat):  # interleaved, best of each: a busy machine slows both alike
        t_build = min(t_build, timed(build))
        t_steps = min(t_steps, timed(lambda: [c.steps() for c in charts]))
    t_text = timed(lambda: [[s.text for s in c.steps("ko")] for c in charts[::12]]) * 12
    answers = [
        (c, c.offset, "".join(x.upper for x in c.lessons), "".join(t.branch for t in c.transmissions)) for c in charts
    ]
    check = getattr(liuren, "check", None)
    print(f"build    {n} charts {t_build * 1000:8.1f} ms")
    print(f"steps()  {n} charts {t_steps * 1000:8.1f} ms  ratio {t_steps / t_build:5.2f} (target ≤ 3)")
    print(
        f"+ texts  {n} charts {t_text * 1000:8.1f} ms  ratio {t_text / t_build:5.2f} (every step's Korean text, 1 in 12 sampled)"
    )
    if check is not None:
        t_check = timed(lambda: [check(c, offset=o, lessons=ls, transmissions=ts) for c, o, ls, ts in answers])
        print(f"check()  {n} answers {t_check * 1000:8.1f} ms  {t_check / n * 1e6:6.1f} µs each")


if __name__ == "__main__":
    main()
