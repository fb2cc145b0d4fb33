"""The later pieces of a post that the prose quotes in pieces, for the quote finder (:mod:`reactions.parse.quotes`).

News writing breaks a long post at its attribution and quotes the rest on its own: ``"Day 3 in the same shirt," she
wrote alongside a video. "Braids are hanging in."``, or, in British style, opens each paragraph of a long quotation
with a mark and closes only the last one::

    Liam posted on Instagram: "Just a quick note to say that we have separated.

    "This is a private matter. Peace and Love."

The reaction's ``text`` stays the first piece (the convention of the labelled dev set: "when the attribution splits a
quote in two, only the first segment"); the later pieces go, in order, to its ``continued`` field, so that the whole
post can be read and scored (:attr:`reactions.models.Reaction.whole_text`).

A quotation that stands right after a post's sentence (after a space or two, or as the next paragraph) with no
attribution of its own and nothing after it in its paragraph is a later piece of that post.  What is not:

- a quotation followed by words in its paragraph (``"…" That's what a fan said``, ``"…," she added``): it has its
  own attribution or is the narration's;
- a title (``"Jimmy Kimmel Live!"``, a section's heading) or a single word;
- a paragraph whose words end in a bare word (``“she is the best”``): more often a heading, or the first line of an
  embedded post, than a post's last sentence;
- the next quotation of a list (``Other tweets include: "You own waves," "You would not…"``): a quotation whose
  lead-in came first and that closes on a comma;
- anything after a sentence that names a second poster (``"…," one fan wrote, while another compared her to …``),
  or after a sentence that goes on past its attribution (``…she wrote, and then "…"``);
- a paragraph that opens a quotation and never closes it (a crawler's cut, ``…my doctors told me I c Read more``),
  unless a later paragraph that opens with a mark closes it at its end (the British style above);
- the words of an embedded post (``taken``).

Pure, linear: each step reads a bounded window from where the last one stopped, and at most
:data:`MAX_PIECES` pieces are read.

>>> from reactions.parse.quotations import quotations
>>> body = '"Day 3," she wrote. "Braids are hanging in."\\n\\nNext.'
>>> later_pieces(body, quotations(body), 0, 18, [])
('Braids are hanging in.',)
>>> body = '"Day 3," she wrote. "Braids," she added.'
>>> later_pieces(body, quotations(body), 0, 18, [])
()
"""

from __future__ import annotations

import bisect
import operator
import re
from collections.abc import Sequence

from reactions.parse.build import overlaps
from reactions.parse.quotations import titled

__all__ = ["MAX_PIECES", "later_pieces"]

MAX_PIECES = 8
"""The most pieces read after a post (a long statement quoted whole, paragraph by paragraph)."""
_GAP_RE = re.compile(r"[.!?…]?(?:[ \t]{1,3}|[ \t]{0,3}\n[ \t]{0,3}\n?[ \t]{0,3})(?=[\"“])")
"""What stands between a post's sentence and its next piece: the sentence's end, then a space or a line break."""
_PARAGRAPH_GAP_RE = re.compile(r"[ \t]{0,3}\n[ \t]{0,3}\n?[ \t]{0,3}(?=[\"“])")
"""A paragraph break before the next paragraph of a long quotation (British style: it opens with a mark)."""
_OPEN_RE = re.compile(r"[\"“](?P<a>[^\"“”\n]{2,2000})(?=\n|\Z)")
"""A paragraph that opens a quotation and runs to its end without closing it, after a sentence in the paragraph of
the attribution (the quote finder takes one for a candidate only at a line's start or after a colon or comma)."""
_PARAGRAPH_END_RE = re.compile(r"[ \t]{0,3}(?:\n|\Z)")
_OTHER_POSTER_RE = re.compile(r"\b(?:another|others|a[ \t]second|a[ \t]third|while|whereas)\b", re.IGNORECASE)
"""Words after a quotation that bring in a second poster: what follows may be theirs."""
_ENDS = frozenset(".!?…")
_CLOSES = frozenset('"”')
_GAP_WINDOW = 12
"""The most characters a gap between two pieces takes (its patterns' bounded repeats)."""


