"""Every notebook run once in this Python, as tools/make_notebooks.py's ``--check`` runs it.

One test per notebook of each edition (the names come from the sources and notebooks/, none is listed
here: the Korean ``04-biezhe.ipynb``, the English ``en/04-biezhe.ipynb``), so the suite's workers share
the executions; each notebook runs once, in this Python, with no server, with its solutions revealed
(``make_notebooks.fresh_run_problems``): no cell raises (but one tagged ``raises-exception``), every
cell's outputs are the saved ones (images by presence, solution cells put back as saved), and each
solution runs, prints and, ending in a ``check(...)``, is ok. This is the one run that compares every
output. tests/test_jupyterlab.py opens the Korean notebooks in a real JupyterLab for what only a
browser shows (every 課盤 legible in both themes, as saved) and runs there only those with an explorer,
which only a running kernel redraws (no error output, the explorers driven), and 08, which teaches
judging; tests/test_lite.py runs the classroom and practice pages and 08 in the browser's Python
(Pyodide) and probes there what that Python does differently.
"""

from __future__ import annotations

from copy import deepcopy
from pathlib import Path

import nbformat
import pytest

from .test_course import TOOL


def test_every_notebook_is_checked():
    names = TOOL.checked_notebooks()
    assert "contents.ipynb" in names and "classroom.ipynb" in names and len(names) >= 10
    assert sorted(n for n in names if n.startswith("en/")) == sorted(f"en/{n}" for n in names if "/" not in n)
    saved = [*TOOL.OUT.glob("*.ipynb"), *(TOOL.OUT / "en").glob("*.ipynb")]
    assert sorted(names) == sorted(p.relative_to(TOOL.OUT).as_posix() for p in saved)
    # the list is named from the sources' file names, unread: it is what the build reads from them
    built = []
    for edition in TOOL.EDITIONS.values():
        prefix = "" if edition is TOOL.KO else f"{edition.code}/"
        books = TOOL.load_books(edition) if edition is TOOL.KO or any(edition.sources.glob("*.md")) else []
        classroom = [edition.classroom.name] if edition.classroom.exists() else []
        built += [prefix + name for name in [*(b.filename for b in books), *classroom]]
    assert names == built


@pytest.mark.parametrize("name", TOOL.checked_notebooks())
def test_notebook_runs_as_saved(name):
    assert TOOL.check_notebook(name) == []


def _solution(code: str):
    return nbformat.v4.new_code_cell(
        TOOL.SOLUTION_HEADER + "\n" + "\n".join("# " + line for line in code.splitlines()),
        metadata={"tags": ["solution"], "jupyter": dict(TOOL.HIDDEN)},
    )


def _saved(tmp_path: Path, cells: list, change=None) -> tuple[nbformat.NotebookNode, Path]:
    """A notebook of ``cells`` and its file as the build saves it (run as a learner's Run All, the
    solutions inert), ``change`` applied to the saved copy."""
    nb = nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": dict(TOOL.KERNELSPEC)})
    saved = deepcopy(nb)
    assert TOOL.execute(saved) == []
    if change:
        change(saved)
    path = tmp_path / f"t{len(list(tmp_path.iterdir()))}.ipynb"
    path.write_text(TOOL.ipynb_text(saved, path.name), encoding="utf-8")
    return nb, path


def _kernels_of(pid: int) -> set[int]:
    """The live ipykernel processes whose parent is ``pid`` (read from /proc)."""
    found = set()
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                parent = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
                if parent == pid and b"ipykernel" in (proc / "cmdline").read_bytes():
                    found.add(int(proc.name))
            except (OSError, ValueError, IndexError):
                continue
    return found


def test_a_run_leaves_no_kernel_behind(tmp_path):
    """The build's kernel is shut down and its channels closed once the notebook has run, or has failed:
    the build hands nbclient a kernel manager of its own (for the ipc transport), and nbclient then
    leaves the kernel running unless asked to clean it up (each test worker kept one idle kernel per
    notebook it had checked)."""
    import os

    before = _kernels_of(os.getpid())
    ran = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell("print(6 * 7)")], metadata={"kernelspec": dict(TOOL.KERNELSPEC)}
    )
    assert TOOL.execute(ran, tmp_path) == []
    assert ran.cells[0].outputs[0]["text"] == "42\n"
    failed = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell("1 / 0")], metadata={"kernelspec": dict(TOOL.KERNELSPEC)}
    )
    assert "ZeroDivisionError" in TOOL.execute(failed, tmp_path)[0]
    assert _kernels_of(os.getpid()) - before == set()


def test_the_one_run_catches_what_the_three_runs_caught(tmp_path):
    """The one execution with the solutions revealed still finds a saved output the code no longer
    gives, a cell that raises, a solution that raises or prints nothing, and a cell that prints
    differently once a solution above it has run; a notebook in step passes."""
    code = nbformat.v4.new_code_cell
    nb, path = _saved(tmp_path, [code("print(2)"), _solution("print(3)")])
    assert TOOL.fresh_run_problems(nb, path) == []

    def edit(saved):
        saved.cells[0].outputs[0].text = "3\n"

    cases = {
        "saved outputs differ": [code("print(2)"), _solution("print(3)")],
        "fails: ZeroDivisionError": [code("print(1 / 0)")],
        "(solutions revealed) fails: ZeroDivisionError": [code("x = 1"), _solution("print(1 / 0)")],
        "the solution prints nothing": [_solution("y = 2")],
        "differ from a fresh run": [_solution("x = 1\nprint(x)"), code("print(globals().get('x'))")],
    }
    for why, cells in cases.items():
        raising = why.startswith("fails")
        if raising:
            nb = nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": dict(TOOL.KERNELSPEC)})
            path = tmp_path / "raising.ipynb"
            path.write_text(nbformat.writes(nb), encoding="utf-8")
        else:
            nb, path = _saved(tmp_path, cells, edit if why == "saved outputs differ" else None)
        problems = TOOL.fresh_run_problems(nb, path)
        assert len(problems) == 1 and why in problems[0], (why, problems)
