"""Where a post starts: candidates, lead-ins, the platforms' length limits, and any-input guarantees."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from reactions.parse import boundaries
from reactions.parse.boundaries import (
    Layout,
    author_words,
    candidates,
    choose_start,
    fits,
    lead_score,
    lead_sentence,
    length_limit,
    tweet_length,
)

OLD = dt.date(2016, 5, 1)  # the 140-character era
NEW = dt.date(2019, 5, 1)


@pytest.mark.parametrize(
    ("platform", "date", "limit"),
    [
        ("twitter", dt.date(2017, 9, 25), 140),
        ("twitter", dt.date(2017, 9, 26), 280),
        ("twitter", dt.date(2023, 2, 7), 280),
        ("twitter", dt.date(2023, 2, 8), None),
        ("twitter", None, 280),
        ("instagram", OLD, 2200),
        ("facebook", OLD, None),
    ],
)
def test_length_limits_follow_the_platform_and_the_date(platform: str, date: dt.date | None, limit: int | None) -> None:
    assert length_limit(platform, date) == limit


def test_tweet_length_counts_links_as_twitter_does() -> None:
    assert tweet_length("a  b\n\nc") == 5
    assert tweet_length("read https://example.com/a/very/long/path/indeed now") == len("read ") + 23 + len(" now")
    assert tweet_length("look pic.twitter.com/AbC123") == len("look")
    assert tweet_length("@ann @bob thanks") == len("thanks")
    assert tweet_length("so true https://t.co/quoted") == len("so true")


def _tweet_length_as_first_written(text: str) -> int:
    text = boundaries.plain_markdown(text)
    if "://" in text or "www." in text or "pic." in text or "@" in text:
        text = boundaries._MEDIA_RE.sub("", text)
        text = boundaries._LEADING_MENTIONS_RE.sub("", boundaries._TRAILING_URL_RE.sub("", text))
        text = boundaries._URL_RE.sub("x" * 23, text)
    words = text.split()
    return sum(map(len, words)) + len(words) - 1 if words else 0


_LINK_PARTS = ["://", ":/", "/", "http", "HTTPS", "wWw.", "www.", "pic.twitter.com/ab", "PİC.X.COM/a", "@ab", "@",
               " ", "\n", ".", "x", "İ", "[a](", ")", "\\"]  # fmt: skip


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(_LINK_PARTS), max_size=14).map("".join))
@example(":/pic.twitter.com/ab/x")  # the picture taken out leaves a '://'
@example("WWW.example.com a")
@example("@ab http://x")
def test_tweet_length_skips_the_link_patterns_exactly(text: str) -> None:
    assert tweet_length(text) == _tweet_length_as_first_written(text)


def test_fits_leaves_room_for_what_corpora_change() -> None:
    assert fits("x" * 148, "twitter", OLD)
    assert not fits("x" * 149, "twitter", OLD)
    assert fits("x" * 10_000, "facebook", OLD)


def kinds(text: str, stop: int | None = None) -> list[tuple[str, str]]:
    stop = len(text) if stop is None else stop
    return [(b.kind, text[b.at : b.at + 6]) for b in candidates(text, 0, stop, "paragraph")]


def test_candidates_name_each_kind_of_boundary() -> None:
    text = "Intro line\nShe wrote: Now.Then.  Next also.lower"
    assert kinds(text) == [
        ("paragraph", "Intro "), ("line", "She wr"), ("colon", "Now.Th"), ("glued", "Then. "),
        ("spaced", "Next a"), ("lower", "lower"),
    ]  # fmt: skip


@pytest.mark.parametrize(
    "text",
    ["the U.S.Senate voted", "see e.g.this one", "visit InFlexWeTrust.Com today", "https://a.co/X.Y", "10:30 today",
     'he said "Yes" to it', "2017.@SpeakerRyan said"],
)  # fmt: skip
def test_no_boundary_inside_initialisms_domains_links_times_or_quotes(text: str) -> None:
    assert [kind for kind, _ in kinds(text)] == ["paragraph"]


@pytest.mark.parametrize(
    ("text", "starts"),
    [
        ("The club answered.pic.twitter.com/Ab12Cd", [("lower", "pic.tw")]),  # a post starts at "pic", not inside
        ("The club answered.pic.x.com/Ab12Cd", [("lower", "pic.x.")]),
        ("It was so epic.twitter users agreed", [("lower", "twitte")]),  # no picture's link: a glued sentence end
    ],
)
def test_a_picture_link_glued_to_a_sentence_is_not_split(text: str, starts: list[tuple[str, str]]) -> None:
    assert kinds(text)[1:] == starts


def test_a_colon_glued_to_text_and_a_quote_mark_opening_a_post_are_boundaries() -> None:
    assert kinds("upon the nation:The bill")[1:] == [("glued", "The bi")]
    assert kinds("he said.“Quoted")[1:] == [("glued", "“Quote")]
    assert kinds("lying:.@SpeakerRyan")[1:] == [("glued", ".@Spea")]


@pytest.mark.parametrize(
    ("lead", "score"),
    [
        ("Taking to Twitter, he wrote:", 3.0),  # platform + colon
        ("The senator responded on Monday.", 2.0),  # posting verb
        ("Jane Roe keeps a record of it.", 0.5),  # the author
        ("Compares at same point in presidencies:", 0.0),  # a colon alone introduces a list as often
        ("Watch:", 0.0),  # too short to be an article's lead-in
        ("The studio tweeted,", 3.0),  # a comma after a posting verb
    ],
)
def test_lead_scores(lead: str, score: float) -> None:
    assert lead_score(lead, author_words("Jane Roe", "SenJaneRoe")) == score


def test_lead_sentence_is_the_clause_before() -> None:
    text = "First one. Second one: post"
    assert lead_sentence(text, text.index("post"), 0) == "Second one:"
    assert lead_sentence(text, text.index("Second"), 0) == "First one."


def choose(text: str, date: dt.date = NEW, name: str = "Ann Lee", handle: str = "ann") -> str:
    boundary = choose_start(text, 0, len(text), "paragraph", platform="twitter", date=date,
                            author=author_words(name, handle))  # fmt: skip
    return text[boundary.at :]


def test_the_paragraph_start_wins_without_a_lead_in() -> None:
    assert choose("BREAKING: Sequel confirmed for 2021") == "BREAKING: Sequel confirmed for 2021"
    assert choose("Critics were kind. Two hours well spent.") == "Critics were kind. Two hours well spent."


def test_a_lead_in_with_a_posting_word_moves_the_start() -> None:
    assert choose("The actor replied on Twitter: Thank you all") == "Thank you all"


def test_a_glued_start_is_taken_when_the_paragraph_is_too_long_for_a_tweet_of_its_day() -> None:
    sentence = "The vote was close and the senator was not pleased with it at all, said her aides. "
    glued = sentence * 2 + "Later.This bill is a disgrace."
    assert choose(glued, date=OLD) == "This bill is a disgrace."
    assert choose(glued, date=NEW) == glued  # in 2019 the whole paragraph fits


def test_on_a_tie_the_later_start_wins() -> None:
    text = "Prose about the day.More prose here.The post itself."
    assert choose(text, date=OLD) == text  # the whole paragraph fits: its start wins
    long = "x" * 130 + " " + text
    assert choose(long, date=OLD) == "The post itself."


def test_when_nothing_else_fits_the_longest_post_from_a_sentence_end_is_taken() -> None:
    sentence = "Long prose goes on about the case for quite a while without any break in it at all. "
    tweet = "One sentence of the answer. And a second one."
    assert choose(sentence * 3 + tweet, date=OLD) == sentence + tweet
    assert choose(sentence * 3 + "It appeared on Twitter. " + tweet, date=OLD) == tweet  # a lead-in marks it


def test_layout_knows_paragraphs_and_lines() -> None:
    layout = Layout("one\ntwo\n\nthree  \n")
    assert layout.para_start(layout.text.index("two"), 0) == 0
    assert layout.para_start(layout.text.index("three"), 0) == layout.text.index("three")
    assert layout.line_start(layout.text.index("two"), 0) == layout.text.index("two")
    assert layout.last_visible(len(layout.text), 0) == layout.text.index("three") + 4
    assert Layout("a\nb").para_start(2, 0) == 2  # without blank lines, each line is a paragraph


def _layout_as_first_written(text: str) -> tuple[str, bool, bool, list[int]]:
    """Layout's fields as they were computed before the one-character pre-checks."""
    read = boundaries._LISTED_QUOTE_RE.sub(boundaries._unlist, text) if "> " in text else text
    markdown = "](" in text and ("](http" in text or "](/" in text)
    ends = [m.end() for m in boundaries._BLANK_LINE_RE.finditer(text)]
    return read, bool(ends), markdown, [0, *ends]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from([*"a >]()[*-\t\n/h", "](http", "](/", "* > ", "\n\n"]), max_size=40).map("".join))
