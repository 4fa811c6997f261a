"""Build the course as a static JupyterLite site: Python runs in each learner's browser, nothing to install.

    python tools/build_lite.py                    # into ./lite-site
    python tools/build_lite.py --output DIR --cache DIR
    python -m http.server -d lite-site --bind 127.0.0.1 8000      # then open http://127.0.0.1:8000/

Every version comes from tools/lite-pins.toml. Everything is fetched from the package registries only
(``pip download`` from PyPI, ``npm pack`` from npm) into a cache folder (``--cache``, else
``$LIURENLITE_CACHE``, else ~/.cache/liuren-lite), so a second build downloads nothing:

1. the Pyodide runtime (npm ``pyodide``: pyodide.mjs, the wasm, python_stdlib.zip, pyodide-lock.json);
2. the pure-Python wheels Pyodide's lock names for the kernel to start (the ``[lock]`` table), at the
   lock's exact versions and file names; PyPI's files are not Pyodide's own builds, so the site's copy
   of the lock keeps only the packages present and records each file's own sha256;
3. the ``[added]`` wheels (comm, ipywidgets, tyme4py built from its sdist) and liuren's own wheel, built
   from this checkout, entered in that lock with their modules and dependencies: ``import liuren``
   then loads them from the site with no %pip cell;
4. the kernel's and the widget manager's labextensions (from their PyPI wheels, never from the
   installed environment: ``ignore_sys_prefix``), then ``jupyter lite build`` with every notebook of
   both editions as contents (the Korean course, its contents and classroom page at the root, the
   English edition in ``en/`` beside them, as in notebooks/), no source maps.

The site's kernel never falls back to PyPI (``disablePyPIFallback``) and starts with only what it needs
itself; the first cell's ``import liuren`` loads liuren with what it imports inside (ipywidgets, tzdata
for zoneinfo, the practice page's scheduler), all entered as liuren's dependencies in the site's lock
(the kernel loads a package when a cell imports it by name). Every notebook of both editions imports
nothing but liuren, IPython and the standard library, so every wheel is one the kernel or liuren needs.
A notebook whose kernel the site has not (a teacher's, written for ``python3``) starts on the site's
kernel with no dialog (:data:`OVERRIDES`), and each notebook carries its real date
(:func:`notebook_dates`). ``--as-before`` builds the start as it was before it was cut.

The site's front page opens the classroom page in JupyterLite's Notebook interface; ``lab/`` is the
full JupyterLab with every notebook. The language choice: the front page
names both editions' classroom page and contents, and goes on to the classroom page of the edition the
browser's languages prefer (the first of them that is Korean or English; Korean when none is), and each
contents notebook and classroom page links its twin in the other edition. (The front page keeps the
root marker every JupyterLite page reads its settings up to: the empty ``jupyter-config-data`` script.)
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PINS = Path(__file__).with_name("lite-pins.toml")
NOTEBOOKS = ROOT / "notebooks"
FRONT = "classroom.ipynb"
PRELOAD = ("ipywidgets", "tzdata")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
OVERRIDES = {"@jupyterlab/notebook-extension:tracker": {"autoStartDefaultKernel": True}}
"""JupyterLab's settings as the site overrides them (the lite dir's ``overrides.json``, which the build
merges into ``settingsOverrides``): a notebook whose kernel the site does not have, such as a teacher's
notebook written for ``python3``, starts on the site's one kernel, Python (Pyodide), with no "Select
Kernel" dialog (JupyterLab's "Automatically Start Preferred Kernel")."""
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
CACHE_ENV = "LIURENLITE_CACHE"
SITE_EXTRAS = ("practice",)
"""pyproject's extras whose packages the site's liuren loads with it (their wheels are in [added])."""


class FetchError(RuntimeError):
    """A registry could not be reached, or did not have what the pins name."""


class DownloadError(FetchError):
    """``pip download`` or ``npm pack`` failed: the registry could not be reached (or had no such file)."""


def pins() -> dict[str, Any]:
    return tomllib.loads(PINS.read_text(encoding="utf-8"))


def default_cache() -> Path:
    return Path(os.environ.get(CACHE_ENV) or Path.home() / ".cache" / "liuren-lite")


EDITIONS = ("", "en")
"""The course's editions as folders of notebooks/: the Korean one at its root, the English one in ``en/``."""


