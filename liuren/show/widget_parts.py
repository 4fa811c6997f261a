"""What every widget of :mod:`liuren.show.widgets` shares: its mimebundle with fallbacks where widgets
cannot run, and the label-language choice."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..lang import languages
from .html import COLORS, paper_box
from .words.widgets import WIDGETS


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
