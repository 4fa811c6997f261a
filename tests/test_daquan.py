"""The worked cases of 《六壬大全》 卷七–十 (data/daquan_cases.csv): what each preset gives on them, and
the book's example for each 大全 option, one case it changes and one it leaves alone."""

from __future__ import annotations

import csv
import itertools

import pytest

import liuren
from liuren.cycle import BRANCH_CHARS
from liuren.show.gates import gate_records
from liuren.transmissions import depth_walk

from .conftest import DATA

COLUMNS = [
    "case", "juan", "heading", "where", "source", "day", "hour", "general", "offset", "noble",
    "lessons", "lesson_generals", "transmissions", "transmission_generals", "daquan", "note",
]  # fmt: skip
SOURCES = {f"guwen:{page}" for page in range(36, 66)}
"""The mirror data/README.md names: lhw828/GuWen 易藏/术数/六壬大全_pageNN.html, pages 36–65."""

with (DATA / "daquan_cases.csv").open(encoding="utf-8", newline="") as f:
    READER = csv.DictReader(f)
    HEADER = READER.fieldnames
    ROWS = list(READER)

DAQUAN = liuren.School.preset("daquan")
OTHER_RULE = {
    # the 比用格 paragraph's 官鬼 cases (and 軒蓋's 戊子 on the same 課): a 上克下 pool depth-counted, then
    # the wider 比用格
    **dict.fromkeys(("07-比用格-3", "07-比用格-4", "07-比用格-5", "08-軒蓋-5"),
                    DAQUAN.replace(shehai_shangke="depth", biyong_ge="wealth-or-ghost")),
    # 下賊上 candidates judged by 孟/仲, no depth count (觀月經's 庚寅, 斫輪's 癸酉, 九丑's 乙卯)
    **dict.fromkeys(("07-觀月經-3", "08-斫輪-3", "10-九丑-1"), DAQUAN.replace(shehai="mengzhong", biyong_ge="off")),
    # the main text's 返吟, whose 末 returns to the 初 (尉山人's 末傳取破 is the 斫輪卦 list)
    **dict.fromkeys(("07-返吟-1", "09-龍戰-1"), DAQUAN.replace(fanyin_final="return")),
}  # fmt: skip
"""Each row marked other-rule → a school that gives what the book prints there."""
SLIPS = {
    "07-元首-12", "07-察微-1", "08-斫輪-8", "08-閉口-6", "09-二煩-24", "09-刑德-1", "09-羅網-1", "09-蕪淫-2",
}  # fmt: skip
"""Printing slips (each row's note says why): no school gives what is printed."""

DEFAULT_MISSES = {
    "07-涉害-1", "07-訂訛-2", "07-觀月經-1",  # decided by the depth count
    "07-比用格-1", "07-比用格-2", "07-比用格-3", "07-比用格-4", "07-比用格-5", "07-比用格-6", "08-軒蓋-5",
    *(f"08-斫輪-{i}" for i in range(11, 20)),  # 尉山人's 返吟
    "07-杜傳-5", "07-杜傳-6", "07-杜傳-7",  # 大全's 卯子午; 指南 卷一 follows the 刑 back: 卯子卯
    *SLIPS,
}  # fmt: skip
TANYUAN_TRANSMISSION_MISSES = {
    "07-比用格-1", "07-比用格-3", "07-比用格-4", "07-比用格-5", "08-軒蓋-5",
    "07-觀月經-2", "07-觀月經-3", "08-斫輪-3", "09-刑傷-1", "09-天網-1", "10-九丑-1", "10-六純-1",  # 孟/仲
    *(f"08-斫輪-{i}" for i in range(11, 20)),
    "07-元首-12", "08-斫輪-8", "09-二煩-24", "09-刑德-1",
}  # fmt: skip
"""What the other presets miss (data/README.md): they are unchanged by the 大全 options. 探原 also
misses the generals of 60 more rows: it uses table B, the book table A."""

NOBLE_OFF_RULE = {
    "07-比用格-6", "07-杜傳-22", "07-三光-1", "07-三陽-1", "07-龍德-1", "08-閉口-5", "09-魄化-3", "09-死奇-1",
}  # fmt: skip
"""Printed with the noble the 卯–申 rule does not give: 晝 at 寅, 酉 or 丑 (seven rows), 夜 at 卯 (one);
every other row with an hour agrees with it. The noble column is what the book prints."""


def build(row: dict[str, str], school: liuren.School | str = "daquan") -> liuren.Chart:
    """The chart a row describes: its hour and general, or 子時 and the general its offset gives."""
    hour = row["hour"] or "子"
    general = row["general"] or BRANCH_CHARS[(BRANCH_CHARS.index(hour) + int(row["offset"])) % 12]
    return liuren.chart(row["day"], hour, general, noble=row["noble"] or None, school=school)


