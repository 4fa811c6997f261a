"""docs/reference.md is generated from the code's registry (tools/make_reference.py) and in step with it."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import liuren
from liuren.patterns import PATTERNS
from liuren.school import OPTION_NAMES

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "reference.md"


def _tool():
    spec = importlib.util.spec_from_file_location("make_reference", ROOT / "tools" / "make_reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def test_committed_reference_is_in_step_with_the_code():
    assert REFERENCE.read_text(encoding="utf-8") == _tool().render(), "run: python tools/make_reference.py"


def test_reference_lists_every_option_preset_and_pattern():
    text = REFERENCE.read_text(encoding="utf-8")
    for option in OPTION_NAMES:
        assert re.search(rf"^\| `{option}` \| ", text, re.M), option
    for name in liuren.PRESETS:
        assert re.search(rf"^\| {name} \| ", text, re.M), name
    rows = re.findall(r"^\| (\S+) \| .+ \| .+ \| (?:—|month|year|hour)", text, re.M)
    assert rows == [p.name for p in PATTERNS]


def test_reference_cites_books_not_project_files():
    text = REFERENCE.read_text(encoding="utf-8")
    assert not re.search(r"shared/|rules\.md|\bseed\b|\b00[0-4]\b", text)
    tool = _tool()
    # only the 九宗門 chapter names its book; the others keep their own heading and are given no invented title
    assert tool.for_users("002 勵德課 (《金匱經》); docs/rules.md §6.3") == "勵德課 (《金匱經》)"
    assert tool.for_users("《六壬大全》 淫泆課 (docs/rules.md §6.5); 002 「后合」") == "《六壬大全》 淫泆課; 「后合」"
    assert tool.for_users("004 (上神旺相)") == "《大六壬靈覺經》 (上神旺相)"


def test_readmes_name_no_file_outside_the_repository():
    for path in (ROOT / "README.md", ROOT / "tests" / "data" / "README.md"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"shared/|(?<!docs/)rules\.md|\bseed \d{3}\b", text), path
    assert "(docs/reference.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_check_mode_and_atomic_write(tmp_path):
    tool = ROOT / "tools" / "make_reference.py"
    out = tmp_path / "reference.md"
    stale = subprocess.run([sys.executable, str(tool), "--check", "--out", str(out)], capture_output=True, text=True)
    assert stale.returncode == 1 and "not in step" in stale.stderr
    subprocess.run([sys.executable, str(tool), "--out", str(out)], capture_output=True, text=True, check=True)
    assert out.read_text(encoding="utf-8") == REFERENCE.read_text(encoding="utf-8")
    assert [p.name for p in tmp_path.iterdir()] == ["reference.md"]  # no temporary file left
    fresh = subprocess.run([sys.executable, str(tool), "--check", "--out", str(out)], capture_output=True, text=True)
    assert fresh.returncode == 0 and fresh.stderr == ""
