"""The parse and score caches' rows in signed batches: the rows one transaction writes (a flush of parses, a scoring
task's scores) go into one row of a batch table (``parse_batches``, ``score_batches``), in :mod:`marshal`'s format,
signed once, and each key gets an index row (``parse_cache``: a source, its content hash, the parser version and the
batch that holds its parse; ``score_cache``: a score key and its batch).

One marshal call, one signature and one large row per batch, where a row per parse cost a call, a signature and a
row each: the bulk corpus's 10,986 parses were a third of a cold run's cache writes.  A reader looks its keys up in
the index, reads their batches, checks each batch's signature, and takes the rows whose own key and index columns
(inside the signed bytes) are the ones it wants: an index row pointed elsewhere finds nothing.

A batch lives while an index row points to it; a replaced row stays in its batch until then, and a batch holding
more replaced rows than live ones is written again (:func:`tidy`), so that a store never holds much more than its
live rows.
"""

from __future__ import annotations

import dataclasses
import marshal
import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any, Final

from reactions.models import Article, FileOutcome
from reactions.run.records import decode, encode
from reactions.run.signing import sign, signed

MARSHAL_VERSION: Final = 4
"""The :mod:`marshal` format rows are written in (stable since Python 3.4)."""
LOOKUP: Final = 500
"""Keys looked up per query (SQLite's limit on a statement's parameters is 32,766; older builds' 999)."""

Parsed = tuple[Article | None, FileOutcome]
Row = list[Any]
"""A row as stored: its index columns (the key first), then its values: a parse is ``[source, digest, parser
version, the article's fields or None, the outcome's fields]``, a score ``[key, values]``."""


@dataclasses.dataclass(frozen=True, slots=True)
class Table:
    """A batched table: its index and batch tables' names and its index columns (the key first, with their SQL).

    Fields:
        index: the index table's name (one row per key).
        batches: the batch table's name.
        columns: the index columns' names and SQL types, the key first (a row's first ``len(columns)`` items).
        width: how many items a stored row has.
    """

    index: str
    batches: str
    columns: tuple[tuple[str, str], ...]
    width: int


PARSES: Final = Table("parse_cache", "parse_batches", (("source", "TEXT PRIMARY KEY"), ("digest", "TEXT NOT NULL"),
                      ("parser", "TEXT NOT NULL")), 5)  # fmt: skip
SCORES: Final = Table("score_cache", "score_batches", (("key", "TEXT PRIMARY KEY"),), 2)

_TEXT: Final = [field.name for field in dataclasses.fields(Article)].index("text")


def lay_out(db: sqlite3.Connection, table: Table) -> None:
    """The table's index and batch tables, if they are not there."""
    columns = ", ".join(f"{name} {sql}" for name, sql in table.columns)
    db.execute(f"CREATE TABLE IF NOT EXISTS {table.index} ({columns}, batch INTEGER NOT NULL)")
    db.execute(
        f"CREATE TABLE IF NOT EXISTS {table.batches} (id INTEGER PRIMARY KEY, rows INTEGER NOT NULL,"
        " payload BLOB NOT NULL, mac TEXT NOT NULL)"
    )


def row_of(source: str, digest: str, version: str, parsed: Parsed) -> Row:
    """One parse as stored: its article's fields (:func:`~reactions.run.records.encode`) without the article's text
    (see :func:`reactions.run.cache.stored`) and its outcome's."""
    article, outcome = parsed
    fields = encode(article)
    if fields is not None:
        fields[_TEXT] = ""
    return [source, digest, version, fields, encode(outcome)]


def parse_of(row: Row) -> Parsed:
    """The parse a stored row holds (its lists are used up: decoding fills them in)."""
    return decode(Article | None, row[3]), decode(FileOutcome, row[4])


def write(db: sqlite3.Connection, key: bytes, table: Table, rows: Sequence[Row]) -> None:
    """Store ``rows`` as one batch signed with ``key`` and point their keys' index rows to it (in the caller's
    transaction)."""
    payload = marshal.dumps(list(rows), MARSHAL_VERSION)
    query = f"INSERT INTO {table.batches} (rows, payload, mac) VALUES (?, ?, ?)"
    batch = db.execute(query, (len(rows), payload, sign(key, payload))).lastrowid
    width = len(table.columns)
    db.executemany(
        f"INSERT OR REPLACE INTO {table.index} VALUES ({', '.join('?' * (width + 1))})",
        [(*row[:width], batch) for row in rows],
    )


def read(db: sqlite3.Connection, key: bytes, table: Table, wanted: Mapping[str, Sequence[str]]) -> dict[str, Row]:
    """The stored rows of the keys of ``wanted`` whose other index columns are the ones given (a parse's content hash
    and parser version; nothing for a score), in batches signed with ``key``, by key; the others are left out."""
    batches: dict[int, list[str]] = {}
    keys, width = list(wanted), len(table.columns)
    names = ", ".join(name for name, _ in table.columns)
    for start in range(0, len(keys), LOOKUP):
        some = keys[start : start + LOOKUP]
        query = f"SELECT {names}, batch FROM {table.index} WHERE {table.columns[0][0]} IN ({','.join('?' * len(some))})"
        for *own, batch in db.execute(query, some):
            expected = wanted.get(own[0]) if isinstance(own[0], str) else None  # (the index is not signed)
            if expected is not None and own[1:] == list(expected):
                batches.setdefault(batch, []).append(own[0])
    found: dict[str, Row] = {}
    for batch, some in batches.items():
        rows = _batch_rows(db, key, table, batch)
        for name in some:
            row = rows.get(name)
            if row is not None and row[1:width] == list(wanted[name]):
                found[name] = row
    return found


def _batch_rows(db: sqlite3.Connection, key: bytes, table: Table, batch: int) -> dict[str, Row]:
    """A batch's rows by key, when its signature holds (else none)."""
    stored = db.execute(f"SELECT payload, mac FROM {table.batches} WHERE id = ?", (batch,)).fetchone()
    if stored is None or not isinstance(stored[0], bytes) or not signed(key, stored[1], stored[0]):
        return {}
    rows = marshal.loads(stored[0])
    width = table.width
    return {row[0]: row for row in rows if isinstance(row, list) and len(row) == width and isinstance(row[0], str)}


def tidy(db: sqlite3.Connection, key: bytes, table: Table, size: int) -> int:
    """Once the batches hold more than twice the live rows and a batch (two quick counts: a connection that wrote
    only new rows, such as each of the page's tasks, pays no more), drop the batches no index row points to, and
    write again, ``size`` rows a batch, the live rows of the batches that hold more replaced rows than live ones, in
    one transaction; how many rows were written again."""
    kept: list[Row] = []
    width = len(table.columns)
    names = ", ".join(name for name, _ in table.columns)
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
            rows = _batch_rows(db, key, table, batch)
            index = db.execute(f"SELECT {names} FROM {table.index} WHERE batch = ?", (batch,)).fetchall()
            kept += [rows[name] for name, *own in index if name in rows and rows[name][1:width] == own]
            db.execute(f"DELETE FROM {table.batches} WHERE id = ?", (batch,))
        for start in range(0, len(kept), size):
            write(db, key, table, kept[start : start + size])
    return len(kept)
