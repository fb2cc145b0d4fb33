"""The page's sections: linked charts, headline figures, the table with a post in context and its relabel,
downloads and the files read."""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import altair as alt
import numpy as np
import pandas as pd
import streamlit as st

import reactions
from app import exports, presenter, travel
from app import languages as app_languages
from app.loading import ArticleReader, outcome_tables
from app.pieces import post_span
from app.timeview import TimeView, spike_rows, time_view
from reactions import store
from reactions.analysis import aggregate, aggregate_time, network
from reactions.analysis.index import FrameIndex
from reactions.charts import core as charts
from reactions.charts import time as charts_time
from reactions.charts.network import NETWORK_SELECTIONS, network_chart
from reactions.errors import ReactionsError
from reactions.models import SENTIMENT_LABELS, Article, FileOutcome, Status
from reactions.scorers import DEFAULT_SCORER
from reactions.viewstate import links, views

# The table shows one page of the view at a time (Streamlit's Styler costs ~0.25 ms a row).
PAGE_SIZES = links.PAGE_SIZES
DEFAULT_PAGE_SIZE = links.ViewLayout().rows
# Up to this many rows exports (and the network's files: of this many reactions) are built with the page; larger
# ones only when their button is clicked.
EAGER_EXPORT_ROWS = 1_000
# Up to this many documents the files read are all listed at once; beyond, those skipped or with warnings, and
# the rest when asked (every rerun serialises the table and sends it to the browser).
LIST_AT_ONCE = 2_000
# The linked charts' selection parameters (reactions.charts.core.SELECTIONS, and the outlet chart's).
CHARTS = ("bucket", "hashtag", "sentiment", "outlet")
SUMMARY_TAB = "summary_tab"
"""The widget key of the summary tabs (its state: the open tab's title)."""


# --- linked chart selections -----------------------------------------------------------------------


def chart_key(name: str, time: TimeView | None = None) -> str:
    """The widget key of a linked chart; a new generation forgets its selection, and so does the time chart
    when its bucket or zone changes (its selection would name other buckets)."""
    cut = f"_{time.bucket}_{time.zone}" if time is not None and name == "bucket" else ""
    return f"chart_{name}_{st.session_state.get('selection_generation', 0)}{cut}"


def current_selection(time: TimeView) -> views.Selection:
    """What is selected in the linked charts (their state from the last interaction); until they are
    clicked, the selection of the link the page was opened with."""
    names = (*CHARTS, NETWORK_SELECTIONS[st.session_state.get("network_graph", "hashtags")])  # the network drawn
    states = {name: travel.chart_state(key, st.session_state.get(key))
              for name in names if (key := chart_key(name, time))}  # kept through runs that do not draw them
    charts = views.selection_from_states(states, unit=time.bucket, zone=time.zone)
    return travel.page_selection(charts, time.bucket, time.zone)


@dataclass(frozen=True, slots=True)
class PageView:
    """What a run shows for its filters: the rows they keep, the time chart's buckets, the chart selection, and
    the rows the charts and the table show."""

    filtered: np.ndarray
    time: TimeView
    selection: views.Selection
    rows: views.ChartRows


def page_view(index: FrameIndex, filters: views.Filters) -> PageView | None:
    """The view of ``filters``, or None when they keep no row."""
    filtered = views.filter_rows(index, filters)
    if not filtered.any():
        return None
    time = time_view(index, filtered, filters)
    selection = current_selection(time)
    return PageView(filtered, time, selection, views.chart_rows(index, filtered, selection))


def clear_selection() -> None:
    """Button callback: drop every chart selection (and the link's)."""
    travel.forget_link_selection()
    st.session_state["selection_generation"] = st.session_state.get("selection_generation", 0) + 1


def rows_selection(time: TimeView) -> tuple[str, ...]:
    """The buckets selected in the time chart (or the link)."""
    return current_selection(time).buckets


