"""Posts quoted in an article's prose: ``"…," a fan tweeted.``, ``She wrote on Instagram: "…"``.

A quotation is a post only when the prose says it was posted; ordinary speech, interviews and
statements are not reactions.  For each quotation the parser reads its attribution, either the clause
after it (``"…," she wrote in the since-deleted message.``, ``"…," wrote one social media user``) or the
lead-in before it (``Minutes later, she tweeted: "…"``, ``…in a May 11 tweet, writing, "…"``), and then
weighs what says *posted*:

==========================================================  =============================  ==========
the attribution                                             what else it needs             confidence
==========================================================  =============================  ==========
tweeted, retweeted, posted, captioned (and -ing forms)      nothing                        0.9
  … with the platform named in its sentence                                                0.95
wrote, shared, commented, replied, responded, continued     the platform or a post named   0.85
(and -ing forms)                                            in its sentence or the one
                                                            before (``on social media``,
                                                            ``in the since-deleted
                                                            message``, ``alongside a
                                                            photo``)
  … or an author who is a poster (``a fan``, ``one user``)                                 0.75
  … or posts embedded before and after it (a round-up)                                     0.7
any verb, when the words are an embedded post's              the post embedded in the       0.9
                                                            article
said, says, added, told, quipped, joked                     the platform named in the      0.85
                                                            attribution itself
                                                            (``said on Twitter``)
==========================================================  =============================  ==========

Anything that names another medium in the sentence (a statement, an interview, a website, a blog,
a letter, an e-mail, an essay, an article, a podcast, a press release) makes it speech, whatever the
verb.  The platform is the one the sentence or its paragraph names, ``twitter`` for a tweet, else the one the
two sentences before name (the paragraph before too: ``…posting a love note on Instagram.`` then ``"…," she
captioned``), else ``instagram`` in an article that names it and no other network, or names it and the attribution
a caption (:func:`~reactions.parse.quote_records.with_article_platform`), else ``unknown``.

The author is kept as written (``she``, ``one social media user``, ``the department``); a name after a
description is the name (``TV producer Jesse Zook`` -> ``Jesse Zook``), while a phrase opening with an
article stays whole (``A spoof account for Iron Man Tony Stark``).  ``author`` resolves a pronoun or a
description to the person the paragraph names (``she`` -> ``Amanda Stanton``), when it can.

Pure functions, no I/O, linear time: quotation marks are found with ``str.find``, every look-around is
a bounded window, and no pattern has nested or adjacent unbounded repeats.

>>> [(q.display_name, q.text, q.platform.value) for q in find_quotes('"So good," a fan tweeted.', "a.txt", [])]
[('a fan', 'So good', 'twitter')]
>>> find_quotes('"We are devastated," the family said in a statement.', "a.txt", [])
[]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from reactions.models import Platform, Reaction
from reactions.parse import posted as families
from reactions.parse.authors import (
    PRONOUNS,
    author_as_written,
    behind_post,
    is_poster,
    named_account,
    on_furniture_line,
    owner,
    plausible_author,
    possessor,
    post_sender,
    sender,
    subject,
    subject_before,
)
from reactions.parse.build import overlaps
from reactions.parse.caption_object import caption_ends
from reactions.parse.colon_lead import lead_above
from reactions.parse.continued import later_pieces
from reactions.parse.dates import DAY_AFTER_VERB
from reactions.parse.determiners import after_determiner
from reactions.parse.documents import in_a_document
from reactions.parse.echoes import Echoes, embed_near
from reactions.parse.exchanges import MORE, REPLY, SAID, FollowUp, follow_up, lead_floor, relative_clause
from reactions.parse.folding import case_blind
from reactions.parse.inverted_leads import inverted_lead
from reactions.parse.live_quotes import live_candidates
from reactions.parse.medium_before import medium_just_before
from reactions.parse.medium_reads import medium_in
from reactions.parse.nearest_platform import named_in_attribution
from reactions.parse.networks import PLACES, names_pattern, prose_words
from reactions.parse.party_tags import TAG, untagged
from reactions.parse.people import author_of
from reactions.parse.post_cues import IN_POST_WORDS, clause_verb, other_medium, post_cue, posted_context
from reactions.parse.previous_reads import other_medium_before, posted_before_quotation
from reactions.parse.printed import printed
from reactions.parse.quotations import quotations, quoted_words
from reactions.parse.quote_platform import quote_platform
from reactions.parse.quote_records import Accepted, quote_records
from reactions.parse.reported_posts import PHRASE, whole_after_that
from reactions.parse.sentences import MUTED, QUIET, Surroundings, TextIndex, WordIndex, platform_named
from reactions.parse.speech_medium import beside_speaker, where_said
from reactions.parse.titles import names_a_work
from reactions.parse.unposted import clause_after, clause_names_no_post, opens_no_word
from reactions.parse.wordscan import whole_word_spans

__all__ = ["find_quotes"]


STRONG_VERBS = frozenset({"tweeted", "retweeted", "tweeting", "retweeting", "tweets", "posted", "posting", "posts",
                          "captioned", "captioning", "captions"})  # fmt: skip
"""Verbs that say *posted* on their own."""
WRITING_VERBS = frozenset({"wrote", "writing", "writes", "shared", "sharing", "shares", "commented", "commenting",
                           "penned"})  # fmt: skip
"""Verbs of a post when the platform, a post, a poster or an embed is near."""
SPEECH_VERBS = frozenset({"said", "says", "saying", "added", "adding", "told", "quipped", "joked", "asked", "replied",
                          "replying", "responded", "responding", "continued", "suggested", "reads",
                          "read"})  # fmt: skip
"""Verbs of speech: a post only when the attribution itself names the platform (``said on Twitter``)."""
_VERBS = STRONG_VERBS | WRITING_VERBS | SPEECH_VERBS
_VERB_WORDS = frozenset(verb.encode() for verb in _VERBS)
_VERB_ALTERNATION = "|".join(sorted(_VERBS, key=len, reverse=True))
_VERB_RE = case_blind(r"\b(?:" + _VERB_ALTERNATION + r")\b")

_CUE_WORDS = (
    _VERB_WORDS - frozenset(verb.encode() for verb in SPEECH_VERBS)
    | prose_words()
    | frozenset(b"social deleted alongside post caption story selfie snap thread".split())
    | frozenset(b"posts captions storys selfies snaps threads".split())
)
"""The words (as :func:`~reactions.parse.sentences.words_of` gives them) one of which every posted quotation has in
its lead-in or the clause after it, unless its lead-in ends in a colon: a posting or writing verb, or what
:data:`~reactions.parse.post_cues.POST_CUE_RE` and :data:`~reactions.parse.posted.TOOK_TO_RE` read (a speech verb
or ``took to`` counts only with one of those)."""

_AFTER_RE = re.compile(
    r"[ \t]{0,3}(?:(?P<verb1>" + _VERB_ALTERNATION + r")[ \t]{1,3}(?P<author1>(?:[\w@'’.&!-]{1,40}[ \t]{1,3}){0,7}"
    r"[\w@'’.&!-]{1,40})|(?P<author2>(?:[\w@'’.&!-]{1,40}[ \t]{1,3}){0,7}?[\w@'’.&!-]{1,40})"
    r"(?:[ \t]{1,3}" + TAG + r")?(?:,[ \t]{1,3}(?:(?:who|which)[ \t][^,\n]{1,120}|[^,\n\"“”]{1,80}),)?[ \t]{1,3}"
    r"(?:(?:also|later|then|simply|once|again|previously|quickly)[ \t]{1,3})?(?P<verb2>" + _VERB_ALTERNATION + r"))\b",
    re.IGNORECASE,
)
"""After a quotation: ``she wrote``, ``wrote one fan``, ``Lowry later tweeted``, ``Lee, an aide, tweeted``, ``Sen.
Marco Rubio (R-Fla.) tweeted`` (:mod:`~reactions.parse.party_tags`)."""
_AUTHOR_END_RE = re.compile(
    r"[ \t]+(?:in|on|at|for|from|to|with|via|about|who|after|before|while|(?<!known )as|and)[ \t]", re.IGNORECASE
)


@dataclass(frozen=True, slots=True)
class _Attribution:
    """Who a quotation is given to and how, before it is judged a post or speech."""

    author: str
    verb: str
    clause: str
    """The attribution's own words (for ``said on Twitter``)."""
    end: int
    """Where the attribution ends (the quotation's span runs to it, or starts at it when it comes first)."""
    before: bool


