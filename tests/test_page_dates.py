"""reactions.parse.page_dates: a web page's publication time from the values its metadata gives."""

from __future__ import annotations

import datetime as dt

import pytest

from reactions.parse.html import parse_html_article
from reactions.parse.page_dates import first_stamp, read_stamp

UTC = dt.UTC


@pytest.mark.parametrize(
    ("value", "date", "time"),
    [
        ("2021-06-30T18:05:00+02:00", dt.date(2021, 6, 30), dt.datetime(2021, 6, 30, 16, 5, tzinfo=UTC)),
        ("2021-06-30", dt.date(2021, 6, 30), None),
        ("2021-06-30T18:05:00", dt.date(2021, 6, 30), None),  # no offset: the day only
        ("Wed, 30 Jun 2021 18:05:00 -0400", dt.date(2021, 6, 30), dt.datetime(2021, 6, 30, 22, 5, tzinfo=UTC)),
        ("30 Jun 2021 23:30 GMT", dt.date(2021, 6, 30), dt.datetime(2021, 6, 30, 23, 30, tzinfo=UTC)),
        ("20210630", dt.date(2021, 6, 30), None),
        ("June 30, 2021 | 6:05 pm", dt.date(2021, 6, 30), None),
        ("Wednesday, Jun. 30, 2021", dt.date(2021, 6, 30), None),
        ("mercredi 30 juin 2021 18:05", dt.date(2021, 6, 30), None),
        ("2021-13-45T00:00:00Z", None, None),  # no such day
        ("20211345", None, None),
        ("12345678", None, None),  # eight digits that are no year of ours
        ("1625069100", None, None),  # seconds since 1970: not read
        ("06/30/2021", None, None),  # month and day in an order a page does not tell
        ("yesterday", None, None),
        ("", None, None),
    ],
)
def test_read_stamp(value: str, date: dt.date | None, time: dt.datetime | None) -> None:
    assert read_stamp(value) == (date, time)


def test_the_first_value_that_reads_is_taken() -> None:
    assert first_stamp(["", "soon", "2021-6-3T10:00:00Z", "Wed, 30 Jun 2021 18:05:00 +0000", "2020-01-01"]) == (
        dt.date(2021, 6, 30), dt.datetime(2021, 6, 30, 18, 5, tzinfo=UTC)
    )
    assert first_stamp([]) == (None, None)


def test_a_long_value_is_read_only_at_its_start() -> None:
    assert read_stamp("x" * 500 + " June 30, 2021") == (None, None)


def _page(head: str) -> str:
    return f"<html><head><title>T</title>{head}</head><body><p>Text.</p></body></html>"


@pytest.mark.parametrize(
    ("head", "published"),
    [
        # a date meta in a form not read leaves the place to JSON-LD
        ('<meta property="article:published_time" content="1625069100"><script type="application/ld+json">'
         '{"datePublished": "2021-06-30T18:05:00Z"}</script>', "2021-06-30 18:05:00+00:00"),
        ('<meta name="sailthru.date" content="Wed, 30 Jun 2021 18:05:00 +0000">', "2021-06-30 18:05:00+00:00"),
        ('<meta name="date" content="soon"><time datetime="2021-06-30T18:05:00+00:00">June 30</time>',
         "2021-06-30 18:05:00+00:00"),
    ],
)  # fmt: skip
def test_a_page_is_dated_by_its_first_readable_stamp(head: str, published: str) -> None:
    article = parse_html_article(_page(head))
    assert (str(article.published_at), article.date) == (published, dt.date(2021, 6, 30))


def test_a_written_date_dates_the_page_without_a_time() -> None:
    article = parse_html_article(_page('<meta itemprop="datePublished" content="June 30, 2021 | 6:05 pm">'))
    assert (article.date, article.published_at) == (dt.date(2021, 6, 30), None)


def test_a_page_with_no_readable_stamp_is_undated() -> None:
    article = parse_html_article(_page('<meta name="date" content="soon"><meta name="pubdate" content="">'))
    assert (article.date, article.published_at) == (None, None)
