"""A small table a notebook builds from its own rows: in a notebook an HTML table in the theme's colours,
in print a text whose columns line up although Hanzi and Hangul are twice as wide as Latin letters.

A column of text is padded by its width on screen, not by its length: a wide character (East Asian
Width W or F: a Hanzi, a Hangul syllable, a full-width sign) takes two columns of a monospaced font, any
other character one. Padding by ``len`` put 「元首-086 (길장이면 길)」 five columns short of its English twin.

>>> g = grid(["初傳", "status"], [["卯", "applies"], ["妻戊辰玄", "맞지 않는다"]])
>>> print(g)
初傳     | status
---------+------------
卯       | applies
妻戊辰玄 | 맞지 않는다
>>> [display_width(line.replace("+", "|").split("|")[0]) for line in str(g).splitlines()]  # bars line up
[9, 9, 9, 9]
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape

from ..errors import ParseError, quote

MAX_CELLS = 10_000
"""The most cells a grid holds (a notebook's table is a handful of rows)."""
SEPARATOR = " | "


def display_width(text: str) -> int:
    """How many columns of a monospaced font ``text`` takes: two for a wide character (East Asian Width
    W or F), none for a combining mark, one for any other.

    >>> display_width("元首-086"), display_width("맞는다"), display_width("ok")
    (8, 6, 2)
    """
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - display_width(text))


@dataclass(frozen=True, slots=True)
class Grid:
    """A table of ``head`` (the column names) over ``rows`` (each as many texts as ``head``): printed as
    aligned text, shown in a notebook as an HTML table (:func:`grid` builds one from any values)."""

    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def widths(self) -> list[int]:
        """Each column's width on screen (:func:`display_width`): its widest cell, head included."""
        return [max(display_width(r[i]) for r in (self.head, *self.rows)) for i in range(len(self.head))]

    def __str__(self) -> str:
        widths = self.widths()
        line = [SEPARATOR.join(_pad(h, w) for h, w in zip(self.head, widths, strict=True)).rstrip()]
        rule = ["-+-".join("-" * w for w in widths)]
        body = [SEPARATOR.join(_pad(c, w) for c, w in zip(r, widths, strict=True)).rstrip() for r in self.rows]
        return "\n".join(line + rule + body)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        cell = "text-align:left;padding:2px 10px;white-space:nowrap"
        head = "".join(f'<th style="{cell}">{escape(h)}</th>' for h in self.head)
        body = "".join(
            "<tr>" + "".join(f'<td style="{cell}">{escape(c)}</td>' for c in row) + "</tr>" for row in self.rows
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def grid(head: Iterable[object], rows: Iterable[Iterable[object]]) -> Grid:
    """A :class:`Grid` of ``head`` over ``rows``, each value shown as ``str`` gives it (a transmission as
    「妻戊辰玄」). A text, a row of another length than ``head``, or more than :data:`MAX_CELLS` cells is a
    ParseError quoting it.

    >>> grid(["a", "b"], [["x"]])
    Traceback (most recent call last):
    ...
    liuren.errors.ParseError: row ['x'] has 1 cell; accepted: rows of 2 cells, as many as the head ['a', 'b']
    """
    if isinstance(head, str | bytes) or not isinstance(head, Iterable):
        raise ParseError(f"head={quote(head)} is not a list of column names; accepted: a list such as ['初傳', '狀']")
    names = tuple(str(h) for h in head)
    if not names:
        raise ParseError("head=[] names no column; accepted: a list of one or more column names")
    if isinstance(rows, str | bytes) or not isinstance(rows, Iterable):
        raise ParseError(f"rows={quote(rows)} is not a list of rows; accepted: a list of lists of cells")
    out: list[tuple[str, ...]] = []
    for row in rows:
        if isinstance(row, str | bytes) or not isinstance(row, Iterable):
            raise ParseError(f"row {quote(row)} is not a list of cells; accepted: a list of {len(names)} cells")
        cells = tuple(str(c) for c in row)
        if len(cells) != len(names):
            raise ParseError(
                f"row {quote(list(cells))} has {len(cells)} cell{'s' * (len(cells) != 1)}; accepted: rows of "
                f"{len(names)} cells, as many as the head {quote(list(names))}"
            )
        out.append(cells)
        if len(out) * len(names) > MAX_CELLS:
            raise ParseError(f"rows={quote(rows)} holds more than {MAX_CELLS} cells; accepted: at most {MAX_CELLS}")
    return Grid(names, tuple(out))


__all__ = ["Grid", "display_width", "grid"]
