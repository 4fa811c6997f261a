"""The practice widget: grading, recording, the due count and the store surviving a reopened page."""

from __future__ import annotations

from datetime import UTC, datetime
from html import escape
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("fsrs")

from liuren.errors import StoreError
from liuren.practice import answer, solution
from liuren.practice.widget import Practice, plate_answer, question_html
from liuren.show.html import chart_html, paper_box

NOW = datetime(2026, 12, 1, 9, tzinfo=UTC)


def clock() -> datetime:
    return NOW


def session(tmp_path: Path, name: str = "p.sqlite3", **kwargs: object) -> Practice:
    return Practice(str(tmp_path / name), seed=1, level=4, clock=clock, **kwargs)  # type: ignore[arg-type]


def right_transmissions(p: Practice) -> str:
    return "".join(str(t.branch) for t in p.item.chart.transmissions)


def wrong_transmissions(p: Practice) -> str:
    """三傳 whose initial is not the chart's (so the initial is the first wrong cell)."""
    first = str(p.item.chart.transmissions[0].branch)
    other = "子" if first != "子" else "丑"
    return other + right_transmissions(p)[1:]


def test_right_answer_counts_and_logs(tmp_path: Path) -> None:
    p = session(tmp_path)
    assert p.item.level.number == 4
    assert p.progress.reviews() == 0
    grade = p.answer(transmissions=right_transmissions(p))
    assert grade is not None and grade.verdict == "right"
    assert p.progress.reviews() == 1
    state = p.progress.level_state(4)
    assert (state.right, state.answered, state.how) == (1, 1, "skipped")
    assert "맞았습니다" in p.feedback.value
    assert chart_html(p.item.chart, labels="ko") in p.feedback.value  # the 課盤 after a right answer
    # a second check of the same item is graded but not recorded again
    p.answer(transmissions=right_transmissions(p))
    assert p.progress.reviews() == 1
    p.next()
    assert p.progress.reviews() == 1 and p.grade is None and p.feedback.value == ""


def test_wrong_answer_names_the_cell_and_comes_back_sooner(tmp_path: Path) -> None:
    good = session(tmp_path, "good.sqlite3")
    bad = session(tmp_path, "bad.sqlite3")
    assert good.item.chart == bad.item.chart  # same seed, same item
    good.answer(transmissions=right_transmissions(good))
    grade = bad.answer(transmissions=wrong_transmissions(bad))
    assert grade is not None and grade.verdict == "wrong"
    assert grade.cell == "initial.branch" and grade.kind == "transmission.branch"
    assert "틀렸습니다" in bad.feedback.value and "initial.branch" in bad.feedback.value
    assert bad.progress.level_state(4).right == 0
    lesson_type = bad.item.lesson_type
    wrong_card = bad.progress.card(4, "transmission.branch", lesson_type)
    right_card = good.progress.card(4, "transmission.branch", lesson_type)
    assert wrong_card is not None and right_card is not None
    assert wrong_card.due < right_card.due
    # only the missed cell's card is rated after a wrong answer
    assert bad.progress.card(4, "method", lesson_type) is None
    assert bad.due_count == 1


def test_progress_survives_a_reopened_widget(tmp_path: Path) -> None:
    p = session(tmp_path)
    p.answer(transmissions=wrong_transmissions(p))
    p.next()
    p.answer(transmissions=right_transmissions(p))
    count = p.due_count
    assert count >= 1
    assert str(count) in p.due_label.value
    again = session(tmp_path)
    assert again.due_count == count
    assert again.due_label.value == p.due_label.value
    assert again.progress.reviews() == 2
    assert again.progress.level_state(4).open


def test_store_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LIUREN_STORE", str(tmp_path / "env.sqlite3"))
    p = Practice(seed=1, level=4, clock=clock)
    p.answer(transmissions=right_transmissions(p))
    assert Path(p.progress.store.path) == tmp_path / "env.sqlite3"
    assert Practice(seed=2, clock=clock).progress.reviews() == 1


def test_bad_answer_shows_the_message_and_records_nothing(tmp_path: Path) -> None:
    p = session(tmp_path)
    assert p.answer(transmissions="<b>xyz</b>") is None
    assert p.progress.reviews() == 0
    assert "&lt;b&gt;" in p.feedback.value and "<b>xyz" not in p.feedback.value
    assert "accepted" in p.feedback.value
    p.fields["transmissions"].value = ""
    assert p.submit() is None
    assert "nothing was answered" in p.feedback.value
    with pytest.raises(ValueError, match="not asked at level 4"):
        p.answer(noble="亥晝逆")


