"""A reading (:class:`liuren.reading.Reading`) shown as the chapters would read the chart: first the
verdicts, one or two lines per matter (the verdict, its one or two reasons, the override or rescue, the
應期); then, one fold below, the evidence: grouped by matter, then by verdict; each statement with its
id, its verdict, its verbatim quotation, a gloss, the evidence that decided each condition and its
source; then the statements the chart leaves open, each with what would decide it.

>>> import liuren
>>> r = liuren.chart("丙申", "午", "亥", month="寅").reading("官", lang="en")
>>> print(reading_short(r))  # doctest: +NORMALIZE_WHITESPACE
Judgement (占斷)
matter: 官 · office and career
■ 官 · office and career: good (吉) ← 「卯為日之父母，乘太常主相見公卿有喜」 元首課 l.51 [元首-090]
    when (應期): 旬 [元首-018] (6 more below)
all the evidence: reading.text()
>>> "「卯為日之父母，乘太常主相見公卿有喜」" in reading_text(r)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from html import escape
from typing import TYPE_CHECKING

from ..errors import ParseError, quote
from ..lang import language
from ..reading.statements import MATTERS
from .html import COLORS, RIGHT, mark_chip, panel, paper_box
from .i18n import check_lang, render, say
from .words.reading import FLAG_NAMES, MATTER_NAMES, PLACES, QUERENT_NAMES, READING

if TYPE_CHECKING:
    from ..reading import Judgement, Reading
    from ..reading.conditions import Fact
    from ..reading.exercise import ReadingCheck, VerdictCheck
    from ..reading.timing import Period
    from ..reading.verdict import Verdict

VERDICT_ORDER = ("吉", "先凶後吉", "吉凶參半", "平", "先吉後凶", "凶")
"""Verdicts from the best to the worst, the order a group of statements is shown in."""
VERDICT_COLOR = {
    "吉": "final",
    "先凶後吉": "final",
    "吉凶參半": "middle",
    "平": "muted",
    "先吉後凶": "initial",
    "凶": "initial",
}
"""The palette entry a verdict is written in (each reaches 4.5:1 on the paper)."""


def _w(lang: str, key: str, **values: object) -> str:
    return say(READING, lang, key, **values)


def matter_name(matter: str, lang: str) -> str:
    """A matter as the heading of its group: 漢字, with the reading's language beside it."""
    return READING[lang]["matter.name"].format(matter=matter, name=MATTER_NAMES[lang][matter])


def querent_name(querent: str, lang: str) -> str:
    """Who asks, as the reading names them: 漢字, with the reading's language beside it."""
    return READING[lang]["querent.name"].format(querent=querent, name=QUERENT_NAMES[lang][querent])


def status_name(status: str, lang: str = "ko") -> str:
    """A candidate's ``status`` (:data:`liuren.reading.exercise.STATUSES`) in words of ``lang``: 「맞는다」,
    "does not apply", 「未定」 (a page prints these, not the code words).

    >>> status_name("fails", "en"), status_name("open", "ko")
    ('does not apply', '정해지지 않는다')
    """
    from ..reading.exercise import STATUSES

    check_lang(lang)
    if status not in STATUSES:
        raise ParseError(f"status={quote(status)} is not a candidate's status; accepted: {', '.join(STATUSES)}")
    return _w(lang, f"status.{status}")


def fact_text(fact: Fact, lang: str = "zh") -> str:
    """One condition's evidence: the place as the chapters name it and what the chart shows there that
    decided it (``初傳 太常 ✓``), or ``?`` where the chart lacks what decides; a yes-or-no attribute is
    named before its yes or no, as a check line names it (``三傳 旬空 是 ✓``, not ``三傳 是 ✓``).

    >>> from liuren.reading.conditions import Fact
    >>> fact_text(Fact("any_trans.void = true", True, ("true",)), "ko")
    '三傳 旬空 예 ✓'
    >>> fact_text(Fact("init.general = 太常", False, ("白虎",)), "en")
    '初傳 白虎 ✗'
    """
    head, op, *rest = fact.condition.split(" ", 2)
    target, _, attr = head.partition(".")
    wanted = set(rest[0].split(",")) if rest else set()
    found = list(fact.found)
    if fact.holds and op != "!=" and wanted & set(found):
        found = [v for v in found if v in wanted]  # what matched, not everything the place shows
    elif fact.holds is None:
        found = sorted(wanted) if op != "!=" else []  # what the chart cannot yet say it shows
    yes_no = {"true": _w(lang, "yes"), "false": _w(lang, "no")}
    words = [yes_no.get(v, v) for v in dict.fromkeys(found)]
    if attr == "lesson":
        words = [f"第{n}課" for n in words]
    mark = {True: "✓", False: "✗", None: "?"}[fact.holds]
    place = " ".join(x for x in (PLACES.get(target, target), FLAG_NAMES.get(attr, "")) if x)
    return f"{place} {'·'.join(words) or '—'} {mark}"


