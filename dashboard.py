"""The reactions dashboard: see, filter, read in context and export the reactions of a corpus.

    streamlit run dashboard.py                       # the bundled seeds/
    streamlit run dashboard.py -- --corpus DIR       # a folder of .txt/.md/.html articles
    REACTIONS_CORPUS=DIR streamlit run dashboard.py

Layout and widgets only: parsing, scoring, filtering, aggregation and charts live in the library
(reactions.corpus, .sentiment, .views, .frames, .charts, .export, .uploads).  Post text, titles and
file names are untrusted: they are shown with st.text, st.code or st.dataframe only, never as
Markdown or HTML.  The scored frame and its FrameIndex (its columns as integer codes) are built once
per corpus and shared; a run only masks and counts over the index, and the table sends one page of
rows to the browser (the downloads hold every filtered row).
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import os
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import altair as alt
import numpy as np
import pandas as pd
import streamlit as st

import reactions
from app import presenter
from reactions import aggregate, charts, frames, store, views
from reactions.corpus import read_corpus, scan_files
from reactions.errors import ReactionsError
from reactions.guard import DEFAULT_TIME_LIMIT
from reactions.index import FrameIndex
from reactions.models import SENTIMENT_LABELS, Article, Corpus, Status
from reactions.uploads import ARCHIVE_TYPES, ARTICLE_TYPES, Upload, read_uploads

HERE = Path(__file__).resolve().parent
DEFAULT_CORPUS = HERE / "seeds"
# Filters field -> its widget's key.
WIDGETS = {"dates": "f_dates", "hashtags": "f_tags", "sentiments": "f_sentiment", "kinds": "f_kind",
           "articles": "f_article", "authors": "f_author", "platforms": "f_platform", "renderings": "f_rendering",
           "min_confidence": "f_confidence", "text": "f_text"}  # fmt: skip
# The table shows one page of the view at a time (Streamlit's Styler costs ~0.25 ms a row).
PAGE_SIZES = (10, 25, 50, 100, 250, 500, 1000)
DEFAULT_PAGE_SIZE = 100
# Up to this many rows exports are built with the page; larger ones only when their button is clicked.
EAGER_EXPORT_ROWS = 5_000
# The linked charts' selection parameters (reactions.charts.SELECTIONS).
CHARTS = ("day", "hashtag", "sentiment")
STYLE = """<style>
.st-key-post_paragraph { background: #fff4d6; border-left: 4px solid #e8a33d; border-radius: 6px;
  padding: 0.6rem 0.9rem; }
.st-key-post_context_before, .st-key-post_context_after { opacity: 0.65; }
[data-testid="stMetricValue"] { font-size: 1.5rem; }
</style>"""


# --- loading (cached on hashable inputs only) ------------------------------------------------------


def corpus_dir(argv: list[str] | None = None) -> Path:
    """The corpus folder: ``-- --corpus DIR``, else ``$REACTIONS_CORPUS``, else the bundled seeds."""
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--corpus")
    args, _ = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    chosen = args.corpus or os.environ.get("REACTIONS_CORPUS") or DEFAULT_CORPUS
    return Path(chosen).expanduser().resolve()


def fingerprint(folder: Path) -> tuple[tuple[str, int, int], ...]:
    """(path, mtime, size) of every article file under ``folder``, as :func:`reactions.corpus.scan_files`
    lists them (what ``read_corpus`` reads: links to folders not followed, unlistable folders included):
    the cache key of the corpus."""
    if not folder.is_dir():
        return ()
    return tuple(
        (item.path, item.stat.st_mtime_ns if item.stat else 0, item.stat.st_size if item.stat else -1)
        for item in scan_files(folder, stat=True)
    )


@st.cache_resource(show_spinner="Reading articles…", max_entries=8)
def load_corpus(folder: str, key: str) -> Corpus:
    """The corpus in ``folder``; ``key`` (a digest of its fingerprint, "" for no files) makes an
    edited file re-read.

    A resource, not data: a Corpus is frozen records all the way down, so every session can share
    the one object instead of unpickling a copy of every article on every rerun.  Files are parsed in
    worker processes, each within a time limit: no file can hold the server."""
    return read_corpus([Path(folder)], jobs=0, time_limit=DEFAULT_TIME_LIMIT) if key else Corpus()


Pairs = tuple[tuple[str, Any], ...]


@st.cache_resource(show_spinner="Scoring reactions…", max_entries=16)
def scored_frame(key: str, _corpus: Corpus, overrides: Pairs, lexicon: Pairs) -> pd.DataFrame:
    """The corpus as a frame with sentiment columns; ``key`` identifies ``_corpus`` (not hashed).

    Shared, not copied per rerun (unpickling 40,000 rows cost 0.7 s a click): the page never writes
    to it, and pandas' copy-on-write keeps every frame derived from it separate."""
    return frames.to_frame(_corpus, lexicon=dict(lexicon) or None, overrides=dict(overrides))


