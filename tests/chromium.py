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
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",  # a container's /dev/shm may be 64 MB: a full one crashes or stalls a tab
]


TOFU_JS = r"""
async ([selector, family]) => {
  const root = document.querySelector(selector);
  const font = family || getComputedStyle(root).fontFamily;
  await Promise.race([document.fonts.ready, new Promise(r => setTimeout(r, 30000))]);  // never wait forever
  const chars = [...new Set([...root.innerText].filter(c => c.codePointAt(0) > 0x2E80 && !/\s/.test(c)))];
  const canvas = document.createElement("canvas");
  canvas.width = 48; canvas.height = 48;
  const ctx = canvas.getContext("2d");
  const draw = c => { ctx.clearRect(0, 0, 48, 48); ctx.font = "32px " + font; ctx.fillText(c, 4, 38); return canvas.toDataURL(); };
  const tofu = draw(String.fromCodePoint(0x10FFFD));
  const blank = (ctx.clearRect(0, 0, 48, 48), canvas.toDataURL());
  return {chars: chars.join(""), tofu: chars.filter(c => draw(c) === tofu || draw(c) === blank).join("")};
}
"""
"""``[selector, font family or ""]`` → the CJK characters under the selector and those drawn as tofu:
``document.fonts.check()`` answers true even for tofu, so each character is drawn on a canvas and
compared with U+10FFFD, which no font has."""


def launch(playwright: Any, profile: Path, **options: Any) -> Any:
    """A persistent chromium context (its own profile folder ``profile``); ``options`` go to Playwright
    (viewport, offline, …)."""
    options.setdefault("viewport", {"width": 900, "height": 700})
    return playwright.chromium.launch_persistent_context(
        str(profile), executable_path=str(CHROMIUM), headless=True, args=ARGS, **options
    )
