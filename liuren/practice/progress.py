"""A learner's progress on the practice path, kept in the store (:mod:`liuren.store`, schema version 3).

A card is one step of the course: (level, cell kind, lesson type), e.g. (4, "transmission.branch",
"重審"). Each graded answer is a review (an append-only log in the store) that rates cards with the
FSRS scheduler (the ``fsrs`` package), only cards of the cells the item asked, each at most once:

* a wrong answer rates the card of its first wrong cell Again (Hard when the answer is right under
  another school), due or not: a lapse is news whenever it comes;
* a right answer rates Good each card of the item's cells that is due (or never reviewed); a card not
  yet due is **left unrated** (the review is still logged), so an item that touches a card between its
  reviews does not push it around, and a learner who is always right sees FSRS's own intervals:
  10 minutes, 2 days, 11 days, 46 days … (past 10 days by a card's third review).

Only whole answers are recorded (:func:`liuren.practice.answer` refuses a partial one); in the
one-step mode the item is recorded at its first wrong step, or right once every step is.

**The day's queue** (:meth:`Practice.today`, :meth:`Practice.queue`): the cards due now, from every
open level, the most overdue first; then new items at the learner's level (the highest open one) up
to ``new_per_day`` a day (20 by default, on the learner's clock), dealt by weakness while something is
weak (its cards' recall a day ahead below :data:`RECALL_TARGET`, :meth:`Practice.weakest`): every
:data:`DRILL_EVERY`-th new item a drill of the weakest cell kind, and two in three of the others
(:data:`WEAK_SHARE`) of the level's weakest lesson type; then None ("done for today", with tomorrow's
count). No chart comes twice in a day.

A level is open when it is level 1, when the level before it has passed its gate (:data:`GATE`: 11
right of the last 12 answers at the level, drills and half answers not counted as right), or when the
learner skipped ahead to it (:meth:`Practice.next_item` on a closed level opens it as skipped).

Each review keeps its chart's spec, what else the item showed (:func:`liuren.practice.levels.shown`),
the first wrong cell, the rule missed and the answer graded, so the wrong-answer book
(:meth:`Practice.misses`) deals a missed item again exactly (:meth:`Practice.replay`) and says its rule
in the language it is read in; :meth:`Practice.summary` is the dashboard's data.

>>> import os, tempfile
>>> from liuren.practice import answer
>>> from datetime import datetime, UTC
>>> p = Practice(os.path.join(tempfile.mkdtemp(), "p.sqlite3"), seed=1)
>>> now = datetime(2026, 12, 1, 9, tzinfo=UTC)
>>> item = p.next_item(4, now)
>>> from liuren.practice import solution
>>> p.record(item, answer(item, solution(item)), now).verdict
'right'
>>> p.level_state(4).right, p.level_state(4).answered
(1, 1)
"""

from __future__ import annotations

import json
import math
import os
import random
import sqlite3
import threading
import uuid
import zlib
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta
from functools import lru_cache
from typing import Any

from ..almanac import check_moment
from ..chart import Chart
from ..errors import ParseError, StoreError, quote
from ..files import read_text, write_atomic
from ..show.i18n import check_lang
from ..store import Store
from ..transmissions import LESSON_TYPES
from .answers import VERDICTS, Grade, cell_kind
from .dashboard import HISTORY_DAYS, LevelMastery, Miss, MissBook, Summary, TypeMastery, history, streak
from .levels import (
    DRILL_PARTS,
    LEVELS,
    Item,
    chart_key,
    deal,
    deal_type,
    drill,
    drill_type,
    get_level,
    restore,
    shown,
)

try:
    import fsrs
except ImportError as error:  # pragma: no cover - the practice extra installs it
    raise ImportError(
        "liuren.practice needs the fsrs package: pip install 'liuren[jupyter]' (or 'liuren[practice]')"
    ) from error

GATE = (11, 12)
"""A level passes when exactly this many of its last answers (11 of the last 12, with 12 answered)
were right."""
NEW_PER_DAY = 20
"""How many new items a day's queue deals by default (as Anki's daily limit of new cards)."""
MAX_NEW_PER_DAY = 1000
DRILL_EVERY = 3
"""Every third new item of the day's queue drills the learner's weakest cell kind or lesson type."""
RECALL_TARGET = 0.9
"""A kind or lesson type whose cards' mean recall a day ahead is below this (FSRS's own target
retention) is weak: the queue drills it and the dashboard suggests it."""
YEARS = (1900, 2100)
"""The years a time given to or read into the store may fall in (the package's calendar range)."""
WEAK_SHARE = 2 / 3
"""The share of a day's new items at a level dealt of its weakest lesson type, while one is weak."""
WEAK_SHOWN = 2
"""How many weak kinds or lesson types the dashboard suggests drilling."""
MAX_LIMIT = 1_000_000
"""The largest count :meth:`Practice.misses` takes."""
MAX_RECORDS = 1_000_000
"""The most reviews (and cards) one import reads."""
MAX_TEXT = 2000
"""The longest text field (a rule, a cell key, a stored item's JSON) an import accepts."""
MAX_STABILITY = 36500.0 * 100
"""The largest card stability (days) an import accepts."""
EXPORT_FORMAT = "liuren-practice"
EXPORT_VERSION = 3
"""Version 2 adds each review's ``item`` (what it showed beyond its chart) and ``rule`` (the rule
missed), version 3 its ``answer`` (the boxes graded); an older export is read without them (None,
'' and None)."""
MAX_IMPORT_BYTES = 256 * 1024 * 1024
"""The largest file :meth:`Practice.import_` reads."""
SAVE_EVERY_DAYS = 7
"""After how many days without a save the practice page reminds the learner to save (:meth:`Practice.save_due`)."""
SCHEDULER = fsrs.Scheduler(enable_fuzzing=False)
"""The FSRS scheduler with its default parameters (90 % retention); without fuzz, so the same reviews
give the same due times everywhere."""
RATING = {"wrong": fsrs.Rating.Again, "half": fsrs.Rating.Hard, "right": fsrs.Rating.Good}
"""The rating a verdict gives the card of the cell it judged."""

