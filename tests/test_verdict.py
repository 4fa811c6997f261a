"""Reading.verdict: the chapters' judgement of a matter, by the principles of docs/rules.md §10."""

from __future__ import annotations

import statistics
from collections import defaultdict
from dataclasses import FrozenInstanceError
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import liuren
from liuren.errors import ParseError
from liuren.reading import Reading, reading
from liuren.reading.statements import statements
from liuren.reading.verdict import BAD, GOOD, MAX_REASONS, VERDICTS, verdict
from liuren.school import School

STATEMENTS = {s.id: s for s in statements()}


def _aside(v):
    return {i for o in v.overrides for i in o.set_aside}


# ---------------------------------------------------------------- the chapters' own verdicts


def test_yuanshou_example_is_good_because_the_use_is_prosperous():
    # 元首課 l.51: 「今卯木旺，丙火得相氣，故以吉斷之」
    r = liuren.chart("丙申", "午", "亥", month="寅").reading()
    v = r.verdict("總")
    assert (v.verdict, v.reasons[0].id, v.reasons[0].source) == ("吉", "元首-093", "元首課 l.51")
    assert v.reasons[0].quote == "今卯木旺，丙火得相氣，故以吉斷之"
    assert [(x.id, x.source) for x in (r.verdict("官").reasons[0], r.verdict("財").reasons[0])] == [
        ("元首-090", "元首課 l.51"),
        ("元首-091", "元首課 l.51"),
    ]
    assert (r.verdict("官").verdict, r.verdict("財").verdict, r.verdict("宅").verdict) == ("吉", "吉", "凶")


def test_the_open_war_conflict_is_a_school_option_and_the_verdict_says_which_it_took():
    # 元首 l.23 「縱神將戰憂易解」 against 殃咎 l.155 「神克將，為內戰，禍患難解」, both on 元首's own example
    default = liuren.chart("丙申", "午", "亥", month="寅").reading().verdict("總")
    (war,) = [o for o in default.overrides if o.kind == "神將戰"]
    assert (war.set_aside, war.by.id, war.by.source, default.school) == (
        ("內戰-001",),
        "元首-023",
        "元首課 l.23",
        "lesson",
    )
    other = liuren.chart("丙申", "午", "亥", month="寅", school=School(war_reading="yangjiu")).reading().verdict("總")
    (war,) = [o for o in other.overrides if o.kind == "神將戰"]
    assert (war.set_aside, war.by.id, war.by.source, other.school) == (
        ("元首-023",),
        "內戰-001",
        "殃咎課 l.155",
        "yangjiu",
    )
    assert other.verdict == "吉"  # the chapter's judgement of its own chart stands either way


def test_haoshi_and_danshe_examples():
    # 遙克課 l.71 甲午 申時 巳將: 「主君臣不信 … 此時不可出行 … 有內讒之事」
    r = liuren.chart("甲午", "申", "巳").reading()
    assert [r.verdict(m).verdict for m in ("總", "官", "行", "訟")] == ["凶"] * 4
    # 遙克課 l.79 九月 己卯 午時: 「有貴人徵召之喜，但以死氣所勝，主憂人死及官訟墳墓事」
    r = liuren.chart("己卯", "午", "卯", month="戌").reading()
    assert (r.verdict("官").verdict, r.verdict("官").reasons[0].id) == ("吉", "彈射-039")
    assert [r.verdict(m).verdict for m in ("宅", "訟", "地")] == ["凶"] * 3


def _worked_examples() -> dict[tuple[tuple[str, str, str, str, str | None], str], set[str]]:
    """(chart args, matter) → the verdicts the chapter's own reading of that chart gives on that matter
    (judging lines only: no timing rule, no 平)."""
    found: dict[tuple[tuple[str, str, str, str, str | None], str], set[str]] = defaultdict(set)
    for s in statements():
        args = s.example_chart_args()
        if args is not None and s.timing is None and s.verdict != "平":
            for matter in s.matters:
                found[(args, matter)].add(s.verdict)
    return found


def _agreement(withhold: bool) -> tuple[int, int, dict[str, str]]:
    """How many worked examples the verdict agrees with (吉 side or 凶 side as the chapter's), of those the
    chapter judges one way and whose reading applies on the chart; ``withhold``: judge without the
    chapter's reading of its own examples (the method alone). Also the examples it gets wrong:
    {"<day> <hour> <general> <noble> <month> <matter>": "<chapter's side> got <verdict>"}."""
    examples = {s.id for s in statements() if s.example}
    right = total = 0
    wrong = {}
    for (args, matter), said in _worked_examples().items():
        side = GOOD if said <= GOOD else BAD if said <= BAD else None
        day, hour, general, noble, month = args
        r = reading(liuren.chart(day, hour, general, noble=noble, month=month))
        if side is None or not {j.statement.id for j in r.applies} & {
            s.id for s in statements() if s.example_chart_args() == args and matter in s.matters
        }:
            continue
        if withhold:
            keep = tuple(j for j in r.applies if j.statement.id not in examples)
            r = Reading(r.chart, r.matter, r.querent, r.lang, keep, r.open)
        total += 1
        got = verdict(r, matter).verdict
        if got in side:
            right += 1
        else:
            wrong[f"{' '.join(str(a or '-') for a in args)} {matter}"] = f"{'吉' if side is GOOD else '凶'} got {got}"
    return right, total, wrong


