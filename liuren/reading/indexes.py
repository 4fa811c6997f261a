"""The attributes the generated walk (:mod:`liuren.reading.generated`) reads as one small integer, an index
into what the attribute's reader shows there, listed once when the data loads: a test of one of them is then
decided by the index alone, against the set of indexes where it holds, without calling the reader. The
shown values come from the readers' own code (:mod:`liuren.reading.readers`), and
``tests/test_reading_compiled.py`` checks each index against the reader on a sample of charts.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cycle import (
    BRANCH_CHARS,
    BRANCH_ELEMENT,
    ELEMENT_CHARS,
    GENERAL_ELEMENT,
    GENERAL_NAMES,
    KIN,
    PILLARS,
    STEM_CHARS,
)
from ..patterns.shensha import ruled_state
from ..patterns.view import GOOD_GENERALS
from ..school import NOBLE_LABEL
from .readers import (
    example_key,
    gan_zhi,
    generals_in,
    jiaohu,
    pillar,
    plate,
    relation,
    sanhe,
    sequence,
    stem_kind,
    trans_yinyang,
    upper_ke,
    xinghai,
)


def _lessons_at(i: int) -> tuple[str, ...]:
    """The lessons (1–4) whose upper is the branch, from the index that has bit n for lesson n + 1."""
    return tuple(str(n + 1) for n in range(4) if i >> n & 1)


INDEXED: dict[str, tuple[str, Callable[[int], tuple[str, ...]], int]] = {
    "branch": ("{p}", lambda i: (BRANCH_CHARS[i],), 12),
    "earth": ("({p} - off) % 12", lambda i: (BRANCH_CHARS[i],), 12),
    "element": ("{p}", lambda i: (ELEMENT_CHARS[BRANCH_ELEMENT[i]],), 12),
    "general": ("gen[{p}]", lambda i: (GENERAL_NAMES[i],), 12),
    "general_kind": ("gen[{p}]", lambda i: ("吉將" if i in GOOD_GENERALS else "凶將",), 12),
    "general_element": ("gen[{p}]", lambda i: (ELEMENT_CHARS[GENERAL_ELEMENT[i]],), 12),
    "general_to_stem": ("gen[{p}] * 5 + se", lambda i: (relation(GENERAL_ELEMENT[i // 5], i % 5),), 60),
    "kin": ("se * 12 + {p}", lambda i: (KIN[(BRANCH_ELEMENT[i % 12] - i // 12) % 5],), 60),
    "to_stem": ("se * 12 + {p}", lambda i: (relation(BRANCH_ELEMENT[i % 12], i // 12),), 60),
    "to_branch": ("br * 12 + {p}", lambda i: (relation(BRANCH_ELEMENT[i % 12], BRANCH_ELEMENT[i // 12]),), 144),
    "void": ("({p} in void)", lambda i: ("true" if i else "false",), 2),
    "under": (
        "off * 12 + {p}",
        lambda i: (relation(BRANCH_ELEMENT[(i % 12 - i // 12) % 12], BRANCH_ELEMENT[i % 12]),),
        144,
    ),
    "earth_rel": (
        "off * 12 + {p}",
        lambda i: (relation(BRANCH_ELEMENT[(i % 12 - i // 12) % 12], BRANCH_ELEMENT[i % 12]),),
        144,
    ),
    "lesson": ("(u0 == {p}) | (u1 == {p}) << 1 | (u2 == {p}) << 2 | (u3 == {p}) << 3", _lessons_at, 16),
    "strength": ("ru * 12 + {p}", lambda i: (ruled_state(BRANCH_ELEMENT[i % 12], i // 12),), 60),
    "earth_strength": ("ru * 12 + ({p} - off) % 12", lambda i: (ruled_state(BRANCH_ELEMENT[i % 12], i // 12),), 60),
}
"""The attributes of a branch the generated code reads as one small integer, an index into what the reader
shows there: for each, the index's expression over the place ``{p}`` and the locals read at the top of the
function (``gen``, ``se`` the day stem's element, ``br`` the day branch, ``off`` the plate's offset,
``void``, the uppers ``u0``–``u3``, ``ru`` the element 旺 in the month), what the attribute shows at each
index (as :data:`~liuren.reading.readers.READERS` reads it) and how many indexes there are. A test of one
of them is then decided by the index alone, against the set of indexes where the condition holds, found
once when the data loads."""

MONTHLY = frozenset(("strength", "earth_strength"))
"""The indexed attributes the month decides (``ru``): without it the chart lacks "month", as their readers
raise it."""

BY_PLACE: dict[str, Callable[[int, int, int], int]] = {
    "branch": lambda se, g, b: b,
    "element": lambda se, g, b: b,
    "general": lambda se, g, b: g,
    "general_kind": lambda se, g, b: g,
    "general_element": lambda se, g, b: g,
    "general_to_stem": lambda se, g, b: g * 5 + se,
    "kin": lambda se, g, b: se * 12 + b,
    "to_stem": lambda se, g, b: se * 12 + b,
}
"""The indexed attributes (:data:`INDEXED`) that a place's branch ``b``, the general ``g`` riding it and the
day stem's element ``se`` decide, each as its index from the three. The tests of one of them at one of the
places held in a local (:data:`LOCAL_PLACES`) are decided together, before the walk, by one table per place
over ``se * 144 + g * 12 + b`` (:func:`keep_tables`): the statements that every such test at that place
leaves standing."""

KEYS = 5 * 12 * 12
"""The size of a place's table (:data:`BY_PLACE`): five elements, twelve generals, twelve branches."""


