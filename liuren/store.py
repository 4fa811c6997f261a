"""The learner's store: one SQLite file that keeps what a learner writes down (the casebook now, the
practice path later), shared by every notebook and process of that learner.

Where it is: :func:`store_path` — the ``path=`` argument, else the environment variable
``LIUREN_STORE``, else ``liuren.sqlite3`` in the learner's data folder (``platformdirs.user_data_dir
("liuren")``: ``~/.local/share/liuren`` on Linux, ``~/Library/Application Support/liuren`` on macOS,
``%LOCALAPPDATA%\\liuren`` on Windows). Moving the file (with its ``-wal`` and ``-shm`` companions, when
no notebook has it open) and pointing ``LIUREN_STORE`` at the new place moves the store.

How it is kept:

* **One transaction per operation.** :meth:`Store.read` and :meth:`Store.write` are context managers:
  a block is one snapshot (read) or one transaction (write), and nothing stays locked between them, so
  two notebooks (or a notebook and a terminal) use the store at once. The connection is kept for the
  next operation (at most :data:`OPEN_LIMIT` per process, idle, holding no lock), because closing the
  last connection to a WAL file checkpoints it at the cost of a flush to the disk.
* **WAL** (``journal_mode=WAL``): readers never block the writer and the writer never blocks readers;
  a write is one transaction (``BEGIN IMMEDIATE`` … ``COMMIT``), so a process killed in the middle of
  one leaves the file as it was before it, with every earlier commit in place.
* **synchronous=FULL for a durable write** (the default of :meth:`Store.write`, what the casebook
  uses): the WAL is flushed to the disk at every commit, so a commit survives a power cut too, not only
  a killed process. A learner writes a case or an outcome a few times a day, at human pace, and a flush
  costs one ``fdatasync`` of the disk (``tools/bench_store.py`` measures it beside a write: 3–10 ms on
  the project's virtual disk, on top of 1–2 ms of the store's own work). ``durable=False`` is
  **synchronous=NORMAL**, SQLite's advice for WAL: still never a damaged file and never a loss when a
  process is killed, but the commits since the last checkpoint may be undone by a power cut; for
  frequent small writes (the practice path's reviews), without the flush.
* **A busy timeout** (:data:`BUSY_SECONDS`): a write waits for another process's write to finish
  instead of failing at once.
* **Foreign keys on**: a case's statements and outcomes go with it.
* **A versioned schema**: ``PRAGMA user_version`` is the number of :data:`MIGRATIONS` applied; opening
  a file applies the missing ones, each in one transaction with the version it sets. A file written by
  a newer liuren (a higher version) is refused, not misread. ``PRAGMA application_id`` marks the file as
  liuren's, so another program's SQLite file is refused too.

**In the browser** (Pyodide, e.g. the course's JupyterLite site: :data:`IN_BROWSER`) none of that
holds: the folder JupyterLite keeps (its drive, ``/drive``, which it stores in the browser's IndexedDB)
hands a file's writes on only when the file is closed and reports its size as last closed, so SQLite
cannot work on it (WAL fails for want of shared memory, a rollback journal with "database disk image is
malformed"), and the home folder is in memory, gone on a reload. There the store is an in-memory SQLite
database, loaded from the file (``Connection.deserialize``) when the file is not as this process last
read or wrote it, and written whole to the file after every operation that changed it
(``Connection.serialize``, then :func:`liuren.files.write_atomic`: a temporary file renamed over it,
so a reload in the middle leaves the file before or after the commit). Its default place is
``liuren.sqlite3`` on the drive (:data:`BROWSER_FOLDER`). Two notebooks open at once write turn about
(each operation reads the file anew when another has changed it), but they take no lock: of two
answers given in the same few milliseconds in two tabs, the second kernel's write wins.

Every failure is a :class:`~liuren.errors.StoreError` that names the file and says what to do: a file
that is not a database (or not liuren's), a damaged one, a newer schema, a read-only file or folder, a
path that is a folder, a store locked by another process for longer than the timeout.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import sqlite3
import stat
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .errors import ParseError, StoreError, WriteError, quote

ENV = "LIUREN_STORE"
"""The environment variable that says where the store is (the ``path=`` argument wins over it)."""
FILE_NAME = "liuren.sqlite3"
"""The store's file name in the learner's data folder."""
BUSY_SECONDS = 10.0
"""How long a write waits for another process's write to finish before it gives up (a StoreError)."""
APPLICATION_ID = 0x6C697572  # "liur"
"""``PRAGMA application_id`` of a liuren store (SQLite's header field for which program owns a file)."""
PATH_QUOTE = 200
"""How many characters of a path an error message quotes."""
ACCEPTED = "accepted: a file name as a str or pathlib.Path, e.g. 'casebook.sqlite3', or None for the default"
IN_BROWSER = sys.platform == "emscripten"
"""Whether liuren runs in a browser (Pyodide: the JupyterLite site), where the store is an in-memory
database written whole to its file after each change (see the module's docstring)."""
BROWSER_FOLDER = Path("/drive")
"""The store's default folder in the browser: JupyterLite's drive, the files it keeps in the browser's
IndexedDB (the Pyodide kernel's working folder); the home folder there is in memory only."""


