"""Posts quoted after the handle that opens a newsletter's item: ``--@ann: “…”``."""

from __future__ import annotations

import pytest

from reactions.models import Kind, Platform, Rendering
from reactions.parse.article import parse_article
from reactions.parse.handle_quotes import find_handle_quotes


def led(text: str) -> list[tuple[str | None, str | None, str]]:
    return [(q.display_name, q.author, q.text) for q in find_handle_quotes(text, "a.txt", [])]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("--@dana_h: “The bridge is open again.”", ("@dana_h", "dana_h", "The bridge is open again.")),
        ("FERRY NEWS -- @dana_h: “The bridge is open again”", ("@dana_h", "dana_h", "The bridge is open again")),
        ("Votes are in. @dana_h (the city's spokeswoman): \"The bridge is open again\"",
         ("@dana_h", "dana_h", "The bridge is open again")),
        ("Item one. … @dana_h: “The bridge is open again”", ("@dana_h", "dana_h", "The bridge is open again")),
        (".@dana_h: “The bridge is open again”", ("@dana_h", "dana_h", "The bridge is open again")),
    ],
)  # fmt: skip
def test_a_handle_that_opens_an_item_leads_its_post(text: str, expected: tuple[str, str, str]) -> None:
    assert led(text) == [expected]
    assert [quote.handle for quote in find_handle_quotes(text, "a.txt", [])] == ["dana_h"]  # the account's handle


@pytest.mark.parametrize(
    "text",
    [
        "The mayor replied to @dana_h: “The bridge is open again.”",  # a handle inside a sentence
        "--@dana_h: “Open”",  # one word: a term, not a post
        "--@dana_h: “The bridge is open again\nand more",  # the quotation does not close on its line
        "--@dana_h said: “The bridge is open again.”",  # a verb: the prose rules read it
        "--@dana_h: the bridge is “open again” now",  # no quotation right after the colon
    ],
)
def test_handles_inside_sentences_and_open_quotations_lead_no_post(text: str) -> None:
    assert led(text) == []


def test_a_post_embedded_around_it_keeps_the_quotation() -> None:
    text = "Intro.\n\nMe: “Is it on?” @dana_h: “The bridge is open again” — Ann Lee (@ann) June 2, 2018"
    assert [(r.kind, r.handle) for r in parse_article(text).reactions] == [(Kind.EMBED, "ann")]


def test_it_wins_over_a_prose_reading_of_the_same_quotation() -> None:
    text = "Round-up.\n\nPOLL TWEETS -- @dana_h: “The bridge is open again, the city says.”"
    (quote,) = parse_article(text).reactions
    assert (quote.kind, quote.platform, quote.rendering, quote.display_name) == (
        Kind.QUOTE, Platform.TWITTER, Rendering.QUOTE, "@dana_h")  # fmt: skip
