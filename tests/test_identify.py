"""identify(): the presets and the smallest option sets that reproduce a given chart; parse_printed()."""

from __future__ import annotations

import csv
import itertools
import random

import pytest

import liuren
from liuren.cycle import BRANCH_CHARS, BRANCHES, PILLARS
from liuren.identification import NOBLE, Identification, relevant_options
from liuren.school import CHOICES, GOVERNS, options_changing

from .conftest import DATA
from .test_daquan import NOBLE_OFF_RULE

PRESET_NAMES = tuple(liuren.PRESETS)


def sanchuan(chart: liuren.Chart) -> str:
    return "".join(str(t.branch) for t in chart.transmissions)


def _reproduces(found: Identification, day: str, hour: str, general: str, expected: str) -> None:
    """Each option set gives ``expected``, and none without one of its options does."""
    assert found.option_sets, found
    for options in found.option_sets:
        school = liuren.School().replace(**dict(options))
        assert sanchuan(liuren.chart(day, hour, general, school=school)) == expected, options
        for k in range(len(options)):
            smaller = liuren.School().replace(**dict(options[:k] + options[k + 1 :]))
            assert sanchuan(liuren.chart(day, hour, general, school=smaller)) != expected, (options, k)


# ---------------------------------------------------------------- every pair of presets
def _differing_ke() -> dict[tuple[str, str, str], set[str]]:
    """(day, general at 子時, 三傳 of preset B) for every 課 where two presets differ, computed once."""
    found: dict[tuple[str, str, str], set[str]] = {}
    for day, general in itertools.product(PILLARS, BRANCHES):
        answers = {name: sanchuan(liuren.chart(day, "子", general, school=name)) for name in PRESET_NAMES}
        for a, b in itertools.permutations(PRESET_NAMES, 2):
            if answers[a] != answers[b]:
                found.setdefault((str(day), str(general), answers[b]), set()).add(b)
    return found


def test_every_preset_pair_that_differs_is_identified_with_minimal_sets():
    """The 三傳 do not depend on the hour once the 課 is fixed, so the 8,640 charts' pairs are the
    720 課's: each 三傳 another preset gives is reproduced by minimal sets, and the preset is named."""
    differing = _differing_ke()
    assert len(differing) == 168  # the depth 課, 比用格, 尉山人's 返吟, the 子卯 伏吟
    for (day, general, expected), presets in differing.items():
        found = liuren.identify(day, "子", general, transmissions=expected)
        assert presets <= set(found.presets), (day, general, expected, found.presets)
        _reproduces(found, day, "子", general, expected)
        for name in found.presets:  # and a preset named really gives it
            assert sanchuan(liuren.chart(day, "子", general, school=name)) == expected


ROUTE_OPTIONS = options_changing("transmissions", "lesson_type")
"""Every option that can change a 三傳 or a lesson type, as the School declares it."""


def test_any_school_s_transmissions_and_lesson_type_are_identified_with_minimal_sets():
    """The search prunes options by the gates reached; a random full school on each 課 checks that no
    option it needs was pruned away (counting a repeated lesson twice or the open 伏吟 chain reroutes)."""
    rng = random.Random(13)
    for day, general in itertools.product(PILLARS, BRANCHES):
        values = {o: rng.choice(CHOICES.get(o) or (False, True)) for o in ROUTE_OPTIONS}
        chart = liuren.chart(day, "子", general, school=liuren.School().replace(**values))
        want = (sanchuan(chart), chart.lesson_type)
        found = liuren.identify(day, "子", general, transmissions=want[0], lesson_type=want[1])
        assert found.option_sets, (day, general, values)
        for options in found.option_sets:
            for k in range(len(options) + 1):
                smaller = dict(options[:k] + options[k + 1 :]) if k < len(options) else dict(options)
                got = liuren.chart(day, "子", general, school=liuren.School().replace(**smaller))
                assert ((sanchuan(got), got.lesson_type) == want) == (k == len(options)), (day, general, options, k)


# ---------------------------------------------------------------- the book records
def _rows(name: str) -> list[dict[str, str]]:
    with (DATA / name).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


DAQUAN_SLIPS = {
    "07-元首-12": "transmissions",  # 巳加酉 is no lesson of 辛巳 at d=8
    "07-察微-1": "generals",  # the 中傳 printed with the 末's 玄武
    "08-斫輪-8": "transmissions",  # 卯 is in no lesson of 辛巳 at d=7
    "08-閉口-6": "lesson_generals",  # the lesson generals shifted by one
    "09-二煩-24": "transmissions",  # 子 on 卯 is no lesson of 丁酉 at d=9
    "09-刑德-1": "lessons",  # hour and general swapped
    "09-羅網-1": "lessons",  # lessons 3–4 printed as 甲辰's
    "09-蕪淫-2": "generals",  # 勾陳 and 天空 swapped
}
"""The first unreproducible cell of each 大全 case the data README calls a slip (its note says why)."""


