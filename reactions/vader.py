"""VADER 3.3.2's scoring made safe for tweets, with VADER's own methods (behind :mod:`reactions.sentiment`).

``SentimentIntensityAnalyzer.polarity_scores`` is, in order: an emoji step (each emoji code point
replaced by its description), ``SentiText`` tokenisation, one ``sentiment_valence`` call per
token, ``_but_check`` and ``score_valence``.  :meth:`Engine.analyse` runs the same steps with
three changes, and keeps the per-token valences to explain the score:

1. The emoji step is :meth:`Engine.prepare` (with :mod:`reactions.tweet_text`): HTML entities
   decoded and typography made ASCII (``clean``), links removed (``remove_urls``), elongated words
   shortened to a VADER word (``sooo`` -> ``so``) when there is one, and whole emoji *sequences*
   (FE0F, skin tones, flags, ZWJ) replaced, surrounded by spaces, by a description
   (``describe_emoji``).  Pure-ASCII text (the common case) skips the emoji step entirely.
2. ``sentiment_valence`` is given a *window* of the tokens (three before, two after: every rule
   it applies looks no further) instead of the whole text, so each call is O(1) and a text
   is scored in linear time.  The valences are exactly VADER's, except that the window of a
   word of an emoji's description is that description: negations and boosters in the text do
   not reach into an emoji (raw VADER makes ``not okay 😭`` positive by negating "crying").
3. ``_but_check`` is VADER's for short texts; for long ones :func:`but_check` reproduces its
   result exactly (including its use of ``list.index``, which finds the first *equal* valence)
   in O(n log n) instead of O(n²).

Internals used: ``sentiment_valence`` (reads only ``words_and_emoticons`` and ``is_cap_diff`` of
its ``sentitext`` argument), ``_but_check``, ``score_valence``, ``_punctuation_emphasis``,
``SentiText``, ``allcap_differential``, ``BOOSTER_DICT`` and ``SPECIAL_CASES``.
"""

from __future__ import annotations

import copy
import functools
import heapq
import re
from dataclasses import dataclass
from typing import Any, Final

from vaderSentiment.vaderSentiment import (
    BOOSTER_DICT,
    NEGATE,
    SPECIAL_CASES,
    SentimentIntensityAnalyzer,
    SentiText,
    allcap_differential,
)

from reactions.tweet_text import NOT_BASE, canonical_emoji, clean, describe_emoji, emoji_matches, is_emoji, remove_urls

__all__ = ["Analysis", "Driver", "Engine", "SentimentIntensityAnalyzer", "Term", "but_check", "shared_analyzer"]

EXACT_BUT_LIMIT: Final = 64
"""Up to this many tokens VADER's own ``_but_check`` runs; above it, the O(n log n) equivalent."""
PHRASE_JOINER: Final = "_"
"""A custom multi-word phrase becomes one token, its words joined by this (``hot mess`` -> ``hot_mess``)."""

_IDIOM_HINT = re.compile("|".join(sorted({max(idiom.split(), key=len) for idiom in SPECIAL_CASES})))
"""One word of each VADER idiom (``the shit`` -> ``shit``): a lower-cased text without any holds no idiom
(searched in the lower-cased text: ``re.IGNORECASE`` makes the search several times slower)."""
_LETTER_RUN = re.compile(r"([^\W\d_])\1{2,}")
_ELONGATED_WORD = re.compile(r"[^\W\d_]*([^\W\d_])\1{2,}[^\W\d_]*")
_TRIPLE = re.compile(r"(.)\1\1")
"""A cheap test (a literal-free backreference on any character is fast) before looking for elongated words."""