@example("* > post")
@example("[a](http://x)")
def test_layout_pre_checks_change_nothing(text: str) -> None:
    layout = Layout(text)
    assert (layout.text, layout.blank_lines, layout.markdown, layout.para_starts) == _layout_as_first_written(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('aB .:!?\n"“#@-')), max_size=400), st.data())
def test_choose_start_always_gives_a_start_within_bounds(text: str, data: st.DataObject) -> None:
    stop = data.draw(st.integers(0, len(text)))
    lo = data.draw(st.integers(0, stop))
    boundary = choose_start(text, lo, stop, "paragraph", platform="twitter", date=OLD, author=())
    assert lo <= boundary.at <= max(lo, stop)


_PROSE = st.sampled_from([
    "Ann", "Lee", "ann_lee", "@ann_lee", "Bob", "He", "she", "said", "tweeted", "tweeted,", "wrote", "posted",
    "unposted", "Twitter", "tweets", "took to", "below", "the", "news", "it", ":", ".", "!", "?", ",", " ", " ",
    "  ", "\n", "\n\n", "\u201c", "#", "x" * 40, "https://t.co/a", "@bob", "\u03a3", "İ", "é", "K",
])  # fmt: skip


@settings(max_examples=800, deadline=None)
@given(
    st.lists(_PROSE, max_size=40).map("".join),
    st.sampled_from(["twitter", "instagram", "facebook"]),
    st.sampled_from([None, dt.date(2016, 1, 1), dt.date(2020, 1, 1)]),
    st.sampled_from([(), ("ann", "lee", "@ann_lee", "ann_lee"), ("bob",)]),
)
@example("He said: wow. Great:Day", "twitter", None, ())
@example("Ann Lee said:Great day", "twitter", None, ("ann", "lee"))
def test_paragraph_start_shortcut_gives_the_full_choice(
    text: str, platform: str, date: dt.date | None, author: tuple[str, ...]
) -> None:
    if not text.strip(boundaries.GAP):
        return
    fast = boundaries.choose_start(text, 0, len(text), "paragraph", platform=platform, date=date, author=author)
    original = boundaries._paragraph_start_wins
    boundaries._paragraph_start_wins = lambda *args: False  # every candidate listed and weighed
    try:
        full = boundaries.choose_start(text, 0, len(text), "paragraph", platform=platform, date=date, author=author)
    finally:
        boundaries._paragraph_start_wins = original
    assert fast == full


