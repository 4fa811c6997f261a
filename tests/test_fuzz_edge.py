"""Fuzzing the entry points around the engine: find(), chart_at()/pillars(), the HTML and drawing
options, plate_png, to_html's path, the widgets (Explorer and its set(), Stepper, Exercise) and the CLI. Whatever comes in, only liuren errors come out, and the CLI
never prints a traceback and exits 0 or 2."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import tempfile
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import liuren
from liuren import BRANCHES, PILLARS, Chart, LiurenError, School
from liuren.almanac import hour_branch
from liuren.cli import main

ROOT = Path(__file__).resolve().parents[1]


def fuzz(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )


# ---------------------------------------------------------------- values of every kind
any_text = st.text(max_size=12)  # includes surrogates, NUL, combining marks …
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True),
    any_text,
    st.binary(max_size=6),
    st.lists(st.integers(0, 12), max_size=4),
    st.lists(any_text, max_size=4),
    st.dictionaries(any_text, st.integers(), max_size=2),
    st.frozensets(st.integers(), max_size=3),
    st.tuples(st.floats(), st.floats()),
    st.just(object()),
    st.lists(st.lists(st.integers(), max_size=2), max_size=3),
    st.lists(
        st.one_of(
            st.lists(st.integers(), max_size=1),
            st.sets(st.integers(), max_size=1),  # three unhashable items
            st.dictionaries(st.integers(), st.integers(), max_size=1),
        ),
        min_size=3,
        max_size=3,
    ),
)
branch_text = st.sampled_from(
    [str(b) for b in BRANCHES] + ["?", "*", "卯時", "亥將", "登明", "午时", "酉丑巳", "合后虎"]
)
PATTERN_NAMES = sorted({p.name for p in liuren.PATTERNS})
SCHOOL_CHANGES = st.fixed_dictionaries(
    {},
    optional={
        "noble_table": st.sampled_from(["A", "B", "C", "D", 1]),
        "day_night": st.sampled_from(["fixed", "mao-you", "zi-si", "sun", "noon"]),
        "shehai": st.sampled_from(["mengzhong", "depth", "depth-excluding-start"]),
        "split_shiru": st.sampled_from([True, False, "yes"]),
        "tomb": st.sampled_from(["fire", "water", "stem"]),
    },
)


def _school(changes: dict) -> object:
    try:
        return School().replace(**changes)
    except LiurenError:  # an invalid option: pass the text on, find() must refuse it itself
        return str(changes)


def one_field_broken(data, valid: dict[str, st.SearchStrategy]) -> dict[str, object]:
    """Valid values for every field, then (half of the time) one field replaced by junk of any kind."""
    values = {name: data.draw(strategy, label=name) for name, strategy in valid.items()}
    broken = data.draw(st.sampled_from([None] * len(valid) + list(valid)), label="broken field")
    if broken is not None:
        values[broken] = data.draw(junk, label=f"junk {broken}")
    return values


def some(strategy: st.SearchStrategy) -> st.SearchStrategy:
    return st.one_of(st.none(), strategy)


# ---------------------------------------------------------------- find()
branch_or_any = st.sampled_from([*(str(b) for b in BRANCHES), "?", "*", None])
general_names = st.sampled_from(
    ["貴", "蛇", "朱", "合", "勾", "龍", "空", "虎", "常", "玄", "陰", "后", "六合", "天后", "?"]
)
FIND_FIELDS = {
    "transmissions": some(
        st.one_of(
            st.lists(branch_or_any, min_size=3, max_size=3),
            st.lists(branch_or_any.filter(bool), min_size=3, max_size=3).map("".join),
        )
    ),
    "generals": some(
        st.one_of(
            st.lists(general_names, min_size=3, max_size=3),
            st.lists(general_names, min_size=3, max_size=3).map(" ".join),
        )
    ),
    "method": some(st.sampled_from(["遙克", "别责", "賊克", "比用", "涉害", "伏吟", "返吟", "八專", "昴星"])),
    "lesson_type": some(st.sampled_from(["蒿矢", "元首", "重審", "知一", "彈射"])),
    "pattern": some(st.sampled_from([*PATTERN_NAMES, "励德"])),
    "noble": some(st.sampled_from(["day", "night", "晝", "夜"])),
    # mostly presets: each new school builds a 1,440-chart index
    "school": st.one_of(
        st.sampled_from(["default", "指南", "探原", "大全", None, "default", None, "探原"]),
        st.sampled_from([School().replace(noble_table="B"), School().replace(day_night="zi-si")]),
        SCHOOL_CHANGES.map(_school),
    ),
    "month": st.sampled_from([None, None, None, "寅", "未"]),  # few keys: each (school, month, year) is an index
    "year": st.sampled_from([None, None, None, "子"]),
}


@fuzz(60)
@given(data=st.data())
def test_find_lets_only_liuren_errors_escape(data):
    kwargs = one_field_broken(data, FIND_FIELDS)
    try:
        found = liuren.find(**kwargs)
    except LiurenError:
        event("refused")
        return
    event("answered")
    assert isinstance(found, list) and all(isinstance(c, Chart) for c in found)


# ---------------------------------------------------------------- chart_at() and pillars()
class _AnyOffset(tzinfo):
    """A tzinfo with any offset at all (datetime refuses those of 24 h or more)."""

    def __init__(self, offset: timedelta) -> None:
        self.offset = offset

    def utcoffset(self, dt):
        return self.offset

    def dst(self, dt):
        return timedelta(0)


class _Failing(tzinfo):
    """A tzinfo whose ``method`` raises an error of its own (the caller's code: any exception at all)."""

    def __init__(self, method: str, error: Exception) -> None:
        self.method, self.error = method, error

    def _maybe(self, name: str, value):
        if name == self.method:
            raise self.error
        return value

    def utcoffset(self, dt):
        return self._maybe("utcoffset", timedelta(hours=9))

    def dst(self, dt):
        return self._maybe("dst", timedelta(0))

    def tzname(self, dt):
        return self._maybe("tzname", "X")

    def fromutc(self, dt):
        return self._maybe("fromutc", dt + timedelta(hours=9))


failing_zones = st.builds(
    _Failing,
    st.sampled_from(["utcoffset", "dst", "tzname", "fromutc"]),
    st.sampled_from(
        [
            RuntimeError("no"),
            ZeroDivisionError(),
            KeyError("k"),
            ValueError("v" * 10**5),
            OverflowError(),
            ArithmeticError(),
        ]
    ),
)
in_range = {"min_value": datetime(1899, 12, 30), "max_value": datetime(2101, 1, 2)}
moments = st.one_of(
    st.datetimes(**in_range, timezones=st.timezones()),
    st.datetimes(**in_range, timezones=st.sampled_from([ZoneInfo("America/New_York"), ZoneInfo("Asia/Seoul"), UTC])),
    st.datetimes(**in_range, timezones=st.timezones()).map(lambda d: d.replace(fold=1)),
    st.datetimes(timezones=st.timezones()),  # years 1–9999
    st.datetimes(**in_range),  # naive
    st.builds(
        lambda d, h: d.replace(tzinfo=_AnyOffset(timedelta(hours=h))), st.datetimes(**in_range), st.integers(-40, 40)
    ),
    st.builds(lambda d, m: d.replace(tzinfo=timezone(timedelta(minutes=m))), st.datetimes(), st.integers(-1439, 1439)),
    st.builds(lambda d, z: d.replace(tzinfo=z), st.datetimes(**in_range), failing_zones),
)
CALENDAR_FIELDS = {
    "when": moments,
    "school": st.one_of(
        st.sampled_from(["default", "探原", None]),
        SCHOOL_CHANGES.map(_school),
        st.sampled_from(
            [School(day_night="sun"), School(true_solar_time=True), School(day_boundary="00:00", yuejiang_switch="jie")]
        ),
    ),
    "location": st.one_of(
        st.none(),
        st.tuples(st.floats(-90, 90), st.floats(-180, 180)),
        st.tuples(st.integers(-90, 90), st.integers(-180, 180)),
        st.lists(st.floats(-100, 100), max_size=3),
        st.tuples(st.one_of(st.floats(), st.booleans(), any_text), st.floats()),
        st.tuples(st.sampled_from([10**400, -(10**400), 10**5000, 2**1024]), st.integers(-180, 180)),
    ),
    "noble": some(st.sampled_from(["day", "night", "夜", "noon"])),
}


@fuzz(150)
@given(data=st.data())
def test_chart_at_and_pillars_let_only_liuren_errors_escape(data):
    kwargs = one_field_broken(data, CALENDAR_FIELDS)
    when, noble = kwargs.pop("when"), kwargs.pop("noble")
    try:
        p = liuren.pillars(when, **kwargs)
    except LiurenError:
        p = None
    else:
        assert p.hour.branch == hour_branch(p.clock.hour)
    try:
        c = liuren.chart_at(when, noble=noble, **kwargs)
    except LiurenError:
        event("refused")
        return
    event("charted")
    assert isinstance(c, Chart)
    if p is not None and noble is None:
        assert (c.day, c.hour, c.general) == (p.day, p.hour.branch, p.general)


# ---------------------------------------------------------------- HTML and drawing options, to_html's path
charts = st.builds(
    lambda d, h, g: Chart(PILLARS[d], BRANCHES[h], BRANCHES[g]),
    st.integers(0, 59),
    st.integers(0, 11),
    st.integers(0, 11),
)
file_names = st.text(st.characters(blacklist_characters="/"), min_size=0, max_size=20).filter(
    lambda n: n not in (".", "..")
)
DISPLAY_FIELDS = {
    "chart": charts,
    "labels": some(st.sampled_from(["zh", "ko", "en", "fr"])),
    "highlight": some(
        st.one_of(
            st.sampled_from(["transmissions", "lessons", "none", "卯申", "甲"]), st.lists(branch_text, max_size=3)
        )
    ),
    "colors": some(
        st.dictionaries(
            st.sampled_from(["ink", "paper", "initial", "bogus"]),
            st.sampled_from(["#b8322a", "teal", "rgb(0,0,0)", "red;x", "</style>"]),
            max_size=2,
        )
    ),
}


@fuzz(80)
@given(data=st.data())
def test_html_entry_points_let_only_liuren_errors_escape(data):
    from liuren.show.html import chart_html, to_html

    values = one_field_broken(data, {**DISPLAY_FIELDS, "standalone": st.booleans(), "name": some(file_names)})
    chart, standalone, name = values.pop("chart"), values.pop("standalone"), values.pop("name")
    options = {k: v for k, v in values.items() if v is not None}
    try:
        assert chart_html(chart, **options).startswith("<div")
    except LiurenError:
        pass
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, name) if isinstance(name, str) else name
        try:
            page = to_html(chart, path, standalone=standalone, **options)
        except LiurenError:
            assert os.listdir(folder) == []  # nothing written, no temporary file left
            event("refused")
            return
        assert isinstance(page, str)
        event("written" if path is not None else "returned")
        if path is not None:
            assert os.listdir(folder) == [name]
            with open(path, encoding="utf-8") as f:
                assert f.read() == page


