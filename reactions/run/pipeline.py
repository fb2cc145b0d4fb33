"""The one run path: sources -> scored frame, for the CLI, the page, Dask and the benchmarks alike.

:func:`extract_frame` gives what ``to_frame(read_corpus(paths), lexicon=…, overrides=…)`` gives (the same frame,
and every document's outcome), with less work:

* with the cache on, a re-run over an unchanged corpus reads the finished frame back
  (:mod:`reactions.run.framecache`: unchanged is told from ``os.stat`` data, as git does), and a
  changed one reuses each unchanged document's parse and each reaction's scores (:mod:`reactions.run.cache`);
* the inputs are cut into units (:mod:`reactions.run.units`: a few files, a dataset's part, documents in
  memory), and the work is the tasks of :mod:`reactions.run.tasks`: :func:`~reactions.run.tasks.read_chunk`
  reads a unit into the frame's columns, :func:`~reactions.run.tasks.score_chunk` scores reactions seen for the
  first time while the reading goes on, :class:`~reactions.corpus.Merge` folds them in reading order;
* an executor runs the tasks (:mod:`reactions.run.executors`, chosen by
  :func:`~reactions.run.executors.open_executor`): this process; ``jobs=N`` worker processes *and* this one; a
  Dask cluster; or, with a time limit (the page), this process with every document parsed in a guarded worker.

The result is the same whatever the executor is, with the cache or without.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import logging
import os
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from reactions.corpus import Listed, Listing, Merge, OutcomePacker, Outcomes, check_outcomes, log_warnings, scan_files
from reactions.languages import detected_languages
from reactions.models import ArticleInfo, Document, FileOutcome, OutcomeTotals
from reactions.run import framecache
from reactions.run.cache import ParseCache, open_cache
from reactions.run.executors import Executor, Guarded, InProcess, open_executor
from reactions.run.guard import kept
from reactions.run.memo import forget
from reactions.run.scheduler import AHEAD, Job
from reactions.run.tasks import Chunk, flush_stores, read_chunk, score_chunk
from reactions.run.units import RunInputs, Unit, split_part, split_units
from reactions.sentiment import SENTIMENT_COLUMNS, score_columns
from reactions.sources import DEFAULT_SOURCE, Part, SourceOptions, partitions, source_kind
from reactions.sources.files import DEFAULT_READ, ReadOptions
from reactions.sources.remote import is_remote
from reactions.store import corpus_folder
from reactions.table import ARTICLE_COLUMNS, BASE_COLUMNS, base_table, scored_rows, whole_texts

if TYPE_CHECKING:  # (pandas loads when a run's frame is asked for: the command line writes CSV from the table)
    import pandas as pd

logger = logging.getLogger(__name__)

Progress = Callable[[int, int], None]
"""``progress(done, total)``: files (or a dataset's parts) done so far, after each unit."""

INLINE_BELOW: Final = 32
"""Fewer files than this, holding fewer than :data:`INLINE_BYTES`, are read in this process without a pool."""
INLINE_BYTES: Final = 1 << 20
"""Inputs this large are worth a pool, however few files hold them (one dataset, one web archive): about a
quarter of a CPU-second of parsing, against a few milliseconds to fork the workers."""
CHUNK_FILES: Final = (8, 128)
"""Files per reading task, at least and at most (about 16 tasks per process in between)."""
POOLED_FILES: Final = 4
"""With workers, tasks of up to this many times CHUNK_FILES' most (each one handed out costs pickles and wake-ups)."""
UNIT_WINDOW: Final = 16
"""Batches of files cut into units at a time (:func:`lazy_units`)."""


Table = dict[str, list[Any]]
"""A run's table: its columns of plain Python values, base then sentiment columns (:mod:`reactions.table`)."""


@dataclasses.dataclass(frozen=True, slots=True, eq=False)
class Extraction(OutcomeTotals):
    """What a run gives.

    Fields:
        table: one row per unique reaction, scored, as plain columns (:mod:`reactions.table`); ``None`` when the
            frame was read back from the cache (or given by another scorer): then ``stored`` is the frame.
        outcomes: one per file, in reading order (:attr:`reactions.models.Corpus.outcomes`).
        from_cache: whether the frame was read back from the store instead of worked out.
        stored: the frame, when it was given as one (:meth:`with_frame`).
        encoded: the frame read back from the store (:class:`reactions.run.framecache.Stored`), made a frame or a
            table when asked.
    """

    table: Table | None
    outcomes: Sequence[FileOutcome]
    from_cache: bool = False
    stored: pd.DataFrame | None = None
    encoded: framecache.Stored | None = None
    _built: list[pd.DataFrame] = dataclasses.field(default_factory=list, repr=False)

    @property
    def frame(self) -> pd.DataFrame:
        """One row per unique reaction, scored: ``to_frame(read_corpus(paths), …)``; built on first use from the
        table (:func:`reactions.frames.table_frame`) or the stored frame (pandas loads then), and kept."""
        if self.stored is not None:
            return self.stored
        if not self._built:
            from reactions.frames import table_frame

            if self.table is not None:
                self._built.append(table_frame(self.table))
            else:
                assert self.encoded is not None  # (one of the three is always given)
                self._built.append(framecache.stored_frame(self.encoded))
        return self._built[0]

    def tabled(self) -> Table | None:
        """The run's table, plain Python columns without pandas (the stored frame's when it was read back); ``None``
        when the result holds a frame only (:meth:`with_frame`)."""
        if self.table is not None:
            return self.table
        return framecache.stored_table(self.encoded) if self.encoded is not None and self.stored is None else None

    def with_frame(self, frame: pd.DataFrame) -> Extraction:
        """This result with ``frame`` for its frame, and no table (what the page keeps, what another scorer gives)."""
        return Extraction(None, self.outcomes, self.from_cache, frame)

    @property
    def rows(self) -> int:
        """How many unique reactions the frame holds."""
        if self.stored is not None:
            return len(self.stored)
        return self.encoded.rows if self.encoded is not None else len(self.table["id"]) if self.table else 0


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
        parse_limit: stop each document's parse after this many seconds, in whichever process parses it (the
            command line: :func:`reactions.run.guard.parse_within`), and skip it with a reason; ``None``: no limit.
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
    parse_limit: float | None = None


