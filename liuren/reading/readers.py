"""What a chart shows where a condition looks: the chart read once into integers (:class:`Ctx`), the
places each target names, and what each attribute reads there (:data:`READERS`, :data:`STEM_READERS`,
:data:`CHART_READERS`). :mod:`liuren.reading.conditions` holds the grammar and the tables of names.

Relations are said from the side of the thing measured against (我): :func:`relation` (``a``, ``b``) is
生我 when ``a`` produces ``b``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..cycle import (
    BAIHU,
    BRANCH_CHARS,
    BRANCH_ELEMENT,
    CHEN,
    ELEMENT_CHARS,
    GENERAL_ELEMENT,
    GENERAL_NAMES,
    HARM,
    JIGONG,
    LIUHE,
    LIUHE_GENERAL,
    OPPOSITE,
    PILLARS,
    PO,
    SANHE_STEP,
    STEM_CHARS,
    STEM_ELEMENT,
    STEM_LU,
    XING,
    conquers,
    kin_of,
    post_horse,
    produces,
    xun_branch,
)
from ..generals import general_index
from ..lessons import KINDS
from ..patterns import shensha as ss
from ..patterns.view import DAY_VOID, GOOD_GENERALS, View, set_view, unfrozen
from ..records import Yaoke
from ..school import NOBLE_LABEL
from ..transmissions import Method, Trace, yaoke

if TYPE_CHECKING:
    from ..chart import Chart

SEASONS = ("春", "夏", "秋", "冬")
NONE_UNJUDGED: frozenset[str] = frozenset()  # the unjudged patterns of most charts, shared (it cannot change)


def chart_key(chart: Chart) -> str:
    """A worked example's chart as the data names it: day, hour, general and noble, ``丙申 午時 亥將 晝``."""
    return example_key(chart.day.ordinal, chart.hour.ordinal, chart.general.ordinal, chart.noble)


def example_key(day: int, hour: int, general: int, noble: str) -> str:
    """:func:`chart_key` from the ordinals of the day, hour and general, and the noble ("day" or "night")."""
    return f"{PILLARS[day]} {BRANCH_CHARS[hour]}時 {BRANCH_CHARS[general]}將 {NOBLE_LABEL[noble]}"


class Lacking(Exception):
    """The chart lacks what would decide a condition: ``what`` is "month", "year", "nianming" or "moon"."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


class Ctx(View):
    """A chart as the conditions read it: the detectors' :class:`~liuren.patterns.view.View` (one integer
    view of a chart for the rules, the patterns and the reading, its integers taken from the engine's
    ``Ke``) with what the reading reads besides: the day's ordinal, the day stem's element, each
    lesson's 克, the general on every branch, the void, the 年命's upper branches, the patterns that
    hold and those the chart cannot judge. Built once per chart (a reading decides a few hundred
    conditions on one chart); the 神煞 on each branch and the chart's key are placed on first use, and
    what each target and attribute shows is read into its table of facts (``read``) on first use."""

    __slots__ = (
        "benming_upper",
        "day",
        "gen",
        "key",
        "lessons_kind",
        "patterns",
        "read",
        "sha",
        "stem_el",
        "unjudged",
        "void",
        "xingnian_upper",
    )

    day: int
    stem_el: int
    lessons_kind: tuple[str, ...]
    gen: tuple[int, ...]
    """The general (index, 0 = 貴人) riding each heaven branch."""
    void: frozenset[int]
    xingnian_upper: int | None
    """行年上神 (None without a 年命)."""
    benming_upper: int | None
    """本命上神 (None without a 年命)."""
    patterns: tuple[str, ...]
    unjudged: frozenset[str]
    sha: tuple[tuple[str, ...], ...] | None
    """The 神煞 on each branch (ordinal), placed on first use."""
    key: str
    """The chart as a worked example's condition names it (:func:`chart_key`), written on first use."""
    read: dict[int, object]
    """The chart's table of facts: what each target and attribute the compiled conditions look at shows
    (or what the chart lacks to say it), by the number :func:`~liuren.reading.conditions.fact_slot` gives
    it, read once per chart however many conditions read it."""

    def __init__(self, chart: Chart) -> None:
        frozen = self.__class__
        object.__setattr__(self, "__class__", unfrozen(frozen))  # a View is frozen: set as a plain record
        x: Any = self
        set_view(x, chart)
        nm, (found, unjudged) = chart.nianming, chart._detected()  # the patterns judged, those it cannot
        r0, r1, r2, r3 = chart._ke.relations  # the four lessons': four lookups cost less than a comprehension
        x.day = chart.day.ordinal
        x.stem_el = STEM_ELEMENT[x.stem]
        x.lessons_kind = (KINDS[r0], KINDS[r1], KINDS[r2], KINDS[r3])
        x.gen = GENERAL_AT[x.noble * 2 + x.forward]
        x.void = DAY_VOID[x.day]
        x.xingnian_upper = None if nm is None else nm.xingnian_upper.ordinal
        x.benming_upper = None if nm is None else nm.benming_upper.ordinal
        x.patterns = tuple([p.name for p in found])
        x.unjudged = frozenset(unjudged) if unjudged else NONE_UNJUDGED
        x.sha, x.read, x.key = None, {}, ""
        self.__class__ = frozen


