"""Uploaded files -> documents, safely: plain files and ``.zip`` archives of them.

Nothing is written to disk: every file is read from memory into a :class:`~reactions.models.Document`, which
the run parses with the corpus (:func:`reactions.run.pipeline.extract_frame`, its ``documents``).  Archives
are read defensively: an entry whose name
could escape a folder (absolute, ``..``, a drive letter, a backslash path) is skipped, and so is
an encrypted entry, a nested archive or an unsupported type; reading stops adding files once
:attr:`UploadLimits.max_files` files or :attr:`UploadLimits.max_total_bytes` uncompressed bytes
have been read (sizes are checked as bytes are actually read, not trusted from the archive's
directory, so a zip bomb cannot get past them).  Every file that is not read gets a
:class:`~reactions.models.FileOutcome` saying why, in upload order.
"""

from __future__ import annotations

import io
import logging
import stat
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Final

from reactions.models import Document, FileOutcome, Status
from reactions.sources import SourceOptions, partitions, read_part
from reactions.sources.kinds import is_fakenewsnet, table_format, warc_format
from reactions.sources.remote import in_memory

logger = logging.getLogger(__name__)

ARTICLE_TYPES: Final[tuple[str, ...]] = (".txt", ".md", ".html", ".htm")
"""File extensions read as articles (case-insensitive)."""

ARCHIVE_TYPES: Final[tuple[str, ...]] = (".zip",)
"""File extensions read as archives of articles."""

DATASET_TYPES: Final[tuple[str, ...]] = (
    ".csv", ".tsv", ".jsonl", ".ndjson", ".json", ".parquet", ".warc", ".arc", ".gz", ".zst",
)
"""File extensions read as datasets or web archives, one article a row or record (``.gz``/``.zst``: a compressed
one, ``data.csv.gz``, ``crawl.warc.gz``)."""

CHUNK: Final = 64 * 1024
ROW_COST: Final = 1024
"""Bytes of the upload budget a dataset's row costs besides its text (what holding it as a document costs):
a million tiny rows are not a few MB of articles."""

Progress = Callable[[int, int, str], None]
"""Called as ``progress(done, total, name)`` after each uploaded file."""


@dataclass(frozen=True, slots=True)
class UploadLimits:
    """Caps on what one upload may unpack.

    Fields:
        max_files: most article files read from all archives together.
        max_total_bytes: most uncompressed bytes read from all archives together.
        max_file_bytes: most bytes of any one file (uploaded or unpacked).
    """

    max_files: int = 500
    max_total_bytes: int = 100 * 1024 * 1024
    max_file_bytes: int = 10 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Upload:
    """What an upload holds: the documents read (each named by its file, ``pack.zip/a.txt`` inside an
    archive) and the files skipped, each saying why, in upload order."""

    documents: tuple[Document, ...] = ()
    skipped: tuple[FileOutcome, ...] = ()
    paths: tuple[str, ...] = ()
    """The file each document came from, as outcomes name it: the upload (a dataset's name for its rows), or
    ``pack.zip/a.txt`` inside an archive."""

    @property
    def names(self) -> tuple[str, ...]:
        """Every file of the upload, read or skipped."""
        return (*(d.source for d in self.documents), *(o.path for o in self.skipped))


def skipped(path: str, reason: str) -> FileOutcome:
    """The outcome of a file that was not read."""
    logger.warning("%s: skipped: %s", path, reason)
    return FileOutcome(path=path, source=None, status=Status.SKIPPED, reason=reason)


def read_uploads(
    files: Iterable[tuple[str, bytes]],
    *,
    limits: UploadLimits = UploadLimits(),
    progress: Progress | None = None,
    taken: Iterable[str] = (),
) -> Upload:
    """Read uploaded ``(name, bytes)`` files: articles directly, ``.zip`` archives entry by entry.

    Never raises on bad input: an unreadable, unsafe, oversized or unsupported file becomes a
    skipped :class:`~reactions.models.FileOutcome` saying why, and the rest goes on.  Each upload
    is named by its file name, made unique against ``taken`` (the article ids already loaded) and
    the other uploads: a second ``a.txt`` is ``a (2).txt``.
    """
    files = list(files)
    parts = []
    for done, (part, _) in enumerate(read_uploads_each(files, limits=limits, taken=taken), start=1):
        parts.append(part)
        if progress is not None:
            progress(done, len(files), files[done - 1][0])
    return merge_uploads(parts)


