"""Benchmark: ``liuren.chart_at`` for 10,000 random instants, 1900–2100, in ten timezones.

Run it with ``.venv/bin/python tools/bench_calendar.py [N]``. The first sweep starts with empty
solar-term caches (tyme4py computes the terms of each year once, on first use); the second reuses
them. The target is under 2 s for 10,000 instants, cold.
"""

from __future__ import annotations

import random
import sys
import time
from datetime import datetime
from zoneinfo import ZoneInfo

import liuren
from liuren.almanac import END, FIRST

ZONES = (
    "Asia/Seoul",
    "Asia/Shanghai",
    "Asia/Tokyo",
    "America/New_York",
    "America/Los_Angeles",
    "Europe/London",
    "Europe/Berlin",
    "Pacific/Auckland",
    "Asia/Kolkata",
    "UTC",
)


def instants(n: int, seed: int = 3) -> list[datetime]:
    """``n`` random aware datetimes in the supported range, each in one of ZONES."""
    rng = random.Random(seed)
    zones = [ZoneInfo(z) for z in ZONES]
    lo, hi = int(FIRST.timestamp()), int(END.timestamp()) - 1
    return [datetime.fromtimestamp(rng.randint(lo, hi), rng.choice(zones)) for _ in range(n)]


def sweep(whens: list[datetime]) -> float:
    """Seconds to cast one chart per instant."""
    start = time.perf_counter()
    for when in whens:
        liuren.chart_at(when)
    return time.perf_counter() - start


def main(n: int = 10_000) -> None:
    whens = instants(n)
    cold = sweep(whens)
    warm = sweep(whens)
    print(
        f"chart_at: {n:,} random instants 1900–2100: cold {cold:.3f} s ({cold / n * 1e6:.0f} µs each), "
        f"warm {warm:.3f} s ({warm / n * 1e6:.0f} µs each)"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
