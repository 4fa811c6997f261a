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
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cycle import (
    BAIHU,
    BRANCH_CHARS,
    BRANCH_ELEMENT,
    CHEN,
    ELEMENT_CHARS,
    GENERAL_ELEMENT,
    GENERAL_NAMES,
    GUIREN,
    JIGONG,
    KIN,
    LIUHE,
    OPPOSITE,
    QINGLONG,
    SANHE_STEP,
    STEM_CHARS,
    STEM_ELEMENT,
    STEM_LU,
    TIANKONG,
    conquers,
    kin_of,
    post_horse,
    produces,
    xun_branch,
)
from ..errors import ParseError, quote
from ..generals import general_index
from ..patterns import PATTERNS
from ..patterns import shensha as ss
from ..patterns.view import GOOD_GENERALS
from ..school import NOBLE_LABEL

if TYPE_CHECKING:
    from ..chart import Chart

RELATIONS = ("生我", "我生", "克我", "我克", "比和")
STATES = ("旺", "相", "休", "囚", "死")
SIDES = ("干", "支", "歲", "月", "行年", "本命")
SHA = (
    "驛馬",
    "日祿",
    "日德",
    "丁神",
    "日墓",
    "劫煞",
    "災煞",
    "亡神",
    "天羅",
    "地網",
    "旬首",
    "日支",
    "太歲",
    "月建",
    "死神",
    "死氣",
    "月厭",
    "天網煞",
    "天刑",
)
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
    "year_upper": "行年上神",
    "fate_upper": "本命上神",
    "gang": "天罡 (heaven 辰, the 星奇 of 死奇)",
    "sun_qi": "日奇 (the 月將, the sun's place)",
    "moon_qi": "月奇 (the moon's lodge)",
    "dark_qi": "星奇 or 月奇",
    "any_qi": "星奇, 日奇 or 月奇",
    "tiger": "the branch 白虎 rides",
    "noble": "the branch 貴人 rides",
    "hour": "the hour branch (占時)",
    "day_tomb": "the 墓 of the day stem (in heaven)",
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
    "chart": ("a worked example's chart: day, hour, general and noble (丙申午時亥將晝)", ()),
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
    "bubei_side": ("which side a 不備 lacks: 陽 (陽不備) or 陰 (陰不備)", ("陽", "陰")),
    "yang_vs_noble": ("where the 陽神 (uppers of lessons 1 and 3) stand: 前 or 後 the 貴人", ("前", "後")),
    "yin_vs_noble": ("where the 陰神 (uppers of lessons 2 and 4) stand: 前 or 後 the 貴人", ("前", "後")),
    "amnesty": ("the day is the season's 天赦日", ("true", "false")),
    "lesson_type": ("the lesson type (課體) the 三傳 method gives", ()),
    "pattern": ("a named pattern that holds", ()),
    "has_general_in_trans": ("a general among the 三傳's generals", GENERAL_NAMES),
}
"""Conditions on the chart as a whole: (meaning, accepted values; empty when any name is accepted)."""

OPS = ("=", "!=", "in")
_SEASONS = ("春", "夏", "秋", "冬")
_FORM = re.compile(r"^\s*([a-z_]+)(?:\.([a-z_]+))?\s*(!=|=|\bin\b)\s*(.*?)\s*$")


