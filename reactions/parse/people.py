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
import functools
import re
from collections.abc import Sequence
from typing import Final

from reactions.parse.antecedents import antecedents, resolve_author
from reactions.parse.appositives import appositive_name
from reactions.parse.authors import PRONOUNS, REACH, author_as_written
from reactions.parse.common_words import name_words, organisation_of
from reactions.parse.described_subject import described_person
from reactions.parse.echo_author import LONG_KEY, echoed_author, echoed_byline
from reactions.parse.family_names import family_name_runs
from reactions.parse.name_kinds import compound_adjective, given_name_gender, place_before
from reactions.parse.prose_gender import prose_gender

__all__ = ["author_of", "chained", "full_names", "one_name_each", "tidy_author"]

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
    "fiancé fiancée ex pal friend co-star costar former reality tv bff vp evp svp senior executive exec pm cm whip "
    "speaker ambassador commissioner sheriff chancellor pastor councilman councilwoman"
)
ROLES: Final = frozenset(_ROLE_WORDS.split())
"""Words that say what a person is, not who (``Actor``, ``the star``, ``reality star``)."""
_FILLER_WORDS: Final = (
    "instagram twitter facebook tiktok youtube snapchat threads bluesky mastodon x reddit social media the a an "
    "january february march april may june july august september october november december monday tuesday "
    "wednesday thursday friday saturday sunday later after before when while then now also but and so meanwhile "
    "however yet still in on at for as if it he she they we i this that his her their its one another last earlier "
    "some many most few several both all each every other others such "
    "photos photo image images getty read related yikes wow oh yes no hide caption watch see update breaking "
    "exclusive video "
    "is are was were why how what who whom where which whose did does do would can could should has have had "
    "my our your you me us them along despite though although because unless whether like unlike amid among about "
    "against with without through during tweeted retweeted instagrammed snapchatted wrote posted captioned shared "
    "added replied responded"
)
_NOT_NAMES: Final = frozenset(_FILLER_WORDS.split())
"""Capitalised words that are no part of a person's name at its start: platforms, dates, words that open a
sentence, a question (``Is Caitlyn Jenner…?``) or a clause (``Along with``), a verb of posting before its subject
(``"…," Tweeted Kourtney``)."""
_TOKEN_RE: Final = re.compile(r"@?[\w'’.&-]{1,40}")


@functools.lru_cache(maxsize=4096)
def tidy_author(author: str | None) -> str | None:
    """The person's name in an attribution read as written (see the module's rules), or None when it holds none;
    a role alone comes back in lower case (``star``) for :func:`author_of` to resolve.  Memoised (the same
    attributions recur: 1,846 calls for 1,044 strings on the bulk corpus)."""
    if not author:
        return None
    if author.startswith("@"):
        return author
    name: list[str] = []
    tokens = _TOKEN_RE.findall(author)
    for i, token in enumerate(tokens):
        bare = token.endswith(("'", "’"))  # "Riggs' father": an owner; "…, Cruz' wrote": the name
        owner = token.endswith(("’s", "'s")) or (bare and i + 1 < len(tokens))
        token = token[:-1] if bare and not owner else token
        if token[:1].isupper() and not owner and (not _is_filler(token) or _family_role(name, token)):
            name.append(token.rstrip(",."))
        elif owner or token[:1].isupper() or not any(char.isalpha() for char in token) or _role_next(tokens, i):
            name = []  # an owner, a role, a date: what came before describes ("Conservative MP", "Khloe's sister",
            # "WPBF-25 news producer Chris Shepherd", "Scottish producer")
        elif name:
            break  # the clause after the name
    words = " ".join(name)
    if not words or not any(char.isalpha() for char in words):
        return _role_of(author)
    return words


def _family_role(name: Sequence[str], token: str) -> bool:
    """Whether a capitalised role word is a family name: right after a given name of the table (``Tamra Judge``,
    not ``Breaking Bad Star``)."""
    return len(name) == 1 and token.lower() in ROLES and given_name_gender(name[0]) is not None


