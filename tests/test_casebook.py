"""The casebook (liuren.casebook): saving a case with the reading given then, outcomes and which
statements held, search, export and import, compare; a state machine against a model dict."""

from __future__ import annotations

import json
import shutil
import tempfile
from dataclasses import FrozenInstanceError, astuple, fields
from datetime import UTC, date, datetime, timedelta, timezone, tzinfo
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import liuren
from liuren import store
from liuren.casebook import Case, Casebook, Comparison, Given, Mark, Outcome, compare
from liuren.errors import NaiveDatetimeError, ParseError, WriteError
from liuren.reading.statements import VERDICTS

SEOUL = timezone(timedelta(hours=9))
CHARTS = (
    liuren.chart("丙申", "午", "亥", month="寅"),
    liuren.chart("甲子", "子", "子"),
    liuren.chart("庚申", "寅", "巳", noble="night", month="酉", year="午", nianming=("午", "寅")),
    liuren.chart("癸丑", "卯", "辰", school="daquan"),
    liuren.chart("丁未", "酉", "申", month="午"),
    liuren.chart("壬辰", "亥", "寅", school=liuren.School().replace(noble_table="B", shehai="depth")),
)


@pytest.fixture(autouse=True)
def fresh_process():
    store.close_all()
    yield
    store.close_all()


@pytest.fixture
def book(tmp_path):
    return Casebook(tmp_path / "cases.sqlite3")


def test_a_saved_case_keeps_the_chart_the_question_and_the_reading_given(book):
    for chart in CHARTS:
        case = book.save(chart, "병이 나을까?", matter="illness", querent="男", notes="첫 상담", cast_at=None)
        assert liuren.Chart.parse(case.spec) == chart == case.chart
        assert case.chart.school == chart.school and case.chart.nianming == chart.nianming
        reading = chart.reading(matter="病", querent="男")
        assert case.reading == tuple(
            Given(j.statement.id, j.status, j.statement.verdict, j.statement.quote)
            for j in (*reading.applies, *reading.open)
        )
        assert (case.matter, case.querent, case.notes) == ("病", "男", "첫 상담")
        assert case.lesson_type == chart.lesson_type and case.method == chart.method
        assert case.patterns == tuple(p.name for p in chart.patterns)
        assert book.get(case.id) == case
    assert len(book.cases()) == len(CHARTS)


def test_the_reading_given_is_not_rewritten_by_a_later_change_of_the_data(book, monkeypatch):
    chart = CHARTS[0]
    case = book.save(chart, "q", cast_at=datetime(2026, 11, 29, 14, 5, tzinfo=SEOUL))
    assert len(case.reading) > 50

    def changed(self, matter=None, querent=None, lang="ko"):
        raise AssertionError("a stored case is not read again")

    monkeypatch.setattr(liuren.Chart, "reading", changed)
    assert book.get(case.id).reading == case.reading
    assert book.get(case.id).cast_at == datetime(2026, 11, 29, 14, 5, tzinfo=SEOUL)


def test_outcomes_say_which_statements_held_and_the_latest_mark_wins(book):
    case = book.save(CHARTS[0], "Will the fever break?", matter="病")
    a, b, c = (g.statement_id for g in case.reading[:3])
    case = book.add_outcome(
        case.id, "It broke on the third day.", held={a: True, b: False, c: None}, when=date(2026, 12, 3)
    )
    assert case.outcomes[0].held == ((a, True), (b, False), (c, None)) and case.outcomes[0].happened == date(
        2026, 12, 3
    )
    assert case.outcomes[0].recorded.tzinfo is not None
    first = compare(case)
    assert (first.held, first.failed, first.unmarked) == (1, 1, len(case.reading) - 2)
    assert [m.held for m in first.marks[:3]] == [True, False, None]
    case = book.add_outcome(
        case, "A relapse a week later.", held={a: False}, when=datetime(2026, 12, 10, 9, tzinfo=SEOUL)
    )
    assert case.held == {a: False, b: False, c: None}
    again = book.compare(case.id)
    assert (again.held, again.failed) == (0, 2) and again.marks[0] == Mark(case.reading[0], False)
    assert [o.text for o in book.get(case.id).outcomes] == ["It broke on the third day.", "A relapse a week later."]
    text = str(again)
    assert "Will the fever break?" in text and f"✗ {a}" in text and "held 0 · failed 2" in text


