"""tools/make_notebooks.py's two editions: the English twin's code is the Korean code, and the build
writes the English edition's generated parts in English.

The checker is tested on small made-up pairs (``code_difference``, ``parity_problems``) and on a
made-up course of one notebook in a scratch folder, built and checked by ``main`` as a translator runs it
(``--edition en``, ``--check``), without executing anything.
"""

from __future__ import annotations

from pathlib import Path

import jupytext
import nbformat
import pytest

from .test_course import TOOL

KO_CELL = 'import liuren\n# 과반을 세운다\nk = liuren.chart("甲子", "子", "子")\nk.steps(lang="ko")'
EN_CELL = 'import liuren\n# cast the chart\nk = liuren.chart("甲子", "子", "子")\nk.steps(lang="en")'


def test_the_same_code_with_translated_comments_and_lang_is_the_same_code():
    assert TOOL.code_difference(KO_CELL, EN_CELL) is None
    assert TOOL.code_difference(KO_CELL, KO_CELL) is None
    # a comment line more or less, or one at a line's end, is not code
    assert TOOL.code_difference(KO_CELL, EN_CELL.replace("# cast the chart\n", "")) is None
    assert TOOL.code_difference("x = 1  # 하나", "x = 1  # one\n# and a note") is None
    assert TOOL.code_difference('Explorer("丙申", labels="ko")', 'Explorer("丙申", labels="en")') is None


@pytest.mark.parametrize(
    ("english", "named"),
    [
        (EN_CELL.replace('"子", "子")', '"丑", "子")'), "'\"丑\"', the Korean cell has '\"子\"'"),  # a changed answer
        (EN_CELL.replace("k = ", "chart = "), "'chart', the Korean cell has 'k'"),  # a changed name
        (EN_CELL.replace("k.steps", "k.explain"), "'explain', the Korean cell has 'steps'"),  # another call
        (EN_CELL.replace('lang="en"', 'lang="zh"'), "'\"zh\"', the Korean cell has '\"ko\"'"),  # lang only ko→en
        (EN_CELL.replace('"甲子"', '"甲午"'), "'\"甲午\"', the Korean cell has '\"甲子\"'"),  # no Hangul: as is
        (EN_CELL + "\nprint(k)", "it goes on with 'print'"),  # a line more
        (EN_CELL.rsplit("\n", 1)[0], "the Korean cell goes on with 'k'"),  # a line less
    ],
)
def test_a_code_cell_that_is_not_the_korean_code_is_named_at_its_first_differing_token(english, named):
    found = TOOL.code_difference(KO_CELL, english)
    assert found is not None and named in found, found


def test_a_hangul_string_becomes_an_english_string_and_only_that():
    korean = 'print("과반:", k)\nlabel = "子 위"'
    assert TOOL.code_difference(korean, 'print("The chart:", k)\nlabel = "above 子"') is None
    still = TOOL.code_difference(korean, 'print("The chart:", k)\nlabel = "子 위 (above)"')
    assert still and "line 2" in still and "holds no Hangul" in still, still
    # a string without Hangul in the Korean cell is code, not prose: it stays as it is
    assert TOOL.code_difference('ex = "元首-1"', 'ex = "the first 元首"') is not None
    # the language code "ko" becomes "en", as a keyword's value or positionally, and nothing else does
    assert TOOL.code_difference('p.text("ko")', 'p.text("en")') is None
    assert TOOL.code_difference('p.text("ko")', 'p.text("zh")') is not None
    assert TOOL.code_difference('f(lang="zh")', 'f(lang="en")') is not None
    assert TOOL.code_difference('f(lang="ko")', 'f(lang="ko")') is None  # left Korean: the prose test's business


def test_an_english_call_may_add_lang_en_where_the_korean_relies_on_its_default():
    assert TOOL.code_difference('card("noble")', 'card("noble", lang="en")') is None
    assert TOOL.code_difference('card("jieqi", year=2026)', 'card("jieqi", lang="en", year=2026)') is None
    assert TOOL.code_difference("card()", 'card(lang="en")') is None
    assert TOOL.code_difference("f(a, b=1)\ng(c)", 'f(a, b=1, lang="en")\ng(c, lang="en")') is None
    # only lang="en", only as a whole argument, and nothing else beside it
    assert "token is ','" in TOOL.code_difference('card("noble")', 'card("noble", lang="zh")')
    assert TOOL.code_difference('card("noble")', 'card("noble", labels="en")') is not None
    assert TOOL.code_difference('card("noble")', 'card("noble", lang="en", year=1)') is not None
    assert TOOL.code_difference('c.steps("ko")', 'c.steps(lang="en")') is not None  # "ko" becomes "en" as it is
    assert TOOL.code_difference("s.gloss_ko", 's.gloss(lang="en")') is not None
    assert TOOL.code_difference("s.gloss_ko", "s.gloss_en") is None  # a name's _ko is its _en
    assert TOOL.code_difference("s.gloss_ko", "s.gloss_zh") is not None
    assert TOOL.code_difference("s.gloss", "s.gloss_en") is not None