def _role_next(tokens: Sequence[str], i: int) -> bool:
    """Whether ``tokens[i]`` (in lower case) opens a role of two words at most that ends the tokens or comes right
    before a capitalised word (``news producer Chris``, ``producer``): what the name before describes."""
    for j in range(i, min(i + 2, len(tokens))):
        if tokens[j].lower() in ROLES:
            return j + 1 == len(tokens) or tokens[j + 1][:1].isupper()
        if not tokens[j].islower():
            return False
    return False


def _is_filler(token: str) -> bool:
    """A leading word that is no part of a name: a number, a date's month, a role, a platform, an article, a
    compound adjective (``Orlando-based``, ``Twenty-nine-year-old``, ``Film-maker``)."""
    lowered = token.lower().strip(".,:")
    return (
        not any(char.isalpha() for char in token) or lowered in ROLES or lowered in _NOT_NAMES
        or compound_adjective(token)
    )


def _role_of(author: str) -> str | None:
    """The role an author is written as (``the star``, ``actress``), else None."""
    words = [word.lower().strip(".,") for word in author.split()]
    return words[-1] if words and words[-1] in ROLES and len(words) <= 3 else None


def author_of(body: str, at: int, written: str | None, handle: str | None) -> str | None:
    """Who an attribution written ``written`` at ``body[at]`` names: its tidy name (a pronoun resolved to the
    person named before it by :func:`reactions.parse.antecedents.resolve_author`, of the pronoun's gender when the
    prose names one who is and one who is not), else the handle, else the name on the byline of the embedded post
    the quotation repeats (:func:`reactions.parse.echo_author.echoed_author`: ``"…," the star wrote`` or ``one
    user wrote`` over ``… — Ann Lee (@ann)``); a role alone names no one, nor ``they`` or ``we``."""
    if not written or written.lower() in _PLURALS:
        return handle  # "they said in separate posts", "we must share …": a couple, a family, no one person
    resolved = resolve_author(body, at, written, lambda name, pronoun: _agrees(body, name, pronoun))
    if written.lower() in _PRONOUN_GENDERS and (echoed := _echoed(body, at, written.lower(), resolved)) != resolved:
        return echoed  # a byline's name as the account writes it ("Jeffree Star": no role here)
    name = tidy_author(resolved) if resolved else None
    if name and not name.islower():
        return name
    if handle or written.lower() in PRONOUNS:
        agrees = functools.partial(_agrees, body)  # ("The Oscar winning actress … posted. "…," she wrote")
        return handle or described_person(body, at, written.lower(), author_of, agrees)
    beside = appositive_name(body, at, written)  # "Lisa Bloom, the lawyer who …, tweeted"
    return tidy_author(beside) if beside else echoed_author(body, at)  # "one user" over the post it repeats


def _echoed(body: str, at: int, pronoun: str, resolved: str | None) -> str | None:
    """The author of a pronoun's quotation that a post embedded next to it repeats: the post's byline
    (:func:`reactions.parse.echo_author.echoed_byline`) when its name may be the pronoun's and the prose gave no
    one, or gave another person than a full name on the byline (``Kim Cattrall`` for ``he`` over ``— Willie Garson
    (@WillieGarson)``; not ``Julia Stiles`` over ``Stiley Jay (@missjuliastiles)``: the same person), else
    ``resolved``."""
    echoed = echoed_byline(body, at)
    if echoed is None or _agrees(body, echoed[0], pronoun) < 0:
        return resolved
    name, handle = echoed
    if resolved is None:
        return name
    if echoed_byline(body, at, LONG_KEY) is None:
        return resolved  # (a post opening like the quotation, not repeating it)
    words = [word.lower() for word in (tidy_author(resolved) or resolved).split() if len(word) >= 4]
    same = any(word in handle.lower() or word in name.lower() for word in words)
    return name if " " in name and not same else resolved


_PRONOUN_GENDERS: Final = {"he": "m", "him": "m", "his": "m", "she": "f", "her": "f"}
_PLURALS: Final = frozenset({"they", "we"})
"""Pronouns that stand for several people (or for a poster the prose does not name), never for the one person the
prose names last."""


