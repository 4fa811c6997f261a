"""三傳: the nine methods (九宗門) that pick the initial transmission, tried in their written order.

Order (探原 推演篇, 指南 卷一, 大全 卷一): 伏吟 → 返吟 → 賊克 (with 比用 and 涉害) → 八專 → 遙克 →
昴星 → 別責. Unless a method says otherwise, 中傳 = the heaven branch over the 初傳's square and
末傳 = the heaven branch over the 中傳's (rules.md §4).

Each method is a small function of a :class:`Ke` (the lessons as integers) that returns
``(init, middle, last, method, lesson_type)`` or None when it does not apply. With a ``log`` list
it also writes, step by step, what it looked at; the chart asks for that only when its trace is read.
"""

from __future__ import annotations

from enum import StrEnum

from .cycle import (
    BRANCH_ELEMENT,
    FANYIN_OFFSET,
    FUYIN_OFFSET,
    JIGONG,
    MENG,
    OPPOSITE,
    SANHE_STEP,
    SHEN,
    STEM_CHARS,
    STEM_COMBINE,
    STEM_ELEMENT,
    WEI,
    XING,
    YOU,
    ZHONG,
    conquers,
    post_horse,
)
from .cycle import branch_char as _b
from .lessons import Ke
from .school import School


class Method(StrEnum):
    """The nine gates (九宗門) by which the initial transmission is chosen."""

    ZEIKE = "賊克"
    BIYONG = "比用"
    SHEHAI = "涉害"
    YAOKE = "遙克"
    MAOXING = "昴星"
    BIEZHE = "別責"
    BAZHUAN = "八專"
    FUYIN = "伏吟"
    FANYIN = "返吟"

    def __repr__(self) -> str:
        return f"'{self.value}'"


LESSON_TYPES = (
    "元首", "重審", "始入", "比用", "知一", "涉害", "見機", "察微", "綴瑕", "蒿矢", "彈射",
    "虎視", "冬蛇掩目", "別責", "八專", "獨足", "自任", "自信", "杜傳", "不虞", "無依", "井欄射",
)
"""Every lesson_type a method can give."""

LODGED = {square: tuple(stem for stem in range(10) if JIGONG[stem] == square) for square in range(12)}
"""Stems lodged in each earth square (寄宮), for the 涉害 depth count."""


Result = tuple[int, int, int, Method, str]


def _yang(i: int) -> bool:
    return i % 2 == 0


def _unique(items) -> list[int]:
    seen: list[int] = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return seen


def fuyin(ke: Ke, school: School, log: list | None) -> Result | None:
    """伏吟 (自任/自信/杜傳/不虞): d = 0. A 克 in lesson 1 (乙, 癸 days) gives the 初; otherwise 陽日
    take 干上, 陰日 支上; 中 = 刑(初) (self-刑 → the other of 干上/支上), 末 = 刑(中) (self-刑, or back
    to 初 → 沖(中))."""
    if ke.offset != FUYIN_OFFSET:
        return None
    stem, u = ke.stem, ke.uppers
    xing = _xing_table(school)
    if ke.relations[0]:
        init, anchor = u[0], "gan"
        name = "不虞" if ke.relations[0] == 1 else "杜傳"
        if log is not None:
            log.append(f"伏吟 (heaven = earth); lesson 1 has {'上克下' if ke.relations[0] == 1 else '下賊上'}: 初 = {_b(init)}")
    elif stem % 2 == 0:
        init, anchor, name = u[0], "gan", "自任"
        if log is not None:
            log.append(f"伏吟 with no 克; {STEM_CHARS[stem]} is a yang day: 初 = 干上神 {_b(init)} (自任)")
    else:
        init, anchor, name = u[2], "zhi", "自信"
        if log is not None:
            log.append(f"伏吟 with no 克; {STEM_CHARS[stem]} is a yin day: 初 = 支上神 {_b(init)} (自信)")
    if xing[init] == init:
        middle = u[2] if anchor == "gan" else u[0]
        name = name if name == "不虞" else "杜傳"
        if log is not None:
            log.append(f"{_b(init)} punishes itself: 中 = the other anchor {_b(middle)} (杜傳)")
    else:
        middle = xing[init]
        if log is not None:
            log.append(f"中 = what {_b(init)} punishes (刑): {_b(middle)}")
    if xing[middle] == middle or xing[middle] == init:
        last = (middle + OPPOSITE) % 12
        name = name if name == "不虞" else "杜傳"
        if log is not None:
            log.append(f"刑 of {_b(middle)} stops or returns to 初: 末 = its opposite {_b(last)}")
    else:
        last = xing[middle]
        if log is not None:
            log.append(f"末 = what {_b(middle)} punishes: {_b(last)}")
    return init, middle, last, Method.FUYIN, name


