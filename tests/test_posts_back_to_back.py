"""Posts back to back in a text written one sentence a line: the lines since the previous post are the next's."""

from __future__ import annotations

import pytest

from reactions.parse.boundaries import Layout
from reactions.parse.posts_back_to_back import SINCE_PREVIOUS_POST
from reactions.parse.text_embeds import find_text_embeds

PROSE = (
    "The storm reached the coast late on Tuesday night.\n"
    "Thousands of homes along the bay lost power within the hour.\n"
    "Crews from three counties were sent to clear the fallen trees.\n"
    "Residents shared what they saw as the water rose.\n"
)
FIRST = "Our street is a river now. — Lee Park (@leepark88) March 3, 2019\n"
TWO_LINES = (
    "We have restored power to 8,000 homes.\n"
    "More crews arrive overnight.\n"
    "— Harbor Utility (@harborutil) March 3, 2019\n"
)
AFTER = (
    "Officials expect the water to recede by the weekend.\n"
    "Schools in the county will stay closed until Monday morning.\n"
)


def texts(text: str) -> list[str]:
    return [embed.text for embed in find_text_embeds(Layout(text))[0]]


def test_every_line_since_the_previous_post_is_the_posts() -> None:
    second = (
        "We have restored power to 8,000 homes.\n"
        "More crews arrive overnight.\n"
        "Please stay clear of downed lines.\n"
        "— Harbor Utility (@harborutil) March 3, 2019\n"
    )
    assert texts(PROSE + FIRST + second + AFTER)[1] == (
        "We have restored power to 8,000 homes.\nMore crews arrive overnight.\nPlease stay clear of downed lines."
    )


def test_a_lead_ins_colon_stops_the_post_below_it() -> None:
    second = (
        "The power company answered within minutes:\n"
        "We have restored power to 8,000 homes.\n"
        "More crews arrive overnight.\n"
        "— Harbor Utility (@harborutil) March 3, 2019\n"
    )
    assert texts(PROSE + FIRST + second + AFTER)[1] == (
        "We have restored power to 8,000 homes.\nMore crews arrive overnight."
    )


@pytest.mark.parametrize(
    "between",
    [
        "The power company tweeted an update an hour later.\n",  # a posting verb with no colon: prose may follow
        "Harbor Utility said the repairs would take days.\n",  # the author named: prose about it
    ],
)
def test_prose_about_the_post_leaves_the_start(between: str) -> None:
    second = TWO_LINES
    assert texts(PROSE + FIRST + between + second + AFTER)[1] == "More crews arrive overnight."


def test_lines_past_the_length_limit_leave_the_start() -> None:
    filler = "".join(f"Line {n} of the article says something about the storm and the bay.\n" for n in range(5))
    second = "More crews arrive overnight.\n— Harbor Utility (@harborutil) March 3, 2019\n"
    assert texts(PROSE + FIRST + filler + second + AFTER)[1] == "More crews arrive overnight."


def test_no_previous_post_no_reach() -> None:
    second = TWO_LINES
    assert texts(PROSE + second + AFTER) == ["More crews arrive overnight."]


def test_paragraph_lines_and_blank_lines_keep_the_start() -> None:
    second = TWO_LINES
    paragraphs = (
        "The storm reached the coast late on Tuesday. Thousands lost power within the hour.\n"
        "Crews from three counties were sent out. They cleared the fallen trees by noon.\n"
        "The mayor spoke at dawn. She asked residents to stay off the flooded roads.\n"
        "Officials expect the water to recede. Schools will stay closed until Monday.\n"
    )
    assert texts(paragraphs + FIRST + second)[1] == "More crews arrive overnight."
    blank = (PROSE + FIRST + second).replace("\n", "\n\n")
    assert texts(blank)[1] == "More crews arrive overnight."


def test_the_reach_costs_confidence() -> None:
    second = TWO_LINES
    embed = find_text_embeds(Layout(PROSE + FIRST + second + AFTER))[0][1]
    assert SINCE_PREVIOUS_POST in embed.cues


def test_a_line_of_no_words_goes_on_but_a_lists_number_stops() -> None:
    """An emoji the corpus wrote as ``?`` stands on a line of its own inside the post; a list's number does not."""
    marks = "We have restored power.\n?\nMore crews arrive overnight.\n— Harbor Utility (@harborutil) March 3, 2019\n"
    assert texts(PROSE + FIRST + marks + AFTER)[1] == "We have restored power.\n?\nMore crews arrive overnight."
    numbered = "2.\nMore crews arrive overnight.\n— Harbor Utility (@harborutil) March 3, 2019\n"
    assert texts(PROSE + FIRST + numbered + AFTER)[1] == "More crews arrive overnight."
