"""What says a quotation was posted where the plainer rules do not look: here, an aside before the verb."""

from __future__ import annotations

import pytest

from reactions.parse.article import parse_article
from reactions.parse.posted import unfit_aside


@pytest.mark.parametrize(
    ("body", "attribution", "verb", "unfit"),
    [
        ('"Open again," Dana Holt, a spokeswoman, tweeted.', " Dana Holt, a spokeswoman, tweeted", "tweeted", False),
        ('Done.\n\n"Open again," Holt, 34, wrote.', " Holt, 34, wrote", "wrote", False),
        ('She said: "Open again," Holt, 34, wrote.', " Holt, 34, wrote", "wrote", False),
        ('The bridge "is open again," Holt, 34, wrote.', " Holt, 34, wrote", "wrote", True),  # a fragment
        ('Well, "open again," Holt, 34, wrote.', " Holt, 34, wrote", "wrote", True),  # after a comma: a fragment
        ('"Open again," usual long, blonde locks, captioning', " usual long, blonde locks, captioning", "captioning",
         True),  # a participle's object
        ('The bridge "is open again," Holt wrote.', " Holt wrote", "wrote", False),  # no aside: as before
    ],
)  # fmt: skip
def test_an_aside_stands_only_after_a_whole_quotation_and_before_a_finite_verb(
    body: str, attribution: str, verb: str, unfit: bool
) -> None:
    assert unfit_aside(body, body.index('"'), attribution, verb) is unfit


def test_a_where_clause_after_a_quoted_term_is_no_attribution() -> None:
    text = (
        "Scholars worry that the network can create \u201cfilter bubbles,\u201d where users see posts only from "
        "friends who think alike.\n\n"
        "The mayor answered at once. \u201cThe ferry runs again from Monday, every hour,\u201d Ann Lee posted on "
        "Facebook."
    )
    assert [(r.author, r.text) for r in parse_article(text).reactions] == [
        ("Ann Lee", "The ferry runs again from Monday, every hour")
    ]
