"""The filters and linked selections of a view, each declared once, as a row of :data:`FILTERS` or
:data:`SELECTIONS`: what it is called, which frame column it reads, its URL key, its widget's label and keys
(the sidebar's and side B's) and the mask of the rows it keeps.  The filter record
(:class:`reactions.viewstate.views.Filters`, whose fields are checked against these rows), the URL codec
(:mod:`reactions.viewstate.links`), the sidebar's and Compare's side-B widgets (:mod:`app.sidebar`,
:mod:`app.compare`) and the rows each chart draws (:func:`reactions.viewstate.views.chart_rows`) are built from
them: a new filter is a row here, with its mask (docs/architecture.md's recipe).  Pure; never imports streamlit.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import pandas as pd

from reactions.analysis.index import Entries, FrameIndex, Mask
from reactions.languages import language_name


@dataclass(frozen=True, slots=True)
class FilterField:
    """One filter of a view (or a setting kept with them: the time bucket and zone).

    Fields:
        name: its name: the field of ``Filters`` it sets (``dates`` sets ``start`` and ``end``) and the key of its
            widget's value.
        column: the frame column it reads (``""``: it reads no row, a setting).
        keys: its URL query key, one per field it sets (``("from", "to")`` for ``dates``); side B's are these
            with ``b_`` before them.
        label: its widget's label in the sidebar; side B's is ``"B: "`` and the label, its first letter small.
        widget: the sidebar widget's session key.
        side_b: side B's widget's session key (``""``: side B does not offer it).
        control: the kind of widget: ``dates`` (a date range), ``toggle``, ``select``, ``multi`` (a multiselect),
            ``long`` (a multiselect of a long list: the top ones listed, any other typed), ``pills``,
            ``segments``, ``text`` or ``slider`` (0 to 1).
        value: how its URL value is read: ``day`` (``YYYY-MM-DD``), ``flag`` (``on``), ``items`` (any number),
            ``share`` (a number from 0 to 1), ``text``, ``bucket`` or ``zone`` (one the page knows).
        offered: the key of the page's filter options that lists its choices (``""``: any value).
        mask: the rows its (set) value keeps, over a frame's :class:`~reactions.analysis.index.FrameIndex`;
            ``None`` for a setting.
        placeholder: the widget's empty text.
        help: the widget's help.
        shown: how the widget shows a choice (``None``: as it is).
    """

    name: str
    column: str
    keys: tuple[str, ...]
    label: str
    widget: str
    side_b: str
    control: str
    value: str
    offered: str = ""
    mask: Callable[[FrameIndex, Any], Mask] | None = None
    placeholder: str = ""
    help: str = ""
    shown: Callable[[str], str] | None = None

    @property
    def fields(self) -> tuple[str, ...]:
        """The fields of ``Filters`` it sets."""
        return ("start", "end") if self.name == "dates" else (self.name,)

    @property
    def side_b_label(self) -> str:
        """Side B's label (``"B: hashtags"``)."""
        return f"B: {self.label[:1].lower()}{self.label[1:]}"


# --- masks: a column is matched over its distinct values, then mapped to the rows through its codes -----------


def folded(values: Iterable[object], wanted: Iterable[str]) -> list[bool]:
    """For each value: a string whose case-folded form is among the case-folded ``wanted``."""
    keys = {w.casefold() for w in wanted}
    return [isinstance(v, str) and v.casefold() in keys for v in values]


def folded_in(index: FrameIndex, column: str, wanted: Iterable[str]) -> Mask:
    """The rows whose ``column`` is one of ``wanted`` (case-insensitive)."""
    coded = index.column(column)
    return coded.flags(folded(coded.values, wanted))


def has_any(entries: Entries, wanted: Iterable[str], size: int) -> Mask:
    """The rows with any entry among ``wanted`` (case-insensitive)."""
    keys = {w.casefold() for w in wanted}
    return entries.rows_with([f in keys for f in entries.folded], size)


def _dated_between(index: FrameIndex, dates: tuple[dt.date | None, dt.date | None]) -> Mask:
    low = pd.Timestamp(dates[0] or dt.date.min)
    high = pd.Timestamp(dates[1] or dt.date(2262, 4, 11))
    return index.days.flags(pd.Series(index.days.values).between(low, high).to_numpy(dtype=bool))


