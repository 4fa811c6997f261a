"""Errors raised by liuren.

Every error a caller can provoke with bad input is a :class:`LiurenError`, which is a
:class:`ValueError`; its message quotes the input and says what is accepted.
"""

from __future__ import annotations


class LiurenError(ValueError):
    """Base class of every error liuren raises for bad input."""


class ParseError(LiurenError):
    """A value could not be read as a stem, branch, pillar, general, method or pattern."""


class WriteError(LiurenError, OSError):
    """A file could not be written where it was asked to go (:mod:`liuren.files`): the path names a
    folder, a device, a pipe, a socket, a read-only file or a missing folder, or the system refuses it.

    It is a :class:`LiurenError`, so a ``ValueError`` like every bad input liuren refuses (the path was
    the caller's choice), and also an :class:`OSError`, because that is what Python code that writes
    files already catches: ``except OSError`` around a save keeps working, and a failure of the disk
    itself (full, an I/O error) still arrives as a plain ``OSError``. Being both is the standard
    library's own precedent (``io.UnsupportedOperation``). Its message names the path and says why; it
    carries no ``errno``, so ``str()`` is that message."""


class ReadError(ParseError, OSError):
    """A file could not be read (:func:`liuren.files.read_text`): it is missing, a folder, unreadable,
    or the system refuses it. The reader's side of :class:`WriteError`: a :class:`ParseError` (the
    file was the caller's input, and ``except ParseError`` around an import keeps working), and also an
    :class:`OSError`, what code that reads files already catches. Its message names the path and says
    why; it carries no ``errno``, so ``str()`` is that message."""


class StoreError(LiurenError):
    """The learner's store (:mod:`liuren.store`) cannot be used: the file is not a liuren store, is
    damaged, read-only, written by a newer liuren, a folder, or locked by another process for too long.
    Its message names the file and says what to do; nothing written before is lost."""


class DiskFullError(StoreError, WriteError):
    """The learner's store cannot be written because the disk it is on is full. It is a
    :class:`StoreError` (every failure of the store is one) and a :class:`WriteError`, so also an
    :class:`OSError`, as a full disk is to any code that writes files. Its message names the file and
    says that nothing of the operation was written."""


class InvalidChartError(LiurenError):
    """The inputs parse, but together they do not describe a chart."""


class SchoolError(LiurenError):
    """An unknown school preset or an invalid school option."""


class NaiveDatetimeError(LiurenError):
    """A datetime without a timezone was given where an instant is needed."""


class OutOfRangeError(LiurenError):
    """A date outside the range the calendar supports."""


QUOTE_LIMIT = 24
"""How many characters of a bad value an error message quotes."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """The value as an error message quotes it: its ``repr``, bounded to ``limit`` characters (or
    twice as many where they are escaped).

    A long text is cut with an ellipsis and its length is named, so a 10⁶-character argument gives a
    short message, fast; any other object is quoted by its (equally bounded) ``repr``.

    >>> quote("午時")
    "'午時'"
    >>> quote("子" * 1_000_000)
    "'子子子子子子子子子子子子子子子子子子子子子子子子…' (1,000,000 characters)"
    >>> quote(b"12")
    "b'12'"
    >>> quote("\\U00010d28" * 30)
    "'\\\\U00010d28\\\\U00010d28\\\\U00010d28\\\\U00010d28…' (30 characters)"
    """
    if isinstance(value, str):
        text = str.__str__(value)  # the characters themselves, whatever a subclass overrides
        kept = _kept(text, limit)
        return repr(text) if kept == len(text) else _cut(repr(text[:kept]), len(text), "characters")
    if isinstance(value, bytes | bytearray):
        data = bytes(value)
        kept = _kept(data, limit)
        return repr(data) if kept == len(data) else _cut(repr(data[:kept]), len(data), "bytes")
    try:
        shown = repr(value)
    except Exception:  # a hostile __repr__ must not replace the error being reported
        shown = None
    if not isinstance(shown, str):
        return f"<{type(value).__name__} object>"
    if len(shown) <= 2 * limit:
        return shown
    return f"{shown[: 2 * limit]}… ({type(value).__name__}, {len(shown):,} characters)"


def _kept(value: str | bytes, limit: int) -> int:
    """How many leading characters (or bytes) of ``value`` to quote: at most ``limit``, and fewer where
    escapes (``\\U0001f600``, ``\\x00``) would make the quotation more than twice ``limit`` characters
    long, so a value of unprintable characters gives a message about as short as any other."""
    kept = min(len(value), limit)
    while kept and len(repr(value[:kept])) > 2 * limit + 3:  # the escapes, the quotes and b for bytes
        kept -= 1
    return kept


def _cut(head: str, length: int, unit: str) -> str:
    """A quoted prefix with the ellipsis inside its closing quote, and the full length."""
    return f"{head[:-1]}…{head[-1]} ({length:,} {unit})"
