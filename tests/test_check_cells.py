"""liuren.check on every cell a learner writes: each right answer accepted, each cell's mutation named
by its exact key, another school's answer recognised, malformed answers refused."""

from __future__ import annotations

from html import escape

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import liuren
from liuren.cycle import BRANCH_CHARS, BRANCHES, GENERAL_SHORT, KIN, PILLARS, STEM_CHARS
from liuren.errors import ParseError
from liuren.patterns import PATTERNS
from liuren.school import PRESETS, School
from liuren.show.check import (
    CELL_ORDER,
    GATE_OF,
    NOBLE_OPTIONS,
    PATTERN_ONLY,
    SUBNAMES,
    TIME_ONLY,
    Answer,
    OtherSchool,
    parse_lesson_cells,
    parse_method_answer,
    parse_noble_answer,
    parse_patterns,
    parse_plate,
    parse_transmission_cells,
    printed,
    wrong_cells,
)
from liuren.show.text import KIN_SHORT
from liuren.transmissions import Method

from .test_steps import korean_readings_ok

WHICH = ("initial", "middle", "final")
PARSERS = {
    "plate": parse_plate,
    "lessons": parse_lesson_cells,
    "transmissions": parse_transmission_cells,
    "noble": parse_noble_answer,
    "method": parse_method_answer,
    "patterns": parse_patterns,
}


def noble_text(branch, day, forward):
    return f"{branch}{'晝' if day else '夜'}{'順' if forward else '逆'}"


def full_answer(chart):
    """Every cell of ``chart`` as a learner writes it, read off the chart's own fields."""
    return {
        "offset": chart.offset,
        "plate": {b: BRANCH_CHARS[(i + chart.offset) % 12] for i, b in enumerate(BRANCH_CHARS)},
        "lessons": " ".join(f"{x.upper}/{x.lower}{x.general.short}" for x in chart.lessons),
        "transmissions": [printed(t) for t in chart.transmissions],
        "noble": noble_text(chart.noble_branch, chart.noble == "day", chart.generals_forward),
        "method": f"{chart.method} {chart.lesson_type}",
        "patterns": [p.name for p in chart.patterns],
    }


def shift(chars, c, by=1):
    return chars[(chars.index(c) + by) % len(chars)]


def mutations(chart, right):
    """(part, the wrong value of that part, the key of the cell it makes wrong), one per cell kind."""
    out = [("offset", (chart.offset + 1) % 12, "offset")]
    earth = BRANCH_CHARS[chart.day.ordinal % 12]
    out.append(("plate", {earth: shift(BRANCH_CHARS, right["plate"][earth])}, f"plate.{earth}"))
    lessons = right["lessons"].split()
    for k in range(4):
        wrong = list(lessons)
        wrong[k] = shift(BRANCH_CHARS, wrong[k][0]) + wrong[k][1:]
        out.append(("lessons", " ".join(wrong), f"lesson-{k + 1}.upper"))
    k = chart.day.ordinal % 4
    wrong = list(lessons)
    wrong[k] = wrong[k][:3] + shift(GENERAL_SHORT, wrong[k][3])
    out.append(("lessons", " ".join(wrong), f"lesson-{k + 1}.general"))
    wrong = list(lessons)
    wrong[0] = wrong[0][:2] + shift(STEM_CHARS, wrong[0][2]) + wrong[0][3:]
    out.append(("lessons", wrong, "lesson-1.lower"))
    for i, t in enumerate(chart.transmissions):
        kin, stem, branch, general = KIN_SHORT[t.relation], str(t.stem or ""), str(t.branch), t.general.short
        mark = "◎" if t.void else ""

        def put(new, i=i):
            items = list(right["transmissions"])
            items[i] = new
            return items

        which = WHICH[i]
        wrong_branch = kin + stem + shift(BRANCH_CHARS, branch) + general + mark
        out.append(("transmissions", put(wrong_branch), f"{which}.branch"))
        other_kin = KIN_SHORT[shift(KIN, t.relation)]
        out.append(("transmissions", put(other_kin + stem + branch + general + mark), f"{which}.kin"))
        wrong_general = kin + stem + branch + shift(GENERAL_SHORT, general) + mark
        out.append(("transmissions", put(wrong_general), f"{which}.general"))
        if t.void:  # a 遁干 written where the 旬 has none
            out.append(("transmissions", put(kin + "甲" + branch + general), f"{which}.void"))
        else:
            out.append(("transmissions", put(kin + shift(STEM_CHARS, stem) + branch + general), f"{which}.hidden-stem"))
            out.append(("transmissions", put(kin + "○" + branch + general), f"{which}.void"))
            out.append(("transmissions", put(kin + stem + branch + general + "◎"), f"{which}.void"))
    day, forward = chart.noble == "day", chart.generals_forward
    nb = str(chart.noble_branch)
    out.append(("noble", noble_text(shift(BRANCH_CHARS, nb), day, forward), "noble.branch"))
    out.append(("noble", noble_text(nb, day, not forward), "noble.direction"))
    out.append(("noble", noble_text(nb, not day, forward), "noble.day-night"))
    other = "昴星" if chart.method != Method.MAOXING else "賊克"
    out.append(("method", other, "method"))
    siblings = [s for s in SUBNAMES[GATE_OF[chart.lesson_type]].split() if s != chart.lesson_type]
    if siblings:
        out.append(("method", f"{chart.method} {siblings[0]}", "subname"))
    held = right["patterns"]
    unjudged = set(chart.unjudged_patterns)
    extra = next(p.name for p in PATTERNS if p.name not in held and p.name not in unjudged)
    out.append(("patterns", [*held, extra], f"pattern.{extra}"))
    if held:
        dropped = held[chart.day.ordinal % len(held)]
        out.append(("patterns", [p for p in held if p != dropped], f"pattern.{dropped}"))
    return out


