"""The chart aggregations of reactions.analysis.aggregate, against row-by-row references."""

from __future__ import annotations

import datetime as dt
import math

import numpy as np
import pandas as pd
import pytest
from frame_factory import make_frame, make_row, sample_frame
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.analysis import aggregate
from reactions.analysis.index import reaction_days


@pytest.fixture
def frame() -> pd.DataFrame:
    return sample_frame()


def test_days_prefer_created_at_then_date(frame: pd.DataFrame) -> None:
    days = reaction_days(frame)
    assert days.iloc[3] == pd.Timestamp("2020-02-03")  # created_at (UTC) beats the attribution date
    assert days.iloc[1] == pd.Timestamp("2020-02-01")
    assert pd.isna(days.iloc[5])  # the undated quote


def test_reactions_by_day_stacks_by_sentiment(frame: pd.DataFrame) -> None:
    rows = aggregate.reactions_by_day(frame)
    assert list(rows.columns) == [
        "day", "sentiment", "reactions", "share", "mean_compound", "day_reactions", "day_mean_compound",
    ]  # fmt: skip
    assert rows["reactions"].sum() == 6  # seven reactions, one undated
    feb1 = rows[rows["day"] == "2020-02-01"].set_index("sentiment")
    assert feb1.loc["positive", "reactions"] == 1
    assert feb1.loc["neutral", "reactions"] == 1
    assert feb1["day_mean_compound"].iloc[0] == pytest.approx(0.3)
    assert feb1["share"].sum() == pytest.approx(1.0)
    assert "2020-02-02" not in rows["day"].tolist()  # no reactions that day: a gap on the time axis
    assert rows["day"].tolist() == sorted(rows["day"])
    assert rows.groupby("day")["sentiment"].apply(list).loc["2020-02-03"] == ["negative", "positive"]


def test_reactions_by_day_of_undated_only_is_empty() -> None:
    rows = aggregate.reactions_by_day(make_frame([make_row(0, date=None)]))
    assert rows.empty
    assert "day_mean_compound" in rows.columns


def test_hashtags_grouped_case_insensitively_in_most_common_spelling(frame: pd.DataFrame) -> None:
    rows = aggregate.reactions_by_hashtag(frame)
    assert rows["hashtag"].tolist() == ["JusticeForJohnnyDepp", "MeToo", "TimesUp"]
    assert rows["reactions"].tolist() == [5, 2, 1]
    assert rows.loc[1, "mean_compound"] == pytest.approx((-0.8 - 0.05) / 2)


def test_hashtag_top_n_and_repeats_count_once() -> None:
    rows = [make_row(0, hashtags=["a", "A", "b"]), make_row(1, hashtags=["b"]), make_row(2, hashtags=["c"])]
    result = aggregate.reactions_by_hashtag(make_frame(rows), top=2)
    assert result["hashtag"].tolist() == ["b", "a"]
    assert result["reactions"].tolist() == [2, 1]


def test_hashtags_by_day_only_top_and_dated(frame: pd.DataFrame) -> None:
    rows = aggregate.hashtags_by_day(frame, top=2)
    assert set(rows["hashtag"]) == {"JusticeForJohnnyDepp", "MeToo"}
    jfjd = rows[rows["hashtag"] == "JusticeForJohnnyDepp"]
    assert jfjd["reactions"].sum() == 4  # the undated quote is left out


def test_compound_distribution_bins_cover_every_score(frame: pd.DataFrame) -> None:
    rows = aggregate.compound_distribution(frame, bins=10)
    assert rows["reactions"].sum() == len(frame)
    assert (rows["bin_end"] - rows["bin_start"]).round(6).eq(0.2).all()
    top = rows[rows["bin_end"] == 1.0]
    assert top["reactions"].sum() == 1  # 0.9


def test_compound_distribution_edges() -> None:
    rows = aggregate.compound_distribution(make_frame([make_row(0, compound=1.0), make_row(1, compound=-1.0)]))
    assert rows["bin_start"].tolist() == [-1.0, 0.9]


def test_top_authors_mentions_emoji(frame: pd.DataFrame) -> None:
    authors = aggregate.top_authors(frame)
    assert authors.loc[0, "author"] == "@user1"
    assert authors.loc[0, "reactions"] == 2
    assert "a fan" not in authors["author"].tolist()  # unresolved: left out, and counted as such
    assert aggregate.headline(frame).unattributed == 1
    mentions = aggregate.top_mentions(frame)
    assert mentions.loc[0].tolist()[:2] == ["@Bob", 2]
    emoji = aggregate.top_emoji(frame)
    assert set(emoji["emoji"]) == {"😍", "😡", "🏳️‍🌈"}
    assert emoji.set_index("emoji").loc["😍", "reactions"] == 1  # twice in one post counts once


