"""An author's quotations in a run: ``"…," she wrote. "…," she added.`` — the second ``she`` is the first's person.

:func:`reactions.parse.antecedents.resolve_author` reads up to :data:`~reactions.parse.authors.REACH` characters
of prose before a pronoun (or a description, ``the singer``, or a post, ``the caption``) for the person it stands
for.  When the prose since the last author of the same words it resolved in the article is short and names no one
else (:func:`_names_no_one`: outside quotations, no capital but a pronoun's, the person's name's or a word that
names no one, no word that could open a description or name a poster, such as ``the``, ``one`` or ``fans``, but in
``a tweet``), the author can only stand for the same person, who is given again without the prose being read
again.  Besides saying what a reader understands (the run goes on past the window's reach), this keeps an article
of such quotations back to back linear with a small constant: each stretch of prose is read once, not once for
every quotation whose window holds it (``benchmarks/adversarial.py``).  :func:`reactions.parse.people.chained`
does the like for the records, after the fact, for a pronoun left with no one.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from reactions.parse.authors import ARTICLES, POSTERS, PRONOUNS, REACH
from reactions.parse.month_stops import MONTHS
from reactions.parse.networks import PLACES, names_pattern
from reactions.parse.outside_quotes import blanked

__all__ = ["follows", "remember"]


class _Resolved(NamedTuple):
    body: str
    """The article (compared by identity: ``is``)."""
    end: int
    """Where the prose read for the author ended: where the author's words stand."""
    author: str
    """The author as written, lower-cased (``she``, ``the singer``)."""
    person: str | None


_LAST: Final[list[_Resolved]] = [_Resolved("", -1, "", None)]
"""The last author resolved as a pronoun or a description, and its person."""

_WORD_RE: Final = re.compile(r"[^\W\d_][\w'’-]{0,40}")
_DATE_RE: Final = re.compile(r"\b(?:" + "|".join(sorted((m.capitalize() for m in MONTHS), key=len, reverse=True))
                             + r")\.[ \t]\d")  # fmt: skip
"""A month abbreviated before its day (``Oct. 29``, as :mod:`~reactions.parse.month_stops` reads it): a date, though
``Jan`` alone may be a name."""
_POSTED_THING_RE: Final = re.compile(
    r"\b(?i:a|an|the|this|that|another|one|his|her|their|its)[ \t]{1,3}(?:[\w-]{1,20}[ \t]{1,3})?"
    r"(?i:tweet|post|caption|message|photo|picture|video|clip|story|reply|thread|selfie)s?\b"
)
"""A post or a picture after an article or an owner (``In a tweet``, ``her Instagram post``): a thing, no person."""
_PLACE_RE: Final = re.compile(rf"\b(?i:on|to|via)[ \t]{{1,3}}(?:{names_pattern(PLACES)})\b")
"""A network named as where a post went (``wrote on X``, ``took to Threads``): a place, no person (``X`` is a name
only there, :data:`~reactions.parse.networks.NAMED`)."""
_OPENERS: Final = ARTICLES | POSTERS
"""Words that may open a description or name a poster (``the singer``, ``one fan``, ``users``): another person."""
_PRONOUNS: Final = frozenset(pronoun.capitalize() for pronoun in PRONOUNS) | PRONOUNS


def follows(body: str, end: int, author: str, unnamed: frozenset[str] = frozenset()) -> tuple[str | None] | None:
    """``(person,)`` when ``author`` (as written, lower-cased), whose prose ends at ``body[end]``, goes on the run of
    the last one resolved in ``body``: the same words, at most :data:`REACH` characters before, no one else named
    between (``unnamed``: capitalised words the resolver never takes for a name, ``Twitter``, ``Monday``); else
    ``None``."""
    last = _LAST[0]
    if last.body is not body or last.author != author or not last.end + len(author) <= end <= last.end + REACH:
        return None
    known = unnamed | frozenset(last.person.split()) if last.person else unnamed
    return (last.person,) if _names_no_one(body[last.end + len(author) : end], known) else None


def remember(body: str, end: int, author: str, person: str | None) -> None:
    """Keep ``person`` as what ``author`` (as written, lower-cased), whose prose ends at ``body[end]``, stands for."""
    _LAST[0] = _Resolved(body, end, author, person)


def _names_no_one(stretch: str, known: frozenset[str]) -> bool:
    """Whether ``stretch`` (the prose from one author's words to the next's, quotations and dates blanked out) holds
    no word that could name or describe another person: none capitalised but a pronoun or one of ``known`` (the
    person's name's words, ``Ann Lee posted. "…," she wrote``, and words that name no one; a network where a post
    went, ``on X``), none among :data:`_OPENERS`."""
    prose = _PLACE_RE.sub(" ", _POSTED_THING_RE.sub(" ", _DATE_RE.sub(" ", blanked(stretch))))
    for word in _WORD_RE.findall(prose):
        if (word[0].isupper() and word not in _PRONOUNS and word not in known) or word.lower() in _OPENERS:
            return False
    return True
