"""The one table of networks: every network it names is read by the quote finder and kept by the prefilter."""

from __future__ import annotations

import pytest

from reactions.models import Platform
from reactions.parse import companions, prefilter
from reactions.parse.networks import NETWORKS, PLACES, prose_words
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
def test_a_quotation_posted_on_each_network_is_found_and_never_prefiltered(
    network: object, name: str, template: str
) -> None:
    text = template.format(name=name)
    (quote,) = find_quotes(text, "a.txt", [])
    assert quote.text.rstrip(".") == "Big news for all of us today"
    expected = network.platform if network.named_in_passing else Platform.UNKNOWN  # type: ignore[attr-defined]
    if len(name) > 1 or expected is not Platform.TWITTER:
        assert quote.platform == expected
    assert prefilter.article_without_reactions(text, "a.txt") is None


def test_every_word_of_the_table_is_a_prefilter_cue() -> None:
    assert prose_words() <= prefilter.WORDS
    assert prose_words() <= companions.CONTEXT_WORDS


def test_a_network_added_to_the_table_reaches_the_patterns() -> None:
    from reactions.parse import quotes

    for name in PLACES:
        assert quotes._TOOK_TO_RE.search(f"She took to {name}:") is not None
