"""Every text the HTML 課盤 emits sets its own colour and reaches WCAG AA contrast (4.5:1) on the
background it sits on, so it reads the same on JupyterLab's light and dark themes (the card keeps its
paper; a theme only colours what the HTML leaves uncoloured). The same holds for what is shown beside a
card (check() verdicts, the exercise's question and feedback, the explorer's error, every widget's
fallback html): each sits on the card's paper (``paper_box``). tests/test_jupyterlab.py checks the same in
a real JupyterLab Dark, through computed styles."""

from __future__ import annotations

import math
import re
from html.parser import HTMLParser

import pytest

import liuren
from liuren.cycle import BRANCHES, PILLARS
from liuren.show.html import COLORS, chart_html, lessons_html, plate_html, transmissions_html

AA = 4.5
VOID_ELEMENTS = frozenset(("br", "img", "hr", "wbr"))


def luminance(color: str) -> float:
    """WCAG 2.x relative luminance of a #rgb / #rrggbb colour."""
    value = color.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    assert re.fullmatch(r"[0-9a-fA-F]{6}", value), f"not a hex colour: {color!r}"

    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(value[i : i + 2], 16) / 255) for i in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


THEME_VAR = re.compile(r"var\((--[\w-]+),\s*([^()]+)\)")
"""A colour taken from the theme, ``var(--jp-…, fallback)``: the fallback where no theme sets it."""
DARK_LOOK = {"--jp-content-font-color1": "#ffffff", "--jp-layout-color1": "#212121"}
"""What JupyterLab Dark sets the theme variables a check panel reads to (its index.css: #fff on
--md-grey-900); JupyterLab Light's are near-black on white, and the fallbacks are the card's ink and paper."""


def _declarations(style: str, theme: dict[str, str] | None = None) -> dict[str, str]:
    """A style attribute's declarations, each theme variable read as ``theme`` sets it (else its fallback)."""
    out = {}
    for part in style.split(";"):
        if ":" in part:
            key, value = part.split(":", 1)
            out[key.strip()] = THEME_VAR.sub(lambda m: (theme or {}).get(m[1], m[2].strip()), value.strip())
    return out


class TextColours(HTMLParser):
    """Every non-blank text run as (text, colour set on its own element or None, nearest opaque background),
    the theme's variables read as ``theme`` sets them (None: their fallbacks, the look outside JupyterLab)."""

    def __init__(self, theme: dict[str, str] | None = None) -> None:
        super().__init__()
        self.theme = theme
        self.stack: list[tuple[str, dict[str, str]]] = []
        self.runs: list[tuple[str, str | None, str | None]] = []

    def handle_starttag(self, tag, attrs):
        if tag not in VOID_ELEMENTS:
            self.stack.append((tag, _declarations(dict(attrs).get("style") or "", self.theme)))

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1][0] == tag, f"unbalanced </{tag}>"
        self.stack.pop()

    def handle_data(self, data):
        if not data.strip():
            return
        own = self.stack[-1][1].get("color") if self.stack else None
        background = next(
            (d["background"] for _, d in reversed(self.stack) if d.get("background", "transparent") != "transparent"),
            None,
        )
        self.runs.append((data.strip(), own, background))


def runs(html: str, theme: dict[str, str] | None = None) -> list[tuple[str, str | None, str | None]]:
    parser = TextColours(theme)
    parser.feed(html)
    assert parser.stack == []
    return parser.runs


def test_contrast_formula_matches_known_values():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#8a817c", "#fbf8f1") == pytest.approx(3.59, abs=0.01)  # the old label colour: too faint


NOT_TEXT = ("paper", "line", "step")
"""Palette entries that are no text colour: the card's paper, the borders, and ``step``, the background
of the cells a construction step points at."""


def test_every_palette_text_colour_reaches_aa_on_the_paper():
    for key, value in COLORS.items():
        if key not in NOT_TEXT:
            assert contrast(value, COLORS["paper"]) >= AA, key