def failed_text(fact: Fact, lang: str = "zh") -> str:
    """A failed condition as a check line says it: what the statement needs and what the chart has
    there instead, so neither can be read for the other (「須初傳凶將，此盤初傳吉將」, where
    :func:`fact_text` gives the evidence line 「初傳 吉將 ✗」). The same words as :func:`condition_text`,
    without its mark.

    >>> from liuren.reading.conditions import Fact
    >>> failed_text(Fact("init.general_kind = 凶將", False, ("吉將",)), "en")
    'it needs 初傳 凶將; this chart has 初傳 吉將'
    >>> failed_text(Fact("init.strength in 旺,相", False, ("囚",)), "ko")
    '조건은 初傳 旺 또는 相, 이 과반은 初傳 囚'
    """
    head, op, *rest = fact.condition.split(" ", 2)
    target, _, attr = head.partition(".")
    yes_no = {"true": _w(lang, "yes"), "false": _w(lang, "no")}

    def words(values: list[str]) -> list[str]:
        out = [yes_no.get(v, v) for v in dict.fromkeys(values)]
        return [f"第{n}課" for n in out] if attr == "lesson" else out

    wanted = words(rest[0].split(",") if rest else [])
    want = _w(lang, "want.or").join(wanted)
    if op == "!=":
        want = _w(lang, "want.not", values=want)
    place = " ".join(x for x in (PLACES.get(target, target), FLAG_NAMES.get(attr, "")) if x)
    found = "·".join(words(list(fact.found))) or "—"
    return _w(lang, "check.fails", want=f"{place} {want}", found=f"{place} {found}")


def condition_text(fact: Fact, lang: str = "zh") -> str:
    """Any condition of a statement as a learner reads it, held or not: its mark (✓ held, ✗ failed,
    ? the chart cannot say), what the statement needs and what the chart has there, in the words of a
    check line (:func:`failed_text`), instead of the code the data writes it in
    (``any_trans.void = true``).

    >>> from liuren.reading.conditions import Fact
    >>> condition_text(Fact("any_trans.void = true", True, ("true",)), "ko")
    '✓ 조건은 三傳 旬空 예, 이 과반은 三傳 旬空 예'
    >>> condition_text(Fact("any_trans.element = 金", True, ("金",)), "en")
    '✓ it needs 三傳 金; this chart has 三傳 金'
    """
    mark = {True: "✓", False: "✗", None: "?"}[fact.holds]
    return f"{mark} {failed_text(fact, lang)}"


def undecided_text(item: str, lang: str) -> str:
    """What would decide an open statement, in words."""
    key, _, value = item.partition("=")
    if key in ("month", "year", "nianming", "moon"):
        return _w(lang, f"need.{key}")
    if key.startswith("subject:"):
        return _w(lang, "need.subject", name=key.removeprefix("subject:"))
    if key == "querent":
        return querent_name(value, lang)
    return value


def _tag(verdict: str, timing: bool) -> str:
    """A statement's tag in the evidence: its verdict, or 應期 for a timing rule (which says when, and is
    never counted as 吉 or 凶)."""
    return "應期" if timing else verdict


def contradiction_text(statement_id: str, other: str, lang: str, standing: Mapping[str, str]) -> str:
    """A contradiction as shown beside a statement: the partner's id and quotation, and which of the two
    prevails on this chart (``standing``: the ids the verdicts rest on, "reason", or set aside, "aside")."""
    from ..reading.statements import statements

    quote = next((s.quote for s in statements() if s.id == other), "")
    mine, theirs = standing.get(statement_id), standing.get(other)
    if mine == "reason" or (theirs == "aside" and mine != "aside"):
        which = _w(lang, "prevails", id=statement_id)
    elif theirs == "reason" or (mine == "aside" and theirs != "aside"):
        which = _w(lang, "prevails", id=other)
    else:
        which = _w(lang, "prevails.none")
    return _w(lang, "contradicts", other=other, quote=quote, which=which)


