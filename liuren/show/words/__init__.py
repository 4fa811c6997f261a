"""Every word the teaching layer says, in one shape: ``TABLE[lang][key]``, keyed by the codes of the
languages of :mod:`liuren.lang` ("zh", "ko", "en").

Pure data, one module per reader: :mod:`.steps` (the steps, trace and explain), :mod:`.check` (the
verdicts of :func:`liuren.check`), :mod:`.evidence` (the patterns' evidence), :mod:`.reading` (a
reading), :mod:`.cards` (the reference cards), :mod:`.widgets` (the controls), :mod:`.identify`
(identify's rules), :mod:`.practice` (the practice page), :mod:`.glosses` (the glosses beside the
terms, :mod:`liuren.show.labels`); :mod:`.vocabulary` is the English course's one rendering of each
term. :mod:`liuren.show.i18n` fills and renders them; :func:`tables` finds them all.
"""

from __future__ import annotations

import importlib
import pkgutil

Table = dict[str, dict[str, str]]
"""A word table: language → key → template (⟨⟩ marks a term, ``{name}`` a value)."""


def tables() -> dict[str, Table]:
    """Every word table of this package by ``module.NAME`` (``steps.STEPS``): each module-level dict
    keyed by language codes whose values are dicts (a table need not hold every language: the glosses
    are only for a language whose captions gloss)."""
    from ...lang import REGISTRY

    found: dict[str, Table] = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for name, value in vars(module).items():
            if (
                isinstance(value, dict)
                and value
                and all(isinstance(k, str) and isinstance(v, dict) for k, v in value.items())
                and set(value) & set(REGISTRY)
            ):
                found[f"{info.name}.{name}"] = value
    return found
