"""The page's data, cached on hashable inputs only: the corpus folder, its files' fingerprint, the corpus, the
scored frame and its index, and the analyst's store."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

import pandas as pd
import streamlit as st

from reactions import frames, store
from reactions.corpus import read_corpus, scan_files
from reactions.index import FrameIndex
from reactions.models import Corpus
from reactions.run.guard import DEFAULT_TIME_LIMIT

HERE = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = HERE / "seeds"


def corpus_dir(argv: list[str] | None = None) -> Path:
    """The corpus folder: ``-- --corpus DIR``, else ``$REACTIONS_CORPUS``, else the bundled seeds."""
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--corpus")
    args, _ = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    chosen = args.corpus or os.environ.get("REACTIONS_CORPUS") or DEFAULT_CORPUS
    return Path(chosen).expanduser().resolve()


def fingerprint(folder: Path) -> tuple[tuple[str, int, int], ...]:
    """(path, mtime, size) of every article file under ``folder``, as :func:`reactions.corpus.scan_files`
    lists them (what ``read_corpus`` reads: links to folders not followed, unlistable folders included):
    the cache key of the corpus."""
    if not folder.is_dir():
        return ()
    return tuple(
        (item.path, item.stat.st_mtime_ns if item.stat else 0, item.stat.st_size if item.stat else -1)
        for item in scan_files(folder, stat=True)
    )


@st.cache_resource(show_spinner="Reading articles…", max_entries=8)
def load_corpus(folder: str, key: str) -> Corpus:
    """The corpus in ``folder``; ``key`` (a digest of its fingerprint, "" for no files) makes an
    edited file re-read.

    A resource, not data: a Corpus is frozen records all the way down, so every session can share
    the one object instead of unpickling a copy of every article on every rerun.  Files are parsed in
    worker processes, each within a time limit: no file can hold the server."""
    return read_corpus([Path(folder)], jobs=0, time_limit=DEFAULT_TIME_LIMIT) if key else Corpus()


Pairs = tuple[tuple[str, Any], ...]


@st.cache_resource(show_spinner="Scoring reactions…", max_entries=16)
def scored_frame(key: str, _corpus: Corpus, overrides: Pairs, lexicon: Pairs) -> pd.DataFrame:
    """The corpus as a frame with sentiment columns; ``key`` identifies ``_corpus`` (not hashed).

    Shared, not copied per rerun (unpickling 40,000 rows cost 0.7 s a click): the page never writes
    to it, and pandas' copy-on-write keeps every frame derived from it separate."""
    return frames.to_frame(_corpus, lexicon=dict(lexicon) or None, overrides=dict(overrides))


@st.cache_resource(show_spinner="Indexing reactions…", max_entries=16)
def frame_index(key: str, _frame: pd.DataFrame) -> FrameIndex:
    """The frame's columns as integer codes, built once per frame (``key``) and shared: every filter,
    selection and chart of a run is a mask and a count over it."""
    return FrameIndex(_frame).warm()


def analyst_store(folder: Path) -> store.Settings:
    """The label overrides and custom lexicon stored beside the corpus (read-only: reading never creates or
    changes a store; one that cannot be used is said, not trusted)."""
    return store.load_settings(folder)