def test_delete_removes_a_case_with_its_outcomes(book):
    keep = book.save(CHARTS[1], "keep")
    gone = book.save(CHARTS[0], "gone")
    book.add_outcome(gone, "x", held={gone.reading[0].statement_id: True})
    book.delete(gone.id)
    assert book.cases() == (keep,)
    with store.Store(book.path).read() as db:
        assert db.execute("SELECT count(*) FROM outcomes").fetchone()[0] == 0
        assert db.execute("SELECT count(DISTINCT case_id) FROM case_statements").fetchone()[0] == 1
    with pytest.raises(ParseError, match=r"no case '.*' in the casebook"):
        book.delete(gone.id)
    with pytest.raises(ParseError, match=r"no case"):
        book.get(gone.id)
    with pytest.raises(ParseError, match=r"no case"):
        book.add_outcome(gone.id, "x")


def test_search_by_lesson_type_pattern_matter_verdict_and_text(book):
    fever = book.save(CHARTS[0], "Will the FEVER break?", matter="病")
    trip = book.save(CHARTS[1], "The trip to Busan", matter="travel", notes="asked by a friend")
    exam = book.save(CHARTS[2], "시험에 붙을까?", matter="官")
    book.add_outcome(exam, "합격했다")
    exam = book.get(exam.id)
    assert book.cases(lesson_type=CHARTS[0].lesson_type) == tuple(
        c for c in (fever, trip, exam) if c.lesson_type == CHARTS[0].lesson_type
    )
    assert book.cases(pattern="殃咎") == (fever,) and "殃咎" in fever.patterns
    assert book.cases(matter="illness") == (fever,) and book.cases(matter="行") == (trip,)
    assert book.cases(text="fever") == (fever,) and book.cases(text="FRIEND") == (trip,)
    assert book.cases(text="합격") == (exam,) and book.cases(text="nothing like it") == ()
    for verdict in VERDICTS:
        expected = tuple(
            c for c in (fever, trip, exam) if any(g.verdict == verdict and g.status == "applies" for g in c.reading)
        )
        assert book.cases(verdict=verdict) == expected
    assert book.cases(verdict="凶", matter="病", pattern="殃咎", lesson_type="元首", text="fever") == (fever,)
    # a verdict counts where its statement applied, not where it stayed open
    cold = book.save(CHARTS[1], "a cold", matter="病")
    assert any(g.verdict == "先凶後吉" and g.status == "open" for g in cold.reading)
    assert all(g.verdict != "先凶後吉" for g in cold.reading if g.status == "applies")
    assert cold not in book.cases(verdict="先凶後吉") and cold in book.cases(verdict="吉")
    street = book.save(CHARTS[4], "Die Straße")
    assert book.cases(text="STRASSE") == (street,)  # full case folding, beyond ASCII


def test_bad_input_is_a_parse_error_with_the_accepted_forms(book):
    chart = CHARTS[0]
    with pytest.raises(ParseError, match=r"chart='丙申 午 亥' \(str\) is not a chart; accepted: a liuren.Chart"):
        book.save("丙申 午 亥", "q")  # type: ignore[arg-type]
    with pytest.raises(
        ParseError, match=r"question='問問問.*…' \(1,000,000 characters\) is too long; accepted"
    ) as long:
        book.save(chart, "問" * 1_000_000)
    assert len(str(long.value)) < 200
    with pytest.raises(ParseError, match=r"matter='健康' is not a matter; accepted: 總 \(overall\)"):
        book.save(chart, "q", matter="健康")
    with pytest.raises(ParseError, match=r"querent='king' is not a querent; accepted"):
        book.save(chart, "q", querent="king")
    with pytest.raises(ParseError, match=r"question=' ' is empty"):
        book.save(chart, " ")
    with pytest.raises(ParseError, match=r"notes=3 \(int\) is not a text"):
        book.save(chart, "q", notes=3)  # type: ignore[arg-type]
    with pytest.raises(NaiveDatetimeError, match=r"cast_at=.* has no timezone"):
        book.save(chart, "q", cast_at=datetime(2026, 1, 1))
    with pytest.raises(ParseError, match=r"cast_at=.*\(date\) is not a moment; accepted: a timezone-aware datetime"):
        book.save(chart, "q", cast_at=date(2026, 1, 1))  # type: ignore[arg-type]
    assert book.cases() == ()
    case = book.save(chart, "q")
    with pytest.raises(
        ParseError, match=r"held: '元首-999' is not a statement of this case's reading; accepted: 元首-"
    ):
        book.add_outcome(case, "x", held={"元首-999": True})
    with pytest.raises(
        ParseError, match=r"held\[.*\]=1 is not a mark; accepted: True \(held\), False \(failed\), None"
    ):
        book.add_outcome(case, "x", held={case.reading[0].statement_id: 1})  # type: ignore[dict-item]
    with pytest.raises(ParseError, match=r"held=.* is not a mapping"):
        book.add_outcome(case, "x", held=[case.reading[0].statement_id])  # type: ignore[arg-type]
    with pytest.raises(ParseError, match=r"outcome_text='' is empty"):
        book.add_outcome(case, "")
    with pytest.raises(ParseError, match=r"case_id='12' is not a case id; accepted: a Case or its id"):
        book.get("12")
    with pytest.raises(ParseError, match=r"lesson_type='元帥' is not a lesson type; accepted: 元首"):
        book.cases(lesson_type="元帥")
    with pytest.raises(ParseError, match=r"'三星' is not a named pattern"):
        book.cases(pattern="三星")
    with pytest.raises(ParseError, match=r"verdict='good' is not a verdict; accepted: 吉, 凶"):
        book.cases(verdict="good")
    with pytest.raises(ParseError, match=r"case=.* is not a Case"):
        compare(case.id)  # type: ignore[arg-type]
    assert book.get(case.id).outcomes == ()  # nothing written by the refused calls


