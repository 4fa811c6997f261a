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
    branch_char,
    conquers,
)
from . import shensha as ss
from .evidence import Clause, Evidence, ev, seq
from .view import GOOD_GENERALS, UNJUDGED, Judgement, View


# ---------------------------------------------------------------- 勵德
def _lide(v: View) -> tuple[Evidence, list[int]] | None:
    if v.noble_square not in (MAO, YOU):
        return None
    side = [v.side(u) for u in v.uppers]

    def group(label: str, lessons: tuple[int, int]) -> Evidence:
        a, b = lessons
        if side[a] == side[b]:
            return ev(
                "lide.group",
                label=label,
                a=branch_char(v.uppers[a]),
                b=branch_char(v.uppers[b]),
                side=ev(f"side.{side[a]}"),
            )
        return ev(
            "lide.split",
            label=label,
            a=branch_char(v.uppers[a]),
            sa=ev(f"side.{side[a]}"),
            b=branch_char(v.uppers[b]),
            sb=ev(f"side.{side[b]}"),
        )

    found = ev(
        "lide",
        nb=branch_char(v.noble),
        sq=branch_char(v.noble_square),
        yang=group("陽神", (0, 2)),
        yin=group("陰神", (1, 3)),
    )
    return found, side


def lide(v: View) -> Judgement:
    """勵德: 貴人 stands on 地盤 卯 or 酉, the gates of sun and moon (勵德課 l. 19, 《金匱經》: 「日月之門，天乙臨之，勵德之名」).

    With a 年命 the evidence adds the same paragraph's warning 「忌魁罡年凶」 (魁 戌 or 罡 辰 over the 本命 or 行年)."""
    found = _lide(v)
    if not found:
        return None
    if v.benming is None or v.xingnian is None:
        return found[0]
    bad = [n for n, sq in (("本命", v.benming), ("行年", v.xingnian)) if v.over(sq) in (CHEN, XU)]
    return seq("semi", (found[0], ev("lide.kuigang", on=seq("and", bad)))) if bad else found[0]


def weifu(v: View) -> Clause | None:
    """微服: 勵德 with the 陰神 and 陽神 of 日 and 辰 all behind the 貴人 (勵德課 l. 35, 袁天罡: 「日辰陰陽在天乙後，
    名微服課」). 天空, opposite the 貴人, counts as behind (指南 前五後六); ``School(tiankong="neither")``
    puts it on neither side."""
    found = _lide(v)
    if found and all(s == -1 for s in found[1]):
        return ev("weifu", lide=found[0], uppers=seq("space", map(branch_char, v.uppers)))
    return None


def cuotuo(v: View) -> Clause | None:
    """蹉跎: 勵德 with the 陰神 and 陽神 of 日 and 辰 all in front of the 貴人 (勵德課 l. 31, 又曰: 「若日辰陰陽俱在
    天乙前…名蹉跎課」); a lesson upper under 天空 is behind by default, so it is never 蹉跎."""
    found = _lide(v)
    if found and all(s == 1 for s in found[1]):
        return ev("cuotuo", lide=found[0], uppers=seq("space", map(branch_char, v.uppers)))
    return None


# ---------------------------------------------------------------- 贅婿
def zhuixu(v: View) -> Clause | None:
    """贅婿: the day stem 克s the day branch, the 支 stands on the 干 (or the 干 on the 支) and is 發用 (贅婿課 l. 59,
    孔明: 「凡值日干克辰，辰又加日為用，名贅婿課」; 指南)."""
    if not conquers(STEM_ELEMENT[v.stem], BRANCH_ELEMENT[v.branch]):
        return None
    jig = JIGONG[v.stem]
    init = v.transmissions[0]
    if v.uppers[0] == v.branch and init == v.branch:
        return ev("zhuixu.zhi", stem=STEM_CHARS[v.stem], z=branch_char(v.branch), jig=branch_char(jig))
    if v.uppers[2] == jig and init == jig and jig != v.branch:
        return ev("zhuixu.gan", stem=STEM_CHARS[v.stem], z=branch_char(v.branch), jig=branch_char(jig))
    return None


def _rescuer(v: View) -> Clause | None:
    for pos, name in ((1, "中傳"), (2, "末傳")):
        b, g = v.transmissions[pos], v.transmission_generals[pos]
        e = BRANCH_ELEMENT[b]
        if g not in GOOD_GENERALS:
            continue
        if conquers(e, BRANCH_ELEMENT[v.transmissions[0]]):
            return ev("rescue.ke", pos=name, b=branch_char(b), init=branch_char(v.transmissions[0]), g=GENERAL_NAMES[g])
        if (e + 1) % 5 == STEM_ELEMENT[v.stem]:
            return ev("rescue.sheng", pos=name, b=branch_char(b), stem=STEM_CHARS[v.stem], g=GENERAL_NAMES[g])
    return None


