"""年命: 本命 and 行年 (《六壬粹言》 行年第九; 《三命通會》 卷二 論小運), the chart carrying them, bad input."""

from __future__ import annotations

import pickle
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

import liuren
from liuren import Chart, OutOfRangeError, ParseError, chart_at, nianming
from liuren.chart import PlateNianMing

STEMS = "甲乙丙丁戊己庚辛壬癸"
BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
SIXTY = [STEMS[k % 10] + BRANCHES[k % 12] for k in range(60)]
"""The sixty pillars written out from the characters, independent of liuren.cycle."""

# What the texts state: 1 歲 is 丙寅 for a man and 壬申 for a woman, then one pillar a year, forward for a man
# and backward for a woman (《六壬粹言》 行年第九; 《三命通會》 卷二 論小運). The other values below are that
# walk, written out by hand: a man of 10 歲 at 乙亥, 30 歲 at 乙未, back at 丙寅 at 61 歲; a woman of 2 歲 at
# 辛未, 3 歲 at 庚午, 10 歲 at 癸亥. (tyme4py's Fortune 小運 is the 八字 小運 counted from the hour pillar, a
# different rule, so it is no check here.)
WORKED = {
    ("male", 1): "丙寅",
    ("male", 2): "丁卯",
    ("male", 10): "乙亥",
    ("male", 30): "乙未",
    ("male", 61): "丙寅",
    ("female", 1): "壬申",
    ("female", 2): "辛未",
    ("female", 3): "庚午",
    ("female", 10): "癸亥",
    ("female", 61): "壬申",
}


def walk(start: str, step: int, age: int) -> str:
    """The 行年 found by walking the written-out cycle one pillar per year from ``start``."""
    i = SIXTY.index(start)
    for _ in range(age - 1):
        i = (i + step) % 60
    return SIXTY[i]


@pytest.mark.parametrize("sex", ["male", "female"])
def test_xingnian_ages_1_to_100_against_the_stated_rule(sex):
    start, step = ("丙寅", 1) if sex == "male" else ("壬申", -1)
    for age in range(1, 101):
        found = nianming(1900, sex, 1900 + age - 1)
        assert found.age == age
        assert found.xingnian == walk(start, step, age), (sex, age)
        if (sex, age) in WORKED:
            assert found.xingnian == WORKED[sex, age]


def test_benming_is_the_birth_year_pillar():
    assert [nianming(y, "男", 2026).benming for y in (1984, 1990, 2000, 2026)] == ["甲子", "庚午", "庚辰", "丙午"]


@pytest.mark.parametrize(
    ("spelling", "sex"),
    [
        ("male", "male"),
        ("Male", "male"),
        ("m", "male"),
        ("男", "male"),
        ("乾", "male"),
        ("female", "female"),
        ("F", "female"),
        ("女", "female"),
        ("坤", "female"),
    ],
)
def test_sex_spellings(spelling, sex):
    assert nianming(2000, spelling, 2001).sex == sex


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        ((2000, "x", 2001), ParseError, r"sex='x' is not understood; accepted: 'male'/'female', 男/女, 乾/坤"),
        ((2000, None, 2001), ParseError, "is not understood"),
        ((2000, "男", 1999), OutOfRangeError, r"year=1999 is before birth_year=2000"),
        ((0, "男", 2001), OutOfRangeError, r"birth_year=0 is out of range; accepted: years 1–9999"),
        ((2000, "男", 10000), OutOfRangeError, r"year=10000 is out of range"),
        (("2000", "男", 2001), ParseError, r"birth_year='2000' is not a year"),
        ((2000.0, "男", 2001), ParseError, r"is not a year"),
        ((True, "男", 2001), ParseError, r"is not a year"),
    ],
)
def test_bad_input_is_a_precise_error(args, error, message):
    with pytest.raises(error, match=message):
        nianming(*args)


SEOUL = ZoneInfo("Asia/Seoul")
LICHUN_2026 = datetime(2026, 2, 4, 5, 2, 8, tzinfo=SEOUL)
"""立春 2026 (tyme4py's table, as the almanac gives it)."""


