"""Benchmark find(): the first query of a school (which builds its 1,440-chart index and, for a
pattern query, detects every pattern once), warm queries, and a long run of varied queries that
measures how far memory grows and the slowest single query.

    .venv/bin/python tools/bench_find.py [--queries 10000] [--seed 0]

Targets: no query over 0.5 s, the first included; after 10,000 varied queries (schools
made with ``School().replace(...)``, months, years, patterns, hour-dependent patterns) the process
holds less than 100 MB more than before the first query. Memory is the resident set size read from
/proc/self/statm (Linux), or the peak from getrusage elsewhere.
"""

from __future__ import annotations

import argparse
import gc
import random
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from liuren import BRANCHES, School, find
from liuren.find import BUILDS, MAX_INDEXES, cached_indexes, clear_indexes
from liuren.patterns import PATTERNS

QUERIES = {
    "三傳 酉丑巳 + 合后虎 by day": {"transmissions": "酉丑巳", "generals": "合后虎", "noble": "day"},
    "method 遙克": {"method": "遙克"},
    "pattern 勵德": {"pattern": "勵德"},
    "pattern 天網 (every hour)": {"pattern": "天網"},
    "pattern 魄化, month 未": {"pattern": "魄化", "month": "未"},
}

SCHOOLS = (
    School(),
    School.preset("tanyuan"),
    School.preset("daquan"),
    School().replace(noble_table="B"),
    School().replace(noble_table="C"),
    School().replace(day_night="mao-you"),
    School().replace(day_night="zi-si"),
    School().replace(shehai="depth"),
    School().replace(tomb="water"),
    School().replace(changsheng="stem", wangxiang="season"),
    School().replace(count_duplicate_lessons=True),
    School().replace(split_shiru=True, bubei_test="character"),
    School().replace(fuyin_chain="open", biezhe_yin="heaven"),
)
"""Three presets and ten custom schools."""


def rss_mb() -> float:
    """Resident set size now, in MB (peak resident size where /proc is missing)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * resource.getpagesize() / 1e6
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3


def timed(kwargs: dict) -> tuple[float, int]:
    start = time.perf_counter()
    n = len(find(**kwargs))
    return time.perf_counter() - start, n


def timed_cpu(kwargs: dict) -> tuple[float, float]:
    """Wall time and this process's CPU time of one query (on a loaded machine the two differ)."""
    wall, cpu = time.perf_counter(), time.process_time()
    find(**kwargs)
    return time.perf_counter() - wall, time.process_time() - cpu


def single_queries() -> None:
    width = max(map(len, QUERIES))
    for label, kwargs in QUERIES.items():
        clear_indexes()  # cold: build the index (and the pattern hits) for this query
        cold, n = timed(kwargs)
        warm = min(timed(kwargs)[0] for _ in range(5))
        print(f"{label:<{width}}  {n:5d} charts   cold {cold * 1000:7.1f} ms   warm {warm * 1000:7.1f} ms")


def varied_queries(count: int, seed: int) -> None:
    """``count`` queries as a class would ask them: a learner stays with one school, month and year
    for a while (one query in 25 moves to another), and asks for transmissions, methods, patterns."""
    rng = random.Random(seed)
    months = (None, *BRANCHES)
    names = [p.name for p in PATTERNS]

    def new_key() -> tuple[School, object, object]:
        return rng.choice(SCHOOLS), rng.choice(months), rng.choice(months)

    def query(key: tuple[School, object, object]) -> dict:
        school, month, year = key
        kwargs: dict = {"school": school, "month": month, "year": year}
        kind = rng.randrange(5)
        if kind == 0:
            kwargs["transmissions"] = "".join(rng.choice(("?", *BRANCHES)) for _ in range(3))
        elif kind == 1:
            kwargs["method"] = rng.choice(("賊克", "比用", "涉害", "遙克", "昴星", "別責", "八專", "伏吟", "返吟"))
        elif kind == 2:
            kwargs["noble"] = rng.choice(("day", "night"))
            kwargs["lesson_type"] = rng.choice(("元首", "重審", "知一", "蒿矢", "彈射"))
        else:
            kwargs["pattern"] = rng.choice(names)
        return kwargs

    clear_indexes()
    gc.collect()
    start_mb, builds0 = rss_mb(), BUILDS[0]
    slowest, slowest_query, slowest_cpu, total = 0.0, None, 0.0, time.perf_counter()
    over = 0
    key = new_key()
    for _ in range(count):
        if rng.random() < 0.04:
            key = new_key()
        kwargs = query(key)
        elapsed, cpu = timed_cpu(kwargs)
        over += elapsed > 0.5
        slowest_cpu = max(slowest_cpu, cpu)
        if elapsed > slowest:
            slowest, slowest_query = elapsed, kwargs
    total = time.perf_counter() - total
    gc.collect()
    grown = rss_mb() - start_mb
    print(
        f"{count} varied queries in {total:.1f} s: {BUILDS[0] - builds0} index builds, {cached_indexes()} kept "
        f"(at most {MAX_INDEXES})"
    )
    print(f"slowest query in CPU time {slowest_cpu * 1000:.0f} ms; {over} queries over 500 ms of wall time")
    print(
        f"memory grew {grown:.1f} MB (target < 100 MB); slowest query {slowest * 1000:.0f} ms wall (target < 500 ms): "
        f"{ {k: (v.name if isinstance(v, School) else v) for k, v in (slowest_query or {}).items() if v is not None} }"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    single_queries()
    varied_queries(args.queries, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