__all__ = ["GATE", "NEW_PER_DAY", "Due", "LevelState", "Practice", "Queue", "Weak"]


@dataclass(frozen=True, slots=True)
class Due:
    """A card due for review: (``level``, ``kind``, ``lesson_type``) and when it fell ``due``."""

    level: int
    kind: str
    lesson_type: str
    due: datetime


@dataclass(frozen=True, slots=True)
class Queue:
    """The day's queue at a moment: ``due`` (cards due now, from every open level), ``new`` (new items
    left within the day's limit) and ``tomorrow`` (cards falling due from now to the end of tomorrow,
    on the learner's clock); ``answered`` and ``right``: the reviews of the learner's day so far, and
    how many were right. ``done`` when neither a due card nor a new item is left today."""

    due: int
    new: int
    tomorrow: int
    answered: int = 0
    right: int = 0

    @property
    def done(self) -> bool:
        return self.due == 0 and self.new == 0


@dataclass(frozen=True, slots=True)
class Weak:
    """A cell kind or lesson type (``name``; ``what`` says which: "kind" or "type") and the mean
    ``recall`` a day ahead of its cards reviewed so far (FSRS retrievability), over ``cards`` cards."""

    what: str
    name: str
    recall: float
    cards: int


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
    """``now`` in UTC, once :func:`liuren.almanac.check_moment` (the package's one check of a moment) has
    taken it, and within the years the store holds."""
    moment = check_moment(now, name)
    at = moment.astimezone(UTC)
    if not (YEARS[0] <= moment.year <= YEARS[1] and YEARS[0] <= at.year <= YEARS[1]):
        raise ParseError(f"{name}={quote(now)} is out of range; accepted: a moment in the years {YEARS[0]}–{YEARS[1]}")
    return at


def _stamp(moment: datetime) -> str:
    """A UTC time as ISO text that sorts as the time does."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _card_key(level: int, kind: str, lesson_type: str) -> int:
    """A stable FSRS card id made from the card's place (FSRS would otherwise take the clock)."""
    return zlib.crc32(f"{level} {kind} {lesson_type}".encode())


