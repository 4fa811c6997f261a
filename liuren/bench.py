"""Benchmark: build every (day, hour, general) chart from scratch and report charts per second.

Run it with ``liuren bench`` or ``python tools/bench.py`` (which also times bazaar-of-fates side
by side when it is installed). Nothing here is memoised across charts.
"""

from __future__ import annotations

import time

from .chart import Chart
from .cycle import BRANCHES, PILLARS


def all_inputs() -> list[tuple[str, str, str]]:
    """The 8,640 (day, hour, general) triples as plain strings."""
    return [(str(p), str(h), str(g)) for p in PILLARS for h in BRANCHES for g in BRANCHES]


def sweep(inputs: list[tuple[str, str, str]]) -> float:
    """Seconds to build one Chart per input."""
    start = time.perf_counter()
    for day, hour, general in inputs:
        Chart(day, hour, general)
    return time.perf_counter() - start


def run(repeat: int = 5) -> str:
    """Best of ``repeat`` sweeps over all 8,640 charts, as a one-line report."""
    inputs = all_inputs()
    best = min(sweep(inputs) for _ in range(repeat))
    return f"liuren: {len(inputs)} charts in {best * 1000:.1f} ms = {len(inputs) / best:,.0f} charts/s (best of {repeat})"
