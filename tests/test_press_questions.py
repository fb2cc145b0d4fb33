"""Words said to the press are speech, whatever network the sentence names in passing."""

from __future__ import annotations

import pytest

from reactions.parse.post_cues import other_medium
from reactions.parse.press_questions import to_the_press
from reactions.parse.quotes import find_quotes


@pytest.mark.parametrize(
    "text",
    [
        "Responding to the question of a reporter, he said",
        "In reply to a reporter's question, she said",
        "at a press conference on Monday",
        "during a news briefing",
        "at a media interaction in Delhi",
        "when asked by reporters about the post",
        "Reporters asked him about the tweet",
        "answering questions from local journalists",
    ],
)
def test_the_press_setting_is_another_medium(text: str) -> None:
    assert to_the_press(text)
    assert other_medium(text)


@pytest.mark.parametrize(
    "text",
    [
        "Washington Post reporter Dave Weigel tweeted",  # a reporter posting
        "a journalist wrote on Twitter",
        "the media mogul posted on Instagram",
        "she asked her fans on Instagram",
    ],
)
def test_a_reporter_or_the_media_alone_is_not(text: str) -> None:
    assert not to_the_press(text)


def test_a_network_named_in_passing_leaves_an_answer_to_a_reporter_speech() -> None:
    text = (
        "Responding to the question of a reporter that his old videos are going viral on social media, "
        'the MP said, "These people want to create a ruckus for their own political mileage."'
    )
    assert find_quotes(text, "a.txt", []) == []


def test_a_reporters_post_stays_a_post() -> None:
    text = 'Reporter Dana Cole tweeted, "The vote is delayed until Friday, sources say."'
    [quote] = find_quotes(text, "a.txt", [])
    assert quote.author == "Dana Cole"
