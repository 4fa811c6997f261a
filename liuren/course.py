"""The course a learner runs: a copy of the shipped notebooks in a folder of their own (``liuren course``).

The notebooks (``*.ipynb``), their MyST sources (``src/*.md``), the jupytext pairing
(``jupytext.toml``) and the Voilà settings (``voila.json``) ship inside the package (pyproject.toml
maps the repository's ``notebooks/`` into the wheel as ``liuren/notebooks/``). A learner never runs
them there: :func:`copy_course` copies them into a folder (``./liuren-course`` by default), and
running the notebooks writes only that copy, never the package nor a checkout's tracked files.

Copying again (after an upgrade) never loses a learner's work. A manifest in the folder
(:data:`MANIFEST`, JSON) records the liuren version, the SHA-256 of every file as it was copied and,
for a notebook, the SHA-256 of its cells' sources (:func:`sources_digest`: each cell's type and source,
not its outputs, execution count or metadata).

* a file that is missing is copied;
* a file whose content is still what was copied (or already the shipped one) is brought up to date;
* a notebook the learner only ran (and saved) is not edited: its cells' sources are still those that
  were copied, so it is brought up to date too (its outputs are the only thing replaced), and so is
  its markdown source, which saving rewrites unchanged;
* a file the learner changed is kept as it is, and the shipped version is written beside it, with the
  version in its name: ``06-lide-zhuixu-wuyin.v0.3.0.ipynb`` (``src/03-….v0.3.0.md`` beside its source;
  ``-2``, ``-3`` … are added rather than replace a file already there). A notebook and its markdown
  source go together: when one is edited, both are kept;
* a file an earlier version copied that this one no longer ships (a notebook renamed or split) stays
  as it is; the report names it and the notebooks of this version with the same number.

Nothing is ever deleted, and every file is written with :func:`liuren.files.write_atomic`. The course
list is never written here: it is whatever the package ships (:data:`PATTERNS`).

The course has two editions (:data:`EDITIONS`): the Korean one (``ko``, the default), the notebooks at
the root of the shipped folder, and its English twin (``en``), the same file names in its ``en/``
folder. ``liuren course --lang en`` copies the English notebooks, their ``src/*.md`` and the shared
``jupytext.toml`` and ``voila.json`` into the root of its folder (``./liuren-course-en`` by default), so
either copy is a course of the same shape; the Korean copy does not carry ``en/``. The manifest records
the edition, and copying one edition into a folder that holds the other is refused (a
:class:`CourseError` naming both) before anything is written: the two would overwrite each other's
notebooks file by file.

A copy that stops half way (a full disk) is resumable, never a copy without a manifest: the manifest
is written before the first file, and every file on disk is then either one the manifest records, the
shipped one, or the learner's. The error says how far it got; running ``liuren course`` again, once
there is room, finishes it. A folder the command made and could write nothing into is removed again.

JupyterLab 4 draws a notebook's cells lazily (its ``windowingMode`` setting, default
``"contentVisibility"``): a link to a heading (``[…](#n08-void)``, or from ``contents.ipynb`` to
``08-reading.ipynb#n08-void``) can land at the wrong place, because the cells above the heading have not
been measured yet. ``liuren course`` therefore starts JupyterLab with ``--LabApp.app_settings_dir`` set
to a folder of the course's own (:data:`LAB_SETTINGS`), whose ``overrides.json``
(:func:`lab_settings`) turns that off (:data:`LAB_OVERRIDES`, every cell drawn) for this JupyterLab
only: the learner's own settings and other JupyterLab sessions are untouched, and a setting the
learner changes in JupyterLab still wins. The same file turns off JupyterLab's "Jupyter news" prompt
(``fetchNews``), whose toast otherwise covers the lower right of every page of the course. The
``overrides.json`` and ``page_config.json`` of the application settings folder that would otherwise be
used are carried over (ours on top).
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

from . import __version__
from .errors import LiurenError, ParseError, WriteError, quote
from .files import write_atomic

DEFAULT_FOLDER = "liuren-course"
"""Where ``liuren course`` copies the course when no folder is given (relative to the working folder)."""
EDITIONS = {"ko": "Korean", "en": "English"}
"""The course's editions (``lang``) and their names in messages; ``ko`` is the default."""
DEFAULT_EDITION = "ko"
EDITION_NOTES = {code: f" ({name} edition)" for code, name in EDITIONS.items() if code != DEFAULT_EDITION}
"""What the report adds after the version for an edition other than the default."""
DEFAULT_FOLDERS = {"ko": DEFAULT_FOLDER, "en": "liuren-course-en"}
"""Where each edition goes when no folder is given."""
MANIFEST = ".liuren-course.json"
"""The manifest's file name, in the course folder: ``{"liuren": version, "edition": lang, "files":
{path: sha256}, "sources": {notebook: sha256}}`` (a manifest without ``edition`` is a Korean copy's)."""
PATTERNS = ("*.ipynb", "src/*.md", "jupytext.toml", "voila.json")
"""The course's files, relative to the notebooks folder (what pyproject's package-data ships); the
English edition's notebooks and sources are the same patterns under ``en/``, its ``jupytext.toml`` and
``voila.json`` the shared ones."""
SHIPPED = (*PATTERNS, "en/*.ipynb", "en/src/*.md")
"""What pyproject's package-data ships of the notebooks folder: both editions."""
SHARED = ("jupytext.toml", "voila.json")
"""The files both editions take from the notebooks folder's root."""
LANG_ACCEPTED = "accepted: " + " or ".join(f"{code!r} ({name})" for code, name in EDITIONS.items())
LAB_SETTINGS = ".liuren-lab"
"""The folder, in the course folder, that ``liuren course`` gives JupyterLab as its application
settings folder (hidden, so the file browser does not show it; not in the manifest)."""
LAB_OVERRIDES: dict[str, dict[str, object]] = {
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false"},
}
"""JupyterLab setting defaults for the course: every cell drawn, so every heading a link names exists
at its real place (the notebooks are small; ``"defer"`` would leave a link clicked early missing); and
no "Jupyter news" prompt (JupyterLab 4's ``fetchNews`` is the string ``"true"``, ``"false"`` or
``"none"``, the default, which asks)."""
FOLDER_ACCEPTED = "accepted: a folder path, new or existing, e.g. 'liuren-course' (leave DIR out for ./liuren-course)"
NUMBER = re.compile(r"^(\d+)[a-z]?-")
"""A course notebook's number: ``07`` of ``07-…``, ``07b-…`` and ``07c-…`` alike (a notebook split in
parts keeps its number and adds a letter)."""
FULL = frozenset((errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)))
"""A disk (or a quota) that is full."""
PATH_LIMIT = 200
"""How many characters of a path an error quotes: enough to name a course folder's file in full."""


