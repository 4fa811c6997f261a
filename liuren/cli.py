"""Command-line interface: ``liuren chart 丙申 午 亥 [--noble day|night] [--school NAME] [--json]``,
``liuren chart --at "2026-11-29 14:05" --tz Asia/Seoul``, ``liuren now [--tz NAME]``,
``liuren identify 辛卯 戌 戌 --transmissions 卯子午`` (or ``--printed "…"``) and
``liuren when 丙申 5 day --from 2026-01-01 --to 2027-01-01 --tz Asia/Seoul`` and
``liuren course [DIR] [--lang ko|en] [--no-lab] [--port N] [--ServerApp.x=… …] [-- JUPYTERLAB OPTIONS]``
(copy the course, in Korean or in English, into DIR and open JupyterLab there).

Every bad input prints one line on stderr and exits with status 2. When the output cannot be
written (standard output closed or full, a reader that went away, an encoding such as
``PYTHONIOENCODING=ascii`` that cannot write the chart's characters) it prints one line on stderr
and exits with status 1; nothing is half written, as the output is made whole before it is written.
Arguments that arrive undecoded (as surrogates, in a C/ASCII locale) are read back as UTF-8.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from . import __version__
from .chart import Chart
from .errors import QUOTE_LIMIT, LiurenError, quote
from .lang import codes
from .school import SWITCHES, School, resolve_school

if TYPE_CHECKING:
    from datetime import datetime


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line and exit 2, as for every other bad input
        raise _UsageError(_bounded(message))


MESSAGE_LIMIT = 400
"""At most this many characters of an argparse message are shown (it may list every extra argument)."""
_WORD = re.compile(r"'[^']*'|[^\s']+")


def _bounded(message: str) -> str:
    """argparse's message with each long argument it repeats ("invalid choice: '…'", "unrecognized
    arguments: …") cut as :func:`liuren.errors.quote` cuts it, the whole bounded too, and on one line."""

    def cut(word: re.Match[str]) -> str:
        text = word.group()
        inner = text[1:-1] if text.startswith("'") and len(text) > 1 else text
        return quote(inner) if len(inner) > QUOTE_LIMIT else text

    short = _WORD.sub(cut, message)
    if len(short) > MESSAGE_LIMIT:
        short = f"{short[:MESSAGE_LIMIT]}… ({len(short) - MESSAGE_LIMIT:,} more characters left out)"
    # an argument may hold a newline or another control character: escaped, so the message stays one line
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in short)


