"""The course's two editions as the tests read them: the Korean one in notebooks/, its English twin in
notebooks/en/ (tools/make_notebooks.py builds both; its ``EDITIONS`` are the same folders).

A test about the course (conventions, hidden solutions, leaks, links, coverage) is parametrized with
``@EACH`` and reads the edition's notebooks through this module; a test about Korean prose
specifically (the Korean readings, the 720-課 claim's wording) reads :data:`KO` alone. The words an
edition's prose uses for the course's fixed parts (an exercise's statement, a solution's summary, the
"next" line) are written here once.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
NUMBERED = re.compile(r"\d\d[a-z]?-")
BESIDE = ("glossary", "practice")
"""The sourced notebooks beside the course (not numbered)."""


@dataclass(frozen=True)
class Edition:
    code: str
    folder: Path
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


KO = Edition(
    "ko",
    NOTEBOOKS,
    re.compile(r"^\*\*연습 (\d+)\.\*\*", re.M),
    re.compile(r"<details><summary>풀이 (\d+) 보기</summary>"),
    "풀이",
    "**다음:**",
    ("원전", "예제"),
)
EN = Edition(
    "en",
    NOTEBOOKS / "en",
    re.compile(r"^\*\*Exercise (\d+)\.\*\*", re.M),
    re.compile(r"<details><summary>Show solution (\d+)</summary>"),
    "Solution",
    "**Next:**",
    ("Source", "source", "example"),
)
EDITIONS = (KO, EN)
EACH = pytest.mark.parametrize("edition", EDITIONS, ids=str)
"""Parametrize a test by edition (its argument ``edition``)."""