def test_the_parser_sees_a_missing_colour_and_a_faint_one():
    bad = '<div style="background:#fbf8f1;color:#000"><table><tr><td>甲</td><td style="color:#8a817c">乙</td></tr></table></div>'
    assert runs(bad) == [("甲", None, "#fbf8f1"), ("乙", "#8a817c", "#fbf8f1")]


def _charts():
    """The 720 課 (day × plate) with a month so the seasonal patterns fire, by night and day."""
    for n, day in enumerate(PILLARS):
        for d in range(12):
            yield liuren.chart(
                day, BRANCHES[(n + d) % 12], BRANCHES[(n + 2 * d) % 12], month=BRANCHES[d], year=BRANCHES[n % 12]
            )


def _pages():
    charts = list(_charts())
    for chart in charts:
        yield chart_html(chart)
    for chart in charts[::37]:
        for labels in ("ko", "en"):
            for highlight in ("transmissions", "lessons", "none", "子午"):
                yield chart_html(chart, labels=labels, highlight=highlight)
        yield plate_html(chart.plate)
        yield lessons_html(chart.lessons)
        yield transmissions_html(chart.transmissions)
        yield chart.plate._repr_html_() + chart.lessons._repr_html_() + chart.transmissions._repr_html_()


def test_every_text_run_sets_its_colour_and_reaches_aa_on_its_background():
    pairs: dict[tuple[str, str], str] = {}
    count = 0
    for html in _pages():
        for text, colour, background in runs(html):
            count += 1
            assert colour is not None, f"{text!r} takes the theme's colour"
            assert background is not None, f"{text!r} sits on the theme's background"
            pairs.setdefault((colour, background), text)
    assert count > 720 * 60
    faint = {pair: (text, round(contrast(*pair), 2)) for pair, text in pairs.items() if contrast(*pair) < AA}
    assert faint == {}
    # The pairs really are the palette on the paper (the sweep reaches the void and 克/賊 colours too).
    assert {c for c, _ in pairs} == {v for k, v in COLORS.items() if k not in NOT_TEXT}
    assert {b for _, b in pairs} == {COLORS["paper"]}


# ---------------------------------------------------------------- beside the card: checks and widgets
def _check_pages():
    """CheckResult html: right, nothing answered, wrong (each kind of step), a malformed answer, in every language."""
    from liuren.show.check import CheckResult

    charts = list(_charts())[::53]
    for lang in ("ko", "zh", "en"):
        yield CheckResult(False, None, "lessons='戌卯丑' has 3 lessons", ("lessons",))._repr_html_()
        for c in charts:
            right = "".join(t.branch for t in c.transmissions)
            yield liuren.check(c, lang=lang)._repr_html_()  # nothing to check
            yield liuren.check(c, offset=c.offset, transmissions=right, lang=lang)._repr_html_()
            yield liuren.check(c, offset=(c.offset + 1) % 12, lang=lang, reveal=True)._repr_html_()
            yield liuren.check(c, transmissions=right[::-1], method="返吟", lang=lang)._repr_html_()


def _widget_pages():
    """What the widgets show beside or instead of a card: the exercise's question and feedback (wrong,
    right, a malformed answer, all done), the explorer's error, and every widget's fallback html."""
    from liuren import School
    from liuren.show.widgets import Exercise, Explorer, Stepper

    for lang in ("ko", "zh", "en"):
        ex = Exercise(seed=3, lang=lang, mode="one")
        c = ex.chart
        yield ex.question.value
        yield ex._repr_mimebundle_()["text/html"]
        for answer in (
            {"offset": (c.offset + 5) % 12},
            {"offset": "13"},
            {"offset": c.offset},
            {"lessons": "".join(x.upper for x in c.lessons)},
            {"transmissions": "".join(t.branch for t in c.transmissions)},
            {"method": str(c.method)},
        ):
            try:
                ex.answer(**answer)
            except liuren.ParseError:
                pass
            yield ex.question.value + ex.feedback.value
        assert ex.asking == ()  # the last feedback was the all-done line and the card
        explorer = Explorer(labels=lang, explain=True)
        yield explorer._repr_mimebundle_()["text/html"]
        explorer.set(school="daquan", compare="school")
        yield explorer._repr_mimebundle_()["text/html"]
        stepper = Stepper(liuren.chart("丙申", "午", "亥"), lang=lang)
        for step in stepper.steps:
            stepper.set(step=step.key)
            yield stepper._repr_mimebundle_()["text/html"]
        broken = Explorer(noble="day", school=School().replace(day_night="sun"), labels=lang)
        broken.noble.value = "auto"
        assert broken.error
        yield broken.board.value
        yield broken._repr_mimebundle_()["text/html"]


