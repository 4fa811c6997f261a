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
from ..transmissions import LESSON_TYPE_ALIASES, LESSON_TYPES, Method
from .steps import CHAINED, check_lang, gate_events, render, zh_number

if TYPE_CHECKING:
    from ..chart import Chart
    from ..transmissions import Event

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
GATE_OF = {
    **dict.fromkeys(("元首", "重審", "始入", "賊克"), "zeike"),
    **dict.fromkeys(("比用", "知一"), "biyong"),
    **dict.fromkeys(("涉害", "見機", "察微", "綴瑕", "比用格"), "shehai"),
    **dict.fromkeys(("遙克", "蒿矢", "彈射"), "yaoke"),
    **dict.fromkeys(("昴星", "虎視", "冬蛇掩目"), "maoxing"),
    "別責": "biezhe",
    **dict.fromkeys(("八專", "獨足"), "bazhuan"),
    **dict.fromkeys(("伏吟", "自任", "自信", "杜傳", "不虞"), "fuyin"),
    **dict.fromkeys(("返吟", "無依", "井欄射"), "fanyin"),
}
"""The gate (trace key, 涉害's sub-gates folded) that gives each method and lesson type."""
DECIDES = frozenset(("fuyin", "bazhuan", "yaoke", "maoxing", "biezhe"))


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
        value = int(text)
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
@dataclass(frozen=True)
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


