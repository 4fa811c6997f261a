"""三傳: the nine methods (九宗門) that pick the initial transmission, tried in their written order.

Order (探原 推演篇, 指南 卷一, 大全 卷一): 伏吟 → 返吟 → 賊克 (with 比用 and 涉害) → 八專 → 遙克 →
昴星 → 別責. Unless a method says otherwise, 中傳 = the heaven branch over the 初傳's square and
末傳 = the heaven branch over the 中傳's (docs/rules.md §4).

Each method is a small function of a :class:`Ke` (the lessons as integers) that returns
``(init, middle, last, method, lesson_type)`` or None when it does not apply. What each gate decided
it hands to a listening :class:`Trace` as a rule record of :mod:`liuren.records` (``ZeikeOne``,
``BiyongFilter``, ``ShehaiDepth`` …), every value by name. Charts are built with :data:`SILENT`,
which does not listen, so the chart's fast path builds no record (``if trace.listening:`` guards
each one); :meth:`liuren.Chart.steps` runs the methods again with a real trace and
:mod:`liuren.show.gates` turns each record into words. A new rule is a record (in
:mod:`liuren.records`), the method that emits it (here), and its renderer (in :mod:`liuren.show.gates`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar, TypeVar

from .cycle import (
    BRANCH_CHARS,
    BRANCH_ELEMENT,
    FANYIN_OFFSET,
    FUYIN_OFFSET,
    JIGONG,
    MENG,
    OPPOSITE,
    PO,
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
    kin_of,
    post_horse,
)
from .lessons import Ke
from .school import School

if TYPE_CHECKING:
    from .records import Record

R = TypeVar("R")


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


class LessonType(StrEnum):
    """The lesson type (課體) a method gives; equal to its Chinese name ("元首" == LessonType.YUANSHOU).
    The 八專 lesson whose three transmissions are one branch is 獨腳, as the chapter writes it; the
    tables' spelling 獨足 (see :data:`LESSON_TYPE_ALIASES`) is read as 獨腳."""

    YUANSHOU = "元首"
    CHONGSHEN = "重審"
    SHIRU = "始入"
    BIYONG = "比用"
    ZHIYI = "知一"
    SHEHAI = "涉害"
    JIANJI = "見機"
    CHAWEI = "察微"
    ZHUIXIA = "綴瑕"
    BIYONG_GE = "比用格"
    HAOSHI = "蒿矢"
    DANSHE = "彈射"
    HUSHI = "虎視"
    DONGSHE_YANMU = "冬蛇掩目"
    BIEZHE = "別責"
    BAZHUAN = "八專"
    DUJIAO = "獨腳"
    ZIREN = "自任"
    ZIXIN = "自信"
    DUCHUAN = "杜傳"
    BUYU = "不虞"
    WUYI = "無依"
    JINGLAN_SHE = "井欄射"

    def __repr__(self) -> str:
        return f"'{self.value}'"

    @classmethod
    def _missing_(cls, value: object) -> LessonType | None:
        alias = LESSON_TYPE_ALIASES.get(value) if isinstance(value, str) else None
        return None if alias is None else cls(alias)


LESSON_TYPES: tuple[LessonType, ...] = tuple(LessonType)
"""Every lesson_type a method can give."""
LESSON_TYPE_ALIASES = {"獨足": "獨腳"}
"""Other spellings a lesson type is given in, read as the name the package writes. 《大六壬靈覺經》 八專課
writes 獨腳 (「正月己未酉時占，酉作三傳獨腳名」 l. 155, 「謂之獨腳課」 l. 163, 「課名獨腳主憂驚」 l. 191),
and the course follows the chapter, so ``lesson_type`` is 獨腳; the 探原 and 大全 tables call it 獨足,
which is accepted wherever a lesson type is read (the simplified 独足 and 独脚 too, by
:func:`liuren.cycle.normalize`)."""

LODGED = {square: tuple(stem for stem in range(10) if JIGONG[stem] == square) for square in range(12)}
"""Stems lodged in each earth square (寄宮), for the 涉害 depth count."""


Result = tuple[int, int, int, Method, LessonType]


def _yang(i: int) -> bool:
    return i % 2 == 0


def _unique(items: Iterable[int]) -> list[int]:
    seen: list[int] = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return seen