def all_charts(school):
    for p in PILLARS:
        for h in BRANCHES:
            for g in BRANCHES:
                yield liuren.chart(p, h, g, school=school)


@pytest.mark.parametrize("school", PRESETS)
def test_every_cell_right_is_accepted_and_every_mutation_is_named_by_its_key(school):
    """Every chart's own answer is right; every mutation of one cell is that cell's key. A chart's cells
    are a function of its day, plate offset and 晝/夜 noble, but for the named patterns that read the
    hour, so the mutations run once per such 課 and set of patterns (about 1,600 of the 8,640
    charts); every 4th of those also goes through check() itself, message and all."""
    kinds: dict[str, int] = {}
    seen: dict[tuple[object, ...], dict[str, object]] = {}
    for chart in all_charts(school):
        right = full_answer(chart)
        parsed = {part: PARSERS.get(part, lambda x: x)(value) for part, value in right.items()}
        assert wrong_cells(chart, Answer(**parsed)) == [], chart
        same = (chart.day, chart.offset, chart.noble, tuple(right["patterns"]), chart.unjudged_patterns)
        if same in seen:
            assert seen[same] == right, chart  # the same cells as the chart the mutations ran on
            continue
        seen[same] = right
        cases = mutations(chart, right)
        for part, value, key in cases:
            found = [w.cell for w in wrong_cells(chart, Answer(**{**parsed, part: PARSERS.get(part, int)(value)}))]
            assert found == [key], (chart, part, value, found)
            kind = key.split(".")[0] if key.startswith(("plate.", "pattern.")) else key.split(".")[-1]
            kinds[kind] = kinds.get(kind, 0) + 1
        if len(seen) % 4 == 1:  # the whole way through check(), message and all, on every 4th 課
            assert liuren.check(chart, lang="en", **right).ok, chart
            part, value, key = cases[(len(seen) // 4) % len(cases)]
            result = liuren.check(chart, lang="en", **{**right, part: value})
            assert not result.ok and result.cell == key, (chart, part, value, result.cell)
            assert result.first_error in {s.key for s in chart.steps("en")}
    assert len({key[:3] for key in seen}) == 1440
    assert set(kinds) == {
        "offset",
        "plate",
        "pattern",
        "upper",
        "lower",
        "general",
        "branch",
        "kin",
        "hidden-stem",
        "void",
        "day-night",
        "direction",
        "method",
        "subname",
    }


def test_the_first_wrong_cell_is_the_first_in_the_order_the_chart_is_built():
    c = liuren.chart("丙申", "午", "亥")
    right = full_answer(c)
    both = {**right, "noble": "亥晝順", "transmissions": ["父癸卯常", "財丙申合", "兄辛丑陰"]}
    result = liuren.check(c, lang="en", **both)
    assert (result.first_error, result.cell) == ("generals", "noble.direction")  # the generals step before relations
    result = liuren.check(c, lang="en", **{**both, "lessons": "戌/丙蛇 卯/戌常 丑/申陰 子/丑龍"})
    assert (result.first_error, result.cell) == ("lesson-4", "lesson-4.upper")
    wrong_init = liuren.check(c, lang="en", transmissions="申卯丑", method="重審")
    assert (wrong_init.first_error, wrong_init.cell) == ("gate-zeike", "initial.branch")
    assert liuren.check(c, method="重審").cell == "subname"
    assert liuren.check(c, method="賊克 重審").cell == "subname"
    assert liuren.check(c, method="遙克 元首").cell == "method"
    assert liuren.check(c, method="比用").cell == "method"
    assert list(CELL_ORDER)[:6] == ["day", "month", "hour", "month-general", "offset", "plate.子"]


def test_the_new_messages_name_the_rule_and_reveal_only_when_asked():
    c = liuren.chart("丙申", "午", "亥")  # 父癸卯常 財丙申合 子辛丑陰, 貴人 亥 晝 逆, 旬 甲午 (辰巳 空)
    cases = [
        ({"plate": {"子": "午"}}, "plate.子", "巳"),
        ({"lessons": "戌/丙龍 卯/戌常 丑/申陰 午/丑龍"}, "lesson-1.general", "螣蛇"),
        ({"transmissions": "兄癸卯常 財丙申合 子辛丑陰"}, "initial.kin", "父癸卯常"),
        ({"transmissions": "父甲卯常 財丙申合 子辛丑陰"}, "initial.hidden-stem", "父癸卯常"),
        ({"transmissions": "父癸卯常 財丙申合 子○丑陰"}, "final.void", "子辛丑陰"),
        ({"noble": "酉"}, "noble.branch", "亥晝逆"),
        ({"noble": "夜"}, "noble.day-night", "亥晝逆"),
        ({"noble": "順"}, "noble.direction", "亥晝逆"),
        ({"patterns": ["殃咎", "內戰"]}, "pattern.日干乘墓", "殃咎 內戰 日干乘墓"),
        ({"patterns": "殃咎 內戰 日干乘墓 勵德"}, "pattern.勵德", "殃咎 內戰 日干乘墓"),
    ]
    for lang in ("en", "zh", "ko"):
        for kwargs, cell, right in cases:
            hidden = liuren.check(c, lang=lang, **kwargs)
            shown = liuren.check(c, lang=lang, reveal=True, **kwargs)
            assert hidden.cell == cell and not hidden.ok, (kwargs, hidden.cell)
            assert right not in hidden.message and shown.message.startswith(hidden.message), (lang, kwargs)
            assert shown.message.endswith(
                {"en": f"The answer: {right}.", "zh": f"答案：{right}。", "ko": f"정답: {right}."}[lang]
            )
            if lang == "ko":
                assert korean_readings_ok(hidden.message) == [], hidden.message
    en = {cell: liuren.check(c, lang="en", **kwargs).message for kwargs, cell, _ in cases}
    assert "生我者父母" in liuren.check(c, lang="zh", transmissions="兄癸卯常 財丙申合 子辛丑陰").message
    assert "what produces it is 父母" in en["initial.kin"]
    assert "begins at 甲午" in en["initial.hidden-stem"] and "begins at 甲午" in en["final.void"]
    assert "「甲戊庚牛羊」" in en["noble.branch"] and "卯 to 申" in en["noble.day-night"]
    assert "earth square under the 貴人" in en["noble.direction"]
    assert en["pattern.日干乘墓"].startswith("日干乘墓 holds on this chart and is missing")
    assert en["pattern.勵德"].startswith("勵德 does not hold on this chart.")
    assert "殃咎" not in en["pattern.日干乘墓"]  # the others that hold are not given away


def test_answer_forms_of_the_new_cells():
    c = liuren.chart("丙申", "午", "亥")
    for lessons in (
        "龍陰常蛇\n午丑卯戌\n丑申戌丙",
        ["龍陰常蛇", "午丑卯戌", "丑申戌丙"],
        ["龍 陰 常 蛇", "午 丑 卯 戌", "丑 申 戌 丙"],
        "戌/丙蛇 卯/戌常 丑/申陰 午/丑龍",
        ["戌/丙螣蛇", "卯/戌太常", "丑/申太陰", "午/丑青龍"],
        [("戌", "丙", "蛇"), ("卯", "戌", "?"), ("丑", "申", "陰"), ("午", "丑", "龍")],
        "??常?\n????\n????",
    ):
        result = liuren.check(c, lessons=lessons)
        assert result.ok, lessons
    assert liuren.check(c, lessons="龍陰常龍\n午丑卯戌\n丑申戌丙").cell == "lesson-1.general"
    for trans in (
        "父癸卯常 財丙申合 子辛丑陰",
        "父癸卯常\n財丙申合\n子辛丑陰",
        "父癸卯常財丙申合子辛丑陰",
        ["父癸卯常", "財丙申合", "子辛丑陰"],
        ["父母癸卯太常", "妻財丙申六合", "子孫辛丑太陰"],
        ["父?卯", "?丙申?", "子丑"],
        "父癸卯常 財丙申合 子辛丑陰",
    ):
        assert liuren.check(c, transmissions=trans).ok, trans
    void = liuren.chart("甲子", "子", "卯")  # 官壬申蛇 父○亥勾 兄丙寅虎 (旬 甲子: 戌亥 空)
    t = void.transmissions
    assert any(x.void for x in t)
    assert liuren.check(void, transmissions=str(void).split("\n\n")[1]).ok  # as str(chart) prints them: 父　亥勾◎
    assert liuren.check(void, transmissions=[str(x) for x in t]).ok  # Transmission's own str: no void mark, left open
    for mark in ("○", "空", "〇"):
        answer = [f"{x.relation[0]}{x.stem if x.stem else mark}{x.branch}{x.general.short}" for x in t]
        assert liuren.check(void, transmissions=answer).ok, answer
        trailing = [f"{x.relation[0]}{x.branch}{x.general.short}{mark if x.void else ''}" for x in t]
        assert liuren.check(void, transmissions=trailing).ok, trailing
    assert parse_transmission_cells(["卯空", "卯常空", "父空卯空"])[0].general == "天空"  # 空 after the branch: 天空
    assert [x.void for x in parse_transmission_cells(["卯空", "卯常空", "父空卯空"])] == [None, True, True]
    for noble in ("亥晝逆", "亥", "晝貴", "逆行", "亥 晝 逆", {"branch": "亥", "day_night": "day", "direction": "逆"}):
        assert liuren.check(c, noble=noble).ok, noble
    assert parse_noble_answer("day") == (None, True, None)
    for method in ("賊克 元首", "賊克·元首", "賊克元首", "元首 賊克", "元首課"):
        assert liuren.check(c, method=method).ok, method
    assert parse_method_answer("涉害比用格") == ("涉害", "比用格")
    for patterns in (
        ["殃咎", "內戰", "日干乘墓"],
        "殃咎、內戰、日干乘墓",
        "日干乘墓 殃咎 內戰",
        ("乘墓", "殃咎", "內戰"),
    ):
        assert liuren.check(c, patterns=patterns).ok, patterns
    quiet = next(x for x in (liuren.chart(p, "子", "丑") for p in PILLARS) if not x.patterns)
    assert liuren.check(quiet, patterns=[]).ok and liuren.check(quiet, patterns="無").ok
    assert liuren.check(quiet, patterns=["殃咎"]).cell == "pattern.殃咎"
    assert liuren.check(c, patterns=[]).cell == "pattern.殃咎"
    assert liuren.check(c, plate={"子": "巳", "午": "亥", "卯": "?"}).ok
    full = liuren.check(c, lang="en", **full_answer(c))
    assert full.ok and full.checked == ("offset", "plate", "lessons", "transmissions", "noble", "method", "patterns")
    assert (
        str(full)
        == "Right: the offset d, the plate, the lessons, the 三傳, the Noble, the method or lesson type, the named patterns."
    )
    assert liuren.check(c, plate={"卯": "?"}).checked == ()


def test_a_pattern_the_chart_cannot_judge_is_left_open():
    c = liuren.chart("丙申", "午", "亥")
    assert "羅網" in c.unjudged_patterns
    assert liuren.check(c, patterns=["殃咎", "內戰", "日干乘墓", "羅網"]).ok


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"plate": "巳"}, "plate='巳' is not understood; accepted: a mapping"),
        ({"plate": {"甲": "巳"}}, "'甲' is not an earth square"),
        ({"plate": {"子": "X"}}, "'X' is not a branch; accepted: a mapping"),
        ({"plate": {"子": "巳", "子 ": "巳"}}, "given twice"),
        ({"lessons": "龍陰常蛇\n午丑卯戌\n丑申戌X"}, "is not a lower"),
        ({"lessons": "戌/丙X 卯/戌常 丑/申陰 午/丑龍"}, "'X' is not a general; accepted: the four uppers"),
        ({"lessons": ["龍陰常蛇", "午丑卯戌"]}, "has 2 lessons; accepted"),
        ({"transmissions": "父癸卯X 財丙申合 子辛丑陰"}, "is not a transmission; accepted"),
        ({"transmissions": "父癸卯常財丙申合子辛X"}, "is not three transmissions"),
        ({"transmissions": "父癸卯常 財丙申合"}, "has 2 transmissions"),
        ({"transmissions": "父癸卯常 財丙申合 子辛丑陰 卯"}, "has 4 transmissions"),
        ({"transmissions": "卯" * 10_000}, "longer than any answer"),
        ({"noble": "亥晝晝"}, "gives its day/night twice"),
        ({"noble": "亥X"}, "'X' is not part of the noble; accepted: any of"),
        ({"noble": {"branch": "亥", "colour": "red"}}, "'colour' is not a part of the noble; accepted"),
        ({"noble": {"direction": "up"}}, "'up' is not understood"),
        ({"noble": 3}, "noble=3 is not understood"),
        ({"method": "賊克 元帥"}, "is not a method or lesson type; accepted"),
        ({"patterns": ["殃咎", "勵得"]}, "'勵得' is not a named pattern; accepted: the names"),
        ({"patterns": ""}, "names no pattern"),
        ({"patterns": 3}, "is not understood"),
        ({"offset": "5" * 5000}, "out of range"),
    ],
)
def test_malformed_answers_of_the_new_cells_are_parse_errors(kwargs, message):
    with pytest.raises(ParseError, match="accepted") as raised:
        liuren.check(liuren.chart("丙申", "午", "亥"), **kwargs)
    assert message in str(raised.value) and len(str(raised.value)) < 600


