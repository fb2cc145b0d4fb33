"""A clause of time after a verb of posting: the event it names is no medium of the post."""

from __future__ import annotations

import pytest

from reactions.parse.article import parse_article
from reactions.parse.event_clauses import without_event_clauses

_QUOTE = '"The ferry timetable was changed without a word to the people who ride it every day,"'


def _found(lead: str) -> list[tuple[str | None, str]]:
    text = f"The ferry changed its timetable in May.\n\n{_QUOTE} {lead}\n\nThe company did not comment."
    return [(r.display_name, r.platform.value) for r in parse_article(text).reactions]


@pytest.mark.parametrize(
    ("lead", "expected"),
    [
        ("one rider posted on Facebook after the council announced its lawsuit.", ("one rider", "facebook")),
        ("Nadia Brenner tweeted after the company's statement was released.", ("Nadia Brenner", "twitter")),
        ("Nadia Brenner tweeted on Monday, days before the court hearing.", ("Nadia Brenner", "twitter")),
        ("Nadia Brenner wrote on Instagram following her interview with the paper.", ("Nadia Brenner", "instagram")),
    ],
)
def test_an_event_after_the_post_is_no_medium(lead: str, expected: tuple[str | None, str]) -> None:
    assert _found(lead) == [expected]


@pytest.mark.parametrize(
    "lead",
    [
        "Nadia Brenner said in an interview after the post.",
        "Nadia Brenner wrote in a lawsuit filed before she tweeted.",
        "Nadia Brenner posted the following statement on her website.",
        "Nadia Brenner told the court after she posted on Facebook.",
    ],
)
def test_the_words_own_medium_stays(lead: str) -> None:
    assert _found(lead) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("posted on Facebook after the lawsuit.", "posted on Facebook " + " " * 17 + "."),
        ("she tweeted Monday, before the hearing, and", "she tweeted Monday, " + " " * 18 + ", and"),
        ("posted the following statement", "posted the following statement"),
        ("said in a statement after the tweet", "said in a statement after the tweet"),
        ("", ""),
    ],
)
def test_without_event_clauses(text: str, expected: str) -> None:
    assert without_event_clauses(text) == expected
