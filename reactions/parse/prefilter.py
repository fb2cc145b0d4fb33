r"""A cheap look for the cues of embedded posts, so that a plain-text article is parsed only by the rules that may
find something in it.

:func:`parse_prefiltered` gives what :func:`reactions.parse.parse_article` gives, its text cleaned once either way.
Before it runs the parser it looks, in a few linear scans (``str.find``, ``in``), for what every embed rule needs
before it can find a post:

==============================================  ==================================================================
rule                                            what must stand in the text
==============================================  ==================================================================
embed markup, code fences, scripts (markup.py)  ``<blockquote`` or ``<script`` (any case), ````` or ``~~~``
``— Name (@handle) Date`` (attribution.py)      ``(`` then spaces or tabs then ``@``
Twitter cards (renderings.py)                   ``@handle`` ending its line (the name line)
Reuters factboxes                               ``@handle :``
Instagram bylines naming only the handle        a byline's last word (``by``, ``von``, …) then a space then ``@``
TikTok captions                                 ``♬`` (and an ``@``: the caption's line opens with the handle)
Facebook, Threads, Mastodon bylines             ``Post`` opening a line (after spaces or tabs)
==============================================  ==================================================================

Posts whose link alone stands on a line (:mod:`reactions.parse.post_links`) are looked for in every text, whatever
the prefilter finds: their scan is one ``str.find`` for ``http``.

A body with markup's cues is parsed in full; one with only a handle's or a byline's, without the markup rules (they
would find and mask nothing); one with none, by the quote finders alone (:mod:`reactions.parse.quotes`,
:mod:`reactions.parse.corner_quotes`): every text is read for quotations, whose silent lines
(``sentences.Silence``) tell the texts without a post's cue for what a check of their own would cost
(``docs/performance.md``, round 14).  Nothing is skipped that the parser would read: the prefilter only chooses
which of the parser's rules run.

>>> article = parse_prefiltered(' date 2020-02-02 Rain\n\n"It was wet," the mayor said.', "a.txt")
>>> article.title, article.date.isoformat(), article.reactions, article.warnings
('Rain', '2020-02-02', (), ())
>>> [reaction.text for reaction in parse_prefiltered('"So good to be home," a fan tweeted.', "b.txt").reactions]
['So good to be home']
"""

from __future__ import annotations

import os
import re
from typing import Final

from reactions.models import Article
from reactions.parse.article import parse_body, split_header
from reactions.parse.bare_signatures import opens_bare_signature
from reactions.parse.bylines import BYLINE_LAST_WORDS, lines_opening_with
from reactions.parse.folding import folded
from reactions.parse.text import clean_text

__all__ = ["enabled", "parse_prefiltered"]

_BOUND: Final = 40
_HANDLE_CHARS_RE: Final = re.compile(r"[A-Za-z0-9_.]{0,40}")
_SPACES_RE: Final = re.compile(r"[ \t]{0,40}")
"""A handle after ``@`` and the spaces after it (bounded: a longer run counts as a cue)."""


def enabled() -> bool:
    """Whether :func:`reactions.corpus.parse_document` uses the prefilter (``REACTIONS_PREFILTER=0`` turns it
    off, to measure what it saves; read at each call, so that worker processes follow it)."""
    return os.environ.get("REACTIONS_PREFILTER", "1") != "0"


def parse_prefiltered(text: str, source: str | None = None) -> Article:
    """What ``parse_article(text, source)`` gives, its embed rules run only when it found one of their cues, and
    embed markup only when it found markup; the text is cleaned once either way.  Never raises on a ``str``; linear
    time.  (A text holding ``(@`` or ``<blockquote`` is not told apart before it is cleaned: cleaning keeps both, and
    :func:`_has_handle_cue` and :func:`_has_markup` find them in the body at once; two more scans of every text cost
    more than they saved.)

    A text with no cue of an embed goes to the quote finders unchecked: on the bulk corpus the quote finder tells the
    texts without a post's cue for what a check of its own cost (its silent lines mute their quotations: 0.148 against
    0.14 CPU-s over 6,833 texts), and on the others such a check is paid for nothing (0.10 over 2,796);
    ``docs/performance.md``, round 14."""
    text = text if isinstance(text, str) else ""
    source = source or "<text>"
    body, date, warnings = split_header(clean_text(text))  # what parse_article does first
    if _has_markup(body):
        return parse_body(body, date, warnings, source)
    if _has_handle_cue(body) or _has_byline(body):  # embeds in the text, no markup: its scan is not made again
        return parse_body(body, date, warnings, source, read_markup=False)
    return parse_body(body, date, warnings, source, read_embeds=False)  # no cue of an embed: quotations only


def _has_markup(body: str) -> bool:
    """Embed markup, a ``<script>`` or a code fence: what :mod:`reactions.parse.markup` reads or blanks out."""
    if ("`" in body and "```" in body) or ("~" in body and "~~~" in body):
        return True
    at = body.find("<")
    while at >= 0:
        tag = folded(body[at + 1 : at + 11])
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
        if before < at - 1 and opens_bare_signature(body, at):
            return True  # "— Name @handle Date": a signature whose handle lost its parentheses
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
