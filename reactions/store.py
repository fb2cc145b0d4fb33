"""The analyst's store beside a corpus: a custom lexicon and per-reaction label overrides, in SQLite.

The store is one file, :func:`store_path` (``<corpus dir>/.reactions.db``), read on every run
and written by the CLI (``reactions label``, ``reactions lexicon``) and the page.  Every call
opens its own connection, so a :class:`Store` may be shared by threads and two processes may
write at once: the database is in WAL mode (readers never block the writer), waits up to
:data:`BUSY_TIMEOUT_MS` for a lock instead of failing, and each write is one ``BEGIN IMMEDIATE``
transaction, so concurrent writers queue and nothing is lost.

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> store = Store.beside(folder)
>>> store.set_terms({"Based": 2.0, "hot  mess": -2.5})
>>> store.set_override("3f2a9c", "negative")
>>> Store.beside(folder).lexicon(), Store.beside(folder).overrides()
({'based': 2.0, 'hot mess': -2.5}, {'3f2a9c': 'negative'})
"""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import io
import math
import sqlite3
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from reactions.errors import InputError

STORE_NAME: Final = ".reactions.db"
"""The store's file name inside the corpus folder."""
BUSY_TIMEOUT_MS: Final = 10_000
"""How long a write waits for another writer's lock before giving up."""
LABELS: Final = ("negative", "neutral", "positive")
"""The labels an override may set (those of :data:`reactions.sentiment.LABELS`)."""
VALENCE_RANGE: Final = (-4.0, 4.0)
"""VADER's valence scale: a lexicon entry must lie within it."""

_SCHEMA: Final = f"""
CREATE TABLE IF NOT EXISTS lexicon (
    term TEXT PRIMARY KEY,
    valence REAL NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS overrides (
    reaction_id TEXT PRIMARY KEY,
    label TEXT NOT NULL CHECK (label IN {LABELS!r}),
    updated_at TEXT NOT NULL
);
"""


def store_path(corpus_dir: str | Path) -> Path:
    """Where the store of the corpus in ``corpus_dir`` lives.

    >>> store_path("articles").as_posix()
    'articles/.reactions.db'
    """
    return Path(corpus_dir) / STORE_NAME


def normalise_term(term: str) -> str:
    """A lexicon key as VADER looks it up: lower case, words separated by one space.

    >>> normalise_term("  Hot   MESS "), normalise_term("🐐")
    ('hot mess', '🐐')
    """
    return " ".join(term.lower().split())


@dataclass(frozen=True, slots=True)
class Override:
    """An analyst's label for one reaction.

    Fields:
        reaction_id: the reaction's :attr:`~reactions.models.Reaction.id`.
        label: ``"negative"``, ``"neutral"`` or ``"positive"``.
        updated_at: when it was last set (UTC).
    """

    reaction_id: str
    label: str
    updated_at: dt.datetime


class Store:
    """A corpus's lexicon and overrides, in the SQLite file ``path`` (created on first use)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        with self._connect() as connection:
            connection.executescript(_SCHEMA)  # each CREATE … IF NOT EXISTS is atomic on its own

    @classmethod
    def beside(cls, corpus_dir: str | Path) -> Store:
        """The store of the corpus in ``corpus_dir`` (:func:`store_path`)."""
        return cls(store_path(corpus_dir))

    def __repr__(self) -> str:
        return f"Store({str(self.path)!r})"

    @contextlib.contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """A connection for one operation; a database error (a read-only folder, a corrupt file, a lock
        held past :data:`BUSY_TIMEOUT_MS`) becomes :class:`~reactions.errors.InputError`."""
        try:
            connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        except sqlite3.Error as error:
            raise InputError(f"cannot open the store {self.path}: {error}") from error
        try:
            connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            connection.execute("PRAGMA journal_mode = WAL")
            yield connection
        except sqlite3.Error as error:
            raise InputError(f"store {self.path}: {error}") from error
        finally:
            connection.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: the write lock is taken up front, committed or rolled back."""
        with self._connect() as connection:
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")

    # --- lexicon -----------------------------------------------------------------------------

    def lexicon(self) -> dict[str, float]:
        """Every custom term and its valence, sorted by term."""
        with self._connect() as connection:
            rows = connection.execute("SELECT term, valence FROM lexicon ORDER BY term").fetchall()
        return {str(term): float(valence) for term, valence in rows}

    def set_terms(self, entries: Mapping[str, float]) -> None:
        """Add or replace terms (words, emoji or phrases); all or none are written.

        Raises :class:`ValueError` for an empty term or a valence outside :data:`VALENCE_RANGE`.
        """
        rows = [(_check_term(term), _check_valence(term, valence), _now()) for term, valence in entries.items()]
        with self._transaction() as connection:
            connection.executemany(
                "INSERT OR REPLACE INTO lexicon (term, valence, updated_at) VALUES (?, ?, ?)",
                rows,
            )

    def remove_terms(self, terms: Iterable[str]) -> int:
        """Remove terms; returns how many there were."""
        keys = [(normalise_term(t),) for t in terms]
        with self._transaction() as connection:
            before = connection.total_changes
            connection.executemany("DELETE FROM lexicon WHERE term = ?", keys)
            return connection.total_changes - before

    # --- overrides ---------------------------------------------------------------------------

    def overrides(self) -> dict[str, str]:
        """Reaction id -> label, for every override (what :func:`reactions.sentiment.score_frame` takes)."""
        return {o.reaction_id: o.label for o in self.override_records()}

    def override_records(self) -> tuple[Override, ...]:
        """Every override with its time, oldest first."""
        with self._connect() as connection:
            rows = connection.execute(
                "SELECT reaction_id, label, updated_at FROM overrides ORDER BY updated_at, reaction_id"
            ).fetchall()
        return tuple(Override(str(i), str(label), dt.datetime.fromisoformat(at)) for i, label, at in rows)

    def set_override(self, reaction_id: str, label: str) -> None:
        """Label one reaction, replacing any earlier override of it."""
        if label not in LABELS:
            raise ValueError(f"unknown sentiment label {label!r}: expected one of {', '.join(LABELS)}")
        if not reaction_id.strip():
            raise ValueError("empty reaction id")
        with self._transaction() as connection:
            connection.execute(
                "INSERT OR REPLACE INTO overrides (reaction_id, label, updated_at) VALUES (?, ?, ?)",
                (reaction_id.strip(), label, _now()),
            )

    def clear_override(self, reaction_id: str) -> bool:
        """Remove a reaction's override; whether there was one."""
        with self._transaction() as connection:
            cursor = connection.execute("DELETE FROM overrides WHERE reaction_id = ?", (reaction_id.strip(),))
            return cursor.rowcount > 0


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


