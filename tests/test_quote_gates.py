"""The quote finder's shortcuts (silent lines, word windows read from one byte copy, sentence starts searched back
mark by mark) give exactly what reading every quotation in full gives: a shortcut that drops a real quotation fails
here.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from reactions.parse import authors, posted, quotations, quotes
from reactions.parse.build import overlaps
from reactions.parse.quotes import find_quotes
from reactions.parse.sentences import (
    LOOK_BACK,
    QUIET,
    READ,
    Silence,
    Surroundings,
    TextIndex,
    WordIndex,
    word_bytes,
    words_of,
)
from reactions.parse.wordscan import whole_word_spans

_WORDS = [
    "she", "wrote", "tweeted", "said", "posted", "post", "postponed", "posts", "Instagram", "İnstagram", "ſocial",
    "ſhared", "Kaption", "TWEETED", "x", "X", "on", "Twitter", "a fan", "Ana Ruiz", "captioned", "alongside",
    "statement", "replied", "deleted", "antisocial", "reposted", "ı", "é", "_", "It says", "The message reads",
    "this says", "to Facebook.", "she said on Twitter", "he joked", "she grumbled in a tweet",
]  # fmt: skip
_MARKS = ['"', "“", "”", "‘", "’", ":", ",", ";", ".", " ", " ", " ", "\n", "\n\n", ": “", ', "', ',” ']
_FILLERS = ["a" * n for n in (1, 3, 150, 155, 156, 157, 158, 159, 160, 161, 162, 163)] + ["b " * 80]
_PIECES = st.sampled_from(_WORDS + _MARKS + _FILLERS)
_TEXTS = st.lists(_PIECES, max_size=50).map("".join)


def _reference_posting_cues(
    body: str, cues: WordIndex, match: re.Match[str], context: Surroundings
) -> bool | None:
    """The cue check as it read before the shortcuts: the words of each window, read from the window itself."""
    lead = context.lead
    if not quotes._CUE_WORDS.isdisjoint(words_of(lead)) or lead.rstrip().endswith(":"):
        return True
    if posted.POST_SAYS_RE.fullmatch(lead):
        return True  # the post speaking (``It says, "…"``): the sentence before is read
    pos = match.end() + 1 if body[match.end() : match.end() + 1] in (",", ";") else match.end()
    return False if not quotes._CUE_WORDS.isdisjoint(words_of(body[pos : min(len(body), pos + 160)])) else None


def _in_full(monkeypatch: pytest.MonkeyPatch, text: str) -> list[object]:
    """What the quote finder gives with no line silenced and the cue check reading each window's own words."""
    with monkeypatch.context() as patch:
        patch.setattr(Silence, "state", lambda self, start, end: READ)  # what the quote finder asks of a line
        patch.setattr(quotes, "live_candidates", lambda body, cues, matches: [(i, READ) for i in range(len(matches))])
        patch.setattr(Silence, "mutes", lambda self, start, end: False)
        patch.setattr(Silence, "lead_quiet", lambda self, start: False)
        patch.setattr(quotes, "_posting_cues", _reference_posting_cues)
        patch.setattr(quotes, "_speech_after", lambda attribution: False)
        patch.setattr(quotes, "_unposted_speech", lambda verb, lead, raw, words: False)
        return list(find_quotes(text, "a.txt", []))


@settings(max_examples=400, deadline=None)
@given(_TEXTS)
def test_the_shortcuts_find_what_reading_every_quotation_finds(text: str) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert find_quotes(text, "a.txt", []) == _in_full(monkeypatch, text)


def _check_every_quotation(text: str) -> None:
    """On every quotation candidate: a silent line's quotations have no posting cue, and the cue check reading one
    byte copy answers as reading each window's own words does."""
    index, cues = TextIndex(text), WordIndex(text, quotes._CUE_WORDS)
    silence = Silence(text, cues)
    for match in quotations.quotations(text):
        context = Surroundings(index, match)
        expected = _reference_posting_cues(text, cues, match, context)
        assert quotes._posting_cues(text, cues, match, context) == expected
        assert not silence.mutes(match.start(), match.end()) or expected is None
        assert not silence.lead_quiet(match.start()) or expected is not True  # only a cue after it can count


