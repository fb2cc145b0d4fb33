"""Saved web pages -> :class:`~reactions.models.Article`: the page's text, metadata and embeds.

Built on selectolax's Lexbor parser (through :mod:`reactions.parse.platforms._dom`), which reads any markup
as a browser would, in linear time, and never raises.  :func:`parse_html_article`

1. reads the title and publication time (``<meta property="article:published_time">``,
   JSON-LD ``datePublished``, ``<time datetime>``);
2. walks the page in reading order, turning blocks into paragraphs (blank lines between them;
   scripts, styles, navigation and forms dropped) and every embed that a platform module of
   :mod:`reactions.parse.platforms` recognises into one paragraph holding its rendered text
   (``text — Name (@handle) Date``), so that a reaction's span points at it;
3. runs the plain-text parser (:func:`reactions.parse.article.parse_article`) over that text, so posts
   rendered as prose are found too, and keeps one reaction per post: a text reaction that overlaps
   an embed, or has its handle and text, is the embed.  A web page's reactions are what it embeds:
   quotations in its prose (``"…," Noem tweeted``) are left out unless ``quotes=True`` (a page that
   cites a post embeds it, and labelled web pages count embeds only; a plain-text article, which
   has lost its embeds' markup, keeps its quotations).

>>> page = ('<html><head><meta property="article:published_time" content="2014-05-06T09:00:00Z">'
...     '<title>Sunsets</title></head><body><p>Look:</p><blockquote class="twitter-tweet">'
...     '<p lang="en">Wow <a href="https://twitter.com/hashtag/sunset">#sunset</a></p>'
...     '&mdash; US Interior (@Interior) <a href="https://x.com/Interior/status/463440424141459456'
...     '?ref_src=twsrc%5Etfw">May 5, 2014</a></blockquote></body></html>')
>>> is_html(page), is_html("I <3 cats, and a < b > c")
(True, False)
>>> article = parse_html_article(page, "sunsets.html")
>>> article.title, str(article.published_at), article.text
('Sunsets', '2014-05-06 09:00:00+00:00', 'Look:\\n\\nWow #sunset — US Interior (@Interior) May 5, 2014')
>>> r = article.reactions[0]
>>> r.handle, r.text, r.hashtags, r.status_id, str(r.created_at), r.lang
('Interior', 'Wow #sunset', ('sunset',), '463440424141459456', '2014-05-05 22:09:42.079000+00:00', 'en')
>>> r.url
'https://twitter.com/Interior/status/463440424141459456'
"""

from __future__ import annotations

import bisect
import datetime as dt
import itertools
import json
import logging
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from reactions.models import Article, Kind, Reaction, Rendering
from reactions.parse.article import parse_article, text_fingerprint
from reactions.parse.kept_markup import GATED_TAGS, Budget, attribute_markup, gated_markup, kept_attribute_names
from reactions.parse.markup import reaction_from_embed
from reactions.parse.page_dates import first_stamp
from reactions.parse.platforms import CUES, Embed, match_embed
from reactions.parse.platforms._dom import (
    BLOCK_TAGS,
    Node,
    image_text,
    iter_elements,
    parse_dom,
    parse_dom_indexed,
    raw_text,
    render_text,
    tidy,
    unbroken,
)
from reactions.parse.text import clean_text

logger = logging.getLogger(__name__)

__all__ = ["is_html", "parse_html_article"]

