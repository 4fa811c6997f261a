"""Reading a printed 課盤 back (liuren.printed): what ``str(chart)`` prints, 年命 line included, is read
back cell for cell by ``parse_printed``, ``identify(printed=…)`` and ``liuren identify --printed``."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import liuren
from liuren.cli import main
from liuren.cycle import BRANCH_CHARS, PILLARS

branches = st.sampled_from(BRANCH_CHARS)


def _cells(chart: liuren.Chart) -> dict[str, object]:
    """What parse_printed gives for ``chart``, taken from the chart itself."""
    return {
        "day": str(chart.day),
        "offset": chart.offset,
        "hour": str(chart.hour),
        "general": str(chart.general),
        "noble": chart.noble,
        "method": str(chart.method),
        "lesson_type": str(chart.lesson_type),
        "transmissions": "".join(str(t.branch) for t in chart.transmissions),
        "transmission_generals": "".join(t.general.short for t in chart.transmissions),
        "lesson_uppers": "".join(str(x.upper) for x in chart.lessons),
        "lesson_generals": "".join(x.general.short for x in chart.lessons),
        "benming": "" if chart.nianming is None else str(chart.nianming.benming),
        "xingnian": "" if chart.nianming is None else str(chart.nianming.xingnian),
    }


@settings(max_examples=150, deadline=None)
@given(
    day=st.sampled_from([str(p) for p in PILLARS]),
    hour=branches,
    general=branches,
    fate=st.none() | st.tuples(branches, branches),
    school=st.sampled_from(["default", "tanyuan", "daquan"]),
)
def test_str_of_any_chart_with_or_without_a_nianming_reads_back(day, hour, general, fate, school):
    chart = liuren.chart(day, hour, general, nianming=fate, school=school)
    sheet = liuren.parse_printed(str(chart))
    found = {name: getattr(sheet, name) for name in _cells(chart)}
    assert found == _cells(chart)
    assert (fate is None) == ("本命" not in str(chart))


def test_a_chart_cast_for_a_person_is_read_back_and_identified():
    """chart_at(birth=, sex=) prints a 年命 line; the printed chart reads back and identify finds its school."""
    chart = liuren.chart_at(datetime(2024, 3, 5, 10, 0, tzinfo=ZoneInfo("Asia/Seoul")), birth=1990, sex="male")
    text = str(chart)
    assert text.splitlines()[1] == "本命 午 上子 · 行年 子 上午"
    sheet = liuren.parse_printed(text)
    assert (sheet.benming, sheet.xingnian, sheet.day, sheet.hour) == ("午", "子", "戊辰", "巳")
    assert "default" in liuren.identify(printed=text).presets
    assert main(["identify", "--printed", text]) == 0


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("本命 午 上丑 · 行年 子 上午", "the 年命 line puts 丑 over the 本命 午, but on this plate 子 stands over it"),
        ("本命 午 上子 · 行年 子 上未", "the 年命 line puts 未 over the 行年 子, but on this plate 午 stands over it"),
        ("本命 午 上x · 行年 子 上午", r"the 年命 line '本命 午 上x · 行年 子 上午' is not 「本命 午 上子"),
        ("本命 午", "the 年命 line '本命 午' is not"),
    ],
)
def test_a_nianming_line_that_is_not_one_or_disagrees_with_the_plate_is_refused(line, message, capsys):
    text = str(liuren.chart("戊辰", "巳", "亥", nianming=("午", "子")))
    bad = text.replace("本命 午 上子 · 行年 子 上午", line)
    with pytest.raises(liuren.ParseError, match=message):
        liuren.parse_printed(bad)
    assert main(["identify", "--printed", bad]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ParseError" in err


def test_the_explorers_printed_box_reads_a_chart_with_a_nianming_and_sets_it():
    from liuren.show.widgets import Explorer

    chart = liuren.chart("戊辰", "巳", "亥", nianming=("午", "子"))
    explorer = Explorer()
    explorer.set(printed=str(chart))
    assert explorer.printed_error is None
    assert explorer.chart.spec() == chart.spec() and explorer.chart.nianming == chart.nianming
    explorer.set(printed=str(liuren.chart("丙申", "午", "亥")))  # no 年命 line: the 年命 controls are kept
    fate = explorer.chart.nianming
    assert explorer.printed_error is None and fate is not None and (fate.benming, fate.xingnian) == ("午", "子")