class Lacking(Exception):
    """The chart lacks what would decide a condition: ``what`` is "month", "year", "nianming" or "moon"."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


class Ctx:
    """A chart as the conditions read it: integers, computed once per chart (a reading evaluates a few
    hundred conditions on one chart)."""

    __slots__ = (
        "chart",
        "d",
        "day",
        "fate",
        "fate_upper",
        "gen",
        "lessons_kind",
        "month",
        "noble",
        "patterns",
        "school",
        "stem",
        "stem_el",
        "trans",
        "unjudged",
        "uppers",
        "void",
        "year",
        "year_branch",
        "year_upper",
        "z",
    )

    def __init__(self, chart: Chart) -> None:
        self.chart = chart
        self.school = chart.school
        self.d = chart.offset
        self.stem = chart.stem.ordinal
        self.stem_el = STEM_ELEMENT[self.stem]
        self.z = chart.branch.ordinal
        self.day = chart.day.ordinal
        self.uppers = tuple(lesson.upper.ordinal for lesson in chart.lessons)
        self.lessons_kind = tuple(lesson.kind for lesson in chart.lessons)
        self.trans = tuple(x.branch.ordinal for x in chart.transmissions)
        self.noble = chart.noble_branch.ordinal
        forward = chart.generals_forward
        self.gen = tuple(general_index(b, self.noble, forward) for b in range(12))
        self.void = frozenset(b.ordinal for b in chart.void)
        self.month = None if chart.month is None else chart.month.ordinal
        self.year_branch = None if chart.year is None else chart.year.ordinal
        nm = chart.nianming
        self.year = None if nm is None else nm.xingnian.ordinal
        self.fate = None if nm is None else nm.benming.ordinal
        self.year_upper = None if nm is None else nm.xingnian_upper.ordinal
        self.fate_upper = None if nm is None else nm.benming_upper.ordinal
        self.patterns = tuple(p.name for p in chart.patterns)
        self.unjudged = frozenset(chart.unjudged_patterns)


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
        if not holds and partial is not None:
            return Fact(self.text, None, found, partial)
        return Fact(self.text, holds, found)

    def _found(self, ctx: Ctx) -> tuple[tuple[tuple[str, ...], ...], str | None]:
        """What the chart shows for this condition, place by place, and what it lacks for the rest of an
        "any" target (or None)."""
        if not self.target:
            if self.attr == "pattern":
                lacking = [p for p in PATTERNS if p.name in self.values and p.name in ctx.unjudged]
                if lacking and self.op != "!=":
                    return (ctx.patterns,), "nianming" if any(p.needs_nianming for p in lacking) else "month"
                return (ctx.patterns,), None
            return (_CHART_READERS[self.attr](ctx),), None
        if self.target == "day_stem":
            return ((_STEM_READERS[self.attr](ctx),),), None
        places, partial = _places(self.target, ctx)
        read = _READERS[self.attr]
        if self.attr == "sha" and partial is None:
            partial = _sha_lacking(self.values, ctx)
        return tuple(read(ctx, branch) for branch in places), partial

    def _test(self, found: tuple[str, ...]) -> bool:
        inside = any(v in self.values for v in found)
        return not inside if self.op == "!=" else inside


ANY_TARGETS = frozenset(("any_trans", "any_lesson_upper", "any_place", "dark_qi", "any_qi"))
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


# ---------------------------------------------------------------- where a target is


def relation(a: int, b: int) -> str:
    """How element ``a`` stands to element ``b``, said from ``b``'s side (我 = ``b``): 生我 (``a``
    produces ``b``), 我生, 克我 (``a`` 克s ``b``), 我克, 比和.

    >>> relation(0, 1), relation(1, 0), relation(3, 0), relation(0, 3), relation(2, 2)
    ('生我', '我生', '克我', '我克', '比和')
    """
    if a == b:
        return "比和"
    if produces(a, b):
        return "生我"
    if produces(b, a):
        return "我生"
    return "克我" if conquers(a, b) else "我克"


def _need(value: int | None, what: str) -> int:
    if value is None:
        raise Lacking(what)
    return value


_SINGLE: dict[str, Callable[[Ctx], int]] = {
    "init": lambda x: x.trans[0],
    "middle": lambda x: x.trans[1],
    "final": lambda x: x.trans[2],
    "gan_upper": lambda x: x.uppers[0],
    "gan_yin": lambda x: x.uppers[1],
    "zhi_upper": lambda x: x.uppers[2],
    "year_upper": lambda x: _need(x.year_upper, "nianming"),
    "fate_upper": lambda x: _need(x.fate_upper, "nianming"),
    "gang": lambda x: CHEN,
    "sun_qi": lambda x: x.chart.general.ordinal,
    "tiger": lambda x: x.gen.index(BAIHU),
    "noble": lambda x: x.noble,
    "hour": lambda x: x.chart.hour.ordinal,
    "day_tomb": lambda x: ss.tomb_of_stem(x.stem, x.school),
}


def _places(target: str, x: Ctx) -> tuple[tuple[int, ...], str | None]:
    """The branches (ordinals) at a target, and what the chart lacks for the rest of an "any" target.
    Raises :class:`Lacking` when the whole target is out of reach."""
    single = _SINGLE.get(target)
    if single is not None:
        return (single(x),), None
    if target in ("any_trans", "all_trans"):
        return x.trans, None
    if target == "any_lesson_upper":
        return x.uppers, None
    if target == "any_place":
        if x.year_upper is None or x.fate_upper is None:
            return (*x.trans, *x.uppers), "nianming"
        return (*x.trans, *x.uppers, x.year_upper, x.fate_upper), None
    if target == "dark_qi":  # 星 (天罡) is on the chart; 月 needs the moon's lodge
        return (CHEN,), "moon"
    if target == "any_qi":
        return (CHEN, x.chart.general.ordinal), "moon"
    raise Lacking("moon")  # moon_qi: the chart does not hold the moon's lodge


# ---------------------------------------------------------------- what a branch shows


def _earth(x: Ctx, b: int) -> int:
    return (b - x.d) % 12


def _over(x: Ctx, b: int) -> tuple[str, ...]:
    square = _earth(x, b)
    places = (
        ("干", JIGONG[x.stem]),
        ("支", x.z),
        ("歲", x.year_branch),
        ("月", x.month),
        ("行年", x.year),
        ("本命", x.fate),
    )
    return tuple(name for name, place in places if place == square)


def _to(place: int, b: int, *, combine: bool = False, clash: bool = False) -> tuple[str, ...]:
    found = [relation(BRANCH_ELEMENT[b], BRANCH_ELEMENT[place])]
    if combine and LIUHE[b] == place:
        found.append("合")
    if clash and (b + OPPOSITE) % 12 == place:
        found.append("沖")
    return tuple(found)


def _lessons_with(x: Ctx, b: int) -> tuple[int, ...]:
    return tuple(i for i, u in enumerate(x.uppers) if u == b)


def _daily_sha(x: Ctx) -> dict[str, int]:
    return {
        "驛馬": post_horse(x.z),
        "日祿": STEM_LU[x.stem],
        "日德": ss.DAY_VIRTUE[x.stem],
        "丁神": ss.ding_spirit(x.day),
        "日墓": ss.tomb_of_stem(x.stem, x.school),
        "劫煞": ss.robbery(x.z),
        "災煞": ss.calamity(x.z),
        "亡神": ss.lost_spirit(x.z),
        "天羅": ss.sky_net_of_stem(x.stem),
        "地網": ss.earth_net(ss.sky_net_of_stem(x.stem)),
        "旬首": xun_branch(x.day),
        "日支": x.z,
    }


def _monthly_sha(m: int) -> dict[str, int]:
    return {
        "月建": m,
        "死神": ss.death_spirit(m),
        "死氣": ss.death_qi(m),
        "月厭": ss.month_loathing(m),
        "天網煞": ss.sky_net_sha(m),
        "天刑": ss.sky_punishment(m),
    }


def _sha(x: Ctx, b: int) -> tuple[str, ...]:
    found = [name for name, place in _daily_sha(x).items() if place == b]
    if x.year_branch == b:
        found.append("太歲")
    if x.month is not None:
        found += [name for name, place in _monthly_sha(x.month).items() if place == b]
    return tuple(found)


MONTHLY_SHA = frozenset(("月建", "死神", "死氣", "月厭", "天網煞", "天刑"))
"""The 神煞 a month decides; 太歲 needs the year."""


def _sha_lacking(wanted: tuple[str, ...], x: Ctx) -> str | None:
    """What the chart lacks to say whether a wanted 神煞 stands there: a monthly one without the month,
    太歲 without the year (the condition is then open, not false, where no daily one holds)."""
    if x.month is None and MONTHLY_SHA.intersection(wanted):
        return "month"
    if x.year_branch is None and "太歲" in wanted:
        return "year"
    return None


def _side(x: Ctx, b: int) -> tuple[str, ...]:
    return tuple(dict.fromkeys("陽" if i in (0, 2) else "陰" for i in _lessons_with(x, b)))


def _ke(x: Ctx, b: int) -> tuple[str, ...]:
    return tuple(dict.fromkeys(x.lessons_kind[i] for i in _lessons_with(x, b) if x.lessons_kind[i]))


def _chonged(x: Ctx, b: int) -> tuple[str, ...]:
    places = [x.uppers[0], x.uppers[2], x.trans[1], x.trans[2]]
    if x.year_upper is not None and x.fate_upper is not None:
        places += [x.year_upper, x.fate_upper]
    hit = (b + OPPOSITE) % 12 in places
    if not hit and x.year_upper is None:
        raise Lacking("nianming")
    return ("true" if hit else "false",)


def _combine_stem(x: Ctx, b: int) -> tuple[str, ...]:
    jig = JIGONG[x.stem]
    found = []
    if (b - jig) % SANHE_STEP == 0 and b != jig:
        found.append("三合")
    if LIUHE[b] == jig:
        found.append("六合")
    return tuple(found)


def _war(x: Ctx, b: int) -> str:
    ge, be = GENERAL_ELEMENT[x.gen[b]], BRANCH_ELEMENT[b]
    return "內戰" if conquers(be, ge) else "外戰" if conquers(ge, be) else "比和"


def _one(f: Callable[[Ctx, int], str]) -> Callable[[Ctx, int], tuple[str, ...]]:
    return lambda x, b: (f(x, b),)


def _rel(a: int, b: int) -> str:
    return relation(BRANCH_ELEMENT[a], BRANCH_ELEMENT[b])


_READERS: dict[str, Callable[[Ctx, int], tuple[str, ...]]] = {
    "branch": _one(lambda x, b: BRANCH_CHARS[b]),
    "general": _one(lambda x, b: GENERAL_NAMES[x.gen[b]]),
    "general_kind": _one(lambda x, b: "吉將" if x.gen[b] in GOOD_GENERALS else "凶將"),
    "general_element": _one(lambda x, b: ELEMENT_CHARS[GENERAL_ELEMENT[x.gen[b]]]),
    "general_to_stem": _one(lambda x, b: relation(GENERAL_ELEMENT[x.gen[b]], x.stem_el)),
    "war": _one(_war),
    "kin": _one(lambda x, b: kin_of(x.stem, b)),
    "strength": _one(lambda x, b: ss.season_state(b, _need(x.month, "month"), x.school)),
    "void": _one(lambda x, b: "true" if b in x.void else "false"),
    "element": _one(lambda x, b: ELEMENT_CHARS[BRANCH_ELEMENT[b]]),
    "to_stem": _one(lambda x, b: relation(BRANCH_ELEMENT[b], x.stem_el)),
    "to_branch": _one(lambda x, b: _rel(b, x.z)),
    "to_init": _one(lambda x, b: _rel(b, x.trans[0])),
    "to_final": _one(lambda x, b: _rel(b, x.trans[2])),
    "to_taisui": lambda x, b: _to(_need(x.year_branch, "year"), b, clash=True),
    "to_xingnian": lambda x, b: _to(_need(x.year, "nianming"), b, combine=True),
    "to_benming": lambda x, b: _to(_need(x.fate, "nianming"), b, combine=True),
    "combine_stem": _combine_stem,
    "stage": _one(lambda x, b: ss.stage(x.stem, b, x.school)),
    "tomb": lambda x, b: ("用",) if ss.element_tomb(BRANCH_ELEMENT[x.trans[0]], x.school) == b else (),
    "earth": _one(lambda x, b: BRANCH_CHARS[_earth(x, b)]),
    "earth_strength": _one(lambda x, b: ss.season_state(_earth(x, b), _need(x.month, "month"), x.school)),
    "earth_stage": _one(lambda x, b: ss.stage(x.stem, _earth(x, b), x.school)),
    "earth_to_stem": _one(lambda x, b: relation(BRANCH_ELEMENT[_earth(x, b)], x.stem_el)),
    "under": _one(lambda x, b: _rel(_earth(x, b), b)),
    "earth_rel": _one(lambda x, b: _rel(_earth(x, b), b)),
    "over": _over,
    "side": _side,
    "lesson_of": lambda x, b: tuple(dict.fromkeys("干" if i < 2 else "支" for i in _lessons_with(x, b))),
    "ke": _ke,
    "chonged": _chonged,
    "lesson": lambda x, b: tuple(str(i + 1) for i in _lessons_with(x, b)),
    "sha": _sha,
}

_STEM_READERS: dict[str, Callable[[Ctx], str]] = {
    "strength": lambda x: ss.stem_state(x.stem, _need(x.month, "month"), x.school),
    "element": lambda x: ELEMENT_CHARS[x.stem_el],
    "yinyang": lambda x: "陽" if x.stem % 2 == 0 else "陰",
    "stem": lambda x: STEM_CHARS[x.stem],
}


# ---------------------------------------------------------------- the chart as a whole

SANHE_ELEMENT = {0: 4, 3: 0, 2: 1, 1: 3}
"""三合 frames by their members' place mod 4: 申子辰 水, 亥卯未 木, 寅午戌 火, 巳酉丑 金."""


