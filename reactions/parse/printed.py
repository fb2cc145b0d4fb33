"""Words printed on a thing (a shirt, a sign, a cake, a tattoo), which a post may show but which are no one's post,
for the quote finder (:mod:`reactions.parse.quotes`).

A post often shows something with words on it, and the article quotes the words::

    … donning a shirt from her charity that read "#thisisacrisis."
    … posted an image of a T-shirt with her hubby's face on it that reads, "The Fish is back!"
    … posted a placard saying: "If EU leave me now, you take away the biggest part of me."

The quotation is then the thing's print, not the post's caption: a lead-in that ends in a thing's name, a few words
about it at most, and ``that read``, ``which reads``, ``saying``, ``reading``, ``bearing`` (with a comma or colon),
right before the quotation.  A caption that only mentions such a thing (``she captioned a photo of her new shirt:``)
has no verb of reading and stays a post.

Pure, linear: one pattern, anchored at the lead-in's end, over its last 120 characters.

>>> printed("posted a picture of herself in a workout cap that reads ")
True
>>> printed("she captioned a photo of her new shirt: ")
False
"""

from __future__ import annotations

import re
from typing import Final

from reactions.parse.folding import folded
from reactions.parse.sentences import words_of

__all__ = ["printed"]

_PRINTED_RE = re.compile(
    r"\b(?:t-?shirt|shirt|tee|sweatshirt|hoodie|onesie|jersey|sweater|jacket|hat|cap|bag|mask|sign|banner|placard"
    r"|poster|billboard|plaque|sticker|mug|cake|cookie|card|balloon|letterboard|neon|tattoo|necklace|bracelet"
    r"|license[ \t]plate)s?\b[^.!?\"“”\n]{0,60}?[ \t,]{0,3}(?:(?:that|which)[ \t]{1,3})?(?:read|reads|reading"
    r"|said|says|saying|bearing|emblazoned[ \t]with|with[ \t]the[ \t]words)[ \t]{0,3}[,:]?[ \t]{0,3}\Z",
    re.IGNORECASE,
)
"""A thing's name, a few words about it, and a verb of reading, ending the lead-in."""
_THING_WORDS: Final = frozenset(
    word + plural
    for word in (
        b"shirt tshirt tee sweatshirt hoodie onesie jersey sweater jacket hat cap bag mask sign banner placard poster "
        b"billboard plaque sticker mug cake cookie card balloon letterboard neon tattoo necklace bracelet license"
    ).split()
    for plural in (b"", b"s")
)
"""A word of every thing :data:`_PRINTED_RE` names, as :func:`~reactions.parse.sentences.words_of` reads it
(``t-shirt``: ``shirt``; ``license plate``: ``license``), and its plural: a lead-in whose last 120 characters hold
none has no match."""


_READING_ENDS = ("read", "reads", "reading", "said", "says", "saying", "bearing", "with", "words")
"""The words a lead-in :data:`_PRINTED_RE` matches may end with (lower case): one ending otherwise is not searched."""


def printed(lead: str) -> bool:
    """Whether the quotation after ``lead``, its lead-in, is words printed on a thing (see the module)."""
    if not folded(lead[-24:].rstrip(" \t,:")[-9:]).endswith(_READING_ENDS):  # (as the pattern folds: "readſ")
        return False  # (most lead-ins: the pattern would try its alternation at each of 120 places in vain)
    start = max(0, len(lead) - 120)
    if _THING_WORDS.isdisjoint(words_of(lead[start:])):
        return False  # ("The post said": no thing named; its words cost a seventh of the search)
    return _PRINTED_RE.search(lead, start) is not None
