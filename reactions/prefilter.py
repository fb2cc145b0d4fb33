r"""A cheap look that tells a plain-text article cannot hold a reaction, so that it is built without the parser.

Most news articles embed nothing.  :func:`may_hold_reactions` looks for what every rule of the text parser
(:mod:`reactions.parse`) needs before it can find a post, in a few linear scans (``str.find`` and ``in``), and
:func:`article_without_reactions` builds such an article as :func:`reactions.parse.parse_article` would
(the same title, date, text and warnings, no reactions).  It is *exact*: a text it lets through is one on
which the parser finds nothing.  What each rule needs, read from the rules themselves:

==============================================  ==================================================================
rule                                            what must stand in the text
==============================================  ==================================================================
embed markup, code fences, scripts (markup.py)  ``<blockquote`` or ``<script`` (any case), ````` or ``~~~``
``— Name (@handle) Date`` (attribution.py)      ``(`` then spaces or tabs then ``@``
Twitter cards (renderings.py)                   ``@handle`` ending its line (the name line)
Reuters factboxes                               ``@handle :``
TikTok captions                                 ``♬``
Facebook, Threads, Mastodon bylines             ``Post`` opening a line (after spaces or tabs)
posts quoted in prose (quotes.py)               a quotation mark with, within :data:`WINDOW` characters, a word
                                                that starts a posting verb (``tweet``, ``posted``, ``wrote``,
                                                ``shared``, …), a platform (``Instagram``, ``X``, …) or a post
                                                (``story``, ``selfie``, ``since-deleted``, ``alongside``)
==============================================  ==================================================================

A quotation becomes a post only when its attribution uses a posting or writing verb, or when its sentence,
its attribution or the two sentences before name a platform or a post (:func:`reactions.quotes._judge`); all
of those lie within :data:`reactions.authors.REACH` characters of one of its quotation marks, and each such
word follows a non-word character.  Words are compared as ``re.IGNORECASE`` compares them (the four
non-ASCII letters it takes for ASCII ones, U+0130, U+0131, U+017F and U+212A, are folded first).

>>> article = article_without_reactions(' date 2020-02-02 Rain\n\n"It was wet," the mayor said.', "a.txt")
>>> article.title, article.date.isoformat(), article.reactions, article.warnings
('Rain', '2020-02-02', (), ())
>>> article_without_reactions('"So good," a fan tweeted.', "b.txt") is None
True
"""

from __future__ import annotations

import bisect
import os
import re
from typing import Final

from reactions.authors import REACH
from reactions.models import Article
from reactions.parse import _attributions_without_handle, _split_header, _title, logger
from reactions.text import clean_text

__all__ = ["WINDOW", "article_without_reactions", "enabled", "may_hold_reactions"]

WINDOW: Final = REACH + 8
"""How far from a quotation mark a word can decide that the quotation is a post (the parser reads
:data:`~reactions.authors.REACH` characters either side; a few more for the closing mark and a comma)."""

CUES: Final = (
    "tweet", "retweet", "post", "caption", "wrote", "writing", "writes", "shared", "sharing", "shares", "comment",
    "penned", "twitter", "instagram", "facebook", "tiktok", "snap", "reddit", "youtube", "thread", "bluesky",
    "mastodon", "social", "deleted", "story", "selfie", "alongside",
)  # fmt: skip
"""Lower-case openings of every word by which the parser judges a quotation a post (see the module's table);
``x`` (the platform) is looked for on its own."""
_FOLDS: Final = (("\u0130", "i"), ("\u0131", "i"), ("\u017f", "s"), ("\u212a", "k"))
"""The non-ASCII letters that ``re.IGNORECASE`` matches with ASCII ones (``İ`` first: ``str.lower`` would
make it two characters)."""
_AT_TAIL_RE: Final = re.compile(r"[A-Za-z0-9_.]{0,40}[ \t]{0,40}")
"""A handle after ``@`` and the spaces after it (bounded: a longer run counts as a cue)."""


def enabled() -> bool:
    """Whether :func:`reactions.corpus.parse_document` uses the prefilter (``REACTIONS_PREFILTER=0`` turns it
    off, to measure what it saves; read at each call, so that worker processes follow it)."""
    return os.environ.get("REACTIONS_PREFILTER", "1") != "0"


