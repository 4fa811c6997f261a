"""Store benchmark: what a write to the learner's store costs (target: at most 5 ms), beside what the
disk's own flush costs, measured side by side in one run. The one place where store writes are timed:
the casebook's and the practice path's (tools/bench_practice.py times the dealing and grading).

    python tools/bench_store.py [--repeat N] [--writes K] [--folder DIR]

Times, per operation (best of N rounds of K, interleaved so a busy machine slows all alike):

* ``fsync``: 4 KiB written over a file and flushed (``fdatasync``, as SQLite flushes its WAL), the
  floor of any durable write on this disk;
* ``write durable``: the rows of one case (its ~90 statements) in one transaction, synchronous=FULL
  (what :meth:`liuren.casebook.Casebook.save` does), on the kept connection;
* ``write NORMAL``: the same with ``durable=False`` (synchronous=NORMAL: no flush at commit);
* ``review``: :meth:`liuren.practice.Practice.record` of a graded item (a review row and its cards
  rated with FSRS, in one ``durable=False`` write, as the practice path writes);
* ``write reopened``: a durable write with the connection closed after it (what one connection per
  operation would cost: closing the last connection checkpoints the WAL);
* ``reading``: ``chart.reading()``, which a save computes before it writes;
* ``save``: :meth:`Casebook.save`, reading and durable write together;
* ``list 100``: :meth:`Casebook.cases` over a casebook of 100 cases.

The folder defaults to a new one under the system's temporary folder; ``--folder`` puts the store on
another disk (the flush costs what that disk makes it cost).
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import liuren
from liuren import store
from liuren.casebook import Case, Casebook, _insert
from liuren.practice import Grade, Practice, deal
from liuren.store import Store

TARGET_MS = 5.0


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
    parser.add_argument("--writes", type=int, default=40)
    parser.add_argument("--folder", type=Path, default=None)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-store-", dir=args.folder))
    chart = liuren.chart("丙申", "午", "亥", month="寅")
    book = Casebook(folder / "cases.sqlite3")
    template = book.save(chart, "template")
    s = Store(folder / "cases.sqlite3")
    listed = Casebook(folder / "listed.sqlite3")
    for n in range(100):
        listed.save(chart, f"case {n}")
    scratch = folder / "fsync.bin"

    scratch.write_bytes(bytes(4096))
    flush = getattr(os, "fdatasync", os.fsync)  # what SQLite calls to flush where the system has it

    def fsync() -> None:
        fd = os.open(scratch, os.O_WRONLY)
        try:
            os.pwrite(fd, os.urandom(4096), 0)
            flush(fd)
        finally:
            os.close(fd)

    def write(durable: bool) -> Callable[[], None]:
        def run() -> None:
            with s.write(durable=durable) as db:
                _insert(db, replace(template, id=str(uuid.uuid4())))

        return run

    practice = Practice(folder / "practice.sqlite3", seed=1)
    graded = deal(4, random.Random(1))
    clock = [datetime(2026, 12, 1, tzinfo=UTC)]

    def review() -> None:
        clock[0] += timedelta(minutes=1)
        practice.record(graded, Grade("right"), clock[0])

    def reopened() -> None:
        write(True)()
        store.close_all()

    rows: dict[str, Callable[[], object]] = {
        "fsync": fsync,
        "write durable": write(True),
        "write NORMAL": write(False),
        "review": review,
        "write reopened": reopened,
        "reading": lambda: chart.reading(),
        "save": lambda: book.save(chart, "q"),
        "list 100": lambda: listed.cases(),
    }
    best = dict.fromkeys(rows, float("inf"))
    for _ in range(args.repeat):
        for name, fn in rows.items():
            best[name] = min(best[name], timed(fn, 5 if name == "list 100" else args.writes))
    statements = len(template.reading)
    print(f"store: {folder} (a case of {statements} statements; best of {args.repeat} × {args.writes})")
    for name, ms in best.items():
        print(f"  {name:<15} {ms:8.3f} ms   {ms / best['fsync']:6.2f} × fsync")
    durable = best["write durable"]
    verdict = "within" if durable <= TARGET_MS else "over"
    print(
        f"a durable write: {durable:.2f} ms, {verdict} the {TARGET_MS:g} ms target "
        f"({durable - best['fsync']:.2f} ms beyond this disk's fsync; NORMAL: {best['write NORMAL']:.2f} ms)"
    )
    ms = best["review"]
    print(f"a practice review: {ms:.2f} ms, {'within' if ms <= TARGET_MS else 'over'} the {TARGET_MS:g} ms target")
    store.close_all()
    assert isinstance(template, Case)


if __name__ == "__main__":
    main()
