"""liuren.check on what a learner finds before the plate, from a date and a time (the day pillar, the
月建, the 占時 and the 月將) and on the 旬空 pair; the 比用 hint that names the candidates left, and the
message on a void mark out of place."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import liuren
from liuren.cycle import BRANCH_CHARS, PILLARS, SPIRIT_NAMES
from liuren.errors import ParseError
from liuren.records import BiyongFilter, BiyongOne
from liuren.school import School
from liuren.show.check import parse_void_answer
from liuren.show.gates import gate_records

from .test_steps import korean_readings_ok

LANGS = ("ko", "zh", "en")
CHART = liuren.chart("丁未", "未", "寅", month="亥")  # 旬 甲辰: 寅卯 空


def test_the_inputs_and_the_void_pair_right_in_every_form_they_are_written():
    for answer in (
        {"day": "丁未", "hour": "未", "general": "寅", "month": "亥", "void": "寅卯"},
        {"day": "丁未日", "hour": "未時", "general": "寅將", "month": "亥月", "void": "空亡 寅卯"},
        {"day": "丁未", "hour": "未时", "general": "功曹", "month": "亥月", "void": "旬空：卯寅"},
        {"day": "?", "hour": "?", "general": "？", "month": "?", "void": "寅?"},
        {"void": ["卯", "寅"]},
        {"void": "寅卯空"},
    ):
        result = liuren.check(CHART, lang="en", **answer)
        assert result.ok, (answer, result.message)
    assert liuren.check(CHART, day="?", hour="?").ok is False  # all left open: nothing was answered
    full = liuren.check(CHART, lang="en", day="丁未", month="亥", hour="未", general="寅", void="寅卯")
    assert full.checked == ("day", "month", "hour", "general", "void")
    assert full.message == "Right: the day pillar, the month branch, the hour, the month general, the 旬空."


def test_every_spirit_name_is_read_as_its_month_general():
    for i, name in enumerate(SPIRIT_NAMES):
        chart = liuren.chart("丁未", "未", BRANCH_CHARS[i])
        assert liuren.check(chart, general=name).ok, name
        assert liuren.check(chart, general=SPIRIT_NAMES[(i + 1) % 12]).cell == "month-general"


@given(st.sampled_from(PILLARS), st.sampled_from(BRANCH_CHARS), st.sampled_from(BRANCH_CHARS))
def test_a_wrong_input_is_wrong_at_its_own_cell_before_the_plate(day, hour, general):
    chart = liuren.chart(day, hour, general, month=hour)
    other = BRANCH_CHARS[(BRANCH_CHARS.index(hour) + 1) % 12]
    assert liuren.check(chart, day=PILLARS[(day.ordinal + 1) % 60]).cell == "day"
    assert liuren.check(chart, hour=other).cell == "hour"
    assert liuren.check(chart, general=BRANCH_CHARS[(BRANCH_CHARS.index(general) + 5) % 12]).cell == "month-general"
    assert liuren.check(chart, month=other).cell == "month"
    # before a wrong offset too, and in the order day, month, hour, general
    both = liuren.check(chart, offset=(chart.offset + 1) % 12, general=other if other != general else hour)
    assert (both.first_error, both.cell) == ("month-general", "month-general")
    assert liuren.check(chart, hour=other, day=PILLARS[(day.ordinal + 1) % 60]).cell == "day"
    assert liuren.check(chart, hour=other, month=BRANCH_CHARS[(BRANCH_CHARS.index(hour) + 2) % 12]).cell == "month"
    void = "".join(chart.void)
    assert liuren.check(chart, void=void).ok and liuren.check(chart, void=void[::-1]).ok
    wrong = BRANCH_CHARS[(chart.void[1].ordinal + 1) % 12]
    assert liuren.check(chart, void=void[0] + wrong).cell == "xun-void"
    assert liuren.check(chart, void=void[0] + wrong).other_school is None  # no school moves a given day's 旬


def test_a_month_answered_for_a_chart_cast_without_one_is_left_open():
    chart = liuren.chart("丁未", "未", "寅")
    result = liuren.check(chart, lang="en", month="子", hour="未")
    assert result.ok and result.checked == ("hour",) and "1 place left open" in result.message


HINTS = {
    "day": {"en": "2026-12-01 is 己酉", "zh": "2026-12-01為己酉", "ko": "2026-12-01의 일진은 己酉"},
    "hour": {
        "en": "子 from 23:00 to 01:00 across midnight",
        "zh": "子時自23時至翌日1時跨子夜",
        "ko": "23시부터 자정을 넘어",
    },
    "general": {"en": "changes at each 中氣", "zh": "月將以中氣換", "ko": "중기(中氣)에서 바뀐다"},
    "month": {"en": "changes at each 節", "zh": "月建以節換", "ko": "절(節)에서 바뀌고"},
    "void": {"en": "begins at 甲辰", "zh": "旬首甲辰", "ko": "甲辰에서 시작"},
}
CELLS = {"day": "day", "hour": "hour", "general": "month-general", "month": "month", "void": "xun-void"}
WRONG = {"day": "丙午", "hour": "午", "general": "卯", "month": "子", "void": "辰巳"}
RIGHT = {"day": "丁未", "hour": "未時", "general": "寅將", "month": "亥月", "void": "寅卯"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("part", WRONG)
def test_each_input_has_a_hint_in_each_language_saying_how_it_is_found(part, lang):
    hidden = liuren.check(CHART, lang=lang, **{part: WRONG[part]})
    shown = liuren.check(CHART, lang=lang, reveal=True, **{part: WRONG[part]})
    cell = CELLS[part]
    assert not hidden.ok and hidden.cell == cell and hidden.first_error == ("relations" if part == "void" else cell)
    assert HINTS[part][lang] in hidden.message, hidden.message
    assert RIGHT[part] not in hidden.message  # the hint does not give the answer away
    assert shown.message.startswith(hidden.message) and RIGHT[part] in shown.message[len(hidden.message) :]
    if lang == "ko":
        assert korean_readings_ok(hidden.message) == [], hidden.message


def test_the_hints_follow_the_school_of_the_clock():
    chart = liuren.chart("丁未", "未", "寅", school=School(yuejiang_switch="jie", day_boundary="00:00"))
    assert "changes at midnight (00:00)" in liuren.check(chart, lang="en", day="丙午").message
    assert "23:00, when the 子 hour begins" in liuren.check(CHART, lang="en", day="丙午").message
    general = liuren.check(chart, lang="en", general="卯").message
    assert "changes at each 節" in general and "立春 亥, 驚蟄 戌" in general
    assert "雨水 亥, 春分 戌" in liuren.check(CHART, lang="en", general="卯").message
    solar = liuren.chart("丁未", "未", "寅", school=School(true_solar_time=True))
    assert "true solar time" in liuren.check(solar, lang="en", hour="午").message
    assert "true solar time" not in liuren.check(CHART, lang="en", hour="午").message


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"day": "丁丑午"}, "day: '丁丑午' is not a day pillar; accepted"),
        ({"day": "丁午"}, "is not one of the 60 pillars"),
        ({"hour": "午將"}, "hour: '午將' is not an hour branch; accepted"),
        ({"general": "午時"}, "general: '午時' is not a month general; accepted"),
        ({"month": "寅時"}, "month: '寅時' is not a month branch; accepted"),
        ({"void": "寅"}, "gives 1 branches, not two"),
        ({"void": "寅寅"}, "gives the branch 寅 twice"),
        ({"void": "寅甲"}, "'甲' is not a branch"),
        ({"void": 3}, "void=3 is not understood"),
    ],
)
def test_malformed_inputs_are_parse_errors(kwargs, message):
    with pytest.raises(ParseError, match="accepted") as raised:
        liuren.check(CHART, **kwargs)
    assert message in str(raised.value) and len(str(raised.value)) < 500


def test_the_void_pair_is_read_in_the_order_written():
    assert parse_void_answer("卯寅") == (3, 2)
    assert parse_void_answer("空亡：？卯") == (None, 3)


def test_the_four_lessons_generals_are_checked_each_in_its_cell():
    c = liuren.chart("丙申", "午", "亥")  # 龍陰常蛇 / 午丑卯戌 / 丑申戌丙
    for lang in LANGS:
        assert liuren.check(c, lessons="龍陰常蛇\n午丑卯戌\n丑申戌丙", lang=lang).ok
        for n, rows in enumerate(("龍陰常貴", "龍陰貴蛇", "龍貴常蛇", "貴陰常蛇")):
            result = liuren.check(c, lessons=f"{rows}\n午丑卯戌\n丑申戌丙", lang=lang)
            assert (result.first_error, result.cell) == ("generals", f"lesson-{n + 1}.general")
    assert liuren.check(c, lessons="戌/丙蛇 卯/戌常 丑/申? 午/丑龍").ok
    assert liuren.check(c, lessons="戌/丙蛇 卯/戌常 丑/申虎 午/丑龍").cell == "lesson-3.general"


def biyong_charts(kind):
    for p in PILLARS:
        for g in BRANCH_CHARS:
            chart = liuren.chart(p, "子", g)
            record = next((r for r in gate_records(chart) if isinstance(r, (BiyongOne, BiyongFilter))), None)
            if record is not None and kind(record):
                yield chart, record


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_biyong_answer_names_the_candidates_that_remain_and_where_they_go(lang):
    one = next(biyong_charts(lambda r: isinstance(r, BiyongOne)))
    some = next(biyong_charts(lambda r: isinstance(r, BiyongFilter) and 1 < len(r.matching) < len(r.candidates)))
    none = next(biyong_charts(lambda r: isinstance(r, BiyongFilter) and not r.matching))
    to_shehai = {"en": "go on to 涉害", "zh": "入涉害", "ko": "섭해(涉害)로 간다"}[lang]
    # 涉害 answered where 比用 or 知一 decides: the learner went past the gate that decided
    chart, record = one
    result = liuren.check(chart, method="涉害", lang=lang)
    assert result.first_error == "gate-biyong"
    assert "".join(BRANCH_CHARS[b] for b in record.candidates) in result.message
    assert to_shehai not in result.message
    assert BRANCH_CHARS[record.init] + "。" not in result.message  # the 初 is not given away
    # 比用 or 知一 answered where the candidates go on to 涉害: the pool and the gate it goes to
    for (chart, record), word in (
        (some, {"en": "remain", "zh": "留下", "ko": "남아"}),
        (none, {"en": "俱不比", "zh": "俱不比", "ko": "俱不比"}),
    ):
        result = liuren.check(chart, method="知一" if record.candidates else "比用", lang=lang)
        assert result.first_error == "gate-biyong", (chart, result.first_error)
        assert "".join(BRANCH_CHARS[b] for b in record.pool) in result.message
        assert to_shehai in result.message and word[lang] in result.message, result.message
        if lang == "ko":
            assert korean_readings_ok(result.message) == [], result.message


def test_a_wrong_first_transmission_at_biyong_names_the_candidates_too():
    chart, record = next(
        biyong_charts(lambda r: isinstance(r, BiyongFilter) and 1 < len(r.matching) < len(r.candidates))
    )
    dropped = next(b for b in record.candidates if b not in record.matching)
    right = chart.transmissions
    result = liuren.check(chart, transmissions=BRANCH_CHARS[dropped] + right[1].branch + right[2].branch, lang="en")
    assert (result.first_error, result.cell) == ("gate-biyong", "initial.branch")
    assert "Here the candidates are " + "".join(BRANCH_CHARS[b] for b in record.candidates) in result.message


@pytest.mark.parametrize(
    "answer",
    [
        "官辰◎后 財丙申合 子辛丑陰",
        "官辰◎后財丙申合子辛丑陰",
        ["官辰◎后", "財丙申合", "子辛丑陰"],
        "◎父癸卯常 財丙申合 子辛丑陰",
    ],
)
def test_a_void_mark_out_of_place_is_a_parse_error_saying_where_it_goes(answer):
    with pytest.raises(ParseError, match="stands out of place; a void 傳's mark goes after its general") as raised:
        liuren.check(liuren.chart("丙申", "午", "亥"), transmissions=answer)
    assert len(str(raised.value)) < 600


def test_the_checker_is_split_into_answer_parsing_and_diagnosis_of_small_parts():
    import ast
    from pathlib import Path

    show = Path(liuren.__file__).parent / "show"
    for name in ("answer_forms", "answers", "diagnosis", "check"):
        text = (show / f"{name}.py").read_text(encoding="utf-8")
        assert len(text.splitlines()) <= 600, name
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef):
                assert node.end_lineno - node.lineno < 60, (name, node.name)
    # parsing knows nothing of the verdict; the diagnosis reads no raw answer
    answers = (show / "answers.py").read_text(encoding="utf-8") + (show / "answer_forms.py").read_text(encoding="utf-8")
    assert "from .diagnosis" not in answers and "from .check" not in answers
    assert "from .check" not in (show / "diagnosis.py").read_text(encoding="utf-8")


def test_the_new_cell_keys_share_no_kind_with_the_cells_a_general_or_a_void_mark_is_in():
    from liuren.practice.answers import cell_kind
    from liuren.show.check import CELL_ORDER

    kinds = {cell_kind(k) for k in CELL_ORDER if k not in ("month-general", "xun-void")}
    assert "general" in kinds and "void" in kinds  # a lesson's or a 傳's general, a 傳's void mark
    assert cell_kind("month-general") not in kinds and cell_kind("xun-void") not in kinds