def _trans(i: int) -> tuple[int, int, int]:
    """The three branches (or generals) of a 三傳's index ``a * 144 + b * 12 + c``."""
    return (i // 144, i // 12 % 12, i % 12)


THREE = "t0 * 144 + t1 * 12 + t2"
"""The index of the 三傳's branches."""

CHART_NUMBER = "x.day * 288 + x.hour * 24 + (x.hour + off) % 12 * 2 + (x.chart.noble == 'night')"
"""The chart as a number (``ck``, read once at the top of the generated function): its day, hour, month
general (the branch over the hour) and noble, what a worked example's chart is named by."""


def _chart(number: int) -> tuple[int, int, int, str]:
    """The day, hour, month general (ordinals) and noble of a chart's number (:data:`CHART_NUMBER`)."""
    return number // 288, number // 24 % 12, number // 2 % 12, ("day", "night")[number % 2]


def _number(day: int, hour: int, general: int, noble: str) -> int:
    """A chart's number (:data:`CHART_NUMBER`) from its day, hour, month general and noble: :func:`_chart`'s
    inverse."""
    return day * 288 + hour * 24 + general * 2 + (noble == "night")


CHART_INDEXED: dict[str, tuple[str, Callable[[int], tuple[str, ...]], int]] = {
    "chart": ("ck", lambda i: (example_key(*_chart(i)),), 17280),
    "day": ("x.day", pillar, 60),
    "day_pillar": ("x.day", pillar, 60),
    "day_stem": ("x.stem", lambda i: (STEM_CHARS[i],), 10),
    "day_kind": ("x.stem", stem_kind, 10),
    "noble_dir": ("x.forward", lambda i: ("順" if i else "逆",), 2),
    "gan_zhi": ("se * 12 + br", lambda i: gan_zhi(i // 12, i % 12), 60),
    "plate": ("off", plate, 12),
    "trans_seq": (f"({THREE}) * 5 + se", lambda i: sequence(_trans(i // 5), i % 5), 8640),
    "trans_yinyang": (THREE, lambda i: trans_yinyang(_trans(i)), 1728),
    "sanhe": (THREE, lambda i: sanhe(_trans(i)), 1728),
    "trans_xinghai": (THREE, lambda i: xinghai(_trans(i)), 1728),
    "has_general_in_trans": ("gen[t0] * 144 + gen[t1] * 12 + gen[t2]", lambda i: generals_in(_trans(i)), 1728),
    "jiaohu_ke": ("(u0 * 144 + u2 * 12 + br) * 5 + se", lambda i: jiaohu(*_trans(i // 5), i % 5), 8640),
    "upper_ke": ("u0 * 12 + u2", lambda i: upper_ke(i // 12, i % 12), 144),
}
"""The attributes of the chart as a whole (:data:`~liuren.reading.readers.CHART_READERS`) that a few of its
integers decide, as :data:`INDEXED` for a branch's: the index's expression over the locals of the generated
function (the 三傳 ``t0``–``t2``, the uppers ``u0``–``u3``, ``gen``, ``se``, ``br``, ``off``, the chart's
number ``ck``, :data:`CHART_NUMBER`, or the chart's view ``x``), what the attribute shows at each index, by the reader's own function, and how many indexes there
are."""


def chart_numbers(value: str) -> frozenset[int]:
    """The chart's number (:data:`CHART_NUMBER`) that shows ``value``, a worked example's chart as
    :func:`~liuren.reading.readers.example_key` writes it ("甲戌 未時 亥將 晝"), read back from the words
    instead of listing all 17,280 numbers' keys when the data loads (about 30 ms); empty for words no
    chart's key is, as the listing would find none."""
    try:
        day, hour, general, noble = value.split(" ")
        number = _number(PILLAR_AT[day], BRANCH_CHARS.index(hour[0]), BRANCH_CHARS.index(general[0]), NOBLE_OF[noble])
    except (ValueError, KeyError, IndexError):  # not four words, or a word no key has
        return frozenset()
    return frozenset((number,)) if example_key(*_chart(number)) == value else frozenset()


PILLAR_AT = {str(p): n for n, p in enumerate(PILLARS)}
NOBLE_OF = {label: noble for noble, label in NOBLE_LABEL.items()}


READ_BACK: dict[str, Callable[[str], frozenset[int]]] = {"chart": chart_numbers}
"""The chart attributes of :data:`CHART_INDEXED` whose indexes are read back from a value shown, where
listing what every index shows would cost more at load than the walk it serves."""
