"""A site's profile cards glued into the prose after names are removed, the name kept."""

from __future__ import annotations

import pytest

from reactions.parse.article import parse_article
from reactions.parse.hovercards import without_hovercards
from reactions.parse.text import clean_text

_CARD = (
    "Rep. Dana Whitcombe Dana Louise WhitcombeBudget talks stall again Senate passes farm bill "
    "Whitcombe: 'We will not fold' MORE (R-Ohio)"
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (_CARD + " said on Friday.", "Rep. Dana Whitcombe (R-Ohio) said on Friday."),
        # a middle name in brackets, a card ending with an owner's 's
        (
            "Chair Hal Brigg Harold (Hal) BriggHouse votes on Monday MORE’s plan failed.",
            "Chair Hal Brigg’s plan failed.",
        ),
        # two cards in one sentence
        (
            "Ann Voss Ann Marie VossFarm bill passes MORE and Tom Reyes Thomas ReyesReyes wins MORE met.",
            "Ann Voss and Tom Reyes met.",
        ),
    ],
)
def test_a_card_is_removed(text: str, expected: str) -> None:
    assert without_hovercards(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "He asked for MORE time, and Ann Voss agreed.",
        "READ MORE: Ann Voss Voss wins",
        # the name is not written again before MORE
        "Ann Voss Farm bill passes MORE and more.",
        # MORE on another line than the name
        "Ann Voss Ann Marie VossFarm bill passes\n\nMORE",
        "MORE",
        "",
    ],
)
def test_no_card_no_change(text: str) -> None:
    assert without_hovercards(text) == text


def test_clean_text_removes_cards_and_stays_idempotent() -> None:
    once = clean_text(_CARD + " said on Friday.")
    assert once == "Rep. Dana Whitcombe (R-Ohio) said on Friday."
    assert clean_text(once) == once


def test_the_author_after_a_card_is_the_name() -> None:
    text = (
        "The bill is stuck in committee.\n\n"
        f'"We will not fold on the budget this week or any week," {_CARD} tweeted.'
    )
    assert [(r.display_name, r.author) for r in parse_article(clean_text(text)).reactions] == [
        ("Dana Whitcombe", "Dana Whitcombe")
    ]
