"""Comparisons of two views against row-by-row references on hand-made frames."""

from __future__ import annotations

import datetime as dt
import math
from collections import Counter
from typing import Any

import numpy as np
import pandas as pd
import pytest
from frame_factory import make_frame, make_row, random_frame, sample_frame

from reactions.analysis import compare
from reactions.analysis.stats import welch_test
from reactions.viewstate import links, views

LABELS = ("negative", "neutral", "positive")


# --- row-by-row references -------------------------------------------------------------------------------


def rows_of(frame: pd.DataFrame, mask: np.ndarray) -> list[dict[str, Any]]:
    return [frame.iloc[i].to_dict() for i in np.flatnonzero(mask)]


def day_of(row: dict[str, Any]) -> dt.date | None:
    if not pd.isna(row["created_at"]):
        return pd.Timestamp(row["created_at"]).tz_convert("UTC").date()
    return None if pd.isna(row["date"]) else pd.Timestamp(row["date"]).date()


def mean(values: list[float]) -> float:
    kept = [v for v in values if not math.isnan(v)]
    return sum(kept) / len(kept) if kept else math.nan


def label_of(row: dict[str, Any]) -> str | None:
    label = row["sentiment"]
    return None if label is None or (isinstance(label, float) and math.isnan(label)) else str(label)  # not scored


def tag_keys(row: dict[str, Any]) -> list[tuple[str, str]]:
    """(case-folded, spelling) of each hashtag of a row, a repeat up to case once (the first spelling)."""
    seen: dict[str, str] = {}
    for tag in row["hashtags"]:
        seen.setdefault(tag.casefold(), tag)
    return list(seen.items())


def ref_volume(sides: list[tuple[str, list[dict[str, Any]]]]) -> pd.DataFrame:
    days = {name: [(day_of(r), r["compound"]) for r in rows if day_of(r) is not None] for name, rows in sides}
    every = sorted({d for pairs in days.values() for d, _ in pairs})
    out = []
    if every:
        span = [every[0] + dt.timedelta(days=i) for i in range((every[-1] - every[0]).days + 1)]
        for day in span:
            for name, _ in sides:
                scores = [c for d, c in days[name] if d == day]
                share = len(scores) / len(days[name]) if days[name] else 0.0
                out.append((day.isoformat(), name, len(scores), share, mean(scores)))
    return pd.DataFrame(out, columns=["day", "side", "reactions", "share", "mean_compound"])


def ref_sentiment(sides: list[tuple[str, list[dict[str, Any]]]]) -> pd.DataFrame:
    out = []
    for name, rows in sides:
        scored = [r for r in rows if label_of(r) is not None]  # shares of the reactions with a label
        for label in LABELS:
            scores = [r["compound"] for r in rows if label_of(r) == label]
            out.append((name, label, len(scores), len(scores) / len(scored) if scored else 0.0, mean(scores)))
    return pd.DataFrame(out, columns=["side", "sentiment", "reactions", "share", "mean_compound"])


