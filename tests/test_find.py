"""find(): reverse lookup over the 720 課 × 晝/夜 of a school."""

from __future__ import annotations

import pytest

from liuren import Chart, Method, ParseError, School, SchoolError, find
from liuren.cycle import BRANCHES, PILLARS


def specs(charts) -> list[str]:
    return [f"{c.day} d={c.offset} {c.noble}" for c in charts]


def test_the_whole_space_is_720_ke_by_day_and_night():
    every = find()
    assert len(every) == 1440
    assert len({(c.day, c.offset, c.noble) for c in every}) == 1440
    assert {c.hour for c in every if c.noble == "day"} == {"卯"} and {c.hour for c in every if c.noble == "night"} == {
        "酉"
    }


def test_003_jiyou_example_comes_from_other_days():
    # 003 prints 己酉日三傳酉丑巳 with 晝將 合后虎: no 己酉 chart gives it; these do.
    found = find(transmissions="酉丑巳", generals=["六合", "天后", "白虎"], noble="day")
    assert specs(found) == ["乙丑 d=4 day", "己巳 d=4 day", "己丑 d=4 day", "乙巳 d=4 day"]
    assert not [c for c in find(transmissions="酉丑巳") if c.day == "己酉"]


def test_query_forms_are_equivalent():
    a = find(transmissions="酉丑巳", generals="合后虎", noble="晝")
    assert a == find(transmissions=["酉", "丑", "巳"], generals="六合 天后 白虎", noble="day")
    assert a == find(transmissions="酉 丑 巳", generals="六合天后白虎", noble="day")
    assert a == find(transmissions="酉丑巳", generals=("合", "后", "白"), noble="day")
    assert a == find(transmissions="酉丑巳", generals="六合,天后,白虎", noble="昼")  # simplified 昼


def test_wildcards():
    some = find(transmissions="酉??")
    assert some and all(c.transmissions[0].branch == "酉" for c in some)
    assert find(transmissions=["酉", None, "巳"]) == [c for c in some if c.transmissions[2].branch == "巳"]


def test_filters_by_method_type_pattern():
    yaoke = find(method="遙克")
    assert len({(c.day, c.offset) for c in yaoke}) == 65  # 40 蒿矢 + 25 彈射 課 (docs/rules.md §4.4)
    assert len(find(lesson_type="蒿矢", noble="day")) == 40
    assert len(find(method=Method.BIEZHE, noble="night")) == 9
    assert len(find(method="别责", noble="night")) == 9  # simplified
    lide = find(pattern="勵德", noble="day")
    assert lide and all(c.plate.earth_under(c.noble_branch) in "卯酉" for c in lide)
    assert find(pattern="励德") == find(pattern="勵德")


def test_pattern_and_other_filters_combine():
    found = find(pattern="贅婿", transmissions="戌午寅")
    assert specs(found) == ["甲戌 d=8 day", "甲戌 d=8 night"]


def test_hour_dependent_patterns_return_each_hour():
    found = find(pattern="天網", transmissions="戌酉申")
    assert found and all("天網" in [p.name for p in c.patterns] for c in found)
    assert ("壬戌", "未") in {(str(c.day), str(c.hour)) for c in found}  # 003 魄化's 六月未時壬戌


def test_seasonal_patterns_need_a_month():
    assert find(pattern="魄化", transmissions="戌酉申") == []  # no month: nothing is guessed
    found = find(pattern="魄化", transmissions="戌酉申", month="未")
    assert any(c.day == "壬戌" and c.month == "未" for c in found)


def test_other_schools():
    a = find(transmissions="酉丑巳", noble="day", school="探原")
    assert a and all(c.school.name == "tanyuan" for c in a)
    with pytest.raises(SchoolError):
        find(school="nope")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"pattern": "天門"}, r"'天門' is not a named pattern; accepted: 勵德"),
        ({"transmissions": "酉丑"}, r"'酉丑' does not name three branches \(found 2\)"),
        ({"transmissions": "酉丑甲"}, r"'甲' is not a branch"),
        ({"transmissions": 3}, r"3 is not three branches"),
        ({"generals": "合后龍虎"}, r"does not name three generals \(found 4\)"),
        ({"generals": "合后馬"}, r"'馬' is not one of the twelve generals"),
        ({"method": "元首"}, r"'元首' is not one of the nine methods; accepted: 賊克"),
        ({"lesson_type": "天獄"}, r"'天獄' is not a lesson type; accepted: 元首"),
        ({"noble": "dusk"}, r"noble='dusk' is not understood"),
        ({"month": "十月"}, r"'十月' is not a month branch"),
        ({"transmissions": [[1], [2], [3]]}, r"a branch must be a string, got \[1\] \(list\)"),
        ({"generals": [{"合"}, "后", "虎"]}, r"a general must be a string, got \{'合'\} \(set\)"),
    ],
)
def test_bad_queries_are_clear_errors(kwargs, message):
    with pytest.raises(ParseError, match=message):
        find(**kwargs)


def test_results_are_real_charts():
    c = find(transmissions="卯申丑", generals="常合陰")[0]
    assert isinstance(c, Chart) and c == Chart(c.day, c.hour, c.general, noble=c.noble)


def test_clear_indexes_rebuilds_the_same_answers():
    from liuren.find import clear_indexes

    before = find(pattern="微服")
    clear_indexes()
    after = find(pattern="微服")
    assert after == before and len(after) == 16 and after[0] is not before[0]