@settings(max_examples=400, deadline=None)
@given(_TEXTS)
def test_a_silent_line_holds_no_quotation_with_a_cue(text: str) -> None:
    _check_every_quotation(text)


@settings(max_examples=60, deadline=None)
@given(_TEXTS, _TEXTS, st.integers(LOOK_BACK - 40, LOOK_BACK + 40))
def test_the_shortcuts_hold_on_lines_longer_than_the_look_back(head: str, tail: str, size: int) -> None:
    text = head.replace("\n", " ") + "w" * size + tail  # the look-back's bound may cut a word: "…wwwposted"
    _check_every_quotation(text)
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert find_quotes(text, "a.txt", []) == _in_full(monkeypatch, text)


@pytest.mark.parametrize(
    "text",
    [
        '"So good," a fan ' + "a" * 150 + " tweeted.",  # the cue word past the 160 characters after the quotation
        '"So good and true," ' + "a" * 152 + " postponed it, she wrote.",  # "post" where the window cuts a word
        "It was " + "w" * 10 + "posted" + " b" * 1997 + '"So good and true," she said.',  # the look-back cuts there
        "Then he added: “So good and true.”",
        'Then he added:\t"So good and true."',
        "She wrote on Instagram:\n“Back in the studio today.”",
        "Minutes later, she TWEETED: “Not again. Please not again.”",
        "“Big day for us,” Ana Ruiz wrote on İnstagram.",
        "“Big day for us,” wrote one ſocial media user.",
        "w" * (LOOK_BACK - 5) + 'posted "So good and true," she said.',
        'Ann shared a photo on Facebook.\nIt says, "Home at last, all of us."',  # a line with no cue word
        'Ann wrote on Facebook.\n\nThe message reads:\t“Home at last, all of us.”',
        'Fans were thrilled. "So good and true," she said on Twitter.',  # a quiet lead-in: speech naming the platform
        'Fans were thrilled. "So good and true," Ann fumed in a tweet.',  # a verb of manner naming a post
    ],
)
def test_cue_words_at_windows_edges(text: str) -> None:
    _check_every_quotation(text)
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert find_quotes(text, "a.txt", []) == _in_full(monkeypatch, text)


@pytest.mark.parametrize("size", range(140, 166))
@pytest.mark.parametrize("word", ["postponed", "sharedness", "xylophone", "instagrammer"])
def test_a_word_cut_by_the_window_after_a_quotation(size: int, word: str) -> None:
    text = '"So good and true," she said ' + "a" * size + f" {word} it.\nNext line here."
    _check_every_quotation(text)


@pytest.mark.parametrize("size", range(150, 164))
@pytest.mark.parametrize("quote", ['She said "So good and true"', 'She said "So good and true",', '"So good and true'])
def test_a_word_cut_by_the_window_on_the_next_line(size: int, quote: str) -> None:
    _check_every_quotation(quote + "\n" + "a" * size + " xylophone and more")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["says", "SAYS", "ſays", "read", "reads", "rEad", " ", "\t", ",", ":", "a", '"', "“"]),
                max_size=20).map("".join))  # fmt: skip
def test_says_led_is_the_pattern_asked_at_each_mark(text: str) -> None:
    ending = re.compile(posted.SAYS_MARK_RE.pattern + r"\Z", re.IGNORECASE)
    for at, char in enumerate(text):
        if char in "\"“‘":
            assert posted.says_led(text, at) == (at >= 5 and ending.search(text[: at + 1]) is not None)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["says", "SAYS", "sayſ", "reads", "readſ", "read", "reaD", "Read", "said", "is",
                                 " ", "\t", "  ", "\xa0", "\n", ",", ":", ";", '"', "“", "‘", "a", "It "]), max_size=14)
       .map("".join))  # fmt: skip