def find_quotes(body: str, source: str, taken: Sequence[tuple[int, int]]) -> list[Reaction]:
    """Every quotation in ``body`` that the prose says was posted, outside the ``taken`` spans (embeds)."""
    found: list[Accepted] = []
    matches = quotations(body)
    if not matches:
        return []
    echoes = Echoes(body, taken) if matches and taken else None
    index = TextIndex(body)
    cues = WordIndex(body, _CUE_WORDS)
    cursor = 0
    posted: tuple[int, Accepted] | None = None  # the last quotation judged a post, and where it ends
    for i, state in live_candidates(body, cues, matches):  # (each one's Silence.state, the muted ones left out)
        match = matches[i]
        start = match.start()  # (a quotation that opens its line under a colon has its lead-in above: colon_lead)
        opens = start and body[start - 1] == "\n" and ":" in body[max(0, start - 14) : start]
        above = _lead_above(index, cues, matches, i) if opens else None
        if start < cursor or (state == MUTED and above is None):
            continue
        if overlaps(match.span(), taken):
            continue
        lead = _Lead(matches, i, posted, above)
        quote = _quote_at(index, cues, match, source, taken, echoes, lead, quiet=state == QUIET and above is None)
        if quote is not None and not on_furniture_line(body, match.start()):  # (not a linked story's headline)
            pieces = later_pieces(body, matches, i, quote.span[1], taken)  # (most have none: no record rebuilt)
            found.append(quote if pieces == quote.continued else quote._replace(continued=pieces))
            posted = match.end(), quote
            cursor = max(quote.span[1], match.end())
    return quote_records(body, source, found, embeds=bool(taken))


