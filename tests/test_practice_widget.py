"""The practice widget: grading, recording, the due count and the store surviving a reopened page."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from html import escape, unescape
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("fsrs")

from liuren.errors import StoreError
from liuren.practice import Grade, solution
from liuren.practice.answers import as_text
from liuren.practice.progress import Practice as Progress
from liuren.practice.widget import QUEUE, Practice, plate_answer, question_html
from liuren.show.html import chart_html, theme_box
from liuren.show.words.practice import PRACTICE

NOW = datetime(2026, 12, 1, 9, tzinfo=UTC)


def clock() -> datetime:
    return NOW


def session(tmp_path: Path, name: str = "p.sqlite3", **kwargs: object) -> Practice:
    return Practice(str(tmp_path / name), seed=1, level=4, clock=clock, **kwargs)  # type: ignore[arg-type]


def typed(item_solution: dict[str, object]) -> dict[str, str]:
    """A solution as a learner types it into the boxes (the plate as twelve signs, a list as lines)."""
    return {part: as_text(part, value) for part, value in item_solution.items()}


def whole(p: Practice, **override: str) -> Grade | None:
    """Answer every box: the right answer, but for the boxes given in ``override``."""
    assert p.item is not None
    return p.answer(**{**typed(solution(p.item)), **override})


def type_in(p: Practice) -> None:
    """Type the right answer into every box without committing it (as typing does before Enter)."""
    assert p.item is not None
    for part, text in typed(solution(p.item)).items():
        p._typing = True
        p.fields[part].value = text
        p._typing = False


def right_transmissions(p: Practice) -> str:
    return "".join(str(t.branch) for t in p.item.chart.transmissions)


def wrong_transmissions(p: Practice) -> str:
    """三傳 whose initial is not the chart's (so the initial is the first wrong cell)."""
    first = str(p.item.chart.transmissions[0].branch)
    other = "子" if first != "子" else "丑"
    return other + right_transmissions(p)[1:]


def test_right_answer_counts_and_logs(tmp_path: Path) -> None:
    p = session(tmp_path)
    assert p.item is not None and p.item.level.number == 4
    assert p.progress.reviews() == 0
    grade = whole(p)
    assert grade is not None and grade.verdict == "right"
    assert p.progress.reviews() == 1
    state = p.progress.level_state(4)
    assert (state.right, state.answered, state.how) == (1, 1, "skipped")
    assert "맞았다" in p.feedback.value
    assert chart_html(p.item.chart, labels="ko") in p.feedback.value  # the 課盤 after a right answer
    # a second check of the same item is graded but not recorded again
    whole(p)
    assert p.progress.reviews() == 1
    p.next()
    assert p.progress.reviews() == 1 and p.grade is None and p.feedback.value == ""


def test_a_partial_answer_is_not_graded_and_not_recorded(tmp_path: Path) -> None:
    p = session(tmp_path)
    assert p.answer(transmissions=right_transmissions(p)) is None  # one box of three
    assert p.progress.reviews() == 0 and p.grade is None
    assert "아직 다 적지 않았다. 빈 칸: 四課, 課體" in p.feedback.value and "맞았다" not in p.feedback.value
    en = session(tmp_path, "en.sqlite3", lang="en")
    en.answer(transmissions=right_transmissions(en))
    assert "Not finished. These boxes are empty: " in en.feedback.value and "Right" not in en.feedback.value
    assert en.progress.reviews() == 0


def test_wrong_answer_shows_the_right_value_the_marked_chart_and_a_retry(tmp_path: Path) -> None:
    good = session(tmp_path, "good.sqlite3")
    bad = session(tmp_path, "bad.sqlite3")
    assert good.item is not None and bad.item is not None
    assert good.item.chart == bad.item.chart  # same seed, same item
    whole(good)
    wrong = wrong_transmissions(bad)
    grade = whole(bad, transmissions=wrong)
    assert grade is not None and grade.verdict == "wrong"
    assert grade.cell == "initial.branch" and grade.kind == "transmission.branch"
    page = bad.feedback.value
    assert "틀렸다" in page and "初傳 지지" in page and "initial.branch" not in page  # no internal key
    right = str(bad.item.chart.transmissions[0].branch)
    assert f"적은 값: {wrong}" in page and f"맞는 값: <b>{right} ({right_transmissions(bad)})</b>" in page
    assert chart_html(bad.item.chart, labels="ko", cells=["initial"]) in page  # the cell marked
    assert bad.progress.level_state(4).right == 0
    lesson_type = bad.item.lesson_type
    wrong_card = bad.progress.card(4, "transmission.branch", lesson_type)
    right_card = good.progress.card(4, "transmission.branch", lesson_type)
    assert wrong_card is not None and right_card is not None
    assert wrong_card.due < right_card.due
    # only the missed cell's card is rated after a wrong answer
    assert bad.progress.card(4, "method", lesson_type) is None
    assert not bad.again_button.disabled
    item = bad.item
    bad.again_button.click()  # 「다시」: the same item, the boxes emptied, the retry not recorded
    assert bad.item is item and all(f.value == "" for f in bad.fields.values())
    grade = whole(bad)
    assert grade is not None and grade.verdict == "right" and bad.progress.reviews() == 1
    assert "다시 푼 답은 기록하지 않는다" in bad.feedback.value
    bad.next_button.click()  # 「다음」
    assert bad.item is not item


