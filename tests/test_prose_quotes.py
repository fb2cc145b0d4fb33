"""A post's words quoted by the article's prose above its embed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse.attribution import Attribution, find_attributions
from reactions.parse.boundaries import Layout
from reactions.parse.prose_quotes import quoted_above, quoted_post


def _quoted(paragraph: str) -> str | None:
    found = quoted_post(paragraph, 0, len(paragraph))
    return None if found is None else found[1]


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        ('Nora posted a note. "Thank you all for the votes," she wrote. "See you at the next show!"',
         "Thank you all for the votes See you at the next show!"),
        ('"Family dinner with my best people," Ana captioned the photo.', "Family dinner with my best people"),
        ('She shared a selfie from the set, along with the caption, "Long day but so worth it."',
         "Long day but so worth it."),
        ('Ana shared a clip of the "Dear Future Husband" singer with the caption, "Best night of the tour so far."',
         "Best night of the tour so far."),  # a title is no part of the post
    ],
)  # fmt: skip
def test_prose_quoting_the_post_gives_the_quoted_words(paragraph: str, expected: str) -> None:
    assert _quoted(paragraph) == expected


@pytest.mark.parametrize(
    "paragraph",
    [
        'My best friend said "Oh she is just being Ana" !!!! so glad you came #party',  # a caption quoting someone
        '"Vote for her, they said. Well, I did." He tweeted and laughed.',  # the next sentence, not an attribution
        'Ana once wrote a parody of "Any Man Of Mine" that made fans laugh.',  # the verb's object is a title
        '"Ana is the best at this, honestly," one fan wrote.',  # a commenter's words
        '"They will spend the holidays together in Nashville," the source shared.',  # a source, not a post
        '"I wanted to give them that choice," she wrote in her book.',  # another medium
        "A caption with no quotation at all #tour",
    ],
)
def test_what_is_no_prose_quoting_the_post(paragraph: str) -> None:
    assert _quoted(paragraph) is None


def test_only_the_last_line_of_the_post_above_is_read_as_prose() -> None:
    """A post of several paragraphs whose first quotes another post (``Daniel posted …, "…"`` above the post's own
    caption) keeps its text: the prose is not the line right above the attribution."""
    text = 'Dan posted a video, with the caption, "Took this on tour, love you."\n\n\n\nAn entire year with you ❤️'
    assert quoted_post(text, 0, len(text)) is None


def _layout_and_attribution(text: str) -> tuple[Layout, Attribution]:
    layout = Layout(text)
    (attribution,) = find_attributions(layout)
    return layout, attribution


def test_the_paragraph_above_an_attribution_on_its_own_line_is_read_even_when_nothing_was_kept() -> None:
    above = '"So proud of my boys tonight," she wrote.'
    text = f"Intro.\n\n{above}\n\nA post shared by Ana Ruiz (@anaruiz) on Jun 27, 2017 at 7:14am PDT"
    layout, attribution = _layout_and_attribution(text)
    start = attribution.start
    assert quoted_above(layout, attribution, 0, start, start) == (text.index(above), "So proud of my boys tonight")


def test_an_attribution_inside_its_posts_line_is_not_read() -> None:
    text = '"So proud of my boys tonight," she wrote. — Ana Ruiz (@anaruiz) June 27, 2017'
    layout, attribution = _layout_and_attribution(text)
    assert quoted_above(layout, attribution, 0, 0, attribution.start) is None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(['"', "“", "”", " she wrote", ", ", ". ", "one fan", "caption", ":", "\n", "Ana",
                                 " posted", "x" * 20, "Dear Future Husband", "é"]),
                max_size=20).map("".join))  # fmt: skip
def test_quoted_post_never_raises_and_gives_words_from_the_paragraph(paragraph: str) -> None:
    found = quoted_post(paragraph, 0, len(paragraph))
    assert found is None or (0 <= found[0] < len(paragraph) and found[1])
