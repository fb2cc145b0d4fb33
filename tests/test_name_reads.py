"""reactions.parse.name_reads: what the prose says of each name, read once for the pronouns' windows that share it,
gives what reading every window whole gives."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse import antecedents, name_reads
from reactions.parse.name_reads import ASKS_READ, LIMIT, NameRead, NameReads
from reactions.parse.quotes import find_quotes

PIECES = ["The star shared a photo. ", "Lee continued: “Hi yo” ", '"Hi yo," she tweeted. ', "Ann Lee posted. ",
          "Kim Park, the singer, wrote: ", "Sharon Osbourne, whose husband, Ozzy Osbourne, said ", "CNN’s Ed Lo ",
          "Express reported ", "in Los Angeles ", "Trump has   been ", "her Instagram Story ", "\n\n", "Jr. ",
          '"So fun," the singer tweeted. ', "WATCH: Kim Zolciak Updates Fans With Hospital Pic\n", "Later, ",
          "Minister of Veterans Affairs Julian Fantino is ", "Bo Park (@bo) ", "the Met Gala ", "Naturally, ",
          "Tom and his long-time friend from the old school, Suri, celebrated ",  # read back past 40 characters
          "Al has" + " " * 120 + "been told "]  # fmt: skip
"""Prose of names, subjects, things and outlets; the last two read past the characters a reading is kept by (an
apposition's description back to its sentence's start; ``has`` through a quotation blanked out to ``been``)."""


def _read_every_time() -> NameReads:
    return NameReads(antecedents._read_name, lambda window, start, end: True)


@pytest.fixture(autouse=True)
def _keep_from_the_first_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """Readings kept from an article's first window on (``ASKS_READ`` 0), as from its seventeenth."""
    monkeypatch.setattr(name_reads, "ASKS_READ", 0)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=20).map("".join), st.integers(1, 30),
       st.integers(30, 400))
def test_windows_sliding_over_prose_read_as_read_whole(text: str, step: int, width: int) -> None:
    """Windows sliding over the same prose (as the quotations of a dense article read it), each with its pronoun's
    own sentence at the end: the same names, things, subjects and reporters."""
    ends = range(1, len(text) + 1, step)
    windows = [(text[max(0, end - width) : end], max(0, min(end, width) - 30)) for end in ends]
    antecedents._NAME_READS.ask(text)  # (as a pronoun's resolution does before its window is read)
    kept = [antecedents._antecedents(window, subjects_from) for window, subjects_from in windows]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(antecedents, "_NAME_READS", _read_every_time())
        whole = [antecedents._antecedents(window, subjects_from) for window, subjects_from in windows]
    assert kept == whole


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30).map("".join))
def test_an_articles_quotations_are_given_the_same_authors(text: str) -> None:
    fast = [(quote.span, quote.author, quote.platform) for quote in find_quotes(text, "a.txt", [])]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(antecedents, "_NAME_READS", _read_every_time())
        slow = [(quote.span, quote.author, quote.platform) for quote in find_quotes(text, "a.txt", [])]
    assert fast == slow


def test_a_reading_is_kept_by_the_characters_about_the_name_and_the_table_is_bounded() -> None:
    calls: list[tuple[str, int, int, bool]] = []

    def read(window: str, start: int, end: int, own: bool) -> NameRead:
        calls.append((window, start, end, own))
        return NameRead(window[start:end], False, False, True, False, False)

    reads = NameReads(read, lambda window, start, end: window.startswith(",", end))
    reads.ask("an article")
    prose = "x" * 50 + " Lee continued. " + "y" * 120
    at = prose.index("Lee")
    assert reads.read(prose, at, at + 3, False) == reads.read(prose[5:], at - 5, at - 2, False)
    assert len(calls) == 1  # the same 40 characters before and 100 after: read once
    reads.read(prose, at, at + 3, True)  # in the pronoun's own sentence: another reading
    reads.read("Lee, 43, said", 0, 3, False)
    reads.read("Lee, 43, said", 0, 3, False)  # a comma after the name: read every time
    assert len(calls) == 4
    for n in range(LIMIT + 5):
        reads.read(f"{n} Lee said", len(str(n)) + 1, len(str(n)) + 4, False)
    assert len(reads._kept) <= LIMIT


def test_an_articles_first_windows_are_read_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(name_reads, "ASKS_READ", ASKS_READ)
    calls: list[int] = []
    reads = NameReads(lambda window, start, end, own: calls.append(start), lambda window, start, end: False)
    body = "Lee said."
    for _ in range(ASKS_READ):
        reads.ask(body)
        reads.read("Lee said.", 0, 3, False)
    assert len(calls) == ASKS_READ
    reads.ask(body)
    reads.read("Lee said.", 0, 3, False)
    reads.read("Lee said.", 0, 3, False)
    assert len(calls) == ASKS_READ + 1
    reads.ask("".join(list(body)))  # another article (an equal text): its first windows read whole again
    reads.read("Lee said.", 0, 3, False)
    assert len(calls) == ASKS_READ + 2
