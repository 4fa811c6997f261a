"""Detectors of the named patterns: each reads a :class:`View` of a chart and returns the evidence.

A detector returns a sentence naming what made the pattern fire (lessons, transmissions, plate
squares, generals, 神煞), ``UNJUDGED`` when only the missing month branch could decide, or None.
The registry with names, conditions and sources is :mod:`liuren.patterns`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import shensha as ss
from .cycle import (
    BRANCH_CHARS,
    BRANCH_ELEMENT,
    GENERAL_NAMES,
    HAI,
    JIGONG,
    STEM_CHARS,
    STEM_ELEMENT,
    XING,
    conquers,
)
from .generals import branch_of, general_index

if TYPE_CHECKING:
    from .chart import Chart

UNJUDGED = "unjudged"
"""What a detector returns when only the month branch, which the chart lacks, could decide."""

GOOD_GENERALS = frozenset((0, 3, 5, 8, 10, 11))
"""吉將: 貴人, 六合, 青龍, 太常, 太陰, 天后 (rules.md §6, 三光)."""


class View:
    """A chart as the integers the detectors compare (built once per chart)."""

    __slots__ = ("chart", "d", "fwd", "hour", "month", "nb", "noble_square", "s", "school", "t", "tg", "u", "year", "z")

    def __init__(self, chart: Chart) -> None:
        self.chart = chart
        self.s = chart.day.stem.index
        self.z = chart.day.branch.index
        self.d = chart.plate.offset
        self.u = tuple(lesson.upper.index for lesson in chart.lessons)
        self.t = tuple(t.branch.index for t in chart.transmissions)
        self.tg = tuple(t.general.index for t in chart.transmissions)
        self.nb = chart.noble_branch.index
        self.fwd = chart.generals_forward
        self.noble_square = (self.nb - self.d) % 12
        self.hour = chart.hour.index
        self.month = None if chart.month is None else chart.month.index
        self.year = None if chart.year is None else chart.year.index
        self.school = chart.school

    def general(self, b: int) -> int:
        """Index of the general riding heaven branch ``b`` (0 = 貴人)."""
        return general_index(b, self.nb, self.fwd)

    def branch_of(self, g: int) -> int:
        """Heaven branch ridden by general index ``g``."""
        return branch_of(g, self.nb, self.fwd)

    def side(self, b: int) -> int:
        """1 when ``b`` stands in front of the 貴人 (蛇雀合勾青), −1 behind (空虎常玄陰后), 0 on it (指南; rules.md §3.3)."""
        g = self.general(b)
        return 0 if g == 0 else (1 if g <= 5 else -1)

    def under(self, b: int) -> int:
        """地盤 square under heaven branch ``b``."""
        return (b - self.d) % 12


def _b(i: int) -> str:
    return BRANCH_CHARS[i % 12]


def _bs(items) -> str:
    return " ".join(_b(i) for i in items)


def _stem(v: View) -> str:
    return STEM_CHARS[v.s]


# ---------------------------------------------------------------- 勵德 (002)
def _lide(v: View) -> tuple[str, list[int]] | None:
    if v.noble_square not in (3, 9):
        return None
    side = [v.side(u) for u in v.u]
    words = {1: "in front", -1: "behind it", 0: "on the 貴人 itself"}

    def group(label: str, lessons: tuple[int, int]) -> str:
        a, b = lessons
        if side[a] == side[b]:
            return f"{label} {_b(v.u[a])} {_b(v.u[b])} {words[side[a]]}"
        return f"{label} {_b(v.u[a])} {words[side[a]]} and {_b(v.u[b])} {words[side[b]]}"

    text = f"貴人 rides {_b(v.nb)} on 地盤 {_b(v.noble_square)} (日月之門); {group('陽神', (0, 2))}, {group('陰神', (1, 3))}"
    return text, side


def lide(v: View) -> str | None:
    """勵德: 貴人 stands on 地盤 卯 or 酉, the gates of sun and moon (002 《金匱經》; rules.md §6)."""
    found = _lide(v)
    return found and found[0]


def weifu(v: View) -> str | None:
    """微服: 勵德 with the 陰神 and 陽神 of 日 and 辰 all behind the 貴人 (002 袁天罡)."""
    found = _lide(v)
    if found and all(s == -1 for s in found[1]):
        return f"{found[0]}: all four lesson uppers {_bs(v.u)} stand behind the 貴人"
    return None


def cuotuo(v: View) -> str | None:
    """蹉跎: 勵德 with the 陰神 and 陽神 of 日 and 辰 all in front of the 貴人 (002 又曰)."""
    found = _lide(v)
    if found and all(s == 1 for s in found[1]):
        return f"{found[0]}: all four lesson uppers {_bs(v.u)} stand in front of the 貴人"
    return None


# ---------------------------------------------------------------- 贅婿 (002)
def zhuixu(v: View) -> str | None:
    """贅婿: the day stem 克s the day branch, the 支 stands on the 干 (or the 干 on the 支) and is 發用 (002 孔明; 指南)."""
    if not conquers(STEM_ELEMENT[v.s], BRANCH_ELEMENT[v.z]):
        return None
    jig = JIGONG[v.s]
    init = v.t[0]
    if v.u[0] == v.z and init == v.z:
        return f"{STEM_CHARS[v.s]} 克 {_b(v.z)}; the day branch {_b(v.z)} stands on the 干 ({STEM_CHARS[v.s]} lodged at {_b(jig)}) and is 發用"
    if v.u[2] == jig and init == jig and jig != v.z:
        return f"{STEM_CHARS[v.s]} 克 {_b(v.z)}; the 干's lodging {_b(jig)} stands on the 支 {_b(v.z)} and is 發用"
    return None


def dangquan(v: View) -> str | None:
    """贅婿當權: 贅婿 whose 中 or 末傳 is a rescuer (克s the 初傳 or produces the day) ridden by a good general (002 袁天罡 and verse)."""
    base = zhuixu(v)
    if base is None:
        return None
    for pos, name in ((1, "中傳"), (2, "末傳")):
        b, g = v.t[pos], v.tg[pos]
        e = BRANCH_ELEMENT[b]
        rescue = conquers(e, BRANCH_ELEMENT[v.t[0]]) or (e + 1) % 5 == STEM_ELEMENT[v.s]
        if rescue and g in GOOD_GENERALS:
            how = f"克s the 初傳 {_b(v.t[0])}" if conquers(e, BRANCH_ELEMENT[v.t[0]]) else f"produces {STEM_CHARS[v.s]}"
            return f"{base}; the {name} {_b(b)} {how} and rides {GENERAL_NAMES[g]} (吉將)"
    return None


# ---------------------------------------------------------------- 無淫 / 不備 (002)
def bubei(v: View) -> str | None:
    """不備: fewer than four distinct lessons, judged by the school's 不備 test (rules.md §2.5; 002 邵氏)."""
    keys = v.chart.lesson_identities
    if v.chart.distinct_lessons == 4:
        return None
    order = (0, 1, 2, 3) if v.s % 2 == 0 else (2, 3, 0, 1)
    kept: list[int] = []
    same: list[str] = []
    for i in order:
        first = next((j for j in kept if keys[j] == keys[i]), None)
        if first is None:
            kept.append(i)
        else:
            same.append(f"lesson {i + 1} repeats lesson {first + 1}")
    yang = sum(1 for i in kept if i in (0, 2))
    kind = {(2, 1): "陰不備 (two 陽, one 陰)", (1, 2): "陽不備 (two 陰, one 陽)"}.get(
        (yang, len(kept) - yang), f"only {len(kept)} distinct lessons"
    )
    side = "干" if v.s % 2 == 0 else "支"
    return f"{'; '.join(same)}; counted from the {side} side: {kind}"


