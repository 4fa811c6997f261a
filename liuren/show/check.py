"""Check a learner's own chart, cell by cell: every cell a learner writes when casting a chart by hand.

:func:`check` takes each part of an answer in the form a learner writes it and says whether it is
right; when it is not, ``first_error`` is the key of the first step of :meth:`liuren.Chart.steps`
the answer gets wrong, ``cell`` the stable key of the first wrong cell, and ``message`` names the
rule missed (in Chinese, Korean or English) without giving the answer away — ``reveal=True`` adds
it. When the answer is right under another school (a preset, or one School option changed),
``other_school`` names it and ``note`` says so ("This answer is right under 探原 (shehai='depth')."),
so a practice session can give it half credit; ``str(result)`` is the message and the note.

The cells and their keys, in the order they are judged (by the step of :meth:`liuren.Chart.steps`
each belongs to, named after the arrow, then in this order within a step):

- ``day``, ``month``, ``hour``, ``month-general`` — the chart's inputs found from a date and a time
  (the parts ``day=``, ``month=``, ``hour=``, ``general=``): the day pillar (日辰), the 月建 (judged
  only on a chart cast with one), the 占時 and the 月將 → a key of their own (the cell's), before
  every step
- ``offset`` — the plate offset d → ``plate``
- ``plate.子`` … ``plate.亥`` — the heaven branch over that earth square → ``plate``
- ``lesson-N.upper``, ``lesson-N.lower`` — lesson N's upper and lower (N = 1 … 4) → ``lesson-N``
- ``noble.day-night``, ``noble.branch``, ``noble.direction`` — 晝貴 or 夜貴, the 貴人's heaven
  branch, 順 or 逆 → ``generals``
- ``lesson-N.general`` — the general over lesson N → ``generals``
- ``initial.branch``, ``middle.branch``, ``final.branch`` — each 傳's branch → the ``gate-…`` step
  where a wrong 初傳 drops out of the candidates (else ``initial``), ``middle``, ``final``
- ``initial.general`` … — the general each 傳 rides → ``generals``
- ``initial.kin``, ``initial.void``, ``initial.hidden-stem`` … — each 傳's 六親, 旬空 mark and 遁干
  → ``relations``
- ``xun-void`` — the day's two 旬空 branches (the part ``void=``, in either order) → ``relations``
- ``method`` — the method (九宗門) → the ``gate-…`` step the wrong method goes wrong at
- ``subname`` — the lesson type (課體) within the right method → ``method``
- ``pattern.NAME`` — a named pattern (格局, the labels the patterns module names; not a 課體) that holds
  and is missing, or is named and does not hold → ``patterns``

A wrong answer at the 比用 gate also names the candidates 比用 weighed and, when several or none
share the day's yin-yang, those that remain and go on to 涉害 (the 初 itself is not named).

>>> from liuren import Chart
>>> c = Chart("丙申", "午", "亥")
>>> check(c, offset=5, lessons="戌卯丑午", transmissions="卯申丑", method="元首").ok
True
>>> r = check(c, transmissions="申卯丑", lang="en")
>>> r.ok, r.first_error, r.cell
(False, 'gate-zeike', 'initial.branch')
>>> check(c, transmissions=["父癸卯常", "財丙申合", "子辛丑陰"], noble="亥晝逆", patterns="殃咎 內戰 日干乘墓").ok
True
>>> check(c, transmissions="父癸卯常 財丙申合 子○丑陰", lang="en").cell
'final.void'
>>> check(c, lessons="戌卯丑", lang="en")
Traceback (most recent call last):
...
liuren.errors.ParseError: lessons='戌卯丑' has 3 lessons; accepted: the four uppers in lesson order 1→4 such as '戌卯丑午' ('?' for one you leave open), four (upper, lower) pairs such as '戌/丙 卯/戌 丑/申 午/丑', each optionally with its general ('戌/丙蛇'), or the book's three rows read right to left ('龍陰常蛇', '午丑卯戌', '丑申戌丙')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from html import escape
from typing import TYPE_CHECKING, Any

from ..cycle import JIGONG, PILLARS, STEM_ELEMENT, xun_branch
from ..errors import ParseError, quote
from ..grading import Grade, graded
from ..lang import language
from ..records import BiyongFilter, BiyongOne
from .answer_forms import UNKNOWN as UNKNOWN
from .answer_forms import parse_lesson_cells as parse_lesson_cells
from .answer_forms import parse_transmission_cells as parse_transmission_cells
from .answers import GATE_OF as GATE_OF
from .answers import INPUT_CELLS, PARTS, XUN_VOID, Answer, read_answer
from .answers import METHODS as METHODS  # the names below are read from here by practice, identify and tests
from .answers import parse_day_answer as parse_day_answer
from .answers import parse_general_answer as parse_general_answer
from .answers import parse_hour_answer as parse_hour_answer
from .answers import parse_lessons as parse_lessons
from .answers import parse_method as parse_method
from .answers import parse_method_answer as parse_method_answer
from .answers import parse_month_answer as parse_month_answer
from .answers import parse_noble_answer as parse_noble_answer
from .answers import parse_offset as parse_offset
from .answers import parse_patterns as parse_patterns
from .answers import parse_plate as parse_plate
from .answers import parse_transmissions as parse_transmissions
from .answers import parse_void_answer as parse_void_answer
from .diagnosis import CELL_ORDER, METHOD_OF_GATE, SUBNAMES, OtherSchool, Wrong, chain_hint, other_school, step_of
from .diagnosis import NOBLE_OPTIONS as NOBLE_OPTIONS
from .diagnosis import PATTERN_ONLY as PATTERN_ONLY
from .diagnosis import TIME_ONLY as TIME_ONLY
from .diagnosis import printed as printed
from .diagnosis import relevant_options as relevant_options
from .diagnosis import wrong_cells as wrong_cells
from .gates import gate_records
from .html import RIGHT as RIGHT  # the green of a right answer, read here by the widgets
from .i18n import branch_term, branches_term, check_lang, element_term, render, stem_term, term, zh_number
from .words.check import CHECK

if TYPE_CHECKING:
    from ..chart import Chart


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The verdict on an answer: ``ok``, ``first_error`` (the key of the first step of
    :meth:`liuren.Chart.steps` the answer gets wrong, or None), ``message`` (in the language asked
    for) and ``checked`` (which parts were given). ``ok`` is True when something was answered and
    every place answered is right; an answer left wholly open ("???") is no answer, so it is not ok.
    ``cell`` is the stable key of the first wrong cell (see :mod:`liuren.show.check`), and
    ``other_school`` the school under which the whole answer is right, when it is wrong under the
    chart's own but right under a preset or one School option changed (else None); ``note`` says so
    in the language asked for. ``message`` is the verdict alone (its words are those of the checker
    before it judged other schools); ``str()`` and the HTML give the verdict and the note."""

    ok: bool
    first_error: str | None
    message: str
    checked: tuple[str, ...]
    cell: str | None = None
    other_school: OtherSchool | None = None
    note: str = ""

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        if not self.note:
            return self.message
        return f"{self.message}{'' if self.message.endswith('。') else ' '}{self.note}"

    @property
    def grade(self) -> Grade | None:
        """The answer's :class:`~liuren.grading.Grade` (None when nothing was answered or judged): right;
        half, naming the other school, with the verdict and the note as the rule; or wrong, with the
        first wrong cell and the verdict."""
        if not self.ok and self.first_error is None:
            return None
        if self.other_school is not None:
            return graded(False, self.cell, str(self), other_school=str(self.other_school))
        return graded(self.ok, self.cell, self.message)

    def _repr_html_(self) -> str:
        from .html import COLORS, mark_chip, panel

        if self.ok:
            color, mark = RIGHT, "✔"
        elif self.first_error is None:  # nothing answered yet
            color, mark = COLORS["muted"], "…"
        else:
            color, mark = COLORS["mark"], "✘"
        return panel(f"{mark_chip(mark, color)} {escape(str(self))}", color)


