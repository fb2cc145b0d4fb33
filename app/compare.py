"""The page's Compare section: side A is the sidebar's view, side B a second filter set chosen here; their volume,
sentiment and hashtags side by side, the posts both hold, and each side's CSV.  Off by default (the page stays
fast); B's filters live in the URL with the ``b_`` prefix (``?tag=MeToo&compare=on&b_tag=TimesUp``), so a
comparison link travels.  The section is a fragment: B's widgets rerun only it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd
import streamlit as st

import reactions
from app import exports, presenter
from app.sections import EAGER_EXPORT_ROWS, column_config, unchecked
from app.sidebar import filter_widget
from app.timeview import time_view
from reactions.analysis import compare
from reactions.analysis.index import FrameIndex
from reactions.charts import compare as charts_compare
from reactions.scorers import DEFAULT_SCORER
from reactions.viewstate import links, views
from reactions.viewstate.fields import FILTER_FIELDS, FILTERS

COMPARE_KEY = links.COMPARE_KEY
"""The URL key that says the section is on."""
B_WIDGETS = {field.name: field.side_b for field in FILTERS if field.side_b}
"""Filters field -> the widget key of side B's filter."""
SIDE_B_LINES = (("dates", "hashtags", "text"), ("sentiments", "kinds"))
"""Side B's filters drawn first, a line of columns each; its other filters are under its expander."""
SIDE_B_MORE = ("articles", "authors", "platforms", "renderings", "min_confidence", "languages")
"""The order side B's expander draws its filters in, two a line (left, right); one not named comes after."""
SHARED_ROWS = 500
"""The shared-posts table shows at most this many (the CSVs hold every row of each side)."""
SUMMARY_COLUMNS: dict[str, Any] = {
    "side": st.column_config.TextColumn("Side", width="small"),
    "about": st.column_config.TextColumn("Filters"),
    "reactions": st.column_config.NumberColumn("Reactions"),
    "authors": st.column_config.NumberColumn("Authors"),
    "articles": st.column_config.NumberColumn("Articles", help="Articles citing these reactions"),
    "negative": st.column_config.NumberColumn("Negative", format="percent"),
    "neutral": st.column_config.NumberColumn("Neutral", format="percent"),
    "positive": st.column_config.NumberColumn("Positive", format="percent"),
    "mean_compound": st.column_config.NumberColumn("Mean compound", format="%+.3f"),
    "top_hashtags": st.column_config.TextColumn("Top hashtags"),
    "shared": st.column_config.NumberColumn("Shared posts", help="Posts both sides hold (by reaction id)"),
    "first_day": st.column_config.TextColumn("First day"),
    "last_day": st.column_config.TextColumn("Last day"),
}
"""The summary's columns, in the order shown."""


def _query() -> dict[str, list[str]]:
    return {k: st.query_params.get_all(k) for k in st.query_params}


def init_compare(options: dict[str, Any]) -> None:
    """Once per session: the toggle and side B's widgets start from the URL (``compare`` or any ``b_`` key)."""
    if st.session_state.get("compare_ready"):
        return
    query = _query()
    st.session_state["compare_on"] = COMPARE_KEY in query or compare.has_side(query)
    wanted = compare.side_filters(query)
    for field, value in presenter.widget_values(wanted, options).items():
        if field in B_WIDGETS:
            st.session_state[B_WIDGETS[field]] = value
    unmatched = [compare.B_PREFIX + item for item in presenter.unmatched_values(wanted, options)]
    st.session_state["compare_left_out"] = compare.side_problems(query) + unmatched
    st.session_state["compare_ready"] = True


def sync_url(filters_b: views.Filters | None) -> None:
    """Side B's filters into the URL (``None``: the section is off, its keys leave); other keys stay."""
    current = _query()
    kept = {k: v for k, v in current.items() if k != COMPARE_KEY and not compare.has_side({k: v})}
    wanted = kept if filters_b is None else {**kept, COMPARE_KEY: ["on"], **compare.side_query(filters_b)}
    if wanted != current:
        st.query_params.from_dict(wanted)


def side_b_filters(options: dict[str, Any]) -> views.Filters:
    """Side B's filter widgets (the sidebar's kinds); returns the filters they describe."""
    first, last = options["days"]
    if left_out := st.session_state.get("compare_left_out"):  # the link's own words: code, never Markdown
        st.warning("This link holds B filters that do not apply to this corpus; they were left out:",
                   icon=":material/link_off:")  # fmt: skip
        st.code(", ".join(left_out), language=None, wrap_lines=True)
    chosen: dict[str, Any] = {}
    with st.container(border=True, key="compare_b"):
        st.markdown("**Side B**")
        for line in SIDE_B_LINES:
            for name, cell in zip(line, st.columns(len(line)), strict=True):
                chosen[name] = filter_widget(FILTER_FIELDS[name], options, cell, side_b=True)
        with st.expander("B: article, author, platform, language, how found"):
            left, right = st.columns(2)
            more = [*SIDE_B_MORE, *(f.name for f in FILTERS if f.side_b and f.name not in {*SIDE_B_MORE, *chosen})]
            for place, name in enumerate(more):
                chosen[name] = filter_widget(FILTER_FIELDS[name], options, (left, right)[place % 2], side_b=True)
    return presenter.filters_from_widgets(chosen, (first, last))


