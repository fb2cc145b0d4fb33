"""reactions.parse.echo_author: the poster of a quotation that an embedded post right after it repeats."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reactions.parse import echo_author
from reactions.parse.build import text_fingerprint
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


def _echoed_match_read_whole(body: str, at: int, key_length: int) -> re.Match[str] | None:
    """``_echoed_match`` as first written: the quotation and the bylines looked for whatever the text about them."""
    quoted = echo_author._QUOTATION_RE.search(body, at, at + 2300)
    if quoted is None or quoted.start() - at > 300:
        return None
    words = text_fingerprint(quoted.group(1) or quoted.group(2))
    key = words[:key_length]
    if len(key) < echo_author.ECHO_KEY:
        return None
    after = echo_author._ANY_BYLINE_RE.search(body, quoted.end(), quoted.end() + 700)
    byline = echo_author._BYLINE_RE.match(body, after.start()) if after else None
    if byline is None or key not in text_fingerprint(body[quoted.end() : byline.start()]):
        byline = echo_author._byline_before(body, at, key, words[: echo_author.LONG_KEY])
    return byline


_BYLINES = st.sampled_from([
    "— Nadia Fern (@nadiafern) May 2, 2019", f"A video posted by {'Nadia Fern ' * 3}Lee (@nadia)", "— nadia (@n)",
    "A photo posted by @nadia", "(@", "",
])  # fmt: skip


@given(
    st.tuples(st.integers(0, 900), _BYLINES, st.integers(0, 900)),
    st.tuples(st.integers(0, 320), st.integers(0, 2100), st.sampled_from(["“”", '""'])),
    st.tuples(st.integers(0, 900), st.booleans(), _BYLINES, st.integers(0, 300), _BYLINES),
    st.sampled_from([echo_author.ECHO_KEY, echo_author.LONG_KEY]),
)
def test_a_byline_is_found_as_when_the_text_was_read_whole(
    before: tuple[int, str, int], quotation: tuple[int, int, str], after: tuple[int, bool, str, int, str], key: int
) -> None:
    """A byline before the quotation, the quotation (its words run on), a byline after it (the post repeating it or
    not) and another, at every distance about the reach's edges."""
    lead, long, marks = quotation
    quoted = f"{marks[0]}{_POST}{' y' * (long // 2)},{marks[1]} she wrote. "
    head = f"{'x ' * (before[0] // 2)}{_POST} {before[1]}{'x ' * (before[2] // 2)}"
    post = _POST if after[1] else "Other words"
    tail = f"{'x ' * (after[0] // 2)}{post} {after[2]}{'x ' * (after[3] // 2)}{after[4]}"
    body = f"{head}{quoted}{tail}"
    at = max(0, len(head) - lead)
    found = echo_author._echoed_match(body, at, key)
    expected = _echoed_match_read_whole(body, at, key)
    assert (found and found.span()) == (expected and expected.span())


@pytest.mark.parametrize("side", ["before", "after"])
def test_a_byline_at_every_distance_about_the_reachs_edge_is_found_as_when_read_whole(side: str) -> None:
    """The longest quotation read (2,000 characters, opening 300 after ``at``), then the post repeating it and its
    byline at every distance up to past :data:`echo_author._AFTER`; or a byline at every distance before ``at``."""
    byline = "— Nadia Fernandez Somethinglong Name (@nadiafern) May 2, 2019"
    quoted = f"“{_POST}{' y' * 976},” she wrote. "
    found_some = set()
    for gap in range(0, 780, 3):
        if side == "after":
            body, at = f"{'x' * 300}{quoted}{'x' * gap} {_POST} {byline}", 0
        else:
            body = f"{_POST} — Al (@al) May 2, 2019{'x' * gap} {quoted}"  # ("(@" as near its byline's start as may be)
            at = body.index("“")
        for key in (echo_author.ECHO_KEY, echo_author.LONG_KEY):
            found, expected = echo_author._echoed_match(body, at, key), _echoed_match_read_whole(body, at, key)
            assert (found and found.span()) == (expected and expected.span()), gap
            found_some.add(found is not None)
    assert found_some == {True, False}
