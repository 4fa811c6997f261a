"""Putting the word tables of :mod:`liuren.show.words` into Chinese, Korean or English.

The words are written once per language with Hanzi terms in ⟨⟩ marks: Chinese and English keep the
term, Korean writes its reading from :mod:`liuren.show.labels` before it (⟨涉害⟩ → 섭해(涉害)), and a
``#을``-style mark after a term picks the Korean particle that fits the reading. :func:`say` fills a
template (in Chinese a count is written in numerals), :func:`render` expands the marks.

>>> render("⟨卯⟩#이 ⟨涉害⟩", "ko")
'묘(卯)가 섭해(涉害)'
>>> say({"zh": {"n": "{n}個"}}, "zh", "n", n=2)
'兩個'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from ..cycle import BRANCH_CHARS, ELEMENT_CHARS, STEM_CHARS
from ..errors import ParseError, quote
from .labels import LANGUAGES, reading
from .words import Table

TERM = re.compile(r"⟨([^⟩]+)⟩")
JOSA = re.compile(r"([가-힣])(\([^()]*\))?#(을|이|은|과|으로)")
PAIRS = {"을": ("을", "를"), "이": ("이", "가"), "은": ("은", "는"), "과": ("과", "와"), "으로": ("으로", "로")}
FORMULA_FIELDS = frozenset({"d"})
"""Numbers that stand in a formula (``d = … mod 12 = 7``): digits in every language."""
TWO_OF = re.compile("(?<![〇一二三四五六七八九十])二個")
"""二個 that is a count of two (兩個), not the end of 十二個."""
ZH_DIGITS = "〇一二三四五六七八九"


def check_lang(lang: object) -> str:
    """``lang`` when it is "zh", "ko" or "en", else a ParseError."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise ParseError(f"lang={quote(lang)} is not a language of the steps; accepted: 'zh', 'ko', 'en'")
    return lang


def korean_term(m: re.Match[str]) -> str:
    """A ⟨term⟩ mark in Korean: its reading, then the Hanzi in brackets."""
    term = m.group(1)
    ko = reading(term)
    if not ko:
        raise ValueError(f"no Korean reading for {term!r}: add its characters to liuren.show.labels")
    return f"{ko}({term})"


def josa(m: re.Match[str]) -> str:
    """The Korean particle a ``#을`` mark asks for, by the final sound of the syllable before it."""
    syllable, paren, particle = m.group(1), m.group(2) or "", m.group(3)
    final = (ord(syllable) - 0xAC00) % 28
    with_final, without = PAIRS[particle]
    chosen = without if final == 0 or (particle == "으로" and final == 8) else with_final
    return f"{syllable}{paren}{chosen}"


def render(text: str, lang: str) -> str:
    """Expand the ⟨term⟩ marks of a template: Korean writes the reading before the Hanzi and picks
    the particle marked ``#을``/``#이``/``#은``/``#과``/``#으로`` after a term."""
    if lang != "ko":
        return TERM.sub(r"\1", text)
    return JOSA.sub(josa, TERM.sub(korean_term, text))


def zh_number(n: int) -> str:
    """``n`` (0 ≤ n < 100) in Chinese numerals, as a count is written in the classical text: 7 → 七, 12 → 十二, 20 → 二十."""
    if not 0 <= n < 100:
        return str(n)
    tens, ones = divmod(n, 10)
    if tens == 0:
        return ZH_DIGITS[ones]
    return ("" if tens == 1 else ZH_DIGITS[tens]) + "十" + ("" if ones == 0 else ZH_DIGITS[ones])


def say(table: Table, lang: str, key: str, /, **values: Any) -> str:
    """The template ``key`` of ``table`` in ``lang`` filled with ``values``; in Chinese a count is
    written in numerals (三個, 第二課) and a count of two is 兩個."""
    if lang == "zh":
        values = {k: zh_number(v) if type(v) is int and k not in FORMULA_FIELDS else v for k, v in values.items()}
        return TWO_OF.sub("兩個", table[lang][key].format(**values))
    return table[lang][key].format(**values)


def where(lessons: Iterable[int], lang: str) -> str:
    """Lessons by 0-based index, as a sentence names them ("lessons 1 and 3", ⟨第一課⟩、⟨第三課⟩)."""
    items = list(lessons)
    if lang == "en":
        nums = [str(i + 1) for i in items]
        head = "lesson " if len(nums) == 1 else "lessons "
        return head + (nums[0] if len(nums) == 1 else ", ".join(nums[:-1]) + " and " + nums[-1])
    return ("、" if lang == "zh" else ", ").join(f"⟨第{zh_number(i + 1)}課⟩" for i in items)


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
    "render",
    "say",
    "stem_term",
    "term",
    "where",
    "zh_number",
]
