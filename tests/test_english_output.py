"""The library's output speaks each language's own words: its English names every term as the vocabulary
does (liuren/show/words/vocabulary.py), its Korean and Chinese carry no English sentence and no Hangul
where none belongs, and a count agrees with its noun.

Swept: every English template of the word tables (liuren/show/words/), and what a learner is shown for a
sample of charts (every worked example of the chapters, and one chart in 23 of the 720 day-and-hour
casts, each with a month, a year and a 年命): the steps, trace and explain, the patterns' evidence, the
checker's verdicts on right and wrong answers, the reference cards, identify's account, the Stepper's
text/plain, a step's own text/plain and the 年命's labels. The reading's own words (its word table and
the judgements' glosses) are not held to this yet: they belong to the reading.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest

import liuren
from liuren.cycle import BRANCHES, PILLARS
from liuren.lang import codes, language
from liuren.patterns import PATTERNS
from liuren.school import CHOICES, PRESET_NAMES
from liuren.show.cards import CARD_NAMES, card
from liuren.show.check import check
from liuren.show.examples import examples
from liuren.show.i18n import TERM, agree
from liuren.show.words import tables
from liuren.show.words.vocabulary import VOCABULARY

from .test_vocabulary import HANGUL, pattern

STRIDE = 23
"""One cast in STRIDE of the 720 (pillar, hour) pairs joins the chapters' examples in the sample."""
OWN_TABLES = ("reading.",)
"""Word tables not swept here: the reading's words are the reading's own."""

INFLECTED = re.compile(r"[\u3400-\u9fff](?:s|es|ed|ing|['’]d)\b")
"""A 漢字 term used as an English word ("克s", "生ing"): English writes the vocabulary's word instead
("overcomes", "producing")."""
MISNAMED = {
    r"\b(?:counter-?|anti-?)clockwise\b": "逆",
    r"(?<![\w-])clockwise\b": "順",
    r"\bgates?\b": "九宗門",
}
"""English words for a term whose vocabulary rendering is another word: the generals run backward (逆)
or forward (順), not (counter-)clockwise; a rule of the nine methods (九宗門) is a method, not a gate."""
NAMES = sorted({t.english for t in VOCABULARY.values() if t.english[:1].isupper()}, key=len, reverse=True)
"""The vocabulary's names (capitalised renderings: "Noble", "Day Noble", "Head")."""
PLURAL_NOUNS = (
    "places",
    "squares",
    "lessons",
    "branches",
    "candidates",
    "steps",
    "days",
    "years",
    "months",
    "hours",
    "transmissions",
    "generals",
    "pillars",
    "charts",
    "reviews",
    "answers",
    "items",
    "stems",
    "times",
    "patterns",
    "statements",
)
ONE_PLURAL = re.compile(rf"(?<![\d.,])\b1 (?:more |of the )?(?:{'|'.join(PLURAL_NOUNS)})\b")
"""A count of one with a plural noun ("1 places")."""
LEFT_MARK = re.compile(r"[A-Za-z]\[[a-z]*\]")
"""A plural mark (``place[s]``) that no count resolved."""
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
COUNTED_TEMPLATE = re.compile(r"\{[^{}]*\} ((?:[A-Za-z]+ )?[A-Za-z]+)\[[a-z]*\]")
"""A count a template marks for agreement (``{d} place[s]``): its noun is checked, its mark resolved later."""
IDENTIFIER = re.compile(
    r"[\w./-]+\.(?:md|py|csv|ipynb)\b|[A-Za-z_][\w.-]*=\S*|\w+_\w+|[A-Za-z]+(?:-[A-Za-z]+)+|\w+\(\w*\)|[A-Za-z]+/[A-Za-z]+"
)
"""What a sentence in any language may quote as code: a file (``docs/rules.md``), an argument (``month=``, ``day_night=zi-si``), a
name with an underscore, a hyphenated value (``mao-you``), a call (``str(chart)``), a time zone."""
LATIN_ALLOWED = frozenset({"d", "mod", "A", "B", "C", "True", "False", *PRESET_NAMES}) | {
    str(v) for values in CHOICES.values() for v in values
}
"""Latin words a Korean or Chinese sentence may carry: the plate offset d and its mod, the noble
tables' letters, and the School's own preset and option values (ids)."""
LATIN_WORD = re.compile(r"(?<![\w])[A-Za-z]{2,}(?![\w])")