class _UsageError(Exception):
    pass


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (subcommands: chart, now, identify, when, course)."""
    parser = _Parser(prog="liuren", description="大六壬 charts exact to the classical rules.")
    parser.add_argument("--version", action="version", version=f"liuren {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for add in (_add_chart, _add_now, _add_identify, _add_when, _add_course):
        add(sub)
    return parser


def _add_chart(sub: Any) -> None:
    """The ``chart`` command: one chart from a day, an hour and a general, or from a moment (``--at``)."""
    chart = sub.add_parser("chart", help="build one chart from a day pillar, an hour branch and a month general")
    chart.add_argument("day", nargs="?", help="day pillar, e.g. 丙申")
    chart.add_argument("hour", nargs="?", help="hour branch, e.g. 午")
    chart.add_argument("general", nargs="?", help="month general, e.g. 亥")
    chart.add_argument("--noble", help="day or night (default: the school's rule for the hour)")
    chart.add_argument("--school", help="school preset: default/指南, tanyuan/探原, daquan/大全")
    chart.add_argument("--month", help="month branch (月建), for seasonal patterns")
    chart.add_argument("--year", help="year branch (太歲), for the patterns that look at the year")
    chart.add_argument(
        "--nianming",
        metavar="本命,行年",
        help="the person's 年命 as two branches or pillars, e.g. 午,寅 or 庚午,丙寅 (with --at: --birth and --sex)",
    )
    chart.add_argument("--json", action="store_true", help="print the chart as JSON")
    chart.add_argument("--trace", action="store_true", help="also print how the initial transmission was chosen")
    chart.add_argument(
        "--explain", action="store_true", help="print the method trace and every named pattern's evidence"
    )
    chart.add_argument(
        "--reading",
        nargs="?",
        const="",
        metavar="MATTER",
        help="print what the chapters say the chart means (占斷), for one matter if given (e.g. 病 or illness)",
    )
    chart.add_argument("--querent", help="who asks, for --reading: 官/official, 常人/commoner, 尊, 卑, 男, 女")
    chart.add_argument(
        "--lang",
        choices=codes(),
        default="en",
        help="language of --trace, --explain and --reading (default en)",
    )
    chart.add_argument("--at", help='a date and time instead of the three inputs, e.g. "2026-11-29 14:05"')
    _add_calendar_options(chart)
    chart.set_defaults(func=_cmd_chart)


def _add_now(sub: Any) -> None:
    """The ``now`` command: the chart of the present moment."""
    now = sub.add_parser("now", help="the chart for the present moment")
    now.add_argument("--noble", help="day or night (default: the school's rule)")
    now.add_argument("--school", help="school preset: default/指南, tanyuan/探原, daquan/大全")
    now.add_argument("--json", action="store_true", help="print the chart as JSON")
    now.add_argument("--trace", action="store_true", help="also print how the initial transmission was chosen")
    now.add_argument("--lang", choices=codes(), default="en", help="language of --trace (default en)")
    _add_calendar_options(now)
    now.set_defaults(func=_cmd_now)


def _add_identify(sub: Any) -> None:
    """The ``identify`` command: which presets and options reproduce a printed chart."""
    found = sub.add_parser("identify", help="which presets and School options reproduce a chart from a book")
    found.add_argument("day", nargs="?", help="day pillar, e.g. 辛卯")
    found.add_argument("hour", nargs="?", help="hour branch, e.g. 戌")
    found.add_argument("general", nargs="?", help="month general, e.g. 戌")
    found.add_argument("--offset", help="the plate offset 0–11 in place of hour and general (no hour known)")
    found.add_argument("--printed", help="a printed 課盤 (the one-line form of the chapters, or what chart prints)")
    found.add_argument("--transmissions", help="the 三傳, e.g. 卯子午 or 卯常子陰午龍")
    found.add_argument("--generals", help="the generals of the 三傳, e.g. 常合陰")
    found.add_argument("--kin", help="the 六親 of the 三傳, e.g. 父財子")
    found.add_argument("--lessons", help="the uppers of lessons 1→4, e.g. 戌卯丑午")
    found.add_argument("--lesson-generals", help="the generals of lessons 1→4")
    found.add_argument("--lesson-type", help="the lesson type the book names, e.g. 杜傳")
    found.add_argument("--noble", help="the 晝/夜 noble the book uses: day or night")
    found.add_argument("--lang", choices=codes(), default="en", help="language of the rules (default en)")
    found.set_defaults(func=_cmd_identify)


def _add_when(sub: Any) -> None:
    """The ``when`` command: the times in a range at which a chart or a 課 holds."""
    holds = sub.add_parser("when", help="the times in a range at which a chart or a 課 holds")
    holds.add_argument(
        "spec", nargs="+", help="a chart (丙申 午 亥) or a 課: day and plate offset, maybe day/night (丙申 5 day)"
    )
    holds.add_argument("--noble", help="with a chart: day or night (default: the school's rule for the hour)")
    holds.add_argument("--from", dest="start", required=True, help='start, e.g. "2026-01-01" or "2026-01-01 09:00"')
    holds.add_argument("--to", dest="end", required=True, help="end (excluded)")
    holds.add_argument("--school", help="school preset: default/指南, tanyuan/探原, daquan/大全")
    holds.add_argument("--tz", help="IANA timezone of the clock, e.g. Asia/Seoul (default: this machine's zone)")
    holds.add_argument("--location", help="LAT,LON in degrees, for true solar time or day_night=sun")
    holds.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a School option")
    holds.set_defaults(func=_cmd_when)


LAB_OPTION = re.compile(r"--[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+=.*", re.S)
"""A JupyterLab (traitlets) option ``liuren course`` passes through as it is: ``--ServerApp.ip=0.0.0.0``,
``--LabApp.default_url=/lab/tree/contents.ipynb`` (the ``=`` form; any other JupyterLab option goes after ``--``)."""
PORTS = range(1, 65536)
STOP = (
    "JupyterLab runs in this terminal until you stop it: press Ctrl+C twice (or Ctrl+C and answer y); "
    "from another terminal, `jupyter server list` shows it and `jupyter server stop {port}` stops it."
)


def _split_course(arguments: list[str]) -> tuple[list[str], tuple[str, ...]]:
    """For ``liuren course``: (the arguments liuren reads, the JupyterLab options it passes on) — those
    after ``--`` and every ``--Class.trait=value`` (:data:`LAB_OPTION`), in their order. Other commands'
    arguments are returned as they are."""
    if not arguments or arguments[0] != "course":
        return arguments, ()
    ours, tail = (
        (arguments[: arguments.index("--")], arguments[arguments.index("--") + 1 :])
        if "--" in arguments
        else (arguments, [])
    )
    passed = [a for a in ours if LAB_OPTION.fullmatch(a)]
    return [a for a in ours if not LAB_OPTION.fullmatch(a)], (*passed, *tail)


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = 0
    if port not in PORTS:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a port; accepted: a whole number from 1 to 65535")
    return port


def _add_course(sub: Any) -> None:
    """The ``course`` command: the shipped course copied into a folder of the learner's, opened in JupyterLab."""
    course = sub.add_parser(
        "course",
        help="copy the course notebooks into a folder of your own and open JupyterLab there",
        description="Copy the course into DIR and start JupyterLab there. Run it again after an upgrade: a "
        "notebook you edited is kept, and the new version is set beside it (NN-topic.vVERSION.ipynb); one you "
        "only ran is brought up to date. JupyterLab options of the form --ServerApp.ip=… or --LabApp.…=…, and "
        "everything after --, are passed on to JupyterLab (after liuren's own, so yours win). Stop JupyterLab "
        "with Ctrl+C twice, or with jupyter server stop PORT from another terminal.",
    )
    course.add_argument(
        "folder",
        nargs="?",
        metavar="DIR",
        help="where the course goes (default: ./liuren-course, or ./liuren-course-en with --lang en)",
    )
    course.add_argument(
        "--lang",
        default="ko",
        metavar="ko|en",
        help="the course's edition: ko, the Korean course (the default), or en, the English one (its default "
        "folder is ./liuren-course-en; a folder holds one edition)",
    )
    course.add_argument("--no-lab", action="store_true", help="only copy the course; do not start JupyterLab")
    course.add_argument(
        "--port", type=_port, help="the port JupyterLab listens on (default: JupyterLab's, 8888 or the next free one)"
    )
    course.set_defaults(func=_cmd_course)


