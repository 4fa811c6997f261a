"""One grader: every exercise's answer ends in one record, ``liuren.grading.Grade``, made by ``graded``.

The checker (``check`` and the exercise widget), the reading exercise (``check_reading``,
``check_verdict``) and the practice path each give a Grade, and the practice path's grade of a checked
answer is the checker's own."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

import liuren
from liuren import grading
from liuren.errors import ParseError
from liuren.grading import VERDICTS, Grade, cell_kind, graded
from liuren.practice import LEVELS, Item, answer, deal, get_level, solution
from liuren.practice.answers import example
from liuren.reading.exercise import check_reading, check_verdict
from liuren.show.check import check

PACKAGE = Path(liuren.__file__).parent
CHART = liuren.chart("丙申", "午", "亥", month="寅")
CHECKED_LEVELS = [lv.number for lv in LEVELS if lv.number not in (1, 2, 12, 14)]
"""The practice levels graded by the checker (1 and 2 are graded box by box, 12 is the reverse drill,
14 the judging level)."""


# ------------------------------------------------------------------------------------------- the record
def test_a_grade_is_right_half_or_wrong_by_one_rule():
    assert graded(True, "offset", "ignored", other_school="探原") == Grade("right")
    assert graded(False, "initial.kin", "r") == Grade("wrong", "initial.kin", "kin", "r")
    assert graded(False, "noble.branch", "r", other_school="探原", whole=False) == Grade(
        "half", "noble.branch", "noble", "r", "探原", whole=False
    )
    assert graded(False, "元首-087", "r", kind="statement").kind == "statement"
    assert graded(False).kind is None
    assert [graded(ok).ok for ok in (True, False)] == [True, False]
    assert VERDICTS == ("right", "half", "wrong") and str(Grade("wrong", rule="x")) == "wrong: x"


@pytest.mark.parametrize(
    ("key", "kind"),
    [
        ("plate.子", "plate"),
        ("lesson-2.upper", "lesson.upper"),
        ("lesson-4.lower", "lesson.lower"),
        ("lesson-2.general", "general"),
        ("initial.general", "general"),
        ("middle.branch", "transmission.branch"),
        ("final.kin", "kin"),
        ("initial.hidden-stem", "hidden-stem"),
        ("initial.void", "void"),
        ("branch-1.kin", "kin"),
        ("branch-3.hidden-stem", "hidden-stem"),
        ("noble.direction", "noble"),
        ("pattern.殃咎", "pattern"),
        ("offset", "offset"),
        ("method", "method"),
        ("subname", "subname"),
        ("xun-void", "xun-void"),
        ("month-general", "month-general"),
        ("reverse", "reverse"),
        ("verdict", "verdict"),
    ],
)
def test_the_kind_of_each_cell_key(key, kind):
    assert cell_kind(key) == kind and graded(False, key).kind == kind


def test_a_grade_is_made_in_the_grading_module_only():
    """No module but liuren/grading.py writes ``Grade(`` itself: every grade comes from ``graded``."""
    makers = sorted(
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if re.search(r"\bGrade\(", path.read_text(encoding="utf-8"))
    )
    assert makers == ["grading.py"]
    from liuren import practice
    from liuren.practice import answers, progress

    assert practice.Grade is answers.Grade is progress.Grade is grading.Grade


# ------------------------------------------------------------------------------------------- the checker
def test_the_checkers_result_gives_its_grade():
    c = liuren.chart("丙申", "午", "亥")
    assert check(c, offset=5, transmissions="卯申丑").grade == Grade("right")
    wrong = check(c, transmissions="申卯丑", lang="en")
    assert wrong.grade == Grade("wrong", "initial.branch", "transmission.branch", wrong.message)
    assert check(c, transmissions="???").grade is None  # nothing answered: nothing graded
    other = liuren.chart("丙申", "午", "亥", school="tanyuan")
    half = check(c, noble=f"{other.noble_branch}晝{'順' if other.generals_forward else '逆'}", lang="ko")
    assert half.other_school is not None
    assert half.grade == Grade("half", half.cell, cell_kind(str(half.cell)), str(half), str(half.other_school))


def test_the_exercise_gives_the_grade_of_its_last_answer():
    from liuren.show.exercise import Exercise

    ex = Exercise(seed=3, lang="en")
    assert ex.grade is None
    right = "".join(str(t.branch) for t in ex.chart.transmissions)
    ex.answer(transmissions=right)
    assert ex.grade == Grade("right") and ex.grade == ex.result.grade  # type: ignore[union-attr]
    ex.answer(transmissions="子子子")
    assert ex.grade is not None and ex.grade.verdict == "wrong" and ex.grade.rule == ex.result.message  # type: ignore[union-attr]
    ex.answer(transmissions="not branches")  # refused: shown as its error, not graded
    assert ex.result is not None and not ex.result.ok and ex.grade is None


# ------------------------------------------------------------------------------------------- the reading
def test_the_reading_exercises_give_their_grades():
    assert check_reading(CHART, "病", ["元首-085", "元首-086"]).grade.verdict in ("right", "wrong")
    r = check_reading(CHART, "病", ["元首-085", "元首-087"])
    assert r.grade == Grade("wrong", "元首-087", "statement", str(r))
    missed = check_reading(CHART, "病", ["元首-085"])
    assert missed.wrong == () and missed.missed > 0
    assert missed.grade == Grade("wrong", "missed", "missed", str(missed))
    every = [c.statement.id for c in liuren.reading.exercise.candidates(CHART, "病") if c.status == "applies"]
    assert check_reading(CHART, "病", every).grade == Grade("right")

    v = check_verdict(CHART, "總", "凶", "內戰-001")
    assert v.grade == Grade("wrong", "verdict", "verdict", str(v))
    assert v.grade_of(["reason"]) == Grade("wrong", "reason", "reason", str(v))
    assert v.grade_of([], whole=False) == Grade("right", whole=False)
    assert check_verdict(CHART, "總", "吉", "元首-093").grade == Grade("right")


# ------------------------------------------------------------------------------------------- practice
def test_practice_grades_a_checked_answer_with_the_checkers_own_grade():
    """At every level the checker grades, right answers and answers with one box spoiled: the practice
    grade is the checker's grade of the same boxes."""
    verdicts = []
    for level in CHECKED_LEVELS:
        rng = random.Random(level)
        for n in range(6):
            item = deal(level, rng)
            given_ = solution(item)
            if n % 2:
                part = item.parts[n % len(item.parts)]
                given_ = {**given_, part: example(item, part)}
            try:
                grade = answer(item, given_, lang="ko")
            except ParseError:  # a name not among level 11's choices: refused, not graded
                continue
            assert grade == replace(check(item.chart, **given_, lang="ko").grade, whole=True), (level, n)  # type: ignore[arg-type]
            verdicts.append(grade.verdict)
    assert verdicts.count("right") >= len(CHECKED_LEVELS) * 3 and verdicts.count("wrong") >= len(CHECKED_LEVELS)


def test_practice_grades_the_judging_level_with_the_verdict_checks_grade():
    item = deal(14, random.Random(5))
    right = solution(item)
    wrong_reason = next(c for c in item.choices if c != right["reason"])
    grade = answer(item, {**right, "reason": wrong_reason}, lang="en")
    expected = check_verdict(item.chart, item.prompt, right["verdict"], wrong_reason, lang="en").grade
    assert grade == expected and grade.verdict in ("wrong", "right")
    assert answer(item, right, lang="en") == Grade("right")


def test_a_box_by_box_level_grades_through_the_one_rule():
    c = liuren.chart("丙申", "午", "亥")
    item = Item(c, get_level(1).cells, get_level(1))  # the branches given: the 三傳 卯申丑
    grade = answer(item, {"void": "辰巳", "stems": "癸 丙 庚", "kin": "父 財 子"}, lang="en")
    assert grade == graded(False, "branch-3.hidden-stem", grade.rule)


@pytest.mark.parametrize("level", [1, 2, 4, 12, 14])
def test_practice_refuses_a_language_it_does_not_know_at_every_level(level):
    """Before, the levels the checker grades refused lang="xx" and the others graded in English."""
    item = deal(level, random.Random(level))
    with pytest.raises(ParseError, match="lang='xx' is not a language"):
        answer(item, solution(item), lang="xx")
    assert answer(item, solution(item), lang="zh").verdict == "right"


# ------------------------------------------------------------------------------------------- one reader per box
def test_the_practice_void_box_reads_what_the_checker_reads():
    """Level 1's 旬空 box is read by the checker's reader: the forms check(void=…) takes are taken here
    too (before, "旬空：辰巳", "空亡 辰巳", "辰巳空" and a list were refused), and what it refuses is refused
    with its words (a branch given twice, before graded wrong)."""
    c = liuren.chart("丙申", "午", "亥")
    item = Item(c, get_level(1).cells, get_level(1))
    right = solution(item)
    for void in ("辰巳", "巳 辰", "旬空：辰巳", "空亡 辰巳", "辰巳空", ["辰", "巳"]):
        assert check(c, void=void).ok
        assert answer(item, {**right, "void": void}).verdict == "right", void
    assert answer(item, {**right, "void": "午未"}) == graded(
        False, "void", answer(item, {**right, "void": "午未"}).rule
    )
    for void, message in (("辰辰", "gives the branch 辰 twice"), ("辰", "gives 1 branches, not two")):
        with pytest.raises(ParseError, match=message):
            check(c, void=void)
        with pytest.raises(ParseError, match=message):
            answer(item, {**right, "void": void})
    with pytest.raises(ParseError, match="not finished: these hold '\\?', a place not yet answered: void"):
        answer(item, {**right, "void": "辰?"}, step=True)


@pytest.mark.parametrize(("part", "value"), [("day", "丙x"), ("hour", "午將"), ("general", "子時"), ("month", "寅年")])
def test_a_level_2_box_is_refused_with_the_checkers_words(part, value):
    c = liuren.chart("丙申", "午", "亥", month="寅")
    item = Item(c, get_level(2).cells, get_level(2))
    with pytest.raises(ParseError) as by_check:
        check(c, **{part: value})
    with pytest.raises(ParseError) as by_practice:
        answer(item, {**solution(item), part: value})
    assert str(by_practice.value) == str(by_check.value) and str(by_check.value).startswith(f"{part}: ")


def test_a_reading_check_shown_by_the_other_checks_renderer_is_refused():
    """Each renderer of a reading check reads its own check's fields: before, the other check got
    half read and raised AttributeError."""
    from liuren.show.reading import reading_check_html, reading_check_text, verdict_check_html, verdict_check_text

    chosen = check_reading(CHART, "病", ["元首-085"])
    judged = check_verdict(CHART, "總", "吉", "元首-093")
    for render in (reading_check_text, reading_check_html):
        with pytest.raises(ParseError, match=r"is not a reading check; accepted: check_reading\(\.\.\.\)"):
            render(judged)  # type: ignore[arg-type]
    for render in (verdict_check_text, verdict_check_html):
        with pytest.raises(ParseError, match=r"is not a verdict check; accepted: check_verdict\(\.\.\.\)"):
            render(chosen)  # type: ignore[arg-type]
    assert (
        reading_check_html(chosen).count("✘") == 1 and verdict_check_html(judged).count("✔") == 2
    )  # the verdict and the reason, each marked
    assert str(chosen) == reading_check_text(chosen) and chosen._repr_html_() == reading_check_html(chosen)


def test_every_exercise_splits_an_answers_items_alike():
    """The reading exercise split a string of statement ids at commas and spaces only; it splits as the
    checker does now (、，;； too), and reads simplified characters as the others do."""
    from liuren.grading import ITEM_SEPARATORS, SEPARATORS
    from liuren.show import answer_forms

    assert answer_forms.ITEM_SEPARATORS is ITEM_SEPARATORS and answer_forms.SEPARATORS is SEPARATORS
    want = check_reading(CHART, "病", ["元首-085", "元首-087"])
    for written in (
        "元首-085, 元首-087",
        "元首-085 元首-087",
        "元首-085、元首-087",
        "元首-085，元首-087",
        "元首-085; 元首-087",
    ):
        got = check_reading(CHART, "病", written)
        assert (got.right, got.wrong, got.missed) == (want.right, want.wrong, want.missed), written
    with pytest.raises(ParseError, match="is not a statement on this chart's matter"):
        check_reading(CHART, "病", "元首-085 元首")
