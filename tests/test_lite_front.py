"""The JupyterLite site's front page (tools/build_lite.py's ``FRONT_PAGE``) opens the classroom page of
the edition the browser's languages prefer: a reader whose browser speaks English landed on the Korean
page, the English links under a redirect that left no time to see them. The page is loaded from a file
beside a stand-in for the Notebook interface, in Debian's chromium with each language list."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from .chromium import CHROMIUM, MISSING, launch

if not CHROMIUM.exists():
    pytest.skip(MISSING, allow_module_level=True)

from playwright.sync_api import sync_playwright

pytestmark = pytest.mark.browser  # `pytest -m "not browser"` leaves it out

TOOL = Path(__file__).resolve().parent.parent / "tools" / "build_lite.py"


def front_page() -> str:
    spec = importlib.util.spec_from_file_location("build_lite", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(module.FRONT_PAGE.format(title="liuren", front=module.FRONT))


@pytest.mark.parametrize(
    ("locale", "edition"),
    [("en-US", "en/"), ("ko-KR", ""), ("de-DE", "")],
)
def test_the_front_page_opens_the_classroom_page_of_the_browsers_language(tmp_path, locale, edition):
    site = tmp_path / "site"
    (site / "notebooks").mkdir(parents=True)
    (site / "index.html").write_text(front_page(), encoding="utf-8")
    (site / "notebooks" / "index.html").write_text("<!doctype html><title>notebook</title>", encoding="utf-8")
    with sync_playwright() as p:
        context = launch(p, tmp_path / "profile", locale=locale)
        try:
            page = context.new_page()
            page.goto((site / "index.html").as_uri())
            page.wait_for_url(lambda url: "/notebooks/index.html?path=" in url, timeout=30_000)
            assert page.url.endswith(f"?path={edition}classroom.ipynb"), page.url
        finally:
            context.close()
