"""Bad input gets a specific ValueError subclass that quotes the input and says what is accepted."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import liuren
from liuren import Chart, InvalidChartError, LiurenError, ParseError, School, SchoolError
from liuren.cycle import (
    parse_general_name,
    parse_hour,
    parse_month,
    parse_month_general,
    parse_pillar,
    parse_stem,
    parse_year,
)
from liuren.errors import quote

from .conftest import BOUND, LONG


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "quoted", "accepted"),
    [
        (("甲丑", "午", "亥"), {}, ParseError, "'甲丑'", "same yin-yang"),
        (("丙申", "午午", "亥"), {}, ParseError, "'午午'", "子丑寅卯辰巳午未申酉戌亥"),
        (("丙申", "X", "亥"), {}, ParseError, "'X'", "子丑寅卯辰巳午未申酉戌亥"),
        (("丙申", "午", "甲"), {}, ParseError, "'甲'", "子丑寅卯辰巳午未申酉戌亥"),
        (("丙申", "午", ""), {}, ParseError, "''", "子丑寅卯辰巳午未申酉戌亥"),
        (("甲", "午", "亥"), {}, ParseError, "'甲'", "60 pillars"),
        ((60, "午", "亥"), {}, ParseError, "60", "must be a string"),
        (("丙申", 6, "亥"), {}, ParseError, "6", "must be a string"),
        (("丙申", None, "亥"), {}, ParseError, "None", "must be a string"),
        (("丙申", "午", b"\xe4\xba\xa5"), {}, ParseError, "b'", "must be a string"),
        (("丙申", "午", "亥"), {"school": "zhinan"}, SchoolError, "'zhinan'", "'default'"),
        (("丙申", "午", "亥"), {"school": 3}, SchoolError, "3", "preset name"),
        (("丙申", "午", "亥"), {"noble": "noon"}, ParseError, "'noon'", "'day'"),
        (("丙申", "午", "亥"), {"noble": True}, ParseError, "True", "'night'"),
        (("丙申", "午", "亥"), {"month": "正"}, ParseError, "'正'", "子丑寅卯辰巳午未申酉戌亥"),
    ],
)
def test_bad_input_is_a_clear_error(args, kwargs, error, quoted, accepted):
    with pytest.raises(error) as info:
        liuren.chart(*args, **kwargs)
    assert isinstance(info.value, ValueError) and isinstance(info.value, LiurenError)
    assert quoted in str(info.value)
    assert accepted in str(info.value)


def test_sun_rule_needs_an_explicit_noble():
    school = liuren.School().replace(day_night="sun")
    with pytest.raises(InvalidChartError, match="noble='day'"):
        liuren.chart("丙申", "午", "亥", school=school)
    assert liuren.chart("丙申", "午", "亥", school=school, noble="night").noble == "night"


def test_bad_school_options():
    with pytest.raises(SchoolError, match=r"shehai='deep'.*'mengzhong'"):
        liuren.School(shehai="deep")
    with pytest.raises(SchoolError, match="unknown School option"):
        liuren.School().replace(colour="red")
    with pytest.raises(SchoolError, match="True or False"):
        liuren.School(split_shiru="yes")


def test_bad_specs():
    for spec in (
        "",
        "丙申 午",
        "丙申 午 亥 day default month=寅 year=午 extra",
        7,
        "丙申 午 亥 day night",
        "丙申 午 亥 month=寅 month=卯",
        "丙申 午 亥 探原 default",
    ):
        with pytest.raises(ParseError):
            liuren.Chart.parse(spec)
    with pytest.raises(SchoolError):
        liuren.Chart.parse("丙申 午 亥 dai")


def test_general_lookup_errors():
    chart = liuren.chart("丙申", "午", "亥")
    with pytest.raises(ParseError, match=r"'天馬'.*twelve generals"):
        chart.branch_of("天馬")
    assert chart.branch_of("龍") == chart.branch_of("青龍") == chart.branch_of("青龙")


# ---------------------------------------------------------------- writing files: WriteError (liuren/files.py)
def test_write_error_is_a_liuren_error_and_an_os_error_not_a_parse_error():
    from liuren import WriteError

    assert issubclass(WriteError, LiurenError) and issubclass(WriteError, ValueError)
    assert issubclass(WriteError, OSError) and not issubclass(WriteError, ParseError)
    assert str(WriteError("path='x' is a directory")) == "path='x' is a directory"  # no errno prefix


def test_a_path_whose_fspath_gives_no_file_name_is_a_parse_error(tmp_path):
    """os.PathLike objects whose __fspath__() returns an int are refused with the accepted forms, by
    to_html, the casebook's export and import, and the store, not a TypeError from os.fspath."""
    from liuren.casebook import Casebook
    from liuren.show.html import to_html

    class Number:
        def __fspath__(self) -> int:
            return 3

    book = Casebook(tmp_path / "s.sqlite3")
    for call in (
        lambda: to_html(liuren.chart("丙申", "午", "亥"), Number()),  # type: ignore[arg-type]
        lambda: book.export(Number()),  # type: ignore[arg-type]
        lambda: book.import_(Number()),  # type: ignore[arg-type]
        lambda: Casebook(Number()),  # type: ignore[arg-type]
    ):
        with pytest.raises(
            ParseError, match=r"path=<.* \(Number\) is not a file path: its __fspath__\(\) gives no file name"
        ):
            call()
    assert [p.name for p in tmp_path.iterdir() if not p.name.startswith("s.sqlite3")] == []  # nothing written


