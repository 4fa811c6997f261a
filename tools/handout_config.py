"""nbconvert settings for a static HTML handout whose charts show offline (README, "Teaching with it").

    .venv/bin/jupyter nbconvert --config tools/handout_config.py notebooks/classroom.ipynb --output-dir handout

The notebook is executed, and each widget is exported as its own static fallback (the ``text/html``
課盤 of its current chart) instead of the live widget: no widget state is kept, so the page needs no
widget script (which nbconvert would fetch from a CDN). Code cells are left out; add
``--TemplateExporter.exclude_input=False`` to keep them (a course notebook as a handout).

The cells tagged ``solution`` (each exercise's ``<details>`` answer and its inert, commented-out code
cell; tools/make_notebooks.py) are left out, so a handout for learners gives no answer away:

    .venv/bin/jupyter nbconvert --config tools/handout_config.py notebooks/04-biezhe.ipynb \
        --TemplateExporter.exclude_input=False --output-dir handout

A teacher's copy keeps them (``--TagRemovePreprocessor.enabled=False``):

    .venv/bin/jupyter nbconvert --config tools/handout_config.py notebooks/04-biezhe.ipynb \
        --TemplateExporter.exclude_input=False --TagRemovePreprocessor.enabled=False \
        --output-dir handout --output 04-biezhe-teacher
"""

c = get_config()  # noqa: F821 (nbconvert's config loader provides it)

c.NbConvertApp.export_format = "html"
c.ExecutePreprocessor.enabled = True
c.ExecutePreprocessor.store_widget_state = False
# Drop the notebook's saved widget state too (cell metadata, e.g. collapsed solutions, is kept).
c.ClearMetadataPreprocessor.enabled = True
c.ClearMetadataPreprocessor.clear_cell_metadata = False
c.NbConvertBase.display_data_priority = ["text/html", "image/png", "image/jpeg", "text/markdown", "text/plain"]
c.TemplateExporter.exclude_input = True
# Solutions out unless asked for (--TagRemovePreprocessor.enabled=False keeps them).
c.TagRemovePreprocessor.enabled = True
c.TagRemovePreprocessor.remove_cell_tags = {"solution"}
