"""The compiled reading (liuren/reading/__init__.py, conditions.py) against the generic evaluator.

A reading decides which statements stand with each condition compiled once into a test
(:func:`compile_condition`, :func:`compile_together`) and builds the facts only when they are read.
:meth:`Condition.evaluate`, :func:`evaluate_together` and :func:`judge` stay the reference: here every
compiled test agrees with them on a sample of charts with and without the month, the year and the 年命,
and a whole reading equals the one the generic path gives, statement by statement, fact by fact.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import FrozenInstanceError, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import liuren
from liuren.cycle import BRANCH_CHARS, PILLARS
from liuren.reading import (
    APPLIES,
    MATTERS,
    OPEN,
    QUERENTS,
    Judgement,
    by_subject,
    judge,
    program,
    reading,
    shown_subjects,
)
from liuren.reading.conditions import (
    ANY_TARGETS,
    ATTRS,
    CHART_LEVEL,
    STEM_ATTRS,
    TARGETS,
    Condition,
    compile_condition,
    compile_together,
    evaluate_together,
    parse_condition,
)
from liuren.reading.readers import READERS, Ctx
from liuren.reading.statements import statements

EXTRAS = (
    {},
    {"month": "寅"},
    {"month": "申", "year": "午"},
    {"month": "亥", "year": "子", "nianming": ("卯", "酉")},
    {"nianming": ("午", "子")},
    {"year": "辰"},
)
"""What a chart may carry beyond day, hour and general: nothing, the month, the year, the 年命."""


def _charts(every: int) -> list[liuren.Chart]:
    """One chart in ``every`` of the 8,640 (day × hour × general), each with the extras in turn."""
    found = []
    combos = itertools.product(PILLARS, BRANCH_CHARS, BRANCH_CHARS)
    for n, (day, hour, general) in enumerate(itertools.islice(combos, 0, None, every)):
        found.append(liuren.chart(str(day), hour, general, **EXTRAS[n % len(EXTRAS)]))
    return found


def _generic_state(group, ctx):
    """What the generic evaluator says of a compiled test's conditions: True, False or the need."""
    facts = (group[0].evaluate(ctx),) if len(group) == 1 else evaluate_together(group, ctx)
    if any(f.holds is False for f in facts):
        return False
    if all(f.holds is True for f in facts):
        return True
    needs = {f.needs for f in facts if f.holds is None}
    assert len(needs) == 1, needs
    return needs.pop()


def test_every_compiled_test_agrees_with_the_generic_evaluator():
    compiled = program()
    seen = {True: 0, False: 0, "need": 0}
    for chart in _charts(97):
        ctx = Ctx(chart)
        for group, test in zip(compiled.conditions, compiled.tests, strict=True):
            got = test(Ctx(chart))  # a fresh view: no test leans on another's cached reads
            want = _generic_state(group, ctx)
            assert got == want and type(got) is type(want), (str(chart.spec()), [c.text for c in group], got, want)
            seen[want if isinstance(want, bool) else "need"] += 1
    assert all(seen.values()), seen  # the sample exercises every outcome


def test_every_condition_of_every_statement_is_compiled():
    compiled = program()
    assert len(compiled.lines) == len(statements())
    for line, statement in zip(compiled.lines, statements(), strict=True):
        assert line.statement is statement
        tested = [c.text for k in line.tests for c in compiled.conditions[k]]
        assert sorted(tested) == sorted(c.text for c in statement.conditions), statement.id
    texts = {tuple(c.text for c in group) for group in compiled.conditions}
    assert len(texts) == len(compiled.tests)  # each condition (and group) compiled once


def _generic_reading(chart, matter=None, querent=None):
    """The statements that apply and stay open on ``chart``, judged one by one by :func:`judge` (the
    reference the compiled reading must equal)."""
    shown, unjudged = shown_subjects(chart)
    ctx = Ctx(chart)
    memo = {}
    found = []
    for subject in (*shown, *(unjudged - shown)):
        for statement in by_subject().get(subject, ()):
            if matter is not None and matter not in statement.matters and "總" not in statement.matters:
                continue
            judged = judge(statement, ctx, memo, querent, unjudged)
            if judged is not None:
                found.append(judged)
    order = {s.id: n for n, s in enumerate(statements())}
    found.sort(key=lambda j: order[j.statement.id])
    return (
        tuple(j for j in found if j.status == APPLIES),
        tuple(j for j in found if j.status == OPEN),
    )