def _faint(pages, theme: dict[str, str] | None = None) -> tuple[int, dict]:
    """(text runs seen, {(colour, background): (text, ratio)} for every pair below AA) with the theme's
    variables read as ``theme`` sets them; a run without its own colour or on no background fails at
    once, as in the card test above."""
    count, faint = 0, {}
    for html in pages:
        for text, colour, background in runs(html, theme):
            count += 1
            assert colour is not None, f"{text!r} takes the theme's colour"
            assert background is not None, f"{text!r} sits on the theme's background"
            if contrast(colour, background) < AA:
                faint.setdefault((colour, background), (text, round(contrast(colour, background), 2)))
    return count, faint


def test_every_check_result_sets_its_colours_on_the_paper_and_reaches_aa():
    count, faint = _faint(_check_pages())
    assert count > 100
    assert faint == {}


def test_every_widget_line_and_fallback_sets_its_colours_on_the_paper_and_reaches_aa():
    count, faint = _faint(_widget_pages())
    assert count > 1000
    assert faint == {}


def test_every_check_panel_takes_the_themes_colours_and_reaches_aa_on_dark_too():
    # the check panels stood cream on JupyterLab Dark's near-black: each is now told in the theme's ink on
    # the theme's background (the card's where no theme sets them), its mark on a chip of the paper
    from liuren.reading.exercise import check_reading, check_verdict
    from liuren.show.html import THEME_CLASS
    from liuren.show.widgets import Exercise

    chart = liuren.chart("丙申", "午", "亥", month="寅")
    ex = Exercise(seed=3, lang="en", mode="one")
    ex.answer(offset=(ex.chart.offset + 5) % 12)
    wrong = ex.feedback.value
    pages = [*_check_pages(), wrong, check_reading(chart, "病", ["元首-085", "元首-087", "喪-002"])._repr_html_()]
    pages.append(check_verdict(chart, "病", "凶", "元首-087", reveal=True)._repr_html_())
    for html in pages:
        assert html.startswith(f'<div class="liuren-paper {THEME_CLASS}"'), html[:80]
        box = runs(html, DARK_LOOK)[-1]
        assert box[1:] == ("#ffffff", "#212121"), box  # the words follow the theme
    for theme in (None, DARK_LOOK):
        count, faint = _faint(pages, theme)
        assert count > 100 and faint == {}, theme


def test_the_explain_text_takes_both_colours_from_the_theme():
    """The explorer's explanation is plain theme text: neither its colour nor its background is set, so
    the theme's own pair (readable in light and dark) shows."""
    from liuren.show.widgets import Explorer

    notes = Explorer(explain=True).notes.value
    assert notes.startswith("<pre") and runs(notes)
    assert "color" not in notes and "background" not in notes


