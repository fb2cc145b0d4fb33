"""The optional sentiment model: a linear model over word n-grams and VADER's valences, explained term by term.

VADER stays the default scorer (:mod:`reactions.sentiment`).  This one is trained on tweets by
``reactions train-sentiment DATA`` (:mod:`reactions.sentiment_train`, which needs scikit-learn) and stored as
JSON in the user's data folder (:func:`model_path`); scoring it needs only NumPy and this module, no network.

A text becomes features this way (:func:`features`):

* its tokens: words (lowercased, apostrophes kept), hashtags as their word, single punctuation marks and emoji;
  handles (``@name``) and links are dropped;
* words that must carry no weight are dropped too: the identity terms of Dixon et al. (2018,
  ``reactions/data/identity_terms.txt``) and the model's *names*, words that its training tweets wrote
  capitalised inside a sentence nearly every time (people, places, brands: ``Trump``, ``#Obama``);
* the unigrams and bigrams of the kept tokens (a bigram never spans a dropped word), present or not, each
  weighed by its inverse document frequency and scaled to unit length (TF-IDF with binary counts); only those
  the model learnt count (an unseen word, such as a new name, has no weight);
* VADER's ``compound`` and its sums of positive and of negative valences, on the text without the dropped words.

The scores: ``pos``, ``neu``, ``neg`` are the model's probabilities, ``compound`` is ``pos - neg`` (in [-1, 1])
and the label the most probable class.  Each term's contribution to ``compound``'s logit (``positive`` minus
``negative``) is exact: an n-gram's weight times its value, and a VADER term's valence times the weights of the
VADER features it moves (:func:`explain`), so the ``drivers`` column lists the terms that moved the score most.
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import platformdirs

from reactions import sentiment
from reactions._vader import Term
from reactions.errors import ReactionsError

CLASSES: Final = ("negative", "neutral", "positive")
"""The model's classes, in the order of its weight columns (TweetEval's label ids 0, 1, 2)."""
DENSE: Final = ("vader_compound", "vader_positive", "vader_negative")
"""The VADER features, in order: ``compound``, the sum of positive valences, the sum of negative valences."""
FORMAT: Final = 1
"""The model file's format version."""
MODEL_ENV: Final = "REACTIONS_SENTIMENT_MODEL"
"""An environment variable naming the model file to use instead of the one in the user's data folder."""
MODEL_NAME: Final = "sentiment-model.json"
VADER_TERM: Final = "vader:"
"""The prefix of a VADER feature's name in a model's explanation (never shown: VADER's own terms are)."""

TOKEN: Final = re.compile(r"(?:https?://|www\.)\S+|@[\w']+|#?([\w']+)|([^\w\s])")
"""Links, handles (neither captured), words (a hashtag's without its ``#``) and single marks: one alternation of
single-step tokens (no nested or adjacent unbounded quantifiers: linear time)."""
_SKIP: Final = frozenset("\ufe0f\u200d\u20e3") | frozenset(map(chr, range(0x1F3FB, 0x1F400)))
"""Code points that only modify an emoji (variation selector, joiner, keycap, skin tones): not tokens."""


class ModelError(ReactionsError):
    """The sentiment model is missing or its file is not a model."""


def identity_terms() -> frozenset[str]:
    """The words of the identity terms that carry no weight (Dixon et al. 2018; each word of a two-word term).

    >>> {"gay", "muslim", "african", "american", "old"} <= identity_terms()
    True
    """
    return _identity_terms()


@functools.cache
def _identity_terms() -> frozenset[str]:
    text = resources.files("reactions").joinpath("data/identity_terms.txt").read_text(encoding="utf-8")
    return frozenset(w for line in text.splitlines() if not line.startswith("#") for w in line.split())


