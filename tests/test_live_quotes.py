"""The candidates the quote finder reads (``parse/live_quotes.py``) are told in one pass as ``Silence.state`` tells
them one by one: the same state for each, the muted ones left out but those that open a line under a colon."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from reactions.parse import quotes
from reactions.parse.live_quotes import live_candidates
from reactions.parse.quotations import quotations
from reactions.parse.sentences import LOOK_BACK, MUTED, QUIET, READ, Silence, WordIndex

_PIECES = [
    "she", "wrote", "tweeted", "said", "posted", "postponed", "Instagram", "ſhared", "x", "It says", "reads", "read",
    "ſays", "a fan", '"', "“", "”", "‘", "’", ":", ",", ".", " ", " ", "\t", "\n", "\n\n", ": “", ', "', ',” ', ':\n"',
    "a" * 150, "a" * 160, "b " * 80, "w" * (LOOK_BACK - 30),
]  # fmt: skip
_TEXTS = st.lists(st.sampled_from(_PIECES), max_size=40).map("".join)


def _told_one_by_one(text: str) -> list[tuple[int, int]]:
    """What the quote finder's loop read from ``Silence.state`` before: every candidate's state, the muted ones left
    out unless they open a line under a colon."""
    silence = Silence(text, WordIndex(text, quotes._CUE_WORDS))
    told = []
    for i, match in enumerate(quotations(text)):
        start = match.start()
        state = silence.state(start, match.end())
        opens = start and text[start - 1] == "\n" and ":" in text[max(0, start - 14) : start]
        if state != MUTED or opens:
            told.append((i, state))
    return told


@settings(max_examples=600, deadline=None)
@given(_TEXTS)
@example('She said: "So good." A fan wrote, "Yes."\nIt says, "Hi there."\nNo cue "at all" here.')
def test_live_candidates_are_the_states_told_one_by_one(text: str) -> None:
    assert live_candidates(text, WordIndex(text, quotes._CUE_WORDS), quotations(text)) == _told_one_by_one(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('"We are devastated and sad," the family said.', []),  # muted: no cue word on its line
        ('"So good and true," a fan tweeted.', [(0, QUIET)]),
        ('A fan tweeted, "So good and true."', [(0, READ)]),
        ('The family said: "We are devastated."', [(0, READ)]),  # a colon needs no cue word
        ('The family said:\n"We are devastated."', [(0, MUTED)]),  # its lead-in may stand on the line above
    ],
)
def test_live_candidates(text: str, expected: list[tuple[int, int]]) -> None:
    assert live_candidates(text, WordIndex(text, quotes._CUE_WORDS), quotations(text)) == expected


@pytest.mark.parametrize("size", range(140, 170))
def test_a_cue_word_at_the_reach_after_a_quotation(size: int) -> None:
    text = '"So good and true," she said ' + "a" * size + " tweeted it.\nNext line here."
    assert live_candidates(text, WordIndex(text, quotes._CUE_WORDS), quotations(text)) == _told_one_by_one(text)


@pytest.mark.parametrize("size", [LOOK_BACK - 40, LOOK_BACK - 5, LOOK_BACK, LOOK_BACK + 5])
def test_a_quotation_past_the_look_back_on_its_line(size: int) -> None:
    text = "w" * size + ' "So good and true," she said.'
    told = _told_one_by_one(text)
    assert live_candidates(text, WordIndex(text, quotes._CUE_WORDS), quotations(text)) == told
    assert (told == [(0, READ)]) is (size + 1 > LOOK_BACK)  # read in full past it: its sentence may start anywhere
