"""The conditions of a judgement that a chart can decide, in a small checkable form.

A condition is written ``<target>.<attr> <op> <value>`` or, for the chart as a whole,
``<name> <op> <value>``; ``op`` is ``=``, ``!=`` (none of the values) or ``in`` (values joined by ``,``), and a statement's
conditions are joined by ``&``. Targets name a place on the chart (``init`` 初傳, ``gan_upper`` 干上神,
``year_upper`` 行年上神 …), attributes what is read there (``general``, ``kin``, ``strength`` …);
:data:`TARGETS`, :data:`ATTRS` and :data:`CHART_LEVEL` list them with their classical names. Each
evaluation returns a :class:`Fact`: whether the condition holds, what the chart shows there, and, when
the chart lacks what decides it (the month for 旺相休囚, the 年命 for 行年上神, the moon's lodge for the
月奇 of 死奇), ``holds`` is None and ``needs`` names what is missing.

Relations are said from the side of the thing measured against (我): ``init.to_stem = 生我`` is "the
初傳 produces the day stem", ``middle.to_init = 克我`` "the 中傳 克s the 初傳", ``init.under = 克我``
"the earth square under the 初傳 克s it" (下賊上).

>>> from liuren import chart
>>> c = chart("丙申", "午", "亥", month="寅")
>>> parse_condition("init.general = 太常").evaluate(c)
Fact(condition='init.general = 太常', holds=True, found=('太常',), needs=None)
>>> parse_condition("init.strength in 旺,相").evaluate(c)
Fact(condition='init.strength in 旺,相', holds=True, found=('旺',), needs=None)
>>> parse_condition("init.strength in 旺,相").evaluate(chart("丙申", "午", "亥")).needs
'month'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cycle import (
    BRANCH_CHARS,
    ELEMENT_CHARS,
    GENERAL_NAMES,
    KIN,
    STEM_CHARS,
)
from ..errors import ParseError, quote
from ..patterns import PATTERNS
from ..patterns import shensha as ss
from .readers import (
    CHART_READERS,
    READERS,
    SHA_PLACES,
    SINGLE_PLACES,
    STEM_READERS,
    Ctx,
    Lacking,
    places,
    sha_lacking,
    sha_marked,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..chart import Chart

State = bool | str
"""What a compiled condition (:func:`compile_condition`) says of a chart: True, False, or what the chart
lacks to decide it ("month", "year", "nianming", "moon"): the ``holds`` and ``needs`` of its :class:`Fact`."""

RELATIONS = ("生我", "我生", "克我", "我克", "比和")
STATES = ("旺", "相", "休", "囚", "死")
SIDES = ("干", "支", "歲", "月", "行年", "本命")
SHA = tuple(SHA_PLACES)
"""The 神煞 a condition can name on a branch (``init.sha = 驛馬``); the daily ones need only the day, the
monthly ones (死神 死氣 月厭 天網煞 天刑, and 月建) the month, 太歲 the year."""

TARGETS: dict[str, str] = {
    "init": "初傳 (發用)",
    "middle": "中傳",
    "final": "末傳",
    "any_trans": "三傳 (any of them)",
    "all_trans": "三傳 (all three)",
    "gan_upper": "干上神 (日上, the upper of lesson 1)",
    "gan_yin": "日之陰神 (the upper of lesson 2)",
    "zhi_upper": "支上神 (辰上, the upper of lesson 3)",
    "any_lesson_upper": "四課上神 (any of them)",
    "any_place": "any of the 三傳, the four lesson uppers and the 年命上神",
    "six_places": "the 六處 (元首課 l.27, the translator's note l.29): 干上, 支上, the 三傳 and the 年命上神 (any of them)",
    "year_upper": "行年上神",
    "fate_upper": "本命上神",
    "gang": "天罡 (heaven 辰, the 星奇 of 死奇)",
    "sun_qi": "日奇 (the 月將, the sun's place)",
    "moon_qi": "月奇 (the moon's lodge)",
    "dark_qi": "星奇 or 月奇",
    "any_qi": "星奇, 日奇 or 月奇",
    "tiger": "the branch 白虎 rides",
    "liuhe": "the branch 六合 rides",
    "noble": "the branch 貴人 rides",
    "hour": "the hour branch (占時)",
    "day_tomb": "the 墓 of the day stem (in heaven)",
    "init_earth": "the earth square under the 初傳 (發用's 地盤之辰, 元首課 l.27)",
    "day_birth": "日本: the day stem's 長生 branch (天獄課 l.19 「日本者，長生位也」)",
}
"""Where on the chart a condition looks (a branch, or several), with the classical name."""

ATTRS: dict[str, tuple[str, tuple[str, ...]]] = {
    "branch": ("the branch", tuple(BRANCH_CHARS)),
    "general": ("the general riding it (天將)", GENERAL_NAMES),
    "general_kind": ("吉將 (貴人 六合 青龍 太常 太陰 天后) or 凶將", ("吉將", "凶將")),
    "general_element": ("the element of the general riding it", tuple(ELEMENT_CHARS)),
    "general_to_stem": ("the riding general's element against the day stem's", RELATIONS),
    "war": ("內戰 (the branch 克s its general), 外戰 (the general 克s the branch) or 比和", ("內戰", "外戰", "比和")),
    "kin": ("its 六親 to the day stem", KIN),
    "strength": ("旺相休囚死 in the month", STATES),
    "void": ("旬空", ("true", "false")),
    "element": ("its element (五行)", tuple(ELEMENT_CHARS)),
    "to_stem": ("its element against the day stem's", RELATIONS),
    "to_branch": ("its element against the day branch's", RELATIONS),
    "to_init": ("its element against the 初傳's", RELATIONS),
    "to_final": ("its element against the 末傳's", RELATIONS),
    "to_taisui": ("against the 太歲: 沖, or its element's relation", (*RELATIONS, "沖")),
    "to_xingnian": ("against the 行年 branch: 合 (六合), or its element's relation", (*RELATIONS, "合")),
    "to_benming": ("against the 本命 branch: 合 (六合), or its element's relation", (*RELATIONS, "合")),
    "combine_stem": ("三合 or 六合 with the day stem's 寄宮", ("三合", "六合")),
    "stage": ("the day stem's 十二長生 stage at the branch", ss.STAGES),
    "tomb": ("用: the branch is the 墓 of the 初傳's element", ("用",)),
    "earth": ("the earth square it stands over", tuple(BRANCH_CHARS)),
    "earth_strength": ("旺相休囚死 of the earth square under it", STATES),
    "earth_stage": ("the day stem's 十二長生 stage at the earth square under it", ss.STAGES),
    "earth_to_stem": ("the earth square's element against the day stem's", RELATIONS),
    "under": ("the earth square's element against its own (克我: 克ed from below)", RELATIONS),
    "earth_rel": ("the same as under", RELATIONS),
    "over": ("the place it stands over: 干 (the stem's 寄宮), 支, 歲, 月, 行年 or 本命", SIDES),
    "side": ("陽 (an upper of lessons 1 or 3, 陽神) or 陰 (of lessons 2 or 4, 陰神)", ("陽", "陰")),
    "lesson_of": ("干 (an upper of lessons 1–2) or 支 (of lessons 3–4)", ("干", "支")),
    "ke": ("the 克 of the lesson it is the upper of", ("上克下", "下賊上")),
    "chonged": ("struck (沖) from one of the 六處 (干上, 支上, 中傳, 末傳, 行年 and 本命上神)", ("true", "false")),
    "lesson": ("which lesson (1–4) has it as its upper", ("1", "2", "3", "4")),
    "sha": ("a 神煞 standing on it", SHA),
    "afflicted": (
        "void, or struck (刑 害 沖 破) from one of the 六處 (元首課 l.27 「受空、虛、刑、害、沖、破」)",
        ("true", "false"),
    ),
    "combine_branch": ("三合 or 六合 with the day branch", ("三合", "六合")),
    "to_init_earth": ("its element against the earth square under the 初傳's (扶: 生我 or 比和)", RELATIONS),
    "stem_side": (
        "前 or 後 the day stem's 寄宮: the earth square under it, one to five squares ahead or behind",
        ("前", "後"),
    ),
}
"""What a condition reads at a target: (meaning, accepted values)."""

STEM_ATTRS: dict[str, tuple[str, tuple[str, ...]]] = {
    "strength": ("旺相休囚死 of the day stem in the month", STATES),
    "element": ("the day stem's element", tuple(ELEMENT_CHARS)),
    "yinyang": ("陽 (剛日) or 陰 (柔日)", ("陽", "陰")),
    "stem": ("the day stem", tuple(STEM_CHARS)),
}
"""What a condition reads on the target ``day_stem`` (a stem, not a branch)."""

CHART_LEVEL: dict[str, tuple[str, tuple[str, ...]]] = {
    "time": ("晝 or 夜 (which noble the chart takes)", ("晝", "夜")),
    "noble_dir": ("貴人順治 or 逆治", ("順", "逆")),
    "season": ("the season of the month (月建)", ("春", "夏", "秋", "冬")),
    "month": ("the month branch (月建)", tuple(BRANCH_CHARS)),
    "month_general": ("the month general (月將)", tuple(BRANCH_CHARS)),
    "chart": ("a worked example's chart: day, hour, general and noble (丙申 午時 亥將 晝)", ()),
    "day": ("the day pillar", ()),
    "day_pillar": ("the day pillar", ()),
    "day_stem": ("the day stem", tuple(STEM_CHARS)),
    "day_kind": ("剛日 or 柔日", ("剛", "柔")),
    "gan_zhi": ("the day stem against the day branch", ("干克支", "支克干", "干生支", "支生干", "比和")),
    "plate": ("伏吟 (the plate does not turn), 返吟 (each branch over its opposite) or neither", ("伏吟", "返吟", "")),
    "trans_seq": (
        "how the 三傳 run: 遞生, 遞克, 同類, or ending in 生日/克日",
        ("遞生", "遞克", "同類", "生日", "克日"),
    ),
    "trans_yinyang": ("陽多 or 陰多 among the 三傳's branches", ("陽多", "陰多")),
    "sanhe": ("the 三傳 make a 三合 frame, by its element", tuple(ELEMENT_CHARS)),
    "ke_kind": ("the 克 in the lessons the 初傳 is taken from (賊 first)", ("上克下", "下賊上")),
    "lesson_ke": ("a 克 somewhere in the four lessons", ("上克下", "下賊上")),
    "jiaohu_ke": ("日辰交互相剋: 干上神 克s the 支 and 支上神 克s the 干", ("true", "false")),
    "upper_ke": (
        "the 日上神 and the 辰上神 克 one another, either way (陽不與陰合 or 陰不與陽親, 無淫課 l.127)",
        ("true", "false"),
    ),
    "bubei_side": ("which side a 不備 lacks: 陽 (陽不備) or 陰 (陰不備)", ("陽", "陰")),
    "yang_vs_noble": ("where the 陽神 (uppers of lessons 1 and 3) stand: 前 or 後 the 貴人", ("前", "後")),
    "yin_vs_noble": ("where the 陰神 (uppers of lessons 2 and 4) stand: 前 or 後 the 貴人", ("前", "後")),
    "amnesty": ("the day is the season's 天赦日", ("true", "false")),
    "lesson_type": ("the lesson type (課體) the 三傳 method gives", ()),
    "pattern": ("a named pattern that holds", ()),
    "trans_xinghai": ("刑 or 害 between two of the 三傳 (三刑 with 自刑, 六害)", ("刑", "害")),
    "has_general_in_trans": ("a general among the 三傳's generals", GENERAL_NAMES),
    "yaoke_bi": (
        "知一 in 遙克: several uppers 遙克 the day and the 比 (the day's 陰陽) picks the 用 (遙克課 l.47)",
        ("true", "false"),
    ),
}
"""Conditions on the chart as a whole: (meaning, accepted values; empty when any name is accepted)."""

OPS = ("=", "!=", "in")
SEASONS = ("春", "夏", "秋", "冬")
_FORM = re.compile(r"^\s*([a-z_]+)(?:\.([a-z_]+))?\s*(!=|=|\bin\b)\s*(.*?)\s*$")


@dataclass(frozen=True, slots=True)
class Fact:
    """What the chart says about one condition: ``holds`` (None when the chart cannot decide),
    ``found`` (the values the chart shows at the target) and ``needs`` ("month", "year", "nianming",
    "moon"), set when the chart lacks what would decide."""

    condition: str
    holds: bool | None
    found: tuple[str, ...]
    needs: str | None = None


@dataclass(frozen=True, slots=True)
class Condition:
    """One checkable condition: ``target`` ("" for the chart as a whole), ``attr``, ``op`` and
    ``values``; ``text`` is its written form."""

    target: str
    attr: str
    op: str
    values: tuple[str, ...]
    text: str

    def evaluate(self, chart: Chart | Ctx) -> Fact:
        """Whether the condition holds on ``chart``, with what the chart shows there."""
        ctx = chart if isinstance(chart, Ctx) else Ctx(chart)
        try:
            per_place, partial = self._found(ctx)
        except Lacking as lacking:
            return Fact(self.text, None, (), lacking.what)
        found = tuple(v for place in per_place for v in place)
        if self.target == "all_trans":
            holds = all(self._test(place) for place in per_place)
        else:
            holds = self._test(found)
        if partial is not None and holds is (self.op == "!="):  # the places the chart lacks could decide it
            return Fact(self.text, None, found, partial)
        return Fact(self.text, holds, found)

    def _found(self, ctx: Ctx) -> tuple[tuple[tuple[str, ...], ...], str | None]:
        """What the chart shows for this condition, place by place, and what it lacks for the rest of an
        "any" target (or None)."""
        if not self.target:
            if self.attr == "pattern":
                lacking = [p for p in PATTERNS if p.name in self.values and p.name in ctx.unjudged]
                if lacking:
                    return (ctx.patterns,), "nianming" if any(p.needs_nianming for p in lacking) else "month"
                return (ctx.patterns,), None
            return (CHART_READERS[self.attr](ctx),), None
        if self.target == "day_stem":
            return ((STEM_READERS[self.attr](ctx),),), None
        at, partial = places(self.target, ctx)
        read = READERS[self.attr]
        if self.attr == "sha" and partial is None:
            partial = sha_lacking(self.values, ctx)
        return tuple(read(ctx, branch) for branch in at), partial

    def _test(self, found: tuple[str, ...]) -> bool:
        inside = any(v in self.values for v in found)
        return not inside if self.op == "!=" else inside


SLOTS: dict[tuple[str, str, bool], int] = {}
"""The number of each target and attribute a compiled condition reads (:func:`fact_slot`), its place in a
chart's table of facts (:attr:`~liuren.reading.readers.Ctx.read`)."""

