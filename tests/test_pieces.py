"""app.pieces: every piece of a post quoted in pieces found again in its article."""

from __future__ import annotations

import pytest

from app import presenter
from app.pieces import PIECE_REACH, post_span


def test_a_post_quoted_in_pieces_is_highlighted_in_every_paragraph_it_stands_in() -> None:
    text = ('Intro para.\n\n"Home at last," Ada Kim wrote on Instagram. "The sea is calm."\n\n'
            '"See you all soon." \n\nOutro para.')  # fmt: skip
    first = (text.index('"Home'), text.index("Instagram.") + len("Instagram"))
    span = post_span(text, first, ("The sea is calm.", "See you all soon."))
    assert span == (first[0], text.index("soon.") + len("soon."))
    ctx = presenter.post_context(text, span)
    highlighted = ctx.lead + ctx.body + ctx.tail
    for piece in ("Home at last", "The sea is calm.", "See you all soon."):
        assert piece in highlighted
    assert (ctx.before, ctx.after) == ("Intro para.", "Outro para.")


@pytest.mark.parametrize(
    ("pieces", "end_at"),
    [
        ((), "Instagram"),  # one piece: the span as it is
        (("Not in the text.", "The sea is calm."), "Instagram"),  # a piece not found ends the look
        (("Intro para.",), "Instagram"),  # a piece only before the post is none of its later ones
        (("The sea is calm.", "Intro para."), "calm."),
    ],
)
def test_a_posts_span_grows_only_to_later_pieces_found_in_order(pieces: tuple[str, ...], end_at: str) -> None:
    text = 'Intro para.\n\n"Home at last," Ada Kim wrote on Instagram. "The sea is calm."\n\nOutro para.'
    first = (text.index('"Home'), text.index("Instagram") + len("Instagram"))
    assert post_span(text, first, pieces) == (first[0], text.index(end_at) + len(end_at))


def test_a_later_piece_far_past_the_post_is_not_taken() -> None:
    text = '"Hi," she wrote. ' + "x" * (PIECE_REACH + 10) + ' "Later words."'
    assert post_span(text, (0, 15), ("Later words.",)) == (0, 15)
