"""The page's sidebar: uploads and the filter widgets, mirrored in the URL."""

from __future__ import annotations

import datetime as dt
import hashlib
from contextlib import nullcontext
from typing import Any

import numpy as np
import streamlit as st

from app import loading, presenter, travel
from reactions import scorers
from reactions.analysis.index import FrameIndex
from reactions.sources.uploads import ARCHIVE_TYPES, ARTICLE_TYPES, DATASET_TYPES, Upload
from reactions.viewstate import links, views
from reactions.viewstate.fields import FILTER_FIELDS, FILTERS, FilterField

WIDGETS = {field.name: field.widget for field in FILTERS}
"""Filters field -> its widget's key."""
SIDEBAR_LINES = (("dates",), ("own_dates",), ("bucket", "zone"), ("hashtags",), ("sentiments",), ("kinds",), ("text",))
"""The filters at the top of the sidebar, a line each (two names: side by side); every other filter of
:data:`reactions.viewstate.fields.FILTERS` is under :data:`MORE`, in the table's order."""
MORE = "Article, outlet, author, platform, language, how found"
"""The title of the sidebar's expander of other filters."""
MORE_KEY = "more_filters"
"""The widget key of that expander (its state: open or not).  Its filters' widgets are built only while it is open
(a new session's first paint at 100,000 reactions sent three lists of 1,000 choices each, unseen); closed, their
values are kept in the session as set (by a link, a saved view, or the analyst before closing it)."""
MORE_FIELDS = tuple(field for field in FILTERS if all(field.name not in line for line in SIDEBAR_LINES))
"""The filters under :data:`MORE`, in the table's order."""


def uploaded_files(taken: list[str], shown: bool = True) -> Upload:
    """Read what was uploaded (once per distinct set of files), with progress; names never clash with the
    article ids ``taken`` by the corpus.  The run parses the documents (each within its time limit).  Not
    ``shown`` (a session's first run, app.opening.first_paint: nothing can have been uploaded yet): no widget."""
    if not shown:
        return Upload()
    kinds = [t.lstrip(".") for t in (*ARTICLE_TYPES, *ARCHIVE_TYPES, *DATASET_TYPES)]
    files = st.file_uploader(
        "Add articles", type=kinds, accept_multiple_files=True, key="uploads",
        help="Text, Markdown or HTML articles, or a .zip of them; a dataset of articles (CSV, TSV, JSONL, JSON, "
        "Parquet, also .gz/.zst: one article a row) or a web archive (.warc, .warc.gz). They are read in memory, "
        "never saved.",
    )  # fmt: skip
    pairs = tuple((f.name, f.getvalue()) for f in files or ())
    if not pairs:
        return Upload()
    digest = hashlib.sha256(repr([(n, hashlib.sha256(b).hexdigest()) for n, b in pairs]).encode()).hexdigest()
    cached = st.session_state.get("upload")
    if cached and cached[0] == digest:
        return cached[1]  # type: ignore[no-any-return]
    upload = loading.read_upload(pairs, taken)
    st.session_state["upload"] = (digest, upload)
    return upload


SCORER_NAMES = {"vader": "VADER (±0.05, documented)", "vader-tweets": "VADER, thresholds for tweets",
                "model": "Tweet model (trained locally)"}  # fmt: skip


def scorer_choice(shown: bool = True) -> str:
    """The sentiment scorer widget, mirrored in the URL (``scorer=``; it starts from the URL once a session).
    Not ``shown`` (a session's first run): the URL's choice, no widget."""
    if "sentiment_scorer" not in st.session_state:
        query = {k: st.query_params.get_all(k) for k in st.query_params}
        st.session_state["sentiment_scorer"] = links.scorer_from_query(query)
    if not shown:
        return str(st.session_state["sentiment_scorer"])
    name = str(st.selectbox("Sentiment scorer", scorers.SCORERS, key="sentiment_scorer", format_func=SCORER_NAMES.get,
                            help="Which scorer makes the sentiment labels (docs/sentiment.md). The model is "
                            "trained once with 'reactions train-sentiment'; an analyst's own labels always stay."))
    travel.write_query([links.SCORER_KEY], links.scorer_to_query(name))
    return name


