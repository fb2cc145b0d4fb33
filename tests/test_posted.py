"""What says a quotation was posted where the plainer rules do not look: here, an aside before the verb."""

from __future__ import annotations

import pytest

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
