"""What the browser tests share (their ``browser`` and ``shots`` fixtures are tests/conftest.py's): the page-side helpers
that open, run and read notebooks in it (every wait on what it waits for, bounded by a deadline), the
theme switch, the explorer's drive and the contrast reading, and the screenshots (taken only when
``$LIUREN_SCREENSHOTS`` names a folder: they are for a person to look at).

Used by tests/test_jupyterlab.py (the course in README's JupyterLab), tests/test_lite.py (the same in
the JupyterLite site), and the other browser modules that drive a JupyterLab page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import liuren
from liuren import Chart
from liuren.practice import Item, get_level, solution
from liuren.practice.answers import as_text
from liuren.school import PRESET_NAMES
from liuren.show.html import PAPER_CLASS, chart_html

from .servers import LIGHT

AA = 4.5
"""The contrast every text of a 課盤 keeps (WCAG AA for normal text)."""

TIMEOUT = 240_000  # ms, at most, for a notebook to open or its kernel to start on a loaded machine (each wait
# is on what it waits for: a kernel's status, an element, a promise; this only bounds it)
RUN_TIMEOUT = 480_000  # ms, at most, for a group's cells to have run, side by side
WITHIN_JS = """
window.liurenWithin = (promise, ms, what) => {
  let timer;
  const late = new Promise((_, bad) => { timer = setTimeout(() => bad(new Error(`${what}: not done within ${ms / 1000} s`)), ms); });
  return Promise.race([Promise.resolve(promise), late]).finally(() => clearTimeout(timer));
};
"""
"""Every promise the page awaits is raced against a deadline (``liurenWithin``): Playwright bounds
its own waits, never a promise inside ``evaluate``, so a kernel that never starts or a run that never
ends fails the test with what it was waiting for instead of hanging the suite."""
DARK = "JupyterLab Dark"
THEMES = (LIGHT, DARK)
"""JupyterLab's two themes, the light one (a learner's default) first."""


# ------------------------------------------------------------------ in the page
CONTRAST_JS = r"""
root => {
  const rgba = c => { const v = c.match(/[\d.]+/g).map(Number); return v.length === 3 ? [...v, 1] : v; };
  const over = (top, base) => top.slice(0, 3).map((c, i) => c * top[3] + base[i] * (1 - top[3])).concat([1]);
  const background = el => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) { layers.push(c); if (c[3] === 1) break; }
    }
    return layers.reduceRight((base, top) => over(top, base), [255, 255, 255, 1]);
  };
  const lum = c => { const [r, g, b] = c.slice(0, 3).map(v => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
                     return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const out = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const text = walk.currentNode.textContent.trim();
    if (!text) continue;
    const el = walk.currentNode.parentElement;
    const bg = background(el), fg = over(rgba(getComputedStyle(el).color), bg);
    const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    out.push([text, Math.round((hi + 0.05) / (lo + 0.05) * 100) / 100, getComputedStyle(el).color, `rgb(${bg.slice(0, 3).join(',')})`]);
  }
  return out;
}
"""

CARD = 'div[lang="zh-Hant"]'
READ = f"{CARD}, .liuren-step, .{PAPER_CLASS}"
"""What the contrast checks read: every 課盤, every construction step's own words around it, and every
text set on the card's paper beside one (check() verdicts, the exercise's question and feedback, a
widget's run-the-cell line)."""


def faint_texts(scope) -> list:
    """Every text in every 課盤 (step, paper box) under ``scope`` (a locator) whose computed contrast is below AA."""
    runs = scope.evaluate(
        "(root, [js, card]) => [...root.querySelectorAll(card)].flatMap(eval(js))", [CONTRAST_JS, READ]
    )
    assert runs, "no 課盤 text to check"
    return [r for r in runs if r[1] < AA]


def _squeeze(texts: list[str]) -> list[str]:
    return [re.sub(r"\s+", "", t) for t in texts]


def expected_tables(page, chart) -> list[list[str]]:
    """The text of each table of ``chart_html(chart)`` in every label language as this page renders it
    (without white space, which depends on the layout around it)."""
    return [
        _squeeze(
            page.evaluate(
                """html => { const d = document.createElement('div'); d.innerHTML = html; document.body.appendChild(d);
                         const t = [...d.querySelectorAll('table')].map(x => x.textContent); d.remove(); return t; }""",
                chart_html(chart, labels=labels),
            )
        )
        for labels in ("zh", "ko", "en")
    ]


