"""The course a learner runs: a copy of the shipped notebooks in a folder of their own (``liuren course``).

The notebooks (``*.ipynb``), their MyST sources (``src/*.md``), the jupytext pairing
(``jupytext.toml``) and the Voilà settings (``voila.json``) ship inside the package (pyproject.toml
maps the repository's ``notebooks/`` into the wheel as ``liuren/notebooks/``). A learner never runs
them there: :func:`copy_course` copies them into a folder (``./liuren-course`` by default), and
running the notebooks writes only that copy, never the package nor a checkout's tracked files.

Copying again (after an upgrade) never loses a learner's work. A manifest in the folder
(:data:`MANIFEST`, JSON) records the liuren version and the SHA-256 of every file as it was copied.

* a file that is missing is copied;
* a file whose content is still what was copied (or already the shipped one) is brought up to date;
* a file the learner changed is kept as it is, and the shipped version is written beside it, with the
  version in its name: ``06-lide-zhuixu-wuyin.v0.3.0.ipynb`` (``src/03-….v0.3.0.md`` beside its source;
  ``-2``, ``-3`` … are added rather than replace a file already there).

Nothing is ever deleted, and every file is written with :func:`liuren.files.write_atomic`.

JupyterLab 4 draws a notebook's cells lazily (its ``windowingMode`` setting, default
``"contentVisibility"``): a link to a heading (``[…](#n08-void)``, or from ``contents.ipynb`` to
``08-reading.ipynb#n08-void``) can land at the wrong place, because the cells above the heading have not
been measured yet. ``liuren course`` therefore starts JupyterLab with ``--LabApp.app_settings_dir`` set
to a folder of the course's own (:data:`LAB_SETTINGS`), whose ``overrides.json``
(:func:`lab_settings`) turns that off (:data:`LAB_OVERRIDES`, every cell drawn) for this JupyterLab
only: the learner's own settings and other JupyterLab sessions are untouched, and a setting the
learner changes in JupyterLab still wins. The ``overrides.json`` and ``page_config.json`` of the
application settings folder that would otherwise be used are carried over (ours on top).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

from . import __version__
from .errors import LiurenError, WriteError, quote
from .files import write_atomic

DEFAULT_FOLDER = "liuren-course"
"""Where ``liuren course`` copies the course when no folder is given (relative to the working folder)."""
MANIFEST = ".liuren-course.json"
"""The manifest's file name, in the course folder: ``{"liuren": version, "files": {path: sha256}}``."""
PATTERNS = ("*.ipynb", "src/*.md", "jupytext.toml", "voila.json")
"""The course's files, relative to the notebooks folder (what pyproject's package-data ships)."""
LAB_SETTINGS = ".liuren-lab"
"""The folder, in the course folder, that ``liuren course`` gives JupyterLab as its application
settings folder (hidden, so the file browser does not show it; not in the manifest)."""
LAB_OVERRIDES: dict[str, dict[str, object]] = {"@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"}}
"""JupyterLab setting defaults for the course: every cell drawn, so every heading a link names exists
at its real place (the notebooks are small; ``"defer"`` would leave a link clicked early missing)."""
PATH_LIMIT = 200
"""How many characters of a path an error quotes: enough to name a course folder's file in full."""


class CourseError(LiurenError):
    """The shipped course cannot be found, or a course folder's manifest cannot be read."""


@dataclass(frozen=True)
class CopyReport:
    """What :func:`copy_course` did, each path relative to ``folder`` (POSIX form)."""

    folder: Path
    version: str
    copied: tuple[str, ...] = ()
    updated: tuple[str, ...] = ()
    current: tuple[str, ...] = ()
    kept: tuple[tuple[str, str], ...] = ()
    """(the learner's edited file, the shipped version written beside it)"""

    def text(self) -> str:
        """The report for the command line."""
        lines = [f"liuren course {self.version} in {self.folder}:"]
        if self.copied:
            lines.append(f"  copied {len(self.copied)} files")
        if self.updated:
            lines.append(f"  updated {len(self.updated)} unedited files to this version: {', '.join(self.updated)}")
        if self.current:
            lines.append(f"  {len(self.current)} files already up to date")
        for mine, newer in self.kept:
            lines.append(f"  kept your edited {mine}; this version's copy is beside it: {newer}")
        lines.append(f"Start with {self.folder / 'contents.ipynb'}.")
        return "\n".join(lines)


