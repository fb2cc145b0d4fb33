"""Whether a capitalised name the prose writes is a person's, or names a place, an event or an organisation.

A pronoun's author is the person the prose names before it (:func:`reactions.parse.antecedents.resolve_author`); the
last capitalised name before a quotation is often no person (``in Los Angeles``, ``at the Met Gala``, ``USA
TODAY``, ``the Weinstein Company``).  A name is taken for a thing, never a pronoun's author, on evidence of two
kinds:

* its words (:func:`thing_by_its_words`): a word that names places, events or organisations (``Festival``,
  ``Awards``, ``Hospital``, ``Records``, ``Magazine``, ``County`` …), a word in capitals (``USA TODAY``, ``HBO``:
  an acronym or a headline's shouting), a contraction (``I'm``), a compound adjective (``Jenkins-directed``), or
  the whole name a place of the GeoNames gazetteer written in several words (``Los Angeles``, ``Puerto Rico``;
  ``reactions/data/place_names.txt``, built by ``scripts/build_place_names.py``);
* where it is written (:func:`thing_by_its_place`): right after an article or a preposition of place or time
  (``the Met Gala``, ``in Las Vegas``, ``during Fashion Week``) — unless its first word is a given name of the
  names table (``a Taylor Swift song`` is still Taylor Swift's name), or it is an owner (``in Kim Kardashian's
  post``).

A given-name table alone cannot tell ``Fyre Festival`` from ``Wiz Khalifa`` (neither given name is in it); these
rules say only what the words and their place say, and say nothing (a person) when they say nothing.  Pure
functions over short strings; constant time each.

>>> thing_by_its_words("Met Gala"), thing_by_its_words("USA TODAY"), thing_by_its_words("Los Angeles")
(True, True, True)
>>> thing_by_its_words("Wiz Khalifa"), thing_by_its_words("JJ Watt"), thing_by_its_words("Doris Day")
(False, False, False)
>>> thing_by_its_place("photographed in ", "Puerto Rico"), thing_by_its_place("a photo with ", "Idina Menzel")
(True, False)
"""

from __future__ import annotations

import functools
import importlib.resources
import re
from collections.abc import Sequence
from typing import Final

__all__ = [
    "compound_adjective", "given_name_gender", "place_before", "thing_by_its_place", "thing_by_its_words",
    "thing_by_what_follows",
]  # fmt: skip

_THING_WORD_LIST: Final = """
    festival festivals gala awards award oscars grammys emmys ceremony premiere concert tour fair expo summit
    conference convention parade marathon olympics championship championships cup series league games week
    weekend day year eve christmas thanksgiving halloween easter
    party university college school academy institute hospital clinic center centre foundation charity museum
    gallery library church cathedral temple mosque stadium arena theatre theater hotel resort casino restaurant
    club studios studio records pictures entertainment media network networks channel magazine news times
    journal gazette tribune herald weekly daily radio tv television company co inc corp corporation llc ltd group
    agency association society council committee commission department ministry police court senate congress
    parliament administration government party army navy marines county city state states province kingdom
    republic island islands beach hills valley mountains boulevard avenue street road square airport station
    bridge tower palace castle prison hurricane show family band brothers sisters boys girls
"""
_THING_WORDS: Final = frozenset(_THING_WORD_LIST.split())
"""Words that make a name a place, an event or an organisation's (lower case; a final ``'s`` is dropped first).
Surnames that are also such words (``Hill``, ``Park``, ``Lake``, ``Church``) are left out or, like ``Day``,
yield to a given name before them (``Andra Day``, ``Doris Day``)."""

_SURNAME_LIKE: Final = frozenset({"day", "church", "street", "castle", "tower", "bridge", "temple", "court",
                                  "beach", "island", "fair", "station"})  # fmt: skip
"""Thing words that are also family names: a name whose given name is known and that ends with one of them is
a person's (``Andra Day``, ``Charlotte Church``)."""

_ROMAN: Final = frozenset({"II", "III", "IV", "VI", "VII", "VIII"})

_ARTICLES_AND_PLACES: Final = frozenset({"the", "a", "an", "in", "into", "inside", "outside", "near", "across",
                                         "throughout", "around", "during", "toward", "towards", "at", "called",
                                         "titled", "entitled", "dubbed", "of"})  # fmt: skip
"""Words after which a capitalised name is a place, an event, a title or an organisation (``the Met Gala``, ``in
Los Angeles``, ``at Wembley``, ``a firm called Yeezy Home``); ``at`` yields to a verb of aiming before it
(:data:`_AIMED_AT`)."""

_AIMED_AT: Final = frozenset({"fun", "back", "out", "aim", "swipe", "swipes", "jab", "jabs", "dig", "digs", "shot",
                              "shots", "laughed", "laughing", "looked", "looking", "stared", "yelled", "pointed",
                              "smiled", "winked", "glared", "directed", "aimed", "angry", "mad"})  # fmt: skip
"""Words before ``at`` that make what follows a person aimed at (``poked fun at Donald Trump``)."""

_TITLES: Final = frozenset({"president", "queen", "king", "prince", "princess", "duke", "duchess", "pope", "lady",
                            "lord", "sir", "dame", "rev", "reverend", "senator", "governor", "mayor", "judge",
                            "first"})  # fmt: skip
