"""A learner's progress on the practice path, kept in the store (:mod:`liuren.store`, schema version 3).

A card is one step of the course: (level, cell kind, lesson type), e.g. (4, "transmission.branch",
"重審"). Each graded answer is a review (an append-only log in the store) that rates the cards of its
item with the FSRS scheduler (the ``fsrs`` package): the missed cell's card Again (Hard when the
answer is right under another school), and when the answer is right, every card the level asks Good.
The scheduler, not this module, says when a card is due again, so a missed step comes back sooner.

A level is open when it is level 1, when the level before it has passed its gate (:data:`GATE`: 11
right of the last 12 answers), or when the learner skipped ahead to it (:meth:`Practice.next_item`
on a closed level opens it as skipped).

Each review keeps its chart's spec, what else the item showed (:func:`liuren.practice.levels.shown`),
the first wrong cell and the rule missed, so the wrong-answer book (:meth:`Practice.misses`) deals a
missed item again exactly (:meth:`Practice.replay`); :meth:`Practice.summary` is the dashboard's data.

>>> import os, tempfile
>>> from liuren.practice import answer
>>> from datetime import datetime, UTC
>>> p = Practice(os.path.join(tempfile.mkdtemp(), "p.sqlite3"), seed=1)
>>> now = datetime(2026, 12, 1, 9, tzinfo=UTC)
>>> item = p.next_item(4, now)
>>> given = "".join(str(t.branch) for t in item.chart.transmissions)
>>> p.record(item, answer(item, {"transmissions": given}), now).verdict
'right'
>>> p.level_state(4).right, p.level_state(4).answered
(1, 1)
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import uuid
import zlib
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from ..chart import Chart
from ..errors import NaiveDatetimeError, ParseError, quote
from ..files import write_atomic
from ..store import Store
from .answers import VERDICTS, Grade
from .dashboard import HISTORY_DAYS, LevelMastery, Miss, MissBook, Summary, TypeMastery, history, streak
from .levels import LEVELS, Item, deal, deal_type, get_level, restore, shown

try:
    import fsrs
except ImportError as error:  # pragma: no cover - the practice extra installs it
    raise ImportError("liuren.practice needs the fsrs package: pip install 'liuren[practice]'") from error

GATE = (11, 12)
"""A level passes when this many of its last answers (11 of the last 12) were right."""
EXPORT_FORMAT = "liuren-practice"
EXPORT_VERSION = 2
"""Version 2 adds each review's ``item`` (what it showed beyond its chart) and ``rule`` (the rule
missed); a version 1 export is read with neither (None and '')."""
MAX_IMPORT_BYTES = 256 * 1024 * 1024
"""The largest file :meth:`Practice.import_` reads."""
SCHEDULER = fsrs.Scheduler(enable_fuzzing=False)
"""The FSRS scheduler with its default parameters (90 % retention); without fuzz, so the same reviews
give the same due times everywhere."""
RATING = {"wrong": fsrs.Rating.Again, "half": fsrs.Rating.Hard, "right": fsrs.Rating.Good}
"""The rating a verdict gives the card of the cell it judged."""

__all__ = ["GATE", "Due", "LevelState", "Practice"]


@dataclass(frozen=True, slots=True)
class Due:
    """A card due for review: (``level``, ``kind``, ``lesson_type``) and when it fell ``due``."""

    level: int
    kind: str
    lesson_type: str
    due: datetime


@dataclass(frozen=True, slots=True)
class LevelState:
    """A level's progress: ``open`` and ``how`` it was opened ("first", "passed", "skipped" or "" when
    closed), ``answered`` (reviews at the level), ``right`` among the last 12, and ``passed`` (the gate)."""

    level: int
    open: bool
    how: str
    answered: int
    right: int
    passed: bool


def _utc(now: object, name: str = "now") -> datetime:
    if not isinstance(now, datetime):
        raise ParseError(f"{name}={quote(now)} is not a moment; accepted: a timezone-aware datetime")
    if now.tzinfo is None or now.utcoffset() is None:
        raise NaiveDatetimeError(
            f"{name}={quote(now)} has no timezone; accepted: an aware datetime such as datetime.now(UTC)"
        )
    return now.astimezone(UTC)


def _stamp(moment: datetime) -> str:
    """A UTC time as ISO text that sorts as the time does."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _card_key(level: int, kind: str, lesson_type: str) -> int:
    """A stable FSRS card id made from the card's place (FSRS would otherwise take the clock)."""
    return zlib.crc32(f"{level} {kind} {lesson_type}".encode())