def english_slips(text: str) -> list[str]:
    """What in an English text departs from the vocabulary or from English agreement."""
    text = PLACEHOLDER.sub("{}", text)
    found = [
        f"avoided {m.group(0)!r} for {hanzi} (the vocabulary says {term.english!r})"
        for hanzi, term in VOCABULARY.items()
        for other in term.avoid
        if (m := pattern(other).search(text))
    ]
    found += [f"{m.group(0)!r}: a 漢字 term inflected as English" for m in INFLECTED.finditer(text)]
    for rule, hanzi in MISNAMED.items():
        found += [
            f"{m.group(0)!r} for {hanzi} (the vocabulary says {VOCABULARY[hanzi].english!r})"
            for m in re.finditer(rule, text, re.I)
        ]
    code_free = IDENTIFIER.sub(" ", text)
    for name in NAMES:  # a name written in lower case ("the noble" for the Noble)
        rule = re.compile(rf"(?<![\w'’-]){re.escape(name)}(?![\w'’-])", re.I)
        found += [
            f"{m.group(0)!r} for the name {name!r}"
            for m in rule.finditer(code_free)
            if m.group(0) != name and m.group(0) != name.upper() and not _inside_longer_name(code_free, m)
        ]
    found += [f"{m.group(0)!r}: one with a plural" for m in ONE_PLURAL.finditer(text)]
    found += [f"{m.group(0)!r}: a plural mark left in" for m in LEFT_MARK.finditer(text)]
    found += [f"{m.group(0)!r}: Hangul in English" for m in HANGUL.finditer(text)]
    return found


def _inside_longer_name(text: str, match: re.Match[str]) -> bool:
    """Whether a match is part of a longer name written as the vocabulary writes it ("Day Noble")."""
    return any(
        m.start() <= match.start() and match.end() <= m.end()
        for longer in NAMES
        if len(longer) > len(match.group(0)) and match.group(0).lower() in longer.lower()
        for m in re.finditer(re.escape(longer), text)
    )


def latin_words(text: str) -> list[str]:
    """The English words in a Korean or Chinese text beyond the ids it may quote."""
    code_free = IDENTIFIER.sub(" ", PLACEHOLDER.sub(" ", text))
    return [m.group(0) for m in LATIN_WORD.finditer(code_free) if m.group(0) not in LATIN_ALLOWED]


def slips(text: str, lang: str) -> list[str]:
    """What in an output of ``lang`` is not that language's own."""
    if lang == "en":
        return english_slips(text)
    found = [f"{w!r}: an English word" for w in latin_words(text)]
    if language(lang).terms == "hanzi":
        found += [f"{m.group(0)!r}: Hangul in {language(lang).name}" for m in HANGUL.finditer(text)]
    return found