"""Titles that a person's name may open with after ``the`` (``the Duchess of Sussex``, ``the First Lady``)."""


def thing_by_its_words(name: str) -> bool:
    """Whether ``name``'s own words make it a place, an event or an organisation (see the module)."""
    words = name.split()
    if not words:
        return False
    given_known = given_name_gender(words[0]) is not None
    for i, word in enumerate(words):
        bare = word.removesuffix("’s").removesuffix("'s").rstrip(".")
        lowered = bare.lower()
        if lowered in _THING_WORDS and not (given_known and word is words[-1] and lowered in _SURNAME_LIKE):
            return True
        if len(bare) >= 3 and bare.isupper() and bare.isalpha() and bare not in _ROMAN and not _described(words, i):
            return True  # "USA TODAY", "GLAAD", a headline's "RYAN REYNOLDS ALWAYS"
        if _contraction(bare) or compound_adjective(bare):
            return True
    return len(words) > 1 and name in _place_names()


def place_before(words: Sequence[str]) -> int:
    """How many of ``words`` (a run of capitalised words) a place of several words opens, with a word after it
    (``In Los Angeles Khloe …`` read as a run ``Los Angeles Khloe``: 2), else 0; the longest such place, of four
    words at most.

    >>> place_before(["Los", "Angeles", "Khloe"]), place_before(["Los", "Angeles"]), place_before(["Kim", "Kardashian"])
    (2, 0, 0)
    """
    for size in range(min(4, len(words) - 1), 1, -1):
        if " ".join(words[:size]) in _place_names():
            return size
    return 0


def _described(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` (in capitals) describes the name of two words after it (``BFF Francia Raisa``)."""
    return i == 0 and len(words) >= 3 and not any(word.isupper() for word in words[1:])


def _contraction(word: str) -> bool:
    """``I'm``, ``They’ve``: a pronoun and a verb, no name (``O'Brien`` and ``D’Agostino`` go on in capitals)."""
    for mark in ("'", "’"):
        at = word.find(mark)
        if at > 0 and word[at + 1 : at + 2].islower() and word[at + 1 :] != "s":
            return True
    return False


def compound_adjective(word: str) -> bool:
    """``Jenkins-directed``, ``Oscar-winning``, ``Orlando-based``: a name made an adjective (``Zeta-Jones`` goes on
    in capitals)."""
    parts = word.split("-")
    return len(parts) > 1 and parts[-1][:1].islower()


def thing_by_its_place(before: str, name: str) -> bool:
    """Whether ``name``, written right after ``before`` (the text before it), stands where a place, an event or an
    organisation does (see the module): after an article or a preposition of place or time."""
    words = before[-40:].split()
    if not words or name.endswith(("’s", "'s")):
        return False
    last = words[-1].lower()
    if last not in _ARTICLES_AND_PLACES:
        return False
    if last == "at" and len(words) > 1 and words[-2].lower() in _AIMED_AT:
        return False
    first = name.split()[0]
    return first.lower() not in _TITLES and given_name_gender(first) is None


_THING_NOUN_RE: Final = re.compile(
    r"[ \t]{1,3}(?:\d{1,4}[ \t]{1,3})?(?:party|home|mansion|show|series|film|movie|song|album|reboot|franchise"
    r"|premiere|episode|season|finale|tour|concert|ceremony|festival|gala|hotel|resort|store|brand|label|campaign"
    r"|magazine|newsletter|cover|model|mom|blockbuster|sequel|trailer|soundtrack|documentary|headquarters)\b"
)
"""A common noun right after a capitalised name, which makes the name what it qualifies (``the Sports Illustrated
model``, ``the island’s Popular Democratic party``, ``the Southern Charm mom-to-be``, ``the Stranger Things 2
premiere``)."""


def thing_by_what_follows(after: str, at: int, name: str) -> bool:
    """Whether ``name``, written right before ``after[at]``, qualifies a noun that makes it a thing (a show, a
    party, a magazine: :data:`_THING_NOUN_RE`), unless it owns the noun (``JoJo Fletcher’s season``) or its first
    word is a given name (``a Taylor Swift song``)."""
    if name.endswith(("’s", "'s", "s’", "s'")) or _THING_NOUN_RE.match(after, at) is None:
        return False
    return given_name_gender(name.split()[0]) is None


def given_name_gender(given: str) -> str | None:
    """``"f"`` or ``"m"`` for a given name of one gender only in the names corpus (``reactions/data/
    first_names.txt``, see ``scripts/build_first_names.py``), else None."""
    return _first_names().get(given)


@functools.cache
def _first_names() -> dict[str, str]:
    text = importlib.resources.files("reactions").joinpath("data/first_names.txt").read_text(encoding="utf-8")
    return dict(line.split() for line in text.splitlines() if line and not line.startswith("#"))


@functools.cache
def _place_names() -> frozenset[str]:
    """Places written in several words (``reactions/data/place_names.txt``), read on first use."""
    text = importlib.resources.files("reactions").joinpath("data/place_names.txt").read_text(encoding="utf-8")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))
