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
    MAO,
    MENG,
    STEM_ELEMENT,
    XING,
    XU,
    YIN,
    ZHONG,
    branch_char,
    conquers,
)
from . import shensha as ss
from .evidence import Clause, Evidence, ev, seq
from .pohua_yangjiu import pohua
from .view import GOOD_GENERALS, UNJUDGED, Judgement, View, day_stem_char


# ---------------------------------------------------------------- 天獄
def tianyu(v: View) -> Judgement:
    """天獄: the 初傳 is 囚 or 死 in the month (or the day's 墓) and 天罡 辰 stands on the day stem's 日本 (長生) (天獄課
    l. 19, 孔明: 「囚死墓神發用者，為天獄…囚死發用，又斗加日本」)."""
    root = ss.changsheng(v.stem, v.school)
    if v.under(CHEN) != root:
        return None
    init = v.transmissions[0]
    why: list[Evidence] = []
    if v.month is not None:
        state = ss.season_state(init, v.month, v.school)
        if state in ("囚", "死"):
            why.append(ev("tianyu.state", state=state, month=branch_char(v.month)))
    if init == ss.tomb_of_stem(v.stem, v.school):
        why.append(ev("tianyu.tomb"))
    if why:
        return ev("tianyu", init=branch_char(init), why=seq("both", why), stem=day_stem_char(v), root=branch_char(root))
    return UNJUDGED if v.month is None else None


def _rescue_marks(v: View, places: list[tuple[Evidence, int]]) -> list[Evidence]:
    """Which of 生氣, 子孫, 德合 and 解神 stand at ``places`` (name, heaven branch); 生氣 and 解神 need the month."""
    unions = ss.virtue_unions(v.stem, v.branch)
    marks = []
    for place, b in places:
        found = [ev("mark", name="子孫", b=branch_char(b))] if ss.is_offspring(v.stem, b) else []
        found += [ev("mark.union", name=n, b=branch_char(b)) for n, x in unions.items() if x == b]
        if v.month is not None:
            found += [
                ev("mark", name=n, b=branch_char(b))
                for n, x in (("生氣", ss.life_qi(v.month)), ("解神", ss.release_spirit(v.month)))
                if x == b
            ]
        marks += [ev("mark.on", mark=m, place=place) for m in found]
    return marks


def qingping(v: View) -> Judgement:
    """天獄清平: 天獄 with the 貴人 on 地盤 辰 or 戌 *and* 生氣, 子孫, 德合 or 解神 over the 日, the 辰 or the 行年
    (天獄課 l. 27: 「喜見貴人臨辰戌…兼日辰行年得生氣、子孫、德合、解神加之，為天獄清平課」; verse l. 11
    「天獄貴人臨戌辰，日辰斗上得子孫」).

    「兼」 joins the two: both are needed (either alone is the reading docs/rules.md §6.6 records as not followed). Without the month (生氣, 解神) or the 年命
    (the 行年) a chart whose 干上 and 支上 carry none of the four is unjudged."""
    base = tianyu(v)
    if base is None or v.noble_square not in (CHEN, XU):
        return None
    places = [(ev("place.gan"), v.uppers[0]), (ev("place.zhi"), v.uppers[2])] + (
        [(ev("place.xingnian"), v.over(v.xingnian))] if v.xingnian is not None else []
    )
    marks = _rescue_marks(v, places)
    if not marks:
        return UNJUDGED if v.month is None or v.xingnian is None else None
    if base is UNJUDGED:
        return UNJUDGED
    return seq("semi", (base, ev("qingping", sq=branch_char(v.noble_square), marks=seq("semi", marks))))


def zhen_tianyu(v: View) -> Judgement:
    """真天獄: 天獄 whose 中 or 末傳 is 災煞 or 劫煞, or 刑s or 害s the day branch (天獄課 l. 19, 孔明: 「斗繫日本，中末再遇災劫刑害，則真天獄」)."""
    base = tianyu(v)
    if base is None:
        return None
    marks: list[Clause] = []
    for pos, b in (("中傳", v.transmissions[1]), ("末傳", v.transmissions[2])):
        if b == ss.calamity(v.branch):
            marks.append(ev("sha", pos=pos, b=branch_char(b), name="災煞"))
        if b == ss.robbery(v.branch):
            marks.append(ev("sha", pos=pos, b=branch_char(b), name="劫煞"))
        if XING[b] == v.branch or XING[v.branch] == b:
            marks.append(ev("zhen.xing", pos=pos, b=branch_char(b), z=branch_char(v.branch)))
        if HARM[b] == v.branch:
            marks.append(ev("zhen.harm", pos=pos, b=branch_char(b), z=branch_char(v.branch)))
    if not marks:
        return None
    return UNJUDGED if base is UNJUDGED else seq("semi", (base, *marks))


# ---------------------------------------------------------------- 天網, 羅網
def tianwang(v: View) -> Clause | None:
    """天網 (天網四張): the 占時 and the 初傳 both 克 the day stem (天網四張 l. 63, 袁天罡: 「正時及用神剋日」)."""
    se = STEM_ELEMENT[v.stem]
    if conquers(BRANCH_ELEMENT[v.hour], se) and conquers(BRANCH_ELEMENT[v.transmissions[0]], se):
        return ev("tianwang", hour=branch_char(v.hour), init=branch_char(v.transmissions[0]), stem=day_stem_char(v))
    return None


