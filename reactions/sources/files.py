"""Reading one article file safely: regular files only, a size limit, no link out of the corpus.

A corpus folder is someone else's: it may hold a FIFO that would block a reader forever, a link to
``/dev/zero`` that never ends, a link to a file elsewhere on the machine, a 100 MB file, or a name
that is not UTF-8.  :func:`read_bytes` opens a file without blocking and without following a final
link out of its corpus folder, checks with ``fstat`` (on the open file, so nothing can be swapped in
between) that it is a regular file, and reads at most :attr:`ReadOptions.max_bytes` (one byte more,
to tell a file that grew).  Every refusal is an :class:`UnreadableError` with a reason a person can act on;
the readers in :mod:`reactions.corpus` turn it into a skipped outcome, and the rest goes on.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> with open(os.path.join(folder, "a.txt"), "wb") as f:
...     _ = f.write(b"hello")
>>> read_bytes(os.path.join(folder, "a.txt"), "a.txt")
b'hello'
>>> os.mkfifo(os.path.join(folder, "p.txt"))
>>> read_bytes(os.path.join(folder, "p.txt"), "p.txt")
Traceback (most recent call last):
...
reactions.sources.files.UnreadableError: not a regular file (a FIFO): skipped
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from typing import Final

__all__ = [
    "DEFAULT_READ", "MAX_FILE_BYTES", "ReadOptions", "UnreadableError", "check_link", "os_reason", "read_bytes",
    "safe_name",
]

MAX_FILE_BYTES: Final = 20 * 1024 * 1024
"""The default largest file read (20 MB: a long article in HTML is under 2 MB)."""
_KINDS: Final = (
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a folder"),
)


@dataclass(frozen=True, slots=True)
class ReadOptions:
    """How article files are read.

    Fields:
        max_bytes: the largest file read; a larger one is reported and skipped.
        follow_links: read a symbolic link to a file outside the corpus folder (off: it is reported).
    """

    max_bytes: int = MAX_FILE_BYTES
    follow_links: bool = False


DEFAULT_READ: Final = ReadOptions()
"""The default: files up to :data:`MAX_FILE_BYTES`, no link out of the corpus folder."""


class UnreadableError(Exception):
    """A file that is not read, and why (the message is the reason, for a person)."""


def read_bytes(path: str, source: str, options: ReadOptions = DEFAULT_READ) -> bytes:
    """The bytes of article file ``path`` (known as ``source`` below its corpus folder).

    Raises :class:`UnreadableError` for anything but a regular file of at most ``options.max_bytes`` inside its
    corpus folder (a link out of it only with ``options.follow_links``), and for any ``OSError``.
    """
    if source.endswith("/"):  # a folder its parent's listing could not list (reactions.corpus)
        raise UnreadableError(f"a folder that cannot be listed ({_listing_error(path)}): its files are skipped")
    if not options.follow_links:
        check_link(path, source)
    return read_regular(path, options.max_bytes)


def read_regular(path: str, max_bytes: int) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``max_bytes``, opened without blocking (a FIFO
    never hangs the reader); raises :class:`UnreadableError` otherwise."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise UnreadableError(os_reason(error, path)) from None
    try:
        info = os.fstat(fd)
        kind = next((name for check, name in _KINDS if check(info.st_mode)), None)
        if kind is not None or not stat.S_ISREG(info.st_mode):
            raise UnreadableError(f"not a regular file ({kind or 'an unknown kind'}): skipped")
        if info.st_size > max_bytes:
            raise UnreadableError(_too_large(info.st_size, max_bytes))
        data = _read_at_most(fd, max_bytes + 1)
        if len(data) > max_bytes:
            raise UnreadableError(_too_large(len(data), max_bytes))
        return data
    except OSError as error:
        raise UnreadableError(os_reason(error, path)) from None
    finally:
        os.close(fd)


def _listing_error(path: str) -> str:
    try:
        with os.scandir(path):
            return "it could not be listed a moment ago"
    except OSError as error:
        return os_reason(error, path)


def check_link(path: str, source: str) -> None:
    """Refuse a final symbolic link that leads out of the corpus folder (the folder ``source`` is below): the one
    rule for every kind of file read, an article, a dataset or a web archive.  Raises :class:`UnreadableError`."""
    if not os.path.islink(path):
        return
    root = path
    for _ in range(max(1, source.count("/") + 1)):
        root = os.path.dirname(root)
    real_root = os.path.join(os.path.realpath(root or "."), "")
    target = os.path.realpath(path)
    if not target.startswith(real_root):
        raise UnreadableError(
            f"a link to {safe_name(target)}, outside the corpus folder: skipped (--follow-links reads it)"
        )


def _read_at_most(fd: int, limit: int) -> bytes:
    """Up to ``limit`` bytes from ``fd`` (a file that grows while read stops at the limit)."""
    chunks: list[bytes] = []
    left = limit
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _too_large(size: int, limit: int) -> str:
    return f"larger than the {_megabytes(limit)} limit ({_megabytes(size)}): skipped (--max-file-size reads it)"


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):,.0f} MB" if size >= 1024 * 1024 else f"{size:,} bytes"


def os_reason(error: OSError, path: str | None = None) -> str:
    """A short, plain reason for an ``OSError`` met reading a file."""
    if isinstance(error, FileNotFoundError):
        return "no such file or folder"
    if isinstance(error, IsADirectoryError):
        return "is a folder"
    if isinstance(error, PermissionError):
        return "permission denied"
    if error.errno == errno.ELOOP:
        return "a loop of symbolic links"
    if error.errno == errno.ENXIO:
        return "not a regular file (a socket or a FIFO without a writer): skipped"
    return f"unreadable ({error.strerror or error})"


def safe_name(name: str) -> str:
    """``name`` as valid UTF-8 text: a file name's undecodable bytes (which Python keeps as lone
    surrogates) become ``\\xNN``, so the name can be printed, written to Parquet and shown.

    >>> safe_name("caf\\udce9.txt"), safe_name("café.txt")
    ('caf\\\\xe9.txt', 'café.txt')
    """
    if name.isascii():
        return name
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return name
