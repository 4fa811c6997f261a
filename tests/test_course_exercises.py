"""The exercises of every numbered course notebook (00–09) follow the course's conventions, in both
editions (tests/editions.py: the English statement is ``**Exercise N.**``, its summary ``Show solution N``).

- An exercise statement is a markdown cell that starts ``**연습 N.**``, N = 1, 2, … in page order.
- Each exercise has its solution below it: a ``<details>`` markdown cell tagged ``solution`` whose summary
  is ``풀이 N 보기``, and the collapsed, commented-out code cells tagged ``solution`` after it.
- A notebook has at least five exercises, at least three of them casting by hand: the hidden solution
  checks the learner's answer for a chart named in full (``liuren.check(liuren.chart("甲子", "寅", "午"),
  transmissions=…)``), the statement gives that chart's day, and no ``find`` lookup stands in for casting.
  A chart of a moment (``liuren.chart_at(datetime(…))``, 00c) is cast from its date: the statement gives
  the date and time (``2026-08-23 11:30``) instead of the day.
- No exercise is answered earlier on its page: no line of the markdown above the statement, of the
  statement itself or of the saved outputs (the ``.ipynb``) above it, nor of the visible cells between
  the statement and its solution, has the chart's day pillar together with its 三傳 (as ``卯申丑``,
  ``卯 申 丑`` or the answer the solution checks), and no saved output there prints the same chart
  (its ``丙申日 午時 亥將`` header with its 三傳 in order).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import jupytext
import nbformat
import pytest

import liuren
from liuren.show.examples import example

from .editions import EACH, EDITIONS, KO, Edition

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
SOURCES = NOTEBOOKS / "src"
NUMBERED = sorted(SOURCES.glob("[0-9][0-9]*-*.md"))
BOTH = [(edition, path) for edition in EDITIONS for path in edition.numbered_sources()]
"""Every numbered notebook source of both editions."""
MIN_EXERCISES = 5
MIN_CASTING = 3
STATEMENT = KO.statement
SUMMARY = KO.summary
HAN = re.compile(r"[\u3400-\u9fff]")
TAG = re.compile(r"<[^>]+>")


def tags(cell) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", ()))


def reveal(source: str) -> str:
    """A solution cell's code as the learner gets it by toggling its comments: the header line dropped,
    one ``# `` (or ``#``) off every other line."""
    lines = source.splitlines()[1:]
    return "\n".join(line[2:] if line.startswith("# ") else line.removeprefix("#") for line in lines)


def han(text: str) -> str:
    """Only the 漢字 of ``text``: 「卯 申 丑」, 「['卯', '申', '丑']」 and 「卯·申·丑」 all read 卯申丑."""
    return "".join(HAN.findall(text))


def output_texts(cell) -> list[str]:
    """What each saved output of a code cell shows, as text (HTML with its tags taken out)."""
    texts = []
    for out in cell.get("outputs", ()):
        if "text" in out:
            texts.append(out["text"])
        data = out.get("data", {})
        for mime in ("text/plain", "text/markdown"):
            if mime in data:
                texts.append(data[mime])
        if "text/html" in data:
            texts.append(TAG.sub("\n", data["text/html"]))
    return texts


# ---------------------------------------------------------------- finding the exercises
@dataclass
class Check:
    chart: str
    """The chart expression, as written."""
    answers: dict[str, str]
    """The answer keywords whose values are strings (transmissions=, method=, …)."""
    casting: bool
    """A chart named in full, not looked up with ``find``."""


@dataclass
class Exercise:
    number: int
    statement: int
    """Index of the statement cell."""
    details: int | None = None
    code: list[int] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)

    @property
    def end(self) -> int:
        """The first cell of the solution: what lies before it is what the learner sees first."""
        return min([self.details, *self.code]) if self.details is not None else self.statement + 1


