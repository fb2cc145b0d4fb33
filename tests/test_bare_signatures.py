from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest

from reactions.models import Article
from reactions.parse.article import parse_article
from reactions.parse.bare_signatures import BARE_HANDLE_COST, bare_signatures, opens_bare_signature
from reactions.parse.prefilter import parse_prefiltered

_RUN_TOGETHER = (
    "The ferry stopped running after the storm.  Here is what riders saw:  Waves over the pier this morning, "
    "stay home if you can pic.twitter.com/Qw3rTy12ab — Lena Hart @lenahart_news March 3, 2019  "
    "Crews said the pier would reopen on Monday."
)


@pytest.mark.parametrize("parse", [parse_article, parse_prefiltered])
def test_a_signature_without_parentheses_is_an_embed(parse: Callable[..., Article]) -> None:
    reactions = parse(_RUN_TOGETHER).reactions
    assert [(r.kind.value, r.handle, r.display_name, r.date) for r in reactions] == [
        ("embed", "lenahart_news", "Lena Hart", dt.date(2019, 3, 3))
    ]
    assert reactions[0].text.endswith("stay home if you can pic.twitter.com/Qw3rTy12ab")
    assert reactions[0].confidence <= 1.0 - BARE_HANDLE_COST


def test_an_en_dash_inside_the_name_is_kept() -> None:
    text = "Posted tonight — Harbor Watch – Text ALERTS to 5555 @harborwatch July 9, 2020 more"
    assert [(a.name, a.handle) for a in bare_signatures(text)] == [
        ("Harbor Watch – Text ALERTS to 5555", "harborwatch")
    ]


def test_an_en_dash_opens_the_name_when_no_em_dash_does() -> None:
    assert [a.name for a in bare_signatures("Great day – Jo Roe @joroe May 2, 2020")] == ["Jo Roe"]


@pytest.mark.parametrize(
    "text",
    [
        "The tip came in — thanks to @lenahart_news for it, on March 3, 2019.",  # no date right after the handle
        "Wow — Lena Hart (@lenahart_news) March 3, 2019",  # the usual form: attribution.py's
        "Wow - Lena Hart @lenahart_news March 3, 2019",  # a hyphen: a list's
        "Wow — Reporting by Lena Hart @lenahart_news March 3, 2019",  # a credit
        "Wow — Lena Hart @lenahart_news.com March 3, 2019",  # a domain
        "Wow — write to lena@hart.news March 3, 2019",  # an address
        "Wow — Lena Hart @lenahart_news February 30, 2019",  # no such date
        "Wow —\nLena Hart @lenahart_news March 3, 2019",  # the name on another line
    ],
)
def test_no_signature(text: str) -> None:
    assert bare_signatures(text) == []


def test_prose_with_a_dash_and_a_mention_is_no_embed() -> None:
    text = "The pier reopened — and @lenahart_news was there to film it for the evening show."
    assert parse_article(text).reactions == ()


def test_opens_bare_signature() -> None:
    text = "x — Lena Hart @lenahart_news"
    assert opens_bare_signature(text, text.index("@"))
    assert not opens_bare_signature("x Lena Hart @lenahart_news", len("x Lena Hart "))
    assert not opens_bare_signature("@lenahart_news", 0)
