"""The practice path's levels, in the course's order, and the dealing of an item at a level.

Each :class:`Level` says which parts of a chart a learner answers (``parts``: the keyword arguments of
:func:`liuren.show.check.check`, or ``day`` for the reverse drill), which cells those are (``cells``:
cell kinds, see :func:`cell_kind`) and which methods (九宗門) it deals: a level deals only what the
course has taught by then, so level 4 deals only 賊克 charts. Levels 1–3 and 9–14 ask nothing of the
method and deal charts of every lesson type.

:func:`deal` gives an :class:`Item` (the chart, the cells asked, the level, and for some levels a
moment and place, the choices or the prompt). Dealing is stratified by lesson type: a lesson type of
the level is drawn first, with equal chances, then a chart of that type from the 720 課 × 晝/夜 (indexed
once with :func:`liuren.find`), so a rare type (虎視: 8 of 1,440 charts) comes up as often as 重審 (436).
Only the lesson types that occur under the school dealt for are dealt (:meth:`Level.types_under`): under
the default school 始入, the plain 涉害 (its sub-names 見機·察微·綴瑕 come instead) and 比用格 never
occur, so level 4 deals 元首 and 重審 only and level 5 no 涉害 by that name; under 探原 only 比用格 never
occurs, under 大全 始入 and 綴瑕. The same ``random.Random(seed)`` deals the same items: a class set.

Each level names the course notebook that teaches it (``notebook``, its stem): the course's last page
points from each notebook to the levels it opens (tools/make_notebooks.py, :func:`levels_taught_in`).

>>> import random
>>> item = deal(4, random.Random(1))
>>> item.level.number, str(item.chart.method), item.cells
(4, '賊克', ('lesson.upper', 'lesson.lower', 'transmission.branch', 'method', 'subname'))
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta, timezone
from functools import cache
from typing import Any

from ..chart import Chart
from ..errors import ParseError, quote
from ..find import find
from ..school import School
from ..show.check import GATE_OF
from ..transmissions import LESSON_TYPES, Method

ALL_METHODS = tuple(Method)
"""Every method, for the levels that ask nothing of it."""
WHOLE_CHART = (
    "offset",
    "plate",
    "lesson.upper",
    "lesson.lower",
    "transmission.branch",
    "noble",
    "general",
    "kin",
    "hidden-stem",
    "void",
    "method",
    "subname",
)
"""The cells of a whole chart cast by hand (everything but the named patterns)."""


@dataclass(frozen=True, slots=True)
class Level:
    """One level of the practice path: its ``number`` (1–14), ``title``, the ``parts`` a learner
    answers, the ``cells`` (kinds) those parts hold, the ``methods`` whose charts it deals and the
    ``notebook`` (stem) of the course that teaches it."""

    number: int
    title: str
    parts: tuple[str, ...]
    cells: tuple[str, ...]
    methods: tuple[Method, ...] = ALL_METHODS
    notebook: str = ""

    @property
    def lesson_types(self) -> tuple[str, ...]:
        """The lesson types this level deals under the default school (see :meth:`types_under`)."""
        return self.types_under(DEFAULT_SCHOOL)

    def types_under(self, school: School) -> tuple[str, ...]:
        """The lesson types this level deals under ``school``: those of its methods that the school's
        720 課 × 晝/夜 give at least once (a type the school never gives is never promised)."""
        return _types_under(self, school)


def _method_level(number: int, title: str, notebook: str, *methods: Method) -> Level:
    return Level(
        number,
        title,
        ("lessons", "transmissions", "method"),
        ("lesson.upper", "lesson.lower", "transmission.branch", "method", "subname"),
        methods,
        notebook,
    )


READING = "00-reading-a-chart"
"""The course's first notebook: the plate and the four lessons."""
GENERALS = "00b-generals-kin-void"
"""The second half of the course's first notebook: the generals, the 六親, the 遁干 and the 旬空."""
DATE = "00c-date-to-chart"
"""The course's notebook from a date and a time to a chart by hand (日辰, 占時, 月將, 月建)."""


