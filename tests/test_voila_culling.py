"""README's Voilà classroom server cleans up after itself: the kernels of closed pages are culled.

Voilà starts a kernel for every page it serves and, by itself, keeps it until the server stops: a
class that reloads its pages would leave a kernel behind per reload. README's command reads
``notebooks/voila.json``, which turns on jupyter_server's culler for kernels with no open page
(``cull_idle_timeout``, ``cull_interval``; ``cull_connected`` off, so an open page keeps its kernel).
Here the same file, with its timeout and interval shortened, serves the classroom page: five pages are
opened (one after another) and closed, and their kernels must be gone within the timeout plus one
interval (and some slack); one page is then reloaded five times, and the kernels alive at each reload
must never outnumber the pages opened within that window, settling back to the open page's one
kernel.
"""

from __future__ import annotations

import json
import shlex
import shutil
import sys
import time
from pathlib import Path

import pytest

from .chromium import CHROMIUM, MISSING, launch
from .servers import Server, free_port, jupyter_env, our, readme_command

if not CHROMIUM.exists():
    pytest.skip(MISSING, allow_module_level=True)

from playwright.sync_api import sync_playwright

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]
"""Five pages, two culling waits and five reloads: a few minutes at most on a busy machine (pyproject's 300 s per
test is for one step)."""
ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "notebooks" / "voila.json"
TIMEOUT, INTERVAL = 30, 2
"""The test's culling: a kernel with no page is culled after TIMEOUT s idle, checked every INTERVAL s.
Not shorter: Voilà runs the page in its kernel before it answers, and the page's widgets connect to
the kernel only once the browser has loaded it, so a kernel idle TIMEOUT s with no page yet is culled
under its page. The pages here open one at a time (a few seconds each on a quiet 2-core machine, but
15 s was too short at load 10–13: a reload's page never finished); ten at once took up to 20 s, and
6 s culled them (that load is tools/bench_classroom.py's)."""
SLACK = 15
"""Seconds allowed beyond TIMEOUT + INTERVAL on a busy machine (a kernel's last activity is its last
message, a little after its page closed)."""
PAGES = 5
"""Pages opened and closed, then reloads of one page: enough to show culling keeps up with a class."""
CHART = ".liuren-explorer div[lang='zh-Hant']"
WAIT = 240_000
"""ms, at most, for a page to load and draw its chart on a loaded machine (each wait is on the page's
load and its chart; this only bounds it)."""


def test_the_shipped_config_culls_pages_left_behind_and_spares_open_ones():
    culler = json.loads(CONFIG.read_text(encoding="utf-8"))["MappingKernelManager"]
    assert culler["cull_idle_timeout"] > 0 and culler["cull_interval"] > 0
    assert culler["cull_connected"] is False and culler["cull_busy"] is False
    assert "--Voila.config_file_paths=notebooks" in readme_command("Teaching with it", ".venv/bin/voila")


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    """README's classroom command on a copy of notebooks/ whose voila.json has a short timeout."""
    site = tmp_path_factory.mktemp("culling")
    shutil.copytree(ROOT / "notebooks", site / "notebooks")
    config = json.loads(CONFIG.read_text(encoding="utf-8"))
    config["MappingKernelManager"].update(cull_idle_timeout=TIMEOUT, cull_interval=INTERVAL)
    config["VoilaConfiguration"]["preheat_kernel"] = (
        False  # every kernel here is a page's (the pool: test_voila_load.py)
    )
    (site / "notebooks" / "voila.json").write_text(json.dumps(config), encoding="utf-8")
    port, token = free_port(), "culling-test"
    command = our(
        readme_command("Teaching with it", ".venv/bin/voila"),
        {
            ".venv/bin/voila": f"{shlex.quote(sys.executable)} -m voila",
            "--Voila.ip=0.0.0.0": "--Voila.ip=127.0.0.1",
            "--port=8866": f"--port={port}",
            "--token": f"--token={token}",
        },
    )
    server = Server("voila", ["bash", "-c", command], site, jupyter_env(site / "home"), port, site / "voila.log")
    try:
        server.wait_listening()
        yield server, f"http://127.0.0.1:{port}/?token={token}"
    finally:
        server.stop()


def wait_for(condition, seconds: float) -> float:
    """Seconds until ``condition()`` held, or raise after ``seconds``."""
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > seconds:
            raise AssertionError(f"not within {seconds} s")
        time.sleep(0.25)
    return time.monotonic() - start


def test_closed_pages_lose_their_kernels_and_reloads_stay_bounded(voila, tmp_path):
    server, url = voila
    window = TIMEOUT + INTERVAL + SLACK
    with sync_playwright() as p:
        context = launch(p, tmp_path / "profile")
        try:
            pages = [context.new_page() for _ in range(PAGES)]
            for page in pages:  # one after another: the load of ten at once is tools/bench_classroom.py's
                page.goto(url, timeout=WAIT)
                page.wait_for_selector(CHART, timeout=WAIT)
            assert len(server.kernels()) == PAGES
            for page in pages:
                page.close()
            gone = wait_for(lambda: not server.kernels(), window)
            print(
                f"\n{PAGES} closed pages' kernels culled after {gone:.1f} s (timeout {TIMEOUT} s, interval {INTERVAL} s)"
            )

            page, opened, alive = context.new_page(), [], []
            for _ in range(PAGES):
                opened.append(time.monotonic())
                page.goto(url, timeout=WAIT)
                page.wait_for_selector(CHART, timeout=WAIT)
                alive.append((time.monotonic(), len(server.kernels())))
            recent = [sum(1 for t in opened if 0 <= now - t <= window) for now, _ in alive]
            print(
                f"kernels at each of {PAGES} reloads: {[n for _, n in alive]} (pages opened within {window} s: {recent})"
            )
            assert all(n <= r for (_, n), r in zip(alive, recent, strict=True)), (alive, recent)
            wait_for(lambda: len(server.kernels()) == 1, window)
            assert page.locator(CHART).count() >= 1  # the open page kept its kernel
        except Exception as err:  # say what the server saw too: a page that never came says why there
            raise AssertionError(f"{err}\n--- voila log:\n{server.tail()}") from err
        finally:
            context.close()
