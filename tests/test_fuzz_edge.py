"""Fuzzing the entry points around the engine: find(), chart_at()/pillars(), the HTML and drawing
options, to_html's path and the CLI. Whatever comes in, only liuren errors come out, and the CLI
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
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])

# ---------------------------------------------------------------- values of every kind
any_text = st.text(max_size=12)  # includes surrogates, NUL, combining marks …
junk = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True), any_text,
    st.binary(max_size=6), st.lists(st.integers(0, 12), max_size=4), st.lists(any_text, max_size=4),
    st.dictionaries(any_text, st.integers(), max_size=2), st.frozensets(st.integers(), max_size=3),
    st.tuples(st.floats(), st.floats()), st.just(object()), st.lists(st.lists(st.integers(), max_size=2), max_size=3),
    st.lists(st.one_of(st.lists(st.integers(), max_size=1), st.sets(st.integers(), max_size=1),  # three unhashable items
                       st.dictionaries(st.integers(), st.integers(), max_size=1)), min_size=3, max_size=3),
)
branch_text = st.sampled_from([str(b) for b in BRANCHES] + ["?", "*", "卯時", "亥將", "登明", "午时", "酉丑巳", "合后虎"])
PATTERN_NAMES = sorted({p.name for p in liuren.PATTERNS})
SCHOOL_CHANGES = st.fixed_dictionaries({}, optional={
    "noble_table": st.sampled_from(["A", "B", "C", "D", 1]),
    "day_night": st.sampled_from(["fixed", "mao-you", "zi-si", "sun", "noon"]),
    "shehai": st.sampled_from(["mengzhong", "depth", "depth-excluding-start"]),
    "split_shiru": st.sampled_from([True, False, "yes"]),
    "tomb": st.sampled_from(["fire", "water", "stem"]),
})


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
general_names = st.sampled_from(["貴", "蛇", "朱", "合", "勾", "龍", "空", "虎", "常", "玄", "陰", "后", "六合", "天后", "?"])
FIND_FIELDS = {
    "transmissions": some(st.one_of(st.lists(branch_or_any, min_size=3, max_size=3),
                                    st.lists(branch_or_any.filter(bool), min_size=3, max_size=3).map("".join))),
    "generals": some(st.one_of(st.lists(general_names, min_size=3, max_size=3), st.lists(general_names, min_size=3, max_size=3).map(" ".join))),
    "method": some(st.sampled_from(["遙克", "别责", "賊克", "比用", "涉害", "伏吟", "返吟", "八專", "昴星"])),
    "lesson_type": some(st.sampled_from(["蒿矢", "元首", "重審", "知一", "彈射"])),
    "pattern": some(st.sampled_from([*PATTERN_NAMES, "励德"])),
    "noble": some(st.sampled_from(["day", "night", "晝", "夜"])),
    # mostly presets: each new school builds a 1,440-chart index
    "school": st.one_of(st.sampled_from(["default", "指南", "探原", "大全", None, "default", None, "探原"]),
                        st.sampled_from([School().replace(noble_table="B"), School().replace(day_night="zi-si")]),
                        SCHOOL_CHANGES.map(_school)),
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


in_range = {"min_value": datetime(1899, 12, 30), "max_value": datetime(2101, 1, 2)}
moments = st.one_of(
    st.datetimes(**in_range, timezones=st.timezones()),
    st.datetimes(**in_range, timezones=st.sampled_from([ZoneInfo("America/New_York"), ZoneInfo("Asia/Seoul"), UTC])),
    st.datetimes(**in_range, timezones=st.timezones()).map(lambda d: d.replace(fold=1)),
    st.datetimes(timezones=st.timezones()),  # years 1–9999
    st.datetimes(**in_range),  # naive
    st.builds(lambda d, h: d.replace(tzinfo=_AnyOffset(timedelta(hours=h))), st.datetimes(**in_range), st.integers(-40, 40)),
    st.builds(lambda d, m: d.replace(tzinfo=timezone(timedelta(minutes=m))), st.datetimes(), st.integers(-1439, 1439)),
)
CALENDAR_FIELDS = {
    "when": moments,
    "school": st.one_of(st.sampled_from(["default", "探原", None]), SCHOOL_CHANGES.map(_school),
                        st.sampled_from([School(day_night="sun"), School(true_solar_time=True),
                                         School(day_boundary="00:00", yuejiang_switch="jie")])),
    "location": st.one_of(st.none(), st.tuples(st.floats(-90, 90), st.floats(-180, 180)),
                          st.tuples(st.integers(-90, 90), st.integers(-180, 180)), st.lists(st.floats(-100, 100), max_size=3),
                          st.tuples(st.one_of(st.floats(), st.booleans(), any_text), st.floats())),
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
charts = st.builds(lambda d, h, g: Chart(PILLARS[d], BRANCHES[h], BRANCHES[g]),
                   st.integers(0, 59), st.integers(0, 11), st.integers(0, 11))
file_names = st.text(st.characters(blacklist_characters="/"), min_size=0, max_size=20).filter(lambda n: n not in (".", ".."))
DISPLAY_FIELDS = {
    "chart": charts,
    "labels": some(st.sampled_from(["zh", "ko", "en", "fr"])),
    "highlight": some(st.one_of(st.sampled_from(["transmissions", "lessons", "none", "卯申", "甲"]), st.lists(branch_text, max_size=3))),
    "colors": some(st.dictionaries(st.sampled_from(["ink", "paper", "initial", "bogus"]),
                                   st.sampled_from(["#b8322a", "teal", "rgb(0,0,0)", "red;x", "</style>"]), max_size=2)),
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

    values = one_field_broken(data, {**DISPLAY_FIELDS, "style": st.sampled_from(["round", "square", "hex"]),
                                     "ax": st.none(), "arrows": st.booleans(), "title": st.booleans()})
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


# ---------------------------------------------------------------- the CLI
WORDS = st.sampled_from([
    "chart", "now", "丙申", "甲丑", "午", "亥", "午時", "登明", "--noble", "day", "night", "--school", "探原", "nope",
    "--month", "--year", "寅", "--json", "--trace", "--explain", "--at", "2026-11-29 14:05", "0001-01-01T00:00+14:00",
    "9999-12-31T23:59-14:00", "2026-03-08 02:30", "--tz", "America/New_York", "Asia/Seol", "--location", "37.5,127",
    "91,0", "nan,0", "1,2,3", "--option", "day_night=sun", "true_solar_time=true", "shehai=depth", "k=v", "=", "-h",
    "--version", "--bogus", "-", "--",
])
valid_argv = st.builds(
    lambda day, hour, general, flags: ["chart", day, hour, general, *[w for f in flags for w in f]],
    st.sampled_from([str(p) for p in PILLARS]), st.sampled_from([str(b) for b in BRANCHES]),
    st.sampled_from([str(b) for b in BRANCHES]),
    st.lists(st.sampled_from([("--json",), ("--trace",), ("--explain",), ("--noble", "night"), ("--school", "探原"),
                              ("--month", "寅"), ("--year", "子"), ("--option", "shehai=depth")]), max_size=3, unique=True),
)
moment_argv = st.builds(
    lambda at, flags: ["chart", "--at", at, *[w for f in flags for w in f]],
    st.sampled_from(["2026-11-29 14:05", "2026-03-08 02:30", "1900-01-01T00:00Z", "2100-12-31 23:59", "2026-11-01 01:30"]),
    st.lists(st.sampled_from([("--tz", "America/New_York"), ("--tz", "Asia/Seoul"), ("--json",), ("--location", "37.5,127"),
                              ("--option", "day_boundary=00:00"), ("--option", "true_solar_time=true")]), max_size=3, unique=True),
)
argv_lists = st.one_of(
    valid_argv, moment_argv,
    st.lists(st.one_of(WORDS, any_text), max_size=8),
    st.lists(any_text, max_size=5),
    st.lists(WORDS, min_size=1, max_size=10).map(lambda a: ["chart", *a]),
    st.builds(lambda a, i, junk_word: [*a[:i], junk_word, *a[i + 1:]], valid_argv, st.integers(0, 6), any_text),
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
    proc = subprocess.run([sys.executable, "-m", "liuren", "chart", b"\xff\xfe", "\xe5\x8d\x88".encode("latin-1"), "亥"],
                          capture_output=True, env=env)
    err = proc.stderr.decode("ascii", "backslashreplace")
    assert proc.returncode == 2 and err.count("\n") == 1 and "not UTF-8 text" in err and "Traceback" not in err