def selection_bar(selection: views.Selection) -> None:
    """Says what is selected, with a 'Clear selection' button (disabled when nothing is)."""
    left, right = st.columns([5, 1], vertical_alignment="center")
    with left:
        if selection.active:
            source = "Selected from the link: " if travel.from_link() else "Selected in the charts: "
            st.text(source + links.describe(views.Filters(), selection).replace("selected ", ""))
            if late := travel.left_out_late():  # the link's own words: shown as text, never Markdown
                st.text(f"Left out of the link's selection (not a {selection.unit} here): {', '.join(late)}")
        else:
            st.container(key="selection_hint").caption(
                "Click a time bucket, a hashtag, a sentiment or an outlet to filter the rest; double-click to undo."
            )
    right.button("Clear selection", on_click=clear_selection, disabled=not selection.active,
                 icon=":material/deselect:", key="clear_selection", width="stretch")  # fmt: skip


@functools.cache
def _unchecked_class(cls: type) -> type:
    def to_dict(self: Any, validate: bool = False, **options: Any) -> dict[str, Any]:
        return cls.to_dict(self, validate, **options)  # type: ignore[no-any-return]

    return type(cls.__name__, (cls,), {"to_dict": to_dict, "__doc__": cls.__doc__})


def unchecked(chart: alt.TopLevelMixin) -> alt.TopLevelMixin:
    """``chart`` as a copy that Streamlit turns into its spec without checking it against Vega-Lite's JSON schema
    once more (a third of a rerun's time at 100,000 reactions; the charts are checked by the library's tests, and
    each part was checked as it was built).  The spec is the same."""
    copy = chart.copy(deep=False)
    object.__setattr__(copy, "__class__", _unchecked_class(type(chart)))
    return copy


def show_chart(
    chart: alt.TopLevelMixin, rows: pd.DataFrame, empty: str, select: str | None = None, time: TimeView | None = None
) -> None:
    """One chart, or an explanation when it has nothing to draw; ``select`` names its linked selection."""
    if rows.empty:  # a chart's description is its accessible name (Streamlit reads it; no alt= needed)
        st.info(empty, icon=":material/bar_chart_off:")
    elif select is None:
        st.altair_chart(unchecked(chart), width="stretch")
    else:
        st.altair_chart(unchecked(chart), width="stretch", key=chart_key(select, time), on_select="rerun",
                        selection_mode=select)  # fmt: skip


def charts_section(index: FrameIndex, rows: views.ChartRows, time: TimeView) -> pd.DataFrame:
    """The linked charts drawn at every run (each cross-filtered by the others' selections): the time chart with
    its mean compound, sentiment and top hashtags.  Returns the spikes (for the spikes section)."""
    unit, zone = time.bucket, time.zone
    totals = aggregate_time.bucket_totals(index, unit, zone, mask=rows.by_time)
    spikes = aggregate_time.spike_drivers(index, unit, zone, mask=rows.by_time, totals=totals)
    mix = aggregate.sentiment_mix(index, mask=rows.by_sentiment)
    top = int(st.session_state.setdefault("top_n", travel.DEFAULT_TOP))
    by_tag = aggregate.reactions_by_hashtag(index, top, mask=rows.by_hashtag)
    left, right = st.columns([2.2, 1])
    with left:
        st.markdown(f"**Reactions per {unit}** · bars by sentiment, ▼ spike; below: mean compound")
        if time.note:
            st.caption(time.note)
        segments = aggregate_time.reactions_by_bucket(index, unit, zone, mask=rows.by_time)
        show_chart(charts_time.time_chart(totals, segments, spikes, unit), totals, "No dated reactions to draw.",
                   "bucket", time)  # fmt: skip
        if not totals.empty:
            chosen = rows_selection(time)
            st.altair_chart(unchecked(charts_time.compound_chart(totals, unit, chosen)), width="stretch")
    with right:
        st.markdown("**Sentiment**")
        show_chart(charts.sentiment_chart(mix), mix, "No reactions.", "sentiment")
    left, _ = st.columns([2.2, 1])
    with left:
        head, knob = st.columns([4, 1], vertical_alignment="center")
        head.markdown("**Top hashtags** · colour = mean compound")
        with knob.popover(f"Top {top}", width="stretch"):
            st.number_input("How many hashtags", min_value=links.TOP_RANGE[0], max_value=links.TOP_RANGE[1], step=1,
                            key="top_n")  # fmt: skip
        travel.sync_top(top)
        show_chart(charts.hashtag_chart(by_tag), by_tag, "No hashtags in these reactions.", "hashtag")
    return spikes


