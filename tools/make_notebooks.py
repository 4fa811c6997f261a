"""Build the course notebooks in notebooks/ from their jupytext sources, execute them, save both.

    python tools/make_notebooks.py            # normalise every source, execute, write .ipynb and .md
    python tools/make_notebooks.py 01 03      # only these (the contents notebook is always rebuilt)
    python tools/make_notebooks.py --edition en 05 06   # only these, of the English edition only
    python tools/make_notebooks.py --no-execute
    python tools/make_notebooks.py --keep-outputs       # prose or navigation changed: no run, outputs kept
    python tools/make_notebooks.py --check    # exit 1 if a saved notebook or source is out of step

The course has two editions (``EDITIONS``): the Korean ``ko``, ``notebooks/src/*.md`` →
``notebooks/*.ipynb``, and its English twin ``en``, ``notebooks/en/src/*.md`` → ``notebooks/en/*.ipynb``,
with the same file names and anchors (the parent notebooks/jupytext.toml pairs both). Without
``--edition`` the build and ``--check`` cover both. What the build writes into a notebook (the
navigation, "this notebook's contents", the practice pointer with the levels' titles, the solution
header, the whole contents notebook) is in the edition's language (``WORDS``). The two editions' code is
one code: each English notebook's cells pair up one to one with its Korean twin's (same count, kinds and
tags, the same anchors in each markdown cell), and each code cell has the same Python tokens except its
comments, the language code ``"ko"`` given as ``"en"`` (``lang="ko"``, ``labels="ko"``, ``p.text("ko")``,
``s.gloss_ko`` → ``s.gloss_en``), a ``lang="en"`` added to a call whose Korean twin relies on the Korean default (``card("noble")`` →
``card("noble", lang="en")``), and string literals that hold Hangul in the Korean cell (the English
literal holds none); a solution is compared by its revealed code
(:func:`parity_problems`). The build refuses to write an English notebook that differs, and ``--check``
reports it, naming the notebook, the cell and the first differing token. An English twin not written
yet is no error in a build (the edition is translated notebook by notebook), but ``--check`` reports
every missing twin (:func:`missing_twins`). A source that breaks the conventions is reported and left
out, and the others are still built: one translator's unfinished notebook does not stop another's build.
A notebook's navigation names its neighbours, so a twin added later changes the generated cells of the
notebooks beside it: ``--keep-outputs`` rewrites those (and any prose) without running anything, keeping
each saved notebook's outputs, and refuses a notebook whose code cells changed since its run.

``--check`` also runs every notebook afresh (``--no-rerun`` skips that), once, with its solutions
revealed (below), and compares what it prints with what is saved, so a saved output the library no
longer gives (a changed sentence, a renamed label) is caught, not only a changed source, and so is a
solution the library no longer answers. Images are compared by presence (their bytes depend on the
machine's matplotlib and freetype), and the kernel's language_info is taken as saved. The test suite
runs the same check one notebook per test (tests/test_notebooks.py, ``check_notebook``), so that its
two workers share the executions; .ci/run therefore runs ``--check --no-rerun`` only.

Each notebook ``notebooks/NN-topic.ipynb`` is paired by jupytext (``notebooks/jupytext.toml``, inside
the folder README's Quick start serves as JupyterLab's root, where jupytext's contents manager finds it)
with its MyST markdown source ``notebooks/src/NN-topic.md``: a teacher edits either one, in JupyterLab or
in a text editor, and jupytext keeps the other in step. The contents notebook and the classroom page have
no source and say so in their metadata (``jupytext.formats`` is ``"ipynb"``), so saving them in JupyterLab
writes no markdown. This script is what makes the saved files the course's: it

- regenerates the cells tagged ``generated`` (the top cell with the navigation and the contents built
  from the ``##`` headings, the bottom navigation, which in a course notebook ends with a line pointing
  to the practice page's levels that notebook opens, computed from liuren.practice.levels) and the
  contents notebook ``notebooks/contents.ipynb`` (whose top cell links the other edition's contents)
  (wholly generated from the titles and headings, so it has no source in notebooks/src);
- checks the conventions (README of notebooks/src; both editions): every ``##`` heading carries an ASCII anchor ``<a id="nNN-name"></a>``
  (JupyterLab's own heading ids are the raw text, which a percent-encoded link never matches); code
  cells have at most six lines; a cell tagged ``solution`` is a collapsed code cell or a markdown
  ``<details>`` block;
- sets the collapsed state of solution code cells (``jupyter.source_hidden``/``outputs_hidden``);
- keeps every solution code cell inert (below), executes the notebook once with the solutions revealed
  to test them, and refuses to save it if a solution raised, printed nothing, or is a ``check(...)``
  whose result is not ok, or if a cell outside the solutions prints differently with them run (it
  would depend on a solution's variables, which a learner's Run All does not define);
- executes the notebook with nbclient in the current environment, refuses to save it if a cell raised
  (unless tagged ``raises-exception``), and saves it deterministically: fixed cell ids, no timings,
  widget model ids renumbered in a fixed order, so a rerun gives byte-identical files.

Solutions stay hidden. An exercise's solution is a markdown ``<details>`` block (collapsed whatever
is run) and a collapsed code cell, both tagged ``solution``. The code cell is inert: its first line is
the comment ``SOLUTION_HEADER`` (what JupyterLab shows of a collapsed cell: it says how to open the
solution and gives nothing away) and every line below it is commented out (``# `` before each line).
Why commented out rather than guarded by a flag or wrapped in a ``reveal(...)`` call:

- Run All (which the contents notebook recommends) runs a comment and prints nothing, so no answer
  appears. JupyterLab unhides the output area of every cell it runs (``outputs_hidden`` is gone from
  what autosave writes), so only a solution that prints nothing stays hidden after a save; its
  ``source_hidden`` stays, and jupytext keeps the cell's ``jupyter`` metadata in the markdown source
  (``cell_metadata_filter`` in notebooks/jupytext.toml). This build sets both flags again.
- No state and no API: a flag cell would have to be run before, and a guarded cell displays nothing
  of its last expression (``if``-blocks do not echo), so every solution would need a ``display``; a
  ``reveal`` helper would be library code for a notebook convention. The commented cell is the
  solution exactly as the learner will run it.
- A learner opens the cell, selects it all (Ctrl+A) and toggles the comments (Ctrl+/): JupyterLab
  strips one ``#`` and a space from each line, so the code lines run and the header (``## ``) stays a
  comment. ``reveal_source`` does the same for the build's test run.

An exported handout leaves the solutions out or keeps them with nbconvert's TagRemovePreprocessor on
the ``solution`` tag (tools/handout_config.py).

The cells carry nbval's tags (``nbval-check-output``: an output the course promises;
``nbval-ignore-output``, ``nbval-skip``, ``raises-exception``) for a run of one notebook under nbval
(``pytest -n 0 --nbval-lax notebooks/04-biezhe.ipynb``); the check above compares every cell's
outputs, tagged or not, and lets only a cell tagged ``raises-exception`` raise.
"""

from __future__ import annotations

import argparse
import ast
import csv
import functools
import hashlib
import io
import json
import os
import re
import sys
import tempfile
import tokenize
from collections.abc import Mapping
from copy import deepcopy
from dataclasses import dataclass
from pathlib import Path

