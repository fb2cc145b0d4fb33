"""Posts the article quoted just before embedding them (reactions.parse.repeats)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse.article import parse_article
from reactions.parse.repeats import _LINK_RE, _NOT_ALNUM_RE, _letters, repeat_start

_BYLINE = "  Mara Quist (@maraquist) May 2, 2018"


def _texts(text: str) -> list[str]:
    return [r.text for r in parse_article(text, "a.txt").reactions]


def test_a_post_quoted_before_its_embed_starts_where_the_repeat_does() -> None:
    post = "I've seen the new budget this morning. Trust me: the harbour towns won't like it at all."
    quoted = post.replace("'", " ")  # the crawl dropped the apostrophes in the quotation only
    text = f"The councillor did not hold back. Quist tweeted: {quoted} {post}{_BYLINE}The vote is on Friday."
    assert _texts(text) == [post]


def test_a_posting_verb_may_stand_between_the_quotation_and_the_post() -> None:
    post = "Congratulations to the rowing club on a brilliant season! See you all at the harbour gala."
    text = f"She was quick to respond. {post}  Quist wrote. {post}{_BYLINE}Others were less kind."
    assert _texts(text) == [post]


@pytest.mark.parametrize(
    "text",
    [
        # the post repeats its own words: no quotation stands before it
        "We are angry because nobody listened to us. We are angry because nobody listened to us for years.",
        # the article quoted only the post's later part, which then is no start
        "The article quoted: the harbour towns will not like this budget at all. Then came her post. Honestly, "
        "I have read it twice. The harbour towns will not like this budget at all.",
        # too short to tell a quotation from a phrase said twice
        "Well done, team. Well done, team.",
    ],
)
def test_no_repeat_start_without_a_whole_quotation_right_before(text: str) -> None:
    assert repeat_start(text, 0, len(text)) is None


# Links in any case (and with the letters re.IGNORECASE takes for ASCII ones), punctuation, accented letters.
LETTERS_TEXT = st.lists(
    st.sampled_from(
        ["https://t.co/x1", "HTTP://A.b", "pic.twitter.com/Ab9", "PİC.TWITTER.COM/q", "WWW.x.org", "wwW.", "httpſ://",
         "Ab", "é", "İ", "ſ", "\u212a", "_", "’", "—", "“", "1", " ", ".", "/", ":", "\n", "😂"]
    ),
    max_size=30,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.one_of(LETTERS_TEXT, st.text()))
def test_letters_are_the_texts_letters_and_digits_without_links(text: str) -> None:
    assert _letters(text) == _NOT_ALNUM_RE.sub("", _LINK_RE.sub(" ", text)).lower()
