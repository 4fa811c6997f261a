"""``liuren course [DIR]``: the shipped course copied into a learner's folder, never written in place;
copying again keeps what the learner edited (liuren/course.py)."""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tomllib
from pathlib import Path

import pytest

import liuren
from liuren import course
from liuren.cli import main
from liuren.course import (
    LAB_OVERRIDES,
    LAB_SETTINGS,
    MANIFEST,
    CourseError,
    copy_course,
    course_files,
    lab_settings,
    shipped,
)
from liuren.errors import WriteError

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
EXPECTED = sorted(
    [p.name for p in NOTEBOOKS.glob("*.ipynb")]
    + [f"src/{p.name}" for p in (NOTEBOOKS / "src").glob("*.md")]
    + ["jupytext.toml", "voila.json"]
)


def hashes(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def listed(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


@pytest.fixture
def untouched():
    """The shipped course's files, checked unchanged after the test."""
    before = hashes(Path(str(shipped())))
    yield
    assert hashes(Path(str(shipped()))) == before


def test_a_checkout_ships_the_repository_notebooks():
    assert Path(str(shipped())) == NOTEBOOKS
    assert sorted(course_files()) == EXPECTED
    assert len([n for n in EXPECTED if n.endswith(".ipynb")]) >= 10 and "contents.ipynb" in EXPECTED


def test_pyproject_lists_every_package_and_maps_the_course():
    """packages is a list (a mapped folder is not found by packages.find): each package under liuren/
    must be in it, or the wheel would miss it; and the mapped course is exactly what course.py reads."""
    tool = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    found = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "liuren").rglob("__init__.py")
        if "__pycache__" not in p.parts
    }
    assert set(tool["packages"]) == found | {"liuren.notebooks"}
    assert tool["package-dir"] == {"liuren.notebooks": "notebooks"}
    assert tuple(tool["package-data"]["liuren.notebooks"]) == course.PATTERNS


def test_copy_into_an_empty_folder(tmp_path, untouched):
    folder = tmp_path / "mine"
    report = copy_course(folder)
    assert report.copied == tuple(EXPECTED) and report.updated == report.current == report.kept == ()
    assert listed(folder) == sorted([*EXPECTED, MANIFEST])
    for name in EXPECTED:
        assert (folder / name).read_bytes() == (NOTEBOOKS / name).read_bytes(), name
    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["liuren"] == liuren.__version__
    assert manifest["files"] == {n: h for n, h in hashes(NOTEBOOKS).items() if n in EXPECTED}


def test_again_unchanged_copies_nothing(tmp_path, untouched):
    copy_course(tmp_path)
    before = hashes(tmp_path)
    report = copy_course(tmp_path)
    assert report.current == tuple(EXPECTED) and report.copied == report.updated == report.kept == ()
    assert hashes(tmp_path) == before


def test_an_edited_notebook_is_kept_and_the_newer_one_set_beside_it(tmp_path, untouched):
    copy_course(tmp_path, version="0.2.0")
    mine = tmp_path / "08-reading.ipynb"
    source = tmp_path / "src" / "08-reading.md"
    edited = mine.read_bytes().replace(
        b'"cells": [', b'"cells": [{"cell_type": "markdown", "metadata": {}, "source": ["my note"]},', 1
    )
    assert edited != mine.read_bytes()
    mine.write_bytes(edited)
    source.write_text("my own source\n", encoding="utf-8")
    report = copy_course(tmp_path, version="0.3.0")
    assert report.kept == (
        ("08-reading.ipynb", "08-reading.v0.3.0.ipynb"),
        ("src/08-reading.md", "src/08-reading.v0.3.0.md"),
    )
    assert mine.read_bytes() == edited and source.read_text(encoding="utf-8") == "my own source\n"
    assert (tmp_path / "08-reading.v0.3.0.ipynb").read_bytes() == (NOTEBOOKS / "08-reading.ipynb").read_bytes()
    assert (tmp_path / "src" / "08-reading.v0.3.0.md").read_bytes() == (
        NOTEBOOKS / "src" / "08-reading.md"
    ).read_bytes()
    text = report.text()
    assert "kept your edited 08-reading.ipynb; this version's copy is beside it: 08-reading.v0.3.0.ipynb" in text
    # the edit stays an edit for the next run; the beside copy is not written twice, nothing is deleted
    again = copy_course(tmp_path, version="0.3.0")
    assert again.kept == report.kept and mine.read_bytes() == edited
    assert not list(tmp_path.glob("08-reading.v0.3.0-2.ipynb"))


