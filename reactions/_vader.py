"""VADER 3.3.2's scoring made safe for tweets and fast (behind :mod:`reactions.sentiment`).

``SentimentIntensityAnalyzer.polarity_scores`` is, in order: an emoji step (each emoji code point
replaced by its description), ``SentiText`` tokenisation, one ``sentiment_valence`` call per
token, ``_but_check`` and ``score_valence``.  :meth:`Engine.analyse` computes the same results
with three changes, and keeps the per-token valences to explain the score:

1. The emoji step is :meth:`Engine.prepare` (with :mod:`reactions.parse.tweet_text`): HTML entities
   decoded and typography made ASCII (``clean``), links removed (``remove_urls``), elongated words
   shortened to a VADER word (``sooo`` -> ``so``) when there is one, and whole emoji *sequences*
   (FE0F, skin tones, flags, ZWJ) replaced, surrounded by spaces, by a description
   (``describe_emoji``).  Pure-ASCII text (the common case) skips the emoji step entirely.
2. A token's valence reads only a *window* of the tokens (three before, two after: every rule
   of ``sentiment_valence`` looks no further), so each token costs O(1) and a text is scored in
   linear time.  The valences are exactly VADER's, except that the window of a word of an
   emoji's description is that description: negations and boosters in the text do not reach
   into an emoji (raw VADER makes ``not okay 😭`` positive by negating "crying").
3. ``_but_check`` (whose ``list.index`` finds the first *equal* valence, O(n²)) is reproduced
   exactly by :func:`but_check` in O(n log n).

VADER's per-token rules (``sentiment_valence`` with ``scalar_inc_dec``, ``negation_check``,
``special_idioms_check``, ``_least_check``), ``SentiText``'s tokens, ``allcap_differential``,
``_but_check`` and ``score_valence`` are written out here in their order of floating-point
operations, so the scores are *identical* to theirs, not merely close: only tokens in the
lexicon are looked at (VADER gives every other token 0), and only the tokens with a non-zero
valence are kept (zeros add nothing to VADER's sums; they only count as neutral).
``tests/test_vader.py`` checks every score and driver against a copy of the engine that called
VADER's own methods (``tests/vader_reference.py``), on the 4,200 ground-truth tweets and on
generated texts, and the scores against raw ``polarity_scores``.  Constants and tables used:
``BOOSTER_DICT``, ``NEGATE``, ``SPECIAL_CASES``, ``N_SCALAR``, ``C_INCR`` and ``normalize``.
"""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress, repeat
from typing import Final

from vaderSentiment.vaderSentiment import (
    BOOSTER_DICT,
    SentimentIntensityAnalyzer,
)

from reactions._vader_rules import (
    C_INCR,
    CONTEXT,
    ELONGATED_WORD,
    IDIOM_WORDS,
    LETTER_RUN,
    N_SCALAR,
    NEGATIONS,
    NGRAM_FIRSTS,
    PHRASE_JOINER,
    SO_THIS,
    SPECIAL,
    Term,
    after_no,
    but_check,
    but_sparse,
    has_idiom,
    has_letter_run,
    negation_check,
    phrase_pattern,
    punctuation_terms,
    score_valence,
    sentitext_words,
    special_idioms_check,
)
from reactions.models import Driver
from reactions.parse.tweet_text import (
    NOT_BASE,
    canonical_emoji,
    clean,
    describe_emoji,
    emoji_matches,
    is_emoji,
    remove_urls,
)

__all__ = ["Analysis", "Driver", "Engine", "SentimentIntensityAnalyzer", "Term", "but_check", "shared_analyzer"]




Spans = tuple[tuple[int, int, str], ...]
"""``(first token, end token, emoji)`` for every emoji replaced by its description."""


@dataclass(frozen=True, slots=True)
class Prepared:
    """A text made ready for VADER.

    Fields:
        text: what VADER tokenises.
        spans: ``(first token, end token, emoji)`` for every emoji replaced by its description.
    """

    text: str
    spans: Spans = ()




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
NEUTRAL: Final = Analysis((0.0, 0.0, 1.0, 0.0))
"""A text with words, none of which has a valence (``score_valence`` of all zeros)."""


