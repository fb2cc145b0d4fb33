"""reactions.run.scheduler: a pool's workers and this process share the tasks, in order."""

from __future__ import annotations

import operator
import os
import time
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

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




class _Worked(Future[Any]):
    """A task handed to the stand-in pool: the worker is done with it once it is waited for (never sooner)."""

    def __init__(self, call: tuple[Any, ...]) -> None:
        super().__init__()
        self.call = call

    def result(self, timeout: float | None = None) -> Any:
        if not self.done():
            function, *args = self.call
            if not self.running():
                self.set_running_or_notify_cancel()
            self.set_result(function(*args))
        return super().result(timeout)


class _Pool:
    """A stand-in for the process pool: keeps each task handed to it; the test says when the worker starts one."""

    def __init__(self) -> None:
        self.handed: list[_Worked] = []

    def submit(self, function: Callable[..., Any], *args: Any) -> _Worked:
        self.handed.append(_Worked((function, *args)))
        return self.handed[-1]


def test_a_task_wanted_later_waits_for_the_others_and_fills_this_process_s_waits(tmp_path: Path) -> None:
    """Handed out in the order added, a scoring task put the reading task behind it out of this process's reach
    (the pool's queue takes a worker's next tasks at once): a ``later`` task goes to a worker only when nothing
    else waits, and is what this process does while it waits for a worker."""
    pool = _Pool()
    tasks = Scheduler(pool, 1, str(tmp_path))  # type: ignore[arg-type]
    tasks.ahead = 1  # one task handed out at a time
    first = tasks.add(operator.add, 1, 200, later=True)
    assert first.future is not None  # nothing else waited
    second = tasks.add(operator.add, 2, 200, later=True)
    reading = tasks.add(operator.add, 1, 100)
    first.future.result()  # the worker is done with it
    tasks.hand_out()
    assert reading.future is not None  # handed out before the later task added before it
    assert second.future is None
    reading.future.set_running_or_notify_cancel()  # the worker has started it: not to be taken back
    assert tasks.result(reading) == 101
    assert second.future is None  # done here while the worker was on it
    assert second.value == 202
    assert tasks.result(first) == 201
    assert list(tmp_path.iterdir()) == []  # every result spilled was read and removed
