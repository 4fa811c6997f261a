"""A real browser (Debian chromium driven by Playwright) renders a standalone chart page and the
charts saved in the notebooks' HTML outputs; every character must be drawn with a real glyph.

``document.fonts.check()`` answers true even for tofu, so each character is drawn on a canvas and
compared with U+10FFFD, which no font has: a tofu box draws the same pixels. Screenshots go to
``build/screenshots/`` (or ``$LIUREN_SCREENSHOTS``). Skipped only when /usr/bin/chromium is absent;
CI installs it (.ci/run).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from .chromium import CHROMIUM, MISSING, TOFU_JS, launch

if not CHROMIUM.exists():
    pytest.skip(MISSING, allow_module_level=True)

from playwright.sync_api import sync_playwright

import liuren
from liuren.show.html import to_html

pytestmark = pytest.mark.browser  # `pytest -m "not browser"` leaves it out

ROOT = Path(__file__).resolve().parent.parent
SHOTS = Path(os.environ.get("LIUREN_SCREENSHOTS", ROOT / "build" / "screenshots"))
NOTEBOOK_CHART = 'import liuren\nliuren.chart("丙申", "午", "亥", month="寅")'

RING_JS = """
selector => [...document.querySelector(selector).querySelectorAll('td[title^="地 "]')].map(td => {
  const r = td.getBoundingClientRect();
  return [td.title[2], Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)];
})
"""


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        context = launch(p, tmp_path_factory.mktemp("profile"))
        yield context
        context.close()


def check_ring(page, selector: str) -> None:
    """The rendered ring: 巳 top-left, 申 top-right, 亥 bottom-right, 寅 bottom-left, every earth square once."""
    cells = {e: (x, y) for e, x, y in page.evaluate(RING_JS, selector)}
    assert sorted(cells) == sorted("子丑寅卯辰巳午未申酉戌亥")
    (x_si, y_si), (x_shen, y_shen), (x_hai, y_hai), (x_yin, y_yin) = (cells[c] for c in "巳申亥寅")
    assert x_si < x_shen and y_si == y_shen
    assert x_hai == x_shen and y_hai > y_shen
    assert x_yin == x_si and y_yin == y_hai
    assert cells["午"][0] < cells["未"][0] and cells["酉"][1] < cells["戌"][1] and cells["子"][0] < cells["亥"][0]


def test_standalone_page_loads_the_embedded_font_and_renders_every_glyph(browser, tmp_path):
    chart = liuren.chart("甲午", "申", "巳")
    page = browser.new_page()
    for labels in ("zh", "ko"):
        path = tmp_path / f"chart-{labels}.html"
        to_html(chart, str(path), labels=labels)
        page.goto(path.as_uri())
        result = page.evaluate(TOFU_JS, ["body > div", ""])
        assert len(result["chars"]) > 30 and result["tofu"] == ""
        loaded = page.evaluate(
            "[...document.fonts].filter(f => f.family.replace(/\"/g, '') === 'Liuren Serif TC').map(f => f.status)"
        )
        assert loaded == ["loaded"]
        check_ring(page, "body > div")
        page.screenshot(path=str(SHOTS / f"standalone-{labels}.png"), full_page=True)
    page.close()


def notebook_html() -> list[str]:
    """The chart outputs saved in notebooks/*.ipynb, or, with none saved, those of a tiny notebook run now."""
    outputs = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            for out in cell.get("outputs", []):
                html = out.get("data", {}).get("text/html")
                if html:
                    outputs.append("".join(html) if isinstance(html, list) else html)
    if outputs:
        return outputs
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(NOTEBOOK_CHART)])
    NotebookClient(nb, timeout=60, kernel_name="python3").execute()
    return ["".join(o["data"]["text/html"]) for o in nb.cells[0].outputs if "text/html" in o.get("data", {})]


def test_notebook_html_outputs_render_with_real_glyphs(browser, tmp_path):
    outputs = [h for h in notebook_html() if 'lang="zh-Hant"' in h]
    assert outputs, "no chart HTML in the notebooks' outputs"
    assert all("<script" not in h and "<style" not in h for h in outputs)
    body = "".join(f'<section class="out" style="margin:8px 0">{h}</section>' for h in outputs[:6])
    path = tmp_path / "notebook-outputs.html"
    # As in an untrusted notebook: no stylesheet and no web font, only the outputs' inline styles.
    path.write_text(
        f'<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>{body}</body></html>', encoding="utf-8"
    )
    page = browser.new_page()
    page.goto(path.as_uri())
    for n in range(min(len(outputs), 6)):
        selector = f"section.out:nth-of-type({n + 1}) > div"
        result = page.evaluate(TOFU_JS, [selector, ""])
        assert len(result["chars"]) > 30 and result["tofu"] == "", result
        check_ring(page, selector)
    page.screenshot(path=str(SHOTS / "notebook-outputs.png"), full_page=True)
    assert re.search(r"[一-鿿]", page.inner_text("body"))
    page.close()