@pytest.mark.parametrize("extras", EXTRAS, ids=lambda e: ",".join(e) or "bare")
def test_a_reading_equals_the_generic_one_statement_by_statement(extras):
    for day, hour, general in itertools.islice(itertools.product(PILLARS, BRANCH_CHARS, BRANCH_CHARS), 5, None, 211):
        chart = liuren.chart(str(day), hour, general, **extras)
        r = reading(chart)
        applies, open_ = _generic_reading(chart)
        assert r.applies == applies and r.open == open_, chart.spec()
        assert len(r) == len(applies) and repr(r).endswith(f"{len(applies)} apply, {len(open_)} open>")


@settings(max_examples=60, deadline=None)
@given(
    day=st.sampled_from(PILLARS),
    hour=st.sampled_from(BRANCH_CHARS),
    general=st.sampled_from(BRANCH_CHARS),
    extras=st.sampled_from(EXTRAS),
    matter=st.sampled_from((None, *MATTERS)),
    querent=st.sampled_from((None, *QUERENTS)),
)
def test_a_narrowed_reading_equals_the_generic_one(day, hour, general, extras, matter, querent):
    chart = liuren.chart(str(day), hour, general, **extras)
    r = reading(chart, matter, querent)
    assert (r.applies, r.open) == _generic_reading(chart, matter, querent)
    # the verdict reads the same statements whether the judgements were built or not
    built = liuren.reading.Reading(r.chart, r.matter, r.querent, r.lang, r.applies, r.open)
    assert built == r and built.verdicts() == reading(chart, matter, querent).verdicts()


def test_judgements_are_built_when_read_and_once():
    r = reading(liuren.chart("丙申", "午", "亥", month="寅"))
    built = r.__dict__
    assert built.get("_applies") is None and built.get("_open") is None  # deciding built no judgement
    assert r.verdicts() and built.get("_applies") is None  # nor did the verdicts
    first = r.applies
    assert first is r.applies and all(isinstance(j, Judgement) for j in first)
    assert all(all(f.holds is True for f in j.facts) for j in first)
    assert r.about("元首").applies == tuple(j for j in first if j.statement.subject == "元首")
    # a reading is a frozen record: replace() gives another with the judgements given
    assert replace(r, applies=first[:1], open=()).applies == first[:1]
    with pytest.raises(FrozenInstanceError):
        r.applies = ()  # type: ignore[misc]


def _grammar() -> list[tuple[Condition, ...]]:
    """A condition of every form the grammar accepts (each target with each attribute, the day stem's and
    the chart's), with each operator, and pairs on each "any" target: data rows not yet written compile
    as these do."""
    found: list[tuple[Condition, ...]] = []
    forms = [(f"{t}.{a}", values) for t in TARGETS for a, (_, values) in ATTRS.items()]
    forms += [(f"day_stem.{a}", values) for a, (_, values) in STEM_ATTRS.items()]
    forms += [(name, values or ("元首", "天網", "丙申", "甲子")) for name, (_, values) in CHART_LEVEL.items()]
    for head, values in forms:
        one, some = values[0], ",".join(values[1::2]) or values[0]
        for text in (f"{head} = {one}", f"{head} != {some}", f"{head} in {some}"):
            found.append((parse_condition(text),))
    for target in sorted(ANY_TARGETS | {"all_trans"}):
        found.append((parse_condition(f"{target}.kin = 妻財"), parse_condition(f"{target}.void = true")))
        found.append((parse_condition(f"{target}.sha in 驛馬,死神"), parse_condition(f"{target}.strength = 旺")))
    return found


def test_every_form_the_grammar_accepts_compiles_to_the_generic_answer():
    forms = _grammar()
    tests = [compile_condition(g[0]) if len(g) == 1 else compile_together(g) for g in forms]
    seen = {True: 0, False: 0, "need": 0}
    for chart in _charts(331):
        ctx = Ctx(chart)
        for group, test in zip(forms, tests, strict=True):
            want = _generic_state(group, ctx)
            assert test(ctx) == want, (chart.spec(), [c.text for c in group])
            seen[want if isinstance(want, bool) else "need"] += 1
    assert all(seen.values()), seen


