"""Benchmark find(): the first query of a school (which builds its 1,440-chart index and, for a
pattern query, detects every pattern once) and warm queries over the whole 720 課 × 晝/夜 space.

    .venv/bin/python tools/bench_find.py

The target is under 0.5 s per query over the whole space, cold included.
"""

from __future__ import annotations

import time

from liuren import find
from liuren.find import clear_indexes

QUERIES = {
    "三傳 酉丑巳 + 合后虎 by day": {"transmissions": "酉丑巳", "generals": "合后虎", "noble": "day"},
    "method 遙克": {"method": "遙克"},
    "pattern 勵德": {"pattern": "勵德"},
    "pattern 天網 (every hour)": {"pattern": "天網"},
    "pattern 魄化, month 未": {"pattern": "魄化", "month": "未"},
}


def timed(kwargs: dict) -> tuple[float, int]:
    start = time.perf_counter()
    n = len(find(**kwargs))
    return time.perf_counter() - start, n


def main() -> None:
    width = max(map(len, QUERIES))
    for label, kwargs in QUERIES.items():
        clear_indexes()  # cold: build the index (and the pattern hits) for this query
        cold, n = timed(kwargs)
        warm = min(timed(kwargs)[0] for _ in range(5))
        print(f"{label:<{width}}  {n:5d} charts   cold {cold * 1000:7.1f} ms   warm {warm * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
