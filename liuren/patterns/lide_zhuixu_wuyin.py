"""Detectors of the 勵德, 贅婿 and 無淫 families (the chapter 勵德課·贅婿課·無淫課), and 淫泆.

Each function reads a :class:`~liuren.patterns.view.View` and returns the evidence, ``UNJUDGED``
or None; the registry with names, conditions and sources is :mod:`liuren.patterns`.
"""

from __future__ import annotations

from ..cycle import (
    BRANCH_ELEMENT,
    GENERAL_NAMES,
    JIGONG,
    LIUHE_GENERAL,
    MAO,
    STEM_CHARS,
    STEM_ELEMENT,
    TIANHOU,
    YOU,
    conquers,
)
from .view import GOOD_GENERALS, View, _b, _bs


# ---------------------------------------------------------------- 勵德 (002)
def _lide(v: View) -> tuple[str, list[int]] | None:
    if v.noble_square not in (MAO, YOU):
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
