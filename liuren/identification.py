"""Why does this chart differ from my book? The conventions that reproduce a printed or remembered chart.

:func:`identify` takes a 課 (day, hour, general — or a printed 課盤, :func:`liuren.parse_printed`) and
the cells a book gives for it (三傳, their generals and 六親, the lesson uppers and generals, the lesson
type, the 晝/夜 noble) and returns an :class:`Identification`: the presets that give every cell, the
smallest sets of School options that do (no proper subset does), each option with its rule as it
applies to this chart in zh/ko/en and its sources, the cells no option decides, and — when nothing
reproduces the chart — the first cell no convention gives (a likely misprint), with the answer
checker's diagnosis.

The search is not a blind product of the 23 options: a traced run of the methods says which rule
records the chart gives, and only the options declared on those records (:class:`liuren.school.Governs`)
are tried (the 涉害 options only when 涉害 is reached, 伏吟's only at d = 0, the noble table and the
晝/夜 rule only when generals are given); an option deciding the lesson set is tried when its readings
trace differently.

>>> found = identify("辛卯", "戌", "戌", transmissions="卯子午")
>>> found.option_sets
((('fuyin_return', 'chong'),),)
>>> found.presets
('tanyuan', 'daquan')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product

from .chart import Chart
from .cycle import BRANCH_CHARS, normalize, parse_hour
from .errors import ParseError, quote
from .lang import REGISTRY, accepted, codes, language
from .lessons import Ke
from .printed import GENERAL_ABBREVIATIONS, KIN_ABBREVIATIONS, PrintedChart, parse_printed
from .records import Record
from .school import (
    CHOICES,
    DAY_NIGHT_RULES,
    DEFAULTS,
    GOVERNS,
    OPTION_DOCS,
    OPTION_NAMES,
    OPTION_SOURCES,
    PRESETS,
    School,
    Source,
    options_changing,
)
from .transmissions import LESSON_TYPE_ALIASES, LESSON_TYPES, Trace, choose

CELLS = ("lessons", "transmissions", "lesson_type", "kin", "generals", "lesson_generals", "noble")
"""The cells a chart can be given by, in the order a misprint is looked for: the plate's own cells first
(lessons), then the 三傳 and what the methods name, then what the noble table and 晝/夜 decide."""
UNKNOWN = "?"
"""A cell character left open (illegible in the book): it matches anything."""
NOBLE = "noble"
"""The pseudo-option of a chart that takes the 晝貴 or 夜貴 whatever the hour (《六壬指南》 prints some
charts so: 「雖寅時，仍用晝貴」)."""
GENERAL_OPTIONS = (*options_changing("generals"), NOBLE)
"""The options that decide the generals (and nothing else of a given cell): read from the School's
declarations, with the book's own 晝/夜 choice."""
HOUR_RULES = ("fixed", "mao-you", "zi-si")
"""The 晝/夜 rules an hour branch decides alone ("sun" needs an instant and a place)."""

Assignment = tuple[tuple[str, str | bool], ...]
"""Option values that differ from the default, in option order."""
Combo = tuple[list[Assignment], Assignment, dict[str, str]]
"""The stage-1 assignments giving one outcome, a stage-2 (generals) assignment, and every cell they give."""


@dataclass(frozen=True, slots=True)
class Rule:
    """One option value of a set: what it means (``doc``, English, from the School field), where the books
    state it (``sources``) and its rule as it applies to this chart (``words``: zh, ko, en)."""

    option: str
    value: str | bool
    default: str | bool | None
    doc: str
    sources: tuple[Source, ...]
    words: dict[str, str] = field(hash=False, compare=False)


@dataclass(frozen=True, slots=True)
class Misprint:
    """The first given cell no convention gives: ``given`` against what the default school gives
    (``engine``), and the answer checker's diagnosis of the given chart (``diagnosis``; in each language
    ``diagnoses``)."""

    cell: str
    given: str
    engine: str
    diagnosis: str
    diagnoses: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    """The diagnosis in every language (``diagnosis`` is the one in the language :func:`identify` was asked for)."""


