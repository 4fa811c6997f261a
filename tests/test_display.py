"""Text and HTML layouts of a chart: exact text for the chapters' examples, structure and safety of the HTML."""

from __future__ import annotations

import base64
import re
from html.parser import HTMLParser
from importlib import resources

import pytest

import liuren
from liuren import Chart, School, SchoolError
from liuren.show.html import chart_html, lessons_html, plate_html, to_html, transmissions_html
from liuren.show.labels import gloss, label, reading
from liuren.show.text import chart_text

HOSTILE = "<img src=x onerror=alert(1)>"
BRANCHES = "子丑寅卯辰巳午未申酉戌亥"

# The three blocks as the source chapters print them (transmissions with 遁干 added between 六親 and branch).
SEED_TEXT = {
    # 元首課, example 1: 假如正月丙申日亥將午時占 (printed 父卯常 才申六 子丑陰 / 龍陰常蛇 午丑卯戌 丑申戌丙)
    ("丙申", "午", "亥"): "丙申日 午時 亥將 晝貴 · 賊克 元首\n"
    "\n父癸卯常\n財丙申合\n子辛丑陰\n"
    "\n龍陰常蛇\n午丑卯戌\n丑申戌丙\n"
    "\n戌亥子丑\n酉　　寅\n申　　卯\n未午巳辰",
    # 元首課, example 2: 假如正月亥將甲戌日未時占 (printed 兄寅后 子午虎 財戌六)
    ("甲戌", "未", "亥"): "甲戌日 未時 亥將 晝貴 · 賊克 元首\n"
    "\n兄戊寅后\n子壬午虎\n財甲戌合\n"
    "\n虎后合虎\n午寅戌午\n寅戌午甲\n"
    "\n酉戌亥子\n申　　丑\n未　　寅\n午巳辰卯",
    # 遙克課, 蒿矢: 假如甲午日申時巳將占 (printed 殺申白 子巳勾 兄寅螣; 巳 is void in the 甲午 decade)
    ("甲午", "申", "巳"): "甲午日 申時 巳將 晝貴 · 遙克 蒿矢\n"
    "\n官丙申虎\n子　巳勾◎\n兄壬寅蛇\n"
    "\n后朱虎陰\n子卯申亥\n卯午亥甲\n"
    "\n寅卯辰巳\n丑　　午\n子　　未\n亥戌酉申",
}


@pytest.mark.parametrize("inputs", list(SEED_TEXT))
def test_text_layout_of_seed_examples(inputs):
    chart = liuren.chart(*inputs)
    assert str(chart) == SEED_TEXT[inputs]
    assert chart_text(chart) == str(chart)