def _cmd_course(args: argparse.Namespace) -> int:
    import importlib.util

    from .course import copy_course, lab_settings

    lab_options: tuple[str, ...] = getattr(args, "lab_options", ())
    if args.no_lab and (args.port is not None or lab_options):
        given = " ".join([*([f"--port {args.port}"] if args.port is not None else []), *lab_options])
        raise _UsageError(_bounded(f"--no-lab starts no JupyterLab, so its options cannot be used: {given}"))
    report = copy_course(args.folder, lang=args.lang)
    if args.no_lab:
        print(report.text())
        return 0
    if importlib.util.find_spec("jupyterlab") is None:
        print(report.text())
        _say("liuren: JupyterLab is not installed here; install it with: pip install 'liuren[jupyter]'")
        return 1
    from jupyterlab.commands import get_app_dir  # type: ignore[import-untyped]

    # every cell drawn, so links to headings land (liuren/course.py); the learner's settings untouched
    settings = lab_settings(report.folder, os.path.join(get_app_dir(), "settings"))
    command = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        f"--ServerApp.root_dir={report.folder.resolve()}",
        f"--LabApp.app_settings_dir={settings.resolve()}",
    ]
    if args.port is not None:
        command.append(f"--ServerApp.port={args.port}")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # JupyterLab refuses root (a container, a classroom server) without it
    command.extend(lab_options)  # the learner's own, last: they win
    stop = STOP.format(port=args.port if args.port is not None else "PORT")
    # main() holds the output until a command ends: the report goes out now, before JupyterLab's own
    for stream, text in ((sys.__stdout__, f"{report.text()}\n{stop}\n"), (sys.__stderr__, "")):
        if stream is not None:
            with contextlib.suppress(OSError, ValueError, UnicodeEncodeError):
                stream.write(text)
                stream.flush()
    if os.name == "posix":
        # this process becomes JupyterLab: Ctrl-C, signals and its kernels are its own, as when started by hand
        os.execv(sys.executable, command)
    import subprocess

    return subprocess.call(command)


def _cmd_identify(args: argparse.Namespace) -> int:
    from .identification import identify

    found = identify(
        args.day,
        args.hour,
        args.general,
        transmissions=args.transmissions,
        generals=args.generals,
        kin=args.kin,
        lessons=args.lessons,
        lesson_generals=args.lesson_generals,
        lesson_type=args.lesson_type,
        noble=args.noble,
        offset=args.offset,
        printed=args.printed,
        lang=args.lang,
    )
    print(found.text(args.lang))
    return 0


