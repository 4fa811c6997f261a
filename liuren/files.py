"""Writing and reading files: every file liuren writes to a path it is given goes through
:func:`write_atomic`, and every file it reads from one (an export to import) through :func:`read_text`.

A write is atomic: the data goes to a temporary file in the folder of the file it replaces, is
flushed to the disk (``fsync``), and is then renamed over the target (``os.replace``), so a reader
sees the old file or the new one, never half of one, and a failure leaves the old file as it was.

Only a new file or an existing, writable regular file is replaced. A symlink is followed (the file it
points to is replaced, in that file's own folder, and the link stays a link), one link at a time, so a
link that leads into ``/dev``, ``/proc`` or ``/sys`` is seen even when its end is a regular file:
``/dev/stdout`` with the output sent to a log resolves to that log, and renaming over it would
silently replace the log. Folders, devices, named pipes, sockets and read-only files are refused.

A path that is not a file name at all (a number, bytes, an empty string, a NUL character) is a
:class:`~liuren.errors.ParseError`; a file name that cannot be written is a
:class:`~liuren.errors.WriteError`; a disk that fails while writing (full, an I/O error) is the
``OSError`` itself. A file that cannot be read is a :class:`~liuren.errors.ReadError` (a ``ParseError``
and an ``OSError``); one that is too large or not UTF-8 text a ``ParseError``.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> write_atomic(os.path.join(folder, "a.txt"), "子")
>>> open(os.path.join(folder, "a.txt"), encoding="utf-8").read(), os.listdir(folder)
('子', ['a.txt'])
>>> write_atomic("/dev/null", "子")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
liuren.errors.WriteError: path='/dev/null' leads to '/dev/null', a device or a running process's file, ...
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat

from .errors import ParseError, ReadError, WriteError, quote

SYSTEM_FOLDERS = ("/dev", "/proc", "/sys")
"""Where devices and the files of running processes live: nothing there is replaced by a rename."""
MAX_LINKS = 40
"""How many symlinks a path may pass through before it counts as a loop (the Linux limit)."""
ACCEPTED = "accepted: a file name as a str or pathlib.Path, e.g. 'chart.html'"
WRITABLE = "accepted: a new file or an existing, writable regular file (a symlink to one is followed)"


def check_path(path: object) -> str:
    """``path`` as a str, once it is sure a file can be written there (nothing is written).

    The argument must be a non-empty ``str`` or ``os.PathLike`` (not bytes, not a file descriptor)
    without NUL, encodable as a file name (else :class:`ParseError`); the file it leads to must be new
    or a writable regular file in an existing folder (else :class:`WriteError`)."""
    text = _file_name(path)
    target(text)
    return text


def _file_name(path: object) -> str:
    """``path`` as a str when it is a file name at all (else a :class:`ParseError`)."""
    return path_text(path, f"path={quote(path)}")


def path_text(path: object, where: str, accepted: str = ACCEPTED, noun: str = "file") -> str:
    """``path`` as a str when it names a file or folder at all, else a :class:`ParseError` that starts
    with ``where`` (how the caller shows the value: ``path='…'``, ``$LIURENSTORE='…'``, ``folder='…'``)
    and ends with ``accepted``: it must be a ``str`` or ``os.PathLike`` (not bytes, not a file
    descriptor, whose ``__fspath__`` gives a str), not empty, without NUL, encodable as a file name.
    The one check of a path's form for the files, the store and the course."""
    if not isinstance(path, str | os.PathLike):
        raise ParseError(f"{where} ({type(path).__name__}) is not a {noun} path; {accepted}")
    try:
        text = os.fspath(path)
    except TypeError:  # an __fspath__ that returns neither str nor bytes
        raise ParseError(
            f"{where} ({type(path).__name__}) is not a {noun} path: its __fspath__() gives no file name; {accepted}"
        ) from None
    if not isinstance(text, str):
        raise ParseError(f"{where} is a bytes path; {accepted}")
    if not text.strip():
        raise ParseError(f"{where} is empty; {accepted}")
    if "\0" in text:
        raise ParseError(f"{where} contains a NUL character; {accepted}")
    try:
        os.fsencode(text)
    except UnicodeError:  # e.g. a lone surrogate
        raise ParseError(f"{where} cannot be encoded as a file name on this system; {accepted}") from None
    return text