def _lead_above(index: TextIndex, cues: WordIndex, matches: Sequence[re.Match[str]], i: int) -> int | None:
    """Where the lead-in of ``matches[i]`` on a line above starts (:func:`~reactions.parse.colon_lead.lead_above`),
    when it holds a posting cue (:data:`_CUE_WORDS`: ``He told reporters:`` is not read) and a verb of posting,
    writing or speech (not ``…, telling Elle UK in 2017:``, an interview)."""
    above = lead_above(index, matches[i], matches[i - 1].end() if i else 0)
    if above is None or not cues.holds(above, matches[i].start()):
        return None
    return above if not _VERB_WORDS.isdisjoint(cues.words(above, matches[i].start())) else None


class _Lead(NamedTuple):
    """What stood before the quotation ``matches[at]``: the quotations before it (an author is never looked for past
    the last one in its sentence), and the last quotation judged a post and where it ends (:func:`_followed`)."""

    matches: Sequence[re.Match[str]]
    at: int
    post: tuple[int, Accepted] | None
    above: int | None
    """Where a lead-in on a line above starts, when it ends in a colon (:mod:`~reactions.parse.colon_lead`)."""


def _quote_at(
    index: TextIndex,
    cue_index: WordIndex,
    match: re.Match[str],
    source: str,
    taken: Sequence[tuple[int, int]],
    echoes: Echoes | None,
    before: _Lead,
    *,
    quiet: bool,
) -> Accepted | None:
    """The quotation ``match`` as a post, or ``None``; ``quiet``: its lead-in holds no posting cue and needs none
    (:meth:`Silence.lead_quiet`), so that only an attribution after it can make it one."""
    text = quoted_words(match)
    if len(text) < 2 or (len(text.split(None, 1)) < 2 and not text.startswith(("#", "@"))):
        return None
    body, attribution = index.body, None
    if quiet:  # its sentence is never found: the clause after it names no post (unposted), or gives it no attribution
        window = clause_after(body, match)
        if window is None or clause_names_no_post(body, cue_index, window):
            return None
        attribution = _attribution_after(body, cue_index, match, window)
        if attribution is None or _speech_after(attribution):
            return None
    context = Surroundings(index, match)
    if floor := lead_floor(body, before.matches, before.at, context.start):
        context.cut_at(floor)
    elif before.above is not None:
        context.lead_from(before.above)
    post = before.post[1] if before.post and before.post[0] == context.start else None
    if post and (follow := follow_up(context.lead)) and (followed := _followed(context, text, post, follow)):
        return followed
    cues, lead = _posting_cues(body, cue_index, match, context), context.lead
    if cues is not None and not quiet:
        attribution = _attribution_after(body, cue_index, match)
    if attribution is None and cues:  # the lead-in's words read from the body's bytes
        attribution = _attribution_before(match, lead, cue_index.words(context.start, match.start()))
    if cues is None or attribution is None or not (plausible_author(attribution.author) or families.post_says(lead)):
        return None  # no cue: none can be judged a post; "It says, …" is the post's own words (_post_says)
    if names_a_work(body, match, lead) or printed(lead) or in_a_document(lead):  # (asked of the few attributed)
        return None  # a title (the "My Heart Will Go On" singer) or a thing's print (a shirt that read "…")
    spoken = attribution.verb in SPEECH_VERBS or families.is_manner(attribution.verb, _VERBS)
    if spoken and not post_cue(attribution.clause):
        judged = _post_says(attribution, context)  # speech, unless the attribution names the platform (see _judge)
    else:
        judged = _judge(attribution, context, embed_near(body, match.span(), taken))
    if judged is None and not spoken and echoes is not None and echoes.repeat(text):
        judged = 0.9, _platform(context)
    if judged is None:
        return None
    return _accepted(body, match, text, attribution, judged)


