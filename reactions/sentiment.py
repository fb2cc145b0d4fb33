"""VADER sentiment for reactions: scores, labels, explanations, custom lexicons and overrides.

One shared :class:`~vaderSentiment.vaderSentiment.SentimentIntensityAnalyzer` (built once, on
first use) scores the *post text* of each reaction.  Before VADER sees a text it is normalised
(see :func:`prepare_text`), which fixes VADER 3.3.2's defects on tweets:

* emoji of several code points (``❤️`` with U+FE0F, skin tones, flags, ZWJ sequences) are
  replaced by VADER's own emoji-lexicon description of the base emoji (or the ``emoji``
  package's CLDR name for emoji VADER does not know), where raw VADER ignores them;
* an emoji glued to a word (``😂lol``) is separated from it instead of merging with it;
* URLs and media links are removed: they are not words; HTML entities are decoded (``&lt;3``
  is the emoticon ``<3``), and in non-ASCII text mojibake and odd spaces are repaired and
  typographic punctuation made ASCII (``don’t`` negates like ``don't``; ``“great”`` counts);
* an elongated word (``sooo``, ``loooove``) counts as the VADER word it stretches;
* ``None``/NaN give neutral zeros and ``bytes`` are decoded, where raw VADER raises ``TypeError``.

Raw VADER's time grows quadratically with the number of sentiment words.  :mod:`reactions._vader`
computes the very same per-token valences with VADER's rules written out, in linear time and
faster than ``polarity_scores``, so scores are unchanged (identical to ``polarity_scores`` on every
text without emoji or URLs) and a flooded "post" cannot stall a run.

>>> score_text("I love you ❤️")
Scores(compound=0.8555, pos=0.737, neu=0.263, neg=0.0, label='positive')
>>> score_text(None)
Scores(compound=0.0, pos=0.0, neu=0.0, neg=0.0, label='neutral')
>>> format_drivers(explain("I love him, but he is not a good man!"))
'good -2.1; love +1.6; ! -0.3'
"""

from __future__ import annotations

import functools
import importlib
import math
import operator
import types
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, TypeVar

from reactions.models import SENTIMENT_LABELS, Driver, whole_text

if TYPE_CHECKING:  # (pandas and NumPy load when a frame is scored: a run scores plain columns, score_columns)
    import pandas as pd

    from reactions import _vader as vader

POSITIVE_THRESHOLD: Final = 0.05
"""``compound >= 0.05`` is positive: the threshold the vaderSentiment README recommends
("positive sentiment: compound score >= 0.05", README section "About the Scoring")."""
NEGATIVE_THRESHOLD: Final = -0.05
"""``compound <= -0.05`` is negative (vaderSentiment README, "About the Scoring"); in between is neutral."""

LABELS: Final = SENTIMENT_LABELS
"""The sentiment labels, in order (:class:`reactions.models.Sentiment`)."""


def __getattr__(name: str) -> Any:
    """``SENTIMENT_DTYPE``, the ``sentiment`` column's dtype: an ordered category ``negative < neutral < positive``
    (made on first use: this module loads without pandas)."""
    if name == "SENTIMENT_DTYPE":
        return _sentiment_dtype()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@functools.cache
def _sentiment_dtype() -> pd.CategoricalDtype:
    import pandas as pd

    return pd.CategoricalDtype(list(LABELS), ordered=True)

SENTIMENT_COLUMNS: Final[tuple[str, ...]] = (
    "compound", "pos", "neu", "neg", "sentiment", "drivers", "overridden",
)  # fmt: skip
"""The columns :func:`score_frame` appends, in order (the team's frame contract)."""
DRIVER_LIMIT: Final = 3
"""How many drivers the compact ``drivers`` column lists (the strongest, by absolute valence)."""

