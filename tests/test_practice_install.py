"""The Quick start runs the practice page: README's first command installs what ``practice.ipynb``
needs (the ``jupyter`` extra carries the scheduler, ``fsrs``), checked by reading the files and, once,
by doing it: a fresh virtual environment, README's own install arguments, then every code cell of the
practice page run there. pip took 5 min for that install alone on the project's loaded 2-core machine
(9 under load), most of it resolving and unpacking JupyterLab's dependencies, so the test hands the same
arguments to uv (``uv pip install``, a test dependency), which resolves the same requirements from the
same index and extras in seconds once its cache is warm: what is checked is what the extra carries, not
pip itself."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PAGE = ROOT / "notebooks" / "src" / "practice.md"


def quick_start_install() -> list[str]:
    """The ``pip install`` arguments of the Quick start's first command."""
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    command = re.search(r"```bash\n(.*?)\n```", section, re.S)
    assert command is not None
    install = re.search(r"\.venv/bin/pip install ([^&]+?)\s*(?:&&|$)", command.group(1))
    assert install is not None, command.group(1)
    return install.group(1).split()


def code_cells() -> list[str]:
    """The practice page's code cells, as the notebook runs them."""
    text = PAGE.read_text(encoding="utf-8")
    cells = re.findall(r"```\{code-cell\} ipython3\n(.*?)```", text, re.S)
    return ["\n".join(line for line in cell.splitlines() if not line.startswith(":")) for cell in cells]


def test_the_quick_starts_extra_carries_the_scheduler():
    args = quick_start_install()
    assert args == ["-e", '".[jupyter]"'], args
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert any(d.startswith("fsrs") for d in extras["jupyter"]) and any(
        d.startswith("fsrs") for d in extras["practice"]
    )
    assert re.search(r"^\s+- fsrs", (ROOT / "environment.yml").read_text(encoding="utf-8"), re.M)
    assert any("liuren.practice" in cell for cell in code_cells())


@pytest.mark.timeout(1200)
def test_the_practice_page_runs_after_the_quick_starts_install_alone(tmp_path):
    venv = tmp_path / "venv"
    uv = [sys.executable, "-m", "uv"]
    subprocess.run([*uv, "venv", "-q", "--python", sys.executable, str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    args = [a.strip('"').replace(".[", f"{ROOT}[") for a in quick_start_install()]
    installed = subprocess.run(
        [*uv, "pip", "install", "-q", "--python", str(python), *args], capture_output=True, text=True, timeout=1100
    )
    assert installed.returncode == 0, installed.stderr[-3000:]
    script = "\n".join(code_cells()) + "\nprint('practice page ran')\n"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["LIUREN_STORE"] = str(tmp_path / "practice.sqlite3")
    ran = subprocess.run(
        [str(python), "-c", script], capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path
    )
    assert ran.returncode == 0 and "practice page ran" in ran.stdout, ran.stderr[-3000:]
