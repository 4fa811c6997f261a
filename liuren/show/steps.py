"""The chart step by step, as a teacher casts it by hand, in Chinese, Korean or English.

:func:`steps` turns a chart into a tuple of :class:`Step` values: the plate (月將加時), the four
lessons, every gate of the nine methods tried in its written order with why it does or does not
apply (read from the structured events of :class:`liuren.transmissions.Trace`), the method and
lesson type, the three transmissions with the rule that gives each, the noble and the generals,
六親, 遁干 and 旬空, and the named patterns with their evidence. :func:`trace_lines` and
:func:`explain` are read off the same gate texts, so each rule has one wording.

The words are written once per language with Hanzi terms in ⟨⟩ marks: Chinese and English keep the
term, Korean writes its reading from :mod:`liuren.show.labels` before it (⟨涉害⟩ → 섭해(涉害)), and a
``#을``-style mark after a term picks the Korean particle that fits the reading.

>>> from liuren import Chart
>>> s = steps(Chart("丙申", "午", "亥"), lang="en")
>>> [x.key for x in s][:7]
['plate', 'lesson-1', 'lesson-2', 'lesson-3', 'lesson-4', 'gate-fuyin', 'gate-fanyin']
>>> s[7].text
'上克下 in lesson 2. One candidate: 初 = 卯 (元首).'
>>> steps(Chart("丙申", "午", "亥"), lang="ko")[7].text
'상극하(上克下): 제이과(第二課). 후보는 하나: 초전(初傳) = 묘(卯) → 원수(元首).'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from ..cycle import (
    BRANCH_CHARS,
    BRANCH_ELEMENT,
    ELEMENT_CHARS,
    JIGONG,
    PILLARS,
    STEM_CHARS,
    STEM_ELEMENT,
    kin_of,
    xun_branch,
)
from ..errors import ParseError, quote
from ..generals import FORWARD_SQUARES
from ..transmissions import FIELDS, Event, Method, Trace, choose
from .labels import LANGUAGES, reading

if TYPE_CHECKING:
    from ..chart import Chart

TERM = re.compile(r"⟨([^⟩]+)⟩")
JOSA = re.compile(r"([가-힣])(\([^()]*\))?#(을|이|은|과|으로)")
PAIRS = {"을": ("을", "를"), "이": ("이", "가"), "은": ("은", "는"), "과": ("과", "와"), "으로": ("으로", "로")}


def check_lang(lang: object) -> str:
    """``lang`` when it is "zh", "ko" or "en", else a ParseError."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise ParseError(f"lang={quote(lang)} is not a language of the steps; accepted: 'zh', 'ko', 'en'")
    return lang


def _korean(m: re.Match[str]) -> str:
    term = m.group(1)
    ko = reading(term)
    if not ko:
        raise ValueError(f"no Korean reading for {term!r}: add its characters to liuren.show.labels")
    return f"{ko}({term})"


def _josa(m: re.Match[str]) -> str:
    syllable, paren, particle = m.group(1), m.group(2) or "", m.group(3)
    final = (ord(syllable) - 0xAC00) % 28
    with_final, without = PAIRS[particle]
    chosen = without if final == 0 or (particle == "으로" and final == 8) else with_final
    return f"{syllable}{paren}{chosen}"


def render(text: str, lang: str) -> str:
    """Expand the ⟨term⟩ marks of a template: Korean writes the reading before the Hanzi and picks
    the particle marked ``#을``/``#이``/``#은``/``#과``/``#으로`` after a term."""
    if lang != "ko":
        return TERM.sub(r"\1", text)
    return JOSA.sub(_josa, TERM.sub(_korean, text))


def _b(i: int) -> str:
    return f"⟨{BRANCH_CHARS[i % 12]}⟩"


def _bs(items: Iterable[int]) -> str:
    return "".join(_b(i) for i in items)


def _s(i: int) -> str:
    return f"⟨{STEM_CHARS[i]}⟩"


def _e(i: int) -> str:
    return f"⟨{ELEMENT_CHARS[i]}⟩"