def jiewang(v: View) -> Judgement:
    """解網: 天網 with a 救神 that 克s the 初傳 — the 中傳, 末傳 or 干上神 under a good general (天網四張 l. 43 and
    l. 59, verse: 「天網卻逢中末救，日上之神克初傳。二處有一逢良將」), or the 上神 of the 本命 or 行年 (l. 55:
    「若末傳及年命有救神，克初傳為解網課」).

    The verse asks for a 良將 at its places; l. 55, the one clause that names the 年命, asks for none, so a 年命上神
    that 克s the 初傳 rescues under any general. Without a 年命 a 天網 whose 傳 or 干上 already rescue fires (the
    年命 can only add a rescuer); any other 天網 is unjudged, as only the 年命 could decide (like 羅網 and 真虎視)."""
    base = tianwang(v)
    if base is None:
        return None
    ie = BRANCH_ELEMENT[v.transmissions[0]]
    for name, b, g in (
        ("中傳", v.transmissions[1], v.transmission_generals[1]),
        ("末傳", v.transmissions[2], v.transmission_generals[2]),
        ("干上神", v.uppers[0], v.general(v.uppers[0])),
    ):
        if conquers(BRANCH_ELEMENT[b], ie) and g in GOOD_GENERALS:
            return seq("semi", (base, ev("jiewang", pos=name, b=branch_char(b), g=GENERAL_NAMES[g])))
    if v.benming is None or v.xingnian is None:
        return UNJUDGED
    fate = [
        ev("place", place=n, b=branch_char(up))
        for n, up in (("本命上神", v.over(v.benming)), ("行年上神", v.over(v.xingnian)))
        if conquers(BRANCH_ELEMENT[up], ie)
    ]
    return seq("semi", (base, ev("jiewang.fate", places=seq("and", fate)))) if fate else None


def tianwang_sha(v: View) -> Judgement:
    """天網煞 入傳: the month's 天網煞 (正月 亥, backwards through the 孟) is one of the three transmissions (天網四張 l. 55; 大全 天網課)."""
    if v.month is None:
        return UNJUDGED
    sha = ss.sky_net_sha(v.month)
    where = [n for n, b in zip(("初傳", "中傳", "末傳"), v.transmissions, strict=True) if b == sha]
    return (
        ev("tianwang-sha", month=branch_char(v.month), sha=branch_char(sha), where=seq("and", where)) if where else None
    )


NETS = (
    ev("net", net="天羅", of="干"),
    ev("net", net="地網", of="干"),
    ev("net", net="天羅", of="支"),
    ev("net", net="地網", of="支"),
)
"""The 天羅 and 地網 of the 干 and of the 支, as evidence names (built once)."""


def luowang(v: View) -> Judgement:
    """羅網: the 天羅 (the square after 干 or 支) or its 沖 the 地網 is 發用 and stands over the 干, the 支 or the
    行年 (羅網 l. 75, 孔明: 「凡日辰前一辰為天羅，對沖為地網，並行年日辰發用，為羅網課」).

    The default reads 孔明's naming sentence as the translator does (both: 發用, and on 行年/日辰);
    ``School(luowang="any")`` takes the verse 「發用行年支干上」 (l. 71) as any one of them. Without the 年命, a
    chart that is not decided by the 干 and 支 alone is unjudged."""
    sky_s, sky_z = ss.sky_net_of_stem(v.stem), ss.sky_net_of_branch(v.branch)
    nets = ((NETS[0], sky_s), (NETS[1], ss.earth_net(sky_s)), (NETS[2], sky_z), (NETS[3], ss.earth_net(sky_z)))

    def where(b: int, with_initial: bool) -> list[str]:
        spots = [n for n, u in (("干", v.uppers[0]), ("支", v.uppers[2])) if u == b]
        if v.xingnian is not None and v.over(v.xingnian) == b:
            spots.append("行年")
        return (["發用"] if with_initial and v.transmissions[0] == b else []) + spots

    if v.school.luowang == "initial":
        names = [n for n, b in nets if b == v.transmissions[0]]
        if not names:
            return None
        on = where(v.transmissions[0], False)
        if on:
            return ev("luowang", init=branch_char(v.transmissions[0]), names=seq("and", names), on=seq("and", on))
        return UNJUDGED if v.xingnian is None else None
    marks = [ev("luowang.any", net=n, b=branch_char(b), on=seq("and", w)) for n, b in nets if (w := where(b, True))]
    if marks:
        return seq("semi", marks)
    return UNJUDGED if v.xingnian is None else None


