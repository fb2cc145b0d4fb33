"""How the page cuts time (app.timeview): the bucket and zone drawn, and the Spikes table."""

from __future__ import annotations

import datetime as dt

import numpy as np
import pandas as pd
from frame_factory import make_frame, make_row, sample_frame
from test_aggregate_time import storm

from app import timeview
from reactions.analysis import aggregate_time
from reactions.analysis.index import FrameIndex
from reactions.viewstate.views import Filters


def everything(index: FrameIndex) -> np.ndarray:
    return np.ones(index.size, dtype=bool)


def exact_days(count: int, step: dt.timedelta) -> pd.DataFrame:
    start = dt.datetime(2020, 1, 1, 9, tzinfo=dt.UTC)
    return make_frame([make_row(i, created_at=start + i * step, date=None) for i in range(count)])


def test_auto_follows_the_span_and_the_exact_times() -> None:
    seeds = FrameIndex(sample_frame())  # four days, one post in six with an exact time
    assert timeview.exact_share(seeds, everything(seeds)) == 1 / 6
    assert timeview.time_view(seeds, everything(seeds), Filters()) == timeview.TimeView("day", "UTC")
    hours = FrameIndex(exact_days(30, dt.timedelta(hours=2)))  # two and a half days of exact times
    assert timeview.time_view(hours, everything(hours), Filters()).bucket == "hour"
    years = FrameIndex(exact_days(80, dt.timedelta(days=30)))  # six and a half years
    assert timeview.time_view(years, everything(years), Filters()).bucket == "month"
    first_year = np.arange(years.size) < 12
    assert timeview.time_view(years, first_year, Filters()).bucket == "week"  # the filtered span decides


def test_a_bucket_chosen_by_hand_is_kept_or_said_why_not() -> None:
    years = FrameIndex(exact_days(80, dt.timedelta(days=30)))
    assert timeview.time_view(years, everything(years), Filters(bucket="week")) == timeview.TimeView("week", "UTC")
    fallen = timeview.time_view(years, everything(years), Filters(bucket="hour"))
    assert fallen.bucket == "month"
    assert fallen.note is not None
    assert "hour" in fallen.note


def test_the_zone_is_the_filters_or_utc() -> None:
    index = FrameIndex(sample_frame())
    assert timeview.time_view(index, everything(index), Filters(zone="Asia/Tokyo")).zone == "Asia/Tokyo"
    assert timeview.time_view(index, everything(index), Filters(zone="Mars/Olympus")).zone == "UTC"
    tokyo = timeview.span(index, everything(index), "Asia/Tokyo")
    assert tokyo[0] == pd.Timestamp("2020-01-31")
    assert tokyo[1] == pd.Timestamp("2020-02-04 23:00")  # r003, 23:30 UTC on 3 Feb, is 4 Feb in Tokyo
    assert timeview.span(index, np.zeros(index.size, dtype=bool), "UTC") == (None, None)


def test_the_spikes_table_names_its_columns_for_people() -> None:
    spikes = aggregate_time.spike_drivers(storm(), "week")
    table = timeview.spike_rows(spikes, ["week of 30 Mar 2020"])
    assert list(table.columns) == list(timeview.SPIKE_TABLE.values())
    assert table.iloc[0]["When"] == "week of 30 Mar 2020"
    assert table.iloc[0]["Reactions"] == 30
    assert table.iloc[0]["Usual"] == 3
    assert table.iloc[0]["Most-cited post"] == "storm post 17"
