"""四課: the four lessons, and which of them are really distinct (不備).

Lesson 1: lower = the day stem (its square is its 寄宮), upper = the heaven branch over the 寄宮.
Lesson 2: lower = upper of 1, upper = heaven over it. Lesson 3: lower = the day branch.
Lesson 4: lower = upper of 3 (大全 卷一; docs/rules.md §2.4). Relations are judged on the elements of
the two characters, lesson 1 with the stem's own element: 上克下 = 克, 下賊上 = 賊.

:func:`four_lessons` builds them (the chart asks it), both as :class:`Lesson` values and as the
integers (:class:`Ke`) the nine methods read.

>>> from liuren.cycle import PILLARS
>>> lessons, ke = four_lessons(PILLARS[32], 5, 11, False, "square")   # 丙申, 亥將 午時, 貴人 亥 逆行
>>> [str(lesson) for lesson in lessons], ke.relations
(['戌/丙', '卯/戌', '丑/申', '午/丑'], (0, 1, 0, 0))
>>> lessons[1]
Lesson(upper='卯', lower='戌', general='太常', kind='上克下')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .cycle import BRANCH_ELEMENT, BRANCHES, JIGONG, STEM_ELEMENT, STEMS, Branch, GanZhi, General, Stem, conquers
from .generals import PLACEMENTS

KE = "上克下"
ZEI = "下賊上"


@dataclass(frozen=True, slots=True)
class Lesson:
    """One of the four lessons: ``upper`` over ``lower``, the ``general`` riding the upper, and
    ``kind`` — "上克下" (克), "下賊上" (賊) or "" (neither)."""

    upper: Branch
    lower: Stem | Branch
    general: General
    kind: str

    def __str__(self) -> str:
        return f"{self.upper}/{self.lower}"


def relation(upper: int, lower_element: int) -> int:
    """1 when the upper 克 the lower (上克下), −1 when the lower 賊 the upper (下賊上), else 0."""
    ue = BRANCH_ELEMENT[upper]
    if conquers(ue, lower_element):
        return 1
    if conquers(lower_element, ue):
        return -1
    return 0


RELATIONS = tuple(tuple(relation(upper, element) for element in range(5)) for upper in range(12))
"""relation() as a table: RELATIONS[upper branch][lower element]."""


STEM_IDENTITY = 100
"""Under the "character" 不備 test lesson 1's lower is the stem itself, identified as
``STEM_IDENTITY + stem`` so that it never equals a branch square (0–11)."""


def distinct_keys(
    stem: int, squares: tuple[int, int, int, int], uppers: tuple[int, int, int, int], test: str
) -> tuple[tuple[int, int], ...]:
    """Identity of each lesson for the 不備 test (docs/rules.md §2.5).

    "square": same upper and same lower square, lesson 1's square being the 寄宮 (so 戊辰 d=1's
    午/戊 and 午/巳 are one lesson); "character": the stem counts as a character of its own.
    """
    u1, u2, u3, u4 = uppers
    q1, q2, q3, q4 = squares
    return ((u1, q1 if test == "square" else STEM_IDENTITY + stem), (u2, q2), (u3, q3), (u4, q4))


class Ke(NamedTuple):
    """The lessons as integers: stem, day branch, plate offset, the four uppers, their lower
    squares, their relations (1 克, −1 賊, 0) and their identities for the 不備 test.

    Internal (the chart keeps it as ``_ke`` for the nine methods of :mod:`liuren.transmissions`, which
    read it by field name and derive one with ``_replace``), and built once per chart on the hot path,
    where a tuple is made in less than half the time a record takes: it stays a NamedTuple, the one exception
    to the value idiom (a frozen slotted dataclass)."""

    stem: int
    branch: int
    offset: int
    uppers: tuple[int, int, int, int]
    squares: tuple[int, int, int, int]
    relations: tuple[int, int, int, int]
    keys: tuple[tuple[int, int], ...]


class Lessons(tuple[Lesson, Lesson, Lesson, Lesson]):
    """The four lessons: a plain tuple that Jupyter shows as the book's three rows, read right to left."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        from .show.html import lessons_html

        return lessons_html(self)


KINDS = {0: "", 1: KE, -1: ZEI}
"""A relation (1, −1, 0) as a lesson's ``kind``."""
_tnew = tuple.__new__

LessonTable = tuple[tuple[tuple[Lesson, ...], ...], tuple[tuple[Lesson, ...], ...]]
"""Every lesson one placement of the generals can show: ``[0][upper][lower branch]`` and ``[1][upper][stem]``."""
_TABLES: list[LessonTable | None] = [None] * 24
"""The lesson tables of the 24 placements (貴人 branch × 順/逆), each written on first use: a chart
picks its four :class:`Lesson` values from them instead of building them."""


def lesson_table(noble: int, forward: bool) -> LessonTable:
    """The lessons (values, shared by every chart) that the generals laid from ``noble`` (順 when
    ``forward``) can show: every upper over every branch square and over every stem."""
    table = _TABLES[noble * 2 + forward]
    if table is None:
        placement = PLACEMENTS[noble, forward]
        make = Lesson
        table = (
            tuple(
                tuple(
                    make(BRANCHES[u], BRANCHES[lo], placement[u], KINDS[RELATIONS[u][BRANCH_ELEMENT[lo]]])
                    for lo in range(12)
                )
                for u in range(12)
            ),
            tuple(
                tuple(
                    make(BRANCHES[u], STEMS[st], placement[u], KINDS[RELATIONS[u][STEM_ELEMENT[st]]])
                    for st in range(10)
                )
                for u in range(12)
            ),
        )
        _TABLES[noble * 2 + forward] = table
    return table


def four_lessons(pillar: GanZhi, offset: int, noble: int, forward: bool, bubei_test: str) -> tuple[Lessons, Ke]:
    """四課 of the day ``pillar`` on the plate ``offset`` (月將 − 占時), the generals laid from the 貴人 on
    heaven branch ``noble`` (順 when ``forward``) and the school's 不備 test: the lessons and their integers.

    Written out rather than looped: a chart is built in a few microseconds and this is most of it."""
    p = pillar.ordinal
    s, z = p % 10, p % 12
    jig = JIGONG[s]
    u1 = (jig + offset) % 12
    u2 = (u1 + offset) % 12
    u3 = (z + offset) % 12
    u4 = (u3 + offset) % 12
    uppers = (u1, u2, u3, u4)
    squares = (jig, u1, z, u3)
    rels = (
        RELATIONS[u1][STEM_ELEMENT[s]],
        RELATIONS[u2][BRANCH_ELEMENT[u1]],
        RELATIONS[u3][BRANCH_ELEMENT[z]],
        RELATIONS[u4][BRANCH_ELEMENT[u3]],
    )
    ke = _tnew(Ke, (s, z, offset, uppers, squares, rels, distinct_keys(s, squares, uppers, bubei_test)))
    over_branch, over_stem = _TABLES[noble * 2 + forward] or lesson_table(noble, forward)
    lessons = _tnew(Lessons, (over_stem[u1][s], over_branch[u2][u1], over_branch[u3][z], over_branch[u4][u3]))
    return lessons, ke