def test_a_beside_name_already_taken_by_another_file_is_not_replaced(tmp_path, untouched):
    copy_course(tmp_path)
    (tmp_path / "classroom.ipynb").write_text("{}", encoding="utf-8")
    (tmp_path / "classroom.v9.ipynb").write_text("the learner's own file", encoding="utf-8")
    report = copy_course(tmp_path, version="9")
    assert report.kept == (("classroom.ipynb", "classroom.v9-2.ipynb"),)
    assert (tmp_path / "classroom.v9.ipynb").read_text(encoding="utf-8") == "the learner's own file"
    assert (tmp_path / "classroom.v9-2.ipynb").read_bytes() == (NOTEBOOKS / "classroom.ipynb").read_bytes()


def test_an_unedited_notebook_is_updated_when_the_shipped_one_changed(tmp_path, untouched):
    older = tmp_path / "older"
    (older / "src").mkdir(parents=True)
    for name in EXPECTED:
        data = (NOTEBOOKS / name).read_bytes()
        (older / name).write_bytes(data.replace(b"nbformat", b"nbformat ", 1) if name == "04-biezhe.ipynb" else data)
    folder = tmp_path / "course"
    copy_course(folder, source=older, version="0.1.0")
    assert (folder / "04-biezhe.ipynb").read_bytes() != (NOTEBOOKS / "04-biezhe.ipynb").read_bytes()
    report = copy_course(folder)
    assert report.updated == ("04-biezhe.ipynb",) and report.kept == report.copied == ()
    assert (folder / "04-biezhe.ipynb").read_bytes() == (NOTEBOOKS / "04-biezhe.ipynb").read_bytes()
    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["liuren"] == liuren.__version__
    assert manifest["files"] == {n: h for n, h in hashes(NOTEBOOKS).items() if n in EXPECTED}
    assert not list(folder.glob("*.v*.ipynb"))


def test_a_file_the_manifest_does_not_know_counts_as_edited(tmp_path, untouched):
    (tmp_path / "contents.ipynb").write_text("a notebook of the learner's own", encoding="utf-8")
    report = copy_course(tmp_path)
    assert report.kept == (("contents.ipynb", f"contents.v{liuren.__version__}.ipynb"),)
    assert (tmp_path / "contents.ipynb").read_text(encoding="utf-8") == "a notebook of the learner's own"
    assert len(report.copied) == len(EXPECTED) - 1


def test_a_deleted_file_is_copied_again(tmp_path, untouched):
    copy_course(tmp_path)
    (tmp_path / "voila.json").unlink()
    assert copy_course(tmp_path).copied == ("voila.json",)
    assert (tmp_path / "voila.json").read_bytes() == (NOTEBOOKS / "voila.json").read_bytes()


def test_a_folder_that_is_a_file_is_a_write_error(tmp_path):
    path = tmp_path / "course.txt"
    path.write_text("x", encoding="utf-8")
    with pytest.raises(WriteError, match=r"course\.txt.* is not a folder"):
        copy_course(path)
    with pytest.raises(WriteError, match=r"course\.txt/sub.*cannot be made"):
        copy_course(path / "sub")
    assert path.read_text(encoding="utf-8") == "x"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes a read-only folder anyway")
def test_a_read_only_folder_is_a_write_error(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        with pytest.raises(WriteError, match=r"ro'.*read-only folder"):
            copy_course(folder)
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)


def test_a_read_only_folder_is_a_write_error_for_root_too(tmp_path, monkeypatch):
    """As root nothing is read-only to os.access; a folder the system refuses (EACCES on the write) is a
    WriteError naming the file, from write_atomic."""
    import tempfile

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    with pytest.raises(WriteError, match=r"cannot write .*/course/00-reading-a-chart\.ipynb.*Permission denied"):
        copy_course(tmp_path / "course")


def test_a_damaged_manifest_is_a_course_error_and_nothing_is_written(tmp_path):
    (tmp_path / MANIFEST).write_text("{not json", encoding="utf-8")
    with pytest.raises(CourseError, match=r"\.liuren-course\.json.* is not a liuren course manifest"):
        copy_course(tmp_path)
    assert listed(tmp_path) == [MANIFEST]


