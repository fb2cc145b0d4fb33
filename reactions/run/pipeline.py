"""Files -> scored frame, fast: what ``reactions extract`` runs.

:func:`extract_frame` gives what ``to_frame(read_corpus(paths), lexicon=…, overrides=…)`` gives
(the same frame, and every file's outcome), with less work:

* with the cache on, a re-run over an unchanged corpus reads the finished frame back
  (:mod:`reactions.run.framecache`: unchanged is told from ``os.stat`` data, as git does), and a
  changed one reuses each unchanged file's parse and each reaction's scores (:mod:`reactions.run.cache`);
* the work is two kinds of task.  :func:`read_chunk` reads a few files, parses them (or takes
  their parse from the cache) and turns their reactions into the frame's columns, so that only
  plain lists travel between processes, never the records.  :func:`score_chunk` scores reactions
  seen for the first time (a post cited by several articles is scored once), while the reading
  goes on.  ``jobs=N`` runs them in N-1 worker processes *and* this one (:class:`Scheduler`),
  which also merges (:class:`Merge`, the rules of :func:`reactions.corpus.merge_reactions`) in
  reading order and builds the frame at the end.

The result is the same whatever ``jobs`` is, with the cache or without.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import gc
import logging
import operator
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import numpy as np
import pandas as pd

from reactions.corpus import (
    FILLABLE,
    Listed,
    check_outcomes,
    located,
    log_warnings,
    parse_document,
    read_file,
    scan_files,
)
from reactions.frames import BASE_DTYPES, frame_from_columns, published_at, reaction_columns
from reactions.models import Article, Corpus, FileOutcome, Status
from reactions.run import framecache, parallel
from reactions.run.cache import ParseCache, open_cache, parser_version
from reactions.run.parallel import cached_results, default_jobs, shared_pool
from reactions.run.scheduler import ClusterTasks, Job, Scheduler
from reactions.sentiment import SENTIMENT_COLUMNS, score_frame
from reactions.sources.files import DEFAULT_READ, ReadOptions
from reactions.store import corpus_folder

logger = logging.getLogger(__name__)

Progress = Callable[[int, int], None]
"""``progress(done, total)``: files done so far, after each chunk."""

INLINE_BELOW: Final = 32
"""Fewer files than this are read in this process, without starting a pool."""
CHUNK_FILES: Final = (8, 128)
"""Files per reading task, at least and at most (about 16 tasks per process in between)."""
SCORE_ROWS: Final = 500
"""New reactions per scoring task."""


@dataclasses.dataclass(frozen=True, slots=True, eq=False)
class Extraction:
    """What a run gives.

    Fields:
        frame: one row per unique reaction, scored: ``to_frame(read_corpus(paths), …)``.
        outcomes: one per file, in reading order (:attr:`reactions.models.Corpus.outcomes`).
        from_cache: whether the frame was read back from the store instead of worked out.
    """

    frame: pd.DataFrame
    outcomes: tuple[FileOutcome, ...]
    from_cache: bool = False

    @property
    def articles(self) -> int:
        """How many files were read as articles."""
        return sum(outcome.status is Status.PARSED for outcome in self.outcomes)

    @property
    def occurrences(self) -> int:
        """How many reactions the articles hold, duplicates included."""
        return sum(outcome.reactions for outcome in self.outcomes)

    @property
    def warnings(self) -> tuple[str, ...]:
        """Every warning of every file, each prefixed with its file (:attr:`Corpus.warnings`)."""
        return Corpus(outcomes=self.outcomes).warnings


def extract_frame(
    paths: str | Path | Iterable[str | Path],
    *,
    jobs: int | None = None,
    cache: bool = True,
    lexicon: Mapping[str, float] | None = None,
    overrides: Mapping[str, str] | None = None,
    progress: Progress | None = None,
    read: ReadOptions = DEFAULT_READ,
    cluster: Any = None,
) -> Extraction:
    """The scored frame of every reaction under ``paths`` and every file's outcome.

    ``jobs`` processes (default: one per core; ``1``: this process only), or ``cluster``: a Dask client
    whose workers run the very same tasks (reading, scoring) instead.  ``cache``: reuse and keep results in
    the corpus's cache (:mod:`reactions.run.cache`): the finished frame, each file's parse, each reaction's
    scores (on a cluster, whose workers may not see this machine's cache, only the finished frame, kept here).  Never
    raises on a bad file (see :func:`reactions.corpus.read_corpus`); a cache that fails costs speed, never
    the run.
    """
    given = [paths] if isinstance(paths, str | Path) else list(paths)
    listed_at = time.time_ns()
    files = scan_files(given, stat=cache)
    store = _open_store(given, files) if cache else None
    with paused_gc(), store if store is not None else contextlib.nullcontext():
        mark = None
        if store is not None:
            settings = {**framecache.settings_of(lexicon, overrides), "read": [read.max_bytes, read.follow_links]}
            mark = framecache.fingerprint(given, files, settings, listed_at)
            found = framecache.load(store, mark)
            if found is not None:
                logger.info("frame cache: %d files unchanged, the stored frame reused", len(files))
                log_warnings(found[1])
                return Extraction(found[0], found[1], from_cache=True)
        run = _Run(files, store, jobs, lexicon, overrides, progress, read, cluster)
        frame, outcomes = run.go()
        # A cluster's tasks never use this machine's cache, so they report no digests: its frame is kept only
        # when no file is too recent to be trusted by its stat data alone.
        tasks_had_it = run.store is not None or (cluster is not None and mark is not None and not mark.racy)
        if store is not None and mark is not None and tasks_had_it and not store.broken:
            racy = {files[i].path: run.digests[i] for i in mark.racy}
            framecache.save(store, mark, frame, outcomes, racy)
    return Extraction(frame, outcomes)


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    """The cyclic garbage collector off for a while, and back on after if it was on.

    A run builds hundreds of thousands of small lists (a frame's list cells), none of them in a
    cycle; the collections their allocation would trigger walk every object alive, and the first
    young collection after the pause would still walk all of them.  So on the way out the objects
    made meanwhile go straight to the oldest generation (``gc.freeze()`` then ``gc.unfreeze()``,
    which walks nothing), to be looked at by the next full collection like any old object;
    unless the process froze objects of its own, which this would thaw.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if gc.get_freeze_count() == 0:
            gc.freeze()
            gc.unfreeze()
        if enabled:
            gc.enable()


def _open_store(given: Sequence[str | Path], files: Sequence[Listed]) -> ParseCache | None:
    """The store beside the corpus, if any file of it exists (a mistyped path creates no store)."""
    if not any(item.stat is not None for item in files):
        return None
    return open_cache(corpus_folder(given))


# --- the tasks ------------------------------------------------------------------------------------


@dataclasses.dataclass(slots=True)
class Chunk:
    """What :func:`read_chunk` sends back for a few files.

    Fields:
        outcomes: one per file, in order.
        columns: the frame's columns (``lag`` left out) of every reaction of these files, in order,
            duplicates included: the values ``to_frame`` gives a reaction cited by one article.
        published: each article's publication time (for ``lag``), by article id.
        digests: each file's content hash (``None``: unreadable); empty without a store.
        parsed: how many files were parsed (the others came from the cache).
        error: why the store failed, if it did.
    """

    outcomes: list[FileOutcome]
    columns: dict[str, list[Any]]
    published: dict[str, dt.datetime | None]
    digests: list[str | None]
    parsed: int
    error: str | None = None


def read_chunk(files: Sequence[tuple[str, str]], store: str | None, options: ReadOptions = DEFAULT_READ) -> Chunk:
    """Read, parse (or take from the store's parse cache) and turn into columns a few
    ``(path, article id)`` files; the reading task."""
    cache, error = _task_store(store)
    with cache if cache is not None else contextlib.nullcontext():
        data = [read_file(path, source, options) for path, source in files]
        documents = [(source, raw) for (_, source), raw in zip(files, data, strict=True) if isinstance(raw, bytes)]
        cached, digests = cached_results(documents, cache)
        parsed = [
            hit if hit is not None else parse_document(*document)
            for hit, document in zip(cached, documents, strict=True)
        ]
        misses = [i for i, hit in enumerate(cached) if hit is None]
        if cache is not None and misses:
            cache.put((documents[i][0], digests[i], parsed[i]) for i in misses)
            error = error or cache.error
    known: list[str | None] = [*digests] if cache is not None else [None] * len(parsed)
    found = iter(zip(parsed, known, strict=True))
    outcomes: list[FileOutcome] = []
    articles: list[Article] = []
    digest_of: list[str | None] = []
    for (path, _), raw in zip(files, data, strict=True):
        if isinstance(raw, FileOutcome):
            outcomes.append(raw)  # says why it is not read
            digest_of.append(None)
            continue
        (article, outcome), digest = next(found)
        outcomes.append(located(outcome, path))
        digest_of.append(digest)
        if article is not None:
            articles.append(article)
    published = {article.source: published_at(article) for article in articles}
    columns = reaction_columns([r for article in articles for r in article.reactions], published)
    del columns["lag"]  # worked out after the merge, from the first citing article
    return Chunk(outcomes, columns, published, digest_of if cache is not None else [], len(misses), error)


def score_chunk(
    ids: list[str],
    texts: list[str],
    lexicon: Mapping[str, float] | None,
    overrides: Mapping[str, str] | None,
    store: str | None,
) -> tuple[pd.DataFrame, str | None]:
    """The sentiment columns (:data:`reactions.sentiment.SENTIMENT_COLUMNS`) of a few reactions, with
    the store's score cache when ``store`` is given; the scoring task."""
    rows = pd.DataFrame({"id": ids, "text": texts})
    cache, error = _task_store(store)
    if cache is None:
        scored = score_frame(rows, lexicon=lexicon, overrides=overrides)
    else:
        with cache:
            scored = parallel.score_frame(rows, jobs=1, lexicon=lexicon, overrides=overrides, cache=cache)
            error = cache.error
    return scored[list(SENTIMENT_COLUMNS)], error


def _task_store(store: str | None) -> tuple[ParseCache | None, str | None]:
    """The store, opened for one task (a connection never outlives the task: the file may be
    replaced between runs)."""
    if store is None:
        return None, None
    try:
        return ParseCache(Path(store), parser_version()), None
    except Exception as error:  # sqlite3.Error, OSError: the task goes on uncached
        return None, f"cannot open it: {error}"


# --- the merge --------------------------------------------------------------------------------------


class Merge:
    """Frame columns of reaction occurrences -> one row per reaction id, by the rules of
    :func:`reactions.corpus.merge_reactions`: rows in order of first appearance, the first
    occurrence's values with each empty :data:`~reactions.corpus.FILLABLE` value filled from the
    first later occurrence that has it, ``sources`` (and ``article_count``) every citing article.
    """

    def __init__(self, names: Iterable[str]) -> None:
        self.columns: dict[str, list[Any]] = {name: [] for name in names}
        self.rows: dict[str, int] = {}

    def add(self, columns: Mapping[str, list[Any]]) -> list[int]:
        """Merge a chunk's occurrences; the positions (in the chunk) of the reactions new to the merge."""
        rows = self.rows
        new: list[int] = []
        again: list[tuple[int, int]] = []
        for i, reaction_id in enumerate(columns["id"]):
            row = rows.get(reaction_id)
            if row is None:
                rows[reaction_id] = len(rows)
                new.append(i)
            else:
                again.append((row, i))
        if len(new) == len(columns["id"]):
            for name, values in self.columns.items():
                values.extend(columns[name])
        elif new:
            pick = operator.itemgetter(*new) if len(new) > 1 else lambda values: (values[new[0]],)
            for name, values in self.columns.items():
                values.extend(pick(columns[name]))
        if again:
            self._fill(again, columns)
        return new

    def _fill(self, again: list[tuple[int, int]], columns: Mapping[str, list[Any]]) -> None:
        """Fill each merged row's empty values from a later occurrence ``(row, i)``, and add its sources."""
        pairs = [(self.columns[name], columns[name]) for name in FILLABLE]
        merged_sources, sources, counts = self.columns["sources"], columns["sources"], self.columns["article_count"]
        for row, i in again:
            for merged, chunk in pairs:
                if not merged[row] and chunk[i]:
                    merged[row] = chunk[i]
            known = merged_sources[row]
            extra = [source for source in sources[i] if source not in known]
            if extra:
                merged_sources[row] = list(dict.fromkeys([*known, *extra]))
                counts[row] = len(merged_sources[row])

    def frame(self, names: Sequence[str], published: Mapping[str, dt.datetime | None]) -> pd.DataFrame:
        """The base frame (:data:`reactions.frames.BASE_COLUMNS`, in ``names`` order), ``lag``
        worked out from each row's first citing article (``published`` by article id)."""
        created, first = self.columns["created_at"], self.columns["source"]
        lag = [
            None if moment is None or (at := published.get(source)) is None else at - moment
            for source, moment in zip(first, created, strict=True)
        ]
        columns = {name: lag if name == "lag" else self.columns[name] for name in names}
        lists = [name for name in names if BASE_DTYPES.get(name) is object]
        frame = frame_from_columns({name: values for name, values in columns.items() if name not in lists})
        size = len(frame)
        for name in lists:  # object cells straight from the lists (each cell already a list)
            frame[name] = pd.Series(np.fromiter(columns[name], dtype=object, count=size), dtype=object)
        return frame[list(names)]


# --- one run ----------------------------------------------------------------------------------------


class _Run:
    """Files -> frame: reading tasks merged in order as they are done, the new reactions of each
    sent to scoring in batches meanwhile."""

    def __init__(
        self,
        files: Sequence[Listed],
        store: ParseCache | None,
        jobs: int | None,
        lexicon: Mapping[str, float] | None,
        overrides: Mapping[str, str] | None,
        progress: Progress | None,
        read: ReadOptions = DEFAULT_READ,
        cluster: Any = None,
    ) -> None:
        self.files = files
        self.read = read
        self.store = str(store.path) if store is not None and cluster is None else None
        self.lexicon, self.overrides, self.progress = lexicon, overrides, progress
        self.digests: list[str | None] = []
        self.scores: list[Job] = []
        self.waiting: tuple[list[str], list[str]] = ([], [])
        self.spill: tempfile.TemporaryDirectory[str] | None = None
        self.tasks: Scheduler | ClusterTasks
        if cluster is not None:  # the same tasks on a Dask cluster (its workers may not see this machine's cache)
            self.tasks = ClusterTasks(cluster)
            self.jobs = self.tasks.workers()
            return
        self.jobs = max(1, jobs if jobs is not None else default_jobs())
        workers = self.jobs - 1  # this process is the N-th (see Scheduler)
        pool = shared_pool(workers) if self.jobs > 1 and len(files) >= INLINE_BELOW else None
        self.spill = tempfile.TemporaryDirectory(prefix="reactions-") if pool is not None else None
        self.tasks = Scheduler(pool, workers, self.spill.name if self.spill is not None else "")

    def go(self) -> tuple[pd.DataFrame, tuple[FileOutcome, ...]]:
        """The scored frame and the outcomes."""
        try:
            return self._go()
        finally:
            if self.spill is not None:
                self.spill.cleanup()

    def _go(self) -> tuple[pd.DataFrame, tuple[FileOutcome, ...]]:
        names = list(reaction_columns((), {}))
        merge = Merge(name for name in names if name != "lag")
        published: dict[str, dt.datetime | None] = {}
        outcomes: list[FileOutcome] = []
        parsed = done = 0
        for chunk in self._read():
            self._note(chunk.error)
            outcomes += chunk.outcomes
            self.digests += chunk.digests
            published.update(chunk.published)
            parsed, done = parsed + chunk.parsed, done + len(chunk.outcomes)
            new = merge.add(chunk.columns)
            self._score([chunk.columns["id"][i] for i in new], [chunk.columns["text"][i] for i in new])
            if self.progress is not None:
                self.progress(done, len(self.files))
        self._score([], [], final=True)
        logger.info("parsed %d files, %d from the cache", parsed, len(self.files) - parsed)
        self.tasks.hand_out(everything=True)  # the workers score on while the frame is built here
        base = merge.frame(names, published)
        return self._scored(base), check_outcomes(outcomes)

    def _read(self) -> Iterator[Chunk]:
        """Each chunk's result, in order."""
        jobs = [self.tasks.add(read_chunk, files, self.store, self.read) for files in self._chunks()]
        for job in jobs:
            yield self.tasks.result(job)

    def _chunks(self) -> list[list[tuple[str, str]]]:
        least, most = CHUNK_FILES
        size = most if self.tasks.pool is None else max(least, min(most, -(-len(self.files) // (16 * self.jobs))))
        pairs = [(item.path, item.source) for item in self.files]
        return [pairs[i : i + size] for i in range(0, len(pairs), size)]

    def _score(self, ids: list[str], texts: list[str], *, final: bool = False) -> None:
        waiting_ids, waiting_texts = self.waiting
        waiting_ids += ids
        waiting_texts += texts
        while len(waiting_ids) >= SCORE_ROWS or (final and waiting_ids):
            batch_ids, batch_texts = waiting_ids[:SCORE_ROWS], waiting_texts[:SCORE_ROWS]
            del waiting_ids[:SCORE_ROWS], waiting_texts[:SCORE_ROWS]
            labels = {i: self.overrides[i] for i in batch_ids if i in self.overrides} if self.overrides else None
            self.scores.append(self.tasks.add(score_chunk, batch_ids, batch_texts, self.lexicon, labels, self.store))

    def _scored(self, base: pd.DataFrame) -> pd.DataFrame:
        if not self.scores:
            return score_frame(base, lexicon=self.lexicon, overrides=self.overrides)
        parts = []
        for job in self.scores:
            part, error = self.tasks.result(job)
            self._note(error)
            parts.append(part)
        columns = pd.concat(parts, ignore_index=True)
        return base.assign(**{name: columns[name] for name in SENTIMENT_COLUMNS})

    def _note(self, error: str | None) -> None:
        """A store failing in a task: logged once, and no later task uses it."""
        if error is not None and self.store is not None:
            logger.warning("parse cache disabled for %s: %s", self.store, error)
            self.store = None
