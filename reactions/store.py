"""The analyst's store beside a corpus: a custom lexicon and per-reaction label overrides, in SQLite.

The store is one file, :func:`store_path` (``<corpus dir>/.reactions.db``), read on every run
and written by the CLI (``reactions label``, ``reactions lexicon``) and the page.  It holds only what
an analyst decided: what can be worked out again (parses, scores, frames) is cached in the user's own
cache folder (:mod:`reactions.run.cache`).  A corpus folder may be someone else's, so a run opens the store
read-only (SQLite's ``mode=ro``, ``trusted_schema=OFF``) and uses it only when it holds the two tables
this module makes and nothing else: a trigger, a view, another table or a symbolic link in its place makes
it refused with a one-line reason, as does a corrupt or unreadable file, and the run goes on without it
(:func:`load_settings`); every run says how many overrides and terms it took from it
(:attr:`Settings.note`).  Every call
opens its own connection, so a :class:`Store` may be shared by threads and two processes may
write at once: the database is in WAL mode (readers never block the writer), waits up to
:data:`BUSY_TIMEOUT_MS` for a lock instead of failing, and each write is one ``BEGIN IMMEDIATE``
transaction, so concurrent writers queue and nothing is lost.  WAL needs side files beside the store, so
a store in a folder this process cannot write (a read-only mount, someone else's folder) is read as an
immutable file (SQLite's ``immutable=1``: no side file, no lock) and every write is refused with one line
saying why (:func:`read_only_reason`); what it holds is still applied.

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
import os
import sqlite3
import urllib.parse
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from reactions.errors import InputError
from reactions.models import SENTIMENT_LABELS
from reactions.viewstate.saved_views import SavedView, check_query, check_view_name, views_of

STORE_NAME: Final = ".reactions.db"
"""The store's file name inside the corpus folder."""
BUSY_TIMEOUT_MS: Final = 10_000
"""How long a write waits for another writer's lock before giving up."""
LABELS: Final = SENTIMENT_LABELS
"""The labels an override may set (:class:`reactions.models.Sentiment`)."""
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
CREATE TABLE IF NOT EXISTS views (
    name TEXT PRIMARY KEY,
    query TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
"""


_LEGACY_CACHES: Final = ("parse_cache", "score_cache", "frame_cache")
"""Cache tables that earlier versions kept in the store: tolerated (an analyst's labels stay usable), never read."""
_ALLOWED: Final = frozenset({
    ("table", "lexicon"), ("table", "overrides"), ("table", "views"),
    ("index", "sqlite_autoindex_lexicon_1"), ("index", "sqlite_autoindex_overrides_1"),
    ("index", "sqlite_autoindex_views_1"),
    *(("table", name) for name in _LEGACY_CACHES), *(("index", f"sqlite_autoindex_{n}_1") for n in _LEGACY_CACHES),
})  # fmt: skip
"""Everything a store made by this module holds (``sqlite_master``'s type and name).  A store made before a table
was added gets it when it is next written (``CREATE TABLE IF NOT EXISTS``); reading one treats the table as empty."""


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
    """A corpus's lexicon, overrides and saved views, in the SQLite file ``path`` (created on first use)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.read_only = read_only_reason(self.path)
        """Why nothing can be written to this store (``None``: it can); it is then only read."""
        if self.read_only is None:
            with self._connect() as connection:
                check_schema(connection, self.path)
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
        held past :data:`BUSY_TIMEOUT_MS`) becomes :class:`~reactions.errors.InputError`; so does a store
        that is a symbolic link or holds anything this module does not make (:func:`check_schema`)."""
        refuse_link(self.path)
        try:
            connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        except sqlite3.Error as error:
            raise InputError(f"cannot open the store {self.path}: {error}") from error
        try:
            connection.execute("PRAGMA trusted_schema = OFF")
            check_schema(connection, self.path)
            connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            connection.execute("PRAGMA journal_mode = WAL")
            yield connection
        except sqlite3.Error as error:
            raise InputError(f"store {self.path}: {error}") from error
        finally:
            connection.close()

    @contextlib.contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """A connection to read from: the store's own, or, when it is read-only, the file opened as immutable
        (an empty store in memory when there is no file)."""
        if self.read_only is None:
            with self._connect() as connection:
                yield connection
        elif self.path.is_file() or self.path.is_symlink():
            with _read_only(self.path) as connection:
                yield connection
        else:
            with contextlib.closing(sqlite3.connect(":memory:")) as connection:
                connection.executescript(_SCHEMA)
                yield connection

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: the write lock is taken up front, committed or rolled back."""
        if self.read_only is not None:
            raise InputError(f"the store {self.path} cannot be written ({self.read_only}): nothing was saved")
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
        with self._reading() as connection:
            rows = connection.execute("SELECT term, valence FROM lexicon ORDER BY term").fetchall()
        return {str(term): float(valence) for term, valence in rows}

    def set_terms(self, entries: Mapping[str, float]) -> None:
        """Add or replace terms (words, emoji or phrases); all or none are written.

        Raises :class:`ValueError` for an empty term or a valence outside :data:`VALENCE_RANGE`.
        """
        rows = [(_check_term(term), _check_valence(term, valence), _now()) for term, valence in entries.items()]
        if not rows:  # nothing to write: also fine for a read-only store
            return
        with self._transaction() as connection:
            connection.executemany(
                "INSERT OR REPLACE INTO lexicon (term, valence, updated_at) VALUES (?, ?, ?)",
                rows,
            )

    def remove_terms(self, terms: Iterable[str]) -> int:
        """Remove terms; returns how many there were."""
        keys = [(normalise_term(t),) for t in terms]
        if not keys:
            return 0
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
        with self._reading() as connection:
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

    # --- saved views -------------------------------------------------------------------------

    def saved_views(self) -> tuple[SavedView, ...]:
        """Every saved view, by name, its query checked (:attr:`SavedView.problems`)."""
        with self._reading() as connection:
            return views_of(connection)

    def load_view(self, name: str) -> SavedView:
        """The view saved as ``name``, its query checked; :class:`~reactions.errors.InputError` when there is none."""
        found = [view for view in self.saved_views() if view.name == name.strip()]
        if not found:
            raise InputError(f"no view is saved as {name!r} in {self.path}")
        return found[0]

    def save_view(self, name: str, query: str) -> SavedView:
        """Save the view ``query`` (a URL query string) as ``name``, replacing a view of that name; returns it as
        it reads back.  Raises :class:`ValueError` for a name that is empty, too long or not printable, or a query
        that is too long or not printable."""
        key, text = check_view_name(name), check_query(query)
        with self._transaction() as connection:
            connection.execute("INSERT OR REPLACE INTO views (name, query, updated_at) VALUES (?, ?, ?)",
                               (key, text, _now()))  # fmt: skip
        return self.load_view(key)

    def delete_view(self, name: str) -> bool:
        """Remove the view saved as ``name``; whether there was one."""
        with self._transaction() as connection:
            return connection.execute("DELETE FROM views WHERE name = ?", (name.strip(),)).rowcount > 0


def read_views(path: Path) -> tuple[SavedView, ...]:
    """The saved views of the store ``path``, opened read-only (reading never creates or changes one); raises
    :class:`~reactions.errors.InputError` (one line, naming the file) when it cannot be used."""
    with _read_only(path) as connection:
        return views_of(connection)


def folder_writable(folder: Path) -> bool:
    """Whether this process may make files in ``folder`` (SQLite's WAL side files; ``access(2)`` also says no
    on a read-only mount, even to root)."""
    return os.access(folder, os.W_OK | os.X_OK)


def read_only_reason(path: Path) -> str | None:
    """Why the store ``path`` can only be read (its folder or the file is not writable), or ``None``."""
    if path.parent.absolute().is_dir() and not folder_writable(path.parent.absolute()):
        return f"its folder {path.parent} is not writable"
    if path.is_file() and not os.access(path, os.W_OK):
        return "the file is not writable"
    return None


def refuse_link(path: Path) -> None:
    """Raise :class:`~reactions.errors.InputError` when the store is a symbolic link (it could lead a write
    into any database of the user's)."""
    if path.is_symlink():
        raise InputError(f"{path} is a symbolic link, not a store: not used (delete it)")


def check_schema(connection: sqlite3.Connection, path: Path) -> None:
    """Raise :class:`~reactions.errors.InputError` unless the database holds nothing but the store's own
    tables (no trigger, view or other table: a store from elsewhere must not run SQL of its own)."""
    found = connection.execute("SELECT type, name FROM sqlite_master").fetchall()
    extra = sorted(f"{kind} {name!r}" for kind, name in found if (kind, name) not in _ALLOWED)
    if extra:
        shown = ", ".join(extra[:3]) + (" …" if len(extra) > 3 else "")
        raise InputError(f"{path} holds what a reactions store never does ({shown}): not used")


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
        store: the store they were read from (``None``: none was read).
        stored_terms: how many lexicon terms came from the store.
        problem: why the corpus's store was not used (a one-line reason), if it was not.
        read_only: why the store can only be read (:func:`read_only_reason`), if so: said once by :attr:`note`.
    """

    lexicon: Mapping[str, float]
    overrides: Mapping[str, str]
    store: Path | None = None
    stored_terms: int = 0
    problem: str | None = None
    read_only: str | None = None

    @property
    def note(self) -> str | None:
        """What a run says about the store: what it took from it, or why it went on without it."""
        if self.problem is not None:
            return f"{self.problem}; going on without it (labels and lexicon terms stored there are not applied)"
        locked = f" (read-only: {self.read_only}; labels and views cannot be saved)" if self.read_only else ""
        if self.store is None or not (self.overrides or self.stored_terms or locked):
            return None
        return (
            f"using {_count(len(self.overrides), 'label override')} and {_count(self.stored_terms, 'lexicon term')} "
            f"from {self.store}{locked}"
        )


def _count(n: int, thing: str) -> str:
    return f"{n:,} {thing}{'s' if n != 1 else ''}"


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


def load_settings(
    corpus_dir: str | Path, *, lexicon_file: str | Path | None = None, ignore_store: bool = False
) -> Settings:
    """The stored lexicon and overrides of the corpus in ``corpus_dir``, plus the terms of ``lexicon_file``
    for this run.  The store is opened read-only (reading never creates or changes one); one that cannot be
    used (corrupt, unreadable, a link, holding triggers, views or other tables) gives empty settings and
    :attr:`Settings.problem`; ``ignore_store`` skips it on purpose."""
    path = store_path(corpus_dir)
    lexicon: dict[str, float] = {}
    overrides: dict[str, str] = {}
    problem = used = read_only = None
    if not ignore_store and (path.is_file() or path.is_symlink()):
        try:
            lexicon, overrides = read_store(path)
            used, read_only = path, read_only_reason(path)
        except InputError as error:
            problem = str(error)
    stored_terms = len(lexicon)
    if lexicon_file is not None:
        lexicon.update(load_lexicon_file(lexicon_file))
    return Settings(lexicon, overrides, used, stored_terms, problem, read_only)


def read_store(path: Path) -> tuple[dict[str, float], dict[str, str]]:
    """The lexicon and overrides of the store ``path``, opened read-only; raises
    :class:`~reactions.errors.InputError` (one line, naming the file) when it cannot be used."""
    with _read_only(path) as connection:
        terms = connection.execute("SELECT term, valence FROM lexicon ORDER BY term").fetchall()
        labels = connection.execute("SELECT reaction_id, label FROM overrides").fetchall()
        lexicon = {str(term): _check_valence(str(term), valence) for term, valence in terms}
        overrides = {str(i): str(label) for i, label in labels if label in LABELS}
    return lexicon, overrides


@contextlib.contextmanager
def _read_only(path: Path) -> Iterator[sqlite3.Connection]:
    """The store ``path`` opened read-only (``mode=ro``, ``trusted_schema=OFF``, its schema checked); in a folder
    that cannot be written also ``immutable=1``: WAL would need side files there (writes a crashed writer left in
    one are then not seen).  A database error, or a value that cannot be read, becomes
    :class:`~reactions.errors.InputError` naming the file."""
    refuse_link(path)
    immutable = "" if folder_writable(path.parent.absolute()) else "&immutable=1"
    uri = f"file:{urllib.parse.quote(os.fspath(path.absolute()))}?mode=ro{immutable}"
    try:
        connection = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
    except sqlite3.Error as error:
        raise InputError(f"cannot open the store {path}: {error}") from error
    try:
        connection.execute("PRAGMA trusted_schema = OFF")
        check_schema(connection, path)
        yield connection
    except (sqlite3.Error, ValueError, TypeError) as error:
        raise InputError(f"the store {path} cannot be read ({error})") from error
    finally:
        connection.close()


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
