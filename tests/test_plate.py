"""The plate (liuren/plate.py): a frozen mapping earth square → heaven branch."""

from __future__ import annotations

import pickle

import pytest

import liuren
from liuren import ParseError


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


def test_a_plate_is_a_record_and_a_mapping():
    plate = liuren.Plate(17)
    assert plate == liuren.Plate(5) and plate is not liuren.Plate(5) and hash(plate) == hash(liuren.Plate(5))
    assert repr(plate) == "Plate(5)" and plate.offset == 5 and len(plate) == 12
    assert dict(plate)["子"] == "巳" and list(plate)[:2] == ["子", "丑"]
    assert plate != dict(plate)  # a record equals only a record of its own type
    assert liuren.Plate.from_general("亥", "午") is liuren.Chart("丙申", "午", "亥").plate
    assert pickle.loads(pickle.dumps(plate)) == plate