LEVELS: tuple[Level, ...] = (
    # notebook 00b: the 旬空, the 遁干 and the 六親 of given branches on a given day (no 三傳: the branches
    # are given, the learner writes what the day gives them)
    Level(
        1,
        "the cycle: 旬空, 遁干 and 六親 of given branches on a given day",
        ("void", "stems", "kin"),
        ("void", "hidden-stem", "kin"),
        notebook=GENERALS,
    ),
    # notebook 00c: from a date and a time to the 日辰, 占時, 月將 and 月建, cell by cell
    Level(
        2,
        "from a date and a time: 日辰, 占時, 月將 and 月建",
        ("day", "hour", "general", "month"),
        ("day", "hour", "month-general", "month"),
        notebook=DATE,
    ),
    Level(
        3,
        "the plate and the four lessons",
        ("offset", "plate", "lessons"),
        ("offset", "plate", "lesson.upper", "lesson.lower"),
        notebook=READING,
    ),
    _method_level(4, "Conquest (賊克)", "01-yuanshou-chongshen", Method.ZEIKE),
    _method_level(
        5, "Comparison and Wading through Harm (比用·涉害)", "02-biyong-shehai", Method.BIYONG, Method.SHEHAI
    ),
    _method_level(
        6,
        "Distant Conquest, Pleiades and Eight Exclusive (遙克·昴星·八專)",
        "03-yaoke-maoxing-bazhuan",
        Method.YAOKE,
        Method.MAOXING,
        Method.BAZHUAN,
    ),
    _method_level(7, "Separate Charge (別責)", "04-biezhe", Method.BIEZHE),
    _method_level(8, "Hidden Chant and Reversed Chant (伏吟·返吟)", "05-fuyin-fanyin", Method.FUYIN, Method.FANYIN),
    Level(
        9,
        "the noble and the generals",
        ("lessons", "transmissions", "noble"),
        ("lesson.upper", "lesson.lower", "transmission.branch", "noble", "general"),
        notebook=GENERALS,
    ),
    # a whole chart by hand needs every gate: the last of the nine is taught with 伏吟·返吟
    Level(
        10,
        "a whole chart",
        ("offset", "plate", "lessons", "transmissions", "noble", "method"),
        WHOLE_CHART,
        notebook="05-fuyin-fanyin",
    ),
    # the patterns are taught in 07, 07b and 07c: the level opens with the last of them
    Level(
        11,
        "naming the lesson type and the patterns that hold",
        ("method", "patterns"),
        ("subname", "pattern"),
        notebook="07c-yangjiu",
    ),
    # working back from a 課體 to the days and hours that give it is what 勵德·贅婿·無淫 teach (the
    # chapter's own list of 贅婿 days, found again with liuren.find)
    Level(
        12,
        "the reverse drill: a day and 局 that give a lesson type and 三傳",
        ("day", "offset"),
        ("reverse",),
        notebook="06-lide-zhuixu-wuyin",
    ),
    Level(
        13,
        "real time: the chart of a date, time and place",
        ("offset", "plate", "lessons", "transmissions", "noble", "method"),
        WHOLE_CHART,
        notebook=DATE,
    ),
    # judging is taught in 08: the verdict on one matter and the reason it rests on
    Level(
        14,
        "judging: the verdict on a matter and its decisive reason",
        ("verdict", "reason"),
        ("verdict", "reason"),
        notebook="08-reading",
    ),
)
"""The levels in the course's order (``LEVELS[n - 1]`` is level n)."""
MOMENT_LEVELS = frozenset((2, 13))
"""The levels whose item is a moment and a place (the learner finds the 月將 from the date)."""
CHOICES = 4
"""How many wrong options level 11 offers beside the right ones (lesson types and patterns), and level
14 beside the decisive reasons (statements of the matter that fail, stay open or are set aside)."""
JUDGING = 14
"""The judging level: a chart and a matter; the verdict and the decisive reason, from choices."""
NOT_HOLDING = frozenset(("fails", "open", "aside"))
"""Why a distractor of level 14 is not the reason (:class:`liuren.reading.exercise.VerdictCheck` ``why``):
it fails on the chart, the chart leaves it open, or the verdict sets it aside; never "side" (a statement
that holds but does not decide)."""
JUDGING_TRIES = 64
"""How many charts :func:`deal_type` draws for a judging item before it goes through the rest in order."""
PLACES = (
    ("서울", 37.57, 126.98, 9),
    ("부산", 35.18, 129.08, 9),
    ("北京", 39.90, 116.40, 8),
    ("臺北", 25.03, 121.57, 8),
    ("東京", 35.68, 139.69, 9),
    ("London", 51.51, -0.13, 0),
)
"""The places a real-time item is cast for (name, latitude, longitude, standard UTC offset in hours):
the default school reads the hour off the place's standard clock, so the place says which clock."""
MOMENT_TRIES = 24
"""How many dates 60 days apart a real-time item tries for its 課 (a year's 月將 give every hour)."""
EPOCH = datetime(2000, 1, 1, tzinfo=UTC)
"""The first day a real-time item may fall on."""
YEARS = 40
"""A real-time item's moment is drawn from the 40 years after :data:`EPOCH`."""


