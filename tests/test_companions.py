"""Cue words that count only with a companion: the prefilter still never skips a text the quote finder reads."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from reactions.parse import companions, post_cues, posted, prefilter, quotes
from reactions.parse.article import parse_article, split_header
from reactions.parse.companions import DETERMINED, DETERMINERS, X_BEFORE, has_companion
from reactions.parse.quotations import quotations as quotation_candidates
from reactions.parse.sentences import Surroundings, TextIndex
from reactions.parse.text import clean_text
from reactions.parse.wordscan import words_in

# --- the tables against the patterns that read the words ------------------------------------------------------

_PATTERNS = (
    post_cues.POST_CUE_RE, post_cues.POSTED_CONTEXT_RE, quotes._OWN_POST_RE, quotes._TOOK_TO_RE, posted.IN_POST_RE,
    posted.POST_SAYS_RE,
)  # fmt: skip
_SOURCES = " ".join(
    pattern.pattern if isinstance(pattern.pattern, str) else pattern.pattern.pattern  # type: ignore[union-attr]
    for pattern in (*_PATTERNS, posted.CAPTION_TAIL_RE, posted.POSTED_PICTURE_RE, quotes._VERB_RE)
)
_ALONE = {word.decode() for word in prefilter.WORDS if companions.counts_alone(word)}
_VOCABULARY = sorted(
    {word.lower() for word in re.findall(r"[A-Za-z]{1,12}", _SOURCES)}
    | {"the", "mr", "story", "big", "washington", "fox", "my", "our", "your", "of", "and", "in", "at", "said"}
)
"""Every word the patterns spell out, and a few more: what could stand before or after a cue word in a match."""


def _matches(text: str) -> bool:
    return any(pattern.search(text) for pattern in _PATTERNS)


@pytest.mark.parametrize("noun", sorted(word.decode() for word in DETERMINED))
def test_a_determined_word_is_read_by_no_pattern_without_a_determiner(noun: str) -> None:
    for word in _VOCABULARY:
        if word in DETERMINERS or word in _ALONE or word == "alongside":  # alongside a picture counts itself
            continue
        for text in (f"{word} {noun}", f"{word} big {noun}", f"{word} {noun} says:", f"{word} big {noun} reads:"):
            assert not _matches(text), text


def test_x_is_read_by_no_pattern_without_what_stands_before_it() -> None:
    for word in _VOCABULARY:
        if word in X_BEFORE or word in _ALONE:
            continue
        for text in (f"{word} X", f"{word} X."):
            assert not _matches(text), text


def test_social_and_alongside_need_their_companions() -> None:
    for word in _VOCABULARY:
        if word in ("media",) or word in _ALONE:
            continue
        assert not _matches(f"on social {word}"), word
        if word.encode() not in DETERMINED and not any(picture in word for picture in companions.PICTURES):
            assert not _matches(f"alongside a {word} {word}"), word


def test_no_word_that_says_posted_alone_waits_for_a_companion() -> None:
    """A posting verb, or a network's name the patterns read bare (``post_cues.NAMED``), counts alone: a change to the
    quote finder's tables that made one of these words such must take it out of :data:`companions.NEEDS_COMPANION`."""
    strong = {verb.encode() for verb in quotes.STRONG_VERBS}
    named = {name.lower().encode() for name in post_cues.NAMED}
    assert companions.NEEDS_COMPANION.isdisjoint(strong | named)
    assert companions.NEEDS_COMPANION <= prefilter.WORDS


@pytest.mark.parametrize(
    ("text", "word", "expected"),
    [
        ("in her latest post", b"post", True),
        ("the Washington Post", b"post", True),
        ("Washington Post", b"post", False),
        ("x-the story", b"story", True),
        ("a big long red story", b"story", True),
        ("a very big long red story", b"story", False),
        ("the\nstory", b"story", False),
        ("on X", b"x", True),
        ("via his X", b"x", True),
        ("Malcolm X", b"x", False),
        ("social  media", b"social", True),
        ("social-media", b"social", True),
        ("social justice", b"social", False),
        ("alongside a photo", b"alongside", True),
        ("alongside aphoto", b"alongside", True),
        ("alongside her husband", b"alongside", False),
    ],
)
def test_has_companion(text: str, word: bytes, expected: bool) -> None:
    at = text.lower().rfind(word.decode()) if word != b"alongside" else text.find("alongside")
    assert has_companion(text, at, word) is expected