@dataclass(frozen=True, slots=True)
class Driver:
    """One thing that moved a score.

    Fields:
        term: the word (lower case), emoji, idiom or phrase as written, or the punctuation
            (``"!!!"``) whose emphasis VADER added.
        valence: its valence after VADER's rules (negation, boosters, caps, "but"), rounded to
            two decimals; for an emoji, the sum over the words of its description.
        kind: ``"word"``, ``"emoji"``, ``"idiom"`` (VADER's special cases such as ``the shit``),
            ``"phrase"`` (a custom-lexicon phrase) or ``"punctuation"``.
    """

    term: str
    valence: float
    kind: str


@dataclass(frozen=True, slots=True)
class Prepared:
    """A text made ready for VADER.

    Fields:
        text: what VADER tokenises.
        spans: ``(first token, end token, emoji)`` for every emoji replaced by its description.
    """

    text: str
    spans: tuple[tuple[int, int, str], ...] = ()


Term = tuple[str, float, str]
"""A driver before rounding, as analysis keeps it: ``(term, valence, kind)`` (see :class:`Driver`)."""


@dataclass(frozen=True, slots=True)
class Analysis:
    """One text's result.

    Fields:
        scores: VADER's ``(compound, pos, neu, neg)``.
        terms: what moved the score, in reading order, as plain tuples (cheap to make for every
            text; :attr:`drivers` turns them into records for the page).
    """

    scores: tuple[float, float, float, float]
    terms: tuple[Term, ...] = ()

    @property
    def drivers(self) -> tuple[Driver, ...]:
        """:attr:`terms` as :class:`Driver` records, valences rounded to two decimals."""
        return tuple(Driver(term, round(valence, 2), kind) for term, valence, kind in self.terms)


EMPTY: Final = Analysis((0.0, 0.0, 0.0, 0.0))


@functools.cache
def shared_analyzer() -> SentimentIntensityAnalyzer:
    """The one analyzer of the process, built on first use (reading VADER's lexicons takes ~50 ms)."""
    return SentimentIntensityAnalyzer()


def _vader_emojis() -> dict[str, str]:
    emojis: dict[str, str] = shared_analyzer().emojis
    return emojis


class _Window:
    """The two attributes of ``SentiText`` that ``sentiment_valence`` reads, for a window of tokens."""

    __slots__ = ("is_cap_diff", "words_and_emoticons")

    def __init__(self, is_cap_diff: bool) -> None:
        self.is_cap_diff = is_cap_diff
        self.words_and_emoticons: list[str] = []