DEFAULT_SCHOOL = School()
"""The school the practice path deals for unless told another."""


def levels_taught_in(notebook: str) -> tuple[Level, ...]:
    """The levels whose ``notebook`` is the course notebook ``notebook`` (a stem such as
    "01-yuanshou-chongshen", matched by its file prefix "01", "00b"): what that notebook opens on the
    practice path (none for a notebook the path does not drill)."""
    prefix = str(notebook).split("-", 1)[0]
    return tuple(lv for lv in LEVELS if lv.notebook == notebook or lv.notebook.split("-", 1)[0] == prefix)


def get_level(value: object) -> Level:
    """Level ``value`` (1–14, or a :class:`Level`)."""
    if isinstance(value, Level):
        return value
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= len(LEVELS):
        raise ParseError(f"level={quote(value)} is not a level; accepted: a whole number 1–{len(LEVELS)}")
    return LEVELS[value - 1]


@cache
def _charts_by_type(school: School = DEFAULT_SCHOOL) -> dict[str, tuple[Chart, ...]]:
    """The 720 課 × 晝/夜 of ``school`` by lesson type (built once per school)."""
    found: dict[str, list[Chart]] = {}
    for c in find(school=school):
        found.setdefault(str(c.lesson_type), []).append(c)
    return {t: tuple(found[t]) for t in LESSON_TYPES if t in found}


@cache
def _types_under(level: Level, school: School) -> tuple[str, ...]:
    """:meth:`Level.types_under`, worked out once per level and school (the dashboard asks it for every
    card of every level)."""
    found = _charts_by_type(school)
    return tuple(t for t in LESSON_TYPES if GATE_OF[t] in level.methods and t in found)


@dataclass(frozen=True, slots=True)
class Item:
    """One exercise: the ``chart`` to cast (or to name, or to find), the ``cells`` asked, the ``level``;
    ``moment`` and ``place`` (name, latitude, longitude) when the learner starts from a date and a
    place; ``choices`` for the multiple choice of level 11 (lesson types and pattern names, the right
    ones among wrong ones, each wrong one checked not to hold); ``prompt`` for the reverse drill;
    ``parts``: the boxes asked (the level's, or for a drill of one cell kind the one box that holds it)
    and ``drill``: the cell kind or lesson type a drill deals for ("" for an item of the level);
    ``source``: where the day's queue took it from ("due", "new", "drill"; "" when dealt directly);
    ``branches``: the branches level 1 gives (the chart's 三傳, shown, not asked). For the judging
    level 14, ``prompt`` is the matter and ``choices`` the statement ids offered as the reason."""

    chart: Chart
    cells: tuple[str, ...]
    level: Level
    moment: datetime | None = None
    place: tuple[str, float, float] | None = None
    choices: tuple[str, ...] = ()
    prompt: str = ""
    parts: tuple[str, ...] = ()
    drill: str = ""
    source: str = ""
    lesson_type: str = field(init=False)
    branches: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "lesson_type", str(self.chart.lesson_type))
        object.__setattr__(self, "branches", tuple(str(t.branch) for t in self.chart.transmissions))
        if not self.parts:
            object.__setattr__(self, "parts", self.level.parts)