def init_filters(options: dict[str, Any]) -> None:
    """Once per session, and again when a saved view is opened: the filter widgets (and the selection, Top N and
    the table's page and sort of app.travel) start from the URL's query parameters."""
    if st.session_state.get("filters_ready"):
        return
    query = {k: st.query_params.get_all(k) for k in st.query_params}
    wanted = links.filters_from_query(query)
    for field, value in presenter.widget_values(wanted, options).items():
        st.session_state[WIDGETS[field]] = value
    left_out = links.query_problems(query) + presenter.unmatched_values(wanted, options)
    left_out += travel.init_links(query, options)
    if set_filters(options, MORE_FIELDS):  # a link's filter under MORE is shown, its expander open
        st.session_state[MORE_KEY] = True
    st.session_state["link_left_out"] = list(dict.fromkeys(left_out + travel.opened_problems()))
    st.session_state["filters_ready"] = True


@st.cache_resource(max_entries=16)
def filter_options(key: str, _index: FrameIndex) -> dict[str, Any]:
    """The choices each filter widget offers (presenter.filter_options, and ``top_articles``: the
    :data:`LISTED` articles with most reactions); ``key`` identifies the frame.  Shared and read only (a
    ``st.cache_data`` unpickled every article's name at every script run)."""
    options = presenter.filter_options(_index)
    options["top_articles"] = sorted(most_cited_names(_index.sources, LISTED))
    return options


def set_filters(options: dict[str, Any], fields: tuple[FilterField, ...]) -> list[str]:
    """The labels of the ``fields`` whose widgets hold something other than 'everything'."""
    idle = presenter.widget_values(views.Filters(), options)
    return [field.label for field in fields if st.session_state.get(field.widget, idle[field.name]) != idle[field.name]]


def more_filters(chosen: dict[str, Any], options: dict[str, Any]) -> None:
    """The expander of :data:`MORE_FIELDS`, their widgets built only while it is open; their values into
    ``chosen``.  Closed, it says which of them are set."""
    with st.expander(MORE, key=MORE_KEY, on_change="rerun") as more:
        if more.open:
            for field in MORE_FIELDS:
                chosen[field.name] = filter_widget(field, options)
    if more.open:
        return
    travel.keep_widgets([field.widget for field in MORE_FIELDS])  # Streamlit drops a widget's state when unbuilt
    for field in MORE_FIELDS:
        chosen[field.name] = st.session_state.get(field.widget)
    if labels := set_filters(options, MORE_FIELDS):
        st.caption("Also filtered by: " + ", ".join(labels).casefold())


def reset_filters(options: dict[str, Any]) -> None:
    """Button callback: every filter back to 'everything'."""
    for field, value in presenter.widget_values(views.Filters(), options).items():
        st.session_state[WIDGETS[field]] = value
    st.session_state["link_left_out"] = []


def follow_date_bounds(first: dt.date, last: dt.date, key: str = "f_dates") -> None:
    """When the data's date range changes (an upload), a full-range choice of the date widget ``key`` (the
    sidebar's, or Compare's side B) stays full, others are clamped."""
    moved = presenter.follow_dates(st.session_state.get(key) or (), st.session_state.get(f"{key}_bounds"),
                                   (first, last))  # fmt: skip
    st.session_state[f"{key}_bounds"] = (first, last)
    if moved is not None:
        st.session_state[key] = moved


LONG_LIST = 1_500
"""The most choices a list's widget (hashtag, article, author, outlet) offers in full.  Streamlit's browser code
builds every option of every list at every rerun: the 24,000 articles and 10,000 authors of 101,264 reactions
were about a third of Chromium's work for a filter."""
LISTED = 300
"""How many choices a longer list offers: those with most reactions (and those chosen); any other can be typed.
A multiselect that takes typed names costs Chromium more per option than one that does not: a hashtag filter on
the bulk corpus (1,150 hashtags) took 1.0-1.1 s with 1,000 listed, 0.47-0.67 s with 300, and 0.44-0.55 s with all
1,150 in a plain multiselect (``benchmarks/bench_browser.py /work/bulk/fnn``, alternated, load 3-5)."""


def most_cited_names(entries: Any, top: int) -> list[str]:
    """The ``top`` names of ``entries`` with most reactions (ties: the first name)."""
    counts = np.bincount(entries.items, minlength=len(entries.names))
    order = np.argsort(-counts, kind="stable")[:top]
    return [str(name) for name in entries.names[order]]


