"""The quotation candidates of one body that the quote finder reads, told in one pass (for
:mod:`reactions.parse.quotes`).

Most candidates stand on lines that no posting cue word reaches and are muted
(:class:`~reactions.parse.sentences.Silence`): :func:`live_candidates` tells every candidate of a body what
``Silence.state`` tells it, in one loop over them, and leaves the muted ones out, so that the quote finder's own loop
sees only the others (``tests/test_live_quotes.py`` checks it against ``Silence.state``).  Linear: each line is read
once for its start and end, and its cue words by one search of the body's word bytes (kept across lines by
:meth:`~reactions.parse.sentences.WordIndex.first_opening`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from reactions.parse.posted import says_led
from reactions.parse.sentences import LOOK_BACK, MUTED, QUIET, READ, WordIndex

__all__ = ["live_candidates"]

_AFTER: Final = 162
"""How far past a quotation's end a cue word still makes its line live (its 160 characters after the closing mark
and a comma, as ``Silence`` reads them)."""


def live_candidates(body: str, cues: WordIndex, matches: Sequence[re.Match[str]]) -> list[tuple[int, int]]:
    """``(i, state)`` for each candidate ``matches[i]`` (in order) whose ``Silence.state`` is :data:`QUIET` or
    :data:`READ`, and for each muted one that opens its line under a colon (its lead-in may stand on the line above:
    :mod:`~reactions.parse.colon_lead`), with :data:`MUTED`."""
    found: list[tuple[int, int]] = []
    size, line_start, line_end = len(body), 0, -1
    first: int | None = -1  # (where the line's first cue word starts, None when none does; -1: not asked yet)
    for i, match in enumerate(matches):
        start = match.start()
        if start > line_end:  # a new line: its start, its end, its first cue word found when first asked
            line_start = body.rfind("\n", 0, start) + 1
            line_end = body.find("\n", start)
            line_end, first = size if line_end < 0 else line_end, -1
        at = start - 1
        while at >= line_start and body[at].isspace():
            at -= 1
        if at >= line_start and (body[at] == ":" or (body[at] in "sSſdD," and says_led(body, start))):
            found.append((i, READ))  # a lead-in that needs no cue word: after a colon, or says/read(s)
            continue
        if start - line_start > LOOK_BACK:
            found.append((i, READ))
            continue
        if first == -1:
            first = cues.first_opening(line_start, min(size, line_end + _AFTER))
        if first is not None and match.end() + _AFTER > first:
            found.append((i, QUIET if first > start else READ))
        elif start and body[start - 1] == "\n" and ":" in body[max(0, start - 14) : start]:
            found.append((i, MUTED))
    return found
