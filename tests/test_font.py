"""The shipped CJK subset: its names, its licence, and a glyph for every character a label can produce."""

from __future__ import annotations

import subprocess
import sys
import warnings
from importlib import resources
from pathlib import Path

import pytest

import liuren
from liuren.cycle import BRANCHES, PILLARS
from liuren.show.labels import hanzi
from liuren.show.text import chart_text

ttLib = pytest.importorskip("fontTools.ttLib")

FONTS = resources.files("liuren") / "fonts"
OTF = Path(str(FONTS / "LiurenSerifTC.otf"))
ROOT = Path(__file__).resolve().parent.parent
DEBIAN_SERIF = Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc")


@pytest.fixture(scope="module")
def cmap() -> set[int]:
    return set(ttLib.TTFont(str(OTF)).getBestCmap())


def test_font_is_a_small_renamed_subset():
    font = ttLib.TTFont(str(OTF))
    names = {n.nameID: n.toUnicode() for n in font["name"].names if n.platformID == 3}
    assert names[1] == names[4] == names[16] == "Liuren Serif TC"
    assert names[6] == "LiurenSerifTC-Regular"
    for name_id in (1, 3, 4, 6, 16, 17):
        assert "Source" not in names[name_id] and "Noto" not in names[name_id]
    assert "SIL Open Font License" in names[13]
    assert font["CFF "].cff.fontNames == ["LiurenSerifTC-Regular"]
    assert 40_000 < OTF.stat().st_size < 90_000
    assert len(font.getGlyphOrder()) < 400


def test_licence_and_fontlog_ship_beside_the_font():
    ofl = (FONTS / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in ofl and "Reserved Font Name 'Source'" in ofl
    assert "Noto Serif CJK TC" in (FONTS / "FONTLOG.txt").read_text(encoding="utf-8")


REBUILD = "a label uses characters the font lacks: run python tools/make_font.py and commit liuren/fonts/"


def test_every_label_character_is_in_the_font(cmap):
    assert [c for c in hanzi() if ord(c) not in cmap] == [], REBUILD
    pattern_chars = {c for p in liuren.PATTERNS for c in p.name}
    assert [c for c in sorted(pattern_chars) if ord(c) not in cmap] == [], REBUILD


def test_every_chart_text_is_in_the_font(cmap):
    chars: set[str] = set()
    for p in PILLARS:
        for h in BRANCHES[::3]:
            for g in BRANCHES:
                chars |= set(chart_text(liuren.Chart(p, h, g, noble="day")))
    assert sorted(c for c in chars if c not in "\n " and ord(c) not in cmap) == []


def test_woff2_holds_the_same_characters(cmap):
    pytest.importorskip("brotli")
    woff2 = ttLib.TTFont(str(FONTS / "LiurenSerifTC.woff2"))
    assert set(woff2.getBestCmap()) == cmap


def test_rendering_every_character_raises_no_missing_glyph_warning():
    pytest.importorskip("matplotlib")
    from io import BytesIO

    from matplotlib.figure import Figure

    from liuren.show.drawing import register_font

    family = register_font()
    chars = hanzi()
    fig = Figure(figsize=(8, 4))
    for i in range(0, len(chars), 40):
        fig.text(0.01, 0.95 - i / 40 * 0.11, chars[i : i + 40], family=[family], fontsize=10)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fig.savefig(BytesIO(), format="png")


@pytest.mark.skipif(not DEBIAN_SERIF.exists(), reason="Debian fonts-noto-cjk is not installed")
def test_make_font_rebuilds_the_same_subset(tmp_path, cmap):
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_font.py"), "--out", str(tmp_path)], check=True, capture_output=True
    )
    assert set(ttLib.TTFont(str(tmp_path / "LiurenSerifTC.otf")).getBestCmap()) == cmap
    assert (tmp_path / "OFL.txt").read_text(encoding="utf-8") == (FONTS / "OFL.txt").read_text(encoding="utf-8")
