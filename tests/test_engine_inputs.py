"""The engine's inputs (issue 8): exact spec round trips, school names, each input's own forms,
bounded error messages, and a fuzz of every public engine entry point."""

from __future__ import annotations

import pickle
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import liuren
from liuren import Chart, LiurenError, ParseError, School, SchoolError
from liuren.cycle import (
    BRANCH_CHARS,
    SPIRIT_NAMES,
    parse_branch,
    parse_general_name,
    parse_hour,
    parse_month,
    parse_month_general,
    parse_pillar,
    parse_stem,
    parse_year,
)
from liuren.errors import quote
from liuren.school import CHOICES, OPTION_NAMES

LONG = "子" * 1_000_000
BOUND = 500
"""No error message may be longer, whatever the input."""


# ---------------------------------------------------------------- the spec round trip (defect 5)
option_values = st.fixed_dictionaries(
    {},
    optional={name: st.sampled_from(CHOICES[name]) if name in CHOICES else st.booleans() for name in OPTION_NAMES},
)
school_names = st.one_of(st.none(), st.just("custom"), st.from_regex(r"[A-Za-z0-9_-]{1,32}", fullmatch=True))


@st.composite
def schools(draw):
    options = draw(option_values)
    name = draw(school_names)
    try:
        return School(name, **options)
    except SchoolError:  # a preset's name with other options, or a reserved word: refused, so no chart
        return School(None, **options)


@settings(max_examples=300)
@given(
    st.sampled_from(liuren.PILLARS),
    st.sampled_from(liuren.BRANCHES),
    st.sampled_from(liuren.BRANCHES),
    st.sampled_from(["day", "night"]),
    schools(),
    st.one_of(st.none(), st.sampled_from(liuren.BRANCHES)),
    st.one_of(st.none(), st.sampled_from(liuren.BRANCHES)),
    st.one_of(st.none(), st.tuples(st.sampled_from(liuren.BRANCHES), st.sampled_from(liuren.BRANCHES))),
)
def test_spec_and_repr_round_trip_every_school_exactly(day, hour, general, noble, school, month, year, fate):
    chart = Chart(day, hour, general, noble=noble, school=school, month=month, year=year, nianming=fate)
    again = Chart.parse(chart.spec())
    assert again == chart and again.school == school and again.school.name == school.name
    assert again.transmissions == chart.transmissions
    assert eval(repr(chart), {"Chart": Chart, "School": School}) == chart
    assert pickle.loads(pickle.dumps(chart)) == chart


def test_the_issue_example_round_trips():
    chart = Chart("丙申", "午", "亥", school=School().replace(noble_table="B"))
    assert chart.school.name == "custom"
    assert chart.spec() == "丙申 午 亥 day custom noble_table=B"
    assert Chart.parse(chart.spec()) == chart and Chart.parse(chart.spec()).noble_branch == chart.noble_branch


def test_own_school_names_are_kept():
    school = School("my-school_2", tomb="water")
    assert school.name == "my-school_2" and school != School(tomb="water")
    assert Chart.parse(Chart("丙申", "午", "亥", school=school).spec()).school == school


def test_spec_refuses_what_it_cannot_read_back():
    for spec in (
        "丙申 午 亥 dai",
        "丙申 午 亥 day noble_table=Z",
        "丙申 午 亥 split_shiru=maybe",
        "丙申 午 亥 tomb=water tomb=fire",
        "丙申 午 亥 colour=red",
        "丙申 午 亥 school=default noble_table",
    ):
        with pytest.raises(LiurenError):
            Chart.parse(spec)
    # a preset changed by options is no longer that preset
    assert Chart.parse("丙申 午 亥 day tanyuan tomb=water").school.name == "custom"


