"""The explorer driven without a browser: set control values, assert on ``explorer.chart``.

Observers fire synchronously outside a kernel (ipywidgets' documentation, "Widget Events": a widget's
attributes are traitlets, and an ``observe`` handler runs when a value is set in Python), so every assertion
below is on plain Python state; ``Output.outputs`` is filled with ``append_display_data`` and is
checked only for which mime types it holds.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest
import traitlets

import liuren
from liuren import ParseError, School
from liuren.show.html import chart_html
from liuren.show.svg import plate_svg
from liuren.show.widgets import Exercise, Explorer, Stepper, deal_pool, differences, explorer


def branches(chart: liuren.Chart) -> str:
    return "".join(t.branch for t in chart.transmissions)


def shorts(chart: liuren.Chart) -> str:
    return "".join(t.general.short for t in chart.transmissions)


def test_import_liuren_leaves_widgets_and_matplotlib_unimported():
    code = "import sys, liuren; print(sorted(m for m in ('ipywidgets', 'matplotlib') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_starts_at_the_given_chart():
    ex = explorer("丙申", "午", "亥")
    assert isinstance(ex, Explorer)
    assert ex.chart == liuren.chart("丙申", "午", "亥")
    assert branches(ex.chart) == "卯申丑"
    assert (str(ex.chart.method), ex.chart.lesson_type) == ("賊克", "元首")
    assert ex.error is None
    assert (ex.day.value, ex.hour.value, ex.general.value, ex.noble.value) == ("丙申", "午", "亥", "auto")


def test_setting_day_hour_general_one_by_one():
    # 004 元首課, second example: 正月 亥將 甲戌日 未時 -> 寅午戌, 天后 白虎 六合
    ex = explorer()
    ex.day.value = "甲戌"
    ex.hour.value = "未"
    ex.general.value = "亥"
    assert branches(ex.chart) == "寅午戌"
    assert shorts(ex.chart) == "后虎合"
    assert ex.chart.lesson_type == "元首"
    assert [lesson.upper for lesson in ex.chart.lessons] == ["午", "戌", "寅", "午"]


def test_set_many_at_once_matches_one_by_one():
    ex = explorer()
    ex.set(day="壬申", hour="卯", general="丑")
    assert branches(ex.chart) == "午辰寅"
    assert shorts(ex.chart) == "后蛇合"
    assert ex.chart == liuren.chart("壬申", "卯", "丑")


def test_set_rebuilds_the_chart_once():
    ex = explorer()
    built = []
    original = ex._update
    ex._update = lambda: (built.append(1), original())
    ex.set(day="己卯", hour="午", general="卯")
    assert len(built) == 1
    assert (branches(ex.chart), ex.chart.lesson_type) == ("子酉午", "彈射")


def test_set_rejects_unknown_controls():
    with pytest.raises(TypeError, match="colour"):
        explorer().set(colour="red")


def test_noble_choice_switches_the_generals():
    # 002 贅婿課: 二月 甲戌日 寅時 (戌將); the book prints the 晝 generals 合白后 for 戌午寅
    ex = explorer("甲戌", "寅", "戌")
    assert ex.chart.noble == "night"
    assert shorts(ex.chart) == "合后虎"
    ex.noble.value = "day"
    assert ex.chart.noble == "day"
    assert shorts(ex.chart) == "合虎后"
    assert branches(ex.chart) == "戌午寅"
    ex.noble.value = "auto"
    assert ex.chart.noble == "night"


def test_school_preset_changes_the_noble_table():
    ex = explorer("丙申", "午", "亥")
    assert ex.chart.noble_branch == "亥"  # table A: 丙 晝亥
    ex.school.value = "tanyuan"
    assert ex.chart.school == School.preset("探原")
    assert ex.chart.noble_branch == "酉"  # table B: 丙 晝酉
    assert branches(ex.chart) == "卯申丑"


def test_month_is_passed_through():
    ex = explorer(month="寅")
    assert ex.month.value == "寅"
    assert ex.chart.month == "寅"
    ex.month.value = "none"
    assert ex.chart.month is None


def test_year_is_passed_through():
    ex = explorer(year="午")
    assert (ex.year.value, ex.chart.year) == ("午", "午")
    ex.set(year="none")
    assert ex.chart.year is None


def test_custom_school_is_kept_as_an_option():
    custom = School().replace(noble_table="B")
    ex = explorer("丙申", "午", "亥", school=custom)
    assert ex.school.value == "custom"
    assert ex.chart.school == custom
    ex.school.value = "default"
    assert ex.chart.school == School()
    ex.school.value = "custom"
    assert ex.chart.school == custom


def test_bad_combination_shows_the_error_and_recovers():
    sunrise = School().replace(day_night="sun")
    ex = explorer("丙申", "午", "亥", noble="day", school=sunrise)
    ex.noble.value = "auto"
    assert ex.chart is None
    assert "noble='day'" in ex.error
    assert repr(ex).startswith("Explorer(error=")
    assert "sunrise" in ex.board.value and ex.plate.value == ""
    ex.noble.value = "night"
    assert ex.error is None
    assert ex.chart.noble == "night"
    assert branches(ex.chart) == "卯申丑"


def test_bad_starting_values_raise_the_chart_error():
    with pytest.raises(ParseError, match="甲丑"):
        explorer(day="甲丑")


def test_set_reads_values_as_the_constructor_does():
    ex = explorer()
    ex.set(
        day="甲戌日",
        hour="未時",
        general="登明",
        noble="晝",
        school="探原",
        month="寅月",
        year="午年",
        benming="庚午",
        xingnian="寅",
    )
    assert (
        ex.day.value,
        ex.hour.value,
        ex.general.value,
        ex.noble.value,
        ex.school.value,
        ex.month.value,
        ex.year.value,
        ex.benming.value,
        ex.xingnian.value,
    ) == ("甲戌", "未", "亥", "day", "tanyuan", "寅", "午", "午", "寅")
    assert ex.chart == liuren.chart(
        "甲戌", "未", "亥", noble="day", school="tanyuan", month="寅", year="午", nianming=("午", "寅")
    )
    ex.set(
        general="神后",
        hour="午时",
        noble="auto",
        month=None,
        year="none",
        benming=None,
        school="DEFAULT",
        against="大全",
    )
    assert (ex.general.value, ex.hour.value, ex.noble.value, ex.month.value, ex.year.value, ex.benming.value) == (
        "子",
        "午",
        "auto",
        "none",
        "none",
        "none",
    )
    assert (ex.school.value, ex.against.value, ex.chart) == ("default", "daquan", liuren.chart("甲戌", "午", "子"))


@pytest.mark.parametrize(
    ("bad", "needle"),
    [
        ({"day": "甲丑"}, "not one of the 60 pillars"),
        ({"day": "x" * 10**6}, "(1,000,000 characters) is not a day pillar"),
        ({"hour": "午將"}, "is not an hour branch"),
        ({"general": "亥時"}, "is not a month general"),
        ({"general": "后" * 10**6}, "(1,000,000 characters) is not a month general"),
        ({"noble": "dusk"}, "noble='dusk' is not understood"),
        ({"school": "nope"}, "'nope' is not a school"),
        ({"school": "custom"}, "'custom' is not a school"),  # only when the explorer was started with a custom School
        ({"against": "s" * 10**6}, "(1,000,000 characters) is not a school"),
        ({"month": "寅時"}, "is not a month branch"),
        ({"year": "甲"}, "is not a year branch"),
        ({"benming": "甲丑"}, "is not a 本命 branch"),
        ({"xingnian": "x" * 10**6}, "(1,000,000 characters) is not a 行年 branch"),
        ({"labels": "fr"}, "lang='fr' is not a language"),
        ({"compare": "both"}, "compare='both') is not a compare mode"),
        ({"turn": 12}, "turn=12) is not an hour index"),
        ({"hour": "未", "day": "甲丑"}, "甲丑"),  # one bad value: none is set
    ],
)
def test_set_with_a_bad_value_is_a_bounded_liuren_error_and_changes_nothing(bad, needle):
    ex = explorer()
    before = (ex.chart, [getattr(ex, name).value for name in ex.CONTROLS], ex.board.value)
    with pytest.raises(liuren.LiurenError) as info:
        ex.set(**bad)
    assert needle in str(info.value) and len(str(info.value)) < 600
    assert (ex.chart, [getattr(ex, name).value for name in ex.CONTROLS], ex.board.value) == before


def test_dropdowns_refuse_values_outside_their_options():
    ex = explorer()
    with pytest.raises(traitlets.TraitError):
        ex.day.value = "甲丑"
    assert ex.chart == liuren.chart("丙申", "午", "亥")


def test_repr_and_output_are_deterministic():
    a, b = explorer("甲午", "申", "巳"), explorer("甲午", "申", "巳")
    assert repr(a) == repr(b) == "Explorer(Chart('甲午', '申', '巳', noble='day', school='default'))"
    assert "0x" not in repr(a)
    assert (a.board.value, a.plate.value) == (b.board.value, b.plate.value)


def test_output_holds_the_chart_and_optionally_its_explanation():
    ex = explorer("甲午", "申", "巳", drawing=False, labels="en")
    assert ex.board.value == chart_html(ex.chart, labels="en") and "蒿矢" in ex.board.value
    assert ex.plate.value == "" and ex.notes.value == ""
    ex.show_explain.value = True
    explained = ex.notes.value
    assert "only 申 overcomes the day stem" in explained
    assert "天網: the hour 申 and the 初傳 申 both overcome 甲" in explained
    assert (
        "set the month (月建), year (太歲), natal year (本命) and year of age (行年) controls" in explained
        and "pass month=" not in explained
    )
    ex.labels.value = "ko"
    assert "섭해" not in ex.notes.value and "요극(遙克)" in ex.notes.value  # the explanation follows the label language


def test_round_plate_beside_the_chart():
    ex = explorer("丙申", "午", "亥")
    assert ex.drawing and ex.plate.value == plate_svg(ex.chart, size=360)
    assert 'data-cell="heaven-亥"' in ex.plate.value
    assert not explorer("丙申", "午", "亥", drawing=False).drawing


def test_widget_mimebundle():
    bundle = explorer()._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_starting_values_are_read_like_chart_inputs():
    ex = explorer("丙申", "午時", "登明", noble="晝", school="探原", month="寅")
    assert (ex.hour.value, ex.general.value, ex.noble.value, ex.school.value, ex.month.value) == (
        "午",
        "亥",
        "day",
        "tanyuan",
        "寅",
    )
    assert ex.chart == liuren.chart("丙申", "午", "亥", noble="day", school="tanyuan", month="寅")


def test_set_with_a_value_of_the_wrong_type_is_a_liuren_error_and_changes_nothing():
    ex = explorer()
    for bad in (
        {"day": ("卯", "申")},
        {"hour": 3},
        {"day": None},
        {"month": 1},
        {"show_explain": "yes"},
        {"turn": True},
        {"day": "甲戌", "general": ["亥"]},
    ):
        with pytest.raises(ParseError, match="takes a"):
            ex.set(**bad)
        assert (ex.day.value, ex.hour.value, ex.general.value) == ("丙申", "午", "亥")
        assert ex.chart == liuren.chart("丙申", "午", "亥")


# ---------------------------------------------------------------- the reworked explorer
def test_updates_in_place_without_clearing():
    ex = explorer("丙申", "午", "亥")
    views = (ex.board, ex.plate, ex.notes)
    children = ex.widget.children
    ex.set(day="甲戌", hour="未")
    assert (ex.board, ex.plate, ex.notes) == views and ex.widget.children == children  # the same widgets, new values
    assert ex.board.value == chart_html(ex.chart)
    assert ex.plate.value == plate_svg(ex.chart, size=360)


def test_hour_slider_and_play_turn_the_heaven_plate():
    ex = explorer("丙申", "午", "亥")
    assert ex.turn.value == 6
    ex.turn.value = 7
    assert ex.hour.value == "未" and ex.chart == liuren.chart("丙申", "未", "亥") and ex.chart.offset == 4
    ex.play.value = 8  # Play drives the slider (linked), the slider drives the hour
    assert ex.turn.value == 8 and ex.chart.hour == "申"
    ex.hour.value = "子"
    assert ex.turn.value == 0 and ex.play.value == 0
    ex.set(turn=3)
    assert ex.chart.hour == "卯"
    offsets = []
    for h in range(12):
        ex.play.value = h
        offsets.append(ex.chart.offset)
    assert offsets == [(11 - h) % 12 for h in range(12)]  # each hour turns heaven one square


def test_compare_two_schools_and_day_night():
    ex = explorer("丙申", "午", "亥", compare="school")
    assert ex.other == liuren.chart("丙申", "午", "亥", school="tanyuan")
    assert ex.differences == differences(ex.chart, ex.other)
    assert "noble" in ex.differences and "initial" in ex.differences  # table B: 丙 晝酉, so the generals differ
    assert "background:#f2e3b3" in ex.board.value and "background:#f2e3b3" in ex.plate.value
    ex.set(compare="noble")
    assert ex.other.noble == "night" and ex.other.transmissions[0].branch == ex.chart.transmissions[0].branch
    ex.set(compare="none")
    assert ex.other is None and ex.differences == () and ex.plate.value.startswith("<svg")
    same = liuren.chart("丙申", "午", "亥")
    assert differences(same, same) == ()
    shehai = explorer("甲辰", "子", "亥", compare="school")  # 涉害 by depth under 探原
    assert any(k in shehai.differences for k in ("initial", "middle", "final"))


def test_label_language_and_control_labels():
    ex = explorer("丙申", "午", "亥")
    assert (ex.school.description, ex.show_explain.description) == ("學派", "解說")
    ex.set(labels="ko")
    assert (ex.school.description, ex.show_explain.description) == ("학파", "설명")
    assert ex.board.value == chart_html(ex.chart, labels="ko") and "원수" in ex.board.value
    ex.labels.value = "en"
    assert ex.school.description == "school" and ex.board.value == chart_html(ex.chart, labels="en")
    ex.show_explain.value = True
    assert ex.notes.value.count("三傳 卯申丑: 賊克 → 元首") == 1


def test_the_english_explorer_labels_the_persons_years_in_english():
    # the English explorer left 「本命」 and 「行年」 as they stand while every other label was English
    from liuren.show.words.vocabulary import VOCABULARY

    ex = explorer("丙申", "午", "亥", labels="en")
    said = (ex.benming.description, ex.xingnian.description)
    assert said == (VOCABULARY["本命"].english, VOCABULARY["行年"].english) == ("natal year", "year of age")
    assert ex.benming.style.description_width == "88px" and ex.day.style.description_width == "64px"
    ex.labels.value = "ko"
    assert (ex.benming.description, ex.xingnian.description) == ("본명", "행년")


def test_fallback_mimebundles():
    ex = explorer("丙申", "午", "亥")
    bundle = ex._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"].startswith(str(ex.chart)) and "執行此儲存格" in bundle["text/plain"]
    assert bundle["text/html"].startswith(chart_html(ex.chart)) and "執行此儲存格" in bundle["text/html"]
    stepper = Stepper(liuren.chart("丙申", "午", "亥"), lang="en")
    stepper.next()
    b = stepper._repr_mimebundle_()
    assert b["text/html"].startswith(stepper.step.html()) and "run this cell" in b["text/html"]
    assert "Lesson 1" in b["text/plain"] and "application/vnd.jupyter.widget-view+json" in b
    exercise = Exercise(seed=3, lang="ko")
    b = exercise._repr_mimebundle_()
    assert "셀을 실행하면" in b["text/html"] and str(exercise.chart.day) in b["text/plain"]
    assert "初傳" not in b["text/plain"] and exercise.chart.lesson_type not in b["text/html"]  # the answers stay hidden


# ---------------------------------------------------------------- the stepper
def test_stepper_next_prev_play_and_slider():
    chart = liuren.chart("戊辰", "申", "卯")
    s = Stepper(chart, lang="en")
    keys = [x.key for x in chart.steps("en")]
    assert s.step.key == "plate" and 'data-key="plate"' in s.board.value
    assert (s.number, s.slider.min, s.slider.value, s.play.min) == (1, 1, 1, 1)  # counted from 1, as shown
    shown = [s.board.value]
    for key in keys[1:]:
        assert s.next().key == key
        shown.append(s.board.value)
    assert s.next().key == "patterns" and s.key == "reading"  # after the patterns: the reading
    shown.append(s.board.value)
    assert (s.number, s.slider.max, s.play.max) == (len(keys) + 1,) * 3
    assert s.next().key == "patterns" and s.key == "reading"  # the last stays
    assert len(set(shown)) == len(keys) + 1  # every step shows something new
    assert s.prev().key == keys[-1] and s.key == "patterns"
    assert s.prev().key == keys[-2]
    s.next_button.click()
    assert s.key == "patterns"
    s.next_button.click()
    assert s.key == "reading"
    s.prev_button.click()
    assert s.key == "patterns"
    s.play.value = 1
    assert s.step.key == "plate" and s.slider.value == 1
    s.prev()
    assert s.number == 1  # the first stays
    s.slider.value = keys.index("gate-biyong") + 1
    assert "2 of the 3 candidates" in s.board.value
    assert 'data-cell="heaven-子"' in s.plate.value


def test_stepper_language_and_set():
    chart = liuren.chart("丙申", "午", "亥")
    s = Stepper(chart)  # Korean by default
    assert s.step.lang == "ko" and "천지반" in s.board.value
    s.set(step="gate-zeike")
    assert s.step.key == "gate-zeike"
    s.set(lang="zh")
    assert s.step.key == "gate-zeike" and s.step.lang == "zh" and "只有一個" in s.board.value
    assert s.next_button.description == "下一步"
    s.lang.value = "en"
    assert s.next_button.description == "Next" and "One candidate" in s.board.value
    assert s.set(step=1).key == "plate" and s.set(step=2).key == "lesson-1"  # numbered as the slider shows them
    assert s.set(step=len(s.steps)).key == "patterns" and s.key == "patterns"
    s.set(step=len(s.steps) + 1)
    assert s.key == "reading"
    for name in ("reading", "占斷", "占断"):
        s.set(step=1)
        s.set(step=name)
        assert s.key == "reading"
    for bad in ("gate-yaoke", 0, -1, len(s.steps) + 2, 99, True, 1.5, "x" * 10**6):
        with pytest.raises(ParseError, match=f"accepted: 1–{len(s.steps) + 1} or one of plate"):
            s.set(step=bad)
    assert s.key == "reading"  # a bad step changes nothing
    s.set(step=1)
    with pytest.raises(ParseError):
        Stepper("丙申")
    assert repr(s) == "Stepper(Chart('丙申', '午', '亥', noble='day', school='default'), step='plate')"
    s.set(step="reading")
    assert repr(s).endswith("step='reading')")


def test_the_stepper_ends_on_the_reading_of_its_chart():
    chart = liuren.chart("丙申", "午", "亥", month="寅")
    s = Stepper(chart, lang="ko")
    s.set(step="patterns")
    assert "점단" not in s.board.value
    s.next()
    reading = chart.reading(lang="ko")
    assert s.reading == reading and len(reading.applies) > 10
    assert s.board.value.startswith('<div class="liuren-step" data-key="reading">')
    assert f"{len(s.steps) + 1}. 점단(占斷)" in s.board.value  # its number, counted from 1, and its title
    assert reading._repr_html_() in s.board.value and "「諸占吉多凶少」" in s.board.value
    assert "max-height:460px;overflow-y:auto" in s.board.value  # bounded, it scrolls on its own
    assert s.plate.value == plate_svg(chart, size=340)  # the whole plate, nothing singled out
    s.set(lang="en")
    assert s.key == "reading" and s.reading.lang == "en"
    assert chart.reading(lang="en")._repr_html_() in s.board.value and "Reading (占斷)" in s.board.value
    bundle = s._repr_mimebundle_()
    assert (
        f"{len(s.steps) + 1}. Reading (占斷)\n" in bundle["text/plain"]
        and str(chart.reading(lang="en")) in bundle["text/plain"]
    )
    assert bundle["text/html"].startswith(s.board.value) and "run this cell" in bundle["text/html"]
    s.set(lang="zh")
    assert "「諸占吉多凶少」" in s.board.value and "합" not in s.board.value
    assert ">占斷</div>" in s.board.value  # the first chapter's book is named at its own rows, not in the title
    assert "《大六壬靈覺經》 元首課 l.11" in s.board.value and "《大六壬靈覺經》 殃咎課" not in s.board.value
    quiet = Stepper(chart, lang="en", drawing=False)
    quiet.set(step="reading")
    assert quiet.plate.value == "" and "Reading (占斷)" in quiet.board.value


# ---------------------------------------------------------------- the exercise
def test_the_english_exercise_labels_its_boxes_in_english_and_none_is_cut():
    # the English exercise labelled its boxes "offset d", "lessons", 「三傳」, "method": one term left
    # untranslated among English labels; the labels column is as wide as the longest of them
    from liuren.practice.widget import text_em
    from liuren.show.words.vocabulary import VOCABULARY

    ex = Exercise(seed=3, lang="en")
    labels = [f.description for f in ex.fields.values()]
    assert labels == ["offset d", "lessons", "transmissions", "method"]
    assert VOCABULARY["三傳"].english.endswith(labels[2]) and VOCABULARY["四課"].english.endswith(labels[1])
    width = float(ex.fields["transmissions"].style.description_width.removesuffix("em"))
    assert width >= max(text_em(x) for x in labels) + 1 == text_em("transmissions") + 1
    assert [f.description for f in Exercise(seed=3, lang="ko").fields.values()] == ["차이 d", "사과", "삼전", "과체"]


def test_exercise_deals_rare_types_as_often_as_common_ones():
    ex = Exercise(seed=42, lang="en")
    for _ in range(880):
        ex.deal()
    kinds = Counter(c.lesson_type for c in ex.dealt)
    pool = deal_pool(School())
    assert set(kinds) == set(pool) and len(pool) == 20  # every type of the default school
    assert len(pool["別責"]) == 9 and sum(map(len, pool.values())) == 720
    assert min(kinds.values()) >= 20 and max(kinds.values()) <= 80  # about 44 each, 別責 as often as 元首
    hours = Counter(c.hour for c in ex.dealt)
    assert len(hours) == 12
    again = Exercise(seed=42, lang="en")
    for _ in range(880):
        again.deal()
    assert again.dealt == ex.dealt  # a seed makes a set reproducible
    assert {c.lesson_type for c in Exercise(seed=1, school="tanyuan").dealt} <= set(deal_pool(School.preset("tanyuan")))


def test_exercise_checks_every_part():
    ex = Exercise(seed=7, lang="en")
    c = ex.chart
    right = {
        "offset": c.offset,
        "lessons": "".join(x.upper for x in c.lessons),
        "transmissions": "".join(t.branch for t in c.transmissions),
        "method": c.lesson_type,
    }
    assert ex.answer(**right).ok and "✔" in ex.feedback.value
    wrong = ex.answer(offset=(c.offset + 1) % 12)
    assert not wrong.ok and wrong.first_error == "plate" and "✘" in ex.feedback.value
    bad = ex.answer(offset="", lessons="子子")
    assert not bad.ok and "has 2 lessons" in bad.message
    ex.check_button.click()
    assert ex.result is not None
    first = ex.chart
    ex.deal_button.click()
    assert ex.chart is not first and ex.result is None and all(f.value == "" for f in ex.fields.values())
    with pytest.raises(TypeError):
        ex.answer(colour="red")
    with pytest.raises(ParseError):
        Exercise(mode="some")


def test_exercise_check_button_shows_an_error_for_an_offset_of_thousands_of_digits():
    ex = Exercise(seed=5, lang="en")
    result = ex.answer(offset="1" * 4301)
    assert not result.ok and "is out of range" in result.message and "out of range" in ex.feedback.value


def test_exercise_one_step_at_a_time():
    ex = Exercise(seed=5, lang="ko", mode="one")
    c = ex.chart
    assert ex.asking == ("offset",)
    assert [f.layout.display for f in ex.fields.values()] == ["", "none", "none", "none"]
    assert not ex.answer(offset=(c.offset + 3) % 12).ok and ex.asking == ("offset",)
    assert ex.answer(offset=c.offset).ok and ex.asking == ("lessons",)
    assert ex.answer(lessons="".join(x.upper for x in c.lessons)).ok and ex.asking == ("transmissions",)
    assert ex.answer(transmissions="".join(t.branch for t in c.transmissions)).ok and ex.asking == ("method",)
    assert ex.answer(method=str(c.method)).ok and ex.asking == ()
    assert "모두 맞았다" in ex.feedback.value and chart_html(c, labels="ko") in ex.feedback.value


def test_nianming_controls():
    ex = explorer("丙申", "午", "亥", nianming=("午", "寅"))
    assert (ex.benming.value, ex.xingnian.value) == ("午", "寅")
    assert ex.chart == liuren.chart("丙申", "午", "亥", nianming=("午", "寅"))
    ex.set(xingnian="none")  # one alone is not a 年命
    assert ex.chart.nianming is None
    ex.set(benming="子", xingnian="卯", compare="noble")
    assert (ex.chart.nianming.benming, ex.chart.nianming.xingnian) == ("子", "卯")
    assert ex.other.nianming == ex.chart.nianming
    ex.set(labels="ko")
    assert ex.benming.description == "본명"


def test_stepper_and_explorer_refuse_odd_settings_with_liuren_errors():
    from liuren.show.widgets import Explorer, Stepper

    c = liuren.chart("丙申", "午", "亥")
    for kwargs in ({"interval": "x"}, {"interval": -1}, {"interval": True}, {"drawing": "no"}):
        with pytest.raises(ParseError):
            Stepper(c, **kwargs)
    assert Explorer("丙申", "午", "亥", lang="ko").labels.value == "ko"
    with pytest.raises(ParseError, match="disagree"):
        Explorer("丙申", "午", "亥", lang="ko", labels="en")


def test_explorer_flags_are_true_or_false():
    for bad in ({"drawing": "no"}, {"explain": 0.0}, {"explain": None}, {"drawing": 1}):
        with pytest.raises(ParseError, match=r"is not understood; accepted: True or False"):
            explorer(**bad)


# ---------------------------------------------------------------- the reading panel
def test_the_reading_panel_shows_the_reading_of_the_current_chart():
    ex = explorer("丙申", "午", "亥", month="寅", labels="ko")
    assert ex.reading is None and ex.reading_view.value == "" and ex.reading_panel.layout.display == "none"
    assert ex.show_reading.description == "점단" and ex.matter.value == ex.querent.value == "none"
    ex.show_reading.value = True
    assert ex.reading_panel.layout.display == ""
    assert ex.reading == ex.chart.reading(lang="ko")
    assert ex.reading_view.value == ex.chart.reading(lang="ko")._repr_html_()
    assert "「諸占吉多凶少」" in ex.reading_view.value and "점단(占斷)" in ex.reading_view.value
    assert (ex.reading_view.layout.max_height, ex.reading_view.layout.overflow) == ("340px", "auto")
    everything = len(ex.reading.applies) + len(ex.reading.open)
    ex.set(matter="病")  # a matter narrows it to that matter and the overall statements
    assert ex.matter.value == "病" and ex.reading.matter == "病"
    assert ex.reading_view.value == ex.chart.reading("病", lang="ko")._repr_html_()
    assert 0 < len(ex.reading.applies) + len(ex.reading.open) < everything
    assert all("病" in j.statement.matters or "總" in j.statement.matters for j in ex.reading.applies)
    assert "점치는 일: 病 · 질병" in ex.reading_view.value
    open_before = len(ex.reading.open)
    ex.set(querent="official")  # who asks decides the statements kept open for want of it
    assert ex.querent.value == "官" and ex.reading.querent == "官" and len(ex.reading.open) < open_before
    assert "묻는 이: 官 (벼슬아치)" in ex.reading_view.value
    ex.set(matter=None, querent="none")
    assert ex.reading == ex.chart.reading(lang="ko")


def test_the_reading_panel_follows_every_control():
    ex = explorer("丙申", "午", "亥", labels="en")
    ex.set(show_reading=True, matter="illness")
    for change in (
        {"day": "甲戌", "hour": "未"},
        {"general": "子"},
        {"noble": "night"},
        {"school": "tanyuan"},
        {"month": "寅"},
        {"year": "午"},
        {"benming": "子", "xingnian": "卯"},
        {"turn": 3},
    ):
        before = ex.reading
        ex.set(**change)
        assert ex.reading.chart == ex.chart and ex.reading is not before
        assert ex.reading_view.value == ex.chart.reading("病", lang="en")._repr_html_()
    assert ex.chart.month == "寅" and ex.chart.nianming is not None and ex.chart.hour == "卯"
    ex.hour.value = "酉"  # a control set by hand, as a learner does
    assert ex.reading.chart.hour == "酉" and ex.reading_view.value == ex.chart.reading("病", lang="en")._repr_html_()
    ex.labels.value = "zh"  # the label language is the reading's language
    assert ex.reading.lang == "zh" and ex.matter.value == "病"
    assert [label for label, _ in ex.matter.options[:3]] == ["—", "總", "官"]
    ex.labels.value = "ko"
    assert dict((v, k) for k, v in ex.matter.options)["病"] == "病 · 질병" and ex.matter.description == "점칠 일"
    assert dict((v, k) for k, v in ex.querent.options)["常人"] == "常人 (보통 사람)"
    assert ex.reading.lang == "ko" and ex.matter.value == "病"
    ex.show_reading.value = False  # closed: nothing is read
    assert ex.reading is None and ex.reading_view.value == "" and ex.reading_panel.layout.display == "none"


def test_the_reading_panel_is_empty_while_the_chart_cannot_be_built():
    sunrise = School().replace(day_night="sun")
    ex = explorer("丙申", "午", "亥", noble="day", school=sunrise)
    ex.set(show_reading=True)
    assert ex.reading is not None
    ex.noble.value = "auto"
    assert ex.chart is None and ex.reading is None and ex.reading_view.value == ""
    ex.noble.value = "night"
    assert ex.reading == ex.chart.reading(lang="zh")


@pytest.mark.parametrize(
    ("bad", "needle"),
    [
        ({"matter": "茶"}, "matter='茶' is not a matter; accepted: 總 (overall)"),
        ({"matter": "x" * 10**6}, "(1,000,000 characters) is not a matter"),
        ({"querent": "王"}, "querent='王' is not a querent; accepted: 官 (official)"),
        ({"matter": 3}, "matter takes a str or None, got int"),
        ({"show_reading": "yes"}, "show_reading takes a bool"),
        ({"matter": "病", "querent": "王"}, "王"),  # one bad value: none is set
    ],
)
def test_set_with_a_bad_matter_or_querent_is_a_parse_error_and_changes_nothing(bad, needle):
    ex = explorer()
    ex.set(show_reading=True)
    before = (ex.matter.value, ex.querent.value, ex.reading, ex.reading_view.value)
    with pytest.raises(ParseError) as info:
        ex.set(**bad)
    assert needle in str(info.value) and len(str(info.value)) < 600
    assert (ex.matter.value, ex.querent.value, ex.reading, ex.reading_view.value) == before


def test_set_reads_matters_and_querents_as_the_reading_does():
    ex = explorer()
    for given, matter in (("病", "病"), ("illness", "病"), (" 來意 ", "來意"), ("WEALTH", "財"), ("none", "none")):
        ex.set(matter=given)
        assert ex.matter.value == matter
    for given, querent in (("官", "官"), ("commoner", "常人"), (None, "none")):
        ex.set(querent=given)
        assert ex.querent.value == querent


# ---------------------------------------------------------------- forged values stay text
FORGED = '<img src=x onerror="alert(1)">'


def test_a_forged_comm_update_cannot_put_markup_in_the_explorer():
    ex = explorer(labels="en", explain=True)
    ex.set(show_reading=True)
    views = lambda: (ex.board.value, ex.plate.value, ex.notes.value, ex.reading_view.value)  # noqa: E731
    before = views()
    for control in (ex.day, ex.matter, ex.querent, ex.labels):
        with pytest.raises(traitlets.TraitError):
            control.set_state({"index": 10**6})  # a dropdown syncs its index: out of range is refused
    ex.matter.set_state({"value": FORGED})  # its value is not synced from the page at all
    with pytest.raises(ParseError) as info:
        ex.set(matter=FORGED)
    assert "<img" in str(info.value)  # the error quotes it, for Python, and it is shown nowhere
    assert views() == before and all("<img" not in v for v in views())


def test_a_forged_answer_shows_as_text_in_the_exercise():
    ex = Exercise(seed=2, lang="en")
    for field in ex.fields.values():
        field.set_state({"value": FORGED})  # the learner's text, as the page sends it
    ex.check_button.click()
    assert not ex.result.ok and "&lt;img src=x onerror=&quot;aler" in ex.feedback.value
    assert "<img" not in ex.feedback.value and "<img" not in ex.question.value


def test_a_forged_step_stays_a_step_in_the_stepper():
    s = Stepper(liuren.chart("丙申", "午", "亥"), lang="en")
    s.slider.set_state({"value": 10**6})  # clamped to the last (the reading)
    assert s.key == "reading" and s.number == len(s.steps) + 1
    s.slider.set_state({"value": -5})
    assert s.key == "plate" and s.number == 1
    with pytest.raises(traitlets.TraitError):
        s.lang.set_state({"index": 7})
    with pytest.raises(ParseError):
        s.set(step=FORGED)
    assert "<img" not in s.board.value and s.board.value == s.step.html()


# ---------------------------------------------------------------- the printed-chart box
YUANSHOU_PRINTED = "父卯常 才申六 子丑陰 龍 陰 常 蛇 午 丑 卯 戌 丑 申 戌 丙 戌亥子丑 酉 寅 申 卯 未午巳辰"
"""《大六壬靈覺經》 元首課's 「假如正月丙申日亥將午時占」 as the chapter prints it (no hour, no general)."""


