"""Errors raised by liuren.

Every error a caller can provoke with bad input is a :class:`LiurenError`, which is a
:class:`ValueError`; its message quotes the input and says what is accepted.
"""

from __future__ import annotations


class LiurenError(ValueError):
    """Base class of every error liuren raises for bad input."""


class ParseError(LiurenError):
    """A value could not be read as a stem, branch, pillar, general, method or pattern."""


class InvalidChartError(LiurenError):
    """The inputs parse, but together they do not describe a chart."""


class SchoolError(LiurenError):
    """An unknown school preset or an invalid school option."""


class NaiveDatetimeError(LiurenError):
    """A datetime without a timezone was given where an instant is needed."""


class OutOfRangeError(LiurenError):
    """A date outside the range the calendar supports."""