def wuyin(v: View) -> str | None:
    """無淫 (蕪淫): 不備 with a 克 among the lessons, or 干上神 克s the 支 while 支上神 克s the 干 (交互相克) (002; rules.md §6)."""
    reasons = []
    if v.chart.distinct_lessons < 4 and any(lesson.kind for lesson in v.chart.lessons):
        kinds = ", ".join(f"lesson {i + 1} {lesson.kind}" for i, lesson in enumerate(v.chart.lessons) if lesson.kind)
        reasons.append(f"不備 with {kinds}")
    a, b = v.u[0], v.u[2]
    if conquers(BRANCH_ELEMENT[a], BRANCH_ELEMENT[v.z]) and conquers(BRANCH_ELEMENT[b], STEM_ELEMENT[v.s]):
        reasons.append(
            f"交互相克: 干上 {_b(a)} 克s the 支 {_b(v.z)} and 支上 {_b(b)} 克s the 干 {STEM_CHARS[v.s]}"
        )
    return "; ".join(reasons) or None


def yinyi(v: View) -> str | None:
    """淫泆: the 初傳 is 卯 or 酉 and rides 天后 or 六合 (大全 淫泆課; rules.md §6)."""
    if v.t[0] in (3, 9) and v.tg[0] in (3, 11):
        return f"初傳 {_b(v.t[0])} (a 門 of 日月) rides {GENERAL_NAMES[v.tg[0]]}"
    return None