def _sanhe(branches: tuple[int, ...]) -> int | None:
    """The element of the 三合 frame the three branches make, or None."""
    if len(set(branches)) == 3 and len({b % SANHE_STEP for b in branches}) == 1:
        return SANHE_ELEMENT[branches[0] % SANHE_STEP]
    return None


def _sequence(x: Ctx) -> tuple[str, ...]:
    """What the 三傳 do in a row: 遞生 (初 生 中 生 末), 遞克, 同類 (one element, or a 三合 frame), and
    whether the 末 生s or 克s the day stem."""
    e = [BRANCH_ELEMENT[b] for b in x.trans]
    found = []
    if produces(e[0], e[1]) and produces(e[1], e[2]):
        found.append("遞生")
    if (conquers(e[0], e[1]) and conquers(e[1], e[2])) or (conquers(e[2], e[1]) and conquers(e[1], e[0])):
        found.append("遞克")  # either way round: 殃咎課 l. 147 calls 子未寅 (末克中，中克初) 遞克 too
    if len(set(e)) == 1 or _sanhe(x.trans) is not None:
        found.append("同類")
    if produces(e[2], x.stem_el):
        found.append("生日")
    if conquers(e[2], x.stem_el):
        found.append("克日")
    return tuple(found)


def _noble_side(x: Ctx, lessons: tuple[int, int]) -> tuple[str, ...]:
    """前 when both uppers stand in front of the 貴人 (蛇雀合勾青), 後 when both behind (天空 counts behind
    unless the school says neither), nothing when they are split (指南 前五後六)."""
    sides = set()
    for i in lessons:
        g = x.gen[x.uppers[i]]
        if g == TIANKONG and x.school.tiankong == "neither":
            return ()
        sides.add("" if g == GUIREN else ("前" if g <= QINGLONG else "後"))
    return (sides.pop(),) if len(sides) == 1 and "" not in sides else ()


