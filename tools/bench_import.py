"""Import benchmark: a whole ``python -c "import liuren"`` against a bare ``python -c pass``.

    python tools/bench_import.py [--repeat N] [--compile]

Both commands run alternately in one run (so machine load hits them alike), each ``N`` times in a
fresh interpreter with the same flags and environment; the report gives each median and their
ratio. The target is a ratio of at most 2.0 (a bare start is the unit, so the number does not
depend on the machine's speed): about 20 ms above a bare start on a project machine, which leaves
room for ``dataclasses`` (School is a frozen dataclass; the module and the inspect it pulls in cost
a few milliseconds).

Bytecode is cached in a temporary ``PYTHONPYCACHEPREFIX`` (warmed before timing), as an installed
package has its ``.pyc`` files: with ``PYTHONDONTWRITEBYTECODE`` every run would recompile liuren
and the benchmark would time the compiler. Nothing is written into the repository. ``--compile``
measures that case instead (``PYTHONDONTWRITEBYTECODE=1`` on a copy of the package without
``__pycache__``: liuren's sources are compiled on every start, the standard library's are not).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


IMPORT = "import time; _start = time.perf_counter(); import liuren; print(time.perf_counter() - _start)"
"""The timed command: ``import liuren``, also reporting the import's own duration inside the child."""


def run_once(code: str, env: dict[str, str]) -> tuple[float, str]:
    """Seconds of wall clock for one fresh interpreter running ``code``, and what it printed."""
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True).stdout
    return time.perf_counter() - start, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=60, help="runs of each command (default 60)")
    parser.add_argument("--compile", action="store_true", help="no bytecode cache: compile liuren on every start")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="liuren-pycache-") as cache:
        root = ROOT
        if args.compile:
            root = Path(cache) / "src"
            shutil.copytree(ROOT / "liuren", root / "liuren", ignore=shutil.ignore_patterns("__pycache__"))
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(root), os.environ.get("PYTHONPATH"))))}
        env.pop("PYTHONPROFILEIMPORTTIME", None)
        if args.compile:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        else:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = cache
        measure(env, args.repeat)


def measure(env: dict[str, str], repeat: int) -> None:
    """Time both commands alternately ``repeat`` times each and print the medians and the ratio."""
    for code in ("pass", IMPORT):  # warm the bytecode cache and the file system cache first
        run_once(code, env)
    bare: list[float] = []
    full: list[float] = []
    inside: list[float] = []
    for _ in range(repeat):
        bare.append(run_once("pass", env)[0])
        seconds, out = run_once(IMPORT, env)
        full.append(seconds)
        inside.append(float(out))
    b, f = statistics.median(bare), statistics.median(full)
    print(f"python -c pass            median {b * 1000:6.1f} ms over {repeat} runs")
    print(f"python -c 'import liuren' median {f * 1000:6.1f} ms over {repeat} runs")
    print(
        f"ratio {f / b:.2f} (target ≤ 2.0); liuren adds {(f - b) * 1000:.1f} ms; "
        f"the import itself, timed inside the child: median {statistics.median(inside) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
