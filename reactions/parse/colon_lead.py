"""A quotation set as a paragraph of its own under a lead-in that ends in a colon.

News sets a quoted post apart: ``Captioning the video, Alba wrote:`` / (a blank line) / ``"Cash and I couldn't be
more thrilled…"``.  A quotation's sentence never crosses a line break, so the quotation's lead-in was empty, its line
held no posting cue, and the quote finder never read it (37 of the 38 such places in the FakeNewsNet bulk corpus).
When a quotation opens its line and the last line above it, past blank lines, ends in a colon, the sentence that
colon ends is the quotation's lead-in, and the quote finder reads it as it reads a lead-in on the quotation's own
line (a subject, a posting verb or a platform; speech and other media rejected), when it holds a verb of posting,
writing or speech (``Kylie announces the birth via Instagram, writing:``, ``The tweet read:``; not ``…, telling Elle
UK in 2017:``, an interview, nor ``Ortiz announced the title on Twitter:`` before the title quoted), and does not
hedge (``The original post is alleged to have said:``).

>>> import re
>>> from reactions.parse.sentences import TextIndex
>>> body = 'It was a big day. Ann Lee wrote:\\n\\n"We are thrilled to share the news today."'
>>> start = lead_above(TextIndex(body), re.search('"[^"]*"', body))
>>> body[start : body.index(":") + 1].strip()
'Ann Lee wrote:'
>>> body = 'Ann Lee wrote it.\\n\\n"We are thrilled to share the news today."'
>>> lead_above(TextIndex(body), re.search('"[^"]*"', body)) is None
True
>>> body = '"Yes," Ann tweeted, and Bo added:\\n\\n"We are thrilled to share the news today."'
>>> lead_above(TextIndex(body), list(re.finditer('"[^"]*"', body))[1], previous=6) is None
True

Pure functions; each look is bounded (the white space between the lines, and the lead-in's line as far back as
:data:`~reactions.parse.sentences.LOOK_BACK`).  The quote finder asks only about a quotation right after a line
break with a colon in the 14 characters before it (a test of two characters and a slice), not about every one.
"""

from __future__ import annotations

import re
from typing import Final

from reactions.parse.sentences import LOOK_BACK, TextIndex

__all__ = ["lead_above"]

_GAP: Final = 12
"""How much white space (blank lines) may stand between the lead-in's colon and the quotation's line."""


def lead_above(index: TextIndex, match: re.Match[str], previous: int = 0) -> int | None:
    """Where the lead-in of the quotation ``match`` starts when the quotation opens its line and the line above it
    ends in a colon (see the module), else None; None too when the quotation before it ends at ``previous`` inside
    that lead-in (``"…," Eagle tweeted, while her colleague … pointing out:``: the sentence is the first's)."""
    body, start = index.body, match.start()
    line = body.rfind("\n", max(0, start - _GAP), start)
    if line < 0 or body[line + 1 : start].strip():
        return None  # not the first thing on its line
    colon = len(body[max(0, line - _GAP) : line].rstrip()) + max(0, line - _GAP) - 1
    if colon < 0 or body[colon] != ":" or body[colon + 1 : line].strip():
        return None
    above = body.rfind("\n", max(0, colon - LOOK_BACK), colon) + 1
    lead = index.sentence_start(max(above, colon - LOOK_BACK), colon)
    return None if previous > lead or _HEDGE_RE.search(body, lead, colon) else lead


_HEDGE_RE: Final = re.compile(r"\b(?:alleged(?:ly)?|reportedly|purportedly|supposedly|rumou?red)\b", re.IGNORECASE)
"""Words by which the article does not vouch for the words below as the post's (``The original post is alleged to
have said:``): a claim about a post, not its quotation."""
