"""What a Practice widget update costs in a real JupyterLab, as a learner sees it: the time from a click
to the page showing the kernel's answer (median over ``--rounds`` rounds, at least 30).

    python tools/bench_practice_browser.py [--rounds N]

Starts JupyterLab (127.0.0.1, a free port, a token, its own Jupyter folders and a throwaway store in
``$LIUREN_STORE``) on a one-cell notebook that shows ``Practice(lang="ko", seed=1, level=4)``, opens
it in Debian's chromium (Playwright, as tests/chromium.py launches it), runs it, and then each round:

* ``check``: a 三傳 typed into its box and committed with Enter (not timed), then a click on 확인,
  until the verdict is shown
  (the kernel grades the answer, records the review in the store and redraws the widget);
* ``next``: a click on 다음, until the verdict is gone (a new item dealt and drawn);
* ``dashboard``: a click on the 진도 tab, until it shows this round's number of answers (the summary
  computed from the store and drawn as HTML with its SVG plot); then back to the first tab (not timed).

Each update is a real click (Playwright's), timed in the page (``performance.now()``) from the press
until the widget's DOM changed as expected and the next frame was drawn, so Playwright's own round
trips are not counted. Prints the
median, p90 and max of each and of all together, and the machine; nothing here is a test. The server
and its kernel are stopped by their ids.
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import nbformat  # noqa: E402

from tests.chromium import CHROMIUM, MISSING, launch  # noqa: E402
from tests.servers import Server, as_root, free_port  # noqa: E402

MIN_ROUNDS = 30
CELL = 'from liuren.practice.widget import Practice\n\nPractice(lang="ko", seed=1, level=4)'
VERDICT = "맞았습니다|틀렸습니다|다른 학파로는"
OPEN_AND_RUN_JS = """
async ms => {
  const app = window.jupyterapp, end = Date.now() + ms;
  await app.restored;
  let w;
  while (!(w = app.shell.currentWidget) || !w.sessionContext || !w.context) {
    if (Date.now() > end) throw new Error('no notebook opened');
    await new Promise(r => setTimeout(r, 50));
  }
  await w.context.ready;
  await w.sessionContext.ready;
  await w.sessionContext.session.kernel.info;
  app.commands.execute('notebook:run-all-cells');
}
"""
"""Wait for the notebook and its kernel, then Run All (what a learner clicks)."""
ARM_JS = """
([pattern, want]) => {
  const root = document.querySelector('.liuren-practice');
  const shows = () => new RegExp(pattern).test(root.textContent) === want;
  const bench = window.liurenBench = {start: null, done: null};
  const began = () => { if (bench.start === null) bench.start = performance.now(); };
  for (const name of ['pointerdown', 'mousedown', 'click']) root.addEventListener(name, began, {capture: true, once: true});
  const seen = new MutationObserver(() => {
    if (bench.start !== null && shows()) {
      seen.disconnect();
      requestAnimationFrame(() => { bench.done = performance.now(); });
    }
  });
  seen.observe(root, {subtree: true, childList: true, characterData: true, attributes: true});
}
"""
"""``[pattern, wanted]``: watch the widget from the next pointer press in it until its text matches
``pattern`` (or stops matching, ``wanted`` false) and the next frame is drawn; the times land in
``window.liurenBench``."""


def update(page: Any, target: Any, pattern: str, want: bool) -> float:
    """Click ``target`` (a real click, by Playwright) and return the milliseconds, measured in the page,
    from the press until the widget showed the update (see :data:`ARM_JS`)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.evaluate(ARM_JS, [pattern, want])
    target.click()
    try:
        page.wait_for_function("window.liurenBench.done !== null", timeout=60_000)
    except PlaywrightTimeout:
        shown = page.evaluate("[window.liurenBench, document.querySelector('.liuren-practice').innerText]")
        raise RuntimeError(f"no update matching {pattern!r} (wanted {want}) within 60 s: {shown}") from None
    return float(page.evaluate("window.liurenBench.done - window.liurenBench.start"))


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):7.1f} ms   p90 {p90:7.1f} ms   max {ordered[-1]:7.1f} ms   (n={len(ordered)})"


def machine() -> str:
    load = os.getloadavg()
    return f"{os.cpu_count()} cores, load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}"


def run(rounds: int, tmp: Path) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    from tests.test_jupyterlab import lab_env

    folder = tmp / "notebooks"
    folder.mkdir()
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(CELL)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / "bench.ipynb")
    token, port = secrets.token_hex(16), free_port()
    env = lab_env(tmp / "lab-home")
    env["LIUREN_STORE"] = str(tmp / "store.sqlite3")
    argv = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ServerApp.ip=127.0.0.1"]
    argv += [f"--ServerApp.port={port}", "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}"]
    argv += ["--LabApp.expose_app_in_browser=True", *as_root()]
    server = Server("jupyter lab", argv, folder, env, port, tmp / "lab.log")
    times: dict[str, list[float]] = {"check": [], "next": [], "dashboard": []}
    try:
        server.wait_listening()
        with sync_playwright() as p:
            context = launch(p, tmp / "profile", viewport={"width": 1100, "height": 900})
            try:
                page = context.pages[0] if context.pages else context.new_page()
                page.goto(f"http://127.0.0.1:{port}/lab/tree/bench.ipynb?reset&token={token}", timeout=300_000)
                page.wait_for_function("window.jupyterapp", timeout=300_000)
                page.evaluate(OPEN_AND_RUN_JS, 300_000)
                widget = page.locator(".liuren-practice")
                widget.locator("[data-liuren-spec]").wait_for(timeout=300_000)
                button = {name: widget.get_by_role("button", name=name, exact=True) for name in ("확인", "다음")}
                tab = {name: widget.get_by_role("tab", name=name, exact=True) for name in ("문제", "진도")}
                for n in range(1, rounds + 1):
                    box = widget.locator("input[type=text]").nth(1)  # the 三傳 box of level 4
                    box.fill("子丑寅")
                    box.press("Enter")  # commits the box's value to the kernel (the other boxes stay empty)
                    times["check"].append(update(page, button["확인"], VERDICT, True))
                    times["dashboard"].append(update(page, tab["진도"], f"모두 {n}문제", True))
                    tab["문제"].click()
                    times["next"].append(update(page, button["다음"], VERDICT, False))
            finally:
                context.close()
    finally:
        server.stop()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=MIN_ROUNDS)
    args = parser.parse_args()
    if args.rounds < MIN_ROUNDS:
        parser.error(f"--rounds must be at least {MIN_ROUNDS}")
    if not CHROMIUM.exists():
        sys.exit(MISSING)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bench-practice-browser-") as tmp:
        times = run(args.rounds, Path(tmp))
    print(f"Practice widget updates in JupyterLab ({machine()}; {time.perf_counter() - start:.0f} s in all):")
    for name, values in times.items():
        print(f"  {name:<10} {summary(values)}")
    print(f"  {'all':<10} {summary([t for values in times.values() for t in values])}")


if __name__ == "__main__":
    main()
