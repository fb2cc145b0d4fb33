"""``X``, the name Twitter has gone by since 2023, where prose names it as the network a post is on.

A bare ``X`` is any letter (``X-ray``, ``Malcolm X``, ``Generation X``, ``Project X``), so the platform words that
tell a quotation its platform leave it out (:func:`reactions.parse.networks.platform_words`).  It names the network
where a post is placed on it or where the prose says what it used to be called:

- after a preposition of place, quoted or not: ``…said in a post on X.``, ``took to X``, ``via X``, ``on 'X'``;
- before what it used to be called: ``X (formerly Twitter)``, ``X, formerly known as Twitter``;
- as an account's or a post's network: ``an X post``, ``his X account``, ``the mayor's X handle``.

``X`` must be a capital standing alone (not ``X-ray``, ``X’s``, ``SpaceX``), and the names of shows and events
that open with it stay theirs (``on X Factor``, ``the X Games``).  The pattern has no unbounded repeat: linear.

>>> [names_x(text) for text in ("he said in a post on X.", "She took to X to vent", "via 'X' on Sunday")]
[True, True, True]
>>> [names_x(text) for text in ("an X-ray of his knee", "Malcolm X wrote", "on X Factor", "Generation X")]
[False, False, False, False]
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["X_PLACE_RE", "names_x", "x_places"]

_X: Final = r"X(?![\w-]|['’]s\b|[ \t]{1,3}(?:Factor|Games|Files|Corp|Æ)\b)"
"""A capital ``X`` standing alone, not a show's or an event's name (``X Factor``, ``X Games``)."""

X_PLACE_RE: Final = re.compile(
    r"\b(?i:on|to|onto|via)[ \t]{1,3}['‘\"“]?" + _X + r"['’\"”]?"
    r"|\b" + _X + r"[ \t]{0,2}[,(][ \t]{0,2}(?i:formerly|previously|once|earlier)\b"
    r"|(?:\b(?i:an?|the|his|her|their|its|my|our|your)|\w['’]s)[ \t]{1,3}" + _X
    + r"[ \t]{1,3}(?:post|posts|handle|handles|account|accounts|thread|threads|bio|feed|timeline)\b"
)
"""``X`` named as the network (see the module)."""


def names_x(text: str) -> bool:
    """Whether ``text`` names ``X`` as the network a post is on (see the module)."""
    return "X" in text and X_PLACE_RE.search(text) is not None


_AROUND: Final = (12, 30)
"""How far before and after a capital ``X`` a match of :data:`X_PLACE_RE` holding it may reach."""


def x_places(text: str) -> list[tuple[int, int]]:
    """The spans of :data:`X_PLACE_RE`'s matches in ``text``, in order: searched only around each capital ``X`` that
    stands alone (the pattern, opening with an alternation, would be tried at every character of the whole text)."""
    spans: set[tuple[int, int]] = set()
    at = text.find("X")
    while at >= 0:
        if not text[at - 1 : at].isalnum() and not text[at + 1 : at + 2].isalnum():
            lo, hi = max(0, at - _AROUND[0]), min(len(text), at + _AROUND[1])
            found = (match.span() for match in X_PLACE_RE.finditer(text, lo, hi))
            spans.update(span for span in found if span[0] <= at < span[1])
        at = text.find("X", at + 1)
    return sorted(spans)