def test_read_text_reads_utf8_and_its_read_error_is_a_parse_error_and_an_os_error(tmp_path):
    from liuren.errors import ReadError
    from liuren.files import read_text

    assert issubclass(ReadError, ParseError) and issubclass(ReadError, OSError)
    (tmp_path / "a.json").write_bytes("\ufeff子".encode())
    assert read_text(tmp_path / "a.json", 10, "x") == "子"  # the byte order mark dropped
    for path, error, message in (
        (
            tmp_path / "missing.json",
            ReadError,
            r"missing\.json' cannot be read \(No such file or directory\); accepted: an export",
        ),
        (tmp_path, ReadError, r"cannot be read \(Is a directory\); accepted: an export"),
        (tmp_path / "a.json", ParseError, r"a\.json' is larger than 4 bytes; accepted: an export"),
        (tmp_path / "\ud800.json", ParseError, r"cannot be encoded as a file name"),
    ):
        with pytest.raises(error, match=message) as found:
            read_text(path, 4, "an export")
        assert isinstance(found.value, OSError) == (error is ReadError)
    (tmp_path / "b.json").write_bytes(b"ok \xff")
    with pytest.raises(ParseError, match=r"b\.json' is not UTF-8 text \(byte 4 cannot be read\)"):
        read_text(tmp_path / "b.json", 10, "an export")


def test_to_html_refuses_a_read_only_file_and_says_why(tmp_path):
    import os

    from liuren.show.html import to_html

    page = tmp_path / "chart.html"
    page.write_text("kept", encoding="utf-8")
    os.chmod(page, 0o444)
    with pytest.raises(liuren.WriteError, match=r"is read-only \(mode 0444\) and is not replaced: make it writable"):
        to_html(liuren.chart("丙申", "午", "亥"), page)
    assert page.read_text(encoding="utf-8") == "kept" and os.stat(page).st_mode & 0o777 == 0o444
    assert [p.name for p in tmp_path.iterdir()] == ["chart.html"]
    os.chmod(page, 0o644)
    to_html(liuren.chart("丙申", "午", "亥"), page)  # writable again: replaced
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("path", ["/dev/null", "/dev/stdout", "/proc/self/fd/1", "/dev/fd/1", "/sys/kernel/x.html"])
def test_to_html_refuses_devices_and_process_files(path):
    from liuren.show.html import to_html

    with pytest.raises(liuren.WriteError, match=r"leads to .*, a device or a running process's file, not a regular"):
        to_html(liuren.chart("丙申", "午", "亥"), path)


def test_a_symlink_into_dev_or_proc_is_refused_even_when_it_ends_at_a_regular_file(tmp_path):
    from liuren.files import target, write_atomic

    log = tmp_path / "log.txt"
    log.write_text("the log", encoding="utf-8")
    with open(log, "a", encoding="utf-8") as held:  # /proc/self/fd/N of an open file ends at the log itself
        via_proc = f"/proc/self/fd/{held.fileno()}"
        for name, to in (("out.html", "/dev/stdout"), ("fd.html", via_proc)):
            link = tmp_path / name
            link.symlink_to(to)
            with pytest.raises(liuren.WriteError, match="a device or a running process's file"):
                write_atomic(link, "page")
        with pytest.raises(liuren.WriteError):
            target(via_proc)
    assert log.read_text(encoding="utf-8") == "the log"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fd.html", "log.txt", "out.html"]


def test_to_html_to_dev_stdout_does_not_rename_over_the_log_it_is_sent_to(tmp_path):
    import os
    import subprocess
    import sys

    code = (
        "import liuren\nfrom liuren.show.html import to_html\nprint('before', flush=True)\n"
        "try:\n    to_html(liuren.chart('丙申', '午', '亥'), '/dev/stdout')\n"
        "except liuren.WriteError as error:\n    print('refused:', error, flush=True)\n"
    )
    log = tmp_path / "log.txt"
    with open(log, "w", encoding="utf-8") as out:
        here = os.path.dirname(os.path.dirname(liuren.__file__))  # the liuren under test, in the child too
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (here, os.environ.get("PYTHONPATH"))))}
        subprocess.run([sys.executable, "-c", code], stdout=out, check=True, env=env, cwd=tmp_path)
    text = log.read_text(encoding="utf-8")
    assert text.startswith("before\nrefused: path='/dev/stdout' leads to '/dev/stdout'")
    assert "<!DOCTYPE" not in text and sorted(p.name for p in tmp_path.iterdir()) == ["log.txt"]


