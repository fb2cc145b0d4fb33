"""Where a post starts when the article quoted it just before its embed.

Articles often quote a post in their prose and then embed it: ``Kristol tweeted: I happen to have seen… They're
pretty terrified. I happen to have seen… They're pretty terrified. — Bill Kristol (@BillKristol) …``.  Where the
text lost its paragraph breaks (and, in ISOT, its quotation marks and apostrophes), nothing but the repeat tells
where the quotation ends and the post begins: the post starts at the first sentence whose opening words the
article has just written, between the start the parser may take and the post's byline.

The words are compared as letters and digits only, links left out (a crawl that strips apostrophes writes
``Jerry s`` for the post's ``Jerry's``; the quotation seldom keeps the post's links).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence

from reactions.parse.boundaries import Boundary, choose_start
from reactions.parse.folding import folded
from reactions.parse.post_labels import with_label

__all__ = ["choose_post_start", "repeat_start"]

_HEAD = 24
"""How many letters and digits of a sentence's opening must stand earlier for it to be a repeat: about five words,
which two different sentences of one article seldom share."""
_REACH = 700
"""How far before a sentence its opening words are looked for (a post's quotation is at most a few hundred
characters)."""
_LEAST = 40
"""The fewest letters and digits a repeated post must hold: a phrase a post repeats from itself is shorter."""
_GAP = 40
_VERBS = ("tweet", "wrote", "writes", "said", "says", "posted", "added", "replied")
"""Between the quotation and the post, only the words that say who posted it may stand (``…for you!  Pence
tweeted.``): a quotation that ends further back quoted a later part of the post, which starts earlier."""
_MAX_STARTS = 40
_SENTENCE_START_RE = re.compile(r"[.!?:][\"”’)]?[ \t]+(?=\S)|[.!?][\"”’)]?(?=[A-Z@#\"“])")
_TAIL = 160
_PUNCTUATION = ".,;:!?\"'()[]…“”‘’*"
_LINK_RE = re.compile(r"(?:https?://|pic\.twitter\.com/|www\.)\S{1,300}", re.IGNORECASE)
_NOT_ALNUM_RE = re.compile(r"[\W_]+")


def choose_post_start(
    text: str, lo: int, stop: int, first_kind: str, *, platform: str, date: dt.date | None, author: Sequence[str]
) -> Boundary:
    """:func:`reactions.parse.boundaries.choose_start`, unless the post repeats a quotation just before it
    (:func:`repeat_start`): then the post starts where the repeat does."""
    chosen = choose_start(text, lo, stop, first_kind, platform=platform, date=date, author=author)
    chosen = with_label(text, lo, chosen, author)  # a post's own label before a colon (``BREAKING NEWS: …``)
    repeat = repeat_start(text, lo, stop)
    if repeat is None or repeat == chosen.at:
        return chosen
    return Boundary(repeat, "repeat", chosen.score)


def repeat_start(text: str, lo: int, stop: int) -> int | None:
    """The first sentence start between ``lo`` and ``stop`` whose opening (:data:`_HEAD` letters and digits) the
    text between ``lo`` and it already holds, when all that follows it (at least :data:`_LEAST` letters and digits,
    links left out) stands there too, ending right before it or before a posting verb (:data:`_VERBS`); else None
    (a post that repeats its own words, ``We are outraged because…``; a quotation of the post's later part).

    >>> post = "We won the cup at home after extra time tonight. Wow!"
    >>> text = f"Ann wrote: {post} {post}"
    >>> text[repeat_start(text, 0, len(text)):]
    'We won the cup at home after extra time tonight. Wow!'
    >>> repeat_start("We won the cup in extra time. We won the cup in extra time again tonight!", 0, 73) is None
    True
    """
    first = max(lo, stop - 2 * _REACH)
    if not _last_word_repeated(text, first, stop):
        return None  # nearly every call: one search of the post's end, no copy of the text
    region = _letters(text[first:stop])
    tail = region[-_HEAD:]
    if len(tail) < _HEAD or region.rfind(tail, 0, len(region) - _HEAD) < 0:
        return None  # the post's last words stand nowhere else: no quotation repeats it
    starts = [m.end() for m in _SENTENCE_START_RE.finditer(text, first, stop)][-_MAX_STARTS:]
    for start in starts:
        head = _letters(text[start : min(stop, start + 4 * _HEAD)])[:_HEAD]
        if len(head) < _HEAD or head not in (before := _letters(text[max(first, start - _REACH) : start])):
            continue
        post = _letters(text[start:stop])
        at = before.rfind(post) if len(post) >= _LEAST else -1
        gap = before[at + len(post) :] if at >= 0 else ""
        return start if at >= 0 and (not gap or (len(gap) <= _GAP and any(v in gap for v in _VERBS))) else None
    return None


def _last_word_repeated(text: str, first: int, stop: int) -> bool:
    """Whether the last word of four letters or more before ``stop`` (and before the links that end a post) stands
    earlier, from ``first`` on: what any repeat of the post's end needs."""
    end = stop
    for mark in ("http", "pic.", "www."):
        at = text.find(mark, max(first, stop - _TAIL), end)
        end = at if at >= 0 else end
    tail_start = max(first, end - _TAIL)
    for word in reversed(text[tail_start:end].split()):
        word = word.strip(_PUNCTUATION)
        if len(word) >= 4 and word.isalpha():
            return text.rfind(word, first, text.rfind(word, tail_start, end)) >= 0
    return False


def _letters(text: str) -> str:
    """``text`` in lower case, letters and digits only, links left out: ``_NOT_ALNUM_RE.sub("", _LINK_RE.sub(" ",
    text)).lower()``, each step skipped or made cheaper where it can change nothing (the case-blind link pattern
    tried only where a link's ``://``, ``www.`` or ``pic.`` stands, in the text as ``re.IGNORECASE`` reads it; ASCII
    punctuation deleted by a table, the pattern kept for what is not ASCII)."""
    if "://" in text or _MAY_LINK.search(folded(text)) is not None:
        text = _LINK_RE.sub(" ", text)
    text = text.translate(_ASCII_NOT_ALNUM)
    return (text if text.isascii() else _NOT_ALNUM_RE.sub("", text)).lower()


_MAY_LINK = re.compile(r"www\.|pic\.")
"""What a link of :data:`_LINK_RE` without ``://`` opens with, in folded text."""
_ASCII_NOT_ALNUM = dict.fromkeys(i for i in range(128) if not chr(i).isalnum())
"""The ASCII characters ``[\\W_]`` matches (all but letters and digits), to delete."""
