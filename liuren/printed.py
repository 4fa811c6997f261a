"""Reading a printed 課盤: the one-line form the chapters print, and the form ``str(chart)`` prints.

The chapters print a chart as one line of characters (spaces between groups are optional)::

    父卯常 才申六 子丑陰 龍 陰 常 蛇 午 丑 卯 戌 丑 申 戌 丙 戌亥子丑 酉 寅 申 卯 未午巳辰

three transmissions (each: 六親 abbreviation, branch, general abbreviation), then the four lessons as
three rows read right to left (generals, uppers, lowers; the lower row's rightmost cell is the day
stem), then, optionally, the plate as a 4×4 ring from 巳 at the top left, clockwise (巳午未申 across the
top, 酉戌 down the right, 亥子丑寅 right to left along the bottom, 卯辰 up the left). ``str(chart)``
prints the same cells on lines, with a header line (day, hour, general, noble, method and lesson type),
for a chart with a 年命 a second line (``本命 午 上子 · 行年 子 上午``: each branch and the heaven branch
over it), and each transmission's 遁干 between its 六親 and its branch.

>>> p = parse_printed("父卯常 才申六 子丑陰 龍 陰 常 蛇 午 丑 卯 戌 丑 申 戌 丙 戌亥子丑 酉 寅 申 卯 未午巳辰")
>>> p.day, p.offset, p.transmissions, p.lesson_uppers, p.lesson_generals
('丙申', 5, '卯申丑', '戌卯丑午', '蛇常陰龍')

:func:`parse_printed` checks the form only: a printed chart may carry a slip (a misprinted cell), which
:func:`liuren.identify` finds and names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cycle import BRANCH_CHARS, JIGONG, STEM_CHARS
from .errors import ParseError, quote

GENERAL_ABBREVIATIONS = {
    **{c: c for c in "貴蛇朱合勾龍空虎常玄陰后"},
    **{"螣": "蛇", "六": "合", "青": "龍", "白": "虎", "元": "玄"},
}
"""A general as the chapters abbreviate it → the engine's one-character name (貴 蛇/螣 朱 合/六 勾 龍/青
空 虎/白 常 玄/元 陰 后)."""
KIN_ABBREVIATIONS = {"父": "父", "兄": "兄", "子": "子", "財": "財", "才": "財", "官": "官", "殺": "官", "鬼": "官"}
"""六親 abbreviations → the first character of the engine's name (父母 兄弟 子孫 妻財 官鬼)."""
_BLANKS = re.compile(r"[\s\u3000·◎]+")
"""What lies between cells: blanks, the 中點, and the ◎ that ``str(chart)`` prints after a void transmission."""
_HEADER = re.compile(r"^(?P<day>\S{2})日\s+(?P<hour>\S)時\s+(?P<general>\S)將(?:\s+(?P<noble>[晝夜])貴)?(?P<rest>.*)$")
_NIANMING = re.compile(
    r"^本命\s*(?P<benming>\S)\s*上\s*(?P<benming_upper>\S)\s*·?\s*行年\s*(?P<xingnian>\S)\s*上\s*(?P<xingnian_upper>\S)$"
)
"""The 年命 line of ``str(chart)``: 「本命 午 上子 · 行年 子 上午」."""
_NIANMING_FORM = "「本命 午 上子 · 行年 子 上午」 (本命 and 行年, each a branch and the heaven branch over it)"
_RING = (5, 6, 7, 8, 4, 9, 3, 10, 2, 1, 0, 11)
"""The earth square of each plate cell in reading order: 巳午未申 / 辰 酉 / 卯 戌 / 寅丑子亥."""
_CONTEXT = 12
"""How many characters of the line a ParseError quotes around the place it failed."""