# ---------------------------------------------------------------- check
def check(
    chart: Chart,
    *,
    day: object = None,
    month: object = None,
    hour: object = None,
    general: object = None,
    offset: object = None,
    plate: object = None,
    lessons: object = None,
    transmissions: object = None,
    noble: object = None,
    method: object = None,
    patterns: object = None,
    void: object = None,
    lang: str = "ko",
    reveal: bool = False,
    **unknown: object,
) -> CheckResult:
    """Check a learner's answer for ``chart``; each part is optional.

    ``day`` the day pillar ("丁未", "丁未日"); ``month`` the 月建 ("亥", "亥月"; judged only when the
    chart was cast with a month); ``hour`` the 占時 ("未", "未時"); ``general`` the 月將 ("寅", "寅將"
    or its spirit name "功曹"); ``void`` the day's two 旬空 branches ("寅卯", "空亡 寅卯", "寅卯空", in
    either order). ``offset`` the plate offset d (an int 0–11); ``plate`` squares of the plate as {earth: heaven}
    ({"子": "巳"}); ``lessons`` the four uppers in lesson order 1→4 ("戌卯丑午" for 丙申 午時 亥將),
    four (upper, lower) pairs, each optionally with its general ("戌/丙蛇 卯/戌常 丑/申陰 午/丑龍"), or
    the book's three rows read right to left; ``transmissions`` the three branches ("卯申丑"),
    optionally each with its general ("卯常申合丑陰"), or each 傳 as the book prints it ("父癸卯常";
    a void one with 空 or ○ in the 遁干's place, or ◎ after it as ``str(chart)`` prints it), as one
    string, three lines or a sequence; ``noble`` the noble's branch, 晝/夜 and 順/逆 ("亥晝逆", any
    of them, or a mapping of "branch", "day_night", "direction"); ``method`` a method ("賊克"), a lesson type
    ("元首") or both ("賊克 元首"); ``patterns`` the named patterns that hold (["殃咎", "內戰"], []
    for none; one the chart cannot judge without its month or 年命 is left open). "?" leaves a place
    open, and a part written with nothing but question marks ("?" or "???") is left open as a whole. ``lang`` is "ko", "zh" or "en"; ``reveal`` adds the right value to the message. Malformed
    answers raise :class:`~liuren.ParseError` (a void mark out of place says where it goes).
    """
    from .html import check_chart

    if unknown:
        raise TypeError(
            f"check() got an answer for {', '.join(map(quote, sorted(unknown)))}, which is no part of a chart it "
            f"checks; accepted: {', '.join(PARTS)} (with lang= and reveal=)"
        )
    check_chart(chart)
    lang = check_lang(lang)
    if not isinstance(reveal, bool):
        raise ParseError(f"reveal={quote(reveal)} must be True or False")
    parts = {"day": day, "month": month, "hour": hour, "general": general, "offset": offset, "plate": plate}
    parts |= {"lessons": lessons, "transmissions": transmissions, "noble": noble, "void": void}
    answer, given, open_places = read_answer(parts | {"method": method, "patterns": patterns}, chart.month is not None)
    wrong = wrong_cells(chart, answer) if given else []
    return _verdict(chart, answer, given, wrong, open_places, lang, reveal)


