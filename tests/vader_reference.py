"""The scoring of reactions._vader as of commit c3389e6, kept as the reference for tests/test_vader.py.

That engine ran VADER 3.3.2's own methods (``SentiText``, ``sentiment_valence`` on a window of
three tokens before and two after, ``_but_check``, ``score_valence``); the current engine writes
those rules out for speed and must give identical scores and drivers.  The text preparation
(links, entities, elongation, emoji) is shared: :meth:`reactions._vader.Engine.prepare`.
Copied verbatim but for ``self.prepare``/``self.vader`` reaching the wrapped engine.
"""

from __future__ import annotations

import heapq
import re
from typing import Any

from vaderSentiment.vaderSentiment import (
    BOOSTER_DICT,
    SPECIAL_CASES,
    SentimentIntensityAnalyzer,
    SentiText,
    allcap_differential,
)

from reactions._vader import Analysis, Engine, Prepared, Term

EXACT_BUT_LIMIT = 64
_IDIOM_HINT = re.compile("|".join(sorted({max(idiom.split(), key=len) for idiom in SPECIAL_CASES})))


class _Window:
    """The two attributes of ``SentiText`` that ``sentiment_valence`` reads, for a window of tokens."""

    __slots__ = ("is_cap_diff", "words_and_emoticons")

    def __init__(self, is_cap_diff: bool) -> None:
        self.is_cap_diff = is_cap_diff
        self.words_and_emoticons: list[str] = []


class ReferenceEngine:
    """The engine of c3389e6 around a current :class:`Engine` (for its lexicon and ``prepare``)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.vader = engine.vader
        self.phrases = engine.phrases

    def analyse(self, text: str) -> Analysis:
        prepared = self.engine.prepare(text)
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
        nonzero = [i for i, valence in enumerate(sentiments) if valence]
        if not nonzero:
            return ()
        punctuation = self._punctuation(prepared.text, sum(sentiments))
        if not prepared.spans and not self.phrases and _IDIOM_HINT.search(lower) is None:
            return (*[(words[i].lower(), sentiments[i], "word") for i in nonzero], *punctuation)
        lowered = [w.lower() for w in words]
        emoji_at = {i: (start, found) for start, end, found in prepared.spans for i in range(start, end)}
        found: dict[int, tuple[str, str]] = {}
        totals: dict[int, float] = {}
        for i in nonzero:
            first, term_kind = (emoji_at[i][0], (emoji_at[i][1], "emoji")) if i in emoji_at else (i, None)
            found.setdefault(first, term_kind or self._term(lowered, i))
            totals[first] = totals.get(first, 0.0) + sentiments[i]
        return (*[(term, totals[first], kind) for first, (term, kind) in found.items()], *punctuation)

    def _term(self, lowered: list[str], i: int) -> tuple[str, str]:
        lower = lowered[i]
        if lower in self.phrases:
            return self.phrases[lower], "phrase"
        if i > 2 and lowered[i - 3] not in self.vader.lexicon:
            near = lowered[i - 3 : i + 3]
            for a, b in ((2, 4), (1, 4), (1, 3), (0, 3), (0, 2), (3, 5), (3, 6)):
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


def but_check(words: list[str], sentiments: list[float]) -> list[float]:
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