import jupytext
import nbformat
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "seed_examples.csv"
NOTES = ROOT / "tests" / "data" / "chapter_notes_ko.csv"
NOTES_EN = ROOT / "tests" / "data" / "chapter_notes_en.csv"
NOTES_ZH = ROOT / "tests" / "data" / "chapter_notes_zh.csv"
EXAMPLES = ROOT / "liuren" / "data" / "chapter_examples.csv"
CHAPTER_OF_SEED = {"004": "九宗門", "000": "遙克·昴星·八專", "002": "勵德·贅婿·無淫", "003": "天獄·殃咎"}
"""Which chapter of liuren.show.examples.CHAPTERS each golden row's source file is (by its number)."""
OUT = ROOT / "notebooks"
SOURCES = OUT / "src"
FORMAT = "md:myst"
CONTENTS = "contents"
GLOSSARY = "glossary"
"""The glossary beside the course: a sourced notebook without a number, linked from the contents only."""
PRACTICE = "practice"
"""The practice page beside the course, built like the glossary (no number, linked from the contents)."""
BESIDE = (GLOSSARY, PRACTICE)
"""The sourced notebooks beside the course, in the order the contents lists them."""
STORE_ENV = "LIUREN_STORE"
"""The practice store's path variable: the build's kernel gets a throwaway store, never the learner's."""
MAX_CODE_LINES = 6

GENERATED = "generated"
SOLUTION = "solution"
KNOWN_TAGS = {
    GENERATED,
    SOLUTION,
    "exercise",
    "nbval-check-output",
    "nbval-ignore-output",
    "nbval-skip",
    "raises-exception",
    "nbval-raises-exception",
}
HIDDEN = {"source_hidden": True, "outputs_hidden": True}


@dataclass(frozen=True)
class Edition:
    """One language's course: its sources ``<out>/src/*.md`` build ``<out>/*.ipynb``, and everything the
    build writes into them (navigation, contents, practice pointer, solution header) is in ``words``."""

    code: str
    out: Path
    words: Mapping[str, str]

    @property
    def sources(self) -> Path:
        return self.out / "src"

    @property
    def where(self) -> str:
        """The edition's folder as messages name it: ``notebooks/`` or ``notebooks/en/``."""
        return self.out.relative_to(ROOT).as_posix() + "/"

    @property
    def classroom(self) -> Path:
        return self.out / "classroom.ipynb"

    @property
    def solution_header(self) -> str:
        return self.words["solution-header"]


WORDS: dict[str, dict[str, str]] = {
    "ko": {
        "solution-header": "## 풀이: 펼친 칸에서 Ctrl+A, Ctrl+/ 로 주석을 풀고 실행한다",
        "contents": "차례",
        "course-contents": "과정 차례",
        "this-notebook": "이 노트북의 차례",
        "level": "{number}단계 「{title}」",
        "pointer": "연습: 이 노트북에서 배운 것을 손에 익히는 [연습]({practice}) 단계 — {levels}.",
        "title": "대육임(大六壬) 과정 차례",
        "how": "노트북을 차례대로 열어 위에서부터 실행하면서 읽는다 (메뉴 Run → Run All Cells). "
        "각 노트북 첫머리와 끝에 앞뒤 노트북으로 가는 링크가 있다. "
        "아래 절 링크는 아직 열지 않은 노트북을 맨 위에서 열고, 한 번 더 누르면 그 절로 간다.",
        "classroom": "교사용: [수업 화면](classroom.ipynb) — 탐색기·스테퍼·연습 위젯만 있는 페이지 "
        "(Voilà로 열면 코드 없이 보인다).",
        "glossary": "곁에 둘 것: [용어집과 참고표]({glossary}) — 과정의 용어, 읽기, 손으로 세울 때 보는 표.",
        "practice": "매일 연습: [연습]({practice}) — 단계별 문제, 틀린 단계는 복습으로 다시 나온다.",
        "other-edition": "English edition → [the English contents](en/contents.ipynb) (in a course folder of your own: "
        "`liuren course --lang en`)",
    },
    "en": {
        "solution-header": "## Solution: in the opened cell press Ctrl+A, then Ctrl+/ to uncomment it, and run",
        "contents": "Contents",
        "course-contents": "Course contents",
        "this-notebook": "This notebook's contents",
        "level": "level {number} “{title}”",
        "pointer": "Practice: the levels of the [practice page]({practice}) that drill what this notebook "
        "taught — {levels}.",
        "title": "Da Liu Ren (大六壬 dà liù rén): course contents",
        "how": "Open the notebooks in order and read each one from the top, running it as you go (menu Run → "
        "Run All Cells). Each notebook links to the one before it and the one after it, at its top and its bottom. "
        "A section link below opens a notebook not yet open at its top; click it again to go to the section.",
        "classroom": "For teachers: [the classroom page](classroom.ipynb) — the explorer, the stepper and the "
        "practice widgets alone (opened with Voilà, it shows no code).",
        "glossary": "Keep beside you: [glossary and reference tables]({glossary}) — the course's terms, their "
        "readings, and the tables to look at when you cast a chart by hand.",
        "practice": "Daily practice: [practice]({practice}) — questions level by level; a level you miss comes "
        "back for review.",
        "other-edition": "Korean edition → [the Korean contents](../contents.ipynb) (in a course folder of your own: "
        "`liuren course`)",
    },
}
"""Everything the build writes into a notebook, per edition (the English is the Korean translated)."""
EDITIONS = {
    "ko": Edition("ko", OUT, WORDS["ko"]),
    "en": Edition("en", OUT / "en", WORDS["en"]),
}
"""The editions: the Korean course in notebooks/, its English twin in notebooks/en/ (same file names,
same anchors, the same code: :func:`parity_problems`)."""
KO = EDITIONS["ko"]
EN = EDITIONS["en"]
SOLUTION_HEADER = KO.solution_header
"""The first line of every solution code cell (``Edition.solution_header`` in the English edition):
JupyterLab shows it on the collapsed cell. Two ``#`` so that toggling the comments of the whole cell
(Ctrl+A, Ctrl+/) leaves it a comment."""
CHECK_OK = "CheckResult(ok=True"
CHECK_NAMES = {"check"}
"""A solution whose last statement is a call of ``check`` (``check(...)``, ``liuren.check(...)``, even
split over several lines): its result must be ok."""
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
JUPYTEXT_META = {
    "default_lexer": "ipython3",
    "notebook_metadata_filter": "-all",
    "cell_metadata_filter": "tags,jupyter,-all",
}
"""As notebooks/jupytext.toml says: notebook metadata stays out of the markdown (no version numbers that differ
between machines), of the cell metadata only the tags and the collapsed state travel. The lexer makes
the code fences read ``{code-cell} ipython3``, which is how jupytext, reading the markdown back,
knows the filter, and so keeps the kernelspec of the .ipynb when JupyterLab opens the pair."""
UNPAIRED = {"formats": "ipynb"}
"""The jupytext metadata of a notebook without a source (the contents, the classroom page): it overrides
the pairing of notebooks/jupytext.toml, so saving the notebook in JupyterLab writes no src/*.md."""

