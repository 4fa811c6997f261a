"""The reading of a sample of the 8,640 charts is byte-identical to the committed snapshot.

``tests/data/reading_snapshot.txt`` holds, for one chart in 17 (509 charts, every hour and general),
the digest of everything its reading shows (the statements with their facts, ``str``, ``text()`` in ko
and en, the HTML, every verdict), as ``tools/snapshot_reading.py`` writes it. A change that makes the
reading faster must leave it identical; a change that means to alter a reading rewrites it
(``python tools/snapshot_reading.py write tests/data/reading_snapshot.txt --every 17``) and says why.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = importlib.util.spec_from_file_location("snapshot_reading", ROOT / "tools" / "snapshot_reading.py")
assert SPEC is not None and SPEC.loader is not None
snapshot = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(snapshot)

EVERY = 17
FILE = ROOT / "tests" / "data" / "reading_snapshot.txt"


def test_the_sample_covers_every_hour_and_general():
    charts = snapshot.inputs(EVERY)
    assert len(charts) == 509
    assert {h for _, h, _, _ in charts} == {g for _, _, g, _ in charts} and len({g for _, _, g, _ in charts}) == 12


def test_readings_are_byte_identical_to_the_snapshot():
    want = FILE.read_text(encoding="utf-8").splitlines()
    got = list(snapshot.lines(EVERY))
    assert len(got) == len(want)
    differ = [g.rsplit(" ", 1)[0] for g, w in zip(got, want, strict=True) if g != w]
    assert not differ, f"{len(differ)} charts read differently: {differ[:5]}"


def test_a_changed_reading_changes_its_digest():
    day, hour, general, month = snapshot.inputs(EVERY)[0]
    other = "卯" if month != "卯" else "辰"
    assert snapshot.chart_digest(day, hour, general, month) != snapshot.chart_digest(day, hour, general, other)
