"""The cycles: stems, branches, elements, the sixty pillars and the twelve generals.

Every value is a ``str`` subclass holding the traditional character(s), so it compares equal
to the plain string (``BRANCHES[0] == "子"``), prints as itself and is JSON-able, while
carrying its ``ordinal`` (place in its cycle) and element; the values are immutable. All cycle
arithmetic is on those ordinals, here, once.

>>> BRANCHES[2], BRANCHES[2].ordinal, BRANCHES[2].element
('寅', 2, '木')
>>> parse_pillar("丙申").stem, parse_pillar("丙申").branch
('丙', '申')
>>> parse_general_name("龙"), parse_general_name("元")
('青龍', '玄武')
"""

from __future__ import annotations

from .errors import ParseError, quote


# ---------------------------------------------------------------- immutable values
class _Value(str):
    """A cycle value: the traditional character(s) as a ``str``, with read-only attributes set once.

    ``ordinal`` (not ``index``, which would hide ``str.index``) is its place in its cycle."""

    ordinal: int

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} {str(self)!r} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} {str(self)!r} is immutable")


_set = object.__setattr__


# ---------------------------------------------------------------- the five elements
ELEMENT_CHARS = "木火土金水"
WOOD, FIRE, EARTH, METAL, WATER = range(5)


class Element(_Value):
    """One of the five elements (五行), ordered 木火土金水 so that ``(e + 1) % 5`` is what e produces."""

    def __new__(cls, index: int) -> Element:
        self = super().__new__(cls, ELEMENT_CHARS[index])
        _set(self, "ordinal", index)
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (_singleton, ("ELEMENTS", self.ordinal))

    def produces(self, other: Element) -> bool:
        """相生: 木生火, 火生土, 土生金, 金生水, 水生木."""
        return (self.ordinal + 1) % 5 == other.ordinal

    def conquers(self, other: Element) -> bool:
        """相克: 木克土, 土克水, 水克火, 火克金, 金克木."""
        return (self.ordinal + 2) % 5 == other.ordinal


ELEMENTS = tuple(Element(i) for i in range(5))


def _singleton(table: str, index: int) -> _Value:
    """Unpickle a cycle value as the module's own instance."""
    value: _Value = globals()[table][index]
    return value


def produces(a: int, b: int) -> bool:
    """相生 on element indices: a produces b."""
    return (a + 1) % 5 == b


def conquers(a: int, b: int) -> bool:
    """相克 on element indices: a conquers (克) b."""
    return (a + 2) % 5 == b


# ---------------------------------------------------------------- stems and branches
STEM_CHARS = "甲乙丙丁戊己庚辛壬癸"
BRANCH_CHARS = "子丑寅卯辰巳午未申酉戌亥"
ZI, CHOU, YIN, MAO, CHEN, SI, WU, WEI, SHEN, YOU, XU, HAI = range(12)
"""Branch ordinals by name: 子 0 … 亥 11 (the detectors and methods compare ordinals)."""
MENG = frozenset((YIN, SHEN, SI, HAI))
"""四孟 (寅申巳亥), the squares that open each season."""
ZHONG = frozenset((ZI, WU, MAO, YOU))
"""四仲 (子午卯酉), the middle squares of the seasons."""
JI = frozenset((CHEN, XU, CHOU, WEI))
"""四季 (辰戌丑未), the closing squares."""
OPPOSITE = 6
"""沖: a branch faces the one six places away (also the plate offset of 返吟)."""
SANHE_STEP = 4
"""三合: the three branches of a triad (申子辰, 寅午戌, 巳酉丑, 亥卯未) stand four places apart."""
FUYIN_OFFSET, FANYIN_OFFSET = 0, OPPOSITE
"""Plate offsets (月將 − 占時) of 伏吟 (heaven = earth) and 返吟 (every branch over its 沖)."""


def branch_char(i: int) -> str:
    """The character of branch ordinal ``i``, taken mod 12 (for messages and traces)."""
    return BRANCH_CHARS[i % 12]


STEM_ELEMENT = (WOOD, WOOD, FIRE, FIRE, EARTH, EARTH, METAL, METAL, WATER, WATER)
"""五行 of the stems: 甲乙木 丙丁火 戊己土 庚辛金 壬癸水."""
BRANCH_ELEMENT = (WATER, EARTH, WOOD, WOOD, EARTH, FIRE, FIRE, EARTH, METAL, METAL, EARTH, WATER)
"""五行 of the branches: 子亥水 寅卯木 巳午火 申酉金 辰戌丑未土."""