@dataclass(frozen=True)
class Identification:
    """What reproduces a given chart: see :func:`identify`."""

    day: str
    hour: str | None
    general: str
    offset: int
    cells: dict[str, str] = field(hash=False)
    presets: tuple[str, ...]
    option_sets: tuple[Assignment, ...]
    rules: tuple[Rule, ...]
    fixed: tuple[str, ...]
    searched: tuple[str, ...]
    misprint: Misprint | None

    def __bool__(self) -> bool:
        """Whether some school reproduces every given cell."""
        return bool(self.option_sets)

    def schools(self) -> tuple[School, ...]:
        """A School for each option set (the noble override, not a School option, left out)."""
        return tuple(School().replace(**{k: v for k, v in s if k != NOBLE}) for s in self.option_sets)

    def rule(self, option: str, value: str | bool) -> Rule:
        """The :class:`Rule` of one option value in :attr:`option_sets` (a ParseError when no set has it)."""
        found = next((r for r in self.rules if (r.option, r.value) == (option, value)), None)
        if found is None:
            given = ", ".join(f"{r.option}={_token(r.value)}" for r in self.rules) or "none: no option set changes one"
            raise ParseError(f"no option set holds {quote(option)}={quote(value)}; accepted: {given}")
        return found

    def text(self, lang: str = "en") -> str:
        """A plain account in ``lang``: the presets, the option sets with each rule, the cells no option
        decides, or the first cell no convention gives with the checker's diagnosis."""
        from .show.words.identify import IDENTIFY

        if not isinstance(lang, str) or lang not in REGISTRY:
            raise ParseError(f"lang={quote(lang)} is not known; accepted: {accepted(quoted=False)}")
        w = IDENTIFY[lang]
        hour = w["hour"].format(hour=self.hour) if self.hour else w["no-hour"]
        cells = ", ".join(f"{k}={v}" for k, v in self.cells.items())
        lines = [w["head"].format(day=self.day, hour=hour, general=self.general, offset=self.offset, cells=cells)]
        if self.misprint is not None:
            m = self.misprint
            lines.append(w["misprint"].format(cell=w[f"cell.{m.cell}"], given=m.given, engine=m.engine))
            lines.append(f"  {m.diagnoses.get(lang, m.diagnosis)}")
            return "\n".join(lines)
        lines.append(w["presets"].format(presets=", ".join(self.presets) or w["none"]))
        for options in self.option_sets:
            if not options:
                lines.append(w["default"])
                continue
            lines.append(w["options"].format(options=" ".join(f"{k}={_token(v)}" for k, v in options)))
            for k, v in options:
                rule = self.rule(k, v)
                cited = "; ".join(f"{book} {chapter}".strip() for book, chapter in rule.sources)
                lines.append(f"  {k}={_token(v)}: {rule.words[lang]}" + (f" [{cited}]" if cited else ""))
        if self.fixed:
            lines.append(w["fixed"].format(cells=language(lang).join([w[f"cell.{c}"] for c in self.fixed])))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text("en")


def _token(value: str | bool) -> str:
    return str(value).lower() if isinstance(value, bool) else value


# ---------------------------------------------------------------- reading the given cells
def _cell(value: object, name: str, length: int, alphabet: dict[str, str], what: str) -> str:
    if not isinstance(value, str):
        raise ParseError(f"{name}={quote(value)} is not understood; accepted: {what}")
    chars = [c for c in value if not c.isspace() and c not in ",、，/·"]
    if not 1 <= len(chars) <= length or any(c != UNKNOWN and c not in alphabet for c in chars):
        raise ParseError(f"{name}={quote(value)} is not understood; accepted: {what} (? for an illegible one)")
    return "".join(alphabet.get(c, c) for c in chars)


BRANCH_ALPHABET = {c: c for c in BRANCH_CHARS}


