"""Chart (liuren/chart.py): construction from each argument's own forms, spec and repr round trips,
immutability and hashing, plain data, and a fuzz of its entry points."""

from __future__ import annotations

import json
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import liuren
from liuren import Chart, LiurenError, ParseError, School, SchoolError
from liuren.cycle import BRANCH_CHARS, SPIRIT_NAMES
from liuren.school import CHOICES, OPTION_NAMES

from .conftest import anything, only_liuren_errors

pillars = st.sampled_from([str(p) for p in liuren.PILLARS])
branches = st.sampled_from(BRANCH_CHARS)
nobles = st.sampled_from([None, "day", "night", "晝", "夜"])
schools = st.sampled_from([None, "default", "tanyuan", "daquan", "指南", "探原", "大全"])
months = st.one_of(st.none(), branches)


option_values = st.fixed_dictionaries(
    {},
    optional={name: st.sampled_from(CHOICES[name]) if name in CHOICES else st.booleans() for name in OPTION_NAMES},
)


school_names = st.one_of(st.none(), st.just("custom"), st.from_regex(r"[A-Za-z0-9_-]{1,32}", fullmatch=True))


@st.composite
def any_schools(draw):
    options = draw(option_values)
    name = draw(school_names)
    try:
        return School(name, **options)
    except SchoolError:  # a preset's name with other options, or a reserved word: refused, so no chart
        return School(None, **options)


fates = st.one_of(
    anything, st.tuples(anything, anything), st.tuples(st.sampled_from(BRANCH_CHARS), st.sampled_from(BRANCH_CHARS))
)


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


@given(pillars, branches, branches, nobles, schools, months, months)
def test_repr_round_trips(day, hour, general, noble, school, month, year):
    chart = liuren.chart(day, hour, general, noble=noble, school=school, month=month, year=year)
    again = eval(repr(chart), {"Chart": liuren.Chart})
    assert again == chart and hash(again) == hash(chart)
    assert again.transmissions == chart.transmissions
    assert liuren.Chart.parse(chart.spec()) == chart
    assert pickle.loads(pickle.dumps(chart)) == chart


@given(pillars, branches, branches, nobles)
def test_to_dict_is_plain_json(day, hour, general, noble):

    chart = liuren.chart(day, hour, general, noble=noble)
    data = json.loads(json.dumps(chart.to_dict(), ensure_ascii=False))
    assert data["day"] == day and data["hour"] == hour and data["general"] == general
    assert data["plate"][hour] == general
    assert [t["branch"] for t in data["transmissions"]] == [str(t.branch) for t in chart.transmissions]
    assert data["noble"] in ("day", "night")
    assert data["school"] == "default"
    assert {
        "day",
        "hour",
        "general",
        "noble",
        "noble_branch",
        "generals_forward",
        "plate",
        "lessons",
        "transmissions",
        "method",
        "lesson_type",
        "void",
        "patterns",
        "school",
    } <= set(data)


@given(pillars, branches, branches)
def test_simplified_and_suffixed_input_gives_the_same_chart(day, hour, general):
    base = liuren.chart(day, hour, general)
    assert liuren.chart(f" {day}日", f"{hour}時", f"{general}將") == base
    assert liuren.chart(day, f"{hour}时", f"{general}将") == base
    assert liuren.chart(day, hour, SPIRIT_NAMES[BRANCH_CHARS.index(general)]) == base


@given(pillars, branches, branches, nobles, schools)
def test_chart_is_immutable_and_hashable(day, hour, general, noble, school):
    chart = liuren.chart(day, hour, general, noble=noble, school=school)
    try:
        chart.method = "昴星"
    except AttributeError:
        pass
    else:
        raise AssertionError("a chart accepted an assignment")
    assert {chart: 1}[liuren.chart(day, hour, general, noble=chart.noble, school=chart.school)] == 1


@settings(max_examples=300)
@given(
    st.sampled_from(liuren.PILLARS),
    st.sampled_from(liuren.BRANCHES),
    st.sampled_from(liuren.BRANCHES),
    st.sampled_from(["day", "night"]),
    any_schools(),
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


def test_the_longest_spec_is_read_back():
    # every option at its longest value other than the default, with the month, the year and the 年命
    from liuren.chart import MAX_SPEC
    from liuren.school import DEFAULTS, SWITCHES

    longest: dict[str, object] = {k: max((v for v in vs if v != DEFAULTS[k]), key=len) for k, vs in CHOICES.items()}
    longest.update({k: not DEFAULTS[k] for k in SWITCHES})
    chart = Chart("甲子", "子", "子", school=School(**longest), month="寅", year="午", nianming=("午", "寅"))
    assert len(chart.spec()) == 556 < MAX_SPEC
    assert Chart.parse(chart.spec()) == chart


def test_a_custom_school_spec_round_trips():
    chart = Chart("丙申", "午", "亥", school=School().replace(noble_table="B"))
    assert chart.school.name == "custom"
    assert chart.spec() == "丙申 午 亥 day custom noble_table=B"
    assert Chart.parse(chart.spec()) == chart and Chart.parse(chart.spec()).noble_branch == chart.noble_branch


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


@settings(max_examples=400)
@given(anything, anything, anything, anything, anything, anything, anything, fates)
def test_fuzz_chart(day, hour, general, noble, school, month, year, nianming):
    kwargs = {"noble": noble, "school": school, "month": month, "year": year, "nianming": nianming}
    only_liuren_errors(liuren.chart, day, hour, general, **kwargs)
    only_liuren_errors(Chart, day, hour, general, **kwargs)


@settings(max_examples=400)
@given(st.one_of(anything, st.lists(st.one_of(spec_words, st.text(max_size=6)), max_size=9).map(" ".join)))
def test_fuzz_chart_parse(spec):
    only_liuren_errors(Chart.parse, spec)
