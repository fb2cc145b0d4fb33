"""The prefilter: it runs only the parser's rules whose cues a text holds, and gives the very article the parser
gives (issue 19 item 2): on golden, real, generated and hostile texts, with quotations of posts and of speech and
the embeds of every network."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from reactions import corpus
from reactions.corpus import parse_document
from reactions.models import Article, Platform
from reactions.parse import prefilter
from reactions.parse.article import parse_article, parse_body, split_header
from reactions.parse.networks import NETWORKS, PROSE_ONLY
from reactions.parse.prefilter import parse_prefiltered
from reactions.parse.renderings import find_tiktok_captions
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


# --- texts without an embed: quotations only ------------------------------------------------------------------


def test_prose_with_speech_gives_the_parsers_article() -> None:
    text = " date 2021-03-04 Library closes\n\n" + PROSE
    fast = parse_prefiltered(text, "a.txt")
    assert fast == parse_article(text, "a.txt")
    assert (fast.title, fast.reactions) == ("Library closes", ())
    assert fast.date is not None


def test_warnings_are_the_parsers() -> None:
    text = " date 2021-02-30 Title\n\nSome prose here.\n— Jane Doe February 1, 2020\nMore prose."
    fast = parse_prefiltered(text, "w.txt")
    assert fast == parse_article(text, "w.txt")
    assert len(fast.warnings) == 2  # the impossible header date and the attribution without a handle


@pytest.mark.parametrize(
    "text",
    [
        " date 2021-03-04 Library closes\n\n" + PROSE,  # quotations only
        " date 2021-02-30 Title\n\nSome prose.\n— Jane Doe February 1, 2020\n",  # quotations only, with warnings
        ' date 2021-03-04 Fans\n\n"So good," a fan tweeted.',  # a post quoted, no embed's cue
        "Wow. — Ann Lee (@ann_lee) Feb 2, 2020",  # a handle's cue: no markup read
        '<blockquote class="twitter-tweet"><p>Hi</p>&mdash; Ann (@ann) May 5, 2014</blockquote>',  # markup
        "",
    ],
)
def test_parse_prefiltered_is_parse_article(text: str) -> None:
    assert parse_prefiltered(text, "p.txt") == parse_article(text, "p.txt")


@pytest.mark.parametrize(
    "text",
    [
        "Plain words. More plain words, tweeted nowhere.\n\nAn email: ann@example.com now.",
        "Fans took to Twitter about it.\n\n" + "The council met. " * 40 + '\n\n"It rains," the mayor said.',
        'The story has dominated headlines for weeks. "We will not comment," the studio said.',
    ],
    ids=["no quotation", "a cue far from the quotation", "a cue in another sentence"],
)
def test_near_misses_of_the_quote_finder_give_nothing(text: str) -> None:
    fast = parse_prefiltered(text, "n.txt")
    assert fast.reactions == ()
    assert fast == parse_article(text, "n.txt")


# --- every rule that finds a post finds it through the prefilter -----------------------------------------------

FINDS = {
    "attribution": "So good #wow — Ann Lee (@ann_lee) Feb 2, 2020",
    "attribution with spaces": "So good today — Ann Lee ( @ann_lee ) Feb 2, 2020",
    "card": "Follow\nAnn Lee @ann\nSo good #wow\n9:07 PM - 28 Dec 2016\n5 5 Retweets 9 9 likes\nMore prose.",
    "factbox": "@realDonaldTrump : - To each member of the class, well done! [1235 EST] - Great day [1428 EST]",
    "tiktok": "@dancer_1 new moves #fyp ♬ original sound - Dancer",
    "facebook": "We had a great day at the beach with everyone!\n\nPosted by Ann Lee on Thursday, January 1, 2015",
    "instagram byline naming the handle": "Sunny day at the beach! A post shared by @jo on May 1, 2020 at 3:00pm PDT",
    "instagram byline in German": "Sonniger Tag am Strand! Ein Beitrag geteilt von @jo am 1. Mai 2020",
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
    "corner brackets": "森田氏は「皆さん本当にありがとうございました、また会いましょう」とツイートした。",
}


@pytest.mark.parametrize("name", FINDS)
def test_every_rule_that_finds_a_post_finds_it_through_the_prefilter(name: str) -> None:
    text = FINDS[name]
    fast = parse_prefiltered(text, "f.txt")
    assert fast.reactions, "the example must hold a post the parser finds"
    assert fast == parse_article(text, "f.txt")


def test_a_word_the_quote_finder_cuts_short_counts() -> None:
    """The attribution's clause is read 160 characters on: ``her postponed`` cut there reads ``her post``."""
    head = '"We won the whole game today," she said and then she went on and on and on and on in'
    pad = 162 - len(head) + head.index('," ') - len(" her post")
    text = head + " la" * (pad // 3) + " " * (pad % 3) + " her postponed game\n"
    fast = parse_prefiltered(text, "c.txt")
    assert fast.reactions, "the example must hold a post the parser finds"
    assert fast == parse_article(text, "c.txt")


def _embed_cue(text: str) -> bool:
    body = split_header(clean_text(text))[0]
    return prefilter._has_markup(body) or prefilter._has_handle_cue(body) or prefilter._has_byline(body)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A code fence:\n```\nsome code\n```\n", True),
        ("A fence:\n~~~\ncode\n~~~\n", True),
        ("<script>var x = 1;</script> prose", True),
        ("<SCRIPT>var x = 1;</SCRIPT> prose", True),
        ("<BlockQuote class=x>Hi</BlockQuote>", True),
        ("Say hi to (@ann) now.", True),
        ("Say hi to ( \t@ann) now.", True),
        ("Reach us at @newsdesk\nplease.", True),
        ("Reach us at @newsdesk", True),
        ("@newsdesk : hello", True),
        ("A post shared by @jo", True),
        ("Post by Ann Lee.", True),
        ("  Posted by Ann Lee on Monday", True),
        ("@tik caption ♬ sound", True),
        ("Standby @jo later", False),  # "by" inside a word is no byline
        ("An email: ann@example.com now.", False),
        ("The Washington Post reported. A Post by Ann.", False),
        ("<b>bold</b> and `code` and ~tilde~", False),
        ('"Hello there friends," she said on social media.', False),  # the quote finder's to judge
    ],
)
def test_the_embed_cues_are_seen(text: str, expected: bool) -> None:
    assert _embed_cue(text) is expected


