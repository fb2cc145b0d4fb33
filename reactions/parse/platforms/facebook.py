"""Facebook embeds: the post and video plugins (``div.fb-post``/``div.fb-video`` with their fallback
``blockquote.fb-xfbml-parse-ignore``) and their iframes (``facebook.com/plugins/post.php?href=…``).

The fallback blockquote holds the post's text, then ``Posted by <a>Name</a> on <a>Thursday, January 30,
2020</a>``, the same words a text article keeps of it (:mod:`reactions.parse.attribution` reads that form in text).
A post's handle is the page or profile name in its URL; a numeric ``permalink.php`` link has none.

>>> parse_post_url("https://www.facebook.com/NASA/posts/10158221311586772")
('NASA', '10158221311586772', 'https://www.facebook.com/NASA/posts/10158221311586772')
>>> parse_post_url("https://www.facebook.com/permalink.php?story_fbid=2714&id=1000")
(None, '2714', 'https://www.facebook.com/permalink.php?story_fbid=2714&id=1000')
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from reactions.models import Platform
from reactions.parse.bylines import FACEBOOK_ON, FACEBOOK_POSTED_BY, words
from reactions.parse.platforms._dom import FRAME_TAGS, Node, find_first, frame_urls, render_text
from reactions.parse.platforms.base import Cues, Embed, links, paragraphs, parse_date

PLATFORM = Platform.FACEBOOK
CUES = Cues(FRAME_TAGS, frozenset({"data-href"}), ("fb-xfbml-parse-ignore",))
"""A plugin frame, a plugin ``div`` (it needs ``data-href``), the fallback blockquote's class."""
_HOSTS = ("facebook.com", "www.facebook.com", "m.facebook.com", "web.facebook.com", "mbasic.facebook.com")
_PATH = re.compile(r"^/(?P<user>[\w.-]{1,80})/(?:posts|videos|photos(?:/[\w.-]{1,80})?)/(?P<id>[\w-]{1,40})/?$")
_NOT_USERS = frozenset({"watch", "groups", "events", "plugins", "sharer", "share", "story.php", "photo.php"})
_PLUGIN_CLASSES = frozenset({"fb-post", "fb-video", "fb-comment-embed"})
_POSTED_BY = re.compile(rf"{words(FACEBOOK_POSTED_BY, ' ')}\b", re.IGNORECASE)  # no \b before: a title runs into it
_ON = re.compile(rf" {words(FACEBOOK_ON, ' ')} ")


