"""The sidebar's Saved views: the view on screen (its URL query: filters, chart selection, Top N, the table's page,
size and sort, and a comparison's side B) kept under a name in the analyst's store beside the corpus
(:mod:`reactions.store`), opened again as its link would be, or deleted.

Names and queries are untrusted (a store may come with someone else's corpus): they are shown as plain text
(``st.text``, ``st.code``, a selectbox's options), never as Markdown or HTML.  The store is read read-only; only
saving and deleting write it.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import streamlit as st

from app import travel
from app.sections import clear_selection, one_line
from reactions.analysis import compare
from reactions.errors import ReactionsError
from reactions.store import Store, read_views, store_path
from reactions.viewstate import links
from reactions.viewstate.saved_views import VIEW_NAME_MAX, SavedView

PANEL = "saved_views"
"""The widget key of the "Saved views" expander (its state: open or not)."""
NOTE = "saved_view_note"  # what the last save, open or delete did: (ok, words), shown once
FAILED = (ReactionsError, sqlite3.Error, OSError, ValueError)


def saved_views_panel(folder: Path) -> None:
    """The "Saved views" expander: a name and "Save this view"; the saved views, "Open" and "Delete".  Its widgets
    are built (and the store read) only while it is open (:data:`PANEL`); the name typed and the view chosen are
    kept while it is closed."""
    with st.expander("Saved views", key=PANEL, on_change="rerun") as panel:
        if panel.open:
            views_panel(folder)
        else:
            travel.keep_widgets(["view_name", "saved_view"])


def views_panel(folder: Path) -> None:
    """The open "Saved views" expander's content."""
    try:
        saved = read_views(store_path(folder)) if store_path(folder).exists() else ()
    except ReactionsError as error:
        saved, problem = (), one_line(error)
    else:
        problem = ""
    name = st.text_input("Name this view", key="view_name", max_chars=VIEW_NAME_MAX, placeholder="MeToo, negative")
    st.button("Save this view", key="save_view", on_click=save_view, args=(folder,), disabled=not name.strip(),
              icon=":material/bookmark_add:", width="stretch")  # fmt: skip
    if saved:
        names = [view.name for view in saved]
        choice = st.selectbox("Saved views", names, key="saved_view")
        left, right = st.columns(2)
        left.button("Open", key="open_view", on_click=open_view, args=(saved, choice), width="stretch")
        right.button("Delete", key="delete_view", on_click=delete_view, args=(folder, choice), width="stretch")
    else:
        st.caption("No saved views for this corpus yet.")
    if problem:
        st.text(f"The saved views cannot be read: {problem}")
    if note := st.session_state.pop(NOTE, None):
        st.text(note)


def save_view(folder: Path) -> None:
    """Button callback: the page's URL query (the view as last drawn) saved under the name typed."""
    name = str(st.session_state.get("view_name") or "")
    try:
        saved = Store.beside(folder).save_view(name, links.query_text(travel.current_query()))
    except FAILED as error:
        st.session_state[NOTE] = f"The view could not be saved: {one_line(error)}"
        return
    st.session_state[NOTE] = f"Saved as: {saved.name}"
    st.session_state["view_name"] = ""
    st.session_state["saved_view"] = saved.name


def open_view(saved: tuple[SavedView, ...], name: str | None) -> None:
    """Button callback: the view's query becomes the page's URL, and the page starts from it as it does from a
    link: filters, selection, Top N, the table's page, size and sort, and the Compare section (on with side B's
    filters, or off)."""
    view = next((v for v in saved if v.name == name), None)
    if view is None:
        return
    known = set(links.view_keys())
    travel.write_query(known, {key: values for key, values in view.params.items() if key in known})
    clear_selection()  # the charts' own selection gives way to the view's
    for key in ("filters_ready", "table_scope", "compare_ready", "sentiment_scorer"):  # they start from the view
        st.session_state.pop(key, None)
    said_by_compare = set(compare.side_problems(view.params))  # the Compare section says side B's, as for a link
    st.session_state[travel.OPENED_PROBLEMS] = [p for p in view.problems if p not in said_by_compare]
    st.session_state[NOTE] = f"Opened: {view.name}"


def delete_view(folder: Path, name: str | None) -> None:
    """Button callback: the chosen view removed from the store."""
    try:
        found = Store.beside(folder).delete_view(name or "")
    except FAILED as error:
        st.session_state[NOTE] = f"The view could not be deleted: {one_line(error)}"
        return
    st.session_state[NOTE] = f"Deleted: {name}" if found else f"Already gone: {name}"
    st.session_state.pop("saved_view", None)

