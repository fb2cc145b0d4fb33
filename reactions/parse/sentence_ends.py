"""Where a sentence ends; a title's abbreviated stop ends none (``"…," New Jersey Gov. Phil Murphy tweeted``).

:data:`SENTENCE_END_RE` finds a sentence's end (a stop, not after a lone capital: ``E! News``, ``U.S.``).

The words after a quotation are read up to their sentence's end.  A title abbreviated with a full stop (``Gov.``,
``Sen.``, ``Rep.``, ``Mr.``, ``Dr.``) before the name it belongs to (a word in capitals) ends no sentence; read as
an end, it cuts the attribution before its verb (the quotation is lost: ``"…," Mr. Hancock tweeted``) or before the
name (``"…" tweeted Michigan Gov.``).  After a preposition the titled name is the verb's object (``"…," Carney tweeted
at Sen. Bernie Sanders on Wednesday``), which the attribution need not read: the stop is left an end there, as it
is after ``Jr.`` (the name before it is not read whole either way).

>>> body = '"We will," New Jersey Gov. Phil Murphy tweeted. Then more.'
>>> abbreviation_stop(body, body.index("."), body.index(".") + 1)
True
>>> body = '"We will," she tweeted. Gov. Murphy agreed.'
>>> abbreviation_stop(body, body.index("."), body.index(".") + 1)
False
>>> body = '"We will," he tweeted at Sen. Bernie Sanders.'
>>> abbreviation_stop(body, body.index("."), body.index(".") + 1)
False

Pure functions; :func:`abbreviation_stop` in constant time (a look of a few characters either side of a full stop),
:func:`clause_stop` linear in the stretch it searches.
"""

from __future__ import annotations

import re
from typing import Final

from reactions.parse.month_stops import month_stop
from reactions.parse.party_tags import closes_tag

__all__ = ["SENTENCE_END_RE", "TITLES", "abbreviation_stop", "clause_stop"]

SENTENCE_END_RE: Final = re.compile(r"[.!?…](?<!\b[A-Z][.!?…])[\"”’)]?(?:\[\d{1,3}\])?(?=[ \t\n]|$)")
"""A sentence's end (not after a lone capital: ``E! News``, ``U.S.``), with a citation mark after it when there is
one (Wikipedia's ``…years ago."[26] He``)."""
_TITLE_WORDS: Final = (
    "mr mrs ms dr gov sen rep reps sens lt gen col capt sgt cpl adm maj cmdr prof rev atty supt amb hon insp"
)
TITLES: Final = frozenset(_TITLE_WORDS.split())
"""Titles written before a name, abbreviated with a full stop (lower case, without it)."""
_TITLE_SIZES: Final = tuple(sorted({len(title) for title in TITLES}, reverse=True))
"""The lengths of the titles, longest first: the letters right before a full stop are looked up, each length once."""
_PREPOSITION_WORDS: Final = "at to with by for from of about on in into against toward towards"
_PREPOSITIONS: Final = frozenset(_PREPOSITION_WORDS.split())
"""Words after which a titled name is an object, not an author (``tweeted at Sen. Sanders``)."""
_WORD_RE: Final = re.compile(r"[A-Za-z]{1,12}[ \t]{1,3}\Z")


def abbreviation_stop(body: str, at: int, end: int) -> bool:
    """Whether the full stop at ``body[at]`` (a sentence's end as found, running to ``end``) ends a title before a
    name (``Gov. Phil``): no sentence's end."""
    if body[end - 1 : end] == ")" and closes_tag(body, end):
        return True  # "…," Sen. Marco Rubio (R-Fla.) tweeted: a state's stop in a party tag (party_tags)
    if body[at] != "." or end != at + 1 or body[end : end + 1] != " " or not body[end + 1 : end + 2].isupper():
        return body[at] == "." and month_stop(body, at, end)  # ``tweeted on Oct. 29, writing:`` (month_stops)
    for size in _TITLE_SIZES:  # (a capital first, then the slice looked up: no search)
        if body[at - size : at - size + 1].isupper() and body[at - size : at].lower() in TITLES:
            break
    else:
        return False
    start = at - size
    if start and (body[start - 1].isalnum() or body[start - 1] in "._"):
        return False
    before = _WORD_RE.search(body, max(0, start - 16), start)
    return before is None or before[0].rstrip().lower() not in _PREPOSITIONS


def clause_stop(body: str, pos: int, limit: int) -> re.Match[str] | None:
    """The first sentence end (:data:`SENTENCE_END_RE`) in ``body[pos:limit]`` that is no abbreviation's full stop
    (:func:`abbreviation_stop`: ``"…," Gov. Phil Murphy tweeted``), or None."""
    stop = SENTENCE_END_RE.search(body, pos, limit)
    while stop is not None and abbreviation_stop(body, stop.start(), stop.end()):
        stop = SENTENCE_END_RE.search(body, stop.end(), limit)
    return stop
