"""Practice path benchmark: dealing an item plus checking its answer (target: at most 5 ms), and the
dashboard and the wrong-answer book read from a store of a few hundred reviews, measured side by side
in one run. Recording a review (a store write) is timed in tools/bench_store.py, beside the disk's
flush and the casebook's writes; tools/bench_practice_browser.py times the widget in JupyterLab.

    python tools/bench_practice.py [--repeat N] [--count K] [--folder DIR]

Times, per operation (best of N rounds of K, interleaved so a busy machine slows all alike):

* ``check``: :func:`liuren.check` of a whole chart's answer alone, the floor of grading;
* ``deal+answer L``: :func:`liuren.practice.deal` at level L and :func:`liuren.practice.answer` of
  its right answer (level 4 a method, 10 a whole chart, 11 the multiple choice, 13 from a moment);
* ``next_item``: :meth:`Practice.next_item` (a write that opens the level, a read of the due cards);
* ``summary``: :meth:`Practice.summary`, the dashboard's data (mastery of every card, the history);
* ``misses`` and ``replay``: the latest 20 of the wrong-answer book, and one of them dealt again;
* ``today``: :meth:`Practice.today`, the day's next item (the due cards, the day's new count, the
  weakest kinds and types);
* ``summary big``: :meth:`Practice.summary` of a store of ``--big`` reviews (100,000 by default:
  years of daily practice, written straight into the store), target under 100 ms: the counts of the
  review log are kept per store while the process runs and extended by the rows added since, and the
  history's window is counted in the store;
* ``summary big cold``: that process's first summary, the kept counts dropped before it (timed once per
  round): it reads the counts from the store's indexes (by time, by lesson type and verdict, by level),
  not from every review.

The folder defaults to a new one under the system's temporary folder.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_store import TARGET_MS, timed

import liuren
from liuren import store
from liuren.practice import Grade, Practice, answer, deal, progress, solution
from liuren.practice.progress import REVIEW_COLUMNS, _stamp

LEVELS = (4, 10, 11, 13)
BIG_TARGET_MS = 100.0
"""What the dashboard of a store of 100,000 reviews may cost."""
HISTORY = 300
"""How many reviews the store of the dashboard's rows holds (a few months of daily practice)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--folder", type=Path, default=None)
    parser.add_argument("--big", type=int, default=100_000)
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

    for n in range(HISTORY):  # a learner's months: every third answer wrong, a few a day
        item = practice.next_item(LEVELS[n % len(LEVELS)], clock[0])
        grade = answer(item, solution(item)) if n % 3 else Grade("wrong", item.cells[0], item.cells[0], "the rule")
        practice.record(item, grade, clock[0])
        clock[0] += timedelta(hours=7)
    missed = practice.misses(20)
    big = big_store(folder / "big.sqlite3", practice, args.big)

    rows: dict[str, Callable[[], object]] = {
        "check": lambda: liuren.check(whole.chart, **whole_answer),
        **{f"deal+answer {level}": dealt(level) for level in LEVELS},
        "next_item": lambda: practice.next_item(4, clock[0]),
        "summary": lambda: practice.summary(clock[0]),
        "misses": lambda: practice.misses(20),
        "replay": lambda: practice.replay(missed[0]),
        "today": lambda: practice.today(clock[0]),
        "summary big": lambda: big.summary(clock[0]),
    }
    best = dict.fromkeys([*rows, "summary big cold"], float("inf"))
    for _ in range(args.repeat):
        for name, fn in rows.items():
            best[name] = min(best[name], timed(fn, args.count))
        progress._TALLIES.clear()
        best["summary big cold"] = min(best["summary big cold"], timed(lambda: big.summary(clock[0]), 1))
    print(f"practice: {folder} ({HISTORY} reviews; best of {args.repeat} × {args.count})")
    for name, ms in best.items():
        print(f"  {name:<15} {ms:8.3f} ms   {ms / best['check']:8.2f} × check")
    worst = max(best[f"deal+answer {level}"] for level in LEVELS)
    print(
        f"dealing and answering (the slowest level): {worst:.2f} ms, {'within' if worst <= TARGET_MS else 'over'} the {TARGET_MS:g} ms target"
    )
    print(
        f"summary of {args.big:,} reviews: {best['summary big']:.1f} ms, "
        f"{'within' if best['summary big'] <= BIG_TARGET_MS else 'over'} the {BIG_TARGET_MS:g} ms target "
        f"(a process's first: {best['summary big cold']:.0f} ms)"
    )
    store.close_all()


def big_store(path: Path, practice: Practice, count: int) -> Practice:
    """A store of ``count`` reviews, copies of ``practice``'s (new uuids, one every 5 minutes from
    eight years back), with its cards: written straight into the store, as an import of them would."""
    import uuid

    with practice.store.read() as db:
        reviews = db.execute(f"SELECT {', '.join(REVIEW_COLUMNS[1:])} FROM practice_reviews").fetchall()
        cards = db.execute("SELECT * FROM practice_cards").fetchall()
    big = Practice(path, seed=1)
    start = datetime(2026, 12, 1, tzinfo=UTC) - timedelta(minutes=5 * count)
    with big.store.write(durable=False) as db:
        db.executemany(
            f"INSERT INTO practice_reviews ({', '.join(REVIEW_COLUMNS)}) VALUES ({', '.join('?' * len(REVIEW_COLUMNS))})",
            (
                (str(uuid.uuid4()), _stamp(start + timedelta(minutes=5 * n)), *reviews[n % len(reviews)][1:])
                for n in range(count)
            ),
        )
        db.executemany("INSERT INTO practice_cards VALUES (?, ?, ?, ?, ?)", cards)
        db.execute("INSERT OR IGNORE INTO practice_levels VALUES (4, 'skipped', ?)", (_stamp(start),))
    return big


if __name__ == "__main__":
    main()
