"""The practice page in a real JupyterLab, as a learner uses it: it opens on today's practice (a level 1
item: the 旬空, 遁干 and 六親 of given branches); a box left empty is not graded; answer right, then
wrong (the right value shown beside the one written, the 課盤 with the cell marked), retry with 「다시」
(not recorded), the day's counts move, the page is reloaded and the progress is still there (the store
is a file, $LIUREN_STORE, which tests/conftest.py points at a throwaway one and the server's kernels
inherit).

A second test walks a whole short day (the cell given a store of its own and ``new_per_day=3``, the
learner's own setting): a miss shows the right value beside the one written and the 課盤 with the cell
marked, 「다시」 asks the same item and is not recorded (the store file says so), then 「다음」 and right
answers until 「오늘 연습을 마쳤다」. With ``$LIUREN_SCREENSHOTS`` set it takes screenshots at 1280×720 in
the light and the dark theme of the miss, the retry and the finished day."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from liuren.practice import solution
from liuren.practice.answers import as_text
from liuren.practice.progress import Practice as Progress
from liuren.show.html import COLORS
from liuren.show.words.practice import PRACTICE

from .labpage import (
    ACTIVATE_JS,
    OPEN_JS,
    PRACTICE_PAGE,
    RESULT_JS,
    RUN_JS,
    RUN_TIMEOUT,
    THEMES,
    TIMEOUT,
    answer,
    counts,
    lab_url,
    press,
    set_theme,
    settled,
    shoot,
    shown_item,
    typed_boxes,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]  # two opens and runs of the page, loaded

PAGE = PRACTICE_PAGE
DUE = re.compile(r"복습 (\d+) · 새 문제 \d+ · 오늘 푼 문제 (\d+) \(맞음 (\d+)\)")
"""The day's line: due now, answered today, right today."""


def open_page(page, servers, token) -> dict:
    """The course's JupyterLab in ``page``, the practice page opened and made current (not run); its panel."""
    page.goto(lab_url(servers, token))
    page.wait_for_function("window.jupyterapp && window.jupyterapp.shell && document.querySelector('.jp-LabShell')")
    page.evaluate("ms => window.liurenWithin(window.jupyterapp.restored, ms, 'JupyterLab restored')", TIMEOUT)
    opened = page.evaluate(OPEN_JS, [[PAGE], TIMEOUT])[0]
    assert page.evaluate(ACTIVATE_JS, PAGE)
    return opened


def open_and_run(page, servers, token):
    opened = open_page(page, servers, token)
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


@pytest.fixture(scope="module")
def servers(lab_servers):
    """README's Quick start JupyterLab of this worker (tests/conftest.py): the practice page needs no Voilà."""
    return lab_servers


@pytest.fixture(scope="module")
def token(lab_token) -> str:
    return lab_token


def test_practice_page_keeps_progress_across_a_reload(servers, token, browser):
    page = browser.new_page()
    try:
        widget = open_and_run(page, servers, token)
        assert due_line(widget) == (0, 0, 0)
        item = shown_item(widget)
        right = typed_boxes(item)
        widget.locator("input[type=text]").first.fill(right[0])  # one box of three, then Check: not graded
        press(widget, "확인")
        widget.get_by_text("아직 다 적지 않았다").wait_for()
        assert due_line(widget) == (0, 0, 0)
        answer(widget, right, "맞았다.")
        page.wait_for_function(
            "el => /오늘 푼 문제 1/.test(el.innerText)", arg=widget.element_handle(), timeout=TIMEOUT
        )
        assert due_line(widget) == (0, 1, 1)  # the cards come back in 10 minutes, not now
        press(widget, "다음")
        assert "맞았다." not in widget.inner_text()
        wrong_item = shown_item(widget)
        stems = typed_boxes(wrong_item)[1].split()
        stems[0] = "甲" if stems[0] != "甲" else "乙"
        answer(widget, typed_boxes(wrong_item, stems=" ".join(stems)), "틀렸다.")
        page.wait_for_function("el => /오늘 푼 문제 2/.test(el.innerText)", arg=widget.element_handle())
        text = widget.inner_text()
        assert "1번째 지지 遁干" in text and "맞는 값" in text and "hidden-stem" not in text
        assert widget.locator("table").count() >= 2  # the 課盤 with the cell marked
        after = due_line(widget)
        assert after == (0, 1, 2)
        press(widget, "다시")
        answer(widget, typed_boxes(wrong_item), "맞았다.")
        assert "다시 푼 답은 기록하지 않는다" in widget.inner_text() and due_line(widget) == after
        page.evaluate(
            "async () => { const m = window.jupyterapp.serviceManager.sessions;"
            " await Promise.all([...m.running()].map(s => m.shutdown(s.id))); }"
        )
        page.reload()
        widget = open_and_run(page, servers, token)
        assert due_line(widget) == after  # the store kept the reviews and the cards
    finally:
        page.close()


CELL = 'Practice(lang="ko")'
"""The practice page's cell as README's course has it; the test below gives it a short day of its own."""
NEW = 3
"""The short day's new items (``new_per_day``, the learner's own setting)."""
DONE = "오늘 연습을 마쳤다"
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