def test_progress_survives_a_reopened_widget(tmp_path: Path) -> None:
    times = [NOW]
    p = Practice(str(tmp_path / "p.sqlite3"), seed=1, level=4, clock=lambda: times[0])
    whole(p, transmissions=wrong_transmissions(p))
    p.next()
    whole(p)
    assert p.due_count == 0  # the missed card comes back in a minute
    times[0] = NOW + timedelta(minutes=30)
    p.next()
    count = p.due_count
    assert count >= 1
    assert f"복습 {count}" in p.due_label.value
    again = Practice(str(tmp_path / "p.sqlite3"), seed=1, level=4, clock=lambda: times[0])
    assert again.due_count == count
    assert again.due_label.value == p.due_label.value
    assert again.progress.reviews() == 2
    assert again.progress.level_state(4).open


def test_store_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LIUREN_STORE", str(tmp_path / "env.sqlite3"))
    p = Practice(seed=1, level=4, clock=clock)
    whole(p)
    assert Path(p.progress.store.path) == tmp_path / "env.sqlite3"
    assert Practice(seed=2, clock=clock).progress.reviews() == 1


def test_bad_answer_shows_the_message_and_records_nothing(tmp_path: Path) -> None:
    p = session(tmp_path)
    assert whole(p, transmissions="<b>xyz</b>") is None
    assert p.progress.reviews() == 0
    assert "&lt;b&gt;" in p.feedback.value and "<b>xyz" not in p.feedback.value
    # said in the page's language (a reader typed 자축 for 子丑 and got English alone), the English
    # details of the reader left out
    assert "이 답은 읽을 수 없다" in p.feedback.value and "accepted" not in p.feedback.value
    assert "三傳 칸에 적을 것: " + PRACTICE["ko"]["accept-transmissions"] in unescape(p.feedback.value)
    for f in p.fields.values():
        f.value = ""
    assert p.submit() is None
    assert "빈 칸: 四課, 三傳, 課體" in p.feedback.value
    with pytest.raises(ValueError, match="not asked at level 4"):
        p.answer(noble="亥晝逆")


def test_enter_grades_once_every_box_is_filled(tmp_path: Path) -> None:
    p = session(tmp_path)
    assert set(p.fields) == {"lessons", "transmissions", "method"}
    assert all(not f.continuous_update for f in p.fields.values())
    p.fields["transmissions"].value = right_transmissions(p)  # committed, but two boxes are empty
    assert p.progress.reviews() == 0
    assert p.item is not None
    sol = typed(solution(p.item))
    p.fields["lessons"].value = sol["lessons"]
    p.fields["method"].value = sol["method"]  # the last box committed: graded
    assert p.progress.reviews() == 1
    assert p.grade is not None and p.grade.verdict == "right"


def test_check_button_grades(tmp_path: Path) -> None:
    p = session(tmp_path)
    assert p.item is not None
    type_in(p)
    p.check_button.click()
    assert p.progress.reviews() == 1 and p.grade is not None and p.grade.verdict == "right"
    first = p.item
    p.next_button.click()
    assert p.item is not first


