"""Words of another medium that a lead-in says were posted: a statement put on a network, a magazine that tweets."""

from __future__ import annotations

import pytest

from reactions.parse.article import parse_article
from reactions.parse.posted_media import poster_shown, without_posted_media

_QUOTE = '"The harbour ferry will not run again until the storm has passed,"'


def _found(lead: str) -> list[tuple[str | None, str | None, str]]:
    text = f"The storm reached the coast on Sunday.\n\n{_QUOTE} {lead}\n\nCrews worked through the night."
    return [(r.display_name, r.author, r.platform.value) for r in parse_article(text).reactions]


@pytest.mark.parametrize(
    ("lead", "expected"),
    [
        ("Mayor Ines Ortega said in a statement posted to Facebook.", ("Ines Ortega", "Ines Ortega", "facebook")),
        ("Ines Ortega wrote in a statement on Twitter.", ("Ines Ortega", "Ines Ortega", "twitter")),
        ("Ines Ortega said in an open letter shared on her Instagram.", ("Ines Ortega", "Ines Ortega", "instagram")),
        ("the magazine tweeted on Friday night.", ("the magazine", None, "twitter")),
        ("the newspaper posted on Facebook.", ("the newspaper", None, "facebook")),
        # the statement is the quotation's subject: no poster's name is shown
        ("a statement on her Facebook account said.", (None, None, "facebook")),
    ],
)
def test_a_statement_placed_on_a_network_is_a_post(lead: str, expected: tuple[str | None, str | None, str]) -> None:
    assert _found(lead) == [expected]


@pytest.mark.parametrize(
    "lead",
    [
        "Ines Ortega said in a statement.",
        "Ines Ortega said in a statement to Fox News.",
        "Ines Ortega said in an interview posted on YouTube.",
        "Ines Ortega wrote in the magazine.",
        "Ines Ortega wrote in a letter to the council.",
    ],
)
def test_another_medium_stays_one(lead: str) -> None:
    assert _found(lead) == []


def test_a_statement_posted_on_a_network_speaks_as_a_post() -> None:
    text = 'The mayor posted a statement on Facebook on Friday. It says, "We will rebuild the bridge."'
    assert [(r.display_name, r.platform.value) for r in parse_article(text).reactions] == [("It", "facebook")]


def test_only_the_posting_medium_word_is_blanked() -> None:
    text = "she said in a statement posted to Facebook, and in a letter to the board."
    blanked = without_posted_media(text)
    assert len(blanked) == len(text)
    assert "statement" not in blanked
    assert "letter" in blanked


def test_poster_shown() -> None:
    assert poster_shown("the joint statement") is None
    assert poster_shown("An open letter") is None
    assert poster_shown("Statement fan") == "Statement fan"
    assert poster_shown(None) is None
