"""The reference cards: every value is the engine's own for that input, in every language."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from liuren import ParseError, School
from liuren.almanac import TERM_NAMES, general_of_term, pillars
from liuren.cycle import BRANCH_ANIMALS, BRANCHES, JIGONG, PILLARS, SPIRIT_NAMES, STEMS, VOID_PAIRS
from liuren.generals import noble_branch
from liuren.patterns.shensha import STAGES, death_qi, death_spirit, element_state, life_qi, stage, tomb_of_stem
from liuren.school import NOBLE_TABLES
from liuren.show.cards import CARD_NAMES, NOBLE_VERSE_A, card, monthly_steps, verse_pairs
from liuren.show.labels import LANGUAGES

SCHOOLS = (School(), School.preset("tanyuan"), School.preset("daquan"), School(tomb="water", changsheng="stem"))


def test_the_noble_card_is_both_tables_by_day_and_night():
    c = card("noble", "zh")
    assert len(c.rows) == 10
    for s, row in zip(STEMS, c.rows, strict=True):
        assert row[0] == s
        expected = [BRANCHES[NOBLE_TABLES[t][s.ordinal][n]] for t in ("A", "B") for n in (0, 1)]
        assert list(row[1:]) == expected
        assert row[1] == BRANCHES[noble_branch(s.ordinal, True, School())]
    assert c.rows[0] == ("甲", "丑", "未", "未", "丑")  # 甲戊庚牛羊 (A) and 甲羊戊庚牛 (B)
    assert "「甲戊庚牛羊，乙己鼠猴鄉，丙丁豬雞位，壬癸兔蛇藏，六辛逢馬虎，此是貴人方」" in c.notes[0]
    assert "《六壬粹言》" in c.notes[0] and "「甲羊戊庚牛」" in c.notes[1]
    assert "亥子丑寅卯辰" in c.notes[-1] and "巳午未申酉戌" in c.notes[-1] and "順" in c.notes[-1]


def test_the_noble_verse_is_the_tables():
    """The verse's two animals are each stem's 晝 and 夜 noble under table A, and under table B too (B
    swaps them for 甲乙丙辛壬); the card says which animal is the 晝 noble (the first, but 壬癸 the second)."""
    animal = dict(zip(BRANCHES, BRANCH_ANIMALS, strict=True))
    pairs = verse_pairs(NOBLE_VERSE_A)
    assert sorted(pairs) == sorted(str(s) for s in STEMS)
    for s in STEMS:
        for table in ("A", "B"):
            day, night = NOBLE_TABLES[table][s.ordinal]
            assert sorted(pairs[str(s)]) == sorted(animal[BRANCHES[day]] + animal[BRANCHES[night]]), (s, table)
    late = [str(s) for s in STEMS if pairs[str(s)][0] != animal[BRANCHES[NOBLE_TABLES["A"][s.ordinal][0]]]]
    assert late == ["壬", "癸"]
    ko = card("noble", "ko")
    assert "壬癸만 뒤 짐승이 주귀" in ko.notes[0]
    assert "甲羊 乙猴 丙雞 丁豬 戊牛 己鼠 庚牛 辛虎 壬兔 癸蛇" in ko.notes[1]
    assert "子鼠 丑牛 寅虎" in ko.notes[2]


def test_the_month_general_card_follows_the_terms():
    for school in (School(), School(yuejiang_switch="jie")):
        rows = card("yuejiang", "zh", school).rows
        switch = school.yuejiang_switch
        assert len(rows) == 12 and len({r[1] for r in rows}) == 12
        for term, general, spirit in rows:
            number = TERM_NAMES.index(term)
            assert number % 2 == (0 if switch == "zhongqi" else 1)
            assert general == general_of_term(number, switch)
            assert spirit == SPIRIT_NAMES[BRANCHES.index(general)]
    assert card("yuejiang", "zh").rows[0] == ("雨水", "亥", "登明")
    assert card("yuejiang", "zh").rows[-1] == ("大寒", "子", "神后")


def test_the_lodging_and_void_cards_are_the_cycle_tables():
    assert [r[1] for r in card("jigong", "zh").rows] == [BRANCHES[j] for j in JIGONG]
    assert [r[0] for r in card("jigong", "zh").rows] == list(STEMS)
    rows = card("void", "zh").rows
    assert [r[0] for r in rows] == ["甲子", "甲戌", "甲申", "甲午", "甲辰", "甲寅"]
    for head, void in rows:
        pillar = PILLARS[[str(p) for p in PILLARS].index(head)]
        assert void == "".join(VOID_PAIRS[pillar.branch.ordinal]) == "".join(pillar.void)
    assert rows[0] == ("甲子", "戌亥")


@pytest.mark.parametrize("school", SCHOOLS, ids=lambda s: s.name + str(s.option_tokens()))
def test_the_stage_card_is_the_school_stage_and_tomb(school):
    c = card("changsheng", "zh", school)
    assert c.header[1:13] == STAGES
    for s, row in zip(STEMS, c.rows, strict=True):
        for name, branch in zip(STAGES, row[1:13], strict=True):
            assert stage(s.ordinal, BRANCHES.index(branch), school) == name
        assert row[13] == BRANCHES[tomb_of_stem(s.ordinal, school)]


@pytest.mark.parametrize("school", (School(), School(wangxiang="season")), ids=("month", "season"))
def test_the_seasonal_card_is_element_state(school):
    rows = card("wangxiang", "zh", school).rows
    assert [r[0] for r in rows] == [BRANCHES[(2 + k) % 12] for k in range(12)]
    for row in rows:
        m = BRANCHES.index(row[0])
        assert list(row[1:]) == [element_state(e, m, school) for e in range(5)]
    earth_rules = {r[0] for r in rows if r[3] == "旺"}
    assert earth_rules == ({"辰", "未", "戌", "丑"} if school.wangxiang == "month" else set())


def test_the_monthly_card_is_the_shensha_functions():
    rows = card("monthly", "zh").rows
    assert card("monthly", "zh").header[1:] == ("死神", "死氣", "生氣")
    for row in rows:
        m = BRANCHES.index(row[0])
        assert row[1:] == (BRANCHES[death_spirit(m)], BRANCHES[death_qi(m)], BRANCHES[life_qi(m)])
    assert rows[0] == ("寅", "巳", "午", "子")
    assert monthly_steps() == (3, 4, 2)
    for row in rows:
        m = BRANCHES.index(row[0])
        assert [BRANCHES.index(x) for x in row[1:]] == [(m + 3) % 12, (m + 4) % 12, (m - 2) % 12]
    ko = card("monthly", "ko").notes[1]
    assert "3칸 앞" in ko and "4칸 앞" in ko and "2칸 뒤" in ko and "사기(死奇)" in ko  # the homophone warned of
    assert "前三辰" in card("monthly", "zh").notes[1]


@pytest.mark.parametrize("school", SCHOOLS, ids=lambda s: s.name + str(s.option_tokens()))
def test_the_earth_conventions_are_named_as_conventions(school):
    """土's 長生/墓 and 土旺 are conventions: the cards say so, and say when 戊己's 墓 stage is not their 日墓."""
    for lang, word in (("ko", "관례"), ("zh", "約定"), ("en", "convention")):
        stage_card = card("changsheng", lang, school)
        assert word in stage_card.notes[0] and word in card("wangxiang", lang, school).notes[0]
        wu = stage_card.rows[STEMS.index("戊")]
        differs = wu[1 + STAGES.index("墓")] != wu[-1]
        assert (len(stage_card.notes) == 2) == differs
    assert len(card("changsheng", "ko").notes) == 2  # the default: 戊 born in 申 (墓 辰) but its 日墓 is 戌


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_renders_in_every_language(lang):
    for name in CARD_NAMES:
        c = card(name, lang)
        html, text = c._repr_html_(), c.text()
        assert html.startswith('<div class="liuren-paper"') and c.title in html
        assert text.splitlines()[0] == c.title and str(c) == text
        assert all(len(row) == len(c.header) for row in c.rows)
        for row in c.rows:
            assert "  ".join(row) in text
    assert card("void", lang).rows == card("void", "zh").rows


def test_a_card_takes_a_preset_name_and_refuses_a_bad_name():
    assert card("changsheng", "zh", "tanyuan") == card("changsheng", "zh", School.preset("tanyuan"))
    with pytest.raises(
        ParseError, match="accepted: noble, yuejiang, jigong, void, changsheng, wangxiang, monthly, jieqi"
    ):
        card("nobel")
    with pytest.raises(ParseError, match="accepted: zh, ko, en"):
        card("void", lang="fr")


# ---------------------------------------------------------------- the solar terms of a year
def _at(year: int, text: str, zone: str) -> datetime:
    """The card's ``MM-DD HH:MM`` of ``year`` on the clock of ``zone``."""
    return datetime.strptime(f"{year}-{text}", "%Y-%m-%d %H:%M").replace(tzinfo=ZoneInfo(zone))