def _given(
    transmissions: object,
    generals: object,
    kin: object,
    lessons: object,
    lesson_type: object,
    noble: object,
    lesson_generals: object,
) -> dict[str, str]:
    cells: dict[str, str] = {}
    if lessons is not None:
        cells["lessons"] = _cell(lessons, "lessons", 4, BRANCH_ALPHABET, "the uppers of lessons 1→4, e.g. 戌卯丑午")
    if transmissions is not None:
        text = transmissions if isinstance(transmissions, str) else None
        chars = [c for c in text if not c.isspace()] if text is not None else []
        if (
            len(chars) == 6
            and generals is None
            and all(c in GENERAL_ABBREVIATIONS or c == UNKNOWN for c in chars[1::2])
        ):
            transmissions, generals = "".join(chars[::2]), "".join(chars[1::2])  # 卯常申合丑陰
        cells["transmissions"] = _cell(
            transmissions, "transmissions", 3, BRANCH_ALPHABET, "the 三傳 as branches, e.g. 卯申丑 (or 卯常申合丑陰)"
        )
    if lesson_type is not None:
        names = {str(t): str(t) for t in LESSON_TYPES} | LESSON_TYPE_ALIASES
        key = normalize(lesson_type).removesuffix("課") if isinstance(lesson_type, str) else None
        if key is None or key not in names:
            raise ParseError(
                f"lesson_type={quote(lesson_type)} is not a lesson type; accepted: {' '.join(map(str, LESSON_TYPES))}"
            )
        cells["lesson_type"] = names[key]
    if kin is not None:
        cells["kin"] = _cell(
            kin, "kin", 3, {**KIN_ABBREVIATIONS, **_KIN_WORDS}, "three 六親, e.g. 父財子 (才 殺 鬼 too)"
        )
    general_what = "general abbreviations, e.g. 常合陰 (蛇/螣 合/六 龍/青 虎/白 玄/元)"
    if generals is not None:
        cells["generals"] = _cell(generals, "generals", 3, GENERAL_ABBREVIATIONS, general_what)
    if lesson_generals is not None:
        cells["lesson_generals"] = _cell(lesson_generals, "lesson_generals", 4, GENERAL_ABBREVIATIONS, general_what)
    if noble is not None:
        flag = {"day": "day", "night": "night", "晝": "day", "夜": "night", "d": "day", "n": "night"}
        if not isinstance(noble, str) or noble.strip().lower() not in flag:
            raise ParseError(f"noble={quote(noble)} is not understood; accepted: 'day' (晝) or 'night' (夜)")
        cells["noble"] = flag[noble.strip().lower()]
    if not cells:
        raise ParseError(
            "identify() needs at least one cell: transmissions=, generals=, kin=, lessons=, lesson_generals=, "
            "lesson_type= or noble="
        )
    return cells


_KIN_WORDS = {"父母": "父", "兄弟": "兄", "子孫": "子", "妻財": "財", "官鬼": "官"}


def _matches(given: str, got: str) -> bool:
    """A given cell (maybe shorter: only the 初傳; ? for an illegible character) against the chart's."""
    return len(given) <= len(got) and all(g in (UNKNOWN, c) for g, c in zip(given, got, strict=False))


# ---------------------------------------------------------------- the options that can matter
def _traced(ke: Ke, school: School) -> list[Record]:
    trace = Trace()
    choose(ke, school, trace)
    return trace.records


CHANGED_BY_CELL = {
    "transmissions": ("transmissions",),
    "kin": ("transmissions",),
    "generals": ("transmissions", "generals"),
    "lesson_type": ("lesson_type",),
    "lesson_generals": ("generals",),
    "noble": ("generals",),
    "lessons": (),
}
"""What of a chart (:data:`liuren.school.CHANGES`) each given cell shows: an option that changes one of
them can change the cell."""


