"""Putting the word tables of :mod:`liuren.show.words` into Chinese, Korean or English.

The words are written once per language with Hanzi terms in ⟨⟩ marks: Chinese and English keep the
term; Korean follows the course's one register (:data:`REGISTER`): a stem, a branch or an element (or
a run of them, 丙申, 辰巳) is written in Hanzi alone, and any other term gets its reading from
:mod:`liuren.show.labels` with the Hanzi in brackets the first time one text uses it (⟨涉害⟩ → 섭해(涉害)),
the reading alone after that, unless another term reads the same (사기 is 死奇 or 死氣), which keeps its
Hanzi every time. A ``#을``-style mark after a term picks the Korean particle that fits the reading.
:func:`say` fills a template (in Chinese a count is written in numerals), :func:`render` expands the
marks and makes each marked count agree with its noun (:func:`agree`: "1 place[s]" → "1 place").

>>> render("⟨卯⟩#이 ⟨涉害⟩, ⟨涉害⟩#을", "ko")
'卯가 섭해(涉害), 섭해를'
>>> say({"zh": {"n": "{n}個"}}, "zh", "n", n=2)
'兩個'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from ..cycle import BRANCH_CHARS, ELEMENT_CHARS, STEM_CHARS
from ..errors import ParseError, quote
from ..lang import REGISTRY, accepted, language, zh_number
from .labels import LANGUAGES, all_terms, reading
from .words import Table

TERM = re.compile(r"⟨([^⟩]+)⟩")
TERM_JOSA = re.compile(r"⟨([^⟩]+)⟩(?:#(을|이|은|과|으로))?")
REGISTER = (
    "Korean: stems, branches and elements in Hanzi alone; every other term as reading(Hanzi) at its first "
    "use in a text, the reading alone after that, a term whose reading another term shares always with its Hanzi"
)
"""The one register of the Korean words and of the course's prose (notebooks/src follow it too)."""
BARE = frozenset(BRANCH_CHARS + STEM_CHARS + ELEMENT_CHARS)
"""Characters the Korean words write in Hanzi alone: the course teaches their readings once (notebook
00), and two of them read alike (申 and 辛 are both 신), so the Hanzi is the unambiguous form."""
JOSA = re.compile(r"([가-힣])(\([^()]*\))?#(을|이|은|과|으로)")
PAIRS = {"을": ("을", "를"), "이": ("이", "가"), "은": ("은", "는"), "과": ("과", "와"), "으로": ("으로", "로")}
FORMULA_FIELDS = frozenset({"d"})
"""Numbers that stand in a formula (``d = … mod 12 = 7``): digits in every language."""
TWO_OF = re.compile("(?<![〇一二三四五六七八九十])二個")
"""二個 that is a count of two (兩個), not the end of 十二個."""


def check_lang(lang: object) -> str:
    """``lang`` when it is a registered language (:mod:`liuren.lang`: "zh", "ko", "en"), else a ParseError."""
    if not isinstance(lang, str) or lang not in REGISTRY:
        raise ParseError(f"lang={quote(lang)} is not a language of the steps; accepted: {accepted()}")
    return lang


def _words_terms() -> set[str]:
    """Every fixed term the word tables mark (⟨涉害⟩, ⟨死氣⟩ …), beside the engine's own terms."""
    from .words import tables

    found: set[str] = set()
    for table in tables().values():
        for texts in table.values():
            for text in texts.values():
                if isinstance(text, str):
                    found.update(t for t in TERM.findall(text) if "{" not in t)
    return found


SPIRIT_TERMS = ("死神", "死氣", "生氣", "解神")
"""The month's spirits that the pattern evidence names as values (:mod:`liuren.patterns.pohua_yangjiu`,
:mod:`liuren.patterns.tianyu_tianwang`): no word table marks them, yet 死氣 reads like 死奇."""


@cache
def shared_readings() -> frozenset[str]:
    """Readings that two terms (other than stems, branches and elements) share (호시: 蒿矢 and 虎視; 상:
    喪 and 常; 사기: 死奇 and 死氣): a Korean text always writes such a term with its Hanzi."""
    seen: dict[str, set[str]] = {}
    for t in {*all_terms(), *_words_terms(), *SPIRIT_TERMS}:
        ko = reading(t)
        if ko and not set(t) <= BARE:
            seen.setdefault(ko, set()).add(t)
    return frozenset(ko for ko, terms in seen.items() if len(terms) > 1)


def particle(syllable: str, which: str) -> str:
    """The form of the particle ``which`` (을, 이, 은, 과, 으로) after the Hangul ``syllable``."""
    final = (ord(syllable) - 0xAC00) % 28
    with_final, without = PAIRS[which]
    return without if final == 0 or (which == "으로" and final == 8) else with_final


