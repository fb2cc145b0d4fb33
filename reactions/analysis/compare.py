"""Two views side by side: two filter sets on one corpus, or two corpora.

A *side* is a frame of the :func:`reactions.frames.to_frame` contract with the sentiment columns (or its
:class:`~reactions.analysis.index.FrameIndex`) and the rows of it kept.  :func:`compare_rows` compares two row masks of
one frame (the page: side A is the sidebar's view, side B another filter set), :func:`compare_frames` two
frames (``reactions compare``: two corpora).  Either gives a :class:`Comparison`:

- ``volume``: reactions per day of each side in the same day buckets, aligned (every day from the first to the
  last dated reaction of either side, zeros included, while that is at most :data:`MAX_FILLED_DAYS` days; over a
  longer span, every day either side has);
- ``sentiment``: each side's negative / neutral / positive counts, shares and mean compound, and ``test``:
  Welch's t-test of whether the two mean compounds differ (:func:`welch_test`);
- ``hashtags``: the union of each side's top hashtags, with each side's count and share;
- ``shared``: the posts both sides hold, matched by reaction id (ids are stable across corpora);
- ``summary``: one row per side (reactions, authors, articles, shares, mean compound, top hashtags, shared).

Nothing here raises on a frame of the contract; pure functions, values in and out (never streamlit).  Side B's
filters travel in a page's URL with their own prefix (:func:`side_query`, :func:`side_filters`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from reactions.analysis.aggregate import headline, reactions_by_hashtag, sentiment_mix
from reactions.analysis.index import Data, FrameIndex, Mask, index_of, prepare_rows
from reactions.analysis.stats import MeanTest, welch_test
from reactions.analysis.timeline import bucket_range, bucket_starts
from reactions.errors import ExportError
from reactions.export import csv_bytes
from reactions.viewstate.links import SIDE_B, filters_from_query, filters_to_query, query_problems, unprefixed
from reactions.viewstate.views import Filters
from reactions.xlsx import xlsx_bytes

__all__ = [
    "MAX_FILLED_DAYS",
    "Comparison",
    "MeanTest",
    "Side",
    "compare",
    "compare_frames",
    "compare_rows",
    "side_filters",
    "side_problems",
    "side_query",
    "summary_bytes",
    "welch_test",
]

SIDES: Final = ("A", "B")
"""The sides' names unless told otherwise."""
B_PREFIX: Final = SIDE_B
"""The prefix of side B's URL query parameters (``b_tag=TimesUp``)."""
MAX_FILLED_DAYS: Final = 3660
"""Up to this many days between the first and the last dated reaction, ``volume`` has a row for every day."""
SUMMARY_TAGS: Final = 5
"""How many of a side's top hashtags its summary row names."""


@dataclass(frozen=True, slots=True, eq=False)
class Side:
    """One side of a comparison.

    Fields:
        name: what charts and tables call it (``"A"``).
        index: the index of its frame.
        rows: the rows of the frame it keeps (``None``: every row).
        about: what it is, for the summary (its filters, or its corpus's paths).
    """

    name: str
    index: FrameIndex
    rows: Mask | None = None
    about: str = ""

    @property
    def mask(self) -> Mask:
        """The rows kept, as a full mask."""
        return np.ones(self.index.size, dtype=bool) if self.rows is None else self.rows

    @property
    def compound(self) -> npt.NDArray[np.float64]:
        """The compound scores of its rows (NaN where missing)."""
        return self.index.compound if self.rows is None else self.index.compound[self.rows]


