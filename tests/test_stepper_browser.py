"""The stepper and the explorer in a real JupyterLab: Next changes what is shown; the explorer fits
1280×800 with the 課盤 and the plate side by side and changes in place; at 1280×720 the explorer with
its reading panel open and the stepper on its last step (the reading) fit the width, keep the plate in
view and their reading legible in the light and the dark theme.

A JupyterLab server on a one-cell notebook (a copy in a temporary folder) and Debian's chromium
(Playwright), with the helpers of :mod:`tests.servers` and :mod:`tests.labpage`; the server and its kernel are
stopped by their ids. Skipped only where /usr/bin/chromium is absent.
"""

from __future__ import annotations

import json
import sys

import pytest

from .chromium import CHROMIUM, MISSING, launch

if not CHROMIUM.exists():
    pytest.skip(MISSING, allow_module_level=True)

from playwright.sync_api import sync_playwright

import liuren

from .labpage import (
    ACTIVATE_JS,
    DARK,
    LIGHT,
    OPEN_JS,
    RESULT_JS,
    RUN_JS,
    RUN_TIMEOUT,
    TIMEOUT,
    WITHIN_JS,
    faint_texts,
    set_theme,
    settled,
    shoot,
)
from .servers import Server, as_root, free_port, lab_env

pytestmark = pytest.mark.browser  # `pytest -m "not browser"` leaves it out

CELL = 'import liuren\nfrom liuren.show.widgets import Stepper\nStepper(liuren.chart("戊辰", "申", "卯"), lang="en")'
EXPLORER = 'from liuren.show.widgets import Explorer\nExplorer("丙申", "午", "亥", labels="ko")'
NAME = "stepper.ipynb"


def notebook() -> dict:
    return {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "stepper",
                "metadata": {},
                "outputs": [],
                "source": CELL,
            },
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "explorer",
                "metadata": {},
                "outputs": [],
                "source": EXPLORER,
            },
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """JupyterLab on the one notebook, its cells run: the page (1280×800), its kernel shut down after."""
    tmp_path = tmp_path_factory.mktemp("stepper")
    site = tmp_path / "site"
    (site / "notebooks").mkdir(parents=True)
    (site / "notebooks" / NAME).write_text(json.dumps(notebook()), encoding="utf-8")
    home, port, token = tmp_path / "lab", free_port(), "liuren-stepper-test"
    home.mkdir()
    server = Server(
        "jupyter lab",
        [
            sys.executable,
            "-m",
            "jupyterlab",
            "notebooks",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}",
            "--ServerApp.open_browser=False",
            "--LabApp.expose_app_in_browser=True",
            *as_root(),
        ],
        site,
        lab_env(home),
        port,
        home / "lab.log",
    )
    try:
        server.wait_listening()
        with sync_playwright() as p:
            context = launch(p, tmp_path / "profile", viewport={"width": 1280, "height": 800})
            context.set_default_timeout(TIMEOUT)
            context.add_init_script(WITHIN_JS)
            page = context.new_page()
            page.goto(f"http://127.0.0.1:{port}/lab?reset&token={token}")
            page.wait_for_function(
                "window.jupyterapp && window.jupyterapp.shell && document.querySelector('.jp-LabShell')"
            )
            page.evaluate("ms => window.liurenWithin(window.jupyterapp.restored, ms, 'JupyterLab restored')", TIMEOUT)
            page.evaluate(OPEN_JS, [[NAME], TIMEOUT])
            assert page.evaluate(ACTIVATE_JS, NAME)
            page.evaluate(RUN_JS, NAME)
            result = page.evaluate(RESULT_JS, [NAME, RUN_TIMEOUT])
            assert result["ran"] == "done" and not result["errors"], f"{result}\n{server.tail()}"
            yield page
            page.evaluate(
                "ms => window.liurenWithin((async () => { const m = window.jupyterapp.serviceManager.sessions;"
                " for (const s of [...m.running()]) await m.shutdown(s.id); })(), ms, 'kernel shutdown')",
                TIMEOUT,
            )
            context.close()
    finally:
        server.stop()