@dataclass(frozen=True, slots=True)
class PrintedChart:
    """The cells a printed 課盤 gives, as printed (general and 六親 abbreviations normalised).

    ``day`` is the pillar (the day stem and the lower of lesson 3, the day branch), ``offset`` the plate
    offset (月將 − 占時) that the printed plate gives, or lesson 1 when no plate is printed;
    ``transmissions`` the three branches, ``transmission_generals`` their generals, ``kin`` their 六親 (one
    character each: 父 兄 子 財 官, or what is printed if it is none of these); ``lesson_uppers`` (lessons
    1→4), ``lesson_lowers`` (lesson 1's is the stem), ``lesson_generals``; ``plate`` the heaven branch over
    each earth square 子…亥, or "" when no plate is printed; ``hour``, ``general``, ``noble`` ("day" or
    "night"), ``method`` and ``lesson_type`` from the header line of ``str(chart)``, or "" when not given;
    ``benming`` and ``xingnian`` the 本命 and 行年 branches from its 年命 line, or "" when there is none
    (the heaven branch printed over each is checked against the plate, not kept: the plate gives it).
    """

    day: str
    offset: int
    transmissions: str
    transmission_generals: str
    kin: str
    lesson_uppers: str
    lesson_lowers: str
    lesson_generals: str
    plate: str = ""
    hour: str = ""
    general: str = ""
    noble: str = ""
    method: str = ""
    lesson_type: str = ""
    benming: str = ""
    xingnian: str = ""

    @property
    def stem(self) -> str:
        """The day stem (the rightmost cell of the lower row)."""
        return self.day[0]


class _Reader:
    """Reads the cells one character at a time, saying where it failed and what it expected there."""

    def __init__(self, text: str, original: str) -> None:
        self.text, self.original, self.at = text, original, 0

    def fail(self, expected: str) -> ParseError:
        shown = self.text[max(0, self.at - _CONTEXT) : self.at]
        after = self.text[self.at : self.at + _CONTEXT]
        found = quote(self.text[self.at]) if self.at < len(self.text) else "the end of the chart"
        return ParseError(
            f"printed chart {quote(self.original, 40)}: at character {self.at + 1} ({quote(shown, 20)} ▸ "
            f"{quote(after, 20)}) expected {expected}, found {found}"
        )

    def take(self, allowed: str | dict[str, str], expected: str) -> str:
        if self.at >= len(self.text) or self.text[self.at] not in allowed:
            raise self.fail(expected)
        char = self.text[self.at]
        self.at += 1
        return allowed[char] if isinstance(allowed, dict) else char

    def any(self, expected: str) -> str:
        if self.at >= len(self.text):
            raise self.fail(expected)
        self.at += 1
        return self.text[self.at - 1]


def parse_printed(text: object) -> PrintedChart:
    """The cells of a printed 課盤 (one line as the chapters print it, or what ``str(chart)`` prints).

    Raises :class:`~liuren.ParseError` quoting where the line stops making sense and what was expected
    there: a 六親, a branch, a general abbreviation, a stem, the plate, or the end."""
    if not isinstance(text, str):
        raise ParseError(f"a printed chart must be a str, got {quote(text)} ({type(text).__name__})")
    if len(text) > 1000:
        raise ParseError(f"printed chart {quote(text, 40)} is too long ({len(text)} characters; a chart is under 200)")
    header: dict[str, str] = {}
    body = text.strip()
    first, _, remainder = body.partition("\n")
    match = _HEADER.match(first.strip())
    if match:
        header = _read_header(match, first)
        body = remainder
    fate: dict[str, str] = {}
    first, _, remainder = body.strip().partition("\n")
    if first.strip().startswith("本命"):
        fate = _read_nianming(first.strip(), text)
        body = remainder
    cells = _BLANKS.sub("", body)
    r = _Reader(cells, text)
    kin, stems, branches, generals = [], [], [], []
    for _ in range(3):
        kin.append(_kin(r.any("a 六親 abbreviation (父 兄 子 財/才 官/殺/鬼)")))
        if r.at < len(cells) and cells[r.at] in STEM_CHARS:
            stems.append(r.take(STEM_CHARS, "a 遁干"))
        branches.append(r.take(BRANCH_CHARS, "a transmission's branch"))
        generals.append(r.take(GENERAL_ABBREVIATIONS, "a general abbreviation (貴 蛇 朱 合 勾 龍 空 虎 常 玄 陰 后)"))
    lesson_generals = [r.take(GENERAL_ABBREVIATIONS, "a lesson's general abbreviation") for _ in range(4)]
    uppers = [r.take(BRANCH_CHARS, "a lesson's upper branch") for _ in range(4)]
    lowers = [r.take(BRANCH_CHARS, "a lesson's lower branch") for _ in range(3)]
    stem = r.take(STEM_CHARS, "the day stem (the rightmost cell of the lower row)")
    ring = ""
    if r.at < len(cells):
        ring = "".join(r.take(BRANCH_CHARS, "a branch of the plate (12 cells from 巳 clockwise)") for _ in range(12))
    if r.at < len(cells):
        raise r.fail("the end of the chart (3 transmissions, 3 rows of 4 lesson cells, a 12-cell plate)")
    day = stem + lowers[1]  # the lowers read right to left: stem, lesson 2, lesson 3 (the day branch), lesson 4
    if (STEM_CHARS.index(stem) - BRANCH_CHARS.index(day[1])) % 2:
        raise ParseError(
            f"printed chart {quote(text, 40)}: the day stem {stem} and the day branch {day[1]} (the lower of "
            "lesson 3) are not of one yin-yang, so they are no day pillar"
        )
    if header and header["day"] != day:
        raise ParseError(
            f"printed chart {quote(text, 40)}: the header says {header['day']}日 but the lessons are those of {day}日"
        )
    header.pop("day", None)
    plate = _plate(ring, text) if ring else ""
    upper1 = uppers[3]
    offset = (
        (BRANCH_CHARS.index(plate[0]) % 12)
        if plate
        else (BRANCH_CHARS.index(upper1) - JIGONG[STEM_CHARS.index(stem)]) % 12
    )
    for name, label in (("benming", "本命"), ("xingnian", "行年")):
        if name in fate:
            shown, over = fate.pop(f"{name}_upper"), BRANCH_CHARS[(BRANCH_CHARS.index(fate[name]) + offset) % 12]
            if shown != over:
                raise ParseError(
                    f"printed chart {quote(text, 40)}: the 年命 line puts {shown} over the {label} {fate[name]}, "
                    f"but on this plate {over} stands over it"
                )
    return PrintedChart(
        day=day,
        offset=offset,
        transmissions="".join(branches),
        transmission_generals="".join(generals),
        kin="".join(kin),
        lesson_uppers="".join(reversed(uppers)),
        lesson_lowers=stem + "".join(reversed(lowers)),
        lesson_generals="".join(reversed(lesson_generals)),
        plate=plate,
        **header,
        **fate,
    )


