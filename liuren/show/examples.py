"""The worked examples of the source chapters, as data, and the "원문 대조" table that compares them.

Every example of the four source chapters that fixes a chart is one row of the package file
``liuren/data/chapter_examples.csv``: the line of the text it comes from, the inputs of its chart,
and what the rules give for it (the four lesson uppers, the three transmissions with their generals
and 六親, the method and lesson type). Where the text printed something else, ``printed`` says what
and ``note`` explains it (in Korean; ``note_en`` and ``note_zh`` render it in English and Chinese). The course notebooks
build each example's chart from its row, so a notebook cannot show a chart other than the one the
tests check. :func:`table` shows a chapter's rows in Chinese, Korean or English (``lang=``).

>>> ex = example("元首-1")
>>> c = ex.chart()
>>> str(c.day), str(c.hour), str(c.general), c.noble, str(c.month)
('丙申', '午', '亥', 'day', '寅')
>>> ex.computed()["transmissions"], ex.expected["transmissions"], ex.printed
('卯申丑', '卯申丑', '三傳 卯丑申')
>>> [e.name for e in examples("遙克·昴星·八專")]
['蒿矢-1', '彈射-1', '獨腳-1']
>>> example("無淫-5").annotation("en").split(". ")[0]
'「庚巳」 is not one of the sixty stem-branch pairs'
"""

from __future__ import annotations

import csv
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from html import escape
from importlib import resources
from typing import TYPE_CHECKING

from ..errors import ParseError, quote
from ..lang import language
from ..school import NOBLE_LABEL
from .i18n import check_lang
from .text import KIN_SHORT
from .words import Table as WordTable

if TYPE_CHECKING:
    from ..chart import Chart
    from ..school import School

HEADER_KEYS = ("example", "text", "inputs", "uppers", "transmissions", "method", "agrees", "printed", "note")
"""The columns of the comparison table, in order (their words: ``WORDS[lang]["head.<key>"]``)."""
COLUMN_STYLES = {
    "example": "white-space:nowrap",
    "text": "min-width:9em",
    "inputs": "word-break:keep-all;min-width:6em",
    "uppers": "white-space:nowrap",
    "transmissions": "word-break:keep-all",
    "method": "white-space:nowrap",
    "agrees": "word-break:keep-all",
    "printed": "word-break:keep-all",
    "note": "min-width:10em",
}
"""What a column keeps when a notebook's output is narrow (1280×720 with the sidebar open, about 880px):
the id whole (「元首-1」 broke into 「元首 / -1」), the quotation at least nine Hanzi wide (beside a long
English note it was squeezed to three characters a line), the four uppers on one line, 「賊克 · 元首」
broken only at its spaces, and the note room to read. Every column but the quotation (a run of Hanzi with
no space, which must break) breaks only between words: 「(月建 寅)」 and 「六親」 broke inside the term,
「月 / 建」; the note does so where its language puts spaces between words (:data:`SPACED_STYLES`), as a
Chinese note has none. The longest word of any column is about 13 em (a quotation inside a Korean note),
so the table still fits. Measured in chromium, the English table (the
widest heads) needs about 800px. The heads break only between words (``word-break:keep-all``): 「계산과
일치」 broke syllable by syllable."""
TERM_COLUMNS = frozenset(("inputs", "transmissions"))
"""The columns whose terms are each kept whole (``white-space:nowrap`` on each): the chart's inputs
(「丙申日」, 「午時」 … and 「(月建 寅)」, whose space is inside the term) and the transmissions with their
generals (「卯申丑」, 「(常合陰)」). In JupyterLab at 1280×720 the English table squeezed the inputs to
about 45px, one word a line, so that 「(月建 / 寅)」 broke; with ``min-width:6em`` two terms share a line
(「丙申日 午時」) and no term breaks. The method column is one term, 「賊克 · 元首」, which broke at each 「·」
and is now kept on one line. Measured in JupyterLab at 1280×720 with the file browser open (an 848px
output), the English table is 844px wide."""
TERM = re.compile(r"\([^()]*\)|\S+")
"""A term of a :data:`TERM_COLUMNS` cell: a bracketed group with its spaces, or a run without space (so
no character but a space is lost, whatever the cell holds)."""
SPACED_STYLES = {"note": "word-break:keep-all"}
"""What a column adds in a language that puts spaces between words (Korean, English): the note breaks
only at them, not inside a term such as 「六親」."""