class Trace:
    """The rule records of one run of :func:`choose`, in the order the gates decided.

    Pass one to :func:`choose` to see why each gate did or did not apply: each gate adds one record
    of :mod:`liuren.records` (``ZeikeOne``, ``BiyongFilter`` …). Charts are built with :data:`SILENT`,
    which does not listen, so no record is ever built on that path: a gate writes
    ``if trace.listening: trace.add(records.ZeikeOne(...))``.
    """

    __slots__ = ("records",)
    listening: ClassVar[bool] = True

    def __init__(self) -> None:
        self.records: list[Record] = []

    def add(self, record: Record) -> None:
        """Keep ``record`` (the gates call this only when :attr:`listening`)."""
        self.records.append(record)

    def __iter__(self) -> Iterator[Record]:
        return iter(self.records)

    def __len__(self) -> int:
        return len(self.records)

    def __getitem__(self, index: int) -> Record:
        return self.records[index]

    def find(self, kind: type[R]) -> R | None:
        """The last record of type ``kind``, or None."""
        return next((r for r in reversed(self.records) if isinstance(r, kind)), None)

    def __repr__(self) -> str:
        return f"Trace({self.records!r})"


class _Silent(Trace):
    """The trace nobody reads: it does not listen, so no gate builds a record (the chart's fast path)."""

    __slots__ = ()
    listening = False

    def add(self, record: Record) -> None:
        return None


SILENT: Trace = _Silent()
"""The do-nothing trace every chart is built with."""


def fuyin(ke: Ke, school: School, trace: Trace) -> Result | None:
    """伏吟 (自任/自信/杜傳/不虞): d = 0. A 克 in lesson 1 (乙, 癸 days) gives the 初; otherwise 陽日
    take 干上, 陰日 支上; 中 = 刑(初) (self-刑 → the other of 干上/支上), 末 = 刑(中) (self-刑 → 沖(中)).
    When 刑(中) leads back to the 初 (子↔卯) school.fuyin_return decides: "xing" follows the chain
    back to the 初 (指南 卷一 「倘逢中傳自刑者，末傳以衝神為之」: 辛卯 卯子卯), "chong" takes 沖(中)
    (大全's 杜傳: 卯子午)."""
    if ke.offset != FUYIN_OFFSET:
        if trace.listening:
            from .records import FuyinNo

            trace.add(FuyinNo(ke.offset))
        return None
    stem, u = ke.stem, ke.uppers
    xing = _xing_table(school)
    relation = ke.relations[0]
    if relation:
        init, anchor = u[0], "lesson-1"
        name = LessonType.BUYU if relation == 1 else LessonType.DUCHUAN
    elif stem % 2 == 0:
        init, anchor, name = u[0], "gan", LessonType.ZIREN
    else:
        init, anchor, name = u[2], "zhi", LessonType.ZIXIN
    other = None
    if xing[init] == init:
        other = "zhi" if anchor != "zhi" else "gan"
        middle = u[2] if other == "zhi" else u[0]
        name = name if name == "不虞" else LessonType.DUCHUAN
    else:
        middle = xing[init]
    back = xing[middle] == init != middle
    if xing[middle] == middle or (back and school.fuyin_return == "chong"):
        last = (middle + OPPOSITE) % 12
        name = name if name == "不虞" else LessonType.DUCHUAN
        rule = "self" if xing[middle] == middle else "returns"
    else:
        last, rule = xing[middle], "xing"
    if trace.listening:
        from . import records as r

        trace.add(r.FuyinInit(init, anchor, relation, stem % 2 == 0))
        trace.add(r.FuyinMiddle(middle, "xing" if other is None else "other-anchor", other))
        trace.add(r.FuyinFinal(last, rule, name, back))
    return init, middle, last, Method.FUYIN, name


def _xing_table(school: School) -> tuple[int, ...]:
    if school.fuyin_chain == "loop":
        return XING
    return tuple(i if i in (SHEN, WEI) else XING[i] for i in range(12))


