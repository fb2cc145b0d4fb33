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

import asyncio
import contextlib
import gc
import importlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Final

from reactions.errors import ReactionsError
from reactions.run.cache import connections_open
from reactions.run.guard import PRELOAD
from reactions.run.tasks import warm_up

if TYPE_CHECKING:
    from distributed import Client

logger = logging.getLogger(__name__)

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
    "distributed.client.direct-to-workers": True,  # results fetched from the worker, not relayed by the scheduler
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
    with local_cluster(distributed, workers or os.cpu_count() or 1) as local:
        yield local


@contextlib.contextmanager
def local_cluster(distributed: Any, workers: int) -> Iterator[Any]:
    """A client of a local cluster that costs little more than a process pool: ``workers`` single-threaded worker
    processes (parsing holds the GIL) with the parser loaded, no dashboard, and none of the sampling a long-lived
    cluster does every few milliseconds (:data:`QUIET_CLUSTER`); when it closes (:func:`_teardown`: quiet, each step
    bounded), every process it started is stopped, so that nothing outlives the command.

    The workers are forked from this process before the cluster's threads start (:func:`_forked_workers`): they
    share what it imported.  Where that cannot be (this process already runs other threads, whose locks a fork
    could copy held; a store is open; or the platform cannot fork), they come from a fork server that imported
    Dask and the parser once (:func:`_fork_server_cluster`): about a CPU-second more."""
    dask: Any = importlib.import_module("dask")
    if threading.active_count() > 1 or connections_open() or "fork" not in multiprocessing.get_all_start_methods():
        with _fork_server_cluster(distributed, dask, workers) as client:
            yield client
        return
    with deaf_to_ctrl_c() as deaf, _forked_workers(workers, dask) as (addressed, ended):
        with dask.config.set(QUIET_CLUSTER):
            cluster = distributed.LocalCluster(n_workers=0, processes=True, host="127.0.0.1", dashboard_address=":0")
            client = None
            try:
                addressed(cluster.scheduler_address)
                _wait_for_workers(cluster, workers, ended)
                client = distributed.Client(cluster)
            except BaseException:
                _teardown(client, cluster, after_error=True)
                raise
        with _serving(client, cluster, deaf) as served:
            yield served
    _bounded(_stop_helpers, TEARDOWN_LIMIT)


@contextlib.contextmanager
def _serving(client: Any, cluster: Any, deaf: _Deafness) -> Iterator[Any]:
    """``client`` for the run, Ctrl-C heard again (the run stops at once if one was noted while the cluster
    started), then the cluster closed (:func:`_teardown`).  Nothing between the start and the teardown is left
    uncovered: a Ctrl-C that came as the start ended, before the ``try``, left the workers waiting for a scheduler
    and the command waiting for them at exit, for ever (4 runs of 125 under a CPU burner)."""
    try:
        deaf.hear()
        if deaf.noted:
            raise KeyboardInterrupt
        yield client
    except BaseException:
        _teardown(client, cluster, after_error=True)
        raise
    _teardown(client, cluster)


WORKER_START_LIMIT: Final = 120.0
"""Seconds the forked workers may take to join their scheduler before the run gives up (they join in well under a
second on an idle machine)."""


def _wait_for_workers(cluster: Any, workers: int, ended: Callable[[], bool]) -> None:
    """Wait until ``workers`` workers have joined the in-process scheduler of ``cluster`` (an error if one has
    ``ended`` first, or they take longer than :data:`WORKER_START_LIMIT`)."""
    deadline = time.monotonic() + WORKER_START_LIMIT
    while len(cluster.scheduler.workers) < workers:
        if ended() or time.monotonic() > deadline:
            raise ReactionsError(f"the local Dask cluster's {workers} workers did not start")
        time.sleep(0.01)


