"""The words of the steps that are not gates: the plate, the lessons, the method, the 三傳, the
generals, the relations and the patterns (⟨⟩ marks not yet expanded; see :func:`liuren.show.i18n.render`).

Each reads the chart and, where a rule decided something (the 杜傳 block, the gate inside a 無依, the
rule of the 中傳 and 末傳), the rule records of :mod:`liuren.records`, never the school's options.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..cycle import BRANCH_ELEMENT, ELEMENT_CHARS, JIGONG, PILLARS, STEM_ELEMENT, xun_branch
from ..generals import FORWARD_SQUARES
from ..records import FuyinFinal, FuyinMiddle, Record, ShehaiDepth
from .gates import Say, chain_rule, renderer_of
from .i18n import branch_term, branches_term, element_term, render, say, stem_term, term, zh_number
from .words.steps import STEPS

if TYPE_CHECKING:
    from ..chart import Chart


def words(lang: str, key: str, /, **values: Any) -> str:
    """The step sentence ``key`` in ``lang`` filled with ``values``."""
    return say(STEPS, lang, key, **values)


def title_marks(key: str, lang: str) -> str:
    """The heading of the step ``key``, its terms still marked."""
    if key.startswith("lesson-"):
        n = int(key[-1])
        return words(lang, "t.lesson", n=n, cn=zh_number(n))
    return STEPS[lang][f"t.{key}"]


def title(key: str, lang: str) -> str:
    """The heading of the step ``key``, rendered."""
    return render(title_marks(key, lang), lang)


def plate_text(chart: Chart, lang: str) -> str:
    """月將加時: the plate offset and what it does."""
    d = chart.offset
    text = words(
        lang,
        "plate.still" if d == 0 else "plate",
        g=branch_term(chart.general.ordinal),
        h=branch_term(chart.hour.ordinal),
        gp=chart.general,
        hp=chart.hour,
        d=d,
        dn=d,
        zi=branch_term(0),
        z=branch_term(d),
    )
    if d in (0, 6):
        text += STEPS[lang][f"plate.{d}"]
    return text


def lesson_text(chart: Chart, i: int, lang: str) -> str:
    """Lesson ``i`` (0-based): its upper over its lower, their relation, a repeat of an earlier lesson."""
    ke = chart._ke
    u, sq = ke.uppers[i], ke.squares[i]
    lower = stem_term(ke.stem) if i == 0 else branch_term(sq)
    le = STEM_ELEMENT[ke.stem] if i == 0 else BRANCH_ELEMENT[sq]
    text = words(
        lang,
        f"lesson-{i + 1}",
        stem=stem_term(ke.stem),
        jig=branch_term(JIGONG[ke.stem]),
        u=branch_term(u),
        lower=lower,
    )
    rel = {1: "rel.ke", -1: "rel.zei", 0: "rel.none"}[ke.relations[i]]
    text += words(
        lang,
        rel,
        u=branch_term(u),
        ue=element_term(BRANCH_ELEMENT[u]),
        lower=lower,
        le=element_term(le),
        uec=ELEMENT_CHARS[BRANCH_ELEMENT[u]],
        lec=ELEMENT_CHARS[le],
    )
    same = next((j for j in range(i) if ke.keys[j] == ke.keys[i]), None)
    if same is not None:
        text += words(lang, "rel.same", j=same + 1)
    return text


def inner_gate(records: Sequence[Record]) -> str:
    """The lesson type of the gate inside a 返吟 無依 chart that gave its 初傳 (賊克, 比用, 見機 …)."""
    return next((str(r.named) for r in reversed(records) if r.named is not None), "")


def _block(chart: Chart, records: Sequence[Record], lang: str) -> str:
    """Why a 伏吟's 刑 chain was blocked (杜傳)."""
    middle = next(r for r in records if isinstance(r, FuyinMiddle))
    final = next(r for r in records if isinstance(r, FuyinFinal))
    t = chart.transmissions
    if middle.other is not None:
        return words(
            lang, "block.middle", init=branch_term(t[0].branch.ordinal), other=STEPS[lang][f"anchor.{middle.other}"]
        )
    if final.rule != "xing":
        return words(
            lang, "block.final", middle=branch_term(t[1].branch.ordinal), how=STEPS[lang][f"block.{final.rule}"]
        )
    return words(lang, "block.zei", init=branch_term(t[0].branch.ordinal))


def method_text(chart: Chart, records: Sequence[Record], lang: str) -> str:
    """The method and lesson type, and why."""
    name = chart.lesson_type
    depth = STEPS[lang]["why.depth"] if any(isinstance(r, ShehaiDepth) for r in records) else ""
    values: dict[str, str] = {"depth": depth}
    if name == "杜傳":
        values["block"] = _block(chart, records, lang)
    if name == "無依":
        values["inner"] = term(inner_gate(records))
    why = words(lang, f"why.{name}", **values)
    return words(lang, "method", method=chart.method, type=name, why=why)


