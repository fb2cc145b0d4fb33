"""A post glued to prose that opens with a label and a colon (or with ``.@``) keeps its opening words."""

from __future__ import annotations

import pytest

from reactions.parse.article import parse_article
from reactions.parse.boundaries import Boundary
from reactions.parse.post_labels import label_start, with_label

_PROSE = (
    "Callers kept ringing the county office all morning about the broken machines and the long lines that "
    "stretched around the school gym in the rain."
)
_BYLINE = "— Dana Whitlock (@dwhitlock_news) November 8, 2016"


def embed_texts(text: str) -> list[str]:
    return [r.text for r in parse_article(text).reactions if r.kind.value == "embed"]


@pytest.mark.parametrize(
    "post",
    [
        "Ohio Poll Worker Speaks Out: Machines Broke Down All Morning https://t.co/Ab12Cd34Ef",
        "BREAKING NEWS: Polls in Franklin County will stay open until 9pm https://t.co/Ab12Cd34Ef",
        "County Clerk 2016 Statement: Every vote will be counted",
        ". @FranklinClerk says every vote will be counted: “We will stay open” https://t.co/Ab12Cd34Ef",
        ".@FranklinClerk says every vote will be counted: “We will stay open” https://t.co/Ab12Cd34Ef",
    ],
)
def test_a_glued_post_keeps_its_label(post: str) -> None:
    assert embed_texts(f"{_PROSE} {post}\n{_BYLINE}") == [post]


@pytest.mark.parametrize(
    ("lead", "post"),
    [
        ("Watch The Video:", "Machines Broke Down All Morning at the school https://t.co/Ab12Cd34Ef"),  # lead-in word
        ("Here It Is:", "Machines Broke Down All Morning at the school https://t.co/Ab12Cd34Ef"),
        ("Dana Whitlock:", "Machines Broke Down All Morning at the school https://t.co/Ab12Cd34Ef"),  # the author
        ("Whitlock then wrote:", "Machines broke down all morning at the school https://t.co/Ab12Cd34Ef"),  # lower case
        ("UPDATE:", "Machines broke down all morning at the school https://t.co/Ab12Cd34Ef"),  # one word
    ],
)
def test_an_articles_lead_in_stays_out_of_the_post(lead: str, post: str) -> None:
    assert embed_texts(f"{_PROSE} {lead} {post}\n{_BYLINE}") == [post]


def test_label_start_finds_the_labels_first_word() -> None:
    text = "It rained. Ohio Poll Worker Speaks Out: Machines broke"
    assert label_start(text, 0, text.index("Machines"), ()) == text.index("Ohio")


@pytest.mark.parametrize(
    "text",
    [
        "It rained. Ohio Poll Worker Speaks Out. Machines broke",  # no colon before the start
        "It rained all day in the county and the lines were long, so Ohio Poll Workers said: Machines broke",
        "It rained. " + "Very " * 30 + "Long Label: Machines broke",  # the label's start lies beyond the reach
    ],
)
def test_label_start_finds_no_label(text: str) -> None:
    assert label_start(text, 0, text.index("Machines"), ()) is None


def test_a_lone_period_before_a_later_sentence_is_no_label() -> None:
    text = "It rained. . @clerk spoke. Then the crowd shouted at him: Machines broke"
    assert label_start(text, 0, text.index("Machines"), ()) is None


def test_with_label_moves_only_a_colon_start() -> None:
    text = "It rained. Ohio Poll Worker Speaks Out: Machines broke"
    at = text.index("Machines")
    assert with_label(text, 0, Boundary(at, "colon", 0.5), ()) == Boundary(text.index("Ohio"), "label", 0.5)
    assert with_label(text, 0, Boundary(at, "glued", 2.0), ()) == Boundary(at, "glued", 2.0)
