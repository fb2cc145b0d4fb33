"""Parse many files at once: a process pool over :func:`reactions.corpus.parse_document`, with the cache.

:class:`FileParser` takes ``(source, bytes)`` pairs in reading order and yields one
``(Article | None, FileOutcome)`` per pair, in the same order, exactly what
``parse_document(source, data)`` returns for each: results are identical whatever ``jobs`` is
and whether they come from the cache or not.  Work goes to the pool in small chunks, at most two
batches ahead of the consumer, so memory stays bounded on a corpus of any size.  Small runs
(fewer misses than one pool round is worth) are parsed in-process, without starting a pool.

:func:`score_frame` scores a frame's rows in the same pool, in chunks, with
:func:`reactions.sentiment.score_frame` (row by row, so the result is the same as in one piece).
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import hashlib
import json
import logging
import multiprocessing
import os
import threading
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from reactions.models import Corpus
from reactions.run.cache import ParseCache, Parsed, content_hash, score_key

if TYPE_CHECKING:
    from reactions.run.guard import GuardedParser

logger = logging.getLogger(__name__)

Document = tuple[str, bytes]
"""A file to parse: its article id (source) and its bytes."""

CHUNK = 16
"""Files per pool task: big enough to amortise pickling, small enough to balance the workers."""
INLINE_BELOW = 32
"""Fewer misses than this in a batch are parsed in-process: not worth a trip to the pool."""


PRELOAD = ("reactions.corpus", "reactions.parse.html", "reactions.sentiment", "reactions.frames")
"""Modules the fork server imports once, so that each worker starts with them loaded."""

_POOL: dict[int, ProcessPoolExecutor] = {}


def shared_pool(jobs: int) -> ProcessPoolExecutor:
    """A process pool of ``jobs`` workers, started on first use and reused by later runs (parsing,
    then scoring, then the next run: workers start once).  It is shut down at exit, or by
    :func:`shutdown`.
    """
    pool = _POOL.get(jobs)
    if pool is None or getattr(pool, "_broken", False):  # a crashed worker breaks a pool for good
        shutdown()
        pool = _POOL[jobs] = _start(jobs)
    return pool


def _start(jobs: int) -> ProcessPoolExecutor:
    """A pool whose workers are forked (when they are) with this process's objects frozen: a
    worker's garbage collector then never walks, and so never copies, the memory it inherits
    (``gc.freeze``, as the :mod:`gc` documentation advises before a fork)."""
    context = worker_context()
    pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=gc.enable)  # on even if forked while paused
    if context.get_start_method() != "fork":
        return pool
    gc.freeze()
    try:
        pool.submit(int)  # a fork pool forks all its workers there and then, on its first task
    finally:
        gc.unfreeze()
    return pool


def worker_context() -> Any:
    """``fork`` (workers start at once, nothing re-imported) in a single-threaded process such as
    the CLI; else a fork server that has imported :data:`PRELOAD` (forking a threaded process such
    as the Streamlit server or a Dask client can deadlock); else the platform's default."""
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(list(PRELOAD))
        return context
    return multiprocessing.get_context()


def shutdown() -> None:
    """Stop the shared pool, if one is running."""
    for pool in _POOL.values():
        pool.shutdown(cancel_futures=True)
    _POOL.clear()


atexit.register(shutdown)


def default_jobs() -> int:
    """All cores (``os.cpu_count()``), at least 1."""
    return os.cpu_count() or 1


def parse_chunk(documents: Sequence[Document]) -> list[Parsed]:
    """``parse_document`` over a few documents; the pool's task (top-level, so it pickles)."""
    from reactions.corpus import parse_document

    return [parse_document(source, data) for source, data in documents]


@dataclass(slots=True)
class _Batch:
    """Documents in flight: cached results, and the misses being parsed."""

    results: list[Parsed | None]
    misses: list[int] = field(default_factory=list)
    documents: list[Document] = field(default_factory=list)
    digests: list[str] = field(default_factory=list)
    futures: list[Future[list[Parsed]]] = field(default_factory=list)


