"""A casebook of one's own (占驗): cast for a real question, read the chart, and later write down what
happened and which of the chapters' statements held. This is how the chapters' authors learned.

A :class:`Casebook` lives in the learner's store (:mod:`liuren.store`: one SQLite file, by default in the
learner's data folder, or ``path=``, or ``$LIUREN_STORE``). A saved :class:`Case` keeps the chart as its
spec (``Chart.parse(case.spec)`` rebuilds it exactly, with school, month, year and 年命), the question, the
matter and querent, and the reading given at the time: each statement's id, status, verdict and
quotation, so a later change of the package's data does not rewrite what was said. An
:class:`Outcome` added later says what happened and which statements held.

>>> import os, tempfile, liuren
>>> book = Casebook(os.path.join(tempfile.mkdtemp(), "cases.sqlite3"))
>>> case = book.save(liuren.chart("丙申", "午", "亥", month="寅"), "Will the fever break?", matter="病")
>>> case.lesson_type, case.matter, len(case.reading) > 0
('元首', '病', True)
>>> first = case.reading[0].statement_id
>>> case = book.add_outcome(case.id, "It broke on the third day.", held={first: True})
>>> c = book.compare(case)
>>> (c.held, c.failed, c.unmarked == len(case.reading) - 1)
(1, 0, True)
>>> [x.id for x in book.cases(matter="illness")] == [case.id]
True
"""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from .almanac import check_moment
from .chart import Chart
from .cycle import normalize
from .errors import ParseError, quote
from .files import read_text, write_atomic
from .patterns import get_pattern
from .reading import parse_matter, parse_querent
from .reading.statements import VERDICTS
from .store import Store
from .transmissions import LESSON_TYPES, LessonType, Method

__all__ = ["Case", "Casebook", "Comparison", "Given", "Mark", "Outcome", "compare"]

MAX_QUESTION = 2_000
"""The longest question a case keeps (characters)."""
MAX_TEXT = 100_000
"""The longest notes or outcome text a case keeps (characters)."""
MAX_IMPORT_BYTES = 256 * 1024 * 1024
"""The largest file :meth:`Casebook.import_` reads."""
FORMATS = ("json", "csv")
EXPORT_FORMAT = "liuren-casebook"
EXPORT_VERSION = 1
CSV_COLUMNS = (
    "id",
    "spec",
    "question",
    "matter",
    "querent",
    "notes",
    "cast_at",
    "created",
    "lesson_type",
    "method",
    "patterns",
    "reading",
    "outcomes",
)
"""The CSV export's columns, one row per case; ``patterns`` is ``|``-separated, ``reading`` and ``outcomes``
are JSON (the same as in the JSON export)."""
STATUSES = ("applies", "open")


@dataclass(frozen=True, slots=True)
class Given:
    """One statement of the reading given when the case was saved: its id (a row of
    ``liuren/data/judgements.csv``), its status then ("applies" or "open"), its verdict and quotation."""

    statement_id: str
    status: str
    verdict: str
    quote: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """What happened (``text``), when (``happened``, if said) and when it was written down
    (``recorded``); ``held`` marks statements of the reading: True (it held), False (it failed), None
    (could not tell), as (statement id, mark) pairs in the order given."""

    text: str
    held: tuple[tuple[str, bool | None], ...]
    happened: date | None
    recorded: datetime


@dataclass(frozen=True, slots=True)
class Case:
    """A saved case: the chart (``spec``), what was asked, the reading given then, the outcomes since.

    ``id`` is a UUID, the same in every store and export the case goes to; ``lesson_type``, ``method``
    and ``patterns`` are the chart's at saving time (what the casebook is searched by)."""

    id: str
    spec: str
    question: str
    matter: str | None
    querent: str | None
    notes: str
    cast_at: datetime | None
    created: datetime
    lesson_type: str
    method: str
    patterns: tuple[str, ...]
    reading: tuple[Given, ...]
    outcomes: tuple[Outcome, ...] = ()

    @property
    def chart(self) -> Chart:
        """The chart, rebuilt from its spec."""
        return Chart.parse(self.spec)

    @property
    def held(self) -> dict[str, bool | None]:
        """Each statement the outcomes mark, with its mark in the latest outcome that names it."""
        marks: dict[str, bool | None] = {}
        for outcome in self.outcomes:
            marks.update(outcome.held)
        return marks