class Practice:
    """The practice path of the learner whose store is at ``path`` (see :func:`liuren.store.store_path`).
    ``seed`` seeds the dealing: None (a fresh one) or a whole number; anything else (a list, a float)
    is refused with a ParseError rather than passed on to :class:`random.Random`. ``new_per_day`` is the
    day's limit of new items (:data:`NEW_PER_DAY`)."""

    __slots__ = ("new_per_day", "rng", "store")

    def __init__(
        self, path: str | os.PathLike[str] | None = None, seed: int | None = None, new_per_day: int = NEW_PER_DAY
    ) -> None:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ParseError(f"seed={quote(seed)} is not a seed; accepted: None or a whole number")
        if isinstance(new_per_day, bool) or not isinstance(new_per_day, int) or not 0 <= new_per_day <= MAX_NEW_PER_DAY:
            raise ParseError(
                f"new_per_day={quote(new_per_day)} is not a count; accepted: a whole number 0–{MAX_NEW_PER_DAY}"
            )
        self.store = Store(path)
        self.rng = random.Random(seed)
        self.new_per_day = new_per_day

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

    # ------------------------------------------------------------------------------------- the day's queue
    def _day(self, now: datetime) -> tuple[datetime, datetime, str, str]:
        """``now`` in UTC, the start of the learner's day and the end of tomorrow (as stamps)."""
        at = _utc(now)
        local = now.astimezone(now.tzinfo)
        start = local.replace(hour=0, minute=0, second=0, microsecond=0)
        end = start + timedelta(days=2)
        return at, local, _stamp(start), _stamp(end)

    def _due_rows(self, db: sqlite3.Connection, at: str) -> list[tuple[int, str, str, str]]:
        """The due cards the queue can deal (of an open level, of a lesson type the level deals), the
        most overdue first."""
        opened = _open_levels(db)
        rows = db.execute(
            "SELECT level, kind, lesson_type, due FROM practice_cards WHERE due <= ? ORDER BY due, level, kind", (at,)
        ).fetchall()
        return [r for r in rows if r[0] in opened and r[2] in LEVELS[r[0] - 1].lesson_types]

    def queue(self, now: datetime) -> Queue:
        """The day's queue at ``now`` (its zone says where the learner's day ends): see :class:`Queue`."""
        at, _, start, end = self._day(now)
        stamp = _stamp(at)
        with self.store.read() as db:
            due = len(self._due_rows(db, stamp))
            new_today = _new_since(db, start)
            tomorrow = int(
                db.execute("SELECT count(*) FROM practice_cards WHERE due > ? AND due < ?", (stamp, end)).fetchone()[0]
            )
            answered, right = db.execute(
                "SELECT count(*), coalesce(sum(verdict = 'right'), 0) FROM practice_reviews WHERE reviewed >= ?",
                (start,),
            ).fetchone()
        return Queue(due, max(0, self.new_per_day - new_today), tomorrow, int(answered), int(right))

    def today(self, now: datetime, level: object = None) -> Item | None:
        """The next item of the day's queue at ``now``, or None when today is done: a due card's item
        first (the most overdue card, from any open level), then a new item at the learner's level
        (``level``, one the learner chose, else the highest open one; or every :data:`DRILL_EVERY`-th,
        a drill of the weakest kind or lesson type), up to the day's limit. No chart dealt today comes
        again. A closed ``level`` chosen is opened as skipped, as :meth:`next_item` does. Items dealt
        by :meth:`next_item` (a level practised on its own) do not count toward the day's limit."""
        chosen = None if level is None else get_level(level).number
        if chosen is not None:
            self.skip_to(chosen, now)
        at, _, start, _ = self._day(now)
        stamp = _stamp(at)
        with self.store.read() as db:
            rows = self._due_rows(db, stamp)
            new_today = _new_since(db, start)
            avoid = {
                _stored_key(spec)
                for (spec,) in db.execute("SELECT spec FROM practice_reviews WHERE reviewed >= ?", (start,))
            }
            opened = _open_levels(db)
        if rows:
            level, _, lesson_type, _ = rows[0]
            item = deal_type(LEVELS[level - 1], lesson_type, self.rng, avoid=avoid)
            return replace(item, source="due")
        if new_today >= self.new_per_day:
            return None
        weak = [w for w in self.weakest(now) if w.recall < RECALL_TARGET]
        if new_today % DRILL_EVERY == DRILL_EVERY - 1:
            # a drill of the weakest cell kind (or, with none weak, of the weakest lesson type)
            weak_kind = [w for w in weak if w.what == "kind"] or weak
            if weak_kind:
                return replace(self._drill(weak_kind[0], opened, avoid), source="new")
        level_ = LEVELS[(chosen or max(opened)) - 1]
        weak_types = [w.name for w in weak if w.what == "type" and w.name in level_.lesson_types]
        if weak_types and self.rng.random() < WEAK_SHARE:
            # dealt by weakness: the level's weakest lesson type, two times in three
            item = deal_type(level_, weak_types[0], self.rng, avoid=avoid)
        else:
            item = deal(level_, self.rng, avoid=avoid)
        return replace(item, source="new")

    def weakest(self, now: datetime) -> tuple[Weak, ...]:
        """The cell kinds that can be drilled alone (:data:`liuren.practice.levels.DRILL_PARTS`) and the
        lesson types of the method levels, each with the mean recall a day after ``now`` of its cards
        reviewed so far, the weakest first (a kind or type with no card reviewed is not listed)."""
        at = _utc(now) + timedelta(days=1)
        with self.store.read() as db:
            rows = db.execute("SELECT level, kind, lesson_type, card FROM practice_cards").fetchall()
        kinds: dict[str, list[float]] = {}
        types: dict[str, list[float]] = {}
        for level, kind, lesson_type, card in rows:
            recall = SCHEDULER.get_card_retrievability(self._card(card), at)
            if kind in DRILL_PARTS:
                kinds.setdefault(kind, []).append(recall)
            if 4 <= level <= 8:
                types.setdefault(lesson_type, []).append(recall)
        out = [Weak("kind", k, sum(v) / len(v), len(v)) for k, v in kinds.items()]
        out += [Weak("type", t, sum(v) / len(v), len(v)) for t, v in types.items()]
        return tuple(sorted(out, key=lambda w: (w.recall, w.what, w.name)))

    def drill(self, name: str, now: datetime) -> Item:
        """A drill item on request: ``name`` a cell kind that can be drilled alone (e.g. "hidden-stem",
        「遁干 연습」: a day and three branches, their 遁干 asked) or a lesson type (e.g. "知一": an item
        of that type at the method level that teaches it, or the highest open level that deals it)."""
        _, _, start, _ = self._day(now)
        with self.store.read() as db:
            opened = _open_levels(db)
            avoid = {
                _stored_key(spec)
                for (spec,) in db.execute("SELECT spec FROM practice_reviews WHERE reviewed >= ?", (start,))
            }
        what = "kind" if name in DRILL_PARTS else "type"
        return replace(self._drill(Weak(what, str(name), 0.0, 0), opened, avoid), source="drill")

    def _drill(self, weak: Weak, opened: set[int], avoid: set[str]) -> Item:
        if weak.what == "kind":
            return drill(weak.name, self.rng, avoid=avoid)
        return drill_type(weak.name, self.rng, opened, avoid)

    def _card(self, text: object) -> fsrs.Card:
        """A card the store holds, or a StoreError naming the file when it cannot be read."""
        try:
            return fsrs.Card.from_json(str(text))
        except (ValueError, TypeError, KeyError, AttributeError):
            raise StoreError(
                f"the liuren store {quote(str(self.store.path), 200)} holds a practice card it cannot read "
                f"({quote(text, 60)}): move the file away and import your last export into a new store"
            ) from None

    # ------------------------------------------------------------------------------------- recording
    def record(self, item: Item, grade: Grade, now: datetime, given: Mapping[str, object] | None = None) -> Grade:
        """Log the review of ``item`` graded ``grade`` at ``now``, rate its cards (see the module) and
        open the next level when this one passes its gate. Returns the grade. A right grade of part of
        an item (a step of the one-step mode, ``whole=False``) is refused: only whole answers count.
        ``given`` is the answer graded (the boxes given to :func:`~liuren.practice.answers.answer`):
        kept with a miss, the wrong-answer book grades it again to say the rule missed in the language
        it is read in (without it, the rule is shown as ``grade`` words it)."""
        if not isinstance(item, Item) or not isinstance(grade, Grade) or grade.verdict not in VERDICTS:
            raise ParseError(
                f"record() takes an Item and its Grade; got {type(item).__name__} and {type(grade).__name__}"
            )
        if grade.cell is not None and (
            not isinstance(grade.cell, str) or len(grade.cell) > 60 or cell_kind(grade.cell) not in KNOWN_KINDS
        ):
            raise ParseError(
                f"grade.cell={quote(grade.cell, 60)} is not a cell of a chart; accepted: a key such as 'initial.kin'"
            )
        if grade.verdict == "right" and not grade.whole:
            raise ParseError(
                "record() takes a whole answer: this right grade is of some of the item's boxes only; "
                "accepted: the grade of an answer to every box (or the first wrong step)"
            )
        kept = None if grade.verdict == "right" or given is None else _answer_text(given)
        at = _utc(now)
        level = item.level.number
        if grade.verdict == "right":
            rated = dict.fromkeys(item.cells, "right")
        else:
            kind = grade.kind if grade.kind in item.cells else item.cells[0]
            rated = {kind: grade.verdict}
        ratings = {kind: int(RATING[verdict]) for kind, verdict in rated.items()}
        with self.store.write(durable=False) as db:
            applied = {}
            for kind, rating in ratings.items():
                if _rate(db, level, kind, item.lesson_type, fsrs.Rating(rating), at, self._card):
                    applied[kind] = rating
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
                    json.dumps(applied, ensure_ascii=False, sort_keys=True),
                    json.dumps(shown(item), ensure_ascii=False, sort_keys=True),
                    "" if grade.verdict == "right" else grade.rule,
                    kept,
                ),
            )
            if level < len(LEVELS) and not item.drill and _passed(db, level) and not _is_open(db, level + 1):
                db.execute("INSERT INTO practice_levels VALUES (?, 'passed', ?)", (level + 1, _stamp(at)))
        return grade

    def card(self, level: int, kind: str, lesson_type: str) -> fsrs.Card | None:
        """The scheduler's card for (level, kind, lesson type), or None before its first review."""
        level = get_level(level).number
        for name, value in (("kind", kind), ("lesson_type", lesson_type)):
            if not isinstance(value, str) or len(value) > 40:
                raise ParseError(f"{name}={quote(value)} is not a {name}; accepted: a short text such as 'kin', '重審'")
        with self.store.read() as db:
            row = db.execute(
                "SELECT card FROM practice_cards WHERE level = ? AND kind = ? AND lesson_type = ?",
                (level, kind, lesson_type),
            ).fetchone()
        return None if row is None else self._card(row[0])

    def level_state(self, level: object) -> LevelState:
        """Where the learner stands at ``level``."""
        lv = get_level(level)
        with self.store.read() as db:
            how = _how(db, lv.number)
            answered = db.execute("SELECT count(*) FROM practice_reviews WHERE level = ?", (lv.number,)).fetchone()[0]
            right = _recent_right(db, lv.number)
            passed = _passed(db, lv.number)
        return LevelState(lv.number, bool(how), how, answered, right, passed)

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
                passed = bool(answered.get(lv.number)) and _passed(db, lv.number)
                out.append(LevelState(lv.number, bool(how), how, answered.get(lv.number, 0), right, passed))
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
    def summary(self, now: datetime, days: int = HISTORY_DAYS, *, lang: str = "ko") -> Summary:
        """The dashboard's data at ``now`` (an aware datetime: its zone says where the learner's days
        end): mastery per level and per lesson type, the cards due (the day's queue's count, as the
        question tab shows it), the streak, the last ``days`` days of reviews and the weakest cell kinds
        and lesson types (see :mod:`liuren.practice.dashboard`). The reviews are counted in the store by
        quarter hour (every time zone's offset is a whole number of quarter hours), so the time taken
        grows with the days practised, not the reviews: ``tools/bench_practice.py`` measures it.
        ``lang`` is the language Jupyter shows it in ("ko", "zh" or "en")."""
        lang = check_lang(lang)
        at = _utc(now)
        if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= 3660:
            raise ParseError(f"days={quote(days)} is not a number of days; accepted: a whole number 1–3660")
        zone = now.tzinfo
        with self.store.read() as db:
            tally = _tally(db, str(self.store.path))
            cards = db.execute("SELECT level, kind, lesson_type, card FROM practice_cards").fetchall()
            states = {
                lv.number: (_how(db, lv.number), _recent_right(db, lv.number), _passed(db, lv.number)) for lv in LEVELS
            }
            per_level = tally.levels
            window = db.execute(
                f"SELECT {_QUARTER_SQL} AS q, verdict, count(*) FROM practice_reviews WHERE reviewed >= ?"
                " GROUP BY q, verdict",
                (_stamp(at - timedelta(days=days + 1))[:10],),
            ).fetchall()
            due = len(self._due_rows(db, _stamp(at)))
        recall: dict[tuple[int, str, str], float] = {}
        for level, kind, lesson_type, card in cards:
            recall[(level, kind, lesson_type)] = SCHEDULER.get_card_retrievability(self._card(card), at)
        today = at.astimezone(zone).date()
        # the streak: the learner's days with a review (the quarters of one UTC day fall on one or two
        # consecutive local days: those of its first and last quarter hour)
        practised = {self._local(q, zone) for first, last in tally.span.values() for q in (first, last)}
        # the history: the quarter hours of the last days, each on the learner's clock
        dated = [(self._local(q, zone), verdict, count) for q, verdict, count in window]
        answered_type: Counter[str] = Counter()
        right_type: Counter[str] = Counter()
        for (lesson_type, verdict), count in tally.types.items():
            answered_type[lesson_type] += count
            if verdict == "right":
                right_type[lesson_type] += count
        reviews = sum(per_level.values())
        levels = []
        for lv in LEVELS:
            keys = [(lv.number, kind, t) for kind in lv.cells for t in lv.lesson_types]
            how, right, passed = states[lv.number]
            levels.append(
                LevelMastery(
                    lv.number,
                    bool(how),
                    per_level[lv.number],
                    right,
                    passed,
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
            reviews,
            due,
            streak(practised, today),
            tuple(levels),
            tuple(types),
            history(((d, v) for d, v, n in dated for _ in range(n)), today, days),
            tuple(w for w in self.weakest(now) if w.recall < RECALL_TARGET)[:WEAK_SHOWN],
            lang,
        )

    def _local(self, quarter: str, zone: Any) -> date:
        """The learner's day of a quarter hour the tally keeps ("2026-12-01T09:15")."""
        return self._moment(quarter + ":00.000000Z").astimezone(zone).date()

    def _moment(self, text: str) -> datetime:
        """A time the store holds, or a StoreError naming the file when it cannot be read."""
        try:
            return _stored_stamp(text)
        except (ValueError, TypeError):
            raise StoreError(
                f"the liuren store {quote(str(self.store.path), 200)} holds a review time it cannot read "
                f"({quote(text, 40)}): move the file away and import your last export into a new store"
            ) from None

    # ------------------------------------------------------------------------------------- wrong answers
    def misses(self, limit: int | None = None, *, lang: str = "ko") -> MissBook:
        """The wrong-answer book: every review not right, the latest first (at most ``limit``); a
        sequence of :class:`~liuren.practice.dashboard.Miss` that Jupyter shows as a table."""
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or not 0 <= limit <= MAX_LIMIT):
            raise ParseError(f"limit={quote(limit)} is not a count; accepted: None or a whole number 0–{MAX_LIMIT:,}")
        with self.store.read() as db:
            rows = db.execute(
                "SELECT uuid, reviewed, level, lesson_type, spec, verdict, cell, rule, item, answer FROM practice_reviews"
                " WHERE verdict != 'right' ORDER BY id DESC LIMIT ?",
                (-1 if limit is None else limit,),
            ).fetchall()
        out = []
        for uid, reviewed, level, lesson_type, spec, verdict, cell, rule, item, given in rows:
            try:
                c = Chart.parse(spec)
            except ParseError:
                raise StoreError(
                    f"the liuren store {quote(str(self.store.path), 200)} holds a review whose chart it cannot "
                    f"read ({quote(spec, 60)}): move the file away and import your last export into a new store"
                ) from None
            out.append(
                Miss(
                    uid,
                    self._moment(reviewed),
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
                    given,
                )
            )
        return MissBook(tuple(out), check_lang(lang))

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
    def export(self, path: str | os.PathLike[str], now: datetime | None = None) -> int:
        """Write the reviews, cards and level gates to ``path`` as JSON, atomically; returns how many
        reviews. :meth:`import_` reads it back. The save is remembered (at ``now``, an aware datetime;
        None: the present) for :meth:`save_due`."""
        text, count = self.export_text()
        write_atomic(path, text)
        self.saved(count, now)
        return count

    def export_text(self) -> tuple[str, int]:
        """The export as a JSON text, and how many reviews it holds (what :meth:`export` writes; the
        practice page offers it as a file to download). Writes nothing: the page calls :meth:`saved`
        when it hands the file over."""
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
            review["answer"] = None if review["answer"] is None else json.loads(review["answer"])
        for card in cards:
            card["card"] = json.loads(card["card"])
        data = {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "reviews": reviews,
            "cards": cards,
            "levels": levels,
        }
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n", len(reviews)

    def saved(self, reviews: int, now: datetime | None = None) -> None:
        """Remember that the learner saved their progress (an export of ``reviews`` reviews) at ``now``."""
        if isinstance(reviews, bool) or not isinstance(reviews, int) or not 0 <= reviews <= MAX_RECORDS:
            raise ParseError(f"reviews={quote(reviews)} is not a count; accepted: a whole number 0–{MAX_RECORDS:,}")
        at = _stamp(_utc(datetime.now(UTC) if now is None else now))
        with self.store.write(durable=False) as db:
            db.execute("INSERT INTO practice_saves (saved, reviews) VALUES (?, ?)", (at, reviews))

    def last_saved(self) -> datetime | None:
        """When the learner last saved their progress (:meth:`export`, the page's save button), or None."""
        with self.store.read() as db:
            row = db.execute("SELECT max(saved) FROM practice_saves").fetchone()
        return None if row[0] is None else self._moment(row[0])

    def save_due(self, now: datetime) -> bool:
        """Whether to remind the learner to save: there are reviews not in any save (answered after the
        last one, or no save yet), and the last save, or the first review when there is none, is
        :data:`SAVE_EVERY_DAYS` days or more before ``now``."""
        at = _utc(now)
        with self.store.read() as db:
            last = db.execute("SELECT max(saved) FROM practice_saves").fetchone()[0]
            if last is None:
                first = db.execute("SELECT min(reviewed) FROM practice_reviews").fetchone()[0]
                return first is not None and at - self._moment(first) >= timedelta(days=SAVE_EVERY_DAYS)
            newer = db.execute("SELECT 1 FROM practice_reviews WHERE reviewed > ? LIMIT 1", (last,)).fetchone()
        return newer is not None and at - self._moment(last) >= timedelta(days=SAVE_EVERY_DAYS)

    def import_(self, path: str | os.PathLike[str]) -> int:
        """Add what an export holds that this store lacks: reviews by their uuid (importing twice adds
        nothing the second time), each card where the export's was reviewed later, and the open levels.
        Every record is checked before anything is written; all are written in one transaction.
        Returns how many reviews were added."""
        text = read_text(path, MAX_IMPORT_BYTES, "a practice export")  # ReadError (an OSError too) or ParseError
        return self.import_text(text, str(path))

    def import_text(self, text: str, name: str = "the file") -> int:
        """:meth:`import_` of an export's JSON text (the page's upload); ``name`` (the file's) is quoted
        in an error."""
        shown = quote(str(name), 200)
        if not isinstance(text, str) or len(text) > MAX_IMPORT_BYTES:
            raise ParseError(
                f"{shown} is not a practice export's text; accepted: the JSON of an export, "
                f"at most {MAX_IMPORT_BYTES:,} characters"
            )
        data = _parse_export(text, shown)
        if len(data["reviews"]) > MAX_RECORDS or len(data["cards"]) > MAX_RECORDS or len(data["levels"]) > len(LEVELS):
            raise ParseError(
                f"{shown} holds more records than a store can ({len(data['reviews']):,} reviews, "
                f"{len(data['cards']):,} cards, {len(data['levels']):,} levels); accepted: at most "
                f"{MAX_RECORDS:,} reviews and cards and {len(LEVELS)} levels"
            )
        try:
            reviews = [_review_row(r) for r in data["reviews"]]
            cards = [_card_row(c) for c in data["cards"]]
            levels = [_level_row(x) for x in data["levels"]]
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as error:
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


