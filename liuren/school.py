"""School: every convention on which the classical books disagree, as one frozen value.

A chart records the school it was built with. Presets are selectable by an ASCII name or
their Hanzi name; the default is the set of conventions the worked examples of the
source chapters follow (named 指南 after the book whose 涉害 rule it takes).

>>> School.preset("探原").shehai
'depth'
>>> School.preset("default") == School()
True
>>> School().replace(noble_table="B").name
'custom'
>>> School(shehai="depth").option_tokens()
('shehai=depth',)

A school's name says which rules it holds: a preset's name ("default", "tanyuan", "daquan", or its
Hanzi name) means exactly that preset's options, and a school with other options is "custom" or a
name of your own (a short token: ASCII letters, digits, "_" or "-", at most 32 characters). So
``School(noble_table="B")`` is named "custom", and ``School(name="default", noble_table="B")`` is
refused rather than passed off as the default.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import KW_ONLY, dataclass, field, fields
from functools import cached_property
from typing import Any, Literal, get_args, get_type_hints, overload

from .cycle import MAO, SHEN, SI, YOU, ZI
from .errors import ParseError, SchoolError, quote

NOBLE_TABLES = {
    # stem: (day, night) as branch indices
    "A": ((1, 7), (0, 8), (11, 9), (11, 9), (1, 7), (0, 8), (1, 7), (6, 2), (5, 3), (5, 3)),
    "B": ((7, 1), (8, 0), (9, 11), (11, 9), (1, 7), (0, 8), (1, 7), (2, 6), (3, 5), (5, 3)),
    "C": ((1, 7), (0, 8), (11, 9), (11, 9), (1, 7), (0, 8), (6, 2), (6, 2), (5, 3), (5, 3)),
}
"""天乙貴人 (docs/rules.md §3.1). A 「甲戊庚牛羊」 as 《六壬粹言》 lays it out (晝丑夜未; 乙己 子申; 丙丁 亥酉;
辛 午寅; 壬癸 巳卯). B 「甲羊戊庚牛」 of 《協紀辨方書》, 探原, 尋源. C 「庚辛逢馬虎」 (八字 verse)."""

DAY_NIGHT_RULES: dict[str, frozenset[int] | None] = {
    "fixed": frozenset(range(MAO, SHEN + 1)),
    "mao-you": frozenset(range(MAO, YOU + 1)),
    "zi-si": frozenset(range(ZI, SI + 1)),
    "sun": None,
}
"""晝/夜 by the hour branch: fixed 卯–申 (粹言 卷一 旦暮貴人, 探原, 尋源); 卯–酉 (some software and
4 classical charts); 子–巳 (《銀河棹》); "sun" = real sunrise and sunset, known only from an instant."""

Source = tuple[str, str]
"""Where a reading is stated: (book, chapter). The book is "" for the teaching chapters, which name none."""


CHANGES = ("instant", "lesson-set", "transmissions", "lesson_type", "generals", "patterns", "reading")
"""What of a chart a School option can change: ``instant`` the day, hour and month general read from a
moment (a chart given by them never changes); ``lesson-set`` the lessons the methods judge (which of
them count as one); ``transmissions`` the 三傳 (and so their 六親, 遁干 and generals); ``lesson_type`` the
name the method gives; ``generals`` the noble and the generals; ``patterns`` the named patterns only;
``reading`` no cell of the chart, only the verdict of its reading (:meth:`liuren.Reading.verdict`)."""


@dataclass(frozen=True, slots=True)
class Governs:
    """What a School option decides, declared once on its field: ``changes`` the parts of a chart it
    can change (of :data:`CHANGES`) and ``records`` the names of the rule record types of
    :mod:`liuren.records` whose rule it decides (a traced run of the methods that gives one of them
    is a run the option can change). :func:`liuren.identify`, :func:`liuren.check`'s other-school
    search and README's option table are read from here, so a new option is found by all three."""

    changes: tuple[str, ...]
    records: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        unknown = [c for c in self.changes if c not in CHANGES]
        if unknown or not self.changes:
            raise SchoolError(f"Governs.changes={self.changes!r}: accepted: some of {', '.join(CHANGES)}")


def _about(
    doc: str,
    *sources: Source,
    governs: Governs,
    topic: str = "",
    readings: Mapping[str, str] | None = None,
) -> dict[str, object]:
    """A School option's field metadata: what it means (``doc``), where the books state its readings
    (``sources``), what it decides (``governs``), and for README's table a short ``topic`` (天乙貴人)
    and a few words on some values (``readings``, by the value's text: "A", "True")."""
    return {"doc": doc, "sources": sources, "governs": governs, "topic": topic, "readings": dict(readings or {})}


