"""A full name cut to its name's words: a verb that a headline capitalised after a name is no part of it.

A run of capitalised words that a name starts (:func:`reactions.parse.people.full_names`) may hold a word that only
a headline's capitals joined to it: ``Tyga Announced a Tour`` gives ``Tyga Announced``.  A word after the name is
a verb when it ends in ``-ed``, the body writes it in lower case as a word of its prose (spaces or punctuation
around it, not a link's or a handle's) and never capitalises it inside a sentence (right after a word in lower case
or a comma, as a name is: ``said Reed``).  A family name that is a common word keeps (``White``, ``Woods``).

Words before a name are left as they are: a given name is written in lower case in posts' own words (``slow down
lenny``, ``so in love``), which the body cannot tell from a description's (``Student Ann Lee``) without reading
its quotations apart.  Each look is a ``str.find`` pass over the body, made only for runs longer than the name.

>>> body = "Tyga Announced a tour. The rapper announced it on Monday. Tyga smiled."
>>> name_words(body, "Tyga", "Tyga Announced")
'Tyga'
>>> name_words("Will Smith will star.", "Smith", "Will Smith")
'Will Smith'
"""

from __future__ import annotations

__all__ = ["name_words", "organisation_of", "written_lower"]


def name_words(body: str, name: str, run: str) -> str:
    """``run`` (a full name of ``name``, which it starts or ends) less a verb after ``name`` and the words after it
    (see the module); ``run`` itself when none stands there."""
    words = run.split()
    if len(words) < 2:
        return run
    if words[0] == name:
        kept = 1
        while kept < len(words) and not _verb(body, words[kept]):
            kept += 1
        return " ".join(words[:kept])
    return run


def _verb(body: str, word: str) -> bool:
    return word.endswith("ed") and not word.endswith("eed") and written_lower(body, word) and not _named_inside(
        body, word
    )


def _named_inside(body: str, word: str) -> bool:
    """Whether ``body`` capitalises ``word`` inside a sentence (right after a word in lower case, or a comma): as a
    name is (``said Woods``), and a description or a verb that only a sentence's or a headline's start capitalises
    is not (``Student Jaime Guttenberg``, ``Tyga Announced``)."""
    at = body.find(word)
    while at >= 0:
        if at > 1 and body[at - 1] == " ":
            previous = body[max(0, at - 21) : at - 1].rsplit(None, 1)[-1:]  # the word before (20 letters at most)
            if previous and (previous[0].endswith(",") or (previous[0].isalpha() and previous[0].islower())):
                return True
        at = body.find(word, at + len(word))
    return False


def written_lower(body: str, word: str) -> bool:
    """Whether ``body`` writes ``word`` in lower case (its first letter) as a word of its prose."""
    lower = word[:1].lower() + word[1:]
    if lower == word or not lower.isalpha():
        return False
    at = body.find(lower)
    while at >= 0:
        end = at + len(lower)
        if (not at or body[at - 1] in _BEFORE) and (end == len(body) or body[end] in _AFTER):
            return True
        at = body.find(lower, end)
    return False


_BEFORE = frozenset(" \t\n(\"“‘")
_AFTER = frozenset(" \t\n,.;:!?)\"”’")
"""What stands around a word of prose (not of a link, a handle or a hyphenated name: ``kelly-clarkson``)."""


def organisation_of(name: str, words: list[str]) -> bool:
    """Whether ``words`` (a run of capitalised words that ``name`` starts) name an organisation the person ``name``
    gives its name to (``Trump Organization``, ``Clinton Foundation``), not the person's full name."""
    return len(words) > 1 and words[0] == name and words[-1] in _ORGANISATIONS


_ORGANISATIONS = frozenset({
    "Organization", "Organisation", "Foundation", "Administration", "Campaign", "Group", "Company", "Corporation",
    "Inc", "Inc.", "Corp", "Corp.", "LLC", "Tower", "Towers", "Studios", "Productions", "Records", "Entertainment",
    "Institute", "University", "Church", "Council", "Committee", "Party", "Center", "Centre", "Hotel", "Estate",
    "Plaza", "Casino", "Resort", "Resorts", "Airlines", "Shuttle", "Brands", "Collection", "Winery",
})  # fmt: skip
"""Last words of an organisation named after a person."""
