"""The Korean course speaks in one register and names each thing once, in the notebooks and in the
library's words a learner reads beside them (the checker, the widgets, the practice page).

The register is 해라체 (「…한다」, 「…이다」, 「…하라」): counted in the prose of ``notebooks/src/*.md``
(code, 「」 quotations and parentheses left out) it closes about 2,500 sentences and 합니다체 none
but one quoted line of the practice page, whose words were 합니다체 (「맞았습니다」) beside a checker
that says 「틀렸다」. A sentence-final 합니다체 or 해요체 ending anywhere a learner reads is a drift."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from liuren.show.words import tables
from liuren.show.words.check import CHECK
from liuren.show.words.practice import PRACTICE
from liuren.show.words.widgets import WIDGETS

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "notebooks" / "src").glob("*.md"))

HANGUL_B_FINAL = 17
"""The index of the final ㅂ in a Hangul syllable (합, 입, 습 …): 합니다체 ends in such a syllable + 니다."""
POLITE_ENDING = re.compile(
    r"([\uac00-\ud7a3])니다(?=[.!?:)\s」]|$)|[\uac00-\ud7a3](?:세요|십시오|어요|아요|해요|에요)(?=[.!?:)\s]|$)"
)
"""A sentence-final 합니다체 (「…합니다」, 「…입니다」, 「…습니다」: ㅂ before 니다, not 「아니다」) or 해요체 /
하십시오체 ending (「…하세요」, 「…해요」)."""
DELIBERATE_EXCEPTIONS: frozenset[str] = frozenset()
"""Texts allowed another register, each for a reason (none today: the chapters' Korean translations
are written in 해라체 too, and quotations 「…」 are not counted)."""


def polite_endings(text: str) -> list[str]:
    """The 합니다체 and 해요체 endings of ``text`` (with a little context), 「」 quotations left out."""
    text = re.sub(r"「[^」]*」", "", text)
    found = []
    for m in POLITE_ENDING.finditer(text):
        if m.group(1) is not None and (ord(m.group(1)) - 0xAC00) % 28 != HANGUL_B_FINAL:
            continue  # 「아니다」, 「드니다」 …: 해라체
        found.append(text[max(0, m.start() - 20) : m.end()])
    return found


def prose(path: Path) -> str:
    """The Markdown prose of a jupytext source: code cells and inline code left out."""
    out, code = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            code = not code
            continue
        if not code:
            out.append(re.sub(r"`[^`]*`", "", line))
    return "\n".join(out)


def test_the_register_check_finds_what_it_should():
    found = polite_endings("맞았습니다. 이 단계입니다. 적어 주세요. 좋아요.")
    assert [f.rsplit(" ", 1)[-1] for f in found] == ["맞았습니다", "단계입니다", "주세요", "좋아요"]
    assert polite_endings("맞았다. 이것은 판결이 아니다. 적어라. 「吉하다 합니다」") == []


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_the_korean_notebooks_keep_one_register(path):
    assert polite_endings(prose(path)) == []


def test_the_korean_words_a_learner_reads_keep_the_notebooks_register():
    drift = {
        f"{name}[{key!r}]": polite_endings(text)
        for name, table in tables().items()
        for key, text in table.get("ko", {}).items()
        if f"{name}[{key!r}]" not in DELIBERATE_EXCEPTIONS and polite_endings(text)
    }
    assert drift == {}


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


SCHOOL_TERM = "학파"
"""A 學派 (a :class:`liuren.School`'s conventions), as the Korean notebooks name it about 100 times."""
OTHER_SCHOOL_NAMES = ("유파", "문파")
"""Names the Korean words gave a school beside it: a reading's override line said 「유파 선택」 in notebook
01, where every other line says 학파."""


def test_a_school_has_one_korean_name_wherever_a_learner_reads_it():
    said = [f"{name}[{key!r}]: {text}" for name, table in tables().items() for key, text in table.get("ko", {}).items()]
    said += [f"{path.name}: {line}" for path in SOURCES for line in path.read_text(encoding="utf-8").splitlines()]
    assert [text for text in said if any(name in text for name in OTHER_SCHOOL_NAMES)] == []
    assert SCHOOL_TERM in tables()["reading.READING"]["ko"]["school"] and SCHOOL_TERM in WIDGETS["ko"]["school"]
