"""The article's person as the author of a pronoun the prose before it names no one for.

A celebrity story is about one person, named at its head and then written as ``the actress``, ``the
32-year-old`` or by a family name alone in a sentence whose verb the subject rules do not read (``Stanger seems
to understand … she teased on Twitter``).  When the paragraphs before a ``she`` or a ``he`` name no one the
pronoun may stand for (:func:`reactions.parse.antecedents.resolve_author` found none), the pronoun is the
article's person's (:func:`article_person`) on two pieces of evidence together:

* the person's gender agrees with the pronoun (or, when the prose before names the person among the people
  it names, is not known: ``Keegan-Michael Key``), and no other person named before it may be theirs (of the
  pronoun's gender, or of none known);
* the prose before the pronoun writes a word of the person's name, or, for a given name known to be of the
  pronoun's gender, describes a person (``the pop star``, ``The 37-year-old``): someone the prose goes on about
  without naming.

Pure functions over the prose read around the quotation (bounded by
:data:`reactions.parse.authors.REACH`); one search of it per word of the person's name.

>>> agrees = lambda name, pronoun: 1 if name.startswith("Ann") else -1
>>> article_person("Ann Lee", "The actress appeared online.", [], "she", agrees)
'Ann Lee'
>>> article_person("Ann Lee", "Tom Hall said it.", ["Tom Hall"], "she", agrees) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

__all__ = ["HEAD", "article_person", "described_as", "last_sentence_subject", "person_named"]


def article_person(
    person: str | None,
    prose: str,
    others: Sequence[str],
    pronoun: str,
    agrees: Callable[[str, str], int] | None,
) -> str | None:
    """``person`` (the article's, or None) as the author of ``pronoun`` after ``prose``, when ``others`` (the
    names the prose gives that are no place or organisation) hold no one else the pronoun may stand for and the
    prose writes or describes the person (see the module), else None."""
    if person is None or agrees is None or pronoun not in ("she", "he"):
        return None
    gender = agrees(person, pronoun)
    if gender < 0 or (gender == 0 and not any(_same_person(name, person) for name in others)):
        return None  # (a given name of either gender, or none known: only when the prose names the person there)
    if any(not _same_person(name, person) and agrees(name, pronoun) >= 0 for name in others):
        return None
    if any(not _written(byline.group().lower(), person.lower()) for byline in _BYLINE_RE.finditer(prose)):
        return None  # "— P!nk (@Pink) November 21, 2017" above the quotation: someone else's post
    return person if _written(prose, person) or _DESCRIPTION_RE.search(prose) is not None else None


def last_sentence_subject(prose: str, name: str) -> bool:
    """Whether ``prose`` (the window before a quotation, with the quotation's own sentence up to its author)
    writes ``name`` last in its last sentence or the one before the quotation's own, at that sentence's opening,
    in a sentence that tells of posting (``Josh Duhamel documented the loss on Instagram. "…," the actor
    shared``): a description there is that sentence's subject's, whoever the article is about (not after
    ``Dev Sharma waved.``)."""
    at = prose.rfind(name)
    if at < 0:
        return False
    stops = [match.start() for match in _STOP_RE.finditer(prose, at + len(name))]
    if len(stops) > 1 or not _opens(prose[max(0, at - 40) : at]):
        return False
    return _POSTING_RE.search(prose, at, stops[0] if stops else len(prose)) is not None


def _opens(before: str) -> bool:
    """Whether a name after ``before`` opens its sentence or a main clause after a phrase set off by a comma, a
    description in lower case between, an owner before it (``On Monday, rapper Bow Wow``, ``Markle’s friend Serena``;
    not ``said that Omar``)."""
    words = re.split(r"[.!?\n,\"”]", before)[-1].split() if re.search(r"[.!?\n,\"”]", before) else before.split()
    if len(words) > 1 and words[-1] in _TITLE_ROLES and all(word[:1].isupper() for word in words[:-1]):
        return True  # "Captain America star Sebastian Stan": a show's title and a role before the name
    return len(words) <= 3 and all(
        (word.islower() or word.endswith(("’s", "'s"))) and word not in _CLAUSE_WORDS for word in words
    )  # ("Markle’s friend Serena Williams": an owner's word before the description)


_TITLE_ROLES = frozenset({"star", "alum", "actress", "actor", "host", "creator", "singer", "rapper", "frontman"})
"""Roles a show's or a band's title may stand before (``Captain America star``, ``Glee alum``)."""
_CLAUSE_WORDS = frozenset({"that", "and", "but", "when", "while", "as", "if", "because", "after", "before", "since",
                           "which", "who", "where", "said", "says", "to", "of", "with", "by", "for", "from", "at",
                           "in", "on", "than", "like"})  # fmt: skip
"""Words that make a name after them no main clause's subject."""

_STOP_RE = re.compile(r"[.!?][\"”’]?[ \t\n]{1,12}|\n{1,12}")
_POSTING_RE = re.compile(
    r"\b(?:shared|shares|sharing|posted|posts|posting|uploaded|tweeted|tweeting|captioned|wrote|took[ \t]to|Instagram"
    r"|Twitter|Facebook|TikTok|Snapchat|social[ \t]media|post|photo|picture|pic|image|video|message|tribute|selfie"
    r"|snap|clip|meme)\b"
)
"""A word that tells of posting: the sentence is about the post the quotation then gives."""


def person_named(body: str, person: str | None) -> str | None:
    """``person`` (the first full name of ``body``'s head) cut to the words the body writes again after its head:
    its first word, and each next one that is no platform's name and is written after the first
    :data:`HEAD` characters (a headline's ``Did Calvin Harris Throw Shade …`` -> ``Calvin Harris``; a photo
    credit's ``Shakira Xavi Torrent/WireImage`` -> ``Shakira``)."""
    if person is None:
        return None
    words = person.split()
    kept = 1
    while kept < len(words) and words[kept] not in _PLATFORMS and _written(body, words[kept], HEAD):
        kept += 1
    return " ".join(words[:kept])


HEAD = 300
"""How many characters open an article: where its person is first named."""

_PLATFORMS = frozenset({"Instagram", "Twitter", "Facebook", "TikTok", "YouTube", "Snapchat", "Stories", "Story"})


def _same_person(name: str, person: str) -> bool:
    """Whether ``name`` is ``person`` or a part of it (``Garner`` of ``Jennifer Garner``)."""
    return set(name.split()) <= set(person.split())


def _written(prose: str, person: str, start: int = 0) -> bool:
    """Whether ``prose[start:]`` writes a word of ``person`` (three letters or more) as a whole word, or as an owner:
    what ``(?<![\\w'’-])word(?![\\w-])`` finds, found with ``str.find`` (a pattern made for each name would be
    compiled again and again: ``re`` keeps only the last few hundred)."""
    return any(_whole_word_at(prose, word, start) for word in person.split() if len(word) >= 3)


def _whole_word_at(prose: str, word: str, start: int) -> bool:
    """Whether ``word`` stands in ``prose[start:]`` with no word character, apostrophe or hyphen before it and no word
    character or hyphen after it (``\\w`` as ``re`` reads it: ``str.isalnum`` or ``_``)."""
    at, end = prose.find(word, start), len(prose)
    while at >= 0:
        before = prose[at - 1] if at > start else " "
        after = prose[at + len(word)] if at + len(word) < end else " "
        if not (before.isalnum() or before in "_'’-" or after.isalnum() or after in "_-"):
            return True
        at = prose.find(word, at + 1)
    return False


_BYLINE_RE = re.compile(r"[—–-][ \t]{0,3}[^\n—–(]{1,60}\(@\w{1,30}\)")
"""An embedded post's byline (``— Busy Philipps (@Busyphilipps25)``): a person the prose names."""

_ROLES = (
    "actor|actress|singer|songwriter|singer-songwriter|rapper|model|supermodel|director|producer|host|star|comedian"
    "|writer|author|musician|guitarist|frontman|frontwoman|rocker|athlete|player|designer|mogul|personality"
    "|influencer|blogger|youtuber|entrepreneur|icon|legend|hitmaker|starlet|socialite|heiress|superstar|megastar"
    "|diva|songstress|beauty|alum|newlywed|newlyweds|mom|mother|dad|father|mom-to-be|dad-to-be"
)
_DESCRIPTION_RE = re.compile(
    rf"\b[Tt]he[ \t]{{1,3}}(?:[\w'’-]{{1,30}}[ \t]{{1,3}}){{0,3}}?(?:(?:{_ROLES})\b|\d{{1,3}}-year-old\b)"
)
"""A person described by what they do or their age (``the reality star``, ``The 37-year-old``, ``the Golden
State Warriors star``): up to three words between the article and the role."""


def described_as(author: str) -> str | None:
    """The pronoun a description of a person stands for as an author (``the actress`` -> ``she``, ``the Modern Family
    star``, ``the 21-year-old`` -> ``they``: of either gender), else None: a relative (``her sister``), an office
    (``the president``: whoever holds it, not the last person named) or a thing (``the caption``).  A parent by
    their children or one soon to be (``the mother of three``, ``the dad-of-two``, ``the bride-to-be``) is
    read by the parent's word; a show's title may stand before the role (``the Real Housewives of New Jersey star``).

    >>> described_as("the actress"), described_as("the 30-year-old actor"), described_as("the star's mom")
    ('she', 'he', None)
    """
    words = author.lower().split()
    if len(words) == 1 and _AGE_RE.fullmatch(words[0]):
        return "they"  # ("the 39-year-old wrote", its article left out)
    if len(words) > 2 and words[-2] == "of" and words[-1] in _COUNTS:
        words = words[:-2]  # "the mother of three": a mother
    if not 1 < len(words) <= (8 if _a_title(author.split()[1:-1]) else 5) or words[0] != "the":
        return None
    if any(word.endswith(("'s", "’s")) for word in words[1:-1]):
        return None  # "the star's mom": a relative
    role = _PARENT_OF_RE.sub("", words[-1]).removesuffix("-to-be").rpartition("-turned-")[2]  # "dad-of-three",
    # "bride-to-be", "trainer-turned-model": what the person is now
    if role in _SHE_ROLES:
        return "she"
    if role in _HE_ROLES:
        return "he"
    return "they" if role in _EITHER_ROLES or _AGE_RE.fullmatch(role) else None


def _a_title(words: list[str]) -> bool:
    """Whether ``words`` (a description's between its article and its role) are a title: each capitalised or a
    title's small word, the first capitalised (``the Real Housewives of New Jersey star``): such a description may
    run to eight words."""
    return bool(words) and words[0][:1].isupper() and all(
        word[:1].isupper() or word in _TITLE_SMALL_WORDS for word in words
    )


_TITLE_SMALL_WORDS = frozenset({"of", "the", "and", "with", "in", "on", "a", "to", "for", "at"})
_COUNTS = frozenset({"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "1", "2", "3",
                     "4", "5", "6", "7", "8", "9"})  # fmt: skip
_PARENT_OF_RE = re.compile(r"-of-(?:one|two|three|four|five|six|seven|eight|nine|ten|\d)\Z")
_SHE_ROLES = frozenset({"actress", "songstress", "starlet", "heiress", "comedienne", "diva", "frontwoman", "mom",
                        "mum", "mother", "momager", "bride", "supermodel"})  # fmt: skip
_HE_ROLES = frozenset({"actor", "frontman", "dad", "father", "groom"})
_EITHER_ROLES = frozenset({"star", "singer", "rapper", "model", "comedian", "musician", "designer", "host", "icon",
                           "personality", "influencer", "superstar", "megastar", "hitmaker", "socialite", "newlywed",
                           "songwriter", "singer-songwriter", "entrepreneur", "mogul", "producer", "alum", "parent",
                           "swimmer", "athlete", "blogger", "youtuber"})  # fmt: skip
_AGE_RE = re.compile(r"\d{1,3}-year-old")
