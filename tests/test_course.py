"""The course notebooks: in step with their sources, built from the golden rows, readable in JupyterLab.

tests/test_notebooks.py runs every notebook (in the default test command); these tests check what a
run cannot: the jupytext pairing, the generated parts, the links, the hidden solutions, the Korean
readings, that no user-facing text names a source file, and that every worked example of the source
chapters is shown in its chapter's notebook from its golden row. A test about the course runs on both
editions (``@EACH``, tests/editions.py); one about the Korean prose reads the Korean edition alone.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import nbformat
import pytest

from liuren.patterns import PATTERNS
from liuren.show import examples as ex
from liuren.show.labels import CHAR_KO, reading
from liuren.transmissions import LESSON_TYPES, Method

from .editions import EACH, EDITIONS, EN, KO, TOOL, Edition

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
SOURCES = NOTEBOOKS / "src"
CHAPTER_NOTEBOOK = {"九宗門": "01", "遙克·昴星·八專": "03", "勵德·贅婿·無淫": "06", "天獄·殃咎": "07"}
"""Which notebook teaches each source chapter (its 원문 대조 table and every one of its examples)."""


BOOKS = KO.books()
COURSE = KO.course()
SOURCED = KO.sourced()
"""The notebooks with a markdown source: the course and the glossary and practice page beside it (not numbered)."""


def number(stem: str) -> str:
    """The file prefix: "07" of 07-tianyu-…, "07b" of 07b-siqi-pohua (its anchors are n07b-…)."""
    return stem.split("-", 1)[0]


def chapter_notebooks(key: str, edition: Edition = KO) -> list[str]:
    """The notebooks that teach a source chapter: its number and those split off after it (07, 07b, 07c)."""
    return [s for s in edition.course() if number(s)[:2] == CHAPTER_NOTEBOOK[key]]


def cells(kind: str | None = None, edition: Edition = KO):
    for stem, nb in edition.course().items():
        for n, cell in enumerate(nb.cells):
            if kind is None or cell.cell_type == kind:
                yield stem, n, cell


def test_the_english_edition_has_every_notebook_of_the_korean():
    """The same file names (tools/make_notebooks.py --check says which twin is missing)."""
    assert sorted(EN.books()) == sorted(BOOKS)


def output_text(cell) -> str:
    parts = []
    for out in cell.get("outputs", ()):
        if "text" in out:
            parts.append(out["text"])
        for mime in ("text/plain", "text/html", "text/markdown"):
            if mime in out.get("data", {}):
                parts.append(out["data"][mime])
    return "\n".join(parts)


def tags(cell) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", ()))


# ---------------------------------------------------------------- sources and generated parts
def test_saved_notebooks_are_in_step_with_their_sources(capsys):
    # sources and inputs; tests/test_notebooks.py runs every notebook once and compares its outputs
    status = TOOL.main(["--check", "--no-rerun"])
    assert status == 0, capsys.readouterr().out


COMMENT_COLUMNS = 90
"""How wide a code comment a learner reads may be, a wide (Hangul, Hanzi) character counting two: at
1280×720 JupyterLab shows about a hundred columns of code beside its sidebar, and an exercise's hint
(「# ← add offset=, lessons=, transmissions=, method=」 after the call) ran past the right edge."""


def columns(line: str) -> int:
    """The columns ``line`` takes in a monospaced editor (a wide character takes two)."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


@EACH
def test_a_code_comment_fits_the_width_a_learner_reads_at_1280(edition):
    """Every line of a code cell that holds a comment fits COMMENT_COLUMNS, in the sources of both editions;
    a solution's commented-out code is code, not a comment, and is left out."""
    import io
    import tokenize

    import jupytext

    wide = []
    for path in sorted(edition.sources.glob("*.md")):
        for n, cell in enumerate(jupytext.read(path).cells, 1):
            if cell.cell_type != "code" or TOOL.SOLUTION in tags(cell):
                continue
            lines = cell.source.splitlines()
            for token in tokenize.generate_tokens(io.StringIO(cell.source).readline):
                if token.type == tokenize.COMMENT and columns(lines[token.start[0] - 1]) > COMMENT_COLUMNS:
                    wide.append(f"{path.name}, cell {n}: {lines[token.start[0] - 1]}")
    assert wide == []


@EACH
def test_every_course_notebook_has_its_markdown_source_and_nothing_else(edition):
    stems = {p.stem for p in edition.sources.glob("*.md")}
    assert edition.course() and stems == set(edition.sourced()), (
        f"{edition.where}src holds one .md per course notebook, the glossary and the practice page"
    )
    assert not list(edition.sources.glob("*.txt")), "the old plain-text format is gone"
    assert (NOTEBOOKS / "jupytext.toml").exists() and not (ROOT / "jupytext.toml").exists()
    assert not (edition.folder / "jupytext.toml").exists() or edition is KO, "notebooks/jupytext.toml pairs en/ too"


@EACH
def test_jupyterlab_serving_notebooks_pairs_each_notebook_with_its_source(edition):
    """README's Quick start serves notebooks/ as JupyterLab's root; jupytext's contents manager looks for
    its configuration from a notebook's folder up to that root and no further, so the pairing must be
    found inside it (a jupytext.toml at the repository root never was) and name src/NN-topic.md (the
    English edition's en/NN-topic.ipynb: en/src/NN-topic.md, by the same file)."""
    from jupytext import TextFileContentsManager
    from jupytext.config import JupytextConfiguration, find_jupytext_configuration_file, notebook_formats
    from jupytext.paired_paths import paired_paths

    assert find_jupytext_configuration_file(edition.sources) == str(NOTEBOOKS / "jupytext.toml")
    manager = TextFileContentsManager(root_dir=str(NOTEBOOKS))
    prefix = edition.folder.relative_to(NOTEBOOKS).as_posix() + "/" if edition is not KO else ""
    assert edition.books()
    for stem, nb in edition.books().items():
        name = f"{prefix}{stem}.ipynb"
        config = manager.get_config(name)
        assert isinstance(config, JupytextConfiguration), f"{name}: jupytext finds no configuration under notebooks/"
        paired = [path for path, _ in paired_paths(name, "ipynb", notebook_formats(nb, config, name))]
        assert paired == ([name, f"{prefix}src/{stem}.md"] if stem in edition.sourced() else [name]), stem
        assert all((NOTEBOOKS / path).is_file() for path in paired)


def test_saving_in_jupyterlab_writes_the_markdown_source_and_only_for_the_course(tmp_path):
    """What the jupytext extension does on a save in JupyterLab (its contents manager, rooted at a copy
    of notebooks/): the edit reaches src/NN-topic.md, whose bytes are otherwise what
    tools/make_notebooks.py writes; the contents notebook and the classroom page get no source."""
    import shutil

    from jupytext import TextFileContentsManager

    root = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, root)
    manager = TextFileContentsManager(root_dir=str(root))
    stem = next(iter(COURSE))
    nb = manager.get(f"{stem}.ipynb")["content"]
    manager.save({"type": "notebook", "content": nb}, f"{stem}.ipynb")
    assert (root / "src" / f"{stem}.md").read_bytes() == (SOURCES / f"{stem}.md").read_bytes()
    cell = next(c for c in nb.cells if c.cell_type == "markdown" and "generated" not in tags(c))
    cell.source += "\n\nA teacher's new line."
    manager.save({"type": "notebook", "content": nb}, f"{stem}.ipynb")
    assert "A teacher's new line." in (root / "src" / f"{stem}.md").read_text(encoding="utf-8")
    for other in set(BOOKS) - set(SOURCED):
        manager.save({"type": "notebook", "content": manager.get(f"{other}.ipynb")["content"]}, f"{other}.ipynb")
    assert sorted(p.name for p in (root / "src").iterdir()) == sorted(f"{s}.md" for s in SOURCED)


