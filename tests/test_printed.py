"""Words printed on a thing that a post shows (a shirt, a sign, a cake): no one's post."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse.printed import _PRINTED_RE, printed
from reactions.parse.quotes import find_quotes


def _texts(body: str) -> list[str]:
    return [quote.text for quote in find_quotes(body, "a.txt", [])]


@pytest.mark.parametrize(
    "body",
    [
        'Dana Bell posted a photo on Instagram of her son in a onesie that said "Little Chef in Training."',
        'He tweeted a picture of himself holding a sign that read, "Gotcha, see you in April!"',
        'She shared a snap of her birthday cake, which read: "Happy 30th, you old thing!"',
        'The rapper posted an image of a T-shirt with his face on it that reads, "The King is back!"',
        "Lowe also tweeted a picture of the tattoo on her wrist, which reads, “Still here, still fighting.”",
        'Mia Ross posted a placard saying: "Stay in, stay safe, stay kind."',
    ],
)
def test_a_things_print_is_no_post(body: str) -> None:
    assert _texts(body) == []


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('Dana Bell captioned a photo of her new shirt: "Cannot stop wearing it!"', "Cannot stop wearing it!"),
        ('She tweeted about the sign she saw: "Whoever wrote this is a genius."', "Whoever wrote this is a genius."),
        ('"Best cake I ever had," she wrote on Instagram.', "Best cake I ever had"),
        ('The post read: "We are so proud of this team."', "We are so proud of this team."),
    ],
)
def test_a_post_about_a_thing_stays_a_post(body: str, expected: str) -> None:
    assert _texts(body) == [expected]


@pytest.mark.parametrize(
    ("lead", "expected"),
    [
        ("in a workout cap that reads ", True),
        ("donning a shirt from her charity that read ", True),
        ("a hoodie bearing ", True),
        ("his new license plate, which says: ", True),
        ("two T-shirts reading ", True),
        ("The post said ", False),  # no thing named
        ("a photo of her new shirt: ", False),  # no verb of reading
        ("the sign. Then she wrote: ", False),  # a sentence ends between
    ],
)
def test_printed_reads_a_things_name_and_a_verb_of_reading(lead: str, expected: bool) -> None:
    assert printed(lead) is expected


_PIECES = st.sampled_from(["shirt", " that", " reads", " read", " saying", " with the words", " emblazoned with",
                           ",", ":", " ", "a", "cap", " bearing", " said", "Says", "READ", "\t", ".", " the", "sign",
                           "T-", "t", "sweat", "s", "license", " plate", "é", "_", "ſ", "HAT", "x" * 40])


@settings(max_examples=500, deadline=None)
@given(st.lists(_PIECES, max_size=14).map("".join))
def test_the_quick_look_at_the_last_word_skips_only_what_the_pattern_would_not_find(lead: str) -> None:
    """``printed`` reads the pattern only for a lead-in ending in a word it may end with, whose last 120 characters
    name a thing: the same answers."""
    assert printed(lead) == (_PRINTED_RE.search(lead, max(0, len(lead) - 120)) is not None)