def printed(expected: str, got: str) -> bool:
    """Whether what the book prints (a prefix, ? for an illegible character) agrees with ``got``."""
    return len(expected) <= len(got) and all(e in ("?", g) for e, g in zip(expected, got, strict=False))


def differences(row: dict[str, str], chart: liuren.Chart) -> list[str]:
    got = {
        "lessons": "".join(str(lesson.upper) for lesson in chart.lessons),
        "lesson_generals": "".join(lesson.general.short for lesson in chart.lessons),
        "transmissions": "".join(str(t.branch) for t in chart.transmissions),
        "transmission_generals": "".join(t.general.short for t in chart.transmissions),
    }
    return [
        f"{field}: book {row[field]}, chart {value}" for field, value in got.items() if not printed(row[field], value)
    ]


def misses(school: liuren.School | str) -> set[str]:
    return {row["case"] for row in ROWS if differences(row, build(row, school))}


def test_header_sources_and_ids():
    assert HEADER == COLUMNS
    assert len(ROWS) == 284
    assert len({row["case"] for row in ROWS}) == len(ROWS)
    assert {row["source"] for row in ROWS} <= SOURCES
    for row in ROWS:
        assert row["case"].startswith({"七": "07-", "八": "08-", "九": "09-", "十": "10-"}[row["juan"]])
        assert row["daquan"] in ("", "other-rule", "slip")
        assert row["transmissions"] and len(row["where"]) <= 30
        if row["hour"]:
            assert (BRANCH_CHARS.index(row["general"]) - BRANCH_CHARS.index(row["hour"])) % 12 == int(row["offset"])


@pytest.mark.parametrize("row", [r for r in ROWS if not r["daquan"]], ids=lambda r: r["case"])
def test_daquan_gives_what_the_book_prints(row):
    wrong = differences(row, build(row))
    assert not wrong, (
        f"{row['case']} «{row['where']}» ({row['source']}): " + "; ".join(wrong) + f"\n  note: {row['note']}"
    )


@pytest.mark.parametrize("row", [r for r in ROWS if r["daquan"]], ids=lambda r: r["case"])
def test_rows_marked_other_rule_or_slip_really_differ(row):
    assert differences(row, build(row))
    if row["daquan"] == "other-rule":
        assert not differences(row, build(row, OTHER_RULE[row["case"]]))
    else:
        assert row["case"] in SLIPS and row["note"]


def test_what_each_preset_reproduces():
    assert {r["case"] for r in ROWS if r["daquan"] == "other-rule"} == set(OTHER_RULE)
    assert {r["case"] for r in ROWS if r["daquan"] == "slip"} == SLIPS
    assert misses("daquan") == set(OTHER_RULE) | SLIPS  # 267 of 284
    assert misses("default") == DEFAULT_MISSES  # 254
    tanyuan = {row["case"] for row in ROWS if differences(row, build(row, "tanyuan"))}
    transmissions = {
        row["case"] for row in ROWS
        if not printed(row["transmissions"], "".join(str(t.branch) for t in build(row, "tanyuan").transmissions))
    }  # fmt: skip
    assert transmissions == TANYUAN_TRANSMISSION_MISSES
    assert (len(ROWS) - len(misses("daquan")), len(ROWS) - len(DEFAULT_MISSES), len(ROWS) - len(tanyuan)) == (
        267, 254, 199,
    )  # fmt: skip


def test_daquan_is_an_option_set_that_reproduces_the_most_cases():
    space = {
        "shehai": ("mengzhong", "depth", "depth-excluding-start"),
        "biyong_ge": ("off", "wealth", "wealth-or-ghost"),
        "shehai_shangke": ("depth", "mengzhong"),
        "shehai_mengzhong": ("earth", "weishanren"),
        "fanyin_final": ("return", "weishanren"),
        "repeated_lesson": ("judged", "once"),
        "fuyin_return": ("chong",),  # the book's own 卯子午 (07-杜傳-5…7); "xing" only loses them
    }
    best = max(
        len(ROWS) - len(misses(liuren.School().replace(**dict(zip(space, values, strict=True)))))
        for values in itertools.product(*space.values())
    )
    assert best == len(ROWS) - len(misses("daquan")) == 267