@EACH
def test_nbval_markers_are_tags_not_comment_lines(edition):
    assert edition.course()
    for stem, n, cell in cells("code", edition):
        assert "NBVAL" not in cell.source, f"{stem} cell {n}: use the nbval-… cell tags"


@EACH
def test_cells_that_show_charts_steps_and_checks_have_their_output_checked(edition):
    shows = re.compile(r"\.steps\(|\bcheck\(|\btable\(|\.explain\(|print\(c\w*\)")
    found = [(stem, n, cell) for stem, n, cell in cells("code", edition) if shows.search(cell.source)]
    unchecked = [
        f"{stem} cell {n}: {cell.source.splitlines()[0]}"
        for stem, n, cell in found
        if not tags(cell) & {"nbval-check-output", "exercise"}
    ]
    assert len(found) > 50 and not unchecked, "\n".join(unchecked)


@EACH
def test_explanations_the_library_prints_are_in_the_editions_language(edition):
    """steps/explain/trace default to another language, so every call names the edition's; check()
    defaults to Korean, so a Korean cell may leave it out (and its English twin, the same code, too)."""
    calls = re.compile(r"\.(steps|explain|trace)\(([^)]*)\)|\bcheck\((.*)\)")
    lang = edition.code
    count = 0
    for stem, n, cell in cells("code", edition):
        for m in calls.finditer(cell.source):
            count += 1
            if m.group(1):
                assert f'"{lang}"' in m.group(2), f'{stem} cell {n}: {m.group(0)} needs lang="{lang}"'
            else:
                assert "lang=" not in m.group(3) or f'lang="{lang}"' in m.group(3), f"{stem} cell {n}: {m.group(0)}"
        assert ".evidence" not in cell.source, f'{stem} cell {n}: evidence is English; show explain(lang="{lang}")'
        assert "Explorer(" not in cell.source or f'labels="{lang}"' in cell.source, (
            f'{stem} cell {n}: Explorer(labels="{lang}")'
        )
    assert count > 50


