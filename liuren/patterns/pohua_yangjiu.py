"""Detectors of the 魄化 and 殃咎 families (the chapter 魄化課·殃咎課).

Same contract as every detector module.
"""

from __future__ import annotations

from ..cycle import (
    BAIHU,
    BRANCH_ELEMENT,
    GENERAL_ELEMENT,
    GENERAL_NAMES,
    JIGONG,
    STEM_ELEMENT,
    YIN,
    conquers,
)
from . import shensha as ss
from .view import UNJUDGED, View, _b, _stem


# ---------------------------------------------------------------- 魄化 (003)
def _tiger(v: View) -> tuple[int, list[str]]:
    w = v.branch_of(BAIHU)
    where = [n for n, b in (("干上", v.u[0]), ("支上", v.u[2]), ("初傳", v.t[0])) if b == w]
    return w, where


def pohua(v: View) -> str | None:
    """魄化: 白虎 rides the month's 死神 or 死氣 on the 干 or 支, or as 發用 (003 《金匱》: 白虎並死神，上迫日辰; 「來臨日用中」)."""
    w, where = _tiger(v)
    if not where:
        return None
    if v.month is None:
        return UNJUDGED
    names = [n for n, b in (("死神", ss.death_spirit(v.month)), ("死氣", ss.death_qi(v.month))) if b == w]
    if not names:
        return None
    return f"白虎 rides {_b(w)}, the {_b(v.month)} month's {' and '.join(names)}, as {' and '.join(where)}"


def guihun(v: View) -> str | None:
    """魄化歸魂: 魄化 with 貴人 on 鬼門 (地盤 寅) and 白虎's branch held down (克) by its 陰神, the 干上, 支上 or a transmission (003)."""
    base = pohua(v)
    if base is None or v.noble_square != YIN:
        return None
    w = _tiger(v)[0]
    we = BRANCH_ELEMENT[w]
    above = (w + v.d) % 12
    holders = [f"{n} {_b(b)}" for n, b in (("虎陰", above), ("干上", v.u[0]), ("支上", v.u[2]), ("初傳", v.t[0]),
                                          ("中傳", v.t[1]), ("末傳", v.t[2])) if conquers(BRANCH_ELEMENT[b], we)]
    if not holders:
        return None
    return UNJUDGED if base == UNJUDGED else f"{base}; 貴人 on 鬼門 寅; {', '.join(holders)} 克 the 虎神 {_b(w)}"


def huxianshi(v: View) -> str | None:
    """虎銜尸: 白虎 rides the 初傳, which is the day's 墓 and is 死神, 死氣, 囚 or 死 in the month (003; 袁天罡)."""
    w = v.branch_of(BAIHU)
    tomb = ss.tomb_of_stem(v.s, v.school)
    if v.t[0] != w or w != tomb:
        return None
    if v.month is None:
        return UNJUDGED
    marks = [n for n, b in (("死神", ss.death_spirit(v.month)), ("死氣", ss.death_qi(v.month))) if b == w]
    state = ss.season_state(w, v.month, v.school)
    if state in ("囚", "死"):
        marks.append(state)
    if not marks:
        return None
    return f"白虎 rides the 初傳 {_b(w)}, the day's 墓, which is {' and '.join(marks)} in the {_b(v.month)} month"


# ---------------------------------------------------------------- 殃咎 (003)
def dike(v: View) -> str | None:
    """遞克: the 三傳 克 step by step onto the day — 初克中, 中克末, 末克日, or 末克中, 中克初, 初克日 (003 己巳, 丙子)."""
    e = [BRANCH_ELEMENT[b] for b in v.t]
    se = STEM_ELEMENT[v.s]
    a, m, z = (_b(b) for b in v.t)
    if conquers(e[0], e[1]) and conquers(e[1], e[2]) and conquers(e[2], se):
        return f"初 {a} 克 中 {m}, 中 克 末 {z}, 末 克 {_stem(v)}"
    if conquers(e[2], e[1]) and conquers(e[1], e[0]) and conquers(e[0], se):
        return f"末 {z} 克 中 {m}, 中 克 初 {a}, 初 克 {_stem(v)}"
    return None


def jiake(v: View) -> str | None:
    """夾克: the 初傳 is 克'd both by the square it stands on and by the general riding it (003 壬子 午加亥 玄武)."""
    init, g = v.t[0], v.tg[0]
    sq = v.under(init)
    if conquers(BRANCH_ELEMENT[sq], BRANCH_ELEMENT[init]) and conquers(GENERAL_ELEMENT[g], BRANCH_ELEMENT[init]):
        return f"初傳 {_b(init)} stands on {_b(sq)}, which 克s it, and rides {GENERAL_NAMES[g]}, which 克s it"
    return None


def neizhan(v: View) -> str | None:
    """內戰: the 初傳's branch 克s the general riding it (神克將; 003 己酉 酉 六合; 大全 reading of 神/將)."""
    if conquers(BRANCH_ELEMENT[v.t[0]], GENERAL_ELEMENT[v.tg[0]]):
        return f"初傳 {_b(v.t[0])} 克s its general {GENERAL_NAMES[v.tg[0]]} (神克將)"
    return None


def waizhan(v: View) -> str | None:
    """外戰: the general riding the 初傳 克s its branch (將克神; 003 庚午 戌 六合)."""
    if conquers(GENERAL_ELEMENT[v.tg[0]], BRANCH_ELEMENT[v.t[0]]):
        return f"{GENERAL_NAMES[v.tg[0]]} 克s the 初傳 {_b(v.t[0])} it rides (將克神)"
    return None


def chengmu(v: View) -> str | None:
    """干支乘墓: the day stem's 墓 is the 干上神, or the day branch's 墓 the 支上神 (墓神覆日; 003 象曰; rules.md §6)."""
    marks = []
    if v.u[0] == ss.tomb_of_stem(v.s, v.school):
        marks.append(f"{_stem(v)}'s 墓 {_b(v.u[0])} stands on the 干")
    if v.u[2] == ss.tomb_of_branch(v.z, v.school):
        marks.append(f"{_b(v.z)}'s 墓 {_b(v.u[2])} stands on the 支")
    return "; ".join(marks) or None


def zuomu(v: View) -> str | None:
    """干支坐墓: the 干 (its 寄宮 on the heaven plate) or the 支 stands on its own 墓 square (003 壬申 亥加辰 申加丑)."""
    marks = []
    jig = JIGONG[v.s]
    if v.under(jig) == ss.tomb_of_stem(v.s, v.school):
        marks.append(f"{_stem(v)} ({_b(jig)}) stands on its 墓 {_b(v.under(jig))}")
    if v.under(v.z) == ss.tomb_of_branch(v.z, v.school):
        marks.append(f"{_b(v.z)} stands on its 墓 {_b(v.under(v.z))}")
    return "; ".join(marks) or None


def yangjiu(v: View) -> str | None:
    """殃咎: any of 遞克, 夾克, 內戰, 外戰, 干支乘墓, 干支坐墓 (003: 三傳剋日，神將相戰，或日干乘墓; rules.md §6)."""
    found = [f"{name} ({ev})" for name, f in (("遞克", dike), ("夾克", jiake), ("內戰", neizhan), ("外戰", waizhan),
                                              ("干支乘墓", chengmu), ("干支坐墓", zuomu)) if (ev := f(v))]
    return "; ".join(found) or None