ANSI = re.compile(r"\x1b\[[0-9;]*m")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$", re.M)
ANCHOR = re.compile(r'<a id="([^"]*)"></a>')
ANCHOR_NAME = re.compile(r"^n(\d\d[a-z]?|c|gl|pr)-[a-z0-9]+(?:-[a-z0-9]+)*$")


class SourceError(Exception):
    """A notebook source breaks one of the conventions (the message says which and where)."""


@dataclass(frozen=True)
class Section:
    title: str
    anchor: str


@dataclass
class Book:
    stem: str
    nb: nbformat.NotebookNode
    edition: Edition = KO
    read: str | None = None
    """The source's text as this build read it (None: a notebook with no source)."""

    @property
    def number(self) -> str:
        """The file prefix: "07" of 07-tianyu-…, "07b" of 07b-siqi-pohua (a notebook split off after 07);
        the first two letters of a page beside the course ("gl" of glossary, "pr" of practice)."""
        prefix = self.stem.split("-", 1)[0]
        return prefix if prefix[:2].isdigit() else self.stem[:2]

    @property
    def where(self) -> str:
        """The source as messages name it: ``04-biezhe.md``, ``en/04-biezhe.md``."""
        return ("" if self.edition is KO else f"{self.edition.code}/") + self.stem + ".md"

    @property
    def in_course(self) -> bool:
        return self.number[:2].isdigit()

    @property
    def filename(self) -> str:
        return self.stem + ".ipynb"

    @property
    def title(self) -> str:
        """The ``#`` heading of the first cell, without its anchor and leading number."""
        first = self.nb.cells[0].source if self.nb.cells else ""
        match = HEADING.search(first)
        if not match or match.group(1) != "#":
            raise SourceError(f"{self.where}: the first cell must open with a '# ' title")
        return re.sub(r"^\d+[a-z]?\.\s*", "", ANCHOR.sub("", match.group(2)).strip())

    def sections(self) -> list[Section]:
        found = []
        for cell in self.nb.cells:
            if cell.cell_type != "markdown" or GENERATED in tags(cell):
                continue
            for level, text in HEADING.findall(cell.source):
                if level != "##":
                    continue
                ids = ANCHOR.findall(text)
                title = ANCHOR.sub("", text).strip()
                if len(ids) != 1:
                    raise SourceError(
                        f'{self.where}: heading "## {title}" needs one anchor <a id="n{self.number}-…"></a>'
                    )
                found.append(Section(title, ids[0]))
        return found


def tags(cell: nbformat.NotebookNode) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def read_source(path: Path, edition: Edition = KO) -> Book:
    text = path.read_text(encoding="utf-8")
    return Book(path.stem, jupytext.reads(text, fmt=FORMAT), edition, text)


def changed_since_read(book: Book, path: Path) -> bool:
    """Whether the source at ``path`` is no longer what this build read: someone saved it meanwhile (in
    JupyterLab, an editor, another build). Writing the normalised source then would lose that edit."""
    return book.read is not None and path.exists() and path.read_text(encoding="utf-8") != book.read


