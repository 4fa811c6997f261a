"""The learner's store (liuren.store): where it is, its schema migrations, and every way it can fail
(each a StoreError naming the file, nothing written before lost): concurrent writers, a writer killed
mid-loop, truncated and foreign files, read-only places, a newer schema."""

from __future__ import annotations

import os
import signal
import sqlite3
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import liuren
from liuren import store
from liuren.casebook import Casebook
from liuren.errors import DiskFullError, LiurenError, ParseError, StoreError, WriteError
from liuren.store import SCHEMA_VERSION, Store, store_path

ROOT = Path(__file__).parents[1]
TABLES = {"cases", "case_patterns", "case_statements", "outcomes", "outcome_marks"}


@pytest.fixture(autouse=True)
def fresh_process(monkeypatch):
    """Each test sees the store as a new process would: no connection kept, no $LIUREN_STORE."""
    store.close_all()
    monkeypatch.delenv(store.ENV, raising=False)
    yield
    store.close_all()


def _tables(path: Path) -> set[str]:
    db = sqlite3.connect(path)
    try:
        return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        db.close()


def _rows(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("SELECT count(*) FROM cases").fetchone()[0])
    finally:
        db.close()


def _child_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))}


# ---------------------------------------------------------------------------------------- where it is
def test_store_path_argument_wins_over_the_environment_which_wins_over_the_default(monkeypatch, tmp_path):
    from platformdirs import user_data_dir

    assert store_path() == Path(user_data_dir("liuren", appauthor=False)) / "liuren.sqlite3"
    monkeypatch.setenv("LIUREN_STORE", str(tmp_path / "env.sqlite3"))
    assert store_path() == tmp_path / "env.sqlite3"
    assert store_path(tmp_path / "arg.sqlite3") == tmp_path / "arg.sqlite3"
    assert Store().path == tmp_path / "env.sqlite3" and Casebook().path == str(tmp_path / "env.sqlite3")
    monkeypatch.setenv("LIUREN_STORE", "")  # set but empty: the default
    assert store_path().name == "liuren.sqlite3" and store_path().parent.name == "liuren"


def test_store_path_refuses_what_is_not_a_file_name(monkeypatch):
    for bad in (3, b"x.sqlite3", "", "  ", "a\0b"):
        with pytest.raises(ParseError, match=r"path=.*accepted: a file name"):
            store_path(bad)  # type: ignore[arg-type]
    monkeypatch.setenv("LIUREN_STORE", " ")
    with pytest.raises(ParseError, match=r"\$LIUREN_STORE=' ' is empty"):
        store_path()


def test_a_new_store_is_made_with_its_folder_in_wal_mode(tmp_path):
    path = tmp_path / "deep" / "er" / "s.sqlite3"
    assert Store(path).version() == SCHEMA_VERSION
    assert TABLES <= _tables(path)
    with Store(path).read() as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert db.execute("PRAGMA application_id").fetchone()[0] == store.APPLICATION_ID
    with Store(path).write() as db:
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL: a durable write
    with Store(path).write(durable=False) as db:
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    assert sorted(p.name for p in path.parent.iterdir()) == ["s.sqlite3", "s.sqlite3-shm", "s.sqlite3-wal"]


def test_a_new_store_is_made_whole_then_linked_or_in_place_without_hard_links(tmp_path, monkeypatch):
    """A new store is made in a temporary file and linked at its path (no opener sees it half made); on
    a file system without hard links it is made in place. Either way no temporary file is left."""
    linked = []
    real_link = os.link

    def link(source, destination):
        linked.append(Path(destination).name)
        db = sqlite3.connect(source)
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION  # made whole before
        db.close()
        real_link(source, destination)

    monkeypatch.setattr(store.os, "link", link)
    assert Store(tmp_path / "linked.sqlite3").version() == SCHEMA_VERSION and linked == ["linked.sqlite3"]
    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE((tmp_path / "linked.sqlite3").stat().st_mode) == 0o644 & ~umask  # as SQLite makes a file

    def no_link(source, destination):
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(store.os, "link", no_link)
    assert Store(tmp_path / "here.sqlite3").version() == SCHEMA_VERSION
    assert TABLES <= _tables(tmp_path / "here.sqlite3")
    store.close_all()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["here.sqlite3", "linked.sqlite3"]