_SNIFF_CHARS = 65536
_PAGE_START_RE = re.compile(r"<(?:!doctype[ \t\r\n]{1,20}html|html[\s>]|head[\s>]|body[\s>])", re.IGNORECASE)
_PAGE_TAG_RE = re.compile(
    r"^[ \t]*<(?:!doctype[ \t\r\n]{1,20}html|html|head|body|title|meta)[\s>/]", re.IGNORECASE | re.MULTILINE
)
"""A tag only a page has, opening a line (text before a page: a header, a saved-from note)."""
_TAG_RE = re.compile(
    r"<(/?)(html|head|body|p|div|span|a|br|blockquote|article|section|main|script|style|meta|link|title|"
    r"iframe|h[1-6]|ul|ol|li|img|em|strong|figure|table|tr|td|header|footer|nav)\b(?:\s[^<>]*)?/?>",
    re.I,
)
_DROP_TAGS = frozenset({
    "head", "script", "style", "noscript", "template", "svg", "math", "form", "button", "select",
    "textarea", "iframe", "object", "embed", "canvas", "audio", "video", "map", "dialog",
})
_CHROME_TAGS = frozenset({"nav", "header", "footer", "aside"})
"""Page furniture, dropped unless it sits inside the ``<article>`` or ``<main>``."""
_DATE_META = (
    "article:published_time", "og:published_time", "datepublished", "article.published",
    "publish-date", "publishdate", "pubdate", "parsely-pub-date", "sailthru.date", "date",
    "dc.date.issued", "dc.date", "dcterms.created", "dcterms.issued", "publication_date",
)
_TITLE_META = ("og:title", "twitter:title")


def is_html(text: str) -> bool:
    """Whether ``text`` is a web page (or a fragment of markup), judged by its content: a doctype or
    ``<html>``/``<head>``/``<body>`` start (after a BOM, an XML declaration and comments), or real markup: a tag
    only a page has (``<html>``, ``<head>``, ``<body>``, ``<title>``, ``<meta>``, a doctype) opening a line, or
    markup from the first character, and in both cases three real tags, one of them closing.

    Plain text with a stray ``<3``, ``a < b`` or a post that names ``<title>.js`` is not HTML, and neither is an
    article that only holds an embed's code in its text (the text parser reads that markup itself).  Every check
    is a bounded scan.

    >>> fragment = '<blockquote class="twitter-tweet"><p>hi</p></blockquote>'
    >>> is_html("<!DOCTYPE html><title>x</title>"), is_html(fragment), is_html("<!---->" * 30 + "x")
    (True, True, False)
    >>> is_html("Love it <3 <3"), is_html("if a<b and c>d then <b>"), is_html("Look:\\n" + fragment)
    (False, False, False)
    >>> is_html('She wrote "<title>.js is dead" and <meta> tags'), is_html("Saved\\n<html><body><p>x</p></body>")
    (False, True)
    """
    head = text[:_SNIFF_CHARS]
    if "<" not in head:
        return False  # every check below needs a tag (most articles: one scan, no regex)
    start = _after_preamble(head)
    if _PAGE_START_RE.match(head, start):
        return True
    if not head.startswith("<", start) and not _PAGE_TAG_RE.search(head):
        return False
    tags = _TAG_RE.findall(head)
    closing = sum(1 for slash, _ in tags if slash)
    return len(tags) >= 3 and closing >= 1


def _after_preamble(text: str) -> int:
    """Where a page's content starts: past a BOM, white space, an XML declaration and comments."""
    pos = 1 if text.startswith("\ufeff") else 0
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if text.startswith("<?xml", pos):
            end = text.find(">", pos)
        elif text.startswith("<!--", pos):
            end = text.find("-->", pos + 4)
            end = end + 2 if end >= 0 else -1
        else:
            return pos
        if end < 0:
            return pos
        pos = end + 1


@dataclass(frozen=True, slots=True)
class _Meta:
    title: str | None
    date: dt.date | None
    published_at: dt.datetime | None
    url: str | None = None


