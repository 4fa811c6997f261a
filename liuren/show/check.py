"""Check a learner's own chart: the plate offset, the four lessons, the three transmissions, the method.

:func:`check` takes each part of an answer in the form a learner writes it and says whether it is
right; when it is not, ``first_error`` is the key of the first step of :meth:`liuren.Chart.steps`
the answer gets wrong and ``message`` names the rule missed (in Chinese, Korean or English) without
giving the answer away — ``reveal=True`` adds it.

>>> from liuren import Chart
>>> c = Chart("丙申", "午", "亥")
>>> check(c, offset=5, lessons="戌卯丑午", transmissions="卯申丑", method="元首").ok
True
>>> r = check(c, transmissions="申卯丑", lang="en")
>>> r.ok, r.first_error
(False, 'gate-zeike')
>>> check(c, lessons="戌卯丑", lang="en")
Traceback (most recent call last):
...
liuren.errors.ParseError: lessons='戌卯丑' has 3 lessons; accepted: the four uppers in lesson order 1→4 such as '戌卯丑午' ('?' for one you leave open), or four (upper, lower) pairs
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from ..cycle import BRANCH_CHARS, BRANCH_LOOKUP, GENERAL_LOOKUP, JIGONG, STEM_CHARS, normalize
from ..errors import ParseError, quote
from ..records import FAMILY_OF, Record
from ..transmissions import LESSON_TYPE_ALIASES, LESSON_TYPES, Method
from .gates import chain_rule, gate_records
from .i18n import branch_term, check_lang, render, zh_number
from .words.check import CHECK

if TYPE_CHECKING:
    from ..chart import Chart

UNKNOWN = frozenset("?？_")
"""Characters a learner writes for a place left open (not checked)."""
LESSONS_ACCEPTED = (
    "accepted: the four uppers in lesson order 1→4 such as '戌卯丑午' ('?' for one you leave open), "
    "or four (upper, lower) pairs"
)
TRANSMISSIONS_ACCEPTED = (
    "accepted: the three branches 初中末 such as '卯申丑' ('?' for one you leave open), each optionally "
    "followed by its general ('卯常申合丑陰'), or a sequence of three branches or (branch, general) pairs"
)
METHOD_ACCEPTED = (
    "accepted: a method (" + " ".join(m.value for m in Method) + ") or a lesson type (" + " ".join(LESSON_TYPES) + ")"
)
GATE_OF: dict[str, Method] = FAMILY_OF
"""The gate family (the method whose gates give it) of each method and lesson type, read off the
record types of :mod:`liuren.records` (涉害's sub-gates are of the 涉害 family)."""


# ---------------------------------------------------------------- the answer forms
FULL_WIDTH_DIGITS = {0xFF10 + n: str(n) for n in range(10)}
"""０–９ read as 0–9 in a typed offset."""


def parse_offset(value: object) -> int:
    """A plate offset: an int 0–11 (or its digits as text, full-width ５ too)."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ParseError(f"offset={quote(value)} is not a plate offset; accepted: a whole number 0–11 such as 5")
    if isinstance(value, str):
        text = normalize(value).translate(FULL_WIDTH_DIGITS)  # ５ → 5, as a learner's IME may type it
        if not text.isdigit() or not text.isascii():
            raise ParseError(f"offset={quote(value)} is not a plate offset; accepted: a whole number 0–11 such as 5")
        digits = text.lstrip("0") or "0"
        if len(digits) > 2:  # out of range however long (int() itself refuses 4,301 digits)
            raise ParseError(
                f"offset={quote(value)} is out of range; accepted: a whole number 0–11 (d = 月將 − 占時 mod 12)"
            )
        value = int(digits)
    if not 0 <= value <= 11:
        raise ParseError(
            f"offset={quote(value)} is out of range; accepted: a whole number 0–11 (d = 月將 − 占時 mod 12)"
        )
    return value


def _chars(value: str) -> list[str]:
    return [c for c in normalize(value) if not c.isspace() and c not in ",、，/·"]


def _branch_or_open(c: object, what: str, accepted: str) -> int | None:
    if isinstance(c, str) and c in UNKNOWN:
        return None
    found = BRANCH_LOOKUP.get(normalize(c)) if isinstance(c, str) else None
    if found is None or len(normalize(c)) != 1:  # type: ignore[arg-type]
        raise ParseError(f"{what}: {quote(c)} is not a branch; {accepted}")
    return found.ordinal


def parse_lessons(value: object) -> tuple[tuple[int | None, str | None], ...]:
    """Four lessons: (upper ordinal or None when left open, lower character or None when not given)."""
    what = f"lessons={quote(value)}"
    if isinstance(value, str):
        items: list[Any] = _chars(value)
        if len(items) == 8:  # upper and lower of each lesson written together: 戌丙卯戌丑申午丑
            items = [items[i] + items[i + 1] for i in range(0, 8, 2)]
    elif isinstance(value, Sequence) or (isinstance(value, Iterable) and not isinstance(value, (bytes, dict))):
        items = list(value)
    else:
        raise ParseError(f"{what} is not understood; {LESSONS_ACCEPTED}")
    if len(items) != 4:
        raise ParseError(f"{what} has {len(items)} lessons; {LESSONS_ACCEPTED}")
    out: list[tuple[int | None, str | None]] = []
    for item in items:
        if isinstance(item, str) and len(_chars(item)) == 2:
            item = tuple(_chars(item))
        if isinstance(item, str):
            out.append((_branch_or_open(item, what, LESSONS_ACCEPTED), None))
        elif isinstance(item, (tuple, list)) and len(item) == 2 and all(isinstance(x, str) for x in item):
            upper = _branch_or_open(item[0], what, LESSONS_ACCEPTED)
            lower = normalize(item[1])
            if not (lower in UNKNOWN or (len(lower) == 1 and (lower in STEM_CHARS or lower in BRANCH_CHARS))):
                raise ParseError(
                    f"{what}: {quote(item[1])} is not a lower (a stem for lesson 1, a branch after); {LESSONS_ACCEPTED}"
                )
            out.append((upper, None if lower in UNKNOWN else lower))
        else:
            raise ParseError(f"{what}: {quote(item)} is not a lesson; {LESSONS_ACCEPTED}")
    return tuple(out)


def parse_transmissions(value: object) -> tuple[tuple[int | None, str | None], ...]:
    """Three transmissions: (branch ordinal or None when left open, general name or None)."""
    what = f"transmissions={quote(value)}"
    if isinstance(value, str):
        chars = _chars(value)
        if len(chars) == 6:
            items: list[Any] = [(chars[i], chars[i + 1]) for i in range(0, 6, 2)]
        else:
            items = chars
    elif isinstance(value, Sequence) or (isinstance(value, Iterable) and not isinstance(value, (bytes, dict))):
        items = list(value)
    else:
        raise ParseError(f"{what} is not understood; {TRANSMISSIONS_ACCEPTED}")
    if len(items) != 3:
        raise ParseError(f"{what} has {len(items)} transmissions; {TRANSMISSIONS_ACCEPTED}")
    out: list[tuple[int | None, str | None]] = []
    for item in items:
        if isinstance(item, str) and len(_chars(item)) >= 2:
            chars = _chars(item)
            item = (chars[0], "".join(chars[1:]))
        if isinstance(item, str):
            out.append((_branch_or_open(item, what, TRANSMISSIONS_ACCEPTED), None))
        elif isinstance(item, (tuple, list)) and len(item) == 2 and all(isinstance(x, str) for x in item):
            branch = _branch_or_open(item[0], what, TRANSMISSIONS_ACCEPTED)
            name = normalize(item[1])
            general = None if name in UNKNOWN else GENERAL_LOOKUP.get(name)
            if general is None and name not in UNKNOWN:
                raise ParseError(f"{what}: {quote(item[1])} is not a general; {TRANSMISSIONS_ACCEPTED}")
            out.append((branch, None if general is None else str(general)))
        else:
            raise ParseError(f"{what}: {quote(item)} is not a transmission; {TRANSMISSIONS_ACCEPTED}")
    return tuple(out)


def parse_method(value: object) -> str:
    """A method (賊克 …) or a lesson type (元首 …), traditional."""
    text = normalize(value) if isinstance(value, str) else None
    text = LESSON_TYPE_ALIASES.get(text, text) if text is not None else None  # 獨腳, the chapter's name for 獨足
    if text is not None and text.endswith("課") and text[:-1] in GATE_OF:
        text = text[:-1]  # 元首課 as the chapters title it
    if text is None or text not in GATE_OF:
        raise ParseError(f"method={quote(value)} is not a method or lesson type; {METHOD_ACCEPTED}")
    return text


# ---------------------------------------------------------------- the verdict
@dataclass(frozen=True, slots=True)
class CheckResult:
    """The verdict on an answer: ``ok``, ``first_error`` (the key of the first step of
    :meth:`liuren.Chart.steps` the answer gets wrong, or None), ``message`` (in the language asked
    for) and ``checked`` (which parts were given). ``ok`` is True when something was answered and
    every place answered is right; an answer left wholly open ("???") is no answer, so it is not ok."""

    ok: bool
    first_error: str | None
    message: str
    checked: tuple[str, ...]

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        from .html import COLORS, paper_box

        if self.ok:
            color, mark = RIGHT, "✔"
        elif self.first_error is None:  # nothing answered yet
            color, mark = COLORS["muted"], "…"
        else:
            color, mark = COLORS["mark"], "✘"
        return paper_box(
            f'<span style="color:{color};font-weight:bold">{mark}</span> {escape(self.message)}',
            f"border-left:4px solid {color};font-family:sans-serif;font-size:14px",
        )


RIGHT = "#2f7d32"
"""The green of a right answer (4.8:1 on the paper; the others are the palette's muted and mark)."""


SUBNAMES = {
    family: " ".join(t for t in LESSON_TYPES if GATE_OF[t] == family) for family in dict.fromkeys(GATE_OF.values())
}
"""The lesson types each gate family can give, in the engine's order (read off the record types)."""
METHOD_OF_GATE = {GATE_OF[m.value]: m.value for m in Method}
"""The method each gate family belongs to."""
CHAIN_HINT = {
    "plate6": "plate",
    "gan-again": "gan",
    **dict.fromkeys(("xing", "other-anchor", "self", "returns"), "fuyin"),
}
"""The hint of check for each rule of the 中傳/末傳 the steps tell (the rest keep their own name)."""


def initial_error(records: Iterable[Record], init: int) -> str:
    """The gate step at which the learner's 初 ``init`` drops out of the candidates."""
    for record in records:
        pool = record.remaining
        if pool is not None and init not in pool:
            return f"gate-{record.gate}"
    return "initial"


def method_error(records: Iterable[Record], answer: str) -> str:
    """The step a wrong method or lesson type goes wrong at."""
    wanted = GATE_OF[answer]
    gates = [r for r in records if not r.chained]
    deciding = gates[-1]
    for special in (Method.FUYIN, Method.FANYIN):  # the plate decides before any 克 does
        record = next((r for r in gates if r.method == special), None)
        if record is not None and (record.applied != (wanted == special)):
            return f"gate-{record.gate}"
    tried = [r for r in gates if r.method == wanted]
    if tried and not any(r.applied for r in tried):
        return f"gate-{tried[0].gate}"  # the learner took a gate that does not apply
    if not tried:
        first = next(r for r in gates if r.applied)
        return f"gate-{first.gate}"  # the learner went past a gate that applied
    if deciding.method == wanted:
        return "method"  # the right gate, the wrong name
    after = gates[gates.index(tried[-1]) + 1]
    return f"gate-{after.gate}"  # the learner stopped before the gate that decided


def chain_hint(chart: Chart, key: str) -> str:
    """The hint key for a wrong 中傳 (``key`` "middle") or 末傳 ("final"): the rule that gives it."""
    rule, _ = chain_rule(gate_records(chart), key, chart.offset)
    return f"{key}.{CHAIN_HINT.get(rule, rule)}"


Error = tuple[str, str, str]
"""A part of an answer found wrong: (the key of the step it goes wrong at, the message key, the right value)."""


def check(
    chart: Chart,
    *,
    offset: object = None,
    lessons: object = None,
    transmissions: object = None,
    method: object = None,
    lang: str = "ko",
    reveal: bool = False,
) -> CheckResult:
    """Check a learner's answer for ``chart``; each part is optional.

    ``offset`` the plate offset d (an int 0–11); ``lessons`` the four uppers in lesson order 1→4
    ("戌卯丑午" for 丙申 午時 亥將) or four (upper, lower) pairs; ``transmissions`` the three branches
    ("卯申丑"), optionally each with its general ("卯常申合丑陰"), or a sequence of them; ``method`` a
    method ("賊克") or a lesson type ("元首"). "?" leaves a place open. ``lang`` is "ko", "zh" or
    "en"; ``reveal`` adds the right value to the message. Malformed answers raise
    :class:`~liuren.ParseError`.
    """
    from .html import check_chart

    check_chart(chart)
    lang = check_lang(lang)
    if not isinstance(reveal, bool):
        raise ParseError(f"reveal={quote(reveal)} must be True or False")
    given: list[str] = []
    errors: list[Error] = []
    open_places = 0
    if offset is not None:
        given.append("offset")
        if parse_offset(offset) != chart.offset:
            errors.append(("plate", "wrong.offset", f"d = {chart.offset}"))
    for part, judge, value in (
        ("lessons", lessons_error, lessons),
        ("transmissions", transmissions_error, transmissions),
    ):
        if value is None:
            continue
        judged = judge(chart, value)
        if judged is None:  # every place left open: nothing of this part was answered
            continue
        given.append(part)
        open_places += judged[0]
        if judged[1] is not None:
            errors.append(judged[1])
    if method is not None:
        given.append("method")
        name = parse_method(method)
        if name not in (chart.method, chart.lesson_type):
            right = f"{chart.method} · {chart.lesson_type}"
            errors.append((method_error(gate_records(chart), name), "wrong.method", right))
    return _verdict(chart, given, errors, open_places, lang, reveal)


def lessons_error(chart: Chart, lessons: object) -> tuple[int, Error | None] | None:
    """(places left open, the first wrong lesson if any) for an answer of the four lessons; None when
    every place is left open."""
    answer = parse_lessons(lessons)
    if all(upper is None and lower is None for upper, lower in answer):
        return None
    open_places = sum(upper is None for upper, _ in answer)
    for i, ((upper, lower), lesson) in enumerate(zip(answer, chart.lessons, strict=True)):
        if (upper is not None and upper != lesson.upper.ordinal) or (lower is not None and lower != lesson.lower):
            return open_places, (f"lesson-{i + 1}", f"wrong.lessons|{i}", f"{lesson.upper}/{lesson.lower}")
    return open_places, None


def transmissions_error(chart: Chart, transmissions: object) -> tuple[int, Error | None] | None:
    """(places left open, the first wrong transmission or the wrong generals if any) for an answer of
    the 三傳; None when every place is left open."""
    answer = parse_transmissions(transmissions)
    if all(branch is None and general is None for branch, general in answer):
        return None
    open_places = sum(branch is None for branch, _ in answer)
    right = chart.transmissions
    for i, ((branch, _), t) in enumerate(zip(answer, right, strict=True)):
        if branch is not None and branch != t.branch.ordinal:
            if i == 0:
                key = initial_error((r for r in gate_records(chart) if not r.chained), branch)
            else:
                key = "middle" if i == 1 else "final"
            return open_places, (key, f"wrong.transmissions|{i}", "".join(x.branch for x in right))
    if any(g is not None and g != t.general for (_, g), t in zip(answer, right, strict=True)):
        return open_places, ("generals", "wrong.generals", " ".join(f"{t.branch}{t.general.short}" for t in right))
    return open_places, None


def _verdict(
    chart: Chart, given: list[str], errors: list[Error], open_places: int, lang: str, reveal: bool
) -> CheckResult:
    """The message: nothing given, all right (with the places left open), or the first wrong step's hint."""
    w = CHECK[lang]
    if not given:
        return CheckResult(False, None, render(w["none"], lang), ())
    if not errors:
        parts = ", ".join(w[f"part.{p}"] for p in given) if lang != "zh" else "、".join(w[f"part.{p}"] for p in given)
        note = _fmt(w["open"], n=open_places) if open_places else ""
        return CheckResult(True, None, render(_fmt(w["ok"], parts=parts) + note, lang), tuple(given))
    order = [s.key for s in chart.steps(lang)]
    key, wrong, right_value = min(errors, key=lambda e: order.index(e[0]) if e[0] in order else len(order))
    head_key, _, index = wrong.partition("|")
    head = _fmt(
        w[head_key], n=int(index or 0) + 1, cn=zh_number(int(index or 0) + 1), which=w.get(f"which.{index or 0}", "")
    )
    hint = _hint(chart, key, lang, chart._ke)
    text = f"{head}{'' if lang == 'zh' else ' '}{hint}" + (_fmt(w["answer"], answer=right_value) if reveal else "")
    return CheckResult(False, key, render(text, lang), tuple(given))


def _fmt(template: str, **values: Any) -> str:
    return template.format(**values)


def _hint(chart: Chart, key: str, lang: str, ke: Any) -> str:
    w = CHECK[lang]
    b = branch_term
    stem = f"⟨{chart.stem}⟩"
    if key == "plate":
        return _fmt(w["plate"], g=b(chart.general.ordinal), h=b(chart.hour.ordinal))
    if key.startswith("lesson-"):
        return _fmt(w[key], stem=stem, jig=b(JIGONG[ke.stem]), z=b(ke.branch))
    if key.startswith("gate-"):
        return _fmt(w[key], stem=stem)
    if key == "method":
        family = GATE_OF[chart.lesson_type]
        names = " ".join(f"⟨{n}⟩" for n in SUBNAMES[family].split())
        return _fmt(w["method"], method=METHOD_OF_GATE[family], names=names)
    if key in ("middle", "final"):
        return w[chain_hint(chart, key)]
    if key == "generals":
        return _fmt(w["generals"], stem=stem, when=w[f"when.{chart.noble}"])
    return w["initial"]


__all__ = ["CheckResult", "check", "parse_lessons", "parse_method", "parse_offset", "parse_transmissions"]