Places = tuple[tuple[tuple[str, ...], ...], str | None, tuple[str, ...]]
"""What a target shows for an attribute, place by place, what the chart lacks for the rest of an "any"
target (or None), and every value shown at any of its places (what an "any" condition tests)."""


def fact_slot(target: str, attr: str, by_place: bool = False) -> int:
    """The number of ``target``.``attr`` in a chart's table of facts, given once (a new target or attribute
    of the grammar gets the next): what it shows, or with ``by_place`` what each of its places shows
    (:data:`Places`)."""
    return SLOTS.setdefault((target, attr, by_place), len(SLOTS))


def compile_condition(condition: Condition) -> Callable[[Ctx], State]:
    """``condition`` compiled once into a test of a chart's :class:`~liuren.reading.readers.Ctx`: True or
    False where :meth:`Condition.evaluate` holds or fails, else the :class:`Fact`'s ``needs`` (what the
    chart lacks). It builds no :class:`Fact`: a reading decides with it which statements apply, and builds
    their facts only when they are read. What the target shows for the attribute is read once per chart
    into the chart's table of facts (:attr:`~liuren.reading.readers.Ctx.read`), which every condition on
    the same target and attribute shares; a condition on the 神煞 places only the 神煞 it names
    (:func:`~liuren.reading.readers.sha_marked`). :meth:`Condition.evaluate` stays the reference it must
    agree with.

    >>> from liuren import chart
    >>> test = compile_condition(parse_condition("init.strength in 旺,相"))
    >>> test(Ctx(chart("丙申", "午", "亥", month="寅"))), test(Ctx(chart("丙申", "午", "亥")))
    (True, 'month')
    """
    values = frozenset(condition.values)
    neg = condition.op == "!="
    target, attr = condition.target, condition.attr
    if not target and attr == "pattern":
        wanted = tuple((p.name, p.needs_nianming) for p in PATTERNS if p.name in condition.values)

        def pattern(x: Ctx) -> State:
            if not values.isdisjoint(x.patterns):
                return not neg
            lacking = [nianming for name, nianming in wanted if name in x.unjudged]
            if lacking:  # a pattern named could hold (or, for "!=", fail), but the chart lacks what decides it
                return "nianming" if any(lacking) else "month"
            return neg

        return pattern
    if not target:
        whole = CHART_READERS[attr]
        slot = fact_slot(target, attr)

        def chart_level(x: Ctx) -> State:
            found = x.read.get(slot)
            if found is None:
                try:
                    found = x.read[slot] = whole(x)
                except Lacking as lacking:
                    found = x.read[slot] = lacking.what
            if isinstance(found, str):  # what the chart lacks
                return found
            return values.isdisjoint(found) if neg else not values.isdisjoint(found)  # type: ignore[arg-type]

        return chart_level
    if target == "day_stem":
        stem = STEM_READERS[attr]

        def day_stem(x: Ctx) -> State:
            try:
                return (stem(x) in values) is not neg
            except Lacking as lacking:
                return lacking.what

        return day_stem
    read = READERS[attr]
    single = SINGLE_PLACES.get(target)
    if single is not None and attr != "sha":
        slot = fact_slot(target, attr)

        def one(x: Ctx) -> State:
            found = x.read.get(slot)
            if found is None:
                try:
                    found = x.read[slot] = read(x, single(x))
                except Lacking as lacking:
                    found = x.read[slot] = lacking.what
            if isinstance(found, str):  # what the chart lacks
                return found
            return values.isdisjoint(found) if neg else not values.isdisjoint(found)  # type: ignore[arg-type]

        return one
    every = target == "all_trans"
    if attr == "sha":  # the places of the 神煞 named, not every branch's (the facts shown place them all)
        named = condition.values

        def sha(x: Ctx) -> State:
            try:
                at, partial = places(target, x)
            except Lacking as lacking:
                return lacking.what
            if partial is None:
                partial = sha_lacking(named, x)
            marked = sha_marked(named, x)
            if every:
                holds = all((b in marked) is not neg for b in at)
            else:  # some place shows one of the 神煞 named
                holds = marked.isdisjoint(at) is neg
            if partial is not None and holds is neg:  # the places the chart lacks could decide it
                return partial
            return holds

        return sha
    shown = places_of(target, attr)

    def many(x: Ctx) -> State:
        found = shown(x)
        if isinstance(found, str):  # what the chart lacks
            return found
        per_place, partial, shown_anywhere = found
        if every:
            holds = all(values.isdisjoint(p) is neg for p in per_place)
        else:  # some place shows one of the values: the values shown anywhere do
            holds = values.isdisjoint(shown_anywhere) is neg
        if partial is not None and holds is neg:  # the places the chart lacks could decide it
            return partial
        return holds

    return many