def test_enter_grades_once_every_box_is_filled(tmp_path: Path) -> None:
    p = session(tmp_path)
    assert set(p.fields) == {"lessons", "transmissions", "method"}
    assert all(not f.continuous_update for f in p.fields.values())
    p.fields["transmissions"].value = right_transmissions(p)  # committed, but two boxes are empty
    assert p.progress.reviews() == 0
    sol = solution(p.item)
    p.fields["lessons"].value = str(sol["lessons"])
    p.fields["method"].value = str(sol["method"])  # the last box committed: graded
    assert p.progress.reviews() == 1
    assert p.grade is not None and p.grade.verdict == "right"


def test_check_button_grades(tmp_path: Path) -> None:
    p = session(tmp_path)
    p.fields["transmissions"].value = right_transmissions(p)
    p.check_button.click()
    assert p.progress.reviews() == 1 and p.grade is not None and p.grade.verdict == "right"
    first = p.item
    p.next_button.click()
    assert p.item is not first


def test_placeholders_are_not_answers(tmp_path: Path) -> None:
    for lang, mark in (("ko", "예:"), ("zh", "如："), ("en", "e.g.")):
        p = Practice(str(tmp_path / f"{lang}.sqlite3"), seed=3, level=10, lang=lang, clock=clock)
        assert set(p.fields) == set(p.item.level.parts)
        for part, field in p.fields.items():
            assert field.placeholder.startswith(mark)
            p.fields[part].value = field.placeholder
        # a placeholder typed in as it stands is never a right answer
        grade = p.submit()
        assert grade is None or grade.verdict != "right"


def test_levels_locked_and_skip_ahead(tmp_path: Path) -> None:
    p = Practice(str(tmp_path / "s.sqlite3"), seed=1, clock=clock)
    labels = dict((v, k) for k, v in p.selector.options)
    assert "잠김" not in labels[1] and "잠김" in labels[2] and "잠김" in labels[13]
    p.selector.value = 7
    assert p.level == 7 and p.fields == {} and p.check_button.disabled
    assert "열리지 않은" in p.feedback.value
    assert not p.progress.level_state(7).open
    p.skip_button.click()
    assert p.progress.level_state(7).how == "skipped"
    assert p.item.level.number == 7 and not p.check_button.disabled
    labels = dict((v, k) for k, v in p.selector.options)
    assert "잠김" not in labels[7] and "잠김" in labels[6]


def test_moment_levels_show_the_moment_not_the_general(tmp_path: Path) -> None:
    p = Practice(str(tmp_path / "m.sqlite3"), seed=5, level=2, clock=clock)
    item = p.item
    assert item.moment is not None and item.place is not None
    html = question_html(item, "ko")
    assert f"{item.moment:%Y-%m-%d %H:%M}" in html and item.place[0] in html
    sol = solution(item)
    plate = "".join(sol["plate"].values())  # type: ignore[union-attr]
    assert plate_answer(plate) == sol["plate"]
    grade = p.answer(offset=str(sol["offset"]), plate=plate)
    assert grade is not None and grade.verdict == "right"
    assert answer(item, {"offset": sol["offset"], "plate": sol["plate"]}).verdict == "right"


def test_plate_answer_counts_the_signs() -> None:
    with pytest.raises(ValueError, match="has 3 signs"):
        plate_answer("子丑寅")


def test_english_and_chinese(tmp_path: Path) -> None:
    en = Practice(str(tmp_path / "e.sqlite3"), seed=1, level=4, lang="en", clock=clock)
    en.answer(transmissions=wrong_transmissions(en))
    assert "Wrong." in en.feedback.value and "Reviews due today: 1" in en.due_label.value
    zh = Practice(str(tmp_path / "z.sqlite3"), seed=1, level=4, lang="zh", clock=clock)
    assert "今日待複習：0" in zh.due_label.value
    assert "Practice(" in repr(zh)
    data = zh._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data and "練習" in data["text/plain"]
    assert data["text/html"].startswith(paper_box(escape(data["text/plain"]), "font-family:sans-serif"))
    again = Practice(str(tmp_path / "z2.sqlite3"), seed=9, level=4, lang="zh", clock=clock)
    assert again._repr_mimebundle_()["text/html"] == data["text/html"]  # not the dealt item