def test_printed_generals_follow_table_a_and_the_mao_shen_rule():
    school = liuren.School.preset("daquan")
    for row in ROWS:
        if row["hour"] and row["noble"]:
            by_rule = "day" if school.is_day(BRANCH_CHARS.index(row["hour"])) else "night"
            assert (by_rule != row["noble"]) == (row["case"] in NOBLE_OFF_RULE), row["case"]


def test_the_dingwo_depth_counts_leave_the_start_square_out():
    """《訂訛》: 午加庚 歷酉辛 二重, 戌加子 歷癸 一重 (庚子 d=10); 丑加卯 歷辰中乙木 一重, 亥加丑 歷辰戊未己戌
    五重 (丁卯 d=10) — what ``shehai="depth-excluding-start"`` counts, not the depth with the start."""

    def counted(branch: str, kind: str, include_start: bool) -> str:
        return "".join(chars for _, chars in depth_walk(BRANCH_CHARS.index(branch), 10, kind, include_start))

    assert [counted(b, k, False) for b, k in (("午", "上克下"), ("戌", "上克下"), ("丑", "下賊上"), ("亥", "下賊上"))] == [
        "酉辛", "癸", "乙", "辰戊未己戌",
    ]  # fmt: skip
    assert counted("午", "上克下", True) == "申庚酉辛"  # with the start square 庚 and 申 count too


def test_every_chart_records_the_new_options():
    options = liuren.chart("辛酉", "子", "午", school="daquan").to_dict()["school_options"]
    keys = ("biyong_ge", "shehai_shangke", "shehai_mengzhong", "fanyin_final", "repeated_lesson")
    assert {k: options[k] for k in keys} == {
        "biyong_ge": "wealth", "shehai_shangke": "mengzhong", "shehai_mengzhong": "earth",
        "fanyin_final": "weishanren", "repeated_lesson": "judged",
    }  # fmt: skip
    for key, value in (
        ("biyong_ge", "off"),
        ("shehai_shangke", "depth"),
        ("shehai_mengzhong", "earth"),
        ("fanyin_final", "return"),
        ("repeated_lesson", "judged"),
    ):
        assert getattr(liuren.School(), key) == value
        assert getattr(liuren.School.preset("tanyuan"), key) == value
    with pytest.raises(liuren.SchoolError, match="biyong_ge"):
        liuren.School(biyong_ge="all")


def sanchuan(chart: liuren.Chart) -> str:
    return "".join(str(t.branch) for t in chart.transmissions)


def test_biyong_ge_example_and_counterexample():
    wealth = liuren.School().replace(biyong_ge="wealth")
    jiaxu = liuren.chart("甲戌", "子", "寅", school=wealth)  # 卷七: 辰土畏甲木克，則取子加戌
    assert (sanchuan(jiaxu), jiaxu.method, jiaxu.lesson_type) == ("子寅辰", "涉害", "比用格")
    assert sanchuan(liuren.chart("甲戌", "子", "寅")) == "辰午申"
    assert any("比用格" in line and "妻財" in line for line in jiaxu.trace())
    # 甲午 d=2 (卷七, p171): 辰 is 甲's 妻財 but 申 is 官鬼, nobody 比和 or 生s 甲: 辰 stays
    jiawu = liuren.chart("甲午", "子", "寅", school=wealth)
    assert (sanchuan(jiawu), jiawu.lesson_type) == ("辰午申", "見機")
    # 庚辰 絕嗣 (卷九): 午 is 庚's 官鬼, kept by the rule as stated, refused by the examples' reading
    assert sanchuan(liuren.chart("庚辰", "辰", "亥", school=wealth)) == "午丑申"
    assert sanchuan(liuren.chart("庚辰", "辰", "亥", school=wealth.replace(biyong_ge="wealth-or-ghost"))) == "戌巳子"


def test_weishanren_fanyin_example_and_counterexample():
    school = liuren.School().replace(fanyin_final="weishanren")
    xinyou = liuren.chart("辛酉", "子", "午", school=school)  # 卷八 斫輪卦: 辛酉返吟一課，卯酉子是也
    assert (sanchuan(xinyou), xinyou.lesson_type) == ("卯酉子", "無依")
    assert sanchuan(liuren.chart("辛酉", "子", "午")) == "卯酉卯"
    assert any("尉山人" in line for line in xinyou.trace())
    # 井欄射 (丁丑 返吟, no 克) keeps 驛馬, 支上神, 干上神
    dingchou = liuren.chart("丁丑", "子", "午", school=school)
    assert (sanchuan(dingchou), dingchou.lesson_type) == (sanchuan(liuren.chart("丁丑", "子", "午")), "井欄射")


