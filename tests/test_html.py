"""reactions.parse.html: content sniffing, page text and metadata, embeds, merging with the text parser.

Golden cases live in ``tests/golden_html/``: each ``NAME.html`` with the ``NAME.json`` it must
produce.  Rewrite them with ``pytest --update-golden`` or ``REACTIONS_UPDATE_GOLDEN=1`` and
review the diff before committing.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import pickle
from collections.abc import Callable
from html import escape as html_escape
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.models import Article, Kind, Reaction
from reactions.parse.article import parse_article, reaction_id
from reactions.parse.build import link_id
from reactions.parse.html import is_html, parse_html_article

GOLDEN = Path(__file__).resolve().parent / "golden_html"
CASES = sorted(GOLDEN.glob("*.html"))
DATA_HTML = Path(__file__).resolve().parent / "data" / "html"


def summarise(article: Article) -> dict[str, Any]:
    """The parts of an article a golden file pins down (ids are checked separately)."""
    return {
        "title": article.title,
        "date": article.date.isoformat() if article.date else None,
        "published_at": article.published_at.isoformat() if article.published_at else None,
        "warnings": list(article.warnings),
        "reactions": [
            {
                "kind": str(r.kind),
                "platform": str(r.platform),
                "handle": r.handle,
                "display_name": r.display_name,
                "date": r.date.isoformat() if r.date else None,
                "text": r.text,
                "hashtags": list(r.hashtags),
                "mentions": list(r.mentions),
                "media": list(r.media),
                "status_id": r.status_id,
                "url": r.url,
                "created_at": r.created_at.isoformat() if r.created_at else None,
                "lang": r.lang,
                "span_text": article.text[r.span[0] : r.span[1]],
            }
            for r in article.reactions
        ],
    }


@pytest.fixture
def updating(update_golden: bool) -> bool:
    return update_golden or os.environ.get("REACTIONS_UPDATE_GOLDEN") == "1"


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_golden(case: Path, updating: bool) -> None:
    article = parse_html_article(case.read_text(encoding="utf-8"), case.name)
    got = summarise(article)
    expected_path = case.with_suffix(".json")
    if updating or not expected_path.exists():
        expected_path.write_text(json.dumps(got, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        if not updating:
            pytest.fail(f"wrote missing golden file {expected_path.name}; review it and rerun")
    assert got == json.loads(expected_path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_golden_invariants(case: Path) -> None:
    """Every reaction: id from reaction_id, span inside the text, its own article as source."""
    article = parse_html_article(case.read_text(encoding="utf-8"), case.name)
    for r in article.reactions:
        assert r.source == case.name
        assert 0 <= r.span[0] <= r.span[1] <= len(article.text)
        if r.kind is Kind.EMBED and r.text:
            assert r.text in article.text[r.span[0] : r.span[1]] or r.status_id
        if r.status_id is not None:
            assert r.id == reaction_id(r.handle, r.date, r.text or link_id(r.platform, r.status_id, r.url))
    spans = [r.span for r in article.reactions]
    assert spans == sorted(spans)
    posts = {(r.platform, r.status_id) for r in article.reactions if r.status_id}
    assert len({r.id for r in article.reactions if r.status_id}) == len(posts)  # one id per post, never shared


def test_posts_without_text_keep_their_own_ids() -> None:
    """Two rendered frames by no named author on no shown date are two posts: a link counts for nothing in a text's
    fingerprint, so the id is made from the network and the post's id."""
    page = "".join(
        f'<p>Paragraph {n} of the story.</p><iframe class="instagram-media instagram-media-rendered" '
        f'src="https://www.instagram.com/p/{code}/embed/"></iframe>'
        for n, code in enumerate(("CodeOne111A", "CodeTwo222B"))
    )
    first, second = parse_html_article(page, "page.html").reactions
    assert (first.status_id, second.status_id) == ("CodeOne111A", "CodeTwo222B")
    assert first.id != second.id


def test_golden_folder_has_cases() -> None:
    assert len(CASES) >= 10