def test_a_lone_surrogate_is_a_parse_error_and_writes_nothing(book, tmp_path):
    """Half of a UTF-16 pair (what a bad decode with errors='surrogateescape' leaves) cannot be written to
    the store or to a file: it is refused as bad input, not an UnicodeEncodeError from SQLite."""
    chart = CHARTS[0]
    for field, call in (
        ("question", lambda: book.save(chart, "問\ud800")),
        ("notes", lambda: book.save(chart, "q", notes="\udc00x")),
        ("text", lambda: book.cases(text="\ud83d")),
    ):
        with pytest.raises(ParseError, match=rf"{field}=.* has a lone surrogate \(U\+D[8C0-9A-F]{{3}} at character"):
            call()
    case = book.save(chart, "q")
    with pytest.raises(ParseError, match=r"outcome_text='x\\udfff' has a lone surrogate \(U\+DFFF at character 2\)"):
        book.add_outcome(case, "x\udfff")
    assert [c.id for c in book.cases()] == [case.id] and book.get(case).outcomes == ()
    with pytest.raises(ParseError, match=r"path=.* cannot be encoded as a file name"):
        Casebook(tmp_path / "\ud800.sqlite3")
    with pytest.raises(ParseError, match=r"cannot be encoded as a file name"):
        book.import_(tmp_path / "\ud800.json")
    book.export(tmp_path / "good.json")
    data = json.loads((tmp_path / "good.json").read_text(encoding="utf-8"))
    data["cases"][0]["question"] = "\ud800"
    (tmp_path / "lone.json").write_text(json.dumps(data), encoding="utf-8")  # JSON's escape of the half character
    with pytest.raises(ParseError, match=r"lone\.json', case 1: question='\\ud800' has a lone surrogate"):
        Casebook(tmp_path / "other.sqlite3").import_(tmp_path / "lone.json")


def test_moments_are_checked_as_the_almanac_checks_them(book):
    """cast_at and when go through the package's one moment check (liuren.almanac.check_moment): a
    tzinfo whose utcoffset fails is bad input (a ParseError), not the tzinfo's own error escaping."""

    class Broken(tzinfo):  # a tzinfo written by the caller
        def utcoffset(self, dt):
            raise RuntimeError("no offset today")

    chart = CHARTS[0]
    with pytest.raises(ParseError, match=r"cast_at=.* has a timezone whose UTC offset cannot be used \(RuntimeError"):
        book.save(chart, "q", cast_at=datetime(2026, 1, 1, tzinfo=Broken()))
    with pytest.raises(NaiveDatetimeError, match=r"cast_at=.* has no timezone, so it names no instant; attach"):
        book.save(chart, "q", cast_at=datetime(2026, 1, 1))
    case = book.save(chart, "q")
    with pytest.raises(ParseError, match=r"when=.* has a timezone whose UTC offset cannot be used"):
        book.add_outcome(case, "x", when=datetime(2026, 1, 1, tzinfo=Broken()))
    assert book.add_outcome(case, "x", when=date(2026, 1, 2)).outcomes[0].happened == date(2026, 1, 2)
    assert len(book.cases()) == 1