def fanyin(ke: Ke, school: School, trace: Trace) -> Result | None:
    """返吟 (無依 / 井欄射): d = 6. With a 克 the ordinary rules apply (無依); without (丁己辛 丑未
    days) 初 = the day branch's 驛馬, 中 = 支上神, 末 = 干上神 (粹言; 大全 返吟 verse).
    井欄射 (粹言's 無親) covers exactly these six 課: 丁丑 己丑 辛丑 丁未 己未 辛未, 丁未 and 己未 included,
    whose 巳丑丑 is the same under every reading. 《六壬大全》 files the 丁未/己未 pair under 無依 (as 探原
    files them under 八專); the package names all six 井欄射, the 粹言 count, and the 三傳 do not differ.
    尉山人取法 (school.fanyin_final == "weishanren", 大全 卷八 斫輪卦 「末傳取破」): with a 克 the 末 is
    the 破 of the 中傳 instead of the return to the 初 (辛酉: 卯酉子, not 卯酉卯)."""
    if ke.offset != FANYIN_OFFSET:
        if trace.listening:
            from .records import FanyinNo

            trace.add(FanyinNo(ke.offset))
        return None
    has_ke = any(ke.relations)
    if has_ke:
        if trace.listening:
            from .records import FanyinKe

            trace.add(FanyinKe(ke.relations))
        found = zeike(ke, school, trace)
        if found is not None:
            init, middle, last, _, _ = found
            if school.fanyin_final == "weishanren":
                last = PO[middle]
                if trace.listening:
                    from .records import FanyinPo

                    trace.add(FanyinPo(middle, last))
            return init, middle, last, Method.FANYIN, LessonType.WUYI
    horse = post_horse(ke.branch)
    if trace.listening:
        from .records import JinglanShe

        trace.add(JinglanShe(horse, ke.uppers[2], ke.uppers[0]))
    return horse, ke.uppers[2], ke.uppers[0], Method.FANYIN, LessonType.JINGLAN_SHE


def zeike(ke: Ke, school: School, trace: Trace) -> Result | None:
    """賊克 (元首/重審/始入): a 下賊上 outranks every 上克下; one candidate branch is the 初 (大全 卷一;
    指南). Several → 比用; then 涉害. 探原 names a single 下賊上 lesson with no 上克下 anywhere 始入."""
    rel = ke.relations
    has_ke = 1 in rel
    if -1 in rel:
        lessons, kind = [i for i in (0, 1, 2, 3) if rel[i] == -1], "下賊上"
    elif has_ke:
        lessons, kind = [i for i in (0, 1, 2, 3) if rel[i] == 1], "上克下"
    else:
        if trace.listening:
            from .records import ZeikeNo

            trace.add(ZeikeNo(rel))
        return None
    uppers = ke.uppers
    if len(lessons) == 1:
        candidates, counted = [uppers[lessons[0]]], 1
    else:
        candidates = _unique(uppers[i] for i in lessons)
        counted = len(lessons) if school.count_duplicate_lessons else len({ke.keys[i] for i in lessons})
    if counted == 1:
        init = candidates[0]
        if kind == "上克下":
            name = LessonType.YUANSHOU
        elif school.split_shiru and not has_ke and len(lessons) == 1:
            name = LessonType.SHIRU
        else:
            name = LessonType.CHONGSHEN
        if trace.listening:
            from .records import ZeikeOne

            trace.add(ZeikeOne(kind, tuple(lessons), _outranked(rel, kind), (init,), init, name))
        d = ke.offset
        middle = (init + d) % 12
        return init, middle, (middle + d) % 12, Method.ZEIKE, name
    if trace.listening:
        from .records import ZeikeMany

        trace.add(ZeikeMany(kind, tuple(lessons), _outranked(rel, kind), tuple(candidates), counted))
    return biyong(ke, school, trace, candidates, lessons, kind)


def _outranked(relations: tuple[int, ...], kind: str) -> tuple[int, ...]:
    """The 上克下 lessons a 下賊上 sets aside."""
    return tuple(i for i in (0, 1, 2, 3) if relations[i] == 1) if kind == "下賊上" else ()


def biyong(ke: Ke, school: School, trace: Trace, candidates: list[int], lessons: list[int], kind: str) -> Result:
    """比用 (比用/知一): of several candidates keep those whose yin-yang matches the day stem's;
    exactly one → 初. Several match (俱比) or none (俱不比) → 涉害 among the matching ones, or among
    all when none matches (docs/rules.md §4.2)."""
    stem_yang = ke.stem % 2 == 0
    matching = [b for b in candidates if _yang(b) == stem_yang]
    if len(matching) == 1:
        name = LessonType.BIYONG if kind == "下賊上" else LessonType.ZHIYI
        if trace.listening:
            from .records import BiyongOne

            trace.add(BiyongOne(tuple(candidates), stem_yang, tuple(matching), matching[0], name))
        return _chain(ke, matching[0], Method.BIYONG, name)
    pool = matching or candidates
    if trace.listening:
        from .records import BiyongFilter

        trace.add(BiyongFilter(tuple(candidates), stem_yang, tuple(matching), tuple(pool)))
    return shehai(ke, school, trace, pool, lessons, kind)