def _kin(char: str) -> str:
    return KIN_ABBREVIATIONS.get(char, char)


def _plate(ring: str, text: str) -> str:
    """The heaven branch over each earth square 子…亥, checked to be the earth plate turned."""
    over = [""] * 12
    for square, char in zip(_RING, ring, strict=True):
        over[square] = char
    offset = BRANCH_CHARS.index(over[0])
    if any(BRANCH_CHARS.index(over[s]) != (s + offset) % 12 for s in range(12)):
        raise ParseError(
            f"printed chart {quote(text, 40)}: the plate {quote(ring)} is not the earth plate turned "
            "(the 12 heaven branches must follow each other clockwise from 巳 at the top left)"
        )
    return "".join(over)


def _read_nianming(line: str, text: str) -> dict[str, str]:
    """The 年命 line of ``str(chart)``: 「本命 午 上子 · 行年 子 上午」."""
    match = _NIANMING.match(line)
    if match is None or any(match[name] not in BRANCH_CHARS for name in _NIANMING.groupindex):
        raise ParseError(f"printed chart {quote(text, 40)}: the 年命 line {quote(line, 40)} is not {_NIANMING_FORM}")
    return {name: match[name] for name in _NIANMING.groupindex}


def _read_header(match: re.Match[str], line: str) -> dict[str, str]:
    """The header line of ``str(chart)``: 「丙申日 午時 亥將 晝貴 · 賊克 元首」."""
    day, hour, general = match["day"], match["hour"], match["general"]
    if (
        day[0] not in STEM_CHARS
        or day[1] not in BRANCH_CHARS
        or hour not in BRANCH_CHARS
        or general not in BRANCH_CHARS
    ):
        raise ParseError(
            f"printed chart header {quote(line, 40)}: expected 「丙申日 午時 亥將 晝貴 · 賊克 元首」 "
            "(a day pillar, an hour branch, a general branch)"
        )
    rest = match["rest"].replace("·", " ").split()
    return {
        "day": day,
        "hour": hour,
        "general": general,
        "noble": {"晝": "day", "夜": "night"}.get(match["noble"] or "", ""),
        "method": rest[0] if len(rest) >= 1 else "",
        "lesson_type": rest[1] if len(rest) >= 2 else "",
    }