def test_a_reading_given_no_judgements_holds_none():
    chart = liuren.chart("丙申", "午", "亥", month="寅")
    empty = liuren.reading.Reading(chart, None, None, "ko")
    assert empty.applies == () and empty.open == () and len(empty) == 0
    assert empty == liuren.reading.Reading(chart, None, None, "ko", (), ())
    assert empty.verdicts() == ()


def test_verdicts_are_weighed_once_per_reading_and_a_dated_one_is_not_kept():
    from datetime import datetime, timedelta, timezone

    when = datetime(2026, 12, 5, 10, 0, tzinfo=timezone(timedelta(hours=8)))
    for chart in _charts(97):
        r = reading(chart)
        dated = r.verdicts(when)  # first, so a verdict kept from it would show its dates below
        plain = r.verdicts()
        assert plain == reading(chart).verdicts()  # the same as a fresh reading's
        assert all(v is w for v, w in zip(plain, r.verdicts(), strict=True))  # weighed once
        assert [v.matter for v in dated] == [v.matter for v in plain]
        assert all(v.timing is None or v.timing.start is None for v in plain)
        assert r.verdicts(when) == dated


MARKS = {
    # the places and facts the chapters' marks are read with, on charts checked by hand
    ("丙申", "午", "亥"): {
        # 初傳 卯 over 戌 (丙 寄巳, 戌 over it): 丑 (支上 and 末傳) 刑s 戌, 元首課 l.27 「地盤受…刑」
        "init_earth.branch = 戌": True,
        "init_earth.afflicted = true": True,
        "six_places.to_init_earth in 比和": True,  # 末傳 丑 土 with 戌 土: 元首課 l.27 「扶地盤之辰」
        "six_places.to_init_earth in 生我": "nianming",  # none of 戌 卯 申 丑 feeds 戌: the 年命上神 might
        "day_birth.branch = 寅": True,  # 丙 火 長生 寅, 天獄課 l.19 「日本者，長生位也」
        "tiger.stem_side in 前,後": False,  # 白虎 on 辰 over 亥, opposite 丙's 寄宮 巳
    },
    ("甲戌", "卯", "亥"): {
        "init.sha = 日支": True,  # 初傳 戌 is the day branch: 重審課 l.111 「發用或是支神」
        "tiger.stem_side = 後": True,  # 戌 is eight squares on from 甲's 寄宮 寅: four behind
        "final.combine_branch = 三合": True,  # 末傳 寅 with the day branch 戌: 寅午戌
        "bubei_side = 陽": True,  # lessons 2 and 3 are one: one 陽 lesson kept, two 陰
        "init_earth.afflicted = true": "nianming",  # 寅 under 戌: nothing on the chart strikes it, the 年命 might
    },
    ("辛亥", "寅", "亥"): {
        "yaoke_bi = true": False,  # a 賊克 chart
    },
    ("己未", "酉", "亥"): {
        "bubei_side = 陽": True,  # an 八專 day: School.bazhuan_bubei "both", 八專課 l.167 「陰陽不備」
        "bubei_side = 陰": True,
        "tiger.stem_side = 前": True,  # 白虎 on 丑 over 亥, four squares on from 己's 寄宮 未
    },
}


def test_the_marks_of_the_chapters_are_read_where_the_chart_shows_them():
    for (day, hour, general), expected in MARKS.items():
        chart = liuren.chart(day, hour, general)
        ctx = Ctx(chart)
        for text, want in expected.items():
            condition = parse_condition(text)
            fact = condition.evaluate(ctx)
            assert (fact.holds if fact.needs is None else fact.needs) == want, (day, text, fact)
            assert compile_condition(condition)(ctx) == want, (day, text)
    neither = liuren.chart("己未", "酉", "亥", school=liuren.School(bazhuan_bubei="neither"))
    assert parse_condition("bubei_side != 陽,陰").evaluate(neither).holds is True
    # 彈射 with the day stem 克ing two uppers, the 比 alone picks the 用: 遙克課 l.47 「彈射又是知一課」
    zhiyi = liuren.find(pattern="一箭中兩鴻")
    assert zhiyi and all(parse_condition("yaoke_bi = true").evaluate(c).holds for c in zhiyi[:12])