def test_an_unknown_part_is_refused():
    with pytest.raises(
        TypeError,
        match=r"an answer for 'generals', which is no part .* accepted: day, month, hour, general, offset, plate",
    ):
        liuren.check(liuren.chart("丙申", "午", "亥"), generals="蛇")


def test_options_said_to_touch_only_some_cells_touch_no_other():
    """The half-credit search skips options by the cells they can change: check that they change nothing else."""
    base = School()
    for day in PILLARS:
        for d in range(12):
            for noble in ("day", "night"):
                chart = liuren.chart(day, "子", BRANCHES[d], noble=noble)
                cells = (chart.transmissions, chart.method, chart.lesson_type, chart.noble_branch)
                for option in PATTERN_ONLY | TIME_ONLY | NOBLE_OPTIONS:
                    for value in _values(option):
                        other = liuren.chart(
                            day, "子", BRANCHES[d], noble=noble, school=base.replace(**{option: value})
                        )
                        if option in NOBLE_OPTIONS:  # the noble moves, the branches and the method do not
                            assert [t.branch for t in other.transmissions] == [t.branch for t in chart.transmissions]
                            assert (other.method, other.lesson_type) == cells[1:3]
                        else:
                            assert (other.transmissions, other.method, other.lesson_type, other.noble_branch) == cells


