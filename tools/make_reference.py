"""Write docs/reference.md: the conventions (every School option, the presets) and the named patterns,
generated from the code's own registry so that the reference cannot drift from what the code does.

    .venv/bin/python tools/make_reference.py            # write docs/reference.md (atomically)
    .venv/bin/python tools/make_reference.py --check    # exit 1 if docs/reference.md is not in step

What is read: the fields of :class:`liuren.School` (name, default, the values its annotation accepts,
and the meaning and sources its metadata holds), the presets in
``liuren.school.PRESETS`` (their names and what each changes), and ``liuren.patterns.PATTERNS``
(name, family, condition, source, whether it needs the month, the year or the hour).

The reference is for users, so citations name books and chapters. Only the 九宗門 chapter names its
book (《大六壬靈覺經》, 吳師青 手抄本); the three chapters after it give no title, so a source written with a
chapter number keeps only the chapter's own heading ("002 勵德課" → "勵德課"), the 九宗門 chapter's number
becomes its book's name, and pointers to the project's own rules document ("docs/rules.md §6.5") are left out.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import re
import sys
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import liuren  # noqa: E402
from liuren import school as school_module  # noqa: E402
from liuren.files import write_atomic  # noqa: E402
from liuren.patterns import PATTERNS  # noqa: E402
from liuren.school import PRESET_NAMES, PRESETS  # noqa: E402

OUT = ROOT / "docs" / "reference.md"
BOOK = "《大六壬靈覺經》"
"""The book the 九宗門 chapter names as its source (the only one of the four that names a book)."""
CHAPTER_NUMBER = re.compile(r"(?<![\d.§])\b00[0-4]\b(?![\d.])\s*")
INTERNAL_NOTES = (
    re.compile(r"\s*\((?:docs/)?rules\.md[^)]*\)"),  # "(docs/rules.md §6.5)"
    re.compile(r";\s*(?:docs/)?rules\.md[^;)]*"),  # "; docs/rules.md §2.5"
    re.compile(r"(?:docs/)?rules\.md[^;)]*;\s*"),  # "docs/rules.md §6; …"
    re.compile(r",?\s*(?:docs/)?rules\.md[^;)]*"),  # anything left
)


def for_users(text: str) -> str:
    """A registry text as users read it: chapter numbers as the book's name, internal notes left out."""
    for pattern in INTERNAL_NOTES:
        text = pattern.sub("", text)
    text = CHAPTER_NUMBER.sub(lambda m: f"{BOOK} " if m.group().startswith("004") else "", text)
    text = re.sub(r":\w+:`~?([^`]+)`", r"`\1`", text).replace("``", "`")  # reStructuredText roles and literals
    return re.sub(r"\s+", " ", text).strip(" ;")


