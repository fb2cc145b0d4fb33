"""frames.to_frame: one row per unique reaction, the contract's columns and dtypes."""

from __future__ import annotations

import dataclasses
import datetime as dt
import pickle
from collections.abc import Callable

import numpy as np
import pandas as pd
import pytest
from frame_factory import make_frame, make_row, random_frame
from hypothesis import example, given, settings
from hypothesis import strategies as st

from reactions import aggregate
from reactions.frames import BASE_COLUMNS, BASE_DTYPES, LIST_COLUMNS, to_frame
from reactions.index import FrameIndex, reaction_days
from reactions.models import SENTIMENT_LABELS, Article, Citation, Corpus, Kind, Reaction, Rendering

CONTRACT_DTYPES = {
    "id": "string", "kind": "category", "platform": "category", "handle": "string",
    "display_name": "string", "author": "string", "date": "datetime64[ns]", "date_source": "category", "text": "string",
    "hashtags": "object",
    "mentions": "object", "urls": "object", "media": "object", "emoji": "object", "sources": "object",
    "article_count": "int64", "outlet": "string", "outlets": "object", "outlet_count": "int64",
    "outlet_published": "object",
    "status_id": "string", "url": "string", "created_at": "datetime64[ns, UTC]",
    "lag": "timedelta64[ns]", "lang": "string", "lang_source": "category", "rendering": "category",
    "confidence": "float64",
    "source": "string", "span_start": "int64",
    "span_end": "int64", "article_title": "string", "article_url": "string",
    "article_published": "datetime64[ns, UTC]",
}  # fmt: skip

SENTIMENT_DTYPES = {
    "compound": "float64", "pos": "float64", "neu": "float64", "neg": "float64", "sentiment": "category",
    "drivers": "string", "overridden": "bool",
}  # fmt: skip

MakeReaction = Callable[..., Reaction]


def dtypes_of(frame: pd.DataFrame) -> dict[str, str]:
    return {str(k): str(v) for k, v in frame.dtypes.items()}


def test_base_columns_are_the_contract_in_order() -> None:
    assert list(BASE_COLUMNS) == list(CONTRACT_DTYPES)
    assert list(BASE_DTYPES) == list(BASE_COLUMNS)


@pytest.mark.parametrize("data", [[], (), Corpus()], ids=["list", "tuple", "corpus"])
def test_empty_input_gives_empty_frame_with_contract_dtypes(data: list[Reaction] | Corpus) -> None:
    frame = to_frame(data)
    assert frame.empty
    assert dtypes_of(frame) == {**CONTRACT_DTYPES, **SENTIMENT_DTYPES}
    assert dtypes_of(to_frame(data, sentiment=False)) == CONTRACT_DTYPES


def test_dtypes_with_rows(make_reaction: MakeReaction) -> None:
    frame = to_frame([make_reaction("r1"), make_reaction("r2", kind=Kind.QUOTE, handle=None, date=None)])
    assert dtypes_of(frame) == {**CONTRACT_DTYPES, **SENTIMENT_DTYPES}
    assert list(frame["kind"].cat.categories) == ["embed", "quote"]
    assert list(frame["kind"]) == ["embed", "quote"]
    assert frame["handle"].isna().tolist() == [False, True]
    assert frame["date"].tolist()[0] == pd.Timestamp("2020-02-01")
    assert frame["date"].isna().tolist() == [False, True]


@pytest.mark.parametrize(
    ("field", "value", "column", "expected"),
    [
        ("handle", None, "handle", pd.NA),
        ("handle", "", "handle", pd.NA),
        ("status_id", "1223379372541931520", "status_id", "1223379372541931520"),
        ("status_id", "0007", "status_id", "0007"),
        ("url", None, "url", pd.NA),
        ("lang", "en", "lang", "en"),
        ("rendering", Rendering.OWN_LINE, "rendering", "own-line"),
        ("confidence", 0.85, "confidence", 0.85),
        ("platform", "instagram", "platform", "instagram"),
        ("platform", "myspace", "platform", "myspace"),
        ("platform", "", "platform", "unknown"),
        ("text", "", "text", ""),
        ("text", '=1+1 😀 "quoted", comma\nnewline', "text", '=1+1 😀 "quoted", comma\nnewline'),
    ],
)
def test_scalar_fields(make_reaction: MakeReaction, field: str, value: object, column: str, expected: object) -> None:
    frame = to_frame([make_reaction(**{field: value})])
    cell = frame.loc[0, column]
    assert cell is pd.NA if expected is pd.NA else cell == expected