def _checks(code: str) -> list[Check]:
    found = []
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return found
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if (isinstance(func, ast.Name) and func.id == "check") or (
            isinstance(func, ast.Attribute)
            and func.attr == "check"
            and isinstance(func.value, ast.Name)
            and func.value.id == "liuren"
        ):
            if not node.args:
                continue
            target = node.args[0]
        elif isinstance(func, ast.Attribute) and func.attr == "check":
            target = func.value
        else:
            continue
        answers = {
            k.arg: k.value.value
            for k in node.keywords
            if k.arg and isinstance(k.value, ast.Constant) and isinstance(k.value.value, str)
        }
        looked_up = any(
            isinstance(n, ast.Call)
            and (getattr(n.func, "id", None) == "find" or getattr(n.func, "attr", None) == "find")
            for n in ast.walk(target)
        )
        found.append(Check(ast.unparse(target), answers, not looked_up))
    return found


def exercises(nb, edition: Edition = KO) -> tuple[list[Exercise], list[str]]:
    """The exercises of a notebook with their solution cells, and what breaks the conventions (the
    statements and summaries as ``edition`` writes them)."""
    found: list[Exercise] = []
    problems: list[str] = []
    details_at: dict[int, int] = {}
    code_at: dict[int, list[int]] = {}
    last_details: int | None = None
    for i, cell in enumerate(nb.cells):
        text = cell.source.strip()
        if cell.cell_type == "markdown":
            starts = [] if "solution" in tags(cell) else list(edition.statement.finditer(text))
            for m in starts:
                found.append(Exercise(int(m.group(1)), i))
                if m.start() > 0:
                    problems.append(
                        f"연습 {m.group(1)}: the statement must start its own markdown cell (a +++ line before it)"
                    )
            s = edition.summary.match(text)
            if s and "solution" in tags(cell):
                n = int(s.group(1))
                if n in details_at:
                    problems.append(f"cell {i}: a second solution 풀이 {n}")
                details_at[n] = last_details = i
        elif "solution" in tags(cell):
            if last_details is None:
                problems.append(f"cell {i}: a solution code cell before any solution")
                continue
            number = next(n for n, at in details_at.items() if at == last_details)
            code_at.setdefault(number, []).append(i)
    numbers = [e.number for e in found]
    if numbers != list(range(1, len(found) + 1)):
        problems.append(f"exercises numbered {numbers}, expected 1..{len(found)} in page order")
    for ex in found:
        ex.details = details_at.get(ex.number)
        ex.code = code_at.get(ex.number, [])
        ex.checks = [c for i in ex.code for c in _checks(reveal(nb.cells[i].source))]
        if ex.details is None:
            problems.append(f"연습 {ex.number}: no solution (a <details> cell 풀이 {ex.number} 보기 tagged solution)")
        elif ex.details < ex.statement or any(c < ex.statement for c in ex.code):
            problems.append(f"연습 {ex.number}: the statement (cell {ex.statement}) comes after its own solution")
    return found, problems


# ---------------------------------------------------------------- evaluating a solution's chart
def _assignments(cells) -> dict[str, ast.expr]:
    names: dict[str, ast.expr] = {}
    for source in cells:
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        # every assignment, nested ones too (in source order): a name a loop rebinds is not taken from an
        # earlier cell, its chart cannot be named without running the loop
        for node in sorted((n for n in ast.walk(tree) if isinstance(n, ast.Assign)), key=lambda n: n.lineno):
            if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                names[node.targets[0].id] = node.value
    return names


NAMESPACE: dict[str, object] = {
    "datetime": datetime,
    "timedelta": timedelta,
    "timezone": timezone,
    "ZoneInfo": ZoneInfo,
}
"""The names a moment's expression may use."""


