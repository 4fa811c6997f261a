"""The command-line interface: text, JSON, trace, errors as one line with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import liuren
from liuren.cli import main


def run(*args: str) -> tuple[int, str, str]:
    proc = subprocess.run([sys.executable, "-m", "liuren", *args], capture_output=True, text=True, encoding="utf-8")
    return proc.returncode, proc.stdout, proc.stderr


def test_chart_text(capsys):
    assert main(["chart", "丙申", "午", "亥"]) == 0
    out = capsys.readouterr().out
    assert out == str(liuren.chart("丙申", "午", "亥")) + "\n"
    assert "卯" in out.splitlines()[2]


def test_chart_json(capsys):
    assert main(["chart", "丙申", "午", "亥", "--json", "--school", "探原", "--noble", "night"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == liuren.chart("丙申", "午", "亥", school="tanyuan", noble="night").to_dict()
    assert data["school"] == "tanyuan" and data["noble"] == "night"


def test_chart_trace(capsys):
    assert main(["chart", "甲戌", "未", "亥", "--trace"]) == 0
    out = capsys.readouterr().out
    assert "上克下 in lesson" in out and "三傳 寅午戌" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("chart", "甲丑", "午", "亥"), "'甲丑' is not one of the 60 pillars"),
        (("chart", "丙申", "午", "亥", "--school", "nope"), "'nope' is not a school"),
        (("chart", "丙申", "午", "亥", "--noble", "noon"), "noble='noon'"),
        (("chart", "丙申", "午"), "needs a day pillar, an hour branch and a month general"),
        (("chart", "丙申", "午", "亥", "--bogus"), "unrecognized arguments"),
        (("frobnicate",), "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, message):
    code, out, err = run(*args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and message in err
    assert "Traceback" not in err


def test_version():
    code, out, _ = run("--version")
    assert code == 0 and out.strip() == f"liuren {liuren.__version__}"


def test_console_script_is_declared():
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"]["liuren"] == "liuren.cli:main"


def test_a_closed_pipe_is_not_a_traceback():
    code = (
        "import os, sys; r, w = os.pipe(); os.close(r); sys.stdout = os.fdopen(w, 'w');"
        'from liuren.cli import main; sys.stderr.write(f\'status {main(["chart", "丙申", "午", "亥"])}\')'
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8")
    assert proc.stderr == "status 1"


def test_options_apply_without_a_moment_too(capsys):
    assert main(["chart", "甲辰", "子", "巳", "--option", "shehai=depth", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["lesson_type"] == "涉害" and data["school_options"]["shehai"] == "depth"
    assert main(["chart", "甲辰", "子", "巳", "--option", "count_duplicate_lessons=true", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["school_options"]["count_duplicate_lessons"] is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("chart", "甲辰", "子", "巳", "--option", "split_shiru=maybe"), "split_shiru is true or false"),
        (("chart", "甲辰", "子", "巳", "--option", "colour=red"), "unknown School option"),
        (("chart", "甲辰", "子", "巳", "--tz", "Asia/Seoul"), "use them with --at"),
    ],
)
def test_bad_options_are_one_line(args, message):
    code, out, err = run(*args)
    assert (code, out) == (2, "") and err.count("\n") == 1 and message in err


# ---------------------------------------------------------------- hostile environments: odd locales, encodings and terminals
ROOT = __import__("pathlib").Path(__file__).resolve().parents[1]


def run_env(args: list[str], env: dict[str, str], shell_suffix: str = "") -> subprocess.CompletedProcess:
    """``python -m liuren ARGS`` with this worktree's liuren first on the path and ``env`` added."""
    import os

    full = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    if shell_suffix:
        import shlex

        command = " ".join(shlex.quote(a) for a in [sys.executable, "-m", "liuren", *args]) + " " + shell_suffix
        return subprocess.run(["/bin/sh", "-c", command], env=full, capture_output=True)
    return subprocess.run([sys.executable, "-m", "liuren", *args], env=full, capture_output=True)