# ---------------------------------------------------------------- each input its own forms (defect 9)
@pytest.mark.parametrize(
    ("parse", "good", "bad"),
    [
        (parse_hour, ["午", "午時", "午时", " 午 "], ["午將", "勝光", "午月", "午年", "午時時", "甲"]),
        (
            parse_month_general,
            ["亥", "亥將", "亥将", "登明", "神後", "神后", "胜光", "太冲", "从魁", "传送"],
            ["亥時", "亥月", "亥年"],
        ),
        (parse_month, ["寅", "寅月"], ["寅時", "寅將", "功曹", "正月", "寅年"]),
        (parse_year, ["午", "午年"], ["午時", "午將", "勝光", "午月"]),
        (parse_branch, ["午"], ["午時", "午將", "勝光", "午月", "午年"]),
    ],
)
def test_each_input_accepts_its_own_forms_only(parse, good, bad):
    for text in good:
        assert parse(text) in BRANCH_CHARS
    for text in bad:
        with pytest.raises(ParseError, match="accepted"):
            parse(text)


def test_chart_reads_each_argument_by_its_own_rule():
    base = Chart("丙申", "午", "亥", month="寅", year="午")
    assert Chart("丙申", "午時", "登明", month="寅月", year="午年") == base
    for kwargs in ({"hour": "午將"}, {"hour": "勝光"}, {"general": "亥時"}, {"month": "寅時"}, {"year": "午將"}):
        args = {"day": "丙申", "hour": "午", "general": "亥", **kwargs}
        with pytest.raises(ParseError):
            Chart(args.pop("day"), args.pop("hour"), args.pop("general"), **args)


def test_the_hour_error_names_hour_forms_only():
    with pytest.raises(ParseError) as info:
        Chart("丙申", "亥將", "亥")
    message = str(info.value)
    assert "'亥將' is not an hour branch" in message and "午時" in message
    assert "登明" not in message and "月將" not in message and "將" not in message.replace("'亥將'", "")


@given(st.sampled_from(BRANCH_CHARS))
def test_spirit_names_are_month_generals_only(branch):
    spirit = SPIRIT_NAMES[BRANCH_CHARS.index(branch)]
    assert parse_month_general(spirit) == branch
    for parse in (parse_hour, parse_month, parse_year, parse_branch):
        with pytest.raises(ParseError):
            parse(spirit)


# ---------------------------------------------------------------- bounded messages (defect 8)
def test_quote_is_bounded():
    assert quote("午時") == "'午時'"
    assert quote(LONG) == "'" + "子" * 24 + "…' (1,000,000 characters)"
    assert quote(b"x" * 100) == "b'" + "x" * 24 + "…' (100 bytes)"
    assert len(quote(list(range(10**5)))) < 100

    class Hostile:
        def __repr__(self):
            raise RuntimeError("no")

    assert quote(Hostile()) == "<Hostile object>"


@pytest.mark.parametrize(
    "call",
    [
        lambda v: Chart(v, "午", "亥"),
        lambda v: Chart("丙申", v, "亥"),
        lambda v: Chart("丙申", "午", v),
        lambda v: Chart("丙申", "午", "亥", noble=v),
        lambda v: Chart("丙申", "午", "亥", school=v),
        lambda v: Chart("丙申", "午", "亥", month=v),
        lambda v: Chart("丙申", "午", "亥", year=v),
        lambda v: Chart("丙申", "午", "亥", nianming=(v, "寅")),
        lambda v: Chart("丙申", "午", "亥", nianming=("午", v)),
        lambda v: Chart.parse("丙申 午 亥 benming=午 xingnian=" + v),
        lambda v: Chart.parse(v),
        lambda v: Chart.parse("丙申 午 亥 " + v),
        lambda v: Chart.parse("丙申 午 亥 school=" + v),
        lambda v: School(v),
        lambda v: School(tomb=v),
        lambda v: School.preset(v),
        lambda v: School().replace(**{v: 1}),
        lambda v: liuren.chart("丙申", "午", "亥").branch_of(v),
        lambda v: liuren.chart("丙申", "午", "亥").general_on(v),
        lambda v: liuren.Plate(0).heaven_over(v),
        lambda v: liuren.Plate.from_general(v, "午"),
        parse_stem,
        parse_pillar,
        parse_general_name,
        parse_hour,
        parse_month_general,
        parse_month,
        parse_year,
    ],
)
def test_a_megabyte_argument_gives_a_short_message(call):
    with pytest.raises(LiurenError) as info:
        call(LONG)
    assert len(str(info.value)) < BOUND and re.search(r"\(1,000,0\d\d characters\)", str(info.value))


