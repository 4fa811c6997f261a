"""docs/design.md and the code agree: §2's layer table is the layering test's ``LAYERS`` (the same layers
in the same order, each with exactly its modules), §2's package table names every module of the packages,
and §5 names every word-table module. Each check fails with the module and layer that differ."""

from __future__ import annotations

import ast
import re

from .test_project import LAYERS, ROOT

DESIGN = ROOT / "docs" / "design.md"
PACKAGE = ROOT / "liuren"
CODE = re.compile(r"`([^`]+)`")
PENDING = "(coming with"
"""A package-table row may name a module that a branch not yet merged adds; it says so with these words."""


def section(text: str, number: int) -> str:
    """The text of the ``## N.`` section of a markdown page, up to the next ``## `` heading."""
    start = re.search(rf"^## {number}\. .*$", text, re.MULTILINE)
    assert start, f"docs/design.md has no section headed '## {number}. …'"
    end = re.search(r"^## ", text[start.end() :], re.MULTILINE)
    return text[start.end() : start.end() + end.start()] if end else text[start.end() :]


def tables(text: str) -> list[tuple[list[str], list[list[str]]]]:
    """Each markdown table of ``text``: its header cells and its rows of cells (the rule line dropped)."""
    found: list[tuple[list[str], list[list[str]]]] = []
    block: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            block.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif block:
            found.append((block[0], [row for row in block[1:] if not set("".join(row)) <= set("-: ")]))
            block = []
    return found


def table(text: str, header: list[str]) -> list[list[str]]:
    """The rows of the one table of ``text`` with this header."""
    rows = [body for head, body in tables(text) if head == header]
    assert len(rows) == 1, f"docs/design.md §2 should have one table headed {' | '.join(header)}; found {len(rows)}"
    return rows[0]


def names(cell: str) -> set[str]:
    """The module names a cell writes in backticks: ``patterns/`` → patterns, ``cli`` → cli."""
    return {name.removesuffix("/") for name in CODE.findall(cell)}


def layer_table(text: str) -> list[tuple[str, set[str]]]:
    """§2's layer table as (layer number as written, its modules)."""
    return [(row[0], names(row[1])) for row in table(section(text, 2), ["layer", "modules", "what it does"])]


def layer_differences(doc: list[tuple[str, set[str]]], layers: list[set[str]]) -> list[str]:
    """Every way the page's layer table and ``LAYERS`` differ, one sentence each (empty when they agree)."""
    problems = []
    if [number for number, _ in doc] != [str(n) for n in range(1, len(doc) + 1)]:
        problems.append(f"the layers of docs/design.md are not numbered 1, 2, 3 …: {[n for n, _ in doc]}")
    if len(doc) != len(layers):
        problems.append(f"docs/design.md shows {len(doc)} layers, tests/test_project.py LAYERS has {len(layers)}")
    placed = {m: n for n, (_, modules) in enumerate(doc, 1) for m in modules}
    enforced = {m: n for n, modules in enumerate(layers, 1) for m in modules}
    for module in sorted(placed.keys() | enforced.keys()):
        page, test = placed.get(module), enforced.get(module)
        if page is None:
            problems.append(f"liuren.{module} is in layer {test} of LAYERS and missing from docs/design.md's table")
        elif test is None:
            problems.append(f"liuren.{module} is in layer {page} of docs/design.md and in no layer of LAYERS")
        elif page != test:
            problems.append(f"liuren.{module} is in layer {page} of docs/design.md but in layer {test} of LAYERS")
    return problems


def package_modules() -> set[tuple[str, str]]:
    """(package, module) for each module of each package of liuren: a file ``x.py`` (not ``__init__``) or a
    sub-package ``x/``."""
    found = set()
    for package in sorted(p for p in PACKAGE.iterdir() if (p / "__init__.py").exists()):
        for child in package.iterdir():
            if child.suffix == ".py" and child.name != "__init__.py":
                found.add((package.name, child.name))
            elif (child / "__init__.py").exists():
                found.add((package.name, child.name + "/"))
    return found


def package_differences(rows: list[list[str]], modules: set[tuple[str, str]]) -> list[str]:
    """Every module of a package missing from the package table, every row naming no module there (unless
    it says it is still to come), and every package placed in no layer."""
    listed = {(row[0].strip("`").removesuffix("/"), row[1].strip("`")): row[2] for row in rows}
    problems = [
        f"liuren/{package}/{module} is not in docs/design.md §2's package table"
        for package, module in sorted(modules - listed.keys())
    ]
    problems += [
        f"docs/design.md §2's package table names liuren/{package}/{module}, which does not exist"
        for (package, module), what in sorted(listed.items())
        if (package, module) not in modules and PENDING not in what
    ]
    layered = set().union(*LAYERS)
    problems += [f"the package liuren/{p}/ is in no layer" for p in sorted({p for p, _ in modules} - layered)]
    return problems


def test_the_layer_table_is_the_layering_test():
    """§2's table shows the layers the import test enforces, in its order, each with exactly its modules."""
    doc = layer_table(DESIGN.read_text(encoding="utf-8"))
    problems = layer_differences(doc, LAYERS)
    assert not problems, "docs/design.md §2 and tests/test_project.py LAYERS differ:\n" + "\n".join(problems)