class FileParser:
    """Parses documents with ``jobs`` processes (``1``: in-process) and an optional cache.

    Use as a context manager; the pool starts on the first batch that needs it.  With a ``time_limit``
    (seconds per file) every document is parsed in a :class:`reactions.run.guard.GuardedParser`'s workers
    instead (``jobs`` of them, even for ``1``), and a file that takes longer is reported, not waited for.
    """

    def __init__(self, jobs: int | None = None, *, batch: int | None = None, time_limit: float | None = None) -> None:
        self.jobs = max(1, jobs if jobs is not None else default_jobs())
        self.batch = batch or 64 * self.jobs
        self._pool: ProcessPoolExecutor | None = None
        self._guard: GuardedParser | None = None
        if time_limit is not None:
            from reactions.run.guard import GuardedParser

            self._guard = GuardedParser(time_limit, workers=self.jobs)
        self.parsed = 0
        """Documents parsed so far (cache misses)."""
        self.reused = 0
        """Documents whose result came from the cache."""

    def parse(self, documents: Iterable[Document], cache: ParseCache | None = None) -> Iterator[Parsed]:
        """One result per document, in order, parsing only what the cache does not hold."""
        pending: deque[_Batch] = deque()
        stream = iter(documents)
        while documents_batch := list(islice(stream, self.batch)):
            pending.append(self._start(documents_batch, cache))
            if len(pending) > 1:
                yield from self._finish(pending.popleft(), cache)
        while pending:
            yield from self._finish(pending.popleft(), cache)

    def _start(self, documents: list[Document], cache: ParseCache | None) -> _Batch:
        results, digests = cached_results(documents, cache)
        batch = _Batch(results)
        batch.misses = [i for i, hit in enumerate(batch.results) if hit is None]
        batch.documents = [documents[i] for i in batch.misses]
        batch.digests = [digests[i] for i in batch.misses] if cache is not None else []
        self.parsed += len(batch.misses)
        self.reused += len(documents) - len(batch.misses)
        if self.jobs > 1 and len(batch.documents) >= INLINE_BELOW and self._guard is None:
            pool = self._ensure_pool()
            todo = batch.documents
            batch.futures = [pool.submit(parse_chunk, todo[i : i + CHUNK]) for i in range(0, len(todo), CHUNK)]
        return batch

    def _finish(self, batch: _Batch, cache: ParseCache | None) -> Iterator[Parsed]:
        if batch.futures:
            parsed = [item for future in batch.futures for item in future.result()]
        elif self._guard is not None:
            parsed = list(self._guard.parse(batch.documents))
        else:
            parsed = parse_chunk(batch.documents)
        if cache is not None and parsed:
            cache.put(zip((s for s, _ in batch.documents), batch.digests, parsed, strict=True))
        for index, item in zip(batch.misses, parsed, strict=True):
            batch.results[index] = item
        for result in batch.results:
            assert result is not None
            yield result

    def _ensure_pool(self) -> ProcessPoolExecutor:
        self._pool = shared_pool(self.jobs)
        return self._pool

    def close(self) -> None:
        """Log how many files were parsed; the pool stays up for the next run (see :func:`shared_pool`), the
        guarded workers stop."""
        logger.info("parsed %d files, %d from the cache", self.parsed, self.reused)
        if self._guard is not None:
            self._guard.close()

    def __enter__(self) -> FileParser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def cached_results(documents: Sequence[Document], cache: ParseCache | None) -> tuple[list[Parsed | None], list[str]]:
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


def parse_documents(
    documents: Iterable[Document], *, jobs: int | None = None, cache: ParseCache | None = None
) -> list[Parsed]:
    """Every document parsed (see :class:`FileParser`), in order."""
    with FileParser(jobs) as parser:
        return list(parser.parse(documents, cache))


SCORE_CHUNK = 500
"""Rows per scoring task."""


def score_rows(rows: pd.DataFrame, options: Mapping[str, Any]) -> pd.DataFrame:
    """The sentiment columns of a few rows (``id`` and ``text``); the pool's scoring task."""
    from reactions.sentiment import SENTIMENT_COLUMNS
    from reactions.sentiment import score_frame as score

    return score(rows, **options)[list(SENTIMENT_COLUMNS)]