# --- exactness: generated texts ------------------------------------------------------------------------------

QUOTED = ("So good to be home with you all", "We will win the vote", "Never again, never")
AUTHORS = ("she", "The mayor", "Ann Lee", "a source", "he", "Smith", "she", "The mayor", "a fan", "Many", "one user")
VERBS = (*("wrote", "shared", "commented", "penned", "writes", "said", "added", "told the story", "says") * 3,
         "tweeted")  # fmt: skip
NEAR_MISSES = (" in Washington Post", " for social justice", " alongside him", " with X", " of story", " at Post", "")
PLACES = (
    *NEAR_MISSES * 3, " in the story", " in her story", " on X", " via his X", " in a post", " in the Washington Post",
    " alongside a photo", " alongside her", " on social media", " in a social club", " in the thread",
    " in a selfie", " on Instagram", " in a new caption", " to Malcolm X", " with snap",
)  # fmt: skip
BEFORE = (
    "", "", "", "", "The story ran. ", "Malcolm X spoke. ", "Post office. ", "A selfie stick. ", "Social work. ",
    "She posted a photo of the cake. ", "It was on Twitter. ", "He shared nothing. ",
    "Also Read: a tweet\n", "Fans on social\nmedia users ", "antisocial ", "The X Factor aired. ",
)  # fmt: skip
MARKS = (('"', '"'), ("“", "”"), ("‘", "’"))
SEPARATORS = ("", " ", "\n", "\n\n", ". ", "\t", "   ")


@st.composite
def quotations(draw: st.DrawFn) -> str:
    """A quotation of speech or of a post, its attribution after or before it, the sentence before it."""
    opening, closing = draw(st.sampled_from(MARKS))
    words, author = draw(st.sampled_from(QUOTED)), draw(st.sampled_from(AUTHORS))
    verb, place = draw(st.sampled_from(VERBS)), draw(st.sampled_from(PLACES))
    before = draw(st.sampled_from(BEFORE))
    if draw(st.booleans()):
        return f"{before}{opening}{words},{closing} {author} {verb}{place}."
    colon = draw(st.sampled_from((":", ",", "")))
    return f"{before}{author} {verb}{place}{colon} {opening}{words}.{closing}"


@st.composite
def articles(draw: st.DrawFn) -> str:
    parts = draw(st.lists(st.tuples(quotations(), st.sampled_from(SEPARATORS)), min_size=1, max_size=3))
    pad = draw(st.sampled_from(("", "x" * 150 + " ", "word " * 90, "y" * 500 + "\n", "z " * 2100)))
    return pad + "".join(fragment + separator for fragment, separator in parts)


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(articles())
@example('She shared a photo. "So good to be home," one user wrote.')
@example('"Never again, never," a fan wrote.')
@example('The mayor told the story in her story: "We will win the vote."')
def test_whenever_the_prefilter_skips_a_text_the_parser_finds_nothing(text: str) -> None:
    body = split_header(clean_text(text))[0]
    if not prefilter.may_hold_reactions(body):
        assert parse_article(text, "g.txt").reactions == ()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(articles())
def test_companions_only_narrow_the_line_check(text: str) -> None:
    """A line the companions let count is one the plain word check counted: they never add a cue."""
    body = split_header(clean_text(text))[0]
    marks = prefilter._marks(body)
    if not marks:
        return
    lines = prefilter._line_spans(body, marks)
    spaced = prefilter.word_bytes(body)
    if prefilter._line_cue(body, marks, lines, spaced, cut=False):
        assert _plain_line_cue(body, marks, lines, spaced)


def _plain_line_cue(body: str, marks: list[int], lines: list[tuple[int, int]], spaced: bytes) -> bool:
    """The line check with every cue word counted alone (the check before companions)."""
    sentences = companions.Sentences(body, marks)
    for start, end in lines:
        found = words_in(prefilter.WORDS, spaced, start, end)
        if not found:
            continue
        cues = tuple(word for word in found if word != b"x")
        spots = sorted(prefilter._byte_cues_in(body, start, spaced[start:end], cues, x=b"x" in found))
        if any(not prefilter._word_char(body, start + at - 1) and sentences.hold(start + at) for at in spots):
            return True
    return False


# --- near misses: cue words in and around quotations, with and without an attribution ---------------------------