def test_every_worked_example_the_chapters_judge_gets_the_chapters_verdict():
    right, total, wrong = _agreement(withhold=False)
    assert wrong == {}  # every 吉 example right
    assert total >= 49 and right == total


HELD_BACK_WRONG: dict[str, tuple[str, str]] = {
    # example (day hour general noble month matter): (the chapter's side and what the method gives, why)
    "丙申 午 亥 day 寅 宅": (
        "凶 got 先凶後吉",
        "元首課 l.51 reads the 末傳 「丑為日子孫，乘太陰，主子孫因財物有相掩之事」: no general line reads 太陰 on "
        "the 子孫 for 宅; the matter falls back on the overall lines (principle 2), 吉 by 旺相",
    ),
    "甲戌 未 亥 day 寅 孕": (
        "凶 got 吉",
        "元首課 l.59 「天后水與寅中火併，主生子不育」 reads the fire stored in 寅 in the first month against 天后's "
        "water; the general line l.43 「加以青龍等吉將，則生貴子」 counts 天后 among the 吉將. Principle 8 does not read "
        "孕: the chapter's two 孕 readings take the fire in 寅 (l.59) and the 胎神 under 白虎 (l.75), not the general on "
        "the 子孫 (壬申 卯時: 寅 子孫 rides 六合, yet 「主墮胎」)",
    ),
    "甲戌 未 亥 day 寅 總": (
        "凶 got 吉",
        "元首課 l.63 reads the 中傳 and 末傳 (「中傳勝光，主子孫乘白虎，主喪」, 「為人見閉遮」); the lines of the "
        "type say 吉 with the 用 and the stem 旺 (l.15 「但為上神旺相，天將無內戰方吉」)",
    ),
    "乙卯 午 未 day 午 婚": (
        "凶 got 先凶後吉",
        "無淫課 l.99 「日上無陽類，二女爭男心」 on a 不備 chart with no 克 between the day and the branch side, where "
        "l.143 says 「若課不備，無克亦不為凶」: the chapter does not say how the two agree (docs/rules.md §10.3)",
    ),
}
"""The held-back examples the method still gets wrong, each with why. None rests on who asks, the 年命 or
the moon's lodge: each is counted in."""


def test_the_method_alone_on_the_examples_held_back():
    # the chapter's reading of each example withheld: the lesson type's and patterns' lines alone
    # (measured: 45 of 49, 92%; it was 41 of 48 before principle 8, l.163's 干支坐墓 and 蒿矢 l.71's 「有客不可納」
    # read as the chapter's conclusion, which adds 甲午's 宅; 33 of 48 before that)
    right, total, wrong = _agreement(withhold=True)
    assert total == 49 and right == 45
    assert not [k for k, v in wrong.items() if v.startswith("吉")]  # every 吉 example right
    assert wrong == {k: v[0] for k, v in HELD_BACK_WRONG.items()}


# ---------------------------------------------------------------- the stated overrides


def test_bubei_without_ke_is_not_bad_and_the_line_is_named():
    # 伏吟 乙丑 申 申 in 巳月: 不備 without 日辰交互相剋, 無淫課 l.143 「若課不備，無克亦不為凶，只是事有遲延」
    r = liuren.chart("乙丑", "申", "申", month="巳").reading()
    assert "不備" in {p.name for p in r.chart.patterns}
    seen = 0
    for v in r.verdicts():
        bad = {
            j.statement.id
            for j in r.applies
            if v.matter in j.statement.matters
            and j.statement.subject in ("無淫", "不備")
            and j.statement.verdict in BAD
            and j.statement.timing is None
        }
        if not bad:
            continue
        seen += 1
        line = [o for o in v.overrides if o.kind == "不備無克"]
        assert line and line[0].by.source == "無淫課 l.143" and bad <= _aside(v), v.matter
        assert not bad & {x.id for x in v.reasons}
    assert seen >= 5
    marriage = r.verdict("婚")
    assert (marriage.verdict, marriage.reasons[0].quote) == ("先凶後吉", "夫婦拆散，終復團圓")


def test_a_void_metal_is_no_arrow_head():
    # 辛巳 辰 巳 in 申月, 末傳 申 void: 遙克課 l.31 「或有金而金落空 … 亦不能為凶也」
    r = liuren.chart("辛巳", "辰", "巳", month="申").reading()
    assert "蒿矢-019" in {j.statement.id for j in r.applies}  # 「有金則主血光」
    for v in r.verdicts():
        if "蒿矢-019" in {j.statement.id for j in r.applies if v.matter in j.statement.matters}:
            (line,) = [o for o in v.overrides if o.kind == "空矢"]
            assert "蒿矢-019" in line.set_aside and line.by.source == "遙克課 l.31"
            assert "蒿矢-019" not in {x.id for x in v.reasons}


def test_prosperity_decides_between_good_and_bad_and_without_the_month_it_stays_open():
    r = liuren.chart("丙申", "午", "亥", month="寅").reading("病")
    v = r.verdict()
    assert v.verdict in GOOD and v.principle == 6
    assert any(o.kind == "旺相" and o.by.source == "元首課 l.51" for o in v.overrides)
    undated = liuren.chart("丙申", "午", "亥").reading("病").verdict()
    assert undated.verdict == "未定" and undated.principle == 6


