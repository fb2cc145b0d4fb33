"""The page's data, cached on hashable inputs only: the corpus folder, its files' fingerprint, the run (the scored
frame and every outcome) and the frame's index, an article on demand, and the analyst's store."""

from __future__ import annotations

import hashlib
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import streamlit as st

from app import presenter
from app.opening import COLUMN_FLAGS, arguments
from app.opening import runs as _runs
from reactions import scorers, sentiment_model, store
from reactions.analysis.index import FrameIndex
from reactions.corpus import scan_files
from reactions.models import Article, FileOutcome
from reactions.run.guard import DEFAULT_TIME_LIMIT
from reactions.run.pipeline import Extraction, Progress, extract_frame
from reactions.run.units import find_article
from reactions.run.uploads import read_uploads_guarded
from reactions.sources import DEFAULT_SOURCE, SourceOptions
from reactions.sources.uploads import Upload


def source_options(argv: list[str] | None = None) -> SourceOptions:
    """How the corpus's datasets are read: the columns named after ``--`` (``--id-col news_id``), as the CLI's.

    >>> options = source_options(["--corpus", "x.csv", "--id-col", "news_id", "--text-col", "body"])
    >>> options.text_col, options.id_col, options.url_col
    ('body', 'news_id', None)
    """
    args = arguments(argv)
    return SourceOptions(**{f"{name}_col": getattr(args, f"{name}_col") for name in COLUMN_FLAGS})


def named_columns(options: SourceOptions) -> dict[str, str]:
    """The columns the page was told to read (``{"id": "news_id"}``), for its provenance and its sidebar."""
    return {name: value for name in COLUMN_FLAGS if (value := getattr(options, f"{name}_col")) is not None}


RELIST_FACTOR = 100
"""The page lists the corpus's files again (to see a change) once this many times the last listing's own time has
passed: a folder of a few files at every rerun, 26,500 files (0.7-1.1 s) every one or two minutes at most."""


@dataclass
class _Listing:
    """The last listing of a corpus: when it was made, how long it took, the fingerprint, and whether a new one is
    being made (in the background)."""

    when: float
    took: float
    files: tuple[tuple[str, str, int, int], ...]
    digest: str = ""
    """A hash of ``files``, made once (265,000 files: 0.18 CPU-s to hash again at every rerun)."""
    busy: bool = False


@st.cache_resource(show_spinner=False)
def _listings() -> tuple[dict[str, _Listing], threading.Lock]:
    """The last listing of each corpus, shared by every session, and a lock over them."""
    return {}, threading.Lock()


def current_fingerprint(folder: Path) -> tuple[tuple[str, str, int, int], ...]:
    """:func:`current_listing`'s files."""
    return current_listing(folder)[0]


def current_listing(folder: Path) -> tuple[tuple[tuple[str, str, int, int], ...], str]:
    """:func:`fingerprint` of ``folder`` as the page last listed it (in any session).  The first listing is made at
    once; when the last is more than :data:`RELIST_FACTOR` times its own time old, a new one is made in the
    background and the next rerun uses it: no rerun waits for a large corpus to be listed again (26,500 files were
    1.1 s of a filter's 1.6 s on the server), and a change shows at the next rerun after it is seen."""
    listings, lock = _listings()
    name = str(folder)
    with lock:
        kept = listings.get(name)
        stale = kept is not None and not kept.busy and time.monotonic() - kept.when >= RELIST_FACTOR * kept.took
        if stale:
            kept.busy = True
    if kept is None:
        kept = _list(folder)
        with lock:
            listings[name] = kept
    elif stale:
        threading.Thread(target=_relist, args=(folder, listings, lock), daemon=True).start()
    return kept.files, kept.digest


def _list(folder: Path) -> _Listing:
    started = time.monotonic()
    files = fingerprint(folder)
    return _Listing(started, time.monotonic() - started, files, hashlib.sha256(repr(files).encode()).hexdigest())


def _relist(folder: Path, listings: dict[str, _Listing], lock: threading.Lock) -> None:
    try:
        fresh = _list(folder)
    except OSError:
        fresh = None
    with lock:
        if fresh is not None:
            listings[str(folder)] = fresh
        else:
            listings[str(folder)].busy = False


def fingerprint(folder: Path) -> tuple[tuple[str, str, int, int], ...]:
    """(path, article id, mtime, size) of every file under ``folder``, as the run lists them
    (:func:`reactions.corpus.scan_files`: links to folders not followed, unlistable folders included): the
    cache key of the corpus, and the ids an upload must not take."""
    if not folder.exists():
        return ()
    return tuple(
        (item.path, item.source, item.stat.st_mtime_ns if item.stat else 0, item.stat.st_size if item.stat else -1)
        for item in scan_files(folder, stat=True)
    )


Pairs = tuple[tuple[str, Any], ...]