WORDS: dict[str, dict[str, str]] = {
    "en": {
        "ok": "Right: {parts}.",
        "none": "Nothing to check: give offset=, lessons=, transmissions= or method=.",
        "open": " ({n} place(s) left open were not checked.)",
        "part.offset": "the offset",
        "part.lessons": "the lessons",
        "part.transmissions": "the 三傳",
        "part.method": "the method",
        "wrong.offset": "The offset is not right.",
        "wrong.lessons": "Lesson {n} is not right.",
        "wrong.transmissions": "The {which} is not right.",
        "wrong.method": "The method is not right.",
        "wrong.generals": "The generals of the 三傳 are not right.",
        "which.0": "⟨初傳⟩",
        "which.1": "⟨中傳⟩",
        "which.2": "⟨末傳⟩",
        "answer": " The answer: {answer}.",
        "plate": "Lay the month general {g} on the hour {h} and count from the hour to the general: d = (⟨月將⟩ − ⟨占時⟩) mod 12.",
        "lesson-1": "Lesson 1's upper is the heaven branch over the day stem's ⟨寄宮⟩ ({stem} lodges at {jig}); its lower is the stem.",
        "lesson-2": "Lesson 2's lower is lesson 1's upper; its upper is the heaven branch over that.",
        "lesson-3": "Lesson 3's upper is the heaven branch over the day branch {z}.",
        "lesson-4": "Lesson 4's lower is lesson 3's upper; its upper is the heaven branch over that.",
        "gate-fuyin": "⟨伏吟⟩ is the plate with d = 0 (and only that): a 克 in lesson 1 gives the 初, else the ⟨干上神⟩ on a yang day, the ⟨支上神⟩ on a yin day.",
        "gate-fanyin": "⟨返吟⟩ is the plate with d = 6: with a 克 the ordinary rules choose the 初 (⟨無依⟩); without, the ⟨驛馬⟩ of the day branch begins (⟨井欄射⟩).",
        "gate-zeike": "⟨賊克⟩: take the lessons with ⟨下賊上⟩, and only when there are none those with ⟨上克下⟩; a single candidate is the 初.",
        "gate-biyong": "⟨比用⟩: of several candidates keep those whose yin-yang matches the day stem {stem}; exactly one such is the 初.",
        "gate-shehai-depth": "⟨涉害⟩ under this school counts depth first: walk each candidate home from its square and count what 克s it (賊) or what it 克s (克); the deepest is the 初, before any ⟨孟⟩/⟨仲⟩ test.",
        "gate-shehai-meng": "⟨涉害⟩: when 比 cannot decide, the candidate standing on a ⟨孟⟩ square (⟨寅申巳亥⟩) is the 初 (⟨見機⟩).",
        "gate-shehai-zhong": "⟨涉害⟩: with none on a ⟨孟⟩ square, the candidate on a ⟨仲⟩ square (⟨子午卯酉⟩) is the 初 (⟨察微⟩).",
        "gate-shehai-zhuixia": "⟨綴瑕⟩: when the squares cannot decide, take the candidate met first from the ⟨干⟩ side (lessons 1–2) on a yang day, the ⟨支⟩ side (3–4) on a yin day.",
        "gate-bazhuan": "⟨八專⟩ days (the stem lodges on the day branch) with no 克 do not use ⟨遙克⟩: a yang day counts three forward from the ⟨干上神⟩, a yin day three backward from the ⟨支陰⟩.",
        "gate-yaoke": "⟨遙克⟩: with no 克 in any lesson, an upper of lessons 2–4 that 克s the day stem comes first (⟨蒿矢⟩), else one the stem 克s (⟨彈射⟩).",
        "gate-maoxing": "⟨昴星⟩: four distinct lessons and no 克 of any kind; a yang day takes the heaven branch over earth ⟨酉⟩, a yin day the earth square under heaven ⟨酉⟩.",
        "gate-biezhe": "⟨別責⟩: three distinct lessons and no 克 of any kind; a hard day takes the heaven branch over the ⟨寄宮⟩ of its ⟨干合⟩ partner, a soft day the next ⟨三合⟩ member of the day branch.",
        "gate-repeated-lesson": "Under this school a lesson that repeats an earlier one (same upper on the same square) is counted once, as the earlier one, before any 克 is judged.",
        "gate-fanyin-weishanren": "Under this school (尉山人取法) the 末 of a ⟨返吟⟩ with a 克 is the 破 of the 中傳, not the return to the 初.",
        "gate-biyong-ge": "⟨比用格⟩ (this school): when the 涉害 choice is the day stem {stem}'s ⟨妻財⟩ (用神畏日干所勝) and another candidate is its ⟨兄弟⟩ or ⟨父母⟩, that one is the 初.",
        "gate-shehai-shangke": "Under this school only ⟨下賊上⟩ candidates are depth-counted; ⟨上克下⟩ ones go straight to the ⟨孟⟩/⟨仲⟩ squares.",
        "method": "The gate is right but not the name: ⟨{method}⟩ names its lesson types {names}.",
        "initial": "The ⟨初傳⟩ is what the deciding gate chose.",
        "middle.plate": "The ⟨中傳⟩ is the heaven branch over the 初's square.",
        "final.plate": "The ⟨末傳⟩ is the heaven branch over the 中's square.",
        "final.weishanren": "Under this school (尉山人取法) the ⟨末傳⟩ of this ⟨返吟⟩ is the 破 of the 中傳.",
        "middle.fuyin": "In ⟨伏吟⟩ the ⟨中傳⟩ is what the 初 ⟨刑⟩s; when the 初 ⟨刑⟩s itself, the other of ⟨干上神⟩/⟨支上神⟩.",
        "final.fuyin": "In ⟨伏吟⟩ the ⟨末傳⟩ is what the 中 ⟨刑⟩s; when the 中 ⟨刑⟩s itself or back to the 初, its opposite (⟨沖⟩).",
        "middle.gan": "Here the ⟨中傳⟩ is the ⟨干上神⟩.",
        "middle.zhi": "Here the ⟨中傳⟩ is the ⟨支上神⟩.",
        "final.gan": "Here the ⟨末傳⟩ is the ⟨干上神⟩.",
        "final.zhi": "Here the ⟨末傳⟩ is the ⟨支上神⟩.",
        "generals": "The generals start from the ⟨貴人⟩ of {stem} in a {when} chart and run clockwise when the ⟨貴人⟩ stands on ⟨亥子丑寅卯辰⟩, counter-clockwise otherwise.",
        "when.day": "day (⟨晝貴⟩)",
        "when.night": "night (⟨夜貴⟩)",
    },
    "zh": {
        "ok": "正確：{parts}。",
        "none": "無可核對：請給 offset=、lessons=、transmissions= 或 method=。",
        "open": "（留空 {n} 處未核對。）",
        "part.offset": "天盤之數",
        "part.lessons": "四課",
        "part.transmissions": "三傳",
        "part.method": "課體",
        "wrong.offset": "天盤之數不對。",
        "wrong.lessons": "第{cn}課不對。",
        "wrong.transmissions": "{which}不對。",
        "wrong.method": "九宗門或課體不對。",
        "wrong.generals": "三傳所乘天將不對。",
        "which.0": "初傳",
        "which.1": "中傳",
        "which.2": "末傳",
        "answer": "答案：{answer}。",
        "plate": "以月將{g}加占時{h}，自占時數至月將：d = (月將 − 占時) mod 12。",
        "lesson-1": "第一課上神為日干寄宮上之天盤神（{stem}寄宮在{jig}），下為日干。",
        "lesson-2": "第二課以第一課上神為下，其上之天盤神為上。",
        "lesson-3": "第三課上神為日支{z}上之天盤神。",
        "lesson-4": "第四課以第三課上神為下，其上之天盤神為上。",
        "gate-fuyin": "伏吟只在 d = 0：第一課有克則以之發用，否則陽日取干上神，陰日取支上神。",
        "gate-fanyin": "返吟為 d = 6：有克依常法發用（無依），無克則以日支驛馬發用（井欄射）。",
        "gate-zeike": "賊克：先取下賊上之課，無下賊上方取上克下；只有一個即為初傳。",
        "gate-biyong": "比用：克賊不止一個，取與日干{stem}陰陽相同者；只有一個即為初傳。",
        "gate-shehai-depth": "此學派涉害先論深淺：各自所臨之位歸本家，數克之者（賊）或其所克者（克），最深者為初傳，先於孟仲。",
        "gate-shehai-meng": "涉害：比不能定，取臨孟（寅申巳亥）者為初傳（見機）。",
        "gate-shehai-zhong": "涉害：無臨孟者，取臨仲（子午卯酉）者為初傳（察微）。",
        "gate-shehai-zhuixia": "綴瑕：所臨之位不能定，陽日取干上（第一、二課）先見者，陰日取支上（第三、四課）先見者。",
        "gate-bazhuan": "八專日（干寄宮即日支）無克不用遙克：陽日自干上神順數三位，陰日自支陰逆數三位。",
        "gate-yaoke": "遙克：四課無克，先取第二至四課上神克日干者（蒿矢），無則取日干所克者（彈射）。",
        "gate-maoxing": "昴星：四課俱全而無克無遙克；陽日取地盤酉上之天盤神，陰日取天盤酉下之地盤位。",
        "gate-biezhe": "別責：只有三課而無克無遙克；剛日取干合之干寄宮上之天盤神，柔日取日支三合之前一位。",
        "gate-repeated-lesson": "此學派重課只計一課：與前課同神同位者，從其先者，不另論克。",
        "gate-fanyin-weishanren": "此學派從尉山人取法：返吟有克，末傳取中傳之破，不還初傳。",
        "gate-biyong-ge": "比用格（此學派）：涉害所取為日干{stem}之妻財（用神畏日干所勝），而別有與日比和或生日者，以之為用。",
        "gate-shehai-shangke": "此學派只下賊上計涉害深淺；上克下不計深淺，徑以孟仲定之。",
        "method": "所用之法不錯，名稱不對：{method}之課體有{names}。",
        "initial": "初傳為所定之法之所取。",
        "middle.plate": "中傳為初傳所臨之位上之天盤神。",
        "final.plate": "末傳為中傳所臨之位上之天盤神。",
        "final.weishanren": "此學派從尉山人取法：末傳取中傳之破。",
        "middle.fuyin": "伏吟中傳為初傳所刑；初傳自刑則取干上神、支上神之另一方。",
        "final.fuyin": "伏吟末傳為中傳所刑；中傳自刑或刑回初傳則取其沖。",
        "middle.gan": "此處中傳為干上神。",
        "middle.zhi": "此處中傳為支上神。",
        "final.gan": "此處末傳為干上神。",
        "final.zhi": "此處末傳為支上神。",
        "generals": "天將自{stem}日{when}之貴人起，貴人臨亥子丑寅卯辰順行，臨巳午未申酉戌逆行。",
        "when.day": "晝貴",
        "when.night": "夜貴",
    },
    "ko": {
        "ok": "맞았다: {parts}.",
        "none": "확인할 것이 없다: offset=, lessons=, transmissions=, method= 가운데 하나를 준다.",
        "open": " (비워 둔 {n}곳은 확인하지 않았다.)",
        "part.offset": "천반 칸 수",
        "part.lessons": "⟨四課⟩",
        "part.transmissions": "⟨三傳⟩",
        "part.method": "⟨課體⟩",
        "wrong.offset": "천반 칸 수가 틀렸다.",
        "wrong.lessons": "⟨第{cn}課⟩가 틀렸다.",
        "wrong.transmissions": "{which}#이 틀렸다.",
        "wrong.method": "⟨九宗門⟩이나 ⟨課體⟩가 틀렸다.",
        "wrong.generals": "삼전에 탄 ⟨天將⟩이 틀렸다.",
        "which.0": "⟨初傳⟩",
        "which.1": "⟨中傳⟩",
        "which.2": "⟨末傳⟩",
        "answer": " 정답: {answer}.",
        "plate": "⟨月將⟩ {g}#을 ⟨占時⟩ {h}에 얹고 점시에서 월장까지 센다: d = (⟨月將⟩ − ⟨占時⟩) mod 12.",
        "lesson-1": "제1과의 상신은 일간의 ⟨寄宮⟩ 위의 천반 지지이고({stem}의 기궁은 {jig}), 하신은 일간이다.",
        "lesson-2": "제2과는 제1과 상신을 하신으로 하고, 그 위의 천반 지지가 상신이다.",
        "lesson-3": "제3과의 상신은 일지 {z} 위의 천반 지지이다.",
        "lesson-4": "제4과는 제3과 상신을 하신으로 하고, 그 위의 천반 지지가 상신이다.",
        "gate-fuyin": "⟨伏吟⟩은 d = 0일 때뿐이다: 제1과에 극이 있으면 그것이, 없으면 양일은 ⟨干上神⟩, 음일은 ⟨支上神⟩이 초전이다.",
        "gate-fanyin": "⟨返吟⟩은 d = 6이다: 극이 있으면 보통 규칙으로(⟨無依⟩), 없으면 일지의 ⟨驛馬⟩가 초전이다(⟨井欄射⟩).",
        "gate-zeike": "⟨賊克⟩: ⟨下賊上⟩인 과를 먼저 모으고, 없을 때만 ⟨上克下⟩인 과를 모은다. 후보가 하나면 그것이 초전이다.",
        "gate-biyong": "⟨比用⟩: 후보가 여럿이면 일간 {stem}과 음양이 같은 것을 남긴다. 하나뿐이면 그것이 초전이다.",
        "gate-shehai-depth": "이 학파의 ⟨涉害⟩은 깊이를 먼저 센다: 각 후보가 앉은 자리에서 본가까지 가며 후보를 극하는 것(적) 또는 후보가 극하는 것(극)을 세어, 가장 깊은 것이 ⟨孟⟩·⟨仲⟩보다 먼저 초전이 된다.",
        "gate-shehai-meng": "⟨涉害⟩: 비(比)로 정해지지 않으면 ⟨孟⟩ 자리(⟨寅申巳亥⟩)에 앉은 후보가 초전이다(⟨見機⟩).",
        "gate-shehai-zhong": "⟨涉害⟩: ⟨孟⟩ 자리에 없으면 ⟨仲⟩ 자리(⟨子午卯酉⟩)에 앉은 후보가 초전이다(⟨察微⟩).",
        "gate-shehai-zhuixia": "⟨綴瑕⟩: 자리로도 정해지지 않으면 양일은 ⟨干⟩ 쪽(제1·2과), 음일은 ⟨支⟩ 쪽(제3·4과)에서 먼저 만나는 후보를 취한다.",
        "gate-bazhuan": "⟨八專⟩일(일간의 기궁이 일지)에 극이 없으면 ⟨遙克⟩을 쓰지 않는다: 양일은 ⟨干上神⟩에서 앞으로 셋, 음일은 ⟨支陰⟩에서 뒤로 셋을 센다.",
        "gate-yaoke": "⟨遙克⟩: 사과에 극이 없으면 제2~4과 상신 가운데 일간을 극하는 것이 먼저(⟨蒿矢⟩), 없으면 일간이 극하는 것(⟨彈射⟩)이다.",
        "gate-maoxing": "⟨昴星⟩: 네 과가 모두 다르고 어떤 극도 없을 때, 양일은 지반 ⟨酉⟩ 위의 천반 지지, 음일은 천반 ⟨酉⟩ 아래의 지반 자리를 취한다.",
        "gate-biezhe": "⟨別責⟩: 과가 셋뿐이고 어떤 극도 없을 때, ⟨剛日⟩은 ⟨干合⟩하는 천간의 기궁 위 천반 지지, ⟨柔日⟩은 일지 ⟨三合⟩의 다음 지지를 취한다.",
        "gate-repeated-lesson": "이 학파는 앞의 과와 같은 과(같은 자리에 같은 상신)를 앞의 것으로 한 번만 세고, 그 극을 따로 따지지 않는다.",
        "gate-fanyin-weishanren": "이 학파는 위산인(尉山人)의 법을 따른다: 극이 있는 ⟨返吟⟩의 ⟨末傳⟩은 ⟨中傳⟩의 파(破)이고, ⟨初傳⟩으로 돌아가지 않는다.",
        "gate-biyong-ge": "⟨比用格⟩(이 학파): ⟨涉害⟩#이 고른 것이 일간 {stem}의 ⟨妻財⟩이고 다른 후보가 ⟨兄弟⟩나 ⟨父母⟩이면 그것이 초전이다.",
        "gate-shehai-shangke": "이 학파는 ⟨下賊上⟩ 후보만 깊이를 센다. ⟨上克下⟩ 후보는 곧바로 ⟨孟⟩·⟨仲⟩ 자리로 정한다.",
        "method": "단계는 맞지만 이름이 틀렸다: ⟨{method}⟩의 과체는 {names}이다.",
        "initial": "⟨初傳⟩은 정해진 단계가 고른 것이다.",
        "middle.plate": "⟨中傳⟩은 초전이 앉은 자리 위의 천반 지지이다.",
        "final.plate": "⟨末傳⟩은 중전이 앉은 자리 위의 천반 지지이다.",
        "final.weishanren": "이 학파는 위산인(尉山人)의 법을 따른다: 이 ⟨返吟⟩의 ⟨末傳⟩은 ⟨中傳⟩의 파(破)이다.",
        "middle.fuyin": "⟨伏吟⟩의 ⟨中傳⟩은 초전이 ⟨刑⟩하는 것이다. 초전이 자형하면 ⟨干上神⟩·⟨支上神⟩ 가운데 다른 쪽이다.",
        "final.fuyin": "⟨伏吟⟩의 ⟨末傳⟩은 중전이 ⟨刑⟩하는 것이다. 중전이 자형하거나 초전으로 되돌아가면 그 충(⟨沖⟩)이다.",
        "middle.gan": "여기서 ⟨中傳⟩은 ⟨干上神⟩이다.",
        "middle.zhi": "여기서 ⟨中傳⟩은 ⟨支上神⟩이다.",
        "final.gan": "여기서 ⟨末傳⟩은 ⟨干上神⟩이다.",
        "final.zhi": "여기서 ⟨末傳⟩은 ⟨支上神⟩이다.",
        "generals": "⟨天將⟩은 {stem}일 {when} ⟨貴人⟩에서 시작하고, 귀인이 ⟨亥子丑寅卯辰⟩에 앉으면 순행, 아니면 역행한다.",
        "when.day": "⟨晝貴⟩",
        "when.night": "⟨夜貴⟩",
    },
}
"""The messages of :func:`check` (⟨⟩ marks terms, as in :mod:`liuren.show.steps`)."""

