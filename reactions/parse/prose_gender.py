"""The gender the prose gives a name the names table cannot tell: the pronoun of the name's own clause.

A pronoun's author must be of the pronoun's gender (:func:`reactions.parse.people.author_of`), told by the given
name (``reactions/data/first_names.txt``).  A given name of either gender (``Kim``, ``Taylor``, ``Carey``) or of
none known (``Channing``, ``Tristan``, ``Donda``) says nothing, and a family name alone takes the gender of the full
name it is written most often in, which may be a relative's (``West`` for ``Donda West``, Kanye's mother, when the
quotation's ``she`` is Taylor Swift).  The prose often says it: ``saying West never told her he was going to…``,
``Tatum stepped out …, attending his first public event``.  Here the name is read where it is a clause's subject
(after a sentence's or a clause's start: a stop, a comma, a bracket, ``and``, ``that``, ``saying`` …, or after a
role with a verb in ``-ed`` after it, ``Bachelor in Paradise star Wells Adams quickly defended``; a verb in lower
case after it), and the first third-person pronoun of that clause is taken for the name's; a relative's word right
before the name gives it that word's gender (``her husband, Kroy Biermann``, ``his fiancée Ann``).  Of the subject's
clause:

* only up to a word opening another clause (``as``, ``when``, ``that``, ``who`` …), the sentence's end, or another
  name (a capitalised word that neither follows an article nor continues a run: ``Kim revealed the nickname Saint
  already has``; days and months are no names);
* ``her`` and ``him`` as objects are passed over (``told her he was``, ``pushing her to``: the word after is no
  noun), and ``they``, ``their``, ``them`` end the look (the pronoun is someone else's).

A gender is told when the places read agree (at least one, none against).  It is used only to turn a name away
from a pronoun of the other gender, never to give it one (a show or a headline's run named before a pronoun is no
person).  Pure functions; each place read is bounded (:data:`_READ` characters, :data:`_LOOKS` places a name).

>>> prose_gender("He said West never told her he was going to call Swift.", "West")
'm'
>>> prose_gender("Kim revealed the nickname Saint has for her as he called her Jack.", "Kim") is None
True
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["prose_gender"]

_READ: Final = 150
"""How many characters after a name its clause is read for a pronoun at most."""
_LOOKS: Final = 64
"""How many places a name is written that are read at most."""

_PRONOUN_RE: Final = re.compile(
    r"\b(?:(?P<m>he|his|himself)|(?P<f>she|herself|hers|her)|(?P<o>him|they|their|them|themselves))\b",
    re.IGNORECASE,
)
_OBJECT_AFTER_RE: Final = re.compile(
    r"(?:[ \t]{1,3}(?:to|into|from|that|back|up|out|off|down|over|and|or|but|for|with|about|on|in|at|he|she|they"
    r"|it|a|an|the|this|what|how|if|is|was|as|so|again|too)\b|[ \t]{0,3}[^\w \t])"
)
"""What follows ``her`` or ``him`` as a verb's object (``told her he``, ``pushing her to``, ``thanked him.``), not a
noun it owns (``her husband``)."""
_SUBJECT_START_RE: Final = re.compile(
    r"(?:\A|[.!?:;][ \t\n]{1,3}|\n[ \t]{0,3}|,[ \t]{1,3}|\([ \t]{0,3}|\b(?:and|but|when|as|after|before|while|then"
    r"|that|saying|said|says|claiming|adding|noting)[ \t]{1,3})\Z"
)
"""What stands right before a name that opens a clause (the 14 characters before it are read)."""
_VERB_NEXT_RE: Final = re.compile(r"[ \t]{1,3}[a-z]")
_DESCRIBED_BEFORE_RE: Final = re.compile(
    r"\b(?:star|actress|actor|singer|rapper|model|host|boyfriend|girlfriend|husband|wife|fiancée?|fiancé)[ \t]{1,3}"
    r"(?:[A-Z][\w'’-]{1,30}[ \t]{1,3}){0,2}\Z"
)
"""A role right before a name (``Bachelor in Paradise star Wells Adams``), its given name between."""
_PAST_VERB_NEXT_RE: Final = re.compile(r"[ \t]{1,3}(?:[a-z]{2,15}ly[ \t]{1,3})?[a-z]{2,20}ed\b")
"""A verb in the past in ``-ed`` after a name, an adverb before it (``quickly defended``): the name is its subject."""
_KIN_BEFORE_RE: Final = re.compile(
    r"\b(?:his|her|their|my|your|our)[ \t]{1,3}(?:(?:new|late|former|longtime|estranged|ex-)[ \t]{0,3})?"
    r"(?:(?P<m>husband|boyfriend|fianc[ée]|son|father|dad|brother|grandfather|grandson|uncle|nephew|stepfather"
    r"|stepson)|(?P<f>wife|girlfriend|fianc[ée]e|daughter|mother|mom|mum|sister|grandmother|granddaughter|aunt"
    r"|niece|stepmother|stepdaughter))[ \t]{0,3},?[ \t]{1,3}\Z"
)
"""A relative's word right before a name, which gives it the word's gender (``her husband, Kroy Biermann``)."""
_CLAUSE_WORD_RE: Final = re.compile(
    r"\b(?:as|when|while|because|after|before|since|that|who|whom|whose|which|if|until|though|although)\b"
)
_SENTENCE_END_RE: Final = re.compile(r"[.!?\n]")
_WORD_RE: Final = re.compile(r"[\w'’-]{1,40}")
_ARTICLES: Final = frozenset({"the", "a", "an"})
_NO_NAMES: Final = frozenset({
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "I",
})  # fmt: skip

_KNOWN: Final[list[tuple[str, dict[str, str | None]]]] = [("", {})]
"""The last body read (the very object) and the genders found in it, by name."""


def prose_gender(body: str, name: str) -> str | None:
    """``"m"`` or ``"f"`` when the clauses ``name`` (a whole word of ``body``) is the subject of agree on its gender
    (see the module), else None.  The last body's answers are kept by name."""
    last, known = _KNOWN[0]
    if last is not body:
        known = {}
        _KNOWN[0] = (body, known)
    if name not in known:
        known[name] = _told(body, name)
    return known[name]