@st.cache_resource(show_spinner="Indexing reactions…", max_entries=16)
def frame_index(key: str, _frame: pd.DataFrame) -> FrameIndex:
    """The frame's columns as integer codes, built once per frame (``key``) and shared: every filter,
    selection and chart of a run is a mask and a count over it."""
    return FrameIndex(_frame).warm()


def analyst_store(folder: Path) -> store.Settings:
    """The label overrides and custom lexicon stored beside the corpus (read-only: reading never creates or
    changes a store; one that cannot be used is said, not trusted)."""
    return store.load_settings(folder)


# --- sidebar: uploads and filters ------------------------------------------------------------------


def uploaded_files(base: Corpus) -> Upload:
    """Parse what was uploaded (once per distinct set of files), with progress; names never clash
    with the articles of ``base``."""
    kinds = [t.lstrip(".") for t in (*ARTICLE_TYPES, *ARCHIVE_TYPES)]
    files = st.file_uploader(
        "Add articles", type=kinds, accept_multiple_files=True, key="uploads",
        help="Text, Markdown or HTML articles, or a .zip of them. They are read in memory, never saved.",
    )  # fmt: skip
    pairs = tuple((f.name, f.getvalue()) for f in files or ())
    if not pairs:
        return Upload()
    digest = hashlib.sha256(repr([(n, hashlib.sha256(b).hexdigest()) for n, b in pairs]).encode()).hexdigest()
    cached = st.session_state.get("upload")
    if cached and cached[0] == digest:
        return cached[1]  # type: ignore[no-any-return]
    with st.status(f"Reading {len(pairs)} uploaded file(s)…", expanded=False) as status:
        bar = st.progress(0.0)
        taken = [article.source for article in base.articles]
        upload = read_uploads(pairs, progress=lambda done, total, _: bar.progress(done / total), taken=taken,
                              time_limit=DEFAULT_TIME_LIMIT)  # fmt: skip
        bad = sum(o.status is Status.SKIPPED for o in upload.outcomes)
        status.update(label=f"Read {len(upload.outcomes) - bad} file(s), skipped {bad}", state="complete")
    st.session_state["upload"] = (digest, upload)
    return upload


def init_filters(options: dict[str, Any]) -> None:
    """Once per session: the filter widgets start from the URL's query parameters."""
    if st.session_state.get("filters_ready"):
        return
    wanted = views.filters_from_query({k: st.query_params.get_all(k) for k in st.query_params})
    for field, value in presenter.widget_values(wanted, options).items():
        st.session_state[WIDGETS[field]] = value
    st.session_state["filters_ready"] = True


@st.cache_data(max_entries=16)
def filter_options(key: str, _index: FrameIndex) -> dict[str, Any]:
    """The choices each filter widget offers (presenter.filter_options); ``key`` identifies the frame."""
    return presenter.filter_options(_index)


def reset_filters(options: dict[str, Any]) -> None:
    """Button callback: every filter back to 'everything'."""
    for field, value in presenter.widget_values(views.Filters(), options).items():
        st.session_state[WIDGETS[field]] = value


def follow_date_bounds(first: dt.date, last: dt.date) -> None:
    """When the data's date range changes (an upload), a full-range choice stays full, others are clamped."""
    moved = presenter.follow_dates(st.session_state.get("f_dates") or (), st.session_state.get("f_dates_bounds"),
                               (first, last))  # fmt: skip
    st.session_state["f_dates_bounds"] = (first, last)
    if moved is not None:
        st.session_state["f_dates"] = moved