def _accepted(
    body: str, match: re.Match[str], text: str, attribution: _Attribution, judged: tuple[float, str]
) -> Accepted:
    """The quotation ``match`` (its words ``text``) judged a post (``judged``: its confidence and platform)."""
    confidence, platform = judged
    handle = named_account(attribution.author)
    span = (match.start(), attribution.end) if not attribution.before else (attribution.end, match.end())
    display_name = author_as_written(attribution.author) or (f"@{handle}" if handle else None)
    author = author_of(body, span[0], owner(attribution.author) or attribution.author, handle)
    return Accepted(text, span, platform, confidence, handle, display_name, author)


def _followed(context: Surroundings, text: str, post: Accepted, follow: FollowUp) -> Accepted | None:
    """The quotation (its words ``text``) as a post in the exchange of ``post``, the quotation right before it, which
    its lead-in follows up (:func:`~reactions.parse.exchanges.follow_up`): a reply, more of its words, or another
    poster's; ``None`` when what follows is someone's speech (``she said``)."""
    if follow.kind == SAID and not is_poster(follow.author):
        return None
    attribution = _Attribution(follow.author, follow.verb, context.lead, context.start, before=True)
    unnamed = not follow.author or follow.author.lower() in PRONOUNS
    sure = post.confidence if follow.kind == MORE and unnamed else min(post.confidence, 0.85)
    quote = _accepted(context.index.body, context.match, text, attribution, (sure, post.platform))
    if follow.kind == MORE and unnamed:  # "adding:", "he continued": the same author's words
        return quote._replace(handle=post.handle, display_name=post.display_name, author=post.author)
    if follow.kind == REPLY and unnamed and quote.author == post.author:
        return quote._replace(author=None)  # "to which she replied": not the one she answers
    return quote