def evaluate_chart(expr: str, earlier: list[str]) -> liuren.Chart:
    """The chart of a solution's ``check`` call; a name in it is resolved from its last assignment in
    ``earlier`` (the code above the call: the notebook's cells, then the solution's own lines)."""
    assigned = _assignments(earlier)
    namespace: dict[str, object] = {
        "liuren": liuren,
        "example": example,
        "School": liuren.School,
        # a chart of a moment: liuren.chart_at(datetime(…, tzinfo=ZoneInfo(…))), as 00c writes it
        "datetime": datetime,
        "timedelta": timedelta,
        "timezone": timezone,
        "ZoneInfo": ZoneInfo,
    }

    def resolve(node: ast.expr, depth: int = 0) -> None:
        for name in {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}:
            if name not in namespace and name in assigned and depth < 5:
                resolve(assigned[name], depth + 1)
                namespace[name] = eval(compile(ast.Expression(assigned[name]), "<cell>", "eval"), namespace)

    tree = ast.parse(expr, mode="eval")
    resolve(tree.body)
    chart = eval(compile(tree, "<solution>", "eval"), namespace)
    if not isinstance(chart, liuren.Chart):
        raise TypeError(f"{expr} is a {type(chart).__name__}, not a Chart")
    return chart


# ---------------------------------------------------------------- an answer shown before its exercise
def answer_strings(chart: liuren.Chart, answers: dict[str, str]) -> set[str]:
    """The 三傳 as the branches in order (卯申丑) and the ``transmissions=`` answer the solution checks,
    each as its 漢字 only."""
    found = {"".join(str(t.branch) for t in chart.transmissions)}
    given = han(answers.get("transmissions", ""))
    if len(given) >= 3:
        found.add(given)
    return found


def leaks(nb, ex: Exercise, chart: liuren.Chart, answers: dict[str, str]) -> list[str]:
    """Where the page shows ``chart``'s answer before the learner opens the exercise's solution."""
    pillar = str(chart.day)
    strings = answer_strings(chart, answers)
    header = han(f"{chart.day}日 {chart.hour}時 {chart.general}將")
    b1, b2, b3 = (str(t.branch) for t in chart.transmissions)
    in_order = re.compile(f"{b1}.{{0,5}}{b2}.{{0,5}}{b3}")
    same = same_lesson(chart)
    bound: set[str] = set()
    earlier: list[str] = []
    found = []
    for i, cell in enumerate(nb.cells[: ex.end]):
        if "solution" in tags(cell):
            continue
        if cell.cell_type == "code":
            earlier.append(cell.source)
            bound = _bound(cell.source, earlier, same, bound)
            if _about(cell.source, same, bound) and any(in_order.search(han(t)) for t in output_texts(cell)):
                found.append(
                    f"cell {i}: an output shows the 三傳 of {chart.day} {chart.hour} {chart.general} (or its 課)"
                )
                continue
        texts = [cell.source] if cell.cell_type == "markdown" else output_texts(cell)
        for text in texts:
            for line in text.splitlines():
                row = han(line)
                if pillar in row and any(s in row for s in strings):
                    found.append(f"cell {i}: {line.strip()[:80]!r} has {pillar} and its 三傳")
                    break
            whole = han(text)
            if cell.cell_type == "code" and header in whole and in_order.search(whole, whole.index(header)):
                found.append(f"cell {i}: an output prints the chart {chart.day}日 {chart.hour}時 {chart.general}將")
    return found


LITERAL_CHART = re.compile(r"""chart\(\s*["'](\w\w)["']\s*,\s*["'](\w)["']\s*,\s*["'](\w)["']""")


def same_lesson(chart: liuren.Chart):
    """A test: does a chart have ``chart``'s 課 (its day and plate offset, so its 四課 and 三傳)?"""
    return lambda other: isinstance(other, liuren.Chart) and (other.day, other.offset) == (chart.day, chart.offset)


def _bound(source: str, earlier: list[str], same, bound: set[str]) -> set[str]:
    """The names bound to a chart of the 課 once ``source`` has run (a name rebound to another chart drops out)."""
    bound = set(bound)
    for name, value in _assignments([source]).items():
        bound.discard(name)
        if "chart" in ast.unparse(value):
            try:
                if same(evaluate_chart(ast.unparse(value), earlier)):
                    bound.add(name)
            except Exception:  # an expression this test cannot evaluate alone is not counted
                continue
    return bound