def test_records_are_frozen_slotted_and_equal_only_to_their_own_type(book):
    case = book.save(CHARTS[0], "q")
    case = book.add_outcome(case, "x", held={case.reading[0].statement_id: True})
    given, outcome, comparison = case.reading[0], case.outcomes[0], compare(case)
    for record in (case, given, outcome, comparison, comparison.marks[0]):
        assert not hasattr(record, "__dict__")
        with pytest.raises(FrozenInstanceError):
            setattr(record, fields(record)[0].name, "changed")
    assert given != (given.statement_id, given.status, given.verdict, given.quote)
    assert Mark(given, True) != Mark(given, None) and Mark(given, True) == Mark(given, True)
    assert isinstance(comparison, Comparison) and isinstance(outcome, Outcome)
    assert hash(given) == hash(Given(*astuple(given))) and given == Given(*astuple(given))
    assert case == book.get(case.id) and case != book.save(CHARTS[0], "q")


# ---------------------------------------------------------------------------------------- export / import
def _filled(book: Casebook) -> tuple[Case, ...]:
    a = book.save(
        CHARTS[2],
        '쉼표, "따옴표"\n두 줄',
        matter="婚",
        querent="女",
        notes="멀티\r\n라인",
        cast_at=datetime(2026, 5, 1, 8, tzinfo=SEOUL),
    )
    book.add_outcome(
        a, "결혼했다", held={a.reading[0].statement_id: True, a.reading[1].statement_id: None}, when=date(2026, 9, 9)
    )
    book.save(CHARTS[3], "plain")
    c = book.save(CHARTS[5], "custom school")
    book.add_outcome(c, "one", when=datetime(2026, 6, 1, tzinfo=UTC))
    book.add_outcome(c, "two", held={c.reading[-1].statement_id: False})
    return book.cases()


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_export_and_import_round_trip_and_import_twice_adds_nothing(tmp_path, fmt):
    source = Casebook(tmp_path / "a.sqlite3")
    cases = _filled(source)
    exported = tmp_path / f"cases.{fmt}"
    assert source.export(exported, format=fmt) == 3
    if fmt == "json":
        assert json.loads(exported.read_text(encoding="utf-8"))["format"] == "liuren-casebook"
    else:
        assert exported.read_bytes().startswith(b"\xef\xbb\xbfid,spec,question,")
    target = Casebook(tmp_path / "b.sqlite3")
    assert target.import_(exported) == cases
    assert target.cases() == cases
    assert target.import_(exported) == () and target.cases() == cases
    assert source.import_(exported) == () and source.cases() == cases
    assert [liuren.Chart.parse(c.spec) for c in target.cases()] == [c.chart for c in cases]


def test_import_merges_only_the_new_cases(tmp_path):
    a, b = Casebook(tmp_path / "a.sqlite3"), Casebook(tmp_path / "b.sqlite3")
    shared = a.save(CHARTS[0], "shared")
    a.export(tmp_path / "a.json")
    b.import_(tmp_path / "a.json")
    mine = b.save(CHARTS[1], "only in b")
    b.export(tmp_path / "b.csv", format="csv")
    assert a.import_(tmp_path / "b.csv") == (mine,)
    assert [c.id for c in a.cases()] == [shared.id, mine.id]


def test_export_writes_atomically_and_refuses_bad_targets(tmp_path, book):
    _filled(book)
    with pytest.raises(ParseError, match=r"format='xml' is not an export format; accepted: json, csv"):
        book.export(tmp_path / "x.xml", format="xml")
    with pytest.raises(WriteError, match=r"is a directory"):
        book.export(tmp_path)
    target = tmp_path / "out.json"
    target.write_text("old", encoding="utf-8")
    book.export(target)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".liuren-")) == []
    assert json.loads(target.read_text(encoding="utf-8"))["version"] == 1


def test_import_refuses_what_is_not_an_export_and_writes_nothing(tmp_path, book):
    cases = _filled(book)
    book.export(tmp_path / "good.json")
    data = json.loads((tmp_path / "good.json").read_text(encoding="utf-8"))
    bad_files = {
        "missing.json": None,
        "picture.png": b"\x89PNG\r\n\x1a\n\x00\x00",
        "other.json": json.dumps({"hello": 1}),
        "newer.json": json.dumps({**data, "version": 99}),
        "header.csv": "a,b,c\n1,2,3\n",
        "spec.json": json.dumps({**data, "cases": [{**data["cases"][0], "spec": "丙申 午"}]}),
        "status.json": json.dumps(
            {**data, "cases": [{**data["cases"][0], "reading": [{"id": "x", "status": "maybe"}]}]}
        ),
        "id.json": json.dumps({**data, "cases": [{**data["cases"][0], "id": "not-a-uuid"}]}),
        "naive.json": json.dumps({**data, "cases": [{**data["cases"][0], "created": "2026-01-01T00:00:00"}]}),
        "method.json": json.dumps({**data, "cases": [{**data["cases"][0], "method": "九宗"}]}),
    }
    target = Casebook(tmp_path / "t.sqlite3")
    for name, content in bad_files.items():
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif content is not None:
            path.write_text(content, encoding="utf-8")
        with pytest.raises(ParseError, match=name.replace(".", r"\.")):
            target.import_(path)
    # one bad record among good ones: nothing of the file is written
    mixed = {
        **data,
        "cases": [*data["cases"], {**data["cases"][0], "id": "00000000-0000-4000-8000-000000000000", "matter": "x"}],
    }
    (tmp_path / "mixed.json").write_text(json.dumps(mixed), encoding="utf-8")
    with pytest.raises(ParseError, match=r"mixed\.json', case 4: matter='x' is not a matter"):
        target.import_(tmp_path / "mixed.json")
    assert target.cases() == () and len(cases) == 3


