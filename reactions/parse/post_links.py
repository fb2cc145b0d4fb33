"""Posts embedded as their link alone: a line that holds nothing but a post's URL.

An embed whose widget a text extractor could not render leaves its link behind on a line of its own, and
WordPress, which many news sites run on, embeds a post that its author pasted as a URL alone on a line (oEmbed).
Either way the article cites that post although its words are not in the text: a reaction with the network,
the author's handle and the post's time when the URL tells them (a status id's time: :mod:`reactions.parse.snowflake`,
:func:`instagram_time`), and no text.

Read for Twitter/X, Instagram, TikTok, Threads, Bluesky, Facebook and Mastodon, by each network's own URL reader
(:mod:`reactions.parse.platforms`).  A video link (YouTube) is no one's reaction and is left.  A link is not a post
of its own when it stands inside a post found otherwise (a quoted post's link), when the article holds that post
already (the same id), or when a post of the same network and author (or of an author the text does not give)
starts or ends right next to it: the link of a rendered embed, written above or under its text.

Linear time: one ``str.find`` pass from ``/`` to ``/``, each link read within its own line (at most
:data:`_LONGEST` characters) and against the posts on either side of it (a binary search).

>>> [(r.platform.value, r.handle, r.status_id, str(r.created_at), r.text) for r in find_post_links(
...     "Fans agreed.\\n\\nhttps://twitter.com/ann/status/463440424141459456\\n\\nMore.", "a.txt", [])]
[('twitter', 'ann', '463440424141459456', '2014-05-05 22:09:42.079000+00:00', '')]
>>> find_post_links("See https://twitter.com/ann/status/463440424141459456 for more.", "a.txt", [])
[]
"""

from __future__ import annotations

import bisect
import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final
from urllib.parse import parse_qs, urlsplit

from reactions.models import Kind, Platform, Reaction, Rendering
from reactions.parse import snowflake
from reactions.parse.build import build_reaction, link_id
from reactions.parse.platforms import bluesky, facebook, instagram, mastodon, threads, tiktok
from reactions.parse.platforms.base import time_from_id

__all__ = ["find_post_links", "instagram_time", "read_post_url"]

_LONGEST: Final = 600
"""The longest line read as a link (longer: prose, or a URL no network writes)."""
_LEAD: Final = 4
"""How many spaces, tabs or ``<`` may stand before the link on its line."""
_NEAR: Final = 300
"""How close a post found otherwise must start after the link's line (or end before it) for the link to be its."""

_SHORTCODE: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_INSTAGRAM_EPOCH_MS: Final = 1314220021721
"""Instagram's id epoch (2011-08-24T21:07:01.721Z): a media id's bits above the 23 lowest count milliseconds
since it."""
_INSTAGRAM_FIRST: Final = dt.datetime(2012, 1, 1, tzinfo=dt.UTC)
"""Earlier media ids were sequential and carry no time."""

Link = tuple[Platform, str | None, str, str, dt.datetime | None]
"""What a post's URL tells: the network, the author's handle (``None``: not in the URL), the post's id on its
network, its canonical URL, and the time its id holds."""


def find_post_links(body: str, source: str, found: Sequence[Reaction]) -> list[Reaction]:
    """A reaction for each line of ``body`` holding only a post's URL that is none of the posts ``found`` (the
    embeds read otherwise, with their spans in ``body``)."""
    links: list[Reaction] = []
    known: _Known | None = None  # (made for the first link to a post: most texts hold none)
    slash = body.find("/")  # (a one-character search runs at memory speed; "http" would cost ~1 ns a character)
    while slash >= 0:
        at = _scheme_start(body, slash)
        line = _link_line(body, at) if at is not None else None
        if at is not None and line is not None and (told := read_post_url(body[at:line])) is not None:
            known = known or _Known.of(found)
            if (told[0], told[2]) not in known.ids and not _belongs_to_a_post(at, line, told, known):
                known.ids.add((told[0], told[2]))
                links.append(_reaction(told, source, (at, line)))
        slash = body.find("/", slash + 2 if line is None else line)
    return links


@dataclass(slots=True)
class _Known:
    """The posts found otherwise, in order with where each starts, and the posts' ids (with each link's as found)."""

    posts: list[Reaction]
    starts: list[int]
    ids: set[tuple[str, str | None]]

    @classmethod
    def of(cls, found: Sequence[Reaction]) -> _Known:
        posts = sorted(found, key=lambda r: r.span)
        return cls(posts, [r.span[0] for r in posts], {(r.platform, r.status_id) for r in found if r.status_id})


def _scheme_start(body: str, slash: int) -> int | None:
    """Where ``http://`` or ``https://`` starts when the ``/`` at ``slash`` opens its ``//``, else ``None``."""
    if not body.startswith("//", slash):
        return None
    if body.endswith("https:", 0, slash):
        return slash - 6
    return slash - 5 if body.endswith("http:", 0, slash) else None


def _link_line(body: str, at: int) -> int | None:
    """Where the URL at ``at`` ends when it stands alone on its line (after at most :data:`_LEAD` spaces, tabs or
    ``<``, before spaces or a ``>``), else ``None``."""
    opening = body.rfind("\n", max(0, at - _LEAD - 1), at)
    lead = body[opening + 1 if opening >= 0 else max(0, at - _LEAD - 1) : at]
    if (opening < 0 and at > _LEAD) or lead.strip(" \t<"):
        return None
    end = body.find("\n", at, at + _LONGEST)
    if end < 0:
        if len(body) - at > _LONGEST:
            return None
        end = len(body)
    url = body[at:end].rstrip(" \t\r>")
    return None if not url or any(c.isspace() for c in url) else at + len(url)


