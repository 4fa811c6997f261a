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
