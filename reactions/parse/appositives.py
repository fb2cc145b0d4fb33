"""The person an attribution written as a description stands beside: ``Lisa Bloom, the lawyer who …, tweeted``.

A quotation's attribution is read from the words nearest its verb, so a subject written with an appositive
(``Elgort, Joe's long-time friend, shared``; ``when Christian Beadles, Caitlin's brother, posted``) comes out as
the description alone, which names no one.  The name is the capitalised run right before it and its comma, when
that run opens its clause (a sentence's start, or a subordinating word: ``when``, ``as``, ``after`` …) and is a
name, not a word that opens a sentence (``Later,``), a date (``On Friday,``) or a place after a preposition
(``In Los Angeles,``).

Pure functions over a bounded stretch of the article (:data:`_REACH` characters).

>>> appositive_name("Lisa Bloom, the lawyer for the family, tweeted: “…”", 0, "the lawyer for the family")
'Lisa Bloom'
>>> appositive_name("Later, the star tweeted: “…”", 0, "the star") is None
True
"""

from __future__ import annotations

import re
from typing import Final

from reactions.parse.authors import ARTICLES

__all__ = ["appositive_name", "subject_in_apposition"]

_REACH: Final = 2500
"""How far from the attribution's span start its written words are looked for (a long quotation may come first)."""

_NAME_BEFORE_RE: Final = re.compile(
    r"(?:^|(?<=[.!?:\n\"”]) |(?<=\n)|\b(?:when|as|after|before|while|since|until|because) )"
    r"(?P<name>[A-Z][\w'’.-]{0,30}(?:[ \t][A-Z][\w'’.-]{0,30}){0,3}),[ \t]\Z"
)
"""A capitalised run of one to four words and its comma ending the text before a description, the run opening its
clause."""

_POSSESSIVE_RE: Final = re.compile(r"^[A-Z][\w.-]{0,30}['’]s?$")
"""A possessive opening a description (``Joe's``, ``Caitlin’s``)."""


def appositive_name(body: str, at: int, written: str) -> str | None:
    """The name ``written`` (an attribution written as a description: an article, a possessive or a number
    first) stands beside as its appositive, at its first place in ``body`` from ``at`` on, else None (see the
    module).  The name comes back as written; the caller tidies it."""
    first = written.split()[0] if written.split() else ""
    if first.lower() not in ARTICLES and not _POSSESSIVE_RE.match(first):
        return None
    place = body.find(written, at, at + _REACH)
    if place < 2 or body[place - 2] != "," or body[place - 1] not in " \t":
        return None  # (no comma and space before it, where every match of the name's pattern ends)
    found = _NAME_BEFORE_RE.search(body, max(0, place - 80), place)
    if found is None:
        return None
    name = found.group("name")
    return None if _opener(name) else name


def _opener(name: str) -> bool:
    """Whether a run names no one: one word that opens sentences or dates them (``Later``, ``Friday``, ``Today``),
    or a run opening with a preposition (``In Los Angeles``, ``On Monday``)."""
    words = name.split()
    head = words[0].lower().rstrip(".")
    return head in _OPENERS or (len(words) == 1 and head in _ONE_WORD_OPENERS)


_OPENER_WORDS: Final = (
    "in on at for from with by of to into during after before since until about over under through among "
    "the a an this that these those his her their its our my your"
)
_OPENERS: Final = frozenset(_OPENER_WORDS.split())
"""Words a run opens with that make it no name (a preposition's place or date, a determiner's thing)."""
_ONE_WORD_OPENER_WORDS: Final = (
    "later earlier meanwhile however then now today yesterday tonight also still yet so instead again finally "
    "first second third next last recently previously afterwards afterward soon once separately similarly "
    "monday tuesday wednesday thursday friday saturday sunday january february march april may june july august "
    "september october november december here there indeed sadly luckily fortunately unfortunately"
)
_ONE_WORD_OPENERS: Final = frozenset(_ONE_WORD_OPENER_WORDS.split())
"""Words that, alone before a comma, open a sentence or date it rather than name someone."""


_DESCRIPTION_REACH: Final = 90
"""How long a description before a name in apposition may be."""


def subject_in_apposition(text: str, start: int, end: int, verb_after: re.Pattern[str]) -> bool:
    """Whether the name at ``text[start:end]`` is set off by commas after a description that opens its sentence, and
    ``verb_after`` matches after the second comma: the subject's name (``The British ambassador to the United States,
    Kim Darroch, said he``, ``Luke’s wife, Caroline, posted``).  Not when the description holds ``and``: in ``Katie
    Holmes, 38, and her daughter, Suri, celebrated`` the daughter is one of two subjects; nor when it opens with an
    owner (:data:`_OWNERS`)."""
    if not (text.startswith(", ", start - 2) and text.startswith(",", end) and verb_after.match(text, end + 1)):
        return False
    lo = max(0, start - 2 - _DESCRIPTION_REACH)
    opening = max(text.rfind(mark, lo, start - 2) for mark in ".!?\n\"“”")
    if opening < 0 and lo > 0:
        return False  # (no sentence opens within reach: a long description, or a list)
    words = text[opening + 1 : start - 2].split()
    return bool(words) and "and" not in words and words[0].lower() not in _OWNERS


_OWNERS: Final = frozenset({"his", "her", "their"})
"""A description opening with one of these is someone's relative or friend (``His father, Adel Lee, was``): the one
the prose goes on about is the owner, and a later pronoun is not read as the relative's."""
