"""Sentiment throughput: raw VADER ``polarity_scores`` against reactions, on the same texts.

    .venv/bin/python benchmarks/sentiment_speed.py [--repeat 7] [--tsv PATH]

Two text sets: the 4,200 ground-truth tweets (ASCII) and an "emoji-heavy" set made from the same
tweets with 1-4 emoji appended to each (a fixed seed; skin tones, FE0F, flags and ZWJ sequences
included).  For each set, each contender runs over every text ``--repeat`` times, interleaved,
and the best run counts.  Times are CPU time of this process (``time.process_time``), so that
other work on a shared machine disturbs the comparison less.  reactions' cache is cleared before
every run, so each text is really scored (the numbers are cold-cache throughput; repeats of a
text in a real corpus are cheaper).

Contenders: ``raw`` is ``SentimentIntensityAnalyzer.polarity_scores``; ``score_text`` is
:func:`reactions.sentiment.score_text` (scores and label; the drivers are computed too, as they
share the pass); ``score_frame`` is :func:`reactions.sentiment.score_frame` on a one-column
frame of the texts (all columns, ``drivers`` formatted, the DataFrame built).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pandas as pd

from reactions import sentiment

GROUND_TRUTH = Path(__file__).resolve().parents[2] / "shared" / "sentiment" / "vader_tweets_groundtruth.tsv"
EMOJI = ["😂", "❤️", "😍", "😭", "🙏", "👍🏽", "🔥", "😡", "🇺🇸", "🏳️‍🌈", "👩‍👩‍👧", "💔", "😊", "🤣", "😢", "✨"]


def read_texts(path: Path) -> list[str]:
    """The text column of the ground-truth TSV (``id<TAB>mean<TAB>text``, one header line)."""
    lines = path.read_text(encoding="utf-8").splitlines()[1:]
    return [line.split("\t", 2)[2] for line in lines if line.count("\t") >= 2]


def emoji_heavy(texts: Sequence[str], seed: int = 7) -> list[str]:
    """Each text with 1-4 emoji appended (some glued to the last word), reproducibly."""
    rng = random.Random(seed)
    return [t + rng.choice(["", " "]) + "".join(rng.choices(EMOJI, k=rng.randint(1, 4))) for t in texts]


def best_time(run: Callable[[], object], before: Callable[[], object], repeat: int) -> float:
    """The fastest of ``repeat`` timed runs, ``before`` called untimed ahead of each."""
    times = []
    for _ in range(repeat):
        before()
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def measure(texts: list[str], repeat: int) -> dict[str, float]:
    """Texts per second of each contender on ``texts``."""
    raw = sentiment.analyzer().polarity_scores
    frame = pd.DataFrame({"text": texts})
    contenders: dict[str, Callable[[], object]] = {
        "raw": lambda: [raw(t) for t in texts],
        "score_text": lambda: [sentiment.score_text(t) for t in texts],
        "score_frame": lambda: sentiment.score_frame(frame),
    }
    clear = sentiment.clear_cache
    best = {name: float("inf") for name in contenders}
    for _ in range(repeat):  # interleaved, so that machine noise hits every contender alike
        for name, run in contenders.items():
            best[name] = min(best[name], best_time(run, clear, 1))
    return {name: len(texts) / seconds for name, seconds in best.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--tsv", type=Path, default=GROUND_TRUTH)
    args = parser.parse_args(argv)
    texts = read_texts(args.tsv)
    sentiment.score_text("warm up 😂")  # build the analyzer and the emoji pattern outside the timing
    print(f"{'text set':<28}{'contender':<13}{'texts/s':>10}{'× raw':>8}")
    for name, chosen in (("ground truth (ASCII)", texts), ("emoji-heavy", emoji_heavy(texts))):
        rates = measure(chosen, args.repeat)
        for contender, rate in rates.items():
            print(f"{name + f' ({len(chosen)})':<28}{contender:<13}{rate:>10,.0f}{rate / rates['raw']:>8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
