"""Sentiment lexicons for languages other than English, and a VADER-style scorer that reads them.

Each :class:`LanguageLexicon` is a published lexicon, shipped in ``data/<code>.tsv`` (``term<TAB>valence`` on VADER's
-4..4 scale, built by ``scripts/build_lexicons.py``; sources and licences in ``NOTICE.md``), with the language's
negations and degree adverbs. :func:`score_in` scores a post as VADER scores English: each word's valence, flipped
(× -0.74) after a negation among the three words before it, raised or lowered after a degree adverb, the sum
normalised to ``compound`` in [-1, 1] (``sum / sqrt(sum² + 15)``); emoji count with the valence VADER's emoji lexicon
gives them (emoji have no language). English words are never looked up: a post in German is read with German words.

>>> score_in("de", "Das ist eine gute Nachricht für die Demokratie!").label
'positive'
>>> score_in("pt", "Não estou feliz com isso").compound < 0
True
>>> [(d.term, d.valence) for d in score_in("fr", "Je suis très heureux, merci!").drivers]
[('heureux', 2.993), ('merci', 1.778)]
"""

from __future__ import annotations

import functools
import importlib
import math
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

from reactions.models import Driver

NEGATION_SCALAR: Final = -0.74
"""A negated word's valence is multiplied by this (VADER's ``N_SCALAR``)."""
BOOST: Final = 0.293
"""What a degree adverb adds to (or takes from) the next words' valence (VADER's ``B_INCR``)."""
NORMALISE_ALPHA: Final = 15.0
"""VADER's normalisation: ``compound = sum / sqrt(sum² + alpha)``."""
WINDOW: Final = 3
"""A negation or degree adverb acts on the next three words (as in VADER)."""


@dataclass(frozen=True, slots=True)
class LanguageLexicon:
    """A language's published lexicon and the words that change its valences.

    Fields:
        lang: the ISO 639-1 code of the language.
        name: what the page and the ``scorer`` column call it.
        source: who published it, where, and under which licence (``NOTICE.md`` has the texts).
        negations: words that flip the valence of the next :data:`WINDOW` words (accents folded).
        boosters: degree adverbs that strengthen the next words (accents folded).
        dampeners: degree adverbs that weaken them (accents folded).
        suffixes: endings tried off a word the lexicon lacks, longest first (a lexicon of lemmas, such as the
            German one, lists ``gut`` but a post writes ``gute``, ``guten``).
    """

    lang: str
    name: str
    source: str
    negations: frozenset[str]
    boosters: frozenset[str]
    dampeners: frozenset[str] = frozenset()
    suffixes: tuple[str, ...] = ()


def _words(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split())


LEXICONS: Final[Mapping[str, LanguageLexicon]] = {
    "pt": LanguageLexicon(
        "pt", "LeIA (pt)",
        "LeIA, Léxico para Inferência Adaptada (R. J. A. Almeida), VADER's lexicon adapted to Portuguese; MIT",
        _words("nao nem nunca jamais nada nenhum nenhuma ninguem sem dificilmente raramente"),
        _words("muito muita muitos muitas mais super demais bastante tao extremamente totalmente "
                  "completamente absolutamente realmente incrivelmente altamente bem"),
        _words("pouco pouca meio quase apenas levemente ligeiramente"),
    ),
    "fr": LanguageLexicon(
        "fr", "VADER-fr (fr)",
        "vaderSentiment-fr (O. Deprez, T. Ek, 7 Lieues), VADER's lexicon adapted to French; MIT",
        _words("ne pas jamais rien aucun aucune aucunement nullement sans ni personne"),
        _words("tres trop tellement vraiment super hyper ultra absolument completement totalement "
                  "extremement vachement beaucoup fort grandement incroyablement"),
        _words("peu assez presque quasi quasiment legerement plutot moins"),
    ),
    "de": LanguageLexicon(
        "de", "GPL-de (de)",
        "German Polarity Lexicon (M. Klenner, S. Clematide, M. Wiegand, R. Peters; in textblob-de); Apache-2.0",
        _words("nicht kein keine keinen keinem keiner keines nie niemals nichts niemand ohne weder kaum"),
        _words("sehr so total voll echt wirklich extrem besonders absolut ziemlich super ganz "
                  "unglaublich richtig mega uberaus zu"),
        _words("etwas wenig bisschen fast kaum eher"),
        ("sten", "ste", "ten", "en", "er", "es", "em", "st", "e", "n", "s", "t"),
    ),
}
"""The lexicons shipped, by language code."""


@dataclass(frozen=True, slots=True)
class LexiconScores:
    """A post's scores by its language's lexicon.

    Fields:
        compound: the normalised sum of valences, in [-1, 1].
        pos, neu, neg: the shares of the post's words that are positive, neutral, negative (0 each without words).
        label: ``"positive"``, ``"neutral"`` or ``"negative"`` (VADER's ±0.05 on ``compound``).
        drivers: each word or emoji that carried a valence, in reading order, after negation and degree.
    """

    compound: float
    pos: float
    neu: float
    neg: float
    label: str
    drivers: tuple[Driver, ...]