class CourseError(LiurenError):
    """The shipped course cannot be found, or a course folder's manifest cannot be read."""


@dataclass(frozen=True)
class CopyReport:
    """What :func:`copy_course` did, each path relative to ``folder`` (POSIX form)."""

    folder: Path
    version: str
    lang: str = DEFAULT_EDITION
    copied: tuple[str, ...] = ()
    updated: tuple[str, ...] = ()
    """Files brought up to date; the notebooks among them the learner had run are also in ``ran``."""
    current: tuple[str, ...] = ()
    kept: tuple[tuple[str, str], ...] = ()
    """(the learner's edited file, the shipped version written beside it)"""
    ran: tuple[str, ...] = ()
    """Notebooks the learner had run but not edited (same cell sources), brought up to date."""
    retired: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(a file an earlier version copied that this one no longer ships, this version's files with its number)"""

    def text(self) -> str:
        """The report for the command line."""
        named = EDITION_NOTES.get(self.lang, "")
        lines = [f"liuren course {self.version}{named} in {self.folder}:"]
        if self.copied:
            lines.append(f"  copied {len(self.copied)} files")
        if self.updated:
            lines.append(f"  updated {len(self.updated)} unedited files to this version: {', '.join(self.updated)}")
        if self.ran:
            lines.append(
                f"  {', '.join(self.ran)}: you had run but not edited (same cells); updated, so their outputs are "
                "this version's until you run them again"
            )
        if self.current:
            lines.append(f"  {len(self.current)} files already up to date")
        for mine, newer in self.kept:
            lines.append(f"  kept your edited {mine}; this version's copy is beside it: {newer}")
        for old, now in self.retired:
            instead = f"; this version has {', '.join(now)}" if now else ""
            lines.append(f"  kept {old}, which this version no longer ships (renamed or split){instead}")
        lines.append(f"Start with {self.folder / 'contents.ipynb'}.")
        return "\n".join(lines)


@dataclass(frozen=True)
class Recorded:
    """What a course folder's manifest records: each file's SHA-256 as copied, and each notebook's
    :func:`sources_digest` (empty for a manifest an older liuren wrote)."""

    files: dict[str, str] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    edition: str | None = None
    """The edition copied (``ko`` for a manifest without one); None when there is no manifest."""


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


def edition(lang: object) -> str:
    """``lang`` as an edition's code (:data:`EDITIONS`: ``"ko"``, ``"en"``; any case, surrounding spaces
    ignored), or a :class:`ParseError` saying which are accepted."""
    code = lang.strip().lower() if isinstance(lang, str) else None
    if code not in EDITIONS:
        raise ParseError(f"lang={quote(lang)} is not an edition of the course; {LANG_ACCEPTED}")
    return code


OTHER_EDITION_LINK = re.compile(rb"\[([^\]\n]+)\]\((?:en/|\.\./)(?:contents|classroom)\.ipynb\)")
"""A link from the contents or the classroom page to its twin in the other edition (``en/…`` from the
Korean edition, ``../…`` from the English one), as the shipped course has them side by side."""


def unlink_other_edition(data: bytes) -> bytes:
    """``data`` with each link to the other edition's twin page turned into its words: a copy holds one
    edition, so the link would lead nowhere (JupyterLab opens nothing and says nothing). The words beside
    it say how to get that edition (``liuren course --lang en``).

    >>> unlink_other_edition(b"English -> [the English contents](en/contents.ipynb) (`liuren course --lang en`)")
    b'English -> the English contents (`liuren course --lang en`)'
    >>> unlink_other_edition(b"[04](04-yaoke.ipynb#n04-top)")
    b'[04](04-yaoke.ipynb#n04-top)'
    """
    return OTHER_EDITION_LINK.sub(rb"\1", data)


def course_files(source: Traversable | None = None, lang: str = DEFAULT_EDITION) -> dict[str, bytes]:
    """Every file of the course's edition ``lang`` (of ``source``, the shipped course by default), by the
    relative POSIX path it has in a copy: the English notebooks come from ``en/`` to the copy's root. The
    links to the other edition are words in a copy (:func:`unlink_other_edition`)."""
    root = shipped() if source is None else source
    code = edition(lang)
    top = root if code == DEFAULT_EDITION else root / code
    found: dict[str, bytes] = {}
    for pattern in PATTERNS:
        folder, _, glob = pattern.rpartition("/")
        base = root if pattern in SHARED else top
        where = base / folder if folder else base
        if not where.is_dir():
            continue
        for item in where.iterdir():
            if item.is_file() and Path(item.name).match(glob):
                data = item.read_bytes()
                if item.name.endswith((".ipynb", ".md")):
                    data = unlink_other_edition(data)
                found[f"{folder}/{item.name}" if folder else item.name] = data
    if not any(name.endswith(".ipynb") for name in found):
        raise CourseError(
            f"the {EDITIONS[code]} course at {quote(str(top), PATH_LIMIT)} holds no notebook; "
            "reinstall liuren: pip install --force-reinstall liuren"
        )
    return dict(sorted(found.items()))


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sources_digest(data: bytes) -> str | None:
    """The SHA-256 of a notebook's cells as the learner writes them: each cell's type and source, in
    order. Outputs, execution counts and metadata (a solution opened, a cell collapsed) are left out, so
    running and saving a notebook keeps it. None when ``data`` is not a notebook (JSON with a list of
    cells)."""
    try:
        notebook = json.loads(data)
    except (ValueError, UnicodeError):
        return None
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list):
        return None
    parts: list[tuple[object, str]] = []
    for cell in cells:
        if not isinstance(cell, dict):
            return None
        source = cell.get("source", "")
        if isinstance(source, list) and all(isinstance(line, str) for line in source):
            source = "".join(source)
        if not isinstance(source, str):
            return None
        parts.append((cell.get("cell_type"), source))
    return digest(json.dumps(parts, ensure_ascii=False).encode("utf-8"))