# -- sniffing ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("<!DOCTYPE html><html><body>x</body></html>", True),
        ("\ufeff  <!doctype HTML>\n<title>t</title>", True),
        ("<?xml version='1.0'?>\n<html xmlns='http://www.w3.org/1999/xhtml'><body/></html>", True),
        ("<!-- saved from url=(0014)about:internet -->\n<html><body>x</body></html>", True),
        ("<html lang='en'>", True),
        ('<blockquote class="twitter-tweet"><p lang="en">hi</p>&mdash; A (@a)</blockquote>', True),
        ("<p>One</p>\n<p>Two</p>", True),
        ("<div><span>a</span></div>", True),
        ("date 2020-02-02 I <3 this, and a < b > c.", False),
        ("Love it <3 <3 <3", False),
        ("if x<y and y>z then <b> is a tag name", False),
        ("Use <p> for paragraphs.", False),
        ("", False),
        ("plain text only\nwith lines", False),
        ("Emails like <ann@example.com> and <https://example.com>", False),
        # issue 22 family 4: a post that names a tag is prose, not a page
        ('Title\n\n"Is <title>.js dead?" — Dev (@dev) May 1, 2020\n<meta> and <head> too', False),
        ("Notes on <body>.js\nand <head>.js, <html>.js", False),
        ("Saved from the web\n<html><head><title>t</title></head><body>x</body></html>", True),
        ("header line\n  <meta charset='utf-8'>\n<title>t</title><p>x</p>", True),
    ],
)
def test_is_html(text: str, expected: bool) -> None:
    assert is_html(text) is expected


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_characters="<>"), max_size=300))
def test_is_html_false_without_angle_brackets(text: str) -> None:
    assert not is_html(text)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_parse_html_article_never_raises(text: str) -> None:
    article = parse_html_article(text, "x.html")
    for r in article.reactions:
        assert 0 <= r.span[0] <= r.span[1] <= len(article.text)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "<p>",
                "</p>",
                "<div>",
                "</div>",
                "<blockquote class='twitter-tweet'>",
                "</blockquote>",
                "<a href='",
                "https://twitter.com/a/status/1234567890123456789",
                "'>",
                "</a>",
                "&mdash; A (@a) ",
                "May 5, 2014",
                "text ",
                "<br>",
                "<script>",
                "</script>",
                "&amp;",
                "&",
                "<",
                ">",
                "<!--",
                "-->",
                "<iframe ",
                "data-tweet-id='99999999999999999'>",
                "</iframe>",
                "<b>",
                "\n",
            ]
        ),
        max_size=60,
    )
)
def test_tag_soup_never_raises(parts: list[str]) -> None:
    parse_html_article("".join(parts))


# -- page text and metadata --------------------------------------------------------------------


def test_text_drops_scripts_styles_navigation_and_keeps_paragraphs() -> None:
    page = (
        "<html><head><title>T</title><style>p{}</style></head><body><nav>Home | News</nav>"
        "<h1>Head</h1><p>One <b>two</b>\n three.</p><script>var x = '<p>no</p>';</script>"
        "<ul><li>a</li><li>b</li></ul><p>Line<br>break</p><footer>Copyright</footer></body></html>"
    )
    article = parse_html_article(page)
    assert article.text == "Head\n\nOne two three.\n\na\n\nb\n\nLine\nbreak"


def test_text_keeps_article_header_and_footer_inside_article() -> None:
    page = (
        "<header>Site</header><article><header><h1>Title</h1></header><p>Body</p>"
        "<footer>Tags: x</footer></article>"
    )
    assert parse_html_article(page).text == "Title\n\nBody\n\nTags: x"


def test_furniture_after_the_article_is_dropped_again() -> None:
    page = (
        "<article><main><nav>In</nav></main><nav>Still in</nav><article><footer>Nested</footer></article>"
        "<footer>Last in</footer></article><footer>Out</footer><div><nav>Out too</nav><p>Body</p></div>"
    )
    assert parse_html_article(page).text == "In\n\nStill in\n\nNested\n\nLast in\n\nBody"


def test_entities_are_decoded_once() -> None:
    page = "<p>Caf&eacute; &amp; bar &lt;3 &#8212; &#x1F600; &amp;amp; &nbsp;x</p><p>second</p>"
    assert parse_html_article(page).text.startswith("Café & bar <3 — 😀 &")


@pytest.mark.parametrize(
    ("head", "date", "published"),
    [
        (
            '<meta property="article:published_time" content="2020-02-02T18:15:01-05:00">',
            "2020-02-02",
            "2020-02-02T23:15:01+00:00",
        ),
        ('<meta name="pubdate" content="2020-02-02">', "2020-02-02", None),
        (
            '<script type="application/ld+json">'
            '[{"@type":"NewsArticle","datePublished":"2021-07-04T10:00:00Z"}]'
            "</script>",
            "2021-07-04",
            "2021-07-04T10:00:00+00:00",
        ),
        (
            '<script type="application/ld+json">{not json</script><time datetime="2019-01-01">x</time>',
            "2019-01-01",
            None,
        ),
        ('<meta property="article:published_time" content="yesterday">', None, None),
        ("", None, None),
    ],
)
def test_publication_date(head: str, date: str | None, published: str | None) -> None:
    article = parse_html_article(f"<html><head>{head}</head><body><p>x</p><p>y</p></body></html>")
    assert (article.date.isoformat() if article.date else None) == date
    assert (article.published_at.isoformat() if article.published_at else None) == published