def test_benming_changes_at_lichun():
    when = datetime(2026, 6, 1, 10, tzinfo=SEOUL)
    before = chart_at(when, birth=LICHUN_2026 - timedelta(minutes=2), sex="男")
    after = chart_at(when, birth=LICHUN_2026 + timedelta(minutes=1), sex="男")
    assert (before.nianming.benming, after.nianming.benming) == ("巳", "午")  # 乙巳 year, then 丙午
    # born just before 立春 counts 2025 as 1 歲: 2 歲 in 2026 (丁卯); just after, 1 歲 (丙寅)
    assert (before.nianming.xingnian, after.nianming.xingnian) == ("卯", "寅")
    assert chart_at(when, birth=2026, sex="女").nianming.xingnian == "申"
    # a chart cast before 立春 of the chart year still counts the previous year
    early = chart_at(datetime(2026, 1, 20, 10, tzinfo=SEOUL), birth=2000, sex="男")
    assert early.nianming.xingnian == nianming(2000, "男", 2025).xingnian.branch


def test_chart_at_needs_birth_and_sex_together():
    when = datetime(2026, 6, 1, 10, tzinfo=SEOUL)
    with pytest.raises(ParseError, match="needs both birth= and sex="):
        chart_at(when, birth=1990)
    with pytest.raises(ParseError, match="needs both birth= and sex="):
        chart_at(when, sex="男")
    assert chart_at(when).nianming is None


def test_the_chart_carries_the_nianming_everywhere():
    c = liuren.chart("甲子", "寅", "午", nianming=("午", "寅"))
    assert c.nianming == PlateNianMing("午", "寅", "戌", "午")  # d = 4: 戌 over 午, 午 over 寅
    assert c.nianming == liuren.chart("甲子", "寅", "午", nianming=("庚午", "丙寅")).nianming  # pillars accepted
    assert c.nianming == liuren.chart("甲子", "寅", "午", nianming=nianming(1990, "男", 1990)).nianming
    assert c.to_dict()["nianming"] == {"benming": "午", "xingnian": "寅", "benming_upper": "戌", "xingnian_upper": "午"}
    assert c.spec() == "甲子 寅 午 night default benming=午 xingnian=寅"
    assert Chart.parse(c.spec()) == c and eval("liuren." + repr(c)) == c and pickle.loads(pickle.dumps(c)) == c
    assert repr(c).endswith("nianming=('午', '寅'))")
    assert c != liuren.chart("甲子", "寅", "午") and hash(c) != hash(liuren.chart("甲子", "寅", "午"))
    assert liuren.chart("甲子", "寅", "午").to_dict()["nianming"] is None


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (("午", None), "gives the 年命 in half"),
        (("午",), "gives the 年命 in half"),
        (("", "寅"), "gives the 年命 in half"),
        (("午", "寅", "卯"), "has 3 values, not two"),
        ("午寅", "is not a 年命"),
        (("甲", "寅"), r"'甲' is not a 本命 branch"),
        (("午", "x"), r"'x' is not a 行年 branch"),
    ],
)
def test_bad_nianming_on_a_chart(value, message):
    with pytest.raises(ParseError, match=message):
        liuren.chart("甲子", "寅", "午", nianming=value)


def test_a_spec_with_half_a_nianming_is_refused():
    with pytest.raises(ParseError, match="gives the 年命 in half"):
        Chart.parse("甲子 寅 午 benming=午")
    with pytest.raises(ParseError, match="gives the benming twice"):
        Chart.parse("甲子 寅 午 benming=午 benming=午 xingnian=寅")


def test_text_layout_shows_the_nianming_line():
    c = liuren.chart("甲子", "寅", "午", nianming=("午", "寅"))
    assert str(c).splitlines()[:2] == ["甲子日 寅時 午將 夜貴 · 賊克 元首", "本命 午 上戌 · 行年 寅 上午"]
    assert str(liuren.chart("甲子", "寅", "午")).splitlines()[1] == ""  # no 年命: the layout is unchanged


def test_html_marks_the_nianming_squares_and_names_them_in_the_caption():
    c = liuren.chart("甲子", "寅", "午", nianming=("午", "寅"))
    html = c._repr_html_()
    assert "本命 午 上戌" in html and "行年 寅 上午" in html
    assert 'title="地 午 · 天 戌 · 六合 · 本命"' in html and 'title="地 寅 · 天 午 · 天后 · 行年"' in html
    both = liuren.chart("甲子", "寅", "午", nianming=("午", "午"))._repr_html_()
    assert 'title="地 午 · 天 戌 · 六合 · 本命 · 行年"' in both and ">命年</span>" in both
    assert "本命" not in liuren.chart("甲子", "寅", "午")._repr_html_()


