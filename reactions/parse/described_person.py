"""Who a description stands for when the person the prose names last before it is named only as an object.

``"…," the singer captioned`` after ``The night began with the pop star doing make-up for her nieces Lena Park
and Ana Park. Both girls posed for a photo.``: the last name before the description (``Ana Park``) is no
sentence's subject, so the description is the article's person's
(:func:`reactions.parse.article_person.article_person`), judged against the people the prose names as a
sentence's subject, and those it names as an owner in the description's own sentence or the one before it
(``In Park’s original tweet, the actor shared``, ``… and Ana Park's parents. The Grammy winner tweeted``: the
owner is the one described, not the article's person).

Pure functions over the prose read around the quotation, bounded by its caller.

>>> rivals("Ann Lee sang. The dog barked. The singer wrote", ["Tom Hall", "Ann Lee"], {"Ann Lee"}, "Ann Lee", "she")
['Ann Lee']
>>> rivals("Ann Lee sang. Tom Hall's dog barked. The singer wrote", ["Ann Lee"], {"Ann Lee"}, "Ann Lee", "she")
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

__all__ = ["named_as_relative_of", "pronoun_of", "rivals"]


def pronoun_of(described: str, person: str | None, agrees: Callable[[str, str], int] | None) -> str | None:
    """The pronoun a description (``described``: ``she``, ``he`` or ``they`` for either) stands for when it is
    ``person``'s: ``she`` or ``he`` as described, else the one ``agrees`` says is the person's; None when unknown."""
    if person is None or agrees is None:
        return None
    if described in ("she", "he"):
        return described
    return next((pronoun for pronoun in ("she", "he") if agrees(person, pronoun) > 0), None)


def rivals(
    prose: str, named: Sequence[str], subjects: Collection[str], person: str, described: str
) -> list[str] | None:
    """The names of ``named`` that are a sentence's subject (``subjects``), which a description (``described``:
    ``she``, ``he`` or ``they``) after ``prose`` may stand for besides the article's ``person``; None when another
    may surely be the one described: a name written as an owner (``Tom Hall's``) in the prose's last two
    sentences (a line with no stop at its end, a heading or a link to another story, not counted), or, for a
    description of either gender, any other sentence's subject."""
    owners = _OWNER_RE.findall(_last_sentences(prose))
    if any(owner not in person.split() and owner not in _PLATFORMS for owner in owners):
        return None
    found = [name for name in named if name in subjects]
    if described == "they" and any(not set(name.split()) <= set(person.split()) for name in found):
        return None
    return found


def named_as_relative_of(prose: str, name: str, relatives: Collection[str]) -> bool:
    """Whether ``name`` is last written in ``prose`` as the person someone is a relative of (one of
    ``relatives``: ``the fiancee of Liam Hemsworth``): a description after it is the relative's, not theirs."""
    at = prose.rfind(name)
    relation = _RELATIVE_OF_RE.search(prose, max(0, at - 40), at) if at >= 0 else None
    return relation is not None and relation.group(1).lower() in relatives


def _last_sentences(prose: str) -> str:
    """The last two sentences of ``prose`` (the description's own, up to it, and the one before), lines that
    end with no stop left out."""
    lines = prose.split("\n")
    kept = [line for line in lines[:-1] if line.rstrip()[-1:] in _ENDS] + lines[-1:]
    text = "\n".join(kept)
    stops = [match.end() for match in _STOP_RE.finditer(text)]
    return text[stops[-2] :] if len(stops) > 1 else text


_RELATIVE_OF_RE = re.compile(r"([\w-]{2,20})[ \t]{1,3}of[ \t]{1,3}\Z")
_ENDS = frozenset(".!?:\"”’)")
_OWNER_RE = re.compile(r"(?<![\w'’-])([A-Z][\w-]{1,30})['’]s\b")
"""A capitalised word as an owner (``Perlman’s``): a person, or a thing (``Netflix's``), either may be described."""
_PLATFORMS = frozenset({"Instagram", "Twitter", "Facebook", "YouTube", "TikTok", "Snapchat"})
_STOP_RE = re.compile(r"[.!?][\"”’]?[ \t\n]{1,12}")