def one_line(err: bytes) -> str:
    text = err.decode("utf-8", "backslashreplace")
    assert text.count("\n") == 1 and "Traceback" not in text, text
    return text


def test_an_ascii_output_encoding_is_one_line_not_unicode_encode_error():
    proc = run_env(["chart", "丙申", "午", "亥"], {"PYTHONIOENCODING": "ascii"})
    assert proc.returncode == 1 and proc.stdout == b""
    assert "output encoding 'ascii' cannot write" in one_line(proc.stderr)


def test_c_locale_arguments_arrive_as_surrogates_and_are_read_back():
    env = {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": "utf-8"}
    proc = run_env(["chart", "丙申", "午", "亥"], env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode("utf-8") == str(liuren.chart("丙申", "午", "亥")) + "\n"
    # and a bad CJK argument is still quoted, not mangled into surrogates
    proc = run_env(["chart", "甲丑", "午", "亥"], env)
    assert proc.returncode == 2 and "'甲丑' is not one of the 60 pillars" in one_line(proc.stderr)


def test_a_plain_c_locale_prints_the_chart():
    """LC_ALL=C as such: Python reads it as UTF-8 (PEP 540), so the chart prints and the CJK arguments arrive intact."""
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "PYTHONUTF8", "LANG", "LC_CTYPE")}
    proc = subprocess.run(
        [sys.executable, "-m", "liuren", "chart", "丙申", "午", "亥"],
        capture_output=True,
        env={**env, "PYTHONPATH": str(ROOT), "LC_ALL": "C"},
    )
    assert proc.returncode == 0 and proc.stderr == b""
    assert proc.stdout.decode("utf-8") == str(liuren.chart("丙申", "午", "亥")) + "\n"