def test_a_missing_course_is_a_course_error(tmp_path, monkeypatch):
    monkeypatch.setattr(course, "__file__", str(tmp_path / "liuren" / "course.py"))
    with pytest.raises(CourseError, match="the course is not installed"):
        shipped()
    with pytest.raises(CourseError, match="holds no notebook"):
        course_files(tmp_path)


# ------------------------------------------------------------------ the command
def test_command_no_lab_copies_and_says_what_it_did(tmp_path, capsys, untouched):
    assert main(["course", str(tmp_path / "c"), "--no-lab"]) == 0
    out = capsys.readouterr().out
    assert f"liuren course {liuren.__version__} in {tmp_path / 'c'}:" in out
    assert f"copied {len(EXPECTED)} files" in out
    assert listed(tmp_path / "c") == sorted([*EXPECTED, MANIFEST])


def test_command_default_folder_is_liuren_course(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["course", "--no-lab"]) == 0
    assert (tmp_path / "liuren-course" / "contents.ipynb").is_file()


def test_command_error_is_one_line_naming_the_path(tmp_path, capsys):
    path = tmp_path / "f"
    path.write_text("", encoding="utf-8")
    assert main(["course", str(path), "--no-lab"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("liuren: WriteError: path=") and str(path) in err and err.count("\n") == 1


def test_command_starts_jupyterlab_in_the_folder_with_this_python(tmp_path, monkeypatch):
    started = []

    def execv(program, argv):
        started.append((program, argv))
        raise SystemExit(0)  # execv does not return

    monkeypatch.setattr(os, "execv", execv)
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    assert main(["course", str(tmp_path / "c")]) == 0
    assert started == [
        (
            sys.executable,
            [
                sys.executable,
                "-m",
                "jupyter",
                "lab",
                f"--ServerApp.root_dir={(tmp_path / 'c').resolve()}",
                f"--LabApp.app_settings_dir={(tmp_path / 'c' / LAB_SETTINGS).resolve()}",
                "--allow-root",
            ],
        )
    ]
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    started.clear()
    assert main(["course", str(tmp_path / "c")]) == 0
    assert "--allow-root" not in started[0][1]


def test_lab_settings_put_the_course_overrides_over_the_installed_ones(tmp_path):
    """The course's JupyterLab settings folder: the installed overrides.json kept, windowing turned off
    on top of the installed tracker settings, page_config.json carried over, a broken file left out."""
    base = tmp_path / "app-settings"
    base.mkdir()
    tracker = "@jupyterlab/notebook-extension:tracker"
    installed = {tracker: {"windowingMode": "full", "kernelShutdown": True}, "other:plugin": {"x": 1}}
    (base / "overrides.json").write_text(json.dumps(installed), encoding="utf-8")
    (base / "page_config.json").write_text('{"disabledExtensions": ["a"]}', encoding="utf-8")
    folder = lab_settings(tmp_path / "c", base)
    assert folder == tmp_path / "c" / LAB_SETTINGS
    written = json.loads((folder / "overrides.json").read_text(encoding="utf-8"))
    assert written == {tracker: {"windowingMode": "none", "kernelShutdown": True}, "other:plugin": {"x": 1}}
    assert (folder / "page_config.json").read_text(encoding="utf-8") == '{"disabledExtensions": ["a"]}'
    (base / "overrides.json").write_text("[1, 2", encoding="utf-8")
    (base / "page_config.json").unlink()
    again = lab_settings(tmp_path / "d", base)
    assert json.loads((again / "overrides.json").read_text(encoding="utf-8")) == LAB_OVERRIDES
    assert not (again / "page_config.json").exists()
    assert json.loads((lab_settings(tmp_path / "e") / "overrides.json").read_text(encoding="utf-8")) == LAB_OVERRIDES


def test_command_without_jupyterlab_says_how_to_install_it(tmp_path, monkeypatch, capsys):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "jupyterlab" else real(name, *a))
    assert main(["course", str(tmp_path / "c")]) == 1
    captured = capsys.readouterr()
    assert "pip install 'liuren[jupyter]'" in captured.err and "JupyterLab is not installed" in captured.err
    assert (tmp_path / "c" / "contents.ipynb").is_file() and "copied" in captured.out