def _about(source: str, same, bound: set[str]) -> bool:
    """Whether a code cell builds or uses a chart of the 課: a literal ``chart("丙申", "午", "亥")`` of it, or a
    name bound to one."""
    for day, hour, general in LITERAL_CHART.findall(source):
        try:
            if same(liuren.chart(day, hour, general)):
                return True
        except ValueError:
            continue
    try:
        names = {n.id for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Name)}
    except SyntaxError:
        return False
    return bool(names & bound)


def exercise_problems(nb, edition: Edition = KO) -> list[str]:
    """Everything that breaks the exercise conventions in ``nb`` (its markdown source with the saved
    outputs attached): numbering, solutions, counts, and answers shown before their exercise."""
    found, problems = exercises(nb, edition)
    if len(found) < MIN_EXERCISES:
        problems.append(f"{len(found)} exercises, at least {MIN_EXERCISES} wanted")
    casting = [ex for ex in found if any(c.casting for c in ex.checks)]
    if len(casting) < MIN_CASTING:
        problems.append(f"{len(casting)} exercises cast by hand (a solution with a check call), {MIN_CASTING} wanted")
    for ex in casting:
        start = min(ex.code, default=ex.end)
        earlier = [c.source for c in nb.cells[:start] if c.cell_type == "code" and "solution" not in tags(c)]
        solution = "\n".join(reveal(nb.cells[i].source) for i in ex.code)
        unique = [c for n, c in enumerate(ex.checks) if c.casting and c not in ex.checks[:n]]
        for check in unique:  # every chart the solution checks
            try:
                chart = evaluate_chart(check.chart, [*earlier, solution])
            except Exception as error:  # reported as the finding it is
                problems.append(f"연습 {ex.number}: its solution's chart {check.chart} does not evaluate: {error!r}")
                continue
            statement = nb.cells[ex.statement].source
            if "chart_at(" in check.chart:
                # a chart of a moment: the statement gives the date and time the learner casts from
                moment = _moment(check.chart, [*earlier, solution])
                if moment is None or f"{moment:%Y-%m-%d %H:%M}" not in statement:
                    problems.append(f"연습 {ex.number}: the statement does not give the moment it asks to cast from")
            elif str(chart.day) not in han(statement):
                problems.append(f"연습 {ex.number}: the statement does not give the day {chart.day} it asks to cast")
            problems.extend(
                f"연습 {ex.number} is answered earlier: {leak}" for leak in leaks(nb, ex, chart, check.answers)
            )
    return problems


def _moment(expr: str, earlier: list[str]) -> datetime | None:
    """The datetime a ``liuren.chart_at(…)`` expression casts for (its first argument), or None."""
    call = ast.parse(expr, mode="eval").body
    if not (isinstance(call, ast.Call) and call.args):
        return None
    arg = call.args[0]
    if isinstance(arg, ast.Name):
        arg = _assignments(earlier).get(arg.id, arg)
    try:
        value = eval(compile(ast.Expression(arg), "<moment>", "eval"), {**NAMESPACE})
    except Exception:
        return None
    return value if isinstance(value, datetime) else None


def with_outputs(source: Path):
    """The notebook's markdown source, each code cell with the outputs of the same cell of the saved
    ``.ipynb`` beside ``src/`` (matched in order by its code); None for the outputs when the saved
    notebook lacks it."""
    nb = jupytext.read(source)
    saved_path = source.parent.parent / f"{source.stem}.ipynb"
    saved = nbformat.read(saved_path, as_version=4) if saved_path.exists() else None
    codes = [c for c in saved.cells if c.cell_type == "code"] if saved else []
    at, missing = 0, 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        match = next((k for k in range(at, len(codes)) if codes[k].source == cell.source), None)
        if match is None:
            missing += 1
            cell.outputs = []
        else:
            cell.outputs, at = codes[match].get("outputs", []), match + 1
    return nb, missing


