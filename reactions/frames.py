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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import pandas as pd

from reactions.models import Article, Citation, Corpus, Kind, Platform, Reaction
from reactions.sentiment import score_frame

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
        published = {a.source: _published(a) for a in data.articles}
    else:
        reactions = tuple(data)
        published = {}
    frame = frame_from_columns(_columns(reactions, published))
    if not sentiment:
        return frame
    return score_frame(frame, lexicon=lexicon, overrides=overrides)


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


def _columns(reactions: Sequence[Reaction], published: Mapping[str, dt.datetime | None]) -> dict[str, list[Any]]:
    """The base columns as Python values, one list per column, in :data:`BASE_COLUMNS` order."""
    firsts = [r.citations[0] if r.citations else Citation(r.source, r.span) for r in reactions]
    sources = [_sources(r) for r in reactions]
    unknown = Platform.UNKNOWN.value
    return {
        "id": [r.id for r in reactions],
        "kind": [str(r.kind) for r in reactions],
        "platform": [r.platform or unknown for r in reactions],
        "handle": [r.handle or None for r in reactions],
        "display_name": [r.display_name or None for r in reactions],
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
        "created_at": [_utc(r.created_at) for r in reactions],
        "lag": [_lag(published.get(f.source), r.created_at) for r, f in zip(reactions, firsts, strict=True)],
        "lang": [r.lang or None for r in reactions],
        "source": [f.source for f in firsts],
        "span_start": [f.span[0] for f in firsts],
        "span_end": [f.span[1] for f in firsts],
    }


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


# --- aggregations for the charts (helper "dashboard") -----------------------------------------
# Each takes a frame of the to_frame contract *with* the sentiment columns (compound, sentiment)
# and returns a small frame of aggregated rows; the charts never see raw reactions.

SENTIMENT_LABELS: Final[tuple[str, ...]] = ("negative", "neutral", "positive")
"""The sentiment labels in their order (the ordered category of ``sentiment``)."""


def reaction_days(frame: pd.DataFrame) -> pd.Series:
    """Each reaction's day (datetime64, midnight): the UTC day of ``created_at`` when known, else
    ``date``; ``NaT`` when the reaction has neither."""
    created = frame["created_at"]
    if isinstance(created.dtype, pd.DatetimeTZDtype):
        created = created.dt.tz_convert("UTC").dt.tz_localize(None)
    days = pd.Series(created, index=frame.index).dt.normalize().astype("datetime64[ns]")
    dates = pd.Series(frame["date"], index=frame.index).dt.normalize().astype("datetime64[ns]")
    filled: pd.Series = days.fillna(dates).rename("day")
    return filled


def author_labels(frame: pd.DataFrame) -> pd.Series:
    """Each reaction's author as shown: ``"@handle"``, else the display name (quotes), else ``"unknown"``."""
    labels = [
        f"@{h}" if isinstance(h, str) and h else (n if isinstance(n, str) and n else "unknown")
        for h, n in zip(frame["handle"].astype(object), frame["display_name"].astype(object), strict=True)
    ]
    return pd.Series(labels, index=frame.index, dtype=object, name="author")


def _labels(frame: pd.DataFrame) -> pd.Series:
    return pd.Series(frame["sentiment"].astype(object), index=frame.index).fillna("neutral").astype(str)


def _empty(columns: list[str], text: tuple[str, ...]) -> pd.DataFrame:
    """An empty aggregate: text columns of dtype object, the others float."""
    return pd.DataFrame({c: pd.Series(dtype=object if c in text else float) for c in columns})


def _mean(values: pd.Series) -> float:
    return float(values.mean()) if len(values) else float("nan")


def reactions_by_day(frame: pd.DataFrame) -> pd.DataFrame:
    """Dated reactions counted per day and sentiment label, with each day's total and mean compound.

    Columns: ``day`` (ISO ``str``), ``sentiment``, ``reactions``, ``share`` (of the day),
    ``mean_compound`` (of the segment), ``day_reactions``, ``day_mean_compound``.  A reaction's
    day is the UTC day of ``created_at`` when known, else its ``date``; undated reactions are
    left out (count them with :func:`headline`).  Days without reactions have no rows (the chart's
    time axis shows them as gaps).
    """
    days = reaction_days(frame)
    data = pd.DataFrame({"day": days, "sentiment": _labels(frame), "compound": frame["compound"]})
    data = data.dropna(subset=["day"])
    columns = ["day", "sentiment", "reactions", "share", "mean_compound"]
    columns += ["day_reactions", "day_mean_compound"]
    if data.empty:
        return _empty(columns, text=("day", "sentiment"))
    grouped = data.groupby(["day", "sentiment"], observed=True)["compound"]
    rows = grouped.agg(reactions="size", mean_compound="mean").reset_index()
    per_day = data.groupby("day")["compound"].agg(day_reactions="size", day_mean_compound="mean")
    rows = rows.join(per_day, on="day")
    rows["share"] = rows["reactions"] / rows["day_reactions"]
    rows["reactions"] = rows["reactions"].astype("int64")
    rows["day_reactions"] = rows["day_reactions"].astype("int64")
    order = rows["sentiment"].map(SENTIMENT_LABELS.index)
    rows = rows.assign(_o=order).sort_values(["day", "_o"]).drop(columns="_o")
    rows["day"] = rows["day"].dt.strftime("%Y-%m-%d").astype(object)
    return rows[columns].reset_index(drop=True)