# ---------------------------------------------------------------- 死奇
def siqi(v: View) -> Clause | None:
    """死奇: 天罡 辰 is the upper of one of the four lessons (日辰陰陽) and is 發用 (死奇 l. 95, 又曰: 「斗罡繫日辰陰陽發用，為死奇課」)."""
    if v.transmissions[0] != CHEN or CHEN not in v.uppers:
        return None
    lessons = seq("and", (i + 1 for i, u in enumerate(v.uppers) if u == CHEN))
    square = v.under(CHEN)
    worry = ("父母", "兄弟", "妻子")[(0 if square in MENG else 1 if square in ZHONG else 2)]
    return ev("siqi", lessons=lessons, sq=branch_char(square), worry=worry)


def sanqi_si(v: View) -> Judgement:
    """三奇死課: 死奇 with 天罡 riding over the 太歲 or the 月建 (死奇 l. 99, 象曰: 「更乘歲月之上，為三奇死課」).

    Fires when 辰 stands on the earth square of the year or month branch; when it stands on neither
    of the ones the chart knows and the other is missing, it cannot be ruled out (unjudged)."""
    base = siqi(v)
    if base is None:
        return None
    square = v.under(CHEN)
    over = [n for n, b in (("太歲", v.year), ("月建", v.month)) if b == square]
    if over:
        return seq("semi", (base, ev("sanqi", over=seq("and", over), sq=branch_char(square))))
    return UNJUDGED if v.year is None or v.month is None else None


def siqi_huisheng(v: View) -> Judgement:
    """死奇回生: 死奇 with a rescue (死奇 l. 103: 「若斗旺相德合相生，遇吉將，或六處有克沖救神，及有日奇反吉，更辰為月將，
    尤美，為死奇回生課」): 天罡 旺 or 相 in the month, 天罡 a 德合 of the day, 天罡 riding a good general, a 救神 that
    克s or 沖s 辰 (寅 卯 戌) among the six places (干上, 支上, 中 and 末傳, 本命 and 行年 上神), the 日奇 (the 月將)
    over the 日, the 辰 or the 太歲 (l. 91 「若日辰太歲上，或有日奇，則星月不能為殃」; l. 107), or 辰 itself the 月將.

    The 日奇 must stand on 日, 辰 or 太歲 as the chapter says (not anywhere in the lessons). When no rescue is
    found and the month, the year or the 年命 could still add one, it is unjudged."""
    base = siqi(v)
    if base is None:
        return None
    marks: list[Clause] = [base]
    if v.sun == CHEN:
        marks.append(ev("huisheng.sun"))
    spots = [n for n, sq in (("日", v.uppers[0]), ("辰", v.uppers[2])) if sq == v.sun]
    if v.year is not None and v.over(v.year) == v.sun:
        spots.append("太歲")
    if spots:
        marks.append(ev("huisheng.riqi", sun=branch_char(v.sun), spots=seq("and", spots)))
    if v.month is not None and (state := ss.season_state(CHEN, v.month, v.school)) in ("旺", "相"):
        marks.append(ev("huisheng.state", state=state, month=branch_char(v.month)))
    unions = [n for n, b in ss.virtue_unions(v.stem, v.branch).items() if b == CHEN]
    if unions:
        marks.append(ev("huisheng.union", unions=seq("and", unions)))
    g = v.general(CHEN)
    if g in GOOD_GENERALS:
        marks.append(ev("huisheng.general", g=GENERAL_NAMES[g]))
    places = [("干上", v.uppers[0]), ("支上", v.uppers[2]), ("中傳", v.transmissions[1]), ("末傳", v.transmissions[2])]
    if v.benming is not None and v.xingnian is not None:
        places += [("本命上", v.over(v.benming)), ("行年上", v.over(v.xingnian))]
    saviours = [ev("place", place=n, b=branch_char(b)) for n, b in places if b in (YIN, MAO, XU)]
    if saviours:
        marks.append(ev("huisheng.saviours", saviours=seq("comma", saviours)))
    if len(marks) > 1:
        return seq("semi", marks)
    return UNJUDGED if v.month is None or v.year is None or v.benming is None else None


# ---------------------------------------------------------------- named severities inside the 天獄 and 天網 pages
def jiaozhan(v: View) -> Judgement:
    """絞斬: 魄化 as the 用神 (白虎 on a 死神/死氣 初傳) in a 天獄 chart (天獄課 l. 27: 「若魄化為用神，死囚繫日本，凶倍於天獄，為之絞斬卦」)."""
    if v.transmissions[0] != v.branch_of(BAIHU):
        return None
    tiger, prison = pohua(v), tianyu(v)
    if tiger is None or prison is None:
        return None
    if tiger is UNJUDGED or prison is UNJUDGED:
        return UNJUDGED
    return seq("semi", (tiger, prison))


def ruwang(v: View) -> Clause | None:
    """入網: 天網 with 災煞 or 劫煞 of the day branch among the 三傳 (天網四張 l. 47, 《金匱》: 「傳見災劫，為之入網」)."""
    base = tianwang(v)
    if base is None:
        return None
    marks = [
        ev("sha", pos=pos, b=branch_char(b), name=name)
        for pos, b in zip(("初傳", "中傳", "末傳"), v.transmissions, strict=True)
        for name, sha in (("災煞", ss.calamity(v.branch)), ("劫煞", ss.robbery(v.branch)))
        if b == sha
    ]
    return seq("semi", (base, seq("comma", marks))) if marks else None
