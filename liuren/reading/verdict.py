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

from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import chain
from typing import TYPE_CHECKING, NamedTuple

from ..cycle import BRANCH_ELEMENT, GUIREN, STEM_ELEMENT, kin_of
from ..patterns.view import GOOD_GENERALS
from .readers import chart_key
from .statements import MATTERS, Statement, statements
from .timing import Period, periods, primary_period

if TYPE_CHECKING:
    from datetime import datetime

    from ..chart import Chart
    from . import Held, Reading

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


@dataclass(frozen=True, slots=True)
class Verdict:
    """The chapters' judgement of one ``matter`` on a chart.

    ``verdict`` is one of :data:`VERDICTS`; ``reasons`` the decisive lines (at most three);
    ``overrides`` what was set aside and by which line; ``course`` the 初 → 中 → 末 where lines read the
    transmissions; ``timing`` the primary 應期 (with dates when the moment is known) and ``folded`` how
    many other timing rules apply; ``principle`` the number of the principle that decided
    (docs/rules.md §10); ``school`` the ``war_reading`` choice when principle 4 was needed (else "");
    ``tier`` which tier of principle 5 decided; ``weighed`` how many lines applied on the matter and
    ``open`` how many more the chart leaves open."""

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
    use: Use | None = None

    @property
    def decided(self) -> bool:
        """Whether the chapters decide this matter on the chart (the verdict is not 未定)."""
        return self.verdict != "未定"


def reason(statement: Statement) -> Reason:
    """A statement as a reason: id, verdict, quotation and short source."""
    return Reason(statement.id, statement.verdict, statement.quote, statement.source.label)


def principle_reason(number: int) -> Reason:
    source, quote = PRINCIPLES[number]
    return Reason(f"P{number}", "", quote, source)


def tier_of(statement: Statement, key: str) -> int:
    """Principle 5: 0 the chapter's judgement of this chart, 1 a lesson type's or pattern's line with
    conditions the chart decides, 2 its unconditional line, 3 a line on every chart (總)."""
    example, tier = _tiers()[statement.id]
    return 0 if example is not None and (not example or example == key) else tier


@cache
def _tiers() -> dict[str, tuple[str | None, int]]:
    """Each statement's example chart ("" for an example without one, None for no example) and the tier
    it has on any other chart, read once."""
    return {
        s.id: (s.example_chart if s.example else None, 3 if s.subject == "總" else 1 if s.conditions else 2)
        for s in statements()
    }


@cache
def _targets() -> dict[str, frozenset[str]]:
    """Each statement's condition targets, read once (principles 5 and 7 and the course look at them)."""
    return {s.id: frozenset(c.target for c in s.conditions) for s in statements()}


@cache
def _matters() -> dict[str, tuple[str, ...]]:
    """Each statement's matters, each once, read once."""
    return {s.id: tuple(dict.fromkeys(s.matters)) for s in statements()}


@cache
def _weighed() -> dict[str, tuple[str, ...]]:
    """Each statement's matters, each once, where it is weighed (no timing rule, principle 1), read once."""
    return {s.id: _matters()[s.id] if s.timing is None else () for s in statements()}


@cache
def _reasons() -> dict[str, Reason]:
    """Each statement as a :class:`Reason`, made once."""
    return {s.id: reason(s) for s in statements()}


@cache
def _fixed() -> dict[str, tuple[str | None, int, tuple[str, ...], tuple[str, ...], bool, bool, bool]]:
    """What a chart's verdicts read of each statement, read once: its example chart and tier (as
    :func:`_tiers`), its matters, those where it is weighed (:func:`_weighed`), whether it is an overall
    line that is weighed (總), whether it says 吉 or 凶, and whether it is a 吉 line reading the 行年 or
    本命 (principle 7)."""
    tiers, matters, weighed, targets = _tiers(), _matters(), _weighed(), _targets()
    return {
        s.id: (
            *tiers[s.id],
            matters[s.id],
            weighed[s.id],
            s.timing is None and "總" in s.matters,
            s.verdict in DIRECTED,
            s.verdict in GOOD and not targets[s.id].isdisjoint(("year_upper", "fate_upper")),
        )
        for s in statements()
    }