class Practice:
    """The practice path of the learner whose store is at ``path`` (see :func:`liuren.store.store_path`).
    ``seed`` seeds the dealing (None: a fresh one)."""

    __slots__ = ("rng", "store")

    def __init__(self, path: str | os.PathLike[str] | None = None, seed: int | None = None) -> None:
        self.store = Store(path)
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"Practice({str(self.store.path)!r})"

    # ------------------------------------------------------------------------------------- what next
    def due(self, now: datetime) -> tuple[Due, ...]:
        """The cards due at ``now``, the longest overdue first."""
        at = _stamp(_utc(now))
        with self.store.read() as db:
            rows = db.execute(
                "SELECT level, kind, lesson_type, due FROM practice_cards WHERE due <= ? ORDER BY due, level", (at,)
            ).fetchall()
        return tuple(Due(r[0], r[1], r[2], _stored_stamp(r[3])) for r in rows)

    def next_item(self, level: object, now: datetime) -> Item:
        """The next item at ``level``: of the lesson type of its longest overdue card if one is due, else
        dealt afresh. A closed level is opened as skipped (a learner may skip ahead)."""
        lv = get_level(level)
        at = _stamp(_utc(now))
        with self.store.write(durable=False) as db:
            if not _is_open(db, lv.number):
                db.execute("INSERT INTO practice_levels VALUES (?, 'skipped', ?)", (lv.number, at))
            row = db.execute(
                "SELECT lesson_type FROM practice_cards WHERE level = ? AND due <= ? ORDER BY due LIMIT 1",
                (lv.number, at),
            ).fetchone()
        if row is not None and row[0] in lv.lesson_types:
            return deal_type(lv, row[0], self.rng)
        return deal(lv, self.rng)

    def skip_to(self, level: object, now: datetime) -> LevelState:
        """Open ``level`` without passing the levels before it."""
        lv = get_level(level)
        at = _stamp(_utc(now))
        with self.store.write(durable=False) as db:
            if not _is_open(db, lv.number):
                db.execute("INSERT INTO practice_levels VALUES (?, 'skipped', ?)", (lv.number, at))
        return self.level_state(lv.number)

    # ------------------------------------------------------------------------------------- recording
    def record(self, item: Item, grade: Grade, now: datetime) -> Grade:
        """Log the review of ``item`` graded ``grade`` at ``now``, rate its cards and open the next level
        when this one passes its gate. Returns the grade."""
        if not isinstance(item, Item) or not isinstance(grade, Grade) or grade.verdict not in VERDICTS:
            raise ParseError(
                f"record() takes an Item and its Grade; got {type(item).__name__} and {type(grade).__name__}"
            )
        at = _utc(now)
        level = item.level.number
        if grade.verdict == "right":
            rated = dict.fromkeys(item.cells, "right")
        else:
            rated = {grade.kind or item.cells[0]: grade.verdict}
        ratings = {kind: int(RATING[verdict]) for kind, verdict in rated.items()}
        with self.store.write(durable=False) as db:
            db.execute(
                f"INSERT INTO practice_reviews ({', '.join(REVIEW_COLUMNS)}) VALUES ({', '.join('?' * len(REVIEW_COLUMNS))})",
                (
                    str(uuid.uuid4()),
                    _stamp(at),
                    level,
                    item.lesson_type,
                    item.chart.spec(),
                    grade.verdict,
                    grade.cell,
                    json.dumps(ratings, ensure_ascii=False, sort_keys=True),
                    json.dumps(shown(item), ensure_ascii=False, sort_keys=True),
                    "" if grade.verdict == "right" else grade.rule,
                ),
            )
            for kind, rating in ratings.items():
                _rate(db, level, kind, item.lesson_type, fsrs.Rating(rating), at)
            if level < len(LEVELS) and _passed(db, level) and not _is_open(db, level + 1):
                db.execute("INSERT INTO practice_levels VALUES (?, 'passed', ?)", (level + 1, _stamp(at)))
        return grade

    def card(self, level: int, kind: str, lesson_type: str) -> fsrs.Card | None:
        """The scheduler's card for (level, kind, lesson type), or None before its first review."""
        with self.store.read() as db:
            row = db.execute(
                "SELECT card FROM practice_cards WHERE level = ? AND kind = ? AND lesson_type = ?",
                (level, kind, lesson_type),
            ).fetchone()
        return None if row is None else fsrs.Card.from_json(row[0])

    def level_state(self, level: object) -> LevelState:
        """Where the learner stands at ``level``."""
        lv = get_level(level)
        with self.store.read() as db:
            how = _how(db, lv.number)
            answered = db.execute("SELECT count(*) FROM practice_reviews WHERE level = ?", (lv.number,)).fetchone()[0]
            right = _recent_right(db, lv.number)
        return LevelState(lv.number, bool(how), how, answered, right, right >= GATE[0])

    def level_states(self) -> tuple[LevelState, ...]:
        """Where the learner stands at every level, in order (one read of the store: the level
        selector's marks)."""
        with self.store.read() as db:
            hows = dict(db.execute("SELECT level, how FROM practice_levels"))
            answered = dict(db.execute("SELECT level, count(*) FROM practice_reviews GROUP BY level"))
            out = []
            for lv in LEVELS:
                how = "first" if lv.number == 1 else str(hows.get(lv.number, ""))
                right = _recent_right(db, lv.number) if answered.get(lv.number) else 0
                out.append(LevelState(lv.number, bool(how), how, answered.get(lv.number, 0), right, right >= GATE[0]))
        return tuple(out)

    def due_count(self, now: datetime) -> int:
        """How many cards are due at ``now`` (:meth:`due`, counted in the store)."""
        at = _stamp(_utc(now))
        with self.store.read() as db:
            return int(db.execute("SELECT count(*) FROM practice_cards WHERE due <= ?", (at,)).fetchone()[0])

    def reviews(self) -> int:
        """How many reviews the store holds."""
        with self.store.read() as db:
            return int(db.execute("SELECT count(*) FROM practice_reviews").fetchone()[0])

    # ------------------------------------------------------------------------------------- dashboard
    def summary(self, now: datetime, days: int = HISTORY_DAYS) -> Summary:
        """The dashboard's data at ``now`` (an aware datetime: its zone says where the learner's days
        end): mastery per level and per lesson type, the cards due, the streak and the last ``days``
        days of reviews (see :mod:`liuren.practice.dashboard`)."""
        at = _utc(now)
        if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= 3660:
            raise ParseError(f"days={quote(days)} is not a number of days; accepted: a whole number 1–3660")
        zone = now.tzinfo
        with self.store.read() as db:
            log = db.execute("SELECT reviewed, verdict, lesson_type FROM practice_reviews ORDER BY id").fetchall()
            cards = db.execute("SELECT level, kind, lesson_type, card, due FROM practice_cards").fetchall()
            states = {lv.number: (_how(db, lv.number), _recent_right(db, lv.number)) for lv in LEVELS}
            per_level = Counter(dict(db.execute("SELECT level, count(*) FROM practice_reviews GROUP BY level")))
        stamp = _stamp(at)
        recall: dict[tuple[int, str, str], float] = {}
        due = 0
        for level, kind, lesson_type, card, when in cards:
            recall[(level, kind, lesson_type)] = SCHEDULER.get_card_retrievability(fsrs.Card.from_json(card), at)
            due += when <= stamp
        dated = [(_stored_stamp(r[0]).astimezone(zone).date(), r[1]) for r in log]
        today = at.astimezone(zone).date()
        answered_type = Counter(r[2] for r in log)
        right_type = Counter(r[2] for r in log if r[1] == "right")
        levels = []
        for lv in LEVELS:
            keys = [(lv.number, kind, t) for kind in lv.cells for t in lv.lesson_types]
            how, right = states[lv.number]
            levels.append(
                LevelMastery(
                    lv.number,
                    bool(how),
                    per_level[lv.number],
                    right,
                    right >= GATE[0],
                    len(keys),
                    sum(k in recall for k in keys),
                    sum(recall.get(k, 0.0) for k in keys) / len(keys),
                )
            )
        types = []
        for t in dict.fromkeys(t for lv in LEVELS for t in lv.lesson_types):
            keys = [(lv.number, kind, t) for lv in LEVELS if t in lv.lesson_types for kind in lv.cells]
            types.append(
                TypeMastery(
                    t,
                    answered_type[t],
                    right_type[t],
                    len(keys),
                    sum(k in recall for k in keys),
                    sum(recall.get(k, 0.0) for k in keys) / len(keys),
                )
            )
        return Summary(
            at.astimezone(zone),
            len(log),
            due,
            streak((d for d, _ in dated), today),
            tuple(levels),
            tuple(types),
            history(dated, today, days),
        )

    # ------------------------------------------------------------------------------------- wrong answers
    def misses(self, limit: int | None = None) -> MissBook:
        """The wrong-answer book: every review not right, the latest first (at most ``limit``); a
        sequence of :class:`~liuren.practice.dashboard.Miss` that Jupyter shows as a table."""
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
            raise ParseError(f"limit={quote(limit)} is not a count; accepted: None or a whole number ≥ 0")
        with self.store.read() as db:
            rows = db.execute(
                "SELECT uuid, reviewed, level, lesson_type, spec, verdict, cell, rule, item FROM practice_reviews"
                " WHERE verdict != 'right' ORDER BY id DESC LIMIT ?",
                (-1 if limit is None else limit,),
            ).fetchall()
        out = []
        for uid, reviewed, level, lesson_type, spec, verdict, cell, rule, item in rows:
            c = Chart.parse(spec)
            out.append(
                Miss(
                    uid,
                    _stored_stamp(reviewed),
                    level,
                    lesson_type,
                    spec,
                    str(c.day),
                    str(c.hour),
                    str(c.general),
                    c.school.name,
                    verdict,
                    cell,
                    rule,
                    item,
                )
            )
        return MissBook(tuple(out))

    def replay(self, miss: Miss) -> Item:
        """The item of ``miss`` dealt again: the same chart, level and what it showed (moment and place,
        choices, prompt). A review stored before the store kept the item gets them drawn afresh for
        the same chart (:func:`liuren.practice.levels.restore`)."""
        if not isinstance(miss, Miss):
            raise ParseError(f"miss={quote(miss)} is not a missed answer; accepted: one of Practice.misses()")
        try:
            given = None if miss.item is None else json.loads(miss.item)
        except ValueError:
            raise ParseError(
                f"the stored item {quote(miss.item)} is not JSON; accepted: a Miss from misses()"
            ) from None
        if given is not None and not isinstance(given, dict):
            raise ParseError(f"the stored item {quote(miss.item)} is not an object; accepted: a Miss from misses()")
        return restore(miss.level, Chart.parse(miss.spec), given, self.rng)

    # ------------------------------------------------------------------------------------- files
    def export(self, path: str | os.PathLike[str]) -> int:
        """Write the reviews, cards and level gates to ``path`` as JSON, atomically; returns how many
        reviews. :meth:`import_` reads it back."""
        with self.store.read() as db:
            reviews = [
                dict(zip(REVIEW_COLUMNS, row, strict=True))
                for row in db.execute(f"SELECT {', '.join(REVIEW_COLUMNS)} FROM practice_reviews ORDER BY id")
            ]
            cards = [
                dict(zip(CARD_COLUMNS, row, strict=True))
                for row in db.execute(
                    f"SELECT {', '.join(CARD_COLUMNS)} FROM practice_cards ORDER BY level, kind, lesson_type"
                )
            ]
            levels = [
                dict(zip(LEVEL_COLUMNS, row, strict=True))
                for row in db.execute(f"SELECT {', '.join(LEVEL_COLUMNS)} FROM practice_levels ORDER BY level")
            ]
        for review in reviews:
            review["ratings"] = json.loads(review["ratings"])
            review["item"] = None if review["item"] is None else json.loads(review["item"])
        for card in cards:
            card["card"] = json.loads(card["card"])
        data = {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "reviews": reviews,
            "cards": cards,
            "levels": levels,
        }
        write_atomic(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        return len(reviews)

    def import_(self, path: str | os.PathLike[str]) -> int:
        """Add what an export holds that this store lacks: reviews by their uuid (importing twice adds
        nothing the second time), each card where the export's was reviewed later, and the open levels.
        Every record is checked before anything is written; all are written in one transaction.
        Returns how many reviews were added."""
        shown = quote(str(path), 200)
        data = _read_export(path, shown)
        try:
            reviews = [_review_row(r) for r in data["reviews"]]
            cards = [_card_row(c) for c in data["cards"]]
            levels = [_level_row(x) for x in data["levels"]]
        except (KeyError, TypeError, ValueError) as error:
            raise ParseError(
                f"{shown} holds a malformed record ({quote(str(error), 80)}); accepted: a practice export"
            ) from None
        added = 0
        with self.store.write() as db:
            for row in reviews:
                cursor = db.execute(
                    f"INSERT OR IGNORE INTO practice_reviews ({', '.join(REVIEW_COLUMNS)}) VALUES ({', '.join('?' * len(REVIEW_COLUMNS))})",
                    row,
                )
                added += cursor.rowcount
            for level, kind, lesson_type, card, due in cards:
                old = db.execute(
                    "SELECT card FROM practice_cards WHERE level = ? AND kind = ? AND lesson_type = ?",
                    (level, kind, lesson_type),
                ).fetchone()
                if old is None or _last_review(card) > _last_review(old[0]):
                    db.execute(
                        "INSERT OR REPLACE INTO practice_cards VALUES (?, ?, ?, ?, ?)",
                        (level, kind, lesson_type, card, due),
                    )
            for level, how, opened in levels:
                db.execute("INSERT OR IGNORE INTO practice_levels VALUES (?, ?, ?)", (level, how, opened))
        return added


REVIEW_COLUMNS = ("uuid", "reviewed", "level", "lesson_type", "spec", "verdict", "cell", "ratings", "item", "rule")
CARD_COLUMNS = ("level", "kind", "lesson_type", "card", "due")
LEVEL_COLUMNS = ("level", "how", "opened")


def _rate(db: sqlite3.Connection, level: int, kind: str, lesson_type: str, rating: fsrs.Rating, at: datetime) -> None:
    row = db.execute(
        "SELECT card FROM practice_cards WHERE level = ? AND kind = ? AND lesson_type = ?", (level, kind, lesson_type)
    ).fetchone()
    card = (
        fsrs.Card(card_id=_card_key(level, kind, lesson_type), due=at) if row is None else fsrs.Card.from_json(row[0])
    )
    card, _ = SCHEDULER.review_card(card, rating, at)
    db.execute(
        "INSERT OR REPLACE INTO practice_cards VALUES (?, ?, ?, ?, ?)",
        (level, kind, lesson_type, card.to_json(), _stamp(card.due)),
    )


def _how(db: sqlite3.Connection, level: int) -> str:
    if level == 1:
        return "first"
    row = db.execute("SELECT how FROM practice_levels WHERE level = ?", (level,)).fetchone()
    return "" if row is None else str(row[0])


def _is_open(db: sqlite3.Connection, level: int) -> bool:
    return bool(_how(db, level))


def _recent_right(db: sqlite3.Connection, level: int) -> int:
    rows = db.execute(
        "SELECT verdict FROM practice_reviews WHERE level = ? ORDER BY id DESC LIMIT ?", (level, GATE[1])
    ).fetchall()
    return sum(r[0] == "right" for r in rows)


def _passed(db: sqlite3.Connection, level: int) -> bool:
    return _recent_right(db, level) >= GATE[0]


def _parse_stamp(text: str) -> datetime:
    """A time as :func:`_stamp` writes it, refusing any other form (an import's records)."""
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)


