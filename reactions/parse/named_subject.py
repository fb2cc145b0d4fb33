"""A name an attribution gives, checked against where the article writes it after the quotation: no verb's subject
stands after an article or a preposition (``the only daughter of Michael Jackson captioned``), so such a name is
another's, and the person is the full name before ``of`` when there is one (``Sandie Angulo Chen of the Washington
Post said``).

Used by :func:`reactions.parse.antecedents.resolve_author`; bounded: eight places in :data:`_AFTER_QUOTE`
characters are read.
"""

from __future__ import annotations

import re

from reactions.parse.authors import SENT_FROM_RE

__all__ = ["named_subject"]


def named_subject(body: str, at: int, shown: str) -> str | None:
    """``shown`` (the name an attribution at ``body[at]`` gives), unless every place it is written in the
    :data:`_AFTER_QUOTE` characters from there stands after an article or a preposition, as no verb's subject
    does (``the only daughter of Michael Jackson captioned``, ``Driver’s response to Damon was shared``, ``who
    spoke with the Post said``): then the full name before ``of`` (``Sandie Angulo Chen of the Washington Post
    said``), else None."""
    person: str | None = None
    place = body.find(shown, at, at + _AFTER_QUOTE)
    for looked in range(8):
        if place < 0:
            return person if looked else shown  # (written otherwise than shown: "UPDATE: Mark Geragos")
        before = body[max(0, place - 60) : place]
        if _OBJECT_RE.search(before) is None or SENT_FROM_RE.search(before) is not None:
            return shown
        if person is None and (named := _OF_PERSON_RE.search(before)) is not None:
            person = named.group(1)
        place = body.find(shown, place + len(shown), at + _AFTER_QUOTE)
    return shown


_AFTER_QUOTE = 2500
"""How far after a quotation's start its attribution is looked for (a quotation is 2,000 characters at most)."""
_OBJECT_RE = re.compile(r"(?<![\w'’])(?:of|to|for|from|by|about|the|The)[ \t]{1,3}\Z")
"""A word before a name that makes it no verb's subject: a preposition's object or a thing (``the Post``)."""
_OF_PERSON_RE = re.compile(
    r"([A-Z][\w'’-]{1,30}(?:[ \t][A-Z][\w'’-]{1,30}){1,3})[ \t]{1,3}of(?:[ \t]{1,3}the)?[ \t]{1,3}\Z"
)
"""A full name before ``of`` or ``of the`` (``Melody Lau of the National Post``): who, of the place named after."""
