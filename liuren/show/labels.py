"""Korean readings and English glosses for every term a chart displays (standard library only).

A classroom in Seoul reads 元首 as 원수; an English-speaking one needs a gloss such as "Head".
:func:`reading` gives the Korean reading of any Hanzi term (character by character, with the
word-initial sound rule 두음법칙), :func:`gloss` the English gloss, and
:func:`label` joins either to the Hanzi the way the display shows it.

>>> label("元首", "ko"), label("元首", "en"), label("元首", "zh")
('원수 元首', '元首 Head', '元首')
>>> reading("六合"), reading("勵德")
('육합', '여덕')
"""

from __future__ import annotations

from ..errors import ParseError, quote

LANGUAGES = ("zh", "ko", "en")

CHAR_KO = dict(
    zip(
        "子丑寅卯辰巳午未申酉戌亥甲乙丙丁戊己庚辛壬癸"
        "貴人螣蛇朱雀六合勾陳青龍天空白虎太常玄武陰后元"
        "父母兄弟孫妻財官鬼才殺"
        "賊克比用涉害遙昴星別責八專伏吟返"
        "首重審始入知一見機察微綴瑕蒿矢彈射視冬掩目獨足自任信杜傳不虞無依井欄"
        "三四課地盤初中末第二旬日時將晝夜月建神後大吉功曹沖罡乙勝光小送從魁河登明"
        "勵德服蹉跎贅婿當權淫備獄清平網張羅死奇回生魄化歸魂銜尸殃咎遞內戰外干支坐墓帷簿修腳"
        "上下遁空亡學派指南探原全體格式占輸親解"
        "乘兩含夾女泆煞狡真童箭陽鴻鹿絞斬之喪本命年",
        "자축인묘진사오미신유술해갑을병정무기경신임계"
        "귀인등사주작육합구진청룡천공백호태상현무음후원"
        "부모형제손처재관귀재살"
        "적극비용섭해요묘성별책팔전복음반"
        "수중심시입지일견기찰미철하호시탄사시동엄목독족자임신두전불우무의정란"
        "삼사과지반초중말제이순일시장주야월건신후대길공조충강을승광소송종괴하등명"
        "려덕복차타췌서당권음비옥청평망장라사기회생백화귀혼함시앙구체내전외간지좌묘유부수각"
        "상하둔공망학파지남탐원전체격식점수친해"
        "승량함협녀일살교진동전양홍록교참지상본명년",
        strict=True,
    )
)
"""Sino-Korean reading (한자음) of each character the package can display."""

PROSE_KO = dict(
    zip(
        "寄宮木火土金水孟仲季俱驛馬刑順逆發仰俯剛柔門戶九宗家歸行加位數歲尉山取法破相旺休囚氣救剋交互長災劫錄",
        "기궁목화토금수맹중계구역마형순역발앙부강유문호구종가귀행가위수세위산취법파상왕휴수기구극교호장재겁록",
        strict=True,
    )
)
"""Readings of characters that only the step-by-step prose and the pattern evidence use (寄宮, 孟仲季, 驛馬,
旺相休囚, 災煞 …): kept apart
from :data:`CHAR_KO` because they are never drawn on a plate, so the shipped font need not hold them."""

INITIAL_SOUND = {
    "려": "여",
    "량": "양",
    "례": "예",
    "료": "요",
    "룡": "용",
    "류": "유",
    "륙": "육",
    "리": "이",
    "림": "임",
    "립": "입",
    "라": "나",
    "락": "낙",
    "란": "난",
    "래": "내",
    "로": "노",
    "록": "녹",
    "뢰": "뇌",
    "루": "누",
    "릉": "능",
    "녀": "여",
    "년": "연",
    "뇨": "요",
    "뉴": "유",
    "니": "이",
}
"""두음법칙: a word-initial ㄹ or ㄴ before i/y becomes ㅇ, ㄹ before other vowels becomes ㄴ."""

