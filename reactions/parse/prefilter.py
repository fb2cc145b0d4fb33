r"""A cheap look that tells a plain-text article cannot hold a reaction, so that it is built without the parser.

Most news articles embed nothing.  :func:`may_hold_reactions` looks for what every rule of the text parser
(:mod:`reactions.parse`) needs before it can find a post, in a few linear scans (``str.find``, ``in``, one RE2
search a line for its cue words: :mod:`reactions.parse.wordscan`), and :func:`article_without_reactions` builds
such an article as :func:`reactions.parse.parse_article` would (the same title, date, text and warnings, no
reactions).  It is *exact*: a text it lets through is one on which the parser finds nothing.  What each rule
needs, read from the rules themselves:

==============================================  ==================================================================
rule                                            what must stand in the text
==============================================  ==================================================================
embed markup, code fences, scripts (markup.py)  ``<blockquote`` or ``<script`` (any case), ````` or ``~~~``
``— Name (@handle) Date`` (attribution.py)      ``(`` then spaces or tabs then ``@``
Twitter cards (renderings.py)                   ``@handle`` ending its line (the name line)
Reuters factboxes                               ``@handle :``
Instagram bylines naming only the handle        a byline's last word (``by``, ``von``, …) then a space then ``@``
TikTok captions                                 ``♬``
Facebook, Threads, Mastodon bylines             ``Post`` opening a line (after spaces or tabs)
``「…」`` posts (corner_quotes.py)                ``「`` or ``『`` and a network's word (``ツイート``, ``Twitter``)
posts quoted in prose (quotes.py)               a quotation mark with, on its line (:data:`CUES`), a word that
                                                starts a posting verb (``tweet``, ``posted``, ``wrote``,
                                                ``shared``, …), a platform (``Instagram``, ``X``, …) or a post
                                                (``story``, ``selfie``, ``alongside``) in its sentence; or,
                                                before a lead-in's colon, in the stretch before it
                                                (:data:`CONTEXT_WORDS`), ``on Twitter``, ``tweet``, ``a post``,
                                                ``since-deleted``, ``social media users``
==============================================  ==================================================================

A quotation is a post only when its attribution has a posting or writing verb, or its sentence, attribution
or two sentences before name a platform or a post (:func:`reactions.parse.quotes._judge`); the sentences before
count only for a writing verb (a cue already) or a lead-in's colon with no verb.  Words are compared as
``re.IGNORECASE`` compares them (U+0130, U+0131, U+017F and U+212A are its ASCII letters too).

A run asks less of it: :func:`parse_prefiltered` reads the embed cues alone, to run the embed rules only where they
may find something; a text with none goes to the quote finder, whose silent lines (``sentences.Silence``) tell the
texts the quotation check would reject for what that check costs (``docs/performance.md``, round 14).

>>> article = article_without_reactions(' date 2020-02-02 Rain\n\n"It was wet," the mayor said.', "a.txt")
>>> article.title, article.date.isoformat(), article.reactions, article.warnings
('Rain', '2020-02-02', (), ())
>>> article_without_reactions('"So good," a fan tweeted.', "b.txt") is None
True
"""

from __future__ import annotations

import bisect
import datetime as dt
import os
import re
from collections.abc import Iterator
from typing import Final

from reactions.models import Article
from reactions.parse.article import (
    attributions_without_handle,
    logger,
    parse_body,
    split_header,
    title_of,
)
from reactions.parse.authors import REACH
from reactions.parse.bylines import BYLINE_LAST_WORDS, lines_opening_with
from reactions.parse.companions import (
    SAID_WORDS,
    WRITING,
    Sentences,
    context_cue,
    counts_alone,
    cut_context,
    has_companion,
    writing_counts,
)
from reactions.parse.companions import fold as _fold
from reactions.parse.companions import word_char as _word_char
from reactions.parse.corner_quotes import holds_cue
from reactions.parse.markup import merged_spans
from reactions.parse.networks import prose_words
from reactions.parse.posted import says_led
from reactions.parse.sentences import word_bytes
from reactions.parse.text import clean_text
from reactions.parse.wordscan import first_span, words_pattern