def store_path(path: str | os.PathLike[str] | None = None) -> Path:
    """Where the store is: ``path`` if given, else ``$LIUREN_STORE`` if set (and not empty), else
    ``liuren.sqlite3`` in ``platformdirs.user_data_dir("liuren")`` (in the browser: in
    :data:`BROWSER_FOLDER`, where it outlives a reload). Nothing is created or opened.

    >>> store_path("/tmp/mine.sqlite3")
    PosixPath('/tmp/mine.sqlite3')
    """
    if path is None:
        path = os.environ.get(ENV) or None
        if path is None:
            if IN_BROWSER and BROWSER_FOLDER.is_dir():
                return BROWSER_FOLDER / FILE_NAME
            from platformdirs import user_data_dir

            return Path(user_data_dir("liuren", appauthor=False)) / FILE_NAME
        where = f"${ENV}={quote(path, PATH_QUOTE)}"
    else:
        where = f"path={quote(path, PATH_QUOTE)}"
    if not isinstance(path, str | os.PathLike):
        raise ParseError(f"{where} ({type(path).__name__}) is not a file path; {ACCEPTED}")
    text = os.fspath(path)
    if not isinstance(text, str):
        raise ParseError(f"{where} is a bytes path; {ACCEPTED}")
    if not text.strip() or "\0" in text:
        raise ParseError(f"{where} is empty or contains a NUL character; {ACCEPTED}")
    return Path(os.path.abspath(os.path.expanduser(text)))


Migration = Callable[[sqlite3.Connection], None]


def _v1_casebook(db: sqlite3.Connection) -> None:
    """Version 1: the casebook. A case keeps its chart as a spec, what was asked, and the reading given
    at the time (each statement's id, status, verdict and quotation), so a later change of the package's
    data does not rewrite it; an outcome keeps what happened and which statements held."""
    for sql in (
        f"PRAGMA application_id = {APPLICATION_ID}",
        """CREATE TABLE cases (
            id INTEGER PRIMARY KEY,
            uuid TEXT NOT NULL UNIQUE,
            spec TEXT NOT NULL,
            question TEXT NOT NULL,
            matter TEXT,
            querent TEXT,
            notes TEXT NOT NULL DEFAULT '',
            cast_at TEXT,
            created TEXT NOT NULL,
            lesson_type TEXT NOT NULL,
            method TEXT NOT NULL
        )""",
        """CREATE TABLE case_patterns (
            case_id INTEGER NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (case_id, position),
            UNIQUE (case_id, name)
        ) WITHOUT ROWID""",
        "CREATE INDEX case_patterns_name ON case_patterns(name)",
        """CREATE TABLE case_statements (
            case_id INTEGER NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            statement_id TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('applies', 'open')),
            verdict TEXT NOT NULL,
            quote TEXT NOT NULL,
            PRIMARY KEY (case_id, position),
            UNIQUE (case_id, statement_id)
        ) WITHOUT ROWID""",
        "CREATE INDEX case_statements_verdict ON case_statements(verdict, status)",
        """CREATE TABLE outcomes (
            id INTEGER PRIMARY KEY,
            case_id INTEGER NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
            text TEXT NOT NULL,
            happened TEXT,
            recorded TEXT NOT NULL
        )""",
        "CREATE INDEX outcomes_case ON outcomes(case_id)",
        """CREATE TABLE outcome_marks (
            outcome_id INTEGER NOT NULL REFERENCES outcomes(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            statement_id TEXT NOT NULL,
            held INTEGER CHECK (held IN (0, 1)),
            PRIMARY KEY (outcome_id, position),
            UNIQUE (outcome_id, statement_id)
        ) WITHOUT ROWID""",
    ):
        db.execute(sql)