def sidebar_filters(options: dict[str, Any]) -> views.Filters:
    """The filter widgets; returns the filters they describe and mirrors them in the URL."""
    init_filters(options)
    first, last = options["days"]
    st.subheader("Filters")
    dates: tuple[Any, ...] = ()
    if first is not None:
        follow_date_bounds(first, last)
        dates = tuple(st.date_input("Date range", min_value=first, max_value=last, key="f_dates"))
    tags = st.multiselect("Hashtags", options["tags"], key="f_tags", placeholder="Any hashtag")
    labels = st.pills("Sentiment", options["sentiments"], selection_mode="multi", key="f_sentiment")
    kinds = st.segmented_control("Kind", options["kinds"], selection_mode="multi", key="f_kind")
    text = st.text_input("Search text", key="f_text", placeholder="word, phrase or @handle")
    with st.expander("Article, author, platform, how found"):
        articles = st.multiselect("Article", options["articles"], key="f_article", placeholder="Any article")
        authors = st.multiselect("Author", options["authors"], key="f_author", placeholder="Any author")
        platforms = st.multiselect("Platform", options["platforms"], key="f_platform", placeholder="Any")
        renderings = st.multiselect("Found as", options["renderings"], key="f_rendering", placeholder="Any rendering",
                                    help=presenter.RENDERINGS_HELP)  # fmt: skip
        confidence = st.slider("Minimum confidence", 0.0, 1.0, step=0.05, key="f_confidence",
                               help=presenter.CONFIDENCE_HELP)  # fmt: skip
    chosen = {"dates": dates, "hashtags": tags, "sentiments": labels, "kinds": kinds, "text": text,
              "articles": articles, "authors": authors, "platforms": platforms, "renderings": renderings,
              "min_confidence": confidence}  # fmt: skip
    filters = presenter.filters_from_widgets(chosen, (first, last))
    st.button("Reset filters", on_click=reset_filters, args=(options,), disabled=not filters.active,
              icon=":material/filter_alt_off:", width="stretch", key="reset_filters")  # fmt: skip
    st.caption("The page's URL holds these filters: copy it to share this view.")
    query = views.filters_to_query(filters)
    if query != {k: st.query_params.get_all(k) for k in st.query_params}:
        st.query_params.from_dict(query)
    return filters


# --- linked chart selections -----------------------------------------------------------------------


def chart_key(name: str) -> str:
    """The widget key of a linked chart; a new generation forgets its selection."""
    return f"chart_{name}_{st.session_state.get('selection_generation', 0)}"


def current_selection() -> views.Selection:
    """What is selected in the linked charts (their state from the last interaction)."""
    return views.selection_from_states({name: st.session_state.get(chart_key(name)) for name in CHARTS})


def clear_selection() -> None:
    """Button callback: drop every chart selection."""
    st.session_state["selection_generation"] = st.session_state.get("selection_generation", 0) + 1


def selection_bar(selection: views.Selection) -> None:
    """Says what is selected, with a 'Clear selection' button (disabled when nothing is)."""
    left, right = st.columns([5, 1], vertical_alignment="center")
    with left:
        if selection.active:
            st.text("Selected in the charts: " + views.describe(views.Filters(), selection).replace("selected ", ""))
        else:
            st.caption("Click a day, a hashtag or a sentiment bar to filter everything else; double-click to undo.")
    right.button("Clear selection", on_click=clear_selection, disabled=not selection.active,
                 icon=":material/deselect:", key="clear_selection", width="stretch")  # fmt: skip


def show_chart(chart: alt.TopLevelMixin, rows: pd.DataFrame, empty: str, select: str | None = None) -> None:
    """One chart, or an explanation when it has nothing to draw; ``select`` names its linked selection."""
    if rows.empty:  # a chart's description is its accessible name (Streamlit reads it; no alt= needed)
        st.info(empty, icon=":material/bar_chart_off:")
    elif select is None:
        st.altair_chart(chart, width="stretch")
    else:
        st.altair_chart(chart, width="stretch", key=chart_key(select), on_select="rerun", selection_mode=select)


def charts_section(index: FrameIndex, rows: views.ChartRows) -> None:
    """The linked charts (each cross-filtered by the others' selections) and the summary charts."""
    by_day = aggregate.reactions_by_day(index, mask=rows.by_day)
    mix = aggregate.sentiment_mix(index, mask=rows.by_sentiment)
    top = st.session_state.get("top_n", 10)
    by_tag = aggregate.reactions_by_hashtag(index, top, mask=rows.by_hashtag)
    left, right = st.columns([2.2, 1])
    with left:
        st.markdown("**Reactions by day** · bars by sentiment, line = mean compound")
        show_chart(charts.day_chart(by_day), by_day, "No dated reactions to draw.", "day")
    with right:
        st.markdown("**Sentiment**")
        show_chart(charts.sentiment_chart(mix), mix, "No reactions.", "sentiment")
    left, right = st.columns(2)
    with left:
        head, knob = st.columns([4, 1], vertical_alignment="center")
        head.markdown("**Top hashtags** · colour = mean compound")
        with knob.popover(f"Top {top}", width="stretch"):
            st.number_input("How many hashtags", min_value=3, max_value=50, value=10, step=1, key="top_n")
        show_chart(charts.hashtag_chart(by_tag), by_tag, "No hashtags in these reactions.", "hashtag")
    with right:
        st.markdown("**Hashtags by day**")
        grid = aggregate.hashtags_by_day(index, top, mask=rows.view)
        show_chart(charts.heatmap_chart(grid), grid, "No dated hashtags to draw.")
    summary_charts(index, rows.view)


