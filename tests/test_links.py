"""reactions.viewstate.links: a view's chart selection and layout in the URL, and the problems of a link."""

from __future__ import annotations

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.analysis.timeline import BUCKETS, bucket_key, bucket_starts
from reactions.models import SENTIMENT_LABELS
from reactions.viewstate import links
from reactions.viewstate.views import ORDERS, SORTS, Filters, Selection

ZONES = ("UTC", "Asia/Tokyo", "Europe/Paris", "America/New_York")
words = st.text(min_size=1, max_size=12)


@st.composite
def selections(draw: st.DrawFn) -> Selection:
    unit = draw(st.sampled_from(BUCKETS))
    times = draw(st.lists(st.datetimes(min_value=pd.Timestamp("1990-01-01"), max_value=pd.Timestamp("2040-01-01")),
                          max_size=4))  # fmt: skip
    names = bucket_key(pd.DatetimeIndex(bucket_starts(pd.Series(pd.to_datetime(times), dtype="datetime64[ns]"), unit)),
                       unit)  # fmt: skip
    return Selection(
        buckets=tuple(dict.fromkeys(names)),
        hashtags=tuple(draw(st.lists(words, max_size=3, unique=True))),
        sentiments=tuple(draw(st.lists(st.sampled_from(SENTIMENT_LABELS), max_size=3, unique=True))),
        accounts=tuple(draw(st.lists(words, max_size=3, unique=True))),
        outlets=tuple(draw(st.lists(words, max_size=3, unique=True))),
        unit=unit,
        zone=draw(st.sampled_from(ZONES)),
    )


@settings(max_examples=150, deadline=None)
@given(selections())
def test_a_selection_round_trips_through_the_url_with_the_filters_bucket_and_zone(selection: Selection) -> None:
    query = {**links.filters_to_query(Filters(bucket=selection.unit, zone=selection.zone)),
             **links.selection_to_query(selection)}  # fmt: skip
    assert links.selection_from_query(query) == selection
    assert links.selection_problems(query) == []


@settings(max_examples=50, deadline=None)
@given(selections())
def test_the_page_s_own_unit_and_zone_win_over_the_query_s(selection: Selection) -> None:
    query = {"bucket": ["hour" if selection.unit != "hour" else "day"], "tz": ["Mars/Base"],
             **links.selection_to_query(selection)}  # fmt: skip
    assert links.selection_from_query(query, unit=selection.unit, zone=selection.zone) == selection
    assert links.selection_problems(query, unit=selection.unit) == []


def test_nothing_selected_writes_nothing_and_reads_back_as_nothing() -> None:
    assert links.selection_to_query(Selection()) == {}
    assert links.selection_from_query({}) == Selection()
    assert links.selection_from_query({"tag": "MeToo", "sel_tag": ""}) == Selection()


def test_a_selection_without_a_bucket_or_zone_in_the_url_is_cut_in_utc_days() -> None:
    chosen = links.selection_from_query({"sel_bucket": "2020-02-04", "tz": "Mars/Base"})
    assert (chosen.buckets, chosen.unit, chosen.zone) == (("2020-02-04",), "day", "UTC")


def test_values_that_cannot_be_read_are_named_and_left_out() -> None:
    query = {"bucket": "month", "sel_bucket": ["2020-02", "2020-02-03", "2020-13", "last week"],
             "sel_sentiment": ["positive", "joyful"], "sel_tag": ["MeToo", "MeToo"],
             "sel_outlet": "bbc.co.uk"}  # fmt: skip
    assert links.selection_problems(query) == [
        "sel_bucket=2020-02-03", "sel_bucket=2020-13", "sel_bucket=last week", "sel_sentiment=joyful"]  # fmt: skip
    chosen = links.selection_from_query(query)
    assert chosen.buckets == ("2020-02",)
    assert chosen.sentiments == ("positive",)
    assert chosen.hashtags == ("MeToo",)
    assert chosen.outlets == ("bbc.co.uk",)


def test_a_bucket_is_checked_against_the_unit_it_is_cut_in() -> None:
    assert links.valid_bucket_name("2020-02-03T14:00", "hour")
    assert not links.valid_bucket_name("2020-02-03T14:30", "hour")
    assert links.valid_bucket_name("2020-02-03", "week")  # a Monday
    assert not links.valid_bucket_name("2020-02-05", "week")
    assert links.valid_bucket_name("2020-04", "quarter")
    assert not links.valid_bucket_name("2020-05", "quarter")
    assert not links.valid_bucket_name("2020-02-03+09:00", "day")
    # without a bucket in the URL, any bucket's name can be read (the page cuts it in its own)
    assert links.selection_problems({"sel_bucket": ["2020-02-03T14:00", "2020-05", "soon"]}) == ["sel_bucket=soon"]


@settings(max_examples=100, deadline=None)
@given(st.integers(*links.TOP_RANGE), st.integers(1, 10**6), st.sampled_from(links.PAGE_SIZES),
       st.sampled_from(["", *SORTS]), st.sampled_from(ORDERS))  # fmt: skip
def test_a_layout_round_trips_through_the_url(top: int, page: int, rows: int, sort: str, order: str) -> None:
    layout = links.ViewLayout(top_n=top, page=page, rows=rows, sort=sort, order=order)
    query = links.layout_to_query(layout)
    assert links.layout_from_query(query) == layout
    assert links.layout_problems(query) == []
    assert query.get("sort") == ([sort] if sort else None)
    assert query.get("order") == (["desc"] if order == "desc" else None)


def test_the_table_s_sort_is_two_url_keys() -> None:
    query = links.layout_to_query(links.ViewLayout(sort="compound", order="desc"))
    assert query == {"sort": ["compound"], "order": ["desc"]}
    kept = links.layout_from_query({"sort": "compound", "order": "desc"})
    assert kept == links.ViewLayout(sort="compound", order="desc")


@pytest.mark.parametrize(
    ("query", "named", "kept"),
    [
        ({"sort": "text"}, ["sort=text"], links.ViewLayout()),  # not a column the table sorts by
        ({"sort": "Compound", "order": "desc"}, ["sort=Compound"], links.ViewLayout(order="desc")),  # names are exact
        ({"sort": "author", "order": "descending"}, ["order=descending"], links.ViewLayout(sort="author")),
        ({"sort": "<b>x</b>", "order": "up"}, ["sort=<b>x</b>", "order=up"], links.ViewLayout()),
        ({"sort": "date", "order": "desc"}, [], links.ViewLayout(sort="date", order="desc")),
    ],
)
def test_a_sort_that_does_not_apply_is_named_and_keeps_its_start(
    query: dict[str, str], named: list[str], kept: links.ViewLayout
) -> None:
    assert links.layout_problems(query) == named
    assert links.layout_from_query(query) == kept


def test_posts_own_dates_only_travels_in_the_url() -> None:
    assert links.filters_to_query(Filters(own_dates=True)) == {"own_dates": ["on"]}
    assert links.filters_from_query({"own_dates": "on"}) == Filters(own_dates=True)
    assert links.filters_from_query({"own_dates": "off"}) == Filters()
    assert links.describe(Filters(own_dates=True)) == "own_dates=on"