def test_a_plain_lead_is_what_the_colon_and_says_checks_give(text: str) -> None:
    """The mark's lead-in check (``Silence._plain_lead``) answers as a colon check and ``says_led`` at every mark."""
    silence = Silence(text, WordIndex(text, quotes._CUE_WORDS))
    for at, char in enumerate(text):
        if char in '"“‘':
            silence._read(at)
            line_start = text.rfind("\n", 0, at) + 1
            before = text[line_start:at].rstrip()
            expected = not before.endswith(":") and not posted.says_led(text, at)
            assert silence._plain_lead(at) == expected


def test_a_quotation_where_a_post_may_speak_is_not_muted() -> None:
    body = 'Ann shared a photo on Facebook.\nIt says, "Home at last, all of us."'
    silence = Silence(body, WordIndex(body, quotes._CUE_WORDS))
    assert silence.mutes(body.index('"'), len(body)) is False
    assert len(find_quotes(body, "a.txt", [])) == 1


def test_a_quotation_with_no_cue_on_its_line_is_muted() -> None:
    body = '"We are devastated and sad," the family said.\n"So good," a fan tweeted.'
    silence = Silence(body, WordIndex(body, quotes._CUE_WORDS))
    assert silence.mutes(0, 28) is False  # "tweeted" stands in the 162 characters after it
    body = '"We are devastated and sad," the family said.\n' + "z" * 200 + '\n"So good," a fan tweeted.'
    silence = Silence(body, WordIndex(body, quotes._CUE_WORDS))
    assert silence.mutes(0, 28) is True
    assert silence.mutes(len(body) - 25, len(body) - 16) is False
    assert [q.text for q in find_quotes(body, "a.txt", [])] == ["So good"]


@settings(max_examples=300, deadline=None)
@given(_TEXTS, st.data())
def test_a_word_index_reads_any_window_as_its_own_words(text: str, data: st.DataObject) -> None:
    index = WordIndex(text, quotes._CUE_WORDS)
    hi = data.draw(st.integers(0, len(text)))
    lo = data.draw(st.integers(0, hi))
    assert index.holds(lo, hi) == (not quotes._CUE_WORDS.isdisjoint(words_of(text[lo:hi])))
    assert index.words(lo, hi) == words_of(text[lo:hi])


@settings(max_examples=300, deadline=None)
@given(_TEXTS, st.data())
def test_no_opening_means_no_window_from_a_words_start_holds_one(text: str, data: st.DataObject) -> None:
    index = WordIndex(text, quotes._CUE_WORDS)
    hi = data.draw(st.integers(0, len(text)))
    lo = data.draw(st.integers(0, hi))
    if not index.opens_any(lo, hi):
        spaces = word_bytes(text)
        starts = [at for at in range(lo, hi + 1) if at == 0 or spaces[at - 1] == ord(" ")]  # no word cut there
        assert not any(index.holds(start, end) for start in starts for end in range(start, hi + 1))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("‘’'a b\n,.x")), max_size=80))
def test_single_quotes_found_where_the_pattern_finds_them(text: str) -> None:
    expected = [m.span() for m in quotations._SINGLE_QUOTE_RE.finditer(text)]
    assert [m.span() for m in quotations._single_quotes(text)] == expected


