"""Project plumbing: imports stay light and layered, README and .ci/run agree, environment.yml mirrors pyproject,
the test servers keep to their own Jupyter folders."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

LAYERS = [
    {"errors", "school", "cycle", "nianming"},
    {"solar", "plate", "lessons", "generals"},
    {"transmissions"},
    {"chart"},
    {"almanac", "find", "patterns"},
    {"show"},
    {"cli", "__main__", "__init__"},
]
"""Imports only go downward (style.md); a module may import its own layer and those above it.
A package (``patterns``, ``show``) is one layer: its modules share it."""

DISPLAY_HOOKS = frozenset(
    (
        ("chart", "__str__"),
        ("chart", "_repr_html_"),
        ("chart", "plot"),
        ("chart", "steps"),
        ("chart", "trace"),
        ("chart", "explain"),
        ("chart", "_detected"),
        ("lessons", "_repr_html_"),
        ("plate", "_repr_html_"),
        ("patterns.__init__", "text"),
        ("patterns.__init__", "explain"),
    )
)
"""The only (module, function) pairs allowed an upward import: the lazy display hooks on Chart and its
parts (``_detected``: Chart.patterns, judged on first use), a detected pattern's evidence put into words
(``Detected.text``, liuren.show.evidence) and ``liuren.patterns.explain`` (liuren.show.steps)."""


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT / "liuren").with_suffix("")
    return ".".join(rel.parts)


def _layer(module: str) -> int:
    top = module.split(".")[0]
    for index, names in enumerate(LAYERS):
        if top in names:
            return index
    raise AssertionError(f"liuren.{module} is not placed in a layer of tests/test_project.py")


def _resolve(path: Path, node: ast.ImportFrom) -> list[str]:
    """The liuren modules an import names (relative or absolute), as dotted names under liuren."""
    package = _module_name(path).split(".")[:-1]  # pkg/mod.py is in pkg, and so is pkg/__init__.py
    if node.level:
        base = package[: len(package) - (node.level - 1)]
    elif node.module and node.module.split(".")[0] == "liuren":
        base = []
    else:
        return []
    mod = (node.module or "").split(".")
    if not node.level:
        mod = mod[1:]
    target = [*base, *[m for m in mod if m]]
    names = []
    for alias in node.names:
        candidate = ROOT / "liuren" / Path(*target, alias.name)
        if candidate.with_suffix(".py").exists() or (candidate / "__init__.py").exists():
            names.append(".".join([*target, alias.name]))
        else:
            names.append(".".join(target) or "__init__")
    return names


def _imports(path: Path) -> list[tuple[str, str | None]]:
    """Every liuren import in a file as (target module, enclosing function or None); TYPE_CHECKING blocks are skipped."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, str | None]] = []

    def visit(node: ast.AST, function: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING":
                continue
            if isinstance(child, ast.ImportFrom):
                found.extend((target, function) for target in _resolve(path, child))
            elif isinstance(child, ast.Import):
                found.extend(
                    (a.name.removeprefix("liuren."), function) for a in child.names if a.name.startswith("liuren.")
                )
            inner = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else function
            visit(child, inner)

    visit(tree, None)
    return found


def test_imports_only_go_downward():
    upward = []
    for path in sorted((ROOT / "liuren").rglob("*.py")):
        own = _layer(_module_name(path))
        for target, function in _imports(path):
            if _layer(target) > own and (_module_name(path), function) not in DISPLAY_HOOKS:
                upward.append(
                    f"liuren.{_module_name(path)} imports liuren.{target}" + (f" in {function}()" if function else "")
                )
    assert upward == []


def test_layering_test_sees_imports_inside_functions():
    hooks = {(t, f) for t, f in _imports(ROOT / "liuren" / "chart.py") if f}
    assert ("show.html", "_repr_html_") in hooks and ("show.picture", "plot") in hooks


def test_layering_test_resolves_relative_imports_in_a_package_init():
    # in pkg/__init__.py the current package is pkg: `from ..show.evidence import …` is liuren.show.evidence
    found = set(_imports(ROOT / "liuren" / "patterns" / "__init__.py"))
    assert ("show.evidence", "text") in found and ("show.steps", "explain") in found
    assert ("cycle", None) in found and ("patterns.evidence", None) in found
    assert ("chart", None) in set(_imports(ROOT / "liuren" / "__init__.py"))  # from .chart import …


def test_display_hooks_are_each_used():
    used = {
        (_module_name(p), f)
        for p in (ROOT / "liuren").rglob("*.py")
        for t, f in _imports(p)
        if f and _layer(t) > _layer(_module_name(p))
    }
    assert used == DISPLAY_HOOKS


ENGINE_MODULES = {
    "liuren",
    *(
        f"liuren.{m}"
        for m in (
            "errors",
            "school",
            "cycle",
            "nianming",
            "plate",
            "lessons",
            "generals",
            "transmissions",
            "chart",
            "find",
        )
    ),
}
"""What ``import liuren`` loads of liuren itself: the engine and find, nothing of almanac, patterns or show."""
NEVER_AT_IMPORT = (
    "matplotlib",
    "ipywidgets",
    "IPython",
    "tyme4py",
    "numpy",
    "ephem",
    "zoneinfo",
    "datetime",
    "dataclasses",
    "inspect",
    "ast",
    "dis",
    "tokenize",
    "pathlib",
    "json",
    "argparse",
)
"""Display and calendar dependencies, and the conveniences the engine does without (dataclasses pulls in
inspect, ast, dis and tokenize): none of them may be loaded by ``import liuren`` itself."""


def test_import_liuren_loads_the_engine_only():
    code = "import sys; before = set(sys.modules); import liuren; print(' '.join(sorted(set(sys.modules) - before)))"
    added = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split())
    assert {m for m in added if m.split(".")[0] == "liuren"} == ENGINE_MODULES
    assert sorted(m for m in added if m.split(".")[0] in NEVER_AT_IMPORT) == []


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
    # the checks before the tests: README lists each one, in the order .ci/run runs them, after the install
    listed = re.findall(r"^\* `(\.venv/bin/[^`]+)`", dev, re.M)
    assert [c.split()[0].rsplit("/", 1)[1] for c in listed] == ["ruff", "mypy", "python"]
    install = next(i for i, c in enumerate(ci_commands) if 'pip install -q -e ".[all]"' in c)
    assert ci_commands[install + 1 : -1] == listed
    assert (
        "ruff check liuren tests tools" in listed[0] and listed[1] == ".venv/bin/mypy liuren" and "--check" in listed[2]
    )
    assert "mypy" in " ".join(PYPROJECT["project"]["optional-dependencies"]["test"])


