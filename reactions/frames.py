"""Records -> pandas DataFrames: :func:`to_frame` (one row per unique reaction), the frame contract.

The page's index over a frame is :mod:`reactions.analysis.index`; the aggregations the charts are drawn from are
:mod:`reactions.analysis.aggregate`.

The base columns, their order and dtypes are the team contract (:data:`BASE_COLUMNS`,
:data:`BASE_DTYPES`); :mod:`reactions.export` writes and reads them back without loss.

>>> from reactions.models import Kind, Reaction
>>> frame = to_frame([Reaction("a1", Kind.EMBED, "twitter", "fan", "A Fan", None, "so good #wow",
...                            hashtags=("wow",), source="000.txt", span=(10, 40))])
>>> frame.loc[0, ["id", "handle", "hashtags", "sources"]].tolist()
['a1', 'fan', ['wow'], ['000.txt']]
>>> str(frame["kind"].dtype), str(frame["date"].dtype), frame["date"].isna().all()
('category', 'datetime64[ns]', np.True_)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from reactions.models import ArticleInfo, Corpus, Reaction
from reactions.sentiment import SENTIMENT_COLUMNS, score_frame, sentiment_series

# (the column contract's names, kept here too: frames.py was their home)
from reactions.table import ARTICLE_COLUMNS as ARTICLE_COLUMNS
from reactions.table import BASE_COLUMNS as BASE_COLUMNS
from reactions.table import DATE_SOURCES as DATE_SOURCES
from reactions.table import KINDS as KINDS
from reactions.table import LAG_HOURS as LAG_HOURS
from reactions.table import LIST_COLUMNS as LIST_COLUMNS
from reactions.table import MAX_LAG_HOURS as MAX_LAG_HOURS
from reactions.table import MICROSECONDS_PER_HOUR as MICROSECONDS_PER_HOUR
from reactions.table import NULLABLE_TEXT as NULLABLE_TEXT
from reactions.table import PLATFORMS as PLATFORMS
from reactions.table import RENDERINGS as RENDERINGS
from reactions.table import article_columns as article_columns
from reactions.table import article_info as article_info
from reactions.table import base_table as base_table
from reactions.table import labels_of as labels_of
from reactions.table import lag_hours_of as lag_hours_of
from reactions.table import published_at as published_at
from reactions.table import reaction_columns as reaction_columns

STRING: Final = pd.StringDtype()
"""Text columns: pandas' nullable string dtype, missing values are ``<NA>`` (never NaN, never a float)."""

BASE_DTYPES: Final[Mapping[str, Any]] = {
    "id": STRING,
    "kind": pd.CategoricalDtype(labels_of("kind")),
    "platform": pd.CategoricalDtype(list(PLATFORMS)),
    "handle": STRING,
    "display_name": STRING,
    "author": STRING,
    "date": "datetime64[ns]",
    "date_source": pd.CategoricalDtype(labels_of("date_source")),
    "text": STRING,
    "continued": STRING,
    "hashtags": object,
    "mentions": object,
    "urls": object,
    "media": object,
    "emoji": object,
    "sources": object,
    "article_count": "int64",
    "outlet": STRING,
    "outlets": object,
    "outlet_count": "int64",
    "outlet_published": object,
    "status_id": STRING,
    "url": STRING,
    "created_at": "datetime64[ns, UTC]",
    "lag": "timedelta64[ns]",
    "lang": STRING,
    "lang_source": pd.CategoricalDtype(labels_of("lang_source")),
    "rendering": pd.CategoricalDtype(labels_of("rendering")),
    "confidence": "float64",
    "source": STRING,
    "span_start": "int64",
    "span_end": "int64",
    "article_title": STRING,
    "article_url": STRING,
    "article_published": "datetime64[ns, UTC]",
}
"""Every base column of :func:`to_frame` and its dtype, in column order (the team contract).

``platform``'s categories are the :class:`~reactions.models.Platform` values, followed by any other
platform found, sorted (see :func:`platform_dtype`)."""


def platform_dtype(values: Iterable[object] = ()) -> pd.CategoricalDtype:
    """The ``platform`` dtype: the known platforms, then any others in ``values``, sorted.

    >>> list(platform_dtype(["twitter", "myspace"]).categories)[-2:]
    ['unknown', 'myspace']
    """
    return pd.CategoricalDtype(labels_of("platform", list(values)))


def to_frame(
    data: Corpus | Iterable[Reaction],
    *,
    sentiment: bool = True,
    lexicon: Mapping[str, float] | None = None,
    overrides: Mapping[str, str] | None = None,
) -> pd.DataFrame:
    """One row per unique reaction, with the columns of :data:`BASE_DTYPES` and then the sentiment
    columns of :func:`reactions.sentiment.score_frame` (scored with the custom ``lexicon`` and the
    label ``overrides``, if any); ``sentiment=False`` gives the base columns alone.

    ``data`` is a :class:`~reactions.models.Corpus` (whose articles give each reaction's ``lag``)
    or any iterable of reactions (``lag`` is then ``NaT``: no publication time is known), one row
    each, in order: pass a corpus, or :func:`reactions.corpus.merge_reactions`'s result, for
    unique ones.  An
    empty input gives an empty frame with the same columns and dtypes.  An empty ``platform``
    is ``"unknown"``; a date outside what ``datetime64[ns]`` holds (before 1677 or after 2262)
    becomes ``NaT``.
    """
    if isinstance(data, Corpus):
        reactions: tuple[Reaction, ...] = data.reactions
        articles = {a.source: article_info(a) for a in data.articles}
    else:
        reactions = tuple(data)
        articles = {}
    frame = build_frame(reaction_columns(reactions), articles)
    if not sentiment:
        return frame
    return score_frame(frame, lexicon=lexicon, overrides=overrides)