def chart_of_card(card):
    """The chart a rendered 課盤 names in its caption (day, hour, general, month, noble and school), in
    any label language: the 漢字 terms are always there (``갑술일 甲戌日 | 미시 未時 | …``)."""
    lines = card.evaluate("e => [...e.children].slice(0, 2).map(x => x.textContent)")
    found = {
        key: re.search(pattern, lines[0])
        for key, pattern in (
            ("day", r"(\S{2})日"),
            ("hour", r"(\S)時"),
            ("general", r"(\S)將"),
            ("month", r"(\S)月"),
            ("noble", r"([晝夜])貴"),
        )
    }
    assert all(found[k] for k in ("day", "hour", "general", "noble")), f"caption not understood: {lines[0]!r}"
    after = lines[1].split("學派", 1)[-1]
    named = sorted((after.find(zh), name) for name, zh in PRESET_NAMES.items() if zh in after)
    return liuren.chart(
        found["day"][1],
        found["hour"][1],
        found["general"][1],
        month=found["month"] and found["month"][1],
        noble="day" if found["noble"][1] == "晝" else "night",
        school=named[0][1] if named else "default",
    )


def explorers(scope):
    """The explorer widgets under ``scope``, by the marker class the widget sets for browser tests."""
    return scope.locator(".liuren-explorer")


def dropdown(box, marker: str):
    """The <select> of the explorer's dropdown carrying ``marker`` (liuren-day, liuren-hour, liuren-general)."""
    return box.locator(f".{marker} select").first


def drive_explorer(box) -> tuple[str, str]:
    """Set the explorer to another day and hour and check the 課盤 it shows is that chart's."""
    page = box.page
    card = box.locator(CARD).first
    before = chart_of_card(card)
    drawn = box.locator("img").count() > 0
    day, hour = ("甲戌", "未") if (before.day, before.hour) != ("甲戌", "未") else ("丁酉", "子")
    dropdown(box, "liuren-day").select_option(label=day)
    dropdown(box, "liuren-hour").select_option(label=f"{hour}時")
    page.wait_for_function(
        "([box, day, hour]) => { const c = box.querySelector('div[lang=\"zh-Hant\"]'); const t = c && c.children[0].textContent;"
        " return t && t.includes(day + '日') && t.includes(hour + '時'); }",
        arg=[box.element_handle(), day, hour],
    )
    if drawn:  # the plate drawing follows the 課盤 into the output
        page.wait_for_function("box => box.querySelector('img')", arg=box.element_handle())
    card = box.locator(CARD).first
    chart = chart_of_card(card)
    assert (str(chart.day), str(chart.hour), str(chart.general)) == (day, hour, str(before.general))
    shown = _squeeze(card.evaluate("e => [...e.querySelectorAll('table')].map(x => x.textContent)"))
    assert shown in expected_tables(page, chart), f"the explorer's 課盤 is not {day}日 {hour}時's chart"
    return day, hour


# ------------------------------------------------------------------ JupyterLab
OPEN_JS = r"""
async ([paths, ms]) => Promise.all(paths.map(async path => {
  const app = window.jupyterapp, within = window.liurenWithin;
  const w = await within(app.commands.execute('docmanager:open', {path, factory: 'Notebook'}), ms, `${path}: open`);
  await within(w.context.ready, ms, `${path}: file read`);
  await within(w.sessionContext.ready, ms, `${path}: kernel session`);
  const kernel = w.sessionContext.session && w.sessionContext.session.kernel;
  if (kernel) { await within(kernel.info, ms, `${path}: kernel info`); await within(kernel.spec, ms, `${path}: kernel spec`); }
  await within(w.revealed, ms, `${path}: shown`);
  // the panel applies the kernel's language_info and spec in handlers of the promises awaited above;
  // two frames more and the tab has drawn any ● they left
  for (let i = 0; i < 2; i++) await new Promise(r => requestAnimationFrame(() => r()));
  const id = 'nb-' + path.replace(/[^a-z0-9]/gi, '-');
  w.node.dataset.liurenTest = id;
  window.liurenRuns = window.liurenRuns || {};
  // What an untrusted notebook shows for a saved widget is its text/plain; read it from the model
  // (a cell out of view may not be drawn yet) and from what is drawn.
  const repr = /^\s*(VBox|HBox|Box|Output|Explorer|Stepper|Exercise)\(/;
  const cells = w.content.model.cells, raw = [];
  for (let i = 0; i < cells.length; i++)
    if (cells.get(i).type === 'code')
      for (const o of cells.get(i).outputs.toJSON())
        if (o.data && o.data['application/vnd.jupyter.widget-view+json']) {
          const text = [].concat(o.data['text/plain'] || '').join('');
          if (!text.trim() || repr.test(text)) raw.push(`cell ${i}: ${text.slice(0, 60)}`);
          if (!o.data['text/html']) raw.push(`cell ${i}: no text/html for exported pages`);
        }
  for (const e of w.node.querySelectorAll('.jp-OutputArea-output'))
    if (repr.test(e.textContent)) raw.push(`shown: ${e.textContent.slice(0, 60)}`);
  return {path, id, dirty: w.context.model.dirty, tab: w.title.className, kernel: !!kernel, raw};
}))
"""
"""Open notebooks side by side, each as a learner does (its kernel starting); report whether it is
marked modified once the kernel's info has been applied, and any output showing a widget's Python repr."""