WORDS: WordTable = {
    "zh": {
        "caption": "原文對照",
        "untitled": "未署書名之大六壬譯注本（漢文原文附韓文翻譯及譯者注）",
        "book.九宗門": "《大六壬靈覺經》（吳師青 手抄本）",
        "title.九宗門": "九宗門 目次 · 元首課 · 重審課",
        "title.遙克·昴星·八專": "「五、遙克課」（蒿矢格·彈射格） · 昴星課 · 八專課",
        "title.勵德·贅婿·無淫": "勵德課 · 贅婿課 · 無淫課",
        "title.天獄·殃咎": "天獄課 · 天網 · 羅網 · 死奇 · 魄化 · 殃咎",
        "head.example": "例",
        "head.text": "原文",
        "head.inputs": "課式",
        "head.uppers": "四課上神",
        "head.transmissions": "三傳（天將）",
        "head.method": "取法 · 課體",
        "head.agrees": "與推算合否",
        "head.printed": "原文所書不同處",
        "head.note": "注",
    },
    "ko": {
        "caption": "원문 대조",
        "untitled": "책 이름을 적지 않은 대육임 역주본 (한문 원문에 한국어 번역과 역자 주를 붙인 판)",
        "book.九宗門": "《大六壬靈覺經》 (吳師青 手抄本)",
        "title.九宗門": "九宗門 목차 · 元首課 · 重審課",
        "title.遙克·昴星·八專": "「五、遙克課」 (蒿矢格·彈射格) · 昴星課 · 八專課",
        "title.勵德·贅婿·無淫": "勵德課 · 贅婿課 · 無淫課",
        "title.天獄·殃咎": "天獄課 · 天網 · 羅網 · 死奇 · 魄化 · 殃咎",
        "head.example": "예",
        "head.text": "원문",
        "head.inputs": "과식",
        "head.uppers": "사과 상신",
        "head.transmissions": "삼전 (천장)",
        "head.method": "방법 · 과체",
        "head.agrees": "계산과 일치",
        "head.printed": "원문 표기가 다른 곳",
        "head.note": "주",
    },
    "en": {
        "caption": "Comparison with the text",
        "untitled": (
            "an untitled annotated translation of a 大六壬 text "
            "(the classical text with a Korean translation and the translator's notes)"
        ),
        "book.九宗門": "《大六壬靈覺經》 (吳師青's manuscript copy)",
        "title.九宗門": "九宗門 (table of contents) · 元首課 · 重審課",
        "title.遙克·昴星·八專": "「五、遙克課」 (蒿矢格·彈射格) · 昴星課 · 八專課",
        "title.勵德·贅婿·無淫": "勵德課 · 贅婿課 · 無淫課",
        "title.天獄·殃咎": "天獄課 · 天網 · 羅網 · 死奇 · 魄化 · 殃咎",
        "head.example": "example",
        "head.text": "text",
        "head.inputs": "chart",
        "head.uppers": "uppers of the four lessons",
        "head.transmissions": "three transmissions (generals)",
        "head.method": "method · lesson type",
        "head.agrees": "matches the rules",
        "head.printed": "where the text differs",
        "head.note": "note",
    },
}
"""The words of the comparison table and of the chapters' citations, per language (each row's note is
in the row: :meth:`Example.annotation`)."""

HTML_LANG = {"zh": "zh-Hant", "ko": "ko", "en": "en"}
"""The ``lang`` attribute of the table's HTML per language (the Chinese is in traditional characters)."""

UNTITLED = WORDS["ko"]["untitled"]
"""What the three chapters that name no book are (the Korean words; ``WORDS[lang]["untitled"]``)."""


@dataclass(frozen=True, slots=True)
class Chapter:
    """A source chapter as a reader can look it up: the book (or what the text is, when it names no
    book), the part of the book where the text gives one, and the chapter's headings, each in the
    words of a language (:data:`WORDS`)."""

    key: str
    titled: bool
    part: str

    def book(self, lang: str = "ko") -> str:
        """The book the chapter is from, or what the text is when it names no book."""
        return WORDS[check_lang(lang)][f"book.{self.key}" if self.titled else "untitled"]

    def title(self, lang: str = "ko") -> str:
        """The chapter's headings."""
        return WORDS[check_lang(lang)][f"title.{self.key}"]

    def citation(self, lang: str = "ko") -> str:
        """``book part, title`` as the notebooks cite it.

        >>> print(CHAPTERS["九宗門"].citation("en"))
        《大六壬靈覺經》 (吳師青's manuscript copy) 上卷, 九宗門 (table of contents) · 元首課 · 重審課
        """
        return ", ".join(p for p in (f"{self.book(lang)} {self.part}".strip(), self.title(lang)) if p)


