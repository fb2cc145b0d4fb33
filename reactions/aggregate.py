"""The aggregations the charts are drawn from.

Each takes a frame of the :func:`reactions.frames.to_frame` contract *with* the sentiment columns (compound,
sentiment), or the :class:`reactions.index.FrameIndex` of one, and an optional row mask, and returns a small
frame of aggregated rows: the charts never see raw reactions.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from reactions.index import Codes, Data, Entries, FrameIndex, Mask, prepare_rows
from reactions.models import SENTIMENT_LABELS

_LABELS: Final = np.array(SENTIMENT_LABELS, dtype=object)


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


def _distinct(codes: Codes, size: int) -> int:
    """How many distinct values ``codes`` (each in ``range(size)``) holds: flags, not ``np.unique``'s hash or sort
    (at 1,000,000 reactions the headline's count of attributed rows was 1.3 CPU-s of a 1.9 CPU-s page run)."""
    seen = np.zeros(size, dtype=bool)
    seen[codes] = True
    return int(np.count_nonzero(seen))


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
    index, rows = prepare_rows(data, mask)
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
    """Reactions per sentiment label (all three, zeros included) with share (of the reactions with a label: one
    in a language nothing scores has none) and mean compound.

    Columns: ``sentiment``, ``reactions``, ``share``, ``mean_compound``.
    """
    index, rows = prepare_rows(data, mask)
    labels, compound = _pick(index.labels, rows), index.compound if rows is None else index.compound[rows]
    total = int(np.count_nonzero(labels >= 0))  # shares of the scored: a reaction not scored has no label
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
    index, rows = prepare_rows(data, mask)
    return _ranked(index, index.hashtags, rows, "hashtag", top)


def hashtags_by_day(data: Data, top: int = 10, *, mask: Mask | None = None) -> pd.DataFrame:
    """Reactions per (hashtag, day) for the ``top`` hashtags (grouped as in
    :func:`reactions_by_hashtag`); dated reactions only.

    Columns: ``hashtag``, ``day`` (ISO ``str``), ``reactions``, ``mean_compound``.
    """
    columns = ["hashtag", "day", "reactions", "mean_compound"]
    index, rows = prepare_rows(data, mask)
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
    index, rows = prepare_rows(data, mask)
    edges = np.linspace(-1.0, 1.0, bins + 1)
    places, labels = index.bins(bins), index.labels
    labelled = labels >= 0
    if rows is not None:
        labelled &= rows
    keep = (places >= 0) & labelled
    width = len(SENTIMENT_LABELS)
    counts = np.bincount(places[keep] * width + labels[keep], minlength=bins * width)
    found = np.flatnonzero(counts)
    place, label = np.divmod(found, width)
    return pd.DataFrame({
        "bin_start": edges[place].round(6), "bin_end": edges[place + 1].round(6),
        "sentiment": _text(_LABELS[label], "str" if labelled.any() else object),  # no label among the rows: object
        "reactions": counts[found].astype(np.int64),
    })  # fmt: skip


def reactions_by_platform(data: Data, *, mask: Mask | None = None) -> pd.DataFrame:
    """Reactions per platform, most first, with mean compound.

    Columns: ``platform``, ``reactions``, ``mean_compound``.
    """
    index, rows = prepare_rows(data, mask)
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
    index, rows = prepare_rows(data, mask)
    return _ranked(index, index.authors, rows, "author", top)


def top_mentions(data: Data, top: int = 10, *, mask: Mask | None = None) -> pd.DataFrame:
    """The ``top`` mentioned handles (``"@x"``, case-insensitive) by reactions mentioning them.

    Columns: ``handle``, ``reactions``, ``mean_compound``.
    """
    index, rows = prepare_rows(data, mask)
    return _ranked(index, index.mentions, rows, "handle", top)


def top_emoji(data: Data, top: int = 10, *, mask: Mask | None = None) -> pd.DataFrame:
    """The ``top`` emoji by reactions using them.  Columns: ``emoji``, ``reactions``, ``mean_compound``."""
    index, rows = prepare_rows(data, mask)
    return _ranked(index, index.emoji, rows, "emoji", top)


def top_outlets(data: Data, top: int = 10, *, mask: Mask | None = None) -> pd.DataFrame:
    """The ``top`` outlets by reactions they cite (a reaction counts for every outlet in its ``outlets``),
    with the mean compound of those reactions.  Columns: ``outlet``, ``reactions``, ``mean_compound``."""
    index, rows = prepare_rows(data, mask)
    return _ranked(index, index.outlets, rows, "outlet", top)


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
    index, rows = prepare_rows(data, mask)
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
        unattributed=int(len(days) - _distinct(authored_rows, index.size)),
    )
