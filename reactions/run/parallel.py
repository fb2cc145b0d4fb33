"""What the run's tasks share in every process: the process pool (started once, its workers preloaded), and the
caches' side of the tasks: :func:`cached_results` (each document's parse) and :func:`score_frame` (each row's
scores), so that a result is the same whether it comes from the cache or not.
"""

from __future__ import annotations

import atexit
import gc
import hashlib
import json
import logging
import os
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pandas as pd

from reactions.run.cache import ParseCache, Parsed, content_hash, score_key
from reactions.run.guard import RawDocument, worker_context
from reactions.sentiment import SENTIMENT_COLUMNS
from reactions.sentiment import score_frame as score

logger = logging.getLogger(__name__)

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


def score_frame(
    frame: pd.DataFrame,
    cache: ParseCache,
    *,
    lexicon: Mapping[str, float] | None = None,
    overrides: Mapping[str, str] | None = None,
) -> pd.DataFrame:
    """:func:`reactions.sentiment.score_frame` with the cache: the same frame, but rows scored by an earlier run
    with the same text, id, override, lexicon and code are not scored again (the scoring task's cache)."""
    options: dict[str, Any] = {"lexicon": lexicon, "overrides": overrides}
    keys = _score_keys(frame, cache.version, lexicon, overrides)
    known = cache.get_scores(keys)
    missing = [i for i, key in enumerate(keys) if key not in known]
    if missing:
        fresh = score(frame.iloc[missing], **options)
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
    langs = frame["lang"].astype(object) if "lang" in frame.columns else [None] * len(frame)
    return [  # the language picks the scorer (reactions.sentiment_languages): it is part of what is scored
        score_key(version, str(i), (t if isinstance(t, str) else "\0<missing>") + f"\0{lang}", wanted.get(str(i)))
        for i, t, lang in zip(frame["id"].astype(object), frame["text"].astype(object), langs, strict=True)
    ]


def _plain(column: pd.Series) -> list[Any]:
    """A column's values as JSON-ready Python values (missing ones ``None``)."""
    return [None if value is None or value is pd.NA else value for value in column.astype(object).tolist()]