def test_status_id_is_never_a_float(make_reaction: MakeReaction) -> None:
    frame = to_frame([make_reaction("a", status_id="1223379372541931520"), make_reaction("b")])
    assert frame["status_id"].tolist() == ["1223379372541931520", pd.NA]


def test_list_columns_hold_python_lists(make_reaction: MakeReaction) -> None:
    reaction = make_reaction(hashtags=("a", "b"), mentions=("x",), urls=(), media=("pic.twitter.com/z",))
    row = to_frame([reaction, make_reaction("r2", hashtags=("c", "d"))]).iloc[0]
    for name in LIST_COLUMNS:
        assert type(row[name]) is list, name
    assert (row["hashtags"], row["mentions"], row["urls"], row["media"]) == (
        ["a", "b"], ["x"], [], ["pic.twitter.com/z"]
    )  # fmt: skip


def test_sources_count_and_first_citation(make_reaction: MakeReaction) -> None:
    cites = (Citation("b.txt", (5, 9)), Citation("a.txt", (1, 3)), Citation("b.txt", (20, 30)))
    row = to_frame([make_reaction(source="b.txt", span=(5, 9), citations=cites)]).iloc[0]
    assert row["sources"] == ["b.txt", "a.txt"]
    assert row["article_count"] == 2
    assert (row["source"], row["span_start"], row["span_end"]) == ("b.txt", 5, 9)


def test_without_citations_the_own_source_counts(make_reaction: MakeReaction) -> None:
    row = to_frame([make_reaction(source="x.md", span=(3, 8))]).iloc[0]
    assert (row["sources"], row["article_count"], row["source"], row["span_start"]) == (
        ["x.md"],
        1,
        "x.md",
        3,
    )


CREATED = dt.datetime(2020, 2, 1, 18, 30, tzinfo=dt.UTC)


@pytest.mark.parametrize(
    ("article", "created_at", "lag"),
    [
        (Article("a.txt", None, dt.date(2020, 2, 3), ""), CREATED, pd.Timedelta(hours=29, minutes=30)),
        (
            Article("a.txt", None, dt.date(2020, 2, 3), "", published_at=dt.datetime(2020, 2, 2, 6, tzinfo=dt.UTC)),
            CREATED,
            pd.Timedelta(hours=11, minutes=30),
        ),
        (
            Article("a.txt", None, dt.date(2020, 2, 3), ""),
            dt.datetime(2020, 2, 1, 18, 30),
            pd.Timedelta(hours=29.5),
        ),
        (Article("a.txt", None, None, ""), CREATED, pd.NaT),
        (Article("a.txt", None, dt.date(2020, 2, 3), ""), None, pd.NaT),
        (Article("other.txt", None, dt.date(2020, 2, 3), ""), CREATED, pd.NaT),
    ],
    ids=[
        "date-midnight",
        "published-at",
        "naive-created-is-utc",
        "no-publication",
        "no-created",
        "not-citing",
    ],
)
def test_lag(make_reaction: MakeReaction, article: Article, created_at: dt.datetime | None, lag: object) -> None:
    reaction = make_reaction(source="a.txt", created_at=created_at)
    frame = to_frame(Corpus(articles=(article,), reactions=(reaction,)))
    assert frame["lag"].dtype == "timedelta64[ns]"
    if lag is pd.NaT:
        assert pd.isna(frame.loc[0, "lag"])
    else:
        assert frame.loc[0, "lag"] == lag
    if created_at is not None:
        assert frame.loc[0, "created_at"] == pd.Timestamp("2020-02-01 18:30", tz="UTC")


