"""Posts embedded as the items of a numbered list: the lines under a number of their own are the post's."""

from __future__ import annotations

import pytest

from reactions.parse.article import parse_article
from reactions.parse.boundaries import Layout
from reactions.parse.list_items import continues, numbered_item_start
from reactions.parse.text_embeds import find_text_embeds

ROUND_UP = (
    "The internet had opinions about the new menu. Here are the funniest:\n"
    "1.\n"
    "Me at 9am: I will eat a salad\n"
    "Me at noon: one large fries please\n"
    "— Pat Lee (@patlee) March 3, 2019\n"
    "2.\n"
    "I ordered a:\n"
    "[ ] burger [ ] wrap [x] regret\n"
    "— Sam Roe (@samroe) March 3, 2019\n"
)


def texts(text: str) -> list[str]:
    return [embed.text for embed in find_text_embeds(Layout(text))[0]]


def test_a_numbered_post_keeps_its_colon_lines() -> None:
    assert texts(ROUND_UP) == [
        "Me at 9am: I will eat a salad\nMe at noon: one large fries please",
        "I ordered a:\n[ ] burger [ ] wrap [x] regret",
    ]


@pytest.mark.parametrize(
    ("body", "post"),
    [
        # the article's lead-in right above a post with no number: still the article's
        ("Voters were angry.\nHe replied:\nI never said that\n— Al Bo (@albo) May 1, 2018\n", "I never said that"),
        # a number above a blank line is a heading of the article's, not the post's first line
        ("Reactions:\n\n4.\n\nShe wrote:\n\nNo comment here\n\n— Al Bo (@albo) May 1, 2018\n", "No comment here"),
        # a number in prose ("No. 3.") is no list item of its own
        ("The team ranked No. 3.\nFans said:\nWe are back baby\n— Al Bo (@albo) May 1, 2018\n", "We are back baby"),
    ],
)
def test_no_number_of_its_own_leaves_the_start(body: str, post: str) -> None:
    assert texts(body) == [post]


def test_the_look_back_is_bounded() -> None:
    lines = "".join(f"line {i}:\n" for i in range(6))
    body = f"7.\n{lines}the end"
    assert numbered_item_start(body, body.index("the end"), len(body), 0) == body.index("the end")
    short = "7.\nline a:\nline b:\nthe end"
    assert numbered_item_start(short, short.index("the end"), len(short), 0) == short.index("line a")


def test_nothing_below_the_floor_is_read() -> None:
    body = "7.\nI am a:\nX man"
    assert numbered_item_start(body, body.index("X man"), len(body), body.index("I am")) == body.index("X man")
    assert numbered_item_start(body, 5, 5, 0) == 5  # a post with no text keeps its place


_ATTACKS = "•Jerusalem, Israel: 1/8/17\n\n•Berlin, Germany: 12/19/16\n\n•Nice, France: 7/14/16 https://t.co/AbCdEf1234"


def _embed_texts(text: str) -> list[str]:
    return [r.text for r in parse_article(text).reactions if r.kind.value == "embed"]


@pytest.mark.parametrize("gap", ["\n\n", "\n"])
def test_a_bulleted_post_keeps_its_items(gap: str) -> None:
    body = _ATTACKS.replace("\n\n", gap)
    text = (
        "Police closed the bridge on Wednesday.\n\nRecent attacks on crowds:\n\n"
        f"{body} — Desk Research (@DeskResearch) March 22, 2017\n\nThe bridge reopened at noon."
    )
    assert _embed_texts(text) == [body]


def test_a_list_opened_after_a_colon_is_the_post_s() -> None:
    post = "She speaks 3 languages: -Dutch\n\n-French\n\n-German Can you? https://t.co/AbCdEf1234"
    text = f"She spoke on Monday.\n\n{post} — Kim Baas (@kimbaas) August 26, 2020\n\nMore prose follows."
    assert _embed_texts(text) == [post]


@pytest.mark.parametrize(
    "above",
    [
        "The team posted its highlights after the game:",  # a lead-in, no bullet
        "• A line of the article's own list, far above.\n\nThe team posted its highlights:",
    ],
)
def test_the_article_s_lines_above_a_bulleted_post_stay_out(above: str) -> None:
    post = "✅ 30-yard punt return\n\n✅ Touchdown grab https://t.co/AbCdEf1234"
    text = f"The game ended late.\n\n{above}\n\n{post} — Desk Sports (@desksports) November 22, 2018\n\nMore."
    assert _embed_texts(text) == [post]


@pytest.mark.parametrize(
    ("text", "last", "start", "expected"),
    [
        ("•Berlin\n\n•Nice", 6, 9, True),
        ("Berlin\n\n•Nice", 5, 8, False),
        ("x\n\n--A Guy", 0, 3, True),
        ("Now: -Dutch\n\n-French", 10, 13, True),
        ("Now -Dutch\n\n-French", 9, 12, False),
    ],
)
def test_continues(text: str, last: int, start: int, expected: bool) -> None:
    assert continues(text, last, start) is expected