def test_title_prefers_og_title_then_h1_then_title() -> None:
    og = '<meta property="og:title" content="OG"><title>T</title><h1>H</h1>'
    assert parse_html_article(og).title == "OG"
    assert parse_html_article("<title>T</title><body><h1>H <em>1</em></h1><p>p</p>").title == "H 1"
    assert parse_html_article("<title>T</title><body><p>p</p></body>").title == "T"
    assert parse_html_article("<title>T</title><body><h1> </h1><h1>H2</h1></body>").title == "T"  # the first h1


# -- embeds and merging ------------------------------------------------------------------------

TWEET = (
    '<blockquote class="twitter-tweet"><p lang="en" dir="ltr">Me coming to Twitter and seeing '
    '<a href="https://twitter.com/hashtag/JusticeForJohnnyDepp?src=hash">#JusticeForJohnnyDepp</a> trending '
    '<a href="https://t.co/F53hiLi1i6">pic.twitter.com/F53hiLi1i6</a></p>&mdash; lila (@M1612k) '
    '<a href="https://twitter.com/M1612k/status/1223451163581288448?ref_src=twsrc%5Etfw">February 1, 2020</a>'
    "</blockquote>"
)
TEXT_FORM = (
    "Me coming to Twitter and seeing #JusticeForJohnnyDepp trending pic.twitter.com/F53hiLi1i6 "
    "— lila (@M1612k) February 1, 2020"
)


def test_same_post_in_txt_and_html_has_the_same_id() -> None:
    from_html = parse_html_article(f"<html><body><p>Intro.</p>{TWEET}</body></html>", "a.html")
    from_text = parse_article(f"Intro.\n\n{TEXT_FORM}\n", "a.txt")
    assert [r.id for r in from_html.reactions] == [r.id for r in from_text.reactions]
    html_r, text_r = from_html.reactions[0], from_text.reactions[0]
    assert (html_r.handle, html_r.text, html_r.date) == (text_r.handle, text_r.text, text_r.date)
    assert html_r.media == ("pic.twitter.com/F53hiLi1i6",)
    assert html_r.status_id == "1223451163581288448"
    assert text_r.status_id is None


def test_a_post_embedded_twice_is_kept_once() -> None:
    rendered = '<div class="twitter-tweet-rendered"><iframe data-tweet-id="1223451163581288448"></iframe></div>'
    page = f"<body>{rendered}<noscript>{TWEET}</noscript>{TWEET}</body>"
    (r,) = parse_html_article(page).reactions
    assert r.text.startswith("Me coming to Twitter")


def test_markup_and_text_copy_of_one_post_is_one_reaction() -> None:
    article = parse_html_article(f"<body>{TWEET}<p>{TEXT_FORM}</p></body>")
    assert len(article.reactions) == 1
    assert article.reactions[0].status_id == "1223451163581288448"


def test_embed_span_points_at_its_rendering() -> None:
    article = parse_html_article(f"<body><p>Before.</p>{TWEET}<p>After.</p></body>")
    (r,) = article.reactions
    assert article.text[r.span[0] : r.span[1]] == TEXT_FORM


def test_a_web_pages_reactions_are_its_embeds_and_its_prose_quotes_only_when_asked() -> None:
    page = f"<p>&ldquo;Johnny deserves an apology from everyone who doubted him,&rdquo; one fan tweeted.</p>{TWEET}"
    (embed,) = parse_html_article(page).reactions
    assert embed.kind is Kind.EMBED
    quote, again = parse_html_article(page, quotes=True).reactions
    assert quote.kind is Kind.QUOTE
    assert quote.text.startswith("Johnny deserves an apology")
    assert again == embed