CHAPTERS: dict[str, Chapter] = {
    c.key: c
    for c in (
        Chapter("九宗門", True, "上卷"),
        Chapter("遙克·昴星·八專", False, ""),
        Chapter("勵德·贅婿·無淫", False, ""),
        Chapter("天獄·殃咎", False, ""),
    )
}
"""The four source chapters. Only the 九宗門 chapter names its book; the other three give their
headings and no title, so they are cited by what they are, not by an invented name."""

COMPARED = (
    "lesson_uppers",
    "lesson_generals",
    "transmissions",
    "transmission_generals",
    "relations",
    "method",
    "lesson_type",
)
"""The fields of a row that the chart built from it must reproduce."""

COLUMNS = ("example", "chapter", "where", "day", "hour", "general", "noble", "month", *COMPARED,
           "patterns", "printed", "note", "note_en", "note_zh")  # fmt: skip


def chart_fields(c: Chart) -> dict[str, str]:
    """The :data:`COMPARED` fields of chart ``c`` as a row writes them (六親 as 父 兄 子 財 官)."""
    return {
        "lesson_uppers": "".join(str(lesson.upper) for lesson in c.lessons),
        "lesson_generals": "".join(lesson.general.short for lesson in c.lessons),
        "transmissions": "".join(str(t.branch) for t in c.transmissions),
        "transmission_generals": "".join(t.general.short for t in c.transmissions),
        "relations": "".join(KIN_SHORT[t.relation] for t in c.transmissions),
        "method": str(c.method),
        "lesson_type": c.lesson_type,
    }


@dataclass(frozen=True, slots=True)
class Example:
    """One worked example of a source chapter (one row of the package data)."""

    name: str
    chapter: Chapter
    where: str
    day: str
    hour: str
    general: str
    noble: str
    month: str
    expected: Mapping[str, str]
    patterns: tuple[str, ...]
    printed: str
    note: str
    note_en: str
    note_zh: str

    def annotation(self, lang: str = "ko") -> str:
        """The row's note in ``lang``: Korean :attr:`note`, its renderings English :attr:`note_en`
        and Chinese :attr:`note_zh` (a free rendering in written Chinese)."""
        return {"zh": self.note_zh, "ko": self.note, "en": self.note_en}[check_lang(lang)]

    def chart(self, school: School | str | None = None, *, year: object = None, nianming: object = None) -> Chart:
        """The chart the example describes, built from its row (with ``school``, under that school).

        ``year`` (太歲) and ``nianming`` (a querent's 本命/行年, as :class:`~liuren.Chart` takes them) add
        what the row does not record, for the clauses that need them (贅婿當權, …)."""
        from ..chart import Chart

        return Chart(
            self.day,
            self.hour,
            self.general,
            noble=self.noble,
            school=school,
            month=self.month or None,
            year=year,
            nianming=nianming,
        )

    def computed(self) -> dict[str, str]:
        """The compared fields of :meth:`chart`, in the row's abbreviations."""
        return chart_fields(self.chart())

    def differences(self) -> dict[str, tuple[str, str]]:
        """Fields where the chart differs from the row: ``{field: (row, chart)}`` (empty: it agrees)."""
        got = self.computed()
        return {f: (self.expected[f], got[f]) for f in COMPARED if got[f] != self.expected[f]}

    def inputs(self) -> str:
        """The chart's inputs as a reader says them: ``丙申日 午時 亥將 晝 (月建 寅)``."""
        text = f"{self.day}日 {self.hour}時 {self.general}將 {NOBLE_LABEL[self.noble]}"
        return text + (f" (月建 {self.month})" if self.month else "")


@cache
def _load() -> tuple[Example, ...]:
    text = resources.files("liuren").joinpath("data/chapter_examples.csv").read_text(encoding="utf-8")
    rows = list(csv.DictReader(text.splitlines()))
    return tuple(
        Example(
            name=row["example"],
            chapter=CHAPTERS[row["chapter"]],
            where=row["where"],
            day=row["day"],
            hour=row["hour"],
            general=row["general"],
            noble=row["noble"],
            month=row["month"],
            expected={f: row[f] for f in COMPARED},
            patterns=tuple(row["patterns"].split()),
            printed=row["printed"],
            note=row["note"],
            note_en=row["note_en"],
            note_zh=row["note_zh"],
        )
        for row in rows
    )


def examples(chapter: str | None = None) -> tuple[Example, ...]:
    """The examples of one chapter (a key of :data:`CHAPTERS`), or all of them, in the text's order."""
    if chapter is not None and (not isinstance(chapter, str) or chapter not in CHAPTERS):
        raise ParseError(f"{quote(chapter)} is not a chapter; accepted: {', '.join(map(repr, CHAPTERS))}")
    return tuple(e for e in _load() if chapter is None or e.chapter.key == chapter)