# ---------------------------------------------------------------- the words, per language
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "yang": "yang",
        "yin": "yin",
        "and": "and",
        "lessons": "lessons: {lessons}",
        "t.plate": "The plate",
        "t.lesson": "Lesson {n}",
        "t.method": "Method and lesson type",
        "t.initial": "⟨初傳⟩",
        "t.middle": "⟨中傳⟩",
        "t.final": "⟨末傳⟩",
        "t.generals": "The noble and the generals",
        "t.relations": "⟨六親⟩, ⟨遁干⟩ and ⟨旬空⟩",
        "t.patterns": "Patterns",
        "t.gate-fuyin": "⟨伏吟⟩?",
        "t.gate-fanyin": "⟨返吟⟩?",
        "t.gate-zeike": "⟨賊克⟩?",
        "t.gate-biyong": "⟨比用⟩",
        "t.gate-shehai-depth": "⟨涉害⟩: depth",
        "t.gate-shehai-meng": "⟨涉害⟩: ⟨孟⟩ squares",
        "t.gate-shehai-zhong": "⟨涉害⟩: ⟨仲⟩ squares",
        "t.gate-shehai-zhuixia": "⟨涉害⟩: ⟨綴瑕⟩",
        "t.gate-bazhuan": "⟨八專⟩?",
        "t.gate-yaoke": "⟨遙克⟩?",
        "t.gate-maoxing": "⟨昴星⟩?",
        "t.gate-biezhe": "⟨別責⟩?",
        "t.gate-repeated-lesson": "Repeated lesson",
        "t.gate-fanyin-weishanren": "尉山人 ⟨返吟⟩",
        "t.gate-biyong-ge": "⟨比用格⟩",
        "t.gate-shehai-shangke": "⟨涉害⟩: ⟨上克下⟩?",
        # the plate and the lessons
        "plate": "The month general {g} is laid on the hour {h} of the earth plate and the heaven plate turns with it: "
        "d = ({gp} − {hp}) mod 12 = {d}, so over each earth square stands the branch {d} places further on (counting forward): "
        "over {zi} stands {z}.",
        "plate.still": "The month general {g} is laid on the hour {h} of the earth plate: d = ({gp} − {hp}) mod 12 = {d}, so the heaven plate does not turn.",
        "plate.0": " With d = 0 each heaven branch is on its own square: ⟨伏吟⟩.",
        "plate.6": " With d = 6 each heaven branch is on its opposite: ⟨返吟⟩.",
        "lesson-1": "Lesson 1: the day stem {stem} lodges at {jig} (⟨寄宮⟩); the heaven branch over {jig} is {u}, the ⟨干上神⟩.",
        "lesson-2": "Lesson 2: over lesson 1's upper {lower} stands {u} (⟨干陰⟩).",
        "lesson-3": "Lesson 3: over the day branch {lower} stands {u}, the ⟨支上神⟩.",
        "lesson-4": "Lesson 4: over lesson 3's upper {lower} stands {u} (⟨支陰⟩).",
        "rel.ke": " {u} ({ue}) 克s {lower} ({le}) from above: ⟨上克下⟩.",
        "rel.zei": " {lower} ({le}) 克s {u} ({ue}) from below: ⟨下賊上⟩.",
        "rel.none": " {u} ({ue}) and {lower} ({le}): neither 克s the other.",
        "rel.same": " It is the same lesson as lesson {j} (same upper on the same square).",
        # gates
        "fuyin.no": "Not ⟨伏吟⟩: d = {d}, not 0.",
        "fuyin.head": "⟨伏吟⟩: d = 0, every heaven branch sits on its own square.",
        "fuyin.lesson-1": " Lesson 1 has {kind}, so it gives the 初: {init}.",
        "fuyin.gan": " No lesson has a 克 (⟨遙克⟩ is not used in ⟨伏吟⟩); {stem} is a yang day, so 初 = the ⟨干上神⟩ {init}.",
        "fuyin.zhi": " No lesson has a 克 (⟨遙克⟩ is not used in ⟨伏吟⟩); {stem} is a yin day, so 初 = the ⟨支上神⟩ {init}.",
        "fanyin.no": "Not ⟨返吟⟩: d = {d}, not 6.",
        "fanyin.ke": "⟨返吟⟩: d = 6, every branch faces its opposite. A lesson has a 克, so the ordinary ⟨賊克⟩ rules below choose the 初 and the 課 is named ⟨無依⟩.",
        "fanyin.jinglan": "⟨返吟⟩: d = 6 and no lesson has a 克 or 賊: ⟨井欄射⟩. 初 = the ⟨驛馬⟩ of the day branch {z}: {horse}.",
        "zeike.no": "No lesson has ⟨上克下⟩ or ⟨下賊上⟩: not ⟨賊克⟩.",
        "zeike.kind": "{kind} in {where}.",
        "zeike.outranks": " A ⟨下賊上⟩ outranks the ⟨上克下⟩ in {others}.",
        "zeike.same": " {where} are one lesson (same upper on the same square), counted once.",
        "zeike.one": " One candidate: 初 = {init} ({name}).",
        "zeike.many": " {n} candidates {cands}: ⟨比用⟩ decides.",
        "biyong.one": "{stem} is {yy}; of {cands} only {match} is {yy} too (比 the day): 初 = {init} ({name}).",
        "biyong.none": "{stem} is {yy}; none of the candidates {cands} is {yy} (⟨俱不比⟩): ⟨涉害⟩ among them all.",
        "biyong.all": "{stem} is {yy}; the candidates {cands} are all {yy} (⟨俱比⟩): ⟨涉害⟩ among them.",
        "biyong.some": "{stem} is {yy}; {k} of the {n} candidates ({match}) are {yy}, more than one 比 the day: ⟨涉害⟩ among those {k}.",
        "depth.head": "Depth count ({start}): each candidate walks the earth plate from its square home to its own square, "
        "counting the branches and lodged stems that {what} (square[what counts there]). {walks}.",
        "depth.start": "the start square counts",
        "depth.nostart": "the start square does not count",
        "depth.zei": "克 it (a ⟨下賊上⟩ lesson)",
        "depth.ke": "it 克s (an ⟨上克下⟩ lesson)",
        "depth.walk": "{b} on {sq}: {chars} = {n}",
        "depth.sep": "; ",
        "depth.one": " {init} wades deepest: 初 = {init} (⟨涉害⟩).",
        "depth.tie": " {tied} tie at {n}: the ⟨孟⟩/⟨仲⟩ test decides.",
        "meng.one": "Of {pool}, only {init} stands on a ⟨孟⟩ square ({sq}; ⟨寅申巳亥⟩): 初 = {init} (⟨見機⟩).",
        "meng.many": "{on} {all} stand on ⟨孟⟩ squares ({sqs}): ⟨綴瑕⟩ decides.",
        "meng.none": "None of {pool} stands on a ⟨孟⟩ square (⟨寅申巳亥⟩).",
        "zhong.one": "Only {init} stands on a ⟨仲⟩ square ({sq}; ⟨子午卯酉⟩): 初 = {init} (⟨察微⟩).",
        "zhong.many": "{on} {all} stand on ⟨仲⟩ squares ({sqs}): ⟨綴瑕⟩ decides.",
        "zhong.none": "None stands on a ⟨仲⟩ square either, and the ⟨季⟩ squares never decide: ⟨綴瑕⟩.",
        "zhuixia": "{pool} cannot be told apart by their squares: ⟨綴瑕⟩ takes the one met first from the {side}: 初 = {init}.",
        "meng.one-heaven": "尉山人: a ⟨上克下⟩ pool is judged on the heaven plate; of {pool}, only {init} is itself a ⟨孟⟩ branch (⟨寅申巳亥⟩): 初 = {init} (⟨見機⟩).",
        "meng.many-heaven": "尉山人: a ⟨上克下⟩ pool is judged on the heaven plate; {on} are {all} ⟨孟⟩ branches: ⟨綴瑕⟩ decides.",
        "meng.none-heaven": "尉山人: a ⟨上克下⟩ pool is judged on the heaven plate; none of {pool} is a ⟨孟⟩ branch (⟨寅申巳亥⟩).",
        "zhong.one-heaven": "Only {init} is itself a ⟨仲⟩ branch (⟨子午卯酉⟩): 初 = {init} (⟨察微⟩).",
        "zhong.many-heaven": "{on} are {all} ⟨仲⟩ branches: ⟨綴瑕⟩ decides.",
        "zhong.none-heaven": "None is a ⟨仲⟩ branch either; ⟨季⟩ branches never decide: ⟨綴瑕⟩.",
        "biyong-ge.no": "⟨比用格⟩: 初 {pick} is {kin} to {stem}{why}.",
        "biyong-ge.no-kin": ", not a candidate this school refuses",
        "biyong-ge.no-eligible": ", but no candidate is ⟨兄弟⟩ or ⟨父母⟩ to it",
        "biyong-ge.one": "⟨比用格⟩: 初 {pick} is {kin} to {stem} (用神畏日干所勝), and {init} is {kin2} to it: 初 = {init} (⟨比用格⟩), not {pick}.",
        "biyong-ge.many": "⟨比用格⟩: 初 {pick} is {kin} to {stem} (用神畏日干所勝); {eligible} are ⟨兄弟⟩ or ⟨父母⟩ to it, and the ⟨涉害⟩ steps, run again among them, give 初 = {init} (⟨比用格⟩).",
        "repeated-lesson.no": "Repeated lessons ({pairs}) are counted once; none carries a 克 of its own, so nothing changes.",
        "repeated-lesson.yes": "Repeated lessons ({pairs}) are counted once, as the first: the 克 of {dropped} is not judged again.",
        "repeated-lesson.none": "No lesson repeats another.",
        "repeated-lesson.pair": "lesson {later} = lesson {earlier}",
        "shehai-shangke.yes": "The candidates are ⟨上克下⟩: no depth count; the ⟨孟⟩/⟨仲⟩ squares decide (the 大全's own ⟨上克下⟩ charts).",
        "shehai-shangke.no": "The candidates are ⟨下賊上⟩: the depth count decides first.",
        "fanyin-weishanren": "尉山人取法 (末傳取破): 末 = the 破 of the 中傳 {middle}: {final}, not the return to the 初.",
        "zhuixia.gan": "⟨干⟩ side (lessons 1–2) on a yang day",
        "zhuixia.zhi": "⟨支⟩ side (lessons 3–4) on a yin day",
        "bazhuan.no": "Not ⟨八專⟩: {stem} lodges at {jig}, not on the day branch {z}.",
        "bazhuan.head": "⟨八專⟩ day ({stem} lodges on its own branch {z}) with no 克, and ⟨遙克⟩ is not used on ⟨八專⟩ days.",
        "bazhuan.yang": " A yang day counts three forward from the ⟨干上神⟩ {start}, itself included: 初 = {init}.",
        "bazhuan.yin": " A yin day counts three backward from the ⟨支陰⟩ {start}, itself included: 初 = {init}.",
        "bazhuan.duzu": " It is the ⟨干上神⟩ itself, so all three transmissions are one branch (⟨獨足⟩).",
        "yaoke.no": "No upper of lessons 2–4 ({uppers}) 克s {stem}, nor does {stem} 克 any of them: not ⟨遙克⟩.",
        "yaoke.hao": "No lesson has a 克. Among the uppers of lessons 2–4, {found} 克 the day stem {stem} from afar (⟨神遙克日⟩): ⟨蒿矢⟩.",
        "yaoke.hao1": "No lesson has a 克. Among the uppers of lessons 2–4, only {found} 克s the day stem {stem} from afar (⟨神遙克日⟩): ⟨蒿矢⟩.",
        "yaoke.dan": "No lesson has a 克 and no upper of lessons 2–4 克s {stem}; {stem} 克s {found} from afar (⟨日遙克神⟩): ⟨彈射⟩.",
        "yaoke.dan1": "No lesson has a 克 and no upper of lessons 2–4 克s {stem}; {stem} 克s only {found} from afar (⟨日遙克神⟩): ⟨彈射⟩.",
        "yaoke.match": " Of {found}, only {init} shares the day's yin-yang.",
        "yaoke.init": " 初 = {init}.",
        "maoxing.no": "Not ⟨昴星⟩: it needs four distinct lessons and there are {n}.",
        "maoxing.head": "Four distinct lessons, no 克, no ⟨遙克⟩: ⟨昴星⟩.",
        "maoxing.yang": " A yang day looks up (⟨仰視⟩): 初 = the heaven branch over earth ⟨酉⟩, {init} (⟨虎視⟩).",
        "maoxing.yin": " A yin day looks down (⟨俯視⟩): 初 = the earth square under heaven ⟨酉⟩, {init} (⟨冬蛇掩目⟩).",
        "biezhe.no": "Not ⟨別責⟩: it needs exactly three distinct lessons and there are {n}.",
        "biezhe.head": "Three distinct lessons (⟨不備⟩), no 克, no ⟨遙克⟩: ⟨別責⟩.",
        "biezhe.yang": " A hard day (⟨剛日⟩): {stem} combines with {partner} (⟨干合⟩), which lodges at {lodge}; 初 = the heaven branch over {lodge}: {init}.",
        "biezhe.yin": " A soft day (⟨柔日⟩): the next member of the day branch {z}'s ⟨三合⟩ group is {base}; 初 = {base} itself, not what rides it.",
        "biezhe.yin-heaven": " A soft day (⟨柔日⟩): the next member of the day branch {z}'s ⟨三合⟩ group is {base}; this school takes the heaven branch over it: 初 = {init}.",
        # method
        "method": "Method ⟨{method}⟩, lesson type ⟨{type}⟩: {why}.",
        "why.元首": "a single ⟨上克下⟩ lesson, with no ⟨下賊上⟩ anywhere, gave the 初",
        "why.重審": "a single ⟨下賊上⟩ lesson gave the 初 (a 賊 from below outranks any 克 from above)",
        "why.始入": "a lone ⟨下賊上⟩ lesson with no ⟨上克下⟩ anywhere gave the 初, which this school names ⟨始入⟩",
        "why.比用": "several ⟨下賊上⟩ candidates, of which exactly one shares the day's yin-yang",
        "why.知一": "several ⟨上克下⟩ candidates, of which exactly one shares the day's yin-yang",
        "why.涉害": "several candidates that 比 could not separate; the one that wades deepest in the depth count won",
        "why.比用格": "several candidates that 比 could not separate; the 涉害 choice was the stem's ⟨妻財⟩ (用神畏日干所勝), so the candidate 比和 with the stem or 生ing it was taken",
        "why.見機": "several candidates that 比{depth} could not separate; the only one on a ⟨孟⟩ square won",
        "why.察微": "several candidates that 比{depth} could not separate; none stood on a ⟨孟⟩ square and the only one on a ⟨仲⟩ square won",
        "why.綴瑕": "several candidates that 比{depth} and their squares could not separate; the one met first from the day's side won",
        "why.depth": " and the depth count",
        "why.蒿矢": "no lesson has a 克; an upper of lessons 2–4 克s the day stem from afar",
        "why.彈射": "no lesson has a 克 and no upper 克s the stem; the stem 克s an upper of lessons 2–4 from afar",
        "why.虎視": "four distinct lessons and no 克 of any kind; a yang day looks up from ⟨酉⟩",
        "why.冬蛇掩目": "four distinct lessons and no 克 of any kind; a yin day looks down from ⟨酉⟩",
        "why.別責": "three distinct lessons and no 克 of any kind",
        "why.八專": "an ⟨八專⟩ day with no 克",
        "why.獨足": "an ⟨八專⟩ day with no 克 whose count lands on the ⟨干上神⟩ itself, one branch three times",
        "why.自任": "⟨伏吟⟩ with no 克 on a yang day: the ⟨干上神⟩ begins and its ⟨刑⟩ chain runs on",
        "why.自信": "⟨伏吟⟩ with no 克 on a yin day: the ⟨支上神⟩ begins and its ⟨刑⟩ chain runs on",
        "why.杜傳": "⟨伏吟⟩ whose ⟨刑⟩ chain is blocked ({block})",
        "why.不虞": "⟨伏吟⟩ with ⟨上克下⟩ in lesson 1: the 克 gives the 初, and the name stays ⟨不虞⟩ whatever the ⟨刑⟩ chain does",
        "why.無依": "⟨返吟⟩ with a 克: the ordinary rules chose the 初 (as {inner}), and every ⟨返吟⟩ with a 克 is named ⟨無依⟩",
        "why.井欄射": "⟨返吟⟩ with no 克 in any lesson: the ⟨驛馬⟩ begins, then the ⟨支上神⟩ and the ⟨干上神⟩",
        "block.zei": "lesson 1 has ⟨下賊上⟩ and {init} punishes itself",
        "block.middle": "the 初 {init} punishes itself, so the 中 turned to the {other}",
        "block.final": "the 中 {middle} {how}, so the 末 turned to its opposite",
        "block.self": "punishes itself",
        "block.returns": "punishes the 初 again",
        # transmissions
        "initial": "⟨初傳⟩ (the ⟨發用⟩) = {init}, standing on earth {sq}: {how}.",
        "how.gate": "the ⟨{method}⟩ gate chose it above",
        "middle.plate": "⟨中傳⟩ = the heaven branch over the 初 {i}'s square: {m}.",
        "middle.plate6": "⟨中傳⟩ = the heaven branch over the 初 {i}'s square, in ⟨返吟⟩ its opposite: {m}.",
        "middle.xing": "⟨中傳⟩ = what the 初 {i} punishes (⟨刑⟩): {m}.",
        "middle.other-anchor": "{i} punishes itself (⟨自刑⟩), so the ⟨中傳⟩ turns to the other anchor: the 初 came from the {came}, so 中 = the {other} {m}.",
        "middle.gan": "⟨中傳⟩ = the ⟨干上神⟩ {m}.",
        "middle.zhi": "⟨中傳⟩ = the ⟨支上神⟩ {m}.",
        "final.plate": "⟨末傳⟩ = the heaven branch over the 中 {m}'s square: {l}.",
        "final.plate6": "⟨末傳⟩ = the heaven branch over the 中 {m}'s square, back to the 初: {l}.",
        "final.weishanren": "尉山人取法, 末傳取破: ⟨末傳⟩ = the 破 of the 中 {m}: {l} (not the return to the 初).",
        "final.xing": "⟨末傳⟩ = what the 中 {m} punishes (⟨刑⟩): {l}.",
        "final.self": "{m} punishes itself, so the ⟨刑⟩ chain stops: ⟨末傳⟩ = its opposite (⟨沖⟩) {l}.",
        "final.returns": "{m} punishes {i}, which would return to the 初: ⟨末傳⟩ = the opposite (⟨沖⟩) of {m}, {l}.",
        "final.gan": "⟨末傳⟩ = the ⟨干上神⟩ {l}.",
        "final.gan-again": "⟨末傳⟩ = the ⟨干上神⟩ {l} again.",
        "final.zhi": "⟨末傳⟩ = the ⟨支上神⟩ {l}.",
        "anchor.gan": "⟨干上神⟩",
        "anchor.zhi": "⟨支上神⟩",
        # generals, relations, patterns
        "generals": "The noble (⟨貴人⟩): a {stem} day {when} takes {nb} from noble table {table} (⟨晝貴⟩ {day}, ⟨夜貴⟩ {night}). "
        "{nb} stands on earth {sq}, {dir}. The 初 {i} carries {gi}, the 中 {m} {gm}, the 末 {l} {gl}.",
        "when.day": "by day",
        "when.night": "by night",
        "dir.順": "one of ⟨亥子丑寅卯辰⟩, so the generals run clockwise (⟨順⟩)",
        "dir.逆": "one of ⟨巳午未申酉戌⟩, so the generals run counter-clockwise (⟨逆⟩)",
        "relations": "⟨六親⟩ seen from the day stem {stem} ({se}): {kin}. ⟨遁干⟩: {day} is in the ⟨旬⟩ of {xun}, so {hidden}. ⟨旬空⟩: {void}{voided}.",
        "kin": "{b} {k}",
        "hidden": "{b} hides {h}",
        "hidden.void": "{b} hides none",
        "voided": "; void among the 三傳: {which}",
        "sep": ", ",
        "patterns": "Patterns:\n{names}",
        "patterns.none": "No named pattern fires.",
        "unjudged": "\nNot judged (they need the month ⟨月建⟩ or year ⟨太歲⟩ branch or the ⟨年命⟩; {hint}): {names}.",
        "hint.code": "pass month=, year= or nianming=",
        "hint.explorer": "set the month (⟨月建⟩), year (⟨太歲⟩), ⟨本命⟩ and ⟨行年⟩ controls",
        "explain.patterns": "patterns:",
        "explain.none": "patterns: none",
        "explain.unjudged": "not judged (they need the month ⟨月建⟩ or year ⟨太歲⟩ branch or the ⟨年命⟩; {hint}): {names}",
    },
    "zh": {
        "yang": "陽",
        "yin": "陰",
        "and": "、",
        "lessons": "四課：{lessons}",
        "t.plate": "天地盤",
        "t.lesson": "第{cn}課",
        "t.method": "九宗門與課體",
        "t.initial": "初傳",
        "t.middle": "中傳",
        "t.final": "末傳",
        "t.generals": "貴人與天將",
        "t.relations": "六親、遁干、旬空",
        "t.patterns": "課體",
        "t.gate-fuyin": "伏吟？",
        "t.gate-fanyin": "返吟？",
        "t.gate-zeike": "賊克？",
        "t.gate-biyong": "比用",
        "t.gate-shehai-depth": "涉害：深淺",
        "t.gate-shehai-meng": "涉害：孟",
        "t.gate-shehai-zhong": "涉害：仲",
        "t.gate-shehai-zhuixia": "涉害：綴瑕",
        "t.gate-bazhuan": "八專？",
        "t.gate-yaoke": "遙克？",
        "t.gate-maoxing": "昴星？",
        "t.gate-biezhe": "別責？",
        "t.gate-repeated-lesson": "重課",
        "t.gate-fanyin-weishanren": "尉山人返吟",
        "t.gate-biyong-ge": "比用格",
        "t.gate-shehai-shangke": "涉害：上克下？",
        "plate": "以月將{g}加於占時{h}，天盤隨之而轉：d = ({gp} − {hp}) mod 12 = {d}，地盤每位之上皆為自此順行{dn}位之支：{zi}上見{z}。",
        "plate.still": "以月將{g}加於占時{h}：d = ({gp} − {hp}) mod 12 = {d}，天盤不轉。",
        "plate.0": "d = 0，天地同位：伏吟。",
        "plate.6": "d = 6，天地相沖：返吟。",
        "lesson-1": "第一課：日干{stem}寄宮在{jig}，{jig}上天盤為{u}（干上神）。",
        "lesson-2": "第二課：第一課上神{lower}之上為{u}（干陰）。",
        "lesson-3": "第三課：日支{lower}之上為{u}（支上神）。",
        "lesson-4": "第四課：第三課上神{lower}之上為{u}（支陰）。",
        "rel.ke": "{u}（{ue}）克{lower}（{le}）：上克下。",
        "rel.zei": "{lower}（{le}）克{u}（{ue}）：下賊上。",
        "rel.none": "{u}（{ue}）與{lower}（{le}）不相克。",
        "rel.same": "與第{j}課同（上神同、地盤位同），只算一課。",
        "fuyin.no": "非伏吟：d = {d}，不為 0。",
        "fuyin.head": "伏吟：d = 0，天盤各支皆在本位。",
        "fuyin.lesson-1": "第一課有{kind}，即以之為初傳：{init}。",
        "fuyin.gan": "四課無克（伏吟不用遙克），{stem}為陽日，取干上神{init}為初傳。",
        "fuyin.zhi": "四課無克（伏吟不用遙克），{stem}為陰日，取支上神{init}為初傳。",
        "fanyin.no": "非返吟：d = {d}，不為 6。",
        "fanyin.ke": "返吟：d = 6，天地相沖。課中有克，依賊克常法取初傳，名無依。",
        "fanyin.jinglan": "返吟：d = 6，四課無克無賊：井欄射。以日支{z}之驛馬{horse}為初傳。",
        "zeike.no": "四課無上克下，亦無下賊上：非賊克。",
        "zeike.kind": "{where}有{kind}。",
        "zeike.outranks": "下賊上先於上克下（{others}之克不用）。",
        "zeike.same": "{where}為同一課（上神同、地盤位同），只算一次。",
        "zeike.one": "只有一個：初傳 = {init}（{name}）。",
        "zeike.many": "{n}個{cands}：以比用定之。",
        "biyong.one": "{stem}為{yy}，{cands}中只有{match}亦{yy}（與日比）：初傳 = {init}（{name}）。",
        "biyong.none": "{stem}為{yy}，{cands}皆不{yy}（俱不比）：同入涉害。",
        "biyong.all": "{stem}為{yy}，{cands}皆{yy}（俱比）：同入涉害。",
        "biyong.some": "{stem}為{yy}，{n}個之中{k}個（{match}）亦{yy}，比者不止一個：此{k}個入涉害。",
        "depth.head": "涉害深淺（{start}）：各自所臨之地盤位起，順行歸本家，數所經之支與寄干中{what}者（位[所計]）。{walks}。",
        "depth.start": "本位亦計",
        "depth.nostart": "本位不計",
        "depth.zei": "克之（下賊上）",
        "depth.ke": "為其所克（上克下）",
        "depth.walk": "{b}臨{sq}：{chars}，計{n}",
        "depth.sep": "；",
        "depth.one": "{init}涉害最深：初傳 = {init}（涉害）。",
        "depth.tie": "{tied}同為{n}：以孟仲定之。",
        "meng.one": "{pool}之中只有{init}臨孟（{sq}；寅申巳亥）：初傳 = {init}（見機）。",
        "meng.many": "{on}皆臨孟（{sqs}）：以綴瑕定之。",
        "meng.none": "{pool}皆不臨孟（寅申巳亥）。",
        "zhong.one": "只有{init}臨仲（{sq}；子午卯酉）：初傳 = {init}（察微）。",
        "zhong.many": "{on}皆臨仲（{sqs}）：以綴瑕定之。",
        "zhong.none": "亦無臨仲者，季不為用：綴瑕。",
        "zhuixia": "{pool}所臨之位不能分：綴瑕，{side}先見者為初傳：{init}。",
        "zhuixia.gan": "陽日取干上（第一、二課）",
        "zhuixia.zhi": "陰日取支上（第三、四課）",
        "meng.one-heaven": "尉山人：上克下取天盤孟仲為驗；{pool}之中只有{init}本身為孟（寅申巳亥）：初傳 = {init}（見機）。",
        "meng.many-heaven": "尉山人：上克下取天盤孟仲為驗；{on}皆為孟：以綴瑕定之。",
        "meng.none-heaven": "尉山人：上克下取天盤孟仲為驗；{pool}皆非孟（寅申巳亥）。",
        "zhong.one-heaven": "只有{init}本身為仲（子午卯酉）：初傳 = {init}（察微）。",
        "zhong.many-heaven": "{on}皆為仲：以綴瑕定之。",
        "zhong.none-heaven": "亦無仲神，季不為用：綴瑕。",
        "biyong-ge.no": "比用格：初傳{pick}為{stem}之{kin}{why}。",
        "biyong-ge.no-kin": "，非此家所避者",
        "biyong-ge.no-eligible": "，然諸神無與日比和或生日者",
        "biyong-ge.one": "比用格：初傳{pick}為{stem}之{kin}（用神畏日干所勝），{init}為其{kin2}：以比和者為用，初傳 = {init}（比用格），不取{pick}。",
        "biyong-ge.many": "比用格：初傳{pick}為{stem}之{kin}（用神畏日干所勝）；{eligible}與日比和或生日，於其中再行涉害：初傳 = {init}（比用格）。",
        "repeated-lesson.no": "重課（{pairs}）只計一課；重者無自有之克，無所改。",
        "repeated-lesson.yes": "重課（{pairs}）只計一課，從其先者：{dropped}之克不再論。",
        "repeated-lesson.none": "四課無重。",
        "repeated-lesson.pair": "第{later}課即第{earlier}課",
        "shehai-shangke.yes": "諸神皆上克下：不計深淺，以孟仲定之（大全本書上克下之例）。",
        "shehai-shangke.no": "諸神皆下賊上：先計涉害深淺。",
        "fanyin-weishanren": "尉山人取法，末傳取破：中傳{middle}之破為末傳{final}，不還初傳。",
        "bazhuan.no": "非八專：{stem}寄宮在{jig}，不在日支{z}。",
        "bazhuan.head": "八專日（{stem}寄宮即日支{z}），四課無克，八專日不用遙克。",
        "bazhuan.yang": "陽日自干上神{start}順數三位（連本位）：初傳 = {init}。",
        "bazhuan.yin": "陰日自支陰{start}逆數三位（連本位）：初傳 = {init}。",
        "bazhuan.duzu": "即干上神本身，三傳同一支：獨足。",
        "yaoke.no": "第二至四課上神（{uppers}）無克{stem}者，{stem}亦不克之：非遙克。",
        "yaoke.hao": "四課無克。第二至四課上神中{found}遙克日干{stem}（神遙克日）：蒿矢。",
        "yaoke.hao1": "四課無克。第二至四課上神中只有{found}遙克日干{stem}（神遙克日）：蒿矢。",
        "yaoke.dan": "四課無克，亦無上神克{stem}；{stem}遙克{found}（日遙克神）：彈射。",
        "yaoke.dan1": "四課無克，亦無上神克{stem}；{stem}只遙克{found}（日遙克神）：彈射。",
        "yaoke.match": "{found}之中只有{init}與日比。",
        "yaoke.init": "初傳 = {init}。",
        "maoxing.no": "非昴星：須四課俱全，今只{n}課。",
        "maoxing.head": "四課俱全，無克亦無遙克：昴星。",
        "maoxing.yang": "陽日仰視：取地盤酉上之天盤神{init}為初傳（虎視）。",
        "maoxing.yin": "陰日俯視：取天盤酉下之地盤位{init}為初傳（冬蛇掩目）。",
        "biezhe.no": "非別責：須只有三課，今有{n}課。",
        "biezhe.head": "只有三課（不備），無克亦無遙克：別責。",
        "biezhe.yang": "剛日：{stem}與{partner}合（干合），{partner}寄宮在{lodge}，取{lodge}上天盤神{init}為初傳。",
        "biezhe.yin": "柔日：日支{z}三合之前一位為{base}，即以{base}本身為初傳，不取其上神。",
        "biezhe.yin-heaven": "柔日：日支{z}三合之前一位為{base}，此學派取其上天盤神：初傳 = {init}。",
        "method": "九宗門：{method}；課體：{type}。{why}。",
        "why.元首": "只有一課上克下，四課無下賊上，以之發用",
        "why.重審": "只有一課下賊上，以之發用（下賊上先於上克下）",
        "why.始入": "只有一課下賊上，四課又無上克下，以之發用，此學派名始入",
        "why.比用": "下賊上不止一課，只有一個與日比",
        "why.知一": "上克下不止一課，只有一個與日比",
        "why.涉害": "克賊不止一個，比不能定，以涉害最深者發用",
        "why.比用格": "克賊不止一個，比不能定，涉害所取為日干之妻財（用神畏日干所勝），以比和或生日者為用",
        "why.見機": "克賊不止一個，比{depth}不能定，只有一個臨孟",
        "why.察微": "克賊不止一個，比{depth}不能定，無臨孟者，只有一個臨仲",
        "why.綴瑕": "克賊不止一個，比{depth}與所臨之位皆不能定，取日之一方先見者",
        "why.depth": "與涉害深淺",
        "why.蒿矢": "四課無克，第二至四課上神遙克日干",
        "why.彈射": "四課無克，上神無克日者，日干遙克第二至四課上神",
        "why.虎視": "四課俱全而無克無遙克，陽日自酉仰視",
        "why.冬蛇掩目": "四課俱全而無克無遙克，陰日自酉俯視",
        "why.別責": "只有三課而無克無遙克",
        "why.八專": "八專日而無克",
        "why.獨足": "八專日而無克，數至干上神本身，三傳一支",
        "why.自任": "伏吟無克，陽日干上神發用，刑傳不阻",
        "why.自信": "伏吟無克，陰日支上神發用，刑傳不阻",
        "why.杜傳": "伏吟刑傳受阻（{block}）",
        "why.不虞": "伏吟而第一課上克下，以克發用，不論刑傳如何，皆名不虞",
        "why.無依": "返吟有克，依常法發用（{inner}），返吟有克者皆名無依",
        "why.井欄射": "返吟四課無克，驛馬發用，次支上神，次干上神",
        "block.zei": "第一課下賊上，{init}自刑",
        "block.middle": "初傳{init}自刑，中傳轉取{other}",
        "block.final": "中傳{middle}{how}，末傳取其沖",
        "block.self": "自刑",
        "block.returns": "刑回初傳",
        "initial": "初傳（發用）= {init}，臨地盤{sq}：{how}。",
        "how.gate": "上文{method}所定",
        "middle.plate": "中傳 = 初傳{i}所臨之位上之天盤神：{m}。",
        "middle.plate6": "中傳 = 初傳{i}所臨之位上之天盤神，返吟即其沖：{m}。",
        "middle.xing": "中傳 = 初傳{i}所刑：{m}。",
        "middle.other-anchor": "{i}自刑，中傳轉取另一方：初傳出自{came}，故中傳 = {other}{m}。",
        "middle.gan": "中傳 = 干上神{m}。",
        "middle.zhi": "中傳 = 支上神{m}。",
        "final.plate": "末傳 = 中傳{m}所臨之位上之天盤神：{l}。",
        "final.plate6": "末傳 = 中傳{m}所臨之位上之天盤神，回到初傳：{l}。",
        "final.weishanren": "尉山人取法，末傳取破：末傳 = 中傳{m}之破：{l}（不還初傳）。",
        "final.xing": "末傳 = 中傳{m}所刑：{l}。",
        "final.self": "{m}自刑，刑傳至此而止：末傳取其沖{l}。",
        "final.returns": "{m}刑{i}，回到初傳：末傳取{m}之沖{l}。",
        "final.gan": "末傳 = 干上神{l}。",
        "final.gan-again": "末傳仍為干上神{l}。",
        "final.zhi": "末傳 = 支上神{l}。",
        "anchor.gan": "干上神",
        "anchor.zhi": "支上神",
        "generals": "天乙貴人：{stem}日{when}，貴人表{table}（晝貴{day}、夜貴{night}）取{nb}。{nb}臨地盤{sq}，{dir}。"
        "初傳{i}乘{gi}，中傳{m}乘{gm}，末傳{l}乘{gl}。",
        "when.day": "晝占",
        "when.night": "夜占",
        "dir.順": "在亥子丑寅卯辰，天將順行",
        "dir.逆": "在巳午未申酉戌，天將逆行",
        "relations": "六親（以日干{stem}{se}論）：{kin}。遁干：{day}在{xun}旬，{hidden}。旬空：{void}{voided}。",
        "kin": "{b}{k}",
        "hidden": "{b}遁{h}",
        "hidden.void": "{b}無遁干",
        "voided": "；三傳中空亡者：{which}",
        "sep": "、",
        "patterns": "課體：\n{names}",
        "patterns.none": "無所列之課體。",
        "unjudged": "\n未判（須月建、太歲或年命；{hint}）：{names}。",
        "hint.code": "月建以 month=、太歲以 year=、年命以 nianming= 傳入",
        "hint.explorer": "請設定月建、太歲、本命、行年",
        "explain.patterns": "課體：",
        "explain.none": "課體：無",
        "explain.unjudged": "未判（須月建、太歲或年命；{hint}）：{names}",
    },
    "ko": {
        "yang": "양(陽)",
        "yin": "음(陰)",
        "and": ", ",
        "lessons": "⟨四課⟩: {lessons}",
        "t.plate": "⟨天地盤⟩",
        "t.lesson": "⟨第{cn}課⟩",
        "t.method": "⟨九宗門⟩과 ⟨課體⟩",
        "t.initial": "⟨初傳⟩",
        "t.middle": "⟨中傳⟩",
        "t.final": "⟨末傳⟩",
        "t.generals": "⟨貴人⟩과 ⟨天將⟩",
        "t.relations": "⟨六親⟩·⟨遁干⟩·⟨旬空⟩",
        "t.patterns": "⟨課體⟩",
        "t.gate-fuyin": "⟨伏吟⟩?",
        "t.gate-fanyin": "⟨返吟⟩?",
        "t.gate-zeike": "⟨賊克⟩?",
        "t.gate-biyong": "⟨比用⟩",
        "t.gate-shehai-depth": "⟨涉害⟩: 깊이",
        "t.gate-shehai-meng": "⟨涉害⟩: ⟨孟⟩",
        "t.gate-shehai-zhong": "⟨涉害⟩: ⟨仲⟩",
        "t.gate-shehai-zhuixia": "⟨涉害⟩: ⟨綴瑕⟩",
        "t.gate-bazhuan": "⟨八專⟩?",
        "t.gate-yaoke": "⟨遙克⟩?",
        "t.gate-maoxing": "⟨昴星⟩?",
        "t.gate-biezhe": "⟨別責⟩?",
        "t.gate-repeated-lesson": "거듭된 과",
        "t.gate-fanyin-weishanren": "위산인(尉山人)의 ⟨返吟⟩",
        "t.gate-biyong-ge": "⟨比用格⟩",
        "t.gate-shehai-shangke": "⟨涉害⟩: ⟨上克下⟩?",
        "plate": "⟨月將⟩ {g}#을 ⟨占時⟩ {h} 위에 얹고 ⟨天盤⟩을 돌린다: d = ({gp} − {hp}) mod 12 = {d}. "
        "⟨地盤⟩의 각 자리 위에는 그 자리에서 순행으로 {d}칸 나아간 지지가 온다: {zi} 위에 {z}.",
        "plate.still": "⟨月將⟩ {g}#을 ⟨占時⟩ {h} 위에 얹는다: d = ({gp} − {hp}) mod 12 = {d}, ⟨天盤⟩은 돌지 않는다.",
        "plate.0": " d = 0이면 천반과 지반이 같은 자리에 있다: ⟨伏吟⟩.",
        "plate.6": " d = 6이면 천반이 지반과 마주 본다: ⟨返吟⟩.",
        "lesson-1": "⟨第一課⟩: 일간 {stem}의 ⟨寄宮⟩은 {jig}이고, {jig} 위의 천반 지지 {u}#이 ⟨干上神⟩이다.",
        "lesson-2": "⟨第二課⟩: 제1과 상신 {lower} 위에 {u}#이 선다(⟨干陰⟩).",
        "lesson-3": "⟨第三課⟩: 일지 {lower} 위에 {u}#이 선다(⟨支上神⟩).",
        "lesson-4": "⟨第四課⟩: 제3과 상신 {lower} 위에 {u}#이 선다(⟨支陰⟩).",
        "rel.ke": " {u}#이 {lower}#을 위에서 극한다(⟨{uec}克{lec}⟩): ⟨上克下⟩.",
        "rel.zei": " {lower}#이 {u}#을 아래에서 극한다(⟨{lec}克{uec}⟩): ⟨下賊上⟩.",
        "rel.none": " {u}#과 {lower}#은 서로 극하지 않는다(⟨{uec}⟩·⟨{lec}⟩).",
        "rel.same": " 제{j}과와 같은 과다(상신과 지반 자리가 같다).",
        "fuyin.no": "⟨伏吟⟩이 아니다: d = {d}, 0이 아니다.",
        "fuyin.head": "⟨伏吟⟩: d = 0, 천반의 모든 지지가 제자리에 있다.",
        "fuyin.lesson-1": " 제1과에 {kind}#이 있으므로 그것이 초전이 된다: {init}.",
        "fuyin.gan": " 사과에 극이 없다(⟨伏吟⟩에서는 ⟨遙克⟩을 쓰지 않는다). {stem}#은 양일이므로 ⟨干上神⟩ {init}#이 초전이다.",
        "fuyin.zhi": " 사과에 극이 없다(⟨伏吟⟩에서는 ⟨遙克⟩을 쓰지 않는다). {stem}#은 음일이므로 ⟨支上神⟩ {init}#이 초전이다.",
        "fanyin.no": "⟨返吟⟩이 아니다: d = {d}, 6이 아니다.",
        "fanyin.ke": "⟨返吟⟩: d = 6, 모든 지지가 맞은편과 마주 본다. 극이 있으므로 아래의 ⟨賊克⟩ 규칙으로 초전을 정하고, 과의 이름은 ⟨無依⟩이다.",
        "fanyin.jinglan": "⟨返吟⟩: d = 6, 사과에 극도 적도 없다: ⟨井欄射⟩. 일지 {z}의 ⟨驛馬⟩ {horse}#이 초전이다.",
        "zeike.no": "사과에 ⟨上克下⟩도 ⟨下賊上⟩도 없다: ⟨賊克⟩이 아니다.",
        "zeike.kind": "{kind}: {where}.",
        "zeike.outranks": " ⟨下賊上⟩이 {others}의 ⟨上克下⟩보다 앞선다.",
        "zeike.same": " {where}#은 같은 과(상신과 지반 자리가 같다)이므로 한 번만 센다.",
        "zeike.one": " 후보는 하나: ⟨初傳⟩ = {init} → {name}.",
        "zeike.many": " 후보 {n}개 {cands}: ⟨比用⟩으로 정한다.",
        "biyong.one": "{stem}#은 {yy}; {cands} 가운데 {match}만 {yy}이다(일간과 비(比)): ⟨初傳⟩ = {init} → {name}.",
        "biyong.none": "{stem}#은 {yy}; 후보 {cands} 가운데 {yy}인 것이 없다(⟨俱不比⟩): 모두 ⟨涉害⟩로 간다.",
        "biyong.all": "{stem}#은 {yy}; 후보 {cands}#이 모두 {yy}이다(⟨俱比⟩): 모두 ⟨涉害⟩로 간다.",
        "biyong.some": "{stem}#은 {yy}; 후보 {n}개 가운데 {k}개({match})가 {yy}이다. 비(比)하는 것이 하나가 아니므로 그 {k}개가 ⟨涉害⟩로 간다.",
        "depth.head": "깊이 세기({start}): 각 후보가 앉은 지반 자리에서 제 본가까지 지반을 따라가며, 지나는 지지와 기궁한 천간 가운데 {what} 것을 센다(자리[센 것]). {walks}.",
        "depth.start": "출발 자리도 센다",
        "depth.nostart": "출발 자리는 세지 않는다",
        "depth.zei": "후보를 극하는(⟨下賊上⟩)",
        "depth.ke": "후보가 극하는(⟨上克下⟩)",
        "depth.walk": "{sq} 위 {b}: {chars} = {n}",
        "depth.sep": "; ",
        "depth.one": " {init}#이 가장 깊다: ⟨初傳⟩ = {init} → ⟨涉害⟩.",
        "depth.tie": " {tied}의 깊이가 같다({n}): ⟨孟⟩·⟨仲⟩으로 정한다.",
        "meng.one": "{pool} 가운데 {init}만 ⟨孟⟩ 자리({sq}; ⟨寅申巳亥⟩)에 앉았다: ⟨初傳⟩ = {init} → ⟨見機⟩.",
        "meng.many": "{on}#이 모두 ⟨孟⟩ 자리({sqs})에 앉았다: ⟨綴瑕⟩로 정한다.",
        "meng.none": "{pool} 가운데 ⟨孟⟩ 자리(⟨寅申巳亥⟩)에 앉은 것이 없다.",
        "zhong.one": "{init}만 ⟨仲⟩ 자리({sq}; ⟨子午卯酉⟩)에 앉았다: ⟨初傳⟩ = {init} → ⟨察微⟩.",
        "zhong.many": "{on}#이 모두 ⟨仲⟩ 자리({sqs})에 앉았다: ⟨綴瑕⟩로 정한다.",
        "zhong.none": "⟨仲⟩ 자리에 앉은 것도 없고 ⟨季⟩ 자리는 정하지 못한다: ⟨綴瑕⟩.",
        "zhuixia": "{pool}#은 앉은 자리로 가릴 수 없다: ⟨綴瑕⟩, {side}에서 먼저 만나는 것을 취한다: ⟨初傳⟩ = {init}.",
        "zhuixia.gan": "양일은 ⟨干⟩ 쪽(제1·2과)",
        "zhuixia.zhi": "음일은 ⟨支⟩ 쪽(제3·4과)",
        "meng.one-heaven": "위산인(尉山人): ⟨上克下⟩는 천반의 ⟨孟⟩·⟨仲⟩으로 가린다. {pool} 가운데 {init}만 그 자체가 ⟨孟⟩(⟨寅申巳亥⟩)이다: ⟨初傳⟩ = {init} → ⟨見機⟩.",
        "meng.many-heaven": "위산인(尉山人): ⟨上克下⟩는 천반의 ⟨孟⟩·⟨仲⟩으로 가린다. {on}#이 모두 ⟨孟⟩이다: ⟨綴瑕⟩로 정한다.",
        "meng.none-heaven": "위산인(尉山人): ⟨上克下⟩는 천반의 ⟨孟⟩·⟨仲⟩으로 가린다. {pool} 가운데 ⟨孟⟩(⟨寅申巳亥⟩)인 것이 없다.",
        "zhong.one-heaven": "{init}만 그 자체가 ⟨仲⟩(⟨子午卯酉⟩)이다: ⟨初傳⟩ = {init} → ⟨察微⟩.",
        "zhong.many-heaven": "{on}#이 모두 ⟨仲⟩이다: ⟨綴瑕⟩로 정한다.",
        "zhong.none-heaven": "⟨仲⟩인 것도 없고 ⟨季⟩는 정하지 못한다: ⟨綴瑕⟩.",
        "biyong-ge.no": "⟨比用格⟩: ⟨初傳⟩ {pick}#은 {stem}의 {kin}{why}.",
        "biyong-ge.no-kin": "이고, 이 학파가 피하는 것이 아니다",
        "biyong-ge.no-eligible": "이지만, 일간과 비화하거나 일간을 생하는 후보가 없다",
        "biyong-ge.one": "⟨比用格⟩: ⟨初傳⟩ {pick}#은 {stem}의 {kin}(용신이 일간의 극을 두려워한다)이고 {init}#은 {kin2}이다: ⟨初傳⟩ = {init} → ⟨比用格⟩, {pick}#이 아니다.",
        "biyong-ge.many": "⟨比用格⟩: ⟨初傳⟩ {pick}#은 {stem}의 {kin}(용신이 일간의 극을 두려워한다)이다. {eligible}#이 일간과 비화하거나 일간을 생하므로 그 가운데서 다시 ⟨涉害⟩로 가린다: ⟨初傳⟩ = {init} → ⟨比用格⟩.",
        "repeated-lesson.no": "거듭된 과({pairs})는 한 번만 센다. 거듭된 과에 제 극이 없으므로 바뀌는 것이 없다.",
        "repeated-lesson.yes": "거듭된 과({pairs})는 앞의 것으로 한 번만 센다: {dropped}의 극은 다시 따지지 않는다.",
        "repeated-lesson.none": "거듭된 과가 없다.",
        "repeated-lesson.pair": "제{later}과 = 제{earlier}과",
        "shehai-shangke.yes": "후보가 모두 ⟨上克下⟩이다: 깊이를 세지 않고 ⟨孟⟩·⟨仲⟩ 자리로 정한다(대전 본문의 ⟨上克下⟩ 예).",
        "shehai-shangke.no": "후보가 모두 ⟨下賊上⟩이다: 먼저 깊이를 센다.",
        "fanyin-weishanren": "위산인(尉山人)의 취법(取法), 말전은 파(破)를 취한다: ⟨中傳⟩ {middle}의 파 {final}#이 ⟨末傳⟩이고, ⟨初傳⟩으로 돌아가지 않는다.",
        "bazhuan.no": "⟨八專⟩이 아니다: {stem}의 기궁은 {jig}, 일지 {z}#이 아니다.",
        "bazhuan.head": "⟨八專⟩일({stem}의 기궁이 일지 {z})이고 극이 없다. ⟨八專⟩일에는 ⟨遙克⟩을 쓰지 않는다.",
        "bazhuan.yang": " 양일은 ⟨干上神⟩ {start}에서 (자신을 포함해) 앞으로 셋을 센다: ⟨初傳⟩ = {init}.",
        "bazhuan.yin": " 음일은 ⟨支陰⟩ {start}에서 (자신을 포함해) 뒤로 셋을 센다: ⟨初傳⟩ = {init}.",
        "bazhuan.duzu": " 곧 ⟨干上神⟩ 자신이므로 삼전이 한 지지다: ⟨獨足⟩.",
        "yaoke.no": "제2~4과 상신({uppers}) 가운데 {stem}#을 극하는 것도, {stem}#이 극하는 것도 없다: ⟨遙克⟩이 아니다.",
        "yaoke.hao": "사과에 극이 없다. 제2~4과 상신 가운데 {found}#이 일간 {stem}#을 멀리서 극한다(⟨神遙克日⟩): ⟨蒿矢⟩.",
        "yaoke.hao1": "사과에 극이 없다. 제2~4과 상신 가운데 {found}만 일간 {stem}#을 멀리서 극한다(⟨神遙克日⟩): ⟨蒿矢⟩.",
        "yaoke.dan": "사과에 극이 없고 {stem}#을 극하는 상신도 없다. {stem}#이 {found}#을 멀리서 극한다(⟨日遙克神⟩): ⟨彈射⟩.",
        "yaoke.dan1": "사과에 극이 없고 {stem}#을 극하는 상신도 없다. {stem}#이 {found}만 멀리서 극한다(⟨日遙克神⟩): ⟨彈射⟩.",
        "yaoke.match": " {found} 가운데 {init}만 일간과 음양이 같다.",
        "yaoke.init": " ⟨初傳⟩ = {init}.",
        "maoxing.no": "⟨昴星⟩이 아니다: 네 과가 모두 달라야 하는데 {n}과뿐이다.",
        "maoxing.head": "네 과가 모두 다르고 극도 ⟨遙克⟩도 없다: ⟨昴星⟩.",
        "maoxing.yang": " 양일은 우러러본다(⟨仰視⟩): 지반 ⟨酉⟩ 위의 천반 지지 {init}#이 초전이다: ⟨虎視⟩.",
        "maoxing.yin": " 음일은 굽어본다(⟨俯視⟩): 천반 ⟨酉⟩ 아래의 지반 자리 {init}#이 초전이다: ⟨冬蛇掩目⟩.",
        "biezhe.no": "⟨別責⟩이 아니다: 과가 셋이어야 하는데 {n}과다.",
        "biezhe.head": "과가 셋뿐(⟨不備⟩)이고 극도 ⟨遙克⟩도 없다: ⟨別責⟩.",
        "biezhe.yang": " ⟨剛日⟩: {stem}#은 {partner}#과 합하고(⟨干合⟩), {partner}의 기궁은 {lodge}이다. {lodge} 위의 천반 지지 {init}#이 초전이다.",
        "biezhe.yin": " ⟨柔日⟩: 일지 {z}의 ⟨三合⟩에서 다음 지지는 {base}이다. 그 위의 신이 아니라 {base} 자신이 초전이다.",
        "biezhe.yin-heaven": " ⟨柔日⟩: 일지 {z}의 ⟨三合⟩에서 다음 지지는 {base}이다. 이 학파는 그 위의 천반 지지를 취한다: ⟨初傳⟩ = {init}.",
        "method": "⟨九宗門⟩: ⟨{method}⟩, ⟨課體⟩: ⟨{type}⟩. {why}.",
        "why.元首": "⟨上克下⟩인 과가 하나뿐이고 ⟨下賊上⟩은 없어 그것이 발용했다",
        "why.重審": "⟨下賊上⟩인 과가 하나뿐이어서 그것이 발용했다(아래의 적이 위의 극보다 앞선다)",
        "why.始入": "⟨下賊上⟩인 과가 하나뿐이고 ⟨上克下⟩은 어디에도 없어 그것이 발용했다. 이 학파는 이를 ⟨始入⟩이라 부른다",
        "why.比用": "⟨下賊上⟩ 후보가 여럿이고 그 가운데 하나만 일간과 음양이 같다",
        "why.知一": "⟨上克下⟩ 후보가 여럿이고 그 가운데 하나만 일간과 음양이 같다",
        "why.涉害": "후보가 여럿이고 비(比)로 가려지지 않아, 깊이 세기에서 가장 깊은 것이 발용했다",
        "why.比用格": "후보가 여럿이고 비(比)로 가려지지 않았는데, ⟨涉害⟩#이 고른 것이 일간의 ⟨妻財⟩여서 일간과 비화하거나 일간을 생하는 후보가 발용했다",
        "why.見機": "후보가 여럿이고 비(比){depth}로 가려지지 않아, ⟨孟⟩ 자리에 앉은 하나가 발용했다",
        "why.察微": "후보가 여럿이고 비(比){depth}로 가려지지 않았으며 ⟨孟⟩ 자리에는 없어, ⟨仲⟩ 자리에 앉은 하나가 발용했다",
        "why.綴瑕": "후보가 여럿이고 비(比){depth}와 앉은 자리로도 가려지지 않아, 일간 쪽에서 먼저 만나는 것이 발용했다",
        "why.depth": "와 깊이 세기",
        "why.蒿矢": "사과에 극이 없고 제2~4과 상신이 일간을 멀리서 극한다",
        "why.彈射": "사과에 극이 없고 일간을 극하는 상신도 없어, 일간이 제2~4과 상신을 멀리서 극한다",
        "why.虎視": "네 과가 모두 다르고 어떤 극도 없다. 양일은 ⟨酉⟩에서 우러러본다",
        "why.冬蛇掩目": "네 과가 모두 다르고 어떤 극도 없다. 음일은 ⟨酉⟩에서 굽어본다",
        "why.別責": "과가 셋뿐이고 어떤 극도 없다",
        "why.八專": "⟨八專⟩일이고 극이 없다",
        "why.獨足": "⟨八專⟩일이고 극이 없으며, 세어 간 끝이 ⟨干上神⟩ 자신이라 삼전이 한 지지다",
        "why.自任": "극이 없는 양일의 ⟨伏吟⟩: ⟨干上神⟩에서 시작해 ⟨刑⟩이 막힘없이 이어진다",
        "why.自信": "극이 없는 음일의 ⟨伏吟⟩: ⟨支上神⟩에서 시작해 ⟨刑⟩이 막힘없이 이어진다",
        "why.杜傳": "⟨刑⟩의 이어짐이 막힌 ⟨伏吟⟩({block})",
        "why.不虞": "제1과가 ⟨上克下⟩인 ⟨伏吟⟩: 그 극이 초전을 주고, ⟨刑⟩이 어떻게 되든 이름은 ⟨不虞⟩이다",
        "why.無依": "극이 있는 ⟨返吟⟩: 보통 규칙({inner})으로 초전을 정했고, 극이 있는 ⟨返吟⟩은 모두 ⟨無依⟩이다",
        "why.井欄射": "극이 없는 ⟨返吟⟩: ⟨驛馬⟩가 발용하고 ⟨支上神⟩, ⟨干上神⟩이 뒤따른다",
        "block.zei": "제1과가 ⟨下賊上⟩이고 {init}#이 자형한다",
        "block.middle": "초전 {init}#이 자형하여 중전이 {other}#으로 돌았다",
        "block.final": "중전 {middle}#이 {how} 말전이 그 충으로 돌았다",
        "block.self": "자형하여",
        "block.returns": "다시 초전을 형하여",
        "initial": "⟨初傳⟩ = {init}, 지반 {sq}에 앉은 ⟨發用⟩이다: {how}.",
        "how.gate": "위의 ⟨{method}⟩ 단계가 정했다",
        "middle.plate": "⟨中傳⟩ = 초전 {i}#이 앉은 자리 위의 천반 지지: {m}.",
        "middle.plate6": "⟨中傳⟩ = 초전 {i}#이 앉은 자리 위의 천반 지지, ⟨返吟⟩에서는 그 충: {m}.",
        "middle.xing": "⟨中傳⟩ = 초전 {i}#이 ⟨刑⟩하는 것: {m}.",
        "middle.other-anchor": "{i}#은 ⟨自刑⟩하므로 ⟨中傳⟩은 다른 쪽으로 돈다: 초전이 {came}에서 나왔으니 중전 = {other} {m}.",
        "middle.gan": "⟨中傳⟩ = ⟨干上神⟩ {m}.",
        "middle.zhi": "⟨中傳⟩ = ⟨支上神⟩ {m}.",
        "final.plate": "⟨末傳⟩ = 중전 {m}#이 앉은 자리 위의 천반 지지: {l}.",
        "final.plate6": "⟨末傳⟩ = 중전 {m}#이 앉은 자리 위의 천반 지지, 곧 초전으로 돌아온다: {l}.",
        "final.weishanren": "위산인(尉山人)의 취법(取法), 말전은 파(破)를 취한다: ⟨末傳⟩ = 중전 {m}의 파: {l}(초전으로 돌아가지 않는다).",
        "final.xing": "⟨末傳⟩ = 중전 {m}#이 ⟨刑⟩하는 것: {l}.",
        "final.self": "{m}#은 자형하므로 ⟨刑⟩이 여기서 멈춘다: ⟨末傳⟩ = 그 충(⟨沖⟩) {l}.",
        "final.returns": "{m}#이 {i}#을 형하면 초전으로 되돌아간다: ⟨末傳⟩ = {m}의 충(⟨沖⟩) {l}.",
        "final.gan": "⟨末傳⟩ = ⟨干上神⟩ {l}.",
        "final.gan-again": "⟨末傳⟩ = 다시 ⟨干上神⟩ {l}.",
        "final.zhi": "⟨末傳⟩ = ⟨支上神⟩ {l}.",
        "anchor.gan": "⟨干上神⟩",
        "anchor.zhi": "⟨支上神⟩",
        "generals": "⟨天乙貴人⟩: {stem}일 {when}, 귀인표 {table}(⟨晝貴⟩ {day}, ⟨夜貴⟩ {night})에서 {nb}#을 취한다. "
        "{nb}#은 지반 {sq}에 앉았고, {dir}. 초전 {i}에 {gi}, 중전 {m}에 {gm}, 말전 {l}에 {gl}#이 탄다.",
        "when.day": "낮 점",
        "when.night": "밤 점",
        "dir.順": "⟨亥子丑寅卯辰⟩ 가운데이므로 천장이 ⟨順行⟩한다",
        "dir.逆": "⟨巳午未申酉戌⟩ 가운데이므로 천장이 ⟨逆行⟩한다",
        "relations": "⟨六親⟩ — 일간 {stem}, {se} 기준: {kin}. ⟨遁干⟩: {day}#은 {xun} ⟨旬⟩에 있으니 {hidden}. ⟨旬空⟩: {void}{voided}.",
        "kin": "{b} {k}",
        "hidden": "{b}에 {h}",
        "hidden.void": "{b}에는 둔간 없음",
        "voided": "; 삼전 가운데 공망: {which}",
        "sep": ", ",
        "patterns": "⟨課體⟩:\n{names}",
        "patterns.none": "해당하는 과체가 없다.",
        "unjudged": "\n판단 보류(⟨月建⟩·⟨太歲⟩·⟨年命⟩이 필요하다; {hint}): {names}.",
        "hint.code": "⟨月建⟩#은 month=, ⟨太歲⟩#은 year=, ⟨年命⟩#은 nianming= 인자로 지정한다",
        "hint.explorer": "⟨月建⟩·⟨太歲⟩·⟨本命⟩·⟨行年⟩ 칸을 정한다",
        "explain.patterns": "⟨課體⟩:",
        "explain.none": "⟨課體⟩: 없음",
        "explain.unjudged": "판단 보류(⟨月建⟩·⟨太歲⟩·⟨年命⟩이 필요하다; {hint}): {names}",
    },
}
"""Every sentence of the steps in each language (⟨⟩ marks terms; see :func:`render`)."""

