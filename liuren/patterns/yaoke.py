"""Detectors of the 遙克 companions 一箭中兩鴻 and 一鹿含兩矢 (the chapter 遙克課).

Same contract as every detector module.
"""

from __future__ import annotations

from ..cycle import (
    BRANCH_ELEMENT,
    STEM_ELEMENT,
    conquers,
)
from .view import View, _b, _bs, _stem


# ---------------------------------------------------------------- companions
def _yaoke_candidates(v: View, stem_conquers: bool) -> list[int]:
    se = STEM_ELEMENT[v.s]
    test = (lambda e: conquers(se, e)) if stem_conquers else (lambda e: conquers(e, se))
    return list(dict.fromkeys(b for b in v.u[1:] if test(BRANCH_ELEMENT[b])))


def yijian(v: View) -> str | None:
    """一箭中兩鴻: a 彈射 遙克 where the day stem 克s two or more distinct uppers of lessons 2–4 (000 遙克課)."""
    if v.chart.lesson_type != "彈射":
        return None
    found = _yaoke_candidates(v, True)
    return f"{_stem(v)} 克s {_bs(found)} from afar; 初傳 {_b(v.t[0])}" if len(found) > 1 else None


def yilu(v: View) -> str | None:
    """一鹿含兩矢: a 蒿矢 遙克 where two or more distinct uppers of lessons 2–4 克 the day stem (000 遙克課)."""
    if v.chart.lesson_type != "蒿矢":
        return None
    found = _yaoke_candidates(v, False)
    return f"{_bs(found)} 克 {_stem(v)} from afar; 初傳 {_b(v.t[0])}" if len(found) > 1 else None