def _posting_cues(body: str, cues: WordIndex, match: re.Match[str], context: Surroundings) -> bool | None:
    """Whether one of :data:`_CUE_WORDS` stands in the quotation's lead-in, or its lead-in ends in a colon (else an
    attribution read from the lead-in cannot be judged a post); ``False`` when one stands only in the 160
    characters after it that :func:`_attribution_after` reads (cut where that cuts them); ``None`` when neither:
    no attribution of it can be judged a post, and reading them is skipped."""
    lead = context.lead
    if cues.holds(context.start, match.start()) or lead.rstrip().endswith(":") or families.post_says(lead):
        return True
    pos = match.end() + 1 if body[match.end() : match.end() + 1] in (",", ";") else match.end()
    return False if cues.holds(pos, min(len(body), pos + 160)) else None


def _speech_after(attribution: _Attribution) -> bool:
    """Whether an attribution after a quotation makes it speech whatever its sentence says: a verb of speech (or of
    manner) whose clause names no platform or post, which :func:`_post_says` never takes (it reads lead-ins only)
    and which no embedded post can echo (:class:`Echoes` is asked only of verbs that are not speech)."""
    spoken = attribution.verb in SPEECH_VERBS or families.is_manner(attribution.verb, _VERBS)
    return spoken and not attribution.before and not post_cue(attribution.clause)


def _post_says(attribution: _Attribution, context: Surroundings) -> tuple[float, Platform] | None:
    """``…posted to Facebook on Sunday. It says, "…"``: the post speaks (``families.POST_SAYS_RE``) right after
    a sentence ending saying it was posted (a posting verb, ``a post``, ``on Facebook``), in no other medium."""
    if not attribution.before or not families.post_says(context.lead) or other_medium(previous := context.previous):
        return None
    near = max(0, len(previous) - 60)  # "It" is what the sentence before ends with: "…in a tweet.", not "…a note."
    posted = posted_context(previous, near) or families.POSTED_THING_RE.search(previous, near)
    return (0.85, context.platform() or platform_named(previous) or Platform.UNKNOWN) if posted else None


