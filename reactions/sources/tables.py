"""Datasets of articles, one a row: CSV, TSV, JSONL, a JSON array, Parquet, each also gzip- or zstd-compressed.

Every reader holds a bounded number of rows at once (pandas chunks, Parquet batches, one JSONL line, one JSON
element) and yields, in order, a :class:`~reactions.models.Document` per row or a skipped
:class:`~reactions.models.FileOutcome` naming the row and its problem.  A table whose columns hold no text is
one outcome naming the columns it has; a stream that breaks (a truncated gzip member) is one outcome after the
rows read before it.
"""

from __future__ import annotations

import codecs
import importlib
import io
import itertools
import tempfile
import types
import warnings
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import IO, TYPE_CHECKING, Final, cast

from reactions.models import Document, FileOutcome
from reactions.sources import plaincsv
from reactions.sources.columns import Columns, find_columns, row_document, skipped
from reactions.sources.dates import day_first_order
from reactions.sources.jsonarray import iter_array
from reactions.sources.jsonvalues import exact, load_json, load_json_exactly
from reactions.sources.kinds import TABLE_FORMATS, table_format
from reactions.sources.options import Part, SourceOptions
from reactions.sources.plaincsv import NotPlain, plain_rows
from reactions.sources.remote import file_size, open_binary
from reactions.sources.streams import CutStream, Readable, Utf8, compression_of, open_decompressed, size_text

if TYPE_CHECKING:  # (pandas loads for the general CSV path only: a plain CSV is read by plaincsv.py)
    import pandas as pd
    from pandas.io.parsers import TextFileReader

__all__ = ["TABLE_FORMATS", "read_table_part", "row_cap", "table_format", "table_parts"]

_SCAN_BLOCK: Final = 1 << 20
_HEADER_BYTES: Final = 1 << 20
"""The longest header line of a CSV or TSV file read."""
MAX_COLUMNS: Final = 10_000
"""The most columns a CSV or TSV file may have (the widest news datasets have a few hundred)."""
FIRST_ROWS: Final = 256
"""Rows of a CSV or TSV file read first, before its chunks of ``SourceOptions.chunk_rows``: a process pool's
workers get their first documents after a hundred rows rather than a few thousand (0.07 CPU-s of pandas on the
bulk corpus, while they wait)."""
_PARQUET_RATIO: Final = 20
"""How many times its size a compressed Parquet file may inflate to (its pages are compressed already)."""

Item = Document | FileOutcome


def table_parts(path: str, name: str, options: SourceOptions) -> list[Part]:
    """The parts of table ``path``: one per Parquet row group, byte ranges of a large uncompressed JSONL file
    (each starting a line), else the whole file."""
    fmt = table_format(path) or "csv"
    whole = [Part(path, name, "table", fmt)]
    if compression_of(path) is not None:
        return whole
    if fmt == "parquet":
        with open_binary(path) as raw:
            meta = _parquet().ParquetFile(raw).metadata
        firsts = [1 + sum(meta.row_group(j).num_rows for j in range(i)) for i in range(meta.num_row_groups)]
        return [Part(path, name, "table", fmt, index=i, first_row=first) for i, first in enumerate(firsts)] or whole
    if fmt == "jsonl" and file_size(path) > options.part_bytes and not _utf16(path):
        return _line_ranges(path, name, options.part_bytes)
    return whole


def _utf16(path: str) -> bool:
    """Whether a file starts with a UTF-16 byte-order mark (its lines cannot be cut on the byte ``\\n``)."""
    with open_binary(path) as raw:
        return raw.read(2) in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


def _line_ranges(path: str, name: str, size: int) -> list[Part]:
    starts, firsts, lines, offset = [0], [1], 0, 0
    with open_binary(path) as raw:
        while block := raw.read(_SCAN_BLOCK):
            at = 0
            while (cut := block.find(b"\n", max(at, starts[-1] + size - offset))) >= 0:
                lines += block.count(b"\n", at, cut + 1)
                at = cut + 1
                starts.append(offset + at)
                firsts.append(lines + 1)
            lines += block.count(b"\n", at)
            offset += len(block)
    if len(starts) > 1 and starts[-1] >= offset:
        starts, firsts = starts[:-1], firsts[:-1]
    stops = [*starts[1:], -1]
    return [Part(path, name, "table", "jsonl", i, start, stop, first)
            for i, (start, stop, first) in enumerate(zip(starts, stops, firsts, strict=True))]


