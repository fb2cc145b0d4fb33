"""reactions.parse.kin_objects: a relative as a preposition's object right before a name."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reactions.parse.kin_objects import KIN_OBJECT_RE, kin_object_before


@pytest.mark.parametrize(
    ("before", "expected"),
    [
        ("the mom of daughter ", True),
        ("a photo with her Husband ", True),
        ("to his FIANCÉE\t", True),
        ("alongside fiancé ", False),  # no preposition before it
        ("the mom of daughter", False),  # the name glued to it
        ("the mom of daughter\n", False),
        ("with Ann ", False),
        ("", False),
        ("   ", False),
    ],
)
def test_a_relative_as_an_object_before_a_name(before: str, expected: bool) -> None:
    assert kin_object_before(before) is expected


_WORDS = st.sampled_from(["of", "with", "for", "to", "from", "by", "her", "his", "their", "daughter", "son", "Baby",
                          "HUSBAND", "wife", "fiancé", "fiancée", "fiancee", "niece", "sons", "ſon", "Kelvin",
                          "\u212aid", "boyfriend", "nephew", "Ann", "the", "mom-of-two"])  # fmt: skip
_SPACES = st.sampled_from([" ", "  ", "\t", " \t ", "    ", "\n", "\xa0", ""])


@given(st.lists(st.tuples(_WORDS, _SPACES), max_size=8))
def test_the_last_word_is_read_as_the_pattern_reads_it(pieces: list[tuple[str, str]]) -> None:
    """The cheap reading of the last word (ASCII, in lower case) never turns away what the pattern finds."""
    before = "".join(word + space for word, space in pieces)
    assert kin_object_before(before) is (KIN_OBJECT_RE.search(before) is not None)
