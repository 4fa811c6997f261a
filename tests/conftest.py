"""Shared helpers for the test suite."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st

import liuren
from liuren import LiurenError, School
from liuren.cycle import BRANCH_CHARS, JIGONG, STEM_CHARS

# The practice store of the whole session (and of the kernels nbval starts, which inherit it) is a
# throwaway file: no test and no notebook writes into the learner's own store.
os.environ["LIUREN_STORE"] = os.path.join(tempfile.mkdtemp(prefix="liuren-test-"), "practice.sqlite3")

# No test asserts a duration: hypothesis's per-example deadline (200 ms by default) is one, and on a
# loaded 2-core CI machine a first example that builds a school's tables can exceed it. Off for all.
settings.register_profile("liuren", deadline=None)
settings.load_profile("liuren")

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


LONG = "子" * 1_000_000


BOUND = 500
"""No error message may be longer, whatever the input."""


anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(max_size=40),
    st.binary(max_size=8),
    st.sampled_from(
        ["丙申", "午", "亥", "午時", "亥將", "登明", "day", "night", "晝", "tanyuan", "探原", "custom", "寅月"]
    ),
    st.lists(st.text(max_size=3), max_size=3),
    st.tuples(st.integers(), st.integers()),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.builds(object),
    st.just(LONG),
    st.sampled_from(liuren.BRANCHES),
    st.sampled_from(liuren.PILLARS),
    st.just(School()),
)


def only_liuren_errors(call, *args, **kwargs):
    try:
        call(*args, **kwargs)
    except LiurenError as error:
        assert len(str(error)) < BOUND
