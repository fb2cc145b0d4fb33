"""Scale out on Dask: a client of a cluster, for :func:`reactions.run.pipeline.extract_frame` to run its tasks on.

``extract_frame(paths, cluster=client)`` (``reactions extract --dask``) lists the files here exactly as every run
lists them, runs the same reading tasks (:func:`reactions.run.tasks.read_chunk`: read, parse, columns) and scoring
tasks on the cluster's workers (:class:`reactions.run.executors.Cluster`), and merges by reaction id here, as a
single-process run does: the frame is identical.

:func:`connect` gives the client: of an existing cluster (``connect("tcp://scheduler:8786")``; the workers need
``reactions`` installed and must see the files at the same paths, a shared file system), or of a
:class:`distributed.LocalCluster` it starts (one single-threaded worker process per core: parsing holds the GIL;
see :func:`local_cluster`) and stops afterwards, with every process it started.

Dask is an optional extra (``pip install 'reactions[dask]'``) and is imported only here.
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import os
import signal
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Final

from reactions.errors import ReactionsError
from reactions.run.guard import PRELOAD

if TYPE_CHECKING:
    from distributed import Client

CONNECT_TIMEOUT = "20s"
"""How long :func:`connect` tries to reach a scheduler before giving up."""
QUIET_CLUSTER: Final = {
    "distributed.worker.profile.enabled": False,  # a stack sample of every task thread each 10 ms
    "distributed.admin.tick.interval": "1s",  # an event-loop check each 20 ms, in every process
    "distributed.admin.system-monitor.interval": "5s",  # psutil figures each 0.5 s, in every process
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.scheduler.work-stealing": False,  # a look at every worker's queue each 100 ms: the tasks are
    # queued on the scheduler and handed to a worker when it is free (worker saturation), nothing to steal
    "distributed.scheduler.active-memory-manager.start": False,  # replicas looked for each 2 s: there are none
    "distributed.worker.memory.spill": False,  # a task's result is small and taken at once: nothing to spill
}
"""The local cluster's settings (read by its worker processes too): each default interval costs CPU for every
second the run lasts, which on a busy machine is several per CPU-second of work."""


@contextlib.contextmanager
def connect(address: str | None = None, workers: int | None = None) -> Iterator[Client]:
    """A client of the scheduler at ``address`` (``tcp://host:8786``), or of a fresh
    :class:`distributed.LocalCluster` of ``workers`` single-threaded worker processes (default: one per core)
    that is closed afterwards, with every process it started (see :func:`local_cluster`)."""
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError as error:
        raise ReactionsError("Dask is not installed: pip install 'reactions[dask]'") from error
    if address:
        try:
            remote = distributed.Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as error:
            raise ReactionsError(f"cannot reach the Dask scheduler at {address}: {error}") from error
        with remote:
            yield remote
        return
    with local_cluster(distributed, workers or os.cpu_count() or 1) as cluster, distributed.Client(cluster) as local:
        yield local


@contextlib.contextmanager
def local_cluster(distributed: Any, workers: int) -> Iterator[Any]:
    """A local cluster that costs little more than a process pool: worker processes forked from this process with
    the parser loaded (:data:`~reactions.run.guard.PRELOAD`: imported once, here, before the run has read anything;
    where there is no ``fork``, from a fork server that imported Dask and the parser once; spawned workers would
    each import both, about a CPU-second each), one thread each (parsing holds the GIL), no dashboard, and none of
    the sampling a long-lived cluster does every few milliseconds (:data:`QUIET_CLUSTER`); and when it closes, the
    helper processes :mod:`multiprocessing` started for it (the fork server, the resource tracker) stopped too, so
    that nothing outlives the command."""
    dask: Any = importlib.import_module("dask")
    forked = "fork" in multiprocessing.get_all_start_methods()
    settings = {**QUIET_CLUSTER, "distributed.worker.multiprocessing-method": "fork" if forked else "forkserver"}
    for name in PRELOAD:
        importlib.import_module(name)
    with dask.config.set(settings), _deaf_to_ctrl_c() as interrupted:
        if not forked:  # sets Dask's own preload once: ours, set after, wins
            distributed.utils.get_mp_context().set_forkserver_preload(["distributed", "pandas", *PRELOAD])
        cluster = distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
    try:
        if interrupted:
            raise KeyboardInterrupt
        yield cluster
    finally:
        cluster.close()
        _stop_helpers()


@contextlib.contextmanager
def _deaf_to_ctrl_c() -> Iterator[list[int]]:
    """A Ctrl-C (``SIGINT``) only noted while the workers are forked, so that they inherit a handler that ignores
    it: a Ctrl-C in a terminal reaches every process of the command, and this process alone is to stop the run
    (closing the cluster stops the workers); a worker that took it would die with its traceback and its nanny's,
    dozens of lines, instead of the one line ``error: interrupted``.  What it yields holds the signals that came
    meanwhile: the caller stops then.  (Outside the main thread, where no handler can be set, nothing changes.)"""
    noted: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield noted
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: noted.append(signum))
    try:
        yield noted
    finally:
        signal.signal(signal.SIGINT, previous)


def _stop_helpers() -> None:
    """Stop :mod:`multiprocessing`'s fork server and resource tracker (each starts again when next needed), unless
    another process this one started is still alive (another cluster's worker): it holds them open, and stopping
    them would wait for it."""
    from multiprocessing import active_children, forkserver, resource_tracker

    if active_children():
        return

    for helper in (getattr(forkserver, "_forkserver", None), getattr(resource_tracker, "_resource_tracker", None)):
        stop = getattr(helper, "_stop", None)
        if stop is not None:
            with contextlib.suppress(Exception):
                stop()
