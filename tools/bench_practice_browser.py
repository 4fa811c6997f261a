"""What a Practice widget update costs in a real JupyterLab, as a learner sees it: the time from a click
to the page showing the kernel's answer (median over ``--rounds`` rounds, at least 30).

    python tools/bench_practice_browser.py [--rounds N] [--baseline REV]

Starts JupyterLab (127.0.0.1, a free port, a token, its own Jupyter folders and a throwaway store) on a
one-cell notebook that shows ``Practice(<store>, lang="ko", seed=1, level=4)``, opens it in Debian's
chromium (Playwright, as tests/chromium.py launches it), runs it, and then each round:

* ``check``: a 三傳 typed into its box and committed with Enter (not timed), then a click on 확인,
  until the verdict is shown
  (the kernel grades the answer, records the review in the store and redraws the widget);
* ``next``: a click on 다음, until the verdict is gone (a new item dealt and drawn);
* ``dashboard``: a click on the 진도 tab, until it shows this round's number of answers (the summary
  computed from the store and drawn as HTML with its SVG plot); then back to the first tab (not timed).

Each update is a real click (Playwright's), timed in the page (``performance.now()``) from the moment
the click acts: the release for a button (an ipywidgets button acts on ``click``), the press for a tab
(Lumino selects a tab as it is pressed), i.e. the first of the release and the page's message to the
kernel. Playwright sends the press and the release as two commands to the browser, so the time between
them is the harness's own (a hand holds a button down longer); its median is printed (``press``). The
update is timed until the next frame drawn after the widget's DOM changed as expected (**shown**: what
the learner waits for, and what the target of at most 50 ms is about), and until the next frame after
the kernel also reported idle for every message the click sent (**settled**: every part of the update
is in the page). Also counted, from the page's kernel connection: the messages the kernel sent the
page per update (``comm_open`` of new widgets, ``comm_msg`` of changed values) and their JSON's size.

``--baseline REV`` measures the liuren of the git revision REV (e.g. ``main``, its ``liuren/`` folder
unpacked into the temporary folder) beside this checkout's, in a second notebook, kernel and tab of the
same JupyterLab and browser, the rounds interleaved (this checkout first in odd rounds, the baseline
first in even ones) so a busy machine slows both alike; the ratio of the medians is printed. The times
fall on the page's frames (16.7 ms apart at 60 Hz), so a median moves by whole frames from run to run
on a busy machine: compare the two sides of one run, and several runs.

Prints the median, p90 and max of each action and of all together, and the machine; nothing here is a
test. A page that fails (JupyterLab not starting, the cell raising, a widget that does not update within
60 s, the browser tab crashing) ends the run with exit status 1 and a message saying which, with the
end of the server's log. The server and its kernels are stopped by their ids.
"""

from __future__ import annotations

import argparse
import io
import os
import secrets
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import nbformat  # noqa: E402

from tests.chromium import CHROMIUM, MISSING, launch  # noqa: E402
from tests.servers import Server, as_root, free_port  # noqa: E402

