"""The bytes of a finished export, cached: ``reactions extract`` run again over an unchanged corpus with the same
options writes the bytes its last run wrote, without listing the corpus, building a frame or loading pandas,
pyarrow, the parser or VADER (:func:`extract_output`).

An export is kept beside its frame (:mod:`reactions.run.framecache`) in the store's ``output_cache`` table, signed
like every row, in a slot named by the working folder, the paths as given and the :class:`OutputSpec` (the format
and every option that changes the bytes), with:

* the listing's trace (:data:`reactions.corpus.Trace`: each path given, each folder listed and each symbolic link
  met, with its ``os.stat``) and the listing (each file's path and article id);
* the fingerprint of the frame the bytes were made from (:func:`reactions.run.framecache.fingerprint`: each
  file's stat data, the run's settings, the code and the libraries' versions);
* the files' outcomes and the frame's row count, for the summary and the warnings.

A later run writes the stored bytes only when every traced path has its stored state (so listing the corpus again
would give the stored listing: a folder's times move when an entry is added, removed or renamed in it) and the
fingerprint of the stored listing, with each file's ``os.stat`` taken now and this run's settings, is the stored
one, with no file too recent to be trusted by its times (git's racily clean files: such a run goes the whole way,
and the frame cache hashes them).  Anything else is a miss, and the run is made as if there were no such row: any
edit of a file (its change time moves), an option, the lexicon or the overrides, the package's code or a library's
version.  An export is kept only when its frame is (a document stopped by a time limit is not), and only when no
traced folder or link is too recent to be trusted either.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import marshal
import os
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from reactions.corpus import Listed, log_warnings, path_state
from reactions.models import FileOutcome, OutcomeTotals
from reactions.run import framecache
from reactions.run.cache import MARSHAL_VERSION, ParseCache, open_cache, store_file
from reactions.sources import DEFAULT_SOURCE, SourceOptions
from reactions.sources.files import DEFAULT_READ, ReadOptions
from reactions.sources.remote import is_remote
from reactions.store import corpus_folder

if TYPE_CHECKING:
    from reactions.run.pipeline import Extraction

logger = logging.getLogger(__name__)

FORMAT: Final = "1"
"""The layout of a stored export; part of every slot's name."""

Render = Callable[["Extraction"], bytes]
"""The export's bytes from a run's result (only called when the run read an article)."""


@dataclasses.dataclass(frozen=True, slots=True)
class OutputSpec:
    """What turns a run's frame into an export's bytes, besides the frame.

    Fields:
        format: the table format (``"csv"``, ``"jsonl"``, ``"parquet"``).
        options: every other option that changes the bytes, as JSON-ready ``(name, value)`` pairs.
    """

    format: str
    options: tuple[tuple[str, Any], ...] = ()


@dataclasses.dataclass(frozen=True, slots=True, eq=False)
class Output(OutcomeTotals):
    """What :func:`extract_output` gives.

    Fields:
        data: the export's bytes (empty when no article was read).
        outcomes: one per file, in reading order (:attr:`reactions.run.pipeline.Extraction.outcomes`).
        rows: the unique reactions, the frame's rows.
        from_cache: whether the bytes were the stored ones.
    """

    data: bytes
    outcomes: Sequence[FileOutcome]
    rows: int
    from_cache: bool = False



def extract_output(
    paths: str | Path | Iterable[str | Path],
    spec: OutputSpec,
    render: Render,
    *,
    cache: bool = True,
    lexicon: Mapping[str, float] | None = None,
    overrides: Mapping[str, str] | None = None,
    read: ReadOptions = DEFAULT_READ,
    sources: SourceOptions = DEFAULT_SOURCE,
    **settings: Any,
) -> Output:
    """The export ``render`` makes of the frame of :func:`reactions.run.pipeline.extract_frame` (with these
    keywords and ``settings``, :class:`~reactions.run.pipeline.RunOptions`' fields), as ``spec`` describes it: the
    stored bytes when the corpus, the settings and the code are those they were made from, else made and kept."""
    given = [paths] if isinstance(paths, str | Path) else list(paths)
    named = [str(path) for path in given]
    if cache and not any(is_remote(path) for path in named):
        found = _replay(named, spec, framecache.run_settings(_Settings(lexicon, overrides, read, sources)))
        if found is not None:
            return found
    from reactions.run.pipeline import extract_frame  # (pandas and the run's machinery: a miss only)

    listing = framecache.Listing() if cache else None
    result = extract_frame(
        given, cache=cache, listing=listing, lexicon=lexicon, overrides=overrides, read=read, sources=sources,
        **settings,
    )  # fmt: skip
    if not result.articles:
        return Output(b"", result.outcomes, result.rows)
    data = render(result)
    if listing is not None:
        _keep(named, spec, listing, result, data)
    return Output(data, result.outcomes, result.rows)


