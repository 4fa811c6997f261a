"""The practice page in a real JupyterLab, as a learner uses it: it opens on today's practice (a level 1
item: the 旬空, 遁干 and 六親 of given branches); a box left empty is not graded; answer right, then
wrong (the right value shown beside the one written, the 課盤 with the cell marked), retry with 「다시」
(not recorded), the day's counts move, the page is reloaded and the progress is still there (the store
is a file, $LIUREN_STORE, which tests/conftest.py points at a throwaway one and the server's kernels
inherit).

A second test walks a whole short day (the cell given a store of its own and ``new_per_day=3``, the
learner's own setting): a miss shows the right value beside the one written and the 課盤 with the cell
marked, 「다시」 asks the same item and is not recorded (the store file says so), then 「다음」 and right
answers until 「오늘 연습을 마쳤습니다」. With ``$LIUREN_SCREENSHOTS`` set it takes screenshots at 1280×720 in
the light and the dark theme of the miss, the retry and the finished day."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from liuren import Chart
from liuren.practice import Item, get_level, solution
from liuren.practice.answers import as_text
from liuren.practice.progress import Practice as Progress
from liuren.show.html import COLORS
from liuren.show.words.practice import PRACTICE

from . import test_jupyterlab as lab
from .servers import LIGHT
from .test_jupyterlab import ACTIVATE_JS, DARK, OPEN_JS, RESULT_JS, RUN_JS, RUN_TIMEOUT, TIMEOUT, lab_url

# the JupyterLab servers and the browser of the notebook tests, as this module's fixtures
site, token, servers, browser, shots = lab.site, lab.token, lab.servers, lab.browser, lab.shots

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


IDLES_JS = """
path => {
  const w = window.jupyterapp.shell.widgets('main').find(x => x.context && x.context.path === path);
  const kernel = w.sessionContext.session.kernel, seen = (window.liurenIdles = window.liurenIdles || {});
  if (!seen[kernel.id]) {
    seen[kernel.id] = {idles: 0, kernel};
    kernel.statusChanged.connect((_, status) => { if (status === 'idle') seen[kernel.id].idles++; });
  }
  return [kernel.id, seen[kernel.id].idles];
}
"""
"""``path`` → ``[kernel id, times its kernel went idle]`` (counted from the first call on the page)."""
HANDLED_JS = (
    "([id, idles]) => { const s = window.liurenIdles[id]; return s.idles > idles && s.kernel.status === 'idle'; }"
)
"""The kernel has gone idle since ``idles`` and is idle now: it has handled what the page sent it, and
the page has applied every widget update the handler sent (the kernel's status messages come after them)."""


def press(widget, name: str) -> None:
    """Click the page's button ``name`` and wait until the kernel has handled the click: the widget then
    shows all of the click's outcome (the page applies the kernel's updates one message at a time; 「다음」
    clears the verdict before it sends the next question and empties the boxes, so a wait on the
    verdict's going read the old question, and typing could be emptied under the learner's hands)."""
    page = widget.page
    before = page.evaluate(IDLES_JS, PAGE)
    widget.get_by_role("button", name=name).click()
    page.wait_for_function(HANDLED_JS, arg=before)


def answer(widget, text: str | list[str], verdict: str) -> None:
    """Type ``text`` into the boxes in order (one string: the first box), press Enter in the last and wait
    for ``verdict`` and for the kernel to have finished grading (the counts follow the verdict)."""
    texts = [text] if isinstance(text, str) else text
    boxes = widget.locator("input[type=text]")
    before = widget.page.evaluate(IDLES_JS, PAGE)
    for n, value in enumerate(texts):
        boxes.nth(n).fill(value)
    boxes.nth(len(texts) - 1).press("Enter")
    widget.get_by_text(verdict).first.wait_for()
    widget.page.wait_for_function(HANDLED_JS, arg=before)


def test_practice_page_keeps_progress_across_a_reload(servers, token, browser):
    page = browser.new_page()
    try:
        widget = open_and_run(page, servers, token)
        assert due_line(widget) == (0, 0, 0)
        item = shown_item(widget)
        right = typed_boxes(item)
        widget.locator("input[type=text]").first.fill(right[0])  # one box of three, then Check: not graded
        press(widget, "확인")
        widget.get_by_text("아직 다 적지 않았습니다").wait_for()
        assert due_line(widget) == (0, 0, 0)
        answer(widget, right, "맞았습니다.")
        page.wait_for_function(
            "el => /오늘 푼 문제 1/.test(el.innerText)", arg=widget.element_handle(), timeout=TIMEOUT
        )
        assert due_line(widget) == (0, 1, 1)  # the cards come back in 10 minutes, not now
        press(widget, "다음")
        assert "맞았습니다." not in widget.inner_text()
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
        press(widget, "다시")
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


FULL = re.compile(r"복습 (\d+) · 새 문제 (\d+) · 오늘 푼 문제 (\d+) \(맞음 (\d+)\)")
"""The day's line in full: due now, new left today, answered today, right today."""
CELL = 'Practice(lang="ko")'
"""The practice page's cell as README's course has it; the test below gives it a short day of its own."""
NEW = 3
"""The short day's new items (``new_per_day``, the learner's own setting)."""
DONE = "오늘 연습을 마쳤습니다"
SET_CELL_JS = """
([path, old, source]) => {
  const w = window.jupyterapp.shell.widgets('main').find(x => x.context && x.context.path === path);
  const cells = w.content.model.cells;
  for (let i = 0; i < cells.length; i++)
    if (cells.get(i).type === 'code' && cells.get(i).sharedModel.getSource().includes(old)) {
      const cell = cells.get(i).sharedModel;
      cell.setSource(cell.getSource().replace(old, source));
      return true;
    }
  return false;
}
"""
"""Rewrite the practice cell as a learner edits it (the page is not saved: autosave is off)."""


def counts(widget) -> tuple[int, int, int, int]:
    """(due now, new left, answered today, right today) as the line above the question says."""
    text = widget.inner_text()
    m = FULL.search(text)
    assert m, text
    return int(m.group(1)), int(m.group(2)), int(m.group(3)), int(m.group(4))


def right_boxes(widget) -> list[str]:
    """The right answer of the item shown, typed into the boxes the page shows, by their labels (one in
    three new items drills the weakest cell kind: its one box only)."""
    item = shown_item(widget)
    given = {PRACTICE["ko"][f"part-{p}"]: as_text(p, v) for p, v in solution(item).items()}
    labels = [label.strip() for label in widget.locator(".widget-text .widget-label").all_inner_texts()]
    assert labels and set(labels) <= set(given), (labels, given)
    return [given[label] for label in labels]


def wait_text(page, widget, text: str, present: bool = True) -> None:
    js = "([el, t]) => el.innerText.includes(t)" if present else "([el, t]) => !el.innerText.includes(t)"
    page.wait_for_function(js, arg=[widget.element_handle(), text])


def set_theme(page, theme: str) -> None:
    """Switch JupyterLab's theme and wait until its stylesheet has applied (the page's background)."""
    page.evaluate(
        "async theme => { await window.jupyterapp.commands.execute('apputils:change-theme', {theme}); }", theme
    )
    page.wait_for_function("t => document.body.dataset.jpThemeName === t", arg=theme)
    page.wait_for_function(
        """dark => {
            const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
            return ((r + g + b) / 3 < 128) === dark;
        }""",
        arg=theme == DARK,
    )


def shoot(page, widget, shots: Path | None, name: str) -> None:
    """Screenshots of the page at 1280×720 in the light and the dark theme, the widget's top in
    view (only with $LIUREN_SCREENSHOTS set: they are for a person to look at)."""
    if shots is None:
        return
    widget.evaluate("e => e.scrollIntoView({block: 'start'})")
    for theme in (LIGHT, DARK):
        set_theme(page, theme)
        lab.settled(widget)
        page.screenshot(path=str(shots / f"practice-{name}-{'light' if theme == LIGHT else 'dark'}.png"))
    set_theme(page, LIGHT)


def test_a_learner_misses_sees_the_answer_retries_and_finishes_the_day(servers, token, browser, shots, tmp_path):
    store = tmp_path / "short-day.sqlite3"
    page = browser.new_page()
    page.set_viewport_size({"width": 1280, "height": 720})
    try:
        page.goto(lab_url(servers, token))
        page.wait_for_function("window.jupyterapp && window.jupyterapp.shell && document.querySelector('.jp-LabShell')")
        page.evaluate("ms => window.liurenWithin(window.jupyterapp.restored, ms, 'JupyterLab restored')", TIMEOUT)
        opened = page.evaluate(OPEN_JS, [[PAGE], TIMEOUT])[0]
        assert page.evaluate(ACTIVATE_JS, PAGE)
        cell = f'Practice(path={str(store)!r}, lang="ko", new_per_day={NEW})'
        assert page.evaluate(SET_CELL_JS, [PAGE, CELL, cell])
        page.evaluate(RUN_JS, PAGE)
        result = page.evaluate(RESULT_JS, [PAGE, RUN_TIMEOUT])
        assert result["ran"] == "done" and not result["errors"], result
        widget = page.locator(f'[data-liuren-test="{opened["id"]}"] .liuren-practice')
        widget.wait_for()
        widget.scroll_into_view_if_needed()
        assert counts(widget) == (0, NEW, 0, 0)

        # a miss: the 遁干 of the first branch wrong
        item = shown_item(widget)
        stems = typed_boxes(item)[1].split()
        right_stem = stems[0]
        stems[0] = "甲" if right_stem != "甲" else "乙"
        wrong = typed_boxes(item, stems=" ".join(stems))
        answer(widget, wrong, "틀렸습니다.")
        wait_text(page, widget, "오늘 푼 문제 1")
        assert counts(widget) == (0, NEW - 1, 1, 0)
        text = widget.inner_text()
        assert "1번째 지지 遁干" in text and "hidden-stem" not in text
        yours = widget.locator("[data-liuren-yours]").inner_text()
        right = widget.locator("[data-liuren-right]").inner_text()
        assert yours == f"적은 값: {' '.join(stems)}", yours
        assert right.startswith(f"맞는 값: {right_stem}"), right
        assert typed_boxes(item)[1] in right  # the whole box's right answer beside the cell's value
        # the 課盤 under the verdict, its 初傳 (where the first branch stands) marked, the other stages not
        stage_cells = widget.locator("td", has_text=re.compile(r"^\s*(初傳|中傳|末傳)"))
        marked = {
            c.inner_text().strip()[:2]
            for c in stage_cells.all()
            if f"background:{COLORS['step']}" in (c.get_attribute("style") or "").replace(" ", "")
        }
        assert marked == {"初傳"}, marked
        assert store.exists() and Progress(str(store)).reviews() == 1
        shoot(page, widget, shots, "miss")

        # 「다시」: the same item, its boxes empty, the retry graded but not recorded
        press(widget, "다시")
        assert "틀렸습니다." not in widget.inner_text()
        assert shown_item(widget).chart.spec() == item.chart.spec()
        assert all(v == "" for v in widget.locator("input[type=text]").evaluate_all("es => es.map(e => e.value)"))
        answer(widget, typed_boxes(item), "맞았습니다.")
        wait_text(page, widget, "다시 푼 답은 기록하지 않습니다")
        assert counts(widget) == (0, NEW - 1, 1, 0)
        assert Progress(str(store)).reviews() == 1
        shoot(page, widget, shots, "retry-right")

        # 「다음」 and right answers until the day is done (a review of the missed card may come back)
        answered = 1
        for _ in range(NEW + 3):
            press(widget, "다음")
            assert "맞았습니다." not in widget.inner_text()
            if DONE in widget.inner_text():
                break
            answer(widget, right_boxes(widget), "맞았습니다.")
            answered += 1
            wait_text(page, widget, f"오늘 푼 문제 {answered} ")
            assert "다시 푼 답은" not in widget.inner_text()
        text = widget.inner_text()
        assert DONE in text, text
        assert re.search(DONE + r"\. 내일 복습할 것: \d+", text), text
        due, new, done, right_today = counts(widget)
        assert (due, new) == (0, 0) and done == answered >= NEW and right_today == answered - 1
        assert widget.locator("input[type=text]").count() == 0
        assert widget.get_by_role("button", name="확인").is_disabled()
        assert Progress(str(store)).reviews() == answered
        shoot(page, widget, shots, "done")
        page.evaluate(
            "async () => { const m = window.jupyterapp.serviceManager.sessions;"
            " await Promise.all([...m.running()].map(s => m.shutdown(s.id))); }"
        )
    finally:
        page.close()