@fuzz(16)
@given(data=st.data())
def test_draw_plate_lets_only_liuren_errors_escape(data):
    pytest.importorskip("matplotlib")
    from matplotlib.axes import Axes

    from liuren.show.drawing import draw_plate

    values = one_field_broken(
        data,
        {
            **DISPLAY_FIELDS,
            "style": st.sampled_from(["round", "square", "hex"]),
            "ax": st.none(),
            "arrows": st.booleans(),
            "title": st.booleans(),
        },
    )
    values.pop("labels")
    chart, ax = values.pop("chart"), values.pop("ax")
    options = {k: v for k, v in values.items() if v is not None}
    try:
        drawn = draw_plate(chart, ax, **options)
    except LiurenError:
        event("refused")
        return
    event("drawn")
    assert isinstance(drawn, Axes)


def _not_a_big_image(value: object) -> bool:
    """A dpi that plate_png would accept but that takes long to draw is left to test_drawing."""
    return not (isinstance(value, int | float) and not isinstance(value, bool) and 40 < value <= 1200)


@fuzz(16)
@given(data=st.data())
def test_plate_png_lets_only_liuren_errors_escape(data):
    pytest.importorskip("matplotlib")
    from liuren.show.drawing import plate_png

    values = one_field_broken(
        data,
        {
            **DISPLAY_FIELDS,
            "style": st.sampled_from(["round", "square"]),
            "dpi": st.one_of(st.integers(10, 40), st.floats(10, 40)),
            "extra": some(st.sampled_from(["ax", "dpi_", "colour", "labels"])),
        },
    )
    values.pop("labels")
    chart, style, dpi, extra = values.pop("chart"), values.pop("style"), values.pop("dpi"), values.pop("extra")
    if not _not_a_big_image(dpi):
        dpi = 1e6
    options = {k: v for k, v in values.items() if v is not None}
    if isinstance(extra, str):
        options[extra] = None
    try:
        png = plate_png(chart, style, dpi, **options)
    except LiurenError:
        event("refused")
        return
    event("drawn")
    assert png.startswith(b"\x89PNG")


