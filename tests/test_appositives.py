"""reactions.parse.appositives: the name an attribution written as a description stands beside."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from reactions.parse import appositives
from reactions.parse.appositives import appositive_name, subject_in_apposition
from reactions.parse.people import author_of
from reactions.parse.quotes import find_quotes


@pytest.mark.parametrize(
    ("lead", "written", "name"),
    [
        # a name, its comma, a description opening with an article or a possessive: the name
        ("Rosa Quint, the council's longtime lawyer, tweeted:", "the council's longtime lawyer", "Rosa Quint"),
        ("Dunmore, Ivy's older brother, posted a photo with the caption", "Ivy's older brother", "Dunmore"),
        ("They met again in May when Theo Marsh, a chef from Leeds, shared", "a chef from Leeds", "Theo Marsh"),
        ("Snow fell.\n\nAnd Pia Lund, the team's captain, wrote:", "the team's captain", "And Pia Lund"),
        # words that open a sentence, a date, a place after a preposition, a list's last name: no one
        ("Later, the singer tweeted:", "the singer", None),
        ("On Friday, the singer tweeted:", "the singer", None),
        ("In Los Angeles, the singer tweeted:", "the singer", None),
        ("After reports of a feud with Ada and Bo, the singer tweeted:", "the singer", None),
        # a name written as the attribution itself, not a description: not asked
        ("Rosa Quint, 41, tweeted:", "Rosa Quint", None),
    ],
)
def test_the_name_beside_a_description(lead: str, written: str, name: str | None) -> None:
    body = f"{lead} “We made it home safe tonight.”"
    assert appositive_name(body, 0, written) == name


def test_the_author_of_a_quotation_attributed_to_an_appositive_is_the_name() -> None:
    body = "Rosa Quint, the council's longtime lawyer, tweeted: “We made it home safe tonight.”"
    assert author_of(body, 0, "the council's longtime lawyer", None) == "Rosa Quint"
    assert author_of("Later, the council's longtime lawyer tweeted: “We made it.”", 0, "the council's longtime lawyer",
                     None) is None  # fmt: skip


_VERB = re.compile(r" (?:said|posted|took)\b")


@pytest.mark.parametrize(
    ("text", "name", "subject"),
    [
        ("The city's new police chief, Rosa Quint, said she would stay.", "Rosa Quint", True),
        ("Ed's longtime partner, Dana, posted a photo.", "Dana", True),
        ("It got worse when his rival, Lund, took to X.", "Lund", True),
        ("Ada Moss, 38, and her young son, Theo, posted a photo.", "Theo", False),  # one of two subjects
        ("Ada Moss, 38, and her young son, Theo, were seen.", "Theo", False),
        ("His father, Omar Reed, was a well-known preacher.", "Omar Reed", False),  # someone's relative
        ("The city's new police chief, Rosa Quint, who was sworn in.", "Rosa Quint", False),  # no verb after
        ("The police chief Rosa Quint said she would stay.", "Rosa Quint", False),  # no commas: not asked here
    ],
)
def test_a_subject_named_in_apposition(text: str, name: str, subject: bool) -> None:
    start = text.index(name)
    assert subject_in_apposition(text, start, start + len(name), _VERB) is subject


def test_a_pronoun_after_a_subject_named_in_apposition_is_that_name() -> None:
    body = (
        "Ada Moss said the deal with Northwind Group was a mistake. "
        "The country's envoy to the talks, Kim Lund, said he had raised concerns. "
        "“We will not sign anything this week, whatever they offer,” he wrote on Twitter."
    )
    assert [quote.author for quote in find_quotes(body, "a.txt", [])] == ["Kim Lund"]


def _appositive_name_read(body: str, at: int, written: str) -> str | None:
    """:func:`appositive_name` as it read before its comma was looked at first: the name's pattern searched."""
    first = written.split()[0] if written.split() else ""
    if first.lower() not in appositives.ARTICLES and not appositives._POSSESSIVE_RE.match(first):
        return None
    place = body.find(written, at, at + appositives._REACH)
    if place < 0:
        return None
    found = appositives._NAME_BEFORE_RE.search(body, max(0, place - 80), place)
    return None if found is None or appositives._opener(found.group("name")) else found.group("name")


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["Lisa Bloom", "when Ann Lee", "Later", ",", ", ", ",\t", " ", ".", "\n", "and",
                                 "the lawyer", "her followers", "Joe's friend", "“Hi”"]), max_size=12).map("".join),
       st.sampled_from(["the lawyer", "her followers", "Joe's friend", "one fan"]), st.integers(0, 5))  # fmt: skip
@example("Lisa Bloom,\tthe lawyer", "the lawyer", 0)
@example("Lisa Bloom, the lawyer", "the lawyer", 0)
def test_the_name_beside_is_the_one_its_pattern_reads(body: str, written: str, at: int) -> None:
    assert appositive_name(body, at, written) == _appositive_name_read(body, at, written)