__all__ = ["CUES", "WINDOW", "article_without_reactions", "enabled", "may_hold_reactions", "parse_prefiltered"]

WINDOW: Final = REACH + 8
"""How far from a quotation mark a word can decide that the quotation is a post (the parser reads
:data:`~reactions.parse.authors.REACH` characters either side; a few more for the closing mark and a comma)."""

CUES: Final = (
    "post", "tweet", "social", "twitter", "instagram", "facebook", "thread", "caption", "selfie", "deleted", "tiktok",
    "snap", "bluesky", "mastodon", "retweet", "story", "shared", "wrote", "writing", "writes", "sharing", "shares",
    "commented", "commenting", "penned", "reddit", "youtube", "alongside",
)  # fmt: skip
"""Lower-case openings of every word by which the quote finder judges a quotation a post: posting and writing
verbs (``quotes.STRONG_VERBS``, ``quotes.WRITING_VERBS``) and what ``post_cues.POST_CUE_RE`` and
``post_cues.POSTED_CONTEXT_RE`` read (``x``, the platform, is looked for as a word of its own)."""
_BOUND: Final = 40
_HANDLE_CHARS_RE: Final = re.compile(r"[A-Za-z0-9_.]{0,40}")
_SPACES_RE: Final = re.compile(r"[ \t]{0,40}")
"""A handle after ``@`` and the spaces after it (bounded: a longer run counts as a cue)."""


def enabled() -> bool:
    """Whether :func:`reactions.corpus.parse_document` uses the prefilter (``REACTIONS_PREFILTER=0`` turns it
    off, to measure what it saves; read at each call, so that worker processes follow it)."""
    return os.environ.get("REACTIONS_PREFILTER", "1") != "0"


def article_without_reactions(text: str, source: str | None = None) -> Article | None:
    """What ``parse_article(text, source)`` gives, when :func:`may_hold_reactions` says ``text`` holds no
    reaction; else ``None`` (the parser must read it).  Never raises on a ``str``; linear time."""
    text = text if isinstance(text, str) else ""
    if "(@" in text or "<blockquote" in text:  # cues that cleaning keeps (it rewrites no other ASCII): read it
        return None
    source = source or "<text>"
    body, date, warnings = split_header(clean_text(text))
    return None if may_hold_reactions(body) else _without_reactions(body, date, warnings, source)


def parse_prefiltered(text: str, source: str | None = None) -> Article:
    """What ``parse_article(text, source)`` gives, its embed rules run only when it found one of their cues, and
    embed markup only when it found markup; the text is cleaned once either way.  Never raises on a ``str``; linear
    time.  (A text holding ``(@`` or ``<blockquote`` is not told apart before it is cleaned: cleaning keeps both, and
    :func:`_has_handle_cue` and :func:`_has_markup` find them in the body at once; two more scans of every text cost
    more than they saved.)

    A text with no cue of an embed goes to the quote finder whether or not :func:`_has_quote_cue` finds a cue word
    in a quotation's sentence: on the bulk corpus the quote finder tells the texts that check rejects for what the
    check costs (its silent lines mute their quotations: 0.148 against 0.14 CPU-s over 6,833 texts), and on the
    texts it passes the check was paid for nothing (0.10 over 2,796); ``docs/performance.md``, round 14."""
    text = text if isinstance(text, str) else ""
    source = source or "<text>"
    body, date, warnings = split_header(clean_text(text))  # what parse_article does first
    if _has_markup(body):
        return parse_body(body, date, warnings, source)
    if _has_handle_cue(body) or _has_byline(body):  # embeds in the text, no markup: its scan is not made again
        return parse_body(body, date, warnings, source, read_markup=False)
    return parse_body(body, date, warnings, source, read_embeds=False)  # no cue of an embed: quotations only


def _without_reactions(body: str, date: dt.date | None, warnings: list[str], source: str) -> Article:
    """The article the parser makes of ``body`` when it holds no reaction."""
    warnings.extend(attributions_without_handle(body, ()))
    for warning in warnings:
        logger.warning("%s: %s", source, warning)
    return Article(source=source, title=title_of(body), date=date, text=body, reactions=(), warnings=tuple(warnings))


