"""Tasks done by a process pool's workers and by this process together, in order (see :class:`Scheduler`);
large results travel through a temporary file rather than a pipe (:func:`spilled`)."""

from __future__ import annotations

import gc
import os
import pickle
import tempfile
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

AHEAD: Final = 4
"""Tasks handed out ahead to each worker process."""


def spilled(folder: str, task: Callable[..., Any], *args: Any) -> str:
    """Run ``task`` in a worker and leave its pickled result in a file of ``folder``: only the
    file's name goes back through the pool's pipe, so a worker never waits for the busy main
    process to read a large result off the pipe.  (``folder`` is this run's private temporary
    folder, removed at its end: the pickle is the pool's own transport, never stored.)"""
    with tempfile.NamedTemporaryFile(dir=folder, delete=False) as file:
        pickle.dump(without_gc(task, *args), file, protocol=pickle.HIGHEST_PROTOCOL)
    return file.name


def without_gc(task: Callable[..., Any], *args: Any) -> Any:
    """``task(*args)`` with the cyclic garbage collector off: a task makes hundreds of thousands of small objects,
    none in a cycle, and in a Dask worker each collection they would trigger walks every object Dask keeps alive
    as well (the run's own processes pause it likewise: :func:`reactions.run.pipeline.paused_gc`)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return task(*args)
    finally:
        if enabled:
            gc.enable()


def _unspill(name: str) -> Any:
    with open(name, "rb") as file:
        data = file.read()
    os.unlink(name)
    return pickle.loads(data)


class Job:
    """One task and, once done, its result; ``later``: its result is wanted only after every other task's."""

    __slots__ = ("args", "done", "future", "later", "task", "value")

    def __init__(self, task: Callable[..., Any], args: tuple[Any, ...], *, later: bool = False) -> None:
        self.task, self.args, self.later = task, args, later
        self.future: Future[Any] | None = None
        self.done = False
        self.value: Any = None


class Scheduler:
    """Tasks done by a pool's workers *and* by this process: asked for a result that is not ready,
    this process does a task no worker has started instead of waiting (the next one not handed
    out, else the last one handed out, taken back).  So ``jobs=N`` is ``N-1`` workers plus this
    process, all busy to the end (this process also merges between tasks), and the tasks done
    here need no pickling.  A worker's result comes back through a file of ``spill`` (:func:`spilled`).

    A task added ``later`` (the run's scoring, whose results are wanted once the reading is done) is handed to a
    worker only when no other task waits, and is what this process does while it waits for a worker.  Handed out in
    the order added, a scoring task put a worker's reading task behind it, and this process, wanting that reading
    task's result, waited for both (the bulk corpus as one CSV: 0.14 s, a tenth of the run, idle).
    """

    def __init__(self, pool: ProcessPoolExecutor, workers: int, spill: str) -> None:
        self.pool = pool
        self.spill = spill
        self.ahead = AHEAD * workers
        self.waiting: deque[Job] = deque()
        self.later: deque[Job] = deque()
        self.handed: deque[Job] = deque()

    def add(self, task: Callable[..., Any], *args: Any, later: bool = False) -> Job:
        """A task to do (handed out in the order added, a ``later`` one after every other waiting)."""
        job = Job(task, args, later=later)
        (self.later if later else self.waiting).append(job)
        self.hand_out()
        return job

    def result(self, job: Job) -> Any:
        """The job's result, doing other jobs here while a worker is on it."""
        while not job.done:
            self.hand_out()
            if job.future is None:
                (self.later if job.later else self.waiting).remove(job)  # normally the first one waiting
                self._do(job)
            elif not job.future.done() and (other := self._take()) is not None:
                self._do(other)
            else:
                job.value, job.done = _unspill(job.future.result()), True
        return job.value

    def _take(self) -> Job | None:
        """A job for this process: the next one waiting (a ``later`` one last), else the last one handed out
        if no worker has started it yet."""
        if self.waiting or self.later:
            return (self.waiting or self.later).popleft()
        if self.handed and (last := self.handed[-1]).future is not None and last.future.cancel():
            self.handed.pop()
            last.future = None
            return last
        return None

    def _do(self, job: Job) -> None:
        job.value, job.done = job.task(*job.args), True

    def hand_out(self, *, everything: bool = False) -> None:
        """Keep the workers :data:`AHEAD` tasks ahead, or hand them ``everything`` still waiting
        (this process takes back, from the end, what they have not started when it is idle)."""
        while self.handed and self.handed[0].future is not None and self.handed[0].future.done():
            self.handed.popleft()
        while (self.waiting or self.later) and (everything or len(self.handed) < self.ahead):
            job = (self.waiting or self.later).popleft()
            job.future = self.pool.submit(spilled, self.spill, job.task, *job.args)
            self.handed.append(job)