def test_a_commit_and_a_click_handled_at_once_record_one_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # ipykernel 7 handles widget messages in threads (subshells), so the last box's commit as it loses
    # focus and the click on Check that took the focus can run at the same moment; each used to see the
    # item unrecorded and the answer was written twice (13 answers gave 19 rows in a reader's browser)
    p = session(tmp_path)
    assert p.item is not None
    type_in(p)
    record = Progress.record
    both_in = threading.Barrier(2, timeout=5)

    def slow_record(self: Progress, *args: object, **kwargs: object) -> Grade:
        time.sleep(0.2)  # the store write of the first handler is still under way when the second grades
        return record(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Progress, "record", slow_record)

    def handler(event: Callable[[], object]) -> None:
        both_in.wait()
        event()

    last = list(p.fields)[-1]
    threads = [
        threading.Thread(target=handler, args=(lambda: p.check_button.click(),)),
        threading.Thread(
            target=handler,
            args=(lambda: p._on_commit({"name": "value", "new": p.fields[last].value, "owner": p.fields[last]}),),
        ),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert p.progress.reviews() == 1
    assert p.grade is not None and p.grade.verdict == "right" and p.recorded


def test_each_box_shows_its_format_and_an_example_that_is_not_the_answer(tmp_path: Path) -> None:
    for lang, mark in (("ko", "예:"), ("zh", "如："), ("en", "e.g.")):
        for level in (1, 2, 3, 10):
            p = Practice(str(tmp_path / f"{lang}{level}.sqlite3"), seed=3, level=level, lang=lang, clock=clock)
            assert p.item is not None and set(p.fields) == set(p.item.level.parts)
            answers = typed(solution(p.item))
            for part, field in p.fields.items():
                shown = field.placeholder.split(f"{mark}")[-1].strip()
                assert mark in field.placeholder and shown and shown != answers[part], (level, part)
                p.fields[part].value = shown
            grade = p.submit()  # the examples typed in as they stand are never a right answer
            assert grade is None or grade.verdict != "right"


def test_it_opens_on_todays_practice_and_levels_stay_choosable(tmp_path: Path) -> None:
    p = Practice(str(tmp_path / "s.sqlite3"), seed=1, clock=clock)
    assert p.level == QUEUE and p.selector.value == QUEUE and p.item is not None and p.item.level.number == 1
    assert "오늘 남은 것: 복습 0 · 새 문제 20" in p.due_label.value
    labels = dict((v, k) for k, v in p.selector.options)
    assert labels[QUEUE] == "오늘의 연습"
    assert "잠김" not in labels[1] and "잠김" in labels[2] and "잠김" in labels[13]
    p.selector.value = 7
    assert p.level == 7 and p.fields == {} and p.check_button.disabled
    assert "열리지 않은" in p.feedback.value
    assert not p.progress.level_state(7).open
    p.skip_button.click()
    assert p.progress.level_state(7).how == "skipped"
    assert p.item is not None and p.item.level.number == 7 and not p.check_button.disabled
    labels = dict((v, k) for k, v in p.selector.options)
    assert "잠김" not in labels[7] and "잠김" in labels[6]
    p.selector.value = QUEUE
    assert p.item is not None and p.item.source == "new"


def test_done_for_today_says_so_with_tomorrows_count(tmp_path: Path) -> None:
    p = Practice(str(tmp_path / "d.sqlite3"), seed=1, new_per_day=2, clock=clock)
    for _ in range(2):
        whole(p)
        p.next()
    assert p.item is None and p.fields == {} and p.check_button.disabled
    tomorrow = p.progress.queue(NOW).tomorrow
    assert tomorrow > 0 and f"오늘 연습을 마쳤다. 내일 복습할 것: {tomorrow}" in p.feedback.value
    # a finished day is news, not a refusal: in the ink colour, not the mark of a wrong answer
    from liuren.show.html import COLORS

    assert COLORS["ink"] in p.feedback.value and COLORS["mark"] not in p.feedback.value
    p.selector.value = 1  # a level's item: the next refusal is in the mark colour again
    p.submit()  # nothing filled: refused as unfinished
    assert COLORS["mark"] in p.feedback.value


def test_moment_levels_show_the_moment_not_the_general(tmp_path: Path) -> None:
    p = Practice(str(tmp_path / "m.sqlite3"), seed=5, level=13, clock=clock)
    item = p.item
    assert item is not None and item.moment is not None and item.place is not None
    html = question_html(item, "ko")
    assert f"{item.moment:%Y-%m-%d %H:%M}" in html and item.place[0] in html
    sol = solution(item)
    plate = "".join(sol["plate"].values())  # type: ignore[union-attr]
    assert plate_answer(plate) == sol["plate"]
    grade = whole(p)
    assert grade is not None and grade.verdict == "right"
    date = Practice(str(tmp_path / "d.sqlite3"), seed=5, level=2, clock=clock)  # 日辰 占時 月將 月建
    assert date.item is not None and list(date.fields) == ["day", "hour", "general", "month"]
    hour = str(date.item.chart.hour)
    grade = whole(date, hour="子" if hour != "子" else "丑")
    assert grade is not None and grade.verdict == "wrong" and grade.cell == "hour"
    assert (
        "占時" in date.feedback.value and "노트북 00c §2" in date.feedback.value
    )  # the course notebook a learner has, not docs/


def test_plate_answer_counts_the_signs() -> None:
    with pytest.raises(ValueError, match="has 3 signs"):
        plate_answer("子丑寅")


def test_english_and_chinese(tmp_path: Path) -> None:
    en = Practice(str(tmp_path / "e.sqlite3"), seed=1, level=4, lang="en", clock=clock)
    whole(en, transmissions=wrong_transmissions(en))
    assert "Wrong." in en.feedback.value and "Left today: 0 reviews · 20 new" in en.due_label.value
    zh = Practice(str(tmp_path / "z.sqlite3"), seed=1, level=4, lang="zh", clock=clock)
    assert "今日尚餘：複習 0" in zh.due_label.value
    assert "Practice(" in repr(zh)
    data = zh._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data and "練習" in data["text/plain"]
    assert data["text/html"].startswith(theme_box(escape(data["text/plain"]), "font-family:sans-serif"))
    again = Practice(str(tmp_path / "z2.sqlite3"), seed=9, level=4, lang="zh", clock=clock)
    assert again._repr_mimebundle_()["text/html"] == data["text/html"]  # not the dealt item


def test_the_question_carries_the_shown_inputs_only(tmp_path: Path) -> None:
    p = session(tmp_path)
    assert p.item is not None and f'data-liuren-spec="{p.item.chart.spec()}"' in p.question.value
    moment = Practice(str(tmp_path / "m.sqlite3"), seed=5, level=2, clock=clock)
    assert "data-liuren-spec" not in moment.question.value  # the 月將 is what level 2 asks
    one = Practice(str(tmp_path / "o.sqlite3"), seed=5, level=1, clock=clock)
    assert one.item is not None and f'data-liuren-spec="{one.item.chart.spec()}"' in one.question.value
    given = ", ".join(f"{n}번째 지지: {b}" for n, b in enumerate(one.item.branches, 1))
    assert f"{one.item.chart.day}日 · {given}</div>" in one.question.value


def test_level_1_names_each_given_branch_by_its_place(tmp_path: Path) -> None:
    # a deal may give one branch three times, and 「酉 酉 酉」 bare read like a bug: each branch is shown
    # under the name of the place the 遁干 and 六親 boxes answer it in (seed 0 deals 丑 亥 亥)
    for lang, line in (
        ("ko", "庚申日 · 1번째 지지: 丑, 2번째 지지: 亥, 3번째 지지: 亥<"),
        ("en", "庚申日 · branch 1: 丑, branch 2: 亥, branch 3: 亥<"),
        ("zh", "庚申日 · 第1支：丑、第2支：亥、第3支：亥<"),
    ):
        p = Practice(str(tmp_path / f"{lang}.sqlite3"), seed=0, level=1, lang=lang, clock=clock)
        assert p.item is not None and p.item.branches == ("丑", "亥", "亥")
        assert line in p.question.value, p.question.value


def test_unseeded_sessions_deal_by_the_store(tmp_path: Path) -> None:
    first = Practice(str(tmp_path / "a.sqlite3"), level=4, clock=clock)
    fresh = Practice(str(tmp_path / "b.sqlite3"), level=4, clock=clock)
    assert first.item is not None and fresh.item is not None
    assert first.item.chart == fresh.item.chart  # a fresh store: the same first item
    whole(first)
    assert first.progress.reviews() == 1
    later = [Practice(str(tmp_path / "a.sqlite3"), level=4, clock=clock).item for _ in range(2)]
    assert later[0] is not None and later[1] is not None
    assert later[0].chart == later[1].chart  # seeded by the store's reviews (1 now, not 0)


def test_the_dashboard_and_the_wrong_answer_tabs(tmp_path: Path) -> None:
    p = session(tmp_path)
    assert p.tabs.titles == ("문제", "진도", "오답 노트") and p.dashboard.value == ""  # drawn when opened
    missed = p.item
    whole(p, transmissions=wrong_transmissions(p))
    p.next()
    whole(p)
    p.tabs.selected_index = 1
    assert "모두 2문제" in p.dashboard.value and "<svg" in p.dashboard.value
    # the dashboard's due count is the question tab's
    assert f"지금 복습할 것 {p.due_count}" in p.dashboard.value and f"복습 {p.due_count}" in p.due_label.value
    p.tabs.selected_index = 2
    assert len(p.misses) == 1 and len(p.miss_rows.children) == 1
    row = p.miss_rows.children[0]
    button, line = row.children
    assert button.description == "다시 풀기" and "初傳 지지" in line.value and "initial.branch" not in line.value
    assert missed is not None and f"{missed.chart.day}日 {missed.chart.hour}時" in line.value
    assert "2026-12-01 09:00 (UTC+00:00)" in line.value  # on the learner's clock
    button.click()  # deals the missed item again, on the first tab
    assert p.tabs.selected_index == 0 and p.item == missed and p.grade is None
    whole(p)  # its answer is a new review
    assert p.progress.reviews() == 3


def test_the_dashboard_suggests_a_drill_of_the_weakest_and_deals_it(tmp_path: Path) -> None:
    p = Practice(str(tmp_path / "w.sqlite3"), seed=2, level=1, clock=clock)
    for _ in range(3):
        assert p.item is not None
        stems = " ".join("空" if s == "甲" else "甲" for s in typed(solution(p.item))["stems"].split())
        whole(p, stems=stems)
        p.next()
    p.tabs.selected_index = 1
    assert 'data-liuren-weak="hidden-stem"' in p.dashboard.value and "「遁干 연습」" in p.dashboard.value
    drill = next(b for b in p.drills.children if b.description == "遁干 연습")
    drill.click()
    assert p.tabs.selected_index == 0 and p.item is not None and p.item.drill == "hidden-stem"
    assert list(p.fields) == ["stems"] and "遁干 연습" in p.question.value


def test_the_wrong_answer_tab_of_a_fresh_store_says_there_is_none(tmp_path: Path) -> None:
    p = session(tmp_path, lang="en")
    p.tabs.selected_index = 2
    assert "No wrong answers yet." in p.miss_rows.children[0].value
    p.tabs.selected_index = 1
    assert "Nothing answered yet." in p.dashboard.value
    whole(p, transmissions=wrong_transmissions(p))
    assert "Nothing answered yet." not in p.dashboard.value  # redrawn after an answer while open


def test_the_next_item_empties_the_same_boxes(tmp_path: Path) -> None:
    # dealing the next item sends the page new values, not new widgets to build
    p = session(tmp_path)
    boxes = dict(p.fields)
    children = p.boxes.children
    whole(p, transmissions=wrong_transmissions(p))
    p._typing = True
    p.fields["lessons"].value = "甲乙"  # a half-typed answer in a box, not checked
    p._typing = False
    assert p.progress.reviews() == 1
    p.next()
    assert p.fields == boxes and p.boxes.children == children
    assert [f.value for f in p.fields.values()] == ["", "", ""] and p.progress.reviews() == 1
    assert p.grade is None and p.feedback.value == ""
    assert p.item is not None and p.question.value == question_html(p.item, "ko")
    p.selector.value = 3  # another level asks other parts: the boxes of those parts, shown in its order
    p.skip_button.click()
    assert list(p.fields) == ["offset", "plate", "lessons"] and p.boxes.children == tuple(p.fields.values())
    p.selector.value = 4  # back: the same boxes as before, emptied
    assert p.fields == boxes and all(f.value == "" for f in p.fields.values())


def test_a_review_the_store_cannot_keep_is_not_shown_as_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = session(tmp_path)
    assert p.item is not None
    p._typing = True
    for part, text in typed(solution(p.item)).items():
        p.fields[part].value = text
    p._typing = False

    def full(*args: object) -> None:
        raise StoreError("the liuren store p.sqlite3 cannot be written: the disk is full")

    monkeypatch.setattr(type(p.progress), "record", full)
    with pytest.raises(StoreError, match="disk is full"):
        p.submit()
    assert "disk is full" in p.feedback.value and "맞았다" not in p.feedback.value
    assert p.grade is None and not p.recorded
    monkeypatch.undo()
    grade = p.submit()  # checked again: written this time
    assert grade is not None and grade.verdict == "right" and p.progress.reviews() == 1
    assert "맞았다" in p.feedback.value


def test_the_board_fills_in_the_parts_answered_right(tmp_path: Path) -> None:
    p = Practice(str(tmp_path / "b.sqlite3"), seed=1, level=3, clock=clock)
    assert p.item is not None
    right = typed(solution(p.item))
    assert p.board.value == "" and p.filled == ()
    wrong_lessons = right["lessons"].replace(right["lessons"][0], "午" if right["lessons"][0] != "午" else "子", 1)
    grade = p.answer(offset=right["offset"], plate=right["plate"], lessons=wrong_lessons)
    assert grade is not None and grade.verdict == "wrong" and grade.cell is not None
    assert grade.cell.startswith("lesson-1")
    assert p.filled == ("offset", "plate")  # the plate is right
    assert chart_html(p.item.chart, labels="ko", cells=["lesson-1"]) in p.feedback.value  # the miss marked
    p.again()
    grade = p.answer(**right)
    assert grade is not None and grade.verdict == "right"
    assert p.board.value == ""  # a right answer shows the whole 課盤 in the feedback instead
    assert chart_html(p.item.chart, labels="ko") in p.feedback.value
    p.next()
    assert p.filled == () and p.board.value == ""


def test_one_step_at_a_time_asks_each_part_and_records_the_item_once(tmp_path: Path) -> None:
    p = Practice(str(tmp_path / "s.sqlite3"), seed=1, level=3, one_step=True, clock=clock)
    assert p.item is not None
    right = typed(solution(p.item))
    parts = p.item.level.parts
    assert p.asking == (parts[0],) and p.boxes.children == (p.fields[parts[0]],)
    # Enter in the one box asked checks it: right, so the board fills and the next box is asked
    p.fields["offset"].value = right["offset"]
    assert p.grade is None and p.filled == ("offset",) and p.progress.reviews() == 0
    assert p.board.value == chart_html(p.item.chart, labels="ko", parts=["plate"], highlight="none")
    assert p.asking == ("plate",) and p.boxes.children == (p.fields["plate"],)
    plate = right["plate"]
    wrong_plate = plate[1:] + plate[0]
    grade = p.answer(plate=wrong_plate)  # a wrong step: named, and the item recorded as missed
    assert grade is not None and grade.verdict == "wrong" and grade.cell is not None and grade.cell.startswith("plate")
    assert p.progress.reviews() == 1 and p.asking == ("plate",)
    assert p.answer(plate=plate) is not None and p.asking == ("lessons",)
    grade = p.answer(lessons=right["lessons"])
    assert grade is not None and grade.verdict == "right" and grade.whole and p.asking == ()
    assert p.progress.reviews() == 1  # the item's first grade (the missed plate) is what was kept
    assert p.progress.level_state(3).right == 0
    # switching the mode off asks every box again
    p.one_step.value = False
    assert p.boxes.children == tuple(p.fields.values())


def test_one_step_through_a_whole_item_right_records_it_right(tmp_path: Path) -> None:
    p = Practice(str(tmp_path / "r.sqlite3"), seed=1, level=3, one_step=True, clock=clock)
    assert p.item is not None
    right = typed(solution(p.item))
    for n, part in enumerate(p.item.level.parts):
        grade = p.answer(**{part: right[part]})
        assert grade is not None and grade.verdict == "right"
        # a right step is not the item: nothing recorded until every step is right
        assert p.progress.reviews() == (1 if n == len(p.item.level.parts) - 1 else 0)
    assert p.progress.level_state(3).right == 1


# ------------------------------------------------------------------------------ saving and loading
def saved_file(p: Practice) -> bytes:
    """What the 「진도 저장」 link hands the browser: the bytes of its data URL."""
    import base64
    import re

    p.save()
    found = re.search(
        r'download="(liuren-progress-[0-9-]+\.json)" href="data:application/json;base64,([A-Za-z0-9+/=]+)"',
        p.save_link.value,
    )
    assert found is not None and found.group(1) == "liuren-progress-2026-12-01.json"
    return base64.b64decode(found.group(2))


def test_progress_moves_to_another_store_through_the_saved_file(tmp_path: Path) -> None:
    a = session(tmp_path, "a.sqlite3")
    whole(a)
    a.next()
    whole(a, transmissions=wrong_transmissions(a))
    content = saved_file(a)
    b = session(tmp_path, "b.sqlite3")
    assert b.progress.reviews() == 0
    assert b.load(content, "liuren-progress-2026-12-01.json") == 2
    assert "2" in b.file_note.value and b.progress.reviews() == 2
    assert b.progress.export_text()[0] == a.progress.export_text()[0]  # the same reviews, cards and levels
    assert [m.uuid for m in b.progress.misses()] == [m.uuid for m in a.progress.misses()]
    assert b.load(content, "again.json") == 0 and b.progress.reviews() == 2  # twice adds nothing


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"\xff\xfe not text", "not UTF-8 text"),
        (b"[1, 2]", "not a practice export"),
        (
            b'{"format": "liuren-practice", "version": 2, "reviews": [{"uuid": 1}], "cards": [], "levels": []}',
            "malformed record",
        ),
    ],
)
def test_a_bad_file_loads_nothing_and_says_why(tmp_path: Path, content: bytes, said: str) -> None:
    p = session(tmp_path)
    whole(p)
    before = p.progress.export_text()
    assert p.load(content, "mine.json") is None
    assert said in p.file_note.value and "mine.json" in p.file_note.value
    assert p.progress.export_text() == before