def strip_generated(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [cell for cell in nb.cells if GENERATED not in tags(cell)]


def split_title(cells: list) -> list:
    """The title cell ends before the first ``##`` heading: in MyST a markdown cell runs on to the next
    ``+++`` or code cell, and the navigation must come right under the title, before the sections."""
    if not cells or cells[0].cell_type != "markdown":
        return cells
    match = re.search(r"^## ", cells[0].source, re.M)
    if not match or match.start() == 0:
        return cells
    head, rest = cells[0].source[: match.start()].rstrip(), cells[0].source[match.start() :]
    first = nbformat.v4.new_markdown_cell(head, metadata=dict(cells[0].metadata))
    return [first, nbformat.v4.new_markdown_cell(rest), *cells[1:]]


def link_title(book: Book) -> str:
    return f"{book.number}. {book.title}" if book.stem != CONTENTS else book.edition.words["contents"]


def navigation(index: int, books: list[Book]) -> str:
    """Links to the previous notebook, the contents notebook and the next one (the contents notebook,
    after the course in ``books``, links to the first; the glossary beside the course links to the contents)."""
    course = [book for book in books if book.in_course]
    home = f"[{books[index].edition.words['course-contents']}]({CONTENTS}.ipynb)"
    if books[index].stem in BESIDE:
        return home
    if books[index].stem == CONTENTS:
        return f"[{link_title(course[0])} →]({course[0].filename})" if course else ""
    parts = []
    if index > 0:
        prev = course[index - 1]
        parts.append(f"[← {link_title(prev)}]({prev.filename})")
    parts.append(home)
    if index + 1 < len(course):
        nxt = course[index + 1]
        parts.append(f"[{link_title(nxt)} →]({nxt.filename})")
    return " · ".join(parts)


def practice_pointer(stem: str, edition: Edition = KO) -> str:
    """The line that points from course notebook ``stem`` to the practice page and the levels whose
    notebook it is (:func:`liuren.practice.levels.levels_taught_in`), or "" when it opens none; the
    levels' titles in the edition's language."""
    from liuren.practice.levels import levels_taught_in
    from liuren.practice.plots import level_title

    levels = levels_taught_in(stem)
    if not levels:
        return ""
    words = edition.words
    named = ", ".join(
        words["level"].format(number=lv.number, title=level_title(lv.number, edition.code)) for lv in levels
    )
    return words["pointer"].format(practice=f"{PRACTICE}.ipynb", levels=named)


def contents_list(book: Book) -> str:
    lines = [f"**{book.edition.words['this-notebook']}**", ""]
    lines += [f"- [{s.title}](#{s.anchor})" for s in book.sections()]
    return "\n".join(lines)


def generated_cell(text: str) -> nbformat.NotebookNode:
    return nbformat.v4.new_markdown_cell(text, metadata={"tags": [GENERATED]})


def inert(source: str, edition: Edition = KO) -> bool:
    """Whether a solution cell's source is the edition's header and its code commented out, line by line."""
    lines = source.splitlines()
    return (
        len(lines) > 1
        and lines[0] == edition.solution_header
        and all(line == "#" or line.startswith("# ") for line in lines[1:])
    )


def reveal_source(source: str) -> str:
    """The code of an inert solution cell, as a learner gets it by toggling its comments (Ctrl+/)."""
    lines = source.splitlines()[1:]
    return "\n".join(line[2:] if line.startswith("# ") else line[1:] for line in lines)


def revealed(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A copy of ``nb`` with every solution code cell's code uncommented (for the test run)."""
    copy = deepcopy(nb)
    for cell in copy.cells:
        if cell.cell_type == "code" and SOLUTION in tags(cell):
            cell.source = reveal_source(cell.source)
    return copy


def _printed(cell: nbformat.NotebookNode) -> list[str]:
    """What a cell prints, as text: streams and the plain text of its results (widget ids masked)."""
    texts = []
    for out in cell.get("outputs", []):
        if out.output_type == "stream":
            texts.append(out.name + ":" + out.text)
        elif out.output_type in ("execute_result", "display_data"):
            texts.append(MODEL_ID.sub("<id>", out.get("data", {}).get("text/plain", "")))
        elif out.output_type == "error":
            texts.append(f"error:{out.get('ename')}: {out.get('evalue')}")
    return texts


def solution_problems(shown: nbformat.NotebookNode, hidden: nbformat.NotebookNode) -> list[str]:
    """What is wrong with the solutions, given the notebook executed with them revealed (``shown``) and
    as saved (``hidden``): a solution that raised, printed nothing or checked wrong; a solution cell
    that printed something when inert; a cell that prints differently when the solutions are run."""
    problems = []
    for n, (a, b) in enumerate(zip(shown.cells, hidden.cells, strict=True)):
        if a.cell_type != "code":
            continue
        if SOLUTION not in tags(a):
            if _printed(a) != _printed(b):
                problems.append(
                    f"cell {n}: prints differently when the solutions above it are run (it uses their variables)"
                )
            continue
        printed = _printed(a)
        if b.get("outputs"):
            problems.append(f"cell {n}: an inert solution printed something")
        if not printed:
            problems.append(f"cell {n}: the solution prints nothing")
        elif any(t.startswith("error:") for t in printed):
            problems.append(f"cell {n}: the solution raised {next(t for t in printed if t.startswith('error:'))[6:]}")
        elif _ends_in_check(a.source) and not printed[-1].startswith(CHECK_OK):
            problems.append(f"cell {n}: the solution's check is not ok: {printed[-1][:160]}")
    return problems


def _ends_in_check(source: str) -> bool:
    """Whether the (revealed) code's last statement is an expression calling ``check``."""
    try:
        body = ast.parse(source).body
    except SyntaxError:
        return False
    if not body or not isinstance(body[-1], ast.Expr) or not isinstance(body[-1].value, ast.Call):
        return False
    func = body[-1].value.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name in CHECK_NAMES


def validate(book: Book) -> None:
    """Raise SourceError where the source breaks the conventions of the module docstring."""
    anchors = []
    for n, cell in enumerate(book.nb.cells):
        where = f"{book.where}, cell {n + 1}"
        unknown = set(tags(cell)) - KNOWN_TAGS
        if unknown:
            raise SourceError(f"{where}: unknown tag(s) {sorted(unknown)} (known: {sorted(KNOWN_TAGS)})")
        if cell.cell_type == "code":
            lines = cell.source.splitlines()
            if len(lines) > MAX_CODE_LINES:
                raise SourceError(f"{where}: a code cell has {len(lines)} lines (at most {MAX_CODE_LINES})")
            if any(line.lstrip().startswith("# NBVAL") for line in lines):
                raise SourceError(f"{where}: nbval markers are cell tags, not comment lines")
            if SOLUTION in tags(cell) and not inert(cell.source, book.edition):
                raise SourceError(
                    f"{where}: a solution code cell starts with the line {book.edition.solution_header!r} and has every "
                    "line below it commented out ('# ' before each)"
                )
        elif SOLUTION in tags(cell):
            text = cell.source.strip()
            if not (text.startswith("<details>") and text.endswith("</details>")):
                raise SourceError(f"{where}: a markdown solution must be one <details><summary>…</summary> block")
        anchors += ANCHOR.findall(cell.source)
    for name in anchors:
        number = "c" if book.stem == CONTENTS else book.number
        if not ANCHOR_NAME.match(name) or not name.startswith(f"n{number}-"):
            raise SourceError(f'{book.where}: anchor id "{name}" must look like n{number}-lower-case-ascii')
    doubled = {a for a in anchors if anchors.count(a) > 1}
    if doubled:
        raise SourceError(f"{book.where}: anchor id(s) used twice: {sorted(doubled)}")
    book.sections()


def normalise(index: int, books: list[Book]) -> nbformat.NotebookNode:
    """The notebook as it is saved, before execution: generated cells, metadata, cell ids."""
    book = books[index]
    body = split_title(strip_generated(book.nb))
    book.nb.cells = body
    validate(book)
    nav = navigation(index, books)
    # the contents' top cell also offers the other edition (the language choice of the site's first page)
    top = (
        nav + "\n\n" + book.edition.words["other-edition"]
        if book.stem == CONTENTS
        else nav + "\n\n" + contents_list(book)
    )
    pointer = practice_pointer(book.stem, book.edition) if book.in_course else ""
    bottom = nav + "\n\n" + pointer if pointer else nav
    cells = [body[0], generated_cell(top), *body[1:], generated_cell(bottom)]
    nb = nbformat.v4.new_notebook()
    jupytext_meta = {**JUPYTEXT_META, **(UNPAIRED if book.stem == CONTENTS else {})}
    nb.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}, "jupytext": jupytext_meta}
    for n, cell in enumerate(cells):
        meta = {}
        if tags(cell):
            meta["tags"] = tags(cell)
        if cell.cell_type == "code" and SOLUTION in tags(cell):
            meta["jupyter"] = dict(HIDDEN)
        cell_id = f"{book.number if book.stem != CONTENTS else 'cc'}-{n:03d}"
        if cell.cell_type == "markdown":
            nb.cells.append(nbformat.v4.new_markdown_cell(cell.source, id=cell_id, metadata=meta))
        else:
            nb.cells.append(nbformat.v4.new_code_cell(cell.source, id=cell_id, metadata=meta))
    return nb


def contents_book(books: list[Book], edition: Edition = KO) -> Book:
    """The contents notebook of an edition: every notebook with its sections, linked by their ASCII anchors."""
    words = edition.words
    lines = [f'# {words["title"]} <a id="nc-top"></a>', "", words["how"]]
    if edition.classroom.exists():
        lines += ["", words["classroom"]]
    if (edition.sources / f"{GLOSSARY}.md").exists():
        lines += ["", words["glossary"].format(glossary=f"{GLOSSARY}.ipynb")]
    if (edition.sources / f"{PRACTICE}.md").exists():
        lines += ["", words["practice"].format(practice=f"{PRACTICE}.ipynb")]
    cells = [nbformat.v4.new_markdown_cell("\n".join(lines))]
    for book in books:
        items = [f"### [{book.number}. {book.title}]({book.filename})", ""]
        items += [f"- [{s.title}]({book.filename}#{s.anchor})" for s in book.sections()]
        cells.append(nbformat.v4.new_markdown_cell("\n".join(items)))
    return Book(CONTENTS, nbformat.v4.new_notebook(cells=cells), edition)