# ---------------------------------------------------------------- the round plate (SVG)
WEDGE = re.compile(
    r'<path d="M(?P<x0>[-\d.]+),(?P<y0>[-\d.]+) A(?P<r1>[\d.]+),[\d.]+ 0 0 0 (?P<x1>[-\d.]+),(?P<y1>[-\d.]+) '
    r'L[-\d.]+,[-\d.]+ A(?P<r0>[\d.]+),[\d.]+ 0 0 1 [-\d.]+,[-\d.]+ Z" fill="(?P<fill>[^"]+)"[^>]*?(?: fill-opacity="(?P<opacity>[\d.]+)")?/>'
)
DISC = re.compile(r'<circle r="(?P<r>[\d.]+)" fill="(?P<fill>[^"]+)"')
TEXT = re.compile(r"<text (?P<attrs>[^>]*)>(?P<body>.*?)</text>")
SPAN = re.compile(r'<tspan x="(?P<x>[-\d.]+)" y="(?P<y>[-\d.]+)">(?P<text>[^<]*)</tspan>')
PLATE_PX = 360  # the explorer's plate (liuren.show.widgets.PLATE_SIZE); the viewBox is 2.6 units across
NAMED = {"white": "#ffffff"}


def _over(top: str, opacity: float, base: str) -> str:
    a, b = (tuple(int(c.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4)) for c in (top, base))
    return "#" + "".join(f"{round(x * opacity + y * (1 - opacity)):02x}" for x, y in zip(a, b, strict=True))


def _angle(x: float, y: float) -> float:
    return math.degrees(math.atan2(y, x))


def plate_glyphs(svg: str) -> list[tuple[str, str, str, float, str]]:
    """Every glyph the plate writes as (its data-cell, text, fill, size, the colour painted under its centre).

    The shapes are the plate's own: ring wedges (annular sectors of 30°, some with a fill-opacity)
    and discs, painted in document order over the SVG's white background; each is found under a
    point exactly (radius between its two arcs, angle within its span)."""
    shapes = []  # (contains(x, y), fill, opacity) in paint order
    for m in WEDGE.finditer(svg):
        if m["fill"] == "none":
            continue
        r0, r1 = float(m["r0"]), float(m["r1"])
        a0, a1 = _angle(float(m["x0"]), float(m["y0"])), _angle(float(m["x1"]), float(m["y1"]))
        half = abs((a1 - a0 + 180) % 360 - 180) / 2
        mid = a0 + ((a1 - a0 + 180) % 360 - 180) / 2

        def inside(x, y, r0=r0, r1=r1, mid=mid, half=half):
            return r0 <= math.hypot(x, y) <= r1 and abs((_angle(x, y) - mid + 180) % 360 - 180) <= half

        shapes.append((m.start(), inside, m["fill"], float(m["opacity"] or 1)))
    for m in DISC.finditer(svg):
        if m["fill"] != "none":
            shapes.append((m.start(), lambda x, y, r=float(m["r"]): math.hypot(x, y) <= r, m["fill"], 1.0))
    shapes.sort(key=lambda s: s[0])
    glyphs = []
    for m in TEXT.finditer(svg):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', m["attrs"]))
        size = float(attrs["font-size"])
        spans = [(s["text"], float(s["x"]), float(s["y"])) for s in SPAN.finditer(m["body"])]
        if not spans:
            spans = [(m["body"], float(attrs["x"]), float(attrs["y"]))]
        for text, x, y in spans:
            under = "#ffffff"
            for start, inside, fill, opacity in shapes:
                if start < m.start() and inside(x, y):
                    under = _over(NAMED.get(fill, fill), opacity, under)
            glyphs.append((attrs.get("data-cell", ""), text, attrs["fill"], size, under))
    return glyphs


def _plates():
    from liuren.show.svg import plate_svg

    charts = list(_charts())
    for chart in charts[::3]:  # 240 charts, every plate offset and lesson type among them
        yield plate_svg(chart, size=PLATE_PX)
    for chart in charts[::61]:  # the stepper's plates: each step's parts, its cells on the step background
        for step in chart.steps("en"):
            yield plate_svg(chart, size=340, parts=step.parts, cells=step.cells)
        yield plate_svg(
            chart,
            marks={
                str(t.branch): key for t, key in zip(chart.transmissions, ("initial", "middle", "final"), strict=True)
            },
        )


