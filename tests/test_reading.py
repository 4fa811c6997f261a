"""The chapters' judgements as data, and reading them on a chart (liuren.reading).

The data file holds one row per statement of 《大六壬靈覺經》's judgements and timing rules; each row's
conditions are evaluated on the chart. These tests check the file, every condition evaluator on a chart
where it holds and on the same chart with that condition changed, every worked example the chapters
read, a sweep of the 8,640 charts, and the timing rules against the calendar.
"""

from __future__ import annotations

import csv
import itertools
import random
from collections import Counter
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

import liuren
from liuren import ParseError
from liuren.cycle import BRANCHES, PILLARS
from liuren.patterns import PATTERNS
from liuren.reading import APPLIES, DEFINED_BY_CONDITIONS, OPEN, facts_of, parse_matter, parse_querent, reading
from liuren.reading.conditions import (
    ATTRS,
    CHART_LEVEL,
    STEM_ATTRS,
    Condition,
    parse_condition,
    parse_conditions,
)
from liuren.reading.readers import Ctx, relation
from liuren.reading.statements import MATTERS, VERDICTS, read_statements, statements
from liuren.transmissions import LESSON_TYPES, Method

DATA = Path(__file__).parent / "data"
CHAPTERS = {
    "元首課": 126,
    "重審課": 122,
    "遙克課": 145,
    "昴星課": 123,
    "八專課": 87,
    "勵德課": 81,
    "贅婿課": 96,
    "無淫課": 78,
    "天獄課": 51,
    "天網課": 48,
    "羅網課": 8,
    "死奇課": 57,
    "魄化課": 58,
    "殃咎課": 50,
}
"""Statements per chapter, as README states them."""


def ids(r: liuren.reading.Reading) -> set[str]:
    return {j.statement.id for j in (*r.applies, *r.open)}


# ---------------------------------------------------------------- the data


def test_every_chapter_has_its_statements():
    counts = Counter(s.source.chapter for s in statements())
    assert counts == CHAPTERS
    assert len({s.id for s in statements()}) == len(statements()) == 1130


def test_readmes_table_of_statements_counts_what_the_data_holds():
    """README's table per chapter (statements, decided by the chart, open, timing rules, readings of worked
    examples, and the totals) is counted from the data, so that it cannot go stale."""
    text = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    header = "| chapter | statements | decided by the chart | open | timing rules | readings of worked examples |"
    assert header in text
    rows = text.split(header, 1)[1].split("\n\n", 1)[0].strip().splitlines()[1:]
    table = {
        cells[0].strip("*"): tuple(int(c.strip("*").replace(",", "")) for c in cells[1:])
        for cells in ([c.strip() for c in row.strip("|").split("|")] for row in rows)
    }
    found: dict[str, list[int]] = {}
    for s in statements():
        for chapter in (s.source.chapter, "all"):
            row = found.setdefault(chapter, [0, 0, 0, 0, 0])
            row[0] += 1
            row[1 if not s.open else 2] += 1
            row[3] += s.timing is not None
            row[4] += bool(s.example)
    assert table == {chapter: tuple(row) for chapter, row in found.items()}


def test_rows_are_well_formed():
    known = {s.id for s in statements()}
    for s in statements():
        # only the first chapter (九宗門·元首課·重審課) names its book; the other three are cited by chapter
        assert s.source.book == ("大六壬靈覺經" if s.source.chapter in ("元首課", "重審課") else ""), s.id
        assert str(s.source).startswith("《大六壬靈覺經》") == (s.source.chapter in ("元首課", "重審課")), s.id
        assert s.verdict in VERDICTS
        assert s.matters and all(m in MATTERS for m in s.matters)
        assert 0 < len(s.quote.replace(" ", "")) <= 48, s.id
        assert s.gloss_ko and s.gloss_en, s.id
        assert all(other in known for other in s.contradicts), s.id
        if s.timing is not None:
            assert s.timing.kind in ("period", "generates", "fears", "branch", "other"), s.id


def test_contradictions_are_flagged_on_both_sides():
    by_id = {s.id: s for s in statements()}
    one_sided = [(s.id, o) for s in statements() for o in s.contradicts if s.id not in by_id[o].contradicts]
    assert one_sided == []
    assert sum(1 for s in statements() if s.contradicts) >= 30


def test_a_bad_row_is_refused_with_its_row_and_what_is_accepted():
    header = ",".join(
        "id book chapter line subject conditions open matters verdict timing quote gloss_ko gloss_en note".split()
    )
    good = "x-1,大六壬靈覺經,元首課,3,元首,init.general = 太常,,病,凶,,元首,한,en,"
    assert read_statements(f"{header}\n{good}\n")[0].conditions[0].values == ("太常",)
    for bad, said in (
        (good.replace("init.general = 太常", "init.general = 太陽"), "not accepted"),
        (good.replace("init.general", "init.colour"), "not an attribute"),
        (good.replace(",病,", ",茶,"), "accepted: 總"),
        (good.replace(",凶,", ",大吉,"), "verdict"),
        (good.replace("元首,한", "元首,한").replace(",,病", ",querent=王,病"), "querent"),
    ):
        with pytest.raises(ParseError, match=said):
            read_statements(f"{header}\n{bad}\n")
    with pytest.raises(ParseError, match="columns"):
        read_statements("id,quote\nx,y\n")


@pytest.mark.parametrize(
    "text",
    ["init.general ~ 太常", "colour = 紅", "init.general = ", "day_stem.general = 甲", "init.general in 太常,太陽", 7],
)
def test_a_malformed_condition_is_a_parse_error(text):
    with pytest.raises(ParseError):
        parse_condition(text)