GENERALS_ONLY = Governs(("generals",))
"""The options that move the noble, and so the generals (and nothing else)."""
PATTERNS_ONLY = Governs(("patterns",))
"""The options only the named patterns read."""
INSTANT_ONLY = Governs(("instant",))
"""The options that only turn a moment into the day, hour and month general."""
READING_ONLY = Governs(("reading",))
"""The options only a reading's verdict reads: they change no cell of a chart."""
SHEHAI = Governs(("transmissions", "lesson_type"), ("BiyongFilter",))
"""The 涉害 options: a run reaches 涉害 when 比用 hands it a pool."""
LESSON_SET = Governs(("lesson-set", "transmissions", "lesson_type"))
"""The options that decide which lessons the methods judge."""


class _DerivedName:
    """The ``name`` field: given as a str or None, always read back as a str.

    ``School(name=None)`` (the default) has its name derived from its options (the preset they
    match, else "custom"), so the constructor takes ``str | None`` while ``school.name`` is a
    ``str``. A dataclass field holds one type, so ``name`` is this descriptor: the generated
    ``__init__`` hands it what was given (``__set__``), ``School.__post_init__`` checks it against
    the options and stores the result, and ``__get__`` returns that (a ``None`` on the class itself
    is the field's default)."""

    @overload
    def __get__(self, school: None, owner: type[object]) -> None: ...
    @overload
    def __get__(self, school: School, owner: type[object]) -> str: ...
    def __get__(self, school: School | None, owner: type[object]) -> str | None:
        if school is None:
            return None
        name: str = vars(school)["name"]
        return name

    def __set__(self, school: School, value: str | None) -> None:
        vars(school)["name"] = value


def _refuse_changes(cls: type[School]) -> type[School]:
    """Frozen, with the errors saying what to do instead (a frozen dataclass's own only say "cannot
    assign"; a dataclass may not define these methods itself)."""

    def __setattr__(self: School, name: str, value: object) -> None:
        raise AttributeError(
            f"School is immutable; use .replace(...) for a changed copy instead of setting {quote(name)}"
        )

    def __delattr__(self: School, name: str) -> None:
        raise AttributeError("School is immutable")

    setattr(cls, "__setattr__", __setattr__)  # noqa: B010 - assigning a method is what mypy refuses
    setattr(cls, "__delattr__", __delattr__)  # noqa: B010
    return cls


