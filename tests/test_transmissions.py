"""The three transmissions (liuren/transmissions.py): each method's classical statement, one chart each
(docs/rules.md §4); the three 720-課 references agree with the matching preset (三傳 first, labels
second); and the middle and last follow the plate."""

from __future__ import annotations

import csv
import dataclasses
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import liuren
from liuren.chart import Transmission
from liuren.cycle import BRANCH_CHARS, PO, kin_of, normalize, xun_branch
from liuren.transmissions import LESSON_TYPE_ALIASES

from .conftest import REFERENCE, general_for

pillars = st.sampled_from([str(p) for p in liuren.PILLARS])
branches = st.sampled_from(BRANCH_CHARS)


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
        ("丁卯", "卯子卯", "自信"),
        ("丁亥", "亥未丑", "杜傳"),
        ("辛酉", "酉戌未", "杜傳"),
        ("癸丑", "丑戌未", "不虞"),
        ("癸巳", "丑戌未", "不虞"),
        ("己丑", "丑戌未", "自信"),
    ],
)
def test_fuyin_chains(day, expected, lesson_type):
    """伏吟: docs/rules.md §4.8 lists these results."""
    chart = liuren.chart(day, "巳", "巳")
    assert (chart.method, sanchuan(chart), chart.lesson_type) == ("伏吟", expected, lesson_type)


@pytest.mark.parametrize("day", ["丁卯", "己卯", "辛卯"])
def test_zimao_fuyin_follows_the_xing_chain_under_zhinan_and_the_chong_under_daquan(day):
    """指南 卷一 「倘逢中傳自刑者，末傳以衝神為之」: the 沖 only for a 中 that 刑s itself, so 子刑卯 runs
    back to the 初 (陳公獻's 辛卯 戌時戌將 卯子卯, 卷三); 大全's 杜傳 takes the 沖 of the 子: 卯子午."""
    xing = liuren.chart(day, "戌", "戌")
    chong = liuren.chart(day, "戌", "戌", school=liuren.School(fuyin_return="chong"))
    assert (sanchuan(xing), xing.lesson_type) == ("卯子卯", "自信")
    assert (sanchuan(chong), chong.lesson_type) == ("卯子午", "杜傳")
    for preset in ("tanyuan", "daquan"):
        assert sanchuan(liuren.chart(day, "戌", "戌", school=preset)) == "卯子午"
    assert xing.trace(lang="en")[-2].startswith("子 punishes 卯, back to the 初; the 沖 is taken only when")
    assert xing.trace(lang="zh")[-2].startswith("子刑卯，回到初傳；中傳自刑者方以衝神為末")
    assert xing.trace(lang="ko")[-2].startswith("子가 卯를 형하여 초전으로 돌아온다")
    assert any("would return to the 初" in step for step in chong.trace(lang="en"))


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
    """獨腳: 己未 干上酉 gives 酉酉酉 (docs/rules.md §4.7)."""
    chart = liuren.chart("己未", "子", general_for("己未", "酉"))
    assert (chart.method, chart.lesson_type, sanchuan(chart)) == ("八專", "獨腳", "酉酉酉")


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
    from liuren.transmissions import depth_walk, walk_depth

    def walk_count(branch: int, d: int, kind: str, include_start: bool) -> int:
        return walk_depth(depth_walk(branch, d, kind, include_start))

    assert walk_count(11, (11 - 1) % 12, "下賊上", include_start=False) == 5
    assert walk_count(4, (4 - 2) % 12, "下賊上", include_start=False) == 1
    # 探原 counts the start square too (寅 and its lodged 甲), and 乙 lodged at home: 寅 甲 卯 乙
    assert walk_count(4, (4 - 2) % 12, "下賊上", include_start=True) == 4


def test_trace_explains_biyong():
    chart = liuren.chart("丙辰", "子", general_for("丙辰", "子"))
    assert chart.method == "比用"
    assert any("only 午 is yang too (比 the day): 初 = 午 (比用)" in step for step in chart.trace()), chart.trace()
    assert chart.trace()[-1].startswith("三傳 ")


TS_LIB = json.loads((REFERENCE / "liuren-ts-lib_sanchuan.json").read_text(encoding="utf-8"))
TANYUAN = list(csv.DictReader((REFERENCE / "tanyuan-720-derived.csv").open(encoding="utf-8")))
DISPUTED = list(csv.DictReader((REFERENCE / "sanchuan-disputed-ke.csv").open(encoding="utf-8")))

TS_DEPTH_STYLE = {("丁卯", "巳"), ("己亥", "亥"), ("辛卯", "申")}
"""The reference README names these three liuren-ts-lib entries as 課經 depth-count answers."""

ZIMAO_FUYIN = {("丁卯", "未"), ("己卯", "未"), ("辛卯", "戌")}
"""The 子卯 伏吟 課 (day, 干上): the default follows 指南 卷一's 刑 chain back to the 初, 卯子卯 自信
(``fuyin_return="xing"``); ts-lib, 探原's list and the other presets print 卯子午 杜傳 (docs/reference.md)."""
ZIMAO_CHONG = liuren.School(fuyin_return="chong")
"""The reference README names these three liuren-ts-lib entries as 課經 depth-count answers."""

