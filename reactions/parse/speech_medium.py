"""Where the words of a verb of speech were said: the part of an attribution after a quotation that can name the
medium, for the quote finder (:mod:`reactions.parse.quotes`).

A quotation given to a verb of speech (``said``, ``says``, ``asked``) is a post only when its attribution names
where it was said: ``"…," she said on Twitter``, ``"…," he said in a video posted to Snapchat``. A post or a
platform named further on, in a clause of its own, is what the speaker talked about or did next, not where the words
stand::

    "Honestly, she went in on Bette Midler," Pink said, referring to Kardashian's tweet slamming Midler.
    "I don't think anyone should live their life like that," said Khloe as Jonathan urged them to …social media…
    "It's fun, it's adorable," Hamm said, referencing Snapchat's popular filters.
    "It was the worst year," Theron said of the false story.

The medium is read from the attribution up to the first word that opens such a clause or phrase: a participle of
reference (``referring``, ``referencing``, ``reading``, ``adding``, ``noting``), a relative or a conjunction
(``who``, ``which``, ``that``, ``as``, ``before``, ``after``, ``when``, ``because``, ``, and``), ``about``, ``with``,
or ``of`` right after the verb and its author (``said of``). ``while`` is not one: ``she said, while holding her
daughter, in a video posted to Snapchat`` names where; nor is a relative clause set off by commas inside the
author (``Seacrest, who also produces the show, said on Instagram``), nor ``as`` after ``known``, nor a word of
time that the speaker's own posting act follows (``"Water break," Heard said before she added Momoa and Wan's
Twitter handles``: the words went with the post).  A fragment the speaker quotes inside the attribution is what
they said, not where (``she said, hitting celebrities for "taking to Twitter in the comfort of their …"``): it is
not read for a medium, to its closing mark or to the clause's end.  A verb of reply or of going on (``replied to a
fan who wrote``, ``continued, before replying to one user``) answers or goes on with
posts: it is read whole.

>>> where_said("said", " Pink said, referring to Kardashian's tweet")
' Pink said, '
>>> where_said("said", " she said in a video posted to Snapchat, noting that fans loved it")
' she said in a video posted to Snapchat, '
>>> "Twitter" in where_said("said", ' she said, hitting stars for "taking to Twitter" daily')
False
"""

from __future__ import annotations

import re

from reactions.parse.networks import NAMED

__all__ = ["beside_speaker", "where_said"]

_SAYING = frozenset({"said", "says", "saying", "told", "asked", "quipped", "joked", "added", "adding", "suggested"})
"""The verbs of speech whose attribution is cut (:func:`where_said`); the others (``replied``, ``continued``,
``reads``) are read whole."""
_SET_OFF_RE = re.compile(r",[ \t]{1,3}(?:who|which)[ \t][^,\n]{1,120},")
"""A relative clause set off by commas, inside the author (``Seacrest, who also produces the show, said``)."""

_CLAUSE_RE = re.compile(
    r"\b(?:referring|referencing|reading|adding|noting|about|regarding|who|whom|whose|which|that|(?<!known )as"
    r"|before|after|when|because|since|with|until)\b|,[ \t]{1,3}(?:and|but)\b",
    re.IGNORECASE,
)
"""A word that opens a clause or phrase of its own after the verb: what it names is not where the words were said."""
_OWN_POST_RE = re.compile(
    r"[ \t]{1,3}(?:(?:she|he|they)[ \t]{1,3})?(?:posted|posting|shared|sharing|tagged|tagging|tweeted|tweeting"
    r"|captioned|captioning|uploaded|uploading|added(?![ \t]{1,3}that\b|[,:]))\b",
    re.IGNORECASE,
)
"""The speaker's own posting act right after a word of time (``before she added Momoa's Twitter handles``,
``after sharing the photo on Instagram``): the words went with the post, the clause names where they stand."""


def _own_post_next(clause: str, opener: re.Match[str]) -> bool:
    """Whether ``opener`` (a match of :data:`_CLAUSE_RE`) is a word of time that the speaker's own posting act
    follows (:data:`_OWN_POST_RE`): no clause of another matter, read on."""
    return opener.group().lower() in _TIME_WORDS and _OWN_POST_RE.match(clause, opener.end()) is not None


_TIME_WORDS = frozenset({"before", "after", "as", "when", "since", "until"})
_SAID_OF_RE = re.compile(
    r"\b(?:said|says|saying|told|asked|joked|quipped|added|continued)(?:[ \t]{1,3}[\w'’.-]{1,30}){0,3}?[ \t]{1,3}of\b",
    re.IGNORECASE,
)
"""``said of …``, ``said Heigl of …``: what follows is what the words are about."""


def where_said(verb: str, clause: str) -> str:
    """The start of ``clause``, an attribution after a quotation whose verb is ``verb``, that can name where the
    words were said (see the module); the whole clause for a verb that is not one of saying."""
    if verb not in _SAYING:
        return clause
    clause = _SET_OFF_RE.sub(",", clause, count=1)
    cut = next((opener.start() for opener in _CLAUSE_RE.finditer(clause) if not _own_post_next(clause, opener)),
               len(clause))  # fmt: skip
    if (about := _SAID_OF_RE.search(clause, 0, cut)) is not None:
        cut = about.end() - 2
    return _QUOTED_FRAGMENT_RE.sub(_blanked, clause[:cut])


def beside_speaker(author: str, clause: str) -> str:
    """``clause`` (an attribution: a lead-in, or the clause after a quotation) less its ``author`` when that is a
    network's name alone: ``"…," Mastodon says`` is the network (or a person of that name) speaking, which names
    no medium (``"…," she said on Mastodon`` does)."""
    bare = author.strip(" ,")
    return clause.replace(bare, "", 1) if bare in NAMED else clause


_QUOTED_FRAGMENT_RE = re.compile(r'(?<=[ \t(])["“][^"“”\n]{0,160}(?:["”]|\Z)')
"""A fragment the attribution quotes (after a space or a bracket), to its closing mark or the clause's end."""


def _blanked(match: re.Match[str]) -> str:
    """Spaces as long as the quoted fragment ``match``: its words name no medium, the clause keeps its length."""
    return " " * len(match.group())