def test_the_prosperity_set_aside_cites_the_line_that_says_it():
    # 吉 kept: 元首課 l.51 「今卯木旺，丙火得相氣，故以吉斷之」; a weak 用 keeps the 凶 lines by 重審課 l.131
    # 「若發用之神休囚 … 雖末傳吉亦何益乎」, a weak day stem by 殃咎課 l.163 「財自貪生旺，身弱難管」
    cases = (
        (("丙申", "午", "亥", "day", "寅"), "病", "元首課 l.51", GOOD),  # 用 卯 旺, 丙 相
        (("甲子", "卯", "亥", "day", "寅"), "總", "重審課 l.131", BAD),  # 用 戌 死
        (("甲子", "寅", "午", "night", "未"), "總", "殃咎課 l.163", BAD),  # 用 辰 旺, 甲 囚
    )
    for (day, hour, general, noble, month), matter, source, side in cases:
        v = liuren.chart(day, hour, general, noble=noble, month=month).reading().verdict(matter)
        (line,) = [o for o in v.overrides if o.kind == "旺相"]
        assert (line.by.source, v.verdict in side, v.principle) == (source, True, 6), (day, matter)


def test_the_general_on_the_matters_carrier_decides_first():
    # principle 8: 遙克課 l.15 「先看吉凶神」; the 妻財 for 財, the 貴人 on the 用 for 官
    v = verdict(_held_back("丙申", "午", "亥", month="寅"), "財")  # 申 妻財 rides 六合: 「主見貴得財物」 (l.51)
    assert (v.verdict, v.principle, v.reasons[0].source, v.reasons[0].quote) == (
        "吉",
        8,
        "遙克課 l.15",
        "彈射得吉將，求財得相親",
    )
    v = verdict(_held_back("己卯", "午", "卯", month="戌"), "官")  # 子 rides 貴人: 「有貴人徵召之喜」 (遙克課 l.79)
    assert (v.verdict, v.principle, v.reasons[0].source) == ("吉", 8, "贅婿課 l.63")
    bad = liuren.chart("甲子", "丑", "子", month="寅").reading("財").verdict()  # the 妻財 on 凶將 only
    assert (bad.verdict, bad.principle, bad.reasons[0].source) == ("凶", 8, "重審課 l.111")
    mixed = liuren.chart("乙丑", "子", "子", month="寅").reading("財").verdict()  # 妻財 on a 吉將 and a 凶將
    assert mixed.principle != 8
    # the chapter's own reading of its chart comes first: 元首 l.51's 財 line is the reason, not principle 8
    own = liuren.chart("丙申", "午", "亥", month="寅").reading().verdict("財")
    assert (own.principle, own.reasons[0].id) == (5, "元首-091")


def test_only_the_void_resolves_ganzhi_zuomu():
    # 殃咎課 l.163 「如干支逢墓，二處逢空，可解」: 壬申 亥加辰 申加丑 (l.155 「乃心肯意甘受禍」) is also 外戰
    # (l.151 「禍患易解」); that 易解 does not resolve the 坐墓
    v = verdict(_held_back("壬申", "午", "丑"), "總")
    (line,) = [o for o in v.overrides if o.kind == "坐墓"]
    assert (v.verdict, line.set_aside, line.by.source) == ("凶", ("外戰-001",), "殃咎課 l.163")
    assert v.reasons[0].id == "干支坐墓-004"
    void = liuren.chart("庚申", "巳", "子", month="寅")  # both 墓 void: 「二處逢空，可解」
    assert [p.clauses.key for p in void.patterns if p.name == "干支坐墓"] == ["zuomu.void"]
    assert not [o for o in void.reading().verdict("總").overrides if o.kind == "坐墓"]


# ---------------------------------------------------------------- invariants on any chart

charts = st.builds(
    lambda day, hour, general, month: liuren.chart(
        str(liuren.cycle.PILLARS[day]),
        liuren.cycle.BRANCH_CHARS[hour],
        liuren.cycle.BRANCH_CHARS[general],
        month=None if month is None else liuren.cycle.BRANCH_CHARS[month],
    ),
    st.integers(0, 59),
    st.integers(0, 11),
    st.integers(0, 11),
    st.none() | st.integers(0, 11),
)


@settings(max_examples=40, deadline=None)
@given(charts)
def test_a_verdict_rests_on_cited_lines_that_apply_and_never_on_a_timing_rule(chart):
    r = chart.reading()
    applied = {j.statement.id for j in r.applies}
    for v in r.verdicts():
        assert v.verdict in VERDICTS and len(v.reasons) <= MAX_REASONS
        for x in v.reasons:
            if x.id.startswith("P"):
                continue
            s = STATEMENTS[x.id]
            by_override = x.id in {o.by.id for o in v.overrides}  # 「只是事有遲延」 sets 凶 aside and says when
            assert x.id in applied and (s.timing is None or by_override)
            assert x.source == s.source.label and x.quote == s.quote
            assert x.id not in _aside(v)
        if v.verdict in ("吉", "凶"):
            assert v.reasons and all(x.verdict in (GOOD if v.verdict == "吉" else BAD) for x in v.reasons)
        assert v.timing is None or v.timing.statement.timing is not None


