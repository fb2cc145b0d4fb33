"""One small module per social network, all behind the interface of :mod:`reactions.parse.platforms.base`.

Each module has ``PLATFORM``, ``CUES`` (:class:`~reactions.parse.platforms.base.Cues`: what an element must
show before its ``matches`` can accept it), ``matches(node)`` and ``extract(node)``.  :data:`EXTRACTORS`
lists them in the order an element is tried; :func:`match_embed` finds the first platform whose
``matches`` accepts an element, asking only the platforms whose cues the element shows.
"""

from __future__ import annotations

import functools
import operator

from reactions.parse.platforms import bluesky, facebook, instagram, mastodon, threads, tiktok, twitter, youtube
from reactions.parse.platforms._dom import Node
from reactions.parse.platforms.base import Cues, Embed, Extractor

__all__ = ["CUES", "EXTRACTORS", "Embed", "Extractor", "match_embed"]

EXTRACTORS: tuple[Extractor, ...] = tuple(
    Extractor(module.PLATFORM, module.matches, module.extract, module.CUES)
    for module in (twitter, instagram, facebook, bluesky, mastodon, threads, tiktok, youtube)
)
"""Every platform, in the order an element is tried."""
CUES: Cues = functools.reduce(operator.or_, (e.cues for e in EXTRACTORS))
"""What an element must show for any platform to accept it (most elements of a page show none)."""


def match_embed(node: Node) -> Extractor | None:
    """The extractor of the first platform that recognises ``node`` as one of its embeds."""
    if not CUES.shown_by(node):
        return None
    return next((e for e in EXTRACTORS if e.cues.shown_by(node) and e.matches(node)), None)
