"""Words of posting that are only the first part of a hyphenated compound: no post, no network."""

from __future__ import annotations

import pytest

from reactions.parse.article import parse_article
from reactions.parse.compound_prefixes import without_compound_prefixes

_QUOTE = '"The new clinic will see its first patients in the spring, once the last wing is finished,"'


def _found(before: str, lead: str) -> list[tuple[str | None, str]]:
    text = f"The hospital opened a wing on Monday.\n\n{before} {_QUOTE} {lead}\n\nThe wing cost $40 million."
    return [(r.display_name, r.platform.value) for r in parse_article(text).reactions]


@pytest.mark.parametrize(
    ("before", "lead"),
    [
        ("", "said Rosa Imbert, a post-doctoral fellow at the clinic."),
        ("", "said Rosa Imbert, who studies post-traumatic stress."),
        ("", "said Tomas Ferreira, the head of post-operative care."),
        ("Her Post-Surgery Guide is printed.", "Rosa Imbert said."),
        ("Three of the patients had fractures found on X-rays.", "Rosa Imbert and her colleagues wrote."),
        ("", "Rosa Imbert wrote in the report on x-ray screening."),
    ],
)
def test_a_compound_is_no_post(before: str, lead: str) -> None:
    assert _found(before, lead) == []


@pytest.mark.parametrize(
    ("before", "lead", "expected"),
    [
        ("", "Rosa Imbert wrote in a post on X.", ("Rosa Imbert", "twitter")),
        ("", "Rosa Imbert wrote in a post-surgery Facebook post.", ("Rosa Imbert", "facebook")),
        ("She shared the news on X. Her post - which drew replies - read:", "", ("She", "twitter")),
        ("", "Rosa Imbert said on X, a day after her post-operative check.", ("Rosa Imbert", "twitter")),
    ],
)
def test_a_post_written_out_stays(before: str, lead: str, expected: tuple[str | None, str]) -> None:
    assert _found(before, lead) == [expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a post-doctoral fellow", "a     -doctoral fellow"),
        ("POST-WAR and Post-op", "    -WAR and     -op"),
        ("found on X-rays and x-ray", "found on  -rays and  -ray"),
        ("a post on X.", "a post on X."),
        ("her post - which", "her post - which"),
        ("a signpost-like mark, an X-", "a signpost-like mark, an X-"),
        ("", ""),
    ],
)
def test_without_compound_prefixes(text: str, expected: str) -> None:
    assert without_compound_prefixes(text) == expected
    assert len(without_compound_prefixes(text)) == len(text)
