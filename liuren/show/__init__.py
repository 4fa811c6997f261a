"""How a chart shows itself: the text layout, the HTML 課盤, labels in three languages, the matplotlib
plate drawing and the notebook widgets.

Nothing here is imported by ``import liuren``: a chart's display hooks (``str``, ``_repr_html_``,
``plot``) import the module they need on first use, and the widgets need ipywidgets.
"""