def _agrees(body: str, name: str, pronoun: str) -> int:
    """Whether ``pronoun`` can stand for ``name`` by the gender of its given name (the full name it is in
    ``body`` for a family name alone; a description before it left out: ``President Trump``, ``Actor Rose
    McGowan``): 1 yes, -1 no, 0 unknown (a name of either gender, or none known); for a name the table cannot
    tell, -1 when the clauses it is the subject of give it the other gender, else those of its family name (a
    family name alone: of the full name it is in, ``Adams`` of ``star Wells Adams quickly defended his``)
    (:func:`reactions.parse.prose_gender.prose_gender`)."""
    wanted = _PRONOUN_GENDERS.get(pronoun)
    if wanted is None:
        return 0
    name = author_as_written(name) or name
    full = name if " " in name else _full_in(body, name)
    gender = given_name_gender(full.split()[0])
    if gender not in (None, wanted) and full != name and _full_of_gender(body, name, wanted):
        return 1  # a family name two people share ("Trump": Ivana, Donald): the pronoun may be either's
    if gender is None:  # "saying West never told her he was": the prose's pronoun for the name turns it away
        told = prose_gender(body, name) or prose_gender(body, full.split()[-1] if " " in name else full)
        return -1 if told not in (None, wanted) else 0
    return 1 if gender == wanted else -1


def chained(body: str, quotes: Sequence[tuple[tuple[int, int], str | None, str | None]]) -> list[str | None]:
    """The author of each of ``quotes`` (``(span, display name, author)``, in order): a pronoun without one takes the
    author of the quotation before it written with the same pronoun when the prose between them names no one
    (``"…," she tweeted.``, then, past a newsletter's blurb that put the name out of reach, ``She quickly followed it
    up, tweeting, "…"``)."""
    authors: list[str | None] = []
    for i, (span, shown, author) in enumerate(quotes):
        pronoun = (shown or "").lower()
        if author is None and i and pronoun in ("she", "he"):
            (last_span, last_shown, _), last = quotes[i - 1], authors[-1]
            near = span[0] - last_span[1] < REACH and (last_shown or "").lower() == pronoun
            author = last if last and near and not antecedents(body[last_span[1] : span[0]]) else None
        authors.append(author)
    return authors


def full_names(body: str, partial: Sequence[tuple[int, str]], pronouns: Sequence[str | None] = ()) -> list[str]:
    """For each ``(offset, name)``: the full name of the person that name is in ``body`` (see the module), or the
    name itself when it is already full or no full name fits; for a family name given to a pronoun's quotation
    (``pronouns``, one a name), the most written full name of the pronoun's gender when the one written most is not
    of it (``Gerber`` for ``she``: ``Kaia Gerber``, not her father ``Rande Gerber``; ``Trump Organization``)."""
    found: dict[str, str] = {}
    names = []
    for i, (_, name) in enumerate(partial):
        if " " not in name and not name.startswith("@") and name not in found:
            found[name] = _full_in(body, name)
        full = found.get(name, name)
        wanted = _PRONOUN_GENDERS.get((pronouns[i] or "").lower()) if i < len(pronouns) else None
        if wanted and full != name and given_name_gender(full.split()[0]) != wanted:
            full = _full_of_gender(body, name, wanted) or full
        names.append(full)
    return names


def _full_of_gender(body: str, name: str, gender: str) -> str | None:
    """The full name ending with the family name ``name`` whose given name is of ``gender``, written most (the first
    introduced of those), else None; kept with the body's full names (:data:`_FULL`, made this body's by
    :func:`_full_in`)."""
    if _FULL[0][0] is not body:
        _full_in(body, name)  # (makes the kept names this body's)
    known, key = _FULL[0][1], f"{name}\t{gender}"
    if key not in known:
        runs = (_trimmed(run) for _, run in _name_runs(body, name))
        fits = collections.Counter(run for run in runs if " " in run and run.split()[-1] == name
                                   and given_name_gender(run.split()[0]) == gender)  # fmt: skip
        known[key] = fits.most_common(1)[0][0] if fits else ""
    return known[key] or None


