"""The words of a post whose last line holds none, in a text written one line per sentence.

Some corpora write every sentence on a line of its own (with blank lines between paragraphs, or none at all); an
embedded post's sentences are then lines like the article's, and its byline follows only its last one::

    Someone sent me this video from the border crossing.
    pic.twitter.com/AbCdEf — Some One (@someone) November 2, 2018

The post cut from the byline's line alone is then a picture link, a hashtag or an emoji: no words.  Where the
article writes each sentence on its own line (:func:`one_sentence_lines`: its long lines seldom hold a sentence end
inside them), prose does not end a line with a picture link, so :func:`words_above` takes the line above as the
post's first: the byline's post written over two lines (never across a blank line).  Where lines are paragraphs
(trafilatura's one newline a paragraph), a picture posted alone often follows the article's paragraph, which is
left alone.  The line is left to the article too when it introduces the post (it ends with a colon, names a
network or a posting verb: ``The Associated Press confirms the report:``), when it names the post's author (prose
names the people it is about: ``… with the White House and Trump urging …`` over Trump's video), and when it would
take the post past its network's length limit.  Only one line is taken: the lines higher up may be the post's or
the article's, and nothing in such a text tells them apart (a guess costs confidence).

Pure functions, linear time: one bounded look back over one line.
"""

from __future__ import annotations

import re
from typing import Final

from reactions.parse.attribution import Attribution
from reactions.parse.boundaries import SLACK, Layout, author_words, lead_score, length_limit, tweet_length

__all__ = ["WORDS_ABOVE", "has_words", "introduces", "one_sentence_lines", "words_above"]

WORDS_ABOVE: Final = "a post with no words on its byline's line: the line above taken as its text"
"""The cue (in a post's ``cues``) that its text was taken from the line above its link, hashtag or emoji."""
_WORDS_ABOVE_COST: Final = 0.25
_LINK_OR_TAG_RE: Final = re.compile(r"(?:https?://|www\.|pic\.(?:twitter|x)\.com/)\S{0,300}|[#@][^\W_]\w{0,100}")
"""What a post's line may hold besides words: links, hashtags, mentions."""
_WORD_RE: Final = re.compile(r"[^\W\d_]{2,}")
"""A word: two letters or more (an emoji, a digit or a punctuation mark is none)."""
_MOST_CHARS: Final = 600
"""The most characters looked back for the line above (a tweet's 280 with its links, and room to spare)."""
_LAYOUT_WINDOW: Final = 3000
"""The characters either side of a post read to tell how the article breaks its lines."""
_LONG_LINE: Final = 40
"""A line this long or longer could hold two sentences: only such lines tell the layout."""
_FEWEST_LINES: Final = 4
"""The fewest long lines that tell the layout."""
_MOST_SHARE: Final = 0.2
"""The largest share of long lines holding a sentence end inside them in a text written one line per sentence.
Measured: the Propaganda Techniques Corpus (one sentence a line) 0.03 in the median article, 92 % of articles under
0.15; McIntire's fake_or_real_news, webhose and the AllSides set (one paragraph a line) 0.5-0.59, 2-6 % under 0.15."""
_INNER_END_RE: Final = re.compile(r"([^\W_]{1,20})[.!?][\"”’)]?[ \t]+[\"“‘(]?[A-Z]")
"""A sentence end inside a line: a word, the stop, a closing quote, a space, then a capital."""
_ABBREVIATIONS: Final = frozenset(
    {"mr", "ms", "mrs", "dr", "jr", "sr", "st", "sen", "rep", "gov", "gen", "lt", "col", "sgt", "capt", "prof"}
    | {"rev", "inc", "co", "corp", "vs", "no", "pres", "supt"}
)
"""Words whose stop ends no sentence (``Ms. Steinle``); a capital letter alone (an initial) neither."""
_POST_MARKS: Final = ("(@", "pic.twitter.com", "http")
"""A line holding one of these is a post's (its byline, its links): it tells nothing of the article's layout."""


def has_words(text: str) -> bool:
    """Whether ``text`` holds a word outside its links, hashtags and mentions.

    >>> has_words("pic.twitter.com/AbCdEf"), has_words("#KatesLaw #BuildTheWall 🇺🇸"), has_words("So sad. #RIP")
    (False, False, True)
    """
    return _WORD_RE.search(_LINK_OR_TAG_RE.sub(" ", text)) is not None


def words_above(
    layout: Layout, start: int, stop: int, floor: int, attribution: Attribution, cues: dict[str, float]
) -> int:
    """The start of the post ``text[start:stop]``: the line above's start when the post holds no words, it opens
    a line right under that one (one newline between), the text is written one sentence a line, and that line may
    be its own (no lead-in, within the length limit:
    ``cues`` then gets :data:`WORDS_ABOVE`); otherwise ``start``."""
    text = layout.text
    if start <= floor or not layout.starts_line(start) or has_words(text[start:stop]):
        return start
    lowest = max(floor, start - _MOST_CHARS)
    last = layout.last_visible(start, lowest)
    if last < lowest or text.count("\n", last, start) != 1:
        return start
    above = layout.line_start(last, lowest)
    line = text[above : last + 1].strip()
    clipped = above == lowest and lowest > floor
    if not line or clipped or not has_words(line) or introduces(line, attribution):
        return start
    if not one_sentence_lines(text, above):
        return start
    limit = length_limit(attribution.platform.value, attribution.date)
    if limit is not None and tweet_length(text[above:stop]) > limit + SLACK:
        return start
    cues[WORDS_ABOVE] = _WORDS_ABOVE_COST
    return above


def one_sentence_lines(text: str, at: int) -> bool:
    """Whether the text around ``at`` is written one sentence a line: of its long lines (up to
    :data:`_LAYOUT_WINDOW` characters either side) that are no post's, at least :data:`_FEWEST_LINES`, few hold a
    sentence end inside them.

    >>> one_sentence_lines("It rained all day long in the north of the country.\\n" * 4, 300)
    True
    >>> one_sentence_lines("It rained all day. Roads were shut in the north.\\n" * 4, 300)
    False
    """
    window = text[max(0, at - _LAYOUT_WINDOW) : at + _LAYOUT_WINDOW]
    lines = [line for line in window.split("\n") if len(line) >= _LONG_LINE and not _has_post_mark(line)]
    if len(lines) < _FEWEST_LINES:
        return False
    inner = sum(1 for line in lines if _holds_sentence_end(line))
    return inner <= _MOST_SHARE * len(lines)


def _has_post_mark(line: str) -> bool:
    return any(mark in line for mark in _POST_MARKS)


def _holds_sentence_end(line: str) -> bool:
    """Whether a sentence ends inside ``line`` (not at an abbreviation such as ``Mr.`` or an initial)."""
    for end in _INNER_END_RE.finditer(line):
        word = end.group(1)
        if word.casefold() not in _ABBREVIATIONS and not (len(word) == 1 and word.isupper()):
            return True
    return False


def introduces(line: str, attribution: Attribution) -> bool:
    """Whether a line reads as the article's lead-in to the post below it, or as prose about its author: it ends
    with a colon, names a network or a posting verb (``He tweeted a picture.``), or names the author."""
    return line.endswith(":") or lead_score(line, author_words(attribution.name, attribution.handle)) > 0