def test_a_write_that_raises_writes_nothing(tmp_path):
    s = Store(tmp_path / "s.sqlite3")
    with pytest.raises(KeyError), s.write() as db:
        db.execute(
            "INSERT INTO cases (uuid, spec, question, created, lesson_type, method) VALUES ('u', 's', 'q', 'c', 'l', 'm')"
        )
        raise KeyError("a failure half-way")
    assert _rows(s.path) == 0


# ---------------------------------------------------------------------------------------- migrations
@pytest.mark.parametrize("kind", ["empty file", "empty database"])
def test_a_version_0_file_upgrades_to_the_current_version(tmp_path, kind):
    path = tmp_path / "old.sqlite3"
    if kind == "empty file":
        path.write_bytes(b"")
    else:
        db = sqlite3.connect(path)
        db.execute("PRAGMA user_version = 0")
        db.execute("VACUUM")  # writes the header: a real SQLite file with no tables
        db.close()
        assert path.stat().st_size > 0
    assert Store(path).version() == SCHEMA_VERSION == len(store.MIGRATIONS)
    assert TABLES <= _tables(path)
    book = Casebook(path)
    case = book.save(liuren.chart("丙申", "午", "亥"), "q")
    assert book.get(case.id) == case


def test_a_migration_is_one_transaction(tmp_path, monkeypatch):
    """A migration that fails half-way leaves the file at the version before it, with none of its changes."""

    def broken(db: sqlite3.Connection) -> None:
        db.execute("CREATE TABLE reviews (id INTEGER PRIMARY KEY)")
        db.execute("INSERT INTO no_such_table VALUES (1)")

    path = tmp_path / "s.sqlite3"
    Casebook(path).save(liuren.chart("丙申", "午", "亥"), "kept")
    monkeypatch.setattr(store, "MIGRATIONS", (*store.MIGRATIONS, broken))
    monkeypatch.setattr(store, "SCHEMA_VERSION", len(store.MIGRATIONS))
    with pytest.raises(StoreError, match=r"s\.sqlite3.*no such table"):
        Store(path).version()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert "reviews" not in _tables(path) and _rows(path) == 1
    db.close()


