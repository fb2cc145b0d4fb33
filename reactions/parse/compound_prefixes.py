"""Words of posting that are only the first part of a hyphenated compound: no post, no network.

The post cues read ``a post`` and ``on X`` as words (:mod:`reactions.parse.post_cues`), and ``\\b`` stands between a
word and a hyphen, so ``a post-doctoral fellow``, ``post-operative care`` or ``fractures found on X-rays`` read as a
post and as the network X.  A prefix joined by a hyphen to a letter is part of another word (``post-war``,
``X-ray``, ``X-Men``): :func:`without_compound_prefixes` blanks it (its length kept) before the cues are read.  A
post written out stays (``her post - which``, ``a post-`` at a line's end, ``on X.``).  Linear: one scan with a
bounded pattern, and none at all when no such prefix is in the text.

>>> without_compound_prefixes("said Ann Lee, a post-doctoral fellow").split()
['said', 'Ann', 'Lee,', 'a', '-doctoral', 'fellow']
>>> without_compound_prefixes("fractures found on X-rays").split()
['fractures', 'found', 'on', '-rays']
>>> without_compound_prefixes("she wrote in a post on X-")
'she wrote in a post on X-'
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["without_compound_prefixes"]

_COMPOUND_PREFIX_RE: Final = re.compile(r"\b(?:[Pp][Oo][Ss][Tt]|[Xx])(?=-[A-Za-z])")
"""``post`` or ``X`` (any case) right before a hyphen and a letter: the first part of a compound."""


def without_compound_prefixes(text: str) -> str:
    """``text`` with every ``post-`` and ``X-`` that starts a hyphenated compound blanked out (the hyphen and the
    rest kept), its length kept; ``text`` itself when it holds none."""
    if "-" not in text or ("ost-" not in text and "OST-" not in text and "X-" not in text and "x-" not in text):
        return text
    return _COMPOUND_PREFIX_RE.sub(lambda found: " " * len(found.group()), text)
