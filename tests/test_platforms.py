"""reactions.parse.platforms: one module per network behind one interface; URL forms and embed markup."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.models import Platform
from reactions.parse.networks import PROSE_ONLY
from reactions.parse.platforms import (
    EXTRACTORS,
    Embed,
    bluesky,
    facebook,
    instagram,
    mastodon,
    match_embed,
    threads,
    twitter,
    youtube,
)
from reactions.parse.platforms._dom import (
    Node,
    collapse_spaces,
    iter_elements,
    parse_dom,
    render_text,
    tidy,
    unbroken,
)
from reactions.parse.platforms.base import parse_date, read_byline


def first_embed(markup: str) -> Embed | None:
    """The first embed in ``markup`` (outermost match), extracted."""
    root = parse_dom(markup)
    for node in iter_elements(root):
        extractor = match_embed(node)
        if extractor is not None:
            return extractor.extract(node)
    return None


def test_every_platform_is_registered_once() -> None:
    platforms = [e.platform for e in EXTRACTORS]
    assert sorted(platforms) == sorted(p for p in Platform if p is not Platform.UNKNOWN and p not in PROSE_ONLY)
    assert len(set(platforms)) == len(platforms)


# -- Twitter ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://twitter.com/Interior/status/463440424141459456", ("Interior", "463440424141459456")),
        ("https://x.com/Interior/status/463440424141459456?s=20", ("Interior", "463440424141459456")),
        (
            "http://mobile.twitter.com/Interior/statuses/463440424141459456",
            ("Interior", "463440424141459456"),
        ),
        (
            "https://www.twitter.com/Interior/status/463440424141459456/photo/1",
            ("Interior", "463440424141459456"),
        ),
        ("https://m.x.com/Interior/status/463440424141459456", ("Interior", "463440424141459456")),
        ("https://twitter.com/i/web/status/463440424141459456", (None, "463440424141459456")),
        ("https://x.com/i/status/463440424141459456", (None, "463440424141459456")),
        ("//twitter.com/#!/Interior/status/463440424141459456", ("Interior", "463440424141459456")),
        ("https://twitter.com/Interior", None),
        ("https://twitter.com/hashtag/nature?src=hash", None),
        ("https://nottwitter.com/a/status/1", None),
        ("https://t.co/YuKy2rcjyU", None),
    ],
)
def test_twitter_status_urls(url: str, expected: tuple[str | None, str] | None) -> None:
    assert twitter.parse_status_url(url) == expected


@pytest.mark.parametrize(
    "markup",
    [
        '<a class="twitter-follow-button" href="https://twitter.com/TwitterDev">Follow @TwitterDev</a>',
        '<a class="twitter-timeline" href="https://twitter.com/TwitterDev">Tweets by TwitterDev</a>',
        '<a href="https://twitter.com/share" class="twitter-share-button" data-url="https://twitter.com/a/status/1">T</a>',
        '<a class="twitter-mention-button" href="https://twitter.com/intent/tweet?screen_name=a">To @a</a>',
        "<p>See https://twitter.com/Interior/status/463440424141459456 for more.</p>",
        '<p><a href="https://x.com/Interior/status/463440424141459456">this post</a></p>',
        "<blockquote><p>A quote from a speech.</p></blockquote>",
        '<div class="twitter-timeline twitter-timeline-rendered"><iframe src="https://syndication.twitter.com/srv/timeline-profile/screen-name/a"></iframe></div>',
        '<iframe src="https://www.google.com/maps/embed?pb=1"></iframe>',
        '<div data-embed-id="12345" class="video-player"></div>',
    ],
)
def test_not_embeds(markup: str) -> None:
    assert first_embed(markup) is None


def test_twitter_blockquote_fields() -> None:
    embed = first_embed(
        '<blockquote class="twitter-tweet tw-align-center" data-conversation="none"><p lang="es" dir="ltr">'
        'Hola <a href="https://twitter.com/amigo?ref_src=twsrc%5Etfw">@amigo</a> '
        '<a href="https://twitter.com/hashtag/Ma%C3%B1ana?src=hash">#Mañana</a></p>'
        "&mdash; Ana (she/her) 🌈 (@ana_b) "
        '<a href="https://x.com/ana_b/status/1347903013042622467?ref_src=twsrc%5Etfw">January 9, 2021</a>'
        "</blockquote>"
    )
    assert embed is not None
    assert (embed.handle, embed.display_name, embed.text, embed.lang) == (
        "ana_b",
        "Ana (she/her) 🌈",
        "Hola @amigo #Mañana",
        "es",
    )
    assert (embed.hashtags, embed.mentions) == (("Mañana",), ("amigo",))
    assert embed.date == dt.date(2021, 1, 9)
    assert embed.url == "https://twitter.com/ana_b/status/1347903013042622467"
    assert embed.rendered() == "Hola @amigo #Mañana — Ana (she/her) 🌈 (@ana_b) January 9, 2021"


def test_twitter_quote_tweet_link_inside_text_is_not_the_status() -> None:
    embed = first_embed(
        '<blockquote class="twitter-tweet"><p>So true <a href="https://twitter.com/other/status/111111111111111111">'
        "twitter.com/other/status/1…</a></p>&mdash; A (@a) "
        '<a href="https://twitter.com/a/status/1347903013042622467">January 9, 2021</a></blockquote>'
    )
    assert embed is not None
    assert embed.status_id == "1347903013042622467"


def test_twitter_bare_link_blockquote_is_id_only() -> None:
    embed = first_embed(
        '<blockquote class="twitter-video" data-media-max-width="560">'
        '<a href="https://twitter.com/rustdesk/status/2029158257458331672">Watch the demo on X</a>'
        "</blockquote>"
    )
    assert embed is not None
    assert (embed.handle, embed.text, embed.status_id) == ("rustdesk", "", "2029158257458331672")


def test_twitter_rendered_iframe_and_wrapper_with_url() -> None:
    iframe = first_embed('<iframe data-tweet-id="1612761926626598913" src="about:blank"></iframe>')
    wrapper = first_embed(
        '<div class="tweet-embed" data-tweet-url="https://x.com/a_b/status/1612761926626598913"></div>'
    )
    assert iframe is not None
    assert wrapper is not None
    assert iframe.status_id == wrapper.status_id == "1612761926626598913"
    assert (iframe.handle, wrapper.handle) == (None, "a_b")
    assert iframe.created_at == dt.datetime(2023, 1, 10, 10, 43, 1, 632000, tzinfo=dt.UTC)


# -- Instagram ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://www.instagram.com/p/B8BZ0aTn2Nc/?utm_source=ig_embed", ("p", "B8BZ0aTn2Nc")),
        ("https://instagram.com/reel/CqaNQJqtaXT", ("reel", "CqaNQJqtaXT")),
        ("https://www.instagram.com/reels/CqaNQJqtaXT/", ("reel", "CqaNQJqtaXT")),
        ("https://www.instagram.com/someone/p/B8BZ0aTn2Nc/", ("p", "B8BZ0aTn2Nc")),
        ("https://www.instagram.com/tv/B_x-1/", ("tv", "B_x-1")),
        ("https://www.instagram.com/someone/", None),
    ],
)
def test_instagram_urls(url: str, expected: tuple[str, str] | None) -> None:
    assert instagram.parse_post_url(url) == expected


def test_instagram_rendered_iframe() -> None:
    embed = first_embed(
        '<iframe class="instagram-media instagram-media-rendered" id="instagram-embed-0" '
        'src="https://www.instagram.com/p/B8BZ0aTn2Nc/embed/captioned/?cr=1&amp;v=12"></iframe>'
    )
    assert embed is not None
    assert (embed.platform, embed.status_id, embed.url) == (
        Platform.INSTAGRAM,
        "B8BZ0aTn2Nc",
        "https://www.instagram.com/p/B8BZ0aTn2Nc/",
    )


def test_instagram_other_language_byline_falls_back_to_profile_link() -> None:
    embed = first_embed(
        '<blockquote class="instagram-media" data-instgrm-permalink="https://www.instagram.com/p/AbC/">'
        '<p><a href="https://www.instagram.com/p/AbC/">Hola</a></p><p>Una publicación compartida de '
        '<a href="https://www.instagram.com/fulana/">Fulana</a> (@fulana) el '
        '<time datetime="2017-01-01T10:00:00Z">'
        "1 Ene, 2017</time></p></blockquote>"
    )
    assert embed is not None
    assert (embed.handle, embed.text, embed.status_id) == ("fulana", "Hola", "AbC")
    assert embed.created_at == dt.datetime(2017, 1, 1, 10, tzinfo=dt.UTC)


# -- Bluesky, Mastodon, Threads, TikTok, YouTube ---------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("at://did:plc:abc/app.bsky.feed.post/3lbq7mxsiek2v", ("did:plc:abc", "3lbq7mxsiek2v")),
        ("https://bsky.app/profile/emilyliu.me/post/3lbq7mxsiek2v", ("emilyliu.me", "3lbq7mxsiek2v")),
        (
            "https://embed.bsky.app/embed/did:plc:abc/app.bsky.feed.post/3lbq7mxsiek2v",
            ("did:plc:abc", "3lbq7mxsiek2v"),
        ),
        ("https://bsky.app/profile/emilyliu.me", None),
    ],
)
def test_bluesky_refs(url: str, expected: tuple[str, str] | None) -> None:
    assert bluesky.parse_post_ref(url) == expected


def test_bluesky_iso_date_gives_created_at() -> None:
    embed = first_embed(
        '<blockquote class="bluesky-embed" data-bluesky-uri="at://did:plc:x/app.bsky.feed.post/3mkv">'
        "<p>Tree traversal</p>&mdash; "
        '<a href="https://bsky.app/profile/did:plc:x?ref_src=embed">'
        "Bryan Grounds (@bagrounds.bsky.social)</a> "
        '<a href="https://bsky.app/profile/did:plc:x/post/3mkv?ref_src=embed">2026-05-03T01:46:20.000Z</a>'
        "</blockquote>"
    )
    assert embed is not None
    assert (embed.handle, embed.display_name) == ("bagrounds.bsky.social", "Bryan Grounds")
    assert embed.created_at == dt.datetime(2026, 5, 3, 1, 46, 20, tzinfo=dt.UTC)
    assert embed.status_id == "at://did:plc:x/app.bsky.feed.post/3mkv"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (
            "https://mastodon.social/@Gargron/100254678717223630",
            ("Gargron@mastodon.social", "100254678717223630"),
        ),
        (
            "https://fosstodon.org/@rustnl/114505776215440277/embed",
            ("rustnl@fosstodon.org", "114505776215440277"),
        ),
        (
            "https://hachyderm.io/users/ann/statuses/109000000000000000",
            ("ann@hachyderm.io", "109000000000000000"),
        ),
        (
            "https://social.example/@ann@fosstodon.org/108307448501709873",
            ("ann@fosstodon.org", "108307448501709873"),
        ),
        ("https://twitter.com/@a/12345", None),
        ("https://mastodon.social/@Gargron", None),
    ],
)
def test_mastodon_status_urls_on_any_instance(url: str, expected: tuple[str, str] | None) -> None:
    found = mastodon.parse_status_url(url)
    assert (found[:2] if found else None) == expected


def test_mastodon_id_time() -> None:
    embed = first_embed(
        '<iframe class="mastodon-embed" src="https://mastodon.social/@Gargron/100254678717223630/embed"></iframe>'
    )
    assert embed is not None
    assert embed.created_at == dt.datetime(2018, 6, 23, 14, 43, 15, 74000, tzinfo=dt.UTC)
    assert embed.text == ""


def test_mastodon_iframe_without_class_is_recognised_by_its_url() -> None:
    embed = first_embed('<iframe src="https://fosstodon.org/@rustnl/114505776215440277/embed" width="400"></iframe>')
    assert embed is not None
    assert embed.handle == "rustnl@fosstodon.org"


def test_threads_url_and_chrome_text() -> None:
    assert threads.parse_post_url("https://www.threads.com/@iam_ambalavanan/post/DVdP2dCE_kf") == (
        "iam_ambalavanan",
        "DVdP2dCE_kf",
    )
    embed = first_embed(
        '<blockquote class="text-post-media" data-text-post-permalink="https://www.threads.net/@zuck/post/Cu2">'
        '<a href="https://www.threads.net/@zuck/post/Cu2"><div>View on Threads</div></a></blockquote>'
    )
    assert embed is not None
    assert (embed.handle, embed.text, embed.url) == ("zuck", "", "https://www.threads.net/@zuck/post/Cu2")


def test_tiktok_caption_in_a_paragraph() -> None:
    embed = first_embed(
        '<blockquote class="tiktok-embed" '
        'cite="https://www.tiktok.com/@sahabatiwan/video/7253462546018012417" '
        'data-video-id="7253462546018012417"> <section> <a target="_blank" title="@sahabatiwan" '
        'href="https://www.tiktok.com/@sahabatiwan?refer=embed">@sahabatiwan</a> <p>Pasal 33</p> '
        '<a target="_blank" title="♬ original sound - sahabatiwan" href="https://www.tiktok.com/music/x-1">'
        "♬ original sound - sahabatiwan</a> </section> </blockquote>"
    )
    assert embed is not None
    assert (embed.handle, embed.text, embed.status_id) == ("sahabatiwan", "Pasal 33", "7253462546018012417")
    assert embed.created_at is not None
    assert embed.created_at.year == 2023


def test_tiktok_player_iframe() -> None:
    embed = first_embed('<iframe src="https://www.tiktok.com/embed/v2/7234567890123456789"></iframe>')
    assert embed is not None
    assert (embed.platform, embed.status_id, embed.handle) == (Platform.TIKTOK, "7234567890123456789", None)


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://www.youtube.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"),
        ("//www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0", "dQw4w9WgXcQ"),
        ("https://youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"),
        ("https://www.youtube.com/embed/videoseries?list=PL1", None),
        ("https://www.youtube.com/watch?v=dQw4w9WgXcQ", None),  # a link, not a player
        ("https://vimeo.com/embed/12345678901", None),
    ],
)
def test_youtube_player_urls(url: str, expected: str | None) -> None:
    assert youtube.video_id(url) == expected


def test_youtube_is_link_only() -> None:
    embed = first_embed('<amp-youtube data-videoid="dQw4w9WgXcQ" layout="responsive"></amp-youtube>')
    assert embed is not None
    assert (embed.handle, embed.text, embed.rendered()) == (
        None,
        "",
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    )


# -- shared helpers -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("May 5, 2014", dt.date(2014, 5, 5)),
        ("Sept. 9, 2019", dt.date(2019, 9, 9)),
        ("9 September 2019", dt.date(2019, 9, 9)),
        ("November 25, 2024 at 12:58 AM", dt.date(2024, 11, 25)),
        ("2026-05-03T01:46:20.000Z", dt.date(2026, 5, 3)),
        ("2018年1月11日", dt.date(2018, 1, 11)),
        ("February 30, 2020", None),
        ("", None),
    ],
)
def test_parse_date(text: str, expected: dt.date | None) -> None:
    assert parse_date(text) == expected


def test_read_byline_handles_fediverse_and_dotted_handles() -> None:
    assert read_byline("— Ann (@ann.bsky.social) May 1, 2024") == ("Ann", "ann.bsky.social", "May 1, 2024")


def test_dom_never_raises_and_closes_implied_paragraphs() -> None:
    root = parse_dom("<p>a<p>b<div>c</span></p></div><ul><li>x<li>y</ul><br/><img src=x>")
    assert isinstance(root, Node)
    assert render_text(root).split() == ["a", "b", "c", "x", "y"]
    assert [n.tag for n in iter_elements(root)][1:7] == ["html", "head", "body", "p", "p", "div"]


def test_twitter_link_wrapping_the_whole_byline() -> None:
    embed = first_embed(
        '<blockquote class="twitter-tweet"><p>hi</p>'
        '<a href="https://twitter.com/a/status/1347903013042622467">— A (@a) January 9, 2021</a></blockquote>'
    )
    assert embed is not None
    assert (embed.handle, embed.date_text) == ("a", "January 9, 2021")
    assert embed.rendered() == "hi — A (@a) January 9, 2021"


def test_twitter_classless_blockquote_with_byline_and_status_link() -> None:
    embed = first_embed(
        "<blockquote><p>Stripped of its class by the CMS</p>&mdash; A (@a) "
        '<a href="https://twitter.com/a/status/1347903013042622467">January 9, 2021</a></blockquote>'
    )
    assert embed is not None
    assert (embed.handle, embed.text, embed.status_id) == (
        "a",
        "Stripped of its class by the CMS",
        "1347903013042622467",
    )


def test_twitter_old_embed_code_data_datetime() -> None:
    embed = first_embed(
        '<blockquote class="twitter-tweet"><p>just setting up my twttr</p>&mdash; jack (@jack) '
        '<a href="https://twitter.com/jack/status/20" data-datetime="2006-03-21T20:50:14+00:00">'
        "March 21, 2006</a></blockquote>"
    )
    assert embed is not None
    assert embed.created_at == dt.datetime(2006, 3, 21, 20, 50, 14, tzinfo=dt.UTC)


def test_twitter_wrapper_showing_the_post() -> None:
    embed = first_embed(
        '<div class="embed-tweet" data-tweet-id="1347903013042622467"><p>Shown by the CMS</p>'
        "<span>— A (@a) January 9, 2021</span></div>"
    )
    assert embed is not None
    assert (embed.handle, embed.text, embed.status_id) == ("a", "Shown by the CMS", "1347903013042622467")


def test_twitter_wrapper_placeholder_is_not_post_text() -> None:
    embed = first_embed('<div data-tweet-id="1347903013042622467"><p>Loading tweet…</p></div>')
    assert embed is not None
    assert (embed.handle, embed.text) == (None, "")


def test_emoji_images_render_as_their_alt_text() -> None:
    embed = first_embed(
        '<blockquote class="twitter-tweet"><p>so good <img draggable="false" role="img" class="emoji" '
        'alt="😂" src="https://s.w.org/images/core/emoji/14.0.0/svg/1f602.svg"> '
        '<img src="photo.jpg" alt="a photo"></p>&mdash; A (@a) '
        '<a href="https://twitter.com/a/status/1347903013042622467">January 9, 2021</a></blockquote>'
    )
    assert embed is not None
    assert embed.text == "so good 😂"


@pytest.mark.parametrize(
    "markup",
    [
        '<div class="twitter-tweet twitter-tweet-rendered"><iframe src="https://twitter.com/a_b/status/'
        '1612761926626598913?ref_src=twsrc%5Etfw" width="550"></iframe></div>',
        '<div class="embed-twitter" data-embed-id="1612761926626598913"></div>',
        '<div id="tweet" tweetID="1612761926626598913"></div>',
        '<twitter-widget class="twitter-tweet twitter-tweet-rendered" data-tweet-id="1612761926626598913">'
        "</twitter-widget>",
    ],
)
def test_twitter_rendered_forms_keep_the_id(markup: str) -> None:
    embed = first_embed(markup)
    assert embed is not None
    assert (embed.platform, embed.status_id) == (Platform.TWITTER, "1612761926626598913")


@pytest.mark.parametrize(
    ("byline", "handle", "name"),
    [
        (
            'A photo posted by Jane Doe (@janedoe) on <time datetime="2016-01-01T23:00:00+00:00">Jan 1, 2016'
            " at 3:00pm PST</time>",
            "janedoe",
            "Jane Doe",
        ),
        (
            'A video shared by <a href="https://www.instagram.com/jd/">J. D.</a> (@jd) on '
            '<time datetime="2016-01-01T23:00:00+00:00">Jan 1, 2016 at 3:00pm PST</time>',
            "jd",
            "J. D.",
        ),
        ('A post shared by @janedoe on <time datetime="2016-01-01T23:00:00+00:00">Jan 1, 2016</time>', "janedoe", None),
    ],
)
def test_instagram_byline_forms(byline: str, handle: str, name: str | None) -> None:
    embed = first_embed(
        '<blockquote class="instagram-media" data-instgrm-permalink="https://www.instagram.com/p/AbC/">'
        f'<div><p><a href="https://www.instagram.com/p/AbC/">New year!</a></p><p>{byline}</p></div></blockquote>'
    )
    assert embed is not None
    assert (embed.handle, embed.display_name, embed.text) == (handle, name, "New year!")
    assert embed.date == dt.date(2016, 1, 1)
    assert embed.created_at == dt.datetime(2016, 1, 1, 23, tzinfo=dt.UTC)


# --- quick paths agree with the plain ones ----------------------------------------------------------


HTML_PAGES = sorted((Path(__file__).parent / "golden_html").glob("*.html"))


@pytest.mark.parametrize("page", HTML_PAGES, ids=lambda p: p.stem)
def test_match_embed_quick_check_skips_only_what_no_platform_matches(page: Path) -> None:
    """match_embed skips elements without attributes (but blockquotes): no platform would match them."""
    for element in iter_elements(parse_dom(page.read_text(encoding="utf-8"))):
        for node in (element, Node(element.tag, {}, element.children)):
            assert match_embed(node) is next((e for e in EXTRACTORS if e.matches(node)), None)


SPACES = r"[ \t\n\r\f\v\u00a0\u2000-\u200a\u202f\u205f\u3000]+"


def reference_tidy(text: str) -> str:
    """dom.tidy as first written: regular-expression substitutions only."""
    text = re.sub("[\u200b\u2060\ufeff]", "", text)
    lines = [re.sub(SPACES, " ", line).strip() for line in text.split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


SPACE_SOUP = st.lists(
    st.sampled_from([" ", "  ", "\t", "\n", "\n\n\n", "\r", "\f", "\v", "\xa0", "\u2003", "\u202f", "\u3000", "\x1c",
                     "\x1f", "\x85", "\u1680", "\u2028", "\u2029", "\u200b", "\u2060", "\ufeff", "a", "bc", "é", "😂"]),
    max_size=25,
).map("".join)  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(st.one_of(SPACE_SOUP, st.text(st.characters(exclude_categories=[]))))
def test_tidy_and_collapse_spaces_match_the_plain_substitutions(text: str) -> None:
    assert tidy(text) == reference_tidy(text)
    assert collapse_spaces(text) == re.sub(SPACES, " ", text)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.one_of(SPACE_SOUP, st.just(None), st.text(st.characters(exclude_categories=[]))), max_size=8))
def test_unbroken_texts_tidy_as_collapsed_ones(parts: list[str | None]) -> None:
    """A paragraph's texts (``None``: a ``<br>``) read with the quick :func:`unbroken` tidy as with collapse_spaces."""
    quick = "".join("\n" if p is None else unbroken(p) for p in parts)
    assert tidy(quick) == tidy("".join("\n" if p is None else collapse_spaces(p) for p in parts))


