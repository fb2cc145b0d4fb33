"""Incremental cache: re-running over an unchanged corpus neither parses nor scores it again.

The cache remembers what :func:`reactions.corpus.parse_document` returned for each file, in a SQLite
file of the user's own cache folder (:func:`cache_dir`: ``platformdirs``' user cache directory, or
``REACTIONS_CACHE_DIR``, or ``--cache-dir``), one file per corpus folder, named by a hash of the folder's
resolved path (:func:`store_file`).  It never lives in the corpus folder: a corpus is often someone else's,
and what a run can work out again must not be something a corpus can ship.  Every row is signed with an
HMAC-SHA-256 under a random key kept in the cache folder (readable by this user only); a row whose
signature does not match (written by someone else, or edited) is ignored and worked out again.  The table
``parse_cache`` is on its own connection (WAL mode, so a page reading and a CLI run writing do not block
each other).

A row is reused only when all three match:

* the article id (``source``) the file is read as: the id is part of the parsed record;
* the SHA-256 of the file's bytes: any edit re-parses the file;
* the parser version (:func:`parser_version`): a hash of the package's own source code and
  of the versions of the libraries the parser calls, so a new release never reuses old results.

One index row per article id, replaced when the file changes; the parses themselves are written :data:`FLUSH_ROWS` a
transaction, :data:`BATCH_ROWS` to a signed row of ``parse_batches`` (:mod:`reactions.run.batched`), and a batch
whose parses have mostly been replaced is written again, so the store never outgrows the corpus by much.
A second table, ``score_cache``, keeps each reaction's sentiment columns keyed by
:func:`score_key` (id, text, override label, code and lexicon versions), for
:func:`reactions.run.tasks.score_cached`.  A third, ``frame_cache``, keeps a few finished frames
(one per set of paths read, :data:`FRAME_SLOTS` at most) for :mod:`reactions.run.framecache`, and a fourth,
``output_cache``, the bytes of a few finished exports for :mod:`reactions.run.outputs`.
Parses (without the article's text: :func:`stored`) and scores are stored as plain lists, strings and numbers in
:mod:`marshal`'s format, read back only when their signature holds (never pickle: a store shipped with a corpus must
not run code).
A store that cannot be opened or written is not an error: the run goes on uncached and says
so in the log.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import logging
import marshal
import operator
import os
import sqlite3
import time
import weakref
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from reactions.models import Article, FileOutcome
from reactions.run import batched
from reactions.run.batched import MARSHAL_VERSION as MARSHAL_VERSION
from reactions.run.batched import PARSES, Row, parse_of, row_of
from reactions.run.signing import KEY_NAME as KEY_NAME
from reactions.run.signing import UntrustedCacheError as UntrustedCacheError
from reactions.run.signing import check_trusted as check_trusted
from reactions.run.signing import sign as _sign
from reactions.run.signing import signed as _signed
from reactions.run.signing import signing_key

logger = logging.getLogger(__name__)

TABLE = PARSES.index
BATCHES = PARSES.batches
SCORES = batched.SCORES.index
SCORE_BATCHES = batched.SCORES.batches
FRAMES = "frame_cache"
OUTPUTS = "output_cache"
FRAME_SLOTS = 4
"""Finished frames kept (the most recently written); a run over other paths replaces the oldest.  As many exports
are kept (:mod:`reactions.run.outputs`)."""
FLUSH_ROWS: Final = 1024
"""Parse results a store keeps in memory before writing them in one transaction (one per small task cost more
than the parse of a short article); :meth:`ParseCache.flush` writes them sooner.  A transaction also rewrites pages
besides its batches' own (the batch table's root, the file's header: 64 KiB each): 1024 rows in one transaction, as
batches of :data:`BATCH_ROWS`, wrote the bulk corpus's cold run's parses 3-4 ms quicker than 256."""
BATCH_ROWS: Final = 256
"""Parse results one batch holds (and the tidying writes again: :func:`reactions.run.batched.tidy`): what a reader
reads and checks to find any one of them (a reading task asks for its own ~125 documents: batches of 1024 made a
run from the caches 0.1-0.3 CPU-s slower)."""
POINT_ROWS: Final = 2048
"""Parses whose index rows wait until this many have been written (each batch's own transaction rewrote the index
pages it touched: 64 KiB each, a third of the write-ahead log); :meth:`ParseCache.flush` and a :meth:`ParseCache.get`
of one write them sooner.  A batch whose index rows were never written (the process died; or another connection
tidied the store meanwhile, :func:`batched.tidy`, which drops such batches) is not found: its files are parsed
again by the next run."""
SCHEMA_VERSION = 6
"""The tables' layout (``PRAGMA user_version``); a file of another layout is emptied and laid out again (with
:data:`PAGE_SIZE` pages).  4: the parse index ``WITHOUT ROWID``, a content hash's first digits, the parser version
once per batch (:mod:`reactions.run.batched`).  5: a parse row without the version, an article with no reaction
stored as its title (:func:`reactions.run.batched.row_of`).  6: a record's tuples of plain values stored as tuples
(:func:`reactions.run.records.raw`)."""
PAGE_SIZE: Final = 65536
"""The store's page size, SQLite's largest: a stored frame or export (megabytes) is written in a sixteenth of the
pages of the default 4 KiB, at a third of the CPU time (5 ms instead of 15 per MB), and its small rows cost the
same (parses, scores)."""
CACHE_DIR_ENV = "REACTIONS_CACHE_DIR"
"""The environment variable that moves the cache folder (``reactions extract --cache-dir`` sets it)."""
LIBRARIES = ("emoji", "vaderSentiment")
"""Third-party libraries whose behaviour shapes a result (``emoji`` finds emoji, VADER scores)."""

Parsed = tuple[Article | None, FileOutcome]


@functools.cache
def parser_version() -> str:
    """A short hash that changes whenever the parser's code or its libraries change.

    It covers every ``.py`` file of the installed ``reactions`` package (a conservative choice:
    any code change invalidates the cache) and the versions of :data:`LIBRARIES`.
    """
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent.parent  # the whole reactions package
    for path in sorted([*package.rglob("*.py"), *package.rglob("*.tsv")]):  # code and the lexicons it reads
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes())
    import importlib.metadata  # (a run without the cache never needs it: 6 ms of start-up)

    for name in LIBRARIES:
        digest.update(f"{name}=={importlib.metadata.version(name)}".encode())
    return digest.hexdigest()[:16]


def score_key(version: str, reaction_id: str, text: str, override: str | None) -> str:
    """The cache key of one row's sentiment: everything ``score_frame`` reads for that row (its id,
    text and override label) and ``version`` (the code, library and lexicon versions)."""
    return hashlib.sha256(f"{version}\0{reaction_id}\0{override or ''}\0{text}".encode()).hexdigest()[:32]


def score_keys(
    version: str, ids: Iterable[object], texts: Iterable[str], overrides: Mapping[str, str] | None = None
) -> list[str]:
    """:func:`score_key` of each row (``str`` of its id, its text and the override label ``overrides`` gives that
    id), written out in one expression: a scoring task keys each of its rows, and a call a row was a fifth of it."""
    sha256, names = hashlib.sha256, [i if type(i) is str else str(i) for i in ids]
    if not overrides:
        return [
            sha256(f"{version}\0{i}\0\0{text}".encode()).hexdigest()[:32] for i, text in zip(names, texts, strict=True)
        ]
    wanted = overrides
    return [
        sha256(f"{version}\0{i}\0{wanted.get(i) or ''}\0{text}".encode()).hexdigest()[:32]
        for i, text in zip(names, texts, strict=True)
    ]


def content_hash(data: bytes) -> str:
    """The SHA-256 of a file's bytes, in hex."""
    return hashlib.sha256(data).hexdigest()


