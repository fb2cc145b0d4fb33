"""What the run's tasks share in every process: the process pool (started once, its workers preloaded), and the
parse cache's side of the reading task, :func:`cached_results` (each document's parse), so that a result is the
same whether it comes from the cache or not (the scores' side is :func:`reactions.run.tasks.score_cached`).
"""

from __future__ import annotations

import atexit
import gc
import importlib
import logging
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from reactions.run.cache import ParseCache, Parsed, content_hash
from reactions.run.guard import PRELOAD, RawDocument, worker_context

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

logger = logging.getLogger(__name__)

_POOL: dict[int, ProcessPoolExecutor] = {}


def shared_pool(jobs: int, prepare: Callable[[], object] | None = None) -> ProcessPoolExecutor:
    """A process pool of ``jobs`` workers, started on first use and reused by later runs (parsing,
    then scoring, then the next run: workers start once).  It is shut down at exit, or by
    :func:`shutdown`.  ``prepare``: called once before the workers are forked (see :func:`_start`).
    """
    pool = _POOL.get(jobs)
    if pool is None or getattr(pool, "_broken", False):  # a crashed worker breaks a pool for good
        shutdown()
        pool = _POOL[jobs] = _start(jobs, prepare)
    return pool


def _start(jobs: int, prepare: Callable[[], object] | None = None) -> ProcessPoolExecutor:
    """A pool whose workers are forked (when they are) with the parser loaded (:data:`~reactions.run.guard.PRELOAD`,
    imported here once rather than in every worker), what ``prepare()`` builds on first use built here once too
    (the run's :func:`reactions.run.tasks.warm_up`: the tables its tasks build on first use, 0.2 CPU-s that every
    worker would pay again), and this process's objects frozen: a worker's garbage collector then never walks, and
    so never copies, the memory it inherits (``gc.freeze``, as the :mod:`gc` documentation advises before a
    fork)."""
    from concurrent.futures import ProcessPoolExecutor  # (with multiprocessing: loaded when a pool starts)

    context = worker_context()
    pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=gc.enable)  # on even if forked while paused
    if context.get_start_method() != "fork":
        return pool
    for name in PRELOAD:
        importlib.import_module(name)
    if prepare is not None:
        prepare()
    gc.freeze()
    try:
        pool.submit(int)  # a fork pool forks all its workers there and then, on its first task
    finally:
        gc.unfreeze()
    return pool


def shutdown() -> None:
    """Stop the shared pool, if one is running."""
    for pool in _POOL.values():
        pool.shutdown(cancel_futures=True)
    _POOL.clear()


atexit.register(shutdown)


def default_jobs() -> int:
    """All cores (``os.cpu_count()``), at least 1."""
    return os.cpu_count() or 1


def cached_results(documents: Sequence[RawDocument], cache: ParseCache | None) -> tuple[list[Parsed | None], list[str]]:
    """The cache's result for each document (``None``: a miss) and each document's content hash
    (none without a cache).  Two documents with the same article id but other bytes (``a.txt`` in
    two folders) never share a result."""
    if cache is None:
        return [None] * len(documents), []
    digests = [content_hash(data) for _, data in documents]
    wanted = dict(zip((source for source, _ in documents), digests, strict=True))  # the last digest per id
    hits = cache.get(list(wanted.items()))
    results = [
        hits.get(source) if wanted[source] == digest else None
        for (source, _), digest in zip(documents, digests, strict=True)
    ]
    return results, digests
