"""Quotations the quote finder (:mod:`reactions.parse.quotes`) can turn down before it reads their sentence.

Most quotations in news are speech (``"…," the senator said.``, ``He told reporters: "…"``).  The quote finder
reads each one's sentence, its lead-in and the clause after it before it says no; these tests say the same no from
a few searches of the body's word bytes (:class:`~reactions.parse.sentences.WordIndex`), where they can:

- :func:`clause_names_no_post`: no word of the clause after the quotation opens with a posting cue word, so that
  any attribution read there is none, or speech that names no post (a posting or writing verb is a cue word, and so
  is every word that names a post or a platform but ``retweet``).
- :func:`opens_no_word`: the clause after the quotation opens with no word (``"…" ; fans wrote: "…"``), so that no
  author or verb stands at its start, where every attribution after a quotation opens.

Each answers ``True`` only where the full reading turns the quotation down (``tests/test_unposted.py`` checks it
against the quote finder with them left out); a ``False`` says nothing.  Pure, linear: bounded windows, one pattern
with no repeat.
"""

from __future__ import annotations

import re
from typing import Final

from reactions.parse.sentence_ends import clause_stop
from reactions.parse.sentences import WordIndex

__all__ = ["clause_after", "clause_names_no_post", "opens_no_word"]

CLAUSE_REACH: Final = 160
"""How far after a quotation its attribution is read."""
_FOLDS: Final = ("\u0130", "\u0131", "\u017f", "\u212a")
"""The letters ``re.IGNORECASE`` takes for ASCII ones (:mod:`reactions.parse.folding`): a verb written with one is
no verb of the tables, so that a window holding one is left to the full reading."""


def clause_after(body: str, match: re.Match[str]) -> tuple[int, int] | None:
    """Where the clause after the quotation ``match`` that may attribute it starts and ends: after its closing mark
    and a comma, up to the first sentence's end, line break or :data:`CLAUSE_REACH` characters; ``None`` when no
    clause follows (neither a comma nor a space after the closing mark, nor a comma inside it)."""
    pos = match.end()
    if body[pos : pos + 1] in (",", ";"):
        pos += 1
    elif body[pos - 2 : pos - 1] != "," and not body.startswith(" ", pos):
        return None
    limit = min(len(body), pos + CLAUSE_REACH)
    stop = clause_stop(body, pos, limit)  # "…," Gov. Phil Murphy tweeted: a title's stop ends no sentence
    end = stop.start() if stop else limit
    newline = body.find("\n", pos, end)
    return pos, newline if newline >= 0 else end


def clause_names_no_post(body: str, cues: WordIndex, window: tuple[int, int]) -> bool:
    """Whether the clause after a quotation (its :func:`clause_after` ``window``) can give no attribution that makes
    it a post: no word in it opens with one of the cue words ``cues`` finds, none is ``retweet`` (a post named by no
    cue word) and no letter folds to an ASCII one.  Then a verb read there is one of speech, and its clause names no
    platform or post."""
    pos, end = window
    if cues.first_opening(pos, end) is not None or cues.opens_with(b"retweet", pos, end):
        return False
    clause = body[pos:end]
    return clause.isascii() or not any(fold in clause for fold in _FOLDS)


def opens_no_word(body: str, pos: int) -> bool:
    """Whether the clause at ``body[pos]`` (its :func:`clause_after` start) opens with no word: past at most three
    spaces or tabs, a character that is neither a word's (``\\w``) nor one of ``@'’.&!-``, or a fourth space, or the
    body's end.  No attribution after a quotation is read there: ``quotes._AFTER_RE`` and ``posted._MANNER_AFTER_RE``
    open with at most three spaces or tabs, then such a character."""
    char = body[pos : pos + 4].lstrip(" \t")[:1]  # (none: four spaces or tabs, or the body's end)
    return not char or not (char.isalnum() or char in _OPENING)


_OPENING: Final = "_@'’.&!-"
"""The characters besides letters and digits an author's first word may open with (``@ann``, ``'Tis``, ``.@ann``)."""