@pytest.mark.parametrize("style", ["round", "square"])
def test_plate_drawing_marks_the_nianming_squares(style):
    pytest.importorskip("matplotlib")
    from liuren.show.drawing import draw_plate

    ax = draw_plate(liuren.chart("甲子", "寅", "午", nianming=("午", "寅")), style=style)
    assert sorted(t.get_text() for t in ax.texts if (t.get_gid() or "").startswith("nianming-")) == ["命", "年"]
    plain = draw_plate(liuren.chart("甲子", "寅", "午"), style=style)
    assert not [t for t in plain.texts if (t.get_gid() or "").startswith("nianming-")]


def test_find_with_a_nianming_agrees_with_every_chart_of_the_space():
    """find(pattern=…, nianming=…) returns exactly the 課 on which each 年命 pattern fires, over all 8,640 charts."""
    from liuren import BRANCHES, PILLARS, find
    from liuren.patterns import PATTERNS

    fate = ("子", "午")
    judged = [p for p in PATTERNS if p.needs_nianming]
    fires: dict[str, set] = {p.name: set() for p in judged}
    for day in PILLARS:
        for hour in BRANCHES:
            for general in BRANCHES:
                c = Chart(day, hour, general, month="寅", year="子", nianming=fate)
                assert not c.unjudged_patterns
                for p in c.patterns:
                    if p.name in fires:
                        fires[p.name].add((day, (general.ordinal - hour.ordinal) % 12, c.noble))
    for p in judged:
        found = {(c.day, c.offset, c.noble) for c in find(pattern=p.name, month="寅", year="子", nianming=fate)}
        assert found == fires[p.name], p.name
    assert sum(map(len, fires.values())) > 0


def test_find_writes_the_chapter_spelling_of_dujiao_and_reads_the_tables_one():
    from liuren import find

    assert find(lesson_type="獨腳") == find(lesson_type="獨足") == find(lesson_type="独脚") != []
    assert find(lesson_type="独足") == find(lesson_type="獨足")
    assert all(c.lesson_type == "獨腳" for c in find(lesson_type="獨足"))


@given(st.integers(1, 9000), st.integers(0, 300))
def test_xingnian_invariants(born, years):
    man, woman = nianming(born, "男", born + years), nianming(born, "女", born + years)
    assert man.age == woman.age == years + 1
    assert (man.xingnian.ordinal + woman.xingnian.ordinal) % 60 == 10  # 丙寅 + 壬申, walked in opposite directions
    if born + years + 60 <= 9999:
        assert nianming(born, "男", born + years + 60).xingnian == man.xingnian
    assert man.benming == woman.benming == SIXTY[(born - 4) % 60]


@given(st.sampled_from(BRANCHES), st.sampled_from(BRANCHES), st.sampled_from(SIXTY), st.integers(0, 11))
def test_a_chart_with_a_nianming_round_trips(bm, xn, day, d):
    c = Chart(day, "子", BRANCHES[d], nianming=(bm, xn))
    assert Chart.parse(c.spec()) == c and pickle.loads(pickle.dumps(c)) == c
    assert (c.nianming.benming_upper, c.nianming.xingnian_upper) == (
        BRANCHES[(BRANCHES.index(bm) + d) % 12],
        BRANCHES[(BRANCHES.index(xn) + d) % 12],
    )


def test_chart_at_birth_takes_a_year_or_an_aware_datetime_only():
    from datetime import date

    seoul = ZoneInfo("Asia/Seoul")
    when = datetime(2026, 3, 1, 12, tzinfo=seoul)
    by_year = liuren.chart_at(when, birth=1990, sex="男").nianming
    assert by_year == liuren.chart_at(when, birth=datetime(1990, 5, 1, 12, tzinfo=seoul), sex="男").nianming
    # born on 1990-02-03, before that year's 立春 (Feb 4): the 1989 year
    assert liuren.chart_at(when, birth=datetime(1990, 2, 3, 12, tzinfo=seoul), sex="男").nianming.benming == "巳"
    for bad, words in ((date(1990, 5, 1), "date without a time"), ("1990", "is not a birth"), (True, "is not a birth")):
        with pytest.raises(liuren.ParseError, match=words):
            liuren.chart_at(when, birth=bad, sex="男")
