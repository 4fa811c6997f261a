"""Named lesson patterns (格局, not the lesson type 課體) of the source chapters, with the evidence that makes each fire.

A :class:`Pattern` is a registry entry: its Hanzi ``name``, its ``family`` (the chapter that teaches
it), the classical clause it implements as its ``condition``, its ``source`` (chapter and line) and
whether it ``needs_month`` or ``needs_nianming``. Its detector reads a chart and returns the evidence
as a language-neutral :class:`~liuren.patterns.evidence.Evidence` (a template key and its values), or
nothing; :meth:`Detected.text` puts it into Chinese, Korean or English words. Where the chapter text and a summary of 大全 disagree, the detector follows the
chapter and its docstring names the reading not followed (docs/rules.md §6.2). A chart without a month branch (or without the person's 年命)
cannot judge the clauses that look at them: patterns whose other conditions hold are reported as
unjudged instead of being guessed.

>>> from liuren import Chart
>>> c = Chart("辛亥", "寅", "亥", noble="day", month="寅")
>>> [p.name for p in c.patterns], c.unjudged_patterns
(['勵德', '天網煞'], ('羅網',))
>>> Chart("辛亥", "寅", "亥", noble="day", month="寅", nianming=("午", "巳")).unjudged_patterns
()
>>> print(c.patterns[0].evidence)
貴人 rides 午 on 地盤 酉 (日月之門); 陽神 未 申 behind it, 陰神 辰 巳 in front
>>> print(c.patterns[0].text("zh"))
貴人乘午，臨地盤酉（日月之門）；陽神未申在其後，陰神辰巳在其前
>>> print(c.patterns[0].text("ko"))
귀인(貴人)이 午를 타고 일월지문(日月之門)인 지반(地盤) 酉에 앉았다. 양신(陽神) 未·申은 귀인 뒤에 있다. 음신(陰神) 辰·巳는 귀인 앞에 있다
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cycle import normalize
from ..errors import ParseError, quote
from . import lide_zhuixu_wuyin, pohua_yangjiu, sanguang, tianyu_tianwang, yaoke
from .evidence import Clause, Evidence, Seq, ev, seq
from .view import UNJUDGED, Judgement, Unjudged, View

if TYPE_CHECKING:
    from ..chart import Chart


@dataclass(frozen=True, slots=True)
class Pattern:
    """A named pattern: name, family, the clause it implements (in one line), source, detector, and what
    it needs beyond the 課 (needs_month, needs_hour, needs_nianming)."""

    name: str
    family: str
    condition: str
    source: str
    detector: Callable[[View], Judgement]
    """Reads the chart's :class:`~liuren.patterns.view.View`: the evidence, :data:`UNJUDGED` or None."""
    needs_month: bool = False
    """True when a clause judges the season (旺相休囚死), the month's 神煞 or the 月建 itself."""
    needs_hour: bool = False
    """True when the 占時 itself (not only the 課 and the noble) decides, as in 天網."""
    needs_nianming: bool = False
    """True when a clause judges the person's 本命 or 行年: without a 年命 the chart reports it unjudged."""

    def judge(self, chart: Chart) -> Judgement:
        """The evidence (language-neutral) when the pattern fires on ``chart``, :data:`UNJUDGED`, or None."""
        return self.detector(View(chart))

    def fires(self, chart: Chart) -> bool:
        """Whether the pattern fires on ``chart`` (it has evidence: not None, and not a reason it is unjudged)."""
        found = self.detector(View(chart))
        return found is not None and found is not UNJUDGED

    def detect(self, chart: Chart) -> str | Unjudged | None:
        """The evidence as an English sentence when the pattern fires on ``chart``, :data:`UNJUDGED`, or None."""
        found = self.detector(View(chart))
        if found is None or found is UNJUDGED:
            return found
        return Detected(self.name, self.family, found).evidence