def _values(option):
    from liuren.school import CHOICES, SWITCHES

    return (True, False) if option in SWITCHES else CHOICES[option]


def test_another_presets_answer_is_recognised_with_the_option_that_differs():
    found = 0
    for day in PILLARS:
        for d in range(12):
            for noble in ("day", "night"):
                charts = {name: liuren.chart(day, "子", BRANCHES[d], noble=noble, school=name) for name in PRESETS}
                answers = {name: full_answer(c) for name, c in charts.items()}
                for own, chart in charts.items():
                    for name, answer in answers.items():
                        if name == own or answer == answers[own]:
                            continue
                        result = liuren.check(chart, lang="en", **answer)
                        other = result.other_school
                        assert not result.ok and isinstance(other, OtherSchool), (chart, name, result.message)
                        differ = {
                            o
                            for o, v in other.school.options().items()
                            if o != "name" and v != getattr(chart.school, o)
                        }
                        assert other.options and set(other.options) <= differ, (chart, name, other)
                        again = liuren.chart(day, "子", BRANCHES[d], noble=noble, school=other.school)
                        assert liuren.check(again, **answer).ok, (chart, name, other)
                        assert result.note == f"This answer is right under {other}." and result.note in str(result)
                        found += 1
    assert found > 1000  # the 貴人 tables alone differ on many 課 (探原 reads table B)