def test_conditions_on_one_target_and_attribute_share_the_charts_facts():
    """A chart's table of facts (``Ctx.read``) is filled once per target and attribute and read by every
    compiled condition on them, alone or together, as the generic evaluator would answer each alone."""
    alone = [parse_condition(t) for t in ("init.kin = 妻財", "init.kin != 官鬼", "any_trans.kin = 妻財")]
    paired = [
        (parse_condition("init.kin in 妻財,官鬼"), parse_condition("init.void = true")),
        (parse_condition("any_trans.kin = 妻財"), parse_condition("any_trans.void = false")),
    ]
    tests = [compile_condition(c) for c in alone] + [compile_together(g) for g in paired]
    groups = [(c,) for c in alone] + paired
    for chart in _charts(53):
        shared = Ctx(chart)
        for group, test in [*zip(groups, tests, strict=True), *reversed(list(zip(groups, tests, strict=True)))]:
            assert test(shared) == _generic_state(group, Ctx(chart)), (chart.spec(), [c.text for c in group])
    assert shared.read  # the facts were kept on the chart's view


@pytest.mark.parametrize(
    ("condition", "bare", "full"),
    [
        # 丙申 午 亥: 干上 戌, 支上 丑, 三傳 卯申丑; with the 年命 午/寅, their upper 未 and 亥
        ("six_places.branch != 子", "nianming", True),  # no place the chart shows is 子: the 年命's could be
        ("six_places.branch != 卯", False, False),  # the 初傳 is 卯, whatever the 年命 shows
        ("six_places.branch = 子", "nianming", False),
        ("pattern != 三光", "month", True),  # 三光 needs the month to be judged
        ("pattern = 三光", "month", False),
    ],
)
def test_a_negated_condition_on_places_the_chart_lacks_stays_open(condition, bare, full):
    """「無…」 over places a chart can only partly read holds only when every place is read: with no 年命,
    the 年命's upper could show the value, so the condition stays open; a value a read place shows fails
    it outright. The compiled test agrees with the generic evaluator either way."""
    parsed = parse_condition(condition)
    for chart, want in (
        (liuren.chart("丙申", "午", "亥"), bare),
        (liuren.chart("丙申", "午", "亥", month="寅", nianming=("午", "寅")), full),
    ):
        fact = parsed.evaluate(chart)
        assert (fact.holds if fact.needs is None else fact.needs) == want
        assert compile_condition(parsed)(Ctx(chart)) == want


def _walked(ctx, subjects, standing):
    """The walk :attr:`Program.decide` is generated from, interpreted: each subject's tests in order,
    each decided once and only while a statement needing it stands."""
    compiled = program()
    state = [None] * len(compiled.tests)
    needs = 0
    for subject in subjects:
        for k, needing in compiled.checks.get(subject, ()):
            if standing & needing:
                if state[k] is None:
                    state[k] = compiled.tests[k](ctx)
                if state[k] is False:
                    standing &= ~needing
                elif state[k] is not True:
                    needs |= needing
    return standing, needs & standing  # what is open among the statements left standing


def test_the_generated_walk_agrees_with_the_interpreted_one():
    """The generated ``decide`` (:mod:`liuren.reading.generated`) sets aside and leaves open the same
    statements as the interpreted tests walked subject by subject, for every subject at once and for
    the subjects each chart shows, whole or narrowed to a matter."""
    compiled = program()
    every = tuple(compiled.subjects)
    all_bits = sum(bit for bit, _ in compiled.subjects.values())
    all_lines = sum(mask for _, mask in compiled.subjects.values())
    seen_needs = 0
    for chart in _charts(61):
        assert compiled.decide(Ctx(chart), all_bits, all_lines) == _walked(Ctx(chart), every, all_lines)
        shown, unjudged = shown_subjects(chart)
        subjects = tuple(s for s in every if s in shown or s in unjudged)
        bits_ = sum(compiled.subjects[s][0] for s in subjects)
        for matter in (None, "病"):
            lines = sum(compiled.subjects[s][1] for s in subjects)
            if matter is not None:
                lines &= compiled.on_matter[matter]
            got = compiled.decide(Ctx(chart), bits_, lines)
            assert got == _walked(Ctx(chart), subjects, lines), chart.spec()
            seen_needs |= got[1]
    assert seen_needs  # the sample leaves some statements open on what a chart lacks