REVIEW_COLUMNS = (
    "uuid",
    "reviewed",
    "level",
    "lesson_type",
    "spec",
    "verdict",
    "cell",
    "ratings",
    "item",
    "rule",
    "answer",
)
CARD_COLUMNS = ("level", "kind", "lesson_type", "card", "due")
LEVEL_COLUMNS = ("level", "how", "opened")


def _rate(
    db: sqlite3.Connection,
    level: int,
    kind: str,
    lesson_type: str,
    rating: fsrs.Rating,
    at: datetime,
    read: Callable[[object], fsrs.Card],
) -> bool:
    """Rate the card (level, kind, lesson type) at ``at``, unless the rating is Good and the card is not
    yet due (left unrated: see the module). Returns whether it was rated."""
    row = db.execute(
        "SELECT card, due FROM practice_cards WHERE level = ? AND kind = ? AND lesson_type = ?",
        (level, kind, lesson_type),
    ).fetchone()
    if row is not None and rating == fsrs.Rating.Good and row[1] > _stamp(at):
        return False
    card = fsrs.Card(card_id=_card_key(level, kind, lesson_type), due=at) if row is None else read(row[0])
    card, _ = SCHEDULER.review_card(card, rating, at)
    db.execute(
        "INSERT OR REPLACE INTO practice_cards VALUES (?, ?, ?, ?, ?)",
        (level, kind, lesson_type, card.to_json(), _stamp(card.due)),
    )
    return True


