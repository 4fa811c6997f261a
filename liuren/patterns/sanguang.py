"""Detectors of 三光, 三陽 and 三陰: named in the 九宗門 overview, conditions from 《六壬大全》.

Same contract as every detector module.
"""

from __future__ import annotations

from ..cycle import (
    BAIHU,
    GENERAL_NAMES,
    XUANWU,
    branch_char,
)
from . import shensha as ss
from .evidence import Value, ev, seq
from .view import GOOD_GENERALS, UNJUDGED, Judgement, View, day_stem_char


def sanguang(v: View) -> Judgement:
    """三光: the day stem, day branch and 初傳 are all 旺 or 相 in the month and a good general rides the 初傳 (大全 三光課; docs/rules.md §6.13)."""
    if v.transmission_generals[0] not in GOOD_GENERALS:
        return None
    if v.month is None:
        return UNJUDGED
    states: list[tuple[Value, str]] = [
        (day_stem_char(v), ss.stem_state(v.stem, v.month, v.school)),
        (branch_char(v.branch), ss.season_state(v.branch, v.month, v.school)),
        (ev("state.init", x=branch_char(v.transmissions[0])), ss.season_state(v.transmissions[0], v.month, v.school)),
    ]
    if all(s in ("旺", "相") for _, s in states):
        return ev(
            "sanguang",
            states=seq("comma", (ev("state.is", x=x, state=s) for x, s in states)),
            month=branch_char(v.month),
            g=GENERAL_NAMES[v.transmission_generals[0]],
        )
    return None


def sanyang(v: View) -> Judgement:
    """三陽: 貴人 順行, the 干上 and 支上 神 stand in front of it, and the 初傳 is 旺 or 相 (指南; 大全 三陽課; docs/rules.md §6.13)."""
    if not v.forward or v.side(v.uppers[0]) != 1 or v.side(v.uppers[2]) != 1:
        return None
    if v.month is None:
        return UNJUDGED
    state = ss.season_state(v.transmissions[0], v.month, v.school)
    if state not in ("旺", "相"):
        return None
    return ev(
        "sanyang",
        nb=branch_char(v.noble),
        a=branch_char(v.uppers[0]),
        b=branch_char(v.uppers[2]),
        init=branch_char(v.transmissions[0]),
        state=state,
    )


def sanyin(v: View) -> Judgement:
    """三陰: 貴人 逆行, 干上 and 支上 behind it, 中 and 末傳 囚 or 死, 玄武 or 白虎 in the 傳 (大全 三陰課; docs/rules.md §6.13)."""
    if (
        v.forward
        or v.side(v.uppers[0]) != -1
        or v.side(v.uppers[2]) != -1
        or not {BAIHU, XUANWU} & set(v.transmission_generals)
    ):
        return None
    if v.month is None:
        return UNJUDGED
    states = [ss.season_state(b, v.month, v.school) for b in v.transmissions[1:]]
    if not all(s in ("囚", "死") for s in states):
        return None
    riders = seq("and", (GENERAL_NAMES[g] for g in dict.fromkeys(v.transmission_generals) if g in (BAIHU, XUANWU)))
    return ev(
        "sanyin",
        nb=branch_char(v.noble),
        a=branch_char(v.uppers[0]),
        b=branch_char(v.uppers[2]),
        m=branch_char(v.transmissions[1]),
        sm=states[0],
        z=branch_char(v.transmissions[2]),
        sz=states[1],
        riders=riders,
    )