def _attribution_after(
    body: str, words: WordIndex, match: re.Match[str], window: tuple[int, int] | None = None
) -> _Attribution | None:
    """``"…," she wrote …`` / ``"…" wrote one user …``: the clause right after the closing mark (``words``: the
    body's, for its words).  The clause read for a platform ends before the quotation that goes on after it
    (``"…," Swift continued, "…on social media…"``: speech) and leaves out what it refers to (``"…," Pink said,
    referring to Kim's tweet``); ``window``: the clause's :func:`clause_after`, when it was found."""
    window = window or clause_after(body, match)  # (after a comma, or a comma inside the marks; to its sentence's end)
    if window is None:
        return None
    pos, clause_end = window
    if not body[pos + 1 : pos + 2].isalpha() and opens_no_word(body, pos):  # (a space and a letter: most clauses)
        return None  # '"…" ; fans wrote: "…"': no author or verb at the clause's start, where every one stands
    clause_words = words.words(pos, clause_end)
    found = _AFTER_RE.match(body, pos, clause_end) if not _VERB_WORDS.isdisjoint(clause_words) else None
    if found is None:  # a verb of manner counts only with a post named after it (``…grumbled in a tweet``)
        return None if IN_POST_WORDS.isdisjoint(clause_words) else _manner_after(body, pos, clause_end)
    closed_sentence = body[match.end() - 2 : match.end() - 1] in (".", "!", "?", "…") and body[pos - 1] != ","
    goes_on = (found.group("author2") or found.group("verb1"))[:1].islower()  # '“…you…” he captioned'
    if closed_sentence and families.ASKED_RE.fullmatch(body, match.end() - 2, found.end()) and body[found.end()] != ":":
        closed_sentence = False  # '"…?" Trump said': a question or exclamation takes its attribution with no comma
    if closed_sentence and not goes_on and not _LEAD_TAIL_RE.fullmatch(body, found.end(), clause_end):
        return None  # "…Rapper’s Delight.” Other members … posted remembrances": the next sentence, not an attribution
    author = found.group("author1") or found.group("author2")
    opening = author.split(None, 1)[0].lower()
    if found.group("author2") and (opening in _NO_SUBJECT or relative_clause(author)):
        return None  # "…" while they also shared a picture, "…," to which Gomez replied, "…" in Twitter posts
    verb = (found.group("verb1") or found.group("verb2")).lower()
    if (verb.endswith("ing") and found.group("verb1")) or families.unfit_aside(body, match.start(), found[0], verb):
        return None  # '…,' captioning her post, '…': what follows a participle is its object, not an author
    if found.group("author1"):
        cut = _AUTHOR_END_RE.search(author)  # ("…," reads a tweet from Kensington Palace: the palace)
        author = post_sender(author) or (author[: cut.start()] if cut else author)
    said = body[found.start() : clause_end]
    head = said.partition("“")[0].partition('"')[0]  # the words before a quotation that goes on after a comma
    clause = where_said(verb, head if head.rstrip().endswith(",") else said)
    return _Attribution(author.strip(" ,"), verb, beside_speaker(author, clause), clause_end, before=False)


def _manner_after(body: str, pos: int, clause_end: int) -> _Attribution | None:
    """``"…," Smith grumbled in a morning tweet`` (:func:`reactions.parse.posted.manner_after`)."""
    found = families.manner_after(body, pos, clause_end)
    return _Attribution(found[0], found[1], body[found[2] : clause_end], clause_end, before=False) if found else None


def _attribution_before(match: re.Match[str], lead: str, words: list[bytes]) -> _Attribution | None:
    """``She tweeted: "…"`` / ``…in a May 11 tweet, writing, "…"``: the lead-in of the quotation's sentence.

    The lead-in must end at its verb, at a colon or comma, or at a short place phrase after the verb
    (``tweeted on Monday:``); a quotation inside the sentence's syntax (``…saying he was "leaving…"``,
    ``…posted by a "popular account"``) is a fragment, not a post."""
    lead_start, raw = match.start() - len(lead), lead
    lead = lead.rstrip()
    if not lead:
        return None
    found = whole_word_spans(lead, _VERB_WORDS, words)  # what _VERB_RE.finditer finds, found faster
    verbs = [span for span in found if not after_determiner(lead, span[0])] or found  # (not "…her tweets, Ann added:")
    took = families.TOOK_TO_RE.search(lead) if b"took" in words else None
    if took is not None and (author := subject(lead[: took.start()])):
        return _Attribution(author, "posted", lead, lead_start, before=True)
    if not verbs:
        if not lead.endswith(":") or not (possessor(lead) or _OWN_POST_RE.search(lead)):
            return None
        own = _OWN_POST_RE.search(lead)  # ("Ann Lee on Instagram:": the subject stands before it)
        author = possessor(lead) or subject(lead[: own.start()] if own else lead) or subject(lead)
        return _Attribution(author, "", lead, lead_start, before=True) if author else None
    last = verbs[-1]
    strongest = next((v for v in verbs if lead[v[0] : v[1]].lower() in STRONG_VERBS), last)
    if _unposted_speech(lead[strongest[0] : strongest[1]].lower(), lead, raw, words):
        return None  # judged before its place in the lead-in: speech is rejected wherever its verb stands
    if inverted := inverted_lead(lead.lstrip()):  # "Tweeted one fan:", "Added Ann Lee on Twitter,"
        return _Attribution(*inverted, lead, lead_start, before=True)
    reported = b"that" in words and not whole_after_that(raw, match) and (_REPORTED_RE.search(lead) or (
        len(quoted_words(match).split()) <= PHRASE and _PLACED_REPORT_RE.search(lead)))  # fmt: skip
    captioned = caption_ends(lead, words)  # "…with the caption," / "she captioned the photo," (caption_object)
    ends = lead.endswith(":") or captioned or _LEAD_TAIL_RE.fullmatch(lead, last[1])  # ("…before her "Fiancé Visa"":
    if reported or not ends or lead.endswith(_DETERMINERS):  # a noun phrase quoted after a determiner, no post)
        return None  # a lead-in ending in a colon or in "with the caption" introduces what follows, however long
    finite = clause_verb(lead, verbs)  # (not "tweets posted late…", not "The feud continued…, when Tran responded")
    subordinate = _SUBORDINATE_RE.match(lead) and not _RELATIVE_END_RE.search(lead, 0, last[0])  # ("…that read")
    if subordinate and "," in lead[finite[1] : last[0]]:
        finite = last  # "When Bloom posted a video …, Perry wrote": the main clause's subject
    author = (
        possessor(lead)
        or sender(lead[: last[0]])
        or behind_post(head := untagged(lead[: finite[0]]), subject_before(head))  # ("Sen. Tim Kaine (D-Va.) tweeted")
        or subject(head)
        or subject_before(lead[: strongest[0]])
    )
    if not author:
        return None
    return _Attribution(author, lead[strongest[0] : strongest[1]].lower(), beside_speaker(author, lead), lead_start,
                        before=True)  # fmt: skip


