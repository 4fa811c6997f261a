"""Supporting tables for the named patterns: 旺相休囚死, 十二長生 and 墓, and the daily and monthly 神煞.

Each table is written once, with its classical name, one line stating the rule and its source
(docs/rules.md §5–§6; 《六壬大全》 卷一 神煞 tables unless noted). Branches and stems are indices
(子 0 … 亥 11, 甲 0 … 癸 9); month is the month branch (月建 by 節: 寅 = 正月).

>>> from liuren.school import School
>>> from liuren.cycle import BRANCH_CHARS
>>> BRANCH_CHARS[death_spirit(2)], BRANCH_CHARS[death_qi(2)], BRANCH_CHARS[life_qi(2)]
('巳', '午', '子')
>>> season_state(7, 2, School())      # 未 (土) in 正月: 土 is 死 in spring
'死'
>>> BRANCH_CHARS[changsheng(1, School())], BRANCH_CHARS[tomb_of_stem(1, School())]
('亥', '未')
"""

from __future__ import annotations

from ..cycle import (
    BRANCH_ELEMENT,
    EARTH,
    FIRE,
    JIGONG,
    LIUHE,
    STEM_COMBINE,
    STEM_ELEMENT,
    WATER,
    post_horse,
    produces,
    xun_branch,
)
from ..school import School

STATES = ("旺", "相", "休", "囚", "死")
"""The five seasonal states in their usual order; :func:`element_state` says which one applies."""
_STATE_BY_DIFF = ("旺", "相", "死", "囚", "休")

MONTH_ELEMENT = (WATER, EARTH, 0, 0, EARTH, FIRE, FIRE, EARTH, 3, 3, EARTH, WATER)
"""旺 element by 月建 (wangxiang="month"): 寅卯 木, 巳午 火, 申酉 金, 亥子 水, 辰戌丑未 土 (docs/rules.md §5.5)."""
SEASON_ELEMENT = (WATER, WATER, 0, 0, 0, FIRE, FIRE, FIRE, 3, 3, 3, WATER)
"""旺 element by season (wangxiang="season"): 寅卯辰 木, 巳午未 火, 申酉戌 金, 亥子丑 水. The 18-day 土王
period at the end of each season needs the date, which a month branch does not give, so 土 is never 旺 here."""


def ruling_element(month: int, school: School) -> int:
    """The element that is 旺 in the month (by 月建 or by season, as the school says)."""
    return (MONTH_ELEMENT if school.wangxiang == "month" else SEASON_ELEMENT)[month]


def element_state(element: int, month: int, school: School) -> str:
    """旺相休囚死 of an element: the ruling element 旺, what it produces 相, what produces it 休, what
    克s it 囚, what it 克s 死 (大全 天獄課 explains 死/囚 this way; docs/rules.md §5.5)."""
    return ruled_state(element, ruling_element(month, school))


def ruled_state(element: int, ruling: int) -> str:
    """旺相休囚死 of an element where ``ruling`` is the element that is 旺 (:func:`element_state`)."""
    return _STATE_BY_DIFF[(element - ruling) % 5]


def season_state(branch: int, month: int, school: School) -> str:
    """旺相休囚死 of a branch (by its element) in the month."""
    return element_state(BRANCH_ELEMENT[branch], month, school)


def stem_state(stem: int, month: int, school: School) -> str:
    """旺相休囚死 of a stem (by its element) in the month."""
    return element_state(STEM_ELEMENT[stem], month, school)


# ---------------------------------------------------------------- 十二長生 and 墓
STAGES = ("長生", "沐浴", "冠帶", "臨官", "帝旺", "衰", "病", "死", "墓", "絕", "胎", "養")
"""十二長生 in order (docs/rules.md §5.6)."""

ELEMENT_CHANGSHENG = {0: 11, 1: 2, 3: 5, 4: 8}
"""五行 長生 (四長生): 木 亥, 火 寅, 金 巳, 水 申; 土 follows 水 (申) — 大全 日本, 尋源, 探原 (docs/rules.md §5.6)."""
STEM_CHANGSHENG = (11, 6, 2, 9, 2, 9, 5, 0, 8, 3)
"""十干 長生, 陽順陰逆 (尋源 凡例, 探原): 甲亥 乙午 丙寅 丁酉 戊寅 己酉 庚巳 辛子 壬申 癸卯."""

ELEMENT_TOMB = {0: 7, 1: 10, 3: 1, 4: 4}
"""五行 墓: 木 未, 火 戌, 金 丑, 水 辰 (docs/rules.md §5.6); 土 with 火 (戌) or with 水 (辰) per School.tomb."""
STEM_TOMB = (7, 10, 10, 1, 10, 1, 1, 4, 4, 7)
"""十干 墓 (大全 卷一 says 壬課 should use it): 甲未 乙戌 丙戌 丁丑 戊戌 己丑 庚丑 辛辰 壬辰 癸未."""


