"""reactions.parse.echo_author: the poster of a quotation that an embedded post right after it repeats."""

from __future__ import annotations

import re

import pytest

from reactions.parse.echo_author import echoed_author, echoed_network
from reactions.parse.people import author_of

_POST = "Missing the ocean already, back home tomorrow"


@pytest.mark.parametrize(
    ("after", "author"),
    [
        (f"\n\n{_POST} pic.twitter.com/x1 — Nadia Fern (@nadiafern) May 2, 2019", "Nadia Fern"),
        (f"\n\n{_POST} 🌊 A post shared by Nadia Fern (@nadiafern) on May 2, 2019 at 9:12pm PDT", "Nadia Fern"),
        # another post, a byline that names no one, a show's account, a byline too far: no one
        ("\n\nWhat a day at the beach with friends — Nadia Fern (@nadiafern) May 2, 2019", None),
        (f"\n\n{_POST} — n.f. ✨ (@nadiafern) May 2, 2019", None),
        (f"\n\n{_POST} — The Beach Show (@beachshow) May 2, 2019", None),
        # the first post after the quotation is the one that may repeat it, not a later one
        (f"\n\n{_POST} — nadiafern (@nadiafern) May 2, 2019\n\nSo true — Tom Hale (@tomhale)", None),
        ("\n\n" + "The trip had been planned for months. " * 20 + f"{_POST} — Nadia Fern (@nadiafern)", None),
    ],
)
def test_the_byline_of_the_post_repeating_a_quotation(after: str, author: str | None) -> None:
    body = f"The trip is over. “{_POST},” she tweeted.{after}"
    assert echoed_author(body, body.index("“")) == author


def test_a_pronoun_no_one_is_named_for_takes_the_repeating_posts_byline() -> None:
    body = (f"Nobody expected the trip to end so soon.\n\n“{_POST},” she tweeted.\n\n{_POST} — Nadia Fern "
            "(@nadiafern) May 2, 2019")
    assert author_of(body, body.index("“"), "she", None) == "Nadia Fern"
    assert author_of(body, body.index("“"), "he", None) is None  # (Nadia: of the other gender)


@pytest.mark.parametrize(
    ("before", "author"),
    [
        # the post embedded just before, the quotation repeating it further down
        (f"{_POST} — Nadia Fern (@nadiafern) May 2, 2019\n\nOthers posted too.\n\n", "Nadia Fern"),
        # another post embedded before: no one
        ("What a day at the beach — Nadia Fern (@nadiafern) May 2, 2019\n\n", None),
    ],
)
def test_the_byline_of_the_post_embedded_before_a_quotation_repeating_it(before: str, author: str | None) -> None:
    body = f"{before}“{_POST},” she tweeted on Sunday."
    assert echoed_author(body, body.index("“")) == author



@pytest.mark.parametrize(
    ("byline", "author"),
    [
        # the byline of the post the quotation repeats outweighs the prose's last subject
        (f"{_POST} — Victor Sand (@vsand) May 2, 2019", "Victor Sand"),
        # ...unless it is the same person's account, a single name, or a post that only opens the same way
        (f"{_POST} — Tommy H (@tomhale) May 2, 2019", "Tom Hale"),
        (f"{_POST} — Vic (@vsand) May 2, 2019", "Tom Hale"),
        ("Missing the ocean already? Me neither — Victor Sand (@vsand) May 2, 2019", "Tom Hale"),
    ],
)
def test_the_repeating_posts_byline_outweighs_the_prose(byline: str, author: str) -> None:
    body = f"Omar Diaz praised the trip. Later, Tom Hale joined in.\n\n“{_POST},” he wrote.\n\n{byline}"
    assert author_of(body, body.index("“"), "he", None) == author


def test_a_bylines_name_is_kept_as_written() -> None:
    body = f"Omar Diaz praised the trip.\n\n“{_POST},” he wrote.\n\n{_POST} — Jeffree Star (@jstar) May 2, 2019"
    assert author_of(body, body.index("“"), "he", None) == "Jeffree Star"  # (not the role "star")



_CAPTION = "Back on set tomorrow, wish us luck"


@pytest.mark.parametrize(
    ("written", "after", "author"),
    [
        # a description or an anonymous poster, the post embedded right after repeating the quotation: its byline
        ("the star", f"{_CAPTION} 🎬 — Lena Park (@lenapark) May 2, 2019", "Lena Park"),
        ("one fan", f"{_CAPTION} — Sam Ortiz (@samortiz) May 2, 2019", "Sam Ortiz"),
        ("the 31-year-old", f"{_CAPTION} A photo posted by Lena Park (@lenapark) on May 2, 2016", "Lena Park"),
        # another post after it: no one
        ("the star", "Good luck to the whole crew — Lena Park (@lenapark) May 2, 2019", None),
        # the post that repeats it has a byline with no name (its poster's handle only); a later post, naming
        # another, is not the quotation's even though the words between hold the quotation's
        ("the star", f"{_CAPTION} A photo posted by @lenapark on May 2, 2016\n\nSo proud — Omar Diaz (@odiaz)", None),
    ],
)
def test_a_description_or_an_anonymous_poster_takes_the_repeating_posts_byline(
    written: str, after: str, author: str | None
) -> None:
    body = f"The shoot resumes next week.\n\n“{_CAPTION},” {written} wrote.\n\n{after}"
    assert author_of(body, body.index("“"), written, None) == author


@pytest.mark.parametrize(
    ("before", "author"),
    [
        # the post embedded before opens with the quotation's words: its byline
        (f"{_CAPTION}!! — Sam Ortiz (@samortiz) May 2, 2019", "Sam Ortiz"),
        # a post that only names what the quotation opens with is another's
        ("Can't wait for the crew. Back on set tomorrow, they say — Sam Ortiz (@samortiz) May 2, 2019", None),
    ],
)
def test_a_post_embedded_before_must_open_with_the_quotation(before: str, author: str | None) -> None:
    body = f"{before}\n\nFans chimed in.\n\n“{_CAPTION},” another wrote."
    assert author_of(body, body.index("“"), "another", None) == author


@pytest.mark.parametrize(
    ("embed", "network"),
    [
        (f"{_CAPTION} A post shared by Lena Park (@lenapark) on May 2, 2017 at 9:12pm PDT", "instagram"),
        (f"{_CAPTION} A photo posted by Lena Park (@lenapark) on May 2, 2015 at 9:12pm PDT", "instagram"),
        (f"{_CAPTION} — Lena Park (@lenapark) May 2, 2017", "twitter"),
        # a dash byline with no date, another post, none: unknown
        (f"{_CAPTION} — Lena Park (@lenapark)", "unknown"),
        ("Good luck to the whole crew — Lena Park (@lenapark) May 2, 2017", "unknown"),
        ("", "unknown"),
    ],
)
def test_the_network_of_the_repeating_post(embed: str, network: str) -> None:
    body = f"“{_CAPTION},” the star wrote.\n\n{embed}"
    assert echoed_network(body, re.match("“[^”]+”", body)).value == network  # type: ignore[arg-type]