GATE_NAME = {
    "shehai-depth": "涉害",
    "shehai-meng": "見機",
    "shehai-zhong": "察微",
    "shehai-zhuixia": "綴瑕",
    "biyong-ge": "比用格",
}
"""The lesson type each 涉害 sub-gate gives."""
STEP_ORDER = (
    "plate",
    "lesson-1",
    "lesson-2",
    "lesson-3",
    "lesson-4",
    "gates",
    "method",
    "initial",
    "middle",
    "final",
    "generals",
    "relations",
    "patterns",
)
_tnew = tuple.__new__


FORMULA_FIELDS = frozenset({"d"})
_TWO_OF = re.compile("(?<![〇一二三四五六七八九十])二個")
"""Numbers that stand in a formula (``d = … mod 12 = 7``): digits in every language."""


ZH_DIGITS = "〇一二三四五六七八九"


def zh_number(n: int) -> str:
    """``n`` (0 ≤ n < 100) in Chinese numerals, as a count is written in the classical text: 7 → 七, 12 → 十二, 20 → 二十."""
    if not 0 <= n < 100:
        return str(n)
    tens, ones = divmod(n, 10)
    if tens == 0:
        return ZH_DIGITS[ones]
    return ("" if tens == 1 else ZH_DIGITS[tens]) + "十" + ("" if ones == 0 else ZH_DIGITS[ones])


