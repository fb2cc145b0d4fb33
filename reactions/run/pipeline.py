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
    Parsed,
    check_outcomes,
    is_remote,
    located,
    log_warnings,
    parse_document,
    scan_files,
    with_metadata,
)
from reactions.frames import (
    ARTICLE_COLUMNS,
    BASE_DTYPES,
    article_columns,
    article_info,
    frame_from_columns,
    reaction_columns,
)
from reactions.models import Article, ArticleInfo, Corpus, Document, FileOutcome, Status
from reactions.run import framecache, parallel
from reactions.run.cache import ParseCache, content_hash, open_cache, parser_version
from reactions.run.guard import GuardedParser
from reactions.run.parallel import cached_results, default_jobs, shared_pool
from reactions.run.scheduler import ClusterTasks, Job, Scheduler
from reactions.run.units import RunInputs, Unit, documents_only, split_units, unit_documents
from reactions.sentiment import SENTIMENT_COLUMNS, score_frame
from reactions.sources import DEFAULT_SOURCE, SourceOptions
from reactions.sources.files import DEFAULT_READ, ReadOptions
from reactions.store import corpus_folder

logger = logging.getLogger(__name__)

Progress = Callable[[int, int], None]
"""``progress(done, total)``: files (or a dataset's parts) done so far, after each unit."""

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


@dataclasses.dataclass(frozen=True, slots=True)
class RunOptions:
    """How a run goes; none of it changes the frame but ``lexicon``, ``overrides``, ``read`` and ``sources``.

    Fields:
        jobs: processes (default: one per core; ``1``: this process only).
        cache: reuse and keep results in the corpus's cache (:mod:`reactions.run.cache`): the finished frame,
            each document's parse, each reaction's scores.
        lexicon: custom VADER terms and valences.
        overrides: the analyst's labels, by reaction id.
        progress: ``progress(done, total)`` after each unit read (files, or a dataset's parts).
        read: how files are opened (:class:`reactions.sources.files.ReadOptions`).
        sources: how datasets are read (:class:`reactions.sources.SourceOptions`: their columns).
        time_limit: parse each document in a worker process within this many seconds (the page: no file can hold
            the server); ``None``: no limit.
        cluster: a Dask client whose workers run the very same tasks (reading, scoring) instead of ``jobs``.
    """

    jobs: int | None = None
    cache: bool = True
    lexicon: Mapping[str, float] | None = None
    overrides: Mapping[str, str] | None = None
    progress: Progress | None = None
    read: ReadOptions = DEFAULT_READ
    sources: SourceOptions = DEFAULT_SOURCE
    time_limit: float | None = None
    cluster: Any = None


def extract_frame(
    paths: str | Path | Iterable[str | Path],
    options: RunOptions | None = None,
    *,
    documents: Sequence[Document] = (),
    document_paths: Sequence[str] = (),
    **settings: Any,
) -> Extraction:
    """The scored frame of every reaction under ``paths`` (files, folders, datasets, web archives) and in
    ``documents`` (in memory: the page's uploads, named in outcomes by ``document_paths``), and every outcome.

    ``options`` (:class:`RunOptions`), or its fields as keywords (``jobs=2, cache=False``).  On a cluster,
    whose workers may not see this machine's cache, only the finished frame is kept, here.  Never raises on a
    bad file (see :func:`reactions.corpus.read_corpus`); a cache that fails costs speed, never the run.
    """
    options = dataclasses.replace(options or RunOptions(), **settings)
    given = [paths] if isinstance(paths, str | Path) else list(paths)
    listed_at = time.time_ns()
    inputs = RunInputs(scan_files(given, stat=options.cache), documents, document_paths)
    files = inputs.files
    remote = any(is_remote(path) for path in given)  # no stat data to tell a changed remote file: no frame cache
    store = _open_store(given, files) if options.cache and not remote else None
    with paused_gc(), store if store is not None else contextlib.nullcontext():
        mark = None
        if store is not None:
            mark = framecache.fingerprint(given, files, _settings(options, inputs), listed_at)
            found = framecache.load(store, mark)
            if found is not None:
                logger.info("frame cache: %d files unchanged, the stored frame reused", len(files))
                log_warnings(found[1])
                return Extraction(found[0], found[1], from_cache=True)
        run = _Run(inputs, store, options)
        frame, outcomes = run.go()
        # A cluster's tasks never use this machine's cache, so they report no digests: its frame is kept only
        # when no file is too recent to be trusted by its stat data alone.
        # (A racy dataset's digest is a row's, not the file's: the next run will not trust the frame; never stale.)
        racy = {files[i].path: run.digests.get(files[i].path) for i in mark.racy} if mark is not None else {}
        known = run.store is not None and all(files[i].path in run.digests for i in mark.racy) if mark else False
        if store is not None and mark is not None and (known or not mark.racy) and not store.broken:
            framecache.save(store, mark, frame, outcomes, racy)
    return Extraction(frame, outcomes)


