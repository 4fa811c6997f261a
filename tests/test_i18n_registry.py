"""A language is one value of one registry (liuren/lang.py, docs/design.md §5): every word table is keyed
by exactly the registered languages, no module compares a language's code, every list of languages is
the registry's, and a fourth language is one registry entry plus its tables, as a throwaway one shows."""

from __future__ import annotations

import csv
import importlib
import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

import liuren
from liuren.errors import ParseError
from liuren.lang import BUILT_IN, ENGLISH, REGISTRY, Lang, codes, language, register, unregister
from liuren.show.words import tables

ROOT = Path(__file__).resolve().parent.parent
MARK = "‹xx›"
"""What each word of the throwaway language starts with, so that its words can be seen in the output."""
BRANCHING = re.compile(
    r"""\blang\s*(==|!=)|\blabels\s*(==|!=)\s*["']|(==|!=)\s*["'](zh|ko|en)["']|["'](zh|ko|en)["']\s*(==|!=)"""
    r"""|\b(lang|labels) in \(["']"""
)
"""A comparison of a language's code: what the registry replaces (``labels`` compared with its default,
to tell whether it was given, is not one)."""


def _clear_reading_caches() -> None:
    """Forget the judgements read so far (their glosses are read once per registered language)."""
    for module in map(
        importlib.import_module, ("liuren.reading.statements", "liuren.reading", "liuren.reading.verdict")
    ):
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", "") == module.__name__:
                value.cache_clear()


@contextmanager
def stub_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[Lang]:
    """A fourth language, "xx": one registry entry (English's forms) plus its tables (English's words,
    each marked with :data:`MARK`) and its column of the judgements' glosses. Removed on exit."""
    statements = importlib.import_module("liuren.reading.statements")  # the package's own name is a function
    lang = register(replace(ENGLISH, code="xx", name="Test", native="Test", button="XX"))
    try:
        for table in tables().values():
            if "en" in table:
                monkeypatch.setitem(table, "xx", {k: MARK + v for k, v in table["en"].items()})
        text = statements.judgements_text()
        rows = list(csv.reader(io.StringIO(text)))
        at = rows[0].index("gloss_en")
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([*rows[0][: at + 1], "gloss_xx", *rows[0][at + 1 :]])
        for row in rows[1:]:
            writer.writerow([*row[: at + 1], MARK + row[at], *row[at + 1 :]])
        monkeypatch.setattr(statements, "judgements_text", lambda: out.getvalue())
        _clear_reading_caches()
        yield lang
    finally:
        unregister("xx")
        monkeypatch.undo()
        _clear_reading_caches()


@pytest.fixture
def xx(monkeypatch: pytest.MonkeyPatch) -> Iterator[Lang]:
    with stub_language(monkeypatch) as lang:
        yield lang


def test_a_fourth_language_runs_steps_check_reading_and_a_card(xx):
    from liuren.show.cards import card
    from liuren.show.check import check

    chart = liuren.chart("丙申", "午", "亥", month="寅")
    steps = chart.steps("xx")
    assert steps and all(step.title.startswith(MARK) for step in steps)
    trace = chart.trace("xx")
    assert trace[0].startswith(MARK) and sum(MARK in line for line in trace) == len(trace) - 1  # the last: 三傳
    assert MARK in chart.explain("xx")
    result = check(chart, lang="xx", offset=(chart.offset + 1) % 12)
    assert not result.ok and result.message.startswith(MARK)
    assert check(chart, lang="xx", offset=chart.offset).message.startswith(MARK)
    reading = chart.reading(lang="xx")
    text = reading.text()
    assert text.count(MARK) > 10 and f"    {MARK}" in text  # the headings, and each quotation's gloss
    assert MARK in reading._repr_html_()
    for name in ("noble", "monthly"):
        shown = card(name, "xx")
        assert shown.title.startswith(MARK) and MARK in str(shown)
    found = liuren.identify("辛亥", "寅", "亥", generals="蛇勾虎", noble="day")  # identify's own words: the
    # account's (its head, the hour, the presets and their "none", two option lines) and the two rules'
    assert found.text("xx").count(MARK) == 8 and found.rule("day_night", "zi-si").words["xx"].startswith(MARK)
    from liuren.show.html import chart_html

    page = chart_html(chart, labels="xx")  # the captions' glosses are the language's own table
    assert f"元首 {MARK}Head" in page and f"丙申日 {MARK}day {MARK}Bing-{MARK}Shen" in page
    found = chart.patterns
    assert found and all(p.text("xx").startswith(MARK) for p in found)


def test_the_fourth_language_leaves_no_trace(monkeypatch):
    with stub_language(monkeypatch):
        assert "xx" in codes() and all("xx" in t for t in tables().values() if "en" in t)
    assert codes() == ("zh", "ko", "en") and not any("xx" in t for t in tables().values())
    chart = liuren.chart("丙申", "午", "亥", month="寅")
    for call in (lambda: chart.steps("xx"), lambda: chart.reading(lang="xx"), lambda: language("xx")):
        with pytest.raises(ParseError, match=r"accepted: .*zh.*ko.*en"):
            call()
    assert "gloss_xx" not in repr(chart.reading().applies)