def test_relations_are_said_from_the_side_measured_against():
    # 木 0 火 1 土 2 金 3 水 4: wood produces fire, metal 克s wood
    assert relation(0, 1) == "生我"  # wood produces me (fire)
    assert relation(1, 0) == "我生"
    assert relation(3, 0) == "克我"  # metal 克s me (wood)
    assert relation(0, 3) == "我克"
    c = liuren.chart("丙申", "午", "亥", month="寅")  # 初傳 卯 木, day stem 丙 火: 卯 produces 丙
    assert parse_condition("init.to_stem = 生我").evaluate(c).holds is True
    assert parse_condition("middle.to_init = 克我").evaluate(c).holds is True  # 申 金 克s 卯 木


# ---------------------------------------------------------------- every condition, on a chart where it holds


def _sample() -> list[liuren.Chart]:
    """About a fifth of the 8,640 charts, each with a month, a year and a 年命 drawn with a fixed seed,
    and every worked example the data reads."""
    rng = random.Random(7)
    charts = []
    for day in PILLARS:
        for hour in BRANCHES:
            for general in BRANCHES:
                if rng.random() < 0.2:
                    month, year = BRANCHES[rng.randrange(12)], BRANCHES[rng.randrange(12)]
                    fate = (BRANCHES[rng.randrange(12)], BRANCHES[rng.randrange(12)])
                    charts.append(liuren.chart(day, hour, general, month=month, year=year, nianming=fate))
    # and one chart for each pattern the data names, found over the months and a few 年命 (rare ones such
    # as 真虎視 or 魄化歸魂 are seldom dealt by chance)
    named = sorted({v for s in statements() for c in s.conditions if c.attr == "pattern" for v in c.values})
    for name in named:
        hit = next(
            (
                found[0]
                for month in BRANCHES
                for fate in ((None, None), ("子", "午"), ("寅", "申"), ("辰", "戌"))
                if (found := liuren.find(pattern=name, month=month, year=month, nianming=fate if fate[0] else None))
            ),
            None,
        )
        if hit is not None:
            charts.append(hit)
    for s in statements():
        args = s.example_chart_args()
        if args is not None:
            day, hour, general, noble, month = args
            charts.append(liuren.chart(day, hour, general, noble=noble, month=month))
    return charts


@pytest.fixture(scope="module")
def facts():
    charts = _sample()
    conditions = {c.text: c for s in statements() for c in s.conditions}
    table = []
    for chart in charts:
        ctx = Ctx(chart)
        table.append((chart, {text: c.evaluate(ctx) for text, c in conditions.items()}))
    return conditions, table


def _changed(condition: Condition, found: tuple[str, ...]) -> Condition | None:
    """The condition with its value changed to one the chart does not show (None when every accepted
    value is shown); a condition on an open vocabulary (a pattern, a day) is negated instead."""
    if condition.target == "day_stem":
        accepted = STEM_ATTRS[condition.attr][1]
    elif condition.target:
        accepted = ATTRS[condition.attr][1]
    else:
        accepted = CHART_LEVEL[condition.attr][1]
    head = condition.text.split(" ")[0]
    if not accepted:
        return parse_condition(f"{head} {'!=' if condition.op != '!=' else '='} {','.join(condition.values)}")
    others = [v for v in accepted if v not in found and v not in condition.values]
    if condition.op == "!=" or not others:
        return None
    return parse_condition(f"{head} = {others[0]}")


def test_every_condition_holds_somewhere_fails_elsewhere_and_a_changed_value_fails(facts):
    conditions, table = facts
    unreached = []
    for text, condition in conditions.items():
        holds = [(chart, f) for chart, row in table if (f := row[text]).holds is True]
        fails = [chart for chart, row in table if row[text].holds is False]
        if not holds:
            unreached.append(text)
            continue
        # a condition on 星 or 月 (dark_qi, any_qi) is never false: the 月奇 might still stand there
        moon = all(row[text].needs == "moon" for _, row in table if row[text].holds is not True)
        assert fails or moon, f"{text} holds on every chart"
        chart, fact = holds[0]
        changed = _changed(condition, fact.found)
        if changed is not None:
            result = changed.evaluate(chart).holds
            assert result is False or (moon and result is None), (text, changed.text, chart.spec())
    # the 月奇 of 死奇 needs the moon's lodge, which a chart does not hold; and 真虎視 (昴星課 l. 123, 白虎 on
    # 申 or 酉 among the 三傳 of an 昴星 chart) falls on none of the 192 昴星 charts of the default school
    assert all(t.startswith("moon_qi.") or t == "pattern = 真虎視" for t in unreached), unreached
    assert liuren.find(pattern="真虎視", nianming=("子", "午")) == []


def test_every_row_applies_on_a_witness_and_not_when_one_condition_changes(facts):
    _, table = facts
    witnessed = 0
    rows = [s for s in statements() if s.conditions]
    for s in rows:
        found = next(
            (
                (chart, row)
                for chart, row in table
                if all(row[c.text].holds is True for c in s.conditions)
                and _subject_shown(chart, s.subject)
                and all(f.holds is True for f in facts_of(s, Ctx(chart), {}))  # 「金而金落空」: at one place
            ),
            None,
        )
        if found is None:
            continue
        witnessed += 1
        chart, row = found
        assert s.id in ids(reading(chart)), (s.id, chart.spec())
        for i, condition in enumerate(s.conditions):
            changed = _changed(condition, row[condition.text].found)
            if changed is None:
                continue
            altered = replace(s, conditions=(*s.conditions[:i], changed, *s.conditions[i + 1 :]))
            assert any(f.holds is not True for f in facts_of(altered, Ctx(chart), {})), (s.id, changed.text)
    # measured: 814 of the 876 rows with checkable conditions have a witness in the sample. The others
    # need the moon's lodge (6), are about 真虎視, which no chart gives (4), read 死奇's 五月 甲子 example,
    # which the package's 死奇 does not give (3), name the chapter's misprinted 贅婿 days (l. 71), or ask for
    # a combination the sample does not deal; a drop below 814 means a condition stopped holding
    assert witnessed >= 814, (witnessed, len(rows))


