"""天地盤: the month general over the hour branch, heaven turned over the fixed earth.

>>> plate = PLATES[5]
>>> plate.heaven_over("戌"), plate.earth_under("卯")
('卯', '戌')
>>> Plate.from_general("亥", "午") is plate
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from .cycle import BRANCHES, FANYIN_OFFSET, FUYIN_OFFSET, Branch, parse_branch, parse_hour, parse_month_general
from .errors import ParseError, quote


@dataclass(frozen=True, slots=True, init=False, repr=False)
class Plate(Mapping[Branch, Branch]):
    """The heaven plate as a mapping earth square → heaven branch (one of the 12 rotations).

    Rule (大全 卷一 入手法): put the 月將 on the 地盤 square of the 占時 and turn clockwise, so the
    heaven branch over square p is ``p + d`` with ``d = (月將 − 占時) mod 12``. d = 0 is 伏吟, d = 6 返吟.
    """

    offset: int

    def __init__(self, offset: int) -> None:
        if not isinstance(offset, int) or isinstance(offset, bool):
            raise ParseError(f"a plate offset must be an integer (月將 − 占時, taken mod 12), got {quote(offset)}")
        object.__setattr__(self, "offset", offset % 12)

    @classmethod
    def from_general(cls, general: object, hour: object) -> Plate:
        """The plate with the month general ``general`` over the hour ``hour``."""
        d = (parse_month_general(general).ordinal - parse_hour(hour).ordinal) % 12
        return PLATES[d]

    def heaven_over(self, earth: object) -> Branch:
        """天盤 branch standing over the 地盤 square ``earth``."""
        return BRANCHES[(parse_branch(earth).ordinal + self.offset) % 12]

    def earth_under(self, heaven: object) -> Branch:
        """地盤 square under the 天盤 branch ``heaven``."""
        return BRANCHES[(parse_branch(heaven).ordinal - self.offset) % 12]

    def __getitem__(self, earth: str) -> Branch:
        try:
            return self.heaven_over(earth)
        except ParseError:
            raise KeyError(earth) from None  # the Mapping contract: `in` and .get() answer False / None

    def __iter__(self) -> Iterator[Branch]:
        return iter(BRANCHES)

    def __len__(self) -> int:
        return 12

    def __repr__(self) -> str:
        return f"Plate({self.offset})"

    @property
    def name(self) -> str:
        """伏吟 for d = 0, 返吟 for d = 6, otherwise ''."""
        return {FUYIN_OFFSET: "伏吟", FANYIN_OFFSET: "返吟"}.get(self.offset, "")

    def to_dict(self) -> dict[str, str]:
        """{earth: heaven} as plain strings, earth from 子."""
        return {str(e): str(BRANCHES[(e.ordinal + self.offset) % 12]) for e in BRANCHES}

    def _repr_html_(self) -> str:
        from .show.html import plate_html

        return plate_html(self)


PLATES = tuple(Plate(d) for d in range(12))
