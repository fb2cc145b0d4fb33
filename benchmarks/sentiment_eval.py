"""How well reactions' sentiment agrees with people: raw VADER 3.3.2, reactions' VADER and the model, side by side.

    .venv/bin/python benchmarks/sentiment_eval.py [--tsv PATH] [--tweeteval DIR] [--model FILE]

1. The 4,200 human-rated tweets of the VADER paper (``id<TAB>mean rating<TAB>text``, the mean of
   20 ratings in [-4, 4]): Pearson r of ``compound`` against the human mean, and 3-class accuracy
   (human class: mean >= 0.5 positive, <= -0.5 negative, else neutral; predicted class: VADER's
   documented compound thresholds +-0.05).  These tweets are ASCII, so they measure that
   reactions keeps VADER's scores intact; they cannot show the emoji fixes.
2. A small emoji check set, HAND-MADE for this script (not human-rated data, not a benchmark):
   each post has an expected label; it shows what the emoji fixes change.  Accuracy on it is
   only an illustration.

3. TweetEval's sentiment test split (``--tweeteval DIR``: cardiffnlp/tweeteval ``datasets/sentiment``, 12,284
   tweets of SemEval-2017 Task 4): macro-averaged recall (TweetEval's metric), accuracy and each class's recall of
   ``vader`` (the documented +-0.05), ``vader-tweets`` (thresholds calibrated on TweetEval's *validation* split)
   and ``model`` (``--model FILE``, default the installed one; trained by ``reactions train-sentiment``), also on
   the tweets with an emoji; then texts per second (CPU time, caches cleared) and the fairness gap of the model
   (the mean and largest change of ``compound`` when identity terms or names are swapped into templates).

Nothing here is tuned to these sets: reactions runs with its defaults; the test split is only read here.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from emoji import emoji_count

from reactions import scorers, sentiment
from reactions import sentiment_model as sm
from reactions import sentiment_train as st

SHARED = Path(__file__).resolve().parents[2] / "shared"
GROUND_TRUTH = SHARED / "sentiment" / "vader_tweets_groundtruth.tsv"
HUMAN_NEUTRAL = 0.5
"""A human mean rating with ``|mean| < 0.5`` is neutral."""

EMOJI_CHECKS: tuple[tuple[str, str], ...] = (
    # (post, expected label) -- hand-made illustrations of the defects, not human-rated data
    ("I love you ❤️", "positive"),
    ("Proud of you 👍🏽❤️", "positive"),
    ("😂lol this is the best", "positive"),
    ("best day ever😍😍", "positive"),
    ("❤️‍🔥❤️‍🔥❤️‍🔥", "positive"),
    ("Happy birthday to my favourite human 🎉🥳❤️", "positive"),
    ("I am not okay 😭", "negative"),
    ("not happy with this at all 😢", "negative"),
    ("this verdict 😡😡", "negative"),
    ("💔💔 can't believe it", "negative"),
    ("watching the trial today 🇺🇸", "neutral"),
    ("court resumes at 9am 🏛️", "neutral"),
)


def read_ground_truth(path: Path) -> list[tuple[float, str]]:
    """``(human mean, text)`` pairs of the TSV (one header line)."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        _, mean, text = line.split("\t", 2)
        rows.append((float(mean), text))
    return rows


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Pearson's correlation coefficient."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    cov = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sx = math.sqrt(sum((x - mx) ** 2 for x in xs))
    sy = math.sqrt(sum((y - my) ** 2 for y in ys))
    return cov / (sx * sy)


def human_label(mean: float) -> str:
    if mean >= HUMAN_NEUTRAL:
        return "positive"
    if mean <= -HUMAN_NEUTRAL:
        return "negative"
    return "neutral"


def contenders(model: sm.Model | None) -> dict[str, Callable[[str], float]]:
    """Each scorer as text -> compound."""
    raw = sentiment.analyzer().polarity_scores
    found: dict[str, Callable[[str], float]] = {
        "raw VADER 3.3.2": lambda t: float(raw(t)["compound"]), "reactions VADER": score,
    }
    if model is not None:
        found["model"] = lambda t: sm.score_texts(model, [t], explain=False)[0].compound
    return found


def score(text: str) -> float:
    return sentiment.score_text(text).compound


def evaluate(rows: Sequence[tuple[float, str]], compound: Callable[[str], float]) -> tuple[float, float]:
    """Pearson r and 3-class accuracy of ``compound`` on ``rows``."""
    means = [mean for mean, _ in rows]
    scores = [compound(text) for _, text in rows]
    label = sentiment.DEFAULT_THRESHOLDS.label
    hits = sum(human_label(m) == label(s) for m, s in zip(means, scores, strict=True))
    return pearson(scores, means), hits / len(rows)