@_refuse_changes
@dataclass(frozen=True, eq=False, repr=False)
class School:
    """The conventions a chart is built with: a frozen, hashable value.

    Every option has the documented default (:data:`OPTION_DOCS` says what each means); ``School()``
    is the ``"default"`` preset. ``name`` is left out to be derived: the preset the options match,
    else ``"custom"``.

    Each option is written once, below: its annotation is the values it accepts (a ``Literal``, or
    ``bool`` for a yes/no option), its default is the field's default, and the field's metadata says
    what it means, where the books state its readings and what it governs (:class:`Governs`: the parts
    of a chart it changes and the rule records it decides). Everything else (the constructor, the
    checks, :data:`CHOICES`, :data:`DEFAULTS`, :data:`OPTION_DOCS`, the specs, the reference, README's
    option table, the options :func:`liuren.identify` and :func:`liuren.check` search) is read from here.
    """

    name: _DerivedName = _DerivedName()
    _: KW_ONLY
    noble_table: Literal["A", "B", "C"] = field(
        default="A",
        metadata=_about(
            """貴人 table: "A" (甲戊庚牛羊, 晝丑夜未), "B" (甲羊戊庚牛, 協紀辨方), "C" (庚辛逢馬虎).""",
            ("《六壬粹言》", "卷二 立課"),
            ("《大六壬探原》", "卷上 推演篇"),
            ("《大六壬尋源》", "卷一"),
            governs=GENERALS_ONLY,
            topic="天乙貴人",
            readings={
                "A": "甲戊庚牛羊, 晝丑夜未 (粹言; fits all 90 discriminating 斷案 charts)",
                "B": "甲羊戊庚牛 (協紀辨方, 探原)",
                "C": "庚辛逢馬虎",
            },
        ),
    )
    day_night: Literal["fixed", "mao-you", "zi-si", "sun"] = field(
        default="fixed",
        metadata=_about(
            """晝貴/夜貴: "fixed" 卯–申 by the hour branch, "mao-you", "zi-si" (銀河棹), "sun" (sunrise/sunset at a location).""",
            ("《六壬粹言》", "卷一 辨非十則 旦暮貴人"),
            ("《大六壬探原》", "卷上 推演篇"),
            governs=GENERALS_ONLY,
            topic="晝/夜 noble",
            readings={
                "fixed": "卯–申 by the hour branch",
                "zi-si": "銀河棹",
                "sun": "sunrise/sunset at a location",
            },
        ),
    )
    shehai: Literal["mengzhong", "depth", "depth-excluding-start"] = field(
        default="mengzhong",
        metadata=_about(
            """涉害: "mengzhong" 孟→仲→綴瑕 (指南); "depth" 課經 depth count with the start square (探原);
    "depth-excluding-start" (the depth counts of the 《訂訛》 quoted in 六壬大全 卷七; most of the book's own
    worked 涉害 charts follow 孟仲, see the daquan preset). 綴瑕, when the squares cannot decide, has one
    rule in every book: 陽日 take the candidate met first in lessons 1–2, 陰日 in lessons 3–4.""",
            ("《六壬指南》", "卷一 心印賦"),
            ("《六壬大全》", "卷七 涉害課"),
            ("《大六壬探原》", "卷上 推演篇"),
            governs=SHEHAI,
            topic="涉害",
            readings={
                "mengzhong": "孟 → 仲 → 綴瑕 (指南; 綴瑕: 陽日 the candidate met first in lessons 1–2, 陰日 in 3–4)",
                "depth": "課經 count with the start square (探原)",
                "depth-excluding-start": "大全 卷七 《訂訛》's counts",
            },
        ),
    )
    count_duplicate_lessons: bool = field(
        default=False,
        metadata=_about(
            """Count a repeated lesson twice when naming 元首/重審 vs 知一/比用 (指南-style engines); the
    default counts it once (探原, 直指御定). Never changes the transmissions.""",
            ("《大六壬探原》", "卷上 推演篇"),
            governs=Governs(("lesson_type",), ("ZeikeOne", "ZeikeMany")),
            readings={"False": "a repeated lesson counts once when naming"},
        ),
    )
    split_shiru: bool = field(
        default=False,
        metadata=_about(
            """Name a lone 下賊上 始入 when no lesson has 上克下 (探原), instead of 重審 for every lone 賊.""",
            ("《大六壬探原》", "卷上 推演篇"),
            governs=Governs(("lesson_type",), ("ZeikeOne",)),
            topic="始入",
            readings={"True": "a lone 下賊上 with no 上克下 is 始入 (探原)"},
        ),
    )
    bubei_test: Literal["square", "character"] = field(
        default="square",
        metadata=_about(
            """不備: "square" — two lessons are one when upper and lower square match (the stem counts as its
    寄宮); "character" — compare the lower character itself.""",
            ("《六壬大全》", "卷一 入手法"),
            governs=LESSON_SET,
            topic="不備",
            readings={"square": "upper branch and lower square, stem as its 寄宮"},
        ),
    )
    biezhe_yin: Literal["branch", "heaven"] = field(
        default="branch",
        metadata=_about(
            """別責 on 柔日: "branch" the 三合 partner itself (指南, 探原); "heaven" the 天盤 branch over it.""",
            ("《六壬指南》", "卷一 心印賦"),
            ("《大六壬探原》", "卷上 推演篇"),
            governs=Governs(("transmissions",), ("BiezheRou",)),
            topic="別責 on 柔日",
            readings={"branch": "the 三合 partner itself", "heaven": "the branch over it"},
        ),
    )
    fuyin_chain: Literal["loop", "open"] = field(
        default="loop",
        metadata=_about(
            """伏吟 刑 chain: "loop" 寅→巳→申→寅, 丑→戌→未→丑 (every table); "open" 申 and 未 do not 刑 back (大全 卷一 theory).""",
            ("《大六壬探原》", "卷上 推演篇"),
            ("《六壬大全》", "卷一"),
            governs=Governs(("transmissions", "lesson_type"), ("FuyinInit", "FuyinMiddle")),
            topic="伏吟 刑",
            readings={"loop": "寅→巳→申→寅, 丑→戌→未→丑", "open": "大全 卷一's theory"},
        ),
    )
    fuyin_return: Literal["xing", "chong"] = field(
        default="xing",
        metadata=_about(
            """伏吟 when the 中 刑s back to the 初 (子↔卯: the 支上 卯 of 丁卯, 己卯, 辛卯): "xing" — the 刑 chain
    runs on and the 末 is the 初 again, 卯子卯 自信 (指南 卷一 takes the 沖 only for a 中 that 刑s itself:
    「倘逢中傳自刑者，末傳以衝神為之」; 陳公獻 prints 辛卯 戌時戌將 卯子卯 in 卷三); "chong" — the 末 is the 沖
    of the 中, 卯子午 杜傳 (大全 卷一; 探原's 720 list).""",
            ("《六壬指南》", "卷一 心印賦"),
            ("《六壬指南》", "卷三"),
            ("《六壬大全》", "卷一"),
            ("《大六壬探原》", "卷上 推演篇"),
            governs=Governs(("transmissions", "lesson_type"), ("FuyinFinal",)),
            topic="伏吟 子↔卯",
            readings={
                "xing": "the 刑 chain back to 卯, 卯子卯 (指南 卷一 「倘逢中傳自刑者，末傳以衝神為之」)",
                "chong": "the 沖 of the 中, 卯子午 杜傳 (大全, 探原; their presets)",
            },
        ),
    )
    tomb: Literal["fire", "water", "stem"] = field(
        default="fire",
        metadata=_about(
            """墓: "fire" 土 with 火 (戊己 戌); "water" 土 with 水 (戊己 辰); "stem" 十干 陽生陰死.""",
            ("《六壬粹言》", "卷一 辨非十則 戊己墓"),
            ("《六壬大全》", "卷一"),
            governs=PATTERNS_ONLY,
            topic="墓",
            readings={"fire": "戊己 戌", "water": "戊己 辰", "stem": "十干"},
        ),
    )
    changsheng: Literal["element", "stem"] = field(
        default="element",
        metadata=_about(
            """長生: "element" 五行 (甲乙亥 丙丁寅 戊己壬癸申 庚辛巳); "stem" 十干 陽順陰逆 (尋源, 探原).""",
            ("《六壬大全》", "課經集 天獄課"),
            ("《大六壬尋源》", "卷一 凡例"),
            ("《大六壬探原》", "卷上 推演篇"),
            governs=PATTERNS_ONLY,
            topic="長生",
            readings={"element": "五行", "stem": "十干 陽順陰逆"},
        ),
    )
    wangxiang: Literal["month", "season"] = field(
        default="month",
        metadata=_about(
            """旺相休囚死: "month" by the 月建 (辰戌丑未 土旺); "season" by the four seasons only.""",
            ("《六壬大全》", "課經集 天獄課"),
            governs=PATTERNS_ONLY,
            topic="旺相休囚死",
            readings={"month": "by the 月建"},
        ),
    )
    yuejiang_switch: Literal["zhongqi", "jie"] = field(
        default="zhongqi",
        metadata=_about(
            """月將 changes at each 中氣 ("zhongqi", 雨水→亥) or at each 節 ("jie").""",
            ("《六壬大全》", "卷二 神將釋"),
            ("《大六壬尋源》", "卷一 超神法"),
            governs=INSTANT_ONLY,
            topic="月將",
            readings={"zhongqi": "at the 中氣", "jie": "at the 節"},
        ),
    )
    day_boundary: Literal["23:00", "00:00"] = field(
        default="23:00",
        metadata=_about(
            """The day pillar changes at 23:00 (子初) or at 00:00.""",
            governs=INSTANT_ONLY,
            readings={"23:00": "子初"},
        ),
    )
    true_solar_time: bool = field(
        default=False,
        metadata=_about(
            """Correct the clock to local true solar time (longitude and equation of time) before taking the hour.""",
            governs=INSTANT_ONLY,
        ),
    )
    tiankong: Literal["behind", "neither"] = field(
        default="behind",
        metadata=_about(
            """天空, opposite the 貴人, for 微服/蹉跎 (and 三陽/三陰): "behind" (指南 前五後六, 天空 is 後六) or
    "neither" (a lesson upper under 天空 is neither in front nor behind, so the chart is neither 微服 nor 蹉跎).""",
            ("《六壬指南》", "卷一 心印賦"),
            ("", "「勵德課」"),
            governs=PATTERNS_ONLY,
            topic="天空 for 微服/蹉跎",
            readings={
                "behind": "天空 is 後六 (指南 前五後六)",
                "neither": "a lesson upper under 天空 is neither in front nor behind",
            },
        ),
    )
    luowang: Literal["initial", "any"] = field(
        default="initial",
        metadata=_about(
            """羅網: "initial" — the 天羅/地網 is 發用 and stands on 干上, 支上 or the 行年 (孔明: 「並行年日辰發用，
    為羅網課」); "any" — any one of 發用, on 干上/支上, over the 行年 (the verse 「發用行年支干上」).""",
            ("", "「羅網」 l. 71–75"),
            governs=PATTERNS_ONLY,
            topic="羅網",
            readings={
                "initial": "the 天羅/地網 is 發用 and stands on 干上, 支上 or the 行年",
                "any": "any one of 發用, on 干上/支上, over the 行年 (the verse)",
            },
        ),
    )
    yangjiu_war: Literal["all", "initial"] = field(
        default="all",
        metadata=_about(
            """殃咎's 神將相戰: "all" — every 傳 at war with its general (the chapter's 己酉 and 庚午 examples), or
    the 初傳 at war while it is 下賊上 (丁巳, 壬子); "initial" — any 內戰/外戰 of the 初傳,
    a reading the chapter's examples do not follow (docs/rules.md §6.11).""",
            ("", "「殃咎課」 l. 147–155"),
            governs=PATTERNS_ONLY,
            topic="殃咎 神將相戰",
            readings={
                "all": "every 傳 at war with its general, or the 初傳 while 下賊上 (the chapter's examples)",
                "initial": "any 內戰/外戰 of the 初傳",
            },
        ),
    )
    war_reading: Literal["lesson", "yangjiu"] = field(
        default="lesson",
        metadata=_about(
            """A reading's verdict where 元首課 l.23 「縱神將戰憂易解」 and 殃咎課 l.155 「神克將，為內戰，禍患難解」
    both stand on one 內戰 (the chapters leave it open): "lesson" — the lesson type's own line prevails, the
    more particular over the general (docs/rules.md §10, principle 5); "yangjiu" — 殃咎's 內戰 prevails.
    Changes no chart, only ``Reading.verdict``.""",
            ("", "「元首課」 l. 23"),
            ("", "「殃咎課」 l. 155"),
            governs=READING_ONLY,
            topic="神將相戰 in a verdict",
            readings={"yangjiu": "殃咎課 l.155 「禍患難解」 prevails over the lesson type's 「憂易解」"},
        ),
    )
    bazhuan_bubei: Literal["both", "neither"] = field(
        default="both",
        metadata=_about(
            """How an 八專 day's lessons count for 陽不備 and 陰不備 in a reading (八專課 l.167–183): 干 and 支 share one
    place, so the four lessons are two, one 陽 (lessons 1 and 3) and one 陰 (2 and 4). "both" — 陽 and 陰 both
    lack, as the chapter calls the day 「陰陽不備」 (l.167 「一神二神號八專，陰陽不備向乾坤」, l.175 「陰陽不備是蕪淫」);
    "neither" — one lesson of each side is there, so neither lacks (the count of 無淫課, which needs three).
    Changes no chart, only which of the chapters' 不備 lines a reading holds.""",
            ("", "「八專課」 l. 167–175"),
            governs=READING_ONLY,
            topic="八專 不備 in a reading",
            readings={
                "both": "an 八專 day is 陽不備 and 陰不備 (「陰陽不備」, l.167, l.175)",
                "neither": "its one 陽 and one 陰 lesson lack neither side",
            },
        ),
    )
    biyong_ge: Literal["off", "wealth", "wealth-or-ghost"] = field(
        default="off",
        metadata=_about(
            """比用格 (大全 卷七 涉害課: 「凡涉害課，用神畏日干所勝，以比和者為用，曰比用格」): when the
    candidate 涉害 chose is the day stem's 妻財 ("wealth", the rule as stated) — or its 妻財 or 官鬼
    ("wealth-or-ghost", as the paragraph's 戊子 壬戌 庚子 examples read it) — and another candidate
    is 比和 with the stem or 生s it (兄弟, 父母), the 涉害 steps choose again among those. "off":
    every other book (and 大全's own 見機格, 絕嗣, 災厄 and 六純 charts).""",
            ("《六壬大全》", "卷七 涉害課"),
            governs=SHEHAI,
            topic="比用格",
            readings={
                "wealth": "a 涉害 choice that is the stem's 妻財 gives way to a 兄弟/父母 candidate (大全 卷七)",
                "wealth-or-ghost": "its 官鬼 too",
            },
        ),
    )
    shehai_shangke: Literal["depth", "mengzhong"] = field(
        default="depth",
        metadata=_about(
            """涉害 among 上克下 candidates, under a depth ``shehai``: "depth" — counted like 下賊上 ones
    (探原; the 大全 preset until its 卷七–十 cases were all read); "mengzhong" — no depth count, straight to
    孟/仲 (the 大全's own 上克下 charts: 刑傷 庚午 寅時子將 午, 天網 庚辰 午, 六純 甲午 戌, 災厄 乙亥 未,
    觀月經 己丑 巳 「是巳為孟故」, which read 尉山人's 「上克下取天盤孟仲為驗」 as a test in place of depth).""",
            ("《大六壬探原》", "卷上 推演篇"),
            ("《六壬大全》", "卷七–十 課經集"),
            governs=SHEHAI,
            topic="涉害 上克下",
            readings={
                "depth": "counted like 下賊上",
                "mengzhong": "上克下 candidates skip the depth count, 孟/仲 decide (大全's own charts)",
            },
        ),
    )
    shehai_mengzhong: Literal["earth", "weishanren"] = field(
        default="earth",
        metadata=_about(
            """涉害 孟/仲 test: "earth" — the square a candidate stands on (every table; 粹言's 復等 example);
    "weishanren" — 尉山人 as 大全 卷七 涉害課 quotes him, 「上克下取天盤孟仲為驗」: for 上克下
    candidates the heaven branch itself is tested, for 下賊上 the square.""",
            ("《六壬粹言》", "卷一 辨非十則"),
            ("《六壬大全》", "卷七 涉害課"),
            governs=SHEHAI,
            topic="涉害 孟/仲",
            readings={
                "earth": "the square a candidate stands on",
                "weishanren": "上克下 candidates tested as heaven branches (尉山人, in 大全 卷七)",
            },
        ),
    )
    fanyin_final: Literal["return", "weishanren"] = field(
        default="return",
        metadata=_about(
            """返吟 with a 克 (無依): "return" — 末 = the heaven branch over the 中傳, back to the 初 (every
    table, and 大全's own 返吟 and 龍戰 charts); "weishanren" — 尉山人取法，末傳取破 (大全 卷八 斫輪卦: 辛酉
    返吟 卯酉子): 末 = the 破 of the 中傳. 井欄射 keeps its own 末 (干上神).""",
            ("《六壬粹言》", "卷二 立課"),
            ("《六壬大全》", "卷八 斫輪卦"),
            governs=Governs(("transmissions",), ("FanyinKe",)),
            topic="返吟 末傳",
            readings={
                "return": "back to the 初傳",
                "weishanren": "the 破 of the 中傳 (尉山人取法, 大全 卷八 斫輪卦)",
            },
        ),
    )
    repeated_lesson: Literal["judged", "once"] = field(
        default="judged",
        metadata=_about(
            """"judged": each lesson's 克 is judged on its own characters, lesson 1 against the stem (every
    table); "once": a lesson that repeats an earlier one (same upper on the same square, the stem
    standing for its 寄宮) is counted once, as the earlier lesson, before 克 is judged — a casebook
    convention none of the source chapters states (乙巳 亥時戌將: 卯 on 辰 repeats 卯 on 乙, so no
    克 is left and 遙克 gives 辰卯寅). Unlike ``count_duplicate_lessons`` it changes transmissions.""",
            governs=Governs(("lesson-set", "transmissions", "lesson_type"), ("RepeatsKept", "RepeatsDropped")),
            readings={
                "judged": "each lesson judged for 克",
                "once": "a lesson repeating an earlier one carries no 克 of its own",
            },
        ),
    )

    def __post_init__(self) -> None:
        options = tuple(getattr(self, option) for option in OPTION_NAMES)
        for option, value in zip(OPTION_NAMES, options, strict=True):
            if option in CHOICES:
                if type(value) is not str or value not in CHOICES[option]:
                    raise SchoolError(
                        f"School option {option}={quote(value)} is not known; accepted: {', '.join(map(repr, CHOICES[option]))}"
                    )
            elif type(value) is not bool:
                raise SchoolError(f"School option {option} must be True or False, got {quote(value)}")
        name = _check_name(vars(self)["name"], options)
        vars(self)["name"] = name
        vars(self)["_key"] = (name, *options)

    @cached_property
    def _key(self) -> tuple[str | bool, ...]:
        """The name and every option, in field order: what equality and hashing compare. It is stored
        when the School is made; a cached property only so that it is no dataclass field."""
        return (self.name, *(getattr(self, option) for option in OPTION_NAMES))

    def __eq__(self, other: object) -> bool:
        if type(other) is not School:
            return NotImplemented
        return self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.name, self._options()))

    def __repr__(self) -> str:
        changed = ", ".join(f"{k}={v!r}" for k, v in self._options().items() if DEFAULTS[k] != v)
        return f"School({self.name!r}{', ' if changed else ''}{changed})"

    @classmethod
    def preset(cls, name: object) -> School:
        """The preset called ``name`` (ASCII, case-insensitive, or Hanzi; simplified accepted)."""
        key = _preset_of(name)
        if key is None:
            raise SchoolError(
                f"{quote(name)} is not a school; accepted: "
                + ", ".join(f"{ascii_name!r} / {zh!r}" for ascii_name, zh in PRESET_NAMES.items())
            )
        return PRESETS[key]

    def replace(self, **changes: object) -> School:
        """A copy with some options changed; its name is derived again (the matching preset or
        "custom") unless ``name`` is given."""
        unknown = set(changes) - {"name", *OPTION_NAMES}
        if unknown:
            raise SchoolError(
                f"unknown School option(s) {', '.join(sorted(map(quote, unknown)))}; accepted: name, "
                + ", ".join(OPTION_NAMES)
            )
        name = changes.pop("name", None)
        return _rebuild(name, {**self._options(), **changes})

    def is_day(self, hour: int) -> bool | None:
        """晝 (True) or 夜 (False) for an hour branch index; None when the rule needs an instant."""
        hours = DAY_NIGHT_RULES[self.day_night]
        return None if hours is None else hour in hours

    def options(self) -> dict[str, str | bool]:
        """Every option as a plain dict (for JSON and display), ``name`` included first."""
        return dict(zip(("name", *OPTION_NAMES), self._key, strict=True))

    def _options(self) -> dict[str, str | bool]:
        return dict(zip(OPTION_NAMES, self._key[1:], strict=True))

    def option_tokens(self) -> tuple[str, ...]:
        """The options that differ from the defaults as ``key=value`` words ("true"/"false" for the
        yes/no options): what a chart spec writes and :meth:`from_tokens` reads back."""
        return tuple(
            f"{k}={str(v).lower() if type(v) is bool else v}"
            for k, v in zip(OPTION_NAMES, self._key[1:], strict=True)
            if DEFAULTS[k] != v
        )

    @classmethod
    def from_tokens(cls, name: str | None, tokens: Iterable[str]) -> School:
        """The school ``name`` with ``key=value`` words applied (the inverse of :meth:`option_tokens`).

        ``name`` may be a preset (its options are the start), a name of your own or None."""
        return cls.from_options(name, dict(_split_token(t) for t in tokens))

    @classmethod
    def from_options(cls, name: str | None, texts: Mapping[str, str]) -> School:
        """The school ``name`` with options given as text (``option_value`` reads each).

        A preset's name starts from that preset's options (and the result is named again: the
        preset if nothing changed, else "custom"); a name of your own or None starts from the defaults."""
        preset = _preset_of(name)
        options = {**DEFAULTS, **PRESET_OPTIONS[preset]} if preset else dict(DEFAULTS)
        for option, text in texts.items():
            options[option] = option_value(option, text)
        return _rebuild(None if preset else name, options)