def test_the_dashboard_reminds_to_save_after_a_week_of_unsaved_answers(tmp_path: Path) -> None:
    now = [NOW]
    p = Practice(str(tmp_path / "p.sqlite3"), seed=1, level=4, clock=lambda: now[0])
    p.show_dashboard()
    assert p.save_reminder.value == ""  # nothing to save yet
    whole(p)
    now[0] = NOW + timedelta(days=6, hours=23)
    p.show_dashboard()
    assert p.save_reminder.value == ""
    now[0] = NOW + timedelta(days=7)
    p.show_dashboard()
    assert "일주일" in p.save_reminder.value
    p.save()
    assert p.save_reminder.value == "" and p.progress.last_saved() == now[0]
    now[0] += timedelta(days=8)
    p.show_dashboard()
    assert p.save_reminder.value == ""  # a week since the save, but nothing new to save
    p.next()
    whole(p)
    p.show_dashboard()
    assert "일주일" in p.save_reminder.value


def test_the_upload_control_loads_the_file_and_is_ready_for_another(tmp_path: Path) -> None:
    a = session(tmp_path, "a.sqlite3")
    whole(a)
    content = saved_file(a)
    b = session(tmp_path, "b.sqlite3")
    b.upload.value = (
        {
            "name": "a.json",
            "type": "application/json",
            "size": len(content),
            "content": memoryview(content),
            "last_modified": NOW,
        },
    )
    assert b.progress.reviews() == 1 and b.upload.value == () and "a.json" in b.file_note.value


