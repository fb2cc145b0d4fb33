"""A month abbreviated before its day (``Oct. 29``) ends no sentence: a quotation's lead-in keeps its author."""

from __future__ import annotations

import pytest

from reactions.parse.article import parse_article
from reactions.parse.month_stops import month_stop

_POST = "Every family in this city deserves a safe place to sleep tonight and every night."


def authors(text: str) -> list[str | None]:
    return [r.author for r in parse_article(text).reactions]


@pytest.mark.parametrize("month", ["Jan.", "Feb.", "Aug.", "Sept.", "Sep.", "Oct.", "Nov.", "Dec."])
def test_a_lead_in_with_an_abbreviated_month_keeps_its_author(month: str) -> None:
    text = f'The vote drew wide notice. Mayor Rosa Quintero tweeted her support on {month} 29, writing: "{_POST}"'
    assert authors(text) == ["Rosa Quintero"]


def test_an_attribution_after_the_quotation_reads_past_the_month() -> None:
    text = f'"{_POST}!" Rosa Quintero, the mayor of the city, said on X on Dec. 31. The council agreed.'
    assert authors(text) == ["Rosa Quintero"]


def test_an_other_medium_before_the_month_is_read() -> None:
    text = f'In the letter, sent Nov. 3, Rosa Quintero writes, "{_POST}" The council agreed.'
    assert authors(text) == []


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("tweeted on Oct. 29, writing", True),
        ("tweeted on Sept. 3, writing", True),
        ("She left in Oct. The rest stayed", False),  # a capital after it: an end
        ("She left in Oct. 2016 was over", True),  # a number after it: read as a date
        ("the Doc. 29 file", False),  # no month
        ("in MyOct. 29 notes", False),  # inside a word
        ("in Mar. 29 notes", False),  # March is written out in AP style: not in the table
    ],
)
def test_month_stop(body: str, expected: bool) -> None:
    at = body.index(".")
    assert month_stop(body, at, at + 1) is expected
