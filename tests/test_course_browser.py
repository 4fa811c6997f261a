"""``liuren course`` in a real JupyterLab and chromium: a learner's run and save in the course copy
survive a rerun, and the repository's notebooks/ are never written (liuren/course.py)."""

from __future__ import annotations

import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from .chromium import CHROMIUM, MISSING, launch
from .servers import Server, free_port, jupyter_env, lab_config, lab_env

if not CHROMIUM.exists():
    pytest.skip(MISSING, allow_module_level=True)

from playwright.sync_api import sync_playwright

import liuren
from liuren.course import unlink_other_edition

from .labpage import ACTIVATE_JS, OPEN_JS, RESULT_JS, RUN_JS, RUN_TIMEOUT, TIMEOUT, WITHIN_JS
from .test_course_command import EXPECTED, NOTEBOOKS, ROOT, hashes

pytestmark = pytest.mark.browser  # `pytest -m "not browser"` leaves it out

SAVE_JS = """
async ([path, ms]) => {
  const w = window.jupyterapp.shell.widgets('main').find(x => x.context && x.context.path === path);
  w.content.model.sharedModel.insertCell(0, {cell_type: 'markdown', source: 'my own note'});
  await window.liurenWithin(w.context.save(), ms, `${path}: save`);
  await window.liurenWithin(w.sessionContext.shutdown(), ms, `${path}: kernel shutdown`);
  return w.context.model.dirty;
}
"""
"""A learner's edit (a note above the first cell), saved with the outputs of the run; the kernel stopped."""


def git_status(path: Path) -> str:
    return subprocess.run(
        ["git", "status", "--porcelain", "--", str(path)], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout


def test_a_notebook_run_and_saved_in_jupyterlab_survives_a_rerun(tmp_path):
    """``liuren course DIR --no-lab``, then README's ``liuren course DIR`` serving it (as test_jupyterlab
    starts it); classroom.ipynb run in chromium, edited and saved; ``liuren course DIR`` again keeps the
    learner's file, sets this version's beside it, and the repository's notebooks/ are as they were."""
    name, status, before = "classroom.ipynb", git_status(NOTEBOOKS), hashes(NOTEBOOKS)
    folder, home = tmp_path / "my course", tmp_path / "lab"
    command = [sys.executable, "-m", "liuren", "course", str(folder)]
    copied = subprocess.run([*command, "--no-lab"], env=jupyter_env(home), capture_output=True, text=True, check=True)
    assert f"copied {len(EXPECTED)} files" in copied.stdout
    port, token = free_port(), secrets.token_hex(16)
    env = lab_env(home)
    lab_config(home, port, token)
    server = Server("liuren course", command, tmp_path, env, port, home / "lab.log")
    try:
        server.wait_listening()
        with sync_playwright() as p:
            context = launch(p, tmp_path / "profile", viewport={"width": 1280, "height": 900})
            context.set_default_timeout(TIMEOUT)
            context.add_init_script(WITHIN_JS)
            page = context.new_page()
            page.goto(f"http://127.0.0.1:{port}/lab?reset&token={token}")
            page.wait_for_function(
                "window.jupyterapp && window.jupyterapp.shell && document.querySelector('.jp-LabShell')"
            )
            page.evaluate("ms => window.liurenWithin(window.jupyterapp.restored, ms, 'JupyterLab restored')", TIMEOUT)
            page.evaluate(OPEN_JS, [[name], TIMEOUT])
            assert page.evaluate(ACTIVATE_JS, name)
            page.evaluate(RUN_JS, name)
            result = page.evaluate(RESULT_JS, [name, RUN_TIMEOUT])
            assert result == {"ran": "done", "errors": [], "unrun": []}, f"{result}\n{server.tail()}"
            assert page.evaluate(SAVE_JS, [name, TIMEOUT]) is False
            context.close()
    finally:
        server.stop()
    saved = (folder / name).read_bytes()
    assert b"my own note" in saved and saved != (NOTEBOOKS / name).read_bytes()
    again = subprocess.run([*command, "--no-lab"], env=jupyter_env(home), capture_output=True, text=True, check=True)
    beside = f"classroom.v{liuren.__version__}.ipynb"
    assert f"kept your edited {name}; this version's copy is beside it: {beside}" in again.stdout
    assert (folder / name).read_bytes() == saved
    assert (folder / beside).read_bytes() == unlink_other_edition((NOTEBOOKS / name).read_bytes())
    assert hashes(NOTEBOOKS) == before and git_status(NOTEBOOKS) == status
