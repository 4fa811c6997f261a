"""The plate (liuren/plate.py): a frozen mapping earth square → heaven branch."""

from __future__ import annotations

import pytest

import liuren
from liuren import (
    ParseError,
)


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