def test_a_miss_on_the_korean_page_reads_in_english_on_the_english_one(tmp_path: Path) -> None:
    # levels 1 and 2 say their rule from the chart, so the wrong-answer book says it again in the page's
    # language (a reader saw Korean rules on the English page)
    from liuren.practice.plots import miss_line, misses_html

    ko = Practice(str(tmp_path / "p.sqlite3"), seed=1, level=1, clock=clock, lang="ko")
    assert ko.item is not None
    answers = typed(solution(ko.item))
    assert "void" in answers  # level 1: the void, the hidden stems, the kin
    ko.answer(**{**answers, "void": "子丑" if answers["void"] != "子丑" else "寅卯"})
    (miss,) = ko.progress.misses()
    assert re.search("[가-힣]", miss.rule)
    english = miss_line(miss, "en")
    assert not re.search("[가-힣]", english) and not re.search("[가-힣]", misses_html([miss], "en"))
    assert miss.rule in miss_line(miss, "ko")


def _wrong_at(p: Practice) -> dict[str, str]:
    """A whole answer to the item on ``p`` that is wrong in one box (the reverse drill's offset, the
    judging's verdict, the offset of level 3, the noble's direction of level 9, else the 三傳)."""
    assert p.item is not None
    right = typed(solution(p.item))
    level = p.item.level.number
    if level == 12:
        return {**right, "offset": str((int(right["offset"]) + 1) % 12)}
    if level == 14:
        return {**right, "verdict": "凶" if right["verdict"] != "凶" else "吉"}
    if level == 3:
        return {**right, "offset": str((int(right["offset"]) + 1) % 12)}
    if level == 9:  # the generals the other way round
        return {**right, "noble": right["noble"][:-1] + ("順" if right["noble"].endswith("逆") else "逆")}
    return {**right, "transmissions": wrong_transmissions(p)}


