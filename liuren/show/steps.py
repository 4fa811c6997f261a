"""The chart step by step, as a teacher casts it by hand, in Chinese, Korean or English.

:func:`steps` turns a chart into a tuple of :class:`Step` values: the plate (月將加時), the four
lessons, every gate of the nine methods tried in its written order with why it does or does not
apply (from the structured events of :class:`liuren.transmissions.Trace`), the method and lesson
type, the three transmissions with the rule that gives each, the noble and the generals, 六親, 遁干
and 旬空, and the named patterns with their evidence. :func:`trace_lines` and :func:`explain` are
read off the same steps, so there is one text for each rule.

Texts are written once per language with Hanzi terms in ⟨⟩ marks: Chinese keeps the term, English
keeps it too, Korean writes its reading from :mod:`liuren.show.labels` before it — ⟨涉害⟩ becomes
섭해(涉害).

>>> from liuren import Chart
>>> trace_lines(Chart("丙申", "午", "亥"))[-2:]
('上克下 in lesson 2. One candidate: 初 = 卯 (元首).', '三傳 卯申丑: 賊克 → 元首')
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..cycle import BRANCH_CHARS, STEM_CHARS, kin_of
from ..errors import ParseError
from ..transmissions import Event, Trace, choose
from .labels import LANGUAGES, reading

if TYPE_CHECKING:
    from ..chart import Chart

TERM = re.compile(r"⟨([^⟩]+)⟩")


def _check_lang(lang: object) -> str:
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise ParseError(f"lang={lang!r} is not a language of the steps; accepted: 'zh', 'ko', 'en'")
    return lang


def render(text: str, lang: str) -> str:
    """Expand the ⟨term⟩ marks of a template: Korean writes the reading before the Hanzi."""
    if lang != "ko":
        return TERM.sub(r"\1", text)

    def korean(m: re.Match[str]) -> str:
        term = m.group(1)
        ko = reading(term)
        if not ko:
            raise ValueError(f"no Korean reading for {term!r}: add its characters to labels.CHAR_KO")
        return f"{ko}({term})"

    return TERM.sub(korean, text)


def _b(i: int) -> str:
    return f"⟨{BRANCH_CHARS[i % 12]}⟩"


def _bs(items) -> str:
    return "".join(_b(i) for i in items)


def _s(i: int) -> str:
    return f"⟨{STEM_CHARS[i]}⟩"


# ---------------------------------------------------------------- the words, per language
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "yang": "yang", "yin": "yin", "lessons": "lessons: {lessons}",
        "and": " and ", "none": "none",
        "t.plate": "Plate", "t.lesson": "Lesson {n}", "t.method": "Method", "t.initial": "Initial ⟨初傳⟩",
        "t.middle": "Middle ⟨中傳⟩", "t.final": "Final ⟨末傳⟩", "t.generals": "Noble and generals",
        "t.relations": "⟨六親⟩, ⟨遁干⟩, ⟨旬空⟩", "t.patterns": "Patterns",
        "t.gate-fuyin": "⟨伏吟⟩?", "t.gate-fanyin": "⟨返吟⟩?", "t.gate-zeike": "⟨賊克⟩?", "t.gate-biyong": "⟨比用⟩",
        "t.gate-shehai-depth": "⟨涉害⟩ depth", "t.gate-shehai-meng": "⟨涉害⟩: ⟨孟⟩", "t.gate-shehai-zhong": "⟨涉害⟩: ⟨仲⟩",
        "t.gate-shehai-zhuixia": "⟨綴瑕⟩", "t.gate-bazhuan": "⟨八專⟩?", "t.gate-yaoke": "⟨遙克⟩?",
        "t.gate-maoxing": "⟨昴星⟩?", "t.gate-biezhe": "⟨別責⟩?",
        "t.gate-repeated-lesson": "Repeated lesson", "t.gate-fanyin-weishanren": "尉山人 ⟨返吟⟩",
        "t.gate-biyong-ge": "⟨比用格⟩", "t.gate-shehai-shangke": "⟨涉害⟩ ⟨上克下⟩",
        # gates
        "fuyin.no": "Not ⟨伏吟⟩: d = {d}, not 0.",
        "fuyin.lesson-1": "⟨伏吟⟩: d = 0, every heaven branch sits on its own square. Lesson 1 has {kind}, so it gives the 初: {init}.",
        "fuyin.gan": "⟨伏吟⟩: d = 0, every heaven branch sits on its own square. No lesson has a 克 (⟨遙克⟩ is not used); {stem} is a yang day, so 初 = ⟨干上神⟩ {init}.",
        "fuyin.zhi": "⟨伏吟⟩: d = 0, every heaven branch sits on its own square. No lesson has a 克 (⟨遙克⟩ is not used); {stem} is a yin day, so 初 = ⟨支上神⟩ {init}.",
        "fanyin.no": "Not ⟨返吟⟩: d = {d}, not 6.",
        "fanyin.ke": "⟨返吟⟩: d = 6, every branch faces its opposite. A lesson has a 克, so the ordinary ⟨賊克⟩ rules choose the 初 and the 課 is named ⟨無依⟩.",
        "fanyin.jinglan": "⟨返吟⟩: d = 6 and no lesson has a 克 or 賊: ⟨井欄射⟩. 初 = the ⟨驛馬⟩ of the day branch {z}: {horse}.",
        "zeike.no": "No lesson has ⟨上克下⟩ or ⟨下賊上⟩: not ⟨賊克⟩.",
        "zeike.kind": "{kind} in {where}.",
        "zeike.outranks": " A ⟨下賊上⟩ outranks the ⟨上克下⟩ in {others}.",
        "zeike.same": " {where} are one lesson (same upper on the same square), counted once.",
        "zeike.one": " One candidate: 初 = {init} ({name}).",
        "zeike.many": " {n} candidates {cands}: ⟨比用⟩ decides.",
        "biyong.one": "{stem} is {yy}; of {cands} only {match} is {yy} too (比 the day): 初 = {init} ({name}).",
        "biyong.none": "{stem} is {yy}; none of {cands} is {yy} (⟨俱不比⟩): ⟨涉害⟩ among all {n}.",
        "biyong.all": "{stem} is {yy}; all {n} candidates {cands} are {yy} (⟨俱比⟩): ⟨涉害⟩ among them.",
        "biyong.some": "{stem} is {yy}; {k} of the {n} candidates ({match}) are {yy} — more than one 比 the day: ⟨涉害⟩ among those {k}.",
        "depth.head": "Depth count ({start}): each candidate walks the earth plate from its square home to its own square, counting the branches and lodged stems that {what}: {walks}.",
        "depth.start": "the start square counts", "depth.nostart": "the start square does not count",
        "depth.zei": "克 it (a ⟨下賊上⟩ lesson)", "depth.ke": "it 克s (a ⟨上克下⟩ lesson)",
        "depth.walk": "{b} on {sq} {chars}= {n}",
        "depth.one": " {init} wades deepest: 初 = {init} (⟨涉害⟩).",
        "depth.tie": " {tied} tie at {n}: the ⟨孟⟩/⟨仲⟩ test decides.",
        "meng.one": "Of {pool}, only {init} stands on a ⟨孟⟩ square ({sq}; ⟨寅申巳亥⟩): 初 = {init} (⟨見機⟩).",
        "meng.many": "{on} all stand on ⟨孟⟩ squares ({sqs}): ⟨綴瑕⟩ decides.",
        "meng.none": "None of {pool} stands on a ⟨孟⟩ square (⟨寅申巳亥⟩).",
        "zhong.one": "Only {init} stands on a ⟨仲⟩ square ({sq}; ⟨子午卯酉⟩): 初 = {init} (⟨察微⟩).",
        "zhong.many": "{on} all stand on ⟨仲⟩ squares ({sqs}): ⟨綴瑕⟩ decides.",
        "zhong.none": "None stands on a ⟨仲⟩ square either; the ⟨季⟩ squares never decide: ⟨綴瑕⟩.",
        "zhuixia": "{pool} stand on squares of the same kind: ⟨綴瑕⟩ takes the one met first from the {side}: 初 = {init}.",
        "meng.one-heaven": "尉山人: a ⟨上克下⟩ pool is judged on the heaven plate; of {pool}, only {init} is itself a ⟨孟⟩ branch (⟨寅申巳亥⟩): 初 = {init} (⟨見機⟩).",
        "meng.many-heaven": "尉山人: a ⟨上克下⟩ pool is judged on the heaven plate; {on} are all ⟨孟⟩ branches: ⟨綴瑕⟩ decides.",
        "meng.none-heaven": "尉山人: a ⟨上克下⟩ pool is judged on the heaven plate; none of {pool} is a ⟨孟⟩ branch (⟨寅申巳亥⟩).",
        "zhong.one-heaven": "Only {init} is itself a ⟨仲⟩ branch (⟨子午卯酉⟩): 初 = {init} (⟨察微⟩).",
        "zhong.many-heaven": "{on} are all ⟨仲⟩ branches: ⟨綴瑕⟩ decides.",
        "zhong.none-heaven": "None is a ⟨仲⟩ branch either; ⟨季⟩ branches never decide: ⟨綴瑕⟩.",
        "biyong-ge.no": "⟨比用格⟩: 初 {pick} is {kin} to {stem}{why}.",
        "biyong-ge.no-kin": ", not a candidate this school refuses",
        "biyong-ge.no-eligible": ", but no candidate is ⟨兄弟⟩ or ⟨父母⟩ to it",
        "biyong-ge.one": "⟨比用格⟩: 初 {pick} is {kin} to {stem} (用神畏日干所勝), and {init} is {kin2} to it: 初 = {init} (⟨比用格⟩), not {pick}.",
        "biyong-ge.many": "⟨比用格⟩: 初 {pick} is {kin} to {stem} (用神畏日干所勝); {eligible} are ⟨兄弟⟩ or ⟨父母⟩ to it, and the ⟨涉害⟩ steps choose again among them (⟨比用格⟩):",
        "repeated-lesson.no": "Repeated lessons ({pairs}) are counted once; none carries a 克 of its own, so nothing changes.",
        "repeated-lesson.yes": "Repeated lessons ({pairs}) are counted once, as the first: the 克 of {dropped} is not judged again.",
        "repeated-lesson.none": "No lesson repeats another.",
        "repeated-lesson.pair": "lesson {later} = lesson {earlier}",
        "shehai-shangke.yes": "The candidates are ⟨上克下⟩: no depth count; the ⟨孟⟩/⟨仲⟩ squares decide (the 大全's own ⟨上克下⟩ charts).",
        "shehai-shangke.no": "The candidates are ⟨下賊上⟩: the depth count decides first.",
        "fanyin-weishanren": "尉山人取法 (末傳取破): 末 = the 破 of the 中傳 {middle}: {final}, not the return to the 初.",
        "zhuixia.gan": "⟨干⟩ side (lessons 1–2) on a yang day", "zhuixia.zhi": "⟨支⟩ side (lessons 3–4) on a yin day",
        "bazhuan.no": "Not ⟨八專⟩: {stem} lodges at {jig}, not on the day branch {z}.",
        "bazhuan.yang": "⟨八專⟩ day ({stem} lodges on its own branch {z}) with no 克, and 遙克 is not used on 八專 days. A yang day counts three forward from ⟨干上神⟩ {start}, itself included: 初 = {init}.",
        "bazhuan.yin": "⟨八專⟩ day ({stem} lodges on its own branch {z}) with no 克, and 遙克 is not used on 八專 days. A yin day counts three backward from ⟨支陰⟩ {start}, itself included: 初 = {init}.",
        "bazhuan.duzu": " It is the ⟨干上神⟩ itself, so all three transmissions are one branch (⟨獨足⟩).",
        "yaoke.no": "No upper of lessons 2–4 ({uppers}) 克s {stem}, nor does {stem} 克 any: not ⟨遙克⟩.",
        "yaoke.hao": "No lesson has a 克. Among the uppers of lessons 2–4, {found} 克 the day stem {stem} from afar (神遙克日): ⟨蒿矢⟩.",
        "yaoke.hao1": "No lesson has a 克. Among the uppers of lessons 2–4, only {found} 克s the day stem {stem} from afar (神遙克日): ⟨蒿矢⟩.",
        "yaoke.dan": "No lesson has a 克 and no upper of lessons 2–4 克s {stem}; {stem} 克s {found} from afar (日遙克神): ⟨彈射⟩.",
        "yaoke.dan1": "No lesson has a 克 and no upper of lessons 2–4 克s {stem}; {stem} 克s only {found} from afar (日遙克神): ⟨彈射⟩.",
        "yaoke.match": " Of {found}, {init} shares the day's yin-yang.",
        "yaoke.init": " 初 = {init}.",
        "maoxing.no": "Not ⟨昴星⟩: it needs four distinct lessons and there are {n}.",
        "maoxing.yang": "Four distinct lessons, no 克, no 遙克: ⟨昴星⟩. A yang day looks up (仰視): 初 = the heaven branch over earth ⟨酉⟩, {init} (⟨虎視⟩).",
        "maoxing.yin": "Four distinct lessons, no 克, no 遙克: ⟨昴星⟩. A yin day looks down (俯視): 初 = the earth square under heaven ⟨酉⟩, {init} (⟨冬蛇掩目⟩).",
        "biezhe.no": "Not ⟨別責⟩: it needs exactly three distinct lessons and there are {n}.",
        "biezhe.yang": "Three distinct lessons (⟨不備⟩), no 克, no 遙克: ⟨別責⟩. A hard day: {stem} combines with {partner} (⟨干合⟩), which lodges at {lodge}; 初 = the heaven branch over {lodge}: {init}.",
        "biezhe.yin": "Three distinct lessons (⟨不備⟩), no 克, no 遙克: ⟨別責⟩. A soft day: the next member of the day branch {z}'s 三合 group is {base}; 初 = {base} itself, not what rides it.",
        "biezhe.yin-heaven": "Three distinct lessons (⟨不備⟩), no 克, no 遙克: ⟨別責⟩. A soft day: the next member of the day branch {z}'s 三合 group is {base}; this school takes the heaven branch over it: 初 = {init}.",
    },
}


def _w(lang: str, key: str, **values: Any) -> str:
    return WORDS[lang][key].format(**values)


def _where(lessons, lang: str) -> str:
    nums = [str(i + 1) for i in lessons]
    if lang == "en":
        return ("lesson " if len(nums) == 1 else "lessons ") + _w(lang, "and").join([", ".join(nums[:-1]), nums[-1]] if len(nums) > 1 else nums)
    return "、".join(f"⟨第{'一二三四'[i]}課⟩" for i in lessons)


def gate_text(event: Event, chart: Chart, lang: str) -> str:
    """The words for one gate event (before the ⟨⟩ marks are expanded)."""
    ke, data, w = chart._ke, event.data, WORDS[lang]
    stem = _s(ke.stem)
    yy = w["yang"] if ke.stem % 2 == 0 else w["yin"]
    gate = event.gate
    if gate == "fuyin":
        if not event.applied:
            return _w(lang, "fuyin.no", d=data["offset"])
        kind = "⟨上克下⟩" if data["relation"] == 1 else "⟨下賊上⟩"
        return _w(lang, f"fuyin.{data['anchor']}", kind=kind, init=_b(data["init"]), stem=stem)
    if gate == "fanyin":
        if not event.applied:
            return _w(lang, "fanyin.no", d=data["offset"])
        if data["has_ke"]:
            return _w(lang, "fanyin.ke")
        return _w(lang, "fanyin.jinglan", z=_b(ke.branch), horse=_b(data["horse"]))
    if gate == "zeike":
        if not event.applied:
            return _w(lang, "zeike.no")
        lessons = data["lessons"]
        text = _w(lang, "zeike.kind", kind=f"⟨{data['kind']}⟩", where=_where(lessons, lang))
        if data["outranks"]:
            others = [i for i in range(4) if ke.relations[i] == 1]
            text += _w(lang, "zeike.outranks", others=_where(others, lang))
        cands = data["candidates"]
        if data["counted"] == 1:
            if len(lessons) > 1:
                text += _w(lang, "zeike.same", where=_where(lessons, lang))
            return text + _w(lang, "zeike.one", init=_b(data["init"]), name=f"⟨{data['name']}⟩")
        return text + _w(lang, "zeike.many", n=data["counted"], cands=_bs(cands))
    if gate == "biyong":
        cands, match = data["candidates"], data["matching"]
        if event.applied:
            return _w(lang, "biyong.one", stem=stem, yy=yy, cands=_bs(cands), match=_bs(match), init=_b(data["init"]), name=f"⟨{data['name']}⟩")
        variant = "none" if not match else "all" if len(match) == len(cands) else "some"
        return _w(lang, f"biyong.{variant}", stem=stem, yy=yy, cands=_bs(cands), match=_bs(match), n=len(cands), k=len(match))
    if gate == "shehai-depth":
        walks = []
        for b, sq, walk, n in data["walks"]:
            chars = "".join(f"{_b(q)}:{''.join(f'⟨{c}⟩' for c in counted)} " for q, counted in walk if counted)
            walks.append(_w(lang, "depth.walk", b=_b(b), sq=_b(sq), chars=chars, n=n))
        text = _w(
            lang, "depth.head", start=w["depth.start" if data["include_start"] else "depth.nostart"],
            what=w["depth.zei" if data["kind"] == "下賊上" else "depth.ke"], walks="; ".join(walks),
        )
        if event.applied:
            return text + _w(lang, "depth.one", init=_b(data["init"]))
        return text + _w(lang, "depth.tie", tied=_bs(data["tied"]), n=max(x[3] for x in data["walks"]))
    if gate in ("shehai-meng", "shehai-zhong"):
        prefix = "meng" if gate == "shehai-meng" else "zhong"
        suffix = "-heaven" if data.get("plate") == "heaven" else ""
        on = data["on"]
        d = ke.offset
        if event.applied:
            return _w(lang, f"{prefix}.one{suffix}", pool=_bs(data["pool"]), init=_b(data["init"]), sq=_b(data["init"] - d))
        if on:
            return _w(lang, f"{prefix}.many{suffix}", on=_bs(on), sqs=_bs(b - d for b in on))
        return _w(lang, f"{prefix}.none{suffix}", pool=_bs(data["pool"]))
    if gate == "biyong-ge":
        kin = f"⟨{data['kin']}⟩"
        if not event.applied:
            refused = ("妻財",) if chart.school.biyong_ge == "wealth" else ("妻財", "官鬼")
            why = w["biyong-ge.no-eligible"] if data["kin"] in refused else w["biyong-ge.no-kin"]
            return _w(lang, "biyong-ge.no", pick=_b(data["pick"]), kin=kin, stem=stem, why=why)
        if "init" in data:
            kin2 = f"⟨{kin_of(ke.stem, data['init'])}⟩"
            return _w(lang, "biyong-ge.one", pick=_b(data["pick"]), kin=kin, stem=stem, init=_b(data["init"]), kin2=kin2)
        return _w(lang, "biyong-ge.many", pick=_b(data["pick"]), kin=kin, stem=stem, eligible=_bs(data["eligible"]))
    if gate == "repeated-lesson":
        pairs = [_w(lang, "repeated-lesson.pair", later=later + 1, earlier=earlier + 1) for later, earlier in data["repeats"]]
        if not pairs:
            return _w(lang, "repeated-lesson.none")
        if not event.applied:
            return _w(lang, "repeated-lesson.no", pairs="; ".join(pairs))
        dropped = [later for later, _ in data["repeats"] if ke.relations[later]]
        return _w(lang, "repeated-lesson.yes", pairs="; ".join(pairs), dropped=_where(dropped, lang))
    if gate == "shehai-shangke":
        return _w(lang, "shehai-shangke.yes" if event.applied else "shehai-shangke.no")
    if gate == "fanyin-weishanren":
        return _w(lang, "fanyin-weishanren", middle=_b(data["middle"]), final=_b(data["final"]))
    if gate == "shehai-zhuixia":
        return _w(lang, "zhuixia", pool=_bs(data["pool"]), side=w[f"zhuixia.{data['side']}"], init=_b(data["init"]))
    if gate == "bazhuan":
        if not event.applied:
            return _w(lang, "bazhuan.no", stem=stem, jig=_b(data["jigong"]), z=_b(data["branch"]))
        text = _w(lang, "bazhuan.yang" if data["yang"] else "bazhuan.yin", stem=stem, z=_b(ke.branch), start=_b(data["start"]), init=_b(data["init"]))
        return text + (_w(lang, "bazhuan.duzu") if data["name"] == "獨足" else "")
    if gate == "yaoke":
        if not event.applied:
            return _w(lang, "yaoke.no", uppers=_bs(ke.uppers[1:]), stem=stem)
        found = data["found"]
        key = ("yaoke.hao" if data["name"] == "蒿矢" else "yaoke.dan") + ("" if len(found) > 1 else "1")
        text = _w(lang, key, found=_bs(found), stem=stem)
        if len(found) > 1:
            text += _w(lang, "yaoke.match", found=_bs(found), init=_b(data["init"]))
        return text + _w(lang, "yaoke.init", init=_b(data["init"]))
    if gate == "maoxing":
        if not event.applied:
            return _w(lang, "maoxing.no", n=data["distinct"])
        return _w(lang, "maoxing.yang" if data["yang"] else "maoxing.yin", init=_b(data["init"]))
    if gate == "biezhe":
        if not event.applied:
            return _w(lang, "biezhe.no", n=data["distinct"])
        if data["yang"]:
            return _w(lang, "biezhe.yang", stem=stem, partner=_s(data["partner"]), lodge=_b(data["lodge"]), init=_b(data["init"]))
        heaven = chart.school.biezhe_yin == "heaven"
        base = (ke.branch + 4) % 12
        return _w(lang, "biezhe.yin-heaven" if heaven else "biezhe.yin", z=_b(ke.branch), base=_b(base), init=_b(data["init"]))
    raise ValueError(f"no words for gate {gate!r}")


def gate_events(chart: Chart) -> list[Event]:
    """The gate events of ``chart``: its methods run again with a real :class:`Trace`."""
    trace = Trace()
    choose(chart._ke, chart.school, trace)
    return [e for e in trace if e.gate not in ("fuyin-middle", "fuyin-final")]


def trace_lines(chart: Chart, lang: str = "en") -> tuple[str, ...]:
    """How the initial transmission was chosen, one line per gate, then the 三傳 and the names."""
    lang = _check_lang(lang)
    lessons = ", ".join(
        f"{n} ⟨{x.upper}⟩/⟨{x.lower}⟩{' ⟨' + x.kind + '⟩' if x.kind else ''}" for n, x in enumerate(chart.lessons, 1)
    )
    lines = [render(WORDS[lang]["lessons"].format(lessons=lessons), lang)]
    lines += [render(gate_text(e, chart, lang), lang) for e in gate_events(chart)]
    t = chart.transmissions
    lines.append(render(f"⟨三傳⟩ {''.join(f'⟨{x.branch}⟩' for x in t)}: ⟨{chart.method}⟩ → ⟨{chart.lesson_type}⟩", lang))
    return tuple(lines)


__all__ = ["gate_events", "gate_text", "render", "trace_lines"]
