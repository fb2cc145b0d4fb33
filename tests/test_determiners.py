"""A determiner before a lead-in's word: the word before read as the pattern reads it."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from reactions.parse.determiners import DETERMINED_RE, after_determiner

_PIECES = ["her", "HER", "hiſ", "İts", "the", "a", "an", "of", "xthe", "tweets", "Chrissy", " ", "  ", "   ", "\t", "(",
           "\n", ",", "their", "ann"]  # fmt: skip


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=14).map("".join), st.integers(0, 60))
@example("   " * 6 + "her  ", 23)
@example("xthe tweets", 5)
def test_the_word_before_is_read_as_the_pattern_reads_it(text: str, at: int) -> None:
    at = min(at, len(text))
    assert after_determiner(text, at) == (DETERMINED_RE.search(text, max(0, at - 16), at) is not None)


@pytest.mark.parametrize(
    ("lead", "verb", "determined"),
    [("Of her tweets, Chrissy added", "tweets", True), ("Chrissy tweeted", "tweeted", False),
     ("(the post", "post", True), ("another posts", "posts", False), ("an    post", "post", False)],
)  # fmt: skip
def test_after_determiner(lead: str, verb: str, determined: bool) -> None:
    assert after_determiner(lead, lead.index(verb)) is determined