def target(path: str) -> str:
    """The file a write to ``path`` replaces (or creates): ``path`` with every symlink on the way
    followed, one at a time. A :class:`WriteError` when that is not a new file or a writable regular
    file in an existing folder, or when any step of the way is in :data:`SYSTEM_FOLDERS`."""
    current = os.path.abspath(path)
    for _ in range(MAX_LINKS):
        folder, leaf = os.path.split(current)
        try:
            folder = os.path.realpath(folder, strict=True)
        except FileNotFoundError:
            raise WriteError(f"path={quote(path)}: the folder {quote(folder)} does not exist; {ACCEPTED}") from None
        except OSError as error:  # a loop among the folders, a component that is not a folder …
            raise WriteError(f"path={quote(path)} cannot be written: {error.strerror or error}") from None
        current = os.path.join(folder, leaf)
        if any(current == top or current.startswith(top + "/") for top in SYSTEM_FOLDERS):
            raise WriteError(
                f"path={quote(path)} leads to {quote(current)}, a device or a running process's file, not a "
                f"regular file, and is not replaced (a rename there would replace the device, or the file the "
                f"output is sent to); {WRITABLE}"
            )
        if not os.path.islink(current):
            break
        current = os.path.normpath(os.path.join(folder, os.readlink(current)))
    else:
        raise WriteError(f"path={quote(path)} cannot be written: a chain of more than {MAX_LINKS} symbolic links")
    try:
        info = os.stat(current)
    except FileNotFoundError:
        return current  # a new file
    except OSError as error:
        raise WriteError(f"path={quote(path)} cannot be written: {error.strerror or error}") from None
    if stat.S_ISDIR(info.st_mode):
        raise WriteError(f"path={quote(path)} is a directory; {ACCEPTED}")
    if not stat.S_ISREG(info.st_mode):
        kind = (
            "a named pipe (FIFO)"
            if stat.S_ISFIFO(info.st_mode)
            else "a socket"
            if stat.S_ISSOCK(info.st_mode)
            else "a device"
            if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode)
            else "a special file"
        )
        raise WriteError(f"path={quote(path)} is {kind}, not a regular file, and is not replaced; {WRITABLE}")
    if not info.st_mode & 0o222 or not os.access(current, os.W_OK):
        raise WriteError(
            f"path={quote(path)} is read-only (mode {stat.S_IMODE(info.st_mode):04o}) and is not replaced: "
            f"make it writable first (chmod u+w) or write to another name"
        )
    return current


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` (a str as UTF-8, or bytes) to ``path`` atomically (see the module's docstring).

    The new file keeps the mode of the file it replaces (a new one gets the umask's). On any failure
    the temporary file is removed and the target is untouched."""
    shown = _file_name(path)
    final = target(shown)
    try:
        mode = stat.S_IMODE(os.stat(final).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    import tempfile

    folder = os.path.dirname(final)
    try:
        fd, temporary = tempfile.mkstemp(dir=folder, prefix=".liuren-", suffix=".tmp")
    except OSError as error:
        raise WriteError(f"path={quote(shown)} cannot be written: {error.strerror or error}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, final)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError) and error.errno in PATH_ERRNOS:
            raise WriteError(f"path={quote(shown)} cannot be written: {error.strerror or error}") from None
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable, where the system allows it
        folder_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(folder_fd)
        finally:
            os.close(folder_fd)


def read_text(path: object, limit: int, accepted: str) -> str:
    """The text of the file at ``path`` (UTF-8, a byte order mark dropped), read whole, at most
    ``limit`` bytes. ``accepted`` says what the file should be (e.g. "a casebook export"), for the
    messages. A path that is not a file name is a :class:`ParseError`; a file that cannot be read
    (missing, a folder, unreadable) a :class:`ReadError`, which is also an ``OSError``; a file larger
    than ``limit`` or not UTF-8 text a :class:`ParseError`.

    >>> read_text("/no/such/file.json", 100, "a casebook export")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    liuren.errors.ReadError: '/no/such/file.json' cannot be read (No such file or directory); accepted: a casebook export
    """
    name = _file_name(path)
    shown = quote(name, 200)
    try:
        with open(name, "rb") as f:
            data = f.read(limit + 1)
    except OSError as error:
        raise ReadError(f"{shown} cannot be read ({error.strerror or error}); accepted: {accepted}") from None
    if len(data) > limit:
        raise ParseError(f"{shown} is larger than {limit:,} bytes; accepted: {accepted}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ParseError(
            f"{shown} is not UTF-8 text (byte {error.start + 1} cannot be read); accepted: {accepted}"
        ) from None


PATH_ERRNOS = frozenset(
    (
        errno.ENAMETOOLONG,
        errno.EISDIR,
        errno.ENOTDIR,
        errno.EACCES,
        errno.EPERM,
        errno.EINVAL,
        errno.ENOENT,
        errno.EILSEQ,
        errno.EROFS,
        errno.EXDEV,
        errno.EBUSY,
        errno.ELOOP,
    )
)
"""Errors that say the path itself cannot be written (rather than the disk failing)."""

__all__ = ["check_path", "read_text", "target", "write_atomic"]
