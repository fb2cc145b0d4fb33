"""Markdown renderings of embeds (html2text, trafilatura with formatting): syntax that is not the post's words."""

from __future__ import annotations

import time

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from reactions.parse import markdown
from reactions.parse.article import parse_article
from reactions.parse.attribution import find_attributions
from reactions.parse.boundaries import Layout, tweet_length
from reactions.parse.markdown import is_markdown, plain_markdown


def test_plain_markdown_takes_off_links_autolinks_escapes_and_list_markers() -> None:
    post = "> Wow [#tbt](https://twitter.com/hashtag/tbt)\n> - one \\~2\n> <https://t.co/abc>"
    assert plain_markdown(post) == "Wow #tbt\none ~2\nhttps://t.co/abc"


def test_plain_text_is_left_as_it_is() -> None:
    post = "Great game -> next week\n- A Guy I Just Punched"
    assert not is_markdown(post)
    assert plain_markdown(post) == post


def test_link_syntax_does_not_count_toward_the_length_limit() -> None:
    tag = "[#QZ8501](https://twitter.com/hashtag/QZ8501?src=hash&ref_src=twsrc%5Etfw)"
    assert tweet_length(f"Pray for {tag}") == len("Pray for #QZ8501")


def test_a_date_link_wrapped_over_two_quoted_lines_keeps_its_date_and_status() -> None:
    text = "> Hi\n>\n> — Ann Lee (@ann_lee) [December 29,\n> 2014](https://twitter.com/ann_lee/status/549643312593137664)\n"
    (attribution,) = find_attributions(Layout(text))
    assert attribution.date is not None
    assert attribution.date.isoformat() == "2014-12-29"
    assert attribution.link == "https://twitter.com/ann_lee/status/549643312593137664"
    assert text[attribution.end - 1] == ")"


def test_an_escaped_period_in_a_day_first_date_link() -> None:
    text = "> Hallo\n>\n> — Ann Lee (@ann_lee) [14\\. Juni\n> 2018](https://twitter.com/ann_lee/status/1007133657704910848)"
    (attribution,) = find_attributions(Layout(text))
    assert attribution.date is not None
    assert attribution.date.isoformat() == "2018-06-14"


def test_a_quoted_post_keeps_every_paragraph_and_the_autolink_it_ends_with() -> None:
    text = (
        "Intro.\n\n> First paragraph of the post.\n> \n> Second one, with a link\n> <https://t.co/XPxUJuyIAC>\n>\n"
        "> — Ann Lee (@ann_lee) [May 2, 2020](https://twitter.com/ann_lee/status/1256599171570638848)\n"
    )
    (reaction,) = parse_article(text).reactions
    assert reaction.text == "First paragraph of the post.\n\nSecond one, with a link\nhttps://t.co/XPxUJuyIAC"
    assert reaction.confidence == 1.0


def test_quoted_embeds_and_wrapped_bylines_parse_in_linear_time() -> None:
    def cpu(text: str) -> float:
        start = time.process_time()
        parse_article(text)
        return time.process_time() - start

    unit = (
        "> x #a\n> y\n>\n> — Ann (@ann) [May 2,\n> 2020](https://twitter.com/ann/status/1256599171570638848)\n"
        "[A post shared by X\n> (@xx)](https://www.instagram.com/p/abc/)\n> on Jun 3, 2019\n"
    )
    small, large = cpu(unit * 300), cpu(unit * 2400)
    assert large < 8 * 4 * max(small, 0.005)  # 8 times the text: linear is ~8x; quadratic would be ~64x


def test_a_date_link_wrapped_onto_the_next_quoted_line_and_again() -> None:
    # html2text 2025.4.15 output for a long display name (78-column wrapping)
    text = (
        "> Vacunación abierta\n>\n"
        "> -- Ministerio de Salud Pública de la Provincia Chaco (@MinSaludChaco12)\n"
        "> [September 12,\n"
        "> 2021](https://twitter.com/MinSaludChaco12/status/1437012345678901234?ref_src=twsrc%5Etfw)\n"
    )
    (reaction,) = parse_article(text).reactions
    assert reaction.date is not None
    assert reaction.date.isoformat() == "2021-09-12"
    assert reaction.status_id == "1437012345678901234"
    assert reaction.text == "Vacunación abierta"
    assert reaction.confidence == 1.0