# ---------------------------------------------------------------- the widgets
pytest.importorskip("ipywidgets")
CONTROL_VALUES = {
    "day": st.sampled_from(["甲戌", "丙申日", "甲丑", "x"]),
    "hour": st.sampled_from(["未", "午時", "午将", "子时"]),
    "general": st.sampled_from(["亥", "登明", "神后", "亥將", "亥時"]),
    "noble": st.sampled_from(["auto", "day", "夜", None, "noon"]),
    "school": st.sampled_from(["default", "探原", "DAQUAN", "custom", "nope"]),
    "month": st.sampled_from(["none", "寅", "寅月", None]),
    "year": st.sampled_from(["none", "子", "子年", None]),
    "benming": st.sampled_from(["none", "午", "庚午", None]),
    "xingnian": st.sampled_from(["none", "寅", "丙寅", None]),
    "show_explain": st.booleans(),
    "labels": st.sampled_from(["zh", "ko", "en", "fr"]),
    "compare": st.sampled_from(["none", "school", "noble", "both"]),
    "against": st.sampled_from(["default", "tanyuan", "指南"]),
    "turn": st.integers(-1, 12),
}
EXPLORER_FIELDS = {
    "day": st.sampled_from(["丙申", "甲戌日", "甲子"]),
    "hour": st.sampled_from(["午", "午時", "子"]),
    "general": st.sampled_from(["亥", "登明", "亥將"]),
    "noble": some(st.sampled_from(["day", "night", "晝"])),
    "school": some(
        st.sampled_from(["default", "探原", School().replace(noble_table="B"), School().replace(day_night="sun")])
    ),
    "month": some(st.sampled_from(["寅", "寅月"])),
    "year": some(st.sampled_from(["子", "午年"])),
    "nianming": some(st.sampled_from([("午", "寅"), ("庚午", "丙寅")])),
    "labels": st.sampled_from(["zh", "ko", "en"]),
    "compare": st.sampled_from(["none", "school", "noble"]),
    "explain": st.booleans(),
}


