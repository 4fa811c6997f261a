"""三傳: the nine methods (九宗門) that pick the initial transmission, tried in their written order.

Order (探原 推演篇, 指南 卷一, 大全 卷一): 伏吟 → 返吟 → 賊克 (with 比用 and 涉害) → 八專 → 遙克 →
昴星 → 別責. Unless a method says otherwise, 中傳 = the heaven branch over the 初傳's square and
末傳 = the heaven branch over the 中傳's (rules.md §4).

Each method is a small function of a :class:`Ke` (the lessons as integers) that returns
``(init, middle, last, method, lesson_type)`` or None when it does not apply. Each reports what it
looked at to a :class:`Trace` as structured events (:data:`FIELDS` names the gate keys and their
data): ``trace.note("zeike", True, "上克下", …)``. Charts are built with :data:`SILENT`, whose
``note`` does nothing; :meth:`liuren.Chart.steps` runs the methods again with a real trace and turns
the events into words. A new rule reports the same way: give it a gate key, call ``trace.note`` once
whether it applies or not, and name its values in :data:`FIELDS`.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum
from typing import Any, NamedTuple

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
    "元首",
    "重審",
    "始入",
    "比用",
    "知一",
    "涉害",
    "見機",
    "察微",
    "綴瑕",
    "比用格",
    "蒿矢",
    "彈射",
    "虎視",
    "冬蛇掩目",
    "別責",
    "八專",
    "獨足",
    "自任",
    "自信",
    "杜傳",
    "不虞",
    "無依",
    "井欄射",
)
"""Every lesson_type a method can give."""
LESSON_TYPE_ALIASES = {"獨腳": "獨足"}
"""Other spellings a lesson type is given in: the 八專 chapter (「酉作三傳獨腳名」) writes 獨腳 for what the
tables (and ``lesson_type``) call 獨足. Accepted wherever a lesson type is read; output keeps 獨足."""

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


class Event(NamedTuple):
    """One thing a gate reported: its ``gate`` key, whether it ``applied`` and the ``values`` it
    looked at, which :attr:`data` names by :data:`FIELDS`."""

    gate: str
    applied: bool
    values: tuple[Any, ...]

    @property
    def data(self) -> dict[str, Any]:
        """The values by name (``FIELDS[gate][applied]``; values left out are absent)."""
        return dict(zip(FIELDS[self.gate][self.applied], self.values))  # noqa: B905 (trailing values may be left out)


FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # gate: (names of the values reported when it does not apply, … when it applies)
    "fuyin": (("offset",), ("init", "anchor", "relation", "yang")),
    "fuyin-middle": ((), ("branch", "rule", "anchor")),
    "fuyin-final": ((), ("branch", "rule", "name")),
    "repeated-lesson": (("repeats",), ("repeats", "relations")),
    "fanyin": (("offset",), ("has_ke", "horse", "middle", "final")),
    "fanyin-weishanren": ((), ("middle", "final")),
    "zeike": (("relations",), ("kind", "lessons", "outranks", "candidates", "counted", "init", "name")),
    "biyong": (("candidates", "yang", "matching", "pool"), ("candidates", "yang", "matching", "init", "name")),
    "shehai-shangke": (("kind",), ("kind",)),
    "shehai-depth": (("pool", "kind", "include_start", "walks", "tied", "init"),) * 2,
    "shehai-meng": (("pool", "on", "init", "plate"),) * 2,
    "shehai-zhong": (("pool", "on", "init", "plate"),) * 2,
    "shehai-zhuixia": ((), ("pool", "side", "init")),
    "biyong-ge": (("pick", "kin", "eligible"), ("pick", "kin", "eligible", "init")),
    "bazhuan": (("jigong", "branch"), ("yang", "start", "init", "name")),
    "yaoke": (("hao", "dan"), ("hao", "dan", "name", "found", "matching", "init")),
    "maoxing": (("distinct",), ("yang", "init", "middle", "final", "name")),
    "biezhe": (("distinct",), ("yang", "init", "partner", "lodge")),
}
"""The names of the values each gate reports, in the order it passes them to :meth:`Trace.note`
(the gates pass them positionally: the chart's fast path then costs one call and one tuple).
What they mean:

* ``fuyin`` 伏吟, d = 0. Refused: offset. Applied: init, anchor ("lesson-1" when lesson 1 has a
  克/賊, else "gan" 干上神 on 陽日 or "zhi" 支上神 on 陰日), relation (lesson 1's: 1 克, −1 賊, 0), yang.
* ``fuyin-middle``: branch, rule ("xing": what 初 刑s; "other-anchor": 初 刑s itself, so 中 is the
  other of 干上神/支上神, named by anchor "gan"/"zhi").
* ``fuyin-final``: branch, rule ("xing"; "self": 中 刑s itself → 沖(中); "returns": 刑(中) is the 初
  → 沖(中)), name (自任 自信 杜傳 不虞).
* ``fanyin`` 返吟, d = 6. Refused: offset. Applied: has_ke (True: the 賊克 gates follow and the result
  is named 無依; False: 井欄射 with horse = 驛馬 of the day branch, middle = 支上神, final = 干上神).
* ``repeated-lesson`` (school.repeated_lesson == "once" only): repeats ((later, earlier) 0-based lesson
  pairs that are one lesson). Applied when a repeat carried a 克 or 賊 of its own: relations (the
  four relations with the repeats' set to 0, what the gates below judge).
* ``fanyin-weishanren`` 尉山人取法 (school.fanyin_final == "weishanren", a 返吟 with a 克): middle, final
  (the 破 of the 中傳, which replaces the return to the 初).
* ``zeike`` 賊克. Refused: relations (no 克 or 賊 anywhere). Applied: kind ("下賊上"/"上克下"), lessons
  (0-based indices of that kind), outranks (a 賊 set aside some 上克下), candidates (distinct uppers),
  counted (lessons counted, a duplicate once unless the school counts it); with one: init, name
  (元首 重審 始入); with several the event stops at counted and 比用 follows.
* ``biyong`` 比用: candidates, yang (the day), matching (those of the day's yin-yang). Applied (one
  matches): init, name (比用 for 下賊上, 知一 for 上克下). Refused: pool (what 涉害 receives).
* ``shehai-shangke`` (school.shehai_shangke == "mengzhong" under a depth ``shehai``): kind. Applied
  for a 上克下 pool, which skips the depth count and goes to the 孟/仲 tests; refused for 下賊上.
* ``shehai-depth`` 涉害 depth count (depth schools): pool, kind, include_start, walks (per candidate
  (branch, square, ((square, counted characters), …), count)), tied, init (None unless applied).
* ``shehai-meng`` / ``shehai-zhong``: pool, on (those standing on 寅巳申亥 / 子卯午酉), init (None
  unless applied).
  The 仲 test is reported only when no candidate stood on a 孟. plate: "earth" (the squares) or
  "heaven" (尉山人: 上克下 candidates tested as heaven branches themselves).
* ``shehai-zhuixia`` 綴瑕: pool, side ("gan": lessons 1–2 first on 陽日; "zhi": 3–4 on 陰日), init.
* ``biyong-ge`` 比用格 (school.biyong_ge != "off", reported after 涉害 chose): pick (涉害's choice), kin
  (its 六親 to the stem), eligible (candidates 兄弟 or 父母 to the stem). Applied when the pick is 妻財
  (or 官鬼 under "wealth-or-ghost") and eligible is not empty: init (the eligible one, or the one the
  涉害 steps, run again silently, choose among several).
* ``bazhuan`` 八專. Refused: jigong, branch (the 寄宮 is not the day branch). Applied: yang, start
  (干上神 on 陽日, 支陰 on 陰日), init, name (八專 獨足); 中 = 末 = 干上神.
* ``yaoke`` 遙克: hao (uppers of lessons 2–4 that 克 the stem), dan (those the stem 克s, looked at only
  when hao is empty); refused when both are empty. Applied: name (蒿矢 彈射), found, matching (by the
  day's yin-yang when several), init.
* ``maoxing`` 昴星. Refused: distinct (≠ 4). Applied: yang, init, middle, final, name.
* ``biezhe`` 別責. Refused: distinct (≠ 3). Applied: yang, init, and partner (干合 stem), lodge (its
  寄宮) on 剛日, or base (支 + 4), heaven (school.biezhe_yin == "heaven") on 柔日.

To add a rule: pick a gate key, add its two name lists here, call ``trace.note(key, applied, *values)``
once in the method whether or not it applies, and give :mod:`liuren.show.steps` its words.
"""


class Trace:
    """The events of one run of :func:`choose`, in the order the gates reported them.

    Pass one to :func:`choose` to see why each gate did or did not apply; charts are built with
    :data:`SILENT`, whose :meth:`note` does nothing.
    """

    __slots__ = ("events",)

    def __init__(self) -> None:
        self.events: list[Event] = []

    def note(self, gate: str, applied: bool, *values: Any) -> None:
        """Record that ``gate`` was tried: ``applied`` when it decided, with the values named by
        :data:`FIELDS` (a trailing value may be left out; it is then absent from the data; lists
        are kept as tuples)."""
        names = FIELDS[gate][applied]
        if len(values) > len(names):
            raise TypeError(f"gate {gate!r} reported {len(values)} values; FIELDS names {len(names)}: {names}")
        frozen = tuple([tuple(v) if type(v) is list else v for v in values])  # an Event is hashable
        self.events.append(_tnew(Event, (gate, applied, frozen)))

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def __len__(self) -> int:
        return len(self.events)

    def __getitem__(self, index: int) -> Event:
        return self.events[index]

    def find(self, gate: str) -> Event | None:
        """The last event reported by ``gate``, or None."""
        return next((e for e in reversed(self.events) if e.gate == gate), None)

    def __repr__(self) -> str:
        return f"Trace({self.events!r})"


class _Silent(Trace):
    """The trace nobody reads: :meth:`note` does nothing (the chart's fast path)."""

    __slots__ = ()

    def note(self, gate: str, applied: bool, *values: Any) -> None:
        return None


SILENT: Trace = _Silent()
_tnew = tuple.__new__
"""The do-nothing trace every chart is built with."""


def fuyin(ke: Ke, school: School, trace: Trace) -> Result | None:
    """伏吟 (自任/自信/杜傳/不虞): d = 0. A 克 in lesson 1 (乙, 癸 days) gives the 初; otherwise 陽日
    take 干上, 陰日 支上; 中 = 刑(初) (self-刑 → the other of 干上/支上), 末 = 刑(中) (self-刑, or back
    to 初 → 沖(中))."""
    if ke.offset != FUYIN_OFFSET:
        trace.note("fuyin", False, ke.offset)
        return None
    stem, u = ke.stem, ke.uppers
    xing = _xing_table(school)
    relation = ke.relations[0]
    if relation:
        init, anchor = u[0], "lesson-1"
        name = "不虞" if relation == 1 else "杜傳"
    elif stem % 2 == 0:
        init, anchor, name = u[0], "gan", "自任"
    else:
        init, anchor, name = u[2], "zhi", "自信"
    trace.note("fuyin", True, init, anchor, relation, stem % 2 == 0)
    if xing[init] == init:
        other = "zhi" if anchor != "zhi" else "gan"
        middle = u[2] if other == "zhi" else u[0]
        name = name if name == "不虞" else "杜傳"
        trace.note("fuyin-middle", True, middle, "other-anchor", other)
    else:
        middle = xing[init]
        trace.note("fuyin-middle", True, middle, "xing")
    if xing[middle] == middle or xing[middle] == init:
        last = (middle + OPPOSITE) % 12
        name = name if name == "不虞" else "杜傳"
        rule = "self" if xing[middle] == middle else "returns"
    else:
        last, rule = xing[middle], "xing"
    trace.note("fuyin-final", True, last, rule, name)
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
        trace.note("fanyin", False, ke.offset)
        return None
    has_ke = any(ke.relations)
    if has_ke:
        trace.note("fanyin", True, True)
        found = zeike(ke, school, trace)
        if found is not None:
            init, middle, last, _, _ = found
            if school.fanyin_final == "weishanren":
                last = PO[middle]
                trace.note("fanyin-weishanren", True, middle, last)
            return init, middle, last, Method.FANYIN, "無依"
    horse = post_horse(ke.branch)
    trace.note("fanyin", True, False, horse, ke.uppers[2], ke.uppers[0])
    return horse, ke.uppers[2], ke.uppers[0], Method.FANYIN, "井欄射"


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
        trace.note("zeike", False, rel)
        return None
    uppers = ke.uppers
    if len(lessons) == 1:
        candidates, counted = [uppers[lessons[0]]], 1
    else:
        candidates = _unique(uppers[i] for i in lessons)
        counted = len(lessons) if school.count_duplicate_lessons else len({ke.keys[i] for i in lessons})
    outranks = kind == "下賊上" and has_ke
    if counted == 1:
        init = candidates[0]
        if kind == "上克下":
            name = "元首"
        else:
            name = "始入" if school.split_shiru and not has_ke and len(lessons) == 1 else "重審"
        trace.note("zeike", True, kind, lessons, outranks, candidates, 1, init, name)
        d = ke.offset
        middle = (init + d) % 12
        return init, middle, (middle + d) % 12, Method.ZEIKE, name
    trace.note("zeike", True, kind, lessons, outranks, candidates, counted)
    return biyong(ke, school, trace, candidates, lessons, kind)


def biyong(ke: Ke, school: School, trace: Trace, candidates: list[int], lessons: list[int], kind: str) -> Result:
    """比用 (比用/知一): of several candidates keep those whose yin-yang matches the day stem's;
    exactly one → 初. Several match (俱比) or none (俱不比) → 涉害 among the matching ones, or among
    all when none matches (rules.md §4.2)."""
    stem_yang = ke.stem % 2 == 0
    matching = [b for b in candidates if _yang(b) == stem_yang]
    if len(matching) == 1:
        name = "比用" if kind == "下賊上" else "知一"
        trace.note("biyong", True, candidates, stem_yang, matching, matching[0], name)
        return _chain(ke, matching[0], Method.BIYONG, name)
    pool = matching or candidates
    trace.note("biyong", False, candidates, stem_yang, matching, pool)
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
                trace.note("biyong-ge", True, init, kin, eligible, eligible[0])
                return _chain(ke, eligible[0], Method.SHEHAI, "比用格")
            chosen, _ = _shehai_choose(ke, school, SILENT, eligible, lessons, kind)
            trace.note("biyong-ge", True, init, kin, eligible, chosen)
            return _chain(ke, chosen, Method.SHEHAI, "比用格")
        trace.note("biyong-ge", False, init, kin, eligible)
    return _chain(ke, init, Method.SHEHAI, name)


def _skips_depth(school: School, kind: str) -> bool:
    """Whether a 上克下 pool goes straight to 孟/仲 (school.shehai_shangke == "mengzhong" under a depth
    count): it is then judged as 見機/察微 only, and 比用格 (a rule of the depth count) is not applied."""
    return kind == "上克下" and school.shehai != "mengzhong" and school.shehai_shangke == "mengzhong"


def _shehai_choose(
    ke: Ke, school: School, trace: Trace, pool: list[int], lessons: list[int], kind: str
) -> tuple[int, str]:
    """The 涉害 steps proper: depth (depth schools), 孟, 仲, 綴瑕; the branch chosen and its name.
    尉山人 (school.shehai_mengzhong == "weishanren"): a 上克下 pool is tested on the heaven branches.
    school.shehai_shangke == "mengzhong": a 上克下 pool is not depth-counted (大全's own 上克下 charts)."""
    d = ke.offset
    depth = school.shehai != "mengzhong"
    if depth and school.shehai_shangke == "mengzhong":
        depth = not _skips_depth(school, kind)
        trace.note("shehai-shangke", not depth, kind)
    if depth:
        include_start = school.shehai == "depth"
        walks = [(b, (b - d) % 12, _depth_walk(b, d, kind, include_start)) for b in pool]
        depths = {b: _walk_depth(walk) for b, _, walk in walks}
        deepest = max(depths.values())
        tied = [b for b in pool if depths[b] == deepest]
        applied = len(tied) == 1
        trace.note(
            "shehai-depth",
            applied,
            pool,
            kind,
            include_start,
            tuple((b, sq, walk, depths[b]) for b, sq, walk in walks),
            tied,
            tied[0] if applied else None,
        )
        if applied:
            return tied[0], "涉害"
        pool = tied
    heaven = school.shehai_mengzhong == "weishanren" and kind == "上克下"
    plate = ("heaven",) if heaven else ()
    for gate, squares, name in (("shehai-meng", MENG, "見機"), ("shehai-zhong", ZHONG, "察微")):
        on = [b for b in pool if (b if heaven else b - d) % 12 in squares]
        applied = len(on) == 1
        trace.note(gate, applied, pool, on, on[0] if applied else None, *plate)
        if applied:
            return on[0], name
        if on:
            pool = on
            break
    order = (0, 1, 2, 3) if ke.stem % 2 == 0 else (2, 3, 0, 1)
    init = next(ke.uppers[i] for i in order if i in lessons and ke.uppers[i] in pool)
    trace.note("shehai-zhuixia", True, pool, "gan" if order[0] == 0 else "zhi", init)
    return init, "綴瑕"


def _depth_walk(branch: int, d: int, kind: str, include_start: bool) -> tuple[tuple[int, str], ...]:
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


def _walk_depth(walk: tuple[tuple[int, str], ...]) -> int:
    """How deep a walk of :func:`_depth_walk` wades: the characters it counted."""
    return sum(len(counted) for _, counted in walk)


def _depth(branch: int, d: int, kind: str, include_start: bool) -> int:
    """How deep ``branch`` wades."""
    return _walk_depth(_depth_walk(branch, d, kind, include_start))


def bazhuan(ke: Ke, school: School, trace: Trace) -> Result | None:
    """八專 (八專/獨足): on 甲寅 庚申 丁未 己未 癸丑 with no 克, 陽日 count three forward from 干上
    (初 = 干上 + 2), 陰日 three backward from 支陰 (初 = 支陰 − 2); 中 = 末 = 干上 (指南, 心鏡, 探原)."""
    if JIGONG[ke.stem] != ke.branch:
        trace.note("bazhuan", False, JIGONG[ke.stem], ke.branch)
        return None
    u = ke.uppers
    yang = ke.stem % 2 == 0
    start = u[0] if yang else u[3]
    init = (start + 2) % 12 if yang else (start - 2) % 12
    name = "獨足" if init == u[0] else "八專"
    trace.note("bazhuan", True, yang, start, init, name)
    return init, u[0], u[0], Method.BAZHUAN, name


def yaoke(ke: Ke, school: School, trace: Trace) -> Result | None:
    """遙克 (蒿矢/彈射): no lesson has 克; uppers of lessons 2–4 that 克 the day stem (蒿矢), or else
    that the stem 克s (彈射); several → the one whose yin-yang matches the day (指南)."""
    se = STEM_ELEMENT[ke.stem]
    uppers = ke.uppers[1:]
    hao = _unique(b for b in uppers if conquers(BRANCH_ELEMENT[b], se))
    dan = [] if hao else _unique(b for b in uppers if conquers(se, BRANCH_ELEMENT[b]))
    found, name = (hao, "蒿矢") if hao else (dan, "彈射")
    if not found:
        trace.note("yaoke", False, hao, dan)
        return None
    matching = [b for b in found if _yang(b) == (ke.stem % 2 == 0)] if len(found) > 1 else found
    init = (matching or found)[0]
    trace.note("yaoke", True, hao, dan, name, found, matching, init)
    return _chain(ke, init, Method.YAOKE, name)


def maoxing(ke: Ke, school: School, trace: Trace) -> Result | None:
    """昴星 (虎視/冬蛇掩目): four distinct lessons, no 克, no 遙克. 陽日 初 = the heaven branch over
    earth 酉, 中 = 支上, 末 = 干上; 陰日 初 = the earth square under heaven 酉, 中 = 干上, 末 = 支上."""
    distinct = len(set(ke.keys))
    if distinct != 4:
        trace.note("maoxing", False, distinct)
        return None
    u = ke.uppers
    if ke.stem % 2 == 0:
        init, middle, last, name = (YOU + ke.offset) % 12, u[2], u[0], "虎視"
    else:
        init, middle, last, name = (YOU - ke.offset) % 12, u[0], u[2], "冬蛇掩目"
    trace.note("maoxing", True, ke.stem % 2 == 0, init, middle, last, name)
    return init, middle, last, Method.MAOXING, name


def biezhe(ke: Ke, school: School, trace: Trace) -> Result | None:
    """別責: three distinct lessons, no 克, no 遙克. 剛日 初 = the heaven branch over the 寄宮 of the
    stem combining with the day stem (干合); 柔日 初 = the next 三合 member after the day branch
    (the branch itself, 指南); 中 = 末 = 干上 (大全 卷一)."""
    distinct = len(set(ke.keys))
    if distinct != 3:
        trace.note("biezhe", False, distinct)
        return None
    u = ke.uppers
    if ke.stem % 2 == 0:
        partner = STEM_COMBINE[ke.stem]
        init = (JIGONG[partner] + ke.offset) % 12
        trace.note("biezhe", True, True, init, partner, JIGONG[partner])
    else:
        base = (ke.branch + SANHE_STEP) % 12
        heaven = school.biezhe_yin == "heaven"
        init = (base + ke.offset) % 12 if heaven else base
        trace.note("biezhe", True, False, init, base, heaven)
    return init, u[0], u[0], Method.BIEZHE, "別責"


def _chain(ke: Ke, init: int, method: Method, name: str) -> Result:
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
        trace.note("repeated-lesson", False, repeats)
        return ke
    trace.note("repeated-lesson", True, repeats, relations)
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
