"""The course as an offline JupyterLite site (tools/build_lite.py), run in chromium with no network.

The site is built with README's command (the downloads cached in ``$LIURENLITE_CACHE`` or
~/.cache/liuren-lite), served by README's one-line static server on 127.0.0.1, and opened in Debian's
chromium with every request to another host refused and counted. In one JupyterLab page of the site,
the Korean notebooks whose run is the browser's own (:data:`IN_FULL`: the classroom page's widgets,
the practice page's store) and notebook 08 (judging a chart) are opened side by side (each starts its own Pyodide kernel in a web
worker), run, and their kernels shut down; what else the site's Python does differently (zoneinfo's
tzdata wheel, the data files in liuren's wheel, IPython's display, the plate as SVG) is probed in the
classroom page's kernel (:data:`PROBES`). The other notebooks run natively in tests/test_notebooks.py
(every output against the committed one), those with an explorer and 08 in JupyterLab in
tests/test_jupyterlab.py too; then:

- no cell gives an error, and every code cell's outputs equal the committed ones as compared by
  :func:`comparable`: the text of each output (stdout, the text/plain and text/html of each result with
  white space squeezed, the presence of a widget view), an image compared as "an image" only;
- the classroom page's explorer redraws the 課盤 of the day and hour set in it;
- each probe gives in the browser what the same code gives here: README's ``chart_at`` example with a
  ``ZoneInfo``, 四柱 in three other zones, a reading's judgements and gloss, a card's HTML through
  IPython's display formatter, and the plate, which with no matplotlib in Pyodide is an SVG image;
- the practice page records an answer, and once the page is loaded again (a new kernel) and the practice
  page run anew, it shows the same progress: the store is ``liuren.sqlite3`` on JupyterLite's drive,
  kept in the browser's storage (``liuren.store`` in the browser);
- the answer moves to another browser profile: 「진도 저장」 on the dashboard tab gives the file (a
  download), and in a second, fresh browser context (an empty IndexedDB) the practice page's
  「진도 불러오기」 takes it through the browser's file chooser: the page says it loaded one review, the
  dashboard counts it and the day's queue goes on from it;
- in that context, a teacher's notebook written for ``python3`` (no ``language_info``) is uploaded to
  the drive and opened: it starts on the site's Python (Pyodide) kernel with no "Select Kernel" dialog
  and runs its cell;
- the site's contents list each notebook at its real date (its last commit's), in the browser too;
- the site's wheels are exactly the kernel's own and what ``import liuren`` loads, and every notebook
  imports nothing else;
- every link from one notebook to another names a notebook the site serves;
- the site carries the English edition in ``en/`` beside the Korean one; in the same browser session,
  the Korean contents' link "English edition → the English contents" opens the English contents, whose
  link opens the English classroom page, and its first code cell, run, gives the committed English
  output (the English notebooks are not all run here: tests/test_notebooks.py runs each of them once);
- no request leaves 127.0.0.1.

Skipped only where /usr/bin/chromium is absent or a download from PyPI or npm failed (the registries
cannot be reached): the reason says which. What it costs, on a shared 2-core machine at load 14–15
(other jobs): 353 s for the whole module when six notebooks ran in full here (165 s of it; running all
16 Korean notebooks had taken 1075 s at load 14–22); the site built from the cache in 34 s, the
practice page after the reload 37 s, the second profile's practice page with the upload 48 s and the
teacher's notebook 19 s (two Pyodide kernels more), the English edition's links and one cell 34 s.
"""

from __future__ import annotations

import ast
import contextlib
import importlib.util
import json
import os
import re
import shlex
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from .chromium import CHROMIUM, MISSING, launch
from .servers import Server, free_port

if not CHROMIUM.exists():
    pytest.skip(MISSING, allow_module_level=True)

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from liuren.practice.progress import NEW_PER_DAY

from .labpage import (
    ACTIVATE_JS,
    OPEN_JS,
    RESULT_JS,
    RUN_JS,
    SHUTDOWN_JS,
    WITHIN_JS,
    answer,
    counts,
    drive_explorer,
    explorers,
    shown_item,
    typed_boxes,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(1500)]
"""The build (with its first downloads), the notebooks' run and the second profile's happen in the first
test's fixtures: 6–8 minutes on a busy machine (pyproject's 300 s per test is for one step)."""
ROOT = Path(__file__).resolve().parent.parent
SPEC = importlib.util.spec_from_file_location("build_lite", ROOT / "tools" / "build_lite.py")
assert SPEC and SPEC.loader
build_lite = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(build_lite)

