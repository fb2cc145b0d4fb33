"""Posts back to back in a text written one sentence a line: every line since the previous post is the next's.

Where an article writes each sentence on a line of its own and keeps no blank lines, a post of several sentences
is several lines like the article's, and only its last line carries the byline.  Between two posts, though, the
article seldom writes anything but a lead-in; so when the lines between the previous post's byline and the next
post's first line fit, together with the post, within its network's length limit, and none of them reads as a
lead-in or as prose about the author (:func:`reactions.parse.wordless_lines.introduces`), they are the post's::

    Crews are out on every road tonight. — Bay Power Co (@baypower) March 3, 2019
    We have restored power to 8,000 homes.
    More to come overnight.
    — Bay Power Co (@baypower) March 3, 2019

A lead-in's colon among them ends the post's reach below it (``Here's what happened:``).  Lines reaching past the
length limit before meeting the previous post or a colon leave the start where it was (the article's prose may
stand above), and so does a line naming a network, a posting verb or the author without a colon (``In a damning
tweet, the writer summed it up.`` is often followed by more of the article's prose before the post).

Pure functions, linear time: one look back over at most :data:`_MOST_LINES` lines of the bounded window.
"""

from __future__ import annotations

from typing import Final

from reactions.parse.attribution import Attribution
from reactions.parse.boundaries import SLACK, Layout, length_limit, tweet_length
from reactions.parse.wordless_lines import has_words, introduces, one_sentence_lines, words_above

__all__ = ["SINCE_PREVIOUS_POST", "since_previous_post", "start_in_sentence_lines"]

SINCE_PREVIOUS_POST: Final = "the lines since the previous post taken as the post's"
_SINCE_PREVIOUS_COST: Final = 0.15
_MOST_LINES: Final = 8
"""The most lines above a post's first that may join it (a tweet's sentences, one a line)."""
_LONGEST_POST: Final = 280
"""The longest a post joined this way may be: a tweet's limit, also where the network allows more."""


def start_in_sentence_lines(
    layout: Layout, start: int, stop: int, floor: int, attribution: Attribution, cues: dict[str, float]
) -> int:
    """The start of the post ``text[start:stop]`` in a text that may be written one sentence a line: the line
    above a post with no words (:func:`reactions.parse.wordless_lines.words_above`), then the lines since the
    previous post (:func:`since_previous_post`)."""
    if start >= stop:
        return start
    return since_previous_post(
        layout, words_above(layout, start, stop, floor, attribution, cues), stop, floor, attribution, cues
    )


def since_previous_post(
    layout: Layout, start: int, stop: int, floor: int, attribution: Attribution, cues: dict[str, float]
) -> int:
    """The start of the post ``text[start:stop]``, moved up over the lines since the previous post (which ended
    at ``floor``, its byline closing its line) or since a lead-in's colon, when all fit the length limit
    (``cues`` then gets :data:`SINCE_PREVIOUS_POST`); otherwise ``start``."""
    text = layout.text
    if layout.blank_lines or floor <= 0 or start <= floor or start >= stop or not layout.starts_line(start):
        return start
    if text[floor : layout.line_end(floor)].strip() or not one_sentence_lines(text, start):
        return start
    limit = min(length_limit(attribution.platform.value, attribution.date) or _LONGEST_POST, _LONGEST_POST)
    top = start
    for _ in range(_MOST_LINES):
        last = layout.last_visible(top, floor)
        if last < floor:  # the previous post's byline reached: every line since is the post's
            break
        above = layout.line_start(last, floor)
        line = text[above : last + 1].strip()
        if line.endswith(":") and has_words(line):  # a lead-in's colon: the post starts below it
            break
        if introduces(line, attribution) or (not has_words(line) and any(ch.isdigit() for ch in line)):
            return start  # prose about the post or its author, or a list's number (``3.``): the start is unsure
        if tweet_length(text[above:stop]) > limit + SLACK:
            return start
        top = above
    else:
        return start
    if top < start:
        cues[SINCE_PREVIOUS_POST] = _SINCE_PREVIOUS_COST
    return top