def test_unreadable_code_is_reported_not_raised():
    assert "cannot be read as Python" in TOOL.code_difference('x = """', 'x = """')


def _md(source: str, **meta) -> nbformat.NotebookNode:
    return nbformat.v4.new_markdown_cell(source, metadata=meta)


def _code(source: str, **meta) -> nbformat.NotebookNode:
    return nbformat.v4.new_code_cell(source, metadata=meta)


def _solution(code: str, edition) -> nbformat.NotebookNode:
    lines = [edition.solution_header, *("# " + line for line in code.splitlines())]
    return _code("\n".join(lines), tags=["solution"], jupyter=dict(TOOL.HIDDEN))


def _pair() -> tuple[nbformat.NotebookNode, nbformat.NotebookNode]:
    korean = nbformat.v4.new_notebook(
        cells=[
            _md('# 99. 예제 <a id="n99-top"></a>'),
            _md('## 준비 <a id="n99-setup"></a>\n\n과반을 세운다.'),
            _code(KO_CELL, tags=["nbval-check-output"]),
            _md("**연습 1.** 초전은?", tags=["exercise"]),
            _solution('k.transmissions[0]  # 초전\nprint("초전:", k)', TOOL.KO),
        ]
    )
    english = nbformat.v4.new_notebook(
        cells=[
            _md('# 99. An example <a id="n99-top"></a>'),
            _md('## Setting up <a id="n99-setup"></a>\n\nWe cast the chart.'),
            _code(EN_CELL, tags=["nbval-check-output"]),
            _md("**Exercise 1.** The initial transmission?", tags=["exercise"]),
            _solution('k.transmissions[0]  # the initial\nprint("initial:", k)', TOOL.EN),
        ]
    )
    return korean, english


def test_a_translated_notebook_pairs_up_with_its_korean_twin():
    korean, english = _pair()
    assert TOOL.parity_problems(korean, english, "99-demo.ipynb") == []


def test_the_parity_check_names_notebook_cell_and_token():
    korean, english = _pair()
    english.cells[4] = _solution('k.transmissions[1]  # the initial\nprint("initial:", k)', TOOL.EN)
    (problem,) = TOOL.parity_problems(korean, english, "99-demo.ipynb")
    assert problem.startswith("notebooks/en/99-demo.ipynb, cell 5: not the Korean twin's code: line 1")
    assert "'1', the Korean cell has '0'" in problem  # a solution is compared by its revealed code

    korean, english = _pair()
    del english.cells[3]  # a missing cell
    problems = TOOL.parity_problems(korean, english, "99-demo.ipynb")
    assert problems[0] == "notebooks/en/99-demo.ipynb, cell 4: a code cell where the Korean twin has a markdown cell"
    assert problems[-1] == "notebooks/en/99-demo.ipynb: 4 cells, its Korean twin has 5"

    korean, english = _pair()
    english.cells[2].metadata["tags"] = []
    english.cells[1].source = english.cells[1].source.replace("n99-setup", "n99-start")
    problems = TOOL.parity_problems(korean, english, "99-demo.ipynb")
    assert problems == [
        "notebooks/en/99-demo.ipynb, cell 2: anchors ['n99-start'], the Korean twin's are ['n99-setup']",
        "notebooks/en/99-demo.ipynb, cell 3: tags [], the Korean twin's are ['nbval-check-output']",
    ]


# ---------------------------------------------------------------- a made-up course built by main
@pytest.fixture
def scratch(tmp_path, monkeypatch):
    """The tool pointed at a scratch ``notebooks/`` holding one Korean notebook (99-demo) and its twin."""
    out = tmp_path / "notebooks"
    editions = {
        code: TOOL.Edition(code, out if code == "ko" else out / code, TOOL.WORDS[code]) for code in ("ko", "en")
    }
    for name, value in {
        "ROOT": tmp_path,
        "OUT": out,
        "SOURCES": out / "src",
        "EDITIONS": editions,
        "KO": editions["ko"],
        "EN": editions["en"],
        "CLASSROOM": editions["ko"].classroom,
    }.items():
        monkeypatch.setattr(TOOL, name, value)
    korean, english = _pair()
    for edition, nb in ((editions["ko"], korean), (editions["en"], english)):
        edition.sources.mkdir(parents=True)
        write(edition.sources / "99-demo.md", nb)
    yield editions
    TOOL._built.cache_clear()


