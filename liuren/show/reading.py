"""A reading (:class:`liuren.reading.Reading`) shown as the chapters would read the chart: grouped by
matter, then by verdict; each statement with its verdict, its verbatim quotation, a gloss, the evidence
that decided each condition and its source; then the statements the chart leaves open, each with what
would decide it.

>>> import liuren
>>> text = reading_text(liuren.chart("丙申", "午", "亥", month="寅").reading(lang="en"))
>>> "「卯為日之父母，乘太常主相見公卿有喜」" in text
True
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING

from ..reading.statements import MATTERS, QUERENTS
from .html import COLORS, paper_box
from .i18n import check_lang, render, say
from .words.reading import PLACES, READING

if TYPE_CHECKING:
    from ..reading import Judgement, Reading
    from ..reading.conditions import Fact
    from ..reading.exercise import ReadingCheck

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
    _, ko, en = MATTERS[matter]
    return matter if lang == "zh" else f"{matter} · {ko if lang == 'ko' else en}"


def querent_name(querent: str, lang: str) -> str:
    _, ko, en = QUERENTS[querent]
    return querent if lang == "zh" else f"{querent} ({ko if lang == 'ko' else en})"


def fact_text(fact: Fact) -> str:
    """One condition's evidence: the place as the chapters name it and what the chart shows there that
    decided it (``初傳 太常 ✓``), or ``?`` where the chart lacks what decides."""
    head, op, *rest = fact.condition.split(" ", 2)
    target, _, attr = head.partition(".")
    wanted = set(rest[0].split(",")) if rest else set()
    found = list(fact.found)
    if fact.holds and op != "!=" and wanted & set(found):
        found = [v for v in found if v in wanted]  # what matched, not everything the place shows
    elif fact.holds is None:
        found = sorted(wanted) if op != "!=" else []  # what the chart cannot yet say it shows
    words = [{"true": "是", "false": "否"}.get(v, v) for v in dict.fromkeys(found)]
    if attr == "lesson":
        words = [f"第{n}課" for n in words]
    mark = {True: "✓", False: "✗", None: "?"}[fact.holds]
    return f"{PLACES.get(target, target)} {'·'.join(words) or '—'} {mark}"


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


def _statement_lines(j: Judgement, lang: str) -> list[str]:
    s = j.statement
    lines = [f"[{s.verdict}] 「{s.quote}」 — {s.source.chapter} l. {s.source.line}"]
    if lang != "zh":
        lines.append(f"    {s.gloss(lang)}")
    if j.facts:
        lines.append("    " + ", ".join(fact_text(f) for f in j.facts))
    if j.undecided:
        lines.append("    " + _w(lang, "needs", what=", ".join(undecided_text(u, lang) for u in j.undecided)))
    for other in s.contradicts:
        lines.append("    ⚠ " + _w(lang, "contradicts", other=other))
    if s.slip:
        lines.append("    ⚠ " + _w(lang, "slip", slip=s.slip))
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


def reading_text(reading: Reading, lang: str | None = None) -> str:
    """The reading as plain text (the CLI prints it): heading, the statements that apply by matter and
    verdict, then the open ones."""
    lang = check_lang(lang or reading.lang)
    lines = _heading(reading, lang)
    if not reading.applies and not reading.open:
        return "\n".join([*lines, _w(lang, "none")])
    for matter, group in _groups(reading.applies):
        lines += ["", f"■ {matter_name(matter, lang)}"]
        for j in group:
            lines += _statement_lines(j, lang)
    if reading.open:
        lines += ["", f"■ {_w(lang, 'open')}"]
        for j in reading.open:
            lines += _statement_lines(j, lang)
    return "\n".join(lines)


def _statement_html(j: Judgement, lang: str, pal: Mapping[str, str]) -> str:
    s = j.statement
    color = pal[VERDICT_COLOR[s.verdict]]
    parts = [
        f'<span style="color:{color};font-weight:600">[{escape(s.verdict)}]</span> ',
        f'<span style="color:{pal["ink"]}">「{escape(s.quote)}」</span>',
        f' <span style="color:{pal["muted"]};font-size:0.85em">— {escape(str(s.source))}</span>',
    ]
    if lang != "zh":
        parts.append(f'<div style="color:{pal["ink"]};margin-left:1.2em">{escape(s.gloss(lang))}</div>')
    notes = []
    if j.facts:
        notes.append(", ".join(escape(fact_text(f)) for f in j.facts))
    if j.undecided:
        notes.append(escape(_w(lang, "needs", what=", ".join(undecided_text(u, lang) for u in j.undecided))))
    for other in s.contradicts:
        notes.append(f'<span style="color:{pal["mark"]}">⚠ {escape(_w(lang, "contradicts", other=other))}</span>')
    if s.slip:
        notes.append(f'<span style="color:{pal["mark"]}">⚠ {escape(_w(lang, "slip", slip=s.slip))}</span>')
    if notes:
        parts.append(
            f'<div style="margin-left:1.2em;color:{pal["muted"]};font-size:0.9em">' + "<br>".join(notes) + "</div>"
        )
    return f'<li style="color:{pal["ink"]};margin:0.25em 0">{"".join(parts)}</li>'


def reading_html(reading: Reading, lang: str | None = None) -> str:
    """The reading as HTML on the card's paper (legible in JupyterLab's light and dark themes): one
    folding section per matter, the open statements last."""
    lang = check_lang(lang or reading.lang)
    pal = COLORS
    head = _heading(reading, lang)
    body = [f'<div style="color:{pal["ink"]};font-weight:700">{escape(head[0])}</div>']
    body += [f'<div style="color:{pal["muted"]}">{escape(line)}</div>' for line in head[1:]]
    if not reading.applies and not reading.open:
        body.append(f"<p>{escape(_w(lang, 'none'))}</p>")
    for n, (matter, group) in enumerate(_groups(reading.applies)):
        items = "".join(_statement_html(j, lang, pal) for j in group)
        summary = f"{escape(matter_name(matter, lang))} ({len(group)})"
        body.append(
            f'<details{" open" if n == 0 else ""}><summary style="color:{pal["ink"]};cursor:pointer;font-weight:600">{summary}</summary>'
            f'<ul style="list-style:none;padding-left:0.6em;margin:0.2em 0">{items}</ul></details>'
        )
    if reading.open:
        items = "".join(_statement_html(j, lang, pal) for j in reading.open)
        body.append(
            f'<details><summary style="color:{pal["ink"]};cursor:pointer;font-weight:600">{escape(_w(lang, "open"))} '
            f"({len(reading.open)})</summary>"
            f'<ul style="list-style:none;padding-left:0.6em;margin:0.2em 0">{items}</ul></details>'
        )
    return paper_box("".join(body), style="max-width:1100px;line-height:1.45")


def _check_lines(result: ReadingCheck) -> list[str]:
    lang = result.lang
    if result.ok:
        return [_w(lang, "check.ok", n=len(result.right))]
    lines = []
    if result.right:
        lines.append(_w(lang, "check.right", n=len(result.right), ids=", ".join(result.right)))
    for c in result.wrong:
        if c.status == "open":
            what = ", ".join(undecided_text(u, lang) for u in c.undecided)
            lines.append(_w(lang, "check.open", id=c.statement.id, what=what))
        else:
            why = fact_text(c.failed) if c.failed is not None else c.statement.subject
            lines.append(_w(lang, "check.wrong", id=c.statement.id, why=why))
    if result.missed:
        lines.append(_w(lang, "check.missed", n=result.missed))
    if result.answer:
        lines.append(_w(lang, "check.answer", ids=", ".join(result.answer)))
    return [render(line, lang) for line in lines]


def reading_check_text(result: ReadingCheck) -> str:
    """The verdict on a choice of statements, as text: what was right, each wrong choice with the
    condition that fails on the chart, how many were missed (and which, when revealed)."""
    return "\n".join(_check_lines(result))


def reading_check_html(result: ReadingCheck) -> str:
    """The same verdict on the card's paper."""
    color = COLORS["final"] if result.ok else COLORS["mark"]
    mark = "✔" if result.ok else "✘"
    body = "<br>".join(escape(line) for line in _check_lines(result))
    return paper_box(f'<span style="color:{color};font-weight:700">{mark}</span> {body}')
