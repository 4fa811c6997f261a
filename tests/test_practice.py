"""The practice path: levels deal only what the course has taught, answers are graded cell by cell, FSRS
schedules the missed steps, and the progress survives in the store (migrated from a casebook store)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import fsrs
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import liuren
from liuren import store
from liuren.casebook import Casebook
from liuren.cycle import BRANCHES
from liuren.errors import ParseError
from liuren.practice import LEVELS, Grade, Item, Practice, answer, cell_kind, class_set, deal, get_level, solution
from liuren.practice.levels import MOMENT_LEVELS, _charts_by_type, deal_type
from liuren.practice.progress import GATE, RATING, SCHEDULER
from liuren.school import PRESETS
from liuren.show.check import GATE_OF
from liuren.transmissions import LESSON_TYPES, Method

ROOT = Path(__file__).resolve().parents[1]
NOW = datetime(2026, 12, 1, 9, tzinfo=UTC)


@pytest.fixture(autouse=True)
def fresh_process(monkeypatch):
    store.close_all()
    monkeypatch.delenv(store.ENV, raising=False)
    yield
    store.close_all()


# ------------------------------------------------------------------------------------------- dealing
def test_three_thousand_deals_use_only_what_each_level_has_taught():
    per_level = 3_000 // len(LEVELS) + 1
    rng = random.Random(20261201)
    for level in LEVELS:
        seen: Counter[str] = Counter()
        for _ in range(per_level):
            item = deal(level.number, rng)
            assert item.level is level and item.cells == level.cells and item.parts == level.parts
            assert GATE_OF[str(item.chart.method)] in level.methods and item.lesson_type in level.lesson_types
            seen[item.lesson_type] += 1
            if level.number in MOMENT_LEVELS:
                again = liuren.chart_at(item.moment, location=item.place[1:])
                assert again.spec() == item.chart.spec(), item
            if level.number == 11:
                held = {p.name for p in item.chart.patterns}
                assert str(item.chart.lesson_type) in item.choices and held <= set(item.choices)
                types = set(item.choices) & set(LESSON_TYPES)
                assert len(types) == 3
                for wrong in types - {item.lesson_type}:
                    assert not liuren.check(item.chart, method=wrong).ok, (item.chart, wrong)
                for wrong in set(item.choices) - held - types:
                    assert wrong not in item.chart.unjudged_patterns
                    assert not liuren.check(item.chart, patterns=[*held, wrong]).ok, (item.chart, wrong)
        assert set(seen) == set(level.lesson_types), level
        # stratified: the rarest type comes up about as often as the commonest
        assert min(seen.values()) > per_level / len(seen) / 3, (level.number, seen)
    assert LEVELS[3].lesson_types == ("元首", "重審")
    assert set(LEVELS[4].lesson_types) == {"比用", "知一", "見機", "察微", "綴瑕"}
    assert LEVELS[6].lesson_types == ("別責",)
    assert {GATE_OF[t] for t in LEVELS[7].lesson_types} == {Method.FUYIN, Method.FANYIN}


def test_a_class_set_deals_the_same_items_to_everyone():
    for level in (4, 11, 13):
        first, second = class_set(level, 7, 12), class_set(level, 7, 12)
        assert [(i.chart.spec(), i.moment, i.choices) for i in first] == [
            (i.chart.spec(), i.moment, i.choices) for i in second
        ]
    assert [i.chart.spec() for i in class_set(10, 7, 12)] != [i.chart.spec() for i in class_set(10, 8, 12)]


# ------------------------------------------------------------------------------------------- answers
@pytest.mark.parametrize("level", [lv.number for lv in LEVELS if lv.number != 12])
def test_a_right_answer_at_every_level_is_right(level):
    rng = random.Random(level)
    for _ in range(30):
        item = deal(level, rng)
        assert answer(item, solution(item)) == Grade("right"), item.chart


def test_a_wrong_cell_is_named_by_its_key_and_kind():
    c = liuren.chart("丙申", "午", "亥")
    item = Item(c, get_level(4).cells, get_level(4))
    grade = answer(item, {**solution(item), "transmissions": "申卯丑"})
    assert (grade.verdict, grade.cell, grade.kind) == ("wrong", "initial.branch", "transmission.branch")
    assert grade.rule and "卯申丑" not in grade.rule  # the rule missed, not the answer
    # level 1: the 旬空 of 丙申 (甲午旬) are 辰巳; the branches given are the 三傳 卯申丑
    one = Item(c, get_level(1).cells, get_level(1))
    assert one.branches == ("卯", "申", "丑") and solution(one) == {
        "void": "辰巳",
        "stems": "癸 丙 辛",
        "kin": "父 財 子",
    }
    grade = answer(one, {"void": "辰巳", "stems": "癸 丙 庚", "kin": "父 財 子"}, lang="ko")
    assert (grade.verdict, grade.cell, grade.kind) == ("wrong", "branch-3.hidden-stem", "hidden-stem")
    assert "甲午" in grade.rule and "遁干" in grade.rule
    grade = answer(one, {"void": "午未", "stems": "癸 丙 辛", "kin": "父 財 子"})
    assert (grade.cell, grade.kind) == ("void", "void")
    assert answer(one, {"void": "巳辰", "stems": "癸丙辛", "kin": "父母 妻財 子孫"}).verdict == "right"


def test_another_schools_answer_counts_half():
    c = liuren.chart("丙申", "午", "亥")
    item = Item(c, get_level(9).cells, get_level(9))
    other = liuren.chart("丙申", "午", "亥", school="tanyuan")
    grade = answer(item, solution(Item(other, item.cells, item.level)))
    assert solution(Item(other, item.cells, item.level))["noble"] == "酉晝順"
    assert grade.verdict == "half" and grade.cell is not None and grade.kind == "noble"
    assert "探原" in grade.other_school and "探原" in grade.rule


def test_the_reverse_drill_accepts_any_day_and_offset_that_give_the_lesson_type_and_transmissions():
    rng = random.Random(12)
    for _ in range(20):
        item = deal(12, rng)
        wanted = "".join(str(t.branch) for t in item.chart.transmissions)
        assert item.prompt == f"{item.lesson_type} {wanted}"
        same = liuren.find(transmissions=wanted, lesson_type=item.lesson_type)
        for other in same[:5]:
            assert answer(item, {"day": str(other.day), "offset": other.offset}).verdict == "right"
        wrong = next(
            d
            for d in range(12)
            if [t.branch for t in liuren.chart(item.chart.day, "子", BRANCHES[d]).transmissions]
            != [t.branch for t in item.chart.transmissions]
        )
        grade = answer(item, {"day": str(item.chart.day), "offset": wrong})
        assert (grade.verdict, grade.cell) == ("wrong", "reverse")


@pytest.mark.parametrize(
    ("level", "given", "message"),
    [
        (
            4,
            {"noble": "亥晝逆"},
            r"an answer for 'noble', which level 4 \(Conquest \(賊克\)\) does not ask; accepted: lessons, transmissions, method",
        ),
        (
            1,
            {"transmissions": "父癸卯常 財丙申合 子辛丑陰"},
            r"an answer for 'transmissions', which level 1 .* does not ask",
        ),
        (1, {"void": "辰巳", "stems": "癸 丙", "kin": "父 財 子"}, r"stems=.* has 2 places; accepted: 3"),
        (4, {"lessons": "戌/丙蛇 卯/戌常 丑/申陰 午/丑龍"}, r"an answer for general, which level 4"),
        (3, {"offset": "1" * 5000}, r"offset=.* is out of range; accepted: a whole number 0–11"),
        (12, {"day": "丙申", "offset": "9" * 100}, r"out of range"),
        (12, {"day": "丙申"}, r"not finished: these boxes are empty: offset"),
        (4, {}, r"not finished: these boxes are empty: lessons, transmissions, method"),
        (
            3,
            {"lessons": "????"},
            r"not finished: these boxes are empty: offset, plate; these hold '\?', a place not yet answered: lessons;",
        ),
        (4, {"transmissions": "申卯丑"}, r"not finished: these boxes are empty: lessons, method"),
        (2, {"day": "丙申", "hour": "午", "general": "亥", "month": "?"}, r"not finished: .*: month"),
    ],
)
def test_bad_answers_are_parse_errors(level, given, message):
    lv = get_level(level)
    item = Item(liuren.chart("丙申", "午", "亥"), lv.cells, lv)
    with pytest.raises(ParseError, match=message) as raised:
        answer(item, given)
    assert len(str(raised.value)) < 400


def test_a_multiple_choice_answer_names_only_the_choices():
    item = deal(11, random.Random(3))
    with pytest.raises(ParseError, match="is not one of the choices"):
        answer(item, {"method": next(t for t in _charts_by_type() if t not in item.choices), "patterns": "無"})


def test_cell_kinds():
    assert [cell_kind(k) for k in ("plate.子", "lesson-2.upper", "lesson-3.general", "initial.general")] == [
        "plate",
        "lesson.upper",
        "general",
        "general",
    ]
    assert [cell_kind(k) for k in ("middle.branch", "final.hidden-stem", "noble.day-night", "pattern.殃咎")] == [
        "transmission.branch",
        "hidden-stem",
        "noble",
        "pattern",
    ]


# ------------------------------------------------------------------------------------------- scheduling
def test_a_missed_step_comes_back_sooner_and_right_answers_open_the_next_level(tmp_path):
    p = Practice(tmp_path / "p.sqlite3", seed=1)
    assert not p.level_state(5).open and p.level_state(1).open
    item = p.next_item(4, NOW)  # skipping ahead opens level 4
    assert p.level_state(4).how == "skipped"
    reversed_ = "".join(str(t.branch) for t in item.chart.transmissions[::-1])
    miss = answer(item, {**solution(item), "transmissions": reversed_})
    if miss.verdict == "right":  # a 三傳 that reads the same both ways
        miss = Grade("wrong", "initial.branch", "transmission.branch", "")
    p.record(item, miss, NOW)
    missed = p.card(4, "transmission.branch", item.lesson_type)
    assert missed is not None and missed.due <= NOW + timedelta(minutes=10)
    assert [d.lesson_type for d in p.due(NOW + timedelta(hours=1))] == [item.lesson_type]
    again = p.next_item(4, NOW + timedelta(hours=1))
    assert again.lesson_type == item.lesson_type  # the missed step comes back
    at = NOW + timedelta(hours=1)
    for n in range(GATE[1]):
        item = p.next_item(4, at)
        p.record(item, answer(item, solution(item)), at)
        at += timedelta(minutes=3)
        assert p.level_state(5).open == (n + 1 >= GATE[0])
    assert p.level_state(5).how == "passed" and p.level_state(4).passed
    assert p.reviews() == GATE[1] + 1
    # every level's state in one read is each level's own; the count of due cards is the due cards'
    states = p.level_states()
    assert states == tuple(p.level_state(n) for n in range(1, 15))
    assert [s.how for s in states[:6]] == ["first", "", "", "skipped", "passed", ""]
    assert (states[3].answered, states[3].right, states[3].passed) == (GATE[1] + 1, GATE[1], True)
    for later in (NOW, at, at + timedelta(days=3), at + timedelta(days=400)):
        assert p.due_count(later) == len(p.due(later))
    far = at + timedelta(days=20000)  # far beyond these cards' intervals: every card is due
    assert p.due_count(far) == sum(m.seen for m in p.summary(far).levels) >= len(item.cells)


class Reviews(RuleBasedStateMachine):
    """Any sequence of graded reviews: none is lost, and each card's due time follows its rating."""

    @initialize(seed=st.integers(0, 10**6))
    def start(self, seed):
        import tempfile

        self.folder = tempfile.TemporaryDirectory()
        self.practice = Practice(Path(self.folder.name) / "p.sqlite3", seed=seed)
        self.now = NOW
        self.count = 0

    @rule(
        level=st.sampled_from([1, 4, 8, 10]),
        verdict=st.sampled_from(["right", "half", "wrong"]),
        minutes=st.integers(0, 60 * 24 * 30),
    )
    def review(self, level, verdict, minutes):
        self.now += timedelta(minutes=minutes)
        item = self.practice.next_item(level, self.now)
        kind = item.cells[-1]
        before = self.practice.card(level, kind, item.lesson_type)
        grade = Grade("right") if verdict == "right" else Grade(verdict, kind, kind, "rule")
        self.practice.record(item, grade, self.now)
        self.count += 1
        after = self.practice.card(level, kind, item.lesson_type)
        if verdict == "right" and before is not None and before.due > self.now:
            assert after == before  # not yet due: a right answer leaves it unrated
            return
        assert after is not None and after.last_review == self.now
        prior = before or fsrs.Card(card_id=after.card_id, due=self.now)
        good, _ = SCHEDULER.review_card(prior, fsrs.Rating.Good, self.now)
        expected, _ = SCHEDULER.review_card(prior, RATING[verdict], self.now)
        assert after.due == expected.due and after.due <= good.due

    @invariant()
    def no_review_is_lost(self):
        if hasattr(self, "practice"):
            assert self.practice.reviews() == self.count

    def teardown(self):
        if hasattr(self, "folder"):
            store.close_all()
            self.folder.cleanup()