def relevant_options(chart: Chart, cells: Iterable[str]) -> tuple[str, ...]:
    """The School options that can change a given cell of ``chart``'s 課, read from each option's
    declaration (:class:`liuren.school.Governs`) and traced runs of the methods: an option that
    decides the lesson set when its readings trace differently, one that decides a rule record when a
    run gives such a record, one that moves the generals when generals are given."""
    changed = {c for cell in cells for c in CHANGED_BY_CELL.get(cell, ())}
    candidates = [o for o in OPTION_NAMES if set(GOVERNS[o].changes) & changed]
    found = {o for o in candidates if "generals" in GOVERNS[o].changes}
    methods = [o for o in candidates if o not in found]
    if methods:
        lesson_set = tuple(o for o in methods if "lesson-set" in GOVERNS[o].changes)
        readings = {a: _school(a) for a in _assignments(lesson_set)}  # every reading of the lesson set
        traced = {a: _traced(_school_chart(chart, s)._ke, s) for a, s in readings.items()}
        for option in lesson_set:  # its own records aside, does a reading change the run?
            own = set(GOVERNS[option].records)
            runs = {a: [r for r in run if type(r).__name__ not in own] for a, run in traced.items()}
            if any(runs[a] != runs[_with(a, option, v)] for a in runs for v in _values(option)):
                found.add(option)
        kinds = {
            type(r).__name__
            for a in readings
            for route in _ROUTES
            for r in _traced(_school_chart(chart, _school(a))._ke, route.replace(**dict(a)))
        }
        found |= {o for o in methods if o not in lesson_set and kinds & set(GOVERNS[o].records)}
    return tuple(o for o in (*OPTION_NAMES, NOBLE) if o in found or (o == NOBLE and "day_night" in found))


def _with(assignment: Assignment, option: str, value: str | bool) -> Assignment:
    """``assignment`` with ``option`` set to ``value`` (left out at its default), in option order."""
    kept = [(k, v) for k, v in assignment if k != option]
    if value != DEFAULTS[option]:
        kept.append((option, value))
    return tuple(sorted(kept, key=_option_order))


_ROUTES = (
    PRESETS["default"],
    PRESETS["default"].replace(count_duplicate_lessons=True),
    PRESETS["default"].replace(fuyin_chain="open"),
)
"""The schools whose traced runs say which gates a 課 can reach: the two options that change the route
itself (counting a repeated lesson twice sends one 賊克 candidate to 比用 and 涉害; the open 伏吟 chain
can lead back to the 初 through 戌刑未), each under every reading of the lesson set."""


# ---------------------------------------------------------------- the search
@lru_cache(maxsize=4096)
def _school(assignment: Assignment) -> School:
    return School().replace(**{k: v for k, v in assignment if k != NOBLE})


def _school_chart(chart: Chart, school: School, noble: str | None = None) -> Chart:
    return Chart(chart.day, chart.hour, chart.general, noble=noble or chart.noble, school=school)


def _values(option: str) -> tuple[str | bool, ...]:
    return CHOICES.get(option) or (False, True)


def _assignments(options: Iterable[str]) -> Iterator[Assignment]:
    options = tuple(options)
    for values in product(*(_values(o) for o in options)):
        yield tuple((o, v) for o, v in zip(options, values, strict=True) if v != DEFAULTS[o])


def _outcome(chart: Chart) -> dict[str, str]:
    return {
        "lessons": "".join(str(lesson.upper) for lesson in chart.lessons),
        "transmissions": "".join(str(t.branch) for t in chart.transmissions),
        "lesson_type": str(chart.lesson_type),
        "kin": "".join(_KIN_WORDS[t.relation] for t in chart.transmissions),
    }


def _minimal(sets: Iterable[Assignment]) -> tuple[Assignment, ...]:
    """The sets no other set is a proper subset of, smallest first."""
    unique = sorted(set(sets), key=lambda s: (len(s), s))
    kept: list[Assignment] = []
    for candidate in unique:
        if not any(set(k) < set(candidate) for k in kept):
            kept.append(candidate)
    return tuple(kept)