def shipped() -> Traversable:
    """The course as the package ships it: ``liuren/notebooks`` in an installed wheel, or the
    ``notebooks/`` folder beside the package in a checkout (an editable install or ``PYTHONPATH``),
    where setuptools' editable finder cannot resolve the mapped folder."""
    installed = files("liuren") / "notebooks"
    if installed.is_dir():
        return installed
    checkout = Path(__file__).resolve().parent.parent / "notebooks"
    if (checkout / "contents.ipynb").is_file():
        return checkout
    raise CourseError(
        f"the course is not installed with liuren (no {quote(str(installed), PATH_LIMIT)} and no {quote(str(checkout), PATH_LIMIT)}); "
        "reinstall it: pip install --force-reinstall liuren"
    )


def course_files(source: Traversable | None = None) -> dict[str, bytes]:
    """Every file of the course (``source``, the shipped one by default), by its relative POSIX path."""
    root = shipped() if source is None else source
    found: dict[str, bytes] = {}
    for pattern in PATTERNS:
        folder, _, glob = pattern.rpartition("/")
        where = root / folder if folder else root
        if not where.is_dir():
            continue
        for item in where.iterdir():
            if item.is_file() and Path(item.name).match(glob):
                found[f"{folder}/{item.name}" if folder else item.name] = item.read_bytes()
    if not any(name.endswith(".ipynb") for name in found):
        raise CourseError(f"the course at {quote(str(root), PATH_LIMIT)} holds no notebook")
    return dict(sorted(found.items()))


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_manifest(folder: Path) -> dict[str, str]:
    """The hashes the manifest in ``folder`` records (empty when there is none)."""
    path = folder / MANIFEST
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeError) as error:
        raise CourseError(f"the course manifest {quote(str(path), PATH_LIMIT)} cannot be read: {error}") from None
    try:
        data = json.loads(text)
        hashes = data["files"]
        if not isinstance(hashes, dict) or not all(isinstance(v, str) for v in hashes.values()):
            raise TypeError
    except (ValueError, KeyError, TypeError):
        raise CourseError(
            f"{quote(str(path), PATH_LIMIT)} is not a liuren course manifest; move it away and run liuren course again "
            "(an edited file is kept either way: one that differs from the course counts as edited)"
        ) from None
    return {str(k): v for k, v in hashes.items()}


def _beside(folder: Path, name: str, version: str, data: bytes) -> str:
    """A free name for the shipped ``data`` beside the learner's ``name``: ``stem.vVERSION.suffix``,
    or the name of a file there that already holds exactly ``data``."""
    path = Path(name)
    for n in range(1, 1000):
        mark = f".v{version}" if n == 1 else f".v{version}-{n}"
        candidate = path.with_name(f"{path.stem}{mark}{path.suffix}").as_posix()
        target = folder / candidate
        if not target.exists() and not target.is_symlink():
            return candidate
        if target.is_file() and target.read_bytes() == data:
            return candidate
    raise WriteError(f"path={quote(str(folder / name), PATH_LIMIT)}: no free name beside it for the newer version")


def _write(path: Path, data: bytes | str) -> None:
    """:func:`write_atomic`, its error naming the whole path (it quotes only the path's start)."""
    try:
        write_atomic(path, data)
    except WriteError as error:
        raise WriteError(f"liuren course cannot write {quote(str(path), PATH_LIMIT)}: {error}") from None


