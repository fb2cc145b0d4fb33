"""reactions.viewstate.views: filters and chart selections as row masks; a view's URL round trip and its names."""

from __future__ import annotations

import datetime as dt

import numpy as np
import pandas as pd
import pytest
from frame_factory import make_frame, make_row, random_frame, sample_frame
from hypothesis import given, settings
from hypothesis import strategies as st
from test_aggregate_time import floor, key, local

from reactions.analysis.index import FrameIndex, author_labels, reaction_days
from reactions.viewstate import links, views
from reactions.viewstate.views import Filters, Selection


@pytest.fixture
def frame() -> pd.DataFrame:
    return sample_frame()


def ids(frame: pd.DataFrame) -> list[str]:
    return frame["id"].tolist()


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        (Filters(), ["r000", "r001", "r002", "r003", "r004", "r005", "r006"]),
        (Filters(start=dt.date(2020, 2, 3)), ["r003", "r004", "r006"]),  # r003 by created_at; undated out
        (Filters(end=dt.date(2020, 1, 31)), ["r000"]),
        (Filters(hashtags=("metoo",)), ["r000", "r006"]),  # case-insensitive
        (Filters(hashtags=("TimesUp", "MeToo")), ["r000", "r003", "r006"]),
        (Filters(sentiments=("negative",)), ["r000", "r003", "r006"]),
        (Filters(kinds=("quote",)), ["r005"]),
        (Filters(articles=("b.txt",)), ["r004", "r005"]),
        (Filters(authors=("@User1",)), ["r001", "r002"]),
        (Filters(authors=("a fan",)), []),  # a quote whose author is not known is no author to pick
        (Filters(platforms=("bluesky",)), ["r006"]),
        (Filters(renderings=("dashless", "QUOTE")), ["r005", "r006"]),  # case-insensitive
        (Filters(renderings=("card",)), []),
        (Filters(min_confidence=0.8), ["r000", "r001", "r002", "r003", "r004", "r006"]),
        (Filters(min_confidence=0.9), ["r000", "r001", "r002", "r003", "r004"]),
        (Filters(min_confidence=0.85, kinds=("embed",), platforms=("bluesky",)), ["r006"]),  # inclusive bound
        (Filters(text="ABUSE"), ["r006"]),
        (Filters(text="user4"), ["r004"]),  # handle
        (Filters(text=".*"), []),  # literal, not a pattern
        (Filters(own_dates=True), ["r000", "r001", "r002", "r003", "r004", "r006"]),  # the undated quote out
        (Filters(hashtags=("MeToo",), sentiments=("positive",)), []),
    ],
)
def test_filter_frame(frame: pd.DataFrame, filters: Filters, expected: list[str]) -> None:
    assert ids(views.filter_frame(frame, filters)) == expected


def test_selection_and_cross_filtering(frame: pd.DataFrame) -> None:
    chosen = Selection(buckets=("2020-02-01",), sentiments=("positive",))
    assert ids(views.select_frame(frame, chosen)) == ["r001"]
    assert ids(views.select_frame(frame, chosen, skip="sentiments")) == ["r001", "r002"]
    assert ids(views.select_frame(frame, Selection(hashtags=("TIMESUP",)))) == ["r003"]


def test_a_selected_week_or_month_keeps_its_reactions_in_its_zone(frame: pd.DataFrame) -> None:
    # r003 was posted 2020-02-03 23:30 UTC: Monday in London, Tuesday morning in Tokyo, Monday evening in New York
    assert ids(views.select_frame(frame, Selection(buckets=("2020-01-27",), unit="week"))) == ["r000", "r001", "r002"]
    assert ids(views.select_frame(frame, Selection(buckets=("2020-02-03",), unit="week"))) == ["r003", "r004", "r006"]
    assert ids(views.select_frame(frame, Selection(buckets=("2020-02-04",), zone="Asia/Tokyo"))) == ["r003"]
    in_new_york = Selection(buckets=("2020-02-03",), zone="America/New_York")
    assert ids(views.select_frame(frame, in_new_york)) == ["r003", "r004", "r006"]
    assert ids(views.select_frame(frame, Selection(buckets=("2020-01",), unit="month"))) == ["r000"]
    assert ids(views.select_frame(frame, Selection(buckets=("2020-01",), unit="quarter"))) == [
        "r000", "r001", "r002", "r003", "r004", "r006",
    ]  # fmt: skip