def test_verdicts_cover_the_matters_the_reading_holds():
    r = liuren.chart("甲午", "申", "巳").reading()
    assert [v.matter for v in r.verdicts()] == [
        m for m in liuren.reading.MATTERS if any(m in j.statement.matters for j in r.applies)
    ]
    one = liuren.chart("甲午", "申", "巳").reading("病")
    assert [v.matter for v in one.verdicts()] == ["病"]
    with pytest.raises(ParseError, match="this reading was asked for 病"):
        one.verdict("官")


def test_the_short_form_for_one_matter_is_short():
    lengths = []
    for day in range(0, 60, 7):
        for hour in range(0, 12, 5):
            chart = liuren.chart(str(liuren.cycle.PILLARS[day]), liuren.cycle.BRANCH_CHARS[hour], "子", month="寅")
            for matter in ("病", "財", "婚"):
                text = str(chart.reading(matter))
                lengths.append(len(text.splitlines()))
    assert statistics.median(lengths) <= 12 and max(lengths) <= 12


# ---------------------------------------------------------------- timing


SHANGHAI = ZoneInfo("Asia/Shanghai")


def test_the_xun_is_counted_from_the_charts_day_after_23_00():
    when = datetime(2026, 12, 5, 23, 30, tzinfo=SHANGHAI)
    chart = liuren.chart_at(when)
    assert str(chart.day) == "甲寅"
    statement = next(s for s in statements() if s.timing is not None and s.timing.detail == "旬")
    (period,) = liuren.reading.timing.periods((statement,), chart, when)
    assert (period.start, period.end) == (when, datetime(2026, 12, 16, tzinfo=SHANGHAI))  # 甲寅 … 癸亥 12-15


def test_half_month_and_pentad_run_to_calendar_boundaries():
    from liuren.almanac import check_instant, term_index, term_instant

    when = datetime(2026, 12, 1, 14, 5, tzinfo=SHANGHAI)
    chart = liuren.chart_at(when)
    n = term_index(check_instant(when))
    start, end = term_instant(n), term_instant(n + 1)
    for detail, edge in (
        ("半月", end),
        ("五日", next(e for e in (start + (end - start) * k / 3 for k in (1, 2, 3)) if e > check_instant(when))),
    ):
        statement = next(s for s in statements() if s.timing is not None and s.timing.detail == detail)
        (period,) = liuren.reading.timing.periods((statement,), chart, when)
        assert period.end == datetime.fromtimestamp(edge, SHANGHAI), detail


def test_one_primary_window_per_matter_and_a_month_that_disagrees_is_said():
    when = datetime(2026, 12, 1, 14, 5, tzinfo=SHANGHAI)
    chart = liuren.chart_at(when)
    v = chart.reading("病").verdict(when=when)
    assert v.timing is not None and v.timing.start is not None and v.folded >= 0
    other = liuren.chart(str(chart.day), str(chart.hour), str(chart.general), month="午")
    assert "午" in other.reading("病", lang="en").text(when) and "not the chart's month 午" in other.reading(
        "病", lang="en"
    ).text(when)


# ---------------------------------------------------------------- display and refusals


def test_contradictions_name_their_partner_with_id_quote_and_which_prevails():
    r = liuren.chart("丙申", "午", "亥", month="寅").reading(lang="en")
    text = r.text()
    pairs = [(a.statement.id, b.statement.id) for a, b in r.contradictions]
    assert pairs
    for a, b in pairs:
        assert f"contradicts {b} 「{STATEMENTS[b].quote}」" in text
        assert f"contradicts {a} 「{STATEMENTS[a].quote}」" in text
    assert "prevails" in text


@pytest.mark.parametrize("bad", [None, 1, "丙申 午 亥", object()])
def test_renderers_refuse_a_wrong_object(bad):
    from liuren.show.reading import reading_check_html, reading_html, reading_text, verdict_check_text

    for call in (lambda: reading(bad), lambda: reading_html(bad), lambda: reading_text(bad)):
        with pytest.raises(ParseError, match="accepted"):
            call()
    for call in (lambda: reading_check_html(bad), lambda: verdict_check_text(bad)):
        with pytest.raises(ParseError, match="accepted"):
            call()


def test_the_verdicts_read_in_three_languages():
    r = liuren.chart("丙申", "午", "亥", month="寅").reading("官")
    texts = {
        lang: str(r.__class__(r.chart, r.matter, r.querent, lang, r.applies, r.open)) for lang in ("ko", "zh", "en")
    }
    assert "길(吉)" in texts["ko"] and "good (吉)" in texts["en"] and "官: 吉" in texts["zh"]
    assert all("元首-090" in t and "元首課 l.51" in t for t in texts.values())


# ---------------------------------------------------------------- exercises: a verdict and its reason