POSITIONS = (("初", "init"), ("中", "middle"), ("末", "final"))
"""The three transmissions as the course reads them: name and condition target."""


@cache
def _positions() -> dict[str, tuple[int, ...]]:
    """Which of the three transmissions (0 初, 1 中, 2 末) each statement's conditions read, read once."""
    return {
        s.id: tuple(n for n, (_, target) in enumerate(POSITIONS) if target in _targets()[s.id]) for s in statements()
    }


class _Seen:
    """What every matter's verdict reads of one reading, computed once per reading (a reading's
    ``verdicts()`` weighs a dozen matters over the same statements)."""

    __slots__ = (
        "directed",
        "done",
        "held",
        "ids",
        "key",
        "live",
        "open_by_matter",
        "ordered",
        "overall",
        "patterns",
        "periods",
        "pooled",
        "rescuers",
        "rules",
        "shown",
        "stem",
        "tier",
        "timings",
        "use",
        "weigh",
        "yuanshou",
    )

    def __init__(self, reading: Reading) -> None:
        from . import shown_subjects

        chart = reading.chart
        self.key = key = chart_key(chart)
        self.patterns = frozenset(p.name for p in chart.patterns)
        shown: frozenset[str] | None = reading.__dict__.get("_shown")  # as reading() found them
        self.shown = shown if shown is not None else shown_subjects(chart)[0]
        applies = reading._held("applies")
        fixed = _fixed()
        self.tier: dict[str, int] = {}
        tier = self.tier
        held_matters: set[str] = set()
        weigh: dict[str, list[Held]] = {}
        overall: list[Held] = []
        self.overall = overall
        self.timings: list[Held] = []
        self.periods: dict[str, Period] = {}
        """The primary 應期 of a timing statement without a moment, made once (a dozen matters share them)."""
        self.pooled: _Pooled | None = None
        """What the overall lines (總) weigh to, which every matter without a 吉 or 凶 line of its own shares."""
        self.directed: set[str] = set()
        """The matters with a weighed line that says 吉 or 凶."""
        self.rescuers: set[str] = set()
        """The 吉 lines reading the 行年 or 本命 that apply (principle 7)."""
        for j in applies:
            i = j.statement.id
            example, rank, matters, weighed, total, directed, rescuer = fixed[i]
            tier[i] = 0 if example is not None and (not example or example == key) else rank
            held_matters.update(matters)
            for m in weighed:
                held = weigh.get(m)
                if held is None:
                    weigh[m] = [j]
                else:
                    held.append(j)
            if j.statement.timing is not None:
                self.timings.append(j)
            if total:
                overall.append(j)
            if directed:
                self.directed.update(weighed)
            if rescuer:
                self.rescuers.add(i)
        self.ids = frozenset(tier)
        self.held = held_matters
        """Every matter a statement that applies speaks of."""
        self.weigh = weigh
        """Each matter's lines that are weighed (no timing rule, principle 1), once for every matter."""
        self.ordered: dict[str, list[Held]] = {}
        """The timing rules in the order of :func:`_timing` for each verdict's other side, sorted once
        (stable, so a matter's rules are these filtered)."""
        self.done: dict[str, Verdict] = {}
        """Each matter's verdict without a moment, weighed once per reading."""
        self.yuanshou = "元首-023" in self.ids
        weighs = _weighed()  # the matters of each statement that is no timing rule (principle 1)
        self.open_by_matter = Counter(chain.from_iterable(weighs[j.statement.id] for j in reading._held("open")))
        first = chart.transmissions[0]
        kin = kin_of(chart.stem.ordinal, first.branch.ordinal)
        self.use = Use(str(first.branch), kin, _use_strength(reading), str(first.general))
        self.stem = _stem_strength(reading)
        self.rules = _rules(chart, self.patterns, self.shown, self.ids)
        self.live = bool(self.rules)
        """Whether one of principle 3's overrides holds on the chart (else none is looked for)."""