def _subject_shown(chart: liuren.Chart, subject: str) -> bool:
    shown = ("總", chart.lesson_type, chart.method, *DEFINED_BY_CONDITIONS)
    return subject in shown or subject in {p.name for p in chart.patterns}


def test_every_subject_is_a_lesson_type_a_pattern_or_defined_by_its_conditions():
    known = {p.name for p in PATTERNS} | set(LESSON_TYPES) | {m.value for m in Method} | {"總"}
    assert {s.subject for s in statements()} - known == set(DEFINED_BY_CONDITIONS) - {"淫泆"}
    # 淫泆 is a pattern of the package (after 《六壬大全》), but its statements carry the chapter's own
    # definition, 日辰交互相剋 (無淫課 l. 119), in their conditions
    assert all("jiaohu_ke = true" in [c.text for c in s.conditions] for s in statements() if s.subject == "淫泆")


# ---------------------------------------------------------------- the chapters' worked examples


def _examples() -> list[dict[str, str]]:
    with (DATA / "reading_examples.csv").open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


@pytest.mark.parametrize("row", _examples(), ids=lambda r: r["id"])
def test_every_worked_example_reading_is_read_on_its_chart(row):
    chart = liuren.chart(row["day"], row["hour"], row["general"], noble=row["noble"], month=row["month"] or None)
    statement = next(s for s in statements() if s.id == row["id"])
    assert (statement.source.chapter, str(statement.source.line)) == (row["chapter"], row["line"])
    if row["expected"] == "included":
        assert row["id"] in ids(reading(chart))
    else:
        # 死奇課 l. 107 reads 五月 甲子 寅時 as 死奇 with 天罡 on 亥; the package's 死奇 needs 天罡 to be a lesson's
        # upper and the 發用 (l. 95), which it is not here: the reading of this example is not given
        assert "死奇" not in {p.name for p in chart.patterns}
        assert row["id"] not in ids(reading(chart))


def test_the_first_example_reads_as_the_chapter_does():
    # 元首課: 正月丙申日亥將午時 — 「卯為日之父母，乘太常主相見公卿有喜」 … 「今卯木旺，丙火得相氣，故以吉斷之」
    r = reading(liuren.chart("丙申", "午", "亥", month="寅"))
    applied = {j.statement.id: j for j in r.applies}
    assert {"元首-090", "元首-091", "元首-092", "元首-093"} <= set(applied)
    assert applied["元首-090"].statement.quote == "卯為日之父母，乘太常主相見公卿有喜"
    assert [(f.condition, f.found) for f in applied["元首-090"].facts][-3:] == [
        ("init.branch = 卯", ("卯",)),
        ("init.kin = 父母", ("父母",)),
        ("init.general = 太常", ("太常",)),
    ]
    # without the month the chapter's reading of its example is open: it needs the month
    open_ = {j.statement.id: j for j in reading(liuren.chart("丙申", "午", "亥")).open}
    assert open_["元首-093"].undecided == ("month",)


# ---------------------------------------------------------------- matters, querents, open statements


def test_matter_and_querent_narrow_the_reading():
    chart = liuren.chart("丙申", "午", "亥", month="寅")
    everything = reading(chart)
    illness = reading(chart, matter="病")
    assert illness.matter == "病" and reading(chart, matter="illness").applies == illness.applies
    assert all({"病", "總"} & set(j.statement.matters) for j in (*illness.applies, *illness.open))
    assert ids(illness) < ids(everything)
    official = reading(chart, querent="official")
    asked_of = {o.value for j in official.applies for o in j.statement.open if o.key == "querent"}
    assert asked_of <= {"官"}
    assert not any(u.startswith("querent=") for j in official.open for u in j.undecided)
    assert any(o.key == "querent" and o.value == "官" for j in everything.open for o in j.statement.open)


def test_open_statements_say_what_would_decide_them():
    r = reading(liuren.chart("丙申", "午", "亥"))
    assert r.open and all(j.status == OPEN and j.undecided for j in r.open)
    assert all(j.status == APPLIES and not j.undecided for j in r.applies)
    reasons = {u.split("=")[0].split(":")[0] for j in r.open for u in j.undecided}
    assert {"querent", "month", "text"} <= reasons


@pytest.mark.parametrize("bad", ["茶", "", 3, "x" * 10_000])
def test_an_unknown_matter_or_querent_names_the_accepted_ones(bad):
    with pytest.raises(ParseError, match="accepted: 總"):
        parse_matter(bad)
    with pytest.raises(ParseError, match="accepted: 官"):
        parse_querent(bad)
    with pytest.raises(ParseError):
        reading(liuren.chart("丙申", "午", "亥"), lang="fr")


def test_a_contradiction_is_shown_with_both_sides():
    # 解網 (天網四張): 「先凶後吉終凶猛」 against the rescue that makes it 先凶後吉
    charts = (
        liuren.chart(day, hour, general, month="寅", nianming=("子", "子"))
        for day in PILLARS
        for hour in BRANCHES
        for general in BRANCHES
    )
    chart = next(c for c in charts if "解網" in {p.name for p in c.patterns})
    pairs = reading(chart).contradictions
    assert pairs
    for a, b in pairs:
        assert b.statement.id in a.statement.contradicts and a.statement.id in b.statement.contradicts


# ---------------------------------------------------------------- the 8,640 charts