def _stored_stamp(text: str) -> datetime:
    """A time the store holds (written by :func:`_stamp`, or checked by :func:`_parse_stamp` on import):
    the same moment as :func:`_parse_stamp` gives, read without its format check (several times faster,
    for the dashboard's every review)."""
    return datetime.fromisoformat(text)


def _last_review(card_json: object) -> str:
    last = json.loads(str(card_json)).get("last_review")
    return "" if last is None else str(last)


def _read_export(path: object, shown: str) -> dict[str, Any]:
    if not isinstance(path, str | os.PathLike) or not isinstance(os.fspath(path), str):
        raise ParseError(f"path={quote(path)} is not a file path; accepted: a file name as a str or pathlib.Path")
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_IMPORT_BYTES + 1)
    except OSError as error:
        raise ParseError(f"{shown} cannot be read ({error.strerror or error}); accepted: a practice export") from None
    if len(raw) > MAX_IMPORT_BYTES:
        raise ParseError(f"{shown} is larger than {MAX_IMPORT_BYTES:,} bytes; accepted: a practice export")
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (ValueError, RecursionError) as error:
        raise ParseError(f"{shown} is not JSON ({quote(str(error), 80)}); accepted: a practice export") from None
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise ParseError(f"{shown} is not a practice export; accepted: JSON with format={EXPORT_FORMAT!r}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version > EXPORT_VERSION:
        raise ParseError(
            f"{shown} is a practice export of version {quote(version)}; accepted: version {EXPORT_VERSION} or older"
        )
    for key in ("reviews", "cards", "levels"):
        if not isinstance(data.get(key), list):
            raise ParseError(f"{shown} has no list of {key}; accepted: a practice export")
    return data


def _level_number(value: object) -> int:
    return get_level(value).number


def _review_row(record: dict[str, Any]) -> tuple[object, ...]:
    uuid.UUID(str(record["uuid"]))
    _parse_stamp(record["reviewed"])
    level = _level_number(record["level"])
    _check_spec(record["spec"])
    if record["verdict"] not in VERDICTS or not isinstance(record["ratings"], dict):
        raise ValueError(f"verdict {record['verdict']!r}")
    cell = record["cell"]
    if cell is not None and not isinstance(cell, str):
        raise ValueError("cell")
    ratings = {str(k): int(fsrs.Rating(int(v))) for k, v in record["ratings"].items()}
    item = record.get("item")
    rule = record.get("rule", "")
    if item is not None and not isinstance(item, dict):
        raise ValueError("item")
    if not isinstance(rule, str):
        raise ValueError("rule")
    return (
        str(record["uuid"]),
        record["reviewed"],
        level,
        str(record["lesson_type"]),
        str(record["spec"]),
        record["verdict"],
        cell,
        json.dumps(ratings, ensure_ascii=False, sort_keys=True),
        None if item is None else json.dumps(item, ensure_ascii=False, sort_keys=True),
        rule,
    )


@lru_cache(maxsize=4096)
def _check_spec(spec: object) -> None:
    """Refuse a spec :meth:`Chart.parse` does not read (a class's exports repeat the same 1,440 課 ×
    schools: each is read once)."""
    Chart.parse(spec)


def _card_row(record: dict[str, Any]) -> tuple[object, ...]:
    level = _level_number(record["level"])
    card = fsrs.Card.from_dict(record["card"])
    return (level, str(record["kind"]), str(record["lesson_type"]), card.to_json(), _stamp(card.due))


def _level_row(record: dict[str, Any]) -> tuple[object, ...]:
    if record["how"] not in ("passed", "skipped"):
        raise ValueError(f"how {record['how']!r}")
    _parse_stamp(record["opened"])
    return (_level_number(record["level"]), record["how"], record["opened"])