def _how(db: sqlite3.Connection, level: int) -> str:
    if level == 1:
        return "first"
    row = db.execute("SELECT how FROM practice_levels WHERE level = ?", (level,)).fetchone()
    return "" if row is None else str(row[0])


def _is_open(db: sqlite3.Connection, level: int) -> bool:
    return bool(_how(db, level))


def _last_answers(db: sqlite3.Connection, level: int) -> list[str]:
    """The verdicts of the last :data:`GATE` answers at ``level`` (drills of one cell are not answers
    to the level), the latest first."""
    rows = db.execute(
        "SELECT verdict FROM practice_reviews WHERE level = ? AND (item IS NULL OR item NOT LIKE ?)"
        " ORDER BY id DESC LIMIT ?",
        (level, '%"drill":%', GATE[1]),
    ).fetchall()
    return [r[0] for r in rows]


def _recent_right(db: sqlite3.Connection, level: int) -> int:
    return sum(v == "right" for v in _last_answers(db, level))


def _passed(db: sqlite3.Connection, level: int) -> bool:
    """The gate: exactly 11 right of the last 12 answers (12 answered; a half answer is not right)."""
    last = _last_answers(db, level)
    return len(last) == GATE[1] and sum(v == "right" for v in last) >= GATE[0]


@dataclass(slots=True)
class _Tally:
    """What the dashboard counts of a store's review log, kept per store file while the process runs and
    brought up to date from the rows added since (the log is append only): the reviews per quarter hour
    the reviews per lesson type and verdict, per level, the first and last quarter hour (UTC,
    "2026-12-01T09:15") of each UTC day, the count, and the last row read (its id and uuid: a store
    replaced is read anew). The history's quarter hours are not kept: :meth:`Practice.summary` counts
    those of its window in the store."""

    last: int = 0
    uuid: str = ""
    count: int = 0
    types: Counter[tuple[str, str]] = field(default_factory=Counter)
    levels: Counter[int] = field(default_factory=Counter)
    span: dict[str, tuple[str, str]] = field(default_factory=dict)


