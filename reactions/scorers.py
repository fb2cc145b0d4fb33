"""Which scorer makes a run's sentiment labels: VADER with its documented thresholds (the default), VADER with
thresholds calibrated for tweets, or the optional model (:mod:`reactions.sentiment_model`).

The run path always scores with VADER; :func:`apply_scorer` then relabels (``vader-tweets``) or rescores
(``model``) the finished frame, keeping every analyst's override.  :func:`describe_scorer` is what the
provenance and the export names record.

>>> describe_scorer("vader"), describe_scorer("vader-tweets")
('vader ±0.05', 'vader-tweets -0.08/+0.35')
"""

from __future__ import annotations

from typing import Final

import numpy as np
import pandas as pd

from reactions import sentiment
from reactions import sentiment_model as sm
from reactions.sentiment import has_text
from reactions.sentiment_languages import ENGLISH
from reactions.table import whole_texts

SCORERS: Final = ("vader", "vader-tweets", "model")
"""The scorers a run can choose (``--sentiment``, the page's sidebar, the URL's ``sentiment=``)."""
DEFAULT_SCORER: Final = "vader"
TWEET_THRESHOLDS: Final = sentiment.Thresholds(negative=-0.08, positive=0.35)
"""VADER's thresholds calibrated for tweets: the best macro-averaged recall on TweetEval's validation split
(2,000 tweets; grid of 0.01; ``reactions train-sentiment DATA`` prints them again, docs/sentiment.md).  Never
tuned on TweetEval's test split."""
MODEL_LABELS: Final = "argmax"
"""How the model labels: its most probable class (no thresholds)."""


def check_scorer(name: str) -> str:
    """``name`` when it is a scorer; ``ValueError`` naming the choices otherwise."""
    if name not in SCORERS:
        raise ValueError(f"unknown sentiment scorer {name!r}: expected one of {', '.join(SCORERS)}")
    return name


def thresholds_of(name: str) -> sentiment.Thresholds | None:
    """The thresholds that turn ``compound`` into labels under scorer ``name`` (None for the model)."""
    check_scorer(name)
    if name == "model":
        return None
    return TWEET_THRESHOLDS if name == "vader-tweets" else sentiment.DEFAULT_THRESHOLDS


def describe_scorer(name: str) -> str:
    """The scorer and its thresholds in a few characters (for provenance and file names).

    >>> describe_scorer("model")
    'model argmax'
    """
    thresholds = thresholds_of(name)
    if thresholds is None:
        return f"model {MODEL_LABELS}"
    if thresholds == sentiment.DEFAULT_THRESHOLDS:
        return f"{name} ±{thresholds.positive:g}"
    return f"{name} {thresholds.negative:+g}/{thresholds.positive:+g}"


def scorer_slug(name: str) -> str:
    """The scorer and its thresholds as a file name's part.

    >>> scorer_slug("vader"), scorer_slug("vader-tweets"), scorer_slug("model")
    ('vader-0.05', 'vader-tweets-neg0.08-pos0.35', 'model-argmax')
    """
    thresholds = thresholds_of(name)
    if thresholds is None:
        return f"model-{MODEL_LABELS}"
    if thresholds == sentiment.DEFAULT_THRESHOLDS:
        return f"{name}-{thresholds.positive:g}"
    return f"{name}-neg{-thresholds.negative:g}-pos{thresholds.positive:g}"


def apply_scorer(
    frame: pd.DataFrame, name: str, *, lexicon: sentiment.Lexicon | None = None, model: sm.Model | None = None
) -> pd.DataFrame:
    """``frame`` (scored by the run path with VADER) as scorer ``name`` scores it: unchanged for ``vader``,
    relabelled with :data:`TWEET_THRESHOLDS` for ``vader-tweets``, every sentiment column the model's for
    ``model`` (``model`` or :func:`reactions.sentiment_model.load_model`).  Overridden labels stay.

    >>> frame = sentiment.score_frame(pd.DataFrame({"id": ["a"], "text": ["not bad at all"]}))
    >>> frame["sentiment"].tolist(), apply_scorer(frame, "vader-tweets")["sentiment"].tolist()
    (['positive'], ['positive'])
    """
    thresholds = thresholds_of(name)
    if name == "vader" or "compound" not in frame.columns:
        return frame
    if thresholds is not None:
        compound = frame["compound"].to_numpy(dtype="float64")
        codes = np.select([compound >= thresholds.positive, compound <= thresholds.negative], [2, 0], 1)
        codes = np.where(np.isnan(compound), -1, codes)  # not scored (another language) stays unlabelled
        return _relabel(frame, codes.astype("int8"))
    model = model or sm.load_model()  # a missing model is said whatever the rows' languages
    english = _english(frame)
    if english.all():
        return _rescore(frame, model, lexicon)
    if not english.any():
        return frame
    rescored = _rescore(frame[english], model, lexicon)
    return pd.concat([rescored, frame[~english]]).loc[frame.index]


def _english(frame: pd.DataFrame) -> np.ndarray:
    """Which rows the tweet model (English) may score: all, or those whose ``lang`` is English; the others keep
    their language's scores or stay not scored (docs/languages.md)."""
    english = np.ones(len(frame), dtype=bool)
    if "lang" in frame.columns:
        english = (frame["lang"].astype("string") == ENGLISH).fillna(False).to_numpy(dtype=bool)
    if "text" in frame.columns:  # a post with no text is not scored by any scorer
        english &= np.fromiter((has_text(text) for text in frame["text"].astype(object)), bool, len(frame))
    return english


def _relabel(frame: pd.DataFrame, codes: np.ndarray) -> pd.DataFrame:
    """``frame`` with the labels of ``codes``, but those an analyst set."""
    kept = frame["sentiment"].cat.codes.to_numpy()
    overridden = np.zeros(len(frame), dtype=bool)
    if "overridden" in frame.columns:
        overridden = frame["overridden"].to_numpy(dtype=bool)
    codes = np.where(overridden, kept, codes).astype("int8")
    labels = pd.Categorical.from_codes(codes, dtype=sentiment.SENTIMENT_DTYPE)
    return frame.assign(sentiment=pd.Series(labels, index=frame.index))


def _rescore(frame: pd.DataFrame, model: sm.Model, lexicon: sentiment.Lexicon | None) -> pd.DataFrame:
    texts = [
        sentiment.as_text(t)
        for t in whole_texts({name: frame[name].tolist() for name in ("text", "continued") if name in frame})
    ]  # the whole post, as VADER's scores
    scored = sm.score_texts(model, texts, lexicon=lexicon)
    probabilities = np.array([s.probabilities for s in scored], dtype="float64").reshape(len(scored), 3)
    index = frame.index
    empty = np.array([not t for t in texts], dtype=bool)
    probabilities[empty] = 0.0  # no text: neutral zeros, as VADER's
    columns = {
        "compound": pd.Series(np.round(probabilities[:, 2] - probabilities[:, 0], 4), index=index),
        "pos": pd.Series(np.round(probabilities[:, 2], 3), index=index),
        "neu": pd.Series(np.round(probabilities[:, 1], 3), index=index),
        "neg": pd.Series(np.round(probabilities[:, 0], 3), index=index),
        "drivers": pd.Series(
            ["" if e else sm.format_contributions(s.contributions) for s, e in zip(scored, empty, strict=True)],
            index=index, dtype="string",
        ),
    }  # fmt: skip
    codes = np.where(empty, 1, probabilities.argmax(axis=1)).astype("int8")
    return _relabel(frame.assign(**columns), codes)