@fuzz(30)
@given(data=st.data())
def test_explorer_and_its_set_let_only_liuren_errors_escape(data):
    from liuren.show.widgets import Explorer

    kwargs = one_field_broken(data, EXPLORER_FIELDS)
    try:
        ex = Explorer(kwargs.pop("day"), kwargs.pop("hour"), kwargs.pop("general"), drawing=False, **kwargs)
    except LiurenError:
        event("refused")
        return
    for _ in range(data.draw(st.integers(1, 3), label="sets")):
        changes = data.draw(
            st.dictionaries(
                st.sampled_from(sorted(CONTROL_VALUES)), st.one_of(junk, st.just(None)), max_size=2
            ).flatmap(
                lambda d: st.fixed_dictionaries({k: st.one_of(CONTROL_VALUES[k], st.just(v)) for k, v in d.items()})
            ),
            label="set",
        )
        before = (ex.chart, ex.error, [getattr(ex, name).value for name in ex.CONTROLS])
        try:
            ex.set(**changes)
        except LiurenError as error:
            assert len(str(error)) < 1000
            assert (ex.chart, ex.error, [getattr(ex, name).value for name in ex.CONTROLS]) == before  # nothing changed
            event("set refused")
            continue
        event("set")
        assert (ex.chart is None) == (ex.error is not None)
        assert ex.turn.value == BRANCHES.index(ex.hour.value)


