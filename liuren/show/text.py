"""The text layout of a chart, as the classical books print a 課盤.

Three blocks: the three transmissions (六親, 遁干, branch, general), the four lessons read right
to left (generals, uppers, lowers ending in the day stem), and the heaven plate written on the
fixed earth ring with 巳 in the top-left corner, clockwise.

>>> from liuren import Chart
>>> print(plate_rows(Chart("丙申", "午", "亥"))[0])
戌亥子丑
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cycle import BRANCHES
from ..school import NOBLE_LABEL

if TYPE_CHECKING:
    from ..chart import Chart, PlateNianMing
    from ..nianming import NianMing
    from ..plate import Plate

BLANK = "　"
KIN_SHORT = {"父母": "父", "兄弟": "兄", "子孫": "子", "妻財": "財", "官鬼": "官"}
"""六親 abbreviations as the books print them."""
RING = ((5, 6, 7, 8), (4, None, None, 9), (3, None, None, 10), (2, 1, 0, 11))
"""Earth squares of the 4×4 ring by row: 巳午未申 / 辰‥酉 / 卯‥戌 / 寅丑子亥."""
STAGES = ("初傳", "中傳", "末傳")
LESSON_NUMBERS = ("第一課", "第二課", "第三課", "第四課")
BRANCH_SET = frozenset(BRANCHES)
KIND_MARK = {"上克下": "克", "下賊上": "賊", "": ""}


# ---------------------------------------------------------------- text layout
def transmission_lines(chart: Chart) -> list[str]:
    """One line per transmission: 六親 abbreviation, 遁干, branch, general abbreviation, ◎ if void."""
    return [
        f"{KIN_SHORT[t.relation]}{t.stem or BLANK}{t.branch}{t.general.short}{'◎' if t.void else BLANK}".rstrip(BLANK)
        for t in chart.transmissions
    ]


def lesson_rows(chart: Chart) -> list[str]:
    """Generals, uppers and lowers of the four lessons, lesson 1 on the right."""
    lessons = chart.lessons[::-1]
    return [
        "".join(x.general.short for x in lessons),
        "".join(x.upper for x in lessons),
        "".join(x.lower for x in lessons),
    ]


def plate_rows(chart: Chart | Plate) -> list[str]:
    """The heaven branches on the 4×4 earth ring (巳 top-left, clockwise)."""
    d = chart.offset
    return ["".join(BLANK if p is None else BRANCHES[(p + d) % 12] for p in row) for row in RING]


def pattern_names(chart: Chart) -> list[str]:
    """Names of the chart's named patterns (格局; the lesson type 課體 is ``chart.lesson_type``), in the chart's order."""
    return [str(getattr(p, "name", p)) for p in getattr(chart, "patterns", ())]


def nianming_line(chart: Chart) -> str | None:
    """The person's 年命 with the heaven branch over each (年命上神), or None without one:
    ``本命 午 上戌 · 行年 寅 上午``."""
    nm = getattr(chart, "nianming", None)
    if nm is None:
        return None
    return f"本命 {nm.benming} 上{nm.benming_upper} · 行年 {nm.xingnian} 上{nm.xingnian_upper}"


def chart_text(chart: Chart) -> str:
    """The traditional three-block text layout under one heading line with the inputs and the
    method (and a second line with the 年命 when the chart has one; the named patterns are in the
    HTML caption and ``chart.explain()``)."""
    head = [
        f"{chart.day}日 {chart.hour}時 {chart.general}將 {NOBLE_LABEL[chart.noble]}貴 · {chart.method} {chart.lesson_type}"
    ]
    fate = nianming_line(chart)
    if fate:
        head.append(fate)
    blocks = [head, transmission_lines(chart), lesson_rows(chart), plate_rows(chart)]
    return "\n\n".join("\n".join(block) for block in blocks)


def nianming_text(nm: NianMing | PlateNianMing, lang: str) -> str:
    """A 年命 in words of ``lang``: the 本命 and 行年 with the age and sex (a :class:`liuren.NianMing`), or
    with the heaven branch over each (a chart's :class:`liuren.chart.PlateNianMing`).

    >>> from liuren import nianming
    >>> nianming_text(nianming(1990, "男", 2026), "en")
    'natal year (本命) 庚午, year of age (行年) 壬寅 (male, aged 37 counted from 1 at birth)'
    >>> nianming_text(nianming(1990, "女", 2026), "zh")
    '本命庚午，行年丙申（女，虛歲三十七）'
    """
    from ..chart import PlateNianMing
    from .i18n import check_lang, render, say
    from .words.nianming import NIANMING

    lang = check_lang(lang)
    if isinstance(nm, PlateNianMing):
        return render(say(NIANMING, lang, "plate", **{k: str(v) for k, v in nm.to_dict().items()}), lang)
    sex = NIANMING[lang][nm.sex]
    return render(say(NIANMING, lang, "person", benming=nm.benming, xingnian=nm.xingnian, sex=sex, age=nm.age), lang)
