"""The reactions dashboard: see, filter, read in context and export the reactions of a corpus.

    streamlit run dashboard.py                       # the bundled seeds/
    streamlit run dashboard.py -- --corpus DIR       # a folder of articles, or a dataset or web-archive file
    REACTIONS_CORPUS=DIR streamlit run dashboard.py

Layout only: parsing, scoring, filtering, aggregation and charts live in the library (reactions.corpus,
.sentiment, .views, .index, .aggregate, .charts, .export, .uploads); the page's presenter, data loading, sidebar
and sections live in app/.  Post text, titles and
file names are untrusted: they are shown with st.text, st.code or st.dataframe only, never as
Markdown or HTML.  The scored frame and its FrameIndex (its columns as integer codes) are built once
per corpus and shared; a run only masks and counts over the index, and the table sends one page of
rows to the browser (the downloads hold every filtered row).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import streamlit as st

from app.opening import corpus_dir, first_bar, first_paint, rest_later
from app.profiling import run_profiled
from reactions.charts import palette

STYLE = f"""<style>
.st-key-post_paragraph {{ background: {palette.POST_HIGHLIGHT[0]}; border-left: 4px solid {palette.POST_HIGHLIGHT[1]};
  border-radius: 6px; padding: 0.6rem 0.9rem; }}