def execute(nb: nbformat.NotebookNode, where: Path = OUT) -> list[str]:
    """Run the notebook in place, in folder ``where``; return the errors (empty when every cell ran)."""
    saved = os.environ.get(STORE_ENV)
    with tempfile.TemporaryDirectory() as scratch:
        # The kernel talks over Unix sockets in the scratch folder, not TCP ports: a port chosen free can be
        # taken by another kernel starting at the same moment (the test workers run notebooks side by side),
        # and the kernel then dies before it answers. nbclient leaves a kernel it was handed running: asked to
        # clean up (cleanup_kc), it stops the client's channels and ends the kernel once the run is over, or
        # has failed (every output is in by then, so it need not wait for a polite shutdown).
        km = AsyncKernelManager(kernel_name="python3", transport="ipc", ip=str(Path(scratch) / "kernel"))
        client = NotebookClient(
            nb,
            km=km,
            timeout=300,
            record_timing=False,
            shutdown_kernel="immediate",
            resources={"metadata": {"path": str(where)}},
        )
        os.environ[STORE_ENV] = str(Path(scratch) / "practice.sqlite3")  # the kernel inherits it
        try:
            client.execute(cleanup_kc=True)
        except CellExecutionError as exc:
            return [ANSI.sub("", str(exc)).strip().splitlines()[-1]]
        finally:
            if saved is None:
                os.environ.pop(STORE_ENV, None)
            else:
                os.environ[STORE_ENV] = saved
    # The kernel's full language_info stays: JupyterLab writes the kernel's into the model when the
    # kernel starts, and marks the notebook modified unless it is already equal.
    problems = []
    for n, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        cell.outputs = coalesce_streams(cell.outputs)
        cell.metadata.pop("execution", None)
        for out in cell.outputs:
            if out.output_type == "error" and "raises-exception" not in tags(cell):
                problems.append(f"cell {n}: {out.get('ename')}: {out.get('evalue')}")
    return problems


def coalesce_streams(outputs: list) -> list:
    """Join consecutive stdout (or stderr) pieces: how the kernel splits a stream varies from run to run."""
    joined: list = []
    for out in outputs:
        last = joined[-1] if joined else None
        if out.output_type == "stream" and last is not None and last.output_type == "stream" and last.name == out.name:
            last.text += out.text
        else:
            joined.append(out)
    return joined


MODEL_ID = re.compile(r"(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def widget_order(nb: nbformat.NotebookNode) -> list[str]:
    """Widget model ids in a run-independent order: the displayed widgets cell by cell, then the
    models they reference, breadth first; unreferenced models last, by their content."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    queue = [
        out["data"][WIDGET_VIEW]["model_id"]
        for cell in nb.cells
        for out in cell.get("outputs", ())
        if WIDGET_VIEW in out.get("data", {})
    ]
    order: list[str] = []

    def visit(queue: list[str]) -> None:
        while queue:
            model = queue.pop(0)
            if model not in order:
                order.append(model)
                queue.extend(MODEL_ID.findall(json.dumps(state.get(model, {}), sort_keys=True)))

    visit(queue)
    for model in sorted(set(state) - set(order), key=lambda m: MODEL_ID.sub("", json.dumps(state[m], sort_keys=True))):
        visit([model])
    return order


def ipynb_text(nb: nbformat.NotebookNode, name: str) -> str:
    """The notebook as saved: widget model ids (random uuids) renumbered in a fixed order."""
    mapping = {
        model: hashlib.sha256(f"{name}:{n}".encode()).hexdigest()[:32] for n, model in enumerate(widget_order(nb))
    }
    text = MODEL_ID.sub(lambda m: mapping.get(m.group(0), m.group(0)), nbformat.writes(nb))
    return nbformat.writes(nbformat.reads(text, as_version=4)).rstrip("\n") + "\n"


def md_text(nb: nbformat.NotebookNode) -> str:
    return jupytext.writes(nb, fmt=FORMAT).rstrip("\n") + "\n"


def write_atomic(path: Path, text: str) -> None:
    """Write a generated file through liuren's own atomic writer (UTF-8, the text's own line ends)."""
    sys.path.insert(0, str(ROOT))
    from liuren.files import write_atomic as write

    write(path, text)


def inputs(nb: nbformat.NotebookNode) -> list[tuple]:
    return [(c.cell_type, c.get("id"), c.source, json.dumps(c.metadata, sort_keys=True)) for c in nb.cells]


def out_of_step(nb: nbformat.NotebookNode, book: Book) -> list[str]:
    """What differs between the saved files and what the sources give now (empty: in step)."""
    problems = []
    ed = book.edition
    src = ed.sources / f"{book.stem}.md"
    here = ed.where
    if book.stem == CONTENTS:
        if src.exists():
            problems.append(f"{here}src/{CONTENTS}.md should not exist (the contents notebook is generated)")
    elif not src.exists() or src.read_text(encoding="utf-8") != md_text(nb):
        problems.append(f"{here}src/{book.stem}.md is not normalised (run tools/make_notebooks.py)")
    saved_path = ed.out / book.filename
    if not saved_path.exists():
        problems.append(f"{here}{book.filename} is missing")
        return problems
    saved = nbformat.read(saved_path, as_version=4)
    if inputs(saved) != inputs(nb):
        problems.append(f"{here}{book.filename} differs from {here}src/{book.stem}.md")
    elif saved.metadata.get("jupytext") != nb.metadata["jupytext"]:
        problems.append(f"{here}{book.filename}: its jupytext metadata (the pairing) is not {nb.metadata['jupytext']}")
    elif any(c.cell_type == "code" and c.source.strip() and c.execution_count is None for c in saved.cells):
        problems.append(f"{here}{book.filename} has cells that were not executed")
    return problems


def shown_path(path: Path) -> str:
    """A notebook's path as messages name it (``notebooks/en/04-biezhe.ipynb``; one elsewhere by its name)."""
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return f"notebooks/{path.name}"


def _comparable(nb: nbformat.NotebookNode, name: str) -> list[str]:
    """The saved text of ``nb`` as lines, with each PNG's bytes replaced by a marker and no language_info."""
    nb = nbformat.reads(ipynb_text(nb, name), as_version=4)
    nb.metadata.pop("language_info", None)
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            if "image/png" in out.get("data", {}):
                out["data"]["image/png"] = "<png>"
    return nbformat.writes(nb).splitlines()


def fresh_run_problems(fresh: nbformat.NotebookNode, path: Path) -> list[str]:
    """Run ``fresh`` (the notebook as its source gives it) once, with its solutions revealed, and say what
    is wrong. That one execution serves every check of a saved notebook: it must run without an error
    (cells tagged ``raises-exception`` aside); with each solution cell put back as saved (inert, no
    output) the outputs must be the saved ones (:func:`_comparable`: every cell, images by presence),
    which also shows that no cell prints differently when the solutions above it run; and each
    solution must run, print and, if it ends in a ``check(...)``, be ok (:func:`solution_problems`)."""
    shown = revealed(fresh)
    for cell in shown.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    problems = execute(shown, path.parent)
    name = shown_path(path)
    if problems:
        return [f"{name}: a fresh run (solutions revealed) fails: " + "; ".join(problems)]
    saved = nbformat.read(path, as_version=4)
    hidden = deepcopy(shown)
    for cell, source in zip(hidden.cells, fresh.cells, strict=True):
        if cell.cell_type == "code" and SOLUTION in tags(cell):
            cell.source, cell.outputs = source.source, []
    a, b = _comparable(saved, path.name), _comparable(hidden, path.name)
    if a != b:
        first = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
        shown_line = (b[first] if first < len(b) else "(end)")[:160]
        return [
            f"{name}: saved outputs differ from a fresh run (line {first + 1}: {shown_line!r}); "
            "run tools/make_notebooks.py (it says why if it cannot save)"
        ]
    return [f"{name}: with the solutions revealed: {p}" for p in solution_problems(shown, saved)]