def _parquet() -> types.ModuleType:
    """``pyarrow.parquet``, loaded with the first Parquet file (~0.01 CPU-s a CSV or JSON Lines run does without)."""
    return importlib.import_module("pyarrow.parquet")


def read_table_part(part: Part, options: SourceOptions) -> Iterator[Item]:
    """The documents (and skipped rows) of one part of a table, in order."""
    readers = {"csv": _read_csv, "tsv": _read_csv, "jsonl": _read_jsonl, "json": _read_json,
               "parquet": _read_parquet}
    return readers[part.format](part, options)


def _rows(part: Part, records: Sequence[Mapping[str, object]], columns: Columns,
          options: SourceOptions, day_first: bool | None) -> Iterator[Item]:
    for row, record in enumerate(records, part.first_row):
        yield row_document(part.name, row, record, columns, options, day_first)


def _day_first(records: Sequence[Mapping[str, object]], columns: Columns, before: bool | None) -> bool | None:
    """Whether the slashed dates of ``records`` put the day first (:func:`~reactions.sources.dates.day_first_order`),
    else what the part's records ``before`` them said."""
    date = columns.date
    found = day_first_order(record.get(date) for record in records) if date is not None else None
    return before if found is None else found


# --- CSV / TSV -------------------------------------------------------------------------------------------------


def row_cap(options: SourceOptions) -> int:
    """The longest line (a CSV record, a JSONL line, a JSON element) held while reading: room for an article of
    ``options.max_bytes`` however its characters are escaped, and its other columns.  A longer one is skipped
    without ever being held whole, so a decompressed bomb costs no more memory than this."""
    return 3 * options.max_bytes + (64 << 10)


def _text_stream(part: Part, cut: str, options: SourceOptions) -> CutStream:
    """A table part's decompressed bytes as UTF-8, in whole lines of at most :func:`row_cap` bytes."""
    return CutStream(Utf8(_ranged(part)), cut, max_line=row_cap(options), first_line=part.first_row)


def _read_csv(part: Part, options: SourceOptions) -> Iterator[Item]:
    """A CSV or TSV part: a plain one by :mod:`reactions.sources.plaincsv`, else, or from where it
    stops being plain, by pandas (:func:`general_csv`), which gives the same items.  The shortcut's rows are given
    a pandas chunk at a time: pandas names a chunk's bad lines before its rows, so where the shortcut stops, pandas
    goes on from the first chunk the shortcut had not given."""
    sizes = itertools.chain([min(FIRST_ROWS, options.chunk_rows)], itertools.repeat(options.chunk_rows))
    given, size, held = 0, next(sizes), []
    try:
        for item in _plain_csv(part, options):
            held.append(item)
            if len(held) >= size:
                yield from held[:size]
                given, held, size = given + size, held[size:], next(sizes)
        yield from held
        return
    except NotPlain:
        pass
    yield from itertools.islice(general_csv(part, options), given, None)


def _plain_csv(part: Part, options: SourceOptions) -> Iterator[Item]:
    """:func:`general_csv`'s items of a plain table; raises :class:`NotPlain` where it is not."""
    with CutStream(Utf8(_ranged(part)), "csv", plaincsv.BLOCK_BYTES, row_cap(options), part.first_row) as cut:
        pieces = cut.pieces()
        first = next(pieces, b"")
        if _too_wide(first[:_HEADER_BYTES], "\t" if part.format == "tsv" else ","):
            raise NotPlain
        yield from plain_rows(part, itertools.chain([first], pieces), options)
    yield from (skipped(part.name, note) for note in cut.notes)
    if cut.error:
        yield skipped(part.name, f"{cut.error}: the rows after the last one read are lost")


def general_csv(part: Part, options: SourceOptions) -> Iterator[Item]:
    """A CSV or TSV part by pandas' reader: what every shortcut must give."""
    import pandas as pd

    cut = _text_stream(part, "csv", options)
    with io.BufferedReader(cut, _HEADER_BYTES) as stream:
        too_wide = _too_wide(stream.peek(_HEADER_BYTES), "\t" if part.format == "tsv" else ",")
        if too_wide:
            yield skipped(part.name, too_wide)
            return
        try:
            yield from _csv_rows(part, stream, options)
        except pd.errors.EmptyDataError:
            if not cut.notes and not cut.error:
                yield skipped(part.name, "an empty table: no columns, no rows")
    yield from (skipped(part.name, note) for note in cut.notes)
    if cut.error:
        yield skipped(part.name, f"{cut.error}: the rows after the last one read are lost")


