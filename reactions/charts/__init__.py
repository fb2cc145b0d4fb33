"""Aggregates -> Altair charts, and the palette every chart and the page draw with.  Never imports streamlit.

Altair comes with the ``dashboard`` extra and loads only when a chart module is imported: this package's own
import, and :mod:`reactions.charts.palette`'s, load nothing of it.
"""
