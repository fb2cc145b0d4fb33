"""``Rep.`` before a name is a lawmaker's title, not a publicist: no unnamed source.

:func:`reactions.parse.posted.is_source` takes an author holding ``rep`` or ``representative`` for an unnamed
source who talks to reporters (``a rep for the star``, ``her representative``).  Written as a title, capitalised
before a capitalised name (``Rep. Ann Lee``, ``Reps. Lee and Ruiz``, ``Representative Ann Lee``), the word names
a member of a legislature, who posts like anyone: :func:`without_title_reps` blanks those titles out (the length
kept) before the test.

>>> without_title_reps("Rep. Ann Lee (D-Ohio)").split()
['Ann', 'Lee', '(D-Ohio)']
>>> without_title_reps("a rep for Ann Lee"), without_title_reps("Representative for the singer")
('a rep for Ann Lee', 'Representative for the singer')
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["without_title_reps"]

_TITLE_REP_RE: Final = re.compile(r"\b(?:Reps?\.|Representatives?)(?=[ \t]{1,3}[A-Z])")
"""``Rep.``, ``Reps.`` or ``Representative`` capitalised, right before a capitalised word."""


def without_title_reps(author: str) -> str:
    """``author`` with each title ``Rep.`` (see the module) blanked out, its length kept."""
    if "Rep" not in author:
        return author
    return _TITLE_REP_RE.sub(lambda found: " " * len(found.group()), author)
