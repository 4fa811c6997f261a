"""What is wrong with a learner's answer, read against the chart: each wrong cell with its stable key
(:func:`wrong_cells`), the step of :meth:`liuren.Chart.steps` it belongs to (:func:`step_of`), and the
school under which the whole answer is right (:func:`other_school`). The School options each search
tries are read from the options' declarations (:class:`liuren.school.Governs`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ..cycle import BRANCH_CHARS
from ..records import Record
from ..school import (
    CHOICES,
    GOVERNS,
    NOBLE_LABEL,
    OPTION_NAMES,
    PRESET_NAMES,
    PRESETS,
    SWITCHES,
    School,
    options_changing,
)
from ..transmissions import LESSON_TYPES, Method
from .answer_forms import LessonAnswer, TransmissionAnswer
from .answers import GATE_OF, INPUT_CELLS, WHICH, XUN_VOID, Answer, NobleAnswer
from .gates import chain_rule, gate_records
from .i18n import branch_term, term
from .text import KIN_SHORT

if TYPE_CHECKING:
    from ..chart import Chart


# ---------------------------------------------------------------- the verdict
@dataclass(frozen=True, slots=True)
class OtherSchool:
    """The school under which a wrong answer is right: ``school`` (a preset, or the chart's school with
    one option changed), ``options`` (the names of the School options whose reading the answer
    follows) and ``preset`` (the preset's name when the school is one, else None)."""

    school: School
    options: tuple[str, ...]
    preset: str | None = None

    def __str__(self) -> str:
        named = ", ".join(f"{o}={getattr(self.school, o)!r}" for o in self.options)
        return named if self.preset is None else f"{PRESET_NAMES[self.preset]} ({named})"


SUBNAMES = {
    family: " ".join(t for t in LESSON_TYPES if GATE_OF[t] == family) for family in dict.fromkeys(GATE_OF.values())
}
"""The lesson types each gate family can give, in the engine's order (read off the record types)."""
METHOD_OF_GATE = {GATE_OF[m.value]: m.value for m in Method}
"""The method each gate family belongs to."""
CHAIN_HINT = {
    "plate6": "plate",
    "gan-again": "gan",
    **dict.fromkeys(("xing", "other-anchor", "self", "returns"), "fuyin"),
}
"""The hint of check for each rule of the 中傳/末傳 the steps tell (the rest keep their own name)."""


def initial_error(records: Iterable[Record], init: int) -> str:
    """The gate step at which the learner's 初 ``init`` drops out of the candidates."""
    for record in records:
        pool = record.remaining
        if pool is not None and init not in pool:
            return f"gate-{record.gate}"
    return "initial"


def method_error(records: Iterable[Record], answer: str) -> str:
    """The step a wrong method or lesson type goes wrong at."""
    wanted = GATE_OF[answer]
    gates = [r for r in records if not r.chained]
    deciding = gates[-1]
    for special in (Method.FUYIN, Method.FANYIN):  # the plate decides before any 克 does
        record = next((r for r in gates if r.method == special), None)
        if record is not None and (record.applied != (wanted == special)):
            return f"gate-{record.gate}"
    tried = [r for r in gates if r.method == wanted]
    if tried and not any(r.applied for r in tried):
        return f"gate-{tried[0].gate}"  # the learner took a gate that does not apply
    if not tried:  # the learner's gate is never reached: they went past the gate that decided
        last = next(r for r in reversed(gates) if r.applied)
        return f"gate-{last.gate}"
    if deciding.method == wanted:
        return "method"  # the right gate, the wrong name
    after = gates[gates.index(tried[-1]) + 1]
    return f"gate-{after.gate}"  # the learner stopped before the gate that decided


def chain_hint(chart: Chart, key: str) -> str:
    """The hint key for a wrong 中傳 (``key`` "middle") or 末傳 ("final"): the rule that gives it."""
    rule, _ = chain_rule(gate_records(chart), key, chart.offset)
    return f"{key}.{CHAIN_HINT.get(rule, rule)}"


class Wrong(NamedTuple):
    """A cell of an answer found wrong: its stable key, the message key of its heading ("wrong.lessons|2":
    the index after the bar), the right value (shown with ``reveal``) and values for the heading."""

    cell: str
    head: str
    right: str
    values: tuple[tuple[str, str], ...] = ()


def _cell_order() -> dict[str, int]:
    keys = [*INPUT_CELLS.values(), "offset", *(f"plate.{b}" for b in BRANCH_CHARS)]
    keys += [f"lesson-{n}.{c}" for n in range(1, 5) for c in ("upper", "lower")]
    keys += ["noble.day-night", "noble.branch", "noble.direction", *(f"lesson-{n}.general" for n in range(1, 5))]
    keys += [f"{t}.branch" for t in WHICH] + [f"{t}.general" for t in WHICH]
    keys += [f"{t}.{c}" for t in WHICH for c in ("kin", "void", "hidden-stem")]
    keys += [XUN_VOID, "method", "subname"]
    return {k: i for i, k in enumerate(keys)}


CELL_ORDER = _cell_order()
"""The rank of each cell within a step (a pattern's cell ranks after these, in the chapters' order)."""


def printed(t: Any) -> str:
    """A 傳 as the book prints it (and ``str(chart)``), a void one marked ◎: 父癸卯常, 父亥勾◎."""
    return f"{KIN_SHORT[t.relation]}{t.stem or ''}{t.branch}{t.general.short}{'◎' if t.void else ''}"


def wrong_cells(chart: Chart, answer: Answer) -> list[Wrong]:
    """Every cell of ``answer`` that is wrong on ``chart``, in the order the chart is built."""
    out = _input_cells(chart, answer)
    if answer.offset is not None and answer.offset != chart.offset:
        out.append(Wrong("offset", "wrong.offset", f"d = {chart.offset}"))
    if answer.plate is not None:
        out += _square_cells(chart, answer.plate)
    if answer.lessons is not None:
        out += _lesson_cells(chart, answer.lessons)
    if answer.noble is not None:
        out += _noble_cells(chart, answer.noble)
    if answer.transmissions is not None:
        out += _transmission_cells(chart, answer.transmissions)
    if answer.method is not None:
        out += _method_cells(chart, *answer.method)
    if answer.patterns is not None:
        out += _pattern_cells(chart, answer.patterns)
    return out


def _input_cells(chart: Chart, answer: Answer) -> list[Wrong]:
    """The chart's inputs answered wrong (a month answered for a chart cast without one is not judged)."""
    out: list[Wrong] = []
    if answer.day is not None and answer.day != chart.day.ordinal:
        out.append(Wrong("day", "wrong.day", f"{chart.day}"))
    if answer.month is not None and chart.month is not None and answer.month != chart.month.ordinal:
        out.append(Wrong("month", "wrong.month", f"{chart.month}月"))
    if answer.hour is not None and answer.hour != chart.hour.ordinal:
        out.append(Wrong("hour", "wrong.hour", f"{chart.hour}時"))
    if answer.general is not None and answer.general != chart.general.ordinal:
        out.append(Wrong("month-general", "wrong.general", f"{chart.general}將"))
    if answer.void is not None:
        right = {b.ordinal for b in chart.void}
        if any(b is not None and b not in right for b in answer.void):
            out.append(Wrong(XUN_VOID, "wrong.xun-void", "".join(chart.void)))
    return out


def _square_cells(chart: Chart, plate: dict[int, int | None]) -> list[Wrong]:
    out = []
    for earth, heaven in sorted(plate.items()):
        right = (earth + chart.offset) % 12
        if heaven is not None and heaven != right:
            b = BRANCH_CHARS[earth]
            out.append(Wrong(f"plate.{b}", "wrong.square", BRANCH_CHARS[right], (("b", branch_term(earth)),)))
    return out


def _lesson_cells(chart: Chart, lessons: tuple[LessonAnswer, ...]) -> list[Wrong]:
    out = []
    for i, (given, lesson) in enumerate(zip(lessons, chart.lessons, strict=True)):
        if given.upper is not None and given.upper != lesson.upper.ordinal:
            out.append(Wrong(f"lesson-{i + 1}.upper", f"wrong.lessons|{i}", f"{lesson.upper}/{lesson.lower}"))
        elif given.lower is not None and given.lower != lesson.lower:
            out.append(Wrong(f"lesson-{i + 1}.lower", f"wrong.lessons|{i}", f"{lesson.upper}/{lesson.lower}"))
        if given.general is not None and given.general != lesson.general:
            out.append(Wrong(f"lesson-{i + 1}.general", f"wrong.lesson-general|{i}", str(lesson.general)))
    return out


def _noble_cells(chart: Chart, noble: NobleAnswer) -> list[Wrong]:
    out = []
    right = f"{chart.noble_branch}{NOBLE_LABEL[chart.noble]}{'順' if chart.generals_forward else '逆'}"
    if noble.day is not None and noble.day != (chart.noble == "day"):
        out.append(Wrong("noble.day-night", "wrong.day-night", right))
    if noble.branch is not None and noble.branch != chart.noble_branch.ordinal:
        out.append(Wrong("noble.branch", "wrong.noble-branch", right))
    if noble.forward is not None and noble.forward != chart.generals_forward:
        out.append(Wrong("noble.direction", "wrong.direction", right))
    return out


def _transmission_cells(chart: Chart, answer: tuple[TransmissionAnswer, ...]) -> list[Wrong]:
    found: list[tuple[int, str, str]] = []  # (which 傳, cell, heading)
    for i, (given, right) in enumerate(zip(answer, chart.transmissions, strict=True)):
        if given.branch is not None and given.branch != right.branch.ordinal:
            found.append((i, "branch", f"wrong.transmissions|{i}"))
        if given.general is not None and given.general != right.general:
            found.append((i, "general", "wrong.generals"))
        if given.kin is not None and given.kin != right.relation:
            found.append((i, "kin", f"wrong.kin|{i}"))
        if given.void is not None and given.void != right.void:  # a stem where none is, or a mark where one is
            found.append((i, "void", f"wrong.void|{i}"))
        elif given.stem is not None and given.stem != (str(right.stem) if right.stem else ""):
            found.append((i, "hidden-stem", f"wrong.hidden-stem|{i}"))
    if not found:
        return []
    t = chart.transmissions
    shown = {
        "branch": "".join(x.branch for x in t),
        "general": " ".join(f"{x.branch}{x.general.short}" for x in t),
    }
    return [Wrong(f"{WHICH[i]}.{cell}", head, shown.get(cell) or printed(t[i])) for i, cell, head in found]


def _method_cells(chart: Chart, name: str, sub: str | None) -> list[Wrong]:
    right = f"{chart.method} · {chart.lesson_type}"
    if sub is None:
        if name in (chart.method, chart.lesson_type):
            return []
        same = GATE_OF[name] == GATE_OF[chart.lesson_type]  # the right gate, the wrong lesson type
        return [Wrong("subname" if same else "method", "wrong.method", right)]
    if name != chart.method:
        return [Wrong("method", "wrong.method", right)]
    if sub != chart.lesson_type:
        return [Wrong("subname", "wrong.method", right)]
    return []


def _pattern_cells(chart: Chart, given: frozenset[str]) -> list[Wrong]:
    from ..patterns import PATTERNS

    held = frozenset(p.name for p in chart.patterns)
    wrong = (held - given) | (given - held - frozenset(chart.unjudged_patterns))
    if not wrong:
        return []
    right = " ".join(p.name for p in chart.patterns) or "—"
    return [
        Wrong(
            f"pattern.{p.name}",
            "wrong.pattern-missing" if p.name in held else "wrong.pattern-extra",
            right,
            (("name", term(p.name)),),
        )
        for p in PATTERNS
        if p.name in wrong
    ]


def step_of(chart: Chart, wrong: Wrong, answer: Answer, records: tuple[Record, ...]) -> str:
    """The key of the step of :meth:`liuren.Chart.steps` a wrong cell belongs to."""
    cell = wrong.cell
    if cell in INPUT_CELLS.values():
        return cell  # before any step: the inputs the steps start from
    if cell == "offset" or cell.startswith("plate."):
        return "plate"
    if cell.startswith("lesson-"):
        return "generals" if cell.endswith(".general") else cell.partition(".")[0]
    if cell.startswith("noble.") or cell.endswith(".general"):
        return "generals"
    if cell.endswith(".branch"):
        which = cell.partition(".")[0]
        if which != "initial":
            return which
        assert answer.transmissions is not None and answer.transmissions[0].branch is not None
        return initial_error((r for r in records if not r.chained), answer.transmissions[0].branch)
    if cell in ("method", "subname"):
        assert answer.method is not None
        name, sub = answer.method
        if sub is not None and cell == "subname":
            return "method"
        return method_error(records, name)
    if cell.startswith("pattern."):
        return "patterns"
    return "relations"


# ---------------------------------------------------------------- another school's answer
TIME_ONLY = frozenset(o for o in OPTION_NAMES if GOVERNS[o].changes in (("instant",), ("reading",)))
"""Options that change no cell of a chart given by its day, hour and month general: those that only turn
an instant into them, and those only a reading's verdict reads (read from each option's declaration,
:class:`liuren.school.Governs`)."""
NOBLE_OPTIONS = frozenset(options_changing("generals"))
"""Options that move the noble, and so the generals."""
PATTERN_ONLY = frozenset(o for o in OPTION_NAMES if GOVERNS[o].changes == ("patterns",))
"""Options read only by the named patterns (a test checks they change no other cell)."""
SCHOOL_FREE = re.compile(r"day|month|hour|month-general|xun-void|offset|plate\..|lesson-\d\.(upper|lower)")
"""Cells no school changes: with one of them wrong no school makes the answer right."""


def relevant_options(cells: Iterable[str]) -> frozenset[str]:
    """The School options that could make these wrong cells right."""
    every = frozenset(OPTION_NAMES) - TIME_ONLY
    out: set[str] = set()
    for cell in cells:
        if cell.startswith("pattern."):
            return every
        if cell.startswith("noble.") or cell.endswith(".general"):
            out |= NOBLE_OPTIONS
        elif cell.endswith(".branch") or cell in ("method", "subname"):
            out |= every - NOBLE_OPTIONS - PATTERN_ONLY
    return frozenset(out)


def _under(chart: Chart, school: School) -> Chart:
    """``chart`` cast under ``school``: the noble follows the school's 晝/夜 rule when the chart's did."""
    from ..chart import Chart

    own = chart.school.is_day(chart.hour.ordinal)
    other = school.is_day(chart.hour.ordinal)
    derived = own is not None and own == (chart.noble == "day")
    noble = None if derived and other is not None else chart.noble
    nianming = None if chart.nianming is None else (chart.nianming.benming, chart.nianming.xingnian)
    return Chart(
        chart.day,
        chart.hour,
        chart.general,
        noble=noble,
        school=school,
        month=chart.month,
        year=chart.year,
        nianming=nianming,
    )


def _alternatives_of(school: School, options: frozenset[str]) -> Iterable[tuple[School, str | None]]:
    """The presets that differ from ``school`` in one of ``options``, then ``school`` with one of them changed."""
    seen = {school}
    for name, preset in PRESETS.items():
        if preset not in seen and any(getattr(preset, o) != getattr(school, o) for o in options):
            seen.add(preset)
            yield preset, name
    for option in OPTION_NAMES:
        if option not in options:
            continue
        values: tuple[object, ...] = (True, False) if option in SWITCHES else CHOICES[option]
        for value in values:
            if value != getattr(school, option):
                other = school.replace(**{option: value})
                if other not in seen:
                    seen.add(other)
                    yield other, None


def other_school(chart: Chart, answer: Answer, wrong: list[Wrong]) -> OtherSchool | None:
    """The first school (the presets, then one option changed) under which the whole answer is right."""
    cells = [w.cell for w in wrong]
    if any(SCHOOL_FREE.fullmatch(c) for c in cells):
        return None
    options = relevant_options(cells)
    cheap = answer._replace(patterns=None)  # the named patterns cost the most: judged last
    for school, preset in _alternatives_of(chart.school, options):
        other = _under(chart, school)
        if wrong_cells(other, cheap) or (answer.patterns is not None and _pattern_cells(other, answer.patterns)):
            continue
        differ = [o for o in OPTION_NAMES if o in options and getattr(school, o) != getattr(chart.school, o)]
        if preset is not None and len(differ) > 1:  # name the options that matter to this answer
            mattering = [o for o in differ if _moves(chart, chart.school.replace(**{o: getattr(school, o)}), answer)]
            differ = mattering or differ
        return OtherSchool(school, tuple(differ), preset)
    return None


def _moves(chart: Chart, school: School, answer: Answer) -> bool:
    """Whether casting ``chart`` under ``school`` changes which cells of ``answer`` are wrong."""
    other = _under(chart, school)
    cheap = answer._replace(patterns=None)
    if wrong_cells(other, cheap) != wrong_cells(chart, cheap):
        return True
    if answer.patterns is None:
        return False
    return _pattern_cells(other, answer.patterns) != _pattern_cells(chart, answer.patterns)
