"""Time buckets and spikes: pure functions over timestamps and counts (no frame, no chart).

A *bucket* is one of :data:`BUCKETS` (hour, day, week, month, quarter).  :func:`choose_bucket` picks the
finest bucket that cuts a span into at most :data:`MAX_BUCKETS` buckets (the rule the page's "Auto" follows);
:func:`local_times` puts each reaction in a time zone (``created_at``, a post's exact time, converted; a post
with only a ``date`` keeps that date, at midnight); :func:`bucket_starts` floors those wall-clock times to
their bucket; :func:`bucket_range` lists every bucket of a span, empty ones included; :func:`bucket_key` names a
bucket (what a chart selection and a URL carry).

:func:`find_spikes` marks the buckets whose volume stands out from the buckets just before them (the rule is in
its docstring and in the README).
"""

from __future__ import annotations

import zoneinfo
from typing import Final

import numpy as np
import numpy.typing as npt
import pandas as pd

BUCKETS: Final[tuple[str, ...]] = ("hour", "day", "week", "month", "quarter")
"""The time buckets, finest first.  A week starts on Monday; a quarter in January, April, July, October."""
MAX_BUCKETS: Final = 120
""":func:`choose_bucket` picks the finest bucket giving at most this many buckets over the span."""
MAX_DRAWN: Final = 400
"""A bucket chosen by hand is kept while it gives at most this many buckets (each still a few pixels wide);
finer ones fall back to the automatic choice."""
EXACT_FOR_HOURS: Final = 0.5
""":func:`choose_bucket` picks hours only when at least this share of the dated reactions have an exact time."""
UTC: Final = "UTC"
_FREQ: Final = {"hour": "h", "day": "D", "week": "W-MON", "month": "MS", "quarter": "QS"}
_KEY_FORMAT: Final = {"hour": "%Y-%m-%dT%H:00", "day": "%Y-%m-%d", "week": "%Y-%m-%d", "month": "%Y-%m",
                      "quarter": "%Y-%m"}  # fmt: skip
SPIKE_WINDOW: Final = 12
"""How many buckets before a bucket make its baseline."""
SPIKE_HISTORY: Final = 8
"""A bucket needs at least this many buckets before it (in the range shown) to be judged."""
SPIKE_MIN_COUNT: Final = 5
"""A spike has at least this many reactions."""
SPIKE_Z: Final = 4.0
"""How many spreads above the baseline a spike is."""
SPIKE_RATIO: Final = 2.0
"""A spike is at least this many times its baseline."""


def _known(bucket: str) -> str:
    """``bucket``, when it is one of :data:`BUCKETS` (a caller's mistake otherwise: ValueError, saying which)."""
    if bucket not in BUCKETS:
        raise ValueError(f"unknown time bucket {bucket!r}: use one of {', '.join(BUCKETS)}")
    return bucket


def valid_zone(name: str) -> bool:
    """Whether ``name`` is an IANA time zone :mod:`zoneinfo` knows.

    >>> valid_zone("Europe/Paris"), valid_zone("UTC"), valid_zone("Mars/Olympus"), valid_zone("../etc")
    (True, True, False, False)
    """
    if not name or name.startswith(("/", ".")) or ".." in name:
        return False
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return False
    return True


def zone_names() -> list[str]:
    """Every time zone :mod:`zoneinfo` offers, ``UTC`` first, then sorted."""
    return [UTC, *sorted(zoneinfo.available_timezones() - {UTC})]


def count_buckets(first: pd.Timestamp, last: pd.Timestamp, bucket: str) -> int:
    """How many ``bucket`` buckets the span from ``first`` to ``last`` touches (at least 1).

    >>> count_buckets(pd.Timestamp("2020-01-01"), pd.Timestamp("2020-12-31"), "month")
    12
    """
    return len(bucket_range(first, last, bucket))


def choose_bucket(
    first: pd.Timestamp | None, last: pd.Timestamp | None, *, limit: int = MAX_BUCKETS, exact: float = 1.0
) -> str:
    """The finest of :data:`BUCKETS` that cuts ``first``..``last`` into at most ``limit`` buckets (``quarter``
    when none does; ``day`` when there is no span).  ``hour`` only when at least :data:`EXACT_FOR_HOURS` of the
    reactions (``exact``, a share) have an exact time: a post with only a date sits at midnight.

    >>> t = pd.Timestamp
    >>> choose_bucket(t("2020-02-01"), t("2020-02-03")), choose_bucket(t("2020-02-01"), t("2020-04-30"))
    ('hour', 'day')
    >>> choose_bucket(t("2020-01-01"), t("2021-06-30")), choose_bucket(t("2019-01-01"), t("2024-12-31"))
    ('week', 'month')
    >>> choose_bucket(t("2020-02-01"), t("2020-02-03"), exact=0.2)
    'day'
    """
    if first is None or last is None or pd.isna(first) or pd.isna(last):
        return "day"
    for bucket in BUCKETS[0 if exact >= EXACT_FOR_HOURS else 1 :]:
        if _rough_count(first, last, bucket) <= limit:
            return bucket
    return BUCKETS[-1]


