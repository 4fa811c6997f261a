"""One renderer per rule record: the words (zh, ko, en) and the 課盤 cells of each gate's outcome.

:func:`liuren.transmissions.choose` with a listening trace gives the records of :mod:`liuren.records`;
:func:`gate_records` runs it for a chart. Each record type has exactly one :class:`Renderer` here,
registered with ``@renders(ZeikeOne)``: its ``text`` writes what the gate decided (⟨⟩ marks not yet
expanded; the templates are :data:`liuren.show.words.steps.STEPS`), its ``cells`` names the cells
the step lights ("heaven-卯", "lesson-2" …), and ``chain`` (for the records that decide the 中傳 or
末傳) says by which rule. The steps, the trace, explain and check all read the same records through
:func:`renderer_of`, which raises for a record type that has no renderer. Nothing here judges a rule
again: a record carries every value its rule decided.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..cycle import BRANCH_CHARS
from ..records import (
    Bazhuan,
    BazhuanNo,
    BiezheGang,
    BiezheNo,
    BiezheRou,
    BiyongFilter,
    BiyongGe,
    BiyongGeKept,
    BiyongOne,
    Chooses,
    FanyinKe,
    FanyinNo,
    FanyinPo,
    FuyinFinal,
    FuyinInit,
    FuyinMiddle,
    FuyinNo,
    JinglanShe,
    Maoxing,
    MaoxingNo,
    Record,
    RepeatsDropped,
    RepeatsKept,
    ShehaiDepth,
    ShehaiMeng,
    ShehaiShangke,
    ShehaiZhong,
    SquareTest,
    Yaoke,
    YaokeNo,
    ZeikeMany,
    ZeikeNo,
    ZeikeOne,
    Zhuixia,
)
from ..transmissions import Trace, choose
from .i18n import branch_term, branches_term, say, stem_term, term, where
from .words.steps import STEPS

if TYPE_CHECKING:
    from ..chart import Chart

R = TypeVar("R", bound=Record)
C = TypeVar("C", bound=Chooses)
ST = TypeVar("ST", bound=SquareTest)

HEAVEN = tuple(f"heaven-{b}" for b in BRANCH_CHARS)
"""The cell name of the plate cell under each heaven branch, by branch ordinal."""


def heaven(branches: Iterable[int]) -> tuple[str, ...]:
    """The plate cells of these heaven branches."""
    return tuple(HEAVEN[b] for b in branches)


def lesson_cells(lessons: Iterable[int]) -> tuple[str, ...]:
    """The cells of these lessons (0-based)."""
    return tuple(f"lesson-{i + 1}" for i in lessons)


def gate_records(chart: Chart) -> tuple[Record, ...]:
    """Every rule record of ``chart``'s methods, run again with a listening :class:`Trace`."""
    trace = Trace()
    choose(chart._ke, chart.school, trace)
    return tuple(trace.records)


class Say:
    """What a renderer needs: the chart's day, and the step words in one language."""

    __slots__ = ("chart", "lang")

    def __init__(self, chart: Chart, lang: str) -> None:
        self.chart = chart
        self.lang = lang

    def __call__(self, key: str, /, **values: Any) -> str:
        """The sentence ``key`` filled with ``values``."""
        return say(STEPS, self.lang, key, **values)

    def word(self, key: str) -> str:
        """The sentence ``key`` as written (no values)."""
        return STEPS[self.lang][key]

    @property
    def stem(self) -> str:
        """The day stem, as a term."""
        return stem_term(self.chart._ke.stem)

    @property
    def branch(self) -> str:
        """The day branch, as a term."""
        return branch_term(self.chart._ke.branch)

    @property
    def yin_yang(self) -> str:
        """ "yang" or "yin": the day stem's, in words."""
        return self.word("yang" if self.chart._ke.stem % 2 == 0 else "yin")

    def where(self, lessons: Iterable[int]) -> str:
        """Lessons (0-based) as the sentence names them."""
        return where(lessons, self.lang)


