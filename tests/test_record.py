"""Record (liuren/record.py): the frozen, slotted value idiom every engine and detector record uses."""

from __future__ import annotations

import copy
import pickle

import pytest

from liuren.record import Record, fields, replace


class Pair(Record):
    left: int
    right: str = "x"


class Twin(Record):
    left: int
    right: str = "x"


def test_fields_defaults_and_keywords():
    assert fields(Pair) == ("left", "right") == Pair.__match_args__ == Pair.__slots__
    assert Pair(1) == Pair(1, "x") == Pair(left=1, right="x") == Pair(right="x", left=1)
    assert Pair(1).right == "x" and Pair(1, "y").right == "y"
    assert repr(Pair(1, "y")) == "Pair(left=1, right='y')"


def test_a_record_equals_only_a_record_of_its_own_type():
    assert Pair(1) != (1, "x") and Pair(1) != Twin(1) and Pair(1) != [1, "x"]
    assert len({Pair(1), Pair(1, "x"), Twin(1)}) == 2
    with pytest.raises(TypeError):
        tuple(Pair(1))  # type: ignore[call-overload]
    with pytest.raises(TypeError):
        Pair(1)[0]  # type: ignore[index]


def test_wrong_arguments_are_type_errors():
    with pytest.raises(TypeError, match="left"):
        Pair()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Pair(1, "y", 3)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="colour"):
        Pair(1, colour=2)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Pair(1, left=2)  # type: ignore[misc]
    with pytest.raises(TypeError, match="colour"):
        replace(Pair(1), colour=2)
    with pytest.raises(TypeError, match="a field without a default"):

        class Bad(Record):
            first: int = 0
            second: int


def test_frozen_slotted_and_picklable():
    pair = Pair(1, "y")
    with pytest.raises(AttributeError, match="Pair is immutable"):
        pair.left = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del pair.left  # type: ignore[misc]
    with pytest.raises(AttributeError):
        pair.extra = 1  # type: ignore[attr-defined]
    assert not hasattr(pair, "__dict__")
    assert pickle.loads(pickle.dumps(pair)) == pair and copy.deepcopy(pair) == pair
    assert replace(pair, right="z") == Pair(1, "z") and pair == Pair(1, "y")
    assert Pair._make(2, "w") == Pair(2, "w")


def test_match_by_position_and_name():
    match Pair(3, "q"):
        case Pair(3, right="q"):
            matched = True
        case _:
            matched = False
    assert matched
