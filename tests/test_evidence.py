"""Pattern evidence in three languages from one set of language-neutral values (liuren.show.evidence).

Every fired pattern of the 1,440 charts (720 課 × 晝夜), without a month and with a month and a 年命,
is written out in English, Chinese and Korean: the English is the detectors' sentence of before the
change (pinned by tests/data/evidence_golden.json, made from the English-only detectors), the Chinese
and Korean leak no English word, and the Korean gives every Hanzi term its reading from labels.py.

Regenerate the golden file after a deliberate wording change with ``python -m tests.test_evidence``
(it keeps the English of the file it replaces: English evidence is pinned by the pattern tests too).
"""

from __future__ import annotations

import hashlib
import json
import re
import sys

import pytest

import liuren
from liuren import Chart, ParseError
from liuren.cycle import BRANCHES, PILLARS
from liuren.patterns.evidence import Evidence, Seq, ev, seq
from liuren.show.evidence import EVIDENCE, JOINS, evidence_marks, evidence_text
from liuren.show.i18n import BARE, render
from liuren.show.steps import pattern_lines

from .conftest import DATA
from .test_steps import KOREAN, korean_readings_ok, unglossed

GOLDEN = DATA / "evidence_golden.json"
VARIANTS = ({}, {"month": "寅", "nianming": ("午", "巳")}, {"month": "申", "year": "辰", "nianming": ("子", "亥")})
"""Without a month, then two months with a 年命 (and a year): the clauses that read them fire too."""
EXTRA = (
    "乙亥 卯 丑 day tanyuan month=寅 benming=午 xingnian=巳",  # 天獄清平 with a 德合 on the 干上 (tanyuan's 墓)
    "庚午 酉 戌 night noble_table=C month=寅 benming=子 xingnian=丑",  # 真虎視 eased: 行年上神 rides 貴人, 旺
    "庚午 酉 戌 night noble_table=C month=申 benming=子 xingnian=丑",  # 真虎視, 行年上神 on a 吉將 but 休
    "庚午 酉 戌 night noble_table=C benming=子 xingnian=寅",  # 真虎視 on the 行年上神
    "甲子 子 子 night default month=巳 year=子 benming=子 xingnian=子",  # 喪
    "甲子 子 丑 night default month=巳 year=巳 benming=子 xingnian=丑",  # 死奇回生: 天罡 旺相 in the month
    "己巳 卯 亥 day default month=申 year=未 benming=申 xingnian=戌",  # 天獄清平 on the 行年
    "壬申 寅 未 night default month=丑 year=亥 benming=戌 xingnian=卯",  # 虎銜尸: 斗罡作日墓帶死神
    "丙申 丑 戌 night default month=卯 year=寅 benming=酉 xingnian=午",  # 贅婿當權: the 救神 produces the day
    "己卯 酉 卯 night default month=亥",  # 魄化歸魂: 虎陰 酉 克 卯, 沖剋 from 支上 and 中傳, 青龍 on the 干上
    "乙酉 酉 卯 night default month=亥 benming=子 xingnian=寅",  # 魄化歸魂: the 行年上神 申 克s 卯 and rides 貴人
    "辛未 卯 辰 day default month=卯",  # 死虎 in the 卯 month: 死虎遭合 (卯月沖酉)
    "辛未 卯 辰 day default month=辰",  # 死虎 in the 辰 month: 死虎遭合 (辰月合酉)
    "甲子 子 丑 night custom tiankong=neither luowang=any yangjiu_war=initial month=寅 year=巳 benming=子 xingnian=丑",
    "乙丑 子 巳 night custom tiankong=neither luowang=any yangjiu_war=initial month=寅 year=丑 benming=丑 xingnian=子",
)
"""Charts for the clauses the sweep does not reach: other schools (table C's 真虎視, tanyuan's 天獄清平 on the 干上,
the 天空/羅網/殃咎 readings) and other hours, months (死虎遭合 in 卯 and 辰) and 年命."""
LATIN = re.compile(r"[A-Za-z]{2,}")
HANZI = re.compile(r"[\u3400-\u9fff]")
QUOTE = re.compile(r"「[^」]*」")


