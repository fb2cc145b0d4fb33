"""reactions.parse.kept_markup: embed code a page keeps back as text, in containers and in attributes."""

from __future__ import annotations

from html import escape as html_escape

import pytest

from reactions.parse.html import parse_html_article
from reactions.parse.kept_markup import Budget, attribute_markup, gated_markup, kept_attribute_names
from reactions.parse.platforms._dom import Node, iter_elements, parse_dom

FRAME = '<iframe src="https://www.youtube.com/embed/Ab3_dEf4GhI"></iframe>'
TWEET = (
    '<blockquote class="twitter-tweet"><p lang="en">The ferry is late again</p>&mdash; Island Commuter '
    '(@isle_commuter) <a href="https://twitter.com/isle_commuter/status/1503321987654321409">March 14, 2022</a>'
    "</blockquote>"
)


@pytest.mark.parametrize(
    ("attrs", "expected"),
    [
        ({"data-iframe": FRAME}, FRAME),
        ({"class": "placeholder", "data-html": "\n  " + FRAME}, FRAME),
        ({"data-content": f"<div class='oembed'>{TWEET}</div>"}, f"<div class='oembed'>{TWEET}</div>"),
        ({"data-a": "<b>bold</b>", "data-b": TWEET}, TWEET),  # the first value that holds an embed's tag
        ({"data-src": "https://www.youtube.com/embed/Ab3_dEf4GhI"}, ""),  # a URL: the iframe rules read it
        ({"data-title": "<div class='tip'>Share this</div>"}, ""),  # markup, but no frame and no blockquote
        ({"title": "a < b, and <iframes> are frames"}, ""),  # prose that does not open with a tag
        ({"data-json": '{"html": "<iframe src=x>"}'}, ""),  # JSON opens with a brace
        ({"data-note": "<iframeless>"}, ""),
        ({}, ""),
    ],
)
def test_an_attribute_holds_embed_code_only_when_it_opens_with_a_tag_and_holds_a_frame_or_blockquote(
    attrs: dict[str, str], expected: str
) -> None:
    assert attribute_markup(Node("div", attrs)) == expected


def test_the_parser_decodes_an_attributes_entities_before_it_is_read() -> None:
    root = parse_dom(f'<div data-iframe="{html_escape(FRAME)}"></div>')
    (div,) = [n for n in iter_elements(root) if n.tag == "div"]
    assert attribute_markup(div) == FRAME


@pytest.mark.parametrize(
    ("page", "expected"),
    [
        ('<div data-html="&lt;iframe src=x&gt;">', {"data-html"}),
        ("<div data-html='<iframe src=x>'>", {"data-html"}),  # a raw "<" is allowed inside a quoted value
        ('<div data-embed-code = " &#60;iframe">', {"data-embed-code"}),
        ('<div data-x="&#x3C;iframe" data-y="&LT;blockquote">', {"data-x", "data-y"}),
        ('<div data-src="https://x.example/embed" data-json=\'{"a": "<b>"}\'>', set()),  # no value opens with a tag
        ('<a href="/x" title="&lt;b&gt;" srcdoc="&lt;p&gt;">', set()),  # only data- attributes are looked for
        ("<script>var t = '<img src=x>';</script>", set()),
        ("", set()),
    ],
)
def test_a_page_keeps_code_only_in_data_attributes_whose_value_opens_with_a_tag(page: str, expected: set[str]) -> None:
    assert kept_attribute_names(page) == expected


def test_only_the_named_attributes_are_read_when_names_are_given() -> None:
    node = Node("div", {"data-a": FRAME, "data-b": TWEET})
    assert attribute_markup(node, frozenset({"data-b"})) == TWEET
    assert attribute_markup(node, frozenset()) == ""


def test_a_raw_tag_in_an_attribute_is_read_as_an_escaped_one_is() -> None:
    (video,) = parse_html_article(_page(f"<div data-html='{FRAME}'></div>")).reactions
    assert video.status_id == "Ab3_dEf4GhI"


def test_gated_markup_reads_only_containers_of_kept_text() -> None:
    assert gated_markup(Node("textarea", {}, [html_escape(TWEET)])) == TWEET
    assert gated_markup(Node("div", {}, [TWEET])) == ""
    assert gated_markup(Node("script", {"type": "application/json"}, [TWEET])) == ""


def test_a_budget_is_spent_and_refuses_what_no_longer_fits() -> None:
    budget = Budget(10)
    assert [budget.spend(n) for n in (6, 5, 4, 1)] == [True, False, True, False]


def _page(*blocks: str) -> str:
    return "<html><body><article><p>Before.</p>" + "".join(blocks) + "<p>After.</p></article></body></html>"


def test_a_placeholders_embed_code_becomes_a_reaction_where_the_placeholder_stands() -> None:
    article = parse_html_article(_page(f'<div class="video" data-html="{html_escape(FRAME)}"><p>Play</p></div>'))
    (video,) = article.reactions
    assert video.status_id == "Ab3_dEf4GhI"
    assert article.text.index("Before.") < video.span[0] < article.text.index("Play") < article.text.index("After.")


def test_embed_code_in_a_dropped_elements_attribute_is_read_too() -> None:
    script = f"<script data-content='{html_escape(TWEET, quote=False)}'></script>"
    (tweet,) = parse_html_article(_page(script)).reactions
    assert (tweet.handle, tweet.text) == ("isle_commuter", "The ferry is late again")


def test_the_same_post_kept_and_loaded_is_one_reaction() -> None:
    block = f'<div data-html="{html_escape(FRAME)}">{FRAME}</div>'
    assert [r.status_id for r in parse_html_article(_page(block)).reactions] == ["Ab3_dEf4GhI"]


def test_code_kept_inside_kept_code_is_not_read_again() -> None:
    inner = f'<div data-html="{html_escape(FRAME)}"></div>'
    assert parse_html_article(_page(f'<div data-outer="{html_escape(inner)}"></div>')).reactions == ()


@pytest.mark.parametrize(
    "block",
    [
        '<span data-title="&lt;div class=&quot;tip&quot;&gt;Share&lt;/div&gt;">Share</span>',
        '<span data-tip="a &lt; b">maths</span>',
        '<div data-html="&lt;iframe src=&quot;https://example.com/map&quot;&gt;&lt;/iframe&gt;"></div>',
        '<div data-html="&lt;blockquote&gt;A quotation from a book.&lt;/blockquote&gt;"></div>',
    ],
)
def test_markup_in_attributes_that_embeds_no_post_gives_nothing(block: str) -> None:
    assert parse_html_article(_page(block)).reactions == ()


def test_kept_attribute_code_is_bounded_per_page(monkeypatch: pytest.MonkeyPatch) -> None:
    import reactions.parse.kept_markup as module

    frames = [FRAME.replace("Ab3_dEf4GhI", f"Ab3_dEf4Gh{i}") for i in range(3)]
    monkeypatch.setattr(module, "MAX_GATED", 2 * len(FRAME) + 1)  # room for two of the three
    page = _page(*(f'<div data-html="{html_escape(f)}"></div>' for f in frames))
    assert len(parse_html_article(page).reactions) == 2