def test_check_verdict_says_what_is_right_and_why_a_reason_is_not():
    from liuren.reading.exercise import check_verdict

    c = liuren.chart("丙申", "午", "亥", month="寅")
    assert check_verdict(c, "總", "吉", "元首-093")
    r = check_verdict(c, "總", "凶", "內戰-001", lang="en", reveal=True)
    assert (r.verdict_ok, r.reason_ok, r.why, r.expected) == (False, False, "aside", "吉")
    assert "set aside" in str(r) and "元首-093" in str(r)
    assert check_verdict(c, "總", "吉", "元首-003").why == "side"  # applies, but is not what decides
    assert check_verdict(c, "總", "吉", "蒿矢-049").why == "fails"
    by_general = liuren.chart("甲子", "丑", "子", month="寅")  # principle 8 decides: 妻財 on 凶將
    assert check_verdict(by_general, "財", "凶", "P8")
    hidden = check_verdict(c, "總", "凶", "內戰-001")
    assert hidden.expected == "" and hidden.reasons == ()  # the answer only when asked for
    for bad in ({"verdict": "大吉"}, {"reason": "x-1"}):
        with pytest.raises(ParseError, match=r"is not"):
            check_verdict(c, "總", bad.get("verdict", "吉"), bad.get("reason", "元首-093"))


# ---------------------------------------------------------------- conditions read as the chapters say


def test_no_ke_at_l143_means_no_ke_between_the_day_and_branch_uppers_either_way():
    # 無淫課 l.127 (邵氏): 「辰上神剋日上神，為陰不與陽親；日上神克辰上神，為陽不與陰合」; l.163 judges 庚辰 申時
    # by it (「天罡土神克神后水，亦是陽不與陰合」), so l.143 「無克亦不為凶」 holds only without that 克
    from liuren.cycle import BRANCH_ELEMENT, conquers
    from liuren.reading.conditions import parse_condition

    cond = parse_condition("upper_ke = true")
    for day in range(60):
        for hour in range(12):
            c = liuren.chart(str(liuren.cycle.PILLARS[day]), liuren.cycle.BRANCH_CHARS[hour], "子")
            a, b = (BRANCH_ELEMENT[c.lessons[i].upper.ordinal] for i in (0, 2))
            assert cond.evaluate(c).holds is (conquers(a, b) or conquers(b, a))
    geng = liuren.chart("庚辰", "申", "辰").reading()  # 辰 over 庚 克 子 over 辰
    assert "不備-017" not in {j.statement.id for j in geng.applies}
    assert not [o for o in geng.verdict("婚").overrides if o.kind == "不備無克"]
    fuyin = liuren.chart("乙丑", "申", "申", month="巳").reading()  # 辰 and 丑: 比和
    assert "不備-017" in {j.statement.id for j in fuyin.applies}


def test_chongshen_turns_good_only_with_the_generals_forward_and_the_transmissions_strong():
    # 重審課 l.95 「如發用傳入長生旺相之鄉，加以天將順治 … 或加日辰之上生日辰，則反為吉矣」: the alternatives
    # share the first two conditions
    for sid in ("重審-018", "重審-019"):
        texts = {c.text for c in STATEMENTS[sid].conditions}
        assert {"noble_dir = 順", "any_trans.strength in 旺,相"} <= texts, sid
    r = liuren.chart("己酉", "午", "戌").reading()  # 逆治: 「若天將逆治則災禍重」
    assert "重審-019" not in {j.statement.id for j in r.applies}


def test_good_by_prosperity_needs_the_use_and_the_day_stem_both_strong():
    # 元首課 l.51 judges 吉 on two things: 「今卯木旺，丙火得相氣，故以吉斷之」
    from liuren.cycle import STEM_ELEMENT
    from liuren.patterns.shensha import element_state, season_state

    seen = {True: 0, False: 0}
    for day in range(0, 60, 7):
        for hour in range(0, 12, 5):
            for month in (0, 3, 6, 9):
                c = liuren.chart(
                    str(liuren.cycle.PILLARS[day]),
                    liuren.cycle.BRANCH_CHARS[hour],
                    "子",
                    month=liuren.cycle.BRANCH_CHARS[month],
                )
                use = season_state(c.transmissions[0].branch.ordinal, month, c.school)
                stem = element_state(STEM_ELEMENT[c.stem.ordinal], month, c.school)
                strong = use in ("旺", "相") and stem in ("旺", "相")
                for v in c.reading().verdicts():
                    if v.principle == 6:
                        assert (v.verdict in GOOD) is strong, (str(c.day), v.matter)
                        seen[strong] += 1
    assert seen[True] and seen[False]
    # 贅婿課 l.51 甲戌 卯時 in 午月: 用 戌 相 but 甲 休; the chapter 「此課名贅婿，仔細自吁嗟」
    r = liuren.chart("甲戌", "卯", "亥", month="午").reading()
    examples = {s.id for s in statements() if s.example}
    held = Reading(
        r.chart, r.matter, r.querent, r.lang, tuple(j for j in r.applies if j.statement.id not in examples), r.open
    )
    assert verdict(held, "總").verdict in BAD


def _held_back(day, hour, general, noble="day", month=None):
    """The reading of a worked example's chart with the chapters' readings of their examples withheld."""
    r = liuren.chart(day, hour, general, noble=noble, month=month).reading()
    examples = {s.id for s in statements() if s.example}
    return Reading(
        r.chart, r.matter, r.querent, r.lang, tuple(j for j in r.applies if j.statement.id not in examples), r.open
    )


