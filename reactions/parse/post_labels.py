"""A post that opens with a label and a colon: the colon is the post's, not the article's lead-in.

News accounts open their tweets with a label and a colon (``Maryland Trump Supporter: They Switched My Vote…``,
``BREAKING NEWS: Senate passes…``) or with Twitter's ``.@`` (``.@SpeakerRyan says he voted for @realDonaldTrump:
"Republicans, it is time to come home"``).  Where a corpus glued the embed to the article's prose, the post's start
is chosen among the places a post may start (:func:`reactions.parse.boundaries.choose_start`), and the label's colon
reads as an article's lead-in (``…in this tweet:``): the post loses its opening words.

So when the chosen start follows a colon, the words before that colon, back to the sentence's end before them
(:func:`label_start`), are the post's when they are

* a label: two to eight words, each opening with a capital or a digit (``Maryland Trump Supporter``, ``BREAKING
  NEWS``), none a word an article's lead-in uses (``Watch``, ``Video``, ``Here``, ``Source``…), none naming the
  post's author (``Donald Trump:`` before Trump's own tweet is the article introducing him), and no posting cue;
* or a sentence that opens with ``.@`` or ``. @`` (a period standing alone before a mention: prose never opens a
  sentence so; Twitter's users do, so that the tweet is not read as a reply).

Pure functions; each look is bounded (:data:`_REACH` characters before the colon).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Final

from reactions.parse.boundaries import Boundary, has_platform_cue, names_author

__all__ = ["label_start", "with_label"]

_REACH: Final = 120
"""How far before the colon a label's start is looked for (a label is a few words; a ``.@`` sentence a tweet's)."""
_LABEL_WORDS: Final = range(2, 9)
_LEAD_IN_WORDS: Final = frozenset((
    "watch", "video", "videos", "photo", "photos", "look", "see", "here", "read", "more", "related", "source",
    "sources", "via", "update", "updated", "editor", "note", "credit", "image", "images", "caption", "tweet",
    "tweets", "twitter", "facebook", "instagram", "post", "posts", "below", "above", "listen", "audio", "transcript",
    "quote", "quotes", "he", "she", "they", "it", "this", "these", "that", "said", "says", "wrote", "writes",
))  # fmt: skip
"""Words that make a colon the article's lead-in (``Watch This Video:``, ``Here It Is:``, ``Editor's Note:``)."""
_SENTENCE_END_RE: Final = re.compile(r"[.!?…][\"”’)]?[ \t]+|\n")
_LONE_PERIOD_RE: Final = re.compile(r"(?:^|[.!?…][\"”’)]?[ \t]+|\n[ \t]*)(\.[ \t]?@\w)")
_WORD_RE: Final = re.compile(r"\S+")


def with_label(text: str, lo: int, chosen: Boundary, author: Sequence[str]) -> Boundary:
    """``chosen``, or the start of the label before its colon (:func:`label_start`) when it has one."""
    if chosen.kind != "colon":
        return chosen
    start = label_start(text, lo, chosen.at, author)
    return chosen if start is None else Boundary(start, "label", chosen.score)


def label_start(text: str, lo: int, at: int, author: Sequence[str]) -> int | None:
    """Where the label (or the ``.@`` sentence) before the colon that ends just before ``at`` starts, no further
    back than ``lo``; None when the colon is an article's lead-in (see the module).

    >>> body = "She had tried to vote for him. Maryland Trump Supporter: They Switched My Vote"
    >>> body[label_start(body, 0, body.index("They"), ("paul", "watson")) :]
    'Maryland Trump Supporter: They Switched My Vote'
    >>> body = "Voters reacted at once. Watch This Video: A crowd cheers"
    >>> label_start(body, 0, body.index("A crowd"), ()) is None
    True
    >>> body = "It was surreal. . @SpeakerRyan says he voted for @realDonaldTrump : Come home"
    >>> body[label_start(body, 0, body.index("Come"), ()) :]
    '. @SpeakerRyan says he voted for @realDonaldTrump : Come home'
    """
    colon = len(text[lo:at].rstrip()) + lo - 1
    if colon < lo or text[colon] != ":":
        return None
    first = max(lo, colon - _REACH)
    window = text[first:colon]
    ends = [m.end() for m in _SENTENCE_END_RE.finditer(window)]
    lone = _last(_LONE_PERIOD_RE.finditer(window))
    if lone is not None and (not ends or ends[-1] <= lone.start(1) + 2):  # no sentence ends after the ``. @``
        return first + lone.start(1)
    if not ends and first > lo and text[first - 1] not in " \t\n":
        return None  # the label's start lies beyond the reach: no label
    start = first + (ends[-1] if ends else 0)
    return start if _is_label(text[start:colon], author) else None


def _last(matches: Iterator[re.Match[str]]) -> re.Match[str] | None:
    """The last of ``matches``, or None."""
    last = None
    for last in matches:  # noqa: B007 (the loop keeps the last)
        pass
    return last


def _is_label(words_text: str, author: Sequence[str]) -> bool:
    """Whether ``words_text`` is a post's label: capitalised words, no lead-in's word, no author, no posting cue."""
    words = _WORD_RE.findall(words_text)
    if len(words) not in _LABEL_WORDS:
        return False
    for word in words:
        if not (word[0].isupper() or word[0].isdigit()) or word.strip(".,'’\"“”").lower() in _LEAD_IN_WORDS:
            return False
    return not has_platform_cue(words_text) and not names_author(words_text, author)
