"""Bad input gets a specific ValueError subclass that quotes the input and says what is accepted."""

from __future__ import annotations

import pytest

import liuren
from liuren import InvalidChartError, LiurenError, ParseError, SchoolError


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "quoted", "accepted"),
    [
        (("甲丑", "午", "亥"), {}, ParseError, "'甲丑'", "same yin-yang"),
        (("丙申", "午午", "亥"), {}, ParseError, "'午午'", "子丑寅卯辰巳午未申酉戌亥"),
        (("丙申", "X", "亥"), {}, ParseError, "'X'", "子丑寅卯辰巳午未申酉戌亥"),
        (("丙申", "午", "甲"), {}, ParseError, "'甲'", "子丑寅卯辰巳午未申酉戌亥"),
        (("丙申", "午", ""), {}, ParseError, "''", "子丑寅卯辰巳午未申酉戌亥"),
        (("甲", "午", "亥"), {}, ParseError, "'甲'", "60 pillars"),
        ((60, "午", "亥"), {}, ParseError, "60", "must be a string"),
        (("丙申", 6, "亥"), {}, ParseError, "6", "must be a string"),
        (("丙申", None, "亥"), {}, ParseError, "None", "must be a string"),
        (("丙申", "午", b"\xe4\xba\xa5"), {}, ParseError, "b'", "must be a string"),
        (("丙申", "午", "亥"), {"school": "zhinan"}, SchoolError, "'zhinan'", "'default'"),
        (("丙申", "午", "亥"), {"school": 3}, SchoolError, "3", "preset name"),
        (("丙申", "午", "亥"), {"noble": "noon"}, ParseError, "'noon'", "'day'"),
        (("丙申", "午", "亥"), {"noble": True}, ParseError, "True", "'night'"),
        (("丙申", "午", "亥"), {"month": "正"}, ParseError, "'正'", "子丑寅卯辰巳午未申酉戌亥"),
    ],
)
def test_bad_input_is_a_clear_error(args, kwargs, error, quoted, accepted):
    with pytest.raises(error) as info:
        liuren.chart(*args, **kwargs)
    assert isinstance(info.value, ValueError) and isinstance(info.value, LiurenError)
    assert quoted in str(info.value)
    assert accepted in str(info.value)


def test_sun_rule_needs_an_explicit_noble():
    school = liuren.School().replace(day_night="sun")
    with pytest.raises(InvalidChartError, match="noble='day'"):
        liuren.chart("丙申", "午", "亥", school=school)
    assert liuren.chart("丙申", "午", "亥", school=school, noble="night").noble == "night"


def test_bad_school_options():
    with pytest.raises(SchoolError, match=r"shehai='deep'.*'mengzhong'"):
        liuren.School(shehai="deep")
    with pytest.raises(SchoolError, match="unknown School option"):
        liuren.School().replace(colour="red")
    with pytest.raises(SchoolError, match="True or False"):
        liuren.School(split_shiru="yes")


def test_bad_specs():
    for spec in (
        "",
        "丙申 午",
        "丙申 午 亥 day default month=寅 year=午 extra",
        7,
        "丙申 午 亥 day night",
        "丙申 午 亥 month=寅 month=卯",
        "丙申 午 亥 探原 default",
    ):
        with pytest.raises(ParseError):
            liuren.Chart.parse(spec)
    with pytest.raises(SchoolError):
        liuren.Chart.parse("丙申 午 亥 dai")


def test_plate_rejects_bad_branches():
    with pytest.raises(ParseError, match="'丙'"):
        liuren.Plate(0).heaven_over("丙")
    plate = liuren.Plate(5)
    assert "丙" not in plate and plate.get("x") is None and "子" in plate and plate.get("子") == "巳"
    with pytest.raises(KeyError):
        plate["丙"]
    with pytest.raises(ParseError, match="integer"):
        liuren.Plate("a")
    with pytest.raises(AttributeError):
        liuren.Plate(0).offset = 3


def test_general_lookup_errors():
    chart = liuren.chart("丙申", "午", "亥")
    with pytest.raises(ParseError, match=r"'天馬'.*twelve generals"):
        chart.branch_of("天馬")
    assert chart.branch_of("龍") == chart.branch_of("青龍") == chart.branch_of("青龙")