def may_hold_reactions(body: str) -> bool:
    """Whether the parser may find a reaction in ``body`` (a cleaned article body, its date header taken off):
    ``False`` only when it cannot (see the module's table)."""
    return (
        _has_markup(body) or _has_handle_cue(body) or _has_byline(body) or _has_quote_cue(body) or holds_cue(body)
    )


def _has_markup(body: str) -> bool:
    """Embed markup, a ``<script>`` or a code fence: what :mod:`reactions.parse.markup` reads or blanks out."""
    if ("`" in body and "```" in body) or ("~" in body and "~~~" in body):
        return True
    at = body.find("<")
    while at >= 0:
        tag = _fold(body[at + 1 : at + 11])
        if tag.startswith(("blockquote", "script")):
            return True
        at = body.find("<", at + 1)
    return False


def _has_handle_cue(body: str) -> bool:
    """An ``@`` that an attribution, a card's name line, a factbox or a TikTok caption could stand on.  A caption's
    ``♬`` is looked for only in a body holding an ``@`` (its line opens with the handle:
    ``renderings._TIKTOK_LINE_RE``): ``♬``'s low byte is ``l``, so its search stops at every ``l`` of two-byte text."""
    at = body.find("@")
    if at >= 0 and "♬" in body:
        return True
    while at >= 0:
        before = at - 1
        while before >= 0 and body[before] in " \t":
            before -= 1
        if before >= 0 and body[before] == "(":
            return True
        if before < at - 1 and any(_word_ends(body, before + 1, word) for word in BYLINE_LAST_WORDS):
            return True  # "A post shared by @handle on …": Instagram's byline without a name
        handle = _HANDLE_CHARS_RE.match(body, at + 1)
        spaces = _SPACES_RE.match(body, handle.end()) if handle else None
        if handle is None or spaces is None or handle.end() - at > _BOUND or spaces.end() - handle.end() >= _BOUND:
            return True  # a run too long to follow counts
        if body[spaces.end() : spaces.end() + 1] in ("", "\n", ":"):
            return True
        at = body.find("@", at + 1)
    return False


def _word_ends(body: str, end: int, word: str) -> bool:
    """Whether ``body[:end]`` ends with the whole word ``word`` (in any case)."""
    start = end - len(word)
    return start >= 0 and body[start:end].lower() == word and (start == 0 or not body[start - 1].isalnum())


def _has_byline(body: str) -> bool:
    """``Post`` opening a line: Facebook's ``Posted by NAME on …`` / ``Post by NAME.`` and the ``Post by
    @handle`` of Threads and Mastodon (:func:`~reactions.parse.bylines.lines_opening_with`).  Found from each ``P``
    (a one-character search runs at memory speed, a four-character one of two-byte text ~1 ns a character; most
    bodies hold a few); past :data:`_P_BUDGET` of them, by the word's own search."""
    at = body.find("P")
    for _ in range(_P_BUDGET):
        if at < 0:
            return False
        if body.startswith("ost", at + 1):
            start = at
            while start > 0 and body[start - 1] in " \t":
                start -= 1
            if start == 0 or body[start - 1] == "\n":
                return True
        at = body.find("P", at + 1)
    return at >= 0 and next(lines_opening_with(body, "Post", at), None) is not None


_P_BUDGET: Final = 64


def _has_quote_cue(body: str) -> bool:
    """A word that can make a quotation a post, where the quote finder reads it: one of :data:`WORDS` in a
    quotation's sentence (:class:`Sentences`), or one of :data:`CONTEXT_WORDS` before a lead-in's colon.  Whether
    the quote finder may cut a word short (:func:`_cut_word`) is asked last, of the texts that hold no other cue."""
    marks = _marks(body)
    if not marks:
        return False
    lines = _line_spans(body, marks)
    spaced = word_bytes(body)
    if _line_cue(body, marks, lines, spaced, cut=False):
        return True
    led, said = _led_and_said(body, marks)
    if any(context_cue(body, spaced, start, end) for start, end in merged_spans(led)) or any(
        cut_context(body, start) for start, _ in led
    ):
        return True
    if any(context_cue(body, spaced, start, end, SAID_WORDS) for start, end in merged_spans(said)) or any(
        cut_context(body, start, SAID_WORDS) for start, _ in said
    ):
        return True
    return _cuts_word(body, marks, spaced) and _line_cue(body, marks, lines, spaced, cut=True)