def test_every_top_level_module_is_in_the_layer_table():
    """Every module and package directly under liuren/ is placed in the page's table."""
    on_disk = {p.stem for p in PACKAGE.glob("*.py")} | {
        p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()
    }
    placed = set().union(*(modules for _, modules in layer_table(DESIGN.read_text(encoding="utf-8"))))
    assert sorted(on_disk - placed) == [], "modules of liuren/ missing from docs/design.md §2's layer table"


def test_the_package_table_names_every_module():
    rows = table(section(DESIGN.read_text(encoding="utf-8"), 2), ["package", "module", "what it does"])
    problems = package_differences(rows, package_modules())
    assert not problems, "\n".join(problems)
    assert {(row[0], row[1]) for row in rows} >= {("`show/`", "`words/`"), ("`show/`", "`answers.py`")}


def test_the_words_section_names_every_word_table():
    """§5's list of word tables names each module of liuren/show/words/."""
    words = section(DESIGN.read_text(encoding="utf-8"), 5)
    bullet = next(line for line in words.split("\n* ") if line.startswith("Words:"))
    on_disk = {p.name for p in (PACKAGE / "show" / "words").glob("*.py") if p.name != "__init__.py"}
    assert sorted(on_disk - names(bullet)) == [], "word-table modules missing from docs/design.md §5's Words list"


def test_a_difference_is_named_with_its_module_and_layer():
    """The comparison is not vacuous: a moved, a missing and an extra module, a missing layer and a missing
    package module are each reported by name."""
    doc = layer_table(DESIGN.read_text(encoding="utf-8"))
    assert layer_differences(doc, LAYERS) == []
    moved = [(n, m - {"store"}) for n, m in doc]
    moved[6] = (moved[6][0], moved[6][1] | {"store"})
    assert layer_differences(moved, LAYERS) == ["liuren.store is in layer 7 of docs/design.md but in layer 1 of LAYERS"]
    assert layer_differences([(n, m - {"course"}) for n, m in doc], LAYERS) == [
        "liuren.course is in layer 11 of LAYERS and missing from docs/design.md's table"
    ]
    assert layer_differences([*doc[:3], (doc[3][0], {"chart", "ghost"}), *doc[4:]], LAYERS) == [
        "liuren.ghost is in layer 4 of docs/design.md and in no layer of LAYERS"
    ]
    shorter = layer_differences(doc[:-1], LAYERS)
    assert "docs/design.md shows 10 layers, tests/test_project.py LAYERS has 11" in shorter
    assert "liuren.cli is in layer 11 of LAYERS and missing from docs/design.md's table" in shorter
    rows = [["`show/`", "`text.py`", "x"], ["`show/`", "`gone.py`", "x"], ["`show/`", "`soon.py`", f"y {PENDING} z)"]]
    assert package_differences(rows, {("show", "text.py"), ("show", "new.py")}) == [
        "liuren/show/new.py is not in docs/design.md §2's package table",
        "docs/design.md §2's package table names liuren/show/gone.py, which does not exist",
    ]


def test_tables_read_a_markdown_table():
    text = "x\n| a | b |\n| --- | :-: |\n| 1 | `m`, `p/` |\n\n| c |\n| - |\n| 2 |\n"
    assert tables(text) == [(["a", "b"], [["1", "`m`, `p/`"]]), (["c"], [["2"]])]
    assert names("`m`, `p/` and `q.py`") == {"m", "p", "q.py"}
    assert section("## 1. A\none\n## 2. B\ntwo\n### sub\n## 3. C\n", 2) == "\ntwo\n### sub\n"


def value_types() -> dict[str, str]:
    """Every public value type of liuren, by class name → its file: a top-level class that is a dataclass,
    a ``NamedTuple`` or an ``Enum`` (the rule records of records.py are named as one group, §5)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "records.py":
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(node, ast.ClassDef) or node.name.startswith("_"):
                continue
            decorators = [ast.unparse(d) for d in node.decorator_list]
            bases = [ast.unparse(b) for b in node.bases]
            if any(d.startswith("dataclass") for d in decorators) or any(
                b == "NamedTuple" or b.endswith("Enum") for b in bases
            ):
                found[node.name] = str(path.relative_to(ROOT))
    return found


def test_the_values_section_names_every_value_type():
    """§3's list of values names each public dataclass, NamedTuple and Enum of the package, and names no
    class that is gone."""
    values = section(DESIGN.read_text(encoding="utf-8"), 3)
    named = {name.rsplit(".", 1)[-1] for name in CODE.findall(values)}
    types = value_types()
    assert {"Grade", "Lang", "SVGPicture"} - types.keys() == {
        "SVGPicture"
    }  # the search sees the values (not a plain class)
    missing = sorted(f"{name} ({where})" for name, where in types.items() if name not in named)
    assert missing == [], "value types missing from docs/design.md §3"
    classes = {
        node.name
        for path in PACKAGE.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef)
    }
    gone = sorted(
        n for n in named if re.fullmatch(r"[A-Z][a-z]\w*", n) and n not in classes | {"Enum", "Mapping", "NamedTuple"}
    )
    assert gone == [], "docs/design.md §3 names classes the package no longer has"
