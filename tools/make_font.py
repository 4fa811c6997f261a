"""Make liuren/fonts/LiurenSerifTC.otf (+ .woff2): a renamed subset of Noto Serif CJK TC.

The character list is the package's own (:func:`liuren.show.labels.hanzi`: every table, term, mark and
accepted character) plus printable ASCII. The source is face 3 (TC) of Debian's
``fonts-noto-cjk`` NotoSerifCJK-Regular.ttc. The subset is a Modified Version under the SIL OFL
1.1, so it is renamed "Liuren Serif TC" (the Noto CJK licence reserves the name "Source", and
"Noto" is a Google trademark) and ships with OFL.txt. Run: ``python tools/make_font.py``.
"""

from __future__ import annotations

import argparse
import string
import sys
from io import BytesIO
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc")
DEBIAN_COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")
COPYRIGHT = (
    "Copyright 2014-2021 Adobe (http://www.adobe.com/), with Reserved Font Name 'Source'.\n"
    "Liuren Serif TC is a subset of Noto Serif CJK TC made for the liuren package; it does not use\n"
    "the Reserved Font Name.\n"
)
FACE_TC = 3
FAMILY = "Liuren Serif TC"
POSTSCRIPT = "LiurenSerifTC-Regular"


LATIN = string.digits + " ()-.,:;=+"
"""The few Latin characters kept, for numbers beside the Hanzi; other Latin text falls back to
DejaVu Sans in matplotlib (the family list is [FAMILY, "DejaVu Sans"]) and to the page's fonts in
HTML. Full printable ASCII would add 8 KB."""


def characters() -> str:
    """The characters the subset keeps: every label character and :data:`LATIN` (Korean readings
    appear only in HTML, where the browser's own fonts supply Hangul)."""
    sys.path.insert(0, str(ROOT))
    from liuren.show.labels import hanzi

    return hanzi() + LATIN


def rename(font: TTFont) -> None:
    """Give the subset its own names (name IDs 1/3/4/6/16/17 and the CFF names); keep 0, 13, 14."""
    names = {1: FAMILY, 3: f"{POSTSCRIPT};liuren-subset", 4: FAMILY, 6: POSTSCRIPT, 16: FAMILY, 17: "Regular"}
    table = font["name"]
    for record in list(table.names):
        if record.nameID in names or record.nameID == 2:
            table.removeNames(nameID=record.nameID)
    for name_id, value in names.items():
        table.setName(value, name_id, 3, 1, 0x409)
        table.setName(value, name_id, 1, 0, 0)
    table.setName("Regular", 2, 3, 1, 0x409)
    cff = font["CFF "].cff
    cff.fontNames = [POSTSCRIPT]
    top = cff.topDictIndex[0]
    top.FullName = FAMILY
    top.FamilyName = FAMILY
    top.Notice = (top.Notice or "") + " Subset for liuren, renamed Liuren Serif TC under the SIL OFL 1.1."


def licence_text(copyright_file: Path = DEBIAN_COPYRIGHT) -> str:
    """The OFL 1.1 text as Debian's copyright file for fonts-noto-cjk carries it, with the notice."""
    lines = copyright_file.read_text(encoding="utf-8").splitlines()
    start = lines.index("License: SIL-1.1", lines.index("License: SIL-1.1") + 1)
    body = []
    for line in lines[start + 1 :]:
        if not line.startswith(" "):
            break
        body.append("" if line == " ." else line[1:])
    return COPYRIGHT + "\n" + "\n".join(body).strip("\n") + "\n"


def fontlog(source: Path, font: TTFont, chars: str) -> str:
    """FONTLOG: where the subset comes from, how it was made and what it holds."""
    version = font["name"].getDebugName(5)
    return (
        f"Liuren Serif TC ({POSTSCRIPT})\n\n"
        f"Source: {source.name} face {FACE_TC} (Noto Serif CJK TC, {version}), from Debian fonts-noto-cjk.\n"
        f"Tool: fontTools.subset, layout_features=[] (horizontal labels need none), renamed, by tools/make_font.py.\n"
        f"Licence: SIL Open Font License 1.1 (OFL.txt); a Modified Version, renamed as the licence requires.\n"
        f"Glyphs: {len(font.getGlyphOrder())}. Characters ({len(chars)}):\n{chars}\n"
    )


def _saved(font: TTFont, options: subset.Options) -> bytes:
    """The subset font as the bytes ``subset.save_font`` writes (in ``options.flavor``)."""
    buf = BytesIO()
    subset.save_font(font, buf, options)
    return buf.getvalue()


def make(source: Path, out_dir: Path) -> list[Path]:
    """Write the OTF and WOFF2 subsets to ``out_dir``; return their paths."""
    options = subset.Options(
        name_IDs=["*"],
        name_languages=["*"],
        notdef_outline=True,
        layout_features=[],
        font_number=FACE_TC,
        hinting=False,
        desubroutinize=False,
    )
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    chars = characters()
    subsetter.populate(text=chars)
    subsetter.subset(font)
    rename(font)
    sys.path.insert(0, str(ROOT))
    from liuren.files import write_atomic

    out_dir.mkdir(parents=True, exist_ok=True)
    otf = out_dir / "LiurenSerifTC.otf"
    write_atomic(otf, _saved(font, options))
    woff2 = out_dir / "LiurenSerifTC.woff2"
    options.flavor = "woff2"
    write_atomic(woff2, _saved(font, options))
    write_atomic(out_dir / "OFL.txt", licence_text())
    write_atomic(out_dir / "FONTLOG.txt", fontlog(source, font, chars.strip()))
    return [otf, woff2, out_dir / "OFL.txt", out_dir / "FONTLOG.txt"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE, help="NotoSerifCJK-Regular.ttc (face 3 = TC)")
    parser.add_argument("--out", type=Path, default=ROOT / "liuren" / "fonts")
    args = parser.parse_args(argv)
    for path in make(args.source, args.out):
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {path.stat().st_size / 1024:.1f} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