SERVED = [build_lite.site_path(p) for p in build_lite.course_notebooks()]
"""Every notebook the site serves, both editions (``en/…`` for the English one)."""
NOTEBOOKS = [name for name in SERVED if "/" not in name]
"""The Korean edition's notebooks (the English edition: its language link, below)."""
CLASSROOM = "classroom.ipynb"
PRACTICE = "practice.ipynb"
READING = "08-reading.ipynb"
IN_FULL = (READING, CLASSROOM, PRACTICE)
"""The notebooks run here in full: those whose run is the browser's own (the classroom page's widgets,
the practice page's store on the browser's drive) and the one that teaches judging (08: its verdicts,
exercises and 應期 read the chapters' data from liuren's wheel and compile the reading's walk in the
site's Python). What else the site's kernel does differently is probed in the classroom page's kernel
(:data:`PROBES`). The other notebooks' outputs are pure liuren, the same code in any Python:
tests/test_notebooks.py runs each of them natively against its committed outputs, and
tests/test_jupyterlab.py those with an explorer (and 08) in a real JupyterLab."""
PROBES = {
    "chart_at with a ZoneInfo": (
        "import liuren\nfrom datetime import datetime\nfrom zoneinfo import ZoneInfo\n"
        "repr(liuren.chart_at(datetime(2026, 11, 29, 14, 5, tzinfo=ZoneInfo('Asia/Seoul'))))"
    ),
    "pillars in other zones (the tzdata wheel)": (
        "import liuren\nfrom datetime import datetime\nfrom zoneinfo import ZoneInfo\n"
        "repr([liuren.pillars(datetime(2026, 7, 15, 13, 30, tzinfo=ZoneInfo(z)))"
        " for z in ('America/New_York', 'Europe/London', 'Australia/Sydney')])"
    ),
    "the reading (the judgements in liuren's wheel)": (
        "from liuren.show.examples import example\nr = example('元首-1').chart().reading('官', lang='ko')\n"
        "repr(([j.statement.id for j in r.applies], r.verdict().verdict, r.applies[0].statement.gloss(lang='ko')))"
    ),
    "a card through IPython's display": (
        "from liuren.show.cards import card\n"
        "repr(get_ipython().display_formatter.format(card('noble', lang='ko'))[0]['text/html'])"
    ),
    "the plate drawn as SVG (no matplotlib)": (
        "import liuren\nshown = get_ipython().display_formatter.format(liuren.chart('丙申', '午', '亥').plot())[0]\n"
        "repr(([m for m in sorted(shown) if m.startswith('image/')], '<svg' in shown.get('image/svg+xml', '')))"
    ),
}
"""What the site's Python does differently, each run in the classroom page's kernel and compared with the
same code run here (the plate: with no matplotlib in Pyodide, an SVG where this Python draws a PNG)."""


PLATE_IN_PYODIDE = repr(repr((["image/svg+xml"], True)))
"""What the plate probe gives in the site: an SVG image only (this Python, with matplotlib, gives a PNG)."""


def native(name: str) -> str:
    """What the probe ``name`` gives: its last line's repr run in this Python (IPython's display formatter
    standing in for the kernel's), or for the plate, the SVG that Pyodide's lack of matplotlib gives."""
    if name.startswith("the plate"):
        return PLATE_IN_PYODIDE
    from IPython.core.formatters import DisplayFormatter

    shell = type("Shell", (), {"display_formatter": DisplayFormatter()})()
    *body, last = PROBES[name].splitlines()
    space: dict[str, object] = {"get_ipython": lambda: shell}
    exec("\n".join(body), space)
    return repr(eval(last, space))


RUN = [name for name in NOTEBOOKS if name in IN_FULL]
GROUP = 4
"""Notebooks opened and run side by side in the one page: each runs its own Pyodide kernel (a web
worker of about 200 MB), so a few at a time keeps the browser's memory bounded."""


def groups(names: list[str]) -> list[list[str]]:
    """``names`` GROUP at a time, a lone last one joined to the group before (one kernel start less).

    >>> groups(list("abcdefghi"))
    [['a', 'b', 'c', 'd'], ['e', 'f', 'g', 'h', 'i']]
    """
    cut = [names[i : i + GROUP] for i in range(0, len(names), GROUP)]
    return [*cut[:-2], cut[-2] + cut[-1]] if len(cut) > 1 and len(cut[-1]) == 1 else cut


TIMEOUT = 360_000  # ms, at most, for a notebook to open or its Pyodide kernel to be ready on a loaded machine
# (the waits are on the kernel's status and the page's promises; this only bounds them)
RUN_TIMEOUT = 600_000  # ms, at most, for a group's cells to have run


STORE_PY = "from liuren.practice import Practice\nimport os\np = Practice()\nrepr((str(p.store.path), p.reviews(), os.path.getsize(p.store.path)))"
"""Where the practice page's store is in the browser, how many reviews it holds and its size."""