def cache_dir() -> Path:
    """Where caches live: ``$REACTIONS_CACHE_DIR``, else the user's cache folder for ``reactions`` (platformdirs is
    imported here, ~1.5 ms: a run with ``--no-cache`` never asks)."""
    given = os.environ.get(CACHE_DIR_ENV, "").strip()
    if given:
        return Path(given)
    import platformdirs

    return Path(platformdirs.user_cache_dir("reactions", appauthor=False))


def store_file(corpus_dir: Path) -> Path:
    """The cache file of a corpus folder: in :func:`cache_dir`, named by a hash of the folder's resolved path
    (two spellings of one folder share it; two folders never do)."""
    real = os.fsencode(os.path.realpath(corpus_dir))
    return cache_dir() / f"corpus-{hashlib.sha256(real).hexdigest()[:32]}.db"


def dumps(parsed: Parsed) -> bytes:
    """One parse result as bytes, as a batch holds it (:func:`reactions.run.batched.row_of`, under the outcome's path,
    with no content hash): the article without its text (see :func:`stored`)."""
    return batched.dumps(row_of(parsed[1].path, "", parsed), MARSHAL_VERSION)


def stored(parsed: Parsed) -> Parsed:
    """What the store gives back for ``parsed``: the same, the article's text left out.  A run reads a cached parse
    for its reactions and the article's metadata only, and a view that shows an article's text reads it again from
    its source (:func:`reactions.run.units.find_article`); the text was two thirds of a store's bytes, and of the
    time spent writing it."""
    article, outcome = parsed
    if article is None or not article.text:
        return parsed
    values = list(_ARTICLE_VALUES(article))  # every field but the text as it is: half the cost of
    values[_TEXT_AT] = ""  # dataclasses.replace, paid for each parse a run keeps (the store's, the run's memo)
    return Article(*values), outcome