@dataclass(frozen=True, slots=True)
class Mark:
    """One statement of a case's reading beside the outcome: ``held`` True, False or None (not marked,
    or could not tell)."""

    given: Given
    held: bool | None


@dataclass(frozen=True, slots=True)
class Comparison:
    """A case's reading beside its outcomes (:func:`compare`): every statement given, whether it held,
    and the counts."""

    case: Case
    marks: tuple[Mark, ...]
    held: int
    failed: int
    unmarked: int

    def __str__(self) -> str:
        sign = {True: "✓", False: "✗", None: "·"}
        head = f"{self.case.question} — {self.case.spec}"
        lines = [head, *(o.text for o in self.case.outcomes)]
        lines += [
            f"{sign[m.held]} {m.given.statement_id} {m.given.verdict} ({m.given.status}) {m.given.quote}"
            for m in self.marks
        ]
        lines.append(f"held {self.held} · failed {self.failed} · not marked {self.unmarked}")
        return "\n".join(lines)


def compare(case: Case) -> Comparison:
    """The reading given for ``case`` beside what happened: each statement with its latest mark."""
    if type(case) is not Case:
        raise ParseError(f"case={quote(case)} is not a Case; accepted: a Case from Casebook.save, get or cases")
    marks = case.held
    rows = tuple(Mark(given, marks.get(given.statement_id)) for given in case.reading)
    held = sum(m.held is True for m in rows)
    failed = sum(m.held is False for m in rows)
    return Comparison(case, rows, held, failed, len(rows) - held - failed)