def places_of(target: str, attr: str) -> Callable[[Ctx], Places | str]:
    """What ``target`` shows for ``attr`` on a chart, place by place (:data:`Places`), or what the chart
    lacks to read the target at all: read once per chart into its table of facts."""
    read = READERS[attr]
    slot = fact_slot(target, attr, by_place=True)

    def shown(x: Ctx) -> Places | str:
        found = x.read.get(slot)
        if found is None:
            try:
                at, partial = places(target, x)
                per_place = tuple(read(x, branch) for branch in at)
                found = x.read[slot] = per_place, partial, tuple(v for place in per_place for v in place)
            except Lacking as lacking:
                found = x.read[slot] = lacking.what
        return found  # type: ignore[return-value]  # only a target's places or a need are kept at its slot

    return shown


ANY_TARGETS = frozenset(("any_trans", "any_lesson_upper", "any_place", "six_places", "dark_qi", "any_qi"))
"""Targets that hold when any one of their places does. Two conditions of one statement on the same such
target must hold at the same place: 「或有金而金落空」 (遙克課) asks for one 傳 that is 金 and void, not a
金 傳 beside another that is void."""


def evaluate_together(conditions: tuple[Condition, ...], chart: Chart | Ctx) -> tuple[Fact, ...]:
    """Conditions of one statement on the same "any" target, evaluated at the same place: the i-th fact
    holds when some place satisfies the first i + 1 conditions together, and shows their values there."""
    ctx = chart if isinstance(chart, Ctx) else Ctx(chart)
    try:
        read = [c._found(ctx) for c in conditions]
    except Lacking as lacking:
        return tuple(Fact(c.text, None, (), lacking.what) for c in conditions)
    partial = read[0][1]
    places = list(range(len(read[0][0])))
    facts = []
    for i, condition in enumerate(conditions):
        places = [p for p in places if condition._test(read[i][0][p])]
        found = tuple(v for p in places for v in read[i][0][p])
        if places:
            facts.append(Fact(condition.text, True, found))
        else:
            facts.append(Fact(condition.text, None if partial else False, found, partial))
    return tuple(facts)


