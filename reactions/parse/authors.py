"""Who a quotation is given to as the prose writes it: the subject of its attribution (``…entrepreneur Lisa
Song Sutton tweeted``), a description dropped before a name (``TV producer Jesse Zook``); the person a pronoun or a
name stands for is :mod:`reactions.parse.antecedents`'.

Used by :mod:`reactions.parse.quotes`; pure functions over the article's text.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Sequence

from reactions.parse.dates import WEEKDAYS

ARTICLES = frozenset({"a", "an", "the", "one", "another", "some", "many", "several", "two", "three", "this", "that",
                       "other", "others", "someone", "people", "his", "her", "their", "its"})  # fmt: skip

CAPITALISED = re.compile(r"^[@A-Z0-9]")

LEADING_WORDS = frozenset({"in", "on", "at", "after", "before", "during", "following", "since", "as", "when", "while",
                            "then", "later", "also", "but", "and", "so", "meanwhile", "minutes", "hours", "days",
                            "moments", "shortly", "soon", "until", "inside", "well"})  # fmt: skip

POSTERS = frozenset({"fan", "fans", "user", "users", "follower", "followers", "commenter", "commenters", "tweeter",
                      "tweeters", "account", "poster", "viewer", "viewers", "another", "others", "someone",
                      "people", "many", "one"})  # fmt: skip
"""Authors who are posters by what they are (``a fan``, ``one user``, ``Another wrote``)."""

PRONOUNS = frozenset({"he", "she", "they", "it", "him", "her", "we", "i"})

SUBJECT_STOPS = frozenset({"also", "later", "then", "had", "has", "have", "was", "is", "were", "took", "went",
                            "seemingly", "quickly", "soon", "immediately", "even", "just", "once", "again", "first",
                            "finally", "herself", "himself", "themselves", "who", "which", "that", "does", "did",
                            "doesn't", "doesn’t", "didn't", "didn’t", "can", "can't", "can’t", "could", "will",
                            "would", "should", "might", "must", "are", "seems", "appears"})  # fmt: skip

TOKEN_RE = re.compile(r"@?[\w'’.&-]{1,40}")

REACH = 400
"""How far around a quotation its sentence, the sentence before and the neighbouring paragraphs are read."""


FURNITURE = ("Also Read", "Read more", "Read More", "READ MORE", "Related", "RELATED", "Advertisement",
              "ADVERTISEMENT", "WATCH", "PHOTOS", "VIDEO", "GALLERY", "MORE", "SEE")  # fmt: skip
"""Lines a site puts between paragraphs (links to other stories, videos and galleries: ``WATCH: …``, ``PHOTOS:
…``), which say nothing of the quotation; a label in capitals only, so that no sentence opens like one."""
_FURNITURE_LINE_RE = re.compile(r"(?:" + "|".join(FURNITURE) + r")\b[^:\n]{0,16}:")
_HEADLINE_REACH = 200
"""How far into its line a quotation of a furniture line may stand (a linked story's headline is short)."""


def on_furniture_line(body: str, at: int) -> bool:
    """Whether ``body[at]`` stands on a line of site furniture that links another story (``RELATED: Ann and Bo Share
    Anniversary Posts: “…”``): a headline's quotation is no post.  Reads at most :data:`_HEADLINE_REACH` characters
    back for the line's start (a quotation farther into its line is on no such line)."""
    start = body.rfind("\n", max(0, at - _HEADLINE_REACH), at) + 1
    if not start and at > _HEADLINE_REACH:
        return False
    return body.startswith(FURNITURE, start) and _FURNITURE_LINE_RE.match(body, start) is not None


def is_poster(author: str) -> bool:
    words = author.lower().split()
    return bool(words) and words[-1] in POSTERS and (len(words) == 1 or words[0] in ARTICLES)


def poster_in_sentence(window: str) -> bool:
    """Whether the last sentence of ``window`` (the prose up to a pronoun) has a poster by what they are for its
    subject (``One Facebook commenter put it best when she said``): the pronoun is theirs, an anonymous author."""
    start = max(window.rfind(stop) for stop in (". ", "! ", "? ", "\n"))
    words = [word.strip(",;:“”\"").lower() for word in window[start + 1 :].split()[:6]]
    while words and words[0] in LEADING_WORDS:
        words = words[1:]
    return bool(words) and words[0] in _POSTER_ARTICLES and any(word in POSTERS for word in words[1:4])


_POSTER_ARTICLES = ARTICLES - {"his", "her", "their", "its"}
"""Words before a poster (``One commenter``); not an owner's (``his official Twitter account``: someone's)."""


_ACCOUNT_RE = re.compile(
    r"(?i:the|an?)[ \t]{1,3}(?i:official[ \t]{1,3})?"
    r"(?P<name>(?:[A-Z][\w.&'’-]{0,30}[ \t]{1,3}){0,3}[A-Z][\w.&'’-]{0,30})"
    r"[ \t]{1,3}(?i:(?:official[ \t]{1,3})?(?:twitter|instagram|facebook|tiktok|youtube|x)[ \t]{1,3})?"
    r"(?i:feed|account|page|handle)"
)


def account_owner(author: str) -> str | None:
    """Whose account a quotation's author is, named inside it (``the NBC News feed``, ``the official White House
    Twitter account`` -> ``NBC News``, ``White House``), else None.

    >>> account_owner("the NBC News feed"), account_owner("the Twitter account"), account_owner("the hospital's page")
    ('NBC News', None, None)
    """
    found = _ACCOUNT_RE.fullmatch(author)
    name = found.group("name") if found else None
    return None if name is None or name.lower() in _PLATFORM_NAMES else name


def plausible_author(author: str) -> bool:
    """Whether an attribution's author can be someone: a name, a pronoun, or a noun phrase, not a verb's helper
    (``was shared``) or a stray word."""
    first = author.split()[0].lower() if author.split() else ""
    return bool(first) and first not in _NOT_AUTHORS


_NOT_AUTHORS = frozenset({"was", "were", "is", "are", "be", "been", "being", "has", "have", "had", "only", "also",
                          "not", "never", "just", "then", "and", "but", "or", "that", "which", "who", "it", "this",
                          "there", "here", "what"})  # fmt: skip


def behind_post(before: str, phrase: str) -> str:
    """``phrase`` (the subject read right before a lead-in's participle), or, when it names a post after a
    preposition (``Diaz laid the rumors to rest with a tweet saying, "…"``: the post says), the subject of the clause
    ``before`` it, who posted it (``Diaz``); ``phrase`` when that clause has none."""
    if not phrase or _POST_PHRASE_RE.fullmatch(phrase) is None:
        return phrase
    at = before.rfind(phrase)
    clause = before[:at] if at > 0 else ""
    words = subject(clause).split() if _AFTER_PREPOSITION_RE.search(clause) else []
    if words and words[0].lower() in PRONOUNS:
        return words[0]
    name = list(itertools.takewhile(CAPITALISED.match, words))
    return " ".join(name) if name and name[0].lower() not in ARTICLES else phrase  # (a name: not "The picture shows")


_POST_PHRASE_RE = re.compile(
    r"(?:an?|the|his|her|their|its|one|another)[ \t]{1,3}(?:[\w'’-]{1,20}[ \t]{1,3}){0,2}?"
    r"(?:tweet|post|message|caption|video|photo|picture|snap|selfie|note|instagram|instagram[ \t]post)s?",
    re.IGNORECASE,
)
"""A post named as a lead-in's subject: ``a tweet``, ``an Instagram post``, ``her sweet selfie``."""
_AFTER_PREPOSITION_RE = re.compile(r"[ \t](?:with|in|via|through|by|on)[ \t]{1,3}\Z", re.IGNORECASE)


def subject_before(words: str) -> str:
    """The subject standing right before a verb (``…Katy Perry he wrote``, ``…entrepreneur Lisa Song Sutton
    tweeted``): a pronoun, a run of capitalised words, or a noun phrase back to its article (``one user``,
    ``the department``), past adverbs (``later``, ``also``); empty when a clause break or anything else
    stands there."""
    words = _ASIDE_RE.sub(" ", words[-200:]) if "(" in words else words[-200:]  # ("Ann Lee (pictured) wrote")
    segments = _CLAUSE_BREAK_RE.split(words)
    tokens: list[str] = TOKEN_RE.findall(segments[-1])
    if (
        len(segments) > 1 and len(tokens) > 1 and tokens[0] in _DESCRIPTIONS and not CAPITALISED.match(tokens[1])
        and (named := _trailing_name(segments[-2])) and named.split()[0].lower() not in LEADING_WORDS
        and not any(char.isdigit() for char in named)
    ):  # fmt: skip
        return named  # "Neal Katyal, attorney for the State of Hawaii, tweeted": the appositive's name
    while tokens and tokens[-1].lower() in _ADVERBS:
        tokens.pop()
    if not tokens:
        return ""
    last = tokens[-1]
    if last.lower() in PRONOUNS:
        return last
    if CAPITALISED.match(last):
        name: list[str] = []
        while tokens and CAPITALISED.match(tokens[-1]) and len(name) < 6:
            if name and tokens[-1].lower() in _PLATFORM_NAMES:
                break  # "…on Instagram Kylie wrote": the network's name is no part of hers ("Malcolm X" is one)
            name.insert(0, tokens.pop())
        if len(tokens) > 2 and tokens[-1] == "of" and CAPITALISED.match(tokens[-2]) and CAPITALISED.match(tokens[-3]):
            return subject_before(" ".join(tokens[:-1]))  # "Senator Mazie Hirono of Hawaii": the name, not the place
        if (timeless := _past_time(name, tokens)) != name:
            if timeless:
                return " ".join(timeless)  # "Monday Trump tweeted"
            timed = bool(tokens) and tokens[-1].lower() in _TIME_LEADS
            while tokens and tokens[-1].lower() in _TIME_LEADS:
                tokens.pop()  # "…Park in late March tweeted"
            return subject_before(" ".join(tokens)) if timed else ""
        if " ".join(name).lower() in _PLATFORM_NAMES:
            return ""  # "She took to IG sharing…": the place, not who posted
        if name[0].endswith(("’s", "'s")) or all(word.lower() in LEADING_WORDS for word in name):
            return ""  # an owner ("Kim's"), or a clause's first word ("When asked by a fan…, Kylie replied")
        return " ".join(name)
    if last.lower() in _PREPOSITIONS:
        return ""  # "…finished his post by saying": the verb is a preposition's object, it has no subject here
    phrase: list[str] = []
    while tokens and len(phrase) < 6:
        phrase.insert(0, tokens.pop())
        if phrase[0].lower() in _CONJUNCTIONS:
            return ""  # "…is expecting a baby girl and just posted": the verb shares an earlier subject
        if phrase[0].lower() in ARTICLES:
            return " ".join(phrase) if phrase[-1].lower() in POSTERS or len(phrase) > 1 else ""
    return ""


def _past_time(name: list[str], before: list[str]) -> list[str]:
    """``name`` (capitalised words, after the words ``before``) less a time that opens it: a weekday (``Monday
    Trump``, ``Wednesday morning``), or a month after a word that leads a time (``In March Kardashian``, ``late
    May``; a month alone may be a name: ``April Ryan``, ``Theresa May``)."""
    lead = before[-1:]
    if len(name) > 1 and name[0].lower() in _TIME_LEADS:
        lead, name = name[:1], name[1:]  # "In March Kardashian"
    first = name[0].lower() if name else ""
    if first in _WEEKDAYS or (first in _MONTHS and lead and lead[0].lower() in _TIME_LEADS):
        return name[1:]
    return name


_WEEKDAYS = frozenset(day.lower() for day in WEEKDAYS)
_TIME_LEADS = frozenset({"on", "in", "late", "early", "mid", "last", "this", "next", "since", "by", "until"})
"""Words before a weekday or a month that make it a time (``McGowan on Tuesday tweeted``: the subject stands before)."""


_ADVERBS = frozenset({"also", "later", "then", "just", "quickly", "simply", "first", "again", "once", "previously",
                      "both", "soon", "immediately", "even", "reportedly", "apparently", "seemingly", "recently",
                      "publicly", "promptly", "subsequently", "directly", "swiftly", "had", "has", "have",
                      "herself", "himself", "themselves", "itself"})  # fmt: skip


_PLATFORM_NAMES = frozenset({"ig", "insta", "twitter", "instagram", "facebook", "tiktok", "snapchat", "youtube",
                             "threads", "bluesky", "mastodon", "reddit", "x"})  # fmt: skip
_CONJUNCTIONS = frozenset({"and", "but", "or"})
_PREPOSITIONS = frozenset({"by", "with", "without", "of", "for", "to", "in", "on", "at", "from", "about", "after",
                           "before", "while", "when", "upon"})  # fmt: skip


def subject(words: str) -> str:
    """Who a lead-in's verb belongs to: in the last clause (after a comma, a dash or a semicolon), past leading
    prepositional words (``In another tweet King …`` -> ``King``), up to the first word that is not part of
    a name."""
    segments = _CLAUSE_BREAK_RE.split(_ASIDE_RE.sub(" ", words) if "(" in words else words)
    for i in range(len(segments) - 1, -1, -1):
        tokens = TOKEN_RE.findall(segments[i])
        lead: list[str] = []
        while tokens and tokens[0].lower() in LEADING_WORDS:
            rest = _skip_phrase(tokens)
            lead, tokens = tokens[len(tokens) - len(rest) - 1 : len(tokens) - len(rest)], rest
        timed = bool(tokens) and (timeless := _past_time(tokens[:1], lead)) != tokens[:1]
        if timed:
            tokens = timeless + tokens[1:]  # "…also weighed in on Wednesday morning," / "In March Kardashian went"
        found = _leading_name(tokens)
        if timed and not found and i > 0:
            return subject(segments[0])  # "Clinton, who…, also weighed in on Monday, tweeting": the first clause's
        if (found.isdigit() or _PARTY_RE.fullmatch(found)) and i > 0:
            continue  # "Moretz, 20, shared": an age after the name; "Rep. Ann Lee, R-Fla., tweeted": a party's
        if found and found.split()[0].lower() in ("a", "an", "another") and i > 0:
            named = _leading_name(TOKEN_RE.findall(segments[i - 1])[-4:])
            if named and CAPITALISED.match(named):  # "Michelle Rempel, a Conservative MP, used Twitter…"
                return _trailing_name(segments[i - 1]) or found  # ("Rand Paul, another Republican who…, said")
        if found:
            return found
    return ""


_SENT_FROM = (
    r"\b(?:tweet|post|message|caption|reply|note)s?[ \t]{1,3}(?:[\w'’-]{1,20}[ \t]{1,3}){0,4}?from[ \t]{1,3}"
)
SENT_FROM_RE = re.compile(_SENT_FROM + r"\Z", re.IGNORECASE)
"""A post said to be *from* the name after it (``a tweet this week from Ada Brooks``): its sender, no object."""
_SENDER_RE = re.compile(
    _SENT_FROM + r"(?P<name>(?:[A-Z][\w.'’-]{0,30}[ \t]{1,3}){0,3}[A-Z][\w'’-]{0,30}|@\w{1,15})"
    r"[ \t]{1,3}(?:that|which)[ \t]{1,3}\Z",
    re.IGNORECASE,
)


def sender(lead: str) -> str:
    """Who a post is from, named right before ``that``/``which`` at the end of ``lead`` (a lead-in cut where its
    last verb starts: ``…a tweet this week from President Trump that``), else ``""``; a name must be capitalised
    or a handle (the pattern ignores case for ``Tweet``, ``That``).

    >>> sender("It came after a tweet this week from President Trump that "), sender("a post from the mayor that ")
    ('President Trump', '')
    """
    if "from" not in lead:
        return ""
    found = _SENDER_RE.search(lead, max(0, len(lead) - 160))
    name = found.group("name") if found else ""
    return name if name[:1].isupper() or name.startswith("@") else ""


_POST_SENDER_RE = re.compile(
    r"(?:(?:a|an|the|one)[ \t]{1,3})?(?:[\w'’-]{1,20}[ \t]{1,3})?" + _SENT_FROM
    + r"(?P<name>(?-i:(?:[A-Z][\w.'’-]{0,30}[ \t]{1,3}){0,3}[A-Z][\w'’-]{0,30})|@\w{1,15})",
    re.IGNORECASE,
)


def post_sender(words: str) -> str:
    """Who the post is from that an attribution after a quotation names (``…," reads a tweet from Kensington
    Palace``: its words after the verb), else ``""``.

    >>> post_sender("a Tweet from Kensington Palace"), post_sender("an Instagram post from @jdoe"), post_sender("a fan")
    ('Kensington Palace', '@jdoe', '')
    """
    found = _POST_SENDER_RE.match(words) if "from" in words else None
    return found.group("name") if found else ""


_POSSESSOR_RE = re.compile(
    r"(?P<name>(?:[A-Z][\w'’-]{0,30}[ \t]){0,3}[A-Z][\w-]{0,30})['’]s[ \t]{1,3}(?:[\w-]{1,20}[ \t]{1,3}){0,2}"
    r"(?:message|tweet|post|caption|reply|response|words|note|story)s?\b"
)
"""``Michelle Obama's message: "…"``: the message's owner is the author."""


def possessor(lead: str) -> str:
    """The owner of the message a lead-in says was shared (``…retweeted Michelle Obama's message:``)."""
    at = max(0, len(lead) - 120)
    if lead.find("'s", at) < 0 and lead.find("’s", at) < 0:
        return ""  # no possessive for the pattern to find (it would be tried at each character)
    found = _POSSESSOR_RE.search(lead, at)
    if found is None or not _SHARING_RE.search(lead, max(0, found.start() - 60), found.start()):
        return ""
    return str(found.group("name"))


_SHARING_RE = re.compile(r"\b(?:retweet(?:ed|ing|s)?|re-?posted|shared|quoted|liked)\b", re.IGNORECASE)
_HANDLE_RE = re.compile(r"@([A-Za-z0-9_]{1,15})\b")
_OWNED_RE = re.compile(
    r"(?P<name>(?:[A-Z][\w'’-]{0,30}[ \t]){0,3}[A-Z][\w-]{0,30})['’]s?[ \t]{1,3}(?:[\w-]{1,20}[ \t]{1,3}){0,2}"
    r"(?:message|tweet|post|caption|page|account|feed|profile|story|stories|Instagram|Twitter|Facebook)s?"
)


def named_account(author: str) -> str | None:
    """The account an attribution names (``tweeted @jdoe``, ``Jane Doe (@janedoe) wrote``), without its ``@``.

    >>> named_account("Jane Doe (@janedoe)"), named_account("a fan")
    ('janedoe', None)
    """
    found = _HANDLE_RE.search(author)
    return found.group(1) if found else None


def owner(author: str) -> str:
    """Whose post or account an author as written is (``"…," Bloom’s Instagram post read``, ``Lewis's tweet``,
    ``Lindsay Lohan’s Instagram``): the post's owner wrote it; else ``""``.

    >>> owner("Bloom’s Instagram post"), owner("Lindsay Lohan’s Instagram"), owner("the hospital’s account")
    ('Bloom', 'Lindsay Lohan', '')
    """
    found = _OWNED_RE.fullmatch(author) if "s" in author else None
    return str(found.group("name")) if found else ""


def _trailing_name(segment: str) -> str:
    """The capitalised words that end ``segment`` (``…MPs were among them. Michelle Rempel``)."""
    tokens = TOKEN_RE.findall(segment)
    name: list[str] = []
    for token in reversed(tokens):
        if not CAPITALISED.match(token) or token.endswith("."):
            break
        name.insert(0, token)
    return " ".join(name[-4:])


_CLAUSE_BREAK_RE = re.compile(r"[,;]|[ \t][-–—][ \t]")
_PARTY_RE = re.compile(r"[RDI]-[A-Z][A-Za-z.]{1,14}")
"""A party and state after a lawmaker's name (``R-Fla.``, ``D-Calif``, ``I-Vt``), set off by commas."""
_ASIDE_RE = re.compile(r"\((?![ \t]{0,3}@)[^()\n]{0,60}\)")
"""A parenthesis that is no handle: an aside about the name before it (``Mira Stone (Jessica Dale) said``: the role
she plays; ``(R-Texas)``), no part of it."""


def _leading_name(tokens: Sequence[str]) -> str:
    if tokens and not CAPITALISED.match(tokens[0]) and tokens[0].lower() not in PRONOUNS | ARTICLES | POSTERS:
        return ""  # a predicate ("used Twitter to…"), not a subject
    subject: list[str] = []
    for token in tokens:
        lower = token.lower()
        if subject and (lower in SUBJECT_STOPS or (lower.endswith("ed") and not CAPITALISED.match(token))):
            break
        subject.append(token)
        if lower in PRONOUNS and len(subject) == 1:
            break
    return " ".join(subject[:8])


def _skip_phrase(tokens: list[str]) -> list[str]:
    """Tokens after a leading prepositional or time phrase (``In another tweet``, ``Minutes later``, ``In a video
    shared on Twitter``: a network's name is the phrase's, not the subject's)."""
    rest, before = tokens[1:], tokens[0]
    while rest and _in_phrase(before, rest[0]):
        before, rest = rest[0], rest[1:]
    return rest


def _in_phrase(before: str, word: str) -> bool:
    """Whether ``word`` (after ``before``) still belongs to a leading phrase: neither capitalised nor a pronoun, or a
    network's name as a preposition's object (``on Twitter``; ``one Twitter follower`` is a subject)."""
    lower = word.lower()
    if lower in _PLATFORM_NAMES and before.lower() in _PREPOSITIONS:
        return True
    return not CAPITALISED.match(word) and lower not in PRONOUNS


@functools.lru_cache(maxsize=4096)
def author_as_written(words: str) -> str | None:
    """The author as the prose writes it, less a description before a name: ``TV producer Jesse Zook`` ->
    ``Jesse Zook``; a phrase that opens with an article or a number stays whole (``one social media user``,
    ``A spoof account for Iron Man Tony Stark``).  Memoised: a quotation's attribution is asked for again to
    name its author (4,910 calls for 1,070 strings on the bulk corpus)."""
    names = [w for w in words.split() if not w.startswith("@")]
    if len(names) > 1 and names[-1].endswith("ly") and names[-1].isalpha() and names[-1].islower():
        names = names[:-1] if names[-1] not in _LY_NOUNS else names  # "she movingly captioned", "Kid Cudi publicly"
    if not names:
        return None
    if names[0].lower() in ARTICLES:
        return " ".join(names)
    trailing: list[str] = []
    for word in reversed(names):
        if not CAPITALISED.match(word):
            break
        trailing.insert(0, word)
    before = names[: len(names) - len(trailing)]
    if len(before) > 2 and before[-1] == "of" and CAPITALISED.match(before[-2]) and CAPITALISED.match(before[-3]):
        return author_as_written(" ".join(before[:-1]))  # "Senator Mazie Hirono of Hawaii": the name, not the place
    while len(trailing) > 1 and (trailing[0].lower().strip(".") in _DESCRIPTIONS or dated(trailing)):
        trailing = trailing[1:]  # "Actor Nick Searcy", "June 2014 Justin"
    cut = max((i for i, w in enumerate(trailing[:-1]) if w.lower().strip(".") in _DESCRIPTIONS), default=-1)
    trailing = trailing[cut + 1 :]
    if trailing and len(trailing) < len(names):
        return " ".join(trailing)
    return " ".join(trailing or names)


_LY_NOUNS = frozenset({"family", "ally", "belly", "bully", "rally", "reply", "supply", "assembly", "anomaly",
                       "monopoly", "fly", "butterfly", "jelly", "lily", "daily", "weekly", "monthly", "quarterly",
                       "folly", "holly", "tally", "gully", "homily", "melancholy"})  # fmt: skip
"""Words ending in ``-ly`` that are no adverb: an author may end with one (``the Grimmie family``)."""
_DESCRIPTIONS = frozenset({"actor", "actress", "singer", "rapper", "model", "director", "producer", "editor", "host",
                           "star", "comedian", "writer", "author", "journalist", "reporter", "senator", "sen", "rep",
                           "representative", "congressman", "congresswoman", "president", "governor", "gov", "mayor",
                           "minister", "chairman", "chairwoman", "ceo", "founder", "entrepreneur", "personality",
                           "commentator", "activist", "musician", "designer", "chef", "coach", "player", "anchor",
                           "pundit", "columnist", "spokesman", "spokeswoman", "spokesperson", "secretary", "leader",
                           "officer", "chief", "judge", "attorney", "lawyer", "professor", "dr", "mr", "mrs", "ms",
                           "sir", "dame", "lord", "lady", "prince", "princess", "king", "queen", "pope", "bishop",
                           "candidate", "hopeful", "nominee", "contestant", "influencer", "blogger", "vlogger",
                           "youtuber", "tiktoker", "creator", "presenter", "broadcaster", "analyst", "strategist",
                           "adviser", "advisor", "aide", "staffer", "official", "politician", "lawmaker",
                           "mp", "pm", "cm", "whip", "speaker", "ambassador", "commissioner", "sheriff",
                           "chancellor", "pastor", "councilman", "councilwoman"})  # fmt: skip
"""Words that describe a person before the name (``Actor Nick Searcy``, ``Red State Editor Brandon Morse``)."""
def dated(words: list[str]) -> bool:
    """Whether ``words`` opens with a year or a day, or a month before one (``June 2014 Justin``)."""
    first = words[0].strip(".:,")
    return first.isdigit() or (first.lower() in _MONTHS and words[1].strip(".:,").isdigit())


_MONTHS = frozenset({"january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                     "november", "december"})  # fmt: skip