def readme_command(section: str, start: str) -> str:
    """The command in README's ``section`` that contains ``start``, from ``start`` on."""
    text = (ROOT / "README.md").read_text(encoding="utf-8").split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    block = next(b.strip() for b in re.findall(r"```bash\n(.*?)```", text, re.S) if start in b)
    line = next(line for line in block.splitlines() if start in line)
    return line[line.index(start) :]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """README's build command's work (tools/build_lite.py's build()), into a temporary folder."""
    out = tmp_path_factory.mktemp("lite") / "site"
    started = time.perf_counter()
    try:
        build_lite.build(out, build_lite.default_cache(), log=print)
    except build_lite.DownloadError as err:
        pytest.skip(f"the package registries (PyPI, npm) could not be reached: {err}")
    print(f"site built in {time.perf_counter() - started:.0f} s")
    return out


@pytest.fixture(scope="module")
def server(site, tmp_path_factory):
    """README's command that serves the site, on a free port and from this Python."""
    command = readme_command("Teaching with it", "python3 -m http.server")
    port = free_port()
    for old, new in (
        ("python3", shlex.quote(sys.executable)),
        ("lite-site", shlex.quote(str(site))),
        ("8000", str(port)),
    ):
        assert command.count(old) == 1, (old, command)
        command = command.replace(old, new)
    srv = Server(
        "http.server",
        ["bash", "-c", "exec " + command],
        site,
        dict(os.environ),
        port,
        tmp_path_factory.mktemp("http") / "http.log",
    )
    try:
        srv.wait_listening()
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.stop()


def site_context(p, profile: Path, server: str, refused: list[str], served: list[str]):
    """A chromium context with its own ``profile`` folder that lets through only requests to the site's
    server (the others are refused and counted), and that exposes the app to the test
    (``exposeAppInBrowser``, set in the settings as served to this browser only: the site's files are
    not changed)."""

    def route(r):
        url = r.request.url
        if not url.startswith(server + "/"):
            refused.append(url)
            return r.abort()
        served.append(url)
        if url.split("?")[0] == f"{server}/jupyter-lite.json":
            reply = r.fetch()
            settings = reply.json()
            settings["jupyter-config-data"]["exposeAppInBrowser"] = True
            return r.fulfill(response=reply, json=settings)
        return r.continue_()

    context = launch(p, profile, viewport={"width": 1280, "height": 1000}, accept_downloads=True)
    context.set_default_timeout(TIMEOUT)
    context.add_init_script(WITHIN_JS)
    context.route("**/*", route)
    return context


@pytest.fixture(scope="module")
def browser(tmp_path_factory, server):
    """The test's browser (:func:`site_context`); ``fresh()`` opens another context on an empty profile
    (another laptop: nothing in its IndexedDB), closed with the first."""
    refused: list[str] = []
    served: list[str] = []
    with sync_playwright() as p:
        contexts = [site_context(p, tmp_path_factory.mktemp("profile"), server, refused, served)]

        def fresh():
            contexts.append(site_context(p, tmp_path_factory.mktemp("profile"), server, refused, served))
            return contexts[-1]

        yield {"context": contexts[0], "fresh": fresh, "refused": refused, "served": served}
        for context in contexts:
            context.close()


EXECUTE_JS = """
async ([path, code, ms]) => {
  const w = window.jupyterapp.shell.widgets('main').find(x => x.context && x.context.path === path);
  const future = w.sessionContext.session.kernel.requestExecute({code, store_history: false});
  let result = null, error = null;
  future.onIOPub = msg => {
    if (msg.header.msg_type === 'execute_result') result = msg.content.data['text/plain'];
    if (msg.header.msg_type === 'error') error = msg.content.ename + ': ' + msg.content.evalue;
  };
  await window.liurenWithin(future.done, ms, `${path}: execute`);
  return {result, error};
}
"""
"""``[path, code, ms]``: run ``code`` in the kernel of the open notebook ``path``; its result's text/plain or its error."""

OUTPUTS_JS = """
path => {
  const w = window.jupyterapp.shell.widgets('main').find(x => x.context && x.context.path === path);
  const cells = w.content.model.cells, out = [];
  for (let i = 0; i < cells.length; i++) if (cells.get(i).type === 'code') out.push(cells.get(i).outputs.toJSON());
  return out;
}
"""


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def comparable(outputs: list[dict]) -> list[tuple]:
    """What is compared of one code cell's outputs. Consecutive stream outputs of one name are joined
    (a kernel may split a print across messages); a result or display is its text/plain and text/html
    (white space squeezed) and whether it carries a widget view (whose model id is the session's own),
    or, if it holds an image (image/png from matplotlib, image/svg+xml from the SVG plate), "image"
    alone: that is the one output whose format differs by design."""
    shown: list[tuple] = []
    for o in outputs:
        kind = o["output_type"]
        if kind == "stream":
            if shown and shown[-1][:2] == ("stream", o["name"]):
                shown[-1] = ("stream", o["name"], shown[-1][2] + _text(o["text"]))
            else:
                shown.append(("stream", o["name"], _text(o["text"])))
        elif kind == "error":
            shown.append(("error", o["ename"], o["evalue"]))
        else:
            data = o.get("data", {})
            if any(m.startswith("image/") for m in data):
                shown.append(("image",))
                continue
            squeeze = {m: re.sub(r"\s+", " ", _text(data[m])).strip() for m in ("text/plain", "text/html") if m in data}
            shown.append(
                (
                    "result",
                    squeeze.get("text/plain"),
                    squeeze.get("text/html"),
                    "application/vnd.jupyter.widget-view+json" in data,
                )
            )
    return shown


