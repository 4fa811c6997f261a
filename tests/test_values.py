"""The engine's value objects are frozen, slotted dataclasses (one value idiom; docs/design.md): each
equals only a value of its own type (never a tuple), cannot be changed, has no ``__dict__``, pickles
back to an equal value and keeps the ``repr`` the README and notebooks show."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from datetime import UTC, datetime

import pytest

import liuren
from liuren.almanac import pillars
from liuren.patterns import PATTERNS
from liuren.patterns.evidence import ev, seq
from liuren.patterns.view import View

CHART = liuren.chart("丙申", "午", "亥", month="寅", year="午", nianming=("午", "寅"))

VALUES: dict[str, object] = {
    "Lesson": CHART.lessons[1],
    "Transmission": CHART.transmissions[0],
    "PlateNianMing": CHART.nianming,
    "Plate": CHART.plate,
    "NianMing": liuren.nianming(1990, "男", 2026),
    "Pillars": pillars(datetime(2026, 3, 1, 12, tzinfo=UTC)),
    "Evidence": ev("x", a="子", n=seq("and", ("本命", "行年"))),
    "Seq": seq("and", ("本命", "行年")),
    "Detected": CHART.patterns[1],
    "Pattern": PATTERNS[0],
    "View": View(CHART),
}

REPRS = {
    "Lesson": "Lesson(upper='卯', lower='戌', general='太常', kind='上克下')",
    "Transmission": "Transmission(branch='卯', general='太常', relation='父母', stem='癸', void=False)",
    "PlateNianMing": "PlateNianMing(benming='午', xingnian='寅', benming_upper='亥', xingnian_upper='未')",
    "Plate": "Plate(5)",
    "NianMing": "NianMing(benming='庚午', xingnian='壬寅', age=37, sex='male')",
    "Evidence": "Evidence(key='x', values=(('a', '子'), ('n', Seq(kind='and', items=('本命', '行年')))))",
    "Seq": "Seq(kind='and', items=('本命', '行年'))",
    "Detected": "Detected(name='內戰', family='殃咎', clauses=Evidence(key='neizhan', values=(('init', '卯'), ('g', '太常'))))",
}


@pytest.mark.parametrize("name", VALUES)
def test_every_value_is_a_frozen_slotted_dataclass(name: str) -> None:
    value = VALUES[name]
    kind = type(value)
    assert kind.__name__ == name and dataclasses.is_dataclass(kind)
    assert kind.__dataclass_params__.frozen and "__slots__" in vars(kind)  # type: ignore[attr-defined]
    assert not hasattr(value, "__dict__") and not isinstance(value, tuple)
    first = dataclasses.fields(kind)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, first, None)
    # a name that is no field: CPython 3.11's frozen slotted __setattr__ raises TypeError here, 3.12 AttributeError
    with pytest.raises((AttributeError, TypeError)):
        value.extra = 1  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", [name for name in VALUES if name not in ("Pattern", "View")])
def test_a_value_pickles_and_copies_to_an_equal_value(name: str) -> None:
    value = VALUES[name]
    assert pickle.loads(pickle.dumps(value)) == value and copy.deepcopy(value) == value
    assert hash(pickle.loads(pickle.dumps(value))) == hash(value)


@pytest.mark.parametrize("name", [name for name in VALUES if name not in ("Plate", "View")])
def test_a_value_equals_only_a_value_of_its_own_type(name: str) -> None:
    value = VALUES[name]
    fields = tuple(getattr(value, f.name) for f in dataclasses.fields(type(value)))
    assert value == type(value)(*fields)
    assert value != fields and value != list(fields)
    others = [other for other in VALUES.values() if type(other) is not type(value)]
    assert all(value != other for other in others)


def test_evidence_and_seq_with_the_same_fields_are_not_equal() -> None:
    assert ev("and", items=("子",)) != seq("and", ("子",))
    assert len({seq("and", ("子",)), seq("and", ("子",)), ev("and")}) == 2


def test_a_plate_is_still_a_mapping_equal_only_to_a_plate() -> None:
    plate = CHART.plate
    assert plate["戌"] == "卯" and len(plate) == 12 and "子" in plate and plate.get("X") is None
    assert plate != plate.to_dict() and plate == liuren.Plate(17) and plate != liuren.Plate(6)
    assert hash(plate) == hash(liuren.Plate(5))


@pytest.mark.parametrize("name", REPRS)
def test_the_repr_is_the_one_the_docs_show(name: str) -> None:
    assert repr(VALUES[name]) == REPRS[name]


def test_a_value_matches_by_position_and_name() -> None:
    match CHART.lessons[1]:
        case liuren.lessons.Lesson("卯", lower="戌"):
            matched = True
        case _:
            matched = False
    assert matched
    changed = dataclasses.replace(CHART.transmissions[0], void=True)
    assert changed.void and not CHART.transmissions[0].void
