"""What says a quotation was posted where the plainer rules of :mod:`reactions.parse.quotes` do not look.

- a past tense of no verb table, the words put in a post right after it (``"…," Smith grumbled in a morning tweet``,
  ``"…," the coach boasted on Instagram``): :func:`manner_after`, :data:`IN_POST_RE`;
- a posting verb with a long object that ends in the caption (``…tweeted a photo of the suspect with the caption,
  "…"``): :data:`CAPTION_TAIL_RE`;
- a writing verb in the present or past after a sentence saying a picture was posted (``She posted a photo of the
  cake. She writes, "…"``): :data:`POSTED_PICTURE_RE`;
- a clause of its own after a quotation is no attribution of it (``"…," while another said``): :data:`CLAUSE_OPENERS`;
- a question or an exclamation takes its attribution with no comma (``"…?" Trump said``): :data:`ASKED_RE`;
- the post itself speaking in the present, after a sentence saying it was posted (``…posted to Facebook on Sunday.
  It says, "…"``, ``The message reads: "…"``): :data:`POST_SAYS_RE`;
- an aside between the author and the verb after a quotation (``"…," Lee, an aide, tweeted``) that cannot stand:
  :func:`unfit_aside`.

Pure, linear: every pattern is anchored or bounded, none has nested or adjacent unbounded repeats.

>>> manner_after('"Oh well," Smith grumbled in a tweet.', 10, 36)
('Smith', 'grumbled', 10)
"""

from __future__ import annotations

import re

from reactions.parse.folding import case_blind
from reactions.parse.networks import PLACES, names_pattern
from reactions.parse.title_reps import without_title_reps

__all__ = [
    "ASKED_RE",
    "CAPTION_TAIL_RE",
    "CLAUSE_OPENERS",
    "IN_POST_RE",
    "POSTED_PICTURE_RE",
    "POSTED_THING_RE",
    "POST_SAYS_RE",
    "SAYS_MARK_RE",
    "TOOK_TO_RE",
    "is_manner",
    "is_source",
    "manner_after",
    "post_says",
    "says_led",
    "unfit_aside",
]

POSTED_PICTURE_RE = re.compile(
    r"\b(?:posted|shared)[ \t]{1,3}(?:(?:a|an|the|his|her|their|its|this|that|another|one)[ \t]{1,3})?"
    r"(?:[\w-]{1,20}[ \t]{1,3}){0,2}?(?:photos?|pictures?|pics?|images?|videos?|clips?|selfies?|snaps?|shots?)\b",
    re.IGNORECASE,
)
"""The sentence before says a picture was posted (``She posted a photo of the cake.``): a writing verb after it
(``She writes, "…"``) writes the caption; words heard in the video (``…in the video say: "…"``) are not one."""
POST_SAYS_RE = re.compile(
    r"[ \t]{0,3}(?:it|this|(?:the|her|his|their|its|that|this)[ \t]{1,3}(?:(?:"
    + names_pattern(PLACES)
    + r"|new|latest|original|first|last|since-deleted|now-deleted)[ \t]{1,3})?"
    r"(?:post|caption|tweet|message|note|status|update))[ \t]{1,3}(?:says|reads|read)[ \t]{0,3}[,:]?[ \t]{0,3}",
    re.IGNORECASE,
)
"""A lead-in that is a whole sentence in which the post speaks (``It says,``, ``The message reads:``, ``It read:``):
the words are the post's when the sentence before ends saying it was posted (``post_cues.POSTED_CONTEXT_RE``, a
posting verb), or the subject names it (``The post reads,``)."""
SAYS_MARK_RE = re.compile(r"\b(?:says|reads|read)[ \t]{0,3}[,:]?[ \t]{0,3}[\"“‘]", re.IGNORECASE)
"""A quotation mark right after ``says``/``read(s)``: a quotation whose lead-in may be :data:`POST_SAYS_RE` (the quote
finder's silent lines let it through to be judged)."""


POSTED_THING_RE = re.compile(
    r"\b(?:posted|shared)[ \t]{1,3}(?:(?:a|an|the|his|her|their|its|this|that|another|one)[ \t]{1,3})?"
    r"(?:[\w-]{1,20}[ \t]{1,3}){0,2}?(?:photos?|pictures?|pics?|images?|videos?|clips?|selfies?|snaps?|shots?"
    r"|messages?|notes?|updates?)\b",
    re.IGNORECASE,
)
"""A picture (:data:`POSTED_PICTURE_RE`) or a message posted: what the post speaking (:data:`POST_SAYS_RE`) may
be (``She later posted a second message on the site. It read: "…"``)."""