def committed(name: str) -> list[list[tuple]]:
    nb = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    return [comparable(c.get("outputs", [])) for c in nb["cells"] if c["cell_type"] == "code"]


def open_lab(page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("window.jupyterapp && window.jupyterapp.shell && document.querySelector('.jp-LabShell')")
    page.evaluate("ms => window.liurenWithin(window.jupyterapp.restored, ms, 'JupyterLite restored')", TIMEOUT)


def practice_widget(page, panel_id: str):
    assert page.evaluate(ACTIVATE_JS, PRACTICE)
    widget = page.locator(f'[data-liuren-test="{panel_id}"] .liuren-practice')
    widget.wait_for()
    return widget


def answer_right(page, widget) -> dict:
    """Answer the practice page's first item right, as a learner does; the day's queue line (due, new
    left, answered, right) before and after."""
    before = counts(widget)
    item = shown_item(widget)
    answer(widget, typed_boxes(item), "맞았다.")
    page.wait_for_function("el => /오늘 푼 문제 1/.test(el.innerText)", arg=widget.element_handle(), timeout=TIMEOUT)
    return {"before": before, "after": counts(widget), "cells": len(item.cells)}


def open_tab(widget, title: str) -> None:
    """Open the practice page's tab ``title`` (문제, 진도, 오답 노트), as a learner clicks it."""
    widget.get_by_role("tab", name=title, exact=True).click()


DASHBOARD = ".liuren-progress-files"
"""The dashboard tab's 「진도 저장」 / 「진도 불러오기」 box."""


def figures(widget, reviews: int) -> str:
    """The dashboard's figures line once it counts ``reviews`` (it is redrawn after the page's other
    messages: waited for, at most 120 s), else as it stands."""
    with contextlib.suppress(PlaywrightTimeout):
        widget.get_by_text(f"모두 {reviews}문제").first.wait_for(timeout=120_000)
    return widget.get_by_text("지금 복습할 것").first.inner_text()


def save_progress(page, widget, into: Path) -> dict:
    """On the dashboard tab, press 「진도 저장」 and take the file its link offers, as a learner does;
    the file (saved into ``into``) and the dashboard's figures line."""
    open_tab(widget, "진도")
    widget.locator(DASHBOARD).locator("button", has_text="진도 저장").click()
    link = widget.locator("a.liuren-save-link")
    link.wait_for()
    with page.expect_download() as info:
        link.click()
    download = info.value
    path = into / download.suggested_filename
    download.save_as(path)
    return {"file": path, "link": link.inner_text(), "figures": figures(widget, 1)}


STORE_JS = "async () => (await window.jupyterapp.serviceManager.contents.get('liuren.sqlite3', {content: false})).size"
"""The size of the practice store as JupyterLite's contents (its drive, kept in the browser's IndexedDB) hold it."""


@pytest.fixture(scope="module")
def lite(server, browser, tmp_path_factory):
    """One page of the site's JupyterLab: every notebook opened, GROUP at a time, run, its outputs and
    (for the classroom page) its explorer and a chart_at read while its kernel runs, (for the practice
    page) an item answered, then shut down; then the page loaded again (``?reset``: without reopening
    the notebooks of the run) and the practice page opened and run anew, to read the progress kept."""
    page = browser["context"].new_page()
    found: dict[str, dict] = {"results": {}, "outputs": {}, "driven": [], "probes": {}, "seconds": {}}
    started = time.perf_counter()
    open_lab(page, f"{server}/lab/index.html")
    for group in groups(RUN):
        t0 = time.perf_counter()
        opened = {o["path"]: o for o in page.evaluate(OPEN_JS, [group, TIMEOUT])}
        for name in group:
            assert page.evaluate(ACTIVATE_JS, name), f"{name} did not become the current notebook"
            page.evaluate(RUN_JS, name)
        found["results"] |= {name: page.evaluate(RESULT_JS, [name, RUN_TIMEOUT]) for name in group}
        found["outputs"] |= {name: page.evaluate(OUTPUTS_JS, name) for name in group}
        if CLASSROOM in group:
            assert page.evaluate(ACTIVATE_JS, CLASSROOM)
            box = explorers(page.locator(f'[data-liuren-test="{opened[CLASSROOM]["id"]}"]')).first
            box.scroll_into_view_if_needed()
            found["driven"].append(drive_explorer(box))
            found["probes"] = {n: page.evaluate(EXECUTE_JS, [CLASSROOM, code, TIMEOUT]) for n, code in PROBES.items()}
        if PRACTICE in group:
            widget = practice_widget(page, opened[PRACTICE]["id"])
            found["answered"] = answer_right(page, widget)
            found["saved"] = save_progress(page, widget, tmp_path_factory.mktemp("download"))
        page.evaluate(SHUTDOWN_JS, [group, TIMEOUT])
        found["seconds"][" ".join(group)] = round(time.perf_counter() - t0, 1)
    t0 = time.perf_counter()
    open_lab(page, f"{server}/lab/index.html?reset")
    (opened,) = page.evaluate(OPEN_JS, [[PRACTICE], TIMEOUT])
    assert page.evaluate(ACTIVATE_JS, PRACTICE)
    page.evaluate(RUN_JS, PRACTICE)
    found["reloaded"] = {
        "result": page.evaluate(RESULT_JS, [PRACTICE, RUN_TIMEOUT]),
        "due": counts(practice_widget(page, opened["id"])),
        "store": page.evaluate(EXECUTE_JS, [PRACTICE, STORE_PY, TIMEOUT]),
        "drive": page.evaluate(STORE_JS),
    }
    page.evaluate(SHUTDOWN_JS, [[PRACTICE], TIMEOUT])
    found["seconds"]["reloaded practice"] = round(time.perf_counter() - t0, 1)
    found["seconds"]["all"] = round(time.perf_counter() - started, 1)
    print(f"\nJupyterLite run times (s): {found['seconds']}")
    yield found
    page.close()


TEACHER = "teacher.ipynb"
TEACHER_NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "c1",
            "metadata": {},
            "outputs": [],
            "source": "import sys\nprint(sys.platform, 6 * 7)",
        }
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}
"""A teacher's notebook as Jupyter writes it for the usual kernel, ``python3``, and with no
``language_info`` (never run yet): JupyterLab matches a kernel by that name, else by language_info."""