Lexicon = Mapping[str, float]
"""A custom lexicon: a word, an emoji or a phrase (words separated by spaces) -> valence in [-4, 4]."""


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Where ``compound`` turns into a label.

    Fields:
        negative: ``compound <= negative`` is ``"negative"``.
        positive: ``compound >= positive`` is ``"positive"``; anything in between is ``"neutral"``.
    """

    negative: float = NEGATIVE_THRESHOLD
    positive: float = POSITIVE_THRESHOLD

    def label(self, compound: float) -> str:
        """The label of a compound score.

        >>> Thresholds().label(0.05), Thresholds().label(0.0), Thresholds(positive=0.5).label(0.3)
        ('positive', 'neutral', 'neutral')
        """
        if compound >= self.positive:
            return "positive"
        if compound <= self.negative:
            return "negative"
        return "neutral"


DEFAULT_THRESHOLDS: Final = Thresholds()


@dataclass(frozen=True, slots=True)
class Scores:
    """VADER's scores for one text.

    Fields:
        compound: the normalised sum of valences, in [-1, 1] (VADER's ``compound``).
        pos: the share of the text that is positive (VADER's ``pos``).
        neu: the neutral share (``neu``); ``pos + neu + neg`` is 1, or all three are 0 for a text
            without words.
        neg: the negative share (``neg``).
        label: ``"positive"``, ``"neutral"`` or ``"negative"`` (see :class:`Thresholds`).
    """

    compound: float
    pos: float
    neu: float
    neg: float
    label: str



NEUTRAL: Final = Scores(0.0, 0.0, 0.0, 0.0, "neutral")
"""The scores of a missing or empty text."""


@functools.cache
def _vader() -> types.ModuleType:
    """The VADER engine's module, loaded on first use: a run that scores nothing (its frame or scores come from
    the cache) never loads VADER, the emoji tables or the tweet-text cleaners (about 0.05 CPU-s of start-up)."""
    return importlib.import_module("reactions._vader")


def analyzer() -> vader.SentimentIntensityAnalyzer:
    """The shared analyzer, built once, on first use (reading VADER's lexicons takes ~10 ms of CPU)."""
    engine: vader.SentimentIntensityAnalyzer = _vader().shared_analyzer()
    return engine


@functools.lru_cache(maxsize=8)
def _engine(entries: tuple[tuple[str, float], ...]) -> vader.Engine:
    """The engine for a custom lexicon, cached by the lexicon's contents."""
    engine: vader.Engine = _vader().Engine(analyzer(), dict(entries))
    return engine


def engine_for(lexicon: Lexicon | None) -> vader.Engine:
    if not lexicon:
        return _engine(())
    return _engine(tuple(sorted((str(k), float(v)) for k, v in lexicon.items())))


@functools.lru_cache(maxsize=1 << 16)
def analyse(engine: vader.Engine, text: str) -> vader.Analysis:
    """One text's analysis, cached by text (identical texts are scored once)."""
    return engine.analyse(text)


def as_text(value: object) -> str:
    """The text to score: ``str`` as is, ``bytes`` decoded, anything missing (None, NaN, NA) ``""``.

    >>> as_text(b"caf\\xc3\\xa9"), as_text(float("nan")), as_text(None)
    ('café', '', '')
    """
    if isinstance(value, str):
        return value
    if isinstance(value, bytes | bytearray):
        return bytes(value).decode("utf-8", errors="replace")
    if value is None or type(value).__name__ in _MISSING_TYPES or (isinstance(value, float) and math.isnan(value)):
        return ""
    return str(value)


_MISSING_TYPES: Final = frozenset({"NAType", "NaTType"})
"""pandas' missing values (``pd.NA``, ``pd.NaT``), told by their type's name without loading pandas."""


def prepare_text(text: object, *, lexicon: Lexicon | None = None) -> str:
    """The text VADER is given: entities decoded, links removed, elongated words shortened, emoji
    replaced by their descriptions (see :meth:`reactions._vader.Engine.prepare`).

    >>> " ".join(prepare_text("😂lol https://t.co/x pic.twitter.com/abc ❤️").split())
    'face with tears of joy lol red heart'
    """
    return engine_for(lexicon).prepare(as_text(text)).text


def score_text(text: object, *, lexicon: Lexicon | None = None, thresholds: Thresholds = DEFAULT_THRESHOLDS) -> Scores:
    """VADER's scores for one post (never raises: missing text scores as neutral zeros).

    >>> score_text("😂lol").label, score_text("The vibes are off").label
    ('positive', 'neutral')
    >>> score_text("The vibes are off", lexicon={"vibes are off": -2.0}).label
    'negative'
    """
    value = as_text(text)
    if not value:
        return NEUTRAL
    compound, pos, neu, neg = analyse(engine_for(lexicon), value).scores
    return Scores(compound, pos, neu, neg, thresholds.label(compound))


def explain(text: object, *, lexicon: Lexicon | None = None) -> tuple[Driver, ...]:
    """What moved the score, in reading order: each word, emoji, idiom or phrase with a valence
    after VADER's rules (negation, boosters, caps, "but"), and punctuation emphasis.

    >>> [(d.term, d.valence, d.kind) for d in explain("I am NOT okay 😭!")]
    [('okay', -0.67, 'word'), ('😭', -2.1, 'emoji'), ('!', -0.29, 'punctuation')]
    """
    value = as_text(text)
    return analyse(engine_for(lexicon), value).drivers if value else ()


def format_drivers(drivers: Iterable[Driver], limit: int = DRIVER_LIMIT) -> str:
    """The compact ``drivers`` column: the strongest terms (valences summed per term), one decimal.

    >>> format_drivers([Driver("love", 3.2, "word"), Driver("abuser", -2.1, "word"), Driver("love", 1, "")])
    'love +4.2; abuser -2.1'
    """
    return format_terms(((d.term, d.valence) for d in drivers), limit)


def format_terms(terms: Iterable[tuple[str, float] | vader.Term], limit: int = DRIVER_LIMIT) -> str:
    """:func:`format_drivers` of ``(term, valence, …)`` tuples (what an analysis keeps, unrounded)."""
    totals: dict[str, float] = {}
    for term, valence in map(_TERM_VALENCE, terms):
        rounded = _ROUNDED.get(valence)
        if rounded is None:
            rounded = _remember(_ROUNDED, valence, round(valence, 2))  # as a Driver holds it
        totals[term] = totals.get(term, 0.0) + rounded
    items = sorted(totals.items(), key=_strength) if len(totals) > 1 else totals.items()
    parts: list[str] = []
    for term, valence in items:
        shown = _SHOWN.get(valence) or _remember(_SHOWN, valence, f"{valence:+.1f}")
        if shown not in _HIDDEN:
            parts.append(f"{term} {shown}")
            if len(parts) == limit:
                break
    return "; ".join(parts)


_TERM_VALENCE: Final = operator.itemgetter(0, 1)
_HIDDEN: Final = frozenset({"+0.0", "-0.0"})
"""Valences that the drivers column leaves out (they round to zero)."""
_ROUNDED: dict[float, float] = {}
"""``round(valence, 2)`` by valence: a text's valences are a few lexicon values times a few factors,
so a corpus holds a few hundred distinct ones (``round`` with digits is slow)."""
_SHOWN: dict[float, str] = {}
"""``f"{valence:+.1f}"`` by valence (ditto)."""
MEMO_LIMIT: Final = 1 << 16
"""The most valences :data:`_ROUNDED` and :data:`_SHOWN` keep."""


_T = TypeVar("_T")


def _remember(memo: dict[float, _T], valence: float, value: _T) -> _T:
    if len(memo) < MEMO_LIMIT:
        memo[valence] = value
    return value


def _strength(item: tuple[str, float]) -> float:
    return -abs(item[1])


def score_frame(
    frame: pd.DataFrame,
    *,
    lexicon: Lexicon | None = None,
    overrides: Mapping[str, str] | None = None,
    thresholds: Thresholds = DEFAULT_THRESHOLDS,
) -> pd.DataFrame:
    """``frame`` with the sentiment columns (:data:`SENTIMENT_COLUMNS`) appended, or replaced when
    already there: :func:`score_columns` of its whole posts (its ``text``, then its ``continued`` pieces when it has
    that column: :func:`reactions.models.whole_text`; and ``lang``, ``id``) typed by :func:`sentiment_series`.
    ``frame`` needs a ``text`` column; ``overrides`` (reaction id -> label) also needs ``id``.

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"id": ["a", "b"], "text": ["so happy 😍", "meh"]})
    >>> scored = score_frame(frame, overrides={"b": "negative"})
    >>> scored[["compound", "sentiment", "drivers", "overridden"]].values.tolist()
    [[0.7902, 'positive', 'happy +3.0; 😍 +2.0', False], [-0.0772, 'negative', 'meh -0.3', True]]
    """
    langs = frame["lang"].tolist() if "lang" in frame.columns else None
    ids = frame["id"].tolist() if overrides else None
    posts = frame["text"].tolist()  # the whole post: its text, then the pieces the article quoted apart
    if "continued" in frame.columns:
        pieces = frame["continued"].tolist()
        posts = [whole_text(t, more) if isinstance(more, str) else t for t, more in zip(posts, pieces, strict=True)]
    found = score_columns(posts, langs=langs, ids=ids, lexicon=lexicon, overrides=overrides, thresholds=thresholds)
    present = [c for c in SENTIMENT_COLUMNS if c in frame.columns]
    return (frame.drop(columns=present) if present else frame).assign(**sentiment_series(found, frame.index))


def score_columns(
    texts: Sequence[object],
    *,
    langs: Sequence[object] | None = None,
    ids: Sequence[object] | None = None,
    lexicon: Lexicon | None = None,
    overrides: Mapping[str, str] | None = None,
    thresholds: Thresholds = DEFAULT_THRESHOLDS,
) -> dict[str, list[Any]]:
    """The sentiment columns (:data:`SENTIMENT_COLUMNS`) of posts as plain Python lists, without pandas: the one
    scorer, of :func:`score_frame` and of the run path.  ``langs``: each post's language (each language by its own
    lexicon, or not scored: :mod:`reactions.sentiment_languages`; ``None``: all English); ``ids`` (needed with
    ``overrides``, reaction id -> label).  Identical texts are scored once.  A row not scored has NaN scores and no
    label (``None``).

    >>> columns = score_columns(["so happy 😍", "meh"], ids=["a", "b"], overrides={"b": "negative"})
    >>> columns["compound"], columns["sentiment"], columns["overridden"]
    ([0.7902, -0.0772], ['positive', 'negative'], [False, True])
    """
    engine = engine_for(lexicon)
    languages = importlib.import_module("reactions.sentiment_languages") if langs is not None else None
    english = texts if languages is None or langs is None else [  # VADER's rows: by_language scores the others
        text for text, lang in zip(texts, langs, strict=True) if isinstance(lang, str) and lang == languages.ENGLISH
    ]
    analysed = {text: _frame_analysis(engine, text) for text in dict.fromkeys(english)}
    rows = [analysed.get(text, _NOT_VADERS) for text in texts]
    scores: list[tuple[float, float, float, float]] = list(map(_SCORES, rows))
    drivers: list[str | None] = list(map(_DRIVERS, rows))
    if languages is not None and langs is not None:  # each language by its own lexicon, or not scored
        scores, drivers = languages.by_language(texts, langs, scores, drivers)
    labels: list[str | None] = [None if row[0] != row[0] else thresholds.label(row[0]) for row in scores]  # NaN: none
    overridden = [False] * len(rows)
    if overrides:
        for i, reaction_id in enumerate(ids if ids is not None else ()):
            label = overrides.get(str(reaction_id))
            if label is not None:
                labels[i], overridden[i] = _check_label(label), True
    columns: dict[str, list[Any]] = {name: [row[k] for row in scores] for k, name in enumerate(SENTIMENT_COLUMNS[:4])}
    columns.update(sentiment=labels, drivers=drivers, overridden=overridden)
    return columns


def sentiment_series(columns: Mapping[str, list[Any]], index: Any) -> dict[str, pd.Series]:
    """The sentiment columns of :func:`score_columns` as the frame types them (float64, :data:`SENTIMENT_DTYPE`,
    string, bool), on ``index``."""
    import numpy as np
    import pandas as pd

    series = {
        name: pd.Series(np.array(columns[name], dtype="float64"), index=index, copy=False)
        for name in SENTIMENT_COLUMNS[:4]
    }
    series["sentiment"] = pd.Series(pd.Categorical(columns["sentiment"], dtype=_sentiment_dtype()), index=index)
    series["drivers"] = pd.Series(columns["drivers"], index=index, dtype="string")
    series["overridden"] = pd.Series(np.array(columns["overridden"], dtype="bool"), index=index, copy=False)
    return series


_NOT_VADERS: Final = ((0.0, 0.0, 0.0, 0.0), "")
"""A row VADER does not score (not in English), until :func:`~reactions.sentiment_languages.by_language` does."""
_NO_TEXT: Final = ((math.nan, math.nan, math.nan, math.nan), "")
"""A row with no text: not scored, like a row in a language nothing scores."""
_SCORES: Final = operator.itemgetter(0)
_DRIVERS: Final = operator.itemgetter(1)


def has_text(text: object) -> bool:
    """Whether ``text`` holds anything but white space: a post with none (an embed whose words the article does
    not hold) has no sentiment, and is not scored by any scorer rather than counted as neutral."""
    return isinstance(text, str) and not text.isspace() and text != ""


def _frame_analysis(engine: vader.Engine, text: object) -> tuple[tuple[float, float, float, float], str]:
    """A text's scores and its ``drivers`` column value; NaN scores for a text of nothing but white space (not
    scored: :func:`has_text`)."""
    value = as_text(text)
    if not has_text(value):
        return _NO_TEXT
    analysis = analyse(engine, value)
    return analysis.scores, format_terms(analysis.terms) if analysis.terms else ""


def _check_label(label: str) -> str:
    if label not in LABELS:
        raise ValueError(f"unknown sentiment label {label!r}: expected one of {', '.join(LABELS)}")
    return label


def clear_cache() -> None:
    """Forget every cached analysis (texts are then scored afresh; for benchmarks and tests)."""
    analyse.cache_clear()
    _ROUNDED.clear()
    _SHOWN.clear()