@pytest.mark.parametrize(
    ("level", "one_step"), [(3, False), (4, False), (4, True), (9, False), (12, False), (14, False)]
)
def test_a_miss_of_any_level_on_the_korean_page_reads_in_english(tmp_path: Path, level: int, one_step: bool) -> None:
    # the wrong-answer book grades the kept answer again in the page's language: a reader saw the Korean
    # rule of a level 4 miss on the English page (levels 1 and 2 alone were said again)
    from liuren.practice.plots import miss_line, misses_html

    ko = Practice(str(tmp_path / "p.sqlite3"), seed=1, level=level, clock=clock, lang="ko", one_step=one_step)
    assert ko.item is not None
    wrong = _wrong_at(ko)
    if one_step:  # the first box alone, as the one-step mode asks it
        first = ko.asking[0]
        right = typed(solution(ko.item))[first]
        wrong = {first: wrong[first] if wrong[first] != right else "子/子 子/子 子/子 子/子"}
    grade = ko.answer(**wrong)
    assert grade is not None and grade.verdict != "right" and re.search("[가-힣]", grade.rule)
    (miss,) = ko.progress.misses()
    assert miss.rule == grade.rule and miss.answer is not None
    en = Practice(str(tmp_path / "p.sqlite3"), seed=1, level=level, clock=clock, lang="en")
    en.tabs.selected_index = 2
    (row,) = en.miss_rows.children
    line = row.children[1].value
    english = miss_line(miss, "en")
    assert not re.search("[가-힣]", english) and not re.search("[가-힣]", misses_html([miss], "en"))
    assert escape(english.rpartition(" · ")[2]) in line and english.rpartition(" · ")[2] != miss.rule
    assert miss.rule in miss_line(miss, "ko")  # the Korean page says it as it was said


def _drawn_upload_label(upload: object) -> str:
    """The upload button's label as ipywidgets' FileUpload view draws it: "{description} ({files held})"."""
    return f"{upload.description} ({len(upload.value)})"  # type: ignore[attr-defined]