def heatmap_section(index: FrameIndex, rows: views.ChartRows, time: TimeView) -> None:
    """The top hashtags per time bucket (rows in the Top hashtags chart's order)."""
    top = int(st.session_state.get("top_n", travel.DEFAULT_TOP))
    by_tag = aggregate.reactions_by_hashtag(index, top, mask=rows.by_hashtag)
    st.markdown(f"**Hashtags per {time.bucket}** · rows in the Top hashtags order")
    grid = aggregate_time.hashtags_by_bucket(index, top, time.bucket, time.zone, mask=rows.view)
    order = [str(tag) for tag in by_tag["hashtag"]]
    show_chart(charts_time.heatmap_chart(grid, time.bucket, order), grid, "No dated hashtags to draw.")


def spikes_table(spikes: pd.DataFrame, unit: str, zone: str) -> None:
    """The spikes of the time chart and what drove them, or a line saying there are none."""
    if spikes.empty:
        st.caption(f"No spikes: no {unit} stands out from the ones before it (see README, Spikes).")
        return
    st.markdown(f"**Spikes**: {len(spikes)} {unit}(s) standing out from the ones before ({zone})")
    labels = charts_time.bucket_label(spikes["start"], unit)
    st.dataframe(spike_rows(spikes, labels), hide_index=True, width="stretch", key="spikes_table")


def summary_section(index: FrameIndex, view: np.ndarray) -> None:
    """Distribution of compound scores, top authors, mentions, emoji, platforms and languages for the current view,
    one tab each.  Only the open tab is built and sent (a click on another reruns the page to draw it: the hidden
    ones cost the browser nothing); the URL's ``tab`` names it, so a link opens the same tab."""
    titles = {**presenter.SUMMARY_TITLES, "languages": app_languages.TAB_TITLE}  # links.SUMMARY_TABS, in order
    travel.open_tab(SUMMARY_TAB, titles)
    tabs = st.tabs(list(titles.values()), key=SUMMARY_TAB, on_change="rerun")
    for tab, name in zip(tabs, titles, strict=True):
        if not tab.open:
            continue
        with tab:
            if name == "languages":
                st.dataframe(app_languages.languages_rows(index, view), hide_index=True, key="languages_table",
                             column_config={"Share": st.column_config.NumberColumn(format="percent")})  # fmt: skip
            else:
                show_chart(*presenter.summary_chart(index, name, view))
        travel.sync_tab(titles[name], titles)


# --- headline, table, context, relabel, export -----------------------------------------------------


def headline(index: FrameIndex, view: np.ndarray) -> None:
    """The headline figures of what is on screen, side by side in one row that wraps (columns would stack them one
    under the other on a phone, pushing the first chart off the first screen; each figure as wide as it needs)."""
    h = aggregate.headline(index, mask=view)
    figures = presenter.headline_figures(h, index.size)
    with st.container(horizontal=True, gap="small", key="headline"):
        for figure in figures:
            st.metric(figure.label, figure.value, help=figure.help, width="content")
    note = app_languages.coverage(index, view)
    if note:
        st.caption(note)
    if h.undated:
        st.caption(f"{h.undated} of these reactions have no date: they are counted above and listed in the "
                   "table, but cannot appear in the charts over time.")  # fmt: skip


