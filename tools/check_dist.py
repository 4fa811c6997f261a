"""Build liuren's sdist and wheel, check them, and install the wheel where nothing else is (.ci/run).

    python tools/check_dist.py

1. ``python -m build`` into a temporary folder, from a copy of the files git would commit: the sdist,
   then the wheel built from the sdist (so a file the sdist misses is missing from the wheel too);
2. ``twine check --strict`` on both (the long description renders, the metadata is complete);
3. the wheel holds exactly the package: every module of ``liuren/``, ``py.typed``, ``data/*.csv`` and
   ``fonts/*``, and the course of ``notebooks/`` (``*.ipynb``, ``src/*.md``, ``jupytext.toml``,
   ``voila.json``, and the English edition's ``en/*.ipynb`` and ``en/src/*.md``) as
   ``liuren/notebooks/``, under the version ``liuren.__version__`` says;
4. a throwaway venv with no pip of its own (this Python's uv, or its pip, installs into it, with the dependencies)
   gets the wheel; there, run isolated from this tree, ``import liuren; print(liuren.chart(...))`` must
   load liuren from the venv and print what this tree prints, the ``liuren`` command must give
   its version, and ``liuren course DIR --lang ko|en --no-lab`` must copy every notebook of that edition.

Needs ``build`` and ``twine`` (the ``test`` extra) and PyPI for the build's setuptools and the
dependencies (pip's cache serves a second run). Each step prints its time; exit status 1 on the first
failure, with what was wrong.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_DATA = ("py.typed", "data/*.csv", "fonts/*")
"""What pyproject's package-data ships besides the modules."""
COURSE_DATA = ("*.ipynb", "src/*.md", "jupytext.toml", "voila.json", "en/*.ipynb", "en/src/*.md")
"""What pyproject's package-data ships of notebooks/, as liuren/notebooks/ (the course, both editions;
liuren.course.SHIPPED)."""
SMOKE = "import liuren; print(liuren.__file__); print(liuren.chart('丙申', '午', '亥'))"


UV = importlib.util.find_spec("uv") is not None
"""uv (the ``test`` extra, as .ci/run installs it) makes the build's isolated environments and installs the
wheel: the same packages as pip installs, in a fraction of its time (the whole check took 39 CPU-seconds
and 208 s with pip, 14 CPU-seconds and 26 s with uv, one after the other on a loaded 2-core machine). pip
where uv is absent."""
INSTALLER = ("--installer", "uv") if UV else ()


class DistError(Exception):
    """A check of the built distributions failed."""


def run(*command: str | Path, cwd: Path = ROOT) -> str:
    try:
        done = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True, encoding="utf-8")
    except OSError as error:  # git or the venv's python missing
        raise DistError(f"{command[0]}: {error}") from None
    if done.returncode:
        raise DistError(f"{' '.join(map(str, command))} exited {done.returncode}:\n{done.stdout}{done.stderr}")
    return done.stdout


def expected_files() -> set[str]:
    package = ROOT / "liuren"
    files = {p for p in package.rglob("*.py") if "__pycache__" not in p.parts}
    for pattern in PACKAGE_DATA:
        matched = [p for p in package.glob(pattern) if p.is_file()]
        if not matched:
            raise DistError(f"liuren/{pattern} matches no file in the source tree")
        files.update(matched)
    shipped = {p.relative_to(ROOT).as_posix() for p in files}
    course = ROOT / "notebooks"
    for pattern in COURSE_DATA:
        matched = [p for p in course.glob(pattern) if p.is_file()]
        if not matched:
            raise DistError(f"notebooks/{pattern} matches no file in the source tree")
        shipped.update(f"liuren/notebooks/{p.relative_to(course).as_posix()}" for p in matched)
    return shipped


def build(source: Path, dist: Path) -> None:
    """The sdist and the wheel, built from a copy of the files git would commit (tracked or not ignored,
    as they are now): a stale ``liuren.egg-info`` in the tree lists the files of an earlier build, and
    setuptools would put them in the sdist even when package-data no longer names them."""
    listed = run("git", "ls-files", "--cached", "--others", "--exclude-standard", "-z").split("\0")
    for name in filter(None, listed):
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    run(sys.executable, "-m", "build", *INSTALLER, "--outdir", dist, source)


def check_wheel(wheel: Path, version: str) -> None:
    if not wheel.name.startswith(f"liuren-{version}-"):
        raise DistError(f"{wheel.name} is not liuren {version}")
    with zipfile.ZipFile(wheel) as archive:
        shipped = {n for n in archive.namelist() if not n.startswith(f"liuren-{version}.dist-info/")}
    expected = expected_files()
    if shipped != expected:
        raise DistError(f"{wheel.name}: missing {sorted(expected - shipped)}, unexpected {sorted(shipped - expected)}")


def smoke(wheel: Path, work: Path, version: str, chart: str) -> None:
    venv = work / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    if UV:
        run(sys.executable, "-m", "uv", "pip", "install", "-q", "--python", python, wheel)
    else:
        run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--disable-pip-version-check", wheel)
    where, _, shown = run(python, "-I", "-c", SMOKE, cwd=work).partition("\n")
    if not Path(where).resolve().is_relative_to(venv.resolve()):
        raise DistError(f"the throwaway venv imported liuren from {where}, not from the wheel")
    if shown.rstrip("\n") != chart:
        raise DistError(f"the installed wheel prints another chart:\n{shown}")
    said = run(venv / "bin" / "liuren", "--version", cwd=work).strip()
    if said != f"liuren {version}":
        raise DistError(f"the installed `liuren --version` says {said!r}, not 'liuren {version}'")
    for lang, shipped in (("ko", ROOT / "notebooks"), ("en", ROOT / "notebooks" / "en")):
        run(venv / "bin" / "liuren", "course", work / f"course-{lang}", "--lang", lang, "--no-lab", cwd=work)
        notebooks = sorted(p.name for p in shipped.glob("*.ipynb"))
        copied = sorted(p.name for p in (work / f"course-{lang}").glob("*.ipynb"))
        if copied != notebooks:
            raise DistError(
                f"the installed `liuren course --lang {lang}` copied {copied}, not the course's {notebooks}"
            )


def checks(work: Path) -> None:
    sys.path.insert(0, str(ROOT))
    import liuren

    version, chart = liuren.__version__, str(liuren.chart("丙申", "午", "亥"))
    dist = work / "dist"
    step("build sdist and wheel", build, work / "src", dist)
    built = sorted(dist.iterdir())
    wheels = [p for p in built if p.suffix == ".whl"]
    if len(built) != 2 or len(wheels) != 1:
        raise DistError(f"build made {[p.name for p in built]}, not one sdist and one wheel")
    step("twine check", run, sys.executable, "-m", "twine", "check", "--strict", *built)
    step("wheel contents", check_wheel, wheels[0], version)
    step("install the wheel and run it", smoke, wheels[0], work, version, chart)


def step(name: str, function: Callable[..., object], *args: object) -> None:
    start = time.perf_counter()
    try:
        function(*args)
    except DistError as error:
        raise DistError(f"{name}: {error}") from None
    print(f"check_dist: {name}: ok ({time.perf_counter() - start:.1f} s)", flush=True)


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="liuren-dist-") as tmp:
        try:
            checks(Path(tmp))
        except DistError as error:
            print(f"check_dist: {error}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