def test_the_generated_source_is_the_package_data_written_out():
    """The source is inspectable: one function, a block for each subject with tests, each test decided in
    line or by its interpreted test, named by its number."""
    compiled = program()
    source = compiled.source
    assert source.startswith("def decide(x, subjects, standing):\n")
    for subject, members in compiled.checks.items():
        if members:
            assert f"if subjects & {compiled.subjects[subject][0]}:  # {subject}\n" in source
    assert "R_war(x, t0)" in source and "T" in source
    assert re.search(r"\(gen\[t0\] in W\d+_0\) or \(gen\[t1\] in W\d+_0\)", source)  # a general on any 傳
    # the tests on the 初傳's branch, general and 六親 (初傳 乘 白虎: index 5), decided by one table
    assert "standing &= K_t0[se * 144 + gen[t0] * 12 + t0]" in source and "gen[t0] == 5" not in source
    assert "'month' if ru is None else (ru * 12 + t0 in W" in source  # 初傳 旺相, which needs the month
    assert "yu, bu = x.xingnian_upper, x.benming_upper" in source  # a 神煞 at any place, with the 年命's
    assert "import" not in source and "eval" not in source


def test_the_walk_sets_statements_aside_with_non_negative_masks():
    """A set-aside ands the standing set with what it leaves of every statement (a non-negative ``int``,
    :func:`~liuren.reading.generated.every`), never with a complement, which Python would first turn into
    a 1,130-bit two's complement: each literal the walk ands with, and each entry of the places' tables,
    keeps every statement but those it sets aside."""
    from liuren.reading.generated import every, keep_tables

    compiled = program()
    full = (1 << len(compiled.lines)) - 1
    assert every(compiled.checks, len(compiled.lines)) == full
    assert every({"all": ((0, 0b100),)}, 3) == 0b111
    with pytest.raises(ValueError, match="past the 2 statements"):  # a statement and-ed away unseen
        every({"all": ((0, 0b100),)}, 2)
    kept = [int(m, 16) for m in re.findall(r"standing &= (-?0x[0-9a-f]+)\n", compiled.source)]
    assert kept and "standing &= -" not in compiled.source
    needing = {full ^ m for m in kept}  # what each literal sets aside: some test's statements
    assert needing <= {those for members in compiled.checks.values() for _, those in members}
    tables = keep_tables(compiled.conditions, compiled.checks, len(compiled.lines))
    assert set(tables) == {"t0", "t1", "t2", "u0", "u2"}
    for place, table in tables.items():
        assert len(table) == 5 * 12 * 12 and all(0 <= keep <= full for keep in table), place
        assert min(keep.bit_count() for keep in table) < full.bit_count(), place  # some key sets one aside


def test_an_indexed_attribute_shows_at_its_index_what_its_reader_shows():
    """What :data:`INDEXED` says an attribute shows at the index of a branch is what its reader reads there,
    on every branch of a sample of charts (the index's expression evaluated over the chart's locals)."""
    from liuren.patterns.shensha import ruling_element
    from liuren.reading.generated import BY_PLACE, INDEXED

    compared = 0
    for spec in (
        "甲子 子時 亥將 寅月",
        "乙丑 午時 寅將 巳月",
        "丙申 午時 亥將 酉月",
        "癸亥 卯時 酉將 子月",
        "庚辰 申時 戌將 辰月",
    ):
        day, hour, general, month = spec.split()
        x = Ctx(liuren.Chart(day, hour[0], general[0], month=month[0]))
        assert x.month is not None
        ruling = ruling_element(x.month, x.school)
        local = {"gen": x.gen, "se": x.stem_el, "br": x.branch, "off": x.offset, "void": x.void, "ru": ruling}
        local.update(zip(("u0", "u1", "u2", "u3"), x.uppers, strict=True))
        for attr, (index, shown, size) in INDEXED.items():
            for b in range(12):
                i = eval(index.format(p="b"), {}, {**local, "b": b})  # the expression the generated code reads
                assert 0 <= i < size
                assert shown(i) == READERS[attr](x, b), (spec, attr, b)
                if attr in BY_PLACE:  # the same index, as a place's table reads it (keep_tables)
                    assert BY_PLACE[attr](x.stem_el, x.gen[b], b) == i, (spec, attr, b)
                compared += 1
    assert compared == 5 * 12 * len(INDEXED)


