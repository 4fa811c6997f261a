"""四課: the four lessons, and which of them are really distinct (不備).

Lesson 1: lower = the day stem (its square is its 寄宮), upper = the heaven branch over the 寄宮.
Lesson 2: lower = upper of 1, upper = heaven over it. Lesson 3: lower = the day branch.
Lesson 4: lower = upper of 3 (大全 卷一; rules.md §2.4). Relations are judged on the elements of
the two characters, lesson 1 with the stem's own element: 上克下 = 克, 下賊上 = 賊.
"""

from __future__ import annotations

from typing import NamedTuple

from .cycle import BRANCH_ELEMENT, Branch, General, Stem, conquers

KE = "上克下"
ZEI = "下賊上"


class Lesson(NamedTuple):
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


def distinct_keys(stem: int, squares: tuple[int, ...], uppers: tuple[int, ...], test: str) -> tuple[tuple[int, int], ...]:
    """Identity of each lesson for the 不備 test (rules.md §2.5).

    "square": same upper and same lower square, lesson 1's square being the 寄宮 (so 戊辰 d=1's
    午/戊 and 午/巳 are one lesson); "character": the stem counts as a character of its own.
    """
    if test == "square":
        return tuple(zip(uppers, squares, strict=True))
    return ((uppers[0], 100 + stem), *zip(uppers[1:], squares[1:], strict=True))
