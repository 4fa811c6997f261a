"""Nothing a file or an argument holds breaks a practice store: an import is checked field by field and
applied all or nothing (the store byte-identical after a refusal), the methods refuse values out of
range, a row the store cannot read names the file, and the teacher's report counts each learner once."""

from __future__ import annotations

import hashlib
import json
import math
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from liuren import store
from liuren.errors import ParseError, StoreError
from liuren.practice import Grade, Practice, Summary, answer, class_report, class_set, solution
from liuren.practice.plots import dashboard_html, history_svg, miss_line, misses_html, report_html, report_svg

NOW = datetime(2026, 12, 1, 9, tzinfo=UTC)
MISSED = Grade("wrong", "method", "method", "賊克")
"""A wrong grade: its answer is kept with it."""


@pytest.fixture(autouse=True)
def fresh_process(monkeypatch):
    store.close_all()
    monkeypatch.delenv(store.ENV, raising=False)
    yield
    store.close_all()


def practised(tmp_path: Path, name: str = "a.sqlite3", count: int = 4) -> Practice:
    p = Practice(tmp_path / name, seed=3)
    at = NOW
    for n in range(count):
        item = p.next_item(4, at)
        given = solution(item)
        if n % 2:
            first = str(item.chart.transmissions[0].branch)
            given["transmissions"] = ("子" if first != "子" else "丑") + str(given["transmissions"])[1:]
        p.record(item, answer(item, given), at)
        at += timedelta(hours=5)
    return p


def digest(path: Path) -> str:
    """The bytes of the store and its WAL, as one hash."""
    store.close_all()
    h = hashlib.sha256()
    for part in (path, Path(f"{path}-wal")):
        h.update(part.read_bytes() if part.exists() else b"")
    return h.hexdigest()


def corrupt(data: dict, where: str | tuple[str, ...], value: object) -> dict:
    out = json.loads(json.dumps(data))
    kind, index, *keys = where.split(".") if isinstance(where, str) else where
    record = out[kind][int(index)]
    for key in keys[:-1]:
        record = record[key]
    record[keys[-1]] = value
    return out


@pytest.mark.parametrize(
    ("where", "value", "message"),
    [
        ("cards.0.card.stability", math.nan, "stability"),
        ("cards.0.card.stability", -5.0, "stability"),
        ("cards.0.card.stability", math.inf, "stability"),
        ("cards.0.card.difficulty", 11.0, "difficulty"),
        ("cards.0.card.due", "0001-01-01T00:00:00+00:00", "due"),
        ("cards.0.card.last_review", "2026-12-01T09:00:00", "last_review"),
        ("cards.0.kind", "no such kind", "kind"),
        ("cards.0.lesson_type", "no such type", "lesson_type"),
        ("cards.0.level", 2**64, "level"),
        ("reviews.0.reviewed", "0001-01-01T00:00:00.000000Z", "reviewed"),
        ("reviews.0.reviewed", "2999-01-01T00:00:00.000000Z", "reviewed"),
        ("reviews.0.ratings", {"method": 7}, "rating"),
        ("reviews.0.ratings", {"method": math.nan}, "rating"),
        ("reviews.0.rule", "x" * 5000, "rule"),
        ("reviews.0.cell", "no.such.cell", "cell"),
        ("reviews.0.item", {"moment": "not a time"}, "malformed"),
        ("levels.0.opened", "0001-01-01T00:00:00.000000Z", "opened"),
    ],
)
def test_a_bad_import_is_refused_and_the_store_is_byte_identical(tmp_path, where, value, message):
    source = practised(tmp_path)
    source.skip_to(7, NOW)
    source.export(tmp_path / "good.json")
    data = json.loads((tmp_path / "good.json").read_text(encoding="utf-8"))
    target = practised(tmp_path, "b.sqlite3", 2)
    before = digest(target.store.path)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(corrupt(data, where, value), allow_nan=True), encoding="utf-8")
    with pytest.raises(ParseError, match=message) as raised:
        target.import_(bad)
    assert "bad.json" in str(raised.value)
    assert digest(target.store.path) == before  # nothing written: all or nothing
    # the store still works, and the good export goes in
    assert Practice(target.store.path).import_(tmp_path / "good.json") == 4
    assert Practice(target.store.path).summary(NOW).reviews == 6


def test_a_store_whose_card_row_is_not_json_names_the_file(tmp_path):
    p = practised(tmp_path)
    with p.store.write() as db:
        db.execute("UPDATE practice_cards SET card = 'not json' WHERE kind = 'method'")
    with pytest.raises(StoreError, match=r"a\.sqlite3.* holds a practice card it cannot read"):
        p.summary(NOW)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda p: p.misses(limit=2**64), "limit=.* is not a count"),
        (lambda p: p.card(2**64, "kin", "重審"), "not a level"),
        (lambda p: p.card(4, "x" * 1000, "重審"), "kind=.* is not a kind"),
        (lambda p: p.summary(NOW, days=2**64), "days=.* is not a number of days"),
        (lambda p: p.record(p.next_item(4, NOW), answer(*_right(p)), datetime(999, 1, 1, tzinfo=UTC)), "out of range"),
        (lambda p: p.record(p.next_item(4, NOW), answer(*_right(p)), datetime(2101, 1, 1, tzinfo=UTC)), "out of range"),
        (lambda p: p.today(datetime(1, 1, 1, tzinfo=UTC)), "out of range"),
        (lambda p: p.record(p.next_item(4, NOW), MISSED, NOW, {"method": object()}), "given=.* is not text"),
        (lambda p: p.record(p.next_item(4, NOW), MISSED, NOW, {"method": "賊" * 3000}), "given=.* is longer than"),
        (lambda p: p.record(p.next_item(4, NOW), MISSED, NOW, ["賊克"]), "given=.* is not a mapping"),  # type: ignore[arg-type]
        (lambda p: class_set(4, 1, 2**64), "count=.* is not a count"),
        (lambda p: class_set(4, [1], 2), "seed=.* is not a seed"),
        (lambda p: Practice(p.store.path, seed=[1, 2]), "seed=.* is not a seed; accepted: None or a whole number"),
        (lambda p: Practice(p.store.path, new_per_day=-1), "new_per_day=.* is not a count"),
    ],
)
def test_out_of_range_arguments_are_parse_errors(tmp_path, call, message):
    p = practised(tmp_path)
    reviews = p.reviews()
    with pytest.raises(ParseError, match=message):
        call(p)
    assert p.reviews() == reviews and p.summary(NOW).reviews == reviews  # nothing stored, still readable


