"""The cycle values are immutable strings: nothing a user does to one can corrupt a later chart."""

from __future__ import annotations

import pickle

import pytest

import liuren
from liuren import BRANCHES, GENERALS, PILLARS, STEMS
from liuren.cycle import ELEMENTS

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
