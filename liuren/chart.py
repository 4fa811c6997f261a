"""Chart: a 課式, the pure function of a day pillar, an hour branch and a month general.

>>> c = Chart("丙申", "午", "亥")
>>> "".join(t.branch for t in c.transmissions), c.method, c.lesson_type
('卯申丑', '賊克', '元首')
>>> [t.general for t in c.transmissions]
['太常', '六合', '太陰']
>>> c.void
('辰', '巳')
>>> eval(repr(c)) == c
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cycle import (
    BRANCH_LOOKUP,
    BRANCHES,
    HOUR_LOOKUP,
    MONTH_GENERAL_LOOKUP,
    MONTH_LOOKUP,
    PILLAR_LOOKUP,
    PILLARS,
    VOID_PAIRS,
    XUN_LENGTH,
    XUN_STEMS,
    YEAR_LOOKUP,
    Branch,
    GanZhi,
    General,
    Stem,
    kin_of,
    normalize,
    parse_branch,
    parse_general_name,
    parse_hour,
    parse_month,
    parse_month_general,
    parse_pillar,
    parse_year,
    xun_branch,
)
from .errors import InvalidChartError, ParseError, quote
from .generals import PLACEMENTS, branch_of, general_on, is_forward, noble_branch
from .lessons import Ke, Lessons, four_lessons
from .nianming import NianMing
from .plate import PLATES, Plate
from .school import CUSTOM, NOBLE_VALUES, OPTION_NAMES, PRESETS, School, parse_noble, resolve_school
from .transmissions import Method, choose

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from .lessons import Ke
    from .patterns import Detected
    from .reading import Reading
    from .show.picture import PlateSVG
    from .show.steps import Lines, Steps


@dataclass(frozen=True, slots=True)
class Transmission:
    """One of the three transmissions: its ``branch``, the ``general`` riding it, its 六親
    ``relation`` to the day stem, its 旬遁 ``stem`` (None when void) and whether it is ``void`` (旬空)."""

    branch: Branch
    general: General
    relation: str
    stem: Stem | None
    void: bool

    def __str__(self) -> str:
        return f"{self.relation[0]}{self.stem or '　'}{self.branch}{self.general.short}"


@dataclass(frozen=True, slots=True)
class PlateNianMing:
    """The person's 年命 on the chart: ``benming`` (本命 branch), ``xingnian`` (行年 branch) and the
    heaven branch standing over each on this plate (年命上神: ``benming_upper``, ``xingnian_upper``)."""

    benming: Branch
    xingnian: Branch
    benming_upper: Branch
    xingnian_upper: Branch

    def __str__(self) -> str:
        return f"本命 {self.benming} (上 {self.benming_upper}) 行年 {self.xingnian} (上 {self.xingnian_upper})"

    def text(self, lang: str = "en") -> str:
        """The 年命 in words of ``lang`` ("zh", "ko", "en"): "natal year (本命) 午 with 亥 over it, …"."""
        from .show.text import nianming_text

        return nianming_text(self, lang)

    def to_dict(self) -> dict[str, str]:
        """The four branches as plain strings, by field name."""
        return {
            "benming": str(self.benming),
            "xingnian": str(self.xingnian),
            "benming_upper": str(self.benming_upper),
            "xingnian_upper": str(self.xingnian_upper),
        }


NIANMING_ACCEPTED = "accepted: (本命, 行年) as two branches or pillars, e.g. ('午', '寅'), or liuren.nianming(...)"


def nianming_branches(value: object) -> tuple[Branch, Branch]:
    """(本命, 行年) branches from a NianMing, or from two branches or pillars; anything else (one of the two
    missing, three values, a bare string) is a ParseError naming what is accepted."""
    if isinstance(value, NianMing):
        return value.benming.branch, value.xingnian.branch
    if isinstance(value, str) or not isinstance(value, (tuple, list)):
        raise ParseError(f"nianming={quote(value)} is not a 年命; {NIANMING_ACCEPTED}")
    if len(value) > 2:
        raise ParseError(f"nianming={quote(value)} has {len(value)} values, not two; {NIANMING_ACCEPTED}")
    if len(value) < 2 or any(v is None or v == "" for v in value):
        raise ParseError(
            f"nianming={quote(value)} gives the 年命 in half: both 本命 and 行年 are needed; {NIANMING_ACCEPTED}"
        )
    found = []
    for item, what in zip(value, ("本命", "行年"), strict=True):
        text = normalize(item) if isinstance(item, str) else item
        pillar = PILLAR_LOOKUP.get(text) if isinstance(text, str) and len(text) == 2 else None
        found.append(pillar.branch if pillar is not None else parse_branch(item, f"a {what} branch"))
    return found[0], found[1]


def _exact(value: object, table: dict[str, Branch]) -> Branch | None:
    """The fast path of the parsers: an exact, traditional form (a plain str or a cycle value)."""
    return table.get(value) if type(value) is str or type(value) is Branch else None


def _noble_flag(noble: object, school: School, hour: int) -> bool:
    if noble is None:
        day = school.is_day(hour)
        if day is None:
            raise InvalidChartError(
                f"school {school.name!r} decides day and night by sunrise and sunset, which the hour "
                f"branch alone cannot tell; pass noble='day' or noble='night', or use chart_at() with a location"
            )
        return day
    return parse_noble(noble)


SHARED_ACROSS_HOURS = (
    "day",
    "noble",
    "school",
    "month",
    "year",
    "nianming",
    "plate",
    "lessons",
    "transmissions",
    "method",
    "lesson_type",
    "void",
    "noble_branch",
    "generals_forward",
    "_ke",
)
"""The slots of a :class:`Chart` that the hour does not change once the plate offset and the 晝/夜 noble are fixed."""


class Chart:
    """A 大六壬 課式 (frozen, hashable). Build it with ``Chart(day, hour, general)``.

    ``day`` is one of the sixty pillars ("丙申" or "丙申日"), ``hour`` the hour branch (占時: "午" or
    "午時"), ``general`` the month general (月將: "亥", "亥將" or its spirit name "登明"). ``noble`` is
    "day", "night" or None (the school's day/night rule decides from the hour); ``school`` a
    :class:`School` or a preset name; ``month`` the month branch (月建: "寅" or "寅月") and ``year`` the
    year branch (太歲: "午" or "午年"), needed only by the seasonal patterns; ``nianming`` the person's
    (本命, 行年) as two branches or pillars (or a :func:`liuren.nianming` value), needed by the clauses
    that judge the 年命 — the chart keeps it as :attr:`nianming` (a :class:`PlateNianMing`, or None).
    Each argument takes its own forms only ("午時" is not a 月將), in traditional or simplified characters.
    """

    __slots__ = (
        "_ke",
        "_patterns",
        "day",
        "general",
        "generals_forward",
        "hour",
        "lesson_type",
        "lessons",
        "method",
        "month",
        "nianming",
        "noble",
        "noble_branch",
        "plate",
        "school",
        "transmissions",
        "void",
        "year",
    )
    day: GanZhi
    hour: Branch
    general: Branch
    noble: str
    school: School
    month: Branch | None
    year: Branch | None
    nianming: PlateNianMing | None
    plate: Plate
    lessons: Lessons
    transmissions: tuple[Transmission, Transmission, Transmission]
    method: Method
    lesson_type: str
    void: tuple[Branch, Branch]
    noble_branch: Branch
    generals_forward: bool
    _ke: Ke
    _patterns: tuple[tuple[Detected, ...], tuple[str, ...]]

    def __init__(
        self,
        day: object,
        hour: object,
        general: object,
        *,
        noble: object = None,
        school: School | str | None = None,
        month: object = None,
        year: object = None,
        nianming: object = None,
    ) -> None:
        set_ = object.__setattr__
        pillar = PILLAR_LOOKUP.get(day) if type(day) is str or type(day) is GanZhi else None
        if pillar is None:
            pillar = parse_pillar(day)
        hour_b = _exact(hour, HOUR_LOOKUP) or parse_hour(hour)
        general_b = _exact(general, MONTH_GENERAL_LOOKUP) or parse_month_general(general)
        school_v = school if type(school) is School else resolve_school(school)
        month_b = None if month is None else _exact(month, MONTH_LOOKUP) or parse_month(month)
        year_b = None if year is None else _exact(year, YEAR_LOOKUP) or parse_year(year)
        h = hour_b.ordinal
        is_day = _noble_flag(noble, school_v, h)

        p = pillar.ordinal
        s = p % 10
        d = (general_b.ordinal - h) % 12
        nb = noble_branch(s, is_day, school_v)
        forward = is_forward(nb, d)
        lessons, ke = four_lessons(pillar, d, nb, forward, school_v.bubei_test)
        i, m, last, method, lesson_type = choose(ke, school_v)
        known, at = _TRANSMISSIONS[nb * 2 + forward], p * 12
        trans = (
            known[at + i] or transmission(p, i, nb, forward),
            known[at + m] or transmission(p, m, nb, forward),
            known[at + last] or transmission(p, last, nb, forward),
        )
        set_(self, "day", pillar)
        set_(self, "hour", hour_b)
        set_(self, "general", general_b)
        set_(self, "noble", "day" if is_day else "night")
        set_(self, "school", school_v)
        set_(self, "month", month_b)
        set_(self, "year", year_b)
        if nianming is None:
            set_(self, "nianming", None)
        else:
            bm, xn = nianming_branches(nianming)
            set_(
                self,
                "nianming",
                PlateNianMing(bm, xn, BRANCHES[(bm.ordinal + d) % 12], BRANCHES[(xn.ordinal + d) % 12]),
            )
        set_(self, "plate", PLATES[d])
        set_(self, "lessons", lessons)
        set_(self, "transmissions", _tnew(Transmissions, trans))
        set_(self, "method", method)
        set_(self, "lesson_type", lesson_type)
        set_(self, "void", VOID_PAIRS[xun_branch(p)])
        set_(self, "noble_branch", BRANCHES[nb])
        set_(self, "generals_forward", forward)
        set_(self, "_ke", ke)

    def _at_hour(self, hour: Branch) -> Chart:
        """This chart's 課 cast at another ``hour`` with the same plate offset, so its month general
        moves with the hour: plate, lessons, transmissions and generals depend on the offset alone and
        are shared (find's sweeps over every hour; tests check it equals the chart built afresh)."""
        set_ = object.__setattr__
        other = object.__new__(Chart)
        for name in SHARED_ACROSS_HOURS:
            set_(other, name, getattr(self, name))
        set_(other, "hour", hour)
        set_(other, "general", BRANCHES[(hour.ordinal + self.plate.offset) % 12])
        return other

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Chart is immutable; build a new chart instead of setting {quote(name)}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Chart is immutable")

    # ------------------------------------------------------------ identity
    def _key(self) -> tuple[object, ...]:
        return (self.day, self.hour, self.general, self.noble, self.school, self.month, self.year, self._nm())

    def _nm(self) -> tuple[Branch, Branch] | None:
        return None if self.nianming is None else (self.nianming.benming, self.nianming.xingnian)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Chart):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[object, ...]:
        return (
            _rebuild,
            (
                str(self.day),
                str(self.hour),
                str(self.general),
                self.noble,
                self.school,
                self.month,
                self.year,
                self._nm(),
            ),
        )

    def __repr__(self) -> str:
        school = repr(self.school.name) if PRESETS.get(self.school.name) == self.school else repr(self.school)
        month = "" if self.month is None else f", month={str(self.month)!r}"
        year = "" if self.year is None else f", year={str(self.year)!r}"
        nm = self.nianming
        fate = "" if nm is None else f", nianming=({str(nm.benming)!r}, {str(nm.xingnian)!r})"
        return (
            f"Chart({str(self.day)!r}, {str(self.hour)!r}, {str(self.general)!r}, noble={self.noble!r}, "
            f"school={school}{month}{year}{fate})"
        )

    def __str__(self) -> str:
        from .show.text import chart_text

        return chart_text(self)

    def _repr_html_(self) -> str:
        from .show.html import chart_html

        return chart_html(self)

    def plot(self, style: str = "round", **options: Any) -> Figure | PlateSVG:
        """The 天地盤 drawn as a new matplotlib Figure (object-oriented API, no pyplot state).

        ``style`` is "round" (earth ring fixed, heaven turned over it, generals on a third ring)
        or "square" (the book's 4×4 ring); ``options`` go to :func:`liuren.show.drawing.draw_plate`.
        Where matplotlib is not installed (Pyodide, a JupyterLite site), the round plate comes back as
        a :class:`liuren.show.picture.PlateSVG`, which Jupyter shows as the image.
        """
        from .show.picture import plot

        return plot(self, style, **options)

    # ------------------------------------------------------------ derived views
    @property
    def offset(self) -> int:
        """Plate offset d = (月將 − 占時) mod 12; 0 is 伏吟, 6 返吟."""
        return self.plate.offset

    @property
    def stem(self) -> Stem:
        """The day stem."""
        return self.day.stem

    @property
    def branch(self) -> Branch:
        """The day branch."""
        return self.day.branch

    def general_on(self, heaven: object) -> General:
        """The general riding the heaven branch ``heaven``."""
        branch = _exact(heaven, BRANCH_LOOKUP) or parse_branch(heaven)
        return general_on(branch.ordinal, self.noble_branch.ordinal, self.generals_forward)

    def branch_of(self, general: object) -> Branch:
        """The heaven branch the general ``general`` rides."""
        g = parse_general_name(general).ordinal
        return BRANCHES[branch_of(g, self.noble_branch.ordinal, self.generals_forward)]

    @property
    def generals(self) -> dict[Branch, General]:
        """{heaven branch: general} for all twelve."""
        return {b: self.general_on(b) for b in BRANCHES}

    def steps(self, lang: str = "zh") -> Steps:
        """The construction step by step, as a teacher casts it by hand: a tuple of
        :class:`liuren.show.steps.Step` (key, title, text, cells; each shows the 課盤 built so far
        in Jupyter). ``lang`` is "zh", "ko" or "en"."""
        from .show.steps import steps

        return steps(self, lang)

    def trace(self, lang: str = "en") -> Lines:
        """How the initial transmission was chosen: the lessons, one line per gate tried (the
        texts of the gate steps of :meth:`steps`), then the 三傳. Prints as lines."""
        from .show.steps import trace_lines

        return trace_lines(self, lang)

    def _detected(self) -> tuple[tuple[Detected, ...], tuple[str, ...]]:
        try:
            return self._patterns
        except AttributeError:
            from .patterns import detect

            found = detect(self)
            object.__setattr__(self, "_patterns", found)
            return found

    @property
    def patterns(self) -> tuple[Detected, ...]:
        """The named patterns (勵德, 天獄, …) this chart shows, each with its evidence (computed on first use)."""
        return self._detected()[0]

    @property
    def unjudged_patterns(self) -> tuple[str, ...]:
        """Names of patterns that could fire but need what this chart lacks: the month branch (月建), the year
        branch (太歲) or the person's 年命 (``nianming=``)."""
        return self._detected()[1]

    def explain(self, lang: str = "en") -> str:
        """The method trace followed by every pattern's evidence, as text (``lang`` "zh", "ko", "en")."""
        from .show.steps import explain

        return explain(self, lang)

    def reading(self, matter: object = None, querent: object = None, lang: str = "ko") -> Reading:
        """What the chapters say this chart means: the judgements (占斷) of 《大六壬靈覺經》 whose subject the
        chart shows and whose conditions hold, each with its evidence and source, and those the chart
        cannot decide (who asks, the month, the 年命), listed as open. ``matter`` keeps one matter
        ("病" or "illness", see :data:`liuren.reading.MATTERS`), ``querent`` says who asks ("官" or
        "official", "常人" or "commoner" …). Shows itself as HTML in Jupyter; ``.timing(when)`` gives
        the timing rules' periods. See :mod:`liuren.reading`."""
        from .reading import reading

        return reading(self, matter, querent, lang)

    @property
    def lesson_identities(self) -> tuple[tuple[int, int], ...]:
        """Each lesson's identity under the school's 不備 test (docs/rules.md §2.5): equal values are one lesson."""
        return self._ke.keys

    @property
    def distinct_lessons(self) -> int:
        """How many of the four lessons are distinct (4 = 備; 3 or 2 = 不備)."""
        return len(set(self._ke.keys))

    def spec(self) -> str:
        """The inputs as one line of words that :meth:`parse` reads back to an equal chart.

        The school is its preset name; any other school is written as ``custom`` (or
        ``school=NAME`` when it has a name of its own) followed by its options that differ from the
        defaults, as ``key=value`` words."""
        school = self.school
        if PRESETS.get(school.name) == school:
            words = [school.name]
        else:
            words = [CUSTOM if school.name == CUSTOM else f"school={school.name}", *school.option_tokens()]
        if self.month is not None:
            words.append(f"month={self.month}")
        if self.year is not None:
            words.append(f"year={self.year}")
        if self.nianming is not None:
            words += [f"benming={self.nianming.benming}", f"xingnian={self.nianming.xingnian}"]
        return " ".join([str(self.day), str(self.hour), str(self.general), self.noble, *words])

    @classmethod
    def parse(cls, spec: object) -> Chart:
        """Read :meth:`spec` output: ``"丙申 午 亥 [day|night] [school | custom | school=NAME]
        [option=value …] [month=寅] [year=午] [benming=午 xingnian=寅]"`` (the options are :class:`School`'s;
        the 年命 takes both of its words or neither)."""
        accepted = (
            "accepted: '丙申 午 亥 [day|night] [school] [option=value …] [month=寅] [year=午] [benming=午 xingnian=寅]'"
        )
        if not isinstance(spec, str):
            raise ParseError(f"a chart spec must be a string, got {quote(spec)} ({type(spec).__name__}); {accepted}")
        if len(spec) > MAX_SPEC:
            raise ParseError(f"{quote(spec, 60)} is not a chart spec (longer than any spec); {accepted}")
        parts = spec.split()
        if len(parts) < 3:
            raise ParseError(f"{quote(spec, 60)} is not a chart spec; {accepted}")
        kwargs: dict[str, Any] = {}
        options: dict[str, str] = {}
        for part in parts[3:]:
            key, eq, value = part.partition("=")
            if not eq:
                key, value = ("noble" if part.lower() in NOBLE_VALUES else "school"), part
            elif key not in ("month", "year", "school", "benming", "xingnian"):
                if key not in OPTION_NAMES:
                    raise ParseError(f"{quote(part)} in {quote(spec, 60)} is not a spec word; {accepted}")
                if key in options:
                    raise ParseError(f"{quote(spec, 60)} gives {key} twice; {accepted}")
                options[key] = value
                continue
            if key in kwargs:
                raise ParseError(
                    f"{quote(spec, 60)} gives the {key} twice ({quote(kwargs[key])} and {quote(value)}); {accepted}"
                )
            kwargs[key] = value
        fate = kwargs.pop("benming", None), kwargs.pop("xingnian", None)
        if fate != (None, None):
            kwargs["nianming"] = fate
        school = kwargs.pop("school", None)
        if options or (school is not None and (school == CUSTOM or f"school={school}" in parts)):
            kwargs["school"] = School.from_options(school, options)
        elif school is not None:
            kwargs["school"] = School.preset(school)  # a bare word must be a preset: a typo is an error
        return cls(parts[0], parts[1], parts[2], **kwargs)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data."""
        return {
            "day": str(self.day),
            "hour": str(self.hour),
            "general": str(self.general),
            "noble": self.noble,
            "noble_branch": str(self.noble_branch),
            "generals_forward": self.generals_forward,
            "plate": self.plate.to_dict(),
            "lessons": [
                {"upper": str(x.upper), "lower": str(x.lower), "general": str(x.general), "kind": x.kind}
                for x in self.lessons
            ],
            "transmissions": [
                {
                    "branch": str(t.branch),
                    "general": str(t.general),
                    "relation": t.relation,
                    "stem": None if t.stem is None else str(t.stem),
                    "void": t.void,
                }
                for t in self.transmissions
            ],
            "method": str(self.method),
            "lesson_type": self.lesson_type,
            "void": [str(b) for b in self.void],
            "month": None if self.month is None else str(self.month),
            "year": None if self.year is None else str(self.year),
            "nianming": None if self.nianming is None else self.nianming.to_dict(),
            "patterns": [p.name for p in self.patterns],
            "school": self.school.name,
            "school_options": self.school.options(),
        }


class Transmissions(tuple[Transmission, Transmission, Transmission]):
    """The three transmissions: a plain tuple that Jupyter shows as the book's three lines."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        from .show.html import transmissions_html

        return transmissions_html(self)


MAX_SPEC = 640
"""No chart spec is longer: every option written out with its longest value, the month, the year and the 年命
take 556 characters (``tests/test_chart.py`` builds that spec and reads it back)."""


def _rebuild(
    day: str,
    hour: str,
    general: str,
    noble: str,
    school: School,
    month: Branch | None,
    year: Branch | None,
    nianming: tuple[Branch, Branch] | None = None,
) -> Chart:
    return Chart(day, hour, general, noble=noble, school=school, month=month, year=year, nianming=nianming)


KIN_TABLE = tuple(tuple(kin_of(stem, branch) for branch in range(12)) for stem in range(10))
"""六親 of every branch seen from every day stem."""
_tnew = tuple.__new__

_TRANSMISSIONS: list[list[Transmission | None]] = [[None] * 720 for _ in range(24)]
"""[placement (貴人 branch × 2 + 順)][day pillar × 12 + heaven branch]: the :class:`Transmission` values,
each written the first time a chart shows it and then shared (a chart picks its three from here)."""


def transmission(pillar: int, branch: int, noble: int, forward: bool) -> Transmission:
    """The heaven ``branch`` (ordinal) as a transmission on the day ``pillar`` (ordinal), the generals laid
    from the 貴人 on ``noble`` (順 when ``forward``): its general, 六親, 旬遁 stem and 旬空."""
    k = (branch - xun_branch(pillar)) % 12
    found = Transmission(
        BRANCHES[branch],
        PLACEMENTS[noble, forward][branch],
        KIN_TABLE[pillar % 10][branch],
        XUN_STEMS[k],
        k >= XUN_LENGTH,
    )
    _TRANSMISSIONS[noble * 2 + forward][pillar * 12 + branch] = found
    return found


__all__ = ["PILLARS", "Chart", "PlateNianMing", "Transmission"]
