"""Tweet signatures whose handle lost its parentheses: ``…pic.twitter.com/x — Jo Roe @joroe August 4, 2020``.

Some sites copy an embedded tweet's blockquote as text with the link around the handle stripped of the
parentheses Twitter writes (``— Name @handle Month D, YYYY`` where Twitter wrote ``— Name (@handle) Month D,
YYYY``), often with the paragraphs run together so that the signature stands inside a line.
:func:`bare_signatures` finds them for :func:`reactions.parse.attribution.find_attributions`, which anchors the
usual form on ``(@``: an em, en or horizontal-bar dash, a name of at most :data:`MAX_NAME` characters on the same
line (no parenthesis, no ``@``; not a credit: ``— Reporting by Jo Roe @joroe``), the ``@handle``
and, right after it, a date.  Without the date it is prose (``— thanks to @joroe for the tip``) and is left alone;
so is a hyphen (``- Jo @joroe May 2, 2020`` in a list).  Its confidence loses
:data:`BARE_HANDLE_COST` for the missing parentheses.  Bounded: each ``@`` looks back at most
:data:`MAX_NAME` characters, and the date is one anchored match.

>>> [(a.name, a.handle, str(a.date)) for a in bare_signatures("Wow pic.twitter.com/x — Jo Roe @joroe May 2, 2020 Next")]
[('Jo Roe', 'joroe', '2020-05-02')]
>>> bare_signatures("Wow — thanks to @joroe for the tip."), bare_signatures("Wow — Jo Roe (@joroe) May 2, 2020")
([], [])
"""

from __future__ import annotations

from typing import Final

from reactions.models import Platform, Rendering
from reactions.parse.attribution_record import CREDIT_RE, MAX_NAME, Attribution
from reactions.parse.dates import attribution_date, attribution_date_at

__all__ = ["BARE_HANDLE_COST", "bare_signatures", "opens_bare_signature"]

BARE_HANDLE_COST: Final = 0.1
"""What a signature whose handle has no parentheses costs its post's confidence."""

_DASHES: Final = "—–―"
_NAME_STOPS: Final = frozenset("()@\n—")
_HANDLE_CHARS: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


def bare_signatures(text: str) -> list[Attribution]:
    """Each ``— Name @handle Date`` signature of ``text`` (see the module), in order."""
    found: list[Attribution] = []
    at = text.find(" @")
    while at >= 0:
        attribution = _signature_at(text, at + 1)
        if attribution is not None:
            found.append(attribution)
        at = text.find(" @", at + 2 if attribution is None else max(attribution.end, at + 2))
    return found


def opens_bare_signature(text: str, at: int) -> bool:
    """Whether the ``@`` at ``at`` may be a bare signature's: a space before it and a dash that opens a name before
    that (:mod:`reactions.parse.prefilter`'s cue; its date is read only when the text is parsed)."""
    return at > 0 and text[at - 1] == " " and _dash_before(text, at) is not None


def _signature_at(text: str, at: int) -> Attribution | None:
    """The signature whose ``@`` stands at ``at``, or None."""
    end = at + 1
    while end < len(text) and end - at <= 15 and text[end] in _HANDLE_CHARS:
        end += 1
    if end == at + 1 or end - at > 16 or (end < len(text) and text[end] in "@."):
        return None  # no handle, too long for one, or an address or a domain
    dash = _dash_before(text, at)
    if dash is None:
        return None
    name = text[dash + 1 : at].strip()
    if not name or CREDIT_RE.match(name):
        return None
    date_match = attribution_date_at(text, end)
    if date_match is None:
        return None
    date, bad = attribution_date(date_match)
    if bad:
        return None
    attribution = Attribution(dash, date_match.end(), text[at + 1 : end], name, date, Platform.TWITTER, Rendering.DASH)
    attribution.cues["a handle without its parentheses"] = BARE_HANDLE_COST
    return attribution


def _dash_before(text: str, at: int) -> int | None:
    """The offset of the dash that opens the name before ``at`` (a space after it), within :data:`MAX_NAME`
    characters and with nothing that stops a name between: the em dash Twitter writes when there is one, else the
    nearest en dash or bar (an en dash inside the name: ``— Trump War Room – Text TRUMP @h``)."""
    nearest = None
    for pos in range(at - 1, max(-1, at - MAX_NAME - 3), -1):
        char = text[pos]
        if char in _DASHES and text[pos + 1 : pos + 2] in (" ", "\t", "\u00a0"):
            if char == "—":
                return pos
            nearest = pos if nearest is None else nearest
        elif char in _NAME_STOPS:
            break
    return nearest