def _seen(reading: Reading) -> _Seen:
    found = reading._memo.get("verdict")
    if found is None:
        found = reading._memo["verdict"] = _Seen(reading)
    return found  # type: ignore[return-value]  # only _Seen is kept under "verdict"


Rule = tuple[str, frozenset[str], frozenset[str], int | None, Reason]
"""One of principle 3's overrides that holds on a chart: its kind, the side of the lines it sets aside
(:data:`BAD`, or :data:`GOOD` for 坐墓), their subjects, the element a void line must speak of (None:
any line) and the line that sets them aside."""


def _rules(chart: Chart, patterns: frozenset[str], shown: frozenset[str], ids: frozenset[str]) -> tuple[Rule, ...]:
    """Principle 3's overrides that hold on the chart, in the order they are applied, found once per
    reading (each matter's pool is then only filtered by them)."""
    found: list[Rule] = []
    if "不備" in patterns and "不備-017" in ids:  # 不備 without 克 (l.123, l.127): the row holds only then
        by = Reason("不備-017", "平", "若課不備，無克亦不為凶，只是事有遲延", "無淫課 l.143")
        found.append(("不備無克", BAD, frozenset(("無淫", "不備", "淫泆")), None, by))
    trans = tuple(t.branch.ordinal for t in chart.transmissions)
    void = {b.ordinal for b in chart.void}
    for element, subject, kind, line in ((METAL, "蒿矢", "空矢", "蒿矢-053"), (EARTH, "彈射", "遺丸", "彈射-021")):
        of_element = [b for b in trans if BRANCH_ELEMENT[b] == element]
        if subject in shown and of_element and all(b in void for b in of_element):
            found.append((kind, BAD, frozenset((subject,)), element, reason(_by_id()[line])))
    zuomu = next((p for p in chart.patterns if p.name == "干支坐墓"), None)
    if zuomu is not None and getattr(zuomu.clauses, "key", "") == "zuomu":  # 二處 not both void
        # 殃咎課 l.163 「如干支逢墓，二處逢空，可解」: only the void resolves it, not another form's 「易解」
        by = Reason("干支坐墓", "凶", "如干支逢墓，二處逢空，可解", "殃咎課 l.163")
        found.append(("坐墓", GOOD, YANGJIU_FORMS - {"干支坐墓"}, None, by))
    for form, (rescued, src, quote) in RESCUES.items():
        if form in patterns:
            found.append(("救", BAD, frozenset((rescued,)), None, Reason(form, "先凶後吉", quote, src)))
    return tuple(found)


def _overrides(pool: list[Held], seen: _Seen) -> list[tuple[str, set[str], Reason]]:
    """Principle 3: the chapters' explicit overrides on this chart, each with the ids it sets aside (the
    lines of the pool a rule of :func:`_rules` reaches that are not the chapter's reading of this chart)."""
    found: list[tuple[str, set[str], Reason]] = []
    tier = seen.tier
    for kind, side, subjects, element, by in seen.rules:
        hit = {
            j.statement.id
            for j in pool
            if j.statement.verdict in side
            and j.statement.subject in subjects
            and tier[j.statement.id] > 0
            and (element is None or _about(j.statement, element))
        }
        if hit:
            found.append((kind, hit, by))
    return found


@cache
def _by_id() -> dict[str, Statement]:
    return {s.id: s for s in statements()}


