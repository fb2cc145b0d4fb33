"""Where sentences end and which platform words stand in one article body, found once and asked at many places.

The quote finder judges each quotation by the words around it: where its sentence starts, the two sentences before
it, the platform its paragraph names.  Found by scanning from its paragraph's start, those cost the paragraph's
length per quotation, which is quadratic in a long paragraph (a one-line article of quotations).  A
:class:`TextIndex` finds a sentence's start by searching back from the quotation (at most :data:`LOOK_BACK`
characters) and platform words by one scan of the body, giving exactly what the scan would have given.

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
from reactions.parse import posted as families
from reactions.parse.authors import FURNITURE, REACH
from reactions.parse.folding import unfold
from reactions.parse.nearest_platform import last_platform_named, last_platform_placed
from reactions.parse.networks import platform_words
from reactions.parse.sentence_ends import SENTENCE_END_RE, abbreviation_stop, clause_stop
from reactions.parse.wordscan import finds, first_span, openings_pattern
from reactions.parse.x_place import names_x, x_places

__all__ = [
    "LOOK_BACK", "MUTED", "PLATFORM_WORDS", "QUIET", "READ", "SENTENCE_END_RE", "Silence", "Surroundings",
    "TextIndex", "WordIndex",
    "platform_named", "platforms_named", "unfold", "word_bytes", "words_of",
]



_END_REACH: Final = 7
"""How many characters after its mark a sentence's end may take (a closing mark and ``[123]``)."""

_CLOSED_RE: Final = re.compile(r"[.!?…][\"”’]\[\d{1,3}\]")
"""A quotation that ends its sentence beyond doubt: a stop inside its closing mark, then a citation mark (Wikipedia's
``"…tones."[40] Michael Starr …``); a name after a stop may be the attribution (``"…!" Nilsson captioned``)."""
_ENDING: Final = frozenset(".!?…")
"""The marks a sentence's end starts with."""
_END_MATCH: Final = SENTENCE_END_RE.match
LOOK_BACK: Final = 4000
"""How far before a quotation its sentence and the sentences before it are read at most: far past any real
sentence, and the bound that keeps a paragraph with no line break linear."""

PREVIOUS_REACH: Final = 800
"""How much of the two sentences before a quotation :attr:`Surroundings.previous` gives at most: two long sentences
are ~400 characters, and a bound far below :data:`LOOK_BACK` keeps a sentence with many quotations and no end cheap
(each quotation reads them again)."""

SLICED = 2048
"""How long a stretch :meth:`TextIndex.platform_in` lowers and reads itself.  The few quotations of a body that ask
for their paragraph's platform ask of ~1,000 characters, which cost less to lower than the body's platform words do
to find (its whole length, once a word: 0.012 against 0.004 CPU-s over the bulk corpus's 1,199 calls); past it, the
words found once answer, which keeps a long paragraph with no line break linear."""

PLATFORM_WORDS: Final = platform_words()
"""Words (lower case, in order of preference) by which prose names the platform of a post."""


_WORD_BYTES: Final = bytes(
    byte + 32 if 65 <= byte <= 90 else byte if (chr(byte).isalnum() and byte < 128) or byte == 95 else 32
    for byte in range(256)
)
"""Bytes of UTF-8 text as words: ASCII letters in lower case, digits and ``_`` kept, everything else a space
(a non-ASCII letter splits a word, which only finds more words)."""


def words_of(text: str) -> list[bytes]:
    """The words of ``text`` (lower case, ASCII; see :data:`_WORD_BYTES`), as ``re.IGNORECASE`` folds them: a
    word that a pattern finds between ``\\b`` is among them.  The last text's are kept (the judge reads the
    sentences before a quotation for a posting cue, then for another medium): the list is shared, never to be
    changed."""
    last = _LAST_WORDS[0]
    if last[0] is text:
        return last[1]
    words = unfold(text).encode("utf-8", "surrogatepass").translate(_WORD_BYTES).split()
    _LAST_WORDS[0] = (text, words)
    return words


