"""A post with no words on its byline's line, in a text written one sentence a line: the line above is its text."""

from __future__ import annotations

import pytest

from reactions.parse.boundaries import Layout
from reactions.parse.text_embeds import find_text_embeds
from reactions.parse.wordless_lines import WORDS_ABOVE, has_words, one_sentence_lines

PROSE = (
    "The storm reached the coast late on Tuesday night.\n"
    "Thousands of homes along the bay lost power within the hour.\n"
    "Crews from three counties were sent to clear the fallen trees.\n"
    "The mayor asked residents to stay off the flooded roads.\n"
)
AFTER = (
    "Officials expect the water to recede by the weekend.\n"
    "Schools in the county will stay closed until Monday morning.\n"
)


def texts(text: str) -> list[str]:
    return [embed.text for embed in find_text_embeds(Layout(text))[0]]


@pytest.mark.parametrize(
    ("post", "expected"),
    [
        # a picture link alone on the byline's line: the line above is the post's first
        (
            "Water is already up to the porch steps on Elm Street.\n"
            "pic.twitter.com/Qw3rTy7 — Dana Reyes (@danareyes_wx) March 3, 2019\n",
            "Water is already up to the porch steps on Elm Street.\npic.twitter.com/Qw3rTy7",
        ),
        # hashtags and an emoji are no words either
        (
            "Stay safe out there, everyone!\n#StormWatch #BayArea 🌊 — Lee Park (@leepark88) March 3, 2019\n",
            "Stay safe out there, everyone!\n#StormWatch #BayArea 🌊",
        ),
        # a shortened link alone
        (
            "Our crews will work through the night.\nhttps://t.co/AbC123 — Bay Power Co (@baypower) March 3, 2019\n",
            "Our crews will work through the night.\nhttps://t.co/AbC123",
        ),
    ],
)
def test_the_line_above_a_wordless_post_is_its_text(post: str, expected: str) -> None:
    assert texts(PROSE + post + AFTER) == [expected]


@pytest.mark.parametrize(
    "above",
    [
        "The weather service posted a photo of the flooded pier:",  # a lead-in's colon
        "The weather service tweeted a photo of the flooded pier.",  # a posting verb
        "Dana Reyes drove out to the pier before dawn on Wednesday.",  # the post's author named: prose about her
    ],
)
def test_a_lead_in_or_prose_about_the_author_stays_the_articles(above: str) -> None:
    text = PROSE + above + "\npic.twitter.com/Qw3rTy7 — Dana Reyes (@danareyes_wx) March 3, 2019\n" + AFTER
    assert texts(text) == ["pic.twitter.com/Qw3rTy7"]


def test_a_post_with_words_keeps_its_line() -> None:
    post = "So scary pic.twitter.com/Qw3rTy7 — Dana Reyes (@danareyes_wx) March 3, 2019\n"
    text = PROSE + "Water is up to the steps.\n" + post
    assert texts(text + AFTER) == ["So scary pic.twitter.com/Qw3rTy7"]


def test_lines_that_are_paragraphs_keep_a_picture_posted_alone() -> None:
    """Where a line holds several sentences (one paragraph a line), the paragraph above a picture is the article's."""
    paragraphs = (
        "The storm reached the coast late on Tuesday. Thousands lost power within the hour.\n"
        "Crews from three counties were sent out. They cleared the fallen trees by noon.\n"
        "The mayor spoke at dawn. She asked residents to stay off the flooded roads.\n"
        "Officials expect the water to recede. Schools will stay closed until Monday.\n"
        "Water was already up to the porch steps on Elm Street by the afternoon.\n"
    )
    text = paragraphs + "pic.twitter.com/Qw3rTy7 — Dana Reyes (@danareyes_wx) March 3, 2019\n"
    assert texts(text) == ["pic.twitter.com/Qw3rTy7"]


def test_blank_lines_leave_the_paragraph_above_alone() -> None:
    text = PROSE.replace("\n", "\n\n") + "pic.twitter.com/Qw3rTy7 — Dana Reyes (@danareyes_wx) March 3, 2019\n"
    assert texts(text) == ["pic.twitter.com/Qw3rTy7"]


def test_the_guess_costs_confidence() -> None:
    text = PROSE + "Water is up to the steps.\npic.twitter.com/Qw3rTy7 — Dana Reyes (@danareyes_wx) March 3, 2019\n"
    (embed,) = find_text_embeds(Layout(text + AFTER))[0]
    assert WORDS_ABOVE in embed.cues


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("pic.twitter.com/Qw3rTy7", False),
        ("https://t.co/AbC123 pic.twitter.com/Qw3rTy7", False),
        ("#StormWatch @baypower 🌊 (1/2)", False),
        ("", False),
        ("Wow pic.twitter.com/Qw3rTy7", True),
        ("Стоп #StormWatch", True),
    ],
)
def test_has_words(text: str, words: bool) -> None:
    assert has_words(text) is words


def test_one_sentence_lines_ignores_abbreviations_posts_and_short_texts() -> None:
    titled = "Mr. Reyes drove out to the pier before dawn on the day after.\n" * 5
    assert one_sentence_lines(titled, 100)
    posts = "So scary. Stay safe — Dana Reyes (@danareyes_wx) March 3, 2019\n" * 5 + PROSE
    assert one_sentence_lines(posts, 100)
    assert not one_sentence_lines("Short line.\n" * 20, 100)


def test_paragraphs_of_sentence_lines_parted_by_blank_lines() -> None:
    """Blank lines between paragraphs, one sentence a line inside them: the line right above is still the post's."""
    post = "Water is up to the steps.\npic.twitter.com/Qw3rTy7 — Dana Reyes (@danareyes_wx) March 3, 2019\n"
    text = "Storm hits the bay\n\n" + PROSE + AFTER + PROSE + post + "\n" + AFTER  # a paragraph past the limit
    assert texts(text) == ["Water is up to the steps.\npic.twitter.com/Qw3rTy7"]