@pytest.mark.parametrize(
    "href",
    [
        "https://twitter.com/M1612k/status/1223451163581288448",
        "https://x.com/M1612k/status/1223451163581288448?s=20&t=abc",
        "https://mobile.twitter.com/M1612k/status/1223451163581288448",
        "https://www.x.com/M1612k/statuses/1223451163581288448/",
        "//twitter.com/M1612k/status/1223451163581288448?ref_src=twsrc%5Etfw",
        "https://twitter.com/#!/M1612k/status/1223451163581288448",
    ],
)
def test_status_link_forms_normalise(href: str) -> None:
    page = (
        '<blockquote class="twitter-tweet"><p>hi</p>&mdash; lila (@M1612k) '
        f'<a href="{href}">February 1, 2020</a></blockquote>'
    )
    (r,) = parse_html_article(page).reactions
    assert r.status_id == "1223451163581288448"
    assert r.url == "https://twitter.com/M1612k/status/1223451163581288448"


def test_twenty_embeds_all_found_in_order() -> None:
    article = parse_html_article((GOLDEN / "twenty_embeds.html").read_text(encoding="utf-8"))
    assert [r.handle for r in article.reactions] == [f"fan_{i:02d}" for i in range(20)]
    assert len({r.id for r in article.reactions}) == 20


def test_date_disagreeing_with_id_warns() -> None:
    page = TWEET.replace("February 1, 2020", "March 9, 2021")
    article = parse_html_article(page)
    assert any("1223451163581288448" in w and "disagrees" in w for w in article.warnings)
    assert article.reactions[0].created_at == dt.datetime(2020, 2, 1, 3, 41, 2, 678000, tzinfo=dt.UTC)


def test_article_with_reactions_pickles() -> None:
    article = parse_html_article((GOLDEN / "other_platforms.html").read_text(encoding="utf-8"))
    assert pickle.loads(pickle.dumps(article)) == article


def test_large_page_is_linear(assert_linear: Callable[..., None]) -> None:
    def page(tweets: int) -> str:
        embeds = "".join(TWEET.replace("1223451163581288448", str(1223451163581288448 + i)) for i in range(tweets))
        return "<html><body>" + "<p>filler text &amp; more</p>" * (tweets * 25) + embeds + "</body></html>"

    assert len(parse_html_article(page(200)).reactions) == 200
    assert_linear(parse_html_article, page(200), small=page(20))  # CPU time per character, not seconds


def test_deep_nesting_does_not_overflow() -> None:
    page = "<div>" * 20000 + TWEET + "</div>" * 20000
    assert len(parse_html_article(page).reactions) == 1
    ld = '<script type="application/ld+json">' + "[" * 100000 + "]" * 100000 + "</script>"
    assert parse_html_article(ld + TWEET).date is None


def test_bundled_html_sample_parses() -> None:
    files = sorted(DATA_HTML.glob("*.htm*"))
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert is_html(text)
        article = parse_html_article(text, path.name)
        assert article.reactions
        assert all(isinstance(r, Reaction) for r in article.reactions)


def test_embed_text_is_cleaned_like_plain_text() -> None:
    page = TWEET.replace("Me coming", "Me\u200b coming \u00e2\u20ac\u201d").replace("lila", "li&amp;amp;la")
    article = parse_html_article(page)
    (r,) = article.reactions
    assert r.text.startswith("Me coming — to Twitter")
    assert r.display_name == "li&la"
    assert article.text[r.span[0] : r.span[1]].startswith(r.text)


def test_a_malformed_frame_url_never_costs_the_pages_other_posts() -> None:
    page = (
        '<html><body><iframe src="https://[x]/"></iframe><iframe src="https://twitter.com/[x]/status/1"></iframe>'
        '<blockquote class="twitter-tweet"><p>Still here #ok</p>&mdash; Ann (@ann) '
        '<a href="https://twitter.com/ann/status/1224567890123456789">February 1, 2020</a></blockquote></body></html>'
    )
    article = parse_html_article(page, "frames.html")
    assert [(r.handle, r.text) for r in article.reactions] == [("ann", "Still here #ok")]


class _Position(int):
    """A span end that counts every comparison made with it (the merge's work)."""

    made = 0

    def __lt__(self, other: object) -> bool:
        _Position.made += 1
        return int(self) < other  # type: ignore[operator]

    def __gt__(self, other: object) -> bool:
        _Position.made += 1
        return int(self) > other  # type: ignore[operator]