_CAPITALS_BEFORE_RE: Final = re.compile(r"(?:[A-Z][\w'’-]{0,30}[ \t]){1,3}\Z")
_CAPITALS_AFTER_RE: Final = re.compile(r"(?:[ \t][A-Z][\w'’-]{0,30}){1,3}(?![\w'’-])")


def _full_in(body: str, name: str) -> str:
    """:func:`_full` of ``name`` (a whole word of ``body``) over the runs of capitalised words it starts or ends
    in ``body`` (:func:`_find_runs`: one look either side of each place the name is written, so a name written
    rarely costs little).  The last body's are kept by name: its quotes' authors, their pronouns' genders and
    their full names ask for the same names in turn."""
    last, known = _FULL[0]
    if last is not body:
        known = {}
        _FULL[0] = (body, known)
    full = known.get(name)
    if full is None:
        full = known[name] = name_words(body, name, _full(name, family_name_runs(body, name, _name_runs(body, name))))
    return full


def _name_runs(body: str, name: str) -> list[tuple[int, str]]:
    """:func:`_find_runs`, each run on a headline's line (:func:`_title_cased_line`) cut to ``name`` and the words next
    to it that the prose writes capitalised elsewhere (:func:`_attested`): a headline capitalises every word, so
    its run says nothing of where a name ends (``Blac Chyna and Tyga Split``, ``RELATED: Shakira Postpones First
    Date…``, ``Khloe Kardashian Poses in…`` where the prose writes ``Khloe Kardashian had``)."""
    asked: dict[str, bool] = {}
    return [(start, _attested(body, name, start, run, asked) if _title_cased_line(body, start) else run)
            for start, run in _find_runs(body, name)]  # fmt: skip


def _attested(body: str, name: str, start: int, run: str, asked: dict[str, bool]) -> str:
    """``run`` (at ``body[start]``, which ``name`` starts or ends) less the words beyond the first, outward from
    ``name``, that :func:`_in_prose` does not find (before a family name, a given name of the table stays); a
    name and one word joined to or set against another (``and``, ``vs.``) stay whole.  ``asked`` keeps each word's
    answer for the name's runs; past :data:`_ASKS` words, a word is not looked for (and not kept): each look may
    read the whole body."""
    words = run.split()

    def in_prose(word: str) -> bool:
        if word not in asked:
            asked[word] = len(asked) < _ASKS and _in_prose(body, word)
        return asked[word]

    if len(words) == 2 and words[0] == name and (
        _JOINED_RE.match(body, start + len(run)) or body[max(0, start - 5) : start].endswith(_VERSUS)
    ):
        return run  # "Chrissy Teigen vs. Mom Shamers", "Bieber vs. Selena Gomez": a name set against another
    if words[0] == name:
        kept = 1
        while kept < len(words) and in_prose(words[kept]):
            kept += 1
        return " ".join(words[:kept])
    first = len(words) - 1
    while first > 0 and (given_name_gender(words[first - 1]) is not None or in_prose(words[first - 1])):
        first -= 1  # a given name before a family name ("Dwayne Johnson vs. Tyrese Gibson") is a name's
    return " ".join(words[first:])


_JOINED_RE: Final = re.compile(r"[ \t](?:and|&|vs\.?|v\.|or)[ \t]")
"""A word joining a name to another in a headline (``Chrissy Teigen vs. Mom Shamers``)."""

_VERSUS: Final = (" vs. ", " vs ", " v. ")

_ASKS: Final = 16
"""How many words of one name's headline runs :func:`_attested` looks for at most (a bound on its reads)."""

_LOOKS: Final = 64
"""How many places a word is written that :func:`_in_prose` reads at most."""


def _in_prose(body: str, word: str) -> bool:
    """Whether ``body`` writes ``word`` (less an owner's ending) as a whole word inside a sentence (after a space
    that no full stop, colon or line's start comes before: only a name is capitalised there), on a line that is
    no headline."""
    word = _unowned(word)
    at, looks = body.find(word), 0
    while at >= 0 and looks < _LOOKS:
        end = at + len(word)
        if (
            at >= 2 and body[at - 1] == " " and body[at - 2] not in _SENTENCE_ENDS
            and (not _word_char(body, end) or body.startswith(("’s", "'s"), end))
            and not _title_cased_line(body, at)
        ):
            return True
        at, looks = body.find(word, end), looks + 1
    return False