def extract_frame(
    paths: str | Path | Iterable[str | Path],
    options: RunOptions | None = None,
    *,
    documents: Sequence[Document] = (),
    document_paths: Sequence[str] = (),
    listing: framecache.Listing | None = None,
    **settings: Any,
) -> Extraction:
    """The scored frame of every reaction under ``paths`` (files, folders, datasets, web archives) and in
    ``documents`` (in memory: the page's uploads, named in outcomes by ``document_paths``), and every outcome.

    ``options`` (:class:`RunOptions`), or its fields as keywords (``jobs=2, cache=False``).  On a cluster,
    whose workers may not see this machine's cache, only the finished frame is kept, here.  Never raises on a
    bad file (see :func:`reactions.run.units.read_corpus`); a cache that fails costs speed, never the run.
    ``listing``: filled in with what the frame was made from, for the cache of exports (:mod:`reactions.run.outputs`).
    """
    options = dataclasses.replace(options or RunOptions(), **settings)
    given = [paths] if isinstance(paths, str | Path) else list(paths)
    listed_at = time.time_ns()
    trace = listing.trace if listing is not None and options.cache else None
    inputs = RunInputs(scan_files(given, stat=options.cache, trace=trace), documents, document_paths)
    files = inputs.files
    remote = any(is_remote(path) for path in given)  # no stat data to tell a changed remote file: no frame cache
    store = _open_store(given, files) if options.cache and not remote else None
    with paused_gc():
        mark = None
        if store is not None:
            with store:  # closed before the run's workers are forked (cache.connections_open says why)
                settings = framecache.run_settings(options, inputs.documents, inputs.paths)
                kept_files = listing.files if listing is not None else None
                mark = framecache.fingerprint(given, files, settings, listed_at, kept_files)
                found = framecache.load(store, mark)
            if listing is not None:
                listing.listed_at, listing.mark = listed_at, mark if found is not None else None
            if found is not None:
                logger.info("frame cache: %d files unchanged, the stored frame reused", len(files))
                log_warnings(found[1])
                return Extraction(None, found[1], from_cache=True, encoded=found[0])
        run = _Run(inputs, store, options)
        table, outcomes = run.go()
        result = Extraction(table, outcomes)
        # A cluster's tasks never use this machine's cache, so they report no digests: its frame is kept only
        # when no file is too recent to be trusted by its stat data alone.
        # (A racy dataset's digest is a row's, not the file's: the next run will not trust the frame; never stale.)
        racy = {path: run.digests.get(path) for path in mark.racy} if mark is not None else {}
        known = run.store is not None and all(path in run.digests for path in mark.racy) if mark else False
        whole = all(kept(outcome) for outcome in outcomes.warned())  # one stopped by a limit may parse next time
        if store is not None and mark is not None and (known or not mark.racy) and not store.broken and whole:
            saved = _save_frame(store.path, mark, table, outcomes, racy)
            if saved and listing is not None:
                listing.mark = mark  # the export of this frame may be kept too
    return result