def test_readme_commands_install_what_they_run():
    """A README block that runs pytest or the notebook tooling installs the test extra first (the Quick
    start installs only ``jupyter``); one that runs Voilà or nbconvert installs ``classroom``."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    development = readme.split("## Development", 1)[1].split("\n## ", 1)[0]
    sections = readme.replace(development, "").split("\n## ")
    for section in sections:
        blocks = re.findall(r"```bash\n(.*?)```", section, re.S)
        for n, block in enumerate(blocks):
            before = "".join(blocks[: n + 1])
            if re.search(r"-m pytest|tools/make_notebooks\.py", block):
                assert re.search(r'pip install -e "\.\[(test|all)\]"', before), block
            if re.search(r"bin/(voila|jupyter nbconvert)", block):
                assert re.search(r'pip install -e "\.\[(classroom|all)\]"', before), block
            if "tools/build_lite.py" in block:
                assert re.search(r'pip install -e "\.\[(lite|all)\]"', before), block


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
    extras = PYPROJECT["project"]["optional-dependencies"]
    wanted = PYPROJECT["project"]["dependencies"] + extras["jupyter"] + extras["classroom"]
    for requirement in wanted:
        if ";" in requirement:  # platform-specific (tzdata on Windows): conda-forge's python brings its own
            continue
        name = re.split(r"[<>=! \[]", requirement)[0]
        assert conda_name.get(name, name) in names, f"{name} from pyproject.toml is missing in environment.yml"


def test_pyproject_extras():
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert {"plot", "jupyter", "test", "classroom", "lite", "all"} <= set(extras)
    assert extras["all"] == ["liuren[plot,jupyter,test,classroom,lite]"]
    # the JupyterLite build tool, at the one version tools/lite-pins.toml pins with the rest of the site
    pins = tomllib.loads((ROOT / "tools" / "lite-pins.toml").read_text(encoding="utf-8"))
    assert extras["lite"] == [f"jupyterlite-core=={pins['site']['jupyterlite-core']}"]
    assert any(r.startswith("voila") for r in extras["classroom"])
    # Voilà and nbconvert --execute start a kernel, and neither depends on one: `.[classroom]` alone must serve the page
    assert "ipykernel>=6" in extras["classroom"]
    assert PYPROJECT["project"]["requires-python"] == ">=3.11"


def _minimum(requirements: list[str], name: str) -> tuple[int, ...]:
    found = [r for r in requirements if re.split(r"[<>=! \[]", r)[0] == name]
    assert len(found) == 1, (name, found)
    match = re.search(r">=\s*([\d.]+)", found[0])
    assert match, f"{found[0]}: no minimum version"
    return tuple(int(x) for x in match[1].split("."))


def test_test_extra_pins_the_plugins_the_pytest_options_need():
    """An ini option a plugin does not know is only a warning, so a too-old pytest-timeout would
    silently drop session_timeout (added in pytest-timeout 2.4)."""
    options = PYPROJECT["tool"]["pytest"]["ini_options"]
    tests = PYPROJECT["project"]["optional-dependencies"]["test"]
    assert "timeout" in options and _minimum(tests, "pytest-timeout") >= (2, 0)
    if "session_timeout" in options:
        assert _minimum(tests, "pytest-timeout") >= (2, 4)


def test_top_level_layout():
    for name in (
        "notebooks",
        "liuren",
        "figures",
        "tests",
        "environment.yml",
        "README.md",
        "pyproject.toml",
        "LICENSE",
        ".ci/run",
    ):
        assert (ROOT / name).exists(), name


def test_no_unfinished_markers():
    pattern = re.compile(r"\b(TODO|FIXME|XXX)\b|NotImplementedError")
    for folder in ("liuren", "tools"):
        for path in (ROOT / folder).rglob("*.py"):
            assert not pattern.search(path.read_text(encoding="utf-8")), path


def test_test_servers_keep_to_their_own_jupyter_folders(tmp_path):
    """tests/servers.py's jupyter_env: every Jupyter folder a server reads or writes is under its own home
    or belongs to the system or this Python (none is the user's), and this Python's kernel is still found."""
    from .servers import jupyter_env

    code = (
        "import json, sys; from jupyter_core import paths; from jupyter_client.kernelspec import KernelSpecManager;"
        "print(json.dumps({'dirs': [paths.jupyter_config_dir(), paths.jupyter_data_dir(), paths.jupyter_runtime_dir(),"
        " *paths.jupyter_config_path(), *paths.jupyter_path()], 'kernels': KernelSpecManager().find_kernel_specs()}))"
    )
    home = tmp_path / "home"
    env = jupyter_env(home)
    found = json.loads(
        subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    )
    user = Path.home().resolve()
    theirs = [
        d
        for d in found["dirs"]
        if Path(d).resolve().is_relative_to(user) and not Path(d).resolve().is_relative_to(home.resolve())
    ]
    assert theirs == [], "the servers would use the user's Jupyter folders"
    assert Path(found["kernels"]["python3"]).resolve().is_relative_to(Path(sys.prefix).resolve())


def test_the_noble_label_is_written_through_one_constant():
    # a chart's "day"/"night" shown as 晝/夜: through liuren.school.NOBLE_LABEL, not spelled out again
    inline = re.compile(r"""['"]晝['"] if \w+(\.\w+)* == ['"]day['"]""")
    found = [
        f"{p.relative_to(ROOT)}:{n}"
        for p in sorted((ROOT / "liuren").rglob("*.py"))
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if inline.search(line)
    ]
    assert found == []