class Casebook:
    """The cases in the learner's store at ``path`` (see :func:`liuren.store.store_path`). Holds no open
    file: every method opens the store, does one thing and closes it."""

    __slots__ = ("store",)

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.store = Store(path)

    def __repr__(self) -> str:
        return f"Casebook({str(self.store.path)!r})"

    @property
    def path(self) -> str:
        """The store's file."""
        return str(self.store.path)

    # ------------------------------------------------------------------------------------------ writing
    def save(
        self,
        chart: Chart,
        question: str,
        matter: object = None,
        querent: object = None,
        notes: str = "",
        cast_at: datetime | None = None,
    ) -> Case:
        """Save a case: ``chart``, the ``question`` asked, the ``matter`` ("病" or "illness", see
        :data:`liuren.reading.MATTERS`) and ``querent`` ("官"/"official" …) if said, ``notes``, and when
        the chart was cast (``cast_at``, a timezone-aware datetime). The reading given is
        ``chart.reading(matter, querent)``, kept as it is now."""
        if type(chart) is not Chart:
            raise ParseError(
                f"chart={quote(chart)} ({type(chart).__name__}) is not a chart; accepted: a liuren.Chart, "
                f"e.g. liuren.chart('丙申', '午', '亥') or liuren.Chart.parse(spec)"
            )
        text = _text(question, "question", MAX_QUESTION, required=True)
        note = _text(notes, "notes", MAX_TEXT)
        wanted, who = parse_matter(matter), parse_querent(querent)
        cast = _moment(cast_at, "cast_at")
        reading = chart.reading(matter=wanted, querent=who)
        given = tuple(
            Given(j.statement.id, j.status, j.statement.verdict, j.statement.quote)
            for j in (*reading.applies, *reading.open)
        )
        case = Case(
            id=str(uuid.uuid4()),
            spec=chart.spec(),
            question=text,
            matter=wanted,
            querent=who,
            notes=note,
            cast_at=cast,
            created=datetime.now(UTC),
            lesson_type=str(chart.lesson_type),
            method=str(chart.method),
            patterns=tuple(p.name for p in chart.patterns),
            reading=given,
        )
        with self.store.write() as db:
            _insert(db, case)
        return case

    def add_outcome(
        self,
        case_id: str | Case,
        outcome_text: str,
        held: Mapping[str, bool | None] | None = None,
        when: date | None = None,
    ) -> Case:
        """Write down what happened to a case (``outcome_text``), when (``when``: a date, or a
        timezone-aware datetime), and which statements of its reading held: ``held`` maps a statement id
        to True (held), False (failed) or None (could not tell). Returns the case with the outcome.
        A case may have several outcomes; :attr:`Case.held` takes each statement's latest mark."""
        text = _text(outcome_text, "outcome_text", MAX_TEXT, required=True)
        happened = _moment(when, "when", dates=True)
        key = _case_id(case_id)
        with self.store.write() as db:
            row = db.execute("SELECT id FROM cases WHERE uuid = ?", (key,)).fetchone()
            if row is None:
                raise self._missing(key)
            ids = [
                r[0]
                for r in db.execute("SELECT statement_id FROM case_statements WHERE case_id = ? ORDER BY position", row)
            ]
            marks = _marks(held, ids)
            outcome = Outcome(text, marks, happened, datetime.now(UTC))
            _insert_outcome(db, row[0], outcome)
            return _load(db, "c.id = ?", [row[0]])[0]

    def delete(self, case_id: str | Case) -> None:
        """Delete a case, with its reading and outcomes."""
        key = _case_id(case_id)
        with self.store.write() as db:
            if db.execute("DELETE FROM cases WHERE uuid = ?", (key,)).rowcount == 0:
                raise self._missing(key)

    # ------------------------------------------------------------------------------------------ reading
    def get(self, case_id: str | Case) -> Case:
        """The case with this id."""
        key = _case_id(case_id)
        with self.store.read() as db:
            found = _load(db, "c.uuid = ?", [key])
        if not found:
            raise self._missing(key)
        return found[0]

    def cases(
        self,
        lesson_type: object = None,
        pattern: object = None,
        matter: object = None,
        verdict: object = None,
        text: object = None,
    ) -> tuple[Case, ...]:
        """The cases, oldest first; each argument given keeps those that match it:

        * ``lesson_type``: the chart's lesson type ("元首", "重審" …);
        * ``pattern``: a named pattern the chart showed ("殃咎", "三光" …);
        * ``matter``: what was asked about ("病" or "illness" …);
        * ``verdict``: a statement that applied in the reading given had this verdict ("吉", "凶",
          "先凶後吉", "先吉後凶", "吉凶參半", "平");
        * ``text``: appears in the question, the notes or an outcome (ignoring case).
        """
        where: list[str] = ["1"]
        args: list[object] = []
        if lesson_type is not None:
            where.append("c.lesson_type = ?")
            args.append(_lesson_type(lesson_type))
        if pattern is not None:
            where.append("EXISTS (SELECT 1 FROM case_patterns p WHERE p.case_id = c.id AND p.name = ?)")
            args.append(get_pattern(pattern).name)
        if matter is not None:
            where.append("c.matter = ?")
            args.append(parse_matter(matter))
        if verdict is not None:
            if not isinstance(verdict, str) or normalize(verdict.strip()) not in VERDICTS:
                raise ParseError(f"verdict={quote(verdict)} is not a verdict; accepted: {', '.join(VERDICTS)}")
            where.append(
                "EXISTS (SELECT 1 FROM case_statements s WHERE s.case_id = c.id AND s.verdict = ? AND s.status = 'applies')"
            )
            args.append(normalize(verdict.strip()))
        if text is not None:
            needle = _text(text, "text", MAX_QUESTION, required=True).casefold()
            where.append(
                "(instr(fold(c.question), ?) OR instr(fold(c.notes), ?)"
                " OR EXISTS (SELECT 1 FROM outcomes o WHERE o.case_id = c.id AND instr(fold(o.text), ?)))"
            )
            args += [needle] * 3
        with self.store.read() as db:
            return _load(db, " AND ".join(where), args)

    def compare(self, case: str | Case) -> Comparison:
        """:func:`compare` for a case or a case id (read from the store)."""
        return compare(self.get(case))

    # ------------------------------------------------------------------------------------------ files
    def export(self, path: str | os.PathLike[str], format: str = "json") -> int:
        """Write every case to ``path`` (``format`` "json" or "csv"), atomically; returns how many.
        :meth:`import_` reads either back."""
        if format not in FORMATS:
            raise ParseError(f"format={quote(format)} is not an export format; accepted: {', '.join(FORMATS)}")
        found = self.cases()
        records = [_to_record(case) for case in found]
        if format == "json":
            data = json.dumps(
                {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "cases": records}, ensure_ascii=False, indent=1
            )
            write_atomic(path, data + "\n")
        else:
            out = io.StringIO()
            writer = csv.writer(out)
            writer.writerow(CSV_COLUMNS)
            for record in records:
                writer.writerow(_csv_cell(record, column) for column in CSV_COLUMNS)
            write_atomic(path, "\ufeff" + out.getvalue())  # the BOM lets spreadsheets read the 漢字 as UTF-8
        return len(found)

    def import_(self, path: str | os.PathLike[str]) -> tuple[Case, ...]:
        """Add the cases of an export (JSON or CSV, told apart by their content) that this casebook
        does not have yet (by their id): importing a file twice adds nothing the second time. Every
        record is checked before anything is written, and all are written in one transaction. Returns
        the cases added."""
        shown = quote(str(path), 200)
        text = _read(path)
        if text.lstrip().startswith("{"):
            records = _json_records(text, shown)
        else:
            records = _csv_records(text, shown)
        cases = []
        for number, record in enumerate(records, start=1):
            try:
                cases.append(_from_record(record))
            except ParseError as error:
                raise ParseError(f"{shown}, case {number}: {error}") from None
        added = []
        with self.store.write() as db:
            for case in cases:
                if db.execute("SELECT 1 FROM cases WHERE uuid = ?", (case.id,)).fetchone() is None:
                    _insert(db, case)
                    added.append(case)
        return tuple(added)

    def _missing(self, key: str) -> ParseError:
        return ParseError(
            f"no case {quote(key, 40)} in the casebook {quote(self.path, 200)}; accepted: the id of a saved case "
            f"(Casebook.cases() lists them)"
        )


