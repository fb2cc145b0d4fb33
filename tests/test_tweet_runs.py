"""A quotation between two embedded tweets is a tweet; one embed on one side says nothing."""

from __future__ import annotations

import re

from reactions.models import Platform
from reactions.parse.article import parse_article
from reactions.parse.tweet_runs import nearby_network

ABOVE = "Thinking of the whole crew tonight. — Rae Oduya (@raeoduya) June 3, 2021"
BELOW = "Get well soon, captain. — Tim Vos (@timvos) June 3, 2021"
QUOTED = '"Nobody deserves this, least of all him," Dana Holt wrote.'


def network(body: str) -> Platform:
    return nearby_network(body, re.search(r'"[^"]+"', body))  # type: ignore[arg-type]


def test_a_quotation_between_two_tweets_is_a_tweet() -> None:
    assert network(f"{ABOVE}\n\n{QUOTED}\n\n{BELOW}") is Platform.TWITTER


def test_one_tweet_or_far_tweets_say_nothing() -> None:
    assert network(f"{ABOVE}\n\n{QUOTED}\n\nThe team said nothing more.") is Platform.UNKNOWN
    assert network(f"The team said nothing more.\n\n{QUOTED}\n\n{BELOW}") is Platform.UNKNOWN
    far = "The ship left port on Monday and has not been heard from since. " * 8
    assert network(f"{ABOVE}\n\n{far}\n\n{QUOTED}\n\n{BELOW}") is Platform.UNKNOWN
    undated = "Thinking of the whole crew tonight. — Rae Oduya (@raeoduya)"  # no tweet's date: no embed's byline
    assert network(f"{undated}\n\n{QUOTED}\n\n{BELOW}") is Platform.UNKNOWN


def test_the_quote_finder_gives_the_quotation_twitter() -> None:
    text = f"The captain was taken to hospital on Monday.\n\n{ABOVE}\n\n{QUOTED}\n\n{BELOW}\n\nHe is stable."
    quotes = [r for r in parse_article(text).reactions if r.kind.value == "quote"]
    assert [(r.platform, r.author) for r in quotes] == [(Platform.TWITTER, "Dana Holt")]