TEACHER_JS = """
async ([path, nb, ms]) => {
  const app = window.jupyterapp, within = window.liurenWithin;
  await within(app.serviceManager.contents.save(path, {type: 'notebook', format: 'json', content: nb}), ms, `${path}: upload`);
  const w = await within(app.commands.execute('docmanager:open', {path, factory: 'Notebook'}), ms, `${path}: open`);
  await within(w.context.ready, ms, `${path}: file read`);
  const end = Date.now() + ms;
  const kernel = () => w.sessionContext.session && w.sessionContext.session.kernel;
  let dialog = null;
  while (!kernel() && Date.now() < end) {
    const shown = document.querySelector('.jp-Dialog');
    if (shown) { dialog = shown.innerText; break; }
    await new Promise(r => setTimeout(r, 100));
  }
  if (kernel()) await within(kernel().info, ms, `${path}: kernel info`);
  return {dialog, kernel: kernel() ? kernel().name : null};
}
"""
"""``[path, notebook, ms]``: put ``notebook`` on the site's drive at ``path`` (what the file browser's
upload does), open it, and say which kernel it got, or the text of the dialog it asked with instead."""


@pytest.fixture(scope="module")
def moved(server, browser, lite):
    """Another laptop: a fresh browser context (an empty profile: nothing in its IndexedDB) opens the
    practice page, runs it, and on the dashboard tab uploads the file 「진도 저장」 gave in the first
    context through 「진도 불러오기」; then a teacher's ``python3`` notebook is uploaded there and opened."""
    context = browser["fresh"]()
    page = context.new_page()
    started = time.perf_counter()
    open_lab(page, f"{server}/lab/index.html")
    (opened,) = page.evaluate(OPEN_JS, [[PRACTICE], TIMEOUT])
    assert page.evaluate(ACTIVATE_JS, PRACTICE)
    page.evaluate(RUN_JS, PRACTICE)
    found = {"result": page.evaluate(RESULT_JS, [PRACTICE, RUN_TIMEOUT])}
    widget = practice_widget(page, opened["id"])
    found["fresh"] = counts(widget)
    open_tab(widget, "진도")
    empty = widget.get_by_text("아직 푼 문제가 없다.")
    empty.wait_for()  # the dashboard of the empty store
    found["empty"] = empty.count()
    # the button opens the browser's file chooser (its file input is never in the page): pick the file there
    with page.expect_file_chooser() as chooser:
        widget.locator(f"{DASHBOARD} .widget-upload").click()
    chooser.value.set_files(lite["saved"]["file"])
    note = widget.get_by_text("불러왔다").first
    note.wait_for()
    found["note"] = note.inner_text()
    found["figures"] = figures(widget, 1)
    open_tab(widget, "문제")
    found["due"] = counts(widget)
    page.evaluate(SHUTDOWN_JS, [[PRACTICE], TIMEOUT])
    found["seconds"] = {"practice moved": round(time.perf_counter() - started, 1)}
    t0 = time.perf_counter()
    found["teacher"] = page.evaluate(TEACHER_JS, [TEACHER, TEACHER_NOTEBOOK, TIMEOUT])
    if found["teacher"]["kernel"]:
        assert page.evaluate(ACTIVATE_JS, TEACHER)
        found["teacher"]["ran"] = page.evaluate(RUN_CELL_JS, [TEACHER, 0, RUN_TIMEOUT])
        page.evaluate(SHUTDOWN_JS, [[TEACHER], TIMEOUT])
    found["seconds"]["teacher's notebook"] = round(time.perf_counter() - t0, 1)
    print(f"\nanother profile (s): {found['seconds']}")
    yield found
    page.close()