def summary_charts(index: FrameIndex, view: np.ndarray) -> None:
    """Distribution of compound scores, top authors, mentions, emoji and platforms for the current view."""
    tabs = presenter.summary_charts(index, view)
    for tab, (_, chart, rows, empty) in zip(st.tabs([t[0] for t in tabs]), tabs, strict=True):
        with tab:
            show_chart(chart, rows, empty)


# --- headline, table, context, relabel, export -----------------------------------------------------


def headline(index: FrameIndex, view: np.ndarray) -> None:
    """The headline figures of what is on screen, in two rows of four."""
    h = aggregate.headline(index, mask=view)
    figures = presenter.headline_figures(h, index.size)
    for cell, figure in zip([*st.columns(4), *st.columns(4)], figures, strict=True):
        cell.metric(figure.label, figure.value, help=figure.help)
    if h.undated:
        st.caption(f"{h.undated} of these reactions have no date: they are counted above and listed in the "
                   "table, but cannot appear in the charts by day.")  # fmt: skip


@st.fragment
def table_section(frame: pd.DataFrame, shown: np.ndarray, scope: str, corpus: Corpus, folder: Path) -> None:
    """The table of the ``shown`` rows of ``frame`` (positions, in corpus order), a page at a time;
    selecting a row shows the post in its article and lets it be relabelled.  ``scope`` names the
    filters and selection: when they change, the table goes back to its first page."""
    if st.session_state.get("table_scope") != scope:
        st.session_state["table_scope"], st.session_state["table_page"] = scope, 1
    size_cell, page_cell, note = st.columns([1, 1, 3], vertical_alignment="bottom")
    size = size_cell.selectbox("Rows per page", PAGE_SIZES, index=PAGE_SIZES.index(DEFAULT_PAGE_SIZE),
                               key="table_size")  # fmt: skip
    page = presenter.page_of(len(shown), st.session_state.get("table_page", 1), size)
    st.session_state["table_page"] = page.number
    page_cell.number_input("Page", min_value=1, max_value=page.count, step=1, key="table_page")
    note.caption(f"{page.caption} · reactions {page.start + 1:,}–{page.stop:,} of {len(shown):,} in corpus order "
                 "(the downloads hold them all)")  # fmt: skip
    rows_here = shown[page.start : page.stop]
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
        show_in_context(reaction, corpus)
    with right, st.container(key="relabel"):
        relabel(reaction, folder)


def column_config() -> dict[str, Any]:
    """How each table column is shown (presenter.TABLE_COLUMNS: the column type and its options)."""
    columns = presenter.TABLE_COLUMNS.items()
    return {name: getattr(st.column_config, kind)(**options) for name, (kind, options) in columns}


def show_in_context(reaction: pd.Series, corpus: Corpus) -> None:
    """The post in its article: paragraph before, the post's paragraph highlighted, paragraph after."""
    articles = {a.source: a for a in corpus.articles}
    article = articles.get(str(reaction["source"]))
    st.markdown("**In its article**")
    if article is None:
        st.info("The article of this reaction is not loaded.")
        return
    st.code(f"{article.source} — {article.title or 'untitled'}", language=None, wrap_lines=True)
    ctx = presenter.post_context(article.text, (int(reaction["span_start"]), int(reaction["span_end"])))
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
    current = str(reaction["sentiment"])
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


def downloads(frame: pd.DataFrame, shown: np.ndarray, filters: views.Filters, selection: views.Selection) -> None:
    """Download buttons for the ``shown`` rows (every page of the table) and the whole frame: filtered
    Excel-safe CSV, all (Excel-safe) CSV, plain CSV, JSONL and a provenance sidecar.

    Small exports are built with the page (and so can be checked in tests); large ones are built
    only when their button is clicked (Streamlit calls the function on a separate thread).
    """
    version = reactions.__version__
    files = presenter.downloads(frame, shown, filters, selection, version=version)
    for cell, file in zip(st.columns(5), files, strict=True):
        data: bytes | Callable[[], bytes] = file.make() if file.rows <= EAGER_EXPORT_ROWS else file.make
        cell.download_button(file.label, data, file_name=file.file_name, mime=file.mime, key=file.key, help=file.help,
                             on_click="ignore", icon=":material/download:", width="stretch")  # fmt: skip
    st.caption("CSVs are safe to open in a spreadsheet (the plain one is for code). Each file's name and the "
               "provenance file record the filters, the chart selection and the reactions version "
               f"({version}).")  # fmt: skip