_SENTENCE_ENDS: Final = ".!?:\n \t"

_LINE_REACH: Final = 200
"""A line longer than this either side of a place is prose, never a headline."""


def _title_cased_line(body: str, at: int) -> bool:
    """Whether ``body[at]`` is on a headline's line, capitalised word by word: at most :data:`_LINE_REACH`
    characters either side, not ending in a full stop, no post's byline, with two words of four letters or more,
    none in lower case but a few minor ones.  Bounded.  (Stricter than the pronouns' test,
    :func:`reactions.parse.antecedents._on_a_headline`, three words in four of six or more: a line that only
    mostly capitalises, ``Image zoom Mandy Moore and Taylor Goldsmith``, still tells a name's words here.)"""
    floor = max(0, at - _LINE_REACH)
    start = body.rfind("\n", floor, at)
    end = body.find("\n", at, at + _LINE_REACH)
    if (start < 0 < floor) or (end < 0 and at + _LINE_REACH < len(body)):
        return False
    line = body[start + 1 : end if end >= 0 else len(body)].rstrip()
    if line.endswith(".") or "(@" in line:
        return False  # a sentence, or a post's byline ("— JJ Watt (@JJWatt) August 30, 2017")
    long = [word for word in (token.strip(_PUNCTUATION) for token in line.split()) if len(word) >= 4]
    return len(long) >= 2 and all(not word[:1].islower() or word in _MINOR_WORDS for word in long)


_MINOR_WORDS: Final = frozenset({"with", "from", "into", "over", "onto", "upon", "than", "that", "this", "about",
                                 "after", "before", "your", "their", "when", "what"})  # fmt: skip
"""Words of four letters or more that some headlines leave in lower case."""


_PUNCTUATION: Final = "\"'“”‘’()[]:;,.!?—–-"


_FULL: Final[list[tuple[str, dict[str, str]]]] = [("", {})]
"""The last body :func:`_full_in` read (the very object) and the full names found in it, by name."""


def _find_runs(body: str, name: str) -> list[tuple[int, str]]:
    runs = []
    at = body.find(name)
    while at >= 0:
        end = at + len(name)
        # a whole word (:func:`_word_char` on either side, written out: ~12,000 places on the bulk corpus)
        if not (at and ((char := body[at - 1]).isalnum() or char in "_'’-")) and (
            end >= len(body) or not ((char := body[end]).isalnum() or char in "_'’-")
            or body.startswith(("’s", "'s"), end)
        ):
            if body[at - 1 : at] in (" ", "\t") and _capital_before(body, at - 1) and (
                before := _CAPITALS_BEFORE_RE.search(body, _run_floor(body, at), at)
            ):
                runs.append((before.start(), body[before.start() : end]))
            if "A" <= body[end + 1 : end + 2] <= "Z" and (after := _CAPITALS_AFTER_RE.match(body, end)) is not None:
                runs.append((at, body[at : after.end()]))  # (a run after opens with a space and a capital)
        at = body.find(name, end)
    return runs


def _run_floor(body: str, at: int) -> int:
    """Where a search for the run before ``body[at]`` (:data:`_CAPITALS_BEFORE_RE`, within the 100 characters
    before) may start: past the fourth space or tab back from ``at``, since the run holds three at most (one after
    each word, none inside one); the search finds the same run from there and reads ~30 characters, not 100."""
    floor = max(0, at - 100)
    sep = at - 1
    for _ in range(3):
        sep = max(body.rfind(" ", floor, sep), body.rfind("\t", floor, sep))
        if sep < 0:
            return floor
    return sep + 1