_TALLIES: dict[str, _Tally] = {}
_TALLY_LOCK = threading.Lock()


def _tally(db: sqlite3.Connection, key: str) -> _Tally:
    """The tally of the review log of the store ``key`` (see :class:`_Tally`), brought up to date (one
    thread at a time: a tally is read and extended under a lock)."""
    with _TALLY_LOCK:
        last_id, count = db.execute("SELECT coalesce(max(id), 0), count(*) FROM practice_reviews").fetchone()
        tally = _TALLIES.get(key)
        if tally is not None and tally.last:
            row = db.execute("SELECT uuid FROM practice_reviews WHERE id = ?", (tally.last,)).fetchone()
            if row is None or row[0] != tally.uuid or last_id < tally.last:
                tally = None
        if tally is None or tally.count > count:
            tally = _Tally()
        _extend(db, tally)
        if tally.count != count:  # rows taken away or rewritten in place: read it all again
            tally = _Tally()
            _extend(db, tally)
        _TALLIES[key] = tally
        return tally


def _extend(db: sqlite3.Connection, tally: _Tally) -> None:
    """Add the reviews after ``tally.last`` to ``tally``, counted by SQLite: a process's first read of
    a log of 100,000 reviews walks the store's indexes (by time, by lesson type and verdict, by level)
    and brings a few hundred rows into Python, not 100,000; a later one reads the rows after that id
    (the primary key). Then it remembers the last row read."""
    last = db.execute(
        "SELECT id, uuid FROM practice_reviews WHERE id > ? ORDER BY id DESC LIMIT 1", (tally.last,)
    ).fetchone()
    if last is None:
        return
    # read in one transaction (Store.read), so the rows after tally.last are the same in each query
    rows, after = ("practice_reviews", ()) if not tally.last else ("practice_reviews WHERE id > ?", (tally.last,))
    span = tally.span
    days = _DAYS_SQL if not tally.last else _DAYS_AFTER_SQL
    for day, first, final in db.execute(days, after):
        first, final = _quarter(first), _quarter(final)
        known = span.get(day, (first, final))
        span[day] = (min(known[0], first), max(known[1], final))
    for lesson_type, verdict, count in db.execute(
        f"SELECT lesson_type, verdict, count(*) FROM {rows} GROUP BY lesson_type, verdict", after
    ):
        tally.types[(lesson_type, verdict)] += count
        tally.count += count
    for level, count in db.execute(f"SELECT level, count(*) FROM {rows} GROUP BY level", after):
        tally.levels[level] += count
    tally.last, tally.uuid = last


