"""YouTube embeds: player iframes (``youtube.com/embed/ID``, ``youtube-nocookie.com``), ``lite-youtube``,
``amp-youtube``, and lazy placeholders that keep the player URL in ``data-src`` or ``data-original``.
A video is a link-only reaction: id and URL, no text.

>>> video_id("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?si=abc&start=3")
'dQw4w9WgXcQ'
>>> video_id("https://www.youtube.com/embed/videoseries?list=PL123") is None
True
"""

from __future__ import annotations

import re

from reactions.models import Platform
from reactions.parse.platforms._dom import FRAME_TAGS, LAZY_URL_ATTRS, Node
from reactions.parse.platforms.base import Cues, Embed

PLATFORM = Platform.YOUTUBE
_EMBED_URL = re.compile(
    r"^(?:https?:)?//(?:www\.|m\.)?(?:youtube(?:-nocookie)?\.com/(?:embed|v|shorts)/|youtu\.be/)"
    r"(?!videoseries)(?P<id>[\w-]{11})(?![\w-])",
    re.IGNORECASE,
)
_ID_ATTRS = ("videoid", "data-videoid", "data-video-id", "data-youtube-id", "data-id", "data-ytid")


def video_id(url: str) -> str | None:
    """The 11-character video id of a YouTube player URL; ``None`` for playlists and other links."""
    m = _EMBED_URL.match(url.strip())
    return m.group("id") if m else None


_FRAME_ATTRS = ("src", *LAZY_URL_ATTRS, "data-url", "data")
_PLAYER_TAGS = frozenset({*FRAME_TAGS, "embed", "object"})
CUES = Cues(_PLAYER_TAGS, frozenset({*LAZY_URL_ATTRS, *_ID_ATTRS}))
"""A player (frame, ``embed``, ``object``), a lazy URL, or an attribute holding the video id."""


def _id_of(node: Node) -> str | None:
    if node.tag in _PLAYER_TAGS:
        return next((found for name in _FRAME_ATTRS if (found := video_id(node.attr(name)))), None)
    if found := next((found for name in LAZY_URL_ATTRS if (found := video_id(node.attr(name)))), None):
        return found
    if node.tag in ("lite-youtube", "amp-youtube") or "youtube" in node.attr("class").lower():
        value = next((node.attr(a).strip() for a in _ID_ATTRS if node.attr(a).strip()), "")
        return value if re.fullmatch(r"[\w-]{11}", value) else None
    return None


def matches(node: Node) -> bool:
    """A YouTube player (iframe, ``lite-youtube``, ``amp-youtube``, a lazy placeholder with the player's URL)."""
    return _id_of(node) is not None


def extract(node: Node) -> Embed | None:
    """The video: its id and watch URL, as a link-only reaction."""
    found = _id_of(node)
    if found is None:
        return None
    return Embed(PLATFORM, None, None, None, "", "", found, f"https://www.youtube.com/watch?v={found}")
