"""Debian's chromium driven by Playwright, shared by the browser tests and tools/bench_classroom.py.

Only the system browser is used (Playwright's own downloads are never needed): ``executable_path`` is
/usr/bin/chromium, which .ci/run installs. Tests skip with this reason where it is absent.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
MISSING = "Debian chromium (/usr/bin/chromium) is not installed (.ci/run installs it)"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def launch(playwright: Any, profile: Path, **options: Any) -> Any:
    """A persistent chromium context (its own profile folder ``profile``); ``options`` go to Playwright
    (viewport, offline, …)."""
    options.setdefault("viewport", {"width": 900, "height": 700})
    return playwright.chromium.launch_persistent_context(
        str(profile), executable_path=str(CHROMIUM), headless=True, args=ARGS, **options
    )