def _capital_before(body: str, space: int) -> bool:
    """Whether the word before ``body[space]`` (its last 31 characters after a space) may hold a capital A-Z
    (``islower`` is false for a stretch holding any capital, or no cased letter at all): the last word of
    every run that :data:`_CAPITALS_BEFORE_RE` finds ending at ``space`` opens with one, with no space in it."""
    stretch = body[max(0, space - 31) : space]
    return not stretch[stretch.rfind(" ") + 1 :].islower()


def _word_char(text: str, at: int) -> bool:
    return 0 <= at < len(text) and (text[at].isalnum() or text[at] in "_'’-")


_GENERATIONS: Final = frozenset({"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"})
"""Words that make a name another person's (``Donald Trump Jr``)."""


def one_name_each(names: Sequence[str]) -> list[str]:
    """``names`` (the authors of one article), each made the longer name among them that it begins or ends
    (``Sir Elton`` -> ``Sir Elton John``, ``James Decker`` -> ``Jessie James Decker``), unless the longer one adds
    a generation (``Donald Trump Jr`` is someone else)."""
    distinct = sorted(set(names), key=len, reverse=True)
    longer: dict[str, str] = {}
    for name in distinct:
        words = name.split()
        for other in distinct:
            more = other.split()
            if len(more) <= len(words) or other.startswith("@") or name.startswith("@"):
                continue
            extra = _beyond(words, more)
            if extra is not None and not any(word.lower() in _GENERATIONS for word in extra):
                longer[name] = longer.get(other, other)
                break
    return [longer.get(name, name) for name in names]


def _beyond(words: list[str], more: list[str]) -> list[str] | None:
    """The words ``more`` has besides ``words`` when it begins or ends with them, else None."""
    if more[: len(words)] == words:
        return more[len(words) :]
    return more[: -len(words)] if more[-len(words) :] == words else None


@functools.lru_cache(maxsize=4096)
def _trimmed(run: str) -> str:
    """A run of capitalised words less what comes before the name in it: openers, owners and roles (``BLM
    Activist Shaun King``), a place of several words (``In Los Angeles Khloe brought up …``), and past four
    words a headline's other words (``Paris Jackson Head To``)."""
    written = run.split()
    if len(written) > 2 and written[0].lower().endswith("s") and written[0].lower()[:-1] in ROLES:
        written = written[1:]  # a plural role opening a sentence ("Singers Rita Ora and Liam Payne")
    words = [_unowned(word) for word in written]
    last = len(words) - 1  # an owner last is the name's ("Tarek El Moussa's explosive fight"), not before it
    cut = max((i + 1 for i, word in enumerate(words) if _is_filler(word) or (word != written[i] and i < last)),
              default=0)  # fmt: skip
    words = words[cut:]
    words = words[place_before(words) :]
    while len(words) > 1 and _shouted(words[-1]) and not _shouted(words[0]):
        words.pop()  # a headline's word in capitals after a name written in mixed case ("Nas ONLY")
    return " ".join(words if len(words) <= 3 else words[:2])


def _shouted(word: str) -> bool:
    """A word of two letters or more all in capitals (``ONLY``; not ``J.`` nor ``McDONALD``'s mixed case)."""
    return len(word) > 1 and word.isupper() and word.isalpha()


def _unowned(word: str) -> str:
    """``word`` without its possessive ending (``Kim's`` -> ``Kim``, ``Williams’`` -> ``Williams``)."""
    bare = word.removesuffix("’s").removesuffix("'s")
    return bare[:-1] if bare.endswith(("s’", "s'")) else bare


def _full(name: str, runs: Sequence[tuple[int, str]]) -> str:
    """The full name ``name`` stands for: of the ``runs`` (trimmed, :func:`_trimmed`) that it starts (a given
    name) or ends (a family name), the one written most often (a headline's ``Ruby Rose Claims`` once, ``Ruby
    Rose`` throughout), the first introduced of those."""
    fitting = []
    for start, run in runs:
        words = _trimmed(run).split()
        if len(words) > 1 and (words[0] == name or words[-1] == name) and not organisation_of(name, words):
            fitting.append((start, " ".join(words)))
    if not fitting:
        return name
    counts = collections.Counter(run for _, run in fitting)
    return min(fitting, key=lambda run: (-counts[run[1]], run[0]))[1]