@st.fragment
def table_section(
    frame: pd.DataFrame, index: FrameIndex, shown: np.ndarray, scope: str, reader: ArticleReader, folder: Path
) -> None:
    """The table of the ``shown`` rows of ``frame`` (positions, in corpus order; ``index`` its index), sorted as
    chosen, a page at a time; selecting a row shows the post in its article and lets it be relabelled.  ``scope``
    names the filters and selection: when they or the sort change, the table goes back to its first page."""
    sort_cell, order_cell, size_cell, page_cell, note = st.columns([1.2, 0.8, 1, 1, 2.5], vertical_alignment="bottom")
    sort = sort_cell.selectbox("Sort by", ["", *views.SORTS], key="table_sort", format_func=presenter.sort_label)
    descending = order_cell.toggle("Descending", key="table_desc", disabled=not sort)
    scope = f"{scope}|{sort}|{descending}"  # a new order starts on its first page
    if st.session_state.get("table_scope") != scope:
        st.session_state["table_scope"], st.session_state["table_page"] = scope, travel.first_page()
    st.session_state.setdefault("table_size", DEFAULT_PAGE_SIZE)
    size = size_cell.selectbox("Rows per page", PAGE_SIZES, key="table_size")
    page = presenter.page_of(len(shown), st.session_state.get("table_page", 1), size)
    if past := travel.page_past_the_end(page.count):
        st.caption(past)
    st.session_state["table_page"] = page.number
    page_cell.number_input("Page", min_value=1, max_value=page.count, step=1, key="table_page")
    travel.sync_table(page.number, int(size), str(sort or ""), descending)
    note.caption(f"{page.caption} · reactions {page.start + 1:,}–{page.stop:,} of {len(shown):,} "
                 f"{presenter.order_words(sort, descending)} (the downloads hold them all)")  # fmt: skip
    rows_here = views.sort_rows(index, shown, str(sort or ""), descending=descending)[page.start : page.stop]
    table = presenter.table_frame(frame.iloc[rows_here])
    digest = hashlib.sha256(f"{scope}|{page.number}|{size}".encode()).hexdigest()[:12]
    with st.container(key="table"):
        event = st.dataframe(
            table.style.map(presenter.compound_style, subset=["compound"]), hide_index=True, key=f"rows_{digest}",
            on_select="rerun", selection_mode="single-row", column_config=column_config(),
            height=min(38 + 35 * len(table), 420), placeholder="–",
        )  # fmt: skip
    rows = event.selection.rows if event else []  # type: ignore[union-attr]
    if not rows:
        st.caption("Select a row to read the post in its article and relabel it.")
        return
    reaction = frame.iloc[rows_here[rows[0]]]
    left, right = st.columns([3, 1])
    with left:
        show_in_context(reaction, reader)
    with right, st.container(key="relabel"):
        relabel(reaction, folder)


def column_config() -> dict[str, Any]:
    """How each table column is shown (presenter.TABLE_COLUMNS: the column type and its options)."""
    columns = presenter.TABLE_COLUMNS.items()
    return {name: getattr(st.column_config, kind)(**options) for name, (kind, options) in columns}


def show_in_context(reaction: pd.Series, reader: ArticleReader) -> None:
    """The post in its article (read again on demand): paragraph before, the post's paragraph highlighted (every
    paragraph its pieces stand in, for a post quoted in pieces), paragraph after."""
    article = reader.article(str(reaction["source"]))
    st.markdown("**In its article**")
    if article is None:
        st.info("The article of this reaction is not loaded.")
        return
    st.code(f"{article.source} — {article.title or 'untitled'}", language=None, wrap_lines=True)
    pieces = next((r.continued for r in article.reactions if r.id == str(reaction["id"])), ())
    span = post_span(article.text, (int(reaction["span_start"]), int(reaction["span_end"])), pieces)
    ctx = presenter.post_context(article.text, span)  # every piece of a post quoted in pieces highlighted
    with st.container(key="post_context_before"):
        st.text(ctx.before or "(start of article)")
    with st.container(key="post_paragraph"):
        st.text(f"{ctx.lead}{ctx.body}{ctx.tail}")
    with st.container(key="post_context_after"):
        st.text(ctx.after or "(end of article)")
    article_reactions(article, str(reaction["id"]))


def article_reactions(article: Article, chosen: str) -> None:
    """Every reaction the article cites, in order, the chosen one marked."""
    rows = presenter.article_rows(article, chosen)
    with st.expander(f"All {len(rows)} reactions in this article, in order"):
        st.dataframe(rows, hide_index=True, width="stretch",
                     column_config={"this": st.column_config.CheckboxColumn("Selected", width="small")})  # fmt: skip


