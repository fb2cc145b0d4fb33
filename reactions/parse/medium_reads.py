"""Whether a quotation's own lead-in or sentence puts it in another medium, answered from the body's words in an
article of many quotations.

The quote finder's judge asks :func:`~reactions.parse.post_cues.other_medium` of every attributed quotation's lead-in
(its attribution's words) and of its sentence.  In an article of quotations back to back with no sentence end
(``…; fans wrote: "…"; fans wrote: "…"``) each lead-in runs back over the quotations before it
(:data:`~reactions.parse.exchanges.LEAD_QUOTATIONS`), and its words are read again for each quotation.

Here the body's words answer instead, once an article has asked :data:`ASKS_READ` times: when the text asked of is
a stretch of the body (the lead-in as read or with its trailing spaces left out, or the sentence: the lead-in, a
space, the words after the quotation) that cuts no word at its start, and no word in it opens with one of the words
``other_medium`` needs (:meth:`~reactions.parse.sentences.WordIndex.first_opening`, whose last search answers the next
stretches asked in order), only a title written in (``wrote in Vogue``) is looked for, as ``other_medium`` looks.
Otherwise the text is read as before.  ``tests/test_medium_reads.py`` checks both answers against the reading of the
text.

>>> import re
>>> from reactions.parse.sentences import TextIndex
>>> body = '; fans wrote: "Hi yo"' * 40
>>> index = TextIndex(body)
>>> quotations = list(re.finditer('"[^"]*"', body))
>>> [medium_in(Surroundings(index, quotation), ' fans wrote: ') for quotation in quotations][-1]
False
"""

from __future__ import annotations

from typing import Final

from reactions.parse.post_cues import MEDIUM_WORDS, other_medium, written_in_a_title
from reactions.parse.press_questions import PRESS_WORDS
from reactions.parse.previous_reads import in_a_word
from reactions.parse.sentences import Surroundings, TextIndex, WordIndex

__all__ = ["ASKS_READ", "READ_ITSELF", "medium_in"]

_NEEDS: Final = MEDIUM_WORDS | PRESS_WORDS
"""The words one of which ``other_medium`` needs before it searches its patterns: another medium's or the press's."""
ASKS_READ: Final = 16
"""How many asks of one body read their text themselves: an article's few quotations cost less to read than the
body's words to index."""
READ_ITSELF: Final = 60
"""Texts shorter than this are read themselves (a few words cost less to read than the index to ask)."""


def medium_in(context: Surroundings, text: str, *, press: bool = True, lead: bool = True) -> bool:
    """``other_medium(text, press=press)``, where ``text`` is the lead-in of ``context``'s quotation (as read, or its
    trailing spaces left out) or its sentence: from the body's words when they say it holds none of :data:`_NEEDS`.
    ``lead=False``: ``text`` is neither (the clause after the quotation), and is read itself."""
    index = _index(context.index) if lead and len(text) >= READ_ITSELF else None
    if index is None or not _holds_none(context, index, text):
        return other_medium(text, press=press)
    return " in " in text and ("wr" in text or "penned" in text) and written_in_a_title(text)


def _holds_none(context: Surroundings, index: WordIndex, text: str) -> bool:
    """Whether ``text`` is the lead-in of ``context``'s quotation or its sentence, cuts no word at its start, and no
    word of it opens with one of :data:`_NEEDS` by the body's words (``index``).  ``False`` says nothing."""
    lead, start = context.lead, context.start
    body = context.index.body
    if start and in_a_word(body[start - 1]) and in_a_word(body[start]):
        return False  # (a stretch that starts inside a word: its opening is no word of the body's)
    if len(text) <= len(lead):
        return lead.startswith(text) and index.first_opening(start, start + len(text)) is None
    after = context.after  # (the sentence: the lead-in, a space, the words after the quotation)
    if len(text) != len(lead) + 1 + len(after) or text[len(lead)] != " " or not text.startswith(lead):
        return False
    end = context.match.end()
    return text.endswith(after) and index.first_opening(start, start + len(lead)) is None and (
        index.first_opening(end, end + len(after)) is None)


def _index(index: TextIndex) -> WordIndex | None:
    """The body's :class:`WordIndex` of :data:`_NEEDS` (``index``: the very object), past its first
    :data:`ASKS_READ` asks; ``None`` before.  What is kept is replaced whole, never changed in place: a thread that
    parses another body meanwhile (a Dask worker's threads) cannot give this body that body's words."""
    last = _LAST[0]
    asked, asks, words = last if last[0] is index else (index, 0, None)
    asks += 1
    if asks > ASKS_READ and words is None:
        words = WordIndex(index.body, _NEEDS)
    _LAST[0] = (asked, asks, words)
    return words if asks > ASKS_READ else None


_LAST: Final[list[tuple[TextIndex | None, int, WordIndex | None]]] = [(None, 0, None)]
"""The last body asked of (its :class:`TextIndex`, the very object), how often, and its word index once made."""
