"""The one table of networks: every network it names is read by the quote finder, through the prefilter too."""

from __future__ import annotations

import pytest

from reactions.models import Platform
from reactions.parse import posted, quotes
from reactions.parse.article import parse_article
from reactions.parse.networks import NETWORKS, PLACES, PROSE_ONLY, prose_words
from reactions.parse.prefilter import parse_prefiltered
from reactions.parse.quotes import find_quotes

_EVERY_NAME = [(network, name) for network in NETWORKS for name in network.names if name in PLACES]


@pytest.mark.parametrize(("network", "name"), _EVERY_NAME, ids=[name for _, name in _EVERY_NAME])
@pytest.mark.parametrize(
    "template",
    [
        'The actress answered within hours. "Big news for all of us today," she wrote on {name}.',
        'Ana Ruiz took to {name}: "Big news for all of us today."',
        'Ana Ruiz said on {name}: "Big news for all of us today."',
        'Ana Ruiz posted to {name} on Friday.\nIt says, "Big news for all of us today."',
    ],
)
def test_a_quotation_posted_on_each_network_is_found_through_the_prefilter(
    network: object, name: str, template: str
) -> None:
    text = template.format(name=name)
    (quote,) = find_quotes(text, "a.txt", [])
    assert quote.text.rstrip(".") == "Big news for all of us today"
    expected = network.platform if network.named_in_passing else Platform.UNKNOWN  # type: ignore[attr-defined]
    if len(name) > 1 or expected is not Platform.TWITTER:
        assert quote.platform == expected
    article = parse_prefiltered(text, "a.txt")
    assert [reaction.text for reaction in article.reactions] == [quote.text]
    assert article == parse_article(text, "a.txt")


def test_every_word_of_the_table_is_a_cue_of_the_quote_finders_silent_lines() -> None:
    """A line holding none of the cue words is muted (``sentences.Silence``): a network's word left out of them would
    silence the quotations posted on it."""
    assert prose_words() <= quotes._CUE_WORDS


def test_a_network_added_to_the_table_reaches_the_patterns() -> None:
    for name in PLACES:
        assert posted.TOOK_TO_RE.search(f"She took to {name}:") is not None


@pytest.mark.parametrize(
    ("body", "platform"),
    [
        ('Kai Lee posted a video to Snapchat on Friday. "So happy to be home again," she captioned it.', "snapchat"),
        ('"I never thought it would end like this, honestly," one Reddit user wrote.', "reddit"),
        ('"I never thought it would end like this, honestly," one fan wrote on Twitter.', "twitter"),
    ],
)
def test_a_network_read_only_in_prose_gives_its_quotations_their_platform(body: str, platform: str) -> None:
    assert [quote.platform for quote in find_quotes(body, "a.txt", [])] == [platform]
    assert all(network.named_in_passing for network in NETWORKS if network.platform in PROSE_ONLY)
