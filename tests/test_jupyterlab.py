"""End to end in a real JupyterLab and a real Voilà, as a learner and a teacher open them.

A JupyterLab server (127.0.0.1, a free port, a token, its own runtime/config/settings folders) serves
the course exactly as README's Quick start does (``liuren course``, which copies it into a folder of
its own and starts JupyterLab there), and Debian's chromium (Playwright)
opens every ``notebooks/*.ipynb``: each must open unmodified; those with an explorer (:data:`EXPLORING`)
and notebook 08 must run all their cells without an error output, and each explorer must redraw the 課盤 of the chart its
day and hour dropdowns name (the others run once, in this same Python, in tests/test_notebooks.py); a contents
link must scroll to its heading; every text of every 課盤, and every text beside one on its paper (a
check's verdict, an exercise's lines), must keep 4.5:1 contrast in the light and the dark theme
(computed styles). A Voilà server then serves the classroom page the way README's
"Teaching with it" says: no code shown, the explorer drives the same way, no entry without the token
and no code run for a visitor. Every server and kernel started here is stopped by its id.

With ``$LIUREN_SCREENSHOTS`` set to a folder, screenshots of each notebook in both themes, of the Voilà
page and of the handout go there (they are for a person to look at, and cost a loaded CI run a minute,
so none is taken without it). Skipped only where /usr/bin/chromium is absent.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from .chromium import CHROMIUM, MISSING, TOFU_JS
from .servers import LIGHT

if not CHROMIUM.exists():
    pytest.skip(MISSING, allow_module_level=True)

from playwright.sync_api import Error as PlaywrightError

from .labpage import (
    ACTIVATE_JS,
    CARD,
    DARK,
    OPEN_JS,
    RESULT_JS,
    RUN_JS,
    RUN_TIMEOUT,
    SHUTDOWN_JS,
    TIMEOUT,
    drive_explorer,
    explorers,
    faint_texts,
    lab_url,
    set_theme,
    settled,
    shoot,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]  # `pytest -m "not browser"` leaves it out
"""The session's servers start and the notebooks with an explorer run in the first tests' fixtures: 2–6
minutes on a loaded machine (pyproject's 300 s per test is for one step)."""

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
CLASSROOM = "classroom.ipynb"
EXPLORING = [name for name in NOTEBOOKS if "liuren-explorer" in (ROOT / "notebooks" / name).read_text(encoding="utf-8")]
"""The notebooks whose saved outputs hold an explorer, which only a running kernel redraws."""
READING = "08-reading.ipynb"
RUN = sorted({*EXPLORING, READING})
"""The notebooks run here: those of :data:`EXPLORING`, and 08, which teaches judging a chart (its
verdicts, exercises and checks run in the course's own JupyterLab). Every notebook runs once in this
same Python in tests/test_notebooks.py, its outputs compared with the saved ones; the others are opened
here and read as saved (the saved outputs are the run's, and their HTML is the same in an untrusted
notebook: :mod:`liuren.show.html`)."""


# ------------------------------------------------------------------ servers
# README's Quick start JupyterLab, its Voilà and its handout: started at most once per test worker and
# shared with the other modules that drive the course (tests/conftest.py, ``lab_servers``, ``classroom``).
@pytest.fixture(scope="module")
def site(lab_site) -> Path:
    return lab_site


@pytest.fixture(scope="module")
def token(lab_token) -> str:
    return lab_token


@pytest.fixture(scope="module")
def servers(lab_servers, classroom):
    return {**lab_servers, **classroom}


TARGET = '[id="${t}"], [data-jupyter-id="${t}"]'
"""How an anchor's element is found (a template literal): JupyterLab renders a markdown ``id`` as ``data-jupyter-id``."""

SCROLL_JS = (
    """
([panelId, t]) => {
  const panel = document.querySelector(`[data-liuren-test="${panelId}"]`);
  const scroller = panel.querySelector('.jp-WindowedPanel-outer');
  const el = panel.querySelector(`"""
    + TARGET
    + """`);
  if (!el) return null;
  const a = scroller.getBoundingClientRect(), b = el.getBoundingClientRect();
  return {scrollTop: scroller.scrollTop, offset: b.top - a.top, height: a.height};
}
"""
)


GROUP = 3
"""Notebooks opened and run side by side: a few at a time keeps a small machine's processes, threads
and memory bounded (every notebook still starts its own kernel, as a learner's does)."""


@pytest.fixture(scope="module")
def lab(servers, token, browser):
    """One JupyterLab page; every notebook opened fresh, GROUP at a time, those of :data:`RUN` run
    and their explorers driven (which needs the kernel), then the kernels shut down. The panels stay for
    the page-only checks. (Running the other twelve as well cost this module 186 CPU-seconds against
    143, measured one after the other.)"""
    page = browser.new_page()
    opened, results, driven, seconds = {}, {}, [], {}
    started = time.perf_counter()
    try:
        page.goto(lab_url(servers, token))
        page.wait_for_function("window.jupyterapp && window.jupyterapp.shell && document.querySelector('.jp-LabShell')")
        page.evaluate("ms => window.liurenWithin(window.jupyterapp.restored, ms, 'JupyterLab restored')", TIMEOUT)
        seconds["page"] = round(time.perf_counter() - started, 1)
        for start in range(0, len(NOTEBOOKS), GROUP):
            group, t0 = NOTEBOOKS[start : start + GROUP], time.perf_counter()
            opened |= {o["path"]: o for o in page.evaluate(OPEN_JS, [group, TIMEOUT])}
            dialog = page.locator(".jp-Dialog")
            assert not dialog.count(), f"a dialog opened with the notebooks: {dialog.first.inner_text()!r}"
            run = [name for name in group if name in RUN]
            for name in run:
                assert page.evaluate(ACTIVATE_JS, name), f"{name} did not become the current notebook"
                page.evaluate(RUN_JS, name)
            results |= {name: page.evaluate(RESULT_JS, [name, RUN_TIMEOUT]) for name in run}
            for name in run:
                driven += drive_explorers(page, opened[name]["id"], name)
            page.evaluate(SHUTDOWN_JS, [group, TIMEOUT])
            seconds[" ".join(n.split("-")[0].removesuffix(".ipynb") for n in group)] = round(
                time.perf_counter() - t0, 1
            )
    except Exception as err:  # say what the server saw too: a kernel that did not start says why there
        dialog = page.locator(".jp-Dialog")
        shown = dialog.first.inner_text() if dialog.count() else "none"
        raise AssertionError(
            f"{err}\n--- dialog: {shown}\n--- jupyter lab log:\n{servers['lab_server'].tail()}"
        ) from err
    seconds["all"] = round(time.perf_counter() - started, 1)
    print(f"\nJupyterLab run times (s): {seconds}")
    yield {"page": page, "opened": opened, "results": results, "driven": driven}
    page.evaluate(
        "async () => { const m = window.jupyterapp.serviceManager.sessions;"
        " await Promise.all([...m.running()].map(s => m.shutdown(s.id))); }"
    )
    page.close()


def drive_explorers(page, panel_id: str, name: str) -> list[tuple[str, str, str]]:
    """Drive each explorer of notebook ``name`` (its panel current); ``(name, day, hour)`` for each,
    or ``(name, "failed", why)`` where one did not redraw its chart."""
    assert page.evaluate(ACTIVATE_JS, name), f"{name} did not become the current notebook"
    boxes, done = explorers(page.locator(f'[data-liuren-test="{panel_id}"]')), []
    for i in range(boxes.count()):
        box = boxes.nth(i)
        box.scroll_into_view_if_needed()
        try:
            done.append((name, *drive_explorer(box)))
        except (AssertionError, PlaywrightError) as err:
            done.append((name, "failed", f"explorer {i}: {str(err)[:300]}"))
    return done


def panel(lab, name: str):
    """Notebook ``name``'s panel, made the current one (drawn: a click or a scroll needs it)."""
    page = lab["page"]
    assert page.evaluate(ACTIVATE_JS, name), f"{name} did not become the current notebook"
    return unshown_panel(lab, name)


def unshown_panel(lab, name: str):
    """Notebook ``name``'s panel as it is, the current one or not: what is read from its elements (their
    links, their computed colours) is the same either way, and making each of the 21 panels current in
    turn lays out every cell of each (the course is opened with windowing off), which cost the checks
    below most of their time. (An inactive panel is hidden with ``display: none``, JupyterLab's default
    hidden mode, so a theme change restyles only the current one; a computed style is worked out on demand.)"""
    return lab["page"].locator(f'[data-liuren-test="{lab["opened"][name]["id"]}"]')


def test_the_notebooks_are_found():
    assert len(NOTEBOOKS) >= 5 and CLASSROOM in NOTEBOOKS and READING in NOTEBOOKS


def test_every_notebook_opens_unmodified(lab):
    """Opening a notebook and starting its kernel must not mark it modified (●): nothing to save, no prompt on close."""
    assert all(o["kernel"] for o in lab["opened"].values()), lab["opened"]
    dirty = {name: o for name, o in lab["opened"].items() if o["dirty"] or "jp-mod-dirty" in o["tab"]}
    assert dirty == {}


def test_every_notebook_with_an_explorer_runs_all_cells_without_an_error(lab, servers):
    assert sorted(lab["results"]) == RUN and CLASSROOM in EXPLORING and len(EXPLORING) >= 4 and READING in RUN
    bad = {name: r for name, r in lab["results"].items() if r["ran"] != "done" or r["errors"] or r["unrun"]}
    assert bad == {}, f"{bad}\n--- jupyter lab log:\n{servers['lab_server'].tail()}"


def test_saved_widgets_show_their_chart_not_python_text(lab):
    """Before anything runs, a saved widget shows its chart (its text/plain fallback in an untrusted
    notebook, text/html for exported pages), never ``VBox(children=…``."""
    raw = {name: o["raw"] for name, o in lab["opened"].items() if o["raw"]}
    assert raw == {}


def test_explorers_redraw_the_chart_of_their_day_and_hour(lab):
    """Each explorer, driven while its notebook's kernel ran, showed the chart of the day and hour set."""
    driven = lab["driven"]
    assert [d for d in driven if d[1] == "failed"] == []
    assert any(name != CLASSROOM for name, *_ in driven), "no explorer found in the course notebooks"
    assert any(name == CLASSROOM for name, *_ in driven), "the classroom page has no explorer"


IN_PAGE_LINKS = ".jp-RenderedMarkdown a[href^='#']:not(.jp-InternalAnchorLink)"
"""Links to a place in the same notebook (the heading's own ¶ link is JupyterLab's, not the notebook's)."""


def test_a_contents_link_scrolls_to_its_heading(lab):
    """Every in-page link finds its target as written (JupyterLab does not decode a percent-encoded
    fragment, so only ASCII anchors work), and clicking the last contents link scrolls its heading into view."""
    page, followed, dead = lab["page"], [], []
    for name in NOTEBOOKS:
        nb = panel(lab, name)
        pid = lab["opened"][name]["id"]
        # (No read-through first: ``liuren course`` opens the course with JupyterLab's windowing off, its
        # overrides.json, so every cell is drawn and every heading has its height before any jump.)
        links = nb.locator(IN_PAGE_LINKS).evaluate_all(
            "(links, root) => links.map(a => { const t = a.getAttribute('href').slice(1); return [t, !!root.querySelector(`"
            + TARGET
            + "`)]; })",
            nb.element_handle(),
        )
        dead += [(name, t) for t, found in links if not found]
        targets = [t for t, found in links if found]
        if not targets:
            continue
        target = targets[-1]  # the farthest down the contents
        settled(nb.locator(f"{IN_PAGE_LINKS}[href='#{target}']").first)
        nb.locator(f"{IN_PAGE_LINKS}[href='#{target}']").first.click()
        page.wait_for_function(
            '([p, t]) => { const panel = document.querySelector(`[data-liuren-test="${p}"]`);'
            " const s = panel.querySelector('.jp-WindowedPanel-outer'), el = panel.querySelector(`" + TARGET + "`);"
            " const d = el.getBoundingClientRect().top - s.getBoundingClientRect().top; return s.scrollTop > 0 && d >= -5 && d + 20 < s.clientHeight; }",  # in view: the last heading may not reach the top
            arg=[pid, target],
            timeout=10_000,
        )
        followed.append((name, target, page.evaluate(SCROLL_JS, [pid, target])))
    assert dead == []
    course = [n for n in NOTEBOOKS if re.match(r"\d\d-", n)]
    assert sorted(n for n, *_ in followed if n in course) == course, followed


def test_every_link_to_a_file_finds_it_in_the_course_folder(lab, site, servers):
    """The Quick start serves the course's copy as the root: a link such as ../README.md is dead there (404).
    JupyterLab rewrites a relative link to its /files/ (or /lab/tree/) URL; each must name a file that is served."""
    dead, seen = [], 0
    for name in NOTEBOOKS:
        hrefs = (
            unshown_panel(lab, name)
            .locator(".jp-RenderedMarkdown a[href]")
            .evaluate_all("links => links.map(a => a.href)")
        )
        for href in hrefs:
            url = urllib.parse.urlsplit(href)
            if f"{url.scheme}://{url.netloc}" != servers["lab"]:
                continue
            served = re.match(r"/(?:files|lab/tree)/(.+)", urllib.parse.unquote(url.path))
            if not served:
                continue  # an in-page anchor (#…) resolves to the page itself
            # (a copy's links to the other edition are words: liuren.course.unlink_other_edition)
            seen += 1
            if not (site / "liuren-course" / served[1]).is_file():
                dead.append((name, served[1]))
    assert dead == []
    assert seen, "no link between the notebooks was found"


def _card_near_explorer(nb):
    boxes = explorers(nb)
    return boxes.first if boxes.count() else nb.locator(CARD).first


def test_every_chart_keeps_aa_contrast_in_light_and_dark_themes(lab, shots):
    page = lab["page"]
    faint: dict[tuple[str, str], list] = {}
    for theme in (LIGHT, DARK):
        set_theme(page, theme)
        light = page.evaluate("() => document.body.dataset.jpThemeLight")
        assert light == ("true" if theme == LIGHT else "false")
        for name in NOTEBOOKS:
            nb = unshown_panel(lab, name) if shots is None else panel(lab, name)
            if nb.locator(CARD).count():
                found = faint_texts(nb)
                if found:
                    faint[(name, theme)] = found[:8]
            if shots is None:
                continue
            if nb.locator(CARD).count():
                _card_near_explorer(nb).evaluate("e => e.scrollIntoView({block: 'start'})")
            else:  # a notebook without a chart (the contents): its top
                nb.locator(".jp-WindowedPanel-outer").evaluate("e => { e.scrollTop = 0; }")
            settled(nb)
            shoot(page, shots, f"{Path(name).stem}-{'light' if theme == LIGHT else 'dark'}")
    set_theme(page, LIGHT)
    assert faint == {}


def test_quick_start_command_serves_the_notebooks_for_this_user(servers, token):
    """The lab server IS README's Quick start command (JupyterLab refuses root without --allow-root,
    which the command adds itself when run as root): it serves its copy of the course as its root."""
    with urllib.request.urlopen(f"{servers['lab']}/api/contents?token={token}", timeout=30) as reply:
        names = {item["name"] for item in json.load(reply)["content"]}
    assert set(NOTEBOOKS) <= names


# ------------------------------------------------------------------ Voilà
def test_voila_classroom_page_shows_no_code_and_drives_the_explorer(servers, token, browser, shots):
    page = browser.new_page()
    page.goto(f"{servers['voila']}/?token={token}")
    page.wait_for_selector(f".liuren-explorer {CARD}")
    code = page.locator(
        ".jp-CodeCell .jp-InputArea:visible, .jp-InputPrompt:visible, .jp-CodeMirrorEditor:visible, .cm-editor:visible"
    )
    assert code.count() == 0, code.all_inner_texts()
    assert "import" not in page.inner_text("body")
    errors = page.locator(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'], .jp-RenderedText[data-mime-type='application/vnd.jupyter.error']"
    )
    assert errors.count() == 0, errors.all_inner_texts()
    boxes = explorers(page.locator("body"))
    assert boxes.count() >= 1
    drive_explorer(boxes.first)
    assert faint_texts(page.locator("body")) == []
    if shots is not None:
        page.set_viewport_size({"width": 1280, "height": 3000})  # Voilà scrolls inside its page: show it all
        page.wait_for_timeout(300)
        page.screenshot(path=str(shots / "voila-classroom.png"), full_page=True)
    page.close()


def test_voila_refuses_a_visitor_without_the_token(servers):
    request = urllib.request.Request(f"{servers['voila']}/", method="GET")
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            status, final = reply.status, reply.url
    except urllib.error.HTTPError as err:
        status, final = err.code, err.url
    assert status in (401, 403) or "login" in final, (status, final)


def test_voila_kernel_runs_no_code_a_visitor_sends(servers, token, browser, tmp_path):
    """Voilà passes only widget (comm) and kernel-info messages to the kernel: an execute_request from
    the page's own websocket is dropped, while a kernel_info_request on the same socket is answered."""
    page = browser.new_page()
    page.goto(f"{servers['voila']}/?token={token}")
    page.wait_for_selector(f".liuren-explorer {CARD}")
    kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page.content())
    assert kernel, "no kernel id in the Voilà page"
    marker = tmp_path / "visitor-ran-code"
    reply = page.evaluate(
        """async ([url, code]) => {
          const ws = new WebSocket(url);
          const got = [];
          ws.onmessage = e => { try { got.push(JSON.parse(e.data).header.msg_type); } catch (err) {} };
          await new Promise((ok, bad) => { ws.onopen = ok; ws.onerror = bad; });
          const msg = (type, content) => JSON.stringify({header: {msg_id: crypto.randomUUID(), msg_type: type, username: 'visitor',
              session: crypto.randomUUID(), version: '5.3', date: new Date().toISOString()}, parent_header: {}, metadata: {},
              content, channel: 'shell', buffers: []});
          ws.send(msg('execute_request', {code, silent: false, store_history: false, user_expressions: {}, allow_stdin: false}));
          ws.send(msg('kernel_info_request', {}));
          const end = Date.now() + 120000;  // at most: the wait ends with the reply
          while (Date.now() < end && !got.includes('kernel_info_reply')) await new Promise(r => setTimeout(r, 100));
          await new Promise(r => setTimeout(r, 500));   // shell requests are answered in order: an execute would be done
          ws.close();
          return got;
        }""",
        [
            f"{servers['voila'].replace('http', 'ws')}/api/kernels/{kernel[1]}/channels?token={token}",
            f"open({str(marker)!r}, 'w').write('ran')",
        ],
    )
    page.close()
    assert "kernel_info_reply" in reply, reply
    assert "execute_reply" not in reply and "execute_input" not in reply
    assert not marker.exists()


