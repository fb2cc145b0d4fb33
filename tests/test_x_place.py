"""``X`` named as the network a post is on: the name Twitter has gone by since 2023, never any capital X."""

from __future__ import annotations

import pytest

from reactions.models import Platform
from reactions.parse import sentences
from reactions.parse.sentences import TextIndex, platform_named
from reactions.parse.x_place import names_x


@pytest.mark.parametrize(
    "text",
    [
        "the council said in a post on X.",
        "She took to X to thank her fans",
        "he wrote in a post on 'X' at noon",
        'the club wrote on "X" on Sunday',
        "On X, the singer shared a photo",
        "shared via X",
        "X (formerly Twitter) has no edit button",
        "X, formerly known as Twitter, said",
        "in an X post on Friday",
        "on his X account",
        "the mayor's X handle",
    ],
)
def test_x_as_the_place_a_post_is_on_names_the_network(text: str) -> None:
    assert names_x(text)
    assert platform_named(text) is Platform.TWITTER


@pytest.mark.parametrize(
    "text",
    [
        "He needed an X-ray after the fall",
        "Malcolm X wrote in his autobiography",
        "Generation X voters stayed home",
        "she auditioned on X Factor in 2010",
        "the X Games return to Aspen",
        "Project X was a hit",
        "on X's servers",
        "SpaceX launched on Friday",
        "go from A to x by noon",
        "Exhibit X, the prosecutor said",
    ],
)
def test_any_other_x_names_nothing(text: str) -> None:
    assert not names_x(text)
    assert platform_named(text) is None


def test_another_network_named_with_x_yields_to_twitter_as_twitter_does() -> None:
    assert platform_named("She wrote on Instagram after a post on X") is Platform.TWITTER
    assert platform_named("She wrote on Instagram after an X-ray") is Platform.INSTAGRAM


def test_the_body_index_finds_x_named_in_a_long_paragraph(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sentences, "SLICED", 0)  # the index answers every stretch
    body = "The vote was close. " * 30 + "The mayor said in a post on X that she was pleased. " + "Then rain. " * 30
    index = TextIndex(body)
    at = body.index("on X")
    assert index.platform_in(0, len(body)) is Platform.TWITTER
    assert index.platform_in(at - 10, at + 4) is Platform.TWITTER  # the whole "on X" inside
    assert index.platform_in(0, at + 2) is None  # cut before the X
    assert index.platform_in(at + 5, len(body)) is None
    for lo, hi in ((0, len(body)), (at - 30, at + 30), (at + 5, len(body))):  # cut where words end, as callers cut
        assert index.platform_in(lo, hi) == platform_named(body[lo:hi])
