"""Uploaded files -> articles, safely: plain files and ``.zip`` archives of them.

Nothing is written to disk: every file is read from memory and parsed with
:func:`reactions.corpus.parse_document`.  Archives are read defensively: an entry whose name
could escape a folder (absolute, ``..``, a drive letter, a backslash path) is skipped, and so is
an encrypted entry, a nested archive or an unsupported type; reading stops adding files once
:attr:`UploadLimits.max_files` files or :attr:`UploadLimits.max_total_bytes` uncompressed bytes
have been read (sizes are checked as bytes are actually read, not trusted from the archive's
directory, so a zip bomb cannot get past them).  Every file, read or skipped, gets a
:class:`~reactions.models.FileOutcome`, in upload order.
"""

from __future__ import annotations

import contextlib
import io
import logging
import stat
import zipfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Final

from reactions.corpus import merge_reactions, parse_document
from reactions.models import Article, Corpus, FileOutcome, Status
from reactions.run.guard import GuardedParser

logger = logging.getLogger(__name__)

ARTICLE_TYPES: Final[tuple[str, ...]] = (".txt", ".md", ".html", ".htm")
"""File extensions read as articles (case-insensitive)."""

ARCHIVE_TYPES: Final[tuple[str, ...]] = (".zip",)
"""File extensions read as archives of articles."""

CHUNK: Final = 64 * 1024

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
    """The articles read from an upload and one outcome per file (read or skipped), in order."""

    articles: tuple[Article, ...] = ()
    outcomes: tuple[FileOutcome, ...] = ()

    def corpus(self, base: Corpus | None = None) -> Corpus:
        """A corpus of ``base``'s articles (if any) followed by these, reactions merged across all."""
        articles = (*(base.articles if base else ()), *self.articles)
        outcomes = (*(base.outcomes if base else ()), *self.outcomes)
        return Corpus(articles=articles, reactions=merge_reactions(articles), outcomes=outcomes)


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
    time_limit: float | None = None,
) -> Upload:
    """Parse uploaded ``(name, bytes)`` files: articles directly, ``.zip`` archives entry by entry.

    Never raises on bad input: an unreadable, unsafe, oversized or unsupported file becomes a
    skipped :class:`~reactions.models.FileOutcome` saying why, and the rest goes on.  Each upload
    is named by its file name, made unique against ``taken`` (the article ids already loaded) and
    the other uploads: a second ``a.txt`` is ``a (2).txt``.  ``time_limit``: each file is parsed in a
    worker process (:mod:`reactions.run.guard`) and one that takes longer than that many seconds is reported.
    """
    files = list(files)
    with GuardedParser(time_limit) if time_limit is not None else contextlib.nullcontext() as guard:
        return _read_all(files, _Budget(limits, guard), taken, progress)


def _read_all(
    files: Sequence[tuple[str, bytes]], budget: _Budget, taken: Iterable[str], progress: Progress | None
) -> Upload:
    used = set(taken)
    articles: list[Article] = []
    outcomes: list[FileOutcome] = []
    for done, (name, data) in enumerate(files, start=1):
        for article, outcome in _read_one(unique_name(_base_name(name), used), data, budget):
            outcomes.append(outcome)
            if article is not None:
                articles.append(article)
        if progress is not None:
            progress(done, len(files), name)
    return Upload(articles=tuple(articles), outcomes=tuple(outcomes))


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
    """What is left of the limits while one upload is read, and how its files are parsed."""

    def __init__(self, limits: UploadLimits, guard: GuardedParser | None = None) -> None:
        self.limits = limits
        self.files = limits.max_files
        self.bytes = limits.max_total_bytes
        self.guard = guard

    def parse(self, name: str, data: bytes) -> tuple[Article | None, FileOutcome]:
        """``parse_document``, in the guard's worker (within its time limit) when there is one."""
        if self.guard is None:
            return parse_document(name, data)
        return next(iter(self.guard.parse([(name, data)])))

    def take(self, size: int) -> None:
        self.files -= 1
        self.bytes -= size


def _base_name(name: str) -> str:
    """The file name of an upload without any folders a browser may send ("C:\\x\\a.txt" -> "a.txt")."""
    return name.replace("\\", "/").rsplit("/", 1)[-1] or "upload"


def _suffix(name: str) -> str:
    return PurePosixPath(name).suffix.casefold()


def _read_one(name: str, data: bytes, budget: _Budget) -> Iterator[tuple[Article | None, FileOutcome]]:
    suffix = _suffix(name)
    if suffix in ARCHIVE_TYPES:
        yield from _read_archive(name, data, budget)
    elif suffix not in ARTICLE_TYPES:
        yield None, skipped(name, f"unsupported file type {suffix or '(none)'!r}")
    elif len(data) > budget.limits.max_file_bytes:
        yield None, skipped(name, f"larger than {_size(budget.limits.max_file_bytes)}")
    else:
        yield budget.parse(name, data)


def _read_archive(name: str, data: bytes, budget: _Budget) -> Iterator[tuple[Article | None, FileOutcome]]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        entries = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError) as error:
        yield None, skipped(name, f"not a readable zip archive ({error})")
        return
    if not any(not entry.is_dir() for entry in entries):
        yield None, skipped(name, "empty archive: no files in it")
        return
    with archive:
        for entry in entries:
            if entry.is_dir():
                continue
            path = f"{name}/{entry.filename}"
            reason = _entry_problem(entry) or _budget_problem(budget)
            if reason:
                yield None, skipped(path, reason)
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


def _read_entry(
    archive: zipfile.ZipFile, entry: zipfile.ZipInfo, path: str, budget: _Budget
) -> tuple[Article | None, FileOutcome]:
    cap = min(budget.limits.max_file_bytes, budget.bytes)
    try:
        data, size = _read_capped(archive, entry, cap)
    except (zipfile.BadZipFile, OSError, EOFError, RuntimeError, ValueError) as error:
        budget.take(0)
        return None, skipped(path, f"unreadable entry ({error})")
    budget.take(size)
    if data is None and cap < budget.limits.max_file_bytes:
        return None, skipped(path, f"archive limit reached: only {_size(cap)} of uncompressed data were left")
    if data is None:
        return None, skipped(path, f"larger than {_size(cap)} uncompressed (per-file limit)")
    return budget.parse(path, data)


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
