"""liuren.show.grid: a notebook's own small table, aligned in print by width on screen, a table in HTML.
Notebook 08 §3 printed its table with " | " between cells, and the CJK cells, twice as wide as the Latin
ones, left no column in line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import liuren
from liuren.errors import ParseError
from liuren.reading.exercise import candidates
from liuren.show.examples import example
from liuren.show.grid import Grid, display_width, grid

ROOT = Path(__file__).resolve().parent.parent
CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```", re.S | re.M)


def bars(text: str) -> set[tuple[int, ...]]:
    """The display columns of each line's bars (the rule's + too): one tuple when the columns line up."""
    out = set()
    for line in text.splitlines():
        line = line.replace("+", "|")
        out.add(tuple(display_width(line[:i]) for i, c in enumerate(line) if c == "|"))
    return out


def test_wide_characters_count_twice() -> None:
    assert [display_width(t) for t in ("卯", "맞는다", "ok", "元首-086", "（", "é")] == [2, 6, 2, 8, 2, 1]


def test_the_columns_line_up_whatever_the_script() -> None:
    g = grid(["初傳", "元首-086 (길장이면 길)", "x"], [["卯", "맞는다", "1"], ["妻戊辰玄", "does not apply", "22"]])
    text = str(g)
    assert len(bars(text)) == 1 and len(text.splitlines()) == 4
    assert bars(text) == {(display_width("妻戊辰玄") + 1, display_width("元首-086 (길장이면 길)") + 12)}
    # counting characters instead (len) put the bars of the Hangul rows elsewhere
    assert len({tuple(i for i, c in enumerate(line.replace("+", "|")) if c == "|") for line in text.splitlines()}) > 1


def test_html_is_a_table_of_every_cell_escaped() -> None:
    html = grid(["a<b", "c"], [["<i>", "卯"]])._repr_html_()
    assert html.startswith("<table><thead><tr><th") and html.endswith("</tbody></table>")
    assert re.findall(r">([^<>]*)</t[hd]>", html) == ["a&lt;b", "c", "&lt;i&gt;", "卯"]


@pytest.mark.parametrize(
    ("head", "rows", "said"),
    [
        ("ab", [], "head='ab' is not a list of column names"),
        ([], [], "head=[] names no column"),
        (["a"], "xy", "rows='xy' is not a list of rows"),
        (["a", "b"], [["x"]], "row ['x'] has 1 cell; accepted: rows of 2 cells"),
        (["a"], [5], "row 5 is not a list of cells"),
    ],
)
def test_bad_input_is_a_parse_error_quoting_it(head: object, rows: object, said: str) -> None:
    with pytest.raises(ParseError, match=re.escape(said)):
        grid(head, rows)  # type: ignore[arg-type]


@pytest.mark.parametrize("src", ["notebooks/src", "notebooks/en/src"])
def test_notebook_08_shows_the_generals_table_as_a_grid(src: str) -> None:
    # §3's cell, run as the notebook has it: a Grid of the two charts, each status in the edition's words
    text = (ROOT / src / "08-reading.md").read_text(encoding="utf-8")
    cell = next(c for c in CELL.findall(text) if "元首-086" in c and "status_name" in c)
    code = "\n".join(line for line in cell.split("\n") if not line.startswith(":tags:"))
    *body, last = code.strip().split("\n")
    start = next(i for i, line in enumerate(body) if line.startswith("grid("))
    space = {"liuren": liuren, "candidates": candidates, "c": example("元首-1").chart()}
    exec("\n".join(body[:start]), space)
    shown = eval("\n".join([*body[start:], last]), space)
    assert isinstance(shown, Grid) and len(shown.rows) == 2 and len(bars(str(shown))) == 1
    assert [r[0] for r in shown.rows] == [str(space["c"].transmissions[0]), str(space["d"].transmissions[0])]  # type: ignore[attr-defined]
    lang = "en" if "/en/" in src else "ko"
    applies, fails = ("applies", "does not apply") if lang == "en" else ("맞는다", "맞지 않는다")
    assert [r[1:] for r in shown.rows] == [(applies, fails), (fails, applies)], shown.rows