def changsheng(stem: int, school: School) -> int:
    """長生 of the day stem, its 日本 (天獄): 五行 (甲乙亥, 丙丁寅, 戊己壬癸申, 庚辛巳) or 十干 陽順陰逆."""
    if school.changsheng == "stem":
        return STEM_CHANGSHENG[stem]
    element = STEM_ELEMENT[stem]
    return ELEMENT_CHANGSHENG[WATER if element == EARTH else element]


def stage(stem: int, branch: int, school: School) -> str:
    """Which of the 十二長生 stages the day stem is in at ``branch`` (陰干 count backwards in the 十干 system).

    The stages count from :func:`changsheng`, so under the default school 戊己 (土 with 水, 長生 申)
    reach 墓 at 辰, while :func:`tomb_of_stem` gives 戌 (土 with 火, 粹言): the two defaults
    (docs/rules.md §5.6) come from different books, and this keeps each as its book has it."""
    start = changsheng(stem, school)
    step = (start - branch) if school.changsheng == "stem" and stem % 2 else (branch - start)
    return STAGES[step % 12]


def element_tomb(element: int, school: School) -> int:
    """墓 of an element: 木未 火戌 金丑 水辰; 土 戌 (fire, 粹言) or 辰 (water); the 十干 school reads 土 as 火."""
    if element == EARTH:
        return 4 if school.tomb == "water" else 10
    return ELEMENT_TOMB[element]


def tomb_of_stem(stem: int, school: School) -> int:
    """日墓: the day stem's 墓 by School.tomb — 五行 with 土 following 火 or 水, or the 十干 table (docs/rules.md §5.6)."""
    if school.tomb == "stem":
        return STEM_TOMB[stem]
    return element_tomb(STEM_ELEMENT[stem], school)


def tomb_of_branch(branch: int, school: School) -> int:
    """支墓: the day branch's 墓 by its element (木未 火戌 金丑 水辰; 土 per School.tomb)."""
    return element_tomb(BRANCH_ELEMENT[branch], school)


# ---------------------------------------------------------------- daily 神煞 from the day branch (三合)
def robbery(branch: int) -> int:
    """劫煞: 寅午戌 → 亥, 申子辰 → 巳, 巳酉丑 → 寅, 亥卯未 → 申 (指南 注 with the day branch; docs/rules.md §6.1)."""
    return (5, 2, 11, 8)[branch % 4]


def calamity(branch: int) -> int:
    """災煞 = 劫煞 + 1: 寅午戌 → 子, 申子辰 → 午, 巳酉丑 → 卯, 亥卯未 → 酉 (docs/rules.md §6.1)."""
    return (robbery(branch) + 1) % 12


def lost_spirit(branch: int) -> int:
    """亡神 = 劫煞 + 6: 寅午戌 → 巳, 申子辰 → 亥, 巳酉丑 → 申, 亥卯未 → 寅 (docs/rules.md §6.1)."""
    return (robbery(branch) + 6) % 12


def sky_net_of_stem(stem: int) -> int:
    """天羅 of the day stem: the square after its 寄宮 (十干神煞 row: 甲卯 乙巳 丙午 丁申 戊午 己申 庚酉 辛亥 壬子 癸寅)."""
    return (JIGONG[stem] + 1) % 12


def sky_net_of_branch(branch: int) -> int:
    """天羅 of the day branch: the branch after it (羅網: 日辰前一辰為天羅)."""
    return (branch + 1) % 12


def earth_net(sky_net: int) -> int:
    """地網: the 沖 of a 天羅 (羅網: 對沖名為地網)."""
    return (sky_net + 6) % 12


DAY_VIRTUE = (2, 8, 5, 11, 5, 2, 8, 5, 11, 5)
"""日德: 甲寅 乙申 丙巳 丁亥 戊巳 己寅 庚申 辛巳 壬亥 癸巳 (陽干 its own 寄宮, 陰干 the 寄宮 of its 合 stem; docs/rules.md §6.1)."""


def virtue_unions(stem: int, branch: int) -> dict[str, int]:
    """德合 of the day, as the 天獄 and 死奇 pages of the chapters use the word (「德合」 beside 生氣, 子孫, 解神):
    the 日德 (:data:`DAY_VIRTUE`), the 干合 (the 寄宮 of the stem's 五合 partner: 甲己 乙庚 丙辛 丁壬 戊癸) and the
    支合 (the day branch's 六合 partner). The chapters do not spell the word out; this reads 德 as the 日德 and
    合 as the stem's and the branch's 合, each one a separate mark.

    >>> {k: "子丑寅卯辰巳午未申酉戌亥"[b] for k, b in virtue_unions(6, 9).items()}  # 庚酉: 申, 乙's 辰, 辰
    {'日德': '申', '干合': '辰', '支合': '辰'}
    """
    return {"日德": DAY_VIRTUE[stem], "干合": JIGONG[STEM_COMBINE[stem]], "支合": LIUHE[branch]}


def is_offspring(stem: int, branch: int) -> bool:
    """子孫 of the day: a branch whose element the day stem produces (我生者為子孫; docs/rules.md §5.4)."""
    return produces(STEM_ELEMENT[stem], BRANCH_ELEMENT[branch])