def _statement_lines(j: Judgement, lang: str, standing: Mapping[str, str] | None = None) -> list[str]:
    s = j.statement
    lines = [f"{s.id} [{_tag(s.verdict, s.timing is not None)}] 「{s.quote}」 — {s.source.label}"]
    if language(lang).glosses_quotes:
        lines.append(f"    {s.gloss(lang)}")
    if j.facts:
        lines.append("    " + ", ".join(fact_text(f, lang) for f in j.facts))
    if j.undecided:
        lines.append("    " + _w(lang, "needs", what=", ".join(undecided_text(u, lang) for u in j.undecided)))
    for other in s.contradicts:
        lines.append("    ⚠ " + contradiction_text(s.id, other, lang, standing or {}))
    if s.slip:
        lines.append("    ⚠ " + _w(lang, "slip", slip=s.slip))
    if s.noble:
        lines.append("    ⚠ " + s.noble)
    return lines


def _groups(judgements: tuple[Judgement, ...]) -> list[tuple[str, list[Judgement]]]:
    """The judgements by matter (in the order of MATTERS), each group ordered by verdict."""
    groups: list[tuple[str, list[Judgement]]] = []
    for matter in MATTERS:
        here = [j for j in judgements if j.statement.matters[0] == matter]
        if here:
            here.sort(key=lambda j: VERDICT_ORDER.index(j.statement.verdict))
            groups.append((matter, here))
    return groups


def _heading(reading: Reading, lang: str) -> list[str]:
    lines = [_w(lang, "title"), _w(lang, "summary", applies=len(reading.applies), open=len(reading.open))]
    if reading.matter:
        lines.append(_w(lang, "asked", matter=matter_name(reading.matter, lang)))
    if reading.querent:
        lines.append(_w(lang, "asked.querent", querent=querent_name(reading.querent, lang)))
    return lines


def verdict_name(verdict: str, lang: str) -> str:
    """A verdict in words (吉 → 길(吉), good (吉))."""
    return _w(lang, f"v.{verdict}")


def period_text(period: Period, lang: str) -> str:
    """A 應期: the rule in the chapter's words, its marks, and its dates when known."""
    marks = "·".join(period.marks)
    rule = f"{period.rule}{f' ({marks})' if marks and marks not in period.rule else ''} [{period.statement.id}]"
    dates = ""
    if period.start is not None and period.end is not None:
        form = language(lang)
        dates = f" {form.when(period.start)} → {form.when(period.end)}"
    return _w(lang, "period", rule=rule, dates=dates)


def verdict_lines(v: Verdict, lang: str) -> list[str]:
    """One verdict in one to four lines: the verdict and its first reason; a second reason; the first
    override or rescue (with the School choice where one was needed); the primary 應期."""
    head = f"■ {matter_name(v.matter, lang)}: {verdict_name(v.verdict, lang)}"
    if v.reasons:
        r = v.reasons[0]
        head += f" ← 「{r.quote}」 {r.source} [{r.id}]"
    elif v.verdict == "未定" and v.open:
        head += " — " + _w(lang, "undecided", n=v.open)
    elif v.principle == 6:
        head += " — " + _w(lang, "lean")
    lines = [head]
    if len(v.reasons) > 1:
        r = v.reasons[1]
        lines.append(f"    「{r.quote}」 {r.source} [{r.id}]")
    if v.overrides:
        o = v.overrides[0]
        ids = ", ".join(o.set_aside[:3]) + (" …" if len(o.set_aside) > 3 else "")
        text = _w(lang, "aside", ids=ids, quote=o.by.quote, source=o.by.source)
        if o.kind == "神將戰" and v.school:
            text += " " + _w(lang, "school", choice=v.school)
        lines.append("    " + text)
    if v.timing is not None:
        lines.append("    " + period_text(v.timing, lang) + (_w(lang, "folded", n=v.folded) if v.folded else ""))
    return lines


def _standing(verdicts: tuple[Verdict, ...]) -> dict[str, str]:
    standing: dict[str, str] = {}
    for v in verdicts:
        for o in v.overrides:
            for i in o.set_aside:
                standing.setdefault(i, "aside")
        for r in v.reasons:
            standing[r.id] = "reason"
    return standing


