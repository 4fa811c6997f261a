"""Fourteen simulated days on the practice path, driven by a script: a learner who is always right, one
weak on the 遁干 and on 知一, and one who only ever fills some of the boxes. Each day the learner works
through the day's queue (:meth:`Practice.today`) until it is done, answering an item every 30 seconds
from 19:00 in Seoul.

What it shows: a partial answer never counts and never opens a gate; each day's queue can be finished
and leaves nothing due; the always-right learner's cards reach intervals of 10 days and more; the weak
learner is dealt items that ask the 遁干, and 知一 charts, at least twice as often as dealing uniformly
over the levels they have open would give."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

import fsrs
import pytest

from liuren import store
from liuren.practice import LEVELS, Item, Practice, Unfinished, answer, solution
from liuren.practice.answers import as_text
from liuren.practice.levels import deal

SEOUL = timezone(timedelta(hours=9))
START = datetime(2026, 12, 1, 19, tzinfo=SEOUL)
DAYS = 14
MOST_A_DAY = 400
"""No day's queue takes more items than this (it would not end otherwise)."""


@pytest.fixture(autouse=True)
def fresh_process(monkeypatch):
    store.close_all()
    monkeypatch.delenv(store.ENV, raising=False)
    yield
    store.close_all()


def other_value(item: Item, part: str) -> object:
    """The answer of the same box for another chart of the level: wrong for this item."""
    rng = random.Random(item.chart.spec())
    own = as_text(part, solution(item)[part])
    while True:
        value = solution(deal(item.level.number, rng))[part]
        if as_text(part, value) != own:
            return value


def weak_answer(item: Item, rng: random.Random) -> dict[str, object]:
    """Right, but the 遁干 wrong 6 times in 10 wherever it is asked, and a 知一 chart's 三傳 too."""
    given = dict(solution(item))
    if "stems" in given and rng.random() < 0.6:
        given["stems"] = other_value(item, "stems")
    if "hidden-stem" in item.cells and isinstance(given.get("transmissions"), list) and rng.random() < 0.6:
        first = str(given["transmissions"][0])  # type: ignore[index]
        given["transmissions"] = [
            first[0] + ("甲" if first[1] != "甲" else "乙") + first[2:],
            *given["transmissions"][1:],
        ]  # type: ignore[index]
    if item.lesson_type == "知一" and "transmissions" in given and rng.random() < 0.6:
        given["transmissions"] = other_value(item, "transmissions")
    return given


def uniform_share(p: Practice) -> tuple[float, float]:
    """The chance that dealing uniformly (an open level at random, then :func:`deal`) asks the 遁干, and
    that it deals a 知一 chart."""
    opened = [s.level for s in p.level_states() if s.open]
    stems = sum("hidden-stem" in LEVELS[n - 1].cells for n in opened) / len(opened)
    zhiyi = sum(("知一" in LEVELS[n - 1].lesson_types) / len(LEVELS[n - 1].lesson_types) for n in opened) / len(opened)
    return stems, zhiyi


def live(tmp_path: Path, name: str, weak: bool) -> dict[str, float]:
    p = Practice(tmp_path / f"{name}.sqlite3", seed=1)
    rng = random.Random(name)
    seen = {"items": 0, "stems": 0, "zhiyi": 0, "uniform_stems": 0.0, "uniform_zhiyi": 0.0}
    for day in range(DAYS):
        now = START + timedelta(days=day)
        # the weak learner spends the first day on level 1, then chooses level 5 (比用·涉害) for new items
        level = 5 if weak and day >= 1 else None
        for n in range(MOST_A_DAY + 1):
            item = p.today(now, level=level)
            if item is None:
                break
            assert n < MOST_A_DAY, f"{name}: day {day}'s queue does not end"
            u_stems, u_zhiyi = uniform_share(p)
            given = weak_answer(item, rng) if weak else solution(item)
            p.record(item, answer(item, given), now)
            if day >= 1:  # from the day the first day's answers have shown what is weak
                seen["items"] += 1
                seen["stems"] += "hidden-stem" in item.cells
                seen["zhiyi"] += item.lesson_type == "知一"
                seen["uniform_stems"] += u_stems
                seen["uniform_zhiyi"] += u_zhiyi
            now += timedelta(seconds=30)
        queue = p.queue(now)
        assert queue.due == 0 and queue.done, (name, day, queue)  # the day's queue is finished
    cards = _cards(p)
    seen["longest"] = max((c.due - c.last_review).days for c in cards if c.last_review)
    seen["long"] = sum((c.due - c.last_review).days >= 10 for c in cards if c.last_review) / len(cards)
    return seen


def _cards(p: Practice) -> list[fsrs.Card]:
    with p.store.read() as db:
        return [fsrs.Card.from_json(row[0]) for row in db.execute("SELECT card FROM practice_cards")]


def test_an_always_right_learners_intervals_grow_past_ten_days(tmp_path):
    seen = live(tmp_path, "right", weak=False)
    # measured: 439 items from day 2 on, the longest interval 46 days, 97 % of the cards at 10 days or more
    assert seen["longest"] >= 10 and seen["long"] > 0.5, seen


def test_a_weak_learner_gets_the_weak_steps_at_least_twice_as_often(tmp_path):
    seen = live(tmp_path, "weak", weak=True)
    # measured on days 2–14: 870 items, 659 asking the 遁干 (uniform: 299), 166 知一 charts (uniform: 75)
    assert seen["stems"] >= 2 * seen["uniform_stems"], seen
    assert seen["zhiyi"] >= 2 * seen["uniform_zhiyi"], seen


def test_a_partial_answer_never_counts_or_opens_a_gate(tmp_path):
    p = Practice(tmp_path / "partial.sqlite3", seed=1)
    now = START
    for day in range(DAYS):
        for _ in range(30):
            item = p.today(now)
            assert item is not None
            for part in item.parts:  # every box but one, each way round: never graded, never recorded
                partial = {k: v for k, v in solution(item).items() if k != part}
                with pytest.raises(Unfinished) as raised:
                    answer(item, partial)
                assert raised.value.missing == (part,)
            now += timedelta(seconds=30)
        now = START + timedelta(days=day + 1)
    assert p.reviews() == 0 and [s.level for s in p.level_states() if s.open] == [1]
    assert p.level_state(1).right == 0 and not p.level_state(1).passed
