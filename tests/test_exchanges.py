"""Quotations in one exchange: which quotation ends the next one's lead-in, relative clauses, follow-ups."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse.exchanges import (
    LEAD_QUOTATIONS,
    MORE,
    REPLY,
    SAID,
    FollowUp,
    follow_up,
    lead_floor,
    relative_clause,
    utterance,
)


def _first_quotation(text: str) -> re.Match[str]:
    found = re.search(r"“[^”]*”", text)
    assert found is not None
    return found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ann tweeted, “Loving your new song,” to which", True),
        ("She wrote “we did it!” and left", True),
        ("She wrote “we did it”, and left", True),  # British style: the comma after the mark
        ("He starred in “Escape From New York,” then", False),  # a title keeps its words capitalised
        ("He starred in “Guardians of the Galaxy,” then", False),  # and its small words in lower case
        ("She sent a “heartfelt” note", False),  # no punctuation: a phrase inside the sentence
        ("She said “hi there” and left", False),
    ],
)
def test_an_utterance_is_punctuated_words_not_a_title(text: str, expected: bool) -> None:
    assert utterance(text, _first_quotation(text)) is expected


@pytest.mark.parametrize(
    ("words", "expected"),
    [("to which Bea Cruz replied", True), ("which she deleted later", True), ("in which he wrote", True),
     ("Bea Cruz replied", False), ("while another wrote", False), ("witchy fans wrote", False)],
)  # fmt: skip
def test_a_relative_clause_is_about_the_quotation(words: str, expected: bool) -> None:
    assert relative_clause(words) is expected


@pytest.mark.parametrize(
    ("lead", "expected"),
    [
        (", to which Bea Cruz replied, ", FollowUp("Bea Cruz", "replied", REPLY)),
        (", to which she quickly responded: ", FollowUp("she", "responded", REPLY)),
        (" and Eli Park wrote back, ", FollowUp("Eli Park", "wrote", REPLY)),
        (" Witherspoon fired back: ", FollowUp("Witherspoon", "fired", REPLY)),
        (", adding: ", FollowUp("", "adding", MORE)),
        (" He added, ", FollowUp("He", "added", MORE)),
        (", while another said, ", FollowUp("another", "said", SAID)),
        (" Another asked: ", FollowUp("Another", "asked", SAID)),
    ],
)
def test_a_follow_up_names_its_author_and_what_it_is(lead: str, expected: FollowUp) -> None:
    assert follow_up(lead) == expected


@pytest.mark.parametrize(
    "lead",
    [
        ", she said, and then ",  # the verb does not end the lead-in
        " and many fans across the country soon replied, ",  # more than an author and an adverb
        ", added ",  # a past tense with no subject
        " in the song, which it added ",  # no author
        ", and she replied " + "x" * 130,  # too long to be a follow-up
        " The post reads: ",  # no verb of a follow-up
    ],
)
def test_what_is_no_follow_up(lead: str) -> None:
    assert follow_up(lead) is None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([", ", "to which", " she", " Bea", " replied", " added", "adding", " back",
                                 " wrote", " said", "another", ":", " ", "\t", "é", "x" * 30]),
                max_size=12).map("".join))  # fmt: skip
def test_follow_up_never_raises_and_reads_only_the_lead_in(lead: str) -> None:
    found = follow_up(lead)
    assert found is None or found.kind in (REPLY, MORE, SAID)
    assert found is None or (all(map(lead.__contains__, found.author.split())) and found.verb in lead.lower())


@pytest.mark.parametrize(
    ("body", "start", "expected"),
    [
        ('Ann tweeted, "I love it," to which Bea replied, "Me too."', 0, len('Ann tweeted, "I love it,"')),
        ('Ann tweeted about "Summer Nights," then "Me too, honestly."', 0, 0),  # a title: the lead-in reaches back
        ('Ann said "I love it," and "Summer Nights" then "Me too, honestly."', 0, len('Ann said "I love it,"')),
        ('Ann tweeted, "I love it." Bea replied, "Me too."', 26, 0),  # the quotation before is in the sentence before
    ],
)
def test_the_lead_in_floor_is_the_last_quotation_of_words_in_its_sentence(body: str, start: int, expected: int) -> None:
    matches = list(re.finditer(r'"[^"]*"', body))
    assert lead_floor(body, matches, len(matches) - 1, start) == expected
    assert lead_floor(body, matches, 0, 0) == 0


def test_a_lead_in_never_reaches_back_past_the_fourth_quotation_before_it() -> None:
    """A sentence of many quotations and no end (``"…" "…" "…"``) is a list: each lead-in holds at most four of
    them, so that each character is read for a bounded number of lead-ins."""
    body = 'Ann posted "Hi there" ' + 'and "More here" ' * 6 + 'then tweeted: "Bye now"'
    matches = list(re.finditer(r'"[^"]*"', body))
    last = len(matches) - 1
    assert lead_floor(body, matches, last, 0) == matches[last - LEAD_QUOTATIONS].end()
    assert lead_floor(body, matches, LEAD_QUOTATIONS - 1, 0) == 0  # three before it: the lead-in reaches its start
    assert lead_floor(body, matches, last, matches[last - 2].end()) == 0  # its sentence starts after the fourth


def _lead_floor_read(body: str, matches: list[re.Match[str]], at: int, start: int) -> int:
    """:func:`lead_floor` as it read before its quotations' answers were kept: each asked of :func:`utterance`."""
    if not at or matches[at - 1].end() <= start:
        return 0
    for prior in reversed(matches[max(0, at - 8) : at]):
        if prior.end() <= start:
            return 0
        if prior.end() <= matches[at].start() and utterance(body, prior):
            return prior.end()
    earliest = matches[at - 4] if at >= 4 else None
    return earliest.end() if earliest is not None and earliest.end() > start else 0


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(['"Hi yo"', '"Hi yo,"', '“#blessed”,', '"Sorry,"', '"Yes!"', "and", "fans wrote:", ";",
                                 ". ", '"Escape From New York,"', "“so good…”"]), max_size=24).map(" ".join),
       st.integers(0, 60))  # fmt: skip
def test_a_lead_in_floor_is_read_as_before(body: str, start: int) -> None:
    """Each quotation's floor, asked in order and then again out of order (its quotations' answers kept for the
    body), is the one reading each quotation before it gives."""
    matches = list(re.finditer(r'"[^"]*"|“[^”]*”', body))
    for at in [*range(len(matches)), *reversed(range(len(matches)))]:
        assert lead_floor(body, matches, at, start) == _lead_floor_read(body, matches, at, start)