def test_a_yangjiu_form_is_more_particular_than_its_family():
    # 殃咎課 l.151 庚午 at night 「將克神為外戰，禍患易解」 against the family's 「乃內外凌辱之課也」 (l.155)
    v = verdict(_held_back("庚午", "子", "申", noble="night"), "總")
    assert v.verdict == "先凶後吉" and v.reasons[0].id == "外戰-001"
    (family,) = [o for o in v.overrides if o.kind == "殃咎例"]
    assert family.by.source == "殃咎課 l.155" and {"殃咎-001", "殃咎-002"} <= set(family.set_aside)
    assert all(STATEMENTS[i].subject == "殃咎" for i in family.set_aside)
    # 內戰 (l.155 「神克將，為內戰，禍患難解」) on 己酉 晝: the family agrees, nothing is set aside by a form
    assert verdict(_held_back("己酉", "午", "戌"), "總").verdict in BAD
    # 干支坐墓 has its general lines beside its examples (l.155), as 外戰 and 內戰 have
    assert {STATEMENTS[i].quote for i in ("干支坐墓-004", "干支坐墓-005")} == {"乃心肯意甘受禍", "人宅皆不亨通"}
    assert not STATEMENTS["干支坐墓-004"].example


def test_the_stem_attacked_from_its_own_lesson_is_weighed_by_which_side_has_qi():
    # 元首課 l.35 「如干上神發用，干為我，被克豈宜？… 當審其衰旺何者得氣而乘之」: 凶 where the 用 has the 氣
    # and the day stem has not; without the month the line stays open
    texts = {c.text for c in STATEMENTS["元首-054"].conditions}
    assert texts == {"init.lesson = 1", "init.strength in 旺,相", "day_stem.strength in 休,囚,死"}
    r = liuren.chart("丁酉", "午", "戌").reading()
    assert "元首-054" in {j.statement.id for j in r.open}
    # 殃咎課 l.151 丁酉 (亥卯未, 貴常勾): 外戰 「禍患易解」
    assert verdict(_held_back("丁酉", "午", "戌"), "總").verdict in GOOD


# ---------------------------------------------------------------- open conditions a chart decides after all


def test_conditions_once_left_as_text_are_read_from_the_chart():
    # 天網課 l.35 / l.47 「旺相凌囚死」: the 日鬼 of the hour 旺相 over a day stem 囚 or 死 (「時為目前 … 二處既為日鬼」)
    for sid in ("天網-004", "天網-020"):
        s = STATEMENTS[sid]
        assert not s.open and {"hour.strength in 旺,相", "day_stem.strength in 囚,死"} <= {c.text for c in s.conditions}
    # 重審課 l.95 「如發用傳入長生旺相之鄉」: 旺相 is read; the 長生 alternative only widens it, so it no longer
    # keeps the line open on every chart
    assert not STATEMENTS["重審-017"].open
    found = {sid: [0, 0] for sid in ("天網-004", "天網-020", "重審-017")}
    for day in range(0, 60, 3):
        for hour in range(0, 12, 2):
            for month in (None, 0, 3, 6, 9):
                c = liuren.chart(
                    str(liuren.cycle.PILLARS[day]),
                    liuren.cycle.BRANCH_CHARS[hour],
                    "子",
                    month=None if month is None else liuren.cycle.BRANCH_CHARS[month],
                )
                r = c.reading()
                applied = {j.statement.id for j in r.applies}
                opened = {j.statement.id for j in r.open}
                for sid, seen in found.items():
                    if month is None:
                        assert sid not in applied
                    seen[0] += sid in applied
                    seen[1] += sid in opened
    assert all(a > 0 and o > 0 for a, o in found.values()), found


def test_a_conclusion_is_not_its_own_condition_and_yang_majority_is_read():
    # 魄化課 l.135 「虎在陽憂在男」, 「上克下與日主外喪」; 無淫課 l.103 「上之克下緣太過」, 「反此誠為婦不仁」: who is
    # worried for or blamed is what the line concludes, not a condition; 八專課 l.179 「陽多陰少，起於男子」 reads
    # the 三傳 as 無淫課 l.147 does (「三傳相得陽多，事起男子」)
    for sid in ("虎銜尸-005", "虎銜尸-006", "虎銜尸-007", "虎銜尸-008", "無淫-009", "無淫-010"):
        assert not STATEMENTS[sid].open, sid
    assert [c.text for c in STATEMENTS["八專-042"].conditions] == ["trans_yinyang = 陽多"]
    assert [c.text for c in STATEMENTS["八專-043"].conditions] == ["trans_yinyang = 陰多"]
    seen = set()
    for day in range(60):
        for hour in range(0, 12, 2):
            r = liuren.chart(str(liuren.cycle.PILLARS[day]), liuren.cycle.BRANCH_CHARS[hour], "子").reading()
            seen |= {j.statement.id for j in r.applies}
            assert not {"無淫-009", "八專-042", "虎銜尸-005"} & {j.statement.id for j in r.open}
    assert {"無淫-009", "無淫-010", "八專-042", "八專-043"} <= seen


def test_a_checked_verdict_marks_each_line_by_itself():
    # a right verdict with a wrong reason put one ✘ before "the verdict is right" (a reader in 08)
    import re

    from liuren.reading.exercise import check_verdict
    from liuren.show.reading import verdict_check_html

    c = liuren.chart("丙申", "午", "亥", month="寅")
    result = check_verdict(c, "總", "吉", "元首-001", lang="en")
    assert result.verdict_ok and not result.reason_ok
    marks = re.findall(r">(✔|✘)</span> ([^<]+)", verdict_check_html(result))
    assert marks[0][0] == "✔" and marks[0][1].startswith("The verdict is right")
    assert marks[1][0] == "✘"


