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
import itertools
import threading
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from reactions.models import SENTIMENT_LABELS, Article, Citation, Corpus, Kind, Platform, Reaction, Rendering
from reactions.sentiment import score_frame

STRING: Final = pd.StringDtype()
"""Text columns: pandas' nullable string dtype, missing values are ``<NA>`` (never NaN, never a float)."""

KINDS: Final[tuple[str, ...]] = tuple(k.value for k in Kind)
PLATFORMS: Final[tuple[str, ...]] = tuple(p.value for p in Platform)
RENDERINGS: Final[tuple[str, ...]] = tuple(r.value for r in Rendering)

LIST_COLUMNS: Final[tuple[str, ...]] = ("hashtags", "mentions", "urls", "media", "emoji", "sources")
"""Columns holding a Python ``list[str]`` in each cell (dtype object); never missing, ``[]`` when empty."""

BASE_DTYPES: Final[Mapping[str, Any]] = {
    "id": STRING,
    "kind": pd.CategoricalDtype(list(KINDS)),
    "platform": pd.CategoricalDtype(list(PLATFORMS)),
    "handle": STRING,
    "display_name": STRING,
    "author": STRING,
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
    "rendering": pd.CategoricalDtype(list(RENDERINGS)),
    "confidence": "float64",
    "source": STRING,
    "span_start": "int64",
    "span_end": "int64",
}
"""Every base column of :func:`to_frame` and its dtype, in column order (the team contract).

``platform``'s categories are the :class:`~reactions.models.Platform` values, followed by any other
platform found, sorted (see :func:`platform_dtype`)."""

BASE_COLUMNS: Final[tuple[str, ...]] = tuple(BASE_DTYPES)
"""The base column names of :func:`to_frame`, in order."""

NULLABLE_TEXT: Final[tuple[str, ...]] = ("handle", "display_name", "author", "status_id", "url", "lang")
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
        published = {a.source: published_at(a) for a in data.articles}
    else:
        reactions = tuple(data)
        published = {}
    frame = frame_from_columns(reaction_columns(reactions, published))
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


def reaction_columns(
    reactions: Sequence[Reaction], published: Mapping[str, dt.datetime | None]
) -> dict[str, list[Any]]:
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
        "created_at": [_utc(r.created_at) for r in reactions],
        "lag": [_lag(published.get(f.source), r.created_at) for r, f in zip(reactions, firsts, strict=True)],
        "lang": [r.lang or None for r in reactions],
        "rendering": [r.rendering.value if r.rendering else None for r in reactions],
        "confidence": [r.confidence for r in reactions],
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


# --- aggregations for the charts (helper "dashboard") -----------------------------------------
# Each takes a frame of the to_frame contract *with* the sentiment columns (compound, sentiment),
# or the FrameIndex of one, and an optional row mask, and returns a small frame of aggregated rows;
# the charts never see raw reactions.  A FrameIndex holds the frame's columns as integer codes,
# built once, so that each aggregation is a few numpy passes over a row mask (the page caches the
# index of its frame: a filter change only masks and counts).  A sentiment label other than the
# three (reactions.sentiment never makes one) is in no label's count.


Mask = npt.NDArray[np.bool_]
"""A row mask: one bool per row of the frame, True for the rows kept."""
Codes = npt.NDArray[np.intp]
"""Integer codes (-1 for a missing value where said)."""
_LABELS: Final = np.array(SENTIMENT_LABELS, dtype=object)
_MEMO_SIZE: Final = 16


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
    """Each reaction's author, as the page counts them: ``"@handle"`` for a post with an account, else the
    person its ``author`` column resolved (a quote's ``she`` -> ``Kaya Jones``), else ``None``: a quote whose
    author could not be told (``one fan``) is no author to count.  (A frame without an ``author`` column,
    read from an older export, falls back to the display name.)"""
    handle = coded(frame["handle"])
    name = coded(frame["author"] if "author" in frame.columns else frame["display_name"])
    has_handle = handle.flags([isinstance(h, str) and bool(h) for h in handle.values])
    by_handle = handle.take([f"@{h}" if isinstance(h, str) else None for h in handle.values], None)
    by_name = name.take([n if isinstance(n, str) and n else None for n in name.values], None)
    labels = np.where(has_handle, by_handle, by_name)
    return pd.Series(labels, index=frame.index, dtype=object, name="author")