def parse_post_url(url: str) -> tuple[str | None, str, str] | None:
    """``(handle or None, post id, canonical URL)`` of a Facebook post, video or photo link, else ``None``."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return None
    if parts.hostname not in _HOSTS:
        return None
    query = parse_qs(parts.query)
    if parts.path in ("/permalink.php", "/story.php") and query.get("story_fbid"):
        post, page = query["story_fbid"][0], query.get("id", [""])[0]
        return None, post, f"https://www.facebook.com/permalink.php?story_fbid={post}&id={page}"
    if parts.path in ("/photo.php", "/photo") and query.get("fbid"):  # a photo post: its fbid is the post's id
        post = query["fbid"][0]
        return None, post, f"https://www.facebook.com/photo.php?fbid={post}"
    if parts.path in ("/watch", "/watch/") and query.get("v"):
        return None, query["v"][0], f"https://www.facebook.com/watch/?v={query['v'][0]}"
    m = _PATH.match(parts.path)
    if m is None or m.group("user").lower() in _NOT_USERS:
        return None
    return m.group("user"), m.group("id"), f"https://www.facebook.com{parts.path.rstrip('/')}"


def _plugin_target(src: str) -> str | None:
    """The post a ``facebook.com/plugins/post.php?href=…`` (or ``video.php``) frame shows."""
    try:
        parts = urlsplit(src.strip())
    except ValueError:
        return None
    if parts.hostname not in _HOSTS or not parts.path.startswith("/plugins/"):
        return None
    return next(iter(parse_qs(parts.query).get("href", [])), None)


def _frame_target(node: Node) -> str | None:
    return next((target for url in frame_urls(node) if (target := _plugin_target(url))), None)


def matches(node: Node) -> bool:
    """A ``div.fb-post``/``div.fb-video``, a lone fallback ``blockquote.fb-xfbml-parse-ignore``, or a plugin
    iframe."""
    if node.tag in FRAME_TAGS:
        return _frame_target(node) is not None
    if node.tag == "div":
        return bool(_PLUGIN_CLASSES & node.classes) and bool(node.attr("data-href"))
    return node.tag == "blockquote" and "fb-xfbml-parse-ignore" in node.classes


def _url(node: Node) -> str | None:
    if node.tag in FRAME_TAGS:
        return _frame_target(node)
    quote = node if node.tag == "blockquote" else find_first(node, lambda n: n.tag == "blockquote")
    for url in (node.attr("data-href"), quote.attr("cite") if quote is not None else ""):
        if url and parse_post_url(url):
            return url
    return next((a.attr("href") for a in links(node) if parse_post_url(a.attr("href"))), None)


def extract(node: Node) -> Embed | None:
    """The post in ``node``: text, author's name, the date shown, id and URL."""
    ref = parse_post_url(url) if (url := _url(node)) else None
    quote = node if node.tag == "blockquote" else find_first(node, lambda n: n.tag == "blockquote")
    text, name, date_text = "", None, ""
    if quote is not None:
        found = paragraphs(quote)
        text = "\n\n".join(t for p in found if (t := render_text(p)))
        byline = render_text(quote, skip=lambda n: n.tag == "p")
        name, date_text = _read_posted_by(byline)
    if ref is None and (not text or _cites_a_page(quote)):
        return None
    handle, post_id, canonical = ref if ref else (None, None, None)
    rendering = None
    if name or date_text:
        byline = "Posted by " + (name or handle or "Facebook") + (f" on {date_text}" if date_text else "")
        rendering = f"{text}\n\n{byline}" if text else byline
    return Embed(
        PLATFORM, handle, name, parse_date(date_text) if date_text else None, date_text, text,
        post_id, canonical, rendering=rendering,
    )  # fmt: skip


def _cites_a_page(quote: Node | None) -> bool:
    """Whether ``quote`` cites a page or profile, not a post: the fallback of the page plugin (``div.fb-page``),
    whose only text is the page's name (kept in a ``<p>`` when WordPress wrapped the link).

    >>> _cites_a_page(Node("blockquote", {"cite": "https://www.facebook.com/ExampleNews/"}))
    True
    >>> _cites_a_page(Node("blockquote", {"cite": "https://www.facebook.com/ExampleNews/posts/123"}))
    False
    """
    if quote is None:
        return False
    try:
        parts = urlsplit(quote.attr("cite").strip())
    except ValueError:
        return False
    path = parts.path.strip("/")
    return parts.hostname in _HOSTS and (path == "profile.php" or (bool(path) and "/" not in path))


def _read_posted_by(byline: str) -> tuple[str | None, str]:
    """``(name, date as written)`` from ``Posted by Name on Thursday, January 30, 2020`` (or its translation,
    ``Publicado por Name en Jueves, 27 de agosto de 2015``: :data:`~reactions.parse.bylines.FACEBOOK_POSTED_BY`).

    >>> _read_posted_by("Publié par Le Monde sur jeudi 27 août 2015")
    ('Le Monde', 'jeudi 27 août 2015')
    >>> _read_posted_by("Posted by Life on Mars on Thursday, January 30, 2020")
    ('Life on Mars', 'Thursday, January 30, 2020')
    """
    m = _POSTED_BY.search(byline)
    if m is None:
        return None, ""
    rest = " ".join(byline[m.end() :].split())
    on = next(reversed([*_ON.finditer(rest)]), None)  # the last: a name may hold "on" ("Life on Mars")
    if on is None:
        return rest.strip() or None, ""
    return rest[: on.start()].strip() or None, rest[on.end() :].strip()