def test_iterable_of_reactions_has_no_lag(make_reaction: MakeReaction) -> None:
    frame = to_frame(iter([make_reaction(created_at=CREATED)]))
    assert frame["lag"].isna().all()
    assert frame.loc[0, "created_at"] == pd.Timestamp(CREATED)


def test_one_row_per_reaction_in_order(make_reaction: MakeReaction) -> None:
    frame = to_frame([make_reaction(f"r{i}") for i in range(5)])
    assert frame["id"].tolist() == [f"r{i}" for i in range(5)]
    assert list(frame.index) == list(range(5))


def test_frame_pickles(make_reaction: MakeReaction) -> None:
    frame = to_frame([make_reaction(created_at=CREATED, hashtags=("a",))])
    pd.testing.assert_frame_equal(pickle.loads(pickle.dumps(frame)), frame)


def test_memory_per_reaction_is_small(make_reaction: MakeReaction) -> None:
    frame = to_frame([make_reaction(f"{i:016x}") for i in range(2000)], sentiment=False)
    per_row = frame.memory_usage(deep=True).sum() / len(frame)
    assert per_row < 1500, per_row


# --- the vectorised aggregations against the row-by-row ones they replaced ------------------------
# ``Reference`` is the code of reactions.frames before the FrameIndex (commit c3389e6), kept as the
# straightforward statement of what each aggregation means; the new ones must give the same frames:
# the same rows in the same order, dtypes, counts and labels exactly, and means to 1e-12 (they are
# summed with np.bincount; pandas' groupby sums compensated or not by whether the groups are sorted).


