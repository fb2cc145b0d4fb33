"""The prefilter: it lets a text skip the parser only when the parser finds nothing in it, and then gives the
very article the parser gives."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from reactions import corpus
from reactions.corpus import parse_document
from reactions.models import Article
from reactions.parse import prefilter
from reactions.parse.article import parse_article, parse_body, split_header
from reactions.parse.prefilter import article_without_reactions, may_hold_reactions
from reactions.parse.renderings import find_tiktok_captions
from reactions.parse.sentences import word_bytes
from reactions.parse.text import clean_text

HERE = Path(__file__).resolve().parent
DEVSET = HERE.parents[1] / "shared" / "devset"
ROOT = HERE.parent

PROSE = (
    "The council met on Monday and voted to close the library. "
    '"We will reopen it when we can," the mayor said. '
    "Officials declined to comment on the budget.\n\n"
    "“It was a hard choice,” she told reporters, adding that the vote was close.\n\n"
    "The Washington Post first reported the plan in March."
)


# --- what is skipped -------------------------------------------------------------------------------


def test_prose_with_speech_skips_the_parser_and_gives_the_parsers_article() -> None:
    text = " date 2021-03-04 Library closes\n\n" + PROSE
    fast = article_without_reactions(text, "a.txt")
    assert fast is not None
    assert fast == parse_article(text, "a.txt")
    assert fast.title == "Library closes"
    assert fast.date is not None


def test_warnings_are_the_parsers() -> None:
    text = " date 2021-02-30 Title\n\nSome prose here.\n— Jane Doe February 1, 2020\nMore prose."
    fast = article_without_reactions(text, "w.txt")
    assert fast is not None
    assert fast == parse_article(text, "w.txt")
    assert len(fast.warnings) == 2  # the impossible header date and the attribution without a handle


@pytest.mark.parametrize(
    "text",
    [
        " date 2021-03-04 Library closes\n\n" + PROSE,  # skipped
        " date 2021-02-30 Title\n\nSome prose.\n— Jane Doe February 1, 2020\n",  # skipped, with warnings
        ' date 2021-03-04 Fans\n\n"So good," a fan tweeted.',  # parsed after the check
        "Wow. — Ann Lee (@ann_lee) Feb 2, 2020",  # parsed without the check
        "",
    ],
)
def test_parse_prefiltered_is_parse_article(text: str) -> None:
    assert prefilter.parse_prefiltered(text, "p.txt") == parse_article(text, "p.txt")


def test_text_without_quotation_marks_or_handles_is_skipped() -> None:
    assert not may_hold_reactions("Plain words. More plain words, tweeted nowhere.\n\nAn email: ann@example.com now.")


def test_a_cue_far_from_every_quotation_mark_does_not_count() -> None:
    far = "The council met. " * 40
    text = f'Fans took to Twitter about it.\n\n{far}\n\n"It rains," the mayor said.'
    assert not may_hold_reactions(text)
    assert parse_article(text).reactions == ()


def test_a_cue_in_another_sentence_of_the_paragraph_does_not_count() -> None:
    text = 'The story has dominated headlines for weeks. "We will not comment," the studio said.'
    assert not may_hold_reactions(text)
    assert parse_article(text).reactions == ()


# --- what is not skipped: every rule's cue ---------------------------------------------------------------

FINDS = {
    "attribution": "So good #wow — Ann Lee (@ann_lee) Feb 2, 2020",
    "attribution with spaces": "So good today — Ann Lee ( @ann_lee ) Feb 2, 2020",
    "card": "Follow\nAnn Lee @ann\nSo good #wow\n9:07 PM - 28 Dec 2016\n5 5 Retweets 9 9 likes\nMore prose.",
    "factbox": "@realDonaldTrump : - To each member of the class, well done! [1235 EST] - Great day [1428 EST]",
    "tiktok": "@dancer_1 new moves #fyp ♬ original sound - Dancer",
    "facebook": "We had a great day at the beach with everyone!\n\nPosted by Ann Lee on Thursday, January 1, 2015",
    "markup": 'Look:\n<blockquote class="twitter-tweet"><p>Hi #there</p>&mdash; Ann (@ann) '
    '<a href="https://twitter.com/ann/status/463440424141459456">May 5, 2014</a></blockquote>\nEnd.',
    "strong verb": '"So good to be home," a fan tweeted.',
    "writing verb": '"So good to be home," one fan wrote.',
    "platform in the sentence": 'She said on Instagram: "So good to be home with you all."',
    "on X": 'He wrote on X: "This is the best day of my life so far."',
    "posted context": 'She shared a photo on Facebook.\n\n"What a day it was for all of us," she wrote.',
    "dotless i": 'She said on ınstagram: "So good to be home with you all."',
    "long s": '"So good to be home with you," the ſinger tweeted.',
    "the post speaks": 'She wrote on Facebook.\n\nIt says, "So good to be home with you all."',
    "after a posted picture": 'Ann posted a picture of the cake.\nThe message reads: "So good to be home."',
}


@pytest.mark.parametrize("name", FINDS)
def test_every_rule_that_finds_a_post_keeps_the_parser(name: str) -> None:
    text = FINDS[name]
    assert parse_article(text).reactions, "the example must hold a post the parser finds"
    assert may_hold_reactions(text)
    assert article_without_reactions(text) is None


def test_a_word_the_quote_finder_cuts_short_counts() -> None:
    """The attribution's clause is read 160 characters on: ``her postponed`` cut there reads ``her post``."""
    head = '"We won the whole game today," she said and then she went on and on about it with'
    pad = 162 - len(head) + head.index('," ') - len(" her post")
    text = head + " la" * (pad // 3) + " " * (pad % 3) + " her postponed game\n"
    assert parse_article(text).reactions, "the example must hold a post the parser finds"
    assert may_hold_reactions(text)


@pytest.mark.parametrize(
    "text",
    [
        "A code fence:\n```\nsome code\n```\n",
        "<script>var x = 1;</script> prose",
        "Say hi to (@ann) now.",
        "Reach us at @newsdesk\nplease.",
        "Post by Ann Lee.",
        '"Hello there friends," she said on social media.',
    ],
)
def test_other_cues_keep_the_parser(text: str) -> None:
    assert may_hold_reactions(text)


def test_parse_document_asks_it_unless_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    def prefiltered(text: str, source: str) -> Article:
        asked.append(source)
        return prefilter.parse_prefiltered(text, source)

    monkeypatch.setattr(corpus, "parse_prefiltered", prefiltered)
    article, _ = parse_document("a.txt", PROSE.encode())
    assert asked == ["a.txt"]
    assert article == parse_article(PROSE, "a.txt")
    monkeypatch.setenv("REACTIONS_PREFILTER", "0")
    assert not prefilter.enabled()
    parse_document("b.txt", PROSE.encode())
    assert asked == ["a.txt"]


# --- exactness: generated texts ------------------------------------------------------------------------------

PROSE_FRAGMENTS = (
    # prose, with and without the words that say posted
    "The council met on Monday.", "Officials declined to comment.", "The story has dominated headlines.",
    "Analysts say social media campaigns rarely matter", "social media users", "He posted bail", "Xi Jinping",
    "The Washington Post reported", "on X", "took to Instagram", "a since-deleted post", "In the caption",
    "alongside a photo", "ınstagram", "İNSTAGRAM", "ſhared", "\u212aim", "the U.S.", "Mr. Smith", "and then",
    "The council met. " * 30, "and the council met again " * 20, "Also Read: more", "repost", "history",
    # quotations and attributions of speech and of posts
    '"We will win,"', '"We will win the vote."', "“It was cold,”", "‘Never again,’", '"', "“", "”", "‘", "’",
    "he said.", "she said", "she wrote.", "a fan tweeted.", "one user commented.", "she wrote on Facebook:",
    "He said on Twitter:", "tweeted", "wrote", "said", ":", ",", ".", "!", "her post", "the thread", "shared",
    "captioned", "a fan", "She", "on social media", "to her Instagram", "Fans reacted online", "retweeted",
    "It says,", "It reads:", "It read,", "The message says", "posted a photo", "shared a picture", "in a tweet.",
)  # fmt: skip
EMBED_FRAGMENTS = (
    "— Ann Lee (@ann_lee) Feb 2, 2020", "(@x)", "( @y )", "Follow\nAnn Lee @ann\n", "9:07 PM - 28 Dec 2016",
    "@realDonaldTrump : - Hello [1235 EST]", "@tik caption ♬ sound", "Posted by Ann Lee on Thursday, January 1, 2015",
    "Post by Ann Lee.", "Post by @ann\nView on Threads", "a@b.com", "@", "@ann\n", "— Jane Doe February 1, 2020",
    "tik caption ♬ sound", "♬",
    '<blockquote class="twitter-tweet"><p>Hi</p>&mdash; Ann (@ann) '
    '<a href="https://twitter.com/ann/status/463440424141459456">May 5, 2014</a></blockquote>',
    "```", "<script>x</script>", "<b>", "&quot;", "â€œ", " date 2020-02-02 ",
)  # fmt: skip
SEPARATORS = ("", " ", "  ", "\n", "\n\n", "\n\n\n", ". ", "\t")


QUOTED = ("So good to be home with you all", "We will win the vote", "It was a hard day for everyone here")
AUTHORS = ("a fan", "one user", "she", "The mayor", "Ann Lee", "a spokesperson", "TV producer Jesse Zook")
VERBS = ("tweeted", "wrote", "said", "posted", "added", "commented", "told reporters", "captioned", "shared", "says")
PLACES = ("", " on Twitter", " on Instagram", " on X", " in a statement", " in a since-deleted post", " to social")
MARKS = (('"', '"'), ("“", "”"), ("‘", "’"))


@st.composite
def quotations(draw: st.DrawFn) -> str:
    """A quotation with its attribution after it (``"…," a fan tweeted.``) or before it (``She wrote: "…"``)."""
    opening, closing = draw(st.sampled_from(MARKS))
    words, author = draw(st.sampled_from(QUOTED)), draw(st.sampled_from(AUTHORS))
    verb, place = draw(st.sampled_from(VERBS)), draw(st.sampled_from(PLACES))
    if draw(st.booleans()):
        return f"{opening}{words},{closing} {author} {verb}{place}."
    return f"{author} {verb}{place}: {opening}{words}.{closing}"


@st.composite
def articles(draw: st.DrawFn) -> str:
    """Article prose with quotations of speech and of posts, and now and then a rendering of an embed."""
    fragments = st.one_of(st.sampled_from(PROSE_FRAGMENTS), quotations())
    parts = draw(st.lists(st.tuples(fragments, st.sampled_from(SEPARATORS)), max_size=14))
    pieces = [fragment + separator for fragment, separator in parts]
    extras = draw(st.lists(st.sampled_from(EMBED_FRAGMENTS), max_size=2)) if draw(st.booleans()) else []
    extras.append(draw(st.text(alphabet='ab X"“”‘’@(.\n:', max_size=30)))
    for extra in extras:
        pieces.insert(draw(st.integers(0, len(pieces))), extra)
    return "".join(pieces)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(articles())
def test_whenever_it_skips_the_parser_finds_nothing_and_the_same_article(text: str) -> None:
    fast = article_without_reactions(text, "g.txt")
    if fast is not None:
        full = parse_article(text, "g.txt")
        assert full.reactions == ()
        assert fast == full


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(articles())
def test_without_an_embeds_cue_the_embed_rules_find_nothing(text: str) -> None:
    """``parse_prefiltered`` skips the embed rules of a text with none of their cues: they would find nothing."""
    body, date, warnings = split_header(clean_text(text))
    if prefilter._has_markup(body) or prefilter._has_handle_cue(body) or prefilter._has_byline(body):
        return
    lean = parse_body(body, date, list(warnings), "g.txt", read_embeds=False)
    assert lean == parse_body(body, date, list(warnings), "g.txt")
    assert prefilter.parse_prefiltered(text, "g.txt") == parse_article(text, "g.txt")


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(articles())
@example("Intro.\n```\nHi there all — Ann Lee (@ann_lee) Feb 2, 2020\n")
@example("<script>Hi there all — Ann Lee (@ann_lee) Feb 2, 2020</script> and Post by Ann.")
@example('<BLOCKQUOTE class="twitter-tweet"><p>Hi</p>&mdash; Ann (@ann) May 5, 2014</blockquote>')
def test_without_a_markup_cue_markup_finds_and_masks_nothing(text: str) -> None:
    """``parse_prefiltered`` skips embed markup (and the masking of code and scripts) in a text whose embed cues are
    a handle or a byline: it would find and mask nothing."""
    body, date, warnings = split_header(clean_text(text))
    if prefilter._has_markup(body):
        return
    lean = parse_body(body, date, list(warnings), "g.txt", read_markup=False)
    assert lean == parse_body(body, date, list(warnings), "g.txt")


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(articles())
def test_parse_prefiltered_is_parse_article_on_generated_articles(text: str) -> None:
    """Texts holding ``(@`` or ``<blockquote`` are not sent to ``parse_article`` before cleaning: the body's own cues
    send them to the full parse."""
    assert prefilter.parse_prefiltered(text, "g.txt") == parse_article(text, "g.txt")


# --- exactness: every real and golden article -----------------------------------------------------------------


def _documents() -> list[Path]:
    folders = [ROOT / "tests" / "golden" / "parse", ROOT / "tests" / "golden_html", ROOT / "seeds"]
    if DEVSET.is_dir():
        folders += [DEVSET / "articles", DEVSET / "html"]
    return [p for folder in folders for p in sorted(folder.iterdir()) if p.suffix in (".txt", ".md", ".html", ".htm")]


def test_prefiltered_parse_equals_the_full_parse_on_golden_seeds_and_dev_set(monkeypatch: pytest.MonkeyPatch) -> None:
    documents = _documents()
    assert len(documents) > 40
    for path in documents:
        data = path.read_bytes()
        monkeypatch.setenv("REACTIONS_PREFILTER", "1")
        fast = parse_document(path.name, data)
        monkeypatch.setenv("REACTIONS_PREFILTER", "0")
        assert fast == parse_document(path.name, data), path.name


@pytest.mark.skipif(not DEVSET.is_dir(), reason="the dev set (../shared/devset) is not beside this checkout")
def test_dev_set_negatives_are_parsed_the_same() -> None:
    names = (DEVSET / "negatives.txt").read_text().split()
    assert names
    for name in names:
        text = (DEVSET / "articles" / name).read_text(encoding="utf-8")
        fast = article_without_reactions(text, name)
        assert fast is None or fast == parse_article(text, name)


# --- linear time ----------------------------------------------------------------------------------------------

HOSTILE = {
    "cues between sentence ends": '"a". b. story. ',
    "context words before colons": 'Twitter. b: "a". ',
    "quotation marks": '"',
    "apostrophes after an opening mark": "‘it’s ",
    "one line of cues": "social post story x ",
    "at signs": "a@b ",
    "Post words": "Post ",
    "angle brackets": "<b ",
    "writing verbs on short lines": '"a" wrote x\n',
    "a word after a run of spaces": '"a"' + " " * 60 + "story ",
    "alongside after alongside": '"a" alongside ',
}


def _per_char(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        may_hold_reactions(text)
        best = min(best, time.process_time() - start)
    return max(best, 1e-6) / len(text)


@pytest.mark.parametrize("name", HOSTILE)
def test_the_prefilter_stays_linear(name: str) -> None:
    unit = HOSTILE[name]
    small, large = unit * (8_000 // len(unit)), unit * (80_000 // len(unit))
    assert _per_char(large) <= 4 * max(_per_char(small), 2e-8), name


def test_the_hostile_shapes_with_cues_do_the_whole_work() -> None:
    assert not may_hold_reactions(HOSTILE["cues between sentence ends"] * 100)
    assert not may_hold_reactions(HOSTILE["context words before colons"] * 100)


def test_real_paragraphs_it_skips_parse_to_nothing() -> None:
    """Every run of one to three paragraphs of every golden, seed and dev-set article: real prose, with its
    quotations and its near misses, each read on its own."""
    skipped = 0
    for path in _documents():
        if path.suffix != ".txt":
            continue
        paragraphs = path.read_text(encoding="utf-8", errors="replace").split("\n\n")
        for size in (1, 2, 3):
            for first in range(len(paragraphs) - size + 1):
                text = "\n\n".join(paragraphs[first : first + size])
                fast = article_without_reactions(text, path.name)
                if fast is not None:
                    skipped += 1
                    assert fast == parse_article(text, path.name), (path.name, first, size)
    assert skipped > 100


def test_an_instagram_byline_naming_only_the_handle_is_read() -> None:
    for text in ("Sunny! A post shared by @jo on May 1, 2020 at 3:00pm PDT",
                 "Ein Beitrag geteilt von @jo am 1. Mai 2020"):
        assert may_hold_reactions(text)
        assert article_without_reactions(text) is None
    assert not may_hold_reactions("Standby @jo later")  # "by" inside a word is no byline


# --- the marks' lines, read line by line ----------------------------------------------------------------------


def _lines_mark_by_mark(body: str, marks: list[int]) -> tuple[object, ...]:
    """What ``prefilter._lines`` gave when it looked at every mark (before it read each line once)."""
    spans, led, said = [], [], []
    size, before, after = len(body), -1, -1
    for mark in marks:
        if after < mark:
            before = body.rfind("\n", max(0, after), mark)
            found = body.find("\n", mark)
            after = size if found < 0 else found
        para = before + 1 if before >= mark - prefilter.REACH else 0
        spans.append((para, min(after, mark + prefilter.WINDOW)))
        stretch = (max(0, mark - prefilter.REACH) if para else 0, mark)
        if mark and (body[mark - 1] == ":" or body[mark - 1].isspace()) and prefilter._led(body, mark):
            led.append(stretch)
        if body[mark - 1] in " \t,:sSſdD" and prefilter.says_led(body, mark):
            said.append(stretch)
    return prefilter.merged_spans(spans), led, said


_LINE_PIECES = st.sampled_from(
    ['"', "“", "”", "‘", "’", "\n", " ", "\t", ":", ",", "a", "says", "SAYS", "ſays", "reads", "read", "rEad",
     "It says, ", "x" * 390, "y" * 9, " " * 41, "already", "thread ", "\u212a", "  ", "\t:", "SAYſ"]
)  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(st.lists(_LINE_PIECES, max_size=24).map("".join))
@example('It reads   ,   "Hi," she said.')  # the farthest a mark stands after ``read``: 12 characters
@example("The note ſAYS\t:\t“x”")
@example(':"a" :\n"b" x\t"c" \u2028\u2028"d" It reads\t"e"')  # a colon, spaces, a line break, reads before a mark
@example(' "a"')  # the second character
@example('It says,“Hi there” and it reads:‘so’ and it SAYS ,"yes"')  # a comma or colon right before the mark
def test_lines_read_once_each_give_what_every_mark_gave(body: str) -> None:
    marks = prefilter._marks(body)
    lines = (prefilter._line_spans(body, marks), *prefilter._led_and_said(body, marks))
    assert lines == _lines_mark_by_mark(body, marks)


def _cut_word_by_pattern(body: str, mark: int, line_end: int) -> bool:
    """``prefilter._cut_word`` as it read before it looked at the word bytes first."""
    for cut in (mark + 161, mark + 162, mark + 1 + prefilter.REACH):
        if cut >= line_end:
            return False
        if not prefilter._word_char(body, cut):
            continue
        tail = prefilter._TAIL_RE.search(body, max(0, cut - prefilter._LONGEST - 1), cut)
        word = tail.group() if tail is not None else ""
        if 0 < len(word) <= prefilter._LONGEST and prefilter._fold(word) in prefilter._WORD_STRINGS:
            return True
    return False


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(["post", "postponed", "ſhare", "sharedness", "İnsta", "éx", "x", "ab", " ", "-", "_"]),
             max_size=12).map("".join),
    st.integers(150, 170),
)  # fmt: skip
def test_a_cut_word_is_looked_for_in_the_word_bytes_first(words: str, size: int) -> None:
    body = '"' + "a " * (size // 2) + words + " z" * 150
    assert prefilter._cut_word(body, 0, len(body), word_bytes(body)) == _cut_word_by_pattern(body, 0, len(body))


def _each_marks_span_merged(body: str, marks: list[int]) -> list[tuple[int, int]]:
    """What ``prefilter._line_spans`` stands for: each mark's own span (its line's start, or the text's when that
    is beyond ``REACH`` before it; on to its line's end or ``WINDOW`` after it), all of them merged."""
    from reactions.parse.authors import REACH
    from reactions.parse.markup import merged_spans

    spans = []
    for mark in marks:
        line_start = body.rfind("\n", 0, mark) + 1
        line_end = body.find("\n", mark) % (len(body) + 1)  # -1 (no newline after it) gives the text's end
        spans.append((line_start if line_start > mark - REACH else 0, min(line_end, mark + prefilter.WINDOW)))
    return merged_spans(spans)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(['"', "“", "”", "\n", "\n\n", "a b. ", "x" * 150, "y " * 200, "z" * 700]), max_size=25))
