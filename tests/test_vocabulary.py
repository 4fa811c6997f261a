"""The English edition's vocabulary (liuren/show/words/vocabulary.py): well formed, in step with the
package's English glosses, and the only renderings the English notebooks use.

The notebook checks read the English edition's MyST sources (``notebooks/en/src/*.md``): their prose is
every line outside the code cells. A notebook that does not exist yet is not checked.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

from liuren.show.words.glosses import GLOSSES
from liuren.show.words.vocabulary import VOCABULARY, Term

ROOT = Path(__file__).resolve().parent.parent
ENGLISH = ROOT / "notebooks" / "en"
SOURCES = sorted((ENGLISH / "src").glob("*.md"))
FENCE = re.compile(r"^```\{code-cell\}.*?^```\s*$", re.M | re.S)
HANGUL = re.compile("[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")
CJK = re.compile("[\u3400-\u9fff]")
INTRO_WINDOW = 300
"""How far (in characters) from a term's first use its 漢字 and pinyin may stand."""


def prose(path: Path) -> str:
    """A MyST source without its code cells."""
    return FENCE.sub("", path.read_text(encoding="utf-8"))


def introduced(term: Term) -> bool:
    """Whether the term's first use in a notebook must bring its 漢字 and pinyin: a name (capitalised)
    or a rendering of several words. A single common word ("use", "void", "earth") is read in its
    context, as an English reader reads it, and needs no marker a search could find."""
    return term.english[:1].isupper() or " " in term.english


def pattern(rendering: str) -> re.Pattern[str]:
    """A rendering as a whole-word pattern: any run of spaces between its words, a name as written,
    any other term in any case (and its plural)."""
    words = r"\s+".join(re.escape(w) for w in rendering.split())
    flags = 0 if rendering[:1].isupper() else re.I
    return re.compile(rf"(?<![\w-]){words}(?:s|es)?(?![\w-])", flags)


def normalised(text: str) -> str:
    return text.casefold().replace("-", " ")


def test_every_entry_is_well_formed() -> None:
    for hanzi, term in VOCABULARY.items():
        assert hanzi and all(CJK.match(ch) for ch in hanzi), hanzi
        letters = unicodedata.normalize("NFD", term.pinyin)
        assert re.fullmatch(r"[a-z\u0300\u0301\u0304\u0308\u030c']+", letters), (hanzi, term.pinyin)
        assert term.english.strip() == term.english and term.english, hanzi
        assert not CJK.search(term.english) and not HANGUL.search(term.english), hanzi
        for other in term.avoid:
            assert normalised(other) != normalised(term.english), (hanzi, other)


def test_a_rendering_is_never_another_terms_avoided_one() -> None:
    renderings = {normalised(t.english) for t in VOCABULARY.values()}
    for hanzi, term in VOCABULARY.items():
        for other in term.avoid:
            assert normalised(other) not in renderings, (hanzi, other)


def test_the_vocabulary_agrees_with_the_packages_glosses() -> None:
    """Where the output glosses a term (labels="en"), the prose's rendering is that gloss: the same
    words, or the gloss with the word the prose needs after it ("Initial" → "initial transmission")."""
    shared = sorted(set(VOCABULARY) & set(GLOSSES["en"]))
    assert len(shared) >= 120
    for hanzi in shared:
        ours, gloss = normalised(VOCABULARY[hanzi].english), normalised(GLOSSES["en"][hanzi])
        assert ours.startswith(gloss) or gloss.startswith(ours), (hanzi, ours, gloss)


def test_a_made_up_drift_is_caught() -> None:
    """The checks below can fail: a rendering the vocabulary avoids is found, and a name used without
    its 漢字 and pinyin is found."""
    text = "The four classes of the chart. Its Head is plain."
    assert pattern("four classes").search(text)
    head = VOCABULARY["元首"]
    assert introduced(head) and pattern(head.english).search(text)
    assert not re.search(r"元首\s+yuánshǒu", text)
    assert not pattern("Head").search("head of the list")


@pytest.mark.parametrize("path", SOURCES, ids=[p.stem for p in SOURCES])
def test_the_english_notebooks_use_no_avoided_rendering(path: Path) -> None:
    text = prose(path)
    found = [
        (hanzi, m.group(0))
        for hanzi, term in VOCABULARY.items()
        for other in term.avoid
        if (m := pattern(other).search(text))
    ]
    assert not found, f"{path.name}: use the vocabulary's rendering instead of {found}"


@pytest.mark.parametrize("path", SOURCES, ids=[p.stem for p in SOURCES])
def test_the_english_notebooks_introduce_each_term_with_its_hanzi_and_pinyin(path: Path) -> None:
    """The first use of a listed name or phrase has its 漢字 and pinyin beside it ("the four lessons
    (四課 sìkè)") within a few lines; terms sharing a rendering (獨腳, 獨足) may be introduced by either."""
    text = prose(path)
    by_rendering: dict[str, list[tuple[str, Term]]] = {}
    for hanzi, term in VOCABULARY.items():
        if introduced(term):
            by_rendering.setdefault(term.english, []).append((hanzi, term))
    missing = []
    for rendering, terms in by_rendering.items():
        use = pattern(rendering).search(text)
        if use is None:
            continue
        intros = [
            m.start()
            for hanzi, term in terms
            for m in re.finditer(rf"{re.escape(hanzi)}\s+{re.escape(term.pinyin)}", text, re.I)
        ]
        if not any(at - use.start() <= INTRO_WINDOW for at in intros):
            missing.append(f"{rendering} ({terms[0][0]} {terms[0][1].pinyin})")
    assert not missing, f"{path.name}: first use without 漢字 and pinyin nearby: {missing}"


def test_the_english_glossary_lists_every_term() -> None:
    glossary = ENGLISH / "glossary.ipynb"
    if not glossary.exists():
        pytest.skip("the English glossary is not built yet")
    cells = json.loads(glossary.read_text(encoding="utf-8"))["cells"]
    shown = json.dumps(cells, ensure_ascii=False)
    absent = [h for h, t in VOCABULARY.items() if h not in shown or t.english not in shown]
    assert not absent, f"the English glossary lacks {absent}"
