"""The platform of a quotation judged a post, and the articles that name no network at all.

A quotation's platform is the one its attribution names, else the one its sentence or paragraph names, else the one
the two sentences before it name, else the posts' next to it (:func:`quote_platform`).  An article made of
quotations back to back that names no network (``"…," the caption read.`` a thousand times) would have each
quotation's sentence, paragraph and sentences before read again for a platform word that is nowhere in it: the
article is read once for them (:func:`names_no_network`), and the posts next to each quotation answer alone.

Pure functions; linear time (one lower-cased copy of the article, searched once a word, read once an article and
only for an article of more than :data:`ASKS_READ` quotations).
"""

from __future__ import annotations

from dataclasses import dataclass
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
    if named is None and not _names_none(body):
        named = context.platform() or platform_named(context.previous)
    return named or nearby_network(body, context.match)


def _names_none(body: str) -> bool:
    """:func:`names_no_network` for ``body``, asked once its first :data:`ASKS_READ` quotations have been read whole
    (False for them), then kept for the body's next ones (the last body's: the very object, ``is``)."""
    asks = _ASKS
    if asks.body is not body:
        asks.body, asks.count, asks.none = body, 0, False
    asks.count += 1
    if asks.count == ASKS_READ + 1:
        asks.none = names_no_network(body)
    return asks.none


ASKS_READ: Final = 16
"""How many quotations of a body have their sentences read whole before the body is read once for a network: an
article's few cost less than reading the whole article (most name a network), an article of hundreds reads it once."""


@dataclass(slots=True)
class _Asked:
    body: str = ""
    count: int = 0
    none: bool = False


_ASKS: Final = _Asked()
"""The last body asked of, how many of its quotations asked, and whether it names no network (once asked)."""


def names_no_network(body: str) -> bool:
    """Whether no stretch of ``body``, nor two of them joined by a space, names a network as
    :func:`~reactions.parse.sentences.platform_named` and :meth:`~reactions.parse.sentences.Surroundings.platform`
    read one: no platform word's first piece in any case (a letter's lower case is its own, wherever it stands, but
    for the Greek final sigma's), and no capital ``X`` (``…on X``: a slice may end where a word went on).

    >>> names_no_network('"Hi yo," the caption read. "Hi yo," the caption read.')
    True
    >>> [names_no_network(text) for text in ("She wrote on INSTAGRAM.", "In a post on X", "an Xbox ad")]
    [False, False, False]
    """
    lowered = body.lower()
    return "X" not in body and not any(stem in lowered for stem in _STEMS)
