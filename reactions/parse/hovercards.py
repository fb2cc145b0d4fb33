"""A site's profile cards glued into the prose: the person's full name and other stories' headlines after a name.

Some sites (The Hill) follow a person's name with a card that a scrape keeps as text: the person's full name, the
headlines of three stories about them glued to it, and ``MORE``::

    President Trump Donald John TrumpHouse passes bill … Senate GOP … MORE said on Friday

The card ends its name's sentence for every reader of the prose: ``Trump Donald`` is taken for a full name, the
subject of ``said`` is lost.  :func:`without_hovercards` removes each card, the name before it kept
(``President Trump said on Friday``).  A card is recognised by its shape: a name's last word, a space, at most
three capitalised words (the full name's others, ``(Mitch)`` among them), the same last word glued to the first
headline's capital, letter or mark, then ``MORE`` on the same line within :data:`_REACH` characters.

Linear: each ``MORE`` is looked for once, each card read within its bounded window.

>>> without_hovercards("Sen. Lindsey Graham Lindsey Olin GrahamGraham says no The Hill's Report MORE (R-S.C.) said")
'Sen. Lindsey Graham (R-S.C.) said'
>>> without_hovercards("He asked for MORE time.")
'He asked for MORE time.'
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["without_hovercards"]

_REACH: Final = 600
"""How far after a name its card's ``MORE`` may stand (three headlines)."""

_CARD_RE: Final = re.compile(
    r"\b(?P<last>[A-Z][\w'’-]{1,30})(?P<card>[ \t](?:[A-Z(][\w'’.()-]{0,30}[ \t]){0,3}(?P=last)"
    r"(?=[A-Z0-9'‘\"“])[^\n]{0," + str(_REACH) + r"}?[ \t]MORE)\b"
)
"""A card after a name's last word (the ``card`` group: what is removed)."""


def without_hovercards(text: str) -> str:
    """``text`` without the profile cards a site glued after names (see the module); ``text`` itself when it holds
    no `` MORE``."""
    if " MORE" not in text:
        return text
    pieces, done = [], 0
    at = text.find(" MORE")
    while at >= 0:
        window_start = max(done, text.rfind("\n", 0, at) + 1, at - _REACH - 100)
        card = _CARD_RE.search(text, window_start, at + 5)
        if card is not None and card.end() == at + 5:
            pieces.append(text[done : card.start("card")])
            done = card.end()
        at = text.find(" MORE", at + 5)
    pieces.append(text[done:])
    return "".join(pieces)
