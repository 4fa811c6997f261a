"""What a reader of one edition alone needs from the course's sources (notebooks/src and notebooks/en/src):
statements shown with a gloss in the edition's language, the generals' phases and the matter and verdict
codes tabulated as the package has them, and cross-references that reach the reference cards of 00b."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from liuren.cycle import ELEMENTS, GENERAL_ELEMENT, GENERAL_NAMES
from liuren.reading.statements import MATTERS
from liuren.reading.verdict import VERDICTS

ROOT = Path(__file__).resolve().parent.parent
SOURCES = {"ko": ROOT / "notebooks" / "src", "en": ROOT / "notebooks" / "en" / "src"}
CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```", re.S | re.M)
CARDS = "00b-generals-kin-void.ipynb#n00b-cards"


def source(lang: str, stem: str) -> str:
    (path,) = list(SOURCES[lang].glob(f"{stem}-*.md")) or [SOURCES[lang] / f"{stem}.md"]
    return path.read_text(encoding="utf-8")


def table_rows(text: str, header: str) -> list[list[str]]:
    """The body rows of the markdown table whose header line starts with ``header``."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


@pytest.mark.parametrize("lang", SOURCES)
def test_every_code_cell_that_shows_a_quotation_also_shows_its_gloss(lang: str) -> None:
    bare = []
    for path in sorted(SOURCES[lang].glob("*.md")):
        for cell in CELL.findall(path.read_text(encoding="utf-8")):
            code = "\n".join(line for line in cell.split("\n") if not line.lstrip().startswith("#"))
            if ".quote" in code and "gloss" not in code:
                bare.append(f"{path.name}: {code.strip()[:80]}")
            if "gloss(lang=" in code and f'gloss(lang="{lang}")' not in code:
                bare.append(f"{path.name}: gloss in another language: {code.strip()[:80]}")
    assert not bare


@pytest.mark.parametrize("lang", SOURCES)
def test_the_generals_phase_table_is_the_packages(lang: str) -> None:
    rows = table_rows(source(lang, "00b"), "| 천장 |" if lang == "ko" else "| General |")
    assert [re.findall(r"[\u4e00-\u9fff]{2}", row[0]) for row in rows] == [[g] for g in GENERAL_NAMES]
    assert [row[2] for row in rows] == [str(ELEMENTS[e]) for e in GENERAL_ELEMENT]


@pytest.mark.parametrize("lang", SOURCES)
def test_08_tabulates_every_matter_and_verdict_word(lang: str) -> None:
    text = source(lang, "08")
    matters = table_rows(text, "| 일 |" if lang == "ko" else "| Matter |")
    assert [(m, key.strip("`")) for m, key, _ in matters] == list(MATTERS.items())
    verdicts = table_rows(text, "| 판단 |" if lang == "ko" else "| Verdict |")
    assert [v for v, _ in verdicts] == list(VERDICTS)


@pytest.mark.parametrize("lang", SOURCES)
def test_references_to_the_cards_point_at_00b(lang: str) -> None:
    for stem in ("01", "glossary"):
        text = source(lang, stem)
        assert not re.search(r"end of (notebook )?00\b(?!b)|00 끝|00의 월별", text), stem
    assert source(lang, "01").count(CARDS) >= 3


def test_the_glossary_tells_the_tones_of_死奇_and_死氣_apart() -> None:
    text = source("en", "glossary")
    assert "both sǐqí" not in text
    assert "死奇 sǐqí" in text and "死氣 sǐqì" in text


@pytest.mark.parametrize("lang", SOURCES)
def test_the_plate_formula_says_how_the_branches_are_numbered(lang: str) -> None:
    text = source(lang, "00")
    formula = text.index("mod 12")
    assert "子=0" in text[formula : formula + 300] and "亥=11" in text[formula : formula + 300]


@pytest.mark.parametrize("lang", SOURCES)
@pytest.mark.parametrize("stem", ["03", "05"])
def test_the_clash_is_defined_where_it_is_first_used(lang: str, stem: str) -> None:
    prose = "\n".join(line for line in source(lang, stem).split("\n") if not line.startswith(">"))
    word, gloss = ("clash", "opposite") if lang == "en" else ("충", "맞은편")
    first = prose.index(word)
    here = prose[first : first + 60].split("\n")[0]
    assert gloss in here, here


@pytest.mark.parametrize("lang", SOURCES)
def test_08_seven_glosses_every_step_that_quotes_a_statement(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    # seven() printed step 7 (應期) as its rule and id alone, while steps 5 and 6 gloss each statement
    # they name: each step now glosses its statement in the edition's language
    import liuren
    from liuren.reading import statements
    from liuren.show.examples import example

    cells = CELL.findall(source(lang, "08"))
    helpers = "\n".join(c for c in cells if c.startswith(("def ids", "def seven")))
    space: dict[str, object] = {"statements": statements, "liuren": liuren}
    exec(helpers, space)
    space["seven"](example("彈射-1").chart(), "官")  # type: ignore[operator]
    printed = capsys.readouterr().out.splitlines()
    timing = example("彈射-1").chart().reading("官").verdict().timing
    assert timing is not None
    step7 = next(line for line in printed if line.startswith("7 "))
    gloss = timing.statement.gloss(lang=lang)
    assert gloss and gloss in step7 and f"({timing.statement.source})" in step7, step7


@pytest.mark.parametrize("lang", SOURCES)
def test_08_shows_conditions_in_words_after_introducing_the_facts(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # §4 printed [('any_trans.element = 金', ('金',)), ('any_trans.void = true', ('true',))]: past §1, which
    # introduces a fact's fields, every cell shows a statement's conditions through condition_text, which
    # says them in the words of a check line; the §4 cell is run here as the notebook has it
    import liuren
    from liuren.show.reading import condition_text

    cells = [c for c in CELL.findall(source(lang, "08")) if "j.facts" in c]
    assert len(cells) == 3 and "f.condition" in cells[0]
    assert all("f.condition" not in c and "condition_text(f" in c for c in cells[1:])
    void_cell = next(c for c in cells if "蒿矢-016" in c)
    code = "\n".join(line for line in void_cell.split("\n") if not line.startswith(":tags:"))
    exec(code, {"liuren": liuren, "condition_text": condition_text})
    printed = capsys.readouterr().out.splitlines()[1:]  # after the chart's line
    said = {
        "ko": ["✓ 조건은 三傳 金, 이 과반은 三傳 金", "✓ 조건은 三傳 旬空 예, 이 과반은 三傳 旬空 예"],
        "en": ["✓ it needs 三傳 金; this chart has 三傳 金", "✓ it needs 三傳 旬空 yes; this chart has 三傳 旬空 yes"],
    }
    assert printed[-2:] == said[lang], printed
    assert not any("any_trans" in line or "= true" in line for line in printed)