# --- the embeds of every network -----------------------------------------------------------------------------

_EMBED_RE = re.compile(r"<blockquote\b.*?</blockquote>", re.DOTALL | re.IGNORECASE)
_EMBEDS = tuple(
    embed for path in sorted((ROOT / "tests" / "golden_html").glob("*.html"))
    for embed in _EMBED_RE.findall(path.read_text(encoding="utf-8"))
)  # fmt: skip
"""The embed markup of the golden web pages: every network's, as an author may paste it into a text article."""


def test_the_embed_markup_of_every_network_is_read_through_the_prefilter() -> None:
    """YouTube's players are iframes, which a text article's markup reader does not read (``markup.py`` reads
    blockquotes); every other network of the table has an embed, and it is found through the prefilter."""
    found: set[Platform] = set()
    for embed in _EMBEDS:
        text = f"Fans reacted.\n\n{embed}\n\nMore prose."
        fast = parse_prefiltered(text, "e.txt")
        assert fast == parse_article(text, "e.txt"), embed[:80]
        found.update(reaction.platform for reaction in fast.reactions)
    assert found >= {network.platform for network in NETWORKS} - {Platform.UNKNOWN, Platform.YOUTUBE} - PROSE_ONLY


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
    """Article prose with quotations of speech and of posts, and now and then a rendering of an embed or the embed
    markup of a network (:data:`_EMBEDS`)."""
    fragments = st.one_of(st.sampled_from(PROSE_FRAGMENTS), quotations())
    parts = draw(st.lists(st.tuples(fragments, st.sampled_from(SEPARATORS)), max_size=14))
    pieces = [fragment + separator for fragment, separator in parts]
    embeds = st.one_of(st.sampled_from(EMBED_FRAGMENTS), st.sampled_from(_EMBEDS))
    extras = draw(st.lists(embeds, max_size=2)) if draw(st.booleans()) else []
    extras.append(draw(st.text(alphabet='ab X"“”‘’@(.\n:', max_size=30)))
    for extra in extras:
        pieces.insert(draw(st.integers(0, len(pieces))), extra)
    return "".join(pieces)


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


# --- exactness: quotations with cue words in and around them ----------------------------------------------------
# Words that say *posted* only with a companion (``the story``, ``on X``, ``social media``, ``alongside a photo``, a
# writing verb with a poster), beside their near misses (``Malcolm X``, ``social justice``): what the quote finder
# judges, and what the prefilter's check of cue words (removed with ``companions.py``) once had to read exactly.

