"""``Rep.`` before a name is a lawmaker's title, not a publicist: no unnamed source."""

from __future__ import annotations

import pytest

from reactions.parse.article import parse_article
from reactions.parse.posted import is_source
from reactions.parse.title_reps import without_title_reps

_QUOTE = '"We will not fold on the budget this week or any week,"'


def _found(lead: str) -> list[tuple[str | None, str | None]]:
    text = f"The bill is stuck in committee.\n\n{_QUOTE} {lead}\n\nMore text."
    return [(r.display_name, r.author) for r in parse_article(text).reactions]


@pytest.mark.parametrize(
    "lead",
    [
        "Rep. Ann Lee wrote on Twitter.",
        "Rep. Ann Lee, D-Ohio, said on Twitter.",
        "Representative Ann Lee wrote on Facebook.",
    ],
)
def test_a_lawmaker_titled_rep_posts(lead: str) -> None:
    assert [author for _, author in _found(lead)] == ["Ann Lee"]


@pytest.mark.parametrize(
    "lead",
    [
        "a rep for the singer said on Friday.",
        "her representative told reporters.",
    ],
)
def test_a_publicist_is_still_a_source(lead: str) -> None:
    assert _found(lead) == []


@pytest.mark.parametrize(
    ("author", "source"),
    [
        ("Rep. Ann Lee", False),
        ("Reps. Lee and Ruiz", False),
        ("Representative Ann Lee", False),
        ("a rep for Ann Lee", True),
        ("Ann Lee's representative", True),
        ("Representative for the singer", True),
    ],
)
def test_is_source(author: str, source: bool) -> None:
    assert is_source(author) is source


def test_without_title_reps_keeps_the_length() -> None:
    assert len(without_title_reps("Reps. Lee and Ruiz")) == len("Reps. Lee and Ruiz")