def load_run(
    folder: str, key: str, upload: Upload, overrides: Pairs, lexicon: Pairs, progress: Progress | None = None,
    sources: SourceOptions = DEFAULT_SOURCE,
) -> Extraction:
    """The scored frame of the corpus in ``folder`` and of the uploaded documents, and every outcome: the one run
    path (:func:`reactions.run.pipeline.extract_frame`, the CLI's), so the page reuses the corpus's caches (a
    reload of an unchanged corpus reads its finished frame back).  ``key`` identifies the files and the upload
    (``upload`` itself is not compared); ``progress(done, total)`` is told of each part read, so the page can
    show how far a first load has come (it is never called when the run is already kept).

    Kept for every session (not unpickled per rerun: 40,000 rows cost 0.7 s a click); the page never writes to
    the frame, and pandas' copy-on-write keeps every frame derived from it separate.  Each document is parsed
    in a worker process within a time limit: no file can hold the server.  Not an ``st.cache_resource``: a
    cached function's elements are replayed on every hit, and the progress is an element."""
    runs, name = _runs(), (folder, key, overrides, lexicon, sources)
    with runs.lock(name):
        found = runs.get(name)
        if found is None:
            found = extract_frame(
                [Path(folder)] if key else [], documents=upload.documents, document_paths=upload.paths,
                time_limit=DEFAULT_TIME_LIMIT, progress=progress,
                lexicon=dict(lexicon) or None, overrides=dict(overrides), sources=sources,
            )  # fmt: skip
            found = found.with_frame(one_chunk(found.frame))  # (the table let go: the page keeps the frame)
            runs.keep(name, found)
    return found