def charts():
    for day in PILLARS:
        for general in BRANCHES:
            for noble in ("day", "night"):
                for extra in VARIANTS:
                    yield liuren.chart(day, "子", general, noble=noble, **extra)
    for spec in EXTRA:
        yield Chart.parse(spec)


def keys(value, found: set[str]) -> set[str]:
    if isinstance(value, Evidence):
        found.add(value.key)
        for _, v in value.values:
            keys(v, found)
    elif isinstance(value, Seq):
        for v in value.items:
            keys(v, found)
    return found


def bare_hanzi(text: str) -> list[str]:
    """Hanzi of a Korean text that are neither inside a 「quotation」 nor in a reading(漢字) pair, nor a
    stem, branch or element (the register writes those in Hanzi alone)."""
    rest = KOREAN.sub("", QUOTE.sub("", text))
    return [c for c in HANZI.findall(rest) if c not in BARE]


def sweep():
    """(chart, detected) for every fired pattern of the sweep, in order."""
    for chart in charts():
        for found in chart.patterns:
            yield chart, found


def english_digest(lines) -> str:
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()


@pytest.fixture(scope="module")
def golden():
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_every_evidence_in_three_languages(golden):
    used: set[str] = set()
    english = []
    for chart, found in sweep():
        used |= keys(found.clauses, set())
        en = found.text("en")
        head = found.name if found.name == found.family else f"{found.name} ({found.family})"
        assert en == found.evidence and str(found) == f"{head}: {en}"
        english.append(f"{chart.spec()} {found.name}: {en}")
        for lang in ("zh", "ko"):
            text = found.text(lang)
            assert text and not LATIN.search(text), (chart, found.name, lang, text)
            assert "⟨" not in text and "#" not in text and "{" not in text, (chart, found.name, lang, text)
        zh, ko = found.text("zh"), found.text("ko")
        assert not re.search(r"[가-힣]", zh), (chart, found.name, zh)
        assert korean_readings_ok(ko) == [] and bare_hanzi(ko) == [], (chart, found.name, ko, bare_hanzi(ko))
    # the English is the sentence the English-only detectors gave for the same sweep, pattern by pattern
    assert (len(english), english_digest(english)) == (golden["count"], golden["english_sha256"])
    # every template of the table is reached by some chart ("name" is the companion's name in explain)
    assert set(EVIDENCE["en"]) - used == {"name"}


@pytest.mark.parametrize("key", sorted(set(EVIDENCE["en"]) - {"name"}))
def test_each_template_golden_in_three_languages(golden, key):
    """One chart per template, its evidence pinned whole in English (pre-change), Chinese and Korean."""
    entry = golden["templates"][key]
    chart = Chart.parse(entry["spec"])
    found = next(p for p in chart.patterns if p.name == entry["pattern"])
    assert key in keys(found.clauses, set())
    assert [found.text("en"), found.text("zh"), found.text("ko")] == [entry["en"], entry["zh"], entry["ko"]]


def test_the_table_has_three_languages_and_every_value_named():
    assert set(EVIDENCE) == {"en", "zh", "ko"} and set(EVIDENCE["en"]) == set(EVIDENCE["zh"]) == set(EVIDENCE["ko"])
    for key in EVIDENCE["en"]:
        words = [EVIDENCE[lang][key] for lang in ("en", "zh", "ko")]
        assert all(words), key
        names = [set(re.findall(r"\{(\w+)\}", w)) for w in words]
        assert names[0] == names[1] == names[2], key
    assert set(JOINS["en"]) == set(JOINS["zh"]) == set(JOINS["ko"])


