"""The attribution record and the handle and network a ``(@handle)`` gives (reactions.parse.attribution_record)."""

from __future__ import annotations

import pytest

from reactions.models import Platform
from reactions.parse.attribution_record import CREDIT_RE, HANDLE_RE, handle_of, platform_of


@pytest.mark.parametrize(
    ("written", "handle", "platform"),
    [
        ("(@ann_lee)", "ann_lee", Platform.TWITTER),
        ("( @ann_lee )", "ann_lee", Platform.TWITTER),
        ("(@nhk\\_news)", "nhk_news", Platform.TWITTER),  # a Markdown rendering's escape
        ("(@gargron@mastodon.social)", "gargron@mastodon.social", Platform.MASTODON),
        ("(@news.example.org)", "news.example.org", Platform.BLUESKY),  # a Twitter handle never holds a dot
    ],
)
def test_a_handle_gives_its_account_and_network(written: str, handle: str, platform: Platform) -> None:
    match = HANDLE_RE.match(written)
    assert match is not None
    assert handle_of(match) == handle
    assert platform_of(match, Platform.TWITTER) is platform


def test_a_network_other_than_twitters_form_is_kept() -> None:
    match = HANDLE_RE.match("(@shop.example)")
    assert match is not None
    assert platform_of(match, Platform.INSTAGRAM) is Platform.INSTAGRAM


@pytest.mark.parametrize("name", ["Reporting by Jane Doe", "Follow Jane", "Photo courtesy of Ann", "Edited by Bo"])
def test_credits_are_told(name: str) -> None:
    assert CREDIT_RE.match(name)