SUBNAMES = {gate: " ".join(t for t in LESSON_TYPES if GATE_OF[t] == gate) for gate in dict.fromkeys(GATE_OF.values())}
"""The lesson types each gate can give, in the engine's order (read off :data:`GATE_OF`)."""
METHOD_OF_GATE = {GATE_OF[m.value]: m.value for m in Method}
"""The method each gate belongs to (read off :data:`GATE_OF`)."""


def _gate_family(gate: str) -> str:
    return "shehai" if gate.startswith("shehai") or gate == "biyong-ge" else gate


def _pool_after(event: Event) -> tuple[int, ...] | None:
    """The candidates still standing after ``event`` (None: it did not narrow them)."""
    data = event.data
    gate = event.gate
    if gate == "zeike":
        if not event.applied:
            return None
        return (data["init"],) if data.get("init") is not None else tuple(data["candidates"])
    if gate == "fanyin":
        if not event.applied or data["has_ke"]:
            return None
        return (data["horse"],)
    if gate in ("biyong", "shehai-depth", "shehai-meng", "shehai-zhong", "shehai-zhuixia"):
        if data.get("init") is not None:
            return (data["init"],)
        if gate == "biyong":
            return tuple(data["pool"])
        if gate == "shehai-depth":
            return tuple(data["tied"])
        return tuple(data["on"]) or tuple(data["pool"])
    if gate == "biyong-ge" and event.applied:
        return (data["init"],) if "init" in data else tuple(data["eligible"])
    if event.applied and gate in DECIDES:
        return (data["init"],)
    return None


