"""The cycle values are immutable strings: nothing a user does to one can corrupt a later chart."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import liuren
from liuren import BRANCHES, GENERALS, PILLARS, STEMS, ParseError
from liuren.cycle import (
    BRANCH_CHARS,
    ELEMENTS,
    GENERAL_NAMES,
    GENERAL_SHORT,
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

from .conftest import anything, only_liuren_errors

ALL_VALUES = (*ELEMENTS, *STEMS, *BRANCHES, *PILLARS, *GENERALS)


@pytest.mark.parametrize("value", ALL_VALUES, ids=str)
def test_values_cannot_be_changed(value):
    for name in ("ordinal", "element", "yang", "stem", "branch", "short", "lodging", "anything"):
        with pytest.raises(AttributeError, match="immutable"):
            setattr(value, name, 5)
    with pytest.raises(AttributeError, match="immutable"):
        del value.ordinal


def test_a_rejected_change_leaves_charts_as_they_were():
    before = liuren.chart("丙申", "午", "亥")
    with pytest.raises(AttributeError):
        BRANCHES[0].ordinal = 5
    assert BRANCHES[0].ordinal == 0
    assert liuren.chart("丙申", "午", "亥").transmissions == before.transmissions


def test_values_keep_the_str_methods_and_equal_plain_strings():
    assert BRANCHES[3].index("卯") == 0 and PILLARS[0].index("子") == 1
    assert BRANCHES[0] == "子" and PILLARS[32] == "丙申" and GENERALS[5] == "青龍"
    assert [b.ordinal for b in BRANCHES] == list(range(12))
    assert STEMS[1].lodging == "辰" and PILLARS[32].stem == "丙" and PILLARS[32].branch == "申"


@pytest.mark.parametrize("value", ALL_VALUES[::7], ids=str)
def test_values_unpickle_as_the_same_object(value):
    assert pickle.loads(pickle.dumps(value)) is value


SIMPLIFIED_GENERALS = {"貴人": "贵人", "勾陳": "勾陈", "青龍": "青龙", "太陰": "太阴", "螣蛇": "腾蛇"}


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


# ---------------------------------------------------------------- each input its own forms: 午時 is an hour, never a general
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


@given(st.sampled_from(BRANCH_CHARS))
def test_spirit_names_are_month_generals_only(branch):
    spirit = SPIRIT_NAMES[BRANCH_CHARS.index(branch)]
    assert parse_month_general(spirit) == branch
    for parse in (parse_hour, parse_month, parse_year, parse_branch):
        with pytest.raises(ParseError):
            parse(spirit)


def test_zi_is_written_shenhou_as_the_chapters_write_it_and_the_tables_spelling_is_read():
    # 《大六壬靈覺經》 遙克課 l. 79: 「惟神后受己日所克，以神后為用」; the tables write 神後
    assert SPIRIT_NAMES[0] == "神后" and "神後" not in SPIRIT_NAMES
    assert parse_month_general("神後") == parse_month_general("神后") == "子"
    assert parse_general_name("后") == "天后"  # 后 alone stays the general


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
        only_liuren_errors(call, value)
    only_liuren_errors(liuren.Plate.from_general, value, value)
