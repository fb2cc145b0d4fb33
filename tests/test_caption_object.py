"""A lead-in that ends in the caption of what was posted: the caption verb with the post or picture it captions."""

from __future__ import annotations

import pytest

from reactions.parse.caption_object import caption_ends
from reactions.parse.quotes import find_quotes


@pytest.mark.parametrize(
    "lead",
    [
        "Janhvi Kapoor captioned the post,",
        "She captioned it,",
        "He captioned them:",
        "She captioned the image as,",
        "She captioned the picture as",
        "...shared on Facebook, captioning it with,",
        "He captioned the Instagram shot",
        "She simply captioned the sweet snap,",
        "he tweeted a photo of the suspect with the caption,",  # the older shape, kept
    ],
)
def test_the_caption_verb_and_its_post_end_the_lead_in(lead: str) -> None:
    assert caption_ends(lead)


@pytest.mark.parametrize(
    "lead",
    [
        "She captioned the post and told reporters",  # more follows the object
        "She captioned a photo of her new shirt,",  # the object is the shirt
        "She captioned the whole long set of holiday photos,",  # more than two words before the noun
        "She captioned the song,",  # no post or picture
        "She posted the photo,",  # no caption verb: the other rules judge it
        "The caption,",
    ],
)
def test_anything_else_does_not(lead: str) -> None:
    assert not caption_ends(lead)


@pytest.mark.parametrize(
    ("text", "author"),
    [
        ('Mia Chen shared a photo. Mia Chen captioned the post, "Home at last after the tour."', "Mia Chen"),
        ('Leo Park posted a clip. He captioned it as, "The team worked all night for this."', "Leo Park"),
        ('Ana Ruiz posted a selfie, captioning the pic with "Sunday mood, nothing planned."', "Ana Ruiz"),
    ],
)
def test_the_quotation_after_it_is_the_posters_caption(text: str, author: str) -> None:
    [quote] = find_quotes(text, "a.txt", [])
    assert quote.author == author


def test_speech_after_the_caption_verb_stays_speech() -> None:
    text = 'Ana Ruiz posted a selfie. She captioned the post, then told reporters, "We are ready for the crowds."'
    assert find_quotes(text, "a.txt", []) == []