def _posts_dated(index: FrameIndex, _on: bool) -> Mask:
    """Rows whose ``date`` is their post's own (a frame from before ``date_source``: every dated row)."""
    frame = index.frame
    if "date_source" not in frame.columns:
        return frame["date"].notna().to_numpy(dtype=bool)
    return (frame["date_source"] == "post").fillna(False).to_numpy(dtype=bool)


def _cited_by(index: FrameIndex, articles: tuple[str, ...]) -> Mask:
    wanted = set(articles)
    return index.sources.rows_with([name in wanted for name in index.sources.names], index.size)


def _by_authors(index: FrameIndex, authors: tuple[str, ...]) -> Mask:
    keys = {a.casefold() for a in authors}
    return index.authors.rows_with([f in keys for f in index.authors.folded], index.size)


def _in_languages(index: FrameIndex, languages: tuple[str, ...]) -> Mask:
    """A frame from before ``lang`` keeps every row."""
    if "lang" not in index.frame.columns:
        return np.ones(index.size, dtype=bool)
    return folded_in(index, "lang", languages)


def _at_least(index: FrameIndex, share: float) -> Mask:
    return index.frame["confidence"].fillna(0.0).to_numpy(dtype=float) >= share


def contains(index: FrameIndex, needle: str) -> Mask:
    """Rows whose text (the whole post: ``text`` or its ``continued`` pieces), handle or display name holds ``needle``
    (literal, case-insensitive); each distinct value is searched once, and the index keeps the last few searches."""
    needle = needle.strip()

    def search() -> Mask:
        found = np.zeros(index.size, dtype=bool)
        for column in (name for name in _SEARCHED if name in index.frame.columns):
            hits = index.distinct(column).str.contains(needle, case=False, regex=False, na=False)
            found |= index.column(column).flags(hits.to_numpy(dtype=bool))
        return found

    result: Mask = index.remember(("contains", needle), search)
    return result


_SEARCHED = ("text", "continued", "handle", "display_name")


def _column_in(column: str) -> Callable[[FrameIndex, tuple[str, ...]], Mask]:
    return lambda index, wanted: folded_in(index, column, wanted)


RENDERINGS_HELP: Final = (
    "How the parser found each post: after an em dash (dash), on its own line (own-line), with the dash lost "
    "(dashless), under a byline (byline), as a scraped card (card), in a factbox (factbox), as embed code in "
    "the text (markup), in a saved web page (html), as its link alone on a line (link: the post's text was not "
    "kept), or quoted in the prose (quote)."
)
CONFIDENCE_HELP: Final = (
    "The parser's confidence that a reaction is a real post with the right text: 1 for a post in embed code, "
    "lower for posts cut out of merged paragraphs and for quotes in the prose. Raise it to keep only the surest."
)
LANGUAGE_HELP: Final = (
    "The post's language: its embed's own tag when it has one, else detected from its text (English, German, "
    "Spanish, French, Portuguese, Italian, Arabic; 'undetermined' when the text is too short or the detector "
    "unsure). Only English, German, French and Portuguese are scored for sentiment: see docs/languages.md."
)

