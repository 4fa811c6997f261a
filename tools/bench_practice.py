"""Practice path benchmark: dealing an item plus checking its answer, and recording a review in the
store (targets: at most 5 ms each), measured side by side in one run.

    python tools/bench_practice.py [--repeat N] [--count K] [--folder DIR]

Times, per operation (best of N rounds of K, interleaved so a busy machine slows all alike):

* ``check``: :func:`liuren.check` of a whole chart's answer alone, the floor of grading;
* ``deal+answer L``: :func:`liuren.practice.deal` at level L and :func:`liuren.practice.answer` of
  its right answer (level 4 a method, 10 a whole chart, 11 the multiple choice, 13 from a moment);
* ``record``: :meth:`Practice.record` of a graded item (a review row and its cards rated with FSRS, in
  one non-durable write, as the practice path writes);
* ``next_item``: :meth:`Practice.next_item` (a write that opens the level, a read of the due cards).

The folder defaults to a new one under the system's temporary folder.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import liuren
from liuren import store
from liuren.practice import Grade, Practice, answer, deal, solution

TARGET_MS = 5.0
LEVELS = (4, 10, 11, 13)


def timed(fn: Callable[[], object], k: int) -> float:
    """Milliseconds per call of ``fn`` over ``k`` calls (the garbage collector paused, as timeit does)."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        for _ in range(k):
            fn()
        return (time.perf_counter() - start) / k * 1000
    finally:
        gc.enable()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--folder", type=Path, default=None)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-practice-", dir=args.folder))
    rng = random.Random(1)
    practice = Practice(folder / "practice.sqlite3", seed=1)
    clock = [datetime(2026, 12, 1, tzinfo=UTC)]
    whole = deal(10, random.Random(2))
    whole_answer = solution(whole)
    for level in LEVELS:  # the index of lesson types is built once, before any timing
        deal(level, rng)

    def dealt(level: int) -> Callable[[], object]:
        def run() -> object:
            item = deal(level, rng)
            return answer(item, solution(item))

        return run

    graded = deal(4, rng)

    def record() -> None:
        clock[0] += timedelta(minutes=1)
        practice.record(graded, Grade("right"), clock[0])

    rows: dict[str, Callable[[], object]] = {
        "check": lambda: liuren.check(whole.chart, **whole_answer),
        **{f"deal+answer {level}": dealt(level) for level in LEVELS},
        "record": record,
        "next_item": lambda: practice.next_item(4, clock[0]),
    }
    best = dict.fromkeys(rows, float("inf"))
    for _ in range(args.repeat):
        for name, fn in rows.items():
            best[name] = min(best[name], timed(fn, args.count))
    print(f"practice: {folder} (best of {args.repeat} × {args.count})")
    for name, ms in best.items():
        print(f"  {name:<15} {ms:8.3f} ms   {ms / best['check']:6.2f} × check")
    worst = max(best[f"deal+answer {level}"] for level in LEVELS)
    for what, ms in (("dealing and answering (the slowest level)", worst), ("a store write", best["record"])):
        print(f"{what}: {ms:.2f} ms, {'within' if ms <= TARGET_MS else 'over'} the {TARGET_MS:g} ms target")
    store.close_all()


if __name__ == "__main__":
    main()