@dataclass(frozen=True, slots=True, eq=False)
class Comparison:
    """Two sides compared (see the module docstring for each table).

    Fields:
        sides: the two sides' names, A first.
        volume: ``day`` (ISO ``str``), ``side``, ``reactions``, ``share`` (of the side's dated reactions),
            ``mean_compound`` (NaN on a day without reactions); days in order, A before B within a day.
        sentiment: ``side``, ``sentiment``, ``reactions``, ``share`` (of the side), ``mean_compound``: three
            rows a side.
        hashtags: ``hashtag`` (grouped case-insensitively, in side A's most common spelling when A has it),
            ``side``, ``reactions``, ``share`` (of the side's reactions carrying it), ``mean_compound``: the union
            of each side's ``top`` hashtags, both sides a hashtag, most shared first (the sum of both shares,
            then alphabetically).
        summary: one row a side (see :func:`summary_table`).
        test: Welch's t-test of mean compound A minus B.
        shared: the positions, in side A's frame, of the reactions both sides hold (A's order).
        shared_ids: their ids.
    """

    sides: tuple[str, str]
    volume: pd.DataFrame
    sentiment: pd.DataFrame
    hashtags: pd.DataFrame
    summary: pd.DataFrame
    test: MeanTest
    shared: npt.NDArray[np.intp]
    shared_ids: tuple[str, ...]


def compare_rows(
    data: Data,
    rows_a: Mask | Sequence[bool],
    rows_b: Mask | Sequence[bool],
    *,
    names: tuple[str, str] = SIDES,
    about: tuple[str, str] = ("", ""),
    top: int = 10,
) -> Comparison:
    """Compare two sets of rows of one frame (or its index), e.g. two filter sets' masks.

    >>> from reactions.frames import to_frame
    >>> from reactions.parse.article import parse_article
    >>> from reactions.sentiment import score_frame
    >>> text = "Great #win — Ann (@ann) Feb 2, 2020\\n\\nAwful #loss — Bob (@bob) Feb 3, 2020"
    >>> frame = score_frame(to_frame(parse_article(text, "a.txt").reactions))
    >>> result = compare_rows(frame, [True, False], [True, True])
    >>> result.summary[["side", "reactions", "shared"]].to_dict("records")
    [{'side': 'A', 'reactions': 1, 'shared': 1}, {'side': 'B', 'reactions': 2, 'shared': 1}]
    """
    index = index_of(data)
    _, a = prepare_rows(index, rows_a)
    _, b = prepare_rows(index, rows_b)
    return compare(Side(names[0], index, a, about[0]), Side(names[1], index, b, about[1]), top=top)


def compare_frames(
    a: Data, b: Data, *, names: tuple[str, str] = SIDES, about: tuple[str, str] = ("", ""), top: int = 10
) -> Comparison:
    """Compare two frames (two corpora), every row of each; shared posts are matched by reaction id."""
    return compare(Side(names[0], index_of(a), None, about[0]), Side(names[1], index_of(b), None, about[1]), top=top)


def compare(a: Side, b: Side, *, top: int = 10) -> Comparison:
    """The :class:`Comparison` of two sides (``top``: how many of each side's hashtags)."""
    shared = _shared(a, b)
    ids = a.index.frame["id"].to_numpy(dtype=object)[shared]
    test = welch_test(a.compound, b.compound)
    return Comparison(
        sides=(a.name, b.name),
        volume=volume_by_day(a, b),
        sentiment=pd.concat([_mix(a), _mix(b)], ignore_index=True),
        hashtags=hashtags_side_by_side(a, b, top),
        summary=summary_table(a, b, len(shared)),
        test=test,
        shared=shared,
        shared_ids=tuple(str(i) for i in ids),
    )


def _shared(a: Side, b: Side) -> npt.NDArray[np.intp]:
    """The positions in A's frame of the rows both sides hold: by position in one frame, else by id."""
    if a.index is b.index:
        found: npt.NDArray[np.intp] = np.flatnonzero(a.mask & b.mask)
        return found
    ids_b = set(b.index.frame["id"].to_numpy(dtype=object)[b.mask])
    ids_a = a.index.frame["id"].to_numpy(dtype=object)
    hits = np.fromiter((i in ids_b for i in ids_a), dtype=bool, count=len(ids_a))
    result: npt.NDArray[np.intp] = np.flatnonzero(hits & a.mask)
    return result


# --- volume ---------------------------------------------------------------------------------------------