def _bubei_side(x: Ctx) -> tuple[str, ...]:
    """陽不備 when the lessons kept are one 陽 (1, 3) and two 陰, 陰不備 when two 陽 and one 陰 (無淫課)."""
    keys = x.chart.lesson_identities
    if len(set(keys)) != 3:
        return ()
    kept: list[int] = []
    for i in (0, 1, 2, 3) if x.stem % 2 == 0 else (2, 3, 0, 1):
        if all(keys[j] != keys[i] for j in kept):
            kept.append(i)
    return ("陰",) if sum(1 for i in kept if i in (0, 2)) == 2 else ("陽",)


def _gan_zhi(x: Ctx) -> tuple[str, ...]:
    r = relation(x.stem_el, BRANCH_ELEMENT[x.z])
    return ({"生我": "干生支", "我生": "支生干", "克我": "干克支", "我克": "支克干"}.get(r, "比和"),)


def _jiaohu(x: Ctx) -> tuple[str, ...]:
    hit = conquers(BRANCH_ELEMENT[x.uppers[0]], BRANCH_ELEMENT[x.z]) and conquers(
        BRANCH_ELEMENT[x.uppers[2]], x.stem_el
    )
    return ("true" if hit else "false",)


def _kinds(x: Ctx) -> tuple[str, ...]:
    return tuple(dict.fromkeys(k for k in x.lessons_kind if k))