NEAR_QUOTED = ("So good to be home with you all", "We will win the vote", "Never again, never")
NEAR_AUTHORS = ("she", "The mayor", "Ann Lee", "a source", "he", "Smith", "a fan", "Many", "one user")
NEAR_VERBS = (*("wrote", "shared", "commented", "penned", "writes", "said", "added", "told the story", "says") * 3,
              "tweeted")  # fmt: skip
NEAR_MISSES = (" in Washington Post", " for social justice", " alongside him", " with X", " of story", " at Post", "")
NEAR_PLACES = (
    *NEAR_MISSES * 3, " in the story", " in her story", " on X", " via his X", " in a post", " in the Washington Post",
    " alongside a photo", " alongside her", " on social media", " in a social club", " in the thread",
    " in a selfie", " on Instagram", " in a new caption", " to Malcolm X", " with snap",
)  # fmt: skip
NEAR_BEFORE = (
    "", "", "", "", "The story ran. ", "Malcolm X spoke. ", "Post office. ", "A selfie stick. ", "Social work. ",
    "She posted a photo of the cake. ", "It was on Twitter. ", "He shared nothing. ",
    "Also Read: a tweet\n", "Fans on social\nmedia users ", "antisocial ", "The X Factor aired. ",
)  # fmt: skip
NEAR_SEPARATORS = ("", " ", "\n", "\n\n", ". ", "\t", "   ")


@st.composite
def near_quotations(draw: st.DrawFn) -> str:
    """A quotation of speech or of a post, its attribution after or before it, the sentence before it."""
    opening, closing = draw(st.sampled_from(MARKS))
    words, author = draw(st.sampled_from(NEAR_QUOTED)), draw(st.sampled_from(NEAR_AUTHORS))
    verb, place = draw(st.sampled_from(NEAR_VERBS)), draw(st.sampled_from(NEAR_PLACES))
    before = draw(st.sampled_from(NEAR_BEFORE))
    if draw(st.booleans()):
        return f"{before}{opening}{words},{closing} {author} {verb}{place}."
    colon = draw(st.sampled_from((":", ",", "")))
    return f"{before}{author} {verb}{place}{colon} {opening}{words}.{closing}"


@st.composite
def near_articles(draw: st.DrawFn) -> str:
    parts = draw(st.lists(st.tuples(near_quotations(), st.sampled_from(NEAR_SEPARATORS)), min_size=1, max_size=3))
    pad = draw(st.sampled_from(("", "x" * 150 + " ", "word " * 90, "y" * 500 + "\n", "z " * 2100)))
    return pad + "".join(fragment + separator for fragment, separator in parts)

_CUE_QUOTED = ("I love Instagram and you", "Read the story now", "It was on social media", "We will win the vote")
_LEADS = (
    "", "", "She said: ", "Fans took to Twitter: ", "The star wrote on X, ", "On Instagram, she said ", "Look: ",
    "In her latest post ", "The story says ", "It says, ", "It reads: ", "Her Instagram story: ", "The caption :  ",
    "Smith, on Twitter, ", "Smith, in her latest story: ", "Jo Bo, with this new story:\t",
    "x" * 3990 + "ssaid ", "y " * 1995 + "  ", "Via Instagram ", "The thread ",
)  # fmt: skip
_AFTERS = (
    "", ".", ", she said.", ", she told the story.", " she said on Twitter.", ", Smith grumbled in a tweet.",
    ", a fan tweeted.", " in the story.", ", the star added on social media.", ", on Instagram.", ", the story goes.",
    ", in her latest post.", ", the caption read.", " she explained in the story", ", Malcolm X noted.",
    ", " + "a " * 79 + "said on X", ", " + "a " * 79 + "saidx on X", ", " + "b " * 78 + "told", ", per the thread.",
)  # fmt: skip
_BEFORE = ("", "", "She posted a photo. ", "The story ran. ", "It was on Twitter. ", "Fans on social media wrote. ")


@st.composite
def _attributed(draw: st.DrawFn) -> str:
    """Quotations with cue words in and around them, with and without a word an attribution needs (a verb, ``took``,
    a post after a verb of manner, a colon), some cut where the quote finder's lead-in or clause cuts them."""
    opening, closing = draw(st.sampled_from(MARKS))
    parts = [draw(st.sampled_from(_BEFORE)), draw(st.sampled_from(_LEADS)), opening,
             draw(st.sampled_from(_CUE_QUOTED)), draw(st.sampled_from(("", ",", "."))), closing,
             draw(st.sampled_from(_AFTERS)), draw(st.sampled_from(NEAR_SEPARATORS))]  # fmt: skip
    return "".join(parts)