JIGONG = (2, 4, 5, 7, 5, 7, 8, 10, 11, 1)
"""寄宮 (大全 卷一): 甲寅 乙辰 丙巳 丁未 戊巳 己未 庚申 辛戌 壬亥 癸丑; no stem lodges in 子午卯酉."""


class Stem(_Value):
    """A heavenly stem (天干); ``ordinal`` 0 = 甲. Yang (陽) stems have even index."""

    element: Element
    yang: bool
    lodging: Branch

    def __new__(cls, index: int) -> Stem:
        self = super().__new__(cls, STEM_CHARS[index])
        _set(self, "ordinal", index)
        _set(self, "element", ELEMENTS[STEM_ELEMENT[index]])
        _set(self, "yang", index % 2 == 0)
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (_singleton, ("STEMS", self.ordinal))


class Branch(_Value):
    """An earthly branch (地支); ``ordinal`` 0 = 子. Yang (陽) branches have even index."""

    element: Element
    yang: bool

    def __new__(cls, index: int) -> Branch:
        self = super().__new__(cls, BRANCH_CHARS[index])
        _set(self, "ordinal", index)
        _set(self, "element", ELEMENTS[BRANCH_ELEMENT[index]])
        _set(self, "yang", index % 2 == 0)
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (_singleton, ("BRANCHES", self.ordinal))

    @property
    def opposite(self) -> Branch:
        """沖: the branch six places away."""
        return BRANCHES[(self.ordinal + OPPOSITE) % 12]


STEMS = tuple(Stem(i) for i in range(10))
BRANCHES = tuple(Branch(i) for i in range(12))
for _s in STEMS:
    _set(_s, "lodging", BRANCHES[JIGONG[_s.ordinal]])


class GanZhi(_Value):
    """One of the sixty pillars (干支); ``ordinal`` 0 = 甲子, 59 = 癸亥."""

    stem: Stem
    branch: Branch

    def __new__(cls, index: int) -> GanZhi:
        stem, branch = STEMS[index % 10], BRANCHES[index % 12]
        self = super().__new__(cls, stem + branch)
        _set(self, "ordinal", index)
        _set(self, "stem", stem)
        _set(self, "branch", branch)
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (_singleton, ("PILLARS", self.ordinal))

    @property
    def xun(self) -> GanZhi:
        """旬首: the 甲 pillar that opens this pillar's decade."""
        return PILLARS[pillar_index(0, xun_branch(self.ordinal))]

    @property
    def void(self) -> tuple[Branch, Branch]:
        """旬空: the two branches this pillar's decade leaves over (甲子旬 戌亥 …)."""
        return VOID_PAIRS[xun_branch(self.ordinal)]


PILLARS = tuple(GanZhi(i) for i in range(60))


XUN_LENGTH = 10
"""A 旬 (decade) covers the ten branches from its 旬首 under the ten stems; a branch whose distance
from the 旬首 is ``XUN_LENGTH`` or more (the 11th and 12th) is void (旬空)."""


def xun_branch(pillar: int) -> int:
    """旬首: branch index of the 甲 pillar opening the decade of pillar index ``pillar`` (the one
    place the 旬 arithmetic is written)."""
    return (pillar % 12 - pillar % XUN_LENGTH) % 12


XUN_STEMS = (*STEMS, None, None)
"""遁干 (旬遁) by distance from the 旬首 branch: 甲 on the 旬首 … 癸; the two void places get no stem."""
VOID_PAIRS = tuple((BRANCHES[(x + XUN_LENGTH) % 12], BRANCHES[(x + XUN_LENGTH + 1) % 12]) for x in range(12))
"""旬空 by the 旬首 branch: 甲子旬 戌亥, 甲戌 申酉, 甲申 午未, 甲午 辰巳, 甲辰 寅卯, 甲寅 子丑."""


def pillar_index(stem: int, branch: int) -> int:
    """Index of the pillar with this stem and branch (they must share yin-yang)."""
    return (6 * stem - 5 * branch) % 60


# ---------------------------------------------------------------- the twelve generals
GENERAL_NAMES = ("貴人", "螣蛇", "朱雀", "六合", "勾陳", "青龍", "天空", "白虎", "太常", "玄武", "太陰", "天后")
"""天將 in order from the 貴人 (大全 卷二; 指南 卷一)."""
GENERAL_SHORT = ("貴", "蛇", "朱", "合", "勾", "龍", "空", "虎", "常", "玄", "陰", "后")
GENERAL_ELEMENT = (EARTH, FIRE, FIRE, WOOD, EARTH, WOOD, EARTH, METAL, EARTH, WATER, METAL, WATER)
"""Elements of the generals (貴人 己丑土, 螣蛇 丁巳火, 朱雀 丙午火, 六合 乙卯木, 勾陳 戊辰土, 青龍 甲寅木,
天空 戊戌土, 白虎 庚申金, 太常 己未土, 玄武 癸亥水, 太陰 辛酉金, 天后 壬子水)."""