def _about(statement: Statement, element: int) -> bool:
    """Whether a 蒿矢 (彈射) line speaks of the metal (earth) in the 三傳: its conditions read that
    element or its branches, or the quotation names it (「有金則主血光」); a 彈射 line when void earth:
    every one (「縱彈皆不為凶」)."""
    if element == EARTH:
        return True
    words = ("金", "申", "酉", "白虎", "傳送", "從魁")
    return any(any(w in c.text for w in words) for c in statement.conditions) or "金" in statement.quote


def _war(pool: list[Held], reading: Reading) -> tuple[str, set[str], Reason, str] | None:
    """Principle 4: 元首課 l.23 against 殃咎課 l.155 (內戰), decided by ``School.war_reading``."""
    if "元首-023" not in _seen(reading).ids:  # the pool is drawn from the statements that apply
        return None
    yuanshou = [j for j in pool if j.statement.id == "元首-023"]
    neizhan = [j for j in pool if j.statement.subject == "內戰" and j.statement.verdict in BAD]
    if not yuanshou or not neizhan:
        return None
    choice = reading.chart.school.war_reading
    if choice == "lesson":
        hit = {j.statement.id for j in neizhan}
        return "神將戰", hit, reason(yuanshou[0].statement), choice
    return "神將戰", {"元首-023"}, reason(neizhan[0].statement), choice


def _direction(verdicts: set[str]) -> str | None:
    """The verdict a set of agreeing lines gives (principle 5's tier decides alone when its lines
    agree); None when they disagree. Lines agreeing on the end keep the course one of them states."""
    directed = verdicts & (DIRECTED)
    if not directed:
        return "吉凶參半" if "吉凶參半" in verdicts else None
    if directed <= GOOD:
        return "先凶後吉" if "先凶後吉" in directed else "吉"
    if directed <= BAD:
        return "先吉後凶" if "先吉後凶" in directed else "凶"
    return None


def _course(pool: list[Held], reading: Reading) -> tuple[CourseStep, ...]:
    steps = []
    positions = _positions()
    reads: list[list[Held]] = [[], [], []]
    for j in pool:
        for n in positions[j.statement.id]:
            reads[n].append(j)
    if sum(1 for here in reads if here) < 2:  # one transmission read alone is no course
        return ()
    for n, (name, _) in enumerate(POSITIONS):
        here = reads[n]
        if not here:
            continue
        verdict = _direction({j.statement.verdict for j in here}) or "吉凶參半"
        if not ({j.statement.verdict for j in here} & (DIRECTED)):
            verdict = "平"
        branch = str(reading.chart.transmissions[n].branch)
        steps.append(CourseStep(name, branch, verdict, tuple(j.statement.id for j in here)))
    return tuple(steps) if len(steps) > 1 else ()


def verdict(reading: Reading, matter: str, when: datetime | None = None) -> Verdict:
    """The chapters' verdict on ``matter`` (a key of :data:`~liuren.reading.statements.MATTERS`) for the
    reading's chart, by the principles of this module; without ``when``, weighed once per reading (the
    text, the HTML and ``verdicts()`` read the same verdicts)."""
    seen = _seen(reading)
    if when is None:
        done = seen.done.get(matter)
        if done is None:
            done = seen.done[matter] = _judged(reading, seen, matter, None)
        return done
    return _judged(reading, seen, matter, when)


def _judged(reading: Reading, seen: _Seen, matter: str, when: datetime | None) -> Verdict:
    found, reasons, overrides, course, principle, school, tier, weighed, opened = _verdict(reading, seen, matter)
    # 元首課 l.67 「用起以所生為吉期，所畏者為凶期」: the period of the verdict's side first
    side = "fears" if found in GOOD else "generates" if found in BAD else ""
    period, folded = _timing(reading, seen, matter, when, side)
    return Verdict(
        matter, found, reasons, overrides, course, period, folded, principle, school, tier, weighed, opened, seen.use
    )


