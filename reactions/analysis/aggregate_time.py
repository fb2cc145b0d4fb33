"""The aggregations of the time charts: reactions per time bucket (hour to quarter, in a time zone), the full
range of buckets with their spikes, what drove each spike, and hashtags per bucket.

Like :mod:`reactions.analysis.aggregate`, each takes a frame (with the sentiment columns) or its
:class:`~reactions.analysis.index.FrameIndex` and an optional row mask, and returns a small frame.  Bucketing and the
spike rule are :mod:`reactions.analysis.timeline`'s.  Every time column (``start``, ``end``) is the bucket's wall-clock
time in the zone, as a naive ``datetime64``; ``bucket`` is the bucket's name
(:func:`~reactions.analysis.timeline.bucket_key`).
"""

from __future__ import annotations

import dataclasses
from typing import Final

import numpy as np
import pandas as pd

from reactions.analysis.aggregate import LABEL_ARRAY, empty_frame, group_stats, rank_entries, text_column
from reactions.analysis.index import Coded, Data, Entries, FrameIndex, Mask, prepare_rows
from reactions.analysis.timeline import UTC, baselines, bucket_ends, bucket_key, bucket_range, find_spikes
from reactions.models import SENTIMENT_LABELS

SPIKE_COLUMNS: Final = ["bucket", "start", "end", "reactions", "baseline", "hashtags", "authors", "post",
                        "post_author", "post_articles", "post_id"]  # fmt: skip
"""The columns of :func:`spike_drivers`."""
_TIMES: Final = {"start": "datetime64[ns]", "end": "datetime64[ns]"}


def _dated(index: FrameIndex, rows: Mask | None, bucket: str, zone: str) -> Mask:
    keep = index.buckets(bucket, zone).codes >= 0
    return keep if rows is None else keep & rows


def _times(index: FrameIndex, codes: np.ndarray, bucket: str, zone: str) -> dict[str, object]:
    """The ``bucket``, ``start`` and ``end`` columns of the buckets with these codes."""
    starts = pd.DatetimeIndex(index.buckets(bucket, zone).values[codes])
    return {"bucket": text_column(np.asarray(bucket_key(starts, bucket), dtype=object)), "start": starts,
            "end": bucket_ends(starts, bucket)}  # fmt: skip


def reactions_by_bucket(data: Data, bucket: str = "day", zone: str = UTC, *, mask: Mask | None = None) -> pd.DataFrame:
    """Dated reactions counted per time bucket and sentiment label (buckets with reactions only).

    Columns: ``bucket``, ``start``, ``end``, ``sentiment``, ``reactions``, ``share`` (of the bucket),
    ``mean_compound`` (of the segment).  Undated reactions are left out.
    """
    index, rows = prepare_rows(data, mask)
    columns = ["bucket", "start", "end", "sentiment", "reactions", "share", "mean_compound"]
    keep = _dated(index, rows, bucket, zone) & (index.labels >= 0)
    if not keep.any():
        return empty_frame(columns, text=("bucket", "sentiment")).astype(_TIMES)
    coded, width = index.buckets(bucket, zone), len(SENTIMENT_LABELS)
    codes, values = coded.codes[keep], index.compound[keep]
    segments = group_stats(codes * width + index.labels[keep], values, len(coded.values) * width)
    totals = group_stats(codes, values, len(coded.values))
    code, label = np.divmod(segments.codes, width)
    share = segments.sizes / totals.sizes[np.searchsorted(totals.codes, code)]
    return pd.DataFrame({**_times(index, code, bucket, zone), "sentiment": text_column(LABEL_ARRAY[label], "str"),
                         "reactions": segments.sizes, "share": share, "mean_compound": segments.means})  # fmt: skip


def bucket_totals(data: Data, bucket: str = "day", zone: str = UTC, *, mask: Mask | None = None) -> pd.DataFrame:
    """Every bucket from the first to the last with a dated reaction, empty ones included, with its spike test.

    Columns: ``bucket``, ``start``, ``end``, ``reactions`` (0 when empty), ``mean_compound`` (NaN when empty),
    ``baseline`` and ``spike`` (:func:`reactions.analysis.timeline.find_spikes` over the series), and ``run``: the
    number of the run of consecutive non-empty buckets the bucket belongs to (a line drawn per run never
    joins across an empty bucket).
    """
    index, rows = prepare_rows(data, mask)
    keep = _dated(index, rows, bucket, zone)
    columns = ["bucket", "start", "end", "reactions", "mean_compound", "baseline", "spike", "run"]
    if not keep.any():
        return empty_frame(columns, text=("bucket",)).astype(_TIMES)
    coded = index.buckets(bucket, zone)
    stats = group_stats(coded.codes[keep], index.compound[keep], len(coded.values))
    found = pd.DatetimeIndex(coded.values[stats.codes])
    starts = bucket_range(found[0], found[-1], bucket)
    place = starts.get_indexer(found)
    counts = np.zeros(len(starts), dtype=np.int64)
    counts[place] = stats.sizes
    means = np.full(len(starts), np.nan)
    means[place] = stats.means
    empty = counts == 0
    judged = _exact_counts(index, keep, coded, starts) if bucket == "hour" else counts
    return pd.DataFrame({
        "bucket": text_column(np.asarray(bucket_key(starts, bucket), dtype=object)), "start": starts,
        "end": bucket_ends(starts, bucket), "reactions": counts, "mean_compound": means,
        "baseline": baselines(judged), "spike": find_spikes(judged), "run": np.cumsum(empty),
    })  # fmt: skip