class Renderer(ABC, Generic[R]):
    """How one record type is told: its words, its cells, and (when it decides one) the rule of the
    中傳 (``key`` "middle") or 末傳 ("final")."""

    @abstractmethod
    def text(self, r: R, s: Say) -> str:
        """The words, ⟨⟩ marks not yet expanded."""

    @abstractmethod
    def cells(self, r: R) -> tuple[str, ...]:
        """The 課盤 cells the step lights."""

    def chain(self, r: R, key: str) -> str | None:
        """The rule that gives the 中傳/末傳 when this record decides it, else None."""
        return None


RENDERERS: dict[type[Record], Renderer[Any]] = {}
"""The renderer of each record type."""


def renders(kind: type[R]) -> Callable[[type[Renderer[R]]], type[Renderer[R]]]:
    """Register the decorated :class:`Renderer` as the one for ``kind``."""

    def register(cls: type[Renderer[R]]) -> type[Renderer[R]]:
        if kind in RENDERERS:
            raise TypeError(f"{kind.__name__} already has a renderer")
        RENDERERS[kind] = cls()
        return cls

    return register


def renderer_of(record: Record) -> Renderer[Any]:
    """The renderer of ``record``'s type; a TypeError when it has none."""
    found = RENDERERS.get(type(record))
    if found is None:
        raise TypeError(f"no renderer for {type(record).__name__}: add one to liuren.show.gates")
    return found


def record_text(record: Record, chart: Chart, lang: str) -> str:
    """The words for one record (⟨⟩ marks not yet expanded: see :func:`liuren.show.i18n.render`)."""
    return renderer_of(record).text(record, Say(chart, lang))


class Silent(Renderer[R]):
    """A refusal or side note that lights no cell."""

    def cells(self, r: R) -> tuple[str, ...]:
        return ()


class LightsInit(Renderer[C]):
    """A gate whose step lights the 初 it chose."""

    def cells(self, r: C) -> tuple[str, ...]:
        return (HEAVEN[r.init],)


# ---------------------------------------------------------------- 伏吟
@renders(FuyinNo)
class FuyinNoWords(Silent[FuyinNo]):
    def text(self, r: FuyinNo, s: Say) -> str:
        return s("fuyin.no", d=r.offset)


@renders(FuyinInit)
class FuyinInitWords(Renderer[FuyinInit]):
    def text(self, r: FuyinInit, s: Say) -> str:
        kind = "⟨上克下⟩" if r.relation == 1 else "⟨下賊上⟩"
        return s.word("fuyin.head") + s(f"fuyin.{r.anchor}", kind=kind, init=branch_term(r.init), stem=s.stem)

    def cells(self, r: FuyinInit) -> tuple[str, ...]:
        return ("lesson-3" if r.anchor == "zhi" else "lesson-1", HEAVEN[r.init])


def _chain_values(s: Say) -> dict[str, str]:
    i, m, last = (x.branch.ordinal for x in s.chart.transmissions)
    return {"i": branch_term(i), "m": branch_term(m), "l": branch_term(last)}


@renders(FuyinMiddle)
class FuyinMiddleWords(Renderer[FuyinMiddle]):
    def text(self, r: FuyinMiddle, s: Say) -> str:
        values = _chain_values(s)
        if r.other is not None:
            values["other"] = s.word(f"anchor.{r.other}")
            values["came"] = s.word("anchor.gan" if r.other == "zhi" else "anchor.zhi")
        return s(f"middle.{r.rule}", **values)

    def cells(self, r: FuyinMiddle) -> tuple[str, ...]:
        return ("middle", HEAVEN[r.branch])

    def chain(self, r: FuyinMiddle, key: str) -> str | None:
        return r.rule if key == "middle" else None


@renders(FuyinFinal)
class FuyinFinalWords(Renderer[FuyinFinal]):
    def text(self, r: FuyinFinal, s: Say) -> str:
        return s(f"final.{r.rule}{'-back' if r.back and r.rule == 'xing' else ''}", **_chain_values(s))

    def cells(self, r: FuyinFinal) -> tuple[str, ...]:
        return ("final", HEAVEN[r.branch])

    def chain(self, r: FuyinFinal, key: str) -> str | None:
        return r.rule if key == "final" else None


# ---------------------------------------------------------------- repeated lessons
def _pairs(repeats: tuple[tuple[int, int], ...], s: Say) -> str:
    return "; ".join(s("repeated-lesson.pair", later=later + 1, earlier=earlier + 1) for later, earlier in repeats)


