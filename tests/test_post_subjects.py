from __future__ import annotations

import pytest

from reactions.parse.article import parse_article
from reactions.parse.post_subjects import poster_named

_QUOTE = '"The orchard opens for picking on Saturday, bring your own baskets,"'


def _shown(lead: str) -> list[tuple[str | None, str]]:
    text = (
        "Harvest season began early in the valley this year.\n\n"
        f"{_QUOTE} {lead}\n\n"
        "Growers expect a large crop of pears."
    )
    return [(r.display_name, r.platform.value) for r in parse_article(text).reactions]


@pytest.mark.parametrize(
    ("lead", "platform"),
    [
        ("the caption read.", "instagram"),
        ("the tweet said.", "twitter"),
        ("read a post on the farm's Facebook page.", "facebook"),
        ("another encouraging tweet read.", "twitter"),
        ("the since-deleted Instagram post read.", "instagram"),
    ],
)
def test_a_post_that_speaks_shows_no_poster(lead: str, platform: str) -> None:
    shown = _shown(lead)
    assert len(shown) == 1
    assert shown[0][0] is None
    assert shown[0][1] in (platform, "unknown")


@pytest.mark.parametrize(
    ("lead", "expected"),
    [
        ("the orchard tweeted.", "the orchard"),
        ("Mara Quist wrote on Instagram.", "Mara Quist"),
        ("the farm's owner posted on Facebook.", "the farm's owner"),
    ],
)
def test_a_poster_that_speaks_is_still_shown(lead: str, expected: str) -> None:
    assert [name for name, _ in _shown(lead)] == [expected]


@pytest.mark.parametrize(
    "display",
    [
        "the tweet", "The caption", "a post", "her tweet", "Another tweet", "the tweets", "The picture caption",
        "one heartfelt tweet", "a post on his Facebook profile", "the Facebook post", "that message",
    ],
)  # fmt: skip
def test_poster_named_blanks_a_post(display: str) -> None:
    assert poster_named(display) is None


@pytest.mark.parametrize(
    "display",
    [
        "the campaign", "The voter", "the post's author", "Post columnist Jane Roe", "The Tweet Queen", "PostMalone",
        "the group", "a spokesman", "the three very long words tweet",
    ],
)  # fmt: skip
def test_poster_named_keeps_a_poster(display: str) -> None:
    assert poster_named(display) == display


def test_poster_named_without_a_name() -> None:
    assert poster_named(None) is None
    assert poster_named("") == ""
