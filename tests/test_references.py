"""The three 720-課 references agree with the matching preset (三傳 first, labels second)."""

from __future__ import annotations

import csv
import json

import pytest

import liuren
from liuren.cycle import BRANCH_CHARS, normalize

from .conftest import REFERENCE, general_for

TS_LIB = json.loads((REFERENCE / "liuren-ts-lib_sanchuan.json").read_text(encoding="utf-8"))
TANYUAN = list(csv.DictReader((REFERENCE / "tanyuan-720-derived.csv").open(encoding="utf-8")))
DISPUTED = list(csv.DictReader((REFERENCE / "sanchuan-disputed-ke.csv").open(encoding="utf-8")))

TS_DEPTH_STYLE = {("丁卯", "巳"), ("己亥", "亥"), ("辛卯", "申")}
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


def sanchuan(chart: liuren.Chart) -> str:
    return "".join(t.branch for t in chart.transmissions)


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
    names = {normalize(part) for part in text.split("、")}
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
    assert differ == disputed


def test_wuchen_fanyin_zhuixia_differs_from_the_web_table_as_documented():
    rows = [r for r in DISPUTED if r["which_rule_differs"].startswith("返吟")]
    assert [(r["day"], r["gan_shang"]) for r in rows] == [("戊辰", "亥"), ("戊戌", "亥")]
    for row in rows:
        chart = liuren.chart(row["day"], "子", general_for(row["day"], row["gan_shang"]))
        assert sanchuan(chart) == "亥巳亥" == row["tanyuan_text"] == row["liuren_ts_lib_json"]
        assert row["web720_table_max65536"] == "巳亥巳"
        assert (chart.method, chart.lesson_type) == ("返吟", "無依")
        assert any("綴瑕" in step for step in chart.trace())
