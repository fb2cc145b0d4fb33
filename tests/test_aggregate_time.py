"""The time aggregations (reactions.analysis.aggregate_time), each checked against a row-by-row reference."""

from __future__ import annotations

import datetime as dt
import itertools
import math
import zoneinfo
from collections import defaultdict
from typing import Any

import numpy as np
import pandas as pd
import pytest
from frame_factory import make_frame, make_row, random_frame

from reactions.analysis import aggregate, aggregate_time, timeline
from reactions.analysis.index import FrameIndex
from reactions.models import SENTIMENT_LABELS

CUTS = [("day", "UTC"), ("week", "UTC"), ("hour", "Asia/Kolkata"), ("month", "America/New_York"), ("quarter", "UTC")]


def local(row: pd.Series, zone: str) -> dt.datetime | None:
    """A row's wall-clock time in ``zone``, with the standard library: created_at converted, else the date."""
    if pd.notna(row["created_at"]):
        moment = row["created_at"].to_pydatetime().astimezone(zoneinfo.ZoneInfo(zone))
        return moment.replace(tzinfo=None)
    if pd.notna(row["date"]):
        return row["date"].to_pydatetime()
    return None


def floor(moment: dt.datetime, bucket: str) -> dt.datetime:
    hour = moment.replace(minute=0, second=0, microsecond=0)
    day = hour.replace(hour=0)
    return {
        "hour": hour,
        "day": day,
        "week": day - dt.timedelta(days=day.weekday()),
        "month": day.replace(day=1),
        "quarter": day.replace(month=3 * ((day.month - 1) // 3) + 1, day=1),
    }[bucket]


def key(start: dt.datetime, bucket: str) -> str:
    return start.strftime({"hour": "%Y-%m-%dT%H:00", "day": "%Y-%m-%d", "week": "%Y-%m-%d"}.get(bucket, "%Y-%m"))


def rows_of(frame: pd.DataFrame, mask: np.ndarray | None) -> list[tuple[int, pd.Series]]:
    return [(i, row) for i, (_, row) in enumerate(frame.iterrows()) if mask is None or mask[i]]


def label(row: pd.Series) -> str | None:
    return None if pd.isna(row["sentiment"]) else str(row["sentiment"])  # None: not scored, in no label's count


def nanmean(values: list[float]) -> float:
    kept = [v for v in values if not math.isnan(v)]
    return sum(kept) / len(kept) if kept else math.nan


def close(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == pytest.approx(b)


@pytest.fixture(scope="module", params=[3, 11])
def random(request: Any) -> pd.DataFrame:
    return random_frame(np.random.default_rng(request.param), 400)


def some_mask(frame: pd.DataFrame, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).random(len(frame)) < 0.6


@pytest.mark.parametrize(("bucket", "zone"), CUTS)
@pytest.mark.parametrize("masked", [False, True])
def test_reactions_by_bucket_is_the_row_by_row_count(
    random: pd.DataFrame, bucket: str, zone: str, masked: bool
) -> None:
    mask = some_mask(random, 1) if masked else None
    found = aggregate_time.reactions_by_bucket(FrameIndex(random), bucket, zone, mask=mask)
    groups: dict[tuple[str, str], list[float]] = defaultdict(list)
    totals: dict[str, int] = defaultdict(int)
    for _, row in rows_of(random, mask):
        moment = local(row, zone)
        if moment is None or label(row) is None:
            continue
        name = key(floor(moment, bucket), bucket)
        groups[(name, label(row))].append(float(row["compound"]))
        totals[name] += 1
    assert len(found) == len(groups)
    for item in found.itertuples():
        values = groups[(item.bucket, item.sentiment)]
        assert item.reactions == len(values)
        assert item.share == pytest.approx(len(values) / totals[item.bucket])
        assert close(item.mean_compound, nanmean(values))
        end = pd.Timestamp(item.end).to_pydatetime()
        assert floor(end - dt.timedelta(microseconds=1), bucket) == pd.Timestamp(item.start).to_pydatetime()
        assert floor(end, bucket) == end  # the end is the next bucket's start
        assert key(pd.Timestamp(item.start).to_pydatetime(), bucket) == item.bucket
        assert item.sentiment in SENTIMENT_LABELS


@pytest.mark.parametrize(("bucket", "zone"), CUTS)
def test_bucket_totals_list_every_bucket_with_runs_and_spikes(random: pd.DataFrame, bucket: str, zone: str) -> None:
    mask = some_mask(random, 2)
    found = aggregate_time.bucket_totals(random, bucket, zone, mask=mask)
    counts: dict[dt.datetime, list[float]] = defaultdict(list)
    exact: dict[dt.datetime, int] = defaultdict(int)
    for _, row in rows_of(random, mask):
        moment = local(row, zone)
        if moment is not None:
            counts[floor(moment, bucket)].append(float(row["compound"]))
            exact[floor(moment, bucket)] += int(pd.notna(row["created_at"]))
    starts = [pd.Timestamp(s).to_pydatetime() for s in found["start"]]
    assert starts[0] == min(counts)
    assert starts[-1] == max(counts)
    assert all(floor(later - dt.timedelta(microseconds=1), bucket) == earlier
               for earlier, later in itertools.pairwise(starts))  # fmt: skip  # consecutive, none missing
    expected = [len(counts.get(s, [])) for s in starts]
    assert found["reactions"].tolist() == expected
    for start, mean in zip(starts, found["mean_compound"], strict=True):
        assert close(mean, nanmean(counts[start]) if start in counts else math.nan)
    runs = np.cumsum([n == 0 for n in expected])
    assert found["run"].tolist() == runs.tolist()
    judged = [exact.get(s, 0) for s in starts] if bucket == "hour" else expected
    assert found["spike"].tolist() == timeline.find_spikes(judged).tolist()


def test_a_line_never_joins_across_an_empty_bucket() -> None:
    days = [dt.date(2020, 1, d) for d in (1, 2, 5, 6, 7, 9)]
    frame = make_frame([make_row(i, date=day, compound=0.1 * i) for i, day in enumerate(days)])
    totals = aggregate_time.bucket_totals(frame, "day")
    assert totals["bucket"].tolist()[:4] == ["2020-01-01", "2020-01-02", "2020-01-03", "2020-01-04"]
    dated = totals[totals["reactions"] > 0]
    assert dated.groupby("run")["bucket"].apply(list).tolist() == [
        ["2020-01-01", "2020-01-02"], ["2020-01-05", "2020-01-06", "2020-01-07"], ["2020-01-09"],
    ]  # fmt: skip


@pytest.mark.parametrize(("bucket", "zone"), CUTS[:4])
def test_hashtags_by_bucket_follow_the_top_hashtags(random: pd.DataFrame, bucket: str, zone: str) -> None:
    mask = some_mask(random, 3)
    found = aggregate_time.hashtags_by_bucket(random, 4, bucket, zone, mask=mask)
    top = aggregate.reactions_by_hashtag(random, 4, mask=mask)["hashtag"].tolist()
    assert list(dict.fromkeys(found["hashtag"])) == [t for t in top if t in set(found["hashtag"])]
    expected: dict[tuple[str, str], list[float]] = defaultdict(list)
    for _, row in rows_of(random, mask):
        moment = local(row, zone)
        folded = {h.casefold() for h in row["hashtags"]}
        for tag in top:
            if moment is not None and tag.casefold() in folded:
                expected[(tag, key(floor(moment, bucket), bucket))].append(float(row["compound"]))
    assert len(found) == len(expected)
    for item in found.itertuples():
        values = expected[(item.hashtag, item.bucket)]
        assert item.reactions == len(values)
        assert close(item.mean_compound, nanmean(values))
    per_tag = [group["start"].tolist() for _, group in found.groupby("hashtag", sort=False)]
    assert all(starts == sorted(starts) for starts in per_tag)


def storm() -> pd.DataFrame:
    """Twelve quiet weeks of three posts, then a week of 30 posts about #Storm, one of them cited by four
    articles, most of them by @chaser."""
    return make_frame(storm_rows())


def storm_rows() -> list[dict[str, Any]]:
    """The rows of :func:`storm`."""
    rows, number = [], 0
    for week in range(12):
        for day in (0, 2, 4):
            rows.append(make_row(number, date=dt.date(2020, 1, 6) + dt.timedelta(weeks=week, days=day),
                                 hashtags=["Calm"]))  # fmt: skip
            number += 1
    for i in range(30):
        cited = ["a.txt", "b.txt", "c.txt", "d.txt"] if i == 17 else ["a.txt"]
        handle = "chaser" if i % 3 else f"watcher{i}"
        rows.append(make_row(number, date=dt.date(2020, 3, 30) + dt.timedelta(days=i % 7), handle=handle,
                             hashtags=["Storm", "Wind"] if i % 2 else ["Storm"], sources=cited,
                             text=f"storm post {i}"))  # fmt: skip
        number += 1
    for day in (0, 3):
        rows.append(make_row(number, date=dt.date(2020, 4, 6) + dt.timedelta(days=day), hashtags=["Calm"]))
        number += 1
    return rows


def test_a_spike_says_what_drove_it() -> None:
    frame = storm()
    spikes = aggregate_time.spike_drivers(frame, "week")
    assert list(spikes.columns) == aggregate_time.SPIKE_COLUMNS
    assert spikes["bucket"].tolist() == ["2020-03-30"]
    spike = spikes.iloc[0]
    assert spike["reactions"] == 30
    assert spike["baseline"] == 3
    assert spike["hashtags"] == "Storm, Wind"
    assert spike["authors"].split(", ")[0] == "@chaser"
    assert spike["post"] == "storm post 17"
    assert spike["post_articles"] == 4
    assert spike["post_author"] == "@chaser"  # post 17 is one of @chaser's
    totals = aggregate_time.bucket_totals(frame, "week")
    pd.testing.assert_frame_equal(aggregate_time.spike_drivers(frame, "week", totals=totals), spikes)
    calm = np.asarray([tags == ["Calm"] for tags in frame["hashtags"]])
    assert aggregate_time.spike_drivers(frame, "week", mask=calm).empty  # without the storm: no spike
    assert aggregate_time.spike_drivers(frame.iloc[:0], "week").empty


def test_each_spike_ranks_its_own_rows_as_the_top_charts_do() -> None:
    rows = [make_row(1000 + i, date=dt.date(2020, 4, 6) + dt.timedelta(weeks=w, days=d), hashtags=["Calm"])
            for i, (w, d) in enumerate((w, d) for w in range(1, 10) for d in (0, 3, 5))]  # fmt: skip
    flood = [make_row(2000 + i, date=dt.date(2020, 6, 15) + dt.timedelta(days=i % 7), handle=f"f{i % 4}",
                      hashtags=["Flood", "rain"] if i % 3 else ["RAIN"]) for i in range(25)]  # fmt: skip
    frame = make_frame([*storm_rows(), *rows, *flood])
    spikes = aggregate_time.spike_drivers(frame, "week")
    assert spikes["bucket"].tolist() == ["2020-03-30", "2020-06-15"]
    index = FrameIndex(frame)
    names = index.bucket_names("week")
    for spike in spikes.itertuples():
        inside = index.buckets("week").flags(names == spike.bucket)
        assert spike.hashtags == ", ".join(aggregate.reactions_by_hashtag(frame, 3, mask=inside)["hashtag"])
        assert spike.authors == ", ".join(aggregate.top_authors(frame, 3, mask=inside)["author"])
        cited = frame.loc[inside, "article_count"]
        assert spike.post_articles == cited.max()
        assert spike.post_id == frame.loc[cited.idxmax(), "id"]