def _line_cue(body: str, marks: list[int], lines: list[tuple[int, int]], spaced: bytes, *, cut: bool) -> bool:
    """Whether a line of ``lines`` holds a cue in a quotation's sentence: one of :data:`WORDS` that counts there
    (:func:`_word_counts`), or, when the quote finder may cut a word short (``cut``), any of :data:`CUES` and ``x``.
    Each line's words and cues are read from ``spaced``, the body made :func:`~reactions.parse.sentences.word_bytes`
    once (its slice's words are the slice's own, and its ASCII letters, folded, stand where the folded text's do);
    the words of :data:`WORDS` a line holds are found, in order, by one compiled pattern
    (:func:`~reactions.parse.wordscan.words_pattern`, no word list)."""
    sentences = Sentences(body, marks)
    if not cut:
        return _word_counts(body, marks, lines, spaced, sentences)
    for start, end in lines:
        segment = spaced[start:end]
        spots = sorted(_byte_cues_in(body, start, segment, _CUE_BYTES, x=True))
        if any(not _word_char(body, start + at - 1) and sentences.hold(start + at) for at in spots):
            return True
    return False


def _word_counts(
    body: str, marks: list[int], lines: list[tuple[int, int]], spaced: bytes, sentences: Sentences
) -> bool:
    """Whether a whole word of :data:`WORDS` on a line of ``lines`` stands in a quotation's sentence and counts there:
    alone, or with its companion (:mod:`reactions.parse.companions`); writing verbs are asked of their line once, at
    its last, and past :data:`_ASKED` such lines count unasked (each asks of a stretch up to
    :data:`~reactions.parse.sentences.LOOK_BACK` long: so many short lines would be read again and again).  A cue word
    that opens a longer word (``postal``) counts only where the quote finder cuts it short, which :func:`_cuts_word`
    reads."""
    pattern = words_pattern(WORDS)
    line_end = last = -1
    asked = 0
    for start, end in lines:
        segment = spaced[start:end]
        found = first_span(pattern, segment, 0, len(segment))
        while found is not None:
            at, stop = found
            found = first_span(pattern, segment, stop, len(segment))
            if _word_char(body, start + at - 1) or not sentences.hold(start + at):
                continue
            word = segment[at:stop]
            if counts_alone(word):
                return True
            at += start
            if at > line_end and last >= 0:
                asked += 1
                if asked > _ASKED or _writing_counts(body, spaced, marks, last):
                    return True
            if at > line_end:
                newline = body.find("\n", at)
                line_end, last = (len(body) if newline < 0 else newline), -1
            if word in WRITING:
                last = at
            elif has_companion(body, at, word):
                return True
    return last >= 0 and (asked >= _ASKED or _writing_counts(body, spaced, marks, last))


_ASKED: Final = 8
"""How many lines' writing verbs :func:`_word_counts` asks of their companions in one text."""


def _writing_counts(body: str, spaced: bytes, marks: list[int], at: int) -> bool:
    """:func:`~reactions.parse.companions.writing_counts` of the line of ``at`` and its marks."""
    line_start = body.rfind("\n", 0, at) + 1
    newline = body.find("\n", at)
    line_end = len(body) if newline < 0 else newline
    on_line = marks[bisect.bisect_left(marks, line_start) : bisect.bisect_right(marks, line_end)]
    return writing_counts(body, spaced, on_line, (line_start, line_end), at)