def _daquan(row: dict[str, str]) -> Identification:
    cells = {
        "transmissions": row["transmissions"],
        "lessons": row["lessons"] or None,
        "lesson_generals": row["lesson_generals"] or None,
        "generals": row["transmission_generals"] or None,
        "noble": row["noble"] or None,
    }
    if row["hour"]:
        return liuren.identify(row["day"], row["hour"], row["general"], **cells)
    return liuren.identify(row["day"], offset=int(row["offset"]), **cells)


def test_daquan_records_are_reproduced_or_their_slip_is_named():
    rows = _rows("daquan_cases.csv")
    assert len(rows) == 284
    for row in rows:
        found = _daquan(row)
        if row["daquan"] == "slip":
            assert not found and found.misprint is not None, row["case"]
            assert found.misprint.cell == DAQUAN_SLIPS[row["case"]], (row["case"], found.misprint)
            assert found.misprint.diagnosis
        else:
            assert found and found.misprint is None, (row["case"], found.text())
            if not row["daquan"] and row["case"] not in NOBLE_OFF_RULE:
                assert "daquan" in found.presets, row["case"]
    assert {r["case"] for r in rows if r["daquan"] == "slip"} == set(DAQUAN_SLIPS)


def test_daquan_noble_off_rule_rows_name_the_noble_convention():
    row = next(r for r in _rows("daquan_cases.csv") if r["case"] == "07-杜傳-22")
    found = _daquan(row)
    assert any((NOBLE, row["noble"]) in s for s in found.option_sets), found.option_sets
    rule = found.rule(NOBLE, row["noble"])
    assert rule.sources == (("《六壬指南》", ""),) and set(rule.words) == {"zh", "ko", "en"}


def test_chapter_examples_are_reproduced_by_the_default():
    for row in _rows("seed_examples.csv"):
        found = liuren.identify(
            row["day"],
            row["hour"],
            row["general"],
            transmissions=row["transmissions"],
            generals=row["transmission_generals"],
            kin=row["relations"],
            lessons=row["lesson_uppers"],
            lesson_generals=row["lesson_generals"],
            lesson_type=row["lesson_type"],
            noble=row["noble"],
        )
        assert found, (row["example"], found.text())
        by_rule = "day" if row["hour"] in "卯辰巳午未申" else "night"
        assert (() in found.option_sets) == (by_rule == row["noble"]), row["example"]


def test_the_chapters_jin_noble_at_yin_hour_is_found_two_ways():
    """002-勵德-3: 辛亥 寅時 亥將 printed with the 晝 noble: 指南's own choice, or the 子–巳 晝/夜 rule."""
    found = liuren.identify("辛亥", "寅", "亥", generals="蛇勾虎", noble="day")
    assert ((NOBLE, "day"),) in found.option_sets
    assert (("day_night", "zi-si"),) in found.option_sets
    assert found.presets == ()


# ---------------------------------------------------------------- what is searched
def test_only_the_options_of_the_gates_reached_are_searched():
    yuanshou = liuren.chart("丙申", "午", "亥")
    assert relevant_options(yuanshou, ["transmissions"]) == ()
    assert set(relevant_options(yuanshou, ["transmissions", "generals"])) == {"noble_table", "day_night", NOBLE}
    shehai = liuren.chart("丁卯", "子", "戌")  # 干上巳: the 涉害 課 the depth counts dispute
    assert "shehai" in relevant_options(shehai, ["transmissions"])
    # every option declared on the record 涉害 starts from (BiyongFilter) is searched, 比用格 too
    assert {o for o, g in GOVERNS.items() if "BiyongFilter" in g.records} <= set(
        relevant_options(shehai, ["transmissions"])
    )
    assert "split_shiru" not in relevant_options(shehai, ["transmissions"])  # it names; no lesson type was given
    assert "biyong_ge" in relevant_options(liuren.chart("戊辰", "辰", "戌"), ["transmissions"])  # 亥 妻財, 巳 父母
    assert "fuyin_return" not in relevant_options(shehai, ["transmissions"])
    fuyin = liuren.chart("辛卯", "戌", "戌")
    assert "fuyin_return" in relevant_options(fuyin, ["transmissions"])
    assert "shehai" not in relevant_options(fuyin, ["transmissions"])


