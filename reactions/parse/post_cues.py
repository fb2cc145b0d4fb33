"""What says a quotation was posted, and what puts it in another medium: the patterns the quote finder's judge reads
(:mod:`reactions.parse.quotes`), each with the words one of which every match holds whole.

A pattern such as :data:`POST_CUE_RE` opens with an alternation that ``re`` tries at every character (3.7 µs a
clause, 11 µs the two sentences before a quotation); the words of a text (:func:`~reactions.parse.sentences.words_of`,
~1 µs) tell when it cannot match, and most texts the judge asks of hold none of them
(``tests/test_post_cues.py`` checks each word list against its pattern).

>>> post_cue("she wrote on Twitter"), post_cue("she wrote in a letter"), other_medium("she wrote in a letter")
(True, False, True)
"""

from __future__ import annotations

import re
from typing import Final

from reactions.parse.compound_prefixes import without_compound_prefixes
from reactions.parse.dates import WEEKDAYS
from reactions.parse.event_clauses import without_event_clauses
from reactions.parse.folding import FoldedPattern, case_blind
from reactions.parse.followers import followers_named
from reactions.parse.networks import NAMED, PLACES, names_pattern
from reactions.parse.posted import POSTED_PICTURE_RE
from reactions.parse.posted_media import without_newspaper_posts, without_posted_media
from reactions.parse.press_questions import to_the_press
from reactions.parse.sentences import words_of

__all__ = [
    "IN_POST_WORDS", "MEDIUM_WORDS", "OTHER_MEDIUM_RE", "PICTURE_WORDS", "POSTED_CONTEXT_RE", "POSTED_CONTEXT_WORDS",
    "POSTED_PICTURE_WORDS", "POST_CUE_RE", "POST_CUE_WORDS", "other_medium", "participle", "post_cue", "posted_before",
    "posted_context", "without_newspapers", "written_in_a_title",
]  # fmt: skip