.st-key-post_context_before, .st-key-post_context_after {{ opacity: {palette.CONTEXT_ALPHA}; }}
@media (max-width: 640px) {{
  [data-testid=stMainBlockContainer] {{ padding-top: 3.5rem; }}
  .st-key-selection_hint, .st-key-clear_selection:has(button:disabled) {{ display: none; }}
}}
</style>"""
# On a phone the first chart comes on the first screen: less space above the title, and the hint and the
# disabled 'Clear selection' button (nothing is selected yet) left out; a selection still shows both.
# Colours and the context's opacity are reactions.charts.palette's (its text stays at WCAG AA); no user text goes
# in here.


# --- the page ----------------------------------------------------------------------------------------


def main() -> None:
    """The page: a progress bar at once when this server has not opened the corpus yet, then the page."""
    st.set_page_config(page_title="Reactions", page_icon=":material/forum:", layout="wide")
    st.html(STYLE)
    folder = corpus_dir()
    show(folder, first_bar(folder))


def show(folder: Path, slot: Any) -> None:
    """The page over the corpus ``folder``; ``slot`` holds the first load's progress bar."""
    # The page's libraries (pandas, Altair, networkx, the parser: 2 CPU-s on a server's first run) load here, once
    # the first load's bar is up (app.opening).
    import hashlib
    import sqlite3

    import numpy as np

    import reactions
    from app.compare import compare_section
    from app.loading import (
        ArticleReader,
        analyst_store,
        corpus_stamp,
        current_listing,
        frame_index,
        kept_outcomes,
        named_columns,
        open_run,
        scored_frame,
        source_options,
    )  # fmt: skip
    from app.panels import more_sections
    from app.saved import saved_views_panel
    from app.sections import (
        charts_section,
        downloads_section,
        headline,
        one_line,
        outcomes_table,
        page_view,
        selection_bar,
        table_section,
        upload_report,
    )  # fmt: skip
    from app.sidebar import current_filters, filter_options, scorer_choice, sidebar_filters, uploaded_files
    from app.travel import sync_selection
    from reactions.errors import ReactionsError
    from reactions.scorers import describe_scorer
    from reactions.store import corpus_folder
    from reactions.viewstate import links

    sources = source_options()
    if not (folder.is_dir() or folder.is_file()):
        slot.empty()
        st.error("The corpus (a folder of articles, or a dataset or web-archive file) does not exist:",
                 icon=":material/folder_off:")  # fmt: skip
        st.code(str(folder), language=None)
        st.stop()
    home = corpus_folder([folder])  # where the analyst's labels are kept: the folder, or a dataset's own folder
    try:
        files, listed = current_listing(folder)
        with st.sidebar:
            st.header("Reactions")
            st.text(str(folder))  # not st.code: its highlighter cost Chromium 0.5 CPU-s a load (V8 profile)
            if named_columns(sources):
                st.caption("Columns: " + ", ".join(f"{k} = {v}" for k, v in named_columns(sources).items()))
            # a session's first run draws no widget: their code is loaded and compiled before the headline shows
            upload = uploaded_files([source for _, source, _, _ in files], shown=not first_paint())
            scorer = scorer_choice(shown=not first_paint())
        settings = analyst_store(home)
        overrides, lexicon = tuple(sorted(settings.overrides.items())), tuple(sorted(settings.lexicon.items()))
        key = hashlib.sha256(repr((listed, st.session_state.get("upload", ("",))[0] if upload.names else "")).encode())
        run = open_run(str(folder), key.hexdigest() if files or upload.names else "", upload, overrides, lexicon,
                       len(files) + len(upload.documents), sources, slot)
    except (ReactionsError, OSError, sqlite3.Error) as error:
        slot.empty()
        st.error(f"The corpus could not be read: {one_line(error)}. Check the folder, then reload the page.",
                 icon=":material/error:")  # fmt: skip
        rest_later()  # a session's first run drew no widget: the next run brings them
        st.stop()
    run_key = hashlib.sha256(repr((key.hexdigest(), overrides, lexicon)).encode()).hexdigest()
    frame, scorer, problem = scored_frame(run_key, run.frame, scorer, lexicon)
    st.session_state["scorer_used"] = scorer  # the downloads' names and provenance say it
    frame_key = hashlib.sha256(f"{run_key}|{scorer}".encode()).hexdigest()
    st.title("Reactions in the news", anchor=False)
    st.caption(f"{run.articles:,} articles read · {len(frame):,} unique reactions · "
               f"reactions {reactions.__version__} · sentiment: {describe_scorer(scorer)}")  # fmt: skip
    if problem:
        st.warning(problem, icon=":material/warning:")
    if settings.problem is not None and settings.note is not None:
        st.warning(settings.note, icon=":material/warning:")
    elif settings.note is not None:
        st.caption(settings.note.capitalize())
    corpus_outcomes, upload_outcomes = kept_outcomes(key.hexdigest(), run.outcomes, upload)
    upload_report(upload_outcomes)
    if frame.empty:
        st.info("No reactions found in this corpus. Add articles with the uploader in the sidebar, or open another "
                "folder with `streamlit run dashboard.py -- --corpus DIR`.", icon=":material/inbox:")  # fmt: skip
        if run.outcomes:
            outcomes_table(corpus_outcomes)
        rest_later()  # the uploader comes with the browser's next run
        st.stop()
    index = frame_index(frame_key, frame)
    options = filter_options(frame_key, index)
    filters = current_filters(options)  # before the sidebar's widgets: the browser draws the headline first
    view, top = page_view(index, filters), st.empty()
    if view is not None:
        with top.container():
            headline(index, view.rows.view)
    if rest_later():  # a session's first run ends here: the browser draws the headline first, then asks for the
        st.stop()  # rest (app.opening)
    with st.sidebar:
        drawn = sidebar_filters(options)
        saved_views_panel(home)
    if drawn != filters:  # a widget gave another value than its state held: the page follows the widget
        filters, view = drawn, page_view(index, drawn)
        top.empty()
        if view is not None:
            with top.container():
                headline(index, view.rows.view)
    if view is None:
        st.info("No reaction matches these filters. Loosen them, or reset them in the sidebar.",
                icon=":material/filter_alt_off:")  # fmt: skip
        st.stop()
    filtered, time, selection, rows = view.filtered, view.time, view.selection, view.rows
    sync_selection(selection)
    selection_bar(selection)
    if not rows.view.any():
        st.info("Nothing is in the chart selection under these filters. Clear the selection.")
        st.stop()
    spikes = charts_section(index, rows, time)
    more_sections(index, rows, time, spikes, filtered, filters, selection)  # the one chosen, none at first
    compare_section(frame, index, options, filters, filtered)
    st.subheader("Reactions", anchor=False)
    shown = np.flatnonzero(rows.view)
    columns = tuple(named_columns(sources).items())
    stamp = corpus_stamp(str(folder), key.hexdigest(), run.outcomes, columns)
    downloads_section(frame, shown, filters, selection, stamp)
    reader = ArticleReader(key.hexdigest(), upload, run.outcomes, sources)
    table_section(frame, index, shown, f"{frame_key}|{links.describe(filters, selection)}", reader, home)
    with st.expander(f"Files read ({len(corpus_outcomes)})", key="files_read", on_change="rerun") as read:
        if read.open:  # built and sent only when opened (a closed expander's content was sent at every rerun)
            outcomes_table(corpus_outcomes, f"{key.hexdigest()}|corpus")


if __name__ == "__main__":  # Streamlit runs the page as __main__; tests import its helpers
    run_profiled(main)
