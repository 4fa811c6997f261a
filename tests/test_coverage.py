"""Every lesson type and pattern the four chapters name is taught with a worked example in the course.

``tests/data/coverage/names.csv`` lists the 62 names of the chapters (``entry`` 1–62; an entry the
chapter gives as a pair or a family, such as 近射/遠射 or 銜尸/魄之/喪, has one row per label). Each
``name`` is a label the library gives; ``shown`` says where a chart shows it:

- ``method`` / ``lesson_type``: the chart's :attr:`~liuren.Chart.method` or :attr:`~liuren.Chart.lesson_type`;
- ``pattern``: a :attr:`~liuren.Chart.patterns` name;
- ``evidence:KEY|KEY``: a clause with that key in the evidence of a pattern that fires (陽不備 is the
  ``bubei.yang`` clause of 不備's evidence, which prints as 「陽不備（二陰一陽）」);
- ``reading:ID|ID``: a statement of the chapters (``liuren/data/judgements.csv``) that applies to the
  chart in :meth:`~liuren.Chart.reading`, the one whose condition the chapter names (「夏曰轉蓬」).

``witness`` is a chart that shows it (its :meth:`~liuren.Chart.spec`), ``aliases`` the chapter's other
spellings and names of the same thing (獨足 for 獨腳, 二女爭男 for 陽不備), ``note`` what else to know. Each course notebook ``NN`` that teaches some of these names has ``tests/data/coverage/NN.csv``
(header ``name,section,call,holds``): the chart ``call`` builds occurs verbatim in a code cell of the
``##`` section with anchor ``section`` of ``notebooks/src/NN-*.md``, and shows the name (``holds``
``yes``) or, the contrast where the clause fails, does not (``no``). A row may name a label by its alias,
or a label the chapters do not name (見機, 自任 …): it is checked the same way. The English edition's
notebook (``notebooks/en/src/NN-*.md``: the same code, the same anchors) is checked by the same rows.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import jupytext
import pytest

import liuren
from liuren.patterns import PATTERNS
from liuren.patterns.evidence import Evidence, Seq
from liuren.reading.statements import statements
from liuren.show.examples import example
from liuren.show.words.evidence import EVIDENCE
from liuren.show.words.reading import PLACES
from liuren.transmissions import LESSON_TYPES, Method

from .editions import EN

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "notebooks" / "src"
COVERAGE = ROOT / "tests" / "data" / "coverage"
NAMES_CSV = COVERAGE / "names.csv"
HEADER = ["name", "section", "call", "holds"]
KINDS = {"method", "lesson type", "pattern", "term"}
ENTRIES = 62
"""The chapters name 62 lesson types and patterns (36 taught already, 26 not yet when this table was made)."""
ANCHOR = re.compile(r'^##\s.*<a id="([^"]+)"></a>\s*$')


def load_names(path: Path = NAMES_CSV) -> dict[str, dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return {row["name"]: row for row in csv.DictReader(f)}


NAMES = load_names()
ALIASES = {alias: name for name, row in NAMES.items() for alias in row["aliases"].split()}
"""Other names of a label (the tables' 獨足 → 獨腳, 二女爭男 → 陽不備): a row may use either."""
LABELS = {str(m) for m in Method} | {str(t) for t in LESSON_TYPES} | {p.name for p in PATTERNS}
"""Every label the library gives, also those the chapters do not name (見機, 自任, 三陰 …): a notebook may
show them too, and their rows are checked the same way."""


def _spec(row: dict[str, str]) -> tuple[str, tuple[str, ...]]:
    how, _, keys = row["shown"].partition(":")
    return how, tuple(k for k in keys.split("|") if k)


SUB_NAMES = {name: _spec(row) for name, row in NAMES.items() if ":" in row["shown"]}
"""Names shown through a pattern's evidence or a statement of the reading, with their keys."""


def _keys(clause: object) -> Iterator[str]:
    if isinstance(clause, Evidence):
        yield clause.key
        for _, value in clause.values:
            yield from _keys(value)
    elif isinstance(clause, Seq):
        for item in clause.items:
            yield from _keys(item)


def shown(chart: liuren.Chart) -> set[str]:
    """Every name ``chart`` displays: its method and lesson type, every pattern that fires, and every
    sub-name of names.csv (a clause of a pattern's evidence, a statement of its reading that applies)."""
    names = {str(chart.method), str(chart.lesson_type)}
    keys: set[str] = set()
    for found in chart.patterns:
        names.add(found.name)
        keys.update(_keys(found.clauses))
    applies = {j.statement.id for j in chart.reading().applies}
    for name, (how, ids) in SUB_NAMES.items():
        if (how == "evidence" and keys.intersection(ids)) or (how == "reading" and applies.intersection(ids)):
            names.add(name)
    return names


# ---------------------------------------------------------------- the table of the 62 names
def test_the_table_has_the_62_names_each_a_label_the_library_gives():
    rows = list(csv.DictReader(NAMES_CSV.open(encoding="utf-8", newline="")))
    assert list(rows[0]) == ["entry", "name", "chapter", "kind", "shown", "witness", "aliases", "note"]
    assert len(rows) == len(NAMES), "a name is listed twice"
    assert sorted({int(r["entry"]) for r in rows}) == list(range(1, ENTRIES + 1))
    patterns = {p.name for p in PATTERNS}
    by_id = {s.id: s for s in statements()}
    statement_ids = set(by_id)
    evidence_keys = set(EVIDENCE["zh"])
    for r in rows:
        name, (how, keys) = r["name"], _spec(r)
        assert r["kind"] in KINDS, r
        # only the first chapter (九宗門·元首課·重審課) names its book; the other three are cited by chapter
        cited = re.match(r"(?:(《[^》]+》) )?(\S+)(?: l\. \d+|$)", r["chapter"])
        assert cited is not None, r
        book, chapter = cited.group(1) or "", cited.group(2)
        titled = chapter in ("九宗門", "元首課", "重審課")
        assert book == ("《大六壬靈覺經》" if titled else "") or book == "《六壬大全》", r
        if how == "method":
            assert name in {str(m) for m in Method}, r
        elif how == "lesson_type":
            assert name in {str(t) for t in LESSON_TYPES}, r
        elif how == "pattern":
            assert name in patterns, r
        elif how == "evidence":
            # the clause prints the name: 「陽不備（二陰一陽）」, 「（六處有沖剋）」
            assert keys and set(keys) <= evidence_keys, r
            assert all(name in EVIDENCE["zh"][k] for k in keys), r
        else:
            # the statement names it: in its quotation (「夏曰轉蓬」) or its condition (三奇 over 干)
            assert how == "reading" and keys and set(keys) <= statement_ids, r
            for k in keys:
                s = by_id[k]
                assert name in s.quote + "".join(PLACES.get(c.target, "") for c in s.conditions), (r, k)


def test_each_name_has_a_witness_chart_that_shows_it():
    """The library gives every name: ``witness`` is a chart (as :meth:`~liuren.Chart.spec` writes it) that
    shows it. 始入 needs 探原's option and 真虎視 the 貴人 table C: under the default no chart shows them."""
    for name, row in NAMES.items():
        chart = liuren.Chart.parse(row["witness"])
        assert name in shown(chart), (name, row["witness"])
    assert NAMES["始入"]["witness"].split()[4] == "tanyuan" and "noble_table=C" in NAMES["真虎視"]["witness"]


def test_a_chapter_name_the_library_spells_otherwise_is_recorded_as_an_alias():
    for spelling in ("雖責", "蕪淫", "魄化魂歸", "二女爭男", "二男爭女", "亡矢", "季矢"):
        assert spelling in ALIASES and spelling not in NAMES and spelling not in LABELS, spelling
    # the library writes the chapter's 獨腳 (八專課 l. 155); the tables' 獨足 is the alias, and no label
    assert "獨腳" in NAMES and "獨腳" in LABELS and ALIASES["獨足"] == "獨腳" and "獨足" not in LABELS
    # 「二陰一陽為陽不備，為二女爭一男」 (無淫課 l. 127): two women and one man is the 陽 side lacking
    assert ALIASES["二女爭男"] == "陽不備" and ALIASES["二男爭女"] == "陰不備"
    # 死墓 is a clause of 喪, not another name of it: a note, not an alias
    assert "死墓" not in ALIASES and "死墓" in NAMES["喪"]["note"]


def test_shown_names_the_sub_names_the_library_prints():
    # 庚辰 申時 辰將 (無淫課 l. 163): three lessons, two 陰 and one 陽, so 陽不備 (二女爭男)
    c = liuren.chart("庚辰", "申", "辰", noble="day")
    assert {"不備", "陽不備"} <= shown(c) and "陰不備" not in shown(c)
    assert "陽不備" in str([p.text("zh") for p in c.patterns])
    # 甲戌 卯時 子將: 蒿矢 whose 初傳 申 is 金 and void, 「一名空矢」 and 「蒿矢見金為利簇」, both pattern labels
    k = liuren.chart("甲戌", "卯", "子", noble="day")
    assert {"遙克", "蒿矢", "空矢", "利簇"} <= shown(k) and {"空矢", "利簇"} <= {p.name for p in k.patterns}
    # 死虎遭合 is a clause of 死虎's evidence in the 卯 and 辰 months (昴星課 l. 103)
    assert {"死虎", "死虎遭合"} <= shown(liuren.chart("辛未", "卯", "辰", month="卯"))
    first_month = shown(liuren.chart("辛未", "卯", "辰", month="寅"))
    assert "死虎" in first_month and "死虎遭合" not in first_month
    assert "空矢" not in shown(liuren.chart("甲子", "卯", "午", noble="day"))


# ---------------------------------------------------------------- the rows of the notebooks
@dataclass(frozen=True)
class Row:
    where: str
    """File and line, for the message."""
    notebook: str
    name: str
    section: str
    call: str
    holds: str


def read_rows(coverage: Path) -> tuple[list[Row], list[str]]:
    """Every row of every ``NN.csv`` in ``coverage``, and what is malformed."""
    rows, problems = [], []
    for path in sorted(coverage.glob("*.csv")):
        if path.name == NAMES_CSV.name:
            continue
        if not re.fullmatch(r"\d\d[a-z]?\.csv", path.name):
            problems.append(f"{path.name}: a coverage file is named after its notebook, NN.csv (or NNb.csv)")
            continue
        with path.open(encoding="utf-8", newline="") as f:
            reader = csv.reader(f)
            header = next(reader, None)
            if header != HEADER:
                problems.append(f"{path.name}: header {header}, expected {','.join(HEADER)}")
                continue
            for line, cells in enumerate(reader, start=2):
                if len(cells) != len(HEADER):
                    problems.append(f"{path.name}:{line}: {len(cells)} fields, expected {len(HEADER)}")
                    continue
                rows.append(Row(f"{path.name}:{line}", path.stem, *(c.strip() for c in cells)))
    return rows, problems


def sections(path: Path) -> dict[str, list[str]]:
    """The code cells (not the hidden solutions) of each ``##`` section of a notebook source, by anchor."""
    found: dict[str, list[str]] = {}
    current = None
    for cell in jupytext.read(path).cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("## "):
                    m = ANCHOR.match(line)
                    current = m.group(1) if m else None
                    if current:
                        found.setdefault(current, [])
        elif cell.cell_type == "code" and current and "solution" not in cell.metadata.get("tags", ()):
            found[current].append(cell.source)
    return found


def evaluate(call: str) -> object:
    return eval(call, {"__builtins__": {}, "liuren": liuren, "example": example})


def check_rows(
    rows: list[Row], sources: Path, names: dict[str, dict[str, str]] = NAMES, aliases: dict[str, str] = ALIASES
) -> list[str]:
    """What is wrong with each row: an unknown name, a section or call not in its notebook, a chart that
    does not show the name (``yes``) or shows it (``no``). A row may name a label by its alias."""
    problems = []
    cache: dict[str, dict[str, list[str]] | None] = {}
    for row in rows:
        label = aliases.get(row.name, row.name)
        if label not in names and label not in LABELS:
            problems.append(f"{row.where}: {row.name!r} is neither a name of names.csv, an alias of one, nor a label")
            continue
        if row.holds not in ("yes", "no"):
            problems.append(f"{row.where}: holds is {row.holds!r}, not yes or no")
            continue
        if row.notebook not in cache:
            found = sorted(sources.glob(f"{row.notebook}-*.md"))
            cache[row.notebook] = sections(found[0]) if found else None
        book = cache[row.notebook]
        if book is None:
            problems.append(f"{row.where}: no notebook {row.notebook}-*.md")
            continue
        if row.section not in book:
            problems.append(f"{row.where}: notebook {row.notebook} has no section {row.section!r}")
            continue
        if not any(row.call in code for code in book[row.section]):
            problems.append(f"{row.where}: {row.call} is not in a code cell of {row.section}")
            continue
        try:
            chart = evaluate(row.call)
        except Exception as error:  # a row that does not evaluate is a finding, reported with the rest
            problems.append(f"{row.where}: {row.call} raised {type(error).__name__}: {error}")
            continue
        if not isinstance(chart, liuren.Chart):
            problems.append(f"{row.where}: {row.call} gives a {type(chart).__name__}, not a Chart")
            continue
        if (label in shown(chart)) != (row.holds == "yes"):
            verb = "does not show" if row.holds == "yes" else "shows"
            problems.append(f"{row.where}: {row.call} {verb} {label} (it shows {sorted(shown(chart))})")
    return problems


ROWS, MALFORMED = read_rows(COVERAGE)


def test_the_notebooks_coverage_files_are_well_formed():
    assert MALFORMED == []


@pytest.mark.parametrize("row", ROWS, ids=[r.where for r in ROWS])
def test_each_row_is_in_its_section_and_its_chart_shows_the_name_or_not(row):
    assert check_rows([row], SOURCES) == []


@pytest.mark.parametrize("notebook", sorted({r.notebook for r in ROWS}))
def test_the_english_twin_has_each_rows_call_in_the_same_section(notebook):
    """The rows' calls, verbatim, in the same sections of the English notebook (the charts themselves are
    the Korean rows' business: the code is the same)."""
    found = sorted(EN.sources.glob(f"{notebook}-*.md"))
    assert found, f"no English notebook {EN.where}src/{notebook}-*.md"
    book = sections(found[0])
    missing = [
        f"{r.where}: {r.call} is not in a code cell of {r.section} of the English twin"
        for r in ROWS
        if r.notebook == notebook and not any(r.call in code for code in book.get(r.section, []))
    ]
    assert missing == []


def test_every_name_has_a_worked_example_that_shows_it():
    taught = {ALIASES.get(r.name, r.name) for r in ROWS if r.holds == "yes"}
    missing = [f"{n} ({NAMES[n]['chapter']})" for n in NAMES if n not in taught]
    assert missing == [], f"{len(missing)} of {len(NAMES)} names have no `yes` row: {', '.join(missing)}"


# ---------------------------------------------------------------- the collector itself
NOTEBOOK = """\
# 99. 보기

## 1. 공시 <a id="n99-kongshi"></a>

```{code-cell} ipython3
k = liuren.chart("甲戌", "卯", "子", noble="day")
```

## 2. 다른 것 <a id="n99-other"></a>

```{code-cell} ipython3
c = liuren.chart("甲子", "卯", "午", noble="day")
```
"""


def _scratch(tmp_path: Path, lines: list[str], header: str = "name,section,call,holds") -> list[str]:
    src, cov = tmp_path / "src", tmp_path / "coverage"
    src.mkdir(exist_ok=True)
    cov.mkdir(exist_ok=True)
    (src / "99-example.md").write_text(NOTEBOOK, encoding="utf-8")
    (cov / "99.csv").write_text("\n".join([header, *lines]) + "\n", encoding="utf-8")
    rows, problems = read_rows(cov)
    return problems + check_rows(rows, src)


def test_the_collector_passes_good_rows(tmp_path):
    good = [
        '空矢,n99-kongshi,"liuren.chart(""甲戌"", ""卯"", ""子"", noble=""day"")",yes',
        '空矢,n99-other,"liuren.chart(""甲子"", ""卯"", ""午"", noble=""day"")",no',
        '亡矢,n99-kongshi,"liuren.chart(""甲戌"", ""卯"", ""子"", noble=""day"")",yes',
        '蒿矢,n99-kongshi,"liuren.chart(""甲戌"", ""卯"", ""子"", noble=""day"")",yes',
    ]
    assert _scratch(tmp_path, good) == []


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ('空矢,n99-other,"liuren.chart(""甲子"", ""卯"", ""午"", noble=""day"")",yes', "does not show 空矢"),
        ('空矢,n99-kongshi,"liuren.chart(""甲戌"", ""卯"", ""子"", noble=""day"")",no', "shows 空矢"),
        ('空矢,n99-other,"liuren.chart(""甲戌"", ""卯"", ""子"", noble=""day"")",yes', "is not in a code cell"),
        ('空矢,n99-nowhere,"liuren.chart(""甲戌"", ""卯"", ""子"", noble=""day"")",yes', "has no section"),
        ('空箭,n99-kongshi,"liuren.chart(""甲戌"", ""卯"", ""子"", noble=""day"")",yes', "neither a name"),
        ('季矢,n99-other,"liuren.chart(""甲子"", ""卯"", ""午"", noble=""day"")",yes', "does not show 空矢"),
        ('見機,n99-kongshi,"liuren.chart(""甲戌"", ""卯"", ""子"", noble=""day"")",yes', "does not show 見機"),
        ('空矢,n99-kongshi,"liuren.chart(""甲戌"", ""卯"", ""子"", noble=""day"")",maybe', "not yes or no"),
        ("空矢,n99-kongshi,k,yes", "raised NameError"),
        ("空矢,n99-kongshi", "2 fields"),
    ],
)
def test_the_collector_reports_a_bad_row(tmp_path, line, says):
    problems = _scratch(tmp_path, [line])
    assert len(problems) == 1 and says in problems[0], problems


def test_the_collector_reports_a_bad_header_and_a_missing_notebook(tmp_path):
    assert "header" in _scratch(tmp_path, [], header="name,anchor,call,holds")[0]
    rows = [Row("98.csv:2", "98", "空矢", "n98-x", 'liuren.chart("甲戌", "卯", "子")', "yes")]
    assert check_rows(rows, tmp_path) == ["98.csv:2: no notebook 98-*.md"]