_NOT_A_SITES = r"(?!(?:blog|guest|website|newsletter|forum)[ \t])"
"""A post that is a site's page, not a network's (``a blog post``, ``a guest post``): no post cue."""
POST_CUE_RE = case_blind(
    r"\b(?:" + names_pattern(NAMED) + r"|tweets?|tweeted|retweets?|retweeted"
    r"|social media|social-media|since-deleted|now-deleted|(?:a|an|her|his|their|the|its|that|this|another|"
    r"subsequent|latest|new|recent|separate)[ \t]+(?:" + _NOT_A_SITES + r"[\w-]{1,20}[ \t]+)?"
    r"(?:post|caption|selfie|snap|thread)s?"
    r"|alongside[ \t]+(?:a|an|the|his|her|their)?[ \t]*(?:[\w-]{1,20}[ \t]+)?(?:photos?|pictures?|pics?|images?|"
    r"videos?|clips?|selfies?|snaps?|shots?)|on X|insta[ \t]+stor(?:y|ies))\b"
)
"""What says the words were posted: a platform, a post or caption, ``since-deleted``, ``alongside a photo``.  A story
counts only as a platform's (``her Instagram Story``, ``Insta Story``): ``the proposal story`` is a tale."""
POSTED_CONTEXT_RE = case_blind(
    r"\b(?:(?:on|to|via|across|onto)[ \t]{1,3}(?:(?:his|her|their|its)[ \t]{1,3})?(?:"
    + names_pattern(PLACES)
    + r"|social[ \t]{1,3}media)|tweet(?:s|ed|ing)?|retweet(?:s|ed|ing)?"
    r"|(?:a|an|his|her|their|the|another|that|this)[ \t]{1,3}(?:" + _NOT_A_SITES + r"[\w-]{1,20}[ \t]{1,3})?"
    r"(?:post|caption|selfie|thread)s?"
    r"|since-deleted|now-deleted|social[ \t]{1,3}media[ \t]{1,3}users?"
    r"|(?:" + names_pattern(NAMED) + r")[ \t]{1,3}(?:posts?|captions?|story|stories|live))\b"
)
"""The sentence before says the words that follow were posted (``…asked them not to tag her on Twitter.``,
``…her Facebook post from May.``); a platform's name alone there may be the
company (``TikTok’s operations``)."""
POST_CUE_WORDS = frozenset(word for name in NAMED for word in words_of(name)) | frozenset(
    b"tweet tweets tweeted retweet retweets retweeted social deleted post posts caption captions selfie selfies snap "
    b"snaps thread "
    b"threads alongside x insta".split()
)
"""Words one of which every match of :data:`POST_CUE_RE` holds whole (as :func:`words_of` reads them): a text holding
none is not searched (:func:`post_cue`)."""
POSTED_CONTEXT_WORDS = frozenset(word for name in PLACES for word in words_of(name)) | frozenset(
    b"social tweet tweets tweeted tweeting retweet retweets retweeted retweeting post posts caption captions selfie "
    b"selfies thread threads deleted".split()
)
"""Words one of which every match of :data:`POSTED_CONTEXT_RE` holds whole."""
POSTED_PICTURE_WORDS = frozenset({b"posted", b"shared"})
"""Words one of which every match of :data:`~reactions.parse.posted.POSTED_PICTURE_RE` holds whole."""
PICTURE_WORDS = frozenset(
    b"photo photos picture pictures pic pics image images video videos clip clips selfie selfies snap snaps shot "
    b"shots".split()
)
"""Words one of which every match of :data:`~reactions.parse.posted.POSTED_PICTURE_RE` holds whole too, its picture:
a long sentence with no end, whose verb says ``posted`` or ``shared`` each time, is searched only when it names one."""
IN_POST_WORDS = frozenset(word for name in PLACES for word in words_of(name)) | frozenset(
    b"tweet tweets post posts caption captions social".split()
)
"""Words one of which every match of ``posted.IN_POST_RE`` holds whole: a clause after a quotation holding none
names no post for a verb of manner (``quotes._manner_after``)."""
OTHER_MEDIUM_RE = case_blind(
    r"\b(?:statements?|interviews?|websites?|blog|blogs|letters?|e-?mails?|essays?|op-eds?|articles?|books?"
    r"|memoir|podcasts?|press[ \t]+releases?|speech|newspaper|magazine|documentary|court|lawsuit|filing"
    r"|text[ \t]+messages?|texts|told|reviews?|reviewed|reviewers?|direct[ \t]+messages?|private[ \t]+messages?"
    r"|DMs?|cover[ \t]+stor(?:y|ies))\b"
)
"""Words that put the quotation in another medium (``…in a statement``, ``…wrote in a 2018 article``, ``…wrote in
its review``, ``…said in GQ's new cover story``)."""
MEDIUM_WORDS = frozenset(
    b"statement statements interview interviews website websites blog blogs letter letters email emails mail mails "
    b"essay essays op article articles book books memoir podcast podcasts press speech newspaper magazine "
    b"documentary court lawsuit filing text texts told review reviews reviewed reviewer reviewers direct private dm "
    b"dms cover".split()
)
"""Words one of which :data:`OTHER_MEDIUM_RE` needs (``e-mail``, ``op-ed``: ``mail``, ``op``)."""


def other_medium(text: str, *, press: bool = True) -> bool:
    """Whether ``text`` puts a quotation in another medium (:data:`OTHER_MEDIUM_RE`, its words looked at first, or
    :func:`written_in_a_title`); ``press``: or says it was said to the press (``press=False`` for a verb that says
    posted: ``…sidestepped reporters' questions … and tweeted, "…"`` is a tweet)."""
    words = words_of(text)
    if (press and to_the_press(text, words)) or (
        not MEDIUM_WORDS.isdisjoint(words) and OTHER_MEDIUM_RE.search(without_posted_media(without_event_clauses(text)))
    ):
        return True  # (to_the_press: a press conference, reporters' questions)
    return " in " in text and ("wr" in text or "penned" in text) and written_in_a_title(text)


def written_in_a_title(text: str) -> bool:
    """Whether ``text`` writes in a title (``wrote in Cosmopolitan:``, ``writes in The Atlantic``): a magazine, a
    newspaper or a book.  One writes *on* a network; a month, a day, a language or a network's name after ``in`` is no
    title (``wrote in May``, ``wrote in Spanish``, ``wrote in the Instagram caption``).

    >>> written_in_a_title("Ann Lee wrote in Vogue:"), written_in_a_title("Ann Lee wrote in French on Instagram:")
    (True, False)
    """
    return any(
        found.group("name").removesuffix("’s").removesuffix("'s") not in _NO_TITLES
        for found in _WRITTEN_IN_RE.finditer(text)
    )


