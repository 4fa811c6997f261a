"""What one machine serves: the three ways side by side for one learner, then N learners on Voilà.

    .venv/bin/python tools/bench_classroom.py              # side by side, then 10 Voilà pages
    .venv/bin/python tools/bench_classroom.py --pages 20 --rounds 8
    .venv/bin/python tools/bench_classroom.py --only compare --repeat 3

Side by side (``--only compare``), in one run and alternating, ``--repeat`` times each: one learner
opens the classroom page (1) in the JupyterLite site as tools/build_lite.py builds it now, (2) in the
same site with JupyterLite's service-worker cache turned the other way (``enableServiceWorkerCache``),
(3) in the site as it was built before its start was cut (``build_lite --as-before``: ipywidgets and
tzdata loaded at the kernel's start, the course inside liuren's wheel), each served by README's
``python3 -m http.server``, (4) in JupyterLab (the page opened, Run All as soon as its kernel is ready)
and (5) in Voilà, each in a fresh chromium (a new profile: a first visit, cold); all but Voilà then
once more on the same profile (a second visit, warm: the browser's HTTP cache, service workers and
storage kept). ``--ways`` picks some of them (``lite,sw,before,lab,voila``). Nothing is intercepted
(Playwright's request routing would turn the browser's cache off and make every visit a first one):
the sites are copies whose settings expose the app for the timing, and the requests that reached the
static server in each visit are counted from its log, with how many it answered 304 (Not Modified).
Each visit is timed from the page's first request to the
kernel ready and to the explorer's first 課盤, with the machine's load average then; memory is the
resident set (RSS) added on the server (the kernel; the server process itself) and in the browser (the
sum over chromium's processes, after minus before: for JupyterLite this is where Python runs, in a web
worker). The site's build is timed (from the download cache, after one build that fills it), and its
size is its folder's and what one learner downloads on a first visit (the distinct files requested).

Then (``--only voila``) the load of a class on one Voilà server:

Starts Voilà on notebooks/classroom.ipynb (127.0.0.1, a free port, a token, as README's "Teaching with
it" says, with its notebooks/voila.json), opens N pages in Debian's chromium (Playwright) at the same moment and measures:

* time to the first chart: from the moment all N pages start loading until each explorer shows its 課盤
  (Voilà starts one kernel per page and runs the notebook in it);
* kernel memory: the resident set (RSS) of each page's kernel process once every page is up, and after
  the updates;
* update latency while all N are busy: every page changes its day and hour ``--rounds`` times, all
  pages at once, and each change is timed from the dropdown's change to the new 課盤 being drawn.

Prints the numbers and the machine (cores, memory, load); nothing here is a test.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import shutil
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.chromium import ARGS, CHROMIUM, MISSING, launch  # noqa: E402
from tests.servers import Server, as_root, children, free_port, jupyter_env  # noqa: E402

CARD = 'div[lang="zh-Hant"]'
DAYS = ("甲子", "丁卯", "庚午", "癸酉", "丙子", "己卯", "壬午", "乙酉", "戊子", "辛卯", "甲午", "丁酉")
HOURS = ("子", "丑", "寅", "卯", "辰", "巳", "午", "未", "申", "酉", "戌", "亥")
CHANGED = """([day, hour]) => [...document.querySelectorAll('.liuren-explorer div[lang="zh-Hant"]')]
    .some(c => c.textContent.startsWith(day + '日 | ' + hour + '時'))"""


def rss_mb(pid: int) -> float:
    for line in (Path("/proc") / str(pid) / "status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_s(pid: int) -> float:
    """User + system CPU seconds a process has used."""
    fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine() -> str:
    mem = next(line for line in Path("/proc/meminfo").read_text().splitlines() if line.startswith("MemTotal"))
    load = os.getloadavg()
    return f"{os.cpu_count()} cores, {int(mem.split()[1]) / 1024 / 1024:.1f} GiB, load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} at start"


def summary(values: list[float], unit: str = "s") -> str:
    values = sorted(values)
    p90 = values[min(len(values) - 1, round(0.9 * (len(values) - 1)))]
    return f"median {statistics.median(values):.2f} {unit}, p90 {p90:.2f} {unit}, max {values[-1]:.2f} {unit} (n={len(values)})"


async def drive(page: Any, index: int, rounds: int) -> list[float]:
    """Change the day, then the hour, ``rounds`` times; each change timed until its 課盤 is drawn."""
    times, hour = [], "午"  # the classroom page starts at 丙申日 午時
    controls = [page.locator(f".liuren-explorer .{marker} select").first for marker in ("liuren-day", "liuren-hour")]
    for r in range(rounds):
        day, new_hour = DAYS[(index + r) % len(DAYS)], HOURS[(3 * index + 5 * r + 1) % len(HOURS)]
        for control, value, shown in ((0, day, (day, hour)), (1, f"{new_hour}時", (day, new_hour))):
            start = time.perf_counter()
            await controls[control].select_option(label=value, timeout=120_000)
            await page.wait_for_function(CHANGED, arg=list(shown), timeout=120_000)
            times.append(time.perf_counter() - start)
        hour = new_hour
    return times


async def bench(pages: int, rounds: int, url: str, server: Server) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        contexts = [await browser.new_context(viewport={"width": 1100, "height": 900}) for _ in range(pages)]
        tabs = [await c.new_page() for c in contexts]
        start = time.perf_counter()

        async def first_chart(page: Any) -> tuple[float, float]:
            await page.goto(url, timeout=300_000, wait_until="commit")
            served = time.perf_counter() - start  # the server answered (its kernel has run the page)
            await page.wait_for_selector(f".liuren-explorer {CARD}", timeout=300_000)
            return served, time.perf_counter() - start

        timings = await asyncio.gather(*(first_chart(t) for t in tabs))
        served, first = [s for s, _ in timings], [f for _, f in timings]
        kernels = server.kernels()
        up = [rss_mb(pid) for pid in kernels]
        cpu_up = {pid: cpu_s(pid) for pid in kernels}
        server_cpu = cpu_s(server.proc.pid)
        driving = time.perf_counter()
        latency = await asyncio.gather(*(drive(t, i, rounds) for i, t in enumerate(tabs)))
        driving = time.perf_counter() - driving
        after = [rss_mb(pid) for pid in server.kernels()]
        cpu_driving = sum(cpu_s(pid) - cpu_up[pid] for pid in kernels) + cpu_s(server.proc.pid) - server_cpu
        server_rss = rss_mb(server.proc.pid)
        await browser.close()
    return {
        "first": first,
        "served": served,
        "kernels": len(kernels),
        "rss_up": up,
        "rss_after": after,
        "latency": [t for page in latency for t in page],
        "server_rss": server_rss,
        "driving": driving,
        "cpu_up": list(cpu_up.values()),
        "server_cpu_up": server_cpu,
        "cpu_driving": cpu_driving,
    }


# ------------------------------------------------------------------ one learner, three ways
OPEN_NOTEBOOK_JS = """
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
"""Wait for the page's notebook and its kernel, then Run All (what a learner clicks), without waiting for it."""


def descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        kids = children(todo.pop())
        found += kids
        todo += kids
    return found


def browser_rss_mb() -> float:
    """The summed RSS of every chromium process this process started (through Playwright's driver)."""
    total = 0.0
    for pid in descendants(os.getpid()):
        with contextlib.suppress(OSError):
            if b"chrom" in (Path("/proc") / str(pid) / "cmdline").read_bytes()[:200]:
                total += rss_mb(pid)
    return total


def one_learner(
    p: Any, tmp: Path, way: str, url: str, server: Server | None, profile: Path | None = None
) -> dict[str, Any]:
    """Open ``url`` as one learner in chromium: seconds to the kernel ready and to the first chart, memory
    added, the files the page asked for and how many requests reached the server. A new profile (a first
    visit, cold) unless ``profile`` names one already used (a second visit, warm: the browser's HTTP cache,
    its service workers and their caches, IndexedDB and compiled code kept from the first). Nothing is
    intercepted: Playwright's request routing would turn the browser's HTTP cache off (every visit a cold
    one), so the sites are served with the app exposed in their own settings (:func:`exposed_site`)."""
    profile = profile or tmp / f"profile-{way}-{secrets.token_hex(4)}"
    context = launch(p, profile, viewport={"width": 1100, "height": 900})
    files: set[str] = set()
    context.on("request", lambda r: files.add(r.url.split("?")[0]))
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto("about:blank")
        time.sleep(1)
        before, kernels_before = browser_rss_mb(), set(server.kernels()) if server else set()
        served = len(served_requests(server))
        start = time.perf_counter()
        page.goto(url, timeout=300_000)
        if way != "voila":
            page.wait_for_function("window.jupyterapp", timeout=300_000)
            page.evaluate(OPEN_NOTEBOOK_JS, 300_000)
            ready = time.perf_counter() - start
        page.wait_for_selector(f".liuren-explorer {CARD}", timeout=300_000)
        first = time.perf_counter() - start
        if way == "voila":
            ready = first
        time.sleep(2)  # let the page settle (the plate drawing, the worker's memory)
        kernels = [k for k in (server.kernels() if server else []) if k not in kernels_before]
        return {
            "first": first,
            "ready": ready,
            "browser": browser_rss_mb() - before,
            "kernel": sum(rss_mb(k) for k in kernels),
            "server": rss_mb(server.proc.pid) if server else 0.0,
            "files": files,
            **answered(served_requests(server)[served:]),
            "profile": profile,
            "load": os.getloadavg()[0],
        }
    finally:
        context.close()