class Reference:
    @staticmethod
    def author_labels(frame: pd.DataFrame) -> pd.Series:
        labels = [
            f"@{h}" if isinstance(h, str) and h else (n if isinstance(n, str) and n else None)
            for h, n in zip(frame["handle"].astype(object), frame["author"].astype(object), strict=True)
        ]
        return pd.Series(labels, index=frame.index, dtype=object, name="author")

    @staticmethod
    def labels(frame: pd.DataFrame) -> pd.Series:
        labels = pd.Series(frame["sentiment"].astype(object), index=frame.index)
        return labels.where(labels.notna(), None)  # a missing label: not scored, in no label's count

    @staticmethod
    def empty(columns: list[str], text: tuple[str, ...]) -> pd.DataFrame:
        return pd.DataFrame({c: pd.Series(dtype=object if c in text else float) for c in columns})

    @staticmethod
    def mean(values: pd.Series) -> float:
        return float(values.mean()) if len(values) else float("nan")

    @classmethod
    def reactions_by_day(cls, frame: pd.DataFrame) -> pd.DataFrame:
        days = reaction_days(frame)
        data = pd.DataFrame({"day": days, "sentiment": cls.labels(frame), "compound": frame["compound"]})
        data = data.dropna(subset=["day", "sentiment"])
        columns = ["day", "sentiment", "reactions", "share", "mean_compound", "day_reactions", "day_mean_compound"]
        if data.empty:
            return cls.empty(columns, text=("day", "sentiment"))
        grouped = data.groupby(["day", "sentiment"], observed=True)["compound"]
        rows = grouped.agg(reactions="size", mean_compound="mean").reset_index()
        per_day = data.groupby("day")["compound"].agg(day_reactions="size", day_mean_compound="mean")
        rows = rows.join(per_day, on="day")
        rows["share"] = rows["reactions"] / rows["day_reactions"]
        rows["reactions"] = rows["reactions"].astype("int64")
        rows["day_reactions"] = rows["day_reactions"].astype("int64")
        order = rows["sentiment"].map(SENTIMENT_LABELS.index)
        rows = rows.assign(_o=order).sort_values(["day", "_o"]).drop(columns="_o")
        rows["day"] = rows["day"].dt.strftime("%Y-%m-%d").astype(object)
        return rows[columns].reset_index(drop=True)

    @classmethod
    def sentiment_mix(cls, frame: pd.DataFrame) -> pd.DataFrame:
        labels = cls.labels(frame)
        scored = int(labels.notna().sum())  # shares of the reactions with a label
        rows = []
        for label in SENTIMENT_LABELS:
            chosen = frame["compound"][labels == label]
            rows.append((label, len(chosen), len(chosen) / scored if scored else 0.0, cls.mean(chosen)))
        return pd.DataFrame(rows, columns=["sentiment", "reactions", "share", "mean_compound"])

    @staticmethod
    def exploded(frame: pd.DataFrame, column: str) -> pd.DataFrame:
        pairs = [
            (index, item, item.casefold())
            for index, items in zip(frame.index, frame[column], strict=True)
            for item in dict.fromkeys(items)
        ]
        data = pd.DataFrame(pairs, columns=["row", "item", "key"])
        data = data.drop_duplicates(["row", "key"])
        data["compound"] = frame["compound"].reindex(data["row"]).to_numpy(dtype=float, na_value=np.nan)
        return data

    @staticmethod
    def spellings(data: pd.DataFrame) -> pd.Series:
        counts = data.groupby(["key", "item"], sort=False).size().reset_index(name="n")
        counts = counts.sort_values("n", ascending=False, kind="stable").drop_duplicates("key")
        return counts.set_index("key")["item"]

    @classmethod
    def ranked(cls, data: pd.DataFrame, name: str, top: int) -> pd.DataFrame:
        columns = [name, "reactions", "mean_compound"]
        if data.empty or top <= 0:
            return cls.empty(columns, text=(name,))
        grouped = data.groupby("key", sort=False)["compound"]
        stats = pd.DataFrame({"reactions": grouped.size(), "mean_compound": grouped.mean()})
        stats[name] = cls.spellings(data).reindex(stats.index)
        stats = stats.sort_values(["reactions", name], ascending=[False, True], kind="stable").head(top)
        stats["reactions"] = stats["reactions"].astype("int64")
        return stats[columns].reset_index(drop=True)

    @classmethod
    def reactions_by_hashtag(cls, frame: pd.DataFrame, top: int = 10) -> pd.DataFrame:
        return cls.ranked(cls.exploded(frame, "hashtags"), "hashtag", top)

    @classmethod
    def hashtags_by_day(cls, frame: pd.DataFrame, top: int = 10) -> pd.DataFrame:
        columns = ["hashtag", "day", "reactions", "mean_compound"]
        ranked = cls.reactions_by_hashtag(frame, top)
        data = cls.exploded(frame, "hashtags")
        data["day"] = reaction_days(frame).reindex(data["row"]).to_numpy()
        data = data.dropna(subset=["day"])
        keys = {str(h).casefold(): str(h) for h in ranked["hashtag"]}
        data = data[data["key"].isin(list(keys))]
        if data.empty:
            return cls.empty(columns, text=("hashtag", "day"))
        rows = data.groupby(["key", "day"])["compound"].agg(reactions="size", mean_compound="mean").reset_index()
        rows["hashtag"] = rows["key"].map(keys)
        rows["day"] = rows["day"].dt.strftime("%Y-%m-%d").astype(object)
        rows["reactions"] = rows["reactions"].astype("int64")
        return rows[columns].sort_values(["hashtag", "day"]).reset_index(drop=True)

    @classmethod
    def compound_distribution(cls, frame: pd.DataFrame, bins: int = 20) -> pd.DataFrame:
        edges = np.linspace(-1.0, 1.0, bins + 1)
        compound = frame["compound"].astype(float).clip(-1.0, 1.0)
        index = np.clip(np.searchsorted(edges, compound.to_numpy(), side="right") - 1, 0, bins - 1)
        labels = cls.labels(frame)
        kept = (compound.notna() & labels.notna()).to_numpy()
        data = pd.DataFrame({"bin": index, "sentiment": labels.to_numpy()})[kept]
        rows = data.groupby(["bin", "sentiment"]).size().reset_index(name="reactions")
        rows["bin_start"] = edges[rows["bin"].to_numpy(dtype=int)].round(6)
        rows["bin_end"] = edges[rows["bin"].to_numpy(dtype=int) + 1].round(6)
        rows["reactions"] = rows["reactions"].astype("int64")
        return rows[["bin_start", "bin_end", "sentiment", "reactions"]].reset_index(drop=True)

    @staticmethod
    def reactions_by_platform(frame: pd.DataFrame) -> pd.DataFrame:
        platforms = frame["platform"].astype("object").fillna("unknown")
        grouped = pd.DataFrame({"platform": platforms, "compound": frame["compound"]}).groupby("platform")
        rows = pd.DataFrame({"reactions": grouped.size(), "mean_compound": grouped["compound"].mean()})
        rows = rows.reset_index().sort_values(["reactions", "platform"], ascending=[False, True], kind="stable")
        return rows.astype({"platform": "object", "reactions": "int64"}).reset_index(drop=True)

    @classmethod
    def top_authors(cls, frame: pd.DataFrame, top: int = 10) -> pd.DataFrame:
        labels = cls.author_labels(frame)
        data = pd.DataFrame({"item": labels, "key": labels.str.casefold(), "compound": frame["compound"]})
        return cls.ranked(data, "author", top)

    @classmethod
    def top_mentions(cls, frame: pd.DataFrame, top: int = 10) -> pd.DataFrame:
        data = cls.exploded(frame, "mentions")
        data["item"] = "@" + data["item"].astype(str)
        return cls.ranked(data, "handle", top)

    @classmethod
    def top_emoji(cls, frame: pd.DataFrame, top: int = 10) -> pd.DataFrame:
        data = cls.exploded(frame, "emoji")
        data["key"] = data["item"]
        return cls.ranked(data, "emoji", top)

    @classmethod
    def top_outlets(cls, frame: pd.DataFrame, top: int = 10) -> pd.DataFrame:
        data = cls.exploded(frame, "outlets")
        data["key"] = data["item"]
        return cls.ranked(data, "outlet", top)

    @classmethod
    def headline(cls, frame: pd.DataFrame) -> aggregate.Headline:
        mix = cls.sentiment_mix(frame).set_index("sentiment")["share"]
        days = reaction_days(frame).dropna()
        return aggregate.Headline(
            reactions=len(frame),
            authors=cls.author_labels(frame).str.casefold().nunique(),
            articles=len({s for sources in frame["sources"] for s in sources}),
            positive=float(mix["positive"]),
            neutral=float(mix["neutral"]),
            negative=float(mix["negative"]),
            mean_compound=cls.mean(frame["compound"].astype(float)),
            first_day=days.min().date() if len(days) else None,
            last_day=days.max().date() if len(days) else None,
            undated=int(len(frame) - len(days)),
        )