# -- Facebook -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://www.facebook.com/NASA/posts/101", ("NASA", "101", "https://www.facebook.com/NASA/posts/101")),
        ("https://m.facebook.com/NASA/posts/101/?ref=x", ("NASA", "101", "https://www.facebook.com/NASA/posts/101")),
        ("https://www.facebook.com/a.b/videos/55/", ("a.b", "55", "https://www.facebook.com/a.b/videos/55")),
        ("https://www.facebook.com/a/photos/a.1/77/", ("a", "77", "https://www.facebook.com/a/photos/a.1/77")),
        ("https://www.facebook.com/watch/?v=88", (None, "88", "https://www.facebook.com/watch/?v=88")),
        ("https://www.facebook.com/photo.php?fbid=66&set=a.1&type=3", (None, "66", "https://www.facebook.com/photo.php?fbid=66")),
        ("https://www.facebook.com/photo.php?set=a.1", None),  # a photo link that names no photo
        ("https://www.facebook.com/NASA/", None),  # a page, not a post
        ("https://www.facebook.com/groups/posts/1", None),
        ("https://evil.example/NASA/posts/1", None),
        ("https://[x]/NASA/posts/1", None),  # a malformed URL never raises
    ],
)
def test_facebook_post_urls(url: str, expected: tuple[str | None, str, str] | None) -> None:
    assert facebook.parse_post_url(url) == expected