@st.fragment
def compare_section(
    frame: pd.DataFrame, index: FrameIndex, options: dict[str, Any], filters_a: views.Filters, rows_a: np.ndarray
) -> None:
    """The Compare toggle and, when on, side B's filters and the comparison of A (the sidebar's view) with B."""
    init_compare(options)
    st.subheader("Compare", anchor=False)
    if not st.toggle("Compare this view (A) with another (B)", key="compare_on"):
        sync_url(None)
        st.caption("Turn on to choose a second filter set, B, and see its volume by day, sentiment shares, hashtags "
                   "and the posts it shares with the sidebar's view, A, side by side.")  # fmt: skip
        return
    filters_b = side_b_filters(options)
    sync_url(filters_b)
    rows_b = views.filter_rows(index, filters_b)
    st.text(f"A: {links.describe(filters_a)}\nB: {links.describe(filters_b)}")  # filter values: plain text only
    if not rows_b.any():
        st.info("No reaction matches B's filters. Loosen them above.", icon=":material/filter_alt_off:")
        return
    about = (links.describe(filters_a), links.describe(filters_b))
    result = compare.compare_rows(index, rows_a, rows_b, about=about, top=st.session_state.get("b_top", 10))
    comparison_view(frame, result, time_view(index, rows_a | rows_b, filters_a).bucket)
    compare_downloads(frame, [("A", rows_a, filters_a), ("B", rows_b, filters_b)])


def comparison_view(frame: pd.DataFrame, result: compare.Comparison, bucket: str = "day") -> None:
    """The summary with the test, the three charts (the volume in ``bucket``s, as the main time chart chooses
    them over both sides' span), and the posts both sides hold."""
    st.dataframe(result.summary, hide_index=True, width="stretch", column_config=SUMMARY_COLUMNS,
                 column_order=list(SUMMARY_COLUMNS))  # fmt: skip
    st.text(result.test.sentence())
    st.caption("Welch's t-test (unequal variances), two-sided. It assumes independent sides: a post both hold "
               "counts on both, so with many shared posts the p-value is only indicative.")  # fmt: skip
    head, knob = st.columns([4, 1], vertical_alignment="center")
    unit = bucket if bucket in ("week", "month", "quarter") else "day"
    volume = compare.volume_by_bucket(result.volume, unit)
    head.markdown(f"**Reactions by {unit}** · A and B in the same {unit} buckets")
    measure = knob.segmented_control("Measure", list(charts_compare.MEASURES), default="reactions", key="b_measure",
                                     format_func=lambda m: "Count" if m == "reactions" else "Share",
                                     label_visibility="collapsed")  # fmt: skip
    chart_or_info(charts_compare.volume_chart(volume, result.sides, str(measure or "reactions"), unit),
                  volume, "Neither side has dated reactions.")  # fmt: skip
    left, right = st.columns([1, 1.4])
    with left:
        st.markdown("**Sentiment shares**")
        chart_or_info(charts_compare.sentiment_shares_chart(result.sentiment, result.sides), result.sentiment, "")
    with right:
        title, knob = st.columns([3, 1], vertical_alignment="center")
        title.markdown("**Top hashtags** · share of each side's reactions")
        knob.number_input("Top", min_value=3, max_value=30, value=10, step=1, key="b_top")
        chart_or_info(charts_compare.hashtags_chart(result.hashtags, result.sides), result.hashtags,
                      "Neither side has hashtags.")  # fmt: skip
    shared_table(frame, result.shared)


def chart_or_info(chart: Any, rows: pd.DataFrame, empty: str) -> None:
    if rows.empty:
        st.info(empty, icon=":material/bar_chart_off:")
    else:
        st.altair_chart(unchecked(chart), width="stretch")


def shared_table(frame: pd.DataFrame, shared: np.ndarray) -> None:
    """The posts both sides hold (the first :data:`SHARED_ROWS`)."""
    st.markdown(f"**Posts both hold** · {len(shared):,}")
    if not len(shared):
        st.caption("A and B hold no post in common.")
        return
    table = presenter.table_frame(frame.iloc[shared[:SHARED_ROWS]])
    with st.container(key="compare_shared"):
        st.dataframe(table, hide_index=True, column_config=column_config(), height=min(38 + 35 * len(table), 420))
    if len(shared) > SHARED_ROWS:
        st.caption(f"The first {SHARED_ROWS:,} of {len(shared):,}, in corpus order.")


def compare_downloads(frame: pd.DataFrame, sides: list[tuple[str, np.ndarray, views.Filters]]) -> None:
    """Each side's reactions as Excel-safe CSV, named after its filters."""
    scorer = st.session_state.get("scorer_used", DEFAULT_SCORER)
    files = exports.compare_downloads(frame, sides, version=reactions.__version__, scorer=scorer)
    for cell, file in zip(st.columns(4)[: len(files)], files, strict=True):
        data: bytes | Callable[[], bytes] = file.make() if file.rows <= EAGER_EXPORT_ROWS else file.make
        cell.download_button(file.label, data, file_name=file.file_name, mime=file.mime, key=file.key, help=file.help,
                             on_click="ignore", icon=":material/download:", width="stretch")  # fmt: skip