def _rough_count(first: pd.Timestamp, last: pd.Timestamp, bucket: str) -> int:
    """:func:`count_buckets` without listing them (an hour bucket over years would be a long list)."""
    hours = (last - first) / pd.Timedelta(hours=1)
    per_bucket = {"hour": 1, "day": 24, "week": 168, "month": 730.5, "quarter": 2191.5}[bucket]
    if hours / per_bucket > 10 * MAX_DRAWN:
        return int(hours / per_bucket)
    return count_buckets(first, last, bucket)


def effective_bucket(chosen: str, first: pd.Timestamp | None, last: pd.Timestamp | None, exact: float = 1.0) -> str:
    """The bucket to draw: ``chosen`` when it is one of :data:`BUCKETS` giving at most :data:`MAX_DRAWN`
    buckets over the span, else :func:`choose_bucket`'s (``chosen`` ``""`` or ``"auto"``: automatic; ``exact``:
    the share of reactions with an exact time).

    >>> t = pd.Timestamp
    >>> effective_bucket("day", t("2020-01-01"), t("2020-03-01")), effective_bucket("day", t("2015-01-01"),
    ...                                                                             t("2020-01-01"))
    ('day', 'month')
    """
    known = chosen in BUCKETS and first is not None and last is not None and not (pd.isna(first) or pd.isna(last))
    if known and _rough_count(first, last, chosen) <= MAX_DRAWN:  # type: ignore[arg-type]
        return chosen
    return choose_bucket(first, last, exact=exact)


def local_times(created_at: pd.Series, dates: pd.Series, zone: str = UTC) -> pd.Series:
    """Each reaction's wall-clock time in ``zone`` (naive datetime64): ``created_at`` (UTC) converted, else its
    ``date`` as it is (midnight; a date has no zone to convert from); ``NaT`` when it has neither.  An unknown
    zone is UTC."""
    created = pd.Series(created_at)
    if not isinstance(created.dtype, pd.DatetimeTZDtype):
        created = pd.to_datetime(created, utc=True)
    local = created.dt.tz_convert(zone if valid_zone(zone) else UTC).dt.tz_localize(None)
    kept = pd.Series(local.to_numpy(dtype="datetime64[ns]"), index=created.index)
    filled: pd.Series = kept.fillna(pd.Series(dates, index=created.index).astype("datetime64[ns]"))
    return filled


def bucket_starts(times: pd.Series, bucket: str) -> pd.Series:
    """Each time floored to the start of its ``bucket`` (``NaT`` stays ``NaT``).

    >>> times = pd.Series(pd.to_datetime(["2020-02-05 13:45", "2020-05-17 08:00", None]))
    >>> [str(t) for t in bucket_starts(times, "week")], str(bucket_starts(times, "quarter")[1])
    (['2020-02-03 00:00:00', '2020-05-11 00:00:00', 'NaT'], '2020-04-01 00:00:00')
    """
    values = pd.Series(times).astype("datetime64[ns]")
    if _known(bucket) == "hour":
        return values.dt.floor("h")
    days = values.dt.normalize()
    if bucket == "day":
        return days
    if bucket == "week":
        return days - pd.to_timedelta(days.dt.day_of_week, unit="D")
    period = days.dt.to_period("M" if bucket == "month" else "Q")
    return pd.Series(period.dt.start_time, index=values.index).astype("datetime64[ns]")


def bucket_range(first: pd.Timestamp, last: pd.Timestamp, bucket: str) -> pd.DatetimeIndex:
    """The start of every bucket from the one holding ``first`` to the one holding ``last``, empty ones included.

    >>> [str(d.date()) for d in bucket_range(pd.Timestamp("2020-01-20"), pd.Timestamp("2020-05-02"), "quarter")]
    ['2020-01-01', '2020-04-01']
    """
    ends = bucket_starts(pd.Series([first, last]), bucket)
    return pd.date_range(ends[0], ends[1], freq=_FREQ[_known(bucket)])


