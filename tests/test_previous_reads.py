"""The sentences before a quotation answered from the body's words: as reading them answers."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse import post_cues, previous_reads
from reactions.parse.previous_reads import other_medium_before, posted_before_quotation
from reactions.parse.sentences import Surroundings, TextIndex

_PIECES = [
    "fans", "commented", "She", "shared", "posted", "a", "photo", "ſelfies", "PICS", "her 3 million followers",
    "followers", "on Twitter", "tweeted", "the post", "the Post", "in a statement", "told", "reporters asked",
    "at a press conference", "wrote in Vogue", "penned", "Ann", "İnstagram", "é", "_", "-", "\n", ".", "!",
    '"Hi yo"', "“Love it”", "@ann", "Sen. Al", "photography", "postponed", "xstatement", "posted a photo of it",
    "in a letter", "x" * 300,
]  # fmt: skip
_QUOTATION_RE = re.compile(r'"[^"\n]*"|“[^”\n]*”')


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_PIECES), st.sampled_from([" ", " ", ",", ";", "", "  "])), max_size=90)
       .map(lambda pieces: "".join(piece + gap for piece, gap in pieces)), st.booleans(), st.integers(0, 40))
def test_the_sentences_before_answer_as_read(body: str, picture: bool, back: int) -> None:
    """For every quotation of a body (its lead-in cut after a quotation before it, or not), the two sentences before
    it are said posted, or in another medium, exactly when reading them says so."""
    index = TextIndex(body)
    for match in _QUOTATION_RE.finditer(body):
        for floor in (0, max(0, match.start() - back)):
            context = Surroundings(index, match, floor)
            previous = context.previous
            assert posted_before_quotation(context, previous, picture) == post_cues.posted_before(previous, picture)
            assert other_medium_before(context, previous) == post_cues.other_medium(previous)


def test_a_sentence_that_never_ends_is_not_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Quotations back to back in a sentence that never ends, whose words name no post nor medium: the sentences
    before each are not read."""
    body = '; fans commented: "Hi yo"' * 200
    index = TextIndex(body)

    def read(*args: object) -> bool:
        raise AssertionError("read")

    monkeypatch.setattr(previous_reads, "posted_before", read)
    monkeypatch.setattr(previous_reads, "other_medium", read)
    for match in list(_QUOTATION_RE.finditer(body))[40:]:
        context = Surroundings(index, match, match.start() - 18)
        assert len(context.previous) > 700
        assert not posted_before_quotation(context, context.previous, True)
        assert not other_medium_before(context, context.previous)


_RUN = '; fans commented: "Hi yo"' * 20
"""Quotations joined by semicolons: the sentences before the last are long enough to be answered from the body's
words (:data:`~reactions.parse.previous_reads.READ_ITSELF`)."""


@pytest.mark.parametrize(
    ("body", "posted", "medium"),
    [
        (f'Ann shared a photo{_RUN}; fans commented: "So good"', True, False),
        (f'Ann wrote in a statement{_RUN}; fans commented: "So good"', False, True),
        (f'Ann spoke{_RUN}; fans commented: "So good"', False, False),
        (f'Ann thanked her 3 million followers{_RUN}; fans commented: "So good"', True, False),
        (f'When reporters asked{_RUN}; fans commented: "So good"', False, True),
        (f'Ann wrote in Vogue{_RUN}; fans commented: "So good"', False, True),
        ("qstatement," * 100 + '"Hiyoyoy"; fans commented: "So good"', False, True),  # a window that starts
        ("qtweeted," * 100 + '"Hiyoyoy"; fans commented: "So good"', True, False),  # inside a word: "tweeted,…"
    ],
)
def test_a_word_the_reading_needs_has_the_sentences_read(body: str, posted: bool, medium: bool) -> None:
    *_, prior, match = _QUOTATION_RE.finditer(body)
    context = Surroundings(TextIndex(body), match, prior.end())
    assert posted_before_quotation(context, context.previous, True) is posted
    assert other_medium_before(context, context.previous) is medium