def test_migrations_apply_in_order_from_the_files_version(tmp_path, monkeypatch):
    applied = []

    def later(db: sqlite3.Connection) -> None:
        applied.append(SCHEMA_VERSION + 1)
        db.execute("CREATE TABLE reviews (id INTEGER PRIMARY KEY, case_id INTEGER REFERENCES cases(id))")

    path = tmp_path / "s.sqlite3"
    assert Store(path).version() == SCHEMA_VERSION
    monkeypatch.setattr(store, "MIGRATIONS", (*store.MIGRATIONS, later))
    monkeypatch.setattr(store, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    assert Store(path).version() == SCHEMA_VERSION + 1 and Store(path).version() == SCHEMA_VERSION + 1
    assert applied == [SCHEMA_VERSION + 1] and "reviews" in _tables(path)


def test_a_newer_schema_is_refused(tmp_path):
    path = tmp_path / "new.sqlite3"
    Store(path).version()
    store.close_all()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.execute("PRAGMA journal_mode = DELETE")  # as a newer liuren might leave it
    db.close()
    before = path.read_bytes()
    with pytest.raises(
        StoreError,
        match=rf"new\.sqlite3' has schema version {SCHEMA_VERSION + 1}, newer than this liuren knows \({SCHEMA_VERSION}\)",
    ):
        Casebook(path).cases()
    assert path.read_bytes() == before  # left byte for byte as it was


# ---------------------------------------------------------------------------------------- bad files
def _saved(path: Path, n: int = 40) -> Casebook:
    book = Casebook(path)
    for i in range(n):
        book.save(liuren.chart("丙申", "午", "亥", month="寅"), f"question {i}", notes="x" * 500)
    return book


def test_a_truncated_store_is_a_store_error_naming_the_file(tmp_path):
    path = tmp_path / "cut.sqlite3"
    _saved(path)
    store.close_all()
    assert not Path(f"{path}-wal").exists()  # the last connection checkpointed and removed it
    size = path.stat().st_size
    for length in (size // 2, 60):
        os.truncate(path, length)
        store.close_all()  # a new process opens it
        with pytest.raises(StoreError, match=r"cut\.sqlite3' .*(damaged|not a liuren store)") as found:
            Casebook(path).cases()
        assert "import your last export" in str(found.value) or "move it away" in str(found.value)
        assert path.stat().st_size == length  # nothing written over it


def test_a_foreign_file_is_a_store_error_and_is_left_untouched(tmp_path):
    png = tmp_path / "picture.png"
    data = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8
    png.write_bytes(data)
    with pytest.raises(StoreError, match=r"picture\.png' is not a liuren store \(not an SQLite database"):
        Casebook(png).save(liuren.chart("丙申", "午", "亥"), "q")
    assert png.read_bytes() == data


def test_another_programs_sqlite_file_is_refused(tmp_path):
    path = tmp_path / "other.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE contacts (name TEXT)")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match=r"other\.db' is an SQLite database of another program"):
        Store(path).version()
    assert path.read_bytes() == before  # refused before anything is changed (not even its journal mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.db"]  # no -wal or -shm made beside it
    assert _tables(path) == {"contacts"}


def test_a_folder_is_not_a_store(tmp_path):
    with pytest.raises(StoreError, match=r"is a folder, not a file; give a file name inside it"):
        Casebook(tmp_path).cases()
    (tmp_path / "plain").write_text("x", encoding="utf-8")
    with pytest.raises(StoreError, match=r"its folder '.*plain' cannot be made \(.*plain is not a folder\)"):
        Casebook(tmp_path / "plain" / "s.sqlite3").cases()
    with pytest.raises(StoreError, match=r"'/dev/null' is not a regular file"):
        Casebook("/dev/null").cases()


def test_a_read_only_folder_is_a_store_error(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    existing = tmp_path / "kept"
    existing.mkdir()
    _saved(existing / "s.sqlite3", 2)
    folder.chmod(0o555)
    existing.chmod(0o555)
    try:
        with pytest.raises(StoreError, match=r"locked/s\.sqlite3' is in a read-only folder \(mode 0555\)"):
            Casebook(folder / "s.sqlite3").save(liuren.chart("丙申", "午", "亥"), "q")
        with pytest.raises(StoreError, match=r"kept/s\.sqlite3' is in a read-only folder"):
            Casebook(existing / "s.sqlite3").cases()
        with pytest.raises(StoreError, match=r"cannot be created: its folder .* cannot be made"):
            Casebook(folder / "sub" / "s.sqlite3").cases()
    finally:
        folder.chmod(0o755)
        existing.chmod(0o755)
    assert os.listdir(folder) == [] and len(Casebook(existing / "s.sqlite3").cases()) == 2


def test_a_read_only_file_is_a_store_error(tmp_path):
    path = tmp_path / "ro.sqlite3"
    _saved(path, 1)
    path.chmod(0o444)
    try:
        with pytest.raises(StoreError, match=r"ro\.sqlite3' is read-only \(mode 0444\): make it writable"):
            Casebook(path).save(liuren.chart("丙申", "午", "亥"), "q")
    finally:
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)
    assert _rows(path) == 1


