"""Cue words that can make a quotation a post only with a companion: what the prefilter asks of each cue word it
finds in a quotation's sentence (:func:`reactions.parse.prefilter.may_hold_reactions`) before it counts it.

The quote finder (:mod:`reactions.parse.quotes`) judges a quotation a post by its attribution's verb and by what
its patterns read around it; a word of the prefilter's ``WORDS`` in a quotation's sentence is what every such
judgement needs, but some of those words say *posted* in no pattern on their own:

=====================================  ===========================================================================
word                                   what it needs, read from the patterns that hold it
=====================================  ===========================================================================
``story``, ``post``, ``caption``,      a determiner before it, at most three words back on its line
``selfie``, ``snap``, ``thread`` (and  (``post_cues.POST_CUE_RE``, ``post_cues.POSTED_CONTEXT_RE``, ``_OWN_POST_RE``,
their plurals the quote finder reads   ``posted.IN_POST_RE``, ``POST_SAYS_RE``: ``her latest post``, ``the
as no verb)                            Instagram story``)
``social``                             ``media`` after it (``social media``, ``social-media``)
``x``                                  ``on``, ``to``, ``via``, ``across``, ``onto``, ``used``, ``using`` or a
                                       possessive before it (``on X``, ``took to X``, ``via his X``)
``alongside``                          a picture after it (``alongside a photo``)
a writing verb (``wrote``,             a poster on its line (``authors.POSTERS``: ``a fan``, ``one user``), or a
``shared``, …)                         word that says posted in the stretch the two sentences before its
                                       quotation come from (``quotes._judge``: ``here``, the sentence's own
                                       patterns, is another cue word of the sentence, counted on its own)
=====================================  ===========================================================================

Every other cue word (a posting verb, a platform, ``tweet``, ``deleted``) counts on its own.  The lead-ins the
prefilter reads apart (after a colon or ``says``) are not asked here.  Each check reads a few words next to the
cue on its line, bounded, with runs of spaces read once each; the writing verbs' stretch once a line.  Whether a
cue word stands in a quotation's sentence at all is :class:`Sentences`'s to tell.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from typing import Final

from reactions.parse.authors import POSTERS, REACH
from reactions.parse.folding import unfold
from reactions.parse.networks import prose_words
from reactions.parse.quotes import WRITING_VERBS
from reactions.parse.sentences import LOOK_BACK, SENTENCE_END_RE
from reactions.parse.wordscan import holds_word, words_in

__all__ = [
    "CONTEXT_WORDS", "NEEDS_COMPANION", "PLACED", "SAID_WORDS", "Ends", "Sentences", "context_cue", "counts_alone",
    "cut_context", "fold", "has_companion", "word_char", "writing_counts",
]  # fmt: skip

DETERMINED: Final = frozenset(b"story storys post caption selfie selfies snap snaps thread".split())
"""Words that count only after a determiner (:data:`DETERMINERS`)."""
DETERMINERS: Final = frozenset({
    "a", "an", "her", "his", "their", "the", "its", "that", "this", "another", "subsequent", "latest", "new", "recent",
    "separate", "one",
})  # fmt: skip
"""Every determiner of the patterns that read :data:`DETERMINED` before it."""
X_BEFORE: Final = frozenset({"on", "to", "via", "across", "onto", "used", "using", "his", "her", "their", "its"})
"""What stands before ``x`` in every pattern that reads it as the network."""
PICTURES: Final = ("photo", "pictur", "pic", "image", "video", "clip", "selfie", "snap", "shot")
"""Openings of the pictures ``alongside`` needs (``post_cues.POST_CUE_RE``), looked for inside words."""
WRITING: Final = frozenset(verb.encode() for verb in WRITING_VERBS)
"""The writing verbs (``quotes.WRITING_VERBS``): a post only with a poster, a post named or one before."""
POSTER_WORDS: Final = frozenset(word.encode() for word in POSTERS)
NEEDS_COMPANION: Final = DETERMINED | WRITING | {b"social", b"x", b"alongside"}
"""Every word this module may refuse to count."""
_SPACES: Final = " \t"
_BREAKS: Final = " \t\n"
_TOKENS: Final = 4
"""A determiner and at most three words between it and the word (``_OWN_POST_RE`` reads three)."""


CONTEXT_WORDS: Final = frozenset(
    b"tweet tweets tweeted tweeting retweet retweets retweeted retweeting twitter instagram facebook tiktok snapchat "
    b"threads bluesky mastodon social x post posts caption captions selfie selfies thread deleted".split()
) | prose_words()
"""The whole words of ``post_cues.POSTED_CONTEXT_RE``, read in the two sentences before a quotation (a word cut
at the stretch's start is cut there alike in both)."""
SAID_WORDS: Final = CONTEXT_WORDS | frozenset({b"posted", b"shared"})
"""What the two sentences before a quotation after ``It says,`` may hold to make it a post: :data:`CONTEXT_WORDS`
and the verbs of ``posted.POSTED_PICTURE_RE`` (``quotes._post_says``)."""
_LONGEST: Final = max(map(len, SAID_WORDS))
_HEAD_RE: Final = re.compile(rf"\w{{1,{_LONGEST + 1}}}")


def context_cue(body: str, spaced: bytes, start: int, end: int, words: frozenset[bytes] | None = None) -> bool:
    """Whether ``body[start:end]`` (before lead-ins' colons) holds one of :data:`CONTEXT_WORDS` (or ``words``) that
    the quote finder may read as saying the quotation was posted (``spaced``: the body's word bytes)."""
    context = words_in(words or CONTEXT_WORDS, spaced, start, end)  # the words of body[start:end] among them
    if not context:
        return False
    segment = fold(body[start:end])
    cues = tuple(word.decode() for word in context if word != b"x")
    return any(
        cue not in PLACED or _placed(segment, at, cue, cut=start > 0)
        for cue, at in _cues_in(segment, cues, x=b"x" in context)
    )


def cut_context(body: str, start: int, words: frozenset[bytes] | None = None) -> bool:
    """Whether the quote finder's stretch before a quotation, starting at ``start``, starts inside a word
    whose rest is one of :data:`CONTEXT_WORDS` (or ``words``; ``antisocial`` read as ``social``)."""
    if not start or not word_char(body, start - 1) or not word_char(body, start):
        return False
    rest = _HEAD_RE.match(body, start)
    if rest is None or len(rest.group()) > _LONGEST:
        return False
    return fold(rest.group()).encode() in (words or CONTEXT_WORDS)

def _cues_in(segment: str, cues: tuple[str, ...], *, x: bool = True) -> Iterator[tuple[str, int]]:
    """Each of ``cues`` in ``segment`` (folded) with its offset, and, when ``x``, each ``x`` standing alone."""
    for cue in cues:
        at = segment.find(cue)
        while at >= 0:
            yield cue, at
            at = segment.find(cue, at + 1)
    at = segment.find("x") if x else -1
    while at >= 0:
        if not word_char(segment, at - 1) and not word_char(segment, at + 1):
            yield "x", at
        at = segment.find("x", at + 1)


PLACED: Final = frozenset({"x", "social", "twitter", "instagram", "facebook", "tiktok", "snap", "bluesky", "mastodon"})
"""Context cues that say a quotation was posted only after ``on``/``to``/``via``/``across``/``onto`` (and a
possessive), or, for ``social``, as ``social media users``."""
_PLACES: Final = ("on", "to", "via", "across", "onto", "his", "her", "their", "its")
_GAP_RE: Final = re.compile(r"[ \t]{1,3}")


def _placed(segment: str, at: int, cue: str, *, cut: bool) -> bool:
    """Whether the context cue at ``segment[at:]`` may be read as ``on Twitter`` / ``social media users``; a
    cue that starts a line (or the segment, when ``cut`` there) or, for ``social``, ends one counts (the quote
    finder may join lines)."""
    gap = at
    while gap > 0 and segment[gap - 1] in " \t" and at - gap < 3:
        gap -= 1
    if (gap == 0 and cut) or (gap and segment[gap - 1] == "\n") or (gap < at and segment.endswith(_PLACES, 0, gap)):
        return True
    if cue != "social":
        return False
    after = at + len(cue)
    space = _GAP_RE.match(segment, after)
    if space is None:
        return after >= len(segment) or segment[after] == "\n"
    media = space.end()
    if not segment.startswith("media", media):
        return media >= len(segment) or segment[media] == "\n"
    space = _GAP_RE.match(segment, media + 5)
    if space is None:
        return media + 5 >= len(segment) or segment[media + 5] == "\n"
    return segment.startswith("user", space.end())


def counts_alone(word: bytes) -> bool:
    """Whether the cue word ``word`` (word bytes) counts without a companion."""
    return word not in NEEDS_COMPANION


def has_companion(body: str, at: int, word: bytes) -> bool:
    """Whether the cue word ``word`` at ``body[at:]`` (not a writing verb: see :func:`writing_counts`) has the
    companion it needs on its line."""
    if word in DETERMINED:
        return at > 0 and body[at - 1] in _SPACES and any(token in DETERMINERS for token in _words_before(body, at))
    if word == b"social":
        return fold(body[at + 6 : at + 16]).lstrip(" \t-").startswith("media")
    if word == b"x":
        return any(token in X_BEFORE for token in _words_before(body, at)[:2])
    if word == b"alongside":
        return _picture_after(body, at + len(word))
    return True


def writing_counts(body: str, spaced: bytes, marks: list[int], line: tuple[int, int], last: int) -> bool:
    """Whether a writing verb on ``line`` (``body[line[0]:line[1]]``), the last at ``last``, may be judged a post's
    (``spaced``: the body's word bytes; ``marks``: the quotation marks on the line): a poster on the line, or a
    context word in the stretch the two sentences before its quotation are read from (``quotes._judge``'s
    ``previous``: within :data:`~reactions.parse.authors.REACH` before a quotation when its line starts that near,
    else within :data:`~reactions.parse.sentences.LOOK_BACK` before its sentence, which may cut a word: a line that
    long that far into the text counts), up to ``last``; a word cut where it starts counts as its rest."""
    line_start, line_end = line
    if holds_word(POSTER_WORDS, spaced, line_start, line_end):
        return True
    if line_end - line_start >= REACH and line_end > LOOK_BACK:
        return True
    lo = max(0, line_start - REACH) if line_end - line_start < REACH else 0
    if context_cue(body, spaced, lo, last, SAID_WORDS) or cut_context(body, lo, SAID_WORDS):
        return True
    return any(mark > REACH and cut_context(body, mark - REACH, SAID_WORDS) for mark in marks)


def _words_before(body: str, at: int) -> list[str]:
    """The last word characters (folded) of each of the four runs of characters other than spaces and tabs
    before ``at`` on its line, nearest first (``x-the`` gives ``the``: a pattern's ``\\b`` finds it there); a run
    longer than any word the patterns read ends them."""
    words: list[str] = []
    end = at
    while len(words) < _TOKENS:
        while end > 0 and body[end - 1] in _SPACES:
            end -= 1
        start = end
        while start > 0 and body[start - 1] not in _BREAKS and end - start <= 40:
            start -= 1
        if start == end:
            break  # the line's start
        token = fold(body[start:end])
        tail = len(token)
        while tail > 0 and (token[tail - 1].isalnum() or token[tail - 1] == "_"):
            tail -= 1
        words.append(token[tail:])
        if start > 0 and body[start - 1] not in _BREAKS:
            break
        end = start
    return words


def _picture_after(body: str, at: int) -> bool:
    """Whether one of :data:`PICTURES` stands inside one of the three runs of characters after ``at`` on its line."""
    start, size = at, len(body)
    for _ in range(3):
        while start < size and body[start] in _SPACES:
            start += 1
        end = start
        while end < size and body[end] not in _BREAKS and end - start <= 40:
            end += 1
        if end == start:
            return False
        if any(picture in fold(body[start:end]) for picture in PICTURES):
            return True
        start = end
    return False


def word_char(text: str, at: int) -> bool:
    """Whether ``text[at]`` is a character ``\\w`` matches (``False`` outside the text)."""
    if at < 0 or at >= len(text):
        return False
    char = text[at]
    return char.isalnum() or char == "_"


def fold(text: str) -> str:
    """``text`` in lower case, as ``re.IGNORECASE`` compares ASCII letters, with its offsets kept."""
    return unfold(text).lower()


class Sentences:
    """Whether a word may stand in a quotation's sentence (as :class:`reactions.parse.sentences.Surroundings` cuts
    it), asked at growing offsets (linear time): before a later mark on its line with no sentence's end between,
    or after the nearest mark before it, on its line, within :data:`~reactions.parse.authors.REACH` characters and no
    sentence's end between."""

    def __init__(self, body: str, marks: list[int]) -> None:
        self._marks = marks
        self._lead = Ends(body)
        self._after = Ends(body)

    def hold(self, at: int) -> bool:
        marks = self._marks
        i = bisect.bisect_right(marks, at)
        if i < len(marks):
            end, line_end = self._lead.first(at)
            if marks[i] <= min(end, line_end):  # a mark after the sentence's end: the quote finder sees it too
                return True
        if i and marks[i - 1] >= at - REACH - 1:
            mark = marks[i - 1]
            end, line_end = self._after.first(mark + 1)
            return at < min(end, line_end, mark + 1 + REACH)
        return False


class Ends:
    """The first sentence's end at or after an offset on its line, asked at growing offsets: no text is scanned
    twice (the answer for any offset up to the last end found is that end)."""

    def __init__(self, body: str) -> None:
        self._body = body
        self._from = self._start = self._end = self._line_end = -1

    def first(self, at: int) -> tuple[int, int]:
        """``(end, line_end)``: where the first sentence's end at or after ``at`` ends (the line's end when
        none does), and where ``at``'s line ends."""
        body = self._body
        if at > self._line_end:
            found = body.find("\n", at)
            self._line_end = len(body) if found < 0 else found
            self._from = self._start = -1
        if not self._from <= at <= self._start:
            found_end = SENTENCE_END_RE.search(body, at, self._line_end)
            self._from = at
            self._start, self._end = (found_end.start(), found_end.end()) if found_end else (self._line_end,) * 2
        return self._end, self._line_end