def shoot_both(page, widget, shots: Path | None, name: str) -> None:
    """Screenshots of the page at 1280×720 in the light and the dark theme, the widget's top in
    view (only with $LIUREN_SCREENSHOTS set: they are for a person to look at)."""
    if shots is None:
        return
    widget.evaluate("e => e.scrollIntoView({block: 'start'})")
    for theme, mood in zip(THEMES, ("light", "dark"), strict=True):
        set_theme(page, theme)
        settled(widget)
        shoot(page, shots, f"practice-{name}-{mood}")
    set_theme(page, THEMES[0])


def test_a_learner_misses_sees_the_answer_retries_and_finishes_the_day(servers, token, browser, shots, tmp_path):
    store = tmp_path / "short-day.sqlite3"
    page = browser.new_page()
    page.set_viewport_size({"width": 1280, "height": 720})
    try:
        opened = open_page(page, servers, token)
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
        answer(widget, wrong, "틀렸다.")
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
        shoot_both(page, widget, shots, "miss")

        # 「다시」: the same item, its boxes empty, the retry graded but not recorded
        press(widget, "다시")
        assert "틀렸다." not in widget.inner_text()
        assert shown_item(widget).chart.spec() == item.chart.spec()
        assert all(v == "" for v in widget.locator("input[type=text]").evaluate_all("es => es.map(e => e.value)"))
        answer(widget, typed_boxes(item), "맞았다.")
        wait_text(page, widget, "다시 푼 답은 기록하지 않는다")
        assert counts(widget) == (0, NEW - 1, 1, 0)
        assert Progress(str(store)).reviews() == 1
        shoot_both(page, widget, shots, "retry-right")

        # 「다음」 and right answers until the day is done (a review of the missed card may come back)
        answered = 1
        for _ in range(NEW + 3):
            press(widget, "다음")
            assert "맞았다." not in widget.inner_text()
            if DONE in widget.inner_text():
                break
            answer(widget, right_boxes(widget), "맞았다.")
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
        shoot_both(page, widget, shots, "done")
        page.evaluate(
            "async () => { const m = window.jupyterapp.serviceManager.sessions;"
            " await Promise.all([...m.running()].map(s => m.shutdown(s.id))); }"
        )
    finally:
        page.close()


CUT_JS = r"""
root => {
  // every text of the page's controls that does not fit its control: a text box's grey text, an entry
  // of the level menu, a button's or a box's label (measured in the control's own font)
  const canvas = document.createElement('canvas').getContext('2d');
  const wide = (el, text) => {
    const s = getComputedStyle(el);
    canvas.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    return canvas.measureText(text).width;
  };
  const room = el => {
    const s = getComputedStyle(el);
    return el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  };
  const cut = [];
  for (const input of root.querySelectorAll('input[type=text]'))
    if (input.offsetParent && wide(input, input.placeholder) > room(input)) cut.push(['box', input.placeholder]);
  for (const select of root.querySelectorAll('select'))
    if (select.offsetParent)
      for (const option of select.options)
        if (wide(select, option.text) > room(select)) cut.push(['menu', option.text]);
  for (const el of root.querySelectorAll('button, .widget-label, .widget-label-basic, label'))
    if (el.offsetParent && el.scrollWidth > el.clientWidth) cut.push(['label', el.innerText]);
  return cut;
}
"""
"""The texts of the page's controls cut at the page's width (none, or what was cut and where)."""
TABS_OF = {"ko": "진도", "en": "Progress"}


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_nothing_on_the_page_is_cut_at_1280_by_720(servers, token, browser, shots, tmp_path, lang):
    # a review at 1280×720 found the Korean 遁干 box's grey text cut after 「예: 庚」, the English upload
    # button read "Load progress ..." and the level menu's "2. from a date and a time: 日辰, 占時, 月將…"
    page = browser.new_page()
    page.set_viewport_size({"width": 1280, "height": 720})
    try:
        opened = open_page(page, servers, token)
        # level 1 (the 遁干 box) and level 10 (every box, the longest examples), each with a store of its own
        cell = (
            f"from IPython.display import display; "
            f"display(Practice(path={str(tmp_path / 'ten.sqlite3')!r}, lang={lang!r}, level=10)); "
            f"Practice(path={str(tmp_path / 'one.sqlite3')!r}, lang={lang!r}, level=1)"
        )
        assert page.evaluate(SET_CELL_JS, [PAGE, CELL, cell])
        page.evaluate(RUN_JS, PAGE)
        result = page.evaluate(RESULT_JS, [PAGE, RUN_TIMEOUT])
        assert result["ran"] == "done" and not result["errors"], result
        output = page.locator(f'[data-liuren-test="{opened["id"]}"]')
        widgets = output.locator(".liuren-practice")
        widgets.nth(1).wait_for()
        assert widgets.count() == 2
        for n in range(2):
            widget = widgets.nth(n)
            widget.scroll_into_view_if_needed()
            settled(widget)
            assert widget.locator("input[type=text]").count() >= 3
            assert widget.evaluate(CUT_JS) == []
            if n == 1:
                shoot(page, shots, f"practice-boxes-{lang}")
            widget.get_by_text(TABS_OF[lang], exact=True).first.click()
            widget.locator(".liuren-progress-files").wait_for()
            settled(widget)
            assert widget.evaluate(CUT_JS) == []
            if n == 1:
                shoot(page, shots, f"practice-files-{lang}")
        page.evaluate(
            "async () => { const m = window.jupyterapp.serviceManager.sessions;"
            " await Promise.all([...m.running()].map(s => m.shutdown(s.id))); }"
        )
    finally:
        page.close()
