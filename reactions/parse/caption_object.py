"""A lead-in that ends in the caption of what was posted: the quotation after it is that caption.

Two shapes, each at the lead-in's end (its last 60 characters), with a comma, a colon or nothing before the quotation:

- a posting verb with a long object that ends in the caption: ``…tweeted a photo of the suspect with the caption,
  "…"`` (:data:`~reactions.parse.posted.CAPTION_TAIL_RE`);
- the verb of captioning and what it captions, the post or its picture, with ``as`` or ``with`` after it or not:
  ``Janhvi Kapoor captioned the post, "…"``, ``She captioned it, "…"``, ``She captioned the image as, "…"``,
  ``…captioning it with, "…"``, ``He captioned the Instagram shot "…"`` (:data:`CAPTIONED_OBJECT_RE`).

An object that is no post or picture, or one of more words, is left to the other rules (a colon still introduces
a caption: ``…captioned a photo of her new shirt: "…"``).  Pure, linear: the patterns are anchored at the lead-in's
end and bounded.

>>> [caption_ends(lead) for lead in ("She captioned the post,", "She captioned it", "captioning the clip with,")]
[True, True, True]
>>> [caption_ends(lead) for lead in ("She captioned the post and said", "She captioned a photo of her shirt,")]
[False, False]
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Final

from reactions.parse.posted import CAPTION_TAIL_RE

__all__ = ["CAPTIONED_OBJECT_RE", "caption_ends"]

_PICTURES: Final = (
    r"posts?|photos?|photographs?|pictures?|pics?|images?|videos?|clips?|reels?|snaps?|selfies?|shots?|snapshots?"
    r"|uploads?|carousel|story|stories|tweets?|footage|portraits?|montage|collage|slideshow"
)
CAPTIONED_OBJECT_RE: Final = re.compile(
    r"\b(?:captioned|captioning|captions)[ \t]{1,3}(?:it|them|this|that|(?:the|her|his|their|its|this|that|these"
    r"|those|a|an|one|both)[ \t]{1,3}(?:[\w'’-]{1,20}[ \t]{1,3}){0,2}?(?:" + _PICTURES + r"))"
    r"(?:[ \t]{1,3}(?:as|with))?[ \t]{0,3}[:,]?[ \t]{0,3}$",
    re.IGNORECASE,
)
"""``captioned the post,``, ``captioned it``, ``captioned the image as,``, ``captioning it with,``: the verb of
captioning and the post or picture it captions, ending the lead-in."""
_CAPTION_WORDS: Final = frozenset((b"caption", b"captions"))
_CAPTIONING_WORDS: Final = frozenset((b"captioned", b"captioning", b"captions"))
_TAIL: Final = 60
"""How much of a lead-in's end the patterns read."""


def caption_ends(lead: str, words: Collection[bytes] | None = None) -> bool:
    """Whether the lead-in ``lead`` (stripped) ends in the caption of what was posted (see the module); ``words``:
    its words as :func:`~reactions.parse.sentences.words_of` reads them, when known, to skip what cannot match."""
    tail = max(0, len(lead) - _TAIL)
    if words is None:
        words = set(lead[tail:].lower().replace(",", " ").replace(":", " ").encode("ascii", "replace").split())
    if not _CAPTION_WORDS.isdisjoint(words) and CAPTION_TAIL_RE.search(lead, tail) is not None:
        return True
    return not _CAPTIONING_WORDS.isdisjoint(words) and CAPTIONED_OBJECT_RE.search(lead, tail) is not None