def _w(lang: str, key: str, **values: Any) -> str:
    """The sentence ``key`` in ``lang`` with ``values``; in Chinese a count is written in numerals (三個, 第二課)."""
    if lang == "zh":
        values = {k: zh_number(v) if type(v) is int and k not in FORMULA_FIELDS else v for k, v in values.items()}
        return _TWO_OF.sub("兩個", WORDS[lang][key].format(**values))  # 兩個, not 二個 (but 十二個)
    return WORDS[lang][key].format(**values)


def _where(lessons: Iterable[int], lang: str) -> str:
    items = list(lessons)
    if lang == "en":
        nums = [str(i + 1) for i in items]
        head = "lesson " if len(nums) == 1 else "lessons "
        return head + (nums[0] if len(nums) == 1 else ", ".join(nums[:-1]) + " and " + nums[-1])
    return ("、" if lang == "zh" else ", ").join(f"⟨第{zh_number(i + 1)}課⟩" for i in items)


# ---------------------------------------------------------------- the Step value
class Step(NamedTuple):
    """One step of the construction (frozen).

    ``key`` is stable: "plate", "lesson-1" … "lesson-4", one "gate-…" per gate tried
    ("gate-fuyin", "gate-fanyin", "gate-zeike", "gate-biyong", "gate-shehai-depth",
    "gate-shehai-meng", "gate-shehai-zhong", "gate-shehai-zhuixia", "gate-bazhuan", "gate-yaoke",
    "gate-maoxing", "gate-biezhe"), then "method", "initial", "middle", "final", "generals",
    "relations", "patterns". ``cells`` are the 課盤 cells it points at: "heaven-卯" (the plate cell
    whose heaven branch is 卯), "lesson-1" … "lesson-4", "initial", "middle", "final", "noble".
    ``title`` and ``text`` are in ``lang``; ``position`` is the step's place (0 = the plate);
    ``parts`` is how much of the 課盤 is built by now.
    """

    key: str
    cells: tuple[str, ...]
    lang: str
    position: int
    chart: Chart
    event: Event | None
    events: tuple[Event, ...]

    @property
    def title(self) -> str:
        """The step's heading in its language."""
        return _title(self)

    @property
    def text(self) -> str:
        """What the step does and why, in its language."""
        return _text(self)

    @property
    def branches(self) -> tuple[str, ...]:
        """The heaven branches this step marks on the plate."""
        return tuple(c[7:] for c in self.cells if c.startswith("heaven-"))

    @property
    def parts(self) -> frozenset[str] | None:
        """The parts of the 課盤 built by the end of this step (None: all of it)."""
        return _parts(self.key)

    def html(self, *, colors: Any = None) -> str:
        """The 課盤 as built so far (later parts blank), this step's cells lit, and its text."""
        return step_html(self, colors=colors)

    def _repr_html_(self) -> str:
        return step_html(self)

    def __str__(self) -> str:
        return f"{self.title}: {self.text}"

    def __repr__(self) -> str:
        return f"Step({self.key!r}, {self.title!r})"