def _check_term(term: str) -> str:
    key = normalise_term(term)
    if not key:
        raise ValueError("empty lexicon term")
    return key


def _check_valence(term: str, valence: float) -> float:
    value = float(valence)
    low, high = VALENCE_RANGE
    if not math.isfinite(value) or not low <= value <= high:
        raise ValueError(f"valence of {term!r} must be a number in [{low:g}, {high:g}], not {valence!r}")
    return value


# --- what a run applies -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Settings:
    """What the analyst set for a corpus, as :func:`reactions.sentiment.score_frame` takes it.

    Fields:
        lexicon: custom term -> valence (the store's, then a lexicon file's, which wins).
        overrides: reaction id -> label.
    """

    lexicon: Mapping[str, float]
    overrides: Mapping[str, str]


def corpus_folder(paths: Iterable[str | Path]) -> Path:
    """The folder whose store a run uses: the first path given if it is a folder, else its parent.

    >>> corpus_folder(["seeds/000.txt"]).as_posix(), corpus_folder([]).as_posix()
    ('seeds', '.')
    """
    first = next(iter(paths), None)
    if first is None:
        return Path(".")
    path = Path(first)
    return path if path.is_dir() else path.parent


def load_settings(corpus_dir: str | Path, *, lexicon_file: str | Path | None = None) -> Settings:
    """The stored lexicon and overrides of the corpus in ``corpus_dir`` (none when it has no store:
    reading never creates one), plus the terms of ``lexicon_file`` for this run."""
    stored = Store(store_path(corpus_dir)) if store_path(corpus_dir).is_file() else None
    lexicon = dict(stored.lexicon()) if stored else {}
    if lexicon_file is not None:
        lexicon.update(load_lexicon_file(lexicon_file))
    return Settings(lexicon, stored.overrides() if stored else {})


# --- lexicon files ---------------------------------------------------------------------------


def parse_lexicon(text: str, source: str = "<lexicon>") -> dict[str, float]:
    """Lexicon entries from text: one ``term<TAB>valence`` or ``term,valence`` per line (CSV quoting
    for terms holding a comma; further columns, like VADER's own lexicon's, are ignored).  Blank
    lines and ``#`` comments are skipped, and so is a first line whose valence is not a number
    (a header).  Later lines win.  Raises :class:`~reactions.errors.InputError` naming the line.

    >>> parse_lexicon("term,valence\\nbased,2\\n# slang\\n\\"well, well\\",-1.5\\nhot mess\\t-2.5\\t0.9\\n")
    {'based': 2.0, 'well, well': -1.5, 'hot mess': -2.5}
    """
    entries: dict[str, float] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        cells = line.split("\t") if "\t" in line else next(csv.reader(io.StringIO(line)))
        if len(cells) < 2:
            raise InputError(f"{source}:{number}: expected 'term<TAB>valence' or 'term,valence', got {line!r}")
        try:
            valence = float(cells[1])
        except ValueError:
            if not entries and number == _first_line(text):
                continue  # a header
            raise InputError(f"{source}:{number}: valence {cells[1]!r} is not a number") from None
        try:
            entries[_check_term(cells[0])] = _check_valence(cells[0], valence)
        except ValueError as error:
            raise InputError(f"{source}:{number}: {error}") from None
    return entries


def _first_line(text: str) -> int:
    """The number of the first line that is neither blank nor a comment."""
    lines = text.splitlines()
    return next((n for n, line in enumerate(lines, 1) if line.strip() and not line.lstrip().startswith("#")), 0)


def load_lexicon_file(path: str | Path) -> dict[str, float]:
    """The entries of a lexicon file (UTF-8, see :func:`parse_lexicon`)."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read lexicon {path}: {error}") from error
    return parse_lexicon(text, str(path))