def _settings(options: RunOptions, inputs: RunInputs) -> dict[str, Any]:
    """What the frame depends on besides the files' stat data (JSON-ready): the lexicon, the overrides, how
    files and datasets are read, and the documents given in memory (by content)."""
    documents = [
        [doc.source, content_hash(doc.data), doc.url, doc.title, doc.published.isoformat() if doc.published else None]
        for doc in inputs.documents
    ]
    return {
        **framecache.settings_of(options.lexicon, options.overrides),
        "read": [options.read.max_bytes, options.read.follow_links],
        "sources": repr(options.sources),
        "documents": [documents, list(inputs.paths)],
    }


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
        columns: the frame's columns (those worked out from the citing articles,
            :data:`~reactions.frames.ARTICLE_COLUMNS`, left out) of every reaction of these files, in order,
            duplicates included: the values ``to_frame`` gives a reaction cited by one article.
        articles: what the frame tells of each article (its outlet, title, publication time), by article id.
        digests: each read file's content hash, by path (``None``: not known); empty without a store.
        parsed: how many files were parsed (the others came from the cache).
        error: why the store failed, if it did.
    """

    outcomes: list[FileOutcome]
    columns: dict[str, list[Any]]
    articles: dict[str, ArticleInfo]
    digests: dict[str, str | None]
    parsed: int
    error: str | None = None


def read_chunk(
    unit: Unit,
    store: str | None,
    read: ReadOptions = DEFAULT_READ,
    sources: SourceOptions = DEFAULT_SOURCE,
    guard: GuardedParser | None = None,
) -> Chunk:
    """Read one unit (:mod:`reactions.run.units`: a few files, a dataset's part, documents in memory), parse its
    documents (or take their parse from the store's parse cache) and turn their reactions into columns; the
    reading task.  ``guard``: parse in its worker processes, each document within its time limit (this process
    only: a guard does not travel to another)."""
    cache, error = _task_store(store)
    with cache if cache is not None else contextlib.nullcontext():
        items = unit_documents(unit, read, sources)
        documents = [(doc.source, doc.data) for doc in documents_only(items)]
        cached, digests = cached_results(documents, cache)
        misses = [i for i, hit in enumerate(cached) if hit is None]
        fresh = _parse([documents[i] for i in misses], guard)
        filled = iter(fresh)
        parsed = [hit if hit is not None else next(filled) for hit in cached]
        if cache is not None and misses:
            cache.put((documents[i][0], digests[i], fresh[n]) for n, i in enumerate(misses))
            error = error or cache.error
    found = iter(zip(parsed, digests if cache is not None else [None] * len(parsed), strict=True))
    outcomes: list[FileOutcome] = []
    articles: list[Article] = []
    digest_of: dict[str, str | None] = {}
    for path, item in items:
        if isinstance(item, FileOutcome):
            outcomes.append(item)  # says why it is not read
            digest_of.setdefault(path, None)
            continue
        (article, outcome), digest = next(found)
        outcomes.append(located(outcome, path))
        digest_of[path] = digest
        if article is not None:
            articles.append(with_metadata(article, item))
    infos = {article.source: article_info(article) for article in articles}
    columns = reaction_columns([r for article in articles for r in article.reactions], infos)
    for name in ARTICLE_COLUMNS:  # worked out after the merge, from every citing article
        del columns[name]
    return Chunk(outcomes, columns, infos, digest_of if cache is not None else {}, len(misses), error)


def _parse(documents: list[tuple[str, bytes]], guard: GuardedParser | None) -> list[Parsed]:
    """Each document parsed, in this process or in the guard's workers."""
    if guard is not None:
        return list(guard.parse(documents))
    return [parse_document(source, data) for source, data in documents]


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
            scored = parallel.score_frame(rows, cache, lexicon=lexicon, overrides=overrides)
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

    def frame(self, names: Sequence[str], articles: Mapping[str, ArticleInfo]) -> pd.DataFrame:
        """The base frame (:data:`reactions.frames.BASE_COLUMNS`, in ``names`` order), the columns of the
        citing articles (:data:`~reactions.frames.ARTICLE_COLUMNS`) worked out from ``articles`` (by id)."""
        derived = article_columns(self.columns["sources"], self.columns["created_at"], articles)
        columns = {name: derived[name] if name in derived else self.columns[name] for name in names}
        lists = [name for name in names if BASE_DTYPES.get(name) is object]
        frame = frame_from_columns({name: values for name, values in columns.items() if name not in lists})
        size = len(frame)
        for name in lists:  # object cells straight from the lists (each cell already a list)
            frame[name] = pd.Series(np.fromiter(columns[name], dtype=object, count=size), dtype=object)
        return frame[list(names)]


# --- one run ----------------------------------------------------------------------------------------


class _Run:
    """Inputs -> frame: reading tasks merged in order as they are done, the new reactions of each
    sent to scoring in batches meanwhile."""

    def __init__(self, inputs: RunInputs, store: ParseCache | None, options: RunOptions) -> None:
        self.inputs, self.options = inputs, options
        self.store = str(store.path) if store is not None and options.cluster is None else None
        self.lexicon, self.overrides, self.progress = options.lexicon, options.overrides, options.progress
        self.digests: dict[str, str | None] = {}
        self.scores: list[Job] = []
        self.waiting: tuple[list[str], list[str]] = ([], [])
        self.spill: tempfile.TemporaryDirectory[str] | None = None
        self.guard: GuardedParser | None = None
        self.tasks: Scheduler | ClusterTasks
        if options.cluster is not None:  # the same tasks on a Dask cluster (its workers may not see this cache)
            self.tasks = ClusterTasks(options.cluster)
            self.jobs = self.tasks.workers()
            return
        self.jobs = max(1, options.jobs if options.jobs is not None else default_jobs())
        if options.time_limit is not None:  # tasks here, each document parsed in a guarded worker process
            self.guard = GuardedParser(options.time_limit, workers=self.jobs)
            self.tasks = Scheduler(None, 0)
            return
        workers = self.jobs - 1  # this process is the N-th (see Scheduler)
        size = len(inputs.files) + len(inputs.documents)
        pool = shared_pool(workers) if self.jobs > 1 and size >= INLINE_BELOW else None
        self.spill = tempfile.TemporaryDirectory(prefix="reactions-") if pool is not None else None
        self.tasks = Scheduler(pool, workers, self.spill.name if self.spill is not None else "")

    def go(self) -> tuple[pd.DataFrame, tuple[FileOutcome, ...]]:
        """The scored frame and the outcomes."""
        try:
            return self._go()
        finally:
            if self.spill is not None:
                self.spill.cleanup()
            if self.guard is not None:
                self.guard.close()

    def _go(self) -> tuple[pd.DataFrame, tuple[FileOutcome, ...]]:
        names = list(reaction_columns((), {}))
        merge = Merge(name for name in names if name not in ARTICLE_COLUMNS)
        articles: dict[str, ArticleInfo] = {}
        outcomes: list[FileOutcome] = []
        units = self._units()
        total = sum(weight for _, weight in units)
        parsed = read = done = 0
        for chunk, weight in zip(self._read(units), (weight for _, weight in units), strict=True):
            self._note(chunk.error)
            outcomes += chunk.outcomes
            self.digests.update(chunk.digests)
            articles.update(chunk.articles)
            parsed, read, done = parsed + chunk.parsed, read + len(chunk.outcomes), done + weight
            new = merge.add(chunk.columns)
            self._score([chunk.columns["id"][i] for i in new], [chunk.columns["text"][i] for i in new])
            if self.progress is not None:
                self.progress(done, total)
        self._score([], [], final=True)
        logger.info("parsed %d files, %d from the cache", parsed, read - parsed)
        self.tasks.hand_out(everything=True)  # the workers score on while the frame is built here
        base = merge.frame(names, articles)
        return self._scored(base), check_outcomes(outcomes)

    def _read(self, units: list[tuple[Unit, int]]) -> Iterator[Chunk]:
        """Each unit's result, in order."""
        read, sources = self.options.read, self.options.sources
        jobs = [self.tasks.add(read_chunk, unit, self.store, read, sources, self.guard) for unit, _ in units]
        for job in jobs:
            yield self.tasks.result(job)

    def _units(self) -> list[tuple[Unit, int]]:
        least, most = CHUNK_FILES
        size = len(self.inputs.files) + len(self.inputs.documents)
        batch = most if self.tasks.pool is None else max(least, min(most, -(-size // (16 * self.jobs))))
        return split_units(self.inputs, batch, self.options.sources)

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