def module_docs(module) -> dict[str, str]:
    """The docstrings written under module-level assignments (``NAME = …`` then a string)."""
    tree = ast.parse(inspect.getsource(module))
    docs: dict[str, str] = {}
    for node, after in pairwise(tree.body):
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        if (
            targets
            and isinstance(targets[0], ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[targets[0].id] = inspect.cleandoc(after.value.value)
    return docs


def cell(text: str) -> str:
    """Text fit for one Markdown table cell."""
    return for_users(text).replace("|", "\\|").replace("\n", " ")


def code(value: object) -> str:
    return f"`{value!r}`" if isinstance(value, str) else f"`{value}`"


def allowed(option: str) -> str:
    if option in school_module.SWITCHES:
        return "`True`, `False`"
    return ", ".join(code(v) for v in school_module.CHOICES[option])


def options_section() -> list[str]:
    docs = school_module.OPTION_DOCS
    lines = [
        "## School options",
        "",
        "Where the classical books disagree, the choice is an option of a frozen `liuren.School` value; every",
        "chart records the school it was built with (`chart.school`). Change options with",
        '`liuren.School().replace(noble_table="B")`, or on the command line with `--option KEY=VALUE`.',
        "",
        "| option | default | accepted values | meaning | sources |",
        "| --- | --- | --- | --- | --- |",
    ]
    for option in school_module.OPTION_NAMES:
        lines.append(
            f"| `{option}` | {code(school_module.DEFAULTS[option])} | {allowed(option)} | {cell(docs[option])} "
            f"| {sources(option)} |"
        )
    return lines


def sources(option: str) -> str:
    """Where the books state an option's readings, as one cell ("no book" for a clock or casebook
    convention: the sign for "none" is left to the patterns table, whose last column it marks)."""
    cited = [f"{book} {chapter}".strip() for book, chapter in school_module.OPTION_SOURCES[option]]
    return cell("; ".join(cited)) if cited else "no book"


def presets_section() -> list[str]:
    default = PRESETS["default"]
    aliases: dict[str, list[str]] = {}
    for alias, preset in school_module._ALIASES.items():
        aliases.setdefault(preset, []).append(alias)
    lines = [
        "## Presets",
        "",
        for_users(module_docs(school_module).get("PRESETS", "")),
        "",
        'Select a preset by any of its names: `liuren.chart(..., school="探原")`, `--school tanyuan`.',
        "",
        "| preset | names | differs from the default in |",
        "| --- | --- | --- |",
    ]
    for name, school in PRESETS.items():
        changed = [
            f"`{k}={getattr(school, k)!r}`"
            for k in school_module.OPTION_NAMES
            if getattr(school, k) != getattr(default, k)
        ]
        names = ", ".join(f"`{a}`" for a in aliases.get(name, [name, PRESET_NAMES[name]]))
        lines.append(f"| {name} | {names} | {', '.join(changed) or '— (the default)'} |")
    return lines


def _sanchuan(day: str, general: str, school: object, named: bool = False) -> str:
    chart = liuren.chart(day, "子", general, school=school)
    text = "".join(str(t.branch) for t in chart.transmissions)
    return f"{text} {chart.lesson_type}" if named else text


def zhinan_section() -> list[str]:
    """Where the default (指南) departs from the other tables, computed over the 720 課 (the hour 子,
    every general): the 子卯 伏吟 (``fuyin_return``) and the 戊辰/戊戌 返吟 that 陳公獻 prints."""
    from liuren.cycle import BRANCHES, PILLARS

    chong = liuren.School(fuyin_return="chong")
    fuyin = [
        (str(day), str(general), _sanchuan(day, general, "default", True), _sanchuan(day, general, chong, True))
        for day in PILLARS
        for general in BRANCHES
        if _sanchuan(day, general, "default") != _sanchuan(day, general, chong)
    ]
    wealth = liuren.School(biyong_ge="wealth")
    fanyin = [
        (str(day), _sanchuan(day, general, "default"), _sanchuan(day, general, wealth))
        for day in ("戊辰", "戊戌")
        for general in ("午",)
    ]
    lines = [
        "## 指南's own answers",
        "",
        "**伏吟 子卯** (`fuyin_return`). 《六壬指南》 卷一 takes the 沖 for the 末 only when the 中 刑s itself",
        "(「倘逢中傳自刑者，末傳以衝神為之」); where the 中 子 刑s back to the 初 卯 the chain runs on, and 陳公獻",
        "prints 辛卯 戌時戌將 卯子卯 in 卷三. The default follows it, so on these 課 it gives another 三傳",
        "than 《大全》, 探原's 720 list and the other tables (卯子午 杜傳, `fuyin_return='chong'`, which the",
        "tanyuan and daquan presets keep); every other 課 is unchanged:",
        "",
        "| 課 (day, 子時, general) | default | `fuyin_return='chong'` |",
        "| --- | --- | --- |",
        *(f"| {day} 子時 {general}將 | {a} | {b} |" for day, general, a, b in fuyin),
        "",
        "**返吟 戊辰/戊戌 干上亥.** Both 亥 (on 巳) and 巳 (on 亥) are 下賊上, neither 比 the day, both on a",
        "孟: 綴瑕 takes 亥 on a 陽日, so the tables print 亥巳亥. 陳公獻's 巳亥巳 for 戊辰 辰時戌將 is the",
        "比用格 of 《大全》 卷七 涉害課 (「用神畏日干所勝，以比和者為用」): 亥 is 戊's 妻財, 巳 its 父母, so 巳",
        "is taken instead; the option `biyong_ge='wealth'` gives it. The default leaves 比用格 off (指南 卷一",
        "states no such rule) and keeps the 綴瑕 answer:",
        "",
        "| 課 | default | `biyong_ge='wealth'` |",
        "| --- | --- | --- |",
        *(f"| {day} 子時 午將 | {a} | {b} |" for day, a, b in fanyin),
    ]
    return lines


def patterns_section() -> list[str]:
    lines = [
        "## Named patterns",
        "",
        f"The {len(PATTERNS)} named patterns (課體) that `chart.patterns` reports and `liuren.find(pattern=…)`",
        "looks up, in the registry's order, grouped by family (the chapter that teaches them). A pattern",
        "that needs the month (月建) or the year (太歲) is reported as unjudged on a chart built without",
        "it; one that needs the hour is decided by the 占時 itself, not only by the 課 and the noble.",
    ]
    families: dict[str, list] = {}
    for p in PATTERNS:
        families.setdefault(p.family, []).append(p)
    for family, members in families.items():
        lines += ["", f"### {family}", "", "| pattern | condition | source | needs |", "| --- | --- | --- | --- |"]
        for p in members:
            needs = [
                what
                for what, flag in (
                    ("month", p.needs_month),
                    ("year", getattr(p, "needs_year", False)),
                    ("hour", p.needs_hour),
                )
                if flag
            ]
            lines.append(f"| {p.name} | {cell(p.condition)} | {cell(p.source)} | {', '.join(needs) or '—'} |")
    return lines


def render() -> str:
    """The whole of docs/reference.md."""
    lines = [
        "# liuren reference: conventions and named patterns",
        "",
        f"Generated by `tools/make_reference.py` from liuren {liuren.__version__}'s own registry (the `School`",
        "fields and presets, `liuren.PATTERNS`); do not edit by hand — change the code and run the tool.",
        "",
        *options_section(),
        "",
        *presets_section(),
        "",
        *zhinan_section(),
        "",
        *patterns_section(),
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/reference.md is not in step with the code")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.exists() else None
        if current != text:
            print(f"{args.out} is not in step with the code; run: python tools/make_reference.py", file=sys.stderr)
            return 1
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(args.out, text)
    print(f"wrote {args.out} ({len(text.splitlines())} lines)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
