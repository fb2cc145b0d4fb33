"""Quotations that name a work, not words someone posted: titles before a role, after a preposition or a naming
word, or set off by an appositive naming the work."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse import titles
from reactions.parse.quotations import QUOTE_RE, quoted_words, titled
from reactions.parse.quotes import find_quotes
from reactions.parse.titles import names_a_work


def _quotes(body: str) -> list[tuple[str | None, str]]:
    return [(quote.display_name, quote.text) for quote in find_quotes(body, "a.txt", [])]


@pytest.mark.parametrize(
    ("body", "lead"),
    [
        ('"Night Harbor Blues" star Tessa Bright tweeted', ""),  # a role after it
        ("“Moonlit Acres” co-star Dan Hale posted", "Her "),
        ("“Paper Towns of Ohio,” posted a photo", "Rex Moon, who starred with her in 1994’s "),  # an owner before it
        ('"Harbor Lights," tweeted a tribute', "Kai Ren, who acted with him in "),  # a preposition before it
        ('"Summer of Us," a song she wrote at sixteen', "she played "),  # an appositive naming a work
        ("“To My Son,” shared on YouTube", "with a video, titled "),  # a naming word before it
        ("“Snack Attack” posted to his page", "a rap called "),
        ('"Hello" singer posted', "the "),  # an article before it
    ],
)
def test_a_title_names_a_work(body: str, lead: str) -> None:
    text = lead + body
    match = QUOTE_RE.search(text)
    assert match is not None
    assert names_a_work(text, match, lead)


@pytest.mark.parametrize(
    ("body", "lead"),
    [
        ("“Farewell Adam Brook,” director Lu Tan wrote", ""),  # its own comma: words, with a description after
        ('"Congratulations Sam Reed," Waters tweeted', ""),
        ('"Home Sweet Home Happy Joyful" she captioned', ""),  # no role after it
        ('"I love this show so much" star Tessa Bright tweeted', ""),  # not capitalised as a title
        ('"Thank You All" Tessa Bright wrote', "She thanked her fans. "),
        ('"So proud of you, my love," she wrote', "She posted on Instagram. "),
    ],
)
def test_words_someone_posted_name_no_work(body: str, lead: str) -> None:
    text = lead + body
    match = QUOTE_RE.search(text)
    assert match is not None
    assert not names_a_work(text, match, lead)


def test_the_post_after_a_title_is_found_and_the_title_is_not() -> None:
    body = (
        'Fans mourned the actor all day.\n\n"Night Harbor Blues" star Tessa Bright wrote on Twitter, "He taught me '
        'everything I know about the stage."\n\nKai Ren, who acted with him in “Harbor Lights,” posted a photo of the '
        "two on Instagram.\n\nShe promoted it with a clip titled “Goodbye Old Friend,” shared on Instagram."
    )
    assert _quotes(body) == [("Tessa Bright", "He taught me everything I know about the stage.")]


def _names_a_work_as_first_written(body: str, match: re.Match[str], lead: str) -> bool:
    """names_a_work without its quick looks: every pattern asked, in the rules' order."""
    tail = lead[-16:]
    if titles._ARTICLE_BEFORE_RE.search(tail) or titles._NAMING_BEFORE_RE.search(tail):
        return True
    words = quoted_words(match).rstrip(".!?…")
    if not words or not titled(words) or len(words.split()) > 8:
        return False
    end = match.end()
    if titles._PLACE_BEFORE_RE.search(tail) or titles._WORK_AFTER_RE.match(body, end, end + 40):
        return True
    own_marks = body[end - 2 : end - 1] in ",.!?…" or body[end : end + 1] == ","
    return not own_marks and titles._ROLE_AFTER_RE.match(body, end, end + 24) is not None


_LEADS = st.lists(st.sampled_from(["in ", "On ", "the ", "a ", "An ", "titled ", "called, ", "dubbed ", "1986's ",
                                   "Ann’s ", "she wrote ", "from ", "x", " ", "\t"]), max_size=6).map("".join)
_WORDS = st.lists(st.sampled_from(["Big", "Love", "of", "the", "I", "love", "it", "Day", "x" * 21]), min_size=2,
                  max_size=10).map(" ".join)  # fmt: skip
_AFTERS = st.sampled_from(["", " star Ann wrote", " co-star", ", a song she wrote", " a film", ", she said", " singer"])


@settings(max_examples=400, deadline=None)
@given(_LEADS, _WORDS, st.sampled_from(["", ",", ".", "!"]), _AFTERS)
def test_the_quick_looks_give_what_every_pattern_gives(lead: str, words: str, mark: str, after: str) -> None:
    body = f'{lead}"{words}{mark}"{after}'
    match = QUOTE_RE.match(body, len(lead))
    assert match is not None
    assert names_a_work(body, match, lead) == _names_a_work_as_first_written(body, match, lead)
