"""Detectors of the 魄化 and 殃咎 families (the chapter 魄化課·殃咎課).

Same contract as every detector module.
"""

from __future__ import annotations

from ..cycle import (
    BAIHU,
    BRANCH_ELEMENT,
    CHEN,
    GENERAL_ELEMENT,
    GENERAL_NAMES,
    JIGONG,
    STEM_ELEMENT,
    XU,
    YIN,
    conquers,
)
from ..lessons import ZEI
from . import shensha as ss
from .view import UNJUDGED, View, _b, _stem


# ---------------------------------------------------------------- 魄化
def _tiger(v: View) -> tuple[int, list[str]]:
    w = v.branch_of(BAIHU)
    where = [n for n, b in (("干上", v.u[0]), ("支上", v.u[2]), ("初傳", v.t[0])) if b == w]
    return w, where


def pohua(v: View) -> str | None:
    """魄化: 白虎 rides the month's 死神 or 死氣 as 干上 or 支上, or as 發用 (魄化課 l. 123, 《金匱》: 「白虎並死神，
    上迫日辰為魄化課」; verse l. 111 「死囚為白虎，來臨日用中」).

    「來臨日用中」 is read *either*: on 日/辰 or as the 用 (發用). The chapter's own example 二月甲戌寅時
    (l. 115, 「勝光為虎是真陰」) has 白虎 on 午 over the 支 while the 初傳 is 戌, so an "and" reading would
    fail it; the 《金匱》 sentence names 日辰 alone."""
    w, where = _tiger(v)
    if not where:
        return None
    if v.month is None:
        return UNJUDGED
    names = [n for n, b in (("死神", ss.death_spirit(v.month)), ("死氣", ss.death_qi(v.month))) if b == w]
    if not names:
        return None
    text = f"白虎 rides {_b(w)}, the {_b(v.month)} month's {' and '.join(names)}, as {' and '.join(where)}"
    if v.xn is not None and v.under(w) == v.xn:  # verse l. 111: 「行年同一位，患者命難留」
        text += "; it stands over the 行年 (行年同一位)"
    if v.xn is not None and v.over(v.xn) in (CHEN, XU):  # verse l. 115: 「行年若值魁罡上，身須逢害必災迍」
        text += f"; 魁罡 {_b(v.over(v.xn))} over the 行年 (行年若值魁罡上)"
    return text


def guihun(v: View) -> str | None:
    """魄化歸魂: 魄化 with 貴人 on 鬼門 (地盤 寅) and 白虎's branch held down (克) by its 陰神, the 干上, 支上 or a
    transmission (魄化課 l. 139: 「若貴人加鬼門，虎陰制虎神，日辰年命六處有沖剋…為魄化魂歸課」)."""
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
    """虎銜尸: the day's 墓 rides 白虎 as 發用, or 天罡 辰 is the day's 墓, is the month's 死神 and is 發用 (魄化課
    l. 135: 「如日墓乘白虎，或斗罡作日墓帶死神發用，為虎銜尸課」).

    The first clause asks for no 死神, 死氣 or 囚/死 (rules.md §6 added them; the chapter wins); only the
    second needs the month."""
    w, init, tomb = v.branch_of(BAIHU), v.t[0], ss.tomb_of_stem(v.s, v.school)
    if init == tomb == w:
        return f"白虎 rides the 初傳 {_b(w)}, the day's 墓 (日墓乘白虎)"
    if init == tomb == CHEN:
        if v.month is None:
            return UNJUDGED
        if ss.death_spirit(v.month) == CHEN:
            return f"天罡 辰, the day's 墓 and the {_b(v.month)} month's 死神, is 發用 (斗罡作日墓帶死神)"
    return None


def _places(v: View, b: int, with_fate: bool = True) -> list[str]:
    """Which of 日 (the 干's 寄宮), 辰, 本命 and 行年 the heaven branch ``b`` stands over."""
    sq = v.under(b)
    found = [n for n, x in (("日", JIGONG[v.s]), ("辰", v.z)) if x == sq]
    if with_fate:
        found += [n for n, x in (("本命", v.bm), ("行年", v.xn)) if x is not None and x == sq]
    return found


def xianshi(v: View) -> str | None:
    """銜尸: 白虎 on a branch that is the month's 死氣, or 休 or 囚, standing over the 年命, the 日 or the 辰, and 發用
    (魄化課 l. 143, 袁天罡: 「魄化課，虎在死氣休囚，臨人年命日辰發用，為銜尸，其凶尤甚」)."""
    w = v.branch_of(BAIHU)
    if v.t[0] != w:
        return None
    on = _places(v, w)
    if not on and v.bm is not None:
        return None
    if v.month is None:
        return UNJUDGED
    marks = (["死氣"] if w == ss.death_qi(v.month) else []) + [
        st for st in (ss.season_state(w, v.month, v.school),) if st in ("休", "囚")]
    if not marks:
        return None
    if not on:
        return UNJUDGED
    return f"白虎 rides the 初傳 {_b(w)} ({' and '.join(marks)} in the {_b(v.month)} month) over the {' and '.join(on)}"