def example(name: str) -> Example:
    """The example called ``name`` (``"元首-1"``, ``"無淫-2"``, …)."""
    for e in _load():
        if e.name == name:
            return e
    raise ParseError(f"{quote(name)} is not an example; accepted: {', '.join(e.name for e in _load())}")


def headers(lang: str = "ko") -> tuple[str, ...]:
    """The comparison table's column heads in ``lang``."""
    words = WORDS[check_lang(lang)]
    return tuple(words[f"head.{key}"] for key in HEADER_KEYS)


HEADERS = headers("ko")
"""The Korean column heads (:func:`headers` gives them in any language)."""


@dataclass(frozen=True, slots=True)
class Table:
    """The "원문 대조" (comparison with the text) table of a chapter: each example's line of the text,
    its chart's inputs, the values the rules give, whether the chart built from the row reproduces
    them, and what the text printed differently, with the note on each slip, in the words of ``lang``
    ("zh", "ko" or "en"). Shows as HTML in a notebook, as text in print."""

    rows: tuple[Example, ...]
    lang: str = "ko"

    def __post_init__(self) -> None:
        check_lang(self.lang)

    def cells(self) -> list[tuple[str, ...]]:
        out: list[tuple[str, ...]] = []
        for e in self.rows:
            got = e.computed()
            diff = e.differences()
            out.append(
                (
                    e.name,
                    f"「{e.where}」",
                    e.inputs(),
                    got["lesson_uppers"],
                    f"{got['transmissions']} ({got['transmission_generals']})",
                    f"{got['method']} · {got['lesson_type']}",
                    "✓" if not diff else "✗ " + ", ".join(f"{f}: {a}≠{b}" for f, (a, b) in diff.items()),
                    e.printed or "—",
                    e.annotation(self.lang),
                )
            )
        return out

    def caption(self) -> str:
        """원문 대조 (in the table's language) and the chapters the rows come from, as a reader can look
        them up."""
        chapters = dict.fromkeys(e.chapter.citation(self.lang) for e in self.rows)
        return f"{WORDS[self.lang]['caption']} — " + "; ".join(chapters)

    def __str__(self) -> str:
        return "\n".join([self.caption(), *(" | ".join(row) for row in [headers(self.lang), *self.cells()])])

    __repr__ = __str__

    def _repr_html_(self) -> str:
        head = "".join(
            f'<th style="text-align:left;vertical-align:bottom;padding:2px 6px;word-break:keep-all">{escape(h)}</th>'
            for h in headers(self.lang)
        )
        spaced = SPACED_STYLES if language(self.lang).space else {}
        cell = [
            f"text-align:left;vertical-align:top;padding:2px 6px;{';'.join(filter(None, (COLUMN_STYLES.get(k), spaced.get(k))))}"
            for k in HEADER_KEYS
        ]
        body = "".join(
            "<tr>"
            + "".join(
                f'<td style="{style.rstrip(";")}">{_terms(c) if key in TERM_COLUMNS else escape(c)}</td>'
                for key, style, c in zip(HEADER_KEYS, cell, row, strict=True)
            )
            + "</tr>"
            for row in self.cells()
        )
        caption = f'<caption style="text-align:left;font-weight:bold">{escape(self.caption())}</caption>'
        return (
            f'<table lang="{HTML_LANG[self.lang]}">{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
        )


def _terms(text: str) -> str:
    """``text`` with each term (:data:`TERM`) kept whole, the spaces between terms left to break at.

    >>> _terms("丙申日 晝 (月建 寅)")
    '<span style="white-space:nowrap">丙申日</span> <span style="white-space:nowrap">晝</span> <span style="white-space:nowrap">(月建 寅)</span>'
    """
    return " ".join(f'<span style="white-space:nowrap">{escape(t)}</span>' for t in TERM.findall(text))


def table(chapter: str, lang: str = "ko") -> Table:
    """The "원문 대조" (comparison with the text) table of ``chapter`` (a key of :data:`CHAPTERS`), in
    the words of ``lang`` ("zh", "ko" or "en"; anything else is a ParseError).

    >>> print(str(table("遙克·昴星·八專")).splitlines()[2].split(" | ")[:3])
    ['蒿矢-1', '「假如甲午日申時巳將占」', '甲午日 申時 巳將 晝']
    >>> print(str(table("遙克·昴星·八專", lang="en")).splitlines()[1].split(" | ")[:3])
    ['example', 'text', 'chart']
    """
    return Table(examples(chapter), check_lang(lang))