MIN_ROUNDS = 30
ACTIONS = ("check", "next", "dashboard")
UPDATE_TIMEOUT = 60_000  # ms
OPEN_TIMEOUT = 300_000  # ms, for JupyterLab to load and the cell to run on a busy machine
CELL = """{prelude}from liuren.practice.widget import Practice

Practice({store!r}, lang="ko", seed=1, level=4)"""
BASELINE_PRELUDE = """import sys

sys.path.insert(0, {folder!r})
import liuren

assert liuren.__file__.startswith({folder!r}), liuren.__file__

"""
VERDICT = "맞았다|틀렸다|다른 학파로는"
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
  const kernel = w.sessionContext.session.kernel;
  await kernel.info;
  const log = window.liurenLog = {pending: new Set(), sent: 0, opens: 0, updates: 0, bytes: 0, tick: null, onSend: null};
  kernel.anyMessage.connect((_, {msg, direction}) => {
    const type = msg.header.msg_type;
    if (direction === 'send') {
      if (type === 'comm_msg') { log.pending.add(msg.header.msg_id); log.sent += 1; }
      if (log.onSend) log.onSend();
      return;
    }
    if (type === 'comm_open' || type === 'comm_msg') {
      log[type === 'comm_open' ? 'opens' : 'updates'] += 1;
      log.bytes += JSON.stringify(msg.content).length;
    } else if (type === 'status' && msg.content.execution_state === 'idle') {
      log.pending.delete(msg.parent_header.msg_id);
    }
    if (log.tick) log.tick();
  });
  app.commands.execute('notebook:run-all-cells');
}
"""
"""Wait for the notebook and its kernel, watch the kernel's messages (``window.liurenLog``: the comm
messages the page sent that the kernel has not yet answered idle to, and what the kernel sent), then
Run All (what a learner clicks)."""
READY_JS = """
() => {
  const spec = document.querySelector('.liuren-practice [data-liuren-spec]');
  const error = document.querySelector('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]');
  return spec ? 'ready' : error ? 'error: ' + error.innerText.slice(-1500) : false;
}
"""
"""The widget with its question, or the text of the cell's error output (a traceback)."""
ARM_JS = """
([pattern, want]) => {
  const root = document.querySelector('.liuren-practice');
  const shows = () => new RegExp(pattern).test(root.textContent) === want;
  const log = window.liurenLog;
  log.sent = log.opens = log.updates = log.bytes = 0;
  const bench = window.liurenBench = {press: null, start: null, shown: null, settled: null, opens: 0, updates: 0, bytes: 0};
  let shown = false, settled = false;
  const pressed = () => { if (bench.press === null) { bench.press = performance.now(); log.sent = 0; } };
  const acted = () => { if (bench.press !== null && bench.start === null) bench.start = performance.now(); };
  for (const name of ['pointerdown', 'mousedown']) root.addEventListener(name, pressed, {capture: true, once: true});
  for (const name of ['pointerup', 'mouseup', 'click']) root.addEventListener(name, acted, {capture: true, once: true});
  log.onSend = acted;
  const tick = () => {
    if (bench.start === null) return;
    if (!shown && shows()) {
      shown = true;
      requestAnimationFrame(() => { bench.shown = performance.now(); });
    }
    if (shown && !settled && log.sent > 0 && log.pending.size === 0) {
      settled = true;
      seen.disconnect();
      log.tick = log.onSend = null;
      Object.assign(bench, {opens: log.opens, updates: log.updates, bytes: log.bytes});
      requestAnimationFrame(() => { bench.settled = performance.now(); });
    }
  };
  const seen = new MutationObserver(tick);
  seen.observe(root, {subtree: true, childList: true, characterData: true, attributes: true});
  log.tick = tick;
}
"""
"""``[pattern, wanted]``: watch the widget from the next pointer press in it until its text matches
``pattern`` (or stops matching, ``wanted`` false), then also until the kernel has answered idle to each
comm message sent since the press; the next frame after each lands in ``window.liurenBench`` with the
kernel's messages counted."""
SETTLED_JS = "() => window.liurenLog.sent > 0 && window.liurenLog.pending.size === 0"
FRAMES_JS = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


class PageFailed(RuntimeError):
    """The page did not do what a learner's page does; the message says what."""


@dataclass
class Side:
    """One liuren under measurement: its notebook, its page and what was measured."""

    name: str
    notebook: str
    page: Any = None
    widget: Any = None
    shown: dict[str, list[float]] = field(default_factory=lambda: {a: [] for a in ACTIONS})
    settled: dict[str, list[float]] = field(default_factory=lambda: {a: [] for a in ACTIONS})
    messages: dict[str, list[tuple[int, int, int]]] = field(default_factory=lambda: {a: [] for a in ACTIONS})
    presses: dict[str, list[float]] = field(default_factory=lambda: {a: [] for a in ACTIONS})
    errors: list[str] = field(default_factory=list)


def update(side: Side, action: str, target: Any, pattern: str, want: bool) -> None:
    """Click ``target`` (a real click, by Playwright) and record the milliseconds, measured in the page,
    from the press until the widget showed the update and until it settled (see :data:`ARM_JS`)."""
    from playwright.sync_api import Error as PlaywrightError

    page = side.page
    page.evaluate(ARM_JS, [pattern, want])
    target.click()
    try:
        page.wait_for_function("window.liurenBench.settled !== null", timeout=UPDATE_TIMEOUT)
    except PlaywrightError:
        raise PageFailed(
            f"{side.name}: {action}: no update matching {pattern!r} (wanted {want}) with the kernel idle within "
            f"{UPDATE_TIMEOUT // 1000} s; the page's errors: {side.errors[-3:]}; the widget showed: "
            f"{_widget_text(page)!r}"
        ) from None
    bench = page.evaluate("window.liurenBench")
    side.shown[action].append(float(bench["shown"] - bench["start"]))
    side.settled[action].append(float(bench["settled"] - bench["start"]))
    side.messages[action].append((int(bench["opens"]), int(bench["updates"]), int(bench["bytes"])))
    side.presses[action].append(float(bench["start"] - bench["press"]))


