"""Posts embedded as the items of a numbered list: a number alone on its line, the post, then its byline; and
posts that are bulleted lists themselves.

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

A post may be a bulleted list, each item on a line of its own (``Recent attacks:`` / ``•Berlin: 12/19/16`` /
``•Nice: 7/14/16 https://t.co/…``), whose lines look like the article's: :func:`same_bullet` tells a line above the
post's first that opens with the same bullet, one of its items; where blank lines part the items,
:func:`continues` tells a paragraph that goes on with the one above.

Pure functions, linear time: one bounded look back over at most :data:`_MOST_LINES` lines.
"""

from __future__ import annotations

import re
from typing import Final

from reactions.models import Rendering

__all__ = ["continues", "numbered_item", "numbered_item_start", "same_bullet"]

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


def same_bullet(line: str, text: str, start: int) -> bool:
    """Whether ``line`` (a line above a post) opens with the bullet that opens the post at ``text[start]`` (its
    start as far as it is known, spaces before it or not): a symbol of :data:`_BULLETS`, ``•``, ``▪``, ``-`` and
    the like.

    >>> same_bullet("•Berlin: 12/19/16", "•Nice: 7/14/16 https://t.co/x", 0), same_bullet("Berlin", "Nice", 0)
    (True, False)
    """
    head = text[start : start + 8].lstrip()[:1]
    return head in _BULLETS and line.lstrip()[:1] == head


_BULLETS: Final = frozenset("•·◦▪▫■□●○◆◇►▸▹▶➤➢→‣⁃-–*✓✔☑✅❌✗✘⭐🔹🔸🔺🔻📌👉🚨")
"""Symbols that open the items of a list."""


def continues(text: str, last: int, start: int) -> bool:
    """Whether the post's paragraph at ``text[start]`` goes on with the paragraph ending at ``text[last]``: it
    opens with a dash (a signature: ``"…"`` / ``--A Guy I Just Punched``), or both open with the same bullet
    (:func:`same_bullet`), or it opens with a bullet that the paragraph above writes after a colon (the list's
    first item: ``fluent in 5 languages: -Slovenian`` / ``-English``); the paragraph above is read back
    :data:`_MOST_CHARS` characters at most.

    >>> continues("•Berlin\\n\\n•Nice", 6, 9), continues("Berlin\\n\\n•Nice", 5, 8), continues("x\\n\\n--A Guy", 0, 3)
    (True, False, True)
    """
    if text.startswith(_DASHES, start):
        return True
    floor = max(0, last - _MOST_CHARS)
    above = text.rfind("\n", floor, last) + 1
    if above == 0 and floor > 0:
        return False
    head = text[start : start + 8].lstrip()[:1]
    return same_bullet(text[above : above + 8], text, start) or (
        head in _BULLETS and text.find(": " + head, above, last + 1) >= 0
    )


_DASHES: Final = ("—", "–", "―", "--")
"""A post paragraph opening with a dash continues the one before: ``"…"\\n\\n--A Guy I Just Punched``."""