def shehai(ke: Ke, school: School, trace: Trace, pool: list[int], lessons: list[int], kind: str) -> Result:
    """涉害 (涉害/見機/察微/綴瑕/比用格). Default (指南): the candidate on a 孟 square (寅申巳亥) → 見機;
    else on a 仲 (子午卯酉) → 察微; ties → 綴瑕. Depth schools first count, walking home from the
    square, the branches and lodged stems that 克 it (賊) or that it 克s (克); the deepest wins (課經).

    比用格 (school.biyong_ge, 大全 卷七 涉害課 「用神畏日干所勝，以比和者為用」): when the candidate
    chosen is the stem's 妻財 (or, under "wealth-or-ghost", its 官鬼) and another is 兄弟 or 父母, that
    one is taken (the same steps choose among several): 甲戌 d=2 子 on 戌, not 辰 on 寅. A 上克下 pool
    that school.shehai_shangke sends straight to 孟/仲 is not re-judged (大全's 災厄 乙亥 未, 六純 甲午 戌)."""
    init, name = _shehai_choose(ke, school, trace, pool, lessons, kind)
    if school.biyong_ge != "off" and not _skips_depth(school, kind):
        kin = kin_of(ke.stem, init)
        refused = ("妻財",) if school.biyong_ge == "wealth" else ("妻財", "官鬼")
        eligible = [b for b in pool if kin_of(ke.stem, b) in ("兄弟", "父母")]
        if kin in refused and eligible:
            if len(eligible) == 1:
                chosen = eligible[0]
            else:
                chosen, _ = _shehai_choose(ke, school, SILENT, eligible, lessons, kind)
            if trace.listening:
                from .records import BiyongGe

                trace.add(BiyongGe(init, kin, tuple(eligible), chosen, kin_of(ke.stem, chosen)))
            return _chain(ke, chosen, Method.SHEHAI, LessonType.BIYONG_GE)
        if trace.listening:
            from .records import BiyongGeKept

            trace.add(BiyongGeKept(init, kin, refused, tuple(eligible)))
    return _chain(ke, init, Method.SHEHAI, name)


def _skips_depth(school: School, kind: str) -> bool:
    """Whether a 上克下 pool goes straight to 孟/仲 (school.shehai_shangke == "mengzhong" under a depth
    count): it is then judged as 見機/察微 only, and 比用格 (a rule of the depth count) is not applied."""
    return kind == "上克下" and school.shehai != "mengzhong" and school.shehai_shangke == "mengzhong"


def _shehai_choose(
    ke: Ke, school: School, trace: Trace, pool: list[int], lessons: list[int], kind: str
) -> tuple[int, LessonType]:
    """The 涉害 steps proper: depth (depth schools), 孟, 仲, 綴瑕; the branch chosen and its name.
    尉山人 (school.shehai_mengzhong == "weishanren"): a 上克下 pool is tested on the heaven branches.
    school.shehai_shangke == "mengzhong": a 上克下 pool is not depth-counted (大全's own 上克下 charts)."""
    d = ke.offset
    depth = school.shehai != "mengzhong"
    if depth and school.shehai_shangke == "mengzhong":
        depth = not _skips_depth(school, kind)
        if trace.listening:
            from .records import ShehaiShangke

            trace.add(ShehaiShangke(kind, not depth))
    if depth:
        include_start = school.shehai == "depth"
        walks = [(b, depth_walk(b, d, kind, include_start)) for b in pool]
        depths = {b: walk_depth(walk) for b, walk in walks}
        deepest = max(depths.values())
        tied = [b for b in pool if depths[b] == deepest]
        if trace.listening:
            from . import records as r

            steps = tuple(r.Walk(b, (b - d) % 12, walk, depths[b]) for b, walk in walks)
            init = tied[0] if len(tied) == 1 else None
            trace.add(r.ShehaiDepth(tuple(pool), kind, include_start, steps, tuple(tied), init))
        if len(tied) == 1:
            return tied[0], LessonType.SHEHAI
        pool = tied
    heaven = school.shehai_mengzhong == "weishanren" and kind == "上克下"
    for meng, squares, name in ((True, MENG, LessonType.JIANJI), (False, ZHONG, LessonType.CHAWEI)):
        on = [b for b in pool if (b if heaven else b - d) % 12 in squares]
        if trace.listening:
            from . import records as r

            test = r.ShehaiMeng if meng else r.ShehaiZhong
            trace.add(test(tuple(pool), tuple(on), on[0] if len(on) == 1 else None, heaven))
        if len(on) == 1:
            return on[0], name
        if on:
            pool = on
            break
    order = (0, 1, 2, 3) if ke.stem % 2 == 0 else (2, 3, 0, 1)
    init = next(ke.uppers[i] for i in order if i in lessons and ke.uppers[i] in pool)
    if trace.listening:
        from .records import Zhuixia

        trace.add(Zhuixia(tuple(pool), "gan" if order[0] == 0 else "zhi", init))
    return init, LessonType.ZHUIXIA