def test_right_under_a_single_option_names_it():
    default = liuren.chart("丙申", "午", "亥")
    result = liuren.check(default, noble="酉晝順", lang="en")
    assert result.other_school == OtherSchool(PRESETS["tanyuan"], ("noble_table",), "tanyuan")
    assert str(result.other_school) == "探原 (noble_table='B')"
    assert result.note == "This answer is right under 探原 (noble_table='B')."
    assert str(result) == f"{result.message} {result.note}" and result.note not in result.message
    assert escape(result.note) in result._repr_html_()
    # 涉害 by depth (探原): the learner who counts depth on a 孟仲 chart is right under shehai='depth'
    for day in PILLARS:
        for d in range(12):
            chart = liuren.chart(day, "子", BRANCHES[d])
            deep = liuren.chart(day, "子", BRANCHES[d], school=School(shehai="depth"))
            if deep.transmissions[0].branch != chart.transmissions[0].branch:
                answer = "".join(t.branch for t in deep.transmissions)
                result = liuren.check(chart, transmissions=answer, lang="zh")
                assert result.other_school is not None and "shehai" in result.other_school.options, chart
                assert result.note.startswith("此答案在探原") and str(result).endswith(result.note)
                return
    raise AssertionError("no 課 where the depth count changes the 初傳")


