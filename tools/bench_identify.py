"""Benchmark identify() and when(): the worst 課 for identify (a full 三傳 with generals, where the
涉害 and 比用格 options and every noble table and 晝/夜 rule are searched) and when() over a year.

    .venv/bin/python tools/bench_identify.py [--repeat 20]

Targets: identify ≤ 50 ms for a full 三傳 with generals (cold: its cache of Schools emptied before
each call; warm: kept); when over one year ≤ 1 s. Each is printed
beside the time of one chart() (built side by side in the same run), so the ratio says how many
charts' work it costs on this machine whatever its load.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import liuren

CASES = {
    "identify 戊辰 返吟 (比用格, 尉山人)": lambda: liuren.identify(
        "戊辰", "辰", "戌", transmissions="巳亥寅", generals="???"
    ),
    "identify 丁卯 涉害 + generals": lambda: liuren.identify(
        "丁卯", "子", "戌", transmissions="亥酉未", generals="常陰后", lesson_type="涉害"
    ),
    "identify 辛卯 伏吟 + lesson type": lambda: liuren.identify(
        "辛卯", "戌", "戌", transmissions="卯子午", generals="蛇陰勾", lesson_type="杜傳"
    ),
    "identify printed 課盤 (no hour)": lambda: liuren.identify(
        printed="父卯常 才申六 子丑陰 龍 陰 常 蛇 午 丑 卯 戌 丑 申 戌 丙 戌亥子丑 酉 寅 申 卯 未午巳辰"
    ),
}
SEOUL = ZoneInfo("Asia/Seoul")
YEAR = (datetime(2026, 1, 1, tzinfo=SEOUL), datetime(2027, 1, 1, tzinfo=SEOUL))
TARGETS = {"identify": 0.050, "when": 1.0}


def best(run, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times) if repeat < 3 else statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    chart = best(lambda: liuren.chart("丁卯", "子", "戌", school=liuren.School(shehai="depth")), args.repeat * 50)
    print(f"one chart(): {chart * 1e6:.0f} µs")
    failed = False
    from liuren.identification import _school

    for label, run in CASES.items():
        run()  # the lazy imports
        cold = best(lambda run=run: (_school.cache_clear(), run()), args.repeat)  # every School built again
        t = best(run, args.repeat)
        failed |= cold > TARGETS["identify"]
        print(
            f"{label:36} {t * 1e3:6.1f} ms warm, {cold * 1e3:6.1f} ms cold = {cold / chart:5.0f} charts"
            f"  (target ≤ {TARGETS['identify'] * 1e3:.0f} ms)"
        )
    for label, spec in (
        ("when 丙申 5 晝, 2026", ("丙申", 5, "day")),
        ("when 庚子 申時 卯將, 2026", liuren.chart("庚子", "申", "卯")),
    ):
        t = best(lambda spec=spec: liuren.when(spec, *YEAR), max(3, args.repeat // 5))
        failed |= t > TARGETS["when"]
        print(f"{label:36} {t * 1e3:7.1f} ms  = {t / chart:6.0f} charts  (target ≤ {TARGETS['when'] * 1e3:.0f} ms)")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
