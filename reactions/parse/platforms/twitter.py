"""Twitter / X embeds: ``blockquote.twitter-tweet`` (and ``twitter-video``) and rendered widgets.

The embed code from publish.twitter.com looks like::

    <blockquote class="twitter-tweet"><p lang="en" dir="ltr">Text <a href="…/hashtag/x">#x</a>
    <a href="https://t.co/abc">pic.twitter.com/abc</a></p>&mdash; Name (@handle)
    <a href="https://twitter.com/handle/status/123?ref_src=twsrc%5Etfw">May 5, 2014</a></blockquote>

Once the widget script has run, a saved page holds only an element carrying the id
(``iframe[data-tweet-id]``, ``twitter-widget``, ``amp-twitter[data-tweetid]``, CMS wrappers
with ``data-embed-id``): those give an id-only reaction unless a blockquote is still inside.

>>> parse_status_url("https://mobile.x.com/Interior/statuses/463440424141459456?ref_src=twsrc%5Etfw")
('Interior', '463440424141459456')
>>> canonical_url("Interior", "463440424141459456")
'https://twitter.com/Interior/status/463440424141459456'
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, replace
from urllib.parse import parse_qs, unquote, urlsplit

from reactions.models import Platform
from reactions.parse import snowflake
from reactions.parse.platforms._dom import (
    EMBED_BLOCK_CLASSES,
    FRAME_TAGS,
    Node,
    find_first,
    frame_urls,
    render_text,
)
from reactions.parse.platforms.base import Cues, Embed, links, parse_date, parse_timestamp, split_post
from reactions.parse.snowflake import canonical_url as canonical_url
from reactions.parse.snowflake import parse_status_url as parse_status_url

PLATFORM = Platform.TWITTER
_HOSTS = r"(?:(?:www|mobile|m)\.)?(?:twitter|x)\.com"
_HASHTAG_LINK = re.compile(rf"^(?:https?:)?//{_HOSTS}/hashtag/([^?/#]+)", re.IGNORECASE)
_PROFILE_LINK = re.compile(rf"^(?:https?:)?//{_HOSTS}/(\w{{1,15}})/?(?:[?#]|$)", re.IGNORECASE)
_HANDLE = re.compile(r"\(\s{0,5}@\s{0,5}(?P<handle>\w{1,15})\s{0,5}\)")
_DASHES = "—–―−-"
_DASH = re.compile(f"[{_DASHES}]")


@dataclass(frozen=True, slots=True)
class _Byline:
    """``— Name (@handle) Date`` as a tweet's embed code writes it under the post."""

    start: int
    """Where its first dash stands."""
    name: str
    handle: str
    date: str


def _byline(text: str) -> _Byline | None:
    """The byline in ``text``: from its first dash to the first ``(@handle)`` after it, then the date.

    Found with two scans (the first handle, the first dash before it), so any text takes linear time.

    >>> _byline("Wow — Ann Lee (@ann) May 5, 2014")
    _Byline(start=4, name='Ann Lee', handle='ann', date='May 5, 2014')
    """
    handle = _HANDLE.search(text)
    if handle is None:
        return None
    dash = _DASH.search(text, 0, handle.start())
    if dash is None:
        return None
    start = run_end = dash.start()
    while run_end < handle.start() and text[run_end] in _DASHES:
        run_end += 1
    return _Byline(start, text[run_end : handle.start()].strip(), handle.group("handle"), text[handle.end() :].strip())
_ID_ATTRS = ("data-tweet-id", "data-tweetid", "data-tweet", "tweetid", "data-twitter-id")
_URL_ATTRS = (
    "data-embed-id", "data-tweet-url", "data-url", "data-href", "data-embed-url", "data-canonical-url",
    "data-src", "cite",
)
_BLOCK_CLASSES = frozenset({"twitter-tweet", "twitter-video"})
_CONTAINERS = frozenset({"div", "figure", "section", "aside"})
CUES = Cues(frozenset({"blockquote", *FRAME_TAGS}), frozenset({*_ID_ATTRS, "data-embed-id", *_URL_ATTRS}),
            tuple(sorted(_BLOCK_CLASSES)))  # fmt: skip
