"""Property-based tests (hypothesis): parsing, repr round-trips, invariants."""

from __future__ import annotations

import pickle

from hypothesis import given
from hypothesis import strategies as st

import liuren
from liuren.cycle import BRANCH_CHARS, GENERAL_NAMES, GENERAL_SHORT, PO, SPIRIT_NAMES, parse_branch, parse_general_name

pillars = st.sampled_from([str(p) for p in liuren.PILLARS])
branches = st.sampled_from(BRANCH_CHARS)
nobles = st.sampled_from([None, "day", "night", "晝", "夜"])
schools = st.sampled_from([None, "default", "tanyuan", "daquan", "指南", "探原", "大全"])
months = st.one_of(st.none(), branches)

SIMPLIFIED_GENERALS = {"貴人": "贵人", "勾陳": "勾陈", "青龍": "青龙", "太陰": "太阴", "螣蛇": "腾蛇"}


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
    import json

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


@given(st.integers(0, 11))
def test_general_names_and_abbreviations(index):
    name = GENERAL_NAMES[index]
    assert parse_general_name(name) == name
    assert parse_general_name(GENERAL_SHORT[index]) == name
    if name in SIMPLIFIED_GENERALS:
        assert parse_general_name(SIMPLIFIED_GENERALS[name]) == name


@given(st.text(max_size=4))
def test_parse_branch_accepts_only_branches(text):
    try:
        branch = parse_branch(text)
    except liuren.ParseError as error:
        assert repr(text) in str(error)
    else:
        assert branch in BRANCH_CHARS


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


@given(pillars, branches, branches, st.sampled_from(["default", "tanyuan", "daquan"]))
def test_transmissions_follow_the_plate(day, hour, general, school):
    chart = liuren.chart(day, hour, general, school=school)
    first, middle, last = (t.branch for t in chart.transmissions)
    if chart.method in ("賊克", "比用", "涉害", "遙克") or chart.lesson_type == "無依":
        assert middle == chart.plate[first]
        if chart.lesson_type == "無依" and chart.school.fanyin_final == "weishanren":
            assert last.ordinal == PO[middle.ordinal]  # 尉山人取法: 末傳取破
        else:
            assert last == chart.plate[middle]
    uppers = {lesson.upper for lesson in chart.lessons}
    if chart.method in ("賊克", "比用", "涉害"):
        assert first in uppers
        assert any(lesson.kind and lesson.upper == first for lesson in chart.lessons)