def test_the_headline_counts_attributed_rows_without_sorting_them(
    frame: pd.DataFrame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19: at 1,000,000 reactions the headline spent 1.3 CPU-s in ``np.unique`` (a hash or sort of every
    author entry) to count the rows with an author; flags count them in one pass, with the same figures."""
    from reactions.analysis.index import FrameIndex

    index = FrameIndex(frame)
    masks = [None, *(np.arange(len(frame)) % k == 0 for k in (1, 2, 3))]
    shown = [len(frame) if mask is None else int(mask.sum()) for mask in masks]
    expected = [n - len(set(index.authors.take(mask)[0].tolist())) for n, mask in zip(shown, masks, strict=True)]
    assert expected[0] == 1
    monkeypatch.setattr(aggregate.np, "unique", lambda *a, **k: pytest.fail("a sort or hash of every entry"))
    assert [aggregate.headline(index, mask=mask).unattributed for mask in masks] == expected


def test_sentiment_mix_always_three_labels() -> None:
    mix = aggregate.sentiment_mix(make_frame([make_row(0, compound=0.9)]))
    assert mix["sentiment"].tolist() == ["negative", "neutral", "positive"]
    assert mix["reactions"].tolist() == [0, 0, 1]


def test_headline(frame: pd.DataFrame) -> None:
    h = aggregate.headline(frame)
    assert (h.reactions, h.authors, h.articles, h.undated, h.unattributed) == (7, 5, 2, 1, 1)
    assert h.first_day == dt.date(2020, 1, 31)
    assert h.last_day == dt.date(2020, 2, 3)
    assert h.positive + h.neutral + h.negative == pytest.approx(1.0)


def test_everything_survives_an_empty_frame() -> None:
    empty = make_frame([])
    builds = [aggregate.reactions_by_day, aggregate.reactions_by_hashtag, aggregate.hashtags_by_day]
    builds += [aggregate.compound_distribution, aggregate.top_authors, aggregate.top_mentions, aggregate.top_emoji]
    for build in builds:
        assert build(empty).empty
    h = aggregate.headline(empty)
    assert h.reactions == 0
    assert h.first_day is None
    assert math.isnan(h.mean_compound)


tags = st.lists(st.sampled_from(["A", "a", "B", "b", "Cc", "cC", "d"]), max_size=4)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(tags, st.floats(-1, 1)), max_size=12))
def test_hashtag_counts_match_a_naive_count(posts: list[tuple[list[str], float]]) -> None:
    frame = make_frame([make_row(i, hashtags=h, compound=c) for i, (h, c) in enumerate(posts)])
    rows = aggregate.reactions_by_hashtag(frame, top=100)
    expected: dict[str, int] = {}
    for hashtags, _ in posts:
        for key in {h.casefold() for h in hashtags}:
            expected[key] = expected.get(key, 0) + 1
    assert dict(zip(rows["hashtag"].str.casefold(), rows["reactions"], strict=True)) == expected
    assert rows["reactions"].is_monotonic_decreasing


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.one_of(st.none(), st.dates(dt.date(2020, 1, 1), dt.date(2020, 3, 1))),
                          st.floats(-1, 1)), max_size=12))  # fmt: skip
def test_day_counts_add_up(posts: list[tuple[dt.date | None, float]]) -> None:
    frame = make_frame([make_row(i, date=d, compound=c) for i, (d, c) in enumerate(posts)])
    rows = aggregate.reactions_by_day(frame)
    assert rows["reactions"].sum() == sum(d is not None for d, _ in posts)
    assert aggregate.headline(frame).undated == sum(d is None for d, _ in posts)


def test_reactions_by_platform_counts_and_orders() -> None:
    from reactions.analysis.aggregate import reactions_by_platform

    frame = pd.DataFrame({
        "platform": pd.Categorical(["twitter", "instagram", "twitter", None]),
        "compound": [0.5, -0.5, 0.1, 0.0],
    })
    rows = reactions_by_platform(frame)
    assert rows["platform"].tolist() == ["twitter", "instagram", "unknown"]
    assert rows["reactions"].tolist() == [2, 1, 1]
    assert rows.loc[0, "mean_compound"] == pytest.approx(0.3)