def build_frame(
    columns: Mapping[str, list[Any]], articles: Mapping[str, ArticleInfo], detected: Mapping[str, str] | None = None
) -> pd.DataFrame:
    """The base frame (:data:`BASE_COLUMNS`) of rows given as :func:`reaction_columns` gives them: the frame of
    :func:`reactions.table.base_table` (the one table builder, of :func:`to_frame` and of the run path alike)."""
    return table_frame(base_table(columns, articles, detected))


def table_frame(table: Mapping[str, list[Any]]) -> pd.DataFrame:
    """The frame of a table (:mod:`reactions.table`): its base columns with their dtypes (:data:`BASE_DTYPES`), then
    the sentiment columns when it has them, as :func:`reactions.sentiment.score_frame` types them; the one place a
    run's frame is built (:func:`reactions.run.pipeline.extract_frame`)."""
    base = {name: table[name] for name in BASE_COLUMNS}
    frame = frame_from_columns({name: values for name, values in base.items() if name not in LIST_COLUMNS})
    size = len(frame)
    for name in LIST_COLUMNS:  # object cells straight from the lists (each cell already a list)
        frame[name] = pd.Series(np.fromiter(base[name], dtype=object, count=size), dtype=object)
    frame = frame[list(BASE_COLUMNS)]
    if SENTIMENT_COLUMNS[0] not in table:
        return frame
    return frame.assign(**sentiment_series({name: table[name] for name in SENTIMENT_COLUMNS}, frame.index))


def frame_from_columns(columns: Mapping[str, list[Any]], dtypes: Mapping[str, Any] | None = None) -> pd.DataFrame:
    """Build a frame from plain Python column values, giving each column its dtype.

    Values are Python objects: ``str``/``None`` for text, ``datetime``/``date``/``Timestamp``/``None``
    for dates, ``timedelta``/``None`` for ``lag``, lists for list columns.  ``dtypes`` defaults to
    :data:`BASE_DTYPES`; a column it does not name keeps the dtype pandas infers.  ``platform``'s
    categories always come from :func:`platform_dtype`.
    """
    wanted = {**(BASE_DTYPES if dtypes is None else dtypes)}
    if "platform" in wanted:
        wanted["platform"] = platform_dtype(columns.get("platform", ()))
    series = {name: _series(values, wanted.get(name)) for name, values in columns.items()}
    return pd.DataFrame(series, index=pd.RangeIndex(len(next(iter(series.values()), []))))


def _series(values: list[Any], dtype: Any) -> pd.Series:
    if dtype is object:  # fromiter stores each list as one cell (np.array would broadcast equal-length lists)
        cells = np.fromiter((v if type(v) is list else list(v) for v in values), dtype=object, count=len(values))
        return pd.Series(cells, dtype=object)
    if dtype is None:
        return pd.Series(values)
    raw = pd.Series(values, dtype=object)
    if dtype == "datetime64[ns, UTC]":
        raw = pd.Series(pd.to_datetime(raw, utc=True, errors="coerce"))
    elif dtype == "datetime64[ns]":
        raw = pd.Series(pd.to_datetime(raw, errors="coerce"))
    elif dtype == "timedelta64[ns]":
        raw = pd.Series(pd.to_timedelta(raw))
    typed: pd.Series = raw.astype(dtype)
    return typed


# --- the frame as files hold it ----------------------------------------------------------------------


def with_lag_hours(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` as the exports write it: its ``lag`` (a timedelta column) replaced, in its place, by ``lag_hours``
    (:func:`lag_hours`); any other frame as it is (:mod:`reactions.export` reads it back).

    >>> import reactions
    >>> frame = reactions.to_frame(reactions.parse_article("Hi — Ann (@ann) Feb 2, 2020").reactions)
    >>> frame["lag"] = pd.to_timedelta(["1 days 02:30:00"])
    >>> exported = with_lag_hours(frame[["id", "lag", "text"]])
    >>> list(exported.columns), exported["lag_hours"].tolist()
    (['id', 'lag_hours', 'text'], [26.5])
    """
    if "lag" not in frame.columns or LAG_HOURS in frame.columns or frame["lag"].dtype.kind != "m":
        return frame
    out = frame.copy(deep=False)
    out["lag"] = lag_hours(frame["lag"]).to_numpy()
    return out.rename(columns={"lag": LAG_HOURS})


def lag_hours(lag: pd.Series) -> pd.Series:
    """A timedelta column as float hours (:func:`reactions.table.lag_hours_of`: the one conversion); NaT as NaN."""
    lags = [None if moment is pd.NaT else moment for moment in lag.tolist()]
    return pd.Series(lag_hours_of(lags), index=lag.index, dtype="float64", name=LAG_HOURS)


def lag_from_hours(hours: Any) -> npt.NDArray[np.timedelta64]:
    """Float hours back to a ``timedelta64[ns]`` array, to the nearest microsecond; NaN as NaT.  Raises
    ``ValueError`` for a lag beyond :data:`MAX_LAG_HOURS` (or infinite).

    >>> lag_from_hours([14.916666666666666, float("nan")]).tolist()
    [53700000000000, None]
    """
    values = np.asarray(hours, dtype="float64")
    missing = np.isnan(values)
    known = np.where(missing, 0.0, values)
    if not np.all(np.abs(known) <= MAX_LAG_HOURS):
        raise ValueError(f"lag_hours beyond {MAX_LAG_HOURS:,.0f} hours")
    micros = np.rint(known * MICROSECONDS_PER_HOUR).astype("int64")
    lags: npt.NDArray[np.timedelta64] = micros.astype("timedelta64[us]").astype("timedelta64[ns]")
    lags[missing] = np.timedelta64("NaT")
    return lags