@dataclass(frozen=True, slots=True)
class UploadState:
    """Where an upload read file by file stands after a file: the names taken and what is left of its limits (so
    that reading can go on elsewhere, in a fresh process, from there)."""

    used: tuple[str, ...]
    files_left: int
    bytes_left: int


def read_uploads_each(files: Iterable[tuple[str, bytes]], *, limits: UploadLimits = UploadLimits(),
                      taken: Iterable[str] = (),
                      state: UploadState | None = None) -> Iterator[tuple[Upload, UploadState]]:
    """:func:`read_uploads` one file at a time: each file's :class:`Upload` and the state after it (starting from
    ``state``, when given, instead of ``taken`` and the whole of ``limits``)."""
    used = set(taken) if state is None else set(state.used)
    budget = _Budget(limits)
    if state is not None:
        budget.files, budget.bytes = state.files_left, state.bytes_left
    for name, data in files:
        unique = unique_name(base_name(name), used)
        dataset = _dataset_name(unique)
        documents: list[Document] = []
        paths: list[str] = []
        skipped: list[FileOutcome] = []
        for found in _read_one(unique, data, budget):
            if isinstance(found, Document):
                documents.append(found)
                paths.append(unique if dataset else found.source)
            else:
                skipped.append(found)
        part = Upload(documents=tuple(documents), skipped=tuple(skipped), paths=tuple(paths))
        yield part, UploadState(tuple(used), budget.files, budget.bytes)


def merge_uploads(parts: Iterable[Upload]) -> Upload:
    """The uploads of several files as one, in order."""
    parts = list(parts)
    return Upload(documents=tuple(d for p in parts for d in p.documents),
                  skipped=tuple(o for p in parts for o in p.skipped),
                  paths=tuple(n for p in parts for n in p.paths))


def unique_name(name: str, used: set[str]) -> str:
    """``name``, or ``stem (n).suffix`` for the first n that is free; the result is added to ``used``.

    >>> used = {"a.txt", "a (2).txt"}
    >>> unique_name("a.txt", used), unique_name("b.md", used)
    ('a (3).txt', 'b.md')
    """
    path = PurePosixPath(name)
    candidate, n = name, 1
    while candidate in used or any(u.startswith(f"{candidate}/") for u in used):
        n += 1
        candidate = f"{path.stem} ({n}){path.suffix}"
    used.add(candidate)
    return candidate


class _Budget:
    """What is left of the limits while one upload is read."""

    def __init__(self, limits: UploadLimits) -> None:
        self.limits = limits
        self.files = limits.max_files
        self.bytes = limits.max_total_bytes

    def take(self, size: int) -> None:
        self.files -= 1
        self.bytes -= size


def base_name(name: str) -> str:
    """The file name of an upload without any folders a browser may send ("C:\\x\\a.txt" -> "a.txt")."""
    return name.replace("\\", "/").rsplit("/", 1)[-1] or "upload"


def _suffix(name: str) -> str:
    return PurePosixPath(name).suffix.casefold()


def _read_one(name: str, data: bytes, budget: _Budget) -> Iterator[Document | FileOutcome]:
    suffix = _suffix(name)
    if suffix in ARCHIVE_TYPES:
        yield from _read_archive(name, data, budget)
    elif _dataset_name(name) or suffix in (".gz", ".zst"):
        yield from _read_dataset(name, data, budget)
    elif suffix not in ARTICLE_TYPES:
        yield skipped(name, f"unsupported file type {suffix or '(none)'!r}")
    elif len(data) > budget.limits.max_file_bytes:
        yield skipped(name, f"larger than {_size(budget.limits.max_file_bytes)}")
    else:
        yield Document(name, data)


def _dataset_name(name: str) -> bool:
    """Whether an upload is a dataset or a web archive, by its name alone (nothing on disk is looked at)."""
    return bool(table_format(name) or warc_format(name) or is_fakenewsnet(name))