class General(_Value):
    """One of the twelve heavenly generals (天將); ``ordinal`` 0 = 貴人."""

    short: str
    element: Element

    def __new__(cls, index: int) -> General:
        self = super().__new__(cls, GENERAL_NAMES[index])
        _set(self, "ordinal", index)
        _set(self, "short", GENERAL_SHORT[index])
        _set(self, "element", ELEMENTS[GENERAL_ELEMENT[index]])
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (_singleton, ("GENERALS", self.ordinal))


GENERALS = tuple(General(i) for i in range(12))
GUIREN, TENGSHE, ZHUQUE, LIUHE_GENERAL, GOUCHEN, QINGLONG, TIANKONG, BAIHU, TAICHANG, XUANWU, TAIYIN, TIANHOU = range(
    12
)
"""General ordinals by name: 貴人 0 … 天后 11 (六合 is ``LIUHE_GENERAL``: ``LIUHE`` is the 六合 relation)."""

SPIRIT_NAMES = ("神后", "大吉", "功曹", "太沖", "天罡", "太乙", "勝光", "小吉", "傳送", "從魁", "河魁", "登明")
"""The twelve 月將 spirit names by branch: 子 神后 … 亥 登明. 子 is 神后 as the chapters of the course write it
(《大六壬靈覺經》 遙克課 「惟神后受己日所克，以神后為用」 l. 79; 贅婿課 「神后加戊」 l. 71, 無淫課 「神后加辰」
l. 163); the tables that write 神後 are accepted on input (:data:`MONTH_GENERAL_LOOKUP`)."""
BRANCH_ANIMALS = "鼠牛虎兔龍蛇馬羊猴雞狗豬"
"""The animal of each branch, 子 鼠 … 亥 豬: the 貴人 verses name the branches by them (「甲戊庚牛羊」)."""

# ---------------------------------------------------------------- relations between branches
XING = (3, 10, 5, 0, 4, 8, 6, 1, 2, 9, 7, 11)
"""刑: 子→卯 卯→子; 寅→巳→申→寅; 丑→戌→未→丑; 辰午酉亥 刑 themselves."""
LIUHE = (1, 0, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2)
"""六合: 子丑 寅亥 卯戌 辰酉 巳申 午未."""
HARM = (7, 6, 5, 4, 3, 2, 1, 0, 11, 10, 9, 8)
"""害 (harm; named HARM, as HAI is the branch 亥): 子未 丑午 寅巳 卯辰 申亥 酉戌."""
PO = (9, 4, 11, 6, 1, 8, 3, 10, 5, 0, 7, 2)
"""破: 子酉 丑辰 寅亥 卯午 巳申 未戌."""
STEM_COMBINE = (5, 6, 7, 8, 9, 0, 1, 2, 3, 4)
"""干合: 甲己 乙庚 丙辛 丁壬 戊癸."""
STEM_LU = (2, 3, 5, 6, 5, 6, 8, 9, 11, 0)
"""日祿, the 祿 of each stem: 甲寅 乙卯 丙巳 丁午 戊巳 己午 庚申 辛酉 壬亥 癸子 (the stem's 臨官; 元首課 names 祿 among
the marks of office)."""


def post_horse(branch: int) -> int:
    """驛馬: 申子辰 → 寅, 寅午戌 → 申, 巳酉丑 → 亥, 亥卯未 → 巳 (the 沖 of the 三合's 長生; docs/rules.md §5.7).

    It lives here, with the other branch relations, because the 返吟 method (井欄射) needs it as
    well as the 神煞 tables."""
    return (YIN, HAI, SHEN, SI)[branch % SANHE_STEP]


KIN = ("兄弟", "子孫", "妻財", "官鬼", "父母")
"""六親 by ``(element(other) − element(day stem)) mod 5``: same, I produce, I 克, 克 me, produces me."""


def kin_of(stem: int, branch: int) -> str:
    """六親 of a branch seen from the day stem (兄弟 子孫 妻財 官鬼 父母)."""
    return KIN[(BRANCH_ELEMENT[branch] - STEM_ELEMENT[stem]) % 5]