@dataclass(frozen=True, slots=True, eq=False)
class Coded:
    """One column as integer codes.

    Fields:
        codes: each row's code, an index into ``values``; -1 for a missing value.
        values: the distinct values (an object array; datetime64 for days).
    """

    codes: Codes
    values: np.ndarray[Any, Any]

    def flags(self, per_value: Sequence[bool] | npt.NDArray[np.bool_]) -> Mask:
        """The rows whose value has its flag set (a missing value never has)."""
        table = np.zeros(len(self.values) + 1, dtype=bool)
        table[: len(self.values)] = np.asarray(per_value, dtype=bool)
        result: Mask = table[self.codes]
        return result

    def take(self, per_value: Sequence[Any] | np.ndarray[Any, Any], missing: Any) -> np.ndarray[Any, Any]:
        """Each row's entry of ``per_value`` (one per value), ``missing`` for a missing value."""
        table = np.append(np.asarray(per_value, dtype=object), np.array([missing], dtype=object))
        result: np.ndarray[Any, Any] = table[self.codes]
        return result


def coded(values: pd.Series) -> Coded:
    """``values`` as :class:`Coded` (a categorical's own codes and categories, else factorized)."""
    if isinstance(values.dtype, pd.CategoricalDtype):
        codes = np.asarray(values.cat.codes, dtype=np.intp)
        return Coded(codes, np.asarray(values.cat.categories, dtype=object))
    found, uniques = pd.factorize(values)
    return Coded(np.asarray(found, dtype=np.intp), np.asarray(uniques, dtype=object))


@dataclass(frozen=True, slots=True, eq=False)
class Entries:
    """The items of a list column (or one label a row) as integer codes: one entry per reaction
    and distinct item, in row order, then the cell's order; an item whose case-folded form is
    already in the cell is left out (as :func:`dict.fromkeys` of the folded items would).

    Fields:
        rows: each entry's row position.
        items: each entry's item code, an index into ``names``.
        names: the distinct items as shown (with the prefix, if any).
        folded: each item case-folded (without the prefix): what filters compare.
        groups: each item's group (0 to ``n_groups`` - 1): the case-folded item, or the item itself.
        rank: each item's place among the sorted ``names`` (ties of a ranking go alphabetically).
        n_groups: how many groups there are.
    """

    rows: Codes
    items: Codes
    names: np.ndarray[Any, Any]
    folded: np.ndarray[Any, Any]
    groups: Codes
    rank: Codes
    n_groups: int

    def take(self, mask: Mask | None) -> tuple[Codes, Codes]:
        """The rows and items of the entries of the rows in ``mask`` (``None``: every row)."""
        if mask is None:
            return self.rows, self.items
        keep = mask[self.rows]
        return self.rows[keep], self.items[keep]

    def rows_with(self, wanted: Sequence[bool] | Mask, size: int) -> Mask:
        """The rows (of ``size``) holding an item whose flag in ``wanted`` (one per item) is set."""
        hit = np.asarray(wanted, dtype=bool)[self.items] if len(self.names) else np.zeros(0, dtype=bool)
        found = np.zeros(size, dtype=bool)
        found[self.rows[hit]] = True
        return found


