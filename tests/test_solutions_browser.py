"""A learner's Run All and save in a real JupyterLab gives no exercise's answer away.

One course notebook (a copy, with its jupytext source, in a folder of its own inside the course copy
that README's Quick start serves, under its jupytext.toml) is opened fresh, run with Run All and saved.
No solution code cell may then show its answer (any quoted 漢字 string of its code) or any output, and
the saved .ipynb and its markdown source must keep every solution cell collapsed and without output.
Its kernel is shut down after; each wait is bounded by TIMEOUT.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from .chromium import CHROMIUM, MISSING

if not CHROMIUM.exists():
    pytest.skip(MISSING, allow_module_level=True)

import nbformat

from .labpage import (
    ACTIVATE_JS,
    OPEN_JS,
    RESULT_JS,
    RUN_JS,
    TIMEOUT,
)
from .test_course import HAN, answer_tokens

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
NAME = "04-biezhe"

SOLUTIONS_JS = """
async path => {
  const w = window.jupyterapp.shell.widgets('main').find(x => x.context && x.context.path === path);
  const out = [];
  for (let i = 0; i < w.content.widgets.length; i++) {
    const cell = w.content.widgets[i];
    if (cell.model.type !== 'code' || !(cell.model.getMetadata('tags') || []).includes('solution')) continue;
    await w.content.scrollToItem(i, 'center');
    for (let f = 0; f < 2; f++) await new Promise(r => requestAnimationFrame(() => r()));
    out.push({i, source: cell.model.sharedModel.getSource(), text: cell.node.innerText,
              outputs: cell.model.outputs.length, input_hidden: cell.inputHidden, output_hidden: cell.outputHidden});
  }
  return out;
}
"""
"""Each solution code cell as drawn (scrolled into view: what a learner sees of it, ``innerText``) and
in the model."""

SAVE_JS = """
async ([path, ms]) => {
  const w = window.jupyterapp.shell.widgets('main').find(x => x.context && x.context.path === path);
  await window.liurenWithin(window.jupyterapp.commands.execute('docmanager:save'), ms, `${path}: save`);
  return w.context.model.dirty;
}
"""


@pytest.fixture(scope="module")
def course(lab_servers, lab_token):
    """A copy of one notebook and its source in a folder of its own inside the course that README's Quick
    start serves (the worker's JupyterLab, tests/conftest.py): the course's jupytext.toml above it pairs
    them, and the other tests that read the course never see this one's save."""
    folder = lab_servers["course"] / "solutions-test"
    (folder / "src").mkdir(parents=True)
    shutil.copy(ROOT / "notebooks" / f"{NAME}.ipynb", folder)
    shutil.copy(ROOT / "notebooks" / "src" / f"{NAME}.md", folder / "src")
    return {
        "folder": folder,
        "path": f"{folder.name}/{NAME}.ipynb",
        "written": (folder / "src" / f"{NAME}.md").stat().st_mtime_ns,
        "url": f"{lab_servers['lab']}/lab?reset&token={lab_token}",
        "server": lab_servers["lab_server"],
    }


@pytest.mark.timeout(600)  # a JupyterLab start, a notebook's run and its save, on a loaded machine
def test_run_all_and_save_show_no_solution_and_keep_them_collapsed(course, browser):
    path = course["path"]
    page = browser.new_page()
    try:
        page.goto(course["url"])
        page.wait_for_function("window.jupyterapp && window.jupyterapp.shell && document.querySelector('.jp-LabShell')")
        page.evaluate("ms => window.liurenWithin(window.jupyterapp.restored, ms, 'JupyterLab restored')", TIMEOUT)
        page.evaluate(OPEN_JS, [[path], TIMEOUT])
        assert page.evaluate(ACTIVATE_JS, path)
        page.evaluate(RUN_JS, path)
        result = page.evaluate(RESULT_JS, [path, TIMEOUT])
        assert result["ran"] == "done" and not result["errors"] and not result["unrun"], result
        shown = page.evaluate(SOLUTIONS_JS, path)
        dirty = page.evaluate(SAVE_JS, [path, TIMEOUT])
        page.evaluate(
            "async () => { const m = window.jupyterapp.serviceManager.sessions;"
            " await Promise.all([...m.running()].map(s => m.shutdown(s.id))); }"
        )
    except Exception as err:
        raise AssertionError(f"{err}\n--- jupyter lab log:\n{course['server'].tail()}") from err
    finally:
        page.close()

    assert len(shown) >= 3 and not dirty
    for cell in shown:
        tokens = answer_tokens(cell["source"])
        assert tokens, cell["source"]  # the check below would see an answer
        seen = [t for t in tokens if t in cell["text"]]
        assert seen == [] and cell["outputs"] == 0, (cell["i"], cell["text"], seen)
        assert cell["input_hidden"], cell  # (running a cell unhides its output area: there is none)
        assert not HAN.search(cell["text"]), cell["text"]  # the header line only

    saved = nbformat.read(course["folder"] / f"{NAME}.ipynb", as_version=4)
    solutions = [c for c in saved.cells if c.cell_type == "code" and "solution" in c.metadata.get("tags", [])]
    assert len(solutions) == len(shown)
    # JupyterLab drops ``outputs_hidden`` from every cell it runs (its CodeCell.execute unhides the
    # output area); the source stays collapsed, and there is no output to show.
    assert all(c.metadata.get("jupyter", {}).get("source_hidden") is True and c.outputs == [] for c in solutions), [
        json.dumps(c.metadata) for c in solutions
    ]
    assert all(c.source == s["source"] for c, s in zip(solutions, shown, strict=True))
    md = course["folder"] / "src" / f"{NAME}.md"
    assert md.stat().st_mtime_ns > course["written"], "the save did not write the paired source"
    source = md.read_text(encoding="utf-8")
    blocks = re.findall(r"---\ntags: \[solution[^\n]*\n(.*?)\n---\n", source, re.S)
    assert len(blocks) == len(solutions) and all("source_hidden: true" in b for b in blocks), blocks
