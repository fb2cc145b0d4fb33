"""What the page shows: filters, chart selections, the display table and a post in its article.

Everything here is pure: values in, values out (this module never imports streamlit).
:class:`Filters` is the sidebar's state and round-trips through URL query parameters
(:func:`reactions.viewstate.links.filters_to_query`, :func:`~reactions.viewstate.links.filters_from_query`) so
that a filtered view can be shared as a link.  :class:`Selection` is what was clicked in the linked charts.
:func:`filter_rows` and :func:`chart_rows` turn both into row masks over a frame of the column contract of
:func:`reactions.frames.to_frame` (with the sentiment columns), or over its
:class:`~reactions.analysis.index.FrameIndex`, which the page builds once per frame; :func:`filter_frame`
and :func:`select_frame` give the rows themselves.  Each filter and selection, with its mask, is a row of
:mod:`reactions.viewstate.fields`.  The table is shown in the order :func:`sort_rows` gives (a page at a time:
:func:`app.presenter.page_of`); the downloads (:func:`app.exports.downloads`) cover every filtered row.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from reactions.analysis.index import Data, FrameIndex, Mask, author_labels, index_of
from reactions.analysis.timeline import BUCKETS, UTC, bucket_key, bucket_starts, local_times
from reactions.viewstate.fields import FILTERS, SELECTIONS, is_set, value_of


@dataclass(frozen=True, slots=True)
class Filters:
    """The sidebar's filters; an empty field filters nothing.

    Fields:
        start: first day kept (inclusive); reactions without a date are dropped once a
            bound is set.
        end: last day kept (inclusive).
        own_dates: keep only reactions dated by their posts (``date_source`` ``post``), leaving out those
            dated by their article's publication date and the undated.
        hashtags: keep reactions carrying any of these hashtags (compared case-insensitively).
        sentiments: keep these labels (``"negative"``, ``"neutral"``, ``"positive"``).
        kinds: keep these kinds (``"embed"``, ``"quote"``).
        articles: keep reactions cited by any of these article ids.
        outlets: keep reactions cited by any of these outlets (registered domains, ``bbc.co.uk``;
            compared case-insensitively).
        authors: keep these authors, as :func:`author_labels` names them (``"@handle"`` or
            the display name of a quote); compared case-insensitively.
        platforms: keep these platforms.
        languages: keep reactions in these languages (``lang`` codes: ``"de"``; ``"und"``: undetermined).
        renderings: keep reactions found in these renderings (``"dash"``, ``"card"``, ``"quote"``, …:
            :class:`reactions.models.Rendering`'s values), to check or leave out one way of finding posts.
        min_confidence: keep reactions whose parser confidence is at least this (0 keeps every one,
            including reactions from older caches with no confidence).
        text: keep reactions whose text, handle or display name contains this string
            (case-insensitive, literal, not a pattern).
        bucket: not a filter but how time is shown, kept with them in the URL: the time bucket
            (one of :data:`reactions.analysis.timeline.BUCKETS`; ``""``: chosen from the span).
        zone: the time zone buckets are cut in (an IANA name; ``""``: UTC).
    """

    start: dt.date | None = None
    end: dt.date | None = None
    own_dates: bool = False
    hashtags: tuple[str, ...] = ()
    sentiments: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    articles: tuple[str, ...] = ()
    outlets: tuple[str, ...] = ()
    authors: tuple[str, ...] = ()
    platforms: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()
    renderings: tuple[str, ...] = ()
    min_confidence: float = 0.0
    text: str = ""
    bucket: str = ""
    zone: str = ""

    @property
    def active(self) -> bool:
        """Whether any filter is set."""
        return self != Filters()


@dataclass(frozen=True, slots=True)
class Selection:
    """What was clicked in the linked charts; an empty field selects everything.

    Fields:
        buckets: the time buckets clicked in the time chart, by name
            (:func:`reactions.analysis.timeline.bucket_key`: ``"2020-02-03"`` for a day or a week, ``"2020-02"``...).
        hashtags: hashtags clicked in the hashtag chart (case-insensitive).
        sentiments: sentiment labels clicked in the sentiment chart.
        accounts: accounts clicked in the mention network (``"@handle"``, or a quote's author by name): the
            reactions by or mentioning them (case-insensitive).  (A node clicked in the hashtag network is
            one of ``hashtags``.)
        outlets: outlets clicked in the outlet chart: the reactions they cite.
        unit: the bucket the time chart was cut in (one of :data:`reactions.analysis.timeline.BUCKETS`).
        zone: the time zone it was cut in.
    """

    buckets: tuple[str, ...] = ()
    hashtags: tuple[str, ...] = ()
    sentiments: tuple[str, ...] = ()
    accounts: tuple[str, ...] = ()
    outlets: tuple[str, ...] = ()
    unit: str = "day"
    zone: str = UTC

    @property
    def active(self) -> bool:
        """Whether anything is selected."""
        return any(getattr(self, field.name) for field in SELECTIONS)


_DECLARED = tuple(name for field in FILTERS for name in field.fields)
if tuple(f.name for f in dataclasses.fields(Filters)) != _DECLARED:  # a filter is declared in one place
    raise TypeError(f"Filters' fields are not reactions.viewstate.fields.FILTERS' {_DECLARED}")
if {f.name for f in dataclasses.fields(Selection)} - {"unit", "zone"} != {field.name for field in SELECTIONS}:
    raise TypeError("Selection's fields are not reactions.viewstate.fields.SELECTIONS'")


# --- filtering --------------------------------------------------------------------------------
# Filters and selections are row masks over a FrameIndex (built once per frame): a column is
# matched over its distinct values, then mapped to the rows through its integer codes.


def filter_rows(data: Data, filters: Filters) -> Mask:
    """The rows ``filters`` keeps, as a boolean array (one per row of the frame): each set filter's mask
    (:data:`reactions.viewstate.fields.FILTERS`), and-ed."""
    index = index_of(data)
    mask = np.ones(index.size, dtype=bool)
    for field in FILTERS:
        value = value_of(filters, field)
        if field.mask is not None and is_set(field, value):
            mask &= field.mask(index, value)
    return mask


def filter_mask(frame: pd.DataFrame, filters: Filters) -> pd.Series:
    """A boolean Series, True for the rows ``filters`` keeps."""
    return pd.Series(filter_rows(frame, filters), index=frame.index)


def filter_frame(frame: pd.DataFrame, filters: Filters) -> pd.DataFrame:
    """The rows of ``frame`` that ``filters`` keeps, in their order (a copy)."""
    return frame.loc[filter_rows(frame, filters)].copy()


def _selected(index: FrameIndex, selection: Selection) -> dict[str, Mask]:
    """One mask per active field of ``selection`` (:data:`reactions.viewstate.fields.SELECTIONS`)."""
    parts = {}
    for field in SELECTIONS:
        wanted = getattr(selection, field.name)
        if not wanted:
            continue
        if field.mask is not None:
            parts[field.name] = field.mask(index, wanted)
        else:  # the time buckets, cut in the selection's unit and zone
            names = index.bucket_names(selection.unit, selection.zone)
            parts[field.name] = index.buckets(selection.unit, selection.zone).flags(np.isin(names, list(wanted)))
    return parts


def select_rows(data: Data, selection: Selection, *, skip: str | None = None, within: Mask | None = None) -> Mask:
    """The rows inside the chart ``selection`` (and inside ``within``, when given).

    ``skip`` names one field of :class:`Selection` to ignore, so that a chart can show the
    data selected by the *other* charts without collapsing onto its own selection
    (cross-filtering).
    """
    index = index_of(data)
    mask = np.ones(index.size, dtype=bool) if within is None else within.copy()
    for field, part in _selected(index, selection).items():
        if field != skip:
            mask &= part
    return mask


@dataclass(frozen=True, slots=True, eq=False)
class ChartRows:
    """The rows each part of the page draws, as masks over the frame.

    Fields:
        view: the filtered rows inside the chart selection (headline, table, summary charts).
        by_time, by_sentiment, by_hashtag, by_outlet: the same without the chart's own selection field, for
            the linked charts (cross-filtering).
    """

    view: Mask
    by_time: Mask
    by_sentiment: Mask
    by_hashtag: Mask
    by_outlet: Mask


def chart_rows(data: Data, filtered: Mask, selection: Selection) -> ChartRows:
    """The :class:`ChartRows` of the ``filtered`` rows under ``selection`` (each selection field
    is matched once)."""
    parts = _selected(index_of(data), selection)

    def without(skip: str | None) -> Mask:
        mask = filtered
        for field, part in parts.items():
            if field != skip:
                mask = mask & part
        return mask

    drawn = {field.drawn: without(field.name) for field in SELECTIONS if field.drawn}
    return ChartRows(view=without(None), **drawn)


def select_frame(frame: pd.DataFrame, selection: Selection, *, skip: str | None = None) -> pd.DataFrame:
    """The rows of ``frame`` inside the chart ``selection`` (see :func:`select_rows`), a copy."""
    return frame.loc[select_rows(frame, selection, skip=skip)].copy()


def selection_from_event(state: Mapping[str, object]) -> tuple[str, ...]:
    """The values of one point selection as Streamlit reports it (a list of ``{field: value}``).

    >>> selection_from_event({"hashtag": [{"hashtag": "MeToo"}, {"hashtag": "TimesUp"}]})
    ('MeToo', 'TimesUp')
    """
    values: list[str] = []
    for points in state.values():
        for point in points if isinstance(points, list) else ():
            if isinstance(point, Mapping):
                values.extend(str(v) for v in point.values() if v is not None)
    return tuple(dict.fromkeys(values))


def selected_bucket(value: str, unit: str) -> str:
    """A selected bucket's name: the chart sends the name itself; a time (epoch milliseconds, UTC, as Vega
    reports a time-axis value) becomes the name of its ``unit`` bucket.

    >>> selected_bucket("2020-02-03", "week"), selected_bucket("1580515200000", "day"), \
selected_bucket("1580515200000.0", "week")
    ('2020-02-03', '2020-02-01', '2020-01-27')
    """
    try:
        millis = float(value)
    except ValueError:
        return value.strip()
    unit = unit if unit in BUCKETS else "day"
    start = bucket_starts(pd.Series([pd.Timestamp(millis, unit="ms")]), unit)
    return bucket_key(pd.DatetimeIndex(start), unit)[0]


def selection_from_states(
    states: Mapping[str, Mapping[str, object] | None], *, unit: str = "day", zone: str = UTC
) -> Selection:
    """The :class:`Selection` of the linked charts from their Streamlit states, by selection name; the time
    chart was cut in ``unit`` buckets in ``zone`` (a node of the hashtag network, ``tag_node``, is a hashtag;
    one of the mention network, ``account``, an account).

    >>> selection_from_states({"bucket": {"selection": {"bucket": [{"bucket": "2020-02-03"}]}},
    ...                        "hashtag": {"selection": {"hashtag": [{"hashtag": "MeToo"}]}}, "sentiment": None},
    ...                       unit="week").buckets
    ('2020-02-03',)
    >>> selection_from_states({"tag_node": {"selection": {"tag_node": [{"node": "metoo"}, {"node": "Oscars"}]}},
    ...                        "account": {"selection": {"account": [{"node": "@fan"}]}}})
    Selection(buckets=(), hashtags=('metoo', 'Oscars'), sentiments=(), accounts=('@fan',), outlets=(), unit='day', \
zone='UTC')
    """

    def chosen(name: str) -> tuple[str, ...]:
        state = states.get(name) or {}
        selection = state.get("selection")
        points = selection.get(name, []) if isinstance(selection, Mapping) else []
        return selection_from_event({name: points})

    values = {field.name: tuple(dict.fromkeys(v for chart in field.charts for v in chosen(chart)))
              for field in SELECTIONS}  # fmt: skip
    values["buckets"] = tuple(dict.fromkeys(selected_bucket(v, unit) for v in values["buckets"]))
    return Selection(**values, unit=unit, zone=zone)


# --- the table's order ------------------------------------------------------------------------------------

SORTS: Final = {"date": "Date", "compound": "Compound", "articles": "Article count", "author": "Author",
                "outlet": "Outlet", "confidence": "Confidence"}  # fmt: skip
"""The columns the table can be sorted by (its URL name -> the words the page shows); ``""`` is corpus order."""
ORDERS: Final = ("asc", "desc")
"""The directions of a sort: ascending, descending."""


def sort_keys(data: Data, by: str) -> npt.NDArray[np.float64]:
    """Each row's place in the ``by`` order (:data:`SORTS`) as a number, NaN where it has no value: the exact
    time (``created_at``, else the date), the compound score, how many articles cite it, its author as the
    table names it and its outlet (case-insensitively), the parser's confidence.  Kept by the index."""
    index = index_of(data)

    def build() -> npt.NDArray[np.float64]:
        frame = index.frame
        if by == "date":
            values: pd.Series = local_times(frame["created_at"], frame["date"])  # UTC
        elif by == "articles":
            values = frame["article_count"]
        elif by in ("author", "outlet"):
            labels = author_labels(frame) if by == "author" else frame.get("outlet", pd.Series(index=frame.index))
            values = pd.Series([v.casefold() if isinstance(v, str) and v else None for v in labels], dtype="object")
        else:
            values = frame[by]
        codes, _ = pd.factorize(values.reset_index(drop=True), sort=True, use_na_sentinel=True)
        return np.where(codes < 0, np.nan, codes).astype(np.float64)

    if by not in SORTS:
        raise ValueError(f"unknown sort {by!r}: expected one of {', '.join(SORTS)}")
    result: npt.NDArray[np.float64] = index.remember(("sort", by), build)
    return result


def sort_rows(
    data: Data, rows: npt.NDArray[np.intp], by: str = "", *, descending: bool = False
) -> npt.NDArray[np.intp]:
    """The row positions ``rows`` in the ``by`` order (:data:`SORTS`; ``""`` keeps them as they are), before the
    table is cut into pages: rows without a value last in either direction, ties in the order of ``rows``.

    >>> frame = pd.DataFrame({"compound": [0.2, float("nan"), -0.5, 0.2]})
    >>> sort_rows(frame, np.arange(4), "compound").tolist(), sort_rows(frame, np.arange(4), "compound",
    ...                                                                    descending=True).tolist()
    ([2, 0, 3, 1], [0, 3, 2, 1])
    """
    if not by:
        return rows
    keys = sort_keys(data, by)[rows]
    missing = np.isnan(keys)
    ranked = np.where(missing, 0.0, -keys if descending else keys)
    order = np.lexsort((np.arange(len(rows)), ranked, missing))
    return rows[order]
