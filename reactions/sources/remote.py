"""Local paths and remote URLs (``s3://``, ``gs://``, ``https://``, any fsspec protocol) opened alike.

Remote paths need :mod:`fsspec` (the ``remote`` extra) and the protocol's own package (``s3fs``, ``gcsfs``);
without them a remote path is a reason, never an exception.  A pattern with ``*``, ``?`` or ``[`` is expanded
with fsspec's glob (a local one with :func:`glob.glob`).
"""

from __future__ import annotations

import contextlib
import contextvars
import glob
import io
import os
import stat
import types
import urllib.parse
from collections.abc import Iterator, Mapping
from typing import IO, Final

__all__ = [
    "NO_FOLLOW",
    "RemoteUnavailableError",
    "expand_paths",
    "file_size",
    "in_memory",
    "is_held",
    "is_remote",
    "local_path",
    "open_binary",
    "read_at_most",
    "read_binary",
    "read_remote",
]

_GLOB_CHARS: Final = frozenset("*?[")


class RemoteUnavailableError(OSError):
    """A remote path that cannot be opened here (fsspec or the protocol's package is not installed)."""


def is_remote(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a URL (``scheme://…``, read through fsspec) rather than a local path; ``file://`` counts
    as remote, a :class:`~pathlib.Path` never does."""
    if not isinstance(path, str):
        return False
    scheme, sep, _ = path.partition("://")
    return bool(sep) and scheme.replace("+", "").replace("-", "").isalnum()


def local_path(path: str | os.PathLike[str]) -> str | None:
    """``path`` as a local path: itself when it is not a URL, the path of a ``file://`` URL (``file:///a%20b`` is
    ``/a b``; ``file://localhost/…`` too), ``None`` for any other URL or a ``file://`` URL of another host.

    >>> local_path("seeds"), local_path("file:///tmp/a%20b.txt"), local_path("s3://bucket/a"), local_path("file://h/a")
    ('seeds', '/tmp/a b.txt', None, None)
    """
    text = os.fspath(path)
    if not is_remote(text):
        return text
    parts = urllib.parse.urlsplit(text)
    if parts.scheme.lower() != "file" or parts.netloc not in ("", "localhost"):
        return None
    return urllib.parse.unquote(parts.path)


def _filesystem(path: str) -> tuple[object, str]:
    try:
        import fsspec  # an optional dependency: imported only for a remote path
        from fsspec.core import url_to_fs
    except ImportError as error:
        raise RemoteUnavailableError(f"reading {path.split('://')[0]}:// paths needs fsspec: "
                                     "pip install 'reactions[remote]'") from error
    del fsspec
    try:
        return url_to_fs(path)  # type: ignore[no-any-return]
    except (ImportError, ValueError) as error:
        raise RemoteUnavailableError(f"cannot open {path.split('://')[0]}:// paths: {error}") from error


_IN_MEMORY: contextvars.ContextVar[Mapping[str, bytes]] = contextvars.ContextVar(
    "in_memory", default=types.MappingProxyType({})
)


@contextlib.contextmanager
def in_memory(files: Mapping[str, bytes]) -> Iterator[None]:
    """While inside, the names of ``files`` are read from memory, not from disk: a dataset or a web archive
    uploaded to the page is read by the same readers without ever being written anywhere (this thread only)."""
    token = _IN_MEMORY.set({**_IN_MEMORY.get(), **files})
    try:
        yield
    finally:
        _IN_MEMORY.reset(token)


def is_held(path: str) -> bool:
    """Whether ``path`` is read from memory here (:func:`in_memory`), not from disk."""
    return path in _IN_MEMORY.get()


def open_binary(path: str) -> IO[bytes]:
    """``path`` opened for reading bytes (a local file, an fsspec file for a URL, or bytes :func:`in_memory`)."""
    held = _IN_MEMORY.get().get(path)
    if held is not None:
        return io.BytesIO(held)
    local = local_path(path)
    if local is not None:
        return _open_regular(local)
    fs, inner = _filesystem(path)
    return fs.open(inner, "rb")  # type: ignore[attr-defined, no-any-return]


def read_remote(url: str, max_bytes: int) -> bytes:
    """The bytes of the remote article file ``url`` (at most ``max_bytes``: one more is read to tell a larger one);
    raises ``OSError`` whose message is the reason (:class:`RemoteUnavailableError` without the remote extra)."""
    try:
        with open_binary(url) as raw:
            data = raw.read(max_bytes + 1)
    except OSError:
        raise
    except Exception as error:  # a protocol's own errors (aiohttp, botocore): a reason, never a traceback
        raise OSError(0, f"cannot be read ({type(error).__name__}: {' '.join(str(error).split())[:200]})") from None
    if len(data) > max_bytes:
        raise OSError(0, f"larger than the {max_bytes:,} bytes limit: skipped (--max-file-size reads it)")
    return data


def read_at_most(raw: IO[bytes], limit: int) -> bytes:
    """At most ``limit + 1`` bytes of ``raw`` (one more than ``limit`` tells a larger file).

    A regular file's size (``fstat``) sizes the read: asking ``read`` for ``limit + 1`` bytes makes it allocate
    that much for each file first (a third of the CPU of reading a folder of small JSON files); a file that grows
    while read is read on, to the limit.
    """
    try:
        size = os.fstat(raw.fileno()).st_size
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is both
        return raw.read(limit + 1)
    want = min(size, limit) + 1
    data = raw.read(want)
    if len(data) < want or len(data) > limit:
        return data
    return data + raw.read(limit + 1 - len(data))


def read_binary(path: str, limit: int, *, follow: bool = True) -> bytes:
    """At most ``limit + 1`` bytes of ``path`` (one more than ``limit`` tells a larger file), as
    :func:`open_binary` then :func:`read_at_most` read them; a local file with one ``open``, one ``fstat`` and one
    ``read`` (no buffered file object: a third of the cost of reading a small file).  ``follow=False``: a local
    path that is a symbolic link is not opened (``O_NOFOLLOW``: an ``OSError`` with ``errno.ELOOP``), so that the
    caller checks where it leads (:func:`reactions.sources.files.check_link`) only for a link, without an
    ``lstat`` of every file."""
    if "://" in path or path in _IN_MEMORY.get():  # (a URL, or bytes held in memory: else a local path as it is)
        local = local_path(path) if _IN_MEMORY.get().get(path) is None else None
        if local is None:
            with open_binary(path) as raw:
                return read_at_most(raw, limit)
        path = local
    fd, size = _regular_fd(path, follow)
    try:
        first = os.read(fd, min(size, limit) + 1)
        if len(first) <= size:  # the usual file: read whole by the one read fstat sized
            return first
        parts = [first]
        total = len(first)
        while parts[-1] and size < total <= limit:  # it grew since fstat: read on, to one past the limit
            parts.append(os.read(fd, min(limit + 1 - total, 1 << 20)))
            total += len(parts[-1])
        return b"".join(parts)
    finally:
        os.close(fd)


_NO_FOLLOW: Final = getattr(os, "O_NOFOLLOW", 0)
_OPEN_FLAGS: Final = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
NO_FOLLOW: Final = bool(_NO_FOLLOW)
"""Whether ``read_binary(..., follow=False)`` refuses a link here (a system without ``O_NOFOLLOW`` opens it)."""


def _open_regular(path: str) -> IO[bytes]:
    """A local file opened without blocking (a FIFO without a writer would block ``open`` forever), refused
    unless it is a regular file."""
    fd, _ = _regular_fd(path)
    return os.fdopen(fd, "rb")


def _regular_fd(path: str, follow: bool = True) -> tuple[int, int]:
    """A local file's descriptor, opened as :func:`_open_regular` opens it, and its size."""
    fd = os.open(path, _OPEN_FLAGS if follow else _OPEN_FLAGS | _NO_FOLLOW)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(0, "not a regular file (a folder, a FIFO, a device or a socket)")
        return fd, info.st_size
    except BaseException:
        os.close(fd)
        raise


def file_size(path: str) -> int:
    """The size of ``path`` in bytes."""
    held = _IN_MEMORY.get().get(path)
    if held is not None:
        return len(held)
    local = local_path(path)
    if local is not None:
        return os.path.getsize(local)
    fs, inner = _filesystem(path)
    return int(fs.size(inner))  # type: ignore[attr-defined]


def expand_paths(pattern: str) -> list[str]:
    """The files a glob ``pattern`` names, sorted (the pattern itself when it has no glob character)."""
    if not _GLOB_CHARS.intersection(pattern):
        return [pattern]
    if not is_remote(pattern):
        if os.path.isfile(pattern):  # a name with brackets, not a pattern
            return [pattern]
        return sorted(p for p in glob.glob(pattern, recursive=True) if os.path.isfile(p))
    fs, inner = _filesystem(pattern)
    if fs.isfile(inner):  # type: ignore[attr-defined]
        return [pattern]
    found = fs.glob(inner)  # type: ignore[attr-defined]
    return sorted(fs.unstrip_protocol(p) for p in found if fs.isfile(p))  # type: ignore[attr-defined]