_LAST_WORDS: Final[list[tuple[str, list[bytes]]]] = [("", [])]
"""The last text :func:`words_of` read (the very object: ``is``, never ``==``) and its words."""


def word_bytes(text: str) -> bytes:
    """``text`` as one byte per character, each a word's byte as :func:`words_of` reads it or a space, so that
    ``word_bytes(text)[lo:hi].split() == words_of(text[lo:hi])`` at any offsets: made once per body, it answers
    for every window of it at the cost of a slice (a non-ASCII character is ``?``, a space, as its UTF-8 bytes
    are).  The last text's are kept, so that a body asked for again is not made again."""
    last = _LAST_WORD_BYTES[0]
    if last[0] is text:
        return last[1]
    spaced = unfold(text).encode("ascii", "replace").translate(_WORD_BYTES)
    _LAST_WORD_BYTES[0] = (text, spaced)
    return spaced


_LAST_WORD_BYTES: Final[list[tuple[str, bytes]]] = [("", b"")]
"""The last text :func:`word_bytes` read (the very object: ``is``, never ``==``) and its bytes."""


def platform_named(text: str) -> Platform | None:
    """The first of :data:`PLATFORM_WORDS` that ``text`` holds (in any case); ``X`` named as the network (``…in a
    post on X``: :mod:`reactions.parse.x_place`) is Twitter, the first of them."""
    lowered = text.lower()
    found = next((platform for word, platform in PLATFORM_WORDS if word in lowered), None)
    return Platform.TWITTER if found is not Platform.TWITTER and names_x(text) else found


def platforms_named(text: str) -> set[Platform]:
    """The networks ``text`` names (:data:`PLATFORM_WORDS`; an Instagram embed's ``A post shared by`` line, or an
    older one's ``A photo posted by``, names Instagram)."""
    lowered = text.lower()
    named = {platform for word, platform in PLATFORM_WORDS if word in lowered}
    embedded = any(line in lowered for line in _INSTAGRAM_LINES)
    return named | {Platform.INSTAGRAM} if embedded else named


_INSTAGRAM_LINES: Final = ("a post shared by", "a photo posted by", "a video posted by")


class WordIndex:
    """Whether windows of one body hold a word of one set, as :func:`words_of` reads them: ``WordIndex(body,
    words).holds(lo, hi)`` is ``not words.isdisjoint(words_of(body[lo:hi]))``.  The body is made bytes once
    (:func:`word_bytes`), so that a window costs a slice."""

    def __init__(self, body: str, words: frozenset[bytes]) -> None:
        self._padded = b" " + word_bytes(body)
        self._words = words
        self._openings = openings_pattern(words)
        self._next = (0, -1, -1)
        """The last search of :meth:`first_opening`: where it started, and the span it found (past the padded
        body's end when none)."""

    def holds(self, lo: int, hi: int) -> bool:
        """Whether ``words_of(body[lo:hi])`` holds one of the words."""
        return not self._words.isdisjoint(self._padded[lo + 1 : hi + 1].split())

    def words(self, lo: int, hi: int) -> list[bytes]:
        """``words_of(body[lo:hi])``, read from the body's bytes."""
        return self._padded[lo + 1 : hi + 1].split()

    def opens_any(self, lo: int, hi: int) -> bool:
        """Whether a word that starts in ``body[lo:hi]`` (cut at ``hi``) opens with one of the words: ``False``
        says that no window inside it that cuts no word at its start holds one, wherever its end cuts a word."""
        return finds(self._openings, self._padded, lo, hi + 1)

    def opens_with(self, word: bytes, lo: int, hi: int) -> bool:
        """Whether a word that starts in ``body[lo:hi]`` opens with ``word`` (one word, as :meth:`opens_any` reads)."""
        return self._padded.find(b" " + word, lo, hi + 1) >= 0

    def first_opening(self, lo: int, hi: int) -> int | None:
        """Where the first word that starts in ``body[lo:hi]`` and opens with one of the words (as
        :meth:`opens_any` finds them) starts, else ``None``.

        The search runs on to the body's end and its answer is kept: it answers every later window that starts
        at or after where it started and not past what it found (the quote finder asks line by line, in order: one
        search serves the lines up to the next opening, and no byte is read twice).  A window's end cuts the match
        found only when the match runs past it; then a shorter opening at the same place may still fit (``post``
        of ``posted``), and the window is searched itself (no later one can: the word fills the rest)."""
        since, start, end = self._next
        if not since <= lo <= start:
            found = first_span(self._openings, self._padded, lo, len(self._padded))
            start, end = found if found is not None else (len(self._padded) + 1, len(self._padded) + 1)
            self._next = (lo, start, end)
        if end <= hi + 1:
            return start  # the space before the word: its start in the body
        found = first_span(self._openings, self._padded, start, hi + 1) if start < hi else None
        return None if found is None else found[0]