def test_a_cell_no_option_decides_is_said():
    found = liuren.identify("丙申", "午", "亥", transmissions="卯申丑", lessons="戌卯丑午", generals="常合陰")
    assert found.option_sets == ((),) and found.presets == ("default", "daquan")
    assert found.fixed == ("lessons", "transmissions")
    assert "decided by no option: lessons, transmissions" in found.text()
    again = liuren.identify("丙申", "午", "亥", transmissions="卯申丑", lessons="戌卯丑午", generals="常合陰")
    assert again == found and hash(again) == hash(found)  # a value, like the chart


def test_zimao_fuyin_is_identified_under_both_readings():
    for day in ("丁卯", "己卯", "辛卯"):
        chong = liuren.identify(day, "戌", "戌", transmissions="卯子午", lesson_type="杜傳")
        assert chong.option_sets == ((("fuyin_return", "chong"),),) and chong.presets == ("tanyuan", "daquan")
        words = chong.rule("fuyin_return", "chong").words
        assert words["en"].startswith("子 punishes 卯, which would return to the 初")
        assert words["zh"].startswith("子刑卯") and "子" in words["ko"]
        xing = liuren.identify(day, "戌", "戌", transmissions="卯子卯", lesson_type="自信")
        assert xing.option_sets == ((),) and xing.presets == ("default",)


def test_transmissions_may_carry_their_generals():
    together = liuren.identify("丙申", "午", "亥", transmissions="卯常申合丑陰")
    apart = liuren.identify("丙申", "午", "亥", transmissions="卯申丑", generals="常合陰")
    assert together.cells == apart.cells == {"transmissions": "卯申丑", "generals": "常合陰"}
    assert together.option_sets == apart.option_sets == ((),)
    open_ = liuren.identify("丙申", "午", "亥", transmissions="卯?申?丑陰", kin="父財子")
    assert open_.cells["generals"] == "??陰" and open_.option_sets == ((),)


def test_wuchen_fanyin_is_the_biyong_ge():
    found = liuren.identify("戊辰", "辰", "戌", transmissions="巳亥巳")
    assert found.option_sets == ((("biyong_ge", "wealth"),), (("biyong_ge", "wealth-or-ghost"),))
    assert "比用格" in found.rule("biyong_ge", "wealth").words["zh"]
    assert found.rule("biyong_ge", "wealth").sources == (("《六壬大全》", "卷七 涉害課"),)


def test_an_unreproducible_chart_names_its_first_wrong_cell_with_checks_diagnosis():
    found = liuren.identify("丙申", "午", "亥", lessons="戌卯丑午", transmissions="卯申子")
    assert not found and found.option_sets == () and found.presets == ()
    assert found.misprint is not None
    assert (found.misprint.cell, found.misprint.given, found.misprint.engine) == ("transmissions", "卯申子", "卯申丑")
    assert found.misprint.diagnosis == str(
        liuren.check(
            liuren.chart("丙申", "午", "亥"), lessons="戌卯丑午", transmissions="卯申子", reveal=True, lang="en"
        )
    )
    assert "first unreproducible cell transmissions" in found.text()


# ---------------------------------------------------------------- printed charts
PRINTED = _rows("printed_charts.csv")


@pytest.mark.parametrize("row", PRINTED, ids=lambda r: r["case"])
def test_printed_charts_of_the_chapters(row):
    sheet = liuren.parse_printed(row["printed"])
    assert (sheet.day, sheet.offset) == (row["day"], int(row["offset"]))
    found = liuren.identify(printed=row["printed"], hour=row["hour"] or None)
    if row["misprint"]:
        assert found.misprint is not None and found.misprint.cell == row["misprint"]
    else:
        assert found.option_sets == ((),) and "default" in found.presets, found.text()


def test_the_one_line_form_reads_right_to_left():
    sheet = liuren.parse_printed(PRINTED[0]["printed"])
    assert (sheet.transmissions, sheet.transmission_generals, sheet.kin) == ("卯申丑", "常合陰", "父財子")
    assert (sheet.lesson_uppers, sheet.lesson_lowers, sheet.lesson_generals) == ("戌卯丑午", "丙戌申丑", "蛇常陰龍")
    assert sheet.plate == "".join(BRANCH_CHARS[(i + 5) % 12] for i in range(12))
    spaced = liuren.parse_printed("父卯常才申六子丑陰 龍陰常蛇 午丑卯戌 丑申戌丙")
    assert (spaced.day, spaced.offset, spaced.plate) == ("丙申", 5, "")