# ---------------------------------------------------------------------------------------------- checks
def _text(value: object, name: str, limit: int, required: bool = False) -> str:
    if not isinstance(value, str):
        raise ParseError(f"{name}={quote(value)} ({type(value).__name__}) is not a text; accepted: a str")
    if len(value) > limit:
        raise ParseError(f"{name}={quote(value)} is too long; accepted: a text of at most {limit:,} characters")
    if required and not value.strip():
        raise ParseError(f"{name}={quote(value)} is empty; accepted: a text of 1 to {limit:,} characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:  # a lone surrogate: half of a character, which no file can keep
        raise ParseError(
            f"{name}={quote(value)} has a lone surrogate (U+{ord(value[error.start]):04X} at character "
            f"{error.start + 1}), half of a character that cannot be written down; accepted: a text of whole "
            f"Unicode characters"
        ) from None
    return str.__str__(value)


def _moment(value: object, name: str, dates: bool = False) -> Any:
    """An aware datetime (or, with ``dates``, a date) or None."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return check_moment(value, name)
    if dates and type(value) is date:
        return value
    accepted = "a timezone-aware datetime" + (" or a date" if dates else "") + ", or None"
    raise ParseError(f"{name}={quote(value)} ({type(value).__name__}) is not a moment; accepted: {accepted}")


def _case_id(value: object) -> str:
    if type(value) is Case:
        return value.id
    if isinstance(value, str):
        try:
            return str(uuid.UUID(value.strip()))
        except ValueError:
            pass
    raise ParseError(
        f"case_id={quote(value, 40)} is not a case id; accepted: a Case or its id, e.g. '6f1c2d3e-…' (Case.id)"
    )


def _lesson_type(value: object) -> str:
    try:
        return str(LessonType(normalize(value.strip()) if isinstance(value, str) else ""))
    except ValueError:
        raise ParseError(
            f"lesson_type={quote(value)} is not a lesson type; accepted: {' '.join(LESSON_TYPES)}"
        ) from None


def _method(value: object) -> str:
    try:
        return str(Method(normalize(value.strip()) if isinstance(value, str) else ""))
    except ValueError:
        raise ParseError(
            f"method={quote(value)} is not one of the nine methods; accepted: {' '.join(Method)}"
        ) from None


def _marks(held: object, ids: list[str]) -> tuple[tuple[str, bool | None], ...]:
    if held is None:
        return ()
    if not isinstance(held, Mapping):
        raise ParseError(
            f"held={quote(held)} is not a mapping; accepted: {{statement id: True, False or None}}, e.g. {{'元首-090': True}}"
        )
    known = set(ids)
    marks = []
    for key, value in held.items():
        if not isinstance(key, str) or key not in known:
            shown = ", ".join(ids[:5]) + (" …" if len(ids) > 5 else "")
            raise ParseError(f"held: {quote(key)} is not a statement of this case's reading; accepted: {shown}")
        if value is not None and type(value) is not bool:
            raise ParseError(f"held[{key!r}]={quote(value)} is not a mark; accepted: True (held), False (failed), None")
        marks.append((key, value))
    return tuple(marks)


# ---------------------------------------------------------------------------------------------- the store
def _insert(db: sqlite3.Connection, case: Case) -> None:
    cursor = db.execute(
        "INSERT INTO cases (uuid, spec, question, matter, querent, notes, cast_at, created, lesson_type, method)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            case.id,
            case.spec,
            case.question,
            case.matter,
            case.querent,
            case.notes,
            None if case.cast_at is None else case.cast_at.isoformat(),
            case.created.isoformat(),
            case.lesson_type,
            case.method,
        ),
    )
    row = cursor.lastrowid
    db.executemany(
        "INSERT INTO case_patterns (case_id, position, name) VALUES (?, ?, ?)",
        ((row, n, p) for n, p in enumerate(case.patterns)),
    )
    db.executemany(
        "INSERT INTO case_statements (case_id, position, statement_id, status, verdict, quote) VALUES (?, ?, ?, ?, ?, ?)",
        ((row, n, g.statement_id, g.status, g.verdict, g.quote) for n, g in enumerate(case.reading)),
    )
    for outcome in case.outcomes:
        _insert_outcome(db, row, outcome)


def _insert_outcome(db: sqlite3.Connection, case_row: int | None, outcome: Outcome) -> None:
    cursor = db.execute(
        "INSERT INTO outcomes (case_id, text, happened, recorded) VALUES (?, ?, ?, ?)",
        (
            case_row,
            outcome.text,
            None if outcome.happened is None else outcome.happened.isoformat(),
            outcome.recorded.isoformat(),
        ),
    )
    db.executemany(
        "INSERT INTO outcome_marks (outcome_id, position, statement_id, held) VALUES (?, ?, ?, ?)",
        (
            (cursor.lastrowid, n, key, None if value is None else int(value))
            for n, (key, value) in enumerate(outcome.held)
        ),
    )


def _fold(value: object) -> str | None:
    return value.casefold() if isinstance(value, str) else None


def _load(db: sqlite3.Connection, where: str, args: list[object]) -> tuple[Case, ...]:
    """The cases matching ``where`` (a condition on ``cases c``), oldest first, with their patterns,
    statements and outcomes."""
    db.create_function("fold", 1, _fold, deterministic=True)
    rows = db.execute(
        "SELECT c.id, c.uuid, c.spec, c.question, c.matter, c.querent, c.notes, c.cast_at, c.created, c.lesson_type,"
        f" c.method FROM cases c WHERE {where} ORDER BY c.created, c.id",
        args,
    ).fetchall()
    if not rows:
        return ()
    chosen = f"IN (SELECT c.id FROM cases c WHERE {where})"
    patterns: dict[int, list[str]] = {}
    for case_row, name in db.execute(
        f"SELECT case_id, name FROM case_patterns WHERE case_id {chosen} ORDER BY case_id, position", args
    ):
        patterns.setdefault(case_row, []).append(name)
    given: dict[int, list[Given]] = {}
    shared: dict[tuple[str, str, str, str], Given] = {}  # the same statement given in many cases: one record
    for case_row, *fields in db.execute(
        "SELECT case_id, statement_id, status, verdict, quote FROM case_statements"
        f" WHERE case_id {chosen} ORDER BY case_id, position",
        args,
    ):
        key = (fields[0], fields[1], fields[2], fields[3])
        record = shared.get(key)
        if record is None:
            record = shared[key] = Given(*key)
        given.setdefault(case_row, []).append(record)
    marks: dict[int, list[tuple[str, bool | None]]] = {}
    for outcome_row, key, value in db.execute(
        "SELECT m.outcome_id, m.statement_id, m.held FROM outcome_marks m JOIN outcomes o ON o.id = m.outcome_id"
        f" WHERE o.case_id {chosen} ORDER BY m.outcome_id, m.position",
        args,
    ):
        marks.setdefault(outcome_row, []).append((key, None if value is None else bool(value)))
    outcomes: dict[int, list[Outcome]] = {}
    for outcome_row, case_row, text, happened, recorded in db.execute(
        f"SELECT id, case_id, text, happened, recorded FROM outcomes WHERE case_id {chosen} ORDER BY id", args
    ):
        outcomes.setdefault(case_row, []).append(
            Outcome(text, tuple(marks.get(outcome_row, ())), _date(happened), datetime.fromisoformat(recorded))
        )
    return tuple(
        Case(
            id=key,
            spec=spec,
            question=question,
            matter=matter,
            querent=querent,
            notes=notes,
            cast_at=None if cast_at is None else datetime.fromisoformat(cast_at),
            created=datetime.fromisoformat(created),
            lesson_type=lesson_type,
            method=method,
            patterns=tuple(patterns.get(row, ())),
            reading=tuple(given.get(row, ())),
            outcomes=tuple(outcomes.get(row, ())),
        )
        for row, key, spec, question, matter, querent, notes, cast_at, created, lesson_type, method in rows
    )


def _date(text: str | None) -> date | None:
    if text is None:
        return None
    return datetime.fromisoformat(text) if "T" in text else date.fromisoformat(text)


# ---------------------------------------------------------------------------------------------- files
def _to_record(case: Case) -> dict[str, Any]:
    """A case as plain JSON data (what both exports write)."""
    return {
        "id": case.id,
        "spec": case.spec,
        "question": case.question,
        "matter": case.matter,
        "querent": case.querent,
        "notes": case.notes,
        "cast_at": None if case.cast_at is None else case.cast_at.isoformat(),
        "created": case.created.isoformat(),
        "lesson_type": case.lesson_type,
        "method": case.method,
        "patterns": list(case.patterns),
        "reading": [
            {"id": g.statement_id, "status": g.status, "verdict": g.verdict, "quote": g.quote} for g in case.reading
        ],
        "outcomes": [
            {
                "text": o.text,
                "happened": None if o.happened is None else o.happened.isoformat(),
                "recorded": o.recorded.isoformat(),
                "held": dict(o.held),
            }
            for o in case.outcomes
        ],
    }


def _csv_cell(record: dict[str, Any], column: str) -> str:
    value = record[column]
    if column == "patterns":
        return "|".join(value)
    if column in ("reading", "outcomes"):
        return json.dumps(value, ensure_ascii=False)
    return "" if value is None else str(value)


def _read(path: object) -> str:
    return read_text(path, MAX_IMPORT_BYTES, "a casebook export (JSON or CSV)")


def _json_records(text: str, shown: str) -> list[Any]:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise ParseError(f"{shown} is not valid JSON ({error}); accepted: a casebook export") from None
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT or not isinstance(data.get("cases"), list):
        raise ParseError(
            f"{shown} is not a casebook export; accepted: JSON with format={EXPORT_FORMAT!r} and a list of cases"
        )
    if not isinstance(data.get("version"), int) or data["version"] > EXPORT_VERSION:
        raise ParseError(
            f"{shown} is a casebook export of version {quote(data.get('version'))}; accepted: version "
            f"{EXPORT_VERSION} or older (a newer liuren wrote it: upgrade liuren)"
        )
    return list(data["cases"])


def _csv_records(text: str, shown: str) -> list[Any]:
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader, None)
        if header is None or tuple(header) != CSV_COLUMNS:
            raise ParseError(
                f"{shown} is not a casebook export: its header is {quote(header, 60)}; accepted: JSON, or CSV "
                f"with the columns {', '.join(CSV_COLUMNS)}"
            )
        records = []
        for number, row in enumerate(reader, start=2):
            if len(row) != len(CSV_COLUMNS):
                raise ParseError(f"{shown} line {number}: {len(row)} cells; accepted: {len(CSV_COLUMNS)} cells")
            record: dict[str, Any] = dict(zip(CSV_COLUMNS, row, strict=True))
            for column in ("matter", "querent", "cast_at"):
                record[column] = record[column] or None
            record["patterns"] = [p for p in record["patterns"].split("|") if p]
            for column in ("reading", "outcomes"):
                try:
                    record[column] = json.loads(record[column])
                except ValueError:
                    raise ParseError(f"{shown} line {number}: {column} is not JSON") from None
            records.append(record)
    except csv.Error as error:
        raise ParseError(f"{shown} is not a CSV file ({error}); accepted: a casebook export") from None
    return records


def _field(record: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = record.get(key)
    if not isinstance(value, kind):
        raise ParseError(f"{key}={quote(value)} is missing or of the wrong type")
    return value


def _stamp(value: object, key: str, dates: bool = False) -> Any:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ParseError(f"{key}={quote(value)} is not an ISO date or time")
    try:
        moment = _date(value) if dates else datetime.fromisoformat(value)
    except ValueError:
        raise ParseError(f"{key}={quote(value)} is not an ISO date or time") from None
    if isinstance(moment, datetime) and moment.utcoffset() is None:
        raise ParseError(f"{key}={quote(value)} has no timezone")
    return moment


def _from_record(record: object) -> Case:
    """A case from an export's record, every field checked as :meth:`Casebook.save` checks it."""
    if not isinstance(record, dict):
        raise ParseError(f"{quote(record)} is not a case record")
    spec = _field(record, "spec", str)
    Chart.parse(spec)  # the chart must rebuild
    reading = []
    for item in _field(record, "reading", list):
        if not isinstance(item, dict):
            raise ParseError(f"reading item {quote(item)} is not a statement record")
        status, verdict = item.get("status"), item.get("verdict")
        if status not in STATUSES or verdict not in VERDICTS:
            raise ParseError(f"reading item {quote(item, 60)}: status or verdict unknown")
        reading.append(Given(_field(item, "id", str), status, verdict, _field(item, "quote", str)))
    ids = [g.statement_id for g in reading]
    outcomes = []
    for item in _field(record, "outcomes", list):
        if not isinstance(item, dict):
            raise ParseError(f"outcome {quote(item)} is not an outcome record")
        outcomes.append(
            Outcome(
                _text(item.get("text"), "outcome text", MAX_TEXT, required=True),
                _marks(_field(item, "held", dict), ids),
                _stamp(item.get("happened"), "happened", dates=True),
                _stamp(_field(item, "recorded", str), "recorded"),
            )
        )
    patterns = _field(record, "patterns", list)
    return Case(
        id=_case_id(record.get("id")),
        spec=spec,
        question=_text(record.get("question"), "question", MAX_QUESTION, required=True),
        matter=parse_matter(record.get("matter")),
        querent=parse_querent(record.get("querent")),
        notes=_text(record.get("notes", ""), "notes", MAX_TEXT),
        cast_at=_stamp(record.get("cast_at"), "cast_at"),
        created=_stamp(_field(record, "created", str), "created").astimezone(UTC),
        lesson_type=_lesson_type(record.get("lesson_type")),
        method=_method(record.get("method")),
        patterns=tuple(get_pattern(p).name for p in patterns),
        reading=tuple(reading),
        outcomes=tuple(outcomes),
    )
