"""One compiled pass answers what a word list answers: whether a stretch of word bytes holds a word of a set."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse import companions, prefilter, quotes, wordscan
from reactions.parse.sentences import word_bytes

_PIECES = st.sampled_from(
    ["tweet", "tweeted", "post", "postponed", "repost", "posts", "x", "X", "xylophone", "İnstagram", "ſhared",
     "social", "antisocial", "_", "9", "é", "“", '"', " ", "\n", ",", "a", "SNAP", "snapchat", "ınsta"]
)  # fmt: skip
_TEXTS = st.lists(_PIECES, max_size=30).map("".join)
_SETS = [prefilter.WORDS, companions.CONTEXT_WORDS, companions.SAID_WORDS, quotes._CUE_WORDS]


@settings(max_examples=400, deadline=None)
@given(_TEXTS, st.sampled_from(_SETS), st.data())
def test_holds_word_is_a_word_list_holding_one(text: str, words: frozenset[bytes], data: st.DataObject) -> None:
    spaced = word_bytes(text)
    hi = data.draw(st.integers(0, len(spaced)))
    lo = data.draw(st.integers(0, hi))
    assert wordscan.holds_word(words, spaced, lo, hi) == (not words.isdisjoint(spaced[lo:hi].split()))
    assert wordscan.words_in(words, spaced, lo, hi) == words.intersection(spaced[lo:hi].split())


@pytest.mark.parametrize(
    ("text", "lo", "hi", "expected"),
    [
        ("she tweeted it", 0, 14, True),
        ("a postponed match", 0, 17, False),  # "post" opens a longer word
        ("a postponed match", 0, 6, True),  # cut at the end: the slice's last word is "post"
        ("a repost", 4, 8, True),  # cut at the start
        ("a repost", 0, 8, False),
        ("İnstagram ſhared", 0, 16, True),  # folded as re.IGNORECASE folds
        ("on X.", 0, 5, True),
    ],
)
def test_words_at_the_stretch_edges(text: str, lo: int, hi: int, expected: bool) -> None:
    assert wordscan.holds_word(prefilter.WORDS, word_bytes(text), lo, hi) is expected


@pytest.fixture
def without_re2(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``re2`` not installed: the patterns compiled meanwhile are ``re``'s, and forgotten after."""
    monkeypatch.setattr(wordscan, "re2", None)
    compiled = (wordscan.words_pattern, wordscan.openings_pattern)
    for patterns in compiled:
        patterns.cache_clear()
    yield
    for patterns in compiled:
        patterns.cache_clear()


@pytest.mark.usefixtures("without_re2")
def test_without_re2_the_same_pattern_runs_on_re() -> None:
    pattern = wordscan.words_pattern(prefilter.WORDS)
    assert isinstance(pattern, re.Pattern)
    assert wordscan.holds_word(prefilter.WORDS, word_bytes("She TWEETED it"), 0, 14)
    assert not wordscan.holds_word(prefilter.WORDS, word_bytes("a postponed match"), 0, 17)
    assert wordscan.words_in(prefilter.WORDS, word_bytes("Posts, a post on X"), 0, 18) == {b"posts", b"post", b"x"}


def test_re2_is_the_engine_when_installed() -> None:
    pytest.importorskip("re2")
    assert not isinstance(wordscan.words_pattern(prefilter.WORDS), re.Pattern)


_QUOTED = st.lists(
    st.sampled_from(['"', "“", "”", "‘", "’", "\n", " ", ": ", ", ", ".", "She", "tweeted", "postponed", "x",
                     "a" * 150, "b " * 100, "İnstagram", "antisocial", "It says, ", "on", "Twitter"]),
    max_size=30,
).map("".join)  # fmt: skip


def _listed(words: frozenset[bytes], spaced: bytes, lo: int, hi: int) -> set[bytes]:
    return set(words.intersection(spaced[lo:hi].split()))