ACTIVATE_JS = """
async path => {
  const app = window.jupyterapp;
  const w = app.shell.widgets('main').find(x => x.context && x.context.path === path);
  app.shell.activateById(w.id);
  for (let i = 0; i < 200 && app.shell.currentWidget !== w; i++) await new Promise(r => setTimeout(r, 25));
  await new Promise(r => setTimeout(r, 50));
  return app.shell.currentWidget === w;
}
"""

RUN_JS = """
async path => {
  const app = window.jupyterapp;
  const w = app.shell.widgets('main').find(x => x.context && x.context.path === path);
  const cells = w.content.model.cells;
  for (let i = 0; i < cells.length; i++) if (cells.get(i).type === 'code') cells.get(i).executionCount = null;
  window.liurenRuns[path] = app.commands.execute('notebook:run-all-cells').then(() => 'done', e => String(e));
  return true;
}
"""
"""Run all cells of the current notebook (ACTIVATE_JS first); the saved execution counts are cleared
so that a cell the run missed shows up as unrun."""

RESULT_JS = """
async ([path, ms]) => {
  const w = window.jupyterapp.shell.widgets('main').find(x => x.context && x.context.path === path);
  const end = Date.now() + ms;
  let ran;
  try { ran = await window.liurenWithin(window.liurenRuns[path], ms, 'run all cells'); } catch (e) { ran = String(e); }
  const kernel = () => w.sessionContext.session && w.sessionContext.session.kernel;
  while (kernel() && kernel().status !== 'idle') {
    if (kernel().status === 'dead' || Date.now() > end) { ran = `${ran}; the kernel is ${kernel().status}, not idle`; break; }
    await new Promise(r => setTimeout(r, 100));
  }
  const cells = w.content.model.cells, errors = [], unrun = [];
  for (let i = 0; i < cells.length; i++) {
    const c = cells.get(i);
    if (c.type !== 'code') continue;
    const tags = c.getMetadata('tags') || [];
    if (c.executionCount === null) unrun.push(i);
    for (const o of c.outputs.toJSON())
      if (o.output_type === 'error' && !tags.includes('raises-exception')) errors.push([i, o.ename + ': ' + o.evalue]);
      else if (o.output_type === 'stream' && o.name === 'stderr' && /Traceback|Error:/.test([].concat(o.text).join('')))
        errors.push([i, 'stderr: ' + [].concat(o.text).join('').slice(0, 200)]);  // a traceback printed, not raised
  }
  return {ran, errors, unrun};
}
"""

SETTLED_JS = """
async ([el, ms]) => {
  const end = Date.now() + ms;
  let last = '', same = 0;
  while (Date.now() < end) {
    await new Promise(r => requestAnimationFrame(() => r()));
    const b = el.getBoundingClientRect(), now = [b.x, b.y, b.width, b.height].join();
    if (now === last) { if (++same >= 3) return true; } else { same = 0; last = now; }
  }
  throw new Error(`the page did not settle within ${ms / 1000} s`);
}
"""
"""``[element, ms]``: wait until ``element`` keeps its place and size for three animation frames (a
layout change has finished), instead of a fixed pause."""


def settled(locator) -> None:
    locator.evaluate("(e, [js, ms]) => eval(js)([e, ms])", [SETTLED_JS, TIMEOUT])


def lab_url(servers, token, path="lab") -> str:
    return f"{servers['lab']}/{path}?reset&token={token}"


SHUTDOWN_JS = """
async ([paths, ms]) => {
  for (const path of paths) {
    const w = window.jupyterapp.shell.widgets('main').find(x => x.context && x.context.path === path);
    await window.liurenWithin(w.sessionContext.shutdown(), ms, `${path}: kernel shutdown`);
  }
}
"""
"""Shut a group's kernels down once they are done with: the panels (and what they drew) stay open."""