# ---------------------------------------------------------------- the golden rows
@EACH
def test_every_golden_row_is_shown_in_its_chapters_notebook_from_its_row(edition):
    missing = []
    course = edition.course()
    for e in ex.examples():
        stems = chapter_notebooks(e.chapter.key, edition)
        sources = [c.source for stem in stems for c in course[stem].cells if c.cell_type == "code"]
        if not any("example(" in s and f'"{e.name}"' in s for s in sources):
            missing.append(f"{e.name} is not built with example({e.name!r}) in {' or '.join(stems)}")
    assert not missing, "\n".join(missing)


@EACH
def test_each_chapter_notebook_shows_its_comparison_table_and_every_row_agrees(edition):
    course = edition.course()
    for key in CHAPTER_NOTEBOOK:
        stems = chapter_notebooks(key, edition)
        table_cells = [
            c
            for stem in stems
            for c in course[stem].cells
            if c.cell_type == "code" and f'table("{key}", lang="{edition.code}")' in c.source
        ]
        assert table_cells, f"{' or '.join(stems)} does not show table({key!r})"
        stem = stems[-1]
        shown = output_text(table_cells[0])
        for e in ex.examples(key):
            assert e.name in shown and e.where in shown, f"{stem}: the saved table lacks {e.name}"
    assert all(not e.differences() for e in ex.examples()), [e.name for e in ex.examples() if e.differences()]


GOLDEN_BY_INPUTS: dict[tuple[str, str, str], list[ex.Example]] = {}
for _e in ex.examples():
    GOLDEN_BY_INPUTS.setdefault((_e.day, _e.hour, _e.general), []).append(_e)
TYPED_CHART = re.compile(r'liuren\.chart\("(\w\w)", "(\w)", "(\w)"([^)\n]*)\)')


def typed_golden_charts(source: str) -> list[str]:
    """The golden rows whose chart a ``liuren.chart("日", "時", "將", …)`` call in ``source`` types by
    hand: same day, hour and general, the same 晝/夜 (given or by the default 卯–申 rule) and no school.
    Its month= does not matter: the month only adds the seasonal patterns, the chart is the row's."""
    names = []
    for day, hour, general, rest in TYPED_CHART.findall(source):
        noble = re.search(r'noble="(\w+)"', rest)
        chosen = noble.group(1) if noble else "day" if hour in "卯辰巳午未申" else "night"
        names += [
            e.name
            for e in GOLDEN_BY_INPUTS.get((day, hour, general), ())
            if e.noble == chosen and "school=" not in rest
        ]
    return names


def test_a_typed_golden_chart_is_found_with_or_without_its_month():
    assert typed_golden_charts('k = liuren.chart("丙申", "午", "亥")') == ["元首-1"]
    assert typed_golden_charts('liuren.chart("丙申", "午", "亥", month="卯")') == ["元首-1"]
    assert typed_golden_charts('liuren.chart("甲戌", "寅", "戌", noble="day")') == ["贅婿-2", "魄化-1"]
    assert typed_golden_charts('liuren.chart("甲戌", "寅", "戌")') == []  # 寅時 is 夜 by default; the rows are 晝
    assert typed_golden_charts('liuren.chart("丙申", "午", "亥", noble="night")') == []
    assert typed_golden_charts('liuren.chart("甲戌", "午", "寅", school="探原")') == []
    assert typed_golden_charts('liuren.chart("丙申", "未", "亥")') == []


@EACH
def test_no_golden_chart_is_typed_a_second_time_by_hand(edition):
    """A row's chart comes from example(name).chart(); the front of the course (00, 00b, 00c) alone types
    one (teaching chart() itself) and compares it with its row; a learner's own exercise cell may type one too."""
    assert edition.course()
    typed = [
        f"{stem} cell {n} types {name}'s chart: use example({name!r}).chart()"
        for stem, n, cell in cells("code", edition)
        if number(stem)[:2] != "00" and "exercise" not in tags(cell)
        for name in typed_golden_charts(cell.source)
    ]
    assert not typed, "\n".join(typed)


def test_the_package_copy_of_the_golden_rows_names_no_source_file():
    text = (ROOT / "liuren" / "data" / "chapter_examples.csv").read_text(encoding="utf-8")
    assert not re.search(r"seed|\d{3}_[0-9a-f]{16}|\b00[0-4]-", text, re.I)
    assert [e.name for e in ex.examples()][:3] == ["元首-1", "元首-2", "元首-3"]
    assert all(e.note for e in ex.examples()), "every row carries its Korean note"
    english = [e.name for e in ex.examples() if re.search(r"[A-Za-z]{2,}", e.printed + e.note)]
    assert not english, f"the 원문 대조 table is Korean: English words in {english}"


# ---------------------------------------------------------------- what a user reads
SEED_WORDS = re.compile(
    r"\bseed\s*0\d\d\b|\bseed[ _-]?(?:chapter|example|file|data)s?\b|\bseeds?/|\b00[0-4]_[0-9a-f]{6,}"
    r"|(?<![\d,.\-])\b00[0-4]\b(?![\d,])|shared/",  # not a statement id such as 元首-002
    re.I,
)
""""seed 004", "seed chapter", "seed_examples", "seeds/", a source file name (004_0fbd…), a bare source
number (004, 000) or shared/ — not the word seed itself (``Exercise(seed=1)`` is a random seed)."""