def sentiment_mix(frame: pd.DataFrame) -> pd.DataFrame:
    """Reactions per sentiment label (all three, zeros included) with share and mean compound.

    Columns: ``sentiment``, ``reactions``, ``share``, ``mean_compound``.
    """
    labels = _labels(frame)
    rows = []
    for label in SENTIMENT_LABELS:
        chosen = frame["compound"][labels == label]
        rows.append((label, len(chosen), len(chosen) / len(frame) if len(frame) else 0.0, _mean(chosen)))
    return pd.DataFrame(rows, columns=["sentiment", "reactions", "share", "mean_compound"])


def _exploded(frame: pd.DataFrame, column: str) -> pd.DataFrame:
    """One row per (reaction, item of a list column), each item once per reaction, case-folded key."""
    pairs = [
        (index, item, item.casefold())
        for index, items in zip(frame.index, frame[column], strict=True)
        for item in dict.fromkeys(items)
    ]
    data = pd.DataFrame(pairs, columns=["row", "item", "key"])
    data = data.drop_duplicates(["row", "key"])
    data["compound"] = frame["compound"].reindex(data["row"]).to_numpy(dtype=float, na_value=np.nan)
    return data


def _spellings(data: pd.DataFrame) -> pd.Series:
    """The most common spelling of each key (ties: the first seen)."""
    counts = data.groupby(["key", "item"], sort=False).size().reset_index(name="n")
    counts = counts.sort_values("n", ascending=False, kind="stable").drop_duplicates("key")
    return counts.set_index("key")["item"]


def _ranked(data: pd.DataFrame, name: str, top: int, spell: bool = True) -> pd.DataFrame:
    columns = [name, "reactions", "mean_compound"]
    if data.empty or top <= 0:
        return _empty(columns, text=(name,))
    grouped = data.groupby("key", sort=False)["compound"]
    stats = pd.DataFrame({"reactions": grouped.size(), "mean_compound": grouped.mean()})
    stats[name] = _spellings(data).reindex(stats.index) if spell else stats.index
    stats = stats.sort_values(["reactions", name], ascending=[False, True], kind="stable").head(top)
    stats["reactions"] = stats["reactions"].astype("int64")
    return stats[columns].reset_index(drop=True)


def reactions_by_hashtag(frame: pd.DataFrame, top: int = 10) -> pd.DataFrame:
    """The ``top`` hashtags by number of reactions carrying them, with their mean compound.

    Hashtags are grouped case-insensitively (``#metoo`` is ``#MeToo``) and shown in their most
    common spelling.  Columns: ``hashtag``, ``reactions``, ``mean_compound``; most used first,
    ties alphabetical.
    """
    return _ranked(_exploded(frame, "hashtags"), "hashtag", top)


def hashtags_by_day(frame: pd.DataFrame, top: int = 10) -> pd.DataFrame:
    """Reactions per (hashtag, day) for the ``top`` hashtags (grouped as in
    :func:`reactions_by_hashtag`); dated reactions only.

    Columns: ``hashtag``, ``day`` (ISO ``str``), ``reactions``, ``mean_compound``.
    """
    columns = ["hashtag", "day", "reactions", "mean_compound"]
    ranked = reactions_by_hashtag(frame, top)
    data = _exploded(frame, "hashtags")
    data["day"] = reaction_days(frame).reindex(data["row"]).to_numpy()
    data = data.dropna(subset=["day"])
    keys = {str(h).casefold(): str(h) for h in ranked["hashtag"]}
    data = data[data["key"].isin(list(keys))]
    if data.empty:
        return _empty(columns, text=("hashtag", "day"))
    rows = data.groupby(["key", "day"])["compound"].agg(reactions="size", mean_compound="mean").reset_index()
    rows["hashtag"] = rows["key"].map(keys)
    rows["day"] = rows["day"].dt.strftime("%Y-%m-%d").astype(object)
    rows["reactions"] = rows["reactions"].astype("int64")
    return rows[columns].sort_values(["hashtag", "day"]).reset_index(drop=True)