def examples_text() -> str:
    """The package's copy of the golden rows (liuren/data/chapter_examples.csv), derived from
    tests/data/seed_examples.csv, tests/data/chapter_notes_ko.csv (a Korean note per row, and a
    wording of ``text_printed`` without English where that mixes in English),
    tests/data/chapter_notes_en.csv and tests/data/chapter_notes_zh.csv (the English and the Chinese
    rendering of each Korean note, ``note_en`` and ``note_zh``): no
    source file names, ids without their file number, each row's chapter as the notebooks cite it."""
    with GOLDEN.open(encoding="utf-8", newline="") as f:
        golden = list(csv.DictReader(f))
    with NOTES.open(encoding="utf-8", newline="") as f:
        korean = {row["example"]: row for row in csv.DictReader(f)}
    with NOTES_EN.open(encoding="utf-8", newline="") as f:
        english = {row["example"]: row["note"] for row in csv.DictReader(f)}
    with NOTES_ZH.open(encoding="utf-8", newline="") as f:
        chinese = {row["example"]: row["note"] for row in csv.DictReader(f)}
    notes = {name: row["note"] for name, row in korean.items()}
    for where, given in ((NOTES, notes), (NOTES_EN, english), (NOTES_ZH, chinese)):
        missing = [row["example"] for row in golden if not given.get(row["example"])]
        if missing or set(given) - {row["example"] for row in golden}:
            raise SourceError(
                f"{where.name}: one note per golden row; missing {missing}, "
                f"unknown {sorted(set(given) - {row['example'] for row in golden})}"
            )
    out = io.StringIO()
    columns = ["example", "chapter", "where", "day", "hour", "general", "noble", "month", "lesson_uppers",
               "lesson_generals", "transmissions", "transmission_generals", "relations", "method", "lesson_type",
               "patterns", "printed", "note", "note_en", "note_zh"]  # fmt: skip
    writer = csv.DictWriter(out, columns, lineterminator="\n")
    writer.writeheader()
    for row in golden:
        number, name = row["example"].split("-", 1)
        writer.writerow(
            {**{c: row[c] for c in columns if c in row}, "example": name, "chapter": CHAPTER_OF_SEED[number],
             "printed": korean[row["example"]]["printed"] or row["text_printed"], "note": notes[row["example"]],
             "note_en": english[row["example"]], "note_zh": chinese[row["example"]]}
        )  # fmt: skip
    return out.getvalue()


def saved_language_info(edition: Edition = KO) -> dict | None:
    """The kernel's language_info of the last saved run, for the notebooks written without executing
    (the contents notebook has no code, but JupyterLab still starts a kernel for it)."""
    for path in (edition.out / f"{CONTENTS}.ipynb", KO.out / f"{CONTENTS}.ipynb"):
        if path.exists():
            info = nbformat.read(path, as_version=4).metadata.get("language_info", {})
            if len(info) > 1:
                return dict(info)
    return None


def load_books(edition: Edition = KO, problems: list[str] | None = None) -> list[Book]:
    """The edition's notebooks from their sources, with the contents built from them. A source that
    breaks the conventions raises :class:`SourceError`; with ``problems`` it is left out instead and
    the reason added there (a translator's build of their own notebooks is not stopped by another's)."""
    sources = edition.sources
    books = [read_source(path, edition) for path in sorted(sources.glob("[0-9][0-9]*-*.md"))]
    beside = [read_source(path, edition) for path in (sources / f"{stem}.md" for stem in BESIDE) if path.exists()]
    if problems is not None:
        books, beside = _valid(books, problems), _valid(beside, problems)
    return [*books, contents_book(books, edition), *beside]


def _valid(books: list[Book], problems: list[str]) -> list[Book]:
    """The books whose sources follow the conventions (:func:`validate`, a title); the others' reasons
    are added to ``problems``."""
    kept = []
    for book in books:
        trial = Book(book.stem, nbformat.v4.new_notebook(cells=split_title(strip_generated(book.nb))), book.edition)
        try:
            validate(trial)
            trial.title  # noqa: B018 (raises SourceError without a '# ' title)
        except SourceError as exc:
            problems.append(f"{exc} (so {book.where} is left out)")
            continue
        kept.append(book)
    return kept


def normalised(edition: Edition, problems: list[str] | None = None) -> list[tuple[Book, nbformat.NotebookNode]]:
    """Every notebook of the edition as it is saved before execution (:func:`normalise`)."""
    books = load_books(edition, problems)
    return [(book, normalise(i, books)) for i, book in enumerate(books)]


def with_saved_outputs(nb: nbformat.NotebookNode, path: Path) -> str | None:
    """Give ``nb`` the outputs (and the kernel's language_info and widget state) of the notebook saved
    at ``path``, whose code cells must be the same code in the same order: only markdown changed
    (prose, the generated navigation), so the saved run is still this notebook's. The reason when not."""
    if not path.exists():
        return f"{shown_path(path)} is not saved yet: build it in full"
    saved = nbformat.read(path, as_version=4)
    ours = [c for c in nb.cells if c.cell_type == "code"]
    theirs = [c for c in saved.cells if c.cell_type == "code"]
    if [c.source for c in ours] != [c.source for c in theirs]:
        return f"{shown_path(path)}: its code cells changed since it was run: build it in full"
    for cell, old in zip(ours, theirs, strict=True):
        cell.outputs, cell.execution_count = old.get("outputs", []), old.get("execution_count")
    for key in ("language_info", "widgets"):
        if key in saved.metadata:
            nb.metadata[key] = saved.metadata[key]
    return None


# ---------------------------------------------------------------- the two editions' code is one code
HANGUL = re.compile(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]")
LANGUAGE = ("ko", "en")
"""A language code, the Korean cell's and the English cell's: ``lang="ko"``, the explorer's
``labels="ko"``, ``p.text("ko")`` — in a course cell the string ``"ko"`` is always the output's language."""
_IGNORED = frozenset({tokenize.COMMENT, tokenize.NL, tokenize.ENCODING, tokenize.ENDMARKER})
_BY_KIND = frozenset({tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT})
"""Tokens compared by kind alone (a statement's end, a block's start and end); the others by their text."""


def code_tokens(source: str) -> list[tokenize.TokenInfo]:
    """The Python tokens of a code cell without its comments and blank lines (SyntaxError if none can be read)."""
    try:
        return [t for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type not in _IGNORED]
    except tokenize.TokenError as exc:
        raise SyntaxError(str(exc.args[0])) from None


def _literal(token: str) -> object:
    try:
        return ast.literal_eval(token)
    except (ValueError, SyntaxError):
        return None


def _may_differ(korean: str, english: str) -> bool:
    """Whether two string literals at the same place are the one code: a Korean string translated (the
    English one has no Hangul), or the language code ``"ko"`` given as ``"en"``."""
    if HANGUL.search(korean):
        return not HANGUL.search(english)
    return (_literal(korean), _literal(english)) == LANGUAGE


ADDED_LANG = ("lang", "=", '"en"')
"""The keyword argument an English call may add where its Korean twin relies on the Korean default
(``card("noble")`` → ``card("noble", lang="en")``): the Korean cell's implicit ``lang="ko"`` made explicit."""