Weighed = tuple[str, tuple[Reason, ...], tuple[Override, ...], tuple[CourseStep, ...], int, str, str, int, int]
"""A matter's verdict as :func:`_verdict` weighs it: the verdict, reasons, overrides, course, principle,
school, tier and the counts weighed and open (the :class:`Verdict` is made once, with its 用 and 應期)."""


def _timing(
    reading: Reading, seen: _Seen, matter: str, when: datetime | None, other_side: str = ""
) -> tuple[Period | None, int]:
    """The primary 應期 of a matter and how many more are folded (principle 1): the timing rules in the
    order of principle 5; a good verdict takes a 凶期 as its primary period only when no other rule names
    one, a bad verdict a 吉期 likewise."""
    if not seen.timings:
        return None, 0
    ordered = seen.ordered.get(other_side)
    if ordered is None:  # sorted once per side; a stable sort keeps each matter's rules in this order
        tier = seen.tier
        ordered = seen.ordered[other_side] = sorted(
            seen.timings,
            key=lambda j: (
                tier[j.statement.id],
                j.statement.timing is not None and j.statement.timing.kind == other_side,
            ),
        )
    timings = [j for j in ordered if matter in j.statement.matters or "總" in j.statement.matters]
    if not timings:
        return None, 0
    if when is not None:
        return primary_period(tuple(j.statement for j in timings), reading.chart, when)
    # primary_period's choice, each period made once per reading
    rules = [j.statement for j in timings]
    first = next((s for s in rules if s.timing is not None and s.timing.kind != "other"), rules[0])
    period = seen.periods.get(first.id)
    if period is None:
        period = seen.periods[first.id] = periods((first,), reading.chart, None)[0]
    return period, len(rules) - 1


class _Pooled(NamedTuple):
    """What one pool of lines weighs to by principles 3–7: the overrides of principles 3 and 4
    (``before``) and with those principles 5–7 add (``overrides``), the ``war_reading`` choice when
    principle 4 was needed, the course, the decision (None when no line says 吉 or 凶), whether a 吉 or
    凶 line still stands, and whether one is the chapter's reading of this chart (``particular``: then
    principle 8 does not decide)."""

    before: tuple[Override, ...]
    overrides: tuple[Override, ...]
    school: str
    course: tuple[CourseStep, ...]
    found: tuple[str, tuple[Reason, ...], int, str] | None
    directed: bool
    particular: bool


EMPTY = _Pooled((), (), "", (), None, False, False)
"""What an empty pool weighs to: nothing set aside, nothing decided."""


def _pool(pool: list[Held], reading: Reading, seen: _Seen) -> _Pooled:
    """Principles 3–7 on one pool of lines (a matter's own, or the overall ones)."""
    school = ""
    aside: set[str] = set()
    overrides: list[Override] = []
    if seen.live:  # else none of principle 3's overrides can hold on the chart
        for kind, hit, by in _overrides(pool, seen):
            aside |= hit
            overrides.append(Override(kind, tuple(sorted(hit)), by))
    war = _war(pool, reading) if seen.yuanshou else None  # the pool is drawn from the lines that apply
    if war is not None:
        kind, hit, by, school = war
        aside |= hit
        overrides.append(Override(kind, tuple(sorted(hit)), by))
    standing = [j for j in pool if j.statement.id not in aside] if aside else pool
    course = _course(standing, reading)
    before = tuple(overrides)
    tiers = seen.tier
    # principle 5: the lines that say more than 平 on the most particular tier that has any, in order
    best, here, directed = len(TIERS), [], False
    for j in standing:
        said = j.statement.verdict
        if said != "平":
            directed = directed or said in DIRECTED
            tier = tiers[j.statement.id]
            if tier < best:
                best, here = tier, [j]
            elif tier == best:
                here.append(j)
    found = _decide(here, best, standing, overrides, seen) if here else None
    particular = best == 0  # a line that is the chapter's reading of this very chart
    return _Pooled(before, tuple(overrides), school, course, found, directed, particular)