def ding_spirit(day: int) -> int:
    """丁神: the branch that carries 丁 in the day's 旬 (旬首 + 3): 甲子 卯, 甲戌 丑, 甲申 亥, 甲午 酉, 甲辰 未, 甲寅 巳."""
    return (xun_branch(day) + 3) % 12


def xun_qi(day: int) -> int:
    """旬奇 (三奇課): 甲子/甲戌 旬 丑, 甲申/甲午 旬 子, 甲辰/甲寅 旬 亥 (尋源, 大全 三奇課)."""
    return {0: 1, 10: 1, 8: 0, 6: 0, 4: 11, 2: 11}[xun_branch(day)]


# ---------------------------------------------------------------- monthly 神煞 from the month branch
def death_spirit(month: int) -> int:
    """死神: 正月 巳, forward one per month (月建 + 3; 魄化課: 死神正巳二居午)."""
    return (month + 3) % 12


def death_qi(month: int) -> int:
    """死氣 (謾語): 正月 午, forward one per month (月建 + 4; docs/rules.md §6.1)."""
    return (month + 4) % 12


def life_qi(month: int) -> int:
    """生氣: 正月 子, forward one per month (月建 − 2; docs/rules.md §6.1)."""
    return (month - 2) % 12


RELEASE_SPIRIT = (8, 10, 0, 2, 4, 6)
"""解神 (月解神) by pairs of months: 正二月 申, 三四月 戌, 五六月 子, 七八月 寅, 九十月 辰, 十一十二月 午 (the monthly
神煞 tables of the 六壬 manuals; the 天獄課 (清平) names it among the rescues: 「生氣、子孫、德合、解神」)."""


def release_spirit(month: int) -> int:
    """解神 of the month branch (正月 寅 and 二月 卯 → 申, … 十一月 子 and 十二月 丑 → 午)."""
    return RELEASE_SPIRIT[(month - 2) % 12 // 2]


def month_loathing(month: int) -> int:
    """月厭: 正月 戌, backward one per month (戌 − (月 − 1); docs/rules.md §6.1)."""
    return (10 - (month - 2)) % 12


def sky_net_sha(month: int) -> int:
    """天網煞: 正月 亥, then backwards through the 孟 (亥申巳寅…) — numerically the monthly 劫煞 (大全 天網課; 天網四張)."""
    return (11 - 3 * (month - 2)) % 12


def sky_punishment(month: int) -> int:
    """天刑: 春 酉, 夏 子, 秋 卯, 冬 午 (大全 天網課; docs/rules.md §6.1)."""
    return (9, 0, 3, 6)[season(month)]


def month_virtue(month: int) -> int:
    """月德: 寅午戌 月 巳 (丙), 申子辰 亥 (壬), 亥卯未 寅 (甲), 巳酉丑 申 (庚) (docs/rules.md §6.1)."""
    return (11, 8, 5, 2)[month % 4]


HEAVEN_VIRTUE = (5, 8, 7, 8, 11, 10, 11, 2, 1, 2, 5, 4)
"""天德 by month branch: 正月 未(丁) 二 申 三 亥(壬) 四 戌(辛) 五 亥 六 寅(甲) 七 丑(癸) 八 寅 九 巳(丙)
十 辰(乙) 十一 巳 十二 申(庚) (docs/rules.md §6.1); indexed by 月建 子 … 亥, so 寅 is 未."""

AMNESTY = ((4, 2), (0, 6), (4, 8), (0, 0))
"""天赦 by season as (stem, branch): 春 戊寅, 夏 甲午, 秋 戊申, 冬 甲子 (docs/rules.md §6.1)."""


def season(month: int) -> int:
    """Season of a month branch: 0 春 (寅卯辰), 1 夏 (巳午未), 2 秋 (申酉戌), 3 冬 (亥子丑)."""
    return (month - 2) % 12 // 3


def is_amnesty_day(day: int, month: int) -> bool:
    """天赦日: the day pillar is the season's 天赦 (春 戊寅, 夏 甲午, 秋 戊申, 冬 甲子)."""
    return (day % 10, day % 12) == AMNESTY[season(month)]


__all__ = [
    "DAY_VIRTUE",
    "HEAVEN_VIRTUE",
    "RELEASE_SPIRIT",
    "STAGES",
    "STATES",
    "calamity",
    "changsheng",
    "death_qi",
    "death_spirit",
    "ding_spirit",
    "earth_net",
    "element_state",
    "element_tomb",
    "is_amnesty_day",
    "is_offspring",
    "life_qi",
    "lost_spirit",
    "month_loathing",
    "month_virtue",
    "post_horse",
    "release_spirit",
    "robbery",
    "ruling_element",
    "season",
    "season_state",
    "sky_net_of_branch",
    "sky_net_of_stem",
    "sky_net_sha",
    "sky_punishment",
    "stage",
    "stem_state",
    "tomb_of_branch",
    "tomb_of_stem",
    "virtue_unions",
    "xun_qi",
]