def _unposted_speech(verb: str, lead: str, raw: str, words: list[bytes]) -> bool:
    """Whether a lead-in (``lead`` stripped, ``raw`` as read) with ``verb`` is speech that :func:`_post_says` rejects
    whatever its author: a speech verb, no post named, not the post speaking (``It says``); no author looked for."""
    return verb in SPEECH_VERBS and not post_cue(lead, words) and not families.post_says(raw)


_OWN_POST_RE = case_blind(
    r"\b(?:(?:in|with|via)[ \t]{1,3}(?:a|an|his|her|their|its|another|one|the|this)[ \t]{1,3}"
    r"(?:[\w-]{1,20}[ \t]{1,3}){0,3}(?:tweet|post|caption|message|story|video|thread|reply)s?"
    r"|took[ \t]{1,3}to[ \t]{1,3}\w+|"
    r"(?:on|used|using|via)[ \t]{1,3}(?:" + names_pattern(PLACES) + r"|social[ \t]{1,3}media))\b"
)
"""A lead-in without a posting verb that still says the author posted it: ``…in a mocking tweet:``,
``…took to Instagram:``, ``…on Twitter:`` (``…called out Midler's tweet:`` names someone else's post)."""
_NO_SUBJECT = families.CLAUSE_OPENERS | {"in", "on", "at", "via", "from", "for", "by", "during", "through"}
_SUBORDINATE_RE = re.compile(r"(?:when|after|while|as|before|since|once|if|although|though|because|until)\b", re.I)
_RELATIVE_END_RE = re.compile(r"\b(?:that|which|who)[ \t]{1,3}\Z")
_NOT_A_TIME = r"(?![ \t]{1,3}(?:evening|morning|night|day|afternoon|week|weekend|month|year|time)\b)"  # that day
_REPORTED_RE = case_blind(r"\b(?:" + _VERB_ALTERNATION + r")[ \t]{1,3}that\b" + _NOT_A_TIME)
"""``…tweeted that the epidemic "needs…"``: reported speech, whose quoted pieces are fragments, not posts."""
_PLACED_REPORT_RE = case_blind(
    r"\b(?:" + _VERB_ALTERNATION + r")[ \t]{1,3}(?:on|in|at|late|early|last|this|earlier|later)"
    r"(?:[ \t]{1,3}[\w'’]{1,20}){0,2}[ \t]{1,3}that\b" + _NOT_A_TIME
)
_LEAD_TAIL_RE = re.compile(
    r"[ \t]{0,3}(?:(?:(?:on|to|via|in|at|over|early|late|later)[ \t]{1,3}(?:[\w'’@#.-]{1,30}[ \t]{1,3}){0,3}"
    r"[\w'’@#.-]{1,30}[ \t]{0,3}|" + DAY_AFTER_VERB + r"[ \t]{0,3})?(?:that)?[:,]?"
    r"|about[ \t]{1,3}(?:[\w'’@#-]{1,30}[ \t]{1,3}){0,3}[\w'’@#.-]{1,30}[ \t]{0,3}[:,])[ \t]{0,3}"
)
"""What may follow a lead-in's verb before the quotation: nothing, a colon or comma, a short place phrase or a day;
a topic (``tweeted about Warmbier,``) only before a comma or colon (``posting about months of "…"`` is syntax)."""
_DETERMINERS = (" her", " his", " the", " their", " its", " a", " an", " my")