@renders(RepeatsKept)
class RepeatsKeptWords(Silent[RepeatsKept]):
    def text(self, r: RepeatsKept, s: Say) -> str:
        if not r.repeats:
            return s("repeated-lesson.none")
        return s("repeated-lesson.no", pairs=_pairs(r.repeats, s))


@renders(RepeatsDropped)
class RepeatsDroppedWords(Renderer[RepeatsDropped]):
    def text(self, r: RepeatsDropped, s: Say) -> str:
        return s("repeated-lesson.yes", pairs=_pairs(r.repeats, s), dropped=s.where(r.dropped))

    def cells(self, r: RepeatsDropped) -> tuple[str, ...]:
        return lesson_cells(later for later, _ in r.repeats)


# ---------------------------------------------------------------- 返吟
@renders(FanyinNo)
class FanyinNoWords(Silent[FanyinNo]):
    def text(self, r: FanyinNo, s: Say) -> str:
        return s("fanyin.no", d=r.offset)


@renders(FanyinKe)
class FanyinKeWords(Silent[FanyinKe]):
    def text(self, r: FanyinKe, s: Say) -> str:
        return s.word("fanyin.ke")


@renders(JinglanShe)
class JinglanSheWords(Renderer[JinglanShe]):
    def text(self, r: JinglanShe, s: Say) -> str:
        return s("fanyin.jinglan", z=s.branch, horse=branch_term(r.horse))

    def cells(self, r: JinglanShe) -> tuple[str, ...]:
        return (HEAVEN[r.horse],)

    def chain(self, r: JinglanShe, key: str) -> str | None:
        return "zhi" if key == "middle" else "gan"


@renders(FanyinPo)
class FanyinPoWords(Renderer[FanyinPo]):
    def text(self, r: FanyinPo, s: Say) -> str:
        return s("fanyin-weishanren", middle=branch_term(r.middle), final=branch_term(r.final))

    def cells(self, r: FanyinPo) -> tuple[str, ...]:
        return (HEAVEN[r.final],)

    def chain(self, r: FanyinPo, key: str) -> str | None:
        return "weishanren" if key == "final" else None


# ---------------------------------------------------------------- 賊克, 比用
@renders(ZeikeNo)
class ZeikeNoWords(Silent[ZeikeNo]):
    def text(self, r: ZeikeNo, s: Say) -> str:
        return s.word("zeike.no")


def _zeike_head(r: ZeikeOne | ZeikeMany, s: Say) -> str:
    text = s("zeike.kind", kind=term(r.kind), where=s.where(r.lessons))
    if r.outranked:
        text += s("zeike.outranks", others=s.where(r.outranked))
    return text


@renders(ZeikeOne)
class ZeikeOneWords(Renderer[ZeikeOne]):
    def text(self, r: ZeikeOne, s: Say) -> str:
        text = _zeike_head(r, s)
        if len(r.lessons) > 1:
            text += s("zeike.same", where=s.where(r.lessons))
        return text + s("zeike.one", init=branch_term(r.init), name=term(r.name))

    def cells(self, r: ZeikeOne) -> tuple[str, ...]:
        return lesson_cells(r.lessons) + heaven(r.candidates)


@renders(ZeikeMany)
class ZeikeManyWords(Renderer[ZeikeMany]):
    def text(self, r: ZeikeMany, s: Say) -> str:
        return _zeike_head(r, s) + s("zeike.many", n=r.counted, cands=branches_term(r.candidates))

    def cells(self, r: ZeikeMany) -> tuple[str, ...]:
        return lesson_cells(r.lessons) + heaven(r.candidates)


@renders(BiyongOne)
class BiyongOneWords(LightsInit[BiyongOne]):
    def text(self, r: BiyongOne, s: Say) -> str:
        return s(
            "biyong.one",
            stem=s.stem,
            yy=s.yin_yang,
            cands=branches_term(r.candidates),
            match=branches_term(r.matching),
            init=branch_term(r.init),
            name=term(r.name),
        )


