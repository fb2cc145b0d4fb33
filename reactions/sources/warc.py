"""Web archives: ``.warc``, ``.warc.gz``, ``.arc``, ``.arc.gz``, read with warcio (ARC through ``arc2warc``).

Every ``response`` (and ``resource``) record with a 2xx status whose Content-Type is HTML or plain text is an
article: its source and URL are the record's WARC-Target-URI, its date the WARC-Date (when it was fetched),
its bytes the HTTP body with chunked transfer-encoding and gzip / deflate (and br, when the ``brotli`` package is
installed) content-encoding undone.  Requests, metadata, images and redirects are passed over and only counted
(logged at INFO).  A corrupt record is a skipped outcome naming the byte offset where it showed, after every
record before it, and reading goes on from the next record found (the next gzip member that inflates to
``WARC/``, or an uncompressed ``WARC/1.`` line after a blank line); a record cut short, or a file ending inside
one, is a skipped outcome naming its offset, and so is a record whose content does not match its
WARC-Block-Digest or WARC-Payload-Digest (unless :attr:`SourceOptions.verify_digests` is off).  A WARC gzipped
as one stream (not a member per record) is read through :class:`~reactions.sources.streams.Gunzip`.

Why warcio and not FastWARC: FastWARC 2.0.1 iterates about four times faster, but silently drops a truncated
record, skips a corrupt header in an uncompressed file without a word, ends its iteration early without an
error when ``auto_decode="all"`` meets a chunked and gzipped response whose body was not read, and does not
read ARC files: each would lose articles without the skipped outcome this project promises.
"""

from __future__ import annotations

import io
import logging
import re
import zlib
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from typing import IO, Any, Final

from warcio.archiveiterator import ArchiveIterator
from warcio.bufferedreaders import ChunkedDataException, DecompressingBufferedReader

from reactions.models import Document, FileOutcome
from reactions.sources.columns import skipped
from reactions.sources.dates import parse_published
from reactions.sources.files import safe_name
from reactions.sources.kinds import WARC_ENDINGS, warc_format
from reactions.sources.options import Part, SourceOptions
from reactions.sources.remote import open_binary
from reactions.sources.streams import Gunzip, open_decompressed, size_text

__all__ = ["ARTICLE_TYPES", "WARC_ENDINGS", "read_warc", "warc_format"]

logger = logging.getLogger(__name__)

ARTICLE_TYPES: Final = frozenset({"text/html", "application/xhtml+xml", "text/plain"})
"""The Content-Types read as articles."""
_READ_BLOCK: Final = 1 << 16
_SCAN_BLOCK: Final = 1 << 20
_MAX_LINE: Final = 1 << 20
"""The longest header line read (a WARC-Target-URI of a megabyte is not a real one)."""
_WARCIO_BLOCK: Final = 4096
"""Compressed bytes warcio inflates at once (zeros inflate a thousandfold: 4 MB, not warcio's 16 MB)."""
_PROBE: Final = 512
"""Bytes of a gzip member inflated to tell whether a record starts there."""
_GZIP_MAGIC: Final = b"\x1f\x8b\x08"
_PLAIN_START: Final = b"\r\n\r\nWARC/1."
_WHOLE_GZIP: Final = "non-chunked gzip file detected"
"""What warcio says of a WARC gzipped as one stream."""

Item = Document | FileOutcome


@dataclass(slots=True)
class _Counts:
    records: int = 0
    articles: int = 0


@dataclass(frozen=True, slots=True)
class _Break:
    offset: int
    reason: str
    cut: bool
    last: int
    """The start of the last record read before the break (where to look on from)."""


class _BoundedReader(DecompressingBufferedReader):  # type: ignore[misc]
    """warcio's reader, whose lines stop at :data:`_MAX_LINE` bytes: a header line of a gigabyte of zeros (a
    compression bomb) is an error after a megabyte, not a gigabyte held."""

    def readline(self, length: int | None = None) -> bytes:
        cap = _MAX_LINE if not length or length < 0 else min(length, _MAX_LINE)
        line: bytes = super().readline(cap)
        if len(line) >= _MAX_LINE and not line.endswith(b"\n"):
            raise ValueError(f"a header line longer than {size_text(_MAX_LINE)} (not an archive record)")
        return line


