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

from ..lang import BUILT_IN, language
from .words.glosses import GLOSSES, SHORT_GLOSSES

LANGUAGES = BUILT_IN
"""The codes of the package's own languages, as :mod:`liuren.lang` registers them ("zh", "ko", "en");
a check of a ``lang=`` or ``labels=`` argument asks the registry itself, which also holds a language
added later."""

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
        "乘兩含夾女泆煞狡真童箭陽鴻鹿絞斬之喪本命年"
        "近遠利簇丸遺",
        "자축인묘진사오미신유술해갑을병정무기경신임계"
        "귀인등사주작육합구진청룡천공백호태상현무음후원"
        "부모형제손처재관귀재살"
        "적극비용섭해요묘성별책팔전복음반"
        "수중심시입지일견기찰미철하호시탄사시동엄목독족자임신두전불우무의정란"
        "삼사과지반초중말제이순일시장주야월건신후대길공조충강을승광소송종괴하등명"
        "려덕복차타췌서당권음비옥청평망장라사기회생백화귀혼함시앙구체내전외간지좌묘유부수각"
        "상하둔공망학파지남탐원전체격식점수친해"
        "승량함협녀일살교진동전양홍록교참지상본명년"
        "근원리족환유",
        strict=True,
    )
)
"""Sino-Korean reading (한자음) of each character the package can display."""

PROSE_KO = dict(
    zip(
        "寄宮木火土金水孟仲季俱驛馬刑順逆發仰俯剛柔門戶九宗家歸行加位數歲尉山取法破相旺休囚氣救剋交互長災劫錄"
        "分夏寒局春暑滿秋種穀立節至芒處蟄降雨雪霜露驚遭和",
        "기궁목화토금수맹중계구역마형순역발앙부강유문호구종가귀행가위수세위산취법파상왕휴수기구극교호장재겁록"
        "분하한국춘서만추종곡립절지망처칩강우설상로경조화",
        strict=True,
    )
)
"""Readings of characters that only the step-by-step prose and the pattern evidence use (寄宮, 孟仲季, 驛馬,
旺相休囚, 災煞, the 節 and 中氣 …): kept apart
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


PINYIN_READERS = frozenset({"en", "zh"})
"""The languages whose readers read a term by its pinyin (the others: Korean, by its Korean reading)."""


def reading(term: str, lang: str = "ko") -> str:
    """The reading of ``term`` for a reader of ``lang``: the Korean reading ("ko", the default), or the
    tone-marked pinyin ("en" and "zh": :func:`liuren.show.pinyin.pinyin`); "" when it has no known
    reading.

    >>> reading("螣蛇"), reading("元首"), reading("X")
    ('등사', '원수', '')
    >>> reading("螣蛇", lang="en"), reading("元首", lang="en"), reading("X", lang="en")
    ('téngshé', 'yuánshǒu', '')
    """
    from .i18n import check_lang

    if check_lang(lang) in PINYIN_READERS:
        from ..errors import ParseError
        from .pinyin import pinyin

        try:
            return pinyin(term)
        except ParseError:
            return ""
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
    annotation = language(labels, "labels", "a label language").annotation  # what the language writes beside a term
    if annotation == "reading":
        return reading(term)
    if annotation == "gloss":
        return SHORT_GLOSSES[labels].get(f"{short}.{term}", "") if short else GLOSSES[labels].get(term, "")
    return ""


def label(term: str, labels: str = "zh") -> str:
    """``term`` as a caption writes it (:attr:`liuren.lang.Lang.label`): 원수 元首 (Korean), 元首 Head
    (English), 元首 (Chinese)."""
    extra = gloss(term, labels)
    if not extra:
        return term
    return language(labels).label.format(term=term, gloss=extra)


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
        *GLOSSES["en"],
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
