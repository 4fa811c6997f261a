"""Reference cards: the small tables a learner keeps beside a chart cast by hand.

Every value on a card is read from the engine's own tables and functions (:mod:`liuren.cycle`,
:mod:`liuren.generals`, :mod:`liuren.school`, :mod:`liuren.patterns.shensha`, :mod:`liuren.almanac`),
never typed again here, so a card says exactly what the charts use; the cards that depend on a
convention (the noble table, 長生/墓, 旺相休囚死, the 月將 switch) follow the school given and name it.

:func:`card` returns a :class:`Card`, which shows itself as HTML on the card's paper (every text run
sets its ink) and as text. The names (:data:`CARD_NAMES`):

- ``"noble"``: 天乙貴人, tables A and B (晝 and 夜 branch for each stem), the verse of A in full and the
  animals it names, B's 晝 nobles by animal, 順/逆;
- ``"yuejiang"``: the twelve 月將 with their spirit names and the 中氣 (or 節) that starts each;
- ``"jigong"``: 寄宮, the square each stem lodges in;
- ``"void"``: 旬空, the six 旬 and their two void branches;
- ``"changsheng"``: 十二長生 and the 日墓 of each stem, the 土 convention named;
- ``"wangxiang"``: 旺相休囚死 of the five elements in each month, 土旺 named as a convention;
- ``"monthly"``: 死神, 死氣 and 生氣 by month, with how far each stands from the month branch;
- ``"jieqi"``: the 24 solar terms of one year (``year=``) with the instant of each to the minute on the
  clock of a zone (``zone=``, default Asia/Seoul), the 月建 each 節 opens and the 月將 each 中氣 (or, by
  the school's ``yuejiang_switch``, each 節) brings, and how a term's date moves from year to year.

>>> c = card("void", lang="zh")
>>> c.rows[0]
('甲子', '戌亥')
>>> print(card("jigong", lang="en").text().splitlines()[0])
Lodging squares (寄宮)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, tzinfo
from html import escape

from ..almanac import TERM_NAMES, general_of_term, month_of_term, resolve_zone, term_instant
from ..cycle import BRANCH_ANIMALS, BRANCHES, ELEMENT_CHARS, PILLARS, SPIRIT_NAMES, STEMS, pillar_index
from ..errors import ParseError, quote
from ..generals import FORWARD_SQUARES, noble_branch
from ..lang import REGISTRY, accepted, language
from ..patterns.shensha import STAGES, death_qi, death_spirit, element_state, life_qi, stage, tomb_of_stem
from ..school import DAY_NIGHT_RULES, School, resolve_school
from .html import COLORS, paper_box
from .i18n import agree
from .labels import label
from .words.cards import CARDS

MONTHS = tuple(BRANCHES[(2 + k) % 12] for k in range(12))
"""The month branches (月建) from the first month: 寅 (正月) … 丑 (十二月)."""
XUN_HEADS = tuple(PILLARS[pillar_index(0, b)] for b in (0, 10, 8, 6, 4, 2))
"""The six 旬首 in the order of the sixty: 甲子 甲戌 甲申 甲午 甲辰 甲寅."""
NOBLE_CARD_TABLES = ("A", "B")
"""The noble tables the card sets side by side (the school's own is named in its note)."""
NOBLE_VERSE_A = "甲戊庚牛羊，乙己鼠猴鄉，丙丁豬雞位，壬癸兔蛇藏，六辛逢馬虎，此是貴人方"
"""The noble verse of table A (貴人歌) as it is handed down: each clause names stems, then the animals
of their two noble branches (:data:`liuren.cycle.BRANCH_ANIMALS`); :func:`verse_pairs` reads it and the
card's test holds it to the table."""


def verse_pairs(verse: str = NOBLE_VERSE_A) -> dict[str, str]:
    """The two animals the verse gives each stem, in the verse's order ("六辛" is 辛).

    >>> verse_pairs()["壬"], verse_pairs()["辛"]
    ('兔蛇', '馬虎')
    """
    stems = "".join(str(s) for s in STEMS)
    out: dict[str, str] = {}
    for clause in verse.split("，"):
        named = [c for c in clause if c in stems]
        animals = "".join(c for c in clause if c in BRANCH_ANIMALS)
        out.update(dict.fromkeys(named, animals))
    return out


@dataclass(frozen=True)
class Card:
    """One reference card: a title, column heads, rows of values (str) and notes, in one language."""

    name: str
    lang: str
    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...]

    def text(self) -> str:
        """The card as plain text: title, the table in columns separated by two spaces, the notes."""
        lines = [self.title, "  ".join(self.header)]
        lines += ["  ".join(row) for row in self.rows]
        lines += list(self.notes)
        return "\n".join(lines)

    def html(self) -> str:
        """The card as HTML on its paper, every element that holds text setting its own ink."""
        ink, muted, line, paper = COLORS["ink"], COLORS["muted"], COLORS["line"], COLORS["paper"]
        # every cell sets its own paper: JupyterLab stripes table rows with the theme's colours (near-black in
        # the dark theme), which would otherwise show through under the card's ink
        cell = f"border:1px solid {line};padding:2px 8px;text-align:center;background:{paper}"
        head = "".join(f'<th style="{cell};color:{muted};font-weight:normal">{escape(h)}</th>' for h in self.header)
        body = "".join(
            f'<tr style="background:{paper}">'
            + "".join(f'<td style="{cell};color:{ink}">{escape(v)}</td>' for v in row)
            + "</tr>"
            for row in self.rows
        )
        notes = "".join(f'<p style="color:{muted};margin:4px 0;font-size:13px">{escape(n)}</p>' for n in self.notes)
        return paper_box(
            f'<p style="color:{ink};font-weight:bold;margin:4px 0">{escape(self.title)}</p>'
            f'<table style="border-collapse:collapse;color:{ink};background:{paper}">'
            f'<tr style="background:{paper}">{head}</tr>{body}</table>{notes}'
        )

    def _repr_html_(self) -> str:
        return self.html()

    def __str__(self) -> str:
        return self.text()

    def _repr_pretty_(self, p: object, cycle: bool) -> None:
        p.text(self.text())  # type: ignore[attr-defined]


