"""Where articles come from besides plain files: datasets (one article a row), FakeNewsNet folders, web archives.

The one interface, for the folder walker, the process pool and Dask alike:

- :func:`source_kind` tells whether a path is a source of many articles (``"table"``, ``"warc"``,
  ``"fakenewsnet"``) or a plain article file (``None``);
- :func:`partitions` cuts a source into :class:`Part` s, small picklable units of work (a Parquet row group, a
  byte range of a large JSONL file, a whole CSV or web archive);
- :func:`read_part` yields one part's :class:`~reactions.models.Document` s, in order, and a skipped
  :class:`~reactions.models.FileOutcome` for each item that cannot be read (naming the file, the row, line or
  record offset, and the problem): it never raises, and nothing else in the file is lost;
- :func:`read_documents` is every part of a path (or of every file a glob names) in order.

Paths may be fsspec URLs (``s3://bucket/crawl/*.warc.gz``) when the ``remote`` extra is installed.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "news.csv")
>>> with open(path, "w") as f:
...     _ = f.write("id,title,text\\nA7,Hello,Fans wrote back.\\nB2,Empty,\\n")
>>> source_kind(path), [p.format for p in partitions(path)]
('table', ['csv'])
>>> [(d.source, d.title, d.data) if isinstance(d, Document) else d.reason for d in read_documents(path)]
[('news.csv#A7', 'Hello', b'Fans wrote back.'), "row 2 (id B2): the 'text' column is empty"]
"""

from __future__ import annotations

import importlib
import posixpath
from collections.abc import Callable, Iterator
from typing import Final

from reactions.models import Document, FileOutcome
from reactions.sources.columns import find_columns, skipped
from reactions.sources.dates import parse_published
from reactions.sources.fakenewsnet import article_id, read_fakenewsnet
from reactions.sources.files import UnreadableError, check_link, os_reason
from reactions.sources.kinds import FAKENEWSNET_FILE, compression_of, inner_name, table_format, warc_format
from reactions.sources.options import Part, SourceOptions, TableColumns
from reactions.sources.outcomes import grouped
from reactions.sources.remote import NO_FOLLOW, RemoteUnavailableError, expand_paths, is_held, is_remote

__all__ = [
    "DEFAULT_SOURCE", "Part", "SourceOptions", "TableColumns", "default_name", "expand_paths", "find_columns",
    "found_in_folder",
    "parse_published", "partitions", "read_documents", "read_part", "source_kind",
]

DEFAULT_SOURCE: Final = SourceOptions()
"""Columns found by name, articles up to 20 MB."""
_SNIFF: Final = ((b"WARC/", "warc"), (b"filedesc://", "warc"))
_READERS: Final = {
    "table": ("reactions.sources.tables", "read_table_part"),
    "warc": ("reactions.sources.warc", "read_warc"),
    "fakenewsnet": ("reactions.sources.fakenewsnet", "read_fakenewsnet"),
}
"""Each kind's reader, loaded when a part of that kind is read (pandas, pyarrow, warcio load with it)."""


Reader = Callable[[Part, SourceOptions], Iterator[Document | FileOutcome]]
_LOADED: dict[str, Reader] = {}


def _reader(kind: str) -> Reader:
    found = _LOADED.get(kind)
    if found is None:
        module, name = _READERS[kind]
        found = _LOADED[kind] = getattr(importlib.import_module(module), name)
    return found


def source_kind(path: str) -> str | None:
    """``"table"``, ``"warc"`` or ``"fakenewsnet"`` when ``path`` is a source of articles, ``None`` for a plain
    article file.  By name; a compressed file or one without an ending is also sniffed (``WARC/`` at its start).

    >>> source_kind("crawl/CC-NEWS-2017.warc.gz"), source_kind("isot/Fake.csv"), source_kind("a.txt")
    ('warc', 'table', None)
    >>> source_kind("politifact15014/news content.json")
    'fakenewsnet'
    """
    if path.endswith(FAKENEWSNET_FILE) and posixpath.basename(path.replace("\\", "/")) == FAKENEWSNET_FILE:
        return "fakenewsnet"
    if warc_format(path):
        return "warc"
    if table_format(path):
        return "table"
    inner = posixpath.basename(inner_name(path))
    return _sniff(path) if compression_of(path) or "." not in inner else None  # open_binary refuses a FIFO


def found_in_folder(name: str) -> bool:
    """Whether a file called ``name`` met while walking a folder is a source of articles, by its name alone
    (nothing is opened): a table, a web archive, a FakeNewsNet ``news content.json``.  A plain ``.json`` file is
    only read when given by itself (a folder's stray JSON is rarely a dataset of articles).

    >>> [found_in_folder(n) for n in ("Fake.csv", "cc.warc.gz", "news content.json", "meta.json", "a.txt")]
    [True, True, True, False, False]
    """
    if name.endswith(FAKENEWSNET_FILE) and posixpath.basename(name) == FAKENEWSNET_FILE:
        return True
    if warc_format(name):
        return True
    return table_format(name) not in (None, "json")


