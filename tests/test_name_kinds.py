"""reactions.parse.name_kinds: whether a capitalised name is a person's or a place's, an event's, an organisation's."""

from __future__ import annotations

from types import ModuleType

import pytest
from benchmark_loader import load_script
from hypothesis import given
from hypothesis import strategies as st

from reactions.parse.name_kinds import (
    _place_names,
    given_name_gender,
    thing_by_its_place,
    thing_by_its_words,
    thing_by_what_follows,
)


@pytest.mark.parametrize(
    "name",
    [
        "Met Gala", "Fyre Festival", "American Music Awards", "Massachusetts General Hospital", "Weinstein Company",
        "Christmas Day", "Hurricane Maria", "Us Weekly", "Island Records", "Orange County",  # a word of the kind
        "USA TODAY", "GLAAD", "RYAN REYNOLDS ALWAYS", "Nas ONLY",  # capitals: an acronym, a headline's shouting
        "I'm", "They’ve",  # a pronoun and its verb
        "Patty Jenkins-directed",  # a name made an adjective
        "Los Angeles", "Puerto Rico", "South Carolina", "Beverly Hills",  # places in several words
        "Allman Brothers", "Spice Girls", "Backstreet Boys", "Pointer Sisters", "Zac Brown Band",  # a group
    ],
)  # fmt: skip
def test_a_place_an_event_or_an_organisation_by_its_words(name: str) -> None:
    assert thing_by_its_words(name)


@pytest.mark.parametrize(
    "name",
    [
        "Wiz Khalifa", "Idina Menzel", "Billy McFarland", "Kim Kardashian",
        "JJ Watt", "DJ Khaled", "Donald Trump III",  # two capitals, a generation
        "BFF Francia Raisa",  # capitals that describe the name after them
        "Doris Day", "Charlotte Church", "Michael Beach",  # a family name that is also a word of the kind
        "Shaquille O'Neal", "Luann D’Agostino", "Catherine Zeta-Jones",  # an apostrophe, a hyphen in a name
        "Paris Hilton", "Jackson",  # a city's name alone, or a person's
        "",
    ],
)  # fmt: skip
def test_a_persons_name_is_no_thing_by_its_words(name: str) -> None:
    assert not thing_by_its_words(name)


@pytest.mark.parametrize(
    ("before", "name", "thing"),
    [
        ("spotted holding hands Tuesday in ", "Los Angeles", True),
        ("wearing a revealing outfit to the ", "Met Gala", True),
        ("the moment the gunman opened fire during ", "Harvest Festival", True),
        ("The", "Simple Life", True),  # a capitalised article the name's run opened with
        ("a photo with ", "Idina Menzel", False),  # no article or preposition of place before it
        ("hit back at ", "Piers Morgan", False),  # "at" after a verb of aiming: a person aimed at
        ("poked fun at ", "Wiz Kalu", False),
        ("a clip of a ", "Taylor Swift", True),  # "Taylor" is either sex's: the table says nothing
        ("a clip of a ", "Rihanna Fenty", False),  # a given name of the table: a person's name used as a noun's
        ("the ", "Duchess Catherine", False),  # a title
        ("in ", "Kim Kardashian’s", False),  # an owner: the noun after it is what stands there
        ("", "Los Angeles", False),
        ("a new firm called ", "Yellow Lantern", True),  # a title: what the thing is called
        ("her memoir, titled ", "Blue Hours", True),
        ("in their own style of ", "Carpool Karaoke", True),
        ("the wife of ", "Kanye West", False),  # a given name of the table after "of": a person's
    ],
)
def test_a_name_after_an_article_or_a_preposition_of_place_is_a_thing(before: str, name: str, thing: bool) -> None:
    assert thing_by_its_place(before, name) is thing


@pytest.mark.parametrize(
    ("text", "name", "thing"),
    [
        ("the 31-year-old Sports Illustrated model got ink", "Sports Illustrated", True),
        ("the island’s Popular Democratic party and", "Popular Democratic", True),
        ("the Stranger Things 2 premiere", "Stranger Things", True),  # a number between
        ("a Rihanna Fenty song", "Rihanna Fenty", False),  # a given name of the table
        ("on JoJo Fletcher’s season 12", "JoJo Fletcher’s", False),  # an owner
        ("Wiz Khalifa posted", "Wiz Khalifa", False),
    ],
)
def test_a_name_before_a_noun_of_a_show_a_party_or_a_magazine_is_a_thing(text: str, name: str, thing: bool) -> None:
    at = text.index(name) + len(name)
    assert thing_by_what_follows(text, at, name) is thing


def test_given_names_of_one_sex_only_are_known() -> None:
    assert (given_name_gender("Rachel"), given_name_gender("Peter")) == ("f", "m")
    assert given_name_gender("Taylor") is None
    assert given_name_gender("Los") is None
    assert given_name_gender("Hollywood") is None


@given(st.text(max_size=60), st.text(max_size=60))
def test_any_text_is_answered_and_never_raises(before: str, name: str) -> None:
    assert thing_by_its_words(name) in (True, False)
    assert thing_by_its_place(before, name) in (True, False)
    assert thing_by_what_follows(before + name, len(before), name) in (True, False)


def _builder() -> ModuleType:
    return load_script("build_place_names")


def test_the_place_table_keeps_places_in_several_words_and_no_towns_named_after_people() -> None:
    kept = _builder().place_names(
        ["Los Angeles", "Jackson", "les Escaldes", "Winnie Mandela", "Beverly Hills", "Puerto Rico"],
        frozenset({"Winnie", "Beverly"}),
    )
    assert kept == ["Beverly Hills", "Los Angeles", "Puerto Rico"]


def test_the_shipped_place_table_holds_the_big_places() -> None:
    assert {"Los Angeles", "Las Vegas", "Puerto Rico", "South Carolina", "New York City"} <= _place_names()
    assert not {"Winnie Mandela", "Jackson", "Paris"} & _place_names()
