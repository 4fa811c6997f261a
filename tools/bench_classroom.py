"""What one machine serves: N learners open the Voilà classroom page at once and drive it.

    .venv/bin/python tools/bench_classroom.py              # 10 pages
    .venv/bin/python tools/bench_classroom.py --pages 20 --rounds 8

Starts Voilà on notebooks/classroom.ipynb (127.0.0.1, a free port, a token, as README's "Teaching with
it" says), opens N pages in Debian's chromium (Playwright) at the same moment and measures:

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
import os
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.chromium import ARGS, CHROMIUM, MISSING  # noqa: E402
from tests.servers import Server, free_port, jupyter_env  # noqa: E402

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


async def drive(page, index: int, rounds: int) -> list[float]:
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


async def bench(pages: int, rounds: int, url: str, server: Server) -> dict:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        contexts = [await browser.new_context(viewport={"width": 1100, "height": 900}) for _ in range(pages)]
        tabs = [await c.new_page() for c in contexts]
        start = time.perf_counter()

        async def first_chart(page) -> tuple[float, float]:
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=5, help="rounds of (day, hour) changes per page")
    parser.add_argument(
        "--preheat",
        type=int,
        default=0,
        metavar="N",
        help="Voilà's pool of N pre-started kernels that have already run the page (0: off)",
    )
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print(MISSING, file=sys.stderr)
        return 2
    print(machine())
    token = secrets.token_hex(16)
    with tempfile.TemporaryDirectory(prefix="liuren-bench-") as tmp:
        home, port = Path(tmp), free_port()
        server = Server(
            "voila",
            [
                sys.executable,
                "-m",
                "voila",
                "notebooks/classroom.ipynb",
                "--no-browser",
                "--Voila.ip=127.0.0.1",
                f"--port={port}",
                f"--token={token}",
                *(["--preheat_kernel=True", f"--pool_size={args.preheat}"] if args.preheat else []),
            ],
            ROOT,
            jupyter_env(home),
            port,
            home / "voila.log",
        )
        try:
            server.wait_listening()
            if args.preheat:  # let the pool fill (each kernel runs the page once) before the class arrives
                end = time.monotonic() + 300
                while len(server.kernels()) < args.preheat and time.monotonic() < end:
                    time.sleep(0.5)
                time.sleep(20)
            result = asyncio.run(bench(args.pages, args.rounds, f"http://127.0.0.1:{port}/?token={token}", server))
        finally:
            server.stop()
    n = args.pages
    print(
        f"{n} classroom pages opened at once on 127.0.0.1, {result['kernels']} kernels"
        + (f" (Voilà preheat pool of {args.preheat})" if args.preheat else "")
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