def _judge(attribution: _Attribution, context: Surroundings, near_embeds: bool) -> tuple[float, Platform] | None:
    """``(confidence, platform)`` when the quotation was posted, else None (see the module's table)."""
    verb = attribution.verb
    if medium_in(context, attribution.clause, press=verb not in STRONG_VERBS, lead=attribution.before):
        return None
    sentence = context.sentence
    here = post_cue(sentence)
    if verb in STRONG_VERBS:
        platform = (context.platform() or Platform.TWITTER) if "tweet" in verb else _platform(context, attribution)
        return (0.95 if here else 0.9), platform
    own = context.lead if attribution.before and _ends_its_sentence(context) else sentence  # (not the next one's)
    if medium_in(context, own) or families.is_source(attribution.author):
        return None  # another medium, or an unnamed source talking to reporters
    if families.is_manner(verb, _VERBS):  # "…," Smith grumbled in a morning tweet
        posted = families.IN_POST_RE.search(attribution.clause) is not None
        return (0.85, _platform(context, attribution)) if posted else None
    if verb in SPEECH_VERBS:
        posted = post_cue(attribution.clause)
        return (0.85, _platform(context, attribution)) if posted else None
    if here:  # the sentences before are read only when the quotation's own names no platform or post
        return 0.85, _platform(context, attribution)
    previous = context.previous
    if posted_before_quotation(context, previous, verb in WRITING_VERBS):  # (not when the nearer one names another
        return None if medium_just_before(previous, posted=True) else (0.85, _platform(context, attribution))  # medium)
    if not verb or other_medium_before(context, previous):
        return None
    if is_poster(attribution.author):
        return 0.75, _platform(context, attribution)
    if near_embeds:
        return 0.7, _platform(context, attribution)
    return None


def _ends_its_sentence(context: Surroundings) -> bool:
    """Whether the quotation ends its sentence: a stop before its closing mark, a capital after it (``…wrote on
    Twitter: "…president." Her running mate, Sen. Tim Kaine, told reporters``: the next sentence's medium is not
    its own)."""
    body, end = context.index.body, context.match.end()
    return body[end - 2 : end - 1] in (".", "!", "?", "…") and body[end : end + 4].lstrip()[:1].isupper()


def _platform(context: Surroundings, attribution: _Attribution | None = None) -> Platform:
    """The platform the attribution's own words name (:func:`named_in_attribution`), else the one the quotation's
    sentence or paragraph names, else the one the two sentences before name (``…a love note on Instagram.`` / ``"…,"
    she captioned it``), else the posts' next to it (``nearby_network``)."""
    named = named_in_attribution(attribution.clause, attribution.before) if attribution else None
    return quote_platform(context, named)  # (an article that names no network: only the posts next to it read)