def _verdict(
    chart: Chart, answer: Answer, given: Sequence[str], wrong: list[Wrong], open_places: int, lang: str, reveal: bool
) -> CheckResult:
    """The message: nothing given, all right (with the places left open), or the first wrong step's hint."""
    w = CHECK[lang]
    form = language(lang)
    if not given:
        return CheckResult(False, None, render(w["none"], lang), ())
    if not wrong:
        parts = form.join([w[f"part.{p}"] for p in given])
        note = _fmt(w["open"], n=open_places) if open_places else ""
        return CheckResult(True, None, render(_fmt(w["ok"], parts=parts) + note, lang), tuple(given))
    steps = chart.steps(lang)
    records = steps[0].records  # the rule records the steps were told from
    order = {
        **{cell: n - len(INPUT_CELLS) for n, cell in enumerate(INPUT_CELLS.values())},
        **{step.key: n for n, step in enumerate(steps)},
    }
    last = len(CELL_ORDER)
    keyed = [(step_of(chart, x, answer, records), x) for x in wrong]
    key, first = min(keyed, key=lambda e: (order.get(e[0], len(order)), CELL_ORDER.get(e[1].cell, last)))
    head_key, _, index = first.head.partition("|")
    n = int(index or 0)
    head = _fmt(w[head_key], n=n + 1, cn=zh_number(n + 1), which=w.get(f"which.{index or 0}", ""), **dict(first.values))
    hint = _cell_hint(chart, first, key, lang)
    found = other_school(chart, answer, wrong)
    text = f"{head}{form.space}{hint}"
    if reveal:
        text += _fmt(w["answer"], answer=first.right)
    note = "" if found is None else render(_fmt(w["other"], school=str(found)), lang)
    return CheckResult(False, key, render(text, lang), tuple(given), first.cell, found, note)