def outcomes_table(outcomes: tuple[Any, ...]) -> None:
    """Per-file outcomes: parsed or skipped, reactions, warnings, why."""
    st.dataframe(presenter.outcome_rows(outcomes), hide_index=True, width="stretch",
                 column_config={"warnings": st.column_config.ListColumn("Warnings")})  # fmt: skip


def upload_report(upload: Upload) -> None:
    """What happened to each uploaded file."""
    if not upload.outcomes:
        return
    bad = [o for o in upload.outcomes if o.status is Status.SKIPPED]
    if bad:
        st.warning(f"{len(bad)} of {len(upload.outcomes)} uploaded file(s) could not be read; "
                   "the others are loaded. Details below.", icon=":material/warning:")  # fmt: skip
    with st.expander(f"Uploaded files: {len(upload.outcomes) - len(bad)} read, {len(bad)} skipped", expanded=bool(bad)):
        outcomes_table(upload.outcomes)


# --- the page ----------------------------------------------------------------------------------------


def main() -> None:
    st.set_page_config(page_title="Reactions", page_icon=":material/forum:", layout="wide")
    st.html(STYLE)
    folder = corpus_dir()
    if not folder.is_dir():
        st.error("The corpus folder does not exist or is not a folder:", icon=":material/folder_off:")
        st.code(str(folder), language=None)
        st.stop()
    try:
        files = fingerprint(folder)
        files_key = hashlib.sha256(repr(files).encode()).hexdigest() if files else ""
        base = load_corpus(str(folder), files_key)
    except (ReactionsError, OSError, sqlite3.Error) as error:
        st.error(f"The corpus could not be read: {one_line(error)}. Check the folder, then reload the page.",
                 icon=":material/error:")  # fmt: skip
        st.stop()
    with st.sidebar:
        st.header("Reactions")
        st.code(str(folder), language=None, wrap_lines=True)
        upload = uploaded_files(base)
    corpus = upload.corpus(base) if upload.outcomes else base
    uploaded = st.session_state.get("upload", ("",))[0] if upload.outcomes else ""
    key = hashlib.sha256(repr((files_key, uploaded)).encode()).hexdigest()
    settings = analyst_store(folder)
    overrides, lexicon = tuple(sorted(settings.overrides.items())), tuple(sorted(settings.lexicon.items()))
    frame = scored_frame(key, corpus, overrides, lexicon)
    frame_key = hashlib.sha256(repr((key, overrides, lexicon)).encode()).hexdigest()
    st.title("Reactions in the news", anchor=False)
    st.caption(f"{len(corpus.articles)} articles · {len(frame)} unique reactions · reactions {reactions.__version__}")
    if settings.problem is not None and settings.note is not None:
        st.warning(settings.note, icon=":material/warning:")
    elif settings.note is not None:
        st.caption(settings.note.capitalize())
    upload_report(upload)
    if frame.empty:
        st.info("No reactions found in this corpus. Add articles with the uploader in the sidebar, or open another "
                "folder with `streamlit run dashboard.py -- --corpus DIR`.", icon=":material/inbox:")  # fmt: skip
        if corpus.outcomes:
            outcomes_table(corpus.outcomes)
        st.stop()
    index = frame_index(frame_key, frame)
    with st.sidebar:
        filters = sidebar_filters(filter_options(frame_key, index))
    filtered = views.filter_rows(index, filters)
    if not filtered.any():
        st.info("No reaction matches these filters. Loosen them, or reset them in the sidebar.",
                icon=":material/filter_alt_off:")  # fmt: skip
        st.stop()
    selection = current_selection()
    rows = views.chart_rows(index, filtered, selection)
    headline(index, rows.view)
    selection_bar(selection)
    if not rows.view.any():
        st.info("Nothing is in the chart selection under these filters. Clear the selection.")
        st.stop()
    charts_section(index, rows)
    st.subheader("Reactions", anchor=False)
    shown = np.flatnonzero(rows.view)
    downloads(frame, shown, filters, selection)
    table_section(frame, shown, f"{frame_key}|{views.describe(filters, selection)}", corpus, folder)
    with st.expander(f"Files read ({len(base.outcomes)})"):
        outcomes_table(base.outcomes)


if __name__ == "__main__":  # Streamlit runs the page as __main__; tests import its helpers
    main()
