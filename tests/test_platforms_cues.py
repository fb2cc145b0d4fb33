"""Each platform's CUES: every element its ``matches`` accepts shows one, so ``match_embed``'s quick look
(:data:`reactions.parse.platforms.CUES`, then each platform's own) never skips an embed.

Checked over every element of the golden pages (and each of them with one attribute only), and over generated
elements whose tags, attribute names and values come from what the platform modules themselves read: the
names are gathered by running every ``matches`` over elements whose attributes record each name asked for, so
a name a new platform reads is drawn here without being listed.
"""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path
from typing import ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse.platforms import CUES, EXTRACTORS, Extractor, match_embed
from reactions.parse.platforms._dom import Node, iter_elements, parse_dom
from reactions.parse.platforms.base import Cues


def general(node: Node) -> Extractor | None:
    """match_embed without its quick looks: every platform's ``matches`` in turn."""
    return next((e for e in EXTRACTORS if e.matches(node)), None)


def assert_cues_hold(node: Node) -> None:
    for extractor in EXTRACTORS:
        if extractor.matches(node):
            assert extractor.cues.shown_by(node), (extractor.platform, node.tag, node.attrs)
            assert CUES.shown_by(node)
    assert match_embed(node) is general(node)


HTML_PAGES = sorted((Path(__file__).parent / "golden_html").glob("*.html"))


@pytest.mark.parametrize("page", HTML_PAGES, ids=lambda p: p.stem)
def test_every_real_element_a_platform_accepts_shows_its_cues(page: Path) -> None:
    for element in iter_elements(parse_dom(page.read_text(encoding="utf-8"))):
        assert_cues_hold(element)
        for name, value in element.attrs.items():  # each attribute alone, and the element without it
            assert_cues_hold(Node(element.tag, {name: value}, element.children))
            assert_cues_hold(Node(element.tag, {k: v for k, v in element.attrs.items() if k != name}, element.children))


class Reads(dict[str, str]):
    """Attributes that note every name a ``matches`` asks for."""

    asked: ClassVar[set[str]] = set()

    def get(self, key: str, default: str | None = None) -> str | None:  # type: ignore[override]
        Reads.asked.add(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        Reads.asked.add(str(key))
        return super().__contains__(key)

    def __getitem__(self, key: str) -> str:
        Reads.asked.add(key)
        return super().__getitem__(key)


CLASS_WORDS = ["twitter-tweet", "twitter-video", "twitter-tweet-rendered", "instagram-media", "fb-post", "fb-video",
               "fb-comment-embed", "fb-xfbml-parse-ignore", "bluesky-embed", "mastodon-embed", "mastodon-x",
               "text-post-media", "tiktok-embed", "youtube", "YouTube-player", "tweet", "embed", "x"]  # fmt: skip
def module_words() -> set[str]:
    """Every word (``[a-z][a-z0-9-]*``) written in a platform module: its constants and its functions' (a tag or
    an attribute name a ``matches`` compares with is one of them)."""
    found: set[str] = set()
    stack: list[object] = [vars(sys.modules[e.matches.__module__]) for e in EXTRACTORS]
    seen: set[int] = set()
    while stack:
        value = stack.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, str):
            found.add(str.__str__(value))
        elif isinstance(value, dict):
            stack.extend(v for k, v in value.items() if not k.startswith("__"))
        elif isinstance(value, (frozenset, set, tuple, list)):
            stack.extend(value)
        elif isinstance(value, types.FunctionType) and value.__module__.startswith("reactions.parse.platforms"):
            stack.append(value.__code__)
        elif isinstance(value, types.CodeType):
            stack.extend(value.co_consts)
    return {w for w in found if re.fullmatch(r"[a-z][a-z0-9-]{0,30}", w)}


WORDS = sorted(module_words())
TAGS = sorted({*CUES.tags, "embed", "object", "iframe", "amp-iframe", "div", "figure", "section", "aside", "span",
               "a", "p", "img", "video", "lite-youtube", "amp-youtube", "amp-instagram", "amp-twitter",
               "twitter-widget", "blockquote", "x-embed"})  # fmt: skip
VALUES = [
    "", " ", "x", "1", "463440424141459456", " 463440424141459456 ", "dQw4w9WgXcQ", "about:blank",
    "https://twitter.com/Interior/status/463440424141459456", "https://x.com/i/web/status/463440424141459456",
    "https://platform.twitter.com/embed/Tweet.html?id=463440424141459456",
    "https://twitframe.com/show?url=https%3A%2F%2Ftwitter.com%2Fa%2Fstatus%2F1",
    "https://www.youtube.com/embed/dQw4w9WgXcQ", "https://youtu.be/dQw4w9WgXcQ",
    "https://www.instagram.com/p/AbC/", "https://www.facebook.com/NASA/posts/101",
    "https://www.facebook.com/plugins/post.php?href=https%3A%2F%2Fwww.facebook.com%2FNASA%2Fposts%2F101",
    "https://embed.bsky.app/embed/did:plc:abc/app.bsky.feed.post/3k", "at://did:plc:abc/app.bsky.feed.post/3k",
    "https://mastodon.social/@Gargron/109/embed", "https://www.threads.net/@zuck/post/CuXFPIeLLod/embed",
    "https://www.tiktok.com/embed/v2/6718335390845095173", "https://www.tiktok.com/player/v1/6718335390845095173",
    *CLASS_WORDS, " ".join(CLASS_WORDS),
]


