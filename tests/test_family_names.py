"""A family name's full name ends with it: runs it starts are institutions, headlines or a site's profile links."""

from __future__ import annotations

import pytest

from reactions.parse.article import parse_article
from reactions.parse.family_names import family_name_runs, from_given_name
from reactions.parse.people import full_names


def _author(body: str, name: str) -> str:
    return full_names(body, [(body.rindex(name), name)])[0]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a given name before the family name somewhere: the runs the family name starts are no name of its own
        (
            "The Lopez Foundation Hall opened. Lopez Foundation Hall staff cheered. Senator Maria Lopez spoke on "
            'Monday. "We won," Lopez tweeted.',
            "Maria Lopez",
        ),
        # a title before it, and the run's next word written on its own elsewhere (an institution)
        (
            "Critics of the Okonkwo Statehouse Office say the Statehouse moved fast. Governor Okonkwo signed the bill. "
            '"Done," Okonkwo tweeted.',
            "Okonkwo",
        ),
        # a site's link glued to the prose: the full name and another story's headline right after the name
        (
            'Mayor Quill Ronan Patrick QuillCity budget passes MORE spoke on Friday. "We are ready," Quill tweeted.',
            "Quill",
        ),
    ],
)
def test_runs_a_family_name_starts_are_not_its_full_name(body: str, expected: str) -> None:
    assert _author(body, expected.split()[-1]) == expected


@pytest.mark.parametrize(
    ("body", "name", "expected"),
    [
        # a family name first, as Chinese names write it: the given name never stands alone
        ("President Zhou said the talks went well. Zhou Mingyao later wrote on Weibo.", "Zhou", "Zhou Mingyao"),
        # a given name (of the table) starts its full name
        ("Kim Kardashian posted a photo. Later Kim wrote again.", "Kim", "Kim Kardashian"),
        # a given name missing from the table, with no title or given name before it anywhere
        ("Zadie Voss shared a clip. Fans cheered as Zadie wrote back.", "Zadie", "Zadie Voss"),
        # a caption repeating the name is no given name before it
        (
            "Image zoom Tamsin Quayle Tamsin Quayle/Instagram\n\nTamsin Quayle smiled. Later Tamsin wrote.",
            "Tamsin",
            "Tamsin Quayle",
        ),
    ],
)
def test_full_names_a_name_starts_stay(body: str, name: str, expected: str) -> None:
    assert _author(body, name) == expected


def test_runs_are_kept_whole_for_a_given_name() -> None:
    runs = [(0, "Mia Jones"), (20, "Kanye Mia")]
    assert family_name_runs("", "Mia", runs) == runs


def test_a_title_followed_by_a_capitalised_word_says_nothing() -> None:
    body = "President Xi Jinping met them. The Xi Jinping Thought school opened."
    runs = [(0, "President Xi"), (10, "Xi Jinping")]
    assert family_name_runs(body, "Xi", runs) == runs


def test_runs_ending_with_the_name_are_always_kept() -> None:
    runs = [(0, "Donald Trump"), (30, "Trump White House"), (60, "President Trump")]
    assert family_name_runs("", "Trump", runs) == [(0, "Donald Trump"), (60, "President Trump")]


def _authors(text: str) -> list[str | None]:
    return [reaction.author for reaction in parse_article(text).reactions]


def test_a_description_before_the_given_name_is_dropped() -> None:
    text = (
        "Secretary of State Brian Whitfield spoke at the state capitol on Monday.\n\n"
        '"We will fix the budget before the summer recess," Whitfield tweeted later.'
    )
    assert _authors(text) == ["Brian Whitfield"]


@pytest.mark.parametrize(
    "text",
    [
        # the word before the given name is written in lower case nowhere: it may be a name's
        "Secretary of State Brian Whitfield spoke at the capitol on Monday.\n\n"
        '"We will fix the budget before the summer recess," Whitfield tweeted later.',
    ],
)
def test_a_capitalised_word_the_prose_never_lowers_stays(text: str) -> None:
    assert _authors(text) == ["State Brian Whitfield"]


@pytest.mark.parametrize(
    ("run", "expected"),
    [
        ("State Brian Whitfield", "Brian Whitfield"),
        ("Briahna Joy Whitfield", "Briahna Joy Whitfield"),  # no prose writes "briahna"
        ("Mary Kate Olsen", "Mary Kate Olsen"),  # a given name first, even one the prose lowers
        ("State Whitfield", "State Whitfield"),  # no given name before the last word
    ],
)
def test_from_given_name(run: str, expected: str) -> None:
    body = "The state fair opened. Joy, mary and kate were there."
    assert from_given_name(body, run) == expected
