"""A post's words quoted by the article's prose above its embed, for the plain-text embed finder
(:mod:`reactions.parse.text_embeds`).

An embed whose attribution stands on a line of its own (``A post shared by Miley Cyrus (@mileycyrus) on …``,
``— Name (@handle) Date``) takes the paragraph above it as its post, or nothing when that paragraph reads as the
article's.  Where that paragraph is the article's prose quoting the post (``Shortly after the show, Miley posted a
heartfelt apology … "To my dearest fans …," she wrote. "I am beyond bummed …"``), the post is the quoted words, not
the narration nor nothing.  A paragraph is such prose when a posting or writing verb gives one of its quotations to
its author: in the three words after it (``"…," she wrote``, ``"…," Cortese captioned``) or the four before it, ending
in a colon or a comma (``…she captioned it: "…"``, ``…along with the caption, "…"``); not a commenter's or a source's
words (``"…," one fan wrote``, ``"…," the source shared``), not from another medium (a book, a statement).  A caption
that quotes someone (``My best friend said "Oh she's just being Miley" !!!! ❤️``) has no such verb.  The post's words
are then the paragraph's quotations of three words or more that are no title (``a clip of "Dear Future Husband"``),
joined by spaces.

>>> body = 'Ann posted a note for her fans. "Thank you all for coming, it was magic," she wrote. "See you soon!"'
>>> quoted_post(body, 0, len(body))
(32, 'Thank you all for coming, it was magic See you soon!')
>>> quoted_post('My pal said "Oh she is just being Ann" !!!! #tour', 0, 49) is None
True
"""

from __future__ import annotations

from reactions.parse.attribution import Attribution
from reactions.parse.boundaries import GAP, Layout
from reactions.parse.post_cues import other_medium
from reactions.parse.posted import is_source
from reactions.parse.quotations import quotations, quoted_words, titled
from reactions.parse.sentences import words_of

__all__ = ["POSTING_WORDS", "quoted_above", "quoted_post"]

POSTING_WORDS = frozenset(b"posted posts posting wrote writes writing tweeted tweets tweeting shared shares sharing "
                          b"captioned captions captioning penned".split())  # fmt: skip
"""Verbs by which narration says its author posted the words it quotes (as :func:`words_of` reads them)."""
_COMMENTERS = frozenset(b"fan fans user users follower followers commenter commenters another someone one".split())
"""Words of someone who answers a post (``one fan wrote``): their words are no part of it."""
_MARKS = ('"', "“")
_LEAST_WORDS = 3
"""A quotation of fewer words is a title or a phrase of the narration, not the post's words."""


def quoted_above(layout: Layout, attribution: Attribution, floor: int, start: int, stop: int) -> tuple[int, str] | None:
    """The post's words (where they start, the words) when ``attribution`` stands on a line of its own under prose
    quoting its post (:func:`quoted_post`): prose in ``text[start:stop]``, the post's region, or in the paragraph
    above when the region kept nothing (prose naming the author in full, or with none of a caption's marks)."""
    text = layout.text
    line = layout.line_start(attribution.start, floor)
    if line <= floor or text[line : attribution.start].strip(GAP):
        return None  # the attribution ends a line of its post (or nothing stands above it)
    if start == stop:
        last = layout.last_visible(attribution.start, floor)
        start, stop = layout.para_start(last, floor), last + 1
    return quoted_post(text, start, stop) if start < stop else None


def quoted_post(text: str, start: int, stop: int) -> tuple[int, str] | None:
    """``(where the quoted words start, the words)`` when the last line of ``text[start:stop]``, the post above an
    embed's attribution, is prose quoting the post (see the module); ``None`` when it is not (most: no quotation
    mark)."""
    line = text.rfind("\n", start, stop) + 1 or start
    if not any(mark in text[line:stop] for mark in _MARKS):
        return None
    paragraph = text[line:stop]
    matches = quotations(paragraph)
    cuts = [0, *(at for match in matches for at in match.span()), len(paragraph)]
    pieces = [paragraph[cuts[i] : cuts[i + 1]] for i in range(0, len(cuts), 2)]  # the narration around them
    if other_medium(" ".join(pieces)) or not any(
        _attributes(pieces[i], pieces[i + 1], quoted_words(match)) for i, match in enumerate(matches)
    ):
        return None  # no posting verb gives a quotation to its author, or the words are from a book, a statement…
    quoted = [match for match in matches if len(quoted_words(match).split()) >= _LEAST_WORDS]
    quoted = [match for match in quoted if not titled(quoted_words(match))] or quoted
    if not quoted:
        return None
    return line + quoted[0].start(), " ".join(quoted_words(match) for match in quoted)


def _attributes(before: str, after: str, quoted: str) -> bool:
    """Whether the narration right around a quotation gives it to its author with a posting verb: one in the three
    words after it (``"…," she wrote``; not after a full stop: the next sentence) or the four before it, which end in a
    colon or a comma (``…she captioned it: "…"``, ``…with the caption, "…"``), with no commenter or source there
    (``"…," one fan wrote``, ``"…," the source shared``)."""
    near = words_of(after)[:3] if not quoted.endswith(".") else []  # '"….' He tweeted': the next sentence
    if POSTING_WORDS.isdisjoint(near):
        near = words_of(before)[-4:]
        if not before.rstrip().endswith((":", ",")) or (POSTING_WORDS.isdisjoint(near) and b"caption" not in near):
            return False  # "…once wrote a parody to "…"": the verb's object is no quotation
    return _COMMENTERS.isdisjoint(near) and not is_source(b" ".join(near).decode())