_OPTION_FIELDS = tuple(f for f in fields(School) if "doc" in f.metadata)
"""The option fields, in order (every field but ``name``)."""
OPTION_NAMES = tuple(f.name for f in _OPTION_FIELDS)
"""Every option, in the order a School lists them (``name`` comes first and is not an option)."""
_TYPES = get_type_hints(School)
CHOICES: dict[str, tuple[str, ...]] = {
    name: get_args(_TYPES[name]) for name in OPTION_NAMES if _TYPES[name] is not bool
}
"""The text options and the values each accepts (read from the ``Literal`` annotations)."""
SWITCHES = tuple(name for name in OPTION_NAMES if _TYPES[name] is bool)
"""The yes/no options."""
DEFAULTS: dict[str, str | bool] = {f.name: f.default for f in _OPTION_FIELDS if isinstance(f.default, str | bool)}
"""Every option's documented default: the conventions the worked examples of the source
chapters follow (涉害 by 《六壬指南》's 孟仲 rule, the 貴人 table of 《六壬粹言》)."""
OPTION_DOCS: dict[str, str] = {f.name: f.metadata["doc"] for f in _OPTION_FIELDS}
"""What each option means and where the sources differ, in field order (the API docs and the
generated conventions reference read it from here)."""
OPTION_SOURCES: dict[str, tuple[Source, ...]] = {f.name: f.metadata["sources"] for f in _OPTION_FIELDS}
"""Where the books state each option's readings: (book, chapter) pairs; empty for the clock options
and for a convention no source states."""
GOVERNS: dict[str, Governs] = {f.name: f.metadata["governs"] for f in _OPTION_FIELDS}
"""What each option decides (:class:`Governs`), in field order."""
OPTION_TOPICS: dict[str, str] = {f.name: f.metadata["topic"] for f in _OPTION_FIELDS}
"""A short name of what each option is about (天乙貴人), for README's table ("" when the name says it)."""
OPTION_READINGS: dict[str, dict[str, str]] = {f.name: f.metadata["readings"] for f in _OPTION_FIELDS}
"""A few words on some values of each option (by the value's text), for README's table."""