TS_LABEL_SLIPS = {
    (
        "戊辰",
        "辰",
    ): "卯 sits in two identical lessons (2 and 3): counted once it is a lone 上克下, 元首; ts-lib says 比用",
    ("己丑", "午"): "子 over 丑 is 下賊上 (丑 土 克 子 水): 重審; ts-lib says 元首",
    ("辛巳", "申"): "one 上克下 (午/申) and one 下賊上 (丑/卯): the 賊 wins alone, 重審; ts-lib says 比用",
    ("乙酉", "戌"): "a 返吟 課 (d = 6), labelled 涉害 by ts-lib after the method used inside 返吟",
    ("丁卯", "亥"): "ts-lib's label 重審 for a 涉害 課 (two 下賊上 and a 上克下)",
}

TANYUAN_LABEL_SLIPS = {
    (
        "戊辰",
        "戌",
    ): "has a 上克下 (卯/戌) beside its lone 下賊上: 重審; the transcription prints 始入 (swapped with the next row)",
    (
        "戊辰",
        "未",
    ): "a lone 下賊上 (申/午) and no 上克下: 始入; the transcription prints 重審 (swapped with the row above)",
    ("丙辰", "子"): "two 下賊上 (亥/辰, 午/亥), 午 alone matches 丙: 比用; the list prints 重審",
}


DEPTH_EXCLUDING_START = liuren.School(shehai="depth-excluding-start")
"""The rule the third column of sanchuan-disputed-ke.csv computes: the depth count without the start
square and nothing else (the ``daquan`` preset adds 比用格 and 尉山人's 返吟 to it; see test_daquan.py)."""


def ts_rows():
    for day, rows in TS_LIB.items():
        for index, row in enumerate(rows):
            yield normalize(day), BRANCH_CHARS[index], row["干支组合"], normalize(row["格局"])


def test_ts_lib_has_720_entries():
    assert len(list(ts_rows())) == 720


def test_default_reproduces_ts_lib_sanchuan():
    disputed = {(r["day"], r["gan_shang"]): r for r in DISPUTED}
    misses = []
    for day, gan_shang, expected, _ in ts_rows():
        got = sanchuan(liuren.chart(day, "子", general_for(day, gan_shang)))
        if (day, gan_shang) in TS_DEPTH_STYLE:
            assert got != expected, (day, gan_shang)
            assert got == disputed[(day, gan_shang)]["simple_mengzhong"], (day, gan_shang)
        elif (day, gan_shang) in ZIMAO_FUYIN:
            assert (got, expected) == ("卯子卯", "卯子午"), (day, gan_shang)
            assert sanchuan(liuren.chart(day, "子", general_for(day, gan_shang), school=ZIMAO_CHONG)) == expected
        elif got != expected:
            misses.append((day, gan_shang, got, expected))
    assert misses == []


def test_default_labels_agree_with_ts_lib_except_named_slips():
    misses = {}
    for day, gan_shang, _, label in ts_rows():
        chart = liuren.chart(day, "子", general_for(day, gan_shang))
        same = label in (chart.lesson_type, chart.method) or (label == "知一" and chart.method == "比用")
        if not same:
            misses[(day, gan_shang)] = (label, str(chart.method), chart.lesson_type)
    assert set(misses) == set(TS_LABEL_SLIPS), misses


def test_tanyuan_has_712_legible_rows():
    assert len(TANYUAN) == 720
    assert sum(r["status"] == "ok" for r in TANYUAN) == 712


@pytest.mark.parametrize(
    "row", [r for r in TANYUAN if r["status"] == "ok"], ids=lambda r: f"{r['day']}-{r['gan_shang']}"
)
def test_tanyuan_preset_reproduces_every_legible_row(row):
    chart = liuren.chart(row["day"], "子", general_for(row["day"], row["gan_shang"]), school="tanyuan")
    assert sanchuan(chart) == row["sanchuan"]


def _tanyuan_names(text: str) -> set[str]:
    """探原's labels of a row, in the package's spellings: the table writes 独足 where the package writes the
    chapter's 獨腳 (LESSON_TYPE_ALIASES); the copied table keeps its own spelling."""
    names = {LESSON_TYPE_ALIASES.get(n, n) for n in (normalize(part) for part in text.split("、"))}
    if "改正涉害" in names:
        names.add("涉害")
    if "無親" in names:
        names.add("井欄射")
    return names


def test_tanyuan_labels_agree_except_named_slips():
    misses = {}
    for row in TANYUAN:
        if row["status"] != "ok":
            continue
        chart = liuren.chart(row["day"], "子", general_for(row["day"], row["gan_shang"]), school="探原")
        if chart.lesson_type not in _tanyuan_names(row["names"]):
            misses[(row["day"], row["gan_shang"])] = (row["names"], chart.lesson_type)
    assert set(misses) == set(TANYUAN_LABEL_SLIPS), misses