def _sniff(path: str) -> str | None:
    try:
        from reactions.sources.streams import open_decompressed  # pyarrow: only for a file that must be opened

        with open_decompressed(path) as stream:
            head = stream.read(16)
    except Exception:
        return None
    return next((kind for magic, kind in _SNIFF if head.startswith(magic)), None)


def default_name(path: str) -> str:
    """The name a path's documents are known by: its file name (``folder/<id>/news content.json`` →
    ``<id>/news content.json``)."""
    tail = path.replace("\\", "/").rstrip("/")
    base = posixpath.basename(tail)
    return f"{article_id(tail)}/{base}" if base == FAKENEWSNET_FILE else base


def partitions(path: str, options: SourceOptions = DEFAULT_SOURCE, name: str | None = None) -> list[Part]:
    """The parts of source ``path`` in order (``[]`` when it is not a source: see :func:`source_kind`).

    ``name`` is what its documents are called (``NAME#ROW``); by default :func:`default_name`.  A file whose
    parts cannot be listed (missing, unreadable, not Parquet) is one part, and reading it says why.
    """
    kind = source_kind(path)
    if kind is None:
        return []
    name = default_name(path) if name is None else name
    fmt = (
        (table_format(path) or "csv") if kind == "table" else (warc_format(path) or "warc") if kind == "warc" else kind
    )
    whole = [Part(path, name, kind, fmt)]
    if kind != "table" or _refused(whole[0], options) is not None:
        return whole
    try:
        from reactions.sources.tables import table_parts

        return table_parts(path, name, options)
    except Exception:
        return whole


def read_part(part: Part, options: SourceOptions = DEFAULT_SOURCE) -> Iterator[Document | FileOutcome]:
    """One part's documents in order, and a skipped outcome for each item that cannot be read (past a few of one
    kind, counted: :func:`~reactions.sources.outcomes.grouped`); never raises."""
    if part.kind == "fakenewsnet" and NO_FOLLOW and not options.follow_links and not is_held(part.path):
        unfollowed = _unfollowed(part, options)
        if unfollowed is not None:
            yield from unfollowed
            return
    refusal = _refused(part, options)
    if refusal is not None:
        yield from [skipped(part.name, refusal)] if refusal else []
        return
    try:
        found = _reader(part.kind)(part, options)
        yield from found if part.kind == "fakenewsnet" else grouped(part.name, found)  # (one article: no groups)
    except RemoteUnavailableError as error:
        yield skipped(part.name, str(error))
    except OSError as error:
        own = error.errno == 0 and error.strerror  # a refusal of open_binary's, already in words
        yield skipped(part.name, f"cannot be read: {error.strerror if own else os_reason(error)}")
    except Exception as error:
        message = " ".join(str(error).split())[:200]
        yield skipped(part.name, f"cannot be read as {part.format} ({type(error).__name__}: {message})")


def _unfollowed(part: Part, options: SourceOptions) -> list[Document | FileOutcome] | None:
    """A FakeNewsNet file (one small file per article: an ``lstat`` each was a tenth of reading them) read without
    following a final symbolic link, so that no link is read unchecked; ``None`` when that fails in any way (a link,
    which :func:`_refused` then judges; a file that cannot be read, which the usual way names)."""
    try:
        return list(read_fakenewsnet(part, options, follow=False))
    except Exception:
        return None


def _refused(part: Part, options: SourceOptions) -> str | None:
    """Why ``part`` is not read: a link out of its corpus folder (without ``options.follow_links``), else ``None``.
    Only the first part of a file says so (the others: ``""``)."""
    if options.follow_links or is_remote(part.path) or is_held(part.path):
        return None
    try:
        check_link(part.path, part.name)
    except UnreadableError as error:
        return str(error) if part.index == 0 else ""
    return None


def read_documents(path: str, options: SourceOptions = DEFAULT_SOURCE,
                   name: str | None = None) -> Iterator[Document | FileOutcome]:
    """Every document of ``path`` (or of every file the glob ``path`` names), part after part, in order."""
    try:
        paths = expand_paths(path)
    except OSError as error:  # RemoteUnavailableError, or a listing refused
        yield skipped(name or path, str(error) if isinstance(error, RemoteUnavailableError) else os_reason(error))
        return
    if not paths:
        yield skipped(name or path, "no file matches this pattern")
    for each in paths:
        for part in partitions(each, options, name if len(paths) == 1 else None):
            yield from read_part(part, options)

