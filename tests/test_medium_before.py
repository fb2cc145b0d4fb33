"""A quotation right after a sentence that names another medium is that medium's, not a post."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse.medium_before import medium_just_before
from reactions.parse.post_cues import posted_before
from reactions.parse.quotes import find_quotes

QUOTE = '"Our parks should honour every family in this city, not divide them," she wrote.'


def quoted_posts(before: str) -> list[str]:
    return [quote.text for quote in find_quotes(f"{before} {QUOTE}", "a.txt", [])]


@pytest.mark.parametrize(
    "before",
    [
        "Mayor Lia Fenn tweeted on Monday that the statue must go. In an op-ed for the local paper, Fenn said more.",
        "Mayor Lia Fenn tweeted on Monday that the statue must go. She also sent a letter to the council.",
    ],
)
def test_another_medium_named_last_takes_the_quotation(before: str) -> None:
    assert quoted_posts(before) == []


@pytest.mark.parametrize(
    "before",
    [
        # the post named last: still a post
        "In an op-ed for the local paper, Mayor Lia Fenn asked for calm. Then she tweeted about it.",
        "Mayor Lia Fenn was asked about the statue. She posted a photo of the park on Instagram.",
    ],
)
def test_a_post_named_last_keeps_the_quotation(before: str) -> None:
    assert quoted_posts(before) == ["Our parks should honour every family in this city, not divide them,"[:-1]]


@pytest.mark.parametrize(
    ("previous", "medium"),
    [
        ("She tweeted. In a statement, she said more.", True),
        ("In a statement, she said more. She tweeted.", False),
        ("In a statement she tweeted, she said more.", False),  # a post named in the same sentence
        ("Nothing here names a medium.", False),
    ],
)
def test_medium_just_before(previous: str, medium: bool) -> None:
    assert medium_just_before(previous) is medium


_PIECES = [
    "fans", "wrote", "She", "shared", "posted", "a photo", "her followers", "on Twitter", "tweeted", "the post",
    "in a statement", "told", "reporters asked", "wrote in Vogue", "in a letter", "an op-ed", "in a blog post", ".",
    "!", "?", "…", "Sen.", "U.S.", '"Hi yo"', "\n",
]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40).map(" ".join), st.booleans())
def test_a_sentence_before_said_posted_is_read_as_before(previous: str, picture: bool) -> None:
    """Told that the sentences before were said posted, the answer is the one reading them gives (a last sentence that
    is all of them, never read again, says posted too)."""
    if posted_before(previous, picture):
        assert medium_just_before(previous, posted=True) == medium_just_before(previous)