def entries(
    rows: Codes, values: np.ndarray[Any, Any], *, fold_groups: bool = True, fold_repeats: bool = True, prefix: str = ""
) -> Entries:
    """:class:`Entries` of the items ``values`` held by ``rows`` (non-decreasing row positions).

    ``fold_groups``: group items case-insensitively (else each item is its own group);
    ``fold_repeats``: an item repeated in a cell up to case counts once (else only exact repeats do).
    """
    found, uniques = pd.factorize(values)
    codes = np.asarray(found, dtype=np.intp)
    if (codes < 0).any():
        rows, codes = rows[codes >= 0], codes[codes >= 0]
    names = np.asarray(uniques, dtype=object)
    folded = np.array([str(n).casefold() for n in names], dtype=object)
    folds = np.asarray(pd.factorize(folded)[0], dtype=np.intp)
    repeats = folds if fold_repeats else np.arange(len(names), dtype=np.intp)
    if len(rows) > 1 and bool((rows[1:] == rows[:-1]).any()):  # some cell has several items: drop repeats
        keep = ~pd.Series(rows.astype(np.int64) * len(names) + repeats[codes]).duplicated().to_numpy()
        rows, codes = rows[keep], codes[keep]
    if prefix:
        names = np.array([prefix + n for n in names], dtype=object)
    groups = folds if fold_groups else np.arange(len(names), dtype=np.intp)
    rank = np.empty(len(names), dtype=np.intp)
    rank[np.argsort(names, kind="stable")] = np.arange(len(names))
    n_groups = int(groups.max()) + 1 if len(groups) else 0
    return Entries(rows, codes, names, folded, groups, rank, n_groups)


def exploded(cells: pd.Series, **options: Any) -> Entries:
    """:func:`entries` of a list column (a list of strings in each cell)."""
    lengths = np.fromiter(map(len, cells), dtype=np.intp, count=len(cells))
    flat = np.fromiter(itertools.chain.from_iterable(cells), dtype=object, count=int(lengths.sum()))
    return entries(np.repeat(np.arange(len(cells), dtype=np.intp), lengths), flat, **options)


class FrameIndex:
    """The columns of one frame as integer codes, each built once, on first use (:meth:`warm`
    builds them all): what the aggregations and :mod:`reactions.views`' filters work on.

    It shares the frame and never changes it; build a new index for a changed frame.
    """

    def __init__(self, frame: pd.DataFrame) -> None:
        self.frame = frame
        self.size = len(frame)
        self._columns: dict[str, Coded] = {}
        self._distinct: dict[str, pd.Series] = {}
        self._memo: dict[Hashable, Any] = {}
        self._lock = threading.Lock()

    @cached_property
    def compound(self) -> npt.NDArray[np.float64]:
        """Each row's compound score (NaN when missing)."""
        values: npt.NDArray[np.float64] = pd.Series(self.frame["compound"]).to_numpy(dtype=float, na_value=np.nan)
        return values

    @cached_property
    def labels(self) -> Codes:
        """Each row's sentiment label as its place in :data:`SENTIMENT_LABELS` (a missing label is
        neutral); -1 for any other label."""
        column = self.column("sentiment")
        places = [SENTIMENT_LABELS.index(str(v)) if str(v) in SENTIMENT_LABELS else -1 for v in column.values]
        return np.asarray(column.take(places, SENTIMENT_LABELS.index("neutral")), dtype=np.intp)

    @cached_property
    def days(self) -> Coded:
        """Each row's day (:func:`reaction_days`): values are the distinct days, sorted (datetime64)."""
        found, uniques = pd.factorize(reaction_days(self.frame), sort=True)
        return Coded(np.asarray(found, dtype=np.intp), np.asarray(uniques, dtype="datetime64[ns]"))

    @cached_property
    def day_names(self) -> np.ndarray[Any, Any]:
        """The ISO day (``"2020-02-01"``) of each value of :attr:`days`."""
        return np.asarray(pd.DatetimeIndex(self.days.values).strftime("%Y-%m-%d"), dtype=object)

    @cached_property
    def hashtags(self) -> Entries:
        """The hashtags, grouped case-insensitively."""
        return exploded(self.frame["hashtags"])

    @cached_property
    def mentions(self) -> Entries:
        """The mentioned handles as ``"@handle"``, grouped case-insensitively."""
        return exploded(self.frame["mentions"], prefix="@")

    @cached_property
    def emoji(self) -> Entries:
        """The emoji, each its own group."""
        return exploded(self.frame["emoji"], fold_groups=False)

    @cached_property
    def sources(self) -> Entries:
        """The articles citing each reaction, compared exactly."""
        return exploded(self.frame["sources"], fold_groups=False, fold_repeats=False)

    @cached_property
    def authors(self) -> Entries:
        """Each row's :func:`author_labels`, grouped case-insensitively."""
        return entries(np.arange(self.size, dtype=np.intp), author_labels(self.frame).to_numpy(dtype=object))

    @cached_property
    def platforms(self) -> Coded:
        """Each row's platform, a missing one as ``"unknown"``; values sorted, no -1."""
        column = self.column("platform")
        found, uniques = pd.factorize(np.array([*column.values, "unknown"], dtype=object), sort=True)
        return Coded(np.asarray(found, dtype=np.intp)[column.codes], np.asarray(uniques, dtype=object))

    def column(self, name: str) -> Coded:
        """Any column of the frame as :func:`coded` (kept for the next call)."""
        if name not in self._columns:
            self._columns[name] = coded(self.frame[name])
        return self._columns[name]

    def distinct(self, name: str) -> pd.Series:
        """The distinct values of a column (:meth:`column`'s values) as a Series of the column's
        dtype, e.g. for its vectorised string methods (kept for the next call)."""
        if name not in self._distinct:
            self._distinct[name] = pd.Series(self.column(name).values, dtype=self.frame[name].dtype)
        return self._distinct[name]

    def bins(self, count: int) -> Codes:
        """Each row's bin among ``count`` equal bins of [-1, 1] by compound (clipped); -1 for NaN."""
        edges = np.linspace(-1.0, 1.0, count + 1)

        def build() -> Codes:
            compound = np.clip(self.compound, -1.0, 1.0)
            found = np.clip(np.searchsorted(edges, compound, side="right") - 1, 0, count - 1)
            return np.where(np.isnan(compound), -1, found).astype(np.intp)

        result: Codes = self.remember(("bins", count), build)
        return result

    def remember(self, key: Hashable, build: Callable[[], Any]) -> Any:
        """``build()``, kept under ``key`` (the last few kept) for the next call with that key."""
        with self._lock:
            if key in self._memo:
                return self._memo[key]
        value = build()
        with self._lock:
            self._memo[key] = value
            while len(self._memo) > _MEMO_SIZE:
                self._memo.pop(next(iter(self._memo)))
        return value

    def forget(self, key: Hashable) -> None:
        """Drop what :meth:`remember` keeps under ``key`` (to time a first search again)."""
        with self._lock:
            self._memo.pop(key, None)

    def warm(self) -> FrameIndex:
        """Build every part now (the page does, once per frame); returns the index."""
        parts = ("compound", "labels", "days", "day_names", "hashtags", "mentions", "emoji", "sources", "authors")
        for name in (*parts, "platforms"):
            getattr(self, name)
        self.column("kind")
        for name in ("text", "handle", "display_name"):
            self.distinct(name)
        self.bins(20)
        return self


