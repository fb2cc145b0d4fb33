"""Web archives: ``.warc``, ``.warc.gz``, ``.arc``, ``.arc.gz``, read with warcio (ARC through ``arc2warc``).

Every ``response`` (and ``resource``) record with a 2xx status whose Content-Type is HTML or plain text is an
article: its source and URL are the record's WARC-Target-URI, its date the WARC-Date (when it was fetched),
its bytes the HTTP body with chunked transfer-encoding and gzip / deflate (and br, when the ``brotli`` package is
installed) content-encoding undone.  Requests, metadata, images and redirects are passed over and only counted
(logged at INFO).  A corrupt record ends the file's reading with a skipped outcome naming the byte offset where
it failed, after every record before it (warcio cannot resync); a record cut short, or a file ending inside one,
is a skipped outcome naming its offset.

Why warcio and not FastWARC: FastWARC 2.0 reads about five times faster, but silently drops a truncated or
corrupt record (no error, no sign that anything was lost), and it does not read ARC files.
"""

from __future__ import annotations

import logging
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

from warcio.archiveiterator import ArchiveIterator

from reactions.files import safe_name
from reactions.models import Document, FileOutcome
from reactions.sources.columns import skipped
from reactions.sources.dates import parse_published
from reactions.sources.options import Part, SourceOptions
from reactions.sources.remote import open_binary
from reactions.sources.streams import inner_name

__all__ = ["ARTICLE_TYPES", "WARC_ENDINGS", "read_warc", "warc_format"]

logger = logging.getLogger(__name__)

WARC_ENDINGS: Final = {".warc": "warc", ".arc": "arc"}
"""File-name endings of web archives (before any ``.gz``) and their formats."""
ARTICLE_TYPES: Final = frozenset({"text/html", "application/xhtml+xml", "text/plain"})
"""The Content-Types read as articles."""
_READ_BLOCK: Final = 1 << 16

Item = Document | FileOutcome


def warc_format(path: str) -> str | None:
    """``"warc"`` or ``"arc"`` when ``path`` names a web archive by its ending, else ``None``."""
    inner = inner_name(path)
    return next((fmt for ending, fmt in WARC_ENDINGS.items() if inner.endswith(ending)), None)


@dataclass(slots=True)
class _Counts:
    records: int = 0
    articles: int = 0
    broken: bool = False


class _Records(ArchiveIterator):  # type: ignore[misc]
    """warcio's iterator, without its warning on stderr (a record not followed by a blank line is counted in
    ``err_count`` and reported as an outcome instead)."""

    INC_RECORD = ""


def read_warc(part: Part, options: SourceOptions) -> Iterator[Item]:
    """The articles of one web archive, in order, and a skipped outcome for each record that cannot be read."""
    counts = _Counts()
    with open_binary(part.path) as raw:
        records = _Records(raw, arc2warc=True)
        yield from _read_records(part, records, options, counts)
        end = raw.tell()
    if not counts.broken and _offset(records) < end:
        yield skipped(part.name, f"record at byte {_offset(records)}: the file ends inside it (truncated)")
    logger.info("%s: %d records, %d articles", safe_name(part.name), counts.records, counts.articles)


def _read_records(part: Part, records: _Records, options: SourceOptions, counts: _Counts) -> Iterator[Item]:
    iterator, errors = iter(records), 0
    while True:
        try:
            record = next(iterator)
        except StopIteration:
            return
        except Exception as error:
            counts.broken = True
            cut = _header_cut(part.path, _offset(records))
            yield skipped(part.name, f"record at byte {_offset(records)}: " + (
                "the file ends inside its header (truncated)" if cut else
                f"{_reason(error)}; the records after it are not read"))
            return
        if records.err_count > errors:
            errors = records.err_count
            yield skipped(part.name, f"before byte {_offset(records)}: a record is not followed by a blank line "
                                     "(its Content-Length may be wrong)")
        counts.records += 1
        item = _article(part, record, _offset(records), options)
        counts.articles += isinstance(item, Document)
        if item is not None:
            yield item


def _header_cut(path: str, offset: int) -> bool:
    """Whether the file ends inside the header of the record at ``offset`` (warcio fails there in several ways)."""
    try:
        with open_binary(path) as raw:
            raw.seek(offset)
            rest = raw.read(_READ_BLOCK)
        if rest.startswith(b"\x1f\x8b"):
            rest = zlib.decompressobj(31).decompress(rest)
    except (OSError, zlib.error):
        return False
    return len(rest) < _READ_BLOCK and rest.lstrip().startswith((b"WARC/", b"http", b"filedesc")) and \
        b"\r\n\r\n" not in rest and b"\n\n" not in rest


def _offset(records: ArchiveIterator) -> int:
    offset = getattr(records, "offset", 0)
    return offset if isinstance(offset, int) else 0


def _reason(error: Exception) -> str:
    text = " ".join(str(error).split())[:120].encode("ascii", "backslashreplace").decode("ascii")
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
    if len(body) > options.max_bytes:
        return skipped(part.name, f"{where}: the article is over the {options.max_bytes:,} byte limit")
    if not body.strip():
        return None
    return Document(source=uri or f"{part.name}@{offset}", data=body, url=uri or None,
                    published=parse_published(record.rec_headers.get_header("WARC-Date")))


def _drain(stream: Any) -> None:
    while stream.read(_READ_BLOCK):
        pass