def _save_frame(
    path: Path,
    mark: framecache.Fingerprint,
    table: Table,
    outcomes: Sequence[FileOutcome],
    racy: Mapping[str, str | None],
) -> bool:
    """Keep the frame of the run's table in the store at ``path`` (opened again: the run's workers are forked with
    none open)."""
    try:
        store = ParseCache(path)
    except Exception as error:  # sqlite3.Error, OSError: costs only speed
        logger.warning("frame cache: cannot open %s: %s", path, error)
        return False
    with store:
        return framecache.save(store, mark, table, outcomes, racy)


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


def _worth_a_pool(inputs: RunInputs, max_bytes: int) -> bool:
    """Whether a run's inputs are work enough for a process pool: :data:`INLINE_BELOW` files or more, or
    :data:`INLINE_BYTES` to parse (an article file over ``max_bytes`` is skipped unread: it counts for nothing;
    a remote file counts as large: it is a dataset or an archive)."""
    if len(inputs.files) + len(inputs.documents) >= INLINE_BELOW:
        return True
    size = sum(len(doc.data) for doc in inputs.documents)
    for item in inputs.files:
        if is_remote(item.path):
            return True
        try:
            found = (item.stat or os.stat(item.path)).st_size
        except OSError:
            continue
        size += found if found <= max_bytes or source_kind(item.path) is not None else 0
    return size >= INLINE_BYTES


def lazy_units(
    inputs: RunInputs, batch: int, options: SourceOptions = DEFAULT_SOURCE, *, drop: bool = False
) -> tuple[Iterator[tuple[Unit, int]], int]:
    """:func:`~reactions.run.units.split_units` of ``inputs``, made :data:`UNIT_WINDOW` batches of files at a time as
    they are taken (a folder of 180,000 files never has its 180,000 units alive at once: a third of a run's growth
    with the corpus), and their total weight, known at once.  A dataset's or web archive's parts (a few files) are
    listed first, for the total, and only once.  ``drop``: take the files off ``inputs.files`` (a list of the
    caller's own) as their units are made, so that no file's entry outlives its unit."""
    files = inputs.files
    count = len(files)
    parts = {
        index: partitions(item.path, options, name=item.source)
        for index, item in enumerate(files)
        if source_kind(item.path) not in (None, "fakenewsnet")
    }
    total = count - len(parts) + sum(len(found) for found in parts.values()) + len(inputs.documents)

    def made() -> Iterator[tuple[Unit, int]]:
        window, index = batch * UNIT_WINDOW, 0
        while index < count:
            taken = files[:window] if drop else files[index : index + window]
            if drop:
                del files[:window]  # type: ignore[attr-defined]  # (a list or a Listing: see above)
            plain: list[Listed] = []
            for item in taken:
                found = parts.pop(index, None)
                index += 1
                if found is None:
                    plain.append(item)
                    continue
                yield from split_units(RunInputs(plain), batch, options)
                plain = []
                yield from ((part, 1) for part in found)
            yield from split_units(RunInputs(plain), batch, options)
        if inputs.documents:
            yield from split_units(RunInputs((), inputs.documents, inputs.paths), batch, options)

    return made(), total


def _open_store(given: Sequence[str | Path], files: Sequence[Listed]) -> ParseCache | None:
    """The store beside the corpus, if any file of it exists (a mistyped path creates no store)."""
    if not any(item.stat is not None for item in files):
        return None
    return open_cache(corpus_folder(given))


