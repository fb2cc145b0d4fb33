"""Instagram embeds: ``blockquote.instagram-media`` (every embed-code version) and rendered iframes.

The byline reads ``A post shared by Name (@handle) on <time datetime="…">Feb 2, 2020 at
10:15am PST</time>`` (older codes) or ``A post shared by Name (@handle)`` (newer ones), in the reader's
language (``Ein Beitrag geteilt von Name (@handle) am …``: :mod:`reactions.parse.bylines`); the
caption, when the code carries it (``data-instgrm-captioned``), is the other paragraph.

>>> parse_post_url("https://www.instagram.com/reel/CqaNQJqtaXT/?utm_source=ig_embed")
('reel', 'CqaNQJqtaXT')
"""

from __future__ import annotations

import functools
import re

from reactions.models import Platform
from reactions.parse.bylines import DATE_WORDS, instagram_byline, instagram_chrome, words
from reactions.parse.dates import ENGLISH_MONTH
from reactions.parse.platforms._dom import Node, find_first, frame_urls, render_text
from reactions.parse.platforms.base import Cues, Embed, links, paragraphs, parse_date, parse_timestamp, read_byline

PLATFORM = Platform.INSTAGRAM
CUES = Cues(attrs=frozenset({"data-shortcode"}), classes=("instagram-media",))
"""An element classed ``instagram-media``, an ``amp-instagram`` with its shortcode."""
_POST_URL = re.compile(
    r"^(?:https?:)?//(?:www\.)?(?:instagram\.com|instagr\.am)/(?:[\w.]+/)?"
    r"(?P<kind>p|reel|reels|tv)/(?P<code>[\w-]+)",
    re.IGNORECASE,
)
_PROFILE_URL = re.compile(r"^(?:https?:)?//(?:www\.)?instagram\.com/(?P<user>[\w.]+)/?(?:[?#]|$)", re.I)
_SPACE = r"\s+"


@functools.cache
def _chrome() -> re.Pattern[str]:
    """The embed's own lines (``View this post on Instagram`` and its translations).  This and the two below are
    compiled when an embed is first read (~1.3 ms of start-up that a run of text files never pays)."""
    return re.compile(rf"^{instagram_chrome(_SPACE)}\s*$", re.IGNORECASE)


@functools.cache
def _shared() -> re.Pattern[str]:
    """``A post shared by`` and its translations."""
    return re.compile(rf"\b{instagram_byline(_SPACE)}(?!\w)", re.IGNORECASE)


@functools.cache
def _date_word() -> re.Pattern[str]:
    """``on`` or its translation before the shown date (``on Feb 2, 2020``, ``am 23. Okt. 2017``, ``onMar 6``)."""
    return re.compile(rf"^(?:{words(DATE_WORDS, ' ')}\s+|on(?={ENGLISH_MONTH}))", re.IGNORECASE)


_BARE_HANDLE = re.compile(r"^[—\s]*@(?P<handle>[\w.]+)\s*(?P<date>.*)$")


def parse_post_url(url: str) -> tuple[str, str] | None:
    """``(kind, shortcode)`` of an Instagram post link; ``None`` when it is not one."""
    m = _POST_URL.match(url.strip())
    if m is None:
        return None
    kind = m.group("kind").lower()
    return ("reel" if kind == "reels" else kind), m.group("code")


def canonical_url(kind: str, code: str) -> str:
    """``https://www.instagram.com/{p|reel|tv}/{shortcode}/``."""
    return f"https://www.instagram.com/{kind}/{code}/"


def matches(node: Node) -> bool:
    """A ``blockquote.instagram-media``, a rendered ``iframe.instagram-media`` or an ``amp-instagram``."""
    if "instagram-media" in node.classes and node.tag in ("blockquote", "iframe", "div"):
        return node.tag != "div" or find_first(node, lambda n: n.tag in ("blockquote", "iframe")) is None
    return node.tag == "amp-instagram" and bool(node.attr("data-shortcode"))


def _post_ref(node: Node) -> tuple[str, str] | None:
    if node.tag == "amp-instagram":
        return "p", node.attr("data-shortcode")
    for url in (node.attr("data-instgrm-permalink"), *frame_urls(node)):
        if url and (ref := parse_post_url(url)):
            return ref
    return next((ref for a in links(node) if (ref := parse_post_url(a.attr("href")))), None)


def extract(node: Node) -> Embed | None:
    """The post in ``node``: caption, author, shown date, exact time and shortcode."""
    ref = _post_ref(node)
    byline_p, caption = _split(node)
    name, handle, date_text = (None, None, "")
    created = None
    if byline_p is not None:
        byline = _shared().sub("—", " ".join(render_text(byline_p).split()), count=1)
        name, handle, date_text = read_byline(byline)
        if handle is None and (bare := _BARE_HANDLE.match(byline)):  # "A post shared by @handle"
            handle, date_text = bare.group("handle"), bare.group("date")
        date_text = _date_word().sub("", date_text.strip(), count=1).strip()
        time = find_first(byline_p, lambda n: n.tag == "time")
        created = parse_timestamp(time.attr("datetime")) if time is not None else None
    handle = handle or _profile_handle(node)
    if ref is None and not caption and handle is None:
        return None
    url = canonical_url(*ref) if ref else None
    embed = Embed(
        PLATFORM, handle, name, parse_date(date_text) if date_text else None, date_text, caption,
        ref[1] if ref else None, url, created,
    )
    return _with_rendering(embed)


def _split(node: Node) -> tuple[Node | None, str]:
    """(the byline paragraph, the caption) of a blockquote embed."""
    found = paragraphs(node)
    texts = {id(p): render_text(p) for p in found}
    byline = next((p for p in reversed(found) if "(@" in texts[id(p)] or _shared().search(texts[id(p)])), None)
    caption = "\n\n".join(
        t for p in found if p is not byline and (t := texts[id(p)]) and not _chrome().match(t)
    )
    return byline, caption


def _profile_handle(node: Node) -> str | None:
    return next((m.group("user") for a in links(node) if (m := _PROFILE_URL.match(a.attr("href")))), None)


def _with_rendering(embed: Embed) -> Embed:
    """Instagram's own rendering: the caption, then ``A post shared by Name (@handle) on Date``."""
    if embed.handle is None:
        return embed
    who = " ".join(p for p in (embed.display_name or "", f"(@{embed.handle})") if p)
    byline = f"A post shared by {who}" + (f" on {embed.date_text}" if embed.date_text else "")
    rendering = f"{embed.text}\n\n{byline}" if embed.text else byline
    return Embed(
        embed.platform, embed.handle, embed.display_name, embed.date, embed.date_text, embed.text,
        embed.status_id, embed.url, embed.created_at, embed.lang, rendering=rendering,
    )
