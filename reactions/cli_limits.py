"""The per-document time limit of every command that reads articles: ``--time-limit SECONDS``.

One document the parser is slow on must not hold a whole run: each document's parse is stopped after this many
seconds (:func:`reactions.run.guard.parse_within`), the document named in one warning and skipped, the rest kept.
"""

from __future__ import annotations

import argparse

from reactions.run.guard import DEFAULT_TIME_LIMIT


def seconds(text: str) -> float:
    """An argparse type: ``0`` (no limit) or a positive number of seconds."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"0 (no limit) or a positive number of seconds, not {text!r}")
    return value


def add_time_limit(command: argparse.ArgumentParser) -> None:
    """``--time-limit SECONDS`` (default :data:`~reactions.run.guard.DEFAULT_TIME_LIMIT`; 0: none)."""
    command.add_argument(
        "--time-limit", type=seconds, default=DEFAULT_TIME_LIMIT, metavar="SECONDS",
        help="stop parsing a document after SECONDS and skip it, named in a warning, keeping the rest of the run "
        "(default %(default)g; 0: no limit)",
    )  # fmt: skip


def time_limit(args: argparse.Namespace) -> float | None:
    """The parse limit a run is given (``None``: no limit)."""
    value: float = getattr(args, "time_limit", DEFAULT_TIME_LIMIT)
    return value or None