def test_weishanren_mengzhong_example_and_counterexample():
    school = liuren.School().replace(shehai_mengzhong="weishanren")
    # 壬戌 d=5 (卷七 比用格's 申丑午): 辰 on the 孟 亥, but as a heaven branch 申 is the 孟
    renxu = liuren.chart("壬戌", "子", "巳", school=school)
    assert (sanchuan(renxu), sanchuan(liuren.chart("壬戌", "子", "巳"))) == ("申丑午", "辰酉寅")
    assert any("尉山人" in line for line in renxu.trace())
    # 下賊上 keeps the earth squares: 甲午 d=2 辰 on the 孟 寅 either way
    assert sanchuan(liuren.chart("甲午", "子", "寅", school=school)) == "辰午申"


def test_repeated_lesson_example_and_counterexample():
    once = liuren.School().replace(repeated_lesson="once")
    yisi = liuren.chart("乙巳", "亥", "戌", school=once)  # 卯 on 辰 repeats 卯 on 乙 (寄宮 辰), which is 比和
    assert (sanchuan(yisi), yisi.method, yisi.lesson_type) == ("辰卯寅", "遙克", "彈射")
    assert (sanchuan(liuren.chart("乙巳", "亥", "戌")), liuren.chart("乙巳", "亥", "戌").lesson_type) == (
        "卯寅丑",
        "元首",
    )
    assert any("Repeated lessons" in line for line in yisi.trace())
    # the lessons line shows the repeat instead of the 克 that is no longer judged (it said 上克下 before)
    assert yisi.trace()[0] == "lessons: 1 卯/乙, 2 寅/卯, 3 辰/巳, 4 卯/辰 (= 1)"
    assert liuren.chart("乙巳", "亥", "戌").trace()[0].endswith("4 卯/辰 上克下")
    # 丙寅 d=3 (卷八 榮華課): 申 on 巳 repeats 申 on 丙 with the same 賊: 申發用 either way
    assert (
        sanchuan(liuren.chart("丙寅", "子", "卯", school=once))
        == sanchuan(liuren.chart("丙寅", "子", "卯"))
        == "申亥寅"
    )
    # 卷七 三奇 (《觀月經》): 辛酉 戌時亥將 亥子丑 — lesson 3 repeats lesson 1 (亥 on 戌, 辛's 寄宮) and
    # the book still judges it: "once" loses the printed 亥子丑
    xinyou = liuren.chart("辛酉", "戌", "亥")
    assert sanchuan(xinyou) == "亥子丑"
    assert sanchuan(liuren.chart("辛酉", "戌", "亥", school=once)) != "亥子丑"


def test_shehai_shangke_example_and_counterexample():
    depth = liuren.School(shehai="depth-excluding-start")
    split = depth.replace(shehai_shangke="mengzhong")
    # 卷九 刑傷課: 庚午 寅時子將, two 上克下: 午 on the 孟 申 (printed 午辰寅); the depth count takes 寅
    gengwu = liuren.chart("庚午", "寅", "子", school=split)
    assert (sanchuan(gengwu), sanchuan(liuren.chart("庚午", "寅", "子", school=depth))) == ("午辰寅", "寅子戌")
    assert (gengwu.lesson_type, _event(gengwu, "shehai-shangke").applied) == ("見機", True)
    # 卷七 涉害課: 丁卯 丑時亥將, two 下賊上: the depth count still decides (亥, 五重 against 一重)
    dingmao = liuren.chart("丁卯", "丑", "亥", school=split)
    assert sanchuan(dingmao) == sanchuan(liuren.chart("丁卯", "丑", "亥", school=depth)) == "亥酉未"
    assert _event(dingmao, "shehai-shangke").applied is False
    # under it 比用格 leaves a 上克下 choice alone: 卷九 災厄 乙亥 卯時亥將 未 (妻財, on the 孟 亥) is kept
    assert sanchuan(liuren.chart("乙亥", "卯", "亥", school="daquan")) == "未卯亥"
    assert sanchuan(liuren.chart("乙亥", "卯", "亥", school=depth.replace(biyong_ge="wealth"))) == "卯亥未"


def test_weishanren_fanyin_against_the_main_text():
    # 卷九 龍戰課: 丁卯 辰時戌將 卯酉卯 (the 末 returns), where 尉山人's list gives 丁卯 卯酉子
    assert sanchuan(liuren.chart("丁卯", "辰", "戌", school=DAQUAN.replace(fanyin_final="return"))) == "卯酉卯"
    assert sanchuan(liuren.chart("丁卯", "辰", "戌", school="daquan")) == "卯酉子"


def _event(chart: liuren.Chart, gate: str):
    return next(record for record in gate_records(chart) if record.gate == gate)