"""A blockquote (classed or bare), a frame, a class of the embed code, an attribute that keeps the id."""


def _is_blockquote(node: Node) -> bool:
    """The embed code itself: ``blockquote.twitter-tweet`` (or a CMS's div/figure with that class)."""
    if _BLOCK_CLASSES.isdisjoint(node.classes):
        return False
    if node.tag == "blockquote":
        return True
    return node.tag in _CONTAINERS and "twitter-tweet-rendered" not in node.classes and _has_status_link(node)


def _is_bare_quote(node: Node) -> bool:
    """A blockquote whose class was stripped but which still reads ``— Name (@handle)`` + status link."""
    if node.tag != "blockquote" or not EMBED_BLOCK_CLASSES.isdisjoint(node.classes):
        return False
    paras, byline = split_post(node)
    _, status_id, _ = _status_link(node, paras)
    if status_id is None:
        return False
    tail = byline if paras else render_text(node)
    return _byline(tail.replace("\n", " ")) is not None


def _has_status_link(node: Node) -> bool:
    return find_first(node, _is_status_link) is not None


def _wrapper_ref(node: Node) -> tuple[str | None, str] | None:
    """(handle, id) kept by a rendered widget or a CMS wrapper; ``None`` when it is not one."""
    attrs = node.attrs
    if not attrs or node.tag == "a":
        return None
    for name in _ID_ATTRS:
        if (value := attrs.get(name)) and (value := value.strip()).isdigit():
            return None, value
    if node.tag in FRAME_TAGS:
        return next((ref for url in frame_urls(node) if (ref := _iframe_ref(url))), None)
    if not _mentions_twitter(node):
        return None
    embed_id = node.attr("data-embed-id").strip()
    if embed_id.isdigit():
        return None, embed_id
    # an absent or empty attribute is no status link: only the present ones are read
    return next((ref for name in _URL_ATTRS if (value := attrs.get(name)) and (ref := parse_status_url(value))), None)


def _mentions_twitter(node: Node) -> bool:
    context = " ".join(
        f"{k} {v}" for k, v in node.attrs.items() if k in ("class", "id") or k.startswith("data-")
    ).lower()
    return "twitter" in context or "tweet" in context


def _wrapper_id(node: Node) -> str | None:
    ref = _wrapper_ref(node)
    return ref[1] if ref else None


def _iframe_ref(src: str) -> tuple[str | None, str] | None:
    try:
        parts = urlsplit(src)
    except ValueError:  # an address urllib cannot read ("https://[x]/") frames no post
        return None
    host = parts.netloc.lower()
    query = parse_qs(parts.query)
    if host.endswith("platform.twitter.com") and "id" in query:
        value = query["id"][0]
        return (None, value) if value.isdigit() else None
    if host.endswith("twitframe.com") and "url" in query:
        return parse_status_url(query["url"][0])
    return parse_status_url(src)  # Ghost and others frame the status page itself


def matches(node: Node) -> bool:
    """Is ``node`` a tweet embed (blockquote, or a rendered element that keeps the id)?"""
    return _is_blockquote(node) or _wrapper_ref(node) is not None or _is_bare_quote(node)


def extract(node: Node) -> Embed | None:
    """The tweet in ``node``; ``None`` when it holds neither text nor id."""
    if _is_blockquote(node) or _is_bare_quote(node):
        return _from_blockquote(node, fallback_id=_wrapper_id(node))
    inner = find_first(node, lambda n: n is not node and (_is_blockquote(n) or _is_bare_quote(n)))
    if inner is not None:
        return _from_blockquote(inner, fallback_id=_wrapper_id(node))
    ref = _wrapper_ref(node)
    if ref is None:
        return None
    rendered = _from_blockquote(node, fallback_id=ref[1])  # a wrapper that shows the post itself
    if rendered is not None and rendered.text and rendered.handle is not None:
        return rendered
    return _finish(ref[0], None, "", "", ref[1], None, ((), ()))


