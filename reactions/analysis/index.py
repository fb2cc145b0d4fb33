"""A frame's columns as integer codes, built once: what the aggregations and the page's filters work on.

:class:`FrameIndex` holds each column of a frame of the :func:`reactions.frames.to_frame` contract (with the
sentiment columns) as integer codes, and each list column as one table of entries, so that a filter, a chart
selection or an aggregation (:mod:`reactions.analysis.aggregate`) is a few numpy passes over a row mask; the page
caches the index of its frame, and a filter change only masks and counts.  A sentiment label other than the
three (:mod:`reactions.sentiment` never makes one) is in no label's count.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from reactions.analysis.timeline import UTC, bucket_key, bucket_starts, local_times
from reactions.models import SENTIMENT_LABELS

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
    builds them all): what the aggregations and :mod:`reactions.viewstate.views`' filters work on.

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
        """Each row's sentiment label as its place in :data:`SENTIMENT_LABELS`; -1 for a missing label (a reaction
        not scored: :mod:`reactions.sentiment_languages`) and any other label, in no label's count."""
        column = self.column("sentiment")
        places = [SENTIMENT_LABELS.index(str(v)) if str(v) in SENTIMENT_LABELS else -1 for v in column.values]
        return np.asarray(column.take(places, -1), dtype=np.intp)

    @cached_property
    def days(self) -> Coded:
        """Each row's day (:func:`reaction_days`): values are the distinct days, sorted (datetime64)."""
        found, uniques = pd.factorize(reaction_days(self.frame), sort=True)
        return Coded(np.asarray(found, dtype=np.intp), np.asarray(uniques, dtype="datetime64[ns]"))

    @cached_property
    def day_names(self) -> np.ndarray[Any, Any]:
        """The ISO day (``"2020-02-01"``) of each value of :attr:`days`."""
        return np.asarray(pd.DatetimeIndex(self.days.values).strftime("%Y-%m-%d"), dtype=object)

    def buckets(self, bucket: str, zone: str = UTC) -> Coded:
        """Each row's time bucket (:func:`reactions.analysis.timeline.bucket_starts`) of its wall-clock time in ``zone``
        (:func:`reactions.analysis.timeline.local_times`): values are the distinct bucket starts, sorted (datetime64);
        -1 for an undated row (kept for the next call)."""

        def build() -> Coded:
            local = local_times(self.frame["created_at"], self.frame["date"], zone)
            found, uniques = pd.factorize(bucket_starts(local, bucket), sort=True)
            return Coded(np.asarray(found, dtype=np.intp), np.asarray(uniques, dtype="datetime64[ns]"))

        result: Coded = self.remember(("buckets", bucket, zone), build)
        return result

    def bucket_names(self, bucket: str, zone: str = UTC) -> np.ndarray[Any, Any]:
        """The :func:`reactions.analysis.timeline.bucket_key` of each value of :meth:`buckets`."""
        return np.asarray(bucket_key(pd.DatetimeIndex(self.buckets(bucket, zone).values), bucket), dtype=object)

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
    def outlets(self) -> Entries:
        """The outlets citing each reaction (registered domains), compared case-insensitively; none when the
        frame has no ``outlets`` column (an older export)."""
        cells = self.frame["outlets"] if "outlets" in self.frame.columns else pd.Series([[]] * self.size)
        return exploded(cells, fold_groups=False)

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
        self.buckets("day")  # the page's time span and its days
        return self


Data = pd.DataFrame | FrameIndex
"""What an aggregation takes: a frame, or the :class:`FrameIndex` of one."""


def index_of(data: Data) -> FrameIndex:
    """``data``'s index (a frame gets a new one, built as far as it is used)."""
    return data if isinstance(data, FrameIndex) else FrameIndex(data)


def prepare_rows(data: Data, mask: Mask | Sequence[bool] | None) -> tuple[FrameIndex, Mask | None]:
    """The index and the row mask, ``None`` when it keeps every row."""
    index = index_of(data)
    if mask is None:
        return index, None
    rows = np.asarray(mask, dtype=bool)
    if len(rows) != index.size:
        raise ValueError(f"the mask has {len(rows)} rows, the frame {index.size}")
    return index, None if rows.all() else rows