def lab_settings(folder: str | os.PathLike[str], base: str | os.PathLike[str] | None = None) -> Path:
    """Write ``folder``/:data:`LAB_SETTINGS`/``overrides.json`` (:data:`LAB_OVERRIDES` over the
    ``overrides.json`` of ``base``, the application settings folder JupyterLab would use, if it has
    one) and a copy of ``base``'s ``page_config.json``; return that folder, for
    ``--LabApp.app_settings_dir``. A ``base`` file that is not a JSON object is left out."""
    target = Path(folder) / LAB_SETTINGS
    _make_folder(target)
    overrides: dict[str, object] = {}
    if base is not None:
        for name in ("overrides.json", "page_config.json"):
            try:
                text = (Path(base) / name).read_text(encoding="utf-8")
                data = json.loads(text)
            except (OSError, ValueError):
                continue
            if not isinstance(data, dict):
                continue
            if name == "page_config.json":
                _write(target / name, text)
            else:
                overrides.update(data)
    for plugin, values in LAB_OVERRIDES.items():
        mine = overrides.get(plugin)
        overrides[plugin] = {**(mine if isinstance(mine, dict) else {}), **values}
    _write(target / "overrides.json", json.dumps(overrides, indent=2, ensure_ascii=False) + "\n")
    return target


def _make_folder(path: Path) -> None:
    if path.exists() and not path.is_dir():
        raise WriteError(
            f"path={quote(str(path), PATH_LIMIT)} is not a folder; give liuren course a folder (new or existing)"
        )
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise WriteError(
            f"path={quote(str(path), PATH_LIMIT)}: the folder cannot be made: {error.strerror or error}"
        ) from None


def copy_course(
    folder: str | os.PathLike[str] = DEFAULT_FOLDER,
    *,
    source: Traversable | None = None,
    version: str = __version__,
) -> CopyReport:
    """Copy the course into ``folder`` (made if missing) as the module's docstring says; ``source``
    (the shipped course by default) and ``version`` are there for tests and tools."""
    root = Path(folder)
    course = course_files(source)
    _make_folder(root)
    if not os.access(root, os.W_OK):
        raise WriteError(
            f"path={quote(str(root), PATH_LIMIT)} is a read-only folder; give liuren course a folder you can write"
        )
    recorded = read_manifest(root)
    copied: list[str] = []
    updated: list[str] = []
    current: list[str] = []
    kept: list[tuple[str, str]] = []
    hashes = dict(recorded)
    for name, data in course.items():
        target = root / name
        new = digest(data)
        if target.is_symlink() or (target.exists() and not target.is_file()):
            mine: bytes | None = b""  # not a file liuren wrote: left alone, the course set beside it
        else:
            try:
                mine = target.read_bytes()
            except FileNotFoundError:
                mine = None
            except OSError as error:
                raise WriteError(
                    f"path={quote(str(target), PATH_LIMIT)} cannot be read: {error.strerror or error}"
                ) from None
        if mine is None:
            _make_folder(target.parent)
            _write(target, data)
            copied.append(name)
            hashes[name] = new
        elif digest(mine) == new:
            current.append(name)
            hashes[name] = new
        elif recorded.get(name) == digest(mine):  # as liuren copied it: the learner did not touch it
            _write(target, data)
            updated.append(name)
            hashes[name] = new
        else:  # the learner's own: kept; the manifest keeps what was copied, so it stays "edited"
            newer = _beside(root, name, version, data)
            if not (root / newer).exists():
                _write(root / newer, data)
            kept.append((name, newer))
    manifest = {"liuren": version, "files": dict(sorted(hashes.items()))}
    _write(root / MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=1) + "\n")
    return CopyReport(root, version, tuple(copied), tuple(updated), tuple(current), tuple(kept))


__all__ = ["DEFAULT_FOLDER", "MANIFEST", "CopyReport", "CourseError", "copy_course", "course_files", "shipped"]