def write(path: Path, nb: nbformat.NotebookNode) -> None:
    path.write_text(jupytext.writes(nb, fmt=TOOL.FORMAT), encoding="utf-8")


def test_the_english_edition_is_built_in_english_beside_the_korean(scratch, capsys):
    ko, en = scratch["ko"], scratch["en"]
    assert TOOL.main(["--no-execute"]) == 0
    said = capsys.readouterr().out
    assert "wrote notebooks/99-demo.ipynb" in said and "wrote notebooks/en/99-demo.ipynb" in said
    built = nbformat.read(en.out / "99-demo.ipynb", as_version=4)
    top, bottom = built.cells[1].source, built.cells[-1].source
    assert top == "[Course contents](contents.ipynb)\n\n**This notebook's contents**\n\n- [Setting up](#n99-setup)"
    assert bottom == "[Course contents](contents.ipynb)"
    contents = nbformat.read(en.out / "contents.ipynb", as_version=4)
    assert contents.cells[0].source.startswith("# Da Liu Ren (大六壬 dà liù rén): course contents")
    assert "Run All Cells" in contents.cells[0].source
    # a section link opens a closed notebook at its top (JupyterLab's limit, tests/test_links_browser.py)
    assert "A section link below opens a notebook not yet open at its top; click it again" in contents.cells[0].source
    assert contents.cells[1].source == (
        "[99. An example →](99-demo.ipynb)\n\n"
        "Korean edition → [the Korean contents](../contents.ipynb) (in a course folder of your own: `liuren course`)"
    )
    assert "- [Setting up](99-demo.ipynb#n99-setup)" in contents.cells[2].source
    korean = nbformat.read(ko.out / "contents.ipynb", as_version=4)
    assert "과정 차례" in korean.cells[0].source and "### [99. 예제](99-demo.ipynb)" in korean.cells[2].source
    assert "절 링크는 아직 열지 않은 노트북을 맨 위에서 열고, 한 번 더 누르면 그 절로 간다." in korean.cells[0].source
    assert korean.cells[1].source.endswith(
        "English edition → [the English contents](en/contents.ipynb) (in a course folder of your own: `liuren course --lang en`)"
    )
    assert not TOOL.HANGUL.search("\n".join(c.source for c in [*contents.cells, built.cells[1], built.cells[-1]]))
    # the solution's header is the edition's, and so it says in English how to open the solution
    assert built.cells[-2].source.splitlines()[0] == en.solution_header
    assert "Ctrl+A" in en.solution_header and "Ctrl+/" in en.solution_header
    assert not TOOL.HANGUL.search(en.solution_header)


def test_a_translators_build_refuses_code_that_is_not_the_korean_code(scratch, capsys):
    en = scratch["en"]
    _, english = _pair()
    english.cells[2].source = EN_CELL.replace('"子", "子")', '"丑", "子")')
    write(en.sources / "99-demo.md", english)
    assert TOOL.main(["--edition", "en", "99", "--no-execute"]) == 1
    said = capsys.readouterr().out
    assert "notebooks/en/99-demo.ipynb: not written, its code is not its Korean twin's" in said
    assert "cell 4: not the Korean twin's code: line 3" in said and "'\"丑\"'" in said
    assert not (en.out / "99-demo.ipynb").exists()
    assert TOOL.main(["--check", "--no-rerun", "--edition", "en"]) == 1
    assert "cell 4: not the Korean twin's code" in capsys.readouterr().out


def test_the_korean_solution_header_is_refused_in_the_english_edition(scratch, capsys):
    en = scratch["en"]
    _, english = _pair()
    english.cells[4] = _solution('k.transmissions[0]\nprint("initial:", k)', TOOL.KO)
    write(en.sources / "99-demo.md", english)
    assert TOOL.main(["--edition", "en", "--no-execute"]) == 2
    assert "en/99-demo.md, cell 5: a solution code cell starts with the line '## Solution" in capsys.readouterr().err