TestReviews = Reviews.TestCase
TestReviews.settings = settings(max_examples=12, stateful_step_count=10, deadline=None)


# ------------------------------------------------------------------------------------------- the store
REVIEWER = textwrap.dedent(
    """
    import random, sys
    from datetime import UTC, datetime, timedelta
    from liuren.practice import Practice, Grade, deal
    p = Practice(sys.argv[1])
    rng = random.Random(sys.argv[3])
    now = datetime(2026, 12, 1, tzinfo=UTC)
    for n in range(int(sys.argv[2])):
        item = deal(4, rng)
        p.record(item, Grade("right"), now + timedelta(seconds=n))
    """
)


def test_two_processes_writing_1000_reviews_each_leave_2000(tmp_path):
    path = tmp_path / "shared.sqlite3"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))}
    children = [
        subprocess.Popen(
            [sys.executable, "-c", REVIEWER, str(path), "1000", name],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for name in ("a", "b")
    ]
    outputs = [child.communicate(timeout=240) for child in children]
    assert [child.returncode for child in children] == [0, 0], [err[-2000:] for _, err in outputs]
    p = Practice(path)
    assert p.reviews() == 2000 == p.level_state(4).answered
    with p.store.read() as db:
        assert db.execute("SELECT count(DISTINCT uuid) FROM practice_reviews").fetchone()[0] == 2000


def test_a_version_1_casebook_store_migrates_and_keeps_its_cases(tmp_path, monkeypatch):
    path = tmp_path / "old.sqlite3"
    monkeypatch.setattr(store, "MIGRATIONS", store.MIGRATIONS[:1])
    monkeypatch.setattr(store, "SCHEMA_VERSION", 1)
    case = Casebook(path).save(liuren.chart("丙申", "午", "亥", month="寅"), "Will it rain?")
    assert store.Store(path).version() == 1
    store.close_all()
    monkeypatch.undo()
    assert store.Store(path).version() == store.SCHEMA_VERSION == 5
    assert Casebook(path).get(case.id) == case
    p = Practice(path, seed=2)
    item = p.next_item(1, NOW)
    p.record(item, answer(item, solution(item)), NOW)
    assert p.reviews() == 1 and [c.id for c in Casebook(path).cases()] == [case.id]


def test_export_and_import_round_trip(tmp_path):
    p = Practice(tmp_path / "a.sqlite3", seed=3)
    at = NOW
    for level, verdict in [(1, "right"), (4, "wrong"), (4, "right"), (8, "half")]:
        item = p.next_item(level, at)
        grade = Grade("right") if verdict == "right" else Grade(verdict, item.cells[0], item.cells[0], "r")
        p.record(item, grade, at)
        at += timedelta(hours=5)
    assert p.export(tmp_path / "out.json") == 4
    data = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert data["format"] == "liuren-practice" and len(data["reviews"]) == 4
    q = Practice(tmp_path / "b.sqlite3")
    assert q.import_(tmp_path / "out.json") == 4 and q.import_(tmp_path / "out.json") == 0
    assert q.due(at + timedelta(days=400)) == p.due(at + timedelta(days=400))
    assert [q.level_state(n) for n in range(1, 15)] == [p.level_state(n) for n in range(1, 15)]
    data["reviews"][0]["verdict"] = "maybe"
    (tmp_path / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ParseError, match="malformed record"):
        Practice(tmp_path / "c.sqlite3").import_(tmp_path / "bad.json")
    assert Practice(tmp_path / "c.sqlite3").reviews() == 0
    (tmp_path / "other.json").write_text('{"format": "liuren-casebook"}', encoding="utf-8")
    with pytest.raises(ParseError, match="not a practice export"):
        q.import_(tmp_path / "other.json")


def test_bad_moments_and_levels_are_refused(tmp_path):
    p = Practice(tmp_path / "p.sqlite3")
    with pytest.raises(liuren.NaiveDatetimeError):
        p.due(datetime(2026, 1, 1))
    with pytest.raises(ParseError, match="not a level; accepted: a whole number 1–14"):
        p.next_item(15, NOW)
    with pytest.raises(ParseError, match="not a level"):
        deal("1" * 5000, random.Random(1))
    assert deal_type(get_level(7), "別責", random.Random(1)).lesson_type == "別責"


# ------------------------------------------------------------------------------------------- schools
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_no_level_promises_a_lesson_type_its_school_cannot_deal(name):
    school = PRESETS[name]
    given = {str(c.lesson_type) for c in liuren.find(school=school)}
    never = {"default": {"始入", "涉害", "比用格"}, "tanyuan": {"比用格"}, "daquan": {"始入", "綴瑕"}}[name]
    assert set(LESSON_TYPES) - given == never  # what the page tells the learner
    promised = set()
    for level in LEVELS:
        types = level.types_under(school)
        assert set(types) <= given and not set(types) & never
        assert set(types) == {t for t in given if GATE_OF[t] in level.methods}
        promised |= set(types)
        rng = random.Random(name)
        for _ in range(6):
            item = deal(level.number, rng, school)
            assert item.chart.school == school and item.lesson_type in types
    assert promised == given
    assert LEVELS[4].types_under(school) == tuple(
        t for t in ("比用", "知一", "涉害", "見機", "察微", "綴瑕", "比用格") if t in given
    )
    for kind in never:
        level = next(lv for lv in LEVELS[3:8] if GATE_OF[kind] in lv.methods)
        with pytest.raises(ParseError, match=f"lesson_type='{kind}' never occurs under the school {name}"):
            deal_type(level, kind, random.Random(1), school)


def test_an_unreadable_box_carries_its_problem_as_data():
    """The page words a refusal in its learner's language from these fields, not from the English text."""
    from liuren.practice.answers import Unfinished, Unreadable

    lv = get_level(1)
    item = Item(liuren.chart("丙申", "午", "亥"), lv.cells, lv)
    with pytest.raises(Unreadable) as sign:
        answer(item, {"void": "辰巳", "stems": "甲 x 丙", "kin": "父 財 子"})
    assert (sign.value.part, sign.value.problem, sign.value.sign) == ("stems", "sign", "x")
    with pytest.raises(Unreadable) as count:
        answer(item, {"void": "辰巳", "stems": "甲乙丙丁", "kin": "父 財 子"})
    assert (count.value.part, count.value.problem, count.value.count, count.value.expected) == ("stems", "count", 4, 3)
    with pytest.raises(Unfinished) as open_:
        answer(item, {"void": "", "stems": "? 甲 ?", "kin": "父 財 子"})
    assert (open_.value.empty, open_.value.open_, open_.value.places) == (("void",), ("stems",), {"stems": (1, 3)})
    lv4 = get_level(4)
    four = Item(liuren.chart("丙申", "午", "亥"), lv4.cells, lv4)
    with pytest.raises(Unreadable) as form:
        answer(four, {"lessons": "xyz", "transmissions": "申卯丑", "method": "賊克 元首"})
    assert (form.value.part, form.value.problem, form.value.text) == ("lessons", "form", "xyz")
    with pytest.raises(Unfinished) as marked:
        answer(four, {"lessons": "?", "transmissions": "申卯丑", "method": "賊克 元首"})
    assert (marked.value.empty, marked.value.open_) == ((), ("lessons",))
