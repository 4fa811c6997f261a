"""The explorer driven without a browser: set control values, assert on ``explorer.chart``.

Observers fire synchronously outside a kernel (shared/docs/ecosystem.md §3), so every assertion
below is on plain Python state; ``Output.outputs`` is filled with ``append_display_data`` and is
checked only for which mime types it holds.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
import traitlets

import liuren
from liuren import ParseError, School
from liuren.show.widgets import Explorer, explorer


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
    (shown,) = ex.output.outputs
    assert "sunrise" in shown["data"]["text/html"]
    ex.noble.value = "night"
    assert ex.error is None
    assert ex.chart.noble == "night"
    assert branches(ex.chart) == "卯申丑"


def test_bad_starting_values_raise_the_chart_error():
    with pytest.raises(ParseError, match="甲丑"):
        explorer(day="甲丑")


def test_set_with_a_bad_value_keeps_chart_and_controls_in_step():
    ex = explorer()
    with pytest.raises(traitlets.TraitError):
        ex.set(day="甲戌", hour="未時")
    assert (ex.day.value, ex.hour.value) == ("甲戌", "午")
    assert ex.chart == liuren.chart("甲戌", "午", "亥")


def test_dropdowns_refuse_values_outside_their_options():
    ex = explorer()
    with pytest.raises(traitlets.TraitError):
        ex.day.value = "甲丑"
    assert ex.chart == liuren.chart("丙申", "午", "亥")


def test_repr_and_output_are_deterministic():
    a, b = explorer("甲午", "申", "巳"), explorer("甲午", "申", "巳")
    assert repr(a) == repr(b) == "Explorer(Chart('甲午', '申', '巳', noble='day', school='default'))"
    assert "0x" not in repr(a)
    assert a.output.outputs == b.output.outputs


def test_output_holds_the_chart_and_optionally_its_explanation():
    ex = explorer("甲午", "申", "巳", drawing=False)
    (shown,) = ex.output.outputs
    assert shown["output_type"] == "display_data"
    assert shown["data"]["text/plain"] == repr(ex.chart)
    assert "蒿矢" in shown["data"]["text/html"]
    ex.show_explain.value = True
    explained = ex.output.outputs[-1]["data"]["text/html"]
    assert "only 申 克s the day stem" in explained
    assert "天網 (天網): the hour 申 and the 初傳 申 both 克 甲" in explained


def test_plate_drawing_when_available():
    pytest.importorskip("matplotlib")
    pytest.importorskip("liuren.show.drawing")
    ex = explorer("丙申", "午", "亥")
    assert ex.drawing
    assert ex.output.outputs[-1]["data"]["image/png"]
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
    for bad in ({"day": ("卯", "申")}, {"hour": 3}, {"month": None}, {"show_explain": "yes"}, {"day": "甲戌", "general": ["亥"]}):
        with pytest.raises(ParseError, match="takes a"):
            ex.set(**bad)
        assert (ex.day.value, ex.hour.value, ex.general.value) == ("丙申", "午", "亥")
        assert ex.chart == liuren.chart("丙申", "午", "亥")
