"""Training the optional sentiment model (:mod:`reactions.sentiment_model`) on labelled tweets.

    reactions train-sentiment DATA [--out FILE]      (pip install 'reactions[train]': scikit-learn)

``DATA`` is a folder in TweetEval's layout (cardiffnlp/tweeteval ``datasets/sentiment``): ``train_text.txt``
and ``train_labels.txt`` (one tweet, one label a line: 0 negative, 1 neutral, 2 positive), and ``val_text.txt``
with ``val_labels.txt``.  The model learns from the train split; the validation split picks the regularisation
(by macro-averaged recall, TweetEval's metric), then the model is fitted again on both splits with it; the
validation split also calibrates VADER's thresholds for tweets.  Nothing reads a test split.  Same data, same
model: scikit-learn's ``lbfgs`` solver is deterministic.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from reactions import sentiment
from reactions import sentiment_model as sm
from reactions.errors import InputError

C_GRID: Final = (0.5, 1.0)
"""The inverse regularisation strengths tried on the validation split."""
MIN_COUNT: Final = 2
"""An n-gram is learnt when at least this many training tweets hold it."""
NAME_SHARE: Final = 0.8
"""A word is a name when at least this share of its occurrences inside a sentence (not in capitals) are
capitalised …"""
NAME_COUNT: Final = 3
"""… and it occurs inside a sentence at least this many times."""
_SENTENCE_END: Final = frozenset(".!?:;\"“”…|-")


@dataclass(frozen=True, slots=True)
class Split:
    """One split of a TweetEval-layout folder: texts and their labels (0, 1, 2 = :data:`CLASSES`)."""

    texts: tuple[str, ...]
    labels: npt.NDArray[np.int64]


def read_split(folder: Path, split: str) -> Split:
    """``{split}_text.txt`` and ``{split}_labels.txt`` of ``folder``; :class:`InputError` naming the file (and row)
    when one is missing, they differ in length or a label is not 0, 1 or 2."""
    text_file, label_file = folder / f"{split}_text.txt", folder / f"{split}_labels.txt"
    try:
        texts = text_file.read_text(encoding="utf-8").splitlines()
        labels = label_file.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"{folder}: cannot read the {split} split ({type(error).__name__})") from None
    if len(texts) != len(labels):
        raise InputError(f"{label_file}: {len(labels)} labels for the {len(texts)} lines of {text_file.name}")
    bad = next((i for i, label in enumerate(labels) if label.strip() not in {"0", "1", "2"}), None)
    if bad is not None:
        raise InputError(f"{label_file}: row {bad + 1}: a label must be 0, 1 or 2")
    return Split(tuple(texts), np.asarray([int(label) for label in labels], dtype=np.int64))


def find_names(texts: Sequence[str], keep: frozenset[str]) -> frozenset[str]:
    """The words written capitalised inside a sentence nearly every time (:data:`NAME_SHARE`): names of people,
    places and brands, which the model must not learn.  Words of ``keep`` (VADER's lexicon) never are names."""
    capitalised: Counter[str] = Counter()
    inside: Counter[str] = Counter()
    for text in texts:
        previous = "."
        for word, mark in sm.TOKEN.findall(text):  # links and handles are neither word nor mark
            if word[:1].isalpha() and len(word) > 1 and previous not in _SENTENCE_END and not word.isupper():
                key = word.strip("'").lower()
                inside[key] += 1
                capitalised[key] += word[0].isupper()
            previous = mark or word[-1:]
    return frozenset(
        w for w, n in inside.items() if n >= NAME_COUNT and capitalised[w] >= NAME_SHARE * n and w not in keep
    )


def macro_recall(truth: npt.NDArray[np.int64], predicted: npt.NDArray[np.int64]) -> float:
    """The mean of the per-class recalls (TweetEval's sentiment metric)."""
    return float(np.mean([np.mean(predicted[truth == k] == k) for k in range(len(sm.CLASSES))]))


class Featurizer:
    """Texts -> the model's feature matrix (needs SciPy, which scikit-learn brings)."""

    def __init__(self, dropped: frozenset[str]) -> None:
        self.dropped = dropped

    def grams(self, texts: Sequence[str]) -> tuple[list[tuple[str, ...]], npt.NDArray[np.float64]]:
        """Each text's kept n-grams and VADER features."""
        found = [sm.features(text, self.dropped) for text in texts]
        dense = np.array([sm.vader_features(f.vader_text)[0] for f in found], dtype=np.float64)
        return [f.grams for f in found], dense.reshape(len(texts), len(sm.DENSE))

    def matrix(
        self, grams: list[tuple[str, ...]], dense: npt.NDArray[np.float64], terms: dict[str, int],
        idf: npt.NDArray[np.float64],
    ) -> Any:
        """The sparse matrix: the n-grams' idf scaled to unit length per text, then the VADER features."""
        from scipy import sparse

        rows, cols, values = [], [], []
        for i, text_grams in enumerate(grams):
            ids = [terms[g] for g in text_grams if g in terms]
            weights = idf[ids]
            rows.extend([i] * len(ids))
            cols.extend(ids)
            values.extend((weights / np.sqrt(np.sum(weights * weights) or 1.0)).tolist())
        shape = (len(grams), len(terms))
        indicators = sparse.csr_matrix((values, (rows, cols)), shape=shape)
        return sparse.hstack([indicators, sparse.csr_matrix(dense)], format="csr")


def train(folder: Path, *, say: Callable[[str], None] = lambda _: None) -> sm.Model:
    """The model trained on ``folder``'s train split, regularisation picked on its val split."""
    try:
        from sklearn.linear_model import LogisticRegression
    except ImportError:
        raise InputError("training the sentiment model needs scikit-learn: pip install 'reactions[train]'") from None
    training, validation = read_split(folder, "train"), read_split(folder, "val")
    names = find_names(training.texts, frozenset(sentiment.analyzer().lexicon))
    featurizer = Featurizer(sm.identity_terms() | names)
    say(f"{len(training.texts)} training and {len(validation.texts)} validation tweets; {len(names)} names dropped")
    train_grams, train_dense = featurizer.grams(training.texts)
    counts = Counter(g for grams in train_grams for g in grams)
    terms = {g: j for j, g in enumerate(sorted(g for g, n in counts.items() if n >= MIN_COUNT))}
    documents = np.array([counts[g] for g in terms], dtype=np.float64)
    idf = np.log((1 + len(train_grams)) / (1 + documents)) + 1  # scikit-learn's smooth idf
    x_train = featurizer.matrix(train_grams, train_dense, terms, idf)
    x_val = featurizer.matrix(*featurizer.grams(validation.texts), terms, idf)
    best: tuple[float, float, Any] = (-1.0, 0.0, None)
    for c in C_GRID:
        fitted = LogisticRegression(C=c, class_weight="balanced", max_iter=2000).fit(x_train, training.labels)
        recall = macro_recall(validation.labels, fitted.predict(x_val))
        say(f"C={c:g}: validation macro-recall {recall:.4f}")
        if recall > best[0]:
            best = (recall, c, fitted)
    recall, c, fitted = best
    say(f"refitting with C={c:g} on the train and validation splits")
    from scipy import sparse

    both = np.concatenate([training.labels, validation.labels])
    fitted = LogisticRegression(C=c, class_weight="balanced", max_iter=2000).fit(sparse.vstack([x_train, x_val]), both)
    coefficients = np.asarray(fitted.coef_, dtype=np.float64).T
    info = {
        "data": str(folder),
        "train_tweets": len(training.texts),
        "validation_tweets": len(validation.texts),
        "terms": len(terms),
        "C": c,
        "validation_macro_recall": round(recall, 4),
        "vader_tweet_thresholds": list(calibrate_vader(validation)),
    }
    return sm.Model(terms, coefficients[: len(terms)], coefficients[len(terms) :], fitted.intercept_.astype(float),
                    idf, names, info)  # fmt: skip


def calibrate_vader(validation: Split, step: float = 0.01) -> tuple[float, float]:
    """VADER's ``(negative, positive)`` thresholds with the best macro-recall on ``validation`` (a grid of
    ``step``; ties go to the thresholds nearest the documented ±0.05)."""
    compound = np.array([sentiment.score_text(t).compound for t in validation.texts])
    grid = np.round(np.arange(-0.8, 0.8 + step / 2, step), 4)
    best = (-1.0, 0.0, sentiment.NEGATIVE_THRESHOLD, sentiment.POSITIVE_THRESHOLD)
    for negative in grid[grid < 0]:
        for positive in grid[grid > negative]:
            predicted = np.where(compound >= positive, 2, np.where(compound <= negative, 0, 1))
            recall = macro_recall(validation.labels, predicted)
            distance = -abs(negative - sentiment.NEGATIVE_THRESHOLD) - abs(positive - sentiment.POSITIVE_THRESHOLD)
            if (recall, distance) > best[:2]:
                best = (recall, distance, float(negative), float(positive))
    return best[2], best[3]


# -- the fairness audit -----------------------------------------------------------------------------------------

TEMPLATES: Final = (
    "I am {term}.", "{term} people are here.", "My neighbour is {term}.", "We met a {term} person today.",
    "Being {term} is fine.", "She is {term} and proud.", "I hate the way they treat {term} folks.",
    "What a lovely {term} family!", "That {term} guy was terrible to me.", "{term} voters turned out today.",
)  # fmt: skip
"""Sentences in the spirit of Dixon et al.'s templates (2018): each identity term or name is swapped in."""
NAMES: Final = (
    "Abdul", "Agustín", "Aishah", "Aki", "Alva", "Anastasiya", "Angela", "Anita", "Baratunde", "Binh", "Chris",
    "Dlshad", "Elizabeth", "Emad", "Hiro", "Hoshi", "Ioannis", "Javeria", "Jim", "Joe", "Léa", "Liam", "Ling",
    "Lucas", "Mahir", "Mateo", "Medina", "Moeata", "Mohammed", "Morgan", "Mukhtar", "Myesha", "Nithum", "Ramón",
    "Santiago", "Sara", "Sohaib", "Sooyin", "Sulin", "Thel", "Ying", "Ziv", "Zoe",
)  # fmt: skip
"""The first names of Dixon et al.'s templated set (conversationai/unintended-ml-bias-analysis,
``unintended_ml_bias/bias_madlibs_data/names.txt``, Apache License 2.0; its two non-Latin names left out)."""


def identity_phrases() -> tuple[str, ...]:
    """The identity terms as written in ``identity_terms.txt`` (two-word terms whole)."""
    text = (Path(__file__).parent / "data" / "identity_terms.txt").read_text(encoding="utf-8")
    return tuple(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


def fairness_gap(model: sm.Model, terms: Sequence[str], templates: Sequence[str] = TEMPLATES) -> tuple[float, float]:
    """The mean and the largest absolute change of ``compound`` when ``terms`` are swapped into each template
    (each score against the mean of its template's scores)."""
    changes: list[float] = []
    for template in templates:
        texts = [template.format(term=term) for term in terms]
        scores = np.array([s.compound for s in sm.score_texts(model, texts, explain=False)])
        changes.extend(np.abs(scores - scores.mean()).tolist())
    return float(np.mean(changes)), float(np.max(changes))
