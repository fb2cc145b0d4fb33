"""Attribution lines: every form a corpus renders ``— Name (@handle) Date`` in, and what is not one."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from reactions.models import Platform, Rendering
from reactions.parse import attribution
from reactions.parse.attribution import Attribution, find_attributions
from reactions.parse.boundaries import Layout
from reactions.parse.bylines import lines_opening_with

DAY = dt.date(2017, 6, 19)


def found(text: str) -> list[Attribution]:
    return find_attributions(Layout(text))


def one(text: str) -> Attribution:
    attributions = found(text)
    assert len(attributions) == 1, attributions
    return attributions[0]


@pytest.mark.parametrize(
    ("text", "name", "rendering"),
    [
        ("Post — Jane Roe (@jroe) June 19, 2017", "Jane Roe", Rendering.DASH),
        ("Post – Jane Roe (@jroe) June 19, 2017", "Jane Roe", Rendering.DASH),
        ("Post - Jane Roe (@jroe) June 19, 2017", "Jane Roe", Rendering.DASH),
        ("Post -- Jane Roe (@jroe) June 19, 2017", "Jane Roe", Rendering.DASH),
        ("Post\u2014Jane Roe (@jroe) June 19, 2017", "Jane Roe", Rendering.DASH),
        ("Post ; Jane Roe (@jroe) June 19, 2017", "Jane Roe", Rendering.DASH),
        ("Post\n—\nJane Roe (@jroe) June 19, 2017", "Jane Roe", Rendering.DASH),
        ("Post  Jane Roe (@jroe) June 19, 2017", "Jane Roe", Rendering.DASHLESS),
        ("Post.Jane Roe (@jroe) June 19, 2017", "Jane Roe", Rendering.DASHLESS),  # a sentence glued to the name
        ("She met Jane Roe (@jroe) June 19, 2017", None, None),  # no sign where a name would start
        ("Post. Jane Roe (@jroe) June 19, 2017", "Jane Roe", Rendering.DASHLESS),
        ("Post\nJane Roe (@jroe) June 19, 2017", "Jane Roe", Rendering.DASHLESS),
        ("Post — Jane Roe (@jroe)\nJune 19, 2017", "Jane Roe", Rendering.DASH),
        ("Post — Jane Roe ( @jroe ) June 19, 2017", "Jane Roe", Rendering.DASH),
        ("Post — MICHAEL - SCREAM💀 (@jroe) June 19, 2017", "SCREAM💀", Rendering.DASH),
        ("Post A post shared by MICHAEL - SCREAM💀 (@jroe) on Jun 19, 2017 at 1:04pm PDT", "MICHAEL - SCREAM💀",
         Rendering.BYLINE),
    ],
)  # fmt: skip
def test_forms_of_the_attribution(text: str, name: str | None, rendering: Rendering | None) -> None:
    attributions = found(text)
    if rendering is None:
        assert attributions == []
        return
    attribution = one(text)
    assert (attribution.handle, attribution.name, attribution.rendering, attribution.date) == ("jroe", name, rendering,
                                                                                               DAY)  # fmt: skip


def test_an_attribution_spans_its_dash_to_its_date_and_time() -> None:
    text = "Caption A post shared by Jo (@jo) on Oct 21, 2017 at 6:59am PDT Oct 21, 2017 at 6:59am PDT\nNext"
    attribution = one(text)
    assert text[attribution.start : attribution.end] == text[len("Caption ") : text.index("\n")]
    assert attribution.platform is Platform.INSTAGRAM
    originally = "Post\n\nOriginally tweeted by Kev (@kev) on May 19, 2020."
    assert originally[one(originally).start : one(originally).end].endswith("2020.")


@pytest.mark.parametrize(
    "text",
    [
        "— Reporting by Jane Doe (@janedoe)",
        ">> Follow Evan Example (@evanexample) on Twitter",
        "so true — me (@x) lol and more words here",  # a mention inside a post
        "A spokesman for Jane Roe (@SenJaneRoe) June 19, 2017 statement said no.",
        "According to a tweet by Donald Trump (@realDonaldTrump) June 5, 2017 was the day.",
        "Donald Trump (@realDonaldTrump) said on Monday that he would sign it.",
        "Ask (@ann) about it",
    ],
)
def test_bylines_mentions_and_prose_are_not_attributions(text: str) -> None:
    assert found(text) == []


def test_a_date_it_cannot_read_keeps_the_attribution_with_a_problem() -> None:
    attribution = one("Post — Jane Roe (@jroe) Feb 30, 2017")
    assert attribution.date is None
    assert "impossible date" in (attribution.problem or "")
    odd = one("Post — Sam (@sam) 5 Xyzember 2016")
    assert "unrecognised date" in (odd.problem or "")
    assert odd.cues == {"no date": 0.1, "unreadable date": 0.2}


def test_other_networks_by_handle() -> None:
    toot = one("Post — Ann (@ann@mastodon.social) June 19, 2017")
    assert (toot.platform, toot.handle) == (Platform.MASTODON, "ann@mastodon.social")  # the fediverse form
    assert one("Post — Ann (@ann.bsky.social) June 19, 2017").platform is Platform.BLUESKY
    assert one("Post — The Times (@nytimes.com) June 19, 2017").platform is Platform.BLUESKY
    assert one("Post A post shared by Jo (@jo.doe) on Jun 19, 2017 at 1:04pm PDT").platform is Platform.INSTAGRAM


def test_names_that_lost_their_emoji() -> None:
    assert one("pic.twitter.com/x  Annalise   Brown (@ab) June 19, 2017").name == "Annalise   Brown"
    assert one("Way to go #Time      (@ronen) June 19, 2017").name is None
    assert one("like Maxine Waters.  Zach de la Rocha  AgentHades (@AH) June 19, 2017").name == "AgentHades"


def test_guardian_lines_put_the_post_after_the_attribution() -> None:
    text = (
        "There was anger on social media.\n"
        "Alex Green (@alexg) Six hours on the bypass and no update.\n"
        "The Night Owls (@owls) Stuck since 6pm with two kids. #StormDay\n"
    )
    first, second = found(text)
    assert (first.name, first.post_after, second.name, second.post_after) == (
        "Alex Green",
        True,
        "The Night Owls",
        True,
    )
    assert found("A quiet paragraph.\nAlex Green (@alexg) Six hours on the bypass and no update.\n") == []


def test_threads_and_mastodon_fallbacks() -> None:
    threads, mastodon = found(
        "Post by @zuck\nView on Threads\n\nText\n\nPost by @Gargron@mastodon.social\nView on Mastodon"
    )
    assert (threads.handle, threads.platform, threads.rendering) == ("zuck", Platform.THREADS, Rendering.BYLINE)
    assert (mastodon.handle, mastodon.platform) == ("Gargron@mastodon.social", Platform.MASTODON)
    assert found("Post by @zuck about the launch.\nView on Threads") == []


def test_facebook_bylines() -> None:
    posted = one("Roads are closed.\n\nPosted by County Council on Wednesday, November 4, 2015\n")
    assert (posted.handle, posted.name, posted.platform, posted.date) == (None, "County Council", Platform.FACEBOOK,
                                                                          dt.date(2015, 11, 4))  # fmt: skip
    alone = one("Prose.\n\nPost by Free James Foley.\n\nMore.")
    assert (alone.name, alone.date, alone.cues) == ("Free James Foley", None, {"no date": 0.1})
    assert found("Title\n\nPosted by Admin on January 5, 2015\n") == []  # a blog's byline: no weekday


def test_attributions_come_in_order_and_never_overlap() -> None:
    text = (
        "A — Ann (@ann) June 19, 2017 B — Bob (@bob) June 19, 2017\n\n"
        "Posted by Cy on Monday, June 19, 2017\nD — Di (@di)"
    )
    attributions = found(text)
    assert [a.handle or a.name for a in attributions] == ["ann", "bob", "Cy", "di"]
    assert all(a.end <= b.start for a, b in itertools.pairwise(attributions))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("aB .—-;(@)\n2017 June19,Posted by on Monday")), max_size=300))
def test_any_text_gives_ordered_attributions_within_it(text: str) -> None:
    attributions = found(text)
    assert all(0 <= a.start <= a.end <= len(text) for a in attributions)
    assert all(a.end <= b.start for a, b in itertools.pairwise(attributions))


@pytest.mark.parametrize(
    ("line", "handle", "date"),
    [
        ("A post shared by @jo.doe on Dec 19, 2016 at 7:56pm PST", "jo.doe", dt.date(2016, 12, 19)),
        ("A photo posted by @jodoe onMar 6, 2016 at 3:26am PST", "jodoe", dt.date(2016, 3, 6)),
        ("Ein Beitrag geteilt von @jodoe am 23. Okt. 2017 um 0:31 Uhr", "jodoe", dt.date(2017, 10, 23)),
        ("A post shared by @ jo.doe on Jul 9, 2017 at 6:24pm PDT", "jo.doe", dt.date(2017, 7, 9)),  # a spaced crawl
    ],
)
def test_an_instagram_byline_that_names_only_the_handle(line: str, handle: str, date: dt.date) -> None:
    text = f"Sunny day at the beach with friends! {line}\n\nThe story goes on.\n"
    (found,) = find_attributions(Layout(text))
    assert (found.handle, found.name, found.date, found.platform) == (handle, None, date, Platform.INSTAGRAM)
    assert text[found.start : found.end] == line


@pytest.mark.parametrize(
    "text",
    ["A post shared by @jodoe went viral on Monday.\n", "Photo by @jodoe on Instagram.\n",
     "A post shared by @jodoe on May 1, 2020 was seen by millions.\n", "A post shared by @ jodoe went viral.\n"],
)
def test_a_handle_after_a_byline_phrase_in_prose_is_no_attribution(text: str) -> None:
    assert find_attributions(Layout(text)) == []


def test_a_bare_handle_byline_after_other_at_signs() -> None:
    text = "Write to us @ home, or @desk.\nA post shared by @jdoe on Dec 19, 2016 at 7:56pm PST\nMore."
    found = [a for a in find_attributions(Layout(text)) if a.rendering == Rendering.BYLINE]
    assert [(a.handle, a.platform) for a in found] == [("jdoe", Platform.INSTAGRAM)]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["Post", "Posted by Ann Lee", " on Thursday, January 1, 2015", "Post by Ann.", " ",
                                 "\t", "\n", "x", "The Washington Post", "."]), max_size=14).map("".join))  # fmt: skip
def test_facebook_bylines_are_tried_only_where_post_opens_a_line(text: str) -> None:
    found = [m.span() for m in attribution._FACEBOOK_RE.finditer(text)]
    starts = lines_opening_with(text, "Post")
    assert [m.span() for m in filter(None, (attribution._FACEBOOK_RE.match(text, s) for s in starts))] == found


_BYLINE_PIECES = st.sampled_from([
    "A", "post", "shared", "by", "BY", "By", "byte", " ", "  ", "\t", "Ein Beitrag geteilt", "von", "VON", "Публикация",
    "ОТ", "от", "Originally tweeted", "de", "door", "x", "_", "é", "İ", "\u212a", ".", "[", "(",
])  # fmt: skip


@settings(max_examples=600, deadline=None)
@given(st.lists(_BYLINE_PIECES, max_size=14).map("".join))
@example("A post shared by")
@example("Публикация ОТ Ann")
def test_a_byline_phrase_always_holds_the_last_word_looked_for_first(line: str) -> None:
    if attribution._BYLINE_PHRASE_RE.search(line):
        assert attribution._LAST_WORD_RE.search(line.lower())


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("Best night ever pic.twitter.com/abc — daniela -- (@dani_89) July 23, 2018", "daniela --"),
        ("So loud -- wow — Kel R 8/7/18 -- (@kel114) August 9, 2018", "Kel R 8/7/18 --"),
        ("So good — Ann Lee (@ann_lee) Feb 2, 2020", "Ann Lee"),  # one dash: as before
        ("So good -- Ann Lee (@ann_lee) Feb 2, 2020", "Ann Lee"),  # a double hyphen as the dash
        ("Loved it — ANGEL HAZE-- (@angelhaze) Feb 2, 2020", "ANGEL HAZE--"),
    ],
)
def test_a_dash_right_before_the_handle_names_no_one(line: str, name: str) -> None:
    (found,) = find_attributions(Layout(line))
    assert found.name == name


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Polls close at eight —\n\nKim Lo, Ph.D. (@kimlo) June 19, 2017", "Kim Lo, Ph.D."),
        ("Polls close at eight pic.twitter.com/Ab12 –\nKim L. (@kimlo) June 19, 2017", "Kim L."),
        ("WE ARE LIVE 🎉 ―\n  \nkim. (@kimlo) June 19, 2017", "kim."),
    ],
)  # fmt: skip
def test_a_dash_ending_the_post_s_last_line_introduces_the_name_on_the_next(text: str, name: str) -> None:
    attribution = one(text)
    assert (attribution.name, attribution.rendering, attribution.date) == (name, Rendering.DASH, DAY)
    assert text[attribution.start] in "—–―"  # the dash is the attribution's, not the post's


@pytest.mark.parametrize(
    "text",
    [
        "Polls close at eight -\n\nkim. (@kimlo) June 19, 2017",  # a hyphen ends lines of prose too
        "Polls close at eight—\n\nkim. (@kimlo) June 19, 2017",  # no space before it: a word's dash
        "Polls close at eight —\n\nMore prose.\n\nkim. (@kimlo) June 19, 2017",  # a line between
        "Polls close at eight —\n\n  kim. (@kimlo) June 19, 2017",  # the name does not open its line
    ],
)
def test_a_dash_ending_a_line_further_up_or_not_after_a_space_introduces_no_name(text: str) -> None:
    assert all(a.rendering is not Rendering.DASH and a.start > text.index("\n") for a in found(text))