def test_selection_from_streamlit_event() -> None:
    assert views.selection_from_event({"day": [{"day": "2020-02-01"}, {"day": "2020-02-03"}]}) == (
        "2020-02-01", "2020-02-03",
    )  # fmt: skip
    assert views.selection_from_event({"day": []}) == ()
    assert views.selection_from_event({"day": {"x": 1}}) == ()


def test_selection_from_chart_states() -> None:
    states = {
        "bucket": {"selection": {"bucket": [{"bucket": "2020-02-03"}, {"bucket": 1580515200000}]}},
        "hashtag": {"selection": {"hashtag": []}},
        "sentiment": {"selection": {"sentiment": [{"sentiment": "negative"}]}},
    }
    found = views.selection_from_states(states, unit="week", zone="Europe/Paris")
    assert found == Selection(buckets=("2020-02-03", "2020-01-27"), sentiments=("negative",), unit="week",
                              zone="Europe/Paris")  # fmt: skip  # a time is named by its week
    assert views.selection_from_states({}) == Selection()
    assert views.selection_from_states({"bucket": {"selection": "junk"}}) == Selection()
    assert not Selection(unit="week", zone="Asia/Tokyo").active


def test_query_round_trip_example() -> None:
    f = Filters(start=dt.date(2020, 2, 1), hashtags=("MeToo", "TimesUp"), text="a & b", kinds=("quote",))
    query = links.filters_to_query(f)
    assert query == {"from": ["2020-02-01"], "tag": ["MeToo", "TimesUp"], "kind": ["quote"], "q": ["a & b"]}
    assert links.filters_from_query(query) == f
    sure = Filters(renderings=("dash", "card"), min_confidence=0.75)
    assert links.filters_to_query(sure) == {"rendering": ["dash", "card"], "confidence": ["0.75"]}
    assert links.filters_from_query(links.filters_to_query(sure)) == sure
    for bad, read in [("nan", 0.0), ("inf", 0.0), ("-3", 0.0), ("7", 1.0), ("high", 0.0)]:
        assert links.filters_from_query({"confidence": bad}).min_confidence == read, bad
    assert links.filters_from_query({"from": "yesterday", "tag": "x", "other": "y"}) == Filters(hashtags=("x",))
    timed = Filters(bucket="week", zone="Asia/Tokyo")
    assert links.filters_to_query(timed) == {"bucket": ["week"], "tz": ["Asia/Tokyo"]}
    assert links.filters_from_query(links.filters_to_query(timed)) == timed
    assert links.filters_from_query({"bucket": "fortnight", "tz": "../../etc/passwd"}) == Filters()
    problems = links.query_problems({"bucket": "fortnight", "tz": "Mars/Olympus"})
    assert problems == ["bucket=fortnight", "tz=Mars/Olympus"]


words = st.text(min_size=1, max_size=12)
tuples = st.lists(words, max_size=3, unique=True).map(tuple)


@settings(max_examples=200, deadline=None)
@given(
    st.builds(
        Filters, start=st.one_of(st.none(), st.dates()), end=st.one_of(st.none(), st.dates()),
        hashtags=tuples, sentiments=tuples, kinds=tuples, articles=tuples, outlets=tuples, authors=tuples,
        platforms=tuples,
        renderings=tuples, min_confidence=st.sampled_from([0.0, 0.05, 0.5, 0.75, 0.95, 1.0]),
        text=st.text(max_size=20), bucket=st.sampled_from(["", "hour", "quarter"]),
        zone=st.sampled_from(["", "Asia/Tokyo", "America/Argentina/Buenos_Aires"]),
    )
)  # fmt: skip
def test_query_round_trip_for_any_filters(filters: Filters) -> None:
    assert links.filters_from_query(links.filters_to_query(filters)) == filters