class Engine:
    """VADER with a lexicon: scores and explains texts (see the module docstring)."""

    def __init__(self, analyzer: SentimentIntensityAnalyzer, lexicon: dict[str, float]) -> None:
        words = {" ".join(k.lower().split()): v for k, v in lexicon.items() if k.strip() and not is_emoji(k)}
        self.phrases = {w.replace(" ", PHRASE_JOINER): w for w in words if " " in w}
        self.emoji_terms = {canonical_emoji(k.strip()): v for k, v in lexicon.items() if is_emoji(k)}
        entries = {w.replace(" ", PHRASE_JOINER): v for w, v in words.items()}
        self.vader = analyzer
        if entries or self.emoji_terms:
            self.vader = copy.copy(analyzer)
            self.vader.lexicon = {**analyzer.lexicon, **entries, **self.emoji_terms}
        self._phrase_re = _phrase_pattern(self.phrases.values())

    def prepare(self, text: str) -> Prepared:
        """Text cleaned (:func:`clean`), links removed, custom phrases joined into one token, emoji
        replaced by their descriptions."""
        text = remove_urls(clean(text))
        if _TRIPLE.search(text) and _LETTER_RUN.search(text):
            text = _ELONGATED_WORD.sub(self._shorten, text)
        if self._phrase_re is not None:
            text = self._phrase_re.sub(lambda m: PHRASE_JOINER.join(m.group().split()), text)
        if text.isascii():
            return Prepared(text)
        return self._replace_emoji(text)

    def _shorten(self, match: re.Match[str]) -> str:
        """An elongated word (``sooo``, ``loooove``, ``NOOOO``) as the VADER word it stretches, if any:
        each run of 3+ equal letters cut to two, else to one; a word VADER does not know stays as written."""
        word = match.group()
        if word.lower() in self.vader.lexicon:
            return word
        for keep in (2, 1):
            short = _LETTER_RUN.sub(r"\1" * keep, word)
            if (lower := short.lower()) in self.vader.lexicon or lower in BOOSTER_DICT or lower in NEGATE:
                return short
        return word

    def _replace_emoji(self, text: str) -> Prepared:
        pieces: list[str] = []
        spans: list[tuple[int, int, str]] = []
        tokens = position = 0
        for match in emoji_matches(text):
            plain, found = text[position : match.start()], match.group()
            position = match.end()
            pieces.append(plain)
            tokens += len(plain.split())
            words = self._emoji_words(found)
            if words:
                spans.append((tokens, tokens + len(words.split()), found))
                tokens += len(words.split())
            pieces.append(f" {words} ")
        pieces.append(text[position:])
        return Prepared("".join(pieces), tuple(spans))

    def _emoji_words(self, found: str) -> str:
        """A custom-lexicon emoji stays itself (a lexicon token); others become their description."""
        core = canonical_emoji(found)
        if core in self.emoji_terms:
            return core
        return "" if NOT_BASE.fullmatch(found) else describe_emoji(found)

    def analyse(self, text: str) -> Analysis:
        """Scores and drivers of one text (VADER's steps, see the module docstring)."""
        prepared = self.prepare(text)
        sentitext = SentiText(prepared.text)
        words: list[str] = sentitext.words_and_emoticons
        sentiments = self.valences(words, prepared.spans, cap_diff=sentitext.is_cap_diff)
        lower = prepared.text.lower()
        if "but" in lower:
            sentiments = but_check(words, sentiments)
        result: dict[str, float] = self.vader.score_valence(sentiments, prepared.text)
        scores = (result["compound"], result["pos"], result["neu"], result["neg"])
        return Analysis(scores, self._terms(prepared, lower, words, sentiments))

    def valences(
        self, words: list[str], spans: tuple[tuple[int, int, str], ...] = (), *, cap_diff: bool | None = None
    ) -> list[float]:
        """VADER's valence of every token, as ``polarity_scores`` computes them, in linear time.

        The words of an emoji's description (``spans``) are scored on their own: a negation or a
        booster before an emoji does not reach into it (raw VADER turns ``not okay 😭`` positive).
        """
        vader, lexicon = self.vader, self.vader.lexicon
        window = _Window(allcap_differential(words) if cap_diff is None else cap_diff)
        sentiments: list[Any] = []
        last = len(words) - 1
        bounds = _span_bounds(spans, len(words)) if spans else None
        for i, item in enumerate(words):
            lower = item.lower()
            if (
                lower not in lexicon
                or lower in BOOSTER_DICT
                or (lower == "kind" and i < last and words[i + 1].lower() == "of")
            ):
                sentiments.append(0)  # what VADER appends for these tokens
                continue
            start, end = (i - 3 if i > 3 else 0), i + 3
            bound = bounds[i] if bounds is not None else None
            if bound is not None:
                start, end = max(start, bound[0]), min(end, bound[1])
            window.words_and_emoticons = words[start:end]
            vader.sentiment_valence(0, window, item, i - start, sentiments)
        return sentiments

    def _terms(self, prepared: Prepared, lower: str, words: list[str], sentiments: list[float]) -> tuple[Term, ...]:
        """Every token with a valence, in order (the words of an emoji's description summed as the
        emoji), then punctuation emphasis."""
        nonzero = [i for i, valence in enumerate(sentiments) if valence]
        if not nonzero:
            return ()
        punctuation = self._punctuation(prepared.text, sum(sentiments))
        if not prepared.spans and not self.phrases and _IDIOM_HINT.search(lower) is None:
            return (*[(words[i].lower(), sentiments[i], "word") for i in nonzero], *punctuation)
        lowered = [w.lower() for w in words]
        emoji_at = {i: (start, found) for start, end, found in prepared.spans for i in range(start, end)}
        found: dict[int, tuple[str, str]] = {}  # first token -> (term, kind)
        totals: dict[int, float] = {}
        for i in nonzero:
            first, term_kind = (emoji_at[i][0], (emoji_at[i][1], "emoji")) if i in emoji_at else (i, None)
            found.setdefault(first, term_kind or self._term(lowered, i))
            totals[first] = totals.get(first, 0.0) + sentiments[i]
        return (*[(term, totals[first], kind) for first, (term, kind) in found.items()], *punctuation)

    def _term(self, lowered: list[str], i: int) -> tuple[str, str]:
        """The term of token ``i``: a custom phrase, the VADER idiom that set its valence, or the word."""
        lower = lowered[i]
        if lower in self.phrases:
            return self.phrases[lower], "phrase"
        if i > 2 and lowered[i - 3] not in self.vader.lexicon:  # when VADER checks idioms
            near = lowered[i - 3 : i + 3]
            for a, b in ((2, 4), (1, 4), (1, 3), (0, 3), (0, 2), (3, 5), (3, 6)):  # VADER's n-grams
                if " ".join(near[a:b]) in SPECIAL_CASES:
                    return " ".join(near[a:b]), "idiom"
        return lower, "word"

    def _punctuation(self, text: str, total: float) -> tuple[Term, ...]:
        if not total or ("!" not in text and "?" not in text):
            return ()
        amplifier: float = self.vader._punctuation_emphasis(text)
        if not amplifier:
            return ()
        marks = "!" * min(text.count("!"), 4) + ("?" * min(text.count("?"), 3) if text.count("?") > 1 else "")
        return ((marks, amplifier if total > 0 else -amplifier, "punctuation"),)