def test_arguments_that_are_not_utf8_are_one_line(capsys):
    assert main(["chart", "\udcff\udcfe", "午", "亥"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not UTF-8 text" in err
    assert main(["chart", "\ud800", "午", "亥"]) == 2
    assert "is not UTF-8 text" in capsys.readouterr().err


def test_a_closed_stdout_is_one_line():
    proc = run_env(["chart", "丙申", "午", "亥"], {}, shell_suffix=">&-")
    assert proc.returncode == 1
    assert "standard output is closed" in one_line(proc.stderr)


def test_a_full_disk_is_one_line():
    proc = run_env(["chart", "丙申", "午", "亥"], {}, shell_suffix="> /dev/full")
    assert proc.returncode == 1
    assert "cannot write the output: No space left on device" in one_line(proc.stderr)


def test_a_moment_beyond_the_calendar_is_one_line():
    proc = run_env(["chart", "--at", "0001-01-01T00:00+14:00"], {})
    assert proc.returncode == 2 and proc.stdout == b""
    assert "OutOfRangeError: '0001-01-01T00:00+14:00' is outside the supported range" in one_line(proc.stderr)


def test_a_huge_argument_is_quoted_bounded(capsys):
    assert main(["chart", "--at", "2026-11-29 14:05", "--location", "9" * 1_000_000]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 500 and "characters)" in err


BIG = "子" * 1_000_000


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("chart", "丙申", "午", "亥", "--option", BIG), "is not KEY=VALUE"),
        (
            ("chart", "丙申", "午", "亥", "--option", "count_duplicate_lessons=" + BIG),
            "count_duplicate_lessons is true or false",
        ),
        (("chart", "丙申", "午", "亥", "--option", "shehai=" + BIG), "is not known"),
        (("chart", "丙申", "午", "亥", "--option", BIG + "=1"), "unknown School option"),
        (("chart", "丙申", "午", "亥", "--lang", BIG), "argument --lang: invalid choice"),  # argparse's own messages
        (("chart", "丙申", "午", "亥", BIG), "unrecognized arguments"),
        (("chart", "丙申", "午", "亥", "--" + BIG), "unrecognized arguments"),
        ((BIG,), "invalid choice"),
    ],
)
def test_a_megabyte_argument_gives_one_short_line(capsys, args, needle):
    assert main(list(args)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 500 and needle in err and "(1,000,0" in err, err[:300]


def test_argparse_messages_are_bounded_however_many_arguments():
    from liuren.cli import MESSAGE_LIMIT, _bounded

    assert _bounded("argument --lang: invalid choice: 'fr' (choose from 'en', 'zh', 'ko')") == (
        "argument --lang: invalid choice: 'fr' (choose from 'en', 'zh', 'ko')"
    )  # short messages are kept as they are
    assert (
        _bounded("unrecognized arguments: " + "x" * 30) == "unrecognized arguments: '" + "x" * 24 + "…' (30 characters)"
    )
    many = _bounded("unrecognized arguments: " + " ".join(["x"] * 100_000))
    assert len(many) < MESSAGE_LIMIT + 60 and many.endswith("more characters left out)")


@pytest.mark.parametrize("word", ["\n", "a\nb", "\r", "\x1b[2J", "\u2028"])
def test_an_argument_with_a_control_character_gives_one_line(capsys, word):
    assert main(["chart", "丙申", "午", "亥", word]) == 2
    err = capsys.readouterr().err
    assert err.endswith("\n") and err[:-1].isprintable() and "unrecognized arguments" in err, repr(err)


def test_the_nianming_on_the_command_line(capsys):
    """--nianming for the three inputs; --birth and --sex with a moment, as chart_at takes them."""
    assert main(["chart", "丙申", "午", "亥", "--nianming", "午,寅", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == liuren.chart("丙申", "午", "亥", nianming=("午", "寅")).to_dict()
    from datetime import datetime
    from zoneinfo import ZoneInfo

    seoul = ZoneInfo("Asia/Seoul")
    when = datetime(2026, 11, 29, 14, 5, tzinfo=seoul)
    for birth, given in (("1990", 1990), ("1990-02-04 10:00", datetime(1990, 2, 4, 10, 0, tzinfo=seoul))):
        assert (
            main(["chart", "--at", "2026-11-29 14:05", "--tz", "Asia/Seoul", "--birth", birth, "--sex", "女", "--json"])
            == 0
        )
        data = json.loads(capsys.readouterr().out)
        expected = liuren.chart_at(when, birth=given, sex="female")
        assert {k: data[k] for k in expected.to_dict()} == expected.to_dict()
    # 10:00 in Seoul is before that year's 立春 (about 10:14 in China, 11:14 in Seoul): born in 1989, 己巳
    assert liuren.chart_at(when, birth=datetime(1990, 2, 4, 10, 0, tzinfo=seoul), sex="女").nianming.benming == "巳"
    assert liuren.chart_at(when, birth=1990, sex="女").nianming.benming == "午"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("chart", "丙申", "午", "亥", "--nianming", "午"), "is not 本命,行年"),
        (("chart", "丙申", "午", "亥", "--nianming", "午,鼠"), "'鼠'"),
        (("chart", "丙申", "午", "亥", "--birth", "1990", "--sex", "男"), "belong to a moment"),
        (("chart", "--at", "2026-11-29 14:05", "--birth", "1990"), "needs both --birth and --sex"),
        (("chart", "--at", "2026-11-29 14:05", "--sex", "男"), "needs both --birth and --sex"),
        (("chart", "--at", "2026-11-29 14:05", "--birth", "1990", "--sex", "x"), "sex='x'"),
        (("chart", "--at", "2026-11-29 14:05", "--birth", "²", "--sex", "男"), "is not a date and time"),
        (("chart", "--at", "2026-11-29 14:05", "--birth", "9" * 5000, "--sex", "男"), "(5,000 characters)"),
        (("chart", "--at", "2026-11-29 14:05", "--birth", "2030", "--sex", "男"), "before birth_year=2030"),
        (("chart", "--at", "2026-11-29 14:05", "--nianming", "午,寅"), "not both"),
    ],
)
def test_bad_nianming_is_one_line(args, message):
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err, err
    assert "Traceback" not in err