def _v2_practice(db: sqlite3.Connection) -> None:
    """Version 2: the practice path. ``practice_reviews`` is the log of every answer graded (append
    only: each review's uuid, when, level, lesson type, the chart's spec, the verdict, the first wrong
    cell and the ratings given to the cards, as JSON); ``practice_cards`` the scheduler's state of each
    card (level, cell kind, lesson type) as the FSRS card's JSON with its due time; ``practice_levels``
    the levels opened, how (passed or skipped) and when."""
    for sql in (
        """CREATE TABLE practice_reviews (
            id INTEGER PRIMARY KEY,
            uuid TEXT NOT NULL UNIQUE,
            reviewed TEXT NOT NULL,
            level INTEGER NOT NULL,
            lesson_type TEXT NOT NULL,
            spec TEXT NOT NULL,
            verdict TEXT NOT NULL CHECK (verdict IN ('right', 'half', 'wrong')),
            cell TEXT,
            ratings TEXT NOT NULL
        )""",
        "CREATE INDEX practice_reviews_level ON practice_reviews(level, id)",
        """CREATE TABLE practice_cards (
            level INTEGER NOT NULL,
            kind TEXT NOT NULL,
            lesson_type TEXT NOT NULL,
            card TEXT NOT NULL,
            due TEXT NOT NULL,
            PRIMARY KEY (level, kind, lesson_type)
        ) WITHOUT ROWID""",
        "CREATE INDEX practice_cards_due ON practice_cards(due)",
        """CREATE TABLE practice_levels (
            level INTEGER PRIMARY KEY,
            how TEXT NOT NULL CHECK (how IN ('passed', 'skipped')),
            opened TEXT NOT NULL
        )""",
    ):
        db.execute(sql)


def _v3_practice_items(db: sqlite3.Connection) -> None:
    """Version 3: a review keeps what deals its item again and the rule missed, for the wrong-answer
    book. ``item`` is what the item showed beyond its chart, as JSON (the moment and place of a
    real-time item, the choices of the multiple choice, the reverse drill's prompt; ``{}`` when
    nothing), NULL for a review written before (its item is dealt afresh for the same chart);
    ``rule`` is the checker's message naming the rule missed ('' when right, or written before)."""
    for sql in (
        "ALTER TABLE practice_reviews ADD COLUMN item TEXT",
        "ALTER TABLE practice_reviews ADD COLUMN rule TEXT NOT NULL DEFAULT ''",
        "CREATE INDEX practice_reviews_verdict ON practice_reviews(verdict, id)",
    ):
        db.execute(sql)


MIGRATIONS: tuple[Migration, ...] = (_v1_casebook, _v2_practice, _v3_practice_items)
"""The schema's migrations, in order: applying the first N gives version N. Append only: a released
migration is never edited (a file at version N must mean the same thing to every liuren)."""
SCHEMA_VERSION = len(MIGRATIONS)
"""The schema version this liuren writes."""

OPEN_LIMIT = 4
"""How many connections a process keeps open between operations (the most recently used; one per
thread and file). Closing the last connection to a WAL file checkpoints it and removes the WAL, which
costs a flush to the disk (about 20 ms); a kept connection makes the next operation cost a fraction
of a millisecond. An idle connection holds no lock: other processes read and write as if it were
closed. Each is checked against the file before use (a store moved or replaced is opened anew), and
all are closed when the process exits (or by :func:`close_all`). A connection is only used by the
thread it is kept for, and may be closed by any (so it is opened with ``check_same_thread=False``)."""


@dataclass(frozen=True, slots=True)
class _Kept:
    db: sqlite3.Connection
    device: int
    inode: int
    pid: int