def _exact_counts(index: FrameIndex, keep: Mask, coded: Coded, starts: pd.DatetimeIndex) -> np.ndarray:
    """Reactions with an exact time (``created_at``) per bucket of ``starts``: what hour buckets are judged on,
    since a post with only a date sits at midnight and would make every midnight a spike."""
    exact = keep & pd.Series(index.frame["created_at"]).notna().to_numpy()
    per_value = np.bincount(coded.codes[exact], minlength=len(coded.values))
    counts = np.zeros(len(starts), dtype=np.int64)
    place = starts.get_indexer(pd.DatetimeIndex(coded.values))
    counts[place[place >= 0]] = per_value[place >= 0]
    return counts


def _most_cited(index: FrameIndex, rows: Mask) -> int:
    """The row (of ``rows``) cited by the most articles; ties: the first."""
    positions = np.flatnonzero(rows)
    cited = pd.Series(index.frame["article_count"]).to_numpy(dtype=np.int64)[positions]
    return int(positions[int(np.argmax(cited))])


def _within(entries: Entries, rows: Mask) -> Entries:
    """``entries`` of the ``rows`` only: ranking many small sets of rows then never passes over all of them."""
    taken_rows, items = entries.take(rows)
    return dataclasses.replace(entries, rows=taken_rows, items=items)


def _top_names(entries: Entries, rows: Mask, top: int) -> str:
    ranking = rank_entries(entries, rows, top)
    return "" if ranking is None else ", ".join(str(n) for n in entries.names[ranking.spellings])


def spike_drivers(
    data: Data,
    bucket: str = "day",
    zone: str = UTC,
    *,
    mask: Mask | None = None,
    top: int = 3,
    totals: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """The spikes of :func:`bucket_totals` and what drove each: its ``top`` hashtags and authors (most
    reactions first, as :func:`reactions.analysis.aggregate.reactions_by_hashtag` ranks them) and its most-cited post
    (highest ``article_count``; ties: the first in the frame).

    Columns: :data:`SPIKE_COLUMNS` (``hashtags``, ``authors``: comma-separated; ``post``: the post's text,
    ``post_author`` its author, ``post_articles`` how many articles cite it, ``post_id`` its id), in time order.
    ``totals``: :func:`bucket_totals` of the same rows, when already made.
    """
    index, rows = prepare_rows(data, mask)
    if totals is None:
        totals = bucket_totals(index, bucket, zone, mask=rows)
    spikes = totals[totals["spike"].astype(bool)] if len(totals) else totals
    if spikes.empty:
        return empty_frame(SPIKE_COLUMNS, text=("bucket", "hashtags", "authors", "post", "post_author", "post_id"))
    coded, names = index.buckets(bucket, zone), index.bucket_names(bucket, zone)
    kept = _dated(index, rows, bucket, zone) & coded.flags(np.isin(names, spikes["bucket"].to_numpy(dtype=object)))
    tags, authors = _within(index.hashtags, kept), _within(index.authors, kept)
    found = []
    for key in spikes["bucket"]:
        inside = kept & coded.flags(names == key)
        post = _most_cited(index, inside)
        at = np.flatnonzero(authors.rows == post)
        author = authors.names[authors.items[at[0]]] if len(at) else ""
        found.append({
            "hashtags": _top_names(tags, inside, top), "authors": _top_names(authors, inside, top),
            "post": str(index.frame["text"].iloc[post]), "post_author": str(author),
            "post_articles": int(index.frame["article_count"].iloc[post]), "post_id": str(index.frame["id"].iloc[post]),
        })  # fmt: skip
    drivers = pd.DataFrame(found, index=spikes.index)
    return pd.concat([spikes[["bucket", "start", "end", "reactions", "baseline"]], drivers], axis=1).reset_index(
        drop=True
    )


def hashtags_by_bucket(
    data: Data, top: int = 10, bucket: str = "day", zone: str = UTC, *, mask: Mask | None = None
) -> pd.DataFrame:
    """Reactions per (hashtag, bucket) for the ``top`` hashtags (ranked and grouped as in
    :func:`reactions.analysis.aggregate.reactions_by_hashtag`); dated reactions only.

    Columns: ``hashtag``, ``bucket``, ``start``, ``end``, ``reactions``, ``mean_compound``; hashtags in their
    ranking's order, then by time.
    """
    columns = ["hashtag", "bucket", "start", "end", "reactions", "mean_compound"]
    index, rows = prepare_rows(data, mask)
    tags, coded = index.hashtags, index.buckets(bucket, zone)
    ranking = rank_entries(tags, rows, top)
    if ranking is None:
        return empty_frame(columns, text=("hashtag", "bucket"))
    slots, codes = ranking.slots(tags), coded.codes[ranking.rows]
    kept = (slots >= 0) & (codes >= 0)
    if not kept.any():
        return empty_frame(columns, text=("hashtag", "bucket"))
    width = len(coded.values)
    grouped, compound = slots[kept] * width + codes[kept], index.compound[ranking.rows[kept]]
    stats = group_stats(grouped, compound, len(ranking.groups) * width)
    slot, code = np.divmod(stats.codes, width)  # slot is the ranking's place: sorted by it, then by time
    return pd.DataFrame({"hashtag": text_column(tags.names[ranking.spellings[slot]], "str"),
                         **_times(index, code, bucket, zone), "reactions": stats.sizes,
                         "mean_compound": stats.means})  # fmt: skip