def served_requests(server: Server | None) -> list[str]:
    """The request lines a static server has logged so far (http.server logs every request it answers,
    ``"GET /path HTTP/1.1" 200 -``, a 304 alike); none for the Jupyter servers (not counted)."""
    if server is None or server.name != "http.server":
        return []
    return [line for line in server.log.read_text(errors="replace").splitlines() if '"GET ' in line]


def answered(lines: list[str]) -> dict[str, Any]:
    """How many requests a visit's log lines hold, and of them how many the server answered 304 (Not
    Modified: the browser's cached copy revalidated), and the paths it sent in full (200)."""
    codes = [line.rsplit('" ', 1)[-1].split()[0] for line in lines]
    full = [
        line.split('"GET ', 1)[1].split(" ", 1)[0] for line, code in zip(lines, codes, strict=True) if code == "200"
    ]
    return {"requests": len(lines), "not_modified": codes.count("304"), "full": full}


def exposed_site(site: Path, copy: Path, service_worker_cache: bool | None) -> Path:
    """A copy of the built site whose settings expose the app to the page (``window.jupyterapp``, for
    the timing) and, unless ``service_worker_cache`` is None (as built), set JupyterLite's
    ``enableServiceWorkerCache``."""
    shutil.copytree(site, copy, symlinks=True)
    path = copy / "jupyter-lite.json"
    settings = json.loads(path.read_text(encoding="utf-8"))
    settings["jupyter-config-data"]["exposeAppInBrowser"] = True
    if service_worker_cache is not None:
        settings["jupyter-config-data"]["enableServiceWorkerCache"] = service_worker_cache
    path.write_text(json.dumps(settings, indent=1), encoding="utf-8")
    return copy


def shutdown_kernels(base: str, token: str) -> None:
    """Shut down every kernel of a Jupyter server through its REST API (as JupyterLab's Shut Down does)."""
    headers = {"Authorization": f"token {token}"}
    with urllib.request.urlopen(urllib.request.Request(f"{base}/api/kernels", headers=headers), timeout=30) as reply:
        ids = [k["id"] for k in json.load(reply)]
    for kernel in ids:
        request = urllib.request.Request(f"{base}/api/kernels/{kernel}", headers=headers, method="DELETE")
        urllib.request.urlopen(request, timeout=60).close()