_kept: OrderedDict[tuple[int, str], _Kept] = OrderedDict()
_lock = threading.Lock()


def _take(key: tuple[int, str], info: os.stat_result | None) -> sqlite3.Connection | None:
    """The connection kept for ``key`` if it is still to the file now at the path (same device and
    inode) and of this process; a stale one is closed (or, after a fork, dropped unclosed)."""
    with _lock:
        kept = _kept.get(key)
        if kept is None:
            return None
        if kept.pid == os.getpid() and info is not None and (kept.device, kept.inode) == (info.st_dev, info.st_ino):
            _kept.move_to_end(key)
            return kept.db
        del _kept[key]
    if kept.pid == os.getpid():
        with contextlib.suppress(sqlite3.Error):
            kept.db.close()
    return None


def _keep(key: tuple[int, str], db: sqlite3.Connection, info: os.stat_result) -> None:
    evicted = []
    with _lock:
        _kept[key] = _Kept(db, info.st_dev, info.st_ino, os.getpid())
        while len(_kept) > OPEN_LIMIT:
            evicted.append(_kept.popitem(last=False)[1])
    for old in evicted:
        if old.pid == os.getpid():
            with contextlib.suppress(sqlite3.Error):
                old.db.close()


def _forget(key: tuple[int, str], db: sqlite3.Connection) -> None:
    with _lock:
        if key in _kept and _kept[key].db is db:
            del _kept[key]


@dataclass(slots=True)
class _Image:
    """In the browser: a store's in-memory database, and its file's ``signature`` (size and time of last
    change) and bytes as this process last read or wrote them."""

    db: sqlite3.Connection
    signature: tuple[int, int] | None
    data: bytes


_images: dict[str, _Image] = {}


def _signature(info: os.stat_result | None) -> tuple[int, int] | None:
    return None if info is None else (info.st_size, info.st_mtime_ns)


WAL_FORMAT = b"\x02\x02"
"""Bytes 18 and 19 of the header of an SQLite file in WAL mode (the file format versions SQLite writes
and reads); a rollback-journal file has 1 and 1 there."""


def _rollback_format(data: bytes) -> bytes:
    """An SQLite file's bytes with its header marked as a rollback-journal file: a store written
    natively (WAL) and brought into the browser, where an in-memory database cannot open a WAL file.
    Its content is complete: the native store checkpoints the WAL into it when its last connection
    closes (a file copied while a WAL beside it holds commits lacks them, as it would natively)."""
    return data[:18] + b"\x01\x01" + data[20:] if data[18:20] == WAL_FORMAT else data


def close_all() -> None:
    """Close every connection this process keeps open (each store operation opens one again)."""
    with _lock:
        kept = list(_kept.values())
        _kept.clear()
        images = list(_images.values())
        _images.clear()
    for old in kept:
        if old.pid == os.getpid():
            with contextlib.suppress(sqlite3.Error):
                old.db.close()
    for image in images:
        with contextlib.suppress(sqlite3.Error):
            image.db.close()


atexit.register(close_all)