def course_notebooks() -> list[Path]:
    """The notebooks the site serves: every notebook of both editions (the course NN-*.ipynb, its contents,
    the classroom page, the glossary, the practice page, and any page added there later), as they are
    committed; the Korean ones first."""
    return [path for folder in EDITIONS for path in sorted((NOTEBOOKS / folder).glob("*.ipynb"))]


def site_path(notebook: Path) -> str:
    """Where the site serves a notebook, as in notebooks/: ``04-biezhe.ipynb``, ``en/04-biezhe.ipynb``."""
    return notebook.relative_to(NOTEBOOKS).as_posix()


def stage_contents(into: Path, dates: dict[Path, int] | None = None) -> Path:
    """The site's contents: a folder holding :func:`course_notebooks` at their :func:`site_path` (a folder
    given to ``jupyter lite build`` is served as it is laid out, ``en/`` and all), each file dated by
    ``dates`` (else :func:`notebook_dates`): the contents API lists that date as its last change."""
    dates = notebook_dates() if dates is None else dates
    for notebook in course_notebooks():
        target = into / site_path(notebook)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(notebook, target)
        os.utime(target, (dates[notebook], dates[notebook]))
    return into


def notebook_dates(notebooks: list[Path] | None = None) -> dict[Path, int]:
    """Each notebook's real date, in seconds since the epoch: its last commit's date, as git gives it,
    when the file is committed as it is; else (changed since, not committed, or no git) the file's own
    mtime. The same commit gives the same dates, so the build stays reproducible."""
    notebooks = course_notebooks() if notebooks is None else notebooks
    dates = {path: int(path.stat().st_mtime) for path in notebooks}
    try:
        changed = subprocess.run(
            ["git", "status", "--porcelain", "-z", "--untracked-files=all", "--", "notebooks"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return dates  # no git, or not a checkout: the files' own dates
    dirty = {(ROOT / entry[3:]).resolve() for entry in changed.split("\0") if entry}
    for path in notebooks:
        if path.resolve() in dirty:
            continue
        done = subprocess.run(
            ["git", "log", "-1", "--format=%ct", "--", str(path.relative_to(ROOT))],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        if done.returncode == 0 and done.stdout.strip().isdigit():
            dates[path] = int(done.stdout.strip())
    return dates


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def run(argv: list[str], what: str, cwd: Path | None = None, error: type[FetchError] = FetchError) -> str:
    try:
        done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True)
    except FileNotFoundError:
        raise FetchError(f"{what}: {argv[0]} is not installed") from None
    if done.returncode:
        raise error(f"{what} failed ({' '.join(argv[:4])} …):\n{(done.stdout + done.stderr)[-2000:]}")
    return done.stdout


def pip(*args: str) -> list[str]:
    return [sys.executable, "-m", "pip", *args, "--disable-pip-version-check", "-q"]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ------------------------------------------------------------------ fetching (cached)
def wheel(cache: Path, name: str, version: str, file_name: str | None = None, python: str = "3.14") -> Path:
    """``name==version``'s wheel from PyPI for the browser's ``python`` (cached); ``file_name`` is the
    name it must have."""
    folder = cache / "wheels"
    found = _find_wheel(folder, name, version)
    if found is None:
        with tempfile.TemporaryDirectory(dir=_made(cache)) as tmp:
            argv = ["download", "--no-deps", "--only-binary=:all:", "--python-version", python, "-d", tmp]
            run(pip(*argv, f"{name}=={version}"), f"pip download {name}", error=DownloadError)
            _publish(Path(tmp), folder)
        found = _find_wheel(folder, name, version)
    if found is None:
        raise FetchError(f"PyPI gave no wheel for {name}=={version}")
    if file_name and found.name != file_name:
        raise FetchError(f"{name}: PyPI's wheel is {found.name}, Pyodide's lock names {file_name}")
    return found


def _find_wheel(folder: Path, name: str, version: str) -> Path | None:
    stem = re.sub(r"[-.]+", "_", name).lower()
    for path in sorted(folder.glob("*.whl")) if folder.is_dir() else []:
        dist, ver = path.name.split("-")[:2]
        if dist.lower() == stem and ver == version:
            return path
    return None


def sdist_wheel(cache: Path, name: str, version: str) -> Path:
    """A pure-Python wheel built from ``name==version``'s sdist (for a project PyPI has no wheel of)."""
    folder = cache / "wheels"
    found = _find_wheel(folder, name, version)
    if found:
        return found
    with tempfile.TemporaryDirectory(dir=_made(cache)) as tmp:
        run(
            pip("download", "--no-deps", f"--no-binary={name}", "-d", tmp, f"{name}=={version}"),
            f"pip download {name} sdist",
            error=DownloadError,
        )
        (sdist,) = Path(tmp).iterdir()
        built = Path(tmp) / "built"
        run(pip("wheel", "--no-deps", "-w", str(built), str(sdist)), f"building {name}'s wheel")
        _publish(built, folder)
    found = _find_wheel(folder, name, version)
    if found is None or not found.name.endswith("-py3-none-any.whl"):
        raise FetchError(f"{name}=={version}: its sdist did not give a pure-Python wheel")
    return found


def pyodide_runtime(cache: Path, version: str) -> Path:
    """The npm package ``pyodide@version`` unpacked (cached): the folder with pyodide.mjs and its lock."""
    folder = cache / f"pyodide-{version}"
    if all((folder / name).is_file() for name in (*RUNTIME, "pyodide-lock.json")):
        return folder
    with tempfile.TemporaryDirectory() as tmp:
        run(
            ["npm", "pack", f"pyodide@{version}", "--loglevel=error"],
            "npm pack pyodide",
            cwd=Path(tmp),
            error=DownloadError,
        )
        (tgz,) = Path(tmp).glob("*.tgz")
        with tarfile.open(tgz) as tar:
            tar.extractall(tmp, filter="data")
        # into the cache at once: another build (a second CI run on the machine) never sees half of it
        staged = Path(tempfile.mkdtemp(dir=_made(cache), prefix=f".{folder.name}-"))
        shutil.copytree(Path(tmp) / "package", staged, dirs_exist_ok=True)
        shutil.rmtree(folder, ignore_errors=True)
        try:
            staged.rename(folder)
        except OSError:  # another build put it there first
            shutil.rmtree(staged, ignore_errors=True)
    return folder


def _made(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _publish(downloaded: Path, folder: Path) -> None:
    """Move the wheels of ``downloaded`` into the cache's ``folder``, each whole (a rename on one file
    system): builds side by side on one machine share the cache and never read half a wheel."""
    _made(folder)
    for path in downloaded.glob("*.whl"):
        os.replace(path, folder / path.name)


def liuren_depends(extras: tuple[str, ...] = SITE_EXTRAS) -> list[str]:
    """The distributions liuren's wheel needs in the browser, by name: pyproject's dependencies, every
    one (tzdata included: its marker names emscripten), and those of its ``extras`` (the practice page's
    scheduler: liuren imports it, so no cell names it for the kernel to load)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    specs = [*project["dependencies"], *(s for e in extras for s in project["optional-dependencies"][e])]
    return list(dict.fromkeys(re.split(r"[\s;<>=!~\[]", spec, maxsplit=1)[0] for spec in specs))


def liuren_wheel(into: Path, course: bool = False) -> Path:
    """liuren's wheel built from this checkout (always afresh: it is the code under test), from a copy
    of what the wheel holds, so the build leaves nothing in the checkout. With ``course``, the course's
    notebooks ship inside it as in the wheel on PyPI (pyproject maps liuren.notebooks to notebooks/);
    without, ``liuren/notebooks`` is empty: the site serves the notebooks as its contents, and ``liuren
    course`` (the one reader of that folder) does not run in a browser, so the first ``import liuren``
    fetches and unpacks about 1.5 MB less."""
    source = into / "source"
    shutil.copytree(ROOT / "liuren", source / "liuren", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    if course:
        shutil.copytree(
            ROOT / "notebooks", source / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
        )
    else:
        (source / "notebooks").mkdir()
    run(pip("wheel", "--no-deps", "-w", str(into), str(source)), "building liuren's wheel")
    (found,) = into.glob("liuren-*.whl")
    return found


# ------------------------------------------------------------------ the lock
def site_lock(
    lock: dict[str, Any], chosen: dict[str, tuple[Path, list[str], list[str]]], locked: dict[str, Path]
) -> dict[str, Any]:
    """Pyodide's lock cut down to the wheels present, each with its file's sha256, plus ``chosen``
    (name → (wheel, modules, dependencies))."""
    packages = {}
    present = {norm(n) for n in [*locked, *chosen]}
    for name, path in locked.items():
        entry = dict(lock["packages"][name])
        missing = [d for d in entry["depends"] if norm(d) not in present]
        if missing:
            raise FetchError(f"{name} needs {missing} from Pyodide's lock: add them to [lock] in {PINS.name}")
        packages[name] = entry | {"sha256": sha256(path)}
    for name, (path, imports, depends) in chosen.items():
        missing = [d for d in depends if norm(d) not in present]
        if missing:
            raise FetchError(f"{name} needs {missing}, which the site does not have")
        packages[name] = {
            "name": name,
            "version": path.name.split("-")[1],
            "file_name": path.name,
            "install_dir": "site",
            "sha256": sha256(path),
            "package_type": "package",
            "imports": imports,
            "depends": depends,
            "unvendored_tests": False,
        }
    return {"info": lock["info"], "packages": dict(sorted(packages.items()))}


# ------------------------------------------------------------------ the site
def lite_config(contents: list[Path], extensions: list[Path], output: Path) -> dict[str, Any]:
    return {
        "LiteBuildConfig": {
            "contents": [str(p) for p in contents],
            "federated_extensions": [str(p) for p in extensions],
            "ignore_sys_prefix": True,
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
            "output_dir": str(output),
            "apps": ["lab", "notebooks", "tree"],
        }
    }


def site_settings(title: str, preload: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": title,
            "litePluginSettings": {
                KERNEL_PLUGIN: {
                    # relative to the site's root (JupyterLite resolves a "./…Url" against it); Pyodide
                    # finds its lock and every wheel in the same folder
                    "pyodideUrl": "./static/pyodide/pyodide.mjs",
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": list(preload)},
                }
            },
        },
    }


FRONT_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
<script>
// the edition the browser prefers: the first of its languages that is Korean or English (Korean, the
// course's first edition, when it names neither); the links below stay for a visitor who wants the other
location.replace("notebooks/index.html?path=" + (((navigator.languages || [navigator.language || ""])
  .map(function (l) {{ return String(l).slice(0, 2).toLowerCase(); }})
  .filter(function (l) {{ return l === "ko" || l === "en"; }})[0] || "ko") === "en" ? "en/" : "") + "{front}");
</script>
</head><body>
<p lang="ko"><a href="notebooks/index.html?path={front}">수업용 페이지</a> ·
<a href="lab/index.html?path=contents.ipynb">JupyterLab에서 과정 차례</a></p>
<p><a href="notebooks/index.html?path=en/{front}">The classroom page in English</a> ·
<a href="lab/index.html?path=en/contents.ipynb">the English course in JupyterLab</a></p>
</body></html>
"""


def build(output: Path, cache: Path, log: Any = print, lean: bool = True) -> dict[str, Any]:
    """Build the site into ``output`` (replaced); returns what went into it.

    ``lean`` (the default) is the start as cut: the kernel starts with nothing but what it needs
    itself, and the first cell's ``import liuren`` loads liuren with ipywidgets and tzdata (entered as
    its dependencies in the site's lock), from a wheel without the course's notebooks. ``lean=False``
    builds the site as it was before (``--as-before``), for a before-and-after measure
    (tools/bench_classroom.py): PRELOAD loaded at the kernel's start, the course inside liuren's wheel."""
    p = pins()
    started = time.perf_counter()
    cache.mkdir(parents=True, exist_ok=True)
    runtime = pyodide_runtime(cache, p["site"]["pyodide"])
    kernel = wheel(cache, "jupyterlite-pyodide-kernel", p["site"]["jupyterlite-pyodide-kernel"])
    _check_kernel_pyodide(kernel, p["site"]["pyodide"])
    _check_core(p["site"]["jupyterlite-core"])
    widgets_ext = wheel(cache, "jupyterlab-widgets", p["site"]["jupyterlab-widgets"])
    lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    locked = {}
    for name, version in p["lock"].items():
        entry = lock["packages"].get(name)
        if entry is None or entry["version"] != version:
            found = entry and entry["version"]
            raise FetchError(f"{PINS.name}: {name} {version}, but Pyodide {p['site']['pyodide']}'s lock has {found}")
        locked[name] = wheel(cache, name, version, entry["file_name"])
    chosen: dict[str, tuple[Path, list[str], list[str]]] = {}
    for name, (version, imports, depends) in p["added"].items():
        try:
            path = wheel(cache, name, version)
        except FetchError:
            path = sdist_wheel(cache, name, version)
        chosen[name] = (path, imports, depends)
    log(f"fetched into {cache} ({time.perf_counter() - started:.0f} s)")

    with tempfile.TemporaryDirectory(prefix="liuren-lite-") as tmp:
        work = Path(tmp)
        ours = liuren_wheel(work / "dist", course=not lean)
        depends = liuren_depends() + [name for name in PRELOAD if lean and name not in liuren_depends()]
        chosen["liuren"] = (ours, ["liuren"], depends)
        lite = work / "lite"
        lite.mkdir()
        staging = work / "site"
        dates = notebook_dates()
        contents = stage_contents(work / "contents", dates)
        (lite / "jupyter_lite_config.json").write_text(
            json.dumps(lite_config([contents], [kernel, widgets_ext], staging), indent=1), encoding="utf-8"
        )
        title = "大六壬 liuren"
        (lite / "jupyter-lite.json").write_text(
            json.dumps(site_settings(title, () if lean else PRELOAD), indent=1), encoding="utf-8"
        )
        (lite / "overrides.json").write_text(json.dumps(OVERRIDES, indent=1), encoding="utf-8")
        # every file of the build is dated at most the newest notebook's date (reproducible for one commit)
        epoch = os.environ.get("SOURCE_DATE_EPOCH") or str(max(dates.values()))
        env = dict(os.environ, SOURCE_DATE_EPOCH=epoch)
        env.pop("JUPYTERLITE_PYODIDE_URL", None)
        done = subprocess.run(
            [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite)],
            cwd=lite,
            env=env,
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise RuntimeError(f"jupyter lite build failed:\n{(done.stdout + done.stderr)[-4000:]}")
        target = staging / "static" / "pyodide"
        target.mkdir(parents=True, exist_ok=True)
        for name in RUNTIME:
            shutil.copy(runtime / name, target / name)
        for path in [*locked.values(), *(c[0] for c in chosen.values())]:
            shutil.copy(path, target / path.name)
        (target / "pyodide-lock.json").write_text(
            json.dumps(site_lock(lock, chosen, locked), indent=1, sort_keys=True), encoding="utf-8"
        )
        (staging / "index.html").write_text(FRONT_PAGE.format(title=title, front=FRONT), encoding="utf-8")
        with contextlib.suppress(FileNotFoundError):
            shutil.rmtree(output)
        output.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(staging, output)
    size = sum(f.stat().st_size for f in output.rglob("*") if f.is_file())
    log(f"site in {output}: {size / 1e6:.1f} MB, built in {time.perf_counter() - started:.0f} s")
    return {"output": output, "bytes": size, "wheels": sorted([*locked, *chosen]), "liuren": ours.name}


def _check_kernel_pyodide(kernel: Path, version: str) -> None:
    """The kernel names the one Pyodide it is built for (its constants.PYODIDE_VERSION)."""
    with zipfile.ZipFile(kernel) as z:
        text = z.read("jupyterlite_pyodide_kernel/constants.py").decode()
    found = re.search(r'PYODIDE_VERSION = "([^"]+)"', text)
    if not found or found[1] != version:
        raise FetchError(f"{kernel.name} is built for Pyodide {found and found[1]}, {PINS.name} pins {version}")


def _check_core(version: str) -> None:
    try:
        installed = importlib.metadata.version("jupyterlite-core")
    except importlib.metadata.PackageNotFoundError:
        raise SystemExit('jupyterlite-core is not installed: pip install -e ".[lite]"') from None
    if installed != version:
        raise SystemExit(
            f'jupyterlite-core {installed} is installed, {PINS.name} pins {version}: pip install -e ".[lite]"'
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=ROOT / "lite-site", help="the site's folder (replaced)")
    parser.add_argument(
        "--cache", type=Path, default=None, help=f"downloads (default ${CACHE_ENV} or ~/.cache/liuren-lite)"
    )
    parser.add_argument(
        "--as-before",
        action="store_true",
        help="the start as it was before the cut (ipywidgets and tzdata loaded at the kernel's start, the "
        "course inside liuren's wheel): for tools/bench_classroom.py's before-and-after",
    )
    args = parser.parse_args(argv)
    try:
        build(args.output.resolve(), (args.cache or default_cache()).resolve(), lean=not args.as_before)
    except FetchError as err:
        print(f"build_lite: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