def long_list(label: str, every: list[str], top: list[str], key: str, placeholder: str, help: str = "") -> list[str]:
    """A multiselect of ``every`` choice, or, beyond :data:`LONG_LIST` of them, of the ``top`` ones (:data:`LISTED`)
    (those with most reactions) and those chosen, any other typed (its exact name; a name no reaction has matches
    none)."""
    if len(every) <= LONG_LIST:
        return st.multiselect(label, every, key=key, placeholder=placeholder, help=help or None)
    listed = set(top)
    shown = [*top, *(v for v in st.session_state.get(key) or () if v not in listed)]
    more = f"The {len(top):,} with most reactions of {len(every):,} are listed; type any other's exact name."
    chosen = st.multiselect(label, shown, key=key, placeholder=placeholder, accept_new_options=True,
                            help=f"{help}. {more}" if help else more)  # fmt: skip
    return chosen


def filter_widget(field: FilterField, options: dict[str, Any], where: Any = None, *, side_b: bool = False) -> Any:
    """``field``'s widget, the sidebar's or (``side_b``) Compare's side B's, drawn in ``where`` (a column;
    ``None``: where the page is), and its value: everything it shows comes from the row of
    :data:`reactions.viewstate.fields.FILTERS`."""
    key, label = (field.side_b, field.side_b_label) if side_b else (field.widget, field.label)
    box: Any = st if where is None else where
    offered = options.get(field.offered, [])
    helped = field.help or None
    if field.control == "dates":
        first, last = options["days"]
        if first is None:
            return ()
        follow_date_bounds(first, last, key)
        return tuple(box.date_input(label, min_value=first, max_value=last, key=key))
    if field.control == "long":
        with nullcontext() if where is None else where:
            return long_list(label, offered, options.get(f"top_{field.offered}", offered[:LISTED]), key,
                             field.placeholder, field.help)  # fmt: skip
    if field.control == "toggle":
        return box.toggle(label, key=key, help=helped)
    if field.control == "select":
        return box.selectbox(label, offered, key=key, format_func=field.shown or str, help=helped)
    if field.control == "multi":
        return box.multiselect(label, offered, key=key, placeholder=field.placeholder, format_func=field.shown or str,
                               help=helped)  # fmt: skip
    if field.control in ("pills", "segments"):
        draw = box.pills if field.control == "pills" else box.segmented_control
        return draw(label, offered, selection_mode="multi", key=key)
    if field.control == "text":
        return box.text_input(label, key=key, placeholder=field.placeholder)
    return box.slider(label, 0.0, 1.0, step=0.05, key=key, help=helped)


def current_filters(options: dict[str, Any]) -> views.Filters:
    """The filters the sidebar's widgets hold as a run starts (a session's first run: the link's), read before
    they are drawn, so that the page draws its headline first (the browser then shows the figures before it builds
    the sidebar's widgets); :func:`sidebar_filters` returns the same once they are drawn."""
    init_filters(options)
    first, last = options["days"]
    if first is not None:
        follow_date_bounds(first, last)
    held = {field.name: st.session_state.get(field.widget) for field in FILTERS}
    return presenter.filters_from_widgets(held, (first, last))


def sidebar_filters(options: dict[str, Any]) -> views.Filters:
    """The filter widgets; returns the filters they describe and mirrors them in the URL."""
    init_filters(options)
    first, last = options["days"]
    st.subheader("Filters")
    if left_out := st.session_state.get("link_left_out"):  # the link's own words: shown as code, never Markdown
        st.warning("This link holds values that do not apply to this corpus; they were left out:",
                   icon=":material/link_off:")  # fmt: skip
        st.code(", ".join(left_out), language=None, wrap_lines=True)
    chosen: dict[str, Any] = {}
    for line in SIDEBAR_LINES:
        cells = st.columns(len(line)) if len(line) > 1 else [None]
        for name, cell in zip(line, cells, strict=True):
            chosen[name] = filter_widget(FILTER_FIELDS[name], options, cell)
    more_filters(chosen, options)
    filters = presenter.filters_from_widgets(chosen, (first, last))
    st.button("Reset filters", on_click=reset_filters, args=(options,), disabled=not filters.active,
              icon=":material/filter_alt_off:", width="stretch", key="reset_filters")  # fmt: skip
    st.caption("The page's URL holds these filters, the chart selection, the Top N and the table's page and sort: "
               "copy it to share this view, or save it by name below.")  # fmt: skip
    travel.write_query(links.QUERY_KEYS.values(), links.filters_to_query(filters))  # others' keys stay
    return filters
