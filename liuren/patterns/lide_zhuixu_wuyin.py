"""Detectors of the 勵德, 贅婿 and 無淫 families (the chapter 勵德課·贅婿課·無淫課), and 淫泆.

Each function reads a :class:`~liuren.patterns.view.View` and returns the evidence, ``UNJUDGED``
or None; the registry with names, conditions and sources is :mod:`liuren.patterns`.
"""

from __future__ import annotations

from ..cycle import (
    BRANCH_ELEMENT,
    CHEN,
    GENERAL_NAMES,
    HARM,
    JIGONG,
    LIUHE_GENERAL,
    MAO,
    STEM_CHARS,
    STEM_ELEMENT,
    TIANHOU,
    XING,
    XU,
    YOU,
    conquers,
)
from . import shensha as ss
from .view import GOOD_GENERALS, UNJUDGED, View, _b, _bs


# ---------------------------------------------------------------- 勵德
def _lide(v: View) -> tuple[str, list[int]] | None:
    if v.noble_square not in (MAO, YOU):
        return None
    side = [v.side(u) for u in v.u]
    words = {1: "in front", -1: "behind it", 0: "on the 貴人 itself", 2: "opposite it (天空, neither side)"}

    def group(label: str, lessons: tuple[int, int]) -> str:
        a, b = lessons
        if side[a] == side[b]:
            return f"{label} {_b(v.u[a])} {_b(v.u[b])} {words[side[a]]}"
        return f"{label} {_b(v.u[a])} {words[side[a]]} and {_b(v.u[b])} {words[side[b]]}"

    text = f"貴人 rides {_b(v.nb)} on 地盤 {_b(v.noble_square)} (日月之門); {group('陽神', (0, 2))}, {group('陰神', (1, 3))}"
    return text, side


def lide(v: View) -> str | None:
    """勵德: 貴人 stands on 地盤 卯 or 酉, the gates of sun and moon (勵德課 l. 19, 《金匱經》: 「日月之門，天乙臨之，勵德之名」).

    With a 年命 the evidence adds the same paragraph's warning 「忌魁罡年凶」 (魁 戌 or 罡 辰 over the 本命 or 行年)."""
    found = _lide(v)
    if not found:
        return None
    if v.bm is None or v.xn is None:
        return found[0]
    bad = [n for n, sq in (("本命", v.bm), ("行年", v.xn)) if v.over(sq) in (CHEN, XU)]
    return found[0] + (f"; 魁罡 over the {' and '.join(bad)} (忌魁罡年凶)" if bad else "")


def weifu(v: View) -> str | None:
    """微服: 勵德 with the 陰神 and 陽神 of 日 and 辰 all behind the 貴人 (勵德課 l. 35, 袁天罡: 「日辰陰陽在天乙後，
    名微服課」). 天空, opposite the 貴人, counts as behind (指南 前五後六); ``School(tiankong="neither")``
    puts it on neither side."""
    found = _lide(v)
    if found and all(s == -1 for s in found[1]):
        return f"{found[0]}: all four lesson uppers {_bs(v.u)} stand behind the 貴人"
    return None


def cuotuo(v: View) -> str | None:
    """蹉跎: 勵德 with the 陰神 and 陽神 of 日 and 辰 all in front of the 貴人 (勵德課 l. 31, 又曰: 「若日辰陰陽俱在
    天乙前…名蹉跎課」); a lesson upper under 天空 is behind by default, so it is never 蹉跎."""
    found = _lide(v)
    if found and all(s == 1 for s in found[1]):
        return f"{found[0]}: all four lesson uppers {_bs(v.u)} stand in front of the 貴人"
    return None


# ---------------------------------------------------------------- 贅婿
def zhuixu(v: View) -> str | None:
    """贅婿: the day stem 克s the day branch, the 支 stands on the 干 (or the 干 on the 支) and is 發用 (贅婿課 l. 59,
    孔明: 「凡值日干克辰，辰又加日為用，名贅婿課」; 指南)."""
    if not conquers(STEM_ELEMENT[v.s], BRANCH_ELEMENT[v.z]):
        return None
    jig = JIGONG[v.s]
    init = v.t[0]
    if v.u[0] == v.z and init == v.z:
        return f"{STEM_CHARS[v.s]} 克 {_b(v.z)}; the day branch {_b(v.z)} stands on the 干 ({STEM_CHARS[v.s]} lodged at {_b(jig)}) and is 發用"
    if v.u[2] == jig and init == jig and jig != v.z:
        return f"{STEM_CHARS[v.s]} 克 {_b(v.z)}; the 干's lodging {_b(jig)} stands on the 支 {_b(v.z)} and is 發用"
    return None


def _rescuer(v: View) -> str | None:
    for pos, name in ((1, "中傳"), (2, "末傳")):
        b, g = v.t[pos], v.tg[pos]
        e = BRANCH_ELEMENT[b]
        if g not in GOOD_GENERALS:
            continue
        if conquers(e, BRANCH_ELEMENT[v.t[0]]):
            return f"the {name} {_b(b)} 克s the 初傳 {_b(v.t[0])} and rides {GENERAL_NAMES[g]} (吉將)"
        if (e + 1) % 5 == STEM_ELEMENT[v.s]:
            return f"the {name} {_b(b)} produces {STEM_CHARS[v.s]} and rides {GENERAL_NAMES[g]} (吉將)"
    return None


