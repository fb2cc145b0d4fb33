"""The parse cache's rows in batches: the parses one transaction writes (:data:`~reactions.run.cache.FLUSH_ROWS`
at most) go into one signed row of ``parse_batches``, in :mod:`marshal`'s format, and each source gets an index row
in ``parse_cache`` (its content hash, the parser version and the batch that holds its parse).

One marshal call, one signature and one large row per batch, where a row per parse cost a call, a signature and a
row each: the bulk corpus's 10,986 parses were a third of a cold run's cache writes.  A reader looks a source up in
the index, reads its batch, checks the batch's signature, and takes the parse whose own source, hash and parser
version (inside the signed bytes) are the ones it wants: an index row pointed elsewhere finds nothing.

A batch lives while a source's index row points to it; a replaced parse stays in its batch until then, and a batch
holding more replaced parses than live ones is written again (:func:`tidy`), so that the store never holds much
more than the corpus's parses.
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

INDEX: Final = "parse_cache"
BATCHES: Final = "parse_batches"
MARSHAL_VERSION: Final = 4
"""The :mod:`marshal` format rows are written in (stable since Python 3.4)."""
LOOKUP: Final = 500
"""Sources looked up per query (SQLite's limit on a statement's parameters is 32,766; older builds' 999)."""

Parsed = tuple[Article | None, FileOutcome]
Row = list[Any]
"""A parse as stored: ``[source, digest, parser version, the article's fields or None, the outcome's fields]``."""

_TEXT: Final = [field.name for field in dataclasses.fields(Article)].index("text")


def lay_out(db: sqlite3.Connection) -> None:
    """The two tables, if they are not there."""
    db.execute(
        f"CREATE TABLE IF NOT EXISTS {INDEX} (source TEXT PRIMARY KEY, digest TEXT NOT NULL, parser TEXT NOT NULL,"
        " batch INTEGER NOT NULL)"
    )
    db.execute(
        f"CREATE TABLE IF NOT EXISTS {BATCHES} (id INTEGER PRIMARY KEY, rows INTEGER NOT NULL, payload BLOB NOT NULL,"
        " mac TEXT NOT NULL)"
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


def write(db: sqlite3.Connection, key: bytes, rows: Sequence[Row]) -> None:
    """Store ``rows`` as one batch and point their sources' index rows to it (in the caller's transaction)."""
    payload = marshal.dumps(list(rows), MARSHAL_VERSION)
    query = f"INSERT INTO {BATCHES} (rows, payload, mac) VALUES (?, ?, ?)"
    batch = db.execute(query, (len(rows), payload, sign(key, payload))).lastrowid
    db.executemany(f"INSERT OR REPLACE INTO {INDEX} VALUES (?, ?, ?, ?)", [(*row[:3], batch) for row in rows])


def read(db: sqlite3.Connection, key: bytes, version: str, wanted: Mapping[str, str]) -> dict[str, Parsed]:
    """The stored parses of the sources of ``wanted`` whose content hash is the one given and whose parser version is
    ``version``, in batches signed with ``key``; the others are left out."""
    batches: dict[int, list[str]] = {}
    sources = list(wanted)
    for start in range(0, len(sources), LOOKUP):
        some = sources[start : start + LOOKUP]
        query = f"SELECT source, digest, parser, batch FROM {INDEX} WHERE source IN ({','.join('?' * len(some))})"
        for source, digest, parser, batch in db.execute(query, some):
            if digest == wanted[source] and parser == version:
                batches.setdefault(batch, []).append(source)
    found: dict[str, Parsed] = {}
    for batch, names in batches.items():
        rows = _batch_rows(db, key, batch)
        for name in names:
            row = rows.get(name)
            if row is not None and row[1] == wanted[name] and row[2] == version:
                found[name] = parse_of(row)
    return found


def _batch_rows(db: sqlite3.Connection, key: bytes, batch: int) -> dict[str, Row]:
    """A batch's rows by source, when its signature holds (else none)."""
    stored = db.execute(f"SELECT payload, mac FROM {BATCHES} WHERE id = ?", (batch,)).fetchone()
    if stored is None or not isinstance(stored[0], bytes) or not signed(key, stored[1], stored[0]):
        return {}
    rows = marshal.loads(stored[0])
    return {row[0]: row for row in rows if isinstance(row, list) and len(row) == 5 and isinstance(row[0], str)}


def tidy(db: sqlite3.Connection, key: bytes, size: int) -> int:
    """Drop the batches no index row points to, and write again, ``size`` rows a batch, the live rows of the batches
    that hold more replaced parses than live ones, in one transaction; how many rows were written again."""
    kept: list[Row] = []
    with db:
        db.execute(f"DELETE FROM {BATCHES} WHERE id NOT IN (SELECT batch FROM {INDEX})")
        live = dict(db.execute(f"SELECT batch, count(*) FROM {INDEX} GROUP BY batch"))
        counts = db.execute(f"SELECT id, rows FROM {BATCHES}").fetchall()
        sparse = [batch for batch, rows in counts if 2 * live.get(batch, 0) < rows]
        for batch in sparse:
            rows = _batch_rows(db, key, batch)
            names = db.execute(f"SELECT source, digest, parser FROM {INDEX} WHERE batch = ?", (batch,)).fetchall()
            kept += [rows[name] for name, *own in names if name in rows and rows[name][1:3] == own]
            db.execute(f"DELETE FROM {BATCHES} WHERE id = ?", (batch,))
        for start in range(0, len(kept), size):
            write(db, key, kept[start : start + size])
    return len(kept)
