"""Shared helpers for the test suite, the session's JupyterLab and the browser modules' chromium, and
how the tests share the workers.

pyproject runs the suite on three workers (``-n 3``, on two cores: the browser modules mostly wait) with
the scheduler made here (:func:`pytest_xdist_make_scheduler`): a unit of work goes to whichever worker
is free, and a unit is a module (its tests stay on one worker, in file order, as under ``--dist
loadfile``: a module's fixtures are set up once) except in the modules of ``SPLIT`` (sweeps of
independent tests), where each test is its own unit, so the workers share them. The slow browser
modules are handed out first (``FIRST``, then ``LONG_MODULES``, longest first), but at most
``BROWSER_LANES`` at once: the other worker runs the CPU-bound units in their waits on a browser or a
kernel. The small units go last, so the workers end together. The servers the browser modules share
(``lab_servers``, ``classroom``) start at most once per worker."""

from __future__ import annotations

import ast
import functools
import os
import secrets
import tempfile
from collections.abc import Iterable, Iterator
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
@pytest.fixture(scope="session")
def lab_site(tmp_path_factory) -> Path:
    from .servers import course_site

    return course_site(tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="session")
def lab_token() -> str:
    return secrets.token_hex(16)


@pytest.fixture(scope="session")
def lab_servers(lab_site, lab_token, tmp_path_factory) -> Iterator[dict[str, Any]]:
    """README's Quick start JupyterLab (``liuren course``), started at most once per worker (the first
    test that asks for it) for every module that drives the course in JupyterLab, stopped by id at the
    session's end. A test that runs the course's notebooks shuts their kernels down; a test that saves
    a notebook saves a copy of its own (the others read the course as ``liuren course`` copied it)."""
    from .servers import course_lab

    with course_lab(lab_site, lab_token, tmp_path_factory) as servers:
        yield servers


@pytest.fixture(scope="session")
def classroom(lab_site, lab_token, tmp_path_factory) -> Iterator[dict[str, Any]]:
    """README's "Teaching with it": Voilà on the classroom page and the handout, side by side."""
    from .servers import classroom_servers

    with classroom_servers(lab_site, lab_token, tmp_path_factory) as servers:
        yield servers


# ------------------------------------------------------------------ the browser modules' chromium
@pytest.fixture(scope="module")
def shots() -> Path | None:
    """The folder for screenshots ($LIUREN_SCREENSHOTS), or None: take none."""
    folder = os.environ.get("LIUREN_SCREENSHOTS")
    if not folder:
        return None
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    print(f"\nscreenshots: {path}")
    return path


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """One chromium context (1280×1000, its own profile) for a module's JupyterLab pages, every promise
    its pages await bounded (tests/labpage.py's ``WITHIN_JS``)."""
    from playwright.sync_api import sync_playwright

    from .chromium import launch
    from .labpage import TIMEOUT, WITHIN_JS

    with sync_playwright() as p:
        context = launch(p, tmp_path_factory.mktemp("profile"), viewport={"width": 1280, "height": 1000})
        context.set_default_timeout(TIMEOUT)
        context.add_init_script(WITHIN_JS)
        yield context
        context.close()


# ------------------------------------------------------------------ two workers
SPLIT = {"test_reading", "test_check", "test_check_cells", "test_steps", "test_notebooks"}
"""Modules whose tests are independent CPU-bound sweeps: each test is its own unit of work. (A module
whose tests share an expensive module-scoped fixture, such as test_sweep's 8,640 charts per school,
stays whole: split, each worker would build it.)"""
FIRST = ("test_jupyterlab", "test_lite")
"""Handed out first, in this order, one to each worker: the longest modules (every notebook run in
JupyterLab, then its pages checked; the JupyterLite site built and every notebook run in it)."""
LONG_MODULES = ("test_hub", "test_voila_culling", "test_voila_load", "test_practice_browser")
"""Then these, longest first (each starts servers of its own and waits on them: 1–4 minutes), before
the other browser modules, so that no long one starts last and leaves one worker running alone."""
LONG_CPU = (
    "test_course",
    "test_drawing",
    "test_coverage",
    "test_store",
    "test_course_exercises",
    "test_sweep",
    "test_fuzz_edge",
    "test_practice_install",
    "test_practice_days",
    "test_practice",
    "test_patterns",
    "test_reading_snapshot",
)
"""The longest CPU-bound modules (1–4 minutes each on a loaded 2-core machine), longest first: the first
CPU-bound units, which the worker beside the browser modules takes from the start. Then the other
whole modules, the notebooks (5–15 s each), and the small split sweeps last."""


SOLO = {"tests/test_hub.py::test_real_unix_users_each_run_their_own_server"}
"""Tests that are a unit of their own in a module that otherwise stays whole: they use none of its
module's fixtures (the Unix-users hub starts a hub of its own), so another worker runs them beside it."""


def unit_of(nodeid: str) -> str:
    """The unit of work a test belongs to: its module, or in a module of ``SPLIT``, or in ``SOLO``, the
    test itself.

    >>> unit_of("tests/test_values.py::test_a[x]"), unit_of("tests/test_check.py::test_b[1]")
    ('tests/test_values.py', 'tests/test_check.py::test_b[1]')
    >>> unit_of("tests/test_hub.py::test_real_unix_users_each_run_their_own_server") in SOLO
    True
    """
    module = nodeid.split("::", 1)[0]
    return nodeid if Path(module).stem in SPLIT or nodeid in SOLO else module