def test_the_question_carries_the_shown_inputs_only(tmp_path: Path) -> None:
    p = session(tmp_path)
    assert f'data-liuren-spec="{p.item.chart.spec()}"' in p.question.value
    moment = Practice(str(tmp_path / "m.sqlite3"), seed=5, level=2, clock=clock)
    assert "data-liuren-spec" not in moment.question.value  # the 月將 is what level 2 asks


def test_unseeded_sessions_deal_by_the_store(tmp_path: Path) -> None:
    first = Practice(str(tmp_path / "a.sqlite3"), level=4, clock=clock)
    fresh = Practice(str(tmp_path / "b.sqlite3"), level=4, clock=clock)
    assert first.item.chart == fresh.item.chart  # a fresh store: the same first item
    first.answer(transmissions=right_transmissions(first))
    assert first.progress.reviews() == 1
    later = [Practice(str(tmp_path / "a.sqlite3"), level=4, clock=clock).item.chart for _ in range(2)]
    assert later[0] == later[1]  # seeded by the store's reviews (1 now, not 0)


def test_a_returning_learner_starts_at_the_highest_open_level(tmp_path: Path) -> None:
    path = str(tmp_path / "r.sqlite3")
    first = Practice(path, seed=1, clock=clock)
    assert first.level == 1 and first.selector.value == 1
    first.selector.value = 6
    first.skip_button.click()
    again = Practice(path, seed=1, clock=clock)
    assert again.level == 6 and again.item.level.number == 6
    labels = dict((v, k) for k, v in again.selector.options)
    assert labels[6] == "6. 遙克·昴星·八專" and labels[1].startswith("1. 육십갑자")
    en = Practice(path, seed=1, lang="en", clock=clock)
    assert dict((v, k) for k, v in en.selector.options)[9] == "9. the noble and the generals (locked)"


def test_the_dashboard_and_the_wrong_answer_tabs(tmp_path: Path) -> None:
    p = session(tmp_path)
    assert p.tabs.titles == ("문제", "진도", "오답 노트") and p.dashboard.value == ""  # drawn when opened
    missed = p.item
    p.answer(transmissions=wrong_transmissions(p))
    p.next()
    p.answer(transmissions=right_transmissions(p))
    p.tabs.selected_index = 1
    assert "모두 2문제" in p.dashboard.value and "<svg" in p.dashboard.value
    p.tabs.selected_index = 2
    assert len(p.misses) == 1 and len(p.miss_rows.children) == 1
    row = p.miss_rows.children[0]
    button, line = row.children
    assert button.description == "다시 풀기" and "initial.branch" in line.value
    assert f"{missed.chart.day}日 {missed.chart.hour}時" in line.value
    button.click()  # deals the missed item again, on the first tab
    assert p.tabs.selected_index == 0 and p.item == missed and p.grade is None
    p.answer(transmissions=right_transmissions(p))  # its answer is a new review
    assert p.progress.reviews() == 3


def test_the_wrong_answer_tab_of_a_fresh_store_says_there_is_none(tmp_path: Path) -> None:
    p = session(tmp_path, lang="en")
    p.tabs.selected_index = 2
    assert "No wrong answers yet." in p.miss_rows.children[0].value
    p.tabs.selected_index = 1
    assert "Nothing answered yet." in p.dashboard.value
    p.answer(transmissions=wrong_transmissions(p))
    assert "Nothing answered yet." not in p.dashboard.value  # redrawn after an answer while open


def test_the_next_item_empties_the_same_boxes(tmp_path: Path) -> None:
    # dealing the next item sends the page new values, not new widgets to build
    p = session(tmp_path)
    boxes = dict(p.fields)
    children = p.boxes.children
    p.answer(transmissions=wrong_transmissions(p))
    p.fields["lessons"].value = "甲乙"  # a half-typed answer in another box, not checked
    assert p.progress.reviews() == 1
    p.next()
    assert p.fields == boxes and p.boxes.children == children
    assert [f.value for f in p.fields.values()] == ["", "", ""] and p.progress.reviews() == 1
    assert p.grade is None and p.feedback.value == ""
    assert p.question.value == question_html(p.item, "ko")
    p.selector.value = 2  # another level asks other parts: the boxes of those parts, shown in its order
    p.skip_button.click()
    assert list(p.fields) == ["offset", "plate"] and p.boxes.children == tuple(p.fields.values())
    p.fields["offset"].value = "3"
    p.selector.value = 4  # back: the same boxes as before, emptied
    assert p.fields == boxes and all(f.value == "" for f in p.fields.values())


