"""What every widget of :mod:`liuren.show.widgets` shares: its mimebundle with fallbacks where widgets
cannot run, and the label-language choice."""

from __future__ import annotations

import unicodedata
from html import escape
from typing import Any

import ipywidgets as widgets

from ..lang import languages
from .html import COLORS, paper_box
from .words.widgets import WIDGETS

NARROW_EM = 0.6
"""About how wide a narrow character (Latin, a digit, a space) is, in em of its font (sans-serif's
average is nearer 0.5: the margin keeps a text of wide letters such as "m" or "W" in its box)."""


def text_em(text: str) -> float:
    """About how wide ``text`` is, in em of its font: a wide character (a hanzi, a Hangul syllable) is
    one em, a narrow one :data:`NARROW_EM`. The page sizes its controls by it, so that a grey text, a
    menu entry or a label is not cut at a narrow width (a text box is 300px wide unless told)."""
    return sum(1.0 if unicodedata.east_asian_width(c) in "WF" else NARROW_EM for c in text)


def lang_options() -> tuple[tuple[str, str], ...]:
    """The label-language switch: each registered language by its short name (中, 한, EN)."""
    return tuple((lang.button, lang.code) for lang in languages())


WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def bundle(widget: widgets.Widget, text: str, html: str, include: Any, exclude: Any) -> dict[str, Any]:
    """The widget's own mimebundle with text/plain and text/html fallbacks beside the widget view."""
    bundle = widget._repr_mimebundle_(include=include, exclude=exclude)
    data = dict(bundle[0] if isinstance(bundle, tuple) else bundle or {})
    data["text/plain"] = text
    data["text/html"] = html
    return data


def fallback_html(body: str, lang: str) -> str:
    """``body`` and, under it, the run-the-cell line on the card's paper (a theme's background would
    leave it faint: the muted ink is 3.2:1 on JupyterLab Dark)."""
    line = f'<span style="color:{COLORS["muted"]}">{escape(WIDGETS[lang]["run-line"])}</span>'
    return body + paper_box(line, "font-family:sans-serif;font-size:13px;margin:4px 0")


def error_html(message: str) -> str:
    """A chart that cannot be built: its message in the mark colour, on the paper."""
    return paper_box(f'<span style="color:{COLORS["mark"]}">{escape(message)}</span>')
