"""Where sentences end and which platform words stand in one article body, found once and asked at many places.

The quote finder judges each quotation by the words around it: where its sentence starts, the two sentences before
it, the platform its paragraph names.  Found by scanning back from each quotation, those cost the paragraph's
length per quotation, which is quadratic in a long paragraph (a one-line article of quotations).  A
:class:`TextIndex` scans the body once per question kind and answers each question with a binary search, giving
exactly what the scan would have given.

>>> index = TextIndex('She smiled. He waved. Then: "Hi," on Twitter.')
>>> index.sentence_start(0, 28)
21
>>> index.platform_in(0, 46).value, index.platform_in(0, 20)
('twitter', None)
"""

from __future__ import annotations

import array
import bisect
import re
from typing import Final

from reactions.models import Platform

__all__ = ["LOOK_BACK", "PLATFORM_WORDS", "SENTENCE_END_RE", "TextIndex"]

SENTENCE_END_RE: Final = re.compile(r"[.!?…](?<!\b[A-Z][.!?…])[\"”’)]?(?=[ \t\n]|$)")
"""A sentence's end (not after a lone capital: ``E! News``, ``U.S.``)."""

LOOK_BACK: Final = 4000
"""How far before a quotation its sentence and the sentences before it are read at most: far past any real
sentence, and the bound that keeps a paragraph with no line break linear."""

PLATFORM_WORDS: Final = (
    ("twitter", Platform.TWITTER), ("tweet", Platform.TWITTER), ("instagram", Platform.INSTAGRAM),
    ("insta ", Platform.INSTAGRAM), ("facebook", Platform.FACEBOOK), ("tiktok", Platform.TIKTOK),
    ("threads", Platform.THREADS), ("bluesky", Platform.BLUESKY), ("mastodon", Platform.MASTODON),
    ("youtube", Platform.YOUTUBE),
)  # fmt: skip
"""Words (lower case, in order of preference) by which prose names the platform of a post."""


def platform_named(text: str) -> Platform | None:
    """The first of :data:`PLATFORM_WORDS` that ``text`` holds (in any case)."""
    lowered = text.lower()
    return next((platform for word, platform in PLATFORM_WORDS if word in lowered), None)


class TextIndex:
    """Sentence ends and platform words of one body, each found on first use by one scan."""

    def __init__(self, body: str) -> None:
        self.body = body
        self._starts: list[int] | None = None
        self._ends: list[int] = []
        self._lowered: array.array[int] | None = None
        self._words: dict[str, list[int]] = {}

    def sentence_start(self, lo: int, at: int) -> int:
        """Where the last sentence's end in ``body[lo:at]`` ends (``lo`` when none does): what
        ``max(m.end() for m in SENTENCE_END_RE.finditer(body, lo, at))`` gives, without the scan."""
        if self._starts is None:
            found = [(m.start(), m.end()) for m in SENTENCE_END_RE.finditer(self.body)]
            self._starts = [start for start, _ in found]
            self._ends = [end for _, end in found]
        # An end found in the whole body depends on at most the two characters after its mark; a mark within two
        # characters of ``at`` is read as the scan stopping at ``at`` reads it.
        tail = max(lo, at - 2)
        near = [m.end() for m in SENTENCE_END_RE.finditer(self.body, tail, at)]
        if near:
            return near[-1]
        i = bisect.bisect_left(self._starts, tail) - 1
        return self._ends[i] if i >= 0 and self._starts[i] >= lo else lo

    def platform_in(self, lo: int, hi: int) -> Platform | None:
        """What :func:`platform_named` gives for ``body[lo:hi]``, without lowering the slice."""
        if hi - lo <= 2 * len("instagram") + 64:
            return platform_named(self.body[lo:hi])
        if not self._words:
            self._index_words()
        low, high = (lo, hi) if self._lowered is None else (self._lowered[lo], self._lowered[hi])
        for word, platform in PLATFORM_WORDS:
            places = self._words[word]
            i = bisect.bisect_left(places, low)
            if i < len(places) and places[i] + len(word) <= high:
                return platform
        return None

    def _index_words(self) -> None:
        """Every place of each platform word in the lowered body, and where each body offset lands in it."""
        body = self.body
        lowered = body.lower()
        if len(lowered) != len(body):  # a letter whose lower case is longer (``İ``): a slice's lower case is its
            offsets, at = array.array("q"), 0  # letters' lower cases, so each offset moves by the lengths before it
            for char in body:
                offsets.append(at)
                at += len(char.lower())
            offsets.append(at)
            self._lowered = offsets
        for word, _ in PLATFORM_WORDS:
            places, at = [], lowered.find(word)
            while at >= 0:
                places.append(at)
                at = lowered.find(word, at + 1)
            self._words[word] = places
