"""A post quoted whole right after ``tweeted that`` is a post; reported pieces stay pieces."""

from __future__ import annotations

import re

import pytest

from reactions.parse.article import parse_article
from reactions.parse.reported_posts import whole_after_that


def whole(text: str) -> bool:
    match = re.search(r"[\"“][^\"”]*[\"”]", text)
    assert match is not None
    return whole_after_that(text[: match.start()], match)


@pytest.mark.parametrize(
    "text",
    [
        'Mo Reyes tweeted that "Every ferry on the bay runs late again today."',
        "The league responded, tweeting that “racist abuse has no place in our game, on or off the pitch,” and…",
        'One user wrote that "the new timetable is worse than the old one in every way"\nNext line',
        "She shared that “we are moving to Lisbon in the spring with both kids!”",
    ],
)
def test_a_quotation_whole_after_a_posting_verb_and_that(text: str) -> None:
    assert whole(text)


@pytest.mark.parametrize(
    "text",
    [
        'Mo Reyes tweeted that "ferries run late" again.',  # a phrase of six words at most
        'Mo Reyes tweeted that the ferries "run late every single day of the week now."',  # not right after that
        'Mo Reyes added that "neither did he want the ferry company to close its doors."',  # speech reported
        'Mo Reyes shared that "so many people in the ferry business" heard the call.',  # the sentence goes on
        'Mo Reyes tweeted "Every ferry on the bay runs late again today."',  # no that: other rules read it
    ],
)
def test_pieces_and_other_verbs_are_not_whole(text: str) -> None:
    assert not whole(text)


def test_the_quote_finder_takes_it_for_a_post() -> None:
    text = ('The ferry strike went on for a third day.\n\nCity councillor Mo Reyes tweeted that "Every ferry on the '
            'bay runs late again today, and nobody at the port will say why."\n\nMo Reyes tweeted that "ferries run '
            'late" again, and Dee Park added that "neither did she expect the company to give in so soon."')
    posted = "Every ferry on the bay runs late again today, and nobody at the port will say why."
    assert [(r.platform.value, r.author, r.text) for r in parse_article(text).reactions] == [
        ("twitter", "Mo Reyes", posted)
    ]
