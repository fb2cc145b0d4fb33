"""VADER's rules written out: the constants they read (negations, idioms, boosters as n-grams) and each sentence-
level rule as a pure function (negation, idioms, "but", punctuation emphasis, the final score), giving exactly
what vaderSentiment's own methods give.  The engine that applies them is :mod:`reactions._vader`.
"""

from __future__ import annotations

import heapq
import operator
import re
import string
from collections.abc import Sequence
from itertools import compress, repeat
from typing import Any, Final

import vaderSentiment.vaderSentiment
from vaderSentiment.vaderSentiment import BOOSTER_DICT, NEGATE, SPECIAL_CASES, normalize

Term = tuple[str, float, str]
"""A term that moved a score: the words, the valence they add, and what kind of term it is."""


EXACT_BUT_LIMIT: Final = 64
"""Up to this many non-zero valences ``_but_check``'s own loop runs (O(n²)); above it, the O(n log n) equivalent."""


PHRASE_JOINER: Final = "_"
"""A custom multi-word phrase becomes one token, its words joined by this (``hot mess`` -> ``hot_mess``)."""


N_SCALAR: Final[float] = vaderSentiment.vaderSentiment.N_SCALAR
"""VADER's factor for a negated valence (-0.74)."""


C_INCR: Final[float] = vaderSentiment.vaderSentiment.C_INCR
"""What VADER adds to (or takes from) a valence for a word in capitals among others that are not (0.733)."""


NEGATIONS: Final = frozenset(NEGATE)


SO_THIS: Final = ("so", "this")


OR_NOR: Final = ("or", "nor")


SPECIAL: Final[dict[tuple[str, ...], float]] = {tuple(k.split(" ")): v for k, v in SPECIAL_CASES.items()}
"""VADER's idioms by their words: ``"a b" == f"{x} {y}"`` exactly when ``("a", "b") == (x, y)``, as no
token holds a space."""


BOOSTER_NGRAMS: Final[dict[tuple[str, ...], float]] = {
    tuple(k.split(" ")): v for k, v in BOOSTER_DICT.items() if " " in k
}


NGRAM_FIRSTS: Final = frozenset(words[0] for words in (*SPECIAL, *BOOSTER_NGRAMS))
"""The first word of every idiom and booster n-gram: a window without one matches none of them."""


IDIOM_WORDS: Final = frozenset(word for words in SPECIAL for word in words)


IDIOM_SEQUENCE: Final = re.compile("|".join(re.escape(f" {idiom} ") for idiom in SPECIAL_CASES))


CONTEXT: Final = frozenset(
    {*BOOSTER_DICT, *NEGATIONS, *NGRAM_FIRSTS, "no", "least", "never", "without", *SO_THIS, *OR_NOR}
)
"""Every word before a lexicon word that one of VADER's rules looks for (with words holding "n't"):
without any of them among the three tokens before it, a word's valence is its lexicon value."""


LETTER_RUN = re.compile(r"([^\W\d_])\1{2,}")


ELONGATED_WORD = re.compile(r"[^\W\d_]*([^\W\d_])\1{2,}[^\W\d_]*")


TRIPLE = re.compile(r"(.)\1\1")
"""Three equal characters: fast to find (a letter class tested at every position is not)."""


def sentitext_words(tokens: list[str]) -> list[str]:
    """SentiText's words: ASCII punctuation stripped from each end of a token, unless 2 characters
    or fewer would be left (then the token as it is: an emoticon such as ``:)``, or ``a.``)."""
    stripped = list(map(str.strip, tokens, repeat(string.punctuation)))
    for k in compress(range(len(stripped)), map(operator.is_not, stripped, tokens)):  # only those strip changed
        if len(stripped[k]) < 3:
            stripped[k] = tokens[k]
    return stripped


def has_letter_run(text: str) -> bool:
    """Whether ``text`` holds a letter three times in a row (an elongated word): the letter test runs
    only where three equal characters stand, such as in ``...``, which posts are full of."""
    return any(LETTER_RUN.match(text, triple.start()) for triple in TRIPLE.finditer(text))


def has_idiom(lowered: list[str]) -> bool:
    """Whether the words of one of VADER's idioms follow each other somewhere in ``lowered``."""
    if IDIOM_WORDS.isdisjoint(lowered):
        return False
    return IDIOM_SEQUENCE.search(f" {' '.join(lowered)} ") is not None


def after_no(lowered: Sequence[str], i: int, before: int) -> bool:
    """VADER's "no" before a lexicon word (1 or 2 tokens before, or 3 with "or"/"nor" just before it)."""
    if lowered[i - 1] == "no":
        return True
    if before > 1:
        return lowered[i - 2] == "no" or (before > 2 and lowered[i - 3] == "no" and lowered[i - 1] in OR_NOR)
    return False


def negation_check(valence: float, lowered: Sequence[str], k: int, i: int) -> float:
    """VADER's ``negation_check`` for the word ``k`` tokens before ``i`` (its ``start_i`` + 1)."""
    prev = lowered[i - k]
    if k == 2:
        if prev == "never" and lowered[i - 1] in SO_THIS:
            return valence * 1.25
        if prev == "without" and lowered[i - 1] == "doubt":
            return valence
    elif k == 3:
        if (prev == "never" and lowered[i - 2] in SO_THIS) or lowered[i - 1] in SO_THIS:
            return valence * 1.25
        if prev == "without" and (lowered[i - 2] == "doubt" or lowered[i - 1] == "doubt"):
            return valence
    if prev in NEGATIONS or "n't" in prev:  # vaderSentiment.negated of one word
        return valence * N_SCALAR
    return valence