def _png_text(path: Path) -> dict[str, str]:
    """The tEXt chunks of a PNG (where a caption or alt text would travel with the figure)."""
    data, found, pos = path.read_bytes(), {}, 8
    while pos + 8 <= len(data):
        length = int.from_bytes(data[pos : pos + 4], "big")
        kind = data[pos + 4 : pos + 8]
        if kind == b"tEXt":
            key, _, value = data[pos + 8 : pos + 8 + length].partition(b"\0")
            found[key.decode("latin-1")] = value.decode("latin-1")
        pos += 12 + length
    return found


def user_texts():
    yield "README.md", (ROOT / "README.md").read_text(encoding="utf-8")
    for edition in EDITIONS:
        for stem, nb in edition.books().items():
            for n, cell in enumerate(nb.cells):
                yield f"{edition.where}{stem}.ipynb cell {n}", cell.source + "\n" + output_text(cell)
        for path in sorted(edition.sources.glob("*.md")):
            yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")
    for path in sorted((ROOT / "figures").glob("*.png")):
        yield (
            f"figure {path.name} (its text chunks: title, description)",
            " ".join(
                str(v) for k, v in _png_text(path).items() if k.lower() in {"title", "description", "comment", "alt"}
            ),
        )


def test_nothing_a_user_reads_names_a_source_file_or_says_seed():
    found = [f"{where}: {m.group(0)!r}" for where, text in user_texts() for m in SEED_WORDS.finditer(text)]
    assert not found, "\n".join(found[:40])


PAIR = re.compile(r"([가-힣]+)\(([\u3400-\u9fff]+)\)|([\u3400-\u9fff]+)\(([가-힣]+)\)")


def test_korean_readings_in_the_notebooks_match_labels():
    """Every 한글(漢字) or 漢字(한글) pair with one syllable per character, all of them characters
    labels.py can read, must be labels.py's reading (涉害 is 섭해, 贅婿 췌서). A pair with a character
    labels.py does not know is not judged here; the notebooks write glosses (申(일지)) at other lengths."""
    checked, wrong = 0, []
    glossary = [("glossary", n, cell) for n, cell in enumerate(BOOKS["glossary"].cells)]
    for stem, n, cell in [*cells(), *glossary]:
        text = cell.source + "\n" + output_text(cell)
        for m in PAIR.finditer(text):
            hangul, hanzi = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
            if len(hangul) != len(hanzi) or not all(c in CHAR_KO for c in hanzi):
                continue  # a gloss such as 申(일지), not a reading: a reading has one syllable per character
            checked += 1
            if hangul != reading(hanzi):
                wrong.append(f"{stem} cell {n}: {m.group(0)} — labels reads {hanzi} as {reading(hanzi)}")
    assert checked > 100, f"only {checked} pairs found: the test would not notice a wrong reading"
    assert not wrong, "\n".join(wrong)


# ---------------------------------------------------------------- exercises and navigation
@EACH
def test_solutions_are_hidden_until_asked_for(edition):
    word = edition.solution_word
    assert edition.course()
    for stem, nb in edition.course().items():
        exercises = solutions = 0
        for n, cell in enumerate(nb.cells):
            text = cell.source.strip()
            if cell.cell_type == "markdown":
                exercises += len(edition.statement.findall(text))
            first = text.split("\n", 1)[0].lower()
            assert word.lower() not in first or "solution" in tags(cell) or "<summary>" not in text, (
                f"{stem} cell {n}: a solution outside a solution cell"
            )
            if "solution" not in tags(cell):
                assert not re.match(rf"\*\*{word}", text, re.I), f"{stem} cell {n}: a visible solution"
                continue
            solutions += 1
            if cell.cell_type == "code":
                assert cell.metadata.get("jupyter") == {"source_hidden": True, "outputs_hidden": True}, (
                    f"{stem} cell {n}: a solution code cell must be collapsed"
                )
            else:
                assert text.startswith("<details><summary>") and text.endswith("</details>"), (stem, n)
                assert "<details open" not in text
        assert exercises >= 3 and solutions >= exercises, f"{stem}: {exercises} exercises, {solutions} solution cells"


HAN = re.compile(r"[\u3400-\u9fff]")
QUOTED = re.compile(r"\"([^\"]*)\"|'([^']*)'")


def answer_tokens(code: str) -> set[str]:
    """The quoted 漢字 strings of a solution's code: a branch, a stem, an answer to check against."""
    return {a or b for a, b in QUOTED.findall(code) if HAN.search(a or b)}


def solution_cells(edition: Edition = KO):
    for stem, n, cell in cells("code", edition):
        if "solution" in tags(cell):
            yield stem, n, cell