def test_every_plate_text_reaches_aa_on_the_fill_under_it():
    seen, faint = 0, {}
    for svg in _plates():
        for _, text, fill, _, under in plate_glyphs(svg):
            seen += 1
            ratio = contrast(fill, under)
            if ratio < AA:
                faint.setdefault((fill, under), (text, round(ratio, 2)))
    assert seen > 240 * 40
    assert faint == {}


def test_the_plate_parser_finds_the_tinted_wedge_under_a_transmission():
    from liuren.show.svg import TINT, plate_svg

    chart = liuren.chart("丙申", "午", "亥")  # 初傳 卯
    under = {cell: bg for cell, *_, bg in plate_glyphs(plate_svg(chart))}
    assert under["heaven-卯"] == under["stage-卯"] == _over(COLORS["initial"], TINT, "#f7f3ea")
    assert under["heaven-亥"] == "#f7f3ea" and under["earth-亥"] == "#eee4d1" and under["general-貴人"] == "#fffdf8"
    assert under["stem-丙"] == "#ffffff"
    lit = {cell: bg for cell, *_, bg in plate_glyphs(plate_svg(chart, cells=("heaven-卯",)))}
    assert lit["heaven-卯"] == lit["stage-卯"] == COLORS["step"]
    assert contrast(COLORS["muted"], _over(COLORS["initial"], 0.14, "#f7f3ea")) < AA  # the old tint: 4.35:1


def test_the_plate_marks_are_legible_in_the_explorer():
    """The lesson numbers and 初中末 marks: at least 10 px in the explorer's 360-px plate."""
    from liuren.show.svg import plate_svg

    for chart in list(_charts())[::7]:
        marks = [g for g in plate_glyphs(plate_svg(chart, size=PLATE_PX)) if g[0].startswith(("lesson-", "stage-"))]
        assert sorted("".join(text for _, text, *_ in marks)) == sorted("一二三四初中末")
        assert min(size for *_, size, _ in marks) * PLATE_PX / 2.6 >= 10


def test_a_reading_sets_every_colour_and_reaches_aa_on_the_paper():
    from liuren.reading.exercise import check_reading

    chart = liuren.chart("丙申", "午", "亥", month="寅")
    pages = [chart.reading(lang=lang)._repr_html_() for lang in ("zh", "ko", "en")]
    pages.append(check_reading(chart, "病", ["元首-085", "元首-087"], lang="ko")._repr_html_())
    pages.append(check_reading(chart, "病", ["元首-085", "元首-086", "殃咎-004", "殃咎-013"])._repr_html_())
    seen = 0
    for html in pages:
        for text, colour, background in runs(html):
            seen += 1
            assert colour is not None and background is not None, text
            assert contrast(colour, background) >= AA, (text, colour, background)
    assert seen > 300


def test_every_reference_card_sets_its_colours_on_the_paper_and_reaches_aa():
    from liuren.show.cards import CARD_NAMES, card

    pages = [card(name, lang, school)._repr_html_() for name in CARD_NAMES for lang in ("zh", "ko", "en")
             for school in (None, "tanyuan")]  # fmt: skip
    count, faint = _faint(pages)
    assert count > len(pages) * 20
    assert faint == {}


def test_the_reading_and_verdict_checks_stand_in_checks_panel_with_its_left_bar():
    # check_reading's and check_verdict's panels had no left bar where check()'s has one: every check is
    # now told in the one panel (liuren.show.html.panel), green when right, the mark's red when wrong
    from liuren.reading.exercise import check_reading, check_verdict
    from liuren.show.html import RIGHT

    chart = liuren.chart("丙申", "午", "亥", month="寅")
    bar = "border-left:4px solid {};font-family:sans-serif;font-size:14px"
    right_check = liuren.check(chart, offset=chart.offset)
    wrong_check = liuren.check(chart, offset=(chart.offset + 1) % 12)
    right_reading = check_reading(chart, "總", [j.statement.id for j in chart.reading("總").applies])
    wrong_reading = check_reading(chart, "病", ["元首-085", "元首-087"])
    right_verdict = check_verdict(chart, "總", "吉", "元首-093")
    wrong_verdict = check_verdict(chart, "病", "凶", "元首-087")
    assert right_reading.ok and right_verdict.ok and not wrong_reading.ok and not wrong_verdict.ok
    for result, colour in (
        (right_check, RIGHT),
        (right_reading, RIGHT),
        (right_verdict, RIGHT),
        (wrong_check, COLORS["mark"]),
        (wrong_reading, COLORS["mark"]),
        (wrong_verdict, COLORS["mark"]),
    ):
        html = result._repr_html_()
        assert bar.format(colour) in html.split(">", 1)[0], (type(result).__name__, html[:300])