def test_facebook_plugin_with_its_fallback_blockquote() -> None:
    embed = first_embed(
        '<div class="fb-post" data-href="https://www.facebook.com/NASA/posts/101"><blockquote '
        'cite="https://www.facebook.com/NASA/posts/101" class="fb-xfbml-parse-ignore"><p>Liftoff! #Artemis</p>'
        'Posted by <a href="https://www.facebook.com/NASA/">NASA</a> on <a href="x">Wednesday, November 16, 2022'
        "</a></blockquote></div>"
    )
    assert embed is not None
    assert (embed.platform, embed.handle, embed.display_name) == (Platform.FACEBOOK, "NASA", "NASA")
    assert (embed.text, embed.status_id, embed.date) == ("Liftoff! #Artemis", "101", dt.date(2022, 11, 16))
    assert embed.rendered() == "Liftoff! #Artemis\n\nPosted by NASA on Wednesday, November 16, 2022"


@pytest.mark.parametrize(
    "cite",
    [
        "",  # no cite: the post's text and byline are all there is
        ' cite="https://www.facebook.com/groups/harbour.friends/permalink/4455/"',  # a post address not read
        ' cite="https://example.com/ExampleNews/"',  # not Facebook's
    ],
)
def test_a_facebook_fallback_with_text_that_cites_no_page_is_kept(cite: str) -> None:
    embed = first_embed(
        f'<blockquote class="fb-xfbml-parse-ignore"{cite}><p>The harbour bench is finally here.</p>'
        "Posted by Harbour Friends on Monday, May 4, 2020</blockquote>"
    )
    assert embed is not None
    assert (embed.text, embed.display_name) == ("The harbour bench is finally here.", "Harbour Friends")


