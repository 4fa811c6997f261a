"""School: every convention on which the classical books disagree, as one frozen value.

A chart records the school it was built with. Presets are selectable by an ASCII name or
their Hanzi name; the default is the 《六壬指南》 reading the source chapters use.

>>> School.preset("探原").shehai
'depth'
>>> School.preset("default") == School()
True
>>> School().replace(noble_table="B").name
'custom'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from .errors import SchoolError

NOBLE_TABLES = {
    # stem: (day, night) as branch indices
    "A": ((1, 7), (0, 8), (11, 9), (11, 9), (1, 7), (0, 8), (1, 7), (6, 2), (5, 3), (5, 3)),
    "B": ((7, 1), (8, 0), (9, 11), (11, 9), (1, 7), (0, 8), (1, 7), (2, 6), (3, 5), (5, 3)),
    "C": ((1, 7), (0, 8), (11, 9), (11, 9), (1, 7), (0, 8), (6, 2), (6, 2), (5, 3), (5, 3)),
}
"""天乙貴人 (rules.md §3.1). A 「甲戊庚牛羊」 as 《六壬粹言》 lays it out (晝丑夜未; 乙己 子申; 丙丁 亥酉;
辛 午寅; 壬癸 巳卯). B 「甲羊戊庚牛」 of 《協紀辨方書》, 探原, 尋源. C 「庚辛逢馬虎」 (八字 verse)."""

DAY_NIGHT_RULES = {
    "fixed": frozenset((3, 4, 5, 6, 7, 8)),
    "mao-you": frozenset((3, 4, 5, 6, 7, 8, 9)),
    "zi-si": frozenset((0, 1, 2, 3, 4, 5)),
    "sun": None,
}
"""晝/夜 by the hour branch: fixed 卯–申 (粹言 卷一 旦暮貴人, 探原, 尋源); 卯–酉 (some software and
4 classical charts); 子–巳 (《銀河棹》); "sun" = real sunrise and sunset, known only from an instant."""

_OPTIONS: dict[str, tuple[str, ...]] = {
    "noble_table": tuple(NOBLE_TABLES),
    "day_night": tuple(DAY_NIGHT_RULES),
    "shehai": ("mengzhong", "depth", "depth-excluding-start"),
    "zhuixia": ("day-side",),
    "bubei_test": ("square", "character"),
    "biezhe_yin": ("branch", "heaven"),
    "fuyin_chain": ("loop", "open"),
    "tomb": ("fire", "water", "stem"),
    "changsheng": ("element", "stem"),
    "wangxiang": ("month", "season"),
    "yuejiang_switch": ("zhongqi", "jie"),
    "day_boundary": ("23:00", "00:00"),
    "tiankong": ("behind", "neither"),
    "luowang": ("initial", "any"),
    "yangjiu_war": ("all", "initial"),
}

TiankongSide = Literal["behind", "neither"]
LuowangReading = Literal["initial", "any"]
YangjiuWar = Literal["all", "initial"]


@dataclass(frozen=True)
class School:
    """The conventions a chart is built with (rules.md, "Options to expose").

    Every field has the documented default; ``School()`` is the ``"default"`` preset.
    """

    name: str = "default"
    """Preset name, or ``"custom"`` after :meth:`replace`."""
    noble_table: str = "A"
    """貴人 table: "A" (甲戊庚牛羊, 晝丑夜未), "B" (甲羊戊庚牛, 協紀辨方), "C" (庚辛逢馬虎)."""
    day_night: str = "fixed"
    """晝貴/夜貴: "fixed" 卯–申 by the hour branch, "mao-you", "zi-si" (銀河棹), "sun" (sunrise/sunset at a location)."""
    shehai: str = "mengzhong"
    """涉害: "mengzhong" 孟→仲→綴瑕 (指南); "depth" 課經 depth count with the start square (探原);
    "depth-excluding-start" (六壬大全's worked examples)."""
    zhuixia: str = "day-side"
    """綴瑕 tie-break: "day-side" — 陽日 take the candidate met first in lessons 1–2, 陰日 in lessons 3–4
    (rules.md option 7). It is the only rule the sources state; the web 720 table's 巳亥巳 for 戊辰/戊戌
    返吟 follows no stated rule, so it is recorded here rather than offered as an option."""
    count_duplicate_lessons: bool = False
    """Count a repeated lesson twice when naming 元首/重審 vs 知一/比用 (指南-style engines); the
    default counts it once (探原, 直指御定). Never changes the transmissions."""
    split_shiru: bool = False
    """Name a lone 下賊上 始入 when no lesson has 上克下 (探原), instead of 重審 for every lone 賊."""
    bubei_test: str = "square"
    """不備: "square" — two lessons are one when upper and lower square match (the stem counts as its
    寄宮); "character" — compare the lower character itself."""
    biezhe_yin: str = "branch"
    """別責 on 柔日: "branch" the 三合 partner itself (指南, 探原); "heaven" the 天盤 branch over it."""
    fuyin_chain: str = "loop"
    """伏吟 刑 chain: "loop" 寅→巳→申→寅, 丑→戌→未→丑 (every table); "open" 申 and 未 do not 刑 back (大全 卷一 theory)."""
    tomb: str = "fire"
    """墓: "fire" 土 with 火 (戊己 戌); "water" 土 with 水 (戊己 辰); "stem" 十干 陽生陰死."""
    changsheng: str = "element"
    """長生: "element" 五行 (甲乙亥 丙丁寅 戊己壬癸申 庚辛巳); "stem" 十干 陽順陰逆 (尋源, 探原)."""
    wangxiang: str = "month"
    """旺相休囚死: "month" by the 月建 (辰戌丑未 土旺); "season" by the four seasons only."""
    yuejiang_switch: str = "zhongqi"
    """月將 changes at each 中氣 ("zhongqi", 雨水→亥) or at each 節 ("jie")."""
    day_boundary: str = "23:00"
    """The day pillar changes at 23:00 (子初) or at 00:00."""
    tiankong: TiankongSide = "behind"
    """天空, opposite the 貴人, for 微服/蹉跎: "behind" (指南 前五後六, 天空 is 後六) or "neither" (a lesson
    upper under 天空 is neither in front nor behind, so the chart is neither 微服 nor 蹉跎)."""
    luowang: LuowangReading = "initial"
    """羅網: "initial" — the 天羅/地網 is 發用 and stands on 干上, 支上 or the 行年 (孔明: 「並行年日辰發用，
    為羅網課」); "any" — any one of 發用, on 干上/支上, over the 行年 (the verse 「發用行年支干上」)."""
    yangjiu_war: YangjiuWar = "all"
    """殃咎's 神將相戰: "all" — every 傳 at war with its general (the chapter's 己酉 and 庚午 examples), or the
    初傳 at war while 克'd from below (丁巳, 壬子); "initial" — any 內戰/外戰 of the 初傳 (the older reading)."""
    true_solar_time: bool = False
    """Correct the clock to local true solar time (longitude and equation of time) before taking the hour."""

    def __post_init__(self) -> None:
        for field, allowed in _OPTIONS.items():
            value = getattr(self, field)
            if value not in allowed:
                raise SchoolError(
                    f"School option {field}={value!r} is not known; accepted: {', '.join(map(repr, allowed))}"
                )
        for field in ("count_duplicate_lessons", "split_shiru", "true_solar_time"):
            if not isinstance(getattr(self, field), bool):
                raise SchoolError(f"School option {field} must be True or False, got {getattr(self, field)!r}")
        if not isinstance(self.name, str) or not self.name:
            raise SchoolError(f"School name must be a non-empty string, got {self.name!r}")

    @classmethod
    def preset(cls, name: str) -> School:
        """The preset called ``name`` (ASCII or Hanzi, simplified accepted)."""
        key = name.strip().lower() if isinstance(name, str) else name
        school = _PRESET_ALIASES.get(key) if isinstance(key, str) else None
        if school is None:
            raise SchoolError(
                f"{name!r} is not a school; accepted: "
                + ", ".join(f"{ascii_name!r} / {zh!r}" for ascii_name, zh in PRESET_NAMES.items())
            )
        return school

    def replace(self, **changes: Any) -> School:
        """A copy with some options changed; it is named "custom" unless ``name`` is given."""
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise SchoolError(
                f"unknown School option(s) {sorted(unknown)}; accepted: "
                + ", ".join(f.name for f in dataclasses.fields(self))
            )
        changes.setdefault("name", "custom")
        return dataclasses.replace(self, **changes)

    def is_day(self, hour: int) -> bool | None:
        """晝 (True) or 夜 (False) for an hour branch index; None when the rule needs an instant."""
        hours = DAY_NIGHT_RULES[self.day_night]
        return None if hours is None else hour in hours

    def options(self) -> dict[str, Any]:
        """Every option as a plain dict (for JSON and display)."""
        return dataclasses.asdict(self)


PRESETS = {
    "default": School(),
    "tanyuan": School(
        name="tanyuan", noble_table="B", shehai="depth", split_shiru=True, changsheng="stem"
    ),
    "daquan": School(name="daquan", shehai="depth-excluding-start"),
}
"""default = 《六壬指南》 (what the source chapters use); tanyuan = 《大六壬探原》; daquan = 《六壬大全》."""

PRESET_NAMES = {"default": "指南", "tanyuan": "探原", "daquan": "大全"}

_PRESET_ALIASES: dict[str, School] = {}
for _ascii, _zh in PRESET_NAMES.items():
    _PRESET_ALIASES[_ascii] = PRESETS[_ascii]
    _PRESET_ALIASES[_zh] = PRESETS[_ascii]
_PRESET_ALIASES["六壬指南"] = PRESETS["default"]
_PRESET_ALIASES["大六壬探原"] = PRESETS["tanyuan"]
_PRESET_ALIASES["六壬大全"] = PRESETS["daquan"]


def resolve_school(school: School | str | None) -> School:
    """A School from a School, a preset name or None (the default)."""
    if school is None:
        return PRESETS["default"]
    if isinstance(school, School):
        return school
    if isinstance(school, str):
        return School.preset(school)
    raise SchoolError(
        f"school must be a School or a preset name, got {school!r} ({type(school).__name__}); "
        f"accepted: {', '.join(PRESET_NAMES)} or a School(...) value"
    )