@dataclass(frozen=True, slots=True, eq=False)
class Model:
    """A trained sentiment model (see the module docstring).

    Fields:
        terms: the n-grams it learnt (a bigram is two tokens joined by a space) -> row of ``weights``.
        weights: one row per term, one column per class (:data:`CLASSES`).
        dense: one row per VADER feature (:data:`DENSE`), one column per class.
        bias: one intercept per class.
        idf: one inverse document frequency per term (its feature's value before the text's unit scaling).
        names: the words dropped as names (besides :func:`identity_terms`).
        info: how it was trained: the data, its provenance and licence, the settings and the validation figures.
    """

    terms: Mapping[str, int]
    weights: npt.NDArray[np.float64]
    dense: npt.NDArray[np.float64]
    bias: npt.NDArray[np.float64]
    idf: npt.NDArray[np.float64]
    names: frozenset[str] = frozenset()
    info: Mapping[str, Any] = field(default_factory=dict)

    @property
    def dropped(self) -> frozenset[str]:
        """Every word that carries no weight: the identity terms and the names."""
        return identity_terms() | self.names


@dataclass(frozen=True, slots=True)
class Features:
    """One text as the model sees it.

    Fields:
        grams: the kept unigrams and bigrams, each once, in reading order.
        vader_text: the text VADER scores (the text without its dropped words).
    """

    grams: tuple[str, ...]
    vader_text: str


def tokens(text: str) -> list[str]:
    """The text's tokens, lowercased, handles and links left out, hashtags as their word.

    >>> tokens("@bob Loving #Monday's rain!! https://t.co/x 👍🏽")
    ['loving', "monday's", 'rain', '!', '!', '👍']
    """
    found = [word.strip("'") or mark for word, mark in TOKEN.findall(text.lower())]
    return [token for token in found if token and token not in _SKIP]


def features(text: str, dropped: frozenset[str]) -> Features:
    """The unigrams and bigrams of ``text`` without the ``dropped`` words, and the text VADER is given.

    >>> features("The gay couple were lovely", identity_terms())  # doctest: +NORMALIZE_WHITESPACE
    Features(grams=('the', 'couple', 'were', 'lovely', 'couple were', 'were lovely'),
             vader_text='The  couple were lovely')
    """
    found = tokens(text)
    if dropped.isdisjoint(found):
        bigrams = [f"{a} {b}" for a, b in itertools.pairwise(found)]
        return Features(tuple(dict.fromkeys(found + bigrams)), text)
    marked = [t if t not in dropped else "" for t in found]  # "" breaks the bigrams
    bigrams = [f"{a} {b}" for a, b in itertools.pairwise(marked) if a and b]
    return Features(tuple(dict.fromkeys([t for t in marked if t] + bigrams)), _drop_words(text, dropped))


_WORD: Final = re.compile(r"(#?[\w']+)")


def _drop_words(text: str, dropped: frozenset[str]) -> str:
    """``text`` without its ``dropped`` words (a hashtag's word counts), everything else as it was."""
    parts = _WORD.split(text)  # separators at even places, words at odd ones
    parts[1::2] = [w if w.lstrip("#").strip("'").lower() not in dropped else "" for w in parts[1::2]]
    return "".join(parts)


@dataclass(frozen=True, slots=True)
class Scored:
    """One text's model scores and what moved them.

    Fields:
        probabilities: ``(negative, neutral, positive)``.
        contributions: ``(term, contribution to the positive-minus-negative logit)``, strongest first.
    """

    probabilities: tuple[float, float, float]
    contributions: tuple[tuple[str, float], ...]

    @property
    def compound(self) -> float:
        """``positive - negative``, in [-1, 1]."""
        return round(self.probabilities[2] - self.probabilities[0], 4)

    @property
    def label(self) -> str:
        """The most probable class."""
        return CLASSES[int(np.argmax(self.probabilities))]