@example(["a\n", "x" * 399, '"'])  # the line starts exactly REACH (400) characters before the mark
@example(["a\n", "x" * 400, '"'])  # and one more
def test_line_spans_are_each_marks_span_merged(parts: list[str]) -> None:
    body = "".join(parts)
    marks = prefilter._marks(body)
    assert prefilter._line_spans(body, marks) == _each_marks_span_merged(body, marks)


def _cuts_word_at_every_mark(body: str, marks: list[int], spaced: bytes) -> bool:
    """``prefilter._cuts_word`` as it read before it looked at the bytes before each cut first: every mark asked."""
    size = len(body)
    for mark in marks:
        found = body.find("\n", mark)
        end = min(size if found < 0 else found, mark + prefilter.WINDOW)
        if mark + 161 < end and prefilter._cut_word(body, mark, end, spaced):
            return True
    return False


_CUT_WORDS = ("post", "postponed", "x", "xi", "x_", "ab", "tweetér", "ſharedness", "İnstagramm", "socialist", "é")


@st.composite
def _cut_texts(draw: st.DrawFn) -> str:
    """Quotation marks with a word of the cue words (or a longer one) standing where a cut after them may fall."""
    pieces = []
    for _ in range(draw(st.integers(1, 4))):
        mark = draw(st.sampled_from(['"', "“", "”", "‘", "’"]))
        gap = draw(st.one_of(st.integers(150, 170), st.integers(388, 408)))
        filler = draw(st.sampled_from(["a", "a ", " ", "-", "é"])) * gap
        word = "".join(draw(st.lists(st.sampled_from(_CUT_WORDS), min_size=1, max_size=3)))
        pieces.append(mark + filler[:gap] + word + draw(st.sampled_from(["", " z", "\n", "s" * 20 + " " * 400])))
    return draw(st.sampled_from(["", "\n", " "])).join(pieces)


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_cut_texts())
@example('"' + "a" * 157 + " xi")  # a word of 1 letter cut after it (``x`` of ``xi``)
@example('"' + "a" * 156 + " ab post" + "s" * 400)
@example('"' + "a" * 155 + " postx\n")  # the first cut one character before the line's end
def test_cut_words_are_asked_only_where_a_words_tail_stands(body: str) -> None:
    marks = prefilter._marks(body)
    spaced = word_bytes(body)
    assert prefilter._cuts_word(body, marks, spaced) == _cuts_word_at_every_mark(body, marks, spaced)


