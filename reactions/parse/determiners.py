"""A determiner right before a word of a lead-in: ``…her tweets, Chrissy added:`` — ``tweets`` is a noun there, not
the lead-in's verb (:mod:`reactions.parse.quotes` reads the lead-in's other verbs).

:data:`DETERMINED_RE` says it as a pattern searched in the 16 characters before the word; :func:`after_determiner`
gives its answer from the word before, without trying the pattern at each of them (the quote finder asks it of every
verb of every lead-in, and a lead-in in a sentence that never ends holds the verbs of the quotations before it).
``tests/test_determiners.py`` checks the two agree.

>>> after_determiner("Of her tweets, Chrissy added", 7), after_determiner("Chrissy tweeted", 8)
(True, False)
"""

from __future__ import annotations

import re
from typing import Final

from reactions.parse.folding import folded

__all__ = ["DETERMINED_RE", "DETERMINERS", "after_determiner"]

DETERMINED_RE: Final = re.compile(
    r"(?:^|[ \t(])(?:her|his|their|its|my|your|our|the|a|an|these|those|of)[ \t]{1,3}\Z", re.IGNORECASE
)
"""A determiner (after a space, a tab, a bracket or the text's start) and one to three spaces or tabs ending the text
searched."""
DETERMINERS: Final = frozenset({"her", "his", "their", "its", "my", "your", "our", "the", "a", "an", "these", "those",
                                "of"})  # fmt: skip
"""The determiners of :data:`DETERMINED_RE`."""
_REACH: Final = 16
"""How far before the word the determiner is looked for."""


def after_determiner(text: str, at: int) -> bool:
    """Whether ``DETERMINED_RE.search(text, max(0, at - 16), at)`` finds a match: the word that ends the 16 characters
    before ``at`` once their last one to three spaces or tabs are left out, opened by a space, a tab, a bracket or the
    text's start, is a determiner (folded as ``re.IGNORECASE`` folds it)."""
    lo = max(0, at - _REACH)
    head = text[lo:at]
    stripped = head.rstrip(" \t")
    if not 1 <= len(head) - len(stripped) <= 3:
        return False
    opening = max(stripped.rfind(" "), stripped.rfind("\t"), stripped.rfind("("))  # (none: the word opens the 16
    return folded(stripped[opening + 1 :]) in DETERMINERS  # characters, the text's start or 13 letters, no determiner)