def vader_features(text: str, lexicon: sentiment.Lexicon | None = None) -> tuple[list[float], Sequence[Term]]:
    """VADER's features of a text (:data:`DENSE`) and its terms ``(term, valence, kind)``."""
    if not text:
        return [0.0, 0.0, 0.0], ()
    analysis = sentiment.analyse(sentiment.engine_for(lexicon), text)  # scores and terms, cached by text
    terms = analysis.terms
    if not terms:
        return [analysis.scores[0], 0.0, 0.0], ()
    valences = [term[1] for term in terms]
    positive = sum([v for v in valences if v > 0])
    return [analysis.scores[0], positive, sum(valences) - positive], terms


def score_texts(
    model: Model, texts: Sequence[str], *, lexicon: sentiment.Lexicon | None = None, explain: bool = True
) -> list[Scored]:
    """The model's scores for each text (identical texts are scored once).

    Linear algebra over the whole batch: the rows of the n-grams each text holds are summed with one
    ``np.add.reduceat``; the VADER features are one matrix product.
    """
    unique = list(dict.fromkeys(texts))
    dropped, lookup = model.dropped, model.terms.get
    found = [features(text, dropped) for text in unique]  # in phases: each keeps its own tables in the CPU's cache
    kept = [[j for j in map(lookup, f.grams) if j is not None] for f in found]
    analysed = [vader_features(f.vader_text, lexicon) for f in found]
    dense = [values for values, _ in analysed]
    starts = [0, *itertools.accumulate(map(len, kept))]
    rows = list(itertools.chain.from_iterable(kept))
    counts = np.diff(np.asarray(starts, dtype=np.intp)).astype(np.intp)
    scale = np.zeros(len(unique))
    logits = np.asarray(dense, dtype=np.float64).reshape(len(unique), len(DENSE)) @ model.dense + model.bias
    if rows:
        present, at = np.asarray(rows, dtype=np.intp), np.asarray(starts[:-1], dtype=np.intp).clip(max=len(rows) - 1)
        values = model.idf[present]
        squares = np.where(counts > 0, np.add.reduceat(values * values, at), 1.0)
        scale = np.where(counts > 0, 1.0 / np.sqrt(squares), 0.0)
        sums = np.add.reduceat(model.weights[present] * values[:, None], at)
        logits += np.where(counts[:, None] > 0, sums, 0.0) * scale[:, None]
    probabilities = _softmax(logits).tolist()
    results = {}
    if explain:
        names, direction = _names(model), _direction(model)
        shares = (_delta(model)[rows] * np.repeat(scale, counts)).tolist()  # each n-gram's share, all texts at once
        grams = [names[j] for j in rows]
        for i, text in enumerate(unique):
            totals = dict(zip(grams[starts[i] : starts[i + 1]], shares[starts[i] : starts[i + 1]], strict=True))
            _add_vader_shares(totals, direction, dense[i][0], analysed[i][1])
            results[text] = Scored(tuple(probabilities[i]), tuple(sorted(totals.items(), key=_strength)))
    else:
        results = {text: Scored(tuple(p), ()) for text, p in zip(unique, probabilities, strict=True)}
    return [results[text] for text in texts]


