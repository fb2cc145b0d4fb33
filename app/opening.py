"""What the page does before its libraries load: where the corpus is, the runs this server keeps, and the progress
bar a first load shows at once.

Light on purpose (the standard library and Streamlit only): the page's other modules bring pandas, Altair,
networkx and the parser, about 2 CPU-s to import on a server's first script run; ``dashboard.py`` imports them
only once :func:`first_bar` has shown the bar, so that a first load says what it does within 2 s of opening."""

from __future__ import annotations

import argparse
import os
import sys
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import streamlit as st

HERE = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = HERE / "seeds"

COLUMN_FLAGS = ("text", "id", "title", "date", "url")
"""The dataset options the page takes, as the CLI does: ``-- --id-col news_id`` (``--text-col``, ``--title-col``,
``--date-col``, ``--url-col``)."""

OPENING_TEXT = "Opening the corpus: listing its files…"
"""What the bar says before the files are counted."""


def arguments(argv: list[str] | None) -> argparse.Namespace:
    """The page's own options, after ``--`` on the command line (``--corpus`` and the dataset columns)."""
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--corpus")
    for name in COLUMN_FLAGS:
        parser.add_argument(f"--{name}-col", dest=f"{name}_col")
    args, _ = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    return args


def corpus_dir(argv: list[str] | None = None) -> Path:
    """The corpus: ``-- --corpus PATH`` (a folder of articles, or a dataset or web-archive file), else
    ``$REACTIONS_CORPUS``, else the bundled seeds."""
    chosen = arguments(argv).corpus or os.environ.get("REACTIONS_CORPUS") or DEFAULT_CORPUS
    return Path(chosen).expanduser().resolve()


RUNS_KEPT = 8
"""Runs kept for every session (the least recently used goes first)."""


@dataclass(frozen=True)
class Runs:
    """The runs shared by every session, by what they read (the folder first), and one lock per run, so that two
    sessions opening the same corpus read it once (the second waits for the first)."""

    done: OrderedDict[tuple[Any, ...], Any] = field(default_factory=OrderedDict)
    locks: dict[tuple[Any, ...], threading.Lock] = field(default_factory=dict)
    guard: threading.Lock = field(default_factory=threading.Lock)

    def lock(self, key: tuple[Any, ...]) -> threading.Lock:
        with self.guard:
            return self.locks.setdefault(key, threading.Lock())

    def get(self, key: tuple[Any, ...]) -> Any:
        with self.guard:
            found = self.done.get(key)
            if found is not None:
                self.done.move_to_end(key)
            return found

    def keep(self, key: tuple[Any, ...], run: Any) -> None:
        with self.guard:
            self.done[key] = run
            while len(self.done) > RUNS_KEPT:
                self.locks.pop(self.done.popitem(last=False)[0], None)

    def has_folder(self, folder: str) -> bool:
        """Whether a run of ``folder`` is kept (of any version of its files, labels or upload)."""
        with self.guard:
            return any(key[0] == folder for key in self.done)


@st.cache_resource(show_spinner=False)
def runs() -> Runs:
    """The runs this server keeps, shared by every session."""
    return Runs()


def first_bar(folder: Path) -> Any:
    """A place at the top of the page for the first load's progress bar, the bar already in it when this server
    keeps no run of ``folder`` (its first session, or a run pushed out by others): shown before the page's
    libraries load and before the files are listed (26,500 files: 0.7 s)."""
    slot = st.empty()
    if not runs().has_folder(str(folder)):
        slot.progress(0.0, text=OPENING_TEXT)
    return slot


REST_KEY = "page_rest"
"""Session state of the session's first paint: absent on its first run, ``"asked"`` once that run has ended at the
headline and asked for the rest, ``"drawn"`` once the browser's timer has asked for it (any later run draws it all)."""
REST_DELAY = 0.3
"""Seconds the browser waits, once it has drawn a session's first run, before it asks for the rest of the page (a
``run_every`` timer: it fires only when the browser's main thread is free, so after the headline's work)."""


def first_paint() -> bool:
    """Whether this run is a session's first (a new tab, a reload): it draws the title and headline, then ends."""
    return REST_KEY not in st.session_state


def rest_later() -> bool:
    """On a session's first run: ask the browser to ask for the rest of the page once it has drawn this run, and
    say so (True: the run then ends).  The browser builds what a run sends in one go, in the order it came: the
    sidebar's widgets, the charts (Vega) and the table (the grid), each type's code loaded and compiled the first
    time, came with the headline and held it back (a new session at 100,000 reactions: the headline after 4 CPU-s
    of Chromium, against 2 for the headline alone).  Any later run draws the whole page."""
    if not first_paint():
        return False
    _ask_for_rest()
    st.session_state[REST_KEY] = "asked"
    return True


@st.fragment(run_every=REST_DELAY)
def _ask_for_rest() -> None:
    """Nothing on the page: its timer, once the browser has drawn the first run, reruns the whole page (a full
    run stops the timer)."""
    if st.session_state.get(REST_KEY) == "asked":
        st.session_state[REST_KEY] = "drawn"
        st.rerun(scope="app")