@renders(BiyongFilter)
class BiyongFilterWords(Renderer[BiyongFilter]):
    def text(self, r: BiyongFilter, s: Say) -> str:
        cands, match = r.candidates, r.matching
        variant = "none" if not match else "all" if len(match) == len(cands) else "some"
        return s(
            f"biyong.{variant}",
            stem=s.stem,
            yy=s.yin_yang,
            cands=branches_term(cands),
            match=branches_term(match),
            n=len(cands),
            k=len(match),
        )

    def cells(self, r: BiyongFilter) -> tuple[str, ...]:
        return heaven(r.pool)


# ---------------------------------------------------------------- 涉害
@renders(ShehaiShangke)
class ShehaiShangkeWords(Silent[ShehaiShangke]):
    def text(self, r: ShehaiShangke, s: Say) -> str:
        return s("shehai-shangke.yes" if r.skips_depth else "shehai-shangke.no")


@renders(ShehaiDepth)
class ShehaiDepthWords(Renderer[ShehaiDepth]):
    def text(self, r: ShehaiDepth, s: Say) -> str:
        walks = []
        for w in r.walks:
            counted = (f"{branch_term(q)}[{''.join(term(c) for c in chars)}]" for q, chars in w.steps if chars)
            chars = " ".join(counted) or "—"
            walks.append(s("depth.walk", b=branch_term(w.branch), sq=branch_term(w.square), chars=chars, n=w.depth))
        text = s(
            "depth.head",
            start=s.word("depth.start" if r.include_start else "depth.nostart"),
            what=s.word("depth.zei" if r.kind == "下賊上" else "depth.ke"),
            walks=s.word("depth.sep").join(walks),
        )
        if r.init is not None:
            return text + s("depth.one", init=branch_term(r.init))
        return text + s("depth.tie", tied=branches_term(r.tied), n=max(w.depth for w in r.walks))

    def cells(self, r: ShehaiDepth) -> tuple[str, ...]:
        return (HEAVEN[r.init],) if r.init is not None else heaven(r.pool)


def _square_test(prefix: str, r: SquareTest, s: Say) -> str:
    suffix = "-heaven" if r.heaven else ""
    d = s.chart.offset
    if r.init is not None:
        return s(
            f"{prefix}.one{suffix}", pool=branches_term(r.pool), init=branch_term(r.init), sq=branch_term(r.init - d)
        )
    if r.on:
        many = "both" if len(r.on) == 2 else "all"
        return s(f"{prefix}.many{suffix}", on=branches_term(r.on), sqs=branches_term(b - d for b in r.on), all=many)
    return s(f"{prefix}.none{suffix}", pool=branches_term(r.pool))


class SquareTestWords(Renderer[ST]):
    """The words of a 孟 or 仲 test: the same sentences under the test's ``prefix``."""

    prefix: str

    def text(self, r: ST, s: Say) -> str:
        return _square_test(self.prefix, r, s)

    def cells(self, r: ST) -> tuple[str, ...]:
        return (HEAVEN[r.init],) if r.init is not None else heaven(r.pool)


@renders(ShehaiMeng)
class ShehaiMengWords(SquareTestWords[ShehaiMeng]):
    prefix = "meng"


@renders(ShehaiZhong)
class ShehaiZhongWords(SquareTestWords[ShehaiZhong]):
    prefix = "zhong"


@renders(Zhuixia)
class ZhuixiaWords(LightsInit[Zhuixia]):
    def text(self, r: Zhuixia, s: Say) -> str:
        side = s.word(f"zhuixia.{r.side}")
        return s("zhuixia", pool=branches_term(r.pool), side=side, init=branch_term(r.init))


@renders(BiyongGe)
class BiyongGeWords(LightsInit[BiyongGe]):
    def text(self, r: BiyongGe, s: Say) -> str:
        pick, kin, init = branch_term(r.pick), term(r.kin), branch_term(r.init)
        if len(r.eligible) == 1:
            return s("biyong-ge.one", pick=pick, kin=kin, stem=s.stem, init=init, kin2=term(r.init_kin))
        eligible = branches_term(r.eligible)
        return s("biyong-ge.many", pick=pick, kin=kin, stem=s.stem, eligible=eligible, init=init)


@renders(BiyongGeKept)
class BiyongGeKeptWords(Silent[BiyongGeKept]):
    def text(self, r: BiyongGeKept, s: Say) -> str:
        why = s.word("biyong-ge.no-eligible" if r.kin in r.refused else "biyong-ge.no-kin")
        return s("biyong-ge.no", pick=branch_term(r.pick), kin=term(r.kin), stem=s.stem, why=why)