def test_no_school_is_named_for_a_cell_no_school_changes():
    c = liuren.chart("丙申", "午", "亥")
    for kwargs in ({"offset": 4}, {"lessons": "戌卯子午"}, {"plate": {"子": "午"}}):
        assert liuren.check(c, **kwargs).other_school is None


ODD = st.one_of(
    st.text(max_size=60),
    st.integers(),
    st.none(),
    st.lists(st.text(max_size=5), max_size=5),
    st.dictionaries(st.text(max_size=3), st.text(max_size=3), max_size=4),
    st.binary(max_size=8),
)
PARTS = ("day", "month", "hour", "general", "void", "plate", "lessons", "transmissions", "noble", "method", "patterns")


@pytest.mark.parametrize("part", PARTS)
@settings(max_examples=60, deadline=None)
@given(value=ODD)
def test_odd_input_of_every_part_is_answered_or_refused_with_a_short_parse_error(part, value):
    try:
        result = liuren.check(liuren.chart("丙申", "午", "亥"), **{part: value})
    except ParseError as error:
        assert len(str(error)) < 500 and "accepted" in str(error)
    else:
        assert isinstance(result.ok, bool)


@pytest.mark.parametrize("part", PARTS)
def test_a_million_characters_of_any_part_give_a_short_message(part):
    for value in ("子" * 10**6, {"子" * 10**6: "巳"}, ["子" * 10**6] * 3):
        with pytest.raises(ParseError) as caught:
            liuren.check(liuren.chart("丙申", "午", "亥"), **{part: value})
        assert len(str(caught.value)) < 500
