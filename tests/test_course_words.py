"""The course names each thing once, in the notebooks and in the library's words a learner reads beside
them (the checker, the widgets, the practice page)."""

from __future__ import annotations

from pathlib import Path

import pytest

from liuren.show.words.check import CHECK
from liuren.show.words.practice import PRACTICE
from liuren.show.words.widgets import WIDGETS

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "notebooks" / "src").glob("*.md"))


OFFSET_TERM = {"ko": "차이 d", "en": "offset d"}
"""The heaven plate's offset as notebook 00 §4 defines it: 「천반은 지반보다 d = (월장 − 점시) mod 12 자리
앞선다」, the course's 「천지반의 차이 d」 (English: the plate's offset d)."""
OFFSET_WORDS = (
    (CHECK, "part.offset"),
    (CHECK, "wrong.offset"),
    (WIDGETS, "offset"),
    (WIDGETS, "printed-hour"),
    (PRACTICE, "part-offset"),
    (PRACTICE, "ph-offset"),
    (PRACTICE, "cell-offset"),
    (PRACTICE, "rule-reverse-transmissions"),
)
"""Every word of the checker, the widgets and the practice page that names the offset."""
OTHER_NAMES = ("천반 칸", "칸 수", "天盤數")
"""Names the Korean words gave the offset before: a learner read one in a notebook and was answered in
another."""


@pytest.mark.parametrize("lang", sorted(OFFSET_TERM))
def test_the_offset_has_the_notebooks_name_wherever_a_learner_reads_it(lang):
    term = OFFSET_TERM[lang]
    assert [key for table, key in OFFSET_WORDS if term not in table[lang][key]] == []
    if lang == "ko":
        said = [text for table in (CHECK, WIDGETS, PRACTICE) for text in table["ko"].values()]
        said += [path.read_text(encoding="utf-8") for path in SOURCES]
        assert [name for name in OTHER_NAMES if any(name in text for text in said)] == []
        assert "천지반의 차이 d" in (ROOT / "notebooks" / "src" / "00-reading-a-chart.md").read_text(encoding="utf-8")
    else:
        assert "the plate's offset d" in (ROOT / "notebooks" / "en" / "src" / "00-reading-a-chart.md").read_text(
            encoding="utf-8"
        )