def _added_lang(b: list[tokenize.TokenInfo], j: int, following: str, before: str) -> int:
    """How many English tokens from ``b[j]`` are a ``lang="en"`` the Korean call leaves out (0: none): with
    its comma before it (``, lang="en")``), after it (``(lang="en", year=…``), or alone in ``(lang="en")``;
    ``following`` is the Korean token the English must go on with, ``before`` the token before both."""
    words = [t.string for t in b[j : j + 4]]
    if words == [",", *ADDED_LANG] and following in (")", ","):
        return 4
    if words == [*ADDED_LANG, ","] and before in ("(", ","):
        return 4
    if words[:3] == list(ADDED_LANG) and following == ")" and before == "(":
        return 3
    return 0


def code_difference(korean: str, english: str) -> str | None:
    """Where an English code cell stops being its Korean twin's code (None: it is the same code). Only
    comments, the language code ``"ko"`` given as ``"en"`` (``lang="ko"``, ``labels="ko"``, ``p.text("ko")``,
    and a name's ``_ko`` as ``_en``: ``s.gloss_ko`` → ``s.gloss_en``), a ``lang="en"`` added to a call
    that relies on the Korean default (:data:`ADDED_LANG`) and string
    literals that hold Hangul in the Korean cell (no Hangul in the English one) may differ; every other
    token is the same."""
    try:
        a, b = code_tokens(korean), code_tokens(english)
    except SyntaxError as exc:
        return f"the code cannot be read as Python ({exc})"
    i = j = 0
    while i < len(a) and j < len(b):
        x, y = a[i], b[j]
        if (
            (x.type == y.type and (x.type in _BY_KIND or x.string == y.string))
            or (x.type == y.type == tokenize.STRING and _may_differ(x.string, y.string))
            or (x.type == y.type == tokenize.NAME and x.string.endswith("_ko") and y.string == x.string[:-3] + "_en")
        ):
            i, j = i + 1, j + 1
            continue
        skip = _added_lang(b, j, x.string, a[i - 1].string if i else "")
        if skip:
            j += skip
            continue
        why = (
            " (an English string holds no Hangul)"
            if x.type == y.type == tokenize.STRING and HANGUL.search(y.string)
            else ""
        )
        return f"line {y.start[0]}: the first differing token is {y.string!r}, the Korean cell has {x.string!r}{why}"
    if i < len(a):
        return f"line {a[i].start[0]}: the Korean cell goes on with {a[i].string!r}, the other cell has ended"
    if j < len(b):
        return f"line {b[j].start[0]}: it goes on with {b[j].string!r}, the other cell has ended"
    return None


def _code(cell: nbformat.NotebookNode, edition: Edition) -> str:
    """A code cell's code as the parity check compares it: a solution's revealed code (its header aside)."""
    if SOLUTION in tags(cell) and inert(cell.source, edition):
        return reveal_source(cell.source)
    return cell.source


def parity_problems(korean: nbformat.NotebookNode, english: nbformat.NotebookNode, name: str) -> list[str]:
    """How English notebook ``name`` is not its Korean twin with the prose translated: the cells pair up one
    to one (same count, kinds and tags), each code cell is the same code (:func:`code_difference`) and each
    markdown cell has the same anchors. Cells are numbered from 1, as in the saved .ipynb."""
    where = f"{EN.where}{name}"
    problems = []
    for n, (a, b) in enumerate(zip(korean.cells, english.cells, strict=False), 1):
        at = f"{where}, cell {n}"
        if a.cell_type != b.cell_type:
            problems.append(f"{at}: a {b.cell_type} cell where the Korean twin has a {a.cell_type} cell")
            break
        if tags(a) != tags(b):
            problems.append(f"{at}: tags {tags(b)}, the Korean twin's are {tags(a)}")
        if a.cell_type == "code":
            difference = code_difference(_code(a, KO), _code(b, EN))
            if difference:
                problems.append(f"{at}: not the Korean twin's code: {difference}")
        elif ANCHOR.findall(a.source) != ANCHOR.findall(b.source):
            problems.append(
                f"{at}: anchors {ANCHOR.findall(b.source)}, the Korean twin's are {ANCHOR.findall(a.source)}"
            )
    if len(korean.cells) != len(english.cells):
        problems.append(f"{where}: {len(english.cells)} cells, its Korean twin has {len(korean.cells)}")
    return problems


def missing_twins() -> list[str]:
    """The Korean sources (and the classroom page) without an English twin, and English ones without a Korean."""
    korean = {p.name for p in KO.sources.glob("*.md")}
    english = {p.name for p in EN.sources.glob("*.md")} if EN.sources.is_dir() else set()
    problems = [
        f"{EN.where}src/{n} is missing (the English twin of {KO.where}src/{n})" for n in sorted(korean - english)
    ]
    problems += [f"{EN.where}src/{n} has no Korean twin {KO.where}src/{n}" for n in sorted(english - korean)]
    if KO.classroom.exists() and not EN.classroom.exists():
        problems.append(f"{EN.where}{EN.classroom.name} is missing (the English twin of {KO.where}{KO.classroom.name})")
    return problems


CLASSROOM = KO.classroom
"""The Voilà page: not paired with a source (a teacher edits it in JupyterLab), but saved executed, so
that a copy opened before it runs shows its charts (each widget's static fallback), like the course.
Each edition has its own (``Edition.classroom``)."""