def _parts(key: str) -> frozenset[str] | None:
    stage = "gates" if key.startswith("gate-") else key
    if stage == "patterns":
        return None
    upto = STEP_ORDER.index(stage)
    return PARTS_BY_STAGE[upto]


def _stage_parts() -> tuple[frozenset[str], ...]:
    out, built = [], []
    for stage in STEP_ORDER:
        if stage != "gates":
            built.append(stage)
        out.append(frozenset(built))
    return tuple(out)


PARTS_BY_STAGE = _stage_parts()


# ---------------------------------------------------------------- building the steps
HEAVEN = tuple(f"heaven-{b}" for b in BRANCH_CHARS)
"""The cell name of the plate cell under each heaven branch, by branch ordinal."""
LESSON_CELLS = tuple(tuple((f"lesson-{n}", HEAVEN[b]) for b in range(12)) for n in range(1, 5))
CHAINED = frozenset(("fuyin-middle", "fuyin-final"))
GATE_KEYS = {gate: f"gate-{gate}" for gate in FIELDS}
"""Events told in the middle and final steps rather than as gates of their own."""


def _gate_cells(event: Event) -> tuple[str, ...]:
    data = event.data
    gate = event.gate
    if gate == "zeike":
        if not event.applied:
            return ()
        return tuple(f"lesson-{i + 1}" for i in data["lessons"]) + tuple(HEAVEN[b] for b in data["candidates"])
    if gate in ("biyong", "shehai-depth", "shehai-meng", "shehai-zhong", "shehai-zhuixia"):
        init = data.get("init")
        return (HEAVEN[init],) if init is not None else tuple(HEAVEN[b] for b in data["pool"])
    if not event.applied:
        return ()
    if gate == "biyong-ge":
        return (HEAVEN[data["init"]],)
    if gate == "repeated-lesson":
        return tuple(f"lesson-{later + 1}" for later, _ in data["repeats"])
    if gate == "fanyin-weishanren":
        return (HEAVEN[data["final"]],)
    if gate == "shehai-shangke":
        return ()
    if gate == "fuyin":
        return ("lesson-3" if data["anchor"] == "zhi" else "lesson-1", HEAVEN[data["init"]])
    if gate == "fanyin":
        return () if data["has_ke"] else (HEAVEN[data["horse"]],)
    return (HEAVEN[data["init"]],)