def test_a_store_locked_too_long_is_a_store_error_and_loses_nothing(tmp_path, monkeypatch):
    path = tmp_path / "busy.sqlite3"
    book = _saved(path, 1)
    monkeypatch.setattr(store, "BUSY_SECONDS", 0.05)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(StoreError, match=r"busy\.sqlite3' is busy: another process kept it locked"):
            book.save(liuren.chart("丙申", "午", "亥"), "waits")
        assert len(book.cases()) == 1  # a reader is not blocked by the writer (WAL)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    book.save(liuren.chart("丙申", "午", "亥"), "now")
    assert [c.question for c in book.cases()] == ["question 0", "now"]


def test_a_full_disk_is_said_to_be_full_and_loses_nothing(tmp_path, monkeypatch):
    """SQLite's "database or disk is full" (simulated with ``max_page_count``: the file may not grow)
    and its "disk I/O error" when the disk has no space left (as when the WAL index cannot grow) are a
    DiskFullError: a StoreError saying the disk is full, and a WriteError, so an OSError too."""
    path = tmp_path / "full.sqlite3"
    _saved(path, 1)
    s = Store(path)
    with pytest.raises(DiskFullError, match=r"full\.sqlite3' cannot be written: the disk is full") as found:
        with s.write() as db:
            pages = db.execute("PRAGMA page_count").fetchone()[0]
            db.execute(f"PRAGMA max_page_count = {pages}")
            db.execute("CREATE TABLE big (data BLOB)")
            db.execute("INSERT INTO big VALUES (?)", (b"x" * 100_000,))
    assert isinstance(found.value, StoreError) and isinstance(found.value, WriteError)
    assert isinstance(found.value, OSError) and "disk I/O error" not in str(found.value)
    assert "big" not in _tables(path) and _rows(path) == 1

    def io_error() -> sqlite3.OperationalError:
        error = sqlite3.OperationalError("disk I/O error")
        error.sqlite_errorcode = 778  # SQLITE_IOERR_WRITE
        return error

    class Disk:
        f_frsize = 4096

        def __init__(self, free: int) -> None:
            self.f_bavail = free // self.f_frsize

    for free, error, message in (
        (8192, DiskFullError, "the disk is full"),
        (10**9, StoreError, "failed: disk I/O error"),  # room enough: a real I/O error is named as one
    ):
        monkeypatch.setattr(store.os, "statvfs", lambda folder, free=free: Disk(free))
        with pytest.raises(error, match=message) as found, s.write():
            raise io_error()
        assert isinstance(found.value, DiskFullError) == (error is DiskFullError)
    assert _rows(path) == 1


def test_store_error_is_a_liuren_error():
    assert issubclass(StoreError, LiurenError) and issubclass(StoreError, ValueError)


# ---------------------------------------------------------------------------------------- processes
SAVER = textwrap.dedent(
    """
    import sys
    import liuren
    from liuren.casebook import Casebook

    book = Casebook(sys.argv[1])
    chart = liuren.chart("丙申", "午", "亥", month="寅")
    for n in range(int(sys.argv[2])):
        case = book.save(chart, f"{sys.argv[3]} {n}")
        print(case.id, flush=True)
    """
)


def test_two_processes_saving_400_cases_each_leave_800(tmp_path):
    # 400 each: the two writers interleave for hundreds of commits (each waits on the other's lock), which
    # is what the test is for; 1,000 each only made it longer
    path = tmp_path / "shared.sqlite3"  # made by whichever child comes first, migrated once
    children = [
        subprocess.Popen(
            [sys.executable, "-c", SAVER, str(path), "400", name],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=_child_env(),
        )
        for name in ("a", "b")
    ]
    outputs = [child.communicate(timeout=240) for child in children]
    assert [child.returncode for child in children] == [0, 0], [err[-2000:] for _, err in outputs]
    reported = {line for out, _ in outputs for line in out.split()}
    cases = Casebook(path).cases()
    assert len(cases) == 800 == len(reported) == len({c.id for c in cases})
    assert {c.id for c in cases} == reported
    assert sorted(c.question for c in cases) == sorted(f"{x} {n}" for x in "ab" for n in range(400))


