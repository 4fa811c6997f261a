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

from .conftest import marked_browser

ROOT = Path(__file__).parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

LAYERS = [
    {"errors", "files", "store", "school", "cycle", "nianming", "lang", "grading"},
    {"solar", "plate", "lessons", "generals"},
    {"transmissions", "records"},
    {"chart"},
    {"almanac", "find", "patterns", "printed", "intervals"},
    {"reading"},
    {"casebook"},
    {"show"},
    {"practice"},
    {"identification"},
    {"cli", "__main__", "__init__", "course"},
]
"""Imports only go downward (docs/design.md §2, Layers); a module may import its own layer and those above it.
A package (``patterns``, ``show``) is one layer: its modules share it."""

DISPLAY_HOOKS = frozenset(
    (
        ("chart", "__str__"),
        ("chart", "_repr_html_"),
        ("chart", "plot"),
        ("chart", "steps"),
        ("chart", "trace"),
        ("chart", "explain"),
        ("chart", "reading"),
        ("reading.__init__", "__str__"),
        ("reading.__init__", "_repr_html_"),
        ("reading.__init__", "text"),
        ("reading.exercise", "__str__"),
        ("reading.exercise", "_repr_html_"),
        ("chart", "_detected"),
        ("lessons", "_repr_html_"),
        ("plate", "_repr_html_"),
        ("patterns.__init__", "text"),
        ("patterns.__init__", "explain"),
        ("show.widgets", "_read_printed"),
        ("chart", "text"),
        ("nianming", "text"),
    )
)
"""The only (module, function) pairs allowed an upward import: the lazy display hooks on Chart and its
parts (``_detected``: Chart.patterns, judged on first use), a detected pattern's evidence put into words
(``Detected.text``, liuren.show.evidence), ``liuren.patterns.explain`` (liuren.show.steps), a reading
and a reading check put into text or HTML (liuren.show.reading), the explorer's 印本 box calling
``liuren.identify`` (which words its rules with liuren.show), and a 年命 put into words (``text``)."""


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
    "pathlib",
    "json",
    "argparse",
    "sqlite3",
    "platformdirs",
)
"""Display and calendar dependencies, the learner's store (sqlite3, platformdirs: liuren.store and
liuren.casebook are imported by the user), and the conveniences the engine does without: none of them may
be loaded by ``import liuren`` itself. ``dataclasses`` (and the inspect, ast, dis and tokenize it pulls in) is
allowed: School is a frozen dataclass, and that costs a few milliseconds (tools/bench_import.py)."""


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
    assert blocks[0].strip().endswith(".venv/bin/liuren course")  # it copies the course, then starts JupyterLab
    assert blocks[1].strip() == "bash .ci/run"
    dev = readme.split("## Development", 1)[1]
    test_command = re.findall(r"```bash\n(.*?)```", dev, re.S)[0].strip()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    ci_commands = [line.strip() for line in ci.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    # the test command last, then `settle`, which waits for the checks run beside it and fails if any failed
    assert ci_commands[-3:] == ["set +e", test_command, 'settle "$?"']
    assert 'pip install -q -e ".[all]"' in ci
    # the checks before the tests: README lists each one, in the order .ci/run starts them, after the
    # install (`beside`: in the background, beside the test command; README says which)
    listed = re.findall(r"^\* `(\.venv/bin/[^`]+)`", dev, re.M)
    install = next(i for i, c in enumerate(ci_commands) if 'pip install -q -e ".[all]"' in c)
    started = [c.removeprefix("beside ") for c in ci_commands[install + 1 : -3]]
    assert [c for c in started if c.startswith(".venv/bin/")] == listed
    besides = [c.removeprefix("beside ") for c in ci_commands if c.startswith("beside .venv/bin/")]
    assert besides == re.findall(r"^\* `(\.venv/bin/[^`]+)`[^\n]*\(beside the tests", dev, re.M)
    # among them, in this order: lint, formatting, strict types, packaging, the notebooks in step
    wanted = [
        lambda c: c == ".venv/bin/ruff check liuren tests tools",
        lambda c: c == ".venv/bin/ruff format --check liuren tests tools",
        lambda c: c == ".venv/bin/mypy --strict liuren",
        lambda c: c == ".venv/bin/python tools/check_dist.py",
        lambda c: "tools/make_notebooks.py" in c and "--check" in c,
    ]
    found = [next((i for i, c in enumerate(listed) if matches(c)), None) for matches in wanted]
    assert None not in found and found == sorted(found), listed
    tests = {re.split(r"[<>=! \[]", r)[0] for r in PYPROJECT["project"]["optional-dependencies"]["test"]}
    assert {"ruff", "mypy", "build", "twine"} <= tests
    assert PYPROJECT["tool"]["mypy"]["strict"] is True  # a plain `mypy` is as strict as .ci/run's


BROWSER_HELPERS = ("playwright", "tests.chromium", "tests.servers")
"""What drives chromium or starts a Jupyter or Voilà server. ``tests.servers.jupyter_env`` alone is not
among them: it only builds a server's environment (test_project checks it without starting anything)."""


def _browser_imports(path: Path) -> set[str]:
    """The browser helpers a test module imports, anywhere in it (inside a function too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules = [(a.name, None) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ("tests." if node.level == 1 else "") + (node.module or "")
            names = {a.name for a in node.names}
            modules = [(f"tests.{n}", None) for n in names] if base == "tests." else [(base, names)]
        else:
            continue
        for module, names in modules:
            helper = next((h for h in BROWSER_HELPERS if module == h or module.startswith(h + ".")), None)
            if helper and not (helper == "tests.servers" and names == {"jupyter_env"}):
                found.add(helper)
    return found


def _marked_browser(path: Path) -> bool:
    """The module sets ``pytestmark`` to ``pytest.mark.browser`` or to a list holding it (the scheduler's
    own reading, tests/conftest.py)."""
    return marked_browser(path)


def test_every_browser_or_server_test_module_is_marked_browser():
    """``pytest -m "not browser"`` (README's fast loop) leaves out every module that drives chromium or
    starts a server, so a new one must carry the marker too; pytest refuses unregistered markers."""
    options = PYPROJECT["tool"]["pytest"]["ini_options"]
    assert any(m.startswith("browser:") for m in options["markers"]) and options["strict_markers"] is True
    using = {p.stem: _browser_imports(p) for p in sorted((ROOT / "tests").glob("test_*.py"))}
    using = {stem: helpers for stem, helpers in using.items() if helpers}
    assert {"test_browser", "test_jupyterlab", "test_stepper_browser"} <= set(using)
    assert [stem for stem in using if not _marked_browser(ROOT / "tests" / f"{stem}.py")] == []
    dev = (ROOT / "README.md").read_text(encoding="utf-8").split("## Development", 1)[1].split("\n## ", 1)[0]
    assert '.venv/bin/python -m pytest -m "not browser"' in dev


def test_browser_marker_check_reads_every_import_form(tmp_path):
    cases = {
        "import playwright.sync_api\n": {"playwright"},
        "from playwright.sync_api import sync_playwright\n": {"playwright"},
        "def f():\n    from .chromium import launch\n": {"tests.chromium"},
        "from . import servers\n": {"tests.servers"},
        "from tests.servers import Server, jupyter_env\n": {"tests.servers"},
        "from .servers import jupyter_env\n": set(),
        "import pytest\nfrom .conftest import general_for\n": set(),
    }
    for n, (code, helpers) in enumerate(cases.items()):
        path = tmp_path / f"test_{n}.py"
        path.write_text(code + "pytestmark = [pytest.mark.browser]\n", encoding="utf-8")
        assert _browser_imports(path) == helpers, code
        assert _marked_browser(path)
    path.write_text("pytestmark = pytest.mark.parametrize('x', [1])\n", encoding="utf-8")
    assert not _marked_browser(path)


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
    assert {"plot", "jupyter", "test", "classroom", "hub", "lite", "practice", "all"} <= set(extras)
    assert extras["all"] == ["liuren[plot,jupyter,test,classroom,hub,lite,practice]"]
    # the hub's parts are pinned (classroom/jupyterhub_config.py is tested with these), and environment.yml agrees
    environment = (ROOT / "environment.yml").read_text(encoding="utf-8")
    assert all(f"- {r}\n" in environment for r in extras["hub"] if "==" in r), extras["hub"]
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
    if "strict_markers" in options:  # the ini option came with pytest 9 (before it, only the flag)
        assert _minimum(tests, "pytest") >= (9,)


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


def test_the_schedulers_named_modules_and_tests_exist():
    # a renamed module or test would silently leave tests/conftest.py's schedule (FIRST, LONG_MODULES,
    # LONG_CPU, SPLIT, SOLO) naming nothing
    from .conftest import FIRST, LONG_CPU, LONG_MODULES, SOLO, SPLIT

    stems = {p.stem for p in (ROOT / "tests").glob("test_*.py")}
    assert [m for m in (*FIRST, *LONG_MODULES, *LONG_CPU, *SPLIT) if m not in stems] == []
    for nodeid in SOLO:
        path, name = nodeid.split("::")
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        assert name in {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}, nodeid
