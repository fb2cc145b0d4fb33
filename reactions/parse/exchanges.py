"""Quotations in one exchange: what stands between a quotation and the next one in its sentence, or the next
sentence, for the quote finder (:mod:`reactions.parse.quotes`).

- a quotation of words someone said or wrote ends the lead-in of the next one: an author is never looked for
  past it (:func:`lead_floor`, :func:`utterance`; a title or a phrase inside the sentence, ``a "heartfelt" note``,
  does not);
- a relative clause after a quotation is about it, no attribution of it (``"…," to which Gomez replied``):
  :func:`relative_clause`;
- a follow-up to a quotation judged a post is a post too: a reply (``Lovato tweeted, "…," to which Gomez
  replied, "…"``), more of its words (``…, adding: "…"``) or another poster's (``One fan wrote, "…," while
  another said, "…"``): :func:`follow_up`.

Pure, linear: every pattern is anchored or bounded, none has nested or adjacent unbounded repeats.

>>> follow_up(", to which Bea Cruz quickly replied, ")
FollowUp(author='Bea Cruz', verb='replied', kind='reply')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final, NamedTuple

from reactions.parse.authors import subject_before
from reactions.parse.quotations import TITLE_WORDS

__all__ = ["FOLLOW_REACH", "LEAD_QUOTATIONS", "MORE", "REPLY", "SAID", "FollowUp", "follow_up", "lead_floor",
           "relative_clause", "utterance"]  # fmt: skip


def utterance(body: str, match: re.Match[str]) -> bool:
    """Whether the quotation ``match`` of ``body`` is words someone said or wrote: ended by their punctuation
    (``"…,"``, ``"…!"``, ``"…", to which``), with a word in lower case that no title keeps in lower case (not
    ``"Escape From New York,"``, ``"Guardians of the Galaxy,"``).

    >>> [utterance(text, re.search('".*"', text)) for text in ('"I love it," she wrote', '"Sorry," a hit song')]
    [True, False]
    """
    end = match.end()
    if body[end - 2 : end - 1] not in _CLOSING and body[end : end + 1] != ",":
        return False
    words = body[match.start() : min(end, match.start() + 80)].split()  # a title is short, speech soon says so
    return any(word[:1].islower() and word not in TITLE_WORDS for word in words)


def lead_floor(body: str, matches: Sequence[re.Match[str]], at: int, start: int) -> int:
    """Where the lead-in of the quotation ``matches[at]``, whose sentence starts at ``start``, starts for want of an
    author: after the last quotation of words (:func:`utterance`) before it in its sentence (of the 8 before it), else
    after the :data:`LEAD_QUOTATIONS`-th quotation before it in its sentence, else 0 (its sentence's start).

    >>> body = 'Ann tweeted, "I love it," to which Bea replied, "Me too."'
    >>> lead_floor(body, list(re.finditer('"[^"]*"', body)), 1, 0)
    25
    """
    if not at or matches[at - 1].end() <= start:
        return 0  # most quotations: none before it in its sentence
    here = matches[at].start()
    for prior in reversed(matches[max(0, at - 8) : at]):
        end = prior.end()
        if end <= start:
            return 0
        if end <= here and _uttered(body, prior):
            return end
    earliest = matches[at - LEAD_QUOTATIONS] if at >= LEAD_QUOTATIONS else None
    return earliest.end() if earliest is not None and earliest.end() > start else 0


def _uttered(body: str, match: re.Match[str]) -> bool:
    """:func:`utterance`, whose reading of the quotation's words is kept for the body (each quotation is asked by the
    8 after it in its sentence: in a sentence that never ends, each its words read once, not eight times)."""
    end = match.end()
    if body[end - 2 : end - 1] not in _CLOSING and body[end : end + 1] != ",":
        return False  # (most quotations: not ended by punctuation, nothing to keep)
    last = _SAID[0]
    if last[0] is not body:
        last = _SAID[0] = (body, {})
    said, span = last[1], match.span()
    if span not in said:
        said[span] = utterance(body, match)
    return said[span]


_CLOSING = (",", ".", "!", "?", "…")
"""The punctuation inside its closing mark that may end a quotation of words (:func:`utterance`)."""
_SAID: Final[list[tuple[str, dict[tuple[int, int], bool]]]] = [("", {})]
"""The last body :func:`_uttered` read (the very object: ``is``) and its quotations' answers, by span."""