def _xing_table(school: School) -> tuple[int, ...]:
    if school.fuyin_chain == "loop":
        return XING
    return tuple(i if i in (SHEN, WEI) else XING[i] for i in range(12))


def fanyin(ke: Ke, school: School, log: list | None) -> Result | None:
    """返吟 (無依 / 井欄射): d = 6. With a 克 the ordinary rules apply (無依); without (丁己辛 丑未
    days) 初 = the day branch's 驛馬, 中 = 支上神, 末 = 干上神 (粹言; 大全 返吟 verse)."""
    if ke.offset != FANYIN_OFFSET:
        return None
    if log is not None:
        log.append("返吟 (every branch faces its opposite)")
    found = zeike(ke, school, log)
    if found is not None:
        init, middle, last, _, _ = found
        return init, middle, last, Method.FANYIN, "無依"
    horse = post_horse(ke.branch)
    if log is not None:
        log.append(
            f"no 克 in any lesson: 初 = 驛馬 of {_b(ke.branch)} = {_b(horse)}, 中 = 支上神 {_b(ke.uppers[2])}, "
            f"末 = 干上神 {_b(ke.uppers[0])} (井欄射)"
        )
    return horse, ke.uppers[2], ke.uppers[0], Method.FANYIN, "井欄射"


def zeike(ke: Ke, school: School, log: list | None) -> Result | None:
    """賊克 (元首/重審/始入): a 下賊上 outranks every 上克下; one candidate branch is the 初 (大全 卷一;
    指南). Several → 比用; then 涉害. 探原 names a single 下賊上 lesson with no 上克下 anywhere 始入."""
    rel = ke.relations
    has_ke = 1 in rel
    if -1 in rel:
        lessons, kind = [i for i in (0, 1, 2, 3) if rel[i] == -1], "下賊上"
    elif has_ke:
        lessons, kind = [i for i in (0, 1, 2, 3) if rel[i] == 1], "上克下"
    else:
        return None
    uppers = ke.uppers
    if len(lessons) == 1:
        candidates, counted = [uppers[lessons[0]]], 1
    else:
        candidates = _unique(uppers[i] for i in lessons)
        counted = len(lessons) if school.count_duplicate_lessons else len({ke.keys[i] for i in lessons})
    if log is not None:
        where = ", ".join(f"lesson {i + 1} ({_b(uppers[i])})" for i in lessons)
        log.append(f"{kind} in {where}" + ("; 下賊上 outranks 上克下" if kind == "下賊上" and has_ke else ""))
    if counted == 1:
        init = candidates[0]
        if kind == "上克下":
            name = "元首"
        else:
            name = "始入" if school.split_shiru and not has_ke and len(lessons) == 1 else "重審"
        if log is not None:
            log.append(f"one candidate: 初 = {_b(init)} ({name})")
        d = ke.offset
        middle = (init + d) % 12
        return init, middle, (middle + d) % 12, Method.ZEIKE, name
    return biyong(ke, school, log, candidates, lessons, kind)


def biyong(ke: Ke, school: School, log: list | None, candidates: list[int], lessons: list[int], kind: str) -> Result:
    """比用 (比用/知一): of several candidates keep those whose yin-yang matches the day stem's;
    exactly one → 初. 俱比 or 俱不比 → 涉害."""
    stem_yang = ke.stem % 2 == 0
    matching = [b for b in candidates if _yang(b) == stem_yang]
    if log is not None:
        log.append(
            f"{len(candidates)} candidates {''.join(map(_b, candidates))}; {STEM_CHARS[ke.stem]} is "
            f"{'yang' if stem_yang else 'yin'}; matching: {''.join(map(_b, matching)) or 'none'}"
        )
    if len(matching) == 1:
        name = "比用" if kind == "下賊上" else "知一"
        if log is not None:
            log.append(f"one candidate matches the day: 初 = {_b(matching[0])} ({name})")
        return _chain(ke, matching[0], Method.BIYONG, name)
    pool = matching or candidates
    if log is not None:
        log.append(("all match (俱比)" if matching else "none matches (俱不比)") + " → 涉害")
    return shehai(ke, school, log, pool, lessons, kind)