# ---------------------------------------------------------------- the course notebooks
@pytest.mark.parametrize(("edition", "source"), BOTH, ids=[f"{e.code}-{p.stem.split('-', 1)[0]}" for e, p in BOTH])
def test_exercises_follow_the_conventions_and_none_is_answered_earlier(edition, source):
    nb, missing = with_outputs(source)
    problems = exercise_problems(nb, edition)
    if missing:
        problems.append(f"{missing} code cells have no saved output in {source.stem}.ipynb: regenerate it")
    assert problems == [], "\n".join(problems)


@EACH
def test_every_numbered_notebook_is_checked(edition):
    # 07 is followed by 07b and 07c, the notebooks split off after it: every number from 00 is there once
    numbered = edition.numbered_sources()
    numbers = sorted({p.stem[:2] for p in numbered})
    assert numbers == [f"{n:02d}" for n in range(len(numbers))]
    assert all(re.fullmatch(r"\d\d[a-z]?", p.stem.split("-", 1)[0]) for p in numbered)
    assert len(numbered) >= 9 and [p.name for p in numbered] == [p.name for p in NUMBERED]


# ---------------------------------------------------------------- the detector, on notebooks made here
HEADER = "## 풀이: 펼친 칸에서 Ctrl+A, Ctrl+/ 로 주석을 풀고 실행한다"


def _exercise(n: int, day: str, hour: str, general: str, answer: str) -> list:
    md, code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell
    check = f'# liuren.check(liuren.chart("{day}", "{hour}", "{general}"), transmissions="{answer}")'
    return [
        md(f"**연습 {n}.** {day}日 {hour}時 {general}將을 손으로 세워 삼전을 적어라."),
        md(
            f"<details><summary>풀이 {n} 보기</summary>\n\n삼전은 {answer}.\n\n</details>",
            metadata={"tags": ["solution"]},
        ),
        code(f"{HEADER}\n{check}", metadata={"tags": ["solution"]}),
    ]


CHARTS = [("丙申", "午", "亥", "卯申丑"), ("甲子", "寅", "午", "辰申子"), ("庚辰", "申", "辰", "")]


def synthetic(*before, exercises_: list | None = None):
    """A notebook: the cells ``before``, then five exercises, three of them cast by hand."""
    cells = list(before)
    if exercises_ is None:
        c3 = liuren.chart("庚辰", "申", "辰")
        third = "".join(str(t.branch) for t in c3.transmissions)
        exercises_ = [
            *_exercise(1, *CHARTS[0]),
            *_exercise(2, *CHARTS[1]),
            *_exercise(3, *CHARTS[2][:3], third),
        ]
        for n in (4, 5):
            exercises_ += [
                nbformat.v4.new_markdown_cell(f"**연습 {n}.** 조문을 읽어라."),
                nbformat.v4.new_markdown_cell(
                    f"<details><summary>풀이 {n} 보기</summary>\n\n읽기.\n\n</details>", metadata={"tags": ["solution"]}
                ),
            ]
    nb = nbformat.v4.new_notebook()
    nb.cells = cells + exercises_
    return nb


def _saved(tmp_path: Path, nb) -> list[str]:
    """The notebook written to and read back from ``tmp_path``, as the course's are, then checked."""
    path = tmp_path / "99-synthetic.ipynb"
    nbformat.write(nb, path)
    return exercise_problems(nbformat.read(path, as_version=4))


def test_a_clean_notebook_passes(tmp_path):
    prose = nbformat.v4.new_markdown_cell("丙申日 午時 亥將은 원수과이다. 甲子日의 삼전은 스스로 세워 보라.")
    assert _saved(tmp_path, synthetic(prose)) == []


