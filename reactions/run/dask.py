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
    "distributed.worker.multiprocessing-method": "forkserver",
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
    """A local cluster that costs little more than a process pool: worker processes forked from a fork server that
    imported Dask and the parser once (spawned workers would each import both, about a CPU-second each; forking
    them from this process, whose Dask threads may hold a lock, can leave a worker blocked for ever on it: seen on
    a buffered stream's lock), one thread each (parsing holds the GIL), no dashboard, and none of the sampling a
    long-lived cluster does every few milliseconds (:data:`QUIET_CLUSTER`); and when it closes, the helper
    processes :mod:`multiprocessing` started for it (the fork server, the resource tracker) stopped too, so that
    nothing outlives the command."""
    dask: Any = importlib.import_module("dask")
    context = distributed.utils.get_mp_context  # sets Dask's own preload once: ours, set after, wins
    with dask.config.set(QUIET_CLUSTER), _deaf_to_ctrl_c() as interrupted:
        context().set_forkserver_preload(["distributed", "pandas", *PRELOAD])
        _start_fork_server()
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


def _start_fork_server() -> None:
    """Start :mod:`multiprocessing`'s fork server (if it is not running) with Ctrl-C ignored: the server, and every
    worker it forks, keep ignoring it (the signal is ignored across ``exec``), so a Ctrl-C in a terminal, which
    reaches every process of the command, stops this process alone, which closes the cluster; a worker that took it
    would die with its traceback and its nanny's, dozens of lines, instead of the one line ``error: interrupted``."""
    from multiprocessing import forkserver

    if threading.current_thread() is not threading.main_thread():
        forkserver.ensure_running()
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        forkserver.ensure_running()
    finally:
        signal.signal(signal.SIGINT, previous)


@contextlib.contextmanager
def _deaf_to_ctrl_c() -> Iterator[list[int]]:
    """A Ctrl-C (``SIGINT``) only noted while the cluster starts (one that stopped the start half-way could leave
    processes behind); what it yields holds the signals that came meanwhile: the caller stops once the cluster is
    up, and closes it.  (Outside the main thread, where no handler can be set, nothing changes.)"""
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