def parse_html_article(text: str, source: str | None = None, *, quotes: bool = False) -> Article:
    """Parse one saved web page (or HTML fragment) into an :class:`Article`; ``quotes``: also the posts quoted
    in the page's prose.  Never raises on a ``str``."""
    source = source or "<html>"
    text = text if isinstance(text, str) else ""
    root, tagged = parse_dom_indexed(text, _META_TAGS)
    meta = _metadata(root, tagged)
    budget = Budget(attributes=kept_attribute_names(text))
    blocks = [clean_text(b) if isinstance(b, str) else _cleaned(b) for b in _blocks(root, budget)]
    body = "\n\n".join(r for b in blocks if (r := b if isinstance(b, str) else b.rendered()))
    base = parse_article(body, source)
    warnings = list(base.warnings)
    embeds = _place_embeds(base.text, [b for b in blocks if isinstance(b, Embed)], source, warnings)
    found = base.reactions if quotes else [r for r in base.reactions if r.kind is not Kind.QUOTE]
    reactions = _merge(embeds, found)
    for warning in warnings[len(base.warnings) :]:
        logger.warning("%s: %s", source, warning)
    return Article(
        source=source,
        title=meta.title or base.title,
        date=meta.date,
        text=base.text,
        reactions=reactions,
        warnings=tuple(warnings),
        published_at=meta.published_at,
        url=meta.url,
    )


# -- reading order: paragraphs and embeds ------------------------------------------------------


def _blocks(root: Node, budget: Budget) -> Iterator[str | Embed]:
    """The page's paragraphs (tidied text) and embeds, in reading order."""
    buffer: list[str] = []
    stack: list[Node | str | None] = [root]  # None: a paragraph break; _LEAVE: the end of the article
    in_article = False
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            buffer.append(unbroken(item))
            continue
        if item is _LEAVE:
            in_article = False
            continue
        tag = "" if item is None else item.tag
        if item is None or tag in BLOCK_TAGS:
            if buffer and (paragraph := tidy("".join(buffer))):
                yield paragraph
            buffer.clear()
            if item is None:
                continue
        if tag == "br":
            buffer.append("\n")
            continue
        if tag == "img":
            buffer.append(image_text(item))
            continue
        embed = _embed_at(item) if _MAY_EMBED(item) else None
        if embed is not None:
            yield embed
            continue
        if _is_dropped(item, in_article):
            yield from _embeds_within(item, budget)
            continue
        if budget.attributes and (markup := _kept_in_attributes(item, budget)) and budget.spend(len(markup)):
            yield from _embeds_within(parse_dom(markup))  # a placeholder's embed code; its own text follows
        if not in_article and tag in ("article", "main"):
            stack.append(_LEAVE)  # popped once every element inside has been
            in_article = True
        if tag in BLOCK_TAGS:
            stack.append(None)
        stack.extend(reversed(item.children))
    if paragraph := tidy("".join(buffer)):
        yield paragraph


_MAY_EMBED = CUES.shown_by
"""Whether an element shows a cue of any platform (most do not): asked before :func:`_embed_at`, a call spared."""
_LEAVE = Node("#leave")
"""Marks, on the reading walk's stack, where the outermost ``<article>`` or ``<main>`` ends."""


def _cleaned(embed: Embed) -> Embed:
    """The embed's text fields cleaned as the plain-text parser cleans an article (idempotent)."""
    return replace(
        embed,
        text=clean_text(embed.text).strip(),
        display_name=clean_text(embed.display_name) if embed.display_name else embed.display_name,
        rendering=clean_text(embed.rendering) if embed.rendering is not None else None,
    )


def _is_dropped(node: Node, in_article: bool) -> bool:
    if node.tag in _DROP_TAGS or "hidden" in node.attrs or node.attr("aria-hidden") == "true":
        return True
    return node.tag in _CHROME_TAGS and not in_article


def _embeds_within(node: Node, budget: Budget | None = None) -> list[Embed]:
    """The outermost embeds under ``node`` (an element whose text is not shown), and, while ``budget`` lasts,
    those in the embed code kept back as text under it (:mod:`reactions.parse.kept_markup`): that code is
    parsed once more, and what it holds is not parsed again (``budget`` ``None``)."""
    found: list[Embed] = []

    def take(n: Node) -> bool:
        embed = _embed_at(n) if _MAY_EMBED(n) else None
        if embed is not None:
            found.append(embed)
        elif (
            budget is not None
            and (n.tag in GATED_TAGS or budget.attributes)  # most elements: no call below
            and (markup := _kept_markup(n, budget))
            and budget.spend(len(markup))
        ):
            found.extend(_embeds_within(parse_dom(markup)))
        return embed is not None

    for _ in iter_elements(node, skip=take):
        pass
    return found


