"""Project plumbing: imports stay light and layered, README and .ci/run agree, environment.yml mirrors pyproject."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

LAYERS = [
    {"errors", "school", "cycle"},
    {"plate", "calendar", "solar", "shensha"},
    {"generals", "lessons"},
    {"transmissions"},
    {"chart"},
    {"patterns", "patterns_more", "detectors", "find", "bench"},
    {"labels", "display", "drawing"},
    {"widgets", "cli", "__main__", "__init__"},
]
"""Imports only go downward (style.md); a module may import its own layer and those above it."""


def _layer(module: str) -> int:
    for index, names in enumerate(LAYERS):
        if module in names:
            return index
    raise AssertionError(f"liuren.{module} is not placed in a layer of tests/test_project.py")


def _top_level_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level == 1:
            # `from . import x`: a submodule if liuren/x.py exists, otherwise a name of the package itself
            found.update(a.name if (path.parent / f"{a.name}.py").exists() else "__init__" for a in node.names)
    return found


def test_imports_only_go_downward():
    for path in sorted((ROOT / "liuren").glob("*.py")):
        if path.stem == "__init__":
            continue
        own = _layer(path.stem)
        for target in _top_level_imports(path):
            assert _layer(target) <= own, f"liuren.{path.stem} imports liuren.{target} at module level"


def test_import_liuren_is_light():
    code = "import sys, liuren; print(','.join(m for m in ('matplotlib', 'ipywidgets', 'IPython', 'tyme4py', 'numpy') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == ""


def test_import_liuren_adds_under_30_ms():
    def best(code: str) -> float:
        times = []
        for _ in range(7):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True)
            times.append(time.perf_counter() - start)
        return min(times)

    added = best("import liuren") - best("pass")
    assert added < 0.030, f"import liuren adds {added * 1000:.1f} ms"


def test_readme_quick_start_has_two_commands_and_ci_runs_the_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```bash\n(.*?)```", quick, re.S)
    assert len(blocks) == 2 and all(len(b.strip().splitlines()) == 1 for b in blocks)
    assert "jupyter lab notebooks/" in blocks[0]
    assert blocks[1].strip() == "bash .ci/run"
    dev = readme.split("## Development", 1)[1]
    test_command = re.findall(r"```bash\n(.*?)```", dev, re.S)[0].strip()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    ci_commands = [line.strip() for line in ci.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    assert ci_commands[-1] == test_command
    assert 'pip install -q -e ".[all]"' in ci


def test_environment_yml_mirrors_pyproject():
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    assert set(env) == {"name", "channels", "dependencies"}
    assert env["channels"] == ["conda-forge"]
    conda = [d for d in env["dependencies"] if isinstance(d, str)]
    pip_sections = [d["pip"] for d in env["dependencies"] if isinstance(d, dict)]
    assert len(pip_sections) == 1 and "-e ." in pip_sections[0]
    assert "pip" in conda
    python = next(d for d in conda if d.startswith("python"))
    assert python.replace("python", "") == PYPROJECT["project"]["requires-python"]
    names = {re.split(r"[<>=! ]", d)[0] for d in conda} | {re.split(r"[<>=! ]", d)[0] for d in pip_sections[0]}
    conda_name = {"matplotlib": "matplotlib-base"}
    wanted = PYPROJECT["project"]["dependencies"] + PYPROJECT["project"]["optional-dependencies"]["jupyter"]
    for requirement in wanted:
        if ";" in requirement:  # platform-specific (tzdata on Windows): conda-forge's python brings its own
            continue
        name = re.split(r"[<>=! \[]", requirement)[0]
        assert conda_name.get(name, name) in names, f"{name} from pyproject.toml is missing in environment.yml"


def test_pyproject_extras():
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert {"plot", "jupyter", "test", "all"} <= set(extras)
    assert extras["all"] == ["liuren[plot,jupyter,test]"]
    assert PYPROJECT["project"]["requires-python"] == ">=3.11"


def test_top_level_layout():
    for name in ("notebooks", "liuren", "figures", "tests", "environment.yml", "README.md", "pyproject.toml", "LICENSE", ".ci/run"):
        assert (ROOT / name).exists(), name


def test_no_unfinished_markers():
    pattern = re.compile(r"\b(TODO|FIXME|XXX)\b|NotImplementedError")
    for folder in ("liuren", "tools"):
        for path in (ROOT / folder).rglob("*.py"):
            assert not pattern.search(path.read_text(encoding="utf-8")), path
