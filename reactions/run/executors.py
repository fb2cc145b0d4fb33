"""Where a run's tasks are done: one :class:`Executor` protocol, four executors, chosen in one place.

The run (:func:`reactions.run.pipeline.extract_frame`) adds tasks (:mod:`reactions.run.tasks`: reading, scoring)
and asks for their results in the order it merges them; an executor decides where each task runs, as an httpx
transport decides how a request travels, and the run never asks which one it has:

* :class:`InProcess`: every task in this process, when its result is asked for;
* :class:`ProcessPool`: ``jobs - 1`` forked worker processes *and* this one
  (:class:`~reactions.run.scheduler.Scheduler`);
* :class:`Guarded`: the tasks here, every document parsed in a guarded worker process that is killed at a time
  limit (:class:`~reactions.run.guard.GuardedParser`: the page, which no file may hold);
* :class:`Cluster`: every task on a Dask cluster's workers, as soon as it is added.

:func:`open_executor` is the one place that chooses.  The result of a run is the same whatever executor ran it.
"""

from __future__ import annotations

import importlib
import pickle
import tempfile
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from reactions.run.guard import GuardedParser
from reactions.run.parallel import default_jobs, shared_pool
from reactions.run.scheduler import Job, Scheduler, without_gc
from reactions.run.tasks import warm_up

__all__ = ["Cluster", "Executor", "Guarded", "InProcess", "ProcessPool", "open_executor"]


@runtime_checkable
class Executor(Protocol):
    """Runs a run's tasks.

    ``width`` is how many processes do tasks at once: the run cuts its inputs into about 16 units per process, and
    keeps tasks added ahead of the one it merges when it is more than 1.  ``grain`` is how many times the smallest
    task one of this executor's tasks should hold (a cluster's tasks each cost its scheduler, its network and this
    process a few milliseconds: fewer and larger ones pay).  ``score_rows`` is how many new reactions one of the
    run's scoring tasks holds.  A task and its arguments are picklable (they may travel to another process or
    machine); its result is asked for once, in the order the run wants.
    """

    width: int
    grain: int
    score_rows: int

    def submit(self, task: Callable[..., Any], *args: Any, later: bool = False) -> Job:
        """A task to do; tasks are started in the order submitted, those submitted ``later`` (their results are
        wanted only after every other task's: the run's scoring) when no other is waiting."""

    def result(self, job: Job) -> Any:
        """The task's result (done here, or waited for)."""

    def finish(self) -> None:
        """Every task is submitted: hand the workers whatever is left (they score while this process builds the
        frame)."""

    def guard(self, limit: float | None) -> GuardedParser | float | None:
        """What a reading task parses with (:func:`reactions.run.tasks.read_chunk`'s ``guard``): ``limit`` seconds
        per document in whichever process runs the task (``None``: no limit), or this executor's own guard."""

    def close(self) -> None:
        """Let go of what the executor holds for the run (temporary files, guard processes); a shared pool and a
        cluster live on."""


class InProcess:
    """Every task done in this process, when its result is asked for."""

    width = 1
    grain = 1
    score_rows = 16384
    """(The scoring tasks are done when their results are asked for, after the reading: a small one saves nothing.)"""

    def submit(self, task: Callable[..., Any], *args: Any, later: bool = False) -> Job:
        """A task to do when its result is asked for."""
        return Job(task, args, later=later)

    def result(self, job: Job) -> Any:
        """The task's result, done now if it is not done yet."""
        if not job.done:
            job.value, job.done = job.task(*job.args), True
        return job.value

    def finish(self) -> None:
        """Nothing to hand out."""

    def guard(self, limit: float | None) -> GuardedParser | float | None:
        """``limit``: documents are parsed in this process, each stopped after ``limit`` seconds."""
        return limit

    def close(self) -> None:
        """Nothing held."""


class Guarded(InProcess):
    """The tasks done here, every document parsed by ``jobs`` guarded worker processes within ``time_limit``
    seconds each (a document that takes longer is skipped with a reason, its worker killed)."""

    def __init__(self, time_limit: float, jobs: int) -> None:
        self.parser = GuardedParser(time_limit, workers=jobs)

    def guard(self, limit: float | None) -> GuardedParser | float | None:
        """The guarded workers (their own limit)."""
        return self.parser

    def close(self) -> None:
        """Stop the guarded workers."""
        self.parser.close()


