"""The poster of a quotation that an embedded post right after it repeats: the name on that post's byline.

Articles often quote a post in their prose and then embed it (``"…," she tweeted.`` over ``… — Emily Maynard
(@EmilyMaynard) May 30, 2017``, or ``A post shared by Tristan Thompson (@realtristan13)`` under the caption), or
embed it first and quote it after: when the prose names no one the quotation's pronoun may stand for, the embed's
byline does.  A byline counts only when
the words between the quotation and it start with the quotation's own first letters and digits
(:data:`reactions.parse.echoes.ECHO_KEY` of them, as :mod:`reactions.parse.echoes` tells a repeated post), and it
gives a name written as one (``P!nk``, ``ye`` name no one here).

Pure functions over a bounded stretch of the article after the quotation (:data:`_AFTER`).

>>> body = '"We are safe tonight, thank you all," she tweeted.\\n\\nWe are safe tonight, thank you all — Ann Lee (@ann)'
>>> echoed_author(body, 0)
'Ann Lee'
>>> echoed_author('"We are safe tonight," she said.\\n\\nSomething else — Ann Lee (@ann)', 0) is None
True
"""

from __future__ import annotations

import re

from reactions.models import Platform
from reactions.parse.build import text_fingerprint
from reactions.parse.echoes import ECHO_KEY

__all__ = ["LONG_KEY", "echoed_author", "echoed_byline", "echoed_network"]

_QUOTATION_RE = re.compile(r'"([^"\n]{1,2000})"|“([^”\n]{1,2000})”')
_BYLINE_RE = re.compile(
    r"(?:—|–|A (?:post shared|photo posted|video posted) by)[ \t]{1,3}"
    r"(?P<name>[A-Z][\w'’.-]{1,30}(?:[ \t][A-Z][\w'’.-]{1,30}){0,3})[ \t]{1,3}\(@(?P<handle>\w{1,30})\)"
)
"""A post's byline (``— Emily Maynard (@EmilyMaynard)``, ``A post shared by Tristan Thompson (@realtristan13)``)
whose name is written as a name: capitalised words only."""
_ANY_BYLINE_RE = re.compile(
    r"(?:—|–|A (?:post shared|photo posted|video posted) by)[^\n—–(]{0,60}\(@\w{1,30}\)"
    r"|A (?:post shared|photo posted|video posted) by[ \t]{1,3}@\w{1,30}"
)
"""Any post's byline, its name written as a name or not (``— bettemidler (@BetteMidler)``), or no name at all
(``A photo posted by @skylarastin``)."""
LONG_KEY = 30
"""Letters and digits of the quotation a post must repeat to outweigh a name the prose gives: more than telling a
repeated post asks, since a quotation may open like a post that answers it (``"The Mayor of San Juan, who was
…"`` and ``"The Mayor of San Juan is the perfect example …"``)."""
_AFTER = 700
"""How far after the quotation (or before it) its embed's byline is looked for."""
_QUOTED_REACH = 2300
"""How far after ``body[at]`` the quotation's marks are looked for (its opening within 300 characters)."""
_BYLINE_REACH = _QUOTED_REACH + _AFTER + 200
"""How far after ``body[at]`` any byline's ``(@`` may end: a byline found within :data:`_AFTER` characters of the
quotation's end starts there, and its ``(@`` comes at most 152 characters after its start (:data:`_BYLINE_RE`)."""


def echoed_author(body: str, at: int) -> str | None:
    """The name on the byline of the embedded post right after the quotation at ``body[at]`` (its first quoted
    words within 300 characters) when that post repeats the quotation (see the module), else None."""
    found = echoed_byline(body, at)
    return found[0] if found else None


def echoed_byline(body: str, at: int, key_length: int = ECHO_KEY) -> tuple[str, str] | None:
    """:func:`echoed_author`'s name and the byline's handle (``("Stiley Jay", "missjuliastiles")``), else None;
    the post repeating the quotation's first ``key_length`` letters and digits (its whole text when shorter)."""
    byline = _echoed_match(body, at, key_length)
    if byline is None or byline.group("name").split()[0] in _ARTICLES:
        return None  # ("— The View (@TheView)": a show's, not a name)
    return byline.group("name"), byline.group("handle")


def echoed_network(body: str, match: re.Match[str]) -> Platform:
    """The network of the post embedded next to the quotation ``match`` that repeats it (as :func:`echoed_byline`
    finds it, whoever the byline names): ``instagram`` under ``A post shared by …``, ``twitter`` over a dash
    byline dated as Twitter's embeds date it (``— Ann Lee (@ann) May 2, 2019``), else ``unknown``.

    >>> body = '"Safe tonight, thank you all," one wrote.\\n\\nSafe tonight, thank you all — Ann Lee (@a) May 2, 2019'
    >>> echoed_network(body, re.match('"[^"]+"', body)).value
    'twitter'
    """
    byline = _echoed_match(body, match.start(), ECHO_KEY)
    if byline is None:
        return Platform.UNKNOWN
    if byline.group(0).startswith("A "):
        return Platform.INSTAGRAM
    return Platform.TWITTER if _TWEET_DATE_RE.match(body, byline.end()) else Platform.UNKNOWN


_TWEET_DATE_RE = re.compile(
    r"[ \t]{1,3}(?:January|February|March|April|May|June|July|August|September|October|November|December)"
    r"[ \t]\d{1,2},[ \t]\d{4}"
)
"""The date after a dash byline in Twitter's embed (``May 2, 2019``)."""


def _echoed_match(body: str, at: int, key_length: int) -> re.Match[str] | None:
    """The byline of the post that repeats the quotation at ``body[at]`` (see :func:`echoed_byline`), else None.
    Every byline :data:`_BYLINE_RE` finds holds ``(@``: with no ``@`` within reach either side, nothing is read (an
    ``@`` looked for, not ``(@``: ``str.find`` reads one character with ``memchr``, two one by one)."""
    if body.find("@", max(0, at - _AFTER), at + _BYLINE_REACH) < 0:
        return None  # (the quotation not looked for: 62 % of the bulk corpus's asks)
    quoted = _QUOTATION_RE.search(body, at, at + _QUOTED_REACH)
    if quoted is None or quoted.start() - at > 300:
        return None
    words = text_fingerprint(quoted.group(1) or quoted.group(2))
    key = words[:key_length]
    if len(key) < ECHO_KEY:
        return None
    after = _ANY_BYLINE_RE.search(body, quoted.end(), quoted.end() + _AFTER)  # the first post after it only
    byline = _BYLINE_RE.match(body, after.start()) if after else None
    if byline is None or key not in text_fingerprint(body[quoted.end() : byline.start()]):
        byline = _byline_before(body, at, key, words[:LONG_KEY])
    return byline


def _byline_before(body: str, at: int, key: str, long_key: str) -> re.Match[str] | None:
    """The byline of a post embedded in the :data:`_AFTER` characters before ``body[at]`` whose line (the post's
    text before its byline) opens with ``key`` or holds ``long_key`` (the quotation's first :data:`LONG_KEY`
    letters and digits), the last such, else None: a post that only names whom the quotation names (``I give it
    6 weeks before Jennifer Lawrence …`` before ``"Jennifer Lawrence broke up …," another wrote``) is another."""
    found = None
    for byline in _BYLINE_RE.finditer(body, max(0, at - _AFTER), at):
        line = text_fingerprint(body[body.rfind("\n", 0, byline.start()) + 1 : byline.start()])
        if line.startswith(key) or (len(long_key) >= LONG_KEY and long_key in line):
            found = byline
    return found


_ARTICLES = frozenset({"The", "A", "An"})