def rank_of(nodeid: str, browser: bool) -> int:
    """When a test's unit is handed out: the modules of ``FIRST``, then of ``LONG_MODULES``, in their
    order, then the other browser modules, then those of ``LONG_CPU`` in their order, the other whole
    modules, the notebooks and the other split tests (small units last, so the workers end together).

    >>> [rank_of(n, b) for n, b in [("tests/test_lite.py::t", True), ("tests/test_hub.py::t", True),
    ...      ("tests/test_voila_load.py::t", True), ("tests/test_stepper_browser.py::t", True),
    ...      ("tests/test_course.py::t", False), ("tests/test_cycle.py::t", False),
    ...      ("tests/test_notebooks.py::t", False), ("tests/test_steps.py::t", False)]]
    [1, 2, 4, 6, 7, 19, 20, 21]
    """
    stem = Path(nodeid.split("::", 1)[0]).stem
    ordered = FIRST + LONG_MODULES
    if stem in ordered:
        return ordered.index(stem)
    if browser:
        return len(ordered)
    cpu = len(ordered) + 1
    if stem in LONG_CPU:
        return cpu + LONG_CPU.index(stem)
    if stem not in SPLIT:
        return cpu + len(LONG_CPU)
    return cpu + len(LONG_CPU) + (1 if stem == "test_notebooks" else 2)


BROWSER_LANES = 2
"""At most this many browser units run at once, whatever the number of workers: each drives chromium,
servers and kernels, so more side by side only crowd two cores and stretch every wait. A worker that
would start a third takes the first CPU-bound unit instead, so with ``-n 3`` one worker runs the sweeps
beside the browser modules' waits from the start."""


def marked_browser(module: str | Path) -> bool:
    """Whether the test module at ``module`` (a path as in a node id, or any path) sets ``pytestmark``
    to ``pytest.mark.browser`` or to a list holding it (read from its source: the scheduler runs in the
    controller, which sees node ids only; tests/test_project.py checks every browser module is marked)."""
    path = Path(__file__).parent.parent / module
    if path.suffix != ".py" or not path.is_file():
        return False
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            marks = node.value.elts if isinstance(node.value, ast.List | ast.Tuple) else [node.value]
            return any(ast.unparse(m) == "pytest.mark.browser" for m in marks)
    return False


def next_unit(queue: Iterable[str], running: int, lanes: int = BROWSER_LANES) -> str:
    """The unit a free worker takes from ``queue`` (units in hand-out order) while ``running`` browser
    units are under way: the first, unless it is a browser unit and the lanes are full, then the first
    CPU-bound one (the first of all where none is left).

    >>> queue = ["tests/test_lite.py", "tests/test_hub.py", "tests/test_cycle.py"]
    >>> next_unit(queue, 1), next_unit(queue, 2), next_unit(queue[:2], 2)
    ('tests/test_lite.py', 'tests/test_cycle.py', 'tests/test_lite.py')
    """
    first = None
    for unit in queue:
        first = first or unit
        if running < lanes or not browser_unit(unit):
            return unit
    assert first is not None, "no unit left to hand out"
    return first


def browser_unit(unit: str) -> bool:
    """Whether a unit of work (:func:`unit_of`) is in a browser module."""
    return _browser_module(unit.split("::", 1)[0])


@functools.cache
def _browser_module(module: str) -> bool:  # each module read once
    return marked_browser(module)


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """xdist's load-by-scope scheduler with :func:`unit_of` as the scope: a unit goes to whichever worker
    is free; the units are handed out in collection order, which the workers sort by :func:`rank_of`,
    but never more than ``BROWSER_LANES`` browser units at once (:func:`next_unit`). (xdist's own
    ``loadgroup`` renames the node ids, which pytest 9.2 no longer lets it do.)"""
    from xdist.scheduler import LoadScopeScheduling

    class Units(LoadScopeScheduling):
        def __init__(self, config: pytest.Config, log: Any = None) -> None:
            super().__init__(config, log)
            self.browser_units: list[dict[str, bool]] = []
            """The tests of each browser unit handed out, each True once done (xdist's own dicts)."""

        def _split_scope(self, nodeid: str) -> str:
            return unit_of(nodeid)

        def _assign_work_unit(self, node: Any) -> None:
            running = sum(1 for tests in self.browser_units if not all(tests.values()))
            unit = next_unit(iter(self.workqueue), running)
            if browser_unit(unit):
                self.browser_units.append(self.workqueue[unit])
            self.workqueue.move_to_end(unit, last=False)
            super()._assign_work_unit(node)

    return Units(config, log)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if hasattr(config, "workerinput"):  # under xdist; in one process (-n 0) the tests run in file order
        rank = {id(item): rank_of(item.nodeid, item.get_closest_marker("browser") is not None) for item in items}
        items.sort(key=lambda item: rank[id(item)])  # stable: file order within a rank