_WRITTEN_IN_RE = re.compile(
    r"\b(?:wrote|writes|penned|writing)[ \t]{1,3}in[ \t]{1,3}(?:[Tt]he[ \t]{1,3})?(?P<name>[A-Z][\w'’.-]{0,30})"
)
_NOT_TITLES = (
    "January February March April May June July August September October November December Jan Feb Mar Apr Jun Jul "
    "Aug Sep Sept Oct Nov Dec Insta X "
    "English Spanish French German Italian Portuguese Arabic Hebrew Russian Chinese Mandarin Japanese Korean Hindi "
    "Urdu Dutch Swedish Greek Turkish Polish Latin Persian Farsi Ukrainian Tagalog "
    "All ALL Caps CAPS Response Reply Support Honor Honour Tribute Part Memory Celebration Solidarity Light Defense "
    "Defence Favor Favour Addition Front Pencil Ink Lowercase"
)
_NO_TITLES = frozenset(NAMED) | frozenset(WEEKDAYS) | frozenset(_NOT_TITLES.split())
"""Capitalised words after ``wrote in`` that name no title: networks, months, days, languages, and the words a
headline capitalises (``Wrote in Response``)."""


_NEWSPAPER_POST_RE = re.compile(r"\b[Tt]he[ \t]{1,3}(?:[A-Z][\w.'’-]{0,20}[ \t]{1,3}){0,3}Post\b")
"""A newspaper called *Post*, a capital P after ``the`` (``according to the Post``, ``The Washington Post
reported``): no post of a platform, for the patterns below read ``the post`` whatever its case."""


def without_newspapers(text: str) -> str:
    """``text`` with every newspaper called *Post* (:data:`_NEWSPAPER_POST_RE`) blanked out, its length kept.

    >>> without_newspapers("she said, according to the Post.").split()
    ['she', 'said,', 'according', 'to', '.']
    >>> post_cue("Adams said, the Washington Post reported"), post_cue("Adams said in a Facebook post")
    (False, True)
    """
    text = without_compound_prefixes(text)  # "a post-doctoral fellow", "on X-rays": no post (compound_prefixes)
    if "Post" not in text:
        return text
    return without_newspaper_posts(_NEWSPAPER_POST_RE.sub(lambda found: " " * len(found.group()), text))


def post_cue(text: str, words: list[bytes] | None = None) -> bool:
    """Whether :data:`POST_CUE_RE` finds a match in ``text`` (a platform, a post or caption named, no newspaper
    called *Post*); ``words``: ``words_of(text)`` when the caller has them.  The last two texts' answers are kept:
    the judge asks it of a quotation's lead-in up to three times (for its verb, its attribution, its platform), once
    of its sentence between."""
    last, before = _LAST_CUES
    if last[0] == text:
        return last[1]
    if before[0] == text:
        return before[1]
    cued = not POST_CUE_WORDS.isdisjoint(words if words is not None else words_of(text)) and _post_cue_found(text)
    _LAST_CUES[:] = [(text, cued), last]
    return cued


_LAST_CUES: Final[list[tuple[str, bool]]] = [("", False), ("", False)]
"""The last two texts :func:`post_cue` read (equal, not only the same object: the lead-in is asked as read and
stripped) and their answers, the last first."""


def _post_cue_found(text: str) -> bool:
    """Whether :data:`POST_CUE_RE` finds a match in ``text`` without its newspapers called *Post*, not the company."""
    text = without_newspapers(text)
    found = POST_CUE_RE.search(text)
    while found is not None and _the_company(text, found):
        found = POST_CUE_RE.search(text, found.end())  # "…learn that Facebook was paying Snopes:": the company
    return found is not None


def _the_company(text: str, found: re.Match[str]) -> bool:
    """Whether the cue ``found`` is a network's name as the subject of a verb: the company, no post."""
    return (
        found.group().lower() in _NETWORK_NAMES
        and _COMPANY_RE.match(text, found.end()) is not None
        and _PLACE_RE.search(text, max(0, found.start() - 16), found.start()) is None
    )