def _widget_text(page: Any) -> str:
    try:
        return str(page.evaluate("(document.querySelector('.liuren-practice') || document.body).innerText"))[-600:]
    except Exception as error:  # the page itself may be gone
        return f"(unreadable: {error})"


def untimed(side: Side, what: str, act: Any) -> None:
    """Do ``act`` (an Enter, a tab's click) and wait until the page sent the kernel its message, the
    kernel answered idle and two frames were drawn: nothing of it is left to slow the next timed click."""
    from playwright.sync_api import Error as PlaywrightError

    side.page.evaluate("window.liurenLog.sent = 0")
    act()
    try:
        side.page.wait_for_function(SETTLED_JS, timeout=UPDATE_TIMEOUT)
    except PlaywrightError:
        raise PageFailed(f"{side.name}: {what}: the kernel did not answer within {UPDATE_TIMEOUT // 1000} s") from None
    side.page.evaluate(FRAMES_JS)


def open_side(context: Any, side: Side, port: int, token: str) -> None:
    """Open ``side``'s notebook in a tab of its own (its own JupyterLab workspace), run it and wait for
    the widget; a cell that raises fails at once with its traceback."""
    from playwright.sync_api import Error as PlaywrightError

    page = side.page = context.new_page()
    page.on("crash", lambda _: side.errors.append("the tab crashed"))
    page.on("pageerror", lambda error: side.errors.append(str(error)[:300]))
    url = f"http://127.0.0.1:{port}/lab/workspaces/{Path(side.notebook).stem}/tree/{side.notebook}?reset&token={token}"
    try:
        page.goto(url, timeout=OPEN_TIMEOUT)
        page.wait_for_function("window.jupyterapp", timeout=OPEN_TIMEOUT)
        page.evaluate(OPEN_AND_RUN_JS, OPEN_TIMEOUT)
        state = page.wait_for_function(READY_JS, timeout=OPEN_TIMEOUT).json_value()
    except PlaywrightError as error:
        raise PageFailed(
            f"{side.name}: the notebook did not open and show the widget: {str(error).splitlines()[0]}; "
            f"the page's errors: {side.errors[-3:]}"
        ) from None
    if state != "ready":
        raise PageFailed(f"{side.name}: the cell failed:\n{state}")
    side.widget = page.locator(".liuren-practice")


def one_round(side: Side, n: int) -> None:
    """Check, dashboard and next once on ``side`` (the ``n``-th round: its ``n`` answers)."""
    side.page.bring_to_front()
    widget = side.widget
    button = {name: widget.get_by_role("button", name=name, exact=True) for name in ("확인", "다음")}
    tab = {name: widget.get_by_role("tab", name=name, exact=True) for name in ("문제", "진도")}
    box = widget.locator("input[type=text]").nth(1)  # the 三傳 box of level 4
    box.fill("子丑寅")
    # Enter commits the box's value to the kernel (the other boxes stay empty)
    untimed(side, "Enter in the 三傳 box", lambda: box.press("Enter"))
    update(side, "check", button["확인"], VERDICT, True)
    update(side, "dashboard", tab["진도"], f"모두 {n}문제", True)
    untimed(side, "back to the first tab", tab["문제"].click)
    update(side, "next", button["다음"], VERDICT, False)


def baseline_folder(rev: str, tmp: Path) -> tuple[Path, str]:
    """The ``liuren/`` folder of git revision ``rev``, unpacked under ``tmp``; and the commit's short id."""
    try:
        commit = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", f"{rev}^{{commit}}"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        tar = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "liuren"], check=True, capture_output=True)
    except subprocess.CalledProcessError as error:
        sys.exit(f"bench_practice_browser: --baseline {rev}: git says {error.stderr.strip()!r}")
    folder = tmp / "baseline"
    with tarfile.open(fileobj=io.BytesIO(tar.stdout)) as archive:
        archive.extractall(folder, filter="data")
    return folder, commit