_CHART_READERS: dict[str, Callable[[Ctx], tuple[str, ...]]] = {
    "time": lambda x: (NOBLE_LABEL[x.chart.noble],),
    "noble_dir": lambda x: ("順" if x.chart.generals_forward else "逆",),
    "season": lambda x: (_SEASONS[ss.season(_need(x.month, "month"))],),
    "month": lambda x: (BRANCH_CHARS[_need(x.month, "month")],),
    "month_general": lambda x: (str(x.chart.general),),
    "chart": lambda x: (f"{x.chart.day}{x.chart.hour}時{x.chart.general}將{NOBLE_LABEL[x.chart.noble]}",),
    "day": lambda x: (str(x.chart.day),),
    "day_pillar": lambda x: (str(x.chart.day),),
    "day_stem": lambda x: (STEM_CHARS[x.stem],),
    "day_kind": lambda x: ("剛" if x.stem % 2 == 0 else "柔",),
    "gan_zhi": _gan_zhi,
    "plate": lambda x: ({0: "伏吟", OPPOSITE: "返吟"}.get(x.d, ""),),
    "trans_seq": _sequence,
    "trans_yinyang": lambda x: ("陽多" if sum(b % 2 == 0 for b in x.trans) >= 2 else "陰多",),
    "sanhe": lambda x: tuple(ELEMENT_CHARS[e] for e in [_sanhe(x.trans)] if e is not None),
    "ke_kind": lambda x: ("下賊上",) if "下賊上" in x.lessons_kind else _kinds(x)[:1],
    "lesson_ke": _kinds,
    "jiaohu_ke": _jiaohu,
    "bubei_side": _bubei_side,
    "yang_vs_noble": lambda x: _noble_side(x, (0, 2)),
    "yin_vs_noble": lambda x: _noble_side(x, (1, 3)),
    "amnesty": lambda x: ("true" if ss.is_amnesty_day(x.day, _need(x.month, "month")) else "false",),
    "lesson_type": lambda x: (str(x.chart.lesson_type),),
    "has_general_in_trans": lambda x: tuple(GENERAL_NAMES[x.gen[b]] for b in x.trans),
}