def test_every_form_the_grammar_accepts_is_decided_by_the_generated_code_as_interpreted():
    """A row not yet written needs nothing of the generator: a walk generated over a condition of every
    form the grammar accepts (one statement each, needing only it) sets aside and leaves open what the
    generic evaluator fails and leaves undecided."""
    from liuren.reading.generated import compile_decide, decide_source

    forms = _grammar()
    tests = [compile_condition(g[0]) if len(g) == 1 else compile_together(g) for g in forms]
    every = (1 << len(forms)) - 1
    checks = {"all": tuple((k, 1 << k) for k in range(len(forms)))}
    decide = compile_decide(decide_source(forms, checks, {"all": 1}, len(forms)), forms, tests, checks, len(forms))
    seen = {True: 0, False: 0, "need": 0}
    for chart in _charts(331):
        standing, needs = decide(Ctx(chart), 1, every)
        for k, group in enumerate(forms):
            want = _generic_state(group, Ctx(chart))
            want = want if isinstance(want, bool) else "need"
            got = False if not standing >> k & 1 else "need" if needs >> k & 1 else True
            assert got == want, (chart.spec(), [c.text for c in group])
            seen[want] += 1
    assert all(seen.values()), seen


def test_a_chart_s_view_is_set_as_a_plain_record_and_frozen_again():
    """Ctx(chart) (a View) sets its fields on a twin class of the same layout with plain stores, then takes
    its own class back: every field is what the chart says, read here one by one, and it stays frozen."""
    from liuren.cycle import STEM_ELEMENT
    from liuren.patterns.view import View

    for chart in _charts(397):
        x, trans, nm = Ctx(chart), chart.transmissions, chart.nianming
        assert type(x) is Ctx and type(View(chart)) is View and View(chart) == View(chart)
        assert (x.chart, x.stem, x.branch, x.offset, x.uppers) == (chart, *chart._ke[:3], chart._ke.uppers)
        assert x.transmissions == tuple(t.branch.ordinal for t in trans)
        assert x.transmission_generals == tuple(t.general.ordinal for t in trans)
        assert (x.noble, x.forward, x.hour, x.sun) == (
            chart.noble_branch.ordinal,
            chart.generals_forward,
            chart.hour.ordinal,
            chart.general.ordinal,
        )
        assert (x.month, x.year) == tuple(None if b is None else b.ordinal for b in (chart.month, chart.year))
        assert (x.benming, x.xingnian, x.xingnian_upper, x.benming_upper) == (
            (None,) * 4
            if nm is None
            else (nm.benming.ordinal, nm.xingnian.ordinal, nm.xingnian_upper.ordinal, nm.benming_upper.ordinal)
        )
        assert (x.day, x.stem_el, x.school) == (chart.day.ordinal, STEM_ELEMENT[chart.stem.ordinal], chart.school)
        assert x.gen == tuple(x.general(b) for b in range(12))
        assert x.void == frozenset(b.ordinal for b in chart.void)
        assert x.patterns == tuple(p.name for p in chart.patterns)
        assert (x.unjudged, x.sha, x.read, x.key) == (frozenset(chart.unjudged_patterns), None, {}, "")
        with pytest.raises(FrozenInstanceError):
            x.stem = 0


def test_the_subjects_every_chart_shows_are_or_ed_once():
    """reading() starts from the bits and statements of 總 and the subjects read on every chart, or-ed when
    the data loads (``Program.always``), and or-s the chart's lesson type, method and patterns into them: the
    same sets as or-ing every subject the chart shows."""
    from liuren.reading import SHOWN_ALWAYS, shown_subjects

    compiled = program()
    present = standing = 0
    for subject in SHOWN_ALWAYS:
        bit, lines = compiled.subjects[subject]
        present, standing = present | bit, standing | lines
    assert compiled.always == (present, standing) and standing.bit_count() > 3
    for chart in _charts(1201):
        shown, unjudged = shown_subjects(chart)
        every = [compiled.subjects[s] for s in (*shown, *unjudged) if s in compiled.subjects]
        want = (sum({b for b, _ in every}), sum({m for _, m in every}))
        standing, _ = compiled.decide(Ctx(chart), *want)
        decided = reading(chart)._decided
        assert decided.applies | decided.open == standing, chart.spec()


