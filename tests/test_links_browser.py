"""Links to headings land in JupyterLab 4 when the course is opened with ``liuren course``: a notebook's
own contents links, and a section link from contents.ipynb into another notebook once that notebook is
open (liuren/course.py: ``liuren course`` turns JupyterLab's windowed drawing of cells off for the
course). A section link into a notebook not yet open opens it at the top: JupyterLab's limit, asserted
so that a JupyterLab that lifts it shows up here."""

from __future__ import annotations

import json

import pytest

from .chromium import CHROMIUM, MISSING, launch

if not CHROMIUM.exists():
    pytest.skip(MISSING, allow_module_level=True)

from playwright.sync_api import sync_playwright

from liuren.course import LAB_OVERRIDES, LAB_SETTINGS

from .labpage import TIMEOUT, WITHIN_JS

pytestmark = pytest.mark.browser  # `pytest -m "not browser"` leaves it out

READING = "08-reading.ipynb"
OWN_LINKS = ("n08-void", "n08-summary", "n08-statement")
"""Headings of 08-reading.ipynb reached from its own contents list: far down, the last, then back up."""
ACROSS = "n08-timing"
"""The heading contents.ipynb links to in 08-reading.ipynb."""

OPEN_JS = """
async ([path, ms]) => {
  const app = window.jupyterapp, within = window.liurenWithin;
  const w = await within(app.commands.execute('docmanager:open', {path, factory: 'Notebook'}), ms, `${path}: open`);
  await within(w.context.ready, ms, `${path}: file read`);
  await within(w.revealed, ms, `${path}: shown`);
  return w.id;
}
"""

PLACE_JS = """
([path, id]) => {
  const app = window.jupyterapp, w = app.shell.currentWidget;
  if (!w || !w.context || w.context.path !== path) return {path: w && w.context ? w.context.path : null};
  const heading = w.content.node.querySelector(`[data-jupyter-id="${id}"], [id="${id}"]`);
  if (!heading) return {path, found: false};
  const box = heading.getBoundingClientRect(), view = w.content.node.getBoundingClientRect();
  return {path, found: true, top: Math.round(box.top - view.top), height: Math.round(view.height)};
}
"""
"""Where the anchor ``id`` is drawn (JupyterLab 4.6 keeps a rendered ``id`` as ``data-jupyter-id``) in the current notebook's scrolling area (px from its top), or why not."""


SHUTDOWN_ALL_JS = """
async () => { const m = window.jupyterapp.serviceManager.sessions;
              await Promise.all([...m.running()].map(s => m.shutdown(s.id))); }
"""


def shown(place: dict[str, object]) -> bool:
    top, height = place.get("top"), place.get("height")
    # a heading scrolled to the top can sit a fraction of a pixel above it (JavaScript's -0 arrives as -0.0)
    return isinstance(top, int | float) and isinstance(height, int | float) and -2 <= top < height


def landed(page, path: str, anchor: str, seconds: float = 60) -> dict[str, object]:
    """Where ``anchor`` ends up once scrolling has settled: two readings 200 ms apart agree and show it
    (at most ``seconds``: on a loaded machine a smooth scroll's frames come late; where the heading is
    expected not to be reached, the few seconds a scroll would take)."""
    place: dict[str, object] = {}
    for _ in range(int(seconds * 5)):
        page.wait_for_timeout(200)
        now = page.evaluate(PLACE_JS, [path, anchor])
        if now == place and shown(now):
            break
        place = now
    return place


def test_contents_links_bring_their_heading_into_view(lab_servers, lab_token, tmp_path):
    """On the session's JupyterLab (tests/conftest.py: README's Quick start, ``liuren course``)."""
    folder, url = lab_servers["course"], lab_servers["lab"]
    try:
        overrides = json.loads((folder / LAB_SETTINGS / "overrides.json").read_text(encoding="utf-8"))
        for plugin, values in LAB_OVERRIDES.items():
            assert overrides[plugin].items() >= values.items()
        with sync_playwright() as p:
            context = launch(p, tmp_path / "profile", viewport={"width": 1280, "height": 800})
            context.set_default_timeout(TIMEOUT)
            context.add_init_script(WITHIN_JS)
            page = context.new_page()
            page.goto(f"{url}/lab?reset&token={lab_token}")
            page.wait_for_function("window.jupyterapp && document.querySelector('.jp-LabShell')")
            page.evaluate("ms => window.liurenWithin(window.jupyterapp.restored, ms, 'JupyterLab restored')", TIMEOUT)
            windowing = page.evaluate(
                "async () => (await window.jupyterapp.serviceManager.settings.fetch("
                "'@jupyterlab/notebook-extension:tracker')).schema.properties.windowingMode.default"
            )
            assert windowing == "none"  # the default JupyterLab serves, the course's overrides.json applied

            contents = page.evaluate(OPEN_JS, ["contents.ipynb", TIMEOUT])
            # JupyterLab draws the link as /files/08-reading.ipynb?_xsrf=…#n08-timing and, clicked, opens
            # the notebook and hands it the fragment at once; a notebook just opened looks for it before
            # its Markdown cells are drawn, finds nothing and stays at the top (JupyterLab 4.6). Once the
            # notebook is open, the same link lands.
            link = page.locator(f'[id="{contents}"] a[href*="/{READING}?"][href$="#{ACROSS}"]').first
            link.click()
            page.wait_for_function("path => window.jupyterapp.shell.currentWidget?.context?.path === path", arg=READING)
            place = landed(page, READING, ACROSS, seconds=5)
            assert place["found"] and not shown(place), f"JupyterLab now lands on a closed notebook's heading: {place}"
            page.evaluate(OPEN_JS, ["contents.ipynb", TIMEOUT])  # back to the contents tab
            link.click()
            place = landed(page, READING, ACROSS)
            assert shown(place), f"contents.ipynb -> {READING}#{ACROSS}: {place}"
            panel = page.evaluate(OPEN_JS, [READING, TIMEOUT])  # already open: its tab
            for anchor in OWN_LINKS:
                page.locator(f'[id="{panel}"] a[href="#{anchor}"]').first.click()
                place = landed(page, READING, anchor)
                assert shown(place), f"{READING}#{anchor}: {place}"
            page.evaluate(SHUTDOWN_ALL_JS)  # the shared server keeps no kernel of this test
            context.close()
    except Exception as err:
        raise AssertionError(f"{err}\n--- jupyter lab log:\n{lab_servers['lab_server'].tail()}") from err
