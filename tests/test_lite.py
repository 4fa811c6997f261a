"""The course as an offline JupyterLite site (tools/build_lite.py), run in chromium with no network.

The site is built with README's command (the downloads cached in ``$LIURENLITE_CACHE`` or
~/.cache/liuren-lite), served by README's one-line static server on 127.0.0.1, and opened in Debian's
chromium with every request to another host refused and counted. In one JupyterLab page of the site,
every notebook of notebooks/ (the course, the contents, the glossary, the classroom and the practice
page) is opened, GROUP at a time (each starts its own Pyodide kernel in a web worker), run, and its
kernel shut down; then:

- no cell gives an error, and every code cell's outputs equal the committed ones as compared by
  :func:`comparable`: the text of each output (stdout, the text/plain and text/html of each result with
  white space squeezed, the presence of a widget view), except the plate drawing's format: the
  committed notebooks hold matplotlib's PNG, the site (no matplotlib in Pyodide) gives the same plate
  as SVG, so an output holding an image is compared as "an image" only;
- the classroom page's explorer redraws the 課盤 of the day and hour set in it;
- README's ``chart_at`` example with a ``ZoneInfo`` gives the same chart in the browser as here;
- the practice page records an answer, and once the page is loaded again (a new kernel) and the practice
  page run anew, it shows the same progress: the store is ``liuren.sqlite3`` on JupyterLite's drive,
  kept in the browser's storage (``liuren.store`` in the browser);
- every link from one notebook to another names a notebook the site serves;
- the site carries the English edition in ``en/`` beside the Korean one; in the same browser session,
  the Korean contents' link "English edition → en/contents.ipynb" opens the English contents, whose
  link opens the English classroom page, and its first code cell, run, gives the committed English
  output (the English notebooks are not all run here: tests/test_notebooks.py runs each of them once);
- no request leaves 127.0.0.1.

Skipped only where /usr/bin/chromium is absent or a download from PyPI or npm failed (the registries
cannot be reached): the reason says which. The whole module took 200 s on a shared 2-core machine (load
5–7): the site built from the cache in 10 s (about 50 s with its first downloads), the 13 notebooks run
four at a time (five in the last group) in 165 s (321 code cells), the practice page after the reload in
19 s. The English edition's links and one cell add three Pyodide kernels: 88 s measured once with the
site's build from the cache (load 6–8), about 60 s of it the links and the cell.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
import shlex
import sys
import time
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from .chromium import CHROMIUM, MISSING, launch
from .servers import Server, free_port

if not CHROMIUM.exists():
    pytest.skip(MISSING, allow_module_level=True)

from playwright.sync_api import sync_playwright

import liuren
from liuren.practice.progress import NEW_PER_DAY

from .test_jupyterlab import ACTIVATE_JS, OPEN_JS, RESULT_JS, RUN_JS, SHUTDOWN_JS, WITHIN_JS, drive_explorer, explorers
from .test_practice_browser import answer, counts, shown_item, typed_boxes

pytestmark = [pytest.mark.browser, pytest.mark.timeout(1500)]
"""The build (with its first downloads) and the ten notebooks' run happen in the first test's fixtures:
2–4 minutes on a busy machine (pyproject's 300 s per test is for one step)."""
ROOT = Path(__file__).resolve().parent.parent
SPEC = importlib.util.spec_from_file_location("build_lite", ROOT / "tools" / "build_lite.py")
assert SPEC and SPEC.loader
build_lite = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(build_lite)

SERVED = [build_lite.site_path(p) for p in build_lite.course_notebooks()]
"""Every notebook the site serves, both editions (``en/…`` for the English one)."""
NOTEBOOKS = [name for name in SERVED if "/" not in name]
"""The Korean edition's notebooks, each run here (the English edition: its language link, below)."""
CLASSROOM = "classroom.ipynb"
PRACTICE = "practice.ipynb"
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
WHEN = datetime(2026, 11, 29, 14, 5, tzinfo=ZoneInfo("Asia/Seoul"))
CHART_AT = (
    "import liuren\nfrom datetime import datetime\nfrom zoneinfo import ZoneInfo\n"
    "repr(liuren.chart_at(datetime(2026, 11, 29, 14, 5, tzinfo=ZoneInfo('Asia/Seoul'))))"
)


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


@pytest.fixture(scope="module")
def browser(tmp_path_factory, server):
    """A chromium context that lets through only requests to the site's server (the others are
    refused and counted), and that exposes the app to the test (``exposeAppInBrowser``, set in the
    settings as served to this browser only: the site's files are not changed)."""
    refused: list[str] = []
    served: list[str] = []

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

    with sync_playwright() as p:
        context = launch(p, tmp_path_factory.mktemp("profile"), viewport={"width": 1280, "height": 1000})
        context.set_default_timeout(TIMEOUT)
        context.add_init_script(WITHIN_JS)
        context.route("**/*", route)
        yield {"context": context, "refused": refused, "served": served}
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
    answer(widget, typed_boxes(item), "맞았습니다.")
    page.wait_for_function("el => /오늘 푼 문제 1/.test(el.innerText)", arg=widget.element_handle(), timeout=TIMEOUT)
    return {"before": before, "after": counts(widget), "cells": len(item.cells)}


STORE_JS = "async () => (await window.jupyterapp.serviceManager.contents.get('liuren.sqlite3', {content: false})).size"
"""The size of the practice store as JupyterLite's contents (its drive, kept in the browser's IndexedDB) hold it."""


@pytest.fixture(scope="module")
def lite(server, browser):
    """One page of the site's JupyterLab: every notebook opened, GROUP at a time, run, its outputs and
    (for the classroom page) its explorer and a chart_at read while its kernel runs, (for the practice
    page) an item answered, then shut down; then the page loaded again (``?reset``: without reopening
    the notebooks of the run) and the practice page opened and run anew, to read the progress kept."""
    page = browser["context"].new_page()
    found: dict[str, dict] = {"results": {}, "outputs": {}, "driven": [], "chart_at": None, "seconds": {}}
    started = time.perf_counter()
    open_lab(page, f"{server}/lab/index.html")
    for group in groups(NOTEBOOKS):
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
            found["chart_at"] = page.evaluate(EXECUTE_JS, [CLASSROOM, CHART_AT, TIMEOUT])
        if PRACTICE in group:
            found["answered"] = answer_right(page, practice_widget(page, opened[PRACTICE]["id"]))
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
    page.evaluate(SHUTDOWN_JS, [["contents.ipynb", "en/contents.ipynb", ENGLISH_CLASSROOM], TIMEOUT])
    print(f"\nthe English edition by its link, one cell run: {time.perf_counter() - started:.0f} s")
    yield {"heading": heading, "ran": ran}
    page.close()


def test_the_korean_contents_links_the_english_edition_whose_cells_run(english):
    assert "course contents" in english["heading"] and not re.search(r"[\uac00-\ud7a3]", english["heading"])
    ran = english["ran"]
    assert ran["count"] is not None
    assert [comparable(ran["outputs"])] == committed(ENGLISH_CLASSROOM)[:1]  # the committed English output


def test_every_notebook_runs_all_cells_without_an_error(lite):
    bad = {name: r for name, r in lite["results"].items() if r["ran"] != "done" or r["errors"] or r["unrun"]}
    assert bad == {}
    assert sorted(lite["results"]) == sorted(NOTEBOOKS)


def test_every_output_is_the_committed_one_but_the_plate_format(lite):
    differ = {}
    for name in NOTEBOOKS:
        got = [comparable(o) for o in lite["outputs"][name]]
        want = committed(name)
        assert len(got) == len(want), name
        differ |= {(name, i): (w, g) for i, (w, g) in enumerate(zip(want, got, strict=True)) if w != g}
    assert differ == {}


def test_the_plot_cell_shows_the_svg_plate(lite):
    images = [
        o for cell in lite["outputs"]["00-reading-a-chart.ipynb"] for o in cell if "image/svg+xml" in o.get("data", {})
    ]
    assert len(images) == 1 and "<svg" in _text(images[0]["data"]["image/svg+xml"])


def test_the_classroom_explorer_redraws_its_chart(lite):
    assert len(lite["driven"]) == 1 and lite["driven"][0][0] in ("甲戌", "丁酉")


def test_chart_at_with_a_zoneinfo_runs_in_the_browser(lite):
    assert lite["chart_at"] == {"result": repr(repr(liuren.chart_at(WHEN))), "error": None}


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
