"""The course walks through every lesson type, and every chart it builds is the 720-課 tables' 課.

Read from the notebook sources (notebooks/src/NN-*.md), without running them: each literal call
``liuren.chart("日", "時", "將", key="value", …)`` is an example, and so is each chapter example
built from its golden row, ``example("元首-1")``. Every lesson type and every method
the engine can give must be reached by some example; every example built with the default or the
探原 preset must have the 三傳 the reference tables (tests/data/reference) give for its 課 (day and
干上神); and where a walkthrough says an example is "720과의 하나(X日, 간상 Y)", the next example built must be that 課.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

import liuren
from liuren.cycle import BRANCH_CHARS, normalize
from liuren.transmissions import LESSON_TYPES, Method

from .conftest import REFERENCE
from .editions import EACH, EDITIONS, Edition
from .test_transmissions import TS_DEPTH_STYLE

SOURCES = Path(__file__).resolve().parent.parent / "notebooks" / "src"
WALKTHROUGHS = ("02-biyong-shehai", "04-biezhe", "05-fuyin-fanyin")
"""The notebooks of the lesson types the chapters only name (九宗門 overview): each says its
examples come from the 720 課."""

EXAMPLE = re.compile(r'example\(\s*"([^"]+)"\s*\)(?:\.chart\(\s*school\s*=\s*"([^"]+)"\s*\))?')
"""A chapter example built from its golden row (``example("元首-1").chart()``, liuren.show.examples),
under the school a literal ``.chart(school="探原")`` names."""
CALL = re.compile(r'liuren\.chart\(\s*"([^"]+)"\s*,\s*"([^"]+)"\s*,\s*"([^"]+)"\s*((?:,\s*\w+\s*=\s*"[^"]*"\s*)*)\)')
KEYWORD = re.compile(r'(\w+)\s*=\s*"([^"]*)"')
CLAIM = re.compile(r"720과의 하나\((\S+)日, 간상 (\S)\)")

TS_LIB = json.loads((REFERENCE / "liuren-ts-lib_sanchuan.json").read_text(encoding="utf-8"))
TANYUAN = {
    (r["day"], r["gan_shang"]): r
    for r in csv.DictReader((REFERENCE / "tanyuan-720-derived.csv").open(encoding="utf-8"))
}
DISPUTED = {
    (r["day"], r["gan_shang"]): r
    for r in csv.DictReader((REFERENCE / "sanchuan-disputed-ke.csv").open(encoding="utf-8"))
}


def sources(folder: Path = SOURCES) -> list[Path]:
    return sorted(p for p in folder.glob("*.md") if re.match(r"\d\d-", p.name))


BOTH = [path for edition in EDITIONS for path in sources(edition.sources)]
"""The numbered sources of both editions (the English code is the Korean code: the same examples)."""


def examples(path: Path) -> list[tuple[int, liuren.Chart]]:
    """(position in the source, chart) for every literal chart call that builds a chart, and for
    every chapter example named by its golden row."""
    from liuren.show.examples import example

    text = path.read_text(encoding="utf-8")
    found = [(m.start(), example(m.group(1)).chart(school=m.group(2))) for m in EXAMPLE.finditer(text)]
    for m in CALL.finditer(text):
        options = dict(KEYWORD.findall(m.group(4)))
        try:
            found.append((m.start(), liuren.chart(m.group(1), m.group(2), m.group(3), **options)))
        except liuren.LiurenError:
            continue  # a cell that shows the error message for bad input
    return sorted(found, key=lambda item: item[0])


def sanchuan(chart: liuren.Chart) -> str:
    return "".join(t.branch for t in chart.transmissions)


def expected_sanchuan(chart: liuren.Chart) -> str | None:
    """The 三傳 the reference tables give for this chart's 課 under its school's preset, or None for a
    school no 720 table covers: 《六壬大全》 has no 720 list (its own printed cases are the daquan
    preset's golden data), and a custom School changes an option on purpose."""
    day, gan_shang = str(chart.day), str(chart.lessons[0].upper)
    disputed = DISPUTED.get((day, gan_shang))
    name = chart.school.name
    if name == "tanyuan":
        row = TANYUAN[(day, gan_shang)]
        if row["status"] == "ok":
            return row["sanchuan"]
        return (
            disputed["kejing_depth_start_incl"]
            if disputed
            else re.findall(r"[子丑寅卯辰巳午未申酉戌亥]{3}", row["note"])[0]
        )
    if name != "default":
        return None
    if (day, gan_shang) in TS_DEPTH_STYLE:
        return disputed["simple_mengzhong"]
    return TS_LIB[day][BRANCH_CHARS.index(gan_shang)]["干支组合"]


@EACH
def test_the_walkthrough_notebooks_exist(edition: Edition):
    names = {p.stem for p in sources(edition.sources)}
    assert set(WALKTHROUGHS) <= names, sorted(names)


@EACH
def test_every_lesson_type_and_method_is_walked_through(edition: Edition):
    charts = [c for p in sources(edition.sources) for _, c in examples(p)]
    assert {c.lesson_type for c in charts} == set(LESSON_TYPES)
    assert {c.method for c in charts} == set(Method)


@pytest.mark.parametrize("path", BOTH, ids=lambda p: p.relative_to(p.parents[2]).as_posix())
def test_every_example_is_the_reference_tables_ke(path):
    wrong = []
    for _, chart in examples(path):
        want = expected_sanchuan(chart)
        if want is not None and sanchuan(chart) != normalize(want):
            wrong.append((chart.spec(), sanchuan(chart), want))
    assert wrong == []


@pytest.mark.parametrize("name", WALKTHROUGHS)
def test_walkthrough_examples_say_they_come_from_the_720_ke(name):
    """The Korean prose's claim, in its Korean words (the English edition's code, hence its examples, is the same)."""
    path = SOURCES / f"{name}.md"
    text = path.read_text(encoding="utf-8")
    opening = text.split("\n## ", 1)[0]
    assert re.search(r"예는 모두 720과(\([^)]*\))?에서 골랐다", opening), (
        "the opening must say where the examples come from"
    )
    built = examples(path)
    claims = list(CLAIM.finditer(text))
    assert claims, "no example is named by its 課"
    for claim in claims:
        following = [c for at, c in built if at > claim.start()]
        assert following, claim.group(0)
        chart = following[0]
        assert (str(chart.day), str(chart.lessons[0].upper)) == (claim.group(1), claim.group(2)), claim.group(0)


def test_the_reference_lookup_can_fail():
    """A chart whose 課 is not the one the tables give is caught (the check is not vacuous)."""
    chart = liuren.chart("甲辰", "卯", "亥")  # a disputed 課: 戌午寅 by 孟仲, 子申辰 by depth
    assert expected_sanchuan(chart) == sanchuan(chart) == "戌午寅"
    assert expected_sanchuan(liuren.chart("甲辰", "卯", "亥", school="探原")) == "子申辰"
    assert expected_sanchuan(chart) != sanchuan(liuren.chart("甲辰", "卯", "亥", school="探原"))
