"""A quotation set as a paragraph of its own under a lead-in that ends in a colon is read with that lead-in."""

from __future__ import annotations

import re

import pytest

from reactions.parse.article import parse_article
from reactions.parse.colon_lead import lead_above
from reactions.parse.sentences import TextIndex

_POST = "We are thrilled to share the news with all of you today, thank you for the love."


def reactions_of(text: str) -> list[tuple[str, str | None, str]]:
    return [(r.platform.value, r.author, r.text) for r in parse_article(text).reactions]


@pytest.mark.parametrize(
    ("lead", "platform", "author"),
    [
        ("Announcing the birth on Instagram, Mira Sol wrote:", "instagram", "Mira Sol"),
        ("Mira Sol tweeted:", "twitter", "Mira Sol"),
        ("The singer Mira Sol shared the news with her fans on Facebook, writing:", "facebook", "Mira Sol"),
        ("Mira Sol posted a photo of the baby and captioned it:", "unknown", "Mira Sol"),
    ],
)
def test_a_post_under_a_lead_in_above_is_found(lead: str, platform: str, author: str) -> None:
    text = f"The couple had kept the news quiet for months.\n\n{lead}\n\n“{_POST}”\n\nFans were delighted."
    assert reactions_of(text) == [(platform, author, _POST)]


@pytest.mark.parametrize(
    "lead",
    [
        "Mira Sol, who has 12 million followers on Instagram, spoke of it, telling a magazine in 2017:",  # no verb
        "Mira Sol told reporters:",  # speech
        "In a statement on Tuesday, Mira Sol said:",  # another medium
        "Mira Sol wrote on Instagram.",  # no colon
        "The first post on the fan page is alleged to have said:",  # a claim the article does not vouch for
    ],
)
def test_no_post_under_a_lead_in_that_says_none(lead: str) -> None:
    text = f"The couple had kept the news quiet for months.\n\n{lead}\n\n“{_POST}”\n\nFans were delighted."
    assert reactions_of(text) == []


def test_the_lead_in_is_read_only_for_a_quotation_that_opens_its_line() -> None:
    body = f"Mira Sol wrote:\n\nShe added “{_POST}”"
    assert lead_above(TextIndex(body), re.search("“[^”]*”", body)) is None
    body = f"Mira Sol wrote:\n\n“{_POST}”"
    assert lead_above(TextIndex(body), re.search("“[^”]*”", body)) == 0


def test_a_lead_in_that_holds_the_quotation_before_is_not_this_ones() -> None:
    text = (
        "The couple had kept the news quiet for months.\n\n"
        "“Finally we can tell everyone about the baby,” Mira Sol tweeted, while her sister went on at length, "
        f"pointing out:\n\n“{_POST}”"
    )
    assert reactions_of(text) == [("twitter", "Mira Sol", "Finally we can tell everyone about the baby")]