EN = {
    # heavenly generals (天將)
    "貴人": "Noble",
    "螣蛇": "Soaring Snake",
    "朱雀": "Vermilion Bird",
    "六合": "Six Harmony",
    "勾陳": "Hooked Array",
    "青龍": "Azure Dragon",
    "天空": "Heavenly Void",
    "白虎": "White Tiger",
    "太常": "Great Constancy",
    "玄武": "Dark Warrior",
    "太陰": "Great Yin",
    "天后": "Heavenly Queen",
    # six relations (六親)
    "父母": "Parent",
    "兄弟": "Sibling",
    "子孫": "Offspring",
    "妻財": "Wealth",
    "官鬼": "Officer",
    # the nine methods (九宗門)
    "賊克": "Conquest",
    "比用": "Comparison",
    "涉害": "Wading through Harm",
    "遙克": "Distant Conquest",
    "昴星": "Pleiades",
    "別責": "Separate Charge",
    "八專": "Eight Exclusive",
    "伏吟": "Hidden Chant",
    "返吟": "Reversed Chant",
    # lesson types
    "元首": "Head",
    "重審": "Re-examination",
    "始入": "First Entry",
    "知一": "Knowing the One",
    "見機": "Seeing the Moment",
    "察微": "Observing the Subtle",
    "綴瑕": "Mending the Flaw",
    "蒿矢": "Mugwort Arrow",
    "彈射": "Pellet Shot",
    "虎視": "Tiger's Gaze",
    "冬蛇掩目": "Winter Snake Hides Its Eyes",
    "獨足": "One-legged",
    "自任": "Self-reliant",
    "自信": "Self-confident",
    "杜傳": "Blocked Transmission",
    "不虞": "Unforeseen",
    "無依": "Without Support",
    "井欄射": "Well-rail Shot",
    "比用格": "Comparison Format",
    # named patterns of the source chapters
    "勵德": "Encouraging Virtue",
    "贅婿": "Live-in Son-in-law",
    "無淫": "Without Licence",
    "不備": "Incomplete",
    "天獄": "Heavenly Prison",
    "天網四張": "Heaven's Net Spread",
    "羅網": "Net",
    "死奇": "Dead Oddity",
    "魄化": "Soul Dissolving",
    "殃咎": "Calamity",
    "帷簿不修": "Untended Curtains",
    "獨腳": "One-legged",
    "微服": "Incognito",
    "蹉跎": "Stumbling",
    "贅婿當權": "Son-in-law in Power",
    "淫泆": "Licentiousness",
    "狡童": "Cunning Youth",
    "泆女": "Wanton Woman",
    "天獄清平": "Heavenly Prison Cleared",
    "真天獄": "True Heavenly Prison",
    "天網": "Heaven's Net",
    "解網": "Net Untied",
    "天網煞": "Heaven's Net Spirit",
    "死奇回生": "Dead Oddity Revived",
    "魄化歸魂": "Soul Returning",
    "虎銜尸": "Tiger Carrying a Corpse",
    "遞克": "Successive Conquest",
    "夾克": "Pincer Conquest",
    "內戰": "Inner Battle",
    "外戰": "Outer Battle",
    "干支乘墓": "Riding the Tombs",
    "日干乘墓": "Stem Riding Its Tomb",
    "銜尸": "Carrying a Corpse",
    "魄之": "Soul Pressed",
    "喪": "Mourning",
    "真虎視": "True Tiger's Gaze",
    "干支坐墓": "Sitting in the Tombs",
    "一箭中兩鴻": "One Arrow, Two Geese",
    "一鹿含兩矢": "One Deer, Two Arrows",
    "三光": "Three Lights",
    "三陽": "Three Yang",
    "三陰": "Three Yin",
    "絞斬": "Strangling and Beheading",
    "入網": "Entering the Net",
    "三奇死課": "Three Oddities Dead",
    # chart vocabulary
    "三傳": "Three Transmissions",
    "四課": "Four Lessons",
    "天地盤": "Heaven and Earth Plate",
    "初傳": "Initial",
    "中傳": "Middle",
    "末傳": "Final",
    "旬空": "Void",
    "課體": "Patterns",
    "晝貴": "Day Noble",
    "夜貴": "Night Noble",
    "日": "Day",
    "時": "Hour",
    "將": "Month General",
    "遁干": "Hidden Stem",
    "天將": "General",
    "上神": "Upper",
    "下神": "Lower",
    "學派": "School",
    "第一課": "Lesson 1",
    "第二課": "Lesson 2",
    "第三課": "Lesson 3",
    "第四課": "Lesson 4",
    "指南": "Zhinan",
    "探原": "Tanyuan",
    "大全": "Daquan",
    "本命": "Natal Year",
    "行年": "Year of Age",
    # the twelve 月將 spirit names
    "神後": "Spirit Queen",
    "大吉": "Great Fortune",
    "功曹": "Merit Officer",
    "太沖": "Great Thoroughfare",
    "天罡": "Heaven's Dipper",
    "太乙": "Great One",
    "勝光": "Victorious Light",
    "小吉": "Small Fortune",
    "傳送": "Conveyor",
    "從魁": "Following Chief",
    "河魁": "River Chief",
    "登明": "Ascending Light",
}
"""English glosses (general names follow the usual translations of the 六壬 literature)."""

