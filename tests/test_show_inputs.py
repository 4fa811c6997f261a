"""The learner-facing entry points (steps, check, labels, examples, find's text inputs) answer bad input
with a liuren error whose message is bounded, however long or odd the input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import liuren
from liuren.show import examples
from liuren.show.html import chart_html
from liuren.show.labels import label

CHART = liuren.chart("丙申", "午", "亥")
ODD = st.one_of(
    st.text(max_size=60), st.integers(), st.none(), st.lists(st.text(max_size=4), max_size=5), st.binary(max_size=8)
)
CALLS = {
    "steps": lambda v: CHART.steps(lang=v),
    "trace": lambda v: CHART.trace(lang=v),
    "explain": lambda v: CHART.explain(lang=v),
    "check-chart": lambda v: liuren.check(v, offset=1),
    "check-lessons": lambda v: liuren.check(CHART, lessons=v),
    "check-transmissions": lambda v: liuren.check(CHART, transmissions=v),
    "check-method": lambda v: liuren.check(CHART, method=v),
    "check-offset": lambda v: liuren.check(CHART, offset=v),
    "chart_html": lambda v: chart_html(CHART, labels=v),
    "label": lambda v: label("子", v),
    "example": lambda v: examples.example(v),
    "examples": lambda v: examples.examples(v),
    "find-method": lambda v: liuren.find(method=v),
    "find-lesson_type": lambda v: liuren.find(lesson_type=v),
    "find-pattern": lambda v: liuren.find(pattern=v),
    "find-transmissions": lambda v: liuren.find(transmissions=v),
    "find-generals": lambda v: liuren.find(generals=v),
    "chart_html-colors-value": lambda v: chart_html(CHART, colors={"ink": v}),
    "chart_html-colors": lambda v: chart_html(CHART, colors=[v]),
}
LONG_ONLY = {  # text-only forms: these build the argument from the text
    "chart_html-highlight": lambda v: chart_html(CHART, highlight=v + "甲"),  # 子…子 alone is a highlight
    "chart_html-colors-key": lambda v: chart_html(CHART, colors={v: "#000"}),
}


@pytest.mark.parametrize("name", sorted({**CALLS, **LONG_ONLY}))
def test_a_million_characters_give_a_short_message(name):
    with pytest.raises(liuren.LiurenError) as caught:
        {**CALLS, **LONG_ONLY}[name]("子" * 10**6)
    assert len(str(caught.value)) < 500


@pytest.mark.parametrize("colors", [lambda v: {v: "#000"}, lambda v: {"ink": v}])
def test_a_million_characters_in_a_drawing_colour_give_a_short_message(colors):
    pytest.importorskip("matplotlib")
    from liuren.show.drawing import draw_plate

    with pytest.raises(liuren.LiurenError) as caught:
        draw_plate(CHART, colors=colors("子" * 10**6))
    assert len(str(caught.value)) < 500 and "(1,000,000 characters)" in str(caught.value)


@pytest.mark.parametrize("name", sorted(CALLS))
@settings(max_examples=40, deadline=None)
@given(value=ODD)
def test_odd_input_is_answered_or_refused_with_a_liuren_error(name, value):
    try:
        CALLS[name](value)
    except liuren.LiurenError as error:
        assert len(str(error)) < 500


# ---------------------------------------------------------------- what reaches markup is checked (audit)
def _plate_svg(**options):
    from liuren.show.svg import plate_svg

    return plate_svg(CHART, **options)


@pytest.mark.parametrize(
    "size", ['1" onload="alert(1)', "400", True, 0, 15, 4097, -400, float("nan"), float("inf"), None, [400]]
)
def test_plate_svg_size_is_a_number_in_range_never_text(size):
    with pytest.raises(liuren.ParseError, match=r"is not a size in pixels; accepted: a number from 16 to 4096"):
        _plate_svg(size=size)


def test_plate_svg_writes_the_size_as_a_number():
    assert 'width="360" height="360"' in _plate_svg(size=360)
    assert 'width="16" height="16"' in _plate_svg(size=16)
    assert 'width="412.5" height="412.5"' in _plate_svg(size=412.5)
    assert 'width="400" height="400"' in _plate_svg()


@pytest.mark.parametrize("colour", ['#000" onload="x', "red;x", "</style>", "#12345", "#1234567", "url(x)", 3])
def test_colours_are_checked_by_a_strict_pattern(colour):
    for draw in (lambda: _plate_svg(colors={"ink": colour}), lambda: chart_html(CHART, colors={"ink": colour})):
        with pytest.raises(liuren.ParseError, match="is not a CSS colour"):
            draw()
    for good in ("#abc", "#abcd", "#aabbcc", "#aabbccdd", "teal", "rgb(0, 10, 20)"):
        assert f'stroke="{good}"' in _plate_svg(colors={"ink": good})


def test_cell_names_never_reach_the_markup():
    svg = _plate_svg(cells=['heaven-"><script>alert(1)</script>', "heaven-卯"])
    assert "<script" not in svg and "alert" not in svg and svg.count("<svg") == 1


@pytest.mark.parametrize(
    ("marks", "needle"),
    [
        ({"卯": "bogus"}, "marks['卯'] = 'bogus' is not a colour key; accepted: ink, muted, paper, line, initial"),
        ({"卯": 3}, "is not a colour key; accepted: ink"),
        ({"甲": "initial"}, "marks key '甲' is not a heaven branch; accepted: one of 子丑寅卯辰巳午未申酉戌亥"),
        ({3: "initial"}, "marks key 3 is not a heaven branch"),
        (["卯"], "is not understood; accepted: None or a mapping of heaven branches to colour keys"),
        ("卯", "is not understood; accepted: None or a mapping"),
    ],
)
def test_plate_svg_marks_are_branches_and_colour_keys(marks, needle):
    with pytest.raises(liuren.ParseError) as info:
        _plate_svg(marks=marks)
    assert needle in str(info.value)


def test_plate_svg_marks_outline_the_branches_they_name():
    initial = CHART.transmissions[0].branch
    plain, marked = _plate_svg(), _plate_svg(marks={str(initial): "final"})
    assert marked != plain and marked.count('stroke="#2b6a8a" stroke-width="0.01"') == 1
    assert _plate_svg(marks={initial: "final"}) == marked  # a Branch key is its character


# ---------------------------------------------------------------- parts, cells and the pieces of a 課盤 (audit)
@pytest.mark.parametrize("parts", [[[1]], b"", b"plate", bytearray(b"x"), "plate", {"plate": 1}, 3, [None]])
def test_chart_html_parts_are_part_names(parts):
    with pytest.raises(liuren.ParseError, match=r"parts=.* is not understood; accepted: None \(everything\) or a"):
        chart_html(CHART, parts=parts)


@pytest.mark.parametrize("cells", [[[1]], b"", "heaven-卯", 3, None, {"heaven-卯": 1}])
def test_chart_html_cells_are_cell_names(cells):
    with pytest.raises(liuren.ParseError, match=r"cells=.* is not understood; accepted: cell names"):
        chart_html(CHART, cells=cells)


def test_detected_text_refuses_a_non_text_language():
    detected = CHART.patterns[0]
    for lang in ([], None, 3, ["zh"]):
        with pytest.raises(liuren.ParseError, match="is not a language; accepted: 'zh', 'ko', 'en'"):
            detected.text(lang)
    assert detected.text("en") == detected.evidence


@pytest.mark.parametrize("junk", [3, None, "abc", b"ab", [1, 2, 3], {}, iter(()), CHART])
def test_each_piece_of_a_chart_says_what_it_accepts(junk):
    from liuren.show.html import lessons_html, plate_html, transmissions_html

    for draw, accepted in (
        (transmissions_html, "accepted: a chart's three transmissions (chart.transmissions)"),
        (lessons_html, "accepted: a chart's four lessons (chart.lessons)"),
    ):
        with pytest.raises(liuren.ParseError) as info:
            draw(junk)
        assert accepted in str(info.value)
    if junk is not CHART:
        with pytest.raises(liuren.ParseError, match=r"accepted: a liuren.Chart or its plate \(chart.plate\)"):
            plate_html(junk)


def test_each_piece_of_a_chart_still_draws_its_own():
    from liuren.show.html import lessons_html, plate_html, transmissions_html

    assert transmissions_html(CHART.transmissions) == transmissions_html(list(CHART.transmissions))
    assert transmissions_html(CHART.transmissions).count("<tr") == 3
    assert lessons_html(CHART.lessons) == lessons_html(iter(CHART.lessons))
    assert plate_html(CHART.plate).count("<td") == plate_html(CHART).count("<td") == 13
    assert CHART.lessons._repr_html_() == lessons_html(CHART.lessons)
    with pytest.raises(liuren.ParseError):
        lessons_html([*CHART.lessons, CHART.lessons[0]])  # five lessons are not a chart's four