def shehai(ke: Ke, school: School, log: list | None, pool: list[int], lessons: list[int], kind: str) -> Result:
    """涉害 (涉害/見機/察微/綴瑕). Default (指南): the candidate on a 孟 square (寅申巳亥) → 見機; else on
    a 仲 (子午卯酉) → 察微; ties → 綴瑕. Depth schools first count, walking home from the square,
    the branches and lodged stems that 克 it (賊) or that it 克s (克); the deepest wins (課經)."""
    d = ke.offset
    if school.shehai != "mengzhong":
        depths = {b: _depth(b, d, kind, school.shehai == "depth") for b in pool}
        deepest = max(depths.values())
        tied = [b for b in pool if depths[b] == deepest]
        if log is not None:
            log.append("depth count: " + ", ".join(f"{_b(b)} on {_b(b - d)} {depths[b]}" for b in pool))
        if len(tied) == 1:
            if log is not None:
                log.append(f"{_b(tied[0])} is deepest: 初 = {_b(tied[0])} (涉害)")
            return _chain(ke, tied[0], Method.SHEHAI, "涉害")
        pool = tied
    for label, squares, name in (("孟 (寅申巳亥)", MENG, "見機"), ("仲 (子午卯酉)", ZHONG, "察微")):
        on = [b for b in pool if (b - d) % 12 in squares]
        if len(on) == 1:
            if log is not None:
                log.append(f"{_b(on[0])} alone stands on a {label} square {_b(on[0] - d)}: 初 = {_b(on[0])} ({name})")
            return _chain(ke, on[0], Method.SHEHAI, name)
        if on:
            pool = on
            break
    order = (0, 1, 2, 3) if ke.stem % 2 == 0 else (2, 3, 0, 1)
    init = next(ke.uppers[i] for i in order if i in lessons and ke.uppers[i] in pool)
    if log is not None:
        log.append(
            f"{''.join(map(_b, pool))} stand on squares of the same kind: 綴瑕 takes the one met first "
            f"from the {'干 (lessons 1–2)' if order[0] == 0 else '支 (lessons 3–4)'} side: 初 = {_b(init)}"
        )
    return _chain(ke, init, Method.SHEHAI, "綴瑕")


def _depth(branch: int, d: int, kind: str, include_start: bool) -> int:
    element = BRANCH_ELEMENT[branch]
    square = (branch - d) % 12
    steps = [(square + k) % 12 for k in range((branch - square) % 12 + 1)]
    if not include_start:
        steps = steps[1:]
    count = 0
    for q in steps:
        elements = [BRANCH_ELEMENT[q]]
        if include_start or q != branch:
            elements += [STEM_ELEMENT[s] for s in LODGED[q]]
        for e in elements:
            if conquers(e, element) if kind == "下賊上" else conquers(element, e):
                count += 1
    return count


def bazhuan(ke: Ke, school: School, log: list | None) -> Result | None:
    """八專 (八專/獨足): on 甲寅 庚申 丁未 己未 癸丑 with no 克, 陽日 count three forward from 干上
    (初 = 干上 + 2), 陰日 three backward from 支陰 (初 = 支陰 − 2); 中 = 末 = 干上 (指南, 心鏡, 探原)."""
    if JIGONG[ke.stem] != ke.branch:
        return None
    u = ke.uppers
    if ke.stem % 2 == 0:
        init = (u[0] + 2) % 12
        how = f"yang day: count three forward from 干上 {_b(u[0])}"
    else:
        init = (u[3] - 2) % 12
        how = f"yin day: count three backward from 支陰 {_b(u[3])}"
    name = "獨足" if init == u[0] else "八專"
    if log is not None:
        log.append(f"八專 day with no 克 (no 遙克 on 八專 days); {how}: 初 = {_b(init)}; 中 = 末 = 干上 {_b(u[0])}")
    return init, u[0], u[0], Method.BAZHUAN, name