def _open_at_every_mark(text: str) -> list[tuple[int, int]]:
    """The open quotations as trying the pattern at every opening mark after a line break, ``: `` or ``, `` finds
    them, outside the closed ones."""
    if "\n" not in text:
        return []
    closed = [m.span() for m in quotations.quotation_matches(text)]
    found = []
    for at in range(len(text)):
        if text[at] in "\"“" and (at == 0 or text[at - 1] == "\n" or text[max(0, at - 2) : at] in (": ", ", ")):
            match = quotations._OPEN_RE.match(text, at)
            if match is not None and not any(s < match.end() and match.start() < e for s, e in closed):
                found.append(match.span())
    return found


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(['"', "“", "”", "\n", "a", ": ", ", ", ":", " ", "b c"]), max_size=16).map("".join))
def test_open_quotations_are_tried_after_a_line_break_colon_or_comma(text: str) -> None:
    closed, loose = quotations._closed(text)
    assert sorted(m.span() for m in quotations._open_quotations(text, closed, loose)) == _open_at_every_mark(text)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(['"', "“", "”", "‘", "’", "\n", "a", ": ", ", ", ":", " ", "b c"]), max_size=24)
       .map("".join))  # fmt: skip
@example('‘So, "we go’\n')  # an open quotation inside a British one
def test_quotations_are_what_each_shapes_pattern_finds(text: str) -> None:
    """The closed quotations, British ones and open ones, found in one scan of the marks, are what each pattern
    finds tried at every character (open ones at every mark, outside the closed and British ones)."""
    closed = [*quotations.QUOTE_RE.finditer(text), *quotations._SINGLE_QUOTE_RE.finditer(text)]
    spans = sorted(m.span() for m in closed)
    opened = []
    for at in range(len(text)) if "\n" in text else ():
        if text[at] in "\"“" and (at == 0 or text[at - 1] == "\n" or text[max(0, at - 2) : at] in (": ", ", ")):
            match = quotations._OPEN_RE.match(text, at)
            if match is not None and not overlaps(match.span(), spans):
                opened.append(match)
    found = [m.span() for m in quotations.quotations(text)]
    if '"' in text and ("“" in text or "”" in text):  # mixed marks also pair across kinds (test_quotes.py)
        patterns = (quotations.QUOTE_RE, quotations._MIXED_RE, quotations._SINGLE_QUOTE_RE, quotations._OPEN_RE)
        assert all(any(p.fullmatch(text, *span) for p in patterns) for span in found)
    else:
        assert found == sorted(m.span() for m in [*closed, *opened])


def _possessor_by_pattern(lead: str) -> str:
    """``authors.possessor`` as it read before its look for a possessive: the pattern tried over the last 120."""
    found = authors._POSSESSOR_RE.search(lead, max(0, len(lead) - 120))
    if found is None or not authors._SHARING_RE.search(lead, max(0, found.start() - 60), found.start()):
        return ""
    return str(found.group("name"))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["Michelle", "Obama", "'s", "’s", "s", " ", "\t", "message", "tweet", "retweeted",
                                 "shared", "a" * 50, ":", "x"]), max_size=20).map("".join))  # fmt: skip
def test_a_possessor_is_looked_for_only_where_a_possessive_stands(lead: str) -> None:
    assert authors.possessor(lead) == _possessor_by_pattern(lead)


def test_a_quotation_far_before_its_lines_first_cue_word_is_muted() -> None:
    """On a line with a cue word, the quotations that end more than 162 characters before it have no cue (unless
    the quotation's own mark follows a colon or ``says``)."""
    body = '"We are devastated and sad," the family said. ' + "z " * 90 + '"So good," a fan tweeted.'
    silence = Silence(body, WordIndex(body, quotes._CUE_WORDS))
    assert silence.mutes(0, body.index(",")) is True
    assert silence.mutes(body.rindex('"So'), body.rindex('," a')) is False
    assert [q.text for q in find_quotes(body, "a.txt", [])] == ["So good"]
    for lead in ("They said: ", "They said:\t ", "It says, ", "The message reads: "):
        led = lead + body
        silence = Silence(led, WordIndex(led, quotes._CUE_WORDS))
        assert silence.mutes(len(lead), led.index(",")) is False
    other = body.replace("said. ", "said: “We mourn, all of us.” ", 1)  # another quotation's colon: no matter
    silence = Silence(other, WordIndex(other, quotes._CUE_WORDS))
    assert silence.mutes(0, other.index(",")) is True
    assert silence.mutes(other.index("“"), other.index("”") + 1) is False