GENERAL_AT = tuple(
    tuple(general_index(b, noble, forward) for b in range(12)) for noble in range(12) for forward in (False, True)
)
"""The general (index, 0 = 貴人) riding each heaven branch, for each placement: ``[noble * 2 + forward][branch]``."""


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


SINGLE_PLACES: dict[str, Callable[[Ctx], int]] = {
    "init": lambda x: x.transmissions[0],
    "middle": lambda x: x.transmissions[1],
    "final": lambda x: x.transmissions[2],
    "gan_upper": lambda x: x.uppers[0],
    "gan_yin": lambda x: x.uppers[1],
    "zhi_upper": lambda x: x.uppers[2],
    "year_upper": lambda x: _need(x.xingnian_upper, "nianming"),
    "fate_upper": lambda x: _need(x.benming_upper, "nianming"),
    "gang": lambda x: CHEN,
    "sun_qi": lambda x: x.sun,
    "tiger": lambda x: x.gen.index(BAIHU),
    "liuhe": lambda x: x.gen.index(LIUHE_GENERAL),
    "noble": lambda x: x.noble,
    "hour": lambda x: x.hour,
    "day_tomb": lambda x: ss.tomb_of_stem(x.stem, x.school),
    "init_earth": lambda x: _earth(x, x.transmissions[0]),
    "day_birth": lambda x: ss.changsheng(x.stem, x.school),
}
"""The targets that name one place: the branch (ordinal) each reads on a chart."""

PLACES_LACKING = frozenset(("year_upper", "fate_upper"))
"""The targets of :data:`SINGLE_PLACES` whose place a chart may lack (the 年命's uppers): their readers may
raise :class:`Lacking`, the others never do (``tests/test_reading_compiled.py`` checks both)."""


def places(target: str, x: Ctx) -> tuple[tuple[int, ...], str | None]:
    """The branches (ordinals) at a target, and what the chart lacks for the rest of an "any" target.
    Raises :class:`Lacking` when the whole target is out of reach."""
    single = SINGLE_PLACES.get(target)
    if single is not None:
        return (single(x),), None
    if target in ("any_trans", "all_trans"):
        return x.transmissions, None
    if target == "any_lesson_upper":
        return x.uppers, None
    if target == "any_place":
        if x.xingnian_upper is None or x.benming_upper is None:
            return (*x.transmissions, *x.uppers), "nianming"
        return (*x.transmissions, *x.uppers, x.xingnian_upper, x.benming_upper), None
    if target == "six_places":  # 元首課 l.27 「六處」, the translator's note l.29: 干上 支上 初 中 末 年命上神
        six = (x.uppers[0], x.uppers[2], *x.transmissions)
        if x.xingnian_upper is None or x.benming_upper is None:
            return six, "nianming"
        return (*six, x.xingnian_upper, x.benming_upper), None
    if target == "dark_qi":  # 星 (天罡) is on the chart; 月 needs the moon's lodge
        return (CHEN,), "moon"
    if target == "any_qi":
        return (CHEN, x.sun), "moon"
    raise Lacking("moon")  # moon_qi: the chart does not hold the moon's lodge


# ---------------------------------------------------------------- what a branch shows


def _earth(x: Ctx, b: int) -> int:
    return (b - x.offset) % 12


