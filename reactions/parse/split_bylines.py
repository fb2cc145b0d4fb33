"""A byline broken after its name: ``— Name?`` ending one line, ``(@handle) Date`` opening the next.

Corpora split into one sentence a line break after every ``?``, ``!`` or ``.``, and a display name may end with
one (an emoji the crawler wrote as ``?``, ``Esq.``), so the byline of an embedded post is cut in two::

    So flipping outraged by this! — Sam Roe??
    (@samroe_77) December 1, 2017

:func:`dash_name_on_line_before` finds the dash and the name on the line before the handle's line, when the name
is all that follows the dash there (at most :data:`reactions.parse.attribution_record.MAX_NAME` characters) and
the dash follows a space or opens the line.  The name must then end with the mark a splitter breaks after (a
line ending in a plain word is the article's: ``… he said — and then\\n(@handle) replied``) and read as a name
(a few words; a full stop only after a capitalised one, as in ``Esq.``), not as the rest of a sentence.

Pure functions, linear time: one look at the line before, bounded by the name's length.
"""

from __future__ import annotations

from typing import Final

from reactions.models import Platform, Rendering
from reactions.parse.attribution_record import MAX_NAME

__all__ = ["dash_name_on_line_before"]

_DASHES: Final = ("—", "–", "―")
"""The dashes that open a byline (a hyphen is too common in a line's words to be one)."""
_SPLIT_MARKS: Final = ("?", "!", ".")
"""What a sentence splitter breaks a line after: the last character of a name cut from its handle."""
_MOST_WORDS: Final = 5
"""The most words a display name cut from its handle may have (``S. Lee Merritt, Esq.`` has four)."""


def dash_name_on_line_before(text: str, line_start: int, floor: int) -> tuple[int, str, Rendering, Platform] | None:
    """``(dash, name, rendering, platform)`` of a byline's dash and name ending the line before ``line_start``
    (the handle's line, which the handle opens), or None."""
    if line_start - 1 <= floor or text[line_start - 1] != "\n":
        return None
    lowest = max(floor, line_start - 1 - MAX_NAME - 2)
    line = text[lowest : line_start - 1].rstrip(" \t")
    if not line.endswith(_SPLIT_MARKS):
        return None
    dash = max(line.rfind(dash) for dash in _DASHES)
    if dash < 0 or (lowest + dash > 0 and text[lowest + dash - 1] not in " \t\n"):
        return None
    name = line[dash + 1 :].strip()
    if not name or "\n" in name or not any(ch.isalnum() for ch in name) or not _reads_as_name(name):
        return None
    return lowest + dash, name, Rendering.DASH, Platform.TWITTER


def _reads_as_name(name: str) -> bool:
    """Whether the words after a dash read as a display name rather than the rest of a sentence: at most
    :data:`_MOST_WORDS` words, and a full stop only after a capitalised word (``Esq.``, ``Jr.``, ``S.``), not
    after a sentence's last word (``… and then it was over.``).

    >>> _reads_as_name("Dana Cole, Esq."), _reads_as_name("Sam Roe??"), _reads_as_name("and that was all.")
    (True, True, False)
    """
    words = name.split()
    return len(words) <= _MOST_WORDS and (not name.endswith(".") or words[-1][:1].isupper())