def test_a_quiet_lead_in_is_judged_by_the_attribution_after_it_alone() -> None:
    body = "Fans were thrilled. " + '"So good and true" ' + "z " * 20 + 'and she tweeted it. "So true," she tweeted.'
    silence = Silence(body, WordIndex(body, quotes._CUE_WORDS))
    first = body.index('"')
    assert silence.mutes(first, first + 19) is False  # "tweeted" within 162 characters after it
    assert silence.lead_quiet(first) is True
    assert silence.lead_quiet(body.rindex('"So')) is False  # "tweeted" stands before it on its line
    assert [q.text for q in find_quotes(body, "a.txt", [])] == ["So true"]


def test_a_quiet_quotation_given_to_speech_after_it_is_dropped_before_its_sentence() -> None:
    """``"…," she said.`` on a line whose only cue word comes after it: speech whatever its sentence says."""
    body = 'Fans were thrilled. "So good and true," she said. She tweeted it later.'
    silence = Silence(body, WordIndex(body, quotes._CUE_WORDS))
    first = body.index('"')
    assert silence.state(first, body.index(",")) == QUIET
    assert find_quotes(body, "a.txt", []) == []
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert _in_full(monkeypatch, body) == []
        monkeypatch.setattr(Surroundings, "__init__", _never)
        assert find_quotes(body, "a.txt", []) == []  # decided without its sentence


def _never(*args: object) -> None:
    raise AssertionError("its sentence was read")


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["tweeted", "TWEETED", "ſaid", "wrİting", "retweeted", "read", "reads", "Kaptioned",
                                 "captioned", "é", "_", "9", "-", " ", "’", "said", "says", "posted", "x", "ı", "\t"]),
                max_size=16).map("".join))  # fmt: skip
def test_verbs_found_by_find_are_the_patterns_matches(lead: str) -> None:
    """The lead-in's verbs, each looked for where the words say it stands, are what ``_VERB_RE`` finds (word
    characters either side, ``İ``, ``ſ`` and ``K`` folded as ``re.IGNORECASE`` folds them)."""
    expected = [m.span() for m in quotes._VERB_RE.finditer(lead)]
    assert whole_word_spans(lead, quotes._VERB_WORDS, words_of(lead)) == expected



@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["tweeted", "a photo", " with the caption", " and captions", " under", " Caption",
                                 "captıon", "CAPTIONS", " that reads", ":", ",", " ", "\t", "x", "é", "-", "_"]),
                max_size=12).map("".join))  # fmt: skip
def test_a_caption_tail_holds_the_word_caption(lead: str) -> None:
    """``_attribution_before`` asks for a caption tail only where the lead-in's words hold ``caption(s)``."""
    found = posted.CAPTION_TAIL_RE.search(lead, max(0, len(lead) - 60))
    words = words_of(lead)
    assert found is None or b"caption" in words or b"captions" in words


_LEADS = st.lists(st.sampled_from(["She", "Ana Ruiz", "a fan", " ", "\t", ",", ":", ". ", "said", "SAID", "ſaid",
                                   "told", "joked", "replied", "reads", "tweeted", "wrote", "took to Twitter",
                                   "on Twitter", "in a post", "It says", "The message reads", "that", "the video",
                                   "statement", "then", "posted"]), max_size=10).map("".join)  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(_LEADS, st.sampled_from(['"So good and true"', '“So good, true”', ': "So good and true"']), _LEADS)
def test_a_spoken_lead_in_is_dropped_before_its_author_as_the_judge_drops_it(lead: str, quote: str, tail: str) -> None:
    """A lead-in whose verb is speech naming no post (``She said: "…"``) is rejected before its author is looked
    for (``quotes._unposted_speech``): exactly what judging it in full gives."""
    text = f"{lead} {quote}{tail}."
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert find_quotes(text, "a.txt", []) == _in_full(monkeypatch, text)
