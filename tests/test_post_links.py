"""Posts embedded as their link alone (reactions.parse.post_links)."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.models import Platform, Rendering
from reactions.parse.article import parse_article
from reactions.parse.html import parse_html_article
from reactions.parse.post_links import find_post_links, instagram_time, read_post_url
from reactions.parse.prefilter import parse_prefiltered

TWEET = "https://twitter.com/fan_of_tides/status/1519734298765434881"


def _links(text: str) -> list[tuple[str, str | None, str | None]]:
    return [(r.platform.value, r.handle, r.status_id) for r in parse_article(text, "a.txt").reactions
            if r.rendering is Rendering.LINK]  # fmt: skip


def test_a_tweets_link_alone_on_its_line_is_the_post_with_its_time() -> None:
    (post,) = parse_article(f"The crowd cheered.\n\n{TWEET}\n\nThen it rained.", "a.txt").reactions
    assert (post.platform, post.handle, post.status_id, post.text) == (Platform.TWITTER, "fan_of_tides",
                                                                       "1519734298765434881", "")  # fmt: skip
    assert post.created_at == dt.datetime(2022, 4, 28, 17, 44, 26, 780000, tzinfo=dt.UTC)
    assert (post.date, post.url, post.rendering) == (dt.date(2022, 4, 28), TWEET, Rendering.LINK)


@pytest.mark.parametrize(
    "text",
    [
        f"Read the thread at {TWEET} before Monday.",  # a link in a sentence is a reference, not an embed
        f"Source: {TWEET}",
        "https://www.youtube.com/watch?v=Abc123xyz_0",  # a video names no one
        "https://example.com/2022/04/28/harbour-festival",
        f"{TWEET} and more words after it",
        "https://twitter.com/fan_of_tides",  # a profile, not a post
    ],
)
def test_links_that_are_no_posts_embedded_give_nothing(text: str) -> None:
    assert _links(f"Intro.\n\n{text}\n\nEnd.") == []


def test_the_link_of_a_post_rendered_next_to_it_is_that_post() -> None:
    above = f"{TWEET}\n\nSo proud of this town pic.twitter.com/Tide22 — Tide Fan (@fan_of_tides) April 28, 2022"
    under = f"So proud of this town — Tide Fan (@fan_of_tides) April 28, 2022\n\n{TWEET}"
    other = "So proud of this town — Tide Fan (@fan_of_tides) April 28, 2022\n\n" \
            "https://twitter.com/someone_else/status/1519734298765430000"  # fmt: skip
    assert _links(above) == []
    assert _links(under) == []
    assert _links(other) == [("twitter", "someone_else", "1519734298765430000")]


def test_a_link_inside_a_post_is_part_of_its_text() -> None:
    text = f"Intro.\n\nLook at this, my friends:\n{TWEET}\nwow\n— Quay Jo (@quayside_jo) April 29, 2022\n\nEnd."
    (post,) = parse_article(text, "a.txt").reactions
    assert post.handle == "quayside_jo"
    assert TWEET in post.text


def test_the_same_post_linked_twice_is_one_reaction() -> None:
    assert len(_links(f"One.\n\n{TWEET}\n\nTwo.\n\n{TWEET}?ref_src=twsrc\n\nThree.")) == 1


def test_each_network_is_read_by_its_own_url_reader() -> None:
    lines = [
        "<https://www.instagram.com/p/CdFgHiJkLmN/?taken-by=pier.cam>",
        "https://www.instagram.com/lightkeeper_ann/p/CdGhIjKlMnO/",
        "https://www.instagram.com/reel/CdHiJkLmNoP/",
        "https://www.tiktok.com/@boatparade.fan/video/7091234567890123456",
        "https://www.threads.net/@harbour.news/post/C1aBcDeFgHi",
        "https://bsky.app/profile/tides.example.social/post/3kx2abcdefg2a",
        "https://www.facebook.com/HarbourTownCouncil/posts/1234567890123456",
        "https://mastodon.social/@quaysider/109876543210987654",
        "https://x.com/i/web/status/1519734298765434881",
    ]
    assert _links("Posts.\n\n" + "\n\n".join(lines)) == [
        ("instagram", "pier.cam", "CdFgHiJkLmN"),
        ("instagram", "lightkeeper_ann", "CdGhIjKlMnO"),
        ("instagram", None, "CdHiJkLmNoP"),
        ("tiktok", "boatparade.fan", "7091234567890123456"),
        ("threads", "harbour.news", "C1aBcDeFgHi"),
        ("bluesky", "tides.example.social", "3kx2abcdefg2a"),
        ("facebook", "HarbourTownCouncil", "1234567890123456"),
        ("mastodon", "quaysider@mastodon.social", "109876543210987654"),
        ("twitter", None, "1519734298765434881"),
    ]


def test_an_instagram_shortcode_holds_its_posts_time() -> None:
    assert instagram_time("CdFgHiJkLmN") == dt.datetime(2022, 5, 3, 6, 32, 45, 548000, tzinfo=dt.UTC)
    assert instagram_time("AAAAAAAA") is None  # an id from before 2012 holds no time
    assert instagram_time("CdFgHiJkLmN" + "x" * 28) is None  # a private post's long code
    assert instagram_time("Cd$gHiJkLmN") is None
    told = read_post_url("https://www.instagram.com/p/CdFgHiJkLmN/")
    assert told is not None
    assert told[4] == instagram_time("CdFgHiJkLmN")


def test_a_text_with_no_other_cue_is_read_for_links_through_the_prefilter() -> None:
    text = f"Plain report with no handle and no byline.\n\n{TWEET}\n\nThe end."
    assert [r.status_id for r in parse_prefiltered(text, "a.txt").reactions] == ["1519734298765434881"]


def test_a_web_page_holds_each_post_once() -> None:
    """A WordPress paragraph holding the link is the post; a rendered frame shows its URL as its text, and is one."""
    page = "<html><body><article><p>The crowd cheered.</p>{}<p>Then it rained.</p></article></body></html>"
    paragraph = page.format(f"<p>{TWEET}</p>")
    frame = page.format('<iframe class="instagram-media instagram-media-rendered" '
                        'src="https://www.instagram.com/p/CdFgHiJkLmN/embed/"></iframe>')  # fmt: skip
    assert [(r.rendering, r.status_id) for r in parse_html_article(paragraph, "p.html").reactions] == [
        (Rendering.LINK, "1519734298765434881")
    ]
    assert [(r.rendering, r.status_id) for r in parse_html_article(frame, "f.html").reactions] == [
        (Rendering.HTML, "CdFgHiJkLmN")
    ]


_PIECES = st.sampled_from(["http", "https://", "s", ":", "/", "\n", " ", "<", ">", "x.com/", "twitter.com/a/", "1" * 19,
                           "status/", "instagram.com/p/", "CdFgHiJkLmN", "@", "tiktok.com/@a/video/", "?taken-by=a"])


@given(st.lists(_PIECES, max_size=80).map("".join))
@settings(max_examples=300, deadline=None)
def test_any_text_gives_links_inside_it_and_never_raises(text: str) -> None:
    for reaction in find_post_links(text, "a.txt", []):
        start, end = reaction.span
        assert 0 <= start < end <= len(text)
        assert text[start:end].startswith("http")