def _notebook_sources(name: str, data: bytes) -> str | None:
    return sources_digest(data) if name.endswith(".ipynb") else None


def read_manifest(folder: Path) -> Recorded:
    """What the manifest in ``folder`` records (nothing when there is none)."""
    path = folder / MANIFEST
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Recorded()
    except (OSError, UnicodeError) as error:
        raise CourseError(f"the course manifest {quote(str(path), PATH_LIMIT)} cannot be read: {error}") from None
    try:
        data = json.loads(text)
        tables = data["files"], data.get("sources", {})
        for table in tables:
            if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
                raise TypeError
    except (ValueError, KeyError, TypeError, AttributeError):
        raise CourseError(
            f"{quote(str(path), PATH_LIMIT)} is not a liuren course manifest; move it away and run liuren course again "
            "(an edited file is kept either way: one that differs from the course counts as edited)"
        ) from None
    copied = data.get("edition", DEFAULT_EDITION)
    if not isinstance(copied, str) or copied not in EDITIONS:
        raise CourseError(
            f"{quote(str(path), PATH_LIMIT)} records an edition liuren does not know ({quote(copied)}); "
            f"{LANG_ACCEPTED}; move it away and run liuren course again"
        )
    files, sources = ({str(k): v for k, v in table.items()} for table in tables)
    return Recorded(files, sources, copied)


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
    """:func:`write_atomic`, its error naming the whole path (it quotes only the path's start); a disk
    that fails (full, an I/O error) is a :class:`WriteError` too, saying so."""
    try:
        write_atomic(path, data)
    except WriteError as error:
        raise WriteError(f"liuren course cannot write {quote(str(path), PATH_LIMIT)}: {error}") from None
    except OSError as error:
        why = "the disk is full" if error.errno in FULL else "the disk failed"
        raise WriteError(
            f"liuren course cannot write {quote(str(path), PATH_LIMIT)}: {why} ({error.strerror or error})"
        ) from None


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


