"""The person a quotation's author as written stands for: a pronoun resolved to the person the paragraph names
(the subject of a sentence before it, of the pronoun's gender, never a place, an event, an organisation or an
outlet), a name written only as a preposition's object replaced by the person it belongs to, or none.

Used by :mod:`reactions.parse.people`; pure functions over the article's text, each bounded by the window read
around the quotation (:data:`reactions.parse.authors.REACH`).
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable
from typing import Final

from reactions.parse import pronoun_chain
from reactions.parse.appositives import subject_in_apposition
from reactions.parse.article_person import article_person, described_as, last_sentence_subject, person_named
from reactions.parse.authors import (
    ARTICLES,
    FURNITURE,
    PRONOUNS,
    REACH,
    account_owner,
    author_as_written,
    is_poster,
    poster_in_sentence,
)
from reactions.parse.dates import WEEKDAYS
from reactions.parse.described_person import named_as_relative_of, pronoun_of, rivals
from reactions.parse.kin_objects import kin_object_before
from reactions.parse.name_kinds import (
    given_name_gender,
    thing_by_its_place,
    thing_by_its_words,
    thing_by_what_follows,
)
from reactions.parse.name_reads import NameRead, NameReads
from reactions.parse.named_subject import named_subject
from reactions.parse.outside_quotes import blanked, pronoun_at, written_at

__all__ = ["antecedents", "described_as", "resolve_author"]

_PRONOUN_RES = {pronoun: re.compile(rf"\b{pronoun}\b", re.IGNORECASE) for pronoun in PRONOUNS}
"""Each pronoun as a whole word in any case, compiled once (not looked up in ``re``'s cache per quotation)."""

_NAME_RE = re.compile(
    r"[A-Z](?<![\w'’#@].)(?:(?:\.|[\w'’-]{1,30})[ \t](?:(?:[A-Z]\.|[A-Z][\w'’-]{1,30})[ \t]){0,2}[A-Z][\w'’-]{1,30}"
    r"|[\w'’-]{1,30})(?![\w'’-])"
)
"""A run of capitalised words (initials with their dot) that may be a person's name: up to four, none after a word
character, ``#`` or ``@``; written to open with a capital (``re`` skips ahead to one, where a leading look-behind is
tried at every character: 2.5× faster over the pronouns' windows of the bulk corpus; ``tests/test_authors.py``
compares it with the pattern as first written)."""
_DAYS = frozenset({*WEEKDAYS, "Tonight"})
"""Owners of a show or an event, never of a person (``Sunday’s Golden Globes``)."""
_NOT_NAMES = frozenset({"The", "A", "An", "In", "On", "At", "But", "And", "It", "He", "She", "They", "We", "I", "This",
                        "That", "Twitter", "Instagram", "Facebook", "TikTok", "Monday", "Tuesday", "Wednesday",
                        "Thursday", "Friday", "Saturday", "Sunday", "January", "February", "March", "April", "May",
                        "June", "July", "August", "September", "October", "November", "December", "After", "Before",
                        "When", "While", "As", "Her", "His", "Their", "Its", "One", "Another", "Meanwhile", "For",
                        "Minutes", "Later", "So", "Then", "Now", "Also", "Still", "However", "Although", "Last",
                        "Earlier", "Years", "Days", "Image", "Photo", "Getty", "Images", "Advertisement", "Read",
                        "Related", "Splash", "News", "PDT", "PST", "EST", "EDT", "GMT", "BST", "Mr", "Mrs",
                        "Ms", "Dr", "Love", "Thanks", "Thank", "Happy", "Merry", "Oh", "Yes", "No", "Nobody",
                        "Everyone", "Everybody", "Someone", "Somebody", "Anyone", "People", "Fans", "You", "Your", "My",
                        "Our"})  # fmt: skip
_FURNITURE_WORDS = frozenset({"Privacy", "Policy", "Terms", "Service", "Newsletter", "Subscribe", "Cookies", "Cookie",
                              "Advertisement", "Copyright"})  # fmt: skip
_ADVERB_LY = (
    r"(?!(?:family|ally|belly|bully|rally|reply|supply|assembly|anomaly|monopoly|jelly|lily|daily|weekly|monthly"
    r"|holly|tally|only)\b)[a-z]{2,18}ly"
)
"""An adverb in ``-ly`` between a subject and its verb (``Trump initially said``, ``Jenner proudly shared``)."""
_SUBJECT_VERB_RE = re.compile(
    r"(?:(?<=[JS]r)\.)?(?:,[ \t]{1,3}(?:now[ \t]{1,3})?\d{1,3},)?[ \t]{1,3}"
    r"(?:(?:herself|himself)[ \t]{1,3})?"
    r"(?:(?:also|later|then|just|recently|finally|once|first|still|previously|never|has|had|have|is|was|isn[’']t"
    r"|wasn[’']t|has[ \t]+been|" + _ADVERB_LY + r")[ \t]{1,3})?"
    r"(?:[a-z]{2,20}ed|is|was|has|had|took|gave|went|wrote|said|says|shares|posts|writes|spoke|made"
    r"|told|announced|revealed|reveals|tells|admits|explains|confirms|announces|tweets|captions|responds|replies"
    r"|insists|claims|denies|seems|appears|makes|talks|celebrates|describes|shows|thanks|jokes|gushes"
    r"|isn[’']t|wasn[’']t|hasn[’']t"
    r"|and[ \t]{1,3}(?:her|his)|,[ \t]{1,3}who(?:se)?)\b"
)
"""What follows a name that is a sentence's subject (``Witherspoon posted``, ``Kaya Jones took to Twitter``,
``Mathews, 43, shared``, ``Selena reveals``: a verb of telling in the present, as timelines and
profiles write)."""
_PAST_VERB_RE = re.compile(
    r"[ \t]{1,3}(?:(?:also|later|then|just|recently|finally|quickly|once|" + _ADVERB_LY + r")[ \t]{1,3})?"
    r"(?:found|woke|got|came|began|became|felt|kept|left|brought|sent|thought|knew|saw|held|ran|stood|wore|chose"
    r"|won|lost|paid|met|fell|spent|sang|threw|broke|drew|sat|led|bought|heard|let|cast|put|hit|shot|struck)\b"
)
"""A verb in the past that does not end in ``-ed`` after a name, which makes it a sentence's subject when the name
opens a clause (``This morning, Kardashian woke up``, ``Feldman recently sat down``; not ``the ensemble Aaliyah
wore``, ``she revealed that Katy sent``: :func:`_opens_clause`)."""


def _opens_clause(window: str, at: int) -> bool:
    """Whether ``window[at]`` opens a sentence or a clause: nothing but spaces after a stop, a comma, a
    semicolon, a colon or a line's start before it."""
    before = window[max(0, at - 8) : at].rstrip(" \t")
    return not before or before[-1] in ".!?,;:\n"


def resolve_author(body: str, at: int, written: str, agrees: Callable[[str, str], int] | None = None) -> str | None:
    """The person or account a quotation belongs to: the name as written, or, for a pronoun, the person the
    prose names last before the quotation as the subject of a sentence (``Camp took to Twitter…  "…," she
    wrote.`` -> ``Camp``), else the last full name (two words or more); None for an anonymous author
    (``one user``, ``One commenter put it best when she said``) or when no one is named.

    ``agrees(name, pronoun)`` says whether a name can be the pronoun's (1 yes, -1 no, 0 unknown): the person
    first in line is passed over for the next one that agrees when it does not (``Kraus … "…," she wrote`` after
    ``Lindsay`` gives ``Lindsay``), never for one that is merely unknown; when none agrees, the author is unknown
    (None) rather than one the pronoun cannot stand for.

    A name first in line that is a place, an event or an organisation (``in Los Angeles``, ``the Met Gala``,
    ``USA TODAY``: :func:`_things`) is never the author: only a sentence's subject before it that ``agrees`` is
    of the pronoun's gender is taken instead (``Rita Mendez posted … The Harvest Music Festival was canceled …
    she wrote``), else None."""
    shown = author_as_written(written)
    if shown is None:
        return None
    first, described = shown.split()[0].lower(), None
    if first in _POSSESSIVES and not _RELATIVES.isdisjoint(shown.lower().split()[1:]):
        return _named_after(shown)  # "her father": another person; "her former co-star Ed Asner": Ed Asner
    if first not in PRONOUNS:
        described = described_as(shown)
        if first not in ARTICLES and described is None:
            return None if is_poster(shown) else named_subject(body, at, shown)
        owner = account_owner(shown)  # "the NBC News feed wrote": NBC News; "the caption read": its poster's
        if owner or (described is None and shown.lower() not in _POST_NOUNS):
            return owner
        first = described or "it"  # "the actress captioned": read as "she" ("the star", "the 21-year-old": "they")
    lead = body[at : at + REACH]  # (its quotations blanked out only when read past the author: outside_quotes)
    found_at = pronoun_at(lead, _PRONOUN_RES[first]) if first == shown.lower() else None
    cut = found_at if found_at is not None else written_at(lead, shown.lower())
    end = at + cut if 0 <= cut < _OWN_SENTENCE else at  # (a pronoun's or a description's run: pronoun_chain)
    owned = first in _POSSESSIVES and len(shown.split()) > 1  # ("her followers": her person, each time)
    chained = 0 <= cut < _OWN_SENTENCE and (found_at is not None or described is not None or first == "it" or owned)
    run = pronoun_chain.follows(body, end, shown.lower(), _NOT_NAMES) if chained else None
    head = "" if cut < 0 or run else blanked(lead[:cut])
    person = run[0] if run else _resolved(body, at, (shown, first, described), head, agrees)
    if chained:
        pronoun_chain.remember(body, end, shown.lower(), person)
    return person


def _resolved(
    body: str, at: int, author: tuple[str, str, str | None], head: str, agrees: Callable[[str, str], int] | None
) -> str | None:
    """:func:`resolve_author`'s reading of the prose: ``author`` is the author as shown, its first word (a description
    read as its pronoun) and the description; ``head`` the prose from the quotation to the author's words."""
    shown, first, described = author
    window = blanked(body[max(0, at - REACH) : at])
    window = "\n".join(line for line in window.split("\n") if not line.startswith(FURNITURE))
    if poster_in_sentence(window + head):
        return None
    prose = window + (head if len(head) < _OWN_SENTENCE else "")
    _NAME_READS.ask(body)  # (an article of hundreds of pronouns: each name read once for the windows holding it)
    named, things, subjects, reporters = _antecedents(prose, len(window))
    if not named:  # "The pop star then uploaded a clip … she captioned": the article's person, or no one
        return _article_persons(body, prose, [], first, agrees) if described is None else None
    things |= {name for name in reporters if not agrees or agrees(name, first) == 0}  # "Express reported": no one
    named = _sentence_subject_first(prose, named)
    if shown.lower() in _POST_NOUNS:  # "Lili celebrated Cole's birthday on Instagram. The caption read"
        return named[0] if named[0] in subjects and last_sentence_subject(prose, named[0]) else None
    found = _first_person(named, things, subjects, first, agrees)
    if found is None and described is None:
        return _article_persons(body, prose, [name for name in named if name not in things], first, agrees)
    if described is not None:  # ("the actress", "the Confident singer": the article's person, else no one named)
        near = found is not None and found in subjects and last_sentence_subject(prose, found) and (
            " " in found or (agrees is not None and agrees(found, "he") != 0))  # a name, not "Guests danced"
        if found is None or not (near or _one_of(found, _topic(body))):
            person = person_named(body, _topic(body))
            if found in subjects or person is None or (pronoun := pronoun_of(first, person, agrees)) is None:
                return None  # ("Rodriguez’s stories … the singer captioned": the article's person, if no rival)
            others = rivals(prose, [name for name in named if name not in things], subjects, person, first)
            return None if others is None else _article_persons(body, prose, others, pronoun, agrees)
        return None if named_as_relative_of(prose, found, _RELATIVES) else found
    if found is None or found in subjects or not _described_after(prose, prose.rfind(found) + len(found)):
        return found
    topic = _topic(body)  # "— Brian Wilson (@BrianWilsonLive) … but the guitarist denied": the article's person
    if topic == found or topic is None or (agrees is not None and agrees(topic, first) < 0):
        return found if topic == found else None
    return topic


def _article_persons(
    body: str, prose: str, others: list[str], pronoun: str, agrees: Callable[[str, str], int] | None
) -> str | None:
    """For a pronoun the prose before names no one for: the article's person
    (:func:`reactions.parse.article_person.article_person`); no one when the sentence before the pronoun's has
    a poster for its subject (``Another commenter felt the same. "…," she wrote``)."""
    if poster_in_sentence(prose.rstrip().rstrip(".!?:")):
        return None
    return article_person(person_named(body, _topic(body)), prose, others, pronoun, agrees)


_POST_NOUNS = frozenset({"the caption", "the post", "the tweet", "the account", "the message", "the instagram post",
                         "the accompanying caption", "the twitter post", "the facebook post"})  # fmt: skip
"""A post as its own author (``the caption read``): its poster's, the subject of the sentence before that tells
of posting it, else no one (``One fan came to the family's defense. The tweet said``)."""


def _named_after(shown: str) -> str | None:
    """The capitalised words that end ``shown`` after its first (a name after a relation), else None."""
    words = shown.split()[1:]
    name = list(itertools.takewhile(lambda word: word[:1].isupper(), reversed(words)))
    return " ".join(reversed(name)) if name and len(name) < len(words) else None


_POSSESSIVES = frozenset({"her", "his", "their", "my", "its"})
_RELATIVES = frozenset({
    "mom", "mother", "dad", "father", "wife", "husband", "sister", "brother", "daughter", "son", "girlfriend",
    "boyfriend", "fiance", "fiancee", "fiancé", "fiancée", "ex", "pal", "friend", "co-star", "costar", "partner", "rep",
    "spokesperson", "spokesman", "spokeswoman", "manager", "publicist", "lawyer", "attorney", "assistant", "aunt",
    "uncle", "cousin", "niece", "nephew", "grandmother", "grandfather", "bandmate", "family",
})  # fmt: skip
"""Who a possessive names besides its owner (``her father wrote``): another person, never the pronoun's."""


def _one_of(name: str, person: str | None) -> bool:
    """Whether ``name`` is ``person`` or a word of it (``Garner`` of ``Jennifer Garner``)."""
    return person is not None and (name == person or name in person.split())


def _topic(body: str) -> str | None:
    """The article's person: the first full name its first 300 characters write that is no thing, nor a byline
    (a name alone on its line, or after ``By``: ``Jayme Deerwester`` over ``USA TODAY``), nor a photographer's
    before a picture's agency (:data:`_CREDIT_RE`).  Read once per head: each pronoun of an article asks."""
    return _head_topic(body[:300])


@functools.lru_cache(maxsize=256)
def _head_topic(head: str) -> str | None:
    for match in _NAME_RE.finditer(head):
        line = head[head.rfind("\n", 0, match.start()) + 1 :].partition("\n")[0].strip()
        if line == match.group() or line.startswith("By ") or _CREDIT_RE.match(head, match.end()) is not None:
            continue
        tokens = match.group().split()
        while tokens and tokens[0] in _NOT_NAMES:
            tokens = tokens[1:]
        name = " ".join(tokens).removesuffix("’s").removesuffix("'s")
        if len(tokens) > 1 and not thing_by_its_words(name):
            return name
    return None


_CREDIT_RE = re.compile(r"/(?!Instagram|Twitter|Facebook|YouTube|TikTok|Snapchat)[A-Z]")
"""What follows a photographer's name on a picture's credit (``Jan Ortiz/Getty``, ``Lee Park/WireImage``): not
whom the story is about (a post's credit, ``Dana Moss/Instagram``, often is)."""

_ROLE_NOUNS = ("actor|actress|singer|songwriter|singer-songwriter|rapper|model|director|producer|host|star|comedian"
               "|writer|author|journalist|reporter|musician|guitarist|drummer|bassist|pianist|frontman|frontwoman"
               "|rocker|crooner|athlete|player|chef|designer|politician|senator|president|governor|mayor|lawmaker"
               "|congressman|congresswoman|activist|mogul|personality|influencer|blogger|youtuber|businessman"
               "|businesswoman|entrepreneur|executive|ceo|founder|icon|legend|veteran|hitmaker|starlet|socialite"
               "|heiress|superstar|megastar")  # fmt: skip
_DESCRIBED_RE = re.compile(
    rf"(?:[.!?;,][ \t]{{1,3}}|\n[ \t]{{0,3}}|\b(?:but|and)[ \t]{{1,3}})[Tt]he[ \t]{{1,3}}"
    rf"(?:[\w'’-]{{1,30}}[ \t]{{1,3}}){{0,3}}?(?:{_ROLE_NOUNS})[ \t]{{1,3}}[a-z]"
)
"""A sentence or a clause whose subject describes a person by what they do (``The producer announced``, ``but the
guitarist denied``, ``The 79-year-old actor let the world wait``)."""


def _described_after(prose: str, at: int) -> bool:
    """Whether a subject describing a person (:data:`_DESCRIBED_RE`) stands in ``prose`` after ``prose[at]``."""
    return _DESCRIBED_RE.search(prose, max(0, at)) is not None


def _first_person(
    named: list[str], things: set[str], subjects: set[str], pronoun: str, agrees: Callable[[str, str], int] | None
) -> str | None:
    """The first of ``named`` that the pronoun may stand for (see :func:`resolve_author`)."""
    if named[0] in things:  # "in Los Angeles", "the Met Gala": a sentence's subject of the pronoun's gender, or none
        surely = (name for name in named[1:] if name in subjects and name not in things)
        return next((name for name in surely if agrees and agrees(name, pronoun) > 0), None)
    if agrees is not None and agrees(named[0], pronoun) < 0:
        return next((name for name in named[1:] if name not in things and agrees(name, pronoun) > 0), None)
    return named[0]


_OWN_SENTENCE = 300
"""How far after a quotation's start its pronoun may stand for the prose before it, in the pronoun's own sentence,
to be read for antecedents (``This report claiming Nicki is pregnant comes … after she tweeted``)."""


def _sentence_subject_first(prose: str, named: list[str]) -> list[str]:
    """``named`` with the subject of the sentence the first in line is in put first, when that sentence opens with
    a full name set off by a comma (a relative clause or an appositive: ``Sharon Osbourne, whose husband, Ozzy
    Osbourne, also had …, took aim``): a name inside the clause is no antecedent before the sentence's subject.
    Linear: one search back for the sentence's start, one bounded match there."""
    first = named[0]
    at = prose.rfind(first)
    start = max(prose.rfind(stop, 0, at) for stop in (". ", "! ", "? ", "\n")) + 1
    opener = _OPENER_RE.match(prose, start)
    if opener is None or opener.start(1) >= at:
        return named
    name = opener.group(1)
    if name == first or name not in named or name.split()[0] in _NOT_NAMES:
        return named
    return [name, *(other for other in named if other != name)]


_OPENER_RE = re.compile(
    r"[ \t]{0,3}([A-Z][\w'’-]{1,30}(?:[ \t][A-Z][\w'’-]{1,30}){1,3}),[ \t]{1,3}(?:who|whose|the|a|an)\b"
)
"""A sentence that opens with a full name and a relative clause or an appositive on it (``Sharon Osbourne, whose
husband …``, ``Jennifer Euston, the casting director for GLOW, …``)."""


def _set_off_clause(window: str, start: int, end: int) -> int:
    """Where the relative clause or the appositive set off after the name at ``window[start:end]`` ends, when the
    name opens its sentence (a description may stand before it, no comma) and is the subject past the clause
    (``Jason Osborne, a former adviser to …'s campaign, took to Twitter``, ``The Italian actor Asia Argento, who
    alleges that Weinstein raped her, tweeted``): the comma before a subject's verb; else -1.  Bounded: 240
    characters read."""
    if _SET_OFF_RE.match(window, end) is None:
        return -1
    opening = max(window.rfind(mark, max(0, start - 40), start) for mark in _OPENINGS)
    if opening < 0 or "," in window[opening:start]:
        return -1  # the name does not open a sentence (or the window cuts it)
    stop = min((at for at in (window.find(mark, end, end + 200) for mark in _STOPS) if at >= 0), default=end + 200)
    comma = window.find(",", end + 1, stop)
    while comma >= 0:
        if _SUBJECT_VERB_RE.match(window, comma + 1):
            return comma
        comma = window.find(",", comma + 1, stop)
    return -1


def _no_name(tokens: list[str]) -> bool:
    """A word alone that is no given name of the table and ends like an adverb (``Naturally, the …``)."""
    return len(tokens) == 1 and tokens[0].endswith("ly") and given_name_gender(tokens[0]) is None


_OWNED = (["her"], ["his"], ["their"], ["its"], ["my"], ["our"], ["your"])
"""The word before a name that makes it what someone has (``her Instagram Story``), no one."""

_REPORTS_RE = re.compile(r"[ \t]{1,3}(?:(?:first|also|previously|exclusively|originally|has|had)[ \t]{1,3})?"
                         r"(?:reported|reports|reporting)\b")  # fmt: skip
"""A verb of reporting after a sentence's subject: what outlets do (``Express reported``, ``TMZ reports``)."""

_STOPS = (". ", "! ", "? ", "\n")
_OPENINGS = (*_STOPS, "  ")
"""Where a sentence opens: after a stop, or after a quotation blanked out that ended the one before (``…Drag’s
Race.” Octavia Spencer, …``)."""
_SET_OFF_RE = re.compile(r",[ \t]{1,3}(?:(?:who|whose|the|a|an|of)\b|[A-Z][\w-]{1,30}['’]s?[ \t]{1,3}[a-z])")
"""A relative clause or an appositive set off after a name (``Sharon Osbourne, whose husband …``, ``Actor Ken
Jeong, of The Hangover franchise fame, said``, ``Octavia Spencer, Ellis’ co-star in The Help, was``)."""


def antecedents(window: str) -> list[str]:
    """The people ``window`` (the prose before a pronoun) names, the likeliest antecedent first: subjects of a
    sentence from the last back, then the other full names from the last back.  A hashtag's words
    (``#FakeNews covered``) name no one."""
    return _antecedents(window)[0]


def _antecedents(window: str, subjects_from: int | None = None) -> tuple[list[str], set[str], set[str], set[str]]:
    """:func:`antecedents`; those of them that are places, events or organisations (:func:`_things`); the subjects
    among them; and the subjects of a verb of reporting (``Express reported``: an outlet, unless a given name says
    a person).  From ``window[subjects_from]`` on (the pronoun's own sentence after the quotation's
    start) only a sentence's subject is read (``In a Reddit AMA, he shared``, ``with her friend Jordyn Woods, she
    said``, ``about Kylie's rumored pregnancy``, ``his role in Syria is``: a name there that is no subject, an
    owner or a name where a place stands is no antecedent)."""
    subjects, full_names = [], []
    placed: set[str] = set()
    reporters: set[str] = set()
    plain: set[str] = set()
    headlines: dict[int, bool] = {}
    inside = -1  # where a set-off clause after a sentence's subject ends
    for match in _NAME_RE.finditer(window):
        start, end = match.span()
        own = subjects_from is not None and start >= subjects_from
        read = _NAME_READS.read(window, start, end, own)
        if read is None:
            continue
        name, full, no_name, verb, reports, thing_like = read
        clause = _set_off_clause(window, start, end) if start >= inside and not no_name else -1
        if clause >= 0:
            inside = clause  # names in the clause are no subjects: "whose husband, Ozzy Osbourne, also had"
        if clause >= 0 or (verb and start >= inside):
            subjects.append(name)  # (not after an article or a preposition: "members of Bachelor Nation took")
            if reports:
                reporters.add(name)
        elif full and not own:
            full_names.append(name)
        else:
            continue
        if thing_like:
            placed.add(name)
        if window.startswith(" (@", end) or not _on_a_headline(window, start, headlines):
            plain.add(name)
    named = subjects[::-1] + full_names[::-1]
    return named, _things(named, placed - set(subjects), plain), set(subjects), reporters


def _read_name(window: str, start: int, end: int, own: bool) -> NameRead | None:
    """What :func:`_antecedents` reads of the name at ``window[start:end]`` by itself (see
    :class:`~reactions.parse.name_reads.NameRead`); None for no name, or one the reading passes over."""
    run = window[start:end]
    tokens = run.split()
    before = window[max(0, start - 40) : start]
    if start < 40:
        before = before.partition(" ")[2]  # the window's first word may be cut: "…a Dushku" of "Eliza Dushku"
    owned = before.rsplit(None, 1)[-1:] in _OWNED  # "her Instagram Story captured by E!": what someone has
    while tokens and tokens[0] in _NOT_NAMES:
        before = tokens[0].lower()  # "The Simple Life", "In Los Angeles"
        tokens = tokens[1:]
    dated = False
    if "’" in run or "'" in run:  # only a word ending in 's or ’s is an owner
        owner = max((i + 1 for i, token in enumerate(tokens[:-1]) if token.endswith(("’s", "'s"))), default=0)
        dated = owner > 0 and tokens[owner - 1][:-2] in _DAYS  # "Monday’s Watch What Happens Live": a show
        tokens = tokens[owner:]  # "CNN’s Brian Stelter": the owner is no part of the name
        before = "" if owner else before
    if not tokens or tokens[-1] in _NOT_NAMES or not _FURNITURE_WORDS.isdisjoint(tokens):
        return None  # a page's furniture ("Privacy Policy | Terms of Service") names no one
    name = " ".join(tokens).removesuffix("’s").removesuffix("'s")
    if _TITLE_ROLE_RE.match(window, end):
        return None  # "The Breaking Bad star", "the Harry Potter actress": a show or a film's title, no person
    where = dated or thing_by_its_place(before, " ".join(tokens))
    if where and (given := _given_inside(tokens)) > 0:  # "Minister of Veterans Affairs Julian Fantino is"
        tokens, where = tokens[given:], False  # a title of a place or an office, then the person's name
        name = " ".join(tokens).removesuffix("’s").removesuffix("'s")
    if (own and (tokens[-1].endswith(("’s", "'s")) or where)) or owned:
        return None  # an owner or a place in the pronoun's sentence ("about Kylie's rumored…", "in Syria is")
    free = not where and not kin_object_before(before)  # ("the mom of daughter Stormi shared": the mom)
    verb = free and _subject_verb(window, start, end)
    reports = _REPORTS_RE.match(window, end) is not None
    placed = where or thing_by_what_follows(window, end, run)
    return NameRead(name, len(tokens) > 1, _no_name(tokens), verb, reports, placed)


def _reads_far(window: str, start: int, end: int) -> bool:
    """Whether :func:`_read_name` may read ``window`` past :data:`~reactions.parse.name_reads.AROUND`: after a comma
    after the name (an apposition, read back to its sentence's start).  (``has[ \\t]+been`` may read on through a
    quotation blanked out, but ``has`` alone is a subject's verb: the answer is the same.)"""
    return window.startswith(",", end)


_NAME_READS: Final = NameReads(_read_name, _reads_far)
"""The names read in one pronoun's window, kept for the next one's, which holds most of them again."""


def _given_inside(tokens: list[str]) -> int:
    """Where a given name of the table opens the name inside a run of three words or more whose first word is none
    (``Veterans Affairs Julian Fantino``, after ``Minister of``: 2), else 0 (``Mary Kate Olsen``, ``Prince
    Harry``)."""
    if len(tokens) < 3 or given_name_gender(tokens[0]) is not None:
        return 0
    return next((i for i in range(1, len(tokens) - 1) if given_name_gender(tokens[i]) is not None), 0)


def _subject_verb(window: str, start: int, end: int) -> bool:
    """Whether the name at ``window[start:end]`` is a sentence's subject by the verb after it (after the comma that
    ends it as an appositive of the subject: :func:`~reactions.parse.appositives.subject_in_apposition`)."""
    if _SUBJECT_VERB_RE.match(window, end) or subject_in_apposition(window, start, end, _SUBJECT_VERB_RE):
        return True
    return _PAST_VERB_RE.match(window, end) is not None and _opens_clause(window, start)


def _things(named: list[str], placed: set[str], plain: set[str]) -> set[str]:
    """Those of ``named`` that are places, events or organisations: by their words, or by where a mention stands
    (``in Las Vegas``, ``the Met Gala``) when no mention is a sentence's subject (``placed``: those), or when every
    mention is on a headline's line (``plain``: those with one that is not), where every word is capitalised and no
    name is told from the rest (``WATCH: Kim Zolciak Updates Fans With Hospital Pic``)
    (:mod:`reactions.parse.name_kinds`)."""
    return {name for name in set(named) if name in placed or name not in plain or thing_by_its_words(name)}


def _on_a_headline(window: str, at: int, headlines: dict[int, bool]) -> bool:
    """Whether ``window[at]`` is on a line of six words or more that capitalises three in four of them (a headline,
    a link to another story); ``headlines`` keeps each line's answer by its start."""
    start = window.rfind("\n", 0, at) + 1
    known = headlines.get(start)
    if known is None:
        end = window.find("\n", at)
        words = window[start : end if end >= 0 else len(window)].split()
        capitals = sum(1 for word in words if word[:1].isupper())
        known = headlines[start] = len(words) >= 6 and capitals * 4 >= len(words) * 3
    return known


_TITLE_ROLE_RE = re.compile(
    r"[ \t]{1,3}(?:star|stars|actress|actor|singer|rapper|alum|host|creator|producer|director|frontman"
    r"|co-?star|castmember|contestant|winner|mom|mother|dad|father|model|judge|comedian|musician|hitmaker)\b",
    re.IGNORECASE,
)
"""A role right after a capitalised run (``The Breaking Bad star``): the run is the title of what the person is
known for, not their name."""