def test_a_chapters_printed_line_fills_the_controls_and_names_the_preset():
    ex = explorer("甲子", "卯", "子", labels="ko")
    assert ex.printed_panel.layout.display == "none" and ex.show_printed.description == "인쇄본"
    ex.show_printed.value = True
    assert ex.printed_panel.layout.display == ""
    ex.printed_text.value = YUANSHOU_PRINTED
    ex.identify_button.click()
    # the print fixes the day and the plate (d = 5); the hour 卯 is kept, so the general is 申
    assert (ex.day.value, ex.hour.value, ex.general.value, ex.noble.value) == ("丙申", "卯", "申", "auto")
    assert ex.chart is not None and ex.chart.offset == 5 and branches(ex.chart) == "卯申丑"
    assert shorts(ex.chart) == "常合陰" and ex.printed_error is None
    assert ex.identification == liuren.identify(printed=YUANSHOU_PRINTED)
    assert ex.identification.presets == ("default", "tanyuan", "daquan")
    view = ex.printed_view.value
    assert "인쇄본은 점시를 정하지 않는다: 卯時로 둔다(申將, 천지반의 차이 d = 5)." in view
    assert "프리셋: default, tanyuan, daquan" in view and "기본 학파로 나온다" in view and "presets" not in view
    ex.labels.value = "en"  # the account follows the label language
    assert "The print fixes no hour: 卯時 is taken (申將, offset d = 5)." in ex.printed_view.value
    assert (
        "presets: default, tanyuan, daquan" in ex.printed_view.value
        and "the default reproduces it" in ex.printed_view.value
    )