def test_every_chart_reads_deterministically_and_its_evidence_agrees_with_the_chart():
    for day in PILLARS:
        for hour in BRANCHES:
            for general in BRANCHES:
                chart = liuren.chart(day, hour, general, month=BRANCHES[(day.ordinal + hour.ordinal) % 12])
                r = reading(chart)
                assert r == reading(chart)
                t = chart.transmissions
                truth = {
                    "init.general": (str(t[0].general),),
                    "init.kin": (t[0].relation,),
                    "init.branch": (str(t[0].branch),),
                    "middle.general": (str(t[1].general),),
                    "final.general": (str(t[2].general),),
                    "noble_dir": ("順" if chart.generals_forward else "逆",),
                    "lesson_type": (str(chart.lesson_type),),
                    "pattern": tuple(p.name for p in chart.patterns),
                }
                for j in r.applies:
                    assert all(f.holds is True for f in j.facts)
                    for f in j.facts:
                        key = f.condition.split(" ")[0]
                        if key in truth:
                            assert f.found == truth[key], (chart.spec(), f)


# ---------------------------------------------------------------- timing


SEOUL = ZoneInfo("Asia/Seoul")


def test_timing_rules_give_dates_from_the_moment_of_the_chart():
    when = datetime(2026, 12, 1, 14, 5, tzinfo=SEOUL)
    chart = liuren.chart_at(when)  # 己酉日 未時 寅將
    periods = {p.statement.id: p for p in reading(chart).timing(when)}
    good, bad = periods["總-003"], periods["總-004"]  # 用起以所生為吉期，所畏者為凶期: 初傳 亥 水
    assert good.marks == ("申", "酉") and bad.marks == ("丑", "辰", "未", "戌")
    assert (good.start, good.end) == (when, datetime(2026, 12, 2, tzinfo=SEOUL))  # 己酉: today is a 酉 day
    assert (bad.start, bad.end) == (datetime(2026, 12, 2, tzinfo=SEOUL), datetime(2026, 12, 3, tzinfo=SEOUL))
    assert str(liuren.almanac.day_pillar(bad.start.date()))[1] in bad.marks
    assert all(p.start is None for p in periods.values() if p.kind == "other")
    assert all(p.start is None for p in reading(chart).timing())


def test_within_the_xun_month_and_year_end_where_the_calendar_says():
    when = datetime(2026, 12, 1, 14, 5, tzinfo=SEOUL)
    r = reading(liuren.chart_at(when))
    statement = next(s for s in statements() if s.timing is not None and s.timing.detail == "旬")
    for detail, end in (
        ("旬", datetime(2026, 12, 6, tzinfo=SEOUL)),  # 己酉 is the 6th day of the 甲辰 旬: 甲寅 is 12-06
        ("月", None),
        ("年", None),
    ):
        s = replace(statement, timing=replace(statement.timing, detail=detail))
        (period,) = liuren.reading.timing.periods((s,), r.chart, when)
        assert period.start == when and period.end > when
        if end is not None:
            assert period.end == end
            assert str(liuren.almanac.day_pillar(end.date()))[0] == "甲"
        else:
            after = liuren.pillars(period.end + timedelta(seconds=1))
            before = liuren.pillars(period.end - timedelta(seconds=1))
            assert after.month.branch != before.month.branch
            if detail == "年":
                assert after.year != before.year


def test_a_timing_rule_is_in_the_chapters_words():
    """A timing rule's detail is shown as the chapter's rule (Period.rule): for a rule that names its
    marks or names no period (branch, other), it is a verbatim piece of the statement's quotation
    (pieces joined by …), never words made up in classical Chinese; a period rule's detail is one of
    the period names the calendar reads (日 三日 半月 五日 旬 月 年)."""
    kinds = Counter()
    for s in statements():
        if s.timing is None:
            continue
        kinds[s.timing.kind] += 1
        if s.timing.kind in ("branch", "other"):
            assert all(piece in s.quote for piece in s.timing.detail.split("…")), (s.id, s.timing.detail)
        elif s.timing.kind == "period":
            assert s.timing.detail in ("日", "三日", "半月", "五日", "旬", "月", "年"), (s.id, s.timing.detail)
    assert kinds["other"] >= 30 and kinds["branch"] == 4


@pytest.mark.parametrize(
    ("sid", "marks", "month"),
    [("元首-110", ("丙", "丁"), False), ("元首-115", ("辰",), True), ("元首-116", ("寅",), True)],
)
def test_a_branch_rule_marks_what_its_words_name(sid, marks, month):
    """「喜在丙丁」 marks the 丙 and 丁 days; 「以天罡主三月」 marks 辰 (天罡 is 辰's spirit name) and a
    month; 「以寅為正月」 the 寅 month."""
    when = datetime(2026, 12, 1, 14, 5, tzinfo=SEOUL)
    chart = liuren.chart_at(when)
    s = next(x for x in statements() if x.id == sid)
    (period,) = liuren.reading.timing.periods((s,), chart, when)
    assert period.marks == marks and period.rule == s.timing.detail
    if month:
        inside = liuren.pillars(period.start + (period.end - period.start) / 2)
        assert str(inside.month.branch) == marks[0]
    else:
        assert str(liuren.almanac.day_pillar(period.start.date()))[0] in marks


def test_timing_refuses_a_naive_moment():
    with pytest.raises(liuren.errors.NaiveDatetimeError):
        reading(liuren.chart("丙申", "午", "亥")).timing(datetime(2026, 1, 1))


def test_conditions_of_one_statement_are_read_together():
    (a, b) = parse_conditions("init.general = 太常 & noble_dir = 逆")
    assert (a.target, a.attr, b.target, b.attr) == ("init", "general", "", "noble_dir")
    assert parse_conditions("") == ()


# ---------------------------------------------------------------- display and the command line