def _initial_error(events: Iterable[Event], init: int) -> str:
    """The gate step at which the learner's 初 ``init`` drops out of the candidates."""
    for event in events:
        pool = _pool_after(event)
        if pool is not None and init not in pool:
            return f"gate-{event.gate}"
    return "initial"


def _method_error(chart: Chart, events: list[Event], answer: str) -> str:
    """The step a wrong method or lesson type goes wrong at."""
    wanted = GATE_OF[answer]
    gates = [e for e in events if e.gate not in CHAINED]
    deciding = gates[-1]
    for special in ("fuyin", "fanyin"):  # the plate decides before any 克 does
        event = next((e for e in gates if e.gate == special), None)
        if event is not None and (event.applied != (wanted == special)):
            return f"gate-{special}"
    tried = [e for e in gates if _gate_family(e.gate) == wanted]
    if tried and not any(e.applied for e in tried):
        return f"gate-{tried[0].gate}"  # the learner took a gate that does not apply
    if not tried:
        first = next(e for e in gates if e.applied)
        return f"gate-{first.gate}"  # the learner went past a gate that applied
    if _gate_family(deciding.gate) == wanted:
        return "method"  # the right gate, the wrong name
    after = gates[gates.index(tried[-1]) + 1]
    return f"gate-{after.gate}"  # the learner stopped before the gate that decided


