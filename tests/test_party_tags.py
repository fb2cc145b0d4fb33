"""A lawmaker's party and state in brackets between the name and its verb keep the post and its author."""

from __future__ import annotations

import pytest

from reactions.parse.article import parse_article
from reactions.parse.party_tags import closes_tag, untagged
from reactions.parse.sentence_ends import clause_stop


@pytest.mark.parametrize("tag", ["(R-Fla.)", "(D-N.Y.)", "(R-Texas)", "(D-CA)", "(I-Vt.)", "(Okla.)", "(N.J.)", "(D)"])
def test_party_tags_come_off_a_lead_in(tag: str) -> None:
    assert untagged(f"Sen. Dana Holt {tag} ") == "Sen. Dana Holt "
    assert closes_tag(f"Sen. Dana Holt {tag}", len(f"Sen. Dana Holt {tag}"))


@pytest.mark.parametrize("bracket", ["(Reuters)", "(pictured)", "(2016)", "(left)", "(R-)", "(AP Photo)"])
def test_other_brackets_are_no_tags(bracket: str) -> None:
    assert untagged(f"a spokesman {bracket} ") == f"a spokesman {bracket} "
    assert not closes_tag(f"a spokesman {bracket}", len(f"a spokesman {bracket}"))


def test_a_tags_stop_ends_no_clause_but_a_real_stop_does() -> None:
    body = '"…," Sen. Dana Holt (R-Fla.) tweeted on Sunday. Then more.'
    stop = clause_stop(body, 5, len(body))
    assert stop is not None
    assert body[stop.start() - 6 : stop.end()] == "Sunday."
    body = "The bill passed, said Sen. Dana Holt (R-Fla.). Then more."
    stop = clause_stop(body, 0, len(body))
    assert stop is not None
    assert body[stop.start() - 1 : stop.end()] == ")."


def reactions_of(text: str) -> list[tuple[str, str | None, str]]:
    return [(r.platform.value, r.author, r.text) for r in parse_article(text).reactions]


def test_a_post_quoted_before_a_tagged_name_is_found() -> None:
    text = (
        "The harbour bill stalled in committee on Friday.\n\n"
        '"Nobody on this committee has read the harbour bill from start to finish," Sen. Dana Holt (R-Fla.) '
        "tweeted Sunday."
    )
    assert reactions_of(text) == [
        ("twitter", "Dana Holt", "Nobody on this committee has read the harbour bill from start to finish")
    ]


@pytest.mark.parametrize("tag", ["(D-Va.)", "(R-Texas)", "(D-N.Y.)"])
def test_a_post_quoted_after_a_tagged_name_is_found(tag: str) -> None:
    text = (
        "The harbour bill stalled in committee on Friday.\n\n"
        f'Sen. Dana Holt {tag} tweeted: "Nobody on this committee has read the harbour bill from start to '
        'finish."'
    )
    assert reactions_of(text) == [
        ("twitter", "Dana Holt", "Nobody on this committee has read the harbour bill from start to finish.")
    ]


def test_speech_with_a_tagged_name_stays_speech_and_other_brackets_are_not_read_through() -> None:
    text = (
        "The harbour bill stalled in committee on Friday.\n\n"
        '"Nobody on this committee has read the harbour bill from start to finish," Sen. Dana Holt (R-Fla.) '
        "said Sunday.\n\n"
        '"Nobody on this committee has read the harbour bill from start to finish," a spokesman (pictured) '
        "tweeted Sunday."
    )
    assert reactions_of(text) == []
