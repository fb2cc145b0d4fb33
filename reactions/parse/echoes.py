"""Quotations that repeat an embedded post: the prose quoting a post again (``He wrote: "To all in Ottawa…"`` above
the embed) is quoting a post, whatever its verb (for :mod:`reactions.parse.quotes`).

>>> body = "Ann wrote: \\"We are all safe tonight, thank you\\"\\n\\nWe are all safe tonight, thank you — Ann (@ann)"
>>> echoes = Echoes(body, [(43, 83)])
>>> echoes.repeat("We are all safe tonight, thank you"), echoes.repeat("Something else entirely, folks")
(True, False)
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from reactions.parse.authors import REACH
from reactions.parse.build import text_fingerprint

__all__ = ["ECHO_KEY", "Echoes"]

ECHO_KEY = 16
"""Letters and digits that a quotation must share, in a row, with an embedded post to be that post."""


class Echoes:
    """The embedded posts' letters and digits, to tell a quotation that repeats an embedded post.  Built on first
    use: most quotations never ask."""

    def __init__(self, body: str, taken: Sequence[tuple[int, int]]) -> None:
        self._body = body
        self._taken = taken
        self._letters: str | None = None

    def repeat(self, text: str) -> bool:
        """Whether ``text`` starts with :data:`ECHO_KEY` letters and digits in a row of an embedded post."""
        letters = text_fingerprint(text)
        if len(letters) < ECHO_KEY:
            return False
        if self._letters is None:
            self._letters = "\n".join(text_fingerprint(self._body[start:end]) for start, end in self._taken)
        return letters[:ECHO_KEY] in self._letters


def embed_near(body: str, span: tuple[int, int], taken: Sequence[tuple[int, int]]) -> bool:
    """Whether the quotation at ``span`` sits in a run of embedded posts (``taken``: their spans, sorted and
    disjoint): one ends in the stretch before it and one starts in the stretch after it (a round-up of reactions)."""
    start, end = span
    lo, hi = max(0, start - REACH), min(len(body), end + REACH)
    last = bisect.bisect_right(taken, (start, start)) - 1  # the last one to start before it ends last
    if last < 0 or not lo < taken[last][1] <= start:
        return False
    i = bisect.bisect_left(taken, (end,))
    return i < len(taken) and taken[i][0] < hi
