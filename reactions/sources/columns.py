"""Which columns of a table hold an article's text, id, title, date and URL, and one row made a :class:`Document`.

Columns are found by name, case- and punctuation-insensitively (``Full Text``, ``full_text`` and ``fullText`` are
one name), from lists taken from the datasets analysts hold: FakeNewsNet, ISOT (``title, text, subject, date``),
NELA-GT (``content, title, date, url, source``), news-please (``maintext, title, date_publish, url``), Media Cloud
and GDELT exports.  A column the caller names wins; a named column the table lacks is a reason, not a guess.

>>> from reactions.sources.options import SourceOptions
>>> found = find_columns(["ID", "Title", "Full Text", "date_publish"], SourceOptions())
>>> found.text, found.id, found.title, found.date, found.url
('Full Text', 'ID', 'Title', 'date_publish', None)
>>> find_columns(["a", "b"], SourceOptions())
'no text column (looked for text, content, body, ...; the table has columns a, b)'
>>> find_columns(["root:x:0:0:root:/root:/bin/bash"], SourceOptions())
'no text column (looked for text, content, body, ...; the table has 1 column, none named like a text column)'
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from reactions.models import Document, FileOutcome, Status
from reactions.sources.dates import parse_published
from reactions.sources.files import safe_name
from reactions.sources.options import SourceOptions

__all__ = [
    "DATE_NAMES", "ID_NAMES", "TEXT_NAMES", "TITLE_NAMES", "URL_NAMES",
    "Columns", "find_columns", "label", "row_document", "skipped", "text_bytes", "text_cell",
]

TEXT_NAMES: Final = (
    "maintext", "full_text", "article_text", "text", "content", "body", "article", "article_body", "story",
    "story_text", "news_text", "text_content", "content_text", "raw_text", "document", "html", "raw_html",
)
"""Names of a text column, best first (news-please's ``maintext`` before its legacy, usually empty ``text``)."""
TITLE_NAMES: Final = ("title", "headline", "title_page", "title_rss", "heading", "article_title", "news_title")
DATE_NAMES: Final = (
    "date_publish", "publish_date", "published", "published_at", "publication_date", "date_published",
    "pub_date", "pubdate", "publish_time", "date", "datetime", "timestamp", "created_at", "seendate",
)
URL_NAMES: Final = ("url", "news_url", "article_url", "link", "canonical_url", "source_url", "href", "uri")
ID_NAMES: Final = ("id", "news_id", "article_id", "doc_id", "document_id", "story_id", "stories_id", "uuid", "guid")
_MAX_LISTED: Final = 30
_MAX_NAME: Final = 40
_NAME_PUNCTUATION: Final = frozenset(" _-.#()")


@dataclass(frozen=True, slots=True)
class Columns:
    """The columns a table's articles are read from (``None``: the table has none)."""

    text: str
    id: str | None = None
    title: str | None = None
    date: str | None = None
    url: str | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The columns to read, without repeats."""
        return tuple(dict.fromkeys(c for c in (self.text, self.id, self.title, self.date, self.url) if c))


def _key(name: str) -> str:
    return "".join(ch for ch in name.casefold() if ch.isalnum())


def _pick(names: Sequence[str], given: str | None, wanted: Sequence[str]) -> str | None:
    if given is not None:
        return given if given in names else next((n for n in names if _key(n) == _key(given)), None)
    keys = {_key(n): n for n in reversed(names)}
    return next((keys[_key(w)] for w in wanted if _key(w) in keys), None)


def _like_a_name(name: str) -> bool:
    """Whether a header cell looks like a column's name (short, letters, digits and a little punctuation), not
    like a line of some other file (``root:x:0:0:…``): only such names are ever quoted in a warning."""
    return 0 < len(name) <= _MAX_NAME and all(ch.isalnum() or ch in _NAME_PUNCTUATION for ch in name)


def _listed(names: Sequence[str]) -> str:
    """What a warning says of a table's columns: their names when every one looks like a name, else only how
    many there are (a warning never quotes a file's content)."""
    if not names:
        return "no columns"
    if len(names) > _MAX_LISTED or not all(map(_like_a_name, names)):
        count = f"{len(names):,} column" + ("s" if len(names) > 1 else "")
        return f"{count}, none named like a text column"
    return "columns " + ", ".join(names)


_EXPORT_COLUMNS: Final = frozenset({"id", "kind", "platform", "handle", "sources", "span_start"})
"""Columns every reactions export has (``reactions.frames.BASE_COLUMNS``): such a table left in a corpus folder is
not a dataset of articles, and reading its post texts as articles would change the results silently."""


def find_columns(names: Sequence[str], options: SourceOptions) -> Columns | str:
    """The columns to read from a table with columns ``names``, or the reason it cannot be read."""
    names = [str(n) for n in names]
    if options.text_col is None and {n.casefold() for n in names} >= _EXPORT_COLUMNS:
        return "a table of reactions (an export of this program), not of articles: give --text-col to read it"
    text = _pick(names, options.text_col, TEXT_NAMES)
    if text is None:
        looked = repr(options.text_col) if options.text_col else "text, content, body, ..."
        return f"no text column (looked for {looked}; the table has {_listed(names)})"
    others = [(given, wanted) for given, wanted in (
        (options.id_col, ID_NAMES), (options.title_col, TITLE_NAMES),
        (options.date_col, DATE_NAMES), (options.url_col, URL_NAMES))]
    found = [_pick(names, given, wanted) for given, wanted in others]
    for (given, _), column in zip(others, found, strict=True):
        if given is not None and column is None:
            return f"no column {given!r} (the table has {_listed(names)})"
    return Columns(text, *found)


def skipped(name: str, reason: str) -> FileOutcome:
    """A skipped item of file ``name`` (its place and problem in ``reason``)."""
    return FileOutcome(safe_name(name), None, Status.SKIPPED, reason=reason)


def text_bytes(value: object) -> bytes | None:
    """A cell's text as bytes (the bytes a CSV held, when it was decoded with ``surrogateescape``); ``None`` when
    the cell is empty, missing or NaN.  A list of paragraphs is joined with blank lines."""
    if type(value) is bytes:  # a plain CSV's cell (:mod:`reactions.sources.plaincsv`): most cells
        return value if value.strip() else None
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    if isinstance(value, bytes | bytearray):
        data = bytes(value)
    elif isinstance(value, list | tuple):
        data = b"\n\n".join(b for b in map(text_bytes, value) if b)
    else:
        data = _encoded(value if isinstance(value, str) else str(value))
    return data if data.strip() else None


def text_cell(value: object) -> tuple[bytes, str | None] | None:
    """What :func:`text_bytes` gives of a cell, with the string its bytes were encoded from when the cell held one
    that UTF-8 encodes as it is (no lone surrogate): the string those bytes decode to (``Document.text``)."""
    if type(value) is str:
        try:
            data = value.encode("utf-8")
        except UnicodeEncodeError:  # (a lone surrogate: text_bytes's bytes decode to another string)
            pass
        else:
            return (data, value) if data.strip() else None
    found = text_bytes(value)
    return None if found is None else (found, None)


def _encoded(text: str) -> bytes:
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "replace")


_ASCII_SPACE: Final = " \t\n\r\x0b\x0c"
"""What ``bytes.strip`` strips."""


def label(value: object) -> str | None:
    """A cell's short text (an id, a URL, a title): its :func:`text_bytes` decoded and stripped; ``None`` when
    empty.  An ASCII string is taken as it is (the same text, without making its bytes); others through their
    bytes (a lone surrogate becomes U+FFFD)."""
    if isinstance(value, str) and value.isascii():
        return value.strip() if value.strip(_ASCII_SPACE) else None
    if type(value) is bytes:  # a plain CSV's cell: what its text_bytes gives, decoded
        return value.decode("utf-8", "replace").strip() if value.strip() else None
    data = text_bytes(value)
    return data.decode("utf-8", "replace").strip() if data is not None else None


def row_document(name: str, row: int, record: Mapping[str, object], columns: Columns,
                 options: SourceOptions, day_first: bool | None = None) -> Document | FileOutcome:
    """Row ``row`` (1-based) of table ``name`` as a :class:`Document`, or why it is skipped; ``day_first``: whether
    the table's slashed dates put the day first (:func:`~reactions.sources.dates.day_first_order`)."""
    ident = label(record.get(columns.id)) if columns.id else None
    where = f"row {row}" + (f" (id {safe_name(ident)[:80]})" if ident else "")
    cell = text_cell(record.get(columns.text))
    if cell is None:
        return skipped(name, f"{where}: the {columns.text!r} column is empty")
    data, text = cell
    if len(data) > options.max_bytes:
        return skipped(name, f"{where}: the article is {len(data):,} bytes, over the {options.max_bytes:,} limit")
    published, notes = dated(record.get(columns.date), columns.date, day_first) if columns.date else (None, ())
    return Document(
        source=f"{name}#{ident if ident else row}",
        data=data,
        url=label(record.get(columns.url)) if columns.url else None,
        title=label(record.get(columns.title)) if columns.title else None,
        published=published,
        place=where,
        text=text,
        notes=notes,
    )


def dated(value: object, column: str, day_first: bool | None = None) -> tuple[dt.datetime | None, tuple[str, ...]]:
    """The date cell ``value`` of column ``column`` read (:func:`~reactions.sources.dates.parse_published`), and a
    note when it holds something no form reads: the article then has no date, and the analyst is told so rather
    than finding it missing from the time chart.  An empty cell (nothing, blank, a missing number) is no date and
    no note.

    >>> dated("2018-01-04", "date")[1], dated("", "date"), dated(float("nan"), "date")
    ((), (None, ()), (None, ()))
    >>> dated("2017 18h18-08-22", "published")
    (None, ("the 'published' column's date is in no form this reader knows: the article has no date",))
    """
    published = parse_published(value, day_first)
    if published is not None or not _filled(value):
        return published, ()
    named = f"the {column!r} column's" if _like_a_name(column) else "the date column's"
    return None, (f"{named} date is in no form this reader knows: the article has no date",)


def _filled(value: object) -> bool:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return False
    return bool(value.strip()) if isinstance(value, str | bytes) else True
