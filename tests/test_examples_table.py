"""The chapters' comparison table (liuren.show.examples.table) in Chinese, Korean and English."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from liuren import ParseError
from liuren.show import examples as ex

from .test_course import ROOT, TOOL

HANGUL = re.compile(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]")
LANGS = ("zh", "ko", "en")
QUOTED = re.compile(r"「[^」]*」")
NOTE = len(ex.HEADER_KEYS) - 1
"""The index of the note column (the last)."""


def test_the_package_csv_is_derived_from_the_korean_and_english_notes():
    """liuren/data/chapter_examples.csv is what tools/make_notebooks.py derives from tests/data (the
    golden rows, chapter_notes_ko.csv, chapter_notes_en.csv and chapter_notes_zh.csv): a note edited in
    the package copy alone, or a row left without one, fails here."""
    saved = (ROOT / "liuren" / "data" / "chapter_examples.csv").read_text(encoding="utf-8")
    assert TOOL.examples_text() == saved
    assert saved.splitlines()[0].endswith(",printed,note,note_en,note_zh")


def test_every_note_has_an_english_rendering_without_hangul():
    rows = ex.examples()
    assert len(rows) == 30
    for e in rows:
        assert e.note_en.strip(), f"{e.name}: no English note"
        assert not HANGUL.search(e.note_en), f"{e.name}: Hangul in the English note: {e.note_en[:80]}"
        assert HANGUL.search(e.note), f"{e.name}: the Korean note is not Korean"


def test_the_english_notes_keep_the_quotations_and_the_translators_notes_of_the_korean():
    """A faithful rendering quotes the same words of the text and names the translator where the
    Korean note does ("역자 주" → "the translator's note")."""
    for e in ex.examples():
        assert QUOTED.findall(e.note_en) == QUOTED.findall(e.note), e.name
        assert e.note_en.count("the translator's note") == e.note.count("역자 주"), e.name
        assert e.note_en.count("d = ") == e.note.count("d = "), e.name
        # every branch, stem or term the Korean note writes in Hanzi, the English note writes too
        hanzi = set(re.findall(r"[\u4e00-\u9fff]", e.note))
        assert hanzi <= set(re.findall(r"[\u4e00-\u9fff]", e.note_en)), (e.name, hanzi - set(e.note_en))


def test_every_note_has_a_chinese_rendering_in_hanzi():
    """The Chinese note is written Chinese: no Hangul, no Latin letters but the d of ``d = 7``; it
    keeps the Korean note's quotations of the text, its numbers and its translator's notes (譯者注)."""
    for e in ex.examples():
        assert e.note_zh.strip() and not HANGUL.search(e.note_zh), e.name
        assert not re.search(r"[A-Za-z]", e.note_zh.replace("d = ", "")), e.name
        assert QUOTED.findall(e.note_zh) == QUOTED.findall(e.note), e.name
        assert e.note_zh.count("譯者注") == e.note.count("역자 주"), e.name
        assert re.findall(r"d = \d+", e.note_zh) == re.findall(r"d = \d+", e.note), e.name
        assert re.findall(r"d = \d+", e.note_en) == re.findall(r"d = \d+", e.note), e.name


def test_the_printed_column_is_shared_by_every_language_so_it_has_no_hangul():
    for e in ex.examples():
        assert not HANGUL.search(e.printed), f"{e.name}: {e.printed}"
    assert ex.example("勵德-3").printed == "四課 上神 巳申戌丑 / 下神 申亥丑乙 (第一·第二課 丑/乙·戌/丑); 初傳 六親 印"


@pytest.mark.parametrize("chapter", list(ex.CHAPTERS))
def test_the_three_languages_tables_have_the_same_cells_but_the_words(chapter):
    tables = {lang: ex.table(chapter, lang=lang) for lang in LANGS}
    cells = {lang: t.cells() for lang, t in tables.items()}
    assert [len(c) for c in cells.values()] == [len(ex.examples(chapter))] * 3
    for lang in LANGS:
        assert tables[lang].lang == lang
        assert [row[:NOTE] for row in cells[lang]] == [row[:NOTE] for row in cells["ko"]]
        assert [row[NOTE] for row in cells[lang]] == [e.annotation(lang) for e in ex.examples(chapter)]
    assert [row[NOTE] for row in cells["en"]] == [e.note_en for e in ex.examples(chapter)]
    assert [row[NOTE] for row in cells["zh"]] == [e.note_zh for e in ex.examples(chapter)]
    assert len({cells[lang][0][NOTE] for lang in LANGS}) == 3
    assert ex.table(chapter).cells() == cells["ko"], "Korean is the default"
    heads = {lang: ex.headers(lang) for lang in LANGS}
    assert len({h for h in heads.values()}) == 3 and all(len(h) == NOTE + 1 for h in heads.values())
    captions = {lang: t.caption() for lang, t in tables.items()}
    assert captions["ko"].startswith("원문 대조 — ") and captions["en"].startswith("Comparison with the text — ")
    assert captions["zh"].startswith("原文對照 — ")
    for lang in LANGS:
        assert str(tables[lang]).splitlines()[1].split(" | ") == list(heads[lang])


@pytest.mark.parametrize("chapter", list(ex.CHAPTERS))
def test_the_english_and_chinese_tables_have_no_hangul(chapter):
    for lang in ("en", "zh"):
        shown = ex.table(chapter, lang=lang)
        assert not HANGUL.search(str(shown)) and not HANGUL.search(shown._repr_html_()), lang
    assert not re.search(r"[A-Za-z]{2,}", "".join(ex.headers("zh")) + ex.table(chapter, lang="zh").caption())
    assert HANGUL.search(ex.table(chapter).caption() + "".join(ex.HEADERS))


def test_the_chapters_citations_per_language():
    ch = ex.CHAPTERS["九宗門"]
    assert ch.citation() == "《大六壬靈覺經》 (吳師青 手抄本) 上卷, 九宗門 목차 · 元首課 · 重審課"
    assert ch.citation("zh") == "《大六壬靈覺經》（吳師青 手抄本） 上卷, 九宗門 目次 · 元首課 · 重審課"
    assert (
        ch.citation("en")
        == "《大六壬靈覺經》 (吳師青's manuscript copy) 上卷, 九宗門 (table of contents) · 元首課 · 重審課"
    )
    other = ex.CHAPTERS["天獄·殃咎"]
    assert other.book() == ex.UNTITLED and "《" not in other.citation("en")
    assert other.citation("en").startswith("an untitled annotated translation of a 大六壬 text")
    for lang in LANGS:  # only the 九宗門 chapter is attributed to 《靈覺經》
        assert [c.key for c in ex.CHAPTERS.values() if "靈覺經" in c.citation(lang)] == ["九宗門"]


@pytest.mark.parametrize(("lang", "attribute"), [("zh", "zh-Hant"), ("ko", "ko"), ("en", "en")])
def test_the_html_says_its_language(lang, attribute):
    html = ex.table("九宗門", lang=lang)._repr_html_()
    assert html.startswith(f'<table lang="{attribute}">')
    for head in ex.headers(lang):
        assert f">{head}</th>" in html


@pytest.mark.parametrize("lang", LANGS)
def test_the_ids_and_the_quotation_keep_their_room_at_1280(lang):
    # at 1280×720 「元首-1」 broke into 「元首 / -1」, 「계산과 일치」 syllable by syllable, and the English
    # quotation column stood about three characters wide beside the note
    html = ex.table("九宗門", lang=lang)._repr_html_()
    heads = re.findall(r'<th style="([^"]*)">', html)
    assert len(heads) == len(ex.HEADER_KEYS) and all("word-break:keep-all" in style for style in heads)
    rows = re.findall(r"<tr>(.*?)</tr>", html.split("<tbody>")[1])
    for row in rows:
        cells = {
            key: (style, re.sub(r"<[^>]*>", "", inner))
            for key, (style, inner) in zip(
                ex.HEADER_KEYS, re.findall(r'<td style="([^"]*)">(.*?)</td>', row), strict=True
            )
        }
        assert "white-space:nowrap" in cells["example"][0] and re.fullmatch(r"\S+-\d+", cells["example"][1])
        assert "white-space:nowrap" in cells["uppers"][0] and len(cells["uppers"][1]) == 4
        assert "min-width:9em" in cells["text"][0] and "min-width:10em" in cells["note"][0]
    assert len(rows) == len(ex.examples("九宗門"))


@pytest.mark.parametrize("lang", LANGS)
def test_no_cell_but_the_quotation_breaks_inside_a_term_and_the_table_still_fits(lang):
    # at 1280×720 notebook 01's table broke 「(月建 寅)」 into 「月 / 建」 and 「六親」 into 「六 / 親」: every
    # column but the quotation (Hanzi with no space, which must break) breaks only between words, and the
    # widest word of each column, side by side, stays within the notebook's 880px at 13px type
    from liuren.show.widget_parts import text_em

    chapters = [k.removeprefix("title.") for k in ex.WORDS[lang] if k.startswith("title.")]
    assert len(chapters) == 4
    free = {"text"} if lang != "zh" else {"text", "note"}  # a Chinese note has no space to break at
    for chapter in chapters:
        html = ex.table(chapter, lang=lang)._repr_html_()
        for row in re.findall(r"<tr>(.*?)</tr>", html.split("<tbody>")[1]):
            styles = dict(zip(ex.HEADER_KEYS, re.findall(r'<td style="([^"]*)">', row), strict=True))
            kept = [k for k, style in styles.items() if "keep-all" in style or "nowrap" in style]
            assert kept == [k for k in ex.HEADER_KEYS if k not in free], (chapter, kept)
        widest = dict.fromkeys(ex.HEADER_KEYS, 0.0)
        for row in ex.table(chapter, lang=lang).cells():
            for key, cell in zip(ex.HEADER_KEYS, row, strict=True):
                words = [cell] if "nowrap" in ex.COLUMN_STYLES.get(key, "") else cell.split()
                words = ex.TERM.findall(cell) if key in ex.TERM_COLUMNS else words
                words = list(cell) if key in free else words  # a column that breaks anywhere
                widest[key] = max([widest[key], *(text_em(w) for w in words)])
        widest["text"], widest["note"] = max(widest["text"], 9.0), max(widest["note"], 10.0)  # min-widths
        widest["inputs"] = max(widest["inputs"], 6.0)
        assert sum(widest.values()) * 13 + len(widest) * 12 <= 880, (chapter, widest)


@pytest.mark.parametrize("lang", LANGS)
def test_each_term_of_the_chart_and_the_method_is_kept_on_one_line(lang):
    # in JupyterLab at 1280×720 the English chart column stood about 45px wide, so 「(月建 寅)」 broke
    # after 「(月建」, and the Korean 「賊克 · 元首」 broke at each 「·」: each term of the inputs and the
    # transmissions is one unbreakable span, the inputs keep room for two terms a line, the method one line
    html = ex.table("九宗門", lang=lang)._repr_html_()
    nowrap = '<span style="white-space:nowrap">{}</span>'
    for row in re.findall(r"<tr>(.*?)</tr>", html.split("<tbody>")[1]):
        cells = dict(zip(ex.HEADER_KEYS, re.findall(r'<td style="([^"]*)">(.*?)</td>', row), strict=True))
        style, inputs = cells["inputs"]
        assert "min-width:6em" in style
        assert re.fullmatch(r"(<span style=\"white-space:nowrap\">[^<]+</span> ?)+", inputs), inputs
        assert nowrap.format("(月建 寅)") in inputs or nowrap.format("(月建 丑)") in inputs
        assert nowrap.format("亥將") in inputs or nowrap.format("丑將") in inputs
        assert "white-space:nowrap" in cells["method"][0] and cells["method"][1] == "賊克 · 元首"
        assert cells["transmissions"][1].endswith("</span>") and re.search(
            r">\([^<]+\)</span>$", cells["transmissions"][1]
        )
    assert ex._terms("甲 (乙 丙) 丁(") == " ".join(nowrap.format(t) for t in ("甲", "(乙 丙)", "丁("))


def test_the_english_heads_have_no_word_wider_than_a_terms():
    # the heads set the narrow columns' widths: 「agrees with the computation」 above a ✓ took 126px
    words = [w for head in ex.headers("en") for w in head.split()]
    assert max(words, key=len) == "transmissions" and "computation" not in words


def test_every_language_has_every_word():
    keys = set(ex.WORDS["ko"])
    assert set(ex.WORDS) == set(LANGS)
    assert all(set(words) == keys for words in ex.WORDS.values())
    assert {f"head.{k}" for k in ex.HEADER_KEYS} | {f"title.{k}" for k in ex.CHAPTERS} <= keys


@pytest.mark.parametrize("bad", ["fr", "kr", "EN", "", None, 1, ["en"]])
def test_a_wrong_lang_is_a_parse_error(bad):
    with pytest.raises(ParseError, match="accepted: 'zh', 'ko', 'en'"):
        ex.table("九宗門", lang=bad)
    with pytest.raises(ParseError):
        ex.Table(ex.examples("九宗門"), bad)
    with pytest.raises(ParseError):
        ex.example("元首-1").annotation(bad)
    with pytest.raises(ParseError):
        ex.CHAPTERS["九宗門"].citation(bad)
    with pytest.raises(ParseError):
        ex.headers(bad)


@given(st.text(max_size=300))
def test_any_other_lang_is_a_parse_error_quoting_a_bounded_part(lang):
    if lang in LANGS:
        assert ex.table("天獄·殃咎", lang=lang).lang == lang
        return
    with pytest.raises(ParseError) as err:
        ex.table("天獄·殃咎", lang=lang)
    assert len(str(err.value)) < 200
