"""Detectors of the chapter 遙克課·昴星課: the sub-forms the chapter names inside 蒿矢 (利簇, 空矢) and 彈射 (近射,
遠射, 彈丸, 遺丸), the 遙克 companions 一箭中兩鴻 and 一鹿含兩矢, and the 昴星 names 死虎 and 真虎視.

Same contract as every detector module. Where the chapter gives two tests for one name (近射 by the lesson
the 初傳 comes from, or by the 初傳 and its general at war), either test makes the name hold and the evidence
says which; the chapter does not rank them, so a chart may be 近射 by one test and 遠射 by the other, as
its own 彈射 example (己卯 午時 卯將) is.
"""

from __future__ import annotations

from ..cycle import (
    BAIHU,
    BRANCH_ELEMENT,
    CHEN,
    EARTH,
    GENERAL_ELEMENT,
    GENERAL_NAMES,
    MAO,
    METAL,
    SHEN,
    STEM_ELEMENT,
    YIN,
    YOU,
    branch_char,
    conquers,
)
from . import shensha as ss
from .evidence import Clause, Evidence, ev, seq
from .view import GOOD_GENERALS, UNJUDGED, Judgement, View, day_stem_char

# ---------------------------------------------------------------- sub-forms of 蒿矢 and 彈射
STAGES = ("初傳", "中傳", "末傳")
"""The three transmissions' names, as the evidence places a branch among them."""
SPRING = frozenset((YIN, MAO, CHEN))
"""The spring months 寅 卯 辰 (「春占白虎」)."""


def _of_element(v: View, element: int, void_only: bool) -> Clause | None:
    """The 傳 whose branch is of ``element`` (only the 旬空 ones with ``void_only``) as 「初傳 申」 places
    joined by "and", or None when there is none."""
    void = {x.ordinal for x in v.chart.void}
    found = [
        ev("place", place=STAGES[i], b=branch_char(b))
        for i, b in enumerate(v.transmissions)
        if BRANCH_ELEMENT[b] == element and (b in void or not void_only)
    ]
    return seq("and", found) if found else None


def lizu(v: View) -> Clause | None:
    """利簇: a 蒿矢 遙克 with a 傳 of 金 (申 or 酉) (遙克課 l. 31, 孔明: 「經曰『蒿矢見金為利簇。』是見金之為凶也」).

    「見金」 is read as a 金 branch among the 三傳 (the chapter's own example, l. 71, 甲午 申時 巳將, has 申 as 初傳 and
    says 「以蒿矢見金作虎勾也」). A void 金 still 見金: the chart is then 空矢 as well, whose 「亦不能為凶」 eases it."""
    if v.chart.lesson_type != "蒿矢":
        return None
    found = _of_element(v, METAL, void_only=False)
    return None if found is None else ev("lizu", found=found)


def kongshi(v: View) -> Clause | None:
    """空矢 (亡矢, 季矢): a 蒿矢 遙克 whose 金 傳 is 旬空 (遙克課 l. 31: 「或有金而金落空，一名空矢，亦曰亡矢，一曰季矢，
    亦不能為凶也」). 申 and 酉 fall void together (甲戌旬), so every 金 傳 of the chart is void."""
    if v.chart.lesson_type != "蒿矢":
        return None
    found = _of_element(v, METAL, void_only=True)
    return None if found is None else ev("kongshi", found=found)


def _init_lessons(v: View, wanted: tuple[int, ...]) -> tuple[int, ...]:
    """The lessons among ``wanted`` (1–4) whose upper is the 初傳."""
    return tuple(n for n in wanted if v.uppers[n - 1] == v.transmissions[0])


def _init_war(v: View) -> str | None:
    """內戰 (the 初傳 克s its general), 外戰 (the general 克s it), 比和 (one element) or None (one produces the other)."""
    b, g = BRANCH_ELEMENT[v.transmissions[0]], GENERAL_ELEMENT[v.transmission_generals[0]]
    if conquers(b, g):
        return "內戰"
    if conquers(g, b):
        return "外戰"
    return "比和" if b == g else None