_NETWORK_NAMES: Final = frozenset(name.lower() for name in NAMED)
_COMPANY_RE = re.compile(
    r"[ \t]{1,3}(?:was|is|has|had|have|will|would|did|does|said|says|announced|confirmed|paid|pays|removed|banned"
    r"|suspended|deleted|blocked|bought|sued|owns)\b"
)
"""A verb right after a network's name makes it the company, the verb's subject (``Facebook was paying Snopes``,
``Twitter suspended his account``), unless a preposition or an owner stands before the name (:data:`_PLACE_RE`:
``on Twitter``, ``Lohan’s Instagram says``)."""
_PLACE_RE = re.compile(
    r"(?:\b(?:on|to|via|in|across|onto|from|at|of)[ \t]{1,3}(?:(?:his|her|their|its)[ \t]{1,3})?|\b(?:his|her|their)"
    r"[ \t]{1,3}|['’]s[ \t]{1,3})\Z",
    re.IGNORECASE,
)


def posted_context(text: str, pos: int = 0) -> bool:
    """Whether :data:`POSTED_CONTEXT_RE` finds a match in ``text`` from ``pos`` (no newspaper called *Post*)."""
    return _finds(POSTED_CONTEXT_RE, POSTED_CONTEXT_WORDS, text, pos)


def posted_before(text: str, picture: bool) -> bool:
    """``posted_context(text)``, or with ``picture`` a picture said posted in ``text`` (:data:`POSTED_PICTURE_RE`):
    the sentences before a quotation read by the judge, their words read once for both patterns."""
    words = words_of(text)
    text = without_newspapers(text)
    if (not POSTED_CONTEXT_WORDS.isdisjoint(words) and POSTED_CONTEXT_RE.search(text)) or followers_named(text, words):
        return True  # (followers_named: "…surprised her 3.3 million followers with an update.")
    pictured = picture and not PICTURE_WORDS.isdisjoint(words) and not POSTED_PICTURE_WORDS.isdisjoint(words)
    return pictured and POSTED_PICTURE_RE.search(text) is not None


def _finds(pattern: FoldedPattern, needs: frozenset[bytes], text: str, pos: int = 0) -> bool:
    """Whether ``pattern.search(text, pos)`` finds a match, where ``needs`` holds a word of every match (whole, as
    :func:`words_of` reads them): a text holding none of them is not searched (a word list costs a third of a
    search of the alternation, which is tried at every character)."""
    return not needs.isdisjoint(words_of(text)) and pattern.search(without_newspapers(text), pos) is not None


_PARTICIPLE_RE = re.compile(
    r"\b(?:tweets?|posts?|videos?|photos?|messages?|clips?|statements?|notes?)[ \t]{1,3}\Z", re.IGNORECASE
)
"""A post's noun right before a verb's ``-ed`` form makes it a participle (``In a series of tweets posted late
Monday, the actress wrote, "…"``): the author is the other verb's subject."""


def participle(lead: str, span: tuple[int, int]) -> bool:
    """Whether the posting verb's word at ``span`` of a quotation's lead-in is a post's participle, not the lead-in's
    verb (:data:`_PARTICIPLE_RE`)."""
    ed = lead.endswith("ed", span[0], span[1])
    return ed and _PARTICIPLE_RE.search(lead, max(0, span[0] - 16), span[0]) is not None


_CLAUSE_OPENER_RE = re.compile(r",[ \t]{1,3}(?:when|after|as|while|once|before|until)[ \t][^,]{1,60}\Z", re.IGNORECASE)
"""A clause opened after a comma by a subordinator, its subject not yet followed by a comma, right before a verb
(``…, when Tran``)."""


def clause_verb(lead: str, verbs: list[tuple[int, int]]) -> tuple[int, int]:
    """The lead-in's verb whose subject posted: the first of ``verbs`` (spans in ``lead``, at least one) that is not a
    post's participle (:func:`participle`), unless a later verb not in ``-ing`` ends a clause that a subordinator
    opens after a comma (``The feud continued on Tuesday, when Tran responded, writing``: ``responded``, whose
    subject ``writing`` shares)."""
    finite = [span for span in verbs if not participle(lead, span)] or verbs[:1]
    for span in finite[1:]:
        if not lead.endswith("ing", span[0], span[1]) and _CLAUSE_OPENER_RE.search(lead, finite[0][1], span[0]):
            return span
    return finite[0]