# ---------------------------------------------------------------- parsing
SIMPLIFIED = str.maketrans(
    {
        "贵": "貴",
        "腾": "螣",
        "陈": "陳",
        "龙": "龍",
        "阴": "陰",
        "贼": "賊",
        "别": "別",
        "责": "責",
        "专": "專",
        "遥": "遙",
        "审": "審",
        "见": "見",
        "机": "機",
        "缀": "綴",
        "反": "返",
        "传": "傳",
        "从": "從",
        "胜": "勝",
        "冲": "沖",
        "时": "時",
        "将": "將",
        "亲": "親",
        "财": "財",
        "孙": "孫",
        "杀": "殺",
        "嚆": "蒿",
        "弹": "彈",
        "视": "視",
        "独": "獨",
        "脚": "腳",
        "无": "無",
        "罗": "羅",
        "网": "網",
        "狱": "獄",
        "励": "勵",
        "赘": "贅",
        "备": "備",
        "归": "歸",
        "衔": "銜",
        "递": "遞",
        "夹": "夾",
        "战": "戰",
        "内": "內",
        "当": "當",
        "权": "權",
        "张": "張",
        "气": "氣",
        "马": "馬",
        "灾": "災",
        "阳": "陽",
        "帏": "帷",
        "临": "臨",
        "长": "長",
        "门": "門",
        "户": "戶",
        "驿": "驛",
        "书": "書",
        "类": "類",
        "养": "養",
        "带": "帶",
        "岁": "歲",
        "会": "會",
        "极": "極",
        "诸": "諸",
        "鸿": "鴻",
        "两": "兩",
        "厌": "厭",
        "刚": "剛",
        "润": "潤",
        "绞": "絞",
        "斩": "斬",
        "芜": "蕪",
        "远": "遠",
        "遗": "遺",
    }
)
"""Simplified → traditional for every character liuren accepts (a superset of what it needs)."""


MAX_TEXT = 32
"""No accepted form is longer: longer text is refused before any work is done on it."""


def normalize(text: str) -> str:
    """Strip spaces and map simplified characters to traditional ones."""
    return str.translate(str.strip(text), SIMPLIFIED)


def _require_str(value: object, what: str, accepted: str) -> str:
    if not isinstance(value, str):
        raise ParseError(f"{what} must be a string, got {quote(value)} ({type(value).__name__}); {accepted}")
    if len(value) > MAX_TEXT:
        raise ParseError(f"{quote(value)} is not {what}; {accepted}")
    return normalize(value)


STEM_LOOKUP = {c: STEMS[i] for i, c in enumerate(STEM_CHARS)}
"""Exact-text lookups (traditional): the fast path of the parsers below and of Chart."""
BRANCH_LOOKUP: dict[str, Branch] = {c: BRANCHES[i] for i, c in enumerate(BRANCH_CHARS)}
"""The twelve branches, bare."""
HOUR_LOOKUP: dict[str, Branch] = {**BRANCH_LOOKUP, **{b + "時": b for b in BRANCHES}}
"""占時: a branch, or a branch with 時 ("午時")."""
MONTH_GENERAL_LOOKUP: dict[str, Branch] = {
    **BRANCH_LOOKUP,
    **{b + "將": b for b in BRANCHES},
    **dict(zip(SPIRIT_NAMES, BRANCHES, strict=True)),
    "神後": BRANCHES[ZI],  # the tables' spelling of 神后; 后 is never mapped to 後 (天后 keeps it)
}
"""月將: a branch, a branch with 將 ("亥將"), or the general's spirit name ("登明")."""
MONTH_LOOKUP: dict[str, Branch] = {**BRANCH_LOOKUP, **{b + "月": b for b in BRANCHES}}
"""月建: a branch, or a branch with 月 ("寅月", the month whose 月建 is 寅)."""
YEAR_LOOKUP: dict[str, Branch] = {**BRANCH_LOOKUP, **{b + "年": b for b in BRANCHES}}
"""太歲: a branch, or a branch with 年 ("午年")."""
PILLAR_LOOKUP: dict[str, GanZhi] = {p: p for p in PILLARS}
GENERAL_LOOKUP: dict[str, General] = {}
for _g in GENERALS:
    GENERAL_LOOKUP[_g] = _g
    GENERAL_LOOKUP[_g.short] = _g
for _alias, _i in (
    ("螣", TENGSHE),
    ("天乙", GUIREN),
    ("六", LIUHE_GENERAL),
    ("勾", GOUCHEN),
    ("青", QINGLONG),
    ("白", BAIHU),
    ("元", XUANWU),
    ("天玄", XUANWU),
    ("后", TIANHOU),
    ("陳", GOUCHEN),
    ("元武", XUANWU),
):
    GENERAL_LOOKUP[_alias] = GENERALS[_i]