def _words(lang: str, key: str, **values: object) -> str:
    return agree(CARDS[lang][key].format(**values))


def _noble(lang: str, school: School) -> Card:
    when = ("晝", "夜")
    header = (
        _words(lang, "noble.stem"),
        *(_words(lang, "noble.head", table=t, when=w) for t in NOBLE_CARD_TABLES for w in when),
    )
    rows = tuple(
        (
            str(s),
            *(
                str(BRANCHES[noble_branch(s.ordinal, day, school.replace(noble_table=t))])
                for t in NOBLE_CARD_TABLES
                for day in (True, False)
            ),
        )
        for s in STEMS
    )
    hours = DAY_NIGHT_RULES[school.day_night]
    rule = (
        _words(lang, "noble.sun")
        if hours is None
        else _words(lang, "noble.day", hours="".join(str(b) for b in BRANCHES if b.ordinal in hours))
    )
    forward = "".join(str(BRANCHES[(11 + k) % 12]) for k in range(12) if (11 + k) % 12 in FORWARD_SQUARES)
    backward = "".join(str(b) for b in BRANCHES if b.ordinal not in FORWARD_SQUARES)
    animal = {str(b): BRANCH_ANIMALS[b.ordinal] for b in BRANCHES}
    pairs = verse_pairs()
    late = [s for s, row in zip(STEMS, rows, strict=True) if pairs[str(s)][0] != animal[row[1]]]
    order = (
        _words(lang, "noble.order", stems="".join(str(s) for s in late)) if late else _words(lang, "noble.order_all")
    )
    b_day = " ".join(f"{row[0]}{animal[row[3]]}" for row in rows)
    notes = (
        _words(lang, "noble.verse", verse=NOBLE_VERSE_A, order=order),
        _words(lang, "noble.verse_b", day=b_day),
        _words(lang, "noble.animals", animals=" ".join(f"{b}{animal[str(b)]}" for b in BRANCHES)),
        _words(lang, "noble.school", table=school.noble_table, rule=rule),
        _words(lang, "noble.direction", forward=forward, backward=backward),
    )
    return Card("noble", lang, _words(lang, "noble.title"), header, rows, notes)


def _yuejiang(lang: str, school: School) -> Card:
    switch = school.yuejiang_switch
    # zhongqi: the even term numbers from 雨水 (4); jie: the odd ones from 立春 (3)
    first = 4 if switch == "zhongqi" else 3
    terms = tuple((first + 2 * k) % 24 for k in range(12))
    header = (_words(lang, f"yuejiang.{switch}"), _words(lang, "yuejiang.general"), _words(lang, "yuejiang.spirit"))
    rows = tuple(
        (TERM_NAMES[t], str(general_of_term(t, switch)), SPIRIT_NAMES[general_of_term(t, switch).ordinal])
        for t in terms
    )
    notes = (_words(lang, "yuejiang.note", term=_words(lang, f"yuejiang.{switch}")),)
    return Card("yuejiang", lang, _words(lang, "yuejiang.title"), header, rows, notes)