class Steps(tuple):
    """The steps of one chart: a plain tuple of :class:`Step` that prints as numbered lines
    ("1. title: text") and shows in Jupyter as the numbered list of titles and texts (each step's
    own ``_repr_html_`` draws its 課盤)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "\n".join(f"{s.position + 1}. {s.title}: {s.text}" for s in self)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))

    def _repr_html_(self) -> str:
        from html import escape

        from .html import COLORS

        items = "".join(
            f'<li data-key="{escape(s.key)}" style="margin:0 0 4px"><b>{escape(s.title)}</b> '
            f"{escape(s.text).replace(chr(10), '<br>')}</li>"
            for s in self
        )
        return (
            f'<ol class="liuren-steps" style="font-family:sans-serif;font-size:14px;line-height:1.45;max-width:900px;'
            f'color:{COLORS["ink"]};background:{COLORS["paper"]};padding:8px 14px 8px 36px;border-radius:6px">{items}</ol>'
        )


def steps(chart: Chart, lang: str = "zh") -> Steps:
    """The construction of ``chart`` as :class:`Step` values, in the order a teacher casts it."""
    if lang not in LANGUAGES:
        check_lang(lang)
    trace = Trace()
    choose(chart._ke, chart.school, trace)
    events = tuple(trace.events)
    t0, t1, t2 = (x.branch.ordinal for x in chart.transmissions)
    u = chart._ke.uppers
    out = [
        _tnew(Step, ("plate", (HEAVEN[chart.general.ordinal],), lang, 0, chart, None, events)),
        _tnew(Step, ("lesson-1", LESSON_CELLS[0][u[0]], lang, 1, chart, None, events)),
        _tnew(Step, ("lesson-2", LESSON_CELLS[1][u[1]], lang, 2, chart, None, events)),
        _tnew(Step, ("lesson-3", LESSON_CELLS[2][u[2]], lang, 3, chart, None, events)),
        _tnew(Step, ("lesson-4", LESSON_CELLS[3][u[3]], lang, 4, chart, None, events)),
    ]
    middle_event = final_event = None
    n = 5
    for e in events:
        gate = e.gate
        if gate == "fuyin-middle":
            middle_event = e
        elif gate == "fuyin-final":
            final_event = e
        else:
            out.append(_tnew(Step, (GATE_KEYS[gate], _gate_cells(e), lang, n, chart, e, events)))
            n += 1
    out += [
        _tnew(Step, ("method", (HEAVEN[t0],), lang, n, chart, None, events)),
        _tnew(Step, ("initial", ("initial", HEAVEN[t0]), lang, n + 1, chart, None, events)),
        _tnew(Step, ("middle", ("middle", HEAVEN[t1]), lang, n + 2, chart, middle_event, events)),
        _tnew(Step, ("final", ("final", HEAVEN[t2]), lang, n + 3, chart, final_event, events)),
        _tnew(Step, ("generals", ("noble", HEAVEN[chart.noble_branch.ordinal]), lang, n + 4, chart, None, events)),
        _tnew(Step, ("relations", ("initial", "middle", "final"), lang, n + 5, chart, None, events)),
        _tnew(Step, ("patterns", (), lang, n + 6, chart, None, events)),
    ]
    return _tnew(Steps, out)


def gate_events(chart: Chart) -> tuple[Event, ...]:
    """Every event of ``chart``'s methods, run again with a real :class:`Trace`."""
    trace = Trace()
    choose(chart._ke, chart.school, trace)
    return tuple(trace.events)