def _merge_comparisons(embeds: int) -> int:
    """Comparisons of span ends made merging ``embeds`` embeds with as many text reactions (each overlapping one
    embed, with another handle and text, so only the spans can tell them apart)."""
    from dataclasses import replace

    from reactions.parse import html

    def counted(r: Reaction, shift: int = 0, **changes: Any) -> Reaction:
        return replace(r, span=(_Position(r.span[0] + shift), _Position(r.span[1] + shift)), **changes)

    page = "<html><body>" + "".join(
        TWEET.replace("1223451163581288448", str(1223451163581288448 + i)) for i in range(embeds)
    ) + "</body></html>"
    placed = list(parse_html_article(page).reactions)
    found = [counted(r, 1, handle="someone", text=f"other {i}", kind=Kind.EMBED) for i, r in enumerate(placed)]
    _Position.made = 0
    merged = html._merge([counted(r) for r in placed], found)
    assert len(merged) == embeds  # every text reaction was one of the embeds
    return _Position.made


def test_merging_text_reactions_with_embeds_is_not_all_pairs() -> None:
    """Issue 19: 16,000 embeds back to back cost 4.5x per character what 2,000 did (every text reaction compared
    with every embed).  Counted, not timed: eight times the embeds, about eight times the comparisons (n log n),
    never 64 times."""
    small, large = _merge_comparisons(200), _merge_comparisons(1_600)
    assert large <= 12 * small, (small, large)
    assert large <= 100 * 1_600, large  # all pairs would be 2,560,000


@pytest.mark.parametrize(
    ("span", "expected"),
    [((0, 5), True), ((5, 10), False), ((12, 14), True), ((10, 10), False), ((11, 11), True), ((30, 40), False),
     ((19, 21), True), ((20, 25), False), ((-5, 0), False), ((0, 100), True)],
)  # fmt: skip
def test_an_overlap_with_an_embed_is_found_as_all_pairs_would(span: tuple[int, int], expected: bool) -> None:
    from reactions.parse.html import _Spans

    embeds = [(0, 5), (10, 20), (15, 15), (3, 4)]
    brute = any(span[0] < b and a < span[1] for a, b in embeds)
    assert _Spans(embeds).overlaps(span) is brute is expected


# -- consent-gated embeds (issue 22, family 6) ---------------------------------------------------


def test_gated_embed_code_is_parsed_once_not_recursively() -> None:
    inner = html_escape(f"<textarea>{html_escape(TWEET)}</textarea>")
    assert parse_html_article(f"<p>x</p><textarea>{inner}</textarea>").reactions == ()
    assert len(parse_html_article(f"<p>x</p><textarea>{html_escape(TWEET)}</textarea>").reactions) == 1


def test_gated_markup_is_bounded_per_page(monkeypatch: pytest.MonkeyPatch) -> None:
    import reactions.parse.kept_markup as module

    tweets = [TWEET.replace("1223451163581288448", f"122345116358128844{i}") for i in range(3)]
    monkeypatch.setattr(module, "MAX_GATED", 2 * len(TWEET) + 1)  # room for two of the three
    page = "<p>x</p>" + "".join(f"<script type='text/plain'>{t}</script>" for t in tweets)
    assert len(parse_html_article(page).reactions) == 2


def test_scripts_of_code_are_not_gated_markup() -> None:
    for kind in ("", "text/javascript", "module", "application/ld+json"):
        page = f"<p>x</p><script type='{kind}'>{TWEET}</script>"
        assert parse_html_article(page).reactions == ()


# -- the page's own address ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        ('<link rel="canonical" href="https://news.example/a/1">'
         '<meta property="og:url" content="https://news.example/og/1">', "https://news.example/a/1"),
        # a relative canonical (a path, an id) does not hide the absolute og:url after it
        ('<link rel="canonical" href="/a/1"><meta property="og:url" content="https://news.example/a/1">',
         "https://news.example/a/1"),
        ('<link rel="canonical" href="8003098"><meta property="og:url" content="http://news.example/a/1">',
         "http://news.example/a/1"),
        # a protocol-relative canonical is the page's host
        ('<link rel="canonical" href="//www.news.example/a/1">', "https://www.news.example/a/1"),
        ('<link rel="canonical" href="/a/1">', None),  # nothing absolute: no address
        ('<link rel="canonical" href="{{ page_url }}"><meta property="og:url" content="">', None),
        ('<link rel="stylesheet" href="https://cdn.example/site.css">', None),
        ('<meta property="og:url" content="ftp://news.example/a/1">', None),
    ],
)  # fmt: skip
def test_the_page_address_is_the_first_absolute_one_of_canonical_and_og_url(head: str, expected: str | None) -> None:
    page = f"<html><head>{head}<title>T</title></head><body><p>Text.</p></body></html>"
    assert parse_html_article(page).url == expected
