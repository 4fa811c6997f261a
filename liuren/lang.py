"""The languages the package speaks, each one :class:`Lang` value in one registry (standard library only).

A language is its code (the ``lang=`` of every public call: "zh", "ko", "en"), its names, the forms its
sentences take (how a count is written, how a marked term ⟨涉害⟩ is shown, how a gloss is attached to
a term, its commas and colon) and its word tables, which are keyed by the code: ``TABLE[code][key]``
in :mod:`liuren.show.words`, identify's words among them, and a ``gloss_<code>`` column of
``liuren/data/judgements.csv`` for a language that glosses the chapters' quotations. The registry,
:data:`REGISTRY`, is the one list of languages: every check of a ``lang=`` argument, every table and
every ``--lang`` choice is derived from it. Adding a language is one :func:`register` call (or one
entry below) plus its tables; nothing else branches on a language's code.

>>> codes()
('zh', 'ko', 'en')
>>> language("ko").label.format(term="元首", gloss="원수"), language("zh").number(12), language("en").number(12)
('원수 元首', '十二', '12')
>>> language("fr")
Traceback (most recent call last):
  ...
liuren.errors.ParseError: lang='fr' is not a language; accepted: 'zh', 'ko', 'en'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import ParseError, quote

if TYPE_CHECKING:
    from datetime import datetime

ZH_DIGITS = "〇一二三四五六七八九"

TERMS = ("hanzi", "reading")
"""How a marked term (⟨涉害⟩) is written: "hanzi", as it stands; "reading", in the Korean register of
:mod:`liuren.show.i18n` (its reading, with the Hanzi the first time a text uses it: 섭해(涉害))."""
NUMERALS = ("digits", "hanzi")
"""How a count is written in a sentence: "digits" (3 lessons) or "hanzi" (三課, 兩個, as the classics)."""
ANNOTATIONS = ("", "reading", "gloss")
"""What a caption writes beside a term: nothing, its Korean reading (원수), or the language's gloss
(its table in :data:`liuren.show.words.glosses.GLOSSES`: Head)."""
LESSON_LISTS = ("hanzi", "english")
"""How a sentence names lessons: "hanzi" (⟨第一課⟩、⟨第三課⟩, the terms of the chapters) or "english"
("lessons 1 and 3")."""


def zh_number(n: int) -> str:
    """``n`` (0 ≤ n < 100) in Chinese numerals, as a count is written in the classical text: 7 → 七, 12 → 十二, 20 → 二十.

    >>> zh_number(7), zh_number(12), zh_number(20), zh_number(100)
    ('七', '十二', '二十', '100')
    """
    if not 0 <= n < 100:
        return str(n)
    tens, ones = divmod(n, 10)
    if tens == 0:
        return ZH_DIGITS[ones]
    return ("" if tens == 1 else ZH_DIGITS[tens]) + "十" + ("" if ones == 0 else ZH_DIGITS[ones])


@dataclass(frozen=True, slots=True)
class Lang:
    """One language: its code and names and the forms its sentences take. The words themselves are in
    its word tables, keyed by :attr:`code`."""

    code: str
    """The ``lang=`` value ("ko")."""
    name: str
    """Its English name ("Korean")."""
    native: str
    """Its own name ("한국어")."""
    button: str
    """Its short name on a language switch ("한")."""
    terms: str
    """How a marked term ⟨涉害⟩ is written (one of :data:`TERMS`)."""
    numerals: str
    """How a count is written in a sentence (one of :data:`NUMERALS`)."""
    annotation: str
    """What a caption writes beside a term (one of :data:`ANNOTATIONS`)."""
    label: str
    """How a caption joins a term and its annotation: ``{term}`` and ``{gloss}`` ("{gloss} {term}": 원수 元首)."""
    lessons: str
    """How a sentence names lessons (one of :data:`LESSON_LISTS`)."""
    comma: str
    """The comma between clauses ("，" or ", ")."""
    enumeration: str
    """The comma between the items of a list ("、" or ", ")."""
    colon: str
    """The colon before what a line says ("：" or ": ")."""
    space: str
    """What stands between two sentences or words ("" in Chinese, else " ")."""
    glosses_quotes: bool
    """Whether a quotation of the chapters is followed by a gloss in this language (from the
    ``gloss_<code>`` column of the judgements); Chinese reads the quotation itself."""
    english_clauses: bool
    """Whether a pattern's condition keeps the English reading after the chapter's words (the patterns
    state their conditions as 「the chapter's words」: an English reading)."""
    moment: str = "%Y-%m-%d %H:%M"
    """How a date and time is written (a ``strftime`` format: 2026-02-04 05:02)."""
    day: str = "%m-%d %H:%M"
    """How a date and time within a year is written (02-04 05:02)."""

    def __post_init__(self) -> None:
        for field, value, accepted in (
            ("terms", self.terms, TERMS),
            ("numerals", self.numerals, NUMERALS),
            ("annotation", self.annotation, ANNOTATIONS),
            ("lessons", self.lessons, LESSON_LISTS),
        ):
            if value not in accepted:
                raise ParseError(f"{field}={quote(value)} is not a form; accepted: {', '.join(map(repr, accepted))}")
        if not self.code.isascii() or not self.code.isalpha() or not self.code.islower() or len(self.code) > 8:
            raise ParseError(f"code={quote(self.code)} is not a language code; accepted: a few lower-case letters")

    def number(self, n: int) -> str:
        """``n`` as a sentence writes a count or an ordinal (十二 or 12)."""
        return zh_number(n) if self.numerals == "hanzi" else str(n)

    def count(self, n: int) -> str:
        """``n`` as a count before a measure word: as :meth:`number`, and 兩 for two in Chinese numerals."""
        return "兩" if self.numerals == "hanzi" and n == 2 else self.number(n)

    def when(self, moment: datetime, *, in_year: bool = False) -> str:
        """``moment`` as the language writes a date and time (:attr:`moment`; :attr:`day` within a year)."""
        return moment.strftime(self.day if in_year else self.moment)

    def join(self, items: list[str] | tuple[str, ...]) -> str:
        """Items of a list, with the language's enumeration comma."""
        return self.enumeration.join(items)


CHINESE = Lang(
    code="zh",
    name="Chinese",
    native="中文",
    button="中",
    terms="hanzi",
    numerals="hanzi",
    annotation="",
    label="{term}",
    lessons="hanzi",
    comma="，",
    enumeration="、",
    colon="：",
    space="",
    glosses_quotes=False,
    english_clauses=False,
)
KOREAN = Lang(
    code="ko",
    name="Korean",
    native="한국어",
    button="한",
    terms="reading",
    numerals="digits",
    annotation="reading",
    label="{gloss} {term}",
    lessons="hanzi",
    comma=", ",
    enumeration=", ",
    colon=": ",
    space=" ",
    glosses_quotes=True,
    english_clauses=False,
)
ENGLISH = Lang(
    code="en",
    name="English",
    native="English",
    button="EN",
    terms="hanzi",
    numerals="digits",
    annotation="gloss",
    label="{term} {gloss}",
    lessons="english",
    comma=", ",
    enumeration=", ",
    colon=": ",
    space=" ",
    glosses_quotes=True,
    english_clauses=True,
)

REGISTRY: dict[str, Lang] = {lang.code: lang for lang in (CHINESE, KOREAN, ENGLISH)}
"""Every language, by code, in the order the package lists them (Chinese, Korean, English)."""


def codes() -> tuple[str, ...]:
    """The codes of the registered languages, in order."""
    return tuple(REGISTRY)


def languages() -> tuple[Lang, ...]:
    """The registered languages, in order."""
    return tuple(REGISTRY.values())


def accepted(quoted: bool = True) -> str:
    """The registered codes as an error message lists them: 'zh', 'ko', 'en' (zh, ko, en unquoted)."""
    return ", ".join(repr(code) if quoted else code for code in REGISTRY)


def language(code: object, what: str = "lang", noun: str = "a language") -> Lang:
    """The registered language of ``code``; a ParseError naming the accepted codes otherwise (``what``
    names the argument, "lang" or "labels", and ``noun`` what it should be)."""
    found = REGISTRY.get(code) if isinstance(code, str) else None
    if found is None:
        raise ParseError(f"{what}={quote(code)} is not {noun}; accepted: {accepted()}")
    return found


def register(lang: Lang) -> Lang:
    """Add ``lang`` to the registry (its word tables must be added beside it); a ParseError when its
    code is taken."""
    if not isinstance(lang, Lang):
        raise ParseError(f"lang={quote(lang)} is not a Lang; accepted: a liuren.lang.Lang value")
    if lang.code in REGISTRY:
        raise ParseError(f"lang={quote(lang.code)} is registered already; accepted: a new code")
    REGISTRY[lang.code] = lang
    return lang


def unregister(code: str) -> None:
    """Remove the language ``code`` (a ParseError for a built-in one or one not registered)."""
    if code in BUILT_IN or code not in REGISTRY:
        added = ", ".join(repr(c) for c in REGISTRY if c not in BUILT_IN) or "none (no language was added)"
        raise ParseError(f"lang={quote(code)} is not an added language; accepted: {added}")
    del REGISTRY[code]


BUILT_IN = tuple(REGISTRY)
"""The codes of the languages the package ships with, in order ("zh", "ko", "en"): they cannot be removed."""

__all__ = [
    "BUILT_IN",
    "CHINESE",
    "ENGLISH",
    "KOREAN",
    "REGISTRY",
    "Lang",
    "codes",
    "language",
    "languages",
    "register",
    "unregister",
    "zh_number",
]