def _kept_markup(node: Node, budget: Budget) -> str:
    """The embed code ``node`` keeps back as its text or, on a page where any may, in an attribute (asked of
    every element a dropped one holds: the cheap tests first)."""
    if node.tag in GATED_TAGS and (markup := gated_markup(node)):
        return markup
    return _kept_in_attributes(node, budget)


def _kept_in_attributes(node: Node, budget: Budget) -> str:
    """The embed code ``node`` keeps in one of the attributes its page may keep some in (``""``: none)."""
    names = budget.attributes
    return attribute_markup(node, names) if names and node.attrs and not names.isdisjoint(node.attrs) else ""


def _embed_at(node: Node) -> Embed | None:
    extractor = match_embed(node)
    if extractor is None:
        return None
    try:
        return extractor.extract(node)
    except (ValueError, IndexError, KeyError) as error:  # a malformed embed is a warning, not a crash
        logger.warning("malformed %s embed skipped: %s", extractor.platform, error)
        return None


# -- reactions --------------------------------------------------------------------------------


def _place_embeds(
    text: str, embeds: list[Embed], source: str, warnings: list[str]
) -> list[Reaction]:
    """Reactions for the embeds, each with its span in ``text`` (found in order)."""
    reactions: list[Reaction] = []
    cursor = 0
    for embed in _drop_duplicate_ids(embeds):
        rendered = embed.rendered()
        start = text.find(rendered, cursor) if rendered else -1
        if start < 0:
            start = text.find(embed.text, cursor) if embed.text else -1
            end = start + len(embed.text)
        else:
            end = start + len(rendered)
        span = (start, end) if start >= 0 else (cursor, cursor)
        cursor = max(cursor, span[1])
        warnings.extend(embed.warnings)
        if embed.handle is None and embed.status_id is None:
            warnings.append(f"{embed.platform} embed at {span[0]} names neither its author nor its post")
        reactions.append(_reaction(embed, source, span))
    return reactions


def _drop_duplicate_ids(embeds: list[Embed]) -> list[Embed]:
    """One embed per post id: a page that holds a post twice (a rendered widget and its
    ``<noscript>`` fallback, an AMP copy) keeps the first copy that has text, else the first."""
    best: dict[tuple[str, str], Embed] = {}
    for e in embeds:
        if e.status_id is not None:
            key = (str(e.platform), e.status_id)
            if key not in best or (e.text and not best[key].text):
                best[key] = e
    return [e for e in embeds if e.status_id is None or best[(str(e.platform), e.status_id)] is e]


def _reaction(embed: Embed, source: str, span: tuple[int, int]) -> Reaction:
    return reaction_from_embed(embed, source, span, Rendering.HTML, clean=False)


def _merge(embeds: list[Reaction], found: Iterable[Reaction]) -> tuple[Reaction, ...]:
    """Embeds plus the text reactions that are not one of them: by overlap, by handle and text, or, for a
    quotation in the prose, by words that begin one of the embedded posts (a page that embeds a post and
    quotes it too cites one post).  Each test is a set look-up or a binary search over the embeds' spans:
    a page of n embeds costs n log n, never n times its text reactions."""
    keys = {(_key(r.handle), text_fingerprint(r.text)) for r in embeds if r.text}
    openings = {text_fingerprint(r.text)[:_ECHO] for r in embeds if len(text_fingerprint(r.text)) >= _ECHO}
    spans = _Spans(r.span for r in embeds)

    def is_embed(r: Reaction) -> bool:
        fingerprint = text_fingerprint(r.text)
        if r.kind is Kind.QUOTE and fingerprint[:_ECHO] in openings:
            return True
        return spans.overlaps(r.span) or (_key(r.handle), fingerprint) in keys

    extra = [r for r in found if not is_embed(r)]
    return tuple(sorted((*embeds, *extra), key=lambda r: r.span))