def score_frame(
    frame: pd.DataFrame,
    *,
    jobs: int | None = None,
    lexicon: Mapping[str, float] | None = None,
    overrides: Mapping[str, str] | None = None,
    cache: ParseCache | None = None,
) -> pd.DataFrame:
    """:func:`reactions.sentiment.score_frame` with ``jobs`` processes and an optional cache: the
    same frame, faster.

    Only each row's ``id`` and ``text`` travel to the workers; the sentiment columns come back
    and are appended exactly as ``score_frame`` appends them.  With ``cache``, rows scored by an
    earlier run with the same text, id, override, lexicon and code are not scored again.
    """
    from reactions.sentiment import SENTIMENT_COLUMNS
    from reactions.sentiment import score_frame as score

    options: dict[str, Any] = {"lexicon": lexicon, "overrides": overrides}
    jobs = max(1, jobs if jobs is not None else default_jobs())
    if cache is None:
        return _score_pooled(frame, jobs, options)
    keys = _score_keys(frame, cache.version, lexicon, overrides)
    known = cache.get_scores(keys)
    missing = [i for i, key in enumerate(keys) if key not in known]
    if missing:
        fresh = _score_pooled(frame.iloc[missing], jobs, options)
        rows = [list(row) for row in zip(*(_plain(fresh[c]) for c in SENTIMENT_COLUMNS), strict=True)]
        known.update(zip((keys[i] for i in missing), rows, strict=True))
        cache.put_scores((keys[i], row) for i, row in zip(missing, rows, strict=True))
    template = score(frame.iloc[:0], **options)
    values = [known[key] for key in keys]
    columns = {
        name: pd.Series([row[j] for row in values], index=frame.index, dtype=object).astype(template[name].dtype)
        for j, name in enumerate(SENTIMENT_COLUMNS)
    }
    base = frame.drop(columns=[c for c in SENTIMENT_COLUMNS if c in frame.columns])
    return base.assign(**columns)


def _score_keys(
    frame: pd.DataFrame, version: str, lexicon: Mapping[str, float] | None, overrides: Mapping[str, str] | None
) -> list[str]:
    terms = json.dumps(sorted((str(k), float(v)) for k, v in (lexicon or {}).items()))
    version = f"{version}:{hashlib.sha256(terms.encode()).hexdigest()[:16]}"
    wanted = overrides or {}
    return [
        score_key(version, str(i), t if isinstance(t, str) else "\0<missing>", wanted.get(str(i)))
        for i, t in zip(frame["id"].astype(object), frame["text"].astype(object), strict=True)
    ]


def _plain(column: pd.Series) -> list[Any]:
    """A column's values as JSON-ready Python values (missing ones ``None``)."""
    return [None if value is None or value is pd.NA else value for value in column.astype(object).tolist()]


def _score_pooled(frame: pd.DataFrame, jobs: int, options: dict[str, Any]) -> pd.DataFrame:
    from reactions.sentiment import SENTIMENT_COLUMNS
    from reactions.sentiment import score_frame as score

    if jobs == 1 or len(frame) < 2 * SCORE_CHUNK:
        return score(frame, **options)
    rows = frame[["id", "text"]]
    pool = shared_pool(jobs)
    size = max(SCORE_CHUNK, -(-len(rows) // (4 * jobs)))
    chunks = [pool.submit(score_rows, rows.iloc[i : i + size], options) for i in range(0, len(rows), size)]
    columns = pd.concat([chunk.result() for chunk in chunks])
    base = frame.drop(columns=[c for c in SENTIMENT_COLUMNS if c in frame.columns])
    return base.assign(**{name: columns[name] for name in SENTIMENT_COLUMNS})


def scored_frame(
    corpus: Corpus,
    *,
    jobs: int | None = None,
    cache_dir: Path | None = None,
    lexicon: Mapping[str, float] | None = None,
    overrides: Mapping[str, str] | None = None,
) -> pd.DataFrame:
    """``to_frame(corpus, lexicon=…, overrides=…)``, scored with ``jobs`` processes and, when
    ``cache_dir`` is given, the score cache of the store in that folder."""
    from reactions.frames import to_frame
    from reactions.run.cache import open_cache

    cache = open_cache(cache_dir) if cache_dir is not None and corpus.reactions else None
    with cache if cache is not None else contextlib.nullcontext():
        frame = to_frame(corpus, sentiment=False)
        return score_frame(frame, jobs=jobs, lexicon=lexicon, overrides=overrides, cache=cache)