class Cells(HTMLParser):
    """Collects every <td> with its attributes and text, and every tag name."""

    def __init__(self) -> None:
        super().__init__()
        self.cells: list[tuple[dict[str, str | None], str]] = []
        self.tags: list[str] = []
        self._open: list[tuple[dict[str, str | None], list[str]]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "td":
            self._open.append((dict(attrs), []))

    def handle_endtag(self, tag):
        if tag == "td":
            attrs, text = self._open.pop()
            self.cells.append((attrs, "".join(text)))

    def handle_data(self, data):
        for _, text in self._open:
            text.append(data)


def parse(html: str) -> Cells:
    parser = Cells()
    parser.feed(html)
    return parser


def ring(html: str) -> list[tuple[str, str]]:
    """(earth, heaven) of the plate's ring cells in document order, read from their titles."""
    out = []
    for attrs, _ in parse(html).cells:
        m = re.fullmatch(r"地 (.) · 天 (.)(?: · .+)?", attrs.get("title") or "")
        if m:
            out.append((m.group(1), m.group(2)))
    return out


def test_ring_has_every_branch_once_in_the_book_order():
    chart = liuren.chart("丙申", "午", "亥")
    cells = ring(chart_html(chart))
    assert [e for e, _ in cells] == list("巳午未申辰酉卯戌寅丑子亥")
    assert sorted(h for _, h in cells) == sorted(BRANCHES)
    assert all(chart.plate[e] == h for e, h in cells)
    assert cells[0] == ("巳", "戌")


def test_plate_alone_renders_the_same_ring_without_generals():
    plate = liuren.Plate.from_general("亥", "午")
    html = plate._repr_html_()
    assert ring(html) == ring(chart_html(liuren.chart("丙申", "午", "亥")))
    assert "貴人" not in html


def test_lessons_read_right_to_left_with_the_day_stem_rightmost():
    chart = liuren.chart("丙申", "午", "亥")
    texts = [t for _, t in parse(lessons_html(chart.lessons)).cells]
    assert texts[:4] == ["四", "三", "二", "一"]
    assert "".join(texts[4:8]) == "龍陰常蛇"
    assert "".join(texts[8:12]) == "午丑卯戌"
    assert "".join(texts[12:16]) == "丑申戌丙"
    assert texts[16:20] == ["", "", "克", ""]
    assert chart.lessons._repr_html_() == lessons_html(chart.lessons)


def test_transmissions_show_kin_stem_branch_general_and_void():
    chart = liuren.chart("甲午", "申", "巳")
    cells = parse(transmissions_html(chart.transmissions)).cells
    rows = [[t for _, t in cells[i : i + 6]] for i in range(0, 18, 6)]
    assert rows == [
        ["初傳", "官", "丙", "申", "虎", ""],
        ["中傳", "子", "　", "巳", "勾", "◎"],
        ["末傳", "兄", "壬", "寅", "蛇", ""],
    ]
    assert cells[11][0]["title"] == "旬空"
    assert chart.transmissions._repr_html_() == transmissions_html(chart.transmissions)


def test_caption_has_inputs_school_method_type_and_patterns():
    chart = liuren.chart("甲戌", "未", "亥", month="寅")
    html = chart_html(chart)
    for part in ("甲戌日", "未時", "亥將", "寅月", "晝貴", "旬空", "申酉", "學派", "指南", "賊克", "元首", "格局"):
        assert part in html, part
    for p in chart.patterns:
        assert p.name in html


def test_html_uses_inline_styles_only_and_is_deterministic():
    chart = liuren.chart("丙申", "午", "亥")
    html = chart._repr_html_()
    tags = set(parse(html).tags)
    assert tags <= {"div", "table", "caption", "tr", "td", "span", "br"}
    assert "<script" not in html and "<style" not in html and " id=" not in html and "@font-face" not in html
    assert html == liuren.chart("丙申", "午", "亥")._repr_html_()
    for labels in ("zh", "ko", "en"):
        assert chart_html(chart, labels=labels) == chart_html(Chart("丙申", "午", "亥"), labels=labels)


def test_hostile_strings_are_escaped():
    with pytest.raises(SchoolError, match="not a School name"):
        School(name=HOSTILE)  # a school name is a short token, so only a pattern's name can carry markup
    chart = Chart("丙申", "午", "亥")

    class WithPattern(Chart):
        """A chart whose pattern has a hostile name (as a user's own registry might)."""

        __slots__ = ()

        @property
        def patterns(self):
            return (type("P", (), {"name": HOSTILE + '"onmouseover="x'})(),)

    hostile = WithPattern("丙申", "午", "亥")
    for html in (chart_html(hostile), to_html(hostile)):
        assert "<img" not in html
        assert "&lt;img src=x onerror=alert(1)&gt;" in html
        assert '"onmouseover' not in html
    with pytest.raises(ValueError, match="CSS colour"):
        chart_html(chart, colors={"ink": "red;background:url(x)"})
    with pytest.raises(ValueError, match="not known"):
        chart_html(chart, colors={"<b>": "red"})


def test_options_labels_highlight_colors():
    chart = liuren.chart("丙申", "午", "亥")
    ko, en = chart_html(chart, labels="ko"), chart_html(chart, labels="en")
    assert "원수 元首" in ko and "적극 賊克" in ko and "삼전 三傳" in ko and "태상" in ko
    assert "元首 Head" in en and "Constancy" in en and "day Bing-Shen" in en
    with pytest.raises(ValueError, match="label language"):
        chart_html(chart, labels="fr")
    marked = {
        h
        for attrs, _ in parse(chart_html(chart, highlight="卯申")).cells
        if "bold" in (attrs.get("style") or "") and (m := re.match(r"地 . · 天 (.)", attrs.get("title") or ""))
        for h in m.group(1)
    }
    assert marked == {"卯", "申"}

    def ring_styles(html):
        return [attrs["style"] for attrs, _ in parse(html).cells if (attrs.get("title") or "").startswith("地 ")]

    assert sum("#123456" in s for s in ring_styles(chart_html(chart, colors={"initial": "#123456"}))) == 1
    assert not any(
        "#123456" in s for s in ring_styles(chart_html(chart, colors={"initial": "#123456"}, highlight="none"))
    )
    with pytest.raises(ValueError, match="highlight"):
        chart_html(chart, highlight="甲乙")


def test_labels_module_reads_and_glosses():
    assert reading("螣蛇") == "등사" and reading("六合") == "육합" and reading("XYZ") == ""
    assert label("元首", "ko") == "원수 元首" and label("元首", "en") == "元首 Head" and label("元首") == "元首"
    assert gloss("合", "en", short="general") == "Harmony" and gloss("財", "en", short="kin") == "Wealth"


def test_every_method_type_and_pattern_has_a_korean_reading_and_an_english_gloss():
    from liuren.patterns import PATTERNS
    from liuren.transmissions import LESSON_TYPES, Method

    for term in (*map(str, Method), *LESSON_TYPES, *(p.name for p in PATTERNS)):
        assert label(term, "ko") != term and label(term, "en") != term, term


def test_standalone_page_embeds_the_font_and_writes_the_file(tmp_path):
    chart = liuren.chart("丙申", "午", "亥")
    path = tmp_path / "chart.html"
    page = to_html(chart, str(path), labels="ko")
    assert page.startswith("<!DOCTYPE html>") and page.endswith("</html>\n")
    assert path.read_text(encoding="utf-8") == page
    data = re.search(r"data:font/woff2;base64,([A-Za-z0-9+/=]+)", page).group(1)
    assert base64.b64decode(data) == (resources.files("liuren") / "fonts" / "LiurenSerifTC.woff2").read_bytes()
    assert "원수 元首" in page
    assert to_html(chart, standalone=False) == chart_html(chart)


@pytest.mark.parametrize("school", ["default", "tanyuan", "daquan"])
def test_every_chart_renders(school):
    from liuren.cycle import BRANCHES as B
    from liuren.cycle import PILLARS

    for p in PILLARS[::7]:
        for h in B[::5]:
            for g in B:
                chart = Chart(p, h, g, noble="day", school=school)
                html = chart_html(chart)
                assert len(ring(html)) == 12
                assert plate_html(chart).count("<td") == 13


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda c: chart_html(c, labels="fr"), "not a label language"),
        (lambda c: chart_html(c, highlight=5), "highlight=5"),
        (lambda c: chart_html(c, highlight=[1, 2]), "highlight=[1, 2]"),
        (lambda c: chart_html(c, colors=["red"]), "must be a mapping"),
        (lambda c: chart_html(c, colors={"initial": "red;background:url(x)"}), "not a CSS colour"),
        (lambda c: chart_html(None), "expected a liuren.Chart"),
        (lambda c: to_html("丙申"), "expected a liuren.Chart"),
    ],
)
def test_bad_display_options_are_liuren_errors(call, message):
    with pytest.raises(liuren.LiurenError, match=re.escape(message)):
        call(liuren.chart("丙申", "午", "亥"))