class TextIndex:
    """Sentence ends and platform words of one body: a sentence's start found by searching back from its
    quotation for the marks a sentence's end opens with, platform words by one scan on first use."""

    def __init__(self, body: str) -> None:
        self.body = body
        self._lowered: array.array[int] | None = None
        self._words: dict[str, list[int]] = {}
        self._x_places: list[tuple[int, int]] = []
        self._last_end: tuple[int, int, tuple[int, int] | None] = (-1, 0, None)
        """The last far search of :meth:`sentence_start`: up to where it read, down to where, and the mark and end
        of the last sentence's end it found there (``None``: none)."""
        self._paragraph_asks = 0
        """How often :meth:`last_platform_in` was asked: past :data:`_ASKS_READ` the body's platform words serve."""

    def sentence_start(self, lo: int, at: int) -> int:
        """Where the last sentence's end in ``body[lo:at]`` ends (``lo`` when none does): what
        ``max(m.end() for m in SENTENCE_END_RE.finditer(body, lo, at))`` gives, without the scan, a title's stop
        left out (:func:`~reactions.parse.sentence_ends.abbreviation_stop`: ``Maryland Rep. Ann Lee tweeted``)."""
        # An end found in the whole body depends on at most the _END_REACH characters after its mark; a mark that
        # close to ``at`` is read as the scan stopping at ``at`` reads it.
        body = self.body
        tail = max(lo, at - _END_REACH)
        if not _ENDING.isdisjoint(body[tail:at]):
            ends = SENTENCE_END_RE.finditer(body, tail, at)
            near = [m.end() for m in ends if not abbreviation_stop(body, m.start(), m.end())]
            if near:
                return near[-1]
        # Before ``tail`` an end is one the whole body has: the last search's answer still holds for what it read,
        # so that quotations asked in order read only what lies between them (many in a sentence that never ends
        # would each read back to ``lo`` again: LOOK_BACK characters).
        upto, searched, found = self._last_end
        if upto == tail and searched == lo:  # asked again (a quotation's surroundings are made twice)
            return lo if found is None else found[1]
        if upto <= tail and searched <= lo <= upto:
            end = self._end_between(max(lo, upto), tail)
            if end is None:
                end = found if found is not None and found[0] >= lo else None
        else:
            end = self._end_between(lo, tail)
        self._last_end = (tail, lo, end)
        return lo if end is None else end[1]

    def _end_between(self, lo: int, hi: int) -> tuple[int, int] | None:
        """The mark and end of the last sentence's end (as the whole body has them) whose mark is in
        ``body[lo:hi]``, else ``None``."""
        # The marks are tried from the last back, each kind found by ``str.rfind`` (memrchr) from where it was last
        # found, so no character is read twice.  The rarer marks are looked for only down to the last full stop
        # (``floor``): one below it comes after it in the walk back, and is looked for (from the floor down to the
        # next full stop) only when that full stop ends no sentence.  Most stretches hold no ``!``, ``?`` or ``…``:
        # searched down to ``lo``, each would read the whole stretch.
        body = self.body
        stop = body.rfind(".", lo, hi)
        floor = stop if stop > lo else lo
        bang, ask, dots = body.rfind("!", floor, hi), body.rfind("?", floor, hi), body.rfind("…", floor, hi)
        while True:
            mark = max(stop, bang, ask, dots)
            if mark < 0:
                return None
            found = _END_MATCH(body, mark)
            if found is not None and not abbreviation_stop(body, mark, found.end()):
                return mark, found.end()
            char = body[mark]
            if char == ".":  # the floor moves down to the next full stop: the others' searches go on below it
                stop = body.rfind(".", lo, mark)
                below = stop if stop > lo else lo
                bang = body.rfind("!", below, floor) if bang < 0 else bang
                ask = body.rfind("?", below, floor) if ask < 0 else ask
                dots = body.rfind("…", below, floor) if dots < 0 else dots
                floor = below
            elif char == "!":
                bang = body.rfind("!", floor, mark)
            elif char == "?":
                ask = body.rfind("?", floor, mark)
            else:
                dots = body.rfind("…", floor, mark)

    def platform_in(self, lo: int, hi: int) -> Platform | None:
        """What :func:`platform_named` gives for ``body[lo:hi]``: from the slice itself when it is at most
        :data:`SLICED` characters long, else from the body's platform words found once."""
        if hi - lo <= SLICED:
            return platform_named(self.body[lo:hi])
        if not self._words:
            self._index_words()
        at = bisect.bisect_left(self._x_places, (lo,))  # X named as the network: Twitter, the first of them
        if at < len(self._x_places) and self._x_places[at][1] <= hi:
            return Platform.TWITTER
        low, high = (lo, hi) if self._lowered is None else (self._lowered[lo], self._lowered[hi])
        for word, platform in PLATFORM_WORDS:
            places = self._words[word]
            i = bisect.bisect_left(places, low)
            if i < len(places) and places[i] + len(word) <= high:
                return platform
        return None

    def last_platform_in(self, lo: int, hi: int) -> Platform | None:
        """What :func:`~reactions.parse.nearest_platform.last_platform_named` gives for ``body[lo:hi]``: the window
        lowered and read itself for the first :data:`_ASKS_READ` asks of a body, then from its platform words found
        once (:func:`~reactions.parse.nearest_platform.last_platform_placed`; not where lower-casing moves offsets)."""
        self._paragraph_asks += 1
        if self._paragraph_asks <= _ASKS_READ:
            return last_platform_named(self.body, lo, hi)
        if not self._words:
            self._index_words()
        if self._lowered is not None:
            return last_platform_named(self.body, lo, hi)
        return last_platform_placed(self.body, self._words, lo, hi)

    def _index_words(self) -> None:
        """Every place of each platform word in the lowered body, and where each body offset lands in it; every
        place where the body names ``X`` as the network (:data:`~reactions.parse.x_place.X_PLACE_RE`)."""
        body = self.body
        self._x_places = x_places(body)
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


