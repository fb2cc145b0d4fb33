"""The command line's choice of sentiment scorer (``--sentiment vader|vader-tweets|model``) and
``reactions train-sentiment DATA [-o FILE]``, which trains the optional model (docs/sentiment.md)."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

SCORERS = ("vader", "vader-tweets", "model")
"""reactions.scorers.SCORERS (not imported: ``--help`` stays quick; a test checks they agree)."""


def add_scorer_argument(command: argparse.ArgumentParser) -> None:
    """``--sentiment``: which scorer makes the labels of this run."""
    command.add_argument(
        "--sentiment", choices=SCORERS, default="vader",
        help="which scorer makes the sentiment labels: vader (default, the documented thresholds +-0.05), "
        "vader-tweets (VADER with thresholds calibrated on tweets) or model (the optional tweet model, trained "
        "once with 'reactions train-sentiment'; docs/sentiment.md)",
    )  # fmt: skip


def scored(frame: pd.DataFrame, args: argparse.Namespace, lexicon: Mapping[str, float] | None) -> pd.DataFrame:
    """``frame`` as the chosen scorer labels it; a scorer other than the default is said on stderr unless
    ``--quiet``."""
    name = getattr(args, "sentiment", "vader")
    if name == "vader":
        return frame  # the run path's own labels: nothing more to load (a warm run loads no scorer)
    from reactions.scorers import apply_scorer, describe_scorer

    result = apply_scorer(frame, name, lexicon=lexicon)
    if name != "vader" and not getattr(args, "quiet", False):
        print(f"sentiment: {describe_scorer(name)}", file=sys.stderr)
    return result


def add_train_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``reactions train-sentiment DATA [-o FILE]``."""
    train = commands.add_parser(
        "train-sentiment",
        help="train the optional sentiment model on labelled tweets (pip install 'reactions[train]')",
        description="Train the tweet sentiment model that --sentiment model uses, from a folder in TweetEval's "
        "layout (train_text.txt, train_labels.txt, val_text.txt, val_labels.txt; labels 0 negative, 1 neutral, "
        "2 positive), and write it to the user's data folder. The test split is never read.",
    )
    train.add_argument("data", type=Path, metavar="DATA", help="the folder of the train and val splits")
    train.add_argument(
        "-o", "--output", type=Path, metavar="FILE",
        help="write the model to FILE (default: sentiment-model.json in the user's data folder, or "
        "$REACTIONS_SENTIMENT_MODEL)",
    )  # fmt: skip
    train.set_defaults(handler=run_train)


def run_train(args: argparse.Namespace) -> int:
    """``reactions train-sentiment``: train, write the model, say where and how well it did on validation."""
    from reactions import sentiment_model, sentiment_train

    start = time.process_time()
    model = sentiment_train.train(args.data, say=lambda line: print(line, file=sys.stderr))
    path = sentiment_model.save_model(model, args.output or sentiment_model.model_path())
    info = model.info
    print(
        f"model written to {path}: {info['terms']} terms, validation macro-recall {info['validation_macro_recall']}, "
        f"VADER's thresholds for tweets {info['vader_tweet_thresholds']} "
        f"({time.process_time() - start:.0f} s CPU)",
        file=sys.stderr,
    )
    return 0