def _month_note(reading: Reading, when: datetime | None, lang: str) -> list[str]:
    from ..reading.timing import month_disagrees

    if when is None:
        return []
    month = month_disagrees(reading.chart, when)
    return [] if month is None else [_w(lang, "month_off", month=month, chart=str(reading.chart.month))]


def reading_short(reading: Reading, lang: str | None = None, when: datetime | None = None) -> str:
    """The verdicts alone: heading, one to four lines per matter, and where the evidence is."""
    lang = check_lang(lang or reading.lang)
    lines = [_w(lang, "title")]
    lines += _heading(reading, lang)[2:]
    if not reading.applies and not reading.open:
        return "\n".join([*lines, _w(lang, "none")])
    for v in reading.verdicts(when):
        lines += verdict_lines(v, lang)
    lines += _month_note(reading, when, lang)
    lines.append(_w(lang, "more"))
    return "\n".join(lines)


def reading_text(reading: Reading, lang: str | None = None, when: datetime | None = None, full: bool = True) -> str:
    """The reading as plain text (the CLI prints it): the verdicts first; with ``full`` then the
    evidence: the statements that apply by matter and verdict, with their ids, the open ones, and every
    應期 (with dates when ``when`` is given)."""
    from ..reading import Reading

    if not isinstance(reading, Reading):
        raise ParseError(f"reading={quote(reading)} is not a reading; accepted: liuren.Chart.reading(...)")
    lang = check_lang(lang or reading.lang)
    short = reading_short(reading, lang, when)
    if not full or (not reading.applies and not reading.open):
        return short
    lines = short.splitlines()[:-1]
    standing = _standing(reading.verdicts(when))
    lines += ["", "━━ " + _w(lang, "evidence"), *_heading(reading, lang)[1:2]]
    for matter, group in _groups(reading.applies):
        lines += ["", f"■ {matter_name(matter, lang)}"]
        for j in group:
            lines += _statement_lines(j, lang, standing)
    if reading.open:
        lines += ["", f"■ {_w(lang, 'open')}"]
        for j in reading.open:
            lines += _statement_lines(j, lang, standing)
    periods = reading.timing(when)
    if periods:
        lines += ["", f"■ {_w(lang, 'timing')}"]
        lines += ["    " + period_text(p, lang) for p in periods]
    return "\n".join(lines)


def _statement_html(j: Judgement, lang: str, pal: Mapping[str, str], standing: Mapping[str, str]) -> str:
    s = j.statement
    color = pal[VERDICT_COLOR[s.verdict]]
    parts = [
        f'<span style="color:{pal["muted"]};font-size:0.85em">{escape(s.id)}</span> ',
        f'<span style="color:{color};font-weight:600">[{escape(_tag(s.verdict, s.timing is not None))}]</span> ',
        f'<span style="color:{pal["ink"]}">「{escape(s.quote)}」</span>',
        f' <span style="color:{pal["muted"]};font-size:0.85em">— {escape(str(s.source))}</span>',
    ]
    if language(lang).glosses_quotes:
        parts.append(f'<div style="color:{pal["ink"]};margin-left:1.2em">{escape(s.gloss(lang))}</div>')
    notes = []
    if j.facts:
        notes.append(", ".join(escape(fact_text(f, lang)) for f in j.facts))
    if j.undecided:
        notes.append(escape(_w(lang, "needs", what=", ".join(undecided_text(u, lang) for u in j.undecided))))
    for other in s.contradicts:
        text = contradiction_text(s.id, other, lang, standing)
        notes.append(f'<span style="color:{pal["mark"]}">⚠ {escape(text)}</span>')
    if s.slip:
        notes.append(f'<span style="color:{pal["mark"]}">⚠ {escape(_w(lang, "slip", slip=s.slip))}</span>')
    if s.noble:
        notes.append(f'<span style="color:{pal["mark"]}">⚠ {escape(s.noble)}</span>')
    if notes:
        parts.append(
            f'<div style="margin-left:1.2em;color:{pal["muted"]};font-size:0.9em">' + "<br>".join(notes) + "</div>"
        )
    return f'<li style="color:{pal["ink"]};margin:0.25em 0">{"".join(parts)}</li>'