def _cmd_when(args: argparse.Namespace) -> int:
    from .almanac import check_location, parse_moment, resolve_zone
    from .intervals import when

    zone = resolve_zone(args.tz)
    school = _school(args)
    spec: object
    if len(args.spec) == 3 and not args.spec[1].isdigit():
        spec = Chart(*args.spec, noble=args.noble, school=school)
    elif len(args.spec) in (2, 3) and args.noble is None:
        spec = tuple(args.spec)
    else:
        raise _UsageError(
            f"when needs a chart (day hour general, e.g. 丙申 午 亥) or a 課 (day offset [day|night], e.g. 丙申 5 day); "
            f"got {quote(' '.join(args.spec))}"
        )
    location = None if args.location is None else check_location(_location(args.location))
    found = when(
        spec, parse_moment(args.start, zone), parse_moment(args.end, zone), tz=zone, school=school, location=location
    )
    for interval in found:
        print(interval)
    if not found:
        print("the chart does not hold in this range")
    return 0


def _add_calendar_options(command: argparse.ArgumentParser) -> None:
    command.add_argument("--tz", help="IANA timezone of the clock, e.g. Asia/Seoul (default: this machine's zone)")
    command.add_argument(
        "--location", help="LAT,LON in degrees (north, east positive), for true solar time or day_night=sun"
    )
    command.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a School option, e.g. day_boundary=00:00, yuejiang_switch=jie, day_night=sun, true_solar_time=true",
    )
    command.add_argument(
        "--birth",
        help='birth year (years open at 立春), or the birth moment "1990-02-04 10:00" in --tz; with --sex gives the 年命',
    )
    command.add_argument("--sex", help="男/女 (乾/坤, male/female), with --birth")


def _cmd_now(args: argparse.Namespace) -> int:
    from datetime import datetime

    from .almanac import resolve_zone

    return _chart_at(datetime.now(resolve_zone(args.tz)), args)


def _school(args: argparse.Namespace) -> School:
    """The --school preset with every --option KEY=VALUE applied ("true"/"false" for the yes/no options)."""
    school = resolve_school(args.school)
    if not args.option:
        return school
    switches = set(SWITCHES)
    changes: dict[str, object] = {}
    for item in args.option:
        key, sep, value = (part.strip() for part in item.partition("="))
        if not sep:
            raise _UsageError(f"--option {quote(item)} is not KEY=VALUE, e.g. --option day_boundary=00:00")
        if key in switches:
            flag = {"true": True, "false": False}.get(value.lower())
            if flag is None:
                raise _UsageError(f"--option {key}={quote(value)}: {key} is true or false")
            changes[key] = flag
        else:
            changes[key] = value
    return school.replace(**changes)


def _chart_at(when: datetime, args: argparse.Namespace) -> int:
    from . import chart_at
    from .almanac import check_location, pillars, real_instant, zone_label

    school = _school(args)
    if (args.birth is None) != (args.sex is None):
        raise _UsageError("the 年命 needs both --birth and --sex")
    location = None if args.location is None else check_location(_location(args.location))
    p = pillars(when, school=school, location=location)
    chart = chart_at(when, school=school, noble=args.noble, location=location, birth=_birth(args), sex=args.sex)
    shown = real_instant(when)  # a time in a daylight-saving gap shows the clock of the real instant
    if args.json:
        print(
            json.dumps(
                {**chart.to_dict(), "timezone": zone_label(shown), "calendar": p.to_dict()},
                ensure_ascii=False,
                indent=2,
            )
        )
        return 0
    print(f"{shown:%Y-%m-%d %H:%M:%S} {zone_label(shown)}")
    print(p)
    print()
    _emit(chart, args, when)
    return 0


def _cmd_chart(args: argparse.Namespace) -> int:
    if args.at is not None:
        from .almanac import parse_moment, resolve_zone

        if args.day or args.month or args.year or args.nianming:
            raise _UsageError(
                "give either --at or the day pillar, hour and general, not both (with --at the 年命 comes from --birth and --sex)"
            )
        return _chart_at(parse_moment(args.at, resolve_zone(args.tz)), args)
    if not (args.day and args.hour and args.general):
        raise _UsageError("chart needs a day pillar, an hour branch and a month general, e.g. liuren chart 丙申 午 亥")
    if args.tz or args.location or args.birth or args.sex:
        raise _UsageError(
            "--tz, --location, --birth and --sex belong to a moment: use them with --at (or liuren now); "
            "without one, give the 年命 as --nianming 本命,行年"
        )
    fate = (
        None if args.nianming is None else tuple(part.strip() for part in args.nianming.replace("，", ",").split(","))
    )
    if fate is not None and len(fate) != 2:
        raise _UsageError(f"--nianming {quote(args.nianming)} is not 本命,行年 (two branches or pillars, e.g. 午,寅)")
    chart = Chart(
        args.day,
        args.hour,
        args.general,
        noble=args.noble,
        school=_school(args),
        month=args.month,
        year=args.year,
        nianming=fate,
    )
    _emit(chart, args)
    return 0