# ---------------------------------------------------------------- fuzz: only liuren errors escape
anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(max_size=40),
    st.binary(max_size=8),
    st.sampled_from(
        ["丙申", "午", "亥", "午時", "亥將", "登明", "day", "night", "晝", "tanyuan", "探原", "custom", "寅月"]
    ),
    st.lists(st.text(max_size=3), max_size=3),
    st.tuples(st.integers(), st.integers()),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.builds(object),
    st.just(LONG),
    st.sampled_from(liuren.BRANCHES),
    st.sampled_from(liuren.PILLARS),
    st.just(School()),
)


def _only_liuren_errors(call, *args, **kwargs):
    try:
        call(*args, **kwargs)
    except LiurenError as error:
        assert len(str(error)) < BOUND
    # anything else (TypeError, AttributeError, …) fails the test


fates = st.one_of(
    anything, st.tuples(anything, anything), st.tuples(st.sampled_from(BRANCH_CHARS), st.sampled_from(BRANCH_CHARS))
)


@settings(max_examples=400)
@given(anything, anything, anything, anything, anything, anything, anything, fates)
def test_fuzz_chart(day, hour, general, noble, school, month, year, nianming):
    kwargs = {"noble": noble, "school": school, "month": month, "year": year, "nianming": nianming}
    _only_liuren_errors(liuren.chart, day, hour, general, **kwargs)
    _only_liuren_errors(Chart, day, hour, general, **kwargs)


spec_words = st.sampled_from(
    [
        "丙申",
        "午",
        "亥",
        "day",
        "night",
        "default",
        "custom",
        "探原",
        "school=mine",
        "school=",
        "=",
        "month=寅",
        "year=午",
        "noble_table=B",
        "split_shiru=true",
        "tomb=",
        "x=y",
        "午時",
        "亥將",
        "\x00",
        "月",
        "benming=午",
        "xingnian=寅",
        "benming=",
        "xingnian=甲子",
    ]
)


@settings(max_examples=400)
@given(st.one_of(anything, st.lists(st.one_of(spec_words, st.text(max_size=6)), max_size=9).map(" ".join)))
def test_fuzz_chart_parse(spec):
    _only_liuren_errors(Chart.parse, spec)


@settings(max_examples=300)
@given(anything, st.dictionaries(st.sampled_from([*OPTION_NAMES, "name"]), anything, max_size=4), anything)
def test_fuzz_school(name, options, unknown):
    _only_liuren_errors(School, **options)  # an unknown keyword is a TypeError, as for any Python call
    _only_liuren_errors(School, name)
    _only_liuren_errors(School.preset, name)
    _only_liuren_errors(School().replace, **options, colour=unknown)
    _only_liuren_errors(School.from_options, name, options)
    _only_liuren_errors(School.from_tokens, name, [str(v) for v in options.values()])


@settings(max_examples=300)
@given(anything)
def test_fuzz_parsers(value):
    chart = liuren.chart("丙申", "午", "亥")
    for call in (
        parse_stem,
        parse_pillar,
        parse_general_name,
        parse_branch,
        parse_hour,
        parse_month_general,
        parse_month,
        parse_year,
        liuren.Plate,
        liuren.Plate(3).heaven_over,
        liuren.Plate(3).earth_under,
        chart.branch_of,
        chart.general_on,
    ):
        _only_liuren_errors(call, value)
    _only_liuren_errors(liuren.Plate.from_general, value, value)