@EACH
def test_a_collapsed_solution_shows_a_first_line_that_gives_nothing_away(edition):
    """JupyterLab shows the first line of a collapsed cell: it is the edition's header comment, with
    none of the solution's answer tokens; every line below it is commented out (the cell is inert)."""
    found = 0
    header = TOOL.EDITIONS[edition.code].solution_header
    for stem, n, cell in solution_cells(edition):
        first, *rest = cell.source.splitlines()
        code = TOOL.reveal_source(cell.source)
        tokens = answer_tokens(code)
        assert first == header and first.startswith("#"), (stem, n, first)
        assert not HAN.search(first) and not any(t in first for t in tokens), (stem, n, first, tokens)
        assert rest and all(line == "#" or line.startswith("# ") for line in rest), (stem, n)
        found += bool(tokens)
    assert found >= 20, "most solutions name their answer in quoted 漢字; the check above must see them"
    for stem, n, cell in cells("markdown", edition):
        if "solution" in tags(cell):
            summary = cell.source.strip().split("\n", 1)[0]
            assert edition.summary.fullmatch(summary), (stem, n, summary)


@EACH
def test_run_all_leaves_every_solution_cell_without_output(edition):
    """A solution cell is comments only (Python runs nothing of it), and the saved notebooks (each
    saved from a Run All, which tests/test_notebooks.py reruns) show no output for any."""
    import ast

    count = 0
    for stem, n, cell in solution_cells(edition):
        assert ast.parse(cell.source).body == [], (stem, n)
        assert cell.outputs == [] and cell.metadata.get("jupyter") == {"source_hidden": True, "outputs_hidden": True}
        count += 1
    assert count >= 25


@EACH
def test_toggling_a_solutions_comments_gives_its_code(edition):
    """What JupyterLab's toggle-comment (Ctrl+/ on the whole cell) leaves is what the build tests:
    one ``#`` and its space off each line, so the header stays a comment and the code compiles."""
    import ast

    assert edition.course()
    for stem, n, cell in solution_cells(edition):
        toggled = [line.removeprefix("#").removeprefix(" ") for line in cell.source.splitlines()]
        assert toggled[0].startswith("# "), (stem, n)
        code = TOOL.reveal_source(cell.source)
        assert "\n".join(toggled[1:]) == code, (stem, n)
        assert ast.parse(code).body, (stem, n)


def test_a_notebooks_solutions_run_and_check_ok_yet_run_all_prints_none():
    """One notebook, as the build does it for every one: executed with its solutions revealed (each
    runs, prints, and a ``check(...)`` is ok) and as saved (its solution cells print nothing, and no
    other cell prints differently)."""
    books = TOOL.load_books()
    nb = TOOL.normalise(next(i for i, b in enumerate(books) if b.stem == "04-biezhe"), books)
    shown = TOOL.revealed(nb)
    assert TOOL.execute(shown) == [] and TOOL.execute(nb) == []
    assert TOOL.solution_problems(shown, nb) == []
    revealed_outputs = [c.outputs for c in shown.cells if "solution" in tags(c) and c.cell_type == "code"]
    assert revealed_outputs and all(revealed_outputs)
    checks = [c for c in shown.cells if "solution" in tags(c) and c.source.startswith("liuren.check(")]
    assert checks and all(output_text(c).startswith("CheckResult(ok=True") for c in checks)
    assert all(not c.outputs for c in nb.cells if "solution" in tags(c) and c.cell_type == "code")


def test_the_build_refuses_a_wrong_solution_and_a_cell_that_leans_on_one():
    def book(*cells):
        return nbformat.v4.new_notebook(cells=list(cells), metadata={"kernelspec": dict(TOOL.KERNELSPEC)})

    def solution(code: str):
        source = TOOL.SOLUTION_HEADER + "\n" + "\n".join("# " + line for line in code.splitlines())
        assert TOOL.inert(source)
        return nbformat.v4.new_code_cell(source, metadata={"tags": ["solution"]})

    cases = {
        "check is not ok": book(
            nbformat.v4.new_code_cell("import liuren\nk = liuren.chart('甲子', '子', '子')"),
            solution('liuren.check(k, transmissions="子子子")'),
        ),
        "check is not ok ": book(  # the call split over lines is still the solution's check
            nbformat.v4.new_code_cell("import liuren\nk = liuren.chart('甲子', '子', '子')"),
            solution('liuren.check(\n    k,\n    transmissions="子子子",\n)'),
        ),
        "uses their variables": book(
            solution("x = 1\nprint(x)"), nbformat.v4.new_code_cell("print(globals().get('x'))")
        ),
        "prints nothing": book(solution("y = 2")),
    }
    for why, nb in cases.items():
        shown = TOOL.revealed(nb)
        TOOL.execute(shown)
        TOOL.execute(nb)
        problems = TOOL.solution_problems(shown, nb)
        assert any(why.strip() in p for p in problems), (why, problems)
    with pytest.raises(TOOL.SourceError, match="commented out"):
        TOOL.validate(TOOL.Book("99-demo", book(nbformat.v4.new_code_cell("# x\n1", metadata={"tags": ["solution"]}))))