def test_describe_provenance_and_export_name() -> None:
    f, s = Filters(hashtags=("MeToo",), sentiments=("negative",)), Selection(buckets=("2020-02-01",))
    assert links.describe(f, s) == "tag=MeToo; sentiment=negative; selected day=2020-02-01"
    assert links.describe(Filters()) == "no filters"
    note = links.provenance(f, s, shown=3, total=12, version="9.9")
    assert note.startswith("reactions 9.9 export: 3 of 12 reactions; tag=MeToo")
    name = links.export_name(f, s, scope="filtered", version="9.9", ext="jsonl")
    assert name == "reactions-9.9-filtered-tag-metoo-sentiment-negative-selected-day-2020-02-01.jsonl"
    assert links.export_name(f, s, scope="all", version="9.9", ext="csv") == "reactions-9.9-all.csv"
    unsafe = links.export_name(Filters(text="../../etc/passwd"), Selection(), scope="x", version="1", ext="csv")
    assert "/" not in unsafe
    assert ".." not in unsafe


def test_bucket_and_zone_are_named_only_when_they_decide_the_rows() -> None:
    drawn = Filters(hashtags=("MeToo",), bucket="week", zone="Asia/Tokyo")
    assert links.describe(drawn) == "tag=MeToo"  # how time is drawn changes no exported row
    week = Selection(buckets=("2020-02-03",), unit="week", zone="Asia/Tokyo")
    assert links.describe(drawn, week) == "tag=MeToo; selected week=2020-02-03; tz=Asia/Tokyo"
    name = links.export_name(drawn, week, scope="filtered", version="1", ext="csv")
    assert name == "reactions-1-filtered-tag-metoo-selected-week-2020-02-03-tz-asia-tokyo.csv"
    record = links.provenance_record(drawn, week, shown=2, total=9, version="1")
    assert record["selection"] == {"week": ["2020-02-03"], "zone": ["Asia/Tokyo"]}
    assert record["filters"] == {"tag": ["MeToo"], "bucket": ["week"], "tz": ["Asia/Tokyo"]}


# --- the vectorised filters against the row-by-row ones they replaced ----------------------------


