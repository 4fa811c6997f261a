"""Engine benchmark: all 8,640 (day, hour, general) charts from scratch, charts per second.

    python tools/bench.py [--repeat N]

Times liuren's full Chart objects and, in the same run, bazaar-of-fates's 大六壬 engine
(``fortune.liuren_ext.cast``, plain dicts) when that package is installed, so the two numbers are
measured side by side on the same machine. One core: the loop is single-threaded.
"""

from __future__ import annotations

import argparse
import time

from liuren import Chart
from liuren.cycle import BRANCHES, PILLARS


def all_inputs() -> list[tuple[str, str, str]]:
    """The 8,640 (day, hour, general) triples as plain strings."""
    return [(str(p), str(h), str(g)) for p in PILLARS for h in BRANCHES for g in BRANCHES]


def sweep(inputs: list[tuple[str, str, str]]) -> float:
    """Seconds to build one Chart per input (nothing is memoised across charts)."""
    start = time.perf_counter()
    for day, hour, general in inputs:
        Chart(day, hour, general)
    return time.perf_counter() - start


def bazaar_sweep() -> float | None:
    """Seconds for bazaar-of-fates to cast the same 8,640 charts, or None when it is absent."""
    try:
        from fortune import liuren_ext
    except ImportError:
        return None
    inputs = [
        (p.stem.ordinal, p.branch.ordinal, h.ordinal, g.ordinal) for p in PILLARS for h in BRANCHES for g in BRANCHES
    ]
    start = time.perf_counter()
    for ds, db, hb, yj in inputs:
        liuren_ext.cast(ds, db, hb, yj)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    inputs = all_inputs()
    n = len(inputs)
    ours = min(sweep(inputs) for _ in range(args.repeat))
    print(f"liuren           {n} charts {ours * 1000:7.1f} ms  {n / ours:>9,.0f} charts/s  (Chart objects)")
    timings = [t for t in (bazaar_sweep() for _ in range(args.repeat)) if t is not None]
    if timings:
        theirs = min(timings)
        print(f"bazaar-of-fates  {n} charts {theirs * 1000:7.1f} ms  {n / theirs:>9,.0f} charts/s  (plain dicts)")
        print(f"liuren is {theirs / ours:.2f}x as fast")
    else:
        print("bazaar-of-fates is not installed (pip install bazaar-of-fates) — no side-by-side number")


if __name__ == "__main__":
    main()
