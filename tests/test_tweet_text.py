"""reactions.parse.tweet_text: emoji sequences found as they were before the search was made faster."""

from __future__ import annotations

import re

import emoji
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse import tweet_text

PARTS = [
    "a", "B", " ", ".", "1", "#", "é", "ß", "中", "’", "\u200d", "\ufe0f", "\ufe0e", "\u20e3", "🏽", "🏿", "🇺", "🇸",
    "\U000e0067", "\U000e007f", "🏴", "😂", "❤", "🔥", "👩", "👧", "🏳", "🌈", "©", "™", "☺", "⭐", "\U0001fae0",
]  # fmt: skip
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")


def matches_in_runs(text: str) -> list[tuple[int, int, str]]:
    """The former search: the emoji pattern run inside each run of non-ASCII characters."""
    pattern = tweet_text._emoji_pattern()
    return [
        (m.start(), m.end(), m.group())
        for run in _NON_ASCII.finditer(text)
        for m in pattern.finditer(text, run.start(), run.end())
    ]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(PARTS) | st.sampled_from(sorted(emoji.EMOJI_DATA)), max_size=30).map("".join))
def test_emoji_matches_as_found_run_by_run(text):
    assert [(m.start(), m.end(), m.group()) for m in tweet_text.emoji_matches(text)] == matches_in_runs(text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_emoji_matches_any_text_as_found_run_by_run(text):
    assert [(m.start(), m.end(), m.group()) for m in tweet_text.emoji_matches(text)] == matches_in_runs(text)