def later_pieces(
    body: str, quotations: Sequence[re.Match[str]], at: int, post_end: int, taken: Sequence[tuple[int, int]]
) -> tuple[str, ...]:
    """The later pieces, in order, of the post quoted at ``quotations[at]`` (the quotation candidates of
    :func:`reactions.parse.quotations.quotations`, in order), whose sentence ends at ``post_end`` (the attribution's
    end, or the quotation's when the lead-in came first): the candidates with no attribution of their own right after
    that sentence (see the module), each piece's words trimmed; ``()`` when there are none."""
    quote_end = quotations[at].end()
    if not 0 <= quote_end <= post_end <= len(body):
        return ()
    if post_end < len(body) and body[post_end] not in _ENDS and not _closed_here(body, quote_end, post_end):
        return ()  # the sentence goes on past what was read of it
    if _OTHER_POSTER_RE.search(body, quote_end, post_end) or _listed(body, quote_end, post_end):
        return ()
    pieces: list[str] = []
    gap = _gap(body, post_end)
    while gap is not None and len(pieces) < MAX_PIECES:
        found = _quoted_paragraphs(body, quotations, gap.end(), taken, MAX_PIECES - len(pieces))
        if found is None or ("\n" in gap.group() and not _ends_post(found[0][-1])):
            break
        pieces.extend(found[0])
        end = found[1]
        gap = _gap(body, end) if body[end - 1 : end] in _CLOSES else None
    return tuple(pieces)


def _gap(body: str, at: int) -> re.Match[str] | None:
    return _GAP_RE.match(body, at, min(len(body), at + _GAP_WINDOW))


def _listed(body: str, quote_end: int, post_end: int) -> bool:
    """Whether the quotation, its lead-in first, closes on a comma: one of a list (``…tweets include: "…," "…"``),
    whose next quotation is another post, not more of this one."""
    return post_end == quote_end and body[quote_end - 2 : quote_end - 1] == ","


def _closed_here(body: str, quote_end: int, post_end: int) -> bool:
    """Whether the post's sentence ends where it was read to: at its quotation's end (``She wrote: "…"``) or at a
    line's end."""
    return post_end == quote_end or body[post_end] == "\n"


def _quoted_paragraphs(
    body: str, quotations: Sequence[re.Match[str]], at: int, taken: Sequence[tuple[int, int]], most: int
) -> tuple[list[str], int] | None:
    """The words of the quotation candidate opening at ``at`` that ends its paragraph, and where it ends: one closed
    on its line, or up to ``most`` open paragraphs (British style) up to one that closes at its end; ``None`` when it
    is no such quotation.  The candidates are the quote finder's own, so that marks pair as they pair there (a
    curly mark closed by a straight one: :func:`reactions.parse.quotations.quotations`)."""
    words: list[str] = []
    pos = at
    while len(words) < most:
        match = _candidate_at(quotations, pos) or _OPEN_RE.match(body, pos)
        if match is None or overlaps(match.span(), taken):
            return None
        text = (match[match.lastindex] if match.lastindex else "").strip()
        if not _post_words(text):
            return None
        if body[match.end() - 1] in _CLOSES:  # closed on its line: the last paragraph
            return ([*words, text], match.end()) if _PARAGRAPH_END_RE.match(body, match.end()) else None
        words.append(text)
        gap = _PARAGRAPH_GAP_RE.match(body, match.end(), min(len(body), match.end() + _GAP_WINDOW))
        if gap is None:
            return None  # a quotation never closed: a crawler's cut
        pos = gap.end()
    return None


def _candidate_at(quotations: Sequence[re.Match[str]], pos: int) -> re.Match[str] | None:
    """The quotation candidate that starts at ``pos``, if any."""
    i = bisect.bisect_left(quotations, pos, key=_START)
    return quotations[i] if i < len(quotations) and quotations[i].start() == pos else None


_START = operator.methodcaller("start")


def _ends_post(text: str) -> bool:
    """Whether a paragraph's quoted words end as a post's last sentence does: with a mark, an emoji, a hashtag or a
    mention."""
    last = text.rsplit(None, 1)[-1]
    return not last[-1].isalnum() or last[0] in "#@"


def _post_words(text: str) -> bool:
    """Whether quoted words can be a piece of a post: two words or more, not a title."""
    text = text.strip()
    return len(text.split(None, 1)) > 1 and not titled(text.rstrip(".!?…,"))