def test_next_changes_the_step_shown(page):
    stepper = page.locator(".liuren-stepper").first
    stepper.wait_for()
    step = stepper.locator(".liuren-step").first
    assert step.get_attribute("data-key") == "plate"
    before = step.inner_text()
    stepper.locator("button", has_text="Next").first.click()
    page.wait_for_function("() => document.querySelector('.liuren-stepper .liuren-step').dataset.key === 'lesson-1'")
    after = stepper.locator(".liuren-step").first
    shown = after.inner_text()
    assert (
        shown != before
        and "Lesson 1" in shown
        and "the day stem 戊 lodges at 巳" in shown
        and "Lesson 1: the day" not in shown
    )
    for _ in range(7):
        stepper.locator("button", has_text="Next").first.click()
    page.wait_for_function("() => document.querySelector('.liuren-stepper .liuren-step').dataset.key === 'gate-biyong'")
    assert "2 of the 3 candidates" in stepper.locator(".liuren-step").first.inner_text()


def test_the_explorer_fits_and_changes_in_place(page, shots):
    # the explorer: 課盤 and plate side by side within 1280×800, updated in place (it does not move or jump)
    explorer = page.locator(".liuren-explorer").first
    explorer.scroll_into_view_if_needed()
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")  # a learner's full-width notebook (Ctrl+B)
    settled(page.locator("#jp-main-dock-panel"))  # the main area has taken the freed width
    explorer.scroll_into_view_if_needed()
    settled(explorer)
    box = explorer.bounding_box()
    # the label-language choice: its label (표기) beside its 中/한/EN buttons, not above them
    toggle = explorer.locator(".widget-toggle-buttons").first
    label, buttons = (
        toggle.locator(".widget-label").first.bounding_box(),
        toggle.locator("button").first.bounding_box(),
    )
    assert label and buttons and toggle.locator(".widget-label").first.inner_text() == "표기"
    assert buttons["x"] >= label["x"] + label["width"] - 1 and abs(buttons["y"] - label["y"]) < buttons["height"], (
        label,
        buttons,
    )
    shoot(page, shots, "explorer-1280x800")
    assert box is not None and box["width"] <= 1280 and box["height"] <= 720, box  # 800 less the menus and status bar
    board, plate = (
        explorer.locator("div[lang='zh-Hant']").first.bounding_box(),
        explorer.locator("svg").first.bounding_box(),
    )
    assert board and plate and plate["x"] >= board["x"] + board["width"] - 1 and abs(plate["y"] - board["y"]) < 60
    top = explorer.evaluate("e => e.getBoundingClientRect().top")
    explorer.locator(".liuren-hour select").select_option(label="未時")
    page.wait_for_function(
        "() => document.querySelector('.liuren-explorer div[lang=\"zh-Hant\"]').innerText.includes('未時')"
    )
    assert abs(explorer.evaluate("e => e.getBoundingClientRect().top") - top) < 2
    assert abs(explorer.bounding_box()["height"] - box["height"]) < 40


IN_VIEW_JS = """
e => {
  const s = e.closest('.jp-WindowedPanel-outer'), v = s.getBoundingClientRect(), b = e.getBoundingClientRect();
  return {above: b.top - v.top, below: v.bottom - b.bottom, left: b.left, right: b.right,
          overflow: s.scrollWidth - s.clientWidth, viewport: window.innerWidth};
}
"""
"""Where element ``e`` sits in its notebook's scrolling area: room above and below it (negative: cut
off), its left and right edges, and how far the notebook scrolls sideways (0: it fits the width)."""


def fits(locator) -> dict:
    """``locator``'s place (IN_VIEW_JS), asserted to lie within the page's width with no sideways scrolling."""
    where = locator.evaluate(IN_VIEW_JS)
    assert where["left"] >= 0 and where["right"] <= where["viewport"] and where["overflow"] <= 1, where
    return where