def article_without_reactions(text: str, source: str | None = None) -> Article | None:
    """What ``parse_article(text, source)`` gives, when :func:`may_hold_reactions` says ``text`` holds no
    reaction; else ``None`` (the parser must read it).  Never raises on a ``str``; linear time."""
    source = source or "<text>"
    body, date, warnings = _split_header(clean_text(text if isinstance(text, str) else ""))
    if may_hold_reactions(body):
        return None
    warnings.extend(_attributions_without_handle(body, ()))
    for warning in warnings:
        logger.warning("%s: %s", source, warning)
    return Article(source=source, title=_title(body), date=date, text=body, reactions=(), warnings=tuple(warnings))


def may_hold_reactions(body: str) -> bool:
    """Whether the parser may find a reaction in ``body`` (a cleaned article body, its date header taken off):
    ``False`` only when it cannot (see the module's table)."""
    return _has_markup(body) or _has_handle_cue(body) or _has_byline(body) or _has_quote_cue(body)


def _has_markup(body: str) -> bool:
    """Embed markup, a ``<script>`` or a code fence: what :mod:`reactions.markup` reads or blanks out."""
    if "```" in body or "~~~" in body:
        return True
    at = body.find("<")
    while at >= 0:
        tag = _fold(body[at + 1 : at + 11])
        if tag.startswith(("blockquote", "script")):
            return True
        at = body.find("<", at + 1)
    return False


def _has_handle_cue(body: str) -> bool:
    """An ``@`` that an attribution, a card's name line, a factbox or a TikTok caption could stand on."""
    if "♬" in body:
        return True
    at = body.find("@")
    while at >= 0:
        before = at - 1
        while before >= 0 and body[before] in " \t":
            before -= 1
        if before >= 0 and body[before] == "(":
            return True
        tail = _AT_TAIL_RE.match(body, at + 1)
        after = body[tail.end() : tail.end() + 1] if tail else ""
        if after in ("", "\n", ":", " ", "\t", "_", ".") or after.isalnum():
            return True
        at = body.find("@", at + 1)
    return False


def _has_byline(body: str) -> bool:
    """``Post`` opening a line: Facebook's ``Posted by NAME on …`` / ``Post by NAME.`` and the ``Post by
    @handle`` of Threads and Mastodon."""
    at = body.find("Post")
    while at >= 0:
        before = at - 1
        while before >= 0 and body[before] in " \t":
            before -= 1
        if before < 0 or body[before] == "\n":
            return True
        at = body.find("Post", at + 4)
    return False


def _has_quote_cue(body: str) -> bool:
    """A word that can make a quotation a post within :data:`WINDOW` characters of a quotation mark."""
    marks = _marks(body)
    if not marks:
        return False
    folded = _fold(body)
    for cue in CUES:
        at = folded.find(cue)
        while at >= 0:
            if not _word_char(body, at - 1) and _near(marks, at):
                return True
            at = folded.find(cue, at + 1)
    return _has_x(body, folded, marks)


def _has_x(body: str, folded: str, marks: list[int]) -> bool:
    """``X``, the platform, as a word after a space or tab (``on X``, ``took to X``), near a quotation mark."""
    for space in (" x", "\tx"):
        at = folded.find(space)
        while at >= 0:
            if not _word_char(body, at + 2) and _near(marks, at + 1):
                return True
            at = folded.find(space, at + 2)
    return False


def _marks(body: str) -> list[int]:
    """Sorted offsets of the quotation marks a quotation found by :mod:`reactions.quotes` starts or ends at
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


def _near(marks: list[int], at: int) -> bool:
    """Whether a quotation mark stands within :data:`WINDOW` characters of ``at``."""
    i = bisect.bisect_left(marks, at - WINDOW)
    return i < len(marks) and marks[i] <= at + WINDOW


def _word_char(text: str, at: int) -> bool:
    """Whether ``text[at]`` is a character ``\\w`` matches (``False`` outside the text)."""
    if at < 0 or at >= len(text):
        return False
    char = text[at]
    return char.isalnum() or char == "_"


def _fold(text: str) -> str:
    """``text`` in lower case, as ``re.IGNORECASE`` compares ASCII letters, with its offsets kept."""
    if not text.isascii():
        for letter, ascii_letter in _FOLDS:
            if letter in text:
                text = text.replace(letter, ascii_letter)
    return text.lower()
