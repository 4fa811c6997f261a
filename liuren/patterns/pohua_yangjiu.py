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
    branch_char,
    conquers,
)
from ..lessons import ZEI
from . import shensha as ss
from .evidence import Clause, Evidence, ev, seq
from .view import GOOD_GENERALS, UNJUDGED, Judgement, View, day_stem_char


# ---------------------------------------------------------------- 魄化
def _tiger(v: View) -> tuple[int, list[str]]:
    w = v.branch_of(BAIHU)
    where = [n for n, b in (("干上", v.uppers[0]), ("支上", v.uppers[2]), ("初傳", v.transmissions[0])) if b == w]
    return w, where


def pohua(v: View) -> Judgement:
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
    text: list[Evidence] = [
        ev("pohua", w=branch_char(w), month=branch_char(v.month), names=seq("and", names), where=seq("and", where))
    ]
    if v.xingnian is not None and v.under(w) == v.xingnian:  # verse l. 111: 「行年同一位，患者命難留」
        text.append(ev("pohua.xingnian"))
    if v.xingnian is not None and v.over(v.xingnian) in (CHEN, XU):  # verse l. 115: 「行年若值魁罡上，身須逢害必災迍」
        text.append(ev("pohua.kuigang", b=branch_char(v.over(v.xingnian))))
    return text[0] if len(text) == 1 else seq("semi", text)


def guihun(v: View) -> Judgement:
    """魄化歸魂 (魄化魂歸): 魄化 with the 貴人 on 鬼門 (地盤 寅), the 虎神 (白虎's branch) 克'd by its own 陰神, 沖'd
    or 克'd from one of the 六處, and a 吉神 on the 日, the 辰 or the 行年 (魄化課 l. 139: 「若貴人加鬼門，虎陰制
    虎神，日辰年命六處有沖剋，及有吉神救爭，為魄化魂歸課」; verse l. 119 「魄化貴人為鬼門，日辰年上吉神存。白虎更受
    諸處制」). All four are needed: the sentence joins them, and the verse asks for the gate, the 吉神 and the 制 together.

    How the chapter's terms are read: 虎陰 is the 陰神 of the 虎神 (the branch over its square), and 制 is 克. The
    六處 are 干上, 支上, 初傳, 中傳, 末傳 and the 年命上神 (本命 or 行年), as the translator lists them beside the
    元首 chapter's 「壬中六處」 (元首課 l. 27, note l. 29); 「有沖剋」 is read as a 沖 *or* a 克 of the 虎神 (「惟沖散，則為
    救解」, l. 143), as 死奇回生 reads 「六處有克沖救神」. The chapter does not define 吉神: it is read as a 吉將 (貴人,
    六合, 青龍, 太常, 太陰, 天后) riding the 干上, 支上 or 行年上神, the places of the verse 「日辰年上」 (年 the 行年,
    as the translator has it), since the 重審 page, too, speaks of the generals as 吉神 (重審課 l. 147 「天將順布，則
    吉神助順」). Without the 年命, a chart that would need the 年命上神 for the 沖剋 or the 吉神 is unjudged."""
    base = pohua(v)
    if base is None or v.noble_square != YIN:
        return None
    w = _tiger(v)[0]
    we = BRANCH_ELEMENT[w]
    yin = v.over(w)
    if not conquers(BRANCH_ELEMENT[yin], we):
        return None
    fate = v.benming is not None and v.xingnian is not None
    six = [
        ("干上", v.uppers[0]),
        ("支上", v.uppers[2]),
        ("初傳", v.transmissions[0]),
        ("中傳", v.transmissions[1]),
        ("末傳", v.transmissions[2]),
    ]
    good = [("干上", v.uppers[0]), ("支上", v.uppers[2])]
    if v.benming is not None and v.xingnian is not None:  # (mypy narrows on the test itself, not on ``fate``)
        six += [("本命上神", v.over(v.benming)), ("行年上神", v.over(v.xingnian))]
        good.append(("行年上神", v.over(v.xingnian)))
    strikes = [
        ev("guihun.at", place=n, b=branch_char(b), how=seq("and", how))
        for n, b in six
        if (how := [x for x, hit in (("沖", (b + 6) % 12 == w), ("克", conquers(BRANCH_ELEMENT[b], we))) if hit])
    ]
    helpers = [
        ev("guihun.good", place=n, b=branch_char(b), g=GENERAL_NAMES[g])
        for n, b in good
        if (g := v.general(b)) in GOOD_GENERALS
    ]
    if not strikes or not helpers:
        return None if fate else UNJUDGED
    if base is UNJUDGED:
        return UNJUDGED
    return seq(
        "semi",
        (
            base,
            ev("guihun.gate"),
            ev("guihun.yin", b=branch_char(yin), w=branch_char(w)),
            ev("guihun.hold", holders=seq("comma", strikes), w=branch_char(w)),
            seq("comma", helpers),
        ),
    )