def _school(school: object) -> School:
    if school is None:
        return DEFAULT_SCHOOL
    if isinstance(school, School):
        return school
    return School.preset(school)


def chart_key(chart: Chart) -> str:
    """What makes two items the same chart for a learner: the day, hour, 月將 and 晝/夜 (a moment item
    cast at another time of the same 課 is the same chart)."""
    return f"{chart.day}{chart.hour}{chart.general}{chart.noble}"


def deal(level: object, rng: random.Random, school: School | str | None = None, avoid: Collection[str] = ()) -> Item:
    """An item of ``level``, drawn with ``rng``: a lesson type of the level first (one that ``school``,
    default the default school, gives), then a chart of it under that school, not one whose
    :func:`chart_key` is in ``avoid`` (the charts already dealt today) while another is left."""
    lv = get_level(level)
    if not isinstance(rng, random.Random):
        raise ParseError(f"rng={quote(rng)} is not a random.Random; accepted: random.Random(seed)")
    rules = _school(school)
    kind = rng.choice(lv.types_under(rules))
    return deal_type(lv, kind, rng, rules, avoid)


def deal_type(
    level: Level,
    lesson_type: str,
    rng: random.Random,
    school: School = DEFAULT_SCHOOL,
    avoid: Collection[str] = (),
) -> Item:
    """An item of ``level`` whose chart has ``lesson_type`` under ``school`` (the scheduler's due card),
    not one whose :func:`chart_key` is in ``avoid`` while another is left."""
    if level.number == JUDGING:
        return _judging_item(level, lesson_type, rng, school, avoid)
    return _completed(level, _target(level, lesson_type, rng, school, avoid), rng)


@cache
def _examples_by_type(school: School) -> dict[str, tuple[Chart, ...]]:
    """The chapters' worked examples (with their own noble and month) by lesson type under ``school``."""
    from ..reading.statements import statements

    found: dict[str, list[Chart]] = {}
    for args in dict.fromkeys(s.example_chart_args() for s in statements() if s.example_chart):
        if args is None:  # pragma: no cover - every example_chart parses (statements checks it)
            continue
        day, hour, general, noble, month = args
        c = Chart(day, hour, general, noble=noble, school=school, month=month)
        found.setdefault(str(c.lesson_type), []).append(c)
    return {t: tuple(v) for t, v in found.items()}


def _judging_item(level: Level, lesson_type: str, rng: random.Random, school: School, avoid: Collection[str]) -> Item:
    """A judging item on a chart of ``lesson_type``: one of the chapters' worked examples of that type
    half the time (when it has any), else a chart of the type; a chart with no matter the chapters
    decide (every verdict 未定) is passed over."""
    charts = _charts_by_type(school).get(lesson_type)
    if charts is None:
        _target(level, lesson_type, rng, school, avoid)  # raises the ParseError naming the types
        raise AssertionError(lesson_type)  # pragma: no cover
    examples = _examples_by_type(school).get(lesson_type, ())
    for n in range(JUDGING_TRIES):
        pool = examples if examples and rng.random() < 0.5 else charts
        target = rng.choice(pool)
        if chart_key(target) in avoid and n < AVOID_TRIES:
            continue
        item = _judged(level, target, rng)
        if item is not None:
            return item
    for target in (*examples, *charts):  # pragma: no cover - a decided chart is found within the tries
        item = _judged(level, target, rng)
        if item is not None:
            return item
    raise AssertionError(f"no chart of {lesson_type} has a verdict the chapters decide")  # pragma: no cover


