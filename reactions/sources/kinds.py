"""What a source is, by its name alone: table and web-archive endings, compressions, FakeNewsNet's file name.

Light on purpose (no pandas, pyarrow or warcio): the folder walker and the command line ask it for every file,
and importing :mod:`reactions.sources` must stay cheap; the readers load their libraries when they read.
"""

from __future__ import annotations

import posixpath
from typing import Final

COMPRESSIONS: Final = {".gz": "gzip", ".gzip": "gzip", ".zst": "zstd", ".zstd": "zstd"}
"""File-name endings of the compressions read, and their names."""
MAGIC: Final = ((b"\x1f\x8b", "gzip"), (b"\x28\xb5\x2f\xfd", "zstd"))
"""The first bytes of a compressed stream, and its compression."""
TABLE_FORMATS: Final = {".csv": "csv", ".tsv": "tsv", ".tab": "tsv", ".jsonl": "jsonl", ".ndjson": "jsonl",
                        ".json": "json", ".parquet": "parquet", ".pq": "parquet"}  # fmt: skip
"""File-name endings of tables (before any ``.gz`` / ``.zst``) and their formats."""
WARC_ENDINGS: Final = {".warc": "warc", ".arc": "arc"}
"""File-name endings of web archives (before any ``.gz``) and their formats."""
FAKENEWSNET_FILE: Final = "news content.json"
"""The file FakeNewsNet keeps each article in, one folder per article."""


def inner_name(path: str) -> str:
    """``path`` in lower case without its compression ending (``a.CSV.gz`` → ``a.csv``)."""
    lower = path.lower()
    for ending in COMPRESSIONS:
        if lower.endswith(ending):
            return lower[: -len(ending)]
    return lower


def compression_of(path: str, head: bytes = b"") -> str | None:
    """The compression of ``path``: by its ending, else by the magic number at the start of ``head``."""
    lower = path.lower()
    named = next((codec for ending, codec in COMPRESSIONS.items() if lower.endswith(ending)), None)
    return named or next((codec for magic, codec in MAGIC if head.startswith(magic)), None)


def table_format(path: str) -> str | None:
    """The table format ``path`` names by its ending (``data.jsonl.gz`` → ``"jsonl"``), else ``None``."""
    inner = inner_name(path)
    return next((fmt for ending, fmt in TABLE_FORMATS.items() if inner.endswith(ending)), None)


def warc_format(path: str) -> str | None:
    """``"warc"`` or ``"arc"`` when ``path`` names a web archive by its ending, else ``None``."""
    inner = inner_name(path)
    return next((fmt for ending, fmt in WARC_ENDINGS.items() if inner.endswith(ending)), None)


def is_fakenewsnet(path: str) -> bool:
    """Whether ``path`` is a FakeNewsNet article file (``<id>/news content.json``)."""
    return posixpath.basename(path.replace("\\", "/")) == FAKENEWSNET_FILE
