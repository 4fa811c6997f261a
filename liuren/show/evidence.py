"""The words of the named patterns' evidence, in English, classical Chinese and Korean: one table.

A detector (:mod:`liuren.patterns`) returns its evidence as language-neutral values
(:class:`~liuren.patterns.evidence.Evidence`: a template key and the values it names, or a
:class:`~liuren.patterns.evidence.Seq` of them). :func:`evidence_text` writes them out in any
language from :data:`liuren.show.words.evidence.EVIDENCE`; the English is the sentence the detectors give, in the words of the English vocabulary.
Values that are Hanzi terms (branches, generals, 旺相休囚死, 本命 …) are marked as terms, so the
Korean writes them in the course's register (a branch in Hanzi alone, 午; any other term with its reading
from :mod:`liuren.show.labels` the first time, 귀인(貴人)) through the same ⟨term⟩ and ``#을`` marks as the
step view (:func:`liuren.show.i18n.render`).

>>> from liuren.patterns.evidence import ev
>>> e = ev("tianwang", hour="寅", init="申", stem="甲")
>>> evidence_text(e, "en")
'the hour 寅 and the 初傳 申 both overcome 甲'
>>> evidence_text(e, "zh")
'占時寅與初傳申皆克甲'
>>> evidence_text(e, "ko")
'점시(占時) 寅과 초전(初傳) 申이 모두 甲을 극한다'
"""

from __future__ import annotations

from ..lang import language
from ..patterns.evidence import Clause, Evidence, Seq, Value
from .i18n import check_lang, render
from .words.evidence import EVIDENCE, JOINS


def _value(value: Value, lang: str) -> str:
    if isinstance(value, Evidence):
        return EVIDENCE[lang][value.key].format(**{k: _value(v, lang) for k, v in value.values})
    if isinstance(value, Seq):
        return JOINS[lang][value.kind].join(_value(v, lang) for v in value.items)
    if isinstance(value, int):
        return language(lang).number(value)  # 第二課, 只有三課
    return f"⟨{value}⟩" if language(lang).terms == "reading" else value


def evidence_marks(clauses: Clause, lang: str = "en") -> str:
    """The evidence in ``lang`` with its Korean terms still marked (⟨貴人⟩, ``#을``), for a text that
    :func:`liuren.show.i18n.render` expands as a whole (a language that writes its terms as they stand,
    Chinese and English, has no marks to expand)."""
    if lang not in EVIDENCE:
        check_lang(lang)
    return _value(clauses, lang)


def evidence_text(clauses: Clause, lang: str = "en") -> str:
    """The evidence in ``lang`` ("zh", "ko" or "en"); the English is the detectors' own sentence."""
    text = evidence_marks(clauses, lang)
    return render(text, lang) if language(lang).terms == "reading" else text


__all__ = ["EVIDENCE", "JOINS", "evidence_marks", "evidence_text"]