@dataclass(frozen=True, slots=True)
class Detected:
    """A pattern found in a chart: its ``name``, ``family`` and the ``clauses`` that made it fire
    (language-neutral; :attr:`evidence` is their English sentence, :meth:`text` any language's)."""

    name: str
    family: str
    clauses: Clause

    @property
    def evidence(self) -> str:
        """The evidence as an English sentence."""
        return self.text("en")

    def text(self, lang: str = "en") -> str:
        """The evidence in ``lang``: "zh" (classical Chinese), "ko" (Korean, terms as 귀인(貴人)) or "en"."""
        if not isinstance(lang, str):
            raise ParseError(f"lang={quote(lang)} is not a language; accepted: 'zh', 'ko', 'en'")
        from ..show.evidence import evidence_text

        return evidence_text(self.clauses, lang)

    def __str__(self) -> str:
        """ "name (family): evidence", the family left out where it is the name ("天獄: …")."""
        head = self.name if self.family == self.name else f"{self.name} ({self.family})"
        return f"{head}: {self.evidence}"


PATTERNS: tuple[Pattern, ...] = (
    Pattern(
        name="勵德",
        family="勵德",
        condition="「日月之門，天乙臨之，勵德之名」: 貴人 stands on 地盤 卯 or 酉",
        source="「勵德課」 l. 19 (《金匱經》)",
        detector=lide_zhuixu_wuyin.lide,
    ),
    Pattern(
        name="微服",
        family="勵德",
        condition="「日辰陰陽在天乙後，名微服課」: 勵德 with all four lesson uppers behind the 貴人 (天空 behind)",
        source="「勵德課」 l. 35 (袁天罡); 指南 前五後六",
        detector=lide_zhuixu_wuyin.weifu,
    ),
    Pattern(
        name="蹉跎",
        family="勵德",
        condition="「若日辰陰陽俱在天乙前…名蹉跎課」: 勵德 with all four lesson uppers in front of the 貴人",
        source="「勵德課」 l. 31 (又曰)",
        detector=lide_zhuixu_wuyin.cuotuo,
    ),
    Pattern(
        name="贅婿",
        family="贅婿",
        condition="「凡值日干克辰，辰又加日為用，名贅婿課」: 干 克 支, the 支 on the 干 (or the 干 on the 支), 發用",
        source="「贅婿課」 l. 59 (孔明); 指南",
        detector=lide_zhuixu_wuyin.zhuixu,
    ),
    Pattern(
        name="贅婿當權",
        family="贅婿",
        condition="「若中末有救，兼行年有氣，無刑害，有吉神良將，則為贅婿課當權格」",
        source="「贅婿課」 l. 67 (袁天罡), verse l. 87",
        detector=lide_zhuixu_wuyin.dangquan,
        needs_month=True,
        needs_nianming=True,
    ),
    Pattern(
        name="不備",
        family="無淫",
        condition="「四課缺一，為不備」: only three (or two) distinct lessons",
        source="「無淫課」 l. 123–127 (孔明, 邵氏); docs/rules.md §2.5",
        detector=lide_zhuixu_wuyin.bubei,
    ),
    Pattern(
        name="無淫",
        family="無淫",
        condition="「凡四課不備，名曰無淫課」 … 「及日辰交互相剋，為無淫課」: every 不備, or 干上克支 while 支上克干",
        source="「無淫課」 l. 123 (孔明), l. 143 (象曰)",
        detector=lide_zhuixu_wuyin.wuyin,
    ),
    Pattern(
        name="淫泆",
        family="淫泆",
        condition="初傳 卯 or 酉 carrying 天后 or 六合",
        source="《六壬大全》 淫泆課 (docs/rules.md §6.5); 「無淫課」 l. 119 「后合武陰用入傳」",
        detector=lide_zhuixu_wuyin.yinyi,
    ),
    Pattern(
        name="狡童",
        family="淫泆",
        condition="六合 on the 初傳 and 天后 on the 末傳",
        source="《六壬大全》 淫泆課 (docs/rules.md §6.5)",
        detector=lide_zhuixu_wuyin.jiaotong,
    ),
    Pattern(
        name="泆女",
        family="淫泆",
        condition="天后 on the 初傳 and 六合 on the 末傳",
        source="《六壬大全》 淫泆課 (docs/rules.md §6.5)",
        detector=lide_zhuixu_wuyin.yinu,
    ),
    Pattern(
        name="天獄",
        family="天獄",
        condition="「囚死墓神發用…又斗加日本」: 初傳 囚, 死 or the day's 墓, and 天罡 辰 on the day stem's 長生",
        source="「天獄課」 l. 19 (孔明)",
        detector=tianyu_tianwang.tianyu,
        needs_month=True,
    ),
    Pattern(
        name="天獄清平",
        family="天獄",
        condition="「喜見貴人臨辰戌…兼日辰行年得生氣、子孫、德合、解神加之，為天獄清平課」",
        source="「天獄課」 l. 27; verse l. 11",
        detector=tianyu_tianwang.qingping,
        needs_month=True,
        needs_nianming=True,
    ),
    Pattern(
        name="真天獄",
        family="天獄",
        condition="「若斗繫日本，中末再遇災劫刑害，則真天獄」",
        source="「天獄課」 l. 19 (孔明)",
        detector=tianyu_tianwang.zhen_tianyu,
        needs_month=True,
    ),
    Pattern(
        name="絞斬",
        family="天獄",
        condition="「若魄化為用神，死囚繫日本，凶倍於天獄，為之絞斬卦」",
        source="「天獄課」 l. 27",
        detector=tianyu_tianwang.jiaozhan,
        needs_month=True,
    ),
    Pattern(
        name="天網",
        family="天網",
        condition="「正時及用神剋日」: the 占時 and the 初傳 both overcome the day stem",
        source="「天網四張」 l. 63 (袁天罡)",
        detector=tianyu_tianwang.tianwang,
        needs_hour=True,
    ),
    Pattern(
        name="解網",
        family="天網",
        condition="「天網卻逢中末救，日上之神克初傳」, 「若末傳及年命有救神，克初傳為解網課」: 中傳, 末傳 or 干上神 "
        "overcoming the 初傳 under a good general, or the 本命 or 行年 上神 overcoming it",
        source="「天網四張」 l. 43, l. 59 (verse), l. 55",
        detector=tianyu_tianwang.jiewang,
        needs_hour=True,
        needs_nianming=True,
    ),
    Pattern(
        name="入網",
        family="天網",
        condition="「傳見災劫，為之入網」: 天網 with 災煞 or 劫煞 of the day branch in the 三傳",
        source="「天網四張」 l. 47 (《金匱》)",
        detector=tianyu_tianwang.ruwang,
        needs_hour=True,
    ),
    Pattern(
        name="天網煞",
        family="天網",
        condition="「天網煞正月起亥，逆地四孟」: in the 三傳",
        source="「天網四張」 l. 55 (孔明); 大全 天網課",
        detector=tianyu_tianwang.tianwang_sha,
        needs_month=True,
    ),
    Pattern(
        name="羅網",
        family="羅網",
        condition="「凡日辰前一辰為天羅，對沖為地網，並行年日辰發用，為羅網課」",
        source="「羅網」 l. 75 (孔明); verse l. 71",
        detector=tianyu_tianwang.luowang,
        needs_nianming=True,
    ),
    Pattern(
        name="死奇",
        family="死奇",
        condition="「斗罡繫日辰陰陽發用，為死奇課」: 天罡 辰 is a lesson upper and 發用",
        source="「死奇」 l. 95 (又曰)",
        detector=tianyu_tianwang.siqi,
    ),
    Pattern(
        name="三奇死課",
        family="死奇",
        condition="「更乘歲月之上，為三奇死課」: 死奇 with 天罡 over the 太歲 or the 月建",
        source="「死奇」 l. 99 (象曰)",
        detector=tianyu_tianwang.sanqi_si,
        needs_month=True,
    ),
    Pattern(
        name="死奇回生",
        family="死奇",
        condition="「若斗旺相德合相生，遇吉將，或六處有克沖救神，及有日奇反吉，更辰為月將，尤美，為死奇回生課」",
        source="「死奇」 l. 103; l. 91, l. 107 (日奇 on 日辰太歲)",
        detector=tianyu_tianwang.siqi_huisheng,
        needs_month=True,
        needs_hour=True,
        needs_nianming=True,
    ),
    Pattern(
        name="魄化",
        family="魄化",
        condition="「白虎並死神，上迫日辰」, 「來臨日用中」: 白虎 on the 死神 or 死氣 as 干上, 支上 or 發用",
        source="「魄化課」 l. 123 (《金匱》), verse l. 111",
        detector=pohua_yangjiu.pohua,
        needs_month=True,
    ),
    Pattern(
        name="魄化歸魂",
        family="魄化",
        condition="「若貴人加鬼門，虎陰制虎神，日辰年命六處有沖剋，及有吉神救爭，為魄化魂歸課」: 魄化, 貴人 on 寅, "
        "the 虎陰 overcomes the 虎神, a 六處 clashes with or overcomes it, a 吉將 on 日, 辰 or 行年",
        source="「魄化課」 l. 139, verse l. 119; 六處 「元首課」 l. 29",
        detector=pohua_yangjiu.guihun,
        needs_month=True,
        needs_nianming=True,
    ),
    Pattern(
        name="虎銜尸",
        family="魄化",
        condition="「如日墓乘白虎，或斗罡作日墓帶死神發用，為虎銜尸課」",
        source="「魄化課」 l. 135",
        detector=pohua_yangjiu.huxianshi,
        needs_month=True,
    ),
    Pattern(
        name="銜尸",
        family="魄化",
        condition="「虎在死氣休囚，臨人年命日辰發用，為銜尸」",
        source="「魄化課」 l. 143 (袁天罡)",
        detector=pohua_yangjiu.xianshi,
        needs_month=True,
        needs_nianming=True,
    ),
    Pattern(
        name="魄之",
        family="魄化",
        condition="「在人年命上，謂之魄之」: 白虎 on the 死神 or 死氣 over the 本命 or 行年",
        source="「魄化課」 l. 143 (袁天罡)",
        detector=pohua_yangjiu.pozhi,
        needs_month=True,
        needs_nianming=True,
    ),
    Pattern(
        name="喪",
        family="魄化",
        condition="「如年命囚死，為死墓，乘虎，謂之喪」",
        source="「魄化課」 l. 143 (袁天罡)",
        detector=pohua_yangjiu.sang,
        needs_month=True,
        needs_nianming=True,
    ),
    Pattern(
        name="殃咎",
        family="殃咎",
        condition="「三傳剋日，神將相戰，或日干乘墓，為殃咎課」: with 干支坐墓, as the examples read it",
        source="「殃咎課」 l. 147–155",
        detector=pohua_yangjiu.yangjiu,
    ),
    Pattern(
        name="遞克",
        family="殃咎",
        condition="初克中, 中克末, 末克日 — or 末克中, 中克初, 初克日",
        source="「殃咎課」 l. 147 (己巳 巳申寅; 丙子 子未寅)",
        detector=pohua_yangjiu.dike,
    ),
    Pattern(
        name="夾克",
        family="殃咎",
        condition="「上下夾克」: the 初傳 is overcome by the square under it and by its general",
        source="「殃咎課」 l. 151 (壬子 午加亥 乘元武)",
        detector=pohua_yangjiu.jiake,
    ),
    Pattern(
        name="內戰",
        family="殃咎",
        condition="「神克將，為內戰」: the 初傳 overcomes the general riding it",
        source="「殃咎課」 l. 155 (己酉 酉 六合); 大全/畢法 reading",
        detector=pohua_yangjiu.neizhan,
    ),
    Pattern(
        name="外戰",
        family="殃咎",
        condition="「將克神為外戰」: the general riding the 初傳 overcomes it",
        source="「殃咎課」 l. 151 (庚午 戌 六合)",
        detector=pohua_yangjiu.waizhan,
    ),
    Pattern(
        name="日干乘墓",
        family="殃咎",
        condition="「或日干乘墓」, 「墓神覆日」: the day stem's 墓 is the 干上神",
        source="「殃咎課」 l. 147, l. 163",
        detector=pohua_yangjiu.chengmu,
    ),
    Pattern(
        name="干支坐墓",
        family="殃咎",
        condition="「壬申日亥加辰，申加丑，為干支坐墓」: the 干 and the 支 both stand on their 墓",
        source="「殃咎課」 l. 155 (壬申; 丙寅)",
        detector=pohua_yangjiu.zuomu,
    ),
    Pattern(
        name="利簇",
        family="遙克",
        condition="「經曰『蒿矢見金為利簇。』是見金之為凶也」: 蒿矢, and a 傳 is 金 (申 or 酉)",
        source="「遙克課」 l. 31 (孔明)",
        detector=yaoke.lizu,
    ),
    Pattern(
        name="空矢",
        family="遙克",
        condition="「或有金而金落空，一名空矢，亦曰亡矢，一曰季矢，亦不能為凶也」: 蒿矢, and a 金 傳 is 旬空",
        source="「遙克課」 l. 31 (孔明)",
        detector=yaoke.kongshi,
    ),
    Pattern(
        name="近射",
        family="遙克",
        condition="「一二課發動為近射」, 「又發用之神之將相剋名近射」: 彈射, and the 初傳 is the upper of lesson 1 or 2, "
        "or it and its general 克 one another",
        source="「遙克課」 l. 43 (孔明)",
        detector=yaoke.jinshe,
    ),
    Pattern(
        name="遠射",
        family="遙克",
        condition="「三四課發動為遠射」, 「若神將比和，名遠射」: 彈射, and the 初傳 is the upper of lesson 3 or 4, "
        "or it and its general are of one element",
        source="「遙克課」 l. 43 (孔明)",
        detector=yaoke.yuanshe,
    ),
    Pattern(
        name="彈丸",
        family="遙克",
        condition="「彈射見土為彈丸，則彈中有傷」: 彈射, and a 傳 is 土 (辰 戌 丑 未)",
        source="「遙克課」 l. 47 (又曰)",
        detector=yaoke.danwan,
    ),
    Pattern(
        name="遺丸",
        family="遙克",
        condition="「若有土而土落空亡，謂之遺丸，縱彈皆不為凶」: 彈射, and a 土 傳 is 旬空",
        source="「遙克課」 l. 47 (又曰)",
        detector=yaoke.yiwan,
    ),
    Pattern(
        name="一箭中兩鴻",
        family="遙克",
        condition="「若日干克兩神名曰一箭中兩鴻，又名一箭射兩鹿格」: 彈射, and the day stem overcomes two or more distinct "
        "uppers of lessons 2–4",
        source="「遙克課」 l. 55 (袁天罡)",
        detector=yaoke.yijian,
    ),
    Pattern(
        name="一鹿含兩矢",
        family="遙克",
        condition="「若兩神遙克，一曰一鹿含兩矢」: 蒿矢, and two or more distinct uppers of lessons 2–4 克 the day stem",
        source="「遙克課」 l. 55 (袁天罡)",
        detector=yaoke.yilu,
    ),
    Pattern(
        name="死虎",
        family="昴星",
        condition="「春占白虎，與酉金逢，春令死絕，謂之死虎」: 昴星, a spring month (寅 卯 辰), and 白虎 rides a 傳 "
        "(死虎遭合 in 卯 and 辰: 「卯月沖酉，辰月合酉」)",
        source="「昴星課」 l. 103",
        detector=yaoke.sihu,
        needs_month=True,
    ),
    Pattern(
        name="真虎視",
        family="昴星",
        condition="「若三傳見白虎乘申酉剋日辰及行年上神，名曰真虎視」",
        source="「昴星課」 l. 123 (孔明)",
        detector=yaoke.zhen_hushi,
        needs_nianming=True,
    ),
    Pattern(
        name="三光",
        family="三光",
        condition="day stem, day branch and 初傳 all 旺 or 相, and a good general on the 初傳",
        source="《六壬大全》 三光課 (docs/rules.md §6.13); 九宗門 (上神旺相 … 三光三陽)",
        detector=sanguang.sanguang,
        needs_month=True,
    ),
    Pattern(
        name="三陽",
        family="三光",
        condition="貴人 順行, 干上 and 支上 in front of it, 初傳 旺 or 相",
        source="指南; 《六壬大全》 三陽課 (docs/rules.md §6.13)",
        detector=sanguang.sanyang,
        needs_month=True,
    ),
    Pattern(
        name="三陰",
        family="三光",
        condition="貴人 逆行, 干上 and 支上 behind it, 中 and 末 囚 or 死, 玄武 or 白虎 in the 傳",
        source="《六壬大全》 三陰課 (docs/rules.md §6.13)",
        detector=sanguang.sanyin,
        needs_month=True,
    ),
)
"""Every named pattern, in the order the chapters teach them; each ``condition`` quotes the clause it implements."""