def post_says(lead: str) -> bool:
    """Whether ``lead`` is a whole lead-in in which the post speaks (:data:`POST_SAYS_RE`; none is over 64
    characters)."""
    return len(lead) <= 64 and POST_SAYS_RE.fullmatch(lead) is not None


_SAYS_END_RE = re.compile(SAYS_MARK_RE.pattern + r"\Z", re.IGNORECASE)


def says_led(body: str, mark: int) -> bool:
    """Whether the quotation mark at ``mark`` follows ``says``/``read(s)`` (:data:`SAYS_MARK_RE`); the pattern is tried
    only when the 14 characters before hold one of them, case-folded as ``re.IGNORECASE`` folds them (``ſ``)."""
    if mark < 5 or body[mark - 1] not in " \t,:sSſdD":
        return False
    before = body[max(0, mark - 14) : mark].casefold()
    if "says" not in before and "read" not in before:
        return False
    return _SAYS_END_RE.search(body, max(0, mark - 16), mark + 1) is not None


IN_POST_RE = re.compile(
    r"\b(?:(?:in|with)[ \t]{1,3}(?:a|an|his|her|their|its|the|one|another|this|that)[ \t]{1,3}"
    r"(?:[\w-]{1,20}[ \t]{1,3}){0,2}?(?:tweets?|posts?|captions?)"
    r"|(?:on|via)[ \t]{1,3}(?:(?:his|her|their|its)[ \t]{1,3})?"
    r"(?:" + names_pattern(PLACES) + r"|social[ \t]{1,3}media))\b",
    re.IGNORECASE,
)
"""An attribution that puts the words in a post (``in a morning tweet``, ``on Instagram``, ``in her latest post``):
what a verb of no verb table needs (:func:`manner_after`); ``in a Twitter message`` is left out (the dev set's
labels count it speech)."""
CAPTION_TAIL_RE = re.compile(
    r"\b(?:with|and|under|alongside)[ \t]{1,3}(?:(?:the|a|an|this|that|his|her|their|its)[ \t]{1,3})?"
    r"(?:[\w-]{1,20}[ \t]{1,3})?captions?[ \t]{0,3}(?:that[ \t]{1,3}(?:read|reads|said|says)[ \t]{0,3})?"
    r"[:,]?[ \t]{0,3}$",
    re.IGNORECASE,
)
"""``…tweeted a photo of the suspect with the caption, "…"``: a lead-in whose posting verb has a long object and
ends in the post's caption."""
ASKED_RE = re.compile(
    r"[?!][\"”’'][ \t]{1,3}(?!(?:Meanwhile|Then|Later|Also|And|But|So|Still|Now|Earlier|Soon)\b)"
    r"(?:[Hh]e|[Ss]he|[Tt]hey|[A-Z][\w'’-]{1,30}(?:[ \t][A-Z][\w'’-]{1,30}){0,2})[ \t]{1,3}"
    r"(?:said|says|wrote|writes|tweeted|captioned|added|asked|joked|quipped|posted|commented)"
)
"""``"…?" Trump said`` / ``"…!" she captioned the photo``: a name or pronoun and a verb that attributes what was
quoted, right after a question or an exclamation (not ``"…!" Meanwhile Elsa shared…``, ``"…!" Rosie responded to
Trump``: the next sentence)."""
CLAUSE_OPENERS = frozenset({"while", "with", "when", "after", "before", "and", "but", "since", "until", "because",
                             "whereas", "where", "though", "although"})  # fmt: skip
"""Words that open a clause of its own after a quotation (``…," while another simply shared…``)."""
_MANNER_AFTER_RE = re.compile(
    r"[ \t]{0,3}(?P<author>(?:[\w@'’.&-]{1,40}[ \t]{1,3}){0,4}?[\w@'’.&-]{1,40})[ \t]{1,3}(?P<verb>[a-z]{2,20}ed)"
    r"[ \t]{1,3}"
)
_NOT_MANNER = frozenset({
    "published", "printed", "broadcast", "aired", "reported", "quoted", "cited", "liked", "followed", "blocked",
    "appeared", "featured", "deleted", "removed", "screenshotted", "used", "seen", "shown", "spotted", "found",
    "filmed", "captured", "uploaded", "recorded", "circulated", "trended", "viewed", "watched", "launched", "released",
    "called", "named", "dubbed", "labeled", "labelled", "described", "mentioned", "discussed", "based", "hosted",
    "streamed", "live-streamed", "livestreamed", "shared", "posted",
})  # fmt: skip
"""Past participles that tell what happened to the words or someone else's post (``…, a phrase used on social
media``, ``…, the video uploaded to YouTube``), not who wrote them."""
_NOT_SUBJECT_WORDS = frozenset({"be", "been", "being", "is", "was", "were", "are", "has", "have", "had", "get", "got",
                                "which", "that", "who", "while", "when", "with", "after", "before", "and",
                                "but"})  # fmt: skip
