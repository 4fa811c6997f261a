"""Shared helpers for the test suite, the session's JupyterLab, and how the tests share two workers.

pyproject runs the suite with ``-n 2 --dist loadgroup``: a test goes to whichever worker is free, but
the tests of one group stay on one worker, in file order. :func:`pytest_collection_modifyitems` puts
every test in its module's group (as ``--dist loadfile`` would: a module's fixtures are set up once)
except in the modules of ``SPLIT`` (sweeps of independent tests, each its own unit, so both workers
share them), and the modules that use the session's JupyterLab (``lab_servers``) in one group, which
starts it once. Under xdist it also hands out the slow groups first (``FIRST``: the browser tests,
which mostly wait on a browser or a kernel, start beside the CPU-bound ones) and the small units last,
so the two workers end together."""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


# ------------------------------------------------------------------ the session's JupyterLab
SHARED_LAB = "jupyterlab"
"""The xdist group of the modules that use ``lab_servers`` (found by the fixture name, not listed)."""


@pytest.fixture(scope="session")
def lab_site(tmp_path_factory) -> Path:
    from .servers import course_site

    return course_site(tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="session")
def lab_token() -> str:
    return secrets.token_hex(16)


@pytest.fixture(scope="session")
def lab_servers(lab_site, lab_token, tmp_path_factory) -> Iterator[dict[str, Any]]:
    """README's Quick start JupyterLab (``liuren course``), its Voilà classroom page and its handout,
    started once per session (tests/servers.py ``course_servers``) and stopped by id at its end."""
    from .servers import course_servers

    with course_servers(lab_site, lab_token, tmp_path_factory) as servers:
        yield servers


# ------------------------------------------------------------------ two workers
SPLIT = {"test_reading", "test_check", "test_check_cells", "test_steps", "test_notebooks", "test_sweep"}
"""Modules whose tests are independent CPU-bound sweeps: each test is its own unit of work."""
FIRST = ("test_lite", SHARED_LAB)
"""Handed out first, in this order: the longest groups (the JupyterLite site, the session's JupyterLab)."""


def _uses_shared_lab(item: pytest.Item) -> bool:
    return "lab_servers" in getattr(item, "fixturenames", ())


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the marks
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    shared = {Path(item.nodeid.split("::", 1)[0]).stem for item in items if _uses_shared_lab(item)}
    groups: dict[str, str | None] = {}
    for item in items:
        module = item.nodeid.split("::", 1)[0]
        stem = Path(module).stem
        group = SHARED_LAB if stem in shared else None if stem in SPLIT else module
        groups[item.nodeid] = group
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
    if not hasattr(config, "workerinput"):
        return  # one process (-n 0): file order, as written

    def rank(item: pytest.Item) -> int:
        group = groups[item.nodeid]
        name = group if group == SHARED_LAB else Path(item.nodeid.split("::", 1)[0]).stem
        if name in FIRST:
            return FIRST.index(name)
        if item.get_closest_marker("browser"):
            return len(FIRST)
        return len(FIRST) + (2 if group is None else 1)

    items.sort(key=rank)  # stable: file order within a rank
