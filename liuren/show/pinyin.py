"""The pinyin of every term the package knows, tone-marked: what an English reader says where a Korean
reader has :func:`liuren.show.labels.reading`.

A term of the English vocabulary (:data:`liuren.show.words.vocabulary.VOCABULARY`) reads as it says
there; every other term the package can print (:func:`liuren.show.labels.all_terms`: the stems and
branches, the generals and their one-character names, the twelve spirit names, the lesson types and
patterns, the schools' names, the month's spirits) is read by :data:`PINYIN`, written once here, its
polyphones chosen by hand for 六壬's sense (將 jiàng "general", not jiāng). The syllables of a term are
written together, with an apostrophe before a syllable that begins with a vowel (第二課 dì'èrkè), as the
vocabulary writes them.

>>> pinyin("元首"), pinyin("月將"), pinyin("將"), pinyin("子"), pinyin("第二課")
('yuánshǒu', 'yuèjiàng', 'jiàng', 'zǐ', "dì'èrkè")
>>> pinyin("腾蛇")  # simplified input, traditional term
'téngshé'
>>> pinyin("重審"), pinyin("長生"), pinyin("占時"), pinyin("三傳")
('chóngshěn', 'chángshēng', 'zhānshí', 'sānchuán')
"""

from __future__ import annotations

from ..cycle import MAX_TEXT, normalize
from ..errors import ParseError, quote
from .words.vocabulary import VOCABULARY

PINYIN: dict[str, str] = {
    # the twelve branches and the ten stems (always written in 漢字; their readings, for the reader)
    "子": "zǐ",
    "丑": "chǒu",
    "寅": "yín",
    "卯": "mǎo",
    "辰": "chén",
    "巳": "sì",
    "午": "wǔ",
    "未": "wèi",
    "申": "shēn",
    "酉": "yǒu",
    "戌": "xū",
    "亥": "hài",
    "甲": "jiǎ",
    "乙": "yǐ",
    "丙": "bǐng",
    "丁": "dīng",
    "戊": "wù",
    "己": "jǐ",
    "庚": "gēng",
    "辛": "xīn",
    "壬": "rén",
    "癸": "guǐ",
    # the generals' one-character names, as the plates print them (合 is in the vocabulary)
    "貴": "guì",
    "蛇": "shé",
    "朱": "zhū",
    "勾": "gōu",
    "龍": "lóng",
    "空": "kōng",
    "虎": "hǔ",
    "常": "cháng",
    "玄": "xuán",
    "陰": "yīn",
    "后": "hòu",
    # 神后 as some books write it
    "神後": "shénhòu",
    # the schools' names (liuren.School presets)
    "指南": "zhǐnán",
    "探原": "tànyuán",
    "大全": "dàquán",
    # words the output glosses
    "日": "rì",
    "時": "shí",
    "將": "jiàng",
    "第二課": "dì'èrkè",
    "第三課": "dìsānkè",
    "第四課": "dìsìkè",
    # the month's spirits the evidence names (死神, 死氣 and 生氣 are in the vocabulary)
    "解神": "jiěshén",
}
"""The pinyin of the terms :data:`~liuren.show.words.vocabulary.VOCABULARY` does not list (no term is
in both: each reading is written once)."""


def known() -> frozenset[str]:
    """Every term :func:`pinyin` reads."""
    return frozenset(VOCABULARY) | frozenset(PINYIN)


def pinyin(term: str) -> str:
    """The tone-marked pinyin of ``term`` (traditional or simplified characters), a ParseError for a
    term the package does not know."""
    if not isinstance(term, str):
        raise ParseError(f"term must be a string, got {quote(term)} ({type(term).__name__})")
    key = normalize(term) if len(term) <= MAX_TEXT else ""
    if key in VOCABULARY:
        return VOCABULARY[key].pinyin
    if key in PINYIN:
        return PINYIN[key]
    raise ParseError(
        f"{quote(term)} is not a term liuren knows; accepted: a term of liuren.show.labels.all_terms() "
        "or of the English vocabulary (liuren.show.words.vocabulary), such as 子, 螣蛇, 元首, 三傳"
    )