# ---------------------------------------------------------------- the sample
@cache
def sample() -> tuple[liuren.Chart, ...]:
    charts = [e.chart() for e in examples()]
    for i in range(0, 720, STRIDE):
        day, hour = PILLARS[i % 60], BRANCHES[i // 60]
        charts.append(
            liuren.chart(
                day,
                hour,
                BRANCHES[(i * 7) % 12],
                month=BRANCHES[i % 12],
                year=BRANCHES[(i * 5) % 12],
                nianming=(BRANCHES[i % 12], BRANCHES[(i + 3) % 12]),
            )
        )
    return tuple(charts)


def chart_outputs(chart: liuren.Chart, lang: str) -> Iterator[tuple[str, str]]:
    """What a learner is shown of one chart in ``lang``, by where it comes from."""
    steps = chart.steps(lang)
    yield "steps", str(steps)
    for step in steps:
        yield f"step {step.key} text/plain", _plain(step)
    yield "trace", "\n".join(chart.trace(lang))
    yield "explain", chart.explain(lang)
    for found in chart.patterns:
        yield f"pattern {found.name}", found.text(lang)
    uppers = "".join(str(lesson.upper) for lesson in chart.lessons)
    branches = "".join(str(t.branch) for t in chart.transmissions)
    answers = {
        "offset": {"offset": (chart.offset + 1) % 12},
        "lessons": {"lessons": uppers[1:] + uppers[0]},
        "transmissions": {"transmissions": branches[::-1]},
        "right": {"transmissions": branches, "lessons": uppers},
        "noble": {"noble": "子晝順"},
        "method": {"method": "比用"},
        "final": {"transmissions": branches[:2] + ("子" if branches[2] != "子" else "丑")},
        "nothing": {},
    }
    for what, answer in answers.items():
        yield f"check {what}", str(check(chart, lang=lang, reveal=True, **answer))
    if chart.nianming is not None:
        yield "年命", chart.nianming.text(lang)


def _plain(value: object) -> str:
    """What IPython shows as text/plain for ``value``."""
    from IPython.lib.pretty import pretty

    return pretty(value)


IDENTIFY_CASES = (
    (("辛亥", "寅", "亥"), {"generals": "蛇勾虎", "noble": "day"}),
    (("辛卯", "戌", "戌"), {"transmissions": "卯子午"}),
    (("丙申", "午", "亥"), {"transmissions": "卯申丑"}),
    (("丙申", "午", "亥"), {"transmissions": "子丑寅"}),
    (("辛未", "子", "亥"), {"transmissions": "午巳辰"}),
    (("丙申", None, None), {"offset": 5, "transmissions": "卯申丑", "generals": "常合陰"}),
)
"""identify's cases: option sets found, the default alone, and misprints (with and without the hour)."""


def other_outputs(lang: str) -> Iterator[tuple[str, str]]:
    """What a learner is shown beside the charts: the cards, identify's accounts, the Stepper, 年命."""
    for name in CARD_NAMES:
        shown = card(name, lang, year=2026) if name == "jieqi" else card(name, lang)
        yield f"card {name}", str(shown)
    for args, cells in IDENTIFY_CASES:
        for asked in codes():
            yield f"identify{args} {cells} (lang={asked})", liuren.identify(*args, lang=asked, **cells).text(lang)
    judged = liuren.chart("甲子", "寅", "亥", month="寅", year="午", nianming=("子", "丑"))
    held = {found.name for found in judged.patterns}
    for rule in PATTERNS:  # each rule answered wrongly: check's hint quotes its rule
        answer = sorted(held ^ {rule.name})
        yield f"rule of {rule.name}", str(check(judged, lang=lang, patterns=answer))
    nianming = liuren.nianming(1990, "男", 2026)
    yield "nianming", nianming.text(lang)
    from liuren.show.stepper import Stepper

    for day in ("甲子", "乙丑"):  # 伏吟: a wrong 中傳 and 末傳 are told the 刑 chain
        fuyin = liuren.chart(day, "子", "子")
        branches = "".join(str(t.branch) for t in fuyin.transmissions)
        for wrong in ("子" + branches[1:] if branches[0] != "子" else "丑" + branches[1:], branches[0] + "丑丑"):
            yield f"check 伏吟 {day} {wrong}", str(check(fuyin, lang=lang, transmissions=wrong))
    chart = liuren.chart("甲子", "午", "子")  # 返吟 with a 克
    stepper = Stepper(chart, lang=lang, drawing=False)
    for step in stepper.steps:
        stepper.set(step=step.key)
        yield f"Stepper {step.key}", stepper._repr_mimebundle_()["text/plain"]


def outputs(lang: str) -> list[tuple[str, str]]:
    shown = [out for chart in sample() for out in chart_outputs(chart, lang)]
    return shown + list(other_outputs(lang))


# ---------------------------------------------------------------- the tests
def test_the_slip_finders_find_each_slip():
    """Each finder fails on the slips it is for, and passes the vocabulary's own words."""
    assert english_slips("卯 (木) 克s 戌 (土) from above")
    assert english_slips("the 遙克 gate chose it")
    assert english_slips("The noble (貴人) stands on 亥")
    assert english_slips("so the generals run counter-clockwise (逆)")
    assert english_slips("the branch 1 places further on")
    assert english_slips("the 晝貴 (day noble) whatever the hour")
    assert english_slips("the four classes of the chart")
    assert english_slips("한 줄")
    fine = (
        "卯 (木) overcomes 戌 (土) from above; the Conquest method chose it. The Noble (貴人) stands on 亥, so"
        " the generals run backward (逆): the branch 1 place further on, 5 places further on. Day Noble 亥;"
        " pass noble= or month=; the Day Noble and the Night Noble."
    )
    assert english_slips(fine) == []
    assert latin_words("presets: 없음") == ["presets"] and latin_words("d = 5 mod 12, month=, zi-si, 表A") == []
    assert slips("死氣與死奇韓音同讀사기", "zh") and slips("the default reproduces it", "ko")


@pytest.mark.parametrize("lang", codes())
def test_every_word_table_speaks_its_language(lang):
    """Every template of the word tables in ``lang`` but the reading's, its terms unmarked (⟨刑⟩s is 刑s)
    and a marked count's noun as written."""
    found = [
        f"{name}[{key!r}]: {slip}"
        for name, table in tables().items()
        if not name.startswith(OWN_TABLES)
        for key, template in table.get(lang, {}).items()
        for slip in slips(TERM.sub(r"\1", COUNTED_TEMPLATE.sub(r"{} \1", template)), lang)
    ]
    assert found == [], "\n".join(found[:40])


@pytest.mark.parametrize("lang", codes())
def test_what_a_learner_is_shown_speaks_its_language(lang):
    found = [f"{where}: {slip}" for where, text in outputs(lang) for slip in slips(text, lang)]
    assert found == [], f"{len(found)} slips, the first:\n" + "\n".join(dict.fromkeys(found[:40]))


def test_a_count_agrees_with_its_noun_in_every_marked_english_template():
    """Each count a template marks (``{d} place[s]``) is singular after 1 and plural after 2."""
    marked = [
        (name, key, template)
        for name, table in tables().items()
        for key, template in table.get("en", {}).items()
        if COUNTED_TEMPLATE.search(template)
    ]
    assert len(marked) >= 8  # the plate's places, the cards' places, the practice page's days and reviews
    for name, key, template in marked:
        nouns = [(m[1], m[0].rsplit("[", 1)[1].rstrip("]")) for m in COUNTED_TEMPLATE.finditer(template)]
        for n in (1, 2):
            text = agree(COUNTED_TEMPLATE.sub(lambda m, n=n: f"{n} {m[1]}[{m[0].rsplit('[', 1)[1]}", template))
            assert not ONE_PLURAL.search(text) and not LEFT_MARK.search(text), (name, key, text)
            assert all(f"{n} {noun}{ending if n > 1 else ''}" in text for noun, ending in nouns), (name, key, text)
    plate = liuren.chart("丙申", "午", "未").steps("en")[0].text  # d = 1
    assert "the branch 1 place further on" in plate
    assert "the branch 5 places further on" in liuren.chart("丙申", "午", "亥").steps("en")[0].text


def test_the_practice_page_counts_one_day_and_one_review(tmp_path):
    from dataclasses import replace
    from datetime import UTC, datetime

    from liuren.practice import Practice
    from liuren.practice.plots import dashboard_html

    summary = Practice(tmp_path / "p.sqlite3", seed=1).summary(datetime(2026, 12, 2, 9, tzinfo=UTC))
    shown = dashboard_html(replace(summary, streak=1, reviews=1), "en")
    assert "streak: 1 day ·" in shown and "streak: 2 days ·" in dashboard_html(replace(summary, streak=2), "en")


def test_the_glosses_of_the_chapters_statements_inflect_no_hanzi_and_name_the_noble():
    # the reading's glosses had 克s, 克ed, 克ing and "the noble" in 71 rows
    import csv
    from pathlib import Path

    path = Path(liuren.__file__).parent / "data" / "judgements.csv"
    with path.open(encoding="utf-8") as f:
        glosses = {row["id"]: row["gloss_en"] for row in csv.DictReader(f)}
    assert len(glosses) > 1000
    bad = {i: g for i, g in glosses.items() if INFLECTED.search(g) or re.search(r"\b[Tt]he noble\b", g)}
    assert bad == {}
