"""Detectors of the chapter 遙克課·昴星課: the 遙克 companions 一箭中兩鴻 and 一鹿含兩矢, and 真虎視.

Same contract as every detector module.
"""

from __future__ import annotations

from ..cycle import (
    BAIHU,
    BRANCH_ELEMENT,
    GENERAL_NAMES,
    SHEN,
    STEM_ELEMENT,
    YOU,
    branch_char,
    conquers,
)
from . import shensha as ss
from .evidence import Clause, Evidence, ev, seq
from .view import GOOD_GENERALS, UNJUDGED, Judgement, View, day_stem_char


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


# ---------------------------------------------------------------- 昴星 (虎視)
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