# ---------------------------------------------------------------- to_html paths: what is not a writable file path
@pytest.mark.parametrize(
    ("path", "needle"),
    [
        (3.5, "(float) is not a file path"),
        ([], "(list) is not a file path"),
        (1, "(int) is not a file path"),  # never a file descriptor: to_html(c, 1) used to close stdout
        (True, "(bool) is not a file path"),
        (b"chart.html", "(bytes) is not a file path"),
        ("", "is empty"),
        ("chart\0.html", "contains a NUL character"),
        ("\udcff\ud800.html", "cannot be encoded as a file name"),
    ],
)
def test_to_html_refuses_what_is_not_a_file_path(tmp_path, monkeypatch, path, needle):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(liuren.ParseError) as info:
        to_html(liuren.chart("丙申", "午", "亥"), path)
    assert needle in str(info.value)
    assert list(tmp_path.iterdir()) == []


def test_to_html_refuses_a_directory_a_missing_folder_and_a_too_long_name(tmp_path, monkeypatch):
    chart = liuren.chart("丙申", "午", "亥")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(liuren.WriteError, match="is a directory"):
        to_html(chart, tmp_path)
    with pytest.raises(liuren.WriteError, match=r"the folder .* does not exist"):
        to_html(chart, "missing-folder/chart.html")
    with pytest.raises(liuren.WriteError, match=r"cannot be written: File name too long"):
        to_html(chart, tmp_path / ("x" * 300 + ".html"))
    with pytest.raises(liuren.ParseError, match=r"unknown option\(s\) \['colour'\]"):
        to_html(chart, tmp_path / "a.html", colour="red")
    with pytest.raises(liuren.ParseError, match="standalone=1 is not understood"):
        to_html(chart, standalone=1)
    assert list(tmp_path.iterdir()) == []