def options_changing(*changes: str) -> tuple[str, ...]:
    """The options that can change any of ``changes`` (of :data:`CHANGES`), in field order."""
    unknown = [c for c in changes if c not in CHANGES]
    if unknown:
        raise SchoolError(f"{', '.join(map(quote, unknown))}: accepted: some of {', '.join(CHANGES)}")
    return tuple(name for name in OPTION_NAMES if set(GOVERNS[name].changes) & set(changes))


PRESET_NAMES = {"default": "指南", "tanyuan": "探原", "daquan": "大全"}
"""Preset name → its Hanzi name (the book it follows)."""
PRESET_OPTIONS: dict[str, dict[str, str | bool]] = {
    "default": {},
    "tanyuan": {
        "noble_table": "B",
        "shehai": "depth",
        "split_shiru": True,
        "fuyin_return": "chong",
        "changsheng": "stem",
    },
    "daquan": {
        "shehai": "depth-excluding-start",
        "fuyin_return": "chong",
        "biyong_ge": "wealth",
        "shehai_shangke": "mengzhong",
        "fanyin_final": "weishanren",
    },
}
"""What each preset changes from the defaults: default = 指南 (涉害 by 《六壬指南》's 孟仲 rule; the source chapters' worked examples follow it);
tanyuan = 《大六壬探原》; daquan = 《六壬大全》."""
_ALIASES = {
    **{name: name for name in PRESET_NAMES},
    **{zh: name for name, zh in PRESET_NAMES.items()},
    "六壬指南": "default",
    "大六壬探原": "tanyuan",
    "六壬大全": "daquan",
}
"""Every way to name a preset (ASCII names case-insensitive; the Hanzi names are the same in simplified)."""
CUSTOM = "custom"
"""The name of a school whose options match no preset, when it is given no name of its own."""
MAX_SCHOOL_NAME = 32
"""The longest school name of your own (and the longest text read as a preset's name)."""
NAME_PATTERN = re.compile(rf"[A-Za-z0-9_-]{{1,{MAX_SCHOOL_NAME}}}")
"""A school name of your own: a short token, so a chart spec stays one line of words."""
_RESERVED = frozenset(("day", "night", "d", "n", "month", "year"))
"""Words a chart spec reads as something else (the noble, a key)."""