def dangquan(v: View) -> Judgement:
    """贅婿當權: 贅婿 whose 中 or 末傳 is a 救神 (克s the 初傳 or produces the day) under a good general, while the
    行年 has 氣 (旺 or 相 in the month) and the branch over it neither 刑s, 害s nor 克s it (贅婿課 l. 67, 袁天罡:
    「若中末有救，兼行年有氣，無刑害，有吉神良將，則為贅婿課當權格」; verse l. 87 「中傳末位得救神。行年有煞無刑剋」).

    Without the 年命 (or the month) it is unjudged. The chapter's own 二月甲戌 寅時戌將 example (l. 75) asks for
    no person: it gives the plain 贅婿 verdict of l. 71 (「少將害老，室家相剋」) and never says whether it is 當權,
    and without a 年命 this chart leaves 當權 unjudged. Its 傳 already hold the 救 (末 寅 克 the 初 戌 under
    天后), so with a 行年 寅 or 卯 (旺 in the 卯 month) or 巳 or 午 (相), none 刑'd, 害'd or 克'd by the branch over
    it, it is 當權; with any other 行年 it stays a plain 贅婿."""
    base = zhuixu(v)
    rescue = base and _rescuer(v)
    if not base or not rescue:
        return None
    if v.xingnian is None or v.month is None:
        return UNJUDGED
    state = ss.season_state(v.xingnian, v.month, v.school)
    up = v.over(v.xingnian)
    hurt = [
        w
        for w, bad in (
            ("刑", XING[up] == v.xingnian),
            ("害", HARM[up] == v.xingnian),
            ("克", conquers(BRANCH_ELEMENT[up], BRANCH_ELEMENT[v.xingnian])),
        )
        if bad
    ]
    if state not in ("旺", "相") or hurt:
        return None
    return seq(
        "semi",
        (
            base,
            rescue,
            ev(
                "dangquan.year", xn=branch_char(v.xingnian), state=state, month=branch_char(v.month), up=branch_char(up)
            ),
        ),
    )


# ---------------------------------------------------------------- 無淫 / 不備
def bubei(v: View) -> Clause | None:
    """不備: fewer than four distinct lessons, judged by the school's 不備 test (無淫課 l. 127, 邵氏; docs/rules.md §2.5)."""
    keys = v.chart.lesson_identities
    if v.chart.distinct_lessons == 4:
        return None
    order = (0, 1, 2, 3) if v.stem % 2 == 0 else (2, 3, 0, 1)
    kept: list[int] = []
    same: list[Evidence] = []
    for i in order:
        first = next((j for j in kept if keys[j] == keys[i]), None)
        if first is None:
            kept.append(i)
        else:
            same.append(ev("bubei.repeat", later=i + 1, first=first + 1))
    yang = sum(1 for i in kept if i in (0, 2))
    kind = {(2, 1): ev("bubei.yin"), (1, 2): ev("bubei.yang")}.get((yang, len(kept) - yang)) or ev(
        "bubei.count", n=len(kept)
    )
    return ev("bubei", same=seq("semi", same), side="干" if v.stem % 2 == 0 else "支", kind=kind)


def _jiaohu(v: View) -> Clause | None:
    a, b = v.uppers[0], v.uppers[2]
    if conquers(BRANCH_ELEMENT[a], BRANCH_ELEMENT[v.branch]) and conquers(BRANCH_ELEMENT[b], STEM_ELEMENT[v.stem]):
        return ev("jiaohu", a=branch_char(a), z=branch_char(v.branch), b=branch_char(b), stem=STEM_CHARS[v.stem])
    return None


def wuyin(v: View) -> Clause | None:
    """無淫 (蕪淫): every 不備 chart, or 日辰交互相剋 — 干上神 克s the 支 while 支上神 克s the 干 (無淫課 l. 123:
    「凡四課不備，名曰無淫課」, 孔明 「四課缺一，為不備；及日辰交互相剋，為無淫課」).

    The 克 decides how bad it is, not whether it fires (l. 143: 「陰陽不備，交克最嫌」 … 「凡得三課，又逢日辰交互
    相剋，最凶」 … 「若課不備，無克亦不為凶」); the evidence says which. Asking for a 克 as well is the reading docs/rules.md §6.5
    records as not followed: the chapter wins. 交互 is read across (干上 against 支, 支上 against 干),
    as the chapter's 甲子 example has it (「甲欲從子，畏傳送金，子欲從甲，畏河魁土」); 邵氏's 上神-against-上神
    phrasing cannot be mutual and the 又曰 chain 「上辰克辰辰剋日」 is not a second route here."""
    cross = _jiaohu(v)
    if v.chart.distinct_lessons == 4:
        return cross
    kinds = [ev("lesson.kind", n=i + 1, kind=lesson.kind) for i, lesson in enumerate(v.chart.lessons) if lesson.kind]
    if cross:
        return ev("wuyin.worst", cross=cross)
    if kinds:
        return ev("wuyin.kinds", kinds=seq("comma", kinds))
    return ev("wuyin.calm")


def yinyi(v: View) -> Clause | None:
    """淫泆: the 初傳 is 卯 or 酉 and rides 天后 or 六合 (大全 淫泆課; docs/rules.md §6.5)."""
    if v.transmissions[0] in (MAO, YOU) and v.transmission_generals[0] in (LIUHE_GENERAL, TIANHOU):
        return ev("yinyi", init=branch_char(v.transmissions[0]), g=GENERAL_NAMES[v.transmission_generals[0]])
    return None


def jiaotong(v: View) -> Clause | None:
    """狡童: 六合 rides the 初傳 and 天后 the 末傳 (大全 淫泆課; docs/rules.md §6.5)."""
    if v.transmission_generals[0] == LIUHE_GENERAL and v.transmission_generals[2] == TIANHOU:
        return ev("jiaotong", init=branch_char(v.transmissions[0]), last=branch_char(v.transmissions[2]))
    return None


def yinu(v: View) -> Clause | None:
    """泆女: 天后 rides the 初傳 and 六合 the 末傳 (大全 淫泆課; docs/rules.md §6.5)."""
    if v.transmission_generals[0] == TIANHOU and v.transmission_generals[2] == LIUHE_GENERAL:
        return ev("yinu", init=branch_char(v.transmissions[0]), last=branch_char(v.transmissions[2]))
    return None