def test_the_readers_that_may_lack_are_the_ones_declared():
    """The generated walk reads a fact without a ``try`` where neither its reader nor its place is declared as
    one that may raise Lacking (``READERS_LACKING`` and the others): on charts without month, year or 年命, no
    undeclared reader raises it, at any branch, and each declared one does on some chart."""
    from liuren.reading.readers import (
        CHART_READERS,
        CHART_READERS_LACKING,
        PLACES_LACKING,
        READERS_LACKING,
        SINGLE_PLACES,
        STEM_READERS,
        STEM_READERS_LACKING,
        Lacking,
    )

    raised: set[str] = set()

    def read(name: str, declared: bool, fn, *args) -> None:
        try:
            fn(*args)
        except Lacking as lacking:
            assert declared, (name, lacking.what)
            raised.add(name)

    for day in ("甲子", "丁巳", "庚申", "癸亥"):
        x = Ctx(liuren.Chart(day, "午", "亥"))  # no month, year nor 年命
        assert x.month is None and x.year is None and x.xingnian_upper is None
        for attr, reader in READERS.items():
            for b in range(12):
                read(f"b:{attr}", attr in READERS_LACKING, reader, x, b)
        for attr, reader in STEM_READERS.items():
            read(f"s:{attr}", attr in STEM_READERS_LACKING, reader, x)
        for attr, reader in CHART_READERS.items():
            read(f"c:{attr}", attr in CHART_READERS_LACKING, reader, x)
        for target, place in SINGLE_PLACES.items():
            read(f"p:{target}", target in PLACES_LACKING, place, x)
    declared = {f"b:{a}" for a in READERS_LACKING} | {f"s:{a}" for a in STEM_READERS_LACKING}
    declared |= {f"c:{a}" for a in CHART_READERS_LACKING} | {f"p:{t}" for t in PLACES_LACKING}
    assert raised == declared


def test_a_reader_guarded_by_a_field_lacks_exactly_where_the_field_is_none():
    """Each place and reader the generated walk guards by a field of the chart (``LACKS_WITHOUT``) instead of
    catching Lacking raises it, saying what the field says, exactly where that field is None, at every
    branch, on charts with and without month, year and 年命; and the walk tests the field for each."""
    from liuren.reading.generated import LACKS_WITHOUT
    from liuren.reading.readers import CHART_READERS, SINGLE_PLACES, STEM_READERS, Lacking

    kinds = {"p": SINGLE_PLACES, "s": STEM_READERS, "c": CHART_READERS}
    seen = {name: set() for name in LACKS_WITHOUT}
    for chart in _charts(431):
        x = Ctx(chart)
        for name, (field, what) in LACKS_WITHOUT.items():
            kind, attr = name.split(":")
            calls = [(READERS[attr], (x, b)) for b in range(12)] if kind == "b" else [(kinds[kind][attr], (x,))]
            for read, args in calls:
                try:
                    read(*args)
                    said = None
                except Lacking as lacking:
                    said = lacking.what
                assert said == (what if getattr(x, field) is None else None), (chart.spec(), name)
            seen[name].add(said)
    assert all(found == {None, LACKS_WITHOUT[name][1]} for name, found in seen.items())  # both ways, each
    source = program().source
    for field in {field for field, _ in LACKS_WITHOUT.values()}:
        assert f"if x.{field} is None:" in source, field
    assert "C_month(x)" in source and "except Lacking as lacking:\n                        f4 = lacking" not in source


def test_a_reading_view_holds_what_the_chart_says():
    """What ``Ctx(chart)`` reads by table or in one step (the 旬空 by the day, ``DAY_VOID``; each lesson's 克;
    the patterns judged and those the chart cannot judge) is what the chart itself gives, on a sample of
    charts with and without month, year and 年命."""
    from liuren.lessons import KINDS

    unjudged = 0
    for chart in _charts(53):
        x = Ctx(chart)
        assert x.void == frozenset(b.ordinal for b in chart.void), chart.spec()
        assert x.lessons_kind == tuple(KINDS[r] for r in chart._ke.relations), chart.spec()
        assert x.patterns == tuple(p.name for p in chart.patterns), chart.spec()
        assert x.unjudged == frozenset(chart.unjudged_patterns), chart.spec()
        unjudged += bool(x.unjudged)
    assert 0 < unjudged < len(_charts(53))  # both kinds of chart were seen