def _folder(folder: object) -> Path:
    """``folder`` as a :class:`Path`, refused (:class:`ParseError`) when it is not a path at all: an empty
    string would be the working folder, a NUL cannot be in a file name."""
    if not isinstance(folder, str | os.PathLike):
        raise ParseError(f"folder={quote(folder)} ({type(folder).__name__}) is not a folder path; {FOLDER_ACCEPTED}")
    text = os.fspath(folder)
    if not isinstance(text, str):
        raise ParseError(f"folder={quote(folder)} is a bytes path; {FOLDER_ACCEPTED}")
    if not text.strip():
        raise ParseError(f"folder={quote(text)} is empty; {FOLDER_ACCEPTED}")
    if "\0" in text:
        raise ParseError(f"folder={quote(text, PATH_LIMIT)} contains a NUL character; {FOLDER_ACCEPTED}")
    return Path(text)


def _partner(name: str) -> str | None:
    """The other half of a jupytext pair: ``src/NN-x.md`` for ``NN-x.ipynb`` and back (None for other files)."""
    if name.endswith(".ipynb") and "/" not in name:
        return f"src/{name[: -len('.ipynb')]}.md"
    if name.startswith("src/") and name.endswith(".md"):
        return f"{name[len('src/') : -len('.md')]}.ipynb"
    return None


def _retired(recorded: Recorded, course: dict[str, bytes], root: Path) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Files the manifest records that the course no longer ships and that are still there, each with
    this course's files of the same number in the same folder (``07-…``, ``07b-…`` for a retired ``07-…``)."""
    found = []
    for name in sorted(set(recorded.files) - set(course)):
        if not (root / name).is_file():
            continue
        number = NUMBER.match(Path(name).name)
        folder = Path(name).parent
        now = tuple(
            n
            for n in course
            if number and Path(n).parent == folder and (m := NUMBER.match(Path(n).name)) and m[1] == number[1]
        )
        found.append((name, now))
    return tuple(found)


