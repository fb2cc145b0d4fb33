"""One small module per social network, all behind the interface of :mod:`reactions.parse.platforms.base`.

Each module has ``PLATFORM``, ``matches(node)`` and ``extract(node)``.  :data:`EXTRACTORS`
lists them in the order an element is tried; :func:`match_embed` finds the first platform whose
``matches`` accepts an element.
"""

from __future__ import annotations

from reactions.parse.platforms import bluesky, facebook, instagram, mastodon, threads, tiktok, twitter, youtube
from reactions.parse.platforms._dom import Node
from reactions.parse.platforms.base import Embed, Extractor

__all__ = ["EXTRACTORS", "Embed", "Extractor", "match_embed"]

EXTRACTORS: tuple[Extractor, ...] = tuple(
    Extractor(module.PLATFORM, module.matches, module.extract)
    for module in (twitter, instagram, facebook, bluesky, mastodon, threads, tiktok, youtube)
)
"""Every platform, in the order an element is tried."""


def match_embed(node: Node) -> Extractor | None:
    """The extractor of the first platform that recognises ``node`` as one of its embeds."""
    if not node.attrs and node.tag != "blockquote":
        return None  # quick: every platform needs attributes, but for a bare twitter blockquote
    return next((e for e in EXTRACTORS if e.matches(node)), None)