def _too_wide(head: bytes, separator: str) -> str | None:
    """Why a table whose first bytes are ``head`` is not read: a header line past :data:`_HEADER_BYTES` or of more
    than :data:`MAX_COLUMNS` columns (pandas takes time quadratic in the columns it renames), else ``None``."""
    end = head.find(b"\n")
    if end < 0 and len(head) >= _HEADER_BYTES:
        return f"a header line longer than {size_text(_HEADER_BYTES)}: not a table of articles, not read"
    columns = head[: end if end >= 0 else len(head)].count(separator.encode()) + 1
    if columns > MAX_COLUMNS:
        return f"{columns:,} columns, more than {MAX_COLUMNS:,}: not a table of articles, not read"
    return None


def _csv_rows(part: Part, stream: IO[bytes], options: SourceOptions) -> Iterator[Item]:
    import pandas as pd

    chunks = pd.read_csv(stream, sep="\t" if part.format == "tsv" else ",", chunksize=options.chunk_rows,
                         dtype=object, keep_default_na=False, encoding="utf-8", encoding_errors="surrogateescape",
                         on_bad_lines="warn")
    columns: Columns | str | None = None
    row = part.first_row
    day_first = None
    with chunks:
        for chunk, bad_lines in _chunks_with_warnings(chunks, min(FIRST_ROWS, options.chunk_rows)):
            yield from (skipped(part.name, line) for line in bad_lines)
            columns = find_columns(list(chunk.columns), options) if columns is None else columns
            if isinstance(columns, str):
                yield skipped(part.name, columns)
                return
            records = _records(chunk)
            day_first = _day_first(records, columns, day_first)
            yield from _rows(Part(part.path, part.name, "table", part.format, first_row=row),
                             records, columns, options, day_first)
            row += len(chunk)


def _records(chunk: pd.DataFrame) -> list[dict[str, object]]:
    """The chunk's rows, column by column (``itertuples`` over pyarrow strings costs a call per cell)."""
    names = [str(name) for name in chunk.columns]
    cells = [chunk.iloc[:, index].tolist() for index in range(len(names))]
    return [dict(zip(names, values, strict=True)) for values in zip(*cells, strict=True)]


def _chunks_with_warnings(chunks: TextFileReader, first: int) -> Iterator[tuple[pd.DataFrame, list[str]]]:
    """The chunks of ``chunks``, the first of ``first`` rows, each with the bad lines pandas warned of."""
    import pandas as pd

    size: int | None = first
    while True:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            chunk = _next_chunk(chunks, size)
        size = None
        bad = [f"{_bad_line(str(w.message))}" for w in caught if issubclass(w.category, pd.errors.ParserWarning)]
        if chunk is None:
            return
        yield chunk, bad


def _next_chunk(chunks: TextFileReader, size: int | None) -> pd.DataFrame | None:
    """The next ``size`` rows (``None``: the reader's chunk size), or ``None`` at the end."""
    try:
        return chunks.get_chunk(size)
    except StopIteration:
        return None


def _bad_line(message: str) -> str:
    text = message.strip().replace("Skipping line", "line", 1)
    return f"{text}: the line is skipped"[:300]


# --- JSON Lines and JSON arrays --------------------------------------------------------------------------------


def _read_jsonl(part: Part, options: SourceOptions) -> Iterator[Item]:
    cut = _text_stream(part, "line", options)
    with io.BufferedReader(cut) as stream:
        yield from _jsonl_rows(part, stream, options)
    yield from (skipped(part.name, note) for note in cut.notes)
    if cut.error:
        yield skipped(part.name, f"{cut.error}: the lines after the last one read are lost")


