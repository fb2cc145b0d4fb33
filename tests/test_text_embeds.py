"""Posts cut out of an article's text: which paragraph is the post, and when the article kept none."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.models import Platform, Rendering
from reactions.parse import boundaries, text_embeds
from reactions.parse.attribution import Attribution
from reactions.parse.boundaries import Layout, author_words
from reactions.parse.list_items import continues
from reactions.parse.renderings import TextEmbed
from reactions.parse.text_embeds import find_text_embeds


def embeds(text: str) -> list[TextEmbed]:
    return find_text_embeds(Layout(text))[0]


def texts(text: str) -> list[str]:
    return [e.text for e in embeds(text)]


def test_inline_and_own_line_posts() -> None:
    text = "Intro.\n\nSo good — Ann (@ann) June 5, 2020\n\nAlso great\n\n— Bob (@bob) June 5, 2020"
    found = embeds(text)
    assert [(e.text, e.rendering) for e in found] == [("So good", Rendering.DASH), ("Also great", Rendering.OWN_LINE)]
    assert text[found[1].start : found[1].end] == "Also great\n\n— Bob (@bob) June 5, 2020"


@pytest.mark.parametrize(
    ("above", "kept"),
    [
        ("A short post of mine", True),
        ("My plans for 2020:", True),  # a post may end with a colon
        ("Fans reacted on Twitter:", False),  # a lead-in
        ("Last week Ann Lee was accused of copying a design, which she denied in a statement.", False),  # names her
        ("x " * 100, False),  # longer than a tweet of 2016 could be
    ],
)
def test_the_paragraph_above_an_own_line_attribution_is_the_post_unless_it_is_prose(above: str, kept: bool) -> None:
    (embed,) = embeds(f"{above}\n\n— Ann Lee (@ann) June 5, 2016")
    assert embed.text == (above.strip() if kept else "")
    assert ("no text kept" not in embed.cues) is kept


@pytest.mark.parametrize(
    ("above", "kept"),
    [
        ("A short post of mine", True),
        ("My plans for 2020:", True),  # a post may end with a colon
        ("Fans reacted on Twitter:", False),  # a lead-in
        ("The page answered on Facebook within the hour, sharing a drawing and no words at all:", False),
    ],
)
def test_a_lead_in_line_right_above_an_own_line_attribution_inside_a_paragraph(above: str, kept: bool) -> None:
    """Paragraphs of single line breaks (a blank line elsewhere makes them one paragraph): the line right above an
    attribution on its own line is the post unless it is the article's lead-in, as with a paragraph above."""
    text = f"Intro.\n\nA line of prose before.\n{above}\nPosted by Ann Lee on Monday, June 1, 2020\nMore prose."
    (embed,) = embeds(text)
    assert embed.text.endswith(above) if kept else embed.text == ""


@pytest.mark.parametrize(
    ("above", "kept"),
    [
        ("Those coal miners I mentioned.", False),  # no mark of a caption: the embed showed none
        ("Take a look:", False),
        ("Fresh from the oven 🎂 #birthday", True),
        ("Rest in peace, legend. InFlexWeTrust.Com", True),
    ],
)
def test_instagram_captions_above_the_byline(above: str, kept: bool) -> None:
    (embed,) = embeds(f"Prose.\n\n{above}\n\nA photo posted by Jo (@jo) on Jan 7, 2015 at 3:02pm PST")
    assert (embed.platform, embed.text) == (Platform.INSTAGRAM, above if kept else "")


def test_prose_quoting_the_caption_above_the_byline_gives_the_quoted_words() -> None:
    """The bulk corpus's ``Shortly after the show, Miley posted a heartfelt apology … "To my dearest fans …," she
    wrote. "I am beyond bummed …"`` above Instagram's byline was taken whole as the caption."""
    above = 'Jo posted an apology. "Sorry I missed it, you are the best #fans," she wrote. "See you next time!"'
    (embed,) = embeds(f"Prose.\n\n{above}\n\nA photo posted by Jo (@jo) on Jan 7, 2015 at 3:02pm PST")
    assert embed.text == "Sorry I missed it, you are the best #fans See you next time!"
    assert embed.start == len("Prose.\n\n") + above.index('"Sorry')
    assert "the post's words quoted by the article's prose" in embed.cues


def test_a_lead_in_introduces_the_caption_below_it() -> None:
    text = "He paid tribute:\n\nRest in peace, legend.\n\nA photo posted by Jo (@jo) on Jan 7, 2015 at 3:02pm PST"
    assert texts(text) == ["Rest in peace, legend."]


def test_two_attributions_in_a_row_leave_the_second_without_text() -> None:
    text = "Great day — Ann (@ann) June 5, 2020\n\n— Bob (@bob) June 5, 2020"
    assert texts(text) == ["Great day", ""]


def test_a_post_of_several_paragraphs_across_a_wider_gap() -> None:
    text = "Prose.\n\nDear all,\n\n\n\nIt is the small things.\n\n\n\n(Thread) — Ann (@ann) June 5, 2020"
    assert texts(text) == ["Dear all,\n\n\n\nIt is the small things.\n\n\n\n(Thread)"]
    long_above = "x " * 100 + "\n\n\n\nMy post — Ann (@ann) June 5, 2016"
    assert texts(long_above) == ["My post"]  # joined, it would be too long for a tweet of 2016