class _Spans:
    """Spans ``(start, end)`` asked whether any overlaps a given span, in log time: sorted by start, with the
    largest end among each prefix (an overlap is a span that starts before the given end and ends after its
    start)."""

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        ordered = sorted(spans)
        self.starts = [start for start, _ in ordered]
        self.reach = list(itertools.accumulate((end for _, end in ordered), max))

    def overlaps(self, span: tuple[int, int]) -> bool:
        """Whether a stored span overlaps ``span``: shares a character with it (an empty span inside it counts)."""
        before = bisect.bisect_left(self.starts, span[1])  # the spans that start before ``span`` ends
        return before > 0 and self.reach[before - 1] > span[0]


_ECHO = 16
"""Letters and digits a quotation shares with the opening of an embedded post to be that post."""


def _key(handle: str | None) -> str:
    return (handle or "").lstrip("@").casefold()


# -- metadata ---------------------------------------------------------------------------------


_META_TAGS = frozenset({"meta", "link", "script", "time", "h1", "title"})
"""The elements metadata is read from, gathered in one walk of the page."""


def _metadata(root: Node, found: dict[str, list[Node]] | None = None) -> _Meta:
    """The page's title, time and address from its :data:`_META_TAGS` (``found``, else gathered in a walk)."""
    if found is None:
        found = {tag: [] for tag in _META_TAGS}
        for node in iter_elements(root):
            if node.tag in _META_TAGS:
                found[node.tag].append(node)
    metas: dict[str, str] = {}
    for node in found["meta"]:
        key = (node.attr("property") or node.attr("name") or node.attr("itemprop")).strip().lower()
        if key and node.attr("content").strip():
            metas.setdefault(key, node.attr("content").strip())
    title = next((metas[k] for k in _TITLE_META if k in metas), None) or _first_text(found["h1"], found["title"])
    date, published = first_stamp(_stamps(metas, found))
    return _Meta(tidy(title) or None if title else None, date, published, _page_url(found["link"], metas))


def _stamps(metas: dict[str, str], found: dict[str, list[Node]]) -> Iterator[str]:
    """The page's publication times, most trusted first: its date metas, JSON-LD, ``<time datetime>``."""
    yield from (metas[k] for k in _DATE_META if k in metas)
    yield from filter(None, (_json_ld_date(found["script"]), _time_date(found["time"])))


def _page_url(links: list[Node], metas: dict[str, str]) -> str | None:
    """The page's own address: the first absolute ``http(s)`` URL of its ``<link rel="canonical">`` and its
    ``og:url`` (a protocol-relative ``//host/path`` read as ``https:``); a relative one (``/path``, an id) is
    passed over, so that an ``og:url`` after it still counts."""
    canonical = [n.attr("href") for n in links if "canonical" in n.attr("rel").lower().split()]
    for found in (*canonical, metas.get("og:url", "")):
        found = found.strip()
        found = "https:" + found if found.startswith("//") else found
        if found[:8].lower().startswith(("http://", "https://")) and len(found) < 2048:
            return found
    return None


def _first_text(*choices: list[Node]) -> str | None:
    """The text of the first element of the first list whose first element shows any."""
    for nodes in choices:
        if nodes and (text := render_text(nodes[0])):
            return text.replace("\n", " ")
    return None


def _json_ld_date(scripts: list[Node]) -> str | None:
    for node in (n for n in scripts if "ld+json" in n.attr("type").lower()):
        try:
            data = json.loads(raw_text(node))
        except (ValueError, RecursionError):
            continue
        if found := _find_key(data, "datePublished"):
            return found
    return None


def _find_key(data: object, key: str) -> str | None:
    stack = [data]
    while stack:
        item = stack.pop(0)
        if isinstance(item, dict):
            if isinstance(item.get(key), str):
                return str(item[key])
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None


def _time_date(elements: list[Node]) -> str | None:
    times = [n for n in elements if n.attr("datetime")]
    preferred = [t for t in times if "pubdate" in t.attrs or t.attr("itemprop") == "datePublished"]
    chosen = preferred or times
    return chosen[0].attr("datetime") if chosen else None