@pytest.mark.parametrize(
    "leak",
    [
        "丙申日 午時 亥將의 삼전은 卯申丑이다.",
        "| 丙申 | 午 | 亥 | 卯 申 丑 | 元首 |",
        "甲子日 寅時의 삼전(辰·申·子)을 보라.",
    ],
)
def test_an_answer_in_the_markdown_above_is_found(tmp_path, leak):
    problems = _saved(tmp_path, synthetic(nbformat.v4.new_markdown_cell(leak)))
    assert len(problems) == 1 and "answered earlier" in problems[0] and "cell 0" in problems[0], problems


def test_an_answer_in_a_saved_output_above_is_found(tmp_path):
    printed = nbformat.v4.new_code_cell(
        "print(saved)",
        outputs=[nbformat.v4.new_output("stream", name="stdout", text=str(liuren.chart("丙申", "午", "亥")))],
    )
    listed = nbformat.v4.new_code_cell(
        "[...]",
        outputs=[
            nbformat.v4.new_output(
                "execute_result", data={"text/plain": "[('甲子', ['辰', '申', '子'])]"}, execution_count=1
            )
        ],
    )
    html = nbformat.v4.new_code_cell(
        "k",
        outputs=[
            nbformat.v4.new_output(
                "execute_result",
                data={"text/html": liuren.chart("庚辰", "申", "辰")._repr_html_(), "text/plain": "Chart(...)"},
                execution_count=2,
            )
        ],
    )
    problems = _saved(tmp_path, synthetic(printed, listed, html))
    assert [p.split(":")[0] for p in problems] == [
        "연습 1 is answered earlier",
        "연습 2 is answered earlier",
        "연습 3 is answered earlier",
    ], problems
    assert "prints the chart 丙申日 午時 亥將" in problems[0]


def test_the_same_day_with_another_answer_and_an_answer_below_are_no_leak(tmp_path):
    other = nbformat.v4.new_markdown_cell(
        "丙申日 子時 亥將의 삼전은 "
        + "".join(str(t.branch) for t in liuren.chart("丙申", "子", "亥").transmissions)
        + "이다."
    )
    nb = synthetic(other)
    nb.cells.append(nbformat.v4.new_markdown_cell("丙申日 午時 亥將의 삼전은 卯申丑이었다."))
    assert _saved(tmp_path, nb) == []


def test_the_statement_itself_may_not_give_the_answer(tmp_path):
    nb = synthetic()
    nb.cells[0].source += " (답: 丙申日 卯申丑)"
    assert any("연습 1 is answered earlier: cell 0" in p for p in _saved(tmp_path, nb))


def test_a_visible_cell_between_a_statement_and_its_solution_may_not_give_it(tmp_path):
    nb = synthetic()
    out = nbformat.v4.new_output("stream", name="stdout", text=str(liuren.chart("甲子", "寅", "午")))
    nb.cells.insert(4, nbformat.v4.new_code_cell('liuren.chart("甲子", "寅", "午")', outputs=[out]))
    assert any(p.startswith("연습 2 is answered earlier: cell 4") for p in _saved(tmp_path, nb))


def test_numbering_counts_and_order_are_enforced(tmp_path):
    nb = synthetic()
    nb.cells[3].source = nb.cells[3].source.replace("연습 2.", "연습 3.")
    assert any("numbered [1, 3, 3, 4, 5]" in p for p in _saved(tmp_path, nb))

    few = synthetic(exercises_=[*_exercise(1, *CHARTS[0]), *_exercise(2, *CHARTS[1])])
    problems = _saved(tmp_path, few)
    assert "2 exercises, at least 5 wanted" in problems and any("2 exercises cast by hand" in p for p in problems)

    late = synthetic()
    statement = late.cells.pop(0)
    late.cells.insert(2, statement)
    assert any("연습 1: the statement (cell 2) comes after its own solution" in p for p in _saved(tmp_path, late))


