"""Lead-ins whose verb comes before its subject: ``Tweeted one fan: "…"``, ``Added Ann Lee on Twitter, "…"``."""

from __future__ import annotations

import pytest

from reactions.parse.inverted_leads import inverted_lead
from reactions.parse.quotes import find_quotes

QUOTED = '"The referee should never work another final again, not after that call."'


def posts(lead: str) -> list[tuple[str, str, str]]:
    body = f"The crowd booed for ten minutes. {lead} {QUOTED} The league said nothing."
    return [(q.display_name or "", q.platform.value, q.text) for q in find_quotes(body, "a.txt", [])]


@pytest.mark.parametrize(
    ("lead", "name", "platform"),
    [
        ("Tweeted one fan:", "one fan", "twitter"),
        ("Wrote another viewer on Instagram:", "another viewer", "instagram"),
        ("Added Coach Dana Reyes on Twitter,", "Dana Reyes", "twitter"),
        ("Posted Reyes's sister on Facebook:", "Reyes's sister", "facebook"),
    ],
)
def test_an_inverted_lead_in_gives_the_post_its_author(lead: str, name: str, platform: str) -> None:
    assert posts(lead) == [(name, platform, QUOTED.strip('"'))]


@pytest.mark.parametrize(
    "lead",
    [
        "Said Coach Dana Reyes,",  # speech: no platform named
        "Added Dana Reyes,",
        "Wrote Dana Reyes in her memoir:",  # another medium
        "Replied the coach in a statement:",
        "Added to the list of critics,",  # no subject after the verb
    ],
)
def test_inverted_speech_is_no_post(lead: str) -> None:
    assert posts(lead) == []


@pytest.mark.parametrize(
    ("lead", "read"),
    [
        ("Tweeted one fan:", ("one fan", "tweeted")),
        ("Captioned the star in a selfie,", ("the star", "captioned")),
        ("Added Arnold Schwarzenegger on Twitter,", ("Arnold Schwarzenegger", "added")),
        ("She tweeted:", None),  # the usual order
        ("Tweeted:", None),
        ("Tweeted one fan", None),  # no colon or comma before the quotation
        ("Tweeted a fan who had waited in the rain for nine long hours at the gate,", None),  # too long a subject
    ],
)
def test_inverted_lead(lead: str, read: tuple[str, str] | None) -> None:
    assert inverted_lead(lead) == read