def initial_text(chart: Chart, records: Sequence[Record], lang: str) -> str:
    """The 初傳 and the gate that chose it."""
    t = chart.transmissions[0]
    method = (chart.lesson_type == "無依" and inner_gate(records)) or chart.method
    how = words(lang, "how.gate", method=method)
    return words(
        lang, "initial", init=branch_term(t.branch.ordinal), sq=branch_term(t.branch.ordinal - chart.offset), how=how
    )


def chain_text(chart: Chart, key: str, records: Sequence[Record], lang: str) -> str:
    """How the 中傳 (``key`` "middle") or 末傳 ("final") was given."""
    rule, record = chain_rule(records, key, chart.offset)
    if record is not None and record.chained:  # 伏吟's own 刑 chain tells itself
        return renderer_of(record).text(record, Say(chart, lang))
    i, m, last = (x.branch.ordinal for x in chart.transmissions)
    return words(lang, f"{key}.{rule}", i=branch_term(i), m=branch_term(m), l=branch_term(last))


def generals_text(chart: Chart, lang: str) -> str:
    """The noble: which table, which branch, which way the generals run, and what each 傳 carries."""
    from ..school import NOBLE_TABLES

    t = chart.transmissions
    s = chart.stem.ordinal
    day, night = NOBLE_TABLES[chart.school.noble_table][s]
    nb = chart.noble_branch.ordinal
    sq = (nb - chart.offset) % 12
    direction = "順" if sq in FORWARD_SQUARES else "逆"
    return words(
        lang,
        "generals",
        stem=stem_term(s),
        when=STEPS[lang][f"when.{chart.noble}"],
        table=chart.school.noble_table,
        day=branch_term(day),
        night=branch_term(night),
        nb=branch_term(nb),
        sq=branch_term(sq),
        dir=STEPS[lang][f"dir.{direction}"],
        i=branch_term(t[0].branch.ordinal),
        m=branch_term(t[1].branch.ordinal),
        l=branch_term(t[2].branch.ordinal),
        gi=term(t[0].general),
        gm=term(t[1].general),
        gl=term(t[2].general),
    )


def relations_text(chart: Chart, lang: str) -> str:
    """六親, 遁干 and 旬空 of the 三傳."""
    w = STEPS[lang]
    t = chart.transmissions
    sep = w["sep"]
    kin = sep.join(words(lang, "kin", b=branch_term(x.branch.ordinal), k=term(x.relation)) for x in t)
    hidden = sep.join(
        words(lang, "hidden", b=branch_term(x.branch.ordinal), h=term(x.stem))
        if x.stem
        else words(lang, "hidden.void", b=branch_term(x.branch.ordinal))
        for x in t
    )
    xun = PILLARS[chart.day.ordinal - chart.day.ordinal % 10]
    assert xun.branch.ordinal == xun_branch(chart.day.ordinal)
    voided = [x for x in t if x.void]
    return words(
        lang,
        "relations",
        stem=stem_term(chart.stem.ordinal),
        se=element_term(STEM_ELEMENT[chart.stem.ordinal]),
        kin=kin,
        day=term(chart.day),
        xun=term(xun),
        hidden=hidden,
        void=term("".join(chart.void)),
        voided=words(lang, "voided", which=branches_term(x.branch.ordinal for x in voided)) if voided else "",
    )


def pattern_marks(chart: Chart, lang: str) -> list[str]:
    """``name (family): evidence`` for each pattern found, terms still marked; a family's own entry
    names (does not repeat) the companions listed after it with their evidence."""
    from ..patterns.evidence import ev
    from .evidence import evidence_marks

    found = chart.patterns
    lines = []
    for p in found:
        clauses = p.clauses
        for other in found:
            if other is not p and other.family == p.family:
                clauses = clauses.replace(
                    ev("named", name=other.name, evidence=other.clauses), ev("name", name=other.name)
                )
        # a family's own pattern (殃咎 of the 殃咎 family) is named once, not 「殃咎 (殃咎)」
        family = "" if p.family == p.name else f" (⟨{p.family}⟩)"
        lines.append(f"⟨{p.name}⟩{family}: {evidence_marks(clauses, lang)}")
    return lines


def patterns_text(chart: Chart, lang: str, hint: str) -> str:
    """The patterns found, and those not judged for want of the month, the year or the 年命."""
    w = STEPS[lang]
    lines = pattern_marks(chart, lang)
    text = words(lang, "patterns", names="\n".join(lines)) if lines else w["patterns.none"]
    if chart.unjudged_patterns:
        names = " ".join(term(n) for n in chart.unjudged_patterns)
        text += words(lang, "unjudged", hint=w[f"hint.{hint}"], names=names)
    return text
