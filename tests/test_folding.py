"""Case-blind patterns run over folded text find what they find with ``re.IGNORECASE``, at the same offsets."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse import post_cues, posted, quotes
from reactions.parse.folding import FoldedPattern, folded, unfold

FOLDED = {
    name: value
    for module in (quotes, post_cues, posted)
    for name, value in vars(module).items()
    if isinstance(value, FoldedPattern)
}
_PIECES = [
    "said", "SAID", "ſaid", "tweeted", "TWEETED", "Twitter", "İnstagram", "ınstagram", "on X", "on x", "took to",
    "TikTok", "\u212aim", "a post", "A POST", "that", "THAT", "since-deleted", "social media users", "DMs", "dm",
    "e-mail", "in a statement", "with the caption", "her", "é", "ß", "ẞ", "İ", "ı", "ſ", "\u212a", " ", "\t", "\n",
    ":", ",", ".", "’", "'", "-", "_", "x", "to share", "on Monday", "wrote", "posts", "Facebook live",
]  # fmt: skip
_TEXTS = st.lists(st.sampled_from(_PIECES), max_size=30).map("".join)


def test_the_quote_finder_runs_its_case_blind_patterns_folded() -> None:
    assert {"_VERB_RE", "POST_CUE_RE", "POSTED_CONTEXT_RE", "OTHER_MEDIUM_RE", "TOOK_TO_RE"} <= set(FOLDED)


@settings(max_examples=400, deadline=None)
@given(_TEXTS, st.data())
def test_a_folded_pattern_finds_what_the_case_blind_one_finds(text: str, data: st.DataObject) -> None:
    pos = data.draw(st.integers(0, len(text)))
    for name, pattern in FOLDED.items():
        spans = [m.span() for m in pattern.pattern.finditer(text)]
        assert [m.span() for m in pattern.finditer(text)] == spans, name
        expected, found = pattern.pattern.search(text, pos), pattern.search(text, pos)
        assert (found and found.regs) == (expected and expected.regs), name


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_folding_keeps_every_offset(text: str) -> None:
    assert len(folded(text)) == len(unfold(text)) == len(text)


@pytest.mark.parametrize(
    ("source", "flags"),
    [("said", 0), (r"\bsaid\Z", re.IGNORECASE), ("[A-Z]a", re.IGNORECASE), ("straße", re.IGNORECASE)],
)
def test_a_pattern_that_folding_would_change_is_refused(source: str, flags: int) -> None:
    with pytest.raises(ValueError, match="case-blind"):
        FoldedPattern(source, flags)
