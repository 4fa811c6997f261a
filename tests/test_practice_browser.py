"""The practice page in a real JupyterLab, as a learner uses it: it opens on today's practice (a level 1
item: the 旬空, 遁干 and 六親 of given branches); a box left empty is not graded; answer right, then
wrong (the right value shown beside the one written, the 課盤 with the cell marked), retry with 「다시」
(not recorded), the day's counts move, the page is reloaded and the progress is still there (the store
is a file, $LIUREN_STORE, which tests/conftest.py points at a throwaway one and the server's kernels
inherit)."""

from __future__ import annotations

import re

import pytest

from liuren import Chart
from liuren.practice import Item, get_level, solution
from liuren.practice.answers import as_text

from . import test_jupyterlab as lab
from .test_jupyterlab import ACTIVATE_JS, OPEN_JS, RESULT_JS, RUN_JS, RUN_TIMEOUT, TIMEOUT, lab_url

# the JupyterLab servers and the browser of the notebook tests, as this module's fixtures
site, token, servers, browser = lab.site, lab.token, lab.servers, lab.browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]  # two opens and runs of the page, loaded

PAGE = "practice.ipynb"
DUE = re.compile(r"복습 (\d+) · 새 문제 \d+ · 오늘 푼 문제 (\d+) \(맞음 (\d+)\)")
"""The day's line: due now, answered today, right today."""


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
    """(due now, right today, answered today) as the line above the question says."""
    text = widget.inner_text()
    m = DUE.search(text)
    assert m, text
    return int(m.group(1)), int(m.group(3)), int(m.group(2))


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


def answer(widget, text: str | list[str], verdict: str) -> None:
    """Type ``text`` into the boxes in order (one string: the first box) and press Enter in the last."""
    texts = [text] if isinstance(text, str) else text
    boxes = widget.locator("input[type=text]")
    for n, value in enumerate(texts):
        boxes.nth(n).fill(value)
    boxes.nth(len(texts) - 1).press("Enter")
    widget.get_by_text(verdict).first.wait_for()


def test_practice_page_keeps_progress_across_a_reload(servers, token, browser):
    page = browser.new_page()
    try:
        widget = open_and_run(page, servers, token)
        assert due_line(widget) == (0, 0, 0)
        item = shown_item(widget)
        right = typed_boxes(item)
        widget.locator("input[type=text]").first.fill(right[0])  # one box of three, then Check: not graded
        widget.get_by_role("button", name="확인").click()
        widget.get_by_text("아직 다 적지 않았습니다").wait_for()
        assert due_line(widget) == (0, 0, 0)
        answer(widget, right, "맞았습니다.")
        page.wait_for_function(
            "el => /오늘 푼 문제 1/.test(el.innerText)", arg=widget.element_handle(), timeout=TIMEOUT
        )
        assert due_line(widget) == (0, 1, 1)  # the cards come back in 10 minutes, not now
        widget.get_by_role("button", name="다음").click()
        page.wait_for_function("el => !el.innerText.includes('맞았습니다.')", arg=widget.element_handle())
        wrong_item = shown_item(widget)
        stems = typed_boxes(wrong_item)[1].split()
        stems[0] = "甲" if stems[0] != "甲" else "乙"
        answer(widget, typed_boxes(wrong_item, stems=" ".join(stems)), "틀렸습니다.")
        page.wait_for_function("el => /오늘 푼 문제 2/.test(el.innerText)", arg=widget.element_handle())
        text = widget.inner_text()
        assert "1번째 지지 遁干" in text and "맞는 값" in text and "hidden-stem" not in text
        assert widget.locator("table").count() >= 2  # the 課盤 with the cell marked
        after = due_line(widget)
        assert after == (0, 1, 2)
        widget.get_by_role("button", name="다시").click()
        answer(widget, typed_boxes(wrong_item), "맞았습니다.")
        assert "다시 푼 답은 기록하지 않습니다" in widget.inner_text() and due_line(widget) == after
        page.evaluate(
            "async () => { const m = window.jupyterapp.serviceManager.sessions;"
            " await Promise.all([...m.running()].map(s => m.shutdown(s.id))); }"
        )
        page.reload()
        widget = open_and_run(page, servers, token)
        assert due_line(widget) == after  # the store kept the reviews and the cards
    finally:
        page.close()
