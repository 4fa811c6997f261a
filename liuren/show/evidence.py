"""The words of the named patterns' evidence, in English, classical Chinese and Korean: one table.

A detector (:mod:`liuren.patterns`) returns its evidence as language-neutral values
(:class:`~liuren.patterns.evidence.Evidence`: a template key and the values it names, or a
:class:`~liuren.patterns.evidence.Seq` of them). :func:`evidence_text` writes them out in any
language from :data:`TEMPLATES`; the English is the sentence the detectors have always given.
Values that are Hanzi terms (branches, generals, 旺相休囚死, 本命 …) are marked as terms, so the
Korean writes each with its reading from :mod:`liuren.show.labels` (오(午), 귀인(貴人)) through the
same ⟨term⟩ and ``#을`` marks as the step view (:func:`liuren.show.steps.render`).

>>> from liuren.patterns.evidence import ev
>>> e = ev("tianwang", hour="寅", init="申", stem="甲")
>>> evidence_text(e, "en")
'the hour 寅 and the 初傳 申 both 克 甲'
>>> evidence_text(e, "zh")
'占時寅與初傳申皆克甲'
>>> evidence_text(e, "ko")
'점시(占時) 인(寅)과 초전(初傳) 신(申)이 모두 갑(甲)을 극한다'
"""

from __future__ import annotations

from ..patterns.evidence import Clause, Evidence, Seq, Value
from .steps import check_lang, render, zh_number