BY_NAME: dict[str, Pattern] = {p.name: p for p in PATTERNS}
ALIASES = {
    "當權": "贅婿當權",
    "蕪淫": "無淫",
    "清平": "天獄清平",
    "天網四張": "天網",
    "回生": "死奇回生",
    "歸魂": "魄化歸魂",
    "魄化魂歸": "魄化歸魂",
    "三奇死": "三奇死課",
    "坐墓": "干支坐墓",
    "乘墓": "日干乘墓",
    "干支乘墓": "日干乘墓",
    "銜屍": "銜尸",
    "虎銜屍": "虎銜尸",
    "魄化得歸魂": "魄化歸魂",
    "化魄": "魄化",
    "一箭射兩鹿": "一箭中兩鴻",
    "亡矢": "空矢",
    "季矢": "空矢",
}
"""Other names the books use for a registered pattern."""
FAMILIES = tuple(dict.fromkeys(p.family for p in PATTERNS))


def get_pattern(name: object) -> Pattern:
    """The registered pattern called ``name`` (Hanzi, simplified accepted, aliases such as 清平 or 天網四張)."""
    text = normalize(name) if isinstance(name, str) else None
    found = BY_NAME.get(ALIASES.get(text, text)) if text else None
    if found is None:
        raise ParseError(
            f"{quote(name)} is not a named pattern; accepted: {' '.join(BY_NAME)} (or {' '.join(ALIASES)})"
        )
    return found


def detect(chart: Chart) -> tuple[tuple[Detected, ...], tuple[str, ...]]:
    """(patterns that fire, names that need the month or year branch or the 年命 the chart lacks)."""
    v = View(chart)
    found: list[Detected] = []
    unjudged: list[str] = []
    for p in PATTERNS:
        evidence = p.detector(v)
        if evidence is None:
            continue
        if evidence is UNJUDGED:
            unjudged.append(p.name)
        else:
            found.append(Detected(p.name, p.family, evidence))
    return tuple(found), tuple(unjudged)


def explain(chart: Chart, lang: str = "en") -> str:
    """The method trace followed by every pattern's evidence, as text (:meth:`liuren.Chart.explain`)."""
    from ..show.steps import explain

    return explain(chart, lang)


__all__ = [
    "ALIASES",
    "BY_NAME",
    "FAMILIES",
    "PATTERNS",
    "UNJUDGED",
    "Clause",
    "Detected",
    "Evidence",
    "Judgement",
    "Pattern",
    "Seq",
    "Unjudged",
    "detect",
    "ev",
    "explain",
    "get_pattern",
    "seq",
]