@fuzz(20)
@given(data=st.data())
def test_stepper_lets_only_liuren_errors_escape(data):
    from liuren.show.stepper import reading_step_html
    from liuren.show.widgets import Stepper

    kwargs = one_field_broken(
        data,
        {
            "chart": charts,
            "lang": st.sampled_from(["zh", "ko", "en"]),
            "drawing": st.just(False),
            "interval": st.integers(1, 5000),
        },
    )
    try:
        s = Stepper(kwargs.pop("chart"), **kwargs)
    except LiurenError:
        event("refused")
        return
    keys = [step.key for step in s.steps]
    for _ in range(3):
        step = data.draw(
            st.one_of(st.none(), st.sampled_from(keys), st.integers(-2, len(keys) + 1), junk), label="step"
        )
        lang = data.draw(st.one_of(st.none(), st.sampled_from(["zh", "ko", "en", "fr"]), junk), label="lang")
        try:
            shown = s.set(step=step, lang=lang)
        except LiurenError:
            event("set refused")
            continue
        assert shown is s.step
        assert s.board.value == (reading_step_html(s.reading, s.number) if s.key == "reading" else s.step.html())
    s.next()
    s.prev()


QUESTION_VALUES = {
    "offset": st.one_of(st.integers(-13, 13), st.sampled_from(["3", "x", "十二"])),
    "lessons": st.sampled_from(["申午子申", "午子", "甲", "???"]),
    "transmissions": st.sampled_from(["卯申丑", "子", "酉 丑 巳", "?"]),
    "method": st.sampled_from(["賊克", "遙克", "nope", ""]),
}


@fuzz(20)
@given(data=st.data())
def test_exercise_lets_only_liuren_errors_escape(data):
    from liuren.show.widgets import Exercise

    kwargs = one_field_broken(
        data,
        {
            "seed": some(st.integers(0, 10**9)),
            "lang": st.sampled_from(["zh", "ko", "en"]),
            "mode": st.sampled_from(["all", "one"]),
            "school": some(st.sampled_from(["default", "探原"])),
        },
    )
    try:
        ex = Exercise(**kwargs)
    except LiurenError:
        event("refused")
        return
    for _ in range(2):
        parts = data.draw(
            st.dictionaries(st.sampled_from(sorted(QUESTION_VALUES)), st.one_of(junk, st.none()), max_size=3).flatmap(
                lambda d: st.fixed_dictionaries({k: st.one_of(QUESTION_VALUES[k], st.just(v)) for k, v in d.items()})
            ),
            label="answer",
        )
        result = ex.answer(**parts)  # a malformed answer is shown as its error, never raised
        assert isinstance(result.ok, bool)
    ex.deal()