# ---------------------------------------------------------------- bounded messages: a long input is quoted in part
def test_quote_is_bounded():
    assert quote("午時") == "'午時'"
    assert quote(LONG) == "'" + "子" * 24 + "…' (1,000,000 characters)"
    assert quote(b"x" * 100) == "b'" + "x" * 24 + "…' (100 bytes)"
    assert len(quote(list(range(10**5)))) < 100

    class Hostile:
        def __repr__(self):
            raise RuntimeError("no")

    assert quote(Hostile()) == "<Hostile object>"


# a character Python's repr escapes to ten (\U00010d28) used to be counted as one: a spec of them,
# quoted three times in one message, made a 500-character error; escapes now count, to twice the limit
@settings(max_examples=300)
@given(st.one_of(st.text(), st.binary()), st.integers(1, 80))
def test_a_quotation_stays_within_its_limit_whatever_the_characters_escape_to(value, limit):
    shown = quote(value, limit)
    unit = "bytes" if isinstance(value, bytes) else "characters"
    if shown == repr(value):  # quoted whole: it fits the limit
        assert len(value) <= limit and len(shown) <= 2 * limit + 3
    else:  # a prefix that fits the limit between its quotes (and b for bytes), an ellipsis, the length
        head, sep, rest = shown.rpartition(" (")
        assert sep and rest == f"{len(value):,} {unit})"
        assert head[-2] == "…" and head[-1] in "'\""
        assert len(head) - 1 <= 2 * limit + 3


def test_unprintable_characters_are_quoted_as_briefly_as_printable_ones():
    assert quote("\U00010d28" * 30) == "'" + "\\U00010d28" * 4 + "…' (30 characters)"
    assert quote(b"\xff" * 30) == "b'" + "\\xff" * 12 + "…' (30 bytes)"
    spec = "0 0 0 00 \ud7fc" + "\U00010d28" * 4 + "\U00012544" * 5 + "\U00018cd6" * 5 + "\U0002ebe1" * 3
    with pytest.raises(ParseError) as info:
        Chart.parse(spec)
    assert "gives the school twice" in str(info.value) and len(str(info.value)) < BOUND


@pytest.mark.parametrize(
    "call",
    [
        lambda v: Chart(v, "午", "亥"),
        lambda v: Chart("丙申", v, "亥"),
        lambda v: Chart("丙申", "午", v),
        lambda v: Chart("丙申", "午", "亥", noble=v),
        lambda v: Chart("丙申", "午", "亥", school=v),
        lambda v: Chart("丙申", "午", "亥", month=v),
        lambda v: Chart("丙申", "午", "亥", year=v),
        lambda v: Chart("丙申", "午", "亥", nianming=(v, "寅")),
        lambda v: Chart("丙申", "午", "亥", nianming=("午", v)),
        lambda v: Chart.parse("丙申 午 亥 benming=午 xingnian=" + v),
        lambda v: Chart.parse(v),
        lambda v: Chart.parse("丙申 午 亥 " + v),
        lambda v: Chart.parse("丙申 午 亥 school=" + v),
        lambda v: School(v),
        lambda v: School(tomb=v),
        lambda v: School.preset(v),
        lambda v: School().replace(**{v: 1}),
        lambda v: liuren.chart("丙申", "午", "亥").branch_of(v),
        lambda v: liuren.chart("丙申", "午", "亥").general_on(v),
        lambda v: liuren.Plate(0).heaven_over(v),
        lambda v: liuren.Plate.from_general(v, "午"),
        parse_stem,
        parse_pillar,
        parse_general_name,
        parse_hour,
        parse_month_general,
        parse_month,
        parse_year,
    ],
)
def test_a_megabyte_argument_gives_a_short_message(call):
    with pytest.raises(LiurenError) as info:
        call(LONG)
    assert len(str(info.value)) < BOUND and re.search(r"\(1,000,0\d\d characters\)", str(info.value))


@pytest.mark.parametrize("bad", [None, "丙申 午 亥", 3, ("丙申", "午", "亥"), liuren.chart("丙申", "午", "亥").plate])
def test_steps_and_explain_refuse_what_is_not_a_chart(bad):
    """The step-by-step texts refuse a wrong object as the renderers do (a ParseError naming it and
    saying how to build a chart), not with an AttributeError from inside."""
    from liuren import patterns
    from liuren.show import steps

    for call in (steps.steps, steps.explain, steps.trace_lines, steps.pattern_lines, patterns.explain):
        with pytest.raises(ParseError, match=r"expected a liuren\.Chart, got .* build one with liuren\.chart"):
            call(bad)
    with pytest.raises(ParseError, match=r"expected a liuren Step, got .* take one from chart\.steps\(\)"):
        steps.step_html(bad)
    chart = liuren.chart("丙申", "午", "亥")
    assert steps.step_html(chart.steps()[0]).startswith('<div class="liuren-step" data-key="plate">')
