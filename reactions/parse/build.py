"""Reaction records from parsed pieces: the stable id, the entities, the first citation.

Shared by every finder (plain-text embeds, quotes, HTML embeds); pure functions, no I/O.

>>> r = build_reaction(Kind.EMBED, "twitter", "Wow #tbt", "a.txt", (0, 8), rendering=Rendering.DASH, confidence=1,
...                    handle="ann")
>>> r.hashtags, r.citations[0].span, len(r.id)
(('tbt',), (0, 8), 16)
"""

from __future__ import annotations

import bisect
import datetime as dt
import functools
import hashlib
import re
import unicodedata
from collections.abc import Sequence
from typing import Any

from reactions.models import Citation, Kind, Reaction, Rendering, whole_text
from reactions.parse.entities import entity_fields

__all__ = ["build_reaction", "link_id", "overlaps", "reaction_id", "text_fingerprint"]


def reaction_id(handle: str | None, date: dt.date | None, text: str) -> str:
    """A stable id for a post: 16 hex digits of SHA-256 over its normalised handle, date and text.

    The text is normalised so that two renderings of one post agree: NFKC, case-folded,
    links dropped, and only letters, digits, symbols and emoji kept (no spaces, punctuation,
    variation selectors or joiners).

    >>> day = dt.date(2020, 2, 2)
    >>> reaction_id("Ann", day, "Hello,  world! pic.twitter.com/x") == reaction_id("ann", day, "hello world")
    True
    """
    key = "\x1f".join((
        (handle or "").casefold(),
        date.isoformat() if date else "",
        text_fingerprint(text),
    ))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


_LINK_RE = re.compile(
    r"(?-i:[hHpP])(?:(?<=[hH])ttps?://|(?<=[pP])(?<![\w.].)ic\.(?:twitter|x)\.com/)\S*", re.IGNORECASE
)
"""``https?://…`` or a ``pic.twitter.com/…`` link not glued to a word.  (Written to open with a plain
class, which lets ``re`` skip ahead to an ``h`` or a ``p``; only these four characters match the first
letter of ``https?://`` or ``pic`` in any case.)"""


def link_id(platform: str, post_id: str | None, url: str | None) -> str:
    """What stands for the text in the id of a post that kept none (a rendered frame, a link alone): its network
    and its id there, else its URL without the scheme.  (A URL as it is would count for nothing:
    :func:`text_fingerprint` drops links, and two such posts by one author on one day would be one.)

    >>> link_id("instagram", "BbX3Xm0hWNJ", None), link_id("youtube", None, "https://youtu.be/abc")
    ('instagram BbX3Xm0hWNJ', 'youtu.be/abc')
    """
    return f"{platform} {post_id}" if post_id else (url or "").partition("://")[2] or (url or "")


def text_fingerprint(text: str) -> str:
    """The normalised text that ids hash: NFKC, case-folded, no links, spaces or punctuation."""
    if "://" in text or "pic." in text or "PIC." in text:
        text = _LINK_RE.sub(" ", text)
    folded = unicodedata.normalize("NFKC", text).casefold()
    if folded.isascii():
        return folded.encode("ascii").translate(None, _ASCII_NOISE).decode("ascii")
    # UTF-8 writes every non-ASCII character with bytes >= 0x80 only, so deleting ASCII bytes
    # removes exactly the ASCII noise characters.
    folded = folded.encode("utf-8", "surrogatepass").translate(None, _ASCII_NOISE).decode("utf-8", "surrogatepass")
    return folded if folded.isascii() else _NON_ASCII_RE.sub(_kept, folded)


_ASCII_NOISE = bytes([*range(0x00, 0x30), *range(0x3A, 0x41), *range(0x5B, 0x61), *range(0x7B, 0x80)])
"""ASCII characters that are not letters or digits: spaces, punctuation, controls."""
_NON_ASCII_RE = re.compile(r"[^\x00-\x7f]")


@functools.lru_cache(maxsize=8192)
def _kept_char(char: str) -> str:
    """The character, or "" for punctuation, separators, controls, joiners and variation selectors."""
    return "" if unicodedata.category(char)[0] in "PZC" or char in "\ufe0e\ufe0f" else char


def _kept(match: re.Match[str]) -> str:
    return _kept_char(match.group())


def build_reaction(
    kind: Kind,
    platform: str,
    text: str,
    source: str,
    span: tuple[int, int],
    *,
    rendering: Rendering,
    confidence: float,
    handle: str | None = None,
    display_name: str | None = None,
    date: dt.date | None = None,
    id_text: str | None = None,
    **fields: Any,
) -> Reaction:
    """A :class:`Reaction` with its id, entities and first citation derived from its text.

    ``fields`` sets any other Reaction field and wins over what the text gives (hashtags read
    from an embed's links, ``status_id``, ``url``, …).  ``id_text`` replaces the text in the id
    for posts that have none (a video embed is identified by its URL).  The entities are read from
    the whole post: the text and its ``continued`` pieces (a hashtag in a quotation's later piece).
    """
    hashtags, mentions, urls, media, emoji = entity_fields(whole_text(text, fields.get("continued")))
    given = fields.pop
    # a field given empty does not replace what the text gives; any other given field is kept as given.  Passed in
    # the order of the record's fields, not by name: matching 23 keywords cost 2 µs of the record's ~5.
    reaction = Reaction(
        reaction_id(handle, date, text if id_text is None else id_text),
        kind,
        platform,
        handle,
        display_name,
        date,
        text,
        given("hashtags", None) or hashtags,
        given("mentions", None) or mentions,
        given("urls", None) or urls,
        given("media", None) or media,
        given("emoji", None) or emoji,
        source,
        span,
        given("citations", None) or (Citation(source, span),),
        given("status_id", None),
        given("url", None),
        given("created_at", None),
        given("lang", None),
        rendering,
        round(min(1.0, max(0.0, confidence)), 2),
        given("author", None) or (handle if kind is Kind.EMBED else None),
        given("continued", None) or (),
    )
    if fields:
        raise TypeError(f"build_reaction() got fields a Reaction does not have or sets itself: {sorted(fields)}")
    return reaction


def overlaps(span: tuple[int, int], spans: Sequence[tuple[int, int]]) -> bool:
    """Whether ``span`` overlaps any of the sorted, disjoint ``spans``."""
    i = bisect.bisect_right(spans, (span[1],))
    return i > 0 and spans[i - 1][1] > span[0]