def _jigong(lang: str, school: School) -> Card:
    header = (_words(lang, "jigong.stem"), _words(lang, "jigong.lodging"))
    rows = tuple((str(s), str(s.lodging)) for s in STEMS)
    return Card("jigong", lang, _words(lang, "jigong.title"), header, rows, (_words(lang, "jigong.note"),))


def _void(lang: str, school: School) -> Card:
    header = (_words(lang, "void.xun"), _words(lang, "void.void"))
    rows = tuple((str(x), "".join(x.void)) for x in XUN_HEADS)
    return Card("void", lang, _words(lang, "void.title"), header, rows, (_words(lang, "void.note"),))


def _changsheng(lang: str, school: School) -> Card:
    header = (_words(lang, "changsheng.stem"), *STAGES, _words(lang, "changsheng.tomb"))
    rows = tuple(
        (
            str(s),
            *(next(str(b) for b in BRANCHES if stage(s.ordinal, b.ordinal, school) == name) for name in STAGES),
            str(BRANCHES[tomb_of_stem(s.ordinal, school)]),
        )
        for s in STEMS
    )
    rule = _words(lang, "changsheng.element" if school.changsheng == "element" else "changsheng.stem_rule")
    notes: tuple[str, ...] = (
        _words(lang, "changsheng.note", changsheng=rule, tomb=_words(lang, f"tomb.{school.tomb}")),
    )
    wu = rows[STEMS.index("戊")]
    if wu[1 + STAGES.index("墓")] != wu[-1]:
        notes += (_words(lang, "changsheng.tomb_differs", stage=wu[1 + STAGES.index("墓")], tomb=wu[-1]),)
    return Card("changsheng", lang, _words(lang, "changsheng.title"), header, rows, notes)


def _wangxiang(lang: str, school: School) -> Card:
    header = (_words(lang, "wangxiang.month"), *ELEMENT_CHARS)
    rows = tuple((str(m), *(element_state(e, m.ordinal, school) for e in range(5))) for m in MONTHS)
    rule = _words(lang, "wangxiang.by_month" if school.wangxiang == "month" else "wangxiang.by_season")
    return Card(
        "wangxiang", lang, _words(lang, "wangxiang.title"), header, rows, (_words(lang, "wangxiang.note", rule=rule),)
    )


MONTHLY: tuple[tuple[str, Callable[[int], int]], ...] = (("死神", death_spirit), ("死氣", death_qi), ("生氣", life_qi))
"""The monthly 神煞 of the card, each with the function that gives its branch for a month branch."""


def monthly_steps() -> tuple[int, int, int]:
    """How far 死神 and 死氣 stand forward of the month branch and 生氣 behind it, read off the
    functions (the same for every month).

    >>> monthly_steps()
    (3, 4, 2)
    """
    steps = [{(f(m) - m) % 12 for m in range(12)} for _, f in MONTHLY]
    assert all(len(x) == 1 for x in steps), "a monthly spirit that does not move with the month"
    death_spirit, death_qi, life_qi = (x.pop() for x in steps)
    return death_spirit, death_qi, 12 - life_qi


def _monthly(lang: str, school: School) -> Card:
    header = (_words(lang, "monthly.month"), *(label(name, lang) for name, _ in MONTHLY))
    rows = tuple((str(m), *(str(BRANCHES[f(m.ordinal)]) for _, f in MONTHLY)) for m in MONTHS)
    ds, dq, lq = (language(lang).number(n) for n in monthly_steps())
    first = " ".join(f"{name} {b}" for (name, _), b in zip(MONTHLY, rows[0][1:], strict=True))
    rule = _words(lang, "monthly.rule", death_spirit=ds, death_qi=dq, life_qi=lq, first=first)
    return Card("monthly", lang, _words(lang, "monthly.title"), header, rows, (_words(lang, "monthly.note"), rule))


JIEQI_ZONE = "Asia/Seoul"
"""The clock the 節氣 card writes its instants on unless told another zone."""
JIEQI_YEARS = (1900, 2100)
"""The years the 節氣 card accepts: those whose 24 terms all fall in the almanac's supported range."""
NO_CHANGE = "—"
"""A 節氣 card cell where that term changes nothing (a 中氣 opens no month, a 節 moves no 月將 by 中氣)."""