AGGREGATIONS: dict[str, tuple[Callable[..., pd.DataFrame], Callable[..., pd.DataFrame], dict[str, int]]] = {
    "by_day": (aggregate.reactions_by_day, Reference.reactions_by_day, {}),
    "mix": (aggregate.sentiment_mix, Reference.sentiment_mix, {}),
    "hashtags": (aggregate.reactions_by_hashtag, Reference.reactions_by_hashtag, {"top": 4}),
    "hashtags_all": (aggregate.reactions_by_hashtag, Reference.reactions_by_hashtag, {"top": 10_000}),
    "heatmap": (aggregate.hashtags_by_day, Reference.hashtags_by_day, {"top": 3}),
    "compound": (aggregate.compound_distribution, Reference.compound_distribution, {"bins": 7}),
    "platforms": (aggregate.reactions_by_platform, Reference.reactions_by_platform, {}),
    "authors": (aggregate.top_authors, Reference.top_authors, {"top": 5}),
    "authors_all": (aggregate.top_authors, Reference.top_authors, {"top": 10_000}),
    "mentions": (aggregate.top_mentions, Reference.top_mentions, {"top": 3}),
    "emoji": (aggregate.top_emoji, Reference.top_emoji, {}),
    "outlets": (aggregate.top_outlets, Reference.top_outlets, {"top": 3}),
    "outlets_all": (aggregate.top_outlets, Reference.top_outlets, {}),
}