def _paragraph_start_wins_as_first_written(
    text: str, lo: int, stop: int, platform: str, date: dt.date | None, author: tuple[str, ...]
) -> bool:
    segment = text[lo:stop]
    return (
        stop - lo <= boundaries.WINDOW
        and (
            (
                ":" not in segment
                and "\n" not in segment.strip()
                and not ("," in segment and any(verb in segment for verb in boundaries._VERB_COMMAS))
                and (
                    not boundaries.has_platform_cue(segment)
                    or not any(p.search(segment) for p in boundaries._SENTENCE_ENDS)
                )
            )
            or boundaries._leadless(segment, author)
        )
        and fits(segment, platform, date)
    )


@settings(max_examples=1000, deadline=None)
@given(
    st.lists(_PROSE, max_size=40).map("".join),
    st.sampled_from(["twitter", "instagram", "facebook"]),
    st.sampled_from([None, dt.date(2016, 1, 1)]),
    st.sampled_from([(), ("ann", "lee", "@ann_lee", "ann_lee"), ("bob",)]),
)
@example("Ann retweeted, Twitter. Great", "twitter", None, ())
def test_paragraph_start_wins_as_first_written(
    text: str, platform: str, date: dt.date | None, author: tuple[str, ...]
) -> None:
    for lo in (0, len(text) // 3):
        args = (text, lo, len(text), platform, date, author)
        assert boundaries._paragraph_start_wins(*args) == _paragraph_start_wins_as_first_written(*args)


@given(st.lists(st.sampled_from(["Ann", "ann", "The", "Lee", "İlk", "Ünal", "x1", "O'Neil", " ", "-", "Kk", "ΣΑΣ",
                                 "News", "_", "Bo"]), max_size=8).map("".join),
       st.sampled_from([None, "", "AnnLee", "ann"]))  # fmt: skip
def test_author_words_as_first_written(name: str, handle: str | None) -> None:
    words = [w.casefold() for w in re.findall(r"[^\W\d_]{3,}", name) if w[0].isupper()]
    words = [w for w in words if w not in boundaries._COMMON_NAME_WORDS]
    if handle:
        words += [f"@{handle.casefold()}", handle.casefold()]
    assert author_words.__wrapped__(name, handle) == tuple(dict.fromkeys(words))


@settings(max_examples=800, deadline=None)
@given(
    st.lists(_PROSE, max_size=40).map("".join),
    st.sampled_from(["twitter", "facebook"]),
    st.sampled_from([None, dt.date(2016, 1, 1)]),
    st.sampled_from([(), ("ann", "lee", "@ann_lee", "ann_lee")]),
    st.data(),
)
def test_fitting_reads_lead_ins_only_where_they_count(
    text: str, platform: str, date: dt.date | None, author: tuple[str, ...], data: st.DataObject
) -> None:
    lo = data.draw(st.integers(0, len(text)))
    options = candidates(text, lo, len(text), "paragraph")
    options = options[: data.draw(st.integers(0, len(options)))]  # the paragraph's start alone, often
    fitting = [b for b in options if fits(text[b.at :], platform, date)]  # by definition, not by bisection
    expected = boundaries._scored(text, lo, len(text), fitting, author) if fitting else []
    assert boundaries._fitting(text, lo, len(text), options, platform, date, author) == expected


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(["Twitter", "tweet", "TikTok", "took to", "took", " ", "to", "social media", "social",
                                 "posted", "Posted", "reposted", "sharedly", "shared", "below", "x", "in a series of",
                                 "İ", ",", "\n", "threads", "Threads", "wrote", "rewrote"]),
                max_size=10).map("".join))  # fmt: skip