def _shot(v: View, lessons: tuple[int, ...], wars: tuple[str, ...], key: str) -> Clause | None:
    if v.chart.lesson_type != "彈射":
        return None
    init, g = branch_char(v.transmissions[0]), GENERAL_NAMES[v.transmission_generals[0]]
    found: list[Evidence] = []
    if hit := _init_lessons(v, lessons):
        found.append(ev(f"{key}.lesson", init=init, n=seq("and", hit)))
    if (war := _init_war(v)) in wars:
        found.append(ev(f"{key}.war", init=init, g=g, war=war) if war != "比和" else ev(f"{key}.even", init=init, g=g))
    if not found:
        return None
    return found[0] if len(found) == 1 else seq("semi", found)


def jinshe(v: View) -> Clause | None:
    """近射: a 彈射 遙克 whose 初傳 is the upper of lesson 1 or 2, or is at war with its general (內戰 or 外戰)
    (遙克課 l. 43, 孔明: 「一二課發動為近射」; 「又發用之神之將相剋名近射，主有傷害」).

    Either test is enough; the chapter does not rank them (see the module's note). The 初傳 may be the upper of
    more than one lesson: every lesson that has it counts, as the reading's 「init.lesson」 does."""
    return _shot(v, (1, 2), ("內戰", "外戰"), "jinshe")


def yuanshe(v: View) -> Clause | None:
    """遠射: a 彈射 遙克 whose 初傳 is the upper of lesson 3 or 4, or is of one element with its general (比和)
    (遙克課 l. 43, 孔明: 「三四課發動為遠射」; 「若神將比和，名遠射，雖有口舌惡意，亦不至傷害矣」).

    Either test is enough (see :func:`jinshe`). A 初傳 whose general produces it or is produced by it is neither
    相剋 nor 比和: only its lesson decides."""
    return _shot(v, (3, 4), ("比和",), "yuanshe")


def danwan(v: View) -> Clause | None:
    """彈丸: a 彈射 遙克 with a 傳 of 土 (辰 戌 丑 未) (遙克課 l. 47: 「彈射見土為彈丸，則彈中有傷，驀然有災」).

    A void 土 still 見土: the chart is then 遺丸 as well, which 「縱彈皆不為凶」."""
    if v.chart.lesson_type != "彈射":
        return None
    found = _of_element(v, EARTH, void_only=False)
    return None if found is None else ev("danwan", found=found)


def yiwan(v: View) -> Clause | None:
    """遺丸: a 彈射 遙克 with a 傳 of 土 that is 旬空 (遙克課 l. 47: 「若有土而土落空亡，謂之遺丸，縱彈皆不為凶」).

    One void 土 傳 is enough, as the reading's statement of the same line reads it (a 傳 that is 土 and void);
    when another 土 傳 is not void the chart is 彈丸 as well, and the evidence of each names its 傳."""
    if v.chart.lesson_type != "彈射":
        return None
    found = _of_element(v, EARTH, void_only=True)
    return None if found is None else ev("yiwan", found=found)


# ---------------------------------------------------------------- companions
def _two_targets(v: View, lesson_type: str, key: str, stem_conquers: bool) -> Clause | None:
    """The evidence ``key`` when the chart is the 遙克 ``lesson_type`` and two or more distinct uppers of
    lessons 2–4 are 克'd by the day stem (``stem_conquers``) or 克 it; else None."""
    if v.chart.lesson_type != lesson_type:
        return None
    se = STEM_ELEMENT[v.stem]
    found = list(
        dict.fromkeys(
            b
            for b in v.uppers[1:]
            if (conquers(se, BRANCH_ELEMENT[b]) if stem_conquers else conquers(BRANCH_ELEMENT[b], se))
        )
    )
    if len(found) < 2:
        return None
    return ev(
        key,
        stem=day_stem_char(v),
        found=seq("space", map(branch_char, found)),
        init=branch_char(v.transmissions[0]),
    )


