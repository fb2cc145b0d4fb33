"""reactions.run.scheduler: a pool's workers and this process share the tasks, in order."""

from __future__ import annotations

import operator
import os
import time
from pathlib import Path

from reactions.run.parallel import shared_pool
from reactions.run.scheduler import Scheduler


def pid_after(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def test_the_scheduler_shares_the_work_and_keeps_the_order(tmp_path: Path) -> None:
    pool = shared_pool(1)
    tasks = Scheduler(pool, 1, str(tmp_path))
    jobs = [tasks.add(pid_after, 0.3)] + [tasks.add(operator.add, i, 100) for i in range(8)]
    tasks.hand_out(everything=True)  # all to the worker: this process takes back what it has not started
    future = jobs[0].future
    assert future is not None
    while not future.running():  # on its way to the worker: no longer to be taken back
        time.sleep(0.01)
    first = tasks.result(jobs[0])
    assert first != os.getpid()  # the worker slept on it while this process did the rest
    assert [tasks.result(job) for job in jobs[1:]] == [i + 100 for i in range(8)]
    assert sum(job.future is None for job in jobs[1:]) >= 5  # done here (the pool's queue holds two)
    assert list(tmp_path.iterdir()) == []  # every result spilled by the worker was read and removed
