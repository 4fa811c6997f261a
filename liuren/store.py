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
  last connection to a WAL file checkpoints it at the cost of a flush to the disk. An operation has its
  connection to itself, so any number of threads may use a store at once.
* **A new store appears whole.** It is made in a temporary file beside its path (WAL mode, every
  migration) and then hard-linked at the path, which fails when a file is already there: threads and
  processes opening a new store together each find either no file or a complete store. A file is
  checked to be a liuren store (or empty) before anything in it is changed: another program's database
  is refused byte for byte as it was.
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
path that is a folder, a store locked by another process for longer than the timeout; a full disk is a
:class:`~liuren.errors.DiskFullError`, which is a ``StoreError`` and also an ``OSError``.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import os
import sqlite3
import stat
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .errors import DiskFullError, StoreError, WriteError, quote
from .files import path_text

ENV = "LIUREN_STORE"
"""The environment variable that says where the store is (the ``path=`` argument wins over it)."""
FILE_NAME = "liuren.sqlite3"
"""The store's file name in the learner's data folder."""
FULL_MARGIN = 1 << 20
"""Free bytes on the store's disk below which an I/O error of SQLite is reported as a full disk: SQLite
reports a disk that fills while it grows its WAL index (``-shm``) or journal as a "disk I/O error", not
as "full" (1 MiB: more than a store operation writes, less than any disk in use has free)."""
FULL_ERRNOS = frozenset(getattr(errno, name) for name in ("ENOSPC", "EDQUOT") if hasattr(errno, name))
"""The system's errors for a full disk (no space left, or the user's quota used up)."""
NO_LINKS = frozenset(
    getattr(errno, name)
    for name in ("EPERM", "ENOTSUP", "EOPNOTSUPP", "EMLINK", "EXDEV", "ENOSYS")
    if hasattr(errno, name)
)
"""The system's errors for a file system that makes no hard link (FAT, some network drives): a new store
is then made in place."""
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
    text = path_text(path, where, ACCEPTED)
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


def _v4_review_indexes_and_saves(db: sqlite3.Connection) -> None:
    """Version 4: indexes for the practice dashboard's counts of a long review log (100,000 reviews:
    years of daily practice), by time (the days practised, the history's window) and by lesson type and
    verdict, so that a process's first :meth:`~liuren.practice.Practice.summary` reads indexes instead
    of the whole log (``tools/bench_practice.py``); and ``practice_saves``, when the learner saved their
    progress to a file and how many reviews it held (the page reminds them after a week without)."""
    for sql in (
        "CREATE INDEX practice_reviews_reviewed ON practice_reviews(reviewed, verdict)",
        "CREATE INDEX practice_reviews_type ON practice_reviews(lesson_type, verdict)",
        "CREATE TABLE practice_saves (id INTEGER PRIMARY KEY, saved TEXT NOT NULL, reviews INTEGER NOT NULL)",
    ):
        db.execute(sql)


def _v5_review_answers(db: sqlite3.Connection) -> None:
    """Version 5: a review keeps the learner's answer, so that the wrong-answer book says the rule
    missed again in the language of the page it is read on (the rule is graded afresh from the item
    and the answer). ``answer`` is the boxes graded, as JSON (box → the text typed, the plate as its
    squares), NULL for a review written before (its stored ``rule`` is shown as it was written)."""
    db.execute("ALTER TABLE practice_reviews ADD COLUMN answer TEXT")


MIGRATIONS: tuple[Migration, ...] = (
    _v1_casebook,
    _v2_practice,
    _v3_practice_items,
    _v4_review_indexes_and_saves,
    _v5_review_answers,
)
"""The schema's migrations, in order: applying the first N gives version N. Append only: a released
migration is never edited (a file at version N must mean the same thing to every liuren)."""
SCHEMA_VERSION = len(MIGRATIONS)
"""The schema version this liuren writes."""

OPEN_LIMIT = 8
"""How many idle connections a process keeps open between operations (the most recently used, to any
store file, shared by the process's threads). Closing the last connection to a WAL file checkpoints it
and removes the WAL, which costs a flush to the disk (about 20 ms); a kept connection makes the next
operation cost a fraction of a millisecond. An idle connection holds no lock: other processes read and
write as if it were closed.

An operation *takes* a connection out of the pool and gives it back when it ends, so a connection is
used by one thread at a time and only an idle one is ever closed (by eviction or :func:`close_all`):
any number of threads can use one store at once, each on its own connection, and an operation inside
another on the same thread gets a connection of its own. (A connection may move between threads from
one operation to the next, so it is opened with ``check_same_thread=False``.) Each is checked against
the file before use (a store moved or replaced is opened anew). A connection inherited by a forked child
process is never used or closed there: it belongs to the parent."""