def test_platform_cues_as_first_written(text: str) -> None:
    lowered = text.lower()
    words = boundaries._CUE_WORDS
    expected = any(part in lowered for part in boundaries._CUE_PARTS) or (
        any(word in lowered for word in words) and not words.isdisjoint(re.findall(r"[a-z]+", lowered))
    )
    assert boundaries.has_platform_cue(text) == expected
    assert boundaries._leadless(text, ()) == (not any(cue in lowered for cue in boundaries._CUE_SUBSTRINGS))


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(["Ann", "ann", "Anne", "@ann_lee", "ann_lee", "Lee", "lee's", " ", "_", "x", "İ", "K",
                                 "\u212a", "@", "annlee"]), max_size=10).map("".join),
       st.sampled_from([(), ("ann",), ("ann", "lee", "@ann_lee", "ann_lee"), ("@annlee",), ("k",)]))  # fmt: skip
def test_names_author_as_first_written(text: str, author: tuple[str, ...]) -> None:
    lowered = text.casefold()
    expected = bool(author) and any(w.lstrip("@") in lowered for w in author) and any(
        w in set(re.findall(r"@?[^\W_]+", lowered)) for w in author
    )
    assert boundaries.names_author(text, author) == expected


_POST_PIECES = st.sampled_from([
    "a", "word", "x" * 60, " ", "  ", "\n", "\n> ", "- ", "@ann ", "w", "ww", "www", ".", "\\", "\\.", "[", "]", "(",
    ")", "](/p)", "[ww](/x)", "http:", "//", "t.co", "pic.twitter.com", "<", ">", "#", "é", "😀",
])  # fmt: skip