def test_progress_moves_to_another_profile_through_the_saved_file(lite, moved):
    saved = lite["saved"]
    assert saved["file"].name.startswith("liuren-progress-") and saved["file"].suffix == ".json"
    export = json.loads(saved["file"].read_text(encoding="utf-8"))
    assert "1개 기록" in saved["link"] and "모두 1문제" in saved["figures"]
    assert moved["result"] == {"ran": "done", "errors": [], "unrun": []}
    assert moved["fresh"] == (0, NEW_PER_DAY, 0, 0) and moved["empty"] == 1  # the other profile starts empty
    assert f"{saved['file'].name}에서 기록 1개를 불러왔다" in moved["note"]
    assert "모두 1문제" in moved["figures"]  # the dashboard counts the review
    assert moved["due"] == lite["answered"]["after"]  # and the day's queue goes on from it
    assert export  # the file is the JSON export, not an empty download


def test_a_notebook_written_for_python3_opens_on_the_site_kernel_without_a_dialog(site, moved):
    settings = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    assert settings["settingsOverrides"] == build_lite.OVERRIDES
    teacher = moved["teacher"]
    assert (teacher["dialog"], teacher["kernel"]) == (None, "python")
    ran = teacher["ran"]
    assert ran["count"] == 1 and comparable(ran["outputs"]) == [("stream", "stdout", "emscripten 42\n")]


def test_the_contents_list_each_notebook_at_its_real_date(site, english):
    """Each notebook is dated by its last commit (or its mtime when changed since): the site's listing
    and the browser's contents API give that date, not the fixed date of a reproducible build."""
    dates = build_lite.notebook_dates()
    listed = {}
    for listing in (site / "api" / "contents").rglob("all.json"):
        for entry in json.loads(listing.read_text(encoding="utf-8"))["content"]:
            if entry["type"] == "notebook":
                listed[entry["path"]] = entry["last_modified"]
    want = {build_lite.site_path(p): datetime.fromtimestamp(t, UTC) for p, t in dates.items()}
    assert {path: datetime.fromisoformat(when) for path, when in listed.items()} == want
    newest = max(want.values())
    assert newest > datetime(2026, 11, 1, tzinfo=UTC)  # recent: this course's own commits, not 2023
    path, when = english["dated"]
    assert datetime.fromisoformat(when.replace("Z", "+00:00")) == want[path]


def test_the_site_serves_every_course_notebook_of_both_editions(site):
    served = {p.relative_to(site / "files").as_posix() for p in (site / "files").rglob("*.ipynb")}
    assert served == set(SERVED)
    assert len(NOTEBOOKS) >= 10 and {CLASSROOM, PRACTICE, "contents.ipynb"} <= served
    assert {f"en/{name}" for name in NOTEBOOKS} == served - set(NOTEBOOKS)  # the English twin of each
    front = (site / "index.html").read_text(encoding="utf-8")
    assert "path=en/classroom.ipynb" in front and "path=en/contents.ipynb" in front


def test_every_link_to_a_notebook_finds_it_in_the_site(site):
    """Each notebook's links to another notebook (the contents page's to every page, the practice page's
    back to the contents, the language choice between the editions) name a notebook the site serves."""
    import posixpath

    linked = {}
    for path in (site / "files").rglob("*.ipynb"):
        name = path.relative_to(site / "files").as_posix()
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = "".join(_text(c["source"]) for c in cells if c["cell_type"] == "markdown")
        links = re.findall(r"\]\(([^)#:]+\.ipynb)", text)
        linked[name] = {posixpath.normpath(posixpath.join(posixpath.dirname(name), link)) for link in links}
    assert PRACTICE in linked["contents.ipynb"] and "en/contents.ipynb" in linked["contents.ipynb"]
    assert "contents.ipynb" in linked["en/contents.ipynb"] and "en/classroom.ipynb" in linked["en/contents.ipynb"]
    assert {name: sorted(links - set(SERVED)) for name, links in linked.items() if links - set(SERVED)} == {}