THEME_JS = "async theme => { await window.jupyterapp.commands.execute('apputils:change-theme', {theme}); }"
DARKNESS_JS = """dark => {
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
    return ((r + g + b) / 3 < 128) === dark;
}"""


def set_theme(page, theme: str) -> None:
    """Switch JupyterLab's theme and wait until its stylesheet has applied: the page's own background
    is dark (or light), not a fixed pause, and the splash JupyterLab lays over the page while it changes
    themes is gone (a screenshot taken under it shows the page dimmed, with its spinner)."""
    page.evaluate(THEME_JS, theme)
    page.wait_for_function("t => document.body.dataset.jpThemeName === t", arg=theme)
    page.wait_for_function(DARKNESS_JS, arg=theme == DARK)
    page.wait_for_selector(SPLASH, state="detached")


SPLASH = "#jupyterlab-splash"
"""The overlay JupyterLab shows (and then removes) while it loads or changes its theme."""


def shoot(page, shots: Path | None, name: str, **options: Any) -> None:
    """A screenshot ``name``.png of ``page`` into ``shots``, or none where ``shots`` is None."""
    if shots is not None:
        page.screenshot(path=str(shots / f"{name}.png"), **options)


# ------------------------------------------------------------------ the practice page
PRACTICE_PAGE = "practice.ipynb"
FULL = re.compile(r"복습 (\d+) · 새 문제 (\d+) · 오늘 푼 문제 (\d+) \(맞음 (\d+)\)")
"""The day's line in full: due now, new left today, answered today, right today."""


def shown_item(widget) -> Item:
    """The level 1 item the page shows (today's practice opens on level 1 for a new learner)."""
    spec = widget.locator("[data-liuren-spec]").get_attribute("data-liuren-spec")
    assert spec
    level = get_level(1)
    return Item(Chart.parse(spec), level.cells, level)


def typed_boxes(item: Item, **override: str) -> list[str]:
    """The right answer as typed into the item's boxes, in order (but the boxes in ``override``)."""
    given = {part: as_text(part, value) for part, value in solution(item).items()}
    return [override.get(part, given[part]) for part in item.parts]


IDLES_JS = """
path => {
  const w = window.jupyterapp.shell.widgets('main').find(x => x.context && x.context.path === path);
  const kernel = w.sessionContext.session.kernel, seen = (window.liurenIdles = window.liurenIdles || {});
  if (!seen[kernel.id]) {
    seen[kernel.id] = {idles: 0, kernel};
    kernel.statusChanged.connect((_, status) => { if (status === 'idle') seen[kernel.id].idles++; });
  }
  return [kernel.id, seen[kernel.id].idles];
}
"""
"""``path`` → ``[kernel id, times its kernel went idle]`` (counted from the first call on the page)."""
HANDLED_JS = (
    "([id, idles]) => { const s = window.liurenIdles[id]; return s.idles > idles && s.kernel.status === 'idle'; }"
)
"""The kernel has gone idle since ``idles`` and is idle now: it has handled what the page sent it, and
the page has applied every widget update the handler sent (the kernel's status messages come after them)."""


def press(widget, name: str) -> None:
    """Click the page's button ``name`` and wait until the kernel has handled the click: the widget then
    shows all of the click's outcome (the page applies the kernel's updates one message at a time; 「다음」
    clears the verdict before it sends the next question and empties the boxes, so a wait on the
    verdict's going read the old question, and typing could be emptied under the learner's hands)."""
    page = widget.page
    before = page.evaluate(IDLES_JS, PRACTICE_PAGE)
    widget.get_by_role("button", name=name).click()
    page.wait_for_function(HANDLED_JS, arg=before)


def answer(widget, text: str | list[str], verdict: str) -> None:
    """Type ``text`` into the boxes in order (one string: the first box), press Enter in the last and wait
    for ``verdict`` and for the kernel to have finished grading (the counts follow the verdict)."""
    texts = [text] if isinstance(text, str) else text
    boxes = widget.locator("input[type=text]")
    before = widget.page.evaluate(IDLES_JS, PRACTICE_PAGE)
    for n, value in enumerate(texts):
        boxes.nth(n).fill(value)
    boxes.nth(len(texts) - 1).press("Enter")
    widget.get_by_text(verdict).first.wait_for()
    widget.page.wait_for_function(HANDLED_JS, arg=before)


def counts(widget) -> tuple[int, int, int, int]:
    """(due now, new left, answered today, right today) as the line above the question says."""
    text = widget.inner_text()
    m = FULL.search(text)
    assert m, text
    return int(m.group(1)), int(m.group(2)), int(m.group(3)), int(m.group(4))