def test_to_html_writes_atomically(tmp_path, monkeypatch):
    import os

    chart = liuren.chart("丙申", "午", "亥")
    path = tmp_path / "chart.html"
    path.write_text("old page", encoding="utf-8")
    os.chmod(path, 0o640)

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="No space left"):
        to_html(chart, path)
    assert path.read_text(encoding="utf-8") == "old page"  # untouched, and no temporary file left
    assert [p.name for p in tmp_path.iterdir()] == ["chart.html"]
    monkeypatch.undo()
    page = to_html(chart, path)
    assert path.read_text(encoding="utf-8") == page and os.stat(path).st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["chart.html"]


def test_to_html_follows_a_symlink_and_keeps_it_a_link(tmp_path):
    import os

    chart = liuren.chart("丙申", "午", "亥")
    elsewhere = tmp_path / "pages"
    elsewhere.mkdir()
    target = elsewhere / "chart.html"
    target.write_text("old page", encoding="utf-8")
    os.chmod(target, 0o640)
    link = tmp_path / "link.html"
    link.symlink_to(target)
    page = to_html(chart, link)
    assert link.is_symlink() and os.readlink(link) == str(target)  # still a link, to the same file
    assert target.read_text(encoding="utf-8") == page and os.stat(target).st_mode & 0o777 == 0o640
    assert sorted(p.name for p in elsewhere.iterdir()) == ["chart.html"]  # the temporary file was beside the target
    dangling = tmp_path / "new-link.html"
    dangling.symlink_to(elsewhere / "new.html")  # a link to a file still to be made: the file is made
    to_html(chart, dangling, standalone=False)
    assert dangling.is_symlink() and (elsewhere / "new.html").read_text(encoding="utf-8") == chart_html(chart)


def test_to_html_refuses_a_special_file_and_a_symlink_loop(tmp_path):
    import os
    import socket

    chart = liuren.chart("丙申", "午", "亥")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(liuren.WriteError, match=r"is a named pipe \(FIFO\), not a regular file"):
        to_html(chart, fifo)
    link = tmp_path / "to-pipe.html"
    link.symlink_to(fifo)
    with pytest.raises(liuren.WriteError, match=r"is a named pipe \(FIFO\)"):
        to_html(chart, link)
    sock = socket.socket(socket.AF_UNIX)
    try:
        sock.bind(str(tmp_path / "sock"))
        with pytest.raises(liuren.WriteError, match="is a socket, not a regular file"):
            to_html(chart, tmp_path / "sock")
    finally:
        sock.close()
    loop = tmp_path / "loop.html"
    loop.symlink_to(loop)
    with pytest.raises(liuren.WriteError, match="cannot be written"):
        to_html(chart, loop)
    assert os.path.exists(fifo) and not os.path.isfile(fifo) and link.is_symlink() and loop.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loop.html", "pipe", "sock", "to-pipe.html"]


def test_write_atomic_refuses_a_special_file_too(tmp_path):
    import os

    from liuren.files import write_atomic

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(liuren.WriteError, match="named pipe"):
        write_atomic(str(fifo), "text")
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]