Data = pd.DataFrame | FrameIndex
"""What an aggregation takes: a frame, or the :class:`FrameIndex` of one."""


def index_of(data: Data) -> FrameIndex:
    """``data``'s index (a frame gets a new one, built as far as it is used)."""
    return data if isinstance(data, FrameIndex) else FrameIndex(data)


def _prepare(data: Data, mask: Mask | Sequence[bool] | None) -> tuple[FrameIndex, Mask | None]:
    """The index and the row mask, ``None`` when it keeps every row."""
    index = index_of(data)
    if mask is None:
        return index, None
    rows = np.asarray(mask, dtype=bool)
    if len(rows) != index.size:
        raise ValueError(f"the mask has {len(rows)} rows, the frame {index.size}")
    return index, None if rows.all() else rows


def _empty(columns: list[str], text: tuple[str, ...]) -> pd.DataFrame:
    """An empty aggregate: text columns of dtype object, the others float."""
    return pd.DataFrame({c: pd.Series(dtype=object if c in text else float) for c in columns})


def _text(values: np.ndarray[Any, Any], dtype: str | type = object) -> pd.Series:
    """A text column of an aggregate, of the dtype the row-by-row aggregations gave it (``"str"``
    is pandas' string dtype where strings are inferred, else object)."""
    return pd.Series(values, dtype=dtype)


def _mean(values: pd.Series) -> float:
    return float(values.mean()) if len(values) else float("nan")


@dataclass(frozen=True, slots=True)
class _Stats:
    """Per distinct code, sorted: how many entries, and the mean of their non-NaN values (NaN when none)."""

    codes: Codes
    sizes: npt.NDArray[np.int64]
    means: npt.NDArray[np.float64]