def same(new: pd.DataFrame, old: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(new, old, check_exact=False, rtol=1e-12, atol=1e-15, check_index_type=False)
    for column in new.columns:
        if new[column].dtype.kind not in "f":
            assert new[column].tolist() == old[column].tolist(), column


def same_headline(new: aggregate.Headline, old: aggregate.Headline) -> None:
    assert dataclasses.replace(new, mean_compound=0.0) == dataclasses.replace(old, mean_compound=0.0)
    assert new.mean_compound == pytest.approx(old.mean_compound, rel=1e-12, nan_ok=True)


def check_frame(frame: pd.DataFrame, mask: np.ndarray | None = None) -> None:
    """Every aggregation of ``frame`` (of its rows in ``mask``, through one index) equals the reference."""
    index = FrameIndex(frame)
    part = frame if mask is None else frame.loc[mask]
    for name, (new, old, options) in AGGREGATIONS.items():
        try:
            same(new(index, mask=mask, **options), old(part, **options))
        except AssertionError as error:
            raise AssertionError(f"{name}: {error}") from error
    same_headline(aggregate.headline(index, mask=mask), Reference.headline(part))


@pytest.mark.parametrize("seed", range(6))
def test_aggregations_equal_the_reference_on_random_frames(seed: int) -> None:
    rng = np.random.default_rng(seed)
    frame = random_frame(rng, int(rng.integers(1, 400)))
    check_frame(frame)
    check_frame(frame, rng.random(len(frame)) < 0.3)
    check_frame(frame, np.zeros(len(frame), dtype=bool))
    for name, (new, old, options) in AGGREGATIONS.items():  # a frame (not an index) works as before
        same(new(frame, **options), old(frame, **options)), name


def test_aggregations_of_an_empty_frame_equal_the_reference() -> None:
    check_frame(make_frame([]))
    check_frame(random_frame(np.random.default_rng(0), 0))


def test_aggregations_of_rows_without_lists_dates_or_scores() -> None:
    rows = [make_row(i, date=None, compound=float("nan"), handle=None, display_name=None) for i in range(3)]
    check_frame(make_frame(rows))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 30), st.floats(0, 1))
@example(seed=128, size=1, share=1.0)  # one row, not scored, kept: the compound bins' sentiment was "str", not object
def test_aggregations_equal_the_reference_for_any_frame_and_mask(seed: int, size: int, share: float) -> None:
    rng = np.random.default_rng(seed)
    frame = random_frame(rng, size)
    check_frame(frame, rng.random(size) < share)


def test_the_index_is_built_once_and_shared() -> None:
    frame = random_frame(np.random.default_rng(3), 50)
    index = FrameIndex(frame).warm()
    assert index.hashtags is index.hashtags
    assert index.bins(20) is index.bins(20)
    assert index.frame is frame
    with pytest.raises(ValueError, match="mask"):
        aggregate.reactions_by_hashtag(index, mask=np.ones(3, dtype=bool))


@pytest.mark.parametrize(
    ("post_date", "article", "date", "source"),
    [
        (dt.date(2020, 2, 1), Article("a.txt", None, dt.date(2020, 2, 3), ""), "2020-02-01", "post"),
        (None, Article("a.txt", None, dt.date(2020, 2, 3), ""), "2020-02-03", "article"),
        (None, Article("a.txt", None, None, "", published_at=dt.datetime(2020, 2, 2, 23, tzinfo=dt.UTC)),
         "2020-02-02", "article"),
        (None, Article("a.txt", None, None, ""), None, None),
        (None, Article("other.txt", None, dt.date(2020, 2, 3), ""), None, None),
    ],
    ids=["post", "article", "article-exact-time", "neither", "not-citing"],
)  # fmt: skip
def test_date_is_the_posts_else_the_articles(
    make_reaction: MakeReaction, post_date: dt.date | None, article: Article, date: str | None, source: str | None
) -> None:
    reaction = make_reaction(source="a.txt", date=post_date)
    frame = to_frame(Corpus(articles=(article,), reactions=(reaction,)))
    assert str(frame["date_source"].dtype) == "category"
    assert list(frame["date_source"].cat.categories) == ["post", "article"]
    if date is None:
        assert pd.isna(frame.loc[0, "date"])
        assert pd.isna(frame.loc[0, "date_source"])
    else:
        assert frame.loc[0, "date"] == pd.Timestamp(date)
        assert frame.loc[0, "date_source"] == source