def _fmt(template: str, **values: Any) -> str:
    return template.format(**values)


TABLE_VERSES = {"A": "「甲戊庚牛羊」", "B": "「甲羊戊庚牛」", "C": "「庚辛逢馬虎」"}
"""The first words of the verse of each 貴人 table (:data:`liuren.school.NOBLE_TABLES`)."""


def _cell_hint(chart: Chart, wrong: Wrong, key: str, lang: str) -> str:
    """The rule a wrong cell missed (a cell of the steps' own keys keeps the hint of its step)."""
    w = CHECK[lang]
    cell = wrong.cell
    stem = f"⟨{chart.stem}⟩"
    when = w[f"when.{chart.noble}"]
    kind = cell.partition(".")[2]
    if cell in INPUT_CELLS.values() or cell == XUN_VOID:
        return _input_hint(chart, cell, lang)
    if cell.startswith("plate."):
        return _fmt(w["square"], g=branch_term(chart.general.ordinal), h=branch_term(chart.hour.ordinal))
    if cell.startswith("lesson-") and kind == "general":
        return _fmt(w["lesson-general"], stem=stem, when=when)
    if cell == "noble.day-night":
        own = chart.school.is_day(chart.hour.ordinal)
        given = own is not None and own != (chart.noble == "day")  # the noble was chosen when it was cast
        rule = "given" if given else chart.school.day_night
        return _fmt(w[f"day-night.{rule}"], h=branch_term(chart.hour.ordinal))
    if cell == "noble.branch":
        return _fmt(w["noble"], stem=stem, when=when, verse=TABLE_VERSES[chart.school.noble_table])
    if cell == "noble.direction":
        return w["direction"]
    if kind in ("kin", "void", "hidden-stem"):
        day = chart.day.ordinal
        xun = PILLARS[day - day % 10]
        return _fmt(
            w[kind],
            stem=stem_term(chart.stem.ordinal),
            se=element_term(STEM_ELEMENT[chart.stem.ordinal]),
            day=term(chart.day),
            xun=term(xun),
            xb=branch_term(xun_branch(day)),
        )
    if cell.startswith("pattern."):
        from ..patterns import BY_NAME

        pattern = BY_NAME[cell.partition(".")[2]]
        clause: str = pattern.condition
        if not language(lang).english_clauses:  # the chapter's own words, without the English reading after them
            clause = clause.split(": ")[0] if clause.startswith("「") else pattern.source
        return _fmt(w["pattern"], rule=clause)
    return _hint(chart, key, lang, chart._ke)