def special_idioms_check(valence: float, lowered: Sequence[str], i: int, hi: int) -> float:
    """VADER's ``special_idioms_check``: idioms ending at or starting from ``i``, booster n-grams before
    it (called when one of ``i - 3 .. i`` is the first word of one: else none can match)."""
    three, two, one, zero = lowered[i - 3], lowered[i - 2], lowered[i - 1], lowered[i]
    for seq in ((one, zero), (two, one, zero), (two, one), (three, two, one), (three, two)):
        special = SPECIAL.get(seq)
        if special is not None:
            valence = special
            break
    if i + 1 < hi and (special := SPECIAL.get((zero, lowered[i + 1]))) is not None:
        valence = special
    if i + 2 < hi and (special := SPECIAL.get((zero, lowered[i + 1], lowered[i + 2]))) is not None:
        valence = special
    for seq in ((three, two, one), (three, two), (two, one)):
        booster = BOOSTER_NGRAMS.get(seq)
        if booster is not None:
            valence = valence + booster
    return valence


def punctuation_emphasis(text: str) -> float:
    """VADER's ``punctuation_emphasis``: up to 4 "!" and, when 2 or more, the "?"."""
    exclamations = min(text.count("!"), 4)
    questions = text.count("?")
    amplifier = exclamations * 0.292
    if questions > 1:
        return amplifier + (questions * 0.18 if questions <= 3 else 0.96)
    return amplifier + 0


def score_valence(values: list[float], total: float, size: int, text: str) -> tuple[float, float, float, float]:
    """VADER's ``score_valence`` of ``size`` tokens whose non-zero valences are ``values`` (their
    sum: ``total``), as ``(compound, pos, neu, neg)``."""
    amplifier = punctuation_emphasis(text) if "!" in text or "?" in text else 0.0  # 0 * 0.292 + 0 is 0.0
    if total > 0:
        total += amplifier
    elif total < 0:
        total -= amplifier
    compound: float = normalize(total)
    pos_sum, neg_sum, neutral = 0.0, 0.0, size - len(values)
    for value in values:
        if value > 0:
            pos_sum += float(value) + 1
        elif value < 0:
            neg_sum += float(value) - 1
    if pos_sum > -neg_sum:  # math.fabs(neg_sum), as neg_sum <= 0; abs() below: fabs of a float, faster
        pos_sum += amplifier
    elif pos_sum < -neg_sum:
        neg_sum -= amplifier
    whole = pos_sum + abs(neg_sum) + neutral
    return (
        round(compound, 4),
        round(abs(pos_sum / whole), 3),
        round(abs(neutral / whole), 3),
        round(abs(neg_sum / whole), 3),
    )


def punctuation_terms(text: str, total: float) -> tuple[Term, ...]:
    if not total or ("!" not in text and "?" not in text):
        return ()
    amplifier = punctuation_emphasis(text)
    if not amplifier:
        return ()
    marks = "!" * min(text.count("!"), 4) + ("?" * min(text.count("?"), 3) if text.count("?") > 1 else "")
    return ((marks, amplifier if total > 0 else -amplifier, "punctuation"),)


def phrase_pattern(phrases: Any) -> re.Pattern[str] | None:
    words = sorted(phrases, key=len, reverse=True)
    if not words:
        return None
    alternatives = "|".join(r"\s+".join(re.escape(w) for w in p.split()) for p in words)
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


def but_check(words: list[str], sentiments: list[float]) -> list[float]:
    """VADER's ``_but_check`` result (valences before the first "but" halved, after it ×1.5).

    VADER finds each valence's position with ``list.index`` (the first *equal* value, which the
    loop may already have changed), O(n²).  Zeros stay zeros, so only the non-zero valences are
    looked at, and past :data:`EXACT_BUT_LIMIT` of them a heap of the positions holding each
    value gives the identical result in O(n log n).

    >>> but_check(["good", "ok", "but", "bad"], [1.9, 0.95, 0, -2.5])  # "ok" keeps 0.95, "good" is quartered
    [0.475, 0.95, 0, -3.75]
    """
    lowered = [str(w).lower() for w in words]
    if "but" not in lowered:
        return sentiments
    positions = [k for k, value in enumerate(sentiments) if value]
    result = list(sentiments)
    changed = but_sparse(positions, [sentiments[k] for k in positions], lowered.index("but"))
    for k, value in zip(positions, changed, strict=True):
        result[k] = value
    return result


def but_sparse(positions: list[int], values: list[float], pivot: int) -> list[float]:
    """``_but_check`` on the non-zero ``values`` at token ``positions``, the first "but" at ``pivot``.

    VADER's loop reads each token's own value (earlier steps only change positions before it) and
    changes the first position holding an equal value; no zero equals a non-zero value."""
    current = list(values)
    if len(values) <= EXACT_BUT_LIMIT:
        for value in values:
            first = current.index(value)
            if positions[first] < pivot:
                current[first] = value * 0.5
            elif positions[first] > pivot:
                current[first] = value * 1.5
        return current
    where: dict[float, list[int]] = {}
    for k, value in enumerate(values):
        heap = where.setdefault(value, [])
        while heap and current[heap[0]] != value:
            heapq.heappop(heap)
        first = heap[0] if heap else k
        new = value * 0.5 if positions[first] < pivot else value * 1.5 if positions[first] > pivot else value
        current[first] = new
        heapq.heappush(where.setdefault(new, []), first)
        if first != k:
            heapq.heappush(heap, k)
    return current
