"""The message of a ``check`` given nothing to check names every part ``check`` accepts, in each language."""

from __future__ import annotations

import inspect

import pytest

import liuren
from liuren.show.words.check import CHECK

NOT_PARTS = {"chart", "lang", "reveal", "unknown"}
PARTS = [name for name in inspect.signature(liuren.check).parameters if name not in NOT_PARTS]


def test_parts_are_the_ones_the_course_uses() -> None:
    assert set(PARTS) == {
        "day", "month", "hour", "general", "offset", "plate", "lessons",
        "transmissions", "noble", "method", "patterns", "void",
    }  # fmt: skip


@pytest.mark.parametrize("lang", ["ko", "zh", "en"])
def test_nothing_to_check_lists_every_part(lang: str) -> None:
    chart = liuren.chart("丁未", "未", "寅")
    result = liuren.check(chart, lang=lang)
    assert not result.ok
    assert result.message == CHECK[lang]["none"]
    for name in PARTS:
        assert f"{name}=" in result.message, (lang, name)