# ---------------------------------------------------------------- words of each step
def _title(step: Step) -> str:
    key, lang = step.key, step.lang
    if key.startswith("lesson-"):
        n = int(key[-1])
        return render(_w(lang, "t.lesson", n=n, cn=zh_number(n)), lang)
    return render(WORDS[lang][f"t.{key}"], lang)


def _text(step: Step) -> str:
    key, chart, lang = step.key, step.chart, step.lang
    if key.startswith("gate-"):
        assert step.event is not None
        raw = gate_text(step.event, chart, lang)
    elif key == "plate":
        raw = _plate_text(chart, lang)
    elif key.startswith("lesson-"):
        raw = _lesson_text(chart, int(key[-1]) - 1, lang)
    elif key == "method":
        raw = _method_text(chart, step.events, lang)
    elif key == "initial":
        t = chart.transmissions[0]
        raw = _w(
            lang,
            "initial",
            init=_b(t.branch.ordinal),
            sq=_b(t.branch.ordinal - chart.offset),
            how=_w(lang, "how.gate", method=(chart.lesson_type == "無依" and _inner_gate(step.events)) or chart.method),
        )
    elif key in ("middle", "final"):
        raw = _chain_text(chart, key, step.event, lang)
    elif key == "generals":
        raw = _generals_text(chart, lang)
    elif key == "relations":
        raw = _relations_text(chart, lang)
    else:
        raw = _patterns_text(chart, lang, "code")
    return render(raw, lang)


def _plate_text(chart: Chart, lang: str) -> str:
    d = chart.offset
    text = _w(
        lang,
        "plate.still" if d == 0 else "plate",
        g=_b(chart.general.ordinal),
        h=_b(chart.hour.ordinal),
        gp=chart.general,
        hp=chart.hour,
        d=d,
        dn=d,
        zi=_b(0),
        z=_b(d),
    )
    if d in (0, 6):
        text += WORDS[lang][f"plate.{d}"]
    return text


def _lesson_text(chart: Chart, i: int, lang: str) -> str:
    ke = chart._ke
    u, sq = ke.uppers[i], ke.squares[i]
    lower = _s(ke.stem) if i == 0 else _b(sq)
    le = STEM_ELEMENT[ke.stem] if i == 0 else BRANCH_ELEMENT[sq]
    text = _w(lang, f"lesson-{i + 1}", stem=_s(ke.stem), jig=_b(JIGONG[ke.stem]), u=_b(u), lower=lower)
    rel = {1: "rel.ke", -1: "rel.zei", 0: "rel.none"}[ke.relations[i]]
    text += _w(
        lang,
        rel,
        u=_b(u),
        ue=_e(BRANCH_ELEMENT[u]),
        lower=lower,
        le=_e(le),
        uec=ELEMENT_CHARS[BRANCH_ELEMENT[u]],
        lec=ELEMENT_CHARS[le],
    )
    same = next((j for j in range(i) if ke.keys[j] == ke.keys[i]), None)
    if same is not None:
        text += _w(lang, "rel.same", j=same + 1)
    return text


def gate_text(event: Event, chart: Chart, lang: str) -> str:
    """The words for one gate event (⟨⟩ marks not yet expanded: see :func:`render`)."""
    ke, data, w = chart._ke, event.data, WORDS[lang]
    stem = _s(ke.stem)
    yy = w["yang"] if ke.stem % 2 == 0 else w["yin"]
    gate = event.gate
    if gate == "fuyin":
        if not event.applied:
            return _w(lang, "fuyin.no", d=data["offset"])
        kind = "⟨上克下⟩" if data["relation"] == 1 else "⟨下賊上⟩"
        return w["fuyin.head"] + _w(lang, f"fuyin.{data['anchor']}", kind=kind, init=_b(data["init"]), stem=stem)
    if gate == "fanyin":
        if not event.applied:
            return _w(lang, "fanyin.no", d=data["offset"])
        if data["has_ke"]:
            return w["fanyin.ke"]
        return _w(lang, "fanyin.jinglan", z=_b(ke.branch), horse=_b(data["horse"]))
    if gate == "zeike":
        if not event.applied:
            return w["zeike.no"]
        lessons = data["lessons"]
        text = _w(lang, "zeike.kind", kind=f"⟨{data['kind']}⟩", where=_where(lessons, lang))
        if data["outranks"]:
            text += _w(lang, "zeike.outranks", others=_where((i for i in range(4) if ke.relations[i] == 1), lang))
        if data["counted"] == 1:
            if len(lessons) > 1:
                text += _w(lang, "zeike.same", where=_where(lessons, lang))
            return text + _w(lang, "zeike.one", init=_b(data["init"]), name=f"⟨{data['name']}⟩")
        return text + _w(lang, "zeike.many", n=data["counted"], cands=_bs(data["candidates"]))
    if gate == "biyong":
        cands, match = data["candidates"], data["matching"]
        if event.applied:
            return _w(
                lang,
                "biyong.one",
                stem=stem,
                yy=yy,
                cands=_bs(cands),
                match=_bs(match),
                init=_b(data["init"]),
                name=f"⟨{data['name']}⟩",
            )
        variant = "none" if not match else "all" if len(match) == len(cands) else "some"
        return _w(
            lang, f"biyong.{variant}", stem=stem, yy=yy, cands=_bs(cands), match=_bs(match), n=len(cands), k=len(match)
        )
    if gate == "shehai-depth":
        walks = []
        for b, sq, walk, n in data["walks"]:
            chars = " ".join(f"{_b(q)}[{''.join(f'⟨{c}⟩' for c in counted)}]" for q, counted in walk if counted) or "—"
            walks.append(_w(lang, "depth.walk", b=_b(b), sq=_b(sq), chars=chars, n=n))
        text = _w(
            lang,
            "depth.head",
            start=w["depth.start" if data["include_start"] else "depth.nostart"],
            what=w["depth.zei" if data["kind"] == "下賊上" else "depth.ke"],
            walks=w["depth.sep"].join(walks),
        )
        if event.applied:
            return text + _w(lang, "depth.one", init=_b(data["init"]))
        return text + _w(lang, "depth.tie", tied=_bs(data["tied"]), n=max(x[3] for x in data["walks"]))
    if gate in ("shehai-meng", "shehai-zhong"):
        prefix = "meng" if gate == "shehai-meng" else "zhong"
        suffix = "-heaven" if data.get("plate") == "heaven" else ""
        on, d = data["on"], ke.offset
        if event.applied:
            return _w(
                lang, f"{prefix}.one{suffix}", pool=_bs(data["pool"]), init=_b(data["init"]), sq=_b(data["init"] - d)
            )
        if on:
            return _w(
                lang,
                f"{prefix}.many{suffix}",
                on=_bs(on),
                sqs=_bs(b - d for b in on),
                all="both" if len(on) == 2 else "all",
            )
        return _w(lang, f"{prefix}.none{suffix}", pool=_bs(data["pool"]))
    if gate == "biyong-ge":
        kin = f"⟨{data['kin']}⟩"
        if not event.applied:
            refused = ("妻財",) if chart.school.biyong_ge == "wealth" else ("妻財", "官鬼")
            why = w["biyong-ge.no-eligible"] if data["kin"] in refused else w["biyong-ge.no-kin"]
            return _w(lang, "biyong-ge.no", pick=_b(data["pick"]), kin=kin, stem=stem, why=why)
        if len(data["eligible"]) == 1:
            kin2 = f"⟨{kin_of(ke.stem, data['init'])}⟩"
            return _w(
                lang, "biyong-ge.one", pick=_b(data["pick"]), kin=kin, stem=stem, init=_b(data["init"]), kin2=kin2
            )
        return _w(
            lang,
            "biyong-ge.many",
            pick=_b(data["pick"]),
            kin=kin,
            stem=stem,
            eligible=_bs(data["eligible"]),
            init=_b(data["init"]),
        )
    if gate == "repeated-lesson":
        pairs = [
            _w(lang, "repeated-lesson.pair", later=later + 1, earlier=earlier + 1) for later, earlier in data["repeats"]
        ]
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
        text = _w(lang, "bazhuan.head", stem=stem, z=_b(ke.branch))
        text += _w(
            lang, "bazhuan.yang" if data["yang"] else "bazhuan.yin", start=_b(data["start"]), init=_b(data["init"])
        )
        return text + (w["bazhuan.duzu"] if data["name"] == "獨足" else "")
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
        return w["maoxing.head"] + _w(lang, "maoxing.yang" if data["yang"] else "maoxing.yin", init=_b(data["init"]))
    if gate == "biezhe":
        if not event.applied:
            return _w(lang, "biezhe.no", n=data["distinct"])
        if data["yang"]:
            return w["biezhe.head"] + _w(
                lang,
                "biezhe.yang",
                stem=stem,
                partner=_s(data["partner"]),
                lodge=_b(data["lodge"]),
                init=_b(data["init"]),
            )
        heaven = chart.school.biezhe_yin == "heaven"
        base = (ke.branch + 4) % 12
        return w["biezhe.head"] + _w(
            lang, "biezhe.yin-heaven" if heaven else "biezhe.yin", z=_b(ke.branch), base=_b(base), init=_b(data["init"])
        )
    raise ValueError(f"no words for gate {gate!r}: add them to liuren.show.steps")