def identify(
    day: object = None,
    hour: object = None,
    general: object = None,
    *,
    transmissions: object = None,
    generals: object = None,
    kin: object = None,
    lessons: object = None,
    lesson_type: object = None,
    noble: object = None,
    lesson_generals: object = None,
    month: object = None,
    offset: object = None,
    printed: object = None,
    lang: str = "en",
) -> Identification:
    """The presets and the smallest option sets that reproduce every given cell of a chart.

    The 課 is ``day``, ``hour`` and ``general`` (as for :func:`liuren.chart`; ``month`` is accepted and
    passed on), or ``printed``: a printed 課盤 (text, or a :class:`~liuren.printed.PrintedChart`) whose
    cells are all given (``hour`` may still be passed: a printed 課盤 has none, so the 晝/夜 noble is then
    free). Cells: ``transmissions`` ("卯申丑", or with generals "卯常申合丑陰"), ``generals`` (of the 三傳:
    "常合陰"), ``kin`` ("父財子"), ``lessons`` (the uppers 1→4), ``lesson_generals``, ``lesson_type``
    ("元首"), ``noble`` (the 晝/夜 the book states). "?" leaves a character open; a shorter 三傳 gives only
    its first branches. With ``offset`` (0–11) in place of ``hour`` and ``general`` the hour is unknown and
    the 晝/夜 noble free, as for a printed 課盤. ``lang`` is the language of the misprint's diagnosis."""
    if printed is not None:
        sheet = printed if isinstance(printed, PrintedChart) else parse_printed(printed)
        base, cells = _printed_chart(sheet, hour, month)
        if lesson_type is not None or noble is not None:
            cells.update(_given(None, None, None, None, lesson_type, noble, None))
        hour_known = hour is not None or bool(sheet.hour)
    elif day is not None and hour is None and general is None and offset is not None:
        from .show.check import parse_offset

        d = parse_offset(offset)
        base = Chart(day, "子", BRANCH_CHARS[d], month=month)
        cells = _given(transmissions, generals, kin, lessons, lesson_type, noble, lesson_generals)
        hour_known = False
    else:
        if day is None or hour is None or general is None or offset is not None:
            raise ParseError(
                "identify() needs a 課: day, hour and general (e.g. identify('丙申', '午', '亥', transmissions='卯申丑')), "
                "day and offset= (the plate offset 0–11, when no hour is known) or printed= (a printed 課盤)"
            )
        base = Chart(day, hour, general, month=month)
        cells = _given(transmissions, generals, kin, lessons, lesson_type, noble, lesson_generals)
        hour_known = True
    return _identify(base, cells, hour_known, lang)


def _printed_chart(sheet: PrintedChart, hour: object, month: object) -> tuple[Chart, dict[str, str]]:
    at = BRANCH_CHARS.index(sheet.hour) if sheet.hour else 0 if hour is None else parse_hour(hour).ordinal
    general = BRANCH_CHARS[(at + sheet.offset) % 12]
    if sheet.general and sheet.general != general:
        raise ParseError(
            f"printed chart: the header's {sheet.general}將 does not give the printed plate (d = {sheet.offset})"
        )
    base = Chart(sheet.day, BRANCH_CHARS[at], general, month=month)
    cells = {
        "lessons": sheet.lesson_uppers,
        "transmissions": sheet.transmissions,
        "lesson_type": sheet.lesson_type,
        "kin": sheet.kin,
        "generals": sheet.transmission_generals,
        "lesson_generals": sheet.lesson_generals,
        "noble": sheet.noble,
    }
    return base, {k: v for k, v in cells.items() if v}


