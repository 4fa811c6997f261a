"""Shared helpers for the test suite."""

from __future__ import annotations

from pathlib import Path

import pytest

from liuren.cycle import BRANCH_CHARS, JIGONG, STEM_CHARS

DATA = Path(__file__).parent / "data"
REFERENCE = DATA / "reference"


def general_for(day: str, gan_shang: str, hour: str = "子") -> str:
    """The month general that puts ``gan_shang`` over the day stem's 寄宮 when cast at ``hour``
    (720 tables index a 課 by its day and 干上神)."""
    d = (BRANCH_CHARS.index(gan_shang) - JIGONG[STEM_CHARS.index(day[0])]) % 12
    return BRANCH_CHARS[(BRANCH_CHARS.index(hour) + d) % 12]


@pytest.fixture(scope="session")
def data_dir() -> Path:
    return DATA
