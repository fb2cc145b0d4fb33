"""The platform of a quotation judged a post, and the articles that name no network at all.

A quotation's platform is the one its attribution names, else the one its sentence or paragraph names, else the one
the two sentences before it name, else the posts' next to it (:func:`quote_platform`).  An article made of
quotations back to back that names no network (``"…," the caption read.`` a thousand times) would have each
quotation's sentence, paragraph and sentences before read again for a platform word that is nowhere in it: the
article is read once for them (:func:`names_no_network`), and the posts next to each quotation answer alone.

Pure functions; linear time (one lower-cased copy of the article, searched once a word, kept for its last article).
"""

from __future__ import annotations

from typing import Final

from reactions.models import Platform
from reactions.parse.sentences import PLATFORM_WORDS, Surroundings, platform_named
from reactions.parse.tweet_runs import nearby_network

__all__ = ["names_no_network", "quote_platform"]

_STEMS: Final = tuple(sorted({word.split()[0] for word, _ in PLATFORM_WORDS}))
"""Each platform word's first piece (``insta`` of ``insta ``): a word the sentence and the sentences before are read
for, joined from slices of the article with a space between, holds it whole, so it stands in the article itself."""


def quote_platform(context: Surroundings, named: Platform | None) -> Platform:
    """``named`` (the platform the attribution's own words name), else the one the quotation's sentence or paragraph
    names, else the one the two sentences before name (``…a love note on Instagram.`` / ``"…," she captioned it``),
    else the posts' next to it (:func:`~reactions.parse.tweet_runs.nearby_network`).  The sentences are not read when
    the article names no network (:func:`names_no_network`): none of them can."""
    body = context.index.body
    if named is None and not names_no_network(body):
        named = context.platform() or platform_named(context.previous)
    return named or nearby_network(body, context.match)


def names_no_network(body: str) -> bool:
    """Whether no stretch of ``body``, nor two of them joined by a space, names a network as
    :func:`~reactions.parse.sentences.platform_named` and :meth:`~reactions.parse.sentences.Surroundings.platform`
    read one: no platform word's first piece in any case (a letter's lower case is its own, wherever it stands, but
    for the Greek final sigma's), and no capital ``X`` (``…on X``: a slice may end where a word went on).  The last
    body's answer is kept (the very object: ``is``).

    >>> names_no_network('"Hi yo," the caption read. "Hi yo," the caption read.')
    True
    >>> [names_no_network(text) for text in ("She wrote on INSTAGRAM.", "In a post on X", "an Xbox ad")]
    [False, False, False]
    """
    last = _LAST[0]
    if last[0] is body:
        return last[1]
    lowered = body.lower()
    answer = "X" not in body and not any(stem in lowered for stem in _STEMS)
    _LAST[0] = (body, answer)
    return answer


_LAST: Final[list[tuple[str, bool]]] = [("", True)]
"""The last body :func:`names_no_network` read (compared by identity) and its answer."""
