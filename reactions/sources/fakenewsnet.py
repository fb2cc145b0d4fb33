"""A FakeNewsNet article: ``<id>/news content.json`` (``text``, ``title``, ``url``, ``publish_date``) → one document.

FakeNewsNet's crawler writes one folder per article, named by its id (``politifact15014``), holding
``news content.json``; ``publish_date`` is epoch seconds (a number, or a string in CSV exports of it) or
``null``, when the page's ``meta_data`` may still tell (``article:published_time``, ``dc.date``, ``pubdate``…);
``url`` may lack its scheme (``www.eonline.com/news/…``), else ``canonical_link`` is used.  The document's source
is the folder name.
"""

from __future__ import annotations

import datetime as dt
import posixpath
from collections.abc import Iterator

from reactions.models import Document, FileOutcome
from reactions.sources.columns import label, skipped, text_cell
from reactions.sources.dates import parse_published
from reactions.sources.jsonvalues import exact, load_json, load_json_exactly
from reactions.sources.kinds import FAKENEWSNET_FILE
from reactions.sources.options import Part, SourceOptions
from reactions.sources.remote import read_binary

__all__ = ["FAKENEWSNET_FILE", "article_id", "read_fakenewsnet"]

_META_DATES = (
    ("article", "published_time"), ("article", "published"), ("og", "article", "published_time"),
    ("dcterms", "created"), ("dc", "date"), ("DC", "date", "issued"), ("pubdate",), ("parsely-pub-date",),
    ("published-date",), ("date",),
)  # fmt: skip
"""Where the page's meta tags (``meta_data``, nested by the tag name's dots) hold its publication time, best
first (never a modification time)."""

_AS_TEXT = ("text", "url", "canonical_link", "title")
"""The fields a document takes as text, whatever their type (a number's digits): read exactly
(:func:`~reactions.sources.jsonvalues.exact`).  A number in ``publish_date`` is an epoch, read as a float
either way; only the strings of ``meta_data`` are read."""


def article_id(path: str) -> str:
    """The FakeNewsNet id of ``path``: the name of the folder holding ``news content.json``."""
    if "\\" not in path and not path.endswith("/"):  # the usual path: no copies of it made
        folder = path[: path.rfind("/") + 1].rstrip("/")
        return folder[folder.rfind("/") + 1 :] or path
    folder = posixpath.dirname(path.replace("\\", "/").rstrip("/"))
    return posixpath.basename(folder) or path


def read_fakenewsnet(part: Part, options: SourceOptions, *, follow: bool = True) -> Iterator[Document | FileOutcome]:
    """The one document of a FakeNewsNet ``news content.json`` (or why it is skipped); ``follow=False``: a symbolic
    link is not opened (see :func:`~reactions.sources.remote.read_binary`)."""
    data = read_binary(part.path, options.max_bytes * 2, follow=follow)
    if len(data) > options.max_bytes * 2:
        yield skipped(part.name, f"over {options.max_bytes * 2:,} bytes: skipped")
        return
    try:
        record = load_json(data)
        if isinstance(record, dict) and not all(exact(record.get(key)) for key in _AS_TEXT):
            record = load_json_exactly(data)  # an integer past 64 bits where the document is read
    except (ValueError, RecursionError) as error:
        yield skipped(part.name, f"not valid JSON ({str(error)[:120]})")
        return
    yield _document(part, record, options)


def _document(part: Part, record: object, options: SourceOptions) -> Document | FileOutcome:
    if not isinstance(record, dict):
        return skipped(part.name, "not a JSON object")
    cell = text_cell(record.get("text"))
    if cell is None:
        return skipped(part.name, "the article's 'text' is empty")
    data, text = cell
    if len(data) > options.max_bytes:
        return skipped(part.name, f"the article is {len(data):,} bytes, over the {options.max_bytes:,} limit")
    url = label(record.get("url"))
    return Document(
        source=article_id(part.path),
        data=data,
        text=text,
        url=url if url is not None else label(record.get("canonical_link")),
        title=label(record.get("title")),
        published=parse_published(record.get("publish_date")) or _meta_published(record.get("meta_data")),
    )


def _meta_published(meta: object) -> dt.datetime | None:
    """The publication time the page's meta tags give, if any.

    >>> _meta_published({"article": {"published_time": "2017-03-15T12:14:00.000Z"}, "date": "2018"})
    datetime.datetime(2017, 3, 15, 12, 14, tzinfo=datetime.timezone.utc)
    """
    for path in _META_DATES:
        value = meta
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
        published = parse_published(value) if isinstance(value, str) else None
        if published is not None:
            return published
    return None
