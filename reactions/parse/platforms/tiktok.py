"""TikTok embeds: ``blockquote.tiktok-embed`` (``cite`` and ``data-video-id``) and player iframes.

The caption is the ``<section>``'s text without the author link and the sound credit
(``♬ original sound - …``).  TikTok ids carry their creation time in seconds above 32 low bits.

>>> parse_video_url("https://www.tiktok.com/@scout2015/video/6718335390845095173?lang=en")
('scout2015', '6718335390845095173')
"""

from __future__ import annotations

import re

from reactions.models import Platform
from reactions.parse.platforms._dom import FRAME_TAGS, Node, find_first, frame_urls, render_text
from reactions.parse.platforms.base import Cues, Embed, time_from_id

PLATFORM = Platform.TIKTOK
CUES = Cues(FRAME_TAGS, classes=("tiktok-embed",))
"""A frame, the embed code's class."""
_VIDEO_URL = re.compile(
    r"^(?:https?:)?//(?:www\.|m\.)?tiktok\.com/@(?P<user>[\w.]+)/(?:video|photo)/(?P<id>\d+)", re.IGNORECASE
)
_PLAYER_URL = re.compile(
    r"^(?:https?:)?//(?:www\.)?(?:tiktok\.com/embed(?:/v2)?|player\.tiktok\.com/player/v1)/(?P<id>\d+)",
    re.IGNORECASE,
)


def parse_video_url(url: str) -> tuple[str, str] | None:
    """``(handle, video id)`` of a TikTok video link; ``None`` when it is not one."""
    m = _VIDEO_URL.match(url.strip())
    return (m.group("user"), m.group("id")) if m else None


def matches(node: Node) -> bool:
    """A ``blockquote.tiktok-embed``, or a TikTok player iframe."""
    if node.tag == "blockquote" and "tiktok-embed" in node.classes:
        return True
    return node.tag in FRAME_TAGS and any(_PLAYER_URL.match(url) for url in frame_urls(node))


def extract(node: Node) -> Embed | None:
    """The video in ``node``: author, caption, id and exact time."""
    ref = parse_video_url(node.attr("cite"))
    video_id = node.attr("data-video-id").strip() or (ref[1] if ref else None)
    if video_id is None and node.tag in FRAME_TAGS:
        video_id = next((m.group("id") for url in frame_urls(node) if (m := _PLAYER_URL.match(url))), None)
    author = find_first(node, lambda n: n.tag == "a" and render_text(n).startswith("@"))
    handle = ref[0] if ref else (render_text(author)[1:] if author is not None else None)
    text = render_text(node, skip=lambda n: n is author or (n.tag == "a" and "/music/" in n.attr("href")))
    text = re.sub(r"\s*♬.*$", "", text, flags=re.S) if "♬" in text else text
    if video_id is None and not text:
        return None
    url = f"https://www.tiktok.com/@{handle}/video/{video_id}" if handle and video_id else None
    created = time_from_id(video_id, 32, 1000) if video_id else None
    return Embed(PLATFORM, handle, None, None, "", text, video_id, url, created)