def yaoke(ke: Ke, school: School, log: list | None) -> Result | None:
    """遙克 (蒿矢/彈射): no lesson has 克; uppers of lessons 2–4 that 克 the day stem (蒿矢), or else
    that the stem 克s (彈射); several → the one whose yin-yang matches the day (指南)."""
    se = STEM_ELEMENT[ke.stem]
    uppers = ke.uppers[1:]
    found = _unique(b for b in uppers if conquers(BRANCH_ELEMENT[b], se))
    name, how = "蒿矢", "克s the day stem"
    if not found:
        found = _unique(b for b in uppers if conquers(se, BRANCH_ELEMENT[b]))
        name, how = "彈射", "is 克'd by the day stem"
    if not found:
        return None
    if len(found) > 1:
        matching = [b for b in found if _yang(b) == (ke.stem % 2 == 0)]
        if log is not None:
            log.append(f"no 克 in any lesson; {''.join(map(_b, found))} {how}; the one matching the day: {''.join(map(_b, matching))}")
        found = matching or found
    elif log is not None:
        log.append(f"no 克 in any lesson; among the uppers of lessons 2–4 only {_b(found[0])} {how}")
    if log is not None:
        log.append(f"初 = {_b(found[0])} ({name})")
    return _chain(ke, found[0], Method.YAOKE, name)


def maoxing(ke: Ke, school: School, log: list | None) -> Result | None:
    """昴星 (虎視/冬蛇掩目): four distinct lessons, no 克, no 遙克. 陽日 初 = the heaven branch over
    earth 酉, 中 = 支上, 末 = 干上; 陰日 初 = the earth square under heaven 酉, 中 = 干上, 末 = 支上."""
    if len(set(ke.keys)) != 4:
        return None
    u = ke.uppers
    if ke.stem % 2 == 0:
        init, middle, last, name = (YOU + ke.offset) % 12, u[2], u[0], "虎視"
        how = "yang day looks up: 初 = the heaven branch over 酉"
    else:
        init, middle, last, name = (YOU - ke.offset) % 12, u[0], u[2], "冬蛇掩目"
        how = "yin day looks down: 初 = the earth square under 酉"
    if log is not None:
        log.append(f"four distinct lessons, no 克 and no 遙克 → 昴星; {how} = {_b(init)}")
    return init, middle, last, Method.MAOXING, name


def biezhe(ke: Ke, school: School, log: list | None) -> Result | None:
    """別責: three distinct lessons, no 克, no 遙克. 剛日 初 = the heaven branch over the 寄宮 of the
    stem combining with the day stem (干合); 柔日 初 = the next 三合 member after the day branch
    (the branch itself, 指南); 中 = 末 = 干上 (大全 卷一)."""
    if len(set(ke.keys)) != 3:
        return None
    u = ke.uppers
    if ke.stem % 2 == 0:
        partner = STEM_COMBINE[ke.stem]
        init = (JIGONG[partner] + ke.offset) % 12
        how = f"hard day: {STEM_CHARS[ke.stem]} combines with {STEM_CHARS[partner]}, lodged at {_b(JIGONG[partner])}; 初 = the branch over it"
    else:
        init = (ke.branch + SANHE_STEP) % 12
        if school.biezhe_yin == "heaven":
            init = (init + ke.offset) % 12
        how = f"soft day: the 三合 partner after {_b(ke.branch)} gives 初"
    if log is not None:
        log.append(f"only three distinct lessons (不備), no 克 and no 遙克 → 別責; {how} = {_b(init)}")
    return init, u[0], u[0], Method.BIEZHE, "別責"


def _chain(ke: Ke, init: int, method: Method, name: str) -> Result:
    middle = (init + ke.offset) % 12
    return init, middle, (middle + ke.offset) % 12, method, name


METHODS = (fuyin, fanyin, zeike, bazhuan, yaoke, maoxing, biezhe)
"""The methods in the order they are tried."""


def choose(ke: Ke, school: School, log: list | None = None) -> Result:
    """Try each method in order and return the first answer."""
    for method in METHODS:
        found = method(ke, school, log)
        if found is not None:
            return found
    raise AssertionError(f"no method applies to {ke}")  # the exhaustive sweep shows this never happens
