"""The later pieces of a post quoted in pieces: kept apart in ``continued``, never joined to ``text``."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.models import Reaction
from reactions.parse.article import parse_article
from reactions.parse.continued import MAX_PIECES, later_pieces
from reactions.parse.quotations import quotations
from reactions.parse.quotes import find_quotes


def _found(body: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(quote.text, quote.continued) for quote in find_quotes(body, "a.txt", [])]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (  # the same paragraph, after the attribution's full stop
            'Rosa Lind sold the farm. "Last day on the farm," she wrote on Instagram. "The cows will miss the radio!"',
            [("Last day on the farm", ("The cows will miss the radio!",))],
        ),
        (  # the next paragraph, quoted whole
            "Jan Oort went to sea.\n\n“Leaving port,” he tweeted.\n\n“Back in a month, do water the ferns.”",
            [("Leaving port", ("Back in a month, do water the ferns.",))],
        ),
        (  # British style: each paragraph opens with a mark, only the last one closes
            'Pia Holm posted on Facebook: "We sold the shop.\n\n"It was a hard choice.\n\n"Thank you for ten years."'
            "\n\nShe moves in June.",
            [("We sold the shop.", ("It was a hard choice.", "Thank you for ten years."))],
        ),
        (  # two paragraphs, each one quotation: two pieces, in order
            '"Snow again," Ada Kerr tweeted. "Third day running."\n\n"The plough has not come."',
            [("Snow again", ("Third day running.", "The plough has not come."))],
        ),
        (  # a paragraph of its own that ends in a hashtag
            "Noor Aziz posted on Instagram: “Finished the marathon at last.\n\n“Legs are jelly now #run”",
            [("Finished the marathon at last.", ("Legs are jelly now #run",))],
        ),
    ],
)
def test_the_later_pieces_of_a_post_are_kept_apart(body: str, expected: list[tuple[str, tuple[str, ...]]]) -> None:
    assert _found(body) == expected


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (  # its own attribution: someone's speech, or a quotation the finder judges itself
            'Rosa Lind sold the farm. "Last day on the farm," she wrote on Instagram. "Sad day," she told us.',
            [("Last day on the farm", ())],
        ),
        (  # words after it in its paragraph: the narration's
            '"Last day on the farm," she wrote on Instagram. "Sad day." That is what her neighbour said.',
            [("Last day on the farm", ())],
        ),
        (  # a second poster named: what follows may be theirs
            '"Go Rosa," one fan wrote on Twitter, while another posted a song. "She will be back soon."',
            [("Go Rosa", ())],
        ),
        (  # a title on a line of its own
            "“Go Rosa,” Jo Lane tweeted.\n\n“Farm Days Tonight”\n\nThe show airs at nine.",
            [("Go Rosa", ())],
        ),
        (  # a paragraph ending in a bare word: a heading or an embedded post's first line
            "“Go Rosa,” Jo Lane tweeted.\n\n“the best farmer in the county”\n\nMore below.",
            [("Go Rosa", ())],
        ),
        (  # a quotation opened and never closed: a crawler's cut
            "Ove Dahl posted on Facebook: “The doctors told me to rest.\n\n“It breaks my heart to cancel but I "
            "Read more\n\nOther news",
            [("The doctors told me to rest.", ())],
        ),
        (  # the sentence goes on past the attribution
            '"Last day on the farm," she wrote on Instagram, and then "The cows will miss the radio!"',
            [("Last day on the farm", ())],
        ),
        (  # a list of posts: the next one is another post, not more of this one
            'Her tweets include: "The barn is empty," "The radio is off."',
            [("The barn is empty", ())],
        ),
        (  # a quotation followed by another in its paragraph: it does not end its paragraph
            '"Snow again," Ada Kerr tweeted. "Third day running." "The plough has not come."',
            [("Snow again", ())],
        ),
        (  # a single word
            '"Last day on the farm," she wrote on Instagram. "Goodbye."',
            [("Last day on the farm", ())],
        ),
    ],
)
def test_what_is_no_later_piece_stays_apart(body: str, expected: list[tuple[str, tuple[str, ...]]]) -> None:
    assert _found(body) == expected


def test_the_text_span_and_id_are_the_first_pieces() -> None:
    body = 'Ann sold the farm. "Home again," she wrote on Instagram. "Thank you all for the flowers."\n\nShe left.'
    alone = body.replace(' "Thank you all for the flowers."', "")
    (quote,), (first,) = find_quotes(body, "a.txt", []), find_quotes(alone, "a.txt", [])
    assert (quote.text, quote.span, quote.id) == (first.text, first.span, first.id)
    assert body[quote.span[0] : quote.span[1]].endswith("Instagram")
    assert quote.continued == ("Thank you all for the flowers.",)
    assert quote.whole_text == "Home again Thank you all for the flowers."


def test_an_embedded_post_is_never_a_later_piece() -> None:
    body = '"Back home at last," she wrote on Instagram. "Thank you for the soup!"'
    found = quotations(body)
    assert later_pieces(body, found, 0, body.index(". "), [(body.index('"Thank'), len(body))]) == ()
    assert later_pieces(body, found, 0, body.index(". "), []) == ("Thank you for the soup!",)


def test_at_most_max_pieces_are_read() -> None:
    body = '"Day one," he tweeted.' + "".join(f'\n\n"Piece number {i}."' for i in range(MAX_PIECES + 3))
    (quote,) = find_quotes(body, "a.txt", [])
    assert quote.continued == tuple(f"Piece number {i}." for i in range(MAX_PIECES))


def test_a_reaction_with_pieces_survives_pickle() -> None:
    (quote,) = find_quotes('"Snow again," Ada Kerr tweeted. "Third day running."', "a.txt", [])
    back: Reaction = pickle.loads(pickle.dumps(quote))
    assert back == quote
    assert back.continued == ("Third day running.",)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet='ab "“”.,\n#', max_size=80), st.integers(0, 80))
def test_never_raises(body: str, post_end: int) -> None:
    found = quotations(body)
    for at in range(len(found)):
        pieces = later_pieces(body, found, at, min(max(post_end, found[at].end()), len(body)), [])
        assert all(piece in body for piece in pieces)


def test_a_later_pieces_hashtags_mentions_and_emoji_are_the_posts() -> None:
    """The hashtag chart counts a post's tags wherever the article's quotation of it put them."""
    text = 'Intro.\n\n"Day 3 in this shirt," she wrote on Instagram. "Braids hanging in #NoFilter @stylist 😂"\n\nEnd.'
    (post,) = parse_article(text, "a.txt").reactions
    assert post.text == "Day 3 in this shirt"
    assert (post.hashtags, post.mentions, post.emoji) == (("NoFilter",), ("stylist",), ("😂",))