def compile_together(conditions: tuple[Condition, ...]) -> Callable[[Ctx], State]:
    """Conditions of one statement on the same "any" target compiled once into one test: True when some
    place satisfies them all, else False, or what the chart lacks where :func:`evaluate_together` leaves
    a fact open (its facts hold from the first up to where no place is left, and none fails before).

    >>> from liuren import chart
    >>> void_metal = compile_together(
    ...     (parse_condition("any_trans.element = 金"), parse_condition("any_trans.void = true"))
    ... )
    >>> void_metal(Ctx(chart("辛巳", "辰", "巳")))  # 午 未 申, void 申酉: the 金 傳 is void
    True
    >>> void_metal(Ctx(chart("甲午", "申", "巳")))  # 申 巳 寅, void 辰巳: 金 at 申, the void at 巳
    False
    """

    shown = tuple(places_of(c.target, c.attr) for c in conditions)
    tests = tuple((frozenset(c.values), c.op == "!=") for c in conditions)  # as Condition._test reads them

    first = conditions[0]

    def together(x: Ctx) -> State:
        read: list[tuple[tuple[str, ...], ...]] = []
        partial = None  # what the chart lacks for the rest of the first condition's target
        for of in shown:
            found = of(x)
            if isinstance(found, str):  # what the chart lacks
                return found
            if not read:
                partial = found[1]
            read.append(found[0])
        if first.attr == "sha" and partial is None:
            partial = sha_lacking(first.values, x)
        places: list[int] = list(range(len(read[0])))
        for (values, neg), per_place in zip(tests, read, strict=True):
            places = [p for p in places if values.isdisjoint(per_place[p]) is neg]
            if not places:
                return partial or False
        return True

    return together