def copy_course(
    folder: str | os.PathLike[str] | None = None,
    *,
    lang: str = DEFAULT_EDITION,
    source: Traversable | None = None,
    version: str = __version__,
) -> CopyReport:
    """Copy the course's edition ``lang`` (``"ko"``, the default, or ``"en"``) into ``folder`` (made if
    missing; :data:`DEFAULT_FOLDERS` by default) as the module's docstring says; ``source`` (the shipped
    course by default) and ``version`` are there for tests and tools."""
    code = edition(lang)
    root = _folder(DEFAULT_FOLDERS[code] if folder is None else folder)
    course = course_files(source, code)
    if root.is_dir():
        other = read_manifest(root).edition
        if other not in (None, code):
            raise CourseError(
                f"{quote(str(root), PATH_LIMIT)} holds the {EDITIONS[other]} edition of the course (--lang {other}), "
                f"not the {EDITIONS[code]} one (--lang {code}): the two would overwrite each other's notebooks; "
                f"give the {EDITIONS[code]} edition a folder of its own (default: ./{DEFAULT_FOLDERS[code]})"
            )
    made = not root.exists() and not root.is_symlink()
    _make_folder(root)
    if not os.access(root, os.W_OK):
        raise WriteError(
            f"path={quote(str(root), PATH_LIMIT)} is a read-only folder; give liuren course a folder you can write"
        )
    recorded = read_manifest(root)
    # 1. what to do with each file (nothing is written yet)
    action: dict[str, str] = {}
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
        sources = None if mine is None else _notebook_sources(name, mine)
        if mine is None:
            action[name] = "copy"
        elif digest(mine) == new:
            action[name] = "current"
        elif recorded.files.get(name) == digest(mine):  # as liuren copied it: the learner did not touch it
            action[name] = "update"
        elif sources is not None and sources == _notebook_sources(name, data):
            action[name] = "current"  # this version's cells, which the learner ran: their outputs stay
        elif sources is not None and recorded.sources.get(name) == sources:  # run and saved, not edited
            action[name] = "ran"
        else:
            action[name] = "keep"
    for name in course:  # a notebook and its markdown source go together: one edited keeps both
        partner = _partner(name)
        if action[name] in ("update", "ran") and partner in action and action[partner] == "keep":
            action[name] = "keep"
    # 2. the manifest first, so that a copy stopped half way is never one without a manifest
    files, sources_table = dict(recorded.files), dict(recorded.sources)

    def record(name: str) -> None:
        files[name] = digest(course[name])
        if (shipped_sources := _notebook_sources(name, course[name])) is not None:
            sources_table[name] = shipped_sources

    def write_manifest() -> None:
        manifest = {
            "liuren": version,
            "edition": code,
            "files": dict(sorted(files.items())),
            "sources": dict(sorted(sources_table.items())),
        }
        _write(root / MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=1) + "\n")

    for name, what in action.items():
        if what == "current":
            record(name)
    kept: list[tuple[str, str]] = []
    written = 0
    try:
        write_manifest()
    except WriteError:
        if made:
            with contextlib.suppress(OSError):
                root.rmdir()  # only if it is still empty: a folder of ours with nothing in it
        raise
    # 3. the files; the manifest is brought up to date after each one that it records
    try:
        for name, what in action.items():
            data = course[name]
            if what == "copy":
                _make_folder((root / name).parent)
            if what in ("copy", "update", "ran"):
                _write(root / name, data)
                record(name)
                written += 1
            elif what == "keep":
                newer = _beside(root, name, version, data)
                if not (root / newer).exists():
                    _write(root / newer, data)
                    written += 1
                kept.append((name, newer))
        write_manifest()
    except WriteError as error:
        with contextlib.suppress(WriteError):
            write_manifest()
        raise WriteError(
            f"{error}; {written} of {sum(w != 'current' for w in action.values())} files were written: the copy is "
            f"not finished; run liuren course again once it can write (it picks up where it stopped)"
        ) from None
    by = {what: tuple(n for n, w in action.items() if w == what) for what in ("copy", "update", "ran", "current")}
    return CopyReport(
        root,
        version,
        lang=code,
        copied=by["copy"],
        updated=tuple(n for n, w in action.items() if w in ("update", "ran")),
        current=by["current"],
        kept=tuple(kept),
        ran=by["ran"],
        retired=_retired(recorded, course, root),
    )


__all__ = [
    "DEFAULT_FOLDER",
    "DEFAULT_FOLDERS",
    "EDITIONS",
    "MANIFEST",
    "CopyReport",
    "CourseError",
    "Recorded",
    "copy_course",
    "course_files",
    "read_manifest",
    "shipped",
    "sources_digest",
]
