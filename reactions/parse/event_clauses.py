"""A clause of time after a verb of posting: the event it names is no medium of the post.

:func:`reactions.parse.post_cues.other_medium` puts a quotation in another medium when its attribution names one (a
lawsuit, a statement, an interview).  A post is often dated by an event that names such a word::

    "…," one of the brand's fans posted on Facebook after the regulator announced its lawsuit.
    "…," she tweeted on Monday, days before the court hearing.

The lawsuit and the hearing are when the post was made, not where its words were: once a verb of posting (or of
writing or saying on a network) has been read, a clause that opens with ``after``, ``before``, ``following``,
``since`` or ``until`` is blanked out (its length kept) up to the clause's end, so the attribution's other words
decide.  The medium of the words themselves stays (``she said in an interview after the post``, ``he wrote in a
lawsuit filed before he tweeted``: their medium comes before the clause).  Linear: one bounded pattern, searched only
when the text holds one of the clause's words.

>>> without_event_clauses("a fan posted on Facebook after the agency announced its lawsuit.").split()
['a', 'fan', 'posted', 'on', 'Facebook', '.']
>>> without_event_clauses("she said in an interview after the post.") == "she said in an interview after the post."
True
"""

from __future__ import annotations

import re
from typing import Final

from reactions.parse.networks import PLACES, names_pattern

__all__ = ["without_event_clauses"]

_EVENT_CLAUSE_RE: Final = re.compile(
    r"\b(?:tweeted|retweeted|posted|captioned|(?:wrote|writes|said|says|shared|commented)[ \t]{1,3}(?:on|to|via)"
    r"[ \t]{1,3}(?:(?:his|her|their|its|the)[ \t]{1,3})?(?:" + names_pattern(PLACES) + r"))\b"
    r"[^;:.!?\n\"“”]{0,60}?(?<![Tt]he)[ \t,](?P<event>(?:after|before|following|since|until)\b[^,;:.!?\n\"“”]{1,100})",
    re.IGNORECASE,
)
"""A verb of posting, a few words of the same sentence, then a clause of time (the ``event`` group) to its end
(``posted the following statement`` opens none)."""

_EVENT_WORDS: Final = ("after", "before", "following", "since", "until")


def without_event_clauses(text: str) -> str:
    """``text`` with each clause of time after a verb of posting (see the module) blanked out, its length kept;
    ``text`` itself when it holds none."""
    lowered = text.lower()
    if not any(word in lowered for word in _EVENT_WORDS):
        return text
    pieces: list[str] = []
    kept = 0
    for found in _EVENT_CLAUSE_RE.finditer(text):
        start, end = found.span("event")
        pieces += (text[kept:start], " " * (end - start))
        kept = end
    return "".join((*pieces, text[kept:])) if pieces else text
