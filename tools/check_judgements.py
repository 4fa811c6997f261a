"""Check liuren/data/judgements.csv against the text of the four chapters before committing it.

Every quotation must stand verbatim (ignoring white space) on the line the row cites, or on the line
next to it, in one of the chapter files; the chapters do not ship with the package, so the folder that
holds them is an argument:

    python tools/check_judgements.py --chapters DIR

DIR holds one UTF-8 text file per chapter group (the classical text line by line, as the rows cite
it). The file is also read by liuren itself, so a row that does not parse fails here too.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from liuren.reading.statements import statements


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chapters", type=Path, required=True, help="folder of the chapter text files")
    args = parser.parse_args()
    texts = [p.read_text(encoding="utf-8").splitlines() for p in sorted(args.chapters.glob("*.txt"))]
    if not texts:
        print(f"no .txt files in {args.chapters}", file=sys.stderr)
        return 2
    bad = 0
    for s in statements():
        quote = re.sub(r"\s", "", s.quote)
        near = [re.sub(r"\s", "", "".join(lines[max(0, s.source.line - 2) : s.source.line + 1])) for lines in texts]
        if not any(quote in block for block in near):
            bad += 1
            print(f"{s.id}: 「{s.quote}」 is not at {s.source}")
    print(f"{len(statements())} statements, {bad} quotations not found where they are cited")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
