"""Display names that name the post instead of its poster: ``"…," the caption read``, ``read a post on his page``.

A quotation whose subject is the post itself (``"…," the tweet said``, ``the Instagram post read: "…"``, ``"…,"
read a post on his Facebook profile``) gets that subject as its display name when no rule reads a person: ``the
tweet``, ``a post``, ``her caption``.  That is what was posted, not who posted it, as
:func:`reactions.parse.posted_media.poster_shown` says of a statement or a letter: :func:`poster_named` shows no
display name for it, and the quotation keeps the author its rules read.  Only a whole display name counts: a
determiner, at most two words (``the since-deleted``, ``a Facebook``) and a word for a post; ``the post's author``,
``Post columnist Jane Roe`` and ``The Tweet Queen`` (no determiner before a capital) are kept.  Bounded: the pattern
matches a few short words.

>>> poster_named("the caption"), poster_named("a post on his Facebook profile"), poster_named("The Instagram post")
(None, None, None)
>>> poster_named("the campaign"), poster_named("the post's author"), poster_named("Post columnist Jane Roe")
('the campaign', "the post's author", 'Post columnist Jane Roe')
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["poster_named"]

_DETERMINER: Final = r"(?:[Aa]n?|[Tt]he|[Hh]is|[Hh]er|[Tt]heir|[Ii]ts|[Tt]his|[Tt]hat|[Oo]ne|[Aa]nother)"
_POST_NOUN: Final = r"(?:posts?|[Pp]ost|tweets?|[Tt]weets?|captions?|messages?|retweets?|updates?|replies|reply)"
_PLACE: Final = (
    r"(?:[ \t]{1,3}(?:on|to|in)[ \t]{1,3}(?:[Hh]is|[Hh]er|[Tt]heir|[Ii]ts|the|a)"
    r"(?:[ \t]{1,3}[\w'’-]{1,20}){1,2})?"
)
"""Where the post was put, when the display name says it (``on his Facebook profile``, ``to her Instagram``)."""

_POST_SUBJECT_RE: Final = re.compile(
    rf"{_DETERMINER}(?:[ \t]{{1,3}}[\w'’-]{{1,20}}){{0,2}}?[ \t]{{1,3}}{_POST_NOUN}{_PLACE}"
)
"""A whole display name that is a post: a determiner, at most two words, a word for a post, where it was put."""


def poster_named(display: str | None) -> str | None:
    """``display`` (a quotation's author as written), or None when all of it names a post (:data:`_POST_SUBJECT_RE`:
    ``the tweet``, ``a post on his Facebook profile``): the post, not who posted it."""
    return None if display and _POST_SUBJECT_RE.fullmatch(display) else display