def _identify(base: Chart, cells: dict[str, str], hour_known: bool, lang: str) -> Identification:
    options = relevant_options(base, cells)
    transmission_options = tuple(o for o in options if o not in GENERAL_OPTIONS)
    # stage 1: the 三傳 and what the methods name, under every combination of the options that matter
    groups: dict[tuple[str, ...], list[Assignment]] = {}
    outcomes: dict[tuple[str, ...], dict[str, str]] = {}
    for assignment in _assignments(transmission_options):
        got = _outcome(_school_chart(base, _school(assignment)))
        key = tuple(got.values())
        groups.setdefault(key, []).append(assignment)
        outcomes[key] = got
    # stage 2: the generals, by noble table and 晝/夜 (the hour's rule, or the book's own choice)
    nobles = _noble_choices(base, hour_known) if set(cells) & {"generals", "lesson_generals", "noble"} else [((), None)]
    stage_two = []
    for assignment, flag in nobles:
        school = _school(assignment)
        chart = (
            Chart(base.day, base.hour, base.general, noble=flag, school=school) if flag else _school_chart(base, school)
        )
        stage_two.append((assignment, chart))
    combos: list[Combo] = []
    for key, assignments in groups.items():
        got = outcomes[key]
        for assignment2, chart2 in stage_two:
            branches = [BRANCH_CHARS.index(c) for c in got["transmissions"]]
            full = {
                **got,
                "generals": "".join(chart2.general_on(BRANCH_CHARS[b]).short for b in branches),
                "lesson_generals": "".join(lesson.general.short for lesson in chart2.lessons),
                "noble": chart2.noble,
            }
            combos.append((assignments, assignment2, full))
    hits = [
        tuple(sorted(a1 + a2, key=_option_order))
        for assignments, a2, full in combos
        if all(_matches(cells[c], full[c]) for c in cells)
        for a1 in assignments
    ]
    option_sets = _minimal(hits)
    fixed = tuple(c for c in CELLS if c in cells and len({full[c] for _, _, full in combos}) == 1)
    presets = _presets(base, cells, hour_known)
    misprint = None if option_sets else _misprint(base, cells, combos, lang)
    rules = tuple(
        _rule(base, option, value, next(s for s in option_sets if (option, value) in s))
        for option, value in dict.fromkeys(x for s in option_sets for x in s)
    )
    return Identification(
        day=str(base.day),
        hour=str(base.hour) if hour_known else None,
        general=str(base.general),
        offset=base.offset,
        cells=cells,
        presets=presets,
        option_sets=option_sets,
        rules=rules,
        fixed=fixed,
        searched=options,
        misprint=misprint,
    )


def _option_order(item: tuple[str, str | bool]) -> int:
    order = (*DEFAULTS, NOBLE)
    return order.index(item[0])


def _noble_choices(base: Chart, hour_known: bool) -> list[tuple[Assignment, str | None]]:
    """(noble table and 晝/夜 options, the noble forced or None for the school's rule) to try."""
    choices: list[tuple[Assignment, str | None]] = []
    tables = [(("noble_table", t),) if t != DEFAULTS["noble_table"] else () for t in CHOICES["noble_table"]]
    for table in tables:
        if not hour_known:
            choices += [(table, "day"), (table, "night")]
            continue
        for rule in HOUR_RULES:
            by_rule = () if rule == DEFAULTS["day_night"] else (("day_night", rule),)
            flag = "day" if base.hour.ordinal in (DAY_NIGHT_RULES[rule] or ()) else "night"
            if rule == DEFAULTS["day_night"]:
                other = "night" if flag == "day" else "day"
                choices.append(((*table, (NOBLE, other)), other))
            choices.append(((*table, *by_rule), flag))
    return choices


def _presets(base: Chart, cells: dict[str, str], hour_known: bool) -> tuple[str, ...]:
    found = []
    for name, school in PRESETS.items():
        flags: list[str | None] = [None] if hour_known else ["day", "night"]
        for flag in flags:
            chart = Chart(base.day, base.hour, base.general, noble=flag, school=school)
            got = {
                **_outcome(chart),
                "generals": "".join(t.general.short for t in chart.transmissions),
                "lesson_generals": "".join(lesson.general.short for lesson in chart.lessons),
                "noble": chart.noble,
            }
            if all(_matches(cells[c], got[c]) for c in cells):
                found.append(name)
                break
    return tuple(found)


