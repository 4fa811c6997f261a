"""The judging level (14): a chart and a matter; the verdict and the decisive reason, from choices
graded by :func:`liuren.reading.exercise.check_verdict`."""

from __future__ import annotations

import random

import pytest

import liuren
from liuren.errors import ParseError
from liuren.practice.answers import Unfinished, answer, example, solution
from liuren.practice.levels import JUDGING, Item, class_set, deal, decisive_reasons, get_level, restore, shown
from liuren.practice.widget import question_html
from liuren.reading.exercise import check_verdict
from liuren.reading.statements import statements
from liuren.reading.verdict import VERDICTS

SEEDS = 40


def items(seed: int, count: int = 3) -> tuple[Item, ...]:
    return class_set(JUDGING, seed, count)


def test_the_level_asks_the_verdict_and_the_reason_and_is_taught_in_08():
    lv = get_level(14)
    assert (lv.number, lv.parts, lv.cells, lv.notebook) == (
        14,
        ("verdict", "reason"),
        ("verdict", "reason"),
        "08-reading",
    )
    assert liuren.practice.levels_taught_in("08-reading") == (lv,)


def test_items_deal_the_same_from_the_same_seed_and_differ_between_seeds():
    first = [(i.chart.spec(), i.prompt, i.choices) for i in items(7, 4)]
    assert first == [(i.chart.spec(), i.prompt, i.choices) for i in items(7, 4)]
    assert first != [(i.chart.spec(), i.prompt, i.choices) for i in items(8, 4)]


@pytest.mark.parametrize("seed", range(SEEDS))
def test_every_choice_is_a_statement_and_only_the_decisive_ones_are_accepted(seed):
    known = {s.id for s in statements()}
    for item in items(seed, 2):
        verdict, right = decisive_reasons(item.chart, item.prompt)
        assert verdict in VERDICTS and verdict != "未定"  # never an item the chapters leave open
        assert set(item.choices) <= known and len(set(item.choices)) == len(item.choices)
        offered = [c for c in item.choices if c in right]
        wrong = [c for c in item.choices if c not in right]
        assert offered and wrong  # at least one right reason and one distractor
        for c in item.choices:  # the one grader agrees with the dealing, reason by reason
            checked = check_verdict(item.chart, item.prompt, verdict, c)
            assert checked.reason_ok == (c in right), (item.chart, c)
            assert c in right or checked.why in ("fails", "open", "aside")  # a distractor does not hold


@pytest.mark.parametrize("seed", range(0, SEEDS, 4))
def test_a_right_answer_is_right_and_each_distractor_and_wrong_verdict_is_wrong(seed):
    for item in items(seed, 2):
        right = solution(item)
        assert answer(item, right).verdict == "right"
        for c in item.choices:
            grade = answer(item, {"verdict": right["verdict"], "reason": c})
            accepted = check_verdict(item.chart, item.prompt, right["verdict"], c).reason_ok
            assert grade.verdict == ("right" if accepted else "wrong")
            if not accepted:
                assert (grade.cell, grade.kind) == ("reason", "reason") and c in grade.rule
        for v in VERDICTS:
            if v != right["verdict"]:
                grade = answer(item, {"verdict": v, "reason": right["reason"]})
                assert (grade.verdict, grade.cell, grade.kind) == ("wrong", "verdict", "verdict")


def test_a_worked_example_is_dealt_and_graded_as_the_chapter_reads_it():
    # 元首課: 「今卯木旺，丙火得相氣，故以吉斷之」 — the chapter's own example, 丙申日 午時 亥將, 寅月
    c = liuren.chart("丙申", "午", "亥", month="寅")
    item = Item(c, get_level(14).cells, get_level(14), choices=("元首-093", "內戰-001"), prompt="總")
    assert answer(item, {"verdict": "吉", "reason": "元首-093"}).verdict == "right"
    assert answer(item, {"verdict": "吉", "reason": "內戰-001"}).cell == "reason"  # set aside
    assert answer(item, {"verdict": "凶", "reason": "元首-093"}).cell == "verdict"
    seen = {i.chart.month for s in range(30) for i in items(s, 2)}
    assert seen - {None}  # the chapters' worked examples (with their month) are among the charts dealt


def test_bad_answers_are_refused_not_graded():
    item = items(1, 1)[0]
    right = solution(item)
    with pytest.raises(Unfinished) as caught:
        answer(item, {"verdict": right["verdict"]})
    assert caught.value.missing == ("reason",)
    outside = next(s.id for s in statements() if s.id not in item.choices)
    with pytest.raises(ParseError, match="not one of the choices"):
        answer(item, {**right, "reason": outside})
    with pytest.raises(ParseError, match="not a verdict"):
        answer(item, {**right, "verdict": "大吉"})
    with pytest.raises(ParseError, match="does not ask"):
        answer(item, {**right, "noble": "亥晝逆"})
    assert answer(item, {"verdict": right["verdict"]}, step=True) == answer(item, right, step=True).__class__(
        "right", whole=False
    )


def test_the_item_is_stored_and_restored_whole():
    item = items(3, 1)[0]
    again = restore(14, item.chart, shown(item), random.Random(0))
    assert (again.chart, again.prompt, again.choices) == (item.chart, item.prompt, item.choices)
    fresh = restore(14, item.chart, None, random.Random(0))  # an old review: a matter drawn afresh
    assert fresh.prompt and solution(fresh)["reason"] in fresh.choices


def test_the_grey_example_is_never_the_answer_and_the_question_shows_the_choices():
    item = items(5, 1)[0]
    right = solution(item)
    assert example(item, "verdict") in VERDICTS and example(item, "verdict") != right["verdict"]
    assert example(item, "reason") not in item.choices
    html = question_html(item, "ko")
    assert item.prompt in html and all(c in html for c in item.choices) and "先凶後吉" in html


def test_dealing_by_lesson_type_finds_a_judged_chart_for_every_type():
    lv = get_level(14)
    for t in lv.lesson_types:
        item = liuren.practice.levels.deal_type(lv, t, random.Random(t))
        assert item.lesson_type == t and item.prompt


def test_deal_draws_only_items_whose_reasons_exist():
    rng = random.Random(11)
    item = deal(14, rng)
    assert solution(item)["reason"] in item.choices


def test_the_widget_deals_the_level_records_both_cells_and_names_a_wrong_reason(tmp_path):
    pytest.importorskip("ipywidgets")
    from datetime import UTC, datetime

    from liuren.practice.widget import Practice

    now = datetime(2026, 12, 1, 9, tzinfo=UTC)
    p = Practice(str(tmp_path / "p.sqlite3"), seed=2, level=4, clock=lambda: now)
    p.progress.skip_to(14, now)
    p.choose(14)
    assert p.item is not None and p.item.level.number == 14 and tuple(p.fields) == ("verdict", "reason")
    right = solution(p.item)
    distractor = next(
        c for c in p.item.choices if c != right["reason"] and c not in decisive_reasons(p.item.chart, p.item.prompt)[1]
    )
    grade = p.answer(verdict=str(right["verdict"]), reason=distractor)
    assert grade is not None and (grade.verdict, grade.cell) == ("wrong", "reason")
    assert "근거" in p.feedback.value and p.progress.reviews() == 1
    p.next()
    grade = p.answer(**{k: str(v) for k, v in solution(p.item).items()})
    assert grade is not None and grade.verdict == "right" and p.progress.reviews() == 2
