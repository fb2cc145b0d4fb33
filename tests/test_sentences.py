"""The per-body index of sentence ends and platform words: the same answers as scanning, at any offsets."""

from __future__ import annotations

import random
import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse import quotes, sentences
from reactions.parse.article import parse_article
from reactions.parse.sentence_ends import abbreviation_stop
from reactions.parse.sentences import (
    SENTENCE_END_RE,
    Surroundings,
    TextIndex,
    WordIndex,
    platform_named,
    word_bytes,
    words_of,
)
from reactions.parse.wordscan import first_span

_PIECES = st.sampled_from(
    ["A", "b", " ", "\n", ".", "!", "?", "…", '"', "”", "’", ")", "U.S.", "E! ", "Twitter", "tweet", "INSTA ",
     "İnstagram", "ſ", "youtube", "x", "Mr. ", "Gov. ", "at "]
)  # fmt: skip
_TEXTS = st.lists(_PIECES, max_size=60).map("".join)


def scanned_start(body: str, lo: int, at: int) -> int:
    """What the quote finder computed before the index: the last sentence end found scanning ``body[lo:at]``
    (less a title's stop: ``Mr. Lee``)."""
    ends = SENTENCE_END_RE.finditer(body, lo, at)
    return max((m.end() for m in ends if not abbreviation_stop(body, m.start(), m.end())), default=lo)


@settings(max_examples=300, deadline=None)
@given(_TEXTS, st.data())
def test_sentence_start_is_what_a_scan_finds(body: str, data: st.DataObject) -> None:
    at = data.draw(st.integers(0, len(body)))
    lo = data.draw(st.integers(0, at))
    assert TextIndex(body).sentence_start(lo, at) == scanned_start(body, lo, at)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["a", "B", " ", "\n", ".", "!", "?", "…", '"', "”", ")", "[12]", "[1234]", "E!",
                                 "U.S."]), max_size=40).map("".join), st.data())  # fmt: skip
def test_sentence_start_searched_back_mark_by_mark_is_what_a_scan_finds(body: str, data: st.DataObject) -> None:
    index = TextIndex(body)  # marks that end no sentence (``E!``, ``U.S.``, ``a.b``) before one that does
    for _ in range(4):
        at = data.draw(st.integers(0, len(body)))
        lo = data.draw(st.integers(0, at))
        assert index.sentence_start(lo, at) == scanned_start(body, lo, at)


@settings(max_examples=200, deadline=None)
@given(_TEXTS, st.lists(st.integers(0, 60), min_size=1, max_size=12), st.integers(1, 30))
def test_sentence_start_asked_in_order_is_what_a_scan_finds(body: str, steps: list[int], reach: int) -> None:
    """Quotations asked in order, each from a window of ``reach`` characters before it (what the quote finder asks):
    the last search's answer, reused for what lies before it, is the scan's."""
    body = body * 4
    index, at = TextIndex(body), 0
    for step in steps:
        at = min(len(body), at + step)
        lo = max(0, at - reach)
        assert index.sentence_start(lo, at) == scanned_start(body, lo, at)


def test_the_sentences_before_are_read_at_most_previous_reach_back() -> None:
    body = "Hi there. " + "word " * 400 + 'on Twitter. Then "a quotation," she wrote.'
    around = Surroundings(TextIndex(body), re.search('"[^"]*"', body))
    assert around.previous.endswith("word word on Twitter.")
    assert sentences.PREVIOUS_REACH - 5 <= len(around.previous) <= sentences.PREVIOUS_REACH
    assert around.previous.startswith("word ")  # the word cut at the window's start is dropped


_MARKED = [
    "Hi. The U.S. team won.bbbbbbbbbbbbb", "Oh! Yahoo!News aaaaaaaa", "Why? Hm?x aaaaaaaa", "So… Hm…x aaaaaaaa",
    'She left." Then [3]. E! Oh.a bbbbbbbb', "Why? Yahoo!News said… Mr.Smith!x aaaaaaaaaa",
    "Why? The U.S.x aaaaaaaa", "Oh! a.b c.d aaaaaaaa", "So… a.b? c.d aaaaaaaa", "Hi! a?b. c.d!e.f aaaaaaaa",
]  # fmt: skip
"""(The last four: a ``!``, ``?`` or ``…`` that ends a sentence below full stops that end none, which the walk back
looks for only once the full stops above it are passed.)"""


