"""Where an author's words stand in a quotation's lead-in, outside the quotations it holds.

The prose around a quotation is read with every quotation in it blanked out (:func:`blanked`), so that words
inside one (``"…she…"``) are never taken for the prose's.  Finding where a pronoun or a description stands needs no
blanking of the whole lead-in: :func:`outside` reads only the quotations before what it finds, and finds what a
search of the blanked text finds (``tests/test_outside_quotes.py``).  Pure; each read bounded by its text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

__all__ = ["QUOTED_RE", "blanked", "outside", "pronoun_at", "written_at"]

QUOTED_RE: Final = re.compile(r'"[^"\n]{0,2000}"|“[^”\n]{0,2000}”')
"""A quotation on one line, as the prose around a quotation is read."""


def blanked(text: str) -> str:
    """``text`` with each quotation (:data:`QUOTED_RE`) made spaces, its length kept."""
    return QUOTED_RE.sub(_spaces, text)


def _spaces(match: re.Match[str]) -> str:
    return " " * len(match.group())


def pronoun_at(lead: str, pronoun: re.Pattern[str]) -> int | None:
    """Where ``pronoun`` first stands in ``lead`` outside its quotations (:func:`outside`), else ``None``."""
    return outside(lead, lambda at: (found.start(), found.end()) if (found := pronoun.search(lead, at)) else None)


def written_at(lead: str, words: str) -> int:
    """Where ``words`` (lower case) first stand in ``lead`` lower-cased outside its quotations, else -1."""
    lowered = lead.lower()
    if len(lowered) != len(lead) or "  " in words:  # (offsets that lower-casing moves; words a blank could join)
        return blanked(lead).lower().find(words)
    found = outside(lead, lambda at: (place, place + len(words)) if (place := lowered.find(words, at)) >= 0 else None)
    return -1 if found is None else found


def outside(lead: str, search: Callable[[int], tuple[int, int] | None]) -> int | None:
    """Where ``search`` (from an offset on) first finds its words in ``lead`` outside its quotations, as it finds them
    in ``lead`` with every quotation blanked out (:func:`blanked`), else ``None``; only the quotations before it
    are read (an article of quotations back to back holds a score of them within the reach)."""
    quotations = QUOTED_RE.finditer(lead)
    quotation = next(quotations, None)
    found = search(0)
    while found is not None:
        while quotation is not None and quotation.end() <= found[0]:
            quotation = next(quotations, None)
        if quotation is None or found[1] <= quotation.start():
            return found[0]
        found = search(quotation.end())
    return None