def test_a_post_rendered_in_a_list_item_loses_the_marker() -> None:
    assert plain_markdown("- So proud of everyone #vote") == "So proud of everyone #vote"
    (reaction,) = parse_article("Intro.\n\n- So proud of everyone #vote\n— Ann (@ann) May 2, 2020\n").reactions
    assert reaction.text == "So proud of everyone #vote"


INSTAGRAM_LINK = "https://www.instagram.com/p/CAbCdEf1234/?utm_source=ig_embed&utm_campaign=loading"


@pytest.mark.parametrize(
    ("chrome", "byline"),
    [
        ("View this post on Instagram", "A post shared by"),
        ("Sieh dir diesen Beitrag auf Instagram an", "Ein Beitrag geteilt von"),
        ("Voir cette publication sur Instagram", "Une publication partagée par"),
        ("Visualizza questo post su Instagram", "Un post condiviso da"),
    ],
)
@pytest.mark.parametrize("wrapped", [True, False])
def test_an_html2text_instagram_embed_with_no_caption_in_any_language(chrome: str, byline: str, wrapped: bool) -> None:
    # html2text writes the embed's chrome link and its byline link as quoted lines, the byline wrapped or not
    gap = "\n> " if wrapped else " "
    text = (f"The column goes on.\n\n> [ {chrome}\n> ]({INSTAGRAM_LINK})\n>\n"
            f"> [{byline} Lena Maier{gap}(@lena.maier)]({INSTAGRAM_LINK})\n\nAnd then it goes on.\n")
    found = [(r.handle, r.display_name, r.text) for r in parse_article(text, "column.md").reactions]
    assert found == [("lena.maier", "Lena Maier", "")]


def test_a_byline_links_bracket_is_not_the_posts() -> None:
    text = f"A day at the beach [A post shared by Jo Doe (@jodoe)]({INSTAGRAM_LINK}) on May 1, 2020 at 3:00pm PDT\n"
    assert [r.text for r in parse_article(text, "a.md").reactions] == ["A day at the beach"]


def test_a_handle_with_an_escaped_underscore_is_the_handle() -> None:
    text = "Lines are long [#vote](https://x.com/hashtag/vote)\n\n— Kai Ito (@kai\\_ito) [May 2, 2020](https://x.com/kai_ito/status/1256599171570638848)\n"
    (reaction,) = parse_article(text).reactions
    assert (reaction.handle, reaction.display_name) == ("kai_ito", "Kai Ito")
    assert reaction.status_id == "1256599171570638848"


def test_a_quote_in_a_list_item_is_the_whole_post_and_keeps_no_hard_breaks() -> None:
    text = (
        "Links:\n\n  * [A story](https://example.org/a), Desk\n    * > First line of it.  \n>  \n> Second line.\n>\n"
        "> -- Kai Ito (@kai_ito) [May 2,\n> 2020](https://twitter.com/kai_ito/status/1256599171570638848)\n"
    )
    (reaction,) = parse_article(text).reactions
    assert reaction.text == "First line of it.\n\nSecond line."
    assert reaction.confidence == 1.0
    assert Layout(text).text.count("\n") == text.count("\n")
    assert len(Layout(text).text) == len(text)


def test_a_post_of_several_lines_in_one_list_item_loses_only_the_first_marker() -> None:
    assert plain_markdown("- Is this the plan?\nHere is the link https://t.co/AbCdEf") == (
        "Is this the plan?\nHere is the link https://t.co/AbCdEf"
    )
    assert plain_markdown("So proud of you all\n- Coach Lee") == "So proud of you all\n- Coach Lee"


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