class _Run:
    """Inputs -> frame: reading tasks merged in order as they are done, the new reactions of each
    sent to scoring in batches meanwhile."""

    def __init__(self, inputs: RunInputs, store: ParseCache | None, options: RunOptions) -> None:
        self.inputs, self.options = inputs, options
        self.store = str(store.path) if store is not None and options.cluster is None else None
        self.lexicon, self.overrides, self.progress = options.lexicon, options.overrides, options.progress
        self.digests: dict[str, str | None] = {}
        self.scores: list[Job] = []
        self.waiting: tuple[list[str], list[str], list[str | None]] = ([], [], [])
        self.first_tags: list[str | None] = []  # each row's embed tag when it was sent to scoring
        self.detected: dict[str, str] = {}  # the detector's answers the reading tasks told, by text
        self.tasks: Executor = open_executor(
            options.jobs, cluster=options.cluster, time_limit=options.time_limit,
            worth_a_pool=lambda: _worth_a_pool(inputs, options.read.max_bytes),
        )  # fmt: skip
        self.here = isinstance(self.tasks, InProcess)
        """Every task runs in this process, when its result is asked for (the scoring tasks: after the reading)."""
        self.tell_after = self.here and not isinstance(self.tasks, Guarded)
        """Every parse too: the languages are told once, after the reading (``read_chunk``'s ``detect``; between
        two parses the detector's model leaves the CPU's caches), and the scoring tasks read them from
        :attr:`detected` when they run.  (The page's guarded run: its reading tasks tell them, within its progress;
        with workers, the scoring tasks tell them, each new reaction's once.)"""
        self.tell_reading = isinstance(self.tasks, Guarded)

    def go(self) -> tuple[Table, Outcomes]:
        """The scored table and the outcomes."""
        forget()  # the copies of a document within this run get its parse again (memo.py), none from another
        try:
            return self._go()
        finally:
            flush_stores()  # the parses this process kept in memory, written and closed before the run returns
            forget()
            self.tasks.close()

    def _go(self) -> tuple[Table, Outcomes]:
        merge = Merge(name for name in BASE_COLUMNS if name not in ARTICLE_COLUMNS)
        articles: dict[str, ArticleInfo] = {}
        outcomes = OutcomePacker()  # (each task's packed as it comes: a record a file was 270 bytes)
        units, total = self._units()
        parsed = read = done = 0
        if self.progress is not None:  # the bar knows the run from its start, even when one unit is all of it
            self.progress(0, total)
        for chunk, weight in self._read(units):
            self._note(chunk.error)
            outcomes.add(chunk.outcomes)
            self.digests.update(chunk.digests)
            self.detected.update(chunk.detected)
            articles.update(chunk.articles)
            parsed, read, done = parsed + chunk.parsed, read + len(chunk.outcomes), done + weight
            new = merge.add(chunk.columns)
            self._score(*scored_rows(chunk.columns, new))  # (the whole posts: what is scored, and read for a language)
            if self.progress is not None:
                self.progress(done, total)
        forget()  # the reading is done: its memo let go before the frame is built
        if self.tell_after:  # the scoring tasks (run when their result is asked, below) read these
            self.detected.update(detected_languages(whole_texts(merge.columns), merge.columns["lang"]))
        self._score([], [], [], final=True)
        logger.info("parsed %d files, %d from the cache", parsed, read - parsed)
        self.tasks.finish()  # the workers score on while the outcomes are checked here
        checked, scores = check_outcomes(outcomes.packed()), self._scores()  # (and the languages they told)
        base = base_table(merge.columns, articles, self.detected)
        return self._scored(base, scores, merge.columns["lang"]), checked

    def _read(self, units: Iterator[tuple[Unit, int]]) -> Iterator[tuple[Chunk, int]]:
        """Each unit's result and weight, in order; the tasks added a window ahead of the one merged (the
        workers' :data:`~reactions.run.scheduler.AHEAD` and a few for this process), so that a source split
        here (:meth:`_split`) is read while the workers parse, and never held whole."""
        read, sources = self.options.read, self.options.sources
        guard = self.tasks.guard(self.options.parse_limit)
        width = self.tasks.width
        window = (AHEAD + 1) * width + 1 if width > 1 else 1
        pending: deque[tuple[Job, int]] = deque()
        for unit, weight in self._split(units):
            job = self.tasks.submit(read_chunk, unit, self.store, read, sources, guard, self.tell_reading)
            pending.append((job, weight))
            if len(pending) >= window:
                yield self._merged_next(pending)
        while pending:
            yield self._merged_next(pending)

    def _merged_next(self, pending: deque[tuple[Job, int]]) -> tuple[Chunk, int]:
        """The oldest pending task's chunk and weight, let go by its job: merged next, no chunk is kept to the end
        of the run (memory follows the output)."""
        job, weight = pending.popleft()
        chunk = self.tasks.result(job)
        job.value = None
        return chunk, weight

    def _split(self, units: Iterator[tuple[Unit, int]]) -> Iterator[tuple[Unit, int]]:
        """The units as they are made (none is held to the end of the run), a dataset's or web archive's part
        read here in batches of its documents (:func:`~reactions.run.units.split_part`): its rows or records go to
        the workers as a folder's files do, and no process holds a whole dataset's documents at once (with
        ``jobs=1`` too)."""
        for unit, weight in units:
            if isinstance(unit, Part):
                yield from split_part(unit, self.options.sources, self.tasks.grain)
            else:
                yield unit, weight

    def _units(self) -> tuple[Iterator[tuple[Unit, int]], int]:
        """The units, made as the run reaches them (:func:`lazy_units`), and their total weight."""
        size = len(self.inputs.files) + len(self.inputs.documents)
        width, grain, (least, most) = self.tasks.width, self.tasks.grain, CHUNK_FILES
        pooled = most * max(grain, POOLED_FILES)  # (a cluster's grain is larger)
        batch = most if width == 1 else max(least * grain, min(pooled, -(-size // (16 * width))))
        return lazy_units(self.inputs, batch, self.options.sources, drop=isinstance(self.inputs.files, list | Listing))

    def _score(self, ids: list[str], texts: list[str], tags: list[str | None], *, final: bool = False) -> None:
        waiting_ids, waiting_texts, waiting_tags = self.waiting
        waiting_ids += ids
        waiting_texts += texts
        waiting_tags += tags
        self.first_tags += tags
        rows = self.tasks.score_rows  # (with workers, those left when the reading ends: one task per process)
        if final and not self.here:  # the last rows shared by the processes, scored while this one builds the frame
            rows = max(1, min(rows, -(-len(waiting_ids) // self.tasks.width)))
        while len(waiting_ids) >= rows or (final and waiting_ids):
            batch_ids, batch_texts, batch_tags = waiting_ids[:rows], waiting_texts[:rows], waiting_tags[:rows]
            del waiting_ids[:rows], waiting_texts[:rows], waiting_tags[:rows]
            labels = {i: self.overrides[i] for i in batch_ids if i in self.overrides} if self.overrides else None
            told = self.detected if self.here else {t: self.detected[t] for t in batch_texts if t in self.detected}
            self.scores.append(
                self.tasks.submit(
                    score_chunk, batch_ids, batch_texts, batch_tags, self.lexicon, labels, self.store, told, later=True
                )
            )

    def _scores(self) -> Table | None:
        """The scoring tasks' columns, in order (``None``: none), the languages they told kept in :attr:`detected`."""
        if not self.scores:
            return None
        scores: Table = {name: [] for name in SENTIMENT_COLUMNS}
        for job in self.scores:
            part, error, told = self.tasks.result(job)
            self._note(error)
            self.detected.update(told)
            for name in SENTIMENT_COLUMNS:
                scores[name] += part[name]
        return scores

    def _scored(self, base: Table, scores: Table | None, tags: list[str | None]) -> Table:
        """``base`` with ``scores`` (``tags``: each row's embed tag once merged)."""
        if scores is None:
            return {**base, **self._score_rows(base, range(len(base["id"])))}
        self._retold(base, scores, tags)
        return {**base, **scores}

    def _retold(self, base: Table, scores: Table, tags: list[str | None]) -> None:
        """``scores`` with each row whose language changed since it was scored (a later tag, the corpus) redone."""
        pairs = zip(self.first_tags, tags, base["lang_source"], strict=True)
        rows = [i for i, (first, last, told) in enumerate(pairs) if first != last or told == "corpus"]
        if rows:
            again = self._score_rows(base, rows)
            for name in SENTIMENT_COLUMNS:
                column = scores[name]
                for row, value in zip(rows, again[name], strict=True):
                    column[row] = value

    def _score_rows(self, base: Table, rows: Sequence[int]) -> Table:
        """The sentiment columns of ``base``'s ``rows``, scored here (:func:`reactions.sentiment.score_columns`)."""
        ids, texts, langs = scored_rows(base, rows)
        return score_columns(texts, langs=langs, ids=ids, lexicon=self.lexicon, overrides=self.overrides)

    def _note(self, error: str | None) -> None:
        """A store failing in a task: logged once, and no later task uses it."""
        if error is not None and self.store is not None:
            logger.warning("parse cache disabled for %s: %s", self.store, error)
            self.store = None
