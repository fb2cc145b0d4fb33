"""A poster's followers named before a quotation: the words that follow were posted.

An article often tells that someone spoke to their followers before it quotes the post, with no network named::

    The star surprised her 3.3 million followers in August with an update on her life.
    "Hi everybody! …," Bynes wrote.

Followers are a network's: a sentence before the quotation that names someone's followers (an owner, a number
perhaps, then ``followers``) counts as one that says posted for a verb of writing
(:func:`reactions.parse.post_cues.posted_before`).  Linear: one bounded pattern, searched only when the text holds
the word.

>>> followers_named("The star surprised her 3.3 million followers in August.", [b"followers"])
True
>>> followers_named("The church and its followers met.", [b"followers"]), followers_named("A fan wrote.", [b"fan"])
(True, False)
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["followers_named"]

_FOLLOWERS_RE: Final = re.compile(
    r"\b(?:his|her|their|its|[\w.-]{1,30}['’]s?)[ \t]{1,3}(?:(?:[\d.,]{1,9}|more|nearly|almost|over|some|than)"
    r"[ \t]{1,3}){0,3}(?:(?:million|thousand|m|k)[ \t]{1,3})?(?:[\w-]{1,20}[ \t]{1,3})?followers\b",
    re.IGNORECASE,
)
"""An owner, a number perhaps, a word perhaps (``Instagram``, ``loyal``), then ``followers``."""


def followers_named(text: str, words: list[bytes]) -> bool:
    """Whether ``text`` (its ``words`` as :func:`~reactions.parse.sentences.words_of` reads them) names someone's
    followers (see the module)."""
    return b"followers" in words and _FOLLOWERS_RE.search(text) is not None