class Reference:
    """reactions.viewstate.views' filters before the FrameIndex (commit c3389e6): row by row."""

    @staticmethod
    def has_any(lists: pd.Series, wanted: tuple[str, ...]) -> pd.Series:
        keys = {w.casefold() for w in wanted}
        return lists.map(lambda items: any(str(i).casefold() in keys for i in items))

    @staticmethod
    def folded_in(values: pd.Series, wanted: tuple[str, ...]) -> pd.Series:
        keys = {w.casefold() for w in wanted}
        return values.astype("object").map(lambda v: isinstance(v, str) and v.casefold() in keys)

    @classmethod
    def filter_mask(cls, frame: pd.DataFrame, filters: Filters) -> pd.Series:
        mask = pd.Series(True, index=frame.index)
        if filters.start or filters.end:
            days = reaction_days(frame)
            low = pd.Timestamp(filters.start or dt.date.min)
            high = pd.Timestamp(filters.end or dt.date(2262, 4, 11))
            mask &= days.between(low, high).fillna(False).astype(bool)
        if filters.hashtags:
            mask &= cls.has_any(frame["hashtags"], filters.hashtags)
        if filters.sentiments:
            mask &= cls.folded_in(frame["sentiment"], filters.sentiments)
        if filters.kinds:
            mask &= cls.folded_in(frame["kind"], filters.kinds)
        if filters.articles:
            wanted = set(filters.articles)
            mask &= frame["sources"].map(lambda items: any(s in wanted for s in items))
        if filters.outlets:
            mask &= cls.has_any(frame["outlets"], filters.outlets)
        if filters.authors:
            mask &= cls.folded_in(author_labels(frame), filters.authors)
        if filters.platforms:
            mask &= cls.folded_in(frame["platform"], filters.platforms)
        if filters.renderings:
            mask &= cls.folded_in(frame["rendering"], filters.renderings)
        if filters.own_dates:
            mask &= frame["date_source"].astype(object).map(lambda source: source == "post").astype(bool)
        if filters.min_confidence > 0:
            mask &= frame["confidence"].map(lambda c: c == c and c >= filters.min_confidence)
        if filters.text:
            needle = filters.text.strip()
            found = pd.Series(False, index=frame.index)
            for column in ("text", "handle", "display_name"):
                found |= frame[column].str.contains(needle, case=False, regex=False, na=False).astype(bool)
            mask &= found
        return mask.astype(bool)

    @classmethod
    def select_mask(cls, frame: pd.DataFrame, selection: Selection, skip: str | None = None) -> pd.Series:
        mask = pd.Series(True, index=frame.index)
        if selection.buckets and skip != "buckets":
            names = []
            for _, row in frame.iterrows():
                moment = local(row, selection.zone)
                names.append(None if moment is None else key(floor(moment, selection.unit), selection.unit))
            mask &= pd.Series([n in selection.buckets for n in names], index=frame.index)
        if selection.hashtags and skip != "hashtags":
            mask &= cls.has_any(frame["hashtags"], selection.hashtags)
        if selection.sentiments and skip != "sentiments":
            mask &= cls.folded_in(frame["sentiment"], selection.sentiments)
        if selection.accounts and skip != "accounts":
            mentioned = frame["mentions"].map(lambda items: [f"@{i}" for i in items])
            mask &= cls.folded_in(author_labels(frame), selection.accounts) | cls.has_any(mentioned, selection.accounts)
        if selection.outlets and skip != "outlets":
            mask &= cls.has_any(frame["outlets"], selection.outlets)
        return mask.astype(bool)


def some(values: list[str]) -> st.SearchStrategy[tuple[str, ...]]:
    return st.lists(st.sampled_from(values), max_size=3, unique=True).map(tuple)