def test_reading_shows_the_verdicts_first_and_the_evidence_below_grouped_by_matter_and_verdict():
    from liuren.show.reading import VERDICT_COLOR, VERDICT_ORDER, reading_html

    assert set(VERDICT_ORDER) == set(VERDICT_COLOR) == set(VERDICTS)
    r = liuren.chart("丙申", "午", "亥", month="寅").reading(lang="en")
    short = str(r)
    assert short.splitlines()[:3] == [
        "Judgement (占斷)",
        "■ 總 · overall: good (吉) ← 「今卯木旺，丙火得相氣，故以吉斷之」 元首課 l.51 [元首-093]",
        "    set aside: 內戰-001 — by 「縱神將戰憂易解」 (元首課 l.23) (school option war_reading=lesson)",
    ]
    assert short.endswith("all the evidence: reading.text()") and "初傳 卯 ✓" not in short
    text = r.text()
    assert text.startswith(short.rsplit("\n", 1)[0])
    evidence = "\n━━ Evidence — every statement, with its id\nstatements that apply: 55; left open: 38\n"
    assert evidence in text  # 38: 元首-039 is set aside, 卯 旺 (元首課 l.27)
    assert "元首-090 [吉] 「卯為日之父母，乘太常主相見公卿有喜」 — 元首課 l.51" in text
    assert "初傳 卯 ✓, 初傳 父母 ✓, 初傳 太常 ✓" in text
    assert " 是 " not in text and " 否 " not in text  # English shows no untranslated fact
    first = text.index("■ 總 · overall\n")
    assert first < text.index("■ Open")
    verdicts = [
        line.split("[")[1].split("]")[0]
        for line in text[first : text.index("\n\n■", first)].splitlines()[1:]
        if not line.startswith(" ") and "[應期]" not in line
    ]
    assert verdicts and verdicts == sorted(verdicts, key=VERDICT_ORDER.index)
    html = r._repr_html_()
    assert html.startswith('<div class="liuren-paper"')
    assert html.index('class="liuren-verdicts"') < html.index('<details class="liuren-evidence">')
    assert "<details open" not in html  # the evidence is one fold below, closed
    assert "「卯為日之父母，乘太常主相見公卿有喜」" in html and reading_html(r, "ko") != html
    assert "<script" not in html


def test_quotations_and_glosses_are_escaped_in_html():
    from liuren.show.reading import reading_html

    r = liuren.chart("丙申", "午", "亥", month="寅").reading()
    j = r.applies[0]
    glosses = tuple((code, "<b>x</b>") for code, _ in j.statement.glosses)
    forged = replace(j, statement=replace(j.statement, quote="<img src=x onerror=alert(1)>", glosses=glosses))
    html = reading_html(replace(r, applies=(forged,), open=()))
    assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html and "<b>x</b>" not in html


def test_the_cli_prints_a_reading_with_its_dates(capsys):
    from liuren.cli import main

    assert main(["chart", "丙申", "午", "亥", "--month", "寅", "--reading", "病", "--lang", "ko"]) == 0
    out = capsys.readouterr().out
    assert "점치는 일: 病 · 질병\n■ 病 · 질병: 길(吉)" in out and "元首-005 [吉] 「諸占吉多凶少」 — 元首課 l.11" in out
    assert "「卯為日之父母，乘太常主相見公卿有喜」" not in out  # a reading of 元首-1 on another matter
    assert main(["chart", "--at", "2026-12-01 14:05", "--tz", "Asia/Seoul", "--reading"]) == 0
    out = capsys.readouterr().out
    assert "when (應期): 所生為吉期 (申·酉) [總-003] 2026-12-01 14:05 → 2026-12-02 00:00" in out
    assert main(["chart", "丙申", "午", "亥", "--reading", "茶"]) == 2
    assert "matter='茶' is not a matter; accepted: 總 (overall)" in capsys.readouterr().err
    assert main(["chart", "丙申", "午", "亥", "--querent", "官"]) == 2


# ---------------------------------------------------------------- exercises in reading


def test_candidates_weigh_every_statement_of_the_matter_and_the_check_says_why():
    from liuren.reading.exercise import candidates, check_reading

    chart = liuren.chart("丙申", "午", "亥", month="寅")
    weighed = candidates(chart, "病")
    assert {c.status for c in weighed} == {"applies", "open", "fails"}
    applies = [c.statement.id for c in weighed if c.status == "applies"]
    assert applies == [j.statement.id for j in reading(chart, matter="病").applies if "病" in j.statement.matters]
    assert all(c.failed is not None and c.failed.holds is False for c in weighed if c.status == "fails")
    assert not any(c.statement.example_chart not in ("", "丙申 午時 亥將 晝") for c in weighed)
    assert check_reading(chart, "病", applies).ok
    wrong = next(c for c in weighed if c.status == "fails")
    result = check_reading(chart, "illness", [applies[0], wrong.statement.id], lang="en")
    assert not result.ok and result.right == (applies[0],) and result.missed == len(applies) - 1
    text = str(result)
    assert f"{wrong.statement.id} does not apply: it needs " in text and applies[1] not in text
    assert applies[1] in str(check_reading(chart, "病", [applies[0]], lang="en", reveal=True))
    assert result._repr_html_().startswith('<div class="liuren-paper liuren-themed"')  # the theme's box


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("ko", "元首-087 — 맞지 않는다: 조건은 初傳 凶將, 이 과반은 初傳 吉將"),
        ("en", "元首-087 does not apply: it needs 初傳 凶將; this chart has 初傳 吉將"),
        ("zh", "元首-087 不合：須初傳 凶將，此盤初傳 吉將"),
    ],
)
def test_a_wrong_pick_says_what_the_statement_needs_and_what_the_chart_has(lang, line):
    # the line read 「元首-087 — 맞지 않는다: 初傳 吉將 ✗」: whether 吉將 was what the statement needs or
    # what the chart has could not be told; 元首-087 needs a 凶將 on the 初傳 and 卯 rides 太常, a 吉將
    from liuren.reading.exercise import check_reading

    chart = liuren.chart("丙申", "午", "亥", month="寅")
    lines = str(check_reading(chart, "病", ["元首-085", "元首-087"], lang=lang)).splitlines()
    assert line in lines


