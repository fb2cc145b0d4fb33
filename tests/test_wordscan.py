"""One compiled pass answers where a word opening with one of a set stands in a stretch of word bytes, in RE2 as in
``re``."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse import quotes, wordscan
from reactions.parse.networks import prose_words
from reactions.parse.sentences import word_bytes

_PIECES = st.sampled_from(
    ["tweet", "tweeted", "post", "postponed", "repost", "posts", "x", "X", "xylophone", "İnstagram", "ſhared",
     "social", "antisocial", "_", "9", "é", "“", '"', " ", "\n", ",", "a", "SNAP", "snapchat", "ınsta"]
)  # fmt: skip
_TEXTS = st.lists(_PIECES, max_size=30).map("".join)
_SETS = [quotes._CUE_WORDS, prose_words(), frozenset({b"x", b"post", b"postponed", b"a"}), frozenset({b"_"})]


@pytest.fixture
def without_re2(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``re2`` not installed: the patterns compiled meanwhile are ``re``'s, and forgotten after."""
    monkeypatch.setattr(wordscan, "re2", None)
    wordscan.openings_pattern.cache_clear()
    yield
    wordscan.openings_pattern.cache_clear()


def test_re2_is_the_engine_when_installed() -> None:
    pytest.importorskip("re2")
    assert not isinstance(wordscan.openings_pattern(quotes._CUE_WORDS), re.Pattern)


@settings(max_examples=300, deadline=None)
@given(_TEXTS, st.sampled_from(_SETS), st.data())
def test_the_direct_search_answers_as_the_public_one(text: str, words: frozenset[bytes], data: st.DataObject) -> None:
    """RE2's matcher asked directly (no generator, no match object) finds what the public ``search`` finds, and the
    openings' pattern finds in RE2 what it finds in ``re``."""
    spaced = b" " + word_bytes(text)
    hi = data.draw(st.integers(0, len(spaced)))
    lo = data.draw(st.integers(0, hi))
    openings = wordscan.openings_pattern(words)
    found = openings.search(spaced, lo, hi)
    assert wordscan.first_span(openings, spaced, lo, hi) == (found and found.span())  # type: ignore[attr-defined]
    assert wordscan.finds(openings, spaced, lo, hi) == (found is not None)
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
    pattern = wordscan.openings_pattern(quotes._CUE_WORDS)
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


def test_whole_word_spans_are_the_case_blind_patterns_matches() -> None:
    words = frozenset({b"tweeted", b"posted"})
    text = "She TWEETED, then retweeted; ſome posted_it, then Posted."
    pattern = re.compile(r"\b(?:tweeted|posted)\b", re.IGNORECASE)
    spans = wordscan.whole_word_spans(text, words, [b"tweeted", b"retweeted", b"posted_it", b"posted"])
    assert spans == [m.span() for m in pattern.finditer(text)] == [(4, 11), (50, 56)]
    assert wordscan.whole_word_spans(text, words, [b"she", b"then"]) == []  # none of the set among its words