ARRIVED_JS = """
async ([path, ms]) => {
  const end = Date.now() + ms;
  const find = () => window.jupyterapp.shell.widgets('main').find(x => x.context && x.context.path === path);
  while (!find()) {
    if (Date.now() > end) throw new Error(`${path} was not opened by the link within ${ms / 1000} s`);
    await new Promise(r => setTimeout(r, 100));
  }
  return true;
}
"""
"""``[path, ms]``: wait until a link click has opened notebook ``path`` (no other way opens it here)."""

RUN_CELL_JS = """
async ([path, index, ms]) => {
  const app = window.jupyterapp;
  const w = app.shell.widgets('main').find(x => x.context && x.context.path === path);
  const cell = w.content.model.cells.get(index);
  cell.executionCount = null;
  w.content.activeCellIndex = index;
  await window.liurenWithin(app.commands.execute('notebook:run-cell'), ms, `${path}: run cell ${index}`);
  const kernel = () => w.sessionContext.session && w.sessionContext.session.kernel;
  const end = Date.now() + ms;
  while (kernel() && kernel().status !== 'idle' && Date.now() < end) await new Promise(r => setTimeout(r, 100));
  return {count: cell.executionCount, outputs: cell.outputs.toJSON()};
}
"""
"""``[path, index, ms]``: run cell ``index`` of the current notebook ``path`` alone; its execution count and outputs."""

ENGLISH_CLASSROOM = "en/classroom.ipynb"
DATED = "en/glossary.ipynb"
"""A notebook no test opens (so no autosave redates it on the browser's drive): its date as listed."""
DATED_JS = "async path => (await window.jupyterapp.serviceManager.contents.get(path, {content: false})).last_modified"


def follow(page, panel: str, href: str, path: str) -> None:
    """Click the first link in ``panel`` whose href holds ``href`` and wait until it has opened ``path``."""
    page.locator(f'[data-liuren-test="{panel}"] a[href*="{href}"]').first.click()
    page.evaluate(ARRIVED_JS, [path, TIMEOUT])


@pytest.fixture(scope="module")
def english(server, browser):
    """In the same browser session as the run of the Korean notebooks: the Korean contents opened, its
    "English edition" link followed to en/contents.ipynb, that page's link to the classroom page followed
    to en/classroom.ipynb, and its first code cell (the explorer) run alone; the kernels then shut down."""
    page = browser["context"].new_page()
    started = time.perf_counter()
    open_lab(page, f"{server}/lab/index.html?reset")
    (korean,) = page.evaluate(OPEN_JS, [["contents.ipynb"], TIMEOUT])
    assert page.evaluate(ACTIVATE_JS, "contents.ipynb")
    follow(page, korean["id"], "en/contents.ipynb", "en/contents.ipynb")
    (contents,) = page.evaluate(OPEN_JS, [["en/contents.ipynb"], TIMEOUT])  # already open: waits for it to be ready
    assert page.evaluate(ACTIVATE_JS, "en/contents.ipynb")
    heading = page.locator(f'[data-liuren-test="{contents["id"]}"] h1').first.inner_text()
    follow(page, contents["id"], "classroom.ipynb", ENGLISH_CLASSROOM)
    page.evaluate(OPEN_JS, [[ENGLISH_CLASSROOM], TIMEOUT])
    assert page.evaluate(ACTIVATE_JS, ENGLISH_CLASSROOM)
    first = next(
        i
        for i, c in enumerate(json.loads((ROOT / "notebooks" / ENGLISH_CLASSROOM).read_text())["cells"])
        if c["cell_type"] == "code"
    )
    ran = page.evaluate(RUN_CELL_JS, [ENGLISH_CLASSROOM, first, RUN_TIMEOUT])
    dated = page.evaluate(DATED_JS, DATED)
    page.evaluate(SHUTDOWN_JS, [["contents.ipynb", "en/contents.ipynb", ENGLISH_CLASSROOM], TIMEOUT])
    print(f"\nthe English edition by its link, one cell run: {time.perf_counter() - started:.0f} s")
    yield {"heading": heading, "ran": ran, "dated": [DATED, dated]}
    page.close()


def test_the_korean_contents_links_the_english_edition_whose_cells_run(english):
    assert "course contents" in english["heading"] and not re.search(r"[\uac00-\ud7a3]", english["heading"])
    ran = english["ran"]
    assert ran["count"] is not None
    assert [comparable(ran["outputs"])] == committed(ENGLISH_CLASSROOM)[:1]  # the committed English output