def dangquan(v: View) -> str | None:
    """贅婿當權: 贅婿 whose 中 or 末傳 is a 救神 (克s the 初傳 or produces the day) under a good general, while the
    行年 has 氣 (旺 or 相 in the month) and the branch over it neither 刑s, 害s nor 克s it (贅婿課 l. 67, 袁天罡:
    「若中末有救，兼行年有氣，無刑害，有吉神良將，則為贅婿課當權格」; verse l. 87 「中傳末位得救神。行年有煞無刑剋」).

    Without the 年命 (or the month) it is unjudged. The chapter's own 甲戌 寅時戌將 example (l. 75) states no
    行年 and reads wholly negatively (「少將害老，室家相剋」): it is a plain 贅婿, not 當權."""
    base = zhuixu(v)
    rescue = base and _rescuer(v)
    if not rescue:
        return None
    if v.xn is None or v.month is None:
        return UNJUDGED
    state = ss.season_state(v.xn, v.month, v.school)
    up = v.over(v.xn)
    hurt = [w for w, bad in (("刑", XING[up] == v.xn), ("害", HARM[up] == v.xn),
                              ("克", conquers(BRANCH_ELEMENT[up], BRANCH_ELEMENT[v.xn]))) if bad]
    if state not in ("旺", "相") or hurt:
        return None
    return f"{base}; {rescue}; the 行年 {_b(v.xn)} is {state} in the {_b(v.month)} month and {_b(up)} over it does not 刑, 害 or 克 it"


# ---------------------------------------------------------------- 無淫 / 不備
def bubei(v: View) -> str | None:
    """不備: fewer than four distinct lessons, judged by the school's 不備 test (無淫課 l. 127, 邵氏; rules.md §2.5)."""
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


def _jiaohu(v: View) -> str | None:
    a, b = v.u[0], v.u[2]
    if conquers(BRANCH_ELEMENT[a], BRANCH_ELEMENT[v.z]) and conquers(BRANCH_ELEMENT[b], STEM_ELEMENT[v.s]):
        return f"交互相克: 干上 {_b(a)} 克s the 支 {_b(v.z)} and 支上 {_b(b)} 克s the 干 {STEM_CHARS[v.s]}"
    return None


def wuyin(v: View) -> str | None:
    """無淫 (蕪淫): every 不備 chart, or 日辰交互相剋 — 干上神 克s the 支 while 支上神 克s the 干 (無淫課 l. 123:
    「凡四課不備，名曰無淫課」, 孔明 「四課缺一，為不備；及日辰交互相剋，為無淫課」).

    The 克 decides how bad it is, not whether it fires (l. 143: 「陰陽不備，交克最嫌」 … 「凡得三課，又逢日辰交互
    相剋，最凶」 … 「若課不備，無克亦不為凶」); the evidence says which. This is where the chapter and rules.md §6
    (which asked for a 克) disagree: the chapter wins. 交互 is read across (干上 against 支, 支上 against 干),
    as the chapter's 甲子 example has it (「甲欲從子，畏傳送金，子欲從甲，畏河魁土」); 邵氏's 上神-against-上神
    phrasing cannot be mutual and the 又曰 chain 「上辰克辰辰剋日」 is not a second route here."""
    cross = _jiaohu(v)
    if v.chart.distinct_lessons == 4:
        return cross
    kinds = ", ".join(f"lesson {i + 1} {lesson.kind}" for i, lesson in enumerate(v.chart.lessons) if lesson.kind)
    if cross:
        return f"不備 and {cross}: the worst case (「凡得三課，又逢日辰交互相剋，最凶」)"
    if kinds:
        return f"不備 with {kinds} (「陰陽不備，交克最嫌」)"
    return "不備 without a 克: not 凶, only delay (「若課不備，無克亦不為凶」)"


def yinyi(v: View) -> str | None:
    """淫泆: the 初傳 is 卯 or 酉 and rides 天后 or 六合 (大全 淫泆課; rules.md §6)."""
    if v.t[0] in (MAO, YOU) and v.tg[0] in (LIUHE_GENERAL, TIANHOU):
        return f"初傳 {_b(v.t[0])} (a 門 of 日月) rides {GENERAL_NAMES[v.tg[0]]}"
    return None


def jiaotong(v: View) -> str | None:
    """狡童: 六合 rides the 初傳 and 天后 the 末傳 (大全 淫泆課; rules.md §6)."""
    if v.tg[0] == LIUHE_GENERAL and v.tg[2] == TIANHOU:
        return f"六合 rides the 初傳 {_b(v.t[0])}, 天后 the 末傳 {_b(v.t[2])}"
    return None


def yinu(v: View) -> str | None:
    """泆女: 天后 rides the 初傳 and 六合 the 末傳 (大全 淫泆課; rules.md §6)."""
    if v.tg[0] == TIANHOU and v.tg[2] == LIUHE_GENERAL:
        return f"天后 rides the 初傳 {_b(v.t[0])}, 六合 the 末傳 {_b(v.t[2])}"
    return None
