"""Tests for reactions.parse.described_person: a description after a name given only as an object."""

from __future__ import annotations

import pytest

from reactions.parse.described_person import pronoun_of, rivals
from reactions.parse.people import author_of

_HEAD = (
    "Mia Torres danced at her sister's wedding on Saturday.\n\n"
    + "The venue was a barn with long tables, strings of lights and a band that played until late. " * 4
    + "Torres had planned the day for months. "
    + "The venue was a barn with long tables, strings of lights and a band that played until late. " * 5
    + "\n\n"
)


@pytest.mark.parametrize(
    ("lead", "written", "author"),
    [
        # the names before the description are objects, or things: the article's person
        ("The day began with the singer doing make-up for her nieces Lena Park and Ana Park. Both girls then"
         " posed for a group shot.", "the singer", "Mia Torres"),
        ("The crowd at the South Beach Arena cheered as the pop star took the stage.", "the actress", "Mia Torres"),
        # another person a sentence's subject (for a description of either gender), or the other gender: no one
        ("Later, Dev Pal danced with her nieces Lena Park and Ana Park at the dinner.", "the singer", None),
        ("The crowd at the South Beach Arena cheered as the pop star took the stage.", "the actor", None),
    ],
)
def test_a_description_after_an_object_is_the_article_persons(lead: str, written: str, author: str | None) -> None:
    body = f"{_HEAD}{lead}\n\n“Best night ever,” {written} wrote."
    assert author_of(body, body.index("“"), written, None) == author


def test_pronoun_of_a_description_of_either_gender_is_the_persons() -> None:
    agrees = lambda name, pronoun: 1 if pronoun == "she" else -1  # noqa: E731
    assert pronoun_of("they", "Mia Torres", agrees) == "she"
    assert pronoun_of("he", "Mia Torres", agrees) == "he"
    assert pronoun_of("they", None, agrees) is None
    assert pronoun_of("they", "Mia Torres", lambda name, pronoun: 0) is None


def test_rivals_skip_a_heading_line() -> None:
    prose = "Omar Diaz’s reply came fast.\nWATCH | Mia Torres at the wedding\nThe singer wrote"
    assert rivals(prose, ["Omar Diaz"], set(), "Mia Torres", "she") is None
    owned = "The guests cheered for Omar Diaz. In Dev Pal’s original post, the singer wrote"
    assert rivals(owned, ["Omar Diaz"], set(), "Mia Torres", "she") is None
    assert rivals("In Torres’s original post, the singer wrote", [], set(), "Mia Torres", "she") == []
    assert rivals("Guests arrived. More came. The singer wrote", ["Omar Diaz"], set(), "Mia Torres", "they") == []
