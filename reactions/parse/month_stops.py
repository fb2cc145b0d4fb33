"""A month's abbreviated stop before the day ends no sentence (``tweeted on Oct. 29, writing: "…"``).

American news writes the months after AP style, abbreviated with a full stop before a day (``Jan.``, ``Feb.``,
``Aug.``, ``Sept.``, ``Oct.``, ``Nov.``, ``Dec.``).  Read as a sentence's end, the stop cuts a quotation's lead-in
in two (``Hillary Clinton tweeted her support on Oct.`` / ``29, writing: "…"``): the author is lost and the day is
read as the subject.

>>> body = 'Clinton tweeted on Oct. 29, writing: "We are with you."'
>>> month_stop(body, body.index("."), body.index(".") + 1)
True
>>> body = 'It ended in Oct. 29 people had left by then.'
>>> month_stop(body, body.index("."), body.index(".") + 1)
True
>>> body = 'She left in Oct. The rest stayed.'
>>> month_stop(body, body.index("."), body.index(".") + 1)
False

(The second example shows the price: a sentence that ends on an abbreviated month and opens with a number is read
as one; news opens no sentence with a numeral.)  Pure; constant time (a look of a few characters either side).
"""

from __future__ import annotations

from typing import Final

__all__ = ["month_stop"]

MONTHS: Final = frozenset(("jan", "feb", "aug", "sep", "sept", "oct", "nov", "dec"))
"""Months abbreviated with a full stop (AP style abbreviates these; March to July are written out)."""


def month_stop(body: str, at: int, end: int) -> bool:
    """Whether the full stop at ``body[at]`` (a sentence's end as found, running to ``end``) ends an abbreviated
    month before a day: ``Oct. 29`` (a capital, then the month's other letters, a space and a digit)."""
    if end != at + 1 or body[end : end + 1] != " " or not body[end + 1 : end + 2].isdigit():
        return False
    for size in (3, 4):
        start = at - size
        if start >= 0 and body[start].isupper() and body[start:at].lower() in MONTHS:
            return start == 0 or not body[start - 1].isalnum()
    return False
