"""Build the teaching notebooks in notebooks/ from their plain-text sources, then execute them.

    .venv/bin/python tools/make_notebooks.py            # write and execute every notebook
    .venv/bin/python tools/make_notebooks.py 01 03      # only these
    .venv/bin/python tools/make_notebooks.py --no-execute
    .venv/bin/python tools/make_notebooks.py --check    # are the saved notebooks in step with the sources?

The cell sources are plain text, one file per notebook, in notebooks/src/NN-topic.txt: a ``%% meta``
block (number, short title) and then cells, each opened by a line ``%% md`` or ``%% code`` with
optional flags — ``check`` (prepends ``# NBVAL_CHECK_OUTPUT``: nbval compares the output),
``ignore`` (``# NBVAL_IGNORE_OUTPUT``: widgets and figures) and ``needs=a,b`` (features of liuren
the cell uses: html, drawing, patterns, find, calendar).

This script adds the generated parts — contents (from the ``##`` headings) and navigation to the
neighbouring notebooks — executes each notebook with nbclient in the current environment, and makes
the saved file deterministic: no execution timestamps, widget model ids renumbered in a fixed order.
Cells that need a part of liuren that is not importable are left out, and the script says which; a
notebook whose execution raises is not written.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "notebooks"
SOURCES = OUT / "src"
MAX_CODE_LINES = 6
MARKERS = ("# NBVAL_CHECK_OUTPUT", "# NBVAL_IGNORE_OUTPUT")
INDEX_LINK = "../README.md#notebooks"


@dataclass(frozen=True)
class Cell:
    kind: str
    source: str
    needs: frozenset[str] = frozenset()


@dataclass
class Notebook:
    number: str
    short: str
    filename: str
    cells: list[Cell] = field(default_factory=list)


def parse(path: Path) -> Notebook:
    """Read one notebook source file (format in the module docstring)."""
    meta: dict[str, str] = {}
    cells: list[Cell] = []
    header: list[str] | None = None
    body: list[str] = []

    def flush() -> None:
        if header is None:
            return
        text = "\n".join(body).strip("\n")
        kind, flags = header[0], header[1:]
        if kind == "meta":
            meta.update(line.split(":", 1) for line in text.splitlines())
            return
        needs = frozenset(n for f in flags if f.startswith("needs=") for n in f[6:].split(","))
        if "check" in flags:
            text = "# NBVAL_CHECK_OUTPUT\n" + text
        if "ignore" in flags:
            text = "# NBVAL_IGNORE_OUTPUT\n" + text
        cells.append(Cell("markdown" if kind == "md" else "code", text, needs))

    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("%% "):
            flush()
            header, body = line[3:].split(), []
        else:
            body.append(line)
    flush()
    meta = {k.strip(): v.strip() for k, v in meta.items()}
    return Notebook(meta["number"], meta["short"], path.stem + ".ipynb", cells)


def available_features() -> set[str]:
    """Which optional parts of liuren the notebooks can use right now."""
    import liuren
    from liuren import Chart

    found = set()
    if hasattr(Chart, "_repr_html_"):
        found.add("html")
    if importlib.util.find_spec("liuren.show.drawing") is not None and hasattr(Chart, "plot"):
        found.add("drawing")
    if hasattr(Chart, "patterns") and hasattr(Chart, "explain"):
        found.add("patterns")
    if hasattr(liuren, "find"):
        found.add("find")
    if hasattr(liuren, "chart_at"):
        found.add("calendar")
    return found


def anchor(heading: str) -> str:
    """The id JupyterLab gives a markdown heading: its text (no code marks) with spaces as hyphens."""
    return heading.strip().replace("`", "").replace(" ", "-")


def contents(cells: list[Cell]) -> str:
    lines = ["**차례**", ""]
    for cell in cells:
        if cell.kind == "markdown" and cell.source.startswith("## "):
            title = cell.source.splitlines()[0][3:].strip()
            lines.append(f"- [{title}](#{anchor(title)})")
    return "\n".join(lines)


def navigation(index: int, books: list[Notebook]) -> str:
    parts = []
    if index > 0:
        prev = books[index - 1]
        parts.append(f"[← {prev.number}. {prev.short}]({prev.filename})")
    parts.append(f"[노트북 목록]({INDEX_LINK})")
    if index + 1 < len(books):
        nxt = books[index + 1]
        parts.append(f"[{nxt.number}. {nxt.short} →]({nxt.filename})")
    return " · ".join(parts)


def check_cell(book: Notebook, cell: Cell) -> None:
    if cell.kind != "code":
        return
    lines = [line for line in cell.source.splitlines() if line.strip() not in MARKERS]
    if len(lines) > MAX_CODE_LINES:
        raise SystemExit(
            f"{book.filename}: a code cell has {len(lines)} lines (at most {MAX_CODE_LINES}):\n{cell.source}"
        )


def build(index: int, books: list[Notebook], features: set[str]) -> tuple[nbformat.NotebookNode, list[str]]:
    book = books[index]
    kept = [c for c in book.cells if c.needs <= features]
    dropped = sorted({need for c in book.cells for need in c.needs - features})
    for cell in kept:
        check_cell(book, cell)
    nav = navigation(index, books)
    head, body = kept[:2], kept[2:]
    cells = [*head, Cell("markdown", nav), Cell("markdown", contents(body)), *body, Cell("markdown", nav)]
    nb = nbformat.v4.new_notebook()
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    for n, cell in enumerate(cells):
        cell_id = f"c{n:03d}"
        if cell.kind == "markdown":
            nb.cells.append(nbformat.v4.new_markdown_cell(cell.source, id=cell_id))
        else:
            nb.cells.append(nbformat.v4.new_code_cell(cell.source, id=cell_id))
    return nb, dropped


def execute(nb: nbformat.NotebookNode) -> None:
    client = NotebookClient(
        nb, timeout=300, kernel_name="python3", record_timing=False, resources={"metadata": {"path": str(OUT)}}
    )
    client.execute()
    nb.metadata["language_info"] = {"name": "python"}
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = coalesce_streams(cell.outputs)


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


def deterministic(nb: nbformat.NotebookNode, name: str) -> str:
    """The notebook as text with widget model ids (random uuids) renumbered in a fixed order."""
    mapping = {
        model: hashlib.sha256(f"{name}:{n}".encode()).hexdigest()[:32] for n, model in enumerate(widget_order(nb))
    }
    text = MODEL_ID.sub(lambda m: mapping.get(m.group(0), m.group(0)), nbformat.writes(nb))
    return nbformat.writes(nbformat.reads(text, as_version=4)).rstrip("\n") + "\n"


def errors(nb: nbformat.NotebookNode) -> list[str]:
    return [
        f"cell {n}: {out.get('ename')}: {out.get('evalue')}"
        for n, cell in enumerate(nb.cells)
        for out in cell.get("outputs", ())
        if out.get("output_type") == "error"
    ]


def stale(nb: nbformat.NotebookNode, path: Path) -> bool:
    """Whether the saved notebook's cells differ from the ones the sources give now."""
    if not path.exists():
        return True
    saved = nbformat.read(path, as_version=4)
    return [(c.cell_type, c.source) for c in saved.cells] != [(c.cell_type, c.source) for c in nb.cells]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("only", nargs="*", help="notebook numbers to build (default: all)")
    parser.add_argument("--no-execute", action="store_true", help="write the notebooks without running them")
    parser.add_argument(
        "--check", action="store_true", help="only report notebooks whose cells differ from the sources"
    )
    args = parser.parse_args(argv)
    features = available_features()
    books = [parse(path) for path in sorted(SOURCES.glob("[0-9][0-9]-*.txt"))]
    status = 0
    for index, book in enumerate(books):
        if args.only and book.number not in args.only:
            continue
        nb, dropped = build(index, books, features)
        if dropped:
            print(f"{book.filename}: left out cells needing {', '.join(dropped)} (not available)")
        if args.check:
            if stale(nb, OUT / book.filename):
                print(f"notebooks/{book.filename} differs from notebooks/src/{book.filename[:-6]}.txt")
                status = 1
            continue
        if not args.no_execute:
            execute(nb)
            problems = errors(nb)
            if problems:
                print(f"{book.filename}: not written, errors:\n  " + "\n  ".join(problems))
                status = 1
                continue
        (OUT / book.filename).write_text(deterministic(nb, book.filename), encoding="utf-8")
        print(f"wrote notebooks/{book.filename}")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
