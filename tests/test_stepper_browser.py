"""The stepper in a real JupyterLab: clicking Next changes what is shown (the issue's browser check).

A JupyterLab server on a one-cell notebook (a copy in a temporary folder) and Debian's chromium
(Playwright), with the helpers of :mod:`tests.servers` and :mod:`tests.test_jupyterlab`; the server and its kernel are
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

from .servers import Server, as_root, free_port, jupyter_env
from .test_jupyterlab import ACTIVATE_JS, OPEN_JS, RESULT_JS, RUN_JS, TIMEOUT

CELL = 'import liuren\nfrom liuren.show.widgets import Stepper\nStepper(liuren.chart("戊辰", "申", "卯"), lang="en")'
NAME = "stepper.ipynb"


def notebook() -> dict:
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "id": "stepper", "metadata": {}, "outputs": [], "source": CELL}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def test_next_changes_the_step_shown(tmp_path):
    site = tmp_path / "site"
    (site / "notebooks").mkdir(parents=True)
    (site / "notebooks" / NAME).write_text(json.dumps(notebook()), encoding="utf-8")
    home, port, token = tmp_path / "lab", free_port(), "liuren-stepper-test"
    server = Server("jupyter lab", [
        sys.executable, "-m", "jupyterlab", "notebooks", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}", "--ServerApp.open_browser=False",
        "--LabApp.expose_app_in_browser=True", *as_root(),
    ], site, jupyter_env(home), port, home / "lab.log")
    try:
        server.wait_listening()
        with sync_playwright() as p:
            context = launch(p, tmp_path / "profile", viewport={"width": 1280, "height": 900})
            context.set_default_timeout(TIMEOUT)
            page = context.new_page()
            page.goto(f"http://127.0.0.1:{port}/lab?reset&token={token}")
            page.wait_for_function("window.jupyterapp && window.jupyterapp.shell && document.querySelector('.jp-LabShell')")
            page.evaluate("async () => { await window.jupyterapp.restored; }")
            page.evaluate(OPEN_JS, [NAME])
            assert page.evaluate(ACTIVATE_JS, NAME)
            page.evaluate(RUN_JS, NAME)
            result = page.evaluate(RESULT_JS, NAME)
            assert result["ran"] == "done" and not result["errors"], result
            stepper = page.locator(".liuren-stepper").first
            stepper.wait_for()
            step = stepper.locator(".liuren-step").first
            assert step.get_attribute("data-key") == "plate"
            before = step.inner_text()
            stepper.locator("button", has_text="Next").first.click()
            page.wait_for_function("() => document.querySelector('.liuren-stepper .liuren-step').dataset.key === 'lesson-1'")
            after = stepper.locator(".liuren-step").first
            assert after.inner_text() != before and "Lesson 1: the day stem 戊 lodges at 巳" in after.inner_text()
            for _ in range(7):
                stepper.locator("button", has_text="Next").first.click()
            page.wait_for_function("() => document.querySelector('.liuren-stepper .liuren-step').dataset.key === 'gate-biyong'")
            assert "2 of the 3 candidates" in stepper.locator(".liuren-step").first.inner_text()
            page.evaluate("async () => { for (const s of await window.jupyterapp.serviceManager.sessions.running()) "
                          "await window.jupyterapp.serviceManager.sessions.shutdown(s.id); }")
            context.close()
    finally:
        server.stop()
