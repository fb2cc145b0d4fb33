"""Scraped Twitter cards and Reuters factboxes."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.models import Rendering
from reactions.parse import renderings
from reactions.parse.renderings import find_cards, find_factboxes, find_tiktok_captions

CARD = (
    "Follow\nSam Rivera ? @MayorSam\nWe will fix the bridge.\nBefore winter.\n9:41 PM - 14 Nov 2016\n"
    "5 5 Retweets 7 7 likes\n"
)


def test_a_card_gives_name_handle_text_date_and_its_whole_span() -> None:
    (card,) = find_cards("Prose.\n\n" + CARD + "More prose.", 0)
    assert (card.handle, card.name, card.text, card.date, card.rendering) == (
        "MayorSam",
        "Sam Rivera",
        "We will fix the bridge.\nBefore winter.",
        dt.date(2016, 11, 14),
        Rendering.CARD,
    )
    assert card.cues == {}  # fmt: skip


def test_a_card_without_follow_or_counts_and_in_the_newer_time_format() -> None:
    text = "Pat Quinn @patq\nReplying to @MayorSam\nWhich budget?\n10:02 PM · Nov 14, 2016\nProse goes on."
    (card,) = find_cards(text, 0)
    assert (card.name, card.handle, card.text, card.date) == (
        "Pat Quinn",
        "patq",
        "Which budget?",
        dt.date(2016, 11, 14),
    )
    assert card.cues == {"no counts line": 0.05}
    assert text[card.start : card.end] == text[: text.index("\nProse")]


def test_several_cards_in_a_row() -> None:
    cards = find_cards(CARD + CARD.replace("MayorSam", "other"), 0)
    assert [c.handle for c in cards] == ["MayorSam", "other"]
    assert cards[0].end <= cards[1].start


def test_a_time_line_without_a_name_line_above_is_no_card() -> None:
    assert find_cards("The meeting ended.\n9:41 PM - 14 Nov 2016\n", 0) == []
    assert find_cards("At 9:41 PM - 14 Nov 2016 the vote ended.", 0) == []  # not alone on its line


def test_a_factbox_gives_one_post_per_item_with_its_eastern_time() -> None:
    text = "Intro.  @potus : - First item. [0612 EST] - Second – with a dash. #Tag [1830 EST] -- Source link: (x)"
    first, second = find_factboxes(text, 0, dt.date(2017, 12, 15))
    assert (first.handle, first.name, first.text) == ("potus", None, "First item.")
    assert second.text == "Second – with a dash. #Tag"
    assert first.created_at == dt.datetime(2017, 12, 15, 11, 12, tzinfo=dt.UTC)
    assert second.created_at == dt.datetime(2017, 12, 15, 23, 30, tzinfo=dt.UTC)
    assert first.cues == {"date from the article": 0.1}
    assert text[first.start : first.end] == "@potus : - First item. [0612 EST]"


def test_a_factbox_without_the_articles_date_has_no_date() -> None:
    (item,) = find_factboxes("@potus : - Only one. [0900 EST]", 0, None)
    assert (item.date, item.created_at, item.cues) == (None, None, {"no date": 0.1})


def test_a_handle_and_colon_in_prose_is_no_factbox() -> None:
    assert find_factboxes("Write to @desk : - we answer every letter.", 0, None) == []


def test_a_tiktok_caption_line_without_its_sound_credit() -> None:
    text = "Fans loved it.\n@pet_22 Guess my name 😍 #fyp ♬ original sound - Pet\nProse with a ♬ in it."
    (caption,) = find_tiktok_captions(text, 0)
    assert (caption.handle, caption.text, caption.platform.value) == ("pet_22", "Guess my name 😍 #fyp", "tiktok")
    assert text[caption.start : caption.end] == "@pet_22 Guess my name 😍 #fyp ♬ original sound - Pet"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("aB @:-[]0123 ESTPMAN\n·Follow♬")), max_size=300))
def test_any_text_gives_cards_and_factboxes_within_it(text: str) -> None:
    for embed in [*find_cards(text, 0), *find_factboxes(text, 0, dt.date(2020, 1, 1)), *find_tiktok_captions(text, 0)]:
        assert 0 <= embed.start <= embed.end <= len(text)


def test_the_later_x_widget_name_handle_chrome_and_buttons() -> None:
    text = "Prose ends here.\n@solo\n·\nFollow\nJust a post\n9:07 PM · Mar 5, 2024\n12\nReply\nCopy link\nAfter."
    (card,) = find_cards(text, 0)
    assert (card.handle, card.name, card.text) == ("solo", None, "Just a post")  # a sentence is no name
    assert text[card.start : card.end] == text[text.index("@solo") : text.index("Copy link") + len("Copy link")]
    named = "Ann Lee\n@ann\nFollow\nHello there\n9:07 PM · Mar 5, 2024\nMore prose."
    (card,) = find_cards(named, 0)
    assert (card.name, card.text, card.start) == ("Ann Lee", "Hello there", 0)
    assert named[card.end :] == "\nMore prose."


@settings(max_examples=500, deadline=None)
@given(
    st.lists(st.sampled_from(["@", "@a", "@ann_lee", "@" + "b" * 16, ":", " ", "\t", "-", " - ", ": - ", "x", "\n"]),
             max_size=30).map("".join),
    st.integers(0, 5),
)  # fmt: skip
def test_factbox_heads_are_the_patterns_matches(text: str, floor: int) -> None:
    heads = [m.span() for m in renderings._factbox_heads(text, floor)]
    assert heads == [m.span() for m in renderings._FACTBOX_RE.finditer(text, floor)]