# ---------------------------------------------------------------- the CLI
WORDS = st.sampled_from(
    [
        "chart",
        "now",
        "丙申",
        "甲丑",
        "午",
        "亥",
        "午時",
        "登明",
        "--noble",
        "day",
        "night",
        "--school",
        "探原",
        "nope",
        "--month",
        "--year",
        "寅",
        "--json",
        "--trace",
        "--explain",
        "--at",
        "2026-11-29 14:05",
        "0001-01-01T00:00+14:00",
        "9999-12-31T23:59-14:00",
        "2026-03-08 02:30",
        "--tz",
        "America/New_York",
        "Asia/Seol",
        "--location",
        "37.5,127",
        "91,0",
        "nan,0",
        "1,2,3",
        "--option",
        "day_night=sun",
        "true_solar_time=true",
        "shehai=depth",
        "k=v",
        "=",
        "-h",
        "--version",
        "--bogus",
        "-",
        "--",
    ]
)
valid_argv = st.builds(
    lambda day, hour, general, flags: ["chart", day, hour, general, *[w for f in flags for w in f]],
    st.sampled_from([str(p) for p in PILLARS]),
    st.sampled_from([str(b) for b in BRANCHES]),
    st.sampled_from([str(b) for b in BRANCHES]),
    st.lists(
        st.sampled_from(
            [
                ("--json",),
                ("--trace",),
                ("--explain",),
                ("--noble", "night"),
                ("--school", "探原"),
                ("--month", "寅"),
                ("--year", "子"),
                ("--option", "shehai=depth"),
            ]
        ),
        max_size=3,
        unique=True,
    ),
)
moment_argv = st.builds(
    lambda at, flags: ["chart", "--at", at, *[w for f in flags for w in f]],
    st.sampled_from(
        ["2026-11-29 14:05", "2026-03-08 02:30", "1900-01-01T00:00Z", "2100-12-31 23:59", "2026-11-01 01:30"]
    ),
    st.lists(
        st.sampled_from(
            [
                ("--tz", "America/New_York"),
                ("--tz", "Asia/Seoul"),
                ("--json",),
                ("--location", "37.5,127"),
                ("--option", "day_boundary=00:00"),
                ("--option", "true_solar_time=true"),
            ]
        ),
        max_size=3,
        unique=True,
    ),
)
argv_lists = st.one_of(
    valid_argv,
    moment_argv,
    st.lists(st.one_of(WORDS, any_text), max_size=8),
    st.lists(any_text, max_size=5),
    st.lists(WORDS, min_size=1, max_size=10).map(lambda a: ["chart", *a]),
    st.builds(lambda a, i, junk_word: [*a[:i], junk_word, *a[i + 1 :]], valid_argv, st.integers(0, 6), any_text),
)


def run_in_process(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


@fuzz(200)
@given(argv=argv_lists)
def test_cli_exits_0_or_2_and_never_prints_a_traceback(argv):
    status, out, err = run_in_process(argv)
    event(f"exit {status}")
    assert status in (0, 2), (argv, status, err)
    assert "Traceback" not in err and "Traceback" not in out
    if status == 2:
        assert out == "" and err.count("\n") == 1 and err.startswith("liuren: "), (argv, err)


subprocess_text = st.text(st.characters(blacklist_categories=["Cs", "Cc"]), max_size=10)


@fuzz(4)
@given(argv=st.lists(st.one_of(WORDS, subprocess_text), min_size=1, max_size=6))
def test_cli_in_a_real_process_exits_0_or_2_without_a_traceback(argv):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    proc = subprocess.run([sys.executable, "-m", "liuren", *argv], capture_output=True, env=env)
    err = proc.stderr.decode("utf-8", "backslashreplace")
    assert proc.returncode in (0, 2), (argv, err)
    assert "Traceback" not in err


def test_cli_with_surrogate_arguments_in_a_c_locale():
    """Bytes that are not UTF-8 arrive as surrogates in a C locale: one line, exit 2."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}
    proc = subprocess.run(
        [sys.executable, "-m", "liuren", "chart", b"\xff\xfe", "\xe5\x8d\x88".encode("latin-1"), "亥"],
        capture_output=True,
        env=env,
    )
    err = proc.stderr.decode("ascii", "backslashreplace")
    assert proc.returncode == 2 and err.count("\n") == 1 and "not UTF-8 text" in err and "Traceback" not in err