def one_chunk(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with each Arrow string column in one chunk (a run's frame comes in one chunk per part read: a page
    of the table taken from 203 chunks cost 7 ms a column); the same values and dtypes."""
    chunked = {}
    for name, column in frame.items():
        values = column.array
        if isinstance(values, pd.arrays.ArrowStringArray) and values._pa_array.num_chunks > 1:
            whole = pa.chunked_array([values._pa_array.combine_chunks()])
            chunked[name] = pd.Series(type(values)(whole), index=frame.index, name=name)
    return frame.assign(**chunked) if chunked else frame


@st.cache_resource(show_spinner=False, max_entries=16)
def corpus_stamp(
    folder: str, key: str, _outcomes: tuple[FileOutcome, ...], columns: tuple[tuple[str, str], ...] = ()
) -> dict[str, object]:
    """:func:`app.presenter.corpus_stamp` of a run (``key``), made once."""
    return presenter.corpus_stamp(folder, key, _outcomes, dict(columns))


@st.cache_resource(show_spinner=False, max_entries=32)
def outcome_tables(key: str, _outcomes: tuple[FileOutcome, ...]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The files read as :func:`app.presenter.source_rows` and :func:`app.presenter.outcome_rows` give them, made
    once per run and part (``key``)."""
    return presenter.source_rows(_outcomes), presenter.outcome_rows(_outcomes)


def is_loaded(
    folder: str, key: str, overrides: Pairs, lexicon: Pairs, sources: SourceOptions = DEFAULT_SOURCE
) -> bool:
    """Whether the run of these inputs is kept already (a new session opens it without reading a file)."""
    return _runs().get((folder, key, overrides, lexicon, sources)) is not None


def progress_text(done: int, total: int, elapsed: float) -> str:
    """What a first load says of its progress: files (or a dataset's parts) read of the total, the rate and the
    time left.

    >>> progress_text(0, 11239, 0.4), progress_text(0, 1, 0.4)
    ('Reading 11,239 files…', 'Reading the corpus…')
    >>> progress_text(1280, 11239, 16.0)
    'Read 1,280 of 11,239 files · 80 files/s · about 2 min left'
    >>> progress_text(10, 12, 1.0)
    'Read 10 of 12 files · 10 files/s · about 1 s left'
    """
    if done <= 0 or elapsed <= 0:
        return f"Reading {total:,} files…" if total > 1 else "Reading the corpus…"
    rate = done / elapsed
    left = max(0.0, (total - done) / rate)
    when = f"{left / 60:.0f} min" if left >= 90 else f"{max(1.0, left):.0f} s"
    return f"Read {done:,} of {total:,} files · {rate:,.0f} files/s · about {when} left"


PROGRESS_EVERY = 0.25
"""Seconds between two updates of the progress bar (a dataset's parts can come faster than the eye)."""


def open_run(
    folder: str, key: str, upload: Upload, overrides: Pairs, lexicon: Pairs, files: int,
    sources: SourceOptions = DEFAULT_SOURCE, slot: Any = None,
) -> Extraction:
    """:func:`load_run`, with a progress bar while the run reads the corpus's ``files`` files (shown at once,
    then after each part read, at most every :data:`PROGRESS_EVERY` seconds; gone when the run is done), in
    ``slot`` (:func:`app.opening.first_bar`'s, else a new one).  A run that is kept already opens without one."""
    slot = st.empty() if slot is None else slot
    if is_loaded(folder, key, overrides, lexicon, sources):
        slot.empty()
        return load_run(folder, key, upload, overrides, lexicon, sources=sources)
    start = time.monotonic()
    slot.progress(0.0, text=progress_text(0, files, 0.0))
    last = start

    def tell(done: int, total: int) -> None:
        nonlocal last
        now = time.monotonic()
        if now - last >= PROGRESS_EVERY or done >= total:
            last = now
            slot.progress(min(1.0, done / max(1, total)), text=progress_text(done, total, now - start))

    try:
        return load_run(folder, key, upload, overrides, lexicon, progress=tell, sources=sources)
    finally:
        slot.empty()


def read_upload(files: tuple[tuple[str, bytes], ...], taken: list[str]) -> Upload:
    """What was uploaded, decoded in a worker process within a time limit (never in the server's own: a
    compressed bomb or a slow dataset costs that process, not every session); names never clash with ``taken``."""
    return read_uploads_guarded(files, taken=taken)


@st.cache_resource(show_spinner="Opening the article…", max_entries=64)
def load_article(
    key: str, path: str, source: str, _upload: Upload, sources: SourceOptions = DEFAULT_SOURCE
) -> Article | None:
    """The article ``source`` (read from ``path``: a file of the corpus, a dataset, an upload), parsed again on
    demand for the post-in-context view: the run keeps no article text, so a corpus of any size costs no memory
    for it.  ``key`` identifies the files and the upload (``_upload`` is not hashed)."""
    return find_article(path, source, documents=_upload.documents, options=sources)


@dataclass(frozen=True)
class ArticleReader:
    """Reads the articles of one run again, one at a time, by id (what :func:`load_article` needs to know)."""

    key: str
    upload: Upload
    outcomes: tuple[FileOutcome, ...]
    sources: SourceOptions = DEFAULT_SOURCE

    def article(self, source: str) -> Article | None:
        """The article ``source``, or ``None`` when the run read no such article."""
        path = next((o.path for o in self.outcomes if o.source == source), None)
        return None if path is None else load_article(self.key, path, source, self.upload, self.sources)


@st.cache_resource(show_spinner=False, max_entries=16)
def kept_outcomes(
    key: str, _outcomes: tuple[FileOutcome, ...], _upload: Upload
) -> tuple[tuple[FileOutcome, ...], tuple[FileOutcome, ...]]:
    """:func:`split_outcomes` of the run ``key`` (its files and upload), made once (265,000 outcomes: a pass in
    Python at every rerun)."""
    return split_outcomes(_outcomes, _upload)


def split_outcomes(
    outcomes: tuple[FileOutcome, ...], upload: Upload
) -> tuple[tuple[FileOutcome, ...], tuple[FileOutcome, ...]]:
    """A run's outcomes as (the corpus's, the upload's): the upload's are those of its documents, followed by the
    files it skipped (unsafe, oversized, unsupported)."""
    uploaded = {document.source for document in upload.documents} | set(upload.paths)
    theirs = [o.source in uploaded or o.path in uploaded for o in outcomes]
    corpus = tuple(o for o, up in zip(outcomes, theirs, strict=True) if not up)
    return corpus, (*(o for o, up in zip(outcomes, theirs, strict=True) if up), *upload.skipped)


@st.cache_resource(show_spinner="Indexing reactions…", max_entries=16)
def frame_index(key: str, _frame: pd.DataFrame) -> FrameIndex:
    """The frame's columns as integer codes, built once per frame (``key``) and shared: every filter,
    selection and chart of a run is a mask and a count over it."""
    return FrameIndex(_frame).warm()


@st.cache_resource(show_spinner="Scoring sentiment…", max_entries=4)
def scored_frame(
    key: str, _frame: pd.DataFrame, scorer: str, lexicon: tuple[tuple[str, float], ...]
) -> tuple[pd.DataFrame, str, str]:
    """The run's frame (``key``) as ``scorer`` labels it (:func:`reactions.scorers.apply_scorer`), the scorer that
    did, and why it is not the one asked for (the model is not installed: VADER's labels stay), else ``""``.
    Shared, never copied: as a ``st.cache_data`` it was unpickled at every script run (a copy of the whole frame:
    most of a rerun's server CPU at 1,000,000 reactions); the page only reads it."""
    try:
        return scorers.apply_scorer(_frame, scorer, lexicon=dict(lexicon) or None), scorer, ""
    except sentiment_model.ModelError as error:
        return _frame, scorers.DEFAULT_SCORER, f"The sentiment model cannot be used ({error}); VADER's labels stay."


def analyst_store(folder: Path) -> store.Settings:
    """The label overrides and custom lexicon stored beside the corpus (read-only: reading never creates or
    changes a store; one that cannot be used is said, not trusted)."""
    return store.load_settings(folder)