@contextlib.contextmanager
def _forked_workers(workers: int, dask: Any) -> Iterator[tuple[Callable[[str], None], Callable[[], bool]]]:
    """Fork ``workers`` processes now (this process has no other thread), each waiting for a scheduler's address,
    then serving it as one single-threaded :class:`distributed.Worker` until the scheduler closes; what it yields
    hands them the address and tells whether one has ended.  Ctrl-C is ignored in them (a terminal sends it to
    every process of the command: this one stops the run and closes the cluster); the caller forks them deaf to it
    (:func:`deaf_to_ctrl_c`).  Afterwards every one has ended (or is killed), whenever the caller stopped, even
    half-way through the forks."""
    for name in PRELOAD:  # what every task needs (not pandas: no task does), imported once, shared by the forks
        importlib.import_module(name)
    warm_up()  # and the tables the tasks build on first use (0.2 CPU-s per worker)
    context = multiprocessing.get_context("fork")
    pipes: list[Any] = []
    children: list[Any] = []

    def addressed(address: str) -> None:
        for pipe in pipes:
            with contextlib.suppress(OSError):  # a worker that has ended: waiting for the workers tells it
                pipe.send(address)

    def ended() -> bool:
        return any(child.exitcode is not None for child in children)

    try:
        gc.freeze()  # what the workers inherit is never walked, so never copied, by their garbage collector
        try:
            with dask.config.set(QUIET_CLUSTER):  # the workers keep the settings they were forked with; each
                for _ in range(workers):  # ignores Ctrl-C from its first step (:func:`_serve`)
                    here, there = context.Pipe()
                    child = context.Process(target=_serve, args=(there,), name="reactions-dask-worker", daemon=True)
                    child.start()
                    there.close()
                    pipes.append(here)
                    children.append(child)
        finally:
            gc.unfreeze()
        yield addressed, ended
    finally:
        for pipe in pipes:
            pipe.close()  # a worker still waiting for its address stops
        _end_processes(children, TEARDOWN_LIMIT)


def _end_processes(children: list[Any], limit: float) -> None:
    """Wait at most ``limit`` seconds in all for ``children`` (:class:`multiprocessing.Process`) to end, then kill
    those still running."""
    deadline = time.monotonic() + limit
    for child in children:
        child.join(timeout=max(0.0, deadline - time.monotonic()))
    for child in children:
        if child.is_alive():
            child.kill()
            child.join(timeout=limit)  # a killed process ends at once (unless stuck in the kernel: not waited for)