def _daily(side: Side) -> pd.DataFrame:
    """A side's dated reactions per day: ``reactions`` and ``total`` (sum of non-NaN compounds), ``scored``,
    indexed by day (datetime64)."""
    codes = side.index.days.codes[side.mask]
    scores = side.compound
    dated = codes >= 0
    codes, scores = codes[dated], scores[dated]
    width = len(side.index.days.values)
    valid = ~np.isnan(scores)
    counts = np.bincount(codes, minlength=width)
    scored = np.bincount(codes[valid], minlength=width)
    totals = np.bincount(codes[valid], weights=scores[valid], minlength=width)
    present = counts > 0
    days = pd.DatetimeIndex(side.index.days.values[present], name="day")
    return pd.DataFrame({"reactions": counts[present], "scored": scored[present], "total": totals[present]}, days)


def volume_by_day(a: Side, b: Side) -> pd.DataFrame:
    """Both sides' dated reactions per day, in the same day buckets (see :class:`Comparison`)."""
    daily = [_daily(a), _daily(b)]
    present = daily[0].index.union(daily[1].index)
    columns = ["day", "side", "reactions", "share", "mean_compound"]
    if not len(present):
        return pd.DataFrame({c: pd.Series(dtype=object if c in ("day", "side") else float) for c in columns})
    days = pd.DatetimeIndex(present)
    if (days.max() - days.min()).days <= MAX_FILLED_DAYS:
        days = pd.date_range(days.min(), days.max(), freq="D", name="day")
    parts = []
    for side, counts in zip((a, b), daily, strict=True):
        filled = counts.reindex(days, fill_value=0)
        total = int(counts["reactions"].sum())
        with np.errstate(invalid="ignore", divide="ignore"):
            mean = filled["total"].to_numpy(dtype=float) / filled["scored"].to_numpy(dtype=float)
        parts.append(pd.DataFrame({
            "day": days.strftime("%Y-%m-%d").astype(object), "side": side.name,
            "reactions": filled["reactions"].to_numpy(dtype=np.int64),
            "share": filled["reactions"].to_numpy(dtype=float) / total if total else 0.0, "mean_compound": mean,
            "order": np.arange(len(days)),
        }))  # fmt: skip
    both = pd.concat(parts, ignore_index=True).sort_values(["order"], kind="stable")
    return both.drop(columns="order").reset_index(drop=True)


def volume_by_bucket(volume: pd.DataFrame, bucket: str) -> pd.DataFrame:
    """:attr:`Comparison.volume` (days) in the main time chart's ``bucket`` (``week``, ``month``, ``quarter``:
    :func:`reactions.analysis.timeline.bucket_starts`), every bucket from the first to the last, so that an 18-month
    comparison is not drawn as needles; ``day`` then names each bucket's first day and ``mean_compound`` is its
    days' means weighted by their reactions.  ``day`` and ``hour`` (the volume holds days) give it as it is.

    >>> days = pd.DataFrame({"day": ["2020-01-30", "2020-01-30", "2020-03-02", "2020-03-02"],
    ...                      "side": ["A", "B"] * 2, "reactions": [2, 1, 1, 0], "share": [2 / 3, 1, 1 / 3, 0],
    ...                      "mean_compound": [0.5, -1.0, 0.2, float("nan")]})
    >>> volume_by_bucket(days, "month")[["day", "side", "reactions", "mean_compound"]].values.tolist()
    [['2020-01-01', 'A', 2, 0.5], ['2020-01-01', 'B', 1, -1.0], ['2020-02-01', 'A', 0, nan], \
['2020-02-01', 'B', 0, nan], ['2020-03-01', 'A', 1, 0.2], ['2020-03-01', 'B', 0, nan]]
    """
    if bucket not in ("week", "month", "quarter") or volume.empty:
        return volume
    starts = bucket_starts(pd.Series(pd.to_datetime(volume["day"])), bucket)
    known = volume["mean_compound"].notna()
    parts = pd.DataFrame({
        "start": starts.to_numpy(), "side": volume["side"].to_numpy(), "reactions": volume["reactions"].to_numpy(),
        "share": volume["share"].to_numpy(dtype=float),
        "weighted": (volume["mean_compound"].fillna(0.0) * volume["reactions"]).to_numpy(dtype=float),
        "weight": volume["reactions"].where(known, 0).to_numpy(dtype=float),
    })  # fmt: skip
    sides = list(dict.fromkeys(parts["side"]))
    every = bucket_range(parts["start"].min(), parts["start"].max(), bucket)
    grid = pd.MultiIndex.from_product([every, sides], names=["start", "side"])
    summed = parts.groupby(["start", "side"]).sum().reindex(grid, fill_value=0).reset_index()
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = summed["weighted"].to_numpy(dtype=float) / summed["weight"].to_numpy(dtype=float)
    return pd.DataFrame({
        "day": pd.DatetimeIndex(summed["start"]).strftime("%Y-%m-%d").astype(object), "side": summed["side"],
        "reactions": summed["reactions"].astype(np.int64), "share": summed["share"], "mean_compound": mean,
    })  # fmt: skip


