"""The two sentences before a quotation, read for a posting cue or another medium only when they may hold one.

The quote finder's judge reads the sentences before a quotation whose own sentence names no post
(:attr:`~reactions.parse.sentences.Surroundings.previous`): does it say the words were posted
(:func:`~reactions.parse.post_cues.posted_before`), or put them in another medium
(:func:`~reactions.parse.post_cues.other_medium`)?  Each reading takes their words first, and answers no when they hold
none of the words its patterns need.  In a sentence that never ends (quotations back to back joined by semicolons or
``and``: ``…; fans commented: "…"; fans commented: "…"``) those sentences are the
:data:`~reactions.parse.sentences.PREVIOUS_REACH` characters before each quotation, read again for every quotation.

Here the body's words answer instead: when the sentences before are a stretch of the body that cuts no word at its
start, and no word in it opens with one of the words a reading needs (:meth:`~reactions.parse.sentences.WordIndex.
first_opening`, whose last search answers the next stretches asked in order), the reading's answer is no, found
without reading them.  Otherwise they are read as before.  ``tests/test_previous_reads.py`` checks both answers
against the readings of the text.

>>> import re
>>> from reactions.parse.sentences import TextIndex
>>> body = 'Ann Lee posted; fans commented: "Hi yo"; fans commented: "So good"'
>>> quotation = re.search('"So good"', body)
>>> context = Surroundings(TextIndex(body), quotation, quotation.start() - 17)
>>> posted_before_quotation(context, context.previous, True), other_medium_before(context, context.previous)
(False, False)
"""

from __future__ import annotations

from typing import Final

from reactions.parse.post_cues import (
    MEDIUM_WORDS,
    PICTURE_WORDS,
    POSTED_CONTEXT_WORDS,
    other_medium,
    posted_before,
    written_in_a_title,
)
from reactions.parse.press_questions import PRESS_WORDS
from reactions.parse.sentences import Surroundings, TextIndex, WordIndex

__all__ = ["READ_ITSELF", "in_a_word", "other_medium_before", "posted_before_quotation"]

_NEEDS: Final = POSTED_CONTEXT_WORDS | PICTURE_WORDS | frozenset({b"followers"}) | MEDIUM_WORDS | PRESS_WORDS
"""Words one of which a reading needs: :func:`~reactions.parse.post_cues.posted_before` the posted-context pattern's,
``followers`` or (for a verb of writing: ``She posted a photo.``) a picture's; :func:`~reactions.parse.post_cues.
other_medium` another medium's or the press's.  One set for both: the body's words are indexed once, and a stretch
asked of twice is found once."""


def posted_before_quotation(context: Surroundings, previous: str, picture: bool) -> bool:
    """``posted_before(previous, picture)``, where ``previous`` is ``context.previous``: no without reading its words
    when the body's say it holds none of :data:`_NEEDS`."""
    return not _holds_none(context, previous) and posted_before(previous, picture)


def other_medium_before(context: Surroundings, previous: str) -> bool:
    """``other_medium(previous)``, where ``previous`` is ``context.previous``: when the body's words say it holds none
    of :data:`_NEEDS`, only a title written in (``wrote in Vogue``) is looked for, as ``other_medium`` looks."""
    if not _holds_none(context, previous):
        return other_medium(previous)
    return " in " in previous and ("wr" in previous or "penned" in previous) and written_in_a_title(previous)


def _holds_none(context: Surroundings, previous: str) -> bool:
    """Whether ``previous`` is a stretch of the body (up to where its quotation's lead-in starts, its trailing spaces
    left out) that cuts no word at its start and in which no word opens with one of :data:`_NEEDS`: then none of its
    words (:func:`~reactions.parse.sentences.words_of`) is one of them.  ``False`` says nothing.  The last stretch's
    answer is kept (its quotation's surroundings and the stretch, the very objects, ``is``): the judge asks it for
    both readings."""
    if len(previous) < READ_ITSELF:
        return False
    asked = _ASKED[0]
    if asked[0] is context and asked[1] is previous:
        return asked[2]
    none = _stretch_holds_none(context, previous)
    _ASKED[0] = (context, previous, none)
    return none


READ_ITSELF: Final = 300
"""Sentences before shorter than this are read themselves (a few words cost less to read than the index to ask): the
index answers for the long stretch of a sentence that never ends."""
_ASKED: Final[list[tuple[Surroundings | None, str, bool]]] = [(None, "", False)]
"""The last surroundings and stretch :func:`_holds_none` was asked of, and its answer."""


def _stretch_holds_none(context: Surroundings, previous: str) -> bool:
    """:func:`_holds_none`'s reading of the body's words."""
    body, end = context.index.body, context.start
    while end and body[end - 1].isspace():
        end -= 1
    start = end - len(previous)
    if not previous or start < 0 or not body.startswith(previous, start):
        return False
    if start and in_a_word(body[start - 1]) and in_a_word(previous[0]):
        return False  # (a stretch that starts inside a word: its opening is no word of the body's)
    return _index(context.index).first_opening(start, end) is None


def in_a_word(char: str) -> bool:
    """Whether ``char`` is part of a word as :func:`~reactions.parse.sentences.word_bytes` reads it: an ASCII letter
    or digit, ``_``, or a letter ``re.IGNORECASE`` takes for an ASCII one (:func:`~reactions.parse.folding.unfold`)."""
    return (char.isascii() and (char.isalnum() or char == "_")) or char in "\u0130\u0131\u017f\u212a"


def _index(index: TextIndex) -> WordIndex:
    """The body's :class:`WordIndex` of :data:`_NEEDS`, made once for the last body asked of (``index``: the very
    object)."""
    last = _LAST[0]
    if last is None or last[0] is not index:
        last = _LAST[0] = (index, WordIndex(index.body, _NEEDS))
    return last[1]


_LAST: Final[list[tuple[TextIndex, WordIndex] | None]] = [None]
"""The last body's :class:`~reactions.parse.sentences.TextIndex` asked of, and its word index."""
