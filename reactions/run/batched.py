"""The parse and score caches' rows in signed batches: the rows one transaction writes (a flush of parses, a scoring
task's scores) go into one row of a batch table (``parse_batches``, ``score_batches``), in :mod:`marshal`'s format,
signed once, and each key gets an index row (``parse_cache``: a source and the batch that holds its parse, whose row
names the parser version; ``score_cache``: a score key and its batch), all a batch's in one statement (their keys as
one JSON array: :func:`write`).

One marshal call, one signature and one large row per batch, where a row per parse cost a call, a signature and a
row each: the bulk corpus's 10,986 parses were a third of a cold run's cache writes.  The index is lean for the same
reason (one B-tree, ``WITHOUT ROWID``, of short rows: the parser version once per batch, not per source; no content
hash, which told a batch apart only when every parse it holds had changed).  A reader
looks its keys up in the index (with their batch's version), reads their batches, checks each batch's signature, and
takes the rows whose own key and whole content hash (inside the signed bytes) and whose batch's parser version (signed
with them) are the ones it wants: the index only tells which batch to read, and an index row pointed elsewhere finds
nothing.

A batch lives while an index row points to it; a replaced row stays in its batch until then, and a batch holding
more replaced rows than live ones is written again (:func:`tidy`), so that a store never holds much more than its
live rows.
"""

from __future__ import annotations

import dataclasses
import json
import marshal
import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any, Final

from reactions.models import Article, FileOutcome, Status
from reactions.run.records import decode, raw
from reactions.run.records import dumps as dumps
from reactions.run.signing import sign, signed

MARSHAL_VERSION: Final = 4
"""The :mod:`marshal` format rows are written in (stable since Python 3.4)."""
LOOKUP: Final = 500
"""Keys looked up per query (SQLite's limit on a statement's parameters is 32,766; older builds' 999)."""

Parsed = tuple[Article | None, FileOutcome]
Row = list[Any]
"""A row as stored: its index columns (the key first), then its values: a parse is ``[source, digest, body]``
(:func:`row_of`; its parser version is its batch's), a score ``[key, values]``."""


@dataclasses.dataclass(frozen=True, slots=True)
class Table:
    """A batched table: its index and batch tables' names, its key, and how many items a stored row has.

    Fields:
        index: the index table's name (one row per key).
        batches: the batch table's name.
        key: the index's key column (a row's first item).
        width: how many items a stored row has.
        versioned: whether a row's next item is a content hash and its batch names a version (a parse's); else
            the key is all (a score's key holds its versions).
    """

    index: str
    batches: str
    key: str
    width: int
    versioned: bool = False


PARSES: Final = Table("parse_cache", "parse_batches", "source", 3, versioned=True)
SCORES: Final = Table("score_cache", "score_batches", "key", 2)

_PARSED: Final = Status.PARSED
_TEXT: Final = [field.name for field in dataclasses.fields(Article)].index("text")


def lay_out(db: sqlite3.Connection, table: Table) -> None:
    """The table's index and batch tables, if they are not there."""
    db.execute(
        f"CREATE TABLE IF NOT EXISTS {table.index} ({table.key} TEXT PRIMARY KEY, batch INTEGER NOT NULL) WITHOUT ROWID"
    )
    db.execute(
        f"CREATE TABLE IF NOT EXISTS {table.batches} (id INTEGER PRIMARY KEY, rows INTEGER NOT NULL,"
        " version TEXT NOT NULL, payload BLOB NOT NULL, mac TEXT NOT NULL)"
    )


def row_of(source: str, digest: str, parsed: Parsed) -> Row:
    """One parse as stored: ``[source, digest, body]``.  The body of a *lean* parse (an article of its own source
    with no reaction, warning, date or URL, and the outcome such an article always has: most of a news corpus) is
    its title alone; any other's is ``[the article's fields or None, the outcome's fields]``
    (:func:`~reactions.run.records.encode`), the article's text left out (see :func:`reactions.run.cache.stored`)."""
    article, outcome = parsed
    if (
        article is not None
        and article.reactions == ()
        and article.warnings == ()
        and article.source == source
        and article.date is None
        and article.published_at is None
        and article.url is None
        and (article.title is None or type(article.title) is str)
        and outcome.path == source
        and outcome.source == source
        and outcome.status is _PARSED
        and outcome.reactions == 0
        and outcome.warnings == ()
        and outcome.reason is None
        and type(source) is str
    ):
        return [source, digest, article.title]  # a third of the encoding time and of the bytes of a full row
    fields = raw(article)  # (unchecked: write and cache.dumps give marshal the plain values when it refuses one)
    if fields is not None:
        fields[_TEXT] = ""
    return [source, digest, [fields, raw(outcome)]]


def parse_of(row: Row) -> Parsed:
    """The parse a stored row holds (its lists are used up: decoding fills them in)."""
    source, body = row[0], row[2]
    if body is None or type(body) is str:  # a lean parse (see row_of)
        return Article(source, body, None, ""), FileOutcome(source, source, _PARSED)
    return decode(Article | None, body[0]), decode(FileOutcome, body[1])


def write(
    db: sqlite3.Connection, key: bytes, table: Table, rows: list[Row], version: str = "", index: bool = True
) -> int:
    """Store ``rows`` as one batch of ``version`` (a versioned table's: the version of every row in it), signed with
    ``key``, and point their keys' index rows to it (in the caller's transaction; ``index=False``: left to the caller,
    :func:`point`); the batch's id."""
    payload = dumps(rows, MARSHAL_VERSION)
    query = f"INSERT INTO {table.batches} (rows, version, payload, mac) VALUES (?, ?, ?, ?)"
    batch = int(db.execute(query, (len(rows), version, payload, sign(key, version, payload))).lastrowid or 0)
    if index:
        point(db, table, [([row[0] for row in rows], batch)])
    return batch