@pytest.mark.parametrize("body", _MARKED)
def test_sentence_start_at_every_place_is_what_a_scan_finds(body: str) -> None:
    """Marks that end no sentence after one that does, each kind of mark: every ``lo``, ``at`` pair."""
    index = TextIndex(body)
    for at in range(len(body) + 1):
        for lo in range(at + 1):
            assert index.sentence_start(lo, at) == scanned_start(body, lo, at)


@settings(max_examples=300, deadline=None)
@given(_TEXTS, st.data(), st.sampled_from([0, 40, sentences.SLICED]))
def test_platform_in_is_the_platform_the_slice_names(body: str, data: st.DataObject, sliced: int) -> None:
    body = body * 3
    hi = data.draw(st.integers(0, len(body)))
    lo = data.draw(st.integers(0, hi))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sentences, "SLICED", sliced)  # 0: the index answers every stretch
        assert TextIndex(body).platform_in(lo, hi) == platform_named(body[lo:hi])


def test_platform_in_keeps_offsets_when_lower_case_is_longer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sentences, "SLICED", 0)  # the index answers
    body = "İ" * 200 + " on Instagram " + "x" * 200
    index = TextIndex(body)
    assert index.platform_in(0, 214) is not None
    assert index.platform_in(0, 210) is None
    assert index.platform_in(205, len(body)) == platform_named(body[205:])


def test_words_are_folded_as_ignorecase_folds_them() -> None:
    assert words_of("She TWEETED, ſhared (and) pοsted") == [b"she", b"tweeted", b"shared", b"and", b"p", b"sted"]


def test_surroundings_read_the_sentence_and_the_two_before() -> None:
    body = 'One. Two on Twitter. Three. Four. She smiled: "Nice day," she wrote.'
    index = TextIndex(body)
    match = next(re.finditer(r'"[^"]+"', body))
    around = Surroundings(index, match)
    assert around.lead == " She smiled: "  # from the end of the sentence before
    assert around.previous == " Three. Four."
    assert around.platform() is not None  # the paragraph names Twitter before the sentence


def _quotation_prose(size: int, separator: str) -> str:
    rng = random.Random(7)
    units = ['"It was wet," the mayor said.', '"So good," a fan tweeted.', "The council met on Monday.",
             'He wrote: "Nothing to see here at all."', '"We are sad," the family said in a statement.']  # fmt: skip
    parts: list[str] = []
    while sum(map(len, parts)) < size:
        parts.append(rng.choice(units))
    return separator.join(parts)


def _cpu(text: str) -> float:
    started = time.process_time()
    parse_article(text, "a.txt")
    return time.process_time() - started


def test_a_paragraph_without_line_breaks_costs_what_one_with_them_does() -> None:
    """Growth check by CPU time against a baseline in the same process: quotations in 200 KB of one line took
    about 20x the same text with line breaks while each rebuilt its sentence from the paragraph's start."""
    one_line, with_breaks = _quotation_prose(200_000, " "), _quotation_prose(200_000, "\n")
    ratio = min(_cpu(one_line) for _ in range(2)) / min(_cpu(with_breaks) for _ in range(2))
    assert ratio < 6, ratio


def test_a_quotations_sentence_never_starts_in_the_paragraph_before() -> None:
    # The paragraph is longer than the first look for its start, and nothing in it ends a sentence: its
    # quotation's sentence starts at the paragraph, not in the paragraph before.
    before = 'Aniston was asked about the film. "It was hard," she said.\n\n'
    paragraph = "In the war drama Aniston plays the mother of a soldier " + "and the film was shot in a year " * 15
    body = before + paragraph + ' as The Times wrote in its review: "The mothers deliver fine work".\n'
    match = re.compile(r'"The mothers[^"]*"').search(body)
    assert match is not None
    around = Surroundings(TextIndex(body), match)
    assert around.start == len(before)
    assert "she said" not in around.lead


def test_a_citation_mark_after_a_full_stop_ends_the_sentence() -> None:
    body = 'He was criticised online.[20] He issued an apology, stating: "I am sorry."[26] Then he left.'
    ends = [m.end() for m in SENTENCE_END_RE.finditer(body)]
    assert ends == [len("He was criticised online.[20]"), body.index(" Then"), len(body)]
    match = re.compile(r'"I am sorry\."').search(body)
    assert match is not None
    assert Surroundings(TextIndex(body), match).lead == " He issued an apology, stating: "


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["she", "posted", "post", "postponed", "pos", "x", "tweet", " ", "\n", "a" * 20, "é"]),
                max_size=30).map("".join), st.data())  # fmt: skip