def _verdict(reading: Reading, seen: _Seen, matter: str) -> Weighed:
    """The verdict without its 用 and 應期 (:func:`_judged` adds them and makes the :class:`Verdict`)."""
    opened = seen.open_by_matter.get(matter, 0)
    weigh = seen.weigh.get(matter, [])  # principle 1: no timing rule
    overall = seen.overall
    school = ""
    overrides: list[Override] = []
    for pool, scope in ((weigh, matter), (overall, "總")):
        if scope == "總" and matter != "總" and matter in seen.directed:  # a 吉 or 凶 line of its own
            break
        if not pool:  # nothing to weigh, nothing set aside
            weighed = EMPTY
        elif scope == "總" or matter == "總":  # the overall lines: weighed once for every matter
            if seen.pooled is None:
                seen.pooled = _pool(pool, reading, seen)
            weighed = seen.pooled
        else:
            weighed = _pool(pool, reading, seen)
        school = weighed.school or school
        course = weighed.course
        found: tuple[str, tuple[Reason, ...], int, str] | None = None
        if scope == matter and not weighed.particular:
            by_general = _generals(reading, matter)  # principle 8, after the chapter's own reading of the chart
            if by_general is not None:
                found = by_general.verdict, (by_general,), 8, ""
                overrides = list(weighed.before)
        if found is None:
            found = weighed.found
            overrides = list(weighed.overrides)
        if found is not None:
            verdict_, reasons, principle, tier = found
            return (
                verdict_,
                reasons,
                tuple(overrides),
                course,
                principle,
                school,
                tier,
                len(weigh),
                opened,
            )
        rescued = [o for o in overrides if o.kind in ("不備無克", "空矢", "遺丸")]
        if rescued and not weighed.directed:
            return (
                "平",
                (rescued[0].by,),
                tuple(overrides),
                course,
                3,
                school,
                "",
                len(weigh),
                opened,
            )
    flat = [j for j in weigh if j.statement.verdict == "平"]
    if flat and not opened:
        return (
            "平",
            (reason(flat[0].statement),),
            tuple(overrides),
            (),
            1,
            school,
            "",
            len(weigh),
            opened,
        )
    return "未定", (), tuple(overrides), (), 0, school, "", len(weigh), opened


def _decide(
    here: list[Held], tier: int, standing: list[Held], overrides: list[Override], seen: _Seen
) -> tuple[str, tuple[Reason, ...], int, str]:
    """Principles 5–7 on the lines left standing (``standing``): ``here`` are those of them that say
    more than 平 on the most particular ``tier`` of principle 5 that has any (the tier decides alone)."""
    if any(j.statement.subject in YANGJIU_FORMS for j in here):  # principle 5: the form over its family
        family = tuple(sorted(j.statement.id for j in here if j.statement.subject == "殃咎"))
        if family:
            by = Reason("殃咎例", "", "此例非殃必有過失之咎。故名殃咎課", "殃咎課 l.155")
            overrides.append(Override("殃咎例", family, by))
            here = [j for j in here if j.statement.subject != "殃咎"]
    verdicts = {j.statement.verdict for j in here}
    found = _direction(verdicts)
    principle = 5
    if found is None:  # 吉 and 凶 on one tier: principle 6
        strength = seen.use.strength
        if strength is None:
            return "未定", _pick(here, DIRECTED), 6, TIERS[tier]
        # l.51 judges 吉 on both: 「今卯木旺，丙火得相氣，故以吉斷之」; where either is weak the 凶 lines stand
        # (重審課 l.131 for the 用; 殃咎課 l.163 「身弱難管」 for the day stem)
        stem = seen.stem
        side = GOOD if strength in ("旺", "相") and stem in ("旺", "相") else BAD
        kept = [j for j in here if j.statement.verdict in side]
        dropped = tuple(sorted(j.statement.id for j in here if j.statement.verdict not in side))
        why = "吉" if side is GOOD else "用" if strength not in ("旺", "相") else "身"
        overrides.append(Override("旺相", dropped, Reason("P6", "", STRENGTH_LINES[why][1], STRENGTH_LINES[why][0])))
        here = kept
        found = _direction({j.statement.verdict for j in here}) or "吉凶參半"
        principle = 6
    elif found == "吉凶參半":
        return found, _pick(here, {"吉凶參半"}), 5, TIERS[tier]
    if found in BAD:
        rescue = _nianming_rescue(standing, seen.rescuers) if seen.rescuers else None
        if rescue is not None:
            overrides.append(Override("年命", tuple(sorted(j.statement.id for j in here)), reason(rescue.statement)))
            return "先凶後吉", (*_pick(here, BAD)[:2], reason(rescue.statement)), 7, TIERS[tier]
    return found, _pick(here, DIRECTED), principle, TIERS[tier]


