"""A post quoted whole after ``that``: ``Dr. Lee tweeted that "There is no evidence this drug works."``

Reported speech quotes pieces: ``…tweeted that the epidemic "needs…"``, ``…tweeted that "our position remains
unchanged," saying…``, and the quote finder takes none of them for a post.  A quotation that opens right after
a verb of posting and ``that`` (``tweeted that``, ``writing that``, ``shared that``; not ``added that`` nor
``confessed that``, which report speech in the reporter's words: ``…added that "neither did he have…"``) and runs
past a phrase (more than :data:`PHRASE` words), closing its sentence or clause (a stop or comma
inside or right after its closing mark, or the line's end), is the post's own words, as it is after ``wrote on
Twitter that`` (where a phrase of that length is already a post): the sentence says only that it was posted.  A
quotation the sentence goes on after (``…shared that "so many people in the business" heard the call``) stays a
piece of the reporter's sentence.

>>> import re
>>> body = 'Dr. Lee tweeted that "There is no evidence that this drug works at all." More.'
>>> whole_after_that(body[: body.index('"')], re.search(r'"[^"]*"', body))
True
>>> body = 'Lee shared that "so many people in the business" heard the call.'
>>> whole_after_that(body[: body.index('"')], re.search(r'"[^"]*"', body))
False

Pure functions; constant time (the lead-in's last word, the quotation's word count and two characters).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["PHRASE", "whole_after_that"]

PHRASE: Final = 6
"""How many words a quoted phrase of reported speech has at most (``…wrote on Twitter that he was "terribly sad"``;
the dev set's labels leave such phrases out and keep longer ones)."""
_CLOSERS: Final = frozenset(".,!?;:…")
"""Marks that close a sentence or a clause."""
_WORD_RE: Final = re.compile(r"\S+")
_POSTED_THAT_RE: Final = re.compile(r"\b(?:tweet|retweet|post|wrote|writ|shar|caption)[a-z]{0,4}[ \t]that[ \t]\Z", re.I)
"""A verb of posting and ``that`` ending a lead-in (``tweeted that``, ``writing that``, ``shared that``)."""


def whole_after_that(lead: str, match: re.Match[str]) -> bool:
    """Whether the quotation ``match`` (its marks included), after the lead-in ``lead`` (its sentence's words
    before it, as written), is quoted whole right after ``that`` (see the module)."""
    if not lead.endswith(" that ") or _POSTED_THAT_RE.search(lead, max(0, len(lead) - 20)) is None:
        return False
    quoted = match.group()
    if len(_WORD_RE.findall(quoted, 0, 400)) <= PHRASE:
        return False
    after = match.string[match.end() : match.end() + 1]
    return quoted[-2:-1] in _CLOSERS or after in _CLOSERS or after in ("", "\n")