WAYS = {
    "lite": "JupyterLite site",
    "lite warm": "  second visit",
    "sw": "site, SW cache",
    "sw warm": "  second visit",
    "before": "site as before",
    "before warm": "  second visit",
    "lab": "JupyterLab server",
    "lab warm": "  second visit",
    "voila": "Voilà server",
}
"""The ways compared: the site as tools/build_lite.py builds it; the same site with JupyterLite's service
worker cache turned the other way (``enableServiceWorkerCache``: on when the build has it off, off when
on), to show what it does for the second visit; the site as built before its start was cut (``build_lite
--as-before``); JupyterLab, each cold (a new profile) then warm (its second visit); and Voilà (cold)."""
STATIC = ("lite", "sw", "before")
"""The ways served as static files (``python3 -m http.server``, README's command)."""


def compare(repeat: int, tmp: Path, ways: tuple[str, ...] = ("lite", "sw", "before", "lab", "voila")) -> dict[str, Any]:
    """The ways side by side (:data:`WAYS`, those in ``ways``), alternating, ``repeat`` times each."""
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tools"))
    import build_lite

    from tests.servers import lab_env

    built_site, built_before = tmp / "lite-site", tmp / "lite-before"
    build_lite.build(built_site, build_lite.default_cache(), log=lambda *a: None)  # the downloads, if any, once
    t0 = time.perf_counter()
    built = build_lite.build(built_site, build_lite.default_cache(), log=lambda *a: None)
    build_seconds = time.perf_counter() - t0
    as_built = json.loads((built_site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    sw_built = bool(as_built.get("enableServiceWorkerCache", False))
    sites = {
        "lite": exposed_site(built_site, tmp / "site-lite", None),
        "sw": exposed_site(built_site, tmp / "site-sw", not sw_built),
    }
    old = {"bytes": 0}
    if "before" in ways:
        old = build_lite.build(built_before, build_lite.default_cache(), log=lambda *a: None, lean=False)
        sites["before"] = exposed_site(built_before, tmp / "site-before", None)
    token = secrets.token_hex(16)
    copy = tmp / "copy"
    shutil.copytree(ROOT / "notebooks", copy / "notebooks")
    ports = {way: free_port() for way in ways}
    python = sys.executable
    servers: dict[str, Server] = {}
    for way in ways:
        if way in STATIC:  # README's command
            argv = [python, "-m", "http.server", "-d", str(sites[way]), "--bind", "127.0.0.1", str(ports[way])]
            servers[way] = Server("http.server", argv, tmp, dict(os.environ), ports[way], tmp / f"http-{way}.log")
    if "lab" in ways:
        servers["lab"] = Server(
            "jupyter lab",
            [
                python,
                "-m",
                "jupyter",
                "lab",
                "notebooks/",
                "--no-browser",
                "--ServerApp.ip=127.0.0.1",
                f"--ServerApp.port={ports['lab']}",
                "--ServerApp.port_retries=0",
                f"--IdentityProvider.token={token}",
                "--LabApp.expose_app_in_browser=True",
                *as_root(),
            ],
            copy,
            lab_env(tmp / "lab-home"),
            ports["lab"],
            tmp / "lab.log",
        )
    if "voila" in ways:
        servers["voila"] = Server(
            "voila",
            [
                python,
                "-m",
                "voila",
                "notebooks/classroom.ipynb",
                "--Voila.config_file_paths=notebooks",
                "--no-browser",
                "--Voila.ip=127.0.0.1",
                f"--port={ports['voila']}",
                f"--token={token}",
            ],
            copy,
            jupyter_env(tmp / "voila-home"),
            ports["voila"],
            tmp / "voila.log",
        )
    urls = {
        way: f"http://127.0.0.1:{ports[way]}/notebooks/index.html?path=classroom.ipynb" for way in STATIC if way in ways
    }
    urls["lab"] = f"http://127.0.0.1:{ports.get('lab')}/lab/tree/classroom.ipynb?reset&token={token}"
    urls["voila"] = f"http://127.0.0.1:{ports.get('voila')}/?token={token}"
    runs: dict[str, list[dict[str, Any]]] = {way: [] for way in WAYS}
    try:
        for server in servers.values():
            server.wait_listening()
        with sync_playwright() as p:
            for _ in range(repeat):
                for way in ways:
                    cold = one_learner(p, tmp, way, urls[way], servers[way])
                    runs[way].append(cold)
                    if way == "lab":  # a learner's JupyterLab kernel stays until shut down: end it for the next run
                        shutdown_kernels(f"http://127.0.0.1:{ports['lab']}", token)
                    if f"{way} warm" in WAYS:  # the same learner comes back: the same profile
                        runs[f"{way} warm"].append(one_learner(p, tmp, way, urls[way], servers[way], cold["profile"]))
                        if way == "lab":
                            shutdown_kernels(f"http://127.0.0.1:{ports['lab']}", token)
    finally:
        for server in servers.values():
            server.stop()
    visits = {}
    for way in (w for w in ways if w in STATIC):
        prefix = f"http://127.0.0.1:{ports[way]}/"
        fetched = {u[len(prefix) :] for r in runs[way] for u in r["files"] if u.startswith(prefix)}
        visits[way] = sum((sites[way] / f).stat().st_size for f in fetched if (sites[way] / f).is_file())
    return {
        "runs": runs,
        "site_bytes": built["bytes"],
        "before_bytes": old["bytes"],
        "first_visit_bytes": visits.get("lite", 0),
        "before_first_visit_bytes": visits.get("before", 0),
        "build_seconds": build_seconds,
        "sw_built": sw_built,
    }


def print_compare(result: dict[str, Any]) -> None:
    runs = result["runs"]
    names = dict(WAYS, sw=f"site, SW cache {'off' if result['sw_built'] else 'on'}")
    print("one learner opens the classroom page, each way side by side (median of runs; min–max)")
    print(
        f"{'':20}{'kernel ready':>16}{'first chart':>16}{'browser +RSS':>16}{'server kernel':>16}"
        f"{'server proc':>14}{'requests/304':>14}{'load':>7}"
    )
    for way, rs in runs.items():
        if not rs:
            continue

        def cell(key: str, unit: str, rs: list[dict[str, Any]] = rs) -> str:
            v = sorted(r[key] for r in rs)
            return (
                f"{statistics.median(v):.1f} {unit} ({v[0]:.0f}–{v[-1]:.0f})"
                if unit == "s"
                else f"{statistics.median(v):.0f} {unit}"
            )

        served = way.startswith(("lab", "voila"))
        requests = statistics.median(r.get("requests", 0) for r in rs)
        asked = "—" if served else f"{requests:.0f}/{statistics.median(r.get('not_modified', 0) for r in rs):.0f}"
        print(
            f"{names[way]:20}{cell('ready', 's'):>16}{cell('first', 's'):>16}{cell('browser', 'MB'):>16}"
            f"{cell('kernel', 'MB') if served else '—':>16}{cell('server', 'MB') if served else '—':>14}"
            f"{asked:>14}"
            f"{statistics.median(r['load'] for r in rs):>7.1f}"
        )
    if runs["lab"]:
        lab = {k: statistics.median(r[k] for r in runs["lab"]) for k in ("ready", "first")}
        for way in ("lite", "lite warm", "sw", "sw warm", "before", "before warm"):
            if runs[way]:
                ratio = {k: statistics.median(r[k] for r in runs[way]) / lab[k] for k in ("ready", "first")}
                print(
                    f"{names[way].strip():20} ÷ JupyterLab (cold): kernel ready {ratio['ready']:.1f}×, first chart {ratio['first']:.1f}×"
                )
    print(
        f"JupyterLite site: {result['site_bytes'] / 1e6:.1f} MB on disk, built in {result['build_seconds']:.0f} s "
        f"(downloads cached); a learner's first visit downloads {result['first_visit_bytes'] / 1e6:.1f} MB of it"
        + (
            f" (as before: {result['before_bytes'] / 1e6:.1f} MB on disk, {result['before_first_visit_bytes'] / 1e6:.1f} MB)"
            if result["before_bytes"]
            else ""
        )
    )
    print(
        "requests: those the static server answered in the visit / of them 304 Not Modified (the browser's copy"
        " revalidated); every other file came from the browser's cache without a request"
    )
    for way in ("lite warm", "sw warm", "before warm"):
        for r in runs[way]:
            print(f"{names[way].strip()} ({names[way[:-5]]}): sent in full: {' '.join(sorted(r['full'])) or 'none'}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=5, help="rounds of (day, hour) changes per page")
    parser.add_argument(
        "--preheat",
        type=int,
        default=None,
        metavar="N",
        help="Voilà's pool of N pre-started kernels that have already run the page (0: off; default: voila.json's)",
    )
    parser.add_argument("--only", choices=("compare", "voila"), help="run one part only")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each way side by side")
    parser.add_argument(
        "--ways",
        default="lite,sw,before,lab,voila",
        help="the ways to compare, comma-separated, of: lite, sw, before, lab, voila (default: all)",
    )
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print(MISSING, file=sys.stderr)
        return 2
    print(machine())
    if args.only != "voila":
        with tempfile.TemporaryDirectory(prefix="liuren-bench-") as tmp:
            ways = tuple(w.strip() for w in args.ways.split(",") if w.strip())
            unknown = sorted(set(ways) - {"lite", "sw", "before", "lab", "voila"})
            if unknown:
                parser.error(f"--ways: unknown {', '.join(unknown)}; accepted: lite, sw, before, lab, voila")
            print_compare(compare(args.repeat, Path(tmp), ways))
        if args.only == "compare":
            return 0
        print()
    token = secrets.token_hex(16)
    shipped = json.loads((ROOT / "notebooks" / "voila.json").read_text(encoding="utf-8"))["VoilaConfiguration"]
    pool = args.preheat if args.preheat is not None else shipped["default_pool_size"] * shipped["preheat_kernel"]
    with tempfile.TemporaryDirectory(prefix="liuren-bench-") as tmp:
        home, port = Path(tmp), free_port()
        server = Server(
            "voila",
            [
                sys.executable,
                "-m",
                "voila",
                "notebooks/classroom.ipynb",
                "--Voila.config_file_paths=notebooks",
                "--no-browser",
                "--Voila.ip=127.0.0.1",
                f"--port={port}",
                f"--token={token}",
                *(["--preheat_kernel=True", f"--pool_size={pool}"] if pool else ["--preheat_kernel=False"]),
            ],
            ROOT,
            jupyter_env(home),
            port,
            home / "voila.log",
        )
        try:
            server.wait_listening()
            if pool:  # let the pool fill (each kernel runs the page once) before the class arrives
                end = time.monotonic() + 300
                while len(server.kernels()) < pool and time.monotonic() < end:
                    time.sleep(0.5)
                time.sleep(20)
            result = asyncio.run(bench(args.pages, args.rounds, f"http://127.0.0.1:{port}/?token={token}", server))
        finally:
            server.stop()
    n = args.pages
    print(
        f"{n} classroom pages opened at once on 127.0.0.1, {result['kernels']} kernels"
        + (f" (Voilà preheat pool of {pool})" if pool else " (no preheat pool)")
    )
    print(f"page answered by Voilà:   {summary(result['served'])}")
    print(f"time to first chart:      {summary(result['first'])}")
    print(f"kernel RSS, all pages up: {summary(result['rss_up'], 'MB')}; total {sum(result['rss_up']):.0f} MB")
    print(f"kernel RSS, after driving: {summary(result['rss_after'], 'MB')}")
    print(f"Voilà server RSS:         {result['server_rss']:.0f} MB")
    print(
        f"update latency, all {n} pages changing at once ({2 * args.rounds} changes each): {summary(result['latency'])}"
    )
    changes = len(result["latency"])
    print(f"throughput: {changes} changes in {result['driving']:.1f} s = {changes / result['driving']:.1f} changes/s")
    print(
        f"server-side CPU: {summary(result['cpu_up'], 'CPU-s')} per kernel to start and run the page "
        f"(+ Voilà {result['server_cpu_up']:.1f} CPU-s); {result['cpu_driving'] / changes:.3f} CPU-s per change "
        f"(kernels + Voilà; the browsers run on this machine too and are not counted)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
