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

import datetime as dt
import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from reactions.languages import LANG_SOURCES, language_columns
from reactions.models import Article, ArticleInfo, Citation, Corpus, Kind, Platform, Reaction, Rendering
from reactions.outlets import outlet_of
from reactions.sentiment import score_frame

STRING: Final = pd.StringDtype()
"""Text columns: pandas' nullable string dtype, missing values are ``<NA>`` (never NaN, never a float)."""

KINDS: Final[tuple[str, ...]] = tuple(k.value for k in Kind)
PLATFORMS: Final[tuple[str, ...]] = tuple(p.value for p in Platform)
RENDERINGS: Final[tuple[str, ...]] = tuple(r.value for r in Rendering)
DATE_SOURCES: Final[tuple[str, ...]] = ("post", "article")
"""Where a reaction's ``date`` comes from (the ``date_source`` column): the post's own date, else its first
citing article's publication date (UTC); missing when neither is known."""

LIST_COLUMNS: Final[tuple[str, ...]] = (
    "hashtags", "mentions", "urls", "media", "emoji", "sources", "outlets", "outlet_published",
)  # fmt: skip
"""Columns holding a Python ``list[str]`` in each cell (dtype object); never missing, ``[]`` when empty."""

BASE_DTYPES: Final[Mapping[str, Any]] = {
    "id": STRING,
    "kind": pd.CategoricalDtype(list(KINDS)),
    "platform": pd.CategoricalDtype(list(PLATFORMS)),
    "handle": STRING,
    "display_name": STRING,
    "author": STRING,
    "date": "datetime64[ns]",
    "date_source": pd.CategoricalDtype(list(DATE_SOURCES)),
    "text": STRING,
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
    "lang_source": pd.CategoricalDtype(list(LANG_SOURCES)),
    "rendering": pd.CategoricalDtype(list(RENDERINGS)),
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

BASE_COLUMNS: Final[tuple[str, ...]] = tuple(BASE_DTYPES)
"""The base column names of :func:`to_frame`, in order."""

NULLABLE_TEXT: Final[tuple[str, ...]] = (
    "handle", "display_name", "author", "status_id", "url", "lang", "outlet", "article_title", "article_url",
)  # fmt: skip
"""Optional text columns: ``None`` *and* ``""`` in a record both become ``<NA>`` (so that a CSV's
empty cell reads back as exactly the same frame)."""


def platform_dtype(values: Iterable[object] = ()) -> pd.CategoricalDtype:
    """The ``platform`` dtype: the known platforms, then any others in ``values``, sorted.

    >>> list(platform_dtype(["twitter", "myspace"]).categories)[-2:]
    ['unknown', 'myspace']
    """
    extra = sorted({str(v) for v in values if isinstance(v, str) and v and v not in PLATFORMS})
    return pd.CategoricalDtype([*PLATFORMS, *extra])


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
    """The base frame (:data:`BASE_COLUMNS`) of rows given as :func:`reaction_columns` gives them, one row per
    reaction, with the columns of their citing articles (:data:`ARTICLE_COLUMNS`) worked out from ``articles``
    (by id), and each row's language from its text and its embed's tag (``lang``, ``lang_source``:
    :func:`reactions.languages.language_columns`; ``detected``: the detector's answers already told, by text): the
    one frame builder, of :func:`to_frame` and of the run path
    (:func:`reactions.run.pipeline.extract_frame`) alike."""
    derived = article_columns(columns["sources"], columns["created_at"], articles, columns["date"])
    derived["lang"], derived["lang_source"] = language_columns(columns["text"], columns["lang"], detected)
    every = {name: derived[name] if name in derived else columns[name] for name in BASE_COLUMNS}
    frame = frame_from_columns({name: values for name, values in every.items() if name not in LIST_COLUMNS})
    size = len(frame)
    for name in LIST_COLUMNS:  # object cells straight from the lists (each cell already a list)
        frame[name] = pd.Series(np.fromiter(every[name], dtype=object, count=size), dtype=object)
    return frame[list(BASE_COLUMNS)]


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


def reaction_columns(reactions: Sequence[Reaction]) -> dict[str, list[Any]]:
    """The base columns of ``reactions`` as Python values, one list per column, in :data:`BASE_COLUMNS` order,
    but for :data:`ARTICLE_COLUMNS`: those are worked out once the rows are merged (:func:`build_frame`)."""
    firsts = [r.citations[0] if r.citations else Citation(r.source, r.span) for r in reactions]
    sources = [_sources(r) for r in reactions]
    created = [_utc(r.created_at) for r in reactions]
    unknown = Platform.UNKNOWN.value
    columns: dict[str, list[Any]] = {
        "id": [r.id for r in reactions],
        "kind": [str(r.kind) for r in reactions],
        "platform": [r.platform or unknown for r in reactions],
        "handle": [r.handle or None for r in reactions],
        "display_name": [r.display_name or None for r in reactions],
        "author": [r.author or None for r in reactions],
        "date": [r.date for r in reactions],
        "text": [r.text for r in reactions],
        "hashtags": [list(r.hashtags) for r in reactions],
        "mentions": [list(r.mentions) for r in reactions],
        "urls": [list(r.urls) for r in reactions],
        "media": [list(r.media) for r in reactions],
        "emoji": [list(r.emoji) for r in reactions],
        "sources": sources,
        "article_count": [len(s) for s in sources],
        "status_id": [r.status_id or None for r in reactions],
        "url": [r.url or None for r in reactions],
        "created_at": created,
        "lang": [r.lang or None for r in reactions],  # the embed's tag: the language is told once merged
        "lang_source": [None] * len(reactions),
        "rendering": [r.rendering.value if r.rendering else None for r in reactions],
        "confidence": [r.confidence for r in reactions],
        "source": [f.source for f in firsts],
        "span_start": [f.span[0] for f in firsts],
        "span_end": [f.span[1] for f in firsts],
    }
    return {name: columns[name] for name in BASE_COLUMNS if name in columns}


ARTICLE_COLUMNS: Final = (
    "date_source", "outlet", "outlets", "outlet_count", "outlet_published", "lag", "article_title", "article_url",
    "article_published",
)  # fmt: skip
"""The columns worked out from the citing articles (:class:`~reactions.models.ArticleInfo`): the first one's
outlet, title, URL and publication time, ``lag`` from it, and every citing outlet with the earliest
publication time of its citing articles; ``date_source`` (and ``date``: the post's, else the article's)."""


def article_columns(
    sources: Sequence[list[str]],
    created: Sequence[dt.datetime | None],
    articles: Mapping[str, ArticleInfo],
    dates: Sequence[dt.date | None] | None = None,
) -> dict[str, list[Any]]:
    """:data:`ARTICLE_COLUMNS` of rows cited by ``sources`` (article ids, first citer first), posted at
    ``created`` (aware UTC or ``None``) and dated ``dates`` by their posts (``None``: none is): ``date`` is the
    post's date, else the first citing article's publication date (its UTC day), and ``date_source`` says which."""
    first = [articles.get(cited[0], _UNKNOWN) if cited else _UNKNOWN for cited in sources]
    pairs = [_outlets(cited, articles) for cited in sources]
    outlets, published = [o for o, _ in pairs], [p for _, p in pairs]
    own = dates if dates is not None else [None] * len(sources)
    return {
        "date": [d if d else _day(a.published) for d, a in zip(own, first, strict=True)],
        "date_source": [
            "post" if d else "article" if a.published is not None else None for d, a in zip(own, first, strict=True)
        ],
        "outlet": [a.outlet for a in first],
        "outlets": outlets,
        "outlet_count": [len(o) for o in outlets],
        "outlet_published": published,
        "lag": [_lag(a.published, moment) for a, moment in zip(first, created, strict=True)],
        "article_title": [a.title for a in first],
        "article_url": [a.url for a in first],
        "article_published": [a.published for a in first],
    }


_UNKNOWN: Final = ArticleInfo()


def article_info(article: Article) -> ArticleInfo:
    """What the frame tells of ``article``: its URL, outlet, title and publication time (:func:`published_at`)."""
    return ArticleInfo(article.url, outlet_of(article.url), article.title, published_at(article))


def _outlets(sources: list[str], articles: Mapping[str, ArticleInfo]) -> tuple[list[str], list[str]]:
    """The outlets of the citing ``sources``, without repeats, in citing order, and when each published first:
    the earliest publication time of its citing articles (ISO 8601 UTC; ``""`` when none of them has one)."""
    if len(sources) == 1:
        info = articles.get(sources[0], _UNKNOWN)
        return ([info.outlet], [_iso(info.published)]) if info.outlet else ([], [])
    earliest: dict[str, dt.datetime | None] = {}
    for source in sources:
        info = articles.get(source, _UNKNOWN)
        if not info.outlet:
            continue
        known, moment = earliest.get(info.outlet), info.published
        earliest[info.outlet] = moment if known is None or (moment is not None and moment < known) else known
    return list(earliest), [_iso(moment) for moment in earliest.values()]


def _day(moment: dt.datetime | None) -> dt.date | None:
    return None if moment is None else moment.date()


@functools.lru_cache(maxsize=65536)
def _iso(moment: dt.datetime | None) -> str:
    """``moment`` in ISO 8601, ``""`` for ``None`` (kept: many rows share their articles' few times)."""
    return "" if moment is None else moment.isoformat()


def _sources(reaction: Reaction) -> list[str]:
    """:attr:`Reaction.sources` as a list (without its cost for the usual single citation)."""
    if len(reaction.citations) > 1:
        return list(reaction.sources)
    return [reaction.citations[0].source if reaction.citations else reaction.source]


def _utc(moment: dt.datetime | None) -> dt.datetime | None:
    """An aware UTC datetime; a naive one is taken to be UTC already."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC)


def published_at(article: Article) -> dt.datetime | None:
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


# --- the frame as files hold it ----------------------------------------------------------------------

LAG_HOURS: Final = "lag_hours"
"""The exported name of the frame's ``lag``: a number of hours (see :mod:`reactions.export`)."""
MICROSECONDS_PER_HOUR: Final = 3_600_000_000
MAX_LAG_HOURS: Final = 2_500_000.0
"""The largest lag (in hours, about 285 years) a reader takes: beyond it a timedelta64[ns] overflows."""


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
    """A timedelta column as float hours, from whole microseconds (one rounding: exact back to the microsecond
    within ±71 years, :func:`lag_from_hours`); NaT as NaN."""
    micros = lag.to_numpy(dtype="timedelta64[us]")
    hours = micros.astype("int64") / MICROSECONDS_PER_HOUR
    hours[np.isnat(micros)] = np.nan
    return pd.Series(hours, index=lag.index, dtype="float64", name=LAG_HOURS)


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
