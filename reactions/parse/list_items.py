"""Posts embedded as the items of a numbered list: a number alone on its line, the post, then its byline.

Round-ups of reactions (``Here are the best reactions to …``) number their posts, and the article writes
nothing of its own between a number and the post's byline::

    7.
    I am a:
    ⚪ Man ⚪ Woman ✅ Gordon Ramsay
    — Some One (@someone) September 26, 2017

A line that ends with a colon above a post is most often the article's lead-in (``Cue the pranksters:``), and a
colon inside a line may end one (``He wrote: …``), so the post's start is found below them; right under a
number of its own, though, they are the post's first words (``I am a:``, ``old twitter: …``).
:func:`numbered_item_start` moves such a post's start up to the line after its number.

Pure functions, linear time: one bounded look back over at most :data:`_MOST_LINES` lines.
"""

from __future__ import annotations

import re
from typing import Final

from reactions.models import Rendering

__all__ = ["numbered_item", "numbered_item_start"]

_NUMBER_LINE_RE: Final = re.compile(r"[ \t]*\d{1,3}[.)][ \t]*")
"""A list number alone on its line: ``7.``, ``12)``."""
_MOST_LINES: Final = 4
"""The most lines looked through above a post's start (a meme's lines: ``I am a:`` / ``⚪ …`` / ``Looking for:``)."""
_MOST_CHARS: Final = 400
"""The most characters between the number and the post's byline: a tweet's 280, with room for its links."""


def numbered_item_start(text: str, start: int, stop: int, floor: int) -> int:
    """The start of the post ``text[start:stop]``, moved up to the line after a list number alone on its line when
    only the post's lines stand between (no blank line, nothing below ``floor``, at most :data:`_MOST_LINES` lines
    and :data:`_MOST_CHARS` characters up to ``stop``); else ``start``.

    >>> body = "Reactions poured in:\\n3.\\nI am a:\\nX Man X Woman\\n— Ann (@ann) May 1, 2017"
    >>> stop = body.index("— Ann")
    >>> body[numbered_item_start(body, body.index("X Man"), stop, 0) : stop]
    'I am a:\\nX Man X Woman\\n'
    >>> numbered_item_start("He wrote:\\nX Man\\n— Ann", 10, 16, 0)
    10
    """
    if start >= stop:
        return start
    line = text.rfind("\n", floor, start) + 1  # the start of the line the post starts in
    for _ in range(_MOST_LINES):
        if line <= floor or stop - line > _MOST_CHARS:
            return start
        above = text.rfind("\n", floor, line - 1) + 1
        if above < floor or not text[above : line - 1].strip():
            return start  # a blank line, or nothing above: no list item
        if _NUMBER_LINE_RE.fullmatch(text, above, line - 1):
            return line if line < start else start
        line = above
    return start


def numbered_item(text: str, floor: int, start: int, stop: int, rendering: Rendering) -> tuple[int, int, Rendering]:
    """``(start, stop, rendering)`` of a post's region with its start moved by :func:`numbered_item_start`."""
    return numbered_item_start(text, start, stop, floor), stop, rendering
