"""reactions.parse.pronoun_chain: an author's quotations in a run are given the person resolved for the first,
without the prose before each being read again."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse import pronoun_chain
from reactions.parse.authors import REACH
from reactions.parse.quotes import find_quotes

BODY = 'Ann Lee posted photos. "Hi," she tweeted. "So fun," she tweeted. "Bye," she tweeted.'
FIRST, SECOND = BODY.index("she"), BODY.index("she", BODY.index("she") + 1)


@pytest.fixture(autouse=True)
def _forget() -> None:
    pronoun_chain.remember("", -1, "", None)


def test_the_next_quotation_of_the_same_pronoun_goes_on_the_run() -> None:
    pronoun_chain.remember(BODY, FIRST, "she", "Ann Lee")
    assert pronoun_chain.follows(BODY, SECOND, "she") == ("Ann Lee",)


def test_the_person_may_be_no_one() -> None:
    pronoun_chain.remember(BODY, FIRST, "she", None)
    assert pronoun_chain.follows(BODY, SECOND, "she") == (None,)


@pytest.mark.parametrize(
    "between",
    [
        " tweeted. Kim Park replied. ",  # another name
        " tweeted. Then the singer added, ",  # a description
        " tweeted. One fan wrote back. ",  # a poster
        " tweeted to her sister. ",  # a relative: someone's
        " tweeted. Later, ",  # a capital that is no pronoun: read again
    ],
)
def test_a_word_that_may_name_another_ends_the_run(between: str) -> None:
    body = f'"Hi," she{between}"Bye," she tweeted.'
    pronoun_chain.remember(body, body.index("she"), "she", "Ann Lee")
    assert pronoun_chain.follows(body, body.rindex("she"), "she") is None


def test_the_persons_own_name_and_words_inside_quotations_keep_the_run() -> None:
    body = '"Hi," she tweeted. Ann Lee then added, "The Best Day, Kim Park!" "Bye," she tweeted.'
    pronoun_chain.remember(body, body.index("she"), "she", "Ann Lee")
    assert pronoun_chain.follows(body, body.rindex("she"), "she") == ("Ann Lee",)
    pronoun_chain.remember(body, body.index("she"), "she", "Kim Park")  # (Ann Lee is then another person)
    assert pronoun_chain.follows(body, body.rindex("she"), "she") is None


def test_words_that_name_no_one_and_dates_keep_the_run() -> None:
    """Capitalised words the resolver never takes for a name (given as ``unnamed``), and a month abbreviated before its
    day; ``Jan`` alone may be a name."""
    body = '"Hi," she said on Twitter on Oct. 29. Later, "Bye," she tweeted. Jan replied. "So?" she tweeted.'
    first, second, third = (i for i in range(len(body)) if body.startswith("she", i))
    pronoun_chain.remember(body, first, "she", "Ann Lee")
    assert pronoun_chain.follows(body, second, "she") is None
    assert pronoun_chain.follows(body, second, "she", frozenset({"Twitter", "Later"})) == ("Ann Lee",)
    pronoun_chain.remember(body, second, "she", "Ann Lee")
    assert pronoun_chain.follows(body, third, "she", frozenset({"Twitter", "Later"})) is None


@pytest.mark.parametrize("place", ["on X", "on Threads", "to Bluesky", "via YouTube", "On   Reddit"])
def test_a_network_a_post_went_to_is_no_person(place: str) -> None:
    """``X`` (and a network the resolver's words do not list) where a post went names no one: the run goes on;
    the same capital standing alone still ends it."""
    body = f'"Hi," she tweeted. Later she wrote {place}: "Bye." And she wrote: "So?"'
    first, second, third = (i for i in range(len(body)) if body.startswith("she", i))
    pronoun_chain.remember(body, first, "she", "Ann Lee")
    assert pronoun_chain.follows(body, second, "she", frozenset({"Later"})) == ("Ann Lee",)
    pronoun_chain.remember(body, second, "she", "Ann Lee")
    assert pronoun_chain.follows(body, third, "she", frozenset({"And"})) == ("Ann Lee",)
    alone = f'"Hi," she tweeted. {place.split()[-1]} wrote back: "Bye." And she wrote: "So?"'
    pronoun_chain.remember(alone, alone.index("she"), "she", "Ann Lee")
    assert pronoun_chain.follows(alone, alone.rindex("she"), "she", frozenset({"And"})) is None


def test_a_post_named_after_an_article_is_no_person() -> None:
    body = '"Hi," she tweeted. In a tweet, she wrote: "Bye." In another Instagram post she wrote: "So?"'
    first, second, third = (i for i in range(len(body)) if body.startswith("she", i))
    pronoun_chain.remember(body, first, "she", "Ann Lee")
    assert pronoun_chain.follows(body, second, "she", frozenset({"In"})) == ("Ann Lee",)
    pronoun_chain.remember(body, second, "she", "Ann Lee")
    assert pronoun_chain.follows(body, third, "she", frozenset({"In", "Instagram"})) == ("Ann Lee",)
    named = '"Hi," she tweeted. In a tweet Kim Park wrote back: "Bye." And she wrote: "So?"'
    pronoun_chain.remember(named, named.index("she"), "she", "Ann Lee")
    assert pronoun_chain.follows(named, named.rindex("she"), "she", frozenset({"In", "And"})) is None


def test_a_posts_own_caption_goes_on_its_run() -> None:
    body = 'Ann Lee shared a photo of the beach.\n\n"Hi yo," the caption read. "Bye now," the caption read.'
    assert [quote.author for quote in find_quotes(body, "a.txt", [])] == ["Ann Lee", "Ann Lee"]


def test_another_pronoun_another_article_or_a_stretch_past_the_reach_is_read_again() -> None:
    pronoun_chain.remember(BODY, FIRST, "she", "Ann Lee")
    assert pronoun_chain.follows(BODY, SECOND, "he") is None
    assert pronoun_chain.follows("".join(list(BODY)), SECOND, "she") is None  # an equal text is another article
    assert pronoun_chain.follows(BODY, FIRST, "she") is None  # the same place: not the next one
    long = '"Hi," she tweeted. ' + "and more and more " * (REACH // 18 + 1) + '"Bye," she tweeted.'
    pronoun_chain.remember(long, long.index("she"), "she", "Ann Lee")
    assert pronoun_chain.follows(long, long.rindex("she"), "she") is None


def test_a_description_goes_on_its_run_too() -> None:
    body = '"Hi," the singer tweeted. "Bye," the singer tweeted.'
    pronoun_chain.remember(body, body.index("the singer"), "the singer", "Ann Lee")
    assert pronoun_chain.follows(body, body.rindex("the singer"), "the singer") == ("Ann Lee",)


def test_a_run_in_an_article_gives_every_quotation_its_person() -> None:
    run = "".join(f'"Day {n} was the best day of the whole tour," she tweeted.\n\n' for n in range(1, 13))
    body = f"Ann Lee posted a series of tweets about the night.\n\n{run}"
    assert [quote.author for quote in find_quotes(body, "a.txt", [])] == ["Ann Lee"] * 12


def test_a_description_run_is_one_person_where_the_prose_names_a_rival_before() -> None:
    """Read again, the second ``the singer`` would find Kim Park a rival of Ann Lee and give no one; in the run it is
    the first's singer."""
    body = 'Kim Park replied. Ann Lee posted a photo. "Bye now," the singer tweeted. "Love you," the singer tweeted.'
    assert [quote.author for quote in find_quotes(body, "a.txt", [])] == ["Ann Lee", "Ann Lee"]


def test_a_pronoun_after_a_posters_quotation_stays_the_posters() -> None:
    """The second ``She`` is the fan's, an anonymous poster, as the first is: not the article's person (Ann Lee, named
    after), whom reading the prose before it alone would give (and the records' own chain would take back)."""
    body = 'One fan wrote back. "Hi there," she tweeted. She tweeted: “Love you all.” Ann Lee posted a photo.'
    assert [quote.author for quote in find_quotes(body, "a.txt", [])] == [None, None]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(['"Hi there," she tweeted. ', "She tweeted: “Love you.” ", "and more words ", "\n\n",
                                 '"So fun" ', "she "]), max_size=40).map("".join))  # fmt: skip
def test_a_run_with_no_one_named_gives_no_one(text: str) -> None:
    """With no name anywhere, every quotation of the run has no author, however long the run: the chain gives only
    what was resolved."""
    assert {quote.author for quote in find_quotes("Ann Lee posted.\n\n" + text, "a.txt", [])} <= {"Ann Lee"}
    assert {quote.author for quote in find_quotes(text, "a.txt", [])} <= {None}