def pozhi(v: View) -> str | None:
    """魄之: 白虎 on the month's 死神 or 死氣 standing over the person's 本命 or 行年 (魄化課 l. 143, 袁天罡: 「在人年命上，
    謂之魄之，極凶」)."""
    w = v.branch_of(BAIHU)
    if v.month is None:
        return UNJUDGED
    names = [n for n, b in (("死神", ss.death_spirit(v.month)), ("死氣", ss.death_qi(v.month))) if b == w]
    if not names:
        return None
    if v.bm is None:
        return UNJUDGED
    on = [n for n in _places(v, w) if n in ("本命", "行年")]
    return f"白虎 rides {_b(w)}, the {_b(v.month)} month's {' and '.join(names)}, over the {' and '.join(on)}" if on else None


def sang(v: View) -> str | None:
    """喪: the 本命 or 行年 branch is 囚 or 死 in the month and rides 白虎 (魄化課 l. 143, 袁天罡: 「如年命囚死，為死墓，
    乘虎，謂之喪」)."""
    w = v.branch_of(BAIHU)
    hit = None if v.bm is None else [n for n, b in (("本命", v.bm), ("行年", v.xn)) if b == w]
    if hit == []:
        return None
    if v.month is None:
        return UNJUDGED
    state = ss.season_state(w, v.month, v.school)
    if state not in ("囚", "死"):
        return None
    if hit is None:
        return UNJUDGED
    return f"the {' and '.join(hit)} {_b(w)} is {state} in the {_b(v.month)} month and rides 白虎"


# ---------------------------------------------------------------- 殃咎
def dike(v: View) -> str | None:
    """遞克: the 三傳 克 step by step onto the day — 初克中, 中克末, 末克日, or 末克中, 中克初, 初克日 (殃咎課 l. 147:
    己巳 巳申寅, 丙子 子未寅)."""
    e = [BRANCH_ELEMENT[b] for b in v.t]
    se = STEM_ELEMENT[v.s]
    a, m, z = (_b(b) for b in v.t)
    if conquers(e[0], e[1]) and conquers(e[1], e[2]) and conquers(e[2], se):
        return f"初 {a} 克 中 {m}, 中 克 末 {z}, 末 克 {_stem(v)}"
    if conquers(e[2], e[1]) and conquers(e[1], e[0]) and conquers(e[0], se):
        return f"末 {z} 克 中 {m}, 中 克 初 {a}, 初 克 {_stem(v)}"
    return None


def jiake(v: View) -> str | None:
    """夾克: the 初傳 is 克'd both by the square it stands on and by the general riding it (殃咎課 l. 151: 壬子 午加亥
    乘元武, 「上下夾克」)."""
    init, g = v.t[0], v.tg[0]
    sq = v.under(init)
    if conquers(BRANCH_ELEMENT[sq], BRANCH_ELEMENT[init]) and conquers(GENERAL_ELEMENT[g], BRANCH_ELEMENT[init]):
        return f"初傳 {_b(init)} stands on {_b(sq)}, which 克s it, and rides {GENERAL_NAMES[g]}, which 克s it"
    return None


def neizhan(v: View) -> str | None:
    """內戰: the 初傳's branch 克s the general riding it (神克將; 殃咎課 l. 155, 己酉 酉 六合; 大全 reading of 神/將).
    A mark of the 初傳 alone; it is 殃咎 only as :func:`yangjiu` says."""
    if conquers(BRANCH_ELEMENT[v.t[0]], GENERAL_ELEMENT[v.tg[0]]):
        return f"初傳 {_b(v.t[0])} 克s its general {GENERAL_NAMES[v.tg[0]]} (神克將)"
    return None


def waizhan(v: View) -> str | None:
    """外戰: the general riding the 初傳 克s its branch (將克神; 殃咎課 l. 151, 庚午 戌 六合). A mark of the 初傳
    alone; it is 殃咎 only as :func:`yangjiu` says."""
    if conquers(GENERAL_ELEMENT[v.tg[0]], BRANCH_ELEMENT[v.t[0]]):
        return f"{GENERAL_NAMES[v.tg[0]]} 克s the 初傳 {_b(v.t[0])} it rides (將克神)"
    return None