class InheritedColours(TextColours):
    """Every text run with the colour it is drawn in (its own or the nearest set around it) and the
    nearest background, outside the SVG pictures (an image on its own paper, drawn with ``fill``)."""

    def handle_data(self, data):
        if not data.strip() or any(tag == "svg" for tag, _ in self.stack):
            return
        colour = next((d["color"] for _, d in reversed(self.stack) if "color" in d), None)
        background = next(
            (d["background"] for _, d in reversed(self.stack) if d.get("background", "transparent") != "transparent"),
            None,
        )
        self.runs.append((data.strip(), colour, background))


def _practice_pages(tmp_path):
    """What the practice page shows: the question of every level, a wrong answer's feedback, a message,
    a right answer, the due line, the dashboard, the wrong-answer notes and the fallback, in every language."""
    from datetime import UTC, datetime

    from liuren.practice import solution
    from liuren.practice.answers import as_text
    from liuren.practice.widget import Practice

    def clock():
        return datetime(2026, 12, 1, 9, tzinfo=UTC)

    for lang in ("ko", "en", "zh"):
        for level in range(1, 15):
            p = Practice(str(tmp_path / f"{lang}{level}.sqlite3"), seed=1, level=level, lang=lang, clock=clock)
            yield p.question.value
        p = Practice(str(tmp_path / f"{lang}.sqlite3"), seed=1, level=4, lang=lang, clock=clock)
        typed = {part: as_text(part, value) for part, value in solution(p.item).items()}
        first = "子" if str(p.item.chart.transmissions[0].branch) != "子" else "丑"
        p.answer(**{**typed, "transmissions": first + typed["transmissions"][1:]})
        yield p.feedback.value
        p.next()
        p.answer(lessons="?")
        yield p.feedback.value  # the not-finished message, in the mark's colour
        yield p.due_label.value
        yield p.show_dashboard()
        p.show_misses()
        assert p.misses, "the wrong answer above is a miss"
        yield from (row.children[1].value for row in p.miss_rows.children)
        yield p._repr_mimebundle_()["text/html"]


def test_the_practice_page_follows_the_theme_and_reaches_aa_on_light_and_dark(tmp_path):
    # the practice page stood cream on JupyterLab Dark: its boxes now take the theme's ink and background
    # (the card's where no theme sets them), as check()'s panels do; the chart's inputs keep the card's
    # paper under them, and a refusal is told in a check's panel (its red bar)
    from liuren.show.html import THEME_CLASS

    pages = [html for html in _practice_pages(tmp_path) if html]
    assert len(pages) > 3 * 14 + 12
    for html in pages:
        assert f'class="liuren-paper {THEME_CLASS}"' in html[:200], html[:200]
    for theme in (None, DARK_LOOK):
        count, faint = 0, {}
        for html in pages:
            parser = InheritedColours(theme)
            parser.feed(html)
            for text, colour, background in parser.runs:
                count += 1
                assert colour is not None and background is not None, (text, colour, background)
                if contrast(colour, background) < AA:
                    faint.setdefault((colour, background), (text, round(contrast(colour, background), 2)))
        assert count > 500 and faint == {}, (theme, faint)
    dark = [run for html in pages for run in runs(html, DARK_LOOK) if run[2] == "#212121"]
    assert len(dark) > 50  # on a dark theme most of the page is on the theme's background, not the paper
