"""The chapters' judgements (占斷) and timing rules (應期) as data: one :class:`Statement` per row of
``liuren/data/judgements.csv``.

Each row is one statement of the four chapters: its source (book, chapter and line; only the first
chapter, 九宗門·元首課·重審課, names its book, 《大六壬靈覺經》: the other three carry no book title and
are cited by chapter), its subject (a lesson type,
a pattern, or 總 for a rule about any chart), the conditions a chart can decide (see
:mod:`liuren.reading.conditions`), the conditions it cannot (``open``: who asks, what is asked), the
matters, the verdict, a timing rule if it is one, a short verbatim quotation and a gloss in Korean and
English. The file is read once, on first use.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ..errors import ParseError, quote
from .conditions import Condition, parse_conditions

BOOK = "大六壬靈覺經"
"""The book the first chapter names (九宗門·元首課·重審課); the other three chapters name none."""
TITLED_CHAPTERS = ("九宗門", "元首課", "重審課")
"""The chapters of the part that names its book: their rows carry :data:`BOOK`, every other row none."""
VERDICTS = ("吉", "凶", "先凶後吉", "先吉後凶", "吉凶參半", "平")
"""The verdicts a statement can give: good, bad, bad then good, good then bad, mixed, neutral."""

MATTERS: dict[str, tuple[str, str, str]] = {
    "總": ("overall", "총론", "overall"),
    "官": ("office", "관직·벼슬", "office and career"),
    "財": ("wealth", "재물", "wealth"),
    "婚": ("marriage", "혼인", "marriage"),
    "孕": ("birth", "잉태·출산", "pregnancy and birth"),
    "病": ("illness", "질병", "illness"),
    "訟": ("lawsuit", "송사", "lawsuits"),
    "行": ("travel", "출행", "travel"),
    "人": ("awaited", "기다리는 사람", "a person awaited"),
    "宅": ("household", "가택", "the household"),
    "來意": ("intention", "온 뜻", "why the querent came"),
    "兵": ("war", "전쟁", "war"),
    "天時": ("weather", "날씨", "weather"),
    "失": ("lost", "잃은 물건·도적", "lost things and thieves"),
    "謀": ("plans", "도모", "plans"),
    "身": ("life", "신명", "the person's life"),
    "地": ("land", "지리", "land"),
    "國": ("state", "나랏일", "affairs of state"),
    "獄": ("prison", "옥사", "imprisonment"),
}
"""Matters a statement speaks of: {漢字: (English key, Korean, English)}. Either the 漢字 or the key is
accepted as ``matter=``."""

QUERENTS: dict[str, tuple[str, str, str]] = {
    "官": ("official", "벼슬아치", "an official"),
    "常人": ("commoner", "보통 사람", "a commoner"),
    "尊": ("senior", "윗사람", "a senior person"),
    "卑": ("junior", "아랫사람", "a junior person"),
    "男": ("man", "남자", "a man"),
    "女": ("woman", "여자", "a woman"),
}
"""Who asks, where a statement depends on it: {漢字: (English key, Korean, English)}."""


@dataclass(frozen=True, slots=True)
class Source:
    """Where a statement stands: book ("" for the chapters that name none), chapter and line.

    >>> str(Source(BOOK, "元首課", 51)), str(Source("", "遙克課", 31)), Source("", "遙克課", 31).label
    ('《大六壬靈覺經》 元首課 l.51', '遙克課 l.31', '遙克課 l.31')
    """

    book: str
    chapter: str
    line: int

    def __str__(self) -> str:
        return f"《{self.book}》 {self.label}" if self.book else self.label

    @property
    def label(self) -> str:
        """The short citation, chapter and line (``元首課 l.51``)."""
        return f"{self.chapter} l.{self.line}"


@dataclass(frozen=True, slots=True)
class OpenCondition:
    """A condition no chart can decide: ``key`` ("querent", "asked" or "text") and its value."""

    key: str
    value: str

    def __str__(self) -> str:
        return f"{self.key}={self.value}"


@dataclass(frozen=True, slots=True)
class Timing:
    """A timing rule (應期): its ``kind`` (period, generates, fears, branch, other) and ``detail``."""

    kind: str
    detail: str


@dataclass(frozen=True, slots=True)
class Statement:
    """One judgement or timing statement of the chapters."""

    id: str
    source: Source
    subject: str
    conditions: tuple[Condition, ...]
    open: tuple[OpenCondition, ...]
    matters: tuple[str, ...]
    verdict: str
    timing: Timing | None
    quote: str
    gloss_ko: str
    gloss_en: str
    note: str
    example_chart: str = ""
    """For the chapter's reading of its own worked example: the chart as ``<day> <hour>時 <general>將`` and
    the noble the example takes, 晝 or 夜 (``丙申 午時 亥將 晝``, :func:`~liuren.reading.readers.chart_key`);
    ``example_month`` is the month the text gives (or "")."""
    example_month: str = ""

    @property
    def flags(self) -> tuple[str, ...]:
        """The note's parts: ``example`` (with what the text lacks), ``slip:…``, ``contradicts:…``,
        ``noble:…``."""
        return tuple(part.strip() for part in _FLAG.split(self.note) if part.strip())

    @property
    def contradicts(self) -> tuple[str, ...]:
        """The ids of the statements this one contradicts, where the text contradicts itself."""
        found = [f.removeprefix("contradicts:") for f in self.flags if f.startswith("contradicts:")]
        return tuple(i.strip() for f in found for i in f.split(",") if i.strip())

    @property
    def slip(self) -> str | None:
        """The slip of the text this row flags, if any (flagged, not corrected)."""
        return next((f.removeprefix("slip:").strip() for f in self.flags if f.startswith("slip:")), None)

    @property
    def noble(self) -> str | None:
        """Where a worked example takes a noble other than the default 晝/夜 rule gives at its hour: what
        the chapter takes (the example's chart carries it), else None."""
        return next((f.removeprefix("noble:").strip() for f in self.flags if f.startswith("noble:")), None)

    @property
    def example(self) -> bool:
        """Whether the row is the chapter's reading of its own worked example."""
        return any(f.startswith("example") for f in self.flags)

    def example_chart_args(self) -> tuple[str, str, str, str, str | None] | None:
        """(day, hour, general, noble, month) of the worked example, or None (the noble is "day"/"night")."""
        found = _CHART.fullmatch(self.example_chart)
        if found is None:
            return None
        day, hour, general, noble = found.groups()
        return day, hour, general, "day" if noble == "晝" else "night", self.example_month or None

    def gloss(self, lang: str) -> str:
        """The gloss in ``lang`` ("ko" or "en"; "zh" gives the quotation itself)."""
        return {"ko": self.gloss_ko, "en": self.gloss_en}.get(lang, self.quote)


COLUMNS = (
    "id",
    "book",
    "chapter",
    "line",
    "subject",
    "conditions",
    "open",
    "matters",
    "verdict",
    "timing",
    "quote",
    "gloss_ko",
    "gloss_en",
    "note",
)
TIMING_KINDS = ("period", "generates", "fears", "branch", "other")
OPEN_KEYS = ("querent", "asked", "text")


_FLAG = re.compile(r";\s*(?=example\b|slip:|contradicts:|noble:)")
_CHART = re.compile(r"(..) (.)時 (.)將 ([晝夜])")
_EXAMPLE = re.compile(r"^\s*(chart|month)\s*=\s*(.+?)\s*$")


def _example(conditions: str) -> tuple[str, str]:
    """The worked example's chart and month, where a row reads the chapter's own example (they stay
    conditions too: the chapter's reading of its example is said of that chart)."""
    chart = month = ""
    for part in conditions.split("&"):
        found = _EXAMPLE.match(part)
        if found and found.group(1) == "chart":
            chart = found.group(2)
            if _CHART.fullmatch(chart) is None:
                raise ParseError(
                    f"chart={quote(chart)} is not of the form '丙申 午時 亥將 晝' (day, hour, general, noble)"
                )
        elif found and found.group(1) == "month":
            month = found.group(2)
    return chart, month if chart else ""


def _row(row: dict[str, str], number: int) -> Statement:
    where = f"judgements.csv row {number} ({quote(row.get('id', ''))})"
    matters = tuple(m for m in row["matters"].split("|") if m)
    unknown = [m for m in matters if m not in MATTERS]
    if unknown or not matters:
        raise ParseError(f"{where}: matter {quote(unknown[0] if unknown else '')}; accepted: {', '.join(MATTERS)}")
    if row["book"] != (BOOK if row["chapter"] in TITLED_CHAPTERS else ""):
        raise ParseError(f"{where}: book {quote(row['book'])}; only {', '.join(TITLED_CHAPTERS)} name {BOOK}")
    if row["verdict"] not in VERDICTS:
        raise ParseError(f"{where}: verdict {quote(row['verdict'])}; accepted: {', '.join(VERDICTS)}")
    opens = []
    for part in filter(None, (p.strip() for p in row["open"].split("&"))):
        key, _, value = part.partition("=")
        if key.strip() not in OPEN_KEYS or not value.strip():
            raise ParseError(f"{where}: open condition {quote(part)}; accepted keys: {', '.join(OPEN_KEYS)}")
        if key.strip() == "querent" and value.strip() not in QUERENTS:
            raise ParseError(f"{where}: querent {quote(value)}; accepted: {', '.join(QUERENTS)}")
        opens.append(OpenCondition(key.strip(), value.strip()))
    timing = None
    if row["timing"]:
        kind, _, detail = row["timing"].partition(":")
        if kind not in TIMING_KINDS:
            raise ParseError(f"{where}: timing {quote(row['timing'])}; accepted kinds: {', '.join(TIMING_KINDS)}")
        timing = Timing(kind, detail)
    example_chart, example_month = _example(row["conditions"])
    try:
        conditions = parse_conditions(row["conditions"])
    except ParseError as error:
        raise ParseError(f"{where}: {error}") from None
    return Statement(
        id=row["id"],
        source=Source(row["book"], row["chapter"], int(row["line"])),
        subject=row["subject"],
        conditions=conditions,
        open=tuple(opens),
        matters=matters,
        verdict=row["verdict"],
        timing=timing,
        quote=row["quote"],
        gloss_ko=row["gloss_ko"],
        gloss_en=row["gloss_en"],
        note=row["note"],
        example_chart=example_chart,
        example_month=example_month,
    )


def read_statements(text: str) -> tuple[Statement, ...]:
    """The statements of a judgements CSV text (the package's own file by :func:`statements`)."""
    reader = csv.DictReader(io.StringIO(text))
    if tuple(reader.fieldnames or ()) != COLUMNS:
        raise ParseError(f"judgements.csv columns {quote(reader.fieldnames)}; expected: {', '.join(COLUMNS)}")
    return tuple(_row(row, n) for n, row in enumerate(reader, start=2))


@cache
def statements() -> tuple[Statement, ...]:
    """Every statement of the chapters, in the file's order (read once)."""
    text = resources.files("liuren").joinpath("data/judgements.csv").read_text(encoding="utf-8")
    return read_statements(text)