def _card_year(year: object, zone: tzinfo) -> int:
    if year is None:
        return datetime.now(zone).year
    low, high = JIEQI_YEARS
    if isinstance(year, bool) or not isinstance(year, int) or not low <= year <= high:
        raise ParseError(f"year={quote(year)} is not a year the card can give; accepted: an integer {low}–{high}")
    return year


def _card_zone(zone: object) -> tzinfo:
    if zone is None or isinstance(zone, str):
        return resolve_zone(JIEQI_ZONE if zone is None else zone)
    if isinstance(zone, tzinfo):
        return zone
    raise ParseError(f"zone={quote(zone)} is not a timezone; accepted: an IANA name such as 'Asia/Seoul' or a tzinfo")


def _minute(number: int, zone: tzinfo) -> datetime:
    """The instant of solar term ``number`` on the clock of ``zone``, its seconds dropped (the term falls
    within that minute)."""
    return datetime.fromtimestamp(term_instant(number), zone).replace(second=0, microsecond=0)


def _jieqi(lang: str, school: School, year: object = None, zone: object = None) -> Card:
    where = _card_zone(zone)
    y = _card_year(year, where)
    switch = school.yuejiang_switch
    name = getattr(where, "key", None) or str(where)
    header = tuple(_words(lang, f"jieqi.{k}", zone=name) for k in ("term", "kind", "time", "month", "general"))
    rows = []
    # the terms of the calendar year: 小寒 (24·year + 1) … 冬至 (24·(year + 1)), numbered as the almanac does
    for number in range(24 * y + 1, 24 * y + 25):
        jie = number % 2 == 1
        moves_general = jie == (switch == "jie")
        rows.append(
            (
                TERM_NAMES[number % 24],
                _words(lang, "jieqi.jie" if jie else "jieqi.zhongqi"),
                language(lang).when(_minute(number, where), in_year=True),
                str(month_of_term(number)) if jie else NO_CHANGE,
                str(general_of_term(number, switch)) if moves_general else NO_CHANGE,
            )
        )
    lichun = TERM_NAMES.index("立春")
    before, now = (_minute(24 * k + lichun, where) for k in (y - 1, y))
    notes = (
        _words(lang, "jieqi.clock", zone=name),
        _words(lang, "jieqi.change", term=_words(lang, f"yuejiang.{switch}")),
        _words(lang, "jieqi.shift", before=language(lang).when(before), now=language(lang).when(now)),
    )
    return Card("jieqi", lang, _words(lang, "jieqi.title", year=y), header, tuple(rows), notes)


BUILDERS: dict[str, Callable[[str, School], Card]] = {
    "noble": _noble,
    "yuejiang": _yuejiang,
    "jigong": _jigong,
    "void": _void,
    "changsheng": _changsheng,
    "wangxiang": _wangxiang,
    "monthly": _monthly,
    "jieqi": _jieqi,
}
CARD_NAMES = tuple(BUILDERS)
"""The names :func:`card` accepts, in the order a learner meets them."""


def card(
    name: str,
    lang: str = "ko",
    school: School | str | None = None,
    *,
    year: int | None = None,
    zone: str | tzinfo | None = None,
) -> Card:
    """The reference card ``name`` (one of :data:`CARD_NAMES`) in ``lang`` ("zh", "ko", "en"), its
    convention-dependent values by ``school`` (a School, a preset name, or None for the default).

    ``year`` and ``zone`` are for the ``"jieqi"`` card only: the year (1900–2100; None is this year on
    that clock) and the timezone whose clock the instants are written on (an IANA name or a tzinfo;
    None is Asia/Seoul).

    >>> card("monthly", "zh").rows[0]
    ('寅', '巳', '午', '子')
    >>> card("jieqi", "zh", year=2026).rows[2]
    ('立春', '節', '02-04 05:02', '寅', '—')
    """
    if name not in BUILDERS:
        raise ParseError(f"card {quote(name)} is not known; accepted: {', '.join(CARD_NAMES)}")
    if not isinstance(lang, str) or lang not in REGISTRY:
        raise ParseError(f"lang={quote(lang)} is not known; accepted: {accepted(quoted=False)}")
    if name == "jieqi":
        return _jieqi(lang, resolve_school(school), year, zone)
    if year is not None or zone is not None:
        raise ParseError(f"year= and zone= are for the jieqi card only, not for card {quote(name)}")
    return BUILDERS[name](lang, resolve_school(school))


__all__ = ["CARD_NAMES", "JIEQI_ZONE", "NOBLE_VERSE_A", "Card", "card", "monthly_steps", "verse_pairs"]