def _jsonl_rows(part: Part, lines: Iterable[bytes], options: SourceOptions) -> Iterator[Item]:
    columns: Columns | str | None = None
    for line_number, line in enumerate(lines, part.first_row):
        if not line.strip():
            continue
        record = _json_line(line)
        if not isinstance(record, dict):
            yield skipped(part.name, f"line {line_number}: {record or 'not a JSON object'}")
            continue
        columns = find_columns(list(record), options) if columns is None else columns
        if isinstance(columns, str):
            if part.index == 0:
                yield skipped(part.name, f"{columns} (line {line_number})")
            return
        if not all(exact(record.get(name)) for name in columns.names):
            record = cast(dict[str, object], load_json_exactly(line))  # an integer past 64 bits, in a cell read
        yield row_document(part.name, line_number, record, columns, options)


def _ranged(part: Part) -> Readable:
    stream = open_decompressed(part.path)
    if part.start == 0 and part.stop < 0:
        return stream
    stream.seek(part.start)
    return _Limited(stream, part.stop - part.start) if part.stop >= 0 else stream


class _Limited:
    """The first ``size`` bytes of a stream (the inner stream starts where the range does)."""

    def __init__(self, inner: IO[bytes], size: int) -> None:
        self._inner, self._left = inner, size

    def read(self, size: int = -1) -> bytes:
        want = self._left if size < 0 else min(size, self._left)
        data = self._inner.read(want) if want else b""
        self._left -= len(data)
        return data

    def close(self) -> None:
        self._inner.close()


def _json_line(line: bytes) -> dict[str, object] | str | None:
    try:
        value = load_json(line)
    except (ValueError, RecursionError) as error:
        return f"not valid JSON ({str(error)[:120]})"
    return value if isinstance(value, dict) else None


def _read_json(part: Part, options: SourceOptions) -> Iterator[Item]:
    cut = CutStream(Utf8(open_decompressed(part.path)), "none")
    with io.BufferedReader(cut) as stream:
        yield from _json_rows(part, iter_array(stream, limit=row_cap(options)), options)
    if cut.error:
        yield skipped(part.name, f"{cut.error}: the elements after the last one read are lost")


def _json_rows(part: Part, elements: Iterable[tuple[int, dict[str, object] | str]],
               options: SourceOptions) -> Iterator[Item]:
    columns: Columns | str | None = None
    for number, value in elements:
        if isinstance(value, str):
            yield skipped(part.name, value if number == 0 else f"element {number}: {value}")
            continue
        columns = find_columns(list(value), options) if columns is None else columns
        if isinstance(columns, str):
            yield skipped(part.name, columns)
            return
        yield row_document(part.name, number, value, columns, options)


# --- Parquet ---------------------------------------------------------------------------------------------------


def _read_parquet(part: Part, options: SourceOptions) -> Iterator[Item]:
    with _seekable(part.path) as raw:
        table = _parquet().ParquetFile(raw)
        columns = find_columns(table.schema_arrow.names, options)
        if isinstance(columns, str):
            if part.index == 0:
                yield skipped(part.name, columns)
            return
        groups = [part.index] if compression_of(part.path) is None else list(range(table.num_row_groups))
        batches = table.iter_batches(options.chunk_rows, row_groups=groups, columns=list(columns.names))
        row, day_first = part.first_row, None
        for batch in batches:
            records = batch.to_pylist()
            day_first = _day_first(records, columns, day_first)
            yield from _rows(Part(part.path, part.name, "table", "parquet", first_row=row), records, columns, options,
                             day_first)
            row += len(records)


def _seekable(path: str) -> IO[bytes]:
    """A Parquet file opened for seeking; a compressed one inflated into a spool (on disk past 64 MB), at most
    :data:`_PARQUET_RATIO` times its size (Parquet's pages are compressed already: more is a bomb)."""
    if compression_of(path) is None:
        return open_binary(path)
    cap = _PARQUET_RATIO * file_size(path) + (64 << 20)
    spool = tempfile.SpooledTemporaryFile(max_size=64 * 1024 * 1024)  # noqa: SIM115 - returned open
    with open_decompressed(path) as stream:
        while block := stream.read(_SCAN_BLOCK):
            spool.write(block)
            if spool.tell() > cap:
                spool.close()
                raise OSError(0, f"it inflates to more than {size_text(cap)}, over {_PARQUET_RATIO} times its size "
                                 "(a compression bomb?): not read")
    spool.seek(0)
    return cast(IO[bytes], spool)
