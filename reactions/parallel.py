"""Parse many files at once: a process pool over :func:`reactions.corpus.parse_document`, with the cache.

:class:`FileParser` takes ``(source, bytes)`` pairs in reading order and yields one
``(Article | None, FileOutcome)`` per pair, in the same order, exactly what
``parse_document(source, data)`` returns for each: results are identical whatever ``jobs`` is
and whether they come from the cache or not.  Work goes to the pool in small chunks, at most two
batches ahead of the consumer, so memory stays bounded on a corpus of any size.  Small runs
(fewer misses than one pool round is worth) are parsed in-process, without starting a pool.

The pool uses the ``forkserver`` start method where available: forking a threaded process (the
Streamlit server, a Dask client) can deadlock.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import islice

from reactions.cache import ParseCache, Parsed, content_hash

logger = logging.getLogger(__name__)

Document = tuple[str, bytes]
"""A file to parse: its article id (source) and its bytes."""

CHUNK = 16
"""Files per pool task: big enough to amortise pickling, small enough to balance the workers."""
INLINE_BELOW = 32
"""Fewer misses than this in a batch are parsed in-process: not worth a trip to the pool."""


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

    Use as a context manager; the pool starts on the first batch that needs it.
    """

    def __init__(self, jobs: int | None = None, *, batch: int | None = None) -> None:
        self.jobs = max(1, jobs if jobs is not None else default_jobs())
        self.batch = batch or 64 * self.jobs
        self._pool: ProcessPoolExecutor | None = None
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
        digests = [content_hash(data) for _, data in documents] if cache is not None else []
        hits = cache.get(list(zip((s for s, _ in documents), digests, strict=True))) if cache is not None else {}
        batch = _Batch([hits.get(source) for source, _ in documents])
        batch.misses = [i for i, hit in enumerate(batch.results) if hit is None]
        batch.documents = [documents[i] for i in batch.misses]
        batch.digests = [digests[i] for i in batch.misses] if cache is not None else []
        self.parsed += len(batch.misses)
        self.reused += len(documents) - len(batch.misses)
        if self.jobs > 1 and len(batch.documents) >= INLINE_BELOW:
            pool = self._ensure_pool()
            todo = batch.documents
            batch.futures = [pool.submit(parse_chunk, todo[i : i + CHUNK]) for i in range(0, len(todo), CHUNK)]
        return batch

    def _finish(self, batch: _Batch, cache: ParseCache | None) -> Iterator[Parsed]:
        if batch.futures:
            parsed = [item for future in batch.futures for item in future.result()]
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
        if self._pool is None:
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context("forkserver" if "forkserver" in methods else None)
            self._pool = ProcessPoolExecutor(self.jobs, mp_context=context)
        return self._pool

    def close(self) -> None:
        """Stop the pool, if one was started, and log how many files were parsed."""
        logger.info("parsed %d files, %d from the cache", self.parsed, self.reused)
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None

    def __enter__(self) -> FileParser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def parse_documents(
    documents: Iterable[Document], *, jobs: int | None = None, cache: ParseCache | None = None
) -> list[Parsed]:
    """Every document parsed (see :class:`FileParser`), in order."""
    with FileParser(jobs) as parser:
        return list(parser.parse(documents, cache))
