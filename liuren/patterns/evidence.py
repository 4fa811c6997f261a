"""Pattern evidence as language-neutral values: what a detector found, not yet put into words.

A detector returns an :class:`Evidence` (a template key and the values it names) or a :class:`Seq`
of them; :mod:`liuren.show.evidence` holds the one table of words (Chinese, Korean, English) and
turns either into text in any of the three languages. The values are Hanzi terms (str: branches,
stems, generals, 旺相休囚死, place names such as 本命), numbers (int), nested evidence, or a
:class:`Seq` joined the way the language joins a list.

>>> e = ev("tianwang", hour="寅", init="申", stem="甲")
>>> e.key, dict(e.values)
('tianwang', {'hour': '寅', 'init': '申', 'stem': '甲'})
>>> seq("and", ("本命", "行年")).items
('本命', '行年')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Evidence:
    """One clause of evidence (frozen): the ``key`` of its template and its named ``values``."""

    key: str
    values: tuple[tuple[str, Value], ...] = ()

    def replace(self, old: Clause, new: Clause) -> Evidence:
        """This evidence with every clause equal to ``old``, however deep, replaced by ``new``."""
        return Evidence(self.key, tuple((k, _swap(v, old, new)) for k, v in self.values))


@dataclass(frozen=True, slots=True)
class Seq:
    """Items joined as the language joins a list: ``kind`` is "and" (本命 and 行年), "comma",
    "semi" (clauses: "; ") or "space" (a row of branches)."""

    kind: str
    items: tuple[Value, ...]

    def replace(self, old: Clause, new: Clause) -> Seq:
        """This list with every clause equal to ``old``, however deep, replaced by ``new``."""
        return Seq(self.kind, tuple(_swap(v, old, new) for v in self.items))


Clause = Evidence | Seq
"""What a detector returns when a pattern fires."""
Value = str | int | Evidence | Seq
"""A value a template names: a Hanzi term, a number, nested evidence or a list."""


def _swap(v: Value, old: Clause, new: Clause) -> Value:
    if v == old and type(v) is type(old):
        return new
    if isinstance(v, Evidence | Seq):
        return v.replace(old, new)
    return v


def _slot_setter(cls: type, field: str) -> Callable[[object, object], None]:
    setter: Callable[[object, object], None] = vars(cls)[field].__set__
    return setter


_new = object.__new__
_SET_KEY, _SET_VALUES = _slot_setter(Evidence, "key"), _slot_setter(Evidence, "values")
_SET_KIND, _SET_ITEMS = _slot_setter(Seq, "kind"), _slot_setter(Seq, "items")
"""The slots' own setters: the detectors make some 85,000 clauses over the 8,640 charts, and filling the
slots straight is a third quicker than the frozen dataclass ``__init__`` (which goes through
``object.__setattr__`` for each field). The values are the same: ``ev(k, a=1) == Evidence(k, (("a", 1),))``."""


def ev(key: str, **values: Value) -> Evidence:
    """An :class:`Evidence` with template ``key`` and the ``values`` its template names."""
    made = _new(Evidence)
    _SET_KEY(made, key)
    _SET_VALUES(made, tuple(values.items()))
    return made


def seq(kind: str, items: Iterable[Value]) -> Seq:
    """A :class:`Seq` of ``items`` (a list, a generator …) joined as ``kind``."""
    made = _new(Seq)
    _SET_KIND(made, kind)
    _SET_ITEMS(made, tuple(items))
    return made


__all__ = ["Clause", "Evidence", "Seq", "Value", "ev", "seq"]