def depth_walk(branch: int, d: int, kind: str, include_start: bool) -> tuple[tuple[int, str], ...]:
    """The 涉害 walk of ``branch`` home from its square: (square, what counts there) per square, the
    counted things written as their characters (branch, then lodged stems)."""
    element = BRANCH_ELEMENT[branch]
    square = (branch - d) % 12
    squares = [(square + k) % 12 for k in range((branch - square) % 12 + 1)]
    if not include_start:
        squares = squares[1:]
    walk = []
    for q in squares:
        things = [BRANCH_CHARS[q]]
        if include_start or q != branch:
            things += [STEM_CHARS[s] for s in LODGED[q]]
        counted = "".join(
            c
            for c in things
            if (conquers(_element(c), element) if kind == "下賊上" else conquers(element, _element(c)))
        )
        walk.append((q, counted))
    return tuple(walk)


def _element(char: str) -> int:
    i = BRANCH_CHARS.find(char)
    return BRANCH_ELEMENT[i] if i >= 0 else STEM_ELEMENT[STEM_CHARS.index(char)]


def walk_depth(walk: tuple[tuple[int, str], ...]) -> int:
    """How deep a walk of :func:`depth_walk` wades: the characters it counted."""
    return sum(len(counted) for _, counted in walk)


def bazhuan(ke: Ke, school: School, trace: Trace) -> Result | None:
    """八專 (八專/獨腳): on 甲寅 庚申 丁未 己未 癸丑 with no 克, 陽日 count three forward from 干上
    (初 = 干上 + 2), 陰日 three backward from 支陰 (初 = 支陰 − 2); 中 = 末 = 干上 (指南, 心鏡, 探原)."""
    if JIGONG[ke.stem] != ke.branch:
        if trace.listening:
            from .records import BazhuanNo

            trace.add(BazhuanNo(JIGONG[ke.stem], ke.branch))
        return None
    u = ke.uppers
    yang = ke.stem % 2 == 0
    start = u[0] if yang else u[3]
    init = (start + 2) % 12 if yang else (start - 2) % 12
    name = LessonType.DUJIAO if init == u[0] else LessonType.BAZHUAN
    if trace.listening:
        from .records import Bazhuan

        trace.add(Bazhuan(yang, start, init, name))
    return init, u[0], u[0], Method.BAZHUAN, name


def yaoke(ke: Ke, school: School, trace: Trace) -> Result | None:
    """遙克 (蒿矢/彈射): no lesson has 克; uppers of lessons 2–4 that 克 the day stem (蒿矢), or else
    that the stem 克s (彈射); several → the one whose yin-yang matches the day (指南)."""
    se = STEM_ELEMENT[ke.stem]
    uppers = ke.uppers[1:]
    hao = _unique(b for b in uppers if conquers(BRANCH_ELEMENT[b], se))
    dan = [] if hao else _unique(b for b in uppers if conquers(se, BRANCH_ELEMENT[b]))
    found, name = (hao, LessonType.HAOSHI) if hao else (dan, LessonType.DANSHE)
    if not found:
        if trace.listening:
            from .records import YaokeNo

            trace.add(YaokeNo(uppers))
        return None
    matching = [b for b in found if _yang(b) == (ke.stem % 2 == 0)] if len(found) > 1 else found
    init = (matching or found)[0]
    if trace.listening:
        from .records import Yaoke

        trace.add(Yaoke(tuple(hao), tuple(dan), name, tuple(found), tuple(matching), init))
    return _chain(ke, init, Method.YAOKE, name)