def point(db: sqlite3.Connection, table: Table, batches: Sequence[tuple[list[str], int]]) -> None:
    """Point the index rows of each batch's keys to it, the batches in the order given (a key in two: the last)."""
    for names, batch in batches:
        keys = sorted(names)  # in key order: SQLite appends to its B-tree pages instead of splitting them (hashed
        # keys such as the scores' went in at random: 9 ms for 5,943 rows, 5 sorted)
        try:  # one statement (2.5 ms for 5,943 keys, where a row each cost 5; 11,000 sources 3.7 ms against 12)
            db.execute(f"INSERT OR REPLACE INTO {table.index} SELECT value, ? FROM json_each(?)", (batch, _json(keys)))
        except sqlite3.OperationalError:  # an SQLite without its JSON functions (optional before 3.38): a row each
            db.executemany(f"INSERT OR REPLACE INTO {table.index} VALUES (?, ?)", [(name, batch) for name in keys])


def read(db: sqlite3.Connection, key: bytes, table: Table, wanted: Mapping[str, Sequence[str]]) -> dict[str, Row]:
    """The stored rows of the keys of ``wanted`` whose other columns are the ones given (a parse's content hash and
    parser version; nothing for a score), in batches signed with ``key``, by key; the others are left out."""
    batches: dict[int, list[str]] = {}
    keys = list(wanted)
    for start in range(0, len(keys), LOOKUP):
        some = keys[start : start + LOOKUP]
        for name, *own, batch in db.execute(_lookup(table, len(some)), some):
            expected = wanted.get(name) if isinstance(name, str) else None  # (the index is not signed)
            if expected is not None and own == _indexed(table, expected):
                batches.setdefault(batch, []).append(name)
    found: dict[str, Row] = {}
    for batch, some in batches.items():
        version, rows = _batch_rows(db, key, table, batch)
        for name in some:
            row = rows.get(name)
            if row is not None and (not table.versioned or [row[1], version] == list(wanted[name])):
                found[name] = row
    return found


def _lookup(table: Table, count: int) -> str:
    """The query of ``count`` keys' index rows: each key, for a versioned table its batch's version, and its
    batch."""
    keys = ",".join("?" * count)
    if not table.versioned:
        return f"SELECT {table.key}, batch FROM {table.index} WHERE {table.key} IN ({keys})"
    return (
        f"SELECT i.{table.key}, b.version, i.batch FROM {table.index} AS i JOIN {table.batches} AS b"
        f" ON b.id = i.batch WHERE i.{table.key} IN ({keys})"
    )


def _indexed(table: Table, expected: Sequence[str]) -> list[str]:
    """What the index tells of a row whose content hash and version are ``expected`` (see :func:`_lookup`)."""
    return [expected[1]] if table.versioned else []


def _batch_rows(db: sqlite3.Connection, key: bytes, table: Table, batch: int) -> tuple[str, dict[str, Row]]:
    """A batch's version and rows by key, when its signature holds (else none)."""
    stored = db.execute(f"SELECT version, payload, mac FROM {table.batches} WHERE id = ?", (batch,)).fetchone()
    if stored is None or not isinstance(stored[0], str) or not isinstance(stored[1], bytes):
        return "", {}
    version, payload, mac = stored
    if not signed(key, mac, version, payload):
        return "", {}
    rows = marshal.loads(payload)
    width = table.width
    return version, {
        row[0]: row
        for row in rows
        if isinstance(row, list)
        and len(row) == width
        and isinstance(row[0], str)
        and (not table.versioned or isinstance(row[1], str))
    }


def tidy(db: sqlite3.Connection, key: bytes, table: Table, size: int) -> int:
    """Once the batches hold more than twice the live rows and a batch (two quick counts: a connection that wrote
    only new rows, such as each of the page's tasks, pays no more), drop the batches no index row points to, and
    write again, ``size`` rows a batch, the live rows of the batches that hold more replaced rows than live ones, in
    one transaction; how many rows were written again."""
    kept: dict[str, list[Row]] = {}
    (stored,) = db.execute(f"SELECT coalesce(sum(rows), 0) FROM {table.batches}").fetchone()
    (live,) = db.execute(f"SELECT count(*) FROM {table.index}").fetchone()
    if stored <= 2 * live + size:
        return 0
    with db:
        db.execute(f"DELETE FROM {table.batches} WHERE id NOT IN (SELECT batch FROM {table.index})")
        live = dict(db.execute(f"SELECT batch, count(*) FROM {table.index} GROUP BY batch"))
        counts = db.execute(f"SELECT id, rows FROM {table.batches}").fetchall()
        sparse = [batch for batch, rows in counts if 2 * live.get(batch, 0) < rows]
        for batch in sparse:
            version, rows = _batch_rows(db, key, table, batch)
            index = db.execute(f"SELECT {table.key} FROM {table.index} WHERE batch = ?", (batch,)).fetchall()
            kept.setdefault(version, []).extend(rows[name] for (name,) in index if name in rows)
            db.execute(f"DELETE FROM {table.batches} WHERE id = ?", (batch,))
        for version, some in kept.items():
            for start in range(0, len(some), size):
                write(db, key, table, some[start : start + size], version)
    return sum(map(len, kept.values()))


def _json(keys: list[str]) -> str:
    """Keys as a JSON array for ``json_each`` (as they are: a key ``sqlite3`` cannot bind fails as it would alone)."""
    return json.dumps(keys, ensure_ascii=False)