BRANCH_ACCEPTED = f"accepted: one of the 12 branches {BRANCH_CHARS}"
HOUR_ACCEPTED = f"accepted: the hour branch (占時), one of {BRANCH_CHARS}, optionally with 時 (午時)"
MONTH_GENERAL_ACCEPTED = (
    f"accepted: the month general (月將), one of {BRANCH_CHARS}, optionally with 將 (亥將), "
    f"or its spirit name ({' '.join(SPIRIT_NAMES)})"
)
MONTH_ACCEPTED = f"accepted: the month branch (月建), one of {BRANCH_CHARS}, optionally with 月 (寅月)"
YEAR_ACCEPTED = f"accepted: the year branch (太歲), one of {BRANCH_CHARS}, optionally with 年 (午年)"


def _lookup(value: object, table: dict[str, Branch], what: str, accepted: str) -> Branch:
    found = table.get(_require_str(value, what, accepted))
    if found is None:
        raise ParseError(f"{quote(value)} is not {what}; {accepted}")
    return found


def parse_branch(value: object, what: str = "a branch") -> Branch:
    """Read an earthly branch, bare ("午")."""
    return _lookup(value, BRANCH_LOOKUP, what, BRANCH_ACCEPTED)


def parse_hour(value: object) -> Branch:
    """Read the hour branch (占時): "午" or "午時" (not a 月將 form such as "午將" or "勝光")."""
    return _lookup(value, HOUR_LOOKUP, "an hour branch", HOUR_ACCEPTED)


def parse_month_general(value: object) -> Branch:
    """Read the month general (月將): "亥", "亥將" or its spirit name "登明" (not "亥時")."""
    return _lookup(value, MONTH_GENERAL_LOOKUP, "a month general", MONTH_GENERAL_ACCEPTED)


def parse_month(value: object) -> Branch:
    """Read the month branch (月建): "寅" or "寅月" (not "寅時")."""
    return _lookup(value, MONTH_LOOKUP, "a month branch", MONTH_ACCEPTED)


def parse_year(value: object) -> Branch:
    """Read the year branch (太歲): "午" or "午年"."""
    return _lookup(value, YEAR_LOOKUP, "a year branch", YEAR_ACCEPTED)


def parse_stem(value: object) -> Stem:
    """Read a heavenly stem ("甲")."""
    accepted = "accepted: one of the 10 stems 甲乙丙丁戊己庚辛壬癸"
    text = _require_str(value, "a stem", accepted)
    try:
        return STEM_LOOKUP[text]
    except KeyError:
        raise ParseError(f"{quote(value)} is not a heavenly stem; {accepted}") from None


def parse_pillar(value: object) -> GanZhi:
    """Read one of the sixty pillars ("丙申" or "丙申日")."""
    accepted = "accepted: one of the 60 pillars, a stem and a branch of the same yin-yang, e.g. 甲子, 乙丑, 丙申"
    text = _require_str(value, "a day pillar", accepted)
    if text.endswith("日"):
        text = text[:-1]
    pillar = PILLAR_LOOKUP.get(text)
    if pillar is not None:
        return pillar
    if len(text) == 2 and text[0] in STEM_LOOKUP and text[1] in BRANCH_LOOKUP:
        raise ParseError(
            f"{quote(value)} is not one of the 60 pillars: {text[0]} is "
            f"{'yang' if STEM_LOOKUP[text[0]].yang else 'yin'} and {text[1]} is "
            f"{'yang' if BRANCH_LOOKUP[text[1]].yang else 'yin'}; {accepted}"
        )
    raise ParseError(f"{quote(value)} is not a day pillar; {accepted}")


def parse_general_name(value: object) -> General:
    """Read a heavenly general by full name or abbreviation (貴 蛇 螣 朱 合 六 勾 龍 青 空 虎 白 常 玄 元 陰 后)."""
    accepted = "accepted: a general's name (貴人 螣蛇 朱雀 六合 勾陳 青龍 天空 白虎 太常 玄武 太陰 天后) or abbreviation (貴 蛇 朱 合 勾 龍 空 虎 常 玄 陰 后)"
    text = _require_str(value, "a general", accepted)
    general = GENERAL_LOOKUP.get(text)
    if general is None:
        raise ParseError(f"{quote(value)} is not one of the twelve generals; {accepted}")
    return general
