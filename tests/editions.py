"""The course's two editions as the tests read them: tools/make_notebooks.py's ``EDITIONS`` (the Korean
one in notebooks/, its English twin in notebooks/en/: the codes and folders are the build's, read from
it), with the words the tests look for in each edition's prose.

A test about the course (conventions, hidden solutions, leaks, links, coverage) is parametrized with
``@EACH`` and reads the edition's notebooks through this module; a test about Korean prose
specifically (the Korean readings, the 720-課 claim's wording) reads :data:`KO` alone. The words an
edition's prose uses for the course's fixed parts (an exercise's statement, a solution's summary, the
"next" line) are written here once, per edition code; an edition the build adds without them fails here.
"""

from __future__ import annotations

import functools
import importlib.util
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NUMBERED = re.compile(r"\d\d[a-z]?-")


def _tool() -> ModuleType:
    """tools/make_notebooks.py, loaded once for every test module (``make_notebooks`` in sys.modules)."""
    if "make_notebooks" in sys.modules:
        return sys.modules["make_notebooks"]
    spec = importlib.util.spec_from_file_location("make_notebooks", ROOT / "tools" / "make_notebooks.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_notebooks"] = module
    spec.loader.exec_module(module)
    return module


TOOL = _tool()
BESIDE = TOOL.BESIDE
"""The sourced notebooks beside the course (not numbered)."""


@dataclass(frozen=True)
class Edition:
    code: str
    """The build's edition code (``ko``, ``en``)."""
    folder: Path
    """The build's folder of the edition (``make_notebooks.EDITIONS[code].out``)."""
    statement: re.Pattern[str]
    """An exercise's statement, at the start of a markdown cell: ``**연습 3.**``, ``**Exercise 3.**``."""
    summary: re.Pattern[str]
    """A markdown solution's first line: ``<details><summary>풀이 3 보기</summary>``."""
    solution_word: str
    """The word a visible solution would start with (``풀이``, ``Solution``)."""
    next_line: str
    """How a notebook's summary says what comes next."""
    cites: tuple[str, ...]
    """Words of which the title cell names one (it cites its source or its examples)."""

    @property
    def sources(self) -> Path:
        return self.folder / "src"

    @property
    def where(self) -> str:
        return self.folder.relative_to(ROOT).as_posix() + "/"

    def books(self) -> dict[str, nbformat.NotebookNode]:
        """Every saved notebook of the edition, by stem."""
        return _books(self.folder)

    def course(self) -> dict[str, nbformat.NotebookNode]:
        """The numbered notebooks (00, 00b, … 09), by stem."""
        return {stem: nb for stem, nb in self.books().items() if NUMBERED.match(stem)}

    def sourced(self) -> tuple[str, ...]:
        """The stems of the notebooks with a markdown source: the course, the glossary, the practice page."""
        return (*self.course(), *BESIDE)

    def numbered_sources(self) -> list[Path]:
        return sorted(self.sources.glob("[0-9][0-9]*-*.md"))

    def __str__(self) -> str:  # the test id
        return self.code


@functools.cache
def _books(folder: Path) -> dict[str, nbformat.NotebookNode]:
    return {path.stem: nbformat.read(path, as_version=4) for path in sorted(folder.glob("*.ipynb"))}


WORDS = {
    "ko": Edition(
        "ko",
        TOOL.EDITIONS["ko"].out,
        re.compile(r"^\*\*연습 (\d+)\.\*\*", re.M),
        re.compile(r"<details><summary>풀이 (\d+) 보기</summary>"),
        "풀이",
        "**다음:**",
        ("원전", "예제"),
    ),
    "en": Edition(
        "en",
        TOOL.EDITIONS["en"].out,
        re.compile(r"^\*\*Exercise (\d+)\.\*\*", re.M),
        re.compile(r"<details><summary>Show solution (\d+)</summary>"),
        "Solution",
        "**Next:**",
        ("Source", "source", "example"),
    ),
}
"""The words each edition's prose uses, by the build's edition code."""
assert set(WORDS) == set(TOOL.EDITIONS), f"tests/editions.py has no words for {set(TOOL.EDITIONS) - set(WORDS)}"
EDITIONS = tuple(WORDS[code] for code in TOOL.EDITIONS)
KO, EN = WORDS["ko"], WORDS["en"]
EACH = pytest.mark.parametrize("edition", EDITIONS, ids=str)
"""Parametrize a test by edition (its argument ``edition``)."""