def _chain_rule(chart: Chart, which: int) -> str:
    key = "middle" if which == 1 else "final"
    method, yang = chart.method, chart.stem.yang
    if method == Method.FUYIN:
        return f"{key}.fuyin"
    if method == Method.FANYIN and chart.lesson_type == "井欄射":
        return f"{key}.{'zhi' if which == 1 else 'gan'}"
    if method == Method.MAOXING:
        return f"{key}.{('zhi' if yang else 'gan') if which == 1 else ('gan' if yang else 'zhi')}"
    if method in (Method.BIEZHE, Method.BAZHUAN):
        return f"{key}.gan"
    if method == Method.FANYIN and which == 2 and chart.school.fanyin_final == "weishanren":
        return "final.weishanren"
    return f"{key}.plate"


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
    errors: list[tuple[str, str, str]] = []  # (step key, what was wrong, the right value)
    ke = chart._ke
    if offset is not None:
        given.append("offset")
        if parse_offset(offset) != chart.offset:
            errors.append(("plate", "wrong.offset", f"d = {chart.offset}"))
    open_places = 0
    lesson_answer = None if lessons is None else parse_lessons(lessons)
    if lesson_answer is not None and all(upper is None and lower is None for upper, lower in lesson_answer):
        lesson_answer = None  # every place left open: nothing of the lessons was answered
    if lesson_answer is not None:
        given.append("lessons")
        open_places += sum(upper is None for upper, _ in lesson_answer)
        for i, ((upper, lower), lesson) in enumerate(zip(lesson_answer, chart.lessons, strict=True)):
            if (upper is not None and upper != lesson.upper.ordinal) or (lower is not None and lower != lesson.lower):
                errors.append((f"lesson-{i + 1}", f"wrong.lessons|{i}", f"{lesson.upper}/{lesson.lower}"))
                break
    events: list[Event] | None = None
    answer = None if transmissions is None else parse_transmissions(transmissions)
    if answer is not None and all(branch is None and general is None for branch, general in answer):
        answer = None  # every place left open
    if answer is not None:
        given.append("transmissions")
        open_places += sum(branch is None for branch, _ in answer)
        right = chart.transmissions
        for i, ((branch, _), t) in enumerate(zip(answer, right, strict=True)):
            if branch is not None and branch != t.branch.ordinal:
                if i == 0:
                    events = list(gate_events(chart))
                    key = _initial_error((e for e in events if e.gate not in CHAINED), branch)
                else:
                    key = "middle" if i == 1 else "final"
                errors.append((key, f"wrong.transmissions|{i}", "".join(x.branch for x in right)))
                break
        else:
            if any(g is not None and g != t.general for (_, g), t in zip(answer, right, strict=True)):
                errors.append(("generals", "wrong.generals", " ".join(f"{t.branch}{t.general.short}" for t in right)))
    if method is not None:
        given.append("method")
        name = parse_method(method)
        if name not in (chart.method, chart.lesson_type):
            events = events if events is not None else list(gate_events(chart))
            errors.append((_method_error(chart, events, name), "wrong.method", f"{chart.method} · {chart.lesson_type}"))
    w = WORDS[lang]
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
    hint = _hint(chart, key, lang, ke)
    text = f"{head}{'' if lang == 'zh' else ' '}{hint}" + (_fmt(w["answer"], answer=right_value) if reveal else "")
    return CheckResult(False, key, render(text, lang), tuple(given))


def _fmt(template: str, **values: Any) -> str:
    return template.format(**values)


def _hint(chart: Chart, key: str, lang: str, ke: Any) -> str:
    w = WORDS[lang]
    b = lambda i: f"⟨{BRANCH_CHARS[i % 12]}⟩"  # noqa: E731
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
        return _fmt(w["method"], method=METHOD_OF_GATE[family] if family != "fanyin" else "返吟", names=names)
    if key in ("middle", "final"):
        return w[_chain_rule(chart, 1 if key == "middle" else 2)]
    if key == "generals":
        return _fmt(w["generals"], stem=stem, when=w[f"when.{chart.noble}"])
    return w["initial"]


__all__ = ["CheckResult", "check", "parse_lessons", "parse_method", "parse_offset", "parse_transmissions"]