def test_the_upload_view_appends_the_count_the_label_names():
    # the label below leans on the installed view's template: if a release draws no count, drop the
    # words that name it (the practice words' load-chosen)
    import sys

    static = Path(sys.prefix) / "share/jupyter/labextensions/@jupyter-widgets/jupyterlab-manager/static"
    sources = [p.read_text(encoding="utf-8", errors="replace") for p in sorted(static.glob("*.js"))]
    if not sources:
        pytest.skip("the JupyterLab widget manager is not installed")
    template = re.compile(r'`\$\{this\.model\.get\("description"\)\} \(\$\{\w+\.length\}\)`')
    assert any("widget-upload" in s and template.search(s) for s in sources)


@pytest.mark.parametrize(
    ("lang", "label"),
    [("ko", "진도 불러오기 · 고른 파일 (0)"), ("en", "Load progress · files chosen (0)")],
    ids=["ko", "en"],
)
def test_the_upload_button_reads_as_the_pages_words_with_its_count_named(tmp_path: Path, lang: str, label: str) -> None:
    # a reviewer read 「진도 불러오기 (0)」: the view's count, unnamed; the words now say what it counts
    a = session(tmp_path, "a.sqlite3", lang=lang)
    whole(a)
    content = saved_file(a)
    b = session(tmp_path, "b.sqlite3", lang=lang)
    assert _drawn_upload_label(b.upload) == label
    b.upload.value = (
        {
            "name": "a.json",
            "type": "application/json",
            "size": len(content),
            "content": memoryview(content),
            "last_modified": NOW,
        },
    )
    assert b.progress.reviews() == 1 and _drawn_upload_label(b.upload) == label  # emptied for the next file


def said(p: Practice) -> str:
    """The feedback line as the learner reads it (tags dropped, entities decoded)."""
    return unescape(re.sub(r"<[^>]+>", "", p.feedback.value))


def test_a_box_holding_question_marks_is_said_to_be_open_with_its_places(tmp_path: Path) -> None:
    # a learner typed ??? in the 遁干 box and was told the box was empty: "?" marks a place not yet
    # answered, and the page says so, naming the places still open
    p = Practice(str(tmp_path / "k.sqlite3"), seed=1, level=1, clock=clock)
    assert p.item is not None and p.item.parts == ("void", "stems", "kin")
    assert whole(p, stems="???") is None and p.progress.reviews() == 0
    text = said(p)
    assert "빈 칸" not in text
    assert (
        "「?」는 아직 답하지 않은 자리의 표시이다. 「?」가 남은 자리: 遁干 (1번째 지지, 2번째 지지, 3번째 지지)."
        in text
    )
    whole(p, stems="? 甲 ?", void="")
    assert "빈 칸: 旬空. 「?」는" in said(p) and "遁干 (1번째 지지, 3번째 지지)" in said(p)
    en = Practice(str(tmp_path / "e.sqlite3"), seed=1, level=1, lang="en", clock=clock)
    whole(en, stems="???")
    assert said(en).startswith(
        "Not finished. A '?' marks a place not yet answered, and these still hold one: 遁干 (branch 1, branch 2, branch 3)."
    )
    zh = Practice(str(tmp_path / "z.sqlite3"), seed=1, level=1, lang="zh", clock=clock)
    whole(zh, stems="???")
    assert "尚留「?」者：遁干（第1支、第2支、第3支）。" in said(zh)
    whole(p, void="? ?")
    assert "「?」가 남은 자리: 旬空 (空亡 1, 空亡 2)." in said(p)
    whole(zh, void="??")
    assert "尚留「?」者：旬空（空亡1、空亡2）。" in said(zh)


@pytest.mark.parametrize("level", [3, 4, 9, 10, 12, 14])
def test_a_box_holding_a_question_mark_alone_is_open_at_every_level(tmp_path: Path, level: int) -> None:
    p = Practice(str(tmp_path / "p.sqlite3"), seed=1, level=level, lang="en", clock=clock)
    assert p.item is not None
    for part in p.item.parts:
        assert whole(p, **{part: "?"}) is None
        assert f"these still hold one: {PRACTICE['en'][f'part-{part}']}." in said(p), (part, said(p))
    assert p.progress.reviews() == 0


@pytest.mark.parametrize("level", [1, 2])
@pytest.mark.parametrize("marks", ["?", "???", "？ ？"])
def test_a_box_holding_only_question_marks_is_open_at_the_basic_levels(tmp_path: Path, level: int, marks: str) -> None:
    # level 1 read "???" in the 旬空 box as three branches where two are asked ("unreadable"), and
    # level 2 read "??" in the 日辰 box as no pillar, while "?" alone left the box open: marks alone
    # leave a box open however many there are, each of its places named
    p = Practice(str(tmp_path / "p.sqlite3"), seed=1, level=level, lang="en", clock=clock)
    assert p.item is not None
    # the 旬空 box's places are the two void branches, not given branches ("branch 1, branch 2" said so)
    places = {"void": " (void branch 1, void branch 2)", "stems": " (branch 1, branch 2, branch 3)"}
    places["kin"] = places["stems"]
    for part in p.item.parts:
        assert whole(p, **{part: marks}) is None
        name = PRACTICE["en"][f"part-{part}"]
        assert f"these still hold one: {name}{places.get(part, '')}." in said(p), (part, said(p))
    assert p.progress.reviews() == 0


def test_the_english_page_labels_the_transmissions_box_in_english(tmp_path: Path) -> None:
    # its box read 「三傳」 beside "lessons" and "method"; the Korean page keeps its own label
    en = Practice(str(tmp_path / "e.sqlite3"), seed=1, level=4, lang="en", clock=clock)
    assert en.item is not None and "transmissions" in en.item.parts
    assert [en.fields[p].description for p in en.item.parts] == ["lessons", "transmissions", "method"]
    ko = Practice(str(tmp_path / "k.sqlite3"), seed=1, level=4, clock=clock)
    assert ko.fields["transmissions"].description == PRACTICE["ko"]["part-transmissions"]


