"""Snapshot what the teaching layer says about every chart, to prove a refactor changes no word.

For each preset (指南 探原 大全) and language (zh ko en), every one of the 8,640 charts gets one short
hash of: every step (key, title, text, cells), the trace lines, ``explain()``, and ``check(...)``'s
message and first wrong step for a fixed set of answers (the right one, and one wrong offset, initial
transmission, method and lesson). The hashes are written one per chart, gzipped, to
``tests/data/behaviour/<preset>-<lang>.txt.gz``; ``--compare`` lists the charts whose hash changed.

    python tools/snapshot_behaviour.py            # write the snapshot
    python tools/snapshot_behaviour.py --compare  # charts whose words differ from it
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import liuren
from liuren.cycle import BRANCHES, PILLARS
from liuren.files import write_atomic
from liuren.lang import codes
from liuren.show.check import check

PRESETS = ("default", "tanyuan", "daquan")
LANGS = codes()
HERE = Path(__file__).resolve().parent.parent / "tests" / "data" / "behaviour"


def _answers(chart: liuren.Chart) -> list[dict[str, object]]:
    """The answers every chart is checked with: right, then one place wrong at a time."""
    t = "".join(str(x.branch) for x in chart.transmissions)
    lessons = "".join(str(lesson.upper) for lesson in chart.lessons)
    wrong_init = str(BRANCHES[(BRANCHES.index(chart.transmissions[0].branch) + 1) % 12]) + t[1:]
    wrong_lesson = lessons[:3] + str(BRANCHES[(BRANCHES.index(chart.lessons[3].upper) + 5) % 12])
    other_method = "昴星" if chart.method != "昴星" else "元首"
    return [
        {"offset": chart.offset, "lessons": lessons, "transmissions": t, "method": chart.lesson_type},
        {"offset": (chart.offset + 1) % 12},
        {"lessons": wrong_lesson},
        {"transmissions": wrong_init},
        {"method": other_method},
        {"offset": chart.offset, "transmissions": wrong_init, "method": chart.method},
    ]


def _words(chart: liuren.Chart, lang: str) -> str:
    parts: list[str] = []
    for step in chart.steps(lang):
        parts.append(repr((step.key, step.title, step.text, tuple(sorted(step.cells)))))
    parts.extend(chart.trace(lang))
    parts.append(chart.explain(lang))
    for answer in _answers(chart):
        for reveal in (False, True):
            result = check(chart, lang=lang, reveal=reveal, **answer)  # type: ignore[arg-type]
            parts.append(repr((result.ok, result.first_error, result.message)))
    return "\x1e".join(parts)


def _job(args: tuple[str, str]) -> tuple[str, str, list[str]]:
    preset, lang = args
    rows = []
    for day in PILLARS:
        for hour in BRANCHES:
            for general in BRANCHES:
                chart = liuren.chart(day, hour, general, school=preset)
                digest = hashlib.sha1(_words(chart, lang).encode()).hexdigest()[:10]
                rows.append(f"{day}{hour}{general}\t{digest}")
    return preset, lang, rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", action="store_true", help="list the charts whose words changed")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    HERE.mkdir(parents=True, exist_ok=True)
    changed = 0
    with ProcessPoolExecutor(args.jobs) as pool:
        for preset, lang, rows in pool.map(_job, [(p, lang) for p in PRESETS for lang in LANGS]):
            path = HERE / f"{preset}-{lang}.txt.gz"
            if args.compare:
                old = gzip.decompress(path.read_bytes()).decode().splitlines()
                diff = [new.split("\t")[0] for o, new in zip(old, rows, strict=True) if o != new]
                changed += len(diff)
                print(f"{preset}-{lang}: {len(diff)} of {len(rows)} charts differ", *diff[:20])
            else:
                write_atomic(path, gzip.compress(("\n".join(rows) + "\n").encode(), mtime=0))
                print(f"{path.name}: {len(rows)} charts")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