def decisive_reasons(chart: Chart, matter: str) -> tuple[str, tuple[str, ...]]:
    """The chapters' verdict on ``matter`` of ``chart`` and the statement ids it rests on (its reasons
    and the lines of its overrides that are statements), as :func:`liuren.reading.exercise.check_verdict`
    accepts them."""
    from ..reading import reading
    from ..reading.statements import statements

    v = reading(chart, matter).verdict(matter)
    ids = [x.id for x in v.reasons] + [o.by.id for o in v.overrides if o.kind != "旺相"]
    known = {s.id for s in statements()}  # a principle (P6) or a rescue by name (解網) is no statement
    return v.verdict, tuple(i for i in dict.fromkeys(ids) if i in known)


def _judged(level: Level, chart: Chart, rng: random.Random) -> Item | None:
    """The judging item for ``chart``: a matter drawn among those whose verdict the chapters decide
    (not 未定) and that have a statement-id reason and a wrong reason to offer; the choices are the
    decisive reasons and up to :data:`CHOICES` statements of the matter that fail, stay open or are set
    aside, each checked by :func:`~liuren.reading.exercise.check_verdict` not to be accepted. None when
    no matter of the chart has both."""
    from ..reading import reading
    from ..reading.exercise import candidates, check_verdict

    matters = [v.matter for v in reading(chart).verdicts() if v.verdict != "未定"]
    rng.shuffle(matters)
    for matter in matters:
        verdict, right = decisive_reasons(chart, matter)
        if verdict == "未定" or not right:
            continue
        others = [c.statement.id for c in candidates(chart, matter) if c.statement.id not in right]
        rng.shuffle(others)
        wrong: list[str] = []
        for sid in others:
            if len(wrong) == CHOICES:
                break
            checked = check_verdict(chart, matter, verdict, sid)
            if not checked.reason_ok and checked.why in NOT_HOLDING:  # one that holds beside is no distractor
                wrong.append(sid)
        if not wrong:
            continue
        options = [*right, *wrong]
        rng.shuffle(options)
        return Item(chart, level.cells, level, choices=tuple(options), prompt=matter)
    return None


def _target(level: Level, lesson_type: str, rng: random.Random, school: School, avoid: Collection[str]) -> Chart:
    charts = _charts_by_type(school).get(lesson_type)
    if charts is None:
        raise ParseError(
            f"lesson_type={quote(lesson_type)} never occurs under the school {school.name}; accepted: "
            f"{' '.join(level.types_under(school))}"
        )
    for _ in range(AVOID_TRIES):
        target = rng.choice(charts)
        if chart_key(target) not in avoid:
            return target
    fresh = [c for c in charts if chart_key(c) not in avoid]
    return rng.choice(fresh or charts)


AVOID_TRIES = 16
"""How many random draws :func:`deal_type` tries for a chart not dealt today before it lists them."""
DRILL_PARTS: dict[str, tuple[int, str, tuple[str, ...]]] = {
    "void": (1, "void", ("void",)),
    "hidden-stem": (1, "stems", ("hidden-stem",)),
    "kin": (1, "kin", ("kin",)),
    "day": (2, "day", ("day",)),
    "hour": (2, "hour", ("hour",)),
    "month-general": (2, "general", ("month-general",)),
    "month": (2, "month", ("month",)),
    "offset": (3, "offset", ("offset",)),
    "plate": (3, "plate", ("plate",)),
    "lesson.upper": (3, "lessons", ("lesson.upper", "lesson.lower")),
    "lesson.lower": (3, "lessons", ("lesson.upper", "lesson.lower")),
}
"""The cell kinds a level-free drill asks alone: kind → (the level whose item it is, the one box asked,
the cells that box holds). A drill of 遁干 gives a day and three branches and asks their 遁干 only."""


def drill(kind: str, rng: random.Random, school: School | str | None = None, avoid: Collection[str] = ()) -> Item:
    """A level-free drill item of one cell ``kind`` (one of :data:`DRILL_PARTS`): the item of the level
    that first asks it, asking only the box that holds it, on a chart of any lesson type."""
    if kind not in DRILL_PARTS:
        raise ParseError(f"kind={quote(kind)} cannot be drilled alone; accepted: {', '.join(DRILL_PARTS)}")
    number, part, cells = DRILL_PARTS[kind]
    lv = LEVELS[number - 1]
    rules = _school(school)
    target = _target(lv, rng.choice(lv.types_under(rules)), rng, rules, avoid)
    item = _completed(lv, target, rng)
    return replace(item, cells=cells, parts=(part,), drill=kind)