_DAYS_SQL = """
WITH RECURSIVE days(d) AS (
    SELECT substr(min(reviewed), 1, 10) FROM practice_reviews
    UNION ALL
    SELECT (SELECT substr(min(reviewed), 1, 10) FROM practice_reviews WHERE reviewed >= date(d, '+1 day'))
    FROM days WHERE d IS NOT NULL
)
SELECT d,
    (SELECT min(reviewed) FROM practice_reviews WHERE reviewed >= d),
    (SELECT max(reviewed) FROM practice_reviews WHERE reviewed < date(d, '+1 day'))
FROM days WHERE d IS NOT NULL"""
"""Each UTC day of the whole log with its first and last review time: a walk along the index on
``reviewed`` from one day to the next (three index seeks a day practised, not a scan of every review)."""
_DAYS_AFTER_SQL = (
    "SELECT substr(reviewed, 1, 10) AS d, min(reviewed), max(reviewed) FROM practice_reviews WHERE id > ? GROUP BY d"
)
"""The same for the reviews after a row id (the few added since the tally was last brought up to date)."""


def _quarter(stamp: str) -> str:
    """The UTC quarter hour of a stored review time ("2026-12-01T09:37:…" → "2026-12-01T09:30")."""
    minute = stamp[14:16]
    return f"{stamp[:14]}{int(minute) // 15 * 15:02d}" if minute.isdigit() else f"{stamp[:14]}00"


_QUARTER_SQL = (
    "substr(reviewed, 1, 14) || CASE WHEN substr(reviewed, 15, 2) < '15' THEN '00'"
    " WHEN substr(reviewed, 15, 2) < '30' THEN '15' WHEN substr(reviewed, 15, 2) < '45' THEN '30' ELSE '45' END"
)
"""The UTC quarter hour of a stored review time ("2026-12-01T09:37:…" → "2026-12-01T09:30"), in SQL."""


def _open_levels(db: sqlite3.Connection) -> set[int]:
    return {1} | {int(r[0]) for r in db.execute("SELECT level FROM practice_levels")}


def _new_since(db: sqlite3.Connection, start: str) -> int:
    """How many new items (the queue's, drills among them) were answered since ``start``."""
    return int(
        db.execute(
            "SELECT count(*) FROM practice_reviews WHERE reviewed >= ? AND item LIKE ?", (start, '%"source": "new"%')
        ).fetchone()[0]
    )


@lru_cache(maxsize=8192)
def _stored_key(spec: str) -> str:
    """The :func:`~liuren.practice.levels.chart_key` of a stored review's chart."""
    try:
        return chart_key(Chart.parse(spec))
    except ParseError:
        return spec


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
    """The export in the file ``path`` (``shown`` names it in an error), checked as :func:`_parse_export`."""
    text = read_text(path, MAX_IMPORT_BYTES, "a practice export")  # ReadError (an OSError too) or ParseError
    return _parse_export(text, shown)


def _parse_export(text: str, shown: str) -> dict[str, Any]:
    """An export's JSON text, checked for its format, version and lists (not yet record by record)."""
    try:
        data = json.loads(text)
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


KNOWN_KINDS = frozenset(k for lv in LEVELS for k in lv.cells) | {"general", "void"}
"""Every cell kind a card or a rating may name."""
KNOWN_TYPES = frozenset(str(t) for t in LESSON_TYPES)


def _text(value: object, what: str, longest: int = MAX_TEXT) -> str:
    if not isinstance(value, str) or len(value) > longest:
        raise ValueError(f"{what} is not a text of at most {longest} characters")
    return value


def _known(value: object, known: frozenset[str], what: str) -> str:
    if not isinstance(value, str) or value not in known:
        raise ValueError(f"{what} {quote(value, 40)} is not known")
    return value


def _moment_text(value: object, what: str) -> str:
    """A stored time (as :func:`_stamp` writes it) within :data:`YEARS`."""
    if not isinstance(value, str) or len(value) > 40:
        raise ValueError(f"{what} is not a time")
    moment = _parse_stamp(value)
    if not YEARS[0] <= moment.year <= YEARS[1]:
        raise ValueError(f"{what} {value} is outside the years {YEARS[0]}–{YEARS[1]}")
    return value