def compound_distribution(frame: pd.DataFrame, bins: int = 20) -> pd.DataFrame:
    """Reactions per compound-score bin over [-1, 1] and sentiment label (empty bins left out).

    Columns: ``bin_start``, ``bin_end``, ``sentiment``, ``reactions``.
    """
    edges = np.linspace(-1.0, 1.0, bins + 1)
    compound = frame["compound"].astype(float).clip(-1.0, 1.0)
    index = np.clip(np.searchsorted(edges, compound.to_numpy(), side="right") - 1, 0, bins - 1)
    data = pd.DataFrame({"bin": index, "sentiment": _labels(frame).to_numpy()})[compound.notna().to_numpy()]
    rows = data.groupby(["bin", "sentiment"]).size().reset_index(name="reactions")
    rows["bin_start"] = edges[rows["bin"].to_numpy(dtype=int)].round(6)
    rows["bin_end"] = edges[rows["bin"].to_numpy(dtype=int) + 1].round(6)
    rows["reactions"] = rows["reactions"].astype("int64")
    return rows[["bin_start", "bin_end", "sentiment", "reactions"]].reset_index(drop=True)


def reactions_by_platform(frame: pd.DataFrame) -> pd.DataFrame:
    """Reactions per platform, most first, with mean compound.

    Columns: ``platform``, ``reactions``, ``mean_compound``.
    """
    platforms = frame["platform"].astype("object").fillna("unknown")
    grouped = pd.DataFrame({"platform": platforms, "compound": frame["compound"]}).groupby("platform")
    rows = pd.DataFrame({"reactions": grouped.size(), "mean_compound": grouped["compound"].mean()})
    rows = rows.reset_index().sort_values(["reactions", "platform"], ascending=[False, True], kind="stable")
    return rows.astype({"platform": "object", "reactions": "int64"}).reset_index(drop=True)


def top_authors(frame: pd.DataFrame, top: int = 10) -> pd.DataFrame:
    """The ``top`` authors by reactions (handles case-insensitive; quotes by display name).

    Columns: ``author``, ``reactions``, ``mean_compound``.
    """
    labels = author_labels(frame)
    data = pd.DataFrame({"item": labels, "key": labels.str.casefold(), "compound": frame["compound"]})
    return _ranked(data, "author", top)


def top_mentions(frame: pd.DataFrame, top: int = 10) -> pd.DataFrame:
    """The ``top`` mentioned handles (``"@x"``, case-insensitive) by reactions mentioning them.

    Columns: ``handle``, ``reactions``, ``mean_compound``.
    """
    data = _exploded(frame, "mentions")
    data["item"] = "@" + data["item"].astype(str)
    return _ranked(data, "handle", top)


def top_emoji(frame: pd.DataFrame, top: int = 10) -> pd.DataFrame:
    """The ``top`` emoji by reactions using them.  Columns: ``emoji``, ``reactions``, ``mean_compound``."""
    data = _exploded(frame, "emoji")
    data["key"] = data["item"]
    return _ranked(data, "emoji", top)


@dataclass(frozen=True, slots=True)
class Headline:
    """The figures at the top of the page.

    Fields:
        reactions: unique reactions.
        authors: distinct authors (:func:`author_labels`, case-insensitive).
        articles: distinct articles citing them.
        positive, neutral, negative: share of reactions with each label (0 when none).
        mean_compound: mean compound score (NaN when there are no reactions).
        first_day, last_day: the date range of dated reactions (``None`` when none is dated).
        undated: reactions with neither ``created_at`` nor ``date`` (left out of day charts).
    """

    reactions: int
    authors: int
    articles: int
    positive: float
    neutral: float
    negative: float
    mean_compound: float
    first_day: dt.date | None
    last_day: dt.date | None
    undated: int


def headline(frame: pd.DataFrame) -> Headline:
    """The headline figures of ``frame``."""
    mix = sentiment_mix(frame).set_index("sentiment")["share"]
    days = reaction_days(frame).dropna()
    return Headline(
        reactions=len(frame),
        authors=author_labels(frame).str.casefold().nunique(),
        articles=len({s for sources in frame["sources"] for s in sources}),
        positive=float(mix["positive"]),
        neutral=float(mix["neutral"]),
        negative=float(mix["negative"]),
        mean_compound=_mean(frame["compound"].astype(float)),
        first_day=days.min().date() if len(days) else None,
        last_day=days.max().date() if len(days) else None,
        undated=int(len(frame) - len(days)),
    )