def test_a_handout_leaves_the_solutions_out_unless_asked(tmp_path):
    """The two commands of tools/handout_config.py's docstring (and README's), on one notebook (not
    executed here: its saved outputs are what the handout would show)."""
    import shlex
    import subprocess

    doc = (ROOT / "tools" / "handout_config.py").read_text(encoding="utf-8")
    commands = re.findall(r"\.venv/bin/jupyter nbconvert [^\n]*", doc.replace("\\\n", " "))
    commands = [" ".join(c.split()) for c in commands if "04-biezhe" in c]
    assert len(commands) == 2 and all(c in (ROOT / "README.md").read_text(encoding="utf-8") for c in commands)
    runs = []
    for n, command in enumerate(commands):  # the two at once, each into a folder of its own
        out = tmp_path / str(n)
        argv = shlex.split(command.replace("--output-dir handout", f"--output-dir {shlex.quote(str(out))}"))
        argv = [sys.executable, "-m", "jupyter", *argv[1:], "--ExecutePreprocessor.enabled=False"]
        runs.append((out, subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)))
    pages = []
    for out, run in runs:
        _, stderr = run.communicate(timeout=240)
        assert run.returncode == 0, stderr[-2000:]
        (page,) = out.glob("*.html")
        pages.append(page.read_text(encoding="utf-8"))
    learner, teacher = pages
    summaries = re.findall(r"풀이 \d 보기", teacher)
    assert len(summaries) >= 5 and "풀이 1 보기" not in learner
    header = TOOL.SOLUTION_HEADER.removeprefix("## ")
    assert teacher.count(header) == len(summaries) and header not in learner  # the solutions' code cells
    assert "연습 1." in learner and "연습 1." in teacher


LINK = re.compile(r"\]\(([^)\s]+)\)|href=\"([^\"]+)\"")


EDITION_LINKS = {
    "ko": {"contents": "en/contents.ipynb", "classroom": "en/classroom.ipynb"},
    "en": {"contents": "../contents.ipynb", "classroom": "../classroom.ipynb"},
}
"""The language choice: the links from an edition's page to its twin in the other edition."""


@EACH
def test_the_contents_and_the_classroom_page_offer_the_other_edition(edition):
    for stem, target in EDITION_LINKS[edition.code].items():
        top = edition.books()[stem].cells[1 if stem == "contents" else 0]
        assert f"]({target})" in top.source, (stem, top.source)
        assert ("liuren course --lang en" if edition is KO else "liuren course`") in top.source


@EACH
def test_every_link_is_one_jupyterlab_can_follow(edition):
    """Every link inside an edition: a notebook of that edition (relative, never out of its folder) and
    an ASCII anchor it has; the anchors are unique in the edition. The one way out is the language
    choice (:data:`EDITION_LINKS`): the contents and the classroom page link their twin in the other edition."""
    books = edition.books()
    assert books
    ids = {
        stem: set(re.findall(r'<a id="([^"]+)"></a>', "\n".join(c.source for c in nb.cells)))
        for stem, nb in books.items()
    }
    bad = []
    for stem, nb in books.items():
        for n, cell in enumerate(nb.cells):
            if cell.cell_type != "markdown":
                continue
            for m in LINK.finditer(cell.source):
                target = m.group(1) or m.group(2)
                if target.startswith(("http://", "https://")):
                    continue
                path, _, fragment = target.partition("#")
                other = Path(path).stem if path else stem
                if path and path == EDITION_LINKS[edition.code].get(stem):
                    assert (edition.folder / path).resolve().is_file(), f"{stem}: the other edition's {path} is missing"
                    continue
                if path and (path.startswith("..") or "/" in path or not path.endswith(".ipynb") or other not in books):
                    bad.append(f"{stem} cell {n}: {target} is not a notebook in {edition.where}")
                elif fragment and (not fragment.isascii() or fragment not in ids[other]):
                    bad.append(f"{stem} cell {n}: #{fragment} is not an ASCII anchor of {other}")
    assert not bad, "\n".join(bad)
    all_ids = [i for found in ids.values() for i in found]
    assert len(all_ids) == len(set(all_ids)), "anchor ids must be unique across the course (one JupyterLab page)"


@EACH
def test_every_notebook_has_the_anatomy(edition):
    course = edition.course()
    assert course
    for stem, nb in course.items():
        text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
        code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
        num = number(stem)
        for anchor in ("goals", "setup", "exercises", "summary"):
            assert f'<a id="n{num}-{anchor}"></a>' in text, f"{stem} lacks the section n{num}-{anchor}"
        assert edition.next_line in text or stem == max(course), f"{stem}: the summary says what comes next"
        assert ".steps(" in code and "check(" in code, f"{stem}: worked examples with steps, a check"
        assert any(word in nb.cells[0].source for word in edition.cites), f"{stem}: the title cell cites its source"


