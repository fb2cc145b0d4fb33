"""How the page cuts time: the bucket and zone of the time charts, and the Spikes table.  Pure (never imports
streamlit), like :mod:`app.presenter`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import pandas as pd

from reactions.analysis.index import FrameIndex, Mask
from reactions.analysis.timeline import BUCKETS, UTC, effective_bucket, valid_zone
from reactions.viewstate.views import Filters


@dataclass(frozen=True, slots=True)
class TimeView:
    """How the time charts are cut.

    Fields:
        bucket: the bucket drawn (one of :data:`reactions.analysis.timeline.BUCKETS`).
        zone: the time zone buckets are cut in.
        note: why the bucket is not the one asked for (``None`` when it is).
    """

    bucket: str
    zone: str
    note: str | None = None


def span(index: FrameIndex, rows: Mask, zone: str) -> tuple[pd.Timestamp | None, pd.Timestamp | None]:
    """The first and last day (in ``zone``) of the dated ``rows``; ``(None, None)`` when none is dated."""
    days = index.buckets("day", zone)
    codes = days.codes[rows & (days.codes >= 0)]
    if not len(codes):
        return None, None
    return pd.Timestamp(days.values[int(codes.min())]), pd.Timestamp(days.values[int(codes.max())]) + pd.Timedelta(
        hours=23
    )


def exact_share(index: FrameIndex, rows: Mask) -> float:
    """The share of the dated ``rows`` that have an exact time (``created_at``); 1 when none is dated."""
    dated = rows & (index.days.codes >= 0)
    count = int(np.count_nonzero(dated))
    exact = int(np.count_nonzero(dated & index.frame["created_at"].notna().to_numpy()))
    return exact / count if count else 1.0


def time_view(index: FrameIndex, filtered: Mask, filters: Filters) -> TimeView:
    """The bucket and zone for the ``filtered`` rows: the filters' bucket while it gives at most
    :data:`reactions.analysis.timeline.MAX_DRAWN` buckets, else (and on "Auto")
    :func:`reactions.analysis.timeline.choose_bucket`'s
    (given the :func:`exact_share` of the rows).
    The span is the filtered rows' (chart selections never change the bucket)."""
    zone = filters.zone if valid_zone(filters.zone) else UTC
    first, last = span(index, filtered, zone)
    bucket = effective_bucket(filters.bucket, first, last, exact_share(index, filtered))
    note = None
    if filters.bucket in BUCKETS and bucket != filters.bucket:
        note = f"Too many {filters.bucket} buckets to draw over this span: showing {bucket}s."
    return TimeView(bucket, zone, note)


SPIKE_TABLE: Final = {"label": "When", "reactions": "Reactions", "baseline": "Usual", "hashtags": "Top hashtags",
                      "authors": "Top authors", "post": "Most-cited post", "post_author": "By",
                      "post_articles": "Articles citing it"}  # fmt: skip
"""The Spikes table's columns (from :func:`reactions.analysis.aggregate_time.spike_drivers`) and their headers."""


def spike_rows(spikes: pd.DataFrame, labels: list[str]) -> pd.DataFrame:
    """The Spikes table: one row per spike, ``labels`` naming each bucket, baseline rounded, with the headers
    of :data:`SPIKE_TABLE`."""
    table = spikes.assign(label=labels, baseline=np.round(spikes["baseline"].to_numpy(dtype=float), 1))
    return table[list(SPIKE_TABLE)].rename(columns=SPIKE_TABLE).reset_index(drop=True)