# ------------------------------------------------------------------ the handout
def test_handout_shows_its_charts_offline(servers, browser, shots):
    """README's handout command, then the page in chromium with the network off: it asks for no widget
    script, its 課盤 is there, drawn with real glyphs, and no widget shows as Python text."""
    run = servers["handout"]
    assert run.proc.wait(300) == 0, run.tail()
    (page_file,) = servers["handout_dir"].glob("*.html")
    page = browser.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    browser.set_offline(True)
    try:
        page.goto(page_file.as_uri())
        assert not [u for u in requests if "jupyter-widgets" in u or "html-manager" in u], (
            "the handout fetches widget scripts"
        )
        cards = page.locator(CARD)
        assert cards.count() >= 1
        assert not re.search(r"(VBox|HBox|Output|Explorer|Stepper|Exercise)\(", page.inner_text("body"))
        page.evaluate("c => c.setAttribute('data-liuren-first', '')", cards.first.element_handle())
        glyphs = page.evaluate(TOFU_JS, ["[data-liuren-first]", ""])
        assert len(glyphs["chars"]) > 30 and glyphs["tofu"] == "", glyphs
        assert faint_texts(page.locator("body")) == []
        if shots is not None:
            page.screenshot(path=str(shots / "handout-offline.png"), full_page=True)
    finally:
        browser.set_offline(False)
        page.close()
