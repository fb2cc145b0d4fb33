"""The page's Outlets section: which outlets cited the reactions on screen (a linked chart: a click on an outlet
filters everything else), and who amplified whom (the posts several outlets cited, the first outlet and how
long after it each other one did)."""

from __future__ import annotations

from typing import Final

import numpy as np
import streamlit as st

from app.sections import show_chart
from reactions.analysis import aggregate
from reactions.analysis.amplification import amplification, amplification_table
from reactions.analysis.index import FrameIndex
from reactions.charts.outlets import OUTLET_SELECTION, amplification_chart, outlet_chart
from reactions.viewstate import views

NO_OUTLETS: Final = (
    "No outlets in this view: an outlet is the registered domain of a citing article's URL (bbc.co.uk), and "
    "these articles have none. URLs come from a dataset's url column, a web archive's target URI, or a saved web "
    'page\'s <link rel="canonical"> or og:url; plain-text articles have no URL.'
)
AMPLIFIED_POSTS: Final = 20
"""How many posts the amplification view shows (most outlets first)."""
TABLE: Final = {
    "post": st.column_config.TextColumn("Post", width="large"),
    "outlets": st.column_config.NumberColumn("Outlets", width="small", help="How many outlets cited the post"),
    "first_outlet": st.column_config.TextColumn("First outlet", help="The outlet whose article cited it first"),
    "first_published": st.column_config.DatetimeColumn("First published", format="YYYY-MM-DD HH:mm z"),
    "later": st.column_config.TextColumn("Later outlets (hours after the first)", width="large"),
    "id": st.column_config.TextColumn("Id", width="small"),
}


def has_outlets(index: FrameIndex, rows: np.ndarray) -> bool:
    """Whether any of ``rows`` (a mask) is cited by an article whose outlet is known."""
    found, _ = index.outlets.take(rows)
    return bool(len(found))


def articles_without_outlet(index: FrameIndex, rows: np.ndarray) -> tuple[int, int]:
    """Of the articles that first cite ``rows`` (a mask), how many have no outlet (no usable URL), and how many
    there are."""
    frame = index.frame.loc[rows, ["source", "outlet"]]
    articles = frame.drop_duplicates("source")
    return int(articles["outlet"].isna().sum()), len(articles)


def outlets_section(index: FrameIndex, rows: views.ChartRows) -> None:
    """Top outlets by reactions cited (cross-filtered by the other charts' selections) and who amplified whom
    among the reactions on screen; a one-line explanation when no citing article has an outlet."""
    st.subheader("Outlets", anchor=False)
    missing, articles = articles_without_outlet(index, rows.view)
    if missing and missing < articles:
        st.caption(f"{missing} of {articles} citing articles have no usable URL, so no outlet: their reactions are "
                   "not counted here.")  # fmt: skip
    if not has_outlets(index, rows.by_outlet):
        st.caption(NO_OUTLETS)
        return
    top = st.session_state.get("outlets_top", 10)
    ranked = aggregate.top_outlets(index, top, mask=rows.by_outlet)
    steps = amplification(index, AMPLIFIED_POSTS, mask=rows.view)
    left, right = st.columns([1, 1.5])
    with left:
        head, knob = st.columns([3, 1.4], vertical_alignment="center")
        head.markdown("**Top outlets** · reactions cited, colour = mean compound")
        with knob.popover(f"Top {top}", width="stretch"):
            st.number_input("How many outlets", min_value=3, max_value=50, value=10, step=1, key="outlets_top")
        show_chart(outlet_chart(ranked), ranked, "No outlet cites these reactions.", OUTLET_SELECTION)
    with right:
        st.markdown("**Who amplified whom** · posts cited by several outlets, hours after the first")
        timed = steps[steps["lag_hours"].notna()]
        show_chart(amplification_chart(steps), timed, "No post here is cited by two outlets with known times.")
    if steps.empty:
        st.caption("No post on screen is cited by more than one outlet.")
        return
    posts = steps["id"].nunique()
    which = "The post cited by more than one outlet" if posts == 1 else f"The {posts} posts cited by most outlets"
    st.caption(f"{which}, first outlet first (times are each outlet's earliest article citing the post).")
    shown = amplification_table(steps).drop(columns="compound")
    st.dataframe(shown, hide_index=True, width="stretch", column_config=TABLE, key="amplification_table")
