"""Exhaustive: every (day, hour, general) chart under every preset, and the classical statistics."""

from __future__ import annotations

from collections import Counter

import pytest

import liuren
from liuren.cycle import BRANCHES, GENERALS, PILLARS, PO

PRESETS = ("default", "tanyuan", "daquan")
OPTIONS = {
    "biyong_ge=wealth": liuren.School().replace(biyong_ge="wealth"),
    "biyong_ge=wealth-or-ghost": liuren.School().replace(biyong_ge="wealth-or-ghost"),
    "shehai_mengzhong=weishanren": liuren.School().replace(shehai_mengzhong="weishanren"),
    "fanyin_final=weishanren": liuren.School().replace(fanyin_final="weishanren"),
    "repeated_lesson=once": liuren.School().replace(repeated_lesson="once"),
    "shehai_shangke=mengzhong": liuren.School(shehai="depth-excluding-start", shehai_shangke="mengzhong"),
}
"""The default school with one 大全 option changed: the sweep checks every invariant on
these as well, and what each changes against the default."""
BAZHUAN_DAYS = {"甲寅", "庚申", "丁未", "己未", "癸丑"}


def all_charts(school: str | liuren.School):
    for day in PILLARS:
        for hour in BRANCHES:
            for general in BRANCHES:
                yield liuren.chart(day, hour, general, school=school)


@pytest.fixture(scope="module", params=PRESETS + tuple(OPTIONS))
def sweep(request):
    return request.param, list(all_charts(OPTIONS.get(request.param, request.param)))


@pytest.fixture(scope="module")
def default_sweep():
    return list(all_charts("default"))


def test_every_chart_builds(sweep):
    _, charts = sweep
    assert len(charts) == 8640
    assert len(set(charts)) == 8640


def test_plate_is_a_rotation(sweep):
    for chart in sweep[1]:
        d = (chart.general.ordinal - chart.hour.ordinal) % 12
        assert chart.offset == d
        assert chart.plate.heaven_over(chart.hour) == chart.general
        assert sorted(chart.plate.values()) == sorted(BRANCHES)
        assert all(chart.plate[e].ordinal == (e.ordinal + d) % 12 for e in BRANCHES)
        assert all(chart.plate.earth_under(chart.plate[e]) == e for e in BRANCHES)


def test_lessons_chain(sweep):
    for chart in sweep[1]:
        first, second, third, fourth = chart.lessons
        assert first.lower == chart.day.stem
        assert first.upper == chart.plate[chart.day.stem.lodging]
        assert second.lower == first.upper and second.upper == chart.plate[first.upper]
        assert third.lower == chart.day.branch and third.upper == chart.plate[chart.day.branch]
        assert fourth.lower == third.upper and fourth.upper == chart.plate[third.upper]
        for lesson in chart.lessons:
            assert lesson.general == chart.general_on(lesson.upper)


def test_each_general_rides_one_branch(sweep):
    for chart in sweep[1]:
        generals = chart.generals
        assert sorted(generals.values(), key=lambda g: g.ordinal) == list(GENERALS)
        assert generals[chart.noble_branch] == "貴人"
        assert chart.noble_branch not in ("辰", "戌")
        assert all(chart.branch_of(g) == b for b, g in generals.items())
        under = chart.plate.earth_under(chart.noble_branch)
        assert chart.generals_forward == (under in "亥子丑寅卯辰")
        step = 1 if chart.generals_forward else -1
        assert generals[BRANCHES[(chart.noble_branch.ordinal + step) % 12]] == "螣蛇"


def test_fuyin_and_fanyin_exactly_when_the_plate_says(sweep):
    for chart in sweep[1]:
        assert (chart.method == "伏吟") == (chart.general == chart.hour)
        assert (chart.method == "返吟") == (chart.general == chart.hour.opposite)


