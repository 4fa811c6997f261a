"""liuren.check: a learner's own answer against every chart, with systematic mutations."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import liuren
from liuren.cycle import BRANCH_CHARS, BRANCHES, GENERALS, PILLARS, STEM_CHARS
from liuren.errors import ParseError
from liuren.records import ShehaiDepth
from liuren.show.check import parse_lessons, parse_method, parse_offset, parse_transmissions
from liuren.show.gates import gate_records
from liuren.transmissions import LESSON_TYPES, Method

from .test_steps import korean_readings_ok


def answers(chart):
    return {
        "offset": chart.offset,
        "lessons": "".join(x.upper for x in chart.lessons),
        "transmissions": "".join(t.branch for t in chart.transmissions),
        "method": chart.lesson_type,
    }


def all_charts(school="default", stem=None):
    """The 8,640 charts of ``school`` (those of the day stem ``stem`` alone, if given)."""
    for p in PILLARS:
        if stem is not None and str(p)[0] != stem:
            continue
        for h in BRANCHES:
            for g in BRANCHES:
                yield liuren.chart(p, h, g, school=school)


@pytest.mark.parametrize("stem", STEM_CHARS)  # the 8,640 charts by day stem: ten units the workers share
def test_every_right_answer_is_ok_and_every_mutation_finds_its_first_error(stem):
    for chart in all_charts(stem=stem):
        right = answers(chart)
        result = liuren.check(chart, **right)
        assert result.ok and result.first_error is None, (chart, result.message)
        # a wrong offset is wrong at the plate, whatever else is given
        assert liuren.check(chart, **{**right, "offset": (chart.offset + 1) % 12}).first_error == "plate"
        # one wrong lesson is wrong at that lesson
        k = chart.offset % 4
        uppers = list(right["lessons"])
        uppers[k] = BRANCH_CHARS[(BRANCHES.index(uppers[k]) + 1) % 12]
        assert liuren.check(chart, lessons="".join(uppers)).first_error == f"lesson-{k + 1}"
        # 初 and 中 swapped: wrong where the learner's 初 drops out of the candidates, a gate at or before the deciding one
        t = right["transmissions"]
        if t[0] != t[1]:
            key = liuren.check(chart, transmissions=t[1] + t[0] + t[2]).first_error
            keys = [s.key for s in chart.steps("en")]
            gates = [x for x in keys if x.startswith("gate-")]
            assert key in gates, (chart, key)
            zeike = [r for r in gate_records(chart) if r.gate == "zeike" and r.applied]
            if zeike and BRANCHES.index(t[1]) not in zeike[0].candidates:
                assert key == "gate-zeike"
        # the wrong 晝/夜 noble: the branches are right, the generals are not
        other = liuren.chart(chart.day, chart.hour, chart.general, noble="night" if chart.noble == "day" else "day")
        answer = "".join(f"{t.branch}{t.general.short}" for t in other.transmissions)
        expected = None if other.transmissions == chart.transmissions else "generals"
        assert liuren.check(chart, transmissions=answer).first_error == expected
        assert liuren.check(
            chart, transmissions="".join(f"{t.branch}{t.general.short}" for t in chart.transmissions)
        ).ok


@pytest.mark.parametrize("school", ("tanyuan", "daquan"))
def test_the_mengzhong_answer_on_a_depth_school_ke_is_wrong_at_the_depth_count(school):
    found = 0
    for day in PILLARS:
        for general in BRANCHES:
            chart = liuren.chart(day, "子", general, school=school)
            simple = liuren.chart(day, "子", general, school="default")
            if simple.transmissions[0].branch != chart.transmissions[0].branch and any(
                r.gate == "shehai-depth" and r.applied for r in gate_records(chart)
            ):
                found += 1
                answer = "".join(t.branch for t in simple.transmissions)
                result = liuren.check(chart, transmissions=answer, lang="en")
                depth = next(r for r in gate_records(chart) if isinstance(r, ShehaiDepth))
                if depth.init == simple.transmissions[0].branch.ordinal:  # 比用格 moved it (大全)
                    assert result.first_error == "gate-biyong-ge", chart
                    continue
                assert result.first_error == "gate-shehai-depth", chart
                assert "counts depth first" in result.message
                assert liuren.check(chart, method=simple.lesson_type, lang="en").first_error in (
                    "gate-shehai-depth",
                    "method",
                )
    # 探原 depth vs 孟仲 changes 23 課 (docs/rules.md §4.3); 大全 counts depth for 下賊上 candidates only
    assert found == (15 if chart.school.shehai_shangke == "mengzhong" else 23)


def test_wrong_method_names_point_at_their_gate():
    c = liuren.chart("丙申", "午", "亥")  # 賊克 元首
    assert liuren.check(c, method="重審").first_error == "method"
    assert liuren.check(c, method="遙克").first_error == "gate-zeike"  # a gate that applied was passed by
    assert liuren.check(c, method="伏吟").first_error == "gate-fuyin"  # a gate that does not apply was taken
    assert liuren.check(c, method="賊克").ok and liuren.check(c, method="元首").ok and liuren.check(c, method="贼克").ok
    b = liuren.chart("甲子", "子", "巳")  # 比用
    assert liuren.check(b, method="元首").first_error == "gate-biyong"  # stopped before the gate that decided
    s = liuren.chart("戊辰", "申", "卯")  # 涉害 綴瑕
    assert liuren.check(s, method="見機").first_error == "method"
    assert liuren.check(s, method="比用").first_error == "gate-biyong"
    f = liuren.chart("甲子", "子", "午")  # 返吟 無依
    assert liuren.check(f, method="見機").first_error == "gate-fanyin"
    assert liuren.check(f, method="返吟").ok


def test_messages_name_the_rule_and_reveal_only_when_asked():
    c = liuren.chart("丙申", "午", "亥")
    for lang in ("ko", "zh", "en"):
        for kw in (
            {"offset": 4},
            {"lessons": "戌卯子午"},
            {"transmissions": "申卯丑"},
            {"transmissions": "卯申子"},
            {"method": "重審"},
            {"transmissions": "卯貴申合丑陰"},
        ):
            hidden = liuren.check(c, lang=lang, **kw)
            shown = liuren.check(c, lang=lang, reveal=True, **kw)
            assert not hidden.ok and hidden.message and shown.message.startswith(hidden.message)
            assert "卯申丑" not in hidden.message and "d = 5" not in hidden.message and "丑/申" not in hidden.message
            assert len(shown.message) > len(hidden.message)
            if lang == "ko":
                assert korean_readings_ok(hidden.message) == [] and korean_readings_ok(shown.message) == []
    assert "卯申丑" in liuren.check(c, transmissions="申卯丑", reveal=True, lang="en").message
    assert liuren.check(c, lang="en").message.startswith("Nothing to check")
    ok = liuren.check(c, offset=5, lessons="戌卯丑午", lang="en")
    assert ok and str(ok) == "Right: the offset d, the lessons." and ok.checked == ("offset", "lessons")
    assert "✔" in ok._repr_html_() and "✘" in liuren.check(c, offset=1)._repr_html_()


def test_answer_forms():
    c = liuren.chart("丙申", "午", "亥")
    for lessons in (
        "戌卯丑午",
        "戌 卯 丑 午",
        "戌,卯,丑,午",
        ["戌", "卯", "丑", "午"],
        [("戌", "丙"), ("卯", "戌"), ("丑", "申"), ("午", "丑")],
        "戌丙卯戌丑申午丑",
        ["戌丙", "卯戌", "丑申", "午丑"],
        "戌??午",
    ):
        assert liuren.check(c, lessons=lessons).ok, lessons
    assert liuren.check(c, lessons=[("戌", "乙"), "卯", "丑", "午"]).first_error == "lesson-1"
    for trans in (
        "卯申丑",
        "卯 申 丑",
        ["卯", "申", "丑"],
        [("卯", "太常"), ("申", "六合"), ("丑", "太陰")],
        "卯常申合丑陰",
        "卯??",
        ["卯常", "申?", "丑"],
    ):
        assert liuren.check(c, transmissions=trans).ok, trans
    assert liuren.check(c, offset="5").ok
    assert liuren.check(c, method="元首", lang="zh").message == "正確：九宗門·課體。"


def test_an_answer_left_open_is_no_answer_and_open_places_are_named():
    c = liuren.chart("丙申", "午", "亥")
    blanks = [{"lessons": ("?", "?", "?", "?")}, {"lessons": "????"}, {"transmissions": "???"}, {}]
    # marks alone leave any part open, however many: "???" for the two 旬空 is no three branches
    blanks += [{"void": "???"}, {"void": "?"}, {"day": "??"}, {"offset": "?"}, {"method": "？"}, {"patterns": "?"}]
    blanks += [{"lessons": "?"}, {"transmissions": "? ?"}, {"noble": "??"}, {"hour": "???", "general": "?"}]
    for blank in blanks:
        result = liuren.check(c, **blank, lang="en")
        assert not result.ok and result.first_error is None and result.checked == (), blank
        assert result.message.startswith("Nothing to check") and "…" in result._repr_html_()
    partly = liuren.check(c, transmissions="卯?丑", lang="en")
    assert partly.ok and partly.message == "Right: the 三傳. (Not checked: 1 place left open.)"
    assert liuren.check(c, transmissions="卯??", lang="ko").message.endswith("(비워 둔 2곳은 확인하지 않았다.)")
    assert not liuren.check(c, transmissions="申??").ok
    assert liuren.check(c, void="???", transmissions="卯申丑", lang="en").message == "Right: the 三傳."


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"offset": 12}, "out of range"),
        ({"offset": -1}, "out of range"),
        ({"offset": True}, "is not a plate offset"),
        ({"offset": 2.5}, "is not a plate offset"),
        ({"offset": "五"}, "is not a plate offset"),
        ({"lessons": "戌卯丑"}, "has 3 lessons"),
        ({"lessons": "戌卯丑午未"}, "has 5 lessons"),
        ({"lessons": "戌卯丑X"}, "is not a branch"),
        ({"lessons": [("戌", "X"), "卯", "丑", "午"]}, "is not a lower"),
        ({"lessons": 1234}, "is not understood"),
        ({"transmissions": "卯申"}, "has 2 transmissions"),
        ({"transmissions": "卯申丑寅"}, "has 4 transmissions"),
        ({"transmissions": "卯X申合丑陰"}, "is not a general"),
        ({"transmissions": [1, 2, 3]}, "is not a transmission"),
        ({"method": "元帥"}, "is not a method or lesson type"),
        ({"method": 3}, "is not a method or lesson type"),
        ({"lang": "fr"}, "is not a language"),
        ({"reveal": "yes"}, "must be True or False"),
    ],
)
def test_malformed_answers_are_parse_errors_never_a_verdict(kwargs, message):
    with pytest.raises(ParseError, match=message):
        liuren.check(liuren.chart("丙申", "午", "亥"), **kwargs)


def test_check_refuses_what_is_not_a_chart():
    with pytest.raises(ParseError, match=r"expected a liuren\.Chart"):
        liuren.check("丙申", offset=5)


branch = st.sampled_from(BRANCH_CHARS)
opening = st.sampled_from(("?", "？"))
sep = st.sampled_from(("", " ", ",", "、"))


@given(st.lists(st.one_of(branch, opening), min_size=4, max_size=4), sep)
def test_lessons_string_round_trip(items, separator):
    parsed = parse_lessons(separator.join(items))
    assert [u for u, _ in parsed] == [None if x in "?？" else BRANCH_CHARS.index(x) for x in items]


@given(st.lists(st.tuples(branch, st.sampled_from(BRANCH_CHARS + STEM_CHARS)), min_size=4, max_size=4))
def test_lessons_pairs_round_trip(pairs):
    assert parse_lessons(pairs) == tuple((BRANCH_CHARS.index(u), lo) for u, lo in pairs)


@given(st.lists(st.tuples(branch, st.sampled_from(GENERALS)), min_size=3, max_size=3))
def test_transmissions_with_generals_round_trip(items):
    text = "".join(b + g.short for b, g in items)
    assert parse_transmissions(text) == tuple((BRANCH_CHARS.index(b), str(g)) for b, g in items)
    assert parse_transmissions(items) == parse_transmissions(text)


@given(st.text(max_size=12))
def test_any_text_parses_or_is_a_parse_error(text):
    for parse in (parse_lessons, parse_transmissions, parse_method, parse_offset):
        try:
            parse(text)
        except ParseError as exc:
            assert len(str(exc)) < 400
    chart = liuren.chart("丙申", "午", "亥")
    for key in ("lessons", "transmissions", "method", "offset"):
        try:
            result = liuren.check(chart, **{key: text})
        except ParseError:
            continue
        assert isinstance(result.ok, bool)


@given(st.sampled_from([m.value for m in Method] + list(LESSON_TYPES)))
def test_every_method_and_lesson_type_is_an_answer(name):
    assert parse_method(name) == name


def test_the_chapters_names_of_a_lesson_type_are_understood():
    dujiao = liuren.find(lesson_type="獨足")[0]
    assert all(liuren.check(dujiao, method=m).ok for m in ("獨腳", "獨足", "独脚", "独足"))
    assert liuren.check(liuren.chart("丙申", "午", "亥"), method="元首課").ok


def test_lowers_given_alone_are_checked():
    c = liuren.chart("丙申", "午", "亥")
    wrong = liuren.check(c, lessons=[("?", "甲"), ("?", "子"), ("?", "子"), ("?", "子")])
    assert not wrong.ok and wrong.first_error == "lesson-1"
    assert liuren.check(c, lessons=[("?", "丙"), ("?", "戌"), ("?", "申"), ("?", "丑")]).ok


def test_every_method_and_lesson_type_has_its_gate():
    from liuren.show.check import GATE_OF, METHOD_OF_GATE, SUBNAMES
    from liuren.transmissions import LESSON_TYPES

    assert set(GATE_OF) == {m.value for m in liuren.Method} | set(LESSON_TYPES)
    assert sorted(METHOD_OF_GATE.values()) == sorted(m.value for m in liuren.Method)
    assert sorted(" ".join(SUBNAMES.values()).split()) == sorted(LESSON_TYPES)


def test_an_offset_typed_in_full_width_digits_is_read():
    assert [parse_offset(x) for x in ("５", "１１", "０", " 7 ")] == [5, 11, 0, 7]
    for bad in ("²", "五", "12", "-1", "5.0"):
        with pytest.raises(ParseError):
            parse_offset(bad)


def test_an_offset_of_thousands_of_digits_is_a_parse_error():
    # int() refuses more than 4,300 digits with a plain ValueError; the learner gets the usual message
    chart = liuren.chart("丙申", "午", "亥")
    with pytest.raises(ParseError, match="is out of range; accepted: a whole number 0–11") as raised:
        liuren.check(chart, offset="1" * 4301)
    assert len(str(raised.value)) < 200 and "(4,301 characters)" in str(raised.value)
    with pytest.raises(ParseError, match="out of range"):
        parse_offset("0" * 5000 + "12")
    assert parse_offset("0" * 5000 + "5") == 5