def parse_condition(text: object) -> Condition:
    """Read one condition written as ``target.attr op value`` or ``name op value``."""
    if not isinstance(text, str):
        raise ParseError(f"condition {quote(text)} is not text; accepted: 'target.attr = value' or 'name = value'")
    match = _FORM.match(text)
    if match is None:
        raise ParseError(f"condition {quote(text)} is not of the form 'target.attr = value' (ops: {', '.join(OPS)})")
    head, attr, op, raw = match.groups()
    values = tuple(v.strip() for v in raw.split(",")) if op != "=" else (raw.strip(),)
    if attr is None:
        if head not in CHART_LEVEL:
            raise ParseError(
                f"condition {quote(text)}: {quote(head)} is not a chart-level name; accepted: {', '.join(CHART_LEVEL)}"
            )
        target, attr, accepted = "", head, CHART_LEVEL[head][1]
    elif head == "day_stem":
        if attr not in STEM_ATTRS:
            raise ParseError(
                f"condition {quote(text)}: {quote(attr)} is not read on day_stem; accepted: {', '.join(STEM_ATTRS)}"
            )
        target, accepted = head, STEM_ATTRS[attr][1]
    else:
        if head not in TARGETS:
            raise ParseError(
                f"condition {quote(text)}: {quote(head)} is not a target; accepted: day_stem, {', '.join(TARGETS)}"
            )
        if attr not in ATTRS:
            raise ParseError(
                f"condition {quote(text)}: {quote(attr)} is not an attribute; accepted: {', '.join(ATTRS)}"
            )
        target, accepted = head, ATTRS[attr][1]
    bad = [v for v in values if accepted and v not in accepted]
    if bad or not values or (not all(values) and "" not in accepted):
        shown = ", ".join(accepted) if accepted else "a name"
        raise ParseError(
            f"condition {quote(text)}: value {quote(bad[0] if bad else '')} not accepted; accepted: {shown}"
        )
    written = f"{head}.{attr}" if attr != head or target else head
    return Condition(target, attr, op, values, f"{written} {op} {','.join(values)}")


def parse_conditions(text: str) -> tuple[Condition, ...]:
    """Read the conditions of one statement, joined by ``&`` (an empty text is no condition)."""
    return tuple(parse_condition(part) for part in text.split("&") if part.strip())