def drill_type(
    lesson_type: str, rng: random.Random, open_levels: Collection[int] = (), avoid: Collection[str] = ()
) -> Item:
    """A drill of one lesson type (「知一 연습」): an item whose chart is of ``lesson_type``, at the
    method level that teaches it (4–8), or at the highest open level of ``open_levels`` that deals it."""
    teaching = [lv for lv in LEVELS if 4 <= lv.number <= 8 and lesson_type in lv.lesson_types]
    if not teaching:
        accepted = " ".join(t for lv in LEVELS[3:8] for t in lv.lesson_types)
        raise ParseError(f"lesson_type={quote(lesson_type)} is not a lesson type the path deals; accepted: {accepted}")
    opened = [lv for lv in LEVELS if lv.number in open_levels and lesson_type in lv.lesson_types]
    lv = max(opened, key=lambda x: x.number) if opened else teaching[0]
    return replace(deal_type(lv, lesson_type, rng, DEFAULT_SCHOOL, avoid), drill=lesson_type)


def _completed(level: Level, target: Chart, rng: random.Random) -> Item:
    """The item of ``level`` for the chart ``target``: with a moment and place, choices or a prompt as
    the level has them, drawn with ``rng``."""
    if level.number in MOMENT_LEVELS:
        return _at_moment(level, target, rng)
    if level.number == 11:
        return Item(target, level.cells, level, choices=_choices(target, rng))
    if level.number == JUDGING:
        item = _judged(level, target, rng)
        if item is None:
            raise ParseError(
                f"the chart {quote(target.spec())} has no matter the chapters decide; accepted: a judged chart"
            )
        return item
    if level.number == 12:
        shown = "".join(str(t.branch) for t in target.transmissions)
        return Item(target, level.cells, level, prompt=f"{target.lesson_type} {shown}")
    return Item(target, level.cells, level)


