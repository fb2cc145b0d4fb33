"""The page's sections drawn on demand: spikes, hashtags per bucket, the summary tabs, outlets and the network.

A new session draws the headline, the time chart (with its mean compound and the sentiment chart), the top
hashtags and the table; the rest waits behind a picker, and only the section shown is built and sent (at 100,000
reactions React building Streamlit's elements was most of a new session's cost in the browser).  The URL's
``section`` names the one shown.  The outlet chart and the network are linked charts: a selection made in them
is kept while they are hidden (``app.travel.chart_state``) and travels in the URL as before.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from app import travel
from app.outlets import outlets_section
from app.sections import heatmap_section, network_section, spikes_table, summary_section
from app.timeview import TimeView
from reactions.analysis.index import FrameIndex
from reactions.viewstate import links, views

SECTION = "page_section"
"""The widget key of the section picker (its state: the URL name of the section shown, or None)."""
TITLES = {"spikes": "Spikes", "heatmap": "Hashtags over time", "summary": "Summaries", "outlets": "Outlets",
          "network": "Networks"}  # fmt: skip
"""Each section's URL name (links.SECTIONS, in order) -> its title on the picker."""
KNOBS = {"outlets": ("outlets_top",), "network": ("network_graph", "network_top", "network_weight")}
"""The widgets inside a section, whose state is kept while it is hidden (the summary tab: app.travel.open_tab)."""


def more_sections(
    index: FrameIndex,
    rows: views.ChartRows,
    time: TimeView,
    spikes: pd.DataFrame,
    filtered: np.ndarray,
    filters: views.Filters,
    selection: views.Selection,
) -> str | None:
    """The section picker, then the section chosen (none at first); returns its URL name."""
    travel.open_section(SECTION)
    shown = st.session_state.get(SECTION)
    travel.keep_widgets([key for section, keys in KNOBS.items() if section != shown for key in keys])
    spiky = f" ({len(spikes)})" if len(spikes) else ""
    name = st.segmented_control(
        "More of this view", list(TITLES), key=SECTION, selection_mode="single",
        format_func=lambda n: TITLES[n] + (spiky if n == "spikes" else ""),
        help="Each section is drawn when it is chosen (the page opens faster); the link names the one shown.",
    )  # fmt: skip
    travel.sync_section(name)
    if name == "spikes":
        spikes_table(spikes, time.bucket, time.zone)
    elif name == "heatmap":
        heatmap_section(index, rows, time)
    elif name == "summary":
        summary_section(index, rows.view)
    elif name == "outlets":
        outlets_section(index, rows)
    elif name == "network":
        network_section(index, filtered, filters, selection)
    return name


assert tuple(TITLES) == links.SECTIONS  # one list of sections: the URL's