def test_a_tanyuan_only_print_sets_the_school_and_names_the_option():
    printed = str(liuren.chart("辛卯", "戌", "戌", school="tanyuan"))  # 卯子午: 子刑卯, the 末 its 衝
    ex = explorer(labels="zh")
    ex.set(printed=printed)
    assert ex.show_printed.value and ex.printed_text.value == printed
    assert (ex.day.value, ex.hour.value, ex.general.value, ex.noble.value) == ("辛卯", "戌", "戌", "night")
    assert ex.school.value == "tanyuan" and branches(ex.chart) == "卯子午"
    assert ex.identification.presets == ("tanyuan",)
    assert (("fuyin_return", "chong") in ex.identification.option_sets[0]) and len(ex.identification.option_sets) == 1
    view = ex.printed_view.value
    assert "學派設為探原。" in view and "fuyin_return=chong: 子刑卯" in view and "《六壬指南》 卷三" in view
    assert "印本未定占時" not in view  # the header gave the hour


def test_a_print_the_day_fixes_picks_the_noble_its_generals_show():
    night = str(liuren.chart("丙申", "午", "亥", noble="night")).split("\n", 1)[1]  # the cells, no header
    ex = explorer()
    ex.set(printed=night)
    assert ex.noble.value == "night" and shorts(ex.chart) == shorts(liuren.chart("丙申", "午", "亥", noble="night"))