@EACH
def test_contents_notebook_lists_every_notebook_and_the_navigation_links_to_it(edition):
    books, course = edition.books(), edition.course()
    assert course
    contents = "\n".join(c.source for c in books["contents"].cells)
    for stem in course:
        assert f"]({stem}.ipynb)" in contents
        nav = [c for c in course[stem].cells if "generated" in tags(c)]
        assert len(nav) == 2 and all("](contents.ipynb)" in c.source for c in nav)
        assert all("README" not in c.source for c in nav)


# ---------------------------------------------------------------- the generator
def test_generator_refuses_a_notebook_whose_execution_raised_and_saves_deterministically(tmp_path):
    nb = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell("print(1 + 1)"), nbformat.v4.new_code_cell("1 / 0")],
        metadata={"kernelspec": dict(TOOL.KERNELSPEC)},
    )
    assert TOOL.execute(nb) != []
    ok = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell("print(2)")], metadata={"kernelspec": dict(TOOL.KERNELSPEC)}
    )
    first = nbformat.reads(nbformat.writes(ok), as_version=4)
    TOOL.execute(first)
    second = nbformat.reads(nbformat.writes(ok), as_version=4)
    TOOL.execute(second)
    assert TOOL.ipynb_text(first, "t") == TOOL.ipynb_text(second, "t")
    assert "".join(json.loads(TOOL.ipynb_text(first, "t"))["cells"][0]["outputs"][0]["text"]) == "2\n"


def test_generator_rejects_a_heading_without_an_ascii_anchor():
    nb = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_markdown_cell("# 99. 예"), nbformat.v4.new_markdown_cell("## 연습")]
    )
    book = TOOL.Book("99-demo", nb)
    with pytest.raises(TOOL.SourceError, match="anchor"):
        TOOL.validate(book)


def test_the_glossary_reads_each_term_as_the_labels_do_and_links_where_it_is_taught():
    text = (SOURCES / "glossary.md").read_text(encoding="utf-8")
    rows = re.findall(
        r"^\| (\S+) \| (\S+) \| [^|]+ \| (?:\[노트북 (\d\d[a-z]?)\]\((\d\d[a-z]?)-[^)]+\)|과정 밖) \|$", text, re.M
    )
    assert len(rows) > 100
    for hanzi, hangul, shown, linked in rows:
        assert shown == linked
        assert reading(hanzi) in (hangul, ""), f"{hanzi}: {hangul} — labels reads {reading(hanzi)}"
    terms = {r[0] for r in rows}
    assert {"發用", "干上神", "支上神", "旬空", "遁干", "六親", "月將", "應期"} <= terms
    assert set(LESSON_TYPES) | {p.name for p in PATTERNS} | {str(m) for m in Method} <= terms
    code = "\n".join(c.source for c in BOOKS["glossary"].cells if c.cell_type == "code")
    from liuren.show.cards import CARD_NAMES

    # every card is shown; the solar-term card for a fixed year, so the saved page does not change with the clock
    assert all(f'card("{name}", lang="ko")' in code for name in CARD_NAMES if name != "jieqi")
    assert 'card("jieqi", lang="ko", year=' in code
    assert {"節氣", "節", "子時", "子初", "真太陽時"} <= terms


# ---------------------------------------------------------------- the pointer to the practice page
RENUMBERED = (
    "00-reading-a-chart",
    "00b-generals-kin-void",
    "00c-date-to-chart",
    "01-yuanshou-chongshen",
    "02-biyong-shehai",
    "03-yaoke-maoxing-bazhuan",
    "04-biezhe",
    "05-fuyin-fanyin",
    "06-lide-zhuixu-wuyin",
    "07-tianyu-tianwang-luowang",
    "07b-siqi-pohua",
    "07c-yangjiu",
    "08-reading",
    "09-appendix-schools",
)
"""The course notebooks in the order of skills."""


LEVEL_NUMBER = {"ko": r"(\d+)단계", "en": r"level (\d+)"}
"""How a practice pointer names a level, per edition."""


@EACH
def test_each_course_notebooks_practice_pointer_names_exactly_the_levels_it_teaches(edition):
    from liuren.practice import LEVELS

    named: dict[str, set[int]] = {}
    for stem in RENUMBERED:
        pointer = TOOL.practice_pointer(stem, TOOL.EDITIONS[edition.code])
        named[stem] = {int(n) for n in re.findall(LEVEL_NUMBER[edition.code], pointer)}
        assert named[stem] == {lv.number for lv in LEVELS if lv.notebook == stem}, stem
        assert bool(pointer) == bool(named[stem]) and (not pointer or "](practice.ipynb)" in pointer)
    assert named["00-reading-a-chart"] == {3} and named["00b-generals-kin-void"] == {1, 9}
    assert named["00c-date-to-chart"] == {2, 13} and named["01-yuanshou-chongshen"] == {4}
    assert named["02-biyong-shehai"] == {5} and named["04-biezhe"] == {7} and named["05-fuyin-fanyin"] == {8, 10}
    assert named["07c-yangjiu"] == {11} and named["08-reading"] == {14}
    assert sorted(n for levels in named.values() for n in levels) == list(range(1, 15))  # each level once
    from liuren.practice.plots import level_title

    assert level_title(4, "ko") == "賊克" and "賊克" in level_title(4, "en")  # the library's titles, per language
    assert ("4단계 「賊克」" if edition is KO else f"level 4 “{level_title(4, 'en')}”") in TOOL.practice_pointer(
        "01-yuanshou-chongshen", TOOL.EDITIONS[edition.code]
    )
    assert "level 13 “real time: the chart of a date, time and place”" in TOOL.practice_pointer(
        "00c-date-to-chart", TOOL.EN
    )
    assert not TOOL.HANGUL.search("".join(TOOL.practice_pointer(stem, TOOL.EN) for stem in RENUMBERED))


