"""Time buckets and spikes (reactions.analysis.timeline)."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import numpy as np
import pandas as pd
import pytest

from reactions.analysis import timeline

T = pd.Timestamp


@pytest.mark.parametrize(
    ("first", "last", "exact", "bucket"),
    [
        ("2020-02-01 00:00", "2020-02-03 23:00", 1.0, "hour"),  # 72 hours
        ("2020-02-01 00:00", "2020-02-03 23:00", 0.3, "day"),  # mostly dates only: no hours
        ("2020-02-01", "2020-05-29", 1.0, "day"),  # 119 days
        ("2020-02-01", "2020-06-30", 1.0, "week"),
        ("2020-01-01", "2022-03-31", 1.0, "week"),  # 117 weeks
        ("2019-01-01", "2024-12-31", 1.0, "month"),  # six years: 72 months
        ("2000-01-01", "2024-12-31", 1.0, "quarter"),  # 100 quarters
        ("1950-01-01", "2024-12-31", 1.0, "quarter"),  # 300 quarters: the coarsest, however many
    ],
)
def test_the_bucket_is_the_finest_giving_at_most_120(first: str, last: str, exact: float, bucket: str) -> None:
    chosen = timeline.choose_bucket(T(first), T(last), exact=exact)
    assert chosen == bucket
    if first > "1990":
        assert timeline.count_buckets(T(first), T(last), chosen) <= timeline.MAX_BUCKETS
    finer = timeline.BUCKETS[timeline.BUCKETS.index(chosen) - 1] if chosen != "hour" else None
    if finer is not None and (finer != "hour" or exact >= timeline.EXACT_FOR_HOURS):
        assert timeline.count_buckets(T(first), T(last), finer) > timeline.MAX_BUCKETS


def test_a_bucket_chosen_by_hand_is_kept_unless_too_many_to_draw() -> None:
    assert timeline.effective_bucket("week", T("2019-01-01"), T("2024-12-31")) == "week"  # 314 weeks
    assert timeline.effective_bucket("day", T("2019-01-01"), T("2024-12-31")) == "month"  # 2191 days: auto
    assert timeline.effective_bucket("", T("2019-01-01"), T("2024-12-31")) == "month"
    assert timeline.effective_bucket("fortnight", T("2020-01-01"), T("2020-01-03")) == "hour"
    assert timeline.choose_bucket(None, None) == "day"


def test_bucket_starts_floor_to_hour_day_monday_month_and_quarter() -> None:
    times = pd.Series(pd.to_datetime(["2020-02-05 13:45", "2020-12-31 23:59", "2021-01-03 00:00", None]))
    expected = {
        "hour": ["2020-02-05 13:00", "2020-12-31 23:00", "2021-01-03 00:00"],
        "day": ["2020-02-05", "2020-12-31", "2021-01-03"],
        "week": ["2020-02-03", "2020-12-28", "2020-12-28"],  # Mondays; Sunday 3 Jan 2021 is in the week of 28 Dec
        "month": ["2020-02-01", "2020-12-01", "2021-01-01"],
        "quarter": ["2020-01-01", "2020-10-01", "2021-01-01"],
    }
    for bucket, starts in expected.items():
        found = timeline.bucket_starts(times, bucket)
        assert [str(t) for t in found[:3]] == [str(T(s)) for s in starts], bucket
        assert pd.isna(found[3])


def test_the_range_holds_every_bucket_even_empty_ones() -> None:
    weeks = timeline.bucket_range(T("2020-01-01"), T("2020-02-12"), "week")
    assert len(weeks) == 7
    assert weeks[0] == T("2019-12-30")
    assert weeks[-1] == T("2020-02-10")
    assert (np.diff(weeks.asi8) == 7 * 86_400 * 10**9).all()
    ends = timeline.bucket_ends(weeks, "week")
    assert list(ends[:-1]) == list(weeks[1:])
    assert timeline.bucket_key(weeks[:1], "week") == ["2019-12-30"]
    assert timeline.bucket_key(timeline.bucket_range(T("2020-01-01"), T("2020-12-31"), "quarter"), "quarter") == [
        "2020-01", "2020-04", "2020-07", "2020-10",
    ]  # fmt: skip


def test_local_times_convert_exact_times_and_keep_dates() -> None:
    created = pd.Series(pd.to_datetime(["2020-02-01 23:30", None, None], utc=True))
    dates = pd.Series(pd.to_datetime(["2020-02-01", "2020-02-05", None]))
    tokyo = timeline.local_times(created, dates, "Asia/Tokyo")
    expected = dt.datetime(2020, 2, 1, 23, 30, tzinfo=dt.UTC).astimezone(zoneinfo.ZoneInfo("Asia/Tokyo"))
    assert tokyo[0] == T(expected.replace(tzinfo=None))  # 08:30 the next day
    assert tokyo[1] == T("2020-02-05")  # a date alone stays that date in every zone
    assert pd.isna(tokyo[2])
    assert timeline.local_times(created, dates, "Nowhere/Atall")[0] == T("2020-02-01 23:30")  # unknown: UTC
    new_york = timeline.local_times(created, dates, "America/New_York")
    assert new_york[0] == T("2020-02-01 18:30")


def poisson_series(rng: np.random.Generator, means: np.ndarray) -> np.ndarray:
    return rng.poisson(means).astype(float)


@pytest.mark.parametrize("seed", range(20))
def test_known_spikes_are_found_and_nothing_else(seed: int) -> None:
    rng = np.random.default_rng(seed)
    counts = poisson_series(rng, np.full(120, 20.0))
    spikes = [30, 64, 65, 101]  # a two-bucket burst is two spikes
    counts[spikes] += [80, 120, 70, 60]
    found = np.flatnonzero(timeline.find_spikes(counts))
    assert found.tolist() == spikes


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize(
    "means",
    [
        np.full(150, 1.0),  # flat and tiny
        np.full(150, 3.0),  # flat and small
        np.full(150, 200.0),  # flat and large
        np.linspace(20, 400, 150),  # steady linear growth
        20 * 1.03 ** np.arange(150),  # steady 3% growth a bucket
        np.linspace(400, 5, 150),  # steady decline
        50 + 30 * np.sin(np.arange(150) * 2 * np.pi / 7),  # a weekly rhythm
    ],
    ids=["flat-tiny", "flat-small", "flat-large", "linear", "geometric", "decline", "weekly"],
)
def test_no_false_spike_on_flat_or_steady_series(seed: int, means: np.ndarray) -> None:
    counts = poisson_series(np.random.default_rng(seed), means)
    assert not timeline.find_spikes(counts).any(), np.flatnonzero(timeline.find_spikes(counts))


def test_the_rule_needs_history_a_minimum_and_a_double() -> None:
    quiet = [0] * timeline.SPIKE_HISTORY
    assert not timeline.find_spikes([0] * (timeline.SPIKE_HISTORY - 1) + [50]).any()  # too little history
    assert timeline.find_spikes([*quiet, 7]).tolist()[-1]  # 7 from nothing is a spike
    assert not timeline.find_spikes([*quiet, 6]).any()  # within z spreads of nothing (Anscombe)
    assert not timeline.find_spikes([0, 1] * 4 + [6]).any()
    assert not timeline.find_spikes([100] * 8 + [190]).any()  # far out, but not double the usual
    assert timeline.find_spikes([100] * 8 + [200]).tolist()[-1]
    assert np.isnan(timeline.baselines([1, 2])[0])
    assert timeline.baselines([1, 2, 9])[2] == 1.5


def test_zones() -> None:
    assert timeline.valid_zone("Europe/Paris")
    for bad in ("", "Mars/Base", "../../etc/passwd", "/etc/localtime", "Europe/../UTC"):
        assert not timeline.valid_zone(bad)
    names = timeline.zone_names()
    assert names[0] == "UTC"
    assert "Asia/Tokyo" in names
    assert len(names) == len(set(names))


def test_an_unknown_bucket_is_a_clear_error() -> None:
    for call in (
        lambda: timeline.bucket_starts(pd.Series([T("2020-01-01")]), "fortnight"),
        lambda: timeline.bucket_range(T("2020-01-01"), T("2020-02-01"), "fortnight"),
        lambda: timeline.bucket_key(pd.DatetimeIndex([T("2020-01-01")]), "fortnight"),
        lambda: timeline.bucket_ends(pd.DatetimeIndex([T("2020-01-01")]), "fortnight"),
    ):
        with pytest.raises(ValueError, match="unknown time bucket 'fortnight': use one of hour, day"):
            call()