class _Records(ArchiveIterator):  # type: ignore[misc]
    """warcio's iterator, without its warning on stderr (a record not followed by a blank line is counted in
    ``err_count`` and reported as an outcome instead), its lines bounded (:class:`_BoundedReader`)."""

    INC_RECORD = ""

    def __init__(self, stream: IO[bytes], **options: Any) -> None:
        super().__init__(stream, **options)
        self.reader = _BoundedReader(self.fh, block_size=_WARCIO_BLOCK)


def read_warc(part: Part, options: SourceOptions) -> Iterator[Item]:
    """The articles of one web archive, in order, and a skipped outcome for each record that cannot be read; a file
    holding no record at all (not a web archive) is one skipped outcome that says so."""
    counts, told = _Counts(), False
    for item in _read_warc(part, options, counts):
        told = True
        yield item
    if told or counts.articles:
        return
    if not _starts_like_an_archive(part.path):
        yield skipped(part.name, "not a web archive: no WARC or ARC record in it")
    else:
        records = f"{counts.records:,} record" + ("s" if counts.records != 1 else "")
        yield skipped(part.name, f"no article in it ({records}, none an HTML or plain-text page with a 2xx status)")


def _starts_like_an_archive(path: str) -> bool:
    """Whether the file (decompressed) begins as a WARC or an ARC file does."""
    try:
        with open_decompressed(path) as stream:
            head = stream.read(16)
    except Exception:  # unreadable: not an archive either
        return False
    return head.startswith((b"WARC/", b"filedesc://"))


def _read_warc(part: Part, options: SourceOptions, counts: _Counts) -> Iterator[Item]:
    with open_binary(part.path) as raw:
        start: int | None = 0
        while start is not None:
            raw.seek(start)
            records = _Records(raw, arc2warc=True, check_digests=options.verify_digests)
            records.offset = start
            broken = yield from _read_records(part, records, options, counts)
            if broken is None:
                if _offset(records) < raw.tell():
                    yield skipped(part.name, f"record at byte {_offset(records)}: the file ends inside it (truncated)")
                break
            if _WHOLE_GZIP in broken.reason and start == 0 and counts.records == 1:
                yield from _read_whole_gzip(part, raw, options, counts)
                break
            start = None if broken.cut else _next_record(raw, broken.last + 1, part.format)
            yield skipped(part.name, f"record at byte {broken.offset}: {broken.reason}" + (
                "" if broken.cut else "; the records after it are not read" if start is None else
                f"; read on from the next record, at byte {start}"))
    logger.info("%s: %d records, %d articles", safe_name(part.name), counts.records, counts.articles)


def _read_whole_gzip(part: Part, raw: IO[bytes], options: SourceOptions, counts: _Counts) -> Iterator[Item]:
    """The rest of a WARC gzipped as one stream (not a member per record), read through :class:`Gunzip`;
    offsets are then in the decompressed stream."""
    raw.seek(0)
    records = _Records(io.BufferedReader(Gunzip(raw)), arc2warc=True, check_digests=options.verify_digests)
    broken = yield from _read_records(part, records, options, counts, skip=counts.records)
    if broken is not None:
        yield skipped(part.name, f"record at byte {broken.offset} of the decompressed file: {broken.reason}; "
                                 "the records after it are not read")


def _read_records(part: Part, records: _Records, options: SourceOptions, counts: _Counts,
                  skip: int = 0) -> Generator[Item, None, _Break | None]:
    iterator, errors, last = iter(records), 0, _offset(records)
    while True:
        try:
            record = next(iterator)
        except StopIteration:
            return None
        except Exception as error:
            offset = max(_offset(records), last)  # warcio's offset can fall behind after a damaged member
            cut = skip == 0 and _header_cut(part.path, offset)
            return _Break(offset, "the file ends inside its header (truncated)" if cut else _reason(error), cut, last)
        if records.err_count > errors:
            errors = records.err_count
            yield skipped(part.name, f"before byte {_offset(records)}: a record is not followed by a blank line "
                                     "(its Content-Length may be wrong)")
        if skip:
            skip -= 1
            continue
        counts.records += 1
        last = _offset(records)
        item = _article(part, record, last, options)
        counts.articles += isinstance(item, Document)
        if item is not None:
            yield item


def _next_record(raw: IO[bytes], start: int, fmt: str) -> int | None:
    """Where the next record after byte ``start`` begins: a gzip member that inflates to ``WARC/``, or in an
    uncompressed WARC a ``WARC/1.`` line after a blank line; ``None`` when there is none (or for ARC)."""
    if fmt != "warc":
        return None
    raw.seek(start)
    data, base = b"", start
    while block := raw.read(_SCAN_BLOCK):
        data += block
        found, keep = _record_start(data, at_end=False)
        if found is not None:
            return base + found
        data, base = data[keep:], base + keep
    found, _ = _record_start(data, at_end=True)
    return None if found is None else base + found