def test_the_pointer_ends_the_bottom_navigation_of_a_course_notebook_only():
    def book(stem: str, anchor: str) -> object:
        title = nbformat.v4.new_markdown_cell(f'# 제목 <a id="{anchor}-top"></a>')
        return TOOL.Book(stem, nbformat.v4.new_notebook(cells=[title]))

    books = [book("04-biezhe", "n04"), book("09-appendix-schools", "n09"), book("practice", "npr")]
    bottom = [TOOL.normalise(n, books).cells[-1].source for n in range(3)]
    assert bottom[0].endswith(TOOL.practice_pointer("04-biezhe")) and "7단계" in bottom[0]
    assert "practice.ipynb" not in bottom[1] and bottom[2] == "[과정 차례](contents.ipynb)"


@EACH
def test_the_classroom_page_speaks_its_editions_language(edition):
    """The classroom page speaks its edition's language: its explorer is told the language, so the notice
    its saved chart carries (the static fallback) is Korean (English), not the explorer's default Chinese;
    the English page is the Korean page's code (tools/make_notebooks.py checks the rest)."""
    from liuren.show.words.widgets import WIDGETS

    nb = edition.books()["classroom"]
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    lang = edition.code
    assert f'Explorer("丙申", "午", "亥", lang="{lang}")' in code
    assert f'Stepper(chart("丙申", "午", "亥"), lang="{lang}")' in code and f'Exercise(seed=1, lang="{lang}")' in code
    shown = "\n".join(output_text(c) for c in nb.cells if c.cell_type == "code")
    notices = {code: WIDGETS[code]["run-line"] for code in ("zh", "ko", "en")}
    assert notices[lang] in shown and all(notices[other] not in shown for other in set(notices) - {lang}), notices
    if edition is not KO:
        assert TOOL.parity_problems(BOOKS["classroom"], nb, "classroom.ipynb") == []


# ---------------------------------------------------------------- the English edition's prose
HANGUL = re.compile(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]")
QUOTED_SPAN = re.compile(r"「[^」\n]*」|“[^”\n]*”|\"[^\"\n]*\"")


def hangul_lines(text: str) -> list[str]:
    """The lines of English prose with Hangul where none may be. One exception, kept narrow: a line that
    names a Korean reading explicitly, where the Korean edition argues from the Korean translator's
    words. Such a line says "Korean" and has its Hangul inside quotation marks only (「…」, “…” or "…"):
    'The two characters are both written 「구」 in the Korean translation'."""
    return [
        line
        for line in text.splitlines()
        if HANGUL.search(line) and ("Korean" not in line or HANGUL.search(QUOTED_SPAN.sub("", line)))
    ]


def test_the_hangul_rule_allows_only_a_quoted_korean_reading_on_a_line_that_says_so():
    assert hangul_lines("The Korean translation writes both 「구」, which cannot tell them apart.") == []
    assert hangul_lines('the Korean reading "원수" of 元首\nand the Korean “중심” of 重審') == []
    assert hangul_lines("The initial transmission (초전) is 卯.") == ["The initial transmission (초전) is 卯."]
    assert hangul_lines("It is 「구」 in the translation.") == ["It is 「구」 in the translation."]  # no "Korean"
    assert hangul_lines("The Korean text says 구 here.") == ["The Korean text says 구 here."]  # not quoted
    assert hangul_lines("Korean 「구」 and then 초전") == ["Korean 「구」 and then 초전"]
    assert hangul_lines("仰見其丘俯見仇 — no Hangul at all") == []


def test_the_english_editions_prose_has_no_hangul():
    """Every markdown cell of every English notebook, the generated ones too (their titles are the
    English notebooks')."""
    books = EN.books()
    assert books, "no English notebooks in notebooks/en"
    found = [
        f"{EN.where}{stem}.ipynb cell {n}: {line[:120]}"
        for stem, nb in books.items()
        for n, cell in enumerate(nb.cells)
        if cell.cell_type == "markdown"
        for line in hangul_lines(cell.source)
    ]
    assert found == [], "\n".join(found[:40])
