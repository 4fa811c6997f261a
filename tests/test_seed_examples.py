"""Every worked example of the four source chapters, reproduced field by field.

The rows of ``data/seed_examples.csv`` hold what the rules give for each example; where the text
printed something else, ``text_printed`` and ``note`` say what and why (see ``data/README.md``).
"""

from __future__ import annotations

import csv
from collections import Counter

import pytest

import liuren
from liuren.cycle import BRANCH_CHARS
from liuren.show.examples import chart_fields as fields_of

from .conftest import DATA

CHAPTER_ROWS = {
    "九宗門·元首課·重審課": ("004", 3),
    "遙克課·昴星課·八專課": ("000", 3),
    "勵德課·贅婿課·無淫課": ("002", 12),
    "天獄課·天網·羅網·死奇·魄化·殃咎": ("003", 12),
}
"""The four source chapters (docs/rules.md §1.1), the id their examples' ids start with, and how many
worked examples each one has (see ``data/README.md``)."""

COLUMNS = [
    "chapter", "example", "where", "day", "hour", "general", "noble", "month",
    "lesson_uppers", "lesson_generals", "transmissions", "transmission_generals", "relations",
    "method", "lesson_type", "patterns", "text_printed", "note",
]  # fmt: skip

DAY_HOURS = "卯辰巳午未申"

with (DATA / "seed_examples.csv").open(encoding="utf-8", newline="") as f:
    READER = csv.DictReader(f)
    HEADER = READER.fieldnames
    ROWS = list(READER)


def chart_fields(row: dict[str, str]) -> dict[str, str]:
    """The compared fields of the chart a row describes, in the abbreviations the CSV uses."""
    c = liuren.chart(row["day"], row["hour"], row["general"], noble=row["noble"], month=row["month"] or None)
    return fields_of(c)


@pytest.mark.parametrize("row", ROWS, ids=[row["example"] for row in ROWS])
def test_seed_example(row):
    got = chart_fields(row)
    wrong = [
        f"  {field}: chart gives {value}, the data says {row[field]}"
        for field, value in got.items()
        if value != row[field]
    ]
    where = f"{row['chapter']} «{row['where']}» = {row['day']}日 {row['hour']}時 {row['general']}將 {row['noble']}"
    assert not wrong, (
        f"{row['example']} ({where}) differs in {len(wrong)} field(s):\n"
        + "\n".join(wrong)
        + (f"\n  note: {row['note']}" if row["note"] else "")
    )


def test_header():
    assert HEADER == COLUMNS


def test_rows_per_chapter():
    assert Counter(row["chapter"] for row in ROWS) == {name: rows for name, (_, rows) in CHAPTER_ROWS.items()}


@pytest.mark.parametrize("row", ROWS, ids=[row["example"] for row in ROWS])
def test_row_is_well_formed(row):
    assert row["chapter"] in CHAPTER_ROWS, f"{row['example']}: {row['chapter']!r} is not one of the chapters"
    assert row["example"].startswith(CHAPTER_ROWS[row["chapter"]][0] + "-"), (
        f"{row['example']}: the id must start with its chapter's id"
    )
    assert 0 < len(row["where"]) <= 30
    assert row["noble"] in ("day", "night")
    assert row["hour"] in BRANCH_CHARS and row["general"] in BRANCH_CHARS
    assert row["month"] == "" or row["month"] in BRANCH_CHARS
    lengths = {"lesson_uppers": 4, "lesson_generals": 4, "transmissions": 3, "transmission_generals": 3, "relations": 3}
    assert {field: len(row[field]) for field in lengths} == lengths
    assert not row["note"].startswith("ENGINE?"), "suspected engine bugs are reported, not kept as golden data"
    if row["text_printed"]:
        assert row["note"], f"{row['example']}: a text_printed value needs a note saying why it differs"
    if (row["noble"] == "day") != (row["hour"] in DAY_HOURS):
        assert "noble=" in row["note"], f"{row['example']}: noble departs from the 卯–申 rule without a note saying why"


def test_example_ids_are_unique():
    ids = [row["example"] for row in ROWS]
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]


def test_an_example_takes_the_year_and_nianming_its_row_does_not_record():
    from liuren.show.examples import example

    plain = example("贅婿-2").chart()
    assert plain.nianming is None and "贅婿當權" not in {p.name for p in plain.patterns}
    man = example("贅婿-2").chart(nianming=("午", "寅"))
    assert (str(man.day), str(man.hour), str(man.general)) == (str(plain.day), str(plain.hour), str(plain.general))
    assert man.spec() == plain.spec() + " benming=午 xingnian=寅"
    assert "贅婿當權" in {p.name for p in man.patterns}
    assert "贅婿當權" not in {p.name for p in example("贅婿-2").chart(nianming=("午", "申")).patterns}