def test_explain_and_steps_speak_the_evidence_in_their_language():
    c = Chart("辛亥", "寅", "亥", noble="day", month="寅")
    ko = c.explain(lang="ko")
    assert "  여덕(勵德): 귀인(貴人)이 午를 타고 일월지문(日月之門)인 지반(地盤) 酉에 앉았다." in ko
    assert not LATIN.search(ko.split("\n\n")[1].replace("month=", "").replace("year=", "").replace("nianming=", ""))
    assert "월건은 month=, 태세는 year=, 연명은 nianming= 인자로 지정한다" in ko  # glossed once, just before
    zh = c.explain(lang="zh")
    assert "  勵德: 貴人乘午，臨地盤酉（日月之門）；陽神未申在其後，陰神辰巳在其前" in zh
    assert "月建以 month=、太歲以 year=、年命以 nianming= 傳入" in zh
    for lang in ("zh", "ko", "en"):
        lines = pattern_lines(c, lang)
        own = {p.name: p.family == p.name for p in c.patterns}
        assert lines == [
            render(
                (f"⟨{p.name}⟩: " if own[p.name] else f"⟨{p.name}⟩ (⟨{p.family}⟩): ") + evidence_marks(p.clauses, lang),
                lang,
            )
            for p in c.patterns
        ]
        # the step and explain are each one text: in Korean a term is glossed once in all of it
        same = unglossed if lang == "ko" else str
        assert all(same(line) in same(c.steps(lang)[-1].text) for line in lines)
        assert all("  " + same(line) in same(c.explain(lang)) for line in lines)
    # a family's entry names its companions in every language instead of repeating their evidence
    yj = Chart("甲子", "子", "巳", month="寅")
    for lang in ("zh", "ko", "en"):
        chengmu = next(p for p in yj.patterns if p.name == "日干乘墓").text(lang)
        assert yj.explain(lang).count(chengmu) == 1, lang


def test_text_rejects_an_unknown_language_and_renders_lists():
    found = Chart("辛亥", "寅", "亥", noble="day", month="寅").patterns[0]
    with pytest.raises(ParseError, match="lang='fr' is not a language"):
        found.text("fr")
    both = seq("and", ("本命", "行年"))
    assert [evidence_text(ev("lide.kuigang", on=both), lang) for lang in ("en", "zh", "ko")] == [
        "魁罡 over the 本命 and 行年 (忌魁罡年凶)",
        "魁罡加本命、行年（忌魁罡年凶）",
        "괴강(魁罡)이 본명(本命)·행년(行年) 위에 있다 「忌魁罡年凶」",
    ]
    assert ev("a", x=ev("b")).replace(ev("b"), ev("c")) == ev("a", x=ev("c"))
    assert seq("semi", (ev("b"), "子")).replace(ev("b"), ev("c")) == seq("semi", (ev("c"), "子"))


def _regenerate() -> None:  # pragma: no cover - a tool, run by hand
    old = json.loads(GOLDEN.read_text(encoding="utf-8")) if GOLDEN.exists() else None
    english = []
    templates: dict[str, dict[str, str]] = {}
    for chart, found in sweep():
        english.append(f"{chart.spec()} {found.name}: {found.evidence}")
        for key in sorted(keys(found.clauses, set()) - set(templates)):
            templates[key] = {
                "spec": chart.spec(),
                "pattern": found.name,
                "en": found.text("en"),
                "zh": found.text("zh"),
                "ko": found.text("ko"),
            }
    if old is not None:
        assert (len(english), english_digest(english)) == (old["count"], old["english_sha256"]), "the English changed"
    data = {
        "count": len(english),
        "english_sha256": english_digest(english),
        "templates": dict(sorted(templates.items())),
    }
    GOLDEN.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{GOLDEN}: {len(english)} evidences, {len(templates)} templates", file=sys.stderr)


if __name__ == "__main__":
    _regenerate()