def read_post_url(url: str) -> Link | None:
    """What ``url`` tells of the post it links to, when it links to one of a network read here, else ``None``.

    >>> read_post_url("https://www.instagram.com/p/BWDX0gflSKc/?taken-by=chyna")[1:4]
    ('chyna', 'BWDX0gflSKc', 'https://www.instagram.com/p/BWDX0gflSKc/')
    >>> read_post_url("https://www.youtube.com/watch?v=MgBCnwI_Hq0") is None
    True
    """
    for reader in _READERS:
        if (told := reader(url)) is not None:
            return told
    return None


def _twitter(url: str) -> Link | None:
    status = snowflake.parse_status_url(url)
    if status is None:
        return None
    handle = status[0] if status[0] and status[0].lower() not in ("i", "intent") else None
    return Platform.TWITTER, handle, status[1], snowflake.canonical_url(handle, status[1]), snowflake.created_at(
        status[1]
    )


def _instagram(url: str) -> Link | None:
    post = instagram.parse_post_url(url)
    if post is None:
        return None
    kind, code = post
    return Platform.INSTAGRAM, _instagram_owner(url), code, instagram.canonical_url(kind, code), instagram_time(code)


def _instagram_owner(url: str) -> str | None:
    """The account an Instagram post link names: ``?taken-by=user`` (the old share links) or ``/user/p/…``."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    taken = parse_qs(parts.query).get("taken-by", [""])[0].strip()
    segments = [s for s in parts.path.split("/") if s]
    owner = taken or (segments[0] if len(segments) > 2 and segments[1].lower() in ("p", "reel", "reels", "tv") else "")
    return owner if owner and all(c.isalnum() or c in "._" for c in owner) and len(owner) <= 30 else None


def instagram_time(code: str) -> dt.datetime | None:
    """The UTC time an Instagram shortcode's media id holds (ids since 2012), else ``None`` (an older or a private
    post's code, longer than 11 characters).

    >>> str(instagram_time("BWDX0gflSKc"))
    '2017-07-02 17:32:47.512000+00:00'
    """
    if not 0 < len(code) <= 11 or any(c not in _SHORTCODE for c in code):
        return None
    number = 0
    for c in code:
        number = number * 64 + _SHORTCODE.index(c)
    moment = dt.datetime(1970, 1, 1, tzinfo=dt.UTC) + dt.timedelta(
        milliseconds=(number >> 23) + _INSTAGRAM_EPOCH_MS
    )
    return moment if _INSTAGRAM_FIRST <= moment <= dt.datetime.now(dt.UTC) + dt.timedelta(days=1) else None


def _tiktok(url: str) -> Link | None:
    video = tiktok.parse_video_url(url)
    if video is None:
        return None
    handle, video_id = video
    return Platform.TIKTOK, handle, video_id, f"https://www.tiktok.com/@{handle}/video/{video_id}", time_from_id(
        video_id, 32, 1000
    )


def _threads(url: str) -> Link | None:
    post = threads.parse_post_url(url)
    if post is None:
        return None
    return Platform.THREADS, post[0], post[1], f"https://www.threads.net/@{post[0]}/post/{post[1]}", None


def _bluesky(url: str) -> Link | None:
    post = bluesky.parse_post_ref(url) if "bsky.app" in url else None
    if post is None:
        return None
    author, key = post
    return (Platform.BLUESKY, None if author.startswith("did:") else author, key,
            f"https://bsky.app/profile/{author}/post/{key}", None)  # fmt: skip


def _facebook(url: str) -> Link | None:
    post = facebook.parse_post_url(url)
    return None if post is None else (Platform.FACEBOOK, post[0], post[1], post[2], None)


def _mastodon(url: str) -> Link | None:
    status = mastodon.parse_status_url(url)
    if status is None:
        return None
    return Platform.MASTODON, status[0], status[1], status[2], time_from_id(status[1], 16, 1)


_READERS: Final[tuple[Callable[[str], Link | None], ...]] = (
    _twitter, _instagram, _tiktok, _threads, _bluesky, _facebook, _mastodon,
)  # fmt: skip


def _belongs_to_a_post(start: int, end: int, told: Link, known: _Known) -> bool:
    """Whether the link ``body[start:end]`` stands inside a post found otherwise, or is the link of one right next
    to it: of the same network, by the same author or by one neither gives.  Only the posts on either side of the link
    are read (a binary search)."""
    platform, handle = told[0], (told[1] or "").casefold()
    after = bisect.bisect_right(known.starts, start)
    for post in known.posts[max(0, after - 2) : after + 2]:
        first, last = post.span
        if first <= start < last:
            return True
        near = start - _NEAR <= last <= start or end <= first <= end + _NEAR
        owner = (post.handle or "").lstrip("@").casefold()
        if near and post.platform == platform and (not handle or not owner or owner == handle):
            return True
    return False


def _reaction(told: Link, source: str, span: tuple[int, int]) -> Reaction:
    platform, handle, post_id, url, created = told
    return build_reaction(
        Kind.EMBED, platform, "", source, span, rendering=Rendering.LINK, confidence=0.8, handle=handle,
        date=created.date() if created else None, id_text=link_id(platform, post_id, url), status_id=post_id,
        url=url, created_at=created,
    )  # fmt: skip