"""Words that say the words before the verb are no author (a passive, a clause of its own)."""


def manner_after(body: str, pos: int, clause_end: int) -> tuple[str, str, int] | None:
    """``(author, verb, start)`` of ``"…," Smith grumbled in a morning tweet``: the clause at ``pos`` (right after
    the quotation and its comma), up to ``clause_end``, names an author, then a past tense, then a post
    (:data:`IN_POST_RE`); ``None`` when it does not, or when the quotation closed its sentence."""
    if body[pos - 1 : pos] != "," and body[pos - 2 : pos - 1] not in (",", "?", "!"):
        return None  # '…." Others reacted on Twitter': the next sentence, not an attribution
    found = _MANNER_AFTER_RE.match(body, pos, clause_end)
    if found is None or found.group("verb").lower() in _NOT_MANNER:
        return None
    if not IN_POST_RE.match(body, found.end(), clause_end):
        return None
    words = found.group("author").split()
    if not _NOT_SUBJECT_WORDS.isdisjoint(word.lower() for word in words):
        return None  # "…will be announced via Facebook": a passive, no one's post
    while len(words) > 1 and words[-1].lower().endswith("ly") and words[-1][:1].islower():
        words.pop()  # "the actor jokingly vented": the adverb is no part of the author
    return " ".join(words), found.group("verb").lower(), found.start()


def is_manner(verb: str, known: frozenset[str]) -> bool:
    """Whether ``verb`` is a past tense of no verb table (``known``: ``grumbled``, ``fumed``), as :func:`manner_after`
    reads one: a post only when its attribution puts the words in one (:data:`IN_POST_RE`)."""
    return verb.endswith("ed") and verb not in known


def is_source(author: str) -> bool:
    """Whether the author is an unnamed source, who speaks to reporters rather than posts (``an insider``,
    ``one person with knowledge of the situation``, ``a source close to the couple``)."""
    return _SOURCE_RE.search(without_title_reps(author)) is not None


_SOURCE_RE = re.compile(
    r"\b(?:sources?|insiders?|knowledge|familiar|close to|spokes(?:man|woman|person)|rep|representative|official"
    r"|reviewers?)\b",
    re.IGNORECASE,
)


TOOK_TO_RE = case_blind(
    r"\btook[ \t]{1,3}to[ \t]{1,3}(?:" + names_pattern(PLACES) + r"|social[ \t]{1,3}media)"
    r"(?:[ \t]{1,3}(?:on|late|early|this|last)[ \t]{1,3}[\w'’ \t]{1,30}?)?"
    r"(?:[ \t]{1,3}to[ \t]{1,3}(?:share|write|say|post|tweet|respond|react|add|explain|announce|reveal|express|pen"
    r"|vent|reply|thank|slam|defend|apologi[sz]e)(?:[ \t]{1,3}[\w'’]{1,20}){0,4})?[ \t]{0,3}[,:]?[ \t]{0,3}$"
)
"""``Taylor Swift took to Instagram to share, "…"`` / ``…took to Twitter on Monday:``: the lead-in says the author
posted what follows (it must end the lead, right before the quotation)."""


def unfit_aside(body: str, quote_start: int, attribution: str, verb: str) -> bool:
    """Whether an attribution after the quotation opening at ``quote_start`` that sets an aside off by commas
    between its author and its verb (``"…," Lee, an aide, tweeted``) cannot stand: its verb is a participle
    (``‘do — a far cry from the actress’ usual long, blonde locks — on her account, captioning``: what follows a
    participle is its object), or the quotation goes on with a sentence begun before it (``Harper "is safe," Lee,
    an aide, said``: a fragment of the post, not the post)."""
    if "," not in attribution:
        return False
    if verb.endswith("ing"):
        return True
    before = body[max(0, quote_start - 3) : quote_start].rstrip(" \t")
    return bool(before) and (before[-1].isalnum() or before[-1] == ",")  # a word or comma of the sentence before