def test_the_solar_term_card_of_2026_in_seoul():
    c = card("jieqi", "zh", year=2026)
    assert c.title == "2026年 二十四節氣" and len(c.rows) == 24
    assert [r[0] for r in c.rows] == [TERM_NAMES[(1 + k) % 24] for k in range(24)]  # 小寒 … 冬至
    # the instants the almanac gives (寿星天文历), on the Seoul clock, seconds dropped
    assert c.rows[2] == ("立春", "節", "02-04 05:02", "寅", "—")
    assert c.rows[3] == ("雨水", "中氣", "02-19 00:51", "—", "亥")
    assert c.rows[-1] == ("冬至", "中氣", "12-22 05:50", "—", "丑")
    assert [r[3] for r in c.rows[::2]] == [BRANCHES[(1 + k) % 12] for k in range(12)]  # 小寒 丑 … 大雪 子
    assert [r[4] for r in c.rows[1::2]] == [BRANCHES[(12 - k) % 12] for k in range(12)]  # 大寒 子, 雨水 亥 …
    assert "2025-02-03 23:10" in c.notes[-1] and "2026-02-04 05:02" in c.notes[-1]


@pytest.mark.parametrize("zone", ("Asia/Seoul", "America/New_York", "Europe/London", "Asia/Kolkata"))
@pytest.mark.parametrize("year", (1900, 1984, 2026, 2100))
def test_each_term_on_the_card_is_the_minute_the_almanac_changes_month_and_general(year, zone):
    """A minute before the card's time the almanac is still in the previous term; a minute after it, in
    this one, with the card's 月建 (節) or 月將 (中氣): the card is the almanac, on the zone's clock."""
    for row in card("jieqi", "en", year=year, zone=zone).rows:
        term, kind, when, month, general = row
        at = _at(year, when, zone)
        before, after = pillars(at - timedelta(minutes=1)), pillars(at + timedelta(minutes=1))
        assert before.term != term and after.term == term, (year, zone, row)
        assert after.term_at.replace(second=0) == at
        if kind == "節":
            assert after.month_branch == month and before.month_branch != month and general == "—"
        else:
            assert after.general == general and before.general != general and month == "—"