def run(rounds: int, tmp: Path, baseline: str | None) -> list[Side]:
    from playwright.sync_api import sync_playwright

    from tests.servers import lab_env

    folder = tmp / "notebooks"
    folder.mkdir()
    sides = [Side("current", "current.ipynb")]
    preludes = {"current.ipynb": ""}
    if baseline is not None:
        code, commit = baseline_folder(baseline, tmp)
        sides.append(Side(f"baseline {commit}", "baseline.ipynb"))
        preludes["baseline.ipynb"] = BASELINE_PRELUDE.format(folder=str(code))
    for side in sides:
        prelude = preludes[side.notebook]
        cell = CELL.format(prelude=prelude, store=str(tmp / f"{side.notebook}.sqlite3"))
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(cell)])  # type: ignore[no-untyped-call]
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(nb, folder / side.notebook)  # type: ignore[no-untyped-call]
    token, port = secrets.token_hex(16), free_port()
    env = lab_env(tmp / "lab-home")
    argv = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ServerApp.ip=127.0.0.1"]
    argv += [f"--ServerApp.port={port}", "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}"]
    argv += ["--LabApp.expose_app_in_browser=True", *as_root()]
    server = Server("jupyter lab", argv, folder, env, port, tmp / "lab.log")
    try:
        try:
            server.wait_listening()
        except AssertionError as error:
            raise PageFailed(str(error)) from None
        with sync_playwright() as p:
            context = launch(p, tmp / "profile", viewport={"width": 1100, "height": 900})
            try:
                for side in sides:
                    open_side(context, side, port, token)
                for page in context.pages:
                    if all(page is not side.page for side in sides):
                        page.close()  # the blank tab the browser opened with
                for n in range(1, rounds + 1):
                    for side in sides if n % 2 else sides[::-1]:
                        one_round(side, n)
            finally:
                context.close()
    except PageFailed as error:
        raise PageFailed(f"{error}\n--- the end of JupyterLab's log:\n{server.tail()[-1500:]}") from None
    finally:
        server.stop()
    return sides


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):6.1f}  p90 {p90:6.1f}  max {ordered[-1]:6.1f}"


def messages(rows: list[tuple[int, int, int]], presses: list[float]) -> str:
    opens = statistics.mean(r[0] for r in rows)
    updates = statistics.mean(r[1] for r in rows)
    kb = statistics.mean(r[2] for r in rows) / 1000
    return f"{statistics.median(presses):5.1f}  {opens:4.1f} new widgets, {updates:4.1f} values, {kb:5.1f} kB"


def machine() -> str:
    load = os.getloadavg()
    return f"{os.cpu_count()} cores, load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}"


def report(sides: list[Side], seconds: float) -> None:
    print(f"Practice widget updates in JupyterLab, ms ({machine()}; {seconds:.0f} s in all):")
    for side in sides:
        n = len(side.shown["check"])
        print(f"{side.name} (n={n} rounds)")
        print(f"  {'':<10} {'shown':<38} {'settled':<38} press  messages from the kernel")
        for action in ACTIONS:
            shown, settled = summary(side.shown[action]), summary(side.settled[action])
            print(f"  {action:<10} {shown}   {settled}   {messages(side.messages[action], side.presses[action])}")
        every = [t for values in side.shown.values() for t in values]
        every_settled = [t for values in side.settled.values() for t in values]
        print(f"  {'all':<10} {summary(every)}   {summary(every_settled)}")
    if len(sides) == 2:
        current, base = sides
        print(f"median {current.name} / {base.name} (shown, settled):")
        for action in (*ACTIONS, "all"):
            ratios = []
            for kind in ("shown", "settled"):
                mine, theirs = getattr(current, kind), getattr(base, kind)
                a = mine[action] if action != "all" else [t for v in mine.values() for t in v]
                b = theirs[action] if action != "all" else [t for v in theirs.values() for t in v]
                ratios.append(f"{statistics.median(a) / statistics.median(b):.2f}")
            print(f"  {action:<10} {'  '.join(ratios)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=MIN_ROUNDS)
    parser.add_argument("--baseline", metavar="REV", help="also measure the liuren of this git revision")
    args = parser.parse_args()
    if args.rounds < MIN_ROUNDS:
        parser.error(f"--rounds must be at least {MIN_ROUNDS}")
    if not CHROMIUM.exists():
        sys.exit(MISSING)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bench-practice-browser-") as tmp:
        try:
            sides = run(args.rounds, Path(tmp), args.baseline)
        except PageFailed as error:
            print(f"bench_practice_browser: the page failed, nothing measured: {error}", file=sys.stderr)
            sys.exit(1)
    report(sides, time.perf_counter() - start)


if __name__ == "__main__":
    main()