def test_facebook_photo_frame_is_a_post() -> None:
    frame = first_embed(
        '<iframe src="https://www.facebook.com/plugins/post.php?href=https%3A%2F%2Fwww.facebook.com%2Fphoto.php'
        '%3Ffbid%3D123%26set%3Da.9%26type%3D3&width=500"></iframe>'
    )
    assert frame is not None
    assert (frame.platform, frame.status_id) == (Platform.FACEBOOK, "123")


def test_facebook_iframe_and_lone_blockquote() -> None:
    frame = first_embed(
        '<iframe src="https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fa%2Fvideos'
        '%2F55%2F&width=500"></iframe>'
    )
    assert frame is not None
    assert (frame.platform, frame.handle, frame.status_id, frame.text) == (Platform.FACEBOOK, "a", "55", "")
    lone = first_embed(
        '<blockquote class="fb-xfbml-parse-ignore" cite="https://www.facebook.com/b/posts/9"><p>Hi there</p>'
        "Posted by B on Monday, May 4, 2020</blockquote>"
    )
    assert lone is not None
    assert (lone.handle, lone.display_name, lone.text, lone.date) == ("b", "B", "Hi there", dt.date(2020, 5, 4))


@pytest.mark.parametrize(
    "markup",
    [
        '<div class="fb-like" data-href="https://www.facebook.com/NASA/"></div>',
        '<div class="fb-post"></div>',  # no post named
        '<iframe src="https://www.facebook.com/plugins/like.php"></iframe>',
        '<iframe src="https://www.youtube.com/embed/x"></iframe>',
        # the page plugin's fallback names a page, not a post, even when WordPress wrapped its link in a <p>
        '<div class="fb-page" data-href="https://www.facebook.com/ExampleNews/"><blockquote'
        ' class="fb-xfbml-parse-ignore" cite="https://www.facebook.com/ExampleNews/"><p><a href="https://www.facebook.com/ExampleNews/">Example'
        " News</a></p></blockquote></div>",
        '<blockquote class="fb-xfbml-parse-ignore" cite="https://m.facebook.com/ExampleNews"><p>Example News</p>'
        "</blockquote>",
        '<blockquote class="fb-xfbml-parse-ignore" cite="https://www.facebook.com/profile.php?id=1000"><p>Ann Lee</p>'
        "</blockquote>",
    ],
)
def test_facebook_non_embeds(markup: str) -> None:
    embed = first_embed(markup)
    assert embed is None or embed.platform is not Platform.FACEBOOK