@dataclass(frozen=True, slots=True)
class Store:
    """The store at ``path`` (see :func:`store_path`): a value (the path), holding no connection of its
    own; :meth:`read` and :meth:`write` are one operation each, on this thread's kept connection to the
    file (see :data:`OPEN_LIMIT`).

    >>> import tempfile, os
    >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite3"))
    >>> s.version()
    3
    """

    path: Path

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        object.__setattr__(self, "path", store_path(path))

    def __str__(self) -> str:
        return str(self.path)

    def version(self) -> int:
        """The schema version of the file (opening it brings it to :data:`SCHEMA_VERSION`)."""
        with self.read() as db:
            return int(db.execute("PRAGMA user_version").fetchone()[0])

    @contextlib.contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """A connection for reading; the reads in the block see one snapshot of the file."""
        with self._connect() as db, self.errors():
            db.execute("BEGIN")
            try:
                yield db
            finally:
                db.execute("ROLLBACK")

    @contextlib.contextmanager
    def write(self, durable: bool = True) -> Iterator[sqlite3.Connection]:
        """A connection in one write transaction: committed when the block ends, rolled back (nothing
        written) when it raises. Waits up to :data:`BUSY_SECONDS` for another process's write.

        ``durable`` (the default) flushes the commit to the disk (``synchronous=FULL``): it survives a
        power cut. ``durable=False`` (``synchronous=NORMAL``) leaves the flush to the next checkpoint:
        the commit survives the process being killed, and the file is never damaged, but a power cut
        soon after may undo it. For frequent small writes where that is acceptable."""
        with self._connect(writing=True) as db, self.errors():
            db.execute(f"PRAGMA synchronous = {'FULL' if durable else 'NORMAL'}")
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    @contextlib.contextmanager
    def _connect(self, writing: bool = False) -> Iterator[sqlite3.Connection]:
        """This thread's open connection to the file, or a new one (kept for the next operation, see
        :data:`OPEN_LIMIT`). A connection that fails is closed and forgotten. In the browser, the
        store's in-memory database (:meth:`_connect_image`; ``writing``: for a write)."""
        if IN_BROWSER:
            with self._connect_image(writing) as db:
                yield db
            return
        info = self._check_place()
        key = (threading.get_ident(), str(self.path))
        kept = _take(key, info)
        nested = kept is not None and kept.in_transaction
        db = kept if kept is not None and not nested else self._open()
        failed = True
        try:
            with self.errors():
                db.execute(f"PRAGMA busy_timeout = {round(BUSY_SECONDS * 1000)}")
                if db is kept:
                    self._migrate(db)
            yield db
            failed = False
        except (StoreError, sqlite3.Error):
            raise
        except BaseException:  # the caller's own error: the connection itself is sound
            failed = db.in_transaction
            raise
        finally:
            try:
                now = None if failed or nested else os.stat(self.path)
            except OSError:  # removed meanwhile: the next operation opens what is there then
                now = None
            if now is None:
                _forget(key, db)
                with contextlib.suppress(sqlite3.Error):
                    db.close()
            elif db is not kept:
                _keep(key, db, now)

    @contextlib.contextmanager
    def _connect_image(self, writing: bool) -> Iterator[sqlite3.Connection]:
        """In the browser: the store's in-memory database, loaded from the file when the file is not as
        this process last read or wrote it; once the operation is done, written whole to the file if it
        changed (see the module's docstring). A database that fails, or could not be written, is dropped:
        the next operation loads the file again. An operation inside another one reads the store as last
        written (as a second connection would natively); a write there is refused, as natively it would
        wait for the first to finish."""
        info = self._check_place()
        key = str(self.path)
        with _lock:
            image = _images.get(key)
        if image is not None and image.db.in_transaction:
            if writing:
                raise StoreError(
                    f"the liuren store {quote(key, PATH_QUOTE)} is busy: a write inside another operation on "
                    f"it waits for that one to end; finish the first operation, then write"
                )
            with self.errors():
                snapshot = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            try:
                with self.errors():
                    snapshot.deserialize(image.data)
                yield snapshot
            finally:
                snapshot.close()
            return
        if image is None or image.signature != _signature(info):
            if image is not None:
                self._drop(image)
            image = self._load(info)
        failed = True
        try:
            with self.errors():
                image.db.execute(f"PRAGMA busy_timeout = {round(BUSY_SECONDS * 1000)}")
            yield image.db
            failed = image.db.in_transaction
        finally:
            if failed:
                self._drop(image)
        if not image.db.in_transaction:
            self._save(image)

    def _load(self, info: os.stat_result | None) -> _Image:
        """A new in-memory database holding the file's store (an empty one for a new or empty file),
        migrated and checked like a file opened natively."""
        with self.errors():
            data = self.path.read_bytes() if info is not None else b""
            db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        try:
            with self.errors():
                if data:
                    db.deserialize(_rollback_format(data))
                db.execute("PRAGMA foreign_keys = ON")
                self._migrate(db)
                self._check(db)
        except BaseException:
            db.close()
            raise
        image = _Image(db, _signature(info), data)
        with _lock:
            _images[str(self.path)] = image
        self._save(image)  # a new store, or one just migrated, is written at once
        return image

    def _save(self, image: _Image) -> None:
        """Write the in-memory database to the file if it differs from what the file holds."""
        with self.errors():
            data = image.db.serialize()
        if data == image.data:
            return
        from .files import write_atomic

        try:
            write_atomic(self.path, data)
            info = os.stat(self.path)
        except (WriteError, OSError) as error:
            self._drop(image)
            raise StoreError(
                f"the liuren store {quote(str(self.path), PATH_QUOTE)} could not be written "
                f"({getattr(error, 'strerror', None) or error}); the last change is not kept: try again"
            ) from None
        image.data, image.signature = data, _signature(info)

    def _drop(self, image: _Image) -> None:
        with _lock:
            if _images.get(str(self.path)) is image:
                del _images[str(self.path)]
        with contextlib.suppress(sqlite3.Error):
            image.db.close()

    def _open(self) -> sqlite3.Connection:
        with self.errors():
            db = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
        try:
            with self.errors():
                self._prepare_when_free(db)
        except BaseException:
            db.close()
            raise
        return db

    def _prepare_when_free(self, db: sqlite3.Connection) -> None:
        """:meth:`_prepare`, tried again while another connection holds the lock it needs. Switching a
        new file to WAL and migrating it take locks for which SQLite returns "busy" at once rather than
        wait (it would deadlock otherwise), so connections opening a new store together, from threads or
        processes, take turns here for up to :data:`BUSY_SECONDS`."""
        deadline = time.monotonic() + BUSY_SECONDS
        pause = 0.005
        while True:
            try:
                self._prepare(db)
                return
            except sqlite3.OperationalError as error:
                code = getattr(error, "sqlite_errorcode", 0) & 0xFF
                busy = code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in str(error)
                if not busy or time.monotonic() > deadline:
                    raise
                if db.in_transaction:
                    db.execute("ROLLBACK")
                time.sleep(pause)
                pause = min(pause * 2, 0.2)

    def _check_place(self) -> os.stat_result | None:
        """Refuse, before SQLite sees it, a path that cannot hold a store (a folder, a device, a
        read-only file or folder), and create the store's folder when it is missing. Returns the
        file's status (None for a new store)."""
        shown = quote(str(self.path), PATH_QUOTE)
        folder = self.path.parent
        try:
            if not folder.is_dir():
                existing = next(p for p in (folder, *folder.parents) if os.path.lexists(p))
                if not existing.is_dir():
                    raise NotADirectoryError(0, f"{existing} is not a folder")
                if not _writable(existing):
                    raise PermissionError(0, f"{existing} is read-only")
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(
                f"the liuren store {shown} cannot be created: its folder {quote(str(folder), PATH_QUOTE)} "
                f"cannot be made ({error.strerror or error}); {self._elsewhere()}"
            ) from None
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            info = None
        except OSError as error:
            raise StoreError(f"the liuren store {shown} cannot be opened: {error.strerror or error}") from None
        if info is not None and stat.S_ISDIR(info.st_mode):
            raise StoreError(
                f"the liuren store {shown} is a folder, not a file; give a file name inside it "
                f"(e.g. {quote(str(self.path / FILE_NAME), PATH_QUOTE)})"
            )
        if info is not None and not stat.S_ISREG(info.st_mode):
            raise StoreError(f"the liuren store {shown} is not a regular file (a device, a pipe or a socket)")
        if info is not None and (not info.st_mode & 0o222 or not os.access(self.path, os.W_OK)):
            raise StoreError(
                f"the liuren store {shown} is read-only (mode {stat.S_IMODE(info.st_mode):04o}): make it "
                f"writable (chmod u+w), or copy it to a writable place and point {ENV} there"
            )
        if not _writable(folder):
            raise StoreError(
                f"the liuren store {shown} is in a read-only folder (mode {stat.S_IMODE(os.stat(folder).st_mode):04o}); "
                f"SQLite keeps its journal beside the file, so the folder must be writable: {self._elsewhere()}"
            )
        return info

    def _elsewhere(self) -> str:
        return f"give another path (path= or the environment variable {ENV})"

    def _prepare(self, db: sqlite3.Connection) -> None:
        """Set the connection up, check the file is a liuren store and bring its schema up to date."""
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA synchronous = NORMAL")
        mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StoreError(f"the liuren store {quote(str(self.path), PATH_QUOTE)} cannot use a WAL journal ({mode})")
        self._migrate(db)
        self._check(db)

    def _migrate(self, db: sqlite3.Connection) -> None:
        """Check the file is a liuren store of a schema this liuren knows, and apply the migrations it
        lacks (run before every operation: another process may have changed the file since)."""
        if self._version(db) < SCHEMA_VERSION:
            db.execute("PRAGMA synchronous = FULL")
            db.execute("BEGIN IMMEDIATE")
            try:
                version = self._version(db)  # another process may have migrated meanwhile
                for number in range(version, SCHEMA_VERSION):
                    MIGRATIONS[number](db)
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def _version(self, db: sqlite3.Connection) -> int:
        shown = quote(str(self.path), PATH_QUOTE)
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        application = int(db.execute("PRAGMA application_id").fetchone()[0])
        if application not in (0, APPLICATION_ID) or (
            version == 0 and db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        ):
            raise StoreError(
                f"{shown} is an SQLite database of another program, not a liuren store: leave it be and "
                f"{self._elsewhere()}"
            )
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"the liuren store {shown} has schema version {version}, newer than this liuren knows "
                f"({SCHEMA_VERSION}): it was written by a newer liuren; upgrade liuren (pip install -U liuren) "
                f"rather than use it with this one"
            )
        return version

    def _check(self, db: sqlite3.Connection) -> None:
        """A quick integrity check when a connection is opened: a damaged file is found at once, not
        half-way through a listing."""
        problems = [row[0] for row in db.execute("PRAGMA quick_check(3)")]
        if problems != ["ok"]:
            raise sqlite3.DatabaseError("database disk image is malformed: " + "; ".join(problems))

    @contextlib.contextmanager
    def errors(self) -> Iterator[None]:
        """Turn SQLite's and the system's errors into a :class:`StoreError` naming the file."""
        try:
            yield
        except sqlite3.Error as error:
            raise StoreError(self._explain(error)) from None
        except OSError as error:
            raise StoreError(
                f"the liuren store {quote(str(self.path), PATH_QUOTE)} failed: {error.strerror or error}"
            ) from None

    def _explain(self, error: sqlite3.Error) -> str:
        shown = quote(str(self.path), PATH_QUOTE)
        code = getattr(error, "sqlite_errorcode", None)
        primary = None if code is None else code & 0xFF
        text = str(error)
        if primary == sqlite3.SQLITE_NOTADB or "not a database" in text:
            return (
                f"{shown} is not a liuren store (not an SQLite database, or one cut short): move it away "
                f"(or restore it from a backup or an export) and open the store again, or {self._elsewhere()}"
            )
        if primary == sqlite3.SQLITE_CORRUPT or "malformed" in text:
            return (
                f"the liuren store {shown} is damaged ({text}): move it away and import your last export "
                f"into a new store, or try `sqlite3 {self.path} .recover`"
            )
        if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in text:
            return (
                f"the liuren store {shown} is busy: another process kept it locked for more than "
                f"{BUSY_SECONDS:g} s; nothing was written, try again"
            )
        if primary == sqlite3.SQLITE_READONLY or "readonly" in text:
            return f"the liuren store {shown} is read-only ({text}): make the file and its folder writable"
        if primary in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM, sqlite3.SQLITE_AUTH):
            return f"the liuren store {shown} cannot be opened ({text}): check its folder exists and is writable"
        if primary == sqlite3.SQLITE_FULL:
            return f"the liuren store {shown} cannot be written: the disk is full; nothing was written"
        return f"the liuren store {shown} failed: {text}"


def _writable(folder: Path) -> bool:
    """Whether files can be made in ``folder``: its mode allows writing to someone, and to this process
    (root included: a folder made read-only on purpose is treated as read-only, as liuren.files does)."""
    return bool(os.stat(folder).st_mode & 0o222) and os.access(folder, os.W_OK | os.X_OK)


__all__ = [
    "BROWSER_FOLDER",
    "BUSY_SECONDS",
    "ENV",
    "IN_BROWSER",
    "MIGRATIONS",
    "OPEN_LIMIT",
    "SCHEMA_VERSION",
    "Store",
    "close_all",
    "store_path",
]