TEMPLATES: dict[str, tuple[str, str, str]] = {
    # key: (English, Chinese, Korean); {name} is a value of the evidence, ⟨⟩ marks a term (see show.steps.render)
    "name": ("{name}", "{name}", "{name}"),
    "named": ("{name} ({evidence})", "{name}（{evidence}）", "{name} ({evidence})"),
    "place": ("{place} {b}", "{place}{b}", "{place} {b}"),
    # 勵德, 微服, 蹉跎
    "lide": (
        "貴人 rides {nb} on 地盤 {sq} (日月之門); {yang}, {yin}",
        "貴人乘{nb}，臨地盤{sq}（日月之門）；{yang}，{yin}",
        "⟨貴人⟩#이 {nb}#을 타고 ⟨日月之門⟩인 ⟨地盤⟩ {sq}에 앉았다. {yang}, {yin} 있다",
    ),
    "lide.group": ("{label} {a} {b} {side}", "{label}{a}{b}{side}", "{label} {a}·{b}#은 {side}"),
    "lide.split": ("{label} {a} {sa} and {b} {sb}", "{label}{a}{sa}、{b}{sb}", "{label} {a}#은 {sa}, {b}#은 {sb}"),
    "side.1": ("in front", "在其前", "⟨貴人⟩ 앞에"),
    "side.-1": ("behind it", "在其後", "⟨貴人⟩ 뒤에"),
    "side.0": ("on the 貴人 itself", "即在貴人", "⟨貴人⟩ 바로 그 자리에"),
    "side.2": (
        "opposite it (天空, neither side)",
        "在其對（天空，不分前後）",
        "⟨貴人⟩ 맞은편 ⟨天空⟩ 자리(앞도 뒤도 아님)에",
    ),
    "lide.kuigang": (
        "魁罡 over the {on} (忌魁罡年凶)",
        "魁罡加{on}（忌魁罡年凶）",
        "⟨魁罡⟩#이 {on} 위에 있다 「忌魁罡年凶」",
    ),
    "weifu": (
        "{lide}: all four lesson uppers {uppers} stand behind the 貴人",
        "{lide}：四課上神{uppers}皆在貴人之後",
        "{lide}: 네 과의 ⟨上神⟩ {uppers}#이 모두 ⟨貴人⟩ 뒤에 있다",
    ),
    "cuotuo": (
        "{lide}: all four lesson uppers {uppers} stand in front of the 貴人",
        "{lide}：四課上神{uppers}皆在貴人之前",
        "{lide}: 네 과의 ⟨上神⟩ {uppers}#이 모두 ⟨貴人⟩ 앞에 있다",
    ),
    # 贅婿
    "zhuixu.zhi": (
        "{stem} 克 {z}; the day branch {z} stands on the 干 ({stem} lodged at {jig}) and is 發用",
        "{stem}克{z}；日支{z}加干上（{stem}寄{jig}）而發用",
        "{stem}#이 {z}#을 극한다; ⟨日支⟩ {z}#이 ⟨干⟩ 위({stem}의 ⟨寄宮⟩ {jig})에 서서 ⟨發用⟩한다",
    ),
    "zhuixu.gan": (
        "{stem} 克 {z}; the 干's lodging {jig} stands on the 支 {z} and is 發用",
        "{stem}克{z}；干之寄宮{jig}加支{z}上而發用",
        "{stem}#이 {z}#을 극한다; ⟨干⟩의 ⟨寄宮⟩ {jig}#이 ⟨支⟩ {z} 위에 서서 ⟨發用⟩한다",
    ),
    "rescue.ke": (
        "the {pos} {b} 克s the 初傳 {init} and rides {g} (吉將)",
        "{pos}{b}克初傳{init}，乘{g}（吉將）",
        "{pos} {b}#이 ⟨初傳⟩ {init}#을 극하고 ⟨吉將⟩ {g}#을 탄다",
    ),
    "rescue.sheng": (
        "the {pos} {b} produces {stem} and rides {g} (吉將)",
        "{pos}{b}生{stem}，乘{g}（吉將）",
        "{pos} {b}#이 {stem}#을 생하고 ⟨吉將⟩ {g}#을 탄다",
    ),
    "dangquan.year": (
        "the 行年 {xn} is {state} in the {month} month and {up} over it does not 刑, 害 or 克 it",
        "行年{xn}於{month}月{state}，其上{up}不刑、不害、不克",
        "⟨行年⟩ {xn}#은 {month}월에 {state}이고, 그 위의 {up}#은 ⟨行年⟩#을 ⟨刑⟩·⟨害⟩·⟨克⟩하지 않는다",
    ),
    # 不備, 無淫
    "bubei": (
        "{same}; counted from the {side} side: {kind}",
        "{same}；自{side}一方數之：{kind}",
        "{same}; {side} 쪽에서 세면 {kind}",
    ),
    "bubei.repeat": (
        "lesson {later} repeats lesson {first}",
        "第{later}課同第{first}課",
        "제{later}과는 제{first}과와 같다",
    ),
    "bubei.yin": ("陰不備 (two 陽, one 陰)", "陰不備（二陽一陰）", "⟨陰不備⟩: ⟨陽⟩ 둘, ⟨陰⟩ 하나"),
    "bubei.yang": ("陽不備 (two 陰, one 陽)", "陽不備（二陰一陽）", "⟨陽不備⟩: ⟨陰⟩ 둘, ⟨陽⟩ 하나"),
    "bubei.count": ("only {n} distinct lessons", "只有{n}課", "서로 다른 과가 {n}개뿐"),
    "jiaohu": (
        "交互相克: 干上 {a} 克s the 支 {z} and 支上 {b} 克s the 干 {stem}",
        "交互相克：干上{a}克支{z}，支上{b}克干{stem}",
        "⟨交互相克⟩: ⟨干上⟩ {a}#이 ⟨支⟩ {z}#을 극하고 ⟨支上⟩ {b}#이 ⟨干⟩ {stem}#을 극한다",
    ),
    "lesson.kind": ("lesson {n} {kind}", "第{n}課{kind}", "제{n}과 {kind}"),
    "wuyin.worst": (
        "不備 and {cross}: the worst case (「凡得三課，又逢日辰交互相剋，最凶」)",
        "不備而{cross}：最凶（「凡得三課，又逢日辰交互相剋，最凶」）",
        "⟨不備⟩이면서 {cross}. 가장 흉한 경우다 「凡得三課，又逢日辰交互相剋，最凶」",
    ),
    "wuyin.kinds": (
        "不備 with {kinds} (「陰陽不備，交克最嫌」)",
        "不備而有{kinds}（「陰陽不備，交克最嫌」）",
        "⟨不備⟩에 {kinds}#이 있다 「陰陽不備，交克最嫌」",
    ),
    "wuyin.calm": (
        "不備 without a 克: not 凶, only delay (「若課不備，無克亦不為凶」)",
        "不備而無克：不為凶，但遲滯（「若課不備，無克亦不為凶」）",
        "극이 없는 ⟨不備⟩: 흉하지 않고 더딜 뿐이다 「若課不備，無克亦不為凶」",
    ),
    # 淫泆, 狡童, 泆女
    "yinyi": (
        "初傳 {init} (a 門 of 日月) rides {g}",
        "初傳{init}（日月之門）乘{g}",
        "⟨日月⟩의 ⟨門⟩인 ⟨初傳⟩ {init}에 {g}#이 탄다",
    ),
    "jiaotong": (
        "六合 rides the 初傳 {init}, 天后 the 末傳 {last}",
        "六合乘初傳{init}，天后乘末傳{last}",
        "⟨六合⟩#이 ⟨初傳⟩ {init}에, ⟨天后⟩#이 ⟨末傳⟩ {last}에 탄다",
    ),
    "yinu": (
        "天后 rides the 初傳 {init}, 六合 the 末傳 {last}",
        "天后乘初傳{init}，六合乘末傳{last}",
        "⟨天后⟩#이 ⟨初傳⟩ {init}에, ⟨六合⟩#이 ⟨末傳⟩ {last}에 탄다",
    ),
    # 天獄
    "tianyu": (
        "初傳 {init} is {why}; 天罡 辰 stands on {stem}'s 日本 (長生) {root}",
        "初傳{init}{why}；天罡辰加{stem}之日本（長生）{root}",
        "⟨初傳⟩ {init}#은 {why}이다; ⟨天罡⟩ ⟨辰⟩#이 {stem}의 ⟨長生⟩ 자리인 ⟨日本⟩ {root} 위에 있다",
    ),
    "tianyu.state": ("{state} in the {month} month", "於{month}月{state}", "{month}월에 {state}"),
    "tianyu.tomb": ("the day's 墓", "為日墓", "⟨日干⟩의 ⟨墓⟩"),
    "mark": ("{name} {b}", "{name}{b}", "{name} {b}"),
    "mark.union": ("德合 ({name}) {b}", "德合（{name}）{b}", "⟨德合⟩ 가운데 {name} {b}"),
    "mark.on": ("{mark} on the {place}", "{mark}臨{place}", "{place}에 {mark}"),
    "place.gan": ("日 (干上)", "日（干上）", "⟨干上⟩"),
    "place.zhi": ("辰 (支上)", "辰（支上）", "⟨支上⟩"),
    "place.xingnian": ("行年", "行年", "⟨行年⟩"),
    "qingping": (
        "貴人 stands on 地盤 {sq} (審獄錄囚), and {marks}",
        "貴人臨地盤{sq}（審獄錄囚），又{marks}",
        "⟨貴人⟩#이 ⟨地盤⟩ {sq}에 앉았다(⟨審獄錄囚⟩); {marks}",
    ),
    "sha": ("{pos} {b} is {name}", "{pos}{b}為{name}", "{pos} {b}#은 {name}이다"),
    "zhen.xing": (
        "{pos} {b} and the 支 {z} are in 刑",
        "{pos}{b}與支{z}相刑",
        "{pos} {b}#과 ⟨支⟩ {z}#이 서로 ⟨刑⟩한다",
    ),
    "zhen.harm": ("{pos} {b} 害s the 支 {z}", "{pos}{b}害支{z}", "{pos} {b}#이 ⟨支⟩ {z}#을 ⟨害⟩한다"),
    # 天網, 解網, 入網, 天網煞, 羅網
    "tianwang": (
        "the hour {hour} and the 初傳 {init} both 克 {stem}",
        "占時{hour}與初傳{init}皆克{stem}",
        "⟨占時⟩ {hour}#과 ⟨初傳⟩ {init}#이 모두 {stem}#을 극한다",
    ),
    "jiewang": ("the {pos} {b} 克s it under {g}", "{pos}{b}乘{g}而克之", "{g}#을 탄 {pos} {b}#이 ⟨初傳⟩#을 극한다"),
    "jiewang.fate": (
        "the {places} 克 it (年命有救神)",
        "{places}克之（年命有救神）",
        "{places}#이 ⟨初傳⟩#을 극한다 「年命有救神」",
    ),
    "tianwang-sha": (
        "天網煞 of the {month} month is {sha}, the {where}",
        "{month}月天網煞為{sha}，即{where}",
        "{month}월의 ⟨天網煞⟩#은 {sha}이고, 곧 {where}이다",
    ),
    "net": ("{net} of the {of}", "{of}之{net}", "{of}의 {net}"),
    "luowang": (
        "初傳 {init} is the {names} and stands on the {on}",
        "初傳{init}為{names}，臨{on}",
        "⟨初傳⟩ {init}#은 {names}이고 {on} 위에 있다",
    ),
    "luowang.any": ("{net} {b} as {on}", "{net}{b}作{on}", "{net} {b}#이 {on} 자리에 있다"),
    # 死奇
    "siqi": (
        "天罡 辰 is the upper of lesson {lessons} and is 發用; it stands on {sq} (worry for {worry})",
        "天罡辰為第{lessons}課上神而發用；臨{sq}（憂{worry}）",
        "⟨天罡⟩ ⟨辰⟩#이 제{lessons}과의 ⟨上神⟩으로 ⟨發用⟩한다; {sq} 위에 있으니 {worry}의 근심이다",
    ),
    "sanqi": (
        "and 天罡 rides over the {over} {sq} (乘歲月之上)",
        "又天罡加{over}{sq}之上（乘歲月之上）",
        "또 ⟨天罡⟩#이 {over} {sq} 위에 있다(⟨乘歲月之上⟩)",
    ),
    "huisheng.sun": (
        "the 月將 is 辰 itself (更辰為月將，尤美)",
        "月將即辰（更辰為月將，尤美）",
        "⟨月將⟩이 바로 ⟨辰⟩이다 「更辰為月將，尤美」",
    ),
    "huisheng.riqi": (
        "the 日奇 (月將 {sun}) stands over the {spots}",
        "日奇（月將{sun}）加{spots}",
        "⟨月將⟩ {sun}, 곧 ⟨日奇⟩#이 {spots} 위에 있다",
    ),
    "huisheng.state": (
        "天罡 is {state} in the {month} month",
        "天罡於{month}月{state}",
        "⟨天罡⟩#은 {month}월에 {state}이다",
    ),
    "huisheng.union": (
        "天罡 is the day's 德合 ({unions})",
        "天罡為日之德合（{unions}）",
        "⟨天罡⟩#은 ⟨日干⟩의 ⟨德合⟩ 가운데 {unions}이다",
    ),
    "huisheng.general": ("天罡 rides {g} (吉將)", "天罡乘{g}（吉將）", "⟨天罡⟩#이 ⟨吉將⟩ {g}#을 탄다"),
    "huisheng.saviours": (
        "救神 {saviours} 克 or 沖 辰",
        "救神{saviours}克沖辰",
        "⟨救神⟩ {saviours}#이 ⟨辰⟩#을 극하거나 ⟨沖⟩한다",
    ),
    # 魄化 family
    "pohua": (
        "白虎 rides {w}, the {month} month's {names}, as {where}",
        "白虎乘{w}，為{month}月之{names}，作{where}",
        "⟨白虎⟩#이 {month}월의 {names}인 {w}#을 타고 {where}#이 된다",
    ),
    "pohua.xingnian": (
        "it stands over the 行年 (行年同一位)",
        "其臨行年（行年同一位）",
        "⟨白虎⟩#이 ⟨行年⟩ 위에 있다 「行年同一位」",
    ),
    "pohua.kuigang": (
        "魁罡 {b} over the 行年 (行年若值魁罡上)",
        "魁罡{b}加行年（行年若值魁罡上）",
        "⟨魁罡⟩ {b}#이 ⟨行年⟩ 위에 있다 「行年若值魁罡上」",
    ),
    "guihun.gate": ("貴人 on 鬼門 寅", "貴人臨鬼門寅", "⟨貴人⟩#이 ⟨鬼門⟩ ⟨寅⟩에 있다"),
    "guihun.yin": (
        "its 陰神 {b} 克s the 虎神 {w} (虎陰制虎神)",
        "虎陰{b}克虎神{w}（虎陰制虎神）",
        "⟨虎神⟩ {w}의 ⟨陰神⟩ {b}#이 ⟨虎神⟩#을 극한다 「虎陰制虎神」",
    ),
    "guihun.hold": (
        "{holders} 沖 or 克 the 虎神 {w} (六處有沖剋)",
        "{holders}沖剋虎神{w}（六處有沖剋）",
        "{holders}#이 ⟨虎神⟩ {w}#을 ⟨沖⟩하거나 극한다 「六處有沖剋」",
    ),
    "guihun.at": ("{place} {b} ({how})", "{place}{b}（{how}）", "{how}하는 {place} {b}"),
    "guihun.good": (
        "{g} (吉神) rides the {place} {b}",
        "{place}{b}乘{g}（吉神）",
        "{place} {b}#이 ⟨吉神⟩ {g}#을 태운다",
    ),
    "huxianshi.tiger": (
        "白虎 rides the 初傳 {w}, the day's 墓 (日墓乘白虎)",
        "白虎乘初傳{w}，即日墓（日墓乘白虎）",
        "⟨白虎⟩#이 ⟨日干⟩의 ⟨墓⟩인 ⟨初傳⟩ {w}#을 탄다 「日墓乘白虎」",
    ),
    "huxianshi.gang": (
        "天罡 辰, the day's 墓 and the {month} month's 死神, is 發用 (斗罡作日墓帶死神)",
        "天罡辰為日墓，又為{month}月死神，發用（斗罡作日墓帶死神）",
        "⟨日干⟩의 ⟨墓⟩이자 {month}월의 ⟨死神⟩인 ⟨天罡⟩ ⟨辰⟩#이 ⟨發用⟩한다 「斗罡作日墓帶死神」",
    ),
    "xianshi": (
        "白虎 rides the 初傳 {w} ({marks} in the {month} month) over the {on}",
        "白虎乘初傳{w}（{month}月{marks}），臨{on}",
        "⟨白虎⟩#이 {on} 위의 ⟨初傳⟩ {w}#을 탄다({month}월에 {marks})",
    ),
    "pozhi": (
        "白虎 rides {w}, the {month} month's {names}, over the {on}",
        "白虎乘{w}，為{month}月之{names}，臨{on}",
        "⟨白虎⟩#이 {month}월의 {names}인 {w}#을 타고 {on} 위에 있다",
    ),
    "sang": (
        "the {hit} {w} is {state} in the {month} month and rides 白虎",
        "{hit}{w}於{month}月{state}，乘白虎",
        "{hit} {w}#은 {month}월에 {state}이고 ⟨白虎⟩#을 탄다",
    ),
    # 殃咎 family
    "yangjiu.chain": ("三傳剋日: {chain}", "三傳剋日：{chain}", "⟨三傳剋日⟩: {chain}"),
    "yangjiu.all": (
        "三傳剋日: 初 {a}, 中 {m} and 末 {z} all 克 {stem}",
        "三傳剋日：初{a}、中{m}、末{z}皆克{stem}",
        "⟨三傳剋日⟩: ⟨初⟩ {a}, ⟨中⟩ {m}, ⟨末⟩ {z}#이 모두 {stem}#을 극한다",
    ),
    "dike.down": (
        "初 {a} 克 中 {m}, 中 克 末 {z}, 末 克 {stem}",
        "初{a}克中{m}，中克末{z}，末克{stem}",
        "⟨初⟩ {a}#이 ⟨中⟩ {m}#을, ⟨中⟩#이 ⟨末⟩ {z}#을, ⟨末⟩#이 {stem}#을 극한다",
    ),
    "dike.up": (
        "末 {z} 克 中 {m}, 中 克 初 {a}, 初 克 {stem}",
        "末{z}克中{m}，中克初{a}，初克{stem}",
        "⟨末⟩ {z}#이 ⟨中⟩ {m}#을, ⟨中⟩#이 ⟨初⟩ {a}#을, ⟨初⟩#이 {stem}#을 극한다",
    ),
    "war.initial": (
        "神將相戰: 初傳 {init} and {g} ({war})",
        "神將相戰：初傳{init}與{g}（{war}）",
        "⟨神將相戰⟩: ⟨初傳⟩ {init}#과 {g}#이 싸운다({war})",
    ),
    "war.pair": ("{b} {g} {war}", "{b}{g}{war}", "{b} {g} {war}"),
    "war.all": (
        "神將相戰 across the 三傳 ({pairs})",
        "三傳皆神將相戰（{pairs}）",
        "⟨三傳⟩ 모두 ⟨神將相戰⟩이다: {pairs}",
    ),
    "war.zei": (
        "神將相戰: the 初傳 {init} is 下賊上 and at war with {g} ({how})",
        "神將相戰：初傳{init}下賊上，與{g}相戰（{how}）",
        "⟨神將相戰⟩: ⟨初傳⟩ {init}#은 ⟨下賊上⟩이고 {g}#과 싸운다({how})",
    ),
    "war.jiake": (
        "夾克: 克'd from below and by its general",
        "夾克：下克之，將亦克之",
        "⟨夾克⟩: 아래와 ⟨天將⟩ 양쪽에서 극을 받는다",
    ),
    "war.neizhan": ("內戰: it 克s its general", "內戰：神克其將", "⟨內戰⟩: 제 ⟨天將⟩#을 극한다"),
    "jiake": (
        "初傳 {init} stands on {sq}, which 克s it, and rides {g}, which 克s it",
        "初傳{init}臨{sq}，受其克，又乘{g}，亦受其克",
        "⟨初傳⟩ {init}#은 자기를 극하는 {sq} 위에 앉고, 자기를 극하는 {g}#을 태운다",
    ),
    "neizhan": (
        "初傳 {init} 克s its general {g} (神克將)",
        "初傳{init}克所乘之將{g}（神克將）",
        "⟨初傳⟩ {init}#이 자기가 태운 ⟨天將⟩ {g}#을 극한다(⟨神克將⟩)",
    ),
    "waizhan": (
        "{g} 克s the 初傳 {init} it rides (將克神)",
        "{g}克所乘之初傳{init}（將克神）",
        "{g}#이 자기가 탄 ⟨初傳⟩ {init}#을 극한다(⟨將克神⟩)",
    ),
    "chengmu": (
        "{stem}'s 墓 {tomb} stands on the 干",
        "{stem}之墓{tomb}加干上",
        "{stem}의 ⟨墓⟩ {tomb}#이 ⟨干⟩ 위에 있다",
    ),
    "zuomu": (
        "{stem} ({jig}) stands on its 墓 {a}; {z} stands on its 墓 {b}",
        "{stem}（{jig}）坐其墓{a}；{z}坐其墓{b}",
        "{stem}#은 ⟨寄宮⟩ {jig}#이 제 ⟨墓⟩ {a} 위에, {z}#은 제 ⟨墓⟩ {b} 위에 앉았다",
    ),
    "zuomu.void": (
        "{stem} ({jig}) stands on its 墓 {a}; {z} stands on its 墓 {b} (both 墓 are 旬空: 二處逢空，可解)",
        "{stem}（{jig}）坐其墓{a}；{z}坐其墓{b}（二墓皆旬空：二處逢空，可解）",
        "{stem}#은 ⟨寄宮⟩ {jig}#이 제 ⟨墓⟩ {a} 위에, {z}#은 제 ⟨墓⟩ {b} 위에 앉았다. 두 ⟨墓⟩#이 모두 ⟨旬空⟩이다 「二處逢空，可解」",
    ),
    # 遙克, 昴星
    "yijian": (
        "{stem} 克s {found} from afar; 初傳 {init}",
        "{stem}遙克{found}；初傳{init}",
        "{stem}#이 {found}#을 멀리서 극한다; ⟨初傳⟩ {init}",
    ),
    "yilu": (
        "{found} 克 {stem} from afar; 初傳 {init}",
        "{found}遙克{stem}；初傳{init}",
        "{found}#이 {stem}#을 멀리서 극한다; ⟨初傳⟩ {init}",
    ),
    "hushi": (
        "白虎 rides {w} in the 三傳 and 克s the {hit}",
        "三傳中白虎乘{w}，克{hit}",
        "⟨三傳⟩에서 ⟨白虎⟩#이 {w}#을 타고 {hit}#을 극한다",
    ),
    "hushi.good": (
        "the 行年上神 {up} rides {g} (吉將)",
        "行年上神{up}乘{g}（吉將）",
        "⟨行年上神⟩ {up}#이 ⟨吉將⟩ {g}#을 태운다",
    ),
    "hushi.eased": (
        "the 行年上神 {up} rides {g} (吉將) and is {state}: not 凶 (若行年見神將吉，更見生旺，則不為凶)",
        "行年上神{up}乘{g}（吉將）而{state}：不為凶（若行年見神將吉，更見生旺，則不為凶）",
        "⟨行年上神⟩ {up}#이 ⟨吉將⟩ {g}#을 태우고 {state}이니 흉하지 않다 「若行年見神將吉，更見生旺，則不為凶」",
    ),
    # 三光, 三陽, 三陰
    "state.init": ("初傳 {x}", "初傳{x}", "⟨初傳⟩ {x}"),
    "state.is": ("{x} {state}", "{x}{state}", "{x} {state}"),
    "sanguang": (
        "{states} in the {month} month; {g} rides the 初傳",
        "{month}月{states}；{g}乘初傳",
        "{month}월에 {states}; {g}#이 ⟨初傳⟩에 탄다",
    ),
    "sanyang": (
        "貴人 {nb} goes forward; 干上 {a} and 支上 {b} stand in front of it; 初傳 {init} is {state}",
        "貴人{nb}順行；干上{a}、支上{b}在其前；初傳{init}{state}",
        "⟨貴人⟩ {nb}#이 ⟨順行⟩한다; ⟨干上⟩ {a}·⟨支上⟩ {b}#이 그 앞에 있다; ⟨初傳⟩ {init}#은 {state}이다",
    ),
    "sanyin": (
        "貴人 {nb} goes backward; 干上 {a} and 支上 {b} stand behind it; 中 {m} {sm}, 末 {z} {sz}; {riders} in the 傳",
        "貴人{nb}逆行；干上{a}、支上{b}在其後；中{m}{sm}，末{z}{sz}；傳見{riders}",
        "⟨貴人⟩ {nb}#이 ⟨逆行⟩한다; ⟨干上⟩ {a}·⟨支上⟩ {b}#이 그 뒤에 있다; ⟨中傳⟩ {m}#은 {sm}, ⟨末傳⟩ {z}#은 {sz}; "
        "⟨三傳⟩에 {riders}#이 있다",
    ),
}
"""Every evidence sentence: key → (English, Chinese, Korean)."""