def _record_start(data: bytes, at_end: bool) -> tuple[int | None, int]:
    """The first record start in ``data`` (``None``: none), and from where ``data`` must be kept to look on in
    the next block (a gzip member too near its end to be probed, or a ``WARC/1.`` line cut by it)."""
    plain = data.find(_PLAIN_START)
    at = data.find(_GZIP_MAGIC)
    while at >= 0 and (plain < 0 or at < plain):
        if at + _PROBE > len(data) and not at_end:
            return None, at
        if _inflates_to_warc(data[at:at + _PROBE]):
            return at, at
        at = data.find(_GZIP_MAGIC, at + 1)
    if plain >= 0:
        return plain + 4, plain
    return None, max(0, len(data) - len(_PLAIN_START))


def _inflates_to_warc(head: bytes) -> bool:
    try:
        return zlib.decompressobj(31).decompress(head, 16).startswith(b"WARC/")
    except zlib.error:
        return False


def _header_cut(path: str, offset: int) -> bool:
    """Whether the file ends inside the header of the record at ``offset`` (warcio fails there in several ways)."""
    try:
        with open_binary(path) as raw:
            raw.seek(offset)
            rest = raw.read(_READ_BLOCK)
        if rest.startswith(b"\x1f\x8b"):
            rest = zlib.decompressobj(31).decompress(rest, _READ_BLOCK)  # no more than it looks at
    except (OSError, zlib.error):
        return False
    return len(rest) < _READ_BLOCK and rest.lstrip().startswith((b"WARC/", b"http", b"filedesc")) and \
        b"\r\n\r\n" not in rest and b"\n\n" not in rest


def _offset(records: ArchiveIterator) -> int:
    offset = getattr(records, "offset", 0)
    return offset if isinstance(offset, int) else 0


_QUOTING: Final = re.compile(r", first line|: | - Found|, Found")
"""Where warcio's messages go on to quote the file (``Unknown archive format, first line: …``): cut there."""


def _reason(error: Exception) -> str:
    said = "" if isinstance(error, ChunkedDataException) else str(error)
    said = _WHOLE_GZIP if _WHOLE_GZIP in said else said
    text = " ".join(_QUOTING.split(said, maxsplit=1)[0].split())[:120]
    text = text.encode("ascii", "backslashreplace").decode("ascii")
    return f"not a readable WARC/ARC record ({type(error).__name__}{': ' + text if text else ''})"


def _content_type(record: Any) -> str | None:
    headers = record.http_headers if record.rec_type == "response" else record.rec_headers
    if headers is None:
        return None
    value = headers.get_header("Content-Type") or ""
    return str(value).split(";", 1)[0].strip().lower() or None


def _is_article(record: Any) -> bool:
    if record.rec_type not in ("response", "resource"):
        return False
    if record.rec_type == "response":
        status = record.http_headers.get_statuscode() if record.http_headers else None
        if not (isinstance(status, str) and status.startswith("2")):
            return False
    return _content_type(record) in ARTICLE_TYPES


def _article(part: Part, record: Any, offset: int, options: SourceOptions) -> Item | None:
    uri = record.rec_headers.get_header("WARC-Target-URI")
    where = f"record at byte {offset}" + (f" ({safe_name(uri)[:200]})" if uri else "")
    wanted = _is_article(record)
    try:
        body = record.content_stream().read(options.max_bytes + 1) if wanted else b""
        _drain(record.raw_stream)
    except Exception as error:
        return skipped(part.name, f"{where}: the body cannot be read ({_reason(error)})")
    if getattr(record.raw_stream, "limit", 0) > 0:
        return skipped(part.name, f"{where}: the record is truncated")
    checker = getattr(record, "digest_checker", None)
    if checker is not None and checker.passed is False:
        return skipped(part.name, f"{where}: its content does not match its digest (corrupt)")
    if len(body) > options.max_bytes:
        return skipped(part.name, f"{where}: the article is over the {options.max_bytes:,} byte limit")
    if not body.strip():
        return None
    return Document(source=uri or f"{part.name}@{offset}", data=body, url=uri or None,
                    published=parse_published(record.rec_headers.get_header("WARC-Date")))


def _drain(stream: Any) -> None:
    while stream.read(_READ_BLOCK):
        pass