@settings(max_examples=300, deadline=None)
@given(_QUOTED)
def test_the_prefilter_answers_as_with_a_word_list(text: str) -> None:
    """The prefilter's quotation check with RE2 keeps exactly the texts it kept reading each stretch's word list and
    each line's words by ``re``."""
    expected_with_re2 = prefilter._has_quote_cue(text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(companions, "words_in", _listed)
        patch.setattr(prefilter, "words_pattern", _re_pattern)
        assert prefilter._has_quote_cue(text) == expected_with_re2


def _re_pattern(words: frozenset[bytes]) -> re.Pattern[bytes]:
    return re.compile(rb"\b(?:" + b"|".join(re.escape(word) for word in sorted(words, key=len, reverse=True)) + rb")\b")


@settings(max_examples=300, deadline=None)
@given(_TEXTS, st.sampled_from(_SETS), st.data())
def test_the_direct_search_answers_as_the_public_one(text: str, words: frozenset[bytes], data: st.DataObject) -> None:
    """RE2's matcher asked directly (no generator, no match object) finds what the public ``search`` finds, and the
    openings' pattern finds in RE2 what it finds in ``re``."""
    spaced = b" " + word_bytes(text)
    hi = data.draw(st.integers(0, len(spaced)))
    lo = data.draw(st.integers(0, hi))
    for pattern in (wordscan.words_pattern(words), wordscan.openings_pattern(words)):
        assert wordscan.finds(pattern, spaced, lo, hi) == (pattern.search(spaced, lo, hi) is not None)
    openings = wordscan.openings_pattern(words)
    in_re = re.compile(openings.pattern)  # type: ignore[attr-defined]
    assert wordscan.finds(openings, spaced, lo, hi) == (in_re.search(spaced, lo, hi) is not None)


@pytest.mark.usefixtures("without_re2")
def test_openings_run_on_re_without_re2() -> None:
    pattern = wordscan.openings_pattern(quotes._CUE_WORDS)
    assert isinstance(pattern, re.Pattern)
    spaced = b" " + word_bytes("a postponed match, then rain")
    assert wordscan.finds(pattern, spaced, 0, len(spaced))  # "postponed" opens with "post"
    assert not wordscan.finds(pattern, spaced, 12, len(spaced))


def test_a_binding_whose_matcher_changed_gets_the_public_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The matcher :func:`wordscan.first_span` asks directly is not RE2's public API: a version whose matcher takes
    other arguments, or answers in another shape, is told at import and searched through ``search`` instead."""
    re2 = pytest.importorskip("re2")
    assert wordscan._raw_match_works()  # the installed binding: asked directly

    class Changed:
        def __init__(self, answer: object) -> None:
            self.answer = answer

        def Match(self, *args: object) -> object:  # noqa: N802 (the binding's name)
            if isinstance(self.answer, Exception):
                raise self.answer
            return self.answer

    class Compiled:
        def __init__(self, answer: object) -> None:
            self._regexp = Changed(answer)

    for answer in (TypeError("Match() takes 3 arguments"), [(0, 3)], [None], ((1, 2), (5, 6))):
        with monkeypatch.context() as changed:
            changed.setattr(re2, "compile", lambda _source, answer=answer: Compiled(answer))
            assert not wordscan._raw_match_works()
    monkeypatch.setattr(wordscan, "_RAW_MATCH", False)
    pattern = wordscan.words_pattern(prefilter.WORDS)
    spaced = b" " + word_bytes("she tweeted it, then posted")
    assert wordscan.first_span(pattern, spaced, 0, len(spaced)) == pattern.search(spaced).span()  # type: ignore[attr-defined]
    assert wordscan.first_span(pattern, spaced, 0, 4) is None


@settings(max_examples=300, deadline=None)
@given(_TEXTS, st.sampled_from(_SETS), st.data())
def test_the_openings_class_finds_what_a_space_finds(text: str, words: frozenset[bytes], data: st.DataObject) -> None:
    """The openings' pattern opens with a class of the bytes no word holds: in word bytes that is the space alone, so
    it finds what the pattern opening with a literal space finds (which RE2 runs slower)."""
    spaced = b" " + word_bytes(text)
    hi = data.draw(st.integers(0, len(spaced)))
    lo = data.draw(st.integers(0, hi))
    spaced_pattern = re.compile(b" " + wordscan._trie(sorted(word for word in words if word)))
    found = spaced_pattern.search(spaced, lo, hi)
    assert wordscan.first_span(wordscan.openings_pattern(words), spaced, lo, hi) == (found and found.span())
    assert set(spaced) <= set(b" _0123456789abcdefghijklmnopqrstuvwxyz")
