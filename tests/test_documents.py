"""Words of a document that a lead-in says was posted or captioned: no post."""

from __future__ import annotations

import pytest

from reactions.parse.article import parse_article
from reactions.parse.documents import in_a_document

_QUOTE = '"Patients who stop the tablets early should speak to a pharmacist before starting again."'


def _found(lead: str) -> list[tuple[str | None, str]]:
    text = f"The regulator reviewed the tablets this spring.\n\n{lead} {_QUOTE}\n\nThe tablets stay on sale."
    return [(r.display_name, r.platform.value) for r in parse_article(text).reactions]


@pytest.mark.parametrize(
    "lead",
    [
        "A briefing posted on the site specifically states:",
        "A document posted online states:",
        "An agency guidance document posted online Tuesday said:",
        "The report posted by the regulator reads:",
        "The fact sheet posted to the clinic's website warns:",
        "The risks are set out in the annual report, in the sections captioned",
    ],
)
def test_a_document_posted_is_no_post(lead: str) -> None:
    assert _found(lead) == []


@pytest.mark.parametrize(
    ("lead", "expected"),
    [
        ("A message posted on the clinic's Facebook page read:", ("the clinic's Facebook page", "facebook")),
        ("Her post about the study said:", ("the study", "unknown")),
        ("Dr. Mara Quist tweeted a link to the report and wrote:", ("Mara Quist", "twitter")),
        ("Dr. Mara Quist captioned the photo", ("Mara Quist", "unknown")),
    ],
)
def test_a_post_about_a_document_stays(lead: str, expected: tuple[str | None, str]) -> None:
    assert _found(lead) == [expected]


@pytest.mark.parametrize(
    ("lead", "expected"),
    [
        ("A briefing posted on the site specifically states: ", True),
        ("Last week. The FDA memo posted on Monday said, ", True),
        ("in the chapter headed ", True),
        ("the case captioned ", True),
        ("A message posted on her Facebook page read: ", False),
        ("Her post about the study said: ", False),
        ("She tweeted a link to the report and said: ", False),
        ("She captioned the photo ", False),
        ("a photo captioned ", False),
        ("", False),
    ],
)
def test_in_a_document(lead: str, expected: bool) -> None:
    assert in_a_document(lead) is expected
