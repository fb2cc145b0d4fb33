"""frames.to_frame: one row per unique reaction, the contract's columns and dtypes."""

from __future__ import annotations

import datetime as dt
import pickle
from collections.abc import Callable

import pandas as pd
import pytest

from reactions.frames import BASE_COLUMNS, BASE_DTYPES, LIST_COLUMNS, to_frame
from reactions.models import Article, Citation, Corpus, Kind, Reaction, Rendering

CONTRACT_DTYPES = {
    "id": "string", "kind": "category", "platform": "category", "handle": "string",
    "display_name": "string", "author": "string", "date": "datetime64[ns]", "date_source": "category", "text": "string",
    "continued": "string", "hashtags": "object",
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


def test_a_post_with_no_date_shown_is_dated_by_its_status_id(make_reaction: MakeReaction) -> None:
    """A deleted tweet's placeholder (or an embed without its date line) still tells the post's time by its id: the
    UTC day of ``created_at`` is the post's date, before the article's."""
    created = dt.datetime(2016, 12, 13, 23, 30, tzinfo=dt.UTC)
    reaction = make_reaction(source="a.txt", date=None, created_at=created)
    frame = to_frame(Corpus(articles=(Article("a.txt", None, dt.date(2017, 1, 5), ""),), reactions=(reaction,)))
    assert frame.loc[0, "date"] == pd.Timestamp("2016-12-13")
    assert frame.loc[0, "date_source"] == "post"
