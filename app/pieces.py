"""Where a post quoted in pieces stands in its article, for the row panel (:func:`app.sections.show_in_context`).

A post the prose quotes in pieces (``"Day 3," she wrote. "Braids are hanging in."``) keeps its first piece's span;
its later pieces (:attr:`reactions.models.Reaction.continued`) are found again in the article's text, in order, so
that the panel highlights every paragraph the post stands in.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["PIECE_REACH", "post_span"]


def post_span(text: str, span: tuple[int, int], continued: Sequence[str]) -> tuple[int, int]:
    """Where a post quoted in pieces stands in its article's ``text``: from its first piece's ``span`` to the end of
    its last later piece (``continued``, :attr:`reactions.models.Reaction.continued`), each found in order within
    :data:`PIECE_REACH` characters after the one before (a piece not found there ends the look); ``span`` for a post
    in one piece.

    >>> text = 'A. "Day 3," she wrote. "Braids in."\\n\\n"Still going." B.'
    >>> post_span(text, (3, 21), ["Braids in.", "Still going."])
    (3, 50)
    """
    start, end = span
    for piece in continued:
        at = text.find(piece, end, end + PIECE_REACH + len(piece)) if piece else -1
        if at < 0:
            break
        end = at + len(piece)
    return start, end


PIECE_REACH = 400
"""How far after a post's piece the next one is looked for in its article (the parser finds it right after the
attribution's sentence, or as the next paragraph)."""