def test_find_by_pattern_agrees_with_every_chart_of_the_space():
    """For each pattern, find() returns exactly the (day, hour, general) charts on which it fires,
    checked against all 8,640 charts (month 寅, year 子), hour-dependent patterns included."""
    from liuren import BRANCHES, PILLARS
    from liuren.patterns import PATTERNS

    fires: dict[str, set] = {p.name: set() for p in PATTERNS}
    for day in PILLARS:
        for hour in BRANCHES:
            for general in BRANCHES:
                for p in Chart(day, hour, general, month="寅", year="子").patterns:
                    fires[p.name].add((day, hour, general))
    for p in PATTERNS:
        found = {(c.day, c.hour, c.general) for c in find(pattern=p.name, month="寅", year="子")}
        if p.needs_hour:
            assert found == fires[p.name], p.name
        else:  # one representative hour per 課 and noble: the same 課 as the charts that fire
            assert {(d, (g.ordinal - h.ordinal) % 12) for d, h, g in found} == {
                (d, (g.ordinal - h.ordinal) % 12) for d, h, g in fires[p.name]
            }, p.name


def test_the_index_cache_is_bounded():
    from liuren import School
    from liuren.find import BUILDS, MAX_INDEXES, cached_indexes, clear_indexes

    clear_indexes()
    schools = [School().replace(noble_table=t, day_night=d) for t in "ABC" for d in ("fixed", "mao-you", "zi-si")]
    before = BUILDS[0]
    for school in schools:
        find(method="遙克", school=school)
        assert cached_indexes() <= MAX_INDEXES
    assert BUILDS[0] - before == len(schools) > MAX_INDEXES
    assert cached_indexes() == MAX_INDEXES
    find(method="遙克", school=schools[-1])  # the most recent ones are kept
    assert BUILDS[0] - before == len(schools)
    find(method="遙克", school=schools[0])  # the oldest was dropped: built again
    assert BUILDS[0] - before == len(schools) + 1


def test_threads_asking_at_once_build_one_index_once():
    import threading

    from liuren import School
    from liuren.find import BUILDS, clear_indexes

    clear_indexes()
    school = School().replace(tomb="water")
    barrier = threading.Barrier(8)
    results: list = [None] * 8

    def ask(n: int) -> None:
        barrier.wait()
        results[n] = find(pattern="天網", school=school, month="午")

    before = BUILDS[0]
    threads = [threading.Thread(target=ask, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert BUILDS[0] - before == 1
    assert results[0] and all(r == results[0] for r in results)
    assert all(a is b for r in results for a, b in zip(r, results[0], strict=True))  # the same cached charts


def test_hour_dependent_patterns_are_cached_with_their_index():
    from liuren.find import BUILDS

    first = find(pattern="天網")
    before = BUILDS[0]
    again = find(pattern="天網")
    assert BUILDS[0] == before and again == first and all(a is b for a, b in zip(again, first, strict=True))
    assert [c for c in first if c.transmissions[0].branch == "戌"] == [
        c for c in find(pattern="天網", transmissions="戌??")
    ]


def test_a_chart_moved_to_another_hour_is_the_chart_built_there():
    """find's hour sweeps move a chart to each hour of its half (Chart._at_hour, sharing what the hour
    does not change): for every 課 of two schools, both nobles and every hour, it equals the chart built
    afresh, slot by slot, with month, year and 年命 set."""
    from liuren.chart import SHARED_ACROSS_HOURS

    assert set(Chart.__slots__) == {*SHARED_ACROSS_HOURS, "hour", "general", "_patterns"}
    for school in (School(), School.preset("daquan")):
        for day in PILLARS:
            for d in range(12):
                for noble in ("day", "night"):
                    base = Chart(
                        day,
                        "卯",
                        BRANCHES[(3 + d) % 12],
                        noble=noble,
                        school=school,
                        month="寅",
                        year="午",
                        nianming=("子", "午"),
                    )
                    for hour in BRANCHES:
                        moved, fresh = (
                            base._at_hour(hour),
                            Chart(
                                day,
                                hour,
                                BRANCHES[(hour.ordinal + d) % 12],
                                noble=noble,
                                school=school,
                                month="寅",
                                year="午",
                                nianming=("子", "午"),
                            ),
                        )
                        assert moved == fresh
                        for name in (*SHARED_ACROSS_HOURS, "hour", "general"):
                            assert getattr(moved, name) == getattr(fresh, name), (day, d, noble, hour, name)


@pytest.mark.parametrize("field", ["transmissions", "generals"])
def test_an_over_long_query_is_refused_before_it_is_tokenised(monkeypatch, field):
    import sys

    find_module = sys.modules["liuren.find"]  # the module (liuren.find is also the function)

    def never(text):
        raise AssertionError(f"tokenised {len(text):,} characters")

    for name in ("normalize", "_branch_tokens", "_general_tokens"):
        monkeypatch.setattr(find_module, name, never)
    for text in ("子" * 10**6, "后" * 10**6, "酉 丑 巳" + " " * 60):
        with pytest.raises(
            ParseError, match=r"is too long for three (branches|generals) \(at most 64 characters\)"
        ) as info:
            find(**{field: text})
        assert len(str(info.value)) < 300
    with pytest.raises(ParseError, match=r"found 1000000"):
        find(**{field: ["子"] * 10**6})