# ---------------------------------------------------------------------------------------- state machine
QUESTIONS = st.text(alphabet="abAB子é ß", min_size=1, max_size=6).filter(str.strip)
MATTERS = st.sampled_from([None, "病", "財", "婚"])


class CasebookMachine(RuleBasedStateMachine):
    """Random saves, outcomes, deletes and reopenings against a dict of what should be there: nothing
    saved is lost, and every search finds exactly what the model predicts."""

    @initialize()
    def start(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="liuren-casebook-"))
        self.book = Casebook(self.folder / "cases.sqlite3")
        self.model: dict[str, Case] = {}

    def teardown(self) -> None:
        store.close_all()
        shutil.rmtree(self.folder, ignore_errors=True)

    @rule(chart=st.sampled_from(CHARTS), question=QUESTIONS, matter=MATTERS, notes=st.sampled_from(["", "ab", "子"]))
    def save(self, chart: liuren.Chart, question: str, matter: str | None, notes: str) -> None:
        case = self.book.save(chart, question, matter=matter, notes=notes)
        self.model[case.id] = case

    @precondition(lambda self: self.model)
    @rule(data=st.data(), text=QUESTIONS)
    def add_outcome(self, data: st.DataObject, text: str) -> None:
        case = self.model[data.draw(st.sampled_from(list(self.model)))]
        ids = [g.statement_id for g in case.reading]
        marked = data.draw(st.lists(st.sampled_from(ids), unique=True, max_size=4)) if ids else []
        held = {i: data.draw(st.sampled_from([True, False, None])) for i in marked}
        updated = self.book.add_outcome(case.id, text, held=held)
        assert updated.outcomes[:-1] == case.outcomes and updated.outcomes[-1].held == tuple(held.items())
        self.model[case.id] = updated

    @precondition(lambda self: self.model)
    @rule(data=st.data())
    def delete(self, data: st.DataObject) -> None:
        key = data.draw(st.sampled_from(list(self.model)))
        self.book.delete(key)
        del self.model[key]

    @rule(close=st.booleans())
    def reopen(self, close: bool) -> None:
        if close:
            store.close_all()
        self.book = Casebook(self.book.path)

    @rule(
        lesson_type=st.sampled_from([None, *sorted({c.lesson_type for c in CHARTS})]),
        pattern=st.sampled_from([None, "殃咎", "內戰", "不備"]),
        matter=MATTERS,
        verdict=st.sampled_from([None, *VERDICTS]),
        text=st.sampled_from([None, "a", "B", "子", "SS", "é"]),
    )
    def search(self, lesson_type, pattern, matter, verdict, text) -> None:
        def wanted(case: Case) -> bool:
            texts = [case.question, case.notes, *(o.text for o in case.outcomes)]
            return (
                (lesson_type is None or case.lesson_type == lesson_type)
                and (pattern is None or pattern in case.patterns)
                and (matter is None or case.matter == matter)
                and (verdict is None or any(g.verdict == verdict and g.status == "applies" for g in case.reading))
                and (text is None or any(text.casefold() in t.casefold() for t in texts))
            )

        found = self.book.cases(lesson_type=lesson_type, pattern=pattern, matter=matter, verdict=verdict, text=text)
        assert found == tuple(c for c in self.model.values() if wanted(c))

    @invariant()
    def nothing_is_lost(self) -> None:
        if hasattr(self, "book"):
            assert self.book.cases() == tuple(self.model.values())


CasebookMachine.TestCase.settings = settings(
    max_examples=40, stateful_step_count=12, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestCasebookMachine = CasebookMachine.TestCase