@pytest.mark.parametrize(
    ("day", "hour", "general", "school"),
    [
        ("丙申", "午", "亥", "default"),
        ("辛卯", "戌", "戌", "default"),
        ("辛卯", "戌", "戌", "tanyuan"),  # its 末 午 is void: str() marks it ◎
        ("壬申", "卯", "丑", "tanyuan"),
    ],
)
def test_str_of_a_chart_reads_back(day, hour, general, school):
    chart = liuren.chart(day, hour, general, school=school)
    sheet = liuren.parse_printed(str(chart))
    assert (sheet.day, sheet.offset, sheet.hour, sheet.general, sheet.noble) == (
        day,
        chart.offset,
        hour,
        general,
        chart.noble,
    )
    assert (sheet.transmissions, sheet.lesson_type) == (sanchuan(chart), chart.lesson_type)
    found = liuren.identify(printed=str(chart))
    assert school in found.presets and found.option_sets


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("父卯常 才申六 子丑陰 龍 陰 常 蛇 午 丑 卯 戌 丑 申 戌", "at character 21 .* expected the day stem"),
        ("父卯常 才申X 子丑陰", r"at character 6 .*'X子丑陰'.* expected a general abbreviation"),
        (
            "父卯常 才申六 子丑陰 龍 陰 常 蛇 午 丑 卯 戌 丑 申 戌 丙 戌亥子丑 酉 寅 申 卯 未午巳子",
            "not the earth plate turned",
        ),
        ("父卯常 才申六 子丑陰 龍 陰 常 蛇 午 丑 卯 戌 丑 酉 戌 丙", "not of one yin-yang"),
        (
            "父卯常 才申六 子丑陰 龍 陰 常 蛇 午 丑 卯 戌 丑 申 戌 丙 戌亥子丑 酉 寅 申 卯 未午巳辰 子",
            "expected the end",
        ),
        ("甲子日 午時 亥將\n父卯常 才申六 子丑陰 龍 陰 常 蛇 午 丑 卯 戌 丑 申 戌 丙", "the header says 甲子日"),
        ("", "expected a 六親"),
        (42, "must be a str"),
        ("父" * 5000, "too long"),
    ],
)
def test_malformed_printed_charts_are_refused_precisely(text, message):
    with pytest.raises(liuren.ParseError, match=message) as caught:
        liuren.parse_printed(text)
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"transmissions": "卯申X"}, "transmissions='卯申X' is not understood"),
        ({"transmissions": "卯申丑子"}, "is not understood"),
        ({"generals": "常合Q"}, "general abbreviations"),
        ({"lesson_type": "元帥"}, "is not a lesson type"),
        ({"kin": "父財X"}, "three 六親"),
        ({"noble": "dusk"}, "'day' .* or 'night'"),
        ({}, "needs at least one cell"),
    ],
)
def test_impossible_cells_are_refused_precisely(kwargs, message):
    with pytest.raises(liuren.ParseError, match=message):
        liuren.identify("丙申", "午", "亥", **kwargs)


def test_identify_needs_a_ke():
    with pytest.raises(liuren.ParseError, match="needs a 課"):
        liuren.identify("丙申", transmissions="卯申丑")
    with pytest.raises(liuren.ParseError, match=r"not a plate offset|out of range"):
        liuren.identify("丙申", offset=12, transmissions="卯申丑")


