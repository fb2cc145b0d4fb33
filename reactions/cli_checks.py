"""What the ``reactions`` command checks and says before and around a run, apart from :mod:`reactions.cli` so that
the parser stays small: the paths it is given (:func:`check_paths`) and the caches' problems, said once on stderr
(:func:`cache_warnings`)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from typing import IO, Final

CACHE_LOGGERS: Final = ("reactions.run.cache", "reactions.run.framecache", "reactions.run.pipeline")
"""The loggers whose warnings say a cache is not used (unusable, not the user's, failing mid-run)."""


class _Once(logging.Handler):
    """Each distinct warning printed once, as ``warning: …``."""

    def __init__(self, stream: IO[str]) -> None:
        super().__init__(logging.WARNING)
        self.stream = stream
        self.seen: set[str] = set()

    def emit(self, record: logging.LogRecord) -> None:
        try:
            message = " ".join(record.getMessage().split())
        except Exception:  # a bad format string: never a reason to stop the run
            return
        if message not in self.seen:
            self.seen.add(message)
            print(f"warning: {message}", file=self.stream)


@contextlib.contextmanager
def cache_warnings(stream: IO[str], *, quiet: bool = False) -> Iterator[None]:
    """While inside, a cache that cannot be used (read-only, full, corrupt, a link, a key or folder that is not
    the user's alone) is said on ``stream`` once, instead of only in the log a command line never shows; nothing
    with ``quiet`` (``-q``: errors only).  The run goes on without the cache either way."""
    if quiet:
        yield
        return
    handler = _Once(stream)
    loggers = [logging.getLogger(name) for name in CACHE_LOGGERS]
    for each in loggers:
        each.addHandler(handler)
    try:
        yield
    finally:
        for each in loggers:
            each.removeHandler(handler)