def asked_names() -> list[str]:
    """Every attribute name some ``matches`` reads of the elements it is shown here."""
    Reads.asked = set()
    every = Reads({"class": " ".join(CLASS_WORDS), "id": "tweet", "data-twitter": "twitter", "src": VALUES[12]})
    for tag in TAGS:
        for attrs in (Reads(), Reads({"class": " ".join(CLASS_WORDS)}), every):
            for extractor in EXTRACTORS:
                extractor.matches(Node(tag, attrs))
    return sorted(Reads.asked | {"class", "id", "src", "href", "data-x", "data-tweet-x", "style"})


NAMES = asked_names()
CONTEXTS = [{}, {"class": "tweet"}, {"id": "twitter-embed"}, {"data-x": "twitter"}, {"class": "YouTube-player"}]
"""What makes a platform read further: a wrapper that mentions Twitter, a class that names YouTube."""
SHAPES = [{}, *({name: value} for name in NAMES for value in (VALUES[8], VALUES[12], "x")), *CONTEXTS]
STATUS_LINK = Node("a", {"href": VALUES[8]}, ["May 5, 2014"])
CHILDREN = [
    [],
    ["hi"],
    [Node("p", {}, ["Wow"]), "— US Interior (@Interior) ", STATUS_LINK],
    [Node("blockquote", {"class": "twitter-tweet"}, [STATUS_LINK])],
    [Node("iframe", {"src": VALUES[12]})],
]


@st.composite
def elements(draw: st.DrawFn) -> Node:
    attrs = draw(st.dictionaries(st.sampled_from(NAMES) | st.sampled_from(WORDS), st.sampled_from(VALUES), max_size=4))
    return Node(draw(st.sampled_from(TAGS) | st.sampled_from(WORDS)), attrs, list(draw(st.sampled_from(CHILDREN))))


def test_the_names_platforms_read_are_drawn() -> None:
    assert {"data-src", "data-tweet-id", "videoid", "data-shortcode", "data-href", "cite"} <= set(NAMES)


@pytest.mark.parametrize("tag", TAGS)
def test_every_element_of_one_attribute_a_platform_accepts_shows_its_cues(tag: str) -> None:
    """Exhaustive: each tag with each name and value read by a platform, beside each context."""
    for context in CONTEXTS:
        for name in NAMES:
            for value in VALUES:
                assert_cues_hold(Node(tag, {**context, name: value}))
    for word in CLASS_WORDS:  # the classes that embed code wraps around a post
        for children in CHILDREN:
            assert_cues_hold(Node(tag, {"class": f"a {word}"}, list(children)))


def test_every_element_of_any_tag_a_platform_names_shows_its_cues() -> None:
    """Exhaustive: each word of the platform modules as a tag, with each one-attribute shape."""
    assert {"amp-instagram", "lite-youtube", "embed", "object", "blockquote"} <= set(WORDS)
    for tag in WORDS:
        for attrs in SHAPES:
            assert_cues_hold(Node(tag, attrs))


@settings(max_examples=500, deadline=None)
@given(elements())
def test_every_generated_element_a_platform_accepts_shows_its_cues(node: Node) -> None:
    assert_cues_hold(node)


def test_most_elements_show_no_cue() -> None:
    """The point of the quick look: a page's paragraphs, links, images and spans are not asked of platforms."""
    root = parse_dom('<div class="c" id="i"><p>a <a href="/x" class="l">b</a><img src="i.png"><span>c</span></div>')
    assert [n.tag for n in iter_elements(root) if CUES.shown_by(n)] == []


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from([*CLASS_WORDS, "a.b", "x+", "(", ""]), max_size=4, unique=True),
       st.text(alphabet="abx.+(-tweinstagrm ", max_size=30))  # fmt: skip
def test_a_class_shows_a_cue_when_it_holds_one_of_its_words(words: list[str], value: str) -> None:
    """The one search over the class answers as a test of each word would."""
    cues = Cues(classes=tuple(words))
    assert cues.shown_by(Node("div", {"class": value})) == any(word in value for word in words)
    assert cues.shown_by(Node("div", {"id": value})) is False