def test_the_tails_are_those_of_every_word() -> None:
    """Exhaustive: each word of WORDS, after any byte of word bytes and a space, ends in one of the tails."""
    for word in prefilter.WORDS:
        for byte in prefilter._ALPHABET:
            padded = bytes([byte]) + b" " + word
            assert padded[-3:] in prefilter._TAILS, word


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(["P", "Post", "ost", "Pos", " ", "\t", "\n", "x", "PP", "P" * 70, "\nPost"]),
                max_size=20).map("".join))  # fmt: skip
@example("P" * 64 + "\nPost")  # the word found past the budget of P
@example("P" * 63 + "\nPost")  # and at its last one
@example("P" * 64)
def test_a_byline_found_from_each_p_is_the_words_own_search(body: str) -> None:
    assert prefilter._has_byline(body) is (next(prefilter.lines_opening_with(body, "Post"), None) is not None)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["@", "@tik", " ", "\t", "\n", "caption", "♬", "ab", "x" * 30]), max_size=12).map(
    "".join))
@example("@tik caption ♬ sound")
@example("tik caption ♬ sound")
def test_a_tiktok_caption_needs_an_at_sign(text: str) -> None:
    """The prefilter asks for ``♬`` only where an ``@`` stands: without one, the caption rule finds nothing."""
    if "@" not in text:
        assert find_tiktok_captions(text, 0) == []
        assert not prefilter._has_handle_cue(text)
    elif "♬" in text:
        assert prefilter._has_handle_cue(text)