@dataclass(frozen=True, slots=True)
class _Kept:
    path: str
    db: sqlite3.Connection
    device: int
    inode: int
    pid: int


_kept: list[_Kept] = []
"""The idle connections, least recently used first (at most :data:`OPEN_LIMIT`)."""
_inherited: list[sqlite3.Connection] = []
"""Connections a forked child inherited from its parent: held, never closed (closing one in the child
could checkpoint or remove the parent's WAL)."""
_lock = threading.Lock()
_creating: dict[str, threading.Lock] = {}
"""A lock per store path, held by the thread making a new store there (see :meth:`Store._create`)."""


def _close(kept: _Kept) -> None:
    if kept.pid == os.getpid():
        with contextlib.suppress(sqlite3.Error):
            kept.db.close()
    else:
        _inherited.append(kept.db)


def _take(path: str, info: os.stat_result | None) -> sqlite3.Connection | None:
    """An idle connection to the file now at ``path`` (same device and inode) opened by this process,
    taken out of the pool: no other operation can use or close it until :func:`_keep` gives it back.
    Stale ones found on the way (to a file moved or replaced) are closed."""
    stale = []
    found = None
    with _lock:
        for index in range(len(_kept) - 1, -1, -1):
            kept = _kept[index]
            if kept.path != path:
                continue
            del _kept[index]
            if kept.pid == os.getpid() and info is not None and (kept.device, kept.inode) == (info.st_dev, info.st_ino):
                found = kept.db
                break
            stale.append(kept)
    for old in stale:
        _close(old)
    return found


def _keep(path: str, db: sqlite3.Connection, info: os.stat_result) -> None:
    """Give an idle connection back to the pool, closing the least recently used beyond :data:`OPEN_LIMIT`."""
    evicted = []
    with _lock:
        _kept.append(_Kept(path, db, info.st_dev, info.st_ino, os.getpid()))
        while len(_kept) > OPEN_LIMIT:
            evicted.append(_kept.pop(0))
    for old in evicted:
        _close(old)


def _after_fork() -> None:
    """In a forked child: the parent's connections are its own (kept, never used), and the lock starts
    free (another thread of the parent may have held it at the fork)."""
    global _lock
    _lock = threading.Lock()
    _creating.clear()
    _inherited.extend(kept.db for kept in _kept if kept.pid != os.getpid())
    _kept.clear()


os.register_at_fork(after_in_child=_after_fork)


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
    """Close every idle connection this process keeps open (each store operation opens one again; one
    in use by an operation is left to it and kept when the operation ends)."""
    with _lock:
        kept = list(_kept)
        _kept.clear()
        images = list(_images.values())
        _images.clear()
    for old in kept:
        _close(old)
    for image in images:
        with contextlib.suppress(sqlite3.Error):
            image.db.close()


atexit.register(close_all)


