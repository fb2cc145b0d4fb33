"""The platform a paragraph names last before a quotation: the one its post is most likely on.

A paragraph often names more than one network (``Hill's tweet … The article is about Rock's long Facebook post
about the "extreme left."`` / ``"…," Rock wrote``; ``Kim leaked a call … on Snapchat … But on Instagram, Taylor
asserted …`` / ``"…," she wrote``).  When the quotation's own sentence names none, the name written nearest
before it tells where the quoted post was written; the networks' order of preference
(:func:`~reactions.parse.networks.platform_words`) decides only between names that end at the same place.

Pure functions, linear time: one lower-cased window of at most :data:`REACH` characters, searched backwards once
per platform word.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from typing import Final

from reactions.models import Platform
from reactions.parse.networks import platform_words

__all__ = ["REACH", "last_platform_named", "last_platform_placed", "named_in_attribution"]

REACH: Final = 2048
"""How far back before the quotation the paragraph is read (a longer paragraph's earlier names: not looked at)."""
_WORDS: Final = platform_words()
_FEATURES: Final = (" filter", " lens", " lenses", " streak", " streaks")
"""A network's feature after its name (``a Snapchat filter`` on an Instagram video): the name is no post's place."""


def last_platform_named(body: str, lo: int, hi: int) -> Platform | None:
    """The platform whose word (:func:`~reactions.parse.networks.platform_words`, in any case) ends last in
    ``body[lo:hi]``, read back at most :data:`REACH` characters from ``hi``; ``None`` when it names none.

    >>> body = 'Her tweet went viral. She then wrote on Facebook: more. "Hi," she wrote.'
    >>> last_platform_named(body, 0, body.index('"Hi'))
    <Platform.FACEBOOK: 'facebook'>
    >>> last_platform_named("No network here.", 0, 16) is None
    True
    """
    window = body[max(lo, hi - REACH) : hi].lower()
    found, end = None, -1
    for word, platform in _WORDS:
        at = window.rfind(word)
        while at >= 0 and window.startswith(_FEATURES, at + len(word)):
            at = window.rfind(word, 0, at)  # ("True is rocking a floral Snapchat filter": no post's place)
        if at >= 0 and at + len(word) > end:
            found, end = platform, at + len(word)
    return found


def last_platform_placed(body: str, places: Mapping[str, Sequence[int]], lo: int, hi: int) -> Platform | None:
    """What :func:`last_platform_named` gives for ``body[lo:hi]``, from ``places``: where each platform word stands in
    ``body`` lower-cased (of the same length), found once for the body (an article of captions back to back asks for
    each: :class:`~reactions.parse.sentences.TextIndex`)."""
    low, found, end = max(lo, hi - REACH), None, -1
    for word, platform in _WORDS:
        at, size = places[word], len(word)
        i = bisect.bisect_right(at, hi - size) - 1
        while i >= 0 and at[i] >= low and body[at[i] + size : min(hi, at[i] + size + 8)].lower().startswith(_FEATURES):
            i -= 1
        if i >= 0 and at[i] >= low and at[i] + size > end:
            found, end = platform, at[i] + size
    return found


def named_in_attribution(clause: str, before: bool) -> Platform | None:
    """The platform an attribution's own words name nearest its quotation, else ``None``: the last one a lead-in
    (``before``) names (``Bieber's father Jeremy wrote on Instagram, "…"`` over a sentence that goes on ``… and his
    mother, on Twitter, …``), the first one the clause after it names (``"…," she wrote on Instagram``).

    >>> named_in_attribution("After a Twitter spat, she wrote on Instagram: ", True)
    <Platform.INSTAGRAM: 'instagram'>
    >>> named_in_attribution(" she wrote on Facebook, then on Twitter", False)
    <Platform.FACEBOOK: 'facebook'>
    """
    if before:
        return last_platform_named(clause, 0, len(clause))
    lowered = clause.lower()
    places = [(at, platform) for word, platform in _WORDS if (at := lowered.find(word)) >= 0
              and not lowered.startswith(_FEATURES, at + len(word))]  # fmt: skip
    return min(places, key=lambda place: place[0])[1] if places else None