def _read_dataset(name: str, data: bytes, budget: _Budget) -> Iterator[Document | FileOutcome]:
    """A dataset or a web archive, read from memory by the same readers as from disk (:mod:`reactions.sources`),
    its articles counted against the upload's uncompressed budget as they are decoded: once it is spent, one
    outcome says so and the rest of the dataset is not decoded at all."""
    if not _dataset_name(name):
        yield skipped(name, f"unsupported file type {name[name.rfind('.'):]!r}: a compressed dataset is named "
                      "like data.csv.gz or crawl.warc.gz")  # fmt: skip
        return
    options = SourceOptions(max_bytes=budget.limits.max_file_bytes)
    read = 0
    with in_memory({name: data}):
        for part in partitions(name, options, name):
            for item in read_part(part, options):
                cost = len(item.data) + ROW_COST if isinstance(item, Document) else 0
                if budget.bytes < cost:
                    yield skipped(name, f"upload limit reached: more than {_size(budget.limits.max_total_bytes)} "
                                  f"of articles; {read:,} read, the rest of the file is not")  # fmt: skip
                    return
                budget.bytes -= cost
                read += cost > 0
                yield item


def _read_archive(name: str, data: bytes, budget: _Budget) -> Iterator[Document | FileOutcome]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        entries = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError) as error:
        yield skipped(name, f"not a readable zip archive ({error})")
        return
    if not any(not entry.is_dir() for entry in entries):
        yield skipped(name, "empty archive: no files in it")
        return
    with archive:
        for entry in entries:
            if entry.is_dir():
                continue
            path = f"{name}/{entry.filename}"
            reason = _entry_problem(entry) or _budget_problem(budget)
            if reason:
                yield skipped(path, reason)
                continue
            yield _read_entry(archive, entry, path, budget)


def _entry_problem(entry: zipfile.ZipInfo) -> str | None:
    """Why an archive entry must not be read, or None."""
    if not safe_member_name(entry.filename):
        return "unsafe path in archive"
    if stat.S_ISLNK(entry.external_attr >> 16):
        return "symbolic link in archive"
    if entry.flag_bits & 0x1:
        return "encrypted"
    suffix = _suffix(entry.filename)
    if suffix in ARCHIVE_TYPES:
        return "nested archive"
    if suffix not in ARTICLE_TYPES:
        return f"unsupported file type {suffix or '(none)'!r}"
    return None


def _budget_problem(budget: _Budget) -> str | None:
    if budget.files <= 0:
        return f"archive limit reached: more than {budget.limits.max_files} files"
    if budget.bytes <= 0:
        return f"archive limit reached: more than {_size(budget.limits.max_total_bytes)} uncompressed"
    return None


def _read_entry(archive: zipfile.ZipFile, entry: zipfile.ZipInfo, path: str, budget: _Budget) -> Document | FileOutcome:
    cap = min(budget.limits.max_file_bytes, budget.bytes)
    try:
        data, size = _read_capped(archive, entry, cap)
    except (zipfile.BadZipFile, OSError, EOFError, RuntimeError, ValueError) as error:
        budget.take(0)
        return skipped(path, f"unreadable entry ({error})")
    budget.take(size)
    if data is None and cap < budget.limits.max_file_bytes:
        return skipped(path, f"archive limit reached: only {_size(cap)} of uncompressed data were left")
    if data is None:
        return skipped(path, f"larger than {_size(cap)} uncompressed (per-file limit)")
    return Document(path, data)


def _read_capped(archive: zipfile.ZipFile, entry: zipfile.ZipInfo, cap: int) -> tuple[bytes | None, int]:
    """The entry's bytes (None once more than ``cap`` bytes come out) and how many were read.

    The size in the archive's directory is only a hint: a forged one cannot get past ``cap``.
    """
    if entry.file_size > cap:
        return None, 0
    out = bytearray()
    with archive.open(entry) as stream:
        while chunk := stream.read(CHUNK):
            out += chunk
            if len(out) > cap:
                return None, len(out)
    return bytes(out), len(out)


def safe_member_name(name: str) -> bool:
    """Whether an archive member name stays inside the folder it would be unpacked to.

    >>> names = ("a/b.txt", "../x.txt", "/etc/passwd", "C:/x.txt", "a\\\\..\\\\x")
    >>> [safe_member_name(n) for n in names]
    [True, False, False, False, False]
    """
    if not name or "\x00" in name or "\\" in name:
        return False
    if name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        return False
    return ".." not in PurePosixPath(name).parts


def _size(size: int) -> str:
    """A byte count for people: ``10 MB``, ``1.5 MB``, ``12 KB``, ``80 bytes``."""
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.3g} MB"
    if size >= 1024:
        return f"{size / 1024:.3g} KB"
    return f"{size} bytes"
