"""School (liuren/school.py): one definition per option, and everything read from it.

Each option is one field of the frozen dataclass: its ``Literal`` annotation is what it accepts, its
default the documented default, its metadata the meaning and the sources. These tests check that
every derived view (CHOICES, DEFAULTS, the constructor's checks, the spec, the reference) agrees with
that one definition, and that School's public behaviour (names, presets, repr, equality, hashing,
pickling, errors) is what it was."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import re
import typing
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import liuren
from liuren import Chart, LiurenError, School, SchoolError
from liuren.school import (
    CHOICES,
    DEFAULTS,
    OPTION_DOCS,
    OPTION_NAMES,
    OPTION_SOURCES,
    PRESET_OPTIONS,
    PRESETS,
    SWITCHES,
)

from .conftest import BOUND, LONG, anything, only_liuren_errors

ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------- one definition per option
def test_every_view_is_read_from_the_fields():
    options = [f for f in dataclasses.fields(School) if f.init and f.name != "name"]
    hints = typing.get_type_hints(School)
    assert tuple(f.name for f in options) == OPTION_NAMES
    assert len(OPTION_NAMES) == 25
    for f in options:
        if hints[f.name] is bool:
            assert f.name in SWITCHES and f.name not in CHOICES
        else:
            assert typing.get_origin(hints[f.name]) is typing.Literal
            assert CHOICES[f.name] == typing.get_args(hints[f.name])
        assert DEFAULTS[f.name] == f.default == getattr(School(), f.name)
        assert OPTION_DOCS[f.name] == f.metadata["doc"] and f.metadata["doc"].strip()
        assert OPTION_SOURCES[f.name] == f.metadata["sources"]
    assert SWITCHES == ("count_duplicate_lessons", "split_shiru", "true_solar_time")
    assert CHOICES["tomb"] == ("fire", "water", "stem") and DEFAULTS["tomb"] == "fire"
    assert CHOICES["day_boundary"] == ("23:00", "00:00")


def test_the_constructor_is_generated_from_the_fields():
    assert [f.name for f in dataclasses.fields(School)] == ["name", *OPTION_NAMES]
    parameters = inspect.signature(School).parameters
    assert list(parameters) == ["name", *OPTION_NAMES]
    assert parameters["name"].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD and parameters["name"].default is None
    assert all(parameters[k].kind is inspect.Parameter.KEYWORD_ONLY for k in OPTION_NAMES)
    assert {k: parameters[k].default for k in OPTION_NAMES} == DEFAULTS
    with pytest.raises(TypeError):
        School("default", "A")  # options are keyword-only


def test_every_option_cites_books_except_the_clock_and_an_unstated_convention():
    unsourced = [k for k in OPTION_NAMES if not OPTION_SOURCES[k]]
    assert unsourced == ["day_boundary", "true_solar_time", "repeated_lesson"]
    for option in OPTION_NAMES:
        for book, chapter in OPTION_SOURCES[option]:
            assert chapter and (book == "" or re.fullmatch(r"《[^》]+》", book)), (option, book, chapter)
    assert ("《六壬大全》", "卷七 涉害課") in OPTION_SOURCES["biyong_ge"]


def test_school_py_needs_no_type_ignore():
    assert "type: ignore" not in (ROOT / "liuren" / "school.py").read_text(encoding="utf-8")


def test_every_value_of_every_option_round_trips_through_a_spec():
    schools = [School(**{option: value}) for option in OPTION_NAMES for value in CHOICES.get(option, (True, False))]
    schools += [*PRESETS.values(), School("mine", **PRESET_OPTIONS["daquan"], tomb="stem")]
    assert len(schools) == 2 * len(SWITCHES) + sum(map(len, CHOICES.values())) + 4
    for school in schools:
        if school.day_night == "sun" or school.true_solar_time:
            continue  # a chart by 干支 cannot be built under a rule that needs an instant
        chart = Chart("丙申", "午", "亥", noble="day", school=school)
        assert Chart.parse(chart.spec()) == chart and Chart.parse(chart.spec()).school.name == school.name
    assert School(day_night="sun").option_tokens() == ("day_night=sun",)
    assert School.from_tokens(None, ["day_night=sun", "true_solar_time=true"]) == School(
        day_night="sun", true_solar_time=True
    )


# ---------------------------------------------------------------- 綴瑕: a rule, not an option
def test_zhuixia_is_not_an_option_and_its_rule_still_holds():
    assert "zhuixia" not in OPTION_NAMES
    with pytest.raises(TypeError):
        School(zhuixia="day-side")  # type: ignore[call-arg]
    with pytest.raises(SchoolError, match=r"unknown School option.*'zhuixia'"):
        School().replace(zhuixia="day-side")
    with pytest.raises(LiurenError, match="zhuixia"):
        Chart.parse("丙申 午 亥 day zhuixia=day-side")
    # 戊辰/戊戌 返吟 (干上亥): 亥 and 巳 both stand on 孟 squares; the yang day takes the one met first
    # in lessons 1–2, 亥 (the only 綴瑕 rule the books state; 大全's preset counts depth and never ties)
    for day in ("戊辰", "戊戌"):
        for preset in ("default", "tanyuan"):
            chart = liuren.chart(day, "子", "午", school=preset)
            assert "".join(str(t.branch) for t in chart.transmissions) == "亥巳亥"
            assert any("綴瑕 decides" in step for step in chart.trace())
    assert "綴瑕" in OPTION_DOCS["shehai"] and "陽日" in OPTION_DOCS["shehai"]


# ---------------------------------------------------------------- public behaviour, as it was
def test_repr_equality_hashing_and_pickling():
    assert repr(School()) == "School('default')"
    assert repr(School(noble_table="B")) == "School('custom', noble_table='B')"
    assert repr(School.preset("探原")) == (
        "School('tanyuan', noble_table='B', shehai='depth', split_shiru=True, fuyin_return='chong', changsheng='stem')"
    )
    assert repr(School("mine", tomb="water")) == "School('mine', tomb='water')"
    assert eval(repr(School("mine", tomb="water")), {"School": School}) == School("mine", tomb="water")
    assert School(tomb="water") == School(tomb="water") and hash(School(tomb="water")) == hash(School(tomb="water"))
    assert School(tomb="water") != School("mine", tomb="water")  # the name is part of the value
    assert School() != "default" and School().__eq__("default") is NotImplemented
    assert len({School(), School("default"), School.preset("指南"), PRESETS["default"]}) == 1
    for school in (School(), School("mine", tomb="water"), School.preset("daquan")):
        assert pickle.loads(pickle.dumps(school)) == school
        assert copy.copy(school) == school == copy.deepcopy(school)
    assert School().options() == {"name": "default", **DEFAULTS}


def test_a_school_cannot_be_changed_in_place():
    school = School()
    with pytest.raises(AttributeError, match=r"School is immutable; use \.replace\(\.\.\.\)"):
        school.tomb = "water"  # type: ignore[misc]
    with pytest.raises(AttributeError, match="School is immutable"):
        school.name = "mine"  # type: ignore[misc, assignment]
    with pytest.raises(AttributeError, match="School is immutable"):
        del school.tomb
    assert school == School() and school.name == "default"


def test_replace_derives_the_name_again_unless_given():
    assert School.preset("tanyuan").replace(noble_table="A").name == "custom"
    assert School().replace(**PRESET_OPTIONS["daquan"]).name == "daquan"
    assert School().replace(name="mine", tomb="stem") == School("mine", tomb="stem")
    with pytest.raises(SchoolError, match="School option tomb='earth' is not known; accepted: 'fire', 'water', 'stem'"):
        School().replace(tomb="earth")


def test_a_presets_name_means_exactly_that_preset():
    with pytest.raises(SchoolError, match=r"'default' preset's options.*noble_table='B'"):
        School(name="default", noble_table="B")
    with pytest.raises(SchoolError, match="tanyuan"):
        School().replace(name="tanyuan")
    with pytest.raises(SchoolError):
        School(name="探原")
    assert School(name="探原", **PRESET_OPTIONS["tanyuan"]) == School.preset("tanyuan")
    assert School(name="Default") == School() and School().name == "default"
    # without a name, a school is named after the preset its options match, else "custom"
    assert School(**PRESET_OPTIONS["tanyuan"]).name == "tanyuan"
    assert School(**PRESET_OPTIONS["daquan"]).name == "daquan"
    assert School(shehai="depth-excluding-start").name == "custom"
    assert School(yuejiang_switch="jie").name == "custom"
    assert School.preset("daquan").replace(**{k: DEFAULTS[k] for k in PRESET_OPTIONS["daquan"]}).name == "default"
    every = {name: True if name in SWITCHES else CHOICES[name][-1] for name in OPTION_NAMES}
    with pytest.raises(SchoolError, match=r"School.preset\('default'\)") as info:
        School("default", **every)
    assert len(str(info.value)) < BOUND


@pytest.mark.parametrize(
    "name", [" ", "", "a b", "x\x00y", "名字", "x" * 33, LONG, "day", "Night", "month", "a=b", 3, b"ab"]
)
def test_school_names_are_short_tokens(name):
    with pytest.raises(SchoolError) as info:
        School(name=name)
    assert len(str(info.value)) < BOUND


def test_school_values_are_frozen_and_literal_checked():
    school = School()
    with pytest.raises(AttributeError):
        school.tomb = "water"  # type: ignore[misc]
    with pytest.raises(SchoolError, match="accepted: 'fire', 'water', 'stem'"):
        School(tomb="earth")  # type: ignore[arg-type]
    with pytest.raises(SchoolError, match="True or False"):
        School(split_shiru=1)  # type: ignore[arg-type]
    assert set(DEFAULTS) == set(OPTION_NAMES) == set(CHOICES) | set(SWITCHES)
    assert School().options() == {"name": "default", **DEFAULTS}


def test_own_school_names_are_kept():
    school = School("my-school_2", tomb="water")
    assert school.name == "my-school_2" and school != School(tomb="water")
    assert Chart.parse(Chart("丙申", "午", "亥", school=school).spec()).school == school


@settings(max_examples=300)
@given(anything, st.dictionaries(st.sampled_from([*OPTION_NAMES, "name"]), anything, max_size=4), anything)
def test_fuzz_school(name, options, unknown):
    only_liuren_errors(School, **options)  # an unknown keyword is a TypeError, as for any Python call
    only_liuren_errors(School, name)
    only_liuren_errors(School.preset, name)
    only_liuren_errors(School().replace, **options, colour=unknown)
    only_liuren_errors(School.from_options, name, options)
    only_liuren_errors(School.from_tokens, name, [str(v) for v in options.values()])