def jiaotong(v: View) -> str | None:
    """狡童: 六合 rides the 初傳 and 天后 the 末傳 (大全 淫泆課; rules.md §6)."""
    if v.tg[0] == 3 and v.tg[2] == 11:
        return f"六合 rides the 初傳 {_b(v.t[0])}, 天后 the 末傳 {_b(v.t[2])}"
    return None


def yinu(v: View) -> str | None:
    """泆女: 天后 rides the 初傳 and 六合 the 末傳 (大全 淫泆課; rules.md §6)."""
    if v.tg[0] == 11 and v.tg[2] == 3:
        return f"天后 rides the 初傳 {_b(v.t[0])}, 六合 the 末傳 {_b(v.t[2])}"
    return None




# ---------------------------------------------------------------- 天獄 (003)
def tianyu(v: View) -> str | None:
    """天獄: the 初傳 is 囚 or 死 in the month (or the day's 墓) and 天罡 辰 stands on the day stem's 日本 (長生) (003 孔明)."""
    root = ss.changsheng(v.s, v.school)
    if v.under(4) != root:
        return None
    init = v.t[0]
    head = f"天罡 辰 stands on {_stem(v)}'s 日本 (長生) {_b(root)}"
    why = []
    if v.month is not None:
        state = ss.season_state(init, v.month, v.school)
        if state in ("囚", "死"):
            why.append(f"{state} in the {_b(v.month)} month")
    if init == ss.tomb_of_stem(v.s, v.school):
        why.append("the day's 墓")
    if why:
        return f"初傳 {_b(init)} is {' and '.join(why)}; {head}"
    return UNJUDGED if v.month is None else None


def _virtue_marks(v: View) -> list[str]:
    marks = []
    if v.noble_square in (4, 10):
        marks.append(f"貴人 stands on 地盤 {_b(v.noble_square)} (審獄錄囚)")
    for label, b in (("日德", ss.DAY_VIRTUE[v.s]),) + ((("生氣", ss.life_qi(v.month)),) if v.month is not None else ()):
        where = [n for n, u in (("干上", v.u[0]), ("支上", v.u[2])) if u == b]
        if where:
            marks.append(f"{label} {_b(b)} stands {' and '.join(where)}")
    return marks


def qingping(v: View) -> str | None:
    """天獄清平: 天獄 with 貴人 on 地盤 辰 or 戌, or 日德 or 生氣 on the 干 or 支 (003 verse and 然辰為天罡 paragraph)."""
    base = tianyu(v)
    if base is None:
        return None
    marks = _virtue_marks(v)
    if base == UNJUDGED or (not marks and v.month is None):
        return UNJUDGED
    return f"{base}; {'; '.join(marks)}" if marks else None


def zhen_tianyu(v: View) -> str | None:
    """真天獄: 天獄 whose 中 or 末傳 is 災煞 or 劫煞, or 刑s or 害s the day branch (003 孔明: 中末再遇災劫刑害)."""
    base = tianyu(v)
    if base is None:
        return None
    marks = []
    for pos, b in (("中傳", v.t[1]), ("末傳", v.t[2])):
        if b == ss.calamity(v.z):
            marks.append(f"{pos} {_b(b)} is 災煞")
        if b == ss.robbery(v.z):
            marks.append(f"{pos} {_b(b)} is 劫煞")
        if XING[b] == v.z or XING[v.z] == b:
            marks.append(f"{pos} {_b(b)} and the 支 {_b(v.z)} are in 刑")
        if HAI[b] == v.z:
            marks.append(f"{pos} {_b(b)} 害s the 支 {_b(v.z)}")
    if not marks:
        return None
    return UNJUDGED if base == UNJUDGED else f"{base}; {'; '.join(marks)}"


# ---------------------------------------------------------------- 天網, 羅網 (003)
def tianwang(v: View) -> str | None:
    """天網 (天網四張): the 占時 and the 初傳 both 克 the day stem (003 袁天罡: 正時及用神剋日)."""
    se = STEM_ELEMENT[v.s]
    if conquers(BRANCH_ELEMENT[v.hour], se) and conquers(BRANCH_ELEMENT[v.t[0]], se):
        return f"the hour {_b(v.hour)} and the 初傳 {_b(v.t[0])} both 克 {_stem(v)}"
    return None


