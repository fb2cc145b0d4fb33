"""reactions.parse.outside_quotes: an author's words found outside the quotations of a lead-in, as in the lead-in
blanked out, reading only the quotations before them."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse.authors import PRONOUNS
from reactions.parse.outside_quotes import blanked, pronoun_at, written_at

_LEADS = st.lists(
    st.sampled_from(['"', "“", "”", "she", "She", "he", " ", "  ", "\n", "x", "ash", ",", "her", "the star", "İ"]),
    max_size=30,
).map("".join)


def test_a_quotation_is_blanked_to_its_length() -> None:
    text = 'Ann said "she is here" and “so” she left'
    assert blanked(text) == "Ann said " + " " * 13 + " and " + " " * 4 + " she left"


@settings(max_examples=500, deadline=None)
@given(_LEADS, st.sampled_from(sorted(PRONOUNS)))
def test_a_pronoun_outside_quotations_is_found_as_in_the_lead_blanked_out(lead: str, pronoun: str) -> None:
    pattern = re.compile(rf"\b{pronoun}\b", re.IGNORECASE)
    found = pattern.search(blanked(lead))
    assert pronoun_at(lead, pattern) == (found.start() if found else None)


@settings(max_examples=500, deadline=None)
@given(_LEADS, st.sampled_from(["the star", "she", "star", "the  star", "i̇"]))
def test_words_outside_quotations_are_found_as_in_the_lead_blanked_out(lead: str, words: str) -> None:
    assert written_at(lead, words) == blanked(lead).lower().find(words)


def test_only_the_quotations_before_the_words_are_read() -> None:
    lead = '"One," she wrote. ' + '"x" ' * 10_000
    assert pronoun_at(lead, re.compile(r"\bshe\b", re.IGNORECASE)) == 7
    assert written_at('"the star" and the star', "the star") == 15
