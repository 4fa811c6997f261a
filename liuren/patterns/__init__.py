"""Named lesson patterns (課體) of the source chapters, each with the evidence that makes it fire.

A :class:`Pattern` is a registry entry: its Hanzi ``name``, its ``family`` (the chapter that teaches
it), the classical ``condition`` in one line, its ``source`` and whether it ``needs_month``. Its
detector reads a chart and returns the evidence as words, or nothing. A chart without a month
branch cannot judge the seasonal patterns: those whose other conditions hold are reported as
unjudged instead of being guessed.

>>> from liuren import Chart
>>> c = Chart("辛亥", "寅", "亥", noble="day", month="寅")
>>> [p.name for p in c.patterns]
['勵德', '天網煞', '殃咎', '干支坐墓']
>>> print(c.patterns[0].evidence)
貴人 rides 午 on 地盤 酉 (日月之門); 陽神 未 申 behind it, 陰神 辰 巳 in front
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cycle import normalize
from ..errors import ParseError
from . import lide_zhuixu_wuyin as d002
from . import pohua_yangjiu as d003b
from . import sanguang as dsg
from . import tianyu_tianwang as d003a
from . import yaoke as d000
from .view import UNJUDGED, View

if TYPE_CHECKING:
    from ..chart import Chart


@dataclass(frozen=True)
class Pattern:
    """A named pattern: name, family, one-line classical condition, source, needs_month, detector (and needs_hour)."""

    name: str
    family: str
    condition: str
    source: str
    needs_month: bool
    detector: Callable[[View], str | None]
    needs_hour: bool = False
    """True when the 占時 itself (not only the 課 and the noble) decides, as in 天網."""

    def detect(self, chart: Chart) -> str | None:
        """The evidence (a sentence) when the pattern fires on ``chart``, :data:`UNJUDGED`, or None."""
        return self.detector(View(chart))


@dataclass(frozen=True)
class Detected:
    """A pattern found in a chart: its ``name``, ``family`` and the ``evidence`` that made it fire."""

    name: str
    family: str
    evidence: str

    def __str__(self) -> str:
        return f"{self.name} ({self.family}): {self.evidence}"


_P = Pattern
PATTERNS: tuple[Pattern, ...] = (
    _P("勵德", "勵德", "貴人 stands on 地盤 卯 or 酉 (日月之門)", "002 勵德課 (《金匱經》); rules.md §6", False, d002.lide),
    _P("微服", "勵德", "勵德, and the 陰神 and 陽神 of 日 and 辰 all stand behind the 貴人", "002 勵德課 (袁天罡)", False, d002.weifu),
    _P("蹉跎", "勵德", "勵德, and the 陰神 and 陽神 of 日 and 辰 all stand in front of the 貴人", "002 勵德課 (又曰)", False, d002.cuotuo),
    _P("贅婿", "贅婿", "the day stem 克s the day branch, which comes onto the 干 (or the 干 onto it) and is 發用",
       "002 贅婿課 (孔明); 指南", False, d002.zhuixu),
    _P("贅婿當權", "贅婿", "贅婿, with a 中 or 末傳 that rescues (克s the 初 or produces the day) under a good general",
       "002 贅婿課 (袁天罡; verse 「中傳末位得救神」)", False, d002.dangquan),
    _P("不備", "無淫", "only three (or two) distinct lessons", "002 無淫課 (邵氏); rules.md §2.5", False, d002.bubei),
    _P("無淫", "無淫", "不備 with a 克, or 干上神 克 支 while 支上神 克 干 (交互相克)", "002 無淫課 (孔明, 邵氏); rules.md §6",
       False, d002.wuyin),
    _P("淫泆", "淫泆", "初傳 卯 or 酉 carrying 天后 or 六合", "《六壬大全》 淫泆課 (rules.md §6); 002 「后合武陰用入傳」", False, d002.yinyi),
    _P("狡童", "淫泆", "六合 on the 初傳 and 天后 on the 末傳", "《六壬大全》 淫泆課 (rules.md §6)", False, d002.jiaotong),
    _P("泆女", "淫泆", "天后 on the 初傳 and 六合 on the 末傳", "《六壬大全》 淫泆課 (rules.md §6)", False, d002.yinu),
    _P("天獄", "天獄", "初傳 囚 or 死 in the month (or the day's 墓), and 天罡 辰 on the day stem's 日本 (長生)",
       "003 天獄課 (孔明: 囚死墓神發用 … 斗加日本); rules.md §6", True, d003a.tianyu),
    _P("天獄清平", "天獄", "天獄, with 貴人 on 地盤 辰 or 戌, or 日德 or 生氣 on the 干 or 支",
       "003 天獄課 (verse 「天獄貴人臨戌辰」; 然辰為天罡 paragraph)", True, d003a.qingping),
    _P("真天獄", "天獄", "天獄, with 災煞, 劫煞, or a 刑 or 害 of the day branch in the 中 or 末傳",
       "003 天獄課 (孔明: 斗繫日本，中末再遇災劫刑害，則真天獄)", True, d003a.zhen_tianyu),
    _P("絞斬", "天獄", "天獄 whose 初傳 carries 白虎 on the month's 死神 or 死氣 (魄化 as 用神)",
       "003 天獄課 (若魄化為用神，死囚繫日本，凶倍於天獄，為之絞斬卦)", True, d003a.jiaozhan),
    _P("天網", "天網", "the 占時 and the 初傳 both 克 the day stem", "003 天網四張 (袁天罡: 正時及用神剋日)", False, d003a.tianwang, True),
    _P("解網", "天網", "天網, where the 中傳, 末傳 or 干上神 克s the 初傳 under a good general",
       "003 天網四張 (verse 「天網卻逢中末救，日上之神克初傳」)", False, d003a.jiewang, True),
    _P("入網", "天網", "天網, with 災煞 or 劫煞 of the day branch among the 三傳", "003 天網四張 (《金匱》: 傳見災劫，為之入網)",
       False, d003a.ruwang, True),
    _P("天網煞", "天網", "the month's 天網煞 (正月 亥, backwards through the 孟) is one of the 三傳",
       "003 天網四張 (孔明: 天網煞正月起亥，逆地四孟); 大全 天網課", True, d003a.tianwang_sha),
    _P("羅網", "羅網", "初傳 is the 天羅 (square after 干 or 支) or 地網 (its 沖) and stands on the 干 or 支",
       "003 羅網 (孔明: 日辰前一辰為天羅，對沖為地網)", False, d003a.luowang),
    _P("死奇", "死奇", "天罡 辰 is the upper of one of the four lessons and is 發用", "003 死奇課 (又曰: 斗罡繫日辰陰陽發用)",
       False, d003a.siqi),
    _P("三奇死課", "死奇", "死奇, with 天罡 riding over the 太歲 or the 月建", "003 死奇課 (象曰: 更乘歲月之上，為三奇死課)",
       True, d003a.sanqi_si),
    _P("死奇回生", "死奇", "死奇, with the 月將 (日奇) being 辰 or appearing in the lessons or transmissions",
       "003 死奇課 (有日奇反吉，更辰為月將，尤美，為死奇回生課)", False, d003a.siqi_huisheng, True),
    _P("魄化", "魄化", "白虎 rides the month's 死神 or 死氣, on the 干 or 支 or as 發用",
       "003 魄化課 (《金匱》: 白虎並死神，上迫日辰; verse 「來臨日用中」)", True, d003b.pohua),
    _P("魄化歸魂", "魄化", "魄化, with 貴人 on 鬼門 (地盤 寅) and 白虎's branch 克'd by its 陰神, the 干上, 支上 or a 傳",
       "003 魄化課 (verse 「魄化貴人為鬼門 … 白虎更受諸處制」)", True, d003b.guihun),
    _P("虎銜尸", "魄化", "白虎 rides the 初傳, which is the day's 墓 and 死神, 死氣, 囚 or 死 in the month",
       "003 魄化課 (如日墓乘白虎 … 發用，為虎銜尸課; 袁天罡)", True, d003b.huxianshi),
    _P("殃咎", "殃咎", "any of 遞克, 夾克, 內戰, 外戰, 干支乘墓, 干支坐墓", "003 殃咎課 (三傳剋日，神將相戰，或日干乘墓)",
       False, d003b.yangjiu),
    _P("遞克", "殃咎", "初克中, 中克末, 末克日 — or 末克中, 中克初, 初克日", "003 殃咎課 (己巳 巳申寅; 丙子 子未寅)", False, d003b.dike),
    _P("夾克", "殃咎", "the 初傳 is 克'd by the square under it and by its general", "003 殃咎課 (壬子 午加亥 乘元武)", False, d003b.jiake),
    _P("內戰", "殃咎", "the 初傳 克s the general riding it (神克將)", "003 殃咎課 (己酉 酉 六合); 大全/畢法 reading", False, d003b.neizhan),
    _P("外戰", "殃咎", "the general riding the 初傳 克s it (將克神)", "003 殃咎課 (庚午 戌 六合)", False, d003b.waizhan),
    _P("干支乘墓", "殃咎", "the 墓 of the day stem is the 干上神, or the 墓 of the day branch the 支上神",
       "003 殃咎課 (墓神覆日); rules.md §6", False, d003b.chengmu),
    _P("干支坐墓", "殃咎", "the 干 (its 寄宮) or the 支 stands on its own 墓 square", "003 殃咎課 (壬申 亥加辰 申加丑; 丙寅)",
       False, d003b.zuomu),
    _P("一箭中兩鴻", "遙克", "彈射, and the day stem 克s two or more distinct uppers of lessons 2–4", "000 遙克課", False, d000.yijian),
    _P("一鹿含兩矢", "遙克", "蒿矢, and two or more distinct uppers of lessons 2–4 克 the day stem", "000 遙克課", False, d000.yilu),
    _P("三光", "三光", "day stem, day branch and 初傳 all 旺 or 相, and a good general on the 初傳",
       "《六壬大全》 三光課 (rules.md §6); 004 (上神旺相 … 三光三陽)", True, dsg.sanguang),
    _P("三陽", "三光", "貴人 順行, 干上 and 支上 in front of it, 初傳 旺 or 相", "指南; 《六壬大全》 三陽課 (rules.md §6)", True, dsg.sanyang),
    _P("三陰", "三光", "貴人 逆行, 干上 and 支上 behind it, 中 and 末 囚 or 死, 玄武 or 白虎 in the 傳",
       "《六壬大全》 三陰課 (rules.md §6)", True, dsg.sanyin),
)
"""Every named pattern, in the order the chapters teach them."""

BY_NAME: dict[str, Pattern] = {p.name: p for p in PATTERNS}
ALIASES = {
    "當權": "贅婿當權", "蕪淫": "無淫", "清平": "天獄清平", "天網四張": "天網", "回生": "死奇回生", "歸魂": "魄化歸魂",
    "魄化魂歸": "魄化歸魂", "三奇死": "三奇死課", "坐墓": "干支坐墓", "乘墓": "干支乘墓", "化魄": "魄化", "一箭射兩鹿": "一箭中兩鴻",
}
"""Other names the books use for a registered pattern."""
FAMILIES = tuple(dict.fromkeys(p.family for p in PATTERNS))


def get_pattern(name: object) -> Pattern:
    """The registered pattern called ``name`` (Hanzi, simplified accepted, aliases such as 清平 or 天網四張)."""
    text = normalize(name) if isinstance(name, str) else None
    found = BY_NAME.get(ALIASES.get(text, text)) if text else None
    if found is None:
        raise ParseError(
            f"{name!r} is not a named pattern; accepted: {' '.join(BY_NAME)} (or {' '.join(ALIASES)})"
        )
    return found


def detect(chart: Chart) -> tuple[tuple[Detected, ...], tuple[str, ...]]:
    """(patterns that fire, names that need the month or year branch the chart lacks)."""
    v = View(chart)
    found: list[Detected] = []
    unjudged: list[str] = []
    for p in PATTERNS:
        evidence = p.detector(v)
        if evidence is None:
            continue
        if evidence == UNJUDGED:
            unjudged.append(p.name)
        else:
            found.append(Detected(p.name, p.family, evidence))
    return tuple(found), tuple(unjudged)


def explain(chart: Chart, lang: str = "en") -> str:
    """The method trace followed by every pattern's evidence, as text (:meth:`liuren.Chart.explain`)."""
    from ..show.steps import explain

    return explain(chart, lang)


__all__ = ["ALIASES", "BY_NAME", "FAMILIES", "PATTERNS", "UNJUDGED", "Detected", "Pattern", "detect", "explain", "get_pattern"]
