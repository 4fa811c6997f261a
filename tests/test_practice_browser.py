"""The practice page in a real JupyterLab, as a learner uses it: answer right, then wrong, the due count
moves, the page is reloaded and the progress is still there (the store is a file, $LIUREN_STORE,
which tests/conftest.py points at a throwaway one and the server's kernels inherit)."""

from __future__ import annotations

import re

import pytest

from liuren import Chart
from liuren.practice import Item, get_level, solution

from . import test_jupyterlab as lab
from .test_jupyterlab import ACTIVATE_JS, OPEN_JS, RESULT_JS, RUN_JS, RUN_TIMEOUT, TIMEOUT, lab_url

# the JupyterLab servers and the browser of the notebook tests, as this module's fixtures
site, token, servers, browser = lab.site, lab.token, lab.servers, lab.browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]  # two opens and runs of the page, loaded

PAGE = "practice.ipynb"
DUE = re.compile(r"오늘 복습할 것: (\d+) · 이 단계 최근 정답 (\d+) / 푼 문제 (\d+)")


def open_and_run(page, servers, token):
    page.goto(lab_url(servers, token))
    page.wait_for_function("window.jupyterapp && window.jupyterapp.shell && document.querySelector('.jp-LabShell')")
    page.evaluate("ms => window.liurenWithin(window.jupyterapp.restored, ms, 'JupyterLab restored')", TIMEOUT)
    opened = page.evaluate(OPEN_JS, [[PAGE], TIMEOUT])[0]
    assert page.evaluate(ACTIVATE_JS, PAGE)
    page.evaluate(RUN_JS, PAGE)
    result = page.evaluate(RESULT_JS, [PAGE, RUN_TIMEOUT])
    assert result["ran"] == "done" and not result["errors"], result
    widget = page.locator(f'[data-liuren-test="{opened["id"]}"] .liuren-practice')
    widget.wait_for()
    return widget


def due_line(widget) -> tuple[int, int, int]:
    text = widget.inner_text()
    m = DUE.search(text)
    assert m, text
    return int(m.group(1)), int(m.group(2)), int(m.group(3))


def shown_item(widget) -> Item:
    spec = widget.locator("[data-liuren-spec]").get_attribute("data-liuren-spec")
    assert spec
    level = get_level(1)
    return Item(Chart.parse(spec), level.cells, level)


def answer(widget, text: str, verdict: str) -> None:
    box = widget.locator("input[type=text]").first
    box.fill(text)
    box.press("Enter")
    widget.get_by_text(verdict).wait_for()


def test_practice_page_keeps_progress_across_a_reload(servers, token, browser):
    page = browser.new_page()
    try:
        widget = open_and_run(page, servers, token)
        assert due_line(widget) == (0, 0, 0)
        item = shown_item(widget)
        right = " ".join(solution(item)["transmissions"])  # type: ignore[arg-type]
        answer(widget, right, "맞았습니다.")
        page.wait_for_function(
            "el => !/오늘 복습할 것: 0 /.test(el.innerText)", arg=widget.element_handle(), timeout=TIMEOUT
        )
        due, right_count, answered = due_line(widget)
        assert due == len(item.cells) and (right_count, answered) == (1, 1)
        widget.get_by_role("button", name="다음").click()
        page.wait_for_function("el => !el.innerText.includes('맞았습니다.')", arg=widget.element_handle())
        wrong_item = shown_item(widget)
        first = str(wrong_item.chart.transmissions[0].branch)
        wrong = ("子" if first != "子" else "丑") + "".join(str(t.branch) for t in wrong_item.chart.transmissions[1:])
        answer(widget, wrong, "틀렸습니다.")
        page.wait_for_function("el => /푼 문제 2/.test(el.innerText)", arg=widget.element_handle())
        after = due_line(widget)
        assert after[1:] == (1, 2) and after[0] >= due
        assert "initial.branch" in widget.inner_text()
        page.evaluate(
            "async () => { const m = window.jupyterapp.serviceManager.sessions;"
            " await Promise.all([...m.running()].map(s => m.shutdown(s.id))); }"
        )
        page.reload()
        widget = open_and_run(page, servers, token)
        assert due_line(widget) == after  # the store kept the reviews and the cards
    finally:
        page.close()
