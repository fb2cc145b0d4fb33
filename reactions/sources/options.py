"""The options of every reader and the unit of work they share: :class:`SourceOptions`, :class:`Part`."""

from __future__ import annotations

from dataclasses import dataclass

from reactions.sources.files import MAX_FILE_BYTES

__all__ = ["Part", "SourceOptions", "TableColumns"]


@dataclass(frozen=True, slots=True)
class SourceOptions:
    """How dataset files are read.

    Fields:
        text_col: the column holding the article's text (or HTML); ``None``: found by name (:data:`TEXT_NAMES`).
        id_col: the column of an article id (``NAME#ID``); ``None``: found by name, else the row number.
        title_col, date_col, url_col: the article's title, publication date and URL; ``None``: found by name.
        max_bytes: the largest article read; a larger one is skipped with a reason.
        chunk_rows: rows held in memory at once while reading a table.
        part_bytes: an uncompressed JSONL file larger than this is split into parts of about this size.
        verify_digests: check each web-archive record against its SHA-1 block and payload digests (when it
            has them), so that a corrupt record is reported rather than read.
        follow_links: read a dataset or archive that is a symbolic link to a file outside its corpus folder
            (off: it is named and skipped, as an article file is: :func:`reactions.sources.files.check_link`).
    """

    text_col: str | None = None
    id_col: str | None = None
    title_col: str | None = None
    date_col: str | None = None
    url_col: str | None = None
    max_bytes: int = MAX_FILE_BYTES
    chunk_rows: int = 2_000
    part_bytes: int = 64 * 1024 * 1024
    verify_digests: bool = True
    follow_links: bool = False


TableColumns = SourceOptions
"""The same options, by the name the column fields suggest."""



@dataclass(frozen=True, slots=True)
class Part:
    """One unit of work: a whole file, a Parquet row group, or a byte range of an uncompressed JSONL file.

    Small, frozen and picklable, so that a process pool or a Dask cluster can be handed it.

    Fields:
        path: the file (a local path or an fsspec URL).
        name: the name its documents are known by (``NAME#ROW``); the caller's, else the file's name.
        kind: ``"table"``, ``"warc"`` or ``"fakenewsnet"``.
        format: ``"csv"``, ``"tsv"``, ``"jsonl"``, ``"json"``, ``"parquet"``, ``"warc"``, ``"arc"`` or
            ``"fakenewsnet"``.
        index: the part's place in its file (a Parquet row group's number; ``0`` for a whole file).
        start: the first byte of a JSONL range (``0`` otherwise).
        stop: the byte after a JSONL range; ``-1``: to the end.
        first_row: the row (JSONL: line) number of the part's first record, 1-based.
    """

    path: str
    name: str
    kind: str
    format: str
    index: int = 0
    start: int = 0
    stop: int = -1
    first_row: int = 1
