"""reactions.run.scheduler: a pool's workers and this process share the tasks, in order."""

from __future__ import annotations

import os
import time
from pathlib import Path

from reactions.run.parallel import shared_pool
from reactions.run.scheduler import Scheduler


def pid_once(folder: str, count: int) -> int:
    """This process's id, once ``count`` files are in ``folder`` (or after a minute: a guard against a hang)."""
    deadline = time.monotonic() + 60
    while len(os.listdir(folder)) < count and time.monotonic() < deadline:
        time.sleep(0.01)
    return os.getpid()


def add_noted(a: int, b: int, folder: str) -> int:
    """``a + b``, noted by a file in ``folder``."""
    Path(folder, f"{a}-{os.getpid()}").touch()
    return a + b


def test_the_scheduler_shares_the_work_and_keeps_the_order(tmp_path: Path) -> None:
    """The worker holds its first task until five others are done, which only this process can do meanwhile (a
    fixed sleep let a starved test process do fewer on a loaded machine)."""
    pool = shared_pool(1)
    spill, notes = tmp_path / "spill", tmp_path / "notes"
    spill.mkdir()
    notes.mkdir()
    tasks = Scheduler(pool, 1, str(spill))
    jobs = [tasks.add(pid_once, str(notes), 5)] + [tasks.add(add_noted, i, 100, str(notes)) for i in range(8)]
    tasks.hand_out(everything=True)  # all to the worker: this process takes back what it has not started
    future = jobs[0].future
    assert future is not None
    while not future.running():  # on its way to the worker: no longer to be taken back
        time.sleep(0.01)
    first = tasks.result(jobs[0])
    assert first != os.getpid()  # the worker slept on it while this process did the rest
    assert [tasks.result(job) for job in jobs[1:]] == [i + 100 for i in range(8)]
    assert sum(job.future is None for job in jobs[1:]) >= 5  # done here (the pool's queue holds two)
    assert list(spill.iterdir()) == []  # every result spilled by the worker was read and removed
