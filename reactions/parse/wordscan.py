"""Where a word opening with one of a set stands in a stretch of word bytes, answered by one compiled pass.

The quote finder's silent lines (:class:`reactions.parse.sentences.Silence`) ask, of the stretches around each
quotation, where the first word opening with a cue word stands, in the body's
:func:`~reactions.parse.sentences.word_bytes` (ASCII, folded as ``re.IGNORECASE`` folds, one byte per character,
words are runs of ``[a-z0-9_]``).  :func:`openings_pattern` compiles the words as one alternation merged by their
common openings, run by RE2 (``google-re2``): a DFA that reads each byte once whatever the number of words.
Python's ``re`` tries the alternation at every byte (the standard library has no multi-word matcher: ``re``
backtracks per alternative, ``str.find`` is one word a scan); without ``re2`` installed the same pattern runs on
``re`` (the same answers, more slowly).  :func:`first_span` and :func:`finds` ask it.

>>> spaced = b" a postponed match"
>>> first_span(openings_pattern(frozenset({b"tweet", b"post"})), spaced, 0, len(spaced))
(2, 7)
>>> finds(openings_pattern(frozenset({b"tweet", b"post"})), spaced, 8, len(spaced))
False
"""

from __future__ import annotations

import functools
import re
from typing import Protocol

from reactions.parse.folding import folded

try:
    import re2
except ImportError:  # pragma: no cover - google-re2 is a dependency; the answers are the same without it
    re2 = None

__all__ = ["finds", "first_span", "openings_pattern", "whole_word_spans"]


class _Search(Protocol):
    """What :func:`openings_pattern` gives: a compiled pattern over bytes (RE2's or ``re``'s)."""

    def search(self, text: bytes, pos: int = ..., endpos: int = ...) -> object | None: ...


@functools.lru_cache(maxsize=8)
def openings_pattern(words: frozenset[bytes]) -> _Search:
    """A pattern that finds a word of word bytes (with a space put before them) opening with one of ``words``: a
    byte that is no word's (in word bytes only the space is one), then ``words`` as one alternation merged by their
    common openings (each place tried once per letter when ``re`` runs it), compiled by RE2 when it is installed.
    It has no boundary or anchor, so that it answers of ``data[lo:hi]`` asked as ``search(data, lo, hi)`` as of the
    slice, in both engines.  It opens with a class, not the literal space: RE2 skips to each space of a pattern
    that opens with one (``memchr``) and starts its DFA anew there, 2.6 ns a byte of news against 1.5 ns for the
    DFA read straight through (``tests/test_wordscan.py`` checks that both find the same)."""
    source = rb"[^0-9_a-z]" + _trie(sorted(word for word in words if word))
    return re2.compile(source) if re2 is not None else re.compile(source)


def _trie(words: list[bytes]) -> bytes:
    """``words`` (sorted, none empty) as one alternation whose alternatives start with distinct letters."""
    groups: dict[bytes, list[bytes]] = {}
    for word in words:
        groups.setdefault(word[:1], []).append(word[1:])
    alternatives = []
    for letter, rests in groups.items():
        longer = [rest for rest in rests if rest]
        tail = _trie(longer) if longer else b""
        alternatives.append(re.escape(letter) + (b"(?:" + tail + b")?" if tail and len(longer) < len(rests) else tail))
    return alternatives[0] if len(alternatives) == 1 else b"(?:" + b"|".join(alternatives) + b")"


def finds(pattern: _Search, data: bytes, lo: int, hi: int) -> bool:
    """Whether ``pattern`` (from :func:`openings_pattern`) matches in ``data`` between ``lo`` and ``hi``, as
    ``pattern.search(data, lo, hi)`` does."""
    return first_span(pattern, data, lo, hi) is not None


def first_span(pattern: _Search, data: bytes, lo: int, hi: int) -> tuple[int, int] | None:
    """The span of ``pattern``'s first match in ``data`` between ``lo`` and ``hi``, else ``None``.  RE2's own
    matcher is asked directly where the binding has it: its public ``search`` wraps each call in a generator and a
    match object, which costs more than the search of a short stretch (~1.5 µs a call); for ``bytes`` it makes the
    same call.  ``tests/test_wordscan.py`` checks that both give the public ``search``'s answers."""
    raw = getattr(pattern, "_regexp", None) if _RAW_MATCH else None
    if raw is not None:
        span: tuple[int, int] = raw.Match(_UNANCHORED, data, lo, hi)[0]
        return None if span[0] < 0 else span
    found = pattern.search(data, lo, hi)
    return None if found is None else found.span()  # type: ignore[attr-defined]


_UNANCHORED = getattr(getattr(re2, "_Anchor", None), "UNANCHORED", None)
"""RE2's unanchored search, as its binding names it (``None`` without ``re2`` or with a binding that does not)."""


def _raw_match_works() -> bool:
    """Whether the binding's matcher answers as this module reads it (a span per group, ``(-1, -1)`` for none, the
    search bounded by ``lo`` and ``hi``): it is not RE2's public API, so a version that changed it would make
    :func:`first_span` raise or answer wrongly; such a version gets the public ``search`` instead."""
    if re2 is None or _UNANCHORED is None:
        return False
    try:
        raw = re2.compile(rb"b+")._regexp
        found = raw.Match(_UNANCHORED, b"abbcbb", 1, 3)[0], raw.Match(_UNANCHORED, b"abbcbb", 3, 4)[0]
        return [tuple(span) for span in found] == [(1, 3), (-1, -1)]
    except Exception:  # an attribute, a signature or a type of another version
        return False


_RAW_MATCH = _raw_match_works()
"""Whether :func:`first_span` asks RE2's matcher directly (:func:`_raw_match_works`)."""


def whole_word_spans(text: str, words: frozenset[bytes], present: list[bytes]) -> list[tuple[int, int]]:
    """Where each of ``words`` stands whole in ``text``, in order: what a case-blind ``\\b(?:word|…)\\b`` pattern's
    ``finditer`` gives (``present``: the words of ``text`` as :func:`reactions.parse.sentences.words_of` reads them),
    without trying the alternation at every character: each word of the set among them is looked for by ``str.find``
    in the folded text and kept where no word character stands either side (as ``\\b`` reads the folded text).  Two
    whole words never overlap, so these are the pattern's matches.

    >>> whole_word_spans("She tweeted, then retweeted", frozenset({b"tweeted", b"retweeted"}), [b"retweeted"])
    [(18, 27)]
    >>> whole_word_spans("She tweeted, then retweeted", frozenset({b"tweeted"}), [b"she", b"tweeted"])
    [(4, 11)]
    """
    found = words.intersection(present)
    if not found:
        return []
    text = folded(text)
    spans = []
    for word in map(bytes.decode, found):
        at = text.find(word)
        while at >= 0:
            end = at + len(word)
            if (at == 0 or not _is_word(text[at - 1])) and (end == len(text) or not _is_word(text[end])):
                spans.append((at, end))
            at = text.find(word, end)
    return sorted(spans) if len(found) > 1 else spans


def _is_word(char: str) -> bool:
    """Whether ``re`` reads ``char`` as a word character (``\\w`` of a ``str`` pattern)."""
    return char.isalnum() or char == "_"