def _over(x: Ctx, b: int) -> tuple[str, ...]:
    square = _earth(x, b)
    places = (
        ("干", JIGONG[x.stem]),
        ("支", x.branch),
        ("歲", x.year),
        ("月", x.month),
        ("行年", x.xingnian),
        ("本命", x.benming),
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


def _monthly(place: Callable[[int], int]) -> Callable[[Ctx], int | None]:
    return lambda x: None if x.month is None else place(x.month)


SHA_PLACES: dict[str, Callable[[Ctx], int | None]] = {
    "驛馬": lambda x: post_horse(x.branch),
    "日祿": lambda x: STEM_LU[x.stem],
    "日德": lambda x: ss.DAY_VIRTUE[x.stem],
    "丁神": lambda x: ss.ding_spirit(x.day),
    "日墓": lambda x: ss.tomb_of_stem(x.stem, x.school),
    "劫煞": lambda x: ss.robbery(x.branch),
    "災煞": lambda x: ss.calamity(x.branch),
    "亡神": lambda x: ss.lost_spirit(x.branch),
    "天羅": lambda x: ss.sky_net_of_stem(x.stem),
    "地網": lambda x: ss.earth_net(ss.sky_net_of_stem(x.stem)),
    "旬首": lambda x: xun_branch(x.day),
    "日支": lambda x: x.branch,
    "太歲": lambda x: x.year,
    "月建": lambda x: x.month,
    "死神": _monthly(ss.death_spirit),
    "死氣": _monthly(ss.death_qi),
    "月厭": _monthly(ss.month_loathing),
    "天網煞": _monthly(ss.sky_net_sha),
    "天刑": _monthly(ss.sky_punishment),
}
"""Where each 神煞 a condition can name stands on a chart (a branch's ordinal), or None where the chart
lacks what places it (the year for 太歲, the month for the monthly ones): the daily ones, then 太歲, then
the monthly ones, the order in which a branch lists them."""


def _sha(x: Ctx, b: int) -> tuple[str, ...]:
    at = x.sha
    if at is None:  # placed once per chart: every branch's 神煞, in the order of the table
        found: list[list[str]] = [[] for _ in range(12)]
        for name, place_of in SHA_PLACES.items():
            place = place_of(x)
            if place is not None:
                found[place].append(name)
        at = tuple(tuple(names) for names in found)
        object.__setattr__(x, "sha", at)
    return at[b]


def sha_marked(wanted: tuple[str, ...], x: Ctx) -> frozenset[int]:
    """The branches (ordinals) where one of the ``wanted`` 神煞 stands: what a condition naming them reads,
    without placing the others (:func:`_sha` places them all, for the facts shown)."""
    return frozenset(place for name in wanted if (place := SHA_PLACES[name](x)) is not None)


MONTHLY_SHA = frozenset(("月建", "死神", "死氣", "月厭", "天網煞", "天刑"))
"""The 神煞 a month decides; 太歲 needs the year."""


def sha_lacking(wanted: tuple[str, ...], x: Ctx) -> str | None:
    """What the chart lacks to say whether a wanted 神煞 stands there: a monthly one without the month,
    太歲 without the year (the condition is then open, not false, where no daily one holds)."""
    if x.month is None and MONTHLY_SHA.intersection(wanted):
        return "month"
    if x.year is None and "太歲" in wanted:
        return "year"
    return None


def _side(x: Ctx, b: int) -> tuple[str, ...]:
    return tuple(dict.fromkeys("陽" if i in (0, 2) else "陰" for i in _lessons_with(x, b)))


def _ke(x: Ctx, b: int) -> tuple[str, ...]:
    return tuple(dict.fromkeys(x.lessons_kind[i] for i in _lessons_with(x, b) if x.lessons_kind[i]))


def _chonged(x: Ctx, b: int) -> tuple[str, ...]:
    places = [x.uppers[0], x.uppers[2], x.transmissions[1], x.transmissions[2]]
    if x.xingnian_upper is not None and x.benming_upper is not None:
        places += [x.xingnian_upper, x.benming_upper]
    hit = (b + OPPOSITE) % 12 in places
    if not hit and x.xingnian_upper is None:
        raise Lacking("nianming")
    return ("true" if hit else "false",)


def _afflicted(x: Ctx, b: int) -> tuple[str, ...]:
    """Whether the branch is void, or struck by 刑, 害, 沖 or 破 from one of the 六處 (干上, 支上, 中傳, 末傳, 行年 and
    本命上神): 「不可使地盤受空、虛、刑、害、沖、破之境」 (元首課 l.27). A place showing the branch itself is not
    counted (自刑 needs two places, and the 初傳 is often the 干上 itself); without the 年命 a branch nothing else
    strikes is open, as for :func:`_chonged`."""
    if b in x.void:
        return ("true",)
    places = [x.uppers[0], x.uppers[2], x.transmissions[1], x.transmissions[2]]
    if x.xingnian_upper is not None and x.benming_upper is not None:
        places += [x.xingnian_upper, x.benming_upper]
    hit = any(p != b and b in ((p + OPPOSITE) % 12, XING[p], HARM[p], PO[p]) for p in places)
    if not hit and x.xingnian_upper is None:
        raise Lacking("nianming")
    return ("true" if hit else "false",)


def _combine(place: int, b: int) -> tuple[str, ...]:
    found = []
    if (b - place) % SANHE_STEP == 0 and b != place:
        found.append("三合")
    if LIUHE[b] == place:
        found.append("六合")
    return tuple(found)


def _stem_side(x: Ctx, b: int) -> tuple[str, ...]:
    """前 when the earth square under the branch is one to five squares ahead of the day stem's 寄宮 in the
    branches' order, 後 when one to five behind (nothing on the 寄宮 itself or opposite it)."""
    step = (_earth(x, b) - JIGONG[x.stem]) % 12
    return ("前",) if 0 < step < OPPOSITE else ("後",) if step > OPPOSITE else ()


def _war(x: Ctx, b: int) -> str:
    ge, be = GENERAL_ELEMENT[x.gen[b]], BRANCH_ELEMENT[b]
    return "內戰" if conquers(be, ge) else "外戰" if conquers(ge, be) else "比和"


def _one(f: Callable[[Ctx, int], str]) -> Callable[[Ctx, int], tuple[str, ...]]:
    return lambda x, b: (f(x, b),)


def _rel(a: int, b: int) -> str:
    return relation(BRANCH_ELEMENT[a], BRANCH_ELEMENT[b])


READERS: dict[str, Callable[[Ctx, int], tuple[str, ...]]] = {
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
    "to_branch": _one(lambda x, b: _rel(b, x.branch)),
    "to_init": _one(lambda x, b: _rel(b, x.transmissions[0])),
    "to_final": _one(lambda x, b: _rel(b, x.transmissions[2])),
    "to_taisui": lambda x, b: _to(_need(x.year, "year"), b, clash=True),
    "to_xingnian": lambda x, b: _to(_need(x.xingnian, "nianming"), b, combine=True),
    "to_benming": lambda x, b: _to(_need(x.benming, "nianming"), b, combine=True),
    "combine_stem": lambda x, b: _combine(JIGONG[x.stem], b),
    "combine_branch": lambda x, b: _combine(x.branch, b),
    "stage": _one(lambda x, b: ss.stage(x.stem, b, x.school)),
    "tomb": lambda x, b: ("用",) if ss.element_tomb(BRANCH_ELEMENT[x.transmissions[0]], x.school) == b else (),
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
    "afflicted": _afflicted,
    "to_init_earth": _one(lambda x, b: _rel(b, _earth(x, x.transmissions[0]))),
    "stem_side": _stem_side,
}

READERS_LACKING = frozenset(
    ("strength", "earth_strength", "to_taisui", "to_xingnian", "to_benming", "chonged", "afflicted")
)
"""The attributes of :data:`READERS` whose reader may raise :class:`Lacking` (the month, the year, the 年命):
the generated walk reads every other one without a ``try`` (:mod:`liuren.reading.generated`)."""

STEM_READERS: dict[str, Callable[[Ctx], str]] = {
    "strength": lambda x: ss.stem_state(x.stem, _need(x.month, "month"), x.school),
    "element": lambda x: ELEMENT_CHARS[x.stem_el],
    "yinyang": lambda x: "陽" if x.stem % 2 == 0 else "陰",
    "stem": lambda x: STEM_CHARS[x.stem],
}

STEM_READERS_LACKING = frozenset(("strength",))
"""The attributes of :data:`STEM_READERS` whose reader may raise :class:`Lacking` (the month)."""


# ---------------------------------------------------------------- the chart as a whole

SANHE_ELEMENT = {0: 4, 3: 0, 2: 1, 1: 3}
"""三合 frames by their members' place mod 4: 申子辰 水, 亥卯未 木, 寅午戌 火, 巳酉丑 金."""


def _sanhe(branches: tuple[int, ...]) -> int | None:
    """The element of the 三合 frame the three branches make, or None."""
    if len(set(branches)) == 3 and len({b % SANHE_STEP for b in branches}) == 1:
        return SANHE_ELEMENT[branches[0] % SANHE_STEP]
    return None


def sequence(t: tuple[int, ...], stem_el: int) -> tuple[str, ...]:
    """What the 三傳 ``t`` do in a row: 遞生 (初 生 中 生 末), 遞克, 同類 (one element, or a 三合 frame), and
    whether the 末 生s or 克s the day stem (its element ``stem_el``)."""
    e = [BRANCH_ELEMENT[b] for b in t]
    found = []
    if produces(e[0], e[1]) and produces(e[1], e[2]):
        found.append("遞生")
    if (conquers(e[0], e[1]) and conquers(e[1], e[2])) or (conquers(e[2], e[1]) and conquers(e[1], e[0])):
        found.append("遞克")  # either way round: 殃咎課 l. 147 calls 子未寅 (末克中，中克初) 遞克 too
    if len(set(e)) == 1 or _sanhe(t) is not None:
        found.append("同類")
    if produces(e[2], stem_el):
        found.append("生日")
    if conquers(e[2], stem_el):
        found.append("克日")
    return tuple(found)


def _noble_side(x: Ctx, lessons: tuple[int, int]) -> tuple[str, ...]:
    """前 when both uppers stand in front of the 貴人 (蛇雀合勾青), 後 when both behind (天空 counts behind
    unless the school says neither), nothing when they are split (指南 前五後六): :meth:`View.side`."""
    sides = {x.side(x.uppers[i]) for i in lessons}
    return ("前",) if sides == {1} else ("後",) if sides == {-1} else ()


def _bubei_side(x: Ctx) -> tuple[str, ...]:
    """陽不備 when the lessons kept are one 陽 (1, 3) and two 陰, 陰不備 when two 陽 and one 陰 (無淫課). On an 八專
    day (干支同位), whose lessons are two, ``School.bazhuan_bubei`` decides: "both" reads 陽不備 and 陰不備 (八專課
    l.167 「陰陽不備」), "neither" reads no side lacking (one 陽 lesson and one 陰)."""
    keys = x.chart.lesson_identities
    if JIGONG[x.stem] == x.branch:
        return ("陽", "陰") if x.school.bazhuan_bubei == "both" else ()
    if len(set(keys)) != 3:
        return ()
    kept: list[int] = []
    for i in (0, 1, 2, 3) if x.stem % 2 == 0 else (2, 3, 0, 1):
        if all(keys[j] != keys[i] for j in kept):
            kept.append(i)
    return ("陰",) if sum(1 for i in kept if i in (0, 2)) == 2 else ("陽",)


def gan_zhi(stem_el: int, branch: int) -> tuple[str, ...]:
    r = relation(stem_el, BRANCH_ELEMENT[branch])
    return ({"生我": "干生支", "我生": "支生干", "克我": "干克支", "我克": "支克干"}.get(r, "比和"),)


def jiaohu(gan_upper: int, zhi_upper: int, branch: int, stem_el: int) -> tuple[str, ...]:
    hit = conquers(BRANCH_ELEMENT[gan_upper], BRANCH_ELEMENT[branch]) and conquers(BRANCH_ELEMENT[zhi_upper], stem_el)
    return ("true" if hit else "false",)


def upper_ke(gan_upper: int, zhi_upper: int) -> tuple[str, ...]:
    """Whether the 日上神 and the 辰上神 克 one another, either way: 「辰上神剋日上神，為陰不與陽親；日上神克辰上神，
    為陽不與陰合」 (無淫課 l.127), the 克 that makes 無淫 beside 日辰交互相剋. 無淫課 l.163 judges 庚辰 申時
    by it (「天罡土神克神后水，亦是陽不與陰合」)."""
    a, b = BRANCH_ELEMENT[gan_upper], BRANCH_ELEMENT[zhi_upper]
    return ("true" if conquers(a, b) or conquers(b, a) else "false",)


def xinghai(t: tuple[int, ...]) -> tuple[str, ...]:
    """刑 when one of the 三傳 ``t`` punishes another (三刑, 子卯, or a 自刑 branch repeated), 害 when one harms
    another (六害): 「見三刑」, 「見六害」 (遙克課 l.15)."""
    pairs = [(t[i], t[j]) for i in range(3) for j in range(3) if i != j]
    found = []
    if any(XING[a] == b for a, b in pairs):
        found.append("刑")
    if any(HARM[a] == b for a, b in pairs):
        found.append("害")
    return tuple(found)


def _yaoke_bi(x: Ctx) -> tuple[str, ...]:
    """知一 in a 遙克 chart: several uppers 遙克 the day and the 比 (the day's 陰陽) alone picks the 用, as the
    method's own record of the choice shows: 「若是彈射又是知一課，尤為無力」 (遙克課 l.47)."""
    if x.chart.method is not Method.YAOKE:
        return ("false",)
    trace = Trace()
    yaoke(x.chart._ke, x.school, trace)
    record = trace.find(Yaoke)
    chosen = record is not None and len(record.found) > 1 and len(record.matching) == 1
    return ("true" if chosen else "false",)


def pillar(day: int) -> tuple[str, ...]:
    return (str(PILLARS[day]),)


def stem_kind(stem: int) -> tuple[str, ...]:
    return ("剛" if stem % 2 == 0 else "柔",)


def plate(offset: int) -> tuple[str, ...]:
    return ({0: "伏吟", OPPOSITE: "返吟"}.get(offset, ""),)


def trans_yinyang(t: tuple[int, ...]) -> tuple[str, ...]:
    return ("陽多" if sum(b % 2 == 0 for b in t) >= 2 else "陰多",)


def sanhe(t: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(ELEMENT_CHARS[e] for e in [_sanhe(t)] if e is not None)


def generals_in(generals: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(GENERAL_NAMES[g] for g in generals)


def _key(x: Ctx) -> str:
    key = chart_key(x.chart)
    object.__setattr__(x, "key", key)
    return key


def _kinds(x: Ctx) -> tuple[str, ...]:
    return tuple(dict.fromkeys(k for k in x.lessons_kind if k))


CHART_READERS: dict[str, Callable[[Ctx], tuple[str, ...]]] = {
    "time": lambda x: (NOBLE_LABEL[x.chart.noble],),
    "noble_dir": lambda x: ("順" if x.forward else "逆",),
    "season": lambda x: (SEASONS[ss.season(_need(x.month, "month"))],),
    "month": lambda x: (BRANCH_CHARS[_need(x.month, "month")],),
    "month_general": lambda x: (str(x.chart.general),),
    "chart": lambda x: (x.key or _key(x),),
    "day": lambda x: pillar(x.day),
    "day_pillar": lambda x: pillar(x.day),
    "day_stem": lambda x: (STEM_CHARS[x.stem],),
    "day_kind": lambda x: stem_kind(x.stem),
    "gan_zhi": lambda x: gan_zhi(x.stem_el, x.branch),
    "plate": lambda x: plate(x.offset),
    "trans_seq": lambda x: sequence(x.transmissions, x.stem_el),
    "trans_yinyang": lambda x: trans_yinyang(x.transmissions),
    "sanhe": lambda x: sanhe(x.transmissions),
    "ke_kind": lambda x: ("下賊上",) if "下賊上" in x.lessons_kind else _kinds(x)[:1],
    "lesson_ke": _kinds,
    "jiaohu_ke": lambda x: jiaohu(x.uppers[0], x.uppers[2], x.branch, x.stem_el),
    "upper_ke": lambda x: upper_ke(x.uppers[0], x.uppers[2]),
    "bubei_side": _bubei_side,
    "yang_vs_noble": lambda x: _noble_side(x, (0, 2)),
    "yin_vs_noble": lambda x: _noble_side(x, (1, 3)),
    "amnesty": lambda x: ("true" if ss.is_amnesty_day(x.day, _need(x.month, "month")) else "false",),
    "lesson_type": lambda x: (str(x.chart.lesson_type),),
    "trans_xinghai": lambda x: xinghai(x.transmissions),
    "yaoke_bi": _yaoke_bi,
    "has_general_in_trans": lambda x: generals_in(tuple([x.gen[b] for b in x.transmissions])),
}

CHART_READERS_LACKING = frozenset(("season", "month", "amnesty"))
"""The attributes of :data:`CHART_READERS` whose reader may raise :class:`Lacking` (the month)."""