def jiewang(v: View) -> str | None:
    """解網: 天網 where the 中傳, 末傳 or 干上神 克s the 初傳 under a good general (003 verse: 天網卻逢中末救，日上之神克初傳)."""
    base = tianwang(v)
    if base is None:
        return None
    ie = BRANCH_ELEMENT[v.t[0]]
    for name, b, g in (("中傳", v.t[1], v.tg[1]), ("末傳", v.t[2], v.tg[2]), ("干上神", v.u[0], v.general(v.u[0]))):
        if conquers(BRANCH_ELEMENT[b], ie) and g in GOOD_GENERALS:
            return f"{base}; the {name} {_b(b)} 克s it under {GENERAL_NAMES[g]}"
    return None


def tianwang_sha(v: View) -> str | None:
    """天網煞 入傳: the month's 天網煞 (正月 亥, backwards through the 孟) is one of the three transmissions (003 孔明; 大全 天網課)."""
    if v.month is None:
        return UNJUDGED
    sha = ss.sky_net_sha(v.month)
    where = [n for n, b in zip(("初傳", "中傳", "末傳"), v.t, strict=True) if b == sha]
    return f"天網煞 of the {_b(v.month)} month is {_b(sha)}, the {' and '.join(where)}" if where else None


def luowang(v: View) -> str | None:
    """羅網: the 初傳 is the 天羅 (the square after 干 or 支) or 地網 (its 沖) and stands on the 干 or 支 (003 孔明)."""
    init = v.t[0]
    sky_s, sky_z = ss.sky_net_of_stem(v.s), ss.sky_net_of_branch(v.z)
    names = [n for n, b in (("天羅 of the 干", sky_s), ("地網 of the 干", ss.earth_net(sky_s)),
                            ("天羅 of the 支", sky_z), ("地網 of the 支", ss.earth_net(sky_z))) if b == init]
    on = [n for n, u in (("干", v.u[0]), ("支", v.u[2])) if u == init]
    if names and on:
        return f"初傳 {_b(init)} is the {' and '.join(names)} and stands on the {' and '.join(on)}"
    return None


# ---------------------------------------------------------------- 死奇 (003)
def siqi(v: View) -> str | None:
    """死奇: 天罡 辰 is the upper of one of the four lessons (日辰陰陽) and is 發用 (003 又曰: 斗罡繫日辰陰陽發用)."""
    if v.t[0] != 4 or 4 not in v.u:
        return None
    lessons = " and ".join(str(i + 1) for i, u in enumerate(v.u) if u == 4)
    square = v.under(4)
    worry = ("父母", "兄弟", "妻子")[(0 if square in (2, 5, 8, 11) else 1 if square in (0, 3, 6, 9) else 2)]
    return f"天罡 辰 is the upper of lesson {lessons} and is 發用; it stands on {_b(square)} (worry for {worry})"


def sanqi_si(v: View) -> str | None:
    """三奇死課: 死奇 with 天罡 riding over the 太歲 or the 月建 (003 象曰: 更乘歲月之上，為三奇死課).

    Fires when 辰 stands on the earth square of the year or month branch; when it stands on neither
    of the ones the chart knows and the other is missing, it cannot be ruled out (unjudged)."""
    base = siqi(v)
    if base is None:
        return None
    square = v.under(4)
    over = [n for n, b in (("太歲", v.year), ("月建", v.month)) if b == square]
    if over:
        return f"{base}; and 天罡 rides over the {' and '.join(over)} {_b(square)} (乘歲月之上)"
    return UNJUDGED if v.year is None or v.month is None else None


def siqi_huisheng(v: View) -> str | None:
    """死奇回生: 死奇 where the 月將 (日奇) is 辰 itself or appears among the lessons or transmissions (003: 有日奇反吉，更辰為月將)."""
    base = siqi(v)
    if base is None:
        return None
    g = v.chart.general.index
    if g == 4:
        return f"{base}; the 月將 is 辰 itself (辰為月將)"
    where = [n for n, bs in (("lessons", v.u), ("transmissions", v.t)) if g in bs]
    return f"{base}; the 月將 {_b(g)} (日奇) stands in the {' and '.join(where)}" if where else None