def _choices(chart: Chart, rng: random.Random) -> tuple[str, ...]:
    """The lesson type and the patterns that hold, with :data:`CHOICES` wrong lesson types and patterns;
    a wrong pattern is one the chart judges (it needs nothing the chart lacks) and does not show."""
    from ..patterns import BY_NAME

    held = {p.name for p in chart.patterns}
    open_ = set(chart.unjudged_patterns)
    # a lesson type named like a method (比用) is right for every chart of that method (知一 too)
    wrong_types = [t for t in _charts_by_type(chart.school) if t not in (chart.lesson_type, chart.method)]
    wrong_patterns = [n for n in BY_NAME if n not in held and n not in open_]
    options = [str(chart.lesson_type), *sorted(held)]
    options += rng.sample(wrong_types, CHOICES // 2) + rng.sample(wrong_patterns, CHOICES - CHOICES // 2)
    rng.shuffle(options)
    return tuple(options)


def _at_moment(level: Level, target: Chart, rng: random.Random) -> Item:
    """An item cast for a moment and a place whose chart is the 課 of ``target`` (same day, offset and
    noble): a date with that day pillar is drawn, then the hour that gives the offset under that date's
    月將, at a minute within the hour branch, on the place's standard clock, until the calendar agrees
    (the 月將 moves one branch a month, so within a few tries the 晝/夜 half agrees too)."""
    from ..almanac import pillars

    place = rng.choice(PLACES)
    zone = timezone(timedelta(hours=place[3]), place[0])
    day = (EPOCH + timedelta(days=rng.randrange(YEARS * 365))).astimezone(zone).replace(hour=12)
    day += timedelta(days=(target.day.ordinal - pillars(day, school=target.school).day.ordinal) % 60)
    for _ in range(MOMENT_TRIES):
        hour = (pillars(day, school=target.school).general.ordinal - target.offset) % 12
        clock = day.replace(hour=0, minute=0) + timedelta(hours=2 * hour, minutes=rng.randrange(-55, 55))
        c = _chart_at(clock, target.school, place[1:3])
        if (c.day, c.offset, c.noble) == (target.day, target.offset, target.noble):
            return Item(c, level.cells, level, moment=clock, place=place[:3])
        day += timedelta(days=60)
    raise AssertionError(f"no moment gives {target.spec()} within {MOMENT_TRIES} tries")  # pragma: no cover


def _chart_at(when: datetime, school: School, location: tuple[float, float]) -> Chart:
    from ..almanac import pillars

    p = pillars(when, school=school, location=location)
    return Chart(
        p.day, p.hour.branch, p.general, noble=p.noble, school=p.school, month=p.month.branch, year=p.year.branch
    )


def shown(item: Item) -> dict[str, object]:
    """What ``item`` shows beyond its chart and level, as JSON values (the store keeps it with the
    review, so :func:`restore` deals the same item again): the moment (ISO text with its UTC offset)
    and place of levels 2 and 13, the choices of level 11, the prompt of level 12."""
    out: dict[str, object] = {}
    if item.moment is not None:
        out["moment"] = item.moment.isoformat()
    if item.place is not None:
        out["place"] = list(item.place)
    if item.choices:
        out["choices"] = list(item.choices)
    if item.prompt:
        out["prompt"] = item.prompt
    if item.drill:
        out["drill"] = item.drill
    if item.source:
        out["source"] = item.source
    return out


def restore(level: object, chart: Chart, given: Mapping[str, object] | None, rng: random.Random) -> Item:
    """The item of ``level`` for ``chart`` with what :func:`shown` kept (``given``): the same item.
    Without it (a review stored before the store kept it), the level's moment, place or choices are
    drawn afresh with ``rng`` for the same chart (a moment level gets the same 課 at another moment)."""
    lv = get_level(level)
    if given is None:
        return _completed(lv, chart, rng)
    drilled = str(given.get("drill") or "")
    if drilled in DRILL_PARTS and DRILL_PARTS[drilled][0] == lv.number:
        _, part, cells = DRILL_PARTS[drilled]
        base = restore(lv, chart, {k: v for k, v in given.items() if k != "drill"}, rng)
        return replace(base, cells=cells, parts=(part,), drill=drilled)
    try:
        moment = None if given.get("moment") is None else datetime.fromisoformat(str(given["moment"]))
        raw_place: Any = given.get("place")
        place = None
        if raw_place is not None:
            name, lat, lon = raw_place
            place = (str(name), float(lat), float(lon))
        raw_choices: Any = given.get("choices") or ()
        choices = tuple(str(c) for c in raw_choices)
        prompt = str(given.get("prompt") or "")
    except (TypeError, ValueError) as error:
        raise ParseError(
            f"the stored item {quote(dict(given), 120)} is malformed ({error}); accepted: shown()"
        ) from None
    if moment is not None and moment.utcoffset() is None:
        raise ParseError(f"the stored moment {quote(given['moment'])} has no UTC offset; accepted: shown()")
    return Item(chart, lv.cells, lv, moment=moment, place=place, choices=choices, prompt=prompt)


MAX_CLASS_SET = 1000
"""The most items :func:`class_set` deals."""


def class_set(level: object, seed: int, count: int) -> tuple[Item, ...]:
    """``count`` (0–1000) items of ``level`` dealt from ``seed`` (a whole number): the same for everyone
    given the seed."""
    lv = get_level(level)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ParseError(f"seed={quote(seed)} is not a seed; accepted: a whole number")
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_CLASS_SET:
        raise ParseError(f"count={quote(count)} is not a count; accepted: a whole number 0–{MAX_CLASS_SET}")
    level = lv
    rng = random.Random(seed)
    return tuple(deal(level, rng) for _ in range(count))


__all__ = [
    "DEFAULT_SCHOOL",
    "DRILL_PARTS",
    "JUDGING",
    "LEVELS",
    "Item",
    "Level",
    "chart_key",
    "class_set",
    "deal",
    "deal_type",
    "decisive_reasons",
    "drill",
    "drill_type",
    "get_level",
    "levels_taught_in",
    "restore",
    "shown",
]