def classroom(check: bool, rerun: bool = True, edition: Edition = KO) -> list[str]:
    """Execute the edition's classroom page in place (or, with ``check``, say what is out of step with a
    fresh run); the English page must be the Korean one's code (:func:`parity_problems`)."""
    path = edition.classroom
    if not path.exists():
        return []
    name = shown_path(path)
    saved = path.read_text(encoding="utf-8")
    nb = nbformat.reads(saved, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    nb.metadata.pop("widgets", None)
    if edition is not KO and KO.classroom.exists():
        parity = parity_problems(nbformat.read(KO.classroom, as_version=4), nb, path.name)
        if parity:
            return parity
    if check:
        code = [c for c in nbformat.reads(saved, as_version=4).cells if c.cell_type == "code"]
        if any(c.execution_count is None or not c.outputs for c in code):
            return [f"{name} is saved unexecuted (run tools/make_notebooks.py)"]
        if nb.metadata.get("jupytext") != UNPAIRED:
            return [f"{name}: its jupytext metadata must be {UNPAIRED} (it has no source; run tools/make_notebooks.py)"]
        return fresh_run_problems(nb, path) if rerun else []
    nb.metadata["jupytext"] = dict(UNPAIRED)
    problems = execute(nb, edition.out)
    if problems:
        return [f"{name}: not written, errors:\n  " + "\n  ".join(problems)]
    write_atomic(path, ipynb_text(nb, path.name))
    print(f"wrote {name}")
    return []


def book_problems(book: Book, nb: nbformat.NotebookNode, rerun: bool = True) -> list[str]:
    """What ``--check`` says of one sourced notebook (or the contents): an English one whose code is not its
    Korean twin's, out of step with its source, or (``rerun``) with one fresh run (:func:`fresh_run_problems`)."""
    problems = twin_problems(book, nb)
    problems += out_of_step(nb, book)
    if not problems and rerun and any(c.cell_type == "code" for c in nb.cells):
        problems = fresh_run_problems(nb, book.edition.out / book.filename)
    return problems


def twin_problems(book: Book, nb: nbformat.NotebookNode) -> list[str]:
    """The parity problems of an English sourced notebook with its Korean twin (none for a Korean one,
    the contents, or a notebook whose twin is missing: :func:`missing_twins` says so)."""
    if book.edition is KO or book.stem == CONTENTS:
        return []
    twin = _built(KO.code).get(book.filename)
    return parity_problems(twin[1], nb, book.filename) if twin else []


@functools.cache
def _built(code: str = "ko") -> dict[str, tuple[Book, nbformat.NotebookNode]]:
    books = load_books(EDITIONS[code])
    return {book.filename: (book, normalise(i, books)) for i, book in enumerate(books)}


def checked_notebooks() -> list[str]:
    """The paths (under notebooks/) of every notebook ``--check`` covers, as the sources and notebooks/ give
    them now: per edition the course, the contents, the notebooks beside it and the classroom page (the
    English ones as ``en/…``). Nothing is listed by hand; an edition without sources has none.

    Named from the sources' file names, in :func:`load_books`'s order, without reading them: the test
    suite asks for this list in each of its processes when it collects, and parsing every source there
    cost about 2 s a process (a source that does not parse still fails its own check)."""
    names = []
    for edition in EDITIONS.values():
        sources = edition.sources
        course = sorted(sources.glob("[0-9][0-9]*-*.md"))
        begun = edition is KO or any(sources.glob("*.md"))
        stems = [
            *([p.stem for p in course] + [CONTENTS] if begun else []),
            *(stem for stem in BESIDE if begun and (sources / f"{stem}.md").exists()),
        ]
        prefix = "" if edition is KO else f"{edition.code}/"
        found = [
            *(stem + ".ipynb" for stem in stems),
            *([edition.classroom.name] if edition.classroom.exists() else []),
        ]
        names += [prefix + name for name in found]
    return names


def check_notebook(name: str, rerun: bool = True) -> list[str]:
    """What ``--check`` says of ``notebooks/<name>`` alone (``en/<name>`` for the English edition;
    tests/test_notebooks.py runs one test each, so the suite's workers share the executions)."""
    code, _, rest = name.rpartition("/")
    edition = EDITIONS[code or "ko"]
    if rest == edition.classroom.name:
        return classroom(check=True, rerun=rerun, edition=edition)
    book, nb = _built(edition.code)[rest]
    return book_problems(book, nb, rerun)


def build_edition(edition: Edition, built: list[tuple[Book, nbformat.NotebookNode]], args: argparse.Namespace) -> int:
    """Write (or, with ``--check``, check) one edition's notebooks; the exit status."""
    status = 0
    if args.check and edition is not KO:
        for problem in missing_twins():
            print(problem)
            status = 1
    language_info = saved_language_info(edition)
    for book, nb in built:
        if args.check:
            for problem in book_problems(book, nb, rerun=not args.no_rerun):
                print(problem)
                status = 1
            continue
        if args.only and book.number not in args.only and book.stem not in (*args.only, CONTENTS):
            continue
        parity = twin_problems(book, nb)
        if parity:
            print(
                f"{edition.where}{book.filename}: not written, its code is not its Korean twin's:\n  "
                + "\n  ".join(parity)
            )
            status = 1
            continue
        if args.keep_outputs and any(c.cell_type == "code" for c in nb.cells):
            problem = with_saved_outputs(nb, edition.out / book.filename)
            if problem:
                print(f"{edition.where}{book.filename}: not written: {problem}")
                status = 1
                continue
            language_info = nb.metadata.get("language_info", language_info)
        elif not args.no_execute and any(c.cell_type == "code" for c in nb.cells):
            shown = revealed(nb)
            problems = ["with the solutions revealed: " + p for p in execute(shown, edition.out)]
            problems += execute(nb, edition.out)
            if not problems:
                problems = solution_problems(shown, nb)
            if problems:
                print(f"{edition.where}{book.filename}: not written, errors:\n  " + "\n  ".join(problems))
                status = 1
                continue
            language_info = nb.metadata["language_info"]
        elif language_info:
            nb.metadata["language_info"] = language_info
        if book.stem == CONTENTS:
            # Wholly generated, so it has no source: without one, jupytext opens the .ipynb alone.
            (edition.sources / f"{CONTENTS}.md").unlink(missing_ok=True)
        elif changed_since_read(book, edition.sources / f"{book.stem}.md"):
            print(f"{book.where}: not written: it changed while this build ran; build it again")
            status = 1
            continue
        else:
            write_atomic(edition.sources / f"{book.stem}.md", md_text(nb))
        write_atomic(edition.out / book.filename, ipynb_text(nb, book.filename))
        print(f"wrote {edition.where}{book.filename}")
    if (not args.only and not args.no_execute and not args.keep_outputs) or args.check:
        for problem in classroom(args.check, rerun=not args.no_rerun, edition=edition):
            print(problem)
            status = 1
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("only", nargs="*", help="notebook numbers or names to build, in each edition (default: all)")
    parser.add_argument(
        "--edition",
        choices=sorted(EDITIONS),
        help="only this edition: ko (notebooks/src → notebooks/) or en (notebooks/en/src → notebooks/en/); default: both",
    )
    parser.add_argument("--no-execute", action="store_true", help="write the notebooks without running them")
    parser.add_argument(
        "--keep-outputs",
        action="store_true",
        help="rewrite the sources and generated cells but keep each saved notebook's outputs, without running it "
        "(refused for a notebook whose code changed): after a neighbour was added, or prose edited",
    )
    parser.add_argument("--check", action="store_true", help="only report files out of step with the sources")
    parser.add_argument(
        "--no-rerun",
        action="store_true",
        help="with --check: compare sources and inputs only, without running the notebooks afresh",
    )
    args = parser.parse_args(argv)
    editions = [EDITIONS[args.edition]] if args.edition else list(EDITIONS.values())
    if not args.check:  # building: an edition not begun yet (no sources) is skipped, not an error
        editions = [e for e in editions if e is KO or any(e.sources.glob("*.md"))]
    _built.cache_clear()  # the sources as they are now (a test may have run main before)
    if not editions:
        print(f"no English sources yet ({EN.where}src/*.md): nothing to build")
    broken: list[str] = []
    try:
        built = {e.code: normalised(e, broken) for e in editions}
        derived = examples_text()
    except SourceError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    status = 2 if broken else 0
    for problem in broken:  # with --check, among the other problems it reports
        print(f"error: {problem}", file=sys.stdout if args.check else sys.stderr)
    saved = EXAMPLES.read_text(encoding="utf-8") if EXAMPLES.exists() else None
    if saved != derived:
        if args.check:
            print("liuren/data/chapter_examples.csv is not in step with tests/data (run tools/make_notebooks.py)")
            status = 1
        else:
            write_atomic(EXAMPLES, derived)
            print("wrote liuren/data/chapter_examples.csv")
    for edition in editions:
        status |= build_edition(edition, built[edition.code], args)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