_WORD: Final = re.compile(r"[^\W\d_]+", re.UNICODE)


def fold(word: str) -> str:
    """``word`` lower-cased, its accents dropped (posts and lexicons spell accents unevenly).

    >>> fold("Não"), fold("Süß"), fold("TRÈS")
    ('nao', 'suß', 'tres')
    """
    if word.isascii():  # (no ASCII letter decomposes or combines: most words, at a tenth of the cost)
        return word.lower()
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@functools.cache
def valences(lang: str) -> Mapping[str, float]:
    """The lexicon of ``lang``: folded word → valence. The data files hold each word folded, once (the first of
    words that fold alike: ``scripts/build_lexicons.py``), so loading is reading: half the CPU of folding 21,000
    words at each run's first post in German, French or Portuguese."""
    text = resources.files(__package__).joinpath("data", f"{lang}.tsv").read_text(encoding="utf-8")
    pairs = (line.partition("\t") for line in text.splitlines())
    return {term: float(value) for term, _, value in pairs if term and value}


def scored_languages() -> tuple[str, ...]:
    """The codes of the languages a lexicon here scores (English is VADER's own)."""
    return tuple(LEXICONS)


SYMBOLS: Final = LanguageLexicon("und", "emoji and emoticons", "VADER's emoji and emoticons", frozenset(), frozenset())
"""The "lexicon" of a post without words (emoji, emoticons, links, mentions, hashtags only): its symbols alone."""


def score_in(lang: str, text: str) -> LexiconScores:
    """``text`` scored with the lexicon of ``lang`` (a key of :data:`LEXICONS`), or by its emoji and emoticons
    alone when ``lang`` has none (its words then count for nothing)."""
    lexicon = LEXICONS.get(lang, SYMBOLS)
    table = valences(lang) if lang in LEXICONS else {}
    words = [fold(w) for w in _WORD.findall(text)]
    drivers: list[Driver] = []
    signed: list[float] = []
    for token in text.split():
        valence = emoticons().get(token)
        if valence is not None:
            drivers.append(Driver(token, valence, "emoticon"))
            signed.append(valence)
    for i, word in enumerate(words):
        valence = _lookup(table, word, lexicon.suffixes)
        if valence is None:
            continue
        before = words[max(0, i - WINDOW) : i]
        for distance, prior in enumerate(reversed(before)):
            step = BOOST * (0.95**distance)
            if prior in lexicon.boosters:
                valence += step if valence > 0 else -step
            elif prior in lexicon.dampeners:
                valence -= step if valence > 0 else -step
        if any(prior in lexicon.negations for prior in before):
            valence *= NEGATION_SCALAR
        drivers.append(Driver(word, round(valence, 3), "word"))
        signed.append(valence)
    for found in importlib.import_module("emoji").emoji_list(text):
        valence = _emoji_valence(found["emoji"])
        if valence:
            drivers.append(Driver(found["emoji"], round(valence, 3), "emoji"))
            signed.append(valence)
    return _scores(signed, len(words) + sum(d.kind != "word" for d in drivers), drivers)


def _lookup(table: Mapping[str, float], word: str, suffixes: tuple[str, ...]) -> float | None:
    valence = table.get(word)
    if valence is not None or len(word) < 4:
        return valence
    for suffix in suffixes:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            valence = table.get(word[: -len(suffix)])
            if valence is not None:
                return valence
    return None


@functools.cache
def emoticons() -> Mapping[str, float]:
    """VADER's emoticons (``:)``, ``:D``, ``</3``): its lexicon's entries that are not words. Like emoji, they
    have no language; a post's whitespace-separated token must be one exactly."""
    lexicon = _vader().shared_analyzer().lexicon
    return {term: float(v) for term, v in lexicon.items() if " " not in term and not term.replace("'", "").isalpha()}


def _scores(signed: list[float], units: int, drivers: list[Driver]) -> LexiconScores:
    total = sum(signed)
    compound = round(total / math.sqrt(total * total + NORMALISE_ALPHA), 4) if signed else 0.0
    positive = sum(1 for v in signed if v > 0)
    negative = sum(1 for v in signed if v < 0)
    units = max(units, len(signed))
    pos, neg = (positive / units, negative / units) if units else (0.0, 0.0)
    neu = 1.0 - pos - neg if units else 0.0
    label = "positive" if compound >= 0.05 else "negative" if compound <= -0.05 else "neutral"
    return LexiconScores(compound, round(pos, 3), round(neu, 3), round(neg, 3), label, tuple(drivers))


@functools.lru_cache(maxsize=4096)
def _emoji_valence(found: str) -> float:
    """The valence VADER's emoji lexicon gives one emoji (its description's words; emoji have no language)."""
    return float(sum(d.valence for d in _emoji_engine().analyse(found).drivers))


@functools.cache
def _emoji_engine() -> Any:
    return _vader().Engine(_vader().shared_analyzer(), {})


def _vader() -> Any:
    """VADER's engine, imported on first use (``import reactions`` stays light: ``tests/test_init.py``)."""
    return importlib.import_module("reactions._vader")