def _byte_cues_in(body: str, start: int, segment: bytes, cues: tuple[bytes, ...], *, x: bool) -> Iterator[int]:
    """The offsets in ``segment`` (``body[start:]`` as word bytes) of each of ``cues`` and, when ``x``, of each ``x``
    standing alone in the segment: what :func:`_cues_in` gives for the folded text's segment."""
    for cue in cues:
        at = segment.find(cue)
        while at >= 0:
            yield at
            at = segment.find(cue, at + 1)
    at = segment.find(b"x") if x else -1
    while at >= 0:
        if not _word_char(body, start + at - 1 if at else -1) and (
            at + 1 >= len(segment) or not _word_char(body, start + at + 1)
        ):
            yield at
        at = segment.find(b"x", at + 1)


WORDS: Final = frozenset(
    b"tweet tweets tweeted tweeting retweet retweets retweeted retweeting post posts posted posting caption captions "
    b"captioned captioning wrote writing writes shared sharing shares commented commenting penned twitter instagram "
    b"facebook tiktok snapchat snap snaps reddit youtube thread threads bluesky mastodon social deleted story storys "
    b"selfie selfies alongside x".split()
) | prose_words()
"""The whole words by which the quote finder judges a quotation in its sentence a post (its patterns put
``\\b`` on both sides of each): a line holding none of them holds no cue, unless the quote finder cuts a
word short (:func:`_cut_word`)."""
_CUE_BYTES: Final = tuple(cue.encode() for cue in CUES)
_LONGEST: Final = max(map(len, WORDS))
_WORD_STRINGS: Final = frozenset(word.decode() for word in WORDS)
_TAIL_RE: Final = re.compile(rf"\w{{1,{_LONGEST + 1}}}\Z")


def _cut_word(body: str, mark: int, line_end: int, spaced: bytes) -> bool:
    """Whether the quote finder may cut a word short after ``mark`` (at :data:`~reactions.parse.authors.REACH` or an
    attribution's 160 characters, before its line's end) into one of :data:`WORDS` (``postponed``: ``post``); the
    word bytes (``spaced``) asked first."""
    for cut in (mark + _CUTS[0], mark + _CUTS[1], mark + _CUTS[2]):
        if cut >= line_end:
            return False
        lo = max(0, cut - _LONGEST - 1)
        if not _word_char(body, cut) or spaced[spaced.rfind(b" ", lo, cut) + 1 : cut] not in WORDS:
            continue
        tail = _TAIL_RE.search(body, lo, cut)
        if tail is not None and len(tail.group()) <= _LONGEST and _fold(tail.group()) in _WORD_STRINGS:
            return True
    return False


def _led(body: str, mark: int) -> bool:
    """Whether a colon (then only spaces) stands right before ``mark``: a lead-in that may name no verb."""
    at = mark - 1
    while at >= 0 and body[at].isspace() and mark - at <= _BOUND:
        at -= 1
    return at < 0 or body[at] == ":" or mark - at > _BOUND


def _line_spans(body: str, marks: list[int]) -> list[tuple[int, int]]:
    """The marks' lines, merged (from where the quote finder looks for a sentence's start: the line's start, or
    the text's when none is within :data:`~reactions.parse.authors.REACH` characters; on to :data:`WINDOW` at most).

    A line's marks' spans all start at its start (or, past :data:`~reactions.parse.authors.REACH`, at the text's)
    and end at its end or :data:`WINDOW` after the mark: merged, they are one span from the line's (or the text's)
    start to :data:`WINDOW` after its last mark, so each line is looked at once, not each mark.  They are merged as
    they come (what :func:`~reactions.parse.markup.merged_spans` gives, without sorting them): each starts at a
    later line's start, or at the text's, where it takes in every span before it."""
    spans: list[tuple[int, int]] = []
    size, count, i, after = len(body), len(marks), 0, 0  # ``after``: the end of the last line read
    while i < count:
        mark = marks[i]
        before = body.rfind("\n", after, mark)
        found = body.find("\n", mark)
        after = size if found < 0 else found
        i = bisect.bisect_left(marks, after, i)
        last = marks[i - 1]
        start, end = before + 1 if before >= last - REACH else 0, after if after < last + WINDOW else last + WINDOW
        if not start:
            spans = [(0, end if not spans or end >= spans[-1][1] else spans[-1][1])]
        elif spans and start <= spans[-1][1]:
            if end > spans[-1][1]:
                spans[-1] = (spans[-1][0], end)
        else:
            spans.append((start, end))
    return spans