@settings(max_examples=800, deadline=None)
@given(
    st.lists(_POST_PIECES, max_size=40).map("".join),
    st.sampled_from(["twitter", "instagram", "threads", "facebook"]),
    st.sampled_from([None, dt.date(2016, 1, 1), dt.date(2020, 1, 1)]),
)
@example("[ww](/x)w.e " + "a" * 136, "twitter", dt.date(2016, 1, 1))  # a link's label makes a link: 148 -> 160
@example("www\\.e " + "a" * 140, "twitter", dt.date(2016, 1, 1))  # an escape taken off makes a link: 147 -> 164
def test_a_post_without_links_fits_by_its_length_as_by_twitters_count(
    post: str, platform: str, date: dt.date | None
) -> None:
    limit = boundaries.length_limit(platform, date)
    full = limit is None or boundaries.tweet_length(post) <= limit + boundaries.SLACK
    assert boundaries.fits(post, platform, date) == full


_OLD_TWEET = dt.date(2015, 6, 1)  # 140 characters: the paragraph below does not fit as one post


@pytest.mark.parametrize(
    ("opening", "post"),
    [
        ("2,000 Nurses", "2,000 Nurses walk out of the county hospital at noon today #strike https://t.co/abcdefghij"),
        ("*Sigh*", "*Sigh* Why did I get a promoted post from the mayor again…I could NOT care less about him."),
    ],
)
def test_a_post_glued_to_prose_may_open_with_a_number_or_a_mark(opening: str, post: str) -> None:
    prose = "The walkout began on the east side of the county before anyone at the hospital had heard of it. "
    text = prose + post
    start = choose_start(text, 0, len(text), "paragraph", platform="twitter", date=_OLD_TWEET, author=("ann",))
    assert text[start.at :] == post
    assert text[start.at :].startswith(opening)


def test_a_number_before_lower_case_is_no_post_start() -> None:
    text = (
        "The walkout began on the east side of the county before anyone at the hospital had heard of it in "
        "2015. 2,000 of the nurses walked out of the county hospital at noon today and more came https://t.co/abc"
    )
    start = choose_start(text, 0, len(text), "paragraph", platform="twitter", date=_OLD_TWEET, author=("ann",))
    assert start.kind == "too-long"


def test_an_ellipsis_ends_the_prose_before_a_post_glued_to_it() -> None:
    prose = "And here is more of the same from the county, where nobody has said a word about the walkout… "
    post = "Nurses walk out of the county hospital at noon. Video by a reader. https://t.co/abcdefghij #strike"
    text = prose + post
    start = choose_start(text, 0, len(text), "paragraph", platform="twitter", date=_OLD_TWEET, author=("ann",))
    assert text[start.at :] == post
    assert start.kind == "sentence"