def _verdict_html(v: Verdict, lang: str, pal: Mapping[str, str]) -> str:
    lines = verdict_lines(v, lang)
    color = pal[VERDICT_COLOR.get(v.verdict, "muted")]
    head = lines[0].removeprefix("■ ")
    matter, _, rest = head.partition(": ")
    name = verdict_name(v.verdict, lang)
    rest = rest.removeprefix(name)
    first = f'<b style="color:{pal["ink"]}">{escape(matter)}</b>: <span style="color:{color};font-weight:700">{escape(name)}</span>{escape(rest)}'
    more = "".join(
        f'<div style="margin-left:1.2em;color:{pal["muted"]}">{escape(line.strip())}</div>' for line in lines[1:]
    )
    return f'<li style="color:{pal["ink"]};margin:0.3em 0">{first}{more}</li>'


def reading_html(reading: Reading, lang: str | None = None, when: datetime | None = None) -> str:
    """The reading as HTML on the card's paper (legible in JupyterLab's light and dark themes): the
    verdicts first; the evidence one fold below (closed), one folding section per matter inside, the
    open statements last."""
    from ..reading import Reading

    if not isinstance(reading, Reading):
        raise ParseError(f"reading={quote(reading)} is not a reading; accepted: liuren.Chart.reading(...)")
    lang = check_lang(lang or reading.lang)
    pal = COLORS
    head = _heading(reading, lang)
    body = [f'<div style="color:{pal["ink"]};font-weight:700">{escape(_w(lang, "title"))}</div>']
    body += [f'<div style="color:{pal["muted"]}">{escape(line)}</div>' for line in head[2:]]
    if not reading.applies and not reading.open:
        body.append(f"<p>{escape(_w(lang, 'none'))}</p>")
        return paper_box("".join(body), style="max-width:1100px;line-height:1.45")
    verdicts = reading.verdicts(when)
    items = "".join(_verdict_html(v, lang, pal) for v in verdicts)
    body.append(f'<ul class="liuren-verdicts" style="list-style:none;padding-left:0.2em;margin:0.3em 0">{items}</ul>')
    body += [f'<div style="color:{pal["mark"]}">{escape(line)}</div>' for line in _month_note(reading, when, lang)]
    standing = _standing(verdicts)
    inner = [f'<div style="color:{pal["muted"]}">{escape(head[1])}</div>']
    for matter, group in _groups(reading.applies):
        items = "".join(_statement_html(j, lang, pal, standing) for j in group)
        summary = f"{escape(matter_name(matter, lang))} ({len(group)})"
        inner.append(
            f'<details><summary style="color:{pal["ink"]};cursor:pointer;font-weight:600">{summary}</summary>'
            f'<ul style="list-style:none;padding-left:0.6em;margin:0.2em 0">{items}</ul></details>'
        )
    if reading.open:
        items = "".join(_statement_html(j, lang, pal, standing) for j in reading.open)
        inner.append(
            f'<details><summary style="color:{pal["ink"]};cursor:pointer;font-weight:600">{escape(_w(lang, "open"))} '
            f"({len(reading.open)})</summary>"
            f'<ul style="list-style:none;padding-left:0.6em;margin:0.2em 0">{items}</ul></details>'
        )
    periods = reading.timing(when)
    if periods:
        rows = "".join(f'<li style="color:{pal["ink"]}">{escape(period_text(p, lang))}</li>' for p in periods)
        inner.append(
            f'<details><summary style="color:{pal["ink"]};cursor:pointer;font-weight:600">{escape(_w(lang, "timing"))} '
            f'({len(periods)})</summary><ul style="padding-left:1.2em;margin:0.2em 0">{rows}</ul></details>'
        )
    body.append(
        f'<details class="liuren-evidence"><summary style="color:{pal["ink"]};cursor:pointer;font-weight:600">'
        f'{escape(_w(lang, "evidence"))}</summary><div style="margin-left:0.6em">{"".join(inner)}</div></details>'
    )
    return paper_box("".join(body), style="max-width:1100px;line-height:1.45")


CHECK_MARKS = {"right": ("✔", "final"), "wrong": ("✘", "mark"), "open": ("?", "muted")}
"""A checked line's mark and its palette entry: what the line judges is right, wrong, or what the chart
cannot decide (the mark :func:`fact_text` gives an undecided condition); a line with no key (an answer
revealed) has no mark. Both checks, the reading's and the verdict's, mark each line from this one table."""


