"""Reading snapshot: a digest of everything a reading shows, chart by chart, to prove a change keeps it.

    python tools/snapshot_reading.py write FILE [--every K]
    python tools/snapshot_reading.py check FILE [--every K]

For each of the 8,640 charts (day × hour × general, the month the day and hour give, as the sweeps of
``tests/test_reading.py`` take it; one in K with ``--every``), the SHA-256 of :func:`chart_digest`'s text:
``repr`` of the statements that apply and stay open (with every fact), ``str(reading)``,
``reading.text()``, ``reading.text(lang="en")``, the HTML and every ``verdict(m)`` (``repr``). ``write``
stores one line per chart (``day hour general month digest``) and a last line with the digest of them
all; ``check`` recomputes and names the charts that differ (exit status 1). A speed-up of the reading
must leave the file byte-identical. ``tests/test_reading_snapshot.py`` checks a committed sample.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections.abc import Iterator
from pathlib import Path

from liuren import Chart
from liuren.cycle import BRANCHES, PILLARS
from liuren.reading import reading


def inputs(every: int = 1) -> list[tuple[str, str, str, str]]:
    """(day, hour, general, month) of the 8,640 charts, one in ``every``."""
    return [
        (str(p), str(h), str(g), str(BRANCHES[(p.ordinal + h.ordinal) % 12]))
        for p in PILLARS
        for h in BRANCHES
        for g in BRANCHES
    ][::every]


def chart_digest(day: str, hour: str, general: str, month: str) -> str:
    """The SHA-256 of everything the reading of one chart shows."""
    r = reading(Chart(day, hour, general, month=month))
    parts = [
        repr(r.applies),
        repr(r.open),
        str(r),
        r.text(),
        r.text(lang="en"),
        r._repr_html_(),
        *(repr(v) for v in r.verdicts()),
    ]
    return hashlib.sha256("\x1e".join(parts).encode("utf-8")).hexdigest()


def lines(every: int = 1) -> Iterator[str]:
    """The snapshot's lines: one per chart, then the digest of them all."""
    total = hashlib.sha256()
    for d, h, g, m in inputs(every):
        line = f"{d} {h} {g} {m} {chart_digest(d, h, g, m)}"
        total.update(line.encode("utf-8"))
        yield line
    yield f"all {total.hexdigest()}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("write", "check"))
    parser.add_argument("file", type=Path)
    parser.add_argument("--every", type=int, default=1)
    args = parser.parse_args()
    got = list(lines(args.every))
    if args.mode == "write":
        tmp = args.file.with_name(args.file.name + ".tmp")
        tmp.write_text("\n".join(got) + "\n", encoding="utf-8")
        tmp.replace(args.file)
        print(got[-1])
        return 0
    want = args.file.read_text(encoding="utf-8").splitlines()
    differ = [g.rsplit(" ", 1)[0] for g, w in zip(got, want, strict=False) if g != w]
    if len(got) != len(want) or differ:
        print(f"{len(differ)} charts differ (of {len(got) - 1}): {', '.join(differ[:10])}", file=sys.stderr)
        return 1
    print(f"identical: {got[-1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
