"""The school's inputs: preset names, own names, frozen and literal-checked values, and a fuzz of its
entry points (the chart's inputs are in test_chart.py, the cycle parsers' in test_cycle.py, the bounded
messages in test_errors.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from liuren import Chart, School, SchoolError
from liuren.school import CHOICES, DEFAULTS, OPTION_NAMES, PRESET_OPTIONS, SWITCHES

from .conftest import BOUND, LONG, anything, only_liuren_errors


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


def test_own_school_names_are_kept():
    school = School("my-school_2", tomb="water")
    assert school.name == "my-school_2" and school != School(tomb="water")
    assert Chart.parse(Chart("丙申", "午", "亥", school=school).spec()).school == school


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


# anything else (TypeError, AttributeError, …) fails the test


@settings(max_examples=300)
@given(anything, st.dictionaries(st.sampled_from([*OPTION_NAMES, "name"]), anything, max_size=4), anything)
def test_fuzz_school(name, options, unknown):
    only_liuren_errors(School, **options)  # an unknown keyword is a TypeError, as for any Python call
    only_liuren_errors(School, name)
    only_liuren_errors(School.preset, name)
    only_liuren_errors(School().replace, **options, colour=unknown)
    only_liuren_errors(School.from_options, name, options)
    only_liuren_errors(School.from_tokens, name, [str(v) for v in options.values()])
