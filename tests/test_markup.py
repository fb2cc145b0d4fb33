"""Embed markup left in plain-text articles."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.models import Platform, Rendering
from reactions.parse.article import parse_article
from reactions.parse.markup import find_markup_embeds, mask

TWEET = (
    '<blockquote class="twitter-tweet"><p lang="en">So good <a href="https://twitter.com/hashtag/wow">#wow</a></p>'
    '&mdash; Ann Lee (@ann) <a href="https://twitter.com/ann/status/463440424141459456?ref_src=x">May 5, 2014</a>'
    "</blockquote>"
)
INSTAGRAM = (
    '<blockquote class="instagram-media" data-instgrm-permalink="https://www.instagram.com/p/BaBcD12/">'
    '<p><a href="https://www.instagram.com/p/BaBcD12/">Sunset again 🌅</a></p><p>A post shared by '
    '<a href="https://www.instagram.com/jo/">Jo</a> (@jo) on <time datetime="2017-10-21T13:59:00+00:00">'
    "Oct 21, 2017 at 6:59am PDT</time></p></blockquote>"
)


def test_a_blockquote_in_text_is_read_as_markup() -> None:
    text = f"Intro.\n\n{TWEET}\n<script async src='https://platform.twitter.com/widgets.js'></script>\n\nAfter."
    (reaction,) = find_markup_embeds(text, "a.txt")
    assert (reaction.handle, reaction.display_name, reaction.text) == ("ann", "Ann Lee", "So good #wow")
    assert reaction.hashtags == ("wow",)
    assert (reaction.status_id, reaction.rendering, reaction.confidence) == (
        "463440424141459456",
        Rendering.MARKUP,
        1.0,
    )
    assert text[reaction.span[0] : reaction.span[1]] == TWEET


def test_other_platforms_markup_too() -> None:
    (reaction,) = find_markup_embeds(f"Look:\n{INSTAGRAM}\n", "a.txt")
    assert (reaction.platform, reaction.handle, reaction.text) == (Platform.INSTAGRAM, "jo", "Sunset again 🌅")


def test_markup_shown_as_code_or_inside_a_script_is_no_embed() -> None:
    fenced = f"Paste this:\n\n```html\n{TWEET}\n```\n"
    scripted = f"<script>var s = '{TWEET}';</script>"
    assert find_markup_embeds(fenced, "a.md") == []
    assert find_markup_embeds(scripted, "a.md") == []
    assert find_markup_embeds(f"```\n{TWEET}", "a.md") == []  # an unclosed fence runs to the end


def test_an_unclosed_blockquote_or_a_plain_one_is_no_embed() -> None:
    assert find_markup_embeds(TWEET.removesuffix("</blockquote>"), "a.txt") == []
    assert find_markup_embeds("<blockquote>Just a quote.</blockquote>", "a.txt") == []


def test_mask_blanks_markup_code_and_scripts_and_keeps_offsets() -> None:
    text = f"A.\n{TWEET}\nB.\n```\ncode\n```\nC. <script>x()</script> D."
    masked = mask(text, [(3, 3 + len(TWEET))])
    assert len(masked) == len(text)
    assert masked.split() == ["A.", "B.", "C.", "D."]
    assert mask("no markup at all", []) == "no markup at all"


def test_the_article_keeps_its_text_and_finds_the_rest_around_the_markup() -> None:
    text = f"Intro.\n\n{TWEET}\n\nSo true — Bob (@bob) May 6, 2014"
    article = parse_article(text, "a.md")
    assert [(r.handle, r.rendering) for r in article.reactions] == [("ann", Rendering.MARKUP), ("bob", Rendering.DASH)]
    assert article.text == text.replace("&mdash;", "—")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["<blockquote>", "</blockquote>", "<script>", "</script>", "```", "\n", "x", TWEET]),
                max_size=30).map("".join))  # fmt: skip
def test_any_mix_of_tags_gives_embeds_within_the_text_and_a_mask_of_the_same_length(text: str) -> None:
    for reaction in find_markup_embeds(text, "a.txt"):
        assert 0 <= reaction.span[0] < reaction.span[1] <= len(text)
    assert len(mask(text, [])) == len(text)
