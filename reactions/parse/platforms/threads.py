"""Threads embeds: ``blockquote.text-post-media`` with ``data-text-post-permalink``.

The embed code holds only the link (and "View on Threads"); the post's text, when a page keeps
it, is in a paragraph.

>>> parse_post_url("https://www.threads.net/@zuck/post/Cu2ab3xyz?xmt=1")
('zuck', 'Cu2ab3xyz')
"""

from __future__ import annotations

import re

from reactions.models import Platform
from reactions.parse.platforms._dom import FRAME_TAGS, Node, frame_urls, render_text
from reactions.parse.platforms.base import Cues, Embed, links, paragraphs

PLATFORM = Platform.THREADS
CUES = Cues(FRAME_TAGS, classes=("text-post-media",))
"""A frame, the embed code's class."""
_POST_URL = re.compile(
    r"^(?:https?:)?//(?:www\.)?threads\.(?:net|com)/@(?P<user>[\w.]+)/post/(?P<code>[\w-]+)", re.IGNORECASE
)
_CHROME = re.compile(r"^(?:View on Threads|Post by @[\w.]+|Threads)$", re.IGNORECASE)


def parse_post_url(url: str) -> tuple[str, str] | None:
    """``(handle, post code)`` of a Threads post link; ``None`` when it is not one."""
    m = _POST_URL.match(url.strip())
    return (m.group("user"), m.group("code")) if m else None


def matches(node: Node) -> bool:
    """A ``blockquote.text-post-media``, or an iframe showing a Threads post."""
    if node.tag == "blockquote" and "text-post-media" in node.classes:
        return True
    if node.tag not in FRAME_TAGS:
        return False
    return any(src.rstrip("/").endswith("/embed") and parse_post_url(src) is not None for src in frame_urls(node))


def extract(node: Node) -> Embed | None:
    """The post in ``node``: handle and code from its permalink, text when kept."""
    ref = next(
        (
            r
            for value in (node.attr("data-text-post-permalink"), *frame_urls(node),
                          *(a.attr("href") for a in links(node)))
            if value and (r := parse_post_url(value))
        ),
        None,
    )
    texts = [render_text(p) for p in paragraphs(node)]
    text = "\n\n".join(t for t in texts if t and not _CHROME.match(t))
    if ref is None:
        return None
    url = f"https://www.threads.net/@{ref[0]}/post/{ref[1]}"
    return Embed(PLATFORM, ref[0], None, None, "", text, ref[1], url)