def test_a_failed_condition_names_its_values_its_negation_and_what_a_flag_reads():
    from liuren.reading.conditions import Fact
    from liuren.show.reading import failed_text

    assert (
        failed_text(Fact("init.war != 內戰", False, ("內戰",)), "en")
        == "it needs 初傳 not 內戰; this chart has 初傳 內戰"
    )
    assert (
        failed_text(Fact("init.void = true", False, ("false",)), "ko")
        == "조건은 初傳 旬空 예, 이 과반은 初傳 旬空 아니오"
    )
    assert failed_text(Fact("any_trans.sha in 日祿,驛馬", False, ()), "zh") == "須三傳 日祿或驛馬，此盤三傳 —"


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_checked_reading_marks_each_line_by_itself(lang):
    # one ✘ stood before the right picks (08, exercise 2) and the wrong, the open and the missed lines had
    # none: each line now carries its own mark, from the table the verdict check marks with
    import re

    from liuren.reading.exercise import check_reading, check_verdict
    from liuren.show.reading import CHECK_MARKS

    chart = liuren.chart("丙申", "午", "亥", month="寅")
    result = check_reading(chart, "病", ["元首-085", "元首-087", "喪-002"], lang=lang, reveal=True)
    html = result._repr_html_()
    rows = html[html.index(">") + 1 : html.rindex("</div>")].split("<br>")
    marks = [re.match(r'<span style="[^"]*">([^<]+)</span> (.+)', row) for row in rows]
    got = [
        (m.group(1), m.group(2).split(" ")[0]) if m else ("", row.split(":")[0])
        for m, row in zip(marks, rows, strict=True)
    ]
    right, wrong, undecided = (CHECK_MARKS[k][0] for k in ("right", "wrong", "open"))
    assert [mark for mark, _ in got] == [right, wrong, undecided, wrong, ""]  # the answer revealed: no mark
    assert "元首-085" in rows[0] and got[1][1] == "元首-087" and got[2][1] == "喪-002"
    assert len({right, wrong, undecided}) == 3 and "✗" not in {right, wrong, undecided}
    assert str(result).count("\n") == 4 and not any(str(result).startswith(m) for m in (right, wrong))
    verdict = check_verdict(chart, "總", "吉", "元首-001", lang=lang)._repr_html_()
    assert re.findall(r">(.)</span> ", verdict) == [right, wrong]  # the same marks, one table


def test_a_candidates_status_is_said_in_words_of_the_pages_language():
    # 08 §3 printed 「父癸卯常 applies fails」 on the Korean page: the code words, not the page's
    from liuren.reading.exercise import STATUSES, candidates
    from liuren.show.reading import status_name

    chart = liuren.chart("丙申", "午", "亥", month="寅")
    weighed = {c.statement.id: c.status for c in candidates(chart, "病")}
    assert set(weighed.values()) == set(STATUSES)
    said = [status_name(weighed[i], "ko") for i in ("元首-086", "元首-087", "喪-002")]
    assert said == ["맞는다", "맞지 않는다", "정해지지 않는다"]
    assert [status_name(weighed[i], "en") for i in ("元首-086", "元首-087")] == ["applies", "does not apply"]
    for lang in ("zh", "ko", "en"):
        words = [status_name(s, lang) for s in STATUSES]
        assert len(set(words)) == 3 and (lang == "en" or not set(words) & set(STATUSES))
    with pytest.raises(ParseError, match="accepted: applies, open, fails"):
        status_name("passes", "ko")


@pytest.mark.parametrize("bad", [["茶-001"], "x" * 10_000, [1], ["元首-001"] * 201])
def test_a_bad_answer_is_refused_with_what_is_accepted(bad):
    from liuren.reading.exercise import check_reading

    with pytest.raises(ParseError, match="accepted"):
        check_reading(liuren.chart("丙申", "午", "亥"), "病", bad)


def test_two_conditions_on_any_transmission_hold_at_the_same_transmission():
    # 遙克課 「或有金而金落空，一名空矢」: one 傳 is 金 and void, not a 金 傳 beside a void one
    spent = next(s for s in statements() if s.id == "蒿矢-016")
    apart = liuren.chart("丙寅", "卯", "子", noble="day")  # 亥 (void) 申 (金) 巳: 金 and void, apart
    assert [str(t.branch) for t in apart.transmissions] == ["亥", "申", "巳"] and "亥" in apart.void
    assert [f.holds for f in facts_of(spent, Ctx(apart), {})] == [True, False]
    together = next(
        c for c in liuren.find(lesson_type="蒿矢") if any(t.void and str(t.branch) in "申酉" for t in c.transmissions)
    )
    assert "蒿矢-016" in ids(reading(together))


def test_about_narrows_a_reading_to_one_subject():
    r = liuren.chart("丙申", "午", "亥", month="寅").reading()
    about = r.about("元首")
    assert about.applies and all(j.statement.subject == "元首" for j in (*about.applies, *about.open))
    assert {j.statement.id for j in about.applies} == {
        j.statement.id for j in r.applies if j.statement.subject == "元首"
    }
    with pytest.raises(ParseError, match="accepted: 元首"):
        r.about("茶")


def test_every_place_a_condition_reads_is_named_in_hanzi_in_every_language():
    # the evidence writes the place as the chapters name it (「日辰上神相剋 是 ✓」), never the key (upper_ke)
    from liuren.reading.conditions import CHART_LEVEL, TARGETS, Fact
    from liuren.show.reading import fact_text
    from liuren.show.words.reading import PLACES

    assert not [k for k in (*TARGETS, *CHART_LEVEL) if k not in PLACES]
    for lang in ("zh", "ko", "en"):
        for key, name in (("upper_ke", "日辰上神相剋"), ("trans_xinghai", "三傳刑害")):
            value = "true" if key == "upper_ke" else "刑"
            text = fact_text(Fact(f"{key} = {value}", True, (value,)), lang)
            assert text.startswith(name) and key not in text, (lang, text)


