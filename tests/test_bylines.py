"""The byline phrases' shared words and the searches built on them."""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from reactions.parse import bylines
from reactions.parse.bylines import BYLINE_LAST_WORDS, holds, last_word_before_handle


def _last_word_before_handle_at_each_space_at(text: str) -> bool:
    """The check as first written: every ``" @"``, and the text before its space."""
    return any(text.endswith(BYLINE_LAST_WORDS, 0, m.start()) for m in re.finditer(" @", text))


_PIECES = st.sampled_from(["@", " @", "@@", " ", "by", "BY", "von", "от", "de", "x", "\n", "shared", "é"])


@settings(max_examples=1000, deadline=None)
@given(st.lists(_PIECES, max_size=16).map("".join))
@example("by @ann")
@example(" @by @")
@example("@by @x")
def test_last_word_before_handle_is_the_search_at_each_space_at(text: str) -> None:
    assert last_word_before_handle(text) == _last_word_before_handle_at_each_space_at(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=16).map("".join), st.integers(0, 3))
def test_a_text_with_many_at_signs_gives_the_same_answer(text: str, budget: int) -> None:
    old = bylines._AT_BUDGET
    bylines._AT_BUDGET = budget  # the fallback taken at once
    try:
        assert last_word_before_handle(text) == _last_word_before_handle_at_each_space_at(text)
    finally:
        bylines._AT_BUDGET = old


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(["V", "View", "View on", "View on ", "iew on ", " ", "x", "VV", "é", "\n"]),
                max_size=12).map("".join), st.sampled_from(["View on ", "V", "", "Vi"]), st.integers(0, 3))  # fmt: skip
@example("VView on x", "View on ", 64)
def test_holds_is_in(text: str, phrase: str, budget: int) -> None:
    old = bylines._FIRST_BUDGET
    bylines._FIRST_BUDGET = budget if budget < 3 else 64  # the fallback taken, or not
    try:
        assert holds(text, phrase) == (phrase in text)
    finally:
        bylines._FIRST_BUDGET = old
