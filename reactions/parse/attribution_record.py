"""The record of an attribution line (``— Name (@handle) Date``) and what every rule that reads one shares: the
``(@handle)`` anchor, the handle and network it gives, and the credits that are no attribution.

Used by :mod:`reactions.parse.attribution` (dashes and bylines) and :mod:`reactions.parse.dashless` (attributions
whose dash was lost, the Guardian's ``Name (@handle) post`` lines).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from reactions.models import Platform, Rendering

__all__ = ["CREDIT_RE", "HANDLE_RE", "MAX_NAME", "Attribution", "handle_of", "platform_of"]

MAX_NAME = 60
"""Longest display name accepted (Twitter allows 50; a little slack for emoji)."""

HANDLE_RE = re.compile(
    r"\([ \t]*@[ \t]?(?P<handle>(?:\\_|[A-Za-z0-9_])(?:(?:\\_|[A-Za-z0-9_.]){0,29}(?:\\_|[A-Za-z0-9_]))?)"
    r"(?:@(?P<instance>[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,4}))?[ \t]*\)"
)
"""``(@handle)``; ``(@user@instance.social)`` is a Mastodon account.  Markdown renderings escape an underscore
(trafilatura with formatting writes ``(@nhk\\_news)``); :func:`handle_of` takes the escapes away."""
CREDIT_RE = re.compile(
    r"(?:(?:with[ \t]+)?(?:additional[ \t]+)?reporting|written|edited|compiled|produced|photos?|images?|video"
    r"|graphics?|illustrations?|follow|contact|email|reach|credit|courtesy|source|by|>>)\b",
    re.IGNORECASE,
)
"""A byline or credit that names a handle (``— Reporting by Jane Doe (@janedoe)``) is not an embed."""


@dataclass(slots=True)  # not frozen: a frozen record is slower to make, and this one never leaves the parser
class Attribution:
    """An attribution found in the text, before its post is cut out.

    Fields:
        start: where it begins (its dash, byline phrase or name): the post ends before it.
        end: where it ends (after its date and time).
        handle: the account without ``@``.
        name: the display name as written, or None.
        date: the date shown, or None.
        platform: the network the attribution's form points to.
        rendering: which form it has.
        problem: what was wrong with it (an unreadable date), for a warning.
        link: the URL the Markdown date links to, if any.
        post_after: the post follows it on its line (``Name (@handle) post``).
        cues: confidence deductions: name -> amount (see :mod:`reactions.parse.article`).
    """

    start: int
    end: int
    handle: str | None
    name: str | None
    date: dt.date | None
    platform: Platform
    rendering: Rendering
    problem: str | None = None
    link: str | None = None
    post_after: bool = False
    cues: dict[str, float] = field(default_factory=dict)



def handle_of(match: re.Match[str]) -> str:
    """The handle of a ``(@handle)`` match, in its platform's own form (``user@instance`` on Mastodon)."""
    instance = match.group("instance")
    handle = match.group("handle").replace("\\", "")
    return f"{handle}@{instance}" if instance else handle


def platform_of(match: re.Match[str], platform: Platform) -> Platform:
    """The network: Mastodon for ``@user@instance``; Bluesky for a handle with a dot (``user.bsky.social``,
    ``nytimes.com``) where the form is Twitter's (a Twitter handle never holds a dot)."""
    if match.group("instance"):
        return Platform.MASTODON
    if platform is Platform.TWITTER and "." in match.group("handle"):
        return Platform.BLUESKY
    return platform