STEM_EN = dict(
    zip("甲乙丙丁戊己庚辛壬癸", ("Jia", "Yi", "Bing", "Ding", "Wu", "Ji", "Geng", "Xin", "Ren", "Gui"), strict=True)
)
BRANCH_EN = dict(
    zip(
        "子丑寅卯辰巳午未申酉戌亥",
        ("Zi", "Chou", "Yin", "Mao", "Chen", "Si", "Wu", "Wei", "Shen", "You", "Xu", "Hai"),
        strict=True,
    )
)
"""Stems and branches are glossed by their pinyin, as English texts on the calendar write them."""
EN.update(STEM_EN)
EN.update(BRANCH_EN)

SHORT_EN = {
    "general": {
        "貴": "Noble",
        "蛇": "Snake",
        "朱": "Bird",
        "合": "Harmony",
        "勾": "Hook",
        "龍": "Dragon",
        "空": "Void",
        "虎": "Tiger",
        "常": "Constancy",
        "玄": "Warrior",
        "陰": "Yin",
        "后": "Queen",
    },
    "kin": {"父": "Parent", "兄": "Sibling", "子": "Offspring", "財": "Wealth", "官": "Officer"},
}
"""One-word glosses for the one-character abbreviations of generals and 六親 in the compact rows."""


def reading(term: str) -> str:
    """The Korean reading of ``term``, or "" when a character has no known reading.

    >>> reading("螣蛇"), reading("元首"), reading("X")
    ('등사', '원수', '')
    """
    found = [CHAR_KO.get(c) or PROSE_KO.get(c) for c in term]
    chars = [c for c in found if c is not None]
    if not chars or len(chars) < len(found):
        return ""
    chars[0] = INITIAL_SOUND.get(chars[0], chars[0])
    return "".join(chars)


def gloss(term: str, labels: str = "en", *, short: str = "") -> str:
    """The annotation shown beside ``term`` in language ``labels``: its Korean reading for "ko",
    its English gloss for "en", nothing for "zh". ``short="general"`` or ``"kin"`` glosses a
    one-character abbreviation (蛇 → Snake, 子 → Offspring) rather than the character alone.

    >>> gloss("蛇", "en", short="general"), gloss("子", "en", short="kin"), gloss("子", "en")
    ('Snake', 'Offspring', 'Zi')
    >>> gloss("蛇", "ko", short="general")
    '사'
    """
    if labels == "ko":
        return reading(term)
    if labels == "en":
        return SHORT_EN[short].get(term, "") if short else EN.get(term, "")
    if labels == "zh":
        return ""
    raise ParseError(f"labels={quote(labels)} is not a label language; accepted: 'zh', 'ko', 'en'")


def label(term: str, labels: str = "zh") -> str:
    """``term`` as a caption writes it: 원수 元首 (Korean), 元首 Head (English), 元首 (Chinese)."""
    extra = gloss(term, labels)
    if not extra:
        return term
    return f"{extra} {term}" if labels == "ko" else f"{term} {extra}"


def all_terms() -> tuple[str, ...]:
    """Every Hanzi term the package can put on a chart, from the engine's own tables and the
    pattern registry."""
    from ..cycle import BRANCH_CHARS, GENERAL_NAMES, GENERAL_SHORT, KIN, SPIRIT_NAMES, STEM_CHARS
    from ..patterns import PATTERNS
    from ..school import PRESET_NAMES
    from ..transmissions import LESSON_TYPES, Method

    return (
        *BRANCH_CHARS,
        *STEM_CHARS,
        *GENERAL_NAMES,
        *GENERAL_SHORT,
        *KIN,
        *SPIRIT_NAMES,
        *(str(m) for m in Method),
        *LESSON_TYPES,
        *(p.name for p in PATTERNS),
        *PRESET_NAMES.values(),
        *EN,
    )


DISPLAY_EXTRA = "◎·、　|十九宗門加行順逆地天貴日時將月晝夜課盤傳第一二三四初中末空旬干遁學派體克賊上下神親六吟伏返"
"""Characters the layouts and plates write besides the terms (marks, headings, 順/逆)."""


def hanzi(include_hangul: bool = False) -> str:
    """Every character (sorted, no ASCII) any label can produce: the Hanzi of all tables, terms and
    pattern names, the layout marks, and with ``include_hangul`` every Korean reading.

    >>> len(hanzi()) > 150, "螣" in hanzi(), "원" in hanzi(), "원" in hanzi(include_hangul=True)
    (True, True, False, True)
    """
    chars = set("".join(all_terms())) | set(DISPLAY_EXTRA) | set(CHAR_KO)
    if include_hangul:
        chars |= set("".join(reading(t) for t in all_terms()))
        chars |= set("".join(CHAR_KO.values()))
    return "".join(sorted(c for c in chars if ord(c) > 127))