NEAR_EXAMPLES = [
    'She shared a photo. "So good to be home," one user wrote.',
    '"Never again, never," a fan wrote.',
    'The mayor told the story in her story: "We will win the vote."',
    '"I love Instagram and you," she told the story.',
    'Smith, in her latest story: "We will win the vote."',  # no verb: the colon lets it be attributed
    'Her Instagram story: "Read the story now."',
    '"Read the story now," Smith grumbled in a tweet.',
    '"I love Instagram and you." the story goes.',
    "y " * 1995 + '  "We will win the vote," ' + "b " * 78 + "told",
]
"""Cases the generators below found once, or that stand at a rule's edge."""


@settings(max_examples=1200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(near_articles(), st.lists(_attributed(), min_size=1, max_size=3).map("".join)))
def test_quotations_near_cue_words_are_read_as_the_parser_reads_them(text: str) -> None:
    assert parse_prefiltered(text, "g.txt") == parse_article(text, "g.txt")


@pytest.mark.parametrize("text", NEAR_EXAMPLES)
def test_the_near_examples_are_read_as_the_parser_reads_them(text: str) -> None:
    assert parse_prefiltered(text, "e.txt") == parse_article(text, "e.txt")


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


def test_every_run_of_real_paragraphs_is_parsed_as_the_parser_parses_it() -> None:
    """Every run of one to three paragraphs of every golden, seed and dev-set text article: real prose, with its
    quotations, its embeds and its near misses, each read on its own."""
    runs = found = 0
    for path in _documents():
        if path.suffix != ".txt":
            continue
        paragraphs = path.read_text(encoding="utf-8", errors="replace").split("\n\n")
        for size in (1, 2, 3):
            for first in range(len(paragraphs) - size + 1):
                text = "\n\n".join(paragraphs[first : first + size])
                fast = parse_prefiltered(text, path.name)
                assert fast == parse_article(text, path.name), (path.name, first, size)
                runs, found = runs + 1, found + bool(fast.reactions)
    assert runs > 300
    assert 0 < found < runs


# --- linear time ----------------------------------------------------------------------------------------------

HOSTILE = {
    "at signs": "a@b ",
    "at signs after spaces": "a  @b  ",
    "handles after a word": "word @b c ",
    "P words": "xPost ",
    "P letters": "P",
    "angle brackets": "<b ",
    "backticks and tildes": "`~ ",
    "quotation marks": '"',
    "cues between sentence ends": '"a". b. story. ',
    "context words before colons": 'Twitter. b: "a". ',
    "apostrophes after an opening mark": "‘it’s ",
    "one line of cues": "social post story x ",
    "writing verbs on short lines": '"a" wrote x\n',
    "a word after a run of spaces": '"a"' + " " * 60 + "story ",
    "alongside after alongside": '"a" alongside ',
}
"""Texts made of one unit over and over, each holding no embed's cue, so that each scan reads the whole text (and,
with quotation marks and cue words, the shapes that were hostile to the quotation check round 14 removed)."""


def _scan(text: str) -> bool:
    return prefilter._has_markup(text) or prefilter._has_handle_cue(text) or prefilter._has_byline(text)


def _per_char(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        _scan(text)
        best = min(best, time.process_time() - start)
    return max(best, 1e-6) / len(text)


@pytest.mark.parametrize("name", HOSTILE)
def test_the_embed_scans_stay_linear(name: str) -> None:
    unit = HOSTILE[name]
    small, large = unit * (8_000 // len(unit)) + ".", unit * (80_000 // len(unit)) + "."
    assert not _scan(large), "a hostile shape must hold no cue, or the scans stop at once"
    assert _per_char(large) <= 4 * max(_per_char(small), 2e-8), name


_HOSTILE_WITH_CUES = ("— A (@a) May 1, 2020 ", "\nPost by @a\n", "<blockquote class=twitter-tweet>", "「ツイート")
"""Units hostile to the parser's rules that hold their cues: an attribution, a byline, markup, corner brackets."""


@pytest.mark.parametrize("unit", [*HOSTILE.values(), *_HOSTILE_WITH_CUES])
def test_hostile_texts_are_parsed_as_the_parser_parses_them(unit: str) -> None:
    text = unit * (4_000 // len(unit))
    assert parse_prefiltered(text, "h.txt") == parse_article(text, "h.txt")


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