def _check_name(name: object, options: tuple[str | bool, ...]) -> str:
    """The name a school with these options gets: None → the matching preset's name or "custom"."""
    matching = _MATCHING.get(options)
    if name is None:
        return matching or CUSTOM
    if not isinstance(name, str):
        raise SchoolError(f"a School name must be a string, got {quote(name)} ({type(name).__name__})")
    preset = _preset_of(name) if name == name.strip() else None
    if preset is not None:
        if preset != matching:
            raise SchoolError(
                f"a School named {quote(name)} must have the {preset!r} preset's options, and these differ "
                f"({', '.join(_differences(options, preset))}); for the preset itself use School.preset({preset!r}), "
                f"else leave the name out (it becomes {CUSTOM!r}) or choose your own"
            )
        return preset
    if name != CUSTOM and (not NAME_PATTERN.fullmatch(name) or name.lower() in _RESERVED):
        raise SchoolError(
            f"{quote(name)} is not a School name; accepted: a preset name ({', '.join(PRESET_NAMES)}), "
            f"{CUSTOM!r}, or a token of 1–32 ASCII letters, digits, '_' or '-' (not {', '.join(sorted(_RESERVED))})"
        )
    return name


def _differences(options: tuple[str | bool, ...], preset: str) -> list[str]:
    want = {**DEFAULTS, **PRESET_OPTIONS[preset]}
    differ = [f"{k}={v!r}" for k, v in zip(OPTION_NAMES, options, strict=True) if want[k] != v]
    return differ if len(differ) <= 3 else [*differ[:3], f"and {len(differ) - 3} more"]