def huxianshi(v: View) -> Judgement:
    """虎銜尸: the day's 墓 rides 白虎 as 發用, or 天罡 辰 is the day's 墓, is the month's 死神 and is 發用 (魄化課
    l. 135: 「如日墓乘白虎，或斗罡作日墓帶死神發用，為虎銜尸課」).

    The first clause asks for no 死神, 死氣 or 囚/死 (the reading docs/rules.md §6.10 records as not followed
    adds them; the chapter wins); only the second needs the month."""
    w, init, tomb = v.branch_of(BAIHU), v.transmissions[0], ss.tomb_of_stem(v.stem, v.school)
    if init == tomb == w:
        return ev("huxianshi.tiger", w=branch_char(w))
    if init == tomb == CHEN:
        if v.month is None:
            return UNJUDGED
        if ss.death_spirit(v.month) == CHEN:
            return ev("huxianshi.gang", month=branch_char(v.month))
    return None


def _places(v: View, b: int, with_fate: bool = True) -> list[str]:
    """Which of 日 (the 干's 寄宮), 辰, 本命 and 行年 the heaven branch ``b`` stands over."""
    sq = v.under(b)
    found = [n for n, x in (("日", JIGONG[v.stem]), ("辰", v.branch)) if x == sq]
    if with_fate:
        found += [n for n, x in (("本命", v.benming), ("行年", v.xingnian)) if x is not None and x == sq]
    return found


def xianshi(v: View) -> Judgement:
    """銜尸: 白虎 on a branch that is the month's 死氣, or 休 or 囚, standing over the 年命, the 日 or the 辰, and 發用
    (魄化課 l. 143, 袁天罡: 「魄化課，虎在死氣休囚，臨人年命日辰發用，為銜尸，其凶尤甚」)."""
    w = v.branch_of(BAIHU)
    if v.transmissions[0] != w:
        return None
    on = _places(v, w)
    if not on and v.benming is not None:
        return None
    if v.month is None:
        return UNJUDGED
    marks = (["死氣"] if w == ss.death_qi(v.month) else []) + [
        st for st in (ss.season_state(w, v.month, v.school),) if st in ("休", "囚")
    ]
    if not marks:
        return None
    if not on:
        return UNJUDGED
    return ev("xianshi", w=branch_char(w), marks=seq("and", marks), month=branch_char(v.month), on=seq("and", on))


def pozhi(v: View) -> Judgement:
    """魄之: 白虎 on the month's 死神 or 死氣 standing over the person's 本命 or 行年 (魄化課 l. 143, 袁天罡: 「在人年命上，
    謂之魄之，極凶」)."""
    w = v.branch_of(BAIHU)
    if v.month is None:
        return UNJUDGED
    names = [n for n, b in (("死神", ss.death_spirit(v.month)), ("死氣", ss.death_qi(v.month))) if b == w]
    if not names:
        return None
    if v.benming is None:
        return UNJUDGED
    on = [n for n in _places(v, w) if n in ("本命", "行年")]
    return (
        ev("pozhi", w=branch_char(w), month=branch_char(v.month), names=seq("and", names), on=seq("and", on))
        if on
        else None
    )


