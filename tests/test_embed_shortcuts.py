"""The shortcuts of the posts-in-text finder (``text_embeds`` and the modules only it uses) give exactly what the
full path gives: each is checked here against a copy of the code it skips."""

from __future__ import annotations

import datetime as dt

from hypothesis import example, given, settings
from hypothesis import strategies as st

from reactions.parse import attribution, boundaries, markdown, renderings, text_embeds
from reactions.parse.boundaries import author_words
from reactions.parse.markdown import plain_markdown

_PIECES = st.sampled_from([
    "a", "Wow", " ", "\t", "\n", "\n\n", "- ", "* ", "+ ", "-", "*", "> ", ">", "](", "[x](https://t.co/a)", "[a",
    "](/p)", "<https://x.com/a>", "<www.a.b>", "\\", "\\*", "\\_", "#tag", "@ann", "é", "—",
])  # fmt: skip
_TEXTS = st.lists(_PIECES, max_size=30).map("".join)


def _plain_markdown_full(text: str) -> str:
    """:func:`plain_markdown` without its first test (every text through the line-by-line path)."""
    list_re, quote_re = markdown._LIST_RE, markdown._QUOTE_RE
    lines = [line for line in text.split("\n") if line.strip()]
    if lines and all(list_re.match(line) for line in lines):
        text = list_re.sub("", text)
        lines = [line for line in text.split("\n") if line.strip()]
    elif lines and list_re.match(lines[0]):
        text = list_re.sub("", text, count=1)
        lines = [line for line in text.split("\n") if line.strip()]
    if not markdown.is_markdown(text):
        return text
    if lines and all(line.lstrip().startswith(">") for line in lines):
        text = quote_re.sub("", text)
        text = "\n".join(line.rstrip(" \t") for line in text.split("\n"))
    text = markdown._AUTOLINK_RE.sub(r"\1", markdown._LINK_RE.sub(r"\1", text)) if "](" in text or "<" in text else text
    text = list_re.sub("", text)
    return markdown._ESCAPE_RE.sub(r"\1", text).strip()


@settings(max_examples=600, deadline=None)
@given(_TEXTS)
@example("- a\nb")
@example("a\n  * b")
@example(" \n-\tx")
def test_plain_markdown_shortcut_gives_the_full_path(text: str) -> None:
    assert plain_markdown(text) == _plain_markdown_full(text)


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


@settings(max_examples=500, deadline=None)
@given(
    st.lists(st.sampled_from(["@", "@a", "@ann_lee", "@" + "b" * 16, ":", " ", "\t", "-", " - ", ": - ", "x", "\n"]),
             max_size=30).map("".join),
    st.integers(0, 5),
)  # fmt: skip
def test_factbox_heads_are_the_patterns_matches(text: str, floor: int) -> None:
    heads = [m.span() for m in renderings._factbox_heads(text, floor)]
    assert heads == [m.span() for m in renderings._FACTBOX_RE.finditer(text, floor)]


@settings(max_examples=500, deadline=None)
@given(
    st.one_of(st.none(), st.lists(st.sampled_from(["Ann", "Lee", "ann", "The", "Bob", "J.", "Émile", "X", "Lee2", " "]),
                                  max_size=6).map(" ".join)),
    st.one_of(st.none(), st.sampled_from(["", "ann", "Lee", "bob_x", "ANN", "émile", "the"])),
)  # fmt: skip
def test_display_name_words_are_the_names_words_alone(name: str | None, handle: str | None) -> None:
    assert text_embeds._display_name_words(name, handle) == author_words(name, None)
