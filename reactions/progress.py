"""A run's progress on a terminal: tqdm's bar on stderr, for every run that lasts over a second.

The bar's clock starts when the run does (:class:`ProgressBar` is made before it), not at the first unit done:
a dataset read as one unit (a CSV of thousands of articles) reports only when it is finished, and a bar started
then would never have been drawn.  A timer draws it once the delay has passed, and keeps its elapsed time
moving while nothing is reported (a long unit, scoring, building the frame), until :meth:`ProgressBar.close`.
A terminal that reports no size (0 by 0: a fresh pseudo-terminal, ``script``, ``docker exec -t``) gets a bar of
``$COLUMNS`` (else 80) by ``$LINES`` (else 24): tqdm would take it for a screen of no rows and hide its bar there.
"""

from __future__ import annotations

import io
import os
import shutil
import threading
import time
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from tqdm import tqdm

__all__ = ["PROGRESS_DELAY", "ProgressBar"]

PROGRESS_DELAY = 1.0
"""Seconds a run lasts before its progress bar is drawn (a short run shows none)."""
TICK = 1.0
"""Seconds between redraws while no progress is reported."""


class ProgressBar:
    """tqdm's progress bar as the ``progress(done, total)`` callback of :func:`reactions.run.pipeline.extract_frame`
    and :func:`reactions.run.units.read_corpus`: drawn on a terminal only, once the run (counted from this object's
    making) has lasted ``delay`` seconds, and erased by ``close()`` so that the summary starts on a clean line."""

    def __init__(self, stream: IO[str], *, delay: float = PROGRESS_DELAY) -> None:
        self.stream = stream
        self.delay = delay
        self.started = time.time()  # tqdm's own clock
        self.bar: tqdm | None = None
        self.timer: threading.Timer | None = None
        self.lock = threading.Lock()

    def __call__(self, done: int, total: int) -> None:
        with self.lock:
            if self.bar is None:
                if not self.stream.isatty():
                    return  # no bar is drawn off a terminal: tqdm is not even loaded
                size = fixed_size(self.stream)
                from tqdm import tqdm  # loaded by the first report on a terminal

                self.bar = tqdm(total=total, file=self.stream, delay=self.delay, unit="file", leave=False,
                                position=0, disable=False, ncols=size and size.columns,
                                nrows=size and size.lines, dynamic_ncols=size is None)  # fmt: skip
                self.bar.start_t = self.bar.last_print_t = self.started
                if not self.bar.disable:
                    self._schedule(self.started + self.delay - time.time())
            self.bar.update(done - self.bar.n)
            if done >= total and self._due():
                self.bar.refresh()  # the last step is always drawn (tqdm skips updates closer than 0.1 s)

    def _due(self) -> bool:
        return self.bar is not None and not self.bar.disable and time.time() - self.started >= self.delay

    def _schedule(self, wait: float) -> None:
        self.timer = threading.Timer(max(0.0, wait), self.tick)
        self.timer.daemon = True
        self.timer.start()

    def tick(self) -> None:
        """Draw the bar as it stands (its elapsed time moves on), and again in :data:`TICK` seconds."""
        with self.lock:
            if self.bar is None or self.timer is None:
                return  # closed
            if self._due():
                self.bar.refresh()
            self._schedule(TICK)

    def close(self) -> None:
        """Stop the timer and erase the bar, if it was drawn."""
        with self.lock:
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None
            if self.bar is not None:
                self.bar.close()


def fixed_size(stream: IO[str]) -> os.terminal_size | None:
    """``None`` when the terminal of ``stream`` tells its size (the bar follows it); else a size to keep
    (``$COLUMNS`` by ``$LINES``, else 80 by 24)."""
    try:
        size = os.get_terminal_size(stream.fileno())
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        size = os.terminal_size((0, 0))
    return None if size.columns > 0 and size.lines > 0 else shutil.get_terminal_size()