def _serve(pipe: Any) -> None:
    """A forked worker's life: the scheduler's address from ``pipe``, then a :class:`distributed.Worker` of one
    thread until the scheduler closes (or nothing, when the pipe closes first).  It ignores Ctrl-C (a Ctrl-C that
    came before this first step was only noted by the handler it was forked with)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        address = pipe.recv()
    except (EOFError, OSError):
        return
    finally:
        pipe.close()
    distributed: Any = importlib.import_module("distributed")

    async def work() -> None:
        async with distributed.Worker(address, nthreads=1, dashboard=False) as worker:
            await worker.finished()

    with distributed.utils.silence_logging_cmgr(logging.WARNING):  # as a local cluster's own workers are
        asyncio.run(work())


@contextlib.contextmanager
def _fork_server_cluster(distributed: Any, dask: Any, workers: int) -> Iterator[Any]:
    """A client of a local cluster whose worker processes a fork server forks, after importing Dask and the parser
    once (spawned workers would each import both, about a CPU-second each; forking them from this process, whose
    threads may hold a lock, can leave a worker blocked for ever on it: seen on a buffered stream's lock); when
    it closes (:func:`_teardown`), the helper processes :mod:`multiprocessing` started for it (the fork server,
    the resource tracker) are stopped too."""
    context = distributed.utils.get_mp_context  # sets Dask's own preload once: ours, set after, wins
    with deaf_to_ctrl_c() as deaf:
        with dask.config.set(QUIET_CLUSTER):
            context().set_forkserver_preload(["distributed", *PRELOAD])
            _start_fork_server()
            cluster = distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
            )
            client = None
            try:
                client = distributed.Client(cluster)
            except BaseException:
                _teardown(client, cluster, after_error=True)
                _bounded(_stop_helpers, TEARDOWN_LIMIT)
                raise
        try:
            with _serving(client, cluster, deaf) as served:
                yield served
        finally:
            _bounded(_stop_helpers, TEARDOWN_LIMIT)


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


class _Deafness:
    """Ctrl-C (``SIGINT``) only noted, in :attr:`noted`, until :meth:`hear` (see :func:`deaf_to_ctrl_c`)."""

    def __init__(self) -> None:
        self.noted: list[int] = []
        self._previous: Any = None
        self._deaf = False

    def __bool__(self) -> bool:
        return bool(self.noted)

    def start(self) -> None:
        if threading.current_thread() is not threading.main_thread():  # elsewhere no handler can be set
            return
        while not self._deaf:
            try:
                self._previous = signal.signal(signal.SIGINT, lambda signum, frame: self.noted.append(signum))
                self._deaf = True
            except KeyboardInterrupt:  # one pending as the handler changed (run first by the old one): noted
                self.noted.append(signal.SIGINT)

    def hear(self) -> None:
        """Ctrl-C heard again from now (this can be asked before the end of the ``with`` block, and again)."""
        if self._deaf:
            self._deaf = False
            signal.signal(signal.SIGINT, self._previous)


@contextlib.contextmanager
def deaf_to_ctrl_c() -> Iterator[_Deafness]:
    """A Ctrl-C (``SIGINT``) only noted while the cluster starts or closes (one that stopped either half-way could
    leave processes behind); what it yields holds the signals that came meanwhile (true if one did), and can end
    the deafness early (:meth:`_Deafness.hear`, inside the caller's ``try``, so that no Ctrl-C falls between).
    (Outside the main thread, where no handler can be set, nothing changes.)"""
    deaf = _Deafness()
    deaf.start()
    try:
        yield deaf
    finally:
        deaf.hear()


TEARDOWN_LIMIT: Final = 5.0
"""Seconds a step of a local cluster's teardown may take (closing the client, the cluster; the workers' ending)
before it is given up on, and the processes left are killed: a Ctrl-C ends the command within seconds."""
TEARDOWN_NOISE: Final = ("distributed", "tornado", "asyncio")
"""The loggers quiet while a local cluster closes (:func:`_teardown`), with every logger under them."""


def _teardown(client: Any, cluster: Any, limit: float = TEARDOWN_LIMIT, *, after_error: bool = False) -> list[str]:
    """Close ``client`` (if any) and ``cluster``, with :data:`TEARDOWN_NOISE` quiet in this process and in the
    workers: a closing cluster's connections end mid-message (on Ctrl-C, with tasks running), and what Dask logs of
    it then ("comm closed", a task cancelled) is expected, not the run's (before, the workers' errors still show).
    Each step may take ``limit`` seconds, then is given up on (a step's error is not the run's either: the caller
    then kills what is left); a Ctrl-C meanwhile is only noted (one that stopped it half-way could leave processes
    behind), and raised after, unless this teardown follows an error (``after_error``): a run that had ended still
    stops.  The names of the steps given up on."""
    steps: list[tuple[str, Callable[[], object]]] = []
    if client is not None:
        steps.append(("quiet the workers", lambda: client.run(_quiet_for_good, on_error="ignore")))
        steps.append(("close the client", lambda: client.close(timeout=limit)))
    steps.append(("close the cluster", lambda: cluster.close(timeout=limit)))
    with _quiet_logging(), deaf_to_ctrl_c() as interrupted:
        given_up = [name for name, step in steps if not _bounded(step, limit)]
    if interrupted and not after_error:
        raise KeyboardInterrupt
    return given_up


def _bounded(step: Callable[[], object], limit: float) -> bool:
    """Run ``step`` in a daemon thread and wait at most ``limit`` seconds for it: whether it ended (an error it
    raised is dropped: see :func:`_teardown`).  A step that does not end is left to the thread, which does not hold
    up the command's exit."""
    ended = threading.Event()

    def run() -> None:
        try:
            step()
        except Exception:  # a teardown step's failure: the caller kills what is left
            logger.debug("a teardown step failed", exc_info=True)
        finally:
            ended.set()

    threading.Thread(target=run, name="reactions-dask-teardown", daemon=True).start()
    return ended.wait(limit)


@contextlib.contextmanager
def _quiet_logging(names: tuple[str, ...] = TEARDOWN_NOISE) -> Iterator[None]:
    """The loggers ``names``, and every logger under them, disabled, then restored as they were."""
    loggers = _loggers_under(names)
    before = [(each, each.disabled) for each in loggers]
    for each in loggers:
        each.disabled = True
    try:
        yield
    finally:
        for each, disabled in before:
            each.disabled = disabled


def _quiet_for_good() -> None:
    """In a worker whose cluster closes: :data:`TEARDOWN_NOISE` disabled until it ends."""
    for each in _loggers_under(TEARDOWN_NOISE):
        each.disabled = True


def _loggers_under(names: tuple[str, ...]) -> list[logging.Logger]:
    """The loggers ``names`` and every logger created under them (a disabled logger drops its own records only)."""
    prefixes = tuple(f"{name}." for name in names)
    below = [each for name, each in list(logging.Logger.manager.loggerDict.items())
             if isinstance(each, logging.Logger) and name.startswith(prefixes)]  # fmt: skip
    return [logging.getLogger(name) for name in names] + below


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