def sang(v: View) -> Judgement:
    """喪: the 本命 or 行年 branch is 囚 or 死 in the month and rides 白虎 (魄化課 l. 143, 袁天罡: 「如年命囚死，為死墓，
    乘虎，謂之喪」)."""
    w = v.branch_of(BAIHU)
    hit = None if v.benming is None else [n for n, b in (("本命", v.benming), ("行年", v.xingnian)) if b == w]
    if hit == []:
        return None
    if v.month is None:
        return UNJUDGED
    state = ss.season_state(w, v.month, v.school)
    if state not in ("囚", "死"):
        return None
    if hit is None:
        return UNJUDGED
    return ev("sang", hit=seq("and", hit), w=branch_char(w), state=state, month=branch_char(v.month))


# ---------------------------------------------------------------- 殃咎
def dike(v: View) -> Clause | None:
    """遞克: the 三傳 克 step by step onto the day — 初克中, 中克末, 末克日, or 末克中, 中克初, 初克日 (殃咎課 l. 147:
    己巳 巳申寅, 丙子 子未寅)."""
    e = [BRANCH_ELEMENT[b] for b in v.transmissions]
    se = STEM_ELEMENT[v.stem]
    a, m, z = (branch_char(b) for b in v.transmissions)
    if conquers(e[0], e[1]) and conquers(e[1], e[2]) and conquers(e[2], se):
        return ev("dike.down", a=a, m=m, z=z, stem=day_stem_char(v))
    if conquers(e[2], e[1]) and conquers(e[1], e[0]) and conquers(e[0], se):
        return ev("dike.up", a=a, m=m, z=z, stem=day_stem_char(v))
    return None


def jiake(v: View) -> Clause | None:
    """夾克: the 初傳 is 克'd both by the square it stands on and by the general riding it (殃咎課 l. 151: 壬子 午加亥
    乘元武, 「上下夾克」)."""
    init, g = v.transmissions[0], v.transmission_generals[0]
    sq = v.under(init)
    if conquers(BRANCH_ELEMENT[sq], BRANCH_ELEMENT[init]) and conquers(GENERAL_ELEMENT[g], BRANCH_ELEMENT[init]):
        return ev("jiake", init=branch_char(init), sq=branch_char(sq), g=GENERAL_NAMES[g])
    return None


def neizhan(v: View) -> Clause | None:
    """內戰: the 初傳's branch 克s the general riding it (神克將; 殃咎課 l. 155, 己酉 酉 六合; 大全 reading of 神/將).
    A mark of the 初傳 alone; it is 殃咎 only as :func:`yangjiu` says."""
    if conquers(BRANCH_ELEMENT[v.transmissions[0]], GENERAL_ELEMENT[v.transmission_generals[0]]):
        return ev("neizhan", init=branch_char(v.transmissions[0]), g=GENERAL_NAMES[v.transmission_generals[0]])
    return None


def waizhan(v: View) -> Clause | None:
    """外戰: the general riding the 初傳 克s its branch (將克神; 殃咎課 l. 151, 庚午 戌 六合). A mark of the 初傳
    alone; it is 殃咎 only as :func:`yangjiu` says."""
    if conquers(GENERAL_ELEMENT[v.transmission_generals[0]], BRANCH_ELEMENT[v.transmissions[0]]):
        return ev("waizhan", init=branch_char(v.transmissions[0]), g=GENERAL_NAMES[v.transmission_generals[0]])
    return None


def chengmu(v: View) -> Clause | None:
    """日干乘墓: the day stem's 墓 is the 干上神 (殃咎課 l. 147 「或日干乘墓」; l. 163 「墓神覆日之為天羅自裹」).

    The 干's only: counting the 支's 墓 on the 支 as well is a reading docs/rules.md §6.11 records as not
    followed; the chapter names the 日干."""
    if v.uppers[0] == ss.tomb_of_stem(v.stem, v.school):
        return ev("chengmu", stem=day_stem_char(v), tomb=branch_char(v.uppers[0]))
    return None


def zuomu(v: View) -> Clause | None:
    """干支坐墓: the 干 (its 寄宮 on the heaven plate) and the 支 both stand on their own 墓 squares (殃咎課 l. 155:
    「壬申日亥加辰，申加丑，為干支坐墓」; 「丙寅日，干加戌，支加未，亦為干支坐墓」). Both, as both examples have it.
    When both 墓 are 旬空 the evidence adds l. 163 「如干支逢墓，二處逢空，可解」."""
    jig = JIGONG[v.stem]
    a, b = v.under(jig), v.under(v.branch)
    if a == ss.tomb_of_stem(v.stem, v.school) and b == ss.tomb_of_branch(v.branch, v.school):
        void = {x.ordinal for x in v.chart.void}
        return ev(
            "zuomu.void" if {a, b} <= void else "zuomu",
            stem=day_stem_char(v),
            jig=branch_char(jig),
            a=branch_char(a),
            z=branch_char(v.branch),
            b=branch_char(b),
        )
    return None