_CUE_QUOTED = ("I love Instagram and you", "Read the story now", "It was on social media", "We will win the vote")
_LEADS = (
    "", "", "She said: ", "Fans took to Twitter: ", "The star wrote on X, ", "On Instagram, she said ", "Look: ",
    "In her latest post ", "The story says ", "It says, ", "It reads: ", "Her Instagram story: ", "The caption :  ",
    "Smith, on Twitter, ", "Smith, in her latest story: ", "Jo Bo, with this new story:\t",
    "x" * 3990 + "ssaid ", "y " * 1995 + "  ", "Via Instagram ", "The thread ",
)  # fmt: skip
_AFTERS = (
    "", ".", ", she said.", ", she told the story.", " she said on Twitter.", ", Smith grumbled in a tweet.",
    ", a fan tweeted.", " in the story.", ", the star added on social media.", ", on Instagram.", ", the story goes.",
    ", in her latest post.", ", the caption read.", " she explained in the story", ", Malcolm X noted.",
    ", " + "a " * 79 + "said on X", ", " + "a " * 79 + "saidx on X", ", " + "b " * 78 + "told", ", per the thread.",
)  # fmt: skip
_BEFORE = ("", "", "She posted a photo. ", "The story ran. ", "It was on Twitter. ", "Fans on social media wrote. ")


@st.composite
def _attributed(draw: st.DrawFn) -> str:
    """Quotations with cue words in and around them, with and without a word an attribution needs (a verb, ``took``,
    a post after a verb of manner, a colon), some cut where the quote finder's lead-in or clause cuts them."""
    opening, closing = draw(st.sampled_from(MARKS))
    parts = [draw(st.sampled_from(_BEFORE)), draw(st.sampled_from(_LEADS)), opening,
             draw(st.sampled_from(_CUE_QUOTED)), draw(st.sampled_from(("", ",", "."))), closing,
             draw(st.sampled_from(_AFTERS)), draw(st.sampled_from(SEPARATORS))]  # fmt: skip
    return "".join(parts)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_attributed(), min_size=1, max_size=3).map("".join))
@example('"I love Instagram and you," she told the story.')
@example('Smith, in her latest story: "We will win the vote."')  # no verb: the colon lets it be attributed
@example('Her Instagram story: "Read the story now."')
@example('"Read the story now," Smith grumbled in a tweet.')
@example('"I love Instagram and you." the story goes.')
@example("y " * 1995 + '  "We will win the vote," ' + "b " * 78 + "told")
def test_cue_words_in_and_around_quotations_skip_nothing_the_parser_finds(text: str) -> None:
    body = split_header(clean_text(text))[0]
    if not prefilter.may_hold_reactions(body):
        assert parse_article(text, "g.txt").reactions == ()


# --- the prefilter's quotation sentence against the quote finder's own -----------------------------------------

_SENTENCE_PIECES = st.sampled_from(
    ['"', "“", "”", "‘", "’", "’s", "\n", " ", ". ", "! ", "? ", ", ", ": ", "Instagram", "she wrote", "a",
     "x" * 170, "y " * 120, "…", ".” ", '." '],
)  # fmt: skip


def _read_by_the_quote_finder(body: str) -> set[int]:
    """Every offset of a word's start in a quotation's lead-in or in its sentence's words after it
    (``Surroundings.lead``, ``Surroundings.after``, which hold the clause ``quotes._attribution_after`` reads)."""
    index = TextIndex(body)
    offsets: set[int] = set()
    for match in quotation_candidates(body):
        context = Surroundings(index, match)
        offsets.update(range(context.start, match.start()))
        offsets.update(range(match.end(), match.end() + len(context.after)))
    return {at for at in offsets if companions.word_char(body, at) and not companions.word_char(body, at - 1)}


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_SENTENCE_PIECES, max_size=30).map("".join))
@example("“I love Instagram,” she said.")
@example("“a” Instagram “b”")
@example("‘a’ Instagram ‘b’")
@example("“a,” she wrote, “b” Instagram")
def test_every_word_the_quote_finder_reads_around_a_quotation_is_held(body: str) -> None:
    """The prefilter's test of a quotation's sentence against the quote finder's own: no word of a lead-in or of
    the words after a quotation is missed (asked at growing offsets, as the prefilter asks)."""
    sentences = companions.Sentences(body, prefilter._marks(body))
    for at in sorted(_read_by_the_quote_finder(body)):
        assert sentences.hold(at), at
