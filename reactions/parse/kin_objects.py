"""A relative as a preposition's object right before a name (``the mom of daughter Stormi shared``): the name is
no sentence's subject, the relative's owner is (:mod:`reactions.parse.antecedents`).

Pure; reads only the text before the name it is given.

>>> kin_object_before("the mom of daughter "), kin_object_before("the mom of "), kin_object_before("with Ann ")
(True, False, False)
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["kin_object_before"]

KIN_OBJECT_RE: Final = re.compile(
    r"\b(?:of|with|for|to|from|by)[ \t]{1,3}(?:(?:her|his|their)[ \t]{1,3})?(?:daughter|son|baby|husband|wife|sister"
    r"|brother|mom|mother|dad|father|girlfriend|boyfriend|fiancée?|fiancé|niece|nephew)[ \t]{1,3}\Z",
    re.IGNORECASE,
)
"""A relative as a preposition's object at the end of the text before a name."""
_ASCII_KIN: Final = frozenset({"daughter", "son", "baby", "husband", "wife", "sister", "brother", "mom", "mother",
                               "dad", "father", "girlfriend", "boyfriend", "niece", "nephew"})  # fmt: skip
"""The relatives :data:`KIN_OBJECT_RE` reads that are written in ASCII, in lower case."""


def kin_object_before(before: str) -> bool:
    """Whether ``before`` (the text right before a name) ends with a relative as a preposition's object
    (:data:`KIN_OBJECT_RE`).  The pattern is searched only when the last word may be the relative: a word in ASCII
    that is none of :data:`_ASCII_KIN` in lower case cannot be (the pattern ignores case, which for ASCII letters
    is ``lower``); a word with other characters is left to the pattern.  Most names' last word before is no
    relative: one ``rsplit`` instead of a search from each of 40 places."""
    last = before.rsplit(None, 1)[-1:]
    if last and last[0].isascii() and last[0].lower() not in _ASCII_KIN:
        return False
    return KIN_OBJECT_RE.search(before) is not None
