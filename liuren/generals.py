"""天乙貴人 and the twelve generals laid on the heaven plate.

>>> from liuren.school import School
>>> noble_branch(2, True, School())          # 丙 by day, table A: 亥
11
>>> is_forward(11, 5)                        # 亥 over earth 午 (d=5): 午 is in 巳–戌 → backward
False
"""

from __future__ import annotations

from .cycle import CHEN, CHOU, GENERALS, HAI, MAO, YIN, ZI, General
from .school import NOBLE_TABLES, School

FORWARD_SQUARES = frozenset((HAI, ZI, CHOU, YIN, MAO, CHEN))
"""貴人 順行 when it stands on 地盤 亥子丑寅卯辰 (天門 to 地戶), 逆 on 巳–戌 (指南 卷一, 粹言, 探原)."""


def noble_branch(stem: int, day: bool, school: School) -> int:
    """天乙貴人's heaven branch for the day stem by day (晝貴) or night (夜貴), from the school's table."""
    return NOBLE_TABLES[school.noble_table][stem][0 if day else 1]


def is_forward(noble: int, offset: int) -> bool:
    """順行 (True) when the earth square under the noble is one of 亥子丑寅卯辰."""
    return (noble - offset) % 12 in FORWARD_SQUARES


def general_index(branch: int, noble: int, forward: bool) -> int:
    """天將 placement (指南 卷一): general k rides heaven branch ``noble ± k`` (順 +, 逆 −); this is k."""
    return (branch - noble) % 12 if forward else (noble - branch) % 12


def branch_of(general: int, noble: int, forward: bool) -> int:
    """The heaven branch ridden by general index ``general`` (the inverse of :func:`general_index`)."""
    return (noble + general) % 12 if forward else (noble - general) % 12


PLACEMENTS = {
    (noble, forward): tuple(GENERALS[general_index(b, noble, forward)] for b in range(12))
    for noble in range(12)
    for forward in (True, False)
}
"""The 24 ways to lay the generals: PLACEMENTS[noble, forward][heaven branch] is the general riding it."""


def general_on(branch: int, noble: int, forward: bool) -> General:
    """The general riding heaven branch ``branch``."""
    return PLACEMENTS[noble, forward][branch]