def test_tanyuan_rows_missing_in_transcription_match_their_note():
    for row in TANYUAN:
        if row["status"] == "ok":
            continue
        chart = liuren.chart(row["day"], "子", general_for(row["day"], row["gan_shang"]), school="tanyuan")
        assert sanchuan(chart) in row["note"], row


@pytest.mark.parametrize("row", DISPUTED, ids=lambda r: f"{r['day']}-{r['gan_shang']}")
def test_disputed_ke_each_school_gives_its_answer(row):
    general = general_for(row["day"], row["gan_shang"])
    assert sanchuan(liuren.chart(row["day"], "子", general, school="default")) == row["simple_mengzhong"]
    assert sanchuan(liuren.chart(row["day"], "子", general, school="tanyuan")) == row["kejing_depth_start_incl"]
    assert (
        sanchuan(liuren.chart(row["day"], "子", general, school=DEPTH_EXCLUDING_START))
        == row["daquan_depth_start_excl"]
    )


def test_the_three_schools_differ_only_on_the_disputed_ke():
    disputed = {(r["day"], r["gan_shang"]) for r in DISPUTED if r["simple_mengzhong"] != r["kejing_depth_start_incl"]}
    assert len(disputed) == 23
    differ = set()
    for day, gan_shang, _, _ in ts_rows():
        general = general_for(day, gan_shang)
        answers = {
            sanchuan(liuren.chart(day, "子", general, school=s)) for s in ("default", "tanyuan", DEPTH_EXCLUDING_START)
        }
        if len(answers) > 1:
            differ.add((day, gan_shang))
    assert differ == disputed | ZIMAO_FUYIN


def test_wuchen_fanyin_zhuixia_differs_from_the_web_table_as_documented():
    rows = [r for r in DISPUTED if r["which_rule_differs"].startswith("返吟")]
    assert [(r["day"], r["gan_shang"]) for r in rows] == [("戊辰", "亥"), ("戊戌", "亥")]
    for row in rows:
        chart = liuren.chart(row["day"], "子", general_for(row["day"], row["gan_shang"]))
        assert sanchuan(chart) == "亥巳亥" == row["tanyuan_text"] == row["liuren_ts_lib_json"]
        assert row["web720_table_max65536"] == "巳亥巳"
        # the web table's (and 陳公獻's) 巳亥巳 is 大全's 比用格: 亥 is 戊's 妻財, 巳 its 父母
        wealth = liuren.chart(
            row["day"], "子", general_for(row["day"], row["gan_shang"]), school=liuren.School(biyong_ge="wealth")
        )
        assert (sanchuan(wealth), wealth.lesson_type) == ("巳亥巳", "無依")
        assert (chart.method, chart.lesson_type) == ("返吟", "無依")
        assert any("綴瑕" in step for step in chart.trace())


@given(pillars, branches, branches, st.sampled_from(["default", "tanyuan", "daquan"]))
def test_transmissions_follow_the_plate(day, hour, general, school):
    chart = liuren.chart(day, hour, general, school=school)
    first, middle, last = (t.branch for t in chart.transmissions)
    if chart.method in ("賊克", "比用", "涉害", "遙克") or chart.lesson_type == "無依":
        assert middle == chart.plate[first]
        if chart.lesson_type == "無依" and chart.school.fanyin_final == "weishanren":
            assert last.ordinal == PO[middle.ordinal]  # 尉山人取法: 末傳取破
        else:
            assert last == chart.plate[middle]
    uppers = {lesson.upper for lesson in chart.lessons}
    if chart.method in ("賊克", "比用", "涉害"):
        assert first in uppers
        assert any(lesson.kind and lesson.upper == first for lesson in chart.lessons)


@pytest.mark.parametrize("school", ["default", "tanyuan"])
def test_every_transmission_taken_from_the_table_is_the_rules_value(school):
    for day in liuren.PILLARS:
        for hour in liuren.BRANCHES:
            for general in liuren.BRANCHES:
                chart = liuren.chart(day, hour, general, school=school)
                xun = xun_branch(day.ordinal)
                for t in chart.transmissions:
                    k = (t.branch.ordinal - xun) % 12
                    expected = Transmission(
                        t.branch,
                        chart.general_on(t.branch),
                        kin_of(day.stem.ordinal, t.branch.ordinal),
                        None if k >= 10 else liuren.STEMS[k],
                        t.branch in chart.void,
                    )
                    assert t == expected and (t.stem is None) == t.void


def test_a_transmission_is_a_record_not_a_tuple():
    init, middle, last = liuren.chart("丙申", "午", "亥").transmissions
    assert (init.branch, middle.branch, last.branch) == ("卯", "申", "丑")
    assert init == Transmission("卯", "太常", "父母", "癸", False) and init != ("卯", "太常", "父母", "癸", False)
    assert repr(init) == "Transmission(branch='卯', general='太常', relation='父母', stem='癸', void=False)"
    assert str(init) == "父癸卯常"
    with pytest.raises(dataclasses.FrozenInstanceError):
        init.void = True  # type: ignore[misc]