def _span_bounds(spans: tuple[tuple[int, int, str], ...], size: int) -> list[tuple[int, int] | None]:
    bounds: list[tuple[int, int] | None] = [None] * size
    for start, end, _ in spans:
        bounds[start:end] = [(start, end)] * (end - start)
    return bounds


def _phrase_pattern(phrases: Any) -> re.Pattern[str] | None:
    words = sorted(phrases, key=len, reverse=True)
    if not words:
        return None
    alternatives = "|".join(r"\s+".join(re.escape(w) for w in p.split()) for p in words)
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


def but_check(words: list[str], sentiments: list[float]) -> list[float]:
    """VADER's ``_but_check`` result (valences before the first "but" halved, after it ×1.5).

    VADER finds each valence's position with ``list.index`` (the first *equal* value, which the
    loop may already have changed), O(n²).  This keeps, per value, a heap of the positions
    holding it, so the result is identical in O(n log n).

    >>> but_check(["good", "ok", "but", "bad"], [1.9, 0.95, 0, -2.5])  # "ok" keeps 0.95, "good" is quartered
    [0.475, 0.95, 0, -3.75]
    """
    if len(words) <= EXACT_BUT_LIMIT:
        result: list[float] = SentimentIntensityAnalyzer._but_check(words, list(sentiments))
        return result
    lowered = [str(w).lower() for w in words]
    if "but" not in lowered:
        return sentiments
    pivot = lowered.index("but")
    current = list(sentiments)
    where: dict[float, list[int]] = {}
    for k, value in enumerate(sentiments):
        heap = where.setdefault(value, [])
        while heap and current[heap[0]] != value:
            heapq.heappop(heap)
        first = heap[0] if heap else k
        new = value * 0.5 if first < pivot else value * 1.5 if first > pivot else value
        current[first] = new
        heapq.heappush(where.setdefault(new, []), first)
        if first != k:
            heapq.heappush(heap, k)
    return current