def _stats(codes: Codes, values: npt.NDArray[np.float64], width: int) -> _Stats:
    """:class:`_Stats` of ``values`` grouped by ``codes`` (each in ``range(width)``), with bincount.

    The sums are plain sums in entry order: a mean can differ from pandas' groupby mean in the last
    bits (which pandas itself sums either way, compensated or not, by whether the groups are sorted).
    """
    if width > 2 * len(codes) + 4096:  # sparse codes: count over the distinct ones only
        distinct, codes = np.unique(codes, return_inverse=True)
        width = len(distinct)
    else:
        distinct = np.arange(width, dtype=np.intp)
    sizes = np.bincount(codes, minlength=width)
    valid = ~np.isnan(values)
    if not valid.all():
        codes, values = codes[valid], values[valid]
    scored = np.bincount(codes, minlength=width)
    with np.errstate(invalid="ignore", divide="ignore"):
        means = np.bincount(codes, weights=values, minlength=width) / scored
    found = sizes > 0
    return _Stats(distinct[found], sizes[found].astype(np.int64), means[found])


def _pick(codes: Codes, take: Mask | None) -> Codes:
    return codes if take is None else codes[take]


def reactions_by_day(data: Data, *, mask: Mask | None = None) -> pd.DataFrame:
    """Dated reactions counted per day and sentiment label, with each day's total and mean compound.

    Columns: ``day`` (ISO ``str``), ``sentiment``, ``reactions``, ``share`` (of the day),
    ``mean_compound`` (of the segment), ``day_reactions``, ``day_mean_compound``.  A reaction's
    day is the UTC day of ``created_at`` when known, else its ``date``; undated reactions are
    left out (count them with :func:`headline`).  Days without reactions have no rows (the chart's
    time axis shows them as gaps).  ``mask`` keeps only some rows of the frame (here and in every
    aggregation below).
    """
    index, rows = _prepare(data, mask)
    columns = ["day", "sentiment", "reactions", "share", "mean_compound", "day_reactions", "day_mean_compound"]
    keep = (index.days.codes >= 0) & (index.labels >= 0)
    if rows is not None:
        keep &= rows
    if not keep.any():
        return _empty(columns, text=("day", "sentiment"))
    days, values, width = index.days.codes[keep], index.compound[keep], len(SENTIMENT_LABELS)
    segments = _stats(days * width + index.labels[keep], values, len(index.days.values) * width)
    per_day = _stats(days, values, len(index.days.values))
    day, label = np.divmod(segments.codes, width)
    at = np.searchsorted(per_day.codes, day)
    return pd.DataFrame({
        "day": _text(index.day_names[day]), "sentiment": _text(_LABELS[label], "str"), "reactions": segments.sizes,
        "share": segments.sizes / per_day.sizes[at], "mean_compound": segments.means,
        "day_reactions": per_day.sizes[at], "day_mean_compound": per_day.means[at],
    })  # fmt: skip


def sentiment_mix(data: Data, *, mask: Mask | None = None) -> pd.DataFrame:
    """Reactions per sentiment label (all three, zeros included) with share and mean compound.

    Columns: ``sentiment``, ``reactions``, ``share``, ``mean_compound``.
    """
    index, rows = _prepare(data, mask)
    labels, compound = _pick(index.labels, rows), index.compound if rows is None else index.compound[rows]
    total = len(labels)
    out = []
    for place, label in enumerate(SENTIMENT_LABELS):
        chosen = compound[labels == place]
        out.append((label, len(chosen), len(chosen) / total if total else 0.0, _mean(pd.Series(chosen))))
    return pd.DataFrame(out, columns=["sentiment", "reactions", "share", "mean_compound"])


@dataclass(frozen=True, slots=True)
class _Ranking:
    """The top groups of some :class:`Entries` (best first), and the entries they were counted from."""

    groups: Codes
    spellings: Codes
    counts: npt.NDArray[np.int64]
    rows: Codes
    items: Codes

    def slots(self, entries: Entries) -> Codes:
        """Each counted entry's place in the ranking; -1 for an entry of a group not ranked."""
        place = np.full(entries.n_groups, -1, dtype=np.intp)
        place[self.groups] = np.arange(len(self.groups))
        result: Codes = place[entries.groups[self.items]]
        return result


