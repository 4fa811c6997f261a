"""Every word the teaching layer says, in one shape: ``TABLE[lang][key]`` ("zh", "ko", "en").

Pure data, one module per reader: :mod:`.steps` (the steps, trace and explain), :mod:`.check` (the
verdicts of :func:`liuren.check`), :mod:`.evidence` (the patterns' evidence), :mod:`.widgets` (the
controls), :mod:`.glosses` (the English glosses beside the terms, :mod:`liuren.show.labels`);
:mod:`.vocabulary` is the English course's one rendering of each term.
:mod:`liuren.show.i18n` fills and renders them.
"""

from __future__ import annotations

Table = dict[str, dict[str, str]]
"""A word table: language → key → template (⟨⟩ marks a term, ``{name}`` a value)."""
