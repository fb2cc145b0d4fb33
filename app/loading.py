"""The page's data, cached on hashable inputs only: the corpus folder, its files' fingerprint, the run (the scored
frame and every outcome) and the frame's index, an article on demand, and the analyst's store."""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
import streamlit as st

from reactions import store
from reactions.corpus import scan_files
from reactions.index import FrameIndex
from reactions.models import Article, FileOutcome
from reactions.run.guard import DEFAULT_TIME_LIMIT
from reactions.run.pipeline import Extraction, extract_frame
from reactions.run.units import find_article
from reactions.run.uploads import read_uploads_guarded
from reactions.sources import DEFAULT_SOURCE, SourceOptions
from reactions.sources.uploads import Upload

HERE = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = HERE / "seeds"


COLUMN_FLAGS = ("text", "id", "title", "date", "url")
"""The dataset options the page takes, as the CLI does: ``-- --id-col news_id`` (``--text-col``, ``--title-col``,
``--date-col``, ``--url-col``)."""


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--corpus")
    for name in COLUMN_FLAGS:
        parser.add_argument(f"--{name}-col", dest=f"{name}_col")
    args, _ = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    return args


def corpus_dir(argv: list[str] | None = None) -> Path:
    """The corpus: ``-- --corpus PATH`` (a folder of articles, or a dataset or web-archive file), else
    ``$REACTIONS_CORPUS``, else the bundled seeds."""
    chosen = _arguments(argv).corpus or os.environ.get("REACTIONS_CORPUS") or DEFAULT_CORPUS
    return Path(chosen).expanduser().resolve()


def source_options(argv: list[str] | None = None) -> SourceOptions:
    """How the corpus's datasets are read: the columns named after ``--`` (``--id-col news_id``), as the CLI's.

    >>> source_options(["--corpus", "x.csv", "--id-col", "news_id", "--text-col", "body"])
    SourceOptions(text_col='body', id_col='news_id', title_col=None, date_col=None, url_col=None, \
max_bytes=20971520, chunk_rows=2000, part_bytes=67108864, verify_digests=True)
    """
    args = _arguments(argv)
    return SourceOptions(**{f"{name}_col": getattr(args, f"{name}_col") for name in COLUMN_FLAGS})


def named_columns(options: SourceOptions) -> dict[str, str]:
    """The columns the page was told to read (``{"id": "news_id"}``), for its provenance and its sidebar."""
    return {name: value for name in COLUMN_FLAGS if (value := getattr(options, f"{name}_col")) is not None}


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


@st.cache_resource(show_spinner="Reading and scoring articles…", max_entries=8)
def load_run(
    folder: str, key: str, _upload: Upload, overrides: Pairs, lexicon: Pairs, sources: SourceOptions = DEFAULT_SOURCE
) -> Extraction:
    """The scored frame of the corpus in ``folder`` and of the uploaded documents, and every outcome: the one run
    path (:func:`reactions.run.pipeline.extract_frame`, the CLI's), so the page reuses the corpus's caches (a
    reload of an unchanged corpus reads its finished frame back).  ``key`` identifies the files and the upload
    (``_upload`` itself is not hashed).

    A resource, not data: shared by every session instead of unpickled per rerun (40,000 rows cost 0.7 s a
    click); the page never writes to the frame, and pandas' copy-on-write keeps every frame derived from it
    separate.  Each document is parsed in a worker process within a time limit: no file can hold the server."""
    return extract_frame(
        [Path(folder)] if key else [], documents=_upload.documents, document_paths=_upload.paths,
        time_limit=DEFAULT_TIME_LIMIT,
        lexicon=dict(lexicon) or None, overrides=dict(overrides), sources=sources,
    )  # fmt: skip


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


def analyst_store(folder: Path) -> store.Settings:
    """The label overrides and custom lexicon stored beside the corpus (read-only: reading never creates or
    changes a store; one that cannot be used is said, not trusted)."""
    return store.load_settings(folder)