def test_a_malformed_print_shows_its_error_and_changes_nothing():
    ex = explorer("甲戌", "未", "亥", labels="en")
    controls = lambda: {name: getattr(ex, name).value for name in Explorer.CONTROLS if name != "show_printed"}  # noqa: E731
    before, chart = controls(), ex.chart
    ex.set(printed="父卯常 才申X 子丑陰")
    assert controls() == before and ex.chart == chart and ex.identification is None
    assert ex.printed_error is not None and "expected a general abbreviation" in ex.printed_error
    assert "expected a general abbreviation" in ex.printed_view.value and "Traceback" not in ex.printed_view.value
    ex.set(printed=YUANSHOU_PRINTED)  # a good one clears the error
    assert ex.printed_error is None and ex.day.value == "丙申"
    with pytest.raises(ParseError, match="a printed chart is a str"):
        ex.set(printed=42)
    with pytest.raises(TypeError, match="takes no other control"):
        ex.set(printed=YUANSHOU_PRINTED, hour="午")


def test_a_forged_print_shows_as_text():
    ex = explorer(labels="en")
    before = ex.chart
    ex.printed_text.set_state({"value": FORGED})  # the learner's paste, as the page sends it
    ex.identify_button.click()
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in ex.printed_view.value
    header = f"丙申日 午時 亥將 晝貴 · 賊克 {FORGED}\n父卯常 才申六 子丑陰 龍 陰 常 蛇 午 丑 卯 戌 丑 申 戌 丙"
    ex.set(printed=header)
    assert ex.printed_error is not None and "&lt;img" in ex.printed_view.value
    assert ex.chart == before and "<img" not in ex.printed_view.value


def test_an_exercise_can_deal_only_the_lesson_types_a_notebook_has_taught():
    from liuren.errors import ParseError
    from liuren.show.exercise import Exercise

    ex = Exercise(seed=0, lesson_types=["元首", "重审"])  # simplified 審 is read too
    kinds = {ex.chart.lesson_type} | {ex.deal().lesson_type for _ in range(40)}
    assert kinds == {"元首", "重審"}
    assert {Exercise(seed=3, lesson_types="獨腳").deal().lesson_type for _ in range(3)} <= {"獨足", "獨腳"}
    with pytest.raises(ParseError, match=r"cannot be dealt under this school; accepted: .*元首"):
        Exercise(seed=0, lesson_types=["始入"])  # the default school never names 始入
    with pytest.raises(ParseError, match="is not a lesson type"):
        Exercise(seed=0, lesson_types=["元首x"])
    with pytest.raises(ParseError, match="cannot be dealt"):
        Exercise(seed=0, lesson_types=[])