class Surroundings:
    """The words around a quotation that say who wrote it where (for :mod:`reactions.parse.quotes`), each read
    when first asked."""

    __slots__ = ("_after", "_lead", "index", "match", "para", "start")

    def __init__(self, index: TextIndex, match: re.Match[str], floor: int = 0) -> None:
        body = index.body
        self.index = index
        self.match = match
        self.para = body.rfind("\n", max(0, match.start() - REACH), match.start()) + 1
        """Where its paragraph starts (the text's start when no line break is within reach)."""
        lo = max(0, match.start() - LOOK_BACK)
        paragraph = self.para or body.rfind("\n", lo, match.start()) + 1
        start = index.sentence_start(max(paragraph, lo), match.start())
        self.start = floor if start < floor <= match.start() else start
        """Where its sentence starts: never before its paragraph, however long (a sentence never crosses a line
        break; the paragraph's own start is looked for only so far back as the sentence is), nor before ``floor``
        (the end of a quotation before it in its sentence, whose lead-in is not this one's)."""
        self._lead: str | None = None
        self._after: str | None = None

    def cut_at(self, floor: int) -> None:
        """Start its lead-in at ``floor`` when that falls inside its sentence before it (the end of a quotation before
        it in its sentence, whose lead-in is not this one's): as made with ``floor``, its sentence not looked for
        again."""
        if self.start < floor <= self.match.start():
            self.start, self._lead = floor, None

    def lead_from(self, start: int) -> None:
        """Read its lead-in from ``start``, on a line above its own (a lead-in that ends in a colon above a quotation
        set as a paragraph of its own: :func:`reactions.parse.colon_lead.lead_above`)."""
        self.start, self._lead = start, None

    @property
    def lead(self) -> str:
        """Its sentence's words before it."""
        if self._lead is None:
            self._lead = self.index.body[self.start : self.match.start()]
        return self._lead

    @property
    def after(self) -> str:
        """Its sentence's words after it."""
        if self._after is None:
            body, at = self.index.body, self.match.end()
            if (closed := _CLOSED_RE.match(body, at - 2)) is not None:
                self._after = body[at : closed.end()]  # '"…tones."[40] Michael Starr …': the next sentence's
                return self._after
            stop = clause_stop(body, at, min(len(body), at + REACH))
            end = stop.end() if stop else min(len(body), at + REACH)
            line_end = body.find("\n", at, end)
            self._after = body[at : line_end if line_end >= 0 else end]
        return self._after

    @property
    def sentence(self) -> str:
        return f"{self.lead} {self.after}"

    @property
    def line(self) -> str:
        """The last line before its paragraph (lines of site furniture such as ``Also Read: …`` left out)."""
        lines = self.index.body[max(0, self.match.start() - REACH) : self.para].split("\n")
        return next((line for line in reversed(lines) if line.strip() and not line.startswith(FURNITURE)), "")

    @property
    def before(self) -> str:
        """The line before its paragraph and its paragraph's words before its sentence (at most
        :data:`~reactions.parse.sentences.LOOK_BACK` characters of them)."""
        lo = max(self.para, self.start - LOOK_BACK)
        line = [self.line] if lo == self.para else []
        return " ".join([*filter(None, line), self.index.body[lo : self.start]]).strip()

    @property
    def previous(self) -> str:
        """The two sentences before (in its paragraph and the paragraph before), at most :data:`PREVIOUS_REACH`
        characters of them; found only when asked."""
        before = self.before
        lo, last = max(0, len(before) - PREVIOUS_REACH), max(0, len(before) - 1)
        ends = _ends(before, max(lo, last - _TAIL), last)  # (a sentence end's match holds no other's start, so the
        if len(ends) < 2 and last - _TAIL > lo:  # last two found in the tail are the window's last two)
            ends = _ends(before, lo, last)
        if len(ends) >= 2:
            return before[ends[-2] :]
        return before[lo:] if not lo else before[lo:].split(" ", 1)[-1]  # (a word cut at the window's start: dropped)

    def platform(self) -> Platform | None:
        """The platform the sentence names, else the one its paragraph names last before it (:mod:`.nearest_platform`;
        a paragraph longer than its reach: the first platform of those named before)."""
        named = platform_named(self.sentence) or self.index.last_platform_in(self.para, self.start)
        return named or self.index.platform_in(self.para, self.start)