def _inner_gate(events: tuple[Event, ...]) -> str:
    """The gate inside a 返吟 無依 chart that gave its 初傳 (賊克, 比用, 見機 …): the last one applied."""
    return next(
        (
            e.data.get("name") or GATE_NAME.get(e.gate, "")
            for e in reversed(events)
            if e.applied and e.data.get("init") is not None
        ),
        "",
    )


def _method_text(chart: Chart, events: tuple[Event, ...], lang: str) -> str:
    w = WORDS[lang]
    name = chart.lesson_type
    depth = w["why.depth"] if any(e.gate == "shehai-depth" for e in events) else ""
    values: dict[str, str] = {"depth": depth}
    if name == "杜傳":
        middle = next(e for e in events if e.gate == "fuyin-middle")
        final = next(e for e in events if e.gate == "fuyin-final")
        t = chart.transmissions
        if middle.data["rule"] == "other-anchor":
            values["block"] = _w(
                lang, "block.middle", init=_b(t[0].branch.ordinal), other=w[f"anchor.{middle.data['anchor']}"]
            )
        elif final.data["rule"] != "xing":
            values["block"] = _w(
                lang, "block.final", middle=_b(t[1].branch.ordinal), how=w[f"block.{final.data['rule']}"]
            )
        else:
            values["block"] = _w(lang, "block.zei", init=_b(t[0].branch.ordinal))
    if name == "無依":
        values["inner"] = f"⟨{_inner_gate(events)}⟩"
    why = _w(lang, f"why.{name}", **values)
    return _w(lang, "method", method=chart.method, type=name, why=why)


def _chain_text(chart: Chart, key: str, event: Event | None, lang: str) -> str:
    t = chart.transmissions
    i, m, last = (x.branch.ordinal for x in t)
    values = {"i": _b(i), "m": _b(m), "l": _b(last)}
    if event is not None:  # 伏吟's own chain
        rule = event.data["rule"]
        if rule == "other-anchor":
            other = event.data["anchor"]
            values["other"] = WORDS[lang][f"anchor.{other}"]
            values["came"] = WORDS[lang]["anchor.gan" if other == "zhi" else "anchor.zhi"]
        return _w(lang, f"{key}.{rule}", **values)
    method, yang = chart.method, chart._ke.stem % 2 == 0
    if method == Method.FANYIN and chart.lesson_type == "井欄射":
        rule = "zhi" if key == "middle" else "gan"
    elif method == Method.MAOXING:
        rule = ("zhi" if yang else "gan") if key == "middle" else ("gan" if yang else "zhi")
    elif method in (Method.BIEZHE, Method.BAZHUAN):
        rule = "gan" if key == "middle" else "gan-again"
    elif key == "final" and method == Method.FANYIN and chart.school.fanyin_final == "weishanren":
        rule = "weishanren"
    else:
        rule = "plate6" if chart.offset == 6 else "plate"
    return _w(lang, f"{key}.{rule}", **values)


def _generals_text(chart: Chart, lang: str) -> str:
    from ..school import NOBLE_TABLES

    t = chart.transmissions
    s = chart.stem.ordinal
    day, night = NOBLE_TABLES[chart.school.noble_table][s]
    nb = chart.noble_branch.ordinal
    sq = (nb - chart.offset) % 12
    direction = "順" if sq in FORWARD_SQUARES else "逆"
    return _w(
        lang,
        "generals",
        stem=_s(s),
        when=WORDS[lang][f"when.{chart.noble}"],
        table=chart.school.noble_table,
        day=_b(day),
        night=_b(night),
        nb=_b(nb),
        sq=_b(sq),
        dir=WORDS[lang][f"dir.{direction}"],
        i=_b(t[0].branch.ordinal),
        m=_b(t[1].branch.ordinal),
        l=_b(t[2].branch.ordinal),
        gi=f"⟨{t[0].general}⟩",
        gm=f"⟨{t[1].general}⟩",
        gl=f"⟨{t[2].general}⟩",
    )


def _relations_text(chart: Chart, lang: str) -> str:
    w = WORDS[lang]
    t = chart.transmissions
    sep = w["sep"]
    kin = sep.join(_w(lang, "kin", b=_b(x.branch.ordinal), k=f"⟨{x.relation}⟩") for x in t)
    hidden = sep.join(
        _w(lang, "hidden", b=_b(x.branch.ordinal), h=f"⟨{x.stem}⟩")
        if x.stem
        else _w(lang, "hidden.void", b=_b(x.branch.ordinal))
        for x in t
    )
    xun = PILLARS[chart.day.ordinal - chart.day.ordinal % 10]
    assert xun.branch.ordinal == xun_branch(chart.day.ordinal)
    voided = [x for x in t if x.void]
    return _w(
        lang,
        "relations",
        stem=_s(chart.stem.ordinal),
        se=f"⟨{ELEMENT_CHARS[STEM_ELEMENT[chart.stem.ordinal]]}⟩",
        kin=kin,
        day=f"⟨{chart.day}⟩",
        xun=f"⟨{xun}⟩",
        hidden=hidden,
        void=f"⟨{''.join(chart.void)}⟩",
        voided=_w(lang, "voided", which=_bs(x.branch.ordinal for x in voided)) if voided else "",
    )


def pattern_lines(chart: Chart, lang: str = "en") -> list[str]:
    """``name (family): evidence`` for each pattern found, in ``lang``, a family's own entry naming
    (not repeating) the companions that are listed after it with their evidence."""
    return [render(x, lang) for x in _pattern_marks(chart, lang)]


def _pattern_marks(chart: Chart, lang: str) -> list[str]:
    """The lines of :func:`pattern_lines` with their terms still marked (⟨⟩, see :func:`render`)."""
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
        lines.append(f"⟨{p.name}⟩ (⟨{p.family}⟩): {evidence_marks(clauses, lang)}")
    return lines


def _patterns_text(chart: Chart, lang: str, hint: str) -> str:
    w = WORDS[lang]
    lines = _pattern_marks(chart, lang)
    text = _w(lang, "patterns", names="\n".join(lines)) if lines else w["patterns.none"]
    if chart.unjudged_patterns:
        text += _w(lang, "unjudged", hint=w[f"hint.{hint}"], names=" ".join(f"⟨{n}⟩" for n in chart.unjudged_patterns))
    return text


# ---------------------------------------------------------------- trace and explain
class Lines(tuple):
    """A tuple of lines that prints as the lines themselves (``print(chart.trace())``)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "\n".join(self)


def trace_lines(chart: Chart, lang: str = "en") -> Lines:
    """The four lessons in one line, then one line per gate tried (the texts of the gate steps), how
    the 中傳 and 末傳 were chosen (the texts of those steps), then the 三傳 with the method and lesson type."""
    lang = check_lang(lang)
    zh = lang == "zh"  # Chinese counts in numerals and uses full-width punctuation
    events = gate_events(chart)
    # a lesson the school counts once (repeated_lesson="once") shows which one it repeats, not its 克
    repeat = next((e for e in events if e.gate == "repeated-lesson" and e.applied), None)
    dropped = dict(repeat.data["repeats"]) if repeat is not None else {}

    def number(n: int) -> str:
        return zh_number(n) if zh else str(n)

    lessons = ("，" if zh else ", ").join(
        f"{number(n)} ⟨{x.upper}⟩/⟨{x.lower}⟩"
        + (
            (f"（即第{number(dropped[n - 1] + 1)}課）" if zh else f" (= {number(dropped[n - 1] + 1)})")
            if n - 1 in dropped
            else f" ⟨{x.kind}⟩"
            if x.kind
            else ""
        )
        for n, x in enumerate(chart.lessons, 1)
    )
    lines = [render(_w(lang, "lessons", lessons=lessons), lang)]
    lines += [render(gate_text(e, chart, lang), lang) for e in events if e.gate not in CHAINED]
    chained = {
        e.gate: e for e in events if e.gate in CHAINED
    }  # 伏吟's own 刑 chain, else the plate or the method's rule
    lines += [render(_chain_text(chart, key, chained.get(f"fuyin-{key}"), lang), lang) for key in ("middle", "final")]
    t = chart.transmissions
    colon = "：" if zh else ": "
    lines.append(
        render(f"⟨三傳⟩ {''.join(f'⟨{x.branch}⟩' for x in t)}{colon}⟨{chart.method}⟩ → ⟨{chart.lesson_type}⟩", lang)
    )
    return Lines(lines)


def explain(chart: Chart, lang: str = "en", *, hint: str = "code") -> str:
    """The trace, then each pattern with its evidence (a family's entry names its companions
    instead of repeating their evidence), then the patterns that need the month or year branch or the
    年命. ``hint`` says how to give them: "code" (the month=/year=/nianming= arguments) or "explorer"
    (the 月建/太歲/本命/行年 controls)."""
    lang = check_lang(lang)
    if hint not in ("code", "explorer"):
        raise ParseError(f"hint={quote(hint)} is not understood; accepted: 'code', 'explorer'")
    w = WORDS[lang]
    lines = list(trace_lines(chart, lang))
    lines.append("")
    found = _pattern_marks(chart, lang)
    lines.append(render(w["explain.patterns"] if found else w["explain.none"], lang))
    lines.extend("  " + render(x, lang) for x in found)
    if chart.unjudged_patterns:
        names = " ".join(f"⟨{n}⟩" for n in chart.unjudged_patterns)
        lines.append(render(_w(lang, "explain.unjudged", hint=w[f"hint.{hint}"], names=names), lang))
    return "\n".join(lines)


# ---------------------------------------------------------------- HTML
def step_html(step: Step, *, colors: Any = None) -> str:
    """The 課盤 as built by ``step`` (later parts blank), its cells lit, then its title and text."""
    from html import escape

    from .html import _palette, chart_html, paper_box

    pal = _palette(colors)
    board = chart_html(step.chart, labels=step.lang, colors=colors, parts=step.parts, cells=step.cells)
    title, text = step.title, step.text
    for sep in (
        ": ",
        "：",
    ):  # the text read alone opens with its title ("Lesson 1: …"); under the title, once is enough
        if text.startswith(title + sep):
            text = text[len(title) + len(sep) :]
            break
    words = (
        f'<div style="font-size:12px;color:{pal["muted"]}">{step.position + 1}. {escape(title)}</div>'
        f'<div style="font-size:14px;color:{pal["ink"]}">{escape(text).replace(chr(10), "<br>")}</div>'
    )
    box = paper_box(
        words,
        "width:auto;max-width:760px;margin:6px 0 0;padding:6px 10px;font-family:sans-serif;line-height:1.45",
        colors,
    )
    return f'<div class="liuren-step" data-key="{escape(step.key)}">{board}{box}</div>'


__all__ = [
    "WORDS",
    "Lines",
    "Step",
    "Steps",
    "check_lang",
    "explain",
    "gate_events",
    "gate_text",
    "pattern_lines",
    "render",
    "step_html",
    "steps",
    "trace_lines",
]
