"""Quotations that name a work (a show, a film, a song, a video), not words someone posted, for the quote finder
(:mod:`reactions.parse.quotes`).

News writing puts titles in quotation marks, often right in the sentence that says someone posted::

    "Pitch Perfect" star Anna Kendrick wrote, "I don't think I realized …"
    Jon Cryer, who starred alongside him in "Pretty in Pink," posted a photo of the two on set …
    … revealed the news with a video, titled "To Our Daughter," shared on YouTube.

Such a quotation is a title when

- an article stands right before it (``the "Hello" singer``);
- its words are capitalised as a title's (:func:`~reactions.parse.quotations.titled`), with no punctuation of their
  own before the closing mark, and a role follows (``"Pitch Perfect" star``, ``"Joanie Loves Chachi" co-star``);
- its words are capitalised as a title's and follow a preposition or an owner (``in "Big Love,"``, ``on "Happy
  Days,"``, ``1986's "Pretty in Pink,"``), or an appositive names the work after it (``"The Story of Us," a song
  she wrote …``);
- a naming word stands right before it (``a video titled "…"``, ``a rap called "…"``, ``a post entitled "…"``).

The words someone posted are seldom capitalised as a title and never follow ``in`` or ``titled``: ``"Farewell Adam
West," director Edgar Wright wrote`` keeps its own comma and stays a post.

Pure, linear: each pattern is anchored and reads a bounded window.

>>> from reactions.parse.quotations import QUOTE_RE
>>> body = '"Pitch Perfect" star Anna Kendrick wrote'
>>> names_a_work(body, QUOTE_RE.match(body), "")
True
>>> body = '"Farewell Adam West," director Edgar Wright wrote'
>>> names_a_work(body, QUOTE_RE.match(body), "")
False
"""

from __future__ import annotations

import re

from reactions.parse.quotations import quoted_words, titled

__all__ = ["names_a_work"]

_ARTICLE_BEFORE_RE = re.compile(r"(?:^|[ \t(])(?:the|a|an)[ \t]{1,3}\Z", re.IGNORECASE)
"""An article right before a quotation: the quotation names something (``the "Hello" singer``)."""
_NAMING_BEFORE_RE = re.compile(r"\b(?:titled|entitled|called|dubbed)[ \t]{0,3},?[ \t]{1,3}\Z", re.IGNORECASE)
"""A word that names what follows (``a video titled``, ``a rap called``)."""
_PLACE_BEFORE_RE = re.compile(r"(?:\b(?:in|on|of|from)|\w[’']s)[ \t]{1,3}\Z", re.IGNORECASE)
"""A preposition or an owner right before a quotation (``starred in``, ``1986’s``): what follows is a thing."""
_ROLE_AFTER_RE = re.compile(
    r"[ \t]{1,3}(?:star|stars|co-?star|co-?stars|actress|actor|singer|rapper|alum|host|creator|producer|director"
    r"|writer|showrunner|frontman|castmember|cast|contestant|winner|judge|hitmaker|author|narrator|crooner)\b"
)
"""A role right after a quotation (``"Pitch Perfect" star``): the quotation is what the person is known for."""
_WORK_AFTER_RE = re.compile(
    r",?[ \t]{1,3}(?:a|an|the|her|his|their)[ \t]{1,3}(?:new[ \t]{1,3})?(?:song|single|track|album|film|movie|show"
    r"|series|book|episode|musical|play|documentary|video|sitcom)\b",
    re.IGNORECASE,
)
"""An appositive that names a work after a quotation (``"The Story of Us," a song she wrote``)."""
_OWN_MARKS = frozenset(",.!?…")
_TITLE_WORDS = 8
"""The most words a title quoted as one is taken to have."""
_LONGEST_TITLE = 2 + _TITLE_WORDS * 21
"""The longest quotation (marks included) that may hold :data:`_TITLE_WORDS` words of at most 20 letters."""
_BEFORE_ENDS = ("the", "a", "an", "titled", "called", "dubbed")
_PLACE_ENDS = ("in", "on", "of", "from", "'s", "’s")
"""What a lead-in :data:`_ARTICLE_BEFORE_RE` or :data:`_NAMING_BEFORE_RE` matches ends with, once spaces and a comma
are taken off (lower case)."""


def names_a_work(body: str, match: re.Match[str], lead: str) -> bool:
    """Whether the quotation ``match`` of ``body``, after the lead-in ``lead``, names a work rather than quotes words
    (see the module)."""
    tail = lead[-16:]
    named = tail.rstrip(" \t,")[-8:].lower().endswith(_BEFORE_ENDS)  # (most lead-ins: neither pattern is searched)
    if named and (_ARTICLE_BEFORE_RE.search(tail) or _NAMING_BEFORE_RE.search(tail)):
        return True
    end = match.end()
    placed = tail.rstrip(" \t")[-5:].lower().endswith(_PLACE_ENDS) and _PLACE_BEFORE_RE.search(tail)
    if not placed and not _WORK_AFTER_RE.match(body, end, end + 40):  # then only a role after it can tell
        own_marks = body[end - 2 : end - 1] in _OWN_MARKS or body[end : end + 1] == ","
        if own_marks or _ROLE_AFTER_RE.match(body, end, end + 24) is None:
            return False  # (most quotations: their words are not read)
    words = quoted_words(match).rstrip(".!?…") if end - match.start() <= _LONGEST_TITLE else ""
    return bool(words) and titled(words) and len(words.split()) <= _TITLE_WORDS