def test_a_writer_killed_mid_loop_loses_no_committed_case(tmp_path):
    path = tmp_path / "killed.sqlite3"
    child = subprocess.Popen(
        [sys.executable, "-c", SAVER, str(path), "100000", "k"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_child_env(),
    )
    reported = []
    assert child.stdout is not None and child.stderr is not None
    try:
        while len(reported) < 60:
            line = child.stdout.readline()
            assert line, child.stderr.read() or "the child ended"
            reported.append(line.strip())
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=60)
    # What it printed before the kill, after each commit, read through the same buffered reader as the lines
    # above: a loaded machine lets the child print several lines before one is read, and they wait in that
    # reader's buffer, where communicate(), which reads the pipe itself, would not see them.
    reported += child.stdout.read().split()
    child.stdout.close()
    child.stderr.close()
    assert child.returncode == -signal.SIGKILL
    found = {c.id for c in Casebook(path).cases()}
    assert set(reported) <= found and len(found) - len(reported) in (0, 1)  # at most the one being reported
    with Store(path).read() as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


# ---------------------------------------------------------------------------------------- kept connections
def test_a_store_moved_or_replaced_between_operations_is_opened_anew(tmp_path):
    """A kept connection is to a file, not a path: after the file is replaced or removed, the next
    operation opens what is at the path now (a write never goes to a file no longer there)."""
    path = tmp_path / "s.sqlite3"
    book = Casebook(path)
    first = book.save(liuren.chart("丙申", "午", "亥"), "first")
    other = tmp_path / "other.sqlite3"
    second = Casebook(other).save(liuren.chart("甲子", "子", "子"), "second")
    store.close_all()
    os.replace(other, path)
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    assert [c.id for c in book.cases()] == [second.id]
    third = book.save(liuren.chart("丙申", "午", "亥"), "third")
    assert [c.id for c in Casebook(path).cases()] == [second.id, third.id]
    path.unlink()
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    assert book.cases() == () and first.id not in {c.id for c in book.cases()}


def test_kept_connections_are_bounded_and_a_nested_operation_gets_its_own(tmp_path):
    books = [Casebook(tmp_path / f"{n}.sqlite3") for n in range(store.OPEN_LIMIT + 3)]
    for book in books:
        book.cases()
    assert len(store._kept) == store.OPEN_LIMIT
    s = Store(tmp_path / "0.sqlite3")
    with s.write() as outer:
        outer.execute(
            "INSERT INTO cases (uuid, spec, question, created, lesson_type, method) VALUES ('u', 's', 'q', 'c', 'l', 'm')"
        )
        with s.read() as inner:  # another connection: it does not see the uncommitted row
            assert inner is not outer and inner.execute("SELECT count(*) FROM cases").fetchone()[0] == 0
    assert _rows(s.path) == 1


def test_a_newer_liuren_migrating_the_file_is_seen_by_a_kept_connection(tmp_path):
    path = tmp_path / "s.sqlite3"
    book = Casebook(path)
    book.cases()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(StoreError, match="newer than this liuren knows"):
        book.save(liuren.chart("丙申", "午", "亥"), "q")
    assert _rows(path) == 0


