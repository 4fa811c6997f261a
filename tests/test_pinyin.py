"""The pinyin of the package's terms (liuren.show.pinyin): every term it can print, tone-marked."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from liuren import ParseError
from liuren.cycle import BRANCH_CHARS, GENERAL_NAMES, GENERAL_SHORT, SPIRIT_NAMES, STEM_CHARS, normalize
from liuren.show.i18n import SPIRIT_TERMS
from liuren.show.labels import all_terms
from liuren.show.pinyin import PINYIN, known, pinyin
from liuren.show.words.vocabulary import VOCABULARY

TONES = "\u0304\u0301\u030c\u0300"
"""The combining marks of the four tones (ā á ǎ à): a syllable carries one, on its vowel."""
LETTERS = re.compile(r"[a-zü']+")


def tone_marks(text: str) -> int:
    return sum(c in TONES for c in unicodedata.normalize("NFD", text))


def test_every_term_the_package_can_print_has_its_pinyin():
    terms = {*all_terms(), *SPIRIT_TERMS, *VOCABULARY}
    assert len(terms) > 200
    assert not terms - known()
    for term in terms:
        assert pinyin(term), term


@pytest.mark.parametrize("term", sorted(known()))
def test_a_pinyin_is_lower_case_letters_one_tone_mark_per_character(term):
    text = pinyin(term)
    plain = unicodedata.normalize("NFD", text)
    assert LETTERS.fullmatch(unicodedata.normalize("NFC", "".join(c for c in plain if c not in TONES))), term
    assert tone_marks(text) == len(term), (term, text)  # no neutral tone among these terms
    assert all(tone_marks(c) <= 1 for c in text)


def test_the_vocabulary_is_read_as_it_says_and_the_rest_written_once():
    assert not set(PINYIN) & set(VOCABULARY)
    assert all(pinyin(t) == term.pinyin for t, term in VOCABULARY.items())


def test_the_polyphones_read_in_their_liuren_sense():
    assert [pinyin(t) for t in ("將", "月將", "天將", "三傳", "重審", "占時", "長生", "子", "神後", "解神")] == [
        "jiàng", "yuèjiàng", "tiānjiàng", "sānchuán", "chóngshěn", "zhānshí", "chángshēng", "zǐ", "shénhòu",
        "jiěshén",
    ]  # fmt: skip
    assert "".join(pinyin(b) for b in BRANCH_CHARS) == "zǐchǒuyínmǎochénsìwǔwèishēnyǒuxūhài"
    assert "".join(pinyin(s) for s in STEM_CHARS) == "jiǎyǐbǐngdīngwùjǐgēngxīnrénguǐ"
    assert [pinyin(g) for g in GENERAL_NAMES][:3] == ["guìrén", "téngshé", "zhūquè"]
    assert [pinyin(g) for g in GENERAL_SHORT][:3] == ["guì", "shé", "zhū"]
    assert pinyin(SPIRIT_NAMES[0]) == "shénhòu"
    # a one-character general's name reads as the first syllable of its full name
    for full, short in zip(GENERAL_NAMES, GENERAL_SHORT, strict=True):
        assert pinyin(full).startswith(pinyin(short)) or pinyin(full).endswith(pinyin(short)), (full, short)


def test_simplified_input_reads_as_the_traditional_term():
    assert pinyin("腾蛇") == pinyin("螣蛇") == "téngshé"
    assert pinyin(" 重审 ") == "chóngshěn"
    assert pinyin("遥克") == "yáokè"


@pytest.mark.parametrize("bad", ["", "X", "子子", "乘", "teng she", None, 1, ["子"], "子" * 10_000])
def test_an_unknown_term_is_a_parse_error(bad):
    with pytest.raises(ParseError) as err:
        pinyin(bad)
    assert len(str(err.value)) < 300


@given(st.text(max_size=40))
def test_any_text_reads_or_is_a_parse_error(text):
    try:
        got = pinyin(text)
    except ParseError as err:
        assert len(str(err)) < 300
    else:
        assert normalize(text) in known() and got == pinyin(normalize(text))