def test_first_opening_kept_from_the_last_search_is_a_fresh_search(body: str, data: st.DataObject) -> None:
    """:meth:`WordIndex.first_opening` answers windows asked in any order from its last search as a search of each
    window alone does (a word cut by the window's end included)."""
    kept = WordIndex(body, quotes._CUE_WORDS)
    for _ in range(6):
        hi = data.draw(st.integers(0, len(body)))
        lo = data.draw(st.integers(0, hi))
        fresh = first_span(kept._openings, b" " + word_bytes(body), lo, hi + 1)
        assert kept.first_opening(lo, hi) == (None if fresh is None else fresh[0])


def test_a_lead_in_starts_at_its_floor_inside_its_sentence() -> None:
    body = 'She tweeted, "I love it," to which he replied, "Me too."'
    first, second = re.finditer(r'"[^"]+"', body)
    assert Surroundings(TextIndex(body), second).lead == body[: second.start()]
    assert Surroundings(TextIndex(body), second, first.end()).lead == " to which he replied, "
    assert Surroundings(TextIndex(body), second, 0).start == 0
    later = 'She tweeted, "I love it." He replied, "Me too."'
    end, reply = re.finditer(r'"[^"]+"', later)
    assert Surroundings(TextIndex(later), reply, end.start()).lead == " He replied, "  # the sentence starts later


def test_a_quotation_then_a_citation_mark_ends_its_sentence() -> None:
    """Wikipedia's ``"…tones."[40] Michael …``: the next sentence is no part of the quotation's; a name after a stop
    with no citation may be the attribution (``"…!" Nilsson captioned``), read on as before."""
    cited = 'Ann wrote: "Hi there."[40] Bob of New York Post was critical.'
    around = Surroundings(TextIndex(cited), re.search('"[^"]*"', cited))
    assert around.after == "[40]"
    attributed = '"We are engaged!" Nilsson captioned the photo. Then more.'
    around = Surroundings(TextIndex(attributed), re.search('"[^"]*"', attributed))
    assert around.after == " Nilsson captioned the photo."


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["Ann", "b", " ", "\n", ".", "!", "?", "…", '"', "”", ")", "[12]", "E.", "word " * 9]),
                max_size=120).map("".join))  # fmt: skip
def test_the_two_sentences_before_are_read_from_the_windows_tail_first(before: str) -> None:
    """What ``previous`` gives reading the tail first is what reading all of the reach gives."""
    body = f'{before}"Hi there," she tweeted.'
    match = re.search('"Hi there,"', body)
    assert match is not None
    around = Surroundings(TextIndex(body), match)
    text = around.before
    lo = max(0, len(text) - sentences.PREVIOUS_REACH)
    ends = [lo, *(m.end() for m in sentences.SENTENCE_END_RE.finditer(text, lo, max(0, len(text) - 1)))]
    expected = text[ends[-2] :] if len(ends) > 2 else text[lo:] if not lo else text[lo:].split(" ", 1)[-1]
    assert around.previous == expected


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["Ann", "b", " ", "\n", ".", "!", "?", "…", '"', "”", ")", "[12]", "E.", "word"]),
                max_size=40).map("".join), st.integers(0, 60), st.integers(0, 60))  # fmt: skip
def test_a_window_without_a_mark_holds_no_sentence_end(text: str, lo: int, hi: int) -> None:
    """The ends of a window are looked for only when it holds a mark one opens with: the same ends as the search."""
    ends = [match.end() for match in sentences.SENTENCE_END_RE.finditer(text, lo, hi)]
    assert sentences._ends(text, lo, hi) == ends


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(['"Hi yo"', "she wrote:", "Ann Lee.", "Sen. Al", "\n", "and", ";", "“Yes,”"]),
                max_size=30).map(" ".join), st.integers(-5, 400))  # fmt: skip
def test_a_lead_in_cut_at_a_floor_is_the_one_made_with_it(body: str, floor: int) -> None:
    """Surroundings cut at a floor (:meth:`Surroundings.cut_at`) read the lead-in, sentence and sentences before that
    surroundings made with the floor read."""
    index = TextIndex(body)
    for match in re.finditer(r'"[^"]*"|“[^”]*”', body):
        made, cut = Surroundings(index, match, floor), Surroundings(index, match)
        _ = cut.lead  # (a lead-in read before the cut is read again after it)
        cut.cut_at(floor)
        assert (cut.start, cut.lead, cut.sentence) == (made.start, made.lead, made.sentence)
        assert cut.previous == made.previous
