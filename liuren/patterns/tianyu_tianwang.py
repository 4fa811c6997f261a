"""Detectors of the 天獄, 天網, 羅網 and 死奇 families (the chapter 天獄課·天網四張·羅網·死奇).

Same contract as every detector module: a :class:`~liuren.patterns.view.View` in, the evidence,
``UNJUDGED`` or None out.
"""

from __future__ import annotations

from ..cycle import (
    BAIHU,
    BRANCH_ELEMENT,
    CHEN,
    GENERAL_NAMES,
    HARM,
    MENG,
    STEM_ELEMENT,
    XING,
    XU,
    ZHONG,
    conquers,
)
from . import shensha as ss
from .pohua_yangjiu import pohua
from .view import GOOD_GENERALS, UNJUDGED, View, _b, _stem


# ---------------------------------------------------------------- 天獄 (003)
def tianyu(v: View) -> str | None:
    """天獄: the 初傳 is 囚 or 死 in the month (or the day's 墓) and 天罡 辰 stands on the day stem's 日本 (長生) (003 孔明)."""
    root = ss.changsheng(v.s, v.school)
    if v.under(CHEN) != root:
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
    if v.noble_square in (CHEN, XU):
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
        if HARM[b] == v.z:
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
    if v.t[0] != CHEN or CHEN not in v.u:
        return None
    lessons = " and ".join(str(i + 1) for i, u in enumerate(v.u) if u == CHEN)
    square = v.under(CHEN)
    worry = ("父母", "兄弟", "妻子")[(0 if square in MENG else 1 if square in ZHONG else 2)]
    return f"天罡 辰 is the upper of lesson {lessons} and is 發用; it stands on {_b(square)} (worry for {worry})"


def sanqi_si(v: View) -> str | None:
    """三奇死課: 死奇 with 天罡 riding over the 太歲 or the 月建 (003 象曰: 更乘歲月之上，為三奇死課).

    Fires when 辰 stands on the earth square of the year or month branch; when it stands on neither
    of the ones the chart knows and the other is missing, it cannot be ruled out (unjudged)."""
    base = siqi(v)
    if base is None:
        return None
    square = v.under(CHEN)
    over = [n for n, b in (("太歲", v.year), ("月建", v.month)) if b == square]
    if over:
        return f"{base}; and 天罡 rides over the {' and '.join(over)} {_b(square)} (乘歲月之上)"
    return UNJUDGED if v.year is None or v.month is None else None


def siqi_huisheng(v: View) -> str | None:
    """死奇回生: 死奇 where the 月將 (日奇) is 辰 itself or appears among the lessons or transmissions (003: 有日奇反吉，更辰為月將)."""
    base = siqi(v)
    if base is None:
        return None
    g = v.chart.general.ordinal
    if g == CHEN:
        return f"{base}; the 月將 is 辰 itself (辰為月將)"
    where = [n for n, bs in (("lessons", v.u), ("transmissions", v.t)) if g in bs]
    return f"{base}; the 月將 {_b(g)} (日奇) stands in the {' and '.join(where)}" if where else None


# ---------------------------------------------------------------- named severities inside 003's 天獄 and 天網 pages
def jiaozhan(v: View) -> str | None:
    """絞斬: 魄化 as the 用神 (白虎 on a 死神/死氣 初傳) in a 天獄 chart (003 天獄: 若魄化為用神，死囚繫日本，凶倍於天獄)."""
    if v.t[0] != v.branch_of(BAIHU):
        return None
    tiger, prison = pohua(v), tianyu(v)
    if tiger is None or prison is None:
        return None
    if UNJUDGED in (tiger, prison):
        return UNJUDGED
    return f"{tiger}; {prison}"


def ruwang(v: View) -> str | None:
    """入網: 天網 with 災煞 or 劫煞 of the day branch among the 三傳 (003 《金匱》: 傳見災劫，為之入網)."""
    base = tianwang(v)
    if base is None:
        return None
    marks = [f"{pos} {_b(b)} is {name}" for pos, b in zip(("初傳", "中傳", "末傳"), v.t, strict=True)
             for name, sha in (("災煞", ss.calamity(v.z)), ("劫煞", ss.robbery(v.z))) if b == sha]
    return f"{base}; {', '.join(marks)}" if marks else None
