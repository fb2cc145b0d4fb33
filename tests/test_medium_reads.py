"""A quotation's lead-in and sentence answered from the body's words: as reading them answers."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse import medium_reads, post_cues
from reactions.parse.medium_reads import medium_in
from reactions.parse.sentences import Surroundings, TextIndex, word_bytes

_PIECES = [
    "fans", "wrote", "She", "shared", "posted", "a", "photo", "ſtatement", "PRESS", "her followers", "on Twitter",
    "tweeted", "the post", "in a statement", "told", "reporters asked", "at a press conference", "wrote in Vogue",
    "penned in The", "Ann", "İnterview", "é", "_", "-", "\n", ".", "!", '"Hi yo"', "“Love it”", "@ann", "Sen. Al",
    "statementx", "xstatement", "op-ed", "e-mail", "mediation", "in a letter", "x" * 70,
]  # fmt: skip
_QUOTATION_RE = re.compile(r'"[^"\n]*"|“[^”\n]*”')


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_PIECES), st.sampled_from([" ", " ", ",", ";", ":", "", "  "])), max_size=90)
       .map(lambda pieces: "".join(piece + gap for piece, gap in pieces)), st.booleans(), st.integers(0, 40))
def test_the_lead_in_and_sentence_answer_as_read(body: str, press: bool, back: int) -> None:
    """For every quotation of a body (its lead-in cut after a quotation before it, or not), its lead-in (as read or
    stripped), its sentence and a clause of its own are said in another medium exactly when reading them says so,
    from the first ask on (the body's words indexed at once, every text asked of them however short)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(medium_reads, "ASKS_READ", 0)
        patch.setattr(medium_reads, "READ_ITSELF", 0)
        index = TextIndex(body)
        for match in _QUOTATION_RE.finditer(body):
            for floor in (0, max(0, match.start() - back)):
                context = Surroundings(index, match, floor)
                lead = context.lead
                for text in (lead, lead.rstrip(), lead[: len(lead) // 2], context.sentence, context.after, lead + "x"):
                    assert medium_in(context, text, press=press) == post_cues.other_medium(text, press=press)


_RUN = '; fans wrote: "Hi yo"' * 30
"""Quotations joined by semicolons: an article of more than :data:`~reactions.parse.medium_reads.ASKS_READ` asks,
whose lead-ins are long enough to be answered from the body's words."""


@pytest.mark.parametrize(
    ("lead", "medium"),
    [
        (" and fans wrote", False),
        (" and fans wrote in a statement", True),
        (" and fans told reporters", True),
        (" and at a press conference fans wrote", True),
        (" and fans wrote in Vogue", True),
        (" and fans wrote in May", False),
        (" and fans wrote in a statementx", False),
        ("statement and fans wrote", True),
    ],
)
def test_a_word_other_medium_needs_has_the_lead_in_read(lead: str, medium: bool) -> None:
    """Past the first asks, a lead-in holding a word of another medium (or a title written in) is read."""
    body = f'{_RUN};{lead}: "So good"{_RUN}'
    index = TextIndex(body)
    for match in _QUOTATION_RE.finditer(body):
        context = Surroundings(index, match, max(0, match.start() - 80))
        assert medium_in(context, context.lead) == post_cues.other_medium(context.lead)
        assert medium_in(context, context.sentence) == post_cues.other_medium(context.sentence)
        if match.group() == '"So good"':
            assert medium_in(context, context.lead) is medium


def test_an_article_of_many_lead_ins_is_not_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Quotations back to back in a sentence that never ends, whose words name no medium: past the first asks, their
    lead-ins and sentences are not read."""
    body = '; fans wrote: "Hi yo"' * 200
    index = TextIndex(body)
    matches = list(_QUOTATION_RE.finditer(body))
    for match in matches[:40]:
        context = Surroundings(index, match, max(0, match.start() - 80))
        assert not medium_in(context, context.lead)

    def read(*args: object, **kwargs: object) -> bool:
        raise AssertionError("read")

    monkeypatch.setattr(medium_reads, "other_medium", read)
    for match in matches[40:]:
        context = Surroundings(index, match, max(0, match.start() - 80))
        assert not medium_in(context, context.lead)
        assert not medium_in(context, context.lead.rstrip(), press=False)
        assert not medium_in(context, context.sentence)


@pytest.fixture
def indexed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The body's words asked from the first ask on, of every text however short."""
    monkeypatch.setattr(medium_reads, "ASKS_READ", 0)
    monkeypatch.setattr(medium_reads, "READ_ITSELF", 0)


@pytest.mark.usefixtures("indexed")
def test_a_lead_in_that_starts_inside_a_word_is_read() -> None:
    """A lead-in cut inside a word (``qstatement``: ``statement``) holds a word the body's words do not: it is read."""
    body = f'{_RUN}; qstatement and fans wrote: "So good" she wrote.'
    match = list(_QUOTATION_RE.finditer(body))[-1]
    context = Surroundings(TextIndex(body), match, body.index("statement"))
    assert context.lead.startswith("statement")
    assert medium_in(context, context.lead)
    assert medium_in(context, context.sentence)


@pytest.mark.usefixtures("indexed")
def test_a_text_glued_as_the_sentence_is_not_taken_for_it() -> None:
    """A text as long as the sentence, opening with the lead-in and ending with the words after, but joined by a
    letter (``…fans tol`` ``d`` `` she wrote``: ``told``): it is read."""
    body = f'{_RUN}; and fans tol"So good" she wrote.'
    match = list(_QUOTATION_RE.finditer(body))[-1]
    context = Surroundings(TextIndex(body), match, body.rindex(";"))
    glued = f"{context.lead}d{context.after}"
    assert len(glued) == len(context.sentence)
    assert post_cues.other_medium(glued)
    assert medium_in(context, glued)


def test_a_body_is_never_given_the_words_of_another_asked_between(monkeypatch: pytest.MonkeyPatch) -> None:
    """Another thread (a Dask worker's) asks of its body while this one builds the index of its own: neither is ever
    handed the other body's words, however the asks interleave."""
    first, second = TextIndex('; fans wrote: "Hi yo"' * 30), TextIndex('; in a statement: "Hi yo"' * 30)
    made = medium_reads.WordIndex
    interrupted: list[object] = []

    def built_while_another_asks(body: str, words: frozenset[bytes]) -> object:
        if not interrupted:
            interrupted.append(medium_reads._index(second))  # (the other thread, between the build and its keeping)
        return made(body, words)

    monkeypatch.setattr(medium_reads, "WordIndex", built_while_another_asks)
    medium_reads._LAST[0] = (None, 0, None)
    order = [first] * (medium_reads.ASKS_READ + 1) + [second] * (medium_reads.ASKS_READ + 2) + [first, second] * 20
    for index in order:
        words = medium_reads._index(index)
        assert words is None or words._padded == b" " + word_bytes(index.body)