def bucket_ends(starts: pd.DatetimeIndex | pd.Series, bucket: str) -> pd.DatetimeIndex:
    """The end (the next bucket's start) of each bucket starting at ``starts``."""
    index = pd.DatetimeIndex(starts)
    step = {"hour": pd.DateOffset(hours=1), "day": pd.DateOffset(days=1), "week": pd.DateOffset(weeks=1),
            "month": pd.DateOffset(months=1), "quarter": pd.DateOffset(months=3)}[_known(bucket)]  # fmt: skip
    return index + step


def bucket_key(starts: pd.DatetimeIndex | pd.Series, bucket: str) -> list[str]:
    """Each bucket's name: its start, as precise as the bucket (``2020-02-03T14:00``, ``2020-02-03``,
    ``2020-02``); what a chart selection and a URL carry.

    >>> starts = pd.DatetimeIndex
    >>> bucket_key(starts(["2020-02-03 14:00"]), "hour"), bucket_key(starts(["2020-04-01"]), "quarter")
    (['2020-02-03T14:00'], ['2020-04'])
    """
    return list(pd.DatetimeIndex(starts).strftime(_KEY_FORMAT[_known(bucket)]))


def find_spikes(
    counts: npt.ArrayLike,
    *,
    window: int = SPIKE_WINDOW,
    history: int = SPIKE_HISTORY,
    min_count: int = SPIKE_MIN_COUNT,
    z: float = SPIKE_Z,
    ratio: float = SPIKE_RATIO,
) -> npt.NDArray[np.bool_]:
    """Which buckets are spikes: volume that stands out from its recent baseline.

    ``counts`` are the reactions of consecutive buckets (empty buckets as 0).  Bucket ``i`` is judged against the
    (up to) ``window`` buckets before it (never itself, never a later one), once at least ``history`` come before
    it.  With ``median``, ``mean`` and ``mad`` (median absolute deviation) of those buckets, it is a spike when its
    count is at least ``min_count`` and above each of

    * ``median + z * sqrt((1.4826 * mad)² + max(mean, 1))``: ``z`` spreads above the usual level, the spread
      adding how much the series itself moves (1.4826 × MAD, a robust standard deviation, large for a series
      that grows or swings) to the Poisson noise of a count that size;
    * ``(sqrt(mean + 3/8) + z/2)² - 3/8``: ``z`` standard deviations above the mean on Anscombe's
      variance-stabilised scale (``2 * sqrt(x + 3/8)`` of a Poisson count is close to normal with variance 1),
      which keeps a handful of reactions after a few quiet buckets from counting as a spike;
    * ``ratio * median``: reactions come in bursts (one article cites several posts), so counts vary more than
      Poisson noise: a spike must also be large in proportion.

    Measured on Poisson series of 150 buckets, 300 trials each: flat at 1 to 200 reactions a bucket, declining, or
    on a weekly rhythm, at most 2 trials in 300 have a bucket marked; growing steadily (linearly from 20 to 400, or
    by 3% a bucket) 2 to 5 in 300, early in the series, where counts are small and grow fastest in proportion.

    >>> find_spikes([3, 4, 3, 5, 4, 3, 2, 4, 3, 40, 4, 3]).nonzero()[0].tolist()
    [9]
    >>> find_spikes(range(0, 200, 5)).any()
    np.False_
    """
    values = np.asarray(counts, dtype=float)
    spikes = np.zeros(len(values), dtype=bool)
    for i in range(history, len(values)):
        if values[i] < min_count:
            continue
        before = values[max(0, i - window) : i]
        median, mean = float(np.median(before)), float(np.mean(before))
        robust = 1.4826 * float(np.median(np.abs(before - median)))
        moved = median + z * float(np.sqrt(robust**2 + max(mean, 1.0)))
        stable = (float(np.sqrt(mean + 0.375)) + z / 2) ** 2 - 0.375
        spikes[i] = values[i] > max(moved, stable) and values[i] >= ratio * median
    return spikes


def baselines(counts: npt.ArrayLike, *, window: int = SPIKE_WINDOW) -> npt.NDArray[np.float64]:
    """The baseline :func:`find_spikes` compares each bucket with: the median of the ``window`` buckets
    before it (NaN for the first)."""
    values = np.asarray(counts, dtype=float)
    out = np.full(len(values), np.nan)
    for i in range(1, len(values)):
        out[i] = float(np.median(values[max(0, i - window) : i]))
    return out