_ASKS_READ: Final = 16
"""How many of a body's quotations have their paragraph's last platform read from the window itself (a window of 2 KB
lowered costs less than finding the body's platform words, for an article's few; not for an article of hundreds)."""


def _ends(text: str, lo: int, hi: int) -> list[int]:
    """Where each sentence's end found in ``text[lo:hi]`` ends (none without a mark one opens with: a sentence with no
    end, each of whose quotations reads the window again, is not searched)."""
    if all(text.find(mark, lo, hi) < 0 for mark in _MARKS):
        return []
    return [match.end() for match in SENTENCE_END_RE.finditer(text, lo, hi)]


_MARKS: Final = (".", "!", "?", "…")
"""The marks a sentence's end opens with (:data:`_ENDING`), the commonest first."""


_TAIL: Final = 240
"""How far back :meth:`Surroundings.previous` first looks for the two sentence ends it needs (in a paragraph of
many short sentences, the reach's 800 characters hold dozens)."""

MUTED, QUIET, READ = 0, 1, 2
"""What :meth:`Silence.state` tells of a quotation."""


class Silence:
    """Quotations that the quote finder's cue check (``quotes._posting_cues``) gives ``None``, or whose lead-in it
    reads in vain, told line by line (for offsets asked in order) without finding a sentence.  A quotation whose
    mark follows neither a colon nor ``says``/``read(s)`` (lead-ins that need no cue word) and that starts at most
    :data:`LOOK_BACK` characters after its line's start (so a lead-in read from the line starts at its start or
    after a sentence's end, cutting no word) has no cue in its lead-in when no word from the line's start to the
    quotation opens with one of the cue words, and none at all when no word does from the line's start to 162
    characters after it (its 160 after the closing mark and a comma; a word cut short there opens with the cue word
    it is cut to).  The quote finder has a body's candidates told in one pass (:mod:`~reactions.parse.live_quotes`,
    checked against :meth:`state`)."""

    def __init__(self, body: str, cues: WordIndex) -> None:
        self._body = body
        self._cues = cues
        self._start = 0
        self._end = -1
        self._first: int | None = -1
        """Where the line's first word opening with a cue word starts (up to 162 characters past the line), ``None``
        when none does; -1 until a quotation on the line asks."""

    def mutes(self, start: int, end: int) -> bool:
        """Whether the quotation ``body[start:end]`` (on one line) has no posting cue, by its line's words."""
        return self.state(start, end) == MUTED

    def lead_quiet(self, start: int) -> bool:
        """Whether the lead-in of the quotation at ``start`` (whose line :meth:`mutes` read) holds no posting cue and
        needs none: no word opening with a cue word from its line's start to it."""
        return self.state(start, start + 1) != READ  # a muted quotation's lead-in is quiet too

    def state(self, start: int, end: int) -> int:
        """:data:`MUTED`, :data:`QUIET` (its lead-in holds no posting cue and needs none: only an attribution after
        it can count) or :data:`READ`, for the quotation ``body[start:end]`` (on one line)."""
        if start > self._end:
            self._read(start)
        if start - self._start > LOOK_BACK or not self._plain_lead(start):
            return READ
        first = self._first
        if first == -1:
            first = self._first = self._cues.first_opening(self._start, min(len(self._body), self._end + 162))
        if first is None or end + 162 <= first:
            return MUTED
        return QUIET if first > start else READ

    def _read(self, at: int) -> None:
        body = self._body
        self._start = body.rfind("\n", 0, at) + 1
        found = body.find("\n", at)
        self._end = len(body) if found < 0 else found
        self._first = -1

    def _plain_lead(self, start: int) -> bool:
        """Whether the quotation mark at ``start`` follows neither a colon (then only spaces) on its line nor
        ``says``/``read(s)``: its lead-in needs a cue word to count (each space before a mark is read once)."""
        body = self._body
        at = start - 1
        while at >= self._start and body[at].isspace():
            at -= 1
        if at < self._start:
            return True  # only spaces before it on its line: no colon, and no word for ``says`` to be
        last = body[at]  # ``says``/``read(s)`` ends in s or d (in any case, ſ for s), or a comma stands after it
        return last != ":" and (last not in "sSſdD," or not families.says_led(body, start))