def _check_lines(result: ReadingCheck) -> list[tuple[str, str]]:
    """Each line with its key in :data:`CHECK_MARKS` ("" for the answer revealed): the right picks ✔, each
    wrong pick ✘, each pick the chart cannot decide ?, the statements missed ✘."""
    lang = result.lang
    if result.ok:
        return [("right", render(_w(lang, "check.ok", n=len(result.right)), lang))]
    lines = []
    if result.right:
        lines.append(("right", _w(lang, "check.right", n=len(result.right), ids=", ".join(result.right))))
    for c in result.wrong:
        if c.status == "open":
            what = ", ".join(undecided_text(u, lang) for u in c.undecided)
            lines.append(("open", _w(lang, "check.open", id=c.statement.id, what=what)))
        else:
            why = failed_text(c.failed, lang) if c.failed is not None else c.statement.subject
            lines.append(("wrong", _w(lang, "check.wrong", id=c.statement.id, why=why)))
    if result.missed:
        lines.append(("wrong", _w(lang, "check.missed", n=result.missed)))
    if result.answer:
        lines.append(("", _w(lang, "check.answer", ids=", ".join(result.answer))))
    return [(key, render(line, lang)) for key, line in lines]


def _check_result(result: object, verdict: bool) -> None:
    """Refuse what is not the check asked for: a ``VerdictCheck`` (``verdict``) or a ``ReadingCheck``
    (each renderer reads its own fields, so the other one is refused too, not half read)."""
    from ..reading.exercise import ReadingCheck, VerdictCheck

    if not isinstance(result, VerdictCheck if verdict else ReadingCheck):
        accepted = "check_verdict(...)" if verdict else "check_reading(...)"
        raise ParseError(
            f"result={quote(result)} is not a {'verdict' if verdict else 'reading'} check; accepted: {accepted}"
        )


def _marked_html(lines: list[tuple[str, str]], ok: bool) -> str:
    """A check's lines in the panel every check is told in (:func:`~liuren.show.html.panel`: its left bar
    green when ``ok``, else the mark's red, as ``check()``'s), each after its own mark (:data:`CHECK_MARKS`)
    on a chip of the card's paper."""
    rows = []
    for key, line in lines:
        if key not in CHECK_MARKS:
            rows.append(escape(line))
            continue
        mark, color = CHECK_MARKS[key]
        rows.append(f"{mark_chip(mark, COLORS[color])} {escape(line)}")
    return panel("<br>".join(rows), RIGHT if ok else COLORS["mark"])


def reading_check_text(result: ReadingCheck) -> str:
    """The verdict on a choice of statements, as text: what was right, each wrong choice with the
    condition that fails on the chart, how many were missed (and which, when revealed)."""
    _check_result(result, verdict=False)
    return "\n".join(line for _, line in _check_lines(result))


def reading_check_html(result: ReadingCheck) -> str:
    """The same verdict on the card's paper, each line marked by itself (:data:`CHECK_MARKS`): before, one
    ✘ stood before the right picks and the wrong picks' lines had none."""
    _check_result(result, verdict=False)
    return _marked_html(_check_lines(result), result.ok)


def _verdict_check_lines(result: VerdictCheck) -> list[tuple[str, str]]:
    """Each line with its key in :data:`CHECK_MARKS`: the verdict and the reason each right or wrong ("" for
    the answer revealed)."""
    lang = result.lang
    name = verdict_name(result.verdict, lang)
    lines: list[tuple[str, str]] = [
        ("right", _w(lang, "vc.verdict.ok", verdict=name))
        if result.verdict_ok
        else ("wrong", _w(lang, "vc.verdict.no", verdict=name))
    ]
    lines.append(
        ("right", _w(lang, "vc.reason.ok", id=result.reason))
        if result.reason_ok
        else ("wrong", _w(lang, f"vc.reason.{result.why}", id=result.reason))
    )
    if result.expected:
        verdict, ids = verdict_name(result.expected, lang), ", ".join(result.reasons) or "—"
        lines.append(("", _w(lang, "vc.answer", verdict=verdict, ids=ids)))
    return lines


def verdict_check_text(result: VerdictCheck) -> str:
    """A learner's verdict and reason, checked: whether each is right, and why a reason is not."""
    _check_result(result, verdict=True)
    return "\n".join(line for _, line in _verdict_check_lines(result))


def verdict_check_html(result: VerdictCheck) -> str:
    """The same on the card's paper, each line marked by itself: a right verdict with a wrong reason is
    a ✔ on the verdict's line and a ✘ on the reason's (one mark for the whole put a ✘ beside "the verdict
    is right")."""
    _check_result(result, verdict=True)
    return _marked_html(_verdict_check_lines(result), result.ok)