# --- sentiment and hashtags -----------------------------------------------------------------------------


def _mix(side: Side) -> pd.DataFrame:
    mix = sentiment_mix(side.index, mask=side.mask)
    return pd.concat([pd.DataFrame({"side": [side.name] * len(mix)}), mix], axis=1)


def _tags(side: Side) -> pd.DataFrame:
    """Every hashtag of a side (its spelling, reactions, share, mean compound), keyed by its case-folded form."""
    tags = reactions_by_hashtag(side.index, top=side.index.hashtags.n_groups or 1, mask=side.mask)
    size = int(side.mask.sum())
    return pd.DataFrame({
        "hashtag": tags["hashtag"].astype(object).to_numpy(), "reactions": tags["reactions"].to_numpy(dtype=np.int64),
        "share": tags["reactions"].to_numpy(dtype=float) / size if size else 0.0,
        "mean_compound": tags["mean_compound"].to_numpy(dtype=float),
    }, index=pd.Index([str(t).casefold() for t in tags["hashtag"]], name="key"))  # fmt: skip


def hashtags_side_by_side(a: Side, b: Side, top: int) -> pd.DataFrame:
    """The union of both sides' ``top`` hashtags, both sides each (see :class:`Comparison`)."""
    tags = [_tags(a), _tags(b)]
    keys = list(dict.fromkeys([*tags[0].index[: max(top, 0)], *tags[1].index[: max(top, 0)]]))
    columns = ["hashtag", "side", "reactions", "share", "mean_compound"]
    if not keys:
        return pd.DataFrame({c: pd.Series(dtype=object if c in ("hashtag", "side") else float) for c in columns})
    spelled = {k: tags[0]["hashtag"].get(k, tags[1]["hashtag"].get(k)) for k in keys}
    found = [t.reindex(keys) for t in tags]
    weight = found[0]["share"].fillna(0.0).to_numpy() + found[1]["share"].fillna(0.0).to_numpy()
    order = sorted(range(len(keys)), key=lambda i: (-weight[i], keys[i], str(spelled[keys[i]])))
    rows = []
    for i in order:
        for side, rows_of in zip((a, b), found, strict=True):
            row = rows_of.iloc[i]
            count = 0 if pd.isna(row["reactions"]) else int(row["reactions"])
            share = 0.0 if pd.isna(row["share"]) else float(row["share"])
            rows.append((spelled[keys[i]], side.name, count, share, float(row["mean_compound"])))
    frame = pd.DataFrame(rows, columns=columns)
    frame["reactions"] = frame["reactions"].astype(np.int64)
    return frame


# --- the summary ----------------------------------------------------------------------------------------