def _biyong_here(chart: Chart, lang: str) -> str:
    """The candidates 比用 weighed on this chart, which of them remain and where they go (the 初 it
    chose is not named: the hint does not give the answer away)."""
    record = next((r for r in gate_records(chart) if isinstance(r, (BiyongOne, BiyongFilter))), None)
    if record is None:  # never so: a step is wrong at 比用 only when the run has its record
        return ""
    cands, match = record.candidates, record.matching
    variant = "one" if isinstance(record, BiyongOne) else "none" if not match else "all" if match == cands else "some"
    w = CHECK[lang]
    return _fmt(
        w[f"biyong.{variant}"],
        stem=stem_term(chart.stem.ordinal),
        yy=w["yang" if chart.stem.ordinal % 2 == 0 else "yin"],
        cands=branches_term(cands),
        match=branches_term(match),
        k=language(lang).count(len(match)),
    )


DAY_ANCHOR = date(2026, 12, 1)
"""The date the day-pillar hint counts from (the course's anchor; its pillar is computed, 己酉)."""


def _terms(lang: str, pairs: Iterable[tuple[str, str]]) -> str:
    """Solar terms and the branch each brings, "⟨雨水⟩ ⟨亥⟩, …" (Chinese: "雨水亥、…")."""
    form = language(lang)
    return form.join([f"⟨{t}⟩{form.space}⟨{b}⟩" for t, b in pairs])


def _input_hint(chart: Chart, cell: str, lang: str) -> str:
    """How a learner finds the chart's day, hour, month general, month branch or 旬空 pair."""
    from ..almanac import TERM_NAMES, day_pillar, general_of_term, month_of_term

    w = CHECK[lang]
    school = chart.school
    if cell == "day":
        boundary = w[f"day.{school.day_boundary}"]
        return _fmt(w["day"], anchor=DAY_ANCHOR.isoformat(), pillar=term(day_pillar(DAY_ANCHOR))) + boundary
    if cell == "hour":
        return w["hour"] + (w["hour.true-solar"] if school.true_solar_time else "")
    if cell == "month":  # the 節 are the odd terms, from 立春 (3) round to 小寒 (1)
        jie = [(TERM_NAMES[n % 24], str(month_of_term(n))) for n in range(3, 27, 2)]
        return _fmt(w["month"], terms=_terms(lang, jie))
    if cell == "month-general":
        switch = school.yuejiang_switch
        first = 4 if switch == "zhongqi" else 3  # 亥 comes with 雨水 by 中氣, with 立春 by 節
        terms = [(TERM_NAMES[n % 24], str(general_of_term(n, switch))) for n in range(first, first + 24, 2)]
        return _fmt(w[f"general.{switch}"], terms=_terms(lang, terms))
    day = chart.day.ordinal
    return _fmt(w["xun-void"], day=term(chart.day), xun=term(PILLARS[day - day % 10]), xb=branch_term(xun_branch(day)))


def _hint(chart: Chart, key: str, lang: str, ke: Any) -> str:
    w = CHECK[lang]
    b = branch_term
    stem = f"⟨{chart.stem}⟩"
    if key == "plate":
        return _fmt(w["plate"], g=b(chart.general.ordinal), h=b(chart.hour.ordinal))
    if key.startswith("lesson-"):
        return _fmt(w[key], stem=stem, jig=b(JIGONG[ke.stem]), z=b(ke.branch))
    if key == "gate-biyong":
        return _fmt(w[key], stem=stem) + _biyong_here(chart, lang)
    if key.startswith("gate-"):
        return _fmt(w[key], stem=stem)
    if key == "method":
        family = GATE_OF[chart.lesson_type]
        names = " ".join(f"⟨{n}⟩" for n in SUBNAMES[family].split())
        return _fmt(w["method"], method=METHOD_OF_GATE[family], names=names)
    if key in ("middle", "final"):
        return w[chain_hint(chart, key)]
    if key == "generals":
        return _fmt(w["generals"], stem=stem, when=w[f"when.{chart.noble}"])
    return w["initial"]


__all__ = [
    "CheckResult",
    "OtherSchool",
    "check",
    "parse_lesson_cells",
    "parse_lessons",
    "parse_method",
    "parse_method_answer",
    "parse_noble_answer",
    "parse_offset",
    "parse_patterns",
    "parse_plate",
    "parse_transmission_cells",
    "parse_transmissions",
    "parse_void_answer",
]
