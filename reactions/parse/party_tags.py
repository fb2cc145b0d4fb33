"""A lawmaker's party and state in brackets between the name and its verb: ``Sen. Tim Kaine (D-Va.) tweeted``.

American news writes a member of Congress with a party letter and a state after the name (``Sen. Marco Rubio
(R-Fla.) tweeted Sunday``, ``Rep. Adam Schiff (D-CA) wrote on Twitter``, ``Sen. James Lankford (Okla.)``).  The
attribution's patterns read a name's words and stopped at the bracket, so a post quoted that way was lost: after a
quotation (``"…," Sen. Marco Rubio (R-Fla.) tweeted``) and before it (``Sen. Tim Kaine (D-Va.) tweeted: "…"``).
:data:`TAG` is the bracket as a pattern piece for the clause after a quotation; :func:`untagged` takes it off
the end of a lead-in's words before their subject is read; :func:`closes_tag` says a state's stop inside it
(``Fla.)``) ends no sentence.

Only these shapes count: a party letter (``R``, ``D``, ``I``) alone or with a dash and a state (``R-Texas``,
``D-N.Y.``, ``D-CA``), or a state's abbreviation with its stop (``Okla.``, ``N.J.``); a bracket that holds a word
(``(Reuters)``, ``(pictured)``) or a number (``(2016)``) is none.

>>> untagged("Sen. Tim Kaine (D-Va.) ")
'Sen. Tim Kaine '
>>> untagged("a source (Reuters) ")
'a source (Reuters) '

Pure functions; the pattern is bounded (at most a dozen characters inside the bracket).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["TAG", "closes_tag", "untagged"]

TAG: Final = r"\((?:[RDI][-–][A-Z][A-Za-z]{0,9}\.?(?:[A-Z]\.?)?|[A-Z][a-z]{1,4}\.|[A-Z]\.[A-Z]\.|[RDI])\)"
"""A party and state in brackets (``(R-Fla.)``, ``(D-N.Y.)``, ``(R-Texas)``, ``(Okla.)``, ``(D)``)."""
_TAG_RE: Final = re.compile(TAG)
_TRAILING_TAG_RE: Final = re.compile(r"[ \t]{1,3}" + TAG + r"(?=[ \t]{0,3}\Z)")


def closes_tag(body: str, end: int) -> bool:
    """Whether ``body[:end]`` ends with a party tag (``…Rubio (R-Fla.)``): its state's stop ends no sentence."""
    opening = body.rfind("(", max(0, end - 16), end)
    return opening >= 0 and _TAG_RE.fullmatch(body, opening, end) is not None


def untagged(words: str) -> str:
    """``words`` without the party tag that ends them (``Sen. Tim Kaine (D-Va.) `` → ``Sen. Tim Kaine ``), the
    space after it kept; ``words`` unchanged when none does."""
    found = _TRAILING_TAG_RE.search(words, max(0, len(words) - 24))
    return words[: found.start()] + words[found.end() :] if found else words