@dataclasses.dataclass(frozen=True, slots=True)
class _Settings:
    """The fields of :class:`~reactions.run.pipeline.RunOptions` that :func:`~reactions.run.framecache.run_settings`
    reads."""

    lexicon: Mapping[str, float] | None
    overrides: Mapping[str, str] | None
    read: ReadOptions
    sources: SourceOptions


def slot_of(paths: Sequence[str], spec: OutputSpec) -> str:
    """The name of the slot an export is kept in: Python's version (the standard library writes JSON Lines), the
    working folder (a relative path means another file elsewhere, and outcomes name files as they were given), the
    paths as given and ``spec``."""
    named = json.dumps([FORMAT, sys.version, os.getcwd(), list(paths), spec.format, spec.options], ensure_ascii=False)
    return hashlib.sha256(named.encode("utf-8", "surrogateescape")).hexdigest()[:32]


def _replay(paths: Sequence[str], spec: OutputSpec, settings: Mapping[str, Any]) -> Output | None:
    """The stored export of ``paths`` when nothing it was made from has changed (see the module), else ``None``."""
    where = corpus_folder(paths)
    if not store_file(where).is_file():  # no store yet: none is made here (a mistyped path makes none)
        return None
    store = open_cache(where)
    if store is None:
        return None
    with store:
        row = store.get_output(slot_of(paths, spec))
    if row is None:
        return None
    digest, meta, data = row
    try:
        trace, names, sources, outcomes, rows = marshal.loads(meta)  # signed by this user: see ParseCache
        if any(path_state(path, resolve) != state for path, resolve, state in trace):
            return None  # a folder or a link changed: the listing may have
        files = [Listed(path, source, _stat(path)) for path, source in zip(names, sources, strict=True)]
        mark = framecache.fingerprint(paths, files, settings, time.time_ns())
        if mark.digest != digest or mark.racy:
            return None
        found = framecache.decode_outcomes(outcomes)
    except (ValueError, TypeError, EOFError) as error:  # a row of another layout costs speed, never the run
        logger.warning("output cache: cannot read a stored export of %s: %s", store.path, error)
        return None
    logger.info("output cache: %d files unchanged, the stored export reused", len(files))
    log_warnings(found)
    return Output(data, found, int(rows), from_cache=True)


def _stat(path: str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def _keep(paths: Sequence[str], spec: OutputSpec, listing: framecache.Listing, result: Extraction, data: bytes) -> None:
    """Store ``data`` for a later run, when the run's frame was stored (or found) under a fingerprint with no racy
    file and no traced path is too recent to be trusted by its times either."""
    mark = listing.mark
    if mark is None or mark.racy or not listing.trace:
        return
    limit = listing.listed_at - framecache.RACY_NS
    if any(state is None or state[2] >= limit or state[3] >= limit for _, _, (_, state) in listing.trace):
        return  # (a path that cannot be read: its state tells little)
    names = [path for path, _ in listing.files]
    sources = [source for _, source in listing.files]
    outcomes = framecache.encode_outcomes(result.outcomes)
    meta = marshal.dumps([listing.trace, names, sources, outcomes, result.rows], MARSHAL_VERSION)
    store = open_cache(corpus_folder(paths))
    if store is not None:
        with store:
            _put(store, slot_of(paths, spec), mark.digest, meta, data)


def _put(store: ParseCache, slot: str, digest: str, meta: bytes, data: bytes) -> None:
    store.put_output(slot, digest, meta, data)
    if store.broken:
        logger.warning("output cache: the export could not be kept in %s", store.path)