def _levels_and_boxes() -> list[tuple[int, str]]:
    from random import Random

    from liuren.practice.levels import LEVELS, deal

    return [(lv.number, part) for lv in LEVELS for part in deal(lv.number, Random(1)).parts]


LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.mark.parametrize(("level", "part"), _levels_and_boxes())
def test_an_unreadable_box_is_said_in_the_pages_language_with_what_it_takes(
    tmp_path: Path, level: int, part: str
) -> None:
    # the Korean page ended its refusal in the reader's English ("— 'x' is not a heavenly stem;
    # accepted: …"), and its hint spoke of branches in a box that asks for stems
    p = Practice(str(tmp_path / "p.sqlite3"), seed=1, level=level, clock=clock)
    assert p.item is not None and part in p.item.parts
    bad = "xq" + "寅卯辰巳午未申酉戌亥" if part == "plate" else "xq"  # twelve signs for the plate
    assert whole(p, **{part: bad}) is None and p.progress.reviews() == 0
    text = said(p)
    box = PRACTICE["ko"][f"part-{part}"]
    assert text.startswith("이 답은 읽을 수 없다. ") and text.endswith(" 채점하지도 기록하지도 않았다.")
    assert f"{box} 칸에 적을 것: {PRACTICE['ko'][f'accept-{part}']} (예: " in text
    assert "「x" in text  # the sign or the text it could not read, quoted
    assert not LATIN_WORD.findall(text.replace("xq", "")), text  # no English left in it
    en = Practice(str(tmp_path / "e.sqlite3"), seed=1, level=level, lang="en", clock=clock)
    whole(en, **{part: bad})
    assert f"The {PRACTICE['en'][f'part-{part}']} box takes {PRACTICE['en'][f'accept-{part}']} (e.g. " in said(en)


def test_the_unreadable_message_names_the_sign_or_the_count_of_the_stems_box(tmp_path: Path) -> None:
    p = Practice(str(tmp_path / "p.sqlite3"), seed=1, level=1, clock=clock)
    whole(p, stems="xyz")
    text = said(p)
    assert "遁干 칸에서 읽을 수 없는 글자: 「x」." in text
    assert "遁干 칸에 적을 것: 주어진 지지마다 천간 하나(甲乙丙丁戊己庚辛壬癸), 공망이면 空 (예: " in text
    assert "지지는 子丑寅" not in text  # the hint of another box
    whole(p, stems="甲乙丙丁")
    assert "遁干 칸에 4자리를 적었는데, 묻는 것은 3자리이다." in said(p)
    en = Practice(str(tmp_path / "e.sqlite3"), seed=1, level=1, lang="en", clock=clock)
    whole(en, kin="父 父")
    assert said(en).startswith("This answer cannot be read. The 六親 box has 2 places; it asks for 3. The 六親 box")


def test_the_english_level_line_counts_what_was_answered(tmp_path: Path) -> None:
    # "this level: 0 right of the last 12 / 1 answered" read oddly after one answer
    en = Practice(str(tmp_path / "e.sqlite3"), seed=1, level=4, lang="en", clock=clock)
    assert en.due_label.value.count("this level: 0 of 0 answers right")
    whole(en, transmissions=wrong_transmissions(en))
    assert "this level: 0 of 1 answer right<" in en.due_label.value
    for n in range(2, 14):
        en.next()
        whole(en)
        right = n - 1 if n <= 12 else 12
        line = (
            f"this level: {right} of {n} answers right<"
            if n <= 12
            else f"this level: {right} of your last 12 answers right · {n} in all<"
        )
        assert line in en.due_label.value, en.due_label.value


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_controls_are_sized_for_their_text(tmp_path: Path, lang: str) -> None:
    # at 1280×720 a text box (300px unless told) cut its grey text, the upload button its count and the
    # level menu its entries: each is sized by its text (tests/test_practice_browser.py measures the page)
    from liuren.practice.widget import text_em

    assert text_em("遁干 ab") == pytest.approx(2 + 3 * 0.6)
    p = Practice(str(tmp_path / "p.sqlite3"), seed=1, level=10, lang=lang, clock=clock)
    for field in p.fields.values():
        width = float(field.layout.width.removesuffix("em"))
        label = float(field.style.description_width.removesuffix("em"))
        assert label >= text_em(field.description) and width >= label + text_em(field.placeholder)
    menu = float(p.selector.layout.width.removesuffix("em"))
    assert menu >= max(text_em(label) for label, _ in p.selector.options)
    assert p.upload.layout.width == p.save_button.layout.width == p.skip_button.layout.width == "auto"


def test_leaving_a_box_other_than_the_last_grades_nothing(tmp_path: Path) -> None:
    # a learner correcting the first box and moving on to the next, every box filled, is not graded on the
    # way (a browser review saw a half-corrected answer recorded, then "nothing was graded" said of the next);
    # Enter in the last box (or leaving it) grades, as the page's how-to says
    p = session(tmp_path)
    assert p.item is not None
    type_in(p)
    parts = list(p.fields)
    first, last = parts[0], parts[-1]
    p.fields[first].value = p.fields[first].value + " "  # committed as the learner leaves the box
    assert p.progress.reviews() == 0 and p.grade is None
    p.fields[last].value = p.fields[last].value + " "
    assert p.progress.reviews() == 1 and p.grade is not None
