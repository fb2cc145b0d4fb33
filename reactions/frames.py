"""Records -> pandas DataFrames: :func:`to_frame` (one row per unique reaction) and, below it, the
aggregations the charts are drawn from.

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

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any, Final

import numpy as np
import pandas as pd

from reactions.models import Article, Citation, Corpus, Kind, Platform, Reaction

STRING: Final = pd.StringDtype()
"""Text columns: pandas' nullable string dtype, missing values are ``<NA>`` (never NaN, never a float)."""

KINDS: Final[tuple[str, ...]] = tuple(k.value for k in Kind)
PLATFORMS: Final[tuple[str, ...]] = tuple(p.value for p in Platform)

LIST_COLUMNS: Final[tuple[str, ...]] = ("hashtags", "mentions", "urls", "media", "emoji", "sources")
"""Columns holding a Python ``list[str]`` in each cell (dtype object); never missing, ``[]`` when empty."""

BASE_DTYPES: Final[Mapping[str, Any]] = {
    "id": STRING,
    "kind": pd.CategoricalDtype(list(KINDS)),
    "platform": pd.CategoricalDtype(list(PLATFORMS)),
    "handle": STRING,
    "display_name": STRING,
    "date": "datetime64[ns]",
    "text": STRING,
    "hashtags": object,
    "mentions": object,
    "urls": object,
    "media": object,
    "emoji": object,
    "sources": object,
    "article_count": "int64",
    "status_id": STRING,
    "url": STRING,
    "created_at": "datetime64[ns, UTC]",
    "lag": "timedelta64[ns]",
    "lang": STRING,
    "source": STRING,
    "span_start": "int64",
    "span_end": "int64",
}
"""Every base column of :func:`to_frame` and its dtype, in column order (the team contract).

``platform``'s categories are the :class:`~reactions.models.Platform` values, followed by any other
platform found, sorted (see :func:`platform_dtype`)."""

BASE_COLUMNS: Final[tuple[str, ...]] = tuple(BASE_DTYPES)
"""The base column names of :func:`to_frame`, in order."""

NULLABLE_TEXT: Final[tuple[str, ...]] = ("handle", "display_name", "status_id", "url", "lang")
"""Optional text columns: ``None`` *and* ``""`` in a record both become ``<NA>`` (so that a CSV's
empty cell reads back as exactly the same frame)."""


def platform_dtype(values: Iterable[object] = ()) -> pd.CategoricalDtype:
    """The ``platform`` dtype: the known platforms, then any others in ``values``, sorted.

    >>> list(platform_dtype(["twitter", "myspace"]).categories)[-2:]
    ['unknown', 'myspace']
    """
    extra = sorted({str(v) for v in values if isinstance(v, str) and v and v not in PLATFORMS})
    return pd.CategoricalDtype([*PLATFORMS, *extra])


def to_frame(data: Corpus | Iterable[Reaction]) -> pd.DataFrame:
    """One row per unique reaction, with exactly the columns of :data:`BASE_DTYPES`.

    ``data`` is a :class:`~reactions.models.Corpus` (whose articles give each reaction's ``lag``)
    or any iterable of reactions (``lag`` is then ``NaT``: no publication time is known).  An
    empty input gives an empty frame with the same columns and dtypes.
    """
    if isinstance(data, Corpus):
        reactions: tuple[Reaction, ...] = data.reactions
        published = {a.source: _published(a) for a in data.articles}
    else:
        reactions = tuple(data)
        published = {}
    rows = [_row(r, published) for r in reactions]
    columns = {name: [row[i] for row in rows] for i, name in enumerate(BASE_COLUMNS)}
    return frame_from_columns(columns)


def frame_from_columns(columns: Mapping[str, list[Any]]) -> pd.DataFrame:
    """Build a frame from plain Python column values, giving each base column its contract dtype.

    Values are Python objects: ``str``/``None`` for text, ``datetime``/``date``/``None`` for
    dates, ``timedelta``/``None`` for ``lag``, lists for list columns.  Columns beyond the base
    ones are kept as given (pandas infers their dtype).
    """
    dtypes = {**BASE_DTYPES, "platform": platform_dtype(columns.get("platform", ()))}
    series = {name: _series(values, dtypes.get(name)) for name, values in columns.items()}
    return pd.DataFrame(series, index=pd.RangeIndex(len(next(iter(series.values()), []))))


def _series(values: list[Any], dtype: Any) -> pd.Series:
    if dtype is object:
        cells = np.empty(len(values), dtype=object)
        for i, value in enumerate(values):  # item by item: numpy would broadcast equal-length lists
            cells[i] = list(value)
        return pd.Series(cells, dtype=object)
    if dtype is None:
        return pd.Series(values)
    raw = pd.Series(values, dtype=object)
    if dtype == "datetime64[ns, UTC]":
        raw = pd.Series(pd.to_datetime(raw, utc=True))
    elif dtype == "datetime64[ns]":
        raw = pd.Series(pd.to_datetime(raw))
    elif dtype == "timedelta64[ns]":
        raw = pd.Series(pd.to_timedelta(raw))
    typed: pd.Series = raw.astype(dtype)
    return typed


def _row(reaction: Reaction, published: Mapping[str, dt.datetime | None]) -> tuple[Any, ...]:
    r = reaction
    first = r.citations[0] if r.citations else Citation(r.source, r.span)
    sources = list(r.sources)
    return (
        r.id, str(r.kind), r.platform, _text(r.handle), _text(r.display_name), r.date, r.text,
        list(r.hashtags), list(r.mentions), list(r.urls), list(r.media), list(r.emoji),
        sources, len(sources), _text(r.status_id), _text(r.url), _utc(r.created_at),
        _lag(published.get(first.source), r.created_at), _text(r.lang),
        first.source, first.span[0], first.span[1],
    )  # fmt: skip


def _text(value: str | None) -> str | None:
    return value or None


def _utc(moment: dt.datetime | None) -> dt.datetime | None:
    """An aware UTC datetime; a naive one is taken to be UTC already."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC)


def _published(article: Article) -> dt.datetime | None:
    """When the article was published: its exact time, else its date at midnight UTC, else None."""
    if article.published_at is not None:
        return _utc(article.published_at)
    if article.date is not None:
        return dt.datetime.combine(article.date, dt.time(), tzinfo=dt.UTC)
    return None


def _lag(published: dt.datetime | None, created_at: dt.datetime | None) -> dt.timedelta | None:
    created = _utc(created_at)
    if published is None or created is None:
        return None
    return published - created