def _led_and_said(body: str, marks: list[int]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The quote finder's stretches before marks after a lead-in's colon, and before marks right after ``says`` or
    ``reads`` (``It says, "…"``): asked only of texts whose lines hold no cue word."""
    led: list[tuple[int, int]] = []
    said: list[tuple[int, int]] = []
    for mark in marks:
        if mark < 2:  # says_led takes none this early
            if mark and (body[0] == ":" or body[0].isspace()):
                led.append((0, mark))
            continue
        last, before = body[mark - 1], body[mark - 2]  # most marks follow a letter, or a letter and a space
        if last == ":" or (last.isspace() and (before == ":" or (before.isspace() and _led(body, mark)))):
            led.append((_para(body, mark), mark))
        if (last in "sSſdD" or (last in " \t,:" and before in " \t,:sSſdD")) and says_led(body, mark):
            said.append((_para(body, mark), mark))  # (``says``/``read(s)`` end in s or d, then only [ \t,:] to it)
    return led, said


def _para(body: str, mark: int) -> int:
    """Where the quote finder's stretch before ``mark`` starts: :data:`~reactions.parse.authors.REACH` before it
    when its line starts within that, else the text's start."""
    return max(0, mark - REACH) if body.rfind("\n", max(0, mark - REACH), mark) >= 0 else 0


def _cuts_word(body: str, marks: list[int], spaced: bytes) -> bool:
    """Whether the quote finder may cut a word short after a mark, within the mark's line and :data:`WINDOW`
    (:func:`_cut_word`), asked only of marks where the 3 word bytes before a cut end as a word of :data:`WORDS`
    ends there (:data:`_TAILS`): 1 mark in ~40."""
    size, after, tails = len(body), -1, _TAILS
    first, second, third = _CUTS
    for mark in marks:
        if after < mark:
            found = body.find("\n", mark)
            after = size if found < 0 else found
        if mark + first >= after:  # the first cut past the line's end (it is within WINDOW): no cut at all
            continue
        if (
            spaced[mark + first - 3 : mark + first] in tails
            or spaced[mark + second - 3 : mark + second] in tails
            or spaced[mark + third - 3 : mark + third] in tails
        ) and _cut_word(body, mark, min(after, mark + WINDOW), spaced):
            return True
    return False


_CUTS: Final = (161, 162, 1 + REACH)
"""Where the quote finder may cut the text after a quotation mark (its 160 characters after the closing mark, then a
comma; :data:`~reactions.parse.authors.REACH`)."""
_ALPHABET: Final = b" 0123456789_abcdefghijklmnopqrstuvwxyz"
"""Every byte of word bytes (:func:`~reactions.parse.sentences.word_bytes`)."""


def _tails(words: frozenset[bytes]) -> frozenset[bytes]:
    """Every 3 bytes of word bytes that end where a run of word bytes that is one of ``words`` ends (the run after
    the last space): its last 3, or a space and a word of 2, or any byte, a space and a word of 1."""
    return frozenset(
        word[-3:] if len(word) >= 3 else b" " + word if len(word) == 2 else bytes([byte]) + b" " + word
        for word in words
        for byte in (_ALPHABET if len(word) == 1 else b" ")
    )


_TAILS: Final = _tails(WORDS)


def _marks(body: str) -> list[int]:
    """Sorted offsets of the quotation marks a quotation found by :mod:`reactions.parse.quotes` starts or ends at
    (single curly quotes only when an opening one stands in the text)."""
    kinds = ('"', "“", "”", "‘", "’") if "‘" in body else ('"', "“", "”")
    marks: list[int] = []
    for mark in kinds:
        at = body.find(mark)
        while at >= 0:
            marks.append(at)
            at = body.find(mark, at + 1)
    marks.sort()
    return marks
