"""A plain CSV or TSV read by pyarrow's parser, its text column kept as the bytes the file holds.

pandas' reader (:func:`reactions.sources.tables.general_csv`) is the general path: it decodes every cell to a
``str`` (which :func:`~reactions.sources.columns.text_bytes` then encodes back, so that the parser may decode it
once more), names and skips bad lines, fills short rows, renames repeated columns.  Most datasets need none of it:
a header of distinct plain names and rows of exactly as many fields.  For those, pyarrow's parser gives the same
cells (every column read as bytes: no decoding, the text column handed on as it is) for about half the CPU
(the bulk corpus as one CSV: 0.08-0.10 CPU-s against pandas' 0.20-0.23, before the encoding back).

The shortcut is taken only where it gives what the general path gives: a header line of ASCII names, distinct,
none empty, no quote, at least two (a one-column file's blank lines are pandas' to skip), that pyarrow reads as
the same names.  The table comes in pieces of whole records (:meth:`~reactions.sources.streams.CutStream.pieces`,
about :data:`BLOCK_BYTES` each), each parsed from memory on its own: pyarrow's streaming reader over a Python stream
can deadlock when it is dropped half-read (its read-ahead thread waits for the interpreter lock that the thread
dropping it holds).  A piece is not plain when it holds a bare carriage return (the two parsers end lines on it
differently), when pyarrow finds a row wrong (a field too many or too few: pandas names one and fills the other)
or stops at anything, or when it ends inside quotes (a row of :data:`_END` put after it does not come back as its
last row): :class:`NotPlain`, after which :func:`reactions.sources.tables.read_table_part` reads the part again by
the general path, from the first pandas chunk it had not given (``tests/test_plaincsv.py`` compares the two
on generated tables, broken ones too).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Final

import pyarrow as pa
import pyarrow.csv as pacsv

from reactions.models import Document, FileOutcome
from reactions.sources.columns import Columns, find_columns, row_document
from reactions.sources.options import Part, SourceOptions

__all__ = ["BLOCK_BYTES", "NotPlain", "plain_header", "plain_rows"]

pa.enable_signal_handlers(False)
"""A Ctrl-C during a parse is Python's to raise, after it (a piece is one block: milliseconds).  Otherwise, for
each call of ``read_csv`` in the main thread, pyarrow swaps Python's ``SIGINT`` handler for its own, which hands
the signal on to a stop token looked at once as the call ends: one that came near the end was dropped, and the
command ran to its end (``reactions extract CSV --dask --jobs 2``, SIGINT 0-3 s after the workers start, under a
CPU burner: 4 runs of 60 exited 0, none with them off; in-process, a SIGINT sent as pyarrow reads its last bytes:
1 of 200 lost).  It is process-wide: pyarrow's other long calls (none here) are then interrupted only after they
return."""

BLOCK_BYTES: Final = 1 << 20
"""Bytes read at a time: a piece is the whole records they end (one block for pyarrow), at least one record."""


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
    :class:`NotPlain` where the table stops being plain.  Each piece is parsed on its own, from memory (no reader
    is left waiting on a Python stream), and must end outside quotes (so that the cut was a record's end)."""
    first = next(pieces, b"")
    separator = "\t" if part.format == "tsv" else ","
    names = plain_header(first, separator)
    columns = find_columns(names, options) if names is not None else "not plain"
    if names is None or isinstance(columns, str):
        raise NotPlain  # (the general path says why after its first rows, as it always has)
    end = ("\n" + separator.join([_END] * len(names))).encode("ascii")
    row = part.first_row
    for number, piece in enumerate(_gathered(itertools.chain([first], pieces), BLOCK_BYTES)):
        batch = _parsed(piece + end, separator, names, header=number == 0)
        yield from _batch_rows(part.name, row, batch, columns, options)
        row += batch.num_rows
    if row == part.first_row:
        raise NotPlain  # no rows: whatever the general path says of such a table


def _gathered(pieces: Iterator[bytes], size: int) -> Iterator[bytes]:
    """``pieces`` joined into pieces of at least ``size`` bytes (the last may be shorter): a gzip stream gives
    64 KiB at a time, and each of pyarrow's parses costs a little whatever its size."""
    held: list[bytes] = []
    count = 0
    for piece in pieces:
        held.append(piece)
        count += len(piece)
        if count >= size:
            yield b"".join(held)
            held, count = [], 0
    if held:
        yield b"".join(held)


def _parsed(data: bytes, separator: str, names: list[str], header: bool) -> pa.Table:
    """The rows of ``data`` (one piece and :data:`_END`'s row, which must come back as its last row and is left
    out); :class:`NotPlain` when the piece is not plain."""
    if b"\r" in data and _BARE_CR.search(data):
        raise NotPlain  # (pyarrow's parser and pandas' end lines on a bare carriage return differently)
    try:
        table = pacsv.read_csv(
            pa.py_buffer(data),
            read_options=pacsv.ReadOptions(use_threads=False, block_size=max(BLOCK_BYTES, len(data) + 1),
                                           column_names=None if header else names),
            parse_options=pacsv.ParseOptions(delimiter=separator, newlines_in_values=True),
            convert_options=pacsv.ConvertOptions(column_types=dict.fromkeys(names, pa.binary()),
                                                 strings_can_be_null=False),
        )
    except (pa.ArrowException, ValueError, OSError) as error:
        raise NotPlain from error
    if table.column_names != names:
        raise NotPlain
    if not table.num_rows or any(column[-1].as_py() != _END.encode("ascii") for column in table.columns):
        raise NotPlain
    return table.slice(0, table.num_rows - 1)


_BARE_CR: Final = re.compile(rb"\r(?!\n)")
"""A carriage return that does not end a line: one scan of the piece (not two counts: the bulk corpus as one CSV
ends every record with ``\r\n``, and the counts cost it 0.044 CPU-s against the search's 0.011)."""

_END: Final = "reactions: the end of the table"
"""Every field of a row put after each piece: a piece that ends inside quotes (a table that does, which pandas
refuses, or a piece cut inside a record) takes that row into its last field, so that its last row is not this one."""


def _batch_rows(name: str, first: int, batch: pa.Table, columns: Columns,
                options: SourceOptions) -> Iterator[Document | FileOutcome]:
    """The rows of ``batch``, each cell as its bytes (what :func:`~reactions.sources.columns.label` and
    :func:`~reactions.sources.columns.text_bytes` make of pandas' ``str``), but a date: decoded as pandas decodes."""
    wanted = list(columns.names)
    cells = [batch.column(column).to_pylist() for column in wanted]
    if columns.date is not None:
        at = wanted.index(columns.date)
        cells[at] = [cell.decode("utf-8", "surrogateescape") for cell in cells[at]]
    for row, values in enumerate(zip(*cells, strict=True), first):
        yield row_document(name, row, dict(zip(wanted, values, strict=True)), columns, options)