FILTERS: Final[tuple[FilterField, ...]] = (
    FilterField("dates", "date", ("from", "to"), "Date range", "f_dates", "b_dates", "dates", "day",
                mask=_dated_between),
    FilterField("own_dates", "date_source", ("own_dates",), "Posts' own dates only", "f_own_dates", "", "toggle",
                "flag", mask=_posts_dated,
                help="A reaction is dated by its post when the article shows it, else by its article's publication "
                "date (the date_source column says which). On: only reactions with their post's own date."),
    FilterField("hashtags", "hashtags", ("tag",), "Hashtags", "f_tags", "b_tags", "long", "items", "tags",
                lambda index, wanted: has_any(index.hashtags, wanted, index.size), "Any hashtag"),
    FilterField("sentiments", "sentiment", ("sentiment",), "Sentiment", "f_sentiment", "b_sentiment", "pills",
                "items", "sentiments", _column_in("sentiment")),
    FilterField("kinds", "kind", ("kind",), "Kind", "f_kind", "b_kind", "segments", "items", "kinds",
                _column_in("kind")),
    FilterField("articles", "source", ("article",), "Article", "f_article", "b_article", "long", "items",
                "articles", _cited_by, "Any article"),
    FilterField("outlets", "outlets", ("outlet",), "Outlet", "f_outlet", "", "long", "items", "outlets",
                lambda index, wanted: has_any(index.outlets, wanted, index.size), "Any outlet",
                "The registered domain of a citing article's URL (bbc.co.uk)"),
    FilterField("authors", "handle", ("author",), "Author", "f_author", "b_author", "long", "items", "authors",
                _by_authors, "Any author"),
    FilterField("platforms", "platform", ("platform",), "Platform", "f_platform", "b_platform", "multi", "items",
                "platforms", _column_in("platform"), "Any"),
    FilterField("languages", "lang", ("lang",), "Language", "f_lang", "b_lang", "multi", "items", "languages",
                _in_languages, "Any language", LANGUAGE_HELP, language_name),
    FilterField("renderings", "rendering", ("rendering",), "Found as", "f_rendering", "b_rendering", "multi",
                "items", "renderings", _column_in("rendering"), "Any rendering", RENDERINGS_HELP),
    FilterField("min_confidence", "confidence", ("confidence",), "Minimum confidence", "f_confidence",
                "b_confidence", "slider", "share", mask=_at_least, help=CONFIDENCE_HELP),
    FilterField("text", "text", ("q",), "Search text", "f_text", "b_text", "text", "text", mask=contains,
                placeholder="word, phrase or @handle"),
    FilterField("bucket", "", ("bucket",), "Time buckets", "f_bucket", "", "select", "bucket", "buckets",
                shown=str.capitalize, help="How long a bar of the time charts is. Auto picks the finest of hour, "
                "day, week, month and quarter that cuts the filtered span into at most 120 buckets."),
    FilterField("zone", "", ("tz",), "Time zone", "f_zone", "", "select", "zone", "zones",
                help="The time zone buckets are cut in: a post's exact time (created_at) is converted; a post with "
                "only a date keeps its date."),
)
"""Every filter of a view, in the order of ``Filters``' fields and of the URL's parameters."""
FILTER_FIELDS: Final = {field.name: field for field in FILTERS}
""":data:`FILTERS` by name."""


def value_of(filters: Any, field: FilterField) -> Any:
    """The value ``field`` has in ``filters`` (``dates``: the pair ``(start, end)``)."""
    return (filters.start, filters.end) if field.name == "dates" else getattr(filters, field.name)


def is_set(field: FilterField, value: Any) -> bool:
    """Whether ``field``'s ``value`` filters anything (a date range with either end, a flag on, items, a share
    above 0, text)."""
    if field.name == "dates":
        return any(day is not None for day in value)
    if isinstance(value, float):
        return value > 0
    return bool(value)


@dataclass(frozen=True, slots=True)
class SelectionField:
    """One linked selection: what a click in a chart selects.

    Fields:
        name: the field of ``Selection`` it sets.
        key: its URL query key.
        charts: the names of the charts' point selections that set it (``tag_node``: a node of the hashtag
            network is a hashtag).
        mask: the rows its values select, over a :class:`~reactions.analysis.index.FrameIndex`; the time
            buckets' is :func:`reactions.viewstate.views.chart_rows`' (it needs the selection's unit and zone).
        drawn: the field of :class:`~reactions.viewstate.views.ChartRows` holding the rows the chart that
            selects it draws: every selection but its own (cross-filtering); ``""``: no chart of its own.
    """

    name: str
    key: str
    charts: tuple[str, ...]
    mask: Callable[[FrameIndex, tuple[str, ...]], Mask] | None
    drawn: str


def _accounts(index: FrameIndex, accounts: tuple[str, ...]) -> Mask:
    keys = {a.casefold() for a in accounts}
    mentioned = index.mentions.rows_with([f"@{f}" in keys for f in index.mentions.folded], index.size)
    return mentioned | index.authors.rows_with([f in keys for f in index.authors.folded], index.size)


SELECTIONS: Final[tuple[SelectionField, ...]] = (
    SelectionField("buckets", "sel_bucket", ("bucket",), None, "by_time"),
    SelectionField("hashtags", "sel_tag", ("hashtag", "tag_node"),
                   lambda index, wanted: has_any(index.hashtags, wanted, index.size), "by_hashtag"),
    SelectionField("sentiments", "sel_sentiment", ("sentiment",), _column_in("sentiment"), "by_sentiment"),
    SelectionField("outlets", "sel_outlet", ("outlet",), lambda index, wanted: has_any(index.outlets, wanted,
                                                                                        index.size), "by_outlet"),
    SelectionField("accounts", "sel_account", ("account",), _accounts, ""),
)
"""Every linked selection, in the order of its URL parameters."""