def test_a_chart_indexed_attribute_shows_at_its_index_what_its_reader_shows():
    """What :data:`CHART_INDEXED` says an attribute of the chart shows at the chart's index is what its
    reader reads (the index's expression evaluated over the generated function's locals), on a sample of
    charts, and a test of one is decided by its index in the generated source."""
    from liuren.reading.indexes import CHART_INDEXED, CHART_NUMBER
    from liuren.reading.readers import CHART_READERS

    compared = 0
    for chart in _charts(97):
        x = Ctx(chart)
        local = {"x": x, "gen": x.gen, "se": x.stem_el, "br": x.branch, "off": x.offset}
        local.update(zip(("t0", "t1", "t2"), x.transmissions, strict=True))
        local.update(zip(("u0", "u1", "u2", "u3"), x.uppers, strict=True))
        local["ck"] = eval(CHART_NUMBER, {}, local)
        for attr, (index, shown, size) in CHART_INDEXED.items():
            i = eval(index, {}, local)  # the expression the generated code reads
            assert 0 <= i < size
            assert shown(i) == CHART_READERS[attr](x), (chart.spec(), attr)
            compared += 1
    assert compared == len(_charts(97)) * len(CHART_INDEXED)
    source = program().source
    assert "C_trans_seq" not in source and "(t0 * 144 + t1 * 12 + t2) * 5 + se in W" in source
    assert "C_chart" not in source and f"    ck = {CHART_NUMBER}\n" in source  # the worked examples' charts


def test_only_a_fact_the_chart_may_lack_is_read_in_a_try():
    """A fact whose reader and place never raise Lacking is read in line (its test True or False); a ``try``
    of the generated source reads one that may (or the place of a 神煞 condition, :func:`_sha`)."""
    from liuren.reading.readers import (
        CHART_READERS_LACKING,
        PLACES_LACKING,
        READERS_LACKING,
        STEM_READERS_LACKING,
    )

    lacking = [f"R_{a}(" for a in READERS_LACKING] + [f"C_{a}(" for a in CHART_READERS_LACKING]
    lacking += [f"S_{a}(" for a in STEM_READERS_LACKING] + [f"P_{t}(" for t in PLACES_LACKING]
    lines = program().source.splitlines()
    tried = [lines[n + 1].strip() for n, line in enumerate(lines) if line.strip() == "try:"]
    assert tried and "R_war(x, t0)" in program().source
    for read in tried:
        assert read.startswith("b = P_") or any(name in read for name in lacking), read


def test_a_test_of_lessons_by_their_uppers_agrees_with_the_lesson_index():
    """Where a test of the lessons whose upper is a place is written as the uppers compared with the place
    (:func:`~liuren.reading.generated._by_lesson`), it holds exactly where the place's lesson index is one
    where the test holds, for every set of lessons named, either way, over every placing of the uppers."""
    from liuren.reading.generated import _by_lesson, _holding
    from liuren.reading.indexes import INDEXED

    written = 0
    for op in ("=", "!="):
        for n in range(1, 16):
            named = ",".join(str(i + 1) for i in range(4) if n >> i & 1)
            condition = parse_condition(f"init.lesson {'in' if op == '=' and ',' in named else op} {named}")
            holding = _holding(condition)
            found = _by_lesson(condition, holding, "p")
            assert found is not None, condition.text  # every such set is written as comparisons
            written += 1
            for u0, u1, u2, u3, p in itertools.product(range(3), repeat=5):
                local = {"u0": u0, "u1": u1, "u2": u2, "u3": u3, "p": p}
                index = eval(INDEXED["lesson"][0].format(p="p"), {}, local)
                assert eval(found, {}, local) == (index in holding), (condition.text, local)
    assert written == 30


def test_a_worked_examples_chart_read_back_is_the_number_whose_key_shows_it():
    """The chart's number a worked example's key names is read back from the key's words
    (:data:`~liuren.reading.indexes.READ_BACK`), not listed over all 17,280 numbers: for every number (one
    in 7) the key it shows reads back to it alone, every key of the data reads back to the number the
    listing finds, and words no chart's key is read back to none."""
    from liuren.reading.generated import _where
    from liuren.reading.indexes import CHART_INDEXED, chart_numbers

    _, shown, size = CHART_INDEXED["chart"]
    for number in range(0, size, 7):
        (key,) = shown(number)
        assert chart_numbers(key) == {number}, key
    listed = _where(False, "chart")
    keys = {v for s in statements() for c in s.conditions if c.attr == "chart" and not c.target for v in c.values}
    assert len(keys) >= 20 and all(chart_numbers(key) == listed[key] for key in keys)
    for words in (
        "甲戌 未時 亥將",
        "甲戌 未時 亥將 晨",
        "甲丑 未時 亥將 晝",
        "甲戌 未 亥將 晝",
        "",
        "甲戌  未時 亥將 晝",
    ):
        assert chart_numbers(words) == frozenset(), words