def _rank(entries: Entries, rows: Mask | None, top: int) -> _Ranking | None:
    """The ``top`` groups of the entries of ``rows`` by reactions, then alphabetically by spelling
    (each group's most common item, ties: the first seen); ``None`` when there is none."""
    taken_rows, items = entries.take(rows)
    if not len(items) or top <= 0:
        return None
    counts = np.bincount(items, minlength=len(entries.names))
    first = np.full(len(entries.names), len(items), dtype=np.intp)
    np.minimum.at(first, items, np.arange(len(items), dtype=np.intp))
    present = np.flatnonzero(counts)
    groups = entries.groups[present]
    order = np.lexsort((first[present], -counts[present], groups))
    ordered = groups[order]
    leads = np.ones(len(order), dtype=bool)
    leads[1:] = ordered[1:] != ordered[:-1]
    spelling, group = present[order[leads]], ordered[leads]
    totals = np.bincount(groups, weights=counts[present], minlength=entries.n_groups)[group].astype(np.int64)
    best = np.lexsort((entries.rank[spelling], -totals))[:top]
    return _Ranking(group[best], spelling[best], totals[best], taken_rows, items)


def _ranked(index: FrameIndex, entries: Entries, rows: Mask | None, name: str, top: int) -> pd.DataFrame:
    columns = [name, "reactions", "mean_compound"]
    ranking = _rank(entries, rows, top)
    if ranking is None:
        return _empty(columns, text=(name,))
    slots = ranking.slots(entries)
    kept = slots >= 0
    stats = _stats(slots[kept], index.compound[ranking.rows[kept]], len(ranking.groups))
    return pd.DataFrame({
        name: _text(entries.names[ranking.spellings], "str"), "reactions": ranking.counts, "mean_compound": stats.means,
    })  # fmt: skip


def reactions_by_hashtag(data: Data, top: int = 10, *, mask: Mask | None = None) -> pd.DataFrame:
    """The ``top`` hashtags by number of reactions carrying them, with their mean compound.

    Hashtags are grouped case-insensitively (``#metoo`` is ``#MeToo``) and shown in their most
    common spelling.  Columns: ``hashtag``, ``reactions``, ``mean_compound``; most used first,
    ties alphabetical.
    """
    index, rows = _prepare(data, mask)
    return _ranked(index, index.hashtags, rows, "hashtag", top)


def hashtags_by_day(data: Data, top: int = 10, *, mask: Mask | None = None) -> pd.DataFrame:
    """Reactions per (hashtag, day) for the ``top`` hashtags (grouped as in
    :func:`reactions_by_hashtag`); dated reactions only.

    Columns: ``hashtag``, ``day`` (ISO ``str``), ``reactions``, ``mean_compound``.
    """
    columns = ["hashtag", "day", "reactions", "mean_compound"]
    index, rows = _prepare(data, mask)
    tags = index.hashtags
    ranking = _rank(tags, rows, top)
    if ranking is None:
        return _empty(columns, text=("hashtag", "day"))
    slots, days = ranking.slots(tags), index.days.codes[ranking.rows]
    kept = (slots >= 0) & (days >= 0)
    if not kept.any():
        return _empty(columns, text=("hashtag", "day"))
    width = len(index.days.values)
    stats = _stats(slots[kept] * width + days[kept], index.compound[ranking.rows[kept]], len(ranking.groups) * width)
    slot, day = np.divmod(stats.codes, width)
    spelling = ranking.spellings[slot]
    order = np.lexsort((day, tags.rank[spelling]))
    return pd.DataFrame({
        "hashtag": _text(tags.names[spelling][order], "str"), "day": _text(index.day_names[day][order]),
        "reactions": stats.sizes[order], "mean_compound": stats.means[order],
    })  # fmt: skip


