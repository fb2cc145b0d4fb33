"""Is refitting on train+validation better than the train-only fit? Decided on validation data alone: the
validation split cut in two (seeded), C chosen on half A with a train-only fit, then both candidates scored on
half B: (i) the train-only fit, (ii) the refit on train + half A. TweetEval's test split is not read.

Usage (FOLDER holds train_text.txt, train_labels.txt, val_text.txt, val_labels.txt; needs the ``train`` extra)::

    python benchmarks/sentiment_refit_check.py FOLDER
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import numpy as np
from scipy import sparse
from sklearn.linear_model import LogisticRegression

from reactions import sentiment
from reactions import sentiment_model as sm
from reactions.sentiment_train import C_GRID, MIN_COUNT, Featurizer, Split, find_names, macro_recall, read_split

folder = Path(sys.argv[1])
training, validation = read_split(folder, "train"), read_split(folder, "val")
rng = np.random.default_rng(20261126)
order = rng.permutation(len(validation.texts))
half = len(order) // 2
a_idx, b_idx = order[:half], order[half:]
val_a = Split([validation.texts[i] for i in a_idx], validation.labels[a_idx])
val_b = Split([validation.texts[i] for i in b_idx], validation.labels[b_idx])
names = find_names(training.texts, frozenset(sentiment.analyzer().lexicon))
featurizer = Featurizer(sm.identity_terms() | names)
train_grams, train_dense = featurizer.grams(training.texts)
counts = Counter(g for grams in train_grams for g in grams)
terms = {g: j for j, g in enumerate(sorted(g for g, n in counts.items() if n >= MIN_COUNT))}
documents = np.array([counts[g] for g in terms], dtype=np.float64)
idf = np.log((1 + len(train_grams)) / (1 + documents)) + 1
x_train = featurizer.matrix(train_grams, train_dense, terms, idf)
x_a = featurizer.matrix(*featurizer.grams(val_a.texts), terms, idf)
x_b = featurizer.matrix(*featurizer.grams(val_b.texts), terms, idf)
best: tuple[float, float, LogisticRegression | None] = (-1.0, 0.0, None)
for c in C_GRID:
    fitted = LogisticRegression(C=c, class_weight="balanced", max_iter=2000).fit(x_train, training.labels)
    recall = macro_recall(val_a.labels, fitted.predict(x_a))
    print(f"C={c:g}: half A macro-recall {recall:.4f}", flush=True)
    if recall > best[0]:
        best = (recall, c, fitted)
_, c, train_only = best
refit = LogisticRegression(C=c, class_weight="balanced", max_iter=2000).fit(
    sparse.vstack([x_train, x_a]), np.concatenate([training.labels, val_a.labels]))
assert train_only is not None
print(f"chosen C={c:g}; on half B: train-only {macro_recall(val_b.labels, train_only.predict(x_b)):.4f}, "
      f"refit on train + half A {macro_recall(val_b.labels, refit.predict(x_b)):.4f}")
