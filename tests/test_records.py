"""The rule records and their renderers: one renderer per record type, each language, no fall-through."""

from __future__ import annotations

import dataclasses
import itertools
from typing import cast

import pytest

import liuren
from liuren.cycle import BRANCHES, PILLARS
from liuren.records import FAMILY_OF, RECORD_TYPES, BiezheNo, Record, ZeikeMany, ZeikeNo
from liuren.show.gates import RENDERERS, gate_records, record_text, renderer_of
from liuren.show.i18n import render
from liuren.transmissions import LESSON_TYPES, SILENT, LessonType, Method, Trace, choose

SCHOOLS = (
    "default",
    "tanyuan",
    "daquan",
    liuren.School(shehai_mengzhong="weishanren"),
    liuren.School(biezhe_yin="heaven"),
    liuren.School(repeated_lesson="once"),
    liuren.School(fanyin_final="weishanren"),
    liuren.School(shehai="depth-excluding-start", shehai_shangke="mengzhong", biyong_ge="wealth-or-ghost"),
)


Examples = dict[type[Record], tuple[Record, liuren.Chart]]


def _one_of_each() -> Examples:
    """A record of every type with the chart it came from, from the 720 課 under several schools."""
    found: Examples = {}
    for school in SCHOOLS:
        for day, general in itertools.product(PILLARS, BRANCHES):
            chart = liuren.chart(day, "子", general, school=school)
            for record in gate_records(chart):
                found.setdefault(type(record), (record, chart))
        if len(found) == len(RECORD_TYPES) - 1:
            break
    # 別責 is the last method: when it refuses no method applies, which never happens (choose asserts
    # it), so its refusal is built by hand
    found[BiezheNo] = (BiezheNo(2), liuren.chart("丙申", "午", "亥"))
    return found


@pytest.fixture(scope="module")
def examples() -> Examples:
    return _one_of_each()


def test_every_record_type_is_emitted_and_has_one_renderer(examples: Examples) -> None:
    assert set(examples) == set(RECORD_TYPES)
    assert set(RENDERERS) == set(RECORD_TYPES)


def test_every_record_renders_in_each_language_and_names_its_cells(examples: Examples) -> None:
    for kind, (record, chart) in examples.items():
        for lang in ("zh", "ko", "en"):
            text = render(record_text(record, chart, lang), lang)
            assert text and "{" not in text and "⟨" not in text and "#" not in text, (kind, lang, text)
        cells = renderer_of(record).cells(record)
        assert isinstance(cells, tuple) and all(c.startswith(("heaven-", "lesson-", "middle", "final")) for c in cells)


def test_an_unknown_record_type_has_no_renderer() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Unknown(Record):
        gate = "unknown"

    with pytest.raises(TypeError, match="no renderer for Unknown"):
        renderer_of(Unknown())
    with pytest.raises(TypeError, match="no renderer for Unknown"):
        record_text(Unknown(), liuren.chart("丙申", "午", "亥"), "en")


def test_records_are_frozen_slotted_and_equal_only_to_their_own_type(examples: Examples) -> None:
    for kind in RECORD_TYPES:
        params = kind.__dataclass_params__  # type: ignore[attr-defined]
        assert params.frozen and "__slots__" in vars(kind) and not issubclass(kind, tuple), kind
    records = [record for record, _ in examples.values()]
    for a, b in itertools.combinations(records, 2):
        assert a != b
    # the same values under two types are still two different records
    same = cast(object, ZeikeNo((0, 0, 0, 0)))
    assert same != ZeikeMany("上克下", (0,), (), (1,), 1)
    assert same != (0, 0, 0, 0)  # no record is a tuple
    assert same == ZeikeNo((0, 0, 0, 0))
    with pytest.raises(dataclasses.FrozenInstanceError):
        ZeikeNo((0, 0, 0, 0)).relations = (1, 0, 0, 0)  # type: ignore[misc]


def test_the_silent_trace_builds_no_record() -> None:
    chart = liuren.chart("戊辰", "申", "卯")
    assert choose(chart._ke, chart.school, SILENT) == choose(chart._ke, chart.school, Trace())
    assert len(SILENT) == 0 and SILENT.listening is False


def test_record_types_name_every_lesson_type_and_method() -> None:
    assert set(FAMILY_OF) == {m.value for m in Method} | set(LESSON_TYPES)
    yielded = {name: kind.method for kind in RECORD_TYPES for name in kind.yields}
    assert set(yielded) == set(LESSON_TYPES) and all(FAMILY_OF[name] == m for name, m in yielded.items())


def test_lesson_type_is_a_str_enum_equal_to_its_name() -> None:
    chart = liuren.chart("丙申", "午", "亥")
    assert chart.lesson_type == "元首" and chart.lesson_type is LessonType.YUANSHOU
    assert f"{chart.lesson_type}" == str(chart.lesson_type) == "元首" and repr(chart.lesson_type) == "'元首'"
    assert LessonType("獨足") is LessonType.DUJIAO is LessonType("獨腳") and LESSON_TYPES[0] == "元首"
    with pytest.raises(ValueError):
        LessonType("元")