def test_bazhuan_only_on_its_five_days(sweep):
    days = Counter(str(c.day) for c in sweep[1] if c.method == "八專")
    # 探原: 甲寅 2, 庚申 4, 丁未 4, 己未 6 (獨腳 included); 癸丑 always has a 克 (its 寄宮 丑 is 土)
    expected = {"甲寅": 2, "庚申": 4, "丁未": 4, "己未": 6}
    if sweep[0] == "repeated_lesson=once":
        # 丁未/癸丑: lessons 3–4 repeat 1–2 on the stem's 寄宮 and are judged as lessons 1–2 (against
        # 丁 火 or 癸 水, not 未/丑 土): a 克 disappears, one more 丁未 課 and four 癸丑 課 go to 八專
        expected |= {"丁未": 5, "癸丑": 4}
    assert {day: n // 12 for day, n in days.items()} == expected
    assert set(days) <= BAZHUAN_DAYS


def test_transmissions_depend_on_hour_only_through_offset_and_noble(sweep):
    seen = {}
    for chart in sweep[1]:
        key = (chart.day, chart.offset, chart.noble)
        value = (chart.transmissions, chart.lessons, chart.method, chart.lesson_type)
        assert seen.setdefault(key, value) == value
    assert len(seen) == 60 * 12 * 2  # every (課, 晝/夜) pair occurs


def test_transmission_details(sweep):
    for chart in sweep[1]:
        for t in chart.transmissions:
            assert t.void == (t.branch in chart.void)
            assert (t.stem is None) == t.void
            assert t.general == chart.general_on(t.branch)
            assert t.relation in ("父母", "兄弟", "子孫", "妻財", "官鬼")


def ke_720(school: str):
    """The 720 課 (noon charts: hour 午 fixes day/night, the 三傳 do not care)."""
    return [liuren.chart(day, "午", general, school=school) for day in PILLARS for general in BRANCHES]


CLASSICAL = {
    # method counts over the 720 課 (docs/rules.md §4, §8: 大全 卷一, 探原 推演篇)
    "別責": 9,
    "昴星": 16,
    "八專": 16,
    "遙克": 65,
    "伏吟": 60,
    "返吟": 60,
}
TYPES = {
    "虎視": 4,
    "冬蛇掩目": 12,
    "獨腳": 1,
    "蒿矢": 40,
    "彈射": 25,
    "不虞": 6,
    "自任": 24,
    "自信": 9,
    "杜傳": 21,
    "井欄射": 6,
}
ZHINAN_FUYIN = {"自信": 3, "杜傳": -3}
"""The default follows 指南 卷一 on 丁卯 己卯 辛卯 伏吟 (卯子卯 自信, not the tables' 卯子午 杜傳)."""


@pytest.mark.parametrize("school", PRESETS)
def test_classical_method_statistics(school):
    charts = ke_720(school)
    methods = Counter(str(c.method) for c in charts)
    types = Counter(c.lesson_type for c in charts)
    for method, count in CLASSICAL.items():
        assert methods[method] == count, method
    for name, count in TYPES.items():
        assert types[name] == count + ZHINAN_FUYIN.get(name, 0) * (school == "default"), name
    assert sum(methods.values()) == 720


def _fanyin_inner(chart) -> str:
    """The 涉害 sub-rule a 返吟 課 used inside, read from its trace."""
    return next((name for name in ("見機", "察微", "綴瑕") for step in chart.trace() if name in step), "")


def test_shehai_statistics_default():
    charts = ke_720("default")
    types = Counter(c.lesson_type for c in charts if c.method == "涉害")
    assert types == {"見機": 50, "察微": 25, "綴瑕": 1}
    inner = Counter(_fanyin_inner(c) for c in charts if c.method == "返吟" and c.lesson_type == "無依")
    assert (inner["見機"], inner["綴瑕"]) == (4, 2)


def test_shehai_statistics_tanyuan():
    charts = ke_720("tanyuan")
    types = Counter(c.lesson_type for c in charts if c.method == "涉害")
    # 探原's own list has 64 涉害 rows (his summary says 63), 見機 9, 察微 2, 綴瑕 1
    assert types == {"涉害": 64, "見機": 9, "察微": 2, "綴瑕": 1}


def test_distinct_lessons():
    charts = ke_720("default")
    counts = Counter(c.distinct_lessons for c in charts)
    assert all(c.distinct_lessons == 2 for c in charts if str(c.day) in BAZHUAN_DAYS and c.offset not in (0,))
    assert all(c.distinct_lessons == 3 for c in charts if c.method == "別責")
    assert all(c.distinct_lessons == 4 for c in charts if c.method == "昴星")
    # 伏吟 leaves one lesson on the five 八專 days and two elsewhere (55); 八專 days have two (55); 不備 with
    # three lessons are 100; the 不備 pattern's 440 charts per month are these 220 課 by day and by night
    assert counts == {4: 500, 3: 100, 2: 115, 1: 5}


def _differ(a, b) -> bool:
    return (a.transmissions, a.method, a.lesson_type) != (b.transmissions, b.method, b.lesson_type)


def _changed(default_sweep, option: str):
    return [(a, b) for a, b in zip(default_sweep, all_charts(OPTIONS[option]), strict=True) if _differ(a, b)]


@pytest.mark.parametrize(("option", "refused", "count"), [
    ("biyong_ge=wealth", {"妻財"}, 156),
    ("biyong_ge=wealth-or-ghost", {"妻財", "官鬼"}, 240),
])  # fmt: skip
def test_biyong_ge_moves_only_a_refused_shehai_choice_to_a_sibling_or_parent(default_sweep, option, refused, count):
    changed = _changed(default_sweep, option)
    assert len(changed) == count  # 13 and 20 of the 720 課, by every hour
    for a, b in changed:
        assert a.method in ("涉害", "返吟") and any(k in step for step in a.trace() for k in ("見機", "察微", "綴瑕"))
        assert a.transmissions[0].relation in refused
        assert b.transmissions[0].relation in ("兄弟", "父母")
        assert b.lesson_type == ("比用格" if a.method == "涉害" else a.lesson_type)
        assert b.transmissions[0].branch in (lesson.upper for lesson in a.lessons if lesson.kind)


def test_weishanren_mengzhong_changes_only_ke_shehai(default_sweep):
    changed = _changed(default_sweep, "shehai_mengzhong=weishanren")
    assert len(changed) == 372  # 31 of the 720 課
    for a, b in changed:
        assert a.method == b.method == "涉害" and a.lesson_type in ("見機", "察微", "綴瑕")
        assert not any(lesson.kind == "下賊上" for lesson in a.lessons)  # 上克下 only
        assert b.lesson_type in ("見機", "察微", "綴瑕")


def test_weishanren_fanyin_takes_the_po_of_the_middle(default_sweep):
    changed = _changed(default_sweep, "fanyin_final=weishanren")
    assert len(changed) == 648  # every 無依 返吟 (54 of the 720 課); 井欄射 keeps its own 末
    for a, b in changed:
        assert a.method == "返吟" and a.lesson_type == b.lesson_type == "無依"
        assert a.transmissions[:2] == b.transmissions[:2]
        assert b.transmissions[2].branch.ordinal == PO[b.transmissions[1].branch.ordinal]
    assert not any(a.lesson_type == "井欄射" for a, _ in changed)


def test_repeated_lesson_once_changes_only_charts_whose_repeat_carries_a_ke(default_sweep):
    changed = _changed(default_sweep, "repeated_lesson=once")
    assert len(changed) == 192  # 16 of the 720 課
    for a, _ in changed:
        keys = a.lesson_identities
        repeats = [i for i in (1, 2, 3) if keys.index(keys[i]) < i]
        assert any(a.lessons[i].kind and a.lessons[i].kind != a.lessons[keys.index(keys[i])].kind for i in repeats)


def test_shangke_mengzhong_takes_the_default_choice_for_ke_and_the_depth_count_for_zei(default_sweep):
    depth = list(all_charts(liuren.School(shehai="depth-excluding-start")))
    split = list(all_charts(OPTIONS["shehai_shangke=mengzhong"]))
    moved = 0
    for a, d, b in zip(default_sweep, depth, split, strict=True):
        zei = any(lesson.kind == "下賊上" for lesson in b.lessons)
        assert not _differ(b, d if zei or b.method not in ("涉害", "返吟") else a)
        moved += _differ(b, d)
    assert moved == 264  # 22 of the 720 課, by every hour


def test_daquan_is_its_split_depth_count_plus_biyong_ge_and_weishanren_fanyin():
    split = list(all_charts(OPTIONS["shehai_shangke=mengzhong"].replace(fuyin_return="chong")))  # as 大全
    changed = [(a, b) for a, b in zip(split, all_charts("daquan"), strict=True) if _differ(a, b)]
    kinds = Counter("末" if a.transmissions[:2] == b.transmissions[:2] else b.lesson_type for a, b in changed)
    # 尉山人's 末 on the 54 無依 返吟 (2 of them also take a 比用格 初), 比用格 on 6 下賊上 涉害 課; by every hour
    assert kinds == {"末": 624, "無依": 24, "比用格": 72}