def test_threads_each_use_their_own_connection(tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    book = Casebook(tmp_path / "threads.sqlite3")
    chart = liuren.chart("甲子", "子", "子")

    def save(n: int) -> str:
        return book.save(chart, f"thread question {n}").id

    with ThreadPoolExecutor(max_workers=4) as pool:
        saved = list(pool.map(save, range(40)))
    assert sorted(c.id for c in book.cases()) == sorted(saved) and len(set(saved)) == 40


# ---------------------------------------------------------------------------------------- in the browser
# The browser's way of keeping the store (store.IN_BROWSER: an in-memory database written whole to the
# file after each change), run here on a real folder; tests/test_lite.py runs it in JupyterLite itself.
@pytest.fixture
def browser(monkeypatch, tmp_path):
    monkeypatch.setattr(store, "IN_BROWSER", True)
    monkeypatch.setattr(store, "BROWSER_FOLDER", tmp_path)
    return tmp_path


def _save_case(book: Casebook, question: str = "q") -> str:
    return book.save(liuren.chart("丙申", "午", "亥", month="寅"), question).id


def test_in_the_browser_the_default_store_is_on_the_drive(browser):
    assert store_path() == browser / store.FILE_NAME


def test_in_the_browser_each_change_is_written_whole_to_a_plain_sqlite_file(browser):
    path = browser / "s.sqlite3"
    book = Casebook(path)
    assert book.cases() == () and [p.name for p in browser.iterdir()] == ["s.sqlite3"]  # a new store is written at once
    saved = []
    for n in range(3):
        before = path.stat().st_ino
        saved.append(_save_case(book, f"question {n}"))
        # replaced by a rename, never written in place: the new file is made while the old one still
        # holds its inode (comparing with the first file's inode instead fails when the system reuses it)
        assert path.stat().st_ino != before
    assert [p.name for p in browser.iterdir()] == ["s.sqlite3"]  # no journal, no WAL, no temporary file left
    assert _rows(path) == 3  # what native SQLite reads
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # not WAL: no -shm to need
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()
    store.close_all()  # the page is reloaded: a new kernel loads the file
    assert sorted(c.id for c in Casebook(path).cases()) == sorted(saved)


def test_in_the_browser_a_read_writes_nothing_and_a_write_that_raises_leaves_the_file(browser):
    path = browser / "s.sqlite3"
    _save_case(Casebook(path))
    before = (path.read_bytes(), path.stat().st_ino)
    Casebook(path).cases()
    s = Store(path)
    with pytest.raises(KeyError), s.write() as db:
        db.execute(
            "INSERT INTO cases (uuid, spec, question, created, lesson_type, method) VALUES ('u', 's', 'q', 'c', 'l', 'm')"
        )
        raise KeyError("a failure half-way")
    assert (path.read_bytes(), path.stat().st_ino) == before
    assert len(Casebook(path).cases()) == 1


def test_in_the_browser_another_kernels_write_is_seen_by_the_next_operation(browser):
    path = browser / "s.sqlite3"
    book = Casebook(path)
    _save_case(book, "mine")
    mine = dict(store._images)
    store._images.clear()  # another notebook's kernel (its own memory) writes the file meanwhile
    _save_case(Casebook(path), "theirs")
    store.close_all()
    store._images.update(mine)
    assert sorted(c.question for c in book.cases()) == ["mine", "theirs"]
    _save_case(book, "mine again")  # written over the file as it now is: nothing of theirs lost
    store.close_all()
    assert _rows(path) == 3


def test_in_the_browser_a_store_written_natively_is_read_and_kept(browser, monkeypatch):
    path = browser / "s.sqlite3"
    monkeypatch.setattr(store, "IN_BROWSER", False)
    saved = _save_case(Casebook(path), "native")  # a WAL file, uploaded to the site
    store.close_all()
    monkeypatch.setattr(store, "IN_BROWSER", True)
    book = Casebook(path)
    assert [c.id for c in book.cases()] == [saved]
    _save_case(book, "browser")
    store.close_all()
    assert _rows(path) == 2 and not Path(f"{path}-wal").exists()


def test_in_the_browser_a_nested_read_sees_the_last_write_and_a_nested_write_is_refused(browser):
    s = Store(browser / "s.sqlite3")
    with s.write() as outer:
        outer.execute(
            "INSERT INTO cases (uuid, spec, question, created, lesson_type, method) VALUES ('u', 's', 'q', 'c', 'l', 'm')"
        )
        with s.read() as inner:
            assert inner is not outer and inner.execute("SELECT count(*) FROM cases").fetchone()[0] == 0
        with pytest.raises(StoreError, match=r"s\.sqlite3' is busy: a write inside another operation"), s.write():
            pass
    assert _rows(s.path) == 1


def test_in_the_browser_bad_files_are_store_errors_and_left_untouched(browser):
    png = browser / "picture.png"
    data = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8
    png.write_bytes(data)
    with pytest.raises(StoreError, match=r"picture\.png' is not a liuren store"):
        Casebook(png).cases()
    assert png.read_bytes() == data
    path = browser / "new.sqlite3"
    Store(path).version()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    store.close_all()
    with pytest.raises(StoreError, match=r"newer than this liuren knows"):
        Casebook(path).cases()
    cut = browser / "cut.sqlite3"
    _saved(cut, 20)
    store.close_all()
    os.truncate(cut, cut.stat().st_size // 2)
    half = cut.read_bytes()
    with pytest.raises(StoreError, match=r"cut\.sqlite3' .*(damaged|not a liuren store)"):
        Casebook(cut).cases()
    assert cut.read_bytes() == half  # not written over


def test_in_the_browser_a_file_that_cannot_be_written_keeps_nothing_of_the_change(browser, monkeypatch):
    path = browser / "s.sqlite3"
    book = Casebook(path)
    _save_case(book, "kept")
    before = path.read_bytes()

    for code, error, message in (
        (5, StoreError, r"s\.sqlite3' could not be written \(Input/output error\); the last change is not kept"),
        (28, DiskFullError, r"s\.sqlite3' cannot be written: the disk is full; nothing of this operation"),
    ):

        def refuse(where, data, code=code):
            raise OSError(code, os.strerror(code))

        monkeypatch.setattr("liuren.files.write_atomic", refuse)
        with pytest.raises(error, match=message):
            _save_case(book, "lost")
    monkeypatch.undo()
    monkeypatch.setattr(store, "IN_BROWSER", True)
    assert path.read_bytes() == before
    assert [c.question for c in book.cases()] == ["kept"]  # the next operation loads the file again


# ---------------------------------------------------------------------------------------- threads and processes
# Each stress run is a child process: a crash there (SQLite used on a connection another thread closed
# is a segmentation fault) fails the test with its signal instead of killing pytest.
STRESS = textwrap.dedent(
    """
    import sys, threading
    from liuren.store import Store

    folder, threads, ops = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    stores = [Store(f"{folder}/a.sqlite3"), Store(f"{folder}/b.sqlite3")]
    INSERT = (
        "INSERT INTO cases (uuid, spec, question, created, lesson_type, method) "
        "VALUES (?, 's', 'q', 'c', 'l', 'm')"
    )
    errors = []

    def work(t):
        try:
            for n in range(ops):
                s = stores[1] if n % 5 == 0 else stores[0]  # a second file: connections move between files
                if n % 4 == 0:
                    with s.write(durable=False) as db:
                        db.execute(INSERT, (f"{t}-{n}",))
                elif n % 4 == 1:
                    with s.read() as db:
                        db.execute("SELECT count(*) FROM cases").fetchone()
                elif n % 4 == 2:  # a read inside a write: a second connection on the same thread
                    with s.write(durable=False) as db:
                        db.execute(INSERT, (f"{t}-{n}",))
                        with s.read() as inner:
                            inner.execute("SELECT count(*) FROM cases").fetchone()
                else:
                    s.version()
        except BaseException as error:
            errors.append(repr(error))

    workers = [threading.Thread(target=work, args=(t,)) for t in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    print(len(errors), errors[:3])
    """
)


def test_16_threads_on_one_store_run_2000_mixed_operations_each_without_a_crash(tmp_path):
    """16 threads × 2,000 operations (writes, reads, a read nested in a write, version checks) on one
    store and a second one: four times more threads than the pool kept connections for before, when 5
    threads crashed the process 1 run in 2 and 8 threads every run (one thread closed a connection
    another was using). 2,000 each is the count the audit asked for; it runs in about 8 s on two cores
    because the writes are not flushed to the disk (durable=False: the locking is the same)."""
    result = subprocess.run(
        [sys.executable, "-c", STRESS, str(tmp_path), "16", "2000"],
        capture_output=True,
        text=True,
        env=_child_env(),
        timeout=300,
    )
    assert result.returncode == 0, (result.returncode, result.stderr[-2000:])
    assert result.stdout.strip() == "0 []"
    inserted = {f"{t}-{n}" for t in range(16) for n in range(2000) if n % 4 in (0, 2)}
    found = []
    for name in ("a", "b"):
        db = sqlite3.connect(tmp_path / f"{name}.sqlite3")
        found += [row[0] for row in db.execute("SELECT uuid FROM cases")]
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        db.close()
    assert len(found) == len(inserted) == 16_000 and set(found) == inserted


OPENER = textwrap.dedent(
    """
    import sys
    from liuren.store import Store

    for line in sys.stdin:
        try:
            print("ok", Store(line.strip()).version(), flush=True)
        except BaseException as error:
            print("failed", repr(error).replace("\\n", " "), flush=True)
    """
)


def test_8_threads_and_2_processes_opening_a_new_store_at_once_all_get_it(tmp_path):
    """200 new stores, each opened at the same moment by 8 threads of this process and by 2 other
    processes: every opener gets the store at the current version (none refuses it as another
    program's database because it found the file before another opener had made its tables), and
    each file ends as one store, migrated once."""
    import threading

    rounds, threads = 200, 8
    paths = [tmp_path / f"{n}.sqlite3" for n in range(rounds)]
    children = [
        subprocess.Popen(
            [sys.executable, "-c", OPENER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=_child_env(),
        )
        for _ in range(2)
    ]
    start, done = threading.Barrier(threads + 1), threading.Barrier(threads + 1)
    outcomes: list[str] = []

    def open_each(t: int) -> None:
        for path in paths:
            start.wait()
            try:
                if t % 2:
                    outcomes.append(f"ok {Store(path).version()}")
                else:
                    with Store(path).write(durable=False) as db:
                        db.execute(
                            "INSERT INTO cases (uuid, spec, question, created, lesson_type, method) "
                            "VALUES (?, 's', 'q', 'c', 'l', 'm')",
                            (str(t),),
                        )
                    outcomes.append(f"ok {SCHEMA_VERSION}")
            except BaseException as error:
                outcomes.append(f"failed {error!r}")
            done.wait()

    workers = [threading.Thread(target=open_each, args=(t,)) for t in range(threads)]
    for w in workers:
        w.start()
    try:
        for path in paths:
            for child in children:
                assert child.stdin is not None
                child.stdin.write(f"{path}\n")
                child.stdin.flush()
            start.wait(timeout=60)
            done.wait(timeout=60)
            for child in children:
                assert child.stdout is not None
                outcomes.append(child.stdout.readline().strip())
    finally:
        for child in children:
            if child.stdin is not None:
                child.stdin.close()
        for w in workers:
            w.join(timeout=60)
        codes = [child.wait(timeout=60) for child in children]
    assert codes == [0, 0], [child.stderr.read()[-2000:] for child in children if child.stderr]
    failures = [o for o in outcomes if o != f"ok {SCHEMA_VERSION}"]
    assert len(outcomes) == rounds * (threads + 2) and failures == [], (len(failures), failures[:3])
    for path in paths:
        db = sqlite3.connect(path)
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("SELECT count(*) FROM cases").fetchone()[0] == threads // 2
        db.close()
