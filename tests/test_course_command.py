"""``liuren course [DIR]``: the shipped course copied into a learner's folder, never written in place;
copying again keeps what the learner edited (liuren/course.py)."""

from __future__ import annotations

import hashlib
import json
import os
import re
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
    unlink_other_edition,
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


def as_copied(path: Path) -> bytes:
    """A shipped file as a copy holds it: the links to the other edition are words there."""
    data = path.read_bytes()
    return unlink_other_edition(data) if path.suffix in (".ipynb", ".md") else data


def copied_hashes(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(as_copied(p)).hexdigest()
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
    assert tuple(tool["package-data"]["liuren.notebooks"]) == course.SHIPPED


def test_copy_into_an_empty_folder(tmp_path, untouched):
    folder = tmp_path / "mine"
    report = copy_course(folder)
    assert report.copied == tuple(EXPECTED) and report.updated == report.current == report.kept == ()
    assert listed(folder) == sorted([*EXPECTED, MANIFEST])
    for name in EXPECTED:
        assert (folder / name).read_bytes() == as_copied(NOTEBOOKS / name), name
    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["liuren"] == liuren.__version__
    assert manifest["files"] == {n: h for n, h in copied_hashes(NOTEBOOKS).items() if n in EXPECTED}


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_link_in_a_copy_leads_to_a_file_of_the_copy(tmp_path, untouched, lang):
    # a copy holds one edition: the contents' and the classroom page's links to their twins in the other
    # edition led nowhere (a reader clicked, JupyterLab opened nothing and said nothing); in a copy they are
    # words beside the command that makes the other edition's copy
    copy_course(tmp_path, lang=lang)
    seen, dead = 0, []
    for notebook in sorted(tmp_path.glob("*.ipynb")):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            for target in re.findall(r"\]\(([^)\s#]+)[^)\s]*\)", "".join(cell["source"])):
                if target.startswith(("http://", "https://")):
                    continue
                seen += 1
                if not (tmp_path / target).is_file():
                    dead.append((notebook.name, target))
    assert seen > 100 and dead == []
    for page in ("contents.ipynb", "classroom.ipynb"):
        text = (tmp_path / page).read_text(encoding="utf-8")
        assert ("liuren course --lang en" if lang == "ko" else "liuren course`") in text
    assert (
        "the English contents (in a course folder" in (tmp_path / "contents.ipynb").read_text(encoding="utf-8")
        or lang == "en"
    )


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
    assert (tmp_path / "08-reading.v0.3.0.ipynb").read_bytes() == as_copied(NOTEBOOKS / "08-reading.ipynb")
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
    assert (tmp_path / "classroom.v9-2.ipynb").read_bytes() == as_copied(NOTEBOOKS / "classroom.ipynb")


def test_an_unedited_notebook_is_updated_when_the_shipped_one_changed(tmp_path, untouched):
    older = tmp_path / "older"
    (older / "src").mkdir(parents=True)
    for name in EXPECTED:
        data = as_copied(NOTEBOOKS / name)
        (older / name).write_bytes(data.replace(b"nbformat", b"nbformat ", 1) if name == "04-biezhe.ipynb" else data)
    folder = tmp_path / "course"
    copy_course(folder, source=older, version="0.1.0")
    assert (folder / "04-biezhe.ipynb").read_bytes() != as_copied(NOTEBOOKS / "04-biezhe.ipynb")
    report = copy_course(folder)
    assert report.updated == ("04-biezhe.ipynb",) and report.kept == report.copied == ()
    assert (folder / "04-biezhe.ipynb").read_bytes() == as_copied(NOTEBOOKS / "04-biezhe.ipynb")
    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["liuren"] == liuren.__version__
    assert manifest["files"] == {n: h for n, h in copied_hashes(NOTEBOOKS).items() if n in EXPECTED}
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
    assert (tmp_path / "voila.json").read_bytes() == as_copied(NOTEBOOKS / "voila.json")


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
    # the manifest is the first file written; the folder the command made is left empty, so it is removed
    with pytest.raises(WriteError, match=r"cannot write .*/course/\.liuren-course\.json.*Permission denied"):
        copy_course(tmp_path / "course")
    assert not (tmp_path / "course").exists()


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
    assert written == {
        tracker: {"windowingMode": "none", "kernelShutdown": True},
        "other:plugin": {"x": 1},
        "@jupyterlab/apputils-extension:notification": {"fetchNews": "false"},
    }
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


# ------------------------------------------------------------------ JupyterLab's news prompt
def test_the_course_settings_turn_off_the_news_prompt_as_the_installed_jupyterlab_names_it():
    """Every course override is a setting of the installed JupyterLab's own schema, with a value it accepts:
    fetchNews "false" (not the default "none", which asks with a toast over the lower right of every page)."""
    jupyterlab = pytest.importorskip("jupyterlab")
    schemas = Path(jupyterlab.__file__).parent / "schemas"
    assert LAB_OVERRIDES["@jupyterlab/apputils-extension:notification"] == {"fetchNews": "false"}
    for plugin, values in LAB_OVERRIDES.items():
        package, _, name = plugin.partition(":")
        schema = json.loads((schemas / package / f"{name}.json").read_text(encoding="utf-8"))
        for key, value in values.items():
            setting = schema["properties"][key]
            accepted = setting.get("enum") or [choice["const"] for choice in setting.get("oneOf", [])]
            assert accepted is not None and value in accepted, (plugin, key, value, accepted)
            assert value != setting.get("default"), (plugin, key)


def test_lab_settings_hold_the_news_setting_over_an_installed_one(tmp_path):
    base = tmp_path / "base"
    base.mkdir()
    notification = "@jupyterlab/apputils-extension:notification"
    (base / "overrides.json").write_text(json.dumps({notification: {"fetchNews": "true", "doNotDisturbMode": True}}))
    written = json.loads((lab_settings(tmp_path / "c", base) / "overrides.json").read_text(encoding="utf-8"))
    assert written[notification] == {"fetchNews": "false", "doNotDisturbMode": True}


# ------------------------------------------------------------------ --port and JupyterLab's own options
def _started(monkeypatch) -> list[list[str]]:
    started: list[list[str]] = []

    def execv(program, argv):
        started.append(argv)
        raise SystemExit(0)

    monkeypatch.setattr(os, "execv", execv)
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    return started


def test_command_passes_the_port_and_jupyterlab_options_after_its_own(tmp_path, monkeypatch, capfd):
    started = _started(monkeypatch)
    folder = tmp_path / "c"
    argv = ["course", str(folder), "--port", "9123", "--ServerApp.ip=127.0.0.1", "--", "--no-browser", "--debug"]
    assert main(argv) == 0
    assert started[0][4:] == [
        f"--ServerApp.root_dir={folder.resolve()}",
        f"--LabApp.app_settings_dir={(folder / LAB_SETTINGS).resolve()}",
        "--ServerApp.port=9123",
        "--ServerApp.ip=127.0.0.1",
        "--no-browser",
        "--debug",
    ]
    out = capfd.readouterr().out
    assert "press Ctrl+C twice" in out and "jupyter server stop 9123" in out
    # a traitlets option anywhere, DIR left out after --: the default folder, the options passed on
    monkeypatch.chdir(tmp_path)
    started.clear()
    assert main(["course", "--LabApp.default_url=/lab/tree/contents.ipynb", "--", "--no-browser"]) == 0
    assert started[0][-2:] == ["--LabApp.default_url=/lab/tree/contents.ipynb", "--no-browser"]
    assert f"--ServerApp.root_dir={(tmp_path / 'liuren-course').resolve()}" in started[0]
    assert "jupyter server stop PORT" in capfd.readouterr().out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--port", "0"], "'0' is not a port; accepted: a whole number from 1 to 65535"),
        (["--port", "65536"], "is not a port"),
        (["--port", "http"], "'http' is not a port"),
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["--ServerApp.port", "9000"], "unrecognized arguments"),
        (["--no-lab", "--port", "9000"], "--no-lab starts no JupyterLab, so its options cannot be used: --port 9000"),
        (["--no-lab", "--", "--no-browser"], "cannot be used: --no-browser"),
    ],
)
def test_command_refuses_a_bad_port_an_unknown_option_and_lab_options_without_lab(tmp_path, capsys, argv, says):
    assert main(["course", str(tmp_path / "c"), *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("liuren: error: ") and says in err and err.count("\n") == 1, err
    assert not (tmp_path / "c").exists()


def test_other_commands_take_no_jupyterlab_option(capsys):
    assert main(["chart", "甲子", "子", "子", "--ServerApp.ip=0.0.0.0"]) == 2
    assert "unrecognized arguments: --ServerApp.ip=0.0.0.0" in capsys.readouterr().err


# ------------------------------------------------------------------ running is not editing
def _older(tmp_path: Path, change: dict[str, tuple[bytes, bytes]], rename: dict[str, str] | None = None) -> Path:
    """A course as an earlier version shipped it: the shipped files with ``change`` (name → (old, new) bytes
    replaced once) and ``rename`` (shipped name → the earlier name)."""
    older = tmp_path / "older"
    (older / "src").mkdir(parents=True)
    for name in EXPECTED:
        data = as_copied(NOTEBOOKS / name)
        if name in change:
            a, b = change[name]
            assert a in data, name
            data = data.replace(a, b, 1)
        (older / (rename or {}).get(name, name)).write_bytes(data)
    return older


def _run(path: Path, *, open_solutions: bool = True) -> None:
    """What running and saving a notebook in JupyterLab changes: outputs, execution counts, metadata."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for n, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "code":
            cell["execution_count"] = 100 + n
            cell["outputs"] = [{"name": "stdout", "output_type": "stream", "text": [f"run {n}\n"]}]
            if open_solutions:
                cell["metadata"].setdefault("jupyter", {})["source_hidden"] = False
    notebook["metadata"]["widgets"] = {"state": {}}
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _code_source(name: str) -> bytes:
    """A line of a code cell of the shipped notebook ``name`` (a JSON string as saved), to change."""
    notebook = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    line = next(c["source"][0] for c in notebook["cells"] if c["cell_type"] == "code" and c["source"])
    return json.dumps(line, ensure_ascii=False).encode("utf-8")


def test_a_notebook_the_learner_only_ran_is_brought_up_to_date(tmp_path, untouched):
    """The earlier version's 04 had another first code line; the learner ran and saved it (outputs, counts,
    an opened solution: not an edit). The upgrade replaces it and says so; its source, which saving rewrote
    unchanged, is updated with it."""
    name, src = "04-biezhe.ipynb", "src/04-biezhe.md"
    line = _code_source(name)
    older_line = line[:-1] + b'  # 0.1"' if line.endswith(b'"') else line
    folder = tmp_path / "course"
    copy_course(folder, source=_older(tmp_path, {name: (line, older_line)}), version="0.1.0")
    _run(folder / name)
    report = copy_course(folder)
    assert report.ran == (name,) and name in report.updated and report.kept == ()
    assert (folder / name).read_bytes() == as_copied(NOTEBOOKS / name)
    assert (folder / src).read_bytes() == as_copied(NOTEBOOKS / src)
    assert f"{name}: you had run but not edited (same cells); updated" in report.text()
    assert not list(folder.glob("*.v*.ipynb"))
    # run again under this version: the same cells as shipped, so it stays the learner's (outputs and all)
    _run(folder / name, open_solutions=False)
    ran = (folder / name).read_bytes()
    again = copy_course(folder)
    assert name in again.current and again.ran == () and (folder / name).read_bytes() == ran


def test_a_notebook_whose_cells_the_learner_changed_is_kept_with_its_source(tmp_path, untouched):
    """An edited cell is an edit however the notebook was saved; its markdown source goes with it, even
    where it alone would have been brought up to date."""
    name, src = "05-fuyin-fanyin.ipynb", "src/05-fuyin-fanyin.md"
    folder = tmp_path / "course"
    md = as_copied(NOTEBOOKS / src)
    copy_course(folder, source=_older(tmp_path, {src: (md[:40], md[:40] + b" ")}), version="0.1.0")
    notebook = json.loads((folder / name).read_text(encoding="utf-8"))
    notebook["cells"][0]["source"] = ["my own title\n"]
    (folder / name).write_text(json.dumps(notebook), encoding="utf-8")
    report = copy_course(folder, version="0.2.0")
    assert report.kept == ((name, "05-fuyin-fanyin.v0.2.0.ipynb"), (src, "src/05-fuyin-fanyin.v0.2.0.md"))
    assert report.ran == () and name not in report.updated and src not in report.updated
    assert json.loads((folder / name).read_text(encoding="utf-8"))["cells"][0]["source"] == ["my own title\n"]


def test_a_manifest_of_an_older_liuren_still_works(tmp_path, untouched):
    """A manifest without the cells' digests (liuren before this one): a run notebook cannot be told from
    an edited one, so it is kept, as before; one with the shipped cells is up to date."""
    folder = tmp_path / "course"
    copy_course(folder)
    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    del manifest["sources"]
    (folder / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    _run(folder / "04-biezhe.ipynb")
    report = copy_course(folder)
    assert "04-biezhe.ipynb" in report.current and report.kept == ()
    assert "sources" in json.loads((folder / MANIFEST).read_text(encoding="utf-8"))


def test_sources_digest_reads_the_cells_only():
    data = as_copied(NOTEBOOKS / "04-biezhe.ipynb")
    notebook = json.loads(data)
    notebook["cells"][1]["metadata"]["jupyter"] = {"source_hidden": True}
    notebook["metadata"]["kernelspec"] = {"name": "other"}
    for cell in notebook["cells"]:
        if isinstance(cell["source"], list):
            cell["source"] = "".join(cell["source"])  # a string, as some writers keep it
    assert course.sources_digest(json.dumps(notebook).encode()) == course.sources_digest(data)
    notebook["cells"][1]["cell_type"] = "raw"
    assert course.sources_digest(json.dumps(notebook).encode()) != course.sources_digest(data)
    for broken in (b"", b"{not json", b"[]", b'{"cells": 3}', b'{"cells": [3]}', b'{"cells": [{"source": [1]}]}'):
        assert course.sources_digest(broken) is None, broken


# ------------------------------------------------------------------ a renamed notebook
def test_a_renamed_notebook_is_added_and_the_learners_old_copy_kept_and_named(tmp_path, untouched):
    """An earlier version shipped 04 under another name: the upgrade adds this version's 04 and keeps the
    old file (run or edited, it is the learner's), and says which notebook of this version took its number."""
    name, src = "04-biezhe.ipynb", "src/04-biezhe.md"
    older = _older(tmp_path, {}, rename={name: "04-old-topic.ipynb", src: "src/04-old-topic.md"})
    folder = tmp_path / "course"
    copy_course(folder, source=older, version="0.1.0")
    _run(folder / "04-old-topic.ipynb")
    report = copy_course(folder)
    fours = tuple(n for n in EXPECTED if re.match(r"(src/)?04[a-z]?-", n))
    assert set(report.copied) == set(fours) and report.kept == ()
    assert report.retired == (
        ("04-old-topic.ipynb", tuple(n for n in fours if "/" not in n)),
        ("src/04-old-topic.md", tuple(n for n in fours if n.startswith("src/"))),
    )
    assert (folder / "04-old-topic.ipynb").is_file() and (folder / "src" / "04-old-topic.md").is_file()
    assert (
        f"kept 04-old-topic.ipynb, which this version no longer ships (renamed or split); this version has {name}"
        in (report.text())
    )
    assert json.loads((folder / MANIFEST).read_text(encoding="utf-8"))["files"].keys() >= {"04-old-topic.ipynb", name}


def test_the_course_is_whatever_the_package_ships(tmp_path):
    """No notebook list in course.py: new notebooks (00b, 07c …) are copied like any other."""
    source = tmp_path / "shipped"
    (source / "src").mkdir(parents=True)
    for name in ("contents.ipynb", "00b-new-part.ipynb", "src/00b-new-part.md", "jupytext.toml"):
        (source / name).write_text('{"cells": []}' if name.endswith(".ipynb") else "x", encoding="utf-8")
    report = copy_course(tmp_path / "c", source=source)
    assert report.copied == ("00b-new-part.ipynb", "contents.ipynb", "jupytext.toml", "src/00b-new-part.md")
    assert not re.search(
        r"\b\d\d[a-z]?-[a-z]+-[a-z]+\.(ipynb|md)\b",
        Path(course.__file__).read_text(encoding="utf-8").split('"""', 2)[2],
    )


# ------------------------------------------------------------------ a full disk, an empty path
def _full_after(monkeypatch, n: int) -> list[str]:
    """The writer fails with ENOSPC after ``n`` files; returns the names written."""
    import errno

    from liuren.files import write_atomic

    written: list[str] = []

    def write(path, data):
        if len(written) >= n:
            raise OSError(errno.ENOSPC, "No space left on device")
        write_atomic(path, data)
        written.append(Path(path).name)

    monkeypatch.setattr(course, "write_atomic", write)
    return written


def test_a_full_disk_is_a_write_error_and_leaves_no_folder_it_made(tmp_path, monkeypatch):
    _full_after(monkeypatch, 0)
    with pytest.raises(WriteError, match=r"cannot write .*\.liuren-course\.json.*: the disk is full \(No space left"):
        copy_course(tmp_path / "new")
    assert not (tmp_path / "new").exists()
    (tmp_path / "mine").mkdir()
    with pytest.raises(WriteError, match="the disk is full"):
        copy_course(tmp_path / "mine")
    assert (tmp_path / "mine").is_dir() and listed(tmp_path / "mine") == []  # the learner's folder stays


@pytest.mark.parametrize("room", [1, 2, 9])
def test_a_copy_stopped_by_a_full_disk_has_a_manifest_and_finishes_when_run_again(tmp_path, monkeypatch, room):
    folder = tmp_path / "course"
    written = _full_after(monkeypatch, room)
    with pytest.raises(WriteError) as stopped:
        copy_course(folder)
    message = str(stopped.value)
    assert "the disk is full" in message and "run liuren course again once it can write" in message
    assert written[0] == MANIFEST and (folder / MANIFEST).is_file()
    read = course.read_manifest(folder)  # a manifest, whole: what it records is on disk as recorded
    for name, sha in read.files.items():
        assert hashlib.sha256((folder / name).read_bytes()).hexdigest() == sha, name
    assert not [p for p in folder.rglob(".liuren-*.tmp")]
    monkeypatch.undo()
    report = copy_course(folder)
    assert report.kept == () and report.updated == ()
    assert set(report.copied) | set(report.current) == set(EXPECTED)
    for name in EXPECTED:
        assert (folder / name).read_bytes() == as_copied(NOTEBOOKS / name), name


def test_command_on_a_full_disk_says_so_in_one_line(tmp_path, monkeypatch, capsys):
    _full_after(monkeypatch, 3)
    assert main(["course", str(tmp_path / "c"), "--no-lab"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("liuren: WriteError: liuren course cannot write ") and err.count("\n") == 1
    assert "the disk is full" in err and "Traceback" not in err


@pytest.mark.parametrize("folder", ["", "   ", "a\0b", b"course", 3])
def test_an_empty_or_impossible_folder_is_refused(tmp_path, monkeypatch, folder):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(
        liuren.ParseError, match=r"^folder=.*(is empty|NUL character|not a folder path|bytes path); accepted: a folder"
    ):
        copy_course(folder)
    assert listed(tmp_path) == []


def test_command_refuses_an_empty_folder_instead_of_copying_here(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["course", "", "--no-lab"]) == 2
    err = capsys.readouterr().err
    assert err == "liuren: ParseError: folder='' is empty; " + course.FOLDER_ACCEPTED + "\n"
    assert listed(tmp_path) == []


# ------------------------------------------------------------------ the two editions (--lang)
def _notebook(text: str) -> bytes:
    cell = {"cell_type": "markdown", "id": "a", "metadata": {}, "source": [text]}
    return json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}).encode()


def made_up(tmp_path: Path, version: str = "") -> Path:
    """A shipped course of both editions: a notebook, the contents and a source each, the shared files."""
    root = tmp_path / f"shipped{version}"
    files = {
        "01-a.ipynb": _notebook("# 01. 가" + version),
        "contents.ipynb": _notebook("# 차례"),
        "src/01-a.md": "# 01. 가\n".encode(),
        "jupytext.toml": b'formats = "ipynb,src//md:myst"\n',
        "voila.json": b"{}\n",
        "en/01-a.ipynb": _notebook("# 01. A" + version),
        "en/contents.ipynb": _notebook("# Contents"),
        "en/src/01-a.md": b"# 01. A\n",
    }
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


EDITION_FILES = ["01-a.ipynb", "contents.ipynb", "jupytext.toml", "src/01-a.md", "voila.json"]


def test_the_english_edition_is_copied_to_the_folders_root_and_the_korean_carries_no_en(tmp_path):
    shipped_course = made_up(tmp_path)
    english = copy_course(tmp_path / "en", lang="en", source=shipped_course)
    assert english.copied == tuple(EDITION_FILES) and english.lang == "en"
    assert listed(tmp_path / "en") == sorted([*EDITION_FILES, MANIFEST])
    for name in ("01-a.ipynb", "contents.ipynb", "src/01-a.md"):
        assert (tmp_path / "en" / name).read_bytes() == (shipped_course / "en" / name).read_bytes(), name
    for name in ("jupytext.toml", "voila.json"):
        assert (tmp_path / "en" / name).read_bytes() == (shipped_course / name).read_bytes(), name
    assert json.loads((tmp_path / "en" / MANIFEST).read_text(encoding="utf-8"))["edition"] == "en"
    assert english.text().startswith(f"liuren course {liuren.__version__} (English edition) in ")
    korean = copy_course(tmp_path / "ko", source=shipped_course)
    assert listed(tmp_path / "ko") == sorted([*EDITION_FILES, MANIFEST]) and korean.lang == "ko"
    assert (tmp_path / "ko" / "01-a.ipynb").read_bytes() == (shipped_course / "01-a.ipynb").read_bytes()
    assert json.loads((tmp_path / "ko" / MANIFEST).read_text(encoding="utf-8"))["edition"] == "ko"


def test_the_english_copy_upgrades_as_the_korean_does(tmp_path):
    folder = tmp_path / "course"
    copy_course(folder, lang="en", source=made_up(tmp_path, "1"), version="0.1.0")
    report = copy_course(folder, lang="en", source=made_up(tmp_path, "2"), version="0.2.0")
    assert report.updated == ("01-a.ipynb",) and report.kept == report.copied == ()
    assert (folder / "01-a.ipynb").read_bytes() == (tmp_path / "shipped2" / "en" / "01-a.ipynb").read_bytes()
    (folder / "01-a.ipynb").write_bytes(_notebook("my own notes"))
    kept = copy_course(folder, lang="en", source=made_up(tmp_path, "3"), version="0.3.0")
    assert kept.kept[0] == ("01-a.ipynb", "01-a.v0.3.0.ipynb")


@pytest.mark.parametrize(("there", "asked"), [("ko", "en"), ("en", "ko")])
def test_one_edition_into_a_folder_of_the_other_is_refused_naming_both(tmp_path, there, asked):
    shipped_course = made_up(tmp_path)
    folder = tmp_path / "course"
    copy_course(folder, lang=there, source=shipped_course)
    before = hashes(folder)
    names = {"ko": "Korean", "en": "English"}
    with pytest.raises(CourseError) as refused:
        copy_course(folder, lang=asked, source=shipped_course)
    message = str(refused.value)
    assert f"holds the {names[there]} edition of the course (--lang {there})" in message
    assert f"not the {names[asked]} one (--lang {asked})" in message and str(folder) in message
    assert hashes(folder) == before  # nothing written


def test_a_manifest_without_an_edition_is_a_korean_copys(tmp_path):
    shipped_course = made_up(tmp_path)
    copy_course(tmp_path / "c", source=shipped_course)
    manifest = json.loads((tmp_path / "c" / MANIFEST).read_text(encoding="utf-8"))
    del manifest["edition"]  # as an older liuren wrote it
    (tmp_path / "c" / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(CourseError, match="holds the Korean edition"):
        copy_course(tmp_path / "c", lang="en", source=shipped_course)
    assert copy_course(tmp_path / "c", source=shipped_course).current == tuple(EDITION_FILES)


@pytest.mark.parametrize("lang", ["fr", "", "korean", None, 3])
def test_an_unknown_edition_is_a_parse_error_saying_which_are_accepted(tmp_path, lang):
    from liuren.errors import ParseError

    with pytest.raises(ParseError, match=r"is not an edition of the course; accepted: 'ko' \(Korean\) or 'en'"):
        copy_course(tmp_path / "c", lang=lang, source=made_up(tmp_path))
    assert not (tmp_path / "c").exists()


def test_command_lang_en_copies_the_english_edition_into_its_own_default_folder(tmp_path, monkeypatch, capsys):
    shipped_course = made_up(tmp_path)
    monkeypatch.setattr(course, "shipped", lambda: shipped_course)
    monkeypatch.chdir(tmp_path)
    assert main(["course", "--lang", "en", "--no-lab"]) == 0
    assert "(English edition) in liuren-course-en:" in capsys.readouterr().out
    assert (tmp_path / "liuren-course-en" / "01-a.ipynb").read_bytes() == (
        shipped_course / "en" / "01-a.ipynb"
    ).read_bytes()
    assert main(["course", "--no-lab"]) == 0  # the Korean one beside it, in ./liuren-course
    assert (tmp_path / "liuren-course" / "01-a.ipynb").read_bytes() == (shipped_course / "01-a.ipynb").read_bytes()
    assert main(["course", "liuren-course", "--lang", "en", "--no-lab"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("liuren: CourseError: ") and err.count("\n") == 1 and "holds the Korean edition" in err
    assert main(["course", "--lang", "fr", "--no-lab"]) == 2
    assert "accepted: 'ko' (Korean) or 'en' (English)" in capsys.readouterr().err


def test_the_help_names_the_english_editions_default_folder(capsys):
    assert main(["course", "--help"]) == 0
    said = " ".join(re.sub(r"-\n\s*", "-", capsys.readouterr().out).split())  # argparse wraps at a hyphen
    assert "--lang ko|en" in said and "./liuren-course-en with --lang en" in said


def test_a_checkout_ships_the_english_edition_beside_the_korean():
    english = NOTEBOOKS / "en"
    expected = sorted(
        [p.name for p in english.glob("*.ipynb")]
        + [f"src/{p.name}" for p in (english / "src").glob("*.md")]
        + ["jupytext.toml", "voila.json"]
    )
    assert sorted(course_files(lang="en")) == expected
    assert {n for n in expected if n.endswith(".ipynb")} == {n for n in EXPECTED if n.endswith(".ipynb")}
    assert not any(name.startswith("en/") for name in course_files())