def test_every_notebook_runs_all_cells_without_an_error(lite):
    bad = {name: r for name, r in lite["results"].items() if r["ran"] != "done" or r["errors"] or r["unrun"]}
    assert bad == {}
    assert sorted(lite["results"]) == sorted(RUN) == sorted(IN_FULL)  # none renamed away


def test_every_output_is_the_committed_one_but_the_plate_format(lite):
    differ = {}
    for name in RUN:
        got = [comparable(o) for o in lite["outputs"][name]]
        want = committed(name)
        assert len(got) == len(want), name
        differ |= {(name, i): (w, g) for i, (w, g) in enumerate(zip(want, got, strict=True)) if w != g}
    assert differ == {}


def test_the_classroom_explorer_redraws_its_chart(lite):
    assert len(lite["driven"]) == 1 and lite["driven"][0][0] in ("甲戌", "丁酉")


@pytest.mark.parametrize("name", PROBES)
def test_what_the_site_kernel_does_differently_gives_what_this_python_gives(lite, name):
    assert lite["probes"][name] == {"result": native(name), "error": None}


def test_the_practice_page_records_an_answer(lite):
    answered = lite["answered"]
    # a new learner: nothing due, the day's new items (the default limit), nothing answered
    assert answered["before"] == (0, NEW_PER_DAY, 0, 0)
    # one new item taken from today's queue, 1 of 1 right; its cards come back in 10 minutes, not now
    assert answered["after"] == (0, NEW_PER_DAY - 1, 1, 1)


def test_the_practice_progress_survives_a_reload(lite):
    reloaded = lite["reloaded"]
    assert reloaded["result"] == {"ran": "done", "errors": [], "unrun": []}
    assert reloaded["due"] == lite["answered"]["after"]  # the queue after the reload counts the answer
    path, reviews, size = ast.literal_eval(ast.literal_eval(reloaded["store"]["result"]))
    assert (path, reviews) == ("/drive/liuren.sqlite3", 1)  # on JupyterLite's drive, not in memory
    assert reloaded["drive"] == size > 0  # the file JupyterLite keeps in the browser's storage


def test_no_request_leaves_127_0_0_1(lite, browser):
    assert browser["served"], "nothing was served"
    assert browser["refused"] == []


def test_every_wheel_is_one_the_kernel_or_a_notebook_needs(site):
    """Each notebook of both editions imports liuren, IPython and the standard library only; the site's
    wheels are exactly what the kernel starts with (the pins' [lock]) and what ``import liuren`` loads
    (liuren and its dependencies, ipywidgets and tzdata among them, since the kernel starts with none),
    and liuren's wheel leaves the course out (the site serves it as its contents)."""
    import zipfile

    imported = set()
    for path in (site / "files").rglob("*.ipynb"):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                tree = ast.parse(re.sub(r"^[%!].*$", "", _text(cell["source"]), flags=re.M))
                imported |= {
                    n.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for n in node.names
                }
                imported |= {
                    node.module.split(".")[0]
                    for node in ast.walk(tree)
                    if isinstance(node, ast.ImportFrom) and node.module
                }
    assert imported - set(sys.stdlib_module_names) == {"liuren", "IPython"}
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    needed, todo = set(build_lite.pins()["lock"]), ["liuren"]
    while todo:
        name = todo.pop()
        if name not in needed:
            needed.add(name)
            todo += lock[name]["depends"]
    assert set(lock) == needed
    assert {"ipywidgets", "tzdata", "fsrs", "tyme4py"} <= set(lock["liuren"]["depends"])
    settings = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    assert settings["litePluginSettings"][build_lite.KERNEL_PLUGIN]["loadPyodideOptions"] == {"packages": []}
    with zipfile.ZipFile(site / "static" / "pyodide" / lock["liuren"]["file_name"]) as wheel:
        names = wheel.namelist()
    assert "liuren/__init__.py" in names and not [n for n in names if n.endswith(".ipynb")]


def test_the_download_cache_takes_each_file_whole(tmp_path):
    """Two builds on one machine share the cache (a second CI run): a wheel enters it by one rename
    from a folder beside it, never written in place, so no build reads half of one."""
    cache = tmp_path / "cache"
    staged = Path(build_lite.tempfile.mkdtemp(dir=build_lite._made(cache)))
    (staged / "a-1.0-py3-none-any.whl").write_bytes(b"wheel")
    (staged / "notes.txt").write_text("not a wheel", encoding="utf-8")
    build_lite._publish(staged, cache / "wheels")
    assert sorted(p.name for p in (cache / "wheels").iterdir()) == ["a-1.0-py3-none-any.whl"]
    assert (cache / "wheels" / "a-1.0-py3-none-any.whl").read_bytes() == b"wheel"
    assert sorted(p.name for p in staged.iterdir()) == ["notes.txt"]
    assert build_lite._find_wheel(cache / "wheels", "a", "1.0") == cache / "wheels" / "a-1.0-py3-none-any.whl"