def summary_table(a: Side, b: Side, shared: int) -> pd.DataFrame:
    """One row a side: ``side``, ``about``, ``reactions``, ``authors``, ``articles``, ``negative``, ``neutral``,
    ``positive`` (shares), ``mean_compound``, ``first_day``, ``last_day`` (ISO, ``""`` when none is dated),
    ``top_hashtags`` (its :data:`SUMMARY_TAGS` most used, ``"MeToo (5); TimesUp (3)"``) and ``shared`` (the
    posts both sides hold, the same on both rows)."""
    rows = []
    for side in (a, b):
        h = headline(side.index, mask=side.mask)
        tags = reactions_by_hashtag(side.index, SUMMARY_TAGS, mask=side.mask)
        named = "; ".join(f"{t} ({n})" for t, n in zip(tags["hashtag"], tags["reactions"], strict=True))
        rows.append({
            "side": side.name, "about": side.about, "reactions": h.reactions, "authors": h.authors,
            "articles": h.articles, "negative": h.negative, "neutral": h.neutral, "positive": h.positive,
            "mean_compound": h.mean_compound, "first_day": h.first_day.isoformat() if h.first_day else "",
            "last_day": h.last_day.isoformat() if h.last_day else "", "top_hashtags": named, "shared": shared,
        })  # fmt: skip
    return pd.DataFrame(rows)


def mean_test_table(test: MeanTest) -> pd.DataFrame:
    """The mean-compound test as a one-row table (what it is, its figures, its verdict)."""
    figures = {field.name: getattr(test, field.name) for field in fields(MeanTest)}
    return pd.DataFrame([{"test": "Welch's t-test, two-sided, A minus B", **figures, "differs": test.differs,
                          "result": test.sentence()}])  # fmt: skip


def summary_bytes(comparison: Comparison, fmt: str, *, excel_safe: bool = False) -> bytes:
    """The comparison as a file: ``"csv"``, the summary table (Excel-safe on request, as
    :func:`reactions.export.csv_bytes` writes it); ``"xlsx"``, a workbook of the summary, the days, the sentiment
    shares, the hashtags and the test.  Raises :class:`~reactions.errors.ExportError` for another format."""
    if fmt == "csv":
        return csv_bytes(comparison.summary, excel_safe=excel_safe)
    if fmt == "xlsx":
        sheets = {"by day": comparison.volume, "sentiment": comparison.sentiment, "hashtags": comparison.hashtags,
                  "test": mean_test_table(comparison.test)}  # fmt: skip
        return xlsx_bytes(comparison.summary, summary=sheets, title="summary")
    raise ExportError(f"a comparison is written as csv or xlsx, not {fmt}")


# --- side B in a URL ------------------------------------------------------------------------------------


def side_query(filters: Filters, prefix: str = B_PREFIX) -> dict[str, list[str]]:
    """The URL query parameters of a side's filters, each key with ``prefix``.

    >>> side_query(Filters(hashtags=("TimesUp",), sentiments=("negative",)))
    {'b_tag': ['TimesUp'], 'b_sentiment': ['negative']}
    """
    return {prefix + key: values for key, values in filters_to_query(filters).items()}


def side_filters(query: Mapping[str, str | Sequence[str]], prefix: str = B_PREFIX) -> Filters:
    """A side's filters from the URL query parameters with ``prefix`` (others ignored).

    >>> side_filters({"tag": "MeToo", "b_tag": ["TimesUp"], "b_to": "2020-02-03"}).hashtags
    ('TimesUp',)
    """
    return filters_from_query(unprefixed(query, prefix))


def side_problems(query: Mapping[str, str | Sequence[str]], prefix: str = B_PREFIX) -> list[str]:
    """The values of a side's URL parameters that cannot be read, as ``key=value`` with the prefix.

    >>> side_problems({"b_from": "yesterday", "from": "nope"})
    ['b_from=yesterday']
    """
    return [prefix + problem for problem in query_problems(unprefixed(query, prefix))]


def has_side(query: Mapping[str, object], prefix: str = B_PREFIX) -> bool:
    """Whether a URL's query holds any parameter of a side.

    >>> has_side({"tag": "x"}), has_side({"b_q": "abuse"})
    (False, True)
    """
    return any(str(k).startswith(prefix) for k in query)