def _birth(args: argparse.Namespace) -> object:
    """--birth as chart_at takes it: a year (digits) or an aware moment read in --tz; None when absent."""
    text = args.birth
    if text is None:
        return None
    year = text.strip()
    if year.isascii() and year.isdigit() and len(year) <= 6:
        return int(year)
    from .almanac import parse_moment, resolve_zone

    return parse_moment(text, resolve_zone(args.tz))


def _emit(chart: Chart, args: argparse.Namespace, when: datetime | None = None) -> None:
    if args.json:
        print(json.dumps(chart.to_dict(), ensure_ascii=False, indent=2))
        return
    if getattr(args, "querent", None) is not None and getattr(args, "reading", None) is None:
        raise _UsageError("--querent says who asks for --reading: give --reading too")
    reading = (
        None if getattr(args, "reading", None) is None else chart.reading(args.reading or None, args.querent, args.lang)
    )
    print(chart)
    if getattr(args, "explain", False):
        print()
        print(chart.explain(args.lang))
    elif args.trace:
        print()
        print(chart.trace(args.lang))
    if reading is not None:
        print()
        print(reading.text(when))  # the verdicts first, then the evidence and every dated 應期


def _location(text: str) -> tuple[float, float]:
    """--location "LAT,LON" as two numbers."""
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        return float(parts[0]), float(parts[1])
    except ValueError:
        raise _UsageError(f"--location {quote(text)} is not LAT,LON in degrees, e.g. --location 37.57,126.98") from None


def _decode_argument(arg: str) -> str:
    """An argument as text: one that arrived undecoded (surrogate escapes, as in a C locale) is read
    back from its bytes as UTF-8; anything else undecodable is a usage error."""
    if not any("\ud800" <= ch <= "\udfff" for ch in arg):
        return arg
    try:
        return os.fsencode(arg).decode("utf-8")
    except UnicodeError:
        raise _UsageError(f"the argument {quote(arg)} is not UTF-8 text") from None


def _say(message: str) -> None:
    """One line on stderr, whatever its encoding can show (characters it cannot are escaped)."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(message + "\n")
    except UnicodeEncodeError:
        encoding = getattr(stream, "encoding", None) or "ascii"
        stream.write(message.encode(encoding, "backslashreplace").decode(encoding, "replace") + "\n")
    except OSError:
        return
    with contextlib.suppress(OSError, ValueError):
        stream.flush()


def _silence_stdout() -> None:
    """Point file descriptor 1 at /dev/null so the interpreter's final flush cannot fail again."""
    with contextlib.suppress(OSError, ValueError, AttributeError, io.UnsupportedOperation):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _write(text: str) -> int:
    """Write the whole output to stdout; 0, or 1 with one line on stderr when it cannot be written."""
    stream = sys.stdout
    if stream is None:
        _say("liuren: error: standard output is closed; nothing was written")
        return 1
    try:
        stream.write(text)
        stream.flush()
    except UnicodeEncodeError:
        encoding = getattr(stream, "encoding", None)
        _say(
            f"liuren: error: the output encoding {encoding!r} cannot write the chart's characters; "
            f"use a UTF-8 locale or set PYTHONIOENCODING=utf-8"
        )
        return 1
    except BrokenPipeError:
        # the reader went away (`liuren chart … | head`): stop quietly, as Unix tools do
        _silence_stdout()
        return 1
    except OSError as error:
        _silence_stdout()
        _say(f"liuren: error: cannot write the output: {error.strerror or error}")
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit status."""
    parser = build_parser()
    out = io.StringIO()
    try:
        arguments, lab_options = _split_course([_decode_argument(a) for a in (sys.argv[1:] if argv is None else argv)])
        with contextlib.redirect_stdout(out):
            try:
                args = parser.parse_args(arguments, namespace=argparse.Namespace(lab_options=lab_options))
                status = args.func(args)
            except SystemExit as done:  # --help, --version
                status = done.code if isinstance(done.code, int) else 0
    except _UsageError as error:
        _say(f"liuren: error: {error}")
        return 2
    except LiurenError as error:
        _say(f"liuren: {type(error).__name__}: {error}")
        return 2
    written = _write(out.getvalue())
    return written or status


if __name__ == "__main__":
    sys.exit(main())