def test_a_course_verdict_shows_the_line_that_states_the_course():
    """A 先吉後凶 or 先凶後吉 verdict that lines of that course decide (not the 年命's rescue, principle 7,
    whose rescuing line is shown last) shows one of those lines among its reasons: the reader sees where the
    course comes from, not only the 凶 lines it ends in (on 甲子 卯時 亥將 正月 the 總 verdict's course is
    「縱為日者有先勝，終被他人所並矣」, 重審課 l.155). Every chart, each with the month its day and hour give."""
    from liuren.cycle import BRANCHES, PILLARS

    seen, hidden = 0, []
    for p in PILLARS:
        for h in BRANCHES:
            month = str(BRANCHES[(p.ordinal + h.ordinal) % 12])
            for g in BRANCHES:
                for v in reading(liuren.Chart(str(p), str(h), str(g), month=month)).verdicts():
                    if v.verdict in ("先吉後凶", "先凶後吉") and v.principle != 7:
                        seen += 1
                        if not any(r.verdict == v.verdict for r in v.reasons):
                            hidden.append((str(p), str(h), str(g), v.matter))
    assert seen > 1000 and hidden == []
    v = reading(liuren.chart("甲子", "卯", "亥", month="寅")).verdict("總")
    assert v.verdict == "先吉後凶" and v.reasons[0].id == "重審-096"


# ---------------------------------------------------------------- the verdict as a record


def _sample_charts():
    every = liuren.cycle.PILLARS
    for n, day in enumerate(every[::7]):
        hour = liuren.cycle.BRANCH_CHARS[n % 12]
        general = liuren.cycle.BRANCH_CHARS[(5 * n) % 12]
        yield liuren.chart(str(day), hour, general, month=liuren.cycle.BRANCH_CHARS[(n * 7) % 12])
        yield liuren.chart(str(day), hour, general, nianming=("午", "子"))


def test_a_verdict_decided_now_and_explained_later_is_the_one_weighed_whole():
    """verdicts() decides each matter and weighs its overrides, course, 應期, counts of lines and 用 when
    first read: the verdict then equals the one weighed whole at once, field by field."""
    from liuren.reading import verdict as weighing

    explained = 0
    for chart in _sample_charts():
        r = reading(chart)
        decided = r.verdicts()
        seen = weighing._seen(r)
        for v in decided:
            whole = weighing._judged(seen, v.matter, None)
            assert (v.verdict, v.reasons, v.principle, v.tier) == (
                whole.verdict,
                whole.reasons,
                whole.principle,
                whole.tier,
            )
            assert v._explain is not None  # not yet explained: the stating fields were read
            assert v._values[10:] == (None, None, None)  # the counts and the 用 too are left to be weighed
            assert type(v) is weighing.Verdict  # made by plain stores, then given its class: frozen
            with pytest.raises(FrozenInstanceError):
                v.verdict = "吉"
            assert (v.overrides, v.course, v.timing, v.folded, v.weighed, v.open, v.use) == (
                whole.overrides,
                whole.course,
                whole.timing,
                whole.folded,
                whole.weighed,
                whole.open,
                whole.use,
            )
            assert v == whole and hash(v) == hash(whole) and repr(v) == repr(whole)
            explained += bool(v.overrides) + bool(v.course) + (v.timing is not None)
    assert explained  # the sample has verdicts with overrides, a course or an 應期 to explain


def test_a_reading_s_tiers_and_strengths_are_those_the_chart_gives():
    """The tiers of principle 5 and the reach of principle 3's rules kept for a chart that is no worked
    example's own (元首課 l.51 is one's), and the 用's and day stem's 旺相 read from one ruling element, are
    those worked out on each chart."""
    from liuren.patterns import shensha as ss
    from liuren.reading import verdict as weighing
    from liuren.reading.readers import chart_key

    t = weighing.table()
    keyed = ruled = 0
    for chart in (*_sample_charts(), liuren.chart("丙申", "午", "亥", month="寅")):
        seen = weighing._seen(reading(chart))
        particular = t.example_any | t.example_at.get(chart_key(chart), 0)
        keyed += particular != t.example_any
        assert seen.tiers == (particular, *(tier & ~particular for tier in t.tiers))
        first, month = chart.transmissions[0], chart.month
        use = None if month is None else ss.season_state(first.branch.ordinal, month.ordinal, chart.school)
        stem = None if month is None else ss.stem_state(chart.stem.ordinal, month.ordinal, chart.school)
        assert (*seen.strengths, seen.use.strength) == (use, stem, use)
        assert (seen.use.branch, seen.use.general) == (str(first.branch), str(first.general))
        for kind, reach, by in seen.rules:  # principle 3's reach, kept for a chart that is no example's own
            (whole,) = [r for k, r, _, b in weighing._ruling().values() if (k, b) == (kind, by)]
            assert reach == whole & ~seen.tiers[0] and (reach == whole) is not bool(whole & seen.tiers[0])
            ruled += 1
    assert keyed and ruled  # the worked example's own chart and charts where principle 3 holds were among them


