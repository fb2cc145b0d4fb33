"""Words of another medium that a lead-in says were posted: a statement put on a network, a magazine that tweets."""

from __future__ import annotations

import pytest

from reactions.parse.article import parse_article
from reactions.parse.posted_media import poster_shown, without_newspaper_posts, without_posted_media

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


_COURT = '"Two of the nine seats were filled by women this year, and I look forward to more,"'


def _court(lead: str) -> list[tuple[str | None, str]]:
    text = f"The vote is set for Monday.\n\n{_COURT} {lead}\n\nMore text follows here."
    return [(r.display_name, r.platform.value) for r in parse_article(text).reactions]


@pytest.mark.parametrize(
    "lead",
    [
        "Ada Blum said during a Washington Post event on Monday.",
        "Ada Blum wrote in his Washington Post column on Wednesday.",
        "Ada Blum wrote in a New York Post op-ed.",
    ],
)
def test_a_newspaper_called_post_before_a_noun_is_no_post(lead: str) -> None:
    assert _court(lead) == []


@pytest.mark.parametrize(
    "lead",
    [
        "Ada Blum wrote in a retweet of a story.",
        "Ada Blum wrote in a retweet of a Washington Post story.",
        "Ada Blum wrote in a Facebook post.",
    ],
)
def test_a_retweet_or_a_post_stays_a_post(lead: str) -> None:
    assert len(_court(lead)) == 1


def test_without_newspaper_posts() -> None:
    assert without_newspaper_posts("in his Washington Post column").split() == ["in", "his", "column"]
    assert without_newspaper_posts("an Instagram Post from May") == "an Instagram Post from May"
    assert without_newspaper_posts("read the Post.") == "read the Post."
