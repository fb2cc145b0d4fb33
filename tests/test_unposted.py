"""The quotations turned down before their sentence is read (``parse/unposted.py``) are ones the full reading turns
down: the quote finder gives the same with each test left out, and a clause said to name no post gives no
attribution, or one of speech that names no post."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse import posted, quotes, unposted
from reactions.parse.post_cues import post_cue
from reactions.parse.quotations import quotations
from reactions.parse.quotes import find_quotes
from reactions.parse.sentences import WordIndex

_WORDS = [
    "she", "he said", "said", "says", "reads", "asked", "asKed", "ſaid", "İnstagram", "ı", "replied", "told ET",
    "wrote", "tweeted", "posted", "postponed", "retweet", "retweets", "retweeted", "on Twitter", "in a post", "Post",
    "a fan", "Ann Lee", "the senator", "grumbled", "fumed in a tweet", "in a statement", "social media", "x", "Gov.",
    "who", "which", "of", "about", "It says", "Meanwhile", "message", "video", "took to", "shared", "Ann's",
]  # fmt: skip
_MARKS = ['"', "“", "”", ":", ",", ";", ".", "?", " ", " ", " ", "\n", ', "', ',” ', '," ', ": “", '." ']
_FILLERS = ["a" * n for n in (1, 3, 120, 150, 158, 159, 160, 161)] + ["b " * 70]
_TEXTS = st.lists(st.sampled_from(_WORDS + _MARKS + _FILLERS), max_size=50).map("".join)


def _without_shortcuts(monkeypatch: pytest.MonkeyPatch, text: str) -> list[object]:
    """What the quote finder gives with no quotation turned down before its sentence is read."""
    with monkeypatch.context() as patch:
        patch.setattr(quotes, "clause_names_no_post", lambda body, cues, window: False)
        return list(find_quotes(text, "a.txt", []))


@settings(max_examples=500, deadline=None)
@given(_TEXTS)
def test_the_quote_finder_finds_what_it_finds_without_them(text: str) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert find_quotes(text, "a.txt", []) == _without_shortcuts(monkeypatch, text)


def _check_clauses(text: str) -> None:
    """Each quotation whose clause is said to name no post has no attribution after it, or one of speech whose clause
    names no post."""
    cues = WordIndex(text, quotes._CUE_WORDS)
    for match in quotations(text):
        window = unposted.clause_after(text, match)
        if window is None or unposted.clause_names_no_post(text, cues, window):
            attribution = quotes._attribution_after(text, cues, match)
            assert attribution is None or quotes._speech_after(attribution)
            assert attribution is None or not post_cue(attribution.clause)


@settings(max_examples=500, deadline=None)
@given(_TEXTS)
def test_a_clause_naming_no_post_gives_speech_at_most(text: str) -> None:
    _check_clauses(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('"So good and true," she said. She tweeted it later.', True),  # the cue word is past the clause's end
        ('"So good and true," she said on Twitter.', False),
        ('"So good and true," she tweeted.', False),
        ('"So good and true," she said in a retweet.', False),  # a post no cue word opens
        ('"So good and true," ſhe ſaid. Then she posted.', False),  # a letter the verb tables do not take
        ('"So good and true," she said, "and posted."', False),
        ('"So good and true" she posted', False),  # no comma, but a space: a clause may follow
        ('"So good and true"—then', True),  # no clause follows
        ('"So good and true,"\nshe tweeted', True),  # the line ends the clause
    ],
)
def test_clauses_that_name_no_post(text: str, expected: bool) -> None:
    window = unposted.clause_after(text, quotations(text)[0])
    no_post = window is None or unposted.clause_names_no_post(text, WordIndex(text, quotes._CUE_WORDS), window)
    assert no_post is expected
    _check_clauses(text)


@pytest.mark.parametrize("size", range(150, 166))
@pytest.mark.parametrize("word", ["postponed", "retweets", "tweeted", "xylophone"])
def test_a_word_cut_by_the_clauses_reach(size: int, word: str) -> None:
    text = '"So good and true," she said ' + "a" * size + f" {word} it.\nNext line here."
    _check_clauses(text)
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert find_quotes(text, "a.txt", []) == _without_shortcuts(monkeypatch, text)


def test_the_clause_is_the_one_the_attribution_is_read_from() -> None:
    text = '"So good and true," Gov. Ann Lee said. Then more.'
    match = quotations(text)[0]
    assert unposted.clause_after(text, match) == (19, 37)
    assert text[19:37] == " Gov. Ann Lee said"  # a title's stop ends no sentence
    assert unposted.clause_after('"So good"x', quotations('"So good"x')[0]) is None


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet=" \t;:,—()\"“'’.&!-@_aZ9éſ\u212a\n", max_size=12), st.sampled_from(["", "fans wrote", "x"]),
       st.integers(0, 6))  # fmt: skip
def test_a_clause_that_opens_with_no_word_holds_no_attribution(opening: str, rest: str, pos: int) -> None:
    """Where :func:`~reactions.parse.unposted.opens_no_word` says so, neither attribution after a quotation matches,
    to whatever end its clause runs."""
    body = opening + rest
    if unposted.opens_no_word(body, pos):
        for end in range(pos, len(body) + 1):
            assert quotes._AFTER_RE.match(body, pos, end) is None
            assert posted._MANNER_AFTER_RE.match(body, pos, end) is None


@pytest.mark.parametrize(("clause", "none"), [(' ; fans wrote', True), ('    she wrote', True), (' she wrote', False),
                                              ('\t@ann wrote', False), (' “Hi”', True), ('', True)])  # fmt: skip
def test_opens_no_word(clause: str, none: bool) -> None:
    assert unposted.opens_no_word(f'"Hi yo"{clause}', 7) is none
