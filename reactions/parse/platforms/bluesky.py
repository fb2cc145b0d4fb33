"""Bluesky embeds: ``blockquote.bluesky-embed`` with its ``at://`` URI, and rendered iframes.

The embed code reads ``<p lang="en">Text</p>&mdash; Name (<a>@user.bsky.social</a>)
<a href="https://bsky.app/profile/did:plc:…/post/3l…">November 13, 2024 at 5:14 PM</a>``.
The status id is the post's ``at://`` URI; the URL names the author by DID, which never changes.

>>> parse_post_ref("https://bsky.app/profile/did:plc:z72i7hdynmk6r22z27h6tvur/post/3laeehhsbds2c?ref_src=embed")
('did:plc:z72i7hdynmk6r22z27h6tvur', '3laeehhsbds2c')
>>> parse_post_ref("at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.post/3laeehhsbds2c")
('did:plc:z72i7hdynmk6r22z27h6tvur', '3laeehhsbds2c')
"""

from __future__ import annotations

import re

from reactions.models import Platform
from reactions.parse.platforms._dom import FRAME_TAGS, Node, frame_urls, render_text
from reactions.parse.platforms.base import Cues, Embed, links, parse_date, parse_timestamp, read_byline, split_post

PLATFORM = Platform.BLUESKY
CUES = Cues(FRAME_TAGS, classes=("bluesky-embed",))
"""A frame, the embed code's class."""
_AT_URI = re.compile(r"^at://(?P<author>[^/\s]+)/app\.bsky\.feed\.post/(?P<rkey>[\w.~:-]+)")
_WEB_URL = re.compile(
    r"^(?:https?:)?//(?:[\w-]+\.)?bsky\.app/(?:profile/)?(?P<author>[^/\s?#]+)/post/(?P<rkey>[\w.~:-]+)",
    re.IGNORECASE,
)
_EMBED_URL = re.compile(
    r"^(?:https?:)?//embed\.bsky\.app/embed/(?P<author>[^/\s]+)/app\.bsky\.feed\.post/(?P<rkey>[\w.~:-]+)"
)
_LABEL = r"[a-zA-Z0-9](?:[\w-]*[a-zA-Z0-9])?"
_MENTION = re.compile(rf"(?<![\w@])@({_LABEL}(?:\.{_LABEL})+)")
_PLACEHOLDER = re.compile(
    r"\s*\[(?:image or embed|video|contains quote post or other embedded content)\]\s*$", re.IGNORECASE
)


def parse_post_ref(url: str) -> tuple[str, str] | None:
    """``(author DID or handle, record key)`` from an ``at://`` URI or a bsky.app / embed link."""
    for pattern in (_AT_URI, _WEB_URL, _EMBED_URL):
        m = pattern.match(url.strip())
        if m is not None:
            return m.group("author"), m.group("rkey")
    return None


def matches(node: Node) -> bool:
    """A ``blockquote.bluesky-embed`` (or its rendered wrapper), or an embed.bsky.app iframe."""
    if "bluesky-embed" in node.classes:
        return node.tag == "blockquote" or bool(node.attr("data-bluesky-uri"))
    return node.tag in FRAME_TAGS and any(_EMBED_URL.match(url) for url in frame_urls(node))


def extract(node: Node) -> Embed | None:
    """The post in ``node``: text, author, shown date, ``at://`` URI."""
    ref = _ref(node)
    paras, byline = split_post(node)
    text = _PLACEHOLDER.sub("", "\n\n".join(t for t in map(render_text, paras) if t))
    name, handle, _ = read_byline(byline)
    date_text = _date_text(node, paras)
    if ref is None and not text:
        return None
    created = parse_timestamp(date_text)
    status_id = f"at://{ref[0]}/app.bsky.feed.post/{ref[1]}" if ref else None
    url = f"https://bsky.app/profile/{ref[0]}/post/{ref[1]}" if ref else None
    if handle is None and ref and not ref[0].startswith("did:"):
        handle = ref[0]
    lang = next((p.attr("lang") for p in paras if p.attr("lang")), None)
    date = created.date() if created else (parse_date(date_text) if date_text else None)
    mentions = tuple(m.group(1) for m in _MENTION.finditer(text))
    return Embed(PLATFORM, handle, name, date, date_text, text, status_id, url, created, lang, (), mentions)


def _ref(node: Node) -> tuple[str, str] | None:
    for value in (node.attr("data-bluesky-uri"), *frame_urls(node)):
        if value and (ref := parse_post_ref(value)):
            return ref
    return next((ref for a in reversed(links(node)) if (ref := parse_post_ref(a.attr("href")))), None)


def _date_text(node: Node, paras: list[Node]) -> str:
    inside = {id(a) for p in paras for a in links(p)}
    posts = [a for a in links(node) if id(a) not in inside and parse_post_ref(a.attr("href"))]
    return render_text(posts[-1]) if posts else ""