DAYS = st.one_of(st.none(), st.dates(dt.date(2019, 12, 25), dt.date(2020, 2, 15)))
RANDOM_FILTERS = st.builds(
    Filters, start=DAYS, end=DAYS, own_dates=st.booleans(),
    hashtags=some(["metoo", "TIMESUP", "strasse", "STRAßE", "ǆx", "a", "zzz"]),
    sentiments=some(["negative", "Neutral", "POSITIVE", "other"]), kinds=some(["embed", "QUOTE"]),
    articles=some(["a.txt", "A.txt", "c/d.md", "z"]), outlets=some(["bbc.co.uk", "CNN.com", "lemonde.fr", "x.org"]),
    authors=some(["@user1", "@straße", "A FAN", "unknown", "x"]),
    platforms=some(["Twitter", "bluesky", "unknown", "myspace"]),
    renderings=some(["dash", "CARD", "quote", "markup", "nope"]), min_confidence=st.sampled_from([0.0, 0.6, 0.85, 1.0]),
    text=st.sampled_from(["", "abuse", " STRASSE ", "ß", "€", ".*", "USER1", "ǆ", "  ", "post 1"]),
)  # fmt: skip
RANDOM_SELECTIONS = st.one_of(
    st.builds(Selection, buckets=some(["2020-01-01", "2020-01-05", "2020-01-20", "2020-02-09"]),
              hashtags=some(["MeToo", "timesup", "a"]), sentiments=some(["negative", "POSITIVE"]),
              accounts=some(["@BOB", "@amy", "@user1", "A FAN", "@straße", "bob"]),
              outlets=some(["bbc.co.uk", "NYTimes.com"]), zone=st.sampled_from(["UTC", "Pacific/Kiritimati"])),
    st.builds(Selection, buckets=some(["2019-12-30", "2020-01-06", "2020-01-27"]), unit=st.just("week")),
    st.builds(Selection, buckets=some(["2020-01-03T05:00", "2020-01-10T20:00"]), unit=st.just("hour"),
              zone=st.sampled_from(["UTC", "Asia/Kolkata"])),
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 40), RANDOM_FILTERS, RANDOM_SELECTIONS)
def test_filters_and_selections_equal_the_reference(seed: int, size: int, filters: Filters, chosen: Selection) -> None:
    frame = random_frame(np.random.default_rng(seed), size)
    index = FrameIndex(frame)
    kept = views.filter_rows(index, filters)
    assert kept.tolist() == Reference.filter_mask(frame, filters).tolist()
    rows = views.chart_rows(index, kept, chosen)
    for skip, mask in [(None, rows.view), ("buckets", rows.by_time), ("sentiments", rows.by_sentiment),
                       ("hashtags", rows.by_hashtag), ("outlets", rows.by_outlet)]:  # fmt: skip
        assert mask.tolist() == (Reference.select_mask(frame, chosen, skip) & kept).tolist(), skip
        assert views.select_rows(index, chosen, skip=skip, within=kept).tolist() == mask.tolist()
    by_account = views.select_rows(index, chosen, skip="accounts", within=kept)
    assert by_account.tolist() == (Reference.select_mask(frame, chosen, "accounts") & kept).tolist()


def test_an_account_selects_the_reactions_by_or_mentioning_it(frame: pd.DataFrame) -> None:
    assert ids(views.select_frame(frame, Selection(accounts=("@BOB",)))) == ["r001", "r003"]  # mentioned
    assert ids(views.select_frame(frame, Selection(accounts=("@user1",)))) == ["r001", "r002"]  # by @user1, @USER1
    assert ids(views.select_frame(frame, Selection(accounts=("@amy", "@user0")))) == ["r000", "r003"]
    assert ids(views.select_frame(frame, Selection(accounts=("bob",)))) == []  # an account is "@bob"
    states = {"account": {"selection": {"account": [{"node": "@bob"}]}}}
    assert views.selection_from_states(states) == Selection(accounts=("@bob",))
    assert links.describe(Filters(), Selection(accounts=("@bob",))) == "selected account=@bob"


def test_an_outlet_filters_and_selects_the_reactions_it_cites() -> None:
    rows = [make_row(0, outlets=["bbc.co.uk", "cnn.com"]), make_row(1, outlets=["cnn.com"]), make_row(2)]
    frame = make_frame(rows)
    assert ids(views.filter_frame(frame, Filters(outlets=("BBC.co.uk",)))) == ["r000"]  # case-insensitive
    assert ids(views.filter_frame(frame, Filters(outlets=("cnn.com", "bbc.co.uk")))) == ["r000", "r001"]
    assert ids(views.select_frame(frame, Selection(outlets=("cnn.com",)))) == ["r000", "r001"]
    assert links.filters_to_query(Filters(outlets=("bbc.co.uk",))) == {"outlet": ["bbc.co.uk"]}
    assert links.filters_from_query({"outlet": ["bbc.co.uk", "cnn.com"]}) == Filters(outlets=("bbc.co.uk", "cnn.com"))
    states = {"outlet": {"selection": {"outlet": [{"outlet": "cnn.com"}]}}}
    assert views.selection_from_states(states) == Selection(outlets=("cnn.com",))
    assert links.describe(Filters(outlets=("bbc.co.uk",)), Selection(outlets=("cnn.com",))) == (
        "outlet=bbc.co.uk; selected outlet=cnn.com"
    )  # fmt: skip
    assert views.filter_rows(frame.drop(columns="outlets"), Filters(outlets=("bbc.co.uk",))).tolist() == [False] * 3