ADULTERY = {
    # the lines that speak of adultery or a wanton spouse are read for 婚 as well as where they were filed
    "帷簿不修-001": "帷簿丑聲亂",  # 八專課 l.167
    "帷簿不修-007": "婦懷他婿外人傳",  # l.167
    "帷簿不修-009": "內外占之總丑聲",  # l.175
    "帷簿不修-011": "有無恥不正之事",  # l.179
    "八專-011": "陰日只為家法懷",  # l.167
    "八專-041": "以此占人，必有淫泆",  # l.179
    "昴星-024": "占婦人必淫邪不正之人",  # 昴星課 l.131
    "無淫-043": "上生下不順，內外生奸",  # 無淫課 l.151
    "無淫-046": "占人皆主淫邪之心事將危敗也",  # l.159
    "無淫-047": "內將有私親，有奸謀之意",  # l.163
}


def test_adultery_lines_are_read_for_marriage():
    by_id = {s.id: s for s in statements()}
    for sid, words in ADULTERY.items():
        assert words in by_id[sid].quote and "婚" in by_id[sid].matters, sid
    r = liuren.chart("丁未", "子", "午").reading("婚")  # an 八專 day: 帷簿不修
    assert {"帷簿不修-001", "帷簿不修-007"} <= {j.statement.id for j in r.applies}


CONCLUSIONS = {
    # a condition that was the chapter's own conclusion (or a concession) is no condition: the line holds
    "元首-022": "縱課傳有凶，得憂亦淺",
    "重審-054": "事起女人憂稍重",
    "蒿矢-048": "有客不可納",  # the chapter's reading of its 甲午 example (遙克課 l.71)
    "天獄-013": "多憂動土及登程",
    "天獄-015": "獄訟疾病有神責",
    "贅婿-017": "主兄弟不快",
    "贅婿-019": "乃為客求財之課也",
    "魄化-006": "值此課名為化魄，假若無病亦昏沉",
    "重審-119": "亦以休囚推其成敗也",  # the chapter's method, said of every 重審 chart (重審課 l.167)
    "蒿矢-031": "酉陰刑刃動主暗傷之災",  # 「陰刑刃」 names 酉 itself (遙克課 l.39)
    "遞克-002": "宜自損",  # the chapter's advice on a 遞克 chart (殃咎課 l.147), a 平 line
    "日干乘墓-004": "宜本醮禱本命星辰",  # its advice where the 墓 covers the day (殃咎課 l.163)
    "死奇-038": "干貴失靠",  # 「干貴」 is the matter, one in each clause of the 象 (死奇課 l.99)
    "天網-040": "惟利捕盜、行刑",  # the matter 捕盜 (失), as the same line's 「主捕盜有財」 (天網課 l.67)
    "元首-033": "則有動後之凶也",  # the weak chart's outcome, beside the strong one's 「臣忠子孝」 (元首課 l.23)
    "元首-046": "則有先動過勞致疲之災深入",  # said of a weak 用 with 「或貪小利而忘大害」 (元首課 l.31)
    "彈射-023": "但欲用事者遇之其力輕",  # the matter 謀, on the 知一 彈射 of the sentence before (遙克課 l.47)
}


def test_a_text_condition_left_open_says_why_and_conclusions_are_statements():
    by_id = {s.id: s for s in statements()}
    left = [s for s in statements() if any(o.key == "text" for o in s.open)]
    assert left and all(any(f.startswith("open:") or "; open:" in f for f in s.flags) for s in left)
    assert len(left) == 131
    for sid, words in CONCLUSIONS.items():
        assert words in by_id[sid].quote and not any(o.key == "text" for o in by_id[sid].open), sid
    # 天獄課 l.3 「傳中災劫煞，刑害轉生嗔」: the 刑害 among the 三傳 is read from the chart
    assert "trans_xinghai in 刑,害" in {c.text for c in by_id["天獄-002"].conditions}
    r = liuren.chart("甲午", "申", "巳").reading()
    assert "蒿矢-048" in {j.statement.id for j in r.applies}

    # 元首課 l.27 「果是得旺相否？有一果於是，則吉矣 … 若有不合則先動者被後應者所乘矣」: the 凶 of 「不合」 needs
    # the 初傳 not 旺相 (the mark of the chart among the four); the others (居長, 先動, …) stay open
    strong = liuren.chart("丙申", "午", "亥", month="寅").reading()  # 初傳 卯, 旺 in 寅月
    assert "元首-037" in {j.statement.id for j in strong.applies}
    assert "元首-039" not in {j.statement.id for j in (*strong.applies, *strong.open)}
    weak = liuren.chart("丙申", "午", "亥", month="申").reading()  # 卯 死 in 申月
    assert "元首-039" in {j.statement.id for j in weak.open}
    assert "元首-037" not in {j.statement.id for j in weak.applies}


CHECKED_MARKS = {
    # a mark the chapter names, now read from the chart, on a worked example whose chart shows it
    ("甲午", "申", "巳", None): {"天網-015"},  # 申 巳 寅: 太乙 (巳) among the 三傳, 天網課 l.43 「得太乙」
    ("甲戌", "卯", "亥", "午"): {"重審-050"},  # 初傳 戌 is the day branch, 重審課 l.111 「發用或是支神」
    ("辛亥", "寅", "亥", "寅"): {"元首-084"},  # 寅 刑 巳 among the 三傳 and 巳 火 克 辛 金 (元首課 l.47 「有刑剋」)
    ("丙申", "午", "亥", "寅"): {"元首-040"},  # 丑 (支上, 末傳) shares 戌's 土 under 初傳 卯: 「扶地盤之辰」
    # the 獨腳 example of 八專課 l.155, an 八專 day: 「陰陽不備」 (l.167), both sides by the default school
    ("己未", "酉", "亥", "寅"): {"八專-033", "八專-034", "八專-050", "八專-051"},
    # 無淫課 l.151, 十月 甲子 午時: 天魁 on 甲, 傳送 on 子, 「是為陽不與陰合」: the chapter's own 淫泆
    # (「日辰上下交相剋，三四陰陽不相得」, l.119) holds on its example, 六合 on the 初傳 戌 (「后合武陰用入傳」)
    ("甲子", "午", "寅", "亥"): {"淫泆-001", "淫泆-002", "淫泆-003", "淫泆-004", "淫泆-005", "淫泆-006"},
}


