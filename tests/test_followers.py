"""A poster's followers named before a quotation: the words that follow were posted."""

from __future__ import annotations

import pytest

from reactions.parse.article import parse_article
from reactions.parse.followers import followers_named
from reactions.parse.sentences import words_of

_QUOTE = '"Back on the trail next week, thank you all for the kind words while I was away,"'


def _found(before: str, lead: str) -> list[tuple[str | None, str, str]]:
    text = f"The runner left the race in March.\n\n{before}\n\n{_QUOTE} {lead}\n\nShe starts again in June."
    return [(r.display_name, r.author or "", r.platform.value) for r in parse_article(text).reactions]


@pytest.mark.parametrize(
    "before",
    [
        "On Sunday Greta Lind surprised her 2.4 million followers with an update.",
        "Greta Lind thanked her followers on Sunday.",
        "Greta Lind's loyal followers had waited for news since March.",
        "She told more than 40,000 of her followers that she was well.",
    ],
)
def test_followers_before_make_writing_a_post(before: str) -> None:
    assert _found(before, "Greta Lind wrote.") == [("Greta Lind", "Greta Lind", "unknown")]


@pytest.mark.parametrize(
    ("before", "lead"),
    [
        ("Greta Lind thanked her followers on Sunday.", "Greta Lind said."),  # speech stays speech
        ("Greta Lind thanked the race's organisers on Sunday.", "Greta Lind wrote."),
        ("Greta Lind thanked her followers on Sunday.", "Greta Lind wrote in a letter to the club."),
    ],
)
def test_no_followers_or_another_medium_is_no_post(before: str, lead: str) -> None:
    assert _found(before, lead) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("surprised her 3.3 million followers in August", True),
        ("told his Instagram followers", True),
        ("the band's followers", True),
        ("the followers of the movement", False),
        ("she follows her heart", False),
        ("", False),
    ],
)
def test_followers_named(text: str, expected: bool) -> None:
    assert followers_named(text, words_of(text)) is expected