def _softmax(logits: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    return np.asarray(shifted / shifted.sum(axis=1, keepdims=True))


def _add_vader_shares(totals: dict[str, float], direction: list[float], compound: float, terms: Sequence[Term]) -> None:
    """Add each VADER term's share of the positive-minus-negative logit to ``totals`` (n-gram -> share; each
    n-gram once, as :func:`features` dedupes): its valence times the weights of the VADER features it moves,
    ``compound`` shared out in proportion to the valences."""
    if not terms:
        return
    total = sum([term[1] for term in terms])
    per_compound = direction[0] * compound / total if total else 0.0
    positive, negative = per_compound + direction[1], per_compound + direction[2]
    for term, valence, _ in terms:
        totals[term] = totals.get(term, 0.0) + (positive if valence > 0 else negative) * valence


def _strength(item: tuple[str, float]) -> float:
    return -abs(item[1])


@functools.lru_cache(maxsize=4)
def _names(model: Model) -> list[str]:
    names = [""] * len(model.terms)
    for term, j in model.terms.items():
        names[j] = term
    return names


@functools.lru_cache(maxsize=4)
def _delta(model: Model) -> npt.NDArray[np.float64]:
    """Each term's weight towards positive minus its weight towards negative, times its idf."""
    return (model.weights[:, 2] - model.weights[:, 0]) * model.idf


@functools.lru_cache(maxsize=4)
def _direction(model: Model) -> list[float]:
    """Each VADER feature's weight towards positive minus its weight towards negative."""
    return (model.dense[:, 2] - model.dense[:, 0]).tolist()  # type: ignore[no-any-return]


def format_contributions(contributions: Iterable[tuple[str, float]], limit: int = sentiment.DRIVER_LIMIT) -> str:
    """The ``drivers`` column: the strongest terms and their contributions, one decimal (as VADER's).

    >>> format_contributions([("love", 1.23), ("not good", -0.94), ("the", 0.01)])
    'love +1.2; not good -0.9'
    """
    return sentiment.format_terms(contributions, limit)


# -- the model file ---------------------------------------------------------------------------------------------


def model_path() -> Path:
    """Where the model is read from and written to: ``$REACTIONS_SENTIMENT_MODEL``, else
    ``sentiment-model.json`` in the user's data folder (``platformdirs.user_data_dir("reactions")``)."""
    named = os.environ.get(MODEL_ENV)
    return Path(named) if named else Path(platformdirs.user_data_dir("reactions")) / MODEL_NAME


def to_json(model: Model) -> dict[str, Any]:
    """The model as JSON-ready values (weights rounded to 5 decimals)."""
    names = _names(model)
    return {
        "format": FORMAT,
        "classes": list(CLASSES),
        "dense_features": list(DENSE),
        "info": dict(model.info),
        "bias": np.round(model.bias, 5).tolist(),
        "dense": np.round(model.dense, 5).tolist(),
        "names": sorted(model.names),
        "terms": names,
        "idf": np.round(model.idf, 5).tolist(),
        "weights": np.round(model.weights, 5).tolist(),
    }


def from_json(data: Mapping[str, Any]) -> Model:
    """A model from :func:`to_json`'s values; :class:`ModelError` when they are not a model of this format."""
    try:
        if data.get("format") != FORMAT or tuple(data["classes"]) != CLASSES:
            raise ValueError("an unknown format")
        terms = {str(term): j for j, term in enumerate(data["terms"])}
        weights = np.asarray(data["weights"], dtype=np.float64).reshape(len(terms), len(CLASSES))
        dense = np.asarray(data["dense"], dtype=np.float64).reshape(len(DENSE), len(CLASSES))
        bias = np.asarray(data["bias"], dtype=np.float64).reshape(len(CLASSES))
        idf = np.asarray(data["idf"], dtype=np.float64).reshape(len(terms))
        names = frozenset(str(name) for name in data.get("names", ()))
    except (KeyError, TypeError, ValueError) as error:
        raise ModelError(f"not a sentiment model of format {FORMAT}: {error}") from None
    return Model(terms, weights, dense, bias, idf, names, dict(data.get("info", {})))


def save_model(model: Model, path: Path) -> Path:
    """Write ``model`` to ``path`` as JSON (folders made as needed); returns ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(to_json(model), ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return path


def load_model(path: Path | None = None) -> Model:
    """The model at ``path`` (default :func:`model_path`), read once per file version.

    Raises :class:`ModelError` naming the file when it is missing (with the command that makes it) or unreadable.
    """
    path = path or model_path()
    try:
        stat = path.stat()
    except OSError:
        raise ModelError(
            f"{path}: no sentiment model; train one with 'reactions train-sentiment DATA' (docs/sentiment.md)"
        ) from None
    return _load(str(path), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=2)
def _load(path: str, mtime: int, size: int) -> Model:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ModelError(f"{path}: cannot read the sentiment model ({type(error).__name__})") from None
    try:
        return from_json(data if isinstance(data, dict) else {})
    except ModelError as error:
        raise ModelError(f"{path}: {error}") from None
