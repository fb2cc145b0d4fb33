"""A family name's full name ends with it: the runs of capitalised words it starts are someone's or something else.

A name written alone (``Trump``) is the full name of the runs of capitalised words it starts (a given name:
``Kim`` -> ``Kim Kardashian``) or ends (a family name), the one written most (:func:`reactions.parse.people.
full_names`).  A family name also starts runs that are no name of its own: an institution called after the
person (``the Trump White House``, ``Trump Cabinet members``), a headline's words (``Trump Widens Lead``) and a
site's links glued to the prose (``President Trump Donald John TrumpFeehery: …``: the person's full name and
another story's headline written after the family name).  So, for a name that is no given name of the table:

* a run it starts is dropped when it writes the name again glued to the next word (``Trump Donald John
  TrumpFeehery:``: a full name and a headline follow it; ``Xi Jinping``, ``Kim Jong Un`` keep);
* once a run writes a given name of the table right before it (``Donald Trump``), the name is a family
  name in this article: every run it starts is dropped;
* once a run writes a title right before it with no capitalised word after it (``President Trump said``), the
  name is a family name too, but a family name may come first (``President Xi said``, ``Xi Jinping``): a run it
  starts is dropped only when its next word stands in the body without the name before it (``the White House``,
  ``Cabinet officials``), as a given name written after a family name does not.

Pure functions over the runs already found and a bounded look at the body for each word that decides.

>>> family_name_runs("", "Trump", [(0, "Trump White House"), (40, "Donald Trump"), (90, "Trump White House")])
[(40, 'Donald Trump')]
>>> family_name_runs("", "Trump", [(0, "Trump Donald John TrumpGOP")])
[]
>>> family_name_runs("President Xi said. Xi Jinping", "Xi", [(0, "President Xi"), (19, "Xi Jinping")])
[(0, 'President Xi'), (19, 'Xi Jinping')]
>>> family_name_runs("President Lee said. Lee Tower. The Tower", "Lee", [(0, "President Lee"), (20, "Lee Tower")])
[(0, 'President Lee')]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from reactions.parse.common_words import written_lower
from reactions.parse.name_kinds import given_name_gender

__all__ = ["family_name_runs", "from_given_name"]


def family_name_runs(body: str, name: str, runs: Sequence[tuple[int, str]]) -> list[tuple[int, str]]:
    """``runs`` (``(offset in body, run)``, each started or ended by ``name``) less those ``name`` starts that are
    no full name of it (see the module); all of them when ``name`` is a given name of the table."""
    if given_name_gender(name) is not None:
        return list(runs)
    named = {run: from_given_name(body, run) for run in {run for _, run in runs}}  # (each run read once)
    runs = [(at, named[run]) for at, run in runs]
    if not any(_starts(name, run.split()) for _, run in runs):
        return runs
    given = any(_after_given_name(name, run.split()) for _, run in runs)
    titled = given or any(_after_title(body, name, at, run) for at, run in runs)
    return [(at, run) for at, run in runs if not _not_its_name(body, name, run.split(), given=given, titled=titled)]


def from_given_name(body: str, run: str) -> str:
    """``run`` (a full name, or a run of capitalised words ending with one) from its first given name of the table
    on, when that is not its last word and the words before it are a description's: none a given name, each
    written in lower case in ``body``'s prose (``State Mike Pompeo`` of ``Secretary of State Mike Pompeo``,
    ``Security John Lee``); ``run`` itself otherwise (``Briahna Joy Gray``: no prose writes ``briahna``)."""
    words = run.split()
    first = next((i for i, word in enumerate(words[:-1]) if given_name_gender(word) is not None), 0)
    if first and all(written_lower(body, before) for before in words[:first]):
        return " ".join(words[first:])
    return run


def _starts(name: str, words: list[str]) -> bool:
    return len(words) > 1 and words[0] == name and words[-1] != name


def _after_given_name(name: str, words: list[str]) -> bool:
    """Whether ``words`` end with ``name`` right after a given name of the table (``Donald Trump``), and write it
    once (a caption repeating a name, ``Paris Jackson Paris Jackson/Instagram``, says nothing)."""
    return len(words) > 1 and words[-1] == name and words.count(name) == 1 and given_name_gender(words[-2]) is not None


def _after_title(body: str, name: str, at: int, run: str) -> bool:
    """Whether the run ``run`` at ``body[at]`` ends with ``name`` right after a title (``President Trump``) and no
    capitalised word follows it there (``President Xi Jinping`` says nothing of which name comes first)."""
    words = run.split()
    if len(words) < 2 or words[-1] != name or words[-2].lower().rstrip(".") not in _TITLES:
        return False
    end = at + len(run)
    return not (body[end : end + 1] == " " and body[end + 1 : end + 2].isupper())


def _not_its_name(body: str, name: str, words: list[str], *, given: bool, titled: bool) -> bool:
    """Whether ``words``, a run that ``name`` starts, is no full name of it (see the module)."""
    if not _starts(name, words):
        return False
    if given or any(word.startswith(name) and word != name for word in words[2:]):
        return True
    return titled and _stands_alone(body, name, words[1])


def _stands_alone(body: str, name: str, word: str) -> bool:
    """Whether ``body`` writes ``word`` as a whole word without ``name`` and a space right before it (looking at
    :data:`_LOOKS` places at most)."""
    at, looks = body.find(word), 0
    while at >= 0 and looks < _LOOKS:
        end = at + len(word)
        whole = not (at and (body[at - 1].isalnum())) and not (end < len(body) and body[end].isalnum())
        if whole and not body.endswith(name + " ", 0, at):
            return True
        at, looks = body.find(word, end), looks + 1
    return False


_TITLES: Final = frozenset({"president", "mr", "mrs", "ms", "dr", "sen", "senator", "rep", "representative", "gov",
                            "governor", "secretary", "speaker", "mayor", "judge", "justice", "gen", "general",
                            "minister", "chancellor", "premier", "ambassador", "commissioner", "sheriff"})  # fmt: skip
"""Titles written right before a family name (``President Trump``, ``Gov. Cuomo``)."""

_LOOKS: Final = 32
"""How many places a word is written that :func:`_stands_alone` reads at most."""