def test_a_review_the_store_cannot_keep_is_not_shown_as_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = session(tmp_path)
    p.fields["transmissions"].value = right_transmissions(p)

    def full(*args: object) -> None:
        raise StoreError("the liuren store p.sqlite3 cannot be written: the disk is full")

    monkeypatch.setattr(type(p.progress), "record", full)
    with pytest.raises(StoreError, match="disk is full"):
        p.submit()
    assert "disk is full" in p.feedback.value and "맞았습니다" not in p.feedback.value
    assert p.grade is None and not p.recorded
    monkeypatch.undo()
    grade = p.submit()  # checked again: written this time
    assert grade is not None and grade.verdict == "right" and p.progress.reviews() == 1
    assert "맞았습니다" in p.feedback.value


def typed(item_solution: dict[str, object]) -> dict[str, str]:
    """A solution as a learner types it into the boxes (the plate as twelve signs, a list as lines)."""
    out = {}
    for part, value in item_solution.items():
        if isinstance(value, dict):
            out[part] = "".join(value.values())
        elif isinstance(value, list):
            out[part] = " ".join(value)
        else:
            out[part] = str(value)
    return out


def test_the_board_fills_in_the_parts_answered_right(tmp_path: Path) -> None:
    p = Practice(str(tmp_path / "b.sqlite3"), seed=1, level=3, clock=clock)
    right = typed(solution(p.item))
    assert p.board.value == "" and p.filled == ()
    wrong_lessons = right["lessons"].replace(right["lessons"][0], "午" if right["lessons"][0] != "午" else "子", 1)
    grade = p.answer(offset=right["offset"], plate=right["plate"], lessons=wrong_lessons)
    assert grade is not None and grade.verdict == "wrong" and grade.cell is not None
    assert grade.cell.startswith("lesson-1")
    assert p.filled == ("offset", "plate")  # the plate is right, so the board draws it
    assert p.board.value == chart_html(p.item.chart, labels="ko", parts=["plate"], highlight="none")
    assert p.board.value != chart_html(p.item.chart, labels="ko", parts=["plate", "lesson-1"], highlight="none")
    grade = p.answer(lessons=right["lessons"])
    assert grade is not None and grade.verdict == "right"
    assert p.board.value == ""  # a right answer shows the whole 課盤 in the feedback instead
    assert chart_html(p.item.chart, labels="ko") in p.feedback.value
    p.next()
    assert p.filled == () and p.board.value == ""


def test_one_step_at_a_time_asks_each_part_and_records_the_item_once(tmp_path: Path) -> None:
    p = Practice(str(tmp_path / "s.sqlite3"), seed=1, level=3, one_step=True, clock=clock)
    right = typed(solution(p.item))
    parts = p.item.level.parts
    assert p.asking == (parts[0],) and p.boxes.children == (p.fields[parts[0]],)
    # Enter in the one box asked checks it: right, so the board fills and the next box is asked
    p.fields["offset"].value = right["offset"]
    assert p.grade is None and p.filled == ("offset",) and p.progress.reviews() == 0
    assert p.asking == ("plate",) and p.boxes.children == (p.fields["plate"],)
    plate = right["plate"]
    wrong_plate = plate[1:] + plate[0]
    grade = p.answer(plate=wrong_plate)  # a wrong step: named, and the item recorded as missed
    assert grade is not None and grade.verdict == "wrong" and grade.cell is not None and grade.cell.startswith("plate")
    assert p.progress.reviews() == 1 and p.asking == ("plate",)
    assert p.answer(plate=plate) is not None and p.asking == ("lessons",)
    grade = p.answer(lessons=right["lessons"])
    assert grade is not None and grade.verdict == "right" and p.asking == ()
    assert p.progress.reviews() == 1  # the item's first grade (the missed plate) is what was kept
    assert p.progress.level_state(3).right == 0
    # switching the mode off asks every box again
    p.one_step.value = False
    assert p.boxes.children == tuple(p.fields.values())


def test_one_step_through_a_whole_item_right_records_it_right(tmp_path: Path) -> None:
    p = Practice(str(tmp_path / "r.sqlite3"), seed=1, level=3, one_step=True, clock=clock)
    right = typed(solution(p.item))
    for part in p.item.level.parts:
        grade = p.answer(**{part: right[part]})
        assert grade is not None and grade.verdict == "right"
    assert p.progress.reviews() == 1 and p.progress.level_state(3).right == 1