def relabel(reaction: pd.Series, folder: Path) -> None:
    """Set or remove the analyst's label of one reaction (stored beside the corpus)."""
    st.markdown("**Label**")
    current = str(reaction["sentiment"]) if pd.notna(reaction["sentiment"]) else None  # None: not scored
    for line in presenter.label_lines(reaction):
        st.text(line)
    key = f"relabel_{reaction['id']}"
    choice = st.segmented_control("Relabel as", list(SENTIMENT_LABELS), default=current, key=key)
    if st.button("Save label", type="primary", disabled=not choice or choice == current, key="save_label"):
        write_label(folder, str(reaction["id"]), str(choice))
    if bool(reaction["overridden"]) and st.button("Back to the computed label", key="drop_label"):
        write_label(folder, str(reaction["id"]), None)


def one_line(error: BaseException) -> str:
    """An error's message on one line, without the code or paths of this program."""
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 300 else text[:299] + "…"


def write_label(folder: Path, reaction_id: str, label: str | None) -> None:
    """Store (or, with None, remove) an override, then rerun so charts and exports use it."""
    try:
        kept = store.Store.beside(folder)
        if label is None:
            kept.clear_override(reaction_id)
        else:
            kept.set_override(reaction_id, label)
    except (ReactionsError, sqlite3.Error, OSError, ValueError) as error:
        st.error(f"The label could not be saved: {one_line(error)}. Check that the corpus folder is writable "
                 "and holds no other .reactions.db.", icon=":material/error:")  # fmt: skip
        return
    st.toast("Label saved: charts and exports use it now." if label else "Back to the computed label.")
    st.rerun()


DOWNLOADS = "downloads"
"""The widget key of the downloads expander (its state: open or not)."""
DOWNLOADS_TITLE = "Download: CSV, XLSX, JSONL, provenance"


def downloads_section(
    frame: pd.DataFrame,
    shown: np.ndarray,
    filters: views.Filters,
    selection: views.Selection,
    corpus: dict[str, object] | None = None,
) -> None:
    """Download buttons for the ``shown`` rows (every page of the table) and the whole frame: filtered
    Excel-safe CSV, all (Excel-safe) CSV, exact-text CSV, XLSX, JSONL and a provenance sidecar (which also records
    when, and ``corpus``: what the view was read from).

    Small exports are built with the page (and so can be checked in tests); large ones are built
    only when their button is clicked (Streamlit calls the function on a separate thread).  The buttons are
    built only while their expander (:data:`DOWNLOADS`) is open: six buttons fewer on every first paint.
    """
    with st.expander(DOWNLOADS_TITLE, key=DOWNLOADS, on_change="rerun", icon=":material/download:") as panel:
        if panel.open:
            download_buttons(frame, shown, filters, selection, corpus)


def download_buttons(
    frame: pd.DataFrame,
    shown: np.ndarray,
    filters: views.Filters,
    selection: views.Selection,
    corpus: dict[str, object] | None,
) -> None:
    """The open downloads expander's buttons and what they hold."""
    version = reactions.__version__
    now = dt.datetime.now(dt.UTC)
    files = exports.downloads(frame, shown, filters, selection, version=version, corpus=corpus, exported_at=now,
                              scorer=st.session_state.get("scorer_used", DEFAULT_SCORER))  # fmt: skip
    for cell, file in zip(st.columns(len(files)), files, strict=True):
        eager = file.rows <= EAGER_EXPORT_ROWS and not file.lazy
        data: bytes | Callable[[], bytes] = file.make() if eager else file.make
        cell.download_button(file.label, data, file_name=file.file_name, mime=file.mime, key=file.key, help=file.help,
                             on_click="ignore", icon=":material/download:", width="stretch")  # fmt: skip
    st.caption("CSVs are safe to open in a spreadsheet, ids exact (the exact-text one is for code; XLSX for "
               "Excel). Each file's name and the provenance file record the filters, the chart selection and the "
               "reactions version "
               f"({version}); the provenance file also records when, the whole view as a link's query, and the "
               "corpus: its path, a fingerprint of its files and what was read from each.")  # fmt: skip