def compound_distribution(data: Data, bins: int = 20, *, mask: Mask | None = None) -> pd.DataFrame:
    """Reactions per compound-score bin over [-1, 1] and sentiment label (empty bins left out).

    Columns: ``bin_start``, ``bin_end``, ``sentiment``, ``reactions``.
    """
    index, rows = _prepare(data, mask)
    edges = np.linspace(-1.0, 1.0, bins + 1)
    places, labels = index.bins(bins), index.labels
    keep = (places >= 0) & (labels >= 0)
    if rows is not None:
        keep &= rows
    width = len(SENTIMENT_LABELS)
    counts = np.bincount(places[keep] * width + labels[keep], minlength=bins * width)
    found = np.flatnonzero(counts)
    place, label = np.divmod(found, width)
    return pd.DataFrame({
        "bin_start": edges[place].round(6), "bin_end": edges[place + 1].round(6),
        "sentiment": _text(_LABELS[label], "str" if keep.size and (rows is None or rows.any()) else object),
        "reactions": counts[found].astype(np.int64),
    })  # fmt: skip


def reactions_by_platform(data: Data, *, mask: Mask | None = None) -> pd.DataFrame:
    """Reactions per platform, most first, with mean compound.

    Columns: ``platform``, ``reactions``, ``mean_compound``.
    """
    index, rows = _prepare(data, mask)
    platforms = index.platforms
    compound = index.compound if rows is None else index.compound[rows]
    stats = _stats(_pick(platforms.codes, rows), compound, len(platforms.values))
    order = np.lexsort((stats.codes, -stats.sizes))  # the values are sorted: ties go alphabetically
    return pd.DataFrame({
        "platform": _text(platforms.values[stats.codes][order]), "reactions": stats.sizes[order],
        "mean_compound": stats.means[order],
    })  # fmt: skip


def top_authors(data: Data, top: int = 10, *, mask: Mask | None = None) -> pd.DataFrame:
    """The ``top`` authors by reactions (handles case-insensitive; quotes by display name).

    Columns: ``author``, ``reactions``, ``mean_compound``.
    """
    index, rows = _prepare(data, mask)
    return _ranked(index, index.authors, rows, "author", top)


def top_mentions(data: Data, top: int = 10, *, mask: Mask | None = None) -> pd.DataFrame:
    """The ``top`` mentioned handles (``"@x"``, case-insensitive) by reactions mentioning them.

    Columns: ``handle``, ``reactions``, ``mean_compound``.
    """
    index, rows = _prepare(data, mask)
    return _ranked(index, index.mentions, rows, "handle", top)


def top_emoji(data: Data, top: int = 10, *, mask: Mask | None = None) -> pd.DataFrame:
    """The ``top`` emoji by reactions using them.  Columns: ``emoji``, ``reactions``, ``mean_compound``."""
    index, rows = _prepare(data, mask)
    return _ranked(index, index.emoji, rows, "emoji", top)


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
        unattributed: quotes whose author could not be told (left out of ``authors`` and Top authors).
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
    unattributed: int = 0


def headline(data: Data, *, mask: Mask | None = None) -> Headline:
    """The headline figures of the frame (of the rows in ``mask``)."""
    index, rows = _prepare(data, mask)
    mix = sentiment_mix(index, mask=rows).set_index("sentiment")["share"]
    days = _pick(index.days.codes, rows)
    dated = days[days >= 0]
    authored_rows, authors = index.authors.take(rows)
    _, sources = index.sources.take(rows)
    compound = index.compound if rows is None else index.compound[rows]
    first = pd.Timestamp(index.days.values[dated.min()]).date() if len(dated) else None
    last = pd.Timestamp(index.days.values[dated.max()]).date() if len(dated) else None
    return Headline(
        reactions=len(days),
        authors=int(np.count_nonzero(np.bincount(index.authors.groups[authors], minlength=1))),
        articles=int(np.count_nonzero(np.bincount(sources, minlength=1))),
        positive=float(mix["positive"]),
        neutral=float(mix["neutral"]),
        negative=float(mix["negative"]),
        mean_compound=_mean(pd.Series(compound)),
        first_day=first,
        last_day=last,
        undated=int(len(days) - len(dated)),
        unattributed=int(len(days) - len(np.unique(authored_rows))),
    )
