"""reactions.parse.quote_platform: a quotation's platform, and the articles that name no network, where the sentences
before each quotation are not read for one."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.models import Platform
from reactions.parse import quote_platform
from reactions.parse.quotes import find_quotes
from reactions.parse.sentences import Surroundings, platform_named
from reactions.parse.tweet_runs import nearby_network


@pytest.mark.parametrize(
    ("text", "none"),
    [
        ('"Hi yo," the caption read. "Bye," the caption read.', True),
        ("She wrote on INSTAGRAM: \"Hi.\"", False),  # any case
        ("Fans on Insta\nwent wild", False),  # a word whose space a join may give
        ("He said in a post on X.", False),
        ("the new Xbox", False),  # a slice may end at "X"
        ("A tweetstorm", False),
    ],
)
def test_an_article_names_a_network_by_any_platform_word_or_an_x(text: str, none: bool) -> None:
    assert quote_platform.names_no_network(text) is none


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="aX xnstgrmwiTe\n\t.İKΣ", max_size=60), st.data())
def test_no_stretch_of_an_article_that_names_none_names_one(text: str, data: st.DataObject) -> None:
    """Any slice of the article, and two slices joined by a space (a sentence's lead-in and its words after), give
    no platform when the article names none."""
    if not quote_platform.names_no_network(text):
        return
    a, b, c, d = (data.draw(st.integers(0, len(text))) for _ in range(4))
    assert platform_named(text[min(a, b) : max(a, b)]) is None
    assert platform_named(f"{text[min(a, b) : max(a, b)]} {text[min(c, d) : max(c, d)]}") is None


PIECES = ['"Hi yo," the caption read. ', "Later, The caption read: “Thanks @bob” ", '"So fun," she captioned. ',
          "Ann Lee shared a photo. ", "\n\n", "— Fan (@fan) May 2, 2019\n\n", '"Bye," Kim Park wrote. ',
          "on Instagram ", "In a post on X, ", "tweet ", "Xavier ", '"Hey," the post read. ',
          "On Monday, "]  # fmt: skip


def _slow(context: Surroundings, named: Platform | None) -> Platform:
    """The reading the fast path replaces: every sentence read, whatever the article names."""
    return named or context.platform() or platform_named(context.previous) or nearby_network(
        context.index.body, context.match)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30).map("".join))
def test_the_fast_path_gives_what_reading_every_sentence_gives(text: str) -> None:
    """From an article's first quotation on (``ASKS_READ`` 0), as from its seventeenth."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(quote_platform, "ASKS_READ", 0)
        fast = [(q.span, q.platform, q.author) for q in find_quotes(text, "a.txt", [])]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("reactions.parse.quotes.quote_platform", _slow)
        slow = [(q.span, q.platform, q.author) for q in find_quotes(text, "a.txt", [])]
    assert fast == slow


def test_a_caption_in_an_article_that_names_no_network_takes_the_posts_next_to_it() -> None:
    body = ('Hi all — Ann Lee (@ann) May 2, 2019\n\n"We are with you," the caption read.\n\n'
            "Stay — Cy Dee (@cy) May 2, 2019")
    assert [quote.platform for quote in find_quotes(body, "a.txt", [])] == [Platform.TWITTER]
    assert [quote.platform for quote in find_quotes('"Hi yo," the caption read.', "a.txt", [])] == [Platform.UNKNOWN]


def test_an_article_is_read_for_a_network_only_past_its_first_quotations() -> None:
    calls: list[str] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(quote_platform, "names_no_network", lambda body: calls.append(body) or True)
        few = '"Hi yo," the caption read. ' * quote_platform.ASKS_READ
        assert len(find_quotes(few, "a.txt", [])) == quote_platform.ASKS_READ
        assert not calls
        many = few + '"So fun," the caption read. "Bye now," the caption read. '
        assert len(find_quotes(many, "a.txt", [])) == quote_platform.ASKS_READ + 2
        assert calls == [many]