def _told(body: str, name: str) -> str | None:
    votes = {"m": 0, "f": 0}
    at, looks = body.find(name), 0
    while at >= 0 and looks < _LOOKS:
        end = at + len(name)
        if (gender := _kin_before(body, at)) is not None:
            votes[gender] += 1  # "her husband, Kroy Biermann": the word for the relative says it
        elif _subject_at(body, at, end) and (gender := _clause_pronoun(body, end)) is not None:
            votes[gender] += 1
        at, looks = body.find(name, end), looks + 1
    if votes["m"] and not votes["f"]:
        return "m"
    return "f" if votes["f"] and not votes["m"] else None


def _kin_before(body: str, at: int) -> str | None:
    """The gender of a relative's word right before the name at ``body[at]`` (``her husband, Kroy Biermann``,
    ``his wife Ann``), else None."""
    found = _KIN_BEFORE_RE.search(body, max(0, at - 40), at)
    return None if found is None else "m" if found.group("m") else "f"


def _subject_at(body: str, at: int, end: int) -> bool:
    """Whether ``body[at:end]`` is a whole word that opens a clause with a verb in lower case after it."""
    if (at and (body[at - 1].isalnum() or body[at - 1] in "_'’-")) or (end < len(body) and body[end].isalnum()):
        return False
    if _VERB_NEXT_RE.match(body, end) is None:
        return False
    if _SUBJECT_START_RE.search(body[max(0, at - 14) : at]) is not None:
        return True  # (a role before the name and a verb in the past after it: "… star Wells Adams quickly defended")
    verb = _PAST_VERB_NEXT_RE.match(body, end)
    return verb is not None and _DESCRIBED_BEFORE_RE.search(body, max(0, at - 80), at) is not None


def _clause_pronoun(body: str, end: int) -> str | None:
    """The gender of the first third-person pronoun in the clause after a subject ending at ``body[end]``, else None."""
    stop = _SENTENCE_END_RE.search(body, end, end + _READ)
    limit = stop.start() if stop else min(len(body), end + _READ)
    if (clause := _CLAUSE_WORD_RE.search(body, end, limit)) is not None:
        limit = clause.start()
    limit = _next_name(body, end, limit)
    found = _PRONOUN_RE.search(body, end, limit)
    while found is not None and found.group().lower() in ("her", "him") and _OBJECT_AFTER_RE.match(body, found.end()):
        found = _PRONOUN_RE.search(body, found.end(), limit)
    if found is None or found.group("o"):
        return None
    return "m" if found.group("m") else "f"


def _next_name(body: str, start: int, limit: int) -> int:
    """Where the first other name in ``body[start:limit]`` starts (a capitalised word after no article and no
    capitalised word, and no day or month), else ``limit``."""
    previous = ""
    for word in _WORD_RE.finditer(body, start, limit):
        token = word.group()
        upper = token[:1].isupper() and token not in _NO_NAMES
        if upper and previous.lower() not in _ARTICLES and not previous[:1].isupper():
            return word.start()
        previous = token
    return limit
