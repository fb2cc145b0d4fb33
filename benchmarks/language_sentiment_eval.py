"""Sentiment in other languages against people's labels: each language's lexicon, VADER's English lexicon, and
"everything neutral", by macro-recall (the mean of the three classes' recalls: .333 for any constant answer).

    .venv/bin/python benchmarks/language_sentiment_eval.py --xlmt FOLDER [--split test|val|train]

``FOLDER`` is a copy of cardiffnlp/xlm-t's ``data/sentiment``: tweets labelled negative (0), neutral (1) or positive
(2) by people, from SB-10K (German), DEFT 2017 (French), SentiBR (Portuguese), Sentipolc 2016 (Italian), InterTASS
2017 (Spanish) and SemEval 2017 (English), 870 per language in ``test``. Each post is scored by its language's
lexicon as the frame scores a row of that ``lang`` (:func:`reactions.lexicons.score_in`); "English lexicon" is
:func:`reactions.sentiment.score_text`, what every post got before languages were told apart. Nothing was tuned
on ``test`` (the German suffixes and the polarity scale were tried on ``train`` only).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from reactions import sentiment
from reactions.lexicons import LEXICONS, score_in

FOLDERS = {
    "english": "en", "german": "de", "french": "fr", "portuguese": "pt", "italian": "it", "spanish": "es",
}  # fmt: skip
LABELS = ("negative", "neutral", "positive")


def read_split(folder: Path, name: str, split: str) -> tuple[list[str], list[str]]:
    texts = (folder / name / f"{split}_text.txt").read_text(encoding="utf-8").splitlines()
    labels = (folder / name / f"{split}_labels.txt").read_text(encoding="utf-8").split()
    return texts, [LABELS[int(label)] for label in labels]


def macro_recall(truth: Sequence[str], predicted: Sequence[str]) -> float:
    recalls = []
    for label in LABELS:
        wanted = [p for t, p in zip(truth, predicted, strict=True) if t == label]
        recalls.append(sum(p == label for p in wanted) / len(wanted) if wanted else 0.0)
    return sum(recalls) / len(recalls)


def accuracy(truth: Sequence[str], predicted: Sequence[str]) -> float:
    return sum(t == p for t, p in zip(truth, predicted, strict=True)) / len(truth)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--xlmt", type=Path, required=True, help="xlm-t's data/sentiment folder")
    parser.add_argument("--split", choices=("test", "val", "train"), default="test")
    args = parser.parse_args()
    rows = []
    for name, lang in FOLDERS.items():
        texts, truth = read_split(args.xlmt, name, args.split)
        contenders = {"everything neutral": ["neutral"] * len(texts)}
        contenders["English lexicon (VADER)"] = [sentiment.score_text(t).label for t in texts]
        if lang in LEXICONS:
            contenders[LEXICONS[lang].name] = [score_in(lang, t).label for t in texts]
        for scorer, predicted in contenders.items():
            rows.append({
                "lang": lang, "posts": len(texts), "scorer": scorer,
                "macro_recall": round(macro_recall(truth, predicted), 4),
                "accuracy": round(accuracy(truth, predicted), 4),
            })  # fmt: skip
    print(pd.DataFrame(rows).to_string(index=False))


if __name__ == "__main__":
    main()
