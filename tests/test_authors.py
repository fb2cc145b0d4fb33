"""reactions.parse.authors: the author of a quotation as written."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse.authors import (
    author_as_written,
    behind_post,
    is_poster,
    named_account,
    owner,
    plausible_author,
    poster_in_sentence,
    subject,
    subject_before,
)
from reactions.parse.quotes import find_quotes


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("TV producer Jesse Zook", "Jesse Zook"),
        ("Red State Editor Brandon Moss", "Brandon Moss"),
        ("Actor Nick Sarcy", "Nick Sarcy"),
        ("A spoof account for Iron Man Tony Stark", "A spoof account for Iron Man Tony Stark"),
        ("one social media user", "one social media user"),
        ("she", "she"),
        ("@handle", None),
        ("she movingly", "she"),  # an adverb after the author is no part of it
        ("Dara Quinn publicly", "Dara Quinn"),
        ("one reader calmly", "one reader"),
        ("the Okafor family", "the Okafor family"),  # a noun ending in -ly stays
        ("Holly", "Holly"),
    ],
)
def test_authors_as_written(written: str, shown: str | None) -> None:
    assert author_as_written(written) == shown


def test_posters_and_plausible_authors() -> None:
    assert is_poster("a fan")
    assert is_poster("users")
    assert not is_poster("the president")
    assert plausible_author("Jane Doe")
    assert not plausible_author("was shared")


def test_a_clauses_first_word_is_no_subject() -> None:
    assert subject_before("When asked by a fan on Twitter how Stormi is doing, Kylie ") == "Kylie"
    assert subject_before("When ") == ""


@pytest.mark.parametrize(
    "words",
    ["Marta answered the critics by ", "She ended the thread with ", "In a series of ", "He started the day by "],
)
def test_a_verb_after_a_preposition_has_no_subject_there(words: str) -> None:
    """``…answered the critics by tweeting``: a participle after a preposition; the words before are no subject."""
    assert subject_before(words) == ""


@pytest.mark.parametrize(
    ("lead", "author"),
    [
        ("She took to IG sharing a photo of the two with the caption, ", "She"),  # the place is no subject
        ("Ruiz, 31, shared a clip of the party on her Instagram Stories, with the caption, ", "Ruiz"),  # an age
        ("Well, until Ana Ruiz, who plays the nurse, shared a photo of the set with the caption, ", "Ana Ruiz"),
        ("The 30-year-old is expecting a boy and just posted a scan with the caption ", "The 30-year-old"),
        ("But Ruiz doesn’t seem too upset about it, posting a beach photo with the caption, ", "Ruiz"),
        ("March 2015: Ana posts a photo of the two with the caption ", "Ana"),  # a date before the name
    ],
)
def test_the_author_of_a_caption_is_the_subject_of_its_posting_verb(lead: str, author: str) -> None:
    quotes = find_quotes(lead + "“Good times.”", "a.txt", [])
    assert [quote.display_name for quote in quotes] == [author]


_WRITTEN_PIECES = ["Kim", "K.", "Kardashian", "O'Neil", "x", "is", "3", "@ann", "É", "’", "'", "-", ".", " ", "\n",
                   "McDonald", "ABC", "Kim's", "CNN’s", "Jones'", "Brian", "Stelter", "The", "star", " said", "’s",
                   "Ross"]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*_WRITTEN_PIECES, "TV", "producer", "Actor", "one", "user", "June", "2014"]),
                max_size=12))
def test_the_memoised_author_as_written_is_the_function(parts: list[str]) -> None:
    """``author_as_written`` and ``tidy_author`` are memoised: asked twice, each gives what the function does."""
    from reactions.parse.people import tidy_author

    words = " ".join(parts)
    for _ in range(2):
        assert author_as_written(words) == author_as_written.__wrapped__(words)
        assert tidy_author(words) == tidy_author.__wrapped__(words)


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("Bloom’s Instagram post", "Bloom"),
        ("Mara Lee's tweet", "Mara Lee"),
        ("Lindsay Lohan’s Instagram", "Lindsay Lohan"),
        ("Calum’s official Twitter account", "Calum"),
        ("the hospital’s official account", ""),  # no name: a description, left to the antecedents
        ("Bloom’s mother", ""),  # a person, not a post
        ("Bloom", ""),
    ],
)
def test_the_owner_of_a_post_or_account_written_as_the_author(written: str, expected: str) -> None:
    assert owner(written) == expected


def test_a_posts_owner_is_its_quotations_author() -> None:
    body = "Jan Moss announced the show's return in May.\n\n“See you all in June,” Moss’s Instagram post read."
    (quote,) = find_quotes(body, "a.txt", [])
    assert (quote.display_name, quote.author) == ("Moss’s Instagram post", "Jan Moss")
    assert named_account("Jane Doe (@janedoe) wrote") == "janedoe"


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("Mira Stone (Jessica Dale) ", "Mira Stone"),  # the role she plays
        ("Senator Ted Ray (R-Texas) ", "Senator Ted Ray"),
        ("Omar Diaz (pictured) ", "Omar Diaz"),
        ("Mira Stone (@mirastone) ", "Mira Stone @mirastone"),  # a handle is kept: it names the account
    ],
)
def test_an_aside_in_parentheses_is_no_part_of_the_subject(words: str, expected: str) -> None:
    assert subject_before(words) == expected
    assert subject(words) == expected


def test_an_aside_holding_a_comma_does_not_split_the_clause() -> None:
    assert subject("Kim Lee, no stranger to scandals herself (see: the shirt, her ad), ") == "Kim Lee"


@pytest.mark.parametrize(
    ("words", "expected"),
    [("Rep. Ann Lee, R-Fla., ", "Rep. Ann Lee"), ("Ann Lee, D-Calif, ", "Ann Lee"), ("Kim Roe, 20, ", "Kim Roe")],
)
def test_a_party_or_an_age_after_the_name_is_no_subject(words: str, expected: str) -> None:
    assert subject(words) == expected


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("Senator Ada Moss, another Republican who opposed the bill, ", "Senator Ada Moss"),
        ("Ada Moss, a senator from Ohio, ", "Ada Moss"),
        ("One fan was angry, another ", "another"),  # no name before it: the poster as written
    ],
)
def test_a_name_before_a_description_in_apposition_is_the_subject(words: str, expected: str) -> None:
    assert subject(words) == expected


def test_a_reflexive_after_the_name_is_passed_over() -> None:
    assert subject_before("Things took a turn when Ann Lee herself ") == "Ann Lee"
    assert subject_before("The actor himself ") == "The actor"


@pytest.mark.parametrize(
    ("before", "phrase", "expected"),
    [
        ("But when rumors spread, Omar Diaz laid them to rest with a tweet ", "a tweet", "Omar Diaz"),
        ("After the show, Rita followed up with an Instagram post ", "an Instagram post", "Rita"),
        ("Later she thanked fans in a sweet selfie ", "a sweet selfie", "she"),
        # no clause subject before it, or no preposition: the post stays the subject as written
        ("a tweet ", "a tweet", "a tweet"),
        ("The picture shows Ann kissing her son with the caption ", "the caption", "the caption"),
        ("Fans loved the photo ", "the photo", "the photo"),
        # not a post
        ("Omar Diaz met with a friend ", "a friend", "a friend"),
    ],
)
def test_behind_post_is_who_posted_the_post_a_lead_in_names(before: str, phrase: str, expected: str) -> None:
    assert behind_post(before, phrase) == expected


@pytest.mark.parametrize(
    ("words", "written", "subject"),
    [
        # a full name, then its place: the name
        ("Senator Mazie Hirono of Hawaii", "Mazie Hirono", "Senator Mazie Hirono"),
        ("Tom Wells of The Sun", "Tom Wells", "Tom Wells"),
        # one word before "of": a title, kept as before
        ("the Duchess of Cambridge", "the Duchess of Cambridge", "Cambridge"),
    ],
)
def test_a_place_after_a_full_name_is_not_the_author(words: str, written: str, subject: str) -> None:
    assert author_as_written(words) == written
    assert subject_before(words + " ") == subject


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("In response, Neal Katz, attorney for the State of Ohio ", "Neal Katz"),  # an appositive: its name
        ("In 2016, comedian Ann Lee ", "Ann Lee"),  # a role before a name is no appositive
        ("Later, Kim, and later on Instagram Kylie ", "Kylie"),
    ],
)
def test_an_appositive_role_after_a_name_gives_the_name(words: str, expected: str) -> None:
    assert subject_before(words) == expected


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("Lena Park on Friday", "Lena Park"),  # a weekday between the subject and its verb
        ("Friday Lena Park", "Lena Park"),
        ("Park in late March", "Park"),  # a month after a word that leads a time
        ("Park in September", "Park"),
        ("the council on Friday", "the council"),
        ("April Lee", "April Lee"),  # a month alone is a given name
        ("Premier Jo May", "Premier Jo May"),
        ("Prime Minister May", "Prime Minister May"),
    ],
)
def test_a_time_before_the_verb_is_no_subject_before_it(words: str, expected: str) -> None:
    assert subject_before(words) == expected


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("Lena Park, who lives in Dayton, Ohio, also answered the mayor on Twitter Friday", "Lena Park"),
        ("Lena Park, who on Friday voted, also weighed in on Saturday evening,", "Lena Park"),
        ("Lena Park, on Friday,", "Lena Park"),
        ("In March Park went on Instagram and", "Park"),
        ("In March, Park", "Park"),
        ("Then June Carter", "June Carter"),  # a month that opens a name after a leading word
    ],
)
def test_a_clause_that_holds_only_a_time_gives_the_subject_of_the_first(words: str, expected: str) -> None:
    assert subject(words) == expected


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("PM Rohan Mehta", "Rohan Mehta"),  # a prime minister's abbreviated title, as UK and Indian prose writes it
        ("PM Mehta", "Mehta"),
        ("CM Kavita Rao", "Kavita Rao"),  # a chief minister's
        ("Deputy CM Rao", "Rao"),
        ("PMO", "PMO"),  # a whole word, not a title
    ],
)
def test_an_abbreviated_title_is_no_part_of_the_name(written: str, shown: str) -> None:
    assert author_as_written(written) == shown


def test_an_abbreviated_title_yields_the_full_name_the_article_gives() -> None:
    text = (
        'Prime Minister Rohan Mehta spoke on Monday. In a post on Twitter, PM Mehta said, "A splendid year to all." '
        'Chief Minister Kavita Rao agreed. "Best wishes from the state to every family," CM Rao posted on Twitter.'
    )
    assert [(q.display_name, q.author) for q in find_quotes(text, "a.txt", [])] == [
        ("Mehta", "Rohan Mehta"),
        ("Rao", "Kavita Rao"),
    ]


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("Senate Majority Whip Dana Holt", "Dana Holt"),  # titles of office before a name
        ("House Speaker Omar Beck", "Omar Beck"),
        ("Former House Speaker Omar Beck", "Omar Beck"),
        ("Ambassador Lina Ferris", "Lina Ferris"),
        ("Police Commissioner Tom Grady", "Tom Grady"),
        ("Sheriff Ed Malloy", "Ed Malloy"),
        ("Chancellor Ute Brandt", "Ute Brandt"),
        ("Pastor Jim Orr", "Jim Orr"),
        ("Councilwoman Rita Song", "Rita Song"),
        ("Speaker", "Speaker"),  # a title alone stays as written
        ("Sheriff's Office", "Sheriff's Office"),  # an owner, not a title before a name
    ],
)
def test_a_title_of_office_is_no_part_of_the_name(written: str, shown: str) -> None:
    assert author_as_written(written) == shown


def test_a_title_of_office_yields_the_full_name_the_article_gives() -> None:
    text = (
        "Senate Majority Whip Dana Holt (R-Ore.) played the bill down on Friday.\n\n"
        '"All this talk of a harbour deal has gone on for years. Serious, but hardly news," Holt tweeted Saturday.\n\n'
        "Police Commissioner Tom Grady thanked the crews.\n\n"
        '"Every officer on the night shift did the city proud this week," Commissioner Grady tweeted.'
    )
    assert [(q.display_name, q.author) for q in find_quotes(text, "a.txt", [])] == [
        ("Holt", "Dana Holt"),
        ("Grady", "Tom Grady"),
    ]


@pytest.mark.parametrize(
    ("window", "expected"),
    [
        ("Reese spoke on stage. One Facebook commenter put it best when she said, ", True),
        ("Reese spoke on stage. After the show a fan wrote that she ", True),
        ("Hugh Hefner was nominated. On his official Twitter account, he ", False),  # someone's account
        ("One fan wrote in. Reese replied that she ", False),  # the poster's sentence is not the pronoun's
    ],
)
def test_a_poster_as_the_subject_of_the_pronouns_sentence(window: str, expected: bool) -> None:
    assert poster_in_sentence(window) is expected