def test_a_pool_beyond_the_reach_of_principles_3_and_4_is_left_whole():
    """_found weighs principles 3 and 4 (_aside) only on a pool holding a line of the chart's ``reach``: every
    other pool of a matter (無淫課 l.143 ... 元首課 l.23) is one they would leave whole, with no override and no
    rescue; and on a pool that does reach one, they set a line aside."""
    from liuren.reading import verdict as weighing
    from liuren.reading.stated import Explained, _aside

    t = weighing.table()
    skipped = touched = war = 0
    every = [
        (str(d), str(h), str(g), str(h))
        for d in liuren.cycle.PILLARS
        for h in liuren.cycle.BRANCHES
        for g in liuren.cycle.BRANCHES
    ]
    for day, hour, general, month in every[::8]:  # one chart in 8 of the 8,640, with a month
        chart = liuren.chart(day, hour, general, month=month)
        seen = weighing._seen(reading(chart))
        for pool in {seen.applies & t.weighs.get(m, 0) for m in seen.held} | {seen.overall}:
            explain = Explained()
            left, rescue, school = _aside(pool, seen, explain) if seen.rules or seen.war else (pool, None, "")
            if pool & seen.reach:
                touched += left != pool
                war += bool(school)
            else:
                assert (left, rescue, school, explain.overrides) == (pool, None, "", []), (chart, pool)
                skipped += bool(pool)
    assert skipped and touched and war  # pools of both kinds, and principle 4 setting lines aside, were among them


def test_the_verdicts_made_at_once_are_those_each_matter_is_given():
    """verdicts() keeps every matter's verdict as it made them at once; verdict(matter) then gives that very
    one, and a reading asked one matter first gives verdicts() equal to those made at once, its own kept
    (元首課 l.51's chart, and charts of the sample)."""
    matters = 0
    for chart in (liuren.chart("丙申", "午", "亥", month="寅"), *_sample_charts()):
        first = reading(chart)
        every = first.verdicts()
        assert first.verdicts() is every and all(first.verdict(v.matter) is v for v in every)
        assert first.verdicts() == every and all(a is b for a, b in zip(first.verdicts(), every, strict=True))
        asked = reading(chart)
        one = asked.verdict("財")
        again = asked.verdicts()
        held = [v.matter for v in every]
        assert again == every and [v.matter for v in again] == held
        assert all(a.verdict == b.verdict and a.reasons == b.reasons for a, b in zip(again, every, strict=True))
        assert any(v is one for v in again) is ("財" in held) and asked.verdicts() == again
        matters += "財" in held
    assert matters  # charts holding the matter asked first were among them


def test_a_verdict_is_a_frozen_record_equal_only_to_a_verdict():
    import pickle
    from dataclasses import FrozenInstanceError

    from liuren.reading.verdict import FIELDS, Verdict

    v = liuren.chart("丙申", "午", "亥", month="寅").reading().verdict("總")
    assert repr(v).startswith("Verdict(matter='總', verdict='吉', reasons=(Reason(id='元首-093'")
    names = "matter verdict reasons overrides course timing folded principle school tier weighed open use"
    assert FIELDS == tuple(names.split())  # the order of the constructor's arguments and of the repr
    assert ", overrides=(" in repr(v) and repr(v).endswith(f", open={v.open}, use={v.use!r})")
    with pytest.raises(FrozenInstanceError):
        v.verdict = "凶"  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del v.matter  # type: ignore[misc]
    with pytest.raises(AttributeError):
        v.other = 1  # type: ignore[attr-defined]
    values = tuple(getattr(v, name) for name in FIELDS)
    assert v != values and v == Verdict(*values) and hash(v) == hash(Verdict(*values))
    assert pickle.loads(pickle.dumps(v)) == v
    match v:
        case Verdict(matter, said):
            assert (matter, said) == ("總", "吉")
    assert v.decided and not Verdict("病", "未定", (), (), (), None, 0, 0, "", "", 0, 0).decided


def test_a_reading_and_its_verdicts_are_freed_when_dropped_without_the_collector():
    """A verdict keeps the reading's ``_Seen`` to be explained from, and the reading keeps its verdicts: no
    cycle holds them, so a reading dropped is freed at once, explained or not (its memory then serves the next
    reading instead of waiting for the garbage collector)."""
    import gc
    import sys
    import weakref

    from liuren.reading import verdict as weighing

    was = gc.isenabled()
    gc.disable()
    try:
        for explained in (False, True):
            r = reading(liuren.chart("丙申", "午", "亥", month="寅"))
            made = r.verdicts()
            assert [(v.matter, v.verdict) for v in made][:2] == [("總", "吉"), ("官", "吉")]
            if explained:
                first = made[0]  # 元首課 l.51's chart: the 用 卯, 內戰 set aside by 元首課 l.23 (principle 4)
                kinds = tuple(o.kind for o in first.overrides)
                assert (first.weighed, first.use and first.use.branch, kinds) == (23, "卯", ("神將戰",))
            assert r.verdict("財") is made[[v.matter for v in made].index("財")]  # kept by the reading
            ref, seen = weakref.ref(r), weighing._seen(r)
            del r, made
            assert ref() is None, explained  # the reading freed, and with it its verdicts:
            assert sys.getrefcount(seen) == 2, explained  # the _Seen is held here alone (and by the call)
    finally:
        if was:
            gc.enable()