def _misprint(base: Chart, cells: dict[str, str], combos: Sequence[Combo], lang: str) -> Misprint:
    """The first cell (in :data:`CELLS` order) after which no convention gives all the cells so far."""
    given = [c for c in CELLS if c in cells]
    standing = list(combos)
    cell = given[-1]
    for c in given:
        standing = [combo for combo in standing if _matches(cells[c], combo[2][c])]
        if not standing:
            cell = c
            break
    default = _school_chart(base, PRESETS["default"], None)
    engine = {
        **_outcome(default),
        "generals": "".join(t.general.short for t in default.transmissions),
        "lesson_generals": "".join(lesson.general.short for lesson in default.lessons),
        "noble": default.noble,
    }[cell]
    diagnoses = {code: _diagnosis(default, cells, cell, engine, code) for code in codes()}
    return Misprint(cell, cells[cell], engine, diagnoses[lang], diagnoses)


def _diagnosis(chart: Chart, cells: dict[str, str], cell: str, engine: str, lang: str) -> str:
    from .show.check import check

    answer: dict[str, object] = {}
    if "lessons" in cells and len(cells["lessons"]) == 4:
        answer["lessons"] = cells["lessons"]
    if "transmissions" in cells and len(cells["transmissions"]) == 3:
        generals = cells.get("generals", "")
        answer["transmissions"] = (
            "".join(b + g for b, g in zip(cells["transmissions"], generals, strict=True))
            if len(generals) == 3 and UNKNOWN not in generals
            else cells["transmissions"]
        )
    if "lesson_type" in cells:
        answer["method"] = cells["lesson_type"]
    if answer and cell in ("lessons", "transmissions", "lesson_type", "generals"):
        result = check(chart, lang=lang, reveal=True, **answer)
        if not result.ok:
            return result.message
    from .show.words.identify import IDENTIFY

    words = IDENTIFY[lang]
    return words["fallback"].format(cell=words[f"cell.{cell}"], given=cells[cell], engine=engine)


def _rule(base: Chart, option: str, value: str | bool, within: Assignment) -> Rule:
    """An option value's meaning, sources and words for this chart."""
    if option == NOBLE:
        return Rule(
            NOBLE,
            value,
            None,
            "The 晝貴 or 夜貴 noble taken whatever the hour's 晝/夜 rule says (a printed chart's own choice).",
            (("《六壬指南》", ""),),
            _option_words(NOBLE, value),
        )
    if option in ("noble_table", "day_night"):
        words = _option_words(option, value)
    else:
        words = _record_words(base, option, within)
    return Rule(option, value, DEFAULTS[option], " ".join(OPTION_DOCS[option].split()), OPTION_SOURCES[option], words)


def _option_words(option: str, value: str | bool) -> dict[str, str]:
    """An option value's words in each language, from the identify table (``noble_table.A`` …)."""
    from .show.words.identify import IDENTIFY

    return {lang: IDENTIFY[lang][f"{option}.{value}"] for lang in codes()}


def _record_words(base: Chart, option: str, within: Assignment) -> dict[str, str]:
    """The rule records ``option`` changes on this chart, in words (zh, ko, en): the records of the chart
    under the whole set ``within`` that the same set without ``option`` does not give."""
    from .show.gates import record_text
    from .show.i18n import render

    without = _school_chart(base, _school(tuple(x for x in within if x[0] != option)))
    changed = _school_chart(base, _school(within))
    before = _traced(without._ke, without.school)
    after = _traced(changed._ke, changed.school)
    kinds = {type(r) for r in before}
    new = [r for r in after if type(r) not in kinds] or [r for r in after if r not in before] or after[-1:]
    return {lang: " ".join(render(record_text(r, changed, lang), lang) for r in new).strip() for lang in codes()}