def test_a_missing_twin_is_no_error_in_a_build_but_check_reports_it(scratch, capsys):
    ko, en = scratch["ko"], scratch["en"]
    korean, _ = _pair()
    korean.cells[0].source = '# 98. 둘째 <a id="n98-top"></a>'
    korean.cells[1].source = '## 준비 <a id="n98-setup"></a>'
    write(ko.sources / "98-second.md", korean)
    assert TOOL.main(["--no-execute"]) == 0
    capsys.readouterr()
    assert TOOL.main(["--check", "--no-rerun"]) == 1
    said = [line for line in capsys.readouterr().out.splitlines() if "not executed" not in line]  # --no-execute
    assert said == ["notebooks/en/src/98-second.md is missing (the English twin of notebooks/src/98-second.md)"]
    TOOL.main(["--check", "--no-rerun", "--edition", "ko"])  # the Korean edition alone has no twins to miss
    assert "missing" not in capsys.readouterr().out
    copied = (ko.sources / "98-second.md").read_text(encoding="utf-8")
    (en.sources / "98-second.md").write_text(copied.replace(ko.solution_header, en.solution_header), encoding="utf-8")
    assert (
        TOOL.main(["--edition", "en", "98", "--no-execute"]) == 0
    )  # same code: builds (the prose is the translator's)
    assert TOOL.checked_notebooks() == [
        "98-second.ipynb",
        "99-demo.ipynb",
        "contents.ipynb",
        "en/98-second.ipynb",
        "en/99-demo.ipynb",
        "en/contents.ipynb",
    ]


def test_a_broken_source_is_left_out_and_the_others_are_built(scratch, capsys):
    ko, en = scratch["ko"], scratch["en"]
    korean, english = _pair()
    korean.cells[0].source = '# 98. 둘째 <a id="n98-top"></a>'
    korean.cells[1].source = '## 준비 <a id="n98-setup"></a>'
    write(ko.sources / "98-second.md", korean)
    english.cells[0].source = '# 98. Second <a id="n98-top"></a>'
    english.cells[1].source = "## Setting up (no anchor)"  # another translator's unfinished notebook
    write(en.sources / "98-second.md", english)
    assert TOOL.main(["--edition", "en", "99", "--no-execute"]) == 2
    captured = capsys.readouterr()
    assert 'en/98-second.md: heading "## Setting up (no anchor)" needs one anchor' in captured.err
    assert "(so en/98-second.md is left out)" in captured.err
    assert "wrote notebooks/en/99-demo.ipynb" in captured.out and not (en.out / "98-second.ipynb").exists()


def test_keep_outputs_rewrites_prose_and_navigation_but_not_changed_code(scratch, capsys):
    en = scratch["en"]
    assert TOOL.main(["--no-execute"]) == 0
    saved = nbformat.read(en.out / "99-demo.ipynb", as_version=4)
    assert saved.cells[3].source == EN_CELL  # after the title, the generated top cell and the setup
    saved.cells[3].outputs = [nbformat.v4.new_output("stream", name="stdout", text="a saved run\n")]
    saved.cells[3].execution_count = 1
    nbformat.write(saved, en.out / "99-demo.ipynb")
    _, english = _pair()
    english.cells[1].source += " A sentence more."
    write(en.sources / "99-demo.md", english)
    capsys.readouterr()
    assert TOOL.main(["--edition", "en", "--keep-outputs"]) == 0
    kept = nbformat.read(en.out / "99-demo.ipynb", as_version=4)
    assert kept.cells[3].outputs[0].text == "a saved run\n" and kept.cells[3].execution_count == 1
    assert kept.cells[2].source.endswith("A sentence more.")
    english.cells[2].source = EN_CELL + "\nprint(k)"
    korean, _ = _pair()
    korean.cells[2].source = KO_CELL + "\nprint(k)"
    write(scratch["ko"].sources / "99-demo.md", korean)
    write(en.sources / "99-demo.md", english)
    assert TOOL.main(["--edition", "en", "--keep-outputs"]) == 1
    assert "its code cells changed since it was run: build it in full" in capsys.readouterr().out
    assert nbformat.read(en.out / "99-demo.ipynb", as_version=4).cells[3].source == EN_CELL  # not written


def test_a_source_saved_while_the_build_runs_is_not_overwritten(tmp_path: Path) -> None:
    """A build writes back the normalised source it read; if the source was saved meanwhile (an editor,
    JupyterLab, another build), writing would lose that edit, so the build refuses."""
    source = tmp_path / "05-fuyin-fanyin.md"
    source.write_text(
        (TOOL.ROOT / "notebooks" / "src" / "05-fuyin-fanyin.md").read_text(encoding="utf-8"), encoding="utf-8"
    )
    book = TOOL.read_source(source)
    assert book.read == source.read_text(encoding="utf-8") and not TOOL.changed_since_read(book, source)
    source.write_text(book.read + "\nA line a teacher added while the build ran.\n", encoding="utf-8")
    assert TOOL.changed_since_read(book, source)
    assert not TOOL.changed_since_read(TOOL.Book("contents", book.nb), source)  # no source read: nothing to keep
