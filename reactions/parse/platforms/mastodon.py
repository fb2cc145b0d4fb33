"""Mastodon embeds: ``iframe.mastodon-embed``, ``blockquote.mastodon-embed`` and status links on any instance.

Handles keep the fediverse form ``user@instance`` (without the leading ``@``).  Mastodon ids
carry their creation time in milliseconds above 16 low bits.

>>> parse_status_url("https://mastodon.social/@Gargron/100254678717223630/embed")
('Gargron@mastodon.social', '100254678717223630', 'https://mastodon.social/@Gargron/100254678717223630')
>>> parse_status_url("https://social.example/web/@ann@fosstodon.org/108307448501709873")[0]
'ann@fosstodon.org'
"""

from __future__ import annotations

import re

from reactions.models import Platform
from reactions.parse.platforms._dom import FRAME_TAGS, Node, find_first, frame_urls, render_text
from reactions.parse.platforms.base import Cues, Embed, links, paragraphs, read_byline, time_from_id

PLATFORM = Platform.MASTODON
CUES = Cues(FRAME_TAGS, classes=("mastodon",))
"""A frame, a ``mastodon-*`` class."""
_STATUS = re.compile(
    r"^(?:https?:)?//(?P<host>[\w.-]+\.[a-z]{2,})/(?:web/)?"
    r"(?:@(?P<user>\w[\w.]*)(?:@(?P<home>[\w.-]+\.[a-z]{2,}))?|users/(?P<user2>\w[\w.]*)/statuses)"
    r"/(?P<id>\d{1,20})(?:/embed)?/?(?:[?#]|$)",
    re.IGNORECASE,
)
_NOT_MASTODON = re.compile(
    r"(?:^|\.)(?:twitter|x|threads|instagram|tiktok|youtube|medium|bsky)\.(?:com|net|app)$", re.IGNORECASE
)


def parse_status_url(url: str) -> tuple[str, str, str] | None:
    """``(user@instance, status id, canonical URL)`` of a Mastodon status link, else ``None``."""
    m = _STATUS.match(url.strip())
    if m is None or _NOT_MASTODON.search(m.group("host")):
        return None
    user = m.group("user") or m.group("user2")
    home = m.group("home") or m.group("host")
    return f"{user}@{home}", m.group("id"), f"https://{home}/@{user}/{m.group('id')}"


def matches(node: Node) -> bool:
    """An ``iframe``/``blockquote`` classed ``mastodon-embed`` (or any ``mastodon-*`` blockquote)."""
    if node.tag in FRAME_TAGS:
        embedded = any(src.endswith("/embed") and parse_status_url(src) is not None for src in frame_urls(node))
        return "mastodon-embed" in node.classes or embedded
    if node.tag == "blockquote":
        return any(c.startswith("mastodon") for c in node.classes)
    return False


def extract(node: Node) -> Embed | None:
    """The status in ``node``: handle and id from its URL, text when the markup carries it."""
    ref = _ref(node)
    p = next(iter(paragraphs(node)), None)
    text = render_text(p) if p is not None else ""
    byline = render_text(node, skip=lambda n: n is p) if p is not None else ""
    name, byline_handle, _ = read_byline(byline)
    if ref is None and not text:
        return None
    handle = ref[0] if ref else byline_handle
    created = time_from_id(ref[1], 16, 1) if ref else None
    lang = p.attr("lang") or None if p is not None else None
    status_id, url = (ref[1], ref[2]) if ref else (None, None)
    return Embed(PLATFORM, handle, name, None, "", text, status_id, url, created, lang)


def _ref(node: Node) -> tuple[str, str, str] | None:
    for value in (node.attr("data-embed-url"), *frame_urls(node), node.attr("cite")):
        if value and (ref := parse_status_url(value)):
            return ref
    anchors = [a for a in links(node) if parse_status_url(a.attr("href"))]
    first = find_first(node, lambda n: n.tag == "p")
    inside = {id(a) for a in links(first)} if first is not None else set()
    outside = [a for a in anchors if id(a) not in inside] or anchors
    return parse_status_url(outside[-1].attr("href")) if outside else None
