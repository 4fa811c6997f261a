"""Rule records: what each gate of the nine methods decided, one small frozen value per outcome.

A method of :mod:`liuren.transmissions` hands a record to a listening :class:`~liuren.transmissions.Trace`
each time one of its steps decides something: ``ZeikeOne`` (one 賊克 candidate gave the 初),
``BiyongFilter`` (比用 could not pick one and handed a pool on), ``ShehaiDepth`` (the 涉害 depth walks),
``BiezheRou`` (別責 on a 柔日, with the 三合 base) … One type per distinct outcome shape; its fields are
every value the rule decided, by name. A record equals only a record of its own type.

Each type also says, as class attributes, where it sits among the gates: ``gate`` (the step key
after "gate-"), ``method`` (the gate family: the :class:`~liuren.transmissions.Method` it belongs to,
None for the school's side rules), ``yields`` (the lesson types it can give), ``chained`` (told in the
中傳/末傳 steps, not as a gate of its own). ``applied`` says whether the gate decided here,
``remaining`` the candidates still standing after it (None: it did not narrow them) and ``named`` the
lesson type it settled, if any.

This module is imported only when a trace listens: charts are built with the silent trace and never
construct a record (nor load :mod:`dataclasses`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .transmissions import LessonType, Method

Branches = tuple[int, ...]
"""Branch ordinals (0 = 子)."""


class Record:
    """The base of every rule record: the class attributes shared by each type (see the module text)."""

    __slots__ = ()
    gate: ClassVar[str]
    method: ClassVar[Method | None] = None
    yields: ClassVar[tuple[LessonType, ...]] = ()
    chained: ClassVar[bool] = False
    decides: ClassVar[bool] = False

    @property
    def applied(self) -> bool:
        """Whether the gate decided (gave the 初, or handed a narrowed pool on) here."""
        return self.decides

    @property
    def remaining(self) -> Branches | None:
        """The candidates still standing after this step (None: it did not narrow them)."""
        return None

    @property
    def named(self) -> LessonType | None:
        """The lesson type this step settled for the 初 it chose, if it chose one."""
        return None


class Chooses(Record):
    """A record whose gate chose the 初 (``init``) itself."""

    __slots__ = ()
    decides = True
    init: int

    @property
    def remaining(self) -> Branches | None:
        return (self.init,)


# ---------------------------------------------------------------- 伏吟
@dataclass(frozen=True, slots=True)
class FuyinNo(Record):
    """伏吟 refused: the plate ``offset`` is not 0."""

    gate = "fuyin"
    method = Method.FUYIN
    offset: int


@dataclass(frozen=True, slots=True)
class FuyinInit(Chooses):
    """伏吟: ``init`` from ``anchor`` ("lesson-1" when lesson 1 has a 克 or 賊 (``relation`` 1 / −1), else
    "gan" 干上神 on a 陽日 or "zhi" 支上神 on a 陰日)."""

    gate = "fuyin"
    method = Method.FUYIN
    init: int
    anchor: str
    relation: int
    yang: bool


@dataclass(frozen=True, slots=True)
class FuyinMiddle(Record):
    """伏吟's 中傳 ``branch``: ``rule`` "xing" (what the 初 刑s) or "other-anchor" (the 初 刑s itself, so
    the 中 is the ``other`` of 干上神/支上神: "gan" or "zhi")."""

    gate = "fuyin-middle"
    method = Method.FUYIN
    chained = True
    decides = True
    branch: int
    rule: str
    other: str | None


@dataclass(frozen=True, slots=True)
class FuyinFinal(Record):
    """伏吟's 末傳 ``branch``: ``rule`` "xing", "self" (the 中 刑s itself → its 沖) or "returns" (刑 of
    the 中 is the 初 → 沖 of the 中, school.fuyin_return == "chong"); ``name`` the lesson type the
    chain ends with; ``back`` whether the 中 刑s back to the 初 (子↔卯), so that a "xing" 末 is the 初
    again (指南's reading, school.fuyin_return == "xing")."""

    gate = "fuyin-final"
    method = Method.FUYIN
    yields = (LessonType.ZIREN, LessonType.ZIXIN, LessonType.DUCHUAN, LessonType.BUYU)
    chained = True
    decides = True
    branch: int
    rule: str
    name: LessonType
    back: bool = False


# ---------------------------------------------------------------- the school's repeated lessons
@dataclass(frozen=True, slots=True)
class RepeatsKept(Record):
    """Repeated lessons counted once (``repeats``: (later, earlier) 0-based pairs, maybe none); none
    carried a 克 or 賊 of its own, so nothing changes."""

    gate = "repeated-lesson"
    repeats: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class RepeatsDropped(Record):
    """Repeated lessons counted once: the 克 of the ``dropped`` lessons is not judged; ``relations``
    are the four relations the gates below judge."""

    gate = "repeated-lesson"
    decides = True
    repeats: tuple[tuple[int, int], ...]
    dropped: tuple[int, ...]
    relations: tuple[int, int, int, int]


# ---------------------------------------------------------------- 返吟
@dataclass(frozen=True, slots=True)
class FanyinNo(Record):
    """返吟 refused: the plate ``offset`` is not 6."""

    gate = "fanyin"
    method = Method.FANYIN
    offset: int


@dataclass(frozen=True, slots=True)
class FanyinKe(Record):
    """返吟 with a 克 (``relations``): the 賊克 gates follow and the lesson type is 無依."""

    gate = "fanyin"
    method = Method.FANYIN
    yields = (LessonType.WUYI,)
    decides = True
    relations: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class JinglanShe(Record):
    """返吟 without a 克 (井欄射): 初 = the ``horse`` (驛馬) of the day branch, ``middle`` = 支上神,
    ``final`` = 干上神."""

    gate = "fanyin"
    method = Method.FANYIN
    yields = (LessonType.JINGLAN_SHE,)
    decides = True
    horse: int
    middle: int
    final: int

    @property
    def remaining(self) -> Branches | None:
        return (self.horse,)


@dataclass(frozen=True, slots=True)
class FanyinPo(Record):
    """尉山人取法: the 末 of a 返吟 with a 克 is ``final``, the 破 of the ``middle``."""

    gate = "fanyin-weishanren"
    decides = True
    middle: int
    final: int


# ---------------------------------------------------------------- 賊克, 比用
@dataclass(frozen=True, slots=True)
class ZeikeNo(Record):
    """賊克 refused: no lesson has a 克 or 賊 (``relations``: 1 克, −1 賊, 0 neither)."""

    gate = "zeike"
    method = Method.ZEIKE
    relations: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class ZeikeOne(Chooses):
    """賊克 with one candidate: ``kind`` ("下賊上"/"上克下") in ``lessons`` (0-based; several when they
    are one lesson), ``outranked`` (the 上克下 lessons a 賊 set aside), ``candidates`` (the one upper),
    ``init`` and its ``name`` (元首 重審 始入)."""

    gate = "zeike"
    method = Method.ZEIKE
    yields = (LessonType.YUANSHOU, LessonType.CHONGSHEN, LessonType.SHIRU)
    kind: str
    lessons: tuple[int, ...]
    outranked: tuple[int, ...]
    candidates: Branches
    init: int
    name: LessonType

    @property
    def named(self) -> LessonType | None:
        return self.name


@dataclass(frozen=True, slots=True)
class ZeikeMany(Record):
    """賊克 with several candidates: ``kind`` in ``lessons``, ``outranked`` as in :class:`ZeikeOne`,
    the distinct ``candidates`` and the lessons ``counted``; 比用 follows."""

    gate = "zeike"
    method = Method.ZEIKE
    decides = True
    kind: str
    lessons: tuple[int, ...]
    outranked: tuple[int, ...]
    candidates: Branches
    counted: int

    @property
    def remaining(self) -> Branches | None:
        return self.candidates


@dataclass(frozen=True, slots=True)
class BiyongOne(Chooses):
    """比用: of the ``candidates`` only ``init`` shares the day's yin-yang (``yang``; ``matching`` is
    that one); ``name`` 比用 (下賊上) or 知一 (上克下)."""

    gate = "biyong"
    method = Method.BIYONG
    yields = (LessonType.BIYONG, LessonType.ZHIYI)
    candidates: Branches
    yang: bool
    matching: Branches
    init: int
    name: LessonType

    @property
    def named(self) -> LessonType | None:
        return self.name


@dataclass(frozen=True, slots=True)
class BiyongFilter(Record):
    """比用 could not pick one: ``matching`` (those of the day's yin-yang, ``yang``) is empty or has
    several; 涉害 receives the ``pool`` (the matching ones, or all ``candidates`` when none match)."""

    gate = "biyong"
    method = Method.BIYONG
    candidates: Branches
    yang: bool
    matching: Branches
    pool: Branches

    @property
    def remaining(self) -> Branches | None:
        return self.pool


# ---------------------------------------------------------------- 涉害
@dataclass(frozen=True, slots=True)
class ShehaiShangke(Record):
    """school.shehai_shangke == "mengzhong": a ``kind`` 上克下 pool ``skips_depth`` (straight to 孟/仲);
    a 下賊上 pool is depth-counted."""

    gate = "shehai-shangke"
    method = Method.SHEHAI
    kind: str
    skips_depth: bool

    @property
    def applied(self) -> bool:
        return self.skips_depth


@dataclass(frozen=True, slots=True)
class Walk:
    """One candidate's 涉害 walk: ``branch`` on ``square`` walks home; ``steps`` are (square, the
    characters counted there); ``depth`` is how many it counted."""

    branch: int
    square: int
    steps: tuple[tuple[int, str], ...]
    depth: int


@dataclass(frozen=True, slots=True)
class ShehaiDepth(Record):
    """The 涉害 depth count over ``pool`` (``kind`` says what counts; ``include_start``: the start
    square counts): the ``walks``, the deepest ``tied``, and ``init`` when one is deepest (else None)."""

    gate = "shehai-depth"
    method = Method.SHEHAI
    yields = (LessonType.SHEHAI,)
    pool: Branches
    kind: str
    include_start: bool
    walks: tuple[Walk, ...]
    tied: Branches
    init: int | None

    @property
    def applied(self) -> bool:
        return self.init is not None

    @property
    def remaining(self) -> Branches | None:
        return self.tied if self.init is None else (self.init,)

    @property
    def named(self) -> LessonType | None:
        return None if self.init is None else LessonType.SHEHAI


@dataclass(frozen=True, slots=True)
class SquareTest(Record):
    """A 涉害 孟 or 仲 test over ``pool``: ``on`` those standing on the test's squares (``heaven``: 尉山人
    tests the heaven branches themselves), ``init`` when exactly one does (else None). The base of
    :class:`ShehaiMeng` and :class:`ShehaiZhong`, which differ only in their squares and the type they name."""

    pool: Branches
    on: Branches
    init: int | None
    heaven: bool

    @property
    def applied(self) -> bool:
        return self.init is not None

    @property
    def remaining(self) -> Branches | None:
        return (self.init,) if self.init is not None else self.on or self.pool

    @property
    def named(self) -> LessonType | None:
        return None if self.init is None else self.yields[0]


@dataclass(frozen=True, slots=True)
class ShehaiMeng(SquareTest):
    """涉害's 孟 test over ``pool``: ``on`` those standing on 寅巳申亥 (see :class:`SquareTest`)."""

    gate = "shehai-meng"
    method = Method.SHEHAI
    yields = (LessonType.JIANJI,)


@dataclass(frozen=True, slots=True)
class ShehaiZhong(SquareTest):
    """涉害's 仲 test (only when none stood on a 孟): as :class:`ShehaiMeng`, for 子卯午酉."""

    gate = "shehai-zhong"
    method = Method.SHEHAI
    yields = (LessonType.CHAWEI,)


@dataclass(frozen=True, slots=True)
class Zhuixia(Chooses):
    """綴瑕: of ``pool`` the one met first from ``side`` ("gan": lessons 1–2 first on a 陽日; "zhi":
    3–4 on a 陰日) is ``init``."""

    gate = "shehai-zhuixia"
    method = Method.SHEHAI
    yields = (LessonType.ZHUIXIA,)
    pool: Branches
    side: str
    init: int

    @property
    def named(self) -> LessonType | None:
        return LessonType.ZHUIXIA


@dataclass(frozen=True, slots=True)
class BiyongGe(Chooses):
    """比用格 took ``init`` (``init_kin`` 兄弟 or 父母 to the stem) instead of 涉害's ``pick`` (``kin``, a
    kin the school refuses); ``eligible`` were the candidates 兄弟 or 父母 (several: the 涉害 steps,
    run again among them, chose)."""

    gate = "biyong-ge"
    method = Method.SHEHAI
    yields = (LessonType.BIYONG_GE,)
    pick: int
    kin: str
    eligible: Branches
    init: int
    init_kin: str

    @property
    def named(self) -> LessonType | None:
        return LessonType.BIYONG_GE


@dataclass(frozen=True, slots=True)
class BiyongGeKept(Record):
    """比用格 left 涉害's ``pick`` (``kin`` to the stem): ``kin`` is not among the ``refused`` kin, or
    no candidate is ``eligible`` (兄弟 or 父母)."""

    gate = "biyong-ge"
    method = Method.SHEHAI
    pick: int
    kin: str
    refused: tuple[str, ...]
    eligible: Branches


# ---------------------------------------------------------------- 八專, 遙克, 昴星, 別責
@dataclass(frozen=True, slots=True)
class BazhuanNo(Record):
    """八專 refused: the stem's ``lodge`` (寄宮) is not the day ``branch``."""

    gate = "bazhuan"
    method = Method.BAZHUAN
    lodge: int
    branch: int


@dataclass(frozen=True, slots=True)
class Bazhuan(Chooses):
    """八專: count three from ``start`` (干上神 forward on a 陽日 (``yang``), 支陰 backward on a 陰日):
    ``init``; ``name`` 獨腳 when it is the 干上神 itself, else 八專."""

    gate = "bazhuan"
    method = Method.BAZHUAN
    yields = (LessonType.BAZHUAN, LessonType.DUJIAO)
    yang: bool
    start: int
    init: int
    name: LessonType


@dataclass(frozen=True, slots=True)
class YaokeNo(Record):
    """遙克 refused: none of the ``uppers`` of lessons 2–4 克s the stem or is 克ed by it."""

    gate = "yaoke"
    method = Method.YAOKE
    uppers: Branches


@dataclass(frozen=True, slots=True)
class Yaoke(Chooses):
    """遙克: ``hao`` (uppers that 克 the stem) or, when none, ``dan`` (those the stem 克s) are ``found``
    and give ``name`` 蒿矢/彈射; several: ``matching`` the day's yin-yang; ``init``."""

    gate = "yaoke"
    method = Method.YAOKE
    yields = (LessonType.HAOSHI, LessonType.DANSHE)
    hao: Branches
    dan: Branches
    name: LessonType
    found: Branches
    matching: Branches
    init: int


@dataclass(frozen=True, slots=True)
class MaoxingNo(Record):
    """昴星 refused: the lessons are not four ``distinct`` ones."""

    gate = "maoxing"
    method = Method.MAOXING
    distinct: int


@dataclass(frozen=True, slots=True)
class Maoxing(Chooses):
    """昴星 (``yang``: 虎視, looking up from 酉; else 冬蛇掩目): ``init``, ``middle``, ``final``, ``name``."""

    gate = "maoxing"
    method = Method.MAOXING
    yields = (LessonType.HUSHI, LessonType.DONGSHE_YANMU)
    yang: bool
    init: int
    middle: int
    final: int
    name: LessonType


@dataclass(frozen=True, slots=True)
class BiezheNo(Record):
    """別責 refused: the lessons are not three ``distinct`` ones."""

    gate = "biezhe"
    method = Method.BIEZHE
    distinct: int


@dataclass(frozen=True, slots=True)
class BiezheGang(Chooses):
    """別責 on a 剛日: the stem combines with ``partner`` (干合), which lodges at ``lodge``; ``init`` is
    the heaven branch over it."""

    gate = "biezhe"
    method = Method.BIEZHE
    yields = (LessonType.BIEZHE,)
    partner: int
    lodge: int
    init: int


@dataclass(frozen=True, slots=True)
class BiezheRou(Chooses):
    """別責 on a 柔日: ``base`` is the next 三合 member after the day branch; ``init`` is the base itself,
    or (``heaven``: school.biezhe_yin == "heaven") the heaven branch over it."""

    gate = "biezhe"
    method = Method.BIEZHE
    yields = (LessonType.BIEZHE,)
    base: int
    heaven: bool
    init: int


RECORD_TYPES: tuple[type[Record], ...] = (
    FuyinNo,
    FuyinInit,
    FuyinMiddle,
    FuyinFinal,
    RepeatsKept,
    RepeatsDropped,
    FanyinNo,
    FanyinKe,
    JinglanShe,
    FanyinPo,
    ZeikeNo,
    ZeikeOne,
    ZeikeMany,
    BiyongOne,
    BiyongFilter,
    ShehaiShangke,
    ShehaiDepth,
    ShehaiMeng,
    ShehaiZhong,
    Zhuixia,
    BiyongGe,
    BiyongGeKept,
    BazhuanNo,
    Bazhuan,
    YaokeNo,
    Yaoke,
    MaoxingNo,
    Maoxing,
    BiezheNo,
    BiezheGang,
    BiezheRou,
)
"""Every record type a method can emit."""

FAMILY_OF: dict[str, Method] = {
    **{m.value: m for m in Method},
    **{str(name): kind.method for kind in RECORD_TYPES if kind.method is not None for name in kind.yields},
}
"""The gate family (method) of every method name and lesson type, read off the record types."""
