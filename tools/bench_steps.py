"""Step-by-step benchmark: steps() and check() for all 8,640 charts against building them, side by side.

    python tools/bench_steps.py [--repeat N]

Prints the time to build every chart, to call ``chart.steps()`` on each (the structure: keys, cells,
the gate events), to read every step's text as well, and to ``liuren.check`` a right answer, as
ratios to the build time measured in the same run (interleaved, best of N, the garbage collector
paused during each timed loop as :mod:`timeit` does). Then what a practice session pays per item:
build a chart of each 課 and check an answer of every cell (plate, lessons with generals, the 三傳
with 六親 遁干 and 旬空, the noble, method and patterns), right and with one cell wrong.
"""

from __future__ import annotations

import argparse
import gc
import time

import liuren
from liuren import Chart
from liuren.cycle import BRANCHES, PILLARS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    inputs = [(str(p), str(h), str(g)) for p in PILLARS for h in BRANCHES for g in BRANCHES]
    n = len(inputs)

    def build() -> list[Chart]:
        return [Chart(*x) for x in inputs]

    def timed(fn) -> float:
        gc.collect()
        gc.disable()  # as timeit does: a collection pass over every live chart would land on whichever loop runs then
        try:
            start = time.perf_counter()
            fn()
            return time.perf_counter() - start
        finally:
            gc.enable()

    charts = build()
    t_build = t_steps = float("inf")
    for _ in range(args.repeat):  # interleaved, best of each: a busy machine slows both alike
        t_build = min(t_build, timed(build))
        t_steps = min(t_steps, timed(lambda: [c.steps() for c in charts]))
    t_text = timed(lambda: [[s.text for s in c.steps("ko")] for c in charts[::12]]) * 12
    answers = [
        (c, c.offset, "".join(x.upper for x in c.lessons), "".join(t.branch for t in c.transmissions)) for c in charts
    ]
    check = getattr(liuren, "check", None)
    print(f"build    {n} charts {t_build * 1000:8.1f} ms")
    print(f"steps()  {n} charts {t_steps * 1000:8.1f} ms  ratio {t_steps / t_build:5.2f} (target ≤ 3)")
    print(
        f"+ texts  {n} charts {t_text * 1000:8.1f} ms  ratio {t_text / t_build:5.2f} (every step's Korean text, 1 in 12 sampled)"
    )
    if check is not None:
        t_check = timed(lambda: [check(c, offset=o, lessons=ls, transmissions=ts) for c, o, ls, ts in answers])
        print(f"check()  {n} answers {t_check * 1000:8.1f} ms  {t_check / n * 1e6:6.1f} µs each")
        items = inputs[:: len(inputs) // 720]  # one hour of each 課 (the sample a practice set deals from)
        m = len(items)

        def deal_and_check(wrong: bool) -> None:
            for x in items:
                chart = Chart(*x)  # a fresh chart: its patterns are judged inside the check
                answer = full_answer(chart)
                if wrong:  # a wrong noble: the verdict, its hint, and the search of the other schools
                    answer["noble"] = (
                        "子" + answer["noble"][1:] if answer["noble"][0] != "子" else "丑" + answer["noble"][1:]
                    )
                check(chart, **answer)

        t_full = min(timed(lambda: deal_and_check(False)) for _ in range(3))
        t_wrong = min(timed(lambda: deal_and_check(True)) for _ in range(3))
        print(
            f"deal + check every cell, right  {m} items {t_full / m * 1e3:6.2f} ms each (target ≤ 5)\n"
            f"deal + check every cell, wrong  {m} items {t_wrong / m * 1e3:6.2f} ms each (target ≤ 5)"
        )


def full_answer(chart: Chart) -> dict[str, object]:
    """Every cell of ``chart`` as a learner writes it (plate, lessons, 三傳, noble, method, patterns)."""
    d = chart.offset
    b = "子丑寅卯辰巳午未申酉戌亥"
    return {
        "offset": d,
        "plate": {e: b[(i + d) % 12] for i, e in enumerate(b)},
        "lessons": " ".join(f"{x.upper}/{x.lower}{x.general.short}" for x in chart.lessons),
        "transmissions": [f"{t.relation[0]}{t.stem or '○'}{t.branch}{t.general.short}" for t in chart.transmissions],
        "noble": f"{chart.noble_branch}{'晝' if chart.noble == 'day' else '夜'}{'順' if chart.generals_forward else '逆'}",
        "method": f"{chart.method} {chart.lesson_type}",
        "patterns": [p.name for p in chart.patterns],
    }


if __name__ == "__main__":
    main()