def _review_row(record: dict[str, Any]) -> tuple[object, ...]:
    if not isinstance(record, dict):
        raise ValueError("a review is not an object")
    uuid.UUID(_text(record["uuid"], "uuid", 64))
    _moment_text(record["reviewed"], "reviewed")
    level = _level_number(record["level"])
    lesson_type = _known(record["lesson_type"], KNOWN_TYPES, "lesson_type")
    _check_spec(_text(record["spec"], "spec", 200))
    if record["verdict"] not in VERDICTS or not isinstance(record["ratings"], dict):
        raise ValueError(f"verdict {quote(record['verdict'], 20)}")
    cell = record["cell"]
    if cell is not None:
        _text(cell, "cell", 60)
        _known(cell_kind(cell), KNOWN_KINDS, "cell")
    if len(record["ratings"]) > len(KNOWN_KINDS):
        raise ValueError("too many ratings")
    ratings = {}
    for k, v in record["ratings"].items():
        if isinstance(v, bool) or not isinstance(v, int) or v not in {int(r) for r in fsrs.Rating}:
            raise ValueError(f"rating {quote(v, 20)}")
        ratings[_known(k, KNOWN_KINDS, "rated kind")] = v
    item = record.get("item")
    rule = _text(record.get("rule", ""), "rule")
    given = record.get("answer")
    if given is not None:
        if not isinstance(given, dict):
            raise ValueError("answer")
        _text(_answer_text(given), "answer")
    if item is not None:
        if not isinstance(item, dict):
            raise ValueError("item")
        text = json.dumps(item, ensure_ascii=False, sort_keys=True, allow_nan=False)
        _text(text, "item")
        restore(level, Chart.parse(record["spec"]), item, random.Random(0))
    return (
        str(record["uuid"]),
        record["reviewed"],
        level,
        lesson_type,
        str(record["spec"]),
        record["verdict"],
        cell,
        json.dumps(ratings, ensure_ascii=False, sort_keys=True),
        None if item is None else json.dumps(item, ensure_ascii=False, sort_keys=True),
        rule,
        None if given is None else _answer_text(given),
    )


def _answer_text(given: Mapping[str, object]) -> str:
    """An answer's boxes as the JSON text the store keeps (ParseError for one that is no JSON object of
    boxes, or longer than :data:`MAX_TEXT`)."""
    if not isinstance(given, Mapping):
        raise ParseError(f"given={quote(given, 60)} is not a mapping; accepted: the boxes given to answer()")
    try:
        text = json.dumps({str(k): v for k, v in given.items()}, ensure_ascii=False, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError):
        raise ParseError(f"given={quote(given, 60)} is not text; accepted: the boxes given to answer()") from None
    if len(text) > MAX_TEXT:
        raise ParseError(f"given={quote(given, 60)} is longer than {MAX_TEXT} characters; accepted: one answer")
    return text


@lru_cache(maxsize=4096)
def _check_spec(spec: object) -> None:
    """Refuse a spec :meth:`Chart.parse` does not read (a class's exports repeat the same 1,440 課 ×
    schools: each is read once)."""
    Chart.parse(spec)


def _finite(value: object, what: str, low: float, high: float) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{what} {quote(value, 20)} is not a finite number")
    if not low <= value <= high:
        raise ValueError(f"{what} {value} is outside {low}–{high}")


def _card_row(record: dict[str, Any]) -> tuple[object, ...]:
    if not isinstance(record, dict):
        raise ValueError("a card is not an object")
    level = _level_number(record["level"])
    kind = _known(record["kind"], KNOWN_KINDS, "kind")
    lesson_type = _known(record["lesson_type"], KNOWN_TYPES, "lesson_type")
    raw = record["card"]
    if not isinstance(raw, dict) or len(json.dumps(raw, default=str)) > MAX_TEXT:
        raise ValueError("card is not an object")
    _finite(raw.get("stability"), "stability", 0.001, MAX_STABILITY)
    _finite(raw.get("difficulty"), "difficulty", 1.0, 10.0)
    step = raw.get("step")
    if step is not None and (isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= 100):
        raise ValueError(f"step {quote(step, 20)}")
    card_id = raw.get("card_id")
    if isinstance(card_id, bool) or not isinstance(card_id, int) or not 0 <= card_id < 2**63:
        raise ValueError(f"card_id {quote(card_id, 30)}")
    for name in ("due", "last_review"):
        value = raw.get(name)
        if value is None and name == "last_review":
            continue
        if not isinstance(value, str) or len(value) > 40:
            raise ValueError(f"{name} is not a time")
        moment = datetime.fromisoformat(value)
        if moment.utcoffset() is None or not YEARS[0] <= moment.astimezone(UTC).year <= YEARS[1]:
            raise ValueError(f"{name} {value} is not a time with its zone in the years {YEARS[0]}–{YEARS[1]}")
    card = fsrs.Card.from_dict(raw)  # type: ignore[arg-type]
    if card.state not in tuple(fsrs.State) or (card.state != fsrs.State.Learning and card.stability is None):
        raise ValueError("state")
    return (level, kind, lesson_type, card.to_json(), _stamp(card.due))


def _level_row(record: dict[str, Any]) -> tuple[object, ...]:
    if not isinstance(record, dict):
        raise ValueError("a level is not an object")
    if record["how"] not in ("passed", "skipped"):
        raise ValueError(f"how {quote(record['how'], 20)}")
    _moment_text(record["opened"], "opened")
    return (_level_number(record["level"]), record["how"], record["opened"])