def tweet_labels(texts: Sequence[str], name: str, model: sm.Model | None) -> np.ndarray:
    """Each text's label under scorer ``name`` as 0, 1, 2 (negative, neutral, positive)."""
    if name == "model":
        assert model is not None
        return np.array([sm.CLASSES.index(s.label) for s in sm.score_texts(model, texts, explain=False)])
    thresholds = scorers.thresholds_of(name)
    assert thresholds is not None
    return np.array([sentiment.LABELS.index(thresholds.label(score(t))) for t in texts])


def tweeteval(folder: Path, model: sm.Model | None) -> None:
    test = st.read_split(folder, "test")
    emoji = np.array([emoji_count(t) > 0 for t in test.texts])
    names = [n for n in scorers.SCORERS if n != "model" or model is not None]
    print(f"\n3. TweetEval sentiment test: {len(test.texts)} tweets ({int(emoji.sum())} with an emoji)")
    print(f"{'scorer':<28}{'macro-recall':>13}{'accuracy':>10}{'R neg':>8}{'R neu':>8}{'R pos':>8}"
          f"{'positive':>10}{'emoji MR':>10}{'emoji acc':>10}")
    for name in names:
        predicted = tweet_labels(test.texts, name, model)
        recalls = [float(np.mean(predicted[test.labels == k] == k)) for k in range(3)]
        truth, mine = test.labels[emoji], predicted[emoji]
        print(f"{scorers.describe_scorer(name):<28}{st.macro_recall(test.labels, predicted):>13.4f}"
              f"{np.mean(predicted == test.labels):>10.4f}" + "".join(f"{r:>8.4f}" for r in recalls)
              + f"{np.mean(predicted == 2):>10.3f}{st.macro_recall(truth, mine):>10.4f}{np.mean(truth == mine):>10.4f}")
    print(f"{'(human labels)':<28}{'':>13}{'':>10}{'':>24}{np.mean(test.labels == 2):>10.3f}")
    print("\n4. Speed on the TweetEval test texts (CPU time of this process, caches cleared, best of 2)")
    raw = sentiment.analyzer().polarity_scores
    speeds = {"raw VADER 3.3.2 (reference)": lambda: [raw(t) for t in test.texts],
              "vader (score_text)": lambda: [sentiment.score_text(t) for t in test.texts]}
    if model is not None:
        speeds["model (score_texts, explained)"] = lambda: sm.score_texts(model, test.texts)
    for name, run in speeds.items():
        best = math.inf
        for _ in range(2):
            sentiment.clear_cache()
            start = time.process_time()
            run()
            best = min(best, time.process_time() - start)
        print(f"{name:<34}{len(test.texts) / best:>10,.0f} texts/s")
    if model is not None:
        print("\n5. Fairness of the model: compound's change when a term is swapped into "
              f"{len(st.TEMPLATES)} templates")
        for what, terms in (("identity terms", st.identity_phrases()), ("names", st.NAMES)):
            mean, largest = st.fairness_gap(model, terms)
            print(f"{what:<16}{len(terms):>4} terms: mean absolute change {mean:.4f}, largest {largest:.4f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tsv", type=Path, default=GROUND_TRUTH)
    parser.add_argument("--tweeteval", type=Path, metavar="DIR", help="TweetEval's datasets/sentiment folder")
    parser.add_argument("--model", type=Path, metavar="FILE", help="the model file (default: the installed one)")
    args = parser.parse_args(argv)
    model = None
    try:
        model = sm.load_model(args.model)
    except sm.ModelError as error:
        print(f"note: {error}: the model is left out")
    rows = read_ground_truth(args.tsv)
    label = sentiment.DEFAULT_THRESHOLDS.label
    print(f"1. {args.tsv.name}: {len(rows)} human-rated tweets")
    print(f"{'scorer':<18}{'Pearson r':>10}{'3-class accuracy':>18}")
    for name, compound in contenders(model).items():
        r, accuracy = evaluate(rows, compound)
        print(f"{name:<18}{r:>10.4f}{accuracy:>18.4f}")
    print(f"\n2. Emoji check set: {len(EMOJI_CHECKS)} HAND-MADE posts (an illustration, not human-rated data)")
    names = list(contenders(model))
    print(f"{'post':<44}{'expected':>10}" + "".join(f"{n[:16]:>18}" for n in names))
    hits = dict.fromkeys(names, 0)
    for text, expected in EMOJI_CHECKS:
        cells = []
        for name, compound in contenders(model).items():
            value = compound(text)
            hits[name] += label(value) == expected
            cells.append(f"{label(value)} {value:+.2f}")
        print(f"{text:<44}{expected:>10}" + "".join(f"{c:>18}" for c in cells))
    agreement = "".join(f"{h:>15}/{len(EMOJI_CHECKS)}" for h in hits.values())
    print(f"{'agreement with the expected labels':<54}{agreement}")
    if args.tweeteval is not None:
        tweeteval(args.tweeteval, model)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