JOINS: dict[str, dict[str, str]] = {
    "en": {"and": " and ", "both": " and ", "comma": ", ", "semi": "; ", "space": " "},
    "zh": {"and": "、", "both": "，又", "comma": "、", "semi": "；", "space": ""},
    "ko": {"and": "·", "both": ", 또 ", "comma": ", ", "semi": "; ", "space": " "},
}
"""How each language joins a :class:`~liuren.patterns.evidence.Seq`: "and" (terms), "both" (clauses
that hold together), "comma", "semi" (clauses) and "space" (a row of branches)."""

_COLUMN = {"en": 0, "zh": 1, "ko": 2}
WORDS = {lang: {key: words[i] for key, words in TEMPLATES.items()} for lang, i in _COLUMN.items()}
"""The table by language: ``WORDS["ko"]["tianwang"]``."""


def _value(value: Value, lang: str) -> str:
    if isinstance(value, Evidence):
        return WORDS[lang][value.key].format(**{k: _value(v, lang) for k, v in value.values})
    if isinstance(value, Seq):
        return JOINS[lang][value.kind].join(_value(v, lang) for v in value.items)
    if isinstance(value, int):
        return zh_number(value) if lang == "zh" else str(value)  # 第二課, 只有三課
    return f"⟨{value}⟩" if lang == "ko" else value


def evidence_marks(clauses: Clause, lang: str = "en") -> str:
    """The evidence in ``lang`` with its Korean terms still marked (⟨貴人⟩, ``#을``), for a text that
    :func:`liuren.show.steps.render` expands as a whole (Chinese and English have no marks to expand)."""
    if lang not in _COLUMN:
        check_lang(lang)
    return _value(clauses, lang)


def evidence_text(clauses: Clause, lang: str = "en") -> str:
    """The evidence in ``lang`` ("zh", "ko" or "en"); the English is the detectors' own sentence."""
    text = evidence_marks(clauses, lang)
    return render(text, lang) if lang == "ko" else text


__all__ = ["JOINS", "TEMPLATES", "WORDS", "evidence_marks", "evidence_text"]
