"""Sentiment throughput: raw VADER ``polarity_scores`` against reactions, on the same texts.

    .venv/bin/python benchmarks/sentiment_speed.py [--repeat 7] [--tsv PATH] [--corpus FOLDER]

Three text sets: the 4,200 ground-truth tweets (ASCII); an "emoji-heavy" set made from the same
tweets with 1-4 emoji appended to each (a fixed seed; skin tones, FE0F, flags and ZWJ sequences
included); and the reaction texts of a corpus: those of ``--corpus FOLDER`` (read and parsed with
:func:`reactions.run.units.read_corpus`, untimed), else 4,000 posts made by
``benchmarks/generate_corpus.py``'s generator (seed 7), the kind of post the pipeline benchmarks
score.  For each set, each contender runs over every text ``--repeat`` times, interleaved (so that
machine noise hits every contender alike), and the fastest run counts.  Times are CPU time of this
one process (``time.process_time``): other work on a shared machine disturbs them less than wall
time.  reactions' cache is cleared before every run, so each text is really scored (cold-cache
throughput; repeats of a text in a real corpus are cheaper).

Contenders, all in this process on the same texts:

* ``raw``: ``SentimentIntensityAnalyzer.polarity_scores`` (vaderSentiment 3.3.2);
* ``engine``: :meth:`reactions._vader.Engine.analyse`, the VADER stage alone (scores and drivers'
  terms, no cache);
* ``score_text``: :func:`reactions.sentiment.score_text` (scores and label, through the cache);
* ``score_frame``: :func:`reactions.sentiment.score_frame` on a one-column frame of the texts (all
  columns, ``drivers`` formatted, the DataFrame built).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generate_corpus import Generator  # noqa: E402

from reactions import _vader as vader  # noqa: E402
from reactions import sentiment  # noqa: E402
from reactions.run.units import read_corpus  # noqa: E402

GROUND_TRUTH = HERE.parents[1] / "shared" / "sentiment" / "vader_tweets_groundtruth.tsv"
EMOJI = ["😂", "❤️", "😍", "😭", "🙏", "👍🏽", "🔥", "😡", "🇺🇸", "🏳️‍🌈", "👩‍👩‍👧", "💔", "😊", "🤣", "😢", "✨"]
GENERATED_POSTS = 4000


def read_texts(path: Path) -> list[str]:
    """The text column of the ground-truth TSV (``id<TAB>mean<TAB>text``, one header line)."""
    lines = path.read_text(encoding="utf-8").splitlines()[1:]
    return [line.split("\t", 2)[2] for line in lines if line.count("\t") >= 2]


def emoji_heavy(texts: Sequence[str], seed: int = 7) -> list[str]:
    """Each text with 1-4 emoji appended (some glued to the last word), reproducibly."""
    rng = random.Random(seed)
    return [t + rng.choice(["", " "]) + "".join(rng.choices(EMOJI, k=rng.randint(1, 4))) for t in texts]


def corpus_texts(folder: Path | None) -> tuple[str, list[str]]:
    """The reaction texts of a corpus folder, or generated posts; and the set's name."""
    if folder is not None:
        texts = [reaction.text for reaction in read_corpus(folder).reactions]
        return f"corpus {folder.name}", texts
    generator = Generator(7, 0.1)
    return "generated posts", [generator.post_text() for _ in range(GENERATED_POSTS)]


def contenders(texts: list[str]) -> dict[str, Callable[[], object]]:
    """Each contender as a run over every text."""
    raw = sentiment.analyzer().polarity_scores
    engine = vader.Engine(sentiment.analyzer(), {})
    frame = pd.DataFrame({"text": texts})
    return {
        "raw": lambda: [raw(t) for t in texts],
        "engine": lambda: [engine.analyse(t) for t in texts],
        "score_text": lambda: [sentiment.score_text(t) for t in texts],
        "score_frame": lambda: sentiment.score_frame(frame),
    }


def measure(texts: list[str], repeat: int) -> dict[str, float]:
    """The fastest CPU seconds of each contender over ``texts``, runs interleaved."""
    runs = contenders(texts)
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, run in runs.items():
            sentiment.clear_cache()
            start = time.process_time()
            run()
            best[name] = min(best[name], time.process_time() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--tsv", type=Path, default=GROUND_TRUTH)
    parser.add_argument("--corpus", type=Path, default=None, help="score the reactions of this folder's articles")
    args = parser.parse_args(argv)
    texts = read_texts(args.tsv)
    sentiment.score_text("warm up 😂")  # build the analyzer and the emoji pattern outside the timing
    sets = [("ground truth (ASCII)", texts), ("emoji-heavy", emoji_heavy(texts)), corpus_texts(args.corpus)]
    print(f"best of {args.repeat} interleaved runs, CPU time of one process")
    print(f"{'text set':<28}{'contender':<13}{'CPU s':>8}{'texts/s':>10}{'× raw':>8}")
    for name, chosen in sets:
        best = measure(chosen, args.repeat)
        for contender, seconds in best.items():
            label = f"{name} ({len(chosen)})"
            rate = len(chosen) / seconds
            print(f"{label:<28}{contender:<13}{seconds:>8.3f}{rate:>10,.0f}{best['raw'] / seconds:>8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