def yijian(v: View) -> Clause | None:
    """一箭中兩鴻 (一箭射兩鹿): a 彈射 遙克 where the day stem 克s two or more distinct uppers of lessons 2–4 (遙克課
    l. 55, 袁天罡: 「若日干克兩神名曰一箭中兩鴻，又名一箭射兩鹿格」; 「日克兩神，主一端分為兩端」).

    Lessons 2–4 are all of them: a 遙克 chart has no 克 between the first lesson's upper and the day stem."""
    return _two_targets(v, "彈射", "yijian", stem_conquers=True)


def yilu(v: View) -> Clause | None:
    """一鹿含兩矢: a 蒿矢 遙克 where two or more distinct uppers of lessons 2–4 克 the day stem (遙克課 l. 55, 袁天罡:
    「若兩神遙克，一曰一鹿含兩矢」; 「兩神剋日，主二事合為一事」)."""
    return _two_targets(v, "蒿矢", "yilu", stem_conquers=False)


# ---------------------------------------------------------------- 昴星 (死虎, 虎視)
def sihu(v: View) -> Judgement:
    """死虎: an 昴星 chart cast in a spring month (寅 卯 辰) with 白虎 riding one of the 三傳 (昴星課 l. 103:
    「春占白虎，與酉金逢，春令死絕，謂之死虎，卯月沖酉，辰月合酉，謂之死虎遭合，不能傷人」).

    「與酉金逢」 is read as 白虎 in the 三傳 of the chart the 酉 (昴星) gives, as the reading's statement of the
    same line does. In the 卯 month (沖酉) or the 辰 month (合酉) the evidence adds 死虎遭合. Without a month
    an 昴星 chart with 白虎 in its 三傳 is unjudged."""
    if v.chart.method != "昴星":
        return None
    found = [
        ev("place", place=STAGES[i], b=branch_char(b)) for i, b in enumerate(v.transmissions) if v.general(b) == BAIHU
    ]
    if not found:
        return None
    if v.month is None:
        return UNJUDGED
    if v.month not in SPRING:
        return None
    tiger = ev("sihu", month=branch_char(v.month), found=seq("and", found))
    if v.month == MAO:
        return seq("semi", (tiger, ev("sihu.chong", month=branch_char(v.month))))
    if v.month == CHEN:
        return seq("semi", (tiger, ev("sihu.he", month=branch_char(v.month))))
    return tiger


def zhen_hushi(v: View) -> Judgement:
    """真虎視: an 昴星 chart whose 三傳 show 白虎 riding 申 or 酉, which 克s the 日, the 辰 or the 行年上神 (昴星課
    l. 123, 孔明: 「若三傳見白虎乘申酉剋日辰及行年上神，名曰真虎視」).

    「剋日辰及行年上神」 is read as any one of the three (金 can 克 the 日 and the 辰 together only on 甲寅 and
    乙卯 days, where no 昴星 chart falls). Without the 年命 a chart whose 日 and 辰 escape is unjudged."""
    if v.chart.method != "昴星":
        return None
    w = v.branch_of(BAIHU)
    if w not in (SHEN, YOU) or w not in v.transmissions:
        return None
    we = BRANCH_ELEMENT[w]
    hit: list[str | Evidence] = [
        n for n, e in (("日", STEM_ELEMENT[v.stem]), ("辰", BRANCH_ELEMENT[v.branch])) if conquers(we, e)
    ]
    if v.xingnian is not None and conquers(we, BRANCH_ELEMENT[v.over(v.xingnian)]):
        hit.append(ev("place", place="行年上神", b=branch_char(v.over(v.xingnian))))
    if hit:
        text: list[Evidence] = [ev("hushi", w=branch_char(w), hit=seq("and", hit))]
        up = None if v.xingnian is None else v.over(v.xingnian)
        if up is not None and (g := v.general(up)) in GOOD_GENERALS:  # 「若行年見神將吉，更見生旺，則不為凶」
            state = None if v.month is None else ss.season_state(up, v.month, v.school)
            if state is not None and state in ("旺", "相"):
                text.append(ev("hushi.eased", up=branch_char(up), g=GENERAL_NAMES[g], state=state))
            else:
                text.append(ev("hushi.good", up=branch_char(up), g=GENERAL_NAMES[g]))
        return text[0] if len(text) == 1 else seq("semi", text)
    return UNJUDGED if v.xingnian is None else None