def test_the_marks_read_from_the_chart_apply_on_the_worked_examples():
    for (day, hour, general, month), ids in CHECKED_MARKS.items():
        r = liuren.chart(day, hour, general, month=month).reading()
        assert ids <= {j.statement.id for j in r.applies}, (day, ids - {j.statement.id for j in r.applies})
    # 八專's two lessons counted as neither side lacking: the four 不備 rows fall away, 「父子二俱足」 holds
    neither = liuren.chart("己未", "酉", "亥", month="寅", school=liuren.School(bazhuan_bubei="neither")).reading()
    held = {j.statement.id for j in neither.applies}
    assert "八專-021" in held and not held & CHECKED_MARKS[("己未", "酉", "亥", "寅")]


READ_ONCE_MORE = {
    # a text= condition read from the chart on a second pass, on a chart that shows it (the row's note cites the line)
    # 天獄課 l.19 「若日本不犯斗而生旺，雖囚死可解」: 初傳 申 金 囚 in 寅月, 天罡 over 丑 (日本 is 丙's 寅), 寅 木 旺
    ("丙申", "子", "卯", "寅"): {"天獄-021"},
    # 重審課 l.119: 妻財 卯 on 天后 over 戌, 六合 with 辛's 寄宮 戌 (「又與才爻相合」, read as l.111 reads the 合)
    ("辛巳", "子", "巳", "寅"): {"重審-065"},
    # 八專課 l.175 「厭醫合門元武當」: 六合 rides 午 over 卯, 玄武 rides 子 over 酉, the two 門 (勵德課 l.3)
    ("丁未", "子", "卯", "寅"): {"帷簿不修-010"},
    # 無淫課 l.99 「凶神刑獄淹」: a 不備 chart whose 用 戌 rides 玄武, a 凶將 (遙克課 l.15 「先看吉凶神」)
    ("甲子", "子", "戌", "寅"): {"無淫-005"},
}


def test_the_conditions_read_once_more_apply_where_the_chart_shows_them():
    for (day, hour, general, month), want in READ_ONCE_MORE.items():
        r = liuren.chart(day, hour, general, month=month).reading()
        assert want <= {j.statement.id for j in r.applies}, (day, hour, general)
    by_id = {s.id: s for s in statements()}
    assert not [sid for ids in READ_ONCE_MORE.values() for sid in ids if by_id[sid].open]
    # 重審-065 falls away where the 妻財 用 on 天后 over 子 戌 亥 does not combine with the stem: 午 and 壬's 亥
    beside = liuren.chart("壬午", "巳", "子", month="亥")
    init = beside.transmissions[0]
    assert (init.branch, init.general, beside.lesson_type) == ("午", "天后", "重審")
    read = beside.reading()
    assert "重審-065" not in {j.statement.id for j in (*read.applies, *read.open)}
    # 魄化課 l.135 「或人年命在魁罡蛇虎之下，無沖剋解救」: 天罡 over the 行年 卯; the 六處 (巳 午 未 申 酉 丑 辰)
    # hold no 木 to 克 it and no 戌 to 沖 it (死奇課 l.103 「六處有克沖救神」)
    fate = liuren.chart("乙巳", "卯", "辰", month="寅", nianming=("子", "卯"))
    assert "虎銜尸-009" in {j.statement.id for j in fate.reading().applies}
    rescued = liuren.chart("乙巳", "卯", "辰", month="寅", nianming=("丑", "卯"))  # 寅 over 本命 丑 克s 辰
    assert "虎銜尸-009" not in {j.statement.id for j in rescued.reading().applies}


def test_an_unpressed_day_birth_is_read_on_charts_that_are_not_tianyu():
    # 天獄-021 speaks of a 囚死 用 whose 日本 天罡 does not press: never a 天獄 chart, which has 斗 on 日本
    tianyu = applied = 0
    for month, hour, general in itertools.product("寅子", BRANCHES, BRANCHES):
        c = liuren.chart("乙酉", hour, general, month=month)  # the chapter's example day (天獄課 l.7 「乙木生亥」)
        ids = {j.statement.id for j in c.reading().applies}
        if "天獄" in {p.name for p in c.patterns}:
            tianyu += 1
            assert "天獄-021" not in ids, (month, hour, general)
        applied += "天獄-021" in ids
    assert tianyu and applied  # in 子月 亥 水 is 旺; in 寅月 it is 休 and the line never applies


def test_liuhe_at_one_gate_puts_xuanwu_at_the_other():
    # 「合門元武當」 (八專課 l.175): 六合 and 玄武 ride opposite branches, so 六合 on 卯 or 酉 puts 玄武 on the
    # other 門; and on the five 八專 days the 三傳 never carry both, the reading the row had before
    gates = {"卯": "酉", "酉": "卯"}
    for day in ("甲寅", "庚申", "丁未", "己未", "癸丑"):
        for hour in BRANCHES:
            for general in BRANCHES:
                c = liuren.chart(day, hour, general)
                over = {str(c.generals[str(b)]): str(b) for b in BRANCHES}  # general -> heaven branch
                earth = {name: str(BRANCHES[(BRANCHES.index(b) - c.offset) % 12]) for name, b in over.items()}
                if earth["六合"] in gates:
                    assert earth["玄武"] == gates[earth["六合"]], (day, hour, general)
                assert not {"六合", "玄武"} <= {str(t.general) for t in c.transmissions}, (day, hour, general)
