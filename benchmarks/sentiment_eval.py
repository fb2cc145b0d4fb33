"""How well reactions' sentiment agrees with people: raw VADER 3.3.2 and reactions, side by side.

    .venv/bin/python benchmarks/sentiment_eval.py [--tsv PATH]

1. The 4,200 human-rated tweets of the VADER paper (``id<TAB>mean rating<TAB>text``, the mean of
   20 ratings in [-4, 4]): Pearson r of ``compound`` against the human mean, and 3-class accuracy
   (human class: mean >= 0.5 positive, <= -0.5 negative, else neutral; predicted class: VADER's
   documented compound thresholds +-0.05).  These tweets are ASCII, so they measure that
   reactions keeps VADER's scores intact; they cannot show the emoji fixes.
2. A small emoji check set, HAND-MADE for this script (not human-rated data, not a benchmark):
   each post has an expected label; it shows what the emoji fixes change.  Accuracy on it is
   only an illustration.

Nothing here is tuned to either set: reactions runs with its defaults.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence
from pathlib import Path

from reactions import sentiment

GROUND_TRUTH = Path(__file__).resolve().parents[2] / "shared" / "sentiment" / "vader_tweets_groundtruth.tsv"
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


def contenders() -> dict[str, Callable[[str], float]]:
    """Each scorer as text -> compound."""
    raw = sentiment.analyzer().polarity_scores
    return {"raw VADER 3.3.2": lambda t: float(raw(t)["compound"]), "reactions": lambda t: score(t)}


def score(text: str) -> float:
    return sentiment.score_text(text).compound


def evaluate(rows: Sequence[tuple[float, str]], compound: Callable[[str], float]) -> tuple[float, float]:
    """Pearson r and 3-class accuracy of ``compound`` on ``rows``."""
    means = [mean for mean, _ in rows]
    scores = [compound(text) for _, text in rows]
    label = sentiment.DEFAULT_THRESHOLDS.label
    hits = sum(human_label(m) == label(s) for m, s in zip(means, scores, strict=True))
    return pearson(scores, means), hits / len(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tsv", type=Path, default=GROUND_TRUTH)
    args = parser.parse_args(argv)
    rows = read_ground_truth(args.tsv)
    label = sentiment.DEFAULT_THRESHOLDS.label
    print(f"1. {args.tsv.name}: {len(rows)} human-rated tweets")
    print(f"{'scorer':<18}{'Pearson r':>10}{'3-class accuracy':>18}")
    for name, compound in contenders().items():
        r, accuracy = evaluate(rows, compound)
        print(f"{name:<18}{r:>10.4f}{accuracy:>18.4f}")
    print(f"\n2. Emoji check set: {len(EMOJI_CHECKS)} HAND-MADE posts (an illustration, not human-rated data)")
    print(f"{'post':<44}{'expected':>10}{'raw VADER':>18}{'reactions':>18}")
    hits = dict.fromkeys(contenders(), 0)
    for text, expected in EMOJI_CHECKS:
        cells = []
        for name, compound in contenders().items():
            value = compound(text)
            hits[name] += label(value) == expected
            cells.append(f"{label(value)} {value:+.2f}")
        print(f"{text:<44}{expected:>10}{cells[0]:>18}{cells[1]:>18}")
    print(
        f"{'agreement with the expected labels':<54}" + "".join(f"{h:>15}/{len(EMOJI_CHECKS)}" for h in hits.values())
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
