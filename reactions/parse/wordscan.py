"""Whether a stretch of a body holds a word of one set, answered by one compiled pass instead of a word list.

The prefilter (:mod:`reactions.parse.prefilter`) asks, of every line that holds a quotation mark, whether a cue word
stands on it; read as ``words.isdisjoint(segment.split())``, the question builds a list of every word of the line.
:func:`holds_word` asks the same of the line's :func:`~reactions.parse.sentences.word_bytes` (ASCII, folded as
``re.IGNORECASE`` folds, one byte per character, words are runs of ``[a-z0-9_]``) with one alternation of the words
between word boundaries, run by RE2 (``google-re2``): a DFA that reads each byte once whatever the number of
words, with no list made.  Python's ``re`` tries the alternation at every byte, and costs more than the split (the
standard library has no multi-word matcher: ``re`` backtracks per alternative, ``str.find`` is one word a scan);
without ``re2`` installed the same pattern runs on ``re`` (the same answers, more slowly).

>>> holds_word(frozenset({b"tweeted", b"post"}), b"she tweeted it", 0, 14)
True
>>> holds_word(frozenset({b"tweeted", b"post"}), b"a postponed match", 0, 17), holds_word(
...     frozenset({b"post"}), b"a postponed match", 0, 6)
(False, True)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Protocol

try:
    import re2
except ImportError:  # pragma: no cover - google-re2 is a dependency; the answers are the same without it
    re2 = None

__all__ = ["holds_word", "words_in", "words_pattern"]


class _Search(Protocol):
    """What :func:`words_pattern` gives: a compiled pattern over bytes (RE2's or ``re``'s)."""

    def search(self, text: bytes) -> object | None: ...

    def finditer(self, text: bytes) -> Iterator[re.Match[bytes]]: ...


def holds_word(words: frozenset[bytes], spaced: bytes, lo: int, hi: int) -> bool:
    """Whether ``spaced[lo:hi].split()`` (word bytes) holds one of ``words``: a word cut at ``lo`` or ``hi`` counts
    as the slice's split reads it."""
    return words_pattern(words).search(spaced[lo:hi]) is not None


def words_in(words: frozenset[bytes], spaced: bytes, lo: int, hi: int) -> set[bytes]:
    """``words.intersection(spaced[lo:hi].split())``, found by the same pass (a few matches, no word list)."""
    return {bytes(found.group()) for found in words_pattern(words).finditer(spaced[lo:hi])}


@functools.lru_cache(maxsize=8)
def words_pattern(words: frozenset[bytes]) -> _Search:
    """One alternation of ``words`` (none empty) between word boundaries (ASCII ``\\b`` in both engines: the bytes'
    word characters are ASCII), compiled by RE2 when it is installed."""
    source = rb"\b(?:" + b"|".join(re.escape(word) for word in sorted(words, key=len, reverse=True)) + rb")\b"
    return re2.compile(source) if re2 is not None else re.compile(source)