def chengmu(v: View) -> str | None:
    """日干乘墓: the day stem's 墓 is the 干上神 (殃咎課 l. 147 「或日干乘墓」; l. 163 「墓神覆日之為天羅自裹」).

    The 干's only: rules.md §6 also counted the 支's 墓 on the 支; the chapter names the 日干."""
    if v.u[0] == ss.tomb_of_stem(v.s, v.school):
        return f"{_stem(v)}'s 墓 {_b(v.u[0])} stands on the 干"
    return None


def zuomu(v: View) -> str | None:
    """干支坐墓: the 干 (its 寄宮 on the heaven plate) and the 支 both stand on their own 墓 squares (殃咎課 l. 155:
    「壬申日亥加辰，申加丑，為干支坐墓」; 「丙寅日，干加戌，支加未，亦為干支坐墓」). Both, as both examples have it.
    When both 墓 are 旬空 the evidence adds l. 163 「如干支逢墓，二處逢空，可解」."""
    jig = JIGONG[v.s]
    a, b = v.under(jig), v.under(v.z)
    if a == ss.tomb_of_stem(v.s, v.school) and b == ss.tomb_of_branch(v.z, v.school):
        void = {x.ordinal for x in v.chart.void}
        eased = " (both 墓 are 旬空: 二處逢空，可解)" if {a, b} <= void else ""
        return f"{_stem(v)} ({_b(jig)}) stands on its 墓 {_b(a)}; {_b(v.z)} stands on its 墓 {_b(b)}{eased}"
    return None


def _war(b: int, g: int) -> str | None:
    if conquers(BRANCH_ELEMENT[b], GENERAL_ELEMENT[g]):
        return "內戰"
    if conquers(GENERAL_ELEMENT[g], BRANCH_ELEMENT[b]):
        return "外戰"
    return None


def _generals_at_war(v: View) -> str | None:
    wars = [_war(b, g) for b, g in zip(v.t, v.tg, strict=True)]
    if v.school.yangjiu_war == "initial":
        return f"神將相戰: 初傳 {_b(v.t[0])} and {GENERAL_NAMES[v.tg[0]]} ({wars[0]})" if wars[0] else None
    if all(wars):
        pairs = ", ".join(f"{_b(b)} {GENERAL_NAMES[g]} {w}" for b, g, w in zip(v.t, v.tg, wars, strict=True))
        return f"神將相戰 across the 三傳 ({pairs})"
    below = any(lesson.upper.ordinal == v.t[0] and lesson.kind == ZEI for lesson in v.chart.lessons)
    if wars[0] and below:
        how = "夾克: 克'd from below and by its general" if wars[0] == "外戰" else "內戰: it 克s its general"
        return f"神將相戰: the 初傳 {_b(v.t[0])} is 下賊上 and at war with {GENERAL_NAMES[v.tg[0]]} ({how})"
    return None


def yangjiu(v: View) -> str | None:
    """殃咎: 三傳剋日 (a 遞克 chain onto the day, or all three 傳 克 the day stem), 神將相戰 (every 傳 at war with its
    general, or the 初傳 at war while it is 下賊上), 日干乘墓, or 干支坐墓 (殃咎課 l. 147: 「三傳剋日，神將相戰，或日干
    乘墓，為殃咎課」).

    The chapter's examples decide (l. 147–155): 遞克 己巳 巳申寅 and 丙子 子未寅; 神將相戰 in all three 傳 己酉
    酉丑巳 (內戰) and 庚午 戌午寅 夜 (外戰); the 初傳 下克上 and at war: 丁巳 乘六合 (內戰) and 壬子 午加亥 乘元武
    (夾克); 干支坐墓 壬申 and 丙寅 (both 干 and 支). A lone 內戰 or 外戰 of the 初傳 (rules.md §6's reading, which
    made 818 of 1,440 charts 殃咎) is ``School(yangjiu_war="initial")``; the chapter's 丁酉 亥卯未 貴常勾, whose only
    war is the 初傳's 外戰, is 殃咎 under that reading only. The page names the 本命 only in a remedy (l. 163
    「宜本醮禱本命星辰」), never in a condition, so 殃咎 does not judge the 年命."""
    marks = []
    chain = dike(v)
    if chain:
        marks.append(f"三傳剋日: 遞克 ({chain})")
    elif all(conquers(BRANCH_ELEMENT[b], STEM_ELEMENT[v.s]) for b in v.t):
        marks.append(f"三傳剋日: 初 {_b(v.t[0])}, 中 {_b(v.t[1])} and 末 {_b(v.t[2])} all 克 {_stem(v)}")
    war = _generals_at_war(v)
    if war:
        marks.append(war)
    for name, f in (("日干乘墓", chengmu), ("干支坐墓", zuomu)):
        ev = f(v)
        if ev:
            marks.append(f"{name} ({ev})")
    return "; ".join(marks) or None