def _status_link(node: Node, text_nodes: list[Node]) -> tuple[str | None, str | None, str]:
    """(handle, id, link text) of the last status link outside the post text (else inside)."""
    inside = {id(a) for t in text_nodes for a in links(t)}
    found: list[tuple[bool, str | None, str, str]] = []
    for a in links(node):
        parsed = parse_status_url(a.attr("href"))
        if parsed is not None:
            found.append((id(a) not in inside, parsed[0], parsed[1], render_text(a)))
    if not found:
        return None, None, ""
    outside = [f for f in found if f[0]]
    _, handle, status_id, text = (outside or found)[-1]
    return handle, status_id, text


def _from_blockquote(node: Node, fallback_id: str | None) -> Embed | None:
    paras, byline = split_post(node)
    link_handle, status_id, link_text = _status_link(node, paras)
    status_id = status_id or fallback_id
    if paras:
        text = "\n\n".join(t for t in map(render_text, paras) if t)
    else:  # no <p>: a bare link (``<a href=status>Watch on X</a>``) or text followed by a byline
        whole = render_text(node, skip=_is_status_link)
        cut = _byline(whole)
        text, byline = (whole[: cut.start].strip(), whole[cut.start :]) if cut else ("", "")
    m = _byline(byline.replace("\n", " "))
    name = m.name or None if m else None
    handle = m.handle if m else link_handle
    after_handle = m.date if m else ""
    date_text = link_text if link_text and "(@" not in link_text else after_handle
    if not text and status_id is None:
        return None
    lang = next((p.attr("lang") for p in paras if p.attr("lang")), None)
    tags = _link_entities(paras)
    embed = _finish(handle, name, text, date_text, status_id, lang, tags, link_handle)
    if embed.created_at is None and (stamp := _link_datetime(node)) is not None:
        embed = replace(embed, created_at=stamp)
    return embed


def _link_datetime(node: Node) -> dt.datetime | None:
    """The ``data-datetime`` that embed codes before 2014 put on the date link (pre-Snowflake ids)."""
    anchor = find_first(node, lambda n: _is_status_link(n) and bool(n.attr("data-datetime")))
    return parse_timestamp(anchor.attr("data-datetime")) if anchor is not None else None


def _is_status_link(node: Node) -> bool:
    return node.tag == "a" and parse_status_url(node.attr("href")) is not None


def _link_entities(paras: list[Node]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    hashtags: list[str] = []
    mentions: list[str] = []
    for a in (a for p in paras for a in links(p)):
        href, label = a.attr("href"), render_text(a)
        tag = _HASHTAG_LINK.match(href)
        profile = _PROFILE_LINK.match(href)
        if tag is not None:
            hashtags.append(label.lstrip("#＃") if label[:1] in "#＃" else unquote(tag.group(1)))
        elif profile is not None and label.startswith("@"):
            mentions.append(label[1:])
    return tuple(hashtags), tuple(mentions)


def _finish(
    handle: str | None,
    name: str | None,
    text: str,
    date_text: str,
    status_id: str | None,
    lang: str | None,
    tags: tuple[tuple[str, ...], tuple[str, ...]],
    link_handle: str | None = None,
) -> Embed:
    date = parse_date(date_text) if date_text else None
    created = snowflake.created_at(status_id) if status_id else None
    warnings: tuple[str, ...] = ()
    if created is not None and date is not None and not snowflake.agrees_with_date(created, date):
        warnings = (
            f"tweet {status_id} by @{handle}: shown date {date.isoformat()} disagrees with "
            f"the time in its id ({created.isoformat()})",
        )
    url = canonical_url(link_handle or handle, status_id) if status_id else None
    return Embed(
        PLATFORM, handle, name, date, date_text, text, status_id, url, created, lang,
        tags[0], tags[1], warnings,
    )