def outcomes_table(outcomes: tuple[Any, ...], key: str | None = None) -> None:
    """What was read and skipped per source (when a source held several articles: a dataset, a web archive),
    then per document: parsed or skipped, reactions, warnings, why.  ``key`` names the run and part the outcomes
    are of: their tables are then made once, not at every rerun."""
    if key is None:
        sources, documents = presenter.source_rows(outcomes), presenter.outcome_rows(outcomes)
    else:
        sources, documents = outcome_tables(key, outcomes)
    if len(sources) < len(outcomes):
        st.dataframe(sources, hide_index=True, width="stretch")
    if len(documents) > LIST_AT_ONCE:
        notable = documents[(documents["status"] != "parsed") | (documents["warnings"].map(len) > 0)]
        st.caption(f"{len(notable):,} of the {len(documents):,} documents were skipped or gave warnings: "
                   "they are listed below.")  # fmt: skip
        if not st.toggle(f"List all {len(documents):,} documents", key=f"all_outcomes_{key}"):
            documents = notable
    st.dataframe(documents, hide_index=True, width="stretch",
                 column_config={"warnings": st.column_config.ListColumn("Warnings")})  # fmt: skip


def upload_report(outcomes: tuple[FileOutcome, ...]) -> None:
    """What happened to each uploaded file: parsed (with its reactions and warnings) or skipped, and why."""
    if not outcomes:
        return
    bad = [o for o in outcomes if o.status is Status.SKIPPED]
    if bad:
        st.warning(f"{len(bad)} of {len(outcomes)} uploaded file(s) could not be read; "
                   "the others are loaded. Details below.", icon=":material/warning:")  # fmt: skip
    with st.expander(f"Uploaded files: {len(outcomes) - len(bad)} read, {len(bad)} skipped", expanded=bool(bad)):
        outcomes_table(outcomes)


# --- networks --------------------------------------------------------------------------------------------


def network_section(
    index: FrameIndex, filtered: np.ndarray, filters: views.Filters, selection: views.Selection
) -> None:
    """The co-hashtag or mention network of the view (a click on a node selects it, as a click on a
    hashtag bar does), with its GEXF and GraphML downloads."""
    st.subheader("Networks", anchor=False)
    kind_cell, top_cell, weight_cell = st.columns([3, 1, 1], vertical_alignment="bottom")
    kind = kind_cell.radio("Network", network.GRAPHS, format_func=presenter.NETWORK_NAMES.__getitem__,
                           horizontal=True, key="network_graph")  # fmt: skip
    top = top_cell.number_input("Most nodes", min_value=5, max_value=network.MAX_TOP, value=network.DEFAULT_TOP,
                                step=5, key="network_top", help="The nodes with most reactions, and the links "
                                "among them")  # fmt: skip
    weight = weight_cell.number_input("Fewest reactions a link", min_value=1, value=1, step=1, key="network_weight",
                                      help="Leave out the links of fewer reactions")  # fmt: skip
    shown = presenter.network_of(index, filtered, selection, str(kind), int(top), int(weight))
    if shown.empty:
        st.info(shown.empty, icon=":material/hub:")
        return
    st.caption(presenter.network_caption(shown))
    name = NETWORK_SELECTIONS[shown.kind]
    st.altair_chart(unchecked(network_chart(shown)), width="stretch", key=chart_key(name), on_select="rerun",
                    selection_mode=name)  # fmt: skip
    files = exports.network_downloads(shown, filters, selection, version=reactions.__version__,
                                      scorer=st.session_state.get("scorer_used", DEFAULT_SCORER))  # fmt: skip
    eager = np.count_nonzero(filtered) <= EAGER_EXPORT_ROWS  # else made when clicked (100k: 0.1 s a rerun)
    for cell, file in zip(st.columns(4)[: len(files)], files, strict=True):
        data: bytes | Callable[[], bytes] = file.make() if eager else file.make
        cell.download_button(file.label, data, file_name=file.file_name, mime=file.mime, key=file.key,
                             help=file.help, on_click="ignore", icon=":material/download:",
                             width="stretch")  # fmt: skip
