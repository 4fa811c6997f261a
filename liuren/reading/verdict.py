"""From what the chapters say to a verdict: one :class:`Verdict` per matter, weighed as the chapters weigh.

A :class:`~liuren.reading.Reading` lists every statement of the chapters that applies to a chart. The
chapters do not stop there: they judge (「今卯木旺，丙火得相氣，故以吉斷之」, 元首課 l.51). :func:`verdict`
does the same in numbered steps, each from a line of the chapters (docs/rules.md §10 writes them out):

1. A timing rule says *when*, not *whether* (元首課 l.19 「克應」): it never counts as 吉 or 凶; nor does a
   statement that only describes (平).
2. The matter asked is read from its own statements first; the overall ones (總) decide only where the
   matter's own give no 吉 or 凶 (元首課 l.51 reads the 初 for 官, the 中 for 財, the 末 for 宅 and then
   the whole).
3. The chapters' explicit overrides set lines aside, each named with the line that does it:
   無淫課 l.143 (不備 without 克: neither 日辰交互相剋 nor 日上神 and 辰上神 克ing one another, l.127;
   「亦不為凶，只是事有遲延」), 遙克課 l.31 (a void metal 「亦不能為凶也」), 遙克課 l.47 (a void earth, 遺丸
   「縱彈皆不為凶」), 殃咎課 l.163 (干支坐墓 「二處逢空，可解」: only the void resolves it, so another 殃咎
   form's 「禍患易解」 does not), and a rescue form (天獄清平, 解網, 死奇回生,
   魄化歸魂, 贅婿當權: 天獄課 l.11, 天網課 l.55, 死奇課 l.103, 魄化課 l.139, 贅婿課 l.67), which sets aside
   the 凶 lines of the form it rescues.
4. Where 元首課 l.23 「縱神將戰憂易解」 and 殃咎課 l.155 「神克將，為內戰，禍患難解」 both stand, the
   ``School`` option ``war_reading`` decides: "lesson" (the default) lets the lesson type's own line
   prevail (step 5), "yangjiu" lets 殃咎's.
5. The more particular line prevails over the more general: the chapter's judgement of this very chart
   (its worked example), then the lines about the chart's lesson type or pattern whose conditions the
   chart decides (元首課 l.15 「但為上神旺相，天將無內戰方吉」: the type's reading holds where its
   conditions do), then the type's unconditional lines, then the lines said of every chart (總). On one
   tier a 殃咎 form's own line (遞克, 外戰, 夾克, 內戰, 干支坐墓, 日干乘墓) prevails over the lines said of
   殃咎 as a whole (殃咎課 l.155 「此例非殃必有過失之咎。故名殃咎課」).
6. Where the lines that prevail still say both 吉 and 凶, the 用's and the day stem's 旺相 decide (元首課
   l.51 「今卯木旺，丙火得相氣，故以吉斷之」 judges 吉 on both; 重審課 l.131 「若發用之神休囚 … 雖末傳吉亦
   何益乎」; 殃咎課 l.163 「身弱難管」): with both 旺相 the 吉 lines stand, with either 休囚死 the 凶 ones.
   Without the month, or with lines that only say 吉凶參半, the verdict is 未定 or 吉凶參半: never a
   forced answer.
7. 年命 as rescue (天網課 l.55 「若末傳及年命有救神 … 反凶為吉」): a 凶 verdict on a chart with a 年命
   where a 吉 line reading the 行年 or 本命 applies becomes 先凶後吉, and says so.
8. 神將吉凶 (遙克課 l.15 「蒿矢有吉凶，先看吉凶神」; 元首課 l.47 「吉凶以神將之吉凶言之」): where the chapter
   does not read this very chart, the general riding the matter's carrier in the 三傳 decides first: the
   妻財 for 財 (「彈射得吉將，求財得相親」, 遙克課 l.15; 「發傳是妻財 … 更逢凶將 … 雖善事亦反為凶矣」, 重審課
   l.111), the 貴人 on the 用 for 官 (「遇天乙主官長」, 贅婿課 l.63).

The verdict carries its reasons (at most three, with quotation and source), the overrides applied, the
course 初 → 中 → 末 where lines read the transmissions, and the primary 應期.

>>> from liuren import chart
>>> from liuren.reading import reading
>>> v = reading(chart("丙申", "午", "亥", month="寅")).verdict("總")
>>> v.verdict, v.reasons[0].source
('吉', '元首課 l.51')
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass
from functools import cache
from itertools import compress, repeat
from operator import and_
from typing import TYPE_CHECKING

from ..cycle import BRANCH_ELEMENT, kin_of
from .readers import chart_key
from .statements import MATTERS, Statement, bits, statements
from .timing import Period, periods, primary_period

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from datetime import datetime

    from ..chart import Chart
    from . import Decided, Reading

VERDICTS = ("吉", "凶", "先吉後凶", "先凶後吉", "吉凶參半", "平", "未定")
"""What a verdict can be: the six verdicts of the statements, and 未定 where the chapters do not decide."""
GOOD = frozenset(("吉", "先凶後吉"))
BAD = frozenset(("凶", "先吉後凶"))
DIRECTED = GOOD | BAD
"""The verdicts that say 吉 or 凶 (a statement that only describes, 平, or says 吉凶參半 does not)."""
MAX_REASONS = 3

METAL, EARTH = 3, 2
"""Element ordinals (木火土金水) of the void metal (遙克課 l.31) and the void earth (l.47)."""

RESCUES: dict[str, tuple[str, str, str]] = {
    "天獄清平": ("天獄", "天獄課 l.11", "天獄清平可釋迍"),
    "解網": ("天網", "天網課 l.55", "若末傳及年命有救神，克初傳為解網課，反凶為吉"),
    "死奇回生": ("死奇", "死奇課 l.103", "為死奇回生課，除禍為福"),
    "魄化歸魂": ("魄化", "魄化課 l.139", "為魄化魂歸課，主先憂後喜"),
    "贅婿當權": ("贅婿", "贅婿課 l.67", "則為贅婿課當權格，所占不同"),
}
"""The rescue forms: {form: (the form it rescues, source, quotation)}. Where the rescue holds, the 凶
lines of the rescued form are set aside (principle 3)."""

PRINCIPLES: dict[int, tuple[str, str]] = {
    1: ("元首課 l.19", "克應"),
    2: ("元首課 l.51", "卯為日之父母…申為日妻…丑為日子孫…故以吉斷之"),
    3: ("無淫課 l.143", "若課不備，無克亦不為凶，只是事有遲延"),
    4: ("殃咎課 l.155", "神克將，為內戰，禍患難解"),
    5: ("元首課 l.15", "但為上神旺相，天將無內戰方吉"),
    6: ("元首課 l.51", "今卯木旺，丙火得相氣，故以吉斷之"),
    7: ("天網課 l.55", "若末傳及年命有救神，克初傳為解網課，反凶為吉"),
    8: ("遙克課 l.15", "蒿矢有吉凶，先看吉凶神"),
}
"""The principles of the method (docs/rules.md §10), each with the line it comes from."""

STRENGTH_LINES: dict[str, tuple[str, str]] = {
    "吉": ("元首課 l.51", "今卯木旺，丙火得相氣，故以吉斷之"),
    "用": ("重審課 l.131", "若發用之神休囚 … 雖末傳吉亦何益乎"),
    "身": ("殃咎課 l.163", "財自貪生旺，身弱難管"),
}
"""Principle 6's set-aside, cited by the line that says it: both strong keep the 吉 lines (元首課 l.51);
a weak 用 keeps the 凶 ones (重審課 l.131), a weak day stem too (殃咎課 l.163)."""

MATTER_KIN: dict[str, str] = {"財": "妻財"}
"""Principle 8: the 六親 that carries a matter in the 三傳 (重審課 l.111 「發傳是妻財 … 乃兄弟爭財」 reads the
妻財 for wealth). Not 孕 by the 子孫: the chapter's 孕 readings take the fire in 寅 (元首課 l.59) and the 胎神
under 白虎 (l.75), and its 壬申 卯時 example has the 子孫 on 六合 yet 「主墮胎」 (docs/rules.md §10, principle 8)."""

GENERAL_LINES: dict[tuple[str, str], tuple[str, str]] = {
    ("財", "吉"): ("遙克課 l.15", "彈射得吉將，求財得相親"),
    ("財", "凶"): ("重審課 l.111", "發傳是妻財 … 更逢凶將及墓神發用，雖善事亦反為凶矣"),
    ("官", "吉"): ("贅婿課 l.63", "遇天乙主官長"),
}
"""Principle 8 (神將吉凶: 「先看吉凶神」, 遙克課 l.15; 「吉凶以神將之吉凶言之」, 元首課 l.47): {(matter,
verdict): (source, quotation)}, the line that reads the general riding the matter's 六親 (or, for 官, the
貴人 riding the 用) as that verdict."""

YANGJIU_FORMS = frozenset(("遞克", "外戰", "夾克", "內戰", "干支坐墓", "日干乘墓"))
"""The forms 殃咎課 gathers under its name (l.147 「三傳剋日，神將相戰，或日干乘墓，為殃咎課」, l.151–155 the
examples of 遞克, 外戰, 夾克, 內戰, 干支坐墓, l.155 「此例非殃必有過失之咎。故名殃咎課」): where a form's own line
says 吉 or 凶, the family's lines (subject 殃咎) on the same tier yield to it (principle 5, the particular
over the general)."""

GENERAL_MATTERS = frozenset(matter for matter, _ in GENERAL_LINES)
"""The matters principle 8 reads a general for."""

LIGHT = 3
"""The reasons are picked from the lines of most conditions first (:func:`~liuren.reading.stated._pick`): those
of fewer than this many, which most lines are, are looked at alone where no line of more stands."""

TIERS = ("example", "conditioned", "lesson", "general")
"""The tiers of principle 5, most particular first."""


@dataclass(frozen=True, slots=True)
class Reason:
    """One line a verdict rests on: the statement's ``id`` (or ``P6`` for a principle), its
    ``verdict``, the ``quote`` and its ``source`` ("元首課 l.51")."""

    id: str
    verdict: str
    quote: str
    source: str


@dataclass(frozen=True, slots=True)
class Override:
    """Lines set aside (``set_aside``, ids), by which line (``by``), and why (``kind``: "不備無克",
    "空矢", "遺丸", "坐墓" (principle 3: 干支坐墓 resolved only by the void), "救" (a rescue form), "神將戰"
    (principle 4), "旺相", "年命", "殃咎例" (principle 5: a 殃咎 form over its family))."""

    kind: str
    set_aside: tuple[str, ...]
    by: Reason


@dataclass(frozen=True, slots=True)
class CourseStep:
    """One transmission's reading on the matter: ``position`` (初, 中, 末), its ``branch`` and the
    ``verdict`` of the lines that read it (or 平 when they only describe)."""

    position: str
    branch: str
    verdict: str
    ids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Use:
    """The 用 (初傳) as step 3 of judging reads it: ``branch``, its 六親 to the day stem (``kin``), its
    旺相休囚死 in the month (``strength``, None without the month) and the ``general`` riding it."""

    branch: str
    kin: str
    strength: str | None
    general: str


def _field(n: int, doc: str, explained: bool = False) -> property:
    """The ``n``-th field of a :class:`Verdict` (:data:`FIELDS`), read from its values; an ``explained``
    one (:data:`EXPLAINED`) is weighed when first read."""
    if explained:
        return property(lambda made: made._explained()[n], doc=doc)
    return property(lambda made: made._values[n], doc=doc)


class Verdict:
    """The chapters' judgement of one ``matter`` on a chart.

    ``verdict`` is one of :data:`VERDICTS`; ``reasons`` the decisive lines (at most three);
    ``overrides`` what was set aside and by which line; ``course`` the 初 → 中 → 末 where lines read the
    transmissions; ``timing`` the primary 應期 (with dates when the moment is known) and ``folded`` how
    many other timing rules apply; ``principle`` the number of the principle that decided
    (docs/rules.md §10); ``school`` the ``war_reading`` choice when principle 4 was needed (else "");
    ``tier`` which tier of principle 5 decided; ``weighed`` how many lines applied on the matter and
    ``open`` how many more the chart leaves open.

    A frozen record of these fields (:data:`FIELDS`), compared, hashed, pickled and shown as a frozen
    dataclass would be, and equal only to a ``Verdict``. The fields that explain the verdict and the counts of
    lines (:data:`EXPLAINED`: the overrides, the course, the 應期, ``weighed``, ``open``, ``use``) are weighed when
    first read: a reading's ``verdicts()`` decides every matter and leaves them to be weighed for the verdicts
    shown. It is therefore a slotted class with its values in one tuple, not a dataclass; ``verdict`` and
    ``reasons``, which every use of a verdict reads, are slots of their own too."""

    __slots__ = {
        "_explain": "The reading's _Seen the explaining fields are weighed from when first read (None once they are).",
        "_values": "The fields' values, in the order of FIELDS.",
        "reasons": "The decisive lines (at most three).",
        "verdict": "One of VERDICTS.",
    }
    __match_args__ = (
        "matter",
        "verdict",
        "reasons",
        "overrides",
        "course",
        "timing",
        "folded",
        "principle",
        "school",
        "tier",
        "weighed",
        "open",
        "use",
    )

    if TYPE_CHECKING:
        matter: str
        verdict: str
        reasons: tuple[Reason, ...]
        overrides: tuple[Override, ...]
        course: tuple[CourseStep, ...]
        timing: Period | None
        folded: int
        principle: int
        school: str
        tier: str
        weighed: int
        open: int
        use: Use | None
    else:
        matter = _field(0, "The matter judged (a key of MATTERS).")
        overrides = _field(3, "What was set aside, and by which line.", explained=True)
        course = _field(4, "The 初 → 中 → 末 where lines read the transmissions.", explained=True)
        timing = _field(5, "The primary 應期, or None.", explained=True)
        folded = _field(6, "How many other timing rules apply.", explained=True)
        principle = _field(7, "The number of the principle that decided.")
        school = _field(8, "The war_reading choice when principle 4 was needed, else ''.")
        tier = _field(9, "Which tier of principle 5 decided.")
        weighed = _field(10, "How many lines applied on the matter.", explained=True)
        open = _field(11, "How many more lines the chart leaves open on the matter.", explained=True)
        use = _field(12, "The 用 as step 3 of judging reads it.", explained=True)

    _values: tuple[object, ...]
    _explain: _Seen | None

    def __init__(
        self,
        matter: str,
        verdict: str,
        reasons: tuple[Reason, ...],
        overrides: tuple[Override, ...],
        course: tuple[CourseStep, ...],
        timing: Period | None,
        folded: int,
        principle: int,
        school: str,
        tier: str,
        weighed: int,
        open: int,
        use: Use | None = None,
    ) -> None:
        values = (matter, verdict, reasons, overrides, course, timing, folded, principle, school, tier, weighed)
        object.__setattr__(self, "_values", (*values, open, use))
        object.__setattr__(self, "_explain", None)
        object.__setattr__(self, "verdict", verdict)
        object.__setattr__(self, "reasons", reasons)

    def _explained(self) -> tuple[object, ...]:
        """The values, the explaining ones weighed now if they were left to be."""
        seen = self._explain
        if seen is not None:
            overrides, course, timing, folded, weighed, opened = _explanation(seen, self.matter, self.verdict)
            v = (*self._values[:3], overrides, course, timing, folded, *self._values[7:10], weighed, opened)
            object.__setattr__(self, "_values", (*v, seen.use))
            object.__setattr__(self, "_explain", None)
        return self._values

    @property
    def decided(self) -> bool:
        """Whether the chapters decide this matter on the chart (the verdict is not 未定)."""
        return self.verdict != "未定"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._explained() == other._explained()

    def __hash__(self) -> int:
        return hash(self._explained())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(FIELDS, self._explained(), strict=True))
        return f"Verdict({shown})"

    def __reduce__(self) -> tuple[type[Verdict], tuple[object, ...]]:
        return Verdict, self._explained()


FIELDS: tuple[str, ...] = Verdict.__match_args__
"""The fields of a :class:`Verdict`, in order (its constructor's arguments and its ``repr``)."""
EXPLAINED = frozenset(("overrides", "course", "timing", "folded", "weighed", "open", "use"))
"""The fields of a :class:`Verdict` weighed when first read: those that explain it, the counts of lines, the 用."""


YANGJIU_REASON = Reason("殃咎例", "", "此例非殃必有過失之咎。故名殃咎課", "殃咎課 l.155")
"""Principle 5's 殃咎例: a 殃咎 form's own line over the family's (殃咎課 l.155)."""
STRENGTH_REASONS = {why: Reason("P6", "", quote, source) for why, (source, quote) in STRENGTH_LINES.items()}
"""Principle 6's set-aside as a reason, by the line that says it (:data:`STRENGTH_LINES`)."""
GENERAL_REASONS = {key: Reason("P8", key[1], quote, source) for key, (source, quote) in GENERAL_LINES.items()}
"""Principle 8's reading of a general as a reason, by (matter, verdict) (:data:`GENERAL_LINES`)."""


def reason(statement: Statement) -> Reason:
    """A statement as a reason: id, verdict, quotation and short source."""
    return Reason(statement.id, statement.verdict, statement.quote, statement.source.label)


def principle_reason(number: int) -> Reason:
    source, quote = PRINCIPLES[number]
    return Reason(f"P{number}", "", quote, source)


def tier_of(statement: Statement, key: str) -> int:
    """Principle 5: 0 the chapter's judgement of this chart, 1 a lesson type's or pattern's line with
    conditions the chart decides, 2 its unconditional line, 3 a line on every chart (總)."""
    example, tier = _example(statement), _tier(statement)
    return 0 if example is not None and (not example or example == key) else tier


def _example(statement: Statement) -> str | None:
    """A worked example's chart ("" for an example without one), None for a line that is no example."""
    return statement.example_chart if statement.example else None


def _tier(statement: Statement) -> int:
    """Principle 5's tier of a line on a chart that is not its worked example's."""
    return 3 if statement.subject == "總" else 1 if statement.conditions else 2


POSITIONS = (("初", "init"), ("中", "middle"), ("末", "final"))
"""The three transmissions as the course reads them: name and condition target."""

NIANMING_TARGETS = frozenset(("year_upper", "fate_upper"))
"""The targets of a line reading the 行年 or 本命 (principle 7)."""


def _about(statement: Statement, element: int) -> bool:
    """Whether a 蒿矢 (彈射) line speaks of the metal (earth) in the 三傳: its conditions read that
    element or its branches, or the quotation names it (「有金則主血光」); a 彈射 line when void earth:
    every one (「縱彈皆不為凶」)."""
    if element == EARTH:
        return True
    words = ("金", "申", "酉", "白虎", "傳送", "從魁")
    return any(any(w in c.text for w in words) for c in statement.conditions) or "金" in statement.quote


@dataclass(frozen=True, slots=True)
class VerdictTable:
    """What the verdicts read of the statements, compiled once when the data loads. A statement is a bit,
    its place in the file; a set of statements is an ``int``, and each property the principles look at is
    the set of the statements that have it. A reading's verdicts weigh every matter by and-ing these sets
    with the set of the statements that apply on the chart (:class:`_Seen`), never by reading the
    statements one by one."""

    ids: tuple[str, ...]
    """Each statement's id, by its place in the file."""
    index: dict[str, int]
    """Each statement's place in the file, by id."""
    reasons: tuple[Reason, ...]
    """Each statement as a :class:`Reason`."""
    flat: int
    """The lines that only describe (平)."""
    said: int
    """The lines that say more than 平."""
    directed: int
    """The lines that say 吉 or 凶 (:data:`DIRECTED`)."""
    good: int
    bad: int
    mixed: int
    """The lines that say 吉凶參半."""
    turn_good: int
    """The lines that say 先凶後吉."""
    turn_bad: int
    """The lines that say 先吉後凶."""
    speaks: dict[str, int]
    """The statements that speak of each matter (timing rules too)."""
    speaking: tuple[tuple[str, int], ...]
    """Each matter some statement speaks of, in the order of MATTERS, with those statements."""
    speaking_matters: tuple[str, ...]
    """The matters of ``speaking``, in its order."""
    speaking_sets: tuple[int, ...]
    """The statements of ``speaking``, in its order."""
    weighs: dict[str, int]
    """The statements weighed on each matter: no timing rule (principle 1)."""
    timing: int
    """The timing rules (應期)."""
    kinds: dict[str, int]
    """The timing rules of each kind (period, generates, fears, branch, other)."""
    named: int
    """The timing rules that name a period or marks (all but 「遲延」's kind, other)."""
    concerns: dict[str, int]
    """The statements that speak of each matter or of every matter (總): the timing rules a matter reads."""
    overall: int
    """The statements that speak of every matter (總)."""
    overall_weighed: int
    """The overall lines (總) that are weighed: no timing rule (principle 1)."""
    tiers: tuple[int, int, int]
    """Principle 5's tiers 1–3 (:data:`TIERS`) of each line on a chart that is not its worked example's."""
    tiers_elsewhere: tuple[int, int, int, int]
    """Principle 5's four tiers on a chart that is no worked example's own (``example_any`` the first)."""
    example_any: int
    """The worked examples that name no chart: tier 0 wherever they apply."""
    example_at: dict[str, int]
    """The worked examples by their chart (:func:`~liuren.reading.readers.chart_key`): tier 0 on it."""
    example_keyed: int
    """Every worked example that names its chart."""
    rescuers: int
    """The 吉 lines reading the 行年 or 本命 (principle 7)."""
    positions: tuple[int, int, int]
    """The lines whose conditions read the 初, the 中, the 末 (the course)."""
    subjects: dict[str, int]
    """The statements of each subject."""
    about_metal: int
    """The 蒿矢 lines about the metal in the 三傳 (:func:`_about`, principle 3's void metal)."""
    yangjiu_forms: int
    """The lines of a 殃咎 form (:data:`YANGJIU_FORMS`)."""
    yangjiu_family: int
    """The lines said of 殃咎 as a whole."""
    neizhan_bad: int
    """The 內戰 lines that say 凶 (principle 4)."""
    yuanshou: int
    """元首課 l.23 「縱神將戰憂易解」 (principle 4)."""
    by_weight: tuple[int, ...]
    """The lines in their order among the reasons: a set for each number of conditions, the most first
    (more conditions the chart decides first), the file's order within each."""
    rank: tuple[int, ...]
    """Each line's set in ``by_weight`` (0 for the lines of most conditions)."""
    heavy: int
    """The lines of :data:`LIGHT` or more conditions: the first sets of ``by_weight``."""
    light: tuple[int, ...]
    """The sets of ``by_weight`` of the lines of fewer conditions than :data:`LIGHT`, which most lines have."""
    kind: tuple[str, ...]
    """Each timing rule's kind ("" for a line that is none)."""
    matters: tuple[frozenset[str], ...]
    """Each statement's matters."""
    tier: tuple[int, ...]
    """Each statement's tier on a chart that is not its worked example's."""

    def union(self, subjects: frozenset[str]) -> int:
        """The statements of any of ``subjects``."""
        found = 0
        for subject in subjects:
            found |= self.subjects.get(subject, 0)
        return found


@cache
def table() -> VerdictTable:
    """The statements as the verdicts read them (:class:`VerdictTable`), compiled on first use."""
    every = statements()
    ids = tuple(s.id for s in every)

    def having(test: Callable[[Statement], bool]) -> int:
        found = 0
        for n, s in enumerate(every):
            if test(s):
                found |= 1 << n
        return found

    def grouped(keys: Callable[[Statement], Iterable[str]]) -> dict[str, int]:
        found: dict[str, int] = {}
        for n, s in enumerate(every):
            for key in dict.fromkeys(keys(s)):
                found[key] = found.get(key, 0) | 1 << n
        return found

    speaks = grouped(lambda s: s.matters)
    weighs = grouped(lambda s: s.matters if s.timing is None else ())
    kinds = grouped(lambda s: () if s.timing is None else (s.timing.kind,))
    example_at = grouped(lambda s: (s.example_chart,) if s.example and s.example_chart else ())
    read = grouped(lambda s: (c.target for c in s.conditions))  # the lines reading each target
    by_conditions = grouped(lambda s: (str(len(s.conditions)),))  # the lines of each number of conditions
    tiers = (having(lambda s: _tier(s) == 1), having(lambda s: _tier(s) == 2), having(lambda s: _tier(s) == 3))
    example_any = having(lambda s: _example(s) == "")
    return VerdictTable(
        ids=ids,
        index={i: n for n, i in enumerate(ids)},
        reasons=tuple(reason(s) for s in every),
        flat=having(lambda s: s.verdict == "平"),
        said=having(lambda s: s.verdict != "平"),
        directed=having(lambda s: s.verdict in DIRECTED),
        good=having(lambda s: s.verdict in GOOD),
        bad=having(lambda s: s.verdict in BAD),
        mixed=having(lambda s: s.verdict == "吉凶參半"),
        turn_good=having(lambda s: s.verdict == "先凶後吉"),
        turn_bad=having(lambda s: s.verdict == "先吉後凶"),
        speaks=speaks,
        speaking=tuple((m, speaks[m]) for m in MATTERS if speaks.get(m, 0)),
        speaking_matters=tuple(m for m in MATTERS if speaks.get(m, 0)),
        speaking_sets=tuple(speaks[m] for m in MATTERS if speaks.get(m, 0)),
        weighs=weighs,
        timing=having(lambda s: s.timing is not None),
        kinds=kinds,
        named=having(lambda s: s.timing is not None) & ~kinds.get("other", 0),
        concerns={m: found | speaks.get("總", 0) for m, found in speaks.items()},
        overall=speaks.get("總", 0),
        overall_weighed=weighs.get("總", 0),
        tiers=tiers,
        tiers_elsewhere=(example_any, tiers[0] & ~example_any, tiers[1] & ~example_any, tiers[2] & ~example_any),
        example_any=example_any,
        example_at=example_at,
        example_keyed=having(lambda s: bool(_example(s))),
        rescuers=having(
            lambda s: s.verdict in GOOD and not NIANMING_TARGETS.isdisjoint(c.target for c in s.conditions)
        ),
        positions=(read.get(POSITIONS[0][1], 0), read.get(POSITIONS[1][1], 0), read.get(POSITIONS[2][1], 0)),
        subjects=grouped(lambda s: (s.subject,)),
        about_metal=having(lambda s: _about(s, METAL)),
        yangjiu_forms=having(lambda s: s.subject in YANGJIU_FORMS),
        yangjiu_family=having(lambda s: s.subject == "殃咎"),
        neizhan_bad=having(lambda s: s.subject == "內戰" and s.verdict in BAD),
        yuanshou=having(lambda s: s.id == "元首-023"),
        by_weight=tuple(by_conditions[n] for n in sorted(by_conditions, key=int, reverse=True)),
        rank=tuple(
            next(n for n, found in enumerate(sorted(by_conditions, key=int, reverse=True)) if n_of == found)
            for n_of in (str(len(s.conditions)) for s in every)
        ),
        heavy=sum(found for n, found in by_conditions.items() if int(n) >= LIGHT),
        light=tuple(by_conditions[n] for n in sorted(by_conditions, key=int, reverse=True) if int(n) < LIGHT),
        kind=tuple("" if s.timing is None else s.timing.kind for s in every),
        matters=tuple(frozenset(s.matters) for s in every),
        tier=tuple(_tier(s) for s in every),
    )


Kept = tuple[
    dict[int, Period],
    dict[tuple[int, str], tuple[Period | None, int]],
    dict[int, tuple[tuple[Override, ...], tuple[Override, ...], tuple[CourseStep, ...]]],
]
"""What the explaining path keeps per reading (:meth:`_Seen.kept`): periods; 應期 by rules and side; pools weighed."""
Rule = tuple[str, int, Reason]
"""One of principle 3's overrides that holds on a chart: its kind, the lines it reaches (a set of
statements, :class:`VerdictTable`) and the line that sets them aside."""


class _Seen:
    """What every matter's verdict reads of one reading, found once per reading (a reading's ``verdicts()``
    weighs a dozen matters over the same statements): the statements that apply and stay open as sets
    (:class:`VerdictTable`), the tiers of principle 5 on this chart, the overrides of principle 3 that hold, the
    用 and the day stem's 旺相, and the overall lines weighed once (:func:`~liuren.reading.stated.route`)."""

    __slots__ = (
        "_kept",
        "_strengths",
        "_use",
        "applies",
        "chart",
        "held",
        "open",
        "overall",
        "reach",
        "rules",
        "table",
        "tiers",
        "war",
        "whole",
    )

    def __init__(self, reading: Reading) -> None:
        self.table = t = table()
        chart = reading.chart
        decided: Decided | None = reading.__dict__.get("_decided")  # the statements as reading() found them
        if decided is None:  # a Reading given its judgements
            self.applies = applies = reading._bits("applies", t.index)
            self.open = reading._bits("open", t.index)
        else:
            self.applies = applies = decided.applies
            self.open = decided.open
        self.overall = applies & t.overall_weighed
        """The overall lines (總) that apply and are weighed: the pool of every matter without a 吉 or 凶
        line of its own (principle 2)."""
        keyed = t.example_at.get(chart_key(chart), 0) if applies & t.example_keyed else 0  # is this its chart?
        self.tiers = t.tiers_elsewhere
        """Principle 5's tiers on this chart (:data:`TIERS`), each a set of statements."""
        if keyed:  # a worked example's line stands on its own chart: tier 0 there
            particular = t.example_any | keyed
            conditioned, lesson, general = t.tiers
            self.tiers = (particular, conditioned & ~particular, lesson & ~particular, general & ~particular)
        self.held = tuple(compress(t.speaking_matters, map(and_, t.speaking_sets, repeat(applies))))
        """Every matter a statement that applies speaks of, in the order of MATTERS."""
        self._kept: Kept | None = None  # made where a verdict is explained (kept())
        self.whole: Found | None = None
        """The overall lines (principle 2, 總's own) weighed once, when a matter first reads them (``routes()``)."""
        self.war = bool(applies & t.yuanshou)
        """Whether 元首課 l.23 applies (else principle 4 cannot be needed)."""
        self.chart = chart
        self._use: Use | None = None
        self._strengths: tuple[str | None, str | None] | None = None  # principle 6 reads them in most charts
        if decided is None:  # a Reading given its judgements: the subjects as reading() would find them
            from . import shown_subjects

            shown, patterns = shown_subjects(chart)[0], tuple(p.name for p in chart.patterns)
        else:
            shown, patterns = decided.shown, decided.ctx.patterns
        # the subjects shown hold the patterns: where none of the rules' own is among them, none holds
        self.rules = () if RULED.isdisjoint(shown) else _rules(chart, patterns, shown, self)
        # the lines principles 3 and 4 may set aside: a pool of none is left whole (_found); 4 needs a 內戰 凶 line
        reach = t.neizhan_bad if self.war else 0
        for _, lines, _ in self.rules:
            reach |= lines
        self.reach = reach

    @property
    def strengths(self) -> tuple[str | None, str | None]:
        """The 用's and the day stem's 旺相休囚死 in the month (principle 6), None without it: found on first read."""
        if self._strengths is None:
            self._strengths = _strengths(self.chart)
        return self._strengths

    def kept(self) -> Kept:
        """What the explaining path weighs once per reading, made on first use (:data:`Kept`)."""
        if self._kept is None:
            self._kept = ({}, {}, {})
        return self._kept

    @property
    def use(self) -> Use:
        """The 用 as step 3 of judging reads it (a verdict's ``use``), made on first read."""
        if self._use is None:
            chart = self.chart
            first = chart.transmissions[0]
            kin = kin_of(chart.stem.ordinal, first.branch.ordinal)
            self._use = Use(str(first.branch), kin, self.strengths[0], str(first.general))
        return self._use


def _seen(reading: Reading) -> _Seen:
    found = reading._memo.get("verdict")
    if found is None:
        found = reading._memo["verdict"] = _Seen(reading)
    return found  # type: ignore[return-value]  # only _Seen is kept under "verdict"


RULED = frozenset(("不備", "蒿矢", "彈射", "干支坐墓", *RESCUES))
"""The patterns and lesson types one of principle 3's overrides reads (:func:`_rules`): on a chart that
shows none of them, none holds."""


def _rules(chart: Chart, patterns: tuple[str, ...], shown: frozenset[str], seen: _Seen) -> tuple[Rule, ...]:
    """Principle 3's overrides that hold on the chart, in the order they are applied, found once per
    reading, each with the lines it reaches: those of its side and subjects that are not the chapter's
    reading of this chart (each pool is then only and-ed with them; :func:`_ruling` keeps them for a chart
    that is no worked example's own)."""
    t = table()
    held: list[str] = []
    bubei = t.index.get("不備-017")
    if "不備" in patterns and bubei is not None and seen.applies >> bubei & 1:
        held.append("不備")  # 不備 without 克 (l.123, l.127): the row holds only then
    for element, subject in ((METAL, "蒿矢"), (EARTH, "彈射")):
        if subject not in shown:
            continue
        void = {b.ordinal for b in chart.void}
        of_element = [b for b in (tr.branch.ordinal for tr in chart.transmissions) if BRANCH_ELEMENT[b] == element]
        if of_element and all(b in void for b in of_element):
            held.append(subject)
    zuomu = next((p for p in chart.patterns if p.name == "干支坐墓"), None) if "干支坐墓" in patterns else None
    if zuomu is not None and getattr(zuomu.clauses, "key", "") == "zuomu":  # 二處 not both void
        held.append("干支坐墓")
    if not shown.isdisjoint(RESCUES):  # as RULED: a rescue form held is a subject shown (a set, not a scan)
        held.extend(form for form in RESCUES if form in patterns)
    rules = _ruling()
    if seen.tiers is t.tiers_elsewhere:
        return tuple((kind, elsewhere, by) for kind, _, elsewhere, by in map(rules.__getitem__, held))
    general = ~seen.tiers[0]  # a rule never sets aside the chapter's reading of this very chart
    return tuple((kind, reach & general, by) for kind, reach, _, by in map(rules.__getitem__, held))


@cache
def _ruling() -> dict[str, tuple[str, int, int, Reason]]:
    """Principle 3's overrides, by the pattern or lesson type each reads (:func:`_rules` says where each
    holds), made once: the kind, the lines of its side and subjects, those of them that are not a worked
    example's reading of a chart that is no worked example's own, and the line that sets them aside."""
    t = table()
    every: dict[str, tuple[str, int, Reason]] = {
        "不備": (
            "不備無克",
            t.bad & t.union(frozenset(("無淫", "不備", "淫泆"))),
            Reason("不備-017", "平", "若課不備，無克亦不為凶，只是事有遲延", "無淫課 l.143"),
        ),
        "蒿矢": ("空矢", t.bad & t.subjects.get("蒿矢", 0) & t.about_metal, t.reasons[t.index["蒿矢-053"]]),
        "彈射": ("遺丸", t.bad & t.subjects.get("彈射", 0), t.reasons[t.index["彈射-021"]]),  # void earth: every line
        # 殃咎課 l.163 「如干支逢墓，二處逢空，可解」: only the void resolves it, not another form's 「易解」
        "干支坐墓": (
            "坐墓",
            t.good & t.union(YANGJIU_FORMS - {"干支坐墓"}),
            Reason("干支坐墓", "凶", "如干支逢墓，二處逢空，可解", "殃咎課 l.163"),
        ),
    }
    for form, (rescued, src, quote) in RESCUES.items():
        every[form] = ("救", t.bad & t.subjects.get(rescued, 0), Reason(form, "先凶後吉", quote, src))
    elsewhere = ~t.example_any
    return {key: (kind, reach, reach & elsewhere, by) for key, (kind, reach, by) in every.items()}


def _war(pool: int, chart: Chart) -> tuple[str, int, Reason, str] | None:
    """Principle 4: 元首課 l.23 against 殃咎課 l.155 (內戰), decided by ``School.war_reading``: the kind, the
    lines set aside, the line that prevails and the choice."""
    t = table()
    neizhan = pool & t.neizhan_bad
    if not pool & t.yuanshou or not neizhan:
        return None
    choice = chart.school.war_reading
    yuanshou = t.yuanshou.bit_length() - 1
    if choice == "lesson":
        return "神將戰", neizhan, t.reasons[yuanshou], choice
    return "神將戰", t.yuanshou, t.reasons[bits(neizhan)[0]], choice


def _direction(lines: int, t: VerdictTable) -> str | None:
    """The verdict a set of agreeing lines gives (principle 5's tier decides alone when its lines
    agree); None when they disagree. Lines agreeing on the end keep the course one of them states
    (``t``: :func:`table`)."""
    if not lines & t.directed:
        return "吉凶參半" if lines & t.mixed else None
    if not lines & t.bad:
        return "先凶後吉" if lines & t.turn_good else "吉"
    if not lines & t.good:
        return "先吉後凶" if lines & t.turn_bad else "凶"
    return None


def _override(kind: str, lines: int, by: Reason) -> Override:
    ids = table().ids
    if lines and not lines & (lines - 1):  # one line
        return Override(kind, (ids[lines.bit_length() - 1],), by)
    return Override(kind, tuple(sorted(map(ids.__getitem__, bits(lines)))), by)


def _course(reads: tuple[int, int, int], chart: Chart) -> tuple[CourseStep, ...]:
    """The 初 → 中 → 末 as the lines left standing read them (``reads``: those reading each), where they
    read two of them or more (one transmission read alone is no course)."""
    t = table()
    steps = []
    for n, (name, _) in enumerate(POSITIONS):
        here = reads[n]
        if not here:
            continue
        verdict = (_direction(here, t) or "吉凶參半") if here & t.directed else "平"
        branch = str(chart.transmissions[n].branch)
        steps.append(CourseStep(name, branch, verdict, tuple(t.ids[i] for i in bits(here))))
    return tuple(steps)


def verdict(reading: Reading, matter: str, when: datetime | None = None) -> Verdict:
    """The chapters' verdict on ``matter`` (a key of :data:`~liuren.reading.statements.MATTERS`) for the
    reading's chart, by the principles of this module; without ``when``, weighed once per reading (the
    text, the HTML and ``verdicts()`` read the same verdicts), its overrides, course and 應期 when first
    read; with ``when``, weighed whole now."""
    seen = _seen(reading)
    if when is None:
        done = _done(reading)
        found = done.get(matter)
        if found is None:
            found = done[matter] = decide_all(seen, (matter,))[0]
        return found
    return _judged(seen, matter, when)


def verdicts(reading: Reading, when: datetime | None = None) -> tuple[Verdict, ...]:
    """The verdict on every matter the reading holds (:func:`matters_of`), as :func:`verdict` gives each."""
    seen = _seen(reading)
    if when is not None:
        return tuple(_judged(seen, m, when) for m in matters_of(reading))
    kept = reading._memo.get("verdicts")
    if kept is None and reading.matter is None:  # the first time: every matter held, decided now, kept as made
        kept = reading._memo["verdicts"] = tuple(decide_all(seen, seen.held))
    if kept.__class__ is tuple:
        return kept  # every matter held, as verdicts() made them (_done)
    return tuple(verdict(reading, m) for m in matters_of(reading))  # those verdict() kept, the others decided now


def _done(reading: Reading) -> dict[str, Verdict]:
    """Each matter's verdict without a moment, weighed once per reading, kept by the reading: not by its
    :class:`_Seen`, which each verdict keeps to be explained from, so that no cycle holds them and a reading
    dropped is freed at once (its memory used again by the next, not left to the garbage collector); those
    verdicts() made at once as its tuple (in the order of held), a dict only once one matter's is asked."""
    found = reading._memo.get("verdicts")
    if found is None:
        found = reading._memo["verdicts"] = {}
    elif found.__class__ is tuple:
        found = reading._memo["verdicts"] = dict(zip(_seen(reading).held, found, strict=True))
    return found  # type: ignore[return-value]  # only this dict (or verdicts()' tuple) is kept under "verdicts"


def _timing(seen: _Seen, matter: str, when: datetime | None, other_side: str = "") -> tuple[Period | None, int]:
    """The primary 應期 of a matter and how many more are folded (principle 1): the timing rules in the
    order of principle 5; a good verdict takes a 凶期 as its primary period only when no other rule names
    one, a bad verdict a 吉期 likewise."""
    t = table()
    rules = seen.applies & t.timing & t.concerns.get(matter, t.overall)
    if not rules:
        return None, 0
    if when is not None:  # primary_period on the rules in order: principle 5's tier, then the other side last
        particular = seen.tiers[0]
        ordered = sorted(bits(rules), key=lambda n: (0 if particular >> n & 1 else t.tier[n], t.kind[n] == other_side))
        every = statements()
        return primary_period(tuple(every[n] for n in ordered), seen.chart, when)
    periods_of, timed, _ = seen.kept()
    found = timed.get((rules, other_side))
    if found is not None:  # matters with the same rules on the same side share their 應期
        return found
    # primary_period's choice without sorting: the first in that order of the rules that name a period
    # or marks (else of them all) is on the most particular tier that has one, of this side if it can
    named = rules & t.named or rules
    first = 0
    for tier in seen.tiers:
        here = named & tier
        if here:
            first = here & ~t.kinds.get(other_side, 0) or here
            break
    n = (first & -first).bit_length() - 1
    period = periods_of.get(n)
    if period is None:  # made once per reading (a dozen matters share them)
        period = periods_of[n] = periods((statements()[n],), seen.chart, None)[0]
    found = timed[rules, other_side] = period, rules.bit_count() - 1
    return found


RESCUING = frozenset(("不備無克", "空矢", "遺丸"))
"""Principle 3's overrides that leave a pool 平 where they set aside its last 吉 or 凶 line (無淫課 l.143
「亦不為凶」, 遙克課 l.31 「亦不能為凶也」, l.47 「縱彈皆不為凶」)."""


Decision = tuple[str, tuple[Reason, ...], int, str, str, int, int]
"""What a matter's lines weigh to: the verdict, the reasons, the principle, the tier, the ``war_reading``
choice, how many lines were weighed and how many more are open (a :class:`Verdict`'s stating fields)."""


def _side(said: str) -> str:
    """The kind of timing rule on the other side of a verdict (元首課 l.67 「用起以所生為吉期，所畏者為凶期」):
    a good verdict's primary 應期 is a 凶期 only when no other rule names one, and a bad one's a 吉期."""
    return "fears" if said in GOOD else "generates" if said in BAD else ""


def _judged(seen: _Seen, matter: str, when: datetime | None) -> Verdict:
    """The verdict on one matter, weighed whole: its lines (principles 1–8, :func:`~liuren.reading.stated.route`)
    with what explains them, then its primary 應期 (元首課 l.67 「用起以所生為吉期，所畏者為凶期」: the period of
    the verdict's side first)."""
    said, reasons, principle, tier, school, count, opened, ended, by_general = route(seen, matter)
    overrides, course = _explaining(seen, ended, by_general, principle)
    period, folded = _timing(seen, matter, when, _side(said))
    return Verdict(
        matter, said, reasons, overrides, course, period, folded, principle, school, tier, count, opened, seen.use
    )


def _explanation(
    seen: _Seen, matter: str, said: str
) -> tuple[tuple[Override, ...], tuple[CourseStep, ...], Period | None, int, int, int]:
    """The fields of a verdict :func:`~liuren.reading.stated.decide_all` decided (``said``) on ``seen``'s
    reading left to be weighed when first read: its overrides and course, along the route its decision took,
    its primary 應期 with how many more are folded, and how many lines were weighed and left open."""
    _, _, principle, _, _, count, opened, ended, by_general = route(seen, matter)
    period, folded = _timing(seen, matter, None, _side(said))
    return (*_explaining(seen, ended, by_general, principle), period, folded, count, opened)


def _explaining(
    seen: _Seen, pool: int, by_general: bool, principle: int
) -> tuple[tuple[Override, ...], tuple[CourseStep, ...]]:
    """The overrides and the course of a decision that ended on ``pool``: the pool weighed again by the
    same code (:func:`~liuren.reading.stated._found`) with an :class:`~liuren.reading.stated.Explained`
    record, once per reading; where principle 8 decided, only the overrides of principles 3 and 4, and
    where no line decided (principles 0 and 1), no course."""
    if not pool:
        return (), ()
    explained = seen.kept()[2]
    weighed = explained.get(pool)
    if weighed is None:
        explain = Explained()
        _found(pool, seen, seen.table, explain)
        first, middle, final = seen.table.positions
        standing = explain.standing
        reads = (standing & first, standing & middle, standing & final)
        course = _course(reads, seen.chart) if (reads[0] != 0) + (reads[1] != 0) + (reads[2] != 0) > 1 else ()
        weighed = explained[pool] = (explain.before, tuple(explain.overrides), course)
    before, overrides, course = weighed
    return before if by_general else overrides, course if principle > 1 else ()


def matters_of(reading: Reading) -> tuple[str, ...]:
    """The matters a reading holds, in the order of MATTERS: the one asked, or every matter some
    statement that applies speaks of."""
    if reading.matter is not None:
        return (reading.matter,)
    return _seen(reading).held


from .stated import Explained, Found, _found, _strengths, decide_all, route  # noqa: E402 (it reads what this defines)
