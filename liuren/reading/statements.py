"""The chapters' judgements (占斷) and timing rules (應期) as data: one :class:`Statement` per row of
``liuren/data/judgements.csv``.

Each row is one statement of the four chapters: its source (book, chapter and line; only the first
chapter, 九宗門·元首課·重審課, names its book, 《大六壬靈覺經》: the other three carry no book title and
are cited by chapter), its subject (a lesson type,
a pattern, or 總 for a rule about any chart), the conditions a chart can decide (see
:mod:`liuren.reading.conditions`), the conditions it cannot (``open``: who asks, what is asked), the
matters, the verdict, a timing rule if it is one, a short verbatim quotation and its gloss in each
language that glosses the quotations (a ``gloss_<code>`` column per language of :mod:`liuren.lang`:
``gloss_ko``, ``gloss_en``). The file is read once, on first use.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, fields
from functools import cache
from importlib import resources

from ..errors import ParseError, quote
from ..lang import language, languages
from .conditions import Condition, parse_conditions

BOOK = "大六壬靈覺經"
"""The book the first chapter names (九宗門·元首課·重審課); the other three chapters name none."""
TITLED_CHAPTERS = ("九宗門", "元首課", "重審課")
"""The chapters of the part that names its book: their rows carry :data:`BOOK`, every other row none."""
VERDICTS = ("吉", "凶", "先凶後吉", "先吉後凶", "吉凶參半", "平")
"""The verdicts a statement can give: good, bad, bad then good, good then bad, mixed, neutral."""

MATTERS: dict[str, str] = {
    "總": "overall",
    "官": "office",
    "財": "wealth",
    "婚": "marriage",
    "孕": "birth",
    "病": "illness",
    "訟": "lawsuit",
    "行": "travel",
    "人": "awaited",
    "宅": "household",
    "來意": "intention",
    "兵": "war",
    "天時": "weather",
    "失": "lost",
    "謀": "plans",
    "身": "life",
    "地": "land",
    "國": "state",
    "獄": "prison",
}
"""Matters a statement speaks of: {漢字: key}. Either the 漢字 or the key is accepted as ``matter=``; a
matter's name in each language is a word table of :mod:`liuren.show.words.reading` (``MATTER_NAMES``)."""

QUERENTS: dict[str, str] = {
    "官": "official",
    "常人": "commoner",
    "尊": "senior",
    "卑": "junior",
    "男": "man",
    "女": "woman",
}
"""Who asks, where a statement depends on it: {漢字: key} (names: ``QUERENT_NAMES`` beside ``MATTER_NAMES``)."""


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


@dataclass(frozen=True, slots=True, repr=False)
class Statement:
    """One judgement or timing statement of the chapters. Its ``glosses`` are (language code, gloss) for
    each language that glosses the quotations (the ``gloss_<code>`` columns), shown by ``repr`` as the
    columns are named (``gloss_ko='…'``)."""

    id: str
    source: Source
    subject: str
    conditions: tuple[Condition, ...]
    open: tuple[OpenCondition, ...]
    matters: tuple[str, ...]
    verdict: str
    timing: Timing | None
    quote: str
    glosses: tuple[tuple[str, str], ...]
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
        """The gloss in ``lang`` ("ko" or "en"); a language that reads the quotations themselves
        (:attr:`liuren.lang.Lang.glosses_quotes` False: "zh") gives the quotation itself."""
        if not language(lang).glosses_quotes:
            return self.quote
        found = next((text for code, text in self.glosses if code == lang), None)
        if found is None:
            raise ParseError(f"statement {quote(self.id)} has no gloss_{lang} column; accepted: {_codes(self)}")
        return found

    @property
    def gloss_ko(self) -> str:
        """The Korean gloss (the ``gloss_ko`` column)."""
        return self.gloss("ko")

    @property
    def gloss_en(self) -> str:
        """The English gloss (the ``gloss_en`` column)."""
        return self.gloss("en")

    def __repr__(self) -> str:
        parts: list[str] = []
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "glosses":
                parts.extend(f"gloss_{code}={text!r}" for code, text in value)
            else:
                parts.append(f"{f.name}={value!r}")
        return f"Statement({', '.join(parts)})"


def _codes(statement: Statement) -> str:
    return ", ".join(code for code, _ in statement.glosses) or "none"


def gloss_columns() -> tuple[str, ...]:
    """The gloss columns the judgements hold: ``gloss_<code>`` for each registered language that glosses
    the quotations, in the registry's order (``gloss_ko``, ``gloss_en``)."""
    return tuple(f"gloss_{lang.code}" for lang in languages() if lang.glosses_quotes)


def columns() -> tuple[str, ...]:
    """The columns of the judgements file, the gloss columns of :func:`gloss_columns` among them."""
    return (*COLUMNS[: COLUMNS.index("quote") + 1], *gloss_columns(), "note")


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
    "note",
)
"""The columns of the judgements file but the gloss columns (:func:`columns` has them all)."""
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
        glosses=tuple((column.removeprefix("gloss_"), row[column]) for column in gloss_columns()),
        note=row["note"],
        example_chart=example_chart,
        example_month=example_month,
    )


def read_statements(text: str) -> tuple[Statement, ...]:
    """The statements of a judgements CSV text (the package's own file by :func:`statements`)."""
    reader = csv.DictReader(io.StringIO(text))
    if tuple(reader.fieldnames or ()) != columns():
        raise ParseError(f"judgements.csv columns {quote(reader.fieldnames)}; expected: {', '.join(columns())}")
    return tuple(_row(row, n) for n, row in enumerate(reader, start=2))


@cache
def statements() -> tuple[Statement, ...]:
    """Every statement of the chapters, in the file's order (read once)."""
    return read_statements(judgements_text())


def judgements_text() -> str:
    """The text of the package's judgements file."""
    return resources.files("liuren").joinpath("data/judgements.csv").read_text(encoding="utf-8")


def bits(mask: int) -> list[int]:
    """The places of the set bits of ``mask``, lowest first: a set of statements (bit n for the n-th row
    of the file, as the reading and the verdicts hold them) as their places, in the file's order.

    >>> bits(0b10110)
    [1, 2, 4]
    """
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found