_ARTICLE_FIELDS: Final = tuple(field.name for field in dataclasses.fields(Article))
_ARTICLE_VALUES: Final = operator.attrgetter(*_ARTICLE_FIELDS)
_TEXT_AT: Final = _ARTICLE_FIELDS.index("text")


def loads(data: bytes) -> Parsed:
    """The parse result :func:`dumps` wrote (bytes whose signature has been checked)."""
    return parse_of(marshal.loads(data))


# -- the store --------------------------------------------------------------------------------


class ParseCache:
    """The ``parse_cache`` table of one store file; use as a context manager.

    >>> import tempfile
    >>> from reactions.models import FileOutcome, Status
    >>> with tempfile.TemporaryDirectory() as folder, ParseCache(Path(folder) / "s.db") as cache:
    ...     outcome = FileOutcome("a.txt", "a.txt", Status.PARSED)
    ...     cache.put([("a.txt", content_hash(b"x"), (None, outcome))])
    ...     cache.get([("a.txt", content_hash(b"x")), ("b.txt", content_hash(b"x"))])
    {'a.txt': (None, FileOutcome(path='a.txt', source='a.txt', status=<Status.PARSED: 'parsed'>, \
reactions=0, warnings=(), reason=None))}
    """

    def __init__(self, path: Path, version: str | None = None, *, key: bytes | None = None) -> None:
        self.path = Path(path)
        self.version = version or parser_version()
        self.broken = False
        self.error: str | None = None
        """Why the store was turned off mid-run (see :attr:`broken`), for a caller to report."""
        self.key = key if key is not None else signing_key(self.path.parent)
        self.pending: dict[str, Row] = {}
        """Rows :meth:`put` has not written yet, by source (see :data:`FLUSH_ROWS`)."""
        self.unpointed: list[tuple[list[str], int]] = []
        """Batches written whose index rows are not (see :data:`POINT_ROWS`): their sources and id."""
        self.unpointed_keys: set[str] = set()
        self.written: set[batched.Table] = set()
        """The batched tables this connection wrote (:meth:`close` then tidies them: :func:`batched.tidy`)."""
        if self.path.is_symlink():
            raise OSError(f"{self.path}: a symbolic link, not used as a cache")
        self.db = sqlite3.connect(self.path, timeout=30)
        try:
            self._lay_out()
        except sqlite3.Error:
            self.db.close()
            raise
        _OPEN.add(self)

    def _lay_out(self) -> None:
        """The tables, laid out again (empty) when the file holds another layout."""
        self.db.execute(f"PRAGMA page_size = {PAGE_SIZE}")  # (a new file's; an existing one keeps its own)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA trusted_schema=OFF")
        if self.db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
            with self.db:
                for table in (TABLE, BATCHES, SCORES, SCORE_BATCHES, FRAMES, OUTPUTS):
                    self.db.execute(f"DROP TABLE IF EXISTS {table}")
                self.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._resize()
        batched.lay_out(self.db, PARSES)
        batched.lay_out(self.db, batched.SCORES)
        self.db.execute(
            f"CREATE TABLE IF NOT EXISTS {FRAMES} (slot TEXT PRIMARY KEY, fingerprint TEXT NOT NULL,"
            " written REAL NOT NULL, meta BLOB NOT NULL, data BLOB NOT NULL, lists BLOB NOT NULL, mac TEXT NOT NULL)"
        )
        self.db.execute(
            f"CREATE TABLE IF NOT EXISTS {OUTPUTS} (slot TEXT PRIMARY KEY, fingerprint TEXT NOT NULL,"
            " written REAL NOT NULL, meta BLOB NOT NULL, data BLOB NOT NULL, mac TEXT NOT NULL)"
        )
        self.db.commit()

    def _resize(self) -> None:
        """An emptied file of an older layout given :data:`PAGE_SIZE` pages (``VACUUM``, out of WAL mode for it);
        left as it is when another connection holds it (it works as well, only slower with large rows)."""
        if self.db.execute("PRAGMA page_size").fetchone()[0] == PAGE_SIZE:
            return
        try:
            self.db.execute("PRAGMA journal_mode=DELETE")
            self.db.execute(f"PRAGMA page_size = {PAGE_SIZE}")
            self.db.execute("VACUUM")
        except sqlite3.OperationalError as error:
            logger.info("%s keeps its page size: %s", self.path, error)
        finally:
            self.db.execute("PRAGMA journal_mode=WAL")

    def get_output(self, slot: str) -> tuple[str, bytes, bytes] | None:
        """The ``(fingerprint, meta, data)`` of the export stored for ``slot`` when its signature holds, or ``None``."""
        row = None
        with self._softly("read"):
            if not self.broken:
                query = f"SELECT fingerprint, CAST(meta AS BLOB), CAST(data AS BLOB), mac FROM {OUTPUTS} WHERE slot = ?"
                row = self.db.execute(query, (slot,)).fetchone()
        if row is None:
            return None
        fingerprint, meta, data, mac = row
        if not (
            isinstance(fingerprint, str)
            and isinstance(meta, bytes)
            and isinstance(data, bytes)
            and _signed(self.key, mac, slot, fingerprint, meta, data)
        ):
            logger.warning("output cache: a stored export in %s is not signed by this user; ignored", self.path)
            return None
        return str(fingerprint), meta, data

    def put_output(self, slot: str, fingerprint: str, meta: bytes, data: bytes) -> None:
        """Store an export's bytes for ``slot``, keeping the :data:`FRAME_SLOTS` most recent ones."""
        if self.broken:
            return
        with self._softly("write"), self.db:
            mac = _sign(self.key, slot, fingerprint, meta, data)
            self.db.execute(
                f"INSERT OR REPLACE INTO {OUTPUTS} VALUES (?, ?, ?, ?, ?, ?)",
                (slot, fingerprint, time.time(), meta, data, mac),
            )
            self.db.execute(
                f"DELETE FROM {OUTPUTS} WHERE slot NOT IN (SELECT slot FROM {OUTPUTS} ORDER BY written DESC LIMIT ?)",
                (FRAME_SLOTS,),
            )

    def get_frame(self, slot: str) -> tuple[str, bytes, bytes, bytes] | None:
        """The ``(fingerprint, meta, data, lists)`` stored for ``slot``, or ``None``."""
        row = None
        with self._softly("read"):
            if not self.broken:
                query = f"SELECT fingerprint, meta, data, lists, mac FROM {FRAMES} WHERE slot = ?"
                row = self.db.execute(query, (slot,)).fetchone()
        if row is None or not all(isinstance(value, bytes) for value in row[1:4]):
            return None  # (none stored, or one of an older layout)
        fingerprint, meta, data, lists, mac = str(row[0]), row[1], row[2], row[3], row[4]
        if not _signed(self.key, mac, slot, fingerprint, meta, data, lists):
            logger.warning("frame cache: a stored frame in %s is not signed by this user; ignored", self.path)
            return None
        return fingerprint, meta, data, lists

    def put_frame(self, slot: str, fingerprint: str, meta: bytes, data: bytes, lists: bytes) -> None:
        """Store a finished frame for ``slot``, keeping the :data:`FRAME_SLOTS` most recent ones."""
        if self.broken:
            return
        with self._softly("write"), self.db:
            self.db.execute(
                f"INSERT OR REPLACE INTO {FRAMES} VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    slot,
                    fingerprint,
                    time.time(),
                    meta,
                    data,
                    lists,
                    _sign(self.key, slot, fingerprint, meta, data, lists),
                ),
            )
            self.db.execute(
                f"DELETE FROM {FRAMES} WHERE slot NOT IN (SELECT slot FROM {FRAMES} ORDER BY written DESC LIMIT ?)",
                (FRAME_SLOTS,),
            )

    def get_scores(self, keys: Sequence[str]) -> dict[str, list[Any]]:
        """Cached sentiment values by key (see :func:`score_key`); misses are left out."""
        found: dict[str, list[Any]] = {}
        with self._softly("read"):
            if not self.broken:
                self._get_scores(keys, found)
        return found

    def _get_scores(self, keys: Sequence[str], found: dict[str, list[Any]]) -> None:
        rows = batched.read(self.db, self.key, batched.SCORES, dict.fromkeys(keys, ()))
        found.update((key, row[1]) for key, row in rows.items())

    def put_scores(self, rows: Iterable[tuple[str, list[Any]]]) -> None:
        """Store sentiment values (a list of plain values per row) by key, as one signed batch
        (:mod:`reactions.run.batched`)."""
        if self.broken:
            return
        stored = [[key, values] for key, values in rows]
        if not stored:
            return
        with self._softly("write"), self.db:
            batched.write(self.db, self.key, batched.SCORES, stored)
            self.written.add(batched.SCORES)

    def get(self, keys: Sequence[tuple[str, str]]) -> dict[str, Parsed]:
        """Cached results for ``(source, digest)`` pairs, by source; misses are left out."""
        found: dict[str, Parsed] = {}
        wanted = dict(keys)
        if (self.pending and not self.pending.keys().isdisjoint(wanted)) or not self.unpointed_keys.isdisjoint(wanted):
            self.flush()
        with self._softly("read"):
            if not self.broken:
                self._get(wanted, found)
        return found

    def _get(self, wanted: dict[str, str], found: dict[str, Parsed]) -> None:
        wanted_rows = {source: (digest, self.version) for source, digest in wanted.items()}
        rows = batched.read(self.db, self.key, PARSES, wanted_rows)
        found.update((source, parse_of(row)) for source, row in rows.items())

    def put(self, entries: Iterable[tuple[str, str, Parsed]]) -> None:
        """Store ``(source, digest, result)`` rows, replacing each source's previous row: kept in memory, and
        written :data:`FLUSH_ROWS` at a time (and by :meth:`flush`, :meth:`close`, or a :meth:`get` of one)."""
        rows = [row_of(source, digest, parsed) for source, digest, parsed in entries]
        if self.broken:
            return
        self.pending.update((row[0], row) for row in rows)
        if len(self.pending) >= FLUSH_ROWS:
            self._write(point=len(self.unpointed_keys) + len(self.pending) >= POINT_ROWS)

    def flush(self) -> None:
        """Write the rows :meth:`put` keeps in memory, in one transaction, as batches of :data:`BATCH_ROWS`
        (:mod:`reactions.run.batched`), and the index rows of every batch written."""
        self._write(point=True)

    def _write(self, point: bool) -> None:
        """Write the pending rows in one transaction, :data:`BATCH_ROWS` a batch; their index rows too when ``point``,
        else later (:data:`POINT_ROWS`)."""
        rows, self.pending = list(self.pending.values()), {}
        if self.broken or not (rows or (point and self.unpointed)):
            return
        with self._softly("write"), self.db:
            for start in range(0, len(rows), BATCH_ROWS):
                some = rows[start : start + BATCH_ROWS]
                names = [row[0] for row in some]
                self.unpointed.append((names, batched.write(self.db, self.key, PARSES, some, self.version, False)))
                self.unpointed_keys.update(names)
                self.written.add(PARSES)
            if point:
                batched.point(self.db, PARSES, self.unpointed)
                self.unpointed, self.unpointed_keys = [], set()

    @contextlib.contextmanager
    def _softly(self, action: str) -> Iterator[None]:
        """A store that fails mid-run (locked too long, disk full, corrupt) costs speed, not the run:
        the error is logged once and the cache is off from then on."""
        try:
            yield
        except sqlite3.Error as error:
            self.broken = True
            self.error = f"cannot {action} it: {error}"
            logger.warning("parse cache disabled for %s: cannot %s it: %s", self.path, action, error)

    def clear(self) -> None:
        """Forget every cached parse, score and frame."""
        self.pending.clear()
        self.unpointed, self.unpointed_keys = [], set()
        with self.db:
            for table in (TABLE, BATCHES, SCORES, SCORE_BATCHES, FRAMES, OUTPUTS):
                self.db.execute(f"DELETE FROM {table}")

    def __len__(self) -> int:
        self.flush()
        return int(self.db.execute(f"SELECT count(*) FROM {TABLE}").fetchone()[0])

    def close(self) -> None:
        """Write what is pending (:meth:`flush`), tidy the batches when this connection wrote any
        (:func:`batched.tidy`), and close the connection."""
        try:
            self.flush()
            for table in sorted(self.written, key=lambda table: table.index):
                with self._softly("write"):
                    if not self.broken:
                        batched.tidy(self.db, self.key, table, BATCH_ROWS)
        finally:
            self.db.close()
            _OPEN.discard(self)

    def __enter__(self) -> ParseCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_OPEN: Final[weakref.WeakSet[ParseCache]] = weakref.WeakSet()


def connections_open() -> bool:
    """Whether this process holds an open store, which makes forking it unsafe: a child inherits SQLite's record of
    the file's locks but not the locks, and a connection it opens on the file works without them ("How To Corrupt
    An SQLite Database File", 2.6; seen as "database disk image is malformed")."""
    return len(_OPEN) > 0


def open_cache(corpus_dir: Path) -> ParseCache | None:
    """The cache of the corpus in ``corpus_dir`` (:func:`store_file`), or ``None`` (logged: a command line says it
    on stderr) when it cannot be used: unreadable, read-only, corrupt, a link, a bad key, or a key or folder that
    is not the user's alone (:func:`check_trusted`)."""
    path = store_file(corpus_dir)
    try:
        return ParseCache(path)
    except sqlite3.Error as error:
        logger.warning("parse cache disabled for %s: %s: %s", corpus_dir, path, error)
    except OSError as error:
        logger.warning("parse cache disabled for %s: %s", corpus_dir, error)
    return None
