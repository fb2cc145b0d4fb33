"""Which processes a test started are still running: each started process is given ``REACTIONS_TEST_RUN=<mark>`` in
its environment, which every process it starts inherits, wherever it is re-parented (a helper of the tests that
check that a run, a cluster or a browser test's server leaves nothing behind)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

MARK = "REACTIONS_TEST_RUN"


def processes_marked(mark: str) -> list[str]:
    """Every running process whose environment holds ``REACTIONS_TEST_RUN=mark``, by its command line."""
    return list(_marked(mark).values())


def kill_marked(mark: str) -> None:
    """Kill every process :func:`processes_marked` finds (a failed test's clean-up: it leaves nothing either)."""
    for pid in _marked(mark):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            continue


def _marked(mark: str) -> dict[int, str]:
    wanted = f"{MARK}={mark}".encode()
    found = {}
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and wanted in (entry / "environ").read_bytes().split(b"\0"):
                found[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
    return found