def test_a_post_whose_start_is_a_guess_says_so_between_posts_in_single_newlines() -> None:
    # posts back to back, each line of the second written with a single newline (a crawler's rendering), in a
    # text that has blank lines elsewhere: where the second post starts cannot be seen, so it is no sure 1.0
    text = (
        "Fans were quick to respond.\n\nJust landed in Paris #travel https://t.co/aaa111\n— Ann (@ann) May 1, 2020\n"
        "What a night.\nThank you Paris, you were amazing!\nSee you next year https://t.co/bbb222\n"
        "— Bob (@bob) May 2, 2020\n\nThe tour resumes next month."
    )
    first, second = find_text_embeds(Layout(text), None)[0]
    assert first.text == "Just landed in Paris #travel https://t.co/aaa111"
    assert second.text.endswith("See you next year https://t.co/bbb222")
    assert 1.0 - sum(second.cues.values()) < 0.9


def test_bbc_markers_and_markdown_are_not_post_text() -> None:
    bbc = "Skip Twitter post by Ann\n\nSo good\n\n— Ann (@ann) June 5, 2020\n\nEnd of Twitter post by Ann\n\nNext."
    assert texts(bbc) == ["So good"]
    markdown = "> So [#good](https://twitter.com/hashtag/good) \\- really\n>\n> — Ann (@ann) June 5, 2020"
    assert texts(markdown) == ["So #good - really"]


def test_cards_and_attributions_together_in_reading_order() -> None:
    text = "Follow\nSam @sam\nCard text\n9:41 PM - 14 Nov 2016\n\nPost — Ann (@ann) June 5, 2020"
    assert [(e.handle, e.rendering) for e in embeds(text)] == [("sam", Rendering.CARD), ("ann", Rendering.DASH)]


def test_warnings_name_the_offset_and_the_problem() -> None:
    found, warnings = find_text_embeds(Layout("Post — Ann (@ann) Feb 30, 2020"))
    assert found[0].date is None
    assert warnings == ["offset 5: impossible date 'Feb 30, 2020' for @ann; kept without a date"]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("aB .:\n—(@x) June 5, 2020#🎂Posted by on Monday")), max_size=400))
def test_any_text_gives_ordered_embeds_within_it(text: str) -> None:
    found = embeds(text)
    assert all(0 <= e.start <= e.end <= len(text) for e in found)
    assert all(a.end <= b.start for a, b in itertools.pairwise(found))
    assert all(0.0 <= 1 - sum(e.cues.values()) <= 1.0 for e in found)


@settings(max_examples=500, deadline=None)
@given(
    st.one_of(st.none(), st.lists(st.sampled_from(["Ann", "Lee", "ann", "The", "Bob", "J.", "Émile", "X", "Lee2", " "]),
                                  max_size=6).map(" ".join)),
    st.one_of(st.none(), st.sampled_from(["", "ann", "Lee", "bob_x", "ANN", "émile", "the"])),
)  # fmt: skip
def test_display_name_words_are_the_names_words_alone(name: str | None, handle: str | None) -> None:
    assert text_embeds._display_name_words(name, handle) == author_words(name, None)


def _reach_back_as_first_written(layout: Layout, start: int, floor: int, attribution: Attribution) -> int:
    text = layout.text
    end = layout.last_visible(attribution.start, floor) + 1
    floor = max(floor, end - boundaries.WINDOW)
    limit = boundaries.length_limit(attribution.platform.value, attribution.date)
    length = -1
    author = boundaries.author_words(attribution.name, attribution.handle)
    while layout.blank_lines and start > floor:
        last = layout.last_visible(start, floor)
        if last < floor:
            break
        above = layout.para_start(last, floor)
        continued = continues(text, last, start)
        broken = boundaries.goes_on(text, last, start) and boundaries.lead_score(text[above : last + 1], author) < 2
        if text.count("\n", last, start) < 3 and not continued and not broken:
            break
        length = (
            (boundaries.tweet_length(text[start:end]) if length < 0 else length)
            + 1
            + boundaries.tweet_length(text[above:start])
        )
        if limit is not None and length > limit + boundaries.SLACK:
            break
        start = above
    return start


_GAPS = st.sampled_from(
    ["word ", "x" * 90, "\n", "\n\n", "\n\n\n", " \n", "\t", ">", "— ", "-- ", "–", "—Ann", ".", ",", " to"]
)  # (",", " to": a paragraph that stops in mid-sentence, boundaries.goes_on)


@settings(max_examples=800, deadline=None)
@given(st.lists(_GAPS, max_size=30).map("".join), st.sampled_from([None, dt.date(2016, 1, 1)]), st.data())
def test_reach_back_stops_at_its_first_look_as_first_written(
    body: str, date: dt.date | None, data: st.DataObject
) -> None:
    text = body + " — Ann (@ann)"
    layout = Layout(text)
    at = len(body) + 1
    attribution = Attribution(at, len(text), "ann", "Ann", date, Platform.TWITTER, Rendering.DASH)
    start = data.draw(st.integers(0, at))
    floor = data.draw(st.integers(0, start))
    expected = _reach_back_as_first_written(layout, start, floor, attribution)
    assert text_embeds._reach_back(layout, start, floor, attribution) == expected
