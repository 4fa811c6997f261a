"""The dashboard (mastery, due, streak, history), the wrong-answer book and its replay, the store's
version 3 migration for it, the teacher's class report, and their plots with and without matplotlib."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import uuid
import xml.etree.ElementTree as ET
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from liuren import Chart, store
from liuren.cycle import BRANCHES
from liuren.errors import ParseError
from liuren.practice import (
    LEVELS,
    STUCK,
    Grade,
    Item,
    Practice,
    answer,
    class_report,
    deal,
    get_level,
    solution,
)
from liuren.practice.dashboard import history, streak
from liuren.practice.levels import deal_type, restore, shown
from liuren.practice.plots import SVGPicture, history_svg, misses_html, report_html, report_svg
from liuren.practice.progress import SCHEDULER

NOW = datetime(2026, 12, 1, 9, tzinfo=UTC)
SEOUL = timezone(timedelta(hours=9))


@pytest.fixture(autouse=True)
def fresh_process(monkeypatch):
    store.close_all()
    monkeypatch.delenv(store.ENV, raising=False)
    yield
    store.close_all()


def wrong_transmissions(item: Item) -> str:
    branches = "".join(str(t.branch) for t in item.chart.transmissions)
    return ("子" if branches[0] != "子" else "丑") + branches[1:]


# ------------------------------------------------------------------------------------------- streak
def test_the_streak_counts_days_back_from_today_or_from_yesterday():
    d = date(2026, 12, 1)
    assert streak([], d) == 0
    assert streak([d], d) == 1
    assert streak([d - timedelta(days=1), d - timedelta(days=2)], d) == 2  # today not over yet
    assert streak([d - timedelta(days=2), d - timedelta(days=3)], d) == 0  # yesterday missed
    assert streak([d, d - timedelta(days=1), d - timedelta(days=3)], d) == 2
    days = history(
        [(d, "right"), (d, "wrong"), (d - timedelta(days=2), "half"), (d - timedelta(days=9), "wrong")], d, 3
    )
    assert [(x.day.day, x.right, x.half, x.wrong, x.total) for x in days] == [
        (29, 0, 1, 0, 1),
        (30, 0, 0, 0, 0),
        (1, 1, 0, 1, 2),
    ]


# ------------------------------------------------------------------------------------------- summary
def test_mastery_is_the_recall_of_the_cards_over_all_the_cards_a_level_and_a_type_have(tmp_path):
    p = Practice(tmp_path / "p.sqlite3", seed=4)
    item = deal_type(get_level(4), "元首", random.Random(1))
    p.skip_to(4, NOW)
    p.record(item, answer(item, solution(item)), NOW)
    s = p.summary(NOW)
    four = s.levels[3]
    assert (four.level, four.open, four.answered, four.right, four.passed) == (4, True, 1, 1, False)
    assert (four.cards, four.seen, four.mastery) == (10, 5, 0.5)  # 5 cells × 元首·重審; reviewed now: recall 1
    first = next(t for t in s.types if t.lesson_type == "元首")
    cards = sum(len(lv.cells) for lv in LEVELS if "元首" in lv.lesson_types)
    assert (first.answered, first.right, first.cards, first.seen) == (
        1,
        1,
        cards,
        5,
    ) and cards == 50  # 48 + level 14's verdict and reason
    assert first.mastery == pytest.approx(5 / 50)
    assert [t.lesson_type for t in s.types if t.answered] == ["元首"]
    assert (s.reviews, s.due, s.streak) == (1, 0, 1)
    later = NOW + timedelta(days=3)
    s3 = p.summary(later)
    card = p.card(4, "method", "元首")
    recall = SCHEDULER.get_card_retrievability(card, later)
    assert 0 < recall < 1 and s3.levels[3].mastery == pytest.approx(5 * recall / 10)
    assert s3.due == 5 and s3.streak == 0  # the cards fell due; no review yesterday or today
    assert s3.levels[0].open and not s3.levels[4].open and s3.levels[4].mastery == 0.0


def test_the_history_and_streak_use_the_learners_own_days(tmp_path):
    p = Practice(tmp_path / "p.sqlite3", seed=5)
    stamps = [  # UTC times; in Seoul (UTC+9) the first two are 11-29 and 11-30, the rest 11-30 and 12-01
        (datetime(2026, 11, 29, 10, tzinfo=UTC), "right"),
        (datetime(2026, 11, 29, 16, tzinfo=UTC), "wrong"),
        (datetime(2026, 11, 30, 2, tzinfo=UTC), "half"),
        (datetime(2026, 11, 30, 20, tzinfo=UTC), "right"),
    ]
    for at, verdict in stamps:
        item = p.next_item(4, at)
        grade = Grade("right") if verdict == "right" else Grade(verdict, "initial.branch", "transmission.branch", "r")
        p.record(item, grade, at)
    seoul = p.summary(datetime(2026, 12, 1, 12, tzinfo=SEOUL), days=4)
    assert [(d.day.isoformat(), d.right, d.half, d.wrong) for d in seoul.history] == [
        ("2026-11-28", 0, 0, 0),
        ("2026-11-29", 1, 0, 0),
        ("2026-11-30", 0, 1, 1),
        ("2026-12-01", 1, 0, 0),
    ]
    assert seoul.streak == 3 and seoul.now.tzinfo == SEOUL
    utc = p.summary(datetime(2026, 12, 1, 3, tzinfo=UTC), days=3)
    assert [(d.day.day, d.total) for d in utc.history] == [(29, 2), (30, 2), (1, 0)] and utc.streak == 2
    with pytest.raises(ParseError, match="days=0 is not a number of days"):
        p.summary(NOW, days=0)


# ------------------------------------------------------------------------------------------- misses
def test_every_miss_is_in_the_book_with_its_chart_cell_and_rule_and_replays_exactly(tmp_path):
    p = Practice(tmp_path / "p.sqlite3", seed=6)
    at = NOW
    missed: list[tuple[Item, Grade]] = []
    for level in (4, 13, 11, 12, 2, 4):
        item = p.next_item(level, at)
        if level == 4:
            grade = answer(item, {**solution(item), "transmissions": wrong_transmissions(item)}, lang="ko")
        elif level == 11:
            wrong = next(c for c in item.choices if c != item.lesson_type and c in LESSON_TYPE_NAMES)
            grade = answer(item, {**solution(item), "method": wrong})
        elif level == 12:
            grade = answer(item, {"day": "甲子", "offset": 0 if solution(item)["offset"] else 1})
        elif level == 2:
            grade = answer(item, {**solution(item), "hour": str(BRANCHES[(item.chart.hour.ordinal + 1) % 12])})
        else:
            grade = answer(item, {**solution(item), "offset": (item.chart.offset + 1) % 12})
        assert grade.verdict == "wrong", (level, grade)
        p.record(item, grade, at)
        missed.append((item, grade))
        right = p.next_item(1, at)
        p.record(right, answer(right, solution(right)), at)
        at += timedelta(minutes=5)
    book = p.misses()
    assert len(book) == 6 and len(p.misses(2)) == 2
    for miss, (item, grade) in zip(book, reversed(missed), strict=True):
        c = item.chart
        assert (miss.level, miss.lesson_type, miss.spec, miss.verdict) == (
            item.level.number,
            item.lesson_type,
            c.spec(),
            "wrong",
        )
        assert (miss.day, miss.hour, miss.general, miss.school) == (str(c.day), str(c.hour), str(c.general), "default")
        assert (miss.cell, miss.rule) == (grade.cell, grade.rule) and miss.rule
        assert p.replay(miss) == item  # the same chart, moment and place, choices, prompt
    assert book[-1].cell == "initial.branch" and book[-1].level == 4
    html = book.html("ko")
    # the cell in the learner's words, no internal key; the time on the learner's clock
    assert html.count("<tr>") == 7 and "初傳 지지" in html and "initial.branch" not in html
    assert book._repr_html_() == html
    seoul = misses_html(book, "ko", SEOUL)
    assert f"{book[0].reviewed.astimezone(SEOUL):%Y-%m-%d %H:%M} (UTC+09:00)" in seoul
    with pytest.raises(ParseError, match="not a missed answer"):
        p.replay("丙申 午 亥")  # type: ignore[arg-type]


LESSON_TYPE_NAMES = {t for lv in LEVELS for t in lv.lesson_types}


def test_a_version_2_store_migrates_and_its_old_misses_replay_the_same_chart(tmp_path, monkeypatch):
    path = tmp_path / "v2.sqlite3"
    monkeypatch.setattr(store, "MIGRATIONS", store.MIGRATIONS[:2])
    monkeypatch.setattr(store, "SCHEMA_VERSION", 2)
    rng = random.Random(8)
    old = [deal(4, rng), deal(13, rng), deal(11, rng)]
    with store.Store(path).write() as db:  # what liuren with schema 2 wrote
        for n, item in enumerate(old):
            db.execute(
                "INSERT INTO practice_reviews (uuid, reviewed, level, lesson_type, spec, verdict, cell, ratings)"
                " VALUES (?, ?, ?, ?, ?, 'wrong', 'initial.branch', '{}')",
                (
                    str(uuid.uuid4()),
                    f"2026-11-0{n + 1}T09:00:00.000000Z",
                    item.level.number,
                    item.lesson_type,
                    item.chart.spec(),
                ),
            )
    assert store.Store(path).version() == 2
    store.close_all()
    monkeypatch.undo()
    p = Practice(path, seed=9)
    assert p.store.version() == store.SCHEMA_VERSION == 5
    book = p.misses()
    assert [m.spec for m in book] == [i.chart.spec() for i in reversed(old)]
    assert all(m.rule == "" and m.item is None and m.answer is None for m in book)
    again = [p.replay(m) for m in book]
    assert again[0].chart == old[2].chart and set(again[0].choices) >= {old[2].lesson_type}  # choices drawn afresh
    assert again[2] == Item(old[0].chart, old[0].cells, old[0].level)
    # a real-time item without its moment: the same 課 (day, offset, noble) at a moment found afresh
    moment, before = again[1], old[1].chart
    assert moment.level.number == 13 and moment.moment is not None and moment.place is not None
    assert (moment.chart.day, moment.chart.offset, moment.chart.noble) == (before.day, before.offset, before.noble)
    assert [t.branch for t in moment.chart.transmissions] == [t.branch for t in before.transmissions]
    item = p.next_item(4, NOW)  # a new review beside the old ones keeps its item and rule
    p.record(item, answer(item, {**solution(item), "transmissions": wrong_transmissions(item)}), NOW)
    assert p.misses()[0].rule and p.misses()[0].item == "{}"


def test_a_version_1_export_imports_without_items_and_rules(tmp_path):
    p = Practice(tmp_path / "a.sqlite3", seed=3)
    item = p.next_item(13, NOW)
    p.record(item, Grade("wrong", "offset", "offset", "the offset"), NOW, {"offset": "3"})
    p.export(tmp_path / "v3.json")
    data = json.loads((tmp_path / "v3.json").read_text(encoding="utf-8"))
    assert (
        data["version"] == 3
        and data["reviews"][0]["item"] == shown(item)
        and data["reviews"][0]["rule"] == "the offset"
        and data["reviews"][0]["answer"] == {"offset": "3"}
    )
    assert Practice(tmp_path / "d.sqlite3").import_(tmp_path / "v3.json") == 1
    assert Practice(tmp_path / "d.sqlite3").misses()[0].answer == '{"offset": "3"}'
    for review in data["reviews"]:  # a version 2 export: no answer, read as None
        del review["answer"]
    data["version"] = 2
    (tmp_path / "v2.json").write_text(json.dumps(data), encoding="utf-8")
    assert Practice(tmp_path / "e.sqlite3").import_(tmp_path / "v2.json") == 1
    assert Practice(tmp_path / "e.sqlite3").misses()[0].answer is None
    for review in data["reviews"]:
        del review["item"], review["rule"]
    data["version"] = 1
    (tmp_path / "v1.json").write_text(json.dumps(data), encoding="utf-8")
    q = Practice(tmp_path / "b.sqlite3", seed=3)
    assert q.import_(tmp_path / "v1.json") == 1
    assert (q.misses()[0].item, q.misses()[0].rule) == (None, "")
    r = Practice(tmp_path / "c.sqlite3", seed=3)
    assert r.import_(tmp_path / "v2.json") == 1 and r.replay(r.misses()[0]) == item


def test_restore_refuses_a_malformed_stored_item():
    chart = Chart.parse("丙申 午 亥 day default")
    with pytest.raises(ParseError, match="stored item"):
        restore(13, chart, {"moment": "not a time"}, random.Random(1))
    with pytest.raises(ParseError, match="no UTC offset"):
        restore(13, chart, {"moment": "2026-01-01T10:00:00"}, random.Random(1))


# ------------------------------------------------------------------------------------------- the report
def review(at: datetime, lesson_type: str, verdict: str, cell: str | None = None, level: int = 4) -> dict[str, object]:
    return {
        "uuid": str(uuid.uuid4()),
        "reviewed": at.strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
        "level": level,
        "lesson_type": lesson_type,
        "spec": "丙申 午 亥 day default",
        "verdict": verdict,
        "cell": cell,
        "ratings": {},
        "item": {},
        "rule": "",
    }


def export(path: Path, reviews: list[dict[str, object]]) -> Path:
    data = {"format": "liuren-practice", "version": 2, "reviews": reviews, "cards": [], "levels": []}
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def learner(path: Path, marks: str, lesson_type: str = "重審", cells: str = "") -> Path:
    """An export whose reviews at ``lesson_type`` are ``marks`` (R right, W wrong, H half) in order;
    the misses name the cells ``cells`` (i: initial.branch, m: middle.branch) in turn."""
    out, steps = [], iter(cells)
    for n, mark in enumerate(marks):
        verdict = {"R": "right", "W": "wrong", "H": "half"}[mark]
        cell = None if verdict == "right" else {"i": "initial.branch", "m": "middle.branch"}[next(steps, "i")]
        out.append(review(NOW + timedelta(minutes=n), lesson_type, verdict, cell))
    return export(path, out)


def test_the_class_report_names_the_commonest_first_wrong_step_and_the_stuck(tmp_path):
    files = [
        learner(tmp_path / "kim.json", "WWRWR", cells="imi"),  # 3 of the last 5 wrong: stuck
        learner(tmp_path / "lee.json", "WWRRRR", cells="mm"),  # last 5: W R R R R: not stuck
        learner(tmp_path / "park.json", "WH", cells="ii"),  # two answers: never stuck
        learner(tmp_path / "choi.json", "RRHWW", cells="mmm"),  # half counts as a miss: stuck
    ]
    report = class_report(files)
    assert report.learners == ("kim", "lee", "park", "choi")
    row = report.row("重審")
    assert row is not None and report.rows == (row,) and report.row("元首") is None
    assert (row.reviews, row.misses) == (5 + 6 + 2 + 5, 3 + 2 + 2 + 3)
    # initial.branch: kim 2, park 2 = 4; middle.branch: kim 1, lee 2, choi 3 = 6
    assert (row.step, row.step_count, row.stuck) == ("middle.branch", 6, ("kim", "choi"))
    html = report._repr_html_()
    assert "middle.branch ×6" in html and "kim, choi" in html and "최근 5문제 중 3문제 이상" in html
    svg = ET.fromstring(report.svg().svg)
    bar = next(g for g in svg.iter("{http://www.w3.org/2000/svg}g") if g.get("data-type") == "重審")
    assert (bar.get("data-reviews"), bar.get("data-misses"), bar.get("data-stuck")) == ("18", "10", "2")
    assert STUCK == (3, 5)


def test_the_report_escapes_names_and_tells_learners_of_the_same_name_apart(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    odd = learner(tmp_path / "<b>&x.json", "WWW")
    report = class_report([learner(tmp_path / "a" / "kim.json", "R"), learner(tmp_path / "b" / "kim.json", "W"), odd])
    assert report.learners == ("a/kim", "b/kim", "<b>&x")
    html = report_html(report, "en")
    assert "&lt;b&gt;&amp;x" in html and "<b>&x" not in html
    ET.fromstring(report_svg(report, "zh").svg)  # well-formed


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json at all", "is not JSON"),
        ('{"format": "liuren-casebook", "version": 1}', "is not a practice export"),
        ('{"format": "liuren-practice", "version": 99, "reviews": [], "cards": [], "levels": []}', "of version 99"),
        (
            '{"format": "liuren-practice", "version": 2, "reviews": [{"uuid": "x"}], "cards": [], "levels": []}',
            "malformed review",
        ),
        ('{"format": "liuren-practice", "version": 2, "reviews": [1], "cards": [], "levels": []}', "malformed review"),
    ],
)
def test_a_bad_or_foreign_file_is_a_parse_error_naming_it(tmp_path, content, message):
    good = learner(tmp_path / "good.json", "R")
    bad = tmp_path / "learner-7.json"
    bad.write_text(content, encoding="utf-8")
    with pytest.raises(ParseError, match=message) as caught:
        class_report([good, bad])
    assert "learner-7.json" in str(caught.value)


def test_bad_path_lists_are_refused(tmp_path):
    with pytest.raises(ParseError, match="cannot be read"):
        class_report([tmp_path / "missing.json"])
    with pytest.raises(ParseError, match="is one path"):
        class_report(str(tmp_path / "x.json"))  # type: ignore[arg-type]
    with pytest.raises(ParseError, match="0 files given"):
        class_report([])
    with pytest.raises(ParseError, match="is not a file path"):
        class_report([3])  # type: ignore[list-item]


MARKS = st.text(alphabet="RWH", max_size=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(MARKS, MARKS), min_size=1, max_size=5))
def test_stuck_is_three_misses_in_the_last_five_and_counts_add_up(tmp_path_factory, learners):
    folder = tmp_path_factory.mktemp("class")
    files = []
    for n, (first, second) in enumerate(learners):
        reviews = [
            review(
                NOW + timedelta(minutes=k),
                "重審",
                {"R": "right", "W": "wrong", "H": "half"}[m],
                "initial.branch" if m != "R" else None,
            )
            for k, m in enumerate(first)
        ]
        reviews += [
            review(
                NOW + timedelta(minutes=100 + k),
                "元首",
                {"R": "right", "W": "wrong", "H": "half"}[m],
                "offset" if m != "R" else None,
            )
            for k, m in enumerate(second)
        ]
        random.Random(n).shuffle(reviews)  # the file's order is not the answering order
        files.append(export(folder / f"l{n}.json", reviews))
    report = class_report(files)
    for lesson_type, index in (("重審", 0), ("元首", 1)):
        marks = [x[index] for x in learners]
        row = report.row(lesson_type)
        if not any(marks):
            assert row is None
            continue
        assert row is not None
        assert row.reviews == sum(len(m) for m in marks)
        assert row.misses == sum(m.count("W") + m.count("H") for m in marks)
        assert row.stuck == tuple(
            f"l{n}" for n, m in enumerate(marks) if len(m) >= 3 and sum(c != "R" for c in m[-5:]) >= 3
        )
        assert row.step_count == row.misses and (row.step is None) == (row.misses == 0)


# ------------------------------------------------------------------------------------------- drawing
def test_the_history_svg_reads_back_its_counts_and_the_page_escapes(tmp_path):
    p = Practice(tmp_path / "p.sqlite3", seed=2)
    for hours, verdict in ((0, "right"), (1, "wrong"), (25, "half")):
        item = p.next_item(4, NOW + timedelta(hours=hours))
        grade = Grade("right") if verdict == "right" else Grade(verdict, "method", "method", "<rule & more>")
        p.record(item, grade, NOW + timedelta(hours=hours))
    s = p.summary(NOW + timedelta(days=1, hours=2), days=7)
    root = ET.fromstring(history_svg(s, "en").svg)
    bars = {
        g.get("data-day"): (g.get("data-right"), g.get("data-half"), g.get("data-wrong"))
        for g in root.iter("{http://www.w3.org/2000/svg}g")
    }
    assert bars["2026-12-01"] == ("1", "0", "1") and bars["2026-12-02"] == ("0", "1", "0") and len(bars) == 7
    html = s.html("ko")
    assert "연속 2일" in html and "<svg" in html and 'data-liuren-dashboard="levels"' in html
    assert "&lt;rule &amp; more&gt;" in misses_html(p.misses(), "en")
    empty = Practice(tmp_path / "e.sqlite3").summary(NOW).html("ko")
    assert "<svg" not in empty and "아직 푼 문제가 없다." in empty
    assert empty == Practice(tmp_path / "e.sqlite3").summary(NOW + timedelta(days=40)).html("ko")  # a saved page stays


WITHOUT_MATPLOTLIB = "import sys; sys.modules['matplotlib'] = None\n"


def test_without_matplotlib_the_plots_are_the_same_plots_as_svg(tmp_path):
    learner(tmp_path / "kim.json", "WWRW")
    code = WITHOUT_MATPLOTLIB + (
        "import json\n"
        "from datetime import datetime, UTC\n"
        "from liuren.practice import Practice, class_report\n"
        "from liuren.practice.plots import history_svg, report_svg\n"
        f"p = Practice({str(tmp_path / 'p.sqlite3')!r})\n"
        "s = p.summary(datetime(2026, 12, 1, tzinfo=UTC))\n"
        f"r = class_report([{str(tmp_path / 'kim.json')!r}])\n"
        "a, b = s.plot('en'), r.plot('en')\n"
        "print(type(a).__name__, type(b).__name__, a.svg == history_svg(s, 'en').svg, b.svg == report_svg(r, 'en').svg)\n"
        "print(sorted(m for m in sys.modules if m.startswith(('matplotlib', 'ipywidgets', 'IPython'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == "SVGPicture SVGPicture True True" and out[1] == "['matplotlib']"  # only the blocked entry


def test_with_matplotlib_the_plots_are_figures(tmp_path):
    pytest.importorskip("matplotlib")
    report = class_report([learner(tmp_path / "kim.json", "WWRW")])
    fig = report.plot("ko")
    assert type(fig).__name__ == "PlateFigure" and fig._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [t.get_text() for t in fig.axes[0].get_xticklabels()] == ["重審"]
    summary = Practice(tmp_path / "p.sqlite3").summary(NOW, days=10)
    hist = summary.plot("en")
    assert len(hist.axes[0].patches) == 30 and isinstance(summary.svg(), SVGPicture)  # 10 days × 3 verdicts


def test_a_summary_prints_its_figures_without_a_date(tmp_path):
    p = Practice(tmp_path / "p.sqlite3")
    assert (
        repr(p.summary(NOW))
        == repr(p.summary(NOW + timedelta(days=9)))
        == ("Summary(reviews=0, due=0, streak=0, open levels=[1])")
    )


def test_the_new_words_are_in_every_language():
    from liuren.show.words.practice import PRACTICE

    new = {k for k in PRACTICE["ko"] if k.startswith(("tab-", "dash-", "n-", "miss", "replay", "report-"))}
    assert len(new) == 34
    # every key but the levels' titles (English takes the levels' own) is in every language
    assert {k for k in PRACTICE["ko"] if not k.startswith("level-") or k == "level-line"} == set(PRACTICE["en"])
    assert set(PRACTICE["ko"]) == set(PRACTICE["zh"])
    for lang in ("zh", "en"):
        assert new <= set(PRACTICE[lang]), sorted(new - set(PRACTICE[lang]))
        assert PRACTICE[lang]["report-stuck"].format(misses=3, window=5) != PRACTICE["ko"]["report-stuck"]


# ------------------------------------------------------------------------------------------- the tally
REVIEW_TIMES = st.datetimes(min_value=datetime(2026, 11, 22), max_value=datetime(2026, 12, 2, 2, 59)).map(
    lambda t: t.replace(tzinfo=UTC)
)
REVIEW_ROWS = st.lists(
    st.tuples(
        REVIEW_TIMES,
        st.sampled_from([4, 10, 11]),
        st.sampled_from(["元首", "重審", "知一", "蒿矢"]),
        st.sampled_from(["right", "half", "wrong"]),
    ),
    min_size=1,
    max_size=60,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    first=REVIEW_ROWS,
    more=REVIEW_ROWS,
    offset=st.integers(-48, 56),
)
def test_the_counted_summary_is_the_log_recounted(tmp_path_factory, first, more, offset):
    """The dashboard's counts (kept per process, read from the store's indexes on a first summary and
    extended by the rows added since) equal a recount of every review in Python: the total, the
    answers per level and per lesson type, the streak and the history on the learner's clock. Reviews
    are added in any order of time, as an import adds them, and in two batches, so the kept counts are
    extended once; a summary in a fresh process (the counts dropped) agrees too."""
    from liuren.practice import progress
    from liuren.practice.progress import REVIEW_COLUMNS, _stamp

    p = Practice(tmp_path_factory.mktemp("tally") / "p.sqlite3", seed=1)
    zone = timezone(timedelta(minutes=15 * offset))
    now = datetime(2026, 12, 2, 3, tzinfo=UTC).astimezone(zone)

    def add(rows):
        with p.store.write(durable=False) as db:
            db.executemany(
                f"INSERT INTO practice_reviews ({', '.join(REVIEW_COLUMNS)}) VALUES ({', '.join('?' * len(REVIEW_COLUMNS))})",
                [
                    (str(uuid.uuid4()), _stamp(at), lv, t, "甲子 子 亥", v, None, "{}", "{}", "", None)
                    for at, lv, t, v in rows
                ],
            )

    def recount(rows):
        today = now.date()
        days = {at.astimezone(zone).date() for at, *_ in rows}
        per_level = {lv: sum(r[1] == lv for r in rows) for lv in (4, 10, 11)}
        per_type = {
            t: (sum(r[2] == t for r in rows), sum(r[2] == t and r[3] == "right" for r in rows))
            for t in ("元首", "重審", "知一", "蒿矢")
        }
        return (
            len(rows),
            per_level,
            per_type,
            streak(days, today),
            history(((at.astimezone(zone).date(), v) for at, _, _, v in rows), today, 30),
        )

    def seen(s):
        levels = {m.level: m.answered for m in s.levels if m.level in (4, 10, 11)}
        types = {
            m.lesson_type: (m.answered, m.right) for m in s.types if m.lesson_type in ("元首", "重審", "知一", "蒿矢")
        }
        return (s.reviews, levels, types, s.streak, s.history)

    add(first)
    assert seen(p.summary(now)) == recount(first)
    add(more)
    assert seen(p.summary(now)) == recount(first + more)
    progress._TALLIES.clear()
    assert seen(p.summary(now)) == recount(first + more)


def test_the_summary_and_the_book_show_in_the_language_asked(tmp_path):
    p = Practice(tmp_path / "p.sqlite3", seed=1)
    item = p.next_item(4, NOW)
    p.record(item, Grade("wrong", "initial.branch", "transmission.branch", "the rule"), NOW)
    hangul = re.compile("[\uac00-\ud7a3]")
    for view in (p.summary(NOW, lang="en"), p.misses(lang="en")):
        assert view.lang == "en" and not hangul.search(view._repr_html_())
        assert hangul.search(view.html("ko"))
    assert hangul.search(p.summary(NOW)._repr_html_()) and hangul.search(p.misses()._repr_html_())
    with pytest.raises(ParseError):
        p.summary(NOW, lang="xx")
    with pytest.raises(ParseError):
        p.misses(lang="xx")


@pytest.mark.parametrize(
    "kept",
    ['{"lessons": 5}', '{"transmissions": [1, 2]}', '{"x": 1}', "[]", "null", "not json", '{"offset": "99"}'],
)
def test_a_kept_answer_that_cannot_be_graded_again_shows_the_stored_rule(tmp_path, kept):
    # an import checks an answer is a JSON object, not that it still grades: the book falls back to
    # the words the rule was stored in
    from dataclasses import replace

    from liuren.practice.plots import miss_rule

    p = Practice(tmp_path / "p.sqlite3", seed=1)
    item = p.next_item(4, NOW)
    given = {"transmissions": wrong_transmissions(item)}
    p.record(item, answer(item, given, "ko", step=True), NOW, given)
    (miss,) = p.misses()
    assert miss_rule(miss, "en") == answer(item, given, "en", step=True).rule != miss.rule
    assert miss_rule(replace(miss, answer=kept), "en") == miss.rule