# ---------------------------------------------------------------- 八專, 遙克, 昴星, 別責
@renders(BazhuanNo)
class BazhuanNoWords(Silent[BazhuanNo]):
    def text(self, r: BazhuanNo, s: Say) -> str:
        return s("bazhuan.no", stem=s.stem, jig=branch_term(r.lodge), z=branch_term(r.branch))


class TakesGan(LightsInit[C]):
    """A method whose 中傳 and 末傳 are both the 干上神."""

    def chain(self, r: C, key: str) -> str | None:
        return "gan" if key == "middle" else "gan-again"


@renders(Bazhuan)
class BazhuanWords(TakesGan[Bazhuan]):
    def text(self, r: Bazhuan, s: Say) -> str:
        text = s("bazhuan.head", stem=s.stem, z=s.branch)
        text += s("bazhuan.yang" if r.yang else "bazhuan.yin", start=branch_term(r.start), init=branch_term(r.init))
        return text + (s.word("bazhuan.dujiao") if r.name == "獨腳" else "")


@renders(YaokeNo)
class YaokeNoWords(Silent[YaokeNo]):
    def text(self, r: YaokeNo, s: Say) -> str:
        return s("yaoke.no", uppers=branches_term(r.uppers), stem=s.stem)


@renders(Yaoke)
class YaokeWords(LightsInit[Yaoke]):
    def text(self, r: Yaoke, s: Say) -> str:
        found = r.found
        key = ("yaoke.hao" if r.name == "蒿矢" else "yaoke.dan") + ("" if len(found) > 1 else "1")
        text = s(key, found=branches_term(found), stem=s.stem)
        if len(found) > 1:
            text += s("yaoke.match", found=branches_term(found), init=branch_term(r.init))
        return text + s("yaoke.init", init=branch_term(r.init))


@renders(MaoxingNo)
class MaoxingNoWords(Silent[MaoxingNo]):
    def text(self, r: MaoxingNo, s: Say) -> str:
        return s("maoxing.no", n=r.distinct)


@renders(Maoxing)
class MaoxingWords(LightsInit[Maoxing]):
    def text(self, r: Maoxing, s: Say) -> str:
        return s.word("maoxing.head") + s("maoxing.yang" if r.yang else "maoxing.yin", init=branch_term(r.init))

    def chain(self, r: Maoxing, key: str) -> str | None:
        if key == "middle":
            return "zhi" if r.yang else "gan"
        return "gan" if r.yang else "zhi"


@renders(BiezheNo)
class BiezheNoWords(Silent[BiezheNo]):
    def text(self, r: BiezheNo, s: Say) -> str:
        return s("biezhe.no", n=r.distinct)


@renders(BiezheGang)
class BiezheGangWords(TakesGan[BiezheGang]):
    def text(self, r: BiezheGang, s: Say) -> str:
        lodge = branch_term(r.lodge)
        return s.word("biezhe.head") + s(
            "biezhe.yang", stem=s.stem, partner=stem_term(r.partner), lodge=lodge, init=branch_term(r.init)
        )


@renders(BiezheRou)
class BiezheRouWords(TakesGan[BiezheRou]):
    def text(self, r: BiezheRou, s: Say) -> str:
        key = "biezhe.yin-heaven" if r.heaven else "biezhe.yin"
        return s.word("biezhe.head") + s(key, z=s.branch, base=branch_term(r.base), init=branch_term(r.init))


def chain_rule(records: Iterable[Record], key: str, offset: int) -> tuple[str, Record | None]:
    """How the 中傳 (``key`` "middle") or 末傳 ("final") was given: the rule and the record that says so
    (None: the plate gave it, "plate", or in 返吟 "plate6")."""
    for record in reversed(tuple(records)):
        rule = renderer_of(record).chain(record, key)
        if rule is not None:
            return rule, record
    return ("plate6" if offset == 6 else "plate"), None


__all__ = [
    "HEAVEN",
    "RENDERERS",
    "Renderer",
    "Say",
    "chain_rule",
    "gate_records",
    "record_text",
    "renderer_of",
    "renders",
]
