"""One person, one author: the ``author`` of quoted posts made a person's name, the same within an article.

The attribution of a quotation is read as the prose writes it (``display_name``); its ``author`` is who that is.
Prose writes one person many ways (``Kim Kardashian``, then ``Kim``, ``Kardashian``, ``the star``), and an
attribution read from a long lead-in may hold an age (``Kim Kardashian, 36,``), a date (``October 2012: Justin
posts``), a role (``star``) or a clause (``Actor George Takei kept his message short and``).  Here:

* an author is a run of capitalised words: a date, a number or a role before it is dropped, the clause after it
  cut off (at the first word in lower case, such as ``of``), an owner before it too (``Khloe's sister Kim
  Kardashian``); what holds no name (``36``, ``after``, ``on Twitter and``), a platform (``Instagram``) and a role
  alone (``the star``, ``actress``) name no one;
* within an article, a partial name (``Kim``, ``Kardashian``) is the full name it belongs to: of the runs of
  capitalised words that start (a given name) or end (a family name) with it, the one written most often, the
  first introduced of those;
* a handle stays a handle.

Across articles the same full name is one author by being the same string.  Pure functions; linear time (one scan
of the article for names, only when a partial name needs it).  ``display_name`` keeps the words as written.

>>> tidy_author("Actor George Takei kept his message short and")
'George Takei'
>>> tidy_author("October 2012 Justin"), tidy_author("36"), tidy_author("Instagram")
('Justin', None, None)
>>> full_names("Kim Kardashian, 36, tweeted. Later Kim wrote again.", [(38, "Kim")])
['Kim Kardashian']
"""

from __future__ import annotations

import collections
import re
from collections.abc import Sequence
from typing import Final

from reactions.parse.authors import resolve_author

__all__ = ["author_of", "full_names", "tidy_author"]

_ROLE_WORDS: Final = (
    "actor actress singer rapper model director producer editor host star comedian comedienne writer author journalist "
    "reporter senator sen rep representative congressman congresswoman president governor gov mayor minister "
    "chairman chairwoman ceo founder entrepreneur personality commentator activist musician designer chef coach "
    "player anchor pundit columnist spokesman spokeswoman spokesperson secretary leader officer chief judge attorney "
    "lawyer professor dr mr mrs ms candidate hopeful "
    "nominee contestant influencer blogger vlogger youtuber tiktoker creator presenter broadcaster analyst "
    "strategist adviser advisor aide staffer official politician lawmaker mp icon legend diva mogul hitmaker "
    "songstress starlet beauty sensation socialite heiress superstar megastar frontman frontwoman alum veteran "
    "newcomer mom mother dad father wife husband sister brother daughter son girlfriend boyfriend fiance fiancee "
    "fiancé fiancée ex pal friend co-star costar former reality tv"
)
ROLES: Final = frozenset(_ROLE_WORDS.split())
"""Words that say what a person is, not who (``Actor``, ``the star``, ``reality star``)."""
_FILLER_WORDS: Final = (
    "instagram twitter facebook tiktok youtube snapchat threads bluesky mastodon x reddit social media the a an "
    "january february march april may june july august september october november december monday tuesday "
    "wednesday thursday friday saturday sunday later after before when while then now also but and so meanwhile "
    "however yet still in on at for as if it he she they we i this that his her their its one another last earlier "
    "photos photo image images getty read related yikes wow oh yes no hide caption watch see"
)
_NOT_NAMES: Final = frozenset(_FILLER_WORDS.split())
"""Capitalised words that are no part of a person's name at its start: platforms, dates, words that open a
sentence."""
_TOKEN_RE: Final = re.compile(r"@?[\w'’.&-]{1,40}")
_NAME_RUN_RE: Final = re.compile(r"(?<![\w'’])(?:[A-Z][\w'’-]{0,30}[ \t]){1,3}[A-Z][\w'’-]{1,30}(?![\w'’-])")
"""Two to four capitalised words in a row: a full name, when a partial one is among them at an end."""


def tidy_author(author: str | None) -> str | None:
    """The person's name in an attribution read as written (see the module's rules), or None when it holds none;
    a role alone comes back in lower case (``star``) for :func:`author_of` to resolve."""
    if not author:
        return None
    if author.startswith("@"):
        return author
    name: list[str] = []
    for token in _TOKEN_RE.findall(author):
        owner = token.endswith(("’s", "'s"))
        if token[:1].isupper() and not _is_filler(token) and not owner:
            name.append(token.rstrip(",."))
        elif owner or token[:1].isupper() or not any(char.isalpha() for char in token):
            name = []  # an owner, a role, a date: what came before describes ("Conservative MP", "Khloe's sister")
        elif name:
            break  # the clause after the name
    words = " ".join(name)
    if not words or not any(char.isalpha() for char in words):
        return _role_of(author)
    return words


def _is_filler(token: str) -> bool:
    """A leading word that is no part of a name: a number, a date's month, a role, a platform, an article."""
    lowered = token.lower().strip(".,:")
    return not any(char.isalpha() for char in token) or lowered in ROLES or lowered in _NOT_NAMES


def _role_of(author: str) -> str | None:
    """The role an author is written as (``the star``, ``actress``), else None."""
    words = [word.lower().strip(".,") for word in author.split()]
    return words[-1] if words and words[-1] in ROLES and len(words) <= 3 else None


def author_of(body: str, at: int, written: str | None, handle: str | None) -> str | None:
    """Who an attribution written ``written`` at ``body[at]`` names: its tidy name (a pronoun resolved to the
    person named before it by :func:`reactions.parse.authors.resolve_author`), else the handle; a role alone
    names no one."""
    resolved = resolve_author(body, at, written) if written else None
    name = tidy_author(resolved) if resolved else None
    return name if name and not name.islower() else handle


def full_names(body: str, partial: Sequence[tuple[int, str]]) -> list[str]:
    """For each ``(offset, name)``: the full name of the person that name is in ``body`` (see the module), or the
    name itself when it is already full or no full name fits."""
    if all(" " in name or name.startswith("@") for _, name in partial):
        return [name for _, name in partial]
    by_first: dict[str, list[tuple[int, str]]] = {}
    by_last: dict[str, list[tuple[int, str]]] = {}
    for match in _NAME_RUN_RE.finditer(body):
        run = _trimmed(match.group())
        if " " in run:
            by_first.setdefault(run.split()[0], []).append((match.start(), run))
            by_last.setdefault(run.split()[-1], []).append((match.start(), run))
    return [name if " " in name or name.startswith("@") else _full(name, by_first, by_last) for _, name in partial]


def _trimmed(run: str) -> str:
    """A run of capitalised words less what comes before the name in it: openers, owners and roles (``BLM
    Activist Shaun King``), and past four words a headline's other words (``Paris Jackson Head To``)."""
    words = [word.removesuffix("’s").removesuffix("'s") for word in run.split()]
    cut = max((i + 1 for i, word in enumerate(words) if _is_filler(word) or word != run.split()[i]), default=0)
    words = words[cut:]
    return " ".join(words if len(words) <= 3 else words[:2])


def _full(name: str, *indexes: dict[str, list[tuple[int, str]]]) -> str:
    """The full name ``name`` stands for: of the runs in the article that it starts (a given name) or ends (a
    family name), the one written most often (a headline's ``Ruby Rose Claims`` once, ``Ruby Rose`` throughout),
    the first introduced of those."""
    fitting = [run for index in indexes for run in index.get(name, ())]
    if not fitting:
        return name
    counts = collections.Counter(run for _, run in fitting)
    return min(fitting, key=lambda run: (-counts[run[1]], run[0]))[1]