@dataclass(frozen=True, slots=True)
class Store:
    """The store at ``path`` (see :func:`store_path`): a value (the path), holding no connection of its
    own; :meth:`read` and :meth:`write` are one operation each, on a connection to the file that no
    other operation uses meanwhile (see :data:`OPEN_LIMIT`): safe from any number of threads.

    >>> import tempfile, os
    >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite3"))
    >>> s.version()
    5
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
        """An idle connection to the file taken from the pool, or a new one (given back to the pool for
        the next operation, see :data:`OPEN_LIMIT`). A connection that fails is closed and forgotten. In the browser, the
        store's in-memory database (:meth:`_connect_image`; ``writing``: for a write)."""
        if IN_BROWSER:
            with self._connect_image(writing) as db:
                yield db
            return
        info = self._check_place()
        path = str(self.path)
        kept = _take(path, info)
        db = kept if kept is not None else self._open()
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
                now = None if failed or db.in_transaction else os.stat(self.path)
            except OSError:  # removed meanwhile: the next operation opens what is there then
                now = None
            if now is None:
                with contextlib.suppress(sqlite3.Error):
                    db.close()
            else:
                _keep(path, db, now)

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
            if error.errno in FULL_ERRNOS:
                raise DiskFullError(self._full_message()) from None
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
        if not os.path.lexists(self.path):
            with _lock:
                creating = _creating.setdefault(str(self.path), threading.Lock())
            try:
                with creating:  # this process's other threads wait for the one making it
                    if not os.path.lexists(self.path):
                        self._create()
            finally:
                with _lock:
                    if _creating.get(str(self.path)) is creating:
                        del _creating[str(self.path)]
        with self.errors():
            db = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
        try:
            with self.errors():
                self._prepare_when_free(db)
        except BaseException:
            db.close()
            raise
        return db

    def _create(self) -> None:
        """Make a new store whole (WAL mode, every migration) in a temporary file beside the path, then
        hard-link it at the path, which fails if a file is there already: every opener finds either no
        file or a complete store, never one half made, and a new store is made without the openers
        taking turns on its locks. When another opener linked its store first, this one's is dropped.
        Where the file system has no hard links, nothing is linked and the store is made in place (the
        openers then take turns, see :meth:`_prepare_when_free`)."""
        temporary = str(self.path.parent / f".liuren-{uuid.uuid4().hex}.sqlite3")
        with self.errors():  # the mode SQLite gives a file it creates (0644, less the umask), not mkstemp's 0600
            os.close(os.open(temporary, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
        try:
            with self.errors():
                db = sqlite3.connect(temporary, isolation_level=None)
                try:
                    self._prepare(db)
                finally:
                    db.close()  # the last connection: the WAL is checkpointed into the file and removed
            try:
                os.link(temporary, self.path)
            except FileExistsError:  # another opener's store is there: that one is used
                pass
            except OSError as error:
                if error.errno not in NO_LINKS:
                    with self.errors():
                        raise
        finally:
            for suffix in ("", "-wal", "-shm", "-journal"):
                with contextlib.suppress(OSError):
                    os.unlink(temporary + suffix)

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
        """Set the connection up, check the file is a liuren store and bring its schema up to date.
        The check comes first: a file that is refused (another program's database, a newer schema) is
        left byte for byte as it was (the two pragmas before it are the connection's, not the file's)."""
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA synchronous = NORMAL")
        self._version(db)
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
        """The file's schema version, after checking it is a liuren store (or a new, empty file) of a
        schema this liuren knows. The three things it looks at are read in one statement, so from one
        snapshot: read one by one, another connection's migration committed between them would show
        a file at version 0 that has tables, i.e. another program's database."""
        shown = quote(str(self.path), PATH_QUOTE)
        version, application, tables = db.execute(
            "SELECT (SELECT user_version FROM pragma_user_version), "
            "(SELECT application_id FROM pragma_application_id), (SELECT count(*) FROM sqlite_master)"
        ).fetchone()
        version, application = int(version), int(application)
        if application not in (0, APPLICATION_ID) or (version == 0 and tables):
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
            if self._full(error):
                raise DiskFullError(self._full_message()) from None
            raise StoreError(self._explain(error)) from None
        except OSError as error:
            if error.errno in FULL_ERRNOS:
                raise DiskFullError(self._full_message()) from None
            raise StoreError(
                f"the liuren store {quote(str(self.path), PATH_QUOTE)} failed: {error.strerror or error}"
            ) from None

    def _full(self, error: sqlite3.Error) -> bool:
        """Whether SQLite failed for want of space: "database or disk is full" (SQLITE_FULL), or an I/O
        error while the store's disk has less than :data:`FULL_MARGIN` free."""
        code = getattr(error, "sqlite_errorcode", None)
        primary = None if code is None else code & 0xFF
        if primary == sqlite3.SQLITE_FULL:
            return True
        if primary != sqlite3.SQLITE_IOERR and "disk I/O error" not in str(error):
            return False
        try:
            disk = os.statvfs(self.path.parent)
        except (OSError, AttributeError):  # no statvfs (Windows): an I/O error is reported as one
            return False
        return disk.f_bavail * disk.f_frsize < FULL_MARGIN

    def _full_message(self) -> str:
        return (
            f"the liuren store {quote(str(self.path), PATH_QUOTE)} cannot be written: the disk is full; "
            f"nothing of this operation was written: free some space on the disk and try again, or "
            f"{self._elsewhere()}"
        )

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