def test_under_the_jie_switch_the_general_changes_at_the_jie():
    rows = card("jieqi", "zh", School(yuejiang_switch="jie"), year=2026).rows
    for _term, kind, when, _month, general in rows:
        assert (general == "—") == (kind == "中氣")
        if kind == "節":
            at = _at(2026, when, "Asia/Seoul") + timedelta(minutes=1)
            assert pillars(at, school=School(yuejiang_switch="jie")).general == general
    assert "節" in card("jieqi", "zh", School(yuejiang_switch="jie"), year=2026).notes[1]


@settings(max_examples=30, deadline=None)
@given(st.integers(1900, 2100), st.integers(-12 * 4, 14 * 4))
def test_a_terms_instant_is_the_same_on_any_clock(year, quarters):
    """The card writes one instant on different clocks: the times differ by the zones' offsets only (whole
    minutes here; Seoul's clock of 1900, local mean time, was 8:27:52 ahead of UTC)."""
    zone = timezone(timedelta(minutes=15 * quarters))
    utc = card("jieqi", "zh", year=year, zone="UTC").rows
    there = card("jieqi", "zh", year=year, zone=zone).rows
    for a, b in zip(utc, there, strict=True):
        assert a[0] == b[0] and a[3:] == b[3:]
        ta, tb = _at(year, a[2], "UTC"), _at(year, b[2], "UTC").replace(tzinfo=zone)
        assert ta.astimezone(UTC) == tb.astimezone(UTC)


def test_the_solar_term_card_refuses_a_bad_year_or_zone():
    for bad in (1899, 2101, "2026", 2026.0, True, None.__class__):
        with pytest.raises(ParseError, match="accepted: an integer 1900–2100"):
            card("jieqi", year=bad)  # type: ignore[arg-type]
    with pytest.raises(ParseError, match="not a known timezone"):
        card("jieqi", year=2026, zone="Asia/Seol")
    with pytest.raises(ParseError, match="not a timezone"):
        card("jieqi", year=2026, zone=9)  # type: ignore[arg-type]
    with pytest.raises(ParseError, match="for the jieqi card only"):
        card("void", year=2026)
    # no year: this year on the zone's clock
    assert card("jieqi", "zh").title == f"{datetime.now(ZoneInfo('Asia/Seoul')).year}年 二十四節氣"