def _preset_of(name: object) -> str | None:
    """The preset a name means (ASCII case-insensitive, or Hanzi), or None."""
    if not isinstance(name, str) or len(name) > MAX_SCHOOL_NAME:
        return None
    return _ALIASES.get(name.strip().lower())


def option_value(option: str, text: str) -> str | bool:
    """An option's value read from text: "true"/"false" for the yes/no options, else the text."""
    if option not in DEFAULTS:
        raise SchoolError(f"{quote(option)} is not a School option; accepted: {', '.join(OPTION_NAMES)}")
    if option in SWITCHES:
        flag = {"true": True, "false": False}.get(text.lower()) if isinstance(text, str) else None
        if flag is None:
            raise SchoolError(f"School option {option}={quote(text)}: accepted: true or false")
        return flag
    return text


def _split_token(token: str) -> tuple[str, str]:
    key, sep, value = token.partition("=")
    if not sep:
        raise SchoolError(f"{quote(token)} is not a School option; accepted: key=value, e.g. noble_table=B")
    return key, value


def _rebuild(name: object, options: Mapping[str, object]) -> School:
    """A School from a name (None to derive it) and options by name: what pickling, ``replace`` and
    the presets build with. The values are checked as for any School, so their static type is open."""
    arguments: dict[str, Any] = {"name": name, **options}
    return School(**arguments)


