"""A quotation's display name cut where its author's name ends and a clause about them goes on.

The words before a quotation's verb are its attribution's subject as written (``the Big Bang Theory star``,
``Brie's husband Daniel Bryan``), but where the subject rules read no subject they are the whole clause before the
verb: ``Pratt kept his humor alive in his caption, writing: "…"`` gives ``Pratt kept his humor alive in his
caption``, ``She exclaims in a video: "…"`` gives ``she exclaims in a video``.  Once the quotation's author is
known (:func:`reactions.parse.people.full_names`), :func:`shown_name` cuts such a display name at the first word
after the author's name that goes on with a clause: a preposition or conjunction, or a verb (an irregular past, a
word ending ``-ed`` or ``-ing``, or a common verb in the present).  A name with a description that names no clause
is kept as written (``The Four Seasons Toronto official Twitter account``); so is one whose author the display name
does not write.

>>> shown_name("Pratt kept his humor alive in his caption", "Chris Pratt")
'Pratt'
>>> shown_name("Brie's husband Daniel Bryan explained in a video", "Daniel Bryan")
"Brie's husband Daniel Bryan"
>>> shown_name("she exclaims in a video", "Laura Dern"), shown_name("the Big Bang Theory star", "Melissa Rauch")
('she', 'the Big Bang Theory star')
"""

from __future__ import annotations

from typing import Final

from reactions.parse.authors import PRONOUNS, dated

__all__ = ["shown_name"]


def shown_name(display: str | None, author: str | None) -> str | None:
    """``display`` (a quotation's author as written) cut at the first clause word (:func:`_goes_on`) after the last
    word of ``author`` (its author's full name) that it writes; a pronoun followed by one is the pronoun alone, and a
    verb ``to be`` at its end is dropped (``The photo was``)."""
    if display is None:
        return None
    words = display.split()
    if len(words) >= 2 and (words[-1] in _COPULAS or words[-1].endswith("-")):
        return " ".join(words[:-1])  # "The photo was captioned: …": what the post was; "Nas re-posted": a prefix
    if len(words) >= 2 and words[0] in _OPENERS:
        return shown_name(" ".join(words[1:]), author)  # "While Trump said …, saying in a tweet": Trump
    if len(words) < 3:
        return display
    if words[0].lower() in PRONOUNS:
        return words[0] if _goes_on(words[1]) else display
    named = set(author.split()) if author else set()
    last = max((i for i, word in enumerate(words) if _bare(word) in named), default=-1)
    if last < 0:
        return display
    cut = next((i for i in range(last + 1, len(words)) if _goes_on(words[i])), None)
    if cut is None:
        return display
    kept = words[:cut]
    while len(kept) > 1 and dated(kept):
        kept = kept[1:]  # a list's number or a timeline's date before the name ("May 2012 Selena deletes …")
    return " ".join(kept)


def _bare(word: str) -> str:
    """A word without the punctuation around it or an owner's ``'s`` (``Pratt's,`` -> ``Pratt``)."""
    word = word.strip(".,;:!?\"“”()")
    return word[:-2] if word.endswith(("'s", "’s")) else word


def _goes_on(word: str) -> bool:
    """Whether a word after a name opens a clause about it: a preposition, a conjunction or a verb, in lower case."""
    if not word.isalpha() or not word.islower():
        return False
    if word in _CLAUSE_WORDS:
        return True
    return (
        (len(word) >= 4 and word.endswith("ed") and not word.endswith("eed") and word not in _ED_NOUNS)
        or (len(word) >= 5 and word.endswith("ing"))
        or word in _PRESENT_VERBS
    )


_PRESENT_VERBS: Final = frozenset({
    "says", "writes", "posts", "shares", "tweets", "captions", "deletes", "speaks", "exclaims", "shows", "gushes",
    "reveals", "explains", "admits", "claims", "jokes", "responds", "replies", "adds", "notes", "calls", "takes",
    "gets", "makes", "sends", "puts", "seems", "appears", "looks", "poses", "wears", "holds", "keeps", "leaves",
    "tells", "thanks", "slams", "defends", "announces", "confirms", "denies", "opens", "shuts", "throws", "uploads",
})  # fmt: skip
"""Verbs in the present that may go on after a name (a timeline's ``Selena deletes her account``); a word ending
in ``-s`` is no verb by its ending alone (``National Hurricane Center officials``)."""


_COPULAS: Final = frozenset({"is", "was", "are", "were"})
_OPENERS: Final = frozenset({"While", "When", "After", "Before", "As", "Although", "Though", "Since", "Because", "If",
                             "Once", "Until", "Whereas", "But", "And", "So", "Then", "Meanwhile"})  # fmt: skip
"""Words that open a sentence's clause, capitalised there, before its subject: no part of a name."""
_ED_NOUNS: Final = frozenset({"hundred", "sled", "shed", "sacred", "naked", "wicked", "beloved", "aged"})
"""Words ending in ``-ed`` that go on with no clause after a name (``feed``, ``speed``: any ``-eed``, too)."""


_CLAUSE_WORDS: Final = frozenset({
    # prepositions and conjunctions
    "under", "alongside", "on", "in", "with", "after", "before", "while", "and", "but", "when", "as", "at", "to",
    "for", "from", "about", "during", "via", "who", "which", "that", "into", "over", "than", "because", "since",
    # verbs of one syllable or irregular pasts that end in none of -ed, -ing, -s
    "is", "was", "has", "had", "did", "got", "kept", "threw", "sent", "shut", "broke", "put", "made", "spoke", "took",
    "gave", "wrote", "said", "left", "told", "went", "came", "let", "set", "hit", "ran", "won", "lost", "began",
    "brought", "caught", "felt", "found", "held", "knew", "led", "meant", "met", "paid", "saw", "sold", "stood",
    "thought", "wore", "shot", "fired", "clapped", "can", "could", "will", "would", "may", "might", "must", "should",
    "also", "later", "then", "just", "once", "previously", "recently", "seemingly",
})  # fmt: skip
"""Words that, after a name, go on with a clause about its person (``Pratt kept …``, ``Sam alongside a pic …``)."""
