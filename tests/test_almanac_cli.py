"""CLI: ``liuren chart --at … --tz …`` and ``liuren now``; the timezone is always printed."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

import liuren
from liuren.almanac import local_zone, parse_moment, resolve_zone
from liuren.cli import main
from liuren.errors import ParseError


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_chart_at_prints_zone_pillars_and_the_chart(capsys):
    status, out, err = run(capsys, "chart", "--at", "2026-11-29 14:05", "--tz", "Asia/Seoul")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "2026-11-29 14:05:00 Asia/Seoul (UTC+09:00)"
    assert lines[1].startswith("丙午年 己亥月 丁未日 丁未時 · 月將 寅(功曹) · 月建 亥")
    expected = liuren.chart_at(datetime(2026, 11, 29, 14, 5, tzinfo=ZoneInfo("Asia/Seoul")))
    assert "\n".join(lines[3:]) == str(expected)


def test_chart_at_json(capsys):
    status, out, _ = run(capsys, "chart", "--at", "2026-11-29 14:05", "--tz", "Asia/Seoul", "--json")
    data = json.loads(out)
    assert status == 0
    assert (data["day"], data["hour"], data["general"], data["month"], data["noble"]) == (
        "丁未",
        "未",
        "寅",
        "亥",
        "day",
    )
    assert data["timezone"] == "Asia/Seoul (UTC+09:00)"
    assert data["calendar"]["next_zhongqi_at"] == "2026-12-22T05:50:14+09:00"


def test_an_offset_in_at_is_an_instant_shown_in_tz(capsys):
    status, out, _ = run(capsys, "chart", "--at", "2026-11-29T05:05:00+00:00", "--tz", "Pacific/Auckland")
    assert status == 0
    assert out.splitlines()[0] == "2026-11-29 18:05:00 Pacific/Auckland (UTC+13:00)"


def test_school_options_and_location(capsys):
    _, out, _ = run(
        capsys, "chart", "--at", "2026-06-01 23:30", "--tz", "Asia/Seoul", "--json", "--option", "day_boundary=00:00"
    )
    assert json.loads(out)["day"] == "丙午"
    _, out, _ = run(capsys, "chart", "--at", "2026-06-01 23:30", "--tz", "Asia/Seoul", "--json")
    assert json.loads(out)["day"] == "丁未"
    argv = ["chart", "--at", "2026-06-21 19:30", "--tz", "Asia/Seoul", "--json", "--option", "day_night=sun"]
    _, out, _ = run(capsys, *argv, "--location", "37.57,126.98")
    assert json.loads(out)["noble"] == "day"
    status, _, err = run(capsys, *argv)
    assert status == 2 and "location=(latitude, longitude)" in err
    _, out, _ = run(
        capsys,
        "chart",
        "--at",
        "2026-11-03 12:00",
        "--tz",
        "Asia/Shanghai",
        "--json",
        "--option",
        "true_solar_time=true",
        "--location",
        "39.47,75.99",
    )
    assert json.loads(out)["calendar"]["clock"].startswith("2026-11-03T09:20")


def test_now_prints_the_zone(capsys, monkeypatch):
    status, out, _ = run(capsys, "now", "--tz", "America/New_York")
    assert status == 0
    assert out.splitlines()[0].endswith(("America/New_York (UTC-05:00)", "America/New_York (UTC-04:00)"))
    monkeypatch.setenv("TZ", "Asia/Seoul")
    _, out, _ = run(capsys, "now")
    assert out.splitlines()[0].endswith("Asia/Seoul (UTC+09:00)")
    assert local_zone() == ZoneInfo("Asia/Seoul")


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (
            ["chart", "--at", "2026-11-29 14:05", "--tz", "Asia/Seol"],
            "'Asia/Seol' is not a known timezone (did you mean 'Asia/Seoul'?)",
        ),
        (["now", "--tz", "Mars/Olympus"], "'Mars/Olympus' is not a known timezone"),
        (["chart", "--at", "2026-11-29 14:05", "--tz", "Asia"], "'Asia' is not a known timezone"),
        (["chart", "--at", "29/11/2026 2pm", "--tz", "UTC"], "'29/11/2026 2pm' is not a date and time"),
        (["chart", "--at", "1850-01-01 12:00", "--tz", "UTC"], "outside the supported range 1900-01-01"),
        (["chart", "--at", "2026-11-29 14:05", "--tz", "UTC", "--option", "day_boundary"], "is not KEY=VALUE"),
        (
            ["chart", "--at", "2026-11-29 14:05", "--tz", "UTC", "--option", "day_boundary=noon"],
            "day_boundary='noon' is not known",
        ),
        (["chart", "丙申", "--at", "2026-11-29 14:05"], "either --at or the day pillar"),
        (["chart", "--at", "2026-11-29 14:05", "--location", "north"], "--location 'north' is not LAT,LON"),
        (["chart", "--at", "2026-11-29 14:05", "--location", "91,0"], "location=(91.0, 0.0) is off the globe"),
        (["chart", "--at", "0001-01-01T00:00+14:00"], "outside the supported range"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, needle):
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and needle in err


def test_unknown_timezone_from_a_real_process():
    proc = subprocess.run(
        [sys.executable, "-m", "liuren", "chart", "--at", "2026-11-29 14:05", "--tz", "Nowhere/Atlantis"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.splitlines() == [
        "liuren: ParseError: 'Nowhere/Atlantis' is not a known timezone; accepted: an IANA timezone name such as "
        "'Asia/Seoul', 'Asia/Shanghai', 'America/New_York' or 'UTC'"
    ]


def test_zone_helpers():
    assert resolve_zone("UTC") == ZoneInfo("UTC")
    with pytest.raises(ParseError, match="did you mean 'America/New_York'"):
        resolve_zone("America/NewYork")
    seoul = ZoneInfo("Asia/Seoul")
    assert parse_moment(" 2026-11-29 14:05 ", seoul) == datetime(2026, 11, 29, 14, 5, tzinfo=seoul)
    assert parse_moment("2026-11-29T05:05Z", seoul) == datetime(2026, 11, 29, 14, 5, tzinfo=seoul)