def _war(b: int, g: int) -> str | None:
    if conquers(BRANCH_ELEMENT[b], GENERAL_ELEMENT[g]):
        return "內戰"
    if conquers(GENERAL_ELEMENT[g], BRANCH_ELEMENT[b]):
        return "外戰"
    return None


def _generals_at_war(v: View) -> Clause | None:
    wars = [_war(b, g) for b, g in zip(v.transmissions, v.transmission_generals, strict=True)]
    if v.school.yangjiu_war == "initial":
        return (
            ev(
                "war.initial",
                init=branch_char(v.transmissions[0]),
                g=GENERAL_NAMES[v.transmission_generals[0]],
                war=wars[0],
            )
            if wars[0]
            else None
        )
    if all(wars):
        pairs = seq(
            "comma",
            (
                ev("war.pair", b=branch_char(b), g=GENERAL_NAMES[g], war=w)
                for b, g, w in zip(v.transmissions, v.transmission_generals, wars, strict=True)
                if w
            ),
        )
        return ev("war.all", pairs=pairs)
    below = any(lesson.upper.ordinal == v.transmissions[0] and lesson.kind == ZEI for lesson in v.chart.lessons)
    if wars[0] and below:
        return ev(
            "war.zei",
            init=branch_char(v.transmissions[0]),
            g=GENERAL_NAMES[v.transmission_generals[0]],
            how=ev("war.jiake" if wars[0] == "外戰" else "war.neizhan"),
        )
    return None


def yangjiu(v: View) -> Clause | None:
    """殃咎: 三傳剋日 (a 遞克 chain onto the day, or all three 傳 克 the day stem), 神將相戰 (every 傳 at war with its
    general, or the 初傳 at war while it is 下賊上), 日干乘墓, or 干支坐墓 (殃咎課 l. 147: 「三傳剋日，神將相戰，或日干
    乘墓，為殃咎課」).

    The chapter's examples decide (l. 147–155): 遞克 己巳 巳申寅 and 丙子 子未寅; 神將相戰 in all three 傳 己酉
    酉丑巳 (內戰) and 庚午 戌午寅 夜 (外戰); the 初傳 下克上 and at war: 丁巳 乘六合 (內戰) and 壬子 午加亥 乘元武
    (夾克); 干支坐墓 壬申 and 丙寅 (both 干 and 支). A lone 內戰 or 外戰 of the 初傳 (a reading of 神將相戰 that docs/rules.md §6.11 records as not
    followed) is ``School(yangjiu_war="initial")``, which keeps the chapter's other readings here (739 of 1,440 charts
    殃咎; with all three readings docs/rules.md §6.11 records as not followed, 818); the chapter's 丁酉 亥卯未 貴常勾, whose only
    war is the 初傳's 外戰, is 殃咎 under that reading only. The page names the 本命 only in a remedy (l. 163
    「宜本醮禱本命星辰」), never in a condition, so 殃咎 does not judge the 年命."""
    marks: list[Clause] = []
    chain = dike(v)
    if chain:
        marks.append(ev("yangjiu.chain", chain=ev("named", name="遞克", evidence=chain)))
    elif all(conquers(BRANCH_ELEMENT[b], STEM_ELEMENT[v.stem]) for b in v.transmissions):
        marks.append(
            ev(
                "yangjiu.all",
                a=branch_char(v.transmissions[0]),
                m=branch_char(v.transmissions[1]),
                z=branch_char(v.transmissions[2]),
                stem=day_stem_char(v),
            )
        )
    war = _generals_at_war(v)
    if war:
        marks.append(war)
    for name, f in (("日干乘墓", chengmu), ("干支坐墓", zuomu)):
        found = f(v)
        if found:
            marks.append(ev("named", name=name, evidence=found))
    return seq("semi", marks) if marks else None
