"""Rule-by-rule examples from rules.md §4 (each method's classical statement, one chart each)."""

from __future__ import annotations

import pytest

import liuren

from .conftest import general_for


def sanchuan(chart) -> str:
    return "".join(t.branch for t in chart.transmissions)


@pytest.mark.parametrize(
    ("day", "expected", "lesson_type"),
    [
        ("甲子", "寅巳申", "自任"),
        ("壬辰", "亥辰戌", "杜傳"),
        ("壬午", "亥午子", "杜傳"),
        ("乙酉", "辰酉卯", "杜傳"),
        ("乙卯", "辰卯子", "杜傳"),
        ("丁卯", "卯子午", "杜傳"),
        ("丁亥", "亥未丑", "杜傳"),
        ("辛酉", "酉戌未", "杜傳"),
        ("癸丑", "丑戌未", "不虞"),
        ("癸巳", "丑戌未", "不虞"),
        ("己丑", "丑戌未", "自信"),
    ],
)
def test_fuyin_chains(day, expected, lesson_type):
    """伏吟: rules.md §4.8 lists these results."""
    chart = liuren.chart(day, "巳", "巳")
    assert (chart.method, sanchuan(chart), chart.lesson_type) == ("伏吟", expected, lesson_type)


def test_fuyin_open_chain_option_breaks_at_shen():
    school = liuren.School().replace(fuyin_chain="open")
    assert sanchuan(liuren.chart("甲子", "子", "子")) == "寅巳申"
    # 庚: 干上 申; under the open chain 申 does not punish 寅, so it is treated as self-刑
    assert sanchuan(liuren.chart("庚子", "子", "子")) == "申寅巳"
    # so 中 = the other anchor, 支上 子, and 末 = 刑(子) = 卯
    assert sanchuan(liuren.chart("庚子", "子", "子", school=school)) == "申子卯"


@pytest.mark.parametrize(
    ("day", "gan_shang", "expected"),
    [
        ("丁丑", "丑", "亥未丑"),
        ("己丑", "丑", "亥未丑"),
        ("辛丑", "辰", "亥未辰"),
        ("丁未", "丑", "巳丑丑"),
        ("辛未", "辰", "巳丑辰"),
    ],
)
def test_fanyin_without_ke_is_jinglanshe(day, gan_shang, expected):
    """返吟 無親: 初 = 驛馬 of the day branch, 中 = 支上, 末 = 干上 (粹言)."""
    chart = liuren.chart(day, "子", general_for(day, gan_shang))
    assert chart.offset == 6
    assert (chart.method, chart.lesson_type, sanchuan(chart)) == ("返吟", "井欄射", expected)


def test_biezhe_nine_ke():
    """別責: exactly 9 課 (大全 卷一): 戊辰, 戊午, 丙辰 (干上午), 辛未 ×2, 辛丑 ×2, 丁酉 (干上巳), 辛酉 (干上酉)."""
    found = sorted(
        (str(c.day), str(c.lessons[0].upper))
        for day in liuren.PILLARS
        for g in liuren.BRANCHES
        if (c := liuren.chart(day, "午", g)).method == "別責"
    )
    days = [day for day, _ in found]
    assert len(found) == 9
    assert days.count("辛未") == 2 and days.count("辛丑") == 2
    assert ("丙辰", "午") in found and ("丁酉", "巳") in found and ("辛酉", "酉") in found
    assert "戊辰" in days and "戊午" in days


def test_biezhe_hard_and_soft_days():
    hard = liuren.chart("丙辰", "子", general_for("丙辰", "午"))
    assert hard.method == "別責"
    # 丙 combines with 辛, lodged at 戌; the branch over 戌 (d = 1) is 亥; 中 = 末 = 干上 午
    assert sanchuan(hard) == "亥午午"
    soft = liuren.chart("丁酉", "子", general_for("丁酉", "巳"))
    # 酉's 三合 partner after it is 丑 (巳酉丑); 中 = 末 = 干上 巳
    assert sanchuan(soft) == "丑巳巳"
    heaven = liuren.School().replace(biezhe_yin="heaven")
    # the other reading takes the heaven branch over 丑 instead: d = 10, so 亥
    assert sanchuan(liuren.chart("丁酉", "子", general_for("丁酉", "巳"), school=heaven)) == "亥巳巳"


def test_bazhuan_dujiao():
    """獨足: 己未 干上酉 gives 酉酉酉 (rules.md §4.7)."""
    chart = liuren.chart("己未", "子", general_for("己未", "酉"))
    assert (chart.method, chart.lesson_type, sanchuan(chart)) == ("八專", "獨足", "酉酉酉")


def test_maoxing_yang_and_yin():
    yang = [
        c
        for d in liuren.PILLARS
        if d.stem.yang
        for g in liuren.BRANCHES
        if (c := liuren.chart(d, "子", g)).method == "昴星"
    ]
    yin = [
        c
        for d in liuren.PILLARS
        if not d.stem.yang
        for g in liuren.BRANCHES
        if (c := liuren.chart(d, "子", g)).method == "昴星"
    ]
    assert len(yang) == 4 and len(yin) == 12
    for c in yang:
        assert c.transmissions[0].branch == c.plate["酉"]
        assert (c.transmissions[1].branch, c.transmissions[2].branch) == (c.lessons[2].upper, c.lessons[0].upper)
        assert c.lesson_type == "虎視"
    for c in yin:
        assert c.transmissions[0].branch == c.plate.earth_under("酉")
        assert (c.transmissions[1].branch, c.transmissions[2].branch) == (c.lessons[0].upper, c.lessons[2].upper)
        assert c.lesson_type == "冬蛇掩目"


def test_zei_outranks_ke():
    """A single 下賊上 outranks any number of 上克下 (指南)."""
    chart = liuren.chart("辛巳", "子", general_for("辛巳", "申"))
    kinds = [lesson.kind for lesson in chart.lessons]
    assert kinds.count("上克下") == 1 and kinds.count("下賊上") == 1
    assert (chart.method, chart.lesson_type, sanchuan(chart)) == ("賊克", "重審", "丑亥酉")


def test_shehai_depth_counts_follow_the_daquan_worked_example():
    """大全 counts 亥 on 丑 as 5 (辰 戊 未 己 戌) and 辰 on 寅 as 1 (卯) without the start square."""
    from liuren.transmissions import _depth

    assert _depth(11, (11 - 1) % 12, "下賊上", include_start=False) == 5
    assert _depth(4, (4 - 2) % 12, "下賊上", include_start=False) == 1
    # 探原 counts the start square too (寅 and its lodged 甲), and 乙 lodged at home: 寅 甲 卯 乙
    assert _depth(4, (4 - 2) % 12, "下賊上", include_start=True) == 4


def test_trace_explains_biyong():
    chart = liuren.chart("丙辰", "子", general_for("丙辰", "子"))
    assert chart.method == "比用"
    assert any("only 午 is yang too (比 the day): 初 = 午 (比用)" in step for step in chart.trace()), chart.trace()
    assert chart.trace()[-1].startswith("三傳 ")