def _generals(reading: Reading, matter: str) -> Reason | None:
    """Principle 8 (神將吉凶): the general riding the matter's 六親 in the 三傳 (every one of them 吉將, or
    every one 凶將), or for 官 the 貴人 riding the 用, read by the line of :data:`GENERAL_LINES`; None where
    the 三傳 do not carry the matter or its generals disagree."""
    if matter != "官" and matter not in MATTER_KIN:  # no line reads its general
        return None
    chart = reading.chart
    trans = chart.transmissions
    if matter == "官":
        side = "吉" if trans[0].general.ordinal == GUIREN else ""
    else:
        kin = MATTER_KIN.get(matter)
        riding = [
            t.general.ordinal for t in trans if kin is not None and kin_of(chart.stem.ordinal, t.branch.ordinal) == kin
        ]
        good = {g in GOOD_GENERALS for g in riding}
        side = "" if len(good) != 1 else "吉" if good == {True} else "凶"
    line = GENERAL_LINES.get((matter, side))
    if line is None:
        return None
    return Reason("P8", side, line[1], line[0])


def _pick(here: list[Held], side: frozenset[str] | set[str]) -> tuple[Reason, ...]:
    """The reasons shown: the lines of the winning side, those with conditions the chart decides first."""
    chosen = [j for j in here if j.statement.verdict in side]
    chosen.sort(key=lambda j: -len(j.statement.conditions))
    reasons = _reasons()
    return tuple(reasons[j.statement.id] for j in chosen[:MAX_REASONS])


def _use_strength(reading: Reading) -> str | None:
    """The 用's (初傳's) 旺相休囚死, or None without the month."""
    from ..patterns import shensha as ss

    chart = reading.chart
    if chart.month is None:
        return None
    return ss.season_state(chart.transmissions[0].branch.ordinal, chart.month.ordinal, chart.school)


def _stem_strength(reading: Reading) -> str | None:
    """The day stem's 旺相休囚死 in the month (丙火得相氣, 元首課 l.51), or None without the month."""
    from ..patterns import shensha as ss

    chart = reading.chart
    if chart.month is None:
        return None
    return ss.element_state(STEM_ELEMENT[chart.stem.ordinal], chart.month.ordinal, chart.school)


def _nianming_rescue(standing: list[Held], rescuers: set[str]) -> Held | None:
    """Principle 7: a 吉 line reading the 行年 or 本命 that applies (the chart has a 年命), the first
    standing of ``rescuers`` (:func:`_fixed`)."""
    return next((j for j in standing if j.statement.id in rescuers), None)


def matters_of(reading: Reading) -> tuple[str, ...]:
    """The matters a reading holds, in the order of MATTERS: the one asked, or every matter some
    statement that applies speaks of."""
    if reading.matter is not None:
        return (reading.matter,)
    held = _seen(reading).held  # every matter of a statement that applies
    return tuple(m for m in MATTERS if m in held)