@functools.cache
def shared_analyzer() -> SentimentIntensityAnalyzer:
    """The one analyzer of the process, built on first use (reading VADER's lexicons takes ~50 ms)."""
    return SentimentIntensityAnalyzer()


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
        self.lexicon: dict[str, float] = self.vader.lexicon
        self._least_rule = "least" not in self.lexicon  # VADER's "least" rule skips a lexicon word
        self._phrase_re = phrase_pattern(self.phrases.values())
        self._emoji_replacements: dict[str, tuple[str, int]] = {}  # a lexicon lookup, as describe_emoji's cache

    def prepare(self, text: str) -> Prepared:
        """Text cleaned (:func:`clean`), links removed, custom phrases joined into one token, emoji
        replaced by their descriptions."""
        return Prepared(*self._prepare(text))

    def _prepare(self, text: str) -> tuple[str, Spans]:
        text = remove_urls(clean(text))
        if has_letter_run(text):
            text = ELONGATED_WORD.sub(self._shorten, text)
        if self._phrase_re is not None:
            text = self._phrase_re.sub(lambda m: PHRASE_JOINER.join(m.group().split()), text)
        if text.isascii():
            return text, ()
        return self._replace_emoji(text)

    def _shorten(self, match: re.Match[str]) -> str:
        """An elongated word (``sooo``, ``loooove``, ``NOOOO``) as the VADER word it stretches, if any:
        each run of 3+ equal letters cut to two, else to one; a word VADER does not know stays as written."""
        word = match.group()
        if word.lower() in self.lexicon:
            return word
        for keep in (2, 1):
            short = LETTER_RUN.sub(r"\1" * keep, word)
            if (lower := short.lower()) in self.lexicon or lower in BOOSTER_DICT or lower in NEGATIONS:
                return short
        return word

    def _replace_emoji(self, text: str) -> tuple[str, Spans]:
        pieces: list[str] = []
        spans: list[tuple[int, int, str]] = []
        tokens = position = 0
        for match in emoji_matches(text):
            start, found = match.start(), match.group()
            if start > position:
                plain = text[position:start]
                pieces.append(plain)
                tokens += len(plain.split())
            position = match.end()
            replacement, count = self._emoji_replacements.get(found) or self._emoji_replacement(found)
            if count:
                spans.append((tokens, tokens + count, found))
                tokens += count
            pieces.append(replacement)
        pieces.append(text[position:])
        return "".join(pieces), tuple(spans)

    def _emoji_replacement(self, found: str) -> tuple[str, int]:
        """What replaces an emoji sequence (its words, surrounded by spaces) and how many words that is."""
        words = self._emoji_words(found)
        replacement = self._emoji_replacements[found] = (f" {words} ", len(words.split()))
        return replacement

    def _emoji_words(self, found: str) -> str:
        """A custom-lexicon emoji stays itself (a lexicon token); others become their description."""
        core = canonical_emoji(found)
        if core in self.emoji_terms:
            return core
        return "" if NOT_BASE.fullmatch(found) else describe_emoji(found)

    def analyse(self, text: str) -> Analysis:
        """Scores and drivers of one text (VADER's steps, see the module docstring)."""
        prepared, spans = self._prepare(text)
        tokens = prepared.split()
        if not tokens:
            return EMPTY
        if prepared.isascii():  # lower-casing ASCII keeps every character's place and punctuation
            lowered = sentitext_words(prepared.lower().split())
        else:
            lowered = list(map(str.lower, sentitext_words(tokens)))
        hits = list(compress(range(len(lowered)), map(self.lexicon.__contains__, lowered)))
        if not hits:
            return NEUTRAL
        positions, values = self._valences(tokens, lowered, hits, spans)
        if not values:
            return NEUTRAL
        if "but" in lowered:
            values = but_sparse(positions, values, lowered.index("but"))
        total = float(sum(values))  # as VADER's sum over every token: its zeros change no partial sum
        scores = score_valence(values, total, len(tokens), prepared)
        return Analysis(scores, self._terms(prepared, spans, lowered, positions, values, total))

    def _valences(
        self, tokens: list[str], lowered: list[str], hits: list[int], spans: Spans
    ) -> tuple[list[int], list[float]]:
        """The non-zero valences, as ``polarity_scores`` computes them, and their token positions.

        ``hits`` are the tokens in the lexicon (VADER gives every other token 0).  The words of an
        emoji's description (``spans``) are scored on their own: a negation or a booster before
        an emoji does not reach into it (raw VADER turns ``not okay 😭`` positive).
        """
        size = len(lowered)
        cap_diff = 0 < sum(map(str.isupper, tokens)) < size  # allcap_differential (stripping keeps case)
        bounds = {i: (start, end) for start, end, _ in spans for i in range(start, end)}
        positions: list[int] = []
        values: list[float] = []
        for i in hits:
            lower = lowered[i]
            if lower in BOOSTER_DICT or (lower == "kind" and i + 1 < size and lowered[i + 1] == "of"):
                continue  # VADER appends 0 for these tokens
            lo, hi = bounds.get(i) or (0, size)
            valence = self.valence(tokens, lowered, i, lo, hi, cap_diff)
            if valence:
                positions.append(i)
                values.append(valence)
        return positions, values

    def valence(self, tokens: Sequence[str], lowered: Sequence[str], i: int, lo: int, hi: int, cap_diff: bool) -> float:
        """VADER's ``sentiment_valence`` of lexicon word ``i`` (not a booster), reading only tokens
        ``i - 3 .. i + 2`` that lie in ``lo <= j < hi`` (``lowered``: the tokens as SentiText makes
        them, lower-cased; ``tokens``: as written, for their case).  The same operations in the
        same order as VADER's, each rule's condition rewritten for a window ``[lo, hi)``."""
        lexicon = self.lexicon
        lower = lowered[i]
        valence = lexicon[lower]
        if lower != "no" and lower not in NGRAM_FIRSTS:  # most words: no rule can apply
            context = lowered[i - 3 if i - 3 > lo else lo : i]
            if CONTEXT.isdisjoint(context) and "n't" not in " ".join(context):
                if cap_diff and tokens[i].isupper():
                    return valence + C_INCR if valence > 0 else valence - C_INCR
                return valence
        before = i - lo  # how far back the rules may look (VADER's ``i`` in its window)
        if lower == "no" and i + 1 < hi and lowered[i + 1] in lexicon:
            valence = 0.0
        if before and after_no(lowered, i, before):
            valence = lexicon[lower] * N_SCALAR
        if cap_diff and tokens[i].isupper():
            valence = valence + C_INCR if valence > 0 else valence - C_INCR
        for k in range(1, min(before, 3) + 1):  # VADER's start_i + 1
            prev = lowered[i - k]
            if prev in lexicon:
                continue
            if prev in CONTEXT or "n't" in prev:
                booster = BOOSTER_DICT.get(prev)
                if booster is not None:  # scalar_inc_dec; any other word adds 0.0, which changes no valence
                    scalar = booster
                    if valence < 0:
                        scalar *= -1
                    if cap_diff and tokens[i - k].isupper():
                        scalar = scalar + C_INCR if valence > 0 else scalar - C_INCR
                    if k == 2 and scalar != 0:
                        scalar = scalar * 0.95
                    if k == 3 and scalar != 0:
                        scalar = scalar * 0.9
                    valence = valence + scalar
                valence = negation_check(valence, lowered, k, i)
            elif k == 3 and lowered[i - 1] in SO_THIS:  # what negation_check does for any other word
                valence = valence * 1.25
            if k == 3 and not NGRAM_FIRSTS.isdisjoint(lowered[i - 3 : i + 1]):
                valence = special_idioms_check(valence, lowered, i, hi)
        if (
            before
            and self._least_rule
            and lowered[i - 1] == "least"
            and (before == 1 or (lowered[i - 2] != "at" and lowered[i - 2] != "very"))
        ):  # _least_check
            valence = valence * N_SCALAR
        return valence

    def _terms(
        self, text: str, spans: Spans, lowered: list[str], positions: list[int], values: list[float], total: float
    ) -> tuple[Term, ...]:
        """Every token with a valence, in order (the words of an emoji's description summed as the
        emoji), then punctuation emphasis."""
        punctuation = punctuation_terms(text, total)
        if not spans and not self.phrases:  # each token its own term
            if not has_idiom(lowered):
                return (*zip(map(lowered.__getitem__, positions), values, repeat("word")), *punctuation)
            terms = [(*self._term(lowered, i), 0.0 + valence) for i, valence in zip(positions, values, strict=True)]
            return (*[(term, valence, kind) for term, kind, valence in terms], *punctuation)
        emoji_at = {i: (start, found) for start, end, found in spans for i in range(start, end)}
        found: dict[int, tuple[str, str]] = {}  # first token -> (term, kind)
        totals: dict[int, float] = {}
        for i, valence in zip(positions, values, strict=True):
            first, term_kind = (emoji_at[i][0], (emoji_at[i][1], "emoji")) if i in emoji_at else (i, None)
            found.setdefault(first, term_kind or self._term(lowered, i))
            totals[first] = totals.get(first, 0.0) + valence
        return (*[(term, totals[first], kind) for first, (term, kind) in found.items()], *punctuation)

    def _term(self, lowered: list[str], i: int) -> tuple[str, str]:
        """The term of token ``i``: a custom phrase, the VADER idiom that set its valence, or the word."""
        lower = lowered[i]
        if lower in self.phrases:
            return self.phrases[lower], "phrase"
        if i > 2 and lowered[i - 3] not in self.lexicon:  # when VADER checks idioms
            near = lowered[i - 3 : i + 3]
            if not IDIOM_WORDS.isdisjoint(near):
                for a, b in ((2, 4), (1, 4), (1, 3), (0, 3), (0, 2), (3, 5), (3, 6)):  # VADER's n-grams
                    if tuple(near[a:b]) in SPECIAL:
                        return " ".join(near[a:b]), "idiom"
        return lower, "word"


