def maoxing(ke: Ke, school: School, trace: Trace) -> Result | None:
    """昴星 (虎視/冬蛇掩目): four distinct lessons, no 克, no 遙克. 陽日 初 = the heaven branch over
    earth 酉, 中 = 支上, 末 = 干上; 陰日 初 = the earth square under heaven 酉, 中 = 干上, 末 = 支上."""
    distinct = len(set(ke.keys))
    if distinct != 4:
        if trace.listening:
            from .records import MaoxingNo

            trace.add(MaoxingNo(distinct))
        return None
    u = ke.uppers
    if ke.stem % 2 == 0:
        init, middle, last, name = (YOU + ke.offset) % 12, u[2], u[0], LessonType.HUSHI
    else:
        init, middle, last, name = (YOU - ke.offset) % 12, u[0], u[2], LessonType.DONGSHE_YANMU
    if trace.listening:
        from .records import Maoxing

        trace.add(Maoxing(ke.stem % 2 == 0, init, middle, last, name))
    return init, middle, last, Method.MAOXING, name


def biezhe(ke: Ke, school: School, trace: Trace) -> Result | None:
    """別責: three distinct lessons, no 克, no 遙克. 剛日 初 = the heaven branch over the 寄宮 of the
    stem combining with the day stem (干合); 柔日 初 = the next 三合 member after the day branch
    (the branch itself, 指南); 中 = 末 = 干上 (大全 卷一)."""
    distinct = len(set(ke.keys))
    if distinct != 3:
        if trace.listening:
            from .records import BiezheNo

            trace.add(BiezheNo(distinct))
        return None
    u = ke.uppers
    if ke.stem % 2 == 0:
        partner = STEM_COMBINE[ke.stem]
        init = (JIGONG[partner] + ke.offset) % 12
        if trace.listening:
            from .records import BiezheGang

            trace.add(BiezheGang(partner, JIGONG[partner], init))
    else:
        base = (ke.branch + SANHE_STEP) % 12
        heaven = school.biezhe_yin == "heaven"
        init = (base + ke.offset) % 12 if heaven else base
        if trace.listening:
            from .records import BiezheRou

            trace.add(BiezheRou(base, heaven, init))
    return init, u[0], u[0], Method.BIEZHE, LessonType.BIEZHE


def _chain(ke: Ke, init: int, method: Method, name: LessonType) -> Result:
    middle = (init + ke.offset) % 12
    return init, middle, (middle + ke.offset) % 12, method, name


def drop_repeated_lessons(ke: Ke, trace: Trace = SILENT) -> Ke:
    """A lesson repeated (same upper on the same square, the stem standing for its 寄宮) is counted
    once, as its first occurrence, before 克 is judged: the later one's relation becomes 0 (a
    casebook convention, school.repeated_lesson == "once"; 乙巳 d=11: 卯 on 辰 repeats 卯 on 乙,
    which is 比和, so no 克 is left and 遙克 gives 辰卯寅)."""
    repeats = tuple((i, ke.keys.index(ke.keys[i])) for i in (1, 2, 3) if ke.keys.index(ke.keys[i]) < i)
    later = {i for i, _ in repeats}
    r = ke.relations
    relations = (r[0], 0 if 1 in later else r[1], 0 if 2 in later else r[2], 0 if 3 in later else r[3])
    if relations == ke.relations:
        if trace.listening:
            from .records import RepeatsKept

            trace.add(RepeatsKept(repeats))
        return ke
    if trace.listening:
        dropped = tuple(later for later, _ in repeats if ke.relations[later])
        from .records import RepeatsDropped

        trace.add(RepeatsDropped(repeats, dropped, relations))
    return ke._replace(relations=relations)


METHODS = (fuyin, fanyin, zeike, bazhuan, yaoke, maoxing, biezhe)
"""The methods in the order they are tried."""


def choose(ke: Ke, school: School, trace: Trace = SILENT) -> Result:
    """Try each method in order and return the first answer; ``trace`` receives what each gate saw.
    With school.repeated_lesson == "once" a lesson that repeats an earlier one carries no 克 of its
    own (see :func:`drop_repeated_lessons`)."""
    if school.repeated_lesson == "once":
        ke = drop_repeated_lessons(ke, trace)
    for method in METHODS:
        found = method(ke, school, trace)
        if found is not None:
            return found
    raise AssertionError(f"no method applies to {ke}")  # the exhaustive sweep shows this never happens
