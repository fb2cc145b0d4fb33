"""A plain CSV or TSV read by its quotes, separators and line ends, its text column kept as the bytes the file holds.

pandas' reader (:func:`reactions.sources.tables.general_csv`) is the general path: it decodes every cell to a
``str`` (which :func:`~reactions.sources.columns.text_bytes` then encodes back, so that the parser may decode it
once more), names and skips bad lines, fills short rows, renames repeated columns.  Most datasets need none of it:
a header of distinct plain names and rows of exactly as many fields, each either unquoted (no quote, separator or
line end in it) or quoted whole (``"…"``, a quote inside doubled, the closing quote followed by a separator or a
line end).  For those, :func:`piece_rows` gives the same cells as bytes (no decoding, the text column handed on as
it is) by ``bytes.find``: the bulk corpus as one CSV in 0.09 CPU-s, as pyarrow's parser did, without importing
pyarrow and numpy (0.09 CPU-s of a cold run: ``docs/performance.md``, Round 15).

The shortcut is taken only where it gives what the general path gives: a header line of ASCII names, distinct,
none empty, no quote, at least two (a one-column file's blank lines are pandas' to skip).  The table comes in
pieces of whole records (:meth:`~reactions.sources.streams.CutStream.pieces`, about :data:`BLOCK_BYTES` each),
each read on its own.  A piece is not plain when it holds a bare carriage return (pandas ends a line on it), a row
of a field too many or too few (pandas names one and fills the other), a quote anywhere but around a whole field,
or a quoted field left open at its end (a table that ends inside quotes, which pandas refuses, or a piece cut
inside a record): :class:`NotPlain`, after which :func:`reactions.sources.tables.read_table_part` reads the part
again by the general path, from the first pandas chunk it had not given (``tests/test_plaincsv.py`` compares the
two on generated tables, broken ones too).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Final

from reactions.models import Document, FileOutcome
from reactions.sources.columns import Columns, find_columns, row_document
from reactions.sources.dates import day_first_order
from reactions.sources.options import Part, SourceOptions

__all__ = ["BLOCK_BYTES", "NotPlain", "piece_rows", "plain_header", "plain_rows"]

BLOCK_BYTES: Final = 1 << 20
"""Bytes read at a time: a piece is the whole records they end, at least one record."""


class NotPlain(Exception):  # noqa: N818 - a signal to the caller, not an error anyone sees
    """The part is not plain: the general path reads it (after the items already given)."""


def plain_header(head: bytes, separator: str) -> list[str] | None:
    """The column names of a table whose first bytes are ``head`` when its header line is plain (ASCII names,
    distinct, none empty, no quote, at least two; the line ends in ``head``), else ``None``."""
    end = head.find(b"\n")
    if end < 0:
        return None
    line = head[:end].removesuffix(b"\r")
    if not line.isascii() or b'"' in line:
        return None
    names = line.decode("ascii").split(separator)
    if len(names) < 2 or len(set(names)) != len(names) or not all(n and n.isprintable() for n in names):
        return None
    return names


def plain_rows(part: Part, pieces: Iterator[bytes], options: SourceOptions) -> Iterator[Document | FileOutcome]:
    """The rows of a plain table whose bytes come in ``pieces`` of whole records
    (:meth:`~reactions.sources.streams.CutStream.pieces`), as the general path gives them; raises
    :class:`NotPlain` where the table stops being plain.  Each piece is read on its own and must end outside
    quotes (so that the cut was a record's end)."""
    first = next(pieces, b"")
    separator = "\t" if part.format == "tsv" else ","
    names = plain_header(first, separator)
    columns = find_columns(names, options) if names is not None else "not plain"
    if names is None or isinstance(columns, str):
        raise NotPlain  # (the general path says why after its first rows, as it always has)
    row = part.first_row
    start = first.find(b"\n") + 1  # (the header line)
    day_first = None
    for piece in itertools.chain([first], pieces):
        if b"\r" in piece and _BARE_CR.search(piece):
            raise NotPlain  # (pandas ends a line on a bare carriage return)
        batch = piece_rows(piece, start, separator.encode("ascii"), len(names))
        if columns.date is not None:
            day_first = _day_first(batch, names.index(columns.date), day_first)
        yield from _batch_rows(part.name, row, names, batch, columns, options, day_first)
        row += len(batch)
        start = 0
    if row == part.first_row:
        raise NotPlain  # no rows: whatever the general path says of such a table


def piece_rows(data: bytes, start: int, separator: bytes, width: int) -> list[list[bytes]]:
    """The rows of ``data`` (whole records, from ``start``), each a list of ``width`` fields as bytes: an unquoted
    field as it stands, a quoted one without its quotes and with each doubled quote single; a blank line is no row.
    Raises :class:`NotPlain` at a row of another width, a quote that does not open or close a whole field, or a
    quoted field left open.  ``data`` holds no bare carriage return (a ``\\r`` ends a line with the ``\\n`` after
    it).  The unquoted fields before a quote, or to the line's end, are split at once; the next quote and line end
    are found once each (so each byte is read once: linear)."""
    find, size, sep = data.find, len(data), separator[0]
    rows: list[list[bytes]] = []
    pos, line, quote = start, -1, -1
    while pos < size:
        if line < pos:
            line = find(b"\n", pos)
            line = size if line < 0 else line
        if pos == line or (pos + 1 == line and data[pos] == _CR):
            pos = line + 1  # a blank line
            continue
        row: list[bytes] = []
        while True:
            if quote < pos:
                quote = find(b'"', pos)
                quote = size + 1 if quote < 0 else quote  # (past any line end)
            if line < pos:
                line = find(b"\n", pos)
                line = size if line < 0 else line
            if quote > line:  # no quote left on the line: its unquoted fields
                row += data[pos : line - 1 if line > pos and data[line - 1] == _CR else line].split(separator)
                pos = line + 1
                break
            if quote > pos:  # unquoted fields before the quote, which must open a field
                if data[quote - 1] != sep:
                    raise NotPlain  # a quote inside an unquoted field
                row += data[pos : quote - 1].split(separator)
            value, pos = _quoted(data, quote + 1)
            row.append(value)
            after = data[pos] if pos < size else _LF
            if after == _CR:  # (the \n after it: no bare carriage return)
                after, pos = _LF, pos + 1
            pos += 1  # past the separator or the line end
            if after == _LF:
                break
            if after != sep:
                raise NotPlain  # a closing quote with more of its field after it
        if len(row) != width:
            raise NotPlain  # (pandas names a row of too many fields and fills one of too few)
        rows.append(row)
    return rows


def _quoted(data: bytes, at: int) -> tuple[bytes, int]:
    """The quoted field whose opening quote ends at ``at``, each doubled quote single, and the position just after
    its closing quote; :class:`NotPlain` when it is not closed, or when its doubled quotes are dense (one every
    :data:`DENSE_GAP` bytes or closer, over :data:`DENSE_COUNT` of them: pandas' C reader reads such a table faster
    than this loop, a Python step a doubled quote)."""
    start, parts, left = at, [], DENSE_COUNT
    while True:
        quote = data.find(b'"', at)
        if quote < 0:
            raise NotPlain  # the piece ends inside quotes
        if not data.startswith(b'"', quote + 1):
            break
        parts.append(data[at : quote + 1])  # a doubled quote, kept once
        at, left = quote + 2, left - 1
        if not left:
            if at - start < DENSE_GAP * len(parts):
                raise NotPlain
            left = DENSE_COUNT
    if not parts:
        return data[at:quote], quote + 1
    parts.append(data[at:quote])
    return b"".join(parts), quote + 1


DENSE_COUNT: Final = 512
DENSE_GAP: Final = 32
"""A field's doubled quotes (``""``) are dense when :data:`DENSE_COUNT` of them stand :data:`DENSE_GAP` bytes apart
or closer on average: never in prose (the bulk corpus: one every 580 bytes), only in a hostile table (24 MB of
``a""b""``-like rows: 0.61 CPU-s read here, 0.39 by pandas with its import)."""


_QUOTE: Final = ord('"')
_LF: Final = ord("\n")
_CR: Final = ord("\r")
_BARE_CR: Final = re.compile(rb"\r(?!\n)")
"""A carriage return that does not end a line: one scan of the piece (not two counts: the bulk corpus as one CSV
ends every record with ``\r\n``, and the counts cost it 0.044 CPU-s against the search's 0.011)."""


def _batch_rows(name: str, first: int, names: list[str], batch: list[list[bytes]], columns: Columns,
                options: SourceOptions, day_first: bool | None = None) -> Iterator[Document | FileOutcome]:
    """The rows of ``batch``, each cell as its bytes (what :func:`~reactions.sources.columns.label` and
    :func:`~reactions.sources.columns.text_bytes` make of pandas' ``str``), but a date: decoded as pandas decodes."""
    wanted = list(columns.names)
    at = [names.index(column) for column in wanted]
    date = wanted.index(columns.date) if columns.date is not None else -1
    for row, fields in enumerate(batch, first):
        values: list[object] = [fields[i] for i in at]
        if date >= 0:
            values[date] = fields[at[date]].decode("utf-8", "surrogateescape")
        yield row_document(name, row, dict(zip(wanted, values, strict=True)), columns, options, day_first)


def _day_first(batch: list[list[bytes]], date: int, before: bool | None) -> bool | None:
    """Whether the slashed dates in column ``date`` of ``batch`` put the day first
    (:func:`~reactions.sources.dates.day_first_order`), else what the part's rows ``before`` said."""
    found = day_first_order(fields[date].decode("utf-8", "surrogateescape") for fields in batch if b"/" in fields[date])
    return before if found is None else found