def test_a_text_search_is_remembered_by_the_index(frame: pd.DataFrame) -> None:
    index = FrameIndex(frame)
    first = views.filter_rows(index, Filters(text="abuse"))
    assert views.filter_rows(index, Filters(text=" abuse ")) is not first  # a mask of its own each time
    assert first.tolist() == [False] * 6 + [True]
    assert index.remember(("contains", "abuse"), lambda: pytest.fail("searched again")) is not None


def test_query_problems_name_values_that_cannot_be_read() -> None:
    query = {"from": "2020-02-31", "to": ["2020-02-03"], "confidence": ["2"], "tag": ["x"]}
    assert links.query_problems(query) == ["from=2020-02-31", "confidence=2"]
    assert links.query_problems({"confidence": "0.5", "from": "2020-02-01"}) == []


# --- the table's order -------------------------------------------------------------------------------------


def reference_key(row: pd.Series, author: object, by: str) -> object:
    """One row's sort key, worked out on its own (None: no value)."""
    if by == "date":
        created, date = row["created_at"], row["date"]
        when = created.tz_convert("UTC").tz_localize(None) if not pd.isna(created) else date
        return None if pd.isna(when) else pd.Timestamp(when)
    if by in ("compound", "confidence"):
        return None if pd.isna(row[by]) else float(row[by])
    if by == "articles":
        return int(row["article_count"])
    text = author if by == "author" else row["outlet"]
    return text.casefold() if isinstance(text, str) and text else None


def reference_sort(frame: pd.DataFrame, rows: list[int], by: str, descending: bool) -> list[int]:
    """Python's stable sort over the rows with a value, then the rows without one, each in the given order."""
    authors = author_labels(frame)
    keys = {p: reference_key(frame.iloc[p], authors.iloc[p], by) for p in rows}
    present = sorted((p for p in rows if keys[p] is not None), key=keys.__getitem__, reverse=descending)
    return present + [p for p in rows if keys[p] is None]


@pytest.mark.parametrize("by", list(views.SORTS))
@pytest.mark.parametrize("seed", range(6))
def test_sort_rows_agrees_with_a_row_by_row_reference(by: str, seed: int) -> None:
    rng = np.random.default_rng(seed)
    frame = random_frame(rng, 60)
    frame["outlet"] = pd.Series([items[0] if items else None for items in frame["outlets"]], dtype="string")
    rows = np.flatnonzero(rng.random(len(frame)) < 0.7)
    rng.shuffle(rows)  # any order in, ties keep it
    index = FrameIndex(frame)
    for descending in (False, True):
        got = views.sort_rows(index, rows, by, descending=descending).tolist()
        assert got == reference_sort(frame, rows.tolist(), by, descending)
        assert views.sort_rows(frame, rows, by, descending=descending).tolist() == got  # a frame, as an index


def test_corpus_order_keeps_the_rows_and_an_unknown_sort_is_refused(frame: pd.DataFrame) -> None:
    rows = np.array([3, 1, 2])
    assert views.sort_rows(frame, rows).tolist() == [3, 1, 2]
    with pytest.raises(ValueError, match="unknown sort 'text'"):
        views.sort_rows(frame, rows, "text")


def test_sorting_the_sample_by_compound_and_date(frame: pd.DataFrame) -> None:
    rows = np.arange(len(frame))
    by_compound = views.sort_rows(frame, rows, "compound", descending=True)
    assert frame["id"].iloc[by_compound].tolist() == ["r004", "r001", "r005", "r002", "r006", "r003", "r000"]
    by_date = views.sort_rows(frame, rows, "date")  # r003's exact time is Feb 3, 23:30; r005 has no date
    assert frame["id"].iloc[by_date].tolist() == ["r000", "r001", "r002", "r004", "r006", "r003", "r005"]