def _right(p: Practice):
    item = p.next_item(4, NOW)
    return item, solution(item)


def test_a_right_grade_of_part_of_an_item_is_not_recorded(tmp_path):
    p = Practice(tmp_path / "p.sqlite3", seed=1)
    item = p.next_item(4, NOW)
    step = answer(item, {"transmissions": solution(item)["transmissions"]}, step=True)
    assert step.verdict == "right" and not step.whole
    with pytest.raises(ParseError, match="takes a whole answer"):
        p.record(item, step, NOW)
    assert p.reviews() == 0


@pytest.mark.parametrize(
    "call",
    [
        lambda: dashboard_html("丙申"),  # type: ignore[arg-type]
        lambda: history_svg(None),  # type: ignore[arg-type]
        lambda: misses_html(["x"]),  # type: ignore[list-item]
        lambda: misses_html(42),  # type: ignore[arg-type]
        lambda: miss_line("x"),  # type: ignore[arg-type]
        lambda: report_html({}),  # type: ignore[arg-type]
        lambda: report_svg([]),  # type: ignore[arg-type]
    ],
)
def test_the_plots_refuse_a_wrong_object_clearly(call):
    with pytest.raises(ParseError, match="is not a"):
        call()


def test_the_class_report_counts_a_file_given_twice_or_copied_once_and_names_it(tmp_path):
    practised(tmp_path, "kim.sqlite3").export(tmp_path / "kim.json")
    practised(tmp_path, "lee.sqlite3", 6).export(tmp_path / "lee.json")
    (tmp_path / "copy").mkdir()
    (tmp_path / "copy" / "kim-again.json").write_bytes((tmp_path / "kim.json").read_bytes())
    once = class_report([tmp_path / "kim.json", tmp_path / "lee.json"])
    report = class_report(
        [tmp_path / "kim.json", tmp_path / "lee.json", tmp_path / "kim.json", tmp_path / "copy" / "kim-again.json"]
    )
    assert report.learners == ("kim", "lee") and report.rows == once.rows
    assert [Path(d).name for d, _ in report.duplicates] == ["kim.json", "kim-again.json"]
    assert all(Path(e).name == "kim.json" for _, e in report.duplicates)
    assert report.html().count("data-liuren-duplicate") == 2 and "한 번만 센다" in report.html()


def test_summary_due_is_the_queues_and_times_are_the_learners(tmp_path):
    p = practised(tmp_path)
    later = NOW + timedelta(days=30)
    s = p.summary(later)
    assert isinstance(s, Summary) and s.due == p.queue(later).due > 0
    seoul = later.astimezone(__import__("zoneinfo").ZoneInfo("Asia/Seoul"))
    book = p.misses()
    assert "(UTC+09:00)" in miss_line(book[0], "ko", seoul.tzinfo)
    # the school by its book, not the preset's key (a reader saw "default" in every row)
    assert (
        book[0].school == "default" and "將 · 指南" in miss_line(book[0], "en") and "default" not in misses_html(book)
    )
    assert f"{book[0].reviewed.astimezone(seoul.tzinfo):%Y-%m-%d %H:%M}" in misses_html(book, "ko", seoul.tzinfo)


def test_random_damage_to_an_export_never_breaks_a_store(tmp_path):
    """Every field of an export replaced by a hostile value: refused (the store unchanged) or taken, and
    the store readable after each."""
    source = practised(tmp_path)
    source.export(tmp_path / "good.json")
    data = json.loads((tmp_path / "good.json").read_text(encoding="utf-8"))
    target = Practice(tmp_path / "t.sqlite3")
    rng = random.Random(7)
    hostile = [math.nan, -1, 2**64, -(2**64), "", "x" * 3000, None, [], {}, True, "0001-01-01T00:00:00+00:00", 1e308]
    paths: list[tuple[str, ...]] = []
    for kind in ("reviews", "cards", "levels"):
        for n, record in enumerate(data[kind]):
            for key, value in record.items():
                paths.append((kind, str(n), key))
                if isinstance(value, dict):
                    paths += [(kind, str(n), key, k) for k in value]
    for where in paths:
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps(corrupt(data, where, rng.choice(hostile)), allow_nan=True), encoding="utf-8")
        before = digest(target.store.path) if target.store.path.exists() else ""
        try:
            target.import_(bad)
        except ParseError:
            assert (digest(target.store.path) if target.store.path.exists() else "") == before, where
        later = NOW + timedelta(days=3)
        target.summary(later)
        target.misses()
        target.queue(later)
        target.weakest(later)
        assert target.today(later) is not None or target.queue(later).done