def ref_tags(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per case-folded hashtag: reactions, share, mean compound, shown spelling (most common, ties: first seen)."""
    found: dict[str, dict[str, Any]] = {}
    for row in rows:
        for key, spelling in tag_keys(row):
            entry = found.setdefault(key, {"scores": [], "spellings": Counter(), "first": {}})
            entry["scores"].append(row["compound"])
            entry["spellings"][spelling] += 1
            entry["first"].setdefault(spelling, len(entry["first"]))
    out = {}
    for key, entry in found.items():
        spelling = min(entry["spellings"], key=lambda s: (-entry["spellings"][s], entry["first"][s]))
        count = len(entry["scores"])
        out[key] = {"reactions": count, "share": count / len(rows), "mean": mean(entry["scores"]), "spelling": spelling}
    return out


def ranked(tags: dict[str, dict[str, Any]], top: int) -> list[str]:
    return sorted(tags, key=lambda k: (-tags[k]["reactions"], tags[k]["spelling"]))[:top]


def ref_hashtags(sides: list[tuple[str, list[dict[str, Any]]]], top: int) -> pd.DataFrame:
    tags = [ref_tags(rows) for _, rows in sides]
    keys = list(dict.fromkeys([*ranked(tags[0], top), *ranked(tags[1], top)]))

    def share(k: str) -> float:
        return tags[0].get(k, {"share": 0.0})["share"] + tags[1].get(k, {"share": 0.0})["share"]

    out = []
    for key in sorted(keys, key=lambda k: (-share(k), k)):
        spelling = (tags[0].get(key) or tags[1][key])["spelling"]
        for (name, _), side in zip(sides, tags, strict=True):
            got = side.get(key, {"reactions": 0, "share": 0.0, "mean": math.nan})
            out.append((spelling, name, got["reactions"], got["share"], got["mean"]))
    return pd.DataFrame(out, columns=["hashtag", "side", "reactions", "share", "mean_compound"])


def author_key(row: dict[str, Any]) -> str | None:
    handle, author = row["handle"], row["author"]
    if isinstance(handle, str) and handle:
        return f"@{handle}".casefold()
    return author.casefold() if isinstance(author, str) and author else None


def ref_summary(name: str, rows: list[dict[str, Any]], shared: int) -> dict[str, Any]:
    days = [d for d in map(day_of, rows) if d is not None]
    tags = ref_tags(rows)
    named = "; ".join(f"{tags[k]['spelling']} ({tags[k]['reactions']})" for k in ranked(tags, 5))
    labels = Counter(label_of(r) for r in rows)
    scored = len(rows) - labels[None]  # shares of the reactions with a label
    shares = {label: labels[label] / scored if scored else 0.0 for label in LABELS}
    return {
        "side": name, "reactions": len(rows), "authors": len({author_key(r) for r in rows} - {None}),
        "articles": len({s for r in rows for s in r["sources"]}), **shares,
        "mean_compound": mean([r["compound"] for r in rows]),
        "first_day": min(days).isoformat() if days else "", "last_day": max(days).isoformat() if days else "",
        "top_hashtags": named, "shared": shared,
    }  # fmt: skip


def assert_tables(got: pd.DataFrame, expected: pd.DataFrame) -> None:
    assert list(got.columns) == list(expected.columns)
    pd.testing.assert_frame_equal(got.reset_index(drop=True), expected, check_dtype=False, rtol=1e-12)


def check(frame: pd.DataFrame, a: np.ndarray, b: np.ndarray, top: int, result: compare.Comparison) -> None:
    sides = [("A", rows_of(frame, a)), ("B", rows_of(frame, b))]
    assert_tables(result.volume, ref_volume(sides))
    assert_tables(result.sentiment, ref_sentiment(sides))
    expected = ref_hashtags(sides, top)
    assert [k.casefold() for k in result.hashtags["hashtag"]] == [k.casefold() for k in expected["hashtag"]]
    assert_tables(result.hashtags.drop(columns="hashtag"), expected.drop(columns="hashtag"))
    both = [r["id"] for r in sides[0][1] if r["id"] in {s["id"] for s in sides[1][1]}]
    assert list(result.shared_ids) == both
    summary = result.summary.drop(columns="about").to_dict("records")
    for got, (name, rows) in zip(summary, sides, strict=True):
        want = ref_summary(name, rows, len(both))
        assert got.keys() == want.keys()
        for key, value in want.items():
            if isinstance(value, float):
                assert got[key] == pytest.approx(value, nan_ok=True, rel=1e-12), key
            else:
                assert got[key] == value, key
    welch = welch_test([r["compound"] for r in sides[0][1]], [r["compound"] for r in sides[1][1]])
    assert result.test == welch or (math.isnan(welch.p_value) and math.isnan(result.test.p_value))


# --- the tests -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_two_masks_of_one_frame_match_the_reference(seed: int) -> None:
    rng = np.random.default_rng(seed)
    frame = random_frame(rng, int(rng.integers(1, 60)))
    a, b = rng.random(len(frame)) < 0.6, rng.random(len(frame)) < 0.4
    top = 3 if seed % 2 else 1000
    check(frame, a, b, top, compare.compare_rows(frame, a, b, top=top))


@pytest.mark.parametrize("seed", range(4))
def test_two_frames_match_two_masks_of_their_union(seed: int) -> None:
    """Two corpora that share posts: the same comparison as two masks over one frame, shared posts by id."""
    rng = np.random.default_rng(100 + seed)
    frame = random_frame(rng, 40)
    a, b = rng.random(40) < 0.5, rng.random(40) < 0.5
    apart = compare.compare_frames(frame[a].reset_index(drop=True), frame[b].reset_index(drop=True), top=4)
    check(frame, a, b, 4, apart)
    together = compare.compare_rows(frame, a, b, top=4)
    for name in ("volume", "sentiment", "hashtags", "summary"):
        pd.testing.assert_frame_equal(getattr(apart, name), getattr(together, name))
    assert apart.shared_ids == together.shared_ids
    assert frame[a].reset_index(drop=True)["id"].iloc[apart.shared].tolist() == list(apart.shared_ids)


def test_metoo_against_timesup_on_the_sample() -> None:
    frame = sample_frame()
    a = views.filter_rows(frame, views.Filters(hashtags=("MeToo",)))  # r000 (Jan 31), r006 (Feb 3)
    b = views.filter_rows(frame, views.Filters(hashtags=("TimesUp",)))  # r003 (Feb 3 by its exact time)
    result = compare.compare_rows(frame, a, b, about=("tag=MeToo", "tag=TimesUp"), top=1)
    assert result.sides == ("A", "B")
    assert result.volume["day"].tolist() == [d for d in ("2020-01-31", "2020-02-01", "2020-02-02", "2020-02-03")
                                             for _ in "AB"]  # fmt: skip
    assert result.volume["reactions"].tolist() == [1, 0, 0, 0, 0, 0, 1, 1]
    assert result.volume["share"].tolist() == [0.5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.5, 1.0]
    negative = result.sentiment.set_index(["side", "sentiment"]).loc[("A", "negative")]
    assert (negative["reactions"], negative["share"]) == (2, 1.0)
    # top 1 of each side: MeToo (A: 2 of 2) and JusticeForJohnnyDepp (B's tie with TimesUp, first alphabetically);
    # JusticeForJohnnyDepp first: half of A and all of B carry it
    assert result.hashtags["hashtag"].tolist() == ["JusticeForJohnnyDepp", "JusticeForJohnnyDepp", "MeToo", "MeToo"]
    assert result.hashtags["reactions"].tolist() == [1, 1, 2, 0]
    assert result.hashtags["share"].tolist() == [0.5, 1.0, 1.0, 0.0]
    assert result.shared_ids == ()
    assert result.summary["about"].tolist() == ["tag=MeToo", "tag=TimesUp"]
    assert not result.test.tested  # B has one score


def test_an_empty_side_gives_zeros_not_errors() -> None:
    frame = sample_frame()
    nothing = np.zeros(len(frame), dtype=bool)
    result = compare.compare_rows(frame, np.ones(len(frame), dtype=bool), nothing)
    b = result.volume[result.volume["side"] == "B"]
    assert len(b) == 4
    assert b["reactions"].sum() == 0
    assert (b["share"] == 0).all()
    assert result.sentiment.loc[result.sentiment["side"] == "B", "reactions"].tolist() == [0, 0, 0]
    assert result.hashtags.loc[result.hashtags["side"] == "B", "reactions"].sum() == 0
    assert result.summary["reactions"].tolist() == [7, 0]
    assert result.summary.loc[1, "first_day"] == ""
    assert result.summary.loc[1, "top_hashtags"] == ""
    none = compare.compare_rows(frame, nothing, nothing)
    assert none.volume.empty
    assert list(none.volume.columns) == ["day", "side", "reactions", "share", "mean_compound"]
    assert none.hashtags.empty
    assert none.summary["reactions"].tolist() == [0, 0]


def test_a_span_of_decades_keeps_only_the_days_either_side_has() -> None:
    frame = make_frame([make_row(0, date=dt.date(1990, 1, 1)), make_row(1, date=dt.date(2020, 2, 1)),
                        make_row(2, date=dt.date(2020, 2, 1))])  # fmt: skip
    result = compare.compare_rows(frame, [True, True, False], [False, False, True])
    assert result.volume["day"].tolist() == ["1990-01-01", "1990-01-01", "2020-02-01", "2020-02-01"]
    assert result.volume["reactions"].tolist() == [1, 0, 1, 1]


def test_names_label_the_sides_everywhere() -> None:
    frame = sample_frame()
    result = compare.compare_rows(frame, [True] * 7, [True] * 7, names=("before", "after"))
    for table in (result.volume, result.sentiment, result.hashtags, result.summary):
        assert list(dict.fromkeys(table["side"])) == ["before", "after"]
    assert len(result.shared) == 7
    assert result.test.p_value == pytest.approx(1.0)


def test_a_mask_of_the_wrong_length_is_refused() -> None:
    with pytest.raises(ValueError, match="mask has 2 rows"):
        compare.compare_rows(sample_frame(), [True, False], [True] * 7)


def test_side_b_round_trips_through_the_url_beside_side_a() -> None:
    b = views.Filters(start=dt.date(2020, 2, 1), end=dt.date(2020, 2, 3), hashtags=("TimesUp", "MeToo"),
                      sentiments=("negative",), kinds=("quote",), articles=("a.txt",), authors=("@x",),
                      platforms=("bluesky",), renderings=("dash",), min_confidence=0.5, text="abuse")  # fmt: skip
    query = {**links.filters_to_query(views.Filters(hashtags=("Oscars",))), **compare.side_query(b)}
    assert all(key.startswith("b_") for key in compare.side_query(b))
    assert compare.side_filters(query) == b
    assert links.filters_from_query(query) == views.Filters(hashtags=("Oscars",))  # side A's keys untouched
    assert compare.has_side(query)
    assert not compare.has_side(links.filters_to_query(b))
    assert compare.side_problems({"b_from": "nope", "b_confidence": "2", "from": "x"}) == ["b_from=nope",
                                                                                        "b_confidence=2"]  # fmt: skip


@pytest.mark.parametrize("bucket", ["week", "month", "quarter"])
@pytest.mark.parametrize("seed", range(4))
def test_the_volume_in_the_main_charts_buckets_counts_each_sides_rows(seed: int, bucket: str) -> None:
    rng = np.random.default_rng(seed)
    frame = random_frame(rng, 300)
    a, b = rng.random(300) < 0.5, rng.random(300) < 0.3
    result = compare.compare_rows(frame, a, b)
    got = compare.volume_by_bucket(result.volume, bucket)
    starts = pd.to_datetime(got["day"]).unique()
    assert (np.diff(starts.to_numpy()) > np.timedelta64(0)).all()  # every bucket once, in order
    for name, mask in (("A", a), ("B", b)):
        side = got[got["side"] == name]
        days = [day_of(r) for r in rows_of(frame, mask)]
        floor = {"week": "W-SUN", "month": "M", "quarter": "Q"}[bucket]
        counts = Counter(pd.Period(d, floor).start_time.strftime("%Y-%m-%d") for d in days if d is not None)
        assert dict(zip(side["day"], side["reactions"], strict=True)) == {
            day: counts.get(day, 0) for day in side["day"]}
        assert side["reactions"].sum() == sum(counts.values())
        assert side["share"].sum() == pytest.approx(1.0 if counts else 0.0)


def test_the_volume_by_day_or_hour_is_the_days() -> None:
    frame = sample_frame()
    result = compare.compare_rows(frame, np.ones(7, dtype=bool), np.ones(7, dtype=bool))
    assert compare.volume_by_bucket(result.volume, "day") is result.volume
    assert compare.volume_by_bucket(result.volume, "hour") is result.volume