class ProcessPool:
    """``jobs - 1`` worker processes of the shared pool (:func:`reactions.run.parallel.shared_pool`: started once,
    kept for the next run) *and* this process, all busy to the end (:class:`~reactions.run.scheduler.Scheduler`);
    large results come back through this run's private temporary folder."""

    grain = 1
    score_rows = 128
    """Small: the processes share the scoring tasks left when the reading ends, and those a worker has taken from the
    pool's queue (up to three) cannot be taken back; with 512 rows this process waited 0.04-0.08 s for them at the
    end of a run of the bulk corpus (:class:`~reactions.run.scheduler.Scheduler`'s ``later``)."""

    def __init__(self, jobs: int) -> None:
        self.width = jobs
        self.spill = tempfile.TemporaryDirectory(prefix="reactions-")
        self.tasks = Scheduler(shared_pool(jobs - 1, warm_up), jobs - 1, self.spill.name)

    def submit(self, task: Callable[..., Any], *args: Any, later: bool = False) -> Job:
        """A task, handed to a worker when one is free, or done here first (a ``later`` one after the others)."""
        return self.tasks.add(task, *args, later=later)

    def result(self, job: Job) -> Any:
        """The task's result, this process doing other tasks while a worker is on it."""
        return self.tasks.result(job)

    def finish(self) -> None:
        """Hand the workers every task left (this process takes back, from the end, any they have not started)."""
        self.tasks.hand_out(everything=True)

    def guard(self, limit: float | None) -> GuardedParser | float | None:
        """``limit``: enforced in whichever process parses the document."""
        return limit

    def close(self) -> None:
        """Remove the temporary folder (a result not read back is dropped)."""
        self.spill.cleanup()


class Cluster:
    """Every task submitted to a Dask cluster (``client``) as it is added, its result taken in the order asked for:
    the same tasks, on other machines or processes.  The client is the caller's (:func:`reactions.run.dask.connect`)."""

    grain = 8
    score_rows = 4096
    """(Each task costs the cluster's scheduler a few milliseconds: fewer, larger ones.)"""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.width = max(1, len(client.scheduler_info().get("workers", {})))

    def submit(self, task: Callable[..., Any], *args: Any, later: bool = False) -> Job:
        """Submit a task to the cluster (a ``later`` one at a lower priority: Dask's workers run it when no other
        is ready), a Ctrl-C meanwhile raised after: one inside Dask's ``Future.__init__`` left a future half-built,
        whose ``__del__`` printed a traceback at exit (1 run of 60 Ctrl-C'd)."""
        from reactions.run.dask import deaf_to_ctrl_c

        job = Job(task, (), later=later)  # the arguments travel as one pickle, not kept here
        call = _pickled((task, args))
        with deaf_to_ctrl_c() as interrupted:
            job.future = self.client.submit(run_pickled, call, pure=False, priority=-1 if later else 0)
        if interrupted:
            raise KeyboardInterrupt
        return job

    def result(self, job: Job) -> Any:
        """The task's result, waiting for the cluster if it is not in yet."""
        if not job.done:
            assert job.future is not None
            job.value, job.done = job.future.result(), True
            job.future = None  # the cluster may let go of the result
        return job.value

    def finish(self) -> None:
        """Nothing to do: every task is on the cluster from the moment it is added."""

    def guard(self, limit: float | None) -> GuardedParser | float | None:
        """``limit`` (a Dask worker runs tasks in a thread, where no timer signal can stop one: no limit there)."""
        return limit

    def close(self) -> None:
        """Nothing held: the client is the caller's."""


def _pickled(call: tuple[Callable[..., Any], tuple[Any, ...]]) -> bytes:
    """``call`` pickled, by :mod:`cloudpickle` (Dask's) where :mod:`pickle` cannot (a function made at run time), as
    Dask would have."""
    try:
        return pickle.dumps(call, pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, AttributeError, TypeError):
        cloudpickle: Any = importlib.import_module("cloudpickle")
        return bytes(cloudpickle.dumps(call, pickle.HIGHEST_PROTOCOL))


def run_pickled(call: bytes) -> Any:
    """A cluster's task: ``task(*args)`` from their pickle ``call`` (:func:`~reactions.run.scheduler.without_gc`).
    Handed over as one ``bytes``, a reading task's documents cross the scheduler as they are: as objects, the
    scheduler unpickled and pickled them again on their way to a worker (a quarter of this process's extra CPU
    on a local cluster)."""
    task, args = pickle.loads(call)
    return without_gc(task, *args)


def open_executor(
    jobs: int | None = None,
    *,
    cluster: Any = None,
    time_limit: float | None = None,
    worth_a_pool: Callable[[], bool] = lambda: True,
) -> Executor:
    """The executor of a run: on ``cluster`` (a Dask client) if one is given; else, with a ``time_limit``, this
    process with ``jobs`` guarded parsing processes; else ``jobs`` processes (default: one per core) if
    ``worth_a_pool()`` says the inputs are work enough for them; else this process."""
    if cluster is not None:
        return Cluster(cluster)
    jobs = max(1, jobs if jobs is not None else default_jobs())
    if time_limit is not None:
        return Guarded(time_limit, jobs)
    if jobs > 1 and worth_a_pool():
        return ProcessPool(jobs)
    return InProcess()

