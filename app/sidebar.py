"""The page's sidebar: uploads and the filter widgets, mirrored in the URL."""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import Any

import numpy as np
import streamlit as st

from app import languages as app_languages
from app import loading, presenter, travel
from reactions import links, scorers, views
from reactions.index import FrameIndex
from reactions.languages import language_name
from reactions.sources.uploads import ARCHIVE_TYPES, ARTICLE_TYPES, DATASET_TYPES, Upload

# Filters field -> its widget's key.
WIDGETS = {"dates": "f_dates", "own_dates": "f_own_dates", "hashtags": "f_tags", "sentiments": "f_sentiment",
           "kinds": "f_kind", "articles": "f_article", "outlets": "f_outlet", "authors": "f_author",
           "platforms": "f_platform", "languages": "f_lang",
           "renderings": "f_rendering", "min_confidence": "f_confidence", "text": "f_text", "bucket": "f_bucket",
           "zone": "f_zone"}  # fmt: skip


def uploaded_files(taken: list[str]) -> Upload:
    """Read what was uploaded (once per distinct set of files), with progress; names never clash with the
    article ids ``taken`` by the corpus.  The run parses the documents (each within its time limit)."""
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


def scorer_choice() -> str:
    """The sentiment scorer widget, mirrored in the URL (``scorer=``; it starts from the URL once a session)."""
    if "sentiment_scorer" not in st.session_state:
        query = {k: st.query_params.get_all(k) for k in st.query_params}
        st.session_state["sentiment_scorer"] = links.scorer_from_query(query)
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
    st.session_state["link_left_out"] = list(dict.fromkeys(left_out + travel.opened_problems()))
    st.session_state["filters_ready"] = True


@st.cache_resource(max_entries=16)
def filter_options(key: str, _index: FrameIndex) -> dict[str, Any]:
    """The choices each filter widget offers (presenter.filter_options, and ``top_articles``: the
    :data:`LONG_LIST` articles with most reactions); ``key`` identifies the frame.  Shared and read only (a
    ``st.cache_data`` unpickled every article's name at every script run)."""
    options = presenter.filter_options(_index)
    options["top_articles"] = sorted(most_cited_names(_index.sources, LONG_LIST))
    return options


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


LONG_LIST = 1_000
"""The most choices a long list's widget (article, author, outlet) offers at once: those with most reactions; any
other can be typed.  Streamlit's browser code builds every option of every list at every rerun: the 24,000
articles and 10,000 authors of 101,264 reactions were about a third of Chromium's work for a filter."""


def most_cited_names(entries: Any, top: int) -> list[str]:
    """The ``top`` names of ``entries`` with most reactions (ties: the first name)."""
    counts = np.bincount(entries.items, minlength=len(entries.names))
    order = np.argsort(-counts, kind="stable")[:top]
    return [str(name) for name in entries.names[order]]


def long_list(label: str, every: list[str], top: list[str], key: str, placeholder: str, help: str = "") -> list[str]:
    """A multiselect of ``every`` choice, or, beyond :data:`LONG_LIST` of them, of the ``top`` ones
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


def sidebar_filters(options: dict[str, Any]) -> views.Filters:
    """The filter widgets; returns the filters they describe and mirrors them in the URL."""
    init_filters(options)
    first, last = options["days"]
    st.subheader("Filters")
    if left_out := st.session_state.get("link_left_out"):  # the link's own words: shown as code, never Markdown
        st.warning("This link holds values that do not apply to this corpus; they were left out:",
                   icon=":material/link_off:")  # fmt: skip
        st.code(", ".join(left_out), language=None, wrap_lines=True)
    dates: tuple[Any, ...] = ()
    if first is not None:
        follow_date_bounds(first, last)
        dates = tuple(st.date_input("Date range", min_value=first, max_value=last, key="f_dates"))
    own_dates = st.toggle("Posts' own dates only", key="f_own_dates", help=presenter.OWN_DATES_HELP)
    bucket_cell, zone_cell = st.columns(2)
    bucket = bucket_cell.selectbox("Time buckets", options["buckets"], key="f_bucket", format_func=str.capitalize,
                                   help=presenter.BUCKET_HELP)  # fmt: skip
    zone = zone_cell.selectbox("Time zone", options["zones"], key="f_zone", help=presenter.ZONE_HELP)
    tags = st.multiselect("Hashtags", options["tags"], key="f_tags", placeholder="Any hashtag")
    labels = st.pills("Sentiment", options["sentiments"], selection_mode="multi", key="f_sentiment")
    kinds = st.segmented_control("Kind", options["kinds"], selection_mode="multi", key="f_kind")
    text = st.text_input("Search text", key="f_text", placeholder="word, phrase or @handle")
    with st.expander("Article, outlet, author, platform, language, how found"):
        articles = long_list("Article", options["articles"], options["top_articles"], "f_article", "Any article")
        outlets = long_list("Outlet", options["outlets"], options["outlets"][: LONG_LIST], "f_outlet",
                            "Any outlet", "The registered domain of a citing article's URL (bbc.co.uk)")  # fmt: skip
        authors = long_list("Author", options["authors"], options["authors"][: LONG_LIST], "f_author",
                            "Any author")  # fmt: skip
        platforms = st.multiselect("Platform", options["platforms"], key="f_platform", placeholder="Any")
        languages = st.multiselect("Language", options["languages"], key="f_lang", placeholder="Any language",
                                   format_func=language_name, help=app_languages.LANGUAGE_HELP)  # fmt: skip
        renderings = st.multiselect("Found as", options["renderings"], key="f_rendering", placeholder="Any rendering",
                                    help=presenter.RENDERINGS_HELP)  # fmt: skip
        confidence = st.slider("Minimum confidence", 0.0, 1.0, step=0.05, key="f_confidence",
                               help=presenter.CONFIDENCE_HELP)  # fmt: skip
    chosen = {"dates": dates, "own_dates": own_dates, "hashtags": tags, "sentiments": labels, "kinds": kinds,
              "text": text, "articles": articles, "outlets": outlets, "authors": authors, "platforms": platforms,
              "renderings": renderings, "min_confidence": confidence, "bucket": bucket, "zone": zone,
              "languages": languages}  # fmt: skip
    filters = presenter.filters_from_widgets(chosen, (first, last))
    st.button("Reset filters", on_click=reset_filters, args=(options,), disabled=not filters.active,
              icon=":material/filter_alt_off:", width="stretch", key="reset_filters")  # fmt: skip
    st.caption("The page's URL holds these filters, the chart selection, the Top N and the table's page and sort: "
               "copy it to share this view, or save it by name below.")  # fmt: skip
    travel.write_query(links.QUERY_KEYS.values(), links.filters_to_query(filters))  # others' keys stay
    return filters