def test_a_find_lookup_is_not_casting_by_hand_and_a_named_chart_is_resolved(tmp_path):
    nb = synthetic()
    nb.cells[2].source = f'{HEADER}\n# liuren.check(liuren.find(lesson_type="元首")[0], transmissions="卯申丑")'
    assert any("2 exercises cast by hand" in p for p in _saved(tmp_path, nb))

    named = synthetic(nbformat.v4.new_code_cell('c = liuren.chart("丙申", "午", "亥")'))
    named.cells[3].source = f'{HEADER}\n# liuren.check(c, transmissions="卯申丑")'
    assert _saved(tmp_path, named) == []
    named.cells.insert(1, nbformat.v4.new_markdown_cell("丙申日: 卯申丑"))
    assert any("연습 1 is answered earlier: cell 1" in p for p in _saved(tmp_path, named))


def test_an_output_of_a_cell_that_uses_the_same_lesson_is_found(tmp_path):
    """A cell that builds the exercise's 課 (here at another hour with the same plate) or uses a name bound
    to it, and whose output shows its 三傳 in order, gives the answer away; the same output for a chart
    of another 課 does not."""
    rows = [
        nbformat.v4.new_output(
            "execute_result", data={"text/plain": "['妻戊辰玄', '官壬申蛇', '父甲子龍']"}, execution_count=1
        )
    ]
    build = nbformat.v4.new_code_cell('k = liuren.chart("甲子", "申", "子")')
    use = nbformat.v4.new_code_cell("[str(t) for t in k.transmissions]", outputs=rows)
    problems = _saved(tmp_path, synthetic(build, use))
    assert problems == ["연습 2 is answered earlier: cell 1: an output shows the 三傳 of 甲子 寅 午 (or its 課)"], (
        problems
    )
    other = nbformat.v4.new_code_cell('k = liuren.chart("甲子", "申", "丑")')
    assert _saved(tmp_path, synthetic(other, use)) == []
    literal = nbformat.v4.new_code_cell(
        '[str(t) for t in liuren.chart("甲子", "寅", "午").transmissions]', outputs=rows
    )
    assert len(_saved(tmp_path, synthetic(literal))) == 1


def test_a_chart_named_in_the_exercises_own_cell_is_the_one_checked(tmp_path):
    """The solution checks ``k``: the ``k`` of the exercise's own cell under the statement, not one of a
    section above; a ``k`` a loop rebinds cannot be named, and the test says so."""
    above = nbformat.v4.new_code_cell('k = liuren.chart("丙申", "午", "亥")')
    nb = synthetic(above)
    nb.cells.insert(2, nbformat.v4.new_code_cell('k = liuren.chart("甲子", "寅", "午")'))
    nb.cells[4].source = f'{HEADER}\n# liuren.check(k, transmissions="辰申子")'
    assert _saved(tmp_path, nb) == ["연습 1: the statement does not give the day 甲子 it asks to cast"], (
        "the chart is the 甲子 of the exercise's cell"
    )
    nb.cells[
        4
    ].source = f'{HEADER}\n# for h in "寅申":\n#     k = liuren.chart("甲子", h, "午")\n# liuren.check(k, transmissions="辰申子")'
    problems = _saved(tmp_path, nb)
    assert len(problems) == 1 and "does not evaluate" in problems[0], problems


def test_every_chart_a_solution_checks_is_hidden_above(tmp_path):
    nb = synthetic(nbformat.v4.new_markdown_cell("甲子日 申時 子將: 辰·申·子"))
    second = '# liuren.check(liuren.chart("甲子", "寅", "午"), transmissions="辰申子")'
    nb.cells[3].source += "\n" + second  # 연습 1 checks 丙申 and 甲子; its statement names only 丙申
    problems = _saved(tmp_path, nb)
    assert "연습 1: the statement does not give the day 甲子 it asks to cast" in problems
    assert sum(p.startswith("연습 1 is answered earlier: cell 0") for p in problems) == 1, problems
