"""Record: the one idiom for liuren's value objects, what ``@dataclass(frozen=True, slots=True)`` makes.

A record class lists its fields as annotations, in order, defaults last::

    class Lesson(Record):
        upper: Branch
        lower: Stem | Branch
        general: General
        kind: str

and gets ``__slots__`` for them, ``__init__`` by position or keyword, the ``repr`` ``Lesson(upper='戌', …)``,
equality and a hash on its fields (a record equals only a record of its own type: never a tuple, never
another record class with the same fields), immutability, ``__match_args__``, pickling and :func:`replace`.
A record is not a sequence: read its fields by name.

The standard ``dataclasses`` gives the same, but importing it loads inspect, ast, dis and tokenize, which
``import liuren`` does without (tests/test_project.py checks the modules it loads). Type checkers read a
record class as a frozen dataclass (PEP 681 ``dataclass_transform``).

>>> class Point(Record):
...     x: int
...     y: int = 0
>>> Point(1), Point(1, 2) == Point(x=1, y=2), Point(1) == (1, 0), replace(Point(1), y=5)
(Point(x=1, y=0), True, False, Point(x=1, y=5))
>>> Point(1).x = 2
Traceback (most recent call last):
    ...
AttributeError: Point is immutable: build a new one (liuren.record.replace) instead of setting 'x'
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, ClassVar, TypeVar, dataclass_transform

R = TypeVar("R", bound="Record")

_new = object.__new__
_set = object.__setattr__


def _one(get: Callable[[Any], Any]) -> Callable[[Any], tuple[Any, ...]]:
    return lambda record: (get(record),)


def _none(record: object) -> tuple[()]:
    return ()


def _write(cls: type, fields: tuple[str, ...], defaults: dict[str, object]) -> tuple[Callable[..., Any], ...]:
    """``__init__(self, field, …)`` and ``make(field, …)`` for ``cls``: each value set straight into its
    field's slot. Written out for the class (as namedtuple and dataclasses write theirs), so no loop runs."""
    scope: dict[str, Any] = {"_rec_new": _new, "_rec_cls": cls}
    params, sets = [], []
    for i, field in enumerate(fields):
        scope[f"_rec_set{i}"] = getattr(cls, field).__set__
        if field in defaults:
            scope[f"_rec_default{i}"] = defaults[field]
            params.append(f"{field}=_rec_default{i}")
        else:
            params.append(field)
        sets.append(f"    _rec_set{i}(self, {field})")
    body = "\n".join(sets) or "    pass"
    source = (
        f"def __init__(self, {', '.join(params)}):\n{body}\n"
        f"def make({', '.join(fields)}):\n    self = _rec_new(_rec_cls)\n{body}\n    return self\n"
    )
    exec(source, scope)
    return scope["__init__"], scope["make"]


@dataclass_transform(eq_default=True, frozen_default=True)
class RecordMeta(type):
    """Turns the annotations of a :class:`Record` subclass into its slots, fields and defaults."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any) -> RecordMeta:
        own = tuple(
            field
            for field, kind in namespace.get("__annotations__", {}).items()
            if not field.startswith("__") and not str(kind).startswith("ClassVar")
        )
        inherited: tuple[str, ...] = ()
        defaults: dict[str, object] = {}
        for base in bases:
            inherited += getattr(base, "__record_fields__", ())
            defaults.update(getattr(base, "__record_defaults__", {}))
        for field in own:
            if field in namespace:
                defaults[field] = namespace.pop(field)
        fields = inherited + own
        required = [f for f in fields if f not in defaults]
        if fields[: len(required)] != tuple(required):
            raise TypeError(f"{name}: a field without a default follows one with a default")
        namespace["__slots__"] = own
        namespace["__match_args__"] = fields
        namespace["__record_fields__"] = fields
        namespace["__record_defaults__"] = defaults
        cls = super().__new__(mcs, name, bases, namespace, **kwargs)
        values: Callable[[Any], tuple[Any, ...]]
        if len(fields) > 1:
            values = attrgetter(*fields)
        else:
            values = _one(attrgetter(*fields)) if fields else _none
        cls._values = staticmethod(values)  # type: ignore[attr-defined]
        init, make = _write(cls, fields, defaults)
        if "__init__" not in namespace:
            init.__qualname__ = f"{cls.__qualname__}.__init__"
            cls.__init__ = init  # type: ignore[misc]
        cls._make = staticmethod(make)  # type: ignore[attr-defined]
        return cls


class Record(metaclass=RecordMeta):
    """Base of the frozen, slotted value records (see the module docstring)."""

    __slots__ = ()
    __record_fields__: ClassVar[tuple[str, ...]] = ()
    __record_defaults__: ClassVar[dict[str, object]] = {}

    @classmethod
    def _make(cls: type[R], *values: object) -> R:
        """The record of ``values`` in field order, built without ``__init__``'s checks (the hot paths:
        each value is set straight into its slot; every record class gets its own, written out)."""
        raise TypeError(f"{cls.__name__} has no fields")  # replaced in every record class

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(
            f"{type(self).__name__} is immutable: build a new one (liuren.record.replace) instead of setting {name!r}"
        )

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return bool(self._values(self) == other._values(other))  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._values(self))  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        values = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.__record_fields__)
        return f"{type(self).__qualname__}({values})"

    def __reduce__(self) -> tuple[object, ...]:
        return type(self), self._values(self)  # type: ignore[attr-defined]


def replace(record: R, **changes: object) -> R:
    """``record`` with the fields named in ``changes`` replaced (as :func:`dataclasses.replace`)."""
    values = {f: getattr(record, f) for f in record.__record_fields__}
    unknown = set(changes) - set(values)
    if unknown:
        raise TypeError(f"{type(record).__name__} has no field {', '.join(sorted(unknown))}")
    values.update(changes)
    return type(record)(**values)


def fields(record: Record | type[Record]) -> tuple[str, ...]:
    """The names of a record's fields, in order."""
    return record.__record_fields__


__all__ = ["Record", "fields", "replace"]
