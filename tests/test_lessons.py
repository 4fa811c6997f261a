"""The four lessons (liuren/lessons.py): each lesson a frozen record, picked from shared tables that
hold exactly the values the rule gives (docs/rules.md §2.4)."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

import liuren
from liuren.cycle import BRANCH_CHARS, BRANCH_ELEMENT, BRANCHES, PILLARS, STEM_ELEMENT, STEMS
from liuren.generals import PLACEMENTS
from liuren.lessons import KE, ZEI, Lesson, four_lessons, relation


def test_bingshen_lessons_read_as_the_book_casts_them():
    lessons = liuren.chart("丙申", "午", "亥").lessons
    assert [str(lesson) for lesson in lessons] == ["戌/丙", "卯/戌", "丑/申", "午/丑"]
    assert lessons[1] == Lesson("卯", "戌", "太常", KE)
    assert [lesson.kind for lesson in lessons] == ["", KE, "", ""]


def test_a_lesson_is_a_record_not_a_tuple():
    lesson = liuren.chart("丙申", "午", "亥").lessons[1]
    assert lesson != ("卯", "戌", "太常", KE)
    assert lesson == Lesson(upper="卯", lower="戌", general="太常", kind=KE) and hash(lesson) == hash(
        Lesson("卯", "戌", "太常", KE)
    )
    assert repr(lesson) == "Lesson(upper='卯', lower='戌', general='太常', kind='上克下')"
    assert pickle.loads(pickle.dumps(lesson)) == lesson
    assert dataclasses.replace(lesson, kind="") == Lesson("卯", "戌", "太常", "")
    with pytest.raises(TypeError):
        iter(lesson)  # type: ignore[call-overload]
    with pytest.raises(dataclasses.FrozenInstanceError):
        lesson.upper = "子"  # type: ignore[misc]


@pytest.mark.parametrize("forward", [True, False])
@pytest.mark.parametrize("noble", range(12))
def test_every_lesson_taken_from_the_tables_is_the_rules_value(noble, forward):
    placement = PLACEMENTS[noble, forward]
    for pillar in PILLARS:
        for offset in range(12):
            lessons, ke = four_lessons(pillar, offset, noble, forward, "square")
            s = pillar.stem.ordinal
            lowers = (STEMS[s], *(BRANCHES[q] for q in ke.squares[1:]))
            elements = (STEM_ELEMENT[s], *(BRANCH_ELEMENT[q] for q in ke.squares[1:]))
            for i, lesson in enumerate(lessons):
                upper = ke.uppers[i]
                kind = {1: KE, -1: ZEI, 0: ""}[relation(upper, elements[i])]
                assert lesson == Lesson(BRANCHES[upper], lowers[i], placement[upper], kind)
                assert lesson.upper == BRANCH_CHARS[upper] and type(lesson.upper) is type(BRANCHES[upper])