LEAD_QUOTATIONS = 4
"""The most quotations a lead-in holds: one never reaches back past the fourth before its quotation (a sentence of
more is a list of them, ``"…" "…" "…"``, not a lead-in), so that each character is read for at most five quotations'
lead-ins and the quote finder stays linear in a sentence that never ends."""



_RELATIVE_RE = re.compile(r"(?:(?:to|after|in|upon|at|of)[ \t]{1,3})?(?:which|whom|whose)\b", re.IGNORECASE)


def relative_clause(words: str) -> bool:
    """Whether the words after a quotation open a relative clause about it (``to which Gomez replied``, ``which she
    later deleted``): they say what became of the quotation, they do not attribute it.

    >>> relative_clause("to which Gomez replied"), relative_clause("Gomez replied")
    (True, False)
    """
    return _RELATIVE_RE.match(words) is not None


_FOLLOW_VERB_RE = re.compile(
    r"\b(?:(?P<reply>replied|responded|answered|(?:wrote|tweeted|fired|hit|shot|clapped)[ \t]{1,3}back)"
    r"|(?P<more>added|adding|continued|continuing)|(?P<said>said|says|asked|joked|quipped|chimed[ \t]{1,3}in))"
    r"(?:[ \t]{1,3}(?:to[ \t]{1,3}(?:her|him|them|it|that)|with))?[ \t]{0,3}[,:]?[ \t]{0,3}\Z",
    re.IGNORECASE,
)
"""A lead-in's last words that follow up what was quoted before it: a reply (``…Gomez replied,``, ``…she wrote
back:``), more of the same words (``adding:``, ``he continued,``), or what someone else said (``another said:``)."""
_FOLLOW_OPENER_RE = re.compile(
    r"[ \t]{0,3}[,;]?[ \t]{0,3}(?:(?:(?:to|after|upon)[ \t]{1,3}which|and|but|while|before|whereupon|then)[ \t]{1,3})?",
    re.IGNORECASE,
)
"""What may stand between a quotation and the author of the follow-up to it (``, to which``, ``and``, ``while``)."""
FOLLOW_REACH = 120
"""The longest lead-in read as a follow-up to the quotation right before it."""
REPLY, MORE, SAID = "reply", "more", "said"
"""What a follow-up is (:func:`follow_up`): a reply, more of the same words, what someone else said."""


class FollowUp(NamedTuple):
    """A lead-in that follows up the quotation before it (:func:`follow_up`)."""

    author: str
    """Who, as written (``Gomez``, ``she``, ``another``); empty for a participle (``adding:``)."""
    verb: str
    kind: str
    """:data:`REPLY`, :data:`MORE` or :data:`SAID`."""


def follow_up(lead: str) -> FollowUp | None:
    """What ``lead``, the words between a quotation and the next one in its sentence (or the whole sentence after
    it), says of the next: a reply to the first (``, to which Gomez replied,``, ``Gomez wrote back:``), more of its
    words (``, adding:``, ``and she continued,``) or someone else's (``, while another said:``): an opener, an author
    (none for a participle) and the verb, nothing else; ``None`` otherwise.

    >>> follow_up(", adding: ").kind, follow_up(" while another said: ").author, follow_up(" The post continued: ")
    ('more', 'another', FollowUp(author='', verb='continued', kind='more'))
    >>> follow_up(", she said, and then ") is None
    True
    """
    if len(lead) > FOLLOW_REACH or (verb := _FOLLOW_VERB_RE.search(lead)) is None:
        return None
    opener = _FOLLOW_OPENER_RE.match(lead)
    between = lead[opener.end() if opener else 0 : verb.start()]
    author = subject_before(between)
    word = (verb.group("reply") or verb.group("more") or verb.group("said")).split(None, 1)[0].lower()
    if not author and (between.strip() or not word.endswith("ing")):
        return None  # words that are no author, or a verb of the past with no subject
    if len(between.split()) > len(author.split()) + 2:
        return None  # more than an adverb or two besides the author: not a follow-up of the quotation before
    kind = REPLY if verb.group("reply") else MORE if verb.group("more") else SAID
    if kind == MORE and author and author.rsplit(None, 1)[-1].lower() in _POST_NOUNS:
        author = ""  # "The message continued:": the post goes on, its author is the one before
    return FollowUp(author, word, kind)


_POST_NOUNS = frozenset({"message", "post", "tweet", "caption", "note", "thread", "statement", "letter"})
"""Nouns of what was written: a follow-up whose subject is one goes on with the words before (``The post went on``)."""