def test_every_word_table_is_keyed_by_the_registered_languages():
    glossing = {lang.code for lang in REGISTRY.values() if lang.annotation == "gloss"}
    found = tables()
    assert {"steps.STEPS", "check.CHECK", "identify.IDENTIFY", "reading.MATTER_NAMES", "glosses.GLOSSES"} <= set(found)
    for name, table in found.items():
        want = glossing if name.startswith("glosses.") else set(codes())
        assert set(table) == want, name
        every = set().union(*map(set, table.values()))
        for code in table:
            gap = every - set(table[code]) - OWN_TITLES.get((name, code), set())
            assert gap == set(), f"{name}[{code!r}] lacks {sorted(gap)[:5]}"


OWN_TITLES = {("practice.PRACTICE", "en"): {f"level-{n}" for n in range(1, 15)}}
"""Keys a table leaves to the thing named: an English level title is the practice level's own."""


def test_no_module_compares_a_language_code():
    """The forms of a language are asked of its Lang; only liuren/lang.py names the built-in codes' forms."""
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in sorted((ROOT / "liuren").rglob("*.py"))
        if path.name != "lang.py" and path.name != "vocabulary.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if BRANCHING.search(line) and not line.lstrip().startswith((">>>", "#")) and "DEFAULT_EDITION" not in line
    ]  # an edition of the course (liuren/course.py) compared with the default edition is not a language
    assert found == []


def test_the_branch_finder_finds_a_branch():
    assert BRANCHING.search('    return x if lang == "zh" else y')
    assert BRANCHING.search("    if labels != 'ko':")
    assert BRANCHING.search('    zh = "zh" == code')
    assert BRANCHING.search('    if lang in ("zh", "ko"):')
    assert BRANCHING.search("    if lang != other:")
    assert BRANCHING.search('    number = zh_number if form.numerals == "hanzi" else str') is None


def test_the_lists_of_languages_are_the_registry():
    from liuren.cli import build_parser
    from liuren.show.labels import LANGUAGES
    from liuren.show.widget_parts import lang_options

    assert LANGUAGES == codes() == ("zh", "ko", "en")
    assert [code for _, code in lang_options()] == list(codes())
    choices = [a.choices for p in _parsers(build_parser()) for a in p._actions if a.dest == "lang" and a.choices]
    assert choices and all(list(c) == list(codes()) for c in choices)


def _parsers(parser):
    import argparse

    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _parsers(sub)


@pytest.mark.parametrize(
    "field, value", [("terms", "kana"), ("numerals", "roman"), ("annotation", "ruby"), ("lessons", "latin")]
)
def test_a_language_with_an_unknown_form_is_refused(field, value):
    with pytest.raises(ParseError, match=f"{field}='{value}' is not a form; accepted: "):
        replace(ENGLISH, code="xx", **{field: value})


@pytest.mark.parametrize("code", ["", "EN", "x y", "fr-CA", "ü", "toolongcode"])
def test_a_bad_code_is_refused(code):
    with pytest.raises(ParseError, match="is not a language code"):
        replace(ENGLISH, code=code)


def test_registering_twice_or_removing_a_built_in_is_refused():
    with pytest.raises(ParseError, match="registered already"):
        register(replace(ENGLISH, name="Again"))
    for code in [*BUILT_IN, "xx"]:
        with pytest.raises(ParseError, match="is not an added language; accepted: none"):
            unregister(code)
    with pytest.raises(ParseError, match="is not a Lang"):
        register("en")  # type: ignore[arg-type]
    assert codes() == ("zh", "ko", "en")


def test_the_forms_of_the_built_in_languages():
    zh, ko, en = (language(c) for c in ("zh", "ko", "en"))
    assert [zh.number(n) for n in (2, 10, 12, 21)] == ["二", "十", "十二", "二十一"] and zh.count(2) == "兩"
    assert [ko.number(12), ko.count(2), en.count(2)] == ["12", "2", "2"]
    assert (zh.join(["甲", "乙"]), ko.join(["甲", "乙"])) == ("甲、乙", "甲, 乙")
    assert [lang.label.format(term="元首", gloss="x") for lang in (zh, ko, en)] == ["元首", "x 元首", "元首 x"]
    assert [lang.glosses_quotes for lang in (zh, ko, en)] == [False, True, True]
    moment = datetime(2026, 2, 4, 5, 2)
    assert (en.when(moment), zh.when(moment, in_year=True)) == ("2026-02-04 05:02", "02-04 05:02")


def test_a_language_writes_dates_its_own_way(monkeypatch):
    """The reading's 應期 and the 節氣 card write their dates as the language says."""
    from liuren.show.cards import card

    with stub_language(monkeypatch):
        REGISTRY["xx"] = replace(REGISTRY["xx"], moment="%d/%m/%Y %Hh%M", day="%d/%m %Hh%M")
        shown = card("jieqi", "xx", year=2026)
        assert "04/02 05h02" in str(shown) and "/2026 " in str(shown)
        from liuren.show.reading import period_text

        when = datetime(2026, 12, 1, 14, 5, tzinfo=ZoneInfo("Asia/Seoul"))
        periods = [period_text(p, "xx") for p in liuren.chart_at(when).reading(lang="xx").timing(when)]
        assert f"{MARK}when (應期): " in periods[0] and "01/12/2026 14h05 → 02/12/2026 00h00" in "".join(periods)