School.__doc__ = (
    (School.__doc__ or "")
    + "\n    Options (default first, then the other values accepted):\n\n"
    + "\n".join(
        f"    ``{name}`` = {DEFAULTS[name]!r}"
        + (
            f" (or {', '.join(repr(c) for c in CHOICES[name] if c != DEFAULTS[name])})"
            if name in CHOICES and len(CHOICES[name]) > 1
            else ""
        )
        + f": {' '.join(OPTION_DOCS[name].split())}"
        for name in OPTION_NAMES
    )
)

_MATCHING: dict[tuple[str | bool, ...], str] = {
    tuple({**DEFAULTS, **changes}[k] for k in OPTION_NAMES): name for name, changes in PRESET_OPTIONS.items()
}
"""Each preset's options (in field order) → its name: how a school without a name is named."""
PRESETS: dict[str, School] = {name: _rebuild(name, {**DEFAULTS, **changes}) for name, changes in PRESET_OPTIONS.items()}
"""default = 指南 (涉害 by 《六壬指南》's 孟仲 rule; the source chapters' worked examples follow it); tanyuan = 《大六壬探原》; daquan = 《六壬大全》."""


def resolve_school(school: School | str | None) -> School:
    """A School from a School, a preset name or None (the default)."""
    if school is None:
        return PRESETS["default"]
    if isinstance(school, School):
        return school
    if isinstance(school, str):
        return School.preset(school)
    raise SchoolError(
        f"school must be a School or a preset name, got {quote(school)} ({type(school).__name__}); "
        f"accepted: {', '.join(PRESET_NAMES)} or a School(...) value"
    )


NOBLE_VALUES = {"day": True, "night": False, "晝": True, "夜": False, "昼": True, "d": True, "n": False}
"""The words for the 晝貴 (True) and the 夜貴 (False) noble, lower case ("昼" is the simplified 晝)."""
NOBLE_LABEL = {"day": "晝", "night": "夜"}
"""A chart's ``noble`` ("day"/"night") as the books write it: 晝 (晝貴) or 夜 (夜貴)."""


def parse_noble(value: object, none_means: str = "decided by the hour") -> bool:
    """Read the noble: True for "day"/"晝", False for "night"/"夜" (case and spaces ignored).

    ``none_means`` says, in the error, what leaving it out (None) does where it is read."""
    flag = NOBLE_VALUES.get(str.strip(value).lower()) if isinstance(value, str) and len(value) <= 8 else None
    if flag is None:
        raise ParseError(
            f"noble={quote(value)} is not understood; accepted: 'day' (晝), 'night' (夜) or None ({none_means})"
        )
    return flag