def test_the_reading_fits_1280x720_and_reads_in_light_and_dark(page, shots):
    page.set_viewport_size({"width": 1280, "height": 720})
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    settled(page.locator("#jp-main-dock-panel"))
    explorer = page.locator(".liuren-explorer").first
    explorer.locator(".widget-checkbox", has_text="점단").locator("input").check()
    panel = explorer.locator(".liuren-reading-panel")
    page.wait_for_function(
        "() => (document.querySelector('.liuren-explorer .liuren-reading-panel') || {}).innerText?.includes('점단(占斷)')"
    )
    panel.locator("select").first.select_option(label="病 · 질병")
    page.wait_for_function(
        "() => document.querySelector('.liuren-explorer .liuren-reading-panel').innerText.includes('점치는 일: 病 · 질병')"
    )
    explorer.locator(".liuren-hour select").select_option(label="申時")  # a control redraws the reading too
    page.wait_for_function(
        "() => document.querySelector('.liuren-explorer div[lang=\"zh-Hant\"]').innerText.includes('申時')"
    )
    assert "점치는 일: 病 · 질병" in panel.inner_text()
    view = panel.locator(".liuren-reading-view")  # the reading's scrolling box
    size = "e => [e.getBoundingClientRect().height, e.scrollHeight > e.clientHeight]"
    height, scrolls = view.evaluate(size)
    assert height <= 341 and not scrolls  # the verdicts alone: the short form fits without scrolling
    opened = "e => { e.querySelectorAll('details').forEach(d => { d.open = true; }); return e.scrollHeight; }"
    whole = view.evaluate(opened)  # every fold open: the evidence, the open lines, the timing
    height, scrolls = view.evaluate(size)
    assert whole > 341 and height <= 341 and scrolls  # bounded, it scrolls on its own
    for theme, name in ((LIGHT, "light"), (DARK, "dark")):
        set_theme(page, theme)
        explorer.evaluate("e => e.scrollIntoView({block: 'start'})")
        settled(explorer)
        fits(explorer)
        fits(panel)
        plate = fits(explorer.locator("svg").first)
        assert plate["above"] >= 0 and plate["below"] >= 0, plate  # the plate stays in view with the panel open
        assert faint_texts(panel) == []
        assert faint_texts(explorer) == []
        shoot(page, shots, f"explorer-reading-{name}")
        panel.evaluate("e => e.scrollIntoView({block: 'end'})")
        settled(panel)
        shoot(page, shots, f"explorer-reading-panel-{name}")
    # the stepper's last step: the reading beside the whole plate, numbered after the construction's steps
    set_theme(page, LIGHT)
    stepper = page.locator(".liuren-stepper").first
    stepper.evaluate("e => e.scrollIntoView({block: 'start'})")
    last = len(liuren.chart("戊辰", "申", "卯").steps("en")) + 1
    for _ in range(last):
        stepper.locator("button", has_text="Next").first.click()
    page.wait_for_function("() => document.querySelector('.liuren-stepper .liuren-step').dataset.key === 'reading'")
    step = stepper.locator(".liuren-step").first
    assert f"{last}. Reading (占斷)" in step.inner_text() and "Judgement (占斷)" in step.inner_text()
    assert stepper.locator(".widget-readout").first.inner_text() == str(last)  # counted from 1 on screen too
    box = stepper.locator(".liuren-reading-box")
    whole = box.evaluate(opened)  # all the evidence shown
    height, scrolls = box.evaluate("e => [e.getBoundingClientRect().height, e.scrollHeight > e.clientHeight]")
    assert whole > 461 and height <= 461 and scrolls
    for theme, name in ((LIGHT, "light"), (DARK, "dark")):
        set_theme(page, theme)
        stepper.evaluate("e => e.scrollIntoView({block: 'start'})")
        settled(stepper)
        fits(stepper)
        reading, plate = fits(box), fits(stepper.locator("svg").first)
        assert plate["above"] >= 0 and plate["below"] >= 0 and reading["below"] >= 0, (plate, reading)
        assert plate["left"] >= reading["right"] - 1  # beside the reading, not under it
        assert faint_texts(stepper) == []
        shoot(page, shots, f"stepper-reading-{name}")
    set_theme(page, LIGHT)