def josa(m: re.Match[str]) -> str:
    """The Korean particle a ``#을`` mark after Hangul asks for, by the final sound of the syllable."""
    syllable, paren = m.group(1), m.group(2) or ""
    return f"{syllable}{paren}{particle(syllable, m.group(3))}"


def korean(text: str) -> str:
    """The ⟨term⟩ marks of ``text`` in the Korean register (:data:`REGISTER`), particles chosen by the
    reading even where the Hanzi stands alone (卯#이 → 卯가, 申#이 → 申이)."""
    glossed: set[str] = set()

    def one(m: re.Match[str]) -> str:
        term, which = m.group(1), m.group(2)
        ko = reading(term)
        if not ko:
            raise ValueError(f"no Korean reading for {term!r}: add its characters to liuren.show.labels")
        if set(term) <= BARE:
            shown = term
        elif term in glossed and ko not in shared_readings():
            shown = ko
        else:
            shown = f"{ko}({term})"
            glossed.add(term)
        return shown + (particle(ko[-1], which) if which else "")

    return JOSA.sub(josa, TERM_JOSA.sub(one, text))


COUNTED = re.compile(r"(?<![\w.,])(\d+) ((?:[A-Za-z]+ )?)([A-Za-z]+)\[([a-z]*)\]")
"""A count and its noun marked for agreement: ``{n} place[s]``, ``{n} more statement[s]``, ``{n} branch[es]``."""


def agree(text: str) -> str:
    """Make each marked count agree with its noun (:data:`COUNTED`): the plural ending in brackets is
    kept after any count but 1 and dropped after 1. A template whose language has no plural ending
    (Chinese, Korean) has no such mark.

    >>> agree("the branch 1 place[s] further on; 5 place[s] back; 1 more statement[s]; 2 branch[es]")
    'the branch 1 place further on; 5 places back; 1 more statement; 2 branches'
    """
    return COUNTED.sub(lambda m: f"{m[1]} {m[2]}{m[3]}{'' if m[1] == '1' else m[4]}", text)


def render(text: str, lang: str) -> str:
    """Expand the ⟨term⟩ marks of a template as the language writes its terms (:attr:`liuren.lang.Lang.terms`):
    Chinese and English keep the term; Korean follows :data:`REGISTER` and picks the particle marked
    ``#을``/``#이``/``#은``/``#과``/``#으로`` after a term. Each marked count agrees with its noun (:func:`agree`)."""
    if language(lang).terms == "reading":
        return agree(korean(text))
    return agree(TERM.sub(r"\1", text))


def say(table: Table, lang: str, key: str, /, **values: Any) -> str:
    """The template ``key`` of ``table`` in ``lang`` filled with ``values``; where the language writes
    counts in Chinese numerals (:attr:`liuren.lang.Lang.numerals`) a count is so written (三個, 第二課)
    and a count of two is 兩個; elsewhere each marked count agrees with its noun (:func:`agree`)."""
    if language(lang).numerals == "hanzi":
        values = {k: zh_number(v) if type(v) is int and k not in FORMULA_FIELDS else v for k, v in values.items()}
        return TWO_OF.sub("兩個", table[lang][key].format(**values))
    return agree(table[lang][key].format(**values))  # "1 statement[s]" → "1 statement"


def where(lessons: Iterable[int], lang: str) -> str:
    """Lessons by 0-based index, as a sentence names them (:attr:`liuren.lang.Lang.lessons`: "lessons 1
    and 3", ⟨第一課⟩、⟨第三課⟩)."""
    items = list(lessons)
    form = language(lang)
    if form.lessons == "english":
        nums = [str(i + 1) for i in items]
        head = "lesson " if len(nums) == 1 else "lessons "
        return head + (nums[0] if len(nums) == 1 else ", ".join(nums[:-1]) + " and " + nums[-1])
    return form.join([f"⟨第{zh_number(i + 1)}課⟩" for i in items])


def term(text: object) -> str:
    """``text`` marked as a term: ⟨text⟩."""
    return f"⟨{text}⟩"


def branch_term(i: int) -> str:
    """The branch of ordinal ``i`` (mod 12) as a term."""
    return f"⟨{BRANCH_CHARS[i % 12]}⟩"


def branches_term(items: Iterable[int]) -> str:
    """Branches as terms, written together (⟨子⟩⟨午⟩)."""
    return "".join(branch_term(i) for i in items)


def stem_term(i: int) -> str:
    """The stem of ordinal ``i`` as a term."""
    return f"⟨{STEM_CHARS[i]}⟩"


def element_term(i: int) -> str:
    """The element of ordinal ``i`` as a term."""
    return f"⟨{ELEMENT_CHARS[i]}⟩"


__all__ = [
    "LANGUAGES",
    "branch_term",
    "branches_term",
    "check_lang",
    "element_term",
    "korean",
    "particle",
    "render",
    "say",
    "stem_term",
    "term",
    "where",
    "zh_number",
]