# ---------------------------------------------------------------- the command line
def test_cli_identify_prints_the_options_and_refuses_bad_cells_in_one_line(capsys):
    from liuren.cli import main

    assert main(["identify", "辛卯", "戌", "戌", "--transmissions", "卯子午"]) == 0
    out = capsys.readouterr().out
    assert "presets: tanyuan, daquan" in out and "fuyin_return=chong: 子 punishes 卯" in out
    assert main(["identify", "--printed", PRINTED[2]["printed"], "--lang", "zh"]) == 0
    out = capsys.readouterr().out  # in the language asked for, the account and the diagnosis alike
    assert "首個不合之格為六親（所給 財寅子，預設 財官子）" in out and "六親：所給 財寅子，預設得 財官子" in out
    assert main(["identify", "--printed", PRINTED[2]["printed"]]) == 0
    assert "first unreproducible cell six relations (given 財寅子, default 財官子)" in capsys.readouterr().out
    assert main(["identify", "丙申", "午", "亥", "--transmissions", "卯申X"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("liuren: ParseError: transmissions='卯申X' is not understood")
    assert main(["identify", "--printed", "父卯常 才申X"]) == 2
    assert "expected a general abbreviation" in capsys.readouterr().err


# ---------------------------------------------------------------- the options' declarations
def test_every_option_declares_what_it_governs_with_real_record_types_and_values():
    import liuren.records
    from liuren.school import CHANGES, OPTION_NAMES, OPTION_READINGS, SWITCHES

    for option in OPTION_NAMES:
        governs = GOVERNS[option]
        assert governs.changes and set(governs.changes) <= set(CHANGES), option
        for name in governs.records:
            assert issubclass(getattr(liuren.records, name), liuren.records.Record), (option, name)
        values = {"True", "False"} if option in SWITCHES else set(CHOICES[option])
        assert set(OPTION_READINGS[option]) <= values, option
    # what changes a 三傳 or a lesson type is decided by a rule the traced run records, or by the lesson set
    for option in options_changing("transmissions", "lesson_type"):
        assert GOVERNS[option].records or "lesson-set" in GOVERNS[option].changes, option


def test_rule_of_an_option_value_no_set_holds_is_a_parse_error():
    found = liuren.identify("辛卯", "戌", "戌", transmissions="卯子午")
    assert found.rule("fuyin_return", "chong").option == "fuyin_return"
    with pytest.raises(liuren.ParseError, match=r"no option set holds 'shehai'='depth'; accepted: fuyin_return=chong"):
        found.rule("shehai", "depth")
    with pytest.raises(liuren.ParseError, match="accepted: none"):
        liuren.identify("丙申", "午", "亥", transmissions="卯申丑").rule("shehai", "depth")


SCRATCH = '''
    scratch_final: Literal["plain", "other"] = field(
        default="plain",
        metadata=_about(
            """A throwaway option on the 伏吟 末傳, added as a maintainer adds one.""",
            governs=Governs(("transmissions",), ("FuyinFinal",)),
            topic="scratch",
            readings={"other": "a reading no book states"},
        ),
    )
'''
SCRATCH_PROBE = """
import importlib.util, sys
import liuren
from liuren.identification import relevant_options
from liuren.show.check import relevant_options as check_options
assert liuren.__file__.startswith(sys.argv[1]), liuren.__file__
fuyin = liuren.chart("辛卯", "戌", "戌")
print("fuyin", "scratch_final" in relevant_options(fuyin, ["transmissions"]))
print("yuanshou", "scratch_final" in relevant_options(liuren.chart("丙申", "午", "亥"), ["transmissions"]))
print("identify", "scratch_final" in liuren.identify("辛卯", "戌", "戌", transmissions="卯子卯").searched)
print("check", "scratch_final" in check_options(["final.branch"]), "scratch_final" in check_options(["noble.branch"]))
spec = importlib.util.spec_from_file_location("make_reference", sys.argv[1] + "/tools/make_reference.py")
tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool)
text = open(sys.argv[1] + "/README.md", encoding="utf-8").read()
print("readme", [line for line in tool.render_readme(text).splitlines() if "scratch_final" in line])
"""


def test_a_new_option_is_searched_by_identify_and_check_and_listed_in_readme(tmp_path):
    """An option added to School with its declaration alone (no other file touched) is searched by
    identify on the charts whose run reaches its record, by check's other-school search on the cells it
    changes, and listed in README's option table by the tool."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(root / "liuren", tmp_path / "liuren", ignore=ignore)
    shutil.copytree(root / "tools", tmp_path / "tools", ignore=ignore)
    shutil.copytree(root / "docs", tmp_path / "docs")
    shutil.copy(root / "README.md", tmp_path / "README.md")
    school = tmp_path / "liuren" / "school.py"
    text = school.read_text(encoding="utf-8")
    anchor = "\n    def __post_init__(self) -> None:\n        options ="
    assert text.count(anchor) == 1
    school.write_text(text.replace(anchor, SCRATCH + anchor), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-c", SCRATCH_PROBE, str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.splitlines() == [
        "fuyin True",
        "yuanshou False",
        "identify True",
        "check True False",
        'readme [\'| `scratch_final` (scratch) | `"plain"` | `"other"`: a reading no book states |\']',
    ]


def test_readme_option_table_is_in_step_with_the_declarations():
    import importlib.util
    from pathlib import Path

    from liuren.school import OPTION_NAMES

    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("make_reference", root / "tools" / "make_reference.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)  # type: ignore[union-attr]
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert tool.render_readme(readme) == readme, "run: python tools/make_reference.py"
    table = readme[readme.index(tool.README_BEGIN) : readme.index(tool.README_END)]
    assert [line.split("`")[1] for line in table.splitlines()[3:]] == list(OPTION_NAMES)
    for option in ("tiankong", "luowang", "yangjiu_war"):
        assert f"| `{option}` (" in table
