"""A byline broken after its name (``— Name?`` / ``(@handle) Date``), as sentence splitters leave it."""

from __future__ import annotations

import pytest

from reactions.parse.article import parse_article
from reactions.parse.split_bylines import dash_name_on_line_before

PROSE = "The verdict drew anger online within minutes of being read.\n"
AFTER = "The city has not commented on the verdict.\n"


@pytest.mark.parametrize(
    ("byline", "handle", "name"),
    [
        ("What a day. — Sam Roe??\n(@samroe_77) December 1, 2017\n", "samroe_77", "Sam Roe??"),
        ("See you in court. — Dana Cole, Esq.\n(@danacole_law) May 2, 2018\n", "danacole_law", "Dana Cole, Esq."),
        ("Unreal!\n— Pat Lee!\n(@patlee) June 3, 2019\n", "patlee", "Pat Lee!"),
    ],
)
def test_a_byline_broken_after_its_name_is_found(byline: str, handle: str, name: str) -> None:
    (post,) = parse_article(PROSE + byline + AFTER, "case.txt").reactions
    assert (post.handle, post.display_name) == (handle, name)


@pytest.mark.parametrize(
    "text",
    [
        "He said it — and then he left\n(@samroe_77) replied an hour later.\n",  # no split mark: the article's line
        "A long line with a dash far from its end — and then a great many more words after it all.\n(@samroe) May 1\n",
        "No dash on this line at all, he said?\n(@samroe_77) December 1, 2017\n",  # no dash: no byline
        "A hyphen-ated word ends here.\n(@samroe_77) December 1, 2017\n",  # a hyphen is no byline's dash
    ],
)
def test_no_split_byline(text: str) -> None:
    handle_line = text.index("(@")
    assert dash_name_on_line_before(text, handle_line, 0) is None


def test_the_name_must_end_its_line_right_before_the_handle() -> None:
    text = "So sad. — Sam Roe?\n(@samroe_77) December 1, 2017"
    found = dash_name_on_line_before(text, text.index("(@"), 0)
    assert found is not None
    assert found[:2] == (text.index("—"), "Sam Roe?")
    assert dash_name_on_line_before(text, text.index("(@"), text.index("Sam")) is None  # the floor cuts the dash off
